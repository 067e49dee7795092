"""Two more replacements of where a card goes (docs/skill-language.md, "Replacements, alternative
costs, more orbs"):

- a card grows a unit instead of going to the Retreat Area (B03-008HN Titania "instead of sending a
  card that successfully supports this unit to the Retreat Area, you may stack it under an ally with
  the same Unit Name as that card to Growth them"): `you may put the card supporting this unit under 1
  ally with the same unit name as the card supporting this unit instead of sending it to your retreat
  area`, offered only when such a unit is on the field;
- a bond skill paying for an ally's critical hit (B19-076SR Larcei [BS] "you may flip this card
  face-down instead of sending 1 card with the same Unit Name as that ally"): `you may flip this card
  instead of discarding for a critical hit of an ally`, offered while the card is a face-up bond."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import FILLER, add_bonds, add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Men, Mentor"
  codes TST-939
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Mentoring"
    you may put the card supporting this unit under 1 ally with the same unit name as the card supporting this unit instead of sending it to your retreat area

card "Tal, Talent"
  codes TST-940
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  bond "Sword Talent"
    you may flip this card instead of discarding for a critical hit of an ally
'''
C = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _through(game, say_yes=True):
    for _ in range(50):
        d = game.decision
        if d is None or (d.kind == "action" and d.player == 0):
            return
        opts = game.legal_options()
        if any(o.kind == "yes" for o in opts):
            game.answer(next(o for o in opts if o.kind == ("yes" if say_yes else "no")))
        else:
            game.answer(next((o for o in opts if o.kind in ("pass", "no")), opts[0]))


def test_the_supporting_card_grows_the_ally_with_its_unit_name():
    game, mc0, mc1 = duel()
    mentor = add_unit(game, 0, C["Men, Mentor"])
    pupil = add_unit(game, 0, card("Mist", attack=20))
    support = add_cards(game, 0, "deck", card("Mist", "sister", support=20), top=True)[0]
    begin(game)
    since = len(game.events)
    pick(game, "attack", unit=mentor, target=mc1)
    _through(game)
    assert [c.id for c in game.unit(pupil.id).cards] == [pupil.cards[0].id, support.id]
    assert any(isinstance(e, ev.LeveledUp) and e.growth for e in events(game, since=since))
    assert support not in game.players[0].retreat
    # declined: the Retreat Area as usual
    game2, mc0b, mc1b = duel()
    mentor2 = add_unit(game2, 0, C["Men, Mentor"])
    pupil2 = add_unit(game2, 0, card("Mist", attack=20))
    support2 = add_cards(game2, 0, "deck", card("Mist", "sister", support=20), top=True)[0]
    begin(game2)
    pick(game2, "attack", unit=mentor2, target=mc1b)
    _through(game2, say_yes=False)
    assert len(game2.unit(pupil2.id).cards) == 1 and support2 in game2.players[0].retreat


def test_not_offered_without_a_unit_of_that_name_nor_for_another_units_support():
    game, mc0, mc1 = duel()
    mentor = add_unit(game, 0, C["Men, Mentor"])
    support = add_cards(game, 0, "deck", card("Mist", "sister", support=20), top=True)[0]
    begin(game)
    pick(game, "attack", unit=mentor, target=mc1)
    for _ in range(20):
        d = game.decision
        if d.kind == "action":
            break
        assert d.kind != "may", d.prompt
        game.answer(next((o for o in game.legal_options() if o.kind in ("pass", "no")), game.legal_options()[0]))
    assert support in game.players[0].retreat
    game2, mc0b, mc1b = duel()
    add_unit(game2, 0, C["Men, Mentor"])
    pupil2 = add_unit(game2, 0, card("Mist", attack=20))
    add_cards(game2, 0, "deck", card("Mist", "sister", support=20), top=True)
    begin(game2)
    pick(game2, "attack", unit=mc0b, target=mc1b)
    _through(game2)
    assert len(game2.unit(pupil2.id).cards) == 1


def test_a_face_up_bond_pays_for_an_allys_critical_hit():
    game, mc0, mc1 = duel()
    bond = add_bonds(game, 0, C["Tal, Talent"])[0]
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    for _ in range(20):
        if game.decision.kind == "critical_hit":
            break
        game.answer(next((o for o in game.legal_options() if o.kind in ("pass", "no")), game.legal_options()[0]))
    d = game.decision
    assert [o.kind for o in d.options] == ["pass", "alternative"]
    since = len(game.events)
    pick(game, "alternative", skill="Sword Talent")
    assert not bond.face_up
    crit = next(e for e in events(game, ev.CriticalHit, since=since))
    assert crit.discarded == -1
    # face-down: not offered (and with no card of the unit name, no critical-hit decision)
    game2, mc0b, mc1b = duel()
    add_bonds(game2, 0, C["Tal, Talent"], face_up=False)
    begin(game2)
    pick(game2, "attack", unit=mc0b, target=mc1b)
    for _ in range(20):
        d = game2.decision
        if d.kind == "action":
            break
        assert d.kind != "critical_hit"
        game2.answer(next((o for o in game2.legal_options() if o.kind in ("pass", "no")), game2.legal_options()[0]))


@pytest.mark.parametrize("old, new, message", [
    ("under 1 ally with the same unit name as the card supporting this unit instead",
     "onto 1 ally with the same unit name as the card supporting this unit instead", "not supported"),
    ("you may put the card supporting this unit under 1 ally",
     "you may put this unit under 1 ally", "puts a card that would be moved under a unit"),
    ('  bond "Sword Talent"\n', '  bond "Sword Talent"\n    cost flip 1 bond\n', "says only that"),
])
def test_refused_forms(old, new, message):
    bad = PACK.replace(old, new, 1)
    assert bad != PACK
    with pytest.raises(LanguageError, match=message):
        compile_text(bad, "bad.fe0")
