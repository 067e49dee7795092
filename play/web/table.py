"""A game at the table, as the player in one seat sees it: what the browser board shows.

A :class:`Table` holds one game and who plays each side (the person at the page, or a
built-in agent), or a record being replayed. :meth:`Table.state` is everything the page
gets, and it is built from ``game.view(seat)`` only (plus the log rendered from the
events as that seat saw them, and the printed text of the cards the seat can see): the
engine's state never reaches the page, so the opponent's hand and face-down cards
cannot leak into it (docs/view.md).

Every change goes through the engine: an answer is refused with the engine's reason
(``game.why_illegal``) and changes nothing; a replay is rebuilt to decision ``k`` by
replaying the record's first ``k`` answers (records replay exactly: docs/records.md).
"""
from __future__ import annotations

from typing import Any, Callable

from fecipher.engine import events as ev
from fecipher.engine.records import (
    RecordError, RecordFeed, answer_entry, apply_concession, make_record, start_game, verify_result,
)

AGENT_KINDS = ("random", "ai")
LOG_LINES = 600            # the page gets the log's last lines (the record has all of it)


class Refused(Exception):
    """A request the table refuses, with the reason (nothing changed)."""


def make_agent(kind: str, seed: int) -> Callable:
    """A built-in agent by name: ``random`` or ``ai`` (the heuristic player)."""
    from fecipher.play.agents import RandomAgent
    from fecipher.play.ai import HeuristicAgent
    if kind == "random":
        return RandomAgent(seed)
    if kind == "ai":
        return HeuristicAgent(seed)
    raise Refused(f"no agent {kind!r} (agents: {', '.join(AGENT_KINDS)})")


def card_text(card: Any) -> dict[str, Any]:
    """A card's facts and the English of its skills (public: what the card says)."""
    # (Skill.text is the compiled skill rendered in English, as `fecipher describe` prints it.)
    skills = [{"name": s.name, "text": s.text, "support": s in card.support_skills}
              for s in list(card.skills) + list(card.support_skills)]
    return {
        "code": card.code, "name": card.name, "unit_name": card.unit_name, "title": card.title,
        "cost": card.cost, "class_change_cost": card.class_change_cost,
        "symbols": [s.value for s in card.symbols], "gender": card.gender, "weapon": card.weapon,
        "types": list(card.types), "ranges": sorted(card.ranges), "attack": card.attack,
        "support": None if card.support_x else card.support, "class": card.class_name,
        "skills": skills,
    }


