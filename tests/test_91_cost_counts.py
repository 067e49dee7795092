"""A cost pays an exact number of things (rule 9: all of it, or the skill cannot start).
'cost send all cards from your hand ...' ("Send your entire hand", P10-003PR) was accepted
and paid as ONE card (a silent wrong meaning); a cost with 'all', 'up to', 'any number of'
or no count is now refused at check time for every counted cost verb."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

BASE = '''card "Bad, Card"
  codes TST-911
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  act "Bad"
'''


@pytest.mark.parametrize("cost", [
    "send all red cards from your hand to your retreat area",   # (the whole hand, no filter, is a cost: test_92h)
    "send up to 2 cards from your hand to your retreat area",
    # ("send any number of cards from your hand ..." is a cost: test_94_counts_sent_as_the_cost)
    "destroy all other allies",   # (tapping all other allies is a cost: test_94_counts_tap_all_other_allies)
    "tap up to 2 other allies",
])
def test_a_cost_without_an_exact_number_is_refused(cost):
    with pytest.raises(LanguageError, match="pays a number of things"):
        compile_text(BASE + f"    cost {cost}\n    draw 1\n", "bad.fe0")


@pytest.mark.parametrize("cost", [
    "send 2 cards from your hand to your retreat area",
    "send 1 \"Marth\" card from your hand to your retreat area",
    "tap 1 other ally",
    "tap another ally",
])
def test_a_cost_with_an_exact_number_is_accepted(cost):
    cards = compile_text(BASE + f"    cost {cost}\n    draw 1\n", "ok.fe0")
    assert [c.code for c in cards] == ["TST-911"]
