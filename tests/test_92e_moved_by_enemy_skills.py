"""'cannot be moved by enemy skills or your opponent's support skills' ("cannot be moved by an
enemy's skill or your opponent's Support skills", B08-009SR Frederick, B10-095R/096N Bruno): a
skill of one of the opponent's units or the opponent's support skill cannot move the unit; its
own player's skills, and the opponent's bond and hand skills, can (Game.can_be_moved asks with
the skill being carried out: its controller and what it is)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, options, pick

PACK = '''
card "Bruno, Probe"
  codes TST-961
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  cont "Hoof"
    this unit cannot be moved by enemy skills or your opponent's support skills
  act "Self Step"
    move this unit

card "Ignis, Pusher"
  codes TST-962
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Shove"
    choose 1 enemy
    move it

card "Gale, Windcaller"
  codes TST-963
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  bond "Gust"
    when this card is placed in your bond area
    choose 1 enemy
    move it
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "moved_by.fe0")}


def _board(player: int, phase: str = "action"):
    game, _, _ = duel()
    bruno = add_unit(game, 0, CARDS["Bruno"])
    add_unit(game, 1, CARDS["Ignis"])
    add_cards(game, 1, "hand", CARDS["Gale"])
    begin(game, player=player, turn=2 if player == 0 else 3, phase=phase)
    return game, bruno


def test_an_enemy_units_skill_cannot_move_it():
    game, bruno = _board(1)
    pick(game, "use_skill", skill="Shove")
    assert bruno.id not in {o.unit for o in game.legal_options()}   # not offered
    assert bruno.area == "front"


def test_its_own_players_skill_moves_it():
    game, bruno = _board(0)
    pick(game, "use_skill", skill="Self Step")
    assert bruno.area == "back"


def test_an_opponents_bond_skill_moves_it():
    game, bruno = _board(1, phase="bond")
    pick(game, "place_bond", card=CARDS["Gale"])
    pick(game, "unit", unit=bruno)
    assert bruno.area == "back"


def test_describe():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert "cannot be moved by enemy skills or your opponent's Support skills" in texts["Hoof"]


def test_it_goes_with_moved_only():
    text = ('card "Probe, Probe"\n  codes TST-964\n  cost 1\n  attack 10\n  support 10\n  cont "X"\n'
            "    this unit cannot be destroyed by enemy skills or your opponent's support skills\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert "goes with 'cannot be moved'" in str(e.value)
