"""Compiling checked skills into engine Skill objects.

- automatic skills subscribe to events through their triggers;
- action, bond and hand skills become actions the engine lists when their costs
  and conditions allow;
- continuous skills become continuous effects the engine consults whenever it
  computes a value;
- support skills resolve in the support step when their support succeeds;
- special skills set card rules (aliases, "cannot be placed in the Bond Area").
"""
from __future__ import annotations

import functools
import types

from typing import Any, Callable

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import vocabulary as V
from fecipher.dsl.conditions import compile_condition
from fecipher.dsl.costs_more import ChangeableCosts, joint as joint_costs
from fecipher.dsl import card_values as CV
from fecipher.dsl import effects_control as control
from fecipher.dsl.registry import COSTS, EFFECTS
from fecipher.dsl.selectors import (
    NARROW_BASE, NARROW_TAKEN, count_range, count_things, pick_cards, pick_key,
    card_candidates, card_predicate, pick_units, ref_units, selector_kind, unit_candidates, unit_predicate,
)
from fecipher.dsl.triggers import compile_triggers
from fecipher.engine import modifiers as M
from fecipher.engine.cards import Symbol
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import (
    DRAGON_BLOOD_RESONANCE, AlternativeDiscard, ContinuousEffect, Keyword, Replacement, Skill, SkillContext,
    SkillKind, SupportRole, this_unit,
)

# Make sure every registry entry is loaded.
from fecipher.dsl import costs as _costs, effects as _effects  # noqa: F401,E402

KINDS = {"act": SkillKind.ACTION, "auto": SkillKind.AUTOMATIC, "cont": SkillKind.CONTINUOUS,
         "spec": SkillKind.SPECIAL, "bond": SkillKind.BOND, "hand": SkillKind.HAND, "support": SkillKind.SUPPORT,
         "retreat": SkillKind.RETREAT, "boundless": SkillKind.BOUNDLESS}
ROLES = {"attack": SupportRole.ATTACK, "defence": SupportRole.DEFENCE, "both": SupportRole.BOTH}


# ------------------------------------------------------------------ changes
def flag_of(c: A.Change) -> str:
    words = tuple(c.words)
    if c.by == "critical_hits":   # (the checker lets it follow "cannot be destroyed" only)
        return M.CANNOT_BE_DESTROYED_IN_BATTLE
    if c.by in ("skills", "enemy_skills", "enemy_or_support_skills", "opponents_skills", "skill_effects"):
        if V.FLAGS.get(words) in (M.CANNOT_LEVEL_UP, M.CANNOT_CLASS_CHANGE):
            return V.FLAGS[words]
        if words == ("be", "destroyed"):
            return M.CANNOT_BE_DESTROYED_BY_SKILLS
        if words == ("be", "moved"):
            return M.CANNOT_BE_MOVED_BY_SKILLS
    return V.FLAGS[words]


DESTROYED_QUALITIES = ("words", "not_word", "any", "name", "not_name", "main_character", "not_main_character")


def destroyed_quality(q: A.Qualifier) -> Callable[[frozenset, frozenset, bool], bool]:
    """A quality of a unit a skill destroyed, tested on what it was then (its words, unit names,
    Main Character or not): one of DESTROYED_QUALITIES."""
    if q.kind == "words":
        ws = frozenset(q.values)
        return lambda words, names, mc: bool(ws & words)
    if q.kind == "not_word":
        w = q.values[0]
        return lambda words, names, mc: w not in words
    if q.kind == "any":
        alts = tuple(destroyed_quality(x) for x in q.values)
        return lambda words, names, mc: any(t(words, names, mc) for t in alts)
    if q.kind in ("name", "not_name"):
        ns, want = frozenset(q.values), q.kind == "name"
        return lambda words, names, mc: bool(ns & names) == want
    if q.kind in ("main_character", "not_main_character"):
        want = q.kind == "main_character"
        return lambda words, names, mc: mc == want
    raise ValueError(q.kind)


def count_of(sel: A.Selector) -> Callable[[SkillContext], int]:
    """What "for each ..." counts: units on the field, cards in an area or a stack, bonds
    and orbs (by face and printed qualities), or what this skill destroyed."""
    if isinstance(sel, A.Filtered) and any(p.kind == "destroyed_here" for p in sel.posts):
        # "for each enemy destroyed by this skill": what this skill's "destroy" lines destroyed.
        # Its qualities ("for each monster enemy ...") are those the unit had when it was
        # destroyed (effects.destroyed_snapshot); the checker allows only those.
        side = V.UNIT_NOUNS.get(sel.noun, "unit")
        quals = tuple(destroyed_quality(q) for q in sel.qualifiers)

        def destroyed(ctx):
            n = 0
            for owner, words, names, mc in ctx.data.get("destroyed", []):
                if side == "ally" and owner != ctx.controller or side == "enemy" and owner == ctx.controller:
                    continue
                if all(t(words, names, mc) for t in quals):
                    n += 1
            return n
        return destroyed
    if isinstance(sel, A.Filtered) and any(p.kind == "sent_here" for p in sel.posts):
        # "for each card sent to your retreat area by this skill": the cards this skill's own
        # "send" / "add" / "put" lines moved to that area (dsl/effects.py records them), of
        # the area's owner(s), matching the selector's qualities.
        from fecipher.dsl.selectors import card_predicate, place_area, place_owner
        post = next(p for p in sel.posts if p.kind == "sent_here")
        area = place_area(post.value)
        pred = card_predicate(sel)

        def sent(ctx):
            owners = place_owner(ctx, post.value)
            return sum(1 for c, dest in ctx.data.get("sent", ()) if dest == area and c.owner in owners
                       and pred(ctx, c))
        return sent
    if isinstance(sel, A.Filtered) and any(p.kind == "returned_here" for p in sel.posts):
        # "for each enemy returned to their hand by this skill": the units (one each, whatever
        # its stack) this skill's own lines moved from the field to that hand (dsl/effects.py).
        # A unit goes to its owner's hand: the noun's side says whose ("their hand" in "your
        # opponent chooses ... for each enemy returned to their hand" is counted from the skill's
        # side, dsl/skillcompile.choose_for_each).
        from fecipher.dsl.selectors import place_area
        post = next(p for p in sel.posts if p.kind == "returned_here")
        area = place_area(post.value)
        side = V.UNIT_NOUNS.get(sel.noun, "unit")

        def returned(ctx):
            return sum(1 for owner, dest in ctx.data.get("units_sent", ()) if dest == area
                       and (side == "unit" or (owner == ctx.controller) == (side == "ally")))
        return returned
    if isinstance(sel, A.Filtered) and any(p.kind == "drawn_here" for p in sel.posts):
        # "for each card drawn by this skill": the cards this skill's own 'draw' lines drew
        # (dsl/effects.py records them), whoever drew them; the checker takes no quality (a
        # drawn card is hidden from the other player).
        return lambda ctx: len(ctx.data.get("drawn", ()))
    if isinstance(sel, A.Filtered) and any(p.kind == "tapped_here" for p in sel.posts):
        # "for each ally tapped by this skill": the units this skill's own 'tap' lines tapped
        # (a unit already tapped is not tapped again, so is not counted), of the noun's side.
        side = V.UNIT_NOUNS.get(sel.noun, "unit")

        def tapped(ctx):
            return sum(1 for owner in ctx.data.get("tapped", ())
                       if side == "unit" or (owner == ctx.controller) == (side == "ally"))
        return tapped
    if isinstance(sel, A.Filtered) and any(p.kind == "cost_sent_here" for p in sel.posts):
        # "for each card sent to your retreat area as the cost of this skill": the cards this
        # skill's cost moved to that area (dsl/costs.py records them), matching the selector's
        # qualities where they are now.
        from fecipher.dsl.selectors import card_predicate, place_area, place_owner
        post = next(p for p in sel.posts if p.kind == "cost_sent_here")
        area = place_area(post.value)
        pred = card_predicate(sel)

        def cost_sent(ctx):
            owners = place_owner(ctx, post.value)
            return sum(1 for c, dest in ctx.data.get("cost_sent_to", ()) if dest == area and c.owner in owners
                       and pred(ctx, c))
        return cost_sent
    if isinstance(sel, A.Filtered) and any(p.kind == "cost_tapped_here" for p in sel.posts):
        # "for each other white ally tapped as the cost of this skill": the units this skill's
        # cost tapped (dsl/costs.py records them), with the qualities they had then ("other":
        # not this skill's unit).
        side = V.UNIT_NOUNS.get(sel.noun, "unit")
        other = any(q.kind == "other" for q in sel.qualifiers)
        quals = tuple(destroyed_quality(q) for q in sel.qualifiers if q.kind != "other")

        def cost_tapped(ctx):
            n = 0
            for uid, (owner, words, names, mc) in ctx.data.get("cost_tapped_seen", ()):
                if side == "ally" and owner != ctx.controller or side == "enemy" and owner == ctx.controller:
                    continue
                if other and uid == ctx.unit_id:
                    continue
                if all(t(words, names, mc) for t in quals):
                    n += 1
            return n
        return cost_tapped
    return count_things(sel)


