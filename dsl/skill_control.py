"""Skill control: which skills may be used, trigger or activate, skills and
characteristics taken from another card, a skill's limit lifted, and skills told
apart by what a card has.

- Rules about players (:class:`~fecipher.dsl.ast.SkillBan`): "your opponent cannot use
  act skills", "all auto skills cannot trigger", "your opponent's support skills cannot
  activate", "your opponent's bow support cards lose their support skills". Compiled to
  the engine's SKILL_BAN (engine/modifiers.py), which engine/resolution.skill_banned
  asks before an ACT, BOND or HAND skill is offered, before an AUTO (BOND, HAND) skill
  triggers, and engine/battle.py before a support skill activates.
- Changes of units: "cannot use skills" / "cannot use act skills" (CANNOT_USE_SKILL with
  the kind), "lose their support skills" (NO_SUPPORT_SKILL), "acquires all skills of it"
  (SKILLS: the skills printed on that card), "acquires the weapon, type and range of
  all non-"Morgan" allies" (TYPES and RANGES, read from those units now).
- 'this unit's "X" loses once per turn' (:class:`~fecipher.dsl.ast.LimitLift`):
  NO_TURN_LIMIT, asked where the engine counts [Once per Turn].
- Filters and conditions: "allies with a support skill", "a card with a [CF] skill",
  "the card supporting this unit has a support skill".

Each part has its checker rule, its compiled form and its English side by side here;
dsl/skillcheck.py, dsl/skillcompile.py, dsl/render.py and dsl/selectors.py hand over
with one line each."""
from __future__ import annotations

import re
from typing import Any

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.engine import modifiers as M
from fecipher.engine.cards import UNIT_TYPES, WEAPONS, CardCopy
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import ContinuousEffect, SkillContext, SkillKind

# The verbs a rule may say a skill "cannot" do; they mean the same: it is not used.
BAN_VERBS = ("trigger", "activate", "be used")
# What "cannot use <kind> skills" may name on a unit (a unit's skills that are used or trigger).
UNIT_KINDS = ("act", "auto")
_KIND_TEXT = {"act": "|ACT|", "auto": "|AUTO|", "bond": "Bond", "hand": "|HAND|", "support": "Support"}


# ---------------------------------------------------------------- checking
def check_ban(checker, st: A.SkillBan) -> None:
    """A rule about players: a CONT skill's line (while it is active), or an effect
    with a duration; its verb is one of :data:`BAN_VERBS` ("use" after "cannot")."""
    kind = checker.s.kind
    if st.verb not in ("use", "lose") and st.verb not in BAN_VERBS:
        from fecipher.dsl.errors import suggest
        checker.err(st.pos, lambda: f"'cannot {st.verb}': a rule about skills says they cannot "
                                    f"{', '.join(BAN_VERBS[:-1])} or {BAN_VERBS[-1]}{suggest(st.verb, BAN_VERBS)}")
    if st.skill is not None:
        checker.check_skill_name(st.skill, st.pos)   # a skill of the card pool (or of this pack)
    for w in st.cards or ():
        if w not in V.QUALITY_WORDS:
            from fecipher.dsl.errors import suggest
            checker.err(st.pos, lambda w=w: f"unknown quality '{w}' of support cards{suggest(w, V.QUALITY_WORDS)}")
    _check_duration(checker, kind, st.duration, st.pos, "a rule about skills")
    if st.supported is not None:
        # 'the cards supporting it lose "Miracle Emblem"': the unit those cards support
        from fecipher.dsl.selectors import selector_kind
        checker.check_selector(st.supported)
        if selector_kind(st.supported) not in ("unit", "chosen"):
            checker.err(st.pos, "'the cards supporting ...' names a unit, e.g. 'the cards supporting it' after "
                                "'choose 1 enemy'")


