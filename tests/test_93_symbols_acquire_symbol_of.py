"""'this unit acquires the symbol of the card supporting this unit' ("This unit acquires the
<Symbol> of the card supporting this unit", B05-050N): while a card supports the unit (a support
that did not fail), the unit also has that card's symbols; otherwise only its own. Taken from a
unit or a card ('the symbol of' also reads units); with weapons, types or ranges in one phrase
it is refused (those are taken from units only)."""
from __future__ import annotations

from pathlib import Path

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Cavalier, Probe"
  codes X93-401
  cost 1
  symbol red
  weapon lance
  range 1
  attack 30
  support 10
  cont "Companion"
    this unit acquires the symbol of the card supporting this unit

card "Watcher, Probe"
  codes X93-402
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10
  cont "Blue Watch"
    if your attacking unit is blue
    your attacking unit gains +20 attack
  cont "Green Watch"
    if your attacking unit is green
    your attacking unit gains +40 attack

card "Twin, Probe"
  codes X93-403
  cost 1
  symbols blue, green
  weapon sword
  range 1
  attack 30
  support 10

card "Cavalier, Lookalike"
  codes X93-404
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 30
  support 10
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
    deck: {top}, 3 x T01-014
    front: T01-001 MC, X93-401, X93-402
  player 2
    deck: 3 x T01-105
    front: T01-101 MC
  player 1 attacks "Nola" with "Cavalier"
'''


def test_supported_by_a_blue_card_it_is_blue_in_that_battle(tmp_path):
    # 30 + support 20 (Nola) + 20 (Blue Watch): the unit is blue while Nola supports it
    _run(tmp_path, BOARD.format(top="T01-101") + "  expect events: battle_judged(attacker_power=70)\n")


def test_both_symbols_of_a_two_symbol_card(tmp_path):
    # 30 + 10 + 20 (blue) + 40 (green)
    _run(tmp_path, BOARD.format(top="X93-403") + "  expect events: battle_judged(attacker_power=100)\n")


def test_a_red_card_gives_nothing_new(tmp_path):
    _run(tmp_path, BOARD.format(top="T01-014") + "  expect events: battle_judged(attacker_power=40)\n")


def test_a_failed_support_supports_nothing_and_gives_no_symbol(tmp_path):
    # the same unit name: the support fails (no support, no symbol)
    _run(tmp_path, BOARD.format(top="X93-404") + "  expect events: battle_judged(attacker_power=30)\n")


def test_it_reads_as_the_card_says():
    (cav,) = [c for c in compile_text(CARDS, "x93.fe0") if c.unit_name == "Cavalier" and c.title == "Probe"]
    assert cav.skills[0].text.endswith("|CONT| This unit acquires the symbol of the card supporting this unit.")


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-931\n  cost 1\n  attack 10\n  support 10\n  ' + lines + "\n")
    return compile_text(text, "x.fe0")


def test_a_symbol_with_weapons_in_one_phrase_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('cont "X"\n    this unit acquires the symbol and weapon of the card supporting this unit')
    assert "'acquires the symbol of ...' stands alone" in str(e.value)


def test_a_weapon_of_a_card_is_refused():
    with pytest.raises(LanguageError) as e:
        _compile('cont "X"\n    this unit acquires the weapon of the card supporting this unit')
    assert "names units" in str(e.value)