def change_parts(c: A.Change, granted: dict[str, Skill]) -> list[tuple[str, str, Any]]:
    """(stat, op, value) for one change; value is a constant or value(ctx, unit, **context)."""
    if c.kind == "gain":
        stat = M.ATTACK if c.stat == "attack" else M.SUPPORT
        amount = c.amount or 0
        if c.per_each is not None:
            counter = count_of(c.per_each)
            return [(stat, "add", lambda ctx, u, _a=amount, _c=counter, **kw: _a * _c(ctx))]
        return [(stat, "add", amount)]
    if c.kind == "cannot":
        flag = flag_of(c)
        if c.by == "skills" and flag in (M.CANNOT_LEVEL_UP, M.CANNOT_CLASS_CHANGE):
            # "cannot level up by skills": only a card a skill puts onto it.
            return [(flag, "flag", lambda ctx, u, by_skill=False, **kw: by_skill)]
        if c.by == "skills" and c.of is not None:
            # "by skills of tome enemies": the unit whose skill destroys (the engine tells it: source;
            # none when the skill's unit has left the field, or the skill is not a unit's)
            of = unit_predicate(c.of)
            return [(flag, "flag", lambda ctx, u, source=None, _of=of, **kw: source is not None and _of(ctx, source))]
        if c.by == "critical_hits":
            # "cannot be destroyed by (enemy) critical hits": destroyed in battle by an attack
            # that is a critical hit (the battle going on says so; engine/battle.py step 3).
            def critical(ctx, u, attacker=None, **kw):
                battle = getattr(ctx, "game", ctx).battle
                return attacker is not None and battle is not None and battle.critical
            return [(flag, "flag", critical)]
        if c.by == "enemy_skills":
            # Skills whose controller is not the unit's owner (the engine tells who: player).
            return [(flag, "flag", lambda ctx, u, player=None, **kw: player is not None and player != u.owner)]
        if c.by == "enemy_or_support_skills":
            # A skill of one of the opponent's units, or the opponent's support skill (the engine
            # tells whose skill moves it, player, and what it is, source: "unit", "support" or
            # "other" for a bond, hand or Retreat Area skill: Game.can_be_moved).
            return [(flag, "flag", lambda ctx, u, player=None, source=None, **kw:
                     player is not None and player != u.owner and source in ("unit", "support"))]
        if c.by == "skill_effects":
            # "by the effect of skills": any skill's effect, not a cost (the engine tells which:
            # cost=True when a skill's cost destroys it, Game.destroy; no cost moves a unit)
            return [(flag, "flag", lambda ctx, u, cost=False, **kw: not cost)]
        if c.by == "opponents_skills":
            # Any skill (cost or effect) whose controller is the opponent of this skill's
            # controller: their units', bond, hand, Retreat Area and support skills (the engine
            # tells whose skill moves it, player: Game.can_be_moved).
            return [(flag, "flag", lambda ctx, u, player=None, **kw:
                     player is not None and player != ctx.controller)]
        if c.by is not None and c.by != "skills":
            by = unit_predicate(c.by)
            # (whom "by X" names: the attacker, the unit evading this unit's attack, the defender)
            key = "attacker" if flag in (M.CANNOT_BE_ATTACKED, M.CANNOT_BE_DESTROYED_IN_BATTLE) else (
                "evader" if flag == M.CANNOT_BE_EVADED else "defender")

            def relation(ctx, u, _by=by, _key=key, **kw):
                other = kw.get(_key)
                return other is not None and _by(ctx, other)
            return [(flag, "flag", relation)]
        return [(flag, "flag", True)]
    if c.kind in ("range_free", "only_attack"):
        # "can attack X regardless of range" / "can only attack X": flags about the
        # pair (this unit, the defender) that the engine's attack legality asks.
        target = unit_predicate(c.by)
        if c.kind == "range_free":
            return [(M.ATTACKS_REGARDLESS_OF_RANGE, "flag",
                     lambda ctx, u, defender=None, _t=target, **kw: defender is not None and _t(ctx, defender))]
        return [(M.CANNOT_ATTACK, "flag",
                 lambda ctx, u, defender=None, _t=target, **kw: defender is not None and not _t(ctx, defender))]
    if c.kind == "acquire_range":
        return [(M.RANGES, "grant", frozenset(c.ranges))]
    if c.kind == "acquire_type":
        if c.words[0] in V.SYMBOLS:   # "acquires black": treated as also having that symbol
            return [(M.SYMBOLS, "grant", frozenset({V.SYMBOLS[c.words[0]]}))]
        return [(M.TYPES, "grant", frozenset(c.words))]
    if c.kind == "lose_range":   # "loses range 1": taken away whatever grants it (combine_set)
        return [(M.RANGES, "remove", frozenset(c.ranges))]
    if c.kind == "lose_type":    # "loses <Axe>": a weapon, type or gender taken away
        return [(M.TYPES, "remove", frozenset(c.words))]
    if c.kind == "lose_skill":
        return [(M.LOST_SKILLS, "grant", frozenset({c.name}))]
    if c.kind == "single_skill":   # "can have only 1 "Anti-Fliers"": the others of that name are not had
        return [(M.LOST_SKILLS, "grant", frozenset({M.ONE_OF + c.name}))]
    if c.kind == "lose_all_symbols":   # "loses all of their Colors": every symbol taken away (combine_set)
        return [(M.SYMBOLS, "remove", frozenset(Symbol))]
    if c.kind == "lose_all_skills":
        if c.words and c.words[0] == "non-spec":   # "loses all non-|SPEC| skills"
            return [(M.LOST_SKILLS, "grant", frozenset({M.ALL_BUT_SPEC}))]
        return [(M.LOST_SKILLS, "grant", frozenset({M.ALL_SKILLS}))]
    if c.kind == "cannot_use":
        return [(M.CANNOT_USE_SKILL, "flag", lambda ctx, u, _n=c.name, skill=None, **kw: skill == _n)]
    if c.kind == "free_use":   # "can use "X" without paying its cost" (dsl/costs_more.ChangeableCosts)
        return [(M.FREE_SKILL, "flag", lambda ctx, u, _n=c.name, skill=None, **kw: skill == _n)]
    if c.kind == "double":
        return [(M.ATTACK if c.stat == "attack" else M.SUPPORT, "mul", 2)]
    if c.kind == "evasion_cards":   # read at a god-speed evasion of its attack (engine/battle.py step 4)
        return [(M.EVASION_CARDS, "set", c.amount)]
    if c.kind == "critical_factor":   # read at the judgement of a critical hit (engine/battle.py step 5)
        return [(M.CRITICAL_FACTOR, "set", c.amount)]
    if c.kind == "acquire_name":
        return [(M.UNIT_NAMES, "grant", frozenset({c.name}))]
    if c.kind == "acquire_skill":
        return [(M.SKILLS, "grant", frozenset({granted[c.name]}))]
    if c.kind == "orbs":
        return [(M.ORBS, "set", c.amount)]
    if c.kind == "orbs_more":   # additive: counted after the largest "breaks N orbs"
        if c.per_each is not None:
            counter = count_of(c.per_each)
            return [(M.ORBS, "add", lambda ctx, u, _a=c.amount or 0, _c=counter, **kw: _a * _c(ctx))]
        return [(M.ORBS, "add", c.amount)]
    from fecipher.dsl import skill_control
    got = skill_control.change_parts(c)
    if got is None:
        raise ValueError(c.kind)
    return got


def subject_matcher(subjects: tuple[A.Selector, ...]) -> Callable[[SkillContext, Any], bool]:
    tests = []
    for s in subjects:
        if isinstance(s, A.Ref) and s.kind == "this":
            tests.append(this_unit)
        elif isinstance(s, A.Ref):
            tests.append(lambda ctx, u, _s=s: any(x is u for x in ref_units(ctx, _s)))
        else:
            tests.append(unit_predicate(s))
    if len(tests) == 1:  # (every test answers True or False)
        return tests[0]
    checks = tuple(tests)

    def matches(ctx, u):
        for t in checks:   # any(...), without a generator: asked for every unit, often
            if t(ctx, u):
                return True
        return False
    return matches


def while_wrapped(st: A.Modification, op: str, value: Any) -> Any:
    """A change that holds only while its "while <state>" holds for the unit: the
    value is None (no change) otherwise."""
    if st.while_state is None:
        return value
    from fecipher.dsl.conditions import compile_state
    state = compile_state(st.while_state)

    def wrapped(ctx, u, _v=value, **kw):
        if not state(ctx, u):
            return False if op == "flag" else None
        return _v(ctx, u, **kw) if callable(_v) else _v
    return wrapped


