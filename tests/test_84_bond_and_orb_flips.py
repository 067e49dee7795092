"""Bonds and orbs turned by a skill's effect, and cards put into a Bond Area face-down
(docs/skill-language.md, "Turning bonds and orbs; face-down bonds"): each construct
compiled from text and played in a game on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Deirdre, Bond Mender"
  codes TST-841
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Taboo Love"
    choose 1 face-down bond
    flip it face-up
  act "Seal of Darkness"
    choose up to 2 of your opponent's face-up bonds
    flip them face-down
  act "Breach"
    choose 1 of your opponent's bonds
    flip it face-up or face-down

card "Shigure, Vein Finder"
  codes TST-842
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Dragon Vein Discovery"
    choose 1 of your orbs
    flip it face-up or face-down
  act "Change the Castle"
    flip all face-up orbs face-down
  act "Affection"
    you may flip 1 of your orbs face-up or face-down
    if you do: draw 1

card "Manfroy, Dark Bishop"
  codes TST-843
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Yield to the Dark"
    choose 1 non-main character enemy
    put it into your opponent's bond area face-down
  act "Corrupted Paradise"
    send all non-main character enemies to your opponent's bond area face-down
  act "Flame of Grief"
    choose 1 non-main character enemy
    put it into your opponent's bond area

card "Raven, Orb Spender"
  codes TST-845
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "All-Consuming Obsession"
    once per turn
    cost send 1 of your orbs to your retreat area
    draw 2
  act "Reaping"
    choose 1 of your opponent's orbs
    send it to your opponent's retreat area
  act "Inexhaustible Wish"
    once per turn
    put the top card of your deck into your orbs
    choose 1 of your orbs
    put it on top of your deck

card "Arvis, Banisher"
  codes TST-846
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  support "Banish" attack
    choose 1 non-main character enemy
    put it into your opponent's bond area

card "Freyr, Plenty"
  codes TST-847
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  hand "God of Plenty"
    when a card is placed in your opponent's bond area by a support skill
    you may
    put this card into your bond area
    if you do: draw 1

card "Watcher, Bond Keeper"
  codes TST-844
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Keeper"
    when a card is placed in your bond area
    draw 1
  act "Blue Call"
    cost flip 1 blue bond
    this unit gains +10 attack until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "flips.fe0")}
BLUE = card("Blue Bond", "bond", symbols="blue")
FILLER_DECK = card("Deck Filler", "f", attack=10)


def _use(game, skill):
    pick(game, "use_skill", skill=skill)


# ---------------------------------------------------------------- bonds
def test_a_chosen_face_down_bond_is_flipped_face_up():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    up, down = add_bonds(game, 0, BLUE, BLUE)
    down.face_up = False
    begin(game)
    _use(game, "Taboo Love")
    assert [o.card for o in options(game, "card")] == [down.copy.id]   # face-down bonds only
    pick(game, "card", card=down.copy)
    assert down.face_up and up.face_up
    flipped = events(game, ev.BondFlipped)
    assert [(e.card, e.face_up) for e in flipped] == [(down.copy.id, True)]
    assert game.decision is not None and game.decision.kind == "action"


def test_with_several_face_down_bonds_the_controller_chooses_which():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    a, b = add_bonds(game, 0, BLUE, BLUE, face_up=False)
    begin(game)
    _use(game, "Taboo Love")
    assert game.decision.player == 0
    pick(game, "card", card=b.copy)
    assert b.face_up and not a.face_up


def test_flipping_a_face_down_bond_is_not_offered_without_one():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    (b,) = add_bonds(game, 0, BLUE)
    begin(game)
    before = len(game.events)
    _use(game, "Taboo Love")    # nothing to choose: the skill resolves and does nothing
    assert b.face_up
    assert not events(game, ev.BondFlipped, since=before)


def test_the_opponents_bonds_are_flipped_face_down_up_to_two():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    theirs = add_bonds(game, 1, BLUE, BLUE, BLUE)
    mine = add_bonds(game, 0, BLUE)
    begin(game)
    _use(game, "Seal of Darkness")
    # the opponent's face-up bonds only (their face-down and your bonds are not offered)
    assert {o.card for o in options(game, "card")} == {b.copy.id for b in theirs}
    pick(game, "card", card=theirs[0].copy)
    pick(game, "card", card=theirs[2].copy)
    assert [b.face_up for b in theirs] == [False, True, False]
    assert mine[0].face_up


def test_a_bond_is_turned_over_whichever_face_it_shows():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    (b,) = add_bonds(game, 1, BLUE, face_up=False)
    begin(game)
    _use(game, "Breach")
    pick(game, "card", card=b.copy)
    assert b.face_up


def test_a_bond_turned_face_up_pays_a_cost_again_and_is_not_placed():
    """Engine decision "Bonds and orbs turned by a skill" (docs/rules.md)."""
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Deirdre"])
    add_unit(game, 0, CARDS["Watcher"], area="back")
    (b,) = add_bonds(game, 0, BLUE, face_up=False)
    begin(game)
    assert not options(game, "use_skill", skill="Blue Call")    # a face-down bond shows no symbol
    hand = len(game.players[0].hand)
    _use(game, "Taboo Love")
    pick(game, "card", card=b.copy)
    assert b.face_up
    assert len(game.players[0].hand) == hand          # "placed in your bond area" did not trigger
    assert options(game, "use_skill", skill="Blue Call")


def test_a_unit_put_face_down_into_a_bond_area_is_placed_there():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Manfroy"])
    add_unit(game, 1, CARDS["Watcher"], area="back")
    enemy = add_unit(game, 1, card("Victim", "x", attack=20), area="back")
    begin(game)
    hand = len(game.players[1].hand)
    _use(game, "Yield to the Dark")
    pick(game, "unit", unit=enemy)
    assert len(game.players[1].hand) == hand + 1      # the owner's "when a card is placed in your bond area"


# ---------------------------------------------------------------- orbs
def test_a_chosen_orb_is_turned_over_and_the_choice_is_blind_for_face_down_orbs():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Shigure"])
    orbs = add_orbs(game, 0, 2)
    begin(game)
    _use(game, "Dragon Vein Discovery")
    # a face-down orb is an unknown card to its owner too
    assert all("unknown card" in o.label for o in options(game, "card"))
    pick(game, "card", card=orbs[1].copy)
    assert orbs[1].face_up and not orbs[0].face_up
    assert [(e.card, e.face_up) for e in events(game, ev.OrbFlipped)] == [(orbs[1].copy.id, True)]


def test_a_face_up_orb_is_turned_face_down():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Shigure"])
    (orb,) = add_orbs(game, 0, 1)
    orb.face_up = True
    begin(game)
    _use(game, "Dragon Vein Discovery")
    pick(game, "card", card=orb.copy)
    assert not orb.face_up


def test_all_face_up_orbs_are_flipped_face_down_and_no_other():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Shigure"])
    orbs = add_orbs(game, 0, 3)
    orbs[0].face_up = orbs[2].face_up = True
    theirs = add_orbs(game, 1, 1)
    theirs[0].face_up = True
    begin(game)
    _use(game, "Change the Castle")
    assert not any(o.face_up for o in orbs)
    assert theirs[0].face_up
    assert len(events(game, ev.OrbFlipped)) == 2


def test_you_may_flip_an_orb_then_if_you_do():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Shigure"])
    (orb,) = add_orbs(game, 0, 1)
    begin(game)
    hand = len(game.players[0].hand)
    _use(game, "Affection")
    pick(game, "yes")
    pick(game, "card", card=orb.copy)
    assert orb.face_up
    assert len(game.players[0].hand) == hand + 1


def test_an_orb_sent_to_the_retreat_area_as_a_cost():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Raven"])
    orbs = add_orbs(game, 0, 2)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="All-Consuming Obsession")
    pick(game, "card", card=orbs[0].copy)
    assert [o.copy for o in game.players[0].orbs] == [orbs[1].copy]
    assert game.players[0].retreat == [orbs[0].copy]
    assert len(game.players[0].hand) == hand + 2


def test_an_opponents_orb_chosen_blind_goes_to_their_retreat_area():
    game, _, _ = duel(orbs=0)
    add_unit(game, 0, CARDS["Raven"])
    theirs = add_orbs(game, 1, 3)
    begin(game)
    _use(game, "Reaping")
    assert all("unknown card" in o.label for o in options(game, "card"))
    pick(game, "card", card=theirs[1].copy)
    assert game.players[1].retreat == [theirs[1].copy] and len(game.players[1].orbs) == 2
    moved = events(game, ev.CardMoved)[-1]
    assert (moved.source, moved.dest, moved.player) == ("orbs", "retreat", 1)


def test_an_orb_swapped_with_the_top_card_of_the_deck():
    game, _, _ = duel(orbs=0, deck=0)
    add_unit(game, 0, CARDS["Raven"])
    (old,) = add_orbs(game, 0, 1)
    top, second = add_cards(game, 0, "deck", card("Top", "t"), card("Second", "s"))
    begin(game)
    _use(game, "Inexhaustible Wish")
    assert [o.copy for o in game.players[0].orbs] == [old.copy, top]
    pick(game, "card", card=old.copy)
    assert [o.copy for o in game.players[0].orbs] == [top]
    assert game.players[0].deck[0] is old.copy and game.players[0].deck[1] is second


# ---------------------------------------------------------------- the opponent's Bond Area
def test_an_enemy_is_put_face_down_into_its_owners_bond_area():
    game, _, mc1 = duel()
    add_unit(game, 0, CARDS["Manfroy"])
    enemy = add_unit(game, 1, card("Victim", "x", attack=20), area="back")
    top = enemy.top
    begin(game)
    _use(game, "Yield to the Dark")
    pick(game, "unit", unit=enemy)
    assert game.unit(enemy.id) is None
    bonds = game.players[1].bonds
    assert [(b.copy.id, b.face_up) for b in bonds] == [(top.id, False)]
    assert events(game, ev.UnitLeftField)[-1].dest == "bonds"


def test_a_whole_stack_goes_face_down_and_the_main_character_stays():
    game, _, mc1 = duel()
    add_unit(game, 0, CARDS["Manfroy"])
    e1 = add_unit(game, 1, card("Victim", "lv2", attack=30), card("Victim", "lv1", attack=20))
    e2 = add_unit(game, 1, card("Other", "x", attack=20), area="back")
    begin(game)
    _use(game, "Corrupted Paradise")
    assert game.unit(e1.id) is None and game.unit(e2.id) is None and game.unit(mc1.id) is mc1
    assert len(game.players[1].bonds) == 3 and not any(b.face_up for b in game.players[1].bonds)


@pytest.mark.parametrize("by_support", [True, False])
def test_a_card_placed_in_the_opponents_bond_area_by_a_support_skill(by_support):
    game, mc0, mc1 = duel(deck=0)
    attacker = add_unit(game, 0, card("Hero", "x", attack=60))
    add_unit(game, 0, CARDS["Manfroy"], area="back")
    add_cards(game, 0, "deck", CARDS["Arvis"], FILLER_DECK, FILLER_DECK)
    add_cards(game, 1, "deck", FILLER_DECK, FILLER_DECK)
    foe = add_unit(game, 1, card("Victim", "x", attack=20), area="back")
    (freyr,) = add_cards(game, 0, "hand", CARDS["Freyr"])
    begin(game)
    if by_support:
        pick(game, "attack", unit=attacker, target=mc1)
        for _ in range(6):
            if options(game, "unit", unit=foe):
                break
            passing = [o for o in game.legal_options() if o.kind in ("pass", "no")]
            game.answer(passing[0] if passing else game.legal_options()[0])
        pick(game, "unit", unit=foe)
    else:
        _use(game, "Flame of Grief")
        pick(game, "unit", unit=foe)
    assert [b.copy for b in game.players[1].bonds] == [foe.top]
    offered = options(game, "yes")
    assert bool(offered) is by_support
    if by_support:
        pick(game, "yes")
        assert any(b.copy is freyr for b in game.players[0].bonds)


def test_without_the_face_the_enemy_goes_face_up():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Manfroy"])
    enemy = add_unit(game, 1, card("Victim", "x", attack=20), area="back")
    begin(game)
    _use(game, "Flame of Grief")
    pick(game, "unit", unit=enemy)
    assert [b.face_up for b in game.players[1].bonds] == [True]


# ---------------------------------------------------------------- refusals and rendering
@pytest.mark.parametrize("lines, message", [
    ('act "X"\n  cost flip 1 bond face-down\n  draw 1', "the face is not written in a cost"),
    ('act "X"\n  choose 1 card from your hand\n  flip it face-up', "turns bonds or orbs"),
    ('act "X"\n  choose 1 enemy\n  flip it face-down', "turns bonds or orbs"),
    ('act "X"\n  choose 1 card from your hand\n  send it to your retreat area face-down', "only into a Bond Area"),
    ('act "X"\n  choose 1 card from your hand\n  put it into your bond area face-up or face-down',
     "only into a Bond Area"),
    ('act "X"\n  move 1 enemy face-down', "'move' does not take 'face-up' / 'face-down'"),
])
def test_faces_where_they_mean_nothing_are_refused(lines, message):
    text = ('card "Probe, Probe"\n  codes TST-849\n  cost 1\n  attack 10\n  support 10\n  '
            + lines.replace("\n", "\n  ") + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Taboo Love"] == "Taboo Love |ACT| Choose 1 face-down bond. Flip it face-up."
    assert texts["Seal of Darkness"] == ("Seal of Darkness |ACT| Choose up to 2 of your opponent's face-up Bond "
                                         "cards. Flip them face-down.")
    assert texts["Breach"] == "Breach |ACT| Choose 1 of your opponent's Bond cards. Flip it face-up or face-down."
    assert texts["Change the Castle"] == "Change the Castle |ACT| Flip all face-up orbs face-down."
    assert texts["Yield to the Dark"] == ("Yield to the Dark |ACT| Choose 1 non-Main Character enemy. Put it into "
                                          "your opponent's Bond Area face-down.")
