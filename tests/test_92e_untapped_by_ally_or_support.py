"""`by an ally's skill or your support skill` (and its mirror `by an enemy's skill or their
support skill`) on the acting triggers ("When an ally is untapped by an ally's skill or your
support skill", B16-023R Larum; B02-074HN, B04-070R, B08-026R word it so): a skill of one of
that player's units (an ACT, AUTO or CONT skill) or that player's support skill; not a bond,
hand or Retreat Area skill, and not the other player's."""
import pytest

from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import run_scenario

CARDS = '''cards: """
card "Ansel, Test Lord"
  codes T94-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

card "Nola, Test Lady"
  codes T94-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20

card "Jory, Test Filler"
  codes T94-003
  cost 1
  symbol red
  range 1
  attack 10
  support 10

card "Wren, Test Watcher"
  codes T94-004
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Count"
    when an ally is untapped by an ally's skill or your support skill
    draw 1
  auto "Spy"
    when an enemy is untapped by an enemy's skill or their support skill
    draw 1

card "Rae, Test Raiser"
  codes T94-005
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Raise"
    cost tap this
    choose 1 other ally
    untap it

card "Quill, Test Raiser"
  codes T94-006
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Raise"
    cost tap this
    choose 1 other ally
    untap it

card "Bea, Test Banner"
  codes T94-007
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  bond "Wave"
    cost flip this card
    choose 1 ally
    untap it
"""
'''


def run(board: str, steps: str):
    f = parse_scenarios(CARDS + 'scenario "x"\n' + board + steps, "untap.scn")
    return run_scenario(f.scenarios[0])


MINE = '''  start turn 3, player 1, action phase
  player 1
    deck: T94-003, T94-003
    bonds: T94-007
    front: T94-001 MC tapped, T94-004, T94-005
  player 2
    deck: 2 x T94-003
    front: T94-002 MC
'''


def test_an_allys_skill_triggers_it():
    r = run(MINE, '''  player 1 uses "Raise"
  player 1 chooses "Ansel"
  expect "Ansel" is untapped
  expect player 1 hand: T94-003
''')
    assert r.status == "passed", r.failure.format()


def test_a_bond_skill_does_not():
    r = run(MINE, '''  player 1 uses "Wave"
  player 1 chooses "Ansel"
  expect "Ansel" is untapped
  expect player 1 hand: 0 cards
''')
    assert r.status == "passed", r.failure.format()


def test_the_mirror_on_the_opponents_units():
    r = run('''  start turn 4, player 2, action phase
  player 1
    deck: T94-003, T94-003
    front: T94-001 MC, T94-004
  player 2
    deck: 2 x T94-003
    front: T94-002 MC tapped, T94-006
''', '''  player 2 uses "Raise"
  player 2 chooses "Nola"
  expect "Nola" is untapped
  expect player 1 hand: T94-003
''')
    assert r.status == "passed", r.failure.format()
