"""'an ally in a different line than this unit' and 'move this unit and it' (B02-024R Oboro "Swap":
"Choose 1 ally in a different area to this unit, and move both this unit and that ally"; B04-074N,
B10-081N, B18-050N; docs/skill-language.md, "Choosing a line; moving to a line"):

- the filter takes the units of the same player's other line than the unit named (a unit not on
  the field has no line: nothing matches);
- the two units are moved by one effect (engine Game.move_units): each to the line it was not in,
  one Moved event each, and rule 2's march is checked once, after both (a line emptied for a
  moment by the first move does not march); a unit that cannot be moved stays, the other moves."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M

from vanilla import add_bonds, add_unit, begin, card, duel, events, options, pick, relocate

PACK = '''
card "Tester, Swapper"
  codes TST-988
  cost 1
  symbol red
  gender female
  range 1
  attack 30
  support 10
  act "Swap"
    choose 1 ally in a different line than this unit
    move this unit and it
  act "Hop"
    once per turn
    if you have a female ally in a different line than this unit
    move this unit
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
SWAPPER = CARDS["Tester, Swapper"]


def test_only_allies_of_the_other_line_are_offered_and_both_move():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, SWAPPER)                            # front, with the MC
    back = add_unit(game, 0, card("Backer", "ally"), area="back")
    front = add_unit(game, 0, card("Fronter", "ally"))
    begin(game)
    pick(game, "use_skill", skill="Swap", unit=s.id)
    assert {o.unit for o in game.decision.options if o.unit is not None} == {back.id}
    since = len(game.events)
    pick(game, "unit", unit=back.id)
    moved = events(game, ev.Moved, since=since)
    assert [e.unit for e in moved] == [s.id, back.id]
    assert s.area == "back" and back.area == "front" and front.area == "front"


def test_the_march_is_checked_after_both_moves():
    """On the opponent's turn a player whose front line empties marches (rule 2): with the only
    front unit and the only back unit swapped, the front line is never left empty."""
    game, mc0, mc1 = duel()
    relocate(game, mc0, "back")
    s = add_unit(game, 0, SWAPPER)                            # player 0's only front unit
    begin(game, player=1)                                     # player 0 is not the turn player
    ctx_units = [s, mc0]
    since = len(game.events)
    game.move_units(ctx_units, by_skill=True)
    assert not events(game, ev.Marched, since=since)
    assert s.area == "back" and mc0.area == "front"
    # moved one by one, the first move empties the front line and the back line marches
    game2, a0, _ = duel()
    relocate(game2, a0, "back")
    s2 = add_unit(game2, 0, SWAPPER)
    begin(game2, player=1)
    since = len(game2.events)
    game2.move_unit(s2, by_skill=True)
    assert events(game2, ev.Marched, since=since)


def test_a_unit_that_cannot_be_moved_stays_and_the_other_moves():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, SWAPPER)
    back = add_unit(game, 0, card("Anchor", "ally"), area="back")
    game.add_modifier(M.Modifier(M.CANNOT_MOVE, "flag", True, M.END_OF_TURN, 0, unit=back.id, turn=game.turn))
    begin(game)
    pick(game, "use_skill", skill="Swap", unit=s.id)
    pick(game, "unit", unit=back.id)
    assert s.area == "back" and back.area == "back"


def test_the_condition_asks_the_other_line():
    for area, offered in (("front", False), ("back", True)):   # a female ally in the same line is not enough
        game, mc0, mc1 = duel()
        s = add_unit(game, 0, SWAPPER)
        add_unit(game, 0, card("Lady", "ally", gender="female"), area=area)
        begin(game)
        assert bool([o for o in options(game, "use_skill") if o.skill == "Hop"]) is offered
        if offered:
            pick(game, "use_skill", skill="Hop")
            assert s.area == "back"


def test_renders_and_refuses():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "Choose 1 ally in a different area than this unit. Move both this unit and it." in text
    # ('destroy this unit and it' is a destruction of both at once: tests/test_202_choices2_destroy_together.py)
    with pytest.raises(LanguageError, match="only 'move' and 'destroy' take two units"):
        compile_text(PACK.replace("move this unit and it", "tap this unit and it"), "bad.fe0")
    with pytest.raises(LanguageError, match="names two units"):
        compile_text(PACK.replace("move this unit and it", "move this unit and all allies"), "bad.fe0")
    with pytest.raises(LanguageError, match="is an effect"):
        compile_text(PACK.replace('''  act "Hop"
    once per turn
    if you have a female ally in a different line than this unit
    move this unit''', '''  cont "Hop"
    move this unit and this unit'''), "bad.fe0")
    with pytest.raises(LanguageError, match="names one unit of yours"):
        compile_text(PACK.replace("ally in a different line than this unit\n    move",
                                  "ally in a different line than this card\n    move"), "bad.fe0")
