"""Hidden information: who may see each card (engine/visibility.py), events as each
player saw them, and a player's view (engine/view.py) with nothing hidden reachable."""
from __future__ import annotations

import json

import attrs
import pytest

from fecipher.engine import events as ev
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.game import Game
from fecipher.engine.state import Bond, Orb
from fecipher.engine.view import CardView, PlayerView
from fecipher.engine.visibility import can_see, events_seen_by, seen_by
from fecipher.play.agents import CONCEDE, FromView, RandomAgent, RandomViewAgent, play

from vanilla import add_bonds, add_cards, add_orbs, begin, card, duel, deck

SECRET = card("Secret", "Hidden One", cost=1)
TOPCARD = card("Topmost", "Deck Top", cost=1)
ORBCARD = card("Orbkeeper", "Face Down", cost=1)
MINE = card("Mine", "Own Hand", cost=1)
MYTOP = card("Mytop", "Own Deck Top", cost=1)


def board():
    """Player 1 holds a Secret in the hand, a Topmost on top of the deck and
    Orbkeepers as face-down orbs; player 0 a Mine, a Mytop and filler orbs (no name
    of player 1's hidden cards is anywhere else)."""
    g, mc0, mc1 = duel(orbs=0)
    add_orbs(g, 0, 3)
    add_cards(g, 0, "hand", MINE)
    add_cards(g, 0, "deck", MYTOP, top=True)
    add_orbs(g, 1, [ORBCARD] * 3)
    add_cards(g, 1, "hand", SECRET)
    add_cards(g, 1, "deck", TOPCARD, top=True)
    begin(g)
    return g, mc0, mc1


# ----------------------------------------------------------------------------- the rules
def test_who_sees_each_area_by_the_rules():
    g, mc0, mc1 = board()
    p0, p1 = g.players
    hand1 = p1.hand[0]
    assert can_see(g, 1, hand1) and not can_see(g, 0, hand1)           # hand: owner only
    assert not can_see(g, 0, p0.deck[0]) and not can_see(g, 1, p0.deck[0])   # deck: nobody
    orb = p0.orbs[0]
    assert not can_see(g, 0, orb.copy) and not can_see(g, 1, orb.copy)   # face-down orb: nobody, owner too
    g.flip_orb(orb, True)
    assert can_see(g, 0, orb.copy) and can_see(g, 1, orb.copy)           # face-up orb: both
    bond, = add_bonds(g, 1, card("Bondy"), face_up=False)
    assert can_see(g, 0, bond.copy) and can_see(g, 1, bond.copy)         # face-down bond: both (rulebook)
    for c in (mc0.top, mc1.top):
        assert can_see(g, 0, c) and can_see(g, 1, c)                     # field: both
    r, = add_cards(g, 1, "retreat", card("Gone"))
    assert can_see(g, 0, r) and can_see(g, 1, r)


def test_a_draw_is_named_to_the_drawer_only_and_the_full_event_is_unchanged():
    g, _, _ = board()
    top = g.players[1].deck[0]
    n = len(g.events)
    g.draw(1)
    e = g.events[n]
    assert e == ev.Drew(1, top.id, top.card.name)                       # the record keeps everything
    assert seen_by(g, n, 1) is e
    hidden = seen_by(g, n, 0)
    assert isinstance(hidden, ev.Drew) and hidden.player == 1 and hidden.card is None and hidden.name is None
    assert hidden.to_json() == {"event": "drew", "player": 1, "card": None, "name": None}
    assert can_see(g, 1, top) and not can_see(g, 0, top)


def test_a_card_moved_between_hidden_places_is_seen_only_by_who_could_see_it():
    g, _, _ = board()
    p1 = g.players[1]
    secret = p1.hand[0]
    n = len(g.events)
    g.move_card(secret, "deck")                      # hand -> deck: the owner saw it
    assert seen_by(g, n, 1).name == secret.card.name and seen_by(g, n, 0).name is None
    top = p1.deck[0]
    n = len(g.events)
    g.move_card(top, "orbs")                         # deck -> face-down orb: nobody saw it
    assert seen_by(g, n, 0).card is None and seen_by(g, n, 1).card is None
    n = len(g.events)
    g.move_card(p1.deck[0], "retreat")               # deck -> retreat: both see it land
    assert seen_by(g, n, 0) is g.events[n]


