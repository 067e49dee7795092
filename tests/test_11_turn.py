"""The turn: Beginning, Bond, Deployment, Action and End phases (rule 1 and the
rulebook's turn structure), the turn limit and concession."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.modifiers import Modifier
from vanilla import (
    FILLER, add_bonds, add_cards, add_unit, answer_until, begin, card, duel, events, option, options, pick,
    refusal,
)

CAIN = card("Cain", cost=1, attack=40)


def _phase_is(phase, player=None):
    return lambda g: g.phase == phase and (player is None or g.turn_player == player)


# --------------------------------------------------------------------------- rule 1
def test_rule_01_first_turn_has_a_beginning_phase_that_untaps_but_does_not_draw():
    g, m0, m1 = duel()
    m0.tapped = True
    begin(g, turn=1, player=0, phase="beginning", first_player=0)
    assert events(g) == [
        ev.TurnStarted(1, 0),
        ev.PhaseStarted(1, 0, "beginning"),
        ev.Untapped(0, m0.id, "Lord 0"),
        ev.PhaseEnded(1, 0, "beginning"),
        ev.PhaseStarted(1, 0, "bond"),
    ]
    assert not m0.tapped
    assert g.players[0].hand == [] and len(g.players[0].deck) == 10
    assert (g.decision.player, g.decision.kind) == (0, "bond")


def test_rule_01_first_player_cannot_attack_on_the_first_turn():
    g, m0, m1 = duel()
    begin(g, turn=1, player=0, phase="action", first_player=0)
    assert options(g, "attack") == []
    reason = refusal(g, Option("attack", unit=m0.id, target=m1.id))
    assert reason == "rule 1 (first turn): the first player cannot attack on the first turn"


def test_rule_01_first_player_may_bond_deploy_and_move_on_the_first_turn():
    g, m0, m1 = duel()
    hand = add_cards(g, 0, "hand", CAIN, FILLER)
    begin(g, turn=1, player=0, phase="bond", first_player=0)
    pick(g, "place_bond", card=hand[1])
    pick(g, "deploy", card=hand[0], area="back")
    pick(g, "pass")  # end the Deployment Phase
    pick(g, "move", unit=m0)
    assert m0.area == "back" and m0.tapped
    assert [u.card for u in g.players[0].back] == [CAIN, m0.card]


def test_rule_01_the_second_player_draws_and_may_attack_on_their_first_turn():
    g, m0, m1 = duel()
    begin(g, turn=2, player=1, phase="beginning", first_player=0)
    assert [type(e) for e in events(g, ev.Drew)] == [ev.Drew]
    assert len(g.players[1].hand) == 1
    answer_until(g, _phase_is("action"))
    assert option(g, "attack", unit=m1, target=m0)


def test_rule_01_the_first_player_draws_from_their_second_turn_on():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0, phase="beginning", first_player=0)
    assert len(events(g, ev.Drew)) == 1 and len(g.players[0].hand) == 1


# --------------------------------------------------------------------------- the turn
def test_turn_phases_run_in_order_and_the_turn_passes_to_the_opponent():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0, phase="beginning", first_player=0)
    answer_until(g, _phase_is("bond", 1))
    kinds = [(type(e).__name__, getattr(e, "phase", None)) for e in events(g)
             if isinstance(e, (ev.PhaseStarted, ev.PhaseEnded, ev.TurnStarted, ev.TurnEnded))]
    assert kinds == [
        ("TurnStarted", None),
        ("PhaseStarted", "beginning"), ("PhaseEnded", "beginning"),
        ("PhaseStarted", "bond"), ("PhaseEnded", "bond"),
        ("PhaseStarted", "deployment"), ("PhaseEnded", "deployment"),
        ("PhaseStarted", "action"), ("PhaseEnded", "action"),
        ("PhaseStarted", "end"), ("PhaseEnded", "end"),
        ("TurnEnded", None),
        ("TurnStarted", None),
        ("PhaseStarted", "beginning"), ("PhaseEnded", "beginning"),
        ("PhaseStarted", "bond"),
    ]
    assert (g.turn, g.turn_player) == (4, 1)
    assert events(g, ev.TurnStarted) == [ev.TurnStarted(3, 0), ev.TurnStarted(4, 1)]


def test_beginning_phase_untaps_only_the_turn_players_units():
    g, m0, m1 = duel()
    m0.tapped = m1.tapped = True
    begin(g, turn=3, player=0, phase="beginning")
    assert not m0.tapped and m1.tapped
    assert events(g, ev.Untapped) == [ev.Untapped(0, m0.id, "Lord 0")]


def test_bond_phase_places_one_card_face_up_once_per_turn():
    g, m0, m1 = duel()
    a, b = add_cards(g, 0, "hand", CAIN, FILLER)
    begin(g, turn=3, player=0, phase="bond")
    assert [(o.kind, o.card) for o in g.decision.options] == [
        ("place_bond", a.id), ("place_bond", b.id), ("pass", None)]
    mark = len(g.events)
    pick(g, "place_bond", card=b)
    assert [(bd.copy, bd.face_up) for bd in g.players[0].bonds] == [(b, True)]
    assert events(g, ev.CardMoved, ev.BondPlaced, since=mark) == [
        ev.CardMoved(0, b.id, FILLER.name, "hand", "bonds"), ev.BondPlaced(0, b.id, FILLER.name, True)]
    # Once per turn: the Bond Phase ends at once and the next decision is the deployment.
    assert g.phase == "deployment" and g.decision.kind == "deployment"
    assert g.players[0].bonded_this_turn
    from fecipher.engine.phases import bond_refusal
    assert bond_refusal(g, 0, a.id) == "only one card may be placed in the Bond Area each Bond Phase"


def test_bond_phase_may_place_nothing_and_refuses_a_card_not_in_hand():
    g, m0, m1 = duel()
    add_cards(g, 0, "hand", CAIN)
    [other] = add_cards(g, 1, "hand", FILLER)
    begin(g, turn=3, player=0, phase="bond")
    assert refusal(g, Option("place_bond", card=other.id)) == "that card is not in your hand"
    pick(g, "pass")
    assert g.players[0].bonds == [] and g.phase == "deployment"


def test_bond_once_per_turn_resets_next_turn():
    g, m0, m1 = duel()
    a, b = add_cards(g, 0, "hand", CAIN, FILLER)
    begin(g, turn=3, player=0, phase="bond")
    pick(g, "place_bond", card=a)
    answer_until(g, _phase_is("bond", 0))
    assert g.turn == 5 and not g.players[0].bonded_this_turn
    assert option(g, "place_bond", card=b)


def test_action_phase_move_taps_the_unit_and_a_tapped_unit_cannot_move():
    g, m0, m1 = duel()
    cain = add_unit(g, 0, CAIN, area="front")
    begin(g, turn=3, player=0, phase="action")
    mark = len(g.events)
    pick(g, "move", unit=cain)
    assert cain.area == "back" and cain.tapped
    assert events(g, since=mark) == [ev.Tapped(0, cain.id, "Cain"), ev.Moved(0, cain.id, "Cain", "front", "back")]
    assert options(g, "move", unit=cain) == []
    assert refusal(g, Option("move", unit=cain.id)) == "Cain, cost 1 is tapped; moving taps an untapped unit"
    assert refusal(g, Option("move", unit=m1.id)) == "you can only move your own units"


def test_action_phase_lists_attacks_moves_and_pass():
    g, m0, m1 = duel()
    cain = add_unit(g, 0, CAIN, area="back", tapped=True)
    begin(g, turn=3, player=0, phase="action")
    assert [(o.kind, o.unit, o.target) for o in g.decision.options] == [
        ("attack", m0.id, m1.id), ("move", m0.id, None), ("pass", None, None)]


def test_end_phase_ends_this_turns_effects_and_resets_the_turns_counters():
    g, m0, m1 = duel()
    add_bonds(g, 0, FILLER)
    hand = add_cards(g, 0, "hand", CAIN)
    begin(g, turn=3, player=0, phase="deployment")
    pick(g, "deploy", card=hand[0], area="front")
    assert g.players[0].cost_paid_this_turn == 1
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, unit=m0.id, turn=g.turn))
    assert g.attack(m0) == 60
    seen = []
    g.bus.subscribe(ev.PhaseStarted, lambda game, e: seen.append((e.phase, game.attack(m0))))
    g.bus.subscribe(ev.TurnEnded, lambda game, e: seen.append(("turn ended", game.attack(m0))))
    answer_until(g, _phase_is("bond", 1))
    # Still +10 when the End Phase starts; gone when the turn ends.
    assert seen[:4] == [("action", 60), ("end", 60), ("turn ended", 50), ("beginning", 50)]
    assert g.attack(m0) == 50
    assert g.players[0].cost_paid_this_turn == 0 and not g.players[0].bonded_this_turn


def test_turn_limit_ends_the_game_with_no_winner():
    g, m0, m1 = duel(max_turns=4)
    begin(g, turn=3, player=0, phase="beginning")
    answer_until(g, lambda g: g.over)
    assert g.over and g.winner is None and g.decision is None
    assert g.reason == "the turn limit (4) was reached"
    assert events(g)[-1] == ev.GameOver(None, "the turn limit (4) was reached")
    assert events(g, ev.TurnStarted)[-1] == ev.TurnStarted(4, 1)


def test_concession_ends_the_game_at_once_and_the_opponent_wins():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0, phase="action")
    g.concede(1)
    assert g.over and g.winner == 0 and g.decision is None
    assert events(g)[-2:] == [ev.Conceded(1), ev.GameOver(0, "player 2 conceded")]
    with pytest.raises(IllegalAnswer, match="the game is over"):
        g.answer(0)
    with pytest.raises(IllegalAnswer, match="the game is over"):
        g.concede(0)


def test_concession_on_the_opponents_decision_is_allowed():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0, phase="action")
    assert g.decision.player == 0
    g.concede(0)
    assert g.winner == 1


def test_end_phase_at_the_end_of_turn_skills_resolve_before_this_turns_effects_end():
    from vanilla import auto
    seen = []

    def look(ctx):
        seen.append((ctx.game.phase, ctx.game.attack(ctx.unit)))
        return
        yield

    sk = auto("at end of turn", ev.PhaseStarted, lambda c, e: e.phase == "end" and e.player == c.controller, look)
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("Watcher", attack=20, skills=[sk]))
    begin(g, turn=3, player=0, phase="action")
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, unit=u.id, turn=g.turn))
    pick(g, "pass")
    assert seen == [("end", 30)]
    assert g.attack(u) == 20
    kinds = [type(e).__name__ for e in events(g)]
    i = kinds.index("SkillResolved")
    assert kinds[i - 2:i + 3] == ["PhaseStarted", "SkillTriggered", "SkillResolved", "PhaseEnded", "TurnEnded"]
    # The opponent's End Phase does not trigger it.
    answer_until(g, lambda g: g.turn == 5)
    assert seen == [("end", 30)]


def test_bond_phase_does_not_offer_a_card_that_cannot_be_placed_in_the_bond_area():
    from fecipher.engine.skills import Skill, SkillKind
    stubborn = card("Tiki", "Stubborn", skills=[Skill("no bond", SkillKind.SPECIAL, rules=frozenset({"cannot_bond"}))])
    g, m0, m1 = duel()
    [t] = add_cards(g, 0, "hand", stubborn)
    begin(g, turn=3, player=0, phase="bond")
    assert [o.kind for o in g.decision.options] == ["pass"]
    assert refusal(g, Option("place_bond", card=t.id)) == "Tiki, Stubborn cannot be placed in the Bond Area"


def test_bond_skills_act_only_from_face_up_bonds_and_hand_skills_from_the_hand():
    from fecipher.engine.skills import Skill, SkillKind
    from vanilla import noop
    bond_card = card("Elice", skills=[Skill("bond skill", SkillKind.BOND, effect=noop)])
    hand_card = card("Byleth", skills=[Skill("hand skill", SkillKind.HAND, effect=noop)])
    g, m0, m1 = duel()
    add_bonds(g, 0, bond_card)
    add_bonds(g, 0, bond_card, face_up=False)
    add_cards(g, 0, "hand", hand_card)
    add_bonds(g, 1, bond_card)
    begin(g, turn=3, player=0, phase="action")
    assert [o.skill for o in options(g, "use_skill")] == ["bond skill", "hand skill"]
    pick(g, "use_skill", skill="bond skill")
    assert events(g, ev.SkillResolved)[-1].skill == "bond skill"
