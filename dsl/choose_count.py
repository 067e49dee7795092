"""A choice whose count depends on a condition: "Choose 1 enemy in the Back Line, and move them. If
this unit has been Leveled Up, you may instead choose up to 2 enemies in the Back Line, and move
them" (B03-042N) is

    choose 1 enemy in the back line, or up to 2 if this unit is levelled up
    move them

The condition is asked when the line resolves: when it holds the line chooses with the second
count, otherwise with the first. Either way it is one choice, kept under one name (`it`, `them`,
`the chosen enemy` name what it took), so the lines after it need no condition of their own.
Only a `choose` line with a counted selector takes it (a number, `up to N`, `any number of`); the
two counts differ; "for each ...", "at random" and a line choice do not combine with it.

The checker's rules (:func:`check`), the compiled effect (:func:`build`) and the English (in
dsl/render.py) are side by side; dsl/skillcheck.py and dsl/effects.py hand the line over with one
call each."""
from __future__ import annotations

import attrs

from fecipher.dsl import ast as A

KIND = "count_if"
_COUNTS = ("exactly", "one", "up_to", "any_number")


def prep(a: A.Action) -> A.Prep | None:
    """The line's ", or N if <condition>" (None: a line without one)."""
    return next((p for p in a.preps if p.kind == KIND), None)


def without(a: A.Action) -> A.Action:
    """The line as written for the first count (the prep removed)."""
    return attrs.evolve(a, preps=tuple(p for p in a.preps if p.kind != KIND))


def _with_count(a: A.Action, q: A.Quantifier) -> A.Action:
    """The line as written for the second count."""
    return attrs.evolve(without(a), target=attrs.evolve(a.target, quantifier=q))


def _same(q1: A.Quantifier | None, q2: A.Quantifier) -> bool:
    if q1 is None:
        return False
    norm = {"one": ("exactly", 1)}
    return norm.get(q1.kind, (q1.kind, q1.n)) == norm.get(q2.kind, (q2.kind, q2.n))


def check(a: A.Action, what: str, err, check_condition) -> A.Action:
    """Refuse what the construct does not take, check the condition, and return the line
    without the prep for the checks of its verb."""
    p = prep(a)
    if p is None:
        return a
    q = a.target.quantifier if isinstance(a.target, A.Filtered) else None
    if what != "effect" or a.verb != "choose":
        err(p.pos, "', or N if ...' changes how many a 'choose' effect line chooses, e.g. 'choose 1 enemy, "
                   "or up to 2 if this unit is levelled up'")
    elif q is None or q.kind not in _COUNTS:
        err(p.pos, "', or N if ...' needs a count to change: 'choose 1 enemy ...', 'choose up to 1 ally ...'")
    elif p.count.kind not in _COUNTS:
        err(p.count.pos, "the other count is a number, 'up to N' or 'any number': 'all' / 'each' is not a "
                         "count to choose")
    elif _same(q, p.count):
        err(p.count.pos, "the other count is the same as the first: drop ', or ... if ...'")
    elif any(x.kind in ("for_each", "at_random", "without_looking", "opponent_chooses", "line_choice")
             for x in a.preps):
        err(p.pos, "', or N if ...' does not go with 'for each ...', 'at random', 'without looking' or a "
                   "line choice")
    check_condition(p.condition)
    return without(a)


def build(a: A.Action, keep, base_build):
    """Two choices built by the verb's own builder, one per count; the condition picks one
    as the line resolves."""
    from fecipher.dsl.conditions import compile_condition
    p = prep(a)
    first = base_build(without(a), keep)
    second = base_build(_with_count(a, p.count), keep)
    holds = compile_condition(p.condition)

    def eff(ctx, **kw):
        yield from (second if holds(ctx) else first)(ctx, **kw)
    return eff


def install(effects: dict) -> None:
    """Let the registered "choose" take the prep (called once, after dsl/effects_hidden.py)."""
    plain = effects["choose"]

    def builder(a: A.Action, keep=None):
        if prep(a) is None:
            return plain.build(a, keep)
        return build(a, keep, plain.build)

    effects["choose"] = attrs.evolve(plain, preps=plain.preps | {KIND}, build=builder)
