"""A count of the units this skill's cost tapped: "for each ally tapped as the cost of this
skill", with the qualities they had as they were tapped ("If all the other allies tapped as the
cost of this skill are <White>, you may [Flip 1 Bond face-down]. If you do, untap this unit",
B03-076SR, whose cost taps exactly 2 other allies: 'if you have 2 or more other white allies
tapped as the cost of this skill: ...'). Both ways a cost is paid record them (one tap cost
alone, and tap costs paid as one whole with another of the skill, dsl/costs_more.JointCosts)."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Corrin, Counter"
  codes X93-201
  cost 1
  symbol black
  weapon sword
  range 1
  attack 40
  support 10

  act "Rally"
    cost tap this, tap 2 other allies
    this unit gains +10 attack for each other white ally tapped as the cost of this skill until the end of the turn
  act "Gather"
    cost tap 1 white ally, tap 1 other ally
    if you have 2 or more allies tapped as the cost of this skill: draw 1

card "Wade, White"
  codes X93-202
  cost 1
  symbol white
  weapon sword
  range 1
  attack 30
  support 10

card "Bryn, Blue"
  codes X93-203
  cost 1
  symbol blue
  weapon lance
  range 1
  attack 30
  support 10
'''


def _run(tmp_path, front: str, back: str, body: str):
    text = (f'cards: """{CARDS}"""\n\nscenario "x93c"\n  start turn 3, player 1, action phase\n  player 1\n'
            f'    deck: 3 x X93-203\n    front: {front}\n    back: {back}\n  player 2\n    deck: 3 x X93-203\n'
            f'    front: X93-203 MC\n' + body)
    path = tmp_path / "x93c.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


def test_each_other_white_ally_tapped_as_the_cost(tmp_path):
    _run(tmp_path, "X93-201 MC, X93-202 as \"W1\"", "X93-202 as \"W2\"",
         '  player 1 uses "Rally"\n  expect "Corrin" attack 60\n  expect "W1" is tapped\n')


def test_a_blue_ally_tapped_is_not_counted(tmp_path):
    _run(tmp_path, "X93-201 MC, X93-202", "X93-203",
         '  player 1 uses "Rally"\n  expect "Corrin" attack 50\n')


def test_white_allies_not_tapped_by_the_cost_are_not_counted(tmp_path):
    _run(tmp_path, "X93-201 MC, X93-203 as \"B1\", X93-202 tapped", "X93-203 as \"B2\"",
         '  player 1 uses "Rally"\n  expect "Corrin" attack 40\n  expect "B2" is tapped\n')


def test_costs_paid_as_one_whole_are_counted(tmp_path):
    # "tap 1 white ally, tap 1 other ally": two tap costs, paid together (JointCosts)
    _run(tmp_path, "X93-201 MC, X93-202", "X93-203",
         '  player 1 uses "Gather"\n  expect "Wade" is tapped\n  expect player 1\'s "Bryn" is tapped\n'
         '  expect "Corrin" is untapped\n  expect player 1 hand: X93-203\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    ("cost flip 1 bond\nthis unit gains +10 attack for each ally tapped as the cost of this skill until the end "
     "of the turn", "its cost taps none"),
    ("cost tap 1 other ally\nthis unit gains +10 attack for each card tapped as the cost of this skill until the "
     "end of the turn", "counts units"),
    ("cost tap 1 other ally\nchoose 1 ally tapped as the cost of this skill\nuntap it", "is a count"),
    ("cost tap 1 other ally\nthis unit gains +10 attack for each ally with cost 2 or less tapped as the cost of "
     "this skill until the end of the turn", "takes no other filter"),
    ("cost tap 1 other ally\nif you have 1 or more allies tapped as the cost of this skill\ndraw 1",
     "write it on an effect line"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    compile_text(CARDS, "x93c.fe0")
    skills = parse_pack(CARDS, "x93c.fe0").cards[0].skills
    text = render_skill(skills[0])
    assert "for each other <White> ally tapped as the cost of this skill" in text, text
