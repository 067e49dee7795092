"""A continuous skill of the Boundless Area and a unit losing all its symbols: `boundless "X"`
whose lines are changes with no duration ("If this unit is in your Boundless Area, your
opponent's Main Character loses all of their Colors", B22-087R; docs/skill-language.md,
"Continuous skills of the Boundless Area"): the changes hold while the card is in its owner's
Boundless Area, and `loses all symbols` takes every symbol (printed or acquired) away."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.cards import Symbol
from fecipher.engine.skills import SkillKind

from vanilla import add_cards, add_unit, answer_until, begin, card, duel, pick

PACK = '''
card "Princess, Springtime"
  codes TST-240
  cost 3
  symbol none
  range 1-2
  attack 40
  support 30
  act "Away"
    cost tap this, send this unit to your boundless area
    draw 1
  boundless "Celebrate"
    your opponent's main character loses all symbols

card "Sender, Hand To Boundless"
  codes TST-242
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Send"
    choose 1 card from your hand
    send it to your boundless area

card "Thief, Colour Thief"
  codes TST-241
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Steal"
    choose 1 enemy
    it loses all of its symbols until the end of the turn
'''


def _cards():
    return {c.unit_name: c for c in compile_text(PACK, "t.fe0")}


def test_reads_as_the_card_and_is_no_used_skill():
    s = _cards()["Princess"].skills[1]
    assert s.text == "Celebrate |BOUNDLESS| Your opponent's Main Character loses all of its Colors."
    assert s.kind is SkillKind.BOUNDLESS and s.effect is None and s.continuous


def _duel():
    return duel(card("Lord 0", symbols="blue"), card("Lord 1", symbols=("red", "white")))


@pytest.mark.parametrize("area, holds", [("boundless", True), ("hand", False), ("retreat", False)])
def test_it_holds_while_the_card_is_in_its_owners_boundless_area(area, holds):
    g, mc0, mc1 = _duel()
    add_cards(g, 0, area, _cards()["Princess"])
    begin(g)
    assert g.symbols(mc1) == (frozenset() if holds else frozenset({Symbol.RED, Symbol.WHITE}))
    assert g.symbols(mc0) == frozenset({Symbol.BLUE})   # (its owner's Main Character keeps them)
    assert not any(o.skill == "Celebrate" for o in g.legal_options() if o.kind == "use_skill")


def test_not_as_a_unit_and_from_the_moment_it_reaches_the_boundless_area():
    g, mc0, mc1 = _duel()
    add_unit(g, 0, _cards()["Princess"])
    begin(g)
    assert g.symbols(mc1) == frozenset({Symbol.RED, Symbol.WHITE})
    pick(g, "use_skill", skill="Away")
    assert [c.card.unit_name for c in g.players[0].boundless] == ["Princess"]
    assert g.symbols(mc1) == frozenset()


def test_a_card_reaching_the_boundless_area_while_the_field_stays_the_same():
    # (what the field's skills change is remembered while the field stays the same: a card
    # going from the hand to the Boundless Area must still count)
    from fecipher.engine import modifiers as M
    cs = _cards()
    g, mc0, mc1 = _duel()
    add_unit(g, 0, cs["Sender"])
    princess, = add_cards(g, 0, "hand", cs["Princess"])
    begin(g)
    assert M.idle(g, M.SYMBOLS) and g.symbols(mc1) == frozenset({Symbol.RED, Symbol.WHITE})
    pick(g, "use_skill", skill="Send")
    pick(g, card=princess.id)
    assert not M.idle(g, M.SYMBOLS) and g.symbols(mc1) == frozenset()


def test_a_timed_loss_of_all_symbols_ends_with_its_duration():
    g, mc0, mc1 = _duel()
    add_unit(g, 0, _cards()["Thief"])
    begin(g)
    pick(g, "use_skill", skill="Steal")
    pick(g, unit=mc1)
    assert g.symbols(mc1) == frozenset()
    answer_until(g, lambda g: g.turn == 3)
    assert g.symbols(mc1) == frozenset({Symbol.RED, Symbol.WHITE})


def _src(kind: str, *lines: str) -> str:
    body = "\n".join(f"    {line}" for line in lines)
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  {kind} "S"\n{body}\n'


@pytest.mark.parametrize("kind, lines, message", [
    ("boundless", ("this unit gains +10 attack",), "its card is not a unit"),
    ("boundless", ("if you have 2 or more bonds", "all allies gain +10 attack"),
     "a condition on a continuous skill of the Boundless Area is not supported"),
    ("act", ("choose 1 enemy", "it loses all symbols"), "this change needs a duration"),
])
def test_near_misses_are_refused(kind, lines, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(kind, *lines), "bad.fe0")
    assert message in str(e.value)
