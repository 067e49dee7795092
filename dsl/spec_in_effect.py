"""Whether a SPEC skill changed the class-change cost paid: "When you Class Change into
this card, if this unit's "War-God's Stance" was in effect, ..." (B12-061R Say'ri), written

    spec "War-God's Stance"
      if you have 5 or more bonds
      the class change cost of this card becomes 5
    auto "Life-and-Death Dual-Wielding"
      when you class change into this
      if this unit's "War-God's Stance" was in effect
      ...

The skill named is a SPEC skill of the same card that changes its own class-change cost;
it was in effect when its condition held as the card class changed the unit from the hand
(the engine remembers it then: Game.cc_cost_specs, engine/moves.py), not when the AUTO
skill resolves. Asked only by a skill triggered by `when you class change into this`.
"""
from __future__ import annotations

from fecipher.dsl import ast as A


def _changes_own_cc_cost(skill: A.SkillNode) -> bool:
    return skill.kind == "spec" and any(
        isinstance(st, A.CardChange) and st.stat == "cc_cost"
        and isinstance(st.subject, A.Ref) and st.subject.kind == "this_card"
        for st in skill.statements)


def check(checker, c: A.Condition) -> None:
    s = checker.s
    if s.kind != "auto" or not any(t.kind == "class_change_into" for t in s.triggers):
        checker.err(c.pos, "'this unit's \"X\" was in effect' asks about the class change that triggered the "
                           "skill: it is said after 'when you class change into this' in an AUTO skill; here it "
                           "is not supported")
        return
    named = [x for x in checker.card.skills if x.name == c.name and not x.granted]
    if not named or not any(_changes_own_cc_cost(x) for x in named):
        checker.err(c.pos, f"'this unit's \"{c.name}\" was in effect' names a SPEC skill of this card that "
                           "changes its own class change cost ('the class change cost of this card becomes 5'): "
                           "another skill is not supported")


def compile_condition(c: A.Condition):
    name = c.name

    def was_in_effect(ctx) -> bool:
        e = ctx.event
        card = getattr(e, "card", None)
        if card is None:
            return False
        return name in ctx.game.cc_cost_specs.get(card, frozenset())
    return was_in_effect
