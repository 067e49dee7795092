"""The battle (rule 3), its six steps, destroying the MC (rule 4), ranges (rule 11)."""
import attrs

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.bus import PREVENT
from fecipher.engine.decisions import Option
from fecipher.engine.modifiers import Modifier
from fecipher.engine.resolution import usable
from fecipher.engine.skills import Skill, SkillContext, SkillKind, SupportRole
from vanilla import (
    action, add_cards, add_unit, auto, begin, card, duel, events, option, options, pick, refusal,
)

CAIN = card("Cain", attack=50, support=10)
ABEL = card("Abel", attack=40, support=20)
SUP20 = card("Support", "twenty", support=20)
SUP10 = card("Support", "ten", support=10)
ARCHER = card("Gordin", attack=40, ranges=(2,))
MAGE = card("Linde", attack=40, ranges=(1, 2))
BALLISTA = card("Ballista", attack=30, ranges=(3,))
HEALER = card("Lena", attack=10, ranges=())


def _mod(game, unit, stat, op, value, duration=M.END_OF_TURN, controller=0):
    game.add_modifier(Modifier(stat, op, value, duration, controller, unit=unit.id, turn=game.turn))


def _battle_board(att=CAIN, dfn=ABEL, att_support=SUP20, def_support=SUP10, **kw):
    """Player 0's ``att`` (front) attacks player 1's ``dfn`` (front); known support cards on top."""
    g, m0, m1 = duel(**kw)
    a = add_unit(g, 0, att)
    d = add_unit(g, 1, dfn)
    if att_support is not None:
        add_cards(g, 0, "deck", att_support, top=True)
    if def_support is not None:
        add_cards(g, 1, "deck", def_support, top=True)
    return g, a, d, m0, m1


def _types(evs):
    return [type(e).__name__ for e in evs]


# --------------------------------------------------------------------------- the six steps
def test_rule_03_battle_steps_publish_events_in_order():
    g, a, d, m0, m1 = _battle_board()
    begin(g)
    mark = len(g.events)
    s0, s1 = g.players[0].deck[0], g.players[1].deck[0]
    pick(g, "attack", unit=a, target=d)
    assert events(g, since=mark) == [
        ev.Tapped(0, a.id, "Cain"),
        ev.AttackDeclared(0, a.id, CAIN.name, d.id, ABEL.name),
        ev.SupportPlaced(0, s0.id, SUP20.name, True),
        ev.SupportPlaced(1, s1.id, SUP10.name, False),
        ev.SupportJudgedSuccessful(0, s0.id, SUP20.name, True),
        ev.SupportJudgedSuccessful(1, s1.id, SUP10.name, False),
        ev.SupportSucceeded(0, s0.id, SUP20.name, True, 20),
        ev.SupportSucceeded(1, s1.id, SUP10.name, False, 10),
        ev.BattleJudged(a.id, 70, 20, d.id, 50, 10, False, False, True),
        ev.UnitDestroyed(1, d.id, ABEL.name, False, True, 0, a.id),
        ev.UnitLeftField(1, d.id, ABEL.name, "retreat", (d.top.id,)),
        ev.CardMoved(0, s0.id, SUP20.name, "support", "retreat"),
        ev.CardMoved(1, s1.id, SUP10.name, "support", "retreat"),
        ev.BattleEnded(0, a.id, d.id, True),
    ]
    assert a.tapped and g.unit(d.id) is None
    assert g.players[0].support == [] and g.players[1].support == []
    assert g.battle is None and (g.decision.player, g.decision.kind) == (0, "action")


def test_rule_03_declaring_taps_the_attacker_and_a_tapped_unit_cannot_attack():
    g, a, d, m0, m1 = _battle_board()
    a.tapped = True
    begin(g)
    assert options(g, "attack", unit=a) == []
    assert refusal(g, Option("attack", unit=a.id, target=d.id)) == "Cain, cost 1 is tapped"


