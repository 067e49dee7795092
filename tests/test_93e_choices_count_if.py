"""A choice whose count depends on a condition: `choose 1 enemy in the back line, or up to 2 if
this unit is levelled up` ("Choose 1 enemy in the Back Line, and move them. If this unit has been
Leveled Up, you may instead choose up to 2 enemies in the Back Line, and move them", B03-042N).
The condition is asked as the line resolves; either way it is one choice that `them` names.
dsl/choose_count.py."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import BACK, FRONT

from vanilla import add_unit, begin, card, duel, pick

HEAD = '''
card "Gerome, Probe"
  codes TST-978
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Tactician"
    choose 1 enemy in the back line, or up to 2 if this unit is levelled up
    move them
'''

CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_reads():
    text = CARDS["Gerome"].skills[0].text
    assert "Choose 1 enemy in the Back Line (or up to 2 instead if this unit is Levelled Up)" in text, text


@pytest.mark.parametrize("line, words", [
    ("draw 1, or 2 if this unit is levelled up", "changes how many a 'choose' effect line chooses"),
    ("choose all enemies, or up to 2 if this unit is levelled up", "needs a count to change"),
    ("choose 1 enemy, or all if this unit is levelled up", "'all' / 'each' is not a count"),
    ("choose 1 enemy, or 1 if this unit is levelled up", "the same as the first"),
    ("choose 1 enemy at random, or 2 if this unit is levelled up", "does not go with"),
    ("choose 1 enemy, or 2 if this unit is very tired", ""),
])
def test_refused_near_misses(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + SKILL.replace("choose 1 enemy in the back line, or up to 2 if this unit is levelled up",
                                          line).replace("    move them\n", ""), "bad.fe0")
    assert words in str(e.value)


def _board(levelled: bool):
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    stack = (CARDS["Gerome"], card("Gerome", "below")) if levelled else (CARDS["Gerome"],)
    me = add_unit(game, 0, *stack)
    e1 = add_unit(game, 1, card("Enem"), area=BACK)
    e2 = add_unit(game, 1, card("Foe"), area=BACK)
    begin(game)
    return game, me, e1, e2


def test_not_levelled_up_one_enemy_exactly():
    game, me, e1, e2 = _board(False)
    pick(game, "use_skill", skill="Tactician")
    assert not [o for o in game.legal_options() if o.kind == "pass"]     # 1, not "up to"
    pick(game, "unit", unit=e1)
    assert not [o for o in game.legal_options() if o.kind == "unit"]     # the one choice is made
    assert e1.area == FRONT and e2.area == BACK


def test_levelled_up_up_to_two_enemies_both_moved():
    game, me, e1, e2 = _board(True)
    pick(game, "use_skill", skill="Tactician")
    units = {o.unit for o in game.legal_options() if o.kind == "unit"}
    assert units == {e1.id, e2.id}
    assert [o for o in game.legal_options() if o.kind == "pass"]         # "up to": none may be chosen
    pick(game, "unit", unit=e1)
    pick(game, "unit", unit=e2)
    if game.decision is not None and any(o.kind == "pass" for o in game.legal_options()):
        pick(game, "pass")
    assert e1.area == FRONT and e2.area == FRONT


ANY = compile_text(HEAD.replace("TST-978", "TST-979").replace("Gerome", "Vika") + '''  act "Black Wings"
    cost tap this
    choose 1 other ally, or any number if this unit is levelled up
    move them
''', "any.fe0")[0]


def test_any_number_reads_and_moves_every_chosen_ally():
    assert "Choose 1 other ally (or any number instead if this unit is Levelled Up)" in ANY.skills[0].text
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    me = add_unit(game, 0, ANY, card("Vika", "below"))
    a1 = add_unit(game, 0, card("Ally A"))
    a2 = add_unit(game, 0, card("Ally B"), area=BACK)
    add_unit(game, 1, card("Enem"))
    begin(game)
    pick(game, "use_skill", skill="Black Wings")
    offered = {o.unit for o in game.legal_options() if o.kind == "unit"}
    assert offered == {mc0.id if hasattr(mc0, "id") else mc0, a1.id, a2.id}
    pick(game, "unit", unit=a1)
    pick(game, "unit", unit=a2)
    pick(game, "pass")
    assert a1.area == BACK and a2.area == FRONT and me.area == FRONT
