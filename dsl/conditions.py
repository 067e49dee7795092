"""Conditions ("if this unit is attacking a <Flier>", "during your turn",
"if you have fewer orbs than your opponent"), compiled into tests of a context."""
from __future__ import annotations

from typing import Callable

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl.selectors import (
    card_candidates, card_has, card_predicate, count_things, is_levelled_up, ref_things, ref_units, selector_kind,
    ref_known, things_names, unit_candidates, unit_has, unit_predicate,
)
from fecipher.engine.cards import CardCopy
from fecipher.engine.cards import card_unit_names
from fecipher.engine.skills import SkillContext
from fecipher.engine.state import Unit

Test = Callable[[SkillContext], bool]

# What "fewer X than your opponent" counts.
COUNTABLE = {
    "orbs": lambda p: len(p.orbs), "orb": lambda p: len(p.orbs),
    "cards": lambda p: len(p.hand), "bonds": lambda p: len(p.bonds), "bond": lambda p: len(p.bonds),
    "allies": lambda p: len(p.units), "units": lambda p: len(p.units),
}


# How "you have ... than / as your opponent" compares your count with theirs.
COMPARISONS = {
    "fewer": lambda mine, theirs: mine < theirs,
    "more": lambda mine, theirs: mine > theirs,
    "same": lambda mine, theirs: mine == theirs,
    "as many or fewer": lambda mine, theirs: mine <= theirs,
    "as many or more": lambda mine, theirs: mine >= theirs,
}


