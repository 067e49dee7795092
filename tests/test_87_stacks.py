"""Cards stacked under units by a skill (docs/skill-language.md, "Stacking cards under a
unit"): 'stack them under this unit' (any unit name, not a Growth) and the Growth lines
of the pool's cards ('put them under that unit'), played in games on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Lewyn, Shepherd Wind"
  codes TST-871
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Wind Gathering"
    reveal the top 4 cards of your deck
    stack them under this unit
  act "Forbidden Relic"
    reveal the bottom card of your deck
    either: deploy it
    or: stack it under this unit
  act "Sky Fury" [LvS 3]
    this unit gains +50 attack until the end of the turn
  auto "Seedling"
    when this unit is growthed
    draw 1

card "Sanaki, Apostle"
  codes TST-872
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  auto "Exhortation"
    once per turn
    when another green ally is deployed by a skill
    you may
    choose any number of cards with the same unit name as that unit from your retreat area
    put them under that unit

card "Ike, Trainee"
  codes TST-873
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Tempering"
    choose 1 "Ike" card from your deck
    put it under this unit
    shuffle
  act "Call Green"
    choose 1 green card from your hand
    deploy it
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "stacks.fe0")}
F = card("Filler", "x", attack=10)


def test_revealed_cards_of_any_name_are_stacked_under_the_unit_without_a_growth():
    game, _, _ = duel(deck=0)
    lewyn = add_unit(game, 0, CARDS["Lewyn"])
    deck = add_cards(game, 0, "deck", card("Abel", "a"), card("Cain", "c"), F, card("Lewyn", "other"), F)
    begin(game)
    hand = len(game.players[0].hand)
    assert not options(game, "use_skill", skill="Sky Fury")
    pick(game, "use_skill", skill="Wind Gathering")
    assert [c.id for c in lewyn.cards] == [lewyn.cards[0].id] + [c.id for c in deck[:4]]
    assert game.players[0].deck == deck[4:]
    assert lewyn.top.card is CARDS["Lewyn"]                  # the top card stays
    assert not events(game, ev.LeveledUp, ev.ClassChanged)   # no level up, no Growth
    assert len(game.players[0].hand) == hand                 # "when growthed" did not trigger
    moved = events(game, ev.CardMoved)
    assert [(e.source, e.dest) for e in moved] == [("deck", "field")] * 4
    assert options(game, "use_skill", skill="Sky Fury")      # LvS counts the stack


def test_a_short_deck_stacks_what_it_has_and_rule_7_refills_it():
    game, _, _ = duel(deck=0)
    lewyn = add_unit(game, 0, CARDS["Lewyn"])
    add_cards(game, 0, "deck", F, F)
    add_cards(game, 0, "retreat", F, F, F)
    begin(game)
    pick(game, "use_skill", skill="Wind Gathering")
    assert lewyn.stack_size == 3
    assert len(game.players[0].deck) == 3 and not game.players[0].retreat


def test_either_deploy_it_or_stack_it():
    game, _, _ = duel(deck=0)
    lewyn = add_unit(game, 0, CARDS["Lewyn"])
    bottom = card("Abel", "a")
    add_cards(game, 0, "deck", F, bottom)
    begin(game)
    pick(game, "use_skill", skill="Forbidden Relic")
    pick(game, "effect", label="Stack it")
    assert lewyn.stack_size == 2 and lewyn.cards[1].card is bottom


def test_growth_of_any_number_of_same_name_cards_under_the_deployed_unit():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Sanaki"])
    add_unit(game, 0, CARDS["Ike"], area="back")
    oscar = card("Oscar", "lv1", symbols="green")
    (in_hand,) = add_cards(game, 0, "hand", oscar)
    same = add_cards(game, 0, "retreat", card("Oscar", "lv2", symbols="green"), card("Oscar", "lv3", symbols="green"))
    add_cards(game, 0, "retreat", F)
    begin(game)
    pick(game, "use_skill", skill="Call Green")
    pick(game, "card", card=in_hand)
    if game.decision.kind == "area":
        pick(game, "area", area="back")
    pick(game, "yes")
    assert {o.card for o in options(game, "card")} == {c.id for c in same}   # same unit name only
    pick(game, "card", card=same[0])
    pick(game, "card", card=same[1])
    unit = next(u for u in game.players[0].units if u.top.id == in_hand.id)
    assert unit.stack_size == 3
    assert [e.growth for e in events(game, ev.LeveledUp)] == [True, True]


def test_growth_from_the_deck_then_shuffle():
    game, _, _ = duel(deck=0)
    ike = add_unit(game, 0, CARDS["Ike"])
    (other,) = add_cards(game, 0, "deck", card("Ike", "lv2"))
    add_cards(game, 0, "deck", F, F)
    begin(game)
    pick(game, "use_skill", skill="Tempering")
    pick(game, "card", card=other)
    assert ike.stack_size == 2 and ike.cards[1] is other
    assert events(game, ev.Shuffled)


@pytest.mark.parametrize("lines, message", [
    ("stack 1 enemy under this unit", "takes cards"),
    ("reveal the top card of your deck\n    stack it", "needs a destination"),
    ("reveal the top card of your deck\n    stack it to your retreat area", "does not take"),
])
def test_stacking_that_means_nothing_is_refused(lines, message):
    text = ('card "Probe, Probe"\n  codes TST-879\n  cost 1\n  attack 10\n  support 10\n  act "X"\n    '
            + lines + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)
