"""'is destroyed by a skill's effect' ("When an enemy is destroyed by a skill's effect", B20-031SR):
a unit destroyed while a skill's effect is carried out (Game.acting's part is "effect"), not one
destroyed as a skill's cost ("[Destroy 1 other ally]") nor in battle. 'by a skill' alone still
takes both."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Nyxa, Probe Watcher"
  codes TST-951
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Taboo"
    when an enemy is destroyed by a skill's effect
    draw 1
  act "Smite"
    choose 1 non-main character enemy
    destroy it

card "Ovo, Probe Sacrifice"
  codes TST-952
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Offering"
    cost destroy 1 other ally
    draw 1

card "Pim, Probe Victim"
  codes TST-953
  cost 1
  symbol blue
  range 1
  attack 20
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "destroyed_by_effect.fe0")}


def _board(player):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Nyxa"], area="back")
    ovo = add_unit(game, 1, CARDS["Ovo"], area="back")
    pim = add_unit(game, 1, CARDS["Pim"], area="back")
    begin(game, player=player, turn=2 if player == 0 else 3, phase="action")
    return game, ovo, pim


def test_an_enemy_destroyed_by_a_skills_effect_triggers():
    game, _, pim = _board(0)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Smite")
    pick(game, "unit", unit=pim)
    assert game.unit(pim.id) is None
    assert len(game.players[0].hand) == hand + 1


def test_an_enemy_destroyed_as_a_skills_cost_does_not():
    game, ovo, pim = _board(1)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Offering")
    pick(game, "unit", unit=pim)
    assert game.unit(pim.id) is None
    assert len(game.players[0].hand) == hand


def test_by_a_skill_still_takes_a_cost():
    src = PACK.replace("when an enemy is destroyed by a skill's effect", "when an enemy is destroyed by a skill")
    cards = {c.unit_name: c for c in compile_text(src, "x.fe0")}
    game, _, _ = duel()
    add_unit(game, 0, cards["Nyxa"], area="back")
    add_unit(game, 1, cards["Ovo"], area="back")
    pim = add_unit(game, 1, cards["Pim"], area="back")
    begin(game, player=1, turn=3, phase="action")
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Offering")
    pick(game, "unit", unit=pim)
    assert len(game.players[0].hand) == hand + 1


def test_refused_as_the_second_of_two_causes():
    src = PACK.replace("when an enemy is destroyed by a skill's effect",
                       'when an enemy is destroyed by "Smite" or by a skill\'s effect')
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert "not supported as the second of two causes" in str(e.value)


def test_rendered():
    assert CARDS["Nyxa"].skills[0].triggers[0].text == "when an enemy is destroyed by a skill's effect"
