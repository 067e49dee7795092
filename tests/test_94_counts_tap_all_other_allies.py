"""The cost "[Tap all other allies]" (B18-085SR "Glorious Ivaldi"): every one of the
controller's units the filter takes is tapped to pay it. One of them tapped already cannot be
tapped for it, so the skill cannot be started (rule 9); with none at all there is nothing to pay
it with (engine decision "tapping all allies as a cost", docs/rules.md). Counted by "for each
ally tapped as the cost of this skill"."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Lara, Caller"
  codes X94-201
  cost 1
  symbol purple
  weapon tome
  range 1
  attack 40
  support 10

  act "Ivaldi"
    cost tap all other allies
    this unit gains +20 attack for each ally tapped as the cost of this skill until the end of the turn
  act "Fliers Rest"
    cost tap all flier allies
    draw 1

card "Wade, Walker"
  codes X94-202
  cost 1
  symbol purple
  weapon sword
  range 1
  attack 30
  support 10

card "Pia, Pegasus"
  codes X94-203
  cost 1
  symbol purple
  weapon lance
  types flier
  range 1
  attack 30
  support 10
'''


def _run(tmp_path, front: str, back: str, body: str):
    text = (f'cards: """{CARDS}"""\n\nscenario "x94"\n  start turn 3, player 1, action phase\n  player 1\n'
            f'    deck: 3 x X94-202\n    front: {front}\n    back: {back}\n  player 2\n    deck: 3 x X94-202\n'
            f'    front: X94-202 MC\n' + body)
    path = tmp_path / "x94.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


def test_every_other_ally_is_tapped_and_counted(tmp_path):
    _run(tmp_path, 'X94-201 MC, X94-202 as "W1"', 'X94-202 as "W2", X94-203',
         '  player 1 uses "Ivaldi"\n  expect "W1" is tapped\n  expect "W2" is tapped\n  expect "Pia" is tapped\n'
         '  expect "Lara" is untapped\n  expect "Lara" attack 100\n')


def test_one_of_them_tapped_already_cannot_pay(tmp_path):
    _run(tmp_path, 'X94-201 MC, X94-202 as "W1"', 'X94-203 tapped',
         '  expect refused: player 1 uses "Ivaldi" because "cost"\n  expect "W1" is untapped\n')


def test_no_other_ally_cannot_pay(tmp_path):
    _run(tmp_path, 'X94-201 MC', 'none',
         '  expect refused: player 1 uses "Ivaldi" because "cost"\n')


def test_a_filter_taps_only_the_units_it_takes(tmp_path):
    # "tap all flier allies": the fliers, not the others; a non-flier tapped does not matter
    _run(tmp_path, 'X94-201 MC, X94-202 tapped', 'X94-203 as "P1", X94-203 as "P2"',
         '  player 1 uses "Fliers Rest"\n  expect "P1" is tapped\n  expect "P2" is tapped\n'
         '  expect "Lara" is untapped\n  expect player 1 hand: X94-202\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    ("cost tap this, tap all other allies\ndraw 1", "the skill's only tap cost"),
    ("cost tap all enemies\ndraw 1", "'tap all other allies'"),
    ("cost tap up to 2 other allies\ndraw 1", "is not supported in a cost"),
    ("cost destroy all other allies\ndraw 1", "is not supported in a cost"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    compile_text(CARDS, "x94.fe0")
    text = render_skill(parse_pack(CARDS, "x94.fe0").cards[0].skills[0])
    assert text.startswith("Ivaldi |ACT| [Tap all other allies]"), text
