"""'by a skill of <unit>' and 'by "X" of <unit>' on the triggers that ask which skill was being
carried out (tapped, untapped, moved, a card moved, drawn, revealed): "When this unit is tapped by
the cost or effect of an other ally's skill" (B22-044N), "When an ally is moved from this unit's
"Winged Deliverer"" (B08-018N). The skill being carried out (Game.acting) must be a skill of a
unit (not a bond, hand, Retreat Area or support skill) that the selector names."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_unit, begin, duel, pick

PACK = '''
card "Nina, Probe Dancer"
  codes TST-941
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Defiant"
    when this unit is tapped by a skill of another ally
    untap this unit
  act "Self Tap"
    cost tap this
    draw 1

card "Tomas, Probe Tapper"
  codes TST-942
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Tap Friend"
    cost tap 1 other ally
    draw 1
  act "Shove"
    choose 1 other ally
    move it

card "Sumi, Probe Pegasus"
  codes TST-943
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Shove"
    cost tap this
    choose 1 other ally
    move it
  auto "Whisper"
    when an ally is moved by "Shove" of this unit
    untap this unit

card "Bea, Probe Bond"
  codes TST-944
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  bond "Bond Tap"
    cost flip this card
    choose 1 ally
    tap it
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "by_a_skill_of.fe0")}


def _board():
    game, _, _ = duel()
    nina = add_unit(game, 0, CARDS["Nina"], area="back")
    tomas = add_unit(game, 0, CARDS["Tomas"], area="back")
    sumi = add_unit(game, 0, CARDS["Sumi"], area="back")
    add_bonds(game, 0, CARDS["Bea"])
    begin(game, player=0, turn=2, phase="action")
    return game, nina, tomas, sumi


def test_tapped_by_another_allys_skill_cost_untaps():
    game, nina, tomas, _ = _board()
    pick(game, "use_skill", skill="Tap Friend")
    pick(game, "unit", unit=nina)
    assert not nina.tapped


def test_tapped_by_its_own_skill_or_a_bond_skill_does_not():
    game, nina, _, _ = _board()
    pick(game, "use_skill", skill="Self Tap")
    assert nina.tapped
    game, nina, _, _ = _board()
    pick(game, "use_skill", skill="Bond Tap")
    pick(game, "unit", unit=nina)
    assert nina.tapped


def test_moved_by_the_named_skill_of_this_unit_only():
    game, nina, tomas, sumi = _board()
    pick(game, "use_skill", skill="Shove", unit=tomas)     # another unit's "Shove": no untap of Sumi
    pick(game, "unit", unit=sumi)
    assert sumi.area == "front" and not sumi.tapped
    game, nina, tomas, sumi = _board()
    pick(game, "use_skill", skill="Shove", unit=sumi)
    pick(game, "unit", unit=nina)
    assert nina.area == "front"
    assert not sumi.tapped                                 # tapped as the cost, untapped by Whisper


@pytest.mark.parametrize("line, message", [
    ("when this unit is deployed by a skill of another ally", "'by a skill of <unit>' is not supported here"),
    ("when this unit is tapped by a skill of a card from your hand", "names a unit whose skill it is"),
])
def test_refused_near_misses(line, message):
    src = PACK.replace("when this unit is tapped by a skill of another ally", line)
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)


def test_rendered_as_the_card_text_reads():
    assert CARDS["Nina"].skills[0].triggers[0].text == \
        "when this unit is tapped by the cost or effect of another ally's skill"
    assert CARDS["Sumi"].skills[1].triggers[0].text == 'when an ally is moved by this unit\'s "Shove"'
