"""Conditions on what happened this turn: "if an ally was destroyed this turn",
"if this unit was moved this turn", "if an orb from your opponent's orbs was
destroyed this turn".

They are read from the game's event list (the turn going on starts at its
TurnStarted), so they hold exactly when the published events say so: a unit
"was deployed" when a Deployed event of this turn names it, and so on.

- deployed, moved, attacked, growthed, class changed, levelled up: the unit the
  event names, if it is still on the field, must match the selector (its filters
  are asked of it as it is now);
- destroyed: the unit is gone (or, an MC, stayed): only its side and whether it
  was the Main Character are known, so the selector may only say "an ally",
  "an enemy", "a unit", "a non-main character ally" ... (the checker refuses more);
- an orb destroyed: an orb of that area's owner went to the hand this turn (broken
  by an attack or destroyed by a skill).
"""
from __future__ import annotations

from typing import Any, Callable

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.selectors import card_place, selector_kind, unit_predicate
from fecipher.engine import events as ev
from fecipher.engine.skills import SkillContext

# The events that say it happened, and the unit each names. A class change is a level up
# (001, p.23), as for the trigger "when X levels up" and the filter "levelled up this turn".
UNIT_EVENTS: dict[str, tuple[tuple[type, ...], Callable[[Any], int | None]]] = {
    "deployed": ((ev.Deployed,), lambda e: e.unit),
    "moved": ((ev.Moved,), lambda e: e.unit),
    "attacked": ((ev.AttackDeclared,), lambda e: e.defender),
    "growthed": ((ev.LeveledUp,), lambda e: e.unit if e.growth else None),
    "levelled up": ((ev.LeveledUp, ev.ClassChanged), lambda e: None if getattr(e, "growth", False) else e.unit),
    "class changed": ((ev.ClassChanged,), lambda e: e.unit),
}
HISTORY_EVENTS = frozenset(UNIT_EVENTS) | {"destroyed"}


def events_this_turn(game) -> list:
    """The events of the turn going on, latest first."""
    out = []
    for e in reversed(game.events):
        if isinstance(e, ev.TurnStarted):
            break
        out.append(e)
    return out


def destroyed_selector_ok(sel: A.Selector) -> bool:
    """What "X was destroyed this turn" can ask of a unit no longer on the field: its
    side, and whether it was (not) the Main Character ("a main character enemy": "If your
    attacking unit destroys the opponent's Main Character", B11-003HN)."""
    if isinstance(sel, A.Ref):
        return False
    return (selector_kind(sel) == "unit" and not sel.posts
            and all(q.kind in ("not_main_character", "main_character") for q in sel.qualifiers)
            and (sel.quantifier is None or sel.quantifier.kind in ("one", "another", "all")))


def _since_declaration(game) -> list:
    """The events of the combat going on (from its attack's declaration), latest first;
    none outside a combat."""
    if game.battle is None:
        return []
    out = []
    for e in reversed(game.events):
        out.append(e)
        if isinstance(e, (ev.AttackDeclared, ev.TurnStarted)):
            break
    return out


def compile_has_critical_hit(c: A.Condition) -> Callable[[SkillContext], bool]:
    """"X has critical hit this combat": X performed a critical hit (step 3 of the battle)
    in the combat going on, whether or not the attack was then evaded ("When this unit's
    Critical Hit is evaded" is the evasion trigger under this condition). False outside a
    combat."""
    from fecipher.dsl.conditions import subject_units
    subj = c.subject

    def has_critical_hit(ctx: SkillContext) -> bool:
        ids = {u.id for u in subject_units(ctx, subj)}
        if not ids:
            return False
        for e in _since_declaration(ctx.game):
            if isinstance(e, ev.CriticalHit) and e.unit in ids:
                return True
        return False
    return has_critical_hit


