"""'with the same symbol as X' ("Choose any number of allies with the same Symbol as that card",
B10-059R): a unit or a card that has a symbol X has now (of a two-symbol X, either symbol; a
colorless X shares none, so nothing matches). Said of units (their symbols as computed) and of
cards (theirs as computed where they are). X is a unit or a card; a unit name is refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Shigure, Probe"
  codes X93-501
  cost 1
  symbol white
  weapon lance
  range 1
  attack 30
  support 10
  act "Waves"
    cost tap this
    reveal the top card of your deck
    choose any number of allies with the same symbol as the revealed card
    move the chosen allies
  act "Echo"
    reveal the top card of your deck
    choose 1 card with the same symbol as the revealed card from your retreat area
    add the chosen card to your hand
  act "Paint"
    this unit acquires red until the end of the turn
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


def test_allies_sharing_a_symbol_with_the_revealed_card(tmp_path):
    # a red and blue card revealed: the red ally matches, the white one does not
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: T01-013, 3 x T01-014
    front: T01-001 MC, X93-501
  player 2
    front: T01-101 MC
  player 1 uses "Waves"
  expect not legal: player 1 chooses "Shigure"
  player 1 chooses "Ansel"
  player 1 chooses nothing
  expect "Ansel" is in the back line
''')


def test_a_symbol_the_unit_acquired_counts(tmp_path):
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: T01-014, 3 x T01-014
    front: T01-101 MC, X93-501
  player 2
    front: T01-101 MC
  player 1 uses "Paint"
  player 1 uses "Waves"
  player 1 chooses "Shigure"
  player 1 chooses nothing
  expect "Shigure" is in the back line
''')


def test_a_colorless_card_shares_no_symbol(tmp_path):
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: T01-011, 3 x T01-014
    front: T01-012 MC, X93-501
  player 2
    front: T01-101 MC
  player 1 uses "Waves"
  expect "Hale" is in the front line
  expect player 1 to decide action
''')


def test_cards_sharing_a_symbol(tmp_path):
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: T01-101, 3 x T01-014
    retreat: T01-001, T01-103, T01-011
    front: T01-002 MC, X93-501
  player 2
    front: T01-101 MC
  player 1 uses "Echo"
  expect not legal: player 1 chooses T01-001
  expect not legal: player 1 chooses T01-011
  player 1 chooses T01-103
  expect player 1 hand: T01-103
''')


def test_it_reads_as_the_card_says():
    (card,) = compile_text(CARDS, "x93.fe0")
    assert "Choose any number of allies with the same Symbol as the revealed card." in card.skills[0].text


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-935\n  cost 1\n  attack 10\n  support 10\n  ' + lines + "\n")
    return compile_text(text, "x.fe0")


def test_a_unit_name_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('act "X"\n    choose 1 ally with the same symbol as "Marth"\n    move it')
    assert "'the same symbol as \"X\"' names no card" in str(e.value)


def test_a_place_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('act "X"\n    choose 1 ally with the same symbol as your retreat area\n    move it')
    assert "with the same symbol as" in str(e.value) or "retreat area" in str(e.value)