def compile_condition(c: A.Condition) -> Test:
    k = c.kind
    if k == "negation":
        inner = compile_condition(c.inner)
        return lambda ctx: not inner(ctx)
    if k in ("any_of", "all_of"):   # "A, or B" / "A, and B"
        parts = tuple(compile_condition(x) for x in c.parts)
        if k == "any_of":
            return lambda ctx: any(t(ctx) for t in parts)
        return lambda ctx: all(t(ctx) for t in parts)
    if k == "guess":
        from fecipher.dsl import guess
        return guess.condition(c)
    if k == "during":
        phase = c.name   # "during your deployment phase": also in that phase
        if c.owner == "each" and phase:   # "during each player's deployment phase"
            return lambda ctx: ctx.game.phase == phase
        if c.owner == "opponent":
            if phase:
                return lambda ctx: ctx.game.turn_player != ctx.controller and ctx.game.phase == phase
            return lambda ctx: ctx.game.turn_player != ctx.controller
        if phase:
            return lambda ctx: ctx.game.turn_player == ctx.controller and ctx.game.phase == phase
        return lambda ctx: ctx.game.turn_player == ctx.controller
    if k == "is_state":
        st = compile_state(c.state)
        subj = c.subject

        if isinstance(subj, A.Ref) and subj.kind in ("chosen", "picked", "this_card", "event_card", "deck_top",
                                                     "support_card", "revealed_by"):
            # A reference that may stand for cards ("reveal ..." then "if it is tome"):
            # the state is read on each card's printed qualities.
            on_cards = readable_on_cards(c.state)

            def is_state_things(ctx: SkillContext) -> bool:
                things = subject_things(ctx, subj)
                if not things:
                    return False
                for t in things:
                    if isinstance(t, CardCopy) and not on_cards:
                        return False   # a card off the field is not attacking, tapped ...
                    if not st(ctx, t):
                        return False
                return True
            return is_state_things

        q = subj.quantifier if isinstance(subj, A.Filtered) else None
        if q is not None and (q.kind in ("one", "another") or (q.kind == "exactly" and q.n == 1)):
            # "if a "Lloyd" or "Linus" ally is attacked": one of the units that match is
            # enough (a count of one names any one of them, not all of them).
            def is_state_some(ctx: SkillContext) -> bool:
                for u in subject_units(ctx, subj):
                    if st(ctx, u):
                        return True
                return False
            return is_state_some

        def is_state(ctx: SkillContext) -> bool:
            units = subject_units(ctx, subj)
            if not units:
                return False
            for u in units:   # all(...), without a generator: asked in every battle
                if not st(ctx, u):
                    return False
            return True
        return is_state
    if k == "have_count":
        kind, n = c.quantity
        counted = c.counted
        if isinstance(counted, A.Filtered) and counted.noun in ("unit", "units") and c.owner != "field":
            # "you have 3 or more units" / "your opponent has ...": the units of the one who
            # has them (a bare "units" elsewhere names both players' units, as "there are 7
            # units on the field" does)
            counted = attrs.evolve(counted, noun="ally" if counted.noun == "unit" else "allies")
        counter = counter_of(counted)
        if c.owner == "opponent":   # "your opponent has ... in their hand": counted from their side
            mine = counter
            counter = lambda ctx, _m=mine: _m(attrs.evolve(ctx, controller=ctx.opponent))  # noqa: E731
        if kind == "odd":
            return lambda ctx: counter(ctx) % 2 == 1
        if kind == "even":
            return lambda ctx: counter(ctx) % 2 == 0
        if kind == "at_least":
            return lambda ctx: counter(ctx) >= n
        if kind == "at_most":
            return lambda ctx: counter(ctx) <= n
        return lambda ctx: counter(ctx) == n
    if k == "have_reference":
        subj = c.subject
        return lambda ctx: bool(subject_units(ctx, subj))
    if k == "compare_with_opponent":
        # "you have fewer orbs than your opponent", "the same number of", "as many or fewer";
        # "cards in your retreat area" counts that area of each player (else "cards": the hand)
        comp, what = c.words
        f = COUNTABLE[what]
        if c.state is not None:
            from fecipher.dsl.selectors import place_area
            area = place_area(c.state)
            f = lambda p: len(p.area_cards(area))   # noqa: E731
        test = COMPARISONS[comp]
        return lambda ctx: test(f(ctx.game.players[ctx.controller]), f(ctx.game.players[ctx.opponent]))
    if k == "levelling_up":
        # a SPEC cost of this card asked for its level up onto such a unit (the engine asks
        # the card's deployment cost "as placed": engine/deployment.placement_cost)
        return lambda ctx: bool(ctx.data.get("levelling"))
    if k == "did":
        # "if you do": whether the last effect line not itself under "if you do/don't" did something.
        return lambda ctx: bool(ctx.data.get("did"))
    if k == "has_raised_attack":   # "if it has attack raised by 10 or more by skills"
        op, n = c.quantity
        subj = c.subject

        def raised(ctx: SkillContext) -> bool:
            units = [t for t in subject_things(ctx, subj) if isinstance(t, Unit)]
            return bool(units) and all(_cmp(op, ctx.game.attack_raised_by_skills(u), n) for u in units)
        return raised
    if k == "has_stat":
        stat = c.words[0]
        op, n = c.quantity
        subj = c.subject

        def has_stat(ctx: SkillContext) -> bool:
            things = subject_things(ctx, subj)
            return bool(things) and all(_cmp(op, stat_value(ctx, t, stat), n) for t in things)
        return has_stat
    if k == "has_stack":   # "this unit has 3 or more cards in its stack"
        op, n = c.quantity
        subj = c.subject

        def has_stack(ctx: SkillContext) -> bool:
            units = subject_units(ctx, subj)
            return bool(units) and all(_cmp(op, len(u.cards), n) for u in units)
        return has_stack
    if k == "has_weapons":   # "this unit has 3 or more different weapons": printed and acquired, not lost
        from fecipher.dsl.vocabulary import WEAPON_WORDS
        op, n = c.quantity
        subj = c.subject
        weapons = frozenset(WEAPON_WORDS)

        def has_weapons(ctx: SkillContext) -> bool:
            units = subject_units(ctx, subj)
            return bool(units) and all(_cmp(op, len(ctx.game.types(u) & weapons), n) for u in units)
        return has_weapons
    if k == "same_name":   # "it has the same unit name as your opponent's main character"
        subj, other = c.subject, c.counted

        def same_name(ctx: SkillContext) -> bool:
            theirs = things_names(ctx, ref_known(ctx, other))
            things = subject_things(ctx, subj)
            return bool(theirs) and bool(things) and all(things_names(ctx, (t,)) & theirs for t in things)
        return same_name
    if k in ("has_support_skill", "has_keyword_skill", "has_named_skill"):   # "the card supporting this unit has a support skill"
        from fecipher.dsl.skill_control import compile_condition as _skill_condition
        return _skill_condition(c)
    if k == "happened":   # "if an ally was destroyed this turn" (dsl/history.py)
        from fecipher.dsl.history import compile_happened
        return compile_happened(c)
    if k == "spec_in_effect":   # "if this unit's "War-God's Stance" was in effect"
        from fecipher.dsl.spec_in_effect import compile_condition as _spec_in_effect
        return _spec_in_effect(c)
    if k == "support_failed":   # "if your opponent's support failed this combat"
        from fecipher.dsl.history import compile_support_failed
        return compile_support_failed(c)
    if k == "first_attack":   # "if the attack is the first this turn"
        from fecipher.dsl.history import compile_first_attack
        return compile_first_attack(c)
    if k == "has_critical_hit":   # "if this unit has critical hit this combat"
        from fecipher.dsl.history import compile_has_critical_hit
        return compile_has_critical_hit(c)
    if k == "has_destroyed":   # "if your attacking unit has destroyed an enemy this combat"
        from fecipher.dsl.history import compile_has_destroyed
        return compile_has_destroyed(c)
    if k == "you_used":
        # "you have used a [CP] / a hand skill / "X" this turn": an action, bond or hand skill of
        # yours used (its cost paid: a SkillUsed event) in the turn going on.
        from fecipher.dsl.history import events_this_turn
        from fecipher.dsl.triggers import _has_keyword, _skill_kind_of
        from fecipher.engine import events as ev
        spec = c.state
        names = frozenset(spec.get("skills", ()))
        kind = spec.get("skill_kind")
        wanted_kind = kind if kind not in (None, "any", "keyword") else None
        keyword = spec["keyword"].name if spec.get("keyword") is not None else None

        def you_used(ctx: SkillContext) -> bool:
            g = ctx.game
            for e in events_this_turn(g):
                if not isinstance(e, ev.SkillUsed) or e.player != ctx.controller:
                    continue
                if names and e.skill not in names:
                    continue
                if wanted_kind is not None and _skill_kind_of(g, e.card, e.skill) != wanted_kind:
                    continue
                if keyword is not None and not _has_keyword(g, e.card, e.skill, keyword):
                    continue
                return True
            return False
        return you_used
    if k == "used_skill":
        name = c.name
        subj = c.subject
        times = c.quantity[1] if c.quantity else 1   # LIS: "used "X" 2 times this turn"

        def used(ctx: SkillContext) -> bool:
            for u in subject_units(ctx, subj):
                if ctx.game.skill_uses.get((ctx.game.turn, u.id, name), 0) >= times:
                    return True
            return False
        return used
    raise ValueError(k)


