"""The language of card-level values (engine/card_values.py): changes to cards that
are not units, checked, compiled and rendered.

- "the deployment cost of <cards> is reduced by N [for each ...] [but not below M]",
  "... is increased by N", "... becomes N"; the same for "the class change cost
  of ..." and "the support of ...";
- "all white bonds acquire black" (a CONT skill: bond cards treated as also
  having a symbol); "this card acquires the unit name of your main character" /
  "... the unit name "X"" / "... black" (a continuous bond skill, while its card is
  face-up in the Bond Area);
- "this card acquires knife", "this card acquires range 1-2" (a SPEC skill: the
  card has it wherever it is, as a unit too).

Where each may stand: a CONT skill of a unit changes cards in an area ("all red
cards in your hand"); a SPEC skill changes "this card" while it is in its
owner's hand (a card's costs matter there); a support skill changes "this card"
(the support card) for a duration; an ACT, AUTO or HAND skill changes cards in
an area for a duration. Anything else is refused by the checker."""
from __future__ import annotations

from typing import Any, Callable

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import vocabulary as V
from fecipher.dsl.selectors import (
    card_place, card_predicate, place_area, place_owner, ref_cards, ref_units, selector_kind,
)
from fecipher.engine import modifiers as M
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import ContinuousEffect, SkillContext

STATS = {"cost": M.CARD_COST, "cc_cost": M.CARD_CC_COST, "support": M.CARD_SUPPORT}
STAT_WORDS = {"cost": "Deployment Cost", "cc_cost": "Class Change Cost", "support": "support", "attack": "attack"}
_CARD_CHANGES = ("acquire_name", "acquire_name_of", "acquire_type")


# ---------------------------------------------------------------- which statements are card-level
def card_subject(sel: A.Selector) -> bool:
    """A subject that is a card (not a unit): "this card" outside a unit's own
    text, "all red cards in your hand", "all white bonds"."""
    return selector_kind(sel) in ("card", "bond")


def is_card_modification(st: Any, skill_kind: str) -> bool:
    """A "<cards> acquire ..." line that changes cards, not units: its subjects are
    cards or bonds, in a CONT or BOND skill ("this card" of a SPEC skill is the
    older card-rule form and stays there)."""
    return (isinstance(st, A.Modification) and skill_kind in ("cont", "bond")
            and all(card_subject(x) for x in st.subjects))