# Card phrasings of skill control the language does not have: a line that does not parse
# and matches one of these is refused with its message (dsl/parse.syntax_diagnostic).
UNSUPPORTED = (
    (re.compile(r"\bbecomes?\s+usable\b"),
     "skills that 'become usable' are written 'the [LvS 2] skills of all allies become usable' (only [LvS N] "
     "skills; other ways of saying it are not supported)"),
    (re.compile(r"\b(activated?|activates|used?|uses)\s+(it\s+|this\s+skill\s+)?(again|twice)\b"
                r"|\btwice\s+per\s+turn\b|\b\d+\s+times\s+per\s+turn\b"),
     "a skill used twice per turn, or again, is not supported (write 'once per turn' or no limit); a skill "
     "activated again for a cost is 'you may pay flip 1 bond: activate this skill again'"),
    (re.compile(r"\bwhile\s+this\s+card\s+is\s+in\s+(your|the)\s+retreat\s+area\b"
                r"|\bwith\s+this\s+card\s+in\s+your\s+retreat\s+area\b"),
     "a skill that works while its card is in the Retreat Area is a 'retreat \"Name\"' skill (a trigger or a "
     "cost, as a hand skill's); other ways of saying it are not supported"),
    # "When this unit is supported by a card with a Support Skill" (P05-013PR): the trigger
    # takes no "by ..."; the supporting card is asked by a condition line.
    (re.compile(r"^\s*when\b.*\bis\s+(being\s+)?supported\s+by\b"),
     "a trigger 'when ... is supported by ...' is not supported: write 'when this unit is supported' (or 'when "
     "an ally is supported') and then a condition line, 'if the card supporting this unit has a support skill' "
     "or 'if that unit is supported by a green card'"),
    # "The card supporting this unit acquires your opponent's Support Skills" (B07-044SR): that
    # line alone; other things acquired from the opponent are not in the language.
    (re.compile(r"\bacquires?\s+(all\s+)?(of\s+)?your\s+opponent'?s\b"),
     "acquiring your opponent's support skills is supported only as 'the card supporting this unit acquires "
     "your opponent's support skills' (a CONT skill's line, alone); other skills of the opponent are not"),
    # "All <Green> allies may also be supported by support cards with the same Unit Name as
    # themselves" (B12-010SR): one spelling, for cards with the unit's own name only.
    (re.compile(r"\b(can|may)\s+(also\s+)?be\s+supported\s+by\b"),
     "'... can be supported by ...' is supported only as 'all green allies can be supported by cards with the "
     "same unit name as themselves' (or '... as itself' after 'this unit'); other supporting cards: 'all "
     "\"Anna\" cards can support this unit'"),
)


def unsupported(line: str) -> str | None:
    """The message for a line that did not parse and says something of skill control
    the language does not have (None: not one of those)."""
    low = line.lower()
    for rx, msg in UNSUPPORTED:
        if rx.search(low):
            return msg
    return None


def check_again(checker, st: A.Again) -> None:
    """The last line of a skill that acts; its costs are checked as a cost line's."""
    from fecipher.dsl.costs_more import check_cost
    kind = checker.s.kind
    if st.verb != "activate":
        checker.err(st.pos, f"'{st.verb} this skill again': say 'you may pay <cost>: activate this skill again'")
    if kind in ("cont", "spec"):
        checker.err(st.pos, f"a {kind.upper()} skill holds while it is active; it is not activated again")
    elif checker.s.statements and checker.s.statements[-1] is not st:
        checker.err(st.pos, "'...: activate this skill again' is the skill's last line (the lines before it run "
                            "again)")
    for c in st.costs:
        check_cost(c, checker.err, kind)


def again_effect(st: A.Again):
    """Each time the controller pays the cost, the skill's whole effect runs again (this
    line included: they may pay again), with nothing chosen yet."""
    from fecipher.dsl.costs_more import joint
    from fecipher.dsl.registry import COSTS
    from fecipher.engine.decisions import yes_no
    from fecipher.engine.resolution import acting
    costs = joint(tuple(COSTS[c.verb].build(c) for c in st.costs))
    text = render_again(st)

    def eff(ctx: SkillContext):
        ctx.data["did"] = False
        if not all(c.can_pay(ctx) for c in costs):
            return
        if not (yield from yes_no(ctx.controller, f"{ctx.skill.name}: {text[:-1]}?")):
            return
        for c in costs:
            yield from acting(ctx.game, ctx, "cost", c.pay(ctx))
        ctx.data["did"] = True
        again = attrs.evolve(ctx, data={})
        yield from ctx.skill.effect(again)
    return eff


