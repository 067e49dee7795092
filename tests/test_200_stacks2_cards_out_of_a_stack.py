"""Cards taken out of a unit's stack (engine decision 41 in docs/rules.md): `the top card of
this unit's stack` (`... of your opponent's main character's stack`) sent or added somewhere
("Send the topmost card of this unit's stack to your Retreat Area", B07-066SR; "send that Main
Character's topmost card to the Retreat Area. (Afterward, your opponent chooses their Main
Character's new topmost card from the cards in their Main Character's stack.)", B16-041SR), and
`choose up to 2 cards stacked under this unit` / `add them to your hand` (B20-098R): the unit's
top card, levelled-up and class-changed state and values are recomputed, its owner chooses the
new top card among the cards left, a TopCardChanged event says which card the unit is now."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Tester, Fixer"
  codes TST-201
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  act "Makeup Fix"
    send the top card of this unit's stack to your retreat area
  act "Offer"
    if your opponent's main character is levelled up
    send the top card of your opponent's main character's stack to its owner's retreat area
  act "Pulse"
    choose up to 2 cards stacked under this unit
    add them to your hand
  act "Top To Hand"
    add the top card of this unit's stack to your hand
    if you do: draw 1
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
FIXER = CARDS["Tester, Fixer"]
BASE = card("Oboro", "base", cost=1, symbols="white", attack=40)
PROMOTED = card("Oboro", "promoted", cost=4, cc=3, symbols="white", attack=70,
                skills=FIXER.skills)


def _board(*stack, class_changed=True, mc=False):
    game, _, _ = duel()
    unit = add_unit(game, 0, *stack, area="front", class_changed=class_changed, mc=mc)
    add_bonds(game, 0, *[card("W", "bond", symbols="white")] * 3)
    begin(game)
    return game, unit


def test_the_top_card_leaves_and_the_unit_is_its_next_card_not_class_changed():
    game, unit = _board(PROMOTED, BASE)
    assert game.attack(unit) == 70 and unit.class_changed
    top = unit.top
    pick(game, "use_skill", skill="Makeup Fix")
    assert game.unit(unit.id) is unit and [c.card for c in unit.cards] == [BASE]
    assert top in game.players[0].retreat
    assert not unit.class_changed and game.attack(unit) == 40      # values recomputed
    changed = events(game, ev.TopCardChanged)[-1]
    assert (changed.unit, changed.card, changed.class_changed) == (unit.id, unit.top.id, False)
    assert not options(game, "use_skill", skill="Makeup Fix")      # its card has left the unit


def test_a_class_change_card_left_in_the_stack_keeps_the_unit_class_changed():
    # base levelled up onto a class-changed unit (004: counted as promoted); the top goes
    game, unit = _board(FIXER_ON_BASE := card("Oboro", "top", cost=2, symbols="white", attack=50,
                                              skills=FIXER.skills), PROMOTED, BASE)
    pick(game, "use_skill", skill="Makeup Fix")
    # the owner chooses the new top card among the two left
    assert game.decision.player == 0 and len(options(game, "card")) == 2
    pick(game, "card", card=next(c.id for c in unit.cards if c.card is PROMOTED))
    assert unit.top.card is PROMOTED and unit.class_changed and game.attack(unit) == 70
    assert events(game, ev.TopCardChanged)[-1].class_changed


def test_the_owner_may_choose_a_lower_card_as_the_new_top():
    game, unit = _board(FIXER_ON_BASE := card("Oboro", "top", cost=2, symbols="white", attack=50,
                                              skills=FIXER.skills), PROMOTED, BASE)
    pick(game, "use_skill", skill="Makeup Fix")
    pick(game, "card", card=next(c.id for c in unit.cards if c.card is BASE))
    assert [c.card for c in unit.cards] == [BASE, PROMOTED]
    assert unit.class_changed            # a class-change card is still in the stack
    assert game.attack(unit) == 40


def test_the_opponents_main_character_loses_its_top_card_and_the_opponent_chooses():
    game, _, _ = duel()
    add_unit(game, 0, FIXER, area="front")
    mc = game.players[1].main_character
    old = list(mc.cards)
    up, mid = add_cards(game, 1, "hand", card("Marth", "up", cost=3, cc=2, attack=70),
                        card("Marth", "mid", cost=2, attack=50))
    game.players[1].hand.remove(up)
    game.players[1].hand.remove(mid)
    mc.cards[0:0] = [up, mid]
    mc.class_changed = True
    begin(game)
    pick(game, "use_skill", skill="Offer")
    assert up in game.players[1].retreat
    assert game.decision.player == 1                          # the MC's owner chooses
    pick(game, "card", card=old[0].id)
    assert mc.top is old[0] and mc.is_main_character and game.players[1].main_character is mc
    assert not mc.class_changed                               # no class-change card is left
    assert game.attack(mc) == old[0].card.attack


def test_not_levelled_up_the_opponents_main_character_keeps_its_card():
    game, _, _ = duel()
    add_unit(game, 0, FIXER, area="front")
    begin(game)
    assert not options(game, "use_skill", skill="Offer")


def test_a_lone_card_leaving_takes_the_unit_off_the_field():
    game, unit = _board(FIXER, class_changed=False)
    top = unit.top
    pick(game, "use_skill", skill="Top To Hand")
    assert game.unit(unit.id) is None and top in game.players[0].hand
    assert events(game, ev.UnitLeftField)
    assert not events(game, ev.TopCardChanged)


def test_cards_stacked_under_a_unit_are_chosen_and_added_to_the_hand():
    game, unit = _board(FIXER, BASE, PROMOTED, BASE, class_changed=False)
    top = unit.top
    pick(game, "use_skill", skill="Pulse")
    # only the cards under the top one are offered
    assert {o.card for o in options(game, "card")} == {c.id for c in unit.cards[1:]}
    first = unit.cards[1]
    pick(game, "card", card=first.id)
    second = unit.cards[2]
    pick(game, "card", card=second.id)
    assert first in game.players[0].hand and second in game.players[0].hand
    assert unit.top is top and len(unit.cards) == 2          # the top card stays: no choice
    assert not events(game, ev.TopCardChanged)


def test_up_to_two_may_stop_at_none():
    game, unit = _board(FIXER, BASE, class_changed=False)
    pick(game, "use_skill", skill="Pulse")
    pick(game, "pass")
    assert len(unit.cards) == 2


def test_if_you_do_after_the_top_card_is_added():
    game, unit = _board(FIXER, BASE, class_changed=False)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Top To Hand")
    assert len(game.players[0].hand) == hand + 2            # the card and the draw
    assert unit.top.card is BASE


def test_a_cost_does_not_take_cards_of_a_stack():
    bad = PACK.replace("    send the top card of this unit's stack to your retreat area",
                       "    cost send the top card of this unit's stack to your retreat area\n    draw 1")
    with pytest.raises(LanguageError) as err:
        compile_text(bad, "t.fe0")
    assert "not supported" in str(err.value)


def test_tapping_a_card_of_a_stack_is_refused():
    bad = PACK.replace("    choose up to 2 cards stacked under this unit\n    add them to your hand",
                       "    choose 1 card stacked under this unit\n    draw 1\n    tap 1 ally")
    bad2 = PACK.replace("add them to your hand", "flip them face-down")
    with pytest.raises(LanguageError):
        compile_text(bad2, "t.fe0")
    compile_text(bad, "t.fe0")      # choosing alone is allowed


def test_describe_reads_the_stack_top():
    text = FIXER.skills[0].text
    assert "topmost card of this unit's stack" in text


# ---------------------------------------------------------------- "the stacked card"
RELIC = compile_text('''
card "Relic, Keeper"
  codes TST-202
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Relic"
    reveal the bottom card of your deck
    either: deploy it
    or: stack it under this unit
    if the stacked card has the same unit name as your main character: draw 1
''', "r.fe0")[0]


def _relic_board(bottom):
    game, _, _ = duel()
    keeper = add_unit(game, 0, RELIC, area="front")
    game.players[0].deck.append(game.players[0].deck.pop(0))   # (any order: the bottom card is set below)
    (card_,) = add_cards(game, 0, "deck", bottom)
    begin(game)
    return game, keeper, card_


def _mc_name(game):
    return game.players[0].main_character.name


def test_the_stacked_card_of_the_main_characters_name_meets_the_condition():
    game, _, _ = duel()
    bottom = card(_mc_name(game), "relic bottom", cost=2, attack=60)
    game, keeper, copy = _relic_board(bottom)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Relic")
    # (rule 5: a card of the Main Character's name cannot be deployed: only the stack is offered)
    assert keeper.cards[-1] is copy and len(game.players[0].hand) == hand + 1


def test_a_deployed_card_is_no_stacked_card():
    game, keeper, copy = _relic_board(card("Zed", "other", cost=2))
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Relic")
    pick(game, "effect", target=0)
    if game.decision.kind == "area":
        pick(game, "area", area="front")
    assert game.locate(copy)[0] == "field" and copy not in keeper.cards
    assert len(game.players[0].hand) == hand


def test_a_stacked_card_of_another_name_does_not_meet_the_condition():
    game, keeper, copy = _relic_board(card("Zed", "other", cost=2))
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Relic")
    pick(game, "effect", target=1)
    assert keeper.cards[-1] is copy and len(game.players[0].hand) == hand


def test_the_stacked_card_needs_a_stack_line():
    with pytest.raises(LanguageError) as err:
        compile_text('''
card "Relic, Keeper"
  codes TST-203
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Relic"
    reveal the bottom card of your deck
    if the stacked card has the same unit name as your main character: draw 1
''', "r.fe0")
    assert "stacks cards under a unit" in str(err.value)
    assert "the stacked card" in RELIC.skills[0].text.lower()
