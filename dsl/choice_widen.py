"""A named skill of this card chooses more: one skill widening the choice another skill of
the same card makes.

    this unit's "Aether, the Occult Skill" can choose your opponent's main character
        ("If there are no non-Main Character enemies, your opponent's Main Character becomes
        the enemy who can be destroyed by this unit's "Aether, the Occult Skill"", B22-008SR,
        a CONT skill: under its condition)
    this unit's "Queen of Dawn" can choose 1 card with cost 7 or lower instead of 2 or lower until the end of the turn
        ("Until the end of the turn, you may choose 1 card with a Deployment Cost of 7 or lower,
        instead of 2 or lower, for this unit's "Queen of Dawn"", B20-051SR, an ACT skill)

The named skill has one choice of that kind of thing (units or cards) in its effect. While the
widening holds on the unit (a CONT skill active, or a timed change on it), that choice, made
by that skill of that unit, also offers the things the widening names: `can choose X` adds
X's units or cards; `... with cost 7 or lower instead of 2 or lower` adds those the choice's
own filter offers with the bound 7 instead of 2 (the player may choose either way: the choice
offers both). What is added is offered as the choice's own things are: "cannot be chosen",
what the lines using it can act on (engine decision 14). The engine carries the widening as
the stat ``choice_widen`` on the unit; the choices read it (dsl/selectors.pick_units,
pick_cards).
"""
from __future__ import annotations

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import vocabulary as V
from fecipher.engine import modifiers as M
from fecipher.engine.skills import ContinuousEffect, SkillContext, this_unit


@attrs.frozen
class Widening:
    """What a choice of skill ``skill`` also offers: the things ``selector`` names
    (``instead`` None), or, with ``instead`` = (stat, op, old value), those of the
    choice's own selector with that bound replaced by ``selector``'s."""
    skill: str
    selector: A.Selector
    instead: tuple | None

    def alternative(self, sel: A.Selector) -> A.Selector | None:
        """The selector whose things ``sel``'s choice also offers, or None (not this choice)."""
        from fecipher.dsl.selectors import selector_kind
        if not isinstance(sel, A.Filtered) or selector_kind(sel) != selector_kind(self.selector):
            return None
        if self.instead is None:
            return self.selector
        stat, op, old = self.instead
        new = next(p for p in self.selector.posts if p.kind == "with_stat")
        hit = [p for p in sel.posts if p.kind == "with_stat" and (p.stat, p.op, p.value) == (stat, op, old)]
        if not hit:
            return None
        return attrs.evolve(sel, posts=tuple(new if p is hit[0] else p for p in sel.posts))


def widening(st: A.ChoiceWiden) -> Widening:
    instead = None
    if st.instead is not None:
        stat = next(p.stat for p in st.selector.posts if p.kind == "with_stat")
        instead = (stat, st.instead[0], st.instead[1])
    return Widening(st.name, st.selector, instead)


# ------------------------------------------------------------------ runtime
def extra_candidates(ctx: SkillContext, sel: A.Selector, units: bool) -> list:
    """The units (``units``) or cards the choice ``sel`` of the resolving skill also
    offers because a widening of that skill holds on its unit."""
    g = ctx.game
    u = ctx.unit
    if u is None or (M.CHOICE_WIDEN not in g._live_stats and M.CHOICE_WIDEN not in g._mods_by_stat):
        return []
    from fecipher.dsl.selectors import card_candidates, unit_candidates
    out: list = []
    for op, v in M.contributions(g, u, M.CHOICE_WIDEN):
        w = v(g, u, skill=ctx.skill.name) if callable(v) else v
        if op != "widen" or w is None:
            continue
        alt = w.alternative(sel)
        if alt is None:
            continue
        for t in (unit_candidates(ctx, alt) if units else card_candidates(ctx, alt)):
            if not any(t is x for x in out):
                out.append(t)
    return out


def _value(w: Widening):
    def value(ctx, unit, skill=None, **kw):
        return w if skill == w.skill else None
    return value


def continuous(st: A.ChoiceWiden) -> list[ContinuousEffect]:
    return [ContinuousEffect(M.CHOICE_WIDEN, "widen", _value(widening(st)), this_unit, render.statement(st))]


def timed(st: A.ChoiceWiden):
    """In an ACT or AUTO skill: on this unit, for the duration."""
    from fecipher.dsl.card_values import this_unit_skill_modifier
    w = widening(st)
    return this_unit_skill_modifier(M.CHOICE_WIDEN, "widen", V.DURATIONS[st.duration.kind], render.statement(st),
                                    w.skill, lambda ctx, u: w)