def render_again(st: A.Again) -> str:
    from fecipher.dsl import render
    paid = ", ".join(render.cost_item(c) for c in st.costs)
    return f"You may [{render.cap(paid)}] and each time you do, this skill is activated again."


def check_limit_lift(checker, st: A.LimitLift) -> None:
    checker.check_skill_name(st.name, st.pos)
    if st.name not in checker.skill_names:
        checker.err(st.pos, f"'this unit's \"{st.name}\" loses once per turn' names a skill of this card")
    _check_duration(checker, checker.s.kind, st.duration, st.pos, "'... loses once per turn'")


def _check_duration(checker, kind: str, duration, pos, what: str) -> None:
    if kind == "cont":
        if duration is not None:
            checker.err(duration.pos, "a CONT skill holds while it is active; it takes no duration")
    elif kind == "spec":
        checker.err(pos, f"{what} is a CONT skill's line, or an effect with a duration")
    elif duration is None:
        checker.err(pos, f"{what} needs a duration here, e.g. 'until the end of the turn'")


def check_change(checker, c: A.Change) -> None:
    """The changes of this module, in a modification line."""
    if c.kind == "acquire_opponent_support_skills":
        # (the parser made the one accepted line a "support_opponents_skills" change)
        checker.err(c.pos, "acquiring your opponent's support skills is supported only as 'the card supporting "
                           "this unit acquires your opponent's support skills' (a CONT skill's line, alone)")
        return
    if c.kind == "support_opponents_skills" and checker.s.kind != "cont":
        checker.err(c.pos, "'the card supporting this unit acquires your opponent's support skills' is a CONT "
                           "skill's line (with a duration it is not supported)")
        return
    if c.kind == "support_twice":
        if c.words not in (("activates", "second"), ("activate", "second")):
            checker.err(c.pos, "the line is 'the support skill of the card supporting this unit activates a "
                               "second time' (a third time, or again for a cost, is not supported)")
        if checker.s.kind != "cont":
            checker.err(c.pos, "'... activates a second time' is a CONT skill's line (with a duration it is "
                               "not supported)")
    elif c.kind == "lvs_usable":
        for w in c.words:
            name, _, n = w.partition(" ")
            if name != "LvS" or not n.isdigit():
                checker.err(c.pos, f"'the [{w}] skills of ... become usable': only [LvS N] skills are made usable "
                                   f"(their stack size is not asked)")
    elif c.kind == "cannot_use_kind":
        bad = [k for k in c.words if k not in UNIT_KINDS]
        if bad:
            checker.err(c.pos, f"a unit's {bad[0]} skills are not its own to use: say 'your opponent cannot use "
                               f"{bad[0]} skills' (a rule about the player)")
    elif c.kind == "acquire_skills_of":
        checker.check_selector(c.of)
        k = checker.ref_kind(c.of) if isinstance(c.of, A.Ref) else _kind(c.of)
        if k not in ("unit", "card", "chosen", "name"):
            checker.err(c.of.pos, "'acquires all skills of ...' names a unit or a card, e.g. 'it', 'that ally'")
        if checker.s.kind in ("cont", "spec"):
            checker.err(c.pos, "'acquires all skills of ...' in a CONT skill is not supported (the skills a unit "
                               "has would depend on each other): write it as an effect with a duration")
    elif c.kind == "acquire_keyword_shared":
        _check_dragon_blood(checker, c)
    elif c.kind == "acquire_traits_of":
        checker.check_selector(c.of)
        k = checker.ref_kind(c.of) if isinstance(c.of, A.Ref) else _kind(c.of)
        if c.words == ("symbol",):
            # a card has symbols too ("the <Symbol> of the card supporting this unit", B05-050N)
            if k not in ("unit", "card", "chosen", "name"):
                checker.err(c.of.pos, "'acquires the symbol of ...' names a unit or a card, e.g. 'the card "
                                      "supporting this unit'")
        elif "symbol" in c.words:
            checker.err(c.pos, "'acquires the symbol of ...' stands alone: say 'acquires the symbol of X and "
                               "acquires the weapon of Y' (the symbol is taken from units or cards, the weapon, "
                               "type and range from units)")
        elif k not in ("unit", "chosen", "name"):
            checker.err(c.of.pos, "'acquires the weapon ... of ...' names units, e.g. 'all non-\"Morgan\" allies'")


