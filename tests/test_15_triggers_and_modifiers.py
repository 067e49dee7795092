"""Simultaneous automatic skills (rule 8), costs (rule 9) and modifier durations."""
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.decisions import Option
from fecipher.engine.modifiers import Modifier
from vanilla import (
    FILLER, FlipBondsCost, TapCost, action, add_bonds, add_cards, add_unit, answer_until, auto, begin, card,
    continuous, duel, events, option, options, pick, refusal,
)

CAIN = card("Cain", attack=30)
ABEL = card("Abel", attack=40)


def _logger(log, tag):
    def eff(ctx):
        log.append(tag)
        return
        yield
    return eff


def _at_turn_start(log, tag):
    return auto(tag, ev.TurnStarted, lambda c, e: True, _logger(log, tag))


def _mod(game, unit, value, duration, controller=0, stat=M.ATTACK, op="add", **kw):
    game.add_modifier(Modifier(stat, op, value, duration, controller, unit=unit.id if unit else None,
                               turn=game.turn, **kw))


# --------------------------------------------------------------------------- rule 8
def test_rule_08_turn_players_skills_resolve_first_and_each_player_orders_their_own():
    log = []
    g, m0, m1 = duel()
    add_unit(g, 0, card("P1a", skills=[_at_turn_start(log, "p1-a")]))
    add_unit(g, 0, card("P1b", skills=[_at_turn_start(log, "p1-b")]))
    add_unit(g, 1, card("P2a", skills=[_at_turn_start(log, "p2-a")]))
    add_unit(g, 1, card("P2b", skills=[_at_turn_start(log, "p2-b")]))
    begin(g, turn=4, player=1, phase="beginning")
    # Player 2 (the turn player) orders their two skills first ...
    assert (g.decision.player, g.decision.kind) == (1, "order_skills")
    assert [o.skill for o in g.decision.options] == ["p2-a", "p2-b"]
    pick(g, "skill", skill="p2-b")
    assert log == ["p2-b", "p2-a"]
    # ... then player 1 orders theirs.
    assert (g.decision.player, g.decision.kind) == (0, "order_skills")
    assert [o.skill for o in g.decision.options] == ["p1-a", "p1-b"]
    pick(g, "skill", skill="p1-b")
    assert log == ["p2-b", "p2-a", "p1-b", "p1-a"]
    assert g.decision.kind == "bond"


def test_rule_08_a_single_skill_per_player_needs_no_ordering_and_turn_player_goes_first():
    log = []
    g, m0, m1 = duel()
    add_unit(g, 0, card("P1", skills=[_at_turn_start(log, "p1")]))
    add_unit(g, 1, card("P2", skills=[_at_turn_start(log, "p2")]))
    begin(g, turn=4, player=1, phase="beginning")
    assert log == ["p2", "p1"] and g.decision.kind == "bond"
    resolved = [e.player for e in events(g, ev.SkillResolved)]
    assert resolved == [1, 0]


def test_rule_08_triggered_skills_publish_triggered_then_resolved():
    log = []
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("P1", skills=[_at_turn_start(log, "p1")]))
    begin(g, turn=3, player=0, phase="beginning")
    assert events(g, ev.SkillTriggered, ev.SkillResolved) == [
        ev.SkillTriggered(0, "p1", u.top.id, u.id), ev.SkillResolved(0, "p1", u.top.id, u.id)]


def test_rule_08_a_once_per_turn_automatic_skill_resolves_once():
    log = []
    sk = auto("once", ev.Tapped, lambda c, e: True, _logger(log, "once"), once_per_turn=True)
    g, m0, m1 = duel()
    add_unit(g, 0, card("Watcher", skills=[sk]), area="back")
    a = add_unit(g, 0, CAIN)
    begin(g, turn=3, player=0)
    pick(g, "move", unit=a)
    pick(g, "move", unit=m0)
    assert log == ["once"]


def test_rule_06_a_skill_of_a_card_under_the_top_does_not_trigger():
    log = []
    g, m0, m1 = duel()
    add_unit(g, 0, card("Marth", "top"), card("Marth", "below", skills=[_at_turn_start(log, "below")]))
    begin(g, turn=3, player=0, phase="beginning")
    assert log == []


