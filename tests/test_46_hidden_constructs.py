"""Hidden-information constructs of the language, compiled and played: "look at ...",
"choose ... at random" / "your opponent chooses ... without looking", "reveal" as an
effect and as a cost, and choices among cards the chooser cannot see."""
from __future__ import annotations

import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.visibility import can_see, seen_by

from vanilla import FILLER as DECK_FILLER, add_cards, add_orbs, add_unit, begin, card, duel, options, pick

PACK = '''
card "Seer, Scrying Sage"
  codes HID-001
  cost 1
  symbol red
  attack 30
  support 10
  act "Scry"
    look at the top 3 cards of your deck
    you may put 1 card from your deck into your retreat area
  act "Peek"
    look at your opponent's hand
  act "Orb Gaze"
    look at 1 of your orbs

card "Thief, Nimble Fingers"
  codes HID-002
  cost 1
  symbol red
  attack 30
  support 10
  act "Pickpocket"
    choose 1 card from your opponent's hand without looking
    send it to your opponent's retreat area
  act "Lucky Dip"
    choose 1 of your opponent's orbs at random
    look at it
  act "Grab"
    choose 1 card from your opponent's hand
    send it to your opponent's retreat area

card "Herald, Proud Banner"
  codes HID-003
  cost 1
  symbol red
  attack 30
  support 10
  act "Proclaim"
    cost reveal 1 "Herald" card from your hand
    draw 1
  act "Display"
    reveal 2 cards from your hand
  act "Gamble"
    your opponent chooses 1 card from your hand without looking
    send it to your retreat area
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "hidden.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)
GEM = card("Gem", "Hidden Jewel", cost=1)


def game_with(unit_name: str, *, hand1=(GEM, GEM, FILLER), orbs1=3, hand0=()):
    g, mc0, mc1 = duel(orbs=0)
    add_orbs(g, 0, 3)
    add_cards(g, 0, "hand", *hand0)
    add_orbs(g, 1, [GEM] * orbs1)
    add_cards(g, 1, "hand", *hand1)
    u = add_unit(g, 0, CARDS[unit_name])
    begin(g)
    return g, u


def test_look_at_the_top_3_cards_of_your_deck_shows_them_to_you_only():
    g, _ = game_with("Seer")
    top3 = g.players[0].deck[:3]
    assert not any(can_see(g, 0, c) for c in top3)
    n = len(g.events)
    pick(g, "use_skill", skill="Scry")
    looked = next(i for i in range(n, len(g.events)) if isinstance(g.events[i], ev.LookedAt))
    assert g.events[looked].cards == tuple(c.id for c in top3)
    assert seen_by(g, looked, 1).cards == () and seen_by(g, looked, 1).count == 3
    assert all(can_see(g, 0, c) for c in top3) and not any(can_see(g, 1, c) for c in top3)
    assert g.players[0].deck[:3] == top3                          # they stay where they are
    v = g.view(0)
    assert [c.id for c in v.me.deck_known] == [c.id for c in top3]
    assert g.view(1).opponent.deck_known == ()


def test_look_at_your_opponents_hand():
    g, _ = game_with("Seer")
    hand = list(g.players[1].hand)
    pick(g, "use_skill", skill="Peek")
    assert all(can_see(g, 0, c) for c in hand)
    assert [c.name for c in g.view(0).opponent.hand] == [c.card.name for c in hand]
    g.move_card(hand[0], "deck")                                   # moved: forgotten
    assert not can_see(g, 0, hand[0])


def test_look_at_1_of_your_orbs_chooses_an_unknown_orb_then_shows_it():
    g, _ = game_with("Seer")
    orbs = [o.copy for o in g.players[0].orbs]
    pick(g, "use_skill", skill="Orb Gaze")
    d = g.decision
    assert d.player == 0 and all("unknown card (your orbs" in o.label for o in d.options)
    assert all(o.unknown and o.card is None for o in g.view(0).decision.options)
    g.answer(1)
    assert can_see(g, 0, orbs[1]) and not can_see(g, 0, orbs[0]) and not can_see(g, 1, orbs[1])
    assert g.view(0).me.orbs[1].name == orbs[1].card.name and g.view(0).me.orbs[0].unknown


def test_your_opponent_chooses_without_looking_picks_at_random_with_the_seeded_rng():
    picked = set()
    for seed in range(12):
        g, _ = game_with("Thief", hand1=(GEM, FILLER, FILLER, FILLER))
        g.rng.seed(seed)
        hand = list(g.players[1].hand)
        n_dec = len(g.answers)
        pick(g, "use_skill", skill="Pickpocket")
        assert len(g.answers) == n_dec + 1                         # nobody was asked which
        gone = [c for c in hand if c in g.players[1].retreat]
        assert len(gone) == 1 and len(g.players[1].hand) == 3
        picked.add(gone[0].id)
    assert len(picked) > 1                                         # not always the same card
    # The same seed picks the same card.
    a, _ = game_with("Thief")
    b, _ = game_with("Thief")
    for g in (a, b):
        pick(g, "use_skill", skill="Pickpocket")
    assert [c.card.name for c in a.players[1].retreat] == [c.card.name for c in b.players[1].retreat]


def test_your_opponent_chooses_1_card_from_your_hand_without_looking():
    g, _ = game_with("Herald", hand0=(GEM, FILLER, FILLER))
    mine = list(g.players[0].hand)
    n = len(g.answers)
    pick(g, "use_skill", skill="Gamble")
    assert len(g.answers) == n + 1                                 # no decision: a random pick
    gone = [c for c in mine if c in g.players[0].retreat]
    assert len(gone) == 1 and len(g.players[0].hand) == 2 and len(g.players[1].hand) == 3


def test_choose_1_of_your_opponents_orbs_at_random_then_look_at_it():
    g, _ = game_with("Thief", orbs1=4)
    pick(g, "use_skill", skill="Lucky Dip")
    seen = [o.copy for o in g.players[1].orbs if can_see(g, 0, o.copy)]
    assert len(seen) == 1 and not can_see(g, 1, seen[0])           # the owner does not see their orb


def test_a_choice_among_cards_the_chooser_cannot_see_offers_unknown_cards():
    g, _ = game_with("Thief")
    hand = list(g.players[1].hand)
    pick(g, "use_skill", skill="Grab")
    d = g.decision
    assert [o.card for o in d.options] == [c.id for c in hand]      # the engine knows which
    assert all(o.label.startswith("unknown card (your opponent's hand") for o in d.options)
    assert all(GEM.name not in o.label for o in d.options)
    view_opts = g.view(0).decision.options
    assert [o.place for o in view_opts] == [(1, "hand", i) for i in range(3)]
    assert all(o.card is None and o.unknown for o in view_opts)
    g.answer(view_opts[2].index)
    assert hand[2] in g.players[1].retreat


def test_a_choice_from_your_own_deck_is_a_search_that_names_the_cards():
    g, _ = game_with("Seer")
    deck = list(g.players[0].deck)
    pick(g, "use_skill", skill="Scry")
    pick(g, "yes")
    assert [o.label for o in options(g, "card")] == [DECK_FILLER.name] * len(deck)
    assert all(can_see(g, 0, c) for c in deck) and not any(can_see(g, 1, c) for c in deck)


def test_reveal_as_a_cost_shows_the_card_to_both_and_it_stays_in_the_hand():
    g, _ = game_with("Herald", hand0=(CARDS["Herald"],))
    herald, = g.players[0].hand
    n = len(g.events)
    pick(g, "use_skill", skill="Proclaim")
    shown = next(e for e in g.events[n:] if isinstance(e, ev.Revealed))
    assert shown.cards == (herald.id,) and shown.source == "hand"
    assert herald in g.players[0].hand and can_see(g, 1, herald)
    assert any(isinstance(e, ev.Drew) for e in g.events[n:])
    assert g.view(1).opponent.hand[[c.id for c in g.players[0].hand].index(herald.id)].name == herald.card.name


def test_reveal_as_a_cost_needs_the_card():
    g, _ = game_with("Herald")
    assert not options(g, "use_skill", skill="Proclaim")


def test_reveal_2_cards_from_your_hand_as_an_effect():
    g, _ = game_with("Herald", hand0=(GEM, FILLER, FILLER))
    mine = list(g.players[0].hand)
    pick(g, "use_skill", skill="Display")
    pick(g, "card", card=mine[0])
    pick(g, "card", card=mine[1])
    assert can_see(g, 1, mine[0]) and can_see(g, 1, mine[1]) and not can_see(g, 1, mine[2])
    names = [c.name for c in g.view(1).opponent.hand]
    assert names.count(None) == 1 and GEM.name in names


@pytest.mark.parametrize("text, message", [
    ("look at 1 enemy", "'look' takes"),
    ("look at this unit", "'look' takes"),
    ("send 1 card from your hand at random", "'send' does not take 'at_random'"),
])
def test_hidden_constructs_are_checked(text, message):
    src = f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  act "X"\n    {text}\n'
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    assert message in str(e.value)


def test_look_at_the_top_cards_of_your_opponents_deck_and_you_may_look():
    src = PACK + '''
