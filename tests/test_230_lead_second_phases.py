"""Phases played again in the turn (docs/rules.md "A second phase in the turn", dsl/extra_phases.py,
engine/phases.py add_phases): "At the end of your Bond Phase, ... you may have a second Bond Phase"
(B12-075SR) and "At the end of your Deployment Phase, ... You undergo a second Beginning Phase, Bond
Phase and Deployment Phase in this turn" (B16-066SR)."""
import pytest

from fecipher.dsl import render
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.parse import parse_pack
from fecipher.engine import events as ev
from fecipher.engine.phases import add_phases
from fecipher.engine.state import BONDS, HAND

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Eldi, Tester"
  codes TST-230
  cost 1
  symbol red
  range 1
  attack 40
  support 10
'''
PACK = HEAD + '''  auto "Again"
    once per turn
    at the end of your bond phase
    you may
    you have a second bond phase
  auto "New World"
    once per turn
    at the end of your deployment phase
    you have a second beginning phase, bond phase and deployment phase in this turn
  auto "Dawn"
    at the start of your turn
    this unit gains +10 attack until the end of the turn
'''
ELDI = compile_text(PACK, "t.fe0")[0]


def test_compiles_and_reads_as_written():
    nodes = parse_pack(PACK, "t.fe0").cards[0].skills
    assert nodes[0].statements[0].phases == ("bond",)
    assert nodes[1].statements[0].phases == ("beginning", "bond", "deployment")
    assert "You have a second Bond Phase in this turn." in render.skill(nodes[0])
    assert "You have a second Beginning Phase, Bond Phase and Deployment Phase in this turn." in render.skill(nodes[1])


@pytest.mark.parametrize("body, message", [
    ("cont \"X\"\n    you have a second bond phase", "only in an AUTO skill"),
    ("act \"X\"\n    you have a second bond phase", "only in an AUTO skill"),
    ("auto \"X\"\n    when this unit attacks\n    you have a second bond phase", "only in an AUTO skill"),
    ("auto \"X\"\n    at the end of your action phase\n    you have a second action phase",
     "no phase is played again after the action phase"),
    ("auto \"X\"\n    at the end of your opponent's bond phase\n    you have a second bond phase",
     "only in your own turn"),
    ("auto \"X\"\n    at the end of your bond phase\n    you have a second deployment phase",
     "end with the phase that just ended (bond)"),
    ("auto \"X\"\n    at the end of your deployment phase\n    you have a second beginning phase and deployment phase",
     "in rule order, with none left out"),
    ("auto \"X\"\n    at the end of your bond phase\n    you have a third bond phase", "is not supported"),
])
def test_refused_where_the_engine_could_not_play_it(body, message):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + "  " + body + "\n", "r.fe0")
    assert message in str(e.value)


def _board(phase):
    game, mc0, _ = duel()
    unit = add_unit(game, 0, ELDI, tapped=True)
    filler = card("Filler", cost=1)
    add_cards(game, 0, HAND, filler, filler, filler)
    add_bonds(game, 0, card("Bond", cost=1), card("Bond", cost=1))
    begin(game, turn=3, player=0, phase=phase)
    return game, unit


def test_a_second_bond_phase_places_one_more_bond_then_the_turn_goes_on():
    game, _ = _board("bond")
    pick(game, "place_bond")
    pick(game, "yes")
    assert game.decision.kind == "bond" and game.phase == "bond"
    added = [e for e in game.events if isinstance(e, ev.PhasesAdded)]
    assert [e.phases for e in added] == [("bond",)]
    pick(game, "place_bond")
    assert len(game.players[0].bonds) == 4
    # once per turn: the end of the second Bond Phase asks nothing, the Deployment Phase comes
    assert game.decision.kind == "deployment"
    ended = [e.phase for e in game.events if isinstance(e, ev.PhaseEnded)]
    assert ended == ["bond", "bond"]


def test_the_copy_of_a_game_in_a_second_bond_phase_plays_the_same():
    game, _ = _board("bond")
    pick(game, "place_bond")
    pick(game, "yes")
    copy = game.clone()
    for g in (game, copy):
        pick(g, "place_bond")
        pick(g, "pass")                 # end the Deployment Phase: "New World"
    assert copy.events[len(copy.events) - 30:] == game.events[len(game.events) - 30:]
    assert copy.phase == game.phase == "bond"            # the second Beginning Phase played, then Bond
    assert copy.phases_left == game.phases_left == ["deployment", "action", "end"]


def test_a_second_beginning_phase_untaps_and_draws_but_starts_no_turn():
    game, unit = _board("deployment")
    hand = len(game.players[0].hand)
    started = sum(isinstance(e, ev.TurnStarted) for e in game.events)
    pick(game, "pass")                  # end the Deployment Phase: "New World" resolves
    assert not game.unit(unit.id).tapped
    assert len(game.players[0].hand) == hand + 1
    assert sum(isinstance(e, ev.TurnStarted) for e in game.events) == started
    # "at the start of your turn" did not trigger again (the turn began before the board was set)
    assert game.attack(game.unit(unit.id)) == 40
    assert game.decision.kind == "bond"
    pick(game, "pass")                  # no bond; "Again" asks
    pick(game, "no")
    assert game.decision.kind == "deployment"
    pick(game, "pass")                  # once per turn: no third round
    assert game.decision.kind == "action"


def test_the_deployment_limit_is_each_deployment_phase():
    game, _ = _board("deployment")
    p = game.players[0]
    p.cost_paid_this_turn = 2           # the whole bond count used in the first Deployment Phase
    pick(game, "pass")
    pick(game, "pass")                  # second Bond Phase: no bond
    pick(game, "no")
    assert game.decision.kind == "deployment" and p.cost_paid_this_turn == 0
    pick(game, "deploy", card=game.players[0].hand[0].id, area="back")
    assert p.cost_paid_this_turn == 1


def test_add_phases_refuses_what_is_not_a_run_ending_with_the_phase_being_played():
    game, _ = _board("bond")
    assert "rule order" in add_phases(game, ("deployment", "bond"))
    assert "end with the phase being played (bond)" in add_phases(game, ("deployment",))
    before = list(game.phases_left)
    assert add_phases(game, ("beginning", "bond")) is None
    assert game.phases_left == ["beginning", "bond"] + before
    game2, _ = _board("action")
    assert "no phase is played again from the action phase" in add_phases(game2, ("beginning", "bond", "deployment",
                                                                                  "action"))
