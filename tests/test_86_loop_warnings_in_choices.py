"""dsl/loopcheck.py looks inside "either: ... / or: ..." (and delayed lines): a skill
that may trigger itself through one option is warned about, and in a game the loop is
the controller's to keep going (picking that option) or to stop (picking the other)."""
from __future__ import annotations

import warnings

from fecipher.dsl.loopcheck import PackWarning
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, begin, duel, pick


def card(name: str, code: str, *skill_lines: str) -> str:
    body = "\n".join("  " + line for line in skill_lines)
    return f'card "{name}"\n  codes {code}\n  cost 1\n  symbol red\n  range 1\n  attack 30\n  support 10\n{body}\n'


EITHER = card("Looper, Fork", "LWC-001", 'auto "Fork"', "  when this unit is moved",
              "  either: move this unit", "  or: draw 1")
GUARDED = card("Looper, Gate", "LWC-002", 'auto "Gate"', "  when this unit is moved",
               "  either: draw 1", "  or: if you have 2 or more allies: move this unit")
DELAYED = card("Looper, Later", "LWC-003", 'auto "Later"', "  when this unit is moved",
               "  at the end of the turn:", "  move this unit")
SAFE = card("Looper, Safe", "LWC-004", 'auto "Safe"', "  when this unit is moved",
            "  either: draw 1", "  or: this unit gains +10 attack until the end of the turn")


def warned(text: str) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compile_text(text, "loops.fe0")
    return [w.message.diagnostic.message for w in caught if issubclass(w.category, PackWarning)]


def test_a_move_in_an_option_of_either_is_warned():
    assert [m.split(":")[0] for m in warned(EITHER)] == [
        'skill "Fork" of "Looper, Fork" may trigger itself without end']


def test_a_move_under_a_condition_inside_an_option_and_in_a_delayed_line_are_warned():
    assert len(warned(GUARDED)) == 1
    assert len(warned(DELAYED)) == 1


def test_options_that_do_not_move_are_not_warned():
    assert warned(SAFE) == []


def test_in_a_game_the_option_that_moves_repeats_and_the_other_stops_it():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fork = compile_text(EITHER, "loops.fe0")[0]
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, fork)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "move", unit=unit)
    for line in ("back", "front", "back"):       # each "move this unit" triggers Fork again
        assert unit.area == line
        pick(game, "effect", target=0)
    assert unit.area == "front"
    pick(game, "effect", target=1)               # "draw 1": the chain ends
    assert game.decision.kind == "action" and len(game.players[0].hand) == hand + 1
    assert sum(isinstance(e, ev.SkillResolved) and e.skill == "Fork" for e in game.events) == 4