card "Scout, Far Sight"
  codes HID-004
  cost 1
  symbol red
  attack 30
  support 10
  act "Recon"
    look at the top 2 cards of your opponent's deck
  act "Maybe"
    you may look at the top card of your deck
'''
    scout = next(c for c in compile_text(src, "scout.fe0") if c.unit_name == "Scout")
    g, mc0, mc1 = duel()
    add_unit(g, 0, scout)
    begin(g)
    top2 = g.players[1].deck[:2]
    pick(g, "use_skill", skill="Recon")
    assert all(can_see(g, 0, c) for c in top2) and not any(can_see(g, 1, c) for c in top2)
    pick(g, "use_skill", skill="Maybe")
    pick(g, "no")
    assert not can_see(g, 0, g.players[0].deck[0])
    pick(g, "use_skill", skill="Maybe")
    pick(g, "yes")
    assert can_see(g, 0, g.players[0].deck[0])


def test_each_construct_is_rendered_as_card_text():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Scry"].startswith("Scry |ACT| Look at the top 3 cards of your Deck.")
    assert texts["Peek"] == "Peek |ACT| Look at your opponent's hand."
    assert texts["Orb Gaze"] == "Orb Gaze |ACT| Look at 1 card from your Orbs."
    assert texts["Pickpocket"] == ("Pickpocket |ACT| Choose 1 card from your opponent's hand without looking. "
                                   "Send it to your opponent's Retreat Area.")
    assert texts["Lucky Dip"] == "Lucky Dip |ACT| Choose 1 card from your opponent's Orbs at random. Look at it."
    assert texts["Gamble"] == ("Gamble |ACT| Your opponent chooses 1 card from your hand without looking. "
                               "Send it to your Retreat Area.")
    assert texts["Proclaim"] == 'Proclaim |ACT| [Reveal 1 "Herald" card from your hand] Draw 1 card.'
    assert texts["Display"] == "Display |ACT| Reveal 2 cards from your hand."