def test_rule_03_attack_targets_must_be_enemy_units_on_the_field():
    g, a, d, m0, m1 = _battle_board()
    begin(g)
    assert refusal(g, Option("attack", unit=a.id, target=m0.id)) == "the target must be an enemy unit on the field"
    assert refusal(g, Option("attack", unit=d.id, target=m0.id)) == (
        "the attacker must be one of your units on the field")


def test_rule_03_judgement_tie_destroys_and_lower_attack_does_not():
    g, a, d, m0, m1 = _battle_board(att_support=SUP10, def_support=SUP20)  # 60 vs 60
    begin(g)
    pick(g, "attack", unit=a, target=d)
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power, judged.attacker_wins) == (60, 60, True)
    assert g.unit(d.id) is None
    g2, a2, d2, *_ = _battle_board(att=ABEL, dfn=CAIN, att_support=SUP10, def_support=SUP10)  # 50 vs 60
    begin(g2)
    pick(g2, "attack", unit=a2, target=d2)
    judged = events(g2, ev.BattleJudged)[-1]
    assert not judged.attacker_wins and g2.unit(d2.id) is d2
    assert events(g2, ev.BattleEnded) == [ev.BattleEnded(0, a2.id, d2.id, False)]


def test_rule_03_support_fails_on_the_same_unit_name_and_goes_straight_to_the_retreat():
    same = card("Cain", "another Cain", support=30)
    g, a, d, m0, m1 = _battle_board(att_support=same)
    begin(g)
    s0 = g.players[0].deck[0]
    mark = len(g.events)
    pick(g, "attack", unit=a, target=d)
    evs = events(g, since=mark)
    assert _types(evs)[2:8] == ["SupportPlaced", "SupportPlaced", "SupportFailed", "SupportJudgedSuccessful",
                                "SupportSucceeded", "BattleJudged"]
    assert evs[4] == ev.SupportFailed(0, s0.id, same.name, True, "same unit name as the battling unit (Cain)")
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.attacker_support) == (50, 0)
    # It went to the Retreat Area at the failure, not at the battle end.
    assert not any(isinstance(e, ev.CardMoved) and e.card == s0.id for e in evs)
    assert s0 in g.players[0].retreat


def test_rule_03_a_different_title_same_unit_name_also_fails_and_so_does_an_alias():
    alias = Skill("also Abel", SkillKind.SPECIAL, rules=frozenset({"alias:Abel"}))
    masked = card("Masked", "knight", support=30, skills=[alias])
    g, a, d, m0, m1 = _battle_board(def_support=masked)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    failed = events(g, ev.SupportFailed)
    assert [(e.player, e.reason) for e in failed] == [(1, "same unit name as the battling unit (Abel)")]


def test_rule_14_corrin_female_supports_corrin_male():
    male = card("Corrin (Male)", "Prince", attack=50)
    female = card("Corrin (Female)", "Princess", support=20)
    g, a, d, m0, m1 = _battle_board(att=male, att_support=female)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert [e.player for e in events(g, ev.SupportSucceeded)] == [0, 1]
    assert events(g, ev.BattleJudged)[-1].attacker_support == 20


def test_rule_07_support_with_deck_and_retreat_empty_puts_no_card_no_power_no_failure():
    g, a, d, m0, m1 = _battle_board(att_support=None, def_support=SUP10)
    g.players[0].deck.clear()
    begin(g)
    mark = len(g.events)
    pick(g, "attack", unit=a, target=d)
    evs = events(g, since=mark)
    assert [(type(e).__name__, e.player) for e in evs if isinstance(
        e, (ev.SupportPlaced, ev.SupportFailed, ev.SupportSucceeded))] == [
        ("SupportPlaced", 1), ("SupportSucceeded", 1)]
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.attacker_support) == (50, 0)


def test_rule_07_support_from_an_empty_deck_reshuffles_the_retreat_first():
    g, a, d, m0, m1 = _battle_board(att_support=None)
    g.players[0].deck.clear()
    [r] = add_cards(g, 0, "retreat", SUP20)
    begin(g)
    mark = len(g.events)
    pick(g, "attack", unit=a, target=d)
    evs = events(g, since=mark)
    assert evs[2] == ev.Reshuffled(0, 1)
    assert evs[3] == ev.SupportPlaced(0, r.id, SUP20.name, True)


