"""Triggers of automatic skills: which event wakes a skill, and whose unit it is about.

Each trigger kind maps to one engine event type and to the unit the event is
about (the attacker for "attacks", the deployed unit for "is deployed" ...). The
subject selector ("this", "another ally with cost 2 or less") must match that
unit; "that unit" in the effect then refers to it."""
from __future__ import annotations

import functools
from typing import Any, Callable

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import vocabulary as V
from fecipher.dsl.selectors import card_place, card_predicate, place_area, unit_predicate
from fecipher.engine import events as ev
from fecipher.engine.cards import card_unit_names
from fecipher.engine.skills import SkillContext, SkillKind, Trigger


@attrs.frozen
class TriggerKind:
    event_type: type
    unit_of: Callable[[Any, Any], int | None]   # (game, event) -> the unit the event is about
    doc: str


TRIGGERS: dict[str, TriggerKind] = {
    "attacks": TriggerKind(ev.AttackDeclared, lambda g, e: e.attacker, "when X attacks"),
    "attacked": TriggerKind(ev.AttackDeclared, lambda g, e: e.defender, "when X is attacked"),
    "deployed": TriggerKind(ev.Deployed, lambda g, e: e.unit, "when X is deployed"),
    "class_changes": TriggerKind(ev.ClassChanged, lambda g, e: e.unit, "when X class changes"),
    "levels_up": TriggerKind(ev.LeveledUp, lambda g, e: None if e.growth else e.unit, "when X levels up"),
    "destroyed": TriggerKind(ev.UnitDestroyed, lambda g, e: e.unit, "when X is destroyed"),
    "destroys": TriggerKind(ev.UnitDestroyed, lambda g, e: e.by_unit if e.in_battle else None,
                            "when X's attack destroys Y"),
    "skill_destroys": TriggerKind(ev.UnitDestroyed, lambda g, e: e.by_unit if not e.in_battle else None,
                                  "when X's skill \"S\" destroys Y"),
    "moves": TriggerKind(ev.Moved, lambda g, e: e.unit, "when X is moved"),
    "critical_hits": TriggerKind(ev.CriticalHit, lambda g, e: e.unit, "when X critical hits"),
    "evades": TriggerKind(ev.Evaded, lambda g, e: e.unit, "when X evades"),
    "supported": TriggerKind(ev.SupportJudgedSuccessful,
                             lambda g, e: g.battle.battling_unit_of(e.player) if g.battle else None,
                             "when X is supported (its support succeeds)"),
    "attack_ends": TriggerKind(ev.BattleEnded, lambda g, e: e.attacker, "when X's attack ends"),
    "turn_start": TriggerKind(ev.TurnStarted, lambda g, e: None, "at the start of your/your opponent's turn"),
    "turn_end": TriggerKind(ev.PhaseStarted, lambda g, e: None, "at the end of your/your opponent's turn"),
    # ---- added for the wider pool
    "tapped": TriggerKind(ev.Tapped, lambda g, e: e.unit, "when X is tapped"),
    "untapped": TriggerKind(ev.Untapped, lambda g, e: e.unit, "when X is untapped"),
    "growthed": TriggerKind(ev.LeveledUp, lambda g, e: e.unit if e.growth else None, "when X is growthed"),
    "fails_to_destroy": TriggerKind(ev.BattleEnded, lambda g, e: None if e.destroyed else e.attacker,
                                    "when X's attack fails to destroy Y"),
    "combat_ends": TriggerKind(ev.BattleEnded, lambda g, e: e.attacker, "when a combat X took part in ends"),
    "uses": TriggerKind(ev.SkillUsed, lambda g, e: e.unit, "when X uses a skill"),
    "card_to": TriggerKind(ev.CardMoved, lambda g, e: None, "when a card is placed in / sent to / added to A"),
    "revealed": TriggerKind(ev.Revealed, lambda g, e: None, "when a card is revealed"),
    "draws": TriggerKind(ev.Drew, lambda g, e: None, "when you / your opponent draw a card"),
    "support_fails": TriggerKind(ev.SupportFailed, lambda g, e: None, "when your / your opponent's support fails"),
    "phase_start": TriggerKind(ev.PhaseStarted, lambda g, e: None, "at the start of your / ... Action Phase"),
    "phase_end": TriggerKind(ev.PhaseEnded, lambda g, e: None, "at the end of your / ... Action Phase"),
    "class_change_into": TriggerKind(ev.ClassChanged, lambda g, e: e.unit, "when you class change into this"),
    "level_up_into": TriggerKind(ev.LeveledUp, lambda g, e: None if e.growth else e.unit,
                                 "when you level up into this"),
}


