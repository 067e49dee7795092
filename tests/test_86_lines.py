"""A line chosen by a skill and moves to a given line (docs/skill-language.md, "Choosing a
line; moving to a line"): "choose the front or back line", "in the chosen line", "choose
a line in which you have ...", "move this unit to the chosen line / to the same line as
"Alm" / to the front line", played in games on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Camilla, Line Breaker"
  codes TST-861
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  act "Explosion"
    choose the front or back line
    destroy all non-main character units in the chosen line
  act "Black Dragon Breath"
    choose the front or back line
    destroy all non-main character enemies in the chosen line

card "Sylvain, Tea Seeker"
  codes TST-862
  cost 1
  symbol brown
  gender male
  range 1
  attack 30
  support 10
  act "Care to Join Me"
    choose a line in which you have 1 or more female allies
    move this unit to the chosen line

card "Faye, Devoted"
  codes TST-863
  cost 1
  symbol black
  gender female
  range 1
  attack 30
  support 10
  act "Have You Seen Alm"
    move this unit to the same line as "Alm"
    if you do: this unit gains +10 attack until the end of the turn
  act "Charge"
    move this unit to the front line
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "lines.fe0")}


def _unit(name, gender="male"):
    return card(name, "x", attack=20, gender=gender)


@pytest.mark.parametrize("line", ["front", "back"])
def test_destroy_all_units_in_the_chosen_line_of_both_players(line):
    game, mc0, mc1 = duel()
    camilla = add_unit(game, 0, CARDS["Camilla"], area="back")
    f0, b0 = add_unit(game, 0, _unit("A0")), add_unit(game, 0, _unit("B0"), area="back")
    f1, b1 = add_unit(game, 1, _unit("A1")), add_unit(game, 1, _unit("B1"), area="back")
    begin(game)
    pick(game, "use_skill", skill="Explosion")
    assert {o.area for o in options(game, "area")} == {"front", "back"}
    pick(game, "area", area=line)
    gone = {u for u in (f0, b0, f1, b1, camilla) if game.unit(u.id) is None}
    if line == "front":
        assert gone == {f0, f1}
    else:
        assert gone == {b0, b1, camilla}
    assert game.unit(mc0.id) is mc0 and game.unit(mc1.id) is mc1     # Main Characters are not taken


def test_only_enemies_in_the_chosen_line():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Camilla"])
    mine = add_unit(game, 0, _unit("Mine"), area="back")
    theirs = add_unit(game, 1, _unit("Theirs"), area="back")
    begin(game)
    pick(game, "use_skill", skill="Black Dragon Breath")
    pick(game, "area", area="back")
    assert game.unit(theirs.id) is None and game.unit(mine.id) is mine


def test_a_line_in_which_you_have_a_female_ally_is_offered_and_the_unit_moves_there():
    game, _, _ = duel()
    sylvain = add_unit(game, 0, CARDS["Sylvain"])
    add_unit(game, 0, _unit("Lady", "female"), area="back")
    add_unit(game, 1, _unit("Enemy Lady", "female"))          # enemies do not count
    begin(game)
    pick(game, "use_skill", skill="Care to Join Me")
    assert [o.area for o in options(game, "area")] == ["back"]
    pick(game, "area", area="back")
    assert sylvain.area == "back" and not sylvain.tapped       # a move by a skill does not tap
    assert events(game, ev.Moved)[-1].by_skill


def test_with_no_such_line_nothing_is_chosen_and_nothing_moves():
    game, _, _ = duel()
    sylvain = add_unit(game, 0, CARDS["Sylvain"])
    begin(game)
    pick(game, "use_skill", skill="Care to Join Me")
    assert sylvain.area == "front" and not events(game, ev.Moved)
    assert game.decision.kind == "action"


def test_choosing_the_line_the_unit_is_in_does_not_move_it():
    game, _, _ = duel()
    sylvain = add_unit(game, 0, CARDS["Sylvain"])
    add_unit(game, 0, _unit("Lady", "female"))
    begin(game)
    pick(game, "use_skill", skill="Care to Join Me")
    pick(game, "area", area="front")
    assert sylvain.area == "front" and not events(game, ev.Moved)


@pytest.mark.parametrize("alm_line, moved", [("back", True), ("front", False), (None, False)])
def test_move_to_the_line_a_named_ally_is_in(alm_line, moved):
    game, _, _ = duel()
    faye = add_unit(game, 0, CARDS["Faye"])
    if alm_line:
        add_unit(game, 0, _unit("Alm"), area=alm_line)
    add_unit(game, 1, _unit("Alm"), area="back" if alm_line == "front" else "front")   # not theirs
    begin(game)
    pick(game, "use_skill", skill="Have You Seen Alm")
    assert faye.area == ("back" if moved else "front")
    assert game.attack(faye) == (40 if moved else 30)             # "if you do"


def test_move_to_a_named_line():
    game, _, _ = duel()
    faye = add_unit(game, 0, CARDS["Faye"], area="back")
    begin(game)
    pick(game, "use_skill", skill="Charge")
    assert faye.area == "front"


@pytest.mark.parametrize("lines, message", [
    ("destroy all enemies in the chosen line", "choose it first"),
    ("move this unit to the chosen line", "choose it first"),
    ("choose the front or front line", "say 'choose the front or back line'"),
    ("choose the front or back line\n    send all cards in the chosen line to your retreat area",
     "goes with units"),
    ("choose a line in which you have 2 or more cards in your hand", "counts units"),
    ("move this unit to the same line as your opponent's retreat area", ""),
])
def test_lines_that_mean_nothing_are_refused(lines, message):
    text = ('card "Probe, Probe"\n  codes TST-869\n  cost 1\n  attack 10\n  support 10\n  act "X"\n    '
            + lines + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Explosion"] == ("Explosion |ACT| Choose either the Front or Back Line. Destroy all non-Main "
                                  "Character units in the chosen area.")
    assert texts["Care to Join Me"].endswith("Move this unit into the chosen area.")
    assert texts["Have You Seen Alm"].startswith('Have You Seen Alm |ACT| Move this unit to the area that "Alm" is in.')