# ------------------------------------------------------------------ statements
def continuous_effects(st: A.Statement, granted: dict[str, Skill]) -> list[ContinuousEffect]:
    if isinstance(st, A.CardChange):
        return CV.card_change_effects(st)
    if isinstance(st, A.SkillCostChange):
        return CV.skill_cost_effects(st)
    if isinstance(st, A.Modification) and any(c.kind == "acquire_own_keyword" for c in st.changes):
        from fecipher.dsl import bond_grant
        return bond_grant.continuous(st)
    if isinstance(st, A.ChoiceWiden):
        from fecipher.dsl import choice_widen
        return choice_widen.continuous(st)
    if isinstance(st, A.Modification) and all(CV.card_subject(x) for x in st.subjects):
        return CV.card_modification_effects(st)
    text = functools.partial(render.statement, st)   # (rendered when first asked: ContinuousEffect.text)
    if isinstance(st, A.SupportFail) and st.own_name:
        # "... can be supported by cards with the same unit name as themselves": a support card
        # sharing a unit name with the unit it supports succeeds (rule 3 lifted for those units)
        from fecipher.engine.cards import card_unit_names
        return [ContinuousEffect(M.SUPPORT_ALLOWED, "flag",
                                 lambda ctx, u, card=None, **kw: card is not None and bool(
                                     card_unit_names(card.card) & ctx.game.unit_names(u)),
                                 subject_matcher((st.units,)), text)]
    if isinstance(st, A.SupportFail):
        applies = subject_matcher((st.units,))
        pred = card_predicate(st.cards)
        return [ContinuousEffect(M.SUPPORT_ALLOWED if st.succeeds else M.SUPPORT_FAILS, "flag",
                                 lambda ctx, u, card=None, **kw: card is not None and pred(ctx, card), applies, text)]
    if isinstance(st, A.PlaceBan):
        from fecipher.dsl import place_ban
        return place_ban.continuous(st)
    if isinstance(st, A.DeployBan) and st.verb == "draw":
        from fecipher.dsl import draw_ban
        return draw_ban.continuous(st)
    if isinstance(st, A.DeployBan):
        return [ContinuousEffect(M.CANNOT_DEPLOY, "flag", deploy_ban_value(st), lambda ctx, u: False, text)]
    if isinstance(st, A.StackDeploy):   # the cards of this unit's stack the Deployment Phase offers
        pred = card_predicate(st.cards)
        return [ContinuousEffect(M.DEPLOY_FROM_STACK, "flag",
                                 lambda ctx, u, card=None, **kw: (card is not None and pred(ctx, card)
                                                                  and ctx.unit_id is not None),
                                 lambda ctx, u: False, text)]
    if isinstance(st, A.SymbolWaiver):   # the skill's controller, while the skill is active
        return [ContinuousEffect(M.SYMBOLS_WAIVED, "flag",
                                 lambda ctx, u, player=None, **kw: player == ctx.controller,
                                 lambda ctx, u: False, text)]
    if isinstance(st, A.Replace) and st.replaced == "skill_cost":
        from fecipher.dsl import alt_costs
        return alt_costs.continuous(st)
    if isinstance(st, A.SkillBan):
        from fecipher.dsl import skill_control
        return skill_control.ban_continuous(st)
    if isinstance(st, A.LimitLift):
        from fecipher.dsl import skill_control
        return skill_control.lift_continuous(st)
    if not isinstance(st, A.Modification):
        return []   # replacements and card rules are compiled elsewhere
    applies = subject_matcher(st.subjects)
    out = []
    for c in st.changes:
        for stat, op, value in change_parts(c, granted):
            out.append(ContinuousEffect(stat, op, while_wrapped(st, op, value), applies, text))
    return out


def modification_effect(st: A.Modification, granted: dict[str, Skill]):
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN
    parts = [(stat, op, while_wrapped(st, op, v)) for c in st.changes for stat, op, v in change_parts(c, granted)]
    text = functools.cache(functools.partial(render.statement, st))   # (rendered when an effect first needs it)
    if duration == M.PERMANENT and all(isinstance(x, A.Filtered) for x in st.subjects):
        # "all allies cannot use "Aum" until the end of the game": a rule for the rest of
        # the game that also reaches units deployed later.
        return _standing_modification(st, parts, text)
    if st.duration is not None and st.duration.kind == "during_opponents_next_turn_while_source":
        # "all enemies in the back line cannot attack during your opponent's next turn while this
        # unit is on the field": the units the selector names at each moment of that turn
        return _standing_modification(st, parts, text, timed=True)

    def eff(ctx: SkillContext):
        units = []
        for s in st.subjects:
            got = yield from pick_units(ctx, s, f"{ctx.skill.name}: choose for \"{text()}\"")
            units.extend(u for u in got if u not in units)
        g = ctx.game
        holder = duration_holder(st, ctx)
        if holder is False:   # "until this unit leaves the field", and it has left: nothing lasts
            ctx.data["did"] = False
            return
        # "during your opponent's next turn": nothing until that turn starts (any later turn is it:
        # the change ends with it); "during your next turn": only in the controller's own turns
        # after this one (the first of them ends it), not in the opponent's turn between
        kind = st.duration.kind if st.duration is not None else None
        later = ((lambda gm, _t=g.turn: gm.turn > _t) if kind == "during_opponents_next_turn" else
                 (lambda gm, _t=g.turn, _p=ctx.controller: gm.turn > _t and gm.turn_player == _p)
                 if kind == "during_next_turn" else None)
        if kind in ("during_opponents_next_beginning_phase", "during_next_beginning_phase"):
            # "At the start of your opponent's next turn, the chosen enemy cannot be untapped"
            # (B11-048HN): only in the Beginning Phase of the first turn of that player after this
            # one (its untap); the change ends with that turn.
            whose = 1 - ctx.controller if kind == "during_opponents_next_beginning_phase" else ctx.controller
            later = (lambda gm, _t=g.turn, _p=whose: gm.turn > _t and gm.turn_player == _p
                     and gm.phase == "beginning")
        for u in units:
            for stat, op, value in parts:
                if op == "grant_now":   # what is granted is found now ("all skills of it")
                    op, value = "grant", value(ctx, u)
                elif callable(value):
                    if op == "add":  # an amount counted now, when the effect resolves
                        value = value(ctx, u)
                    else:
                        value = (lambda gm, un, _v=value, _c=ctx, **kw: _v(_c.in_game(gm), un, **kw))
                g.add_modifier(Modifier(stat, op, value, duration, ctx.controller, unit=u.id, turn=g.turn,
                                        condition=later, text=f"{u.card.name}: {text()}", source=ctx.skill.name,
                                        holder=holder))
        ctx.data["did"] = bool(units)
    return eff


def duration_holder(st, ctx: SkillContext) -> int | None | bool:
    """For "until this unit leaves the field": the id of the skill's own unit, which the
    effect's modifiers last as long as (``Modifier.holder``); False when that unit is no
    longer on the field as the effect resolves (the duration is already over: the effect
    does nothing); None for any other duration."""
    d = getattr(st, "duration", None)
    if d is None or d.kind not in ("while_source_on_field", "during_opponents_next_turn_while_source"):
        return None
    u = ctx.unit
    if u is None or ctx.game.unit(u.id) is None:
        return False
    return u.id


def _standing_modification(st: A.Modification, parts, text: Callable[[], str], timed: bool = False):
    """A change of whatever units the selectors name at each moment (units deployed or moved
    later too): for the rest of the game, or (``timed``) during the opponent's next turn while
    the skill's own unit stays on the field (its holder)."""
    preds = [unit_predicate(x) for x in st.subjects]

    def eff(ctx: SkillContext):
        g = ctx.game
        duration, later, holder = M.PERMANENT, None, None
        if timed:
            holder = duration_holder(st, ctx)
            if holder is False:   # the skill's unit has already left the field: nothing lasts
                ctx.data["did"] = False
                return
            duration, later = M.END_OF_OPPONENTS_NEXT_TURN, (lambda gm, _t=g.turn: gm.turn > _t)
        frozen = attrs.evolve(ctx, data=dict(ctx.data))
        applies = (lambda gm, u, _c=frozen: any(p(_c.in_game(gm), u) for p in preds))
        for stat, op, value in parts:
            if op == "grant_now":   # ("all skills of it": found now, the same for every unit)
                op, value = "grant", value(frozen, None)
            elif callable(value):
                value = (lambda gm, un, _v=value, _c=frozen, **kw: _v(_c.in_game(gm), un, **kw))
            g.add_modifier(Modifier(stat, op, value, duration, ctx.controller, applies=applies, turn=g.turn,
                                    text=text(), condition=later, source=ctx.skill.name if timed else "",
                                    holder=holder))
        ctx.data["did"] = True
        return
        yield  # pragma: no cover
    return eff


def guarded_effect(st: A.Guarded, granted: dict[str, Skill]):
    cond = compile_condition(st.condition)
    inner = statement_effect(st.statement, granted)
    about_did = _mentions_did(st.condition)

    def eff(ctx: SkillContext):
        if about_did:   # "if you do: X": X does not change what the next "if you do" looks at
            before = ctx.data.get("did")
            if cond(ctx):
                yield from inner(ctx)
            ctx.data["did"] = before
            return
        ctx.data["did"] = False
        if cond(ctx):
            yield from inner(ctx)
    return eff


def _mentions_did(c: A.Condition) -> bool:
    """Whether the guard asks "if you do (not)", alone or as the first of "if you do, and B"."""
    if c.kind == "all_of":
        return _mentions_did(c.parts[0])
    return c.kind == "did" or (c.kind == "negation" and c.inner is not None and _mentions_did(c.inner))


