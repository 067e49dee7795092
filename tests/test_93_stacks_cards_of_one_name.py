"""Different cards of one name: the card list prints a few different cards under one name and
title (the three B08-047 Risen "Risen, Defiled Soldier", each of another class and weapon;
B11-101+X and S04-003ST "Camilla, Bewitching Malig Knight"). A pack holds them as several
cards of that name, each with its own codes (docs/skill-language.md, "Packs and card facts");
a code names each one, and the shared name names none of them: decks, scenarios and
`fecipher describe` refuse it with a message naming the codes. Rule 12 counts copies by the
card name (name and title), so the cards of one name share the four copies."""
import pytest

from fecipher.dsl.decks import parse_deck
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import CardPool, compile_text
from fecipher.engine.decisions import DEPLOY
from fecipher.engine.deckrules import deck_problems
from fecipher.engine.game import Deck

from vanilla import add_bonds, add_cards, begin, card, duel, options, pick

PACK = '''
card "Twin, Same Title"
  codes TST-961
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10
  spec "Many"
    this card can share its unit name with allies

card "Twin, Same Title"
  codes TST-962, TST-962+
  cost 2
  symbol red
  weapon bow
  range 2
  attack 50
  support 20

card "Lord, Of The Deck"
  codes TST-963
  cost 1
  symbol red
  range 1
  attack 40
  support 10
'''


def _pool() -> CardPool:
    return CardPool(tuple(compile_text(PACK, "t.fe0")))


def test_a_pack_holds_two_cards_of_one_name_told_apart_by_their_codes():
    pool = _pool()
    a, b = pool.find("TST-961"), pool.find("tst-962+")
    assert a is not None and b is not None and a is not b
    assert a.name == b.name == "Twin, Same Title"
    assert (a.attack, a.weapon, sorted(a.ranges)) == (30, "sword", [1])
    assert (b.attack, b.weapon, sorted(b.ranges)) == (50, "bow", [2])
    assert pool.find("Lord, Of The Deck") is pool.find("TST-963")      # a name of one card still finds it


def test_the_shared_name_names_none_of_them_and_says_why():
    pool = _pool()
    assert pool.find("Twin, Same Title") is None
    msg = pool.ambiguity("twin, same title")
    assert "2 different cards are named \"Twin, Same Title\"" in msg and "TST-961" in msg and "TST-962" in msg
    assert pool.ambiguity("Lord, Of The Deck") == "" and pool.ambiguity("Nobody, At All") == ""


def test_a_card_given_twice_is_still_an_error():
    """One of its codes again: the same card twice, not two cards of one name."""
    twice = PACK + '''
card "Twin, Same Title"
  codes TST-969, TST-961
  cost 1
  attack 30
  support 10
'''
    with pytest.raises(LanguageError) as e:
        compile_text(twice, "t.fe0")
    assert 'card "Twin, Same Title" is defined twice' in str(e.value)
    assert "each have their own codes" in str(e.value)


def _deck_text(lines: str) -> str:
    return "main character TST-963\n4 TST-963\n" + lines


def test_a_deck_names_them_by_code_and_refuses_the_shared_name():
    pool = _pool()
    deck = parse_deck(_deck_text("2 TST-961\n2 TST-962\n"), pool, "d.deck")
    assert [c.code for c in deck.cards].count("TST-961") == 2 and [c.code for c in deck.cards].count("TST-962") == 2
    with pytest.raises(LanguageError) as e:
        parse_deck(_deck_text("2 Twin, Same Title\n"), pool, "d.deck")
    assert "2 different cards are named" in str(e.value) and "name one by its code" in str(e.value)


def test_rule_12_counts_the_cards_of_one_name_together():
    pool = _pool()
    filler = [card(f"Filler {i}") for i in range(11) for _ in range(4)]
    lord = pool.find("TST-963")
    ok = Deck("d", (lord, *[pool.find("TST-961")] * 2, *[pool.find("TST-962")] * 2, *filler), lord)
    assert not [p for p in deck_problems(ok) if "copies" in p]
    bad = Deck("d", (lord, *[pool.find("TST-961")] * 3, *[pool.find("TST-962")] * 2, *filler), lord)
    assert any('5 copies of "Twin, Same Title"' in p for p in deck_problems(bad))


def test_a_deck_of_them_round_trips_through_json_by_code():
    pool = _pool()
    lord = pool.find("TST-963")
    deck = Deck("d", (lord, pool.find("TST-961"), pool.find("TST-962")), lord)
    back = Deck.from_json(deck.to_json(), pool)
    assert [c for c in back.cards] == [c for c in deck.cards]     # the same card objects, each by its code


def test_in_a_game_each_card_keeps_its_own_facts_and_rules():
    """Both deployed side by side: the first card's share-name rule lets the second (of the
    same unit name) join it; each unit has its own card's attack and range."""
    pool = _pool()
    a, b = pool.find("TST-961"), pool.find("TST-962")
    g, _, _ = duel()
    add_bonds(g, 0, *[card("Bond")] * 3)
    ca, cb = add_cards(g, 0, "hand", a, b)
    begin(g, phase="deployment")
    pick(g, DEPLOY, card=ca.id, area="front")
    assert options(g, DEPLOY, card=cb.id)            # the unit already there shares its name
    pick(g, DEPLOY, card=cb.id, area="back")
    units = {u.cards[0].card.code: u for u in g.players[0].units if u.cards[0].card.name == "Twin, Same Title"}
    assert sorted(units) == ["TST-961", "TST-962"]
    assert g.attack(units["TST-961"]) == 30 and g.attack(units["TST-962"]) == 50


def test_a_scenario_refuses_the_shared_name():
    from fecipher.conformance.scenario import parse_scenarios
    from fecipher.conformance.scenario_run import run_scenario
    text = ('cards: """' + PACK + '"""\n'
            'scenario "x"\n  start turn 3, player 1, deployment phase\n  player 1\n'
            '    hand: "Twin, Same Title"\n    front: TST-963 MC\n  player 2\n    front: TST-963 MC\n')
    r = run_scenario(parse_scenarios(text, "same.scn").scenarios[0])
    assert r.status == "failed"
    assert "2 different cards are named" in r.failure.actual and "name one by its code" in r.failure.actual
    ok = text.replace('hand: "Twin, Same Title"', "hand: TST-962")
    assert run_scenario(parse_scenarios(ok, "same.scn").scenarios[0]).status == "passed"
