""""if you do, and <condition>: <effect>" (B10-087SR Alfonse "Liberation of Heroes": "If it was
deployed and if this unit is Leveled Up, add ..."; docs/skill-language.md, '"Or" inside a condition
or a filter; "and" between qualities'): the line runs only when the last line not under "if you
do" did something *and* the other condition holds now. "you do" comes first; "if you do, or ..."
is refused at check time."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl import render
from fecipher.dsl.parse import parse_pack

from vanilla import begin, card, duel, add_unit, pick

HEAD = '''
card "Rouse, Tester"
  codes TST-991
  cost 1
  symbol red
  range 1
  attack 40
  support 10
'''
PACK = HEAD + '''  act "Rouse"
    once per turn
    untap this unit
    if you do, and this unit is levelled up: draw 1
    if you do: this unit gains +10 attack until the end of the turn
'''
C = {c.name: c for c in compile_text(PACK, "t.fe0")}
ROUSE = C["Rouse, Tester"]


def test_compiles_and_reads_as_written():
    assert [s.name for s in ROUSE.skills] == ["Rouse"]
    (node,) = parse_pack(PACK, "t.fe0").cards[0].skills
    cond = node.statements[1].condition
    assert cond.kind == "all_of" and [p.kind for p in cond.parts] == ["did", "is_state"]
    assert "Untap this unit. If you do, and this unit is Levelled Up, draw 1 card." in render.skill(node)


def _use(tapped, levelled):
    game, mc0, _ = duel()
    stack = (ROUSE, card("Rouse", "lower")) if levelled else (ROUSE,)
    unit = add_unit(game, 0, *stack, tapped=tapped)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Rouse")
    return game, unit, len(game.players[0].hand) - hand


def test_did_and_levelled_up_draws():
    game, unit, drawn = _use(tapped=True, levelled=True)
    assert not unit.tapped and drawn == 1
    # the guarded line does not change what the next "if you do" looks at
    assert game.attack(game.unit(unit.id)) == 50


def test_did_but_not_levelled_up_does_not_draw():
    game, unit, drawn = _use(tapped=True, levelled=False)
    assert not unit.tapped and drawn == 0
    assert game.attack(game.unit(unit.id)) == 50


def test_levelled_up_but_nothing_done_does_not_draw():
    game, unit, drawn = _use(tapped=False, levelled=True)
    assert drawn == 0
    assert game.attack(game.unit(unit.id)) == 40


NOT_PACK = HEAD.replace("Rouse, Tester", "Idle, Tester") + '''  act "Idle"
    untap this unit
    if you don't, and this unit is levelled up: draw 1
'''
IDLE = compile_text(NOT_PACK, "n.fe0")[0]


@pytest.mark.parametrize("tapped, drawn", [(False, 1), (True, 0)])
def test_you_dont_and(tapped, drawn):
    game, _, _ = duel()
    add_unit(game, 0, IDLE, card("Idle", "lower"), tapped=tapped)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Idle")
    assert len(game.players[0].hand) - hand == drawn


@pytest.mark.parametrize("lines, message", [
    ("    untap this unit\n    if you do, or this unit is levelled up: draw 1\n", "is not supported"),
    ("    untap this unit\n    if this unit is levelled up, and you do: draw 1\n", "comes first"),
    ("    if you do, and this unit is levelled up\n    draw 1\n", "guards one effect line"),
    ("    untap this unit\n    if they do, and this unit is levelled up: draw 1\n", "your opponent may"),
    ("    untap this unit\n    if you do, and you do: draw 1\n", "comes first"),
])
def test_near_misses_are_refused(lines, message):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + '  act "Near"\n' + lines, "t.fe0")
    assert message in str(e.value)