# ---------------------------------------------------------------- checking
def check_card_change(ch, st: A.CardChange) -> None:
    """Check a CardChange line (``ch`` is the SkillChecker)."""
    kind = ch.s.kind
    subj = st.subject
    ch.check_selector(subj)
    if st.per_each is not None:   # (a count: "for each card in your main character's stack")
        counting, ch.counting = ch.counting, True
        ch.check_selector(st.per_each)
        ch.counting = counting
    if st.stat == "attack":
        check_unit_attack_set(ch, st)
        return
    if st.of is not None:
        from fecipher.dsl.skill_control import check_value_of
        check_value_of(ch, st)
    sk = selector_kind(subj)
    this_card = isinstance(subj, A.Ref) and subj.kind == "this_card"
    if sk in ("unit", "name", "chosen"):
        check_unit_cost_change(ch, st)
        return
    if sk not in ("card", "bond"):
        ch.err(subj.pos, f"a change of the {STAT_WORDS[st.stat]} names cards or units, e.g. 'all red cards in "
                         f"your hand', 'this card' or 'all enemies'")
        return
    if isinstance(subj, A.Ref) and not this_card:
        ch.err(subj.pos, "name the cards ('this card', or cards in an area such as 'all red cards in your hand')")
        return
    if isinstance(subj, A.Filtered) and sk == "card":
        place = card_place(subj)
        if place is None:
            ch.err(subj.pos, "say where the cards are, e.g. 'all red cards in your hand'")
        elif place_area(place) == "field":
            ch.err(subj.pos, "cards on the field are units: their values are changed as units")
        if subj.quantifier is None or subj.quantifier.kind != "all":
            ch.err(subj.pos, "a change of cards' values is about all of them: 'all red cards in your hand'")
    timed = kind in ("act", "auto", "hand", "support")
    if kind in ("cont", "spec", "bond"):
        if st.duration is not None:
            ch.err(st.duration.pos, f"a {kind.upper()} skill holds while it is active; it takes no duration")
    elif st.duration is None:
        ch.err(st.pos, "this change needs a duration, e.g. 'until the end of the turn'")
    if kind == "spec":
        if not this_card:
            ch.err(subj.pos, "a SPEC skill changes 'this card' (while it is in your hand)")
        if st.stat == "support":
            ch.err(st.pos, "a SPEC skill changes this card's costs in your hand; its support is not used there")
    elif kind == "cont":
        if this_card:
            ch.err(subj.pos, "in a CONT skill 'this card' is this unit; name cards in an area, e.g. "
                             "'all red cards in your hand'")
    elif kind == "bond":
        ch.err(st.pos, "a bond skill's card changes are unit names and symbols ('this card acquires ...')")
    elif timed:
        if this_card and kind != "support":
            ch.err(subj.pos, f"in a{'n' if kind in ('act', 'auto') else ''} {kind.upper()} skill 'this card' is "
                             f"not a card the change can follow; name cards in an area, e.g. 'all red cards in "
                             f"your hand'")
    if st.per_each is not None and st.per_each.__class__ is A.Filtered and any(
            p.kind == "destroyed_here" for p in st.per_each.posts):
        ch.err(st.per_each.pos, "'for each ... destroyed by this skill' counts for attack changes only")
    if st.per_each is not None and st.per_each.__class__ is A.Filtered and any(
            p.kind in ("sent_here", "drawn_here", "tapped_here", "cost_tapped_here", "cost_sent_here", "returned_here") for p in st.per_each.posts):
        ch.err(st.per_each.pos, "'for each card sent to / drawn / tapped by this skill' counts for attack changes and "
                                "'choose ... for each' only")


def _retreat_cards(subj) -> bool:
    """"... cards in your retreat area": the skill's controller's Retreat Area (and nothing but the
    area after the cards)."""
    if not isinstance(subj, A.Filtered) or selector_kind(subj) != "card":
        return False
    places = [p for p in subj.posts if p.kind == "from_place"]
    return (len(places) == 1 and len(subj.posts) == 1 and place_area(places[0].value) == "retreat"
            and places[0].value.owner == "your")


def check_unit_attack_set(ch, st: A.CardChange) -> None:
    """"the attack of this unit becomes 10 for each card in this unit's stack" (a CONT
    skill: "This unit's attack is calculated as ...", B12-001SR): the attack the units
    have in place of their printed one, every addition made to it (docs/rules.md,
    engine decision 44). Only "becomes" in a CONT skill; an attack changed for a while
    is "gains +N attack ... until ..."."""
    kind = ch.s.kind
    if selector_kind(st.subject) not in ("unit", "name", "chosen"):
        ch.err(st.subject.pos, "the attack of units is set: 'the attack of this unit becomes ...'")
    if st.op != "set":
        ch.err(st.pos, "'the attack of ... is reduced / increased' is not supported: say 'gains +10 attack' or "
                       "'loses 10 attack'")
    elif st.of is not None:
        ch.err(st.pos, "'the attack of ... becomes the ... of ...' is not supported")
    if st.floor is not None:
        ch.err(st.pos, "'but not below ...' is not supported for attack")
    if kind != "cont":
        ch.err(st.pos, f"an attack that becomes a number is supported in a CONT skill (while it is active), not "
                       f"in a{'n' if kind in ('act', 'auto') else ''} {kind.upper()} skill")
    elif st.duration is not None:
        ch.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    if st.amount % 10:
        ch.err(st.pos, f"attack {st.amount} is not a multiple of 10")


