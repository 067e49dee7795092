"""'if you have used a [CP] this turn' / 'if you have not used ...' ("If a [CP] has been used from
your hand at least once in this turn", B21-019R Lorenz): an action, bond or hand skill of the
skill's controller used (its cost paid) in the turn going on, of the kind, names or keyword the
line says (as the trigger 'when you use ...'), read from the events of the turn going on."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, pick

PACK = '''
card "Lorenz, Probe"
  codes TST-981
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  act "Influence"
    if you have used a [CP] this turn: this unit gains +40 attack until the end of the turn
    if you have not used a [CP] this turn: this unit gains +20 attack until the end of the turn
  act "Named"
    if you have used "Plain Act" this turn: this unit gains +5 attack until the end of the turn
  act "Plain Act"
    this unit gains +1 attack until the end of the turn

card "Hilda, Cheer"
  codes TST-982
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  hand "Cheer" [CP]
    cost send this card to your retreat area
    draw 1
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "you_used.fe0")}


def _board(player=0):
    game, _, _ = duel()
    lorenz = add_unit(game, 0, CARDS["Lorenz"])
    add_cards(game, 0, "hand", CARDS["Hilda"])
    add_cards(game, 1, "hand", CARDS["Hilda"])
    begin(game, player=player, turn=2 if player == 0 else 3, phase="action")
    return game, lorenz


def _attack(game, unit):
    return game.attack(unit)


def test_without_a_cp_used_the_smaller_gain():
    game, lorenz = _board()
    before = _attack(game, lorenz)
    pick(game, "use_skill", skill="Influence")
    assert _attack(game, lorenz) == before + 20


def test_after_a_cp_used_this_turn_the_larger_gain():
    game, lorenz = _board()
    before = _attack(game, lorenz)
    pick(game, "use_skill", skill="Cheer")
    pick(game, "use_skill", skill="Influence")
    assert _attack(game, lorenz) == before + 40


def test_a_named_skill_used_this_turn():
    game, lorenz = _board()
    before = _attack(game, lorenz)
    pick(game, "use_skill", skill="Named")
    assert _attack(game, lorenz) == before
    pick(game, "use_skill", skill="Plain Act")
    pick(game, "use_skill", skill="Named")
    assert _attack(game, lorenz) == before + 1 + 5


@pytest.mark.parametrize("line, message", [
    ('if you have used "Nothing Such" this turn: draw 1', 'no skill "Nothing Such"'),
])
def test_lines_that_mean_nothing_are_refused(line, message):
    src = ('card "Probe, Probe"\n  codes TST-989\n  cost 1\n  attack 10\n  support 10\n  act "X"\n    '
           + line + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)