def trigger_about(t: A.Trigger) -> frozenset[str]:
    """What "that unit" / "that card" can name after trigger line ``t``: "unit" for a
    trigger about a unit (its subject: the attacker, the destroyed unit ...), "card" for
    one about a card (moved, revealed, drawn, an orb destroyed); nothing for the start or
    end of a turn or phase. A skill with several trigger lines ("When this unit's attack
    or its skill destroys an enemy") names "that unit" only if every line gives one."""
    if t.kind in ("card_to", "revealed", "draws") or (t.kind == "destroyed" and orb_subject(t)):
        return frozenset({"card"})
    if t.kind in ("turn_start", "turn_end", "phase_start", "phase_end") or (t.kind == "uses" and t.subject is None):
        return frozenset()
    if t.kind in ("support_fails", "uses"):
        return frozenset({"unit", "card"})
    return frozenset({"unit"})


def _owner_test(owner: str | None) -> Callable[[SkillContext, int], bool]:
    if owner == "opponent":
        return lambda ctx, p: p != ctx.controller
    if owner == "each":
        return lambda ctx, p: True
    return lambda ctx, p: p == ctx.controller


def compile_triggers(t: A.Trigger) -> tuple[Trigger, ...]:
    """The engine triggers of one trigger line: most listen to one event type; a card
    going to an area listens to every event that moves a card there."""
    if t.kind == "card_to":
        return _card_to(t)
    if t.kind == "destroyed" and orb_subject(t):
        return (_orb_destroyed(t),)
    if t.kind == "cards_sent_by_skill":
        return (_cards_sent_by_skill(t),)
    if t.kind == "levels_up":
        # A class change is a level up (001, p.23: a level up with a card that has a
        # class-change cost "becomes a class change"), so "when X levels up" listens to both.
        return (compile_trigger(t), compile_trigger(attrs.evolve(t, kind="class_changes")))
    return (compile_trigger(t),)


def orb_subject(t: A.Trigger) -> bool:
    """"when an orb from your opponent's orbs is destroyed": a trigger about an orb."""
    return isinstance(t.subject, A.Filtered) and t.subject.noun in V.ORB_NOUNS


def _orb_destroyed(t: A.Trigger) -> Trigger:
    """An orb of that player went to the hand: broken by an attack (rule 4) or
    destroyed by a skill (both publish OrbBroken). "that card" is the orb's card.
    "... by an attack (of X)" (B21-001SR "destroyed by this unit's attack"): an orb broken
    because an attack destroyed the Main Character, asked of that destruction as
    "is destroyed by an attack (of X)" asks it (the checker allows no other cause)."""
    place = card_place(t.subject)
    owner = _place_owner_test(place) if place is not None else (lambda ctx, p: p == ctx.controller)
    cause = destroyed_cause(t)

    def match(ctx, e):
        if not owner(ctx, e.player):
            return False
        if cause is not None:
            d = _orb_break_destruction(ctx.game.events)
            if d is None or not cause(ctx, d):
                return False
        ctx.data["that_card"] = e.card
        return True
    return Trigger(ev.OrbBroken, match, functools.partial(render.trigger, t))


