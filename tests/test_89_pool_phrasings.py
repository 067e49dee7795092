"""More of the pool's phrasings for rows "counting" and "orbs" (docs/skill-language.md):
a card filter "with cost equal to the number of orbs you have", a chosen orb destroyed,
a bond of each player chosen in one skill, "if this skill destroys ...", played in games."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Lissa, Sprightly Cleric"
  codes TST-891
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Let's Do Our Best"
    once per turn
    choose 1 non-"Lissa" card with cost equal to the number of orbs you have from your retreat area
    add it to your hand

card "Gaius, Treasury"
  codes TST-895
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Door of the Treasury"
    reveal the top card of your opponent's deck
    choose 1 non-"Gaius" card with a lower cost than the revealed card from your retreat area
    add the chosen card to your hand

card "Ike, Radiant"
  codes TST-896
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Aether"
    cost flip 3 bonds
    this unit gains +30 attack until the end of the turn
  cont "Memories of War"
    the cost of "Aether" is reduced by 1 bond for each card stacked under this unit but not below 1

card "Sothe, Dawn Wind"
  codes TST-892
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "A Blade From the Dark"
    once per turn
    choose 1 of your opponent's orbs
    reveal it
    destroy it

card "Triandra, Nightmare"
  codes TST-893
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  act "Unending Nightmare"
    choose 1 of your opponent's bonds
    flip the chosen card face-down
    if you have fewer bonds than your opponent: choose 1 face-down bond
    if you do: flip the chosen bond face-up

card "Deirdre, Divine Blood"
  codes TST-894
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Heiress to Naga's Blood"
    destroy all non-main character dragonstone enemies
    if you do: you may choose 1 face-down bond
    flip it face-up
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "pool_phrasings.fe0")}
F = card("Filler", "x", attack=10)


@pytest.mark.parametrize("orbs", [1, 2, 3])
def test_a_card_whose_cost_equals_the_number_of_orbs_you_have(orbs):
    game, _, _ = duel(orbs=orbs)
    add_unit(game, 0, CARDS["Lissa"])
    by_cost = add_cards(game, 0, "retreat", *[card(f"Cost {n}", "x", cost=n) for n in (1, 2, 3)])
    add_cards(game, 0, "retreat", card("Lissa", "x", cost=orbs))
    begin(game)
    pick(game, "use_skill", skill="Let's Do Our Best")
    assert [o.card for o in options(game, "card")] == [by_cost[orbs - 1].id]


@pytest.mark.parametrize("revealed_cost, offered", [(3, {1, 2}), (2, {1}), (1, set())])
def test_a_card_with_a_lower_cost_than_the_revealed_card(revealed_cost, offered):
    game, _, _ = duel(deck=0)
    add_unit(game, 0, CARDS["Gaius"])
    add_cards(game, 1, "deck", card("Top", "x", cost=revealed_cost), F)
    mine = add_cards(game, 0, "retreat", *[card(f"Cost {n}", "x", cost=n) for n in (1, 2, 3)])
    add_cards(game, 0, "retreat", card("Gaius", "x", cost=1))
    add_cards(game, 0, "deck", F, F)
    begin(game)
    pick(game, "use_skill", skill="Door of the Treasury")
    assert {c.card.cost for c in mine if options(game, "card", card=c)} == offered


@pytest.mark.parametrize("under, bonds, offered", [(2, 1, True), (1, 1, False), (1, 2, True), (5, 1, True),
                                                    (5, 0, False)])
def test_a_skill_cost_reduced_for_each_card_stacked_under_the_unit(under, bonds, offered):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Ike"], *[card("Ike", f"lv{n}") for n in range(under)])
    add_bonds(game, 0, *[F] * bonds)
    begin(game)
    assert bool(options(game, "use_skill", skill="Aether")) is offered   # (never below 1 bond)


def test_a_chosen_orb_is_destroyed_into_its_owners_hand():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Sothe"])
    theirs = add_orbs(game, 1, 2)
    begin(game)
    hand = len(game.players[1].hand)
    pick(game, "use_skill", skill="A Blade From the Dark")
    pick(game, "card", card=theirs[0].copy)
    assert [o.copy for o in game.players[1].orbs] == [theirs[1].copy]
    assert theirs[0].copy in game.players[1].hand and len(game.players[1].hand) == hand + 1
    assert events(game, ev.OrbBroken)[-1].card == theirs[0].copy.id


@pytest.mark.parametrize("mine, restored", [(1, True), (3, False)])
def test_a_bond_of_each_player_in_one_skill(mine, restored):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Triandra"])
    blue = card("Blue", "bond", symbols="blue")
    (down,) = add_bonds(game, 0, blue, face_up=False)
    add_bonds(game, 0, *[blue] * (mine - 1))
    theirs = add_bonds(game, 1, blue, blue)
    begin(game)
    pick(game, "use_skill", skill="Unending Nightmare")
    pick(game, "card", card=theirs[1].copy)
    assert not theirs[1].face_up and theirs[0].face_up
    if restored:
        pick(game, "card", card=down.copy)
    assert down.face_up is restored


@pytest.mark.parametrize("destroyed", [True, False])
def test_if_this_skill_destroys_an_enemy_you_may_restore_a_bond(destroyed):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    if destroyed:
        add_unit(game, 1, card("Manakete", "x", weapon="dragonstone"), area="back")
    (down,) = add_bonds(game, 0, F, face_up=False)
    begin(game)
    pick(game, "use_skill", skill="Heiress to Naga's Blood")
    if destroyed:
        pick(game, "yes")
        pick(game, "card", card=down.copy)
    assert down.face_up is destroyed


def test_you_may_choose_is_asked_and_declining_chooses_nothing():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    add_unit(game, 1, card("Manakete", "x", weapon="dragonstone"), area="back")
    (down,) = add_bonds(game, 0, F, face_up=False)
    begin(game)
    pick(game, "use_skill", skill="Heiress to Naga's Blood")
    pick(game, "no")
    assert not down.face_up and game.decision.kind == "action"


@pytest.mark.parametrize("lines, message", [
    ("choose 1 card with cost equal to the number of cards you have from your retreat area\n    draw 1",
     "counts orbs, bonds or allies"),
    ("choose 1 card from your hand\n    destroy it", "'destroy' destroys units and orbs"),
    ("reveal the top card of your deck\n    choose 1 card with a lower range than the revealed card from your "
     "retreat area\n    add the chosen card to your hand", "compares cost, attack or support"),
])
def test_phrasings_that_mean_nothing_are_refused(lines, message):
    text = ('card "Probe, Probe"\n  codes TST-899\n  cost 1\n  attack 10\n  support 10\n  act "X"\n    '
            + lines + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)
