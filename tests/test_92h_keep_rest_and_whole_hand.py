"""Two constructs about the whole of an area (docs/skill-language.md, "Keeping N cards; the whole
hand as a cost"):

- "you keep 5 cards from your hand and send the rest to your retreat area" (B02-084N), "your
  opponent keeps 5 cards from their hand and sends the rest ..." (B15-095R), "your opponent keeps
  5 bonds and sends the rest ..." (B06-047SR): the named player chooses the N cards that stay,
  every other card of that area goes to their Retreat Area; with N or fewer, nothing happens.
- "cost send all cards from your hand to your retreat area" (B16-065N, P10-003PR) and, in place
  of the card discarded for an evasion, "you may send all cards from your hand to your retreat
  area instead of discarding for an evasion of this unit" (B09-046R): the whole hand, which an
  empty hand cannot pay (engine decision in docs/rules.md)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Tester, Keeper"
  codes TST-986
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Trim"
    you keep 2 cards from your hand and send the rest to your retreat area
    if you do: draw 1
  act "Prune"
    your opponent keeps 2 cards from their hand and sends the rest to their retreat area
  act "Uproot"
    your opponent keeps 2 bonds and sends the rest to their retreat area

card "Tester, Spender"
  codes TST-987
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Lesson"
    once per turn
    cost send all cards from your hand to your retreat area
    this unit gains +30 attack until the end of the turn
  cont "Price"
    you may send all cards from your hand to your retreat area instead of discarding for an evasion of this unit
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def c(name):
    return CARDS["Tester, " + name]


def _hand(game, player, n):
    return add_cards(game, player, "hand", *[card(f"H{player}{i}", "hand") for i in range(n)])


def test_you_keep_the_chosen_cards_and_send_the_rest():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, c("Keeper"))
    game.players[0].hand.clear()
    cards = _hand(game, 0, 4)
    begin(game)
    pick(game, "use_skill", skill="Trim")
    d = game.decision
    assert d.player == 0 and d.kind == "choose" and len(d.options) == 4
    pick(game, "card", card=cards[1].id)
    pick(game, "card", card=cards[3].id)
    if game.decision.kind == "choose":          # the choice is closed by a pass once 2 are picked
        pick(game, "pass")
    assert set(game.players[0].retreat) == {cards[0], cards[2]}
    assert cards[1] in game.players[0].hand and cards[3] in game.players[0].hand
    assert len(game.players[0].hand) == 3                 # "if you do: draw 1"


def test_nothing_with_n_or_fewer_cards():
    game, mc0, mc1 = duel(deck=10)
    u = add_unit(game, 0, c("Keeper"))
    game.players[0].hand.clear()
    cards = _hand(game, 0, 2)
    begin(game)
    since = len(game.events)
    pick(game, "use_skill", skill="Trim")
    assert game.decision.kind == "action"
    assert game.players[0].hand == cards and not events(game, ev.CardMoved, ev.Drew, since=since)


def test_the_opponent_keeps_from_their_hand_and_their_bonds():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Keeper"))
    game.players[1].hand.clear()
    cards = _hand(game, 1, 3)
    bonds = add_bonds(game, 1, card("B1"), card("B2"), card("B3"), face_up=True)
    bonds[0].face_up = False
    begin(game)
    pick(game, "use_skill", skill="Prune")
    assert game.decision.player == 1 and len(game.decision.options) == 3
    pick(game, "card", card=cards[0].id)
    pick(game, "card", card=cards[2].id)
    if game.decision.kind == "choose":
        pick(game, "pass")
    assert game.players[1].hand == [cards[0], cards[2]] and game.players[1].retreat == [cards[1]]
    pick(game, "use_skill", skill="Uproot")
    d = game.decision
    assert d.player == 1 and len(d.options) == 3          # face-down bonds too
    pick(game, "card", card=bonds[0].copy.id)
    pick(game, "card", card=bonds[2].copy.id)
    if game.decision.kind == "choose":
        pick(game, "pass")
    assert [b.copy for b in game.players[1].bonds] == [bonds[0].copy, bonds[2].copy]
    assert bonds[1].copy in game.players[1].retreat


def test_the_whole_hand_as_a_cost_and_an_empty_hand_cannot_pay_it():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, c("Spender"))
    game.players[0].hand.clear()
    cards = _hand(game, 0, 3)
    begin(game)
    pick(game, "use_skill", skill="Lesson")
    assert game.players[0].hand == [] and set(game.players[0].retreat) == set(cards)
    assert game.attack(game.unit(u.id)) == 60
    # an empty hand: not offered
    game2, _, _ = duel()
    add_unit(game2, 0, c("Spender"))
    game2.players[0].hand.clear()
    begin(game2)
    assert not [o for o in options(game2, "use_skill") if o.skill == "Lesson"]


def _to(game, kind):
    for _ in range(40):
        d = game.decision
        if d.kind == kind:
            return d
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("not reached")


def test_the_whole_hand_pays_for_an_evasion_but_not_an_empty_one():
    for n in (2, 0):
        game, mc0, mc1 = duel()
        spender = add_unit(game, 1, c("Spender"))
        game.players[1].hand.clear()
        cards = _hand(game, 1, n)
        att = add_unit(game, 0, card("Striker", attack=60))
        begin(game)
        pick(game, "attack", unit=att, target=spender)
        if n == 0:     # no evasion is offered: the unit is destroyed
            seen = []
            for _ in range(40):
                d = game.decision
                if d.kind == "action":
                    break
                seen.append(d.kind)
                decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
                game.answer(decline[0] if decline else d.options[0])
            assert "evasion" not in seen and game.unit(spender.id) is None
            continue
        d = _to(game, "evasion")
        assert d.player == 1 and [o.kind for o in d.options] == ["pass", "alternative"]
        pick(game, "alternative", skill="Price")
        assert game.players[1].hand == [] and set(cards) <= set(game.players[1].retreat)
        assert [e.discarded for e in game.events if isinstance(e, ev.Evaded)] == [-1]


def test_renders_as_the_cards_and_refuses_what_it_cannot_be():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    cards = parse_pack(PACK, "t.fe0").cards
    assert "Choose 2 cards in your hand to keep, and send the rest to your Retreat Area." in \
        render_skill(cards[0].skills[0])
    assert render_skill(cards[0].skills[2]).endswith(
        "Your opponent chooses 2 of their Bond cards to keep, and sends the rest to their Retreat Area.")
    assert "[Send all cards from your hand to your Retreat Area]" in render_skill(cards[1].skills[0])
    bad = {
        "you keep 2 red cards from your hand and send the rest to your retreat area": "with no filter",
        "you keep 2 cards from your hand and send the rest to your opponent's retreat area": "own retreat area",
        "your opponent keeps 2 cards from your hand and sends the rest to their retreat area": "their own hand",
        "you keeps 2 cards from your hand and send the rest to your retreat area": "write 'you keep",
        "you keep all cards from your hand and send the rest to your retreat area": "a number of cards",
    }
    for line, msg in bad.items():
        with pytest.raises(LanguageError, match=msg):
            compile_text(PACK.replace("you keep 2 cards from your hand and send the rest to your retreat area",
                                      line), "bad.fe0")
    with pytest.raises(LanguageError, match="all"):
        compile_text(PACK.replace("cost send all cards from your hand", "cost send all red cards from your hand"),
                     "bad.fe0")
    with pytest.raises(LanguageError, match="all"):
        compile_text(PACK.replace("you may send all cards from your hand", "you may send all red cards from your "
                                  "hand"), "bad.fe0")
