"""The readable game log: events told in the game's words.

:class:`LogRenderer` turns events into lines. It reads names from the events
themselves and, for card and unit names that an event gives only by id, from the
game's card copies (which never change), so a replayed game prints the same log
byte for byte. It keeps a little state (the phase header not yet printed, the
battle in progress, the names of the units seen so far).

Nothing here runs inside the engine: the caller feeds the events that a game has
produced since the last call (``game.events[n:]``), so a game that is not being
rendered pays nothing.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from fecipher.engine import events as ev

AREA_WORDS = {
    "front": "Front Line", "back": "Back Line", "hand": "hand", "deck": "deck",
    "retreat": "Retreat Area", "bonds": "Bond Area", "orbs": "Orb Area", "support": "Support Area",
    "boundless": "Boundless Area", "field": "field",
}
PHASE_WORDS = {
    "beginning": "Beginning Phase", "bond": "Bond Phase", "deployment": "Deployment Phase",
    "action": "Action Phase", "end": "End Phase",
}
DURATION_WORDS = {
    "end_of_turn": "until the end of the turn",
    "end_of_combat": "until the end of the combat",
    "end_of_opponents_next_turn": "until the end of the opponent's next turn",
    "end_of_your_next_turn": "until the end of its controller's next turn",
    "while_on_field": "while on the field",
}


def area_words(area: str) -> str:
    return AREA_WORDS.get(area, area)


def player_name(p: int | None) -> str:
    return "nobody" if p is None else f"Player {p + 1}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def loop_stopped_words(e: ev.LoopStopped) -> str:
    """The log line of the engine's loop guard (engine decision 17)."""
    skills = " and ".join(f'"{s}"' for s in e.skills)
    if e.limit == "trigger_depth":
        return (f"The engine stops the game: {skills or 'automatic skills'} would trigger each other without end "
                f"(a chain of {e.count} triggered skills)")
    if e.limit == "events_per_decision":
        return (f"The engine stops the game: {e.count} events happened with no decision to make"
                + (f" (last skills: {skills})" if skills else ""))
    if e.limit == "decisions_per_turn":
        return f"The engine stops the game: this turn has taken {e.count} decisions"
    if e.limit == "turn_limit":
        return f"The engine stops the game: turn {e.count} is past the turn limit"
    return f"The engine stops the game ({e.limit}, {e.count})"