def test_an_orb_going_to_the_hand_is_named_to_its_owner_only():
    g, _, mc1 = board()
    orb = g.players[1].orbs[0]
    n = len(g.events)
    g.orb_to_hand(orb)
    i = next(i for i in range(n, len(g.events)) if isinstance(g.events[i], ev.OrbBroken))
    assert seen_by(g, i, 1).card == orb.copy.id and seen_by(g, i, 0).card is None


def test_looking_names_the_cards_to_the_looker_until_they_move():
    g, _, _ = board()
    p0 = g.players[0]
    top3 = p0.deck[:3]
    n = len(g.events)
    g.look_at(0, top3, "deck")
    e = g.events[n]
    assert isinstance(e, ev.LookedAt) and e.cards == tuple(c.id for c in top3)
    other = seen_by(g, n, 1)
    assert other.count == 3 and other.cards == () and other.names == () and other.source == "deck"
    assert all(can_see(g, 0, c) for c in top3) and not any(can_see(g, 1, c) for c in top3)
    # The looked-at top card is drawn: the looker saw it go; then it is in the hand.
    g.draw(0)
    assert not g.known.get(top3[0].id)               # moved: forgotten (the hand's rule applies)
    # A shuffle forgets every looked-at card of that deck.
    g.shuffle_deck(0)
    assert not any(can_see(g, 0, c) for c in top3[1:])


def test_looking_at_the_opponents_hand_and_at_an_orb():
    g, _, _ = board()
    hand1 = list(g.players[1].hand)
    g.look_at(0, hand1, "hand")
    assert all(can_see(g, 0, c) for c in hand1)
    g.move_card(hand1[0], "deck")                    # it moved: forgotten
    assert not can_see(g, 0, hand1[0])
    orb = g.players[0].orbs[1]
    g.look_at(0, [orb.copy], "orbs")
    assert can_see(g, 0, orb.copy) and not can_see(g, 1, orb.copy)
    g.flip_orb(orb, True)
    g.flip_orb(orb, False)                           # turned face-down again: forgotten
    assert not can_see(g, 0, orb.copy)


def test_revealed_cards_are_known_to_both_until_they_move():
    g, _, _ = board()
    secret = g.players[1].hand[0]
    n = len(g.events)
    g.reveal([secret], "hand")
    assert g.events[n] == ev.Revealed(1, (secret.id,), (secret.card.name,), "hand")
    assert seen_by(g, n, 0) is g.events[n]
    assert can_see(g, 0, secret)                     # still in the hand, known
    assert g.view(0).opponent.hand[0].name == secret.card.name
    assert g.view(0).opponent.hand[0].known
    g.move_card(secret, "deck")
    assert not can_see(g, 0, secret)


def test_a_search_shows_the_chooser_the_deck_until_it_is_shuffled():
    from fecipher.engine.visibility import searched
    g, _, _ = board()
    deck0 = list(g.players[0].deck)
    searched(g, 0, deck0[:1])
    assert all(can_see(g, 0, c) for c in deck0) and not any(can_see(g, 1, c) for c in deck0)
    g.shuffle_deck(0)
    assert not any(can_see(g, 0, c) for c in deck0)


# ----------------------------------------------------------------------------- the view
def _walk_objects(x, seen=None):
    """Every object reachable from a view (attrs fields, tuples, dicts)."""
    seen = set() if seen is None else seen
    if id(x) in seen:
        return
    seen.add(id(x))
    yield x
    if attrs.has(type(x)):
        for f in attrs.fields(type(x)):
            yield from _walk_objects(getattr(x, f.name), seen)
    elif isinstance(x, (tuple, list, frozenset, set)):
        for v in x:
            yield from _walk_objects(v, seen)
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _walk_objects(k, seen)
            yield from _walk_objects(v, seen)


_ID_KEYS = {"id", "card", "cards", "discarded"}


