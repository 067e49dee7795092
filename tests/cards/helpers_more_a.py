"""More helpers for the Series 1 card tests (test_53_*, first half of the booster)."""
from __future__ import annotations

from fecipher.engine import events as ev
from fecipher.engine.game import Game
from fecipher.engine.state import Unit
from helpers import card, pick

#: Bond cards of each colour (bonds of the colour a deployment needs).
RED = card("Red Bond", "bond", symbols="red")
BLUE = card("Blue Bond", "bond", symbols="blue")


def pick_bonds(game: Game, n: int) -> None:
    """Answer a "flip n bonds" choice with the first n face-up bonds (when one is asked)."""
    for _ in range(n):
        d = game.decision
        if d is None or d.kind != "choose" or "Flip" not in d.prompt and "flip" not in d.prompt:
            return
        up = [b.copy.id for b in game.players[d.player].bonds if b.face_up]
        offered = [o.card for o in game.legal_options() if o.kind == "card"]
        pick(game, "card", card=next(c for c in up if c in offered))


def triggered(game: Game, since: int = 0) -> list[str]:
    """The names of the skills triggered since event index ``since``."""
    return [e.skill for e in game.events[since:] if isinstance(e, ev.SkillTriggered)]


def resolved(game: Game, since: int = 0) -> list[str]:
    return [e.skill for e in game.events[since:] if isinstance(e, ev.SkillResolved)]


def unit_of(game: Game, player: int, copy) -> Unit:
    """The unit of ``player`` whose top card is ``copy``."""
    return next(u for u in game.players[player].units if u.top is copy)


def face_down_bonds(game: Game, player: int) -> int:
    return sum(not b.face_up for b in game.players[player].bonds)


# --------------------------------------------------------------------------- shared support checks
def check_flying_emblem(code: str) -> None:
    """Flying Emblem (attack support): choose an ally other than the attacking unit,
    tapped or not, and move it if you wish; nothing on the defending side."""
    from helpers import C, add_unit, begin, board, choose_units, declare, deck_top, finish, foe, no, unit_choices, yes
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    b = add_unit(g, 0, foe("Back Ally"), area="back", tapped=True)
    add_unit(g, 1, foe("Enemy"))
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "choose" and g.decision.player == 0
    assert unit_choices(g) == {a.id, b.id}             # not the attacking unit, no enemy
    choose_units(g, b)
    yes(g)
    finish(g)
    assert b.area == "front" and b.tapped and a.area == "front" and m0.area == "front"
    assert g.battle is None
    # The move is optional.
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    choose_units(g, a)
    no(g)
    finish(g)
    assert a.area == "front" and g.battle is None
    # Supporting the defender: nothing is asked.
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(code))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and a.area == "front"


def check_miracle_emblem(code: str) -> None:
    """Miracle Emblem (defence support): the attacking unit cannot critical hit until the
    end of the combat; nothing on the attacking side."""
    from fecipher.engine import modifiers as M
    from helpers import C, add_cards, begin, board, declare, deck_top, events, finish
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    add_cards(g, 1, "hand", m1.card)        # the attacker could critical hit
    add_cards(g, 0, "hand", m0.card)        # the battle stops at the evasion
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    assert g.decision.kind == "evasion"
    assert g.flag(m1, M.CANNOT_CRITICAL)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert not j.critical and j.defender_power == 50 + C(code).support
    assert not g.flag(m1, M.CANNOT_CRITICAL)
    # As an attack support it does nothing: the attacker may critical hit.
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    add_cards(g, 0, "hand", m0.card)
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "critical_hit"