def _orb_break_destruction(events: list) -> "ev.UnitDestroyed | None":
    """The Main Character's destruction whose orbs the last OrbBroken event broke (rule 4:
    the destruction, then OrbsBreaking, then one OrbBroken per orb, with only the skills they
    trigger between), or None when that orb was destroyed otherwise (by a skill's effect or
    cost, which publishes OrbBroken with no OrbsBreaking before it)."""
    i = len(events) - 1
    while i >= 0 and isinstance(events[i], (ev.OrbBroken, ev.SkillTriggered)):
        i -= 1
    if i < 0 or not isinstance(events[i], ev.OrbsBreaking):
        return None
    breaking = events[i]
    i -= 1
    while i >= 0 and isinstance(events[i], ev.SkillTriggered):
        i -= 1
    d = events[i] if i >= 0 else None
    if not isinstance(d, ev.UnitDestroyed) or d.player != breaking.player or not d.is_main_character:
        return None
    return d


def compile_trigger(t: A.Trigger) -> Trigger:
    kind = TRIGGERS[t.kind]
    text = functools.partial(render.trigger, t)   # (rendered when first asked: Trigger.text)
    if t.kind in NEW_KINDS:
        return _new_trigger(t, kind, text)
    if t.kind in ("turn_start", "turn_end"):
        own = _owner_test(t.owner)
        if t.kind == "turn_start":
            return Trigger(kind.event_type, lambda ctx, e: own(ctx, e.player), text)
        return Trigger(kind.event_type, lambda ctx, e: e.phase == "end" and own(ctx, e.player), text)
    if t.kind in ("class_change_into", "level_up_into"):
        came_from = t.card_name   # 'from "Unit, Title"': the card under this one when it was placed

        def into(ctx, e):
            if e.card != ctx.source.id or (t.kind == "level_up_into" and e.growth):
                return False
            if came_from is not None:
                # (asked as the event is published: the stack is as the level up left it)
                u = ctx.game.unit(e.unit)
                if u is None or len(u.cards) < 2 or u.cards[0].id != e.card or u.cards[1].card.name != came_from:
                    return False
            ctx.data["that_unit"] = e.unit
            return True
        return Trigger(kind.event_type, into, text)
    subject = t.subject
    if isinstance(subject, A.Ref) and subject.kind == "this":
        subj_ok = lambda ctx, u: u is not None and u.id == ctx.unit_id  # noqa: E731
    else:
        pred = unit_predicate(subject)
        subj_ok = lambda ctx, u: u is not None and pred(ctx, u)  # noqa: E731
    obj_pred = unit_predicate(t.obj) if t.obj is not None else None
    cause = destroyed_cause(t) if t.kind == "destroyed" else None
    by_acting = acting_test(t) if t.kind in ACTING_KINDS else None
    deployed_source = ((place_area(t.source), _place_owner_test(t.source))
                       if t.kind == "deployed" and t.source is not None else None)
    # "when an enemy evades this unit": the attacker whose attack was evaded.
    evaded_pred = unit_predicate(t.by) if t.kind == "evades" and t.by is not None else None

    def match(ctx: SkillContext, e) -> bool:
        g = ctx.game
        uid = kind.unit_of(g, e)
        if uid is None:
            return False
        u = g.unit(uid)
        if not subj_ok(ctx, u):
            return False
        if t.kind == "skill_destroys" and e.by_skill != t.name:
            return False
        if by_acting is not None:
            if not by_acting(ctx):
                return False
        elif t.how == "skill" and not (e.by_skill and (t.how_skill is None or e.skill == t.how_skill)):
            return False
        elif t.how == "hand" and e.by_skill:
            return False
        # "is moved to the front line" / "is deployed in the front line"
        if t.line is not None and (e.area if t.kind == "deployed" else e.dest) != t.line:
            return False
        # "is deployed from your bond area": the area the card left (Game.deployed_from, set
        # for the Deployed event being published), of the player the place names
        if deployed_source is not None and (g.deployed_from != deployed_source[0]
                                            or not deployed_source[1](ctx, e.player)):
            return False
        if cause is not None and not cause(ctx, e):
            return False
        if evaded_pred is not None:
            b = g.battle
            attacker = g.unit(b.attacker) if b is not None else None
            if attacker is None or not evaded_pred(ctx, attacker):
                return False
        if obj_pred is not None:
            other = g.unit(e.unit) if isinstance(e, ev.UnitDestroyed) else None
            if other is None or not obj_pred(ctx, other):
                return False
        ctx.data["that_unit"] = uid
        if isinstance(e, ev.UnitDestroyed) and t.kind in ("destroys", "skill_destroys"):
            ctx.data["destroyed_unit"] = e.unit
        card = getattr(e, "card", None)
        if isinstance(card, int):
            ctx.data["that_card"] = card
        return True
    return Trigger(kind.event_type, match, text)


