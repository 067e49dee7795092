"""A bond that cannot be flipped face-down (docs/skill-language.md, "A bond that cannot be
flipped face-down"): "This card cannot be flipped face-down by a skill's cost or effect"
(B13-098HN "Tireless Waiting", a continuous bond skill). Every face-down flip of a bond is a
skill's cost or effect: flip costs (alone or paid with other costs) leave it out, so a skill
whose cost only it could pay is not offered; "flip all bonds" leaves it face-up; an effect
flipping it face-down (either player's) does nothing. Compiled, refused where it means
something else, and played in games."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Steadfast Bond"
  codes X98-001
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10
  bond "Tireless"
    this card cannot be flipped face-down

card "Nola, Bond Burner"
  codes X98-002
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10
  act "Burn One"
    cost flip 1 bond
    draw 1
  act "Burn All"
    flip all bonds
  act "Burn Theirs"
    choose 1 of your opponent's face-up bonds
    flip it face-down
  act "Flip and Send"
    cost flip 1 bond, send 1 face-up bond to your retreat area
    draw 1

card "Jory, Filler"
  codes X98-003
  cost 1
  symbol red
  weapon axe
  range 1
  attack 10
  support 10
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x98"\n' + body
    path = tmp_path / "x98.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    r = run_scenario(sc)
    assert r.status == "passed", r.failure and r.failure.format()


def _board(bonds: str, their_bonds: str = "X98-003") -> str:
    return f'''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X98-003
    bonds: {bonds}
    front: X98-003 MC, X98-002
  player 2
    deck: 3 x X98-003
    bonds: {their_bonds}
    front: X98-003 MC
'''


def test_a_flip_cost_cannot_take_it(tmp_path):
    _run(tmp_path, _board("X98-001") + '''  expect refused: player 1 uses "Burn One"
''')


def test_a_flip_cost_takes_another_bond(tmp_path):
    _run(tmp_path, _board("X98-001, X98-003") + '''  player 1 uses "Burn One"
  expect player 1 bonds: X98-001, X98-003 face-down
  expect player 1 hand: X98-003
''')


def test_flip_all_bonds_leaves_it_face_up(tmp_path):
    _run(tmp_path, _board("X98-001, X98-003") + '''  player 1 uses "Burn All"
  expect player 1 bonds: X98-001, X98-003 face-down
''')


def test_the_opponents_effect_does_not_flip_it(tmp_path):
    _run(tmp_path, _board("X98-003", their_bonds="X98-001") + '''  player 1 uses "Burn Theirs"
  player 1 chooses X98-001
  expect player 2 bonds: X98-001
''')


def test_flipped_with_another_cost_it_may_still_be_sent(tmp_path):
    # (a flip and a face-up send are paid together: two face-up bonds, the flipped one not it)
    _run(tmp_path, _board("X98-001, X98-003") + '''  player 1 uses "Flip and Send"
  expect player 1 bonds: X98-003 face-down
  expect player 1 retreat: X98-001
''')


def test_joint_costs_with_only_it_to_flip_are_not_offered(tmp_path):
    _run(tmp_path, _board("X98-001, X98-001") + '''  expect refused: player 1 uses "Flip and Send"
''')


def test_it_reads_as_the_card_says():
    (ansel,) = [c for c in compile_text(CARDS, "x98.fe0") if c.title == "Steadfast Bond"]
    assert ansel.skills[0].text.endswith("This card cannot be flipped face-down by a skill's cost or effect.")
    assert "cannot_flip_down" in ansel.skills[0].rules


def _compile(kind: str, lines: str):
    text = ('card "Probe, Probe"\n  codes TST-981\n  cost 1\n  attack 10\n  support 10\n  '
            f'{kind} "X"\n    ' + lines + "\n")
    return compile_text(text, "x.fe0")


@pytest.mark.parametrize("kind, lines, words", [
    ("cont", "this card cannot be flipped face-down", "is a continuous bond skill's line"),
    ("spec", "this card cannot be flipped face-down", "is a continuous bond skill's line"),
    ("bond", "this unit cannot be flipped face-down", "is a continuous bond skill's line"),
    ("bond", "this card cannot be flipped face-up", "only 'cannot be flipped face-down' is supported"),
    ("bond", "once per turn\n    this card cannot be flipped face-down", "stands alone in its bond skill"),
    ("bond", "this card cannot be flipped face-down\n    draw 1", "stands alone in its bond skill"),
])
def test_near_misses_are_refused(kind, lines, words):
    with pytest.raises(LanguageError) as e:
        _compile(kind, lines)
    assert words in str(e.value)