# --------------------------------------------------------------------------- support skills
def _support_skill(name, role, log):
    def effect(ctx):
        log.append((name, ctx.controller, ctx.unit_id))
        ctx.game.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_COMBAT, ctx.controller, unit=ctx.unit_id,
                                       turn=ctx.game.turn))
        return
        yield
    return Skill(name, SkillKind.SUPPORT, support_role=role, effect=effect)


def test_rule_03_support_skills_resolve_attacker_first_then_power_counts():
    log = []
    sa = card("Support", "attack skill", support=20, support_skill=_support_skill("atk", SupportRole.ATTACK, log))
    sd = card("Support", "defence skill", support=10, support_skill=_support_skill("def", SupportRole.BOTH, log))
    g, a, d, m0, m1 = _battle_board(att_support=sa, def_support=sd)
    begin(g)
    mark = len(g.events)
    pick(g, "attack", unit=a, target=d)
    assert log == [("atk", 0, a.id), ("def", 1, d.id)]
    names = [type(e).__name__ + (f":{e.skill}" if hasattr(e, "skill") else "") for e in events(g, since=mark)]
    assert names.index("SkillResolved:atk") < names.index("SupportSucceeded") < names.index("SkillResolved:def")
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power) == (50 + 10 + 20, 40 + 10 + 10)


def test_rule_03_an_attack_type_support_skill_does_nothing_when_defending():
    log = []
    sd = card("Support", "attack only", support=10, support_skill=_support_skill("atk", SupportRole.ATTACK, log))
    g, a, d, m0, m1 = _battle_board(def_support=sd)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert log == []
    assert events(g, ev.BattleJudged)[-1].defender_power == 50


def test_rule_03_a_failed_support_has_no_support_skill():
    log = []
    same = card("Cain", "with skill", support=20, support_skill=_support_skill("atk", SupportRole.BOTH, log))
    g, a, d, m0, m1 = _battle_board(att_support=same)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert log == [] and events(g, ev.BattleJudged)[-1].attacker_power == 50


# --------------------------------------------------------------------------- critical hit / evasion
def test_rule_03_critical_hit_is_the_attackers_choice_and_doubles_the_total_after_support_and_skills():
    g, a, d, m0, m1 = _battle_board(dfn=card("Abel", attack=90))
    [extra] = add_cards(g, 0, "hand", card("Cain", "spare"))
    begin(g)
    _mod(g, a, M.ATTACK, "add", 10, M.END_OF_COMBAT)
    pick(g, "attack", unit=a, target=d)
    assert (g.decision.player, g.decision.kind) == (0, "critical_hit")
    assert [(o.kind, o.card) for o in g.decision.options] == [("discard", extra.id), ("pass", None)]
    mark = len(g.events)
    pick(g, "discard", card=extra)
    evs = events(g, since=mark)
    assert evs[:2] == [ev.CardMoved(0, extra.id, extra.card.name, "hand", "retreat"),
                       ev.CriticalHit(0, a.id, CAIN.name, extra.id)]
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.critical) == ((50 + 10 + 20) * 2, True)
    assert judged.defender_power == 100 and g.unit(d.id) is None


def test_rule_03_no_critical_decision_without_a_card_of_the_attackers_unit_name():
    g, a, d, m0, m1 = _battle_board()
    add_cards(g, 0, "hand", card("Abel", "not mine"))
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert g.decision.kind == "action"  # straight through to the end of the battle


