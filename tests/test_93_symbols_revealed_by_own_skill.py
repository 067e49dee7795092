"""'... by this unit's "X"' on a trigger of what a skill does ("When this unit's "Hand over your
satchel!" reveals a card with a Deployment Cost of 3 or higher", B18-058R): the skill of that name
used by the unit whose trigger it is, not the same-named skill of another unit ('by "X"' is any).
Said where 'by a skill' is (what a skill taps, moves, reveals, draws, sends or adds: the acting
skill); on another trigger it is refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Gaius, Probe"
  codes X93-601
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 30
  support 10
  act "Pick"
    reveal the top card of your opponent's deck
  act "Peek"
    reveal the top card of your opponent's deck
  auto "Sweet"
    when a card with cost 3 or more from your opponent's deck is revealed by this unit's "Pick"
    this unit gains +20 attack until the end of the turn

card "Wendy, Probe"
  codes X93-602
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 30
  support 10
  act "Pick"
    reveal the top card of your opponent's deck
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
    deck: 3 x T01-014
    front: T01-001 MC, X93-601, X93-602
  player 2
    deck: {top}, 3 x T01-105
    front: T01-101 MC
'''


def test_its_own_skill_reveals_a_matching_card(tmp_path):
    _run(tmp_path, BOARD.format(top="T01-015") + '  player 1 uses "Pick" of "Gaius"\n  expect "Gaius" attack 50\n')


def test_a_card_that_does_not_match(tmp_path):
    _run(tmp_path, BOARD.format(top="T01-105") + '  player 1 uses "Pick" of "Gaius"\n  expect "Gaius" attack 30\n')


def test_another_units_skill_of_that_name(tmp_path):
    _run(tmp_path, BOARD.format(top="T01-015") + '  player 1 uses "Pick" of "Wendy"\n'
                                                 '  expect events: revealed(player 2)\n  expect "Gaius" attack 30\n')


def test_another_skill_of_this_unit(tmp_path):
    _run(tmp_path, BOARD.format(top="T01-015") + '  player 1 uses "Peek"\n  expect "Gaius" attack 30\n')


def test_it_reads_as_the_card_says():
    gaius = [c for c in compile_text(CARDS, "x93.fe0") if c.unit_name == "Gaius"][0]
    assert "is revealed by this unit's \"Pick\":" in gaius.skills[2].text


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-936\n  cost 1\n  attack 10\n  support 10\n  act "Pick"\n'
            '    draw 1\n  ' + lines + "\n")
    return compile_text(text, "x.fe0")


def test_a_trigger_that_is_not_of_what_a_skill_does_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('auto "X"\n    when this unit is deployed by this unit\'s "Pick"\n    draw 1')
    assert "'by this unit's \"X\"' is not supported here" in str(e.value)


def test_an_unknown_skill_name_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('auto "X"\n    when a card from your deck is revealed by this unit\'s "No Such Skill Anywhere"\n'
                 '    draw 1')
    assert "No Such Skill Anywhere" in str(e.value)
