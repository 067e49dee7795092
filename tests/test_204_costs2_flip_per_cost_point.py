"""A number of bonds flipped inside an effect counted from a unit's deployment cost
(dsl/flip_per_point.py): "you may flip 1 bond for each point of deployment cost of the
chosen enemy", then "if you do: destroy it" (B12-019R Volke, "Lethality"). All or nothing,
asked only when it can be paid; a cost of 0 is paid with nothing (engine decision 53).
Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_unit, begin, card, duel, options, pick

PACK = '''
card "Volk, Fireman"
  codes TST-251
  cost 1
  symbol green
  range 1
  attack 70
  support 10
  act "Lethality"
    once per turn
    choose 1 non-main character enemy
    you may flip 1 bond for each point of deployment cost of the chosen enemy
    if you do: destroy it
  act "Double"
    choose 1 enemy
    you may flip 2 bonds for each point of deployment cost of it
    if you do: draw 1
'''

CARDS = {c.title: c for c in compile_text(PACK, "perpoint.fe0")}


def _face_down(game, player):
    return sum(1 for b in game.players[player].bonds if not b.face_up)


def _board(bonds, enemy_cost):
    game, mc0, mc1 = duel()
    volk = add_unit(game, 0, CARDS["Fireman"])
    enemy = add_unit(game, 1, card("Target", cost=enemy_cost, attack=50))
    add_bonds(game, 0, *(card(f"B{i}") for i in range(bonds)))
    begin(game)
    return game, volk, enemy


def test_flips_as_many_bonds_as_the_enemy_costs_and_destroys_it():
    game, volk, enemy = _board(4, 3)
    pick(game, "use_skill", skill="Lethality")
    pick(game, unit=enemy)
    assert game.decision.kind == "may"
    pick(game, "yes")
    assert game.decision.kind == "choose"          # which 3 of the 4 bonds
    for b in list(game.players[0].bonds)[:3]:
        pick(game, card=b.copy)
    assert _face_down(game, 0) == 3
    assert game.unit(enemy.id) is None


def test_declined_nothing_is_flipped_nor_destroyed():
    game, volk, enemy = _board(3, 3)
    pick(game, "use_skill", skill="Lethality")
    pick(game, unit=enemy)
    pick(game, "no")
    assert _face_down(game, 0) == 0 and game.unit(enemy.id) is not None


def test_not_enough_bonds_nothing_is_asked_nor_destroyed():
    game, volk, enemy = _board(2, 3)
    pick(game, "use_skill", skill="Lethality")
    pick(game, unit=enemy)
    assert game.decision is None or game.decision.kind == "action"
    assert _face_down(game, 0) == 0 and game.unit(enemy.id) is not None


def test_a_cost_of_0_is_paid_with_nothing_engine_decision_57():
    game, volk, enemy = _board(0, 0)
    pick(game, "use_skill", skill="Lethality")
    pick(game, unit=enemy)
    pick(game, "yes")
    assert game.unit(enemy.id) is None


def test_the_number_multiplies_and_the_cost_is_the_computed_one():
    game, volk, enemy = _board(4, 2)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Double")
    pick(game, unit=enemy)
    pick(game, "yes")                                # 2 x 2 = all 4 bonds: nothing to choose
    assert _face_down(game, 0) == 4 and len(game.players[0].hand) == hand + 1


def test_renders_as_card_text():
    text = next(s for s in CARDS["Fireman"].skills if s.name == "Lethality").text
    assert "You may flip 1 Bond face-down for each point of Deployment Cost that the chosen enemy has. If you do, " \
        "destroy it." in text


@pytest.mark.parametrize("line", [
    "cost flip 1 bond for each point of deployment cost of this unit",
    "    choose 1 enemy\n    flip 1 bond for each point of deployment cost of the chosen enemy",
    "    choose 1 enemy\n    you may flip all bonds for each point of deployment cost of the chosen enemy",
    "    choose 1 enemy\n    you may draw 1 for each point of deployment cost of the chosen enemy",
    "    reveal the top card of your deck\n    you may flip 1 bond for each point of deployment cost of the revealed card",
])
def test_near_misses_are_refused(line):
    body = line if line.startswith("    ") else "    " + line + "\n    draw 1"
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  act "Bad"
{body}
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(text, "bad.fe0")
