"""Other ways to pay for a critical hit or a god-speed evasion (pool row 23): "you may
<cost> instead of discarding for a critical hit (an evasion) of X" offers, in the
critical-hit (evasion) decision, the skill's cost in place of the card with the battling
unit's unit name (rule 3), when the cost can be paid in full. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, option, options, pick

PACK = '''
card "Alt, Brave Sword"
  codes TST-861
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Brave Sword"
    you may flip 2 bonds instead of discarding for a critical hit of this unit

card "Alt, Nimble"
  codes TST-862
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Not Gunna Lose"
    you may flip 2 bonds instead of discarding for an evasion of this unit

card "Alt, Windstorm"
  codes TST-863
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Windstorm Dance"
    you may send 1 card with cost 1 from your hand to your retreat area instead of discarding for a critical hit of an ally
card "Kin, Kin of Valla"
  codes TST-864
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  hand "Divine Kin"
    you may send this card to your retreat area instead of discarding for an evasion of an "Alt" ally
'''

CARDS = {c.title: c for c in compile_text(PACK, "alternatives.fe0")}


def _to(game, kind):
    for _ in range(40):
        d = game.decision
        assert d is not None and d.kind != "action", "the battle ended first"
        if d.kind == kind:
            return d
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("not reached")


def _to_action(game):
    for _ in range(40):
        d = game.decision
        if d is None or d.kind == "action":
            return
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])


def test_flip_bonds_instead_of_discarding_for_a_critical_hit():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, CARDS["Brave Sword"])
    bonds = add_bonds(game, 0, card("B1"), card("B2"))
    hand_before = list(game.players[0].hand)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    d = _to(game, "critical_hit")
    # No card with its unit name in the hand: the skill's way is still offered.
    assert [o.kind for o in d.options] == ["pass", "alternative"]
    since = len(game.events)
    pick(game, "alternative", skill="Brave Sword")
    _to_action(game)
    assert all(not b.face_up for b in bonds)
    assert game.players[0].hand == hand_before
    crit = next(e for e in events(game, ev.CriticalHit, since=since))
    assert crit.discarded == -1
    judged = next(e for e in events(game, ev.BattleJudged, since=since))
    assert judged.critical and judged.attacker_power == 2 * (40 + judged.attacker_support)


def test_not_offered_when_the_cost_cannot_be_paid():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, CARDS["Brave Sword"])
    add_bonds(game, 0, card("B1"))                      # one bond: 2 cannot be flipped
    add_cards(game, 0, "hand", CARDS["Brave Sword"])    # a same-name card: the usual way
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    d = _to(game, "critical_hit")
    assert sorted(o.kind for o in d.options) == ["discard", "pass"]


def test_flip_bonds_instead_of_discarding_for_an_evasion():
    game, mc0, mc1 = duel()
    nimble = add_unit(game, 1, CARDS["Nimble"])
    bonds = add_bonds(game, 1, card("B1"), card("B2"))
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=nimble)
    d = _to(game, "evasion")
    assert d.player == 1
    pick(game, "alternative", skill="Not Gunna Lose")
    _to_action(game)
    assert game.unit(nimble.id) is nimble
    assert all(not b.face_up for b in bonds)
    assert [e.discarded for e in game.events if isinstance(e, ev.Evaded)] == [-1]


def test_a_skill_of_another_unit_pays_for_an_allys_critical_hit():
    game, mc0, mc1 = duel()
    add_unit(game, 0, CARDS["Windstorm"])
    striker = add_unit(game, 0, card("Striker", attack=40))
    cheap, = add_cards(game, 0, "hand", card("Cheap", cost=1))
    add_cards(game, 0, "hand", card("Dear", cost=3))
    begin(game)
    pick(game, "attack", unit=striker, target=mc1)
    _to(game, "critical_hit")
    pick(game, "alternative", skill="Windstorm Dance")
    # The cost's choice: only the card with cost 1 can pay it (one candidate: taken).
    _to_action(game)
    assert cheap in game.players[0].retreat
    assert any(isinstance(e, ev.CriticalHit) and e.unit == striker.id for e in game.events)


def test_a_hand_skill_pays_for_an_allys_evasion_with_this_card():
    game, mc0, mc1 = duel()
    kin = add_unit(game, 1, CARDS["Nimble"])               # an "Alt" ally, no bond to flip
    other = add_unit(game, 1, card("Other", attack=10))    # not an "Alt" unit
    this, = add_cards(game, 1, "hand", CARDS["Kin of Valla"])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=other)
    _to_action(game)                                        # nothing offered for "Other"
    assert game.unit(other.id) is None and this in game.players[1].hand
    pick(game, "attack", unit=mc0, target=kin)                # (attack 50 against 30)
    d = _to(game, "evasion")
    assert [o.kind for o in d.options] == ["pass", "alternative"] and d.options[1].card == this.id
    pick(game, "alternative", skill="Divine Kin")
    _to_action(game)
    assert game.unit(kin.id) is kin and this in game.players[1].retreat


def test_alternative_discards_render_and_refusals():
    text = CARDS["Brave Sword"].skills[0].text
    assert "If this unit Critical Hits, you may flip 2 Bonds face-down instead of sending a card" in text
    base = '''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(base + '  auto "Bad"\n    when this unit attacks\n    you may flip 1 bond instead of '
                            'discarding for a critical hit of this unit\n', "bad.fe0")
    with pytest.raises(LanguageError, match="not a cost"):
        compile_text(base + '  cont "Bad"\n    you may draw 1 instead of discarding for a critical hit of this unit\n',
                     "bad.fe0")
    # (the whole hand in place of the discard is B09-046R's: tests/test_92h)
    with pytest.raises(LanguageError, match="not supported in a cost"):
        compile_text(base + '  cont "Bad"\n    you may send all red cards from your hand to your retreat area instead '
                            'of discarding for an evasion of this unit\n', "bad.fe0")
    with pytest.raises(LanguageError, match="says only that"):
        compile_text(base + '  hand "Bad"\n    cost flip 1 bond\n    you may send this card to your retreat area '
                            'instead of discarding for an evasion of this unit\n', "bad.fe0")
    with pytest.raises(LanguageError, match="say 'for a critical hit'"):
        compile_text(base + '  cont "Bad"\n    you may flip 1 bond instead of discarding for a critical blow of '
                            'this unit\n', "bad.fe0")
