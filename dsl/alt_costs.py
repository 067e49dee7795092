"""Another way to pay the cost of a skill of the same card (docs/skill-language.md,
"Another way to pay a skill's cost"): the CONT line

    you may destroy 1 other ally instead of paying the cost of "Darksphere" or "Bloodstained Divine Lance"

lets the unit's controller pay the named skill's cost with the action written (a cost, paid
in full) in place of the printed one, while the CONT skill is active (its conditions hold,
the unit has not lost it). When both can be paid, the controller chooses as the cost is paid
(dsl/costs_more.ChangeableCosts); with only one payable, that one is paid; the skill is
offered when either can be. The skill is used all the same ("once per turn", "has used",
"when you use" count it). Compiled to a continuous effect of the unit (M.SKILL_ALT_COST)."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.registry import COSTS
from fecipher.engine import modifiers as M


def check(ch, st: A.Replace) -> None:
    """A CONT skill's line naming ACT skills of this card that have a cost; the action is a cost."""
    s = ch.s
    if s.kind != "cont":
        ch.err(st.pos, "another way to pay a skill's cost ('you may ... instead of paying the cost of \"X\"') "
                       f"is a CONT skill's line: in a{'n' if s.kind in ('act', 'auto') else ''} "
                       f"{s.kind.upper()} skill it is not supported")
        return
    if s.costs:
        ch.err(st.pos, "'... instead of paying the cost of \"X\"' is the cost paid: a cost line on its CONT skill "
                       "is not supported")
    a = st.action
    if a.verb not in COSTS:
        ch.err(a.verb_pos, f"'{a.verb} ... instead of paying the cost' is not supported: what is paid instead is "
                           f"a cost, e.g. 'tap this unit' or 'destroy 1 other ally'")
        return
    ch.check_paid_instead(a)
    if len(set(st.skill_names)) != len(st.skill_names):
        ch.err(st.pos, "a skill is named twice")
    for name in st.skill_names:
        target = next((x for x in ch.card.skills if x.name == name and not x.granted), None)
        if target is None:
            ch.err(st.pos, f"\"{name}\" is not an ACT skill of this card: another way to pay a cost is one of "
                           f"this unit's ACT skills' costs")
        elif target.kind != "act":
            ch.err(st.pos, f"\"{name}\" is an {target.kind.upper()} skill: another way to pay its cost is not "
                           f"supported (this unit's ACT skills only)")
        elif not target.costs:
            ch.err(st.pos, f"\"{name}\" has no cost")


def continuous(st: A.Replace):
    """The unit's continuous effect: for the named skills, (costs, text)."""
    from fecipher.engine.skills import ContinuousEffect, this_unit
    costs = (COSTS[st.action.verb].build(st.action),)
    text = render.cost_item(st.action)
    names = frozenset(st.skill_names)

    def value(ctx, u, skill=None, **kw):
        return (costs, text) if skill in names else None
    return [ContinuousEffect(M.SKILL_ALT_COST, "alt", value, this_unit, render.statement(st))]