def test_rule_03_evasion_is_the_defenders_choice_and_stops_destruction_even_after_a_critical_hit():
    g, a, d, m0, m1 = _battle_board()
    add_cards(g, 0, "hand", card("Cain", "spare"))
    [dodge] = add_cards(g, 1, "hand", card("Abel", "spare"))
    begin(g)
    pick(g, "attack", unit=a, target=d)
    pick(g, "discard", player=0)
    assert (g.decision.player, g.decision.kind) == (1, "evasion")
    mark = len(g.events)
    pick(g, "discard", card=dodge, player=1)
    evs = events(g, since=mark)
    assert evs[:2] == [ev.CardMoved(1, dodge.id, dodge.card.name, "hand", "retreat"),
                       ev.Evaded(1, d.id, ABEL.name, dodge.id)]
    judged = events(g, ev.BattleJudged)[-1]
    assert judged.critical and judged.evaded and judged.attacker_wins and judged.attacker_power == 140
    assert g.unit(d.id) is d and not events(g, ev.UnitDestroyed)
    # The battle still goes through its end step.
    assert events(g, ev.BattleEnded) == [ev.BattleEnded(0, a.id, d.id, False)]
    assert g.players[0].support == [] and g.players[1].support == []


def test_rule_03_critical_hit_and_evasion_are_allowed_after_failed_supports():
    g, a, d, m0, m1 = _battle_board(att_support=card("Cain", "sup"), def_support=card("Abel", "sup"))
    add_cards(g, 0, "hand", card("Cain", "spare"))
    add_cards(g, 1, "hand", card("Abel", "spare"))
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert len(events(g, ev.SupportFailed)) == 2
    pick(g, "discard", player=0)
    pick(g, "discard", player=1)
    judged = events(g, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power, judged.critical, judged.evaded) == (100, 40, True, True)


def test_rule_03_an_attack_that_cannot_be_evaded_offers_no_evasion():
    g, a, d, m0, m1 = _battle_board()
    add_cards(g, 1, "hand", card("Abel", "spare"))
    begin(g)
    _mod(g, a, M.CANNOT_BE_EVADED, "flag", True)
    pick(g, "attack", unit=a, target=d)
    assert g.decision.kind == "action" and g.unit(d.id) is None


def test_rule_09_action_skills_are_not_used_during_a_battle():
    sk = action("rally")
    g, a, d, m0, m1 = _battle_board(att=card("Cain", skills=[sk]))
    add_cards(g, 0, "hand", card("Cain", "spare"))
    begin(g)
    assert option(g, "use_skill", skill="rally")
    pick(g, "attack", unit=a, target=d)
    assert g.decision.kind == "critical_hit"
    ctx = SkillContext(g, sk, 0, a.top, a.id)
    assert usable(g, ctx) == "rule 9: action skills are not used during a battle"
    assert refusal(g, Option("use_skill", card=a.top.id, unit=a.id, skill="rally")) == (
        "the pending decision (critical_hit) takes one of: discard, pass; not use_skill")


# --------------------------------------------------------------------------- battle end
def test_rule_03_battle_end_ends_combat_effects_then_when_the_attack_ends_skills_resolve():
    seen = []

    def after(ctx):
        g = ctx.game
        seen.append((g.attack(ctx.unit), len(g.players[0].support), len(g.players[0].retreat)))
        return
        yield

    att = card("Cain", attack=50, skills=[auto("after", ev.BattleEnded, lambda ctx, e: e.attacker == ctx.unit_id,
                                                after)])
    g, a, d, m0, m1 = _battle_board(att=att, dfn=card("Abel", attack=90))
    begin(g)
    _mod(g, a, M.ATTACK, "add", 30, M.END_OF_COMBAT)
    _mod(g, a, M.ATTACK, "add", 5, M.END_OF_TURN)
    pick(g, "attack", unit=a, target=d)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 30 + 5 + 20
    # Combat effects are gone, this turn's remain; the support card is in the Retreat Area.
    assert seen == [(55, 0, 1)]
    assert _types(events(g))[-3:] == ["BattleEnded", "SkillTriggered", "SkillResolved"]


