"""The Deployment Phase (rule 5), stacks (rule 6) and unit names (rule 14)."""
from fecipher.engine import events as ev
from fecipher.engine.decisions import Option
from fecipher.engine.skills import Keyword, Skill, SkillKind, keyword_allows
from vanilla import (
    action, add_bonds, add_cards, add_unit, auto, begin, card, duel, events, option, options, pick, refusal,
)

RED = card("Red bond", symbols="red")
BLUE = card("Blue bond", symbols="blue")
MARTH1 = card("Marth", "Altean Prince", cost=1, attack=50)
MARTH4 = card("Marth", "Star and Savior", cost=4, cc=3, attack=70)
MARTH_LORD = card("Marth", "Lord", cost=2, attack=60)          # a level-up card: no cc cost
CAIN2 = card("Cain", "Red Knight", cost=2, attack=40)
CAIN1 = card("Cain", "Bull", cost=1, attack=30)
OGMA3 = card("Ogma", "Mercenary", cost=3, attack=60)


def _board(bonds=(), face_down=(), hand=(), turn=3, **kw):
    g, m0, m1 = duel(**kw)
    add_bonds(g, 0, *bonds)
    add_bonds(g, 0, *face_down, face_up=False)
    copies = add_cards(g, 0, "hand", *hand)
    return g, m0, m1, copies


# --------------------------------------------------------------------------- cost vs bond count
def test_rule_05_deploy_cost_may_not_exceed_the_bond_count():
    g, m0, m1, (cain, ogma) = _board(bonds=[RED, RED], hand=[CAIN2, OGMA3])
    begin(g, phase="deployment")
    assert [(o.kind, o.card, o.area) for o in g.decision.options] == [
        ("deploy", cain.id, "front"), ("deploy", cain.id, "back"), ("pass", None, None)]
    assert refusal(g, Option("deploy", card=ogma.id, area="front")) == (
        "rule 5 (bond count): Ogma, Mercenary costs 3, but you have 2 bonds")


def test_rule_05_costs_already_paid_this_turn_count_against_the_bonds():
    g, m0, m1, (cain, ogma, cain1) = _board(bonds=[RED] * 4, hand=[CAIN2, OGMA3, card("Abel", cost=2)])
    begin(g, phase="deployment")
    pick(g, "deploy", card=cain, area="front")
    assert g.players[0].cost_paid_this_turn == 2
    assert options(g, "deploy", card=ogma) == []
    assert refusal(g, Option("deploy", card=ogma.id, area="back")) == (
        "rule 5 (bond count): Ogma, Mercenary costs 3, but you have 4 bonds (2 already paid this turn)")
    pick(g, "deploy", card=cain1, area="back")  # 2 + 2 = 4: exactly the bond count
    assert g.players[0].cost_paid_this_turn == 4
    assert [o.kind for o in g.decision.options] == ["pass"]


def test_rule_05_level_up_and_class_change_costs_add_to_deploy_costs():
    g, m0, m1, (marth4, cain) = _board(bonds=[RED] * 4, hand=[MARTH4, CAIN2])
    g.players[0].front.remove(m0)
    g.players[0].front.insert(0, m0)
    marth = add_unit(g, 0, MARTH1, area="back")
    begin(g, phase="deployment")
    pick(g, "class_change", card=marth4, unit=marth)  # class-change cost 3, not the deploy cost 4
    assert g.players[0].cost_paid_this_turn == 3
    assert refusal(g, Option("deploy", card=cain.id, area="front")) == (
        "rule 5 (bond count): Cain, Red Knight costs 2, but you have 4 bonds (3 already paid this turn)")


def test_rule_05_face_down_bonds_count_for_the_cost():
    g, m0, m1, (cain,) = _board(bonds=[RED], face_down=[BLUE], hand=[CAIN2])
    begin(g, phase="deployment")
    pick(g, "deploy", card=cain, area="front")
    assert [u.card for u in g.players[0].front] == [m0.card, CAIN2]


# --------------------------------------------------------------------------- symbols
def test_rule_05_symbol_must_be_on_a_face_up_bond():
    g, m0, m1, (cain,) = _board(bonds=[BLUE], face_down=[RED, RED], hand=[CAIN2])
    begin(g, phase="deployment")
    assert options(g, "deploy") == []
    assert refusal(g, Option("deploy", card=cain.id, area="front")) == (
        "rule 5 (symbols): Cain, Red Knight needs a face-up Red bond")


def test_rule_05_dual_symbol_card_needs_both_symbols_face_up():
    dual = card("Robin (Male)", "Tactician", cost=1, symbols=("red", "blue"))
    g, m0, m1, (robin,) = _board(bonds=[RED], face_down=[BLUE], hand=[dual])
    begin(g, phase="deployment")
    assert refusal(g, Option("deploy", card=robin.id, area="front")) == (
        "rule 5 (symbols): Robin (Male), Tactician needs a face-up Blue bond")
    g2, *_rest, (robin2,) = _board(bonds=[RED, BLUE], hand=[dual])
    begin(g2, phase="deployment")
    pick(g2, "deploy", card=robin2, area="front")