def _cmp(op: str, a: int, b: int) -> bool:
    return a <= b if op == "le" else a >= b if op == "ge" else a == b


def subject_things(ctx: SkillContext, sel: A.Selector) -> list:
    """Units, or cards ("it" after "reveal ..."), a condition's subject names."""
    if isinstance(sel, A.Ref) and sel.kind in ("chosen", "picked"):
        return ref_things(ctx, sel)
    if selector_kind(sel) == "card":
        return card_candidates(ctx, sel)
    return subject_units(ctx, sel)


def stat_value(ctx: SkillContext, thing, stat: str) -> int:
    """A unit's value now (attack as computed), or a card's printed value."""
    g = ctx.game
    if isinstance(thing, Unit):
        if stat == "attack":
            return g.attack(thing)
        if stat == "cost":
            return g.cost(thing)
        if stat == "support":
            return g.base_card(thing).support
        return max(g.ranges(thing), default=0)
    card = thing.card
    if stat == "range":
        return max(card.ranges, default=0)
    return getattr(card, stat)


def subject_units(ctx: SkillContext, sel: A.Selector) -> list[Unit]:
    if isinstance(sel, A.Ref):
        if sel.kind == "named":
            return [u for u in ctx.game.players[ctx.controller].units if sel.name in ctx.game.unit_names(u)]
        return ref_units(ctx, sel)
    return unit_candidates(ctx, sel)


def counter_of(sel: A.Filtered) -> Callable[[SkillContext], int]:
    """What "you have N ..." counts ("2 or more white bonds": a face-down bond shows no
    symbol or type, so only face-up ones; "face-down bonds", "face-up orbs" by face; "3 or
    more cards sent to your deck by this skill": what this skill's own lines moved there,
    as "for each" counts it)."""
    if isinstance(sel, A.Filtered) and any(p.kind in ("sent_here", "drawn_here", "tapped_here", "cost_tapped_here", "cost_sent_here", "returned_here") for p in sel.posts):
        from fecipher.dsl.skillcompile import count_of
        return count_of(sel)
    return count_things(sel)