def test_rule_03_a_defender_that_leaves_the_field_when_attacked_ends_the_battle_without_support():
    def flee(ctx):
        ctx.game.remove_unit(ctx.unit, "hand", by_skill=True)
        return
        yield

    runner = card("Abel", skills=[auto("flee", ev.AttackDeclared, lambda ctx, e: e.defender == ctx.unit_id, flee)])
    g, a, d, m0, m1 = _battle_board(dfn=runner)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert not events(g, ev.SupportPlaced) and not events(g, ev.BattleJudged)
    assert events(g, ev.BattleEnded) == [ev.BattleEnded(0, a.id, d.id, False)]
    assert a.tapped and g.battle is None


def test_rule_03_when_attacks_and_when_attacked_skills_resolve_attackers_first():
    log = []

    def note(tag):
        def eff(ctx):
            log.append(tag)
            return
            yield
        return eff

    # Player 1 attacks, so the attacker's skill is not the first one the engine meets.
    att = card("Cain", skills=[auto("attacks", ev.AttackDeclared, lambda c, e: e.attacker == c.unit_id,
                                    note("attacker"))])
    dfn = card("Abel", skills=[auto("attacked", ev.AttackDeclared, lambda c, e: e.defender == c.unit_id,
                                    note("defender"))])
    g, m0, m1 = duel()
    d = add_unit(g, 0, dfn)
    a = add_unit(g, 1, att)
    begin(g, turn=4, player=1)
    pick(g, "attack", unit=a, target=d)
    assert log == ["attacker", "defender"]


# --------------------------------------------------------------------------- ranges (rule 11)
def _range_board():
    g, m0, m1 = duel()
    units = {
        "archer_front": add_unit(g, 0, ARCHER), "mage_back": add_unit(g, 0, MAGE, area="back"),
        "ballista_back": add_unit(g, 0, BALLISTA, area="back"), "healer_front": add_unit(g, 0, HEALER),
    }
    ef = add_unit(g, 1, CAIN)
    eb = add_unit(g, 1, ABEL, area="back")
    begin(g)
    return g, units, m0, m1, ef, eb


def test_rule_11_ranges_front_to_front_is_1_front_back_is_2_back_to_back_is_3():
    g, u, m0, m1, ef, eb = _range_board()
    attacks = {(o.unit, o.target) for o in options(g, "attack")}
    assert attacks == {
        (m0.id, m1.id), (m0.id, ef.id),                        # range 1: front to front only
        (u["archer_front"].id, eb.id),                         # range 2: front to back
        (u["mage_back"].id, m1.id), (u["mage_back"].id, ef.id),  # range 1-2 from the back: front only
        (u["ballista_back"].id, eb.id),                         # range 3: back to back
    }


def test_rule_11_refusals_name_the_range_needed():
    g, u, m0, m1, ef, eb = _range_board()
    assert refusal(g, Option("attack", unit=u["archer_front"].id, target=ef.id)) == (
        "rule 11 (range): from the front line to the front line needs range 1; Gordin, cost 1 has range 2")
    assert refusal(g, Option("attack", unit=u["mage_back"].id, target=eb.id)) == (
        "rule 11 (range): from the back line to the back line needs range 3; Linde, cost 1 has range 1, 2")
    assert refusal(g, Option("attack", unit=m0.id, target=eb.id)) == (
        "rule 11 (range): from the front line to the back line needs range 2; Lord 0, main character has range 1")


def test_rule_11_a_unit_with_no_range_cannot_attack():
    g, u, m0, m1, ef, eb = _range_board()
    assert options(g, "attack", unit=u["healer_front"]) == []
    assert refusal(g, Option("attack", unit=u["healer_front"].id, target=ef.id)) == (
        "rule 11 (range): Lena, cost 1 has no range and cannot attack")


def test_rule_11_a_granted_range_counts():
    g, m0, m1 = duel()
    eb = add_unit(g, 1, ABEL, area="back")
    _mod(g, m0, M.RANGES, "grant", 2)
    begin(g)
    assert g.ranges(m0) == {1, 2}
    assert option(g, "attack", unit=m0, target=eb)