def test_rule_05_cost_zero_card_still_needs_its_symbol():
    zero = card("Tiki", "Child", cost=0, symbols="green")
    g, m0, m1, (tiki,) = _board(bonds=[RED], hand=[zero])
    begin(g, phase="deployment")
    assert refusal(g, Option("deploy", card=tiki.id, area="front")) == (
        "rule 5 (symbols): Tiki, Child needs a face-up Green bond")


def test_rule_05_no_symbol_card_needs_none_even_with_every_bond_face_down():
    plain = card("Veronica", "Princess", cost=2, symbols=None)
    g, m0, m1, (vero,) = _board(face_down=[RED, BLUE], hand=[plain])
    begin(g, phase="deployment")
    pick(g, "deploy", card=vero, area="back")
    assert [u.card for u in g.players[0].back] == [plain]


def test_rule_05_no_bonds_means_nothing_costs_can_be_paid():
    g, m0, m1, (cain,) = _board(hand=[CAIN1])
    begin(g, phase="deployment")
    assert refusal(g, Option("deploy", card=cain.id, area="front")) == (
        "rule 5 (bond count): Cain, Bull costs 1, but you have 0 bonds")


# --------------------------------------------------------------------------- unit names
def test_rule_05_no_two_units_with_the_same_unit_name():
    g, m0, m1, (c2,) = _board(bonds=[RED] * 5, hand=[CAIN2])
    add_unit(g, 0, CAIN1, area="back")
    begin(g, phase="deployment")
    assert options(g, "deploy") == []
    assert refusal(g, Option("deploy", card=c2.id, area="front")) == (
        "rule 5 (unit names): you already have a unit named Cain on the field; level it up instead")
    # The same card levels the unit up instead.
    assert option(g, "level_up", card=c2)


def test_rule_05_the_opponents_unit_name_does_not_matter():
    g, m0, m1, (c2,) = _board(bonds=[RED] * 2, hand=[CAIN2])
    add_unit(g, 1, CAIN1)
    begin(g, phase="deployment")
    assert len(options(g, "deploy", card=c2)) == 2


def test_rule_14_corrin_male_and_corrin_female_are_different_unit_names():
    male = card("Corrin (Male)", "Prince", cost=1, symbols=None)
    female = card("Corrin (Female)", "Princess", cost=1, symbols=None)
    g, m0, m1, (f,) = _board(bonds=[RED], hand=[female])
    add_unit(g, 0, male, area="back")
    begin(g, phase="deployment")
    pick(g, "deploy", card=f, area="back")
    assert {u.name for u in g.players[0].back} == {"Corrin (Male)", "Corrin (Female)"}


def _alias(name):
    return Skill(f"also {name}", SkillKind.SPECIAL, rules=frozenset({f"alias:{name}"}))


def test_rule_14_an_alias_counts_for_unit_name_uniqueness_and_level_up():
    lucina = card("Lucina", "Masked", cost=1, skills=[_alias("Marth")])
    g, m0, m1, (luc, marth_lord) = _board(bonds=[RED] * 3, hand=[lucina, MARTH_LORD])
    marth = add_unit(g, 0, MARTH1, area="back")
    begin(g, phase="deployment")
    assert g.unit_names(marth) == {"Marth"}
    assert refusal(g, Option("deploy", card=luc.id, area="front")) == (
        "rule 5 (unit names): you already have a unit named Marth on the field; level it up instead")
    # The alias card levels up a Marth unit (it has the unit name Marth too) ...
    pick(g, "level_up", card=luc, unit=marth)
    assert marth.card is lucina and g.unit_names(marth) == {"Lucina", "Marth"}
    # ... and a Marth card levels up the unit it became.
    pick(g, "level_up", card=marth_lord, unit=marth)
    assert marth.stack_size == 3


# --------------------------------------------------------------------------- level up / class change
def test_rule_05_level_up_pays_the_deploy_cost_draws_nothing_and_is_not_a_deployment():
    g, m0, m1, (lord,) = _board(bonds=[RED] * 2, hand=[MARTH_LORD])
    marth = add_unit(g, 0, MARTH1, area="back")
    begin(g, phase="deployment")
    mark = len(g.events)
    pick(g, "level_up", card=lord, unit=marth)
    assert events(g, since=mark) == [ev.LeveledUp(0, marth.id, lord.id, MARTH_LORD.name, 2)]
    assert g.players[0].cost_paid_this_turn == 2
    assert [c.card for c in marth.cards] == [MARTH_LORD, MARTH1]
    assert g.attack(marth) == 60 and not marth.class_changed
    assert g.players[0].hand == []


