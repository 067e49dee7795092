"""A number of bonds flipped inside an effect counted from a unit's deployment cost:
"[Flip 1 Bond face-down] for each point of Deployment Cost that that enemy has. If you do,
destroy that enemy" (B12-019R Volke, "Lethality"), written

    choose 1 non-main character enemy
    you may flip 1 bond for each point of deployment cost of the chosen enemy
    if you do: destroy it

The line is a cost paid inside an effect, as `you may flip 1 bond` is: N bonds times the
unit's deployment cost (computed, as the unit is when the line runs), all or nothing, asked
only when it can be paid in full; `if you do` after it holds when it was paid. A unit with
a deployment cost of 0 costs nothing: said yes, it is paid (docs/rules.md, engine decision
57). Registered on the effect verb `flip` (the cost line `cost flip ...` does not take it).
"""
from __future__ import annotations

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.registry import EFFECTS
from fecipher.dsl.selectors import ref_units, selector_kind
from fecipher.engine.decisions import yes_no

_FLIP = EFFECTS["flip"]
KIND = "per_cost_point"


def _per(a: A.Action) -> A.Prep | None:
    return next((p for p in a.preps if p.kind == KIND), None)


def _cost_of(a: A.Action, per: A.Prep):
    """ctx -> the FlipCost of that many bonds now, or None when the line names no unit."""
    from fecipher.dsl.costs import _flip
    base = _flip(attrs.evolve(a, preps=tuple(p for p in a.preps if p.kind != KIND)))
    ref = per.unit

    def cost_now(ctx):
        units = ref_units(ctx, ref)
        if len(units) != 1:
            return None   # (the unit has left the field: no cost to count, nothing is done)
        return attrs.evolve(base, n=base.n * ctx.game.cost(units[0]))
    return cost_now


def _build(a: A.Action):
    per = _per(a)
    if per is None:
        return _FLIP.build(a)
    cost_now = _cost_of(a, per)
    text = render.cost_item(a)

    def eff(ctx):
        ctx.data["did"] = False
        flip = cost_now(ctx)
        if flip is None or not flip.can_pay(ctx):
            return
        if a.optional and not (yield from yes_no(ctx.controller, f"{ctx.skill.name}: {text}?")):
            return
        if flip.n:
            yield from flip.pay(ctx)
        ctx.data["did"] = True
    return eff


def _able(a: A.Action):
    per = _per(a)
    if per is None:
        return _FLIP.able(a) if _FLIP.able is not None else None
    cost_now = _cost_of(a, per)

    def able(ctx):
        flip = cost_now(ctx)
        return flip is not None and flip.can_pay(ctx)
    return able


EFFECTS["flip"] = attrs.evolve(
    _FLIP, preps=_FLIP.preps | {KIND}, build=_build, able=_able,
    doc=_FLIP.doc + " 'you may flip 1 bond for each point of deployment cost of the chosen enemy': that "
                    "many bonds times the unit's deployment cost.")


def check(checker, a: A.Action, per: A.Prep, what: str) -> None:
    """'for each point of deployment cost of <unit>': on an effect's 'you may flip N bonds'
    (a number of face-up bonds of yours), counting one unit a reference names."""
    target = a.target
    plain = (isinstance(target, A.Filtered) and target.noun in ("bond", "bonds")
             and (target.quantifier is None or target.quantifier.kind in ("exactly", "one"))
             and not any(p.kind == "face" for p in a.preps))
    if what != "effect" or a.verb != "flip" or not plain or not a.optional:
        checker.err(per.pos, "'for each point of deployment cost of ...' is supported on an effect's "
                             "'you may flip N bonds' ('you may flip 1 bond for each point of deployment cost of "
                             "the chosen enemy'): here it is not supported")
        return
    checker.check_selector(per.unit)
    if not isinstance(per.unit, A.Ref) or selector_kind(per.unit) not in ("unit", "chosen", "name"):
        checker.err(per.pos, "'for each point of deployment cost of ...' names one unit by a reference "
                             "('the chosen enemy', 'it', 'this unit'): a card or a filter is not supported")
