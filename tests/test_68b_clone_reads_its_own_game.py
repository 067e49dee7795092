"""A copy of a game (``Game.clone()``) reads its own state, also through the timed
effects that skills set up before the copy was made: a timed change that holds "while"
a state holds, or that reaches "other allies", keeps the context its skill resolved in,
and asks it in the game whose value is wanted (``SkillContext.in_game``)."""
from fecipher.dsl.packs import compile_text
from fecipher.engine import modifiers as M
from fecipher.engine.state import FRONT

from vanilla import add_unit, begin, card, duel, pick

PACK = '''
card "Tester, Hawk"
  codes TST-901
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Dive"
    cost tap this unit
    all allies cannot be evaded while attacking until the end of the turn
'''


def _board():
    hawk = compile_text(PACK, "t.fe0")[0]
    g, lord, _ = duel()
    add_unit(g, 0, hawk, area=FRONT)
    begin(g)
    return g, lord


def test_a_clone_asks_a_timed_while_change_in_its_own_game():
    g, lord = _board()
    pick(g, skill="Dive")
    assert not g.flag(lord, M.CANNOT_BE_EVADED)           # not attacking: the state does not hold
    c = g.clone()
    pick(c, "attack", unit=lord.id)                                # only in the copy: the MC attacks
    assert c.battle is not None and g.battle is None
    assert c.flag(c.unit(lord.id), M.CANNOT_BE_EVADED)    # read in the copy (it read the original)
    assert not g.flag(lord, M.CANNOT_BE_EVADED)           # the original is unchanged


def test_a_clone_keeps_its_own_skills_cache():
    """Whether units have their printed skills is remembered per game
    (``Game._skills_cache``): a copy starts without the original's, and a skill
    taken away in the copy changes the copy's answer only."""
    from fecipher.engine.modifiers import Modifier
    g, lord = _board()
    assert g._printed_skills() and g._printed_field()     # (remembered in the original)
    c = g.clone()
    assert c._skills_cache is not g._skills_cache
    c.add_modifier(Modifier(M.LOST_SKILLS, "grant", frozenset({"Dive"}), M.END_OF_TURN, 1,
                            unit=lord.id, turn=c.turn))
    assert not c._printed_skills() and not c._printed_field()
    assert g._printed_skills() and g._printed_field()