# --------------------------------------------------------------------------- rule 9: costs
def test_rule_09_a_tap_cost_needs_an_untapped_unit():
    log = []
    sk = action("strike", _logger(log, "strike"), costs=(TapCost(),))
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("Ogma", skills=[sk]))
    begin(g, turn=3, player=0)
    pick(g, "use_skill", skill="strike", unit=u)
    assert u.tapped and log == ["strike"]
    assert options(g, "use_skill") == []
    assert refusal(g, Option("use_skill", card=u.top.id, unit=u.id, skill="strike")) == (
        "rule 9: the cost of strike cannot be paid in full (tap this unit)")


def test_rule_09_a_tapped_unit_may_use_a_skill_without_a_tap_cost_again_and_again():
    log = []
    sk = action("rally", _logger(log, "rally"))
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("Ogma", skills=[sk]), tapped=True)
    begin(g, turn=3, player=0)
    for _ in range(3):
        pick(g, "use_skill", skill="rally")
    assert log == ["rally"] * 3
    assert [e.skill for e in events(g, ev.SkillUsed)] == ["rally"] * 3


def test_rule_09_once_per_turn_action_skill():
    log = []
    sk = action("once", _logger(log, "once"), once_per_turn=True)
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("Ogma", skills=[sk]))
    begin(g, turn=3, player=0)
    pick(g, "use_skill", skill="once")
    assert options(g, "use_skill") == []
    assert refusal(g, Option("use_skill", card=u.top.id, unit=u.id, skill="once")) == (
        "once is once per turn and was used this turn")
    answer_until(g, lambda g: g.turn == 5 and g.phase == "action")
    assert option(g, "use_skill", skill="once")


def test_rule_09_a_cost_that_cannot_be_paid_in_full_cannot_be_started():
    log = []
    sk = action("flip two", _logger(log, "flip"), costs=(FlipBondsCost(2),))
    g, m0, m1 = duel()
    u = add_unit(g, 0, card("Ogma", skills=[sk]))
    add_bonds(g, 0, FILLER)
    add_bonds(g, 0, FILLER, face_up=False)
    begin(g, turn=3, player=0)
    assert options(g, "use_skill") == []
    assert refusal(g, Option("use_skill", card=u.top.id, unit=u.id, skill="flip two")) == (
        "rule 9: the cost of flip two cannot be paid in full (flip 2 bonds)")
    assert log == [] and [b.face_up for b in g.players[0].bonds] == [True, False]


def test_rule_09_flipped_bonds_stay_face_down_and_still_count():
    sk = action("flip one", costs=(FlipBondsCost(1),))
    g, m0, m1 = duel()
    add_unit(g, 0, card("Ogma", skills=[sk]))
    b = add_bonds(g, 0, card("Red", symbols="red"))[0]
    [plain] = add_cards(g, 0, "hand", card("Plain", symbols=None))
    begin(g, turn=3, player=0)
    mark = len(g.events)
    pick(g, "use_skill", skill="flip one")
    assert events(g, since=mark)[:2] == [ev.BondFlipped(0, b.copy.id, b.copy.card.name, False),
                                         ev.SkillUsed(0, "flip one", g.players[0].units[1].top.id,
                                                      g.players[0].units[1].id)]
    answer_until(g, lambda g: g.turn == 5 and g.phase == "deployment")
    assert not b.face_up and len(g.players[0].bonds) == 1
    # The Beginning Phase did not turn it back; it still counts as one bond for a cost.
    assert option(g, "deploy", card=plain, area="front")
    assert not events(g, ev.BondFlipped, since=mark + 1)


def test_rule_09_action_skills_only_in_ones_own_action_phase():
    sk = action("rally")
    g, m0, m1 = duel()
    add_unit(g, 0, card("Ogma", skills=[sk]))
    add_unit(g, 1, card("Navarre", skills=[action("enemy rally")]))
    begin(g, turn=3, player=0, phase="deployment")
    assert options(g, "use_skill") == []
    pick(g, "pass")
    assert [o.skill for o in options(g, "use_skill")] == ["rally"]  # not the opponent's skill


