"""Triggers of automatic skills: which event wakes a skill, and whose unit it is about.

Each trigger kind maps to one engine event type and to the unit the event is
about (the attacker for "attacks", the deployed unit for "is deployed" ...). The
subject selector ("this", "another ally with cost 2 or less") must match that
unit; "that unit" in the effect then refers to it."""
from __future__ import annotations

from typing import Any, Callable

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.selectors import unit_predicate
from fecipher.engine import events as ev
from fecipher.engine.skills import SkillContext, Trigger


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
    "supported": TriggerKind(ev.SupportSucceeded,
                             lambda g, e: g.battle.battling_unit_of(e.player) if g.battle else None,
                             "when X is supported (its support succeeds)"),
    "attack_ends": TriggerKind(ev.BattleEnded, lambda g, e: e.attacker, "when X's attack ends"),
    "turn_start": TriggerKind(ev.TurnStarted, lambda g, e: None, "at the start of your/your opponent's turn"),
    "turn_end": TriggerKind(ev.PhaseStarted, lambda g, e: None, "at the end of your/your opponent's turn"),
    "class_change_into": TriggerKind(ev.ClassChanged, lambda g, e: e.unit, "when you class change into this"),
    "level_up_into": TriggerKind(ev.LeveledUp, lambda g, e: None if e.growth else e.unit,
                                 "when you level up into this"),
}


def _owner_test(owner: str | None) -> Callable[[SkillContext, int], bool]:
    if owner == "opponent":
        return lambda ctx, p: p != ctx.controller
    if owner == "each":
        return lambda ctx, p: True
    return lambda ctx, p: p == ctx.controller


def compile_trigger(t: A.Trigger) -> Trigger:
    kind = TRIGGERS[t.kind]
    text = render.trigger(t)
    if t.kind in ("turn_start", "turn_end"):
        own = _owner_test(t.owner)
        if t.kind == "turn_start":
            return Trigger(kind.event_type, lambda ctx, e: own(ctx, e.player), text)
        return Trigger(kind.event_type, lambda ctx, e: e.phase == "end" and own(ctx, e.player), text)
    if t.kind in ("class_change_into", "level_up_into"):
        def into(ctx, e):
            if e.card != ctx.source.id or (t.kind == "level_up_into" and e.growth):
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
        if t.how == "skill" and not (e.by_skill and (t.how_skill is None or e.skill == t.how_skill)):
            return False
        if t.how == "hand" and e.by_skill:
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