# ------------------------------------------------------------------ triggers added for the wider pool
# Triggers whose "by a skill", "by "X"", "by your (opponent's) skill", "not by a skill"
# ask which skill was being resolved (its cost paid or its effect carried out) when the
# event was published (Game.acting).
ACTING_KINDS = frozenset({"tapped", "untapped", "moves", "card_to", "draws", "revealed"})
_UNIT_SKILL_KINDS = frozenset({"ACT", "AUTO", "CONT", "SPEC"})   # SkillKind values of a unit's skills


def acting_test(t: A.Trigger) -> Callable[[SkillContext], bool] | None:
    """The test of a trigger's "by ..." on the skill acting now, or None (no "by")."""
    how, name = t.how, t.how_skill
    if how is None:
        return None
    by_unit = _subject_test(t.how_by) if how == "skill_of" else None

    def test(ctx: SkillContext) -> bool:
        acting = ctx.game.acting
        cur = acting[-1][0] if acting else None
        if how == "hand":          # "not by a skill"
            return cur is None
        if cur is None:
            return False
        if name is not None and cur.skill.name != name:
            return False
        if name is not None:
            # what that skill has revealed so far ("the card revealed by "X"", dsl/selectors.py)
            ctx.data["acting_revealed"] = tuple(c.id for c, _area in cur.data.get("revealed") or ())
        if how == "own_skill":     # "by this unit's "X"": used by the unit whose trigger it is
            return cur.unit_id is not None and cur.unit_id == ctx.unit_id
        if how == "your_skill":
            return cur.controller == ctx.controller
        if how == "opponent_skill":
            return cur.controller != ctx.controller
        if how == "support_skill":   # "via the effect of a Support Skill"
            from fecipher.engine.skills import SkillKind
            return cur.skill.kind is SkillKind.SUPPORT
        if how == "skill_of":
            # "by a skill of another ally" / 'by "Winged Deliverer" of this unit': a skill of a
            # unit (printed, acquired or shared: the unit is its source) that the selector
            # names, asked as the unit is now; not a bond, hand, Retreat Area or support skill
            if cur.unit_id is None or cur.skill.kind.value not in _UNIT_SKILL_KINDS:
                return False
            return by_unit(ctx, ctx.game.unit(cur.unit_id))
        if how in ("ally_or_support_skill", "enemy_or_support_skill"):
            # "by an ally's skill or your support skill" / "as a result of an enemy's skill or
            # your opponent's Support Skill": a skill of one of that player's units (its own,
            # acquired or shared: a unit is its source) or that player's support skill; not a
            # bond, hand or Retreat Area skill, which no unit has
            from fecipher.engine.skills import SkillKind
            if (cur.controller == ctx.controller) != (how == "ally_or_support_skill"):
                return False
            return cur.skill.kind is SkillKind.SUPPORT or (
                cur.unit_id is not None and cur.skill.kind.value in _UNIT_SKILL_KINDS)
        return True
    return test

NEW_KINDS = frozenset({"fails_to_destroy", "combat_ends", "uses", "revealed", "draws", "support_fails",
                       "phase_start", "phase_end"})


def _subject_test(subject: A.Selector | None) -> Callable[[SkillContext, Any], bool]:
    if subject is None:
        return lambda ctx, u: True
    if isinstance(subject, A.Ref) and subject.kind == "this":
        return lambda ctx, u: u is not None and u.id == ctx.unit_id
    pred = unit_predicate(subject)
    return lambda ctx, u: u is not None and pred(ctx, u)


