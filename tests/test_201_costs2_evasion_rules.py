"""Attack/evasion rules (dsl: 'cannot be evaded by <units>', 'needs N cards with the same
unit name to be evaded instead of 1'): an evader filter on "cannot be evaded" (B14-035SR
Inigo, B05-034SR Fir: "cannot be evaded by non-Main Character enemies") and a god-speed
evasion made dearer (B09-073SR Zephiel: engine decision 52). Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, option, options, pick

PACK = '''
card "Ini, Dancer"
  codes TST-211
  cost 1
  symbol blue
  range 1
  attack 40
  support 10
  cont "Sure Strike"
    this unit cannot be evaded by non-main character enemies

card "Zeph, King"
  codes TST-221
  cost 1
  symbol purple
  range 1
  attack 40
  support 10
  auto "Whirlwind"
    cost flip 2 bonds
    when this unit attacks
    you may
    this unit acquires "Dearer" until the end of this combat
  granted cont "Dearer"
    this unit needs 2 cards with the same unit name to be evaded instead of 1

card "Mia, Nimble"
  codes TST-222
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Not Gunna Lose"
    you may flip 2 bonds instead of discarding for an evasion of this unit
'''

CARDS = {c.title: c for c in compile_text(PACK, "evasion.fe0")}


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


def test_cannot_be_evaded_by_non_main_character_enemies_only():
    game, mc0, mc1 = duel()
    ini = add_unit(game, 0, CARDS["Dancer"])
    guard = add_unit(game, 1, card("Guard", attack=60))
    add_cards(game, 1, "hand", card("Guard"), card("Lord 1", "main character"))
    begin(game)
    pick(game, "attack", unit=ini, target=guard)
    assert _to(game, "evasion") is None                 # a non-MC defender is never asked
    assert not any(isinstance(e, ev.Evaded) for e in game.events)
    game2, m0, m1 = duel()
    ini2 = add_unit(game2, 0, CARDS["Dancer"])
    add_cards(game2, 1, "hand", card("Lord 1", "main character"))
    begin(game2)
    pick(game2, "attack", unit=ini2, target=m1)
    d = _to(game2, "evasion")                            # the Main Character may evade
    assert d is not None and d.player == 1


def test_two_cards_to_evade_when_the_skill_is_acquired_for_the_combat():
    game, mc0, mc1 = duel()
    zeph = add_unit(game, 0, CARDS["King"])
    add_bonds(game, 0, card("B1"), card("B2"))
    lords = add_cards(game, 1, "hand", card("Lord 1", "main character"), card("Lord 1", "main character"))
    begin(game)
    pick(game, "attack", unit=zeph, target=mc1)
    pick(game, "yes")                                    # pay Whirlwind
    d = _to(game, "evasion")
    assert d.player == 1
    pick(game, "discard", card=lords[0])
    # The second card: the other Lord.
    assert game.decision.kind == "choose"
    pick(game, card=lords[1])
    assert all(c in game.players[1].retreat for c in lords)
    assert [e.discarded for e in game.events if isinstance(e, ev.Evaded)] == [lords[0].id]
    _to(game, "none")
    # The combat over, one card evades again.
    assert game.evasion_cards(zeph) == 1


def test_one_card_is_not_enough():
    game, mc0, mc1 = duel()
    zeph = add_unit(game, 0, CARDS["King"])
    add_bonds(game, 0, card("B1"), card("B2"))
    add_cards(game, 1, "hand", card("Lord 1", "main character"))
    begin(game)
    pick(game, "attack", unit=zeph, target=mc1)
    pick(game, "yes")
    assert _to(game, "evasion") is None
    assert not any(isinstance(e, ev.Evaded) for e in game.events)


def test_without_the_cost_paid_one_card_evades():
    game, mc0, mc1 = duel()
    zeph = add_unit(game, 0, CARDS["King"])
    add_bonds(game, 0, card("B1"), card("B2"))
    lord, = add_cards(game, 1, "hand", card("Lord 1", "main character"))
    begin(game)
    pick(game, "attack", unit=zeph, target=mc1)
    pick(game, "no")
    _to(game, "evasion")
    pick(game, "discard", card=lord)
    assert any(isinstance(e, ev.Evaded) for e in game.events)


def test_another_way_to_pay_pays_for_the_whole_dearer_evasion():
    game, mc0, mc1 = duel()
    zeph = add_unit(game, 0, CARDS["King"])
    add_bonds(game, 0, card("B1"), card("B2"))
    mia = add_unit(game, 1, CARDS["Nimble"])
    bonds = add_bonds(game, 1, card("B3"), card("B4"))
    begin(game)
    pick(game, "attack", unit=zeph, target=mia)
    pick(game, "yes")
    d = _to(game, "evasion")
    assert [o.kind for o in d.options] == ["pass", "alternative"]
    pick(game, "alternative")
    assert all(not b.face_up for b in bonds)
    assert [e.discarded for e in game.events if isinstance(e, ev.Evaded)] == [-1]


@pytest.mark.parametrize("line, words", [
    ("this unit needs 1 cards with the same unit name to be evaded instead of 1", "2 or more"),
    ("this unit needs 3 cards with the same unit name to be evaded instead of 2", "2 or more"),
    ("this unit cannot critical hit by non-main character enemies", "names attackers"),
])
def test_near_misses_are_refused(line, words):
    text = ('card "Bad, One"\n  codes TST-229\n  cost 1\n  symbol red\n  range 1\n  attack 40\n  support 10\n'
            f'  cont "X"\n    {line}\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert words in str(e.value)
