"""Colours compared between cards (docs/skill-language.md, "Colours compared"): `with the same
color as your main character` (B17-037R's bonds flipped as a cost, B17-051R's card of the
Retreat Area) takes things sharing a colour with the reference now; `that shares no color with
any ally` (B17-001SR, B17-018SR) takes cards sharing no colour with any ally now. Colorless is
a colour in these comparisons (engine decision in docs/rules.md); a face-down bond has none."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Keeper, Colour Reader"
  codes TST-941
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Same Bonds"
    cost flip 2 bonds with the same color as your main character
    draw 1
  act "Same Cards"
    choose 1 card with the same color as your main character from your retreat area
    add it to your hand
  act "New Colours"
    choose 1 card from your hand that shares no color with any ally
    deploy it
'''


def _keeper():
    return compile_text(PACK, "t.fe0")[0]


def _src(line: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n    {line}\n    add it to your hand\n'


def test_compiles_and_reads_as_the_cards():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    texts = [render_skill(s) for s in parse_pack(PACK, "t.fe0").cards[0].skills]
    assert "[Flip 2 Bonds with the same Color as your Main Character face-down]" in texts[0]
    assert "Choose 1 card with the same Color as your Main Character from your Retreat Area" in texts[1]
    assert "which does not share a Color with any ally" in texts[2]


@pytest.mark.parametrize("line, words", [
    ('choose 1 card with the same color as "Marth" from your retreat area', "names no unit or card"),
    ("choose 1 card from your retreat area that shares no color with any card", "compares with units on the field"),
    ("choose 1 card from your retreat area that shares no color with any orb", "compares with units on the field"),
])
def test_near_misses_are_refused(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(line), "bad.fe0")
    assert words in str(e.value)


def _board(mc_symbols):
    g, _, _ = duel(card("Lord 0", "main character", symbols=mc_symbols))
    u = add_unit(g, 0, _keeper())
    return g, u


def test_bonds_of_the_main_characters_colour_pay_the_flip():
    g, u = _board(("red", "blue"))
    bonds = add_bonds(g, 0, card("R"), card("G", symbols="green"), card("B", symbols="blue"), card("RG", symbols=("red", "green")))
    add_bonds(g, 0, card("Down", symbols="red"), face_up=False)
    begin(g)
    pick(g, "use_skill", skill="Same Bonds")
    assert {o.card for o in g.legal_options()} == {bonds[0].copy.id, bonds[2].copy.id, bonds[3].copy.id}


def test_one_bond_of_the_colour_face_up_does_not_pay_two():
    g, u = _board("red")
    add_bonds(g, 0, card("R"), card("G", symbols="green"))
    add_bonds(g, 0, card("Down"), face_up=False)        # a face-down bond has no colour
    begin(g)
    assert not options(g, "use_skill", skill="Same Bonds")


def test_a_card_of_the_retreat_area_sharing_a_colour_and_colorless_with_colorless():
    g, u = _board("red")
    rs = add_cards(g, 0, "retreat", card("R"), card("G", symbols="green"), card("C", symbols=()),
                   card("GR", symbols=("green", "red")))
    begin(g)
    pick(g, "use_skill", skill="Same Cards")
    assert {o.card for o in g.legal_options()} == {rs[0].id, rs[3].id}
    g, u = _board(())                                   # a colorless main character: colorless cards
    rs = add_cards(g, 0, "retreat", card("R"), card("C", symbols=()))
    begin(g)
    pick(g, "use_skill", skill="Same Cards")
    assert {o.card for o in g.legal_options()} == {rs[1].id}
    pick(g, card=rs[1].id)
    assert g.players[0].hand[-1].id == rs[1].id


def test_a_card_of_the_hand_sharing_no_colour_with_any_ally():
    g, u = _board("red")                                # allies: the red MC and the red keeper
    add_unit(g, 0, card("Blue Ally", symbols="blue"))
    hand = add_cards(g, 0, "hand", card("R"), card("G", symbols="green"), card("C", symbols=()),
                     card("GB", symbols=("green", "blue")))
    begin(g)
    pick(g, "use_skill", skill="New Colours")
    assert {o.card for o in g.legal_options()} == {hand[1].id, hand[2].id}
    pick(g, card=hand[1].id)
    if g.decision is not None and g.decision.kind != "action":
        g.answer(g.legal_options()[0])                  # the line it is deployed to
    assert any(x.cards[0].id == hand[1].id for x in g.players[0].units)


def test_a_colorless_ally_shares_colorless():
    g, u = _board("red")
    add_unit(g, 0, card("Plain", symbols=()))
    hand = add_cards(g, 0, "hand", card("G", symbols="green"), card("C", symbols=()))
    begin(g)
    pick(g, "use_skill", skill="New Colours")
    assert {o.card for o in g.legal_options()} == {hand[0].id}   # the colorless card shares "colorless"