def side_only(sel: A.Selector) -> str | None:
    """"an ally" / "an enemy" / "a unit" with no filter: the side it names (tested on a
    player, where no unit may be at hand: a bond or hand skill has none)."""
    if (isinstance(sel, A.Filtered) and not sel.qualifiers and not sel.posts
            and (sel.quantifier is None or sel.quantifier.kind in ("one", "all"))):
        return V.UNIT_NOUNS.get(sel.noun)
    return None


def _used_skill(game, card_id: int, name: str):
    """The skill named ``name`` a card used: printed on it, or given to it (a bond skill
    given to bond cards, recorded when used: Game.skills_used_unprinted)."""
    for s in game.copy(card_id).card.skills:
        if s.name == name:
            return s
    return game.skills_used_unprinted.get((card_id, name))


def _skill_kind_of(game, card_id: int, name: str) -> str | None:
    """The kind ("act", "bond", "hand") of the skill named ``name`` of a card."""
    s = _used_skill(game, card_id, name)
    if s is None:
        return None
    return {SkillKind.ACTION: "act", SkillKind.BOND: "bond", SkillKind.HAND: "hand"}.get(s.kind)


def _has_keyword(game, card_id: int, name: str, keyword: str) -> bool:
    """Whether the skill named ``name`` of a card carries ``keyword`` ([LIS], [CP] ...)."""
    if any(s.name == name and s.has_keyword(keyword) for s in game.copy(card_id).card.skills):
        return True
    s = game.skills_used_unprinted.get((card_id, name))
    return s is not None and s.has_keyword(keyword)


def _new_trigger(t: A.Trigger, kind: TriggerKind, text: Callable[[], str]) -> Trigger:
    subj_ok = _subject_test(t.subject)
    by_ok = _subject_test(t.by) if t.by is not None else None
    own = _owner_test(t.owner)

    if t.kind == "fails_to_destroy":
        # The battle ended and its attack destroyed nothing (evaded, too weak, or the
        # defender was saved): the attacker is "that unit"; the defender must match "by".
        def fails(ctx, e):
            g = ctx.game
            if e.destroyed:
                return False
            a, d = g.unit(e.attacker), g.unit(e.defender)
            if not subj_ok(ctx, a) or (by_ok is not None and not by_ok(ctx, d)):
                return False
            ctx.data["that_unit"] = e.attacker
            return True
        return Trigger(ev.BattleEnded, fails, text)

    if t.kind == "combat_ends":
        # Either battling unit still on the field: the attacker is tried first.
        def ends(ctx, e):
            g = ctx.game
            for uid in (e.attacker, e.defender):
                if subj_ok(ctx, g.unit(uid)):
                    ctx.data["that_unit"] = uid
                    return True
            return False
        return Trigger(ev.BattleEnded, ends, text)

    if t.kind == "uses":
        names = frozenset(t.skills)
        wanted_kind = t.skill_kind if t.skill_kind not in (None, "any", "keyword") else None
        keyword = t.keyword.name if t.keyword is not None else None

        def uses(ctx, e):
            if names and e.skill not in names:
                return False
            if t.card_name is not None and t.card_name not in card_unit_names(ctx.game.copy(e.card).card):
                return False
            if wanted_kind is not None and _skill_kind_of(ctx.game, e.card, e.skill) != wanted_kind:
                return False
            if keyword is not None and not _has_keyword(ctx.game, e.card, e.skill, keyword):
                return False
            if t.subject is None:          # "when you use ..."
                if not own(ctx, e.player):
                    return False
            else:
                if e.unit is None or not subj_ok(ctx, ctx.game.unit(e.unit)):
                    return False
                ctx.data["that_unit"] = e.unit
            ctx.data["that_card"] = e.card
            return True
        return Trigger(ev.SkillUsed, uses, text)

    by_acting = acting_test(t)

    if t.kind == "revealed":
        pred, place = _card_test(t.subject)

        def revealed(ctx, e):
            if by_acting is not None and not by_acting(ctx):
                return False
            if place is not None and (e.source != place[0] or not place[1](ctx, e.player)):
                return False
            g = ctx.game
            for cid in e.cards:
                if pred(ctx, g.copy(cid)):
                    ctx.data["that_card"] = cid
                    return True
            return False
        return Trigger(ev.Revealed, revealed, text)

    if t.kind == "draws":
        def draws(ctx, e):
            if not own(ctx, e.player) or (by_acting is not None and not by_acting(ctx)):
                return False
            ctx.data["that_card"] = e.card
            return True
        return Trigger(ev.Drew, draws, text)

    if t.kind == "support_fails":
        def support_fails(ctx, e):
            if not own(ctx, e.player):
                return False
            ctx.data["that_card"] = e.card
            b = ctx.game.battle
            if b is not None:
                ctx.data["that_unit"] = b.battling_unit_of(e.player)
            return True
        return Trigger(ev.SupportFailed, support_fails, text)

    if t.kind in ("phase_start", "phase_end"):
        phase = t.phase
        return Trigger(kind.event_type, lambda ctx, e: e.phase == phase and own(ctx, e.player), text)
    raise ValueError(t.kind)


