"""Ten constructs of the language, each played in a game on small test cards, with a
test that fails if the construct did nothing or did something else:

``have_reference`` ("if you have "Partner""), ``level_up_into`` ("when you level up into
this"), ``named`` ("1 ally named "Partner""), ``negation`` ("if not this unit is
tapped"), ``on_levels_up`` ("when an ally levels up"), ``q_untapped`` ("1 untapped
enemy"), ``ref_deck_bottom`` ("the bottom card of your deck"), ``ref_event_card``
("that card"), ``ref_own_battler`` ("your battling unit") and ``role_both`` (a support
skill "attack/defence")."""
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import FILLER, add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Partner, Friend"
  codes TC-001
  cost 1
  symbol red
  range 1
  attack 30
  support 10

card "Seeker, Kin"
  codes TC-002
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Kinship"
    if you have "Partner"
    this unit gains +10 attack
  cont "Restless"
    if not this unit is tapped
    this unit gains +5 attack
  act "Rally"
    choose 1 ally named "Partner"
    it gains +20 attack until the end of the turn
  act "Ambush"
    choose 1 untapped enemy
    destroy it
  act "Dredge"
    add the bottom card of your deck to your hand
  auto "Mentor"
    when an ally levels up
    this unit gains +10 attack until the end of the turn
  auto "Recall"
    each time a blue card is placed in your bond area
    add that card to your hand

card "Climber, Low"
  codes TC-003
  cost 1
  symbol red
  range 1
  attack 30
  support 10

card "Climber, High"
  codes TC-004
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  auto "Arrival"
    when you level up into this
    draw 2

card "Helper, Both Ways"
  codes TC-005
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  support "Aid" attack/defence
    your battling unit gains +20 attack until the end of the combat

