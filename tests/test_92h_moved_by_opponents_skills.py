"""'cannot be moved by your opponent's skills' ("All enemies cannot be moved via your opponent's
Skills", B21-026HN Marianne): no skill whose controller is the opponent of the skill's controller
moves the units it names, whatever the skill is (a unit's, a bond, hand or support skill; its cost
or effect); the controller's own skills still can, and so can a move that is no skill's (the
action). Game.can_be_moved asks with the skill being carried out (its controller)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, pick

PACK = '''
card "Marianne, Probe"
  codes TST-971
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  cont "Bless"
    all enemies cannot be moved by your opponent's skills
  act "Shove"
    choose 1 enemy
    move it

card "Ignis, Self Mover"
  codes TST-972
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Self Step"
    move this unit
  act "Push Ally"
    choose 1 other ally
    move it

card "Gale, Windcaller"
  codes TST-973
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  bond "Gust"
    when this card is placed in your bond area
    choose 1 ally
    move it
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "moved_by_opponents.fe0")}


def _board(player: int, phase: str = "action"):
    game, _, _ = duel()
    marianne = add_unit(game, 0, CARDS["Marianne"])
    ignis = add_unit(game, 1, CARDS["Ignis"])
    other = add_unit(game, 1, CARDS["Ignis"], area="back")
    add_cards(game, 1, "hand", CARDS["Gale"])
    begin(game, player=player, turn=2 if player == 0 else 3, phase=phase)
    return game, marianne, ignis, other


def test_an_enemys_own_skill_cannot_move_it():
    game, _, ignis, _ = _board(1)
    pick(game, "use_skill", skill="Self Step", unit=ignis)
    assert ignis.area == "front"


def test_an_enemys_skill_cannot_move_another_enemy():
    game, _, ignis, other = _board(1)
    pick(game, "use_skill", skill="Push Ally", unit=ignis)
    # nothing it could move is offered (the choice is not asked): the Action Phase goes on
    assert game.decision.kind == "action"
    assert other.area == "back" and ignis.area == "front"


def test_the_opponents_bond_skill_cannot_move_it():
    game, _, ignis, other = _board(1, phase="bond")
    pick(game, "place_bond", card=CARDS["Gale"])
    assert ignis.area == "front" and other.area == "back"


def test_the_controllers_own_skill_moves_an_enemy():
    game, _, ignis, _ = _board(0)
    pick(game, "use_skill", skill="Shove")
    pick(game, "unit", unit=ignis)
    assert ignis.area == "back"


def test_the_move_action_is_no_skill():
    game, _, ignis, _ = _board(1)
    pick(game, "move", unit=ignis)
    assert ignis.area == "back"


def test_it_goes_with_cannot_be_moved_only():
    src = PACK.replace("cannot be moved by your opponent's skills", "cannot be destroyed by your opponent's skills")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert "goes with 'cannot be moved'" in str(e.value)
