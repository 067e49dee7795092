"""'chosen by this unit's "X" this turn' (a post filter of units: what a choice of that
skill of this unit chose this turn, Game.note_chosen), with the evader filter of 'cannot be
evaded by <units>': B14-035SR Inigo's pair of skills. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Ini, Dancer"
  codes TST-231
  cost 1
  symbol blue
  range 1
  attack 40
  support 10
  act "\\"A bouquet for you...\\""
    cost tap this
    choose 1 female ally
    it gains +20 attack and cannot be evaded by non-main character enemies until the end of the turn
  auto "\\"...And a smile for me!\\""
    each time an enemy is destroyed by an attack of an ally chosen by this unit's "\\"A bouquet for you...\\"" this turn
    untap this unit
'''

CARDS = {c.title: c for c in compile_text(PACK, "chosen.fe0")}


def _finish(game):
    """Answer up to the next action decision (declining); the kinds of decisions asked."""
    kinds = []
    for _ in range(40):
        d = game.decision
        if d is None or d.kind == "action":
            return kinds
        kinds.append(d.kind)
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])


def _board():
    game, mc0, mc1 = duel()
    ini = add_unit(game, 0, CARDS["Dancer"])
    lady = add_unit(game, 0, card("Lady", attack=40, gender="female"))
    other = add_unit(game, 0, card("Lass", attack=40, gender="female"))
    foe1 = add_unit(game, 1, card("Foe", attack=10))
    foe2 = add_unit(game, 1, card("Fiend", attack=10))
    add_cards(game, 1, "hand", card("Foe"))
    begin(game)
    return game, ini, lady, other, foe1, foe2, mc1


def test_the_chosen_allys_kill_untaps_this_unit_and_cannot_be_evaded():
    game, ini, lady, other, foe1, foe2, mc1 = _board()
    pick(game, "use_skill", skill='"A bouquet for you..."')
    pick(game, unit=lady)
    assert ini.tapped and game.attack(lady) == 60
    assert game.chosen_this_turn(ini.id, '"A bouquet for you..."') == {lady.id}
    pick(game, "attack", unit=lady, target=foe1)
    assert "evasion" not in _finish(game)          # a "Foe" card in hand, but not asked
    assert game.unit(foe1.id) is None
    assert not ini.tapped


def test_another_allys_kill_does_not():
    game, ini, lady, other, foe1, foe2, mc1 = _board()
    pick(game, "use_skill", skill='"A bouquet for you..."')
    pick(game, unit=lady)
    pick(game, "attack", unit=other, target=foe2)
    _finish(game)
    assert game.unit(foe2.id) is None
    assert ini.tapped


def test_the_choice_is_of_this_turn():
    game, ini, lady, other, foe1, foe2, mc1 = _board()
    pick(game, "use_skill", skill='"A bouquet for you..."')
    pick(game, unit=lady)
    game.turn += 1          # (as the next turn: what was chosen is of another turn)
    assert game.chosen_this_turn(ini.id, '"A bouquet for you..."') == frozenset()


@pytest.mark.parametrize("line, words", [
    ('each time an enemy is destroyed by an attack of an ally chosen by this unit\'s "Nope" this turn',
     "not a skill of this card"),
])
def test_near_misses_are_refused(line, words):
    text = ('card "Bad, One"\n  codes TST-239\n  cost 1\n  symbol red\n  range 1\n  attack 40\n  support 10\n'
            f'  auto "X"\n    {line}\n    untap this unit\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert words in str(e.value)
