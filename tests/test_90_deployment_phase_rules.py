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

card "Johan, Rival"
  codes TST-903
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  spec "Love Rival Brothers"
    this card cannot be deployed in the same line as "Johalvier"
  act "Summon"
    choose 1 card from your hand
    deploy it

card "Fae, Eternal"
  codes TST-904
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  spec "Stay Together"
    this card can only be deployed in the same line as your main character

card "Alfonse, Gate Opener"
  codes TST-905
  cost 3
  symbol white
  range 1
  attack 60
  support 10
  spec "The Power to Open the Gate"
    if you are levelling up a "Alfonse" ally
    the deployment cost of this card is reduced by 1
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
    assert options(game, "level_up", card=up, unit=unit)
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


@pytest.mark.parametrize("rival_line, lines", [("front", {"back"}), ("back", {"front"}), (None, {"front", "back"})])
def test_a_card_that_cannot_be_deployed_in_the_line_of_a_named_ally(rival_line, lines):
    game, _, _ = duel()
    if rival_line:
        add_unit(game, 0, card("Johalvier", "x", symbols="yellow"), area=rival_line)
    add_unit(game, 1, card("Johalvier", "enemy"), area="back")      # an enemy's line does not count
    (johan,) = add_cards(game, 0, "hand", CARDS["Johan"])
    add_bonds(game, 0, card("Yellow", "bond", symbols="yellow"))
    begin(game, phase="deployment")
    assert {o.area for o in options(game, "deploy", card=johan)} == lines


def test_a_card_deployed_by_a_skill_goes_only_to_a_line_its_rule_allows():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Johan"], area="back")
    add_unit(game, 0, card("Johalvier", "x"), area="back")
    (other,) = add_cards(game, 0, "hand", CARDS["Fae"])      # the MC is in the front line
    begin(game)
    pick(game, "use_skill", skill="Summon")
    pick(game, "card", card=other)
    unit = next(u for u in game.players[0].units if u.top is other)
    assert unit.area == "front"                                   # no question: one line left


def test_a_card_that_can_only_be_deployed_in_the_main_characters_line():
    from fecipher.engine.deployment import deploy_refusal
    game, mc0, _ = duel()
    (fae,) = add_cards(game, 0, "hand", CARDS["Fae"])
    add_bonds(game, 0, card("Yellow", "bond", symbols="yellow"))
    begin(game, phase="deployment")
    assert {o.area for o in options(game, "deploy", card=fae)} == {"front"}
    assert "Stay Together" in deploy_refusal(game, 0, fae, "back")


def test_a_deployment_cost_reduced_only_for_a_level_up():
    game, _, _ = duel()
    unit = add_unit(game, 0, card("Alfonse", "lv1", symbols="white"), area="back")
    (gate,) = add_cards(game, 0, "hand", CARDS["Alfonse"])
    add_bonds(game, 0, card("White", "bond", symbols="white"), card("White", "bond2", symbols="white"))
    begin(game, phase="deployment")
    assert game.deploy_cost(gate) == 3                      # in the hand, as a deployment
    o = options(game, "level_up", card=gate, unit=unit)
    assert len(o) == 1 and "(cost 2)" in o[0].label         # levelling up the "Alfonse" costs 2
    game.answer(o[0])
    assert unit.top is gate and game.players[0].cost_paid_this_turn == 2


def test_without_the_level_up_the_cost_is_the_printed_one():
    from fecipher.engine.deployment import deploy_refusal
    game, _, _ = duel()
    (gate,) = add_cards(game, 0, "hand", CARDS["Alfonse"])
    add_bonds(game, 0, card("White", "bond", symbols="white"), card("White", "bond2", symbols="white"))
    begin(game, phase="deployment")
    assert not options(game, "deploy", card=gate)
    assert "costs 3" in deploy_refusal(game, 0, gate, "front")


@pytest.mark.parametrize("text, message", [
    ('spec "X"\n    if you are levelling up a "Abel" ally\n    the deployment cost of this card is reduced by 1',
     "a card levels up units of its own unit name"),
    ('cont "X"\n    if you are levelling up a "Probe" ally\n    this unit gains +10 attack',
     "the condition of a SPEC skill"),
    ('spec "X"\n    this card cannot be moved in the same line as "Johalvier"', "say 'this card cannot be deployed"),
    ('cont "X"\n    this card can only be deployed in the same line as your main character', "SPEC skill"),
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
