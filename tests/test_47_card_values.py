"""Values of cards that are not units (engine/card_values.py, dsl/card_values.py),
each construct compiled from text and played in a game: deployment and
class-change costs changed by a unit's CONT skill, by the card's own SPEC skill
and for a duration; printed support X and a support skill that sets it; bond
cards acquiring a unit name or a symbol; SPEC types and ranges that hold
everywhere."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import modifiers as M

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, option, options, pick

PACK = '''
card "Jagen, Quartermaster"
  codes TST-201
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  cont "Discount"
    the deployment cost of all red cards in your hand is reduced by 1 but not below 1

card "Draug, Heavy Knight"
  codes TST-202
  cost 3
  symbol red
  range 1
  attack 60
  support 10

card "Cain, Late Bloomer"
  codes TST-203
  cost 4
  class change cost 4
  symbol red
  range 1
  attack 70
  support 10
  spec "Bloom"
    if you have 2 or more allies
    the class change cost of this card becomes 1

card "Abel, Crowd Pleaser"
  codes TST-204
  cost 4
  symbol red
  range 1
  attack 50
  support 10
  spec "Popular"
    the deployment cost of this card is reduced by 1 for each red ally but not below 1

card "Caeda, Wildcard"
  codes TST-205
  cost 1
  symbol red
  attack 30
  support X
  support "Rally" attack
    the support of this card becomes 10 for each red ally until the end of the combat

card "Julian, Blank Wildcard"
  codes TST-206
  cost 1
  symbol red
  attack 30
  support X

card "Navarre, Kinsman"
  codes TST-207
  cost 1
  symbol blue
  attack 30
  support 10
  bond "Kinship" [BS]
    this card acquires the unit name of your main character

card "Ogma, Twilight Friend"
  codes TST-208
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Dusk and Dawn"
    all white bonds acquire black

card "Barst, Night Soldier"
  codes TST-209
  cost 1
  symbol black
  range 1
  attack 40
  support 10

card "Matthis, Knife Thrower"
  codes TST-210
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10
  spec "Knife Training"
    this card acquires knife and acquires range 1-2

card "Sirius, Piercing Eyes"
  codes TST-212
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Piercing Eyes"
    cost tap this
    choose 1 enemy
    the deployment cost of it becomes 1 until the end of the turn
  act "Headhunt"
    choose 1 enemy with cost 1 or less
    destroy it
  act "Scavenge"
    you may
    choose 1 card with cost 1 or less from your opponent's retreat area
    if you do: draw 1

card "Zeke, Regalia"
  codes TST-213
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  cont "Humble Foes"
    the deployment cost of all enemies is increased by 1
  cont "Shadow Weaving"
    the deployment cost of all cards in your opponent's retreat area is increased by 1

card "Gordin, Recruiter"
  codes TST-211
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Call to Arms"
    cost tap this
    the deployment cost of all red cards in your hand is reduced by 2 until the end of the turn
'''

CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "card_values.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)
WHITE = card("Pale", "White Bond", cost=1, symbols="white")


NAMES = {'Piercing Eyes': 'Sirius', 'Regalia': 'Zeke', 'Quartermaster': 'Jagen', 'Heavy Knight': 'Draug', 'Late Bloomer': 'Cain', 'Crowd Pleaser': 'Abel', 'Wildcard': 'Caeda', 'Blank Wildcard': 'Julian', 'Kinsman': 'Navarre', 'Twilight Friend': 'Ogma', 'Night Soldier': 'Barst', 'Knife Thrower': 'Matthis', 'Recruiter': 'Gordin'}


def c(title: str):
    return CARDS[f"{NAMES[title]}, {title}"]


def deployment(game, bonds: int):
    """Begin player 0's Deployment Phase with ``bonds`` face-up filler bonds."""
    add_bonds(game, 0, *[FILLER] * bonds)
    begin(game, phase="deployment")


# ---------------------------------------------------------------- costs changed by a unit
def test_cont_skill_reduces_the_deployment_cost_of_cards_in_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, c("Quartermaster"))
    heavy, cheap = add_cards(game, 0, "hand", c("Heavy Knight"), FILLER)
    deployment(game, 2)
    assert game.deploy_cost(heavy) == 2          # 3 - 1
    assert game.deploy_cost(cheap) == 1          # "but not below 1"
    o = option(game, "deploy", card=heavy, area="front")
    assert "(cost 2)" in o.label
    game.answer(o)
    assert game.players[0].cost_paid_this_turn == 2