# --------------------------------------------------------------------------- rule 4: the MC
def _mc_board(orbs=5, **kw):
    g, m0, m1 = duel(orbs=orbs, **kw)
    add_cards(g, 0, "deck", SUP20, top=True)
    add_cards(g, 1, "deck", SUP10, top=True)
    return g, m0, m1


def test_rule_04_mc_destroyed_stays_and_its_owner_chooses_an_orb_for_their_hand():
    g, m0, m1 = _mc_board(orbs=3)
    begin(g)
    pick(g, "attack", unit=m0, target=m1)
    assert (g.decision.player, g.decision.kind) == (1, "break_orb")
    orbs = list(g.players[1].orbs)
    assert [o.card for o in g.decision.options] == [o.copy.id for o in orbs]
    mark = len(g.events)
    pick(g, "card", card=orbs[1].copy, player=1)
    assert g.players[1].orbs == [orbs[0], orbs[2]]
    assert orbs[1].copy in g.players[1].hand
    assert g.unit(m1.id) is m1 and m1.area == "front" and m1 in g.players[1].front
    assert events(g, since=mark)[0] == ev.OrbBroken(1, orbs[1].copy.id, 2)
    kinds = _types(events(g))
    i = kinds.index("BattleJudged")
    assert kinds[i:i + 4] == ["BattleJudged", "UnitDestroyed", "OrbsBreaking", "OrbBroken"]
    assert not events(g, ev.UnitLeftField)
    assert not g.over


def test_rule_04_the_last_orb_is_broken_without_a_choice():
    g, m0, m1 = _mc_board(orbs=1)
    begin(g)
    pick(g, "attack", unit=m0, target=m1)
    assert g.players[1].orbs == [] and len(g.players[1].hand) == 1 and not g.over
    assert g.decision.kind == "action"


def test_rule_04_mc_destroyed_with_no_orb_loses():
    g, m0, m1 = _mc_board(orbs=0)
    begin(g)
    pick(g, "attack", unit=m0, target=m1)
    assert g.over and g.winner == 0 and g.decision is None
    assert g.reason == "player 2's Main Character was destroyed with no orb left"
    assert _types(events(g))[-4:] == ["BattleJudged", "UnitDestroyed", "OrbsBreaking", "GameOver"]


def test_rule_04_break_two_orbs_breaks_two_chosen_one_at_a_time():
    g, m0, m1 = _mc_board(orbs=3)
    begin(g)
    _mod(g, m0, M.ORBS, "set", 2)
    pick(g, "attack", unit=m0, target=m1)
    assert events(g, ev.OrbsBreaking) == [ev.OrbsBreaking(1, 2, m0.id)]
    pick(g, "card", card=g.players[1].orbs[0].copy, player=1)
    pick(g, "card", card=g.players[1].orbs[0].copy, player=1)
    assert len(g.players[1].orbs) == 1 and len(g.players[1].hand) == 2
    assert [e.orbs_left for e in events(g, ev.OrbBroken)] == [2, 1]


def test_rule_04_break_two_orbs_with_one_left_does_not_win():
    g, m0, m1 = _mc_board(orbs=1)
    begin(g)
    _mod(g, m0, M.ORBS, "set", 2)
    pick(g, "attack", unit=m0, target=m1)
    assert not g.over and g.players[1].orbs == [] and g.unit(m1.id) is m1
    assert [e.orbs_left for e in events(g, ev.OrbBroken)] == [0]


def test_rule_04_two_break_two_orbs_effects_do_not_make_four():
    g, m0, m1 = _mc_board(orbs=5)
    begin(g)
    _mod(g, m0, M.ORBS, "set", 2)
    _mod(g, m0, M.ORBS, "set", 2, M.END_OF_COMBAT)
    assert g.orbs_broken_by(m0) == 2
    pick(g, "attack", unit=m0, target=m1)
    assert events(g, ev.OrbsBreaking)[0].count == 2