def redirect_effect(st: A.Redirect):
    """"X is attacked instead (of Y)": X becomes the defending unit of the attack in progress.
    'instead of your main character' (B03-085SR: a skill triggered by a deployment, not by the
    attack) redirects only an attack on the controller's Main Character."""
    only_mc = isinstance(st.instead_of, A.Ref) and st.instead_of.kind == "main_character"

    def eff(ctx: SkillContext):
        g = ctx.game
        if only_mc:
            d = g.unit(g.battle.defender) if g.battle is not None else None
            if d is None or d.owner != ctx.controller or not d.is_main_character:
                ctx.data["did"] = False
                return
        units = ref_units(ctx, st.unit) if isinstance(st.unit, A.Ref) else unit_candidates(ctx, st.unit)
        ctx.data["did"] = bool(units) and ctx.game.change_defender(units[0])
        return
        yield  # pragma: no cover
    return eff


def two_units_effect(st: A.TwoUnits):
    """"move this unit and it": both units go to the line they are not in, by one effect
    (engine move_units: rule 2's march after both); "destroy this unit and that ally": both
    destroyed at once (engine destroy_together); "did": whether any moved (was destroyed)."""
    def eff(ctx: SkillContext):
        g = ctx.game
        units = []
        for r in st.units:
            for u in ref_units(ctx, r)[:1]:
                if u not in units and g.unit(u.id) is u:
                    units.append(u)
        if st.verb == "destroy":
            from fecipher.dsl.effects import destroyed_snapshot
            seen = {u.id: destroyed_snapshot(ctx, u) for u in units}
            done = yield from g.destroy_together(units, by_player=ctx.controller, by_unit=ctx.unit,
                                                 skill=ctx.skill.name)
            # "for each enemy destroyed by this skill": as they were when destroyed
            ctx.data.setdefault("destroyed", []).extend(seen[u.id] for u in done)
            ctx.data["did"] = bool(done)
            return
        ctx.data["did"] = bool(g.move_units(units, by_skill=True))
    return eff


def two_part_choice(st: A.TwoUnits, after=()):
    """"Choose 1 card with a Deployment Cost of 3 or lower, and 1 card with a Deployment Cost of
    1 or lower, from your Retreat Area" (B21-011SR): one choice of different cards in two parts,
    the first part's cards chosen first, one at a time (from the area the line names at its
    end), then the second's among the cards not chosen yet. Each part offers what the lines
    using the choice can act on (engine decision 14). A choice chooses as many cards as it
    can: a card of the first part that the second part could also take is offered only if
    taking it still leaves the most cards choosable in all (with a cost-3 card and a cost-1
    card, the cost-1 card is left for the second part; card ruling B21-011SR). What it chose
    is 'the chosen cards' / 'them'; "did" ("if you do"): whether any card was chosen."""
    from fecipher.dsl.selectors import card_candidates, offerable
    first, second = st.units
    place = next(p for p in second.posts if p.kind == "from_place")
    one = A.Quantifier("exactly", 1, first.quantifier.pos)
    part1 = attrs.evolve(first, posts=(*first.posts, place))
    n1 = count_range(part1)[0]
    m2 = count_range(second)[0]
    pick1 = attrs.evolve(part1, quantifier=one)
    choice = A.Action("choose", None, part1, (), False, st.pos, st.pos)
    keep = choice_keep(after, choice)
    prompt = render.cap(render.statement(st))

    def most(a_only: int, both: int, b_only: int, n: int) -> int:
        # the most cards the two parts can still choose: n of the first part's (those only it
        # takes first), then up to m2 of what is left for the second
        take = min(n, a_only + both)
        return take + min(m2, b_only + both - max(0, take - a_only))

    def eff(ctx: SkillContext):
        got: list = []

        def offered(sel):
            cands = [c for c in card_candidates(ctx, sel) if not any(c is x for x in got)]
            return offerable(ctx, cands, keep, ctx.controller)

        for i in range(n1):
            a = offered(part1)
            if not a:
                break
            b = offered(second)
            in_b = {id(c) for c in b}
            a_only = sum(1 for c in a if id(c) not in in_b)
            both = len(a) - a_only
            b_only = len(b) - both
            best = most(a_only, both, b_only, n1 - i)
            allowed = {id(c) for c in a if id(c) not in in_b or 1 + most(a_only, both - 1, b_only, n1 - i - 1) == best}
            got.extend((yield from pick_cards(ctx, pick1, f"{ctx.skill.name}: {prompt}",
                                              keep=lambda c, t, _ok=allowed: id(t) in _ok)))
        rest = offered(second)
        if rest:
            ids = {id(c) for c in rest}
            got.extend((yield from pick_cards(ctx, second, f"{ctx.skill.name}: {prompt}",
                                              keep=lambda c, t, _ok=ids: id(t) in _ok)))
        ctx.data["chosen"] = list(got)
        ctx.data.setdefault("picked", {})["card"] = list(got)
        ctx.data["did"] = bool(got)
    return eff


def copy_effect(st: A.Copy):
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN
    text = render.statement(st)

    def eff(ctx: SkillContext):
        g = ctx.game
        sources = ref_units(ctx, st.source) if isinstance(st.source, A.Ref) else unit_candidates(ctx, st.source)
        ctx.data["did"] = False
        if not sources:
            return
        card = g.base_card(sources[0])   # the printed card it is (or copies), not its modifications
        for s in st.subjects:
            got = yield from pick_units(ctx, s, f"{ctx.skill.name}: choose for \"{text}\"")
            for u in got:
                g.add_modifier(Modifier(M.COPY, "set", (card, tuple(st.keeps)), duration, ctx.controller,
                                        unit=u.id, turn=g.turn, text=f"{u.card.name}: {text}", source=ctx.skill.name))
                ctx.data["did"] = True
    return eff


def kept_choice(a: A.Action, eff):
    """A "choose"/"reveal" line whose result is also kept under its own key ("the chosen
    ally", "that enemy", "the revealed card"), so that a later choice does not change what
    an earlier one picked. (What it picked is what it left as "it"; a declined "you may
    reveal ..." picked nothing.)"""
    key = pick_key(a.target, a.verb)
    if a.verb not in ("choose", "reveal") or key is None:
        return eff

    narrowing = isinstance(a.target, A.Filtered) and any(p.kind == "among_chosen" for p in a.target.posts)

    def keep(ctx: SkillContext, **kw):
        before = ctx.data.get("chosen")
        if narrowing:   # "choose 1 of those cards": what it chooses among, for "the other card"
            ctx.data[NARROW_BASE] = list(ctx.data.get("picked", {}).get(key, []))
        yield from eff(ctx, **kw)
        after = ctx.data.get("chosen")
        ctx.data.setdefault("picked", {})[key] = list(after) if after is not before and after is not None else []
        if narrowing:
            ctx.data[NARROW_TAKEN] = list(ctx.data["picked"][key])
    return keep


def choose_for_each(a: A.Action, keep=None):
    """"choose 1 enemy in the back line for each card stacked under this unit": the
    number to choose is the quantifier's times the count, counted when the line runs
    (up to that many with "up to"; nothing to choose when the count is 0)."""
    per = next(p for p in a.preps if p.kind == "for_each")
    counter = count_of(per.unit)
    every = per.number or 1   # "for every 4 bonds": one per whole 4 counted
    units = selector_kind(a.target) == "unit"
    prompt_text = render.cap(render.action(a))

    def eff(ctx: SkillContext, counted: SkillContext | None = None):
        # (in "your opponent chooses ... for each enemy ...", counted from the skill's side)
        times = counter(counted if counted is not None else ctx) // every
        prompt = f"{ctx.skill.name}: choose for \"{prompt_text}\""
        if units:
            things = yield from pick_units(ctx, a.target, prompt, times=times, keep=keep)
        else:
            things = yield from pick_cards(ctx, a.target, prompt, times=times, keep=keep)
        ctx.data["chosen"] = list(things)
        ctx.data["did"] = bool(things)
        if things and ctx.unit_id is not None:
            ctx.game.note_chosen(ctx, things)
    return kept_choice(a, eff)


def actor_effect(st: A.ActorStatement, keep=None):
    """"your opponent sends ...": the action runs as that player's (they choose; "their"
    areas are theirs); "each player ...": you first, then your opponent. ``keep``: for
    "... chooses ...", what the lines using the choice can act on."""
    a = st.action
    per_each = a.verb == "choose" and any(p.kind == "for_each" for p in a.preps)
    if per_each:
        inner = choose_for_each(a, keep)
    elif a.verb == "choose":
        inner = kept_choice(a, EFFECTS["choose"].build(a, keep))
    else:
        inner = kept_choice(a, EFFECTS[a.verb].build(a))

    def eff(ctx: SkillContext):
        players = [ctx.opponent] if st.actor == "opponent" else [ctx.controller, ctx.opponent]
        did = False
        for p in players:
            sub = attrs.evolve(ctx, controller=p, data=ctx.data)
            yield from (inner(sub, counted=ctx) if per_each else inner(sub))
            did = did or bool(ctx.data.get("did"))
        ctx.data["did"] = did
    return eff


