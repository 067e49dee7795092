"""A cost of any number of cards, and a count of the cards a cost sent: "[Tap this unit, Send
as many cards as you wish from your hand to the Retreat Area] For each card you sent to the
Retreat Area as the cost of this skill, choose 1 non-Main Character enemy and destroy them"
(B14-097SR): 'cost send any number of cards from your hand to your retreat area' (none too) and
'for each card sent to your retreat area as the cost of this skill'. Both ways a card cost is
paid record the cards (one cost alone, and card costs paid as one whole, dsl/costs_more.JointCosts)."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ilse, Hungry"
  codes X94-301
  cost 1
  symbol green
  weapon tome
  range 1
  attack 40
  support 10

  act "Feast"
    cost tap this, send any number of cards from your hand to your retreat area
    this unit gains +10 attack for each card sent to your retreat area as the cost of this skill until the end of the turn
  act "Pair"
    cost send 1 red card from your hand to your retreat area, send 1 card from your hand to your retreat area
    draw 1 for each red card sent to your retreat area as the cost of this skill

card "Rudd, Red"
  codes X94-302
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10

card "Gale, Green"
  codes X94-303
  cost 1
  symbol green
  weapon sword
  range 1
  attack 30
  support 10
'''


def _run(tmp_path, hand: str, body: str):
    text = (f'cards: """{CARDS}"""\n\nscenario "x94s"\n  start turn 3, player 1, action phase\n  player 1\n'
            f'    deck: 3 x X94-303\n    hand: {hand}\n    front: X94-301 MC\n  player 2\n    deck: 3 x X94-303\n'
            f'    front: X94-302 MC\n' + body)
    path = tmp_path / "x94s.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


def test_as_many_as_one_wishes_and_counted(tmp_path):
    _run(tmp_path, "X94-302, X94-303, X94-303",
         '  player 1 uses "Feast"\n  player 1 chooses X94-302\n  player 1 chooses X94-303\n'
         '  player 1 chooses nothing\n  expect player 1 hand: X94-303\n  expect "Ilse" attack 60\n')


def test_none_is_as_many_as_one_wishes(tmp_path):
    _run(tmp_path, "X94-302",
         '  player 1 uses "Feast"\n  player 1 chooses nothing\n  expect player 1 hand: X94-302\n'
         '  expect "Ilse" attack 40\n  expect "Ilse" is tapped\n')


def test_costs_paid_as_one_whole_are_counted_with_their_qualities(tmp_path):
    # two card costs of one skill (JointCosts): the red one counted, the green one not
    _run(tmp_path, "X94-302, X94-303",
         '  player 1 uses "Pair"\n  expect player 1 retreat: X94-302, X94-303\n  expect player 1 hand: X94-303\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    ("cost tap this\nthis unit gains +10 attack for each card sent to your retreat area as the cost of this "
     "skill until the end of the turn", "its cost sends none there"),
    ("cost send 1 card from your hand to your retreat area\nthis unit gains +10 attack for each card sent to "
     "your bond area as the cost of this skill until the end of the turn", "its cost sends none there"),
    ("cost send 1 card from your hand to your retreat area\nthis unit gains +10 attack for each ally sent to "
     "your retreat area as the cost of this skill until the end of the turn", "goes with cards"),
    ("cost send 1 card from your hand to your retreat area\nchoose 1 card sent to your retreat area as the cost "
     "of this skill\nadd it to your hand", "is a count"),
    ("cost send any number of cards from your hand to your retreat area, send 1 card from your hand to your "
     "retreat area\ndraw 1", "the skill's only cost that moves cards"),
    ("cost send up to 2 cards from your hand to your retreat area\ndraw 1", "is not supported in a cost"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    compile_text(CARDS, "x94s.fe0")
    text = render_skill(parse_pack(CARDS, "x94s.fe0").cards[0].skills[0])
    assert "[Tap this unit, Send any number of cards from your hand to your Retreat Area]" in text, text
    assert "for each card sent to your Retreat Area as the cost of this skill" in text, text
