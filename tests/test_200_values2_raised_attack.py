"""'if it has attack raised by 10 or more by skills' (a condition) and '... with attack raised
by 10 or more by skills' (a unit filter): "If that enemy's attack is +10 or more due to the
effect of a skill" (B22-081R), "Enemies whose attack is +10 or more due to the effect of a skill
cannot attack your Main Character" (B19-004SR); docs/skill-language.md, "Attack raised by
skills"; docs/rules.md engine decision 46. How much skills raise a unit's attack is its attack
now minus its printed attack (Values.attack_raised_by_skills): every continuous and timed
change counts, net of the losses."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.modifiers import Modifier

from vanilla import add_unit, begin, card, continuous, duel, events, options, pick

PACK = '''
card "Sage, Raise Breaker"
  codes TST-210
  cost 3
  symbol black
  range 1-2
  attack 60
  support 20
  act "Break"
    cost tap this
    choose 1 non-main character enemy
    if it has attack raised by 10 or more by skills: destroy it

card "Warden, Raise Guard"
  codes TST-211
  cost 3
  symbol black
  range 1
  attack 50
  support 20
  cont "Guard"
    your main character cannot be attacked by enemies with attack raised by 10 or more by skills

card "Hero, Stacked Vanguard"
  codes TST-212
  cost 3
  symbol green
  range 1
  attack X
  support 20
  cont "Count"
    the attack of this unit becomes 10 for each card in this unit's stack
'''


def _cards():
    return {c.unit_name: c for c in compile_text(PACK, "t.fe0")}


def _plus(g, u, n):
    g.add_modifier(Modifier(M.ATTACK, "add", n, M.END_OF_TURN, 1 - u.owner, unit=u.id, turn=g.turn))


def test_reads_as_the_card():
    cs = _cards()
    assert cs["Sage"].skills[0].text == (
        "Break |ACT| [Tap this unit] Choose 1 non-Main Character enemy. If its attack is +10 or more due to "
        "the effect of skills, destroy it.")
    assert cs["Warden"].skills[0].text == (
        "Guard |CONT| Your Main Character cannot be attacked by enemies whose attack is +10 or more due to the "
        "effect of skills.")


def test_the_raise_is_the_attack_over_the_printed_attack_net_of_losses():
    up = continuous("Up", M.ATTACK, "add", 20)
    down = continuous("Down", M.ATTACK, "add", -20)
    g, _, _ = duel()
    plain = add_unit(g, 1, card("Plain", attack=30))
    timed = add_unit(g, 1, card("Timed", attack=30))
    evened = add_unit(g, 1, card("Evened", attack=30, skills=[up, down]))
    pumped = add_unit(g, 1, card("Pumped", attack=30, skills=[up]))
    hero = add_unit(g, 1, _cards()["Hero"], card("Hero"))
    begin(g)
    _plus(g, timed, 10)
    raised = {u.card.unit_name: g.attack_raised_by_skills(u) for u in (plain, timed, evened, pumped, hero)}
    # A printed X is 0: an attack a skill sets is all raised by skills (2 cards x 10).
    assert raised == {"Plain": 0, "Timed": 10, "Evened": 0, "Pumped": 20, "Hero": 20}
    _plus(g, pumped, -30)
    assert g.attack_raised_by_skills(pumped) == -10


def test_the_condition_destroys_only_an_enemy_raised_by_10_or_more():
    cs = _cards()
    for raise_by, destroyed in ((10, True), (9, False), (0, False)):
        g, _, _ = duel()
        sage = add_unit(g, 0, cs["Sage"])
        foe = add_unit(g, 1, card("Foe", attack=30))
        begin(g)
        if raise_by:
            _plus(g, foe, raise_by)
        n = len(g.events)
        pick(g, "use_skill", skill="Break")
        pick(g, unit=foe)
        assert bool(events(g, ev.UnitDestroyed, since=n)) is destroyed, raise_by
        assert sage.tapped


def test_the_filter_keeps_raised_enemies_from_attacking_the_main_character():
    cs = _cards()
    up = continuous("Up", M.ATTACK, "add", 10)
    down = continuous("Down", M.ATTACK, "add", -10)
    g, mc0, mc1 = duel()
    add_unit(g, 1, cs["Warden"])
    plain = add_unit(g, 0, card("Plain", attack=30))
    raised = add_unit(g, 0, card("Raised", attack=30, skills=[up]))
    evened = add_unit(g, 0, card("Evened", attack=30, skills=[up, down]))
    other = add_unit(g, 1, card("Other", attack=30))
    begin(g)
    targets = {(o.unit, o.target) for o in options(g, "attack")}
    assert (plain.id, mc1.id) in targets and (raised.id, other.id) in targets
    assert (raised.id, mc1.id) not in targets
    assert (evened.id, mc1.id) in targets   # +10 and -10: not raised


def _src(kind: str, *lines: str) -> str:
    body = "\n".join(f"    {line}" for line in lines)
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  {kind} "S"\n{body}\n'


@pytest.mark.parametrize("kind, lines, message", [
    ("act", ("choose 1 enemy", "if it has attack raised by 10 or less by skills: destroy it"),
     "'attack raised by N or less (exactly N) by skills' is not supported"),
    ("act", ("choose 1 enemy", "if it has attack raised by 10 by skills: destroy it"),
     "'attack raised by N or less (exactly N) by skills' is not supported"),
    ("act", ("choose 1 card from your hand", "if it has attack raised by 10 or more by skills: draw 1"),
     "'has attack raised by N or more by skills' is said of a unit"),
    ("act", ("choose 1 card from your hand with attack raised by 10 or more by skills",
             "send it to your retreat area"),
     "'with attack raised by N or more by skills' goes with units"),
    ("cont", ("your main character cannot be attacked by enemies with attack raised by 10 or less by skills",),
     "'attack raised by N or less (exactly N) by skills' is not supported"),
])
def test_near_misses_are_refused(kind, lines, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(kind, *lines), "bad.fe0")
    assert message in str(e.value)