def _cause_test(st: A.Replace):
    """A test on the UnitDestroyed event for "when it is destroyed by an attack (of X) /
    by a skill (of X) / by "S"" (None when the line names no such cause)."""
    from fecipher.dsl.triggers import destroyed_cause
    c = st.cause_by
    if not c:
        return None
    return destroyed_cause(types.SimpleNamespace(cause=c.get("cause"), by=c.get("by"), name=c.get("name")))


def _replaced(ctx, e) -> None:
    """What "it" names in an effect run in place of an event: the card or unit replaced."""
    thing = ctx.game.unit(e.unit) if hasattr(e, "unit") else ctx.game.copy(e.card)
    ctx.data["chosen"] = [thing] if thing is not None else []


def _nothing(ctx):
    return
    yield  # pragma: no cover


def replacement_of(st: A.Replace, costs: tuple = ()) -> Replacement:
    """A replacement as a before-handler: on a unit's destruction (UnitDestroyed: its
    stack's destination, or something done instead of the destruction) or on a card's
    move (CardMoved: its destination, or its deployment instead). ``costs`` are the CONT
    skill's, paid when its controller says yes."""
    from fecipher.engine import events as ev
    from fecipher.dsl.effects import deploy_lines
    from fecipher.dsl.selectors import place_area
    a = st.action
    text = render.statement(st)
    cause = _cause_test(st)
    if st.replaced == "destruction":
        pred = unit_predicate(st.subject)
        cost = COSTS[a.verb].build(a)

        def instead_of_destroyed(ctx, e):
            u = ctx.game.unit(e.unit)
            if u is None or not pred(ctx, u):
                return None
            if cause is not None and not cause(ctx, e):
                return None
            return e
        return Replacement(ev.UnitDestroyed, instead_of_destroyed, text, st.optional, instead=_nothing,
                           costs=costs + (cost,))
    if isinstance(a.target, A.Filtered) and a.target.noun in V.ORB_NOUNS and st.subject is None:
        return _orb_replacement(st, text, cause)
    instead_of = place_area(st.instead_of)
    if st.subject is not None and not (isinstance(st.subject, A.Ref) and st.subject.kind == "chosen"):
        # Destroyed all the same ("when it destroys" skills trigger), but the unit stays on
        # the field, the cost paid (the Twin Skill ruling, rules/003).
        pred = unit_predicate(st.subject)
        cost = COSTS[a.verb].build(a)
        in_battle = st.cause == "destroyed_in_battle"

        def stays(ctx, e):
            u = ctx.game.unit(e.unit)
            if u is None or e.is_main_character or e.dest != instead_of or (in_battle and not e.in_battle):
                return None
            if not pred(ctx, u) or (cause is not None and not cause(ctx, e)):
                return None
            return attrs.evolve(e, dest="field")
        return Replacement(ev.UnitDestroyed, stays, text, st.optional, costs=costs + (cost,))
    if a.verb == "put" and any(p.kind == "under" for p in a.preps):
        # Growth instead of the move: offered only when the card can go under that unit now.
        from fecipher.dsl.effects import _stack_target, _stackable
        grown = card_predicate(a.target)
        put = EFFECTS["put"].build(attrs.evolve(a, target=A.Ref("chosen", None, a.target.pos)))

        def grow_instead(ctx, e):
            if e.dest != instead_of:
                return None
            c = ctx.game.copy(e.card)
            if not grown(ctx, c):
                return None
            how, unit = _stack_target(ctx, a)
            return e if _stackable(ctx, how, c, unit) else None

        def grow(ctx):
            _replaced(ctx, ctx.event)
            yield from put(ctx)
        return Replacement(ev.CardMoved, grow_instead, text, st.optional, instead=grow, costs=costs)
    discarded = isinstance(a.target, A.Filtered) and any(p.kind == "discarded_for" for p in a.target.posts)
    if a.verb == "put" and (discarded or any(p.kind == "face" for p in a.preps)) \
            and selector_kind(a.target) not in ("unit", "name"):
        # "you may put this card into your bond area face-down instead of sending it to your
        # retreat area" (B13-027R), "you may put a "Fir" card discarded for a critical hit of
        # this unit on top of your deck instead ..." (B05-034SR): the put runs in place of the move.
        moved = card_predicate(a.target)
        put_face = EFFECTS["put"].build(attrs.evolve(a, target=A.Ref("chosen", None, a.target.pos)))

        def face_instead(ctx, e):
            if e.dest != instead_of:
                return None
            return e if moved(ctx, ctx.game.copy(e.card)) else None

        def put_run(ctx):
            _replaced(ctx, ctx.event)
            yield from put_face(ctx)
        return Replacement(ev.CardMoved, face_instead, text, st.optional, instead=put_run, costs=costs)
    if a.verb == "deploy":
        cards = card_predicate(a.target)
        deploy = EFFECTS["deploy"].build(attrs.evolve(a, target=A.Ref("chosen", None, a.target.pos)))

        def deploy_instead(ctx, e):
            if e.dest != instead_of:
                return None
            c = ctx.game.copy(e.card)
            if not cards(ctx, c) or not deploy_lines(ctx, a, c):
                return None   # (it could not be deployed: rule 5, a rule, no line: it goes where it was going)
            return e

        def run(ctx):
            _replaced(ctx, ctx.event)
            yield from deploy(ctx)
        return Replacement(ev.CardMoved, deploy_instead, text, st.optional, instead=run, costs=costs)
    dest = next(place_area(p.place) for p in a.preps if p.kind == "to")
    if selector_kind(a.target) in ("unit", "name"):
        upred = unit_predicate(a.target)
        in_battle = st.cause == "destroyed_in_battle"

        def on_destroyed(ctx, e):
            u = ctx.game.unit(e.unit)
            if u is None or e.dest != instead_of or (in_battle and not e.in_battle) or not upred(ctx, u):
                return None
            if cause is not None and not cause(ctx, e):
                return None
            return attrs.evolve(e, dest=dest)
        return Replacement(ev.UnitDestroyed, on_destroyed, text, st.optional, costs=costs)
    cards = card_predicate(a.target)

    def on_moved(ctx, e):
        if e.dest != instead_of:
            return None
        c = ctx.game.copy(e.card)
        if not cards(ctx, c):
            return None
        return attrs.evolve(e, dest=dest)
    return Replacement(ev.CardMoved, on_moved, text, st.optional, costs=costs)


def _orb_replacement(st: A.Replace, text: str, cause) -> Replacement:
    """"put an orb from <whose> orbs into <whose> retreat area instead of <whose> hand when it
    is destroyed by an attack (a critical hit) of X": each orb of that player that such an
    attack breaks (OrbGoing, proposed per orb) goes to the Retreat Area instead of the hand."""
    from fecipher.engine import events as ev
    from fecipher.dsl.selectors import place_area
    a = st.action
    owner = next(f.value.owner for f in a.target.posts if f.kind == "from_place")
    dest = next(place_area(p.place) for p in a.preps if p.kind == "to")
    instead_of = place_area(st.instead_of)
    critical = bool(st.cause_by.get("critical"))

    def elsewhere(ctx, e):
        if e.dest != instead_of or (e.player == ctx.controller) != (owner == "your"):
            return None
        if (critical and not e.critical) or not cause(ctx, e):
            return None
        return attrs.evolve(e, dest=dest)
    return Replacement(ev.OrbGoing, elsewhere, text, st.optional)


def alternative_discard_of(st: A.Replace) -> AlternativeDiscard:
    """"you may <cost> instead of discarding for a critical hit (an evasion) of X"."""
    return AlternativeDiscard(st.use, unit_predicate(st.subject), (COSTS[st.action.verb].build(st.action),),
                              render.cost_item(st.action))


def set_up_replacement_effect(st: A.Replace):
    """A replacement in an AUTO or support skill's effect: set up until the end of the
    combat going on (nothing outside a combat; "if you do" then fails)."""
    rep = replacement_of(st)

    def eff(ctx):
        ctx.data["did"] = ctx.game.set_up_replacement(rep, ctx)
        return
        yield  # pragma: no cover
    return eff


def deploy_ban_value(st: A.DeployBan):
    """value(ctx, _, player=, card=, area=): whether the rule forbids that player deploying
    that card to that line; the players are counted from the skill's controller."""
    pred = card_predicate(st.cards)
    who, line, by_skills = st.who, st.line, st.by_skills

    def forbids(ctx, _unit, player=None, card=None, area=None, by_skill=False, **kw):
        if card is None or (line is not None and area != line) or (by_skills and not by_skill):
            return False
        if who == "opponent" and player != ctx.opponent or who == "you" and player != ctx.controller:
            return False
        return pred(ctx, card)
    return forbids


def _skill_source_rule(of):
    """value(ctx, None, source=): whether a skill of the card ``source`` (the card whose skill
    deploys this one: a unit's card, a support, bond or hand card) is refused by "this card
    cannot be deployed by skills of <cards>": the card matches the selector (its unit names
    are its computed ones). No source known: refused."""
    from fecipher.dsl.selectors import card_predicate
    pred = card_predicate(of)

    def refused(ctx, _u, source=None, **kw):
        return source is None or pred(ctx, source)
    return refused