def destroyed_cause(t: A.Trigger) -> Callable[[SkillContext, Any], bool] | None:
    """"is destroyed by an attack (of X)", "in battle", "by a skill (of X)", "by "S"":
    a test on the UnitDestroyed event (None when the line names no cause). With a second
    cause ("by an attack of this unit or by "X""), either one."""
    if t.cause is None:
        return None
    if getattr(t, "or_cause", None) is not None:
        one = destroyed_cause(attrs.evolve(t, or_cause=None))
        two = destroyed_cause(attrs.evolve(t, cause=t.or_cause.get("cause"), by=t.or_cause.get("by"),
                                           name=t.or_cause.get("name"), or_cause=None))
        return lambda ctx, e: one(ctx, e) or two(ctx, e)
    in_battle = t.cause == "battle"
    name = t.name
    by = t.by
    side = side_only(by) if by is not None else None
    by_pred = unit_predicate(by) if by is not None and side is None else None

    effect_only = getattr(t, "cause_part", None) == "effect"

    def cause(ctx, e):
        if e.in_battle != in_battle:
            return False
        if not in_battle and (e.by_skill is None or (name is not None and e.by_skill != name)):
            return False
        if effect_only:
            # "by a skill's effect": published while a skill's effect is carried out
            # (Game.acting), not while a cost is paid ("destroy this unit" as a cost)
            acting = ctx.game.acting
            if not acting or acting[-1][1] != "effect":
                return False
        if by is None:
            return True
        if side is not None:   # whose attack or skill: the player's side
            return side == "unit" or (e.by_player == ctx.controller) == (side == "ally")
        u = ctx.game.unit(e.by_unit)
        return u is not None and by_pred(ctx, u)
    return cause


def _card_test(sel: A.Selector | None):
    """(a test on a card, (area, owner test) of its "from/in ..." filter or None)."""
    if sel is None:
        return (lambda ctx, c: True), None
    if isinstance(sel, A.Ref) and sel.kind == "this_card":
        pred = lambda ctx, c: c.id == ctx.source.id  # noqa: E731
    else:
        pred = card_predicate(sel)
    place = card_place(sel) if isinstance(sel, A.Filtered) else None
    if place is None:
        return pred, None
    return pred, (place_area(place), _place_owner_test(place))


def _place_owner_test(place: A.Place) -> Callable[[SkillContext, int], bool]:
    if place.owner == "opponent":
        return lambda ctx, p: p != ctx.controller
    if place.owner in ("your",):
        return lambda ctx, p: p == ctx.controller
    return lambda ctx, p: True   # "the bond area", "each player's": either player's


# The events that put a card into an area: (event type, (game, event) -> [(card id,
# from area, to area, its owner)]).
_CARD_MOVES: tuple[tuple[type, Callable[[Any, Any], list]], ...] = (
    (ev.CardMoved, lambda g, e: [(e.card, e.source, e.dest, e.player)]),
    (ev.UnitLeftField, lambda g, e: [(c, "field", e.dest, e.player) for c in e.cards]),
    (ev.SupportPlaced, lambda g, e: [(e.card, "deck", "support", e.player)]),
    (ev.SupportFailed, lambda g, e: [(e.card, "support", "retreat", e.player)]),
    (ev.OrbBroken, lambda g, e: [(e.card, "orbs", "hand", e.player)]),
)