def check_unit_cost_change(ch, st: A.CardChange) -> None:
    """"the deployment cost of <units> ...": a unit's cost (engine M.COST)."""
    kind = ch.s.kind
    if st.stat != "cost":
        ch.err(st.pos, f"the {STAT_WORDS[st.stat]} of units on the field is not supported (a unit's support is its "
                       f"support card's: 'the card supporting this unit')")
    if st.floor is not None:
        ch.err(st.pos, "'but not below ...' is supported for cards' costs, not units'")
    if kind in ("spec", "bond", "support"):
        ch.err(st.pos, f"a {kind.upper()} skill cannot change the deployment cost of units on the field")
    elif kind == "cont":
        if st.duration is not None:
            ch.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    elif st.duration is None:
        ch.err(st.pos, "this change needs a duration, e.g. 'until the end of the turn'")


def check_card_modification(ch, st: A.Modification) -> None:
    """A "<cards> acquire ..." line in a CONT or BOND skill."""
    kind = ch.s.kind
    for subj in st.subjects:
        ch.check_selector(subj, where=False)
        this_card = isinstance(subj, A.Ref) and subj.kind == "this_card"
        if kind == "bond" and not this_card:
            ch.err(subj.pos, "a continuous bond skill changes 'this card' (its own bond card)")
        if kind == "cont" and _retreat_cards(subj):
            # "all <Black> cards in your Retreat Area ... are also <White>" (B03-083R): symbols only
            if subj.quantifier is None or subj.quantifier.kind != "all":
                ch.err(subj.pos, "a change of the cards of the Retreat Area is about all of them: 'all black "
                                 "cards in your retreat area acquire white'")
            for c in st.changes:
                if c.kind != "acquire_type" or c.words[0] not in V.SYMBOLS:
                    ch.err(c.pos, "cards in your Retreat Area acquire a symbol ('acquire white'); other changes "
                                  "of them are not supported")
        elif kind == "cont":
            if selector_kind(subj) != "bond" or not isinstance(subj, A.Filtered):
                ch.err(subj.pos, "a CONT skill changes cards in the Bond Area as 'all <quality> bonds'; other "
                                 "cards' names and symbols are not supported")
            elif subj.quantifier is None or subj.quantifier.kind != "all":
                ch.err(subj.pos, "a change of bonds is about all of them: 'all white bonds'")
            elif subj.posts:
                ch.err(subj.posts[0].pos, "the bonds changed are your own: 'all white bonds'")
    if st.duration is not None:
        ch.err(st.duration.pos, f"a {kind.upper()} skill holds while it is active; it takes no duration")
    if st.while_state is not None:
        ch.err(st.pos, "'while ...' goes with units")
    for c in st.changes:
        if c.kind not in _CARD_CHANGES:
            ch.err(c.pos, "a card in the Bond Area acquires a unit name or a symbol; other changes of cards "
                          "are not supported")
        elif c.kind == "acquire_type" and c.words[0] not in V.SYMBOLS:
            ch.err(c.pos, f"a card in the Bond Area acquires a symbol, not <{c.words[0]}>")
        elif c.kind == "acquire_name":
            ch.check_name(c.name, c.pos)
        elif c.kind == "acquire_name_of":
            ch.check_selector(c.of)
            if selector_kind(c.of) not in ("unit", "name", "chosen"):
                ch.err(c.of.pos, "'the unit name of ...' names a unit, e.g. 'your main character'")
            elif kind == "cont":
                ch.err(c.pos, "'the unit name of ...' is supported for a bond card's own skill")


def check_bond_skill(ch) -> None:
    """A bond skill made only of card changes is continuous: no cost, trigger,
    limit or 'you may'."""
    s = ch.s
    if not (s.kind == "bond" and s.statements and all(is_card_modification(st, "bond") for st in s.statements)):
        if s.kind == "bond" and any(is_card_modification(st, "bond") for st in s.statements):
            ch.err(s.pos, "a continuous bond skill ('this card acquires ...') has only such lines")
        return
    for c in s.costs:
        ch.err(c.pos, "a continuous bond skill ('this card acquires ...') has no cost")
    for t in s.triggers:
        ch.err(t.pos, "a continuous bond skill has no trigger")
    if s.limits:
        ch.err(s.limits[0][1], "a continuous bond skill has no use limit")
    if s.optional:
        ch.err(s.pos, "a continuous bond skill has no 'you may'")


