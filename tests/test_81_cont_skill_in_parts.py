"""A printed CONT skill may have several |CONT| parts, each under its own conditions
(B04-072SR "Empyrean Goddess": "During your turn, if this unit is in the Front Line, ... |CONT|
During your turn, if this unit is in the Back Line, ..."): a card may hold several CONT skills
of one name, and each part works on its own. Two skills of one name of another kind (two ACT,
two AUTO) are still refused, and so is a second support skill."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Two-Part Lord"
  codes X81-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  cont "Two Stances"
    if this unit is in the front line
    this unit gains +10 attack
  cont "Two Stances"
    if this unit is in the back line
    this unit acquires range 1-2

card "Nola, Two-Part Lady"
  codes X81-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "parts"\n' + body
    path = tmp_path / "parts.scn"
    path.write_text(text, encoding="utf-8")
    return run_scenario(load_scenarios(path).scenarios[0])


def test_each_part_works_under_its_own_conditions(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    front: X81-002 MC
    back: X81-001
  player 2
    front: X81-002 MC
  expect "Ansel" attack 40, range 1-2
  player 1 moves "Ansel"
  expect "Ansel" attack 50, range 1
''')
    assert r.status == "passed", r.failure and r.failure.format()


@pytest.mark.parametrize("kind, body", [
    ("act", "draw 1"),
    ("auto", "when this unit attacks\n    draw 1"),
])
def test_two_skills_of_one_name_of_another_kind_are_refused(kind, body):
    text = ('pack "X"\ncard "Ansel, Refused"\n  codes X81-009\n  cost 1\n  symbol red\n  range 1\n'
            f'  attack 40\n  support 20\n  {kind} "Twice"\n    {body}\n  {kind} "Twice"\n    {body}\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert 'has two skills named "Twice"' in str(e.value)
