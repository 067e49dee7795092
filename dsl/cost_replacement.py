"""A card an ACT skill's cost sends to the Retreat Area deployed instead: "[Send 1 <Mirage>
card from your hand to the Retreat Area] ... If the discarded card has a [CF] skill, you may
deploy that card instead of sending it to your Retreat Area" (P04-011PR Itsuki, "Fatal
Sword"), written as the skill's last line

    if the card sent as this skill's cost has a [CF] skill: you may deploy the card sent as this skill's cost instead of sending it to your retreat area

The line is a rule of the skill's cost, not an effect line: as the cost sends the card
(dsl/costs.py send_for_cost offers the move to replacements first), its controller may
deploy it in its place when the condition holds for it (offered only when the card can be
deployed: rule 5, a line). The cost is paid all the same; the card deployed is not "sent to
the Retreat Area as the cost" (`for each card sent ... as the cost of this skill` does not
count it). The effect lines run after, as usual.
"""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl.selectors import COST_SENT, place_area

_MSG = ("a card deployed instead of going to the Retreat Area is supported in an ACT skill for the card its "
        "cost sends there: 'if the card sent as this skill's cost has a [CF] skill: you may deploy the card "
        "sent as this skill's cost instead of sending it to your retreat area'; here it is not supported")


def is_cost_card_replacement(st) -> bool:
    """"... the card sent as this skill's cost ... instead of ...", bare or under an 'if ...:'."""
    inner = st.statement if isinstance(st, A.Guarded) else st
    return (isinstance(inner, A.Replace) and isinstance(getattr(inner.action, "target", None), A.Ref)
            and inner.action.target.kind == "cost_card")


def check(checker, st: A.Replace) -> None:
    a = st.action
    sends = [c for c in checker.s.costs if c.verb == "send" and any(
        p.kind == "to" and place_area(p.place) == "retreat" for p in c.preps)]
    if (checker.s.kind != "act" or st.replaced != "place" or a.verb != "deploy" or st.cause is not None
            or st.instead_of is None or place_area(st.instead_of) != "retreat" or st.instead_of.owner != "your"
            or not sends):
        checker.err(st.pos, _MSG)


def check_guard(checker, g: A.Guarded) -> None:
    """The condition of such a line is asked of the card being sent: it names that card."""
    def about_the_card(c) -> bool:
        if c.kind in ("any_of", "all_of"):
            return all(about_the_card(x) for x in c.parts)
        if c.kind == "negation":
            return about_the_card(c.inner)
        return isinstance(c.subject, A.Ref) and c.subject.kind == "cost_card"
    if not about_the_card(g.condition):
        checker.err(g.condition.pos, "the condition of a card deployed instead of being sent as this skill's cost "
                                     "asks about that card ('if the card sent as this skill's cost has a [CF] "
                                     "skill'); another condition is not supported")


def split(statements) -> tuple[tuple, tuple]:
    """(the ACT skill's effect lines, its lines that govern the cost's card)."""
    rules = tuple(st for st in statements if is_cost_card_replacement(st))
    return tuple(st for st in statements if not is_cost_card_replacement(st)), rules


def compile_rule(st):
    """The Replacement (engine/skills.py) of one such line: it acts on the move of a card
    this skill's cost is sending to the Retreat Area, while that cost is being paid."""
    from fecipher.dsl.conditions import compile_condition
    from fecipher.dsl.skillcompile import replacement_of
    from fecipher.engine.skills import Replacement
    guard = compile_condition(st.condition) if isinstance(st, A.Guarded) else None
    inner = replacement_of(st.statement if isinstance(st, A.Guarded) else st)

    def apply(ctx, e):
        acting = ctx.game.acting
        if not acting or e.dest != "retreat":
            return None
        actx, part = acting[-1]
        if part != "cost" or actx.skill is not ctx.skill or actx.unit_id != ctx.unit_id:
            return None
        ctx.data[COST_SENT] = [ctx.game.copy(e.card)]   # ("the card sent as this skill's cost": that one)
        if guard is not None and not guard(ctx):
            return None
        return inner.apply(ctx, e)
    return Replacement(inner.event_type, apply, inner.text, inner.optional, instead=inner.instead)