def _line_rule(st: A.CardRule):
    """value(ctx, None, area=): whether the card's SPEC rule refuses that line: "can only be
    deployed in the same line as X" refuses the lines where no unit X names is (all of
    them when there is none); "cannot be deployed in the same line as X" the lines where
    one is."""
    from fecipher.dsl.selectors import ref_units, unit_candidates
    ref, only = st.ref, st.kind == "deploy_with"

    def refused(ctx, _u, area=None, **kw):
        units = ref_units(ctx, ref) if isinstance(ref, A.Ref) else unit_candidates(ctx, ref)
        there = any(u.area == area and u.owner == ctx.controller for u in units)
        return not there if only else there
    return refused


def _settled(g, data: dict) -> dict:
    """What a skill chose, kept for a rule that lasts: a chosen unit (or the trigger's
    unit) that has left the field since (destroyed, returned to the hand) stands for its
    top card, so that "your opponent cannot deploy cards with the same unit name as it /
    that unit" keeps the unit name it had (as its top card prints it) after it is gone."""
    from fecipher.engine.state import Unit

    def settle(things):
        return [x.cards[0] if isinstance(x, Unit) and g.unit(x.id) is not x and x.cards else x for x in things]
    out = dict(data)
    uid = out.get("that_unit")
    if uid is not None and g.unit(uid) is None:
        # "that unit" (the trigger's) has left the field: it stands for its top card
        from fecipher.engine import events as ev
        for e in reversed(g.events):
            if isinstance(e, ev.UnitLeftField) and e.unit == uid and e.cards:
                out["that_unit_gone"] = g.copy(e.cards[0])
                break
    if "chosen" in out:
        out["chosen"] = settle(out["chosen"])
    if "picked" in out:
        out["picked"] = {k: settle(v) for k, v in out["picked"].items()}
    return out


def player_rule_effect(st, stat: str, value, text: str, keep=None):
    """A rule about players (who cannot deploy, draw, place cards, use skills ...) set by an
    effect for the line's duration (the end of the turn when it names none): a flag modifier of
    ``stat`` that reaches no unit, whose ``value`` is asked with the context as it was when the
    rule was set (``keep(game, data)`` the context's data kept, a copy by default)."""
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN

    def eff(ctx: SkillContext):
        g = ctx.game
        holder = duration_holder(st, ctx)
        if holder is False:   # "until this unit leaves the field", and it has left: nothing lasts
            ctx.data["did"] = False
            return
        frozen = attrs.evolve(ctx, data=keep(g, ctx.data) if keep is not None else dict(ctx.data))
        g.add_modifier(Modifier(stat, "flag", (lambda gm, un, _c=frozen, **kw: value(_c.in_game(gm), un, **kw)),
                                duration, ctx.controller, applies=lambda gm, u: False, turn=g.turn, text=text,
                                source=ctx.skill.name, holder=holder))
        ctx.data["did"] = True
        return
        yield  # pragma: no cover
    return eff


def deploy_ban_effect(st: A.DeployBan):
    """The rule for the duration: a modifier that reaches no unit (see M.CANNOT_DEPLOY)."""
    return player_rule_effect(st, M.CANNOT_DEPLOY, deploy_ban_value(st), render.statement(st), keep=_settled)


_MOMENTS = {"end_of_combat": "end_of_combat", "end_of_turn": "end_of_turn",
            "start_of_next_turn": "start_of_turn", "end_of_next_turn": "end_of_turn"}


def step_effect(st: A.Step, granted: dict[str, Skill]):
    """"until one fails, step N:" (B08-079SR "Resolve the following effects in descending
    order, until one of the effects fails"): the step's lines run, in order, when no step
    before it in this resolution failed; the step fails when its last line did nothing (its
    condition did not hold, or it had nothing to act on: the line's "did", as "if you do"
    reads it), and the steps after it are not resolved."""
    inner = _lines(compile_lines(st.statements, granted))

    def eff(ctx: SkillContext):
        if ctx.data.get("step_failed"):
            return
        yield from inner(ctx)
        if not ctx.data.get("did"):
            ctx.data["step_failed"] = True
    return eff


def delayed_effect(st: A.Delayed, granted: dict[str, Skill]):
    """"at the end of this combat:" and its lines: the lines become a skill of their own
    (named as the setting-up skill) that the engine runs once at that moment, with a
    copy of what had been chosen when it was set up (engine/delayed.py)."""
    from fecipher.engine.delayed import schedule
    moment = _MOMENTS[st.moment]
    inner = _lines(compile_lines(st.statements, granted))
    text = render.statement(st)
    made: dict[str, Skill] = {}   # the delayed skill, per name of the skill that sets it up

    def eff(ctx: SkillContext):
        skill = made.get(ctx.skill.name)
        if skill is None:
            skill = made[ctx.skill.name] = Skill(ctx.skill.name, SkillKind.AUTOMATIC, text, effect=inner,
                                                 source_line=st.pos.line)
        player = None
        if st.moment in ("start_of_next_turn", "end_of_next_turn"):
            player = ctx.opponent if st.owner == "opponent" else ctx.controller
        ctx.data["did"] = schedule(ctx.game, ctx, skill, moment, player)
        return
        yield  # pragma: no cover
    return eff


def _mentions_choice(node, chosen: bool, key: str | None = None) -> bool:
    """Whether a statement names what a choice picked: "it"/"them" (``chosen``: the
    latest choice's) or "the chosen ally", "that enemy" (a kept choice; with ``key``,
    the choice's kind, "the chosen card" does not name a choice of enemies)."""
    return any((chosen and r.kind == "chosen") or (r.kind == "picked" and (key is None or r.name == key))
               for r in A.refs_in(node))


def _mentions_other(node) -> bool:
    """Whether a statement names "the other card(s)" a choice among chosen cards left."""
    return any(r.kind == "other_chosen" for r in A.refs_in(node))


def choice_keep(after, choice: A.Action | None = None) -> Callable | None:
    """What a "choose ..." line offers (engine decision 14): the things that at least one
    later line using the choice can act on. The lines using it are the plain lines naming
    it ("move it", "deploy them"), up to the next line that chooses again. If any line
    using it is of another kind ("it gains +10 attack", "if it is red: ..."), that line
    can act on anything, and every candidate is offered (None)."""
    from fecipher.dsl.effects import acts_on
    from fecipher.dsl.selectors import pick_key
    if (choice is not None and isinstance(choice.target, A.Filtered)
            and any(p.kind == "among_chosen" for p in choice.target.posts) and _mentions_other(tuple(after))):
        # "choose 1 of those cards ... the other card": the choice only sorts those cards between
        # the lines naming the chosen ones and those naming the others, every one of them acted on
        # (B17-115R: the opponent chooses which of two cards is deployed and which is sent)
        return None
    # The kind of thing the choice picks ("enemy", "card"): "the chosen card" after a choice of
    # an enemy names another choice, not this one.
    key = pick_key(choice.target, "choose") if choice is not None else None
    tests = []
    chosen = True
    for st in after:
        if not _mentions_choice(st, chosen, key):
            if isinstance(st, A.Action) and st.verb in ("choose", "reveal", "look"):
                chosen = False   # later "it" is that line's
            elif isinstance(st, A.ActorStatement) and st.action.verb == "choose":
                chosen = False   # "your opponent chooses 1 of those cards": later "it" is theirs
            continue
        if not (isinstance(st, A.Action) and selector_kind(st.target) == "chosen"
                and not any(p.kind in ("under", "onto") and p.unit is not None and _mentions_choice(p.unit, True)
                            for p in st.preps)):
            return None
        t = acts_on(st)
        if t is None:
            return None
        tests.append(t)
        if st.verb in ("choose", "reveal", "look"):
            chosen = False
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda ctx, thing, _ts=tuple(tests): any(t(ctx, thing) for t in _ts)


