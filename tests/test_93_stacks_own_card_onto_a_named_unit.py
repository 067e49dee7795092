"""`put this card onto 1 "Edelgard" ally` (B21-047HN Hegemon Edelgard "Gods-Burning Hegemon":
"stack this card on top of an allied "Edelgard" to Level Up her"; engine decision 38 in
docs/rules.md): a skill that puts its own card onto a unit of a unit name the line names levels
that unit up though the card's unit name is another; any other card put onto a unit still needs
rule 6's match, and "cannot level up by skills" still refuses it."""
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Hegemon Edelgard, Husk"
  codes TST-945
  cost 7
  symbol brown
  range 1
  attack 80
  support 0
  hand "Gods-Burning"
    cost flip 1 bond
    put this card onto 1 "Edelgard" ally

card "Hubert, Shadow"
  codes TST-946
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  act "Stack Another"
    choose 1 card from your hand
    put it onto 1 "Edelgard" ally
  act "Seal"
    choose 1 "Edelgard" ally
    it cannot level up by skills until the end of the turn
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
BROWN = card("Brown", "bond", symbols="brown")


def _board(*, hubert: bool = False):
    game, _, _ = duel()
    edelgard = add_unit(game, 0, card("Edelgard", "x", symbols="brown"), area="front")
    if hubert:
        add_unit(game, 0, CARDS["Hubert, Shadow"], area="back")
    (husk,) = add_cards(game, 0, "hand", CARDS["Hegemon Edelgard, Husk"])
    add_bonds(game, 0, BROWN)
    begin(game)
    return game, edelgard, husk


def test_this_card_levels_up_the_named_unit():
    game, edelgard, husk = _board()
    pick(game, "use_skill", skill="Gods-Burning")
    unit = game.unit(edelgard.id)
    assert unit.top is husk and len(unit.cards) == 2
    assert unit.name == "Hegemon Edelgard"
    assert any(type(e).__name__ == "LeveledUp" for e in game.events[-6:])


def test_another_card_still_needs_the_unit_name():
    game, edelgard, husk = _board(hubert=True)
    pick(game, "use_skill", skill="Stack Another")
    assert not options(game, "card", card=husk)      # not this skill's card: rule 6 holds


def test_cannot_level_up_by_skills_still_refuses_it():
    game, edelgard, husk = _board(hubert=True)
    pick(game, "use_skill", skill="Seal")
    pick(game, unit=edelgard.id)
    pick(game, "use_skill", skill="Gods-Burning")
    assert husk in game.players[0].hand and len(game.unit(edelgard.id).cards) == 1


def test_not_onto_a_unit_of_another_name():
    game, _, _ = duel()
    other = add_unit(game, 0, card("Dimitri", "x", symbols="brown"), area="front")
    (husk,) = add_cards(game, 0, "hand", CARDS["Hegemon Edelgard, Husk"])
    add_bonds(game, 0, BROWN)
    begin(game)
    if options(game, "use_skill", skill="Gods-Burning"):
        pick(game, "use_skill", skill="Gods-Burning")
    assert husk in game.players[0].hand and len(game.unit(other.id).cards) == 1