def _card_to(t: A.Trigger) -> tuple[Trigger, ...]:
    """"when a card is placed in your bond area / sent to your retreat area / added to
    your hand": every event that moves a card to that area (a card moved, a unit's
    stack leaving the field, a support card placed or failing, an orb broken or
    destroyed). "that card" is the card. "placed face-up / face-down in your bond area":
    only a card that is a bond of that face when it arrives (asked when the event is
    published, before anything can flip it)."""
    text = functools.partial(render.trigger, t)   # (rendered when first asked: Trigger.text)
    dest = place_area(t.place)
    dest_owner = _place_owner_test(t.place)
    if isinstance(t.subject, A.Ref) and t.subject.kind == "this":
        # A Boundless Area skill's "when this unit is sent to your boundless area" (the
        # checker allows no other): its card was the top card of a unit whose stack left
        # the field for that area (a card of the stack under it was not the unit).
        unit_by = acting_test(t)   # ("... by your opponent's skill": the skill carried out)

        def unit_sent(ctx, e):
            return (e.dest == dest and bool(e.cards) and e.cards[0] == ctx.source.id
                    and dest_owner(ctx, e.player) and (unit_by is None or unit_by(ctx)))
        return (Trigger(ev.UnitLeftField, unit_sent, text),)
    pred, source = _card_test(t.subject)
    if t.source is not None:     # "sent from your hand to ...": the area it came from
        source = (place_area(t.source), _place_owner_test(t.source))
    by_acting = acting_test(t)
    face_up = None if t.face is None else t.face == "face-up"
    out = []
    for etype, moves in _CARD_MOVES:
        def match(ctx, e, _moves=moves):
            g = ctx.game
            if by_acting is not None and not by_acting(ctx):
                return False
            for cid, src, to, owner in _moves(g, e):
                if to != dest or not dest_owner(ctx, owner):
                    continue
                if source is not None and (src != source[0] or not source[1](ctx, owner)):
                    continue
                if face_up is not None and not any(
                        b.copy.id == cid and b.face_up == face_up for b in g.players[owner].bonds):
                    continue
                if pred(ctx, g.copy(cid)):
                    ctx.data["that_card"] = cid
                    return True
            return False
        out.append(Trigger(etype, match, text))
    return tuple(out)


def _cards_sent_by_skill(t: A.Trigger) -> Trigger:
    """"when cards are sent to your opponent's retreat area by this unit's "X"" (B02-060SR):
    once for each use of this unit's ACT skill "X" whose effect moved one or more cards to
    that area, when the skill has resolved, about all of them ("those cards", in the order
    they went). What its cost moved is not counted: the cost is paid before the use (the
    SkillUsed event), and the cards moved between the use and its SkillResolved are the
    effect's (triggered skills wait until the skill has resolved)."""
    text = functools.partial(render.trigger, t)   # (rendered when first asked: Trigger.text)
    dest = place_area(t.place)
    dest_owner = _place_owner_test(t.place)
    name = t.name
    moves = dict(_CARD_MOVES)

    def match(ctx, e):
        if e.skill != name or e.unit is None or e.unit != ctx.unit_id:
            return False
        events = ctx.game.events
        i = len(events) - 1
        while i >= 0 and events[i] is not e:
            i -= 1
        j = i - 1
        while j >= 0 and not isinstance(events[j], ev.TurnStarted) and not (
                isinstance(events[j], ev.SkillUsed) and events[j].skill == name and events[j].unit == e.unit):
            j -= 1
        cards: list[int] = []
        for x in events[j + 1:max(i, 0)]:
            got = moves.get(type(x))
            if got is None:
                continue
            for cid, src, to, owner in got(ctx.game, x):
                if to == dest and dest_owner(ctx, owner) and cid not in cards:
                    cards.append(cid)
        if not cards:
            return False
        ctx.data["those_cards"] = tuple(cards)
        return True
    return Trigger(ev.SkillResolved, match, text)
