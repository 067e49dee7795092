"""'all allies can have only 1 "Anti-Fliers"' ("However, each ally can only possess 1 instance of
"Anti-Fliers"", B22-094R): while the change holds, of the skills of that name a unit has
(printed, acquired) it possesses only the first, printed before acquired. Without it a unit
that prints a skill and acquires another of the same name has both."""
import pytest

from fecipher.dsl import render
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.parse import parse_pack

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Claude, Probe"
  codes TSY-311
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  act "Give Once"
    all allies acquire "Valor" until the end of the turn
    all allies can have only 1 "Valor" until the end of the turn
  act "Give"
    all allies acquire "Valor" until the end of the turn
  cont "Valor"
    this unit gains +10 attack
  granted cont "Valor"
    this unit gains +10 attack
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "one_instance.fe0")}


def _board():
    game, mc, _ = duel()
    claude = add_unit(game, 0, CARDS["Claude"])
    begin(game, player=0, turn=2, phase="action")
    return game, mc, claude


def test_without_the_rule_a_unit_has_both():
    game, mc, claude = _board()
    mc_before = game.attack(mc)
    assert game.attack(claude) == 40
    pick(game, "use_skill", skill="Give")
    assert game.attack(claude) == 50          # its printed "Valor" and the acquired one
    assert game.attack(mc) == mc_before + 10


def test_with_the_rule_only_one_instance():
    game, mc, claude = _board()
    mc_before = game.attack(mc)
    pick(game, "use_skill", skill="Give Once")
    assert game.attack(claude) == 40          # the printed one only
    assert [s.name for s in game.skills_of(claude)].count("Valor") == 1
    assert game.attack(mc) == mc_before + 10  # a unit without one acquires it


def test_the_rule_ends_with_its_duration():
    game, mc, claude = _board()
    pick(game, "use_skill", skill="Give Once")
    pick(game, "use_skill", skill="Give")     # another grant while the rule holds: still one
    assert game.attack(claude) == 40
    mc_now = game.attack(mc)
    pick(game, "pass")                        # the end of the turn: the grants and the rule end
    assert game.attack(claude) == 40
    assert game.attack(mc) == mc_now - 10


def test_it_reads_as_the_card_says():
    pack = parse_pack(PACK, "x.fe0")
    lines = [render.skill(s) for card in pack.cards for s in card.skills]
    assert any('all allies can only possess 1 instance of "Valor"' in ln for ln in lines), lines


@pytest.mark.parametrize("line, message", [
    ('all allies can have only 2 "Valor" until the end of the turn', "only 1 is supported"),
    ('all allies can have only 1 "Nothing Such Valor" until the end of the turn', "Nothing Such Valor"),
])
def test_near_misses_are_refused(line, message):
    src = ('card "Probe, Probe"\n  codes TSY-319\n  cost 1\n  attack 10\n  support 10\n  cont "Valor"\n'
           '    this unit gains +10 attack\n  act "X"\n    ' + line + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)
