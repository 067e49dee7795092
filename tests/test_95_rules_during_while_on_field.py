"""`during your opponent's next turn while this unit is on the field` (B03-012HN "Triangle Attack":
"During your opponent's next turn, if this unit is on the Battlefield, enemies in the Back Line
cannot attack"): a change of the units a selector names at each moment of the opponent's next
turn (an enemy moved to the back line in that turn is one of them, one moved out of it is not),
which holds only while the skill's own unit stays on the field, not in the rest of the turn it
was made in, and ends with that turn.
"""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import modifiers as M
from fecipher.engine.state import BACK

from vanilla import add_unit, answer_until, begin, card, duel, pick, relocate

PACK = '''
card "Oscar, Tester"
  codes TST-961
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Triangle"
    this unit gains +40 attack until the end of the turn
    all enemies in the back line cannot attack during your opponent's next turn while this unit is on the field
'''
OSCAR = compile_text(PACK, "during_while.fe0")[0]


def _turn(game, n):
    answer_until(game, lambda g: g.turn == n and g.decision is not None and g.decision.kind == "action")


def _board():
    game, _, _ = duel()
    oscar = add_unit(game, 0, OSCAR)
    archer = add_unit(game, 1, card("Archer", ranges=(2,)), area=BACK)
    soldier = add_unit(game, 1, card("Soldier"))
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Triangle")
    return game, oscar, archer, soldier


def test_enemies_in_the_back_line_cannot_attack_in_the_opponents_next_turn_only():
    game, oscar, archer, soldier = _board()
    assert game.attack(oscar) == 70
    assert not game.flag(archer, M.CANNOT_ATTACK)            # not in the rest of this turn
    _turn(game, 4)
    assert game.flag(archer, M.CANNOT_ATTACK) and not game.flag(soldier, M.CANNOT_ATTACK)
    soldier = relocate(game, soldier, BACK)                   # in the back line now: one of them
    assert game.flag(soldier, M.CANNOT_ATTACK)
    archer = relocate(game, archer, "front")                  # out of it: no longer
    assert not game.flag(archer, M.CANNOT_ATTACK)
    _turn(game, 5)
    assert not game.flag(soldier, M.CANNOT_ATTACK)            # over with that turn


def test_it_ends_when_the_skills_unit_leaves_the_field():
    game, oscar, archer, _ = _board()
    _turn(game, 4)
    assert game.flag(archer, M.CANNOT_ATTACK)
    game.remove_unit(oscar, "retreat")
    assert not game.flag(archer, M.CANNOT_ATTACK)


@pytest.mark.parametrize("line, message", [
    ("this unit cannot attack during your opponent's next turn while this unit is on the field",
     "not on a unit named or chosen"),
    ("all enemies in the back line cannot attack during your next turn while this unit is on the field",
     "say 'during your opponent's next turn while this unit is on the field'"),
    ("your opponent cannot deploy cards into their back line during your opponent's next turn while this unit is "
     "on the field", "not on a unit named or chosen"),
])
def test_the_checker_refuses_near_misses(line, message):
    text = PACK.replace("all enemies in the back line cannot attack during your opponent's next turn while this "
                        "unit is on the field", line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)


def test_not_in_a_skill_without_a_unit_of_its_own():
    text = PACK.replace('act "Triangle"\n    this unit gains +40 attack until the end of the turn\n',
                        'support "Triangle" attack\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "needs the skill's own unit" in str(e.value)


def test_it_renders_as_the_card_text():
    from fecipher.play.cli_cards import describe
    assert ("During your opponent's next turn, if this unit is on the field, all enemies in the Back Line cannot "
            "attack." in describe(OSCAR))