def compile_has_destroyed(c: A.Condition) -> Callable[[SkillContext], bool]:
    """"X has destroyed <an enemy> this combat / this turn": X's attack destroyed such a
    unit (an MC too: rule 4) in the combat going on / in this turn. The destroyed unit is
    asked only its side and whether it was the Main Character."""
    from fecipher.dsl.conditions import subject_units
    subj, obj = c.subject, c.counted
    side = V.UNIT_NOUNS.get(obj.noun, "unit")
    non_mc = any(q.kind == "not_main_character" for q in obj.qualifiers)
    mc_only = any(q.kind == "main_character" for q in obj.qualifiers)
    combat = c.words[0] == "combat"

    def has_destroyed(ctx: SkillContext) -> bool:
        g = ctx.game
        ids = {u.id for u in subject_units(ctx, subj)}
        if not ids:
            return False
        for e in (_since_declaration(g) if combat else events_this_turn(g)):
            if not isinstance(e, ev.UnitDestroyed) or not e.in_battle or e.by_unit not in ids:
                continue
            if side != "unit" and (e.player == ctx.controller) != (side == "ally"):
                continue
            if (non_mc and e.is_main_character) or (mc_only and not e.is_main_character):
                continue
            return True
        return False
    return has_destroyed


def compile_happened(c: A.Condition) -> Callable[[SkillContext], bool]:
    what = c.words[0]
    sel = c.subject
    if selector_kind(sel) == "orb":
        place = card_place(sel) if isinstance(sel, A.Filtered) else None
        theirs = place is not None and place.owner == "opponent"

        def orb_destroyed(ctx: SkillContext) -> bool:
            owner = ctx.opponent if theirs else ctx.controller
            return any(isinstance(e, ev.OrbBroken) and e.player == owner for e in events_this_turn(ctx.game))
        return orb_destroyed
    if what == "destroyed":
        side = V.UNIT_NOUNS.get(sel.noun, "unit")
        non_mc = any(q.kind == "not_main_character" for q in sel.qualifiers)
        mc_only = any(q.kind == "main_character" for q in sel.qualifiers)
        other = sel.quantifier is not None and sel.quantifier.kind == "another"

        def destroyed(ctx: SkillContext) -> bool:
            for e in events_this_turn(ctx.game):
                if not isinstance(e, ev.UnitDestroyed):
                    continue
                if side != "unit" and (e.player == ctx.controller) != (side == "ally"):
                    continue
                if (non_mc and e.is_main_character) or (mc_only and not e.is_main_character) \
                        or (other and e.unit == ctx.unit_id):
                    continue
                return True
            return False
        return destroyed
    etypes, unit_of = UNIT_EVENTS[what]
    if isinstance(sel, A.Ref) and sel.kind == "this":
        test = lambda ctx, u: u.id == ctx.unit_id  # noqa: E731
    else:
        test = unit_predicate(sel)

    def happened(ctx: SkillContext) -> bool:
        g = ctx.game
        for e in events_this_turn(g):
            if type(e) in etypes:
                u = g.unit(unit_of(e))
                if u is not None and test(ctx, u):
                    return True
        return False
    return happened


def compile_first_attack(c: A.Condition) -> Callable[[SkillContext], bool]:
    """"the attack is the first this turn" (B11-093SR "When this unit attacks and if it is the
    first attack this turn", B12-059SR "When this unit's attack ends, if it is the first attack
    to occur in this turn"): the attack that triggered the skill is the turn's only declared
    attack so far. A skill triggered by an attack (or by its end) resolves before another attack
    can be declared, so one attack declared this turn is that attack; an attacker that has left
    the field still counts (the turn's events are read, not the units)."""
    def first(ctx: SkillContext) -> bool:
        return sum(isinstance(e, ev.AttackDeclared) for e in events_this_turn(ctx.game)) == 1
    return first



def compile_support_failed(c: A.Condition) -> Callable[[SkillContext], bool]:
    """"<owner> support failed this combat" ("When this unit's attack ends, if your opponent's
    support card failed to support the enemy during that attack", B13-045R): a SupportFailed
    event of that player since the turn's last attack was declared. The checker allows it only
    in a skill triggered when an attack or a combat ends, which resolves before another attack
    can be declared: the last attack declared is the one that ended."""
    theirs = c.owner == "opponent"

    def failed(ctx: SkillContext) -> bool:
        player = ctx.opponent if theirs else ctx.controller
        for e in events_this_turn(ctx.game):
            if isinstance(e, ev.SupportFailed) and e.player == player:
                return True
            if isinstance(e, ev.AttackDeclared):
                return False
        return False
    return failed
