"""Checking skills: kinds and clauses that go together, every verb, word, place
and flag resolved against the vocabulary, and objects of the right kind."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.conditions import COUNTABLE
from fecipher.dsl.errors import Sink, suggest
from fecipher.dsl.registry import COSTS, EFFECTS
from fecipher.dsl.selectors import selector_kind

from fecipher.dsl import costs as _costs, effects as _effects  # noqa: F401  (fill the registries)

OBJECT_WORDS = {"number": "a number", "unit": "units", "card": "cards", "chosen": "what was chosen",
                "bond": "bonds", "orb": "orbs", "none": "nothing"}


def check_skills(card: A.CardNode, sink: Sink, units: frozenset[str] | set[str] = frozenset()) -> None:
    granted = {s.name for s in card.skills if s.granted}
    has_cc = card.fact("class_change_cost") is not None
    names: set[str] = set()
    supports = 0
    for s in card.skills:
        if s.kind == "support":
            supports += 1
            if supports > 1:
                sink.error(s.pos, "a card has at most one support skill")
        elif not s.granted:
            if s.name in names:
                sink.error(s.pos, f"\"{card.name}\" has two skills named \"{s.name}\"")
            names.add(s.name)
        SkillChecker(card, s, sink, granted, has_cc, units).check()


class SkillChecker:
    def __init__(self, card: A.CardNode, skill: A.SkillNode, sink: Sink, granted: set[str], has_cc: bool,
                 units: frozenset[str] | set[str] = frozenset()):
        self.card, self.s, self.sink, self.granted, self.has_cc = card, skill, sink, granted, has_cc
        self.units = units
        self.skill_names = {x.name for x in card.skills}

    def check_name(self, name: str, pos) -> None:
        """A unit name in a skill must be a real unit name (or a card of this pack)."""
        if self.units and name not in self.units:
            self.err(pos, f"unknown unit name \"{name}\"{suggest(name, self.units)}")

    def err(self, pos, msg: str) -> None:
        self.sink.error(pos, msg)

    def check(self) -> None:
        s = self.s
        for k in s.keywords:
            if k.name not in V.KEYWORDS:
                self.err(k.pos, f"unknown keyword [{k.name}]{suggest(k.name, V.KEYWORDS)}")
            elif k.name == "LvS":
                if k.arg is None or k.arg < 2:
                    self.err(k.pos, "[LvS N] needs a stack size N of 2 or more, e.g. [LvS 3]")
            elif k.arg is not None:
                self.err(k.pos, f"[{k.name}] takes no number")
            if k.name == "CCS" and not self.has_cc:
                self.err(k.pos, "[CCS] is only active while class changed, but this card has no class-change cost")
        for lim, pos in s.limits:
            if lim not in ("turn", "game"):
                self.err(pos, f"'once per {lim}': a limit is 'once per turn' or 'once per game'")
        if s.kind in ("cont", "spec"):
            for c in s.costs:
                self.err(c.pos, f"a {s.kind.upper()} skill has no cost")
            for t in s.triggers:
                self.err(t.pos, f"a {s.kind.upper()} skill has no trigger ('when ...' belongs to AUTO skills)")
            if s.limits:
                self.err(s.limits[0][1], f"a {s.kind.upper()} skill has no use limit")
            if s.optional:
                self.err(s.pos, f"a {s.kind.upper()} skill has no 'you may'")
        if s.kind == "auto" and not s.triggers:
            self.err(s.pos, "an AUTO skill needs a trigger line ('when ...', 'each time ...' or 'at ...')")
        if s.kind in ("act", "support") and s.triggers:
            self.err(s.triggers[0].pos, f"a{'n' if s.kind == 'act' else ''} {s.kind.upper()} skill has no trigger")
        if s.kind == "support" and s.costs:
            self.err(s.costs[0].pos, "a support skill has no cost")
        if not s.statements:
            self.err(s.pos, f"skill \"{s.name}\" has no effect line")
        for c in s.costs:
            self.check_action(c, COSTS, "cost")
        for t in s.triggers:
            self.check_trigger(t)
        for c in s.conditions:
            self.check_condition(c)
        for st in s.statements:
            self.check_statement(st)

    # ---- statements
    def check_statement(self, st) -> None:
        kind = self.s.kind
        if isinstance(st, A.Action):
            if kind in ("cont", "spec"):
                self.err(st.pos, f"a {kind.upper()} skill states what holds ('this unit gains +10 attack'), "
                                 f"it does not act ('{st.verb} ...')")
                return
            self.check_action(st, EFFECTS, "effect")
            return
        if isinstance(st, A.SupportFail):
            self.check_selector(st.cards)
            self.check_selector(st.units)
            if selector_kind(st.cards) not in ("card", "name"):
                self.err(st.cards.pos, "what fails to support is cards, e.g. 'all female cards'")
            return
        for subj in st.subjects:
            self.check_selector(subj)
            if kind != "spec" and selector_kind(subj) not in ("unit", "chosen", "name"):
                self.err(subj.pos, "a change applies to units, e.g. 'this unit', 'all allies', 'it'")
        if kind == "spec":
            for c in st.changes:
                if c.kind == "acquire_name" or (c.kind == "cannot" and tuple(c.words) in V.CARD_RULES):
                    continue
                self.err(c.pos, "a SPEC skill sets a card rule: 'this card acquires the unit name \"X\"' "
                                "or 'this card cannot be placed in the bond area'")
            return
        if kind == "cont":
            if st.duration is not None:
                self.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
        elif st.duration is None:
            self.err(st.pos, "this change needs a duration: 'until the end of the turn', "
                             "'until the end of the combat' or 'until the end of your opponent's next turn'")
        for c in st.changes:
            self.check_change(c)

    def check_change(self, c: A.Change) -> None:
        if c.kind == "cannot":
            words = tuple(c.words)
            if words in V.CARD_RULES:
                self.err(c.pos, "only a SPEC skill on 'this card' can say that")
            elif words not in V.FLAGS:
                self.err(c.pos, f"unknown restriction 'cannot {' '.join(words)}'"
                                f"{suggest(' '.join(words), V.FLAG_PHRASES)}")
            if c.by == "skills" and words not in (("be", "destroyed"), ("be", "moved")):
                self.err(c.pos, "'by skills' goes with 'cannot be destroyed' or 'cannot be moved'")
            elif c.by is not None and c.by != "skills":
                self.check_selector(c.by)
                if words not in (("be", "attacked"), ("attack",)):
                    self.err(c.pos, "'by ...' names attackers: 'cannot be attacked by enemies in the back line'")
        elif c.kind == "acquire_skill":
            if c.name not in self.granted:
                hint = suggest(c.name, self.granted) if self.granted else ""
                self.err(c.pos, f"no granted skill \"{c.name}\" on this card{hint}; define it with "
                                f"'granted cont \"{c.name}\"'")
        elif c.kind == "acquire_name":
            self.check_name(c.name, c.pos)
        elif c.kind == "acquire_type":
            w = c.words[0]
            if w not in V.QUALITY_WORDS - set(V.SYMBOLS):
                self.err(c.pos, f"unknown type '{w}'{suggest(w, V.QUALITY_WORDS)}")
        elif c.kind == "acquire_range":
            for r in c.ranges:
                if not 1 <= r <= 3:
                    self.err(c.pos, f"range {r} is outside 1-3")
        elif c.kind == "gain" and c.per_each is not None:
            self.check_selector(c.per_each)
        elif c.kind == "orbs" and not 1 <= (c.amount or 0) <= 5:
            self.err(c.pos, f"an attack breaks 1 to 5 orbs, not {c.amount}")

    def check_action(self, a: A.Action, table: dict, what: str) -> None:
        verb = table.get(a.verb)
        if verb is None:
            self.err(a.verb_pos, f"unknown {what} '{a.verb}'{suggest(a.verb, table)}")
            return
        if a.number is not None:
            okind = "number"
        elif a.target is None:
            okind = "none"
        else:
            okind = selector_kind(a.target)
            if okind == "name":
                okind = "unit"
            self.check_selector(a.target)
        if okind not in verb.objects:
            want = " or ".join(OBJECT_WORDS[o] for o in OBJECT_WORDS if o in verb.objects)
            got = OBJECT_WORDS.get(okind, okind)
            if okind == "chosen" and verb.objects & {"unit", "card"}:
                pass
            else:
                self.err(a.pos, f"'{a.verb}' takes {want}, not {got}")
        for p in a.preps:
            if p.kind not in verb.preps:
                self.err(p.pos, f"'{a.verb}' does not take '{'to ...' if p.kind == 'to' else p.kind}'")
            if p.place is not None:
                self.check_place(p.place)
        if verb.needs_place and not any(p.kind == "to" for p in a.preps):
            self.err(a.pos, f"'{a.verb}' needs a destination, e.g. 'to your retreat area'")

    def check_place(self, p: A.Place) -> None:
        if tuple(p.words) not in V.PLACES:
            w = " ".join(p.words)
            self.err(p.pos, f"unknown area '{w}'{suggest(w, V.PLACE_NAMES)}")

    # ---- selectors
    def check_selector(self, sel) -> None:
        if sel is None or isinstance(sel, str):
            return
        if isinstance(sel, A.Ref):
            if sel.kind == "named":
                self.check_name(sel.name, sel.pos)
            return
        for q in sel.qualifiers:
            if q.kind in ("name", "not_name"):
                for n in q.values:
                    self.check_name(n, q.pos)
            if q.kind in ("words", "not_word"):
                for w in q.values:
                    if w not in V.QUALITY_WORDS:
                        self.err(q.pos, f"unknown quality '{w}' (a symbol, gender, weapon or type)"
                                        f"{suggest(w, V.QUALITY_WORDS)}")
        for p in sel.posts:
            if p.kind == "named":
                self.check_name(p.value, p.pos)
            if p.kind == "other_than":
                for r in p.value:
                    self.check_selector(r)
            if p.kind == "from_place":
                self.check_place(p.value)
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'from ...' goes with cards, e.g. '1 card from your hand'")
        if selector_kind(sel) == "card" and sel.quantifier is not None and sel.quantifier.kind != "all":
            if not any(p.kind == "from_place" for p in sel.posts):
                self.err(sel.pos, "say where the cards are: e.g. '1 card from your retreat area'")

    def check_trigger(self, t: A.Trigger) -> None:
        if t.subject is not None:
            self.check_selector(t.subject)
            if selector_kind(t.subject) not in ("unit", "name"):
                self.err(t.subject.pos, "a trigger is about a unit: 'this unit', 'another ally', 'an enemy'")
        if t.obj is not None:
            self.check_selector(t.obj)

    def check_condition(self, c: A.Condition) -> None:
        if c.kind == "negation":
            self.check_condition(c.inner)
        elif c.kind == "is_state":
            self.check_selector(c.subject)
            st = c.state
            while st.kind == "not":
                st = st.arg
            if st.kind == "quality" and st.arg[0] not in V.QUALITY_WORDS:
                self.err(st.arg[1], f"unknown quality '{st.arg[0]}'{suggest(st.arg[0], V.QUALITY_WORDS)}")
            if st.kind in ("attacking", "attacked", "supported_by") and st.arg is not None:
                self.check_selector(st.arg)
        elif c.kind == "have_count":
            self.check_selector(c.counted)
        elif c.kind == "used_skill":
            self.check_selector(c.subject)
            if c.name not in self.skill_names:
                self.err(c.pos, f"this card has no skill \"{c.name}\"{suggest(c.name, self.skill_names)}")
        elif c.kind == "have_reference":
            self.check_selector(c.subject)
        elif c.kind == "compare_with_opponent":
            if c.words[1] not in COUNTABLE:
                self.err(c.pos, f"cannot compare '{c.words[1]}'{suggest(c.words[1], COUNTABLE)}")
