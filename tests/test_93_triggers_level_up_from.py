"""'when you level up into this from "Unit, Title"' ("When you Level Up into this unit from "Gray
(Valentia), Composed Prodigy"", B09-009N): the card levelled up into was placed on a unit whose
top card was that card (by its full name, a card of the same pack); from another card of the same
unit name, or when deployed, it does not trigger."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, duel, pick

PACK = '''
card "Gale, Probe Veteran"
  codes TST-971
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Experience"
    when you level up into this from "Gale, Probe Prodigy"
    this unit gains +50 attack until it leaves the field

card "Gale, Probe Prodigy"
  codes TST-972
  cost 1
  symbol red
  range 1
  attack 40
  support 10

card "Gale, Probe Recruit"
  codes TST-973
  cost 1
  symbol red
  range 1
  attack 20
  support 10
'''
CARDS = {c.name: c for c in compile_text(PACK, "level_up_from.fe0")}


def _level_up(under):
    game, _, _ = duel()
    low = add_unit(game, 0, CARDS[under])
    high, = add_cards(game, 0, "hand", CARDS["Gale, Probe Veteran"])
    add_bonds(game, 0, CARDS[under], CARDS[under])
    begin(game, phase="deployment")
    pick(game, "level_up", card=high, unit=low)
    return game, game.unit(low.id)


def test_levelled_up_from_the_named_card_it_triggers():
    game, unit = _level_up("Gale, Probe Prodigy")
    assert game.attack(unit) == 30 + 50


def test_from_another_card_of_the_unit_name_it_does_not():
    game, unit = _level_up("Gale, Probe Recruit")
    assert game.attack(unit) == 30


def test_deployed_it_does_not():
    game, _, _ = duel()
    card, = add_cards(game, 0, "hand", CARDS["Gale, Probe Veteran"])
    add_bonds(game, 0, CARDS["Gale, Probe Recruit"])
    begin(game, phase="deployment")
    pick(game, "deploy", card=card, area="front")
    unit = next(u for u in game.players[0].units if u.cards[0].id == card.id)
    assert game.attack(unit) == 30


@pytest.mark.parametrize("name, message", [
    ("Gale", "full name"),
    ("Gale, Probe Prodigee", "no card \"Gale, Probe Prodigee\" in this pack"),
    ("Nola, Probe Queen", "another unit name"),
])
def test_refused(name, message):
    src = PACK.replace('from "Gale, Probe Prodigy"', f'from "{name}"') + '''
card "Nola, Probe Queen"
  codes TST-974
  cost 1
  symbol blue
  range 1
  attack 20
  support 10
'''
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)