def _check_dragon_blood(checker, c: A.Change) -> None:
    """"this unit acquires all [DB] skills of other allies" (Resonance of Dragon's
    Blood): a CONT skill of that one line, always on (the engine reads which units
    have it when it works out which skills each unit has: it cannot wait on a
    condition or another line of the skill, which would depend on skills too)."""
    if c.words != ("DB",):
        checker.err(c.pos, f"'acquires all [{c.words[0]}] skills of other allies': only [DB] skills are shared "
                           f"so (Resonance of Dragon's Blood)")
        return
    s = checker.s
    st = next((x for x in s.statements if isinstance(x, A.Modification) and c in x.changes), None)
    if s.kind != "cont" or st is None:
        checker.err(c.pos, "'acquires all [DB] skills of other allies' is a CONT skill's line")
        return
    if (len(s.statements) != 1 or len(st.changes) != 1 or s.conditions or s.costs or st.while_state is not None
            or len(st.subjects) != 1 or not (isinstance(st.subjects[0], A.Ref) and st.subjects[0].kind == "this")):
        checker.err(c.pos, "'this unit acquires all [DB] skills of other allies' is the whole of its CONT skill: "
                           "no condition, no other line, no other subject")


def _kind(sel) -> str:
    from fecipher.dsl.selectors import selector_kind
    return selector_kind(sel)


def check_post(checker, sel: A.Filtered, p: A.PostFilter) -> None:
    """"with a support skill" / "with a [CF] skill" / "with support X": units or cards."""
    if p.kind == "support_x" and p.value.lower() != "x":
        checker.err(p.pos, f"'with support {p.value}': a support is a number ('with support 10') or X")
    if p.kind == "keyword_skill" and p.stat not in V.KEYWORDS:
        from fecipher.dsl.errors import suggest
        checker.err(p.pos, lambda: f"unknown keyword [{p.stat}]{suggest(p.stat, V.KEYWORDS)}")
    if _kind(sel) not in ("unit", "card", "bond"):
        checker.err(p.pos, "'with a ... skill' goes with units, cards or bonds")


def check_condition(checker, c: A.Condition) -> None:
    checker.check_selector(c.subject)
    if c.kind == "has_named_skill":   # "this unit lacks "True Power"": a unit's skills now
        checker.check_skill_name(c.name, c.pos)
        k = checker.ref_kind(c.subject) if isinstance(c.subject, A.Ref) else _kind(c.subject)
        if k not in ("unit", "name", "chosen"):
            checker.err(c.pos, f"'has \"{c.name}\"' asks about a unit's skills (printed, acquired, not lost): "
                               f"say it of a unit ('this unit has \"{c.name}\"', 'your main character does not "
                               f"have \"{c.name}\"'); what a card prints is not supported")
        return
    if c.kind == "has_keyword_skill" and c.name not in V.KEYWORDS:
        from fecipher.dsl.errors import suggest
        checker.err(c.pos, lambda: f"unknown keyword [{c.name}]{suggest(c.name, V.KEYWORDS)}")


# ---------------------------------------------------------------- what a thing has
def unit_has_support_skill(game, u) -> bool:
    """A unit has its card's support skill unless it lost it ("lose their support skills")."""
    if game.base_card(u).support_skill is None:
        return False
    return M.printed_only(game, M.NO_SUPPORT_SKILL) or not game.flag(u, M.NO_SUPPORT_SKILL)