def statement_effect(st: A.Statement, granted: dict[str, Skill], after=()):
    """The effect of one line; ``after``: the lines that follow it in the same effect
    (what a "choose ..." line may offer depends on what they do with the choice)."""
    if control.handles(st):
        return control.compile_statement(st, granted)
    if isinstance(st, A.KeepRest):
        from fecipher.dsl import keep_rest
        return keep_rest.effect(st)
    if isinstance(st, A.Guess):
        from fecipher.dsl import guess
        return guess.effect(st)
    if isinstance(st, A.ExtraPhases):
        from fecipher.dsl import extra_phases
        return extra_phases.effect(st)
    if isinstance(st, A.TwoUnits) and st.verb == "choose":
        return two_part_choice(st, after)
    if isinstance(st, A.TwoUnits):
        return two_units_effect(st)
    if isinstance(st, A.McTransferBan):
        from fecipher.dsl import lose_instead
        return lose_instead.ban_effect(st)
    if isinstance(st, A.DeployBan) and st.verb == "draw":
        from fecipher.dsl import draw_ban
        return draw_ban.effect(st)
    if isinstance(st, A.DeployBan):
        return deploy_ban_effect(st)
    if isinstance(st, A.PlaceBan):
        from fecipher.dsl import place_ban
        return place_ban.effect(st)
    if isinstance(st, A.Again):
        from fecipher.dsl import skill_control
        return skill_control.again_effect(st)
    if isinstance(st, (A.SkillBan, A.LimitLift)):
        from fecipher.dsl import skill_control
        return skill_control.ban_effect(st) if isinstance(st, A.SkillBan) else skill_control.lift_effect(st)
    if isinstance(st, A.Step):
        return step_effect(st, granted)
    if isinstance(st, A.Delayed):
        return delayed_effect(st, granted)
    if isinstance(st, A.CardChange):
        return CV.timed_card_effect(st)
    if isinstance(st, A.SkillCostChange):
        return CV.timed_skill_cost_effect(st)
    if isinstance(st, A.ChoiceWiden):
        from fecipher.dsl import choice_widen
        return choice_widen.timed(st)
    if isinstance(st, A.Modification):
        return modification_effect(st, granted)
    if isinstance(st, A.Guarded):
        return guarded_effect(st, granted)
    if isinstance(st, A.Redirect):
        return redirect_effect(st)
    if isinstance(st, A.Copy):
        return copy_effect(st)
    if isinstance(st, A.ActorStatement):
        return actor_effect(st, choice_keep(after, st.action) if st.action.verb == "choose" else None)
    if isinstance(st, A.Replace):
        return set_up_replacement_effect(st)
    if isinstance(st, A.SupportFail):
        # "cards fail to support X until ...": a timed flag on the units.
        ce = continuous_effects(st, granted)[0]
        until = V.DURATIONS[st.duration.kind] if st.duration is not None else M.END_OF_TURN

        def eff(ctx):
            g = ctx.game
            for u in unit_candidates(ctx, st.units) if not isinstance(st.units, A.Ref) else ref_units(ctx, st.units):
                g.add_modifier(Modifier(M.SUPPORT_FAILS, "flag",
                                        (lambda gm, un, _c=ctx, **kw: ce.value(_c.in_game(gm), un, **kw)), until,
                                        ctx.controller, unit=u.id, turn=g.turn, text=ce.text))
            return
            yield  # pragma: no cover
        return eff
    if st.verb == "choose":
        keep = choice_keep(after, st)
        if any(p.kind == "for_each" for p in st.preps):
            return choose_for_each(st, keep)
        return kept_choice(st, EFFECTS["choose"].build(st, keep))
    return kept_choice(st, EFFECTS[st.verb].build(st))


def compile_lines(statements, granted: dict[str, Skill]) -> list:
    """Each line's effect and whether it starts with nothing done (see :func:`_lines`)."""
    return [(statement_effect(st, granted, statements[i + 1:]), not isinstance(st, A.Guarded))
            for i, st in enumerate(statements)]


def _lines(lines: list) -> Callable:
    """A skill's effect: its lines, each (effect, resets), one after the other
    until the game is over. A line not under "if ...:" (resets) starts with
    nothing done: "if you do" after it asks whether it did something. (One
    generator for the whole effect: an effect runs at every skill resolution.)"""
    def run(ctx: SkillContext):
        for e, resets in lines:
            if ctx.game.over:
                return
            if resets:
                ctx.data["did"] = False
            yield from e(ctx)
    return run


# ------------------------------------------------------------------ skills
def _skill_text(node: A.SkillNode, granted: dict[str, Skill]) -> str:
    """A skill's card text, followed by the text of each granted skill of its card that it
    grants ('... acquires "Anti-Fliers" ...' then '("Anti-Fliers" |CONT| If ...)'), as a
    card prints a granted skill beside the skill that grants it."""
    from fecipher.dsl.skillcheck import acquired_skills
    text = render.skill(node)
    shown = []
    for name, _ in acquired_skills(node):
        if name in granted and name not in shown:
            shown.append(name)
            text += f" ({granted[name].text.removeprefix('(granted) ')})"
    return text


def compile_skill(node: A.SkillNode, granted: dict[str, Skill]) -> Skill:
    # (most skills have no keyword, condition, limit or cost: nothing is built for those)
    kind = KINDS[node.kind]
    keywords = tuple(Keyword(k.name, k.arg) for k in node.keywords) if node.keywords else ()
    # rendered when first asked (Skill.text), with the text of each granted skill it grants
    text = functools.partial(_skill_text, node, granted)
    condition = None
    if node.conditions:
        conds = [compile_condition(c) for c in node.conditions]
        if len(conds) == 1:
            condition = conds[0]
        else:
            condition = (lambda ctx, _cs=tuple(conds): all(c(ctx) for c in _cs))
    once_turn = once_game = False
    for lim, _ in node.limits:
        if lim == "turn":
            once_turn = True
        elif lim == "game":
            once_game = True
    if kind is SkillKind.SPECIAL:
        rules = set()
        ces: list[ContinuousEffect] = []   # "this card's costs ..." while it is in the hand
        for st in node.statements:
            if isinstance(st, A.CardChange):
                ces.extend(CV.card_change_effects(st))
            if isinstance(st, A.Modification):
                rules |= CV.spec_rules(st)   # "this card acquires knife / range 1-2"
                for c in st.changes:
                    if c.kind == "acquire_name" and st.while_state is not None:
                        # "... while it is in your hand" (B22-059HN): a unit name of the card in its
                        # owner's hand only (engine/card_values.py: a card's own SPEC changes hold
                        # there), not an alias it has everywhere
                        ces.append(ContinuousEffect(M.CARD_UNIT_NAMES, "grant", frozenset({c.name}),
                                                    lambda ctx, copy, area: copy is ctx.source,
                                                    render.statement(st)))
                    elif c.kind == "acquire_name":
                        rules.add(f"alias:{c.name}")
                    elif c.kind == "cannot" and V.card_rule_key(c.words, c.by) in V.CARD_RULES and c.of is not None:
                        # "cannot be deployed by skills of non-"Nemesis" cards": only those cards' skills
                        rules.add("no_skill_deploy_of")
                        ces.append(ContinuousEffect(M.SKILL_DEPLOY_SOURCE_RULE, "flag", _skill_source_rule(c.of),
                                                    lambda ctx, u: False, render.change(c, False)))
                    elif c.kind == "cannot" and V.card_rule_key(c.words, c.by) in V.CARD_RULES:
                        rules.add(V.CARD_RULES[V.card_rule_key(c.words, c.by)])
            elif isinstance(st, A.CardRule) and st.kind == "no_onto":
                # "this card cannot be stacked onto "Tibarn" to level up by skills" (engine/deployment.py,
                # onto_refusal): no_onto:<purpose>:<by>:<unit name>
                purpose, by = st.words
                rules.update(f"no_onto:{purpose}:{by}:{n}" for n in (st.ref.names or (st.ref.name,)))
            elif isinstance(st, A.CardRule) and st.kind == "metamorph":
                # "stacked onto "Ike" as a metamorphosis when placed in your support area" (engine
                # decision 43, Moves.settle_metamorphoses): metamorph:<unit name>
                rules.update(f"metamorph:{n}" for n in (st.ref.names or (st.ref.name,)))
            elif isinstance(st, A.CardRule) and st.kind == "level_onto":
                # "this card can level up "Garon" or "Gunter"" (engine/deployment.py, level_onto_names);
                # "... an ally": any unit name (LEVEL_ONTO_ANY)
                from fecipher.dsl.skillcheck import level_onto_any
                from fecipher.engine.deployment import LEVEL_ONTO_ANY
                rules.update({f"level_onto:{LEVEL_ONTO_ANY}"} if level_onto_any(st.ref)
                             else {f"level_onto:{n}" for n in (st.ref.names or (st.ref.name,))})
            elif isinstance(st, A.CardRule):
                rules.add(st.kind)
                if st.ref is not None:   # the line of the reference's units, or not that line
                    rules.add("deploy_line")
                    ces.append(ContinuousEffect(M.DEPLOY_LINE_RULE, "flag", _line_rule(st),
                                                lambda ctx, u: False, render.statement(st)))
                if st.condition is not None:   # "can only be deployed if ...": checked by the engine
                    cond = compile_condition(st.condition)
                    prev = condition
                    condition = (lambda ctx, _c=cond, _p=prev: _c(ctx) and (_p is None or _p(ctx)))
        return Skill(node.name, kind, text, keywords, condition=condition, rules=frozenset(rules),
                     continuous=tuple(ces), source_line=node.pos.line)
    if kind is SkillKind.BOND and node.statements and all(
            isinstance(st, A.CardRule) and st.kind == "cannot_flip_down" for st in node.statements):
        # "this card cannot be flipped face-down": a rule the flip costs and effects read
        # (engine/cards.can_be_flipped_face_down); no effect to use.
        return Skill(node.name, kind, text, keywords, rules=frozenset({"cannot_flip_down"}),
                     source_line=node.pos.line)
    if CV.is_continuous_boundless_skill(node):
        # "If this unit is in your Boundless Area, ..." (B22-087R): changes of units that hold while
        # its card is in its owner's Boundless Area (engine/values.py _boundless_sources)
        ces = tuple(ce for st in node.statements for ce in continuous_effects(st, granted))
        return Skill(node.name, kind, text, keywords, condition=condition, continuous=ces,
                     source_line=node.pos.line)
    if CV.is_continuous_bond_skill(node):
        # "this card acquires ..." while the card is face-up in the Bond Area (no effect to use).
        ces = tuple(ce for st in node.statements for ce in continuous_effects(st, granted))
        return Skill(node.name, kind, text, keywords, condition=condition, continuous=ces,
                     source_line=node.pos.line)
    if kind is SkillKind.CONTINUOUS:
        ces = tuple(ce for st in node.statements for ce in continuous_effects(st, granted))
        # (a cost of a CONT skill is paid when a "you may ... instead" line of it is used)
        paid = tuple(COSTS[c.verb].build(c) for c in node.costs) if node.costs else ()
        reps = tuple(replacement_of(st, paid) for st in node.statements
                     if isinstance(st, A.Replace) and st.replaced not in ("discard", "skill_cost"))
        alts = tuple(alternative_discard_of(st) for st in node.statements
                     if isinstance(st, A.Replace) and st.replaced == "discard")
        # "this unit acquires all [DB] skills of other allies": a rule the engine reads
        # when it works out a unit's skills (Resonance of Dragon's Blood)
        rules = frozenset({DRAGON_BLOOD_RESONANCE}) if any(
            isinstance(st, A.Modification) and any(c.kind == "acquire_keyword_shared" for c in st.changes)
            for st in node.statements) else frozenset()
        return Skill(node.name, kind, text, keywords, condition=condition, continuous=ces, replacements=reps,
                     alternative_discards=alts, rules=rules, source_line=node.pos.line)
    if kind in (SkillKind.HAND, SkillKind.BOND) and node.statements and all(
            isinstance(st, A.Replace) and st.replaced == "discard" for st in node.statements):
        # "you may send this card from your hand ... instead of discarding for an evasion of ...":
        # offered while the card is in the hand (the checker allows nothing else on such a skill);
        # "you may flip this card face-down instead of sending 1 card ..." (a bond skill, B19-076SR):
        # while the card is a face-up bond.
        alts = tuple(alternative_discard_of(st) for st in node.statements)
        return Skill(node.name, kind, text, keywords, alternative_discards=alts, source_line=node.pos.line)
    costs = joint_costs(tuple(COSTS[c.verb].build(c) for c in node.costs)) if node.costs else ()
    if node.triggers and node.triggers[0].instead_of_losing:
        # "instead of losing the game when ...": the skill is a replacement of that loss, its
        # cost, "you may" and lines run in its place (dsl/lose_instead.py)
        from fecipher.dsl import lose_instead
        effect = _lines(compile_lines(node.statements, granted))
        if node.optional:
            condition = _with_something_to_act_on(node, condition)
        return Skill(node.name, kind, text, keywords, ROLES.get(node.role) if node.role else None,
                     once_turn, once_game, (), condition, (), False, None,
                     replacements=(lose_instead.replacement(node, costs, effect),), source_line=node.pos.line)
    triggers = tuple(x for t in node.triggers for x in compile_triggers(t)) if node.triggers else ()
    reps = ()
    if kind is SkillKind.ACTION:
        # "... you may deploy the card sent as this skill's cost instead of sending it to your
        # retreat area": a rule of the cost's card, not an effect line (dsl/cost_replacement.py)
        from fecipher.dsl import cost_replacement
        lines, rules = cost_replacement.split(node.statements)
        if rules:
            node = attrs.evolve(node, statements=lines)
            reps = tuple(cost_replacement.compile_rule(r) for r in rules)
    effect = _lines(compile_lines(node.statements, granted))
    if node.optional:
        condition = _with_something_to_act_on(node, condition)
    return Skill(node.name, kind, text, keywords, ROLES.get(node.role) if node.role else None,
                 once_turn, once_game, costs, condition, triggers, node.optional, effect,
                 replacements=reps, source_line=node.pos.line)


