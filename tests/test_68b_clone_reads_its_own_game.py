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


MEDIC = '''
card "Tester, Medic"
  codes TST-902
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Medicine"
    cost tap this
    choose 1 non-main character ally
    it gains +10 attack and acquires "Side Effect" until the end of the turn
  granted auto "Side Effect"
    at the end of your turn
    destroy this
'''


def _end_the_turn(g):
    turn = g.turn
    while g.turn == turn and not g.over:
        ends = [o for o in g.decision.options if o.kind == "end"]
        g.answer(ends[0] if ends else g.decision.options[0])


def test_a_clone_keeps_a_granted_skill_that_triggers():
    """A skill no card prints, granted by a timed change before the copy (B06-089N Midori's
    "Side Effect": destroy this unit at the end of your turn), triggers in the copy as in the
    original: the copy shares the granted skill, also in its index of listening skills."""
    from fecipher.engine import events as ev
    medic = compile_text(MEDIC, "t.fe0")[0]
    g, lord, _ = duel()
    m = add_unit(g, 0, medic, area=FRONT)
    begin(g)
    pick(g, skill="Medicine")
    pick(g, unit=m.id)
    c = g.clone()
    for x in (g, c):
        _end_the_turn(x)
        assert x.unit(m.id) is None, "the medic is destroyed at the end of the turn"
        assert any(type(e) is ev.UnitDestroyed for e in x.events[-15:])
    assert [type(e) for e in g.events] == [type(e) for e in c.events]