def is_continuous_boundless_skill(node: A.SkillNode) -> bool:
    """A skill of the Boundless Area that holds while its card is there ("If this unit is in
    your Boundless Area, your opponent's Main Character loses all of their Colors", B22-087R):
    a `boundless` skill with no trigger, cost, limit or 'you may' whose every line is a change
    with no duration (checked as a CONT skill's; the others are used or triggered there)."""
    return (node.kind == "boundless" and bool(node.statements) and not node.triggers and not node.costs
            and not node.limits and not node.optional and all(
                isinstance(st, A.Modification) and st.duration is None for st in node.statements))


def is_continuous_bond_skill(node: A.SkillNode) -> bool:
    return node.kind == "bond" and bool(node.statements) and all(
        is_card_modification(st, "bond") for st in node.statements)


def check_spec_acquire(ch, st: A.Modification, c: A.Change) -> bool:
    """SPEC "this card acquires knife" / "... range 1-2": True when it is one
    (checked here); False for the other SPEC changes."""
    if c.kind not in ("acquire_type", "acquire_range"):
        return False
    if not all(isinstance(x, A.Ref) and x.kind == "this_card" for x in st.subjects):
        ch.err(c.pos, "a SPEC skill's type or range is 'this card acquires ...'")
    if ch.s.conditions:
        ch.err(ch.s.conditions[0].pos, "a type or range a SPEC skill gives holds everywhere; one under a "
                                       "condition is not supported (write a CONT skill for the unit)")
    if c.kind == "acquire_type":
        w = c.words[0]
        if w in V.SYMBOLS:
            ch.err(c.pos, "a symbol a SPEC skill gives everywhere is not supported")
        elif w not in V.QUALITY_WORDS:
            ch.err(c.pos, f"unknown type '{w}'")
    else:
        for r in c.ranges:
            if not 1 <= r <= 3:
                ch.err(c.pos, f"range {r} is outside 1-3")
    return True


# ---------------------------------------------------------------- compiling
def _applies(sel: A.Selector) -> Callable[[SkillContext, Any, str], bool]:
    """applies(ctx, copy, area): ``sel`` takes the card ``copy`` in ``area``."""
    if isinstance(sel, A.Ref):   # "this card": the skill's own card
        return lambda ctx, c, area: c is ctx.source
    pred = card_predicate(sel)
    if selector_kind(sel) == "bond":
        return lambda ctx, c, area: area == "bonds" and c.owner == ctx.controller and pred(ctx, c)
    place = card_place(sel)
    want = place_area(place)

    def applies(ctx, c, area, _want=want, _place=place, _pred=pred):
        return area == _want and c.owner in place_owner(ctx, _place) and _pred(ctx, c)
    return applies


def _value(st: A.CardChange) -> tuple[str, Any]:
    """(op, value) of a CardChange: value is a constant or value(ctx, copy)."""
    amount = st.amount if st.op != "reduce" else -st.amount
    if st.of is not None:   # "becomes the support of it (times N)": that thing's value when it resolves
        from fecipher.dsl.skill_control import value_of
        return "set", value_of(st.of, st.of_stat, amount)
    counter = None
    if st.per_each is not None:
        from fecipher.dsl.skillcompile import count_of
        counter = count_of(st.per_each)
    if st.op == "reduce" and st.floor is not None:
        if counter is None:
            return "add_floor", (amount, st.floor)
        return "add_floor", (lambda ctx, c, _a=amount, _n=counter, _f=st.floor, **kw: (_a * _n(ctx), _f))
    op = "set" if st.op == "set" else "add"
    if counter is None:
        return op, amount
    return op, (lambda ctx, c, _a=amount, _n=counter, **kw: _a * _n(ctx))


def _unit_subject(st: A.CardChange) -> bool:
    return selector_kind(st.subject) in ("unit", "name", "chosen")