# ------------------------------------------------------------------ check
def _choices(node, kind: str) -> list[A.Filtered]:
    """The selectors of the lines of a skill that choose things of ``kind`` ('unit',
    'card'): a counted selector (not `all`, not a reference) as an action's object."""
    from fecipher.dsl.selectors import picks_all, selector_kind
    out: list = []

    def visit(x):
        if isinstance(x, A.Action):
            t = x.target
            if isinstance(t, A.Filtered) and not picks_all(t) and selector_kind(t) == kind:
                out.append(t)
        if isinstance(x, tuple):
            for y in x:
                visit(y)
        elif attrs.has(type(x)) and not isinstance(x, (A.Pos, A.Filtered, A.Ref)):
            for f in attrs.fields(type(x)):
                visit(getattr(x, f.name))
    visit(node)
    return out


def check(ch, st: A.ChoiceWiden) -> None:
    from fecipher.dsl.selectors import selector_kind
    kind = ch.s.kind
    want = ("choose",)
    if st.words != want:
        ch.err(st.pos, "not supported: a skill's choice is widened with 'this unit's \"X\" can choose ...' or "
                       "'this unit's \"X\" can choose 1 card with cost 7 or lower instead of 2 or lower'")
        return
    if kind == "cont":
        if st.duration is not None:
            ch.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
            return
    elif kind in ("act", "auto"):
        if st.duration is None:
            ch.err(st.pos, "this change needs a duration, e.g. 'until the end of the turn'")
            return
    else:
        ch.err(st.pos, f"a {kind.upper()} skill cannot change another skill's choice (a CONT, ACT or AUTO skill "
                       f"of the unit can)")
        return
    target = next((s for s in ch.card.skills if s.name == st.name and s.kind in ("act", "auto")), None)
    if target is None or target is ch.s:
        ch.err(st.pos, f"\"{st.name}\" is not another ACT or AUTO skill of this card: a choice is widened for a "
                       f"skill of the same card")
        return
    sel = st.selector
    what = selector_kind(sel) if isinstance(sel, (A.Filtered, A.Ref)) else None
    if what not in ("unit", "card"):
        ch.err(st.pos, "a widened choice chooses units or cards: 'this unit's \"X\" can choose your "
                       "opponent's main character'")
        return
    found = _choices(target.statements, what)
    if len(found) != 1:
        ch.err(st.pos, f"\"{st.name}\" must have exactly one choice of {what}s for this line to widen "
                       f"(it has {len(found)})")
        return
    if st.instead is None:
        if isinstance(sel, A.Filtered) and sel.quantifier is not None and sel.quantifier.kind != "all":
            ch.err(sel.pos, "'can choose' names what the choice also offers, without a count: 'this unit's \"X\" "
                            "can choose your opponent's main character'")
            return
        ch.check_selector(sel)
        return
    stats = [p for p in sel.posts if p.kind == "with_stat"] if isinstance(sel, A.Filtered) else []
    if (not isinstance(sel, A.Filtered) or len(stats) != 1 or len(sel.posts) != 1 or sel.qualifiers
            or stats[0].op not in ("le", "ge") or st.instead[0] != stats[0].op or st.instead[1] == stats[0].value):
        ch.err(st.pos, "'instead of' changes one bound of the choice: 'this unit's \"X\" can choose 1 card with cost 7 or lower "
                       "instead of 2 or lower' (the same 'or lower' / 'or higher' on both sides, nothing else)")
        return
    new = stats[0]
    own = found[0]
    if not any(p.kind == "with_stat" and (p.stat, p.op, p.value) == (new.stat, st.instead[0], st.instead[1])
               for p in own.posts):
        ch.err(st.pos, f"the choice of \"{st.name}\" has no filter 'with {new.stat} {st.instead[1]} "
                       f"{'or lower' if st.instead[0] == 'le' else 'or higher'}' to change")
        return
    from fecipher.dsl.selectors import count_range
    if count_range(own) != count_range(sel):
        ch.err(st.pos, f"the count differs from the choice of \"{st.name}\"")


# ------------------------------------------------------------------ text
def render_line(st: A.ChoiceWiden) -> str:
    d = render.duration(st.duration)
    if st.instead is None:
        body = f"this unit's \"{st.name}\" can choose {render.selector(st.selector)}"
    else:
        op, n = st.instead
        body = (f"this unit's \"{st.name}\" can choose {render.selector(st.selector)}, rather than "
                f"{n} or {'lower' if op == 'le' else 'higher'}")
    return render.cap(f"{d}, {body}" if d else body) + "."
