"""A skill name that is itself a quotation ("\\"I'll take down every last one of you!\\"",
B22-100R) keeps one pair of quotes where `describe` names it after `by`, not two."""
from __future__ import annotations

from fecipher.dsl.packs import compile_text
from fecipher.play.cli_cards import describe

PACK = '''
card "Quoter, Test Card"
  codes X34-001
  cost 1
  symbol red
  gender female
  weapon sword
  class "Tester"
  range 1
  attack 40
  support 10

  act "\\"Hand over your satchel!\\""
    cost tap this
    draw 1
  auto "Echo"
    when this unit is tapped by "\\"Hand over your satchel!\\""
    draw 1
  auto "After"
    when an enemy is destroyed by "\\"Hand over your satchel!\\""
    draw 1
'''


def test_a_quoted_skill_name_after_by_keeps_one_pair_of_quotes():
    (card,) = compile_text(PACK, "t.fe0")
    text = describe(card)
    assert '""' not in text, text
    assert text.count('"Hand over your satchel!"') == 3, text