def card_change_effects(st: A.CardChange) -> list[ContinuousEffect]:
    op, value = _value(st)
    if _unit_subject(st):   # a CONT "the deployment cost of all enemies is increased by 1"
        from fecipher.dsl.skillcompile import subject_matcher
        stat = M.ATTACK if st.stat == "attack" else M.COST   # (or "the attack of this unit becomes ...")
        return [ContinuousEffect(stat, op, value, subject_matcher((st.subject,)), render.statement(st))]
    return [ContinuousEffect(STATS[st.stat], op, value, _applies(st.subject), render.statement(st))]


def card_modification_effects(st: A.Modification) -> list[ContinuousEffect]:
    text = render.statement(st)
    out = []
    for subj in st.subjects:
        applies = _applies(subj)
        for c in st.changes:
            if c.kind == "acquire_name":
                out.append(ContinuousEffect(M.CARD_UNIT_NAMES, "grant", frozenset({c.name}), applies, text))
            elif c.kind == "acquire_name_of":
                of = c.of

                def names(ctx, copy, _of=of, **kw):
                    g = ctx.game
                    units = ref_units(ctx, _of) if isinstance(_of, A.Ref) else []
                    return frozenset().union(*(g.unit_names(u) for u in units)) if units else None
                out.append(ContinuousEffect(M.CARD_UNIT_NAMES, "grant", names, applies, text))
            elif c.kind == "acquire_type":
                out.append(ContinuousEffect(M.CARD_SYMBOLS, "grant", frozenset({V.SYMBOLS[c.words[0]]}),
                                            applies, text))
    return out


def timed_card_effect(st: A.CardChange):
    """An effect line that changes cards' values for a duration: "this card" (a
    support skill's card) until it leaves the area it is in or the duration ends;
    cards in an area ("all red cards in your hand"), also those that come there
    later, until the duration ends. An amount "for each ..." is counted when the
    line resolves."""
    stat = STATS[st.stat]
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN
    text = render.statement(st)
    op, value = _value(st)
    if _unit_subject(st):
        return _timed_unit_cost(st, op, value, duration, text)
    applies = _applies(st.subject)
    this_card = isinstance(st.subject, A.Ref)

    def eff(ctx: SkillContext):
        g = ctx.game
        v = value(ctx, ctx.source) if callable(value) else value
        if this_card:
            copy = ctx.source
            area = g.locate(copy)[0]
            g.add_modifier(Modifier(stat, op, v, duration, ctx.controller, unit=copy.id, turn=g.turn,
                                    condition=(lambda gm, _c=copy, _a=area: gm.locate(_c)[0] == _a),
                                    text=f"{copy.card.name}: {text}", source=ctx.skill.name))
        else:
            frozen = SkillContext(g, ctx.skill, ctx.controller, ctx.source, ctx.unit_id, ctx.event, dict(ctx.data))
            g.add_modifier(Modifier(stat, op, v, duration, ctx.controller, turn=g.turn,
                                    applies=(lambda gm, c, _c=frozen: applies(_c.in_game(gm), c, gm.locate(c)[0])),
                                    text=text, source=ctx.skill.name))
        ctx.data["did"] = True
        return
        yield  # pragma: no cover
    return eff


def _timed_unit_cost(st: A.CardChange, op: str, value: Any, duration: str, text: str):
    """"until the end of the turn, the deployment cost of <units> becomes 1": a
    timed modifier on each unit the subject picks now (asking where it says N)."""
    from fecipher.dsl.selectors import pick_units

    def eff(ctx: SkillContext):
        g = ctx.game
        units = yield from pick_units(ctx, st.subject, f"{ctx.skill.name}: choose for \"{text}\"")
        v = value(ctx, None) if callable(value) else value
        for u in units:
            g.add_modifier(Modifier(M.COST, op, v, duration, ctx.controller, unit=u.id, turn=g.turn,
                                    text=f"{u.card.name}: {text}", source=ctx.skill.name))
        ctx.data["did"] = bool(units)
    return eff


