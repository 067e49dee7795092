"""'when an orb from your opponent's orbs is destroyed by an attack (of X)' ("Each time one of your
opponent's Orbs is destroyed by this unit's attack", B21-001SR Dimitri): an orb broken because an
attack destroyed the Main Character (rule 4), once per orb; an orb a skill destroys (its effect or
cost) does not count, nor an orb another unit's attack breaks. The destruction is asked as
'is destroyed by an attack of X' asks it; no other cause is accepted for an orb."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Dimitri, Probe"
  codes TST-991
  cost 1
  symbol brown
  range 1
  attack 90
  support 10
  auto "Moonfall"
    each time an orb from your opponent's orbs is destroyed by an attack of this unit
    draw 1
  act "Crush"
    destroy 1 orb from your opponent's orbs

card "Cyd, Other"
  codes TST-992
  cost 1
  symbol brown
  range 1
  attack 90
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "orb_by_attack.fe0")}


def _board():
    game, _, mc1 = duel()
    dimitri = add_unit(game, 0, CARDS["Dimitri"])
    cyd = add_unit(game, 0, CARDS["Cyd"])
    begin(game, player=0, turn=3, phase="action")
    return game, dimitri, cyd, mc1


def _answer_until_the_action_phase(game):
    """The first option of each question (an orb to break, a choice) until the Action Phase asks again."""
    for _ in range(20):
        if game.decision is None or game.decision.kind == "action":
            return
        game.answer(game.decision.options[0])


def _draws(game):
    return sum(1 for e in game.events if isinstance(e, ev.Drew) and e.player == 0)


def test_an_orb_its_attack_breaks_triggers_it():
    game, dimitri, _, mc1 = _board()
    before = _draws(game)
    pick(game, "attack", unit=dimitri, target=mc1)
    _answer_until_the_action_phase(game)
    assert _draws(game) == before + 1


def test_an_orb_another_units_attack_breaks_does_not():
    game, _, cyd, mc1 = _board()
    before = _draws(game)
    pick(game, "attack", unit=cyd, target=mc1)
    _answer_until_the_action_phase(game)
    assert _draws(game) == before


def test_an_orb_its_skill_destroys_does_not():
    game, dimitri, _, _ = _board()
    before = _draws(game)
    orbs = len(game.players[1].orbs)
    pick(game, "use_skill", skill="Crush")
    _answer_until_the_action_phase(game)
    assert len(game.players[1].orbs) == orbs - 1
    assert _draws(game) == before


def test_no_other_cause_for_an_orb():
    src = PACK.replace("is destroyed by an attack of this unit", "is destroyed by a skill of this unit")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert "an orb's destruction takes no 'by ...' but 'by an attack (of X)'" in str(e.value)
