"""'the attack of this unit becomes N [for each ...]' (a CONT skill; "This unit's attack is
calculated as the total number of cards stacked with this unit x 10", B12-001SR) and a
printed attack X (docs/skill-language.md, "Printed X values"; docs/rules.md engine decision
44): the set value stands in for the printed attack, every addition (skills, the support)
counts on top of it, and a card printed X needs the skill that defines it."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import modifiers as M

from vanilla import add_unit, begin, card, continuous, duel

PACK = '''
card "Hero, Stacked Vanguard"
  codes TST-200
  cost 3
  symbol green
  range 1
  attack X
  support 20
  cont "Count"
    the attack of this unit becomes 10 for each card in this unit's stack
'''


def _hero():
    return compile_text(PACK, "t.fe0")[0]


def test_compiles_printed_x_and_reads_as_the_card():
    c = _hero()
    assert c.attack == 0 and c.printed_x == frozenset({"attack"})
    assert c.skills[0].text == "Count |CONT| The attack of this unit becomes 10 for each card in this unit's stack."
    from fecipher.play.cli_cards import describe
    assert "attack X" in describe(c)


def test_the_attack_follows_the_stack():
    g, _, _ = duel()
    h = _hero()
    one = add_unit(g, 0, h)
    three = add_unit(g, 0, h, card("Hero"), card("Hero"))
    begin(g)
    assert g.attack(one) == 10 and g.attack(three) == 30
    assert g.attack_sources(three) == ("Count =30",)


def test_additions_count_on_top_of_the_set_value_whatever_their_order():
    # A +20 from another unit's continuous skill, registered before and after the set.
    plus = continuous("Plus", M.ATTACK, "add", 20, lambda ctx, u: u.card.unit_name == "Hero")
    for first in (True, False):
        g, _, _ = duel()
        if first:
            add_unit(g, 0, card("Buffer", skills=[plus]))
        u = add_unit(g, 0, _hero(), card("Hero"))
        if not first:
            add_unit(g, 0, card("Buffer", skills=[plus]))
        begin(g)
        assert g.attack(u) == 40   # 2 cards x 10, then +20


def test_without_its_skill_the_printed_x_is_zero():
    from fecipher.dsl.compiler import blank_card
    g, _, _ = duel()
    u = add_unit(g, 0, blank_card(_hero()), card("Hero"))
    begin(g)
    assert g.attack(u) == 0


def _src(facts: str, line: str, kind: str = "cont") -> str:
    return (f'card "Bad, One"\n  codes BAD-001\n  cost 1\n{facts}  support 10\n'
            f'  {kind} "X"\n    {line}\n')


@pytest.mark.parametrize("facts, line, kind, message", [
    ("  attack X\n", "this unit gains +10 attack", "cont", "attack X is defined by a CONT skill"),
    ("  attack Y\n", "this unit gains +10 attack", "cont", "attack is a number or X"),
    ("  attack 30\n", "the attack of this unit becomes 10 until the end of the turn", "act",
     "an attack that becomes a number is supported in a CONT skill"),
    ("  attack 30\n", "the attack of this unit is increased by 10", "cont",
     "'the attack of ... is reduced / increased' is not supported"),
    ("  attack 30\n", "the attack of this unit becomes the attack of your main character", "cont",
     "'the attack of ... becomes the ... of ...' is not supported"),
    ("  attack 30\n", "the attack of all cards in your hand becomes 10", "cont",
     "the attack of units is set"),
])
def test_near_misses_are_refused(facts, line, kind, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(facts, line, kind), "bad.fe0")
    assert message in str(e.value)
