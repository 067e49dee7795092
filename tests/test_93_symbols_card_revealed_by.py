"""'the card revealed by "X"' ("if the card revealed by "Locktouch" has the same Unit Name as your
opponent's Main Character", B13-072N): in an AUTO skill that a use of "X" triggered (its trigger
says 'by "X"' or 'by this unit's "X"'), the cards that use had revealed when it triggered the
skill. Anywhere else it is refused: nothing says which use of "X" it means."""
from __future__ import annotations

from pathlib import Path

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Rickard, Probe"
  codes X93-701
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10
  act "Pick"
    reveal the top card of your opponent's deck
    draw 1
  auto "Haul"
    when you draw a card by this unit's "Pick"
    if the card revealed by "Pick" has cost 3 or more
    this unit gains +20 attack until the end of the turn
  auto "Tally"
    when you draw a card by "Pick"
    if the card revealed by "Pick" is blue
    draw 1

card "Wendy, Probe"
  codes X93-702
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10
  act "Pick"
    draw 1
'''


def _run(tmp_path, body: str):
    vanilla = Path(__file__).parent / "conformance" / "vanilla.fe0"
    (tmp_path / "vanilla.fe0").write_text(vanilla.read_text(encoding="utf-8"), encoding="utf-8")
    text = f'packs: embedded, "vanilla.fe0"\ncards: """{CARDS}"""\n\nscenario "x93"\n' + body
    path = tmp_path / "x93.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    r = run_scenario(sc)
    assert r.status == "passed", r.failure and r.failure.format()


BOARD = '''  start turn 3, player 1, action phase
  player 1
    deck: 4 x T01-014
    front: T01-001 MC, X93-701, X93-702
  player 2
    deck: {top}, 3 x T01-105
    front: T01-101 MC
'''


def test_the_card_its_use_revealed(tmp_path):
    # a red card of cost 5: +20, no second draw (not blue)
    _run(tmp_path, BOARD.format(top="T01-015") + '  player 1 uses "Pick" of "Rickard"\n  player 1 resolves "Haul" first\n'
                                                 '  expect "Rickard" attack 50\n  expect player 1 hand: T01-014\n')


def test_another_revealed_card(tmp_path):
    # a blue card of cost 1: no +20, a second draw
    _run(tmp_path, BOARD.format(top="T01-105") + '  player 1 uses "Pick" of "Rickard"\n  player 1 resolves "Haul" first\n'
                                                 '  expect "Rickard" attack 30\n'
                                                 '  expect player 1 hand: T01-014, T01-014\n')


def test_a_use_that_revealed_nothing(tmp_path):
    # Wendy's "Pick" draws without revealing: "Tally" triggers ('by "Pick"'), no card was revealed
    _run(tmp_path, BOARD.format(top="T01-105") + '  player 1 uses "Pick" of "Wendy"\n'
                                                 '  expect player 1 hand: T01-014\n  expect "Rickard" attack 30\n')


def test_it_reads_as_the_card_says():
    rickard = [c for c in compile_text(CARDS, "x93.fe0") if c.unit_name == "Rickard"][0]
    assert 'if the card revealed by "Pick" has a Deployment Cost of 3 or higher' in rickard.skills[1].text


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-937\n  cost 1\n  attack 10\n  support 10\n  act "Pick"\n'
            '    reveal the top card of your deck\n  ' + lines + "\n")
    return compile_text(text, "x.fe0")


def test_without_a_trigger_on_that_skill_it_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('auto "X"\n    when this unit attacks\n    if the card revealed by "Pick" is blue\n    draw 1')
    assert "is read by an AUTO skill that skill's use triggers" in str(e.value)


def test_in_an_act_skill_it_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('act "Y"\n    if the card revealed by "Pick" is blue\n    draw 1')
    assert "is read by an AUTO skill" in str(e.value)