def _walk_json(x, key=None):
    """(key, value) of every scalar in a JSON value; list items carry their list's key."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _walk_json(v, k)
    elif isinstance(x, list):
        for v in x:
            yield from _walk_json(v, key)
    else:
        yield key, x


def assert_hides(view: PlayerView, hidden: list[CardCopy]) -> None:
    """No id, name or code of a hidden card is reachable from the view, and nothing
    in it refers back to the game."""
    for o in _walk_objects(view):
        assert not isinstance(o, (Game, CardCopy, Card, Orb, Bond)), f"the view reaches a {type(o).__name__}"
    data = view.to_json()
    text = json.dumps(data)
    for c in hidden:
        assert c.card.name not in text and c.card.unit_name not in text and c.card.code not in text, c
    ids = {c.id for c in hidden}
    leaked = [(k, v) for k, v in _walk_json(data) if k in _ID_KEYS and v in ids]
    assert not leaked, leaked


def test_the_view_hides_the_opponents_hand_deck_and_face_down_orbs():
    g, mc0, mc1 = board()
    p0, p1 = g.players
    g.draw(1)                                        # the Topmost goes to player 1's hand
    g.draw(0)
    hidden = list(p1.hand) + list(p1.deck) + [o.copy for o in p1.orbs] + [o.copy for o in p0.orbs]
    assert any(c.card is SECRET for c in p1.hand) and any(c.card is TOPCARD for c in p1.hand)
    v = g.view(0)
    assert_hides(v, hidden)
    assert v.opponent.hand_size == 2 and all(c.unknown for c in v.opponent.hand)
    assert [c.index for c in v.opponent.hand] == [0, 1]
    assert all(c.unknown for c in v.me.orbs) and all(c.unknown for c in v.opponent.orbs)
    assert v.opponent.deck_size == len(p1.deck) and v.opponent.deck_known == ()
    assert {c.name for c in v.me.hand} == {MINE.name, MYTOP.name}
    json.dumps(v.to_json())                          # JSON-serialisable


def test_the_view_walk_finds_no_hidden_name_on_a_board_with_unique_names():
    g, mc0, mc1 = duel(orbs=0)
    secrets = [card(f"Hidden{i}", f"Secret {i}", cost=1, code=f"HID-00{i}") for i in range(4)]
    add_cards(g, 1, "hand", secrets[0], secrets[1])
    add_cards(g, 1, "deck", secrets[2], top=True)
    add_orbs(g, 1, [secrets[3]])
    add_orbs(g, 0, 2)
    begin(g)
    g.draw(1)                                        # Hidden2 drawn by player 1: named to them only
    g.move_card(g.players[1].hand[0], "deck")        # Hidden0 put back on the deck (player 1 saw it)
    hidden = list(g.players[1].hand) + list(g.players[1].deck) + [o.copy for o in g.players[1].orbs]
    assert_hides(g.view(0), hidden)
    # Player 1 sees their hand (and the draw), but not their face-down orb.
    v1 = g.view(1)
    assert {c.name for c in v1.me.hand} == {secrets[1].name, secrets[2].name}
    assert_hides(v1, [o.copy for o in g.players[1].orbs])
    # Each checks fails if the redaction is taken away: the full events name the cards.
    with pytest.raises(AssertionError):
        assert_hides(attrs.evolve(g.view(0), events=tuple(g.events)), hidden)


def test_views_of_a_whole_game_never_name_the_opponents_hidden_cards():
    """Random self-play: at every decision, the deciding player's view holds no id of
    a card of the opponent's hand, deck or face-down orbs except those they know."""
    from benchmarks.common import starter_decks
    d1, d2 = starter_decks()
    g = Game(d1, d2, seed=11)
    agents = [RandomAgent(1), RandomAgent(2)]
    steps = 0
    while not g.over and g.decision is not None and steps < 400:
        me = g.decision.player
        v = g.view(me, since=max(0, len(g.events) - 40))
        opp = g.players[1 - me]
        hidden = [c for c in list(opp.hand) + list(opp.deck) + [o.copy for o in opp.orbs if not o.face_up]
                  if not can_see(g, me, c)]
        ids = {c.id for c in hidden}
        assert not [x for k, x in _walk_json(attrs.evolve(v, events=()).to_json()) if k in _ID_KEYS and x in ids]
        for e in v.events:
            if isinstance(e, ev.Drew) and e.player != me:
                assert e.card is None and e.name is None
        g.answer(agents[me](g))
        steps += 1
    assert steps > 100


def test_building_views_changes_nothing_in_the_game():
    from benchmarks.common import starter_decks
    d1, d2 = starter_decks()
    plain = Game(d1, d2, seed=4)
    play(plain, [RandomAgent(8), RandomAgent(9)])
    viewed = Game(d1, d2, seed=4)
    agents = [RandomAgent(8), RandomAgent(9)]
    while not viewed.over and viewed.decision is not None:
        viewed.view(0)
        viewed.view(1)
        viewed.answer(agents[viewed.decision.player](viewed))
    assert [e.to_json() for e in viewed.events] == [e.to_json() for e in plain.events]


def test_the_pending_decision_is_in_the_deciders_view_only():
    g, _, _ = board()
    me = g.decision.player
    v = g.view(me)
    assert v.decision is not None and v.deciding == me
    assert [o.index for o in v.decision.options] == list(range(len(g.decision.options)))
    other = g.view(1 - me)
    assert other.decision is None and other.deciding == me


