"""Writing a running game's state out as a scenario setup.

:func:`scenario_from_game` gives the text of a scenario whose setup is the board
of ``game`` now: every area of both players (decks top first), tapped units, the
MC, class changes, bonds and orbs face-up or face-down, the cost paid and the
bond placed this turn, whose turn and which phase, who went first and the seed.
The scenario starts at the beginning of the current phase. What a setup cannot
hold (modifiers with a duration, skills used this turn, a battle in progress,
the random generator's state) is listed in comments.
"""
from __future__ import annotations

from fecipher.dsl.packs import CardPool, embedded_pool
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.game import PHASES, Game


def _ref(card: Card, pool: CardPool) -> str:
    if pool.find(card.code) is card:
        return card.code
    return '"' + card.name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _counted(refs: list[str]) -> str:
    """Runs of the same card as ``3 x CODE``; order kept."""
    out: list[str] = []
    i = 0
    while i < len(refs):
        j = i
        while j < len(refs) and refs[j] == refs[i]:
            j += 1
        n = j - i
        out.append(f"{n} x {refs[i]}" if n > 1 else refs[i])
        i = j
    return ", ".join(out)


def scenario_from_game(game: Game, name: str = "snapshot", pool: CardPool | None = None) -> str:
    """The scenario text whose setup reproduces ``game``'s board now."""
    pool = pool or embedded_pool()
    unknown: set[str] = set()

    def ref(c: CardCopy | Card) -> str:
        card = c.card if isinstance(c, CardCopy) else c
        if pool.find(card.code) is not card and pool.find(card.name) is not card:
            unknown.add(card.name)
        return _ref(card, pool)

    phase = game.phase if game.phase in PHASES else "beginning"
    lines = [f'scenario "{name}"']
    lines.append(f"  # snapshot of turn {game.turn}, player {game.turn_player + 1}'s {game.phase} phase, "
                 f"after {len(game.answers)} answers and {len(game.events)} events")
    if game.battle is not None:
        lines.append("  # a battle was in progress: the scenario starts at the beginning of the Action Phase")
    if game.modifiers:
        lines.append(f"  # {len(game.modifiers)} modifier(s) with a duration are not part of the setup:")
        for m in game.modifiers:
            lines.append(f"  #   {m.text or m.stat} ({m.duration})")
    if game.skill_uses:
        lines.append("  # skills used this turn or game are not part of the setup")
    lines.append("  # shuffles after this point differ from the recorded game (the seed restarts)")
    lines.append(f"  seed {game.seed}")
    first = game.first_player if game.first_player is not None else game.turn_player
    lines.append(f"  first player {first + 1}")
    lines.append(f"  start turn {max(game.turn, 1)}, player {game.turn_player + 1}, {phase} phase")
    for i, p in enumerate(game.players):
        lines.append(f"  player {i + 1}")
        cards = {
            "deck": [ref(c) for c in p.deck],
            "hand": [ref(c) for c in p.hand],
        }
        for area in ("deck", "hand"):
            if cards[area]:
                lines.append(f"    {area}: {_counted(cards[area])}")
        if p.orbs:
            lines.append("    orbs: " + ", ".join(ref(o.copy) + (" face-up" if o.face_up else "") for o in p.orbs))
        if p.bonds:
            lines.append("    bonds: " + ", ".join(ref(b.copy) + ("" if b.face_up else " face-down")
                                                   for b in p.bonds))
        for area in ("front", "back"):
            units = p.line(area)
            if not units:
                continue
            parts = []
            for u in units:
                body = ref(u.top) if len(u.cards) == 1 else "[" + ", ".join(ref(c) for c in u.cards) + "]"
                if u.is_main_character:
                    body += " MC"
                if u.tapped:
                    body += " tapped"
                inferred = len(u.cards) > 1 and u.card.is_promoted
                if u.class_changed and not inferred:
                    body += " class-changed"
                elif inferred and not u.class_changed:
                    body += " not-class-changed"
                parts.append(body)
            lines.append(f"    {area}: " + ", ".join(parts))
        in_battle = game.battle is not None
        if p.support and in_battle:
            lines.append("    # the support cards of the battle are put in the Retreat Area")
        elif p.support:
            lines.append(f"    support: {_counted([ref(c) for c in p.support])}")
        retreat = list(p.retreat) + (list(p.support) if in_battle else [])
        if retreat:
            lines.append(f"    retreat: {_counted([ref(c) for c in retreat])}")
        if p.boundless:
            lines.append(f"    boundless: {_counted([ref(c) for c in p.boundless])}")
        if p.cost_paid_this_turn:
            lines.append(f"    paid {p.cost_paid_this_turn}")
        if p.bonded_this_turn:
            lines.append("    bonded this turn")
    if unknown:
        lines.insert(1, "  # cards not in the embedded packs (add their pack with 'packs:' or 'cards:'): "
                     + "; ".join(sorted(unknown)))
    if game.over:
        lines.append(f"  # the game was over: {game.reason}")
    return "\n".join(lines) + "\n"
