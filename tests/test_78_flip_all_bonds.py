"""'flip all bonds' (an effect: "Flip all of your Bond cards face-down", B02-041HN) flips
every face-up bond, or every one matching its filter, with nothing to choose; a cost
takes a number ('cost flip 2 bonds'), and 'up to' / 'any number of' are refused."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Flip Lord"
  codes X78-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  act "Turn All"
    flip all bonds
    if you do: draw 1
  act "Turn Red"
    flip all red bonds

card "Nola, Flip Lady"
  codes X78-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "flip all"\n' + body
    path = tmp_path / "flip.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    return run_scenario(sc)


def test_flip_all_bonds_flips_every_face_up_bond_without_a_choice(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X78-002, X78-002
    bonds: 3 x X78-002, X78-001, X78-002 face-down
    front: X78-001 MC
  player 2
    front: X78-002 MC
  player 1 uses "Turn All"
  expect player 1 bonds: 3 x X78-002 face-down, X78-001 face-down, X78-002 face-down
  expect player 1 hand: X78-002
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_flip_all_with_a_filter_flips_only_the_matching_bonds(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    bonds: 2 x X78-001, X78-002
    front: X78-001 MC
  player 2
    front: X78-002 MC
  player 1 uses "Turn Red"
  expect player 1 bonds: 2 x X78-001 face-down, X78-002 face-up
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_flip_all_with_no_face_up_bond_does_nothing(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X78-002
    bonds: X78-002 face-down
    front: X78-001 MC
  player 2
    front: X78-002 MC
  player 1 uses "Turn All"
  expect player 1 hand: 0 cards
''')
    assert r.status == "passed", r.failure and r.failure.format()


@pytest.mark.parametrize("line, message", [
    ("cost flip all bonds\n    draw 1", "'flip all bonds' is an effect"),
    ("flip up to 2 bonds", "'up to' and 'any number of' are not supported"),
    ("flip any number of bonds", "'up to' and 'any number of' are not supported"),
])
def test_flip_counts_that_are_not_supported_are_refused(line, message):
    text = CARDS.replace("flip all red bonds", line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)
