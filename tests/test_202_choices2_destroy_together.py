"""Two units destroyed by one effect at once: `destroy this unit and that ally` ("At the end of your
turn, choose 1 other ally, and destroy this unit and that ally", B12-006R). Both destructions are
published while both units are on the field, then both leave it (engine Game.destroy_together,
docs/rules.md engine decision 50): a skill of one of them triggered by the other's destruction
triggers, which it would not if they were destroyed one after the other."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, begin, card, duel, events, pick

PACK = '''
card "Gray, Probe"
  codes TST-205
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  act "Impulse"
    choose 1 other ally
    destroy this unit and that ally
  auto "Mourning"
    when another ally is destroyed
    draw 1

card "Wake, Probe"
  codes TST-206
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  auto "Mourning Too"
    when another ally is destroyed
    draw 1
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "game.fe0")}


def test_reads():
    assert "Destroy both this unit and the chosen ally." in CARDS["Gray"].skills[0].text


@pytest.mark.parametrize("line, words", [
    ("destroy this unit and 1 enemy", "names two units"),
    ("tap this unit and that ally", "only 'move' and 'destroy' take two units"),
])
def test_refused_near_misses(line, words):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace("destroy this unit and that ally", line), "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def test_both_destroyed_at_once_each_sees_the_other():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    gray = add_unit(game, 0, CARDS["Gray"])
    wake = add_unit(game, 0, CARDS["Wake"])
    begin(game)
    since = len(game.events)
    pick(game, "use_skill", skill="Impulse")
    pick(game, "unit", unit=wake)
    kinds = [type(e) for e in events(game, ev.UnitDestroyed, ev.UnitLeftField, since=since)]
    # both destructions are published before either unit leaves the field
    assert kinds == [ev.UnitDestroyed, ev.UnitDestroyed, ev.UnitLeftField, ev.UnitLeftField]
    assert game.unit(gray.id) is None and game.unit(wake.id) is None
    # each one's "when another ally is destroyed" saw the other's destruction
    triggered = {e.skill for e in events(game, ev.SkillTriggered, since=since)}
    assert triggered == {"Mourning", "Mourning Too"}


def test_a_unit_that_cannot_be_destroyed_stays_the_other_goes():
    shield = compile_text(PACK + '''
card "Ward, Probe"
  codes TST-207
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  cont "Ward"
    this unit cannot be destroyed
''', "ward.fe0")
    cards = {c.unit_name: c for c in shield}
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    gray = add_unit(game, 0, cards["Gray"])
    ward = add_unit(game, 0, cards["Ward"])
    begin(game)
    pick(game, "use_skill", skill="Impulse")
    pick(game, "unit", unit=ward)
    assert game.unit(gray.id) is None and game.unit(ward.id) is ward