_THROUGH_AN_EARLIER_LINE = object()   # a line that acts only on what an earlier line chose or did


def _line_can_act(st, after, has_earlier: bool = True):
    """What one line of a "you may" skill can act on now (engine decision 14): a test,
    ``None`` when the line acts whatever the board (a change of "this unit", a line of a
    kind no verb describes), or ``_THROUGH_AN_EARLIER_LINE`` for a line that acts only on
    what an earlier line of the skill chose or did ("deploy it", "if you do: ...")."""
    if isinstance(st, A.Choice):
        return control.can_act_any(st)
    if isinstance(st, A.Step):
        return None   # (its lines act on what they choose or reveal)
    if isinstance(st, A.Delayed):
        # Set up now, it acts later on what is there then; after other lines it carries
        # on what they did ("send it ...", then "at the end of this combat: deploy this
        # card", B02-015N): it is judged by them.
        return _THROUGH_AN_EARLIER_LINE if has_earlier else None
    if isinstance(st, A.Redirect):
        # "X is attacked instead": something to act on when an X could become the defender
        # (B04-012N "Shield of Devotion" with no "Mamori Minamoto" ally has nothing).
        if isinstance(st.unit, A.Ref) and _mentions_choice(st.unit, True):
            return _THROUGH_AN_EARLIER_LINE
        return lambda ctx, _u=st.unit: any(
            ctx.game.can_change_defender(u)
            for u in (ref_units(ctx, _u) if isinstance(_u, A.Ref) else unit_candidates(ctx, _u)))
    if isinstance(st, A.Guarded):
        if st.condition.kind == "did" or (st.condition.kind == "all_of" and _mentions_did(st.condition)):
            return _THROUGH_AN_EARLIER_LINE
        # (its condition is not tested: an earlier line of the skill may make it hold)
        return _line_can_act(st.statement, after, has_earlier)
    if isinstance(st, A.Action) and st.verb in EFFECTS:
        if _mentions_choice(st.target, True):
            return _THROUGH_AN_EARLIER_LINE
        if st.verb == "shuffle" and has_earlier:
            # "Afterwards, shuffle your Deck": the end of the search the lines before made
            # (B01-004SR, B04-064HN): paying for the shuffle alone would be paying for nothing.
            return _THROUGH_AN_EARLIER_LINE
        from fecipher.dsl.effects import can_act
        keep = choice_keep(after, st) if st.verb == "choose" else None
        return lambda ctx, _a=st, _k=keep: can_act(ctx, _a, _k)
    if _mentions_choice(st, True):
        return _THROUGH_AN_EARLIER_LINE
    return None


def _with_something_to_act_on(node: A.SkillNode, condition):
    """A "you may" skill with nothing to act on is not offered (engine decision 14):
    declining would be the only outcome, and saying yes would spend a once-per-turn use,
    or the cost, on nothing. It has something to act on when one of its lines has: each
    line's verb says what it can act on (dsl/effects.py can_act); a "choose ..." line
    can act on what the lines using the choice can act on; an "either ..." line, when
    one of its options can; a line that acts only on what an earlier line chose or did
    ("it", "if you do"), an "at the end of ...:" block after other lines (set up for
    later, it carries on what they did) or a "shuffle" after other lines (the end of
    their search) adds nothing of its own. So "choose 1 red card from your
    retreat area, add it to your hand, draw 1" is offered for the draw when the Retreat
    Area has no red card (B04-048SR), and "choose 1 enemy, tap it" is not offered with
    no enemy."""
    statements = node.statements
    tests = []
    for i, st in enumerate(statements):
        t = _line_can_act(st, statements[i + 1:], i > 0)
        if t is None:
            return condition          # a line that acts whatever: always something to do
        if t is not _THROUGH_AN_EARLIER_LINE:
            tests.append(t)
    if not tests:
        return condition
    able = tests[0] if len(tests) == 1 else (lambda ctx, _ts=tuple(tests): any(t(ctx) for t in _ts))
    if condition is None:
        return able
    return lambda ctx, _able=able, _prev=condition: _prev(ctx) and _able(ctx)


def compile_skills(node: A.CardNode) -> tuple[tuple[Skill, ...], tuple[Skill, ...]]:
    """The card's skills and its support skills (printed order). A granted skill is compiled before the
    granted skills that grant it, whatever their order on the card (the checker refuses
    a cycle of grants, which has no such order)."""
    from fecipher.dsl.skillcheck import grant_order
    changeable = CV.skills_with_changed_costs(node)
    granted: dict[str, Skill] = {}
    for s in grant_order(node)[0]:
        granted[s.name] = compile_skill(s, granted)
    skills = []
    supports = []
    for s in node.skills:
        if s.granted:
            continue
        sk = compile_skill(s, granted)
        if sk.name in changeable and sk.costs:
            # Another skill of this card makes this one's cost smaller or free: its costs
            # are asked what they are now (dsl/costs_more.ChangeableCosts).
            sk = attrs.evolve(sk, costs=(ChangeableCosts(sk.costs, sk.name),))
        if s.kind == "support":
            supports.append(sk)
        else:
            skills.append(sk)
    return tuple(skills), tuple(supports)
