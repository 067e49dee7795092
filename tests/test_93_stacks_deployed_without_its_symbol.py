"""'this card can be deployed even if you do not have bonds of its symbol' (a SPEC card rule,
B07-098HN Lilith "Oath of Service": "This card can be deployed from your hand even if you do not
have a <White> Bond card. This skill is only active if you have 1 or more <Black> Bond cards";
docs/skill-language.md, "During a phase; deploying without the symbols"): rule 5's symbols are not
asked of this card's deployment from the hand while the skill's condition holds; the bond count
still is, and levelling up or class changing with the card still needs them."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.deployment import deploy_refusal

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Lilith, Oath Keeper"
  codes TST-939
  cost 2
  symbol white
  range 1
  attack 10
  support 20
  spec "Oath of Service" [US]
    if you have 1 or more black bonds
    this card can be deployed even if you do not have bonds of its symbol

card "Lilith, Grown"
  codes TST-940
  cost 3
  class change cost 2
  symbol white
  range 1
  attack 60
  support 20
  spec "Oath of Service" [US]
    this card can be deployed even if you do not have bonds of its symbol
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
BLACK = card("Black", "bond", symbols="black")
RED = card("Red", "bond", symbols="red")


@pytest.mark.parametrize("bonds, legal", [((BLACK, RED), True), ((RED, RED), False), ((BLACK,), False)])
def test_deployed_from_the_hand_without_a_white_bond_while_you_have_a_black_bond(bonds, legal):
    game, _, _ = duel()
    (lilith,) = add_cards(game, 0, "hand", CARDS["Lilith, Oath Keeper"])
    add_bonds(game, 0, *bonds)
    begin(game, phase="deployment")
    assert bool(options(game, "deploy", card=lilith)) is legal
    assert (deploy_refusal(game, 0, lilith, "front") is None) is legal
    if legal:
        pick(game, "deploy", card=lilith, area="back")
        assert any(u.top is lilith for u in game.players[0].units)
    elif len(bonds) == 1:
        assert "costs 2, but you have 1 bonds" in deploy_refusal(game, 0, lilith, "front")   # the count holds
    else:
        assert "needs a face-up White bond" in deploy_refusal(game, 0, lilith, "front")


def test_other_cards_still_need_their_symbols():
    game, _, _ = duel()
    add_cards(game, 0, "hand", CARDS["Lilith, Oath Keeper"])
    (other,) = add_cards(game, 0, "hand", card("Camilla", "x", cost=1, symbols="white"))
    add_bonds(game, 0, BLACK, RED)
    begin(game, phase="deployment")
    assert not options(game, "deploy", card=other)


def test_levelling_up_with_it_still_needs_the_symbol():
    game, _, _ = duel()
    unit = add_unit(game, 0, card("Lilith", "lv1", symbols="white"), area="back")
    (grown,) = add_cards(game, 0, "hand", CARDS["Lilith, Grown"])
    add_bonds(game, 0, RED, RED, RED)
    begin(game, phase="deployment")
    assert not options(game, "class_change", card=grown, unit=unit)
    assert not options(game, "level_up", card=grown, unit=unit)


@pytest.mark.parametrize("text, message", [
    ('cont "X"\n    this card can be deployed even if you do not have bonds of its symbol', "SPEC skill"),
    ('spec "X"\n    this unit can be deployed even if you do not have bonds of its symbol', "about 'this card'"),
])
def test_refused_outside_a_spec_rule_of_this_card(text, message):
    src = 'card "Probe, Probe"\n  codes TST-941\n  cost 1\n  attack 10\n  support 10\n  ' + text + "\n"
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)


def test_refused_for_the_players_cards():
    src = ('card "Probe, Probe"\n  codes TST-941\n  cost 1\n  attack 10\n  support 10\n  spec "X"\n'
           '    this card can be deployed even if you do not have bonds of their symbols\n')
    with pytest.raises(LanguageError):
        compile_text(src, "x.fe0")


def test_it_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "deployed from your hand even if you do not have a Bond card of its color" in text
