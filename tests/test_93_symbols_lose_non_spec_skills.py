"""'it loses all non-spec skills until the end of the turn' ("Until the end of the turn, that enemy
loses all non-|SPEC| skills and cannot re-acquire them", B13-094N): as 'loses all skills', but the
unit keeps its SPEC skills; a skill it would acquire while the change holds is lost too."""
import pytest

from fecipher.dsl import render
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.parse import parse_pack

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Loki, Probe"
  codes TSY-331
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Smile"
    choose 1 ally
    it loses all non-spec skills until the end of the turn
  act "Hush"
    choose 1 ally
    it loses all skills until the end of the turn
  act "Give"
    all allies acquire "Gift" until the end of the turn
  granted cont "Gift"
    this unit gains +5 attack

card "Target, Probe"
  codes TSY-332
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  spec "Also Called"
    this card acquires the unit name "Marth"
  cont "Power"
    this unit gains +10 attack
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "non_spec.fe0")}


def _board():
    game, _, _ = duel()
    loki = add_unit(game, 0, CARDS["Loki"])
    target = add_unit(game, 0, CARDS["Target"])
    begin(game, player=0, turn=2, phase="action")
    return game, loki, target


def _names(game, unit):
    return sorted(s.name for s in game.skills_of(unit))


def test_all_but_the_spec_skills_are_lost():
    game, _, target = _board()
    assert game.attack(target) == 40
    pick(game, "use_skill", skill="Smile")
    pick(game, "unit", unit=target)
    assert _names(game, target) == ["Also Called"]
    assert game.attack(target) == 30                 # its CONT skill is gone
    assert "Marth" in game.unit_names(target)        # its SPEC skill stays


def test_loses_all_skills_takes_the_spec_skills_too():
    game, _, target = _board()
    pick(game, "use_skill", skill="Hush")
    pick(game, "unit", unit=target)
    assert _names(game, target) == []


def test_it_cannot_acquire_skills_while_it_holds():
    game, loki, target = _board()
    pick(game, "use_skill", skill="Smile")
    pick(game, "unit", unit=target)
    pick(game, "use_skill", skill="Give")
    assert game.attack(target) == 30
    assert game.attack(loki) == 35
    pick(game, "pass")                               # the end of the turn
    assert game.attack(target) == 40


def test_it_reads_as_the_card_says():
    lines = [render.skill(s) for c in parse_pack(PACK, "x.fe0").cards for s in c.skills]
    assert any("loses all non-|SPEC| skills" in ln for ln in lines), lines


def test_another_kind_is_refused():
    src = ('card "Probe, Probe"\n  codes TSY-339\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
           '    choose 1 ally\n    it loses all non-act skills until the end of the turn\n')
    with pytest.raises(LanguageError):
        compile_text(src, "x.fe0")