# States a card (not a unit) has: its printed qualities and unit names.
CARD_STATES = frozenset({"quality", "unit_name", "any", "not"})


def readable_on_cards(s: A.State) -> bool:
    """Can this state be read on a card off the field ("if it is tome" after "reveal")?"""
    if s.kind == "not":
        return readable_on_cards(s.arg)
    if s.kind == "any":
        return all(readable_on_cards(x) for x in s.arg)
    return s.kind in CARD_STATES


def _battle_seat(seat: str, other_seat: str, other: Callable | None) -> Callable[[SkillContext, Unit], bool]:
    """"is attacking (a ...)" / "is attacked (by ...)": the unit holds ``seat`` of the
    battle (attacker or defender), and the unit in ``other_seat`` matches ``other``."""
    def in_seat(ctx, u):
        b = ctx.game.battle
        if b is None or getattr(b, seat) != u.id:
            return False
        if other is None:
            return True
        o = ctx.game.unit(getattr(b, other_seat))
        return o is not None and other(_as_neutral(ctx), o)
    return in_seat


def compile_state(s: A.State) -> Callable[[SkillContext, Unit], bool]:
    k = s.kind
    if k == "attacking":
        return _battle_seat("attacker", "defender", unit_predicate(s.arg) if s.arg is not None else None)
    if k == "attacked":
        return _battle_seat("defender", "attacker", unit_predicate(s.arg) if s.arg is not None else None)
    if k == "supported_by":
        pred = card_predicate(s.arg)

        def supported(ctx, u):
            b = ctx.game.battle
            if b is None or b.battling_unit_of(u.owner) != u.id or not b.support_ok.get(u.owner):
                return False
            card = b.supports.get(u.owner)
            return card is not None and pred(ctx, card)
        return supported
    if k == "in_line":
        line = s.arg
        return lambda ctx, u: u.area == line
    if k == "in_combat":
        other = unit_predicate(s.arg)

        def in_combat(ctx, u):
            b = ctx.game.battle
            if b is None or u.id not in (b.attacker, b.defender):
                return False
            o = ctx.game.unit(b.defender if u.id == b.attacker else b.attacker)
            return o is not None and other(ctx, o)
        return in_combat
    if k == "class_changed":
        return lambda ctx, u: u.class_changed
    if k == "tapped":
        return lambda ctx, u: u.tapped
    if k == "untapped":
        return lambda ctx, u: not u.tapped
    if k == "main_character":
        # "is your main character" (yours), "is your opponent's main character", "is a main character"
        if s.arg == "opponent":
            return lambda ctx, u: isinstance(u, Unit) and u.is_main_character and u.owner != ctx.controller
        if s.arg == "any":
            return lambda ctx, u: isinstance(u, Unit) and u.is_main_character
        return lambda ctx, u: isinstance(u, Unit) and u.is_main_character and u.owner == ctx.controller
    if k == "levelled_up":
        return lambda ctx, u: isinstance(u, Unit) and is_levelled_up(u)
    if k == "unit_name":   # TS: "if your main character is "Chrom""; a card: its printed unit name
        n = s.arg
        return lambda ctx, u: n in (card_unit_names(u.card) if isinstance(u, CardCopy) else ctx.game.unit_names(u))
    if k == "quality":   # a unit's qualities as computed; a card's as printed
        w = s.arg[0]
        return lambda ctx, u: card_has(u.card, w) if isinstance(u, CardCopy) else unit_has(ctx, u, w)
    if k == "any":       # "is red or blue", 'is "Kent" or female'
        alts = tuple(compile_state(x) for x in s.arg)
        return lambda ctx, u: any(t(ctx, u) for t in alts)
    if k == "not":
        inner = compile_state(s.arg)
        return lambda ctx, u: not inner(ctx, u)
    raise ValueError(k)


def _as_neutral(ctx: SkillContext) -> SkillContext:
    # "attacking a <Flier>" / "attacked by a non-<Tome>": a "unit" noun matches either side.
    return ctx
