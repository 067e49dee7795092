"""Effects about the game itself and about the opponent's choices.

- ``you win the game`` / ``you lose the game``: the game ends at once, when the line
  resolves; the skill's controller is the winner (or the loser), and the game's reason
  names the skill and its card. Nothing after the line runs (the game is over), and a
  skill's conditions and costs are what make it hard to reach: "if your opponent has 0
  orbs: you win the game".
- ``your opponent may <action>`` then ``if they do not: <effect>`` (or ``if they do:``):
  the opponent is asked whether to do the action, as their own (they choose; "their
  hand" is theirs). They are asked only when they can do all of it (all N cards of
  "send 2 cards from their hand ...", all N bonds of "flip 1 bond"); when they cannot,
  or decline, they did not, and "if they do not" runs.

Each statement kind here has its three parts side by side: the checker's rules
(:func:`check`), the compiled effect (:func:`compile_statement`) and the card-like
English (:func:`render_statement`); dsl/skillcheck.py, dsl/skillcompile.py and
dsl/render.py hand these statements over with one line each."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl.selectors import (
    card_candidates, count_range, offerable, picks_all, selector_kind, unit_candidates,
)

# The verbs "your opponent may ..." takes: those whose "all of it" can be told before asking.
OPPONENT_MAY_VERBS = ("send", "put", "add", "flip")


def handles(st) -> bool:
    """Whether the statement is one of this module's."""
    return isinstance(st, (A.GameEnd, A.Choice)) or (isinstance(st, A.ActorStatement) and st.action.optional)


def check(checker, st) -> None:
    """A statement of this module in a skill: only a skill that acts may end the game
    (a CONT or SPEC skill states what holds while it is active)."""
    kind = checker.s.kind
    if isinstance(st, A.GameEnd):
        if kind in ("cont", "spec"):
            checker.err(st.pos, f"'you {st.result} the game' is an effect; a {kind.upper()} skill states what "
                                f"holds and cannot end the game")
        return
    if isinstance(st, A.Choice):
        _check_choice(checker, st)
        return
    # "your opponent may <action>": the actor statement's own checks, then what is supported.
    checker.check_series1_statement(st)
    a = st.action
    if a.verb not in OPPONENT_MAY_VERBS:
        checker.err(a.verb_pos, f"'your opponent may {a.verb} ...' is not supported: the opponent may "
                                f"{', '.join(OPPONENT_MAY_VERBS[:-1])} or {OPPONENT_MAY_VERBS[-1]} (e.g. 'your "
                                f"opponent may send 1 card from their hand to their retreat area', 'your opponent "
                                f"may flip 1 bond')")
        return
    if a.verb != "flip" and (a.target is None or selector_kind(a.target) not in ("card", "unit", "name")):
        checker.err(a.pos, f"'your opponent may {a.verb} ...' takes cards or units of theirs, e.g. '1 card from "
                           f"their hand'")


def _check_choice(checker, st: A.Choice) -> None:
    kind = checker.s.kind
    if kind in ("cont", "spec"):
        checker.err(st.pos, f"'either: ...' chooses an effect; a {kind.upper()} skill states what holds")
        return
    if st.orphan:
        checker.err(st.pos, "an 'or: ...' line follows an 'either: ...' line (or another 'or: ...' line)")
        return
    if len(st.options) < 2:
        checker.err(st.pos, "'either: ...' needs at least one 'or: ...' line right after it")
    for opt in st.options:
        inner = opt.statement if isinstance(opt, A.Guarded) else opt
        if isinstance(inner, A.ActorStatement):
            inner = inner.action
        if isinstance(inner, A.Action) and inner.verb in ("choose", "reveal", "look"):
            checker.err(inner.pos, f"'{inner.verb}' inside 'either:' / 'or:' is not supported: later lines could "
                                   f"not tell what was chosen; choose before the 'either:' line")
            continue
        if isinstance(opt, A.Choice) or isinstance(inner, A.Choice):  # pragma: no cover (not parsable)
            checker.err(opt.pos, "a choice inside a choice is not supported")
            continue
        checker.check_statement(opt)


def _did_owner(c: A.Condition | None) -> str | None:
    """'you' / 'opponent' when the condition is "you do (not)" / "they do (not)" (also as the
    first of "if you do, and B")."""
    if c is not None and c.kind == "all_of":
        c = c.parts[0]
    while c is not None and c.kind == "negation":
        c = c.inner
    if c is not None and c.kind == "did":
        return "opponent" if c.owner == "opponent" else "you"
    return None


def check_skill(checker, s: A.SkillNode) -> None:
    """"if they do (not)" follows a "your opponent may ..." line; "if you do" does not
    (what the opponent did is "they do")."""
    def walk(lines) -> None:
        last = None
        for st in lines:
            if isinstance(st, (A.Delayed, A.Step)):
                walk(st.statements)
            if not isinstance(st, A.Guarded):
                last = st
                continue
            who = _did_owner(st.condition)
            asked = isinstance(last, A.ActorStatement) and last.action.optional
            if who == "opponent" and not asked:
                checker.err(st.condition.pos, "'if they do' / 'if they do not' follows a 'your opponent may ...' "
                                              "line: it is about what the opponent chose")
            elif who == "you" and asked:
                checker.err(st.condition.pos, "after 'your opponent may ...', the opponent is the one who does "
                                              "it or not: write 'if they do' / 'if they do not'")
    walk(s.statements)


