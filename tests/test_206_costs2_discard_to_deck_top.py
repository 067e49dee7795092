"""The card discarded for a critical hit (or a god-speed evasion) put on top of its owner's
deck instead of the Retreat Area: "When this unit Critical Hits, you may place "Fir" on top
of your Deck from your hand instead of sending her to the Retreat Area" (B05-034SR Fir),
written 'you may put a "Fir" card discarded for a critical hit of this unit on top of your
deck instead of sending it to your retreat area'. The discard's move is offered to
replacements before it happens (engine/battle.py _discard); the critical hit is made all
the same. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Fira, Sword Student"
  codes TST-271
  cost 1
  symbol red
  range 1
  attack 50
  support 10
  cont "Wrath"
    you may put a "Fira" card discarded for a critical hit of this unit on top of your deck instead of sending it to your retreat area

card "Mira, Nimble"
  codes TST-272
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Nimble"
    you may put a "Mira" card discarded for an evasion of this unit on top of your deck instead of sending it to your retreat area
'''

CARDS = {c.title: c for c in compile_text(PACK, "decktop.fe0")}


def _to(game, kind):
    for _ in range(40):
        d = game.decision
        if d is None or d.kind == "action":
            return None
        if d.kind == kind:
            return d
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("not reached")


def _crit(answer):
    game, mc0, mc1 = duel()
    fira = add_unit(game, 0, CARDS["Sword Student"])
    other, = add_cards(game, 0, "hand", CARDS["Sword Student"])
    begin(game)
    pick(game, "attack", unit=fira, target=mc1)
    assert _to(game, "critical_hit") is not None
    pick(game, "discard", card=other)
    d = game.decision
    assert d.kind == "may" and "Wrath" in d.prompt
    pick(game, answer)
    return game, other


def test_said_yes_the_discarded_card_goes_on_top_of_the_deck_and_the_critical_hit_is_made():
    game, other = _crit("yes")
    p = game.players[0]
    assert p.deck[0] is other and other not in p.retreat and other not in p.hand
    assert [e.discarded for e in game.events if isinstance(e, ev.CriticalHit)] == [other.id]
    _to(game, "none")
    assert [e.critical for e in game.events if isinstance(e, ev.BattleJudged)] == [True]


def test_declined_it_goes_to_the_retreat_area():
    game, other = _crit("no")
    assert other in game.players[0].retreat and game.players[0].deck[0] is not other


def test_not_for_another_units_critical_hit():
    game, mc0, mc1 = duel()
    add_unit(game, 0, CARDS["Sword Student"])
    striker = add_unit(game, 0, card("Striker", attack=40))
    mate, = add_cards(game, 0, "hand", card("Striker", attack=40))
    begin(game)
    pick(game, "attack", unit=striker, target=mc1)
    _to(game, "critical_hit")
    pick(game, "discard", card=mate)
    assert game.decision is None or game.decision.kind != "may"
    assert mate in game.players[0].retreat


def test_an_evasion_of_this_unit():
    game, mc0, mc1 = duel()
    mira = add_unit(game, 1, CARDS["Nimble"])
    other, = add_cards(game, 1, "hand", CARDS["Nimble"])
    striker = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=striker, target=mira)
    assert _to(game, "evasion") is not None
    pick(game, "discard", card=other)
    assert game.decision.kind == "may" and game.decision.player == 1
    pick(game, "yes")
    assert game.players[1].deck[0] is other and other not in game.players[1].retreat
    assert any(isinstance(e, ev.Evaded) for e in game.events)


def test_renders_as_card_text():
    text = CARDS["Sword Student"].skills[0].text
    assert ('If a "Fira" card discarded from your hand for this unit\'s Critical Hit would be sent to your Retreat '
            'Area, you may place it on top of your Deck instead of your Retreat Area.') in text


@pytest.mark.parametrize("skill", [
    # not in a CONT skill
    'act "Bad"\n    you may put a "Bad" card discarded for a critical hit of this unit on top of your deck instead of '
    'sending it to your retreat area',
    # another card than the discarded one, or another destination
    'cont "Bad"\n    you may put the card supporting this unit on top of your deck instead of sending it to your '
    'retreat area',
    'cont "Bad"\n    you may put a "Bad" card discarded for a critical hit of this unit into your hand instead of '
    'sending it to your retreat area',
    'cont "Bad"\n    you may put a "Bad" card discarded for a critical hit of this unit on top of your opponent\'s deck '
    'instead of sending it to your retreat area',
    'cont "Bad"\n    you may put a "Bad" card discarded for a dance of this unit on top of your deck instead of '
    'sending it to your retreat area',
    # the filter elsewhere than in the replacement
    'act "Bad"\n    choose 1 card discarded for a critical hit of this unit\n    draw 1',
])
def test_near_misses_are_refused(skill):
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  {skill}
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(text, "bad.fe0")
