"""Rule 12 (deck building) and rule 13 (setting up a game)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine.deckrules import IllegalDeck, check_deck, deck_problems
from fecipher.engine.game import Deck, Game
from vanilla import card, deck, events, pick

LORD = card("Lord", "of the test", cost=1)
HERO = card("Hero", "of the test", cost=1)


# --------------------------------------------------------------------------- rule 12
def test_rule_12_fifty_cards_with_the_mc_is_legal():
    d = deck(LORD, size=50)
    assert len(d.cards) == 50
    assert deck_problems(d) == []
    check_deck(d)


def test_rule_12_forty_nine_cards_is_illegal_and_the_message_names_the_rule():
    d = deck(LORD, size=49)
    problems = deck_problems(d)
    assert problems == ["rule 12 (deck size): the deck has 49 cards, at least 50 are required "
                        "(the Main Character included)"]
    with pytest.raises(IllegalDeck) as e:
        check_deck(d)
    assert e.value.deck_name == "vanilla"
    assert "rule 12 (deck size)" in str(e.value)


def test_rule_12_five_copies_of_a_card_name_is_illegal_and_names_the_card():
    five = card("Cain", "Red Knight", cost=2)
    d = deck(LORD, [five] * 5)
    assert deck_problems(d) == ['rule 12 (copies): 5 copies of "Cain, Red Knight", at most 4 are allowed']


def test_rule_12_copies_are_counted_by_card_name_across_codes():
    # Two printings (different codes) of one card name count together.
    a = card("Cain", "Red Knight", cost=2, code="X-001")
    b = card("Cain", "Red Knight", cost=2, code="X-001+")
    assert len(deck_problems(deck(LORD, [a] * 3 + [b] * 2))) == 1
    assert deck_problems(deck(LORD, [a] * 2 + [b] * 2)) == []


def test_rule_12_four_copies_each_of_two_titles_of_one_unit_is_legal():
    low = card("Cain", "Red Knight", cost=2)
    high = card("Cain", "The Bull", cost=4, cc=3)
    assert deck_problems(deck(LORD, [low] * 4 + [high] * 4)) == []


def test_rule_12_mc_must_cost_one_and_the_message_names_the_card():
    big = card("Marth", "Star and Savior", cost=4, cc=3, code="S01-001")
    d = Deck("bad", (big,) + deck(LORD).cards[1:], big)
    assert deck_problems(d) == ['rule 12 (Main Character): "Marth, Star and Savior" (S01-001) costs 4; '
                                'the Main Character must be a cost-1 card']


def test_rule_12_mc_must_be_one_of_the_deck_cards():
    outsider = card("Outsider", "not in the deck", cost=1, code="OUT-1")
    d = Deck("bad", deck(LORD).cards, outsider)
    assert deck_problems(d) == ['rule 12 (Main Character): "Outsider, not in the deck" (OUT-1) is not in the deck']


def test_rule_12_every_problem_is_reported_at_once():
    five = card("Cain", "Red Knight", cost=2)
    big = card("Big", "too big", cost=3)
    d = Deck("bad", (big,) + (five,) * 5, big)
    problems = deck_problems(d)
    assert [p.split(":")[0] for p in problems] == [
        "rule 12 (deck size)", "rule 12 (copies)", "rule 12 (Main Character)"]


def test_rule_12_a_game_refuses_an_illegal_deck_unless_told_not_to_check():
    bad = deck(LORD, size=30)
    with pytest.raises(IllegalDeck):
        Game(bad, deck(HERO), seed=1)
    g = Game(bad, deck(HERO), seed=1, check_decks=False)
    assert g.decision is not None


def test_rule_12_the_starter_decks_are_legal():
    from fecipher.dsl.decks import load_deck
    for name in ("marth", "chrom"):
        d = load_deck(name)
        assert deck_problems(d) == []
        assert d.main_character.cost == 1


# --------------------------------------------------------------------------- rule 13
def _new_game(seed=3, first_player=1):
    return Game(deck(LORD), deck(HERO), seed=seed, first_player=first_player)


def test_rule_13_setup_draws_six_each_first_player_first_then_mulligans_first_player_first():
    g = _new_game(first_player=1)
    drew = events(g, ev.Drew)
    assert [e.player for e in drew] == [1] * 6 + [0] * 6
    assert len(g.events) == 12
    # The first player decides the mulligan first, then the other player; nothing else yet.
    assert (g.decision.player, g.decision.kind) == (1, "mulligan")
    assert [o.kind for o in g.decision.options] == ["no", "yes"]
    pick(g, "no", player=1)
    assert (g.decision.player, g.decision.kind) == (0, "mulligan")


def test_rule_13_after_setup_each_player_has_six_cards_five_orbs_and_the_mc_face_up_in_front():
    g = _new_game(first_player=1)
    pick(g, "no")
    pick(g, "no")
    for p, mc_card in ((0, LORD), (1, HERO)):
        ps = g.players[p]
        assert len(ps.hand) == 6
        assert len(ps.orbs) == 5 and all(not o.face_up for o in ps.orbs)
        assert len(ps.deck) == 50 - 1 - 6 - 5
        assert ps.back == [] and ps.bonds == [] and ps.retreat == []
        [mc] = ps.front
        assert mc.is_main_character and mc.card is mc_card and mc.stack_size == 1
        assert g.card_count(p) == 50
    started = events(g, ev.GameStarted)
    assert started == [ev.GameStarted(3, 1)]
    # The first player's first turn starts right after setup.
    assert (g.turn, g.turn_player, g.first_player) == (1, 1, 1)
    assert (g.decision.player, g.decision.kind) == (1, "bond")


def test_rule_13_the_mc_is_set_aside_before_the_shuffle_and_is_never_drawn():
    # A deck whose only cost-1 Lord copy is the MC: no Lord can be in the hand, orbs or deck.
    g = _new_game()
    # The MC is set in the Front Line before anything is drawn, so every card
    # is in some area during the mulligans too.
    assert [u.card for u in g.players[0].front] == [LORD]
    assert g.card_count(0) == g.card_count(1) == 50
    pick(g, "no")
    pick(g, "no")
    p = g.players[0]
    assert all(c.card is not LORD for c in p.hand + p.deck + [o.copy for o in p.orbs])


def test_rule_13_a_mulligan_puts_the_six_back_shuffles_and_draws_six_once():
    g = _new_game(first_player=0)
    before = list(g.players[0].hand)
    mark = len(g.events)
    pick(g, "yes", player=0)
    after = events(g, since=mark)
    assert type(after[0]) is ev.Mulliganed and after[0].player == 0
    assert [type(e) for e in after[1:7]] == [ev.Drew] * 6
    assert len(g.players[0].hand) == 6 and g.card_count(0) == 50
    assert {c.id for c in before} <= {c.id for c in g.players[0].deck + g.players[0].hand}
    # No second mulligan: the next decision is the other player's.
    assert (g.decision.player, g.decision.kind) == (1, "mulligan")
    pick(g, "no")
    assert g.decision.kind == "bond"
    assert [e.player for e in events(g, ev.Mulliganed)] == [0]


def test_rule_13_first_player_is_the_explicit_choice_or_a_seeded_draw():
    assert _new_game(first_player=0).first_player == 0
    assert _new_game(first_player=1).first_player == 1
    firsts = {seed: Game(deck(LORD), deck(HERO), seed=seed).first_player for seed in range(20)}
    assert set(firsts.values()) == {0, 1}
    # Seeded: the same seed always gives the same first player.
    assert all(Game(deck(LORD), deck(HERO), seed=s).first_player == f for s, f in firsts.items())


def test_rule_13_setup_is_a_function_of_the_seed():
    a, b = _new_game(seed=11), _new_game(seed=11)
    assert a.events == b.events
    assert [c.card.name for c in a.players[0].hand] == [c.card.name for c in b.players[0].hand]
