"""The duration 'during your opponent's next turn' (B04-009R "Raise Defense": "During your
opponent's next turn, your <Armored> allies cannot be destroyed or moved by the effect of
skills"): a change that holds from the start of the opponent's next turn to its end, and not
for the rest of the turn it was made in (which 'until the end of your opponent's next turn'
would cover). Only a change of units takes it; elsewhere the checker refuses it.

'during your next turn' (B13-033R "Heavens-Reaching Edge": "During your next turn, this unit's
attacks cannot be evaded") is the same for the controller's own next turn: not the rest of this
turn, not the opponent's turn between, and it ends with that next turn."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Later Lord"
  codes X80-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  act "Brace"
    this unit gains +10 attack during your opponent's next turn
  act "Brace Now"
    this unit gains +10 attack until the end of your opponent's next turn
  act "Wind Up"
    this unit gains +10 attack during your next turn

card "Ansel, Grudging Lord"
  codes X80-003
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  auto "Grudge"
    when this unit is attacked
    this unit gains +10 attack during your next turn

card "Nola, Later Lady"
  codes X80-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "later"\n' + body
    path = tmp_path / "later.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    return run_scenario(sc)


BOARD = '''  start turn 3, player 1, action phase
  player 1
    deck: 4 x X80-002
    front: X80-001 MC
  player 2
    deck: 4 x X80-002
    front: X80-002 MC
'''


def test_the_change_waits_for_the_opponents_turn_and_ends_with_it(tmp_path):
    r = _run(tmp_path, BOARD + '''  player 1 uses "Brace"
  expect "Ansel" attack 40
  player 1 ends the action phase
  expect player 2 to decide bond
  expect "Ansel" attack 50
  player 2 places no bond
  player 2 ends the deployment phase
  player 2 ends the action phase
  expect player 1 to decide bond
  expect "Ansel" attack 40
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_until_the_end_of_the_opponents_next_turn_holds_at_once(tmp_path):
    r = _run(tmp_path, BOARD + '''  player 1 uses "Brace Now"
  expect "Ansel" attack 50
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_during_your_next_turn_waits_for_your_own_next_turn_and_ends_with_it(tmp_path):
    r = _run(tmp_path, BOARD + '''  player 1 uses "Wind Up"
  expect "Ansel" attack 40
  player 1 ends the action phase
  expect player 2 to decide bond
  expect "Ansel" attack 40
  player 2 places no bond
  player 2 ends the deployment phase
  player 2 ends the action phase
  expect player 1 to decide bond
  expect "Ansel" attack 50
  player 1 places no bond
  player 1 ends the deployment phase
  expect "Ansel" attack 50
  player 1 ends the action phase
  expect player 2 to decide bond
  expect "Ansel" attack 40
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_during_your_next_turn_made_on_the_opponents_turn_holds_in_the_turn_after(tmp_path):
    """Set up in the opponent's turn (turn 4) by a skill of player 1's: 'your next turn' is
    turn 5; not the rest of turn 4, and gone in turn 6."""
    r = _run(tmp_path, '''  start turn 4, player 2, action phase
  player 1
    deck: 4 x X80-002
    front: X80-001 MC, X80-003
  player 2
    deck: 4 x X80-002
    front: X80-002 MC
  player 2 attacks "Ansel, Grudging Lord" with "Nola"
  expect "Ansel, Grudging Lord" attack 40
  player 2 ends the action phase
  expect player 1 to decide bond
  expect "Ansel, Grudging Lord" attack 50
  player 1 places no bond
  player 1 ends the deployment phase
  player 1 ends the action phase
  expect player 2 to decide bond
  expect "Ansel, Grudging Lord" attack 40
''')
    assert r.status == "passed", r.failure and r.failure.format()


@pytest.mark.parametrize("line, message", [
    ("your opponent cannot deploy cards with cost 5 or more during your next turn",
     "'during your next turn' is supported on a change of units"),
    # (the controller's next turn is supported since session 10: tests/test_93_rules_durations.py)
    ("this unit cannot untap until the end of each player's next turn", "say whose next turn"),
    ("your opponent cannot deploy cards with cost 5 or more during your opponent's next turn",
     "is supported on a change of units"),
])
def test_the_checker_refuses_it_elsewhere(line, message):
    text = ('pack "X"\ncard "Ansel, Refused"\n  codes X80-009\n  cost 1\n  symbol red\n  range 1\n'
            f'  attack 40\n  support 20\n  act "Wrong"\n    {line}\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)


def test_it_renders_as_the_card_text():
    from fecipher.play.cli_cards import describe
    card, = [c for c in compile_text('pack "X"\n' + CARDS, "x.fe0") if c.name == "Ansel, Later Lord"]
    assert "Brace |ACT| During your opponent's next turn, this unit gains +10 attack." in describe(card)
    assert "Wind Up |ACT| During your next turn, this unit gains +10 attack." in describe(card)