def spec_rules(st: A.Modification) -> set[str]:
    """The card rules of SPEC "this card acquires knife / range 1-2"."""
    out = set()
    for c in st.changes:
        if c.kind == "acquire_type" and c.words[0] not in V.SYMBOLS:
            out.add(f"type:{c.words[0]}")
        elif c.kind == "acquire_range":
            out.update(f"range:{r}" for r in c.ranges)
    return out


# ---------------------------------------------------------------- rendering
def render_card_change(st: A.CardChange) -> str:
    subj = st.subject
    if isinstance(subj, A.Ref) and subj.kind == "this_card":
        what = f"this card's {STAT_WORDS[st.stat]}"
    elif isinstance(subj, A.Ref):
        what = f"the {STAT_WORDS[st.stat]} of {render.selector(subj)}"
    else:   # the cards where they are: "in your hand"
        what = f"the {STAT_WORDS[st.stat]} of {render.selector(subj).replace(' from ', ' in ')}"
    per = f" for each {render.selector(st.per_each)}" if st.per_each is not None else ""
    if st.op == "set" and st.of is not None:
        from fecipher.dsl.skill_control import render_value_of
        body = f"{what} is equal to {render_value_of(st)}"
    elif st.op == "set":
        body = f"{what} becomes {st.amount}{per}"
    elif st.op == "increase":
        body = f"{what} is increased by {st.amount}{per}"
    else:
        body = f"{what} is reduced by {st.amount}{per}"
        if st.floor is not None:
            body += f" (not below {st.floor})"
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."


# ---------------------------------------------------------------- skills' costs made smaller
def _bond_flip_cost(skill: A.SkillNode) -> bool:
    """The skill's cost flips bonds ("flip 2 bonds")."""
    return any(c.verb == "flip" and isinstance(c.target, A.Filtered) and c.target.noun in ("bond", "bonds")
               for c in skill.costs)


def _this_cards_skill(ch, name: str, pos) -> A.SkillNode | None:
    for s in ch.card.skills:
        if s.name == name and s.kind in ("act", "auto", "bond", "hand"):
            return s
    ch.err(pos, f"\"{name}\" is not an ACT, AUTO, BOND or HAND skill of this card: a skill's cost is changed "
                f"by another skill of the same card")
    return None


def check_skill_cost_change(ch, st: A.SkillCostChange) -> None:
    kind = ch.s.kind
    target = _this_cards_skill(ch, st.name, st.pos)
    if target is not None and not _bond_flip_cost(target):
        ch.err(st.pos, f"\"{st.name}\" flips no bonds as its cost: 'reduced by N bonds' changes how many it "
                       f"flips")
    if st.per_each is not None:
        counting, ch.counting = ch.counting, True   # (what is counted: a stack's cards too)
        ch.check_selector(st.per_each)
        ch.counting = counting
        if isinstance(st.per_each, A.Filtered) and any(p.kind == "destroyed_here" for p in st.per_each.posts):
            ch.err(st.per_each.pos, "'for each ... destroyed by this skill' counts for attack changes only")
        if isinstance(st.per_each, A.Filtered) and any(p.kind in ("sent_here", "drawn_here", "tapped_here", "cost_tapped_here", "cost_sent_here", "returned_here") for p in st.per_each.posts):
            ch.err(st.per_each.pos, "'for each card sent to / drawn / tapped by this skill' counts for attack changes and "
                                    "'choose ... for each' only")
    if kind == "cont":
        if st.duration is not None:
            ch.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    elif kind in ("act", "auto"):
        if st.duration is None:
            ch.err(st.pos, "this change needs a duration, e.g. 'until the end of the turn'")
    else:
        ch.err(st.pos, f"a {kind.upper()} skill cannot change a skill's cost (a CONT, ACT or AUTO skill of the "
                       f"unit can)")