def test_rule_05_class_change_pays_the_cc_cost_and_draws_one_before_class_changed():
    seen = []
    hand_size = lambda ctx, e: seen.append(len(ctx.game.players[0].hand)) or True  # noqa: E731
    star = card("Marth", "Star and Savior", cost=4, cc=3, attack=70,
                skills=[auto("awakening", ev.ClassChanged, lambda ctx, e: e.unit == ctx.unit_id and hand_size(ctx, e))])
    g, m0, m1, (s,) = _board(bonds=[RED] * 3, hand=[star])
    marth = add_unit(g, 0, MARTH1, area="back")
    top_of_deck = g.players[0].deck[0]
    begin(g, phase="deployment")
    mark = len(g.events)
    pick(g, "class_change", card=s, unit=marth)
    assert events(g, since=mark) == [
        ev.Drew(0, top_of_deck.id, top_of_deck.card.name),
        ev.ClassChanged(0, marth.id, s.id, star.name, 3),
        ev.SkillTriggered(0, "awakening", s.id, marth.id),
        ev.SkillResolved(0, "awakening", s.id, marth.id),
    ]
    # "When class changed" sees the bonus card already in the hand.
    assert seen == [1]
    assert marth.class_changed and g.attack(marth) == 70 and g.players[0].cost_paid_this_turn == 3


def test_rule_05_a_card_with_a_cc_cost_on_a_unit_is_always_a_class_change():
    g, m0, m1, (s,) = _board(bonds=[RED] * 4, hand=[MARTH4])
    marth = add_unit(g, 0, MARTH1, area="back")
    begin(g, phase="deployment")
    assert options(g, "level_up") == []
    assert refusal(g, Option("level_up", card=s.id, unit=marth.id)) == (
        "rule 5: a card with a class-change cost placed on a unit is a class change")


def test_rule_05_a_card_without_cc_cost_is_never_a_class_change():
    g, m0, m1, (lord,) = _board(bonds=[RED] * 4, hand=[MARTH_LORD])
    marth = add_unit(g, 0, MARTH1, area="back")
    begin(g, phase="deployment")
    assert refusal(g, Option("class_change", card=lord.id, unit=marth.id)) == (
        "Marth, Lord has no class-change cost; placing it is a level up")


def test_rule_05_a_promoted_card_deployed_directly_pays_its_deploy_cost_and_is_not_class_changed():
    g, m0, m1, (s, s2) = _board(bonds=[RED] * 7, hand=[MARTH4, MARTH4])
    begin(g, phase="deployment")
    mark = len(g.events)
    pick(g, "deploy", card=s, area="back")
    [dep] = events(g, since=mark)
    assert type(dep) is ev.Deployed and dep.cost == 4
    marth = g.unit(dep.unit)
    assert not marth.class_changed and g.players[0].hand == [s2]
    # ... and may be class changed in the same turn (4 + 3 = 7 bonds).
    pick(g, "class_change", card=s2, unit=marth)
    assert marth.class_changed and len(g.players[0].hand) == 1  # the bonus draw


def test_rule_05_identical_copies_in_hand_are_offered_once_and_either_copy_is_accepted():
    g, m0, m1, (a, b) = _board(bonds=[RED] * 2, hand=[CAIN2, CAIN2])
    begin(g, phase="deployment")
    assert len(options(g, "deploy")) == 2  # front and back, for one of the copies
    g.answer(Option("deploy", card=b.id, area="front"))
    # Identical copies are interchangeable: the offered one is used (so replaying the
    # recorded option number gives the same game).
    assert [c.card for c in g.players[0].hand] == [CAIN2]
    assert g.answers == [0]


def test_rule_05_level_up_needs_the_same_unit_name_and_an_own_unit():
    g, m0, m1, (c,) = _board(bonds=[RED] * 3, hand=[CAIN2])
    marth = add_unit(g, 0, MARTH1, area="back")
    enemy_cain = add_unit(g, 1, CAIN1, area="back")
    begin(g, phase="deployment")
    assert refusal(g, Option("level_up", card=c.id, unit=marth.id)) == (
        "rule 6 (level up): Cain, Red Knight does not have the unit name Marth")
    assert refusal(g, Option("level_up", card=c.id, unit=enemy_cain.id)) == (
        "a card levels up one of your own units on the field")


def test_rule_05_a_unit_may_act_in_the_turn_it_was_deployed():
    g, m0, m1, (c,) = _board(bonds=[RED] * 2, hand=[CAIN2])
    begin(g, phase="deployment")
    pick(g, "deploy", card=c, area="front")
    cain = g.players[0].front[-1]
    assert not cain.tapped
    pick(g, "pass")
    assert option(g, "attack", unit=cain, target=m1)
    assert option(g, "move", unit=cain)