def test_without_the_unit_the_card_costs_its_printed_cost():
    game, _, _ = duel()
    (heavy,) = add_cards(game, 0, "hand", c("Heavy Knight"))
    deployment(game, 2)
    assert game.deploy_cost(heavy) == 3
    assert not options(game, "deploy", card=heavy)


def test_the_reduction_reaches_only_cards_in_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, c("Quartermaster"))
    (in_retreat,) = add_cards(game, 0, "retreat", c("Heavy Knight"))
    (theirs,) = add_cards(game, 1, "hand", c("Heavy Knight"))
    deployment(game, 2)
    assert game.deploy_cost(in_retreat) == 3
    assert game.deploy_cost(theirs) == 3


def test_level_up_pays_the_reduced_cost():
    game, _, _ = duel()
    add_unit(game, 0, c("Quartermaster"))
    knight = add_unit(game, 0, c("Heavy Knight"))
    (heavy,) = add_cards(game, 0, "hand", c("Heavy Knight"))
    deployment(game, 2)
    o = option(game, "level_up", card=heavy, unit=knight)
    assert "(cost 2)" in o.label
    game.answer(o)
    assert game.players[0].cost_paid_this_turn == 2 and knight.stack_size == 2


# ---------------------------------------------------------------- a card's own SPEC
def test_spec_sets_the_class_change_cost_in_the_hand_while_its_condition_holds():
    game, mc0, _ = duel(mc0=card("Cain", "Base", cost=1, attack=40))
    (bloom,) = add_cards(game, 0, "hand", c("Late Bloomer"))
    deployment(game, 2)
    assert game.cc_cost(bloom) == 4              # one ally: the condition does not hold
    assert not options(game, "class_change", card=bloom)
    game2, mc, _ = duel(mc0=card("Cain", "Base", cost=1, attack=40))
    add_unit(game2, 0, FILLER)
    (bloom2,) = add_cards(game2, 0, "hand", c("Late Bloomer"))
    deployment(game2, 2)
    assert game2.cc_cost(bloom2) == 1
    pick(game2, "class_change", card=bloom2, unit=mc)
    assert mc.class_changed and game2.players[0].cost_paid_this_turn == 1


def test_spec_reduction_for_each_ally_is_counted_now():
    game, _, _ = duel()
    (crowd,) = add_cards(game, 0, "hand", c("Crowd Pleaser"))
    add_unit(game, 0, c("Heavy Knight"))
    deployment(game, 3)
    assert game.deploy_cost(crowd) == 2          # two red allies (the MC is red)
    assert options(game, "deploy", card=crowd)
    add_unit(game, 0, c("Quartermaster"))
    game.invalidate()
    assert game.deploy_cost(crowd) == 1          # 4 - 2 (own SPEC) - 1 (Discount), not below 1


def test_spec_cost_change_is_not_the_card_elsewhere():
    game, _, _ = duel()
    add_unit(game, 0, c("Heavy Knight"))
    (crowd,) = add_cards(game, 0, "retreat", c("Crowd Pleaser"))
    deployment(game, 3)
    assert game.deploy_cost(crowd) == 4