def has_support_skill(ctx: SkillContext, thing) -> bool:
    if isinstance(thing, CardCopy):   # (a support card: with those it acquired, engine/battle.py)
        from fecipher.engine.battle import support_skills_of
        return bool(support_skills_of(ctx.game, thing))
    return unit_has_support_skill(ctx.game, thing)


def support_skill_names(ctx: SkillContext, thing) -> tuple[str, ...]:
    """The names of a card's support skills: printed (a card may print two), and those a
    support card acquired (engine/battle.py, support_skills_of); a unit: its card's printed ones."""
    if isinstance(thing, CardCopy):
        from fecipher.engine.battle import support_skills_of
        return tuple(s.name for s in support_skills_of(ctx.game, thing))
    return tuple(s.name for s in ctx.game.base_card(thing).support_skills)


def _given_bond_skills(ctx: SkillContext, copy: CardCopy) -> tuple:
    """The bond skills a face-up bond card has from a unit's CONT skill ("All of your
    <Yellow> Bond cards possess this unit's [BS] skill", dsl/bond_grant.py), besides its own."""
    g = ctx.game
    if M.idle(g, M.BOND_SKILLS):
        return ()
    area, bond = g.locate(copy)
    if area != "bonds" or not bond.face_up:
        return ()
    from fecipher.engine.resolution import bond_skills
    return bond_skills(g, copy.owner, copy)


def has_bond_skill(ctx: SkillContext, thing) -> bool:
    """A card (a unit: its card) that prints a bond skill; a face-up bond also one a unit's
    skill gives it."""
    card = thing.card if isinstance(thing, CardCopy) else ctx.game.base_card(thing)
    return any(s.kind is SkillKind.BOND for s in card.skills) or (
        isinstance(thing, CardCopy) and bool(_given_bond_skills(ctx, thing)))


def has_keyword_skill(ctx: SkillContext, thing, name: str) -> bool:
    """A skill with that keyword: a unit's skills now (printed, acquired, not lost), or
    the skills printed on a card (its support skills too, with those a support card acquired)."""
    if isinstance(thing, CardCopy):
        from fecipher.engine.battle import support_skills_of
        skills = thing.card.skills + support_skills_of(ctx.game, thing) + _given_bond_skills(ctx, thing)
    else:
        skills = ctx.game.skills_of(thing)
        if has_support_skill(ctx, thing):
            skills = skills + ctx.game.base_card(thing).support_skills
    return any(s.has_keyword(name) for s in skills)


def post_predicate(p: A.PostFilter):
    """(ctx, unit or card) -> bool for the filters of this module."""
    if p.kind == "support_x":   # printed support "X" (a unit: its card's)
        return lambda ctx, t: (t.card if isinstance(t, CardCopy) else ctx.game.base_card(t)).support_x
    want = bool(p.value)
    if p.kind == "support_skill" and p.stat is not None:   # 'with an "Attack Emblem" support skill'
        name = p.stat
        return lambda ctx, t: has_support_skill(ctx, t) and name in support_skill_names(ctx, t)
    if p.kind == "support_skill":
        return lambda ctx, t: has_support_skill(ctx, t) == want
    if p.kind == "bond_skill":   # "a bond with a bond skill": the card prints one
        return lambda ctx, t: has_bond_skill(ctx, t) == want
    name = p.stat
    return lambda ctx, t: has_keyword_skill(ctx, t, name) == want


def has_named_skill(ctx: SkillContext, thing, name: str) -> bool:
    """A unit has a skill of that name now: printed, acquired (given, shared), not lost."""
    if isinstance(thing, CardCopy):   # (refused by the checker: a unit's skills only)
        return False
    return any(s.name == name for s in ctx.game.skills_of(thing))


