"""A count condition on what this skill's own lines moved: "if you have 3 or more cards sent to
your deck by this skill: ..." ("Choose up to 4 <Flier> cards from your Retreat Area, and add them
to your Deck. Afterwards, shuffle your Deck. If 3 or more cards are added to your Deck by this
skill, then until the end of the turn, this unit gains +20 attack", B20-016SR). The cards are
those "for each card sent to <area> by this skill" counts (tests/test_91); the condition is
asked on an effect line, after the lines that move them. Before, the checker accepted the line
and the condition counted nothing (it never held)."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Hana, Storm Caller"
  codes X91-101
  cost 1
  symbol white
  weapon lance
  range 1
  attack 40
  support 10

  act "Howl"
    once per turn
    choose up to 4 flier cards from your retreat area
    put them into your deck
    shuffle
    if you have 3 or more cards sent to your deck by this skill: this unit gains +20 attack until the end of the turn

card "Wren, Flier"
  codes X91-102
  cost 1
  symbol white
  weapon lance
  types flier
  range 1
  attack 30
  support 30

card "Nola, Lady"
  codes X91-103
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 40
  support 20
'''

BOARD = '''  start turn 3, player 1, action phase
  player 1
    deck: X91-103
    retreat: 3 x X91-102
    front: X91-101 MC
  player 2
    deck: 3 x X91-103
    front: X91-103 MC
  player 1 uses "Howl"
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x91d"\n' + BOARD + body
    path = tmp_path / "x91d.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


def test_three_cards_put_into_the_deck_meet_the_condition(tmp_path):
    _run(tmp_path, "  player 1 chooses X91-102\n" * 3 + "  player 1 chooses X91-102\n" * 2 +
         '  expect "Hana" attack 60\n  expect player 1 deck: 4 cards\n  expect player 1 retreat: 0 cards\n')


def test_two_cards_do_not(tmp_path):
    _run(tmp_path, "  player 1 chooses X91-102\n" * 2 + "  player 1 chooses nothing\n"
         "  player 1 chooses X91-102\n" + '  expect "Hana" attack 40\n  expect player 1 deck: 3 cards\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    # a skill's condition is asked before its lines have moved anything
    ("if you have 3 or more cards sent to your deck by this skill\nchoose up to 4 cards from your retreat area\n"
     "put them into your deck", "write it on an effect line"),
    # the opponent's count of what this skill sent means nothing
    ("choose up to 4 cards from your retreat area\nput them into your deck\n"
     "if your opponent has 3 or more cards sent to your deck by this skill: draw 1", "write it on an effect line"),
    # no line of the skill moves cards to the deck
    ("choose up to 4 cards from your retreat area\nput them into your hand\n"
     "if you have 3 or more cards sent to your deck by this skill: draw 1", "this skill has no such line"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    card = compile_text(CARDS, "x91d.fe0")[0]
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(CARDS, "x91d.fe0").cards[0].skills[0])
    assert card.skills[0].name == "Howl" and "sent to your Deck by this skill" in text, text