class LogRenderer:
    """Events in, lines out. ``viewer`` hides what that player cannot see (the
    names of the cards the other player draws); None shows everything. Events as
    a player saw them (:func:`fecipher.engine.visibility.events_seen_by`) are told
    without the names they lack ("Player 2 draws a card")."""

    def __init__(self, game: Any, viewer: int | None = None):
        self.game = game
        self.viewer = viewer
        self.unit_names: dict[int, str] = {}
        self.mc_names: dict[int, str] = {}
        self._unit_name_of_card: dict[str, str] = {}
        self._turn: int | None = None
        self._turn_player: int | None = None
        self._phase: str | None = None
        self._phase_shown = True
        self._battle: tuple[int, str, int, str] | None = None
        self._setup_shown = False
        self.areas: dict[int, str] = {}          # unit id -> "front" / "back", from the events
        self.bonds = [0, 0]                      # bond count per player, from the events
        self._announced: set[tuple[int, str]] = set()
        from fecipher.engine.setup import ORB_COUNT
        self.orbs = [ORB_COUNT, ORB_COUNT]        # followed from OrbBroken events
        self._support_cards: set[int] = set()

    # ------------------------------------------------------------------ names
    def card_name(self, card_id: int | None) -> str:
        if card_id is None:
            return "a card"
        try:
            return self.game.copy(card_id).card.name
        except (KeyError, AttributeError):
            return f"card #{card_id}"

    def short(self, card_name: str) -> str:
        """The unit name of a card name ("Marth, Altean Prince" -> "Marth")."""
        m = self._unit_name_of_card
        if not m:
            for c in getattr(self.game, "_copies", {}).values():
                m[c.card.name] = c.card.unit_name
        return m.get(card_name) or card_name.split(", ", 1)[0]

    def unit(self, unit_id: int | None) -> str:
        if unit_id is None:
            return "a unit"
        name = self.unit_names.get(unit_id)
        if name is None:
            u = self.game.unit(unit_id) if hasattr(self.game, "unit") else None
            name = u.name if u is not None else f"unit #{unit_id}"
            self.unit_names[unit_id] = name
        return name

    def _see(self, unit_id: int | None, card_name: str) -> None:
        if unit_id is not None:
            self.unit_names[unit_id] = self.short(card_name)

    def _mc_name(self, player: int) -> str:
        name = self.mc_names.get(player)
        if name is None:
            decks = getattr(self.game, "decks", (None, None))
            d = decks[player] if decks and len(decks) > player else None
            name = d.main_character.unit_name if d is not None else f"Player {player + 1}'s Main Character"
        return name

    # ------------------------------------------------------------------ headers
    def header(self) -> list[str]:
        g = self.game
        decks = getattr(g, "decks", (None, None))
        parts = []
        for i, d in enumerate(decks):
            if d is None:
                parts.append(f"Player {i + 1}")
            elif self.viewer is not None and self.viewer != i:
                # Rule 13: the Main Characters are placed face-down and revealed together as
                # the game starts (GameStarted's line names them); until then a seat does not
                # know the other's.
                parts.append(f"Player {i + 1}: {d.name}")
            else:
                parts.append(f"Player {i + 1}: {d.name} (Main Character {d.main_character.name})")
        return [f"Fire Emblem 0 (Cipher): {parts[0]} vs {parts[1]}, seed {g.seed}"]

    def _phase_header(self, out: list[str]) -> None:
        if not self._phase_shown and self._phase is not None:
            out.append(f" {PHASE_WORDS.get(self._phase, self._phase)}")
            self._phase_shown = True

    # ------------------------------------------------------------------ events
    def feed(self, events: Iterable[ev.Event]) -> list[str]:
        out: list[str] = []
        for e in events:
            self._one(e, out)
        return out

    def _line(self, out: list[str], text: str, indent: int = 2) -> None:
        self._phase_header(out)
        out.append(" " * indent + text)

    def _track(self, e: ev.Event) -> None:
        """Lines and bond counts, followed from the events (not read from the game,
        whose state at rendering time depends on when the log is rendered)."""
        k = type(e)
        if k is ev.Deployed:
            self.areas[e.unit] = e.area
        elif k is ev.Moved:
            self.areas[e.unit] = e.dest
        elif k is ev.Marched:
            for u in e.units:
                self.areas[u] = "front"
        elif k is ev.UnitLeftField:
            self.areas.pop(e.unit, None)
            if e.dest == "bonds":
                self.bonds[e.player] += len(e.cards)
        elif k is ev.CardMoved:
            if e.source == "bonds":
                self.bonds[e.player] -= 1
            if e.source == "orbs":
                self.orbs[e.player] -= 1
            if e.dest == "orbs":
                self.orbs[e.player] += 1

    def _one(self, e: ev.Event, out: list[str]) -> None:  # noqa: C901 - one branch per event
        k = type(e)
        self._track(e)
        bi = 4 if self._battle is not None else 2          # lines inside a battle are indented
        if k is ev.TurnStarted:
            self._turn, self._turn_player = e.turn, e.player
            out.append(f"Turn {e.turn}: {player_name(e.player)}")
            return
        if k is ev.PhaseStarted:
            self._phase, self._phase_shown = e.phase, False
            return
        if k is ev.SupportPlaced:
            self._support_cards.add(e.card)
            return
        if k is ev.OrbsBreaking:
            if self.orbs[e.player] == 0:
                self._line(out, f"({self._mc_name(e.player)}'s owner has no orb left)", bi)
            return
        if k in (ev.PhaseEnded, ev.TurnEnded):
            return
        if k is ev.SkillResolved:
            # Used and triggered skills were told; a support skill is told here.
            if (e.card, e.skill) in self._announced:
                self._announced.discard((e.card, e.skill))
            elif e.card in self._support_cards:
                self._line(out, f"({self.card_name(e.card)}'s support skill \"{e.skill}\")", bi)
            else:
                self._line(out, f"({self._whose(e.unit, e.card)} skill \"{e.skill}\")", bi)
            return
        if k is ev.Drew:
            if not self._setup_shown and self._turn is None:
                out.append("Setup")
                self._setup_shown = True
            if (self.viewer is None or self.viewer == e.player) and e.name is not None:
                self._line(out, f"{player_name(e.player)} draws {e.name}", bi)
            else:
                self._line(out, f"{player_name(e.player)} draws a card", bi)
            return
        if k is ev.Mulliganed:
            self._line(out, f"{player_name(e.player)} mulligans: the 6 cards go back, the deck is shuffled")
            return
        if k is ev.GameStarted:
            for p in (0, 1):
                units = [u for u in self.game.players[p].units if u.is_main_character] \
                    if hasattr(self.game, "players") else []
                if units:
                    self.unit_names.setdefault(units[0].id, units[0].name)
                    self.areas.setdefault(units[0].id, "front")
                self.mc_names[p] = self._mc_name(p)
            self._line(out, f"{player_name(e.first_player)} goes first; each player sets "
                            f"{plural(self.orbs[0], 'orb')}; the Main Characters "
                            f"{self._mc_name(0)} and {self._mc_name(1)} are turned face-up")
            return
        if k is ev.GameOver:
            if e.winner is None:
                out.append(f"The game ends without a winner: {e.reason}.")
            else:
                out.append(f"{player_name(e.winner)} wins: {e.reason}.")
            return
        if k is ev.Conceded:
            self._line(out, f"{player_name(e.player)} concedes", 2)
            return
        if k is ev.LoopStopped:
            self._line(out, loop_stopped_words(e), 2)
            return
        # --- cards ---------------------------------------------------------------
        if k is ev.Reshuffled:
            self._line(out, f"{player_name(e.player)}'s deck is empty: the Retreat Area "
                            f"({plural(e.count, 'card')}) is shuffled into a new deck", bi)
            return
        if k is ev.CardMoved:
            # Bond placements, discards for a critical hit or an evasion and support
            # cards leaving at the end of a battle are told by their own events.
            if e.dest == "bonds" or (not e.by_skill and (
                    (e.source == "support" and e.dest == "retreat") or
                    (e.source == "hand" and e.dest == "retreat" and self._battle is not None))):
                return
            how = " (by a skill)" if e.by_skill else ""
            self._line(out, f"{player_name(e.player)}: {e.name or 'a card'} goes from the {area_words(e.source)} "
                            f"to the {area_words(e.dest)}{how}", bi)
            return
        if k is ev.LookedAt:
            whose = "their" if e.owner == e.player else f"{player_name(e.owner)}'s"
            what = ", ".join(e.names) if e.names else plural(e.count, "card")
            self._line(out, f"{player_name(e.player)} looks at {what} (from {whose} {area_words(e.source)})", bi)
            return
        if k is ev.BondPlaced:
            self.bonds[e.player] += 1
            bonds = self.bonds[e.player]
            face = "face-up" if e.face_up else "face-down"
            syms = self._symbols(e.card)
            how = " (by a skill)" if e.by_skill else ""
            self._line(out, f"{player_name(e.player)} places {e.name} as a {face} bond{syms}{how}"
                            + (f" ({plural(bonds, 'bond')})" if bonds is not None else ""), bi)
            return
        if k is ev.BondFlipped:
            self._line(out, f"{player_name(e.player)} flips the bond {e.name} "
                            f"{'face-up' if e.face_up else 'face-down'}", bi)
            return
        if k is ev.OrbFlipped:
            self._line(out, f"{player_name(e.player)} turns an orb {'face-up' if e.face_up else 'face-down'}", bi)
            return
        if k is ev.Revealed:
            names = ", ".join(e.names) if e.names else "no card"
            self._line(out, f"{player_name(e.player)} reveals {names} (from the {area_words(e.source)})", bi)
            return
        if k is ev.Shuffled:
            self._line(out, f"{player_name(e.player)} shuffles the {area_words(e.area)}", bi)
            return
        # --- units ---------------------------------------------------------------
        if k is ev.Deployed:
            self._see(e.unit, e.name)
            how = " by a skill" if e.by_skill else f" (cost {e.cost})"
            self._line(out, f"{player_name(e.player)} deploys {e.name} to the {area_words(e.area)}{how}", bi)
            return
        if k is ev.LeveledUp:
            before = self.unit(e.unit)
            self._see(e.unit, e.name)
            if e.growth:
                self._line(out, f"{before} grows: {e.name} is put under it", bi)
            else:
                how = " by a skill" if e.by_skill else f" (cost {e.cost})"
                self._line(out, f"{player_name(e.player)} levels up {before} with {e.name}{how}", bi)
            return
        if k is ev.ClassChanged:
            before = self.unit(e.unit)
            self._see(e.unit, e.name)
            how = " by a skill" if e.by_skill else f" (cost {e.cost})"
            self._line(out, f"{player_name(e.player)} class changes {before} into {e.name}{how} "
                            f"and draws a card (class-change bonus)", bi)
            return
        if k is ev.Moved:
            self._see(e.unit, e.name)
            how = " (by a skill)" if e.by_skill else ""
            self._line(out, f"{self.unit(e.unit)} moves to the {area_words(e.dest)}{how}", bi)
            return
        if k is ev.Marched:
            names = ", ".join(self.unit(u) for u in e.units)
            self._line(out, f"{player_name(e.player)}'s Front Line is empty: {names} march to the Front Line", bi)
            return
        if k in (ev.Tapped, ev.Untapped):
            self.unit_names.setdefault(e.unit, e.name)
            if e.by_skill:
                self._line(out, f"{e.name} is {'tapped' if k is ev.Tapped else 'untapped'} (by a skill)", bi)
            return
        if k is ev.UnitDestroyed:
            self._see(e.unit, e.name)
            if e.in_battle:
                return                                  # told by the judgement line
            mc = " (Main Character)" if e.is_main_character else ""
            self._line(out, f"{self.short(e.name)}{mc} is destroyed by a skill", bi)
            return
        if k is ev.UnitLeftField:
            if e.dest == "retreat":
                return                                  # the destruction was told
            self._line(out, f"{self.short(e.name)} leaves the field for the {area_words(e.dest)}", bi)
            return
        if k is ev.OrbBroken:
            self.orbs[e.player] = e.orbs_left
            self._line(out, f"({self._mc_name(e.player)}'s owner takes an orb: {e.orbs_left} left)", bi)
            return
        if k is ev.MainCharacterChanged:
            self._see(e.unit, e.name)
            self.mc_names[e.player] = self.short(e.name)
            self._line(out, f"{self.short(e.name)} becomes {player_name(e.player)}'s Main Character", bi)
            return
        if k is ev.Metamorphosed:
            self._see(e.unit, e.name)
            self._line(out, f"{self.short(e.name)} is stacked on top of its unit as a metamorphosis", bi)
            return
        if k is ev.TopCardChanged:
            self._see(e.unit, e.name)
            cc = ", class changed" if e.class_changed else ""
            self._line(out, f"{self.short(e.name)} is now the top card of its stack{cc}", bi)
            return
        # --- battle --------------------------------------------------------------
        if k is ev.AttackDeclared:
            self._see(e.attacker, e.attacker_name)
            self._see(e.defender, e.defender_name)
            self._battle = (e.attacker, self.short(e.attacker_name), e.defender, self.short(e.defender_name))
            area = self.areas.get(e.defender)
            where = f" ({area_words(area)})" if area else ""
            self._line(out, f"{self.short(e.attacker_name)} attacks {self.short(e.defender_name)}{where}", 2)
            return
        if k is ev.SupportJudgedSuccessful:
            return      # (the line is written when its support counts: SupportSucceeded)
        if k is ev.SupportSucceeded:
            self._line(out, f"{player_name(e.player)}'s support: {e.name} (+{e.support})", 4)
            return
        if k is ev.SupportFailed:
            self._line(out, f"{player_name(e.player)}'s support: {e.name} fails ({e.reason})", 4)
            return
        if k is ev.CriticalHit:
            self._line(out, f"{self.short(e.name)}: critical hit (discards {self.card_name(e.discarded)})", 4)
            return
        if k is ev.Evaded:
            self._line(out, f"{self.short(e.name)}: god-speed evasion (discards {self.card_name(e.discarded)})", 4)
            return
        if k is ev.BattleJudged:
            self._line(out, self.battle_line(e), 4)
            return
        if k is ev.BattleEnded:
            self._battle = None
            self._support_cards.clear()
            return
        # --- skills --------------------------------------------------------------
        if k is ev.SkillUsed or k is ev.SkillTriggered:
            self._announced.add((e.card, e.skill))
        if k is ev.SkillUsed:
            self._line(out, f"{player_name(e.player)} uses {self._whose(e.unit, e.card)} skill \"{e.skill}\"", bi)
            return
        if k is ev.SkillTriggered:
            self._line(out, f"{self._whose(e.unit, e.card)} skill \"{e.skill}\" triggers", bi)
            return
        if k is ev.ModifierAdded:
            who = self.unit(e.unit) if e.unit is not None else player_name(e.player)
            text = e.text
            head, sep, rest = text.partition(": ")
            if sep and self.short(head) != head:          # "Card Name: sentence" -> "sentence"
                text = rest
            low = text.lower()
            if not any(w in low for w in ("until", "while", "this turn", "this combat")):
                text = f"{text.rstrip('.')} ({DURATION_WORDS.get(e.duration, e.duration)})"
            self._line(out, f"{who}: {text}", bi)
            return
        # Any event type added later: its fields, so nothing happens unseen.
        fields = ", ".join(f"{k2}={v!r}" for k2, v in e.to_json().items() if k2 != "event")
        self._line(out, f"[{e.kind}] {fields}", bi)

    # ------------------------------------------------------------------ helpers
    def battle_line(self, e: ev.BattleJudged) -> str:
        names = self._battle or (e.attacker, self.unit(e.attacker), e.defender, self.unit(e.defender))
        a_name, d_name = names[1], names[3]
        a_pre = e.attacker_power // 2 if e.critical else e.attacker_power
        a_base = a_pre - e.attacker_support
        d_base = e.defender_power - e.defender_support
        a_skills = getattr(e, "attacker_skills", ())
        d_skills = getattr(e, "defender_skills", ())
        left = f"{a_name} {a_base}" + (f" ({', '.join(a_skills)})" if a_skills else "")
        if e.attacker_support:
            left += f" + {e.attacker_support} support"
        if e.attacker_support or e.critical:
            left += f" = {a_pre}"
        if e.critical:
            left += f", critical hit x2 = {e.attacker_power}"
        right = f"{d_name} {d_base}" + (f" ({', '.join(d_skills)})" if d_skills else "")
        if e.defender_support:
            right += f" + {e.defender_support} = {e.defender_power}"
        if e.evaded:
            result = f"{d_name} evades"
        elif e.attacker_wins:
            result = f"{d_name} destroyed"
        else:
            result = "the attack fails"
        return f"{left} vs {right} \u2192 {result}"

    def _whose(self, unit_id: int | None, card_id: int) -> str:
        if unit_id is not None:
            return f"{self.unit(unit_id)}'s"
        return f"{self.card_name(card_id)}'s"

    def _symbols(self, card_id: int) -> str:
        try:
            syms = self.game.copy(card_id).card.symbols
        except (KeyError, AttributeError):
            return ""
        return f" ({', '.join(s.label for s in syms)})" if syms else ""

def json_lines(events: Iterable[ev.Event]) -> list[str]:
    """Events as JSON lines (``--json``)."""
    return [json.dumps(e.to_json(), ensure_ascii=False, sort_keys=False) for e in events]


def render_game(game: Any, viewer: int | None = None) -> list[str]:
    """The whole log of a game, header included."""
    r = LogRenderer(game, viewer)
    return r.header() + r.feed(game.events)
