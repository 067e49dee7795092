"""Rules that hold during a phase and deployments beyond rule 5's symbols
(docs/skill-language.md, "During a phase; deploying without the symbols"): "during your
deployment phase", "you can deploy and level up cards even if you do not have bonds of
their symbols", played in games on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Sharena, Friend of All"
  codes TST-901
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  cont "Let's Be Friends"
    during your deployment phase
    you can deploy and level up cards even if you do not have bonds of their symbols

card "Ephraim, Heir"
  codes TST-902
  cost 1
  symbol purple
  range 1
  attack 30
  support 10
  cont "Warrior King in the Making"
    during your deployment phase
    the deployment cost of all purple cards in your hand is reduced by 1 but not below 1
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "phase_rules.fe0")}
RED = card("Red", "bond", symbols="red")


@pytest.mark.parametrize("with_sharena", [True, False])
def test_deploying_without_a_bond_of_the_cards_symbol(with_sharena):
    game, _, _ = duel()
    if with_sharena:
        add_unit(game, 0, CARDS["Sharena"])
    blue = card("Blue Knight", "x", cost=2, symbols="blue")
    (copy,) = add_cards(game, 0, "hand", blue)
    add_bonds(game, 0, RED, RED)
    begin(game, phase="deployment")
    assert bool(options(game, "deploy", card=copy)) is with_sharena
    if with_sharena:
        pick(game, "deploy", card=copy, area="front")
        assert any(u.top is copy for u in game.players[0].units)


def test_levelling_up_without_the_symbol_and_the_bond_count_still_holds():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Sharena"])
    unit = add_unit(game, 0, card("Abel", "lv1", symbols="blue"), area="back")
    (up,) = add_cards(game, 0, "hand", card("Abel", "lv2", cost=2, symbols="blue"))
    (big,) = add_cards(game, 0, "hand", card("Cain", "x", cost=3, symbols="blue"))
    add_bonds(game, 0, RED, RED)
    begin(game, phase="deployment")
    assert options(game, "level_up", card=up)
    assert not options(game, "deploy", card=big)          # 3 > 2 bonds: rule 5's count holds


def test_the_waiver_holds_only_in_your_deployment_phase():
    from fecipher.engine.deployment import symbols_waived
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Sharena"])
    begin(game, phase="action")
    assert not symbols_waived(game, 0)
    game2, _, _ = duel()
    add_unit(game2, 0, CARDS["Sharena"])
    begin(game2, phase="deployment")
    assert symbols_waived(game2, 0) and not symbols_waived(game2, 1)


@pytest.mark.parametrize("phase, cost", [("deployment", 2), ("action", 3)])
def test_a_cost_reduction_during_your_deployment_phase(phase, cost):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Ephraim"])
    (purple,) = add_cards(game, 0, "hand", card("Innes", "x", cost=3, symbols="purple"))
    begin(game, phase=phase)
    assert game.deploy_cost(purple) == cost


def test_the_phase_passes_and_the_reduction_ends():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Ephraim"])
    (purple,) = add_cards(game, 0, "hand", card("Innes", "x", cost=3, symbols="purple"))
    begin(game, phase="deployment")
    assert game.deploy_cost(purple) == 2
    pick(game, "pass")
    assert game.phase == "action" and game.deploy_cost(purple) == 3


@pytest.mark.parametrize("text, message", [
    ('act "X"\n    you can deploy and level up cards even if you do not have bonds of their symbols',
     "write it in a CONT skill"),
    ('cont "X"\n    you can place and level up cards even if you do not have bonds of their symbols',
     "say 'you can deploy and level up"),
])
def test_waivers_that_mean_nothing_are_refused(text, message):
    src = 'card "Probe, Probe"\n  codes TST-909\n  cost 1\n  attack 10\n  support 10\n  ' + text + "\n"
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)
