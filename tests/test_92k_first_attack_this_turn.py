"""'if the attack is the first this turn' (B11-093SR Tiki "When this unit attacks and if it is the
first attack this turn"; B12-059SR Nowi "When this unit's attack ends, if it is the first attack
to occur in this turn"; docs/skill-language.md, "What happened this turn"): the attack that
triggered the skill is the turn's only declared attack so far. It reads the turn's events, so an
earlier attacker that has left the field still counts; the condition is refused in a skill not
triggered by an attack or its end."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, answer_until, begin, card, duel, events, pick

PACK = '''
card "Tester, Opener"
  codes TST-991
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Opening"
    when this unit attacks
    if the attack is the first this turn
    this unit gains +30 attack until the end of the combat
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _attack(game, attacker, target):
    since = len(game.events)
    pick(game, "attack", unit=attacker.id, target=target.id)
    answer_until(game, lambda g: g.decision is not None and g.decision.kind == "action" and g.decision.player == 0)
    return [e.skill for e in events(game, ev.SkillResolved, since=since)]


def test_the_first_attack_of_the_turn_only():
    game, mc0, mc1 = duel()
    opener = add_unit(game, 0, CARDS["Tester, Opener"])
    wall = add_unit(game, 1, card("Wall", "enemy", attack=90))
    begin(game)
    assert "Opening" in _attack(game, opener, wall)
    game2, a0, a1 = duel()
    opener2 = add_unit(game2, 0, CARDS["Tester, Opener"])
    wall2 = add_unit(game2, 1, card("Wall", "enemy", attack=90))
    begin(game2)
    _attack(game2, a0, wall2)                     # another attack first
    assert "Opening" not in _attack(game2, opener2, wall2)


def test_an_earlier_attacker_that_left_the_field_still_counts():
    game, mc0, mc1 = duel()
    opener = add_unit(game, 0, CARDS["Tester, Opener"])
    runner = add_unit(game, 0, card("Runner", "ally", attack=30))
    wall = add_unit(game, 1, card("Wall", "enemy", attack=90))
    begin(game)
    _attack(game, runner, wall)
    game.remove_unit(runner, "retreat")
    assert game.unit(runner.id) is None
    assert "Opening" not in _attack(game, opener, wall)


def test_refused_without_an_attack_trigger():
    with pytest.raises(LanguageError, match="asks about the attack that triggered"):
        compile_text(PACK.replace("when this unit attacks", "when this unit is moved"), "bad.fe0")
    with pytest.raises(LanguageError, match="the condition is 'the attack is the first this turn'"):
        compile_text(PACK.replace("is the first this turn", "is the second this turn"), "bad.fe0")