def compile_condition(c: A.Condition):
    from fecipher.dsl.conditions import subject_things
    subj = c.subject
    if c.kind == "has_named_skill":
        skill_name = c.name

        def test(ctx, t):
            return has_named_skill(ctx, t, skill_name)
    elif c.kind == "has_support_skill":
        def test(ctx, t):
            return has_support_skill(ctx, t)
    else:
        name = c.name

        def test(ctx, t):
            return has_keyword_skill(ctx, t, name)

    def holds(ctx: SkillContext) -> bool:
        things = subject_things(ctx, subj)
        return bool(things) and all(test(ctx, t) for t in things)
    return holds


# ---------------------------------------------------------------- compiling
def ban_value(st: A.SkillBan):
    """value(ctx, _, player=, kind=, skill=, card=): whether the rule forbids that
    skill; players are counted from the rule's controller."""
    who, kinds, words, only = st.who, frozenset(st.kinds), tuple(st.cards or ()), st.skill
    supported = st.supported

    def forbids(ctx, _unit, player=None, kind=None, also=None, card=None, skill=None, supported_unit=None, **kw):
        if who == "opponent" and player != ctx.opponent or who == "you" and player != ctx.controller:
            return False
        if kinds and kind not in kinds and also not in kinds:
            return False
        if only is not None and skill != only:   # 'all support cards lose "Miracle Emblem"'
            return False
        if supported is not None:
            # 'the cards supporting it lose "X"': a support skill of a card supporting that unit
            # (the engine names the unit a support skill's card supports: supported_unit)
            from fecipher.dsl.selectors import ref_units
            if supported_unit is None or supported_unit not in {u.id for u in ref_units(ctx, supported)}:
                return False
        if words:
            from fecipher.dsl.selectors import card_has
            if card is None or not all(card_has(card.card, w) for w in words):
                return False
        return True
    return forbids


def ban_continuous(st: A.SkillBan) -> list[ContinuousEffect]:
    return [ContinuousEffect(M.SKILL_BAN, "flag", ban_value(st), lambda ctx, u: False, render_ban(st))]


def ban_effect(st: A.SkillBan):
    """The rule for its duration: a modifier that reaches no unit (as a deploy ban)."""
    from fecipher.dsl.skillcompile import player_rule_effect
    return player_rule_effect(st, M.SKILL_BAN, ban_value(st), render_ban(st))


def _lift_value(name: str):
    return lambda ctx, u, skill=None, **kw: skill == name


def lift_continuous(st: A.LimitLift) -> list[ContinuousEffect]:
    from fecipher.engine.skills import this_unit
    return [ContinuousEffect(M.NO_TURN_LIMIT, "flag", _lift_value(st.name), this_unit, render_lift(st))]


def lift_effect(st: A.LimitLift):
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.END_OF_TURN
    value = _lift_value(st.name)
    text = render_lift(st)

    def eff(ctx: SkillContext):
        g = ctx.game
        u = ctx.unit
        ctx.data["did"] = u is not None
        if u is not None:
            g.add_modifier(Modifier(M.NO_TURN_LIMIT, "flag", (lambda gm, un, **kw: value(None, un, **kw)),
                                    duration, ctx.controller, unit=u.id, turn=g.turn, text=f"{u.card.name}: {text}",
                                    source=ctx.skill.name))
        return
        yield  # pragma: no cover
    return eff


