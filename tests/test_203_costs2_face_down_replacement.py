"""A card put face-down (or face-up) into its owner's Bond Area in place of its move:
"you may put this card into your bond area face-down instead of sending it to your retreat
area" (B13-027R Ninian's support skill, at the end of the combat). The replacement is offered
before the card goes to the Retreat Area; said yes, the card never goes there and becomes a
face-down bond. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Nina, Dancer"
  codes TST-231
  cost 1
  symbol purple
  range none
  attack 30
  support 10
  support "Hopes" attack
    at the end of this combat:
    if you have 3 or more bonds: you may put this card into your bond area face-down instead of sending it to your retreat area

card "Nino, Keeper"
  codes TST-232
  cost 1
  symbol purple
  range 1
  attack 40
  support 10
  cont "Keep"
    you may put the card supporting this unit into your bond area face-up instead of sending it to your retreat area
'''

CARDS = {c.title: c for c in compile_text(PACK, "facedown.fe0")}


def _answer_until_may(game, skill):
    for _ in range(60):
        d = game.decision
        if d is None or d.kind == "action":
            return False
        if d.kind == "may" and skill in d.prompt:
            return True
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("no end")


def _to_action(game):
    _answer_until_may(game, "\0")


def _support_battle(bonds, *, striker=None):
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, striker or card("Striker", attack=40))
    sup, = add_cards(game, 0, "deck", CARDS["Dancer"], top=True)
    add_bonds(game, 0, *(card(f"B{i}") for i in range(bonds)))
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    return game, sup


def test_said_yes_the_support_card_becomes_a_face_down_bond_and_never_goes_to_the_retreat_area():
    game, sup = _support_battle(3)
    since = len(game.events)
    assert _answer_until_may(game, "Hopes")
    pick(game, "yes")
    _to_action(game)
    p = game.players[0]
    assert [b.copy for b in p.bonds if b.copy is sup] == [sup]
    assert not next(b for b in p.bonds if b.copy is sup).face_up
    assert sup not in p.retreat
    moved = [e for e in game.events[since:] if isinstance(e, ev.CardMoved) and e.card == sup.id]
    assert [e.dest for e in moved if e.dest == "retreat"] == []


def test_declined_or_below_its_condition_the_card_goes_to_the_retreat_area():
    game, sup = _support_battle(3)
    assert _answer_until_may(game, "Hopes")
    pick(game, "no")
    _to_action(game)
    assert sup in game.players[0].retreat and all(b.copy is not sup for b in game.players[0].bonds)
    game, sup = _support_battle(2)
    assert not _answer_until_may(game, "Hopes")     # never asked
    assert sup in game.players[0].retreat


def test_a_cont_skill_puts_the_card_supporting_its_unit_face_up():
    game, sup = _support_battle(0, striker=CARDS["Keeper"])
    assert _answer_until_may(game, "Keep")
    pick(game, "yes")
    _to_action(game)
    bond = next(b for b in game.players[0].bonds if b.copy is sup)
    assert bond.face_up and sup not in game.players[0].retreat


def test_renders_as_card_text():
    text = CARDS["Dancer"].support_skill.text
    assert "place it face-down in your Bond Area instead of your Retreat Area" in text


@pytest.mark.parametrize("line", [
    # a face for another area, a unit's destination, a move with a cause
    "you may put this card into your retreat area face-down instead of sending it to your hand",
    "put this unit into your bond area face-down instead of your retreat area when it is destroyed",
    "you may put the card supporting this unit into your opponent's retreat area face-up instead of sending it to your retreat area",
])
def test_a_face_elsewhere_is_refused(line):
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Bad"
    {line}
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(text, "bad.fe0")