def compile_statement(st, granted=None):
    """The effect of a statement of this module."""
    if isinstance(st, A.GameEnd):
        return _game_end(st)
    if isinstance(st, A.Choice):
        return _choice(st, granted or {})
    return _opponent_may(st)


def _can_act(st):
    """Whether an option of a choice has something to act on now (the test a "you may"
    line makes before asking, dsl/effects.py can_act): a thing its verb can act on, the
    bonds its flip needs. (A card it would deploy that no rule lets be deployed is
    not something it can act on.) An option that something unforeseeable stops while it
    resolves (a replacement of its event) is offered and then does nothing."""
    inner = st.statement if isinstance(st, A.Guarded) else st
    if not isinstance(inner, A.Action):
        return lambda ctx: True
    from fecipher.dsl.effects import can_act
    return lambda ctx, _a=inner: can_act(ctx, _a)


def can_act_any(st: A.Choice):
    """Whether one of the options of "either ..." can act now (:func:`_can_act`)."""
    tests = [_can_act(o) for o in st.options]
    return lambda ctx: any(t(ctx) for t in tests)


def _choice(st: A.Choice, granted):
    """The controller picks one of the options that can act (asked only when two or
    more can; none: nothing happens); "did" is what the picked one did."""
    from fecipher.dsl import render
    from fecipher.dsl.skillcompile import statement_effect
    from fecipher.engine.decisions import EFFECT, Option, choose
    effects = [statement_effect(o, granted) for o in st.options]
    tests = [_can_act(o) for o in st.options]
    labels = [render.statement(o) for o in st.options]

    def eff(ctx):
        ctx.data["did"] = False
        able = [i for i, t in enumerate(tests) if t(ctx)]
        if not able:
            return
        pick = able[0]
        if len(able) > 1:
            got = yield from choose(ctx.controller, f"{ctx.skill.name}: choose one effect",
                                    [Option(EFFECT, target=i, label=labels[i]) for i in able])
            pick = got[0].target
        ctx.data["did"] = False
        yield from effects[pick](ctx)
    return eff


def _can_do_all(a: A.Action):
    """Whether the acting player (``ctx.controller``) can do all of the action: enough
    cards or units for its count, enough bonds to flip."""
    if a.verb == "flip":
        from fecipher.dsl.costs import _flip
        cost = _flip(a)
        return cost.can_pay
    from fecipher.dsl.effects import acts_on
    sel = a.target
    kind = selector_kind(sel)
    from fecipher.dsl.selectors import choosable
    chosen = not (isinstance(sel, A.Ref) or picks_all(sel))
    need = 1 if not chosen else max(count_range(sel)[0], 1)
    pred = acts_on(a)   # (engine decision 14: only what the action can act on counts)

    def find(ctx, sel):
        if kind == "card":
            return card_candidates(ctx, sel)
        units = unit_candidates(ctx, sel)
        return [u for u in units if choosable(ctx, u)] if chosen else units   # (a choice: as pick_units)
    return lambda ctx: len(offerable(ctx, find(ctx, sel), pred)) >= need


def _opponent_may(st: A.ActorStatement):
    """The opponent is asked (only when they can do all of it); "did" is whether they did."""
    import attrs

    from fecipher.dsl import render
    from fecipher.dsl.registry import EFFECTS
    from fecipher.engine.decisions import yes_no
    a = st.action
    plain = A.Action(a.verb, a.number, a.target, a.preps, False, a.pos, a.verb_pos)
    inner = EFFECTS[a.verb].build(plain)
    can = _can_do_all(a)
    what = render.action(plain)

    def eff(ctx):
        ctx.data["did"] = False
        sub = attrs.evolve(ctx, controller=ctx.opponent, data=ctx.data)
        if not can(sub):
            return
        if not (yield from yes_no(sub.controller, f"{ctx.skill.name} (your opponent's skill): {what}?")):
            return
        yield from inner(sub)
        ctx.data["did"] = bool(ctx.data.get("did"))
    return eff


def render_statement(st) -> str:
    if isinstance(st, A.GameEnd):
        return f"You {st.result} the game."
    from fecipher.dsl import render
    if isinstance(st, A.Choice):
        parts = [render.statement(o).rstrip(".") for o in st.options]
        parts = [p[:1].lower() + p[1:] for p in parts]
        return "Either " + ", or ".join(parts) + "."
    return render.statement(st)


def _game_end(st: A.GameEnd):
    win = st.result == "win"

    def eff(ctx):
        g = ctx.game
        if g.over:
            return
        who = ctx.controller
        name = ctx.source.card.name if ctx.source is not None else "a card"
        verb = "wins" if win else "loses"
        reason = f"player {who + 1} {verb} the game by \"{ctx.skill.name}\" ({name})"
        ctx.data["did"] = True
        # Game.lose ends the game (GameOver event, winner the other player) and leaves
        # the flow at once, as a Main Character destroyed with no orb left does.
        g.lose(1 - who if win else who, reason)
        yield  # pragma: no cover (lose does not return)
    return eff