# --------------------------------------------------------------------------- modifiers
def test_modifier_until_end_of_turn_ends_with_the_turn():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0)
    _mod(g, m0, 20, M.END_OF_TURN)
    assert g.attack(m0) == 70
    answer_until(g, lambda g: g.turn == 4)
    assert g.attack(m0) == 50


def test_modifier_until_end_of_combat_ends_with_the_battle():
    g, m0, m1 = duel()
    add_cards(g, 1, "deck", card("Big", "support", support=40), top=True)  # 50+20+10 vs 50+40: survives
    begin(g, turn=3, player=0)
    _mod(g, m0, 20, M.END_OF_COMBAT)
    pick(g, "attack", unit=m0, target=m1)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 80
    assert g.attack(m0) == 50


def test_modifier_until_end_of_opponents_next_turn_made_on_own_turn():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0)
    _mod(g, m0, 20, M.END_OF_OPPONENTS_NEXT_TURN)
    answer_until(g, lambda g: g.turn == 4 and g.phase == "action")
    assert g.attack(m0) == 70  # still there in the opponent's turn
    answer_until(g, lambda g: g.turn == 5)
    assert g.attack(m0) == 50


def test_modifier_until_end_of_opponents_next_turn_made_on_the_opponents_turn():
    g, m0, m1 = duel()
    begin(g, turn=4, player=1)
    _mod(g, m0, 20, M.END_OF_OPPONENTS_NEXT_TURN, controller=0)  # e.g. a defence support skill
    answer_until(g, lambda g: g.turn == 5 and g.phase == "action")
    assert g.attack(m0) == 70
    answer_until(g, lambda g: g.turn == 6 and g.phase == "action")
    assert g.attack(m0) == 70  # the opponent's *next* turn is turn 6
    answer_until(g, lambda g: g.turn == 7)
    assert g.attack(m0) == 50


def test_modifier_ends_when_its_unit_leaves_the_field():
    g, m0, m1 = duel()
    cain = add_unit(g, 0, CAIN)
    begin(g, turn=3, player=0)
    _mod(g, cain, 20, M.WHILE_ON_FIELD)
    _mod(g, cain, 5, M.PERMANENT)
    assert g.attack(cain) == 55
    copy = cain.top
    g.remove_unit(cain, "hand")
    assert not [m for m in g.modifiers if m.unit == cain.id]
    again = g.deploy(copy, "front", by_skill=True)
    assert g.attack(again) == 30  # a new unit: nothing carried over


def test_modifier_for_every_ally_reaches_units_deployed_later():
    g, m0, m1 = duel()
    [c] = add_cards(g, 0, "hand", CAIN)
    begin(g, turn=3, player=0)
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, applies=lambda game, u: u.owner == 0,
                            turn=g.turn))
    later = g.deploy(c, "front", by_skill=True)
    assert (g.attack(m0), g.attack(later), g.attack(m1)) == (60, 40, 50)


def test_continuous_skill_counts_only_while_its_unit_is_on_the_field():
    aura = continuous("aura", M.ATTACK, "add", 10, applies=lambda ctx, u: u.owner == ctx.controller)
    g, m0, m1 = duel()
    leader = add_unit(g, 0, card("Leader", attack=20, skills=[aura]))
    begin(g, turn=3, player=0)
    assert (g.attack(m0), g.attack(leader), g.attack(m1)) == (60, 30, 50)
    g.remove_unit(leader)
    assert g.attack(m0) == 50


def test_modifier_set_then_add_and_never_below_zero():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0)
    _mod(g, m0, -100, M.END_OF_TURN)
    assert g.attack(m0) == 0
    _mod(g, m0, 80, M.END_OF_TURN, op="set")
    assert g.attack(m0) == 0  # 80 - 100, floored at 0
    _mod(g, m0, 40, M.END_OF_TURN)
    assert g.attack(m0) == 20


def test_modifier_added_is_published():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0)
    mark = len(g.events)
    g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, 0, unit=m0.id, text="+10"))
    assert events(g, since=mark) == [ev.ModifierAdded(0, m0.id, "+10", M.END_OF_TURN)]