def test_an_option_about_a_card_its_chooser_cannot_see_is_unknown_in_the_view():
    from fecipher.engine.decisions import CARD, Decision, Option, choose
    g, _, _ = board()
    opp_hand = list(g.players[1].hand)

    def flow():
        opts = [Option(CARD, card=c.id, label=c.card.name) for c in opp_hand]   # a careless label
        yield from choose(0, "choose a card", opts)
        yield Decision(0, "may", "done?", (Option("yes"),))
    g._start(flow())
    v = g.view(0)
    o = v.decision.options[0]
    assert o.unknown and o.card is None and o.place == (1, "hand", 0)
    assert SECRET.name not in o.label and "unknown card" in o.label
    assert_hides(v, opp_hand)
    g.answer(o.index)                                # answered by its number
    assert g.decision.prompt == "done?"


def test_a_view_agent_plays_a_whole_game_from_views_only():
    from benchmarks.common import starter_decks
    d1, d2 = starter_decks()
    got: list = []

    class Recorder(RandomViewAgent):
        def __call__(self, view):
            got.append(type(view))
            return super().__call__(view)

    g = Game(d1, d2, seed=2)
    play(g, [FromView(Recorder(1)), FromView(RandomViewAgent(2), new_events_only=True)])
    assert g.over and got and set(got) == {PlayerView}
    # The same seeds played with views only: deterministic.
    g2 = Game(d1, d2, seed=2)
    play(g2, [FromView(RandomViewAgent(1)), FromView(RandomViewAgent(2))])
    assert [e.to_json() for e in g2.events] == [e.to_json() for e in g.events]


def test_new_events_only_gives_each_event_once():
    from benchmarks.common import starter_decks
    d1, d2 = starter_decks()
    logs: dict[int, list] = {0: [], 1: []}

    class Logger(RandomViewAgent):
        def __call__(self, view):
            assert view.events_since == len(logs[view.viewer]) or not logs[view.viewer]
            logs[view.viewer].extend(view.events)
            return super().__call__(view)

    g = Game(d1, d2, seed=6)
    play(g, [FromView(Logger(1), new_events_only=True), FromView(Logger(2), new_events_only=True)])
    n = len(logs[0])
    assert [e.to_json() for e in logs[0]] == [e.to_json() for e in events_seen_by(g, 0)[:n]]


def test_a_view_agent_may_concede():
    g, _, _ = board()
    play(g, [FromView(lambda view: CONCEDE), FromView(lambda view: CONCEDE)])
    assert g.over and g.winner is not None


def test_the_ai_determinises_only_the_cards_its_player_does_not_know():
    import random
    from fecipher.play.ai import determinise
    g, _, _ = duel(orbs=0)
    add_orbs(g, 0, 3)
    add_orbs(g, 1, 3)
    add_cards(g, 1, "hand", *[card(f"H{i}") for i in range(6)])
    begin(g)
    hand = list(g.players[1].hand)
    g.look_at(0, hand[:2], "hand")
    moved = False
    for seed in range(5):
        determinise(g, 0, random.Random(seed))
        assert g.players[1].hand[:2] == hand[:2]                   # known: kept where they are
        moved = moved or g.players[1].hand[2:] != hand[2:]
    assert moved                                                    # the unknown ones are shuffled


def test_the_board_names_the_opponents_known_hand_cards_only():
    from fecipher.play.board import hand_text
    g, _, _ = board()
    assert hand_text(g, 1, 0) == "hand: 1 card"
    g.reveal(list(g.players[1].hand), "hand")
    assert hand_text(g, 1, 0) == f"hand: 1 card (known: {SECRET.name})"


def test_an_option_about_a_field_card_names_its_place_in_the_stack():
    from fecipher.engine.decisions import CARD, Decision, Option
    from vanilla import add_unit
    g, _, _ = duel()
    stack = add_unit(g, 0, card("Top"), card("Under"))
    begin(g)

    def flow():
        yield Decision(0, "choose", "which card?", tuple(Option(CARD, card=c.id, unit=stack.id, label=c.card.name)
                                                         for c in stack.cards))
    g._start(flow())
    v = g.view(0)
    unit = next(u for u in v.me.front if u.id == stack.id)
    assert [o.place for o in v.decision.options] == [(0, "field", 0), (0, "field", 1)]
    assert [unit.cards[o.place[2]].id for o in v.decision.options] == [c.id for c in stack.cards]