class Table:
    """One game on the board.

    ``agents[p]`` is the agent playing player ``p``, None for the person at the page
    (``seat``). ``record`` is set while a record is replayed: ``position`` is the
    decision shown (the record's first ``position`` answers are given); ``continue_from``
    turns the replay into a game played on from there.
    """

    def __init__(self, game: Any, pool: Any, seat: int = 0, agents: tuple | list = (None, None),
                 entries: list | None = None, record: dict | None = None, title: str = ""):
        self.game = game
        self.pool = pool
        self.seat = seat
        self.agents = list(agents)
        self.kinds = [getattr(a, "kind", None) for a in self.agents]
        self.entries: list[dict[str, Any]] = list(entries or [])
        self.conceded: dict[str, int] | None = None
        self.record = record
        self.title = title
        self.message = ""
        self._turns: list[dict[str, int]] = []
        self._new_log()

    # ------------------------------------------------------------------ building
    @classmethod
    def new_game(cls, deck1: Any, deck2: Any, pool: Any, *, seat: int = 0, opponent: str = "ai",
                 seed: int = 0, first: int | None = None, max_turns: int = 300, title: str = "",
                 me: str = "human") -> "Table":
        """A new game between two decks: ``seat`` is the side the page shows, played by the
        person at the page (``me="human"``) or by an agent (a game to watch); ``opponent``
        plays the other side."""
        from fecipher.engine.game import Game
        game = Game(deck1, deck2, seed=seed, first_player=first, max_turns=max_turns)
        game._record_first_player = first  # type: ignore[attr-defined]  (as `fecipher play`: make_record)
        return cls(game, pool, seat, cls._agents(seat, opponent, seed, me), title=title)

    @staticmethod
    def _agents(seat: int, opponent: str, seed: int, me: str = "human") -> list:
        """Who plays each side: ``opponent`` (an agent) the other side, ``me`` the seat's
        ("human": the person at the page). Seeded as `fecipher play` seeds its agents."""
        if opponent not in AGENT_KINDS:
            raise Refused(f"no agent {opponent!r} (agents: {', '.join(AGENT_KINDS)})")
        if me != "human" and me not in AGENT_KINDS:
            raise Refused(f"no player {me!r} (human, {', '.join(AGENT_KINDS)})")
        agents: list = [None, None]
        for side, kind in ((1 - seat, opponent), (seat, me)):
            if kind != "human":
                agent = make_agent(kind, seed * 2 + side + 1)
                agent.kind = kind
                agents[side] = agent
        return agents

    @classmethod
    def replaying(cls, record: dict, pool: Any, *, viewer: int = 0, position: int = 0,
                  title: str = "") -> "Table":
        """A record to step through, shown from ``viewer``'s side at decision ``position``."""
        t = cls(start_game(record, pool), pool, viewer, [None, None], record=record, title=title)
        t._turns = index_turns(record, pool)
        t.goto(position)
        return t

    # ------------------------------------------------------------------ log
    def _new_log(self) -> None:
        from fecipher.play.render import LogRenderer
        self.renderer = LogRenderer(self.game, self.seat)
        self.log: list[str] = self.renderer.header() if self.game.decks[0] is not None else []
        self.rendered = 0
        self.battle_lines: list[str] = []
        self._in_battle = False
        self._feed()

    def _feed(self) -> None:
        """Render the events since the last call as the seat saw them."""
        from fecipher.engine.visibility import events_seen_by
        if self.rendered >= len(self.game.events):
            return
        for e in events_seen_by(self.game, self.seat, self.rendered):
            lines = self.renderer.feed([e])
            self.log.extend(lines)
            # (the battle's own lines: turn and phase headers are indented less)
            told = [line.strip() for line in lines if line.startswith("  ")]
            if isinstance(e, ev.AttackDeclared):
                self.battle_lines = told
                self._in_battle = True
            elif self._in_battle:
                self.battle_lines.extend(told)
                if isinstance(e, ev.BattleEnded):
                    self._in_battle = False
        self.rendered = len(self.game.events)

    # ------------------------------------------------------------------ play
    @property
    def replaying_now(self) -> bool:
        return self.record is not None

    def _waiting(self) -> int | None:
        g = self.game
        return None if g.over or g.decision is None else g.decision.player

    def _apply(self, index: int) -> None:
        d = self.game.decision
        self.game.answer(index)
        self.entries.append(answer_entry(d, index))
        self.message = ""
        self._feed()

    def answer(self, index: Any) -> None:
        """The person at the page answers the pending decision with option ``index``;
        refused (nothing changes) when it is not theirs or the engine refuses it."""
        if self.replaying_now:
            raise Refused("this is a replay: continue from this decision to play on")
        g = self.game
        if g.over:
            raise Refused(f"the game is over ({g.reason})")
        if not isinstance(index, int) or isinstance(index, bool):
            raise Refused(f"an answer is an option number, not {index!r}")
        self._check_turn()
        why = g.why_illegal(index, self.seat)
        if why:
            raise Refused(why)
        self.message = ""
        self._apply(index)

    def intent(self, fields: Any) -> None:
        """A click on the board that names what it means (attack this unit with that
        one, deploy this card to the front line ...) rather than an offered option: it
        is answered when the engine takes it, else refused with the engine's reason
        (``game.why_illegal``), and nothing changes."""
        from fecipher.engine.decisions import Option
        if self.replaying_now:
            raise Refused("this is a replay: continue from this decision to play on")
        g = self.game
        if g.over:
            raise Refused(f"the game is over ({g.reason})")
        if not isinstance(fields, dict) or not isinstance(fields.get("kind"), str):
            raise Refused("a click names a kind of action")
        args: dict[str, Any] = {"kind": fields["kind"]}
        for k in ("card", "unit", "target"):
            v = fields.get(k)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise Refused(f"{k} is a number, not {v!r}")
            args[k] = v
        for k in ("area", "skill"):
            v = fields.get(k)
            if v is not None and not isinstance(v, str):
                raise Refused(f"{k} is a word, not {v!r}")
            args[k] = v
        self._check_turn()
        if args["card"] is not None:
            # A click names only cards the seat sees: the engine's reason about another
            # card could say what it is.
            try:
                seen = g.can_see(self.seat, g.copy(args["card"]))
            except KeyError:
                seen = False
            if not seen:
                raise Refused(f"you see no card {args['card']}")
        option = Option(**args)
        why = g.why_illegal(option, self.seat)
        if why:
            self.message = f"refused: {why}"
            raise Refused(why)
        d = g.decision
        g.answer(option, self.seat)
        self.entries.append(answer_entry(d, g.answers[-1]))
        self.message = ""
        self._feed()

    def _check_turn(self) -> None:
        """The person at the page may answer only their own seat's decisions."""
        g = self.game
        if self.agents[self.seat] is not None:
            raise Refused("an agent plays this side: you are watching")
        if g.decision.player != self.seat:
            raise Refused(f"it is Player {g.decision.player + 1}'s decision, not yours")

    def step(self) -> bool:
        """One decision of an agent (the opponent's turn followed step by step);
        False when no agent is to decide now."""
        p = self._waiting()
        if p is None or self.replaying_now or self.agents[p] is None:
            return False
        from fecipher.play.agents import Concession
        choice = self.agents[p](self.game)
        if isinstance(choice, Concession):
            self.concede(p)
            return True
        index = choice if isinstance(choice, int) else self.game.decision.options.index(choice)
        self._apply(index)
        return True

    def run(self, limit: int = 100_000) -> int:
        """Agents decide until the person at the page must (or the game ends): how many."""
        n = 0
        while n < limit and self.step():
            n += 1
        return n

    def concede(self, player: int | None = None) -> None:
        if self.replaying_now:
            raise Refused("this is a replay: continue from this decision to play on")
        if self.game.over:
            raise Refused(f"the game is over ({self.game.reason})")
        player = self.seat if player is None else player
        self.game.concede(player)
        self.conceded = {"player": player, "after": len(self.game.answers)}
        self._feed()

    def to_record(self) -> dict:
        """The record of the game so far (a replay: the whole record it shows)."""
        if self.record is not None:
            return self.record
        if self.game.decks[0] is None:
            raise Refused("a game started from a scenario has no decks and cannot be recorded")
        return make_record(self.game, self.entries, conceded=self.conceded)

    # ------------------------------------------------------------------ replay
    @property
    def total(self) -> int:
        return len(self.record["answers"]) if self.record is not None else len(self.game.answers)

    def goto(self, position: int) -> None:
        """Show the record at decision ``position`` (0 to the number of answers): the
        game is rebuilt by replaying the first ``position`` answers (each checked)."""
        if self.record is None:
            raise Refused("no record is being replayed")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= self.total:
            raise Refused(f"a replay goes from decision 0 to {self.total}, not {position!r}")
        now = len(self.game.answers)
        rebuilt = position < now or self.game.over
        if rebuilt:
            self.game = start_game(self.record, self.pool)
            self.entries = []
        feed = RecordFeed(self.record, position)
        feed.n = len(self.game.answers)
        while not feed.done:
            d = self.game.decision
            idx = feed.next_index(self.game)
            self.game.answer(idx)
            self.entries.append(answer_entry(d, idx))
        if position == self.total:
            apply_concession(self.record, self.game)
        if rebuilt:
            self._new_log()   # (the log is the new game's)
        else:
            self._feed()

    def goto_turn(self, turn: int) -> None:
        """Show the first decision of turn ``turn`` (or the last one before it, if the
        turn asks nothing)."""
        if self.record is None:
            raise Refused("no record is being replayed")
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
            raise Refused(f"no turn {turn!r}")
        if self.game.turn >= turn:
            self.goto(0)
        while len(self.game.answers) < self.total and self.game.turn < turn:
            self.goto(len(self.game.answers) + 1)

    def set_viewer(self, viewer: int) -> None:
        """Look at the replay from the other side (the log is rendered again for it)."""
        if self.record is None:
            raise Refused("only a replay can be looked at from either side")
        if viewer not in (0, 1):
            raise Refused(f"a player is 1 or 2, not {viewer!r}")
        self.seat = viewer
        self._new_log()

    def continue_from(self, seat: int, opponent: str, me: str = "human") -> None:
        """Play on from the decision shown: ``seat`` is played by the person at the page
        (``me="human"``) or by an agent, ``opponent`` (an agent) plays the other side. The
        record so far becomes the new game's first answers."""
        if self.record is None:
            raise Refused("no record is being replayed")
        if self.game.over:
            raise Refused(f"the game is over at this decision ({self.game.reason})")
        if seat not in (0, 1):
            raise Refused(f"a player is 1 or 2, not {seat!r}")
        self.agents = self._agents(seat, opponent, int(self.record["seed"]), me)
        self.kinds = [getattr(a, "kind", None) for a in self.agents]
        self.record = None
        self.seat = seat
        self._new_log()

    def turn_starts(self) -> list[dict[str, int]]:
        """For a replay: the turns of the record and the first decision of each."""
        return list(self._turns) if self.record is not None else []

    # ------------------------------------------------------------------ the page
    def state(self) -> dict[str, Any]:
        """Everything the page shows, from the seat's player view only."""
        g = self.game
        view = g.view(self.seat, since=len(g.events))   # (no events: the log is rendered below)
        data = view.to_json()
        data.pop("events", None)
        data.pop("events_since", None)
        codes = set()
        for side in (data["me"], data["opponent"]):
            for area in ("hand", "deck_known", "orbs", "bonds", "support", "retreat", "boundless"):
                codes.update(c["code"] for c in side[area] if c.get("code"))
            for line in ("front", "back"):
                for u in side[line]:
                    codes.update(c["code"] for c in u["cards"] if c.get("code"))
        decision = data.get("decision") or {}
        for o in decision.get("options", ()):
            if o.get("card") is not None and not o.get("unknown"):
                codes.add(g.copy(o["card"]).card.code)
        cards = {}
        for code in sorted(codes):
            card = self.pool.by_code.get(code.upper()) if hasattr(self.pool, "by_code") else None
            if card is not None:
                cards[code] = card_text(card)
        waiting = self._waiting()
        data.update({
            "mode": "replay" if self.replaying_now else "play",
            "title": self.title,
            "seat": self.seat,
            "players": [self._who(p) for p in (0, 1)],
            "decks": [d.name if d is not None else "" for d in g.decks],
            "agent_to_move": waiting is not None and not self.replaying_now and self.agents[waiting] is not None,
            "watching": not self.replaying_now and self.agents[self.seat] is not None,
            "decisions": len(g.answers),
            "log": self.log[-LOG_LINES:],
            "log_total": len(self.log),
            "battle_lines": self.battle_lines,
            "cards": cards,
            "message": self.message,
            "recordable": g.decks[0] is not None,
        })
        if self.record is not None:
            pos = len(g.answers)
            answers = self.record["answers"]
            nxt = None
            if pos < len(answers):
                a = answers[pos]
                # What was answered here, when it is the shown player's own decision: the
                # other player's label may name a card of their hand ("deploy X").
                nxt = ({"player": a["player"], "label": a["label"], "option": a["option"]}
                       if a["player"] == self.seat else {"player": a["player"], "label": None, "option": None})
            data["replay"] = {"position": pos, "total": self.total, "turns": self.turn_starts(), "next": nxt}
        return data

    def _who(self, p: int) -> str:
        if self.record is not None:
            return f"Player {p + 1}" + (" (shown)" if p == self.seat else "")
        kind = self.kinds[p]
        return f"Player {p + 1}: " + ("you" if self.agents[p] is None else {"ai": "AI", "random": "random"}[kind])


def index_turns(record: dict, pool: Any) -> list[dict[str, int]]:
    """The turns of a record and the decision each begins with, by one whole replay of
    it, checked as `fecipher replay` checks it (every answer's label and player, the
    concession, the result): ReplayMismatch, at its field, for a record that does not
    replay."""
    g = start_game(record, pool)
    feed = RecordFeed(record)
    turns: list[dict[str, int]] = []
    while True:
        if not turns or turns[-1]["turn"] != g.turn:
            turns.append({"turn": g.turn, "decision": len(g.answers)})
        if feed.done:
            break
        g.answer(feed.next_index(g))
    apply_concession(record, g)
    verify_result(record, g)
    return turns


def open_record(record: dict, pool: Any, *, viewer: int = 0, title: str = "") -> Table:
    """A replay table for ``record`` at decision 0, its turns indexed; RecordError
    (with file:line:column) when the record does not load or does not replay."""
    return Table.replaying(record, pool, viewer=viewer, position=0, title=title)


__all__ = ["AGENT_KINDS", "Refused", "RecordError", "Table", "card_text", "make_agent", "open_record"]
