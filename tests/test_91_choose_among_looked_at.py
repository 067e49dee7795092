"""Choosing among the cards a "look at" line looked at (docs/skill-language.md, "Choosing among
cards looked at"): 'among them' and 'the rest' name the cards the skill's last "reveal" or
"look at" line showed, still where they were and not moved by a line of the skill since; only
the controller sees the cards looked at, and a choice among them is not a search of the deck
(the chooser learns those cards, not the others). 'the revealed cards' and 'among the revealed
cards' stay for cards a "reveal" line revealed."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.render import skill as render_skill
from fecipher.engine import events as ev
from fecipher.engine.visibility import can_see, events_seen_by

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Seer, Scryer"
  codes TST-911
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Scry"
    cost tap this
    look at the top 3 cards of your deck
    choose 1 card among them
    send it to your retreat area
    put the rest on top of your deck in any order
  act "Prune"
    once per turn
    look at the top 2 cards of your deck
    choose any number of red cards among them
    send them to your retreat area
'''


def _pack():
    return compile_text(PACK, "t.fe0")[0]


def _src(*lines: str) -> str:
    body = "\n".join(f"    {x}" for x in lines)
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n{body}\n'


def _errors(*lines: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(_src(*lines), "bad.fe0")
    return str(e.value)


# ---------------------------------------------------------------- compile
def test_among_them_and_the_rest_follow_a_look_line():
    from fecipher.dsl.parse import parse_pack
    assert [s.name for s in _pack().skills] == ["Scry", "Prune"]
    node = parse_pack(PACK, "t.fe0").cards[0].skills[0]
    text = render_skill(node)
    assert "among the looked-at cards" in text and "the remaining looked-at cards" in text
    assert "revealed" not in text


def test_the_reveal_wording_is_kept_for_revealed_cards():
    src = _src("reveal the top 3 cards of your deck", "choose 1 card among them", "add it to your hand",
               "put the rest on the bottom of your deck")
    from fecipher.dsl.parse import parse_pack
    node = parse_pack(src, "ok.fe0").cards[0].skills[0]
    text = render_skill(node)
    assert "among the revealed cards" in text and "the remaining revealed cards" in text


@pytest.mark.parametrize("lines, words", [
    (("choose 1 card among them", "add it to your hand"),
     "'among them' chooses among the cards an earlier 'reveal' or 'look at' line"),
    (("draw 1", "put the rest on top of your deck"),
     "'the rest' are the cards an earlier 'reveal' or 'look at' line of this skill showed"),
    (("look at the top 2 cards of your deck", "choose 1 card among the revealed cards", "add it to your hand"),
     "'among the revealed cards' after a 'look at' line: the cards looked at were not revealed"),
    (("look at the top 2 cards of your deck", "send the revealed cards to your retreat area"),
     "'the revealed cards' after a 'look at' line"),
])
def test_refused_without_the_line_that_shows_the_cards(lines, words):
    assert words in _errors(*lines)


# ---------------------------------------------------------------- games
def _board(deck_cards):
    scryer = _pack()
    g, mc0, _ = duel(deck=0)
    u = add_unit(g, 0, scryer)
    add_cards(g, 0, "deck", *deck_cards)
    begin(g)
    return g, u


def test_one_of_the_cards_looked_at_is_sent_and_the_rest_go_back_in_the_chosen_order():
    a, b, c, d = card("A"), card("B"), card("C"), card("D")
    g, u = _board([a, b, c, d])
    pick(g, "use_skill", skill="Scry")
    # Only the three cards looked at are offered, not the fourth.
    offered = {g.copy(o.card).card.unit_name for o in g.legal_options() if o.card is not None}
    assert offered == {"A", "B", "C"}
    pick(g, card=b)
    assert [x.card.unit_name for x in g.players[0].retreat] == ["B"]
    pick(g, card=c)            # put on top first: the last one put is the top card
    assert [x.card.unit_name for x in g.players[0].deck] == ["A", "C", "D"]


def test_the_chooser_learns_the_cards_looked_at_not_the_rest_of_the_deck():
    a, b, c, d = card("A"), card("B"), card("C"), card("D")
    g, u = _board([a, b, c, d])
    since = len(g.events)
    pick(g, "use_skill", skill="Scry")
    deck = g.players[0].deck
    assert all(can_see(g, 0, x) for x in deck[:3])
    assert not can_see(g, 0, deck[3])      # not a search: the fourth card stays unknown
    assert not any(can_see(g, 1, x) for x in deck)
    pick(g, card=a)
    pick(g, card=b)
    # The opponent saw how many cards were looked at, never which ones went back on top.
    seen = events_seen_by(g, 1, since)
    looked = [e for e in seen if isinstance(e, ev.LookedAt)]
    assert looked and looked[0].count == 3 and not any(looked[0].names)
    names_seen = " ".join(str(e) for e in seen if not (isinstance(e, ev.CardMoved) and e.dest == "retreat"))
    assert "'B'" not in names_seen and "'C'" not in names_seen


def test_a_filter_among_them_offers_only_matching_cards_and_any_number_may_be_chosen():
    red, blue = card("Red"), card("Blue", symbols="blue")
    g, u = _board([blue, red, card("Deep")])
    pick(g, "use_skill", skill="Prune")
    offered = {g.copy(o.card).card.unit_name for o in g.legal_options() if o.card is not None}
    assert offered == {"Red"}
    pick(g, card=red)
    assert [x.card.unit_name for x in g.players[0].retreat] == ["Red"]
    assert [x.card.unit_name for x in g.players[0].deck] == ["Blue", "Deep"]


def test_a_choice_among_revealed_cards_of_a_deck_is_not_a_search_either():
    seer = compile_text('''
card "Seer, Reader"
  codes TST-912
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Read"
    reveal the top 2 cards of your deck
    choose 1 card among the revealed cards
    add it to your hand
''', "r.fe0")[0]
    g, _, _ = duel(deck=0)
    add_unit(g, 0, seer)
    a, b, c = card("A"), card("B"), card("C")
    add_cards(g, 0, "deck", a, b, c)
    begin(g)
    pick(g, "use_skill", skill="Read")
    deck = g.players[0].deck
    assert can_see(g, 0, deck[0]) and can_see(g, 1, deck[0])     # revealed: both see them
    assert not can_see(g, 0, deck[2])                            # the third card was not searched
    pick(g, card=a)
    assert [x.card.unit_name for x in g.players[0].hand] == ["A"]