def test_rule_04_before_handler_can_make_an_mc_destruction_break_two_orbs():
    g, m0, m1 = _mc_board(orbs=4)
    g.bus.subscribe(ev.OrbsBreaking, lambda game, e: attrs.evolve(e, count=2), before=True)
    begin(g)
    pick(g, "attack", unit=m0, target=m1)
    pick(g, "card", card=g.players[1].orbs[3].copy)
    pick(g, "card", card=g.players[1].orbs[0].copy)
    assert len(g.players[1].orbs) == 2
    assert events(g, ev.OrbsBreaking) == [ev.OrbsBreaking(1, 2, m0.id)]


def test_rule_04_before_handler_can_prevent_a_destruction():
    g, a, d, m0, m1 = _battle_board()
    g.bus.subscribe(ev.UnitDestroyed, lambda game, e: PREVENT if e.unit == d.id else None, before=True)
    begin(g)
    pick(g, "attack", unit=a, target=d)
    assert g.unit(d.id) is d and not events(g, ev.UnitDestroyed)
    assert events(g, ev.BattleJudged)[-1].attacker_wins
    assert events(g, ev.BattleEnded) == [ev.BattleEnded(0, a.id, d.id, False)]


def test_rule_04_when_this_unit_destroys_an_enemy_triggers_on_the_mc_too():
    hits = []

    def note(ctx):
        hits.append(ctx.event.unit)
        return
        yield

    lord = card("Lord 0", "slayer", skills=[auto("slayer", ev.UnitDestroyed, lambda c, e: e.by_unit == c.unit_id, note)])
    g, m0, m1 = _mc_board(orbs=2, mc0=lord)
    begin(g)
    pick(g, "attack", unit=m0, target=m1)
    pick(g, "card", card=g.players[1].orbs[0].copy)
    assert hits == [m1.id]


def test_rule_04_a_skill_that_destroys_the_mc_breaks_one_orb_with_no_evasion():
    def smite(ctx):
        game = ctx.game
        target = game.players[ctx.opponent].main_character
        yield from game.destroy(target, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit)

    g, m0, m1 = _mc_board(orbs=2)
    caster = add_unit(g, 0, card("Mage", skills=[action("smite", smite)]), area="back")
    add_cards(g, 1, "hand", card("Lord 1", "dodge"))
    begin(g)
    _mod(g, caster, M.ORBS, "set", 2)  # "break 2 orbs" is for attacks, not for skills
    pick(g, "use_skill", skill="smite")
    assert (g.decision.player, g.decision.kind) == (1, "break_orb")  # no evasion decision before it
    pick(g, "card", card=g.players[1].orbs[0].copy)
    assert len(g.players[1].orbs) == 1 and g.unit(m1.id) is m1
    destroyed = events(g, ev.UnitDestroyed)[-1]
    assert destroyed.is_main_character and not destroyed.in_battle


def test_rule_06_a_destroyed_unit_sends_its_whole_stack_to_the_retreat():
    g, a, d, m0, m1 = _battle_board(dfn=ABEL)
    g.players[1].front.remove(d)
    d2 = add_unit(g, 1, card("Abel", "top", attack=40), card("Abel", "middle"), ABEL)
    begin(g)
    ids = [c.id for c in d2.cards]
    pick(g, "attack", unit=a, target=d2)
    left = events(g, ev.UnitLeftField)[-1]
    assert left.cards == tuple(ids) and left.dest == "retreat"
    assert [c.id for c in g.players[1].retreat[:3]] == ids


def test_rule_04_a_skill_that_destroys_the_mc_with_no_orb_left_wins():
    def smite(ctx):
        game = ctx.game
        yield from game.destroy(game.players[ctx.opponent].main_character, by_player=ctx.controller,
                                in_battle=False, by_unit=ctx.unit)

    g, m0, m1 = _mc_board(orbs=0)
    add_unit(g, 0, card("Mage", skills=[action("smite", smite)]), area="back")
    begin(g)
    pick(g, "use_skill", skill="smite")
    assert g.over and g.winner == 0 and g.decision is None
    assert _types(events(g))[-4:] == ["SkillUsed", "UnitDestroyed", "OrbsBreaking", "GameOver"]