# ---------------------------------------------------------------- timed changes of cards
def test_act_skill_reduces_costs_of_cards_in_the_hand_until_the_end_of_the_turn():
    game, _, _ = duel()
    add_unit(game, 0, c("Recruiter"))
    (heavy,) = add_cards(game, 0, "hand", c("Heavy Knight"))
    (later,) = add_cards(game, 0, "deck", c("Heavy Knight"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Call to Arms")
    assert game.deploy_cost(heavy) == 1
    assert game.deploy_cost(later) == 3          # in the deck: not reached
    game.draw(0, 1)
    assert game.deploy_cost(later) == 1          # a card that comes to the hand later is reached
    game.expire_modifiers(M.END_OF_TURN)
    assert game.deploy_cost(heavy) == 3


# ---------------------------------------------------------------- units' deployment cost
def test_timed_change_of_a_units_deployment_cost():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Piercing Eyes"))
    big = add_unit(game, 1, c("Heavy Knight"))
    begin(game)
    assert game.cost(big) == 3
    pick(game, "use_skill", skill="Piercing Eyes")
    if game.decision.kind == "choose":
        pick(game, "unit", unit=big)
    assert game.cost(big) == 1 and game.cost(mc1) == 1
    # Now "an enemy with cost 1 or less" finds it.
    pick(game, "use_skill", skill="Headhunt")
    pick(game, "unit", unit=big)
    assert game.unit(big.id) is None
    game.expire_modifiers(M.END_OF_TURN)


def test_cont_change_of_enemies_deployment_cost():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Regalia"))
    big = add_unit(game, 1, c("Heavy Knight"))
    begin(game)
    assert game.cost(big) == 4 and game.cost(mc0) == 1


def test_card_filters_read_the_computed_cost():
    game, _, _ = duel()
    add_unit(game, 0, c("Piercing Eyes"))
    add_unit(game, 0, c("Regalia"))
    (cheap,) = add_cards(game, 1, "retreat", FILLER)
    begin(game)
    assert game.deploy_cost(cheap) == 2
    assert not options(game, "use_skill", skill="Scavenge")   # nothing with cost 1 or less
    game2, _, _ = duel()
    add_unit(game2, 0, c("Piercing Eyes"))
    add_cards(game2, 1, "retreat", FILLER)
    begin(game2)
    assert options(game2, "use_skill", skill="Scavenge")


# ---------------------------------------------------------------- support
def _support_events(game, player):
    from fecipher.engine import events as ev
    return [e for e in game.events if isinstance(e, ev.SupportSucceeded) and e.player == player]


def test_printed_support_x_is_zero():
    game, mc0, mc1 = duel()
    (wild,) = add_cards(game, 0, "deck", c("Blank Wildcard"), top=True)
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    assert [e.support for e in _support_events(game, 0)] == [0]
    assert game.card_support(wild) == 0


def test_support_skill_sets_this_cards_support_for_the_combat():
    game, _, mc1 = duel()
    a = add_unit(game, 0, c("Heavy Knight"))
    add_unit(game, 0, c("Quartermaster"))
    (wild,) = add_cards(game, 0, "deck", c("Wildcard"), top=True)
    begin(game)
    pick(game, "attack", unit=a, target=mc1)
    # Three red allies (the MC is red): 30, counted when the skill resolved.
    assert [e.support for e in _support_events(game, 0)] == [30]
    # After the combat (the card is in the Retreat Area) it is X again.
    while game.battle is not None:
        game.answer(0)
    assert game.players[0].retreat[-1] is wild and game.card_support(wild) == 0


# ---------------------------------------------------------------- bond cards
def test_bond_card_acquires_the_unit_name_of_the_main_character_while_face_up():
    game, mc0, _ = duel(mc0=card("Marth", "Lord", cost=1, attack=50))
    kin, = add_bonds(game, 0, c("Kinsman"))
    (hand,) = add_cards(game, 0, "hand", c("Kinsman"))
    begin(game)
    assert game.card_names(kin.copy) == {"Navarre", "Marth"}
    assert game.card_names(hand) == {"Navarre"}        # in the hand: the bond skill is not active
    game.flip_bond(kin, False)
    assert game.card_names(kin.copy) == {"Navarre"}


def test_a_unit_name_acquired_by_a_bond_card_counts_where_a_skill_names_bonds():
    """A bond's "acquires the unit name of your main character" is read by every name
    filter of a skill ("if you have a "Marth" bond"), not only by card_names."""
    (counter,) = compile_text('''
card "Ogma, Bond Counter"
  codes TST-290
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Kin Sense"
    if you have 1 or more "Marth" bonds
    this unit gains +10 attack
''', "kin.fe0")
    game, _, _ = duel(mc0=card("Marth", "Lord", cost=1, attack=50))
    kin, = add_bonds(game, 0, c("Kinsman"))
    unit = add_unit(game, 0, counter)
    begin(game)
    assert game.attack(unit) == 50
    game.flip_bond(kin, False)                         # face-down: no name at all
    assert game.attack(unit) == 40


def test_a_named_choice_from_the_bond_area_takes_face_up_bonds_only():
    """A face-down bond has no name: "choose 1 "Navarre" card from your bond area" offers
    only face-up Navarre bonds, as "you have a "Navarre" bond" counts them (face_test)."""
    (caller,) = compile_text('''
card "Ogma, Bond Caller"
  codes TST-291
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  act "Call Kin"
    cost tap this
    choose 1 "Navarre" card from your bond area
    add it to your hand
''', "call.fe0")
    game, _, _ = duel()
    up, down = add_bonds(game, 0, c("Kinsman"), c("Kinsman"))
    game.flip_bond(down, False)
    add_unit(game, 0, caller)
    begin(game)
    pick(game, "use_skill", skill="Call Kin")
    offered = game.legal_options()
    assert [o.card for o in offered if o.card is not None] == [up.copy.id]   # not the face-down one
    game.answer(offered[0])
    assert game.players[0].hand == [up.copy]
    assert [b.copy for b in game.players[0].bonds] == [down.copy]


def test_cont_skill_makes_white_bonds_also_black_for_deployment():
    game, _, _ = duel()
    add_unit(game, 0, c("Twilight Friend"))
    add_bonds(game, 0, WHITE)
    (night,) = add_cards(game, 0, "hand", c("Night Soldier"))
    begin(game, phase="deployment")
    assert options(game, "deploy", card=night)
    game2, _, _ = duel()
    add_bonds(game2, 0, WHITE)
    (night2,) = add_cards(game2, 0, "hand", c("Night Soldier"))
    begin(game2, phase="deployment")
    assert not options(game2, "deploy", card=night2)


# ---------------------------------------------------------------- SPEC types and ranges
def test_spec_type_and_range_hold_everywhere():
    game, _, _ = duel()
    u = add_unit(game, 0, c("Knife Thrower"))
    (in_hand,) = add_cards(game, 0, "hand", c("Knife Thrower"))
    begin(game)
    assert {"knife", "sword"} <= game.types(u)
    assert game.ranges(u) == {1, 2}
    assert "knife" in in_hand.card.all_types


# ---------------------------------------------------------------- refused forms
@pytest.mark.parametrize("old,new,message", [
    ("the deployment cost of all red cards in your hand is reduced by 1 but not below 1",
     "the support of all enemies becomes 10", "units on the field is not supported"),
    ("the deployment cost of all red cards in your hand is reduced by 1 but not below 1",
     "the deployment cost of all enemies is reduced by 1 but not below 1", "not units'"),
    ("the class change cost of this card becomes 1", "the deployment cost of your main character becomes 1",
     "cannot change the deployment cost of units"),
    ("the deployment cost of all red cards in your hand is reduced by 1 but not below 1",
     "the deployment cost of this card becomes 1", "is this unit"),
    ("the deployment cost of all red cards in your hand is reduced by 1 but not below 1",
     "the deployment cost of 1 red card in your hand becomes 1", "about all of them"),
    ("the class change cost of this card becomes 1", "the support of this card becomes 1", "support is not used"),
    ("this card acquires knife and acquires range 1-2", "this card acquires black", "not supported"),
    ("all white bonds acquire black", "all white bonds acquire the unit name of your main character",
     "bond card's own skill"),
    ("all white bonds acquire black", "all white bonds gain +10 attack", "not supported"),
    ("    the deployment cost of all red cards in your hand is reduced by 2 until the end of the turn",
     "    the deployment cost of all red cards in your hand is reduced by 2", "needs a duration"),
])
def test_unsupported_card_value_forms_are_refused(old, new, message):
    assert old in PACK
    with pytest.raises(LanguageError, match=message):
        compile_text(PACK.replace(old, new), "bad.fe0")


def test_spec_type_under_a_condition_is_refused():
    bad = PACK.replace('''  spec "Knife Training"
''', '''  spec "Knife Training"
    if you have 2 or more allies
''')
    with pytest.raises(LanguageError, match="under a condition is not supported"):
        compile_text(bad, "bad.fe0")


def test_support_x_is_the_only_word_for_a_support():
    with pytest.raises(LanguageError, match="a number or X"):
        compile_text(PACK.replace("  support X\n  support \"Rally\"", "  support Y\n  support \"Rally\""), "bad.fe0")
