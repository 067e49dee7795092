"""A destruction trigger with two causes, either of them: `when X is destroyed by "S" or by an
attack of this unit` ("When your opponent's Main Character is destroyed by either this unit's
attack or "Decimating Armorpiercer"", B16-049SR Saber "Tri-affliction"). The first is a named
skill, the second any cause `is destroyed` takes; a destruction by neither does not trigger it."""
import pytest

from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARD = '''card "Hale, Test Reaper"
  codes T93-005
  cost 1
  symbol red
  range 1
  attack 60
  support 10
  act "Zap"
    choose 1 non-main character enemy
    destroy it
  auto "Toll"
    when an enemy is destroyed by "Zap" or by an attack of this unit
    draw 1
'''

CARDS = '''cards: """
card "Ansel, Test Lord"
  codes T93-001
  cost 1
  symbol red
  range 1
  attack 70
  support 20

card "Nola, Test Lady"
  codes T93-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20

card "Jory, Test Filler"
  codes T93-003
  cost 1
  symbol red
  range 1
  attack 10
  support 10

card "Orin, Test Soldier"
  codes T93-004
  cost 1
  symbol blue
  range 1
  attack 30
  support 10

''' + CARD + '''"""
'''

BOARD = '''
  start turn 3, player 1, action phase
  player 1
    deck: 4 x T93-003
    front: T93-001 MC, T93-005
  player 2
    deck: 3 x T93-003
    orbs: 2 x T93-003
    front: T93-002 MC, T93-004
'''


def run(steps: str):
    f = parse_scenarios(CARDS + 'scenario "x"' + BOARD + steps, "either.scn")
    return run_scenario(f.scenarios[0])


@pytest.mark.parametrize("steps", [
    '  player 1 attacks "Orin" with "Hale"\n  expect player 1 hand: T93-003\n',
    '  player 1 uses "Zap"\n  player 1 chooses "Orin"\n  expect player 1 hand: T93-003\n',
    '  player 1 attacks "Orin" with "Ansel"\n  expect player 2 retreat contains T93-004\n'
    '  expect player 1 hand: 0 cards\n',
], ids=["its attack", "the named skill", "neither"])
def test_either_cause(steps):
    r = run(steps)
    assert r.status == "passed", r.failure.format()


def test_the_same_cause_twice_is_refused():
    with pytest.raises(LanguageError) as e:
        compile_text(CARD.replace('or by an attack of this unit', 'or by "Zap"'), "t.fe0")
    assert "the two causes are the same" in str(e.value)


def test_a_named_cause_must_be_a_skill():
    with pytest.raises(LanguageError) as e:
        compile_text(CARD.replace('by "Zap" or', 'by "Zpa" or'), "t.fe0")
    assert 'unknown skill name "Zpa"' in str(e.value)


def test_destroyed_by_a_skill_reads_as_cost_or_effect():
    """`is destroyed by a skill` counts a skill's cost as well as its effect (B14-063N's
    scenario destroys an ally as a cost), and the English reading says so."""
    card = compile_text(CARD.replace('by "Zap" or by an attack of this unit', 'by a skill'), "t.fe0")[0]
    toll = next(s for s in card.skills if s.name == "Toll")
    assert "When an enemy is destroyed by a skill's cost or effect:" in toll.text