def change_parts(c: A.Change) -> list[tuple[str, str, Any]] | None:
    """(stat, op, value) of this module's changes (None: not one of them). The op
    "grant_now" is a grant whose value is found when the effect resolves."""
    if c.kind == "cannot_use_kind":
        kinds = frozenset(c.words or UNIT_KINDS)
        return [(M.CANNOT_USE_SKILL, "flag", lambda ctx, u, kind=None, _k=kinds, **kw: kind in _k)]
    if c.kind == "lose_support_skill":
        return [(M.NO_SUPPORT_SKILL, "flag", True)]
    if c.kind == "support_twice":
        return [(M.SUPPORT_TWICE, "flag", True)]
    if c.kind == "support_opponents_skills":
        return [(M.SUPPORT_OPPONENTS_SKILLS, "flag", True)]
    if c.kind == "lvs_usable":
        levels = frozenset(int(w.partition(" ")[2] or 0) for w in c.words)
        return [(M.LVS_USABLE, "flag", lambda ctx, u, level=None, _l=levels, **kw: level in _l)]
    if c.kind == "acquire_skills_of":
        of = c.of

        def skills(ctx, u, **kw):
            return frozenset(s for t in _things(ctx, of) for s in _printed_skills(ctx, t))
        return [(M.SKILLS, "grant_now", skills)]
    if c.kind == "acquire_keyword_shared":
        return []   # no modifier: the skill's rule (engine/values.py, skills_of)
    if c.kind == "acquire_traits_of":
        of, traits = c.of, c.words
        out = []
        if "weapon" in traits or "type" in traits:
            wanted = frozenset((WEAPONS if "weapon" in traits else ()) + (UNIT_TYPES if "type" in traits else ()))

            def types(ctx, u, **kw):
                g = ctx.game
                return frozenset(t for x in _units(ctx, of) if x is not u for t in g.types(x) if t in wanted)
            out.append((M.TYPES, "grant", types))
        if "range" in traits:
            def ranges(ctx, u, **kw):
                g = ctx.game
                return frozenset(r for x in _units(ctx, of) if x is not u for r in g.ranges(x))
            out.append((M.RANGES, "grant", ranges))
        if "symbol" in traits:
            # a unit's symbols as computed; a card's (the card supporting it) as computed where it is
            def symbols(ctx, u, **kw):
                g = ctx.game
                return frozenset(sym for x in _things(ctx, of) if x is not u
                                 for sym in (g.card_symbols(x) if isinstance(x, CardCopy) else g.symbols(x)))
            out.append((M.SYMBOLS, "grant", symbols))
        return out
    return None


def _things(ctx: SkillContext, sel) -> list:
    from fecipher.dsl.conditions import subject_things
    return subject_things(ctx, sel)


def _units(ctx: SkillContext, sel) -> list:
    from fecipher.dsl.conditions import subject_units
    return subject_units(ctx, sel)


def _printed_skills(ctx: SkillContext, thing) -> tuple:
    """The skills printed on a card, or on the card whose values a unit has (engine
    decision "What 'acquires all skills of ...' takes"): not those it acquired or lost."""
    if isinstance(thing, CardCopy):
        return thing.card.skills
    return ctx.game.base_card(thing).skills


def value_of(ref, stat: str, times: int):
    """value(ctx, copy): "the support of it" (a card's computed support, "X" is 0; a
    unit's printed support), "the cost of your opponent's battling unit" (a unit's
    computed cost, a card's) ... times ``times``, read when the line resolves; 0 when
    the reference stands for nothing."""
    def value(ctx, _copy=None, **kw):
        from fecipher.dsl.conditions import stat_value
        things = _things(ctx, ref)
        if not things:
            return 0
        t = things[0]
        g = ctx.game
        if isinstance(t, CardCopy) and stat == "support":
            v = g.card_support(t)
        elif isinstance(t, CardCopy) and stat == "cost":
            v = g.deploy_cost(t)
        else:
            v = stat_value(ctx, t, stat)
        return (v or 0) * times
    return value


def check_value_of(checker, st: A.CardChange) -> None:
    """"the support of this card becomes the support of it": a support skill's card,
    from one unit or card."""
    checker.check_selector(st.of)
    if not isinstance(st.of, A.Ref):
        checker.err(st.of.pos, "'becomes the ... of ...' takes its value from one unit or card: 'it', 'the "
                               "revealed card', 'your opponent's battling unit'")
    if st.stat != "support" or checker.s.kind != "support":
        checker.err(st.pos, "'becomes the ... of ...' sets a support skill's card's support ('the support of this "
                            "card becomes the support of it')")