card "Blue, Bond"
  codes TC-006
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
'''

CARDS = {c.name: c for c in compile_text(PACK, "ten.fe0")}
PARTNER, SEEKER = CARDS["Partner, Friend"], CARDS["Seeker, Kin"]
LOW, HIGH = CARDS["Climber, Low"], CARDS["Climber, High"]
HELPER, BLUE = CARDS["Helper, Both Ways"], CARDS["Blue, Bond"]


def test_have_reference_counts_an_ally_with_that_unit_name():
    game, mc0, mc1 = duel()
    seeker = add_unit(game, 0, SEEKER)
    begin(game)
    assert game.attack(seeker) == 30 + 5
    pick(game, "use_skill", skill="Dredge")       # (a game is played: an answer is given)
    game, mc0, mc1 = duel()
    seeker = add_unit(game, 0, SEEKER)
    add_unit(game, 0, PARTNER, area="back")
    begin(game)
    assert game.attack(seeker) == 30 + 10 + 5


def test_have_reference_does_not_count_an_enemy_of_that_name():
    game, mc0, mc1 = duel()
    seeker = add_unit(game, 0, SEEKER)
    add_unit(game, 1, PARTNER)
    begin(game)
    pick(game, "use_skill", skill="Dredge")
    assert game.attack(seeker) == 30 + 5


def test_negation_holds_while_the_inner_condition_does_not():
    game, mc0, mc1 = duel()
    seeker = add_unit(game, 0, SEEKER)
    foe = add_unit(game, 1, card("Foe", attack=10))
    begin(game)
    assert game.attack(seeker) == 35
    pick(game, "attack", unit=seeker, target=foe)    # attacking taps it: "not tapped" no longer holds
    assert seeker.tapped and game.attack(seeker) == 30


def test_named_offers_only_allies_of_that_unit_name():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SEEKER)
    partner = add_unit(game, 0, PARTNER, area="back")
    add_unit(game, 0, LOW, area="back")
    begin(game)
    pick(game, "use_skill", skill="Rally")
    assert [o.unit for o in options(game, "unit")] == [partner.id]
    pick(game, "unit", unit=partner)
    assert game.attack(partner) == 50


def test_untapped_offers_only_untapped_enemies():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SEEKER)
    tapped = add_unit(game, 1, LOW, tapped=True)
    standing = add_unit(game, 1, card("Foe"))
    begin(game)
    pick(game, "use_skill", skill="Ambush")
    assert {o.unit for o in options(game, "unit")} == {mc1.id, standing.id}
    pick(game, "unit", unit=standing)
    assert game.unit(standing.id) is None and game.unit(tapped.id) is tapped


def test_the_bottom_card_of_your_deck_is_added_to_the_hand():
    game, mc0, mc1 = duel(deck=3)
    add_unit(game, 0, SEEKER)
    bottom, = add_cards(game, 0, "deck", PARTNER)
    top = game.players[0].deck[0]
    begin(game)
    pick(game, "use_skill", skill="Dredge")
    assert bottom in game.players[0].hand and top in game.players[0].deck
    assert game.players[0].deck[-1] is not bottom


def test_levels_up_triggers_on_an_ally_level_up_and_level_up_into_on_the_card_placed():
    game, mc0, mc1 = duel()
    seeker = add_unit(game, 0, SEEKER, area="back")
    low = add_unit(game, 0, LOW)
    high, = add_cards(game, 0, "hand", HIGH)
    add_bonds(game, 0, FILLER, FILLER)
    begin(game, phase="deployment")
    hand = len(game.players[0].hand)
    pick(game, "level_up", card=high, unit=low)
    # both trigger: "Arrival" (when you level up into this) and "Mentor" (when an ally levels up)
    assert {o.skill for o in options(game, "skill")} == {"Arrival", "Mentor"}
    pick(game, "skill", skill="Arrival")
    assert len(game.players[0].hand) == hand - 1 + 2
    assert game.attack(seeker) == 30 + 5 + 10
    assert [e.skill for e in events(game, ev.SkillResolved)] == ["Arrival", "Mentor"]


def test_level_up_into_does_not_trigger_for_the_card_deployed():
    game, mc0, mc1 = duel()
    high, = add_cards(game, 0, "hand", HIGH)
    add_bonds(game, 0, FILLER, FILLER)
    begin(game, phase="deployment")
    hand = len(game.players[0].hand)
    pick(game, "deploy", card=high, area="front")
    assert len(game.players[0].hand) == hand - 1
    assert not [e for e in events(game, ev.SkillResolved) if e.skill == "Arrival"]


def test_that_card_is_the_card_placed_in_the_bond_area():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SEEKER)
    blue, red = add_cards(game, 0, "hand", BLUE, PARTNER)
    begin(game, phase="bond")
    pick(game, "place_bond", card=blue)
    assert blue in game.players[0].hand and not game.players[0].bonds
    game, mc0, mc1 = duel()
    add_unit(game, 0, SEEKER)
    blue, red = add_cards(game, 0, "hand", BLUE, PARTNER)
    begin(game, phase="bond")
    pick(game, "place_bond", card=red)
    assert [b.copy for b in game.players[0].bonds] == [red]


def _battle(attacker_side_support: bool):
    """Player 0 attacks (or defends) with a 40-attack unit; the Helper supports player 0."""
    game, mc0, mc1 = duel()
    mine = add_unit(game, 0, card("Mine", attack=40))
    theirs = add_unit(game, 1, card("Theirs", attack=40))
    add_cards(game, 0, "deck", HELPER, top=True)
    add_cards(game, 1, "deck", card("Plain", support=0), top=True)
    if attacker_side_support:
        begin(game)
        pick(game, "attack", unit=mine, target=theirs)
    else:
        begin(game, turn=3, player=1)
        pick(game, "attack", unit=theirs, target=mine)
    return game, mine, theirs


def test_a_support_skill_for_attack_and_defence_works_on_both_sides_on_your_battling_unit():
    game, mine, theirs = _battle(True)
    judged = events(game, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power) == (40 + 10 + 20, 40)
    assert judged.attacker_wins and game.unit(theirs.id) is None
    game, mine, theirs = _battle(False)
    judged = events(game, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power) == (40, 40 + 10 + 20)
    assert not judged.attacker_wins and game.unit(mine.id) is mine
