"""Counts of what this skill's own earlier lines drew or tapped: "for each card drawn by this
skill" ("Draw 1 card for each card sent to the Retreat Area by this skill. Until the end of the
turn, this unit gains +10 attack for each card drawn by this skill", B11-016SR) and "for each ally
tapped by this skill" ("Choose as many <Brown> allies as you wish, and tap them. Choose 1
non-Main Character enemy per ally tapped by this skill, and destroy them", B19-001SR).

Only what the lines really did is counted: a card the deck could not give is not drawn (after
rule 7's reshuffle, what is drawn is counted), a unit already tapped is not tapped again. The
count is taken when the line using it resolves; it must come after a 'draw' / 'tap' line of the
skill, and it takes no quality (a drawn card is hidden from the opponent)."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Lute, Counter"
  codes X93-101
  cost 1
  symbol purple
  weapon tome
  range 1
  attack 40
  support 10

  act "Study"
    once per turn
    choose any number of cards from your hand
    send them to your retreat area
    draw 1 for each card sent to your retreat area by this skill
    this unit gains +10 attack for each card drawn by this skill until the end of the turn
  act "Muster"
    cost tap this
    choose any number of other allies
    tap them
    choose up to 1 enemy for each ally tapped by this skill
    destroy the chosen enemies
  act "Read"
    cost flip 1 bond
    draw 2
    if you have 2 or more cards drawn by this skill: this unit gains +30 attack until the end of the turn

card "Bryn, Soldier"
  codes X93-102
  cost 1
  symbol blue
  weapon lance
  range 1
  attack 30
  support 10

card "Nola, Lady"
  codes X93-103
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 20
'''


def _run(tmp_path, board: str, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x93"\n' + board + body
    path = tmp_path / "x93.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


STUDY = '''  start turn 3, player 1, action phase
  player 1
    deck: {deck}
    hand: 3 x X93-102
    front: X93-101 MC
  player 2
    deck: 3 x X93-103
    front: X93-103 MC
  player 1 uses "Study"
'''


def test_each_card_drawn_counts(tmp_path):
    _run(tmp_path, STUDY.format(deck="3 x X93-103, X93-102"),
         "  player 1 chooses X93-102\n  player 1 chooses X93-102\n  player 1 chooses nothing\n"
         '  expect player 1 hand: X93-102, 2 x X93-103\n  expect "Lute" attack 60\n')


def test_fewer_cards_drawn_than_asked_count_as_drawn(tmp_path):
    # 3 cards sent, 3 draws asked; the deck has 1, rule 7 reshuffles the 3 sent cards: 3 drawn
    _run(tmp_path, STUDY.format(deck="X93-103"),
         "  player 1 chooses X93-102\n" * 3 + '  expect player 1 hand: 3 cards\n  expect "Lute" attack 70\n')


def test_nothing_drawn_nothing_gained(tmp_path):
    _run(tmp_path, STUDY.format(deck="3 x X93-103"),
         '  player 1 chooses nothing\n  expect player 1 hand: 3 x X93-102\n  expect "Lute" attack 40\n')


def test_a_count_condition_on_the_cards_drawn(tmp_path):
    board = '''  start turn 3, player 1, action phase
  player 1
    deck: {deck}
    bonds: X93-102
    front: X93-101 MC
  player 2
    deck: 3 x X93-103
    front: X93-103 MC
  player 1 uses "Read"
'''
    _run(tmp_path, board.format(deck="2 x X93-103"), '  expect player 1 hand: 2 cards\n  expect "Lute" attack 70\n')
    # the last card of the deck drawn, and nothing left to reshuffle: 1 card drawn, no +30
    _run(tmp_path, board.format(deck="X93-103"), '  expect player 1 hand: 1 card\n  expect "Lute" attack 40\n')


MUSTER = '''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X93-103
    front: X93-101 MC, X93-102 as "B1"
    back: X93-102 as "B2", X93-102 tapped as "B3"
  player 2
    deck: 3 x X93-103
    front: X93-103 MC, X93-102 as "E1", X93-102 as "E2"
  player 1 uses "Muster"
'''


def test_each_ally_tapped_counts(tmp_path):
    _run(tmp_path, MUSTER, '  expect not legal: player 1 chooses "B3"\n'
         '  player 1 chooses "B1"\n  player 1 chooses "B2"\n  expect "B1" is tapped\n  expect "B2" is tapped\n'
         '  player 1 chooses "E1"\n  player 1 chooses "E2"\n'
         '  expect player 2 front: "Nola" MC\n  expect player 2 retreat: 2 x X93-102\n')


def test_one_ally_tapped_one_enemy(tmp_path):
    _run(tmp_path, MUSTER, '  player 1 chooses "B1"\n  player 1 chooses nothing\n'
         '  player 1 chooses "E1"\n  expect player 2 front: "Nola" MC, X93-102\n  expect action phase\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    # no draw line before the count (after it, it would count nothing yet)
    ("this unit gains +10 attack for each card drawn by this skill until the end of the turn\ndraw 2",
     "this skill has no such line before it"),
    ("choose up to 1 enemy for each ally tapped by this skill\ndestroy it", "this skill has no such line before it"),
    # a quality of the drawn cards (hidden from the opponent) or of the tapped units
    ("draw 2\nthis unit gains +10 attack for each red card drawn by this skill until the end of the turn",
     "with no other quality or filter"),
    ("choose any number of allies\ntap them\nthis unit gains +10 attack for each red ally tapped by this skill "
     "until the end of the turn", "with no other quality or filter"),
    # units are tapped, cards are drawn
    ("draw 2\nthis unit gains +10 attack for each ally drawn by this skill until the end of the turn",
     "counts cards"),
    ("choose any number of allies\ntap them\nthis unit gains +10 attack for each card tapped by this skill "
     "until the end of the turn", "counts units"),
    # not a count
    ("draw 2\nchoose 1 card drawn by this skill\nsend it to your retreat area", "is a count"),
    # a skill's condition is asked before any line has run
    ("if you have 2 or more cards drawn by this skill\ndraw 2", "write it on an effect line"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    card = compile_text(CARDS, "x93.fe0")[0]
    skills = parse_pack(CARDS, "x93.fe0").cards[0].skills
    texts = [render_skill(s) for s in skills]
    assert [s.name for s in card.skills] == ["Study", "Muster", "Read"]
    assert "gains +10 attack for each card drawn by this skill" in texts[0], texts[0]
    assert "Choose up to 1 enemy for each ally tapped by this skill" in texts[1], texts[1]
    assert "If you have 2 or more cards drawn by this skill" in texts[2], texts[2]