def check_free_use(ch, st: A.Modification) -> None:
    """'this unit can use "X" without paying its cost': X is a skill of this card with a cost."""
    for subj in st.subjects:
        if not (isinstance(subj, A.Ref) and subj.kind == "this"):
            ch.err(subj.pos, "a skill used without paying its cost is this unit's: 'this unit can use ...'")
    if ch.s.kind != "cont":
        # (No modifier duration carries it: an ACT or AUTO skill could only give it for good.)
        ch.err(st.pos, f"'can use \"X\" without paying its cost' holds while a CONT skill's conditions hold: "
                       f"write it in a cont skill (under 'if ...'), not in an {ch.s.kind.upper()} skill")
    for c in st.changes:
        if c.kind != "free_use":
            continue
        target = _this_cards_skill(ch, c.name, c.pos)
        if target is not None and not target.costs:
            ch.err(c.pos, f"\"{c.name}\" has no cost")


def skills_with_changed_costs(node: A.CardNode) -> frozenset[str]:
    """The names of this card's skills whose cost another of its skills changes."""
    out = set()

    def visit(st):
        if isinstance(st, A.Guarded):
            visit(st.statement)
        elif isinstance(st, A.SkillCostChange):
            out.add(st.name)
        elif isinstance(st, A.Modification):
            out.update(c.name for c in st.changes if c.kind == "free_use")
        elif isinstance(st, A.Replace) and st.replaced == "skill_cost":
            out.update(st.skill_names)   # (another way to pay it: dsl/alt_costs.py)
    for s in node.skills:
        for st in s.statements:
            visit(st)
    return frozenset(out)


def _cut_value(st: A.SkillCostChange):
    """value(ctx, unit, skill=...) of a cut: (bonds, floor) for the named skill, counted now."""
    from fecipher.dsl.skillcompile import count_of
    counter = count_of(st.per_each) if st.per_each is not None else None
    name, amount, floor = st.name, st.amount, st.floor

    def value(ctx, u, skill=None, **kw):
        if skill != name:
            return None
        return (amount * (counter(ctx) if counter is not None else 1), floor)
    return value


def skill_cost_effects(st: A.SkillCostChange) -> list[ContinuousEffect]:
    from fecipher.engine.skills import this_unit
    return [ContinuousEffect(M.SKILL_COST_CUT, "cut", _cut_value(st), this_unit, render.statement(st))]


def timed_skill_cost_effect(st: A.SkillCostChange):
    """'the cost of "X" is reduced by 1 bond until the end of the turn': on this unit,
    the amount counted when the line resolves."""
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN
    value = _cut_value(st)
    return this_unit_skill_modifier(M.SKILL_COST_CUT, "cut", duration, render.statement(st), st.name,
                                    lambda ctx, u: value(ctx, u, skill=st.name))


def this_unit_skill_modifier(stat: str, op: str, duration: str, text: str, skill: str,
                             value_of: Callable[[SkillContext, Any], Any]):
    """An effect line that changes one named skill of this unit for a duration (its cost
    cut, its choice widened): a modifier on the unit whose value, ``value_of(ctx, unit)``
    worked out when the line resolves, applies to that skill only. Nothing without a unit."""
    def eff(ctx: SkillContext):
        g = ctx.game
        u = ctx.unit
        ctx.data["did"] = False
        if u is None:
            return
        now = value_of(ctx, u)
        g.add_modifier(Modifier(stat, op, (lambda gm, un, _n=skill, _v=now, skill=None, **kw: _v if skill == _n else None),
                                duration, ctx.controller, unit=u.id, turn=g.turn, text=f"{u.card.name}: {text}",
                                source=ctx.skill.name))
        ctx.data["did"] = True
        return
        yield  # pragma: no cover
    return eff


def render_skill_cost_change(st: A.SkillCostChange) -> str:
    per = f" for each {render.selector(st.per_each)}" if st.per_each is not None else ""
    bonds = "Bond" if st.amount == 1 else "Bonds"
    body = f"the cost of \"{st.name}\" is reduced by {st.amount} {bonds}{per}"
    if st.floor is not None:
        body += f" (it flips at least {st.floor})"
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."