def render_value_of(st: A.CardChange) -> str:
    from fecipher.dsl import render
    stat = {"cost": "the Deployment Cost", "attack": "the attack", "support": "the Support value",
            "range": "the range"}[st.of_stat]
    times = f" x {st.amount}" if st.amount != 1 else ""
    return f"{stat} of {render.selector(st.of)}{times}"


# ---------------------------------------------------------------- English
def render_ban(st: A.SkillBan) -> str:
    from fecipher.dsl import render
    who = {"opponent": "your opponent", "you": "you", "each": "each player"}[st.who]
    whose = {"opponent": "your opponent's", "you": "your", "each": "all"}[st.who]
    kinds = " or ".join(_KIND_TEXT[k] for k in st.kinds)
    if st.skill is not None and st.verb == "use":
        body = f'{who} cannot use "{st.skill}"'
    elif st.skill is not None and st.supported is not None:
        body = f'the cards supporting {render.selector(st.supported)} lose "{st.skill}"'
    elif st.skill is not None:
        body = f'{whose} Support cards lose "{st.skill}"'
    elif st.cards is not None:
        quals = "".join(f"<{w.capitalize()}> " for w in st.cards)
        body = f"{whose} {quals}Support cards lose their Support Skills"
    elif st.verb == "use":
        body = f"{who} cannot use {kinds + ' ' if kinds else ''}skills"
    else:
        body = f"{whose} {kinds + ' ' if kinds else ''}skills cannot {st.verb}"
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."


def render_lift(st: A.LimitLift) -> str:
    from fecipher.dsl import render
    body = f'this unit\'s "{st.name}" loses [Once per Turn]'
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."


def render_change(c: A.Change, plural: bool) -> str | None:
    """The English of this module's changes (None: not one of them)."""
    from fecipher.dsl import render
    s = "" if plural else "s"
    if c.kind == "cannot_use_kind":
        kinds = " or ".join(_KIND_TEXT[k] for k in c.words)
        return f"cannot use {kinds + ' ' if kinds else ''}skills"
    if c.kind == "lose_support_skill":
        return f"lose{s} {'their' if plural else 'its'} Support Skill{'s' if plural else ''}"
    if c.kind == "support_twice":
        return f"{'have' if plural else 'has'} the Support Skill of {'their' if plural else 'its'} Support activate a 2nd time"
    if c.kind == "support_opponents_skills":
        return (f"{'have' if plural else 'has'} the card supporting {'them' if plural else 'it'} acquire your "
                f"opponent's Support Skills (it cannot have more than 1 Support Skill of the same name)")
    if c.kind == "lvs_usable":
        tags = [f"[{w.replace(' ', '')}]" for w in c.words]
        listed = tags[0] if len(tags) == 1 else ", ".join(tags[:-1]) + " and " + tags[-1]
        return f"{'have their' if plural else 'has its'} {listed} skills usable"
    if c.kind == "acquire_skills_of":
        return f"acquire{s} all skills possessed by {render.selector(c.of)}"
    if c.kind == "acquire_keyword_shared":
        return f"acquire{s} all [{c.words[0]}] possessed by other allies (only 1 skill of each name)"
    if c.kind == "acquire_traits_of":
        words = list(c.words)
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        return f"acquire{s} the {listed} of {render.selector(c.of)}"
    return None


def render_post(p: A.PostFilter) -> str:
    if p.kind == "support_x":
        return 'with a Support value of "X"'
    if p.kind == "support_skill" and p.stat is not None:
        return f'with {"an" if p.stat[:1] in "AEIOU" else "a"} "{p.stat}" Support Skill'
    what = ("a Support Skill" if p.kind == "support_skill" else "a Bond Skill" if p.kind == "bond_skill"
            else f"a [{p.stat}] skill")
    return f"with {what}" if p.value else f"with no {what[2:]}"


def render_condition(c: A.Condition) -> str:
    from fecipher.dsl import render
    if c.kind == "has_named_skill":
        return f'{render.selector(c.subject)} has "{c.name}"'
    what = "a Support Skill" if c.kind == "has_support_skill" else f"a [{c.name}] skill"
    return f"{render.selector(c.subject)} has {what}"