def test_engine_decision_level_up_keeps_tapped_state_and_line():
    g, m0, m1, (lord,) = _board(bonds=[RED] * 2, hand=[MARTH_LORD])
    marth = add_unit(g, 0, MARTH1, area="back", tapped=True)
    begin(g, phase="deployment")
    pick(g, "level_up", card=lord, unit=marth)
    assert marth.tapped and marth.area == "back"


def test_rule_05_deploying_by_a_skill_ignores_bond_count_and_symbols():
    def deploy_from_hand(ctx):
        game = ctx.game
        copy = next(c for c in game.players[ctx.controller].hand if c.card is OGMA3)
        game.deploy(copy, "back", by_skill=True)
        return
        yield

    summoner = card("Summoner", cost=1, skills=[action("call", deploy_from_hand)])
    g, m0, m1, (og,) = _board(face_down=[BLUE], hand=[OGMA3])
    caller = add_unit(g, 0, summoner)
    begin(g, phase="action")
    pick(g, "use_skill", skill="call")
    assert [u.card for u in g.players[0].back] == [OGMA3]
    assert g.players[0].cost_paid_this_turn == 0
    dep = events(g, ev.Deployed)[-1]
    assert dep.by_skill and dep.cost == 0


# --------------------------------------------------------------------------- rule 6: stacks
def test_rule_06_only_the_top_card_counts():
    strong_below = card("Marth", "Bottom", cost=1, attack=90, ranges=(1, 2),
                        skills=[Skill("bottom range", SkillKind.CONTINUOUS)])
    g, m0, m1 = duel()
    marth = add_unit(g, 0, MARTH_LORD, strong_below)
    begin(g, phase="action")
    assert g.attack(marth) == 60 and g.ranges(marth) == {1}
    assert g.skills_of(marth) == ()
    assert marth.stack_size == 2 and marth.name == "Marth"


def test_rule_06_lvs_needs_a_stack_of_x_or_more_and_ccs_needs_a_class_change():
    lvs = Skill("lvs3", SkillKind.CONTINUOUS, keywords=(Keyword("LvS", 3),))
    ccs = Skill("ccs", SkillKind.CONTINUOUS, keywords=(Keyword("CCS"),))
    g, m0, m1 = duel()
    two = add_unit(g, 0, MARTH_LORD, MARTH1)
    three = add_unit(g, 1, CAIN2, CAIN1, CAIN1, class_changed=True)
    assert not keyword_allows(lvs, two) and keyword_allows(lvs, three)
    assert not keyword_allows(ccs, two) and keyword_allows(ccs, three)


def test_rule_06_an_mc_levelled_up_or_class_changed_stays_the_mc():
    g, m0, m1, (s,) = _board(bonds=[RED] * 3, hand=[MARTH4], mc0=MARTH1)
    begin(g, phase="deployment")
    pick(g, "class_change", card=s, unit=m0)
    assert g.players[0].main_character is m0 and m0.card is MARTH4 and m0.stack_size == 2


def test_rule_06_growth_puts_a_card_under_the_unit_with_no_draw_and_no_level_up_skill():
    g, m0, m1 = duel()
    marth = add_unit(g, 0, MARTH4, class_changed=True)
    [extra] = add_cards(g, 0, "retreat", MARTH1)
    begin(g, phase="action")
    hand_before = list(g.players[0].hand)
    mark = len(g.events)
    g.grow(extra, marth)
    assert [c.card for c in marth.cards] == [MARTH4, MARTH1]
    assert marth.top.card is MARTH4 and g.players[0].hand == hand_before
    assert events(g, since=mark) == [ev.LeveledUp(0, marth.id, extra.id, MARTH1.name, 0, True, growth=True)]


def test_rule_06_a_level_up_of_a_class_changed_unit_keeps_it_class_changed():
    g, m0, m1, (lord,) = _board(bonds=[RED] * 2, hand=[card("Marth", "Lord", cost=2)])
    marth = add_unit(g, 0, MARTH4, MARTH1, class_changed=True)
    begin(g, phase="deployment")
    pick(g, "level_up", card=lord, unit=marth)
    assert marth.class_changed and marth.stack_size == 3


def test_rule_06_growth_under_a_class_change_card_makes_the_unit_class_changed():
    g, m0, m1 = duel()
    marth = add_unit(g, 0, MARTH4)  # deployed directly: not class changed
    [extra] = add_cards(g, 0, "hand", MARTH1)
    begin(g, phase="action")
    assert not marth.class_changed
    g.grow(extra, marth)
    assert marth.class_changed and g.players[0].hand == []
    plain = add_unit(g, 0, CAIN2)
    [more] = add_cards(g, 0, "hand", CAIN1)
    g.grow(more, plain)
    assert not plain.class_changed and plain.stack_size == 2
