"""The trigger `when cards are sent to <area> by this unit's "X"` (once per use of that ACT skill
whose effect sent any cards there, about all of them) and the filter `with the same unit name as
either of those cards`: "When cards are sent to the Retreat Area by this unit's "Brynhildr, the
Divine Weapon", choose 1 enemy with the same Unit Name as either of those cards" (B02-060SR)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

HEAD = '''
card "Leo, Probe"
  codes TST-251
  cost 1
  symbol black
  range 1
  attack 30
  support 10

  act "Bryn"
    cost send 1 "Leo" card from your hand to your retreat area
    choose 2 cards from your opponent's hand without looking
    your opponent sends them to their retreat area
  act "Idle"
    draw 1
'''
DARK = '''  auto "Dark"
    when cards are sent to your opponent's retreat area by this unit's "Bryn"
    choose 1 enemy with the same unit name as either of those cards
    it loses 20 attack until the end of the turn
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + DARK, "game.fe0")}


def test_reads():
    text = CARDS["Leo"].skills[2].text
    assert "When cards are sent to your opponent's Retreat Area by this unit's \"Bryn\"" in text
    assert "with the same Unit Name as either of those cards" in text


@pytest.mark.parametrize("bad, says", [
    (DARK.replace('this unit\'s "Bryn"', 'this unit\'s "Nothing"'), "names an ACT skill of this card"),
    (DARK.replace('this unit\'s "Bryn"', 'this unit\'s "Dark"'), "names an ACT skill of this card"),
    (DARK.replace('    when cards are sent to your opponent\'s retreat area by this unit\'s "Bryn"\n',
                  "    when this unit attacks\n"), "has no such trigger"),
])
def test_refused_near_misses(bad, says):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + bad, "bad.fe0")
    assert says in str(e.value)


def _board(*hand1):
    game, mc0, mc1 = duel(card("Lord 0", "main character", attack=50, symbols="black"))
    leo = add_unit(game, 0, CARDS["Leo"])
    add_cards(game, 0, "hand", card("Leo", "one", symbols="black"), card("Leo", "two", symbols="black"))
    ann = add_unit(game, 1, card("Ann", attack=40))
    bob = add_unit(game, 1, card("Bob", attack=40))
    cid = add_unit(game, 1, card("Cid", attack=40))
    hand = add_cards(game, 1, "hand", *hand1)
    return game, leo, ann, bob, cid, hand


def test_one_trigger_for_the_cards_of_one_use_an_enemy_named_like_either():
    game, leo, ann, bob, cid, hand = _board(card("Ann", "in hand"), card("Bob", "in hand"))
    begin(game)
    pick(game, "use_skill", skill="Bryn")
    pick(game, "card", label="Leo, one")                  # the cost: not one of "those cards"
    # both cards of the hand go (2 chosen of 2); one "Dark" triggers, offering "Ann" or "Bob"
    assert len([e for e in events(game, ev.SkillTriggered) if e.skill == "Dark"]) == 1
    offered = {o.unit for o in options(game, "unit")}
    assert offered == {ann.id, bob.id}
    pick(game, "unit", unit=bob.id)
    assert game.attack(bob) == 20 and game.attack(ann) == 40
    assert game.attack(cid) == 40


def test_nothing_sent_nothing_triggers_and_another_skill_does_not_trigger_it():
    game, leo, ann, bob, cid, hand = _board()
    begin(game)
    pick(game, "use_skill", skill="Bryn")                   # an empty hand: nothing sent
    pick(game, "card", label="Leo, one")
    pick(game, "use_skill", skill="Idle")
    assert not [e for e in events(game, ev.SkillTriggered) if e.skill == "Dark"]


TOSS = '''
card "Tess, Probe"
  codes TST-252
  cost 1
  symbol black
  range 1
  attack 30
  support 10

  act "Toss"
    cost send 1 card from your hand to your retreat area
    send the top card of your deck to your retreat area
  auto "Tally"
    when cards are sent to your retreat area by this unit's "Toss"
    choose 1 ally with the same unit name as either of those cards
    it gains +20 attack until the end of the turn
'''


def test_what_the_cost_sent_is_not_one_of_those_cards():
    (tess,) = compile_text(TOSS, "toss.fe0")
    game, mc0, mc1 = duel(card("Lord 0", "main character", attack=50, symbols="black"))
    add_unit(game, 0, tess)
    ann = add_unit(game, 0, card("Ann", attack=40))
    bob = add_unit(game, 0, card("Bob", attack=40))
    add_cards(game, 0, "hand", card("Ann", "in hand"))
    add_cards(game, 0, "deck", card("Bob", "on top"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Toss")
    # the cost sent "Ann" there, the effect "Bob": "Bob" alone is named
    assert {o.unit for o in options(game, "unit")} == {bob.id}
    pick(game, "unit", unit=bob.id)
    assert game.attack(bob) == 60 and game.attack(ann) == 40


def test_each_use_triggers_once_about_its_own_cards():
    game, leo, ann, bob, cid, hand = _board(card("Ann", "in hand"), card("Bob", "in hand"), card("Cid", "in hand"),
                                            card("Dan", "in hand"))
    begin(game)
    pick(game, "use_skill", skill="Bryn")
    pick(game, "card", label="Leo, one")
    sent = [c for c in game.players[1].retreat]
    names = {c.card.unit_name for c in sent}
    want = {u.id for u in (ann, bob, cid) if u.name in names}
    assert {o.unit for o in options(game, "unit")} == want
    pick(game, "unit", unit=sorted(want)[0])
    pick(game, "use_skill", skill="Bryn")                   # (the last "Leo" in the hand: no choice)
    second = {c.card.unit_name for c in game.players[1].retreat} - names
    assert len(second) == 2
    assert {o.unit for o in options(game, "unit")} == {u.id for u in (ann, bob, cid) if u.name in second}
    assert len([e for e in events(game, ev.SkillTriggered) if e.skill == "Dark"]) == 2
