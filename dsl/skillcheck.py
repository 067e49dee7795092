"""Checking skills: kinds and clauses that go together, every verb, word, place
and flag resolved against the vocabulary, and objects of the right kind."""
from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.conditions import COUNTABLE, readable_on_cards
from fecipher.dsl.costs_more import check_cost
from fecipher.dsl import card_values as CV
from fecipher.dsl import effects_control as control
from fecipher.dsl import skill_control
from fecipher.dsl.errors import Sink, suggest
from fecipher.dsl.registry import COSTS, EFFECTS
from fecipher.dsl import render
from fecipher.dsl.triggers import trigger_about
from fecipher.dsl.render import qualifier as render_qualifier
from fecipher.dsl.selectors import COLORLESS, PICKED_KINDS, card_place, pick_key, place_area, selector_kind
from fecipher.engine import modifiers as M

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.dsl.checker import Names

from fecipher.dsl import costs as _costs, effects as _effects  # noqa: F401  (fill the registries)

# Words a filter or a state may test: the qualities, and "colorless" (no symbol).
FILTER_WORDS = V.QUALITY_WORDS | COLORLESS
_PICKED_TEXT = {"ally": "the chosen ally", "enemy": "the chosen enemy", "unit": "the chosen unit",
                "card": "the chosen card", "bond": "the chosen bond", "orb": "the chosen orb",
                "revealed": "the revealed card", "stacked": "the stacked card"}


@attrs.frozen
class Binding:
    """A "choose"/"reveal" line earlier in the skill: what later lines may refer to."""
    key: str              # ally, enemy, unit, card, revealed
    kind: str             # unit, card
    line: int
    new: bool             # False for "reveal it": the same things as before
    narrows: str | None = None   # "choose 1 card among them": a choice among the revealed cards
    area: str | None = None      # where the chosen cards are, when the line says ("bonds", "orbs", "hand" ...)
    narrows_line: int | None = None   # "choose 1 of those cards": the line of the choice it chooses among

    def text(self) -> str:
        return f"{_PICKED_TEXT.get(self.key, self.key)} (line {self.line})"


_NEW_TRIGGERS = frozenset({"tapped", "untapped", "growthed", "fails_to_destroy", "combat_ends", "uses", "card_to",
                           "revealed", "draws", "support_fails", "phase_start", "phase_end", "destroyed", "evades",
                           "moves"})
# Effect verbs that may choose or move cards of a unit's stack ("cards stacked under this unit",
# "the top card of this unit's stack"): the unit's top card is settled by the engine (decision 41).
_STACK_TAKING = frozenset({"choose", "send", "add", "put", "deploy"})
_ACTING_TRIGGERS = frozenset({"tapped", "untapped", "moves", "card_to", "draws", "revealed"})
# The areas a card can be deployed from ("when an ally is deployed from your bond area").
_DEPLOY_SOURCES = frozenset({"hand", "bonds", "retreat", "deck", "boundless"})
_CARD_DESTINATIONS = frozenset({"bonds", "support", "retreat", "hand", "orbs", "deck"})

OBJECT_WORDS = {"number": "a number", "unit": "units", "card": "cards", "chosen": "what was chosen",
                "bond": "bonds", "orb": "orbs", "none": "nothing"}


def check_skills(card: A.CardNode, sink: Sink, units: frozenset[str] | set[str] | Names = frozenset(),
                 skills: frozenset[str] | set[str] | Names = frozenset(), cards: frozenset[str] | set[str] = frozenset()) -> None:
    granted = {s.name for s in card.skills if s.granted}
    has_cc = card.fact("class_change_cost") is not None
    skill_names = {s.name for s in card.skills}
    names: set[tuple[str, str]] = set()
    supports: set[str] = set()
    for s in card.skills:
        if s.kind == "support":
            # A card may be printed with two support skills (B05-006HN: one attacking, one
            # defending; B11-003HN); each activates when its role fits, in printed order.
            if s.name in supports:
                sink.error(s.pos, f"\"{card.name}\" has two support skills named \"{s.name}\"")
            supports.add(s.name)
        elif not s.granted:
            # One printed name may cover parts of different kinds (a SPEC rule and a CONT skill),
            # and a printed CONT skill may have several |CONT| parts, each under its own
            # conditions (B04-072SR "Empyrean Goddess": one for the Front Line, one for the Back).
            if (s.name, s.kind) in names and s.kind != "cont":
                sink.error(s.pos, f"\"{card.name}\" has two skills named \"{s.name}\"")
            names.add((s.name, s.kind))
        if CV.is_continuous_boundless_skill(s):
            # (a continuous skill of the Boundless Area: its lines are checked as a CONT skill's)
            check_continuous_boundless(s, sink)
            s = attrs.evolve(s, kind="cont")
        SkillChecker(card, s, sink, granted, has_cc, skill_names, units, skills, cards).check()
    check_grant_cycles(card, sink)


def check_continuous_boundless(s: A.SkillNode, sink: Sink) -> None:
    """What a continuous skill of the Boundless Area may say beyond a CONT skill's checks:
    its card is not a unit, so no change of 'this unit' and no condition (none is supported)."""
    for c in s.conditions:
        sink.error(c.pos, "a condition on a continuous skill of the Boundless Area is not supported: it holds "
                          "while its card is in its owner's Boundless Area")
    for st in s.statements:
        for subj in st.subjects:
            if isinstance(subj, A.Ref) and subj.kind in ("this", "this_card"):
                sink.error(subj.pos, "a continuous skill of the Boundless Area changes units on the field "
                                     "(e.g. 'your opponent's main character'); its card is not a unit")


def acquired_skills(skill: A.SkillNode) -> list[tuple[str, A.Pos]]:
    """(name, position) of each skill that ``skill`` grants ('... acquires "X"')."""
    out = []
    for st in skill.statements:
        while isinstance(st, A.Guarded):
            st = st.statement
        if isinstance(st, A.Modification):
            out.extend((c.name, c.pos) for c in st.changes if c.kind == "acquire_skill" and c.name)
    return out


def grant_order(card: A.CardNode) -> tuple[list[A.SkillNode], list[tuple[A.SkillNode, str, A.Pos, bool]]]:
    """(the card's granted skills, each after the granted skills it grants; the grants
    that close a cycle, as (granting skill, granted name, position, whether the skill
    grants itself)). A skill that grants another is compiled after it whatever their
    order on the card; a cycle has no such order."""
    granted: dict[str, A.SkillNode] = {}
    for s in card.skills:
        if s.granted:
            granted.setdefault(s.name, s)
    order: list[A.SkillNode] = []
    cycles: list[tuple[A.SkillNode, str, A.Pos, bool]] = []
    state: dict[str, int] = {}  # 1: being visited (on the path), 2: done
    for root in granted:
        if root in state:
            continue
        # an iterative depth-first walk (a pack may chain thousands of grants)
        state[root] = 1
        stack = [(root, iter(acquired_skills(granted[root])))]
        while stack:
            name, edges = stack[-1]
            for target, pos in edges:
                if target not in granted:
                    continue   # (reported by the skill's own check)
                if state.get(target) == 1:
                    cycles.append((granted[name], target, pos, target == name))
                elif target not in state:
                    state[target] = 1
                    stack.append((target, iter(acquired_skills(granted[target]))))
                    break
            else:
                state[name] = 2
                order.append(granted[name])
                stack.pop()
    return order, cycles


def check_grant_cycles(card: A.CardNode, sink: Sink) -> None:
    """A granted skill cannot grant itself, directly or through other granted skills."""
    for skill, target, pos, itself in grant_order(card)[1]:
        if itself:
            sink.error(pos, f"granted skill \"{target}\" grants itself")
        else:
            sink.error(pos, f"\"{skill.name}\" grants \"{target}\", which grants \"{skill.name}\" "
                            f"(directly or through other skills): granted skills cannot grant each other in a cycle")


class SkillChecker:
    def __init__(self, card: A.CardNode, skill: A.SkillNode, sink: Sink, granted: set[str], has_cc: bool,
                 skill_names: set[str], units: frozenset[str] | set[str] | Names = frozenset(),
                 skills: frozenset[str] | set[str] | Names = frozenset(), cards: frozenset[str] | set[str] = frozenset()):
        self.card, self.s, self.sink, self.granted, self.has_cc = card, skill, sink, granted, has_cc
        self.units = units
        self.skills = skills
        self.cards = cards      # the full names of the pack's cards (empty: not known)
        self.skill_names = skill_names  # the names of the card's skills
        self.actor = False       # inside "your opponent ..." / "each player ...": areas are "their ..."
        self.guard = False       # checking the condition of "if ...: <effect>"
        self.bindings: list[Binding] = []   # the choices made by the lines before the one checked
        self.step_base: list[Binding] | None = None   # the choices made before the first step
        self.looked = False
        self.counting = False    # checking what "for each" / "you have N" counts (a stack may be counted)
        self.taking = False      # checking what an effect line chooses or moves (a stack's cards may be taken)
        # The last "reveal" or "look at" line before ("reveal" / "look"): "the rest" and "among them"
        # name the cards it showed; "the revealed cards" / "among the revealed cards" need a "reveal".
        self.shown: str | None = None
        self.bond_flip_cost = False   # the skill being checked has a cost that flips bonds
        self._refs: dict[int, tuple[object, tuple[list[A.Ref], list[A.PostFilter]]]] = {}
        self._counts: dict[int, tuple[object, list]] = {}
        self.line_chosen = False  # a "choose the front or back line" line came before: "the chosen line"

    def check_name(self, name: str, pos) -> None:
        """A unit name in a skill must be a real unit name (or a card of this pack)."""
        if self.units and name not in self.units:
            self.err(pos, lambda: f"unknown unit name \"{name}\"" + (
                suggest(name, self.units) or ": no card of the card pool or of this pack has it"))

    def check_skill_name(self, name: str, pos) -> None:
        """A skill another skill refers to ('loses "X"', 'deployed by "X"') must be a real
        skill name (or a skill of this pack)."""
        if self.skills and name not in self.skills:
            self.err(pos, lambda: f"unknown skill name \"{name}\"{suggest(name, self.skills)}")

    def unknown_quality(self, word: str) -> str:
        """The message for a quality word the language does not know; a unit name written
        without its quotes says so."""
        names = {u.lower(): u for u in self.units}
        if word.lower() in names:
            name = names[word.lower()]
            return f"a unit name is written in quotes: '\"{name}\"', e.g. 'if you have a \"{name}\" ally'"
        return f"unknown quality '{word}' (a symbol, gender, weapon or type){suggest(word, FILTER_WORDS)}"

    def err(self, pos, msg) -> None:
        """Report ``msg`` (a str, or a function that makes it: a suggestion costs more
        than the rest of a check and is not made for an error that is only counted)."""
        self.sink.error(pos, msg)

    def _check_cost_tapped_by_skill(self, sel, p: A.PostFilter) -> None:
        """'tapped as the cost of this unit's "X" this turn': units, and X another skill of this
        card whose cost taps units."""
        if selector_kind(sel) != "unit":
            self.err(p.pos, "'tapped as the cost of this unit's \"X\" this turn' is said of units: "
                            "'choose 1 ally tapped as the cost of this unit's \"X\" this turn'")
            return
        other = next((k for k in self.card.skills if k.name == p.value), None)
        if other is None:
            self.err(p.pos, lambda: f"this card has no skill \"{p.value}\"{suggest(p.value, self.skill_names)}")
        elif other is self.s:
            self.err(p.pos, "'tapped as the cost of this unit's \"X\" this turn' names another skill of this card "
                            "(the units this use's own cost tapped: 'tapped as the cost of this skill')")
        elif not _taps_units(other):
            self.err(p.pos, lambda: f"the cost of \"{p.value}\" taps no unit: not supported")

    def refs(self, node) -> list[A.Ref]:
        """refs_in, kept per node of the skill: the lines' references are read by several
        checks (and a block's lines again with the block)."""
        if type(node) is tuple:
            return [r for x in node for r in self.refs(x)]
        return self._walked(node)[0]

    def posts(self, node, kinds: tuple) -> list[A.PostFilter]:
        """posts_in, kept per node of the skill as refs."""
        return [p for p in self._walked(node)[1] if p.kind in kinds]

    def _walked(self, node) -> tuple[list[A.Ref], list[A.PostFilter]]:
        got = self._refs.get(id(node))
        if got is None:
            got = self._refs[id(node)] = (node, A.refs_and_posts(node))   # (the node kept: its id stays its own)
        return got[1]

    def check(self) -> None:
        s = self.s
        for k in s.keywords:
            if k.name not in V.KEYWORDS:
                self.err(k.pos, lambda: f"unknown keyword [{k.name}]" + (suggest(k.name, V.KEYWORDS) or (
                    ": the keywords are " + ", ".join(f"[{w}]" for w in sorted(V.KEYWORDS)))))
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
        if any(t.instead_of_losing for t in s.triggers):   # (dsl/lose_instead.py)
            from fecipher.dsl import lose_instead
            lose_instead.check_skill(self, s)
        if s.kind == "hand":   # ('this unit' once its card is deployed: dsl/lose_instead.py)
            from fecipher.dsl import lose_instead
            lose_instead.check_this_unit(self, s)
        if s.kind in ("cont", "spec"):
            # "you may [flip 2 bonds] to deploy ... instead": a CONT skill whose every line is a
            # "you may" replacement pays its cost when its controller says yes.
            paid = s.kind == "cont" and s.statements and all(
                isinstance(x, A.Replace) and x.optional and x.replaced != "discard" for x in s.statements)
            for c in s.costs if not paid else ():
                self.err(c.pos, f"a {s.kind.upper()} skill has no cost (but for its 'you may ... instead' lines)")
            for t in s.triggers:
                self.err(t.pos, f"a {s.kind.upper()} skill has no trigger ('when ...' belongs to AUTO skills)")
            if s.limits:
                self.err(s.limits[0][1], f"a {s.kind.upper()} skill has no use limit")
            if s.optional:
                self.err(s.pos, f"a {s.kind.upper()} skill has no 'you may'")
        if s.kind == "auto" and not s.triggers:
            self.err(s.pos, "an AUTO skill needs a trigger line ('when ...', 'each time ...' or 'at ...')")
        if s.kind in ("act", "support") and s.triggers:
            self.err(s.triggers[0].pos, f"an ACT skill has no trigger: its player uses it in the action phase "
                                        f"('when ...' belongs to AUTO skills)" if s.kind == "act" else
                     "a support skill has no trigger: it works when its card is the support of a battle")
        if not s.statements:
            self.err(s.pos, f"skill \"{s.name}\" has no effect line: add the line that says what it does, "
                            f"e.g. 'draw 1'")
        # (a bond flipped face-down by one cost must not pay a "send N face-down bonds" cost)
        self.bond_flip_cost = any(c.verb == "flip" and not (isinstance(c.target, A.Filtered)
                                                           and c.target.noun in V.ORB_NOUNS) for c in s.costs)
        for c in s.costs:
            self.check_action(c, COSTS, "cost")
            if any(r.kind == "opponent_main_character" for r in self.refs(c.target)):
                self.err(c.pos, "a cost is paid with your own units and cards, not your opponent's main character")
            if c.verb == "flip" and isinstance(c.target, A.Filtered) and c.target.noun in ("orb", "orbs") and (
                    c.target.qualifiers or any(p.kind != "from_place" for p in c.target.posts)):
                self.err(c.target.pos, "'flip N orbs' flips face-down orbs and takes no filter: a filtered orb cost "
                                       "is not supported")
            if c.per_each is not None:
                self.check_selector(c.per_each)
            check_cost(c, self.err, s.kind)
        taps = [c for c in s.costs if isinstance(c, A.Action) and c.verb == "tap"]
        if len(taps) > 1 and any(isinstance(c.target, A.Filtered) and c.target.quantifier is not None
                                 and c.target.quantifier.kind == "all" for c in taps):
            self.err(s.pos, "'tap all ...' as a cost taps every one of them: it is the skill's only tap cost")
        movers = [c for c in s.costs if isinstance(c, A.Action) and c.verb in ("send", "put", "reveal", "stack")]
        if len(movers) > 1 and any(c.verb == "send" and isinstance(c.target, A.Filtered)
                                   and c.target.quantifier is not None and c.target.quantifier.kind == "any_number"
                                   for c in movers):
            self.err(s.pos, "'send any number of cards ...' as a cost is the skill's only cost that moves cards")
        for t in s.triggers:
            self.check_trigger(t)
        for c in s.conditions:
            self.check_condition(c)
        for node in (*s.costs, *s.triggers, *s.conditions):
            self.check_references(node, "before")
        # "the ally tapped for the cost": a unit this skill's own cost taps (not "tap this")
        taps_allies = s.kind in ("act", "auto") and any(
            c.verb == "tap" and not (isinstance(c.target, A.Ref) and c.target.kind == "this") for c in s.costs)
        for where, nodes in (("cost", (*s.costs, *s.triggers, *s.conditions)), ("line", s.statements)):
            for r in self.refs(nodes):
                if r.kind == "cost_tapped" and (where == "cost" or not taps_allies):
                    self.err(r.pos, "'the ally tapped for the cost' names the ally this skill's cost taps: the "
                                    "skill needs a cost such as 'tap 1 \"Mikoto\" ally', and only its effect "
                                    "lines name it")
        self.bindings = []
        self.it_follows = False   # the lines since the last choice all named it ("it" / "them")
        self.looked = False   # a "look at", "choose" or "reveal" line before: "it" / "them" name what it took
        self.check_lines(s.statements)
        if s.granted and s.kind == "spec":
            # A SPEC skill a unit acquires ("all allied "Anankos" acquire the following skill:
            # |SPEC| ... you may have 2 or more allied "Anankos"", B07-097SR): the engine reads
            # the unit's acquired skills for rule 5's unit names only.
            for st in s.statements:
                if not (isinstance(st, A.CardRule) and st.kind == "share_name"):
                    self.err(st.pos, "a granted SPEC skill (one a unit acquires) takes only 'this card can share "
                                     "its unit name with allies'; other card rules acquired by a unit are not "
                                     "supported")
        CV.check_bond_skill(self)
        control.check_skill(self, s)
        if any(self._counts_destroyed(st) for st in s.statements) and not any(
                self._destroys(st) for st in s.statements):
            self.err(s.pos, "'for each ... destroyed by this skill' counts what this skill's 'destroy' lines "
                            "destroy, and this skill has none")
        self._check_done_counts(s.statements)
        if self._line_counts(s.statements, ("cost_tapped_here",)) and not any(
                c.verb == "tap" for c in s.costs if isinstance(c, A.Action)):
            post = self._line_counts(s.statements, ("cost_tapped_here",))[0][1]
            self.err(post.pos, "'tapped as the cost of this skill' counts the units this skill's cost taps, and "
                               "its cost taps none")
        for _, post in self._line_counts(s.statements, ("cost_sent_here",)):
            area = V.PLACES.get(tuple(post.value.words))
            if area is not None and not any(
                    c.verb in ("send", "put") and any(p.kind == "to" and p.place is not None
                                                      and V.PLACES.get(tuple(p.place.words)) == area for p in c.preps)
                    for c in s.costs if isinstance(c, A.Action)):
                self.err(post.pos, "'... sent to ... as the cost of this skill' counts the cards this skill's cost "
                                   "sends there, and its cost sends none there")
        self._check_done_objects(s.statements)
        self.check_steps(s.statements)
        for post in self._sent_counts(s.statements):
            area = V.PLACES.get(tuple(post.value.words))
            if area is not None and not any(self._sends_to(st, area) for st in s.statements):
                self.err(post.pos, "'... cards sent to ... by this skill' counts what this skill's 'send', "
                                   "'add' or 'put' lines move there, and this skill has no such line")

    def check_lines(self, statements) -> None:
        """Effect lines in order: each line's references are checked against the choices
        of the lines before it, then its own choice is kept. The lines of an "at the end
        of this combat:" block are lines of the same skill (they see, and add to, the
        choices made before them), so they go through here too."""
        for st in statements:
            self.check_statement(st)
            if not isinstance(st, (A.Delayed, A.Step)):
                self.check_references(st, "line")
            b = self.binding_of(st)
            if b is not None:
                self.bindings.append(b)
            # "Choose 1 card ..., and add it to your hand. Choose 1 other card ..., and place it on
            # top of your Deck": "it" in the lines right after a choice (each of them naming it)
            # is that choice when an earlier choice took the same kind of thing (where "the
            # chosen card" would be ambiguous too). Only after a line that always runs: a choice
            # under "if ...:" that did not run would leave "it" an earlier one's.
            if b is not None and b.new:
                self.it_follows = not isinstance(st, A.Guarded)
            elif not (self.it_follows and not isinstance(st, (A.Delayed, A.Step)) and any(r.kind == "chosen" for r in self.refs(st))):
                self.it_follows = False
            inner = st.statement if isinstance(st, A.Guarded) else st
            inner = inner.action if isinstance(inner, A.ActorStatement) else inner
            if isinstance(inner, A.Action) and inner.verb in ("look", "choose", "reveal"):
                self.looked = True   # (a choice whose own words are wrong is not reported twice)

    # ---- references to earlier choices
    def binding_of(self, st) -> Binding | None:
        """The choice a "choose"/"reveal" line makes (also under "if ...:" or "your opponent ...")."""
        if isinstance(st, A.Guarded):
            return self.binding_of(st.statement)
        if isinstance(st, A.ActorStatement):
            st = st.action
        stacks = st.options if isinstance(st, A.Choice) else (st,)
        if any(isinstance(x, A.Action) and x.verb == "stack" for x in stacks):
            # "either deploy it or stack it beneath this unit. If the stacked card has ...": what the
            # line (or the option picked) stacked; not a new choice ("it" stays what it was)
            return Binding("stacked", "card", st.pos.line, False, None, "field")
        if isinstance(st, A.Action) and st.verb == "draw" and any(p.kind == "and_reveal" for p in st.preps):
            # "draw 1 and reveal it": the card drawn is the revealed card, in the hand
            return Binding("revealed", "card", st.pos.line, True, None, "hand")
        if isinstance(st, A.TwoUnits) and st.verb == "choose" and isinstance(st.units[1], A.Filtered):
            # "choose 1 card ... and 1 card ... from your retreat area": one choice of cards
            place = card_place(st.units[1])
            return Binding("card", "card", st.pos.line, True, None, place_area(place) if place else None)
        if not isinstance(st, A.Action) or st.verb not in ("choose", "reveal"):
            return None
        key = pick_key(st.target, st.verb)
        if key is None:
            return None
        if isinstance(st.target, A.Ref):
            kind = self.ref_kind(st.target)
            new = st.target.kind not in ("chosen", "picked")
        else:
            kind = selector_kind(st.target) if st.target is not None else "card"
            new = True
        narrows = "revealed" if (st.verb == "choose" and isinstance(st.target, A.Filtered)
                                 and any(p.kind == "among" for p in st.target.posts)) else None
        area = None
        if isinstance(st.target, A.Filtered):
            place = card_place(st.target)
            area = ("bonds" if st.target.noun in V.BOND_NOUNS else "orbs" if st.target.noun in V.ORB_NOUNS
                    else place_area(place) if place is not None else None)
        elif not new and self.bindings:
            area = self.bindings[-1].area   # "reveal it": the same cards
        narrows_line = None
        if isinstance(st.target, A.Filtered) and any(p.kind == "among_chosen" for p in st.target.posts):
            narrows_line = self.among_chosen_line(st)
        return Binding(key, kind if kind in ("unit", "card") else "card", st.pos.line, new, narrows, area,
                       narrows_line)

    def among_chosen_line(self, st) -> int | None:
        """"Choose 1 of those cards" (B14-089HN) chooses among the cards the skill's last choice
        chose: that choice must be a 'choose' of cards, made by a line that always runs, with the
        lines since all naming its cards (as for 'it' after it), so that 'those cards' cannot
        mean another choice. Returns that choice's line (None: refused)."""
        last = self.bindings[-1] if self.bindings else None
        pos = next(p.pos for p in st.target.posts if p.kind == "among_chosen")
        if last is None or not last.new or last.key != "card" or not self.it_follows:
            self.err(pos, "'N of those cards' chooses among the cards the line right before chose (a "
                          "'choose ... cards' line, or lines naming them since): e.g. 'choose 2 cards from your "
                          "retreat area' then 'choose 1 of those cards'; 'among them' is for cards revealed or "
                          "looked at")
            return None
        return last.line

    def ref_kind(self, ref: A.Ref) -> str:
        """'unit', 'card' or 'chosen' (not known) for what a reference stands for here."""
        if ref.kind == "chosen":
            return self.bindings[-1].kind if self.bindings else "chosen"
        if ref.kind == "picked":
            found = [b for b in self.bindings if b.key == ref.name]
            return found[-1].kind if found else PICKED_KINDS.get(ref.name or "", "chosen")
        return selector_kind(ref)

    def check_references(self, node, where: str) -> None:
        """A reference to a choice must name one choice: "the chosen ally" an earlier line
        that chose allies (only one such line); "it" / "them" the one thing chosen before
        (not one of several); "that unit" / "that card" the trigger's unit or card, which a
        later choice would make ambiguous."""
        refs = self.refs(node)
        if not refs:
            return
        # A choice among the revealed cards narrows them: "it" after it is that choice.
        narrowed = {b.narrows for b in self.bindings if b.narrows}
        # ("choose 1 of those cards" narrows the choice it chooses among the same way)
        narrowed_lines = {b.narrows_line for b in self.bindings if b.narrows_line is not None}
        made = [b for b in self.bindings if b.new and b.key not in narrowed and b.line not in narrowed_lines]

        def listing() -> str:   # (for a message only)
            return ", ".join(b.text() for b in made) if made else "nothing is chosen before it"

        for r in refs:
            if r.kind == "cost_card":
                self.check_cost_card(r, where)
            if r.kind == "trigger_cards" and not any(t.kind == "cards_sent_by_skill" for t in self.s.triggers):
                self.err(r.pos, "'either of those cards' names the cards a 'when cards are sent to ... by this "
                                "unit's \"X\"' trigger is about, and this skill has no such trigger")
            if r.kind == "other_chosen" and (where == "before" or not any(
                    b.narrows_line is not None for b in self.bindings)):
                self.err(r.pos, "'the other card' names the cards a 'choose N of those cards' line of this skill "
                                "chose among and did not choose: e.g. 'choose 2 cards from your retreat area', "
                                "'choose 1 of those cards', 'add it to your hand', 'put the other card under "
                                "your main character'")
            if r.kind == "destroyed_card" and (where == "before" or not any(
                    t.kind in ("destroys", "skill_destroys") for t in self.s.triggers)):
                self.err(r.pos, "'the destroyed enemy' is the enemy a 'when this unit destroys an enemy' skill's "
                                "trigger is about, named by its effect lines")
            if r.kind == "picked":
                what = _PICKED_TEXT.get(r.name or "", "the chosen card")
                if where == "before":
                    self.err(r.pos, f"'{what}' names a choice made by an effect line; costs, triggers and "
                                    f"conditions come before any choice")
                    continue
                found = [b for b in self.bindings if b.key == r.name]
                if not found:
                    hint = (" ('that ally' / 'that enemy' name a unit chosen earlier in this skill; the unit the "
                            "trigger is about is 'that unit')") if r.name in ("ally", "enemy") else ""
                    self.err(r.pos, f"'{what}' needs an earlier line of this skill that "
                                    f"{'reveals cards' if r.name == 'revealed' else 'stacks cards under a unit' if r.name == 'stacked' else 'chooses ' + self._noun(r.name)}; "
                                    f"chosen before this line: {listing()}{hint}")
                elif len([b for b in found if b.new]) > 1:
                    lines = " and ".join(str(b.line) for b in found if b.new)
                    self.err(r.pos, f"'{what}' is ambiguous: lines {lines} both choose {self._noun(r.name)}; "
                                    f"two choices of the same kind in one skill are not supported")
            elif (r.kind == "chosen" and where == "line" and not self.bindings and not self.looked
                  and not isinstance(getattr(node, "statement", node), A.Replace)
                  and not self._error_above(r.pos)):
                # ("instead of sending it to ..." names the card the replacement is about)
                self.err(r.pos, "'it' / 'them' names what an earlier line of this skill chose, revealed or "
                                "looked at, and no line before this one does: say what it is (e.g. 'reveal 1 "
                                "card from your hand', 'choose 1 ally' then 'it'); 'draw 1' keeps nothing to "
                                "name")
            elif r.kind == "chosen" and len(made) > 1 and not (
                    where == "line" and self.it_follows and made[-1] is self.bindings[-1]
                    and any(b.key == made[-1].key for b in made[:-1])):
                self.err(r.pos, f"'it' / 'them' is ambiguous here: this skill chose more than one thing before "
                                f"this line ({listing()}); say which, e.g. '{_PICKED_TEXT.get(made[-1].key)}', or "
                                f"name the last choice with 'it' in the lines right after it")
            elif r.kind in ("event_unit", "event_card") and where == "line":
                kind = "unit" if r.kind == "event_unit" else "card"
                clash = [b for b in made if b.kind == kind]
                lacking = [t for t in self.s.triggers if kind not in trigger_about(t)] \
                    if len(self.s.triggers) > 1 else []
                if lacking:
                    self.err(r.pos, f"'that {kind}' is the {kind} the trigger is about, and this skill has "
                                    f"several trigger lines: each must be about a {kind}, and line "
                                    f"{lacking[0].pos.line} ('{render.trigger(lacking[0])}') is not")
                elif clash:
                    self.err(r.pos, f"'that {kind}' is the {kind} the trigger is about, but this skill chose a "
                                    f"{kind} before this line ({', '.join(b.text() for b in clash)}): 'that {kind}' "
                                    f"after a choice is ambiguous; for the chosen one say "
                                    f"'{_PICKED_TEXT.get(clash[-1].key)}'")
            elif r.kind == "bare_alternatives":
                self.err(r.pos, f"'{' or '.join(r.names)}' needs a noun: e.g. '1 {' or '.join(r.names)} ally' "
                                f"(only unit names in quotes stand alone)")

    def check_cost_card(self, r: A.Ref, where: str) -> None:
        """"The card sent as this skill's cost": what a `send` cost item of this skill moved,
        named by the effect lines (the cost is paid before them)."""
        sends = [c for c in self.s.costs if c.verb == "send" and isinstance(c.target, A.Filtered)
                 and selector_kind(c.target) == "card"]
        if where == "before":
            self.err(r.pos, "'the card sent as this skill's cost' is named by an effect line: costs, triggers "
                            "and conditions come before the cost is paid")
        elif not sends:
            self.err(r.pos, "'the card sent as this skill's cost' needs a cost line sending cards of this skill, "
                            "e.g. 'cost send 1 card from your hand to your retreat area'")

    def _error_above(self, pos) -> bool:
        """Whether a line of this skill above ``pos`` has an error already (a choice whose words
        are wrong is not a choice: its "it" is not reported as a second error)."""
        first = getattr(self.s.pos, "line", 0) or 0
        return self.sink.dropped > 0 or any(first <= d.line <= pos.line for d in self.sink.items)

    @staticmethod
    def _noun(key: str | None) -> str:
        return {"ally": "allies", "enemy": "enemies", "unit": "units", "card": "cards", "bond": "bonds",
                "orb": "orbs"}.get(key or "", "things")

    # ---- statements
    def check_statement(self, st) -> None:
        kind = self.s.kind
        d = getattr(st, "duration", None)
        if isinstance(d, A.Duration) and d.kind == "next_turn_whose":
            self.err(d.pos, "say whose next turn the duration ends with: 'your next turn' or 'your opponent's "
                            "next turn' (a turn of each player, or of a card's owner, is not supported)")
        elif isinstance(d, A.Duration) and d.kind in ("during_opponents_next_beginning_phase",
                                                      "during_next_beginning_phase") \
                and not (isinstance(st, A.Modification)
                         and all(c.kind == "cannot" and tuple(c.words) == ("untap",) for c in st.changes)):
            whose = "your opponent's" if d.kind == "during_opponents_next_beginning_phase" else "your"
            self.err(d.pos, f"'during {whose} next beginning phase' is supported with 'cannot untap' only "
                            f"('it cannot untap during {whose} next beginning phase': the untap at the start "
                            "of that turn)")
        elif isinstance(d, A.Duration) and d.kind in ("during_opponents_next_turn", "during_next_turn") \
                and not isinstance(st, A.Modification):
            whose = "your opponent's" if d.kind == "during_opponents_next_turn" else "your"
            self.err(d.pos, f"'during {whose} next turn' is supported on a change of units "
                            f"('all armored allies cannot be destroyed by skills during {whose} next turn'); "
                            "elsewhere write 'until the end of your opponent's next turn'")
        if isinstance(d, A.Duration) and d.kind == "during_while_what":
            self.err(d.pos, "say 'during your opponent's next turn while this unit is on the field' (your own "
                            "next turn, or another place, is not supported)")
        elif isinstance(d, A.Duration) and d.kind == "during_opponents_next_turn_while_source":
            if not isinstance(st, A.Modification) or not all(isinstance(x, A.Filtered) for x in st.subjects):
                self.err(d.pos, "'during your opponent's next turn while this unit is on the field' is supported on a "
                                "change of the units a selector names at each moment of that turn ('all enemies in "
                                "the back line cannot attack during ...'), not on a unit named or chosen")
            elif kind not in ("act", "auto"):
                self.err(d.pos, "'... while this unit is on the field' needs the skill's own unit: an ACT or AUTO "
                                f"skill of a unit, not a {kind.upper()} skill")
        if isinstance(d, A.Duration) and d.kind == "leaves_what":
            self.err(d.pos, "say 'until it leaves the field'")
        elif isinstance(d, A.Duration) and d.kind == "while_on_field" and not isinstance(st, A.Modification):
            self.err(d.pos, "'until it leaves the field' is supported on a change of units ('this unit gains +30 "
                            "attack until it leaves the field'): the units changed are the ones that leave")
        elif isinstance(d, A.Duration) and d.kind == "while_source_on_field":
            if not isinstance(st, (A.Modification, A.DeployBan, A.SkillBan, A.PlaceBan, A.McTransferBan)):
                self.err(d.pos, "'until this unit leaves the field' is supported on a change of units and on a "
                                "rule about a player ('your opponent cannot deploy cards into their back line "
                                "until this unit leaves the field')")
            elif kind in ("bond", "hand", "support"):   # (a CONT skill takes no duration: refused below)
                self.err(d.pos, "'until this unit leaves the field' needs the skill's own unit: an ACT or AUTO "
                                f"skill of a unit, not a {kind.upper()} skill")
        if isinstance(st, A.McTransferBan):
            from fecipher.dsl import lose_instead
            lose_instead.check_ban(self, st)
            return
        if isinstance(st, A.DeployBan):
            self.check_deploy_ban(st)
            return
        if isinstance(st, A.PlaceBan):
            from fecipher.dsl import place_ban
            place_ban.check(self, st)
            return
        if isinstance(st, A.StackDeploy):
            if st.verb != "deploy":
                self.err(st.pos, "say 'you can deploy ... stacked under this unit as if they were in your hand'")
            if kind != "cont":
                self.err(st.pos, "'you can deploy ... as if they were in your hand' holds while a CONT skill is "
                                 "active")
            stacked = isinstance(st.cards, A.Filtered) and selector_kind(st.cards) == "card" and any(
                p.kind == "stacked_under" and isinstance(p.value, A.Ref) and p.value.kind == "this"
                for p in st.cards.posts)
            if not stacked or (st.cards.quantifier is not None and st.cards.quantifier.kind != "all"):
                self.err(st.pos, "'you can deploy ... as if they were in your hand' takes cards stacked under this "
                                 "unit ('yellow cards stacked under this unit'); other cards are not supported")
            else:
                self.taking = True
                try:
                    self.check_selector(st.cards, where=False)
                finally:
                    self.taking = False
            return
        if isinstance(st, A.SymbolWaiver):
            if st.verb != "deploy":
                self.err(st.pos, "say 'you can deploy and level up cards even if you do not have bonds of their "
                                 "symbols'")
            if kind != "cont":
                self.err(st.pos, "'you can deploy ... even if you do not have bonds of their symbols' holds while "
                                 "a CONT skill is active: write it in a CONT skill")
            return
        if isinstance(st, A.SkillBan):
            skill_control.check_ban(self, st)
            return
        if isinstance(st, A.LimitLift):
            skill_control.check_limit_lift(self, st)
            return
        if isinstance(st, A.Again):
            skill_control.check_again(self, st)
            return
        if isinstance(st, A.Delayed):
            self.check_delayed(st)
            return
        if isinstance(st, A.Step):
            self.check_step(st)
            return
        if isinstance(st, A.TwoUnits):
            self.check_two_units(st)
            return
        if isinstance(st, A.KeepRest):
            from fecipher.dsl import keep_rest
            keep_rest.check(self, st)
            return
        if isinstance(st, A.Guess):
            from fecipher.dsl import guess
            guess.check(self, st)
            return
        if isinstance(st, A.ExtraPhases):
            from fecipher.dsl import extra_phases
            extra_phases.check(self, st)
            return
        if control.handles(st):
            control.check(self, st)
            return
        if isinstance(st, (A.Guarded, A.Redirect, A.Copy, A.Replace, A.CardRule, A.ActorStatement)):
            self.check_series1_statement(st)
            return
        if isinstance(st, A.CardChange):
            CV.check_card_change(self, st)
            return
        if isinstance(st, A.SkillCostChange):
            CV.check_skill_cost_change(self, st)
            return
        if isinstance(st, A.ChoiceWiden):
            from fecipher.dsl import choice_widen
            choice_widen.check(self, st)
            return
        if isinstance(st, A.Modification) and any(c.kind == "free_use" for c in st.changes):
            CV.check_free_use(self, st)
        if isinstance(st, A.Modification) and any(c.kind == "acquire_opponent_support_skills" for c in st.changes):
            skill_control.check_change(self, next(c for c in st.changes if c.kind == "acquire_opponent_support_skills"))
            return
        if isinstance(st, A.Modification) and any(c.kind == "acquire_own_keyword" for c in st.changes):
            from fecipher.dsl import bond_grant   # "all yellow bonds acquire this unit's [BS] skills"
            bond_grant.check(self, st)
            return
        if CV.is_card_modification(st, kind):
            CV.check_card_modification(self, st)
            return
        if isinstance(st, A.Action):
            if kind in ("cont", "spec"):
                self.err(st.pos, f"a {kind.upper()} skill states what holds ('this unit gains +10 attack'), "
                                 f"it does not act ('{st.verb} ...')")
                return
            self.check_action(st, EFFECTS, "effect")
            return
        if isinstance(st, A.SupportFail) and st.own_name:
            # "all green allies can be supported by cards with the same unit name as themselves":
            # a rule that holds while a CONT skill is active, about units
            self.check_selector(st.units)
            if kind != "cont":
                self.err(st.pos, "'... can be supported by cards with the same unit name as themselves' is not "
                                 "supported outside a CONT skill")
            elif selector_kind(st.units) != "unit":
                self.err(st.units.pos, "what can be supported is units, e.g. 'all green allies', 'this unit'")
            return
        if isinstance(st, A.SupportFail):
            self.check_selector(st.cards)
            self.check_selector(st.units)
            if selector_kind(st.cards) not in ("card", "name"):
                self.err(st.cards.pos, "what fails to support is cards, e.g. 'all female cards'")
            if not st.succeeds:
                # as a change of units: a CONT skill's line holds while it is active; elsewhere
                # it is set for a duration
                if self.s.kind in ("cont", "spec"):
                    if st.duration is not None:
                        self.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
                elif st.duration is None:
                    self.err(st.pos, "a support failure set by an effect needs a duration, e.g. "
                                     "'all cards fail to support them until the end of the turn'")
            return
        if st.while_state is not None and st.while_state.kind == "in_own_hand":
            # "this card acquires the unit name "Zelgius" while it is in your hand" (B22-059HN)
            if kind != "spec" or not all(c.kind == "acquire_name" for c in st.changes):
                self.err(st.while_state.pos, "'while it is in your hand' is supported for a SPEC skill's 'this card "
                                             "acquires the unit name \"X\"'")
                return
        elif st.while_state is not None and kind == "spec":
            self.err(st.while_state.pos, "a SPEC skill's card rule holds wherever the card is; 'while ...' is not "
                                         "supported there (but 'while it is in your hand' for a unit name)")
        elif st.while_state is not None:
            w = st.while_state
            while w.kind == "not":
                w = w.arg
            if isinstance(w.arg, (A.Ref, A.Filtered)):
                self.check_selector(w.arg, where=w.kind != "supported_by")
        for subj in st.subjects:
            self.check_selector(subj)
            if kind != "spec" and selector_kind(subj) not in ("unit", "chosen", "name"):
                self.err(subj.pos, "a change applies to units, e.g. 'this unit', 'all allies', 'it'")
        if kind == "spec":
            for c in st.changes:
                if c.kind == "cannot" and V.card_rule_key(c.words, c.by) in V.CARD_RULES and c.of is not None:
                    # "cannot be deployed via the effects of non-"Nemesis" cards' skills" (B21-048HN): the
                    # skills of the cards the selector names (engine: the card whose skill deploys it)
                    if V.CARD_RULES[V.card_rule_key(c.words, c.by)] != "no_skill_deploy":
                        self.err(c.pos, f"'this card cannot {' '.join(c.words)} by skills of ...' is not "
                                        "supported: only 'this card cannot be deployed by skills of ...'")
                        continue
                    self.check_selector(c.of, where=False)
                    if not (isinstance(c.of, A.Filtered) and c.of.noun in ("card", "cards")
                            and c.of.quantifier is None):
                        self.err(c.of.pos, "'this card cannot be deployed by skills of ...' names the cards whose "
                                           "skills cannot deploy it, e.g. 'non-\"Nemesis\" cards'")
                    continue
                if c.kind == "acquire_name" or (c.kind == "cannot" and V.card_rule_key(c.words, c.by) in V.CARD_RULES):
                    continue
                if CV.check_spec_acquire(self, st, c):
                    continue
                self.err(c.pos, "a SPEC skill sets a card rule: 'this card acquires the unit name \"X\"', "
                                "'this card acquires knife', 'this card acquires range 1-2' "
                                "or 'this card cannot be placed in the bond area'")
            return
        if kind == "cont":
            if st.duration is not None:
                self.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
        elif st.duration is None and not any(c.kind == "free_use" for c in st.changes):
            # (a free use outside a CONT skill is refused by card_values.check_free_use)
            self.err(st.pos, "this change needs a duration: 'until the end of the turn', "
                             "'until the end of the combat' or 'until the end of your opponent's next turn'")
        for c in st.changes:
            self.check_change(c)

    # ---- statements added for Series 1
    def check_series1_statement(self, st) -> None:
        kind = self.s.kind
        acting = kind not in ("cont", "spec")
        if isinstance(st, A.Guarded):
            if not acting:
                self.err(st.pos, f"'if ...: <effect>' guards an effect; a {kind.upper()} skill's conditions "
                                 f"are 'if ...' lines of their own")
                return
            self.guard = True
            self.check_condition(st.condition)
            self.guard = False
            from fecipher.dsl import cost_replacement
            if cost_replacement.is_cost_card_replacement(st):
                cost_replacement.check_guard(self, st)
            if isinstance(st.statement, A.Guarded):
                self.err(st.statement.pos, "one 'if ...:' per line; put the conditions together with a line "
                                           "of its own")
            self.check_statement(st.statement)
        elif isinstance(st, A.Redirect):
            if not acting:
                self.err(st.pos, f"'... is attacked instead' is an effect; a {kind.upper()} skill cannot say it")
            self.check_selector(st.unit)
            if selector_kind(st.unit) not in ("unit", "name", "chosen"):
                self.err(st.unit.pos, "what is attacked instead is a unit, e.g. 'this unit is attacked instead'")
            if st.instead_of is not None and not (isinstance(st.instead_of, A.Ref)
                                                  and st.instead_of.kind in ("event_unit", "defender",
                                                                             "main_character")):
                self.err(st.instead_of.pos, "'instead of ...' names the unit being attacked: 'that unit', "
                                            "'the defending unit' or 'your main character'")
        elif isinstance(st, A.Copy):
            if not acting:
                self.err(st.pos, f"'becomes a copy of ...' is an effect; a {kind.upper()} skill cannot say it")
            elif st.duration is None:
                self.err(st.pos, "a copy needs a duration, e.g. 'until the end of the turn'")
            for subj in st.subjects:
                self.check_selector(subj)
            self.check_selector(st.source)
            if selector_kind(st.source) not in ("unit", "chosen", "name"):
                self.err(st.source.pos, "a unit becomes a copy of a unit, e.g. 'a copy of it'")
        elif isinstance(st, A.Replace):
            self.check_replacement(st)
        elif isinstance(st, A.CardRule) and st.kind == "cannot_flip_down":
            # "This card cannot be flipped face-down by a skill's cost or effect" (B13-098HN)
            if kind != "bond" or not (isinstance(st.subject, A.Ref) and st.subject.kind == "this_card"):
                self.err(st.pos, "'this card cannot be flipped face-down' is a continuous bond skill's line "
                                 "about 'this card' (a face-up bond); for a unit or another skill it is not "
                                 "supported")
            elif st.words != ("face-down",):
                self.err(st.pos, "only 'cannot be flipped face-down' is supported (a face-down bond flipped "
                                 "face-up is another rule)")
            elif self.s.costs or self.s.triggers or self.s.conditions or self.s.limits or self.s.optional \
                    or len(self.s.statements) != 1:
                self.err(st.pos, "'this card cannot be flipped face-down' stands alone in its bond skill (no "
                                 "cost, trigger, condition, limit or other line)")
        elif isinstance(st, A.CardRule):
            if kind != "spec" or not (isinstance(st.subject, A.Ref) and st.subject.kind == "this_card"):
                self.err(st.pos, "a card rule ('this card can ...') is a SPEC skill's line about 'this card'")
            if st.condition is not None:
                self.check_condition(st.condition)
            if st.kind == "deploy_not_with" and tuple(st.words) != ("be", "deployed", "in", "the"):
                self.err(st.pos, "say 'this card cannot be deployed in the same line as ...'")
            if st.kind == "metamorph":
                self.check_selector(st.ref)
                if tuple(st.words) != ("your", "support", "area"):
                    self.err(st.pos, "'this card is stacked onto ... as a metamorphosis when it is placed in ...' "
                                     "takes 'your support area'; other areas are not supported")
                if not (isinstance(st.ref, A.Ref) and st.ref.kind == "named"):
                    self.err(st.ref.pos, "'this card is stacked onto ... as a metamorphosis' names the unit names of "
                                         "the allies it goes onto, e.g. 'onto \"Ike\"'; other units are not supported")
            elif st.kind == "no_onto":
                self.check_selector(st.ref)
                if not (isinstance(st.ref, A.Ref) and st.ref.kind == "named"):
                    self.err(st.ref.pos, "'this card cannot be stacked onto ...' names unit names, e.g. 'this card "
                                         "cannot be stacked onto \"Tibarn\" to level up by skills'")
            elif st.kind == "level_onto":
                self.check_selector(st.ref)
                # 'this card can level up an ally' ("you may Level Up an ally into this card", B20-043HN):
                # a unit of any unit name; otherwise the unit names, no other filter
                if not (isinstance(st.ref, A.Ref) and st.ref.kind == "named") and not level_onto_any(st.ref):
                    self.err(st.ref.pos, "'this card can level up ...' names the unit names it can level up, e.g. "
                                         "'this card can level up \"Garon\" or \"Gunter\"', or says 'an ally' "
                                         "(any unit name)")
            elif st.ref is not None:
                self.check_selector(st.ref)
                if selector_kind(st.ref) not in ("unit", "name"):
                    self.err(st.ref.pos, "'in the same line as ...' names a unit of yours, e.g. 'your main "
                                         "character' or '\"Johalvier\"'")
        elif isinstance(st, A.ActorStatement):
            if not acting:
                self.err(st.pos, f"a {kind.upper()} skill states what holds; it does not act")
                return
            self.actor = True
            self.check_action(st.action, EFFECTS, "effect")
            self.actor = False

    def check_two_units(self, st: A.TwoUnits) -> None:
        """"move this unit and it": an effect moving two units named by references."""
        kind = self.s.kind
        if kind in ("cont", "spec"):
            self.err(st.pos, f"'{st.verb} ... and ...' is an effect; a {kind.upper()} skill states what holds")
            return
        if st.verb == "choose":
            self.check_two_part_choice(st)
            return
        if st.verb not in ("move", "destroy"):
            self.err(st.pos, f"'{st.verb} ... and ...': only 'move' and 'destroy' take two units in one line "
                             f"('move this unit and it', 'destroy this unit and that ally')")
            return
        for u in st.units:
            self.check_selector(u)
            if not isinstance(u, A.Ref) or self.ref_kind(u) not in ("unit", "chosen"):
                self.err(u.pos, f"'{st.verb} ... and ...' names two units, e.g. '{st.verb} this unit and "
                                f"{'it' if st.verb == 'move' else 'that ally'}'")

    def check_two_part_choice(self, st: A.TwoUnits) -> None:
        """"choose 1 card with cost 3 or lower and 1 card with cost 1 or lower from your retreat
        area" (B21-011SR): one choice of cards made of two parts, each with its own filter and
        count, the place said once at the end; the cards are different ones. Later lines name
        all of them ('the chosen cards', 'them')."""
        first, second = st.units
        ok = all(isinstance(x, A.Filtered) and selector_kind(x) == "card" and x.quantifier is not None
                 and x.quantifier.kind in ("exactly", "one") for x in st.units)
        if not ok:
            self.err(st.pos, "'choose ... and ...' is one choice of cards in two parts with counts, e.g. 'choose 1 "
                             "card with cost 3 or lower and 1 card with cost 1 or lower from your retreat area'")
            return
        if card_place(first) is not None or card_place(second) is None or any(
                p.kind in ("also_from_place", "among", "among_chosen", "in_stack", "stacked_under", "total_stat",
                           "different_names", "different_stat") for x in st.units for p in x.posts):
            self.err(st.pos, "'choose ... and ...' names the area once, at the end: 'choose 1 card with cost 3 or "
                             "lower and 1 card with cost 1 or lower from your retreat area' (other sources and "
                             "rules of the choice are not supported)")
            return
        self.check_selector(first, where=False)
        self.check_selector(second)

    def check_deploy_ban(self, st: A.DeployBan) -> None:
        kind = self.s.kind
        if st.verb == "draw":   # "your opponent cannot draw cards" (dsl/draw_ban.py)
            from fecipher.dsl import draw_ban
            draw_ban.check(self, st)
            return
        if st.verb != "deploy":
            self.err(st.pos, f"'cannot {st.verb} ...': a rule about a player says what they cannot deploy or "
                             f"that they cannot draw, e.g. 'your opponent cannot deploy cards with cost 5 or "
                             f"more', 'your opponent cannot draw cards'")
            return
        self.check_selector(st.cards, where=False)
        if selector_kind(st.cards) not in ("card", "name") or (
                isinstance(st.cards, A.Filtered) and any(p.kind in ("from_place", "among") for p in st.cards.posts)):
            self.err(st.cards.pos, "what cannot be deployed is cards, e.g. 'cards with cost 5 or more', "
                                   "'dragonstone cards'")
        elif isinstance(st.cards, A.Filtered) and st.cards.quantifier is not None \
                and st.cards.quantifier.kind != "all":
            self.err(st.cards.quantifier.pos, "say which cards without a count, e.g. 'cards with cost 1'")
        if kind == "cont":
            if st.duration is not None:
                self.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
        elif kind == "spec":
            self.err(st.pos, "a rule about deploying is a CONT skill's line, or an effect with a duration")
        elif st.duration is None:
            self.err(st.pos, "this rule needs a duration, e.g. 'until the end of your opponent's next turn'")

    def check_replacement(self, st: A.Replace) -> None:
        """Replacements (docs/skill-language.md, "Replacements, alternative costs, more
        orbs"): a CONT skill's line, or an AUTO or support skill's effect, which sets it up
        until the end of the combat; an alternative discard is a CONT skill's line."""
        a = st.action
        kind = self.s.kind
        if st.replaced == "discard":
            self.check_alternative_discard(st)
            return
        if st.replaced == "skill_cost":
            from fecipher.dsl import alt_costs
            alt_costs.check(self, st)
            return
        from fecipher.dsl import cost_replacement
        if cost_replacement.is_cost_card_replacement(st):
            cost_replacement.check(self, st)
            return
        to_deck = next((p for p in (a.preps or ()) if p.kind == "to" and p.place is not None
                        and tuple(p.place.words) == ("deck",)), None)
        discard = isinstance(getattr(a, "target", None), A.Filtered) and any(
            p.kind == "discarded_for" for p in a.target.posts)
        if to_deck is not None or discard:
            # "you may put a "Fir" card discarded for a critical hit of this unit on top of your deck
            # instead of sending it to your retreat area" (B05-034SR)
            sent_it = st.subject is None or (isinstance(st.subject, A.Ref) and st.subject.kind == "chosen")
            if (st.replaced != "place" or a.verb != "put" or not sent_it or st.cause is not None or to_deck is None
                    or not discard or kind != "cont" or to_deck.place.owner != "your"
                    or place_area(st.instead_of) != "retreat" or st.instead_of.owner != "your"):
                self.err((to_deck or a).pos, "a card put on top of a deck in place of its move is supported for "
                                             "the card discarded for a critical hit or an evasion of this unit, in "
                                             "a CONT skill ('you may put a \"Fir\" card discarded for a critical "
                                             "hit of this unit on top of your deck instead of sending it to your "
                                             "retreat area'): here it is not supported")
                return
            self.discard_replaced = a.target
            try:
                self.check_selector(a.target)
            finally:
                self.discard_replaced = None
            return
        face = next((p for p in (a.preps or ()) if p.kind == "face"), None)
        if face is not None:
            to = next((p for p in a.preps if p.kind == "to"), None)
            sent_it = st.subject is None or (isinstance(st.subject, A.Ref) and st.subject.kind == "chosen")
            if (st.replaced != "place" or a.verb != "put" or not sent_it or st.cause is not None
                    or selector_kind(a.target) in ("unit", "name") or to is None or place_area(to.place) != "bonds"):
                self.err(face.pos, "a face in a replacement is supported for a card put into a Bond Area "
                                   "('you may put this card into your bond area face-down instead of sending it "
                                   "to your retreat area'): here it is not supported")
                return
        if kind not in ("cont", "auto", "support"):
            self.err(st.pos, "'... instead of ...' is a CONT skill's line, or an AUTO or support skill's effect "
                             "(set up until the end of the combat): in a"
                             f"{'n' if kind in ('act', 'auto') else ''} {kind.upper()} skill it is not supported")
            return
        a_target = getattr(a, "target", None)
        if isinstance(a_target, A.Filtered) and a_target.noun in V.ORB_NOUNS and st.replaced != "destruction" \
                and st.subject is None:
            self.check_orb_replacement(st)
            return
        if st.cause_by and st.cause_by.get("critical"):
            self.err(st.pos, "'when it is destroyed by a critical hit of ...' is supported for an orb an attack "
                             "breaks ('put an orb from your opponent's orbs into your opponent's retreat area "
                             "instead of your opponent's hand when it is destroyed by a critical hit of this "
                             "unit'), not for a unit: say 'by an attack of ...'")
            return
        if st.replaced == "destruction":
            self.check_destruction_replacement(st)
            return
        sent = st.subject
        if sent is not None and not (isinstance(sent, A.Ref) and sent.kind == "chosen"):
            # "you may destroy 1 orb instead of sending this unit to your retreat area when it is
            # destroyed": destroyed all the same, but it stays on the field, the cost paid.
            self.check_stay_on_field(st)
            return
        if a.verb == "deploy":
            # An effect in the move's place: the card moving is deployed instead.
            self.check_action(a, EFFECTS, "effect")
            if st.cause is not None or a.target is None or selector_kind(a.target) != "card":
                self.err(a.pos, "'deploy ... instead of sending it to ...' deploys a card that would be moved, "
                                "e.g. 'the card supporting this unit' or (in a support skill) 'this card'")
            self.check_place(st.instead_of)
            return
        if a.verb not in ("put", "send", "add"):
            self.err(a.verb_pos, f"'{a.verb} ... instead of ...' is not supported: a replacement says where a "
                                 f"card goes ('put ... into <area> instead of <area>'), deploys it ('deploy ... "
                                 f"instead of sending it to your retreat area'), or does something instead of a "
                                 f"destruction ('... instead of this unit being destroyed')")
            return
        if a.verb == "put" and any(p.kind == "under" for p in a.preps) and not any(
                p.kind in ("onto", "bottom", "to") for p in a.preps):
            # "you may stack it under an ally with the same Unit Name as that card to Growth them
            # instead of sending it to the Retreat Area" (B03-008HN): a card grows a unit instead.
            self.check_action(a, EFFECTS, "effect")
            self.check_place(st.instead_of)
            if st.cause is not None or a.target is None or selector_kind(a.target) != "card":
                self.err(a.pos, "'put ... under <unit> instead of sending it to ...' puts a card that would be "
                                "moved under a unit, e.g. 'the card supporting this unit'")
            return
        if any(p.kind in ("under", "onto", "bottom") for p in a.preps):
            self.err(a.pos, f"'{a.verb} ... under / onto / at the bottom of ... instead' is not supported: a "
                            f"replacement puts a card into an area (or 'put <card> under <unit>' alone)")
        dest = [p for p in a.preps if p.kind == "to"]
        if not dest:
            self.err(a.pos, f"'{a.verb}' needs where it goes instead, e.g. 'into your bond area'")
        for p in dest:
            self.check_place(p.place)
        self.check_place(st.instead_of)
        if a.target is None:
            self.err(a.pos, "say what goes elsewhere, e.g. 'put this unit into ...'")
            return
        self.check_selector(a.target)
        k = selector_kind(a.target)
        if k in ("unit", "name"):
            if st.cause is None:
                self.err(a.target.pos, "a unit goes elsewhere when it is destroyed: end the line with "
                                       "'when it is destroyed' or 'when it is destroyed in battle'")
            self.check_cause(st.cause_by)
            side = _side_of(a.target)
            for p in dest:
                # A card goes to its owner's areas: an enemy's to your opponent's.
                want = {"enemy": ("opponent", "owner"), "ally": ("your", "owner")}.get(side or "", ("owner",))
                if p.place.owner not in want and p.place.owner != "the":
                    self.err(p.place.pos, "a destroyed unit's cards go to its owner's areas: say "
                                          + ("'your opponent's ...'" if side == "enemy" else
                                             "'your ...'" if side == "ally" else "'its owner's ...'"))
        elif k == "card":
            if st.cause is not None:
                self.err(st.pos, "'when it is destroyed' goes with a unit, not a card")
        else:
            self.err(a.target.pos, "what goes elsewhere is a unit or a card, e.g. 'this unit' or "
                                   "'the card supporting this unit'")

    def check_orb_replacement(self, st: A.Replace) -> None:
        """"put an orb from your opponent's orbs into your opponent's retreat area instead of
        your opponent's hand when it is destroyed by an attack (a critical hit) of X": an orb
        an attack breaks goes to its owner's Retreat Area instead of the hand (B13-073SR,
        B18-018SR). A CONT skill's line; one orb at a time, of one player's orbs, from the hand
        to the Retreat Area, broken by an attack."""
        a = st.action
        t = a.target
        if self.s.kind != "cont":
            self.err(st.pos, "an orb sent elsewhere instead of the hand is a CONT skill's line: in an "
                             f"{self.s.kind.upper()} skill it is not supported")
            return
        if st.optional:
            self.err(st.pos, "'you may put an orb ... instead' is not supported: the orb goes elsewhere "
                             "whenever the skill applies")
        if a.verb != "put":
            self.err(a.verb_pos, f"'{a.verb} an orb ... instead' is not supported: write 'put an orb from "
                                 f"<whose> orbs into <whose> retreat area instead of <whose> hand ...'")
            return
        q = t.quantifier
        posts = [f for f in t.posts if f.kind == "from_place"]
        if (q is None or q.kind != "one") or t.qualifiers or len(posts) != len(t.posts) or len(posts) != 1 \
                or tuple(posts[0].value.words) != ("orbs",):
            self.err(t.pos, "the orb is 'an orb from your orbs' or 'an orb from your opponent's orbs' "
                            "(each orb broken, with no other filter)")
            return
        owner = posts[0].value.owner
        dest = [p for p in a.preps if p.kind == "to"]
        if len(dest) != 1 or len(a.preps) != 1 or tuple(dest[0].place.words) not in (("retreat", "area"),):
            self.err(a.pos, "a broken orb goes to its owner's retreat area instead: 'into your (opponent's) "
                            "retreat area'")
            return
        if tuple(st.instead_of.words) != ("hand",):
            self.err(st.instead_of.pos, "a broken orb goes to the hand (rule 4): say 'instead of your "
                                        "(opponent's) hand'")
            return
        if dest[0].place.owner != owner or st.instead_of.owner != owner:
            self.err(dest[0].place.pos, "an orb goes to its owner's areas: the retreat area and the hand are "
                                        f"those of the player whose orbs they are ('{owner}')")
            return
        by = st.cause_by or {}
        if by.get("critical") and by.get("critical_word") != "hit":
            self.err(st.pos, f"'by a critical {by.get('critical_word')} of ...' is not supported: say 'by a "
                             f"critical hit of <unit>'")
            return
        if by.get("cause") != "battle" or by.get("by") is None:
            self.err(st.pos, "say which attack breaks the orb: end the line with 'when it is destroyed by an "
                             "attack of <unit>' or 'when it is destroyed by a critical hit of <unit>' (an orb "
                             "a skill destroys is not supported)")
            return
        self.check_cause(by)

    def check_counted_cost(self, a: A.Action) -> None:
        """What is paid in place of something is a number of things: "all", "any number
        of" and "up to N" are not supported, but for the whole hand ("send all cards from
        your hand to your retreat area instead ...", B09-046R)."""
        from fecipher.dsl.costs_more import whole_hand
        t = a.target
        q = t.quantifier if isinstance(t, A.Filtered) else None
        if a.verb == "send" and whole_hand(t):
            return   # "send your entire hand to the Retreat Area instead" (B09-046R): the one 'all' cost
        if q is not None and q.kind in ("all", "any_number", "up_to"):
            self.err(t.pos, f"paying '{q.kind.replace('_', ' ')} ...' in place of something is not supported: "
                            f"say how many, e.g. '2 cards'")

    def check_cause(self, cause: dict | None) -> None:
        if cause and cause.get("by") is not None:
            self.check_selector(cause["by"])
            if selector_kind(cause["by"]) not in ("unit", "name"):
                self.err(cause["by"].pos, "whose attack or skill is a unit, e.g. 'by an attack of this unit'")
        if cause and cause.get("name"):
            self.check_skill_name(cause["name"], self.s.pos)
        if cause and cause.get("cause_part") is not None:
            self.err(self.s.pos, "'by a skill's effect' is supported in a trigger line only ('when an enemy is "
                                 "destroyed by a skill's effect'), not in a replacement")

    def check_stay_on_field(self, st: A.Replace) -> None:
        """"[you may] <cost> instead of sending X to your retreat area when it is destroyed"."""
        a = st.action
        self.check_selector(st.subject)
        if selector_kind(st.subject) not in ("unit", "name"):
            self.err(st.subject.pos, "'instead of sending ... to ...' names the destroyed unit, e.g. 'instead of "
                                     "sending this unit to your retreat area when it is destroyed'")
            return
        if st.cause is None:
            self.err(st.pos, "say when: end the line with 'when it is destroyed' (or 'when it is destroyed in battle')")
        self.check_cause(st.cause_by)
        self.check_place(st.instead_of)
        if a.verb not in COSTS:
            self.err(a.verb_pos, f"'{a.verb} ... instead of sending ... when it is destroyed' is not supported: "
                                 f"what is done for the unit to stay on the field is something paid as a cost is, "
                                 f"e.g. 'destroy 1 orb'")
            return
        self.check_paid_instead(a)

    def check_paid_instead(self, a: A.Action) -> None:
        """What a replacement pays in place of a destruction or a discard, checked as a cost is
        (it is paid as one: all of it, or the replacement is not offered)."""
        self.check_action(a, COSTS, "cost")
        check_cost(a, self.err, self.s.kind)
        self.check_counted_cost(a)

    def check_destruction_replacement(self, st: A.Replace) -> None:
        """"[you may] <cost> instead of X being destroyed": what is done in place of the
        destruction is paid as a cost is (all of it, or it is not offered)."""
        a = st.action
        if a.verb not in COSTS:
            self.err(a.verb_pos, f"'{a.verb} ... instead of ... being destroyed' is not supported: what is done "
                                 f"instead of a destruction is something paid as a cost is, e.g. 'destroy 1 orb' "
                                 f"or 'flip 1 bond'")
            return
        self.check_paid_instead(a)
        self.check_selector(st.subject)
        if selector_kind(st.subject) not in ("unit", "name"):
            self.err(st.subject.pos, "what is not destroyed is a unit, e.g. 'instead of this unit being destroyed'")
        self.check_cause(st.cause_by)

    def check_alternative_discard(self, st: A.Replace) -> None:
        """"you may <cost> instead of discarding for a critical hit (an evasion) of X"."""
        a = st.action
        s = self.s
        if s.kind not in ("cont", "hand", "bond"):
            self.err(st.pos, "another way to pay for a critical hit or an evasion is a CONT skill's line (or a "
                             f"hand skill's, paid from the hand, or a bond skill's, while its card is a face-up "
                             f"bond): in a{'n' if s.kind in ('act', 'auto') else ''} "
                             f"{s.kind.upper()} skill it is not supported")
            return
        if s.kind in ("hand", "bond") and (s.costs or s.triggers or s.conditions or s.optional or any(
                not (isinstance(x, A.Replace) and x.replaced == "discard") for x in s.statements)):
            self.err(st.pos, f"a {s.kind} skill that gives another way to pay for a critical hit or an evasion "
                             f"says only that (no cost, trigger, condition or other line)")
        if st.use is None:
            self.err(st.pos, f"'instead of discarding for a {' '.join(st.use_words)}': say 'for a critical hit' "
                             f"or 'for an evasion'")
            return
        if a.verb not in COSTS:
            self.err(a.verb_pos, f"'{a.verb}' is not a cost: what is paid instead of the discard is a cost, "
                                 f"e.g. 'flip 2 bonds'")
            return
        self.check_paid_instead(a)
        self.check_selector(st.subject)
        if selector_kind(st.subject) not in ("unit", "name"):
            self.err(st.subject.pos, "whose critical hit or evasion is a unit, e.g. 'of this unit', 'of an ally'")

    def _counts_destroyed(self, st) -> bool:
        if isinstance(st, A.Guarded):
            return self._counts_destroyed(st.statement)
        if isinstance(st, A.Modification):
            return any(c.per_each is not None and isinstance(c.per_each, A.Filtered)
                       and any(p.kind == "destroyed_here" for p in c.per_each.posts) for c in st.changes)
        return False

    def _sent_counts(self, statements) -> list:
        """The "sent to <area> by this skill" filters of a skill's counts ("for each card sent
        to your retreat area by this skill", in a change or a 'choose ... for each')."""
        return [p for _, p in self._line_counts(statements, ("sent_here",))]

    def _line_counts(self, statements, kinds: tuple) -> list:
        """(line index, filter) for each filter of those kinds ("sent to ... / drawn / tapped
        by this skill") in a count of the skill's lines: a change's or a 'choose' / 'draw'
        line's 'for each', or an effect line's count condition."""
        assert LINE_COUNTS_ALL.issuperset(kinds), kinds
        every = self._counts.get(id(statements))
        if every is None or every[0] is not statements:
            every = self._counts[id(statements)] = (statements, self._all_line_counts(statements))
        return [(i, p) for i, p in every[1] if p.kind in kinds]

    @staticmethod
    def _all_line_counts(statements) -> list:
        kinds = LINE_COUNTS_ALL
        out = []
        for i, st in enumerate(statements):
            while isinstance(st, A.Guarded):
                out.extend((i, p) for c in _conditions_in(st.condition) if c.kind == "have_count"
                           for p in _sent_posts(c.counted, kinds))
                st = st.statement
            sels = []
            if isinstance(st, A.Modification):
                sels = [c.per_each for c in st.changes if c.per_each is not None]
            elif isinstance(st, A.Action):
                sels = [p.unit for p in st.preps if p.kind == "for_each"]
            elif isinstance(st, A.ActorStatement):
                sels = [p.unit for p in st.action.preps if p.kind == "for_each"]
            for sel in sels:
                if isinstance(sel, A.Filtered):
                    out.extend((i, p) for p in sel.posts if p.kind in kinds)
        return out

    def _check_done_counts(self, statements) -> None:
        """"for each card drawn by this skill" / "for each ally tapped by this skill" count what
        the skill's own 'draw' / 'tap' lines did: such a line must come before the count."""
        for kind, verbs, what in (("drawn_here", ("draw", "draws"), "'draw'"), ("tapped_here", ("tap",), "'tap'")):
            for i, post in self._line_counts(statements, (kind,)):
                if not any(self._line_verb(st) in verbs for st in statements[:i]):
                    self.err(post.pos, f"'{render.post(post)}' counts what this skill's {what} lines did before "
                                       f"this line, and this skill has no such line before it")

    def _check_done_objects(self, statements) -> None:
        """"all units deployed by this skill" and "all cards sent to your retreat area by this
        skill" (not as a count) name what this skill's own lines did before: a 'deploy' line,
        or a line sending cards to that area, must come before the line (an "at the end of
        this turn:" block after such a line sees it)."""
        counted = {id(p) for _, p in self._line_counts(statements, ("sent_here",))}
        for i, st in enumerate(statements):
            for post in self.posts(st, ("deployed_here", "sent_here")):
                if post.kind == "deployed_here" and not any(
                        self._line_verb(x) == "deploy" for x in statements[:i]):
                    self.err(post.pos, "'deployed by this skill' names the units this skill's 'deploy' lines "
                                       "deployed, and this skill has no such line before this one")
                elif post.kind == "sent_here" and id(post) not in counted:
                    area = V.PLACES.get(tuple(post.value.words))
                    if area is not None and not any(self._sends_to(x, area) for x in statements[:i]):
                        self.err(post.pos, "'... cards sent to ... by this skill' names what this skill's 'send', "
                                           "'add' or 'put' lines moved there before, and no line before this one "
                                           "does")

    @staticmethod
    def _line_verb(st) -> str | None:
        while isinstance(st, A.Guarded):
            st = st.statement
        if isinstance(st, A.ActorStatement):
            st = st.action
        return st.verb if isinstance(st, A.Action) else None

    def _sends_to(self, st, area: str) -> bool:
        from fecipher.dsl.selectors import place_area
        while isinstance(st, A.Guarded):
            st = st.statement
        if isinstance(st, A.ActorStatement):
            st = st.action
        if not isinstance(st, A.Action) or st.verb not in ("send", "add", "put"):
            return False
        to = [p for p in st.preps if p.kind in ("to", "bottom") and p.place is not None]
        return any(place_area(p.place) == area for p in to) or (not to and st.verb == "add" and area == "hand")

    def _destroys(self, st) -> bool:
        if isinstance(st, A.Guarded):
            return self._destroys(st.statement)
        return isinstance(st, A.Action) and st.verb == "destroy"

    def check_change(self, c: A.Change) -> None:
        if c.kind == "evasion_cards" and (c.words != ("1",) or (c.amount or 0) < 2):
            self.err(c.pos, "a god-speed evasion takes 1 card (rule 3): say 'needs 2 cards with the same unit name "
                            "to be evaded instead of 1' (2 or more)")
        if c.kind == "critical_factor" and c.words not in ((), ("hit",), ("hits",)):
            self.err(c.pos, "say 'multiplies its attack by 3 when it critical hits'")
        if c.kind == "critical_factor" and (c.amount or 0) < 3:
            self.err(c.pos, f"a critical hit doubles the attack already: 'multiplies its attack by {c.amount} when "
                            f"it critical hits' says nothing (3 or more)")
        if c.kind == "cannot":
            words = tuple(c.words)
            if V.card_rule_key(words, c.by) in V.CARD_RULES:
                self.err(c.pos, "only a SPEC skill on 'this card' can say that")
            elif words[:2] == ("be", "deployed") or words[:1] == ("deploy",):
                self.err(c.pos, f"'cannot {' '.join(words)}' (a deployment restriction) is not supported yet: "
                                f"the engine's deployment options have no restriction of that kind")
            elif words not in V.FLAGS:
                self.err(c.pos, lambda: f"unknown restriction 'cannot {' '.join(words)}'" + (
                    suggest(' '.join(words), V.FLAG_PHRASES) or ": the restrictions are " + ", ".join(
                        f"'cannot {w}'" for w in sorted(" ".join(k) for k in V.FLAGS))))
            if c.by == "skills" and words not in (("be", "destroyed"), ("be", "moved")) and V.FLAGS.get(words) not in (
                    M.CANNOT_LEVEL_UP, M.CANNOT_CLASS_CHANGE):
                self.err(c.pos, "'by skills' goes with 'cannot be destroyed', 'cannot be moved', 'cannot level up' "
                                "or 'cannot class change'")
            elif c.by == "skills" and c.of is not None and words != ("be", "destroyed"):
                self.err(c.pos, "'by skills of ...' goes with 'cannot be destroyed'")
            elif c.by == "enemy_skills" and words != ("be", "destroyed"):
                self.err(c.pos, "'by enemy skills' goes with 'cannot be destroyed'")
            elif c.by == "critical_hits" and words != ("be", "destroyed"):
                self.err(c.pos, "'by critical hits' goes with 'cannot be destroyed'")
            elif c.by == "enemy_or_support_skills" and words not in (("be", "moved"), ("be", "chosen")):
                self.err(c.pos, "'by enemy skills or your opponent's support skills' goes with 'cannot be moved' "
                                "or 'cannot be chosen'")
            elif c.by == "opponents_skills" and words != ("be", "moved"):
                self.err(c.pos, "'by your opponent's skills' goes with 'cannot be moved'")
            elif c.by == "skill_effects" and words not in (("be", "destroyed"), ("be", "moved")):
                self.err(c.pos, "'by the effect of skills' goes with 'cannot be destroyed' or 'cannot be moved'")
            elif c.by is not None and c.by not in ("skills", "enemy_skills", "critical_hits", "enemy_or_support_skills",
                                                   "opponents_skills", "skill_effects"):
                self.check_selector(c.by, where=False)
                if words not in (("be", "attacked"), ("attack",), ("be", "destroyed", "in", "battle"),
                                 ("be", "evaded")):
                    self.err(c.pos, "'by ...' names attackers: 'cannot be attacked by enemies in the back line', "
                                    "'cannot be destroyed by attacks from enemies with cost 2 or less', or the "
                                    "units evading: 'cannot be evaded by non-main character enemies'")
                elif selector_kind(c.by) not in ("unit", "name"):
                    self.err(c.by.pos, "'by ...' names attacking units, e.g. 'enemies with cost 2 or less'")
            if c.by == "skills" and c.of is not None:
                self.check_selector(c.of, where=False)
                if selector_kind(c.of) not in ("unit", "name"):
                    self.err(c.of.pos, "'by skills of ...' names the units whose skills they are, e.g. 'tome enemies'")
        elif c.kind in ("range_free", "only_attack"):
            self.check_selector(c.by, where=False)
            k = selector_kind(c.by)
            if k not in ("unit", "name") or (isinstance(c.by, A.Filtered) and V.UNIT_NOUNS.get(c.by.noun) == "ally") \
                    or (isinstance(c.by, A.Ref) and c.by.kind not in ("opponent_main_character",)):
                self.err(c.by.pos, "what a unit attacks is enemies, e.g. 'enemies in the back line', "
                                   "'flier enemies', 'your opponent's main character'")
            elif isinstance(c.by, A.Filtered) and c.by.quantifier is not None:
                self.err(c.by.quantifier.pos, "say which enemies without a count, e.g. 'can attack flier "
                                              "enemies regardless of range'")
        elif c.kind == "acquire_skill":
            if c.name not in self.granted:
                self.err(c.pos, lambda: f"no granted skill \"{c.name}\" on this card"
                                        f"{suggest(c.name, self.granted) if self.granted else ''}; define it with "
                                        f"'granted cont \"{c.name}\"'")
        elif c.kind == "acquire_name":
            self.check_name(c.name, c.pos)
        elif c.kind == "acquire_type":
            w = c.words[0]
            if w not in V.QUALITY_WORDS:   # a type, weapon, gender, or a symbol ("acquires black")
                self.err(c.pos, lambda: f"unknown type '{w}'{suggest(w, V.QUALITY_WORDS)}")
        elif c.kind == "lose_type":
            w = c.words[0]
            if w in V.SYMBOLS or w in COLORLESS:
                self.err(c.pos, f"'loses {w}': a unit losing a symbol is not supported; 'loses' takes a "
                                f"type, weapon or gender ('loses dragon', 'loses axe') or a range ('loses range 1')")
            elif w not in V.QUALITY_WORDS:
                self.err(c.pos, lambda: f"unknown type '{w}'{suggest(w, V.QUALITY_WORDS)}: 'loses' takes a type, "
                                        f"weapon or gender ('loses dragon') or a range ('loses range 1')")
        elif c.kind == "lose_range":
            for r in c.ranges:
                if not 1 <= r <= 3:
                    self.err(c.pos, f"range {r} is outside 1-3")
        elif c.kind == "free_use":
            pass   # (checked with its subject: card_values.check_free_use)
        elif c.kind == "single_skill":
            self.check_skill_name(c.name, c.pos)
            if c.amount != 1:
                self.err(c.pos, f"'can have only {c.amount} \"{c.name}\"': only 1 is supported ('can have only 1 "
                                f"\"{c.name}\"': of the skills of that name a unit has, it keeps the first)")
        elif c.kind in ("lose_skill", "cannot_use"):
            if not c.name:
                self.err(c.pos, "name the skill, e.g. 'loses \"Anti-Fliers\"'")
            else:
                self.check_skill_name(c.name, c.pos)
        elif c.kind == "acquire_range":
            for r in c.ranges:
                if not 1 <= r <= 3:
                    self.err(c.pos, f"range {r} is outside 1-3")
        elif c.kind in ("gain", "orbs_more") and c.per_each is not None:
            self.counting = True
            self.check_selector(c.per_each)
            self.counting = False
            if isinstance(c.per_each, A.Filtered) and selector_kind(c.per_each) == "card" and not any(
                    p.kind in ("from_place", "in_stack", "stacked_under", "among", "sent_here", "drawn_here",
                               "cost_sent_here") for p in c.per_each.posts):
                self.err(c.per_each.pos, "say where the cards are counted: e.g. 'for each card in your hand' or "
                                         "'for each card stacked under this unit'")
        elif c.kind in ("cannot_use_kind", "acquire_skills_of", "acquire_traits_of", "lvs_usable",
                        "acquire_keyword_shared", "support_twice", "support_opponents_skills"):
            skill_control.check_change(self, c)
        elif c.kind == "orbs" and not 1 <= (c.amount or 0) <= 5:
            self.err(c.pos, f"an attack breaks 1 to 5 orbs, not {c.amount}")
        elif c.kind == "orbs_more" and not 1 <= (c.amount or 0) <= 5:
            self.err(c.pos, f"an attack breaks 1 to 5 more orbs, not {c.amount}")

    def check_per_each_arg(self, a: A.Action) -> A.Action:
        """"choose 1 enemy for each card stacked under this unit": only 'choose' with a
        number to multiply takes it; the count is checked as any "for each" count. Returns
        the action without it, for the checks of its verb."""
        pers = [p for p in a.preps if p.kind == "for_each"]
        for p in pers:
            if p.number is not None and (a.verb != "choose" or p.number < 1):
                self.err(p.pos, "'for every N ...' is supported in a choice, with N 1 or more: 'choose 1 yellow "
                                "card from your retreat area for every 4 bonds'")
        if not pers or a.verb != "choose":
            return a   # other verbs: their own preps say whether they take it ('draw 1 for each ...')
        q = a.target.quantifier if isinstance(a.target, A.Filtered) else None
        if len(pers) > 1:
            self.err(pers[1].pos, "one 'for each ...' per line")
        elif q is None or q.kind not in ("exactly", "up_to", "one"):
            self.err(pers[0].pos, "'choose ... for each ...' needs a number to multiply: 'choose 1 enemy for "
                                  "each ...' or 'choose up to 1 ally for each ...'")
        for p in pers:
            self.counting = True
            self.check_selector(p.unit)
            self.counting = False
            if isinstance(p.unit, A.Filtered) and selector_kind(p.unit) == "card" and not any(
                    x.kind in ("from_place", "in_stack", "stacked_under", "among", "sent_here", "drawn_here",
                               "cost_sent_here")
                    for x in p.unit.posts):
                self.err(p.unit.pos, "say where the cards are counted: e.g. 'for each card in your hand' or "
                                     "'for each card stacked under this unit'")
        return A.Action(a.verb, a.number, a.target, tuple(p for p in a.preps if p.kind != "for_each"), a.optional,
                        a.pos, a.verb_pos)

    def check_face(self, a: A.Action, what: str) -> bool:
        """'face-up' / 'face-down' at the end of a line: the face 'flip' turns a bond or an
        orb to ('flip it face-up', 'flip it face-up or face-down': turned over), or the face
        a card is put into a Bond Area with. Returns whether the line has one."""
        face = next((p for p in a.preps if p.kind == "face"), None)
        if face is None:
            return False
        if what == "cost":
            self.err(face.pos, "a cost flips face-up bonds face-down ('flip 1 bond') or face-down orbs face-up "
                               "('flip 1 orb'): the face is not written in a cost")
            return True
        if a.verb == "flip":
            tgt = a.target
            area = None
            if isinstance(tgt, A.Filtered):
                place = card_place(tgt)
                area = ("bonds" if tgt.noun in V.BOND_NOUNS else "orbs" if tgt.noun in V.ORB_NOUNS
                        else place_area(place) if place is not None else None)
            elif isinstance(tgt, A.Ref) and tgt.kind in ("chosen", "picked"):
                if tgt.kind == "picked" and tgt.name in ("bond", "orb"):
                    area = tgt.name + "s"
                else:
                    found = [b for b in self.bindings if tgt.kind == "chosen" or b.key == tgt.name]
                    area = found[-1].area if found else None
            if area not in ("bonds", "orbs"):
                self.err(a.pos, "'flip ... face-up' / 'face-down' turns bonds or orbs: e.g. 'choose 1 face-down "
                                "bond' then 'flip it face-up', or 'flip all face-up orbs face-down'")
            return True
        if a.verb in ("put", "send", "add"):
            dest = next((place_area(p.place) for p in a.preps if p.kind == "to" and p.place is not None), None)
            if dest != "bonds" or face.face == "over":
                self.err(face.pos, "a card is put face-up or face-down only into a Bond Area ('put it into your "
                                   "opponent's bond area face-down'); elsewhere the area says how it lies")
            return True
        self.err(face.pos, f"'{a.verb}' does not take 'face-up' / 'face-down': only 'flip' and a card put into a "
                           f"Bond Area do")
        return True

    def check_line_choice(self, a: A.Action, what: str) -> bool:
        """"choose the front or back line" / "choose a line in which you have ...": an effect
        line (not a cost); its condition counts allies, asked of each line in turn."""
        prep = next((p for p in a.preps if p.kind == "line_choice"), None)
        if prep is None:
            return False
        if what != "effect" or a.verb != "choose":
            self.err(a.pos, "'... the front or back line' is chosen by an effect line: 'choose the front or "
                            "back line'")
            return True
        cond = prep.unit
        if prep.line is not None and len(set(prep.line.split())) != 2:
            self.err(a.pos, "say 'choose the front or back line'")
        if cond is not None:
            self.check_condition(cond)
            if selector_kind(cond.counted) != "unit":
                self.err(cond.pos, "'a line in which you have ...' counts units: e.g. 'a line in which you have "
                                   "1 or more female allies'")
            elif any(p.kind == "in_line" for p in cond.counted.posts):
                self.err(cond.pos, "the line is the one chosen: its units are not also filtered by a line")
        self.line_chosen = True
        return True

    def check_bond_send_cost(self, sel: A.Filtered) -> None:
        """"[Send 2 face-down Bond cards to the Retreat Area]", "[Send 1 face-up Bond card to the
        Retreat Area]" (B19-055N), "[Send 1 <Yellow> Bond card to the Retreat Area]" (B22-029N): a
        cost sends a number of your face-down bonds, or of your face-up bonds, all of them or
        those of a printed quality (a symbol, type, weapon or gender: a face-down bond shows none,
        so such a bond is face-up). With a cost that flips bonds in the same skill, the bonds sent
        are face-up ones ("[Flip 1 Bond face-down, Send 1 face-up Bond to the Retreat Area]",
        B19-089R): costs are paid together, so a bond flipped cannot be the one sent (JointCosts).
        A bond send that does not say which face, a face-down bond with a quality, and a flip
        with a face-down send (the bond flipped would be face-down by the time the send is
        paid: which of the two the rules mean is not settled) are not supported."""
        q = sel.quantifier
        faces = {x.kind for x in sel.qualifiers} & {"face_up", "face_down"}
        words = [x for x in sel.qualifiers if x.kind == "words"]
        others = [x for x in sel.qualifiers if x.kind not in ("face_up", "face_down", "words")]
        if q is None or q.kind not in ("exactly", "one"):
            self.err(sel.pos, "a cost sends a number of bonds, e.g. 'cost send 2 face-down bonds to your retreat "
                              "area'")
        elif (len(faces) > 1 or (not faces and not words) or ("face_down" in faces and words) or others
              or sel.posts):
            self.err(sel.pos, "a cost sends face-down bonds, face-up bonds or face-up bonds of a quality, with no "
                              "other filter, e.g. 'cost send 1 face-down bond to your retreat area', 'cost send "
                              "1 yellow bond to your retreat area'")
        elif self.bond_flip_cost and "face_down" in faces:
            self.err(sel.pos, "a cost that flips bonds and one that sends face-down bonds in one skill are not "
                              "supported: a bond the flip turns face-down would pay the send")

    def check_support_area_destination(self, a: A.Action, what: str) -> None:
        """A card put into the Support Area becomes its player's support card in the combat
        going on (engine/moves.py): said only by a skill triggered by a card placed in your
        Support Area, which resolves while the supports are put out, before they are judged
        ("send that card to the Retreat Area and place the top card of your Deck in the
        Support Area"). Anywhere else the card would arrive when no support is being put out."""
        to = [p for p in a.preps if p.kind == "to" and p.place is not None and place_area(p.place) == "support"]
        if not to:
            return
        if what == "cost" or a.verb not in ("put", "send", "add", "place"):
            self.err(to[0].pos, "a card is put into the support area only by an effect: 'put ... into your "
                                "support area'")
            return
        if to[0].place.owner != "your":
            self.err(to[0].place.pos, "a card is put into your own support area ('into your support area')")
        elif not any(t.kind == "card_to" and t.place is not None and place_area(t.place) == "support"
                     and t.place.owner == "your" for t in self.s.triggers):
            self.err(to[0].pos, "a card is put into your support area only by a skill triggered by "
                                "'when a card is placed in your support area' (it becomes your support "
                                "card before the supports are judged); elsewhere it is not supported")
        elif a.target is not None and selector_kind(a.target) == "unit":
            self.err(a.pos, "a card, not a unit, is put into your support area")

    def check_action(self, a: A.Action, table: dict, what: str) -> None:
        from fecipher.dsl import choose_count
        a = choose_count.check(a, what, self.err, self.check_condition)
        # (a choice of cards from two areas: only this line's own target may say so)
        self.two_area_choice = a.target if what == "effect" and a.verb == "choose" and not a.preps else None
        self.narrow_choice = a.target if what == "effect" and a.verb == "choose" and not a.preps else None
        a = self.check_per_each_arg(a)
        if a.verb == "look" and table is EFFECTS:
            from fecipher.dsl.effects_hidden import look_refusal
            why = look_refusal(a)
            if why:
                self.err(a.pos, why)
        if self.check_line_choice(a, what):
            return
        if a.verb == "destroy" and what == "effect" and isinstance(a.target, A.Ref) and a.target.kind in (
                "chosen", "picked"):
            found = [b for b in self.bindings if a.target.kind == "chosen" or b.key == a.target.name]
            if found and found[-1].kind == "card" and found[-1].area not in (None, "orbs"):
                self.err(a.pos, "'destroy' destroys units and orbs: a card chosen elsewhere is sent, put or "
                                "added somewhere")
        for p in a.preps:
            if p.kind == "and_verb" or (p.kind == "and_reveal" and (a.verb != "draw" or what != "effect")):
                self.err(p.pos, "'... and reveal it' follows only 'draw 1' ('draw 1 and reveal it'); otherwise "
                                "reveal on a line of its own ('reveal it')")
            if p.kind == "line" and p.line == "chosen" and not self.line_chosen:
                self.err(p.pos, "'the chosen line' is the line an earlier 'choose the front or back line' of "
                                "this skill chose: choose it first")
            elif p.kind == "line" and p.line == "same":
                self.check_selector(p.unit)
                if selector_kind(p.unit) not in ("unit", "name", "chosen"):
                    self.err(p.pos, "'to the same line as ...' names a unit")
        if self.check_face(a, what):
            a = A.Action(a.verb, a.number, a.target, tuple(p for p in a.preps if p.kind != "face"), a.optional,
                         a.pos, a.verb_pos) if what == "cost" or a.verb not in ("flip", "put", "send", "add") else a
            if a.verb == "flip":
                # (which bonds or orbs it turns is checked above; their selector is checked as usual)
                self.check_selector(a.target)
                return
        if a.verb == "flip" and isinstance(a.target, A.Filtered):
            q = a.target.quantifier
            if q is not None and q.kind in ("up_to", "any_number"):
                self.err(a.target.pos, "'flip' takes a number of bonds or orbs ('flip 2 bonds') or all of them "
                                       "('flip all bonds'); 'up to' and 'any number of' are not supported")
            elif what == "cost" and (q is None or q.kind == "all"):
                self.err(a.target.pos, "a cost flips a number of bonds or orbs ('cost flip 2 bonds'); "
                                       "'flip all bonds' is an effect")
            faces = {q.kind for q in a.target.qualifiers} & {"face_up", "face_down"}
            want = "face_down" if a.target.noun in ("orb", "orbs") else "face_up"
            if faces - {want}:
                self.err(a.target.pos, f"'flip' turns face-{'down orbs face-up' if want == 'face_down' else 'up bonds face-down'}"
                                       f": '{a.target.noun}' that are already so cannot pay it")
        if (a.verb == "send" and what == "cost" and isinstance(a.target, A.Filtered)
                and a.target.noun in V.BOND_NOUNS):
            self.check_bond_send_cost(a.target)
            if any(p.kind == "to" and p.place is not None and (place_area(p.place) != "retreat"
                                                               or p.place.owner != "your") for p in a.preps):
                self.err(a.pos, "a cost sends bonds to your retreat area, e.g. 'cost send 1 face-down "
                                "bond to your retreat area' (another destination is not supported yet)")
        verb = table.get(a.verb)
        if verb is None:
            self.err(a.verb_pos, lambda: f"unknown {what} '{a.verb}'{suggest(a.verb, table)}")
            return
        if a.number is not None or any(p.kind == "until_hand" for p in a.preps):
            okind = "number"   # ("draw until you have 5 cards in your hand": how many is told)
        elif a.target is None:
            okind = "none"
        else:
            okind = selector_kind(a.target)
            if okind == "name":
                okind = "unit"
            elif (okind == "bond" and isinstance(a.target, A.Ref) and "bond" not in verb.objects
                  and "card" in verb.objects):
                # "the chosen bond" is a card in the Bond Area: a verb that moves cards takes it
                # ("choose 1 of your face-up Bond cards, and send it to the Retreat Area").
                okind = "card"
        if okind not in verb.objects and not (okind == "chosen" and verb.objects & {"unit", "card"}):
            words = [OBJECT_WORDS[o] for o in OBJECT_WORDS if o in verb.objects]
            want = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
            got = OBJECT_WORDS.get(okind, okind)
            self.err(a.pos, f"'{a.verb}' takes {want}, not {got}")
        elif a.target is not None and a.number is None and okind != "none":
            # (an object of the wrong kind is not checked further: "'draw' takes a number, not
            # cards" and then "say where the cards are" would be one mistake told twice)
            # Cards of a unit's stack may be chosen or moved by an effect (engine decision 41
            # settles the unit's top card); a cost does not take them.
            self.taking = what == "effect" and a.verb in _STACK_TAKING
            try:
                self.check_selector(a.target)
            finally:
                self.taking = False
            if isinstance(a.target, A.Ref) and a.target.kind == "stack_top" and not (
                    what == "effect" and a.verb in _STACK_TAKING):
                self.err(a.target.pos, "the top card of a unit's stack is chosen, sent, added to a hand or "
                                       "deployed by an effect ('send the top card of this unit's stack to your "
                                       "retreat area'); " + ("a cost taking it" if what == "cost" else
                                                             f"'{a.verb}' of it") + " is not supported")
        for p in a.preps:
            if p.kind == "per_cost_point":
                from fecipher.dsl import flip_per_point
                flip_per_point.check(self, a, p, what)
            elif p.kind not in verb.preps:
                self.err(p.pos, f"'{a.verb}' does not take '{'to ...' if p.kind == 'to' else p.kind}'")
            if p.place is not None:
                self.check_place(p.place)
            if p.unit is not None and p.kind in ("under", "onto"):
                self.check_selector(p.unit)
                if selector_kind(p.unit) not in ("unit", "chosen", "name"):
                    self.err(p.pos, f"a card is put {p.kind} a unit, e.g. '{p.kind} this unit'")
                elif isinstance(p.unit, A.Filtered) and not _one_named_unit(p.unit):
                    # (the effect puts the card on the first unit found: only a selector that can
                    # find one unit at most says which, since one unit name is on a field once)
                    self.err(p.unit.pos, f"a card is put {p.kind} one unit the skill names: one with a unit "
                                         f"name ('{p.kind} 1 \"Ross\" ally', '{p.kind} 1 ally with the same unit "
                                         f"name as it') or one chosen first ('choose 1 other ally', then "
                                         f"'put it {p.kind} the chosen ally')")
            elif p.kind == "line" and sum(q.kind == "line" for q in a.preps) > 1 and p is next(
                    q for q in reversed(a.preps) if q.kind == "line"):
                self.err(p.pos, "a card or unit goes to one line: name the line or the unit, not both")
        if verb.needs_place and not any(p.kind in ("to", "under", "onto", "main_character", "bottom")
                                        for p in a.preps):
            self.err(a.pos, f"'{a.verb}' needs a destination, e.g. '{verb.example}'")
        self.check_support_area_destination(a, what)
        for p in a.preps:
            if p.kind == "bottom" and tuple(p.place.words) != ("deck",):
                self.err(p.pos, "'on the bottom of ...' names a deck: 'your deck' or 'your opponent's deck'")
            elif p.kind == "for_each":
                self.counting = True   # (cards in a stack may be counted)
                self.check_selector(p.unit, where=False)
                self.counting = False
                if selector_kind(p.unit) not in ("unit", "card", "bond"):
                    self.err(p.pos, "'for each ...' counts units or cards, e.g. 'for each card among them'")
            elif p.kind == "until_hand" and not 1 <= (p.number or 0) <= 60:
                self.err(p.pos, f"a hand of {p.number} cards: say 1 or more")
        if a.verb == "draw" and a.number is not None and any(p.kind == "until_hand" for p in a.preps):
            self.err(a.pos, "'draw N' or 'draw until ...', not both")
        if a.verb == "reveal" or (a.verb == "draw" and any(p.kind == "and_reveal" for p in a.preps)):
            self.shown = "reveal"
            if a.verb == "draw" and ((a.number or 1) != 1 or any(p.kind in ("until_hand", "for_each")
                                                                 for p in a.preps)):
                self.err(a.pos, "'draw 1 and reveal it' reveals the one card drawn: 'draw N ... and reveal "
                                "them' is not supported")
        elif a.verb == "look" and table is EFFECTS:
            self.shown = "look"

    def check_place(self, p: A.Place) -> None:
        if tuple(p.words) not in V.PLACES:
            w = " ".join(p.words)
            self.err(p.pos, lambda: f"unknown area '{w}'" + (suggest(w, V.PLACE_NAMES) or (
                ": the areas are " + ", ".join(f"'your {a}'" for a in sorted(V.PLACE_NAMES)))))
        if p.owner == "their" and not self.actor:
            self.err(p.pos, "'their ...' is the acting player's area in 'your opponent ...' or 'each player "
                            "...' lines; here say 'your ...' or 'your opponent's ...'")
        elif p.owner == "your" and self.actor:
            self.err(p.pos, "in a line about what your opponent (or each player) does, their areas are "
                            "'their ...', e.g. 'from their hand to their retreat area'")

    # ---- selectors
    def check_total_stat(self, sel, p) -> None:
        """"with a total cost of 6 or lower" (B15-033SR): a bound on the sum of the values of
        the things one choice picks, so only a choice of several units or cards, and only an
        upper bound (the player stops choosing; a lower bound or an exact total could leave
        a choice that no order of picks can finish)."""
        q = sel.quantifier
        several = q is not None and (q.kind == "any_number" or (q.kind in ("exactly", "up_to")
                                                                and (q.n or 0) >= 2))
        if not several:
            self.err(p.pos, "'with a total ... of N or lower' needs a choice of several, e.g. 'choose any "
                            "number of enemies with a total cost of 6 or lower'")
        if selector_kind(sel) not in ("unit", "card"):
            self.err(p.pos, "'with a total ... of N or lower' goes with units or cards")
        if p.stat == "range":
            self.err(p.pos, "a total range is not supported (a unit may have several ranges)")
        if p.op != "le":
            self.err(p.pos, "only a total 'of N or lower' is supported ('or higher' and an exact total are "
                            "not supported)")

    def check_selector(self, sel, where: bool = True) -> None:
        if sel is None or isinstance(sel, str):
            return
        if isinstance(sel, A.Ref):
            if sel.kind == "named":
                for n in (sel.names or (sel.name,)):
                    self.check_name(n, sel.pos)
            elif sel.kind in ("deck_top", "deck_bottom") and tuple(sel.names) not in ((), ("deck",)):
                self.err(sel.pos, "'the top card of ...' names a deck: 'your deck' or 'your opponent's deck'")
            elif sel.kind == "deck_top" and sel.count is not None and sel.count < 1:
                self.err(sel.pos, "'the top N cards': N is 1 or more")
            elif sel.kind == "rest" and self.shown is None:
                self.err(sel.pos, "'the rest' are the cards an earlier 'reveal' or 'look at' line of this skill "
                                  "showed: reveal or look at them first, e.g. 'look at the top 2 cards of your deck'")
            elif sel.kind == "picked" and sel.name == "revealed" and self.shown == "look":
                self.err(sel.pos, "'the revealed cards' after a 'look at' line: the cards looked at were not "
                                  "revealed; say 'them' or 'the rest'")
            elif sel.kind == "several":
                self.err(sel.pos, "this line takes one subject, e.g. 'this card can ...'")
            elif sel.kind == "stack_top":
                self.check_selector(sel.of)
            elif sel.kind == "revealed_by":
                self.check_skill_name(sel.name, sel.pos)
                if not any(t.how in ("skill", "own_skill") and t.how_skill == sel.name and t.kind in _ACTING_TRIGGERS
                           for t in self.s.triggers):
                    self.err(sel.pos, f"'the card revealed by \"{sel.name}\"' is read by an AUTO skill that "
                                      f"skill's use triggers: its trigger says 'by \"{sel.name}\"' or 'by this "
                                      f"unit's \"{sel.name}\"' (e.g. 'when you draw a card by this unit's "
                                      f"\"{sel.name}\"')")
            elif sel.kind == "support_card":
                self.check_selector(sel.of)
                if selector_kind(sel.of) != "unit":
                    self.err(sel.of.pos, "'the card supporting ...' names a unit, e.g. 'this unit'")
            return
        skind = selector_kind(sel)
        for q in sel.qualifiers:
            if q.kind in ("not_main_character", "main_character", "levelled_up", "not_levelled_up", "not_class_changed") and \
                    skind != "unit":
                self.err(q.pos, f"'{render_qualifier(q)}' goes with units, e.g. '1 {render_qualifier(q)} enemy'")
            if q.kind in ("face_up", "face_down") and skind not in ("bond", "orb"):
                self.err(q.pos, f"'{q.kind.replace('_', '-')}' goes with bonds or orbs, e.g. '2 face-down bonds'")
            for sub in (q.values if q.kind == "any" else (q,)):
                if sub.kind in ("name", "not_name"):
                    for n in sub.values:
                        self.check_name(n, sub.pos)
                if sub.kind in ("words", "not_word"):
                    for w in sub.values:
                        if w not in FILTER_WORDS:
                            self.err(sub.pos, lambda w=w: self.unknown_quality(w))
        for p in sel.posts:
            if p.kind == "stat_than":
                self.check_selector(p.value)
                if p.stat == "range":
                    self.err(p.pos, "'with a lower ... than' (or 'with the same ... as') compares cost, attack "
                                    "or support")
            if p.kind == "stat_count":   # "with cost equal to the number of orbs": a count, as "for each"
                counting, self.counting = self.counting, True
                self.check_selector(p.value, where=False)
                self.counting = counting
                if selector_kind(p.value) == "card":
                    self.err(p.value.pos, "'equal to the number of ... you have' counts orbs, bonds or allies")
            if p.kind in ("support_skill", "keyword_skill", "bond_skill", "support_x"):
                skill_control.check_post(self, sel, p)
            if p.kind == "sent_here":   # "for each card sent to your retreat area by this skill"
                self.check_place(p.value)
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'sent to ... by this skill' goes with cards: 'for each card sent to your "
                                    "retreat area by this skill'")
                elif not self.counting and (sel.quantifier is None or sel.quantifier.kind != "all"):
                    # (as an object: "deploy all cards sent to your retreat area by this skill")
                    self.err(p.pos, "'sent to ... by this skill' is a count ('for each card sent to your retreat "
                                    "area by this skill') or all of those cards ('deploy all cards sent to your "
                                    "retreat area by this skill'); a choice among them is not supported")
            if p.kind == "deployed_here" and selector_kind(sel) != "unit":
                self.err(p.pos, "'deployed by this skill' goes with units: 'all units deployed by this skill'")
            if p.kind == "returned_here":   # "for each enemy returned to their hand by this skill"
                self.check_place(p.value)
                if selector_kind(sel) != "unit" or V.PLACES.get(tuple(p.value.words)) != "hand":
                    self.err(p.pos, "'returned to ... by this skill' counts units returned to a hand: 'for each "
                                    "enemy returned to your opponent's hand by this skill'; not supported otherwise")
                elif not self.counting:
                    self.err(p.pos, "'returned to ... by this skill' is a count: 'for each enemy returned to your "
                                    "opponent's hand by this skill'")
                elif sel.qualifiers or len(sel.posts) > 1:
                    self.err(p.pos, "'... returned to ... by this skill' counts units with no other quality or "
                                    "filter: not supported")
            if p.kind == "cost_sent_here":   # "for each card sent to your retreat area as the cost of this skill"
                self.check_place(p.value)
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'sent to ... as the cost of this skill' goes with cards: 'for each card sent "
                                    "to your retreat area as the cost of this skill'")
                elif not self.counting:
                    self.err(p.pos, "'sent to ... as the cost of this skill' is a count: 'for each card sent to "
                                    "your retreat area as the cost of this skill'")
            if p.kind in ("drawn_here", "tapped_here"):
                # "for each card drawn by this skill", "for each ally tapped by this skill": a count
                # of what the lines did, with no quality (a drawn card is hidden; a tapped unit is
                # counted as the line tapped it)
                words = "drawn by this skill" if p.kind == "drawn_here" else "tapped by this skill"
                want = "card" if p.kind == "drawn_here" else "unit"
                example = "'for each card drawn by this skill'" if want == "card" else \
                    "'for each ally tapped by this skill'"
                if selector_kind(sel) != want or sel.qualifiers or len(sel.posts) != 1 or (
                        want == "card" and sel.noun not in ("card", "cards")):
                    self.err(p.pos, f"'{words}' counts {want}s with no other quality or filter: {example}")
                elif not self.counting:
                    self.err(p.pos, f"'{words}' is a count: {example}")
            if p.kind == "cost_tapped_here":
                # "for each other white ally tapped as the cost of this skill": the units the cost
                # tapped, by the qualities they had then (as 'destroyed by this skill')
                from fecipher.dsl.skillcompile import DESTROYED_QUALITIES
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "'tapped as the cost of this skill' counts units: 'for each ally tapped as "
                                    "the cost of this skill'")
                elif not self.counting:
                    self.err(p.pos, "'tapped as the cost of this skill' is a count: 'for each ally tapped as the "
                                    "cost of this skill'")
                for q in sel.qualifiers:
                    if q.kind != "other" and (q.kind not in DESTROYED_QUALITIES or q.kind == "any" and any(
                            x.kind not in DESTROYED_QUALITIES for x in q.values)):
                        self.err(q.pos, "'... tapped as the cost of this skill' is counted by 'other', a symbol, "
                                        "weapon, type, gender, unit name or Main Character; not by this quality")
                for other in sel.posts:
                    if other.kind != "cost_tapped_here":
                        self.err(other.pos, "'... tapped as the cost of this skill' takes no other filter")
            if p.kind == "cost_tapped_by_skill":
                # "an ally who was tapped as the cost of this unit's "X" in this turn" (B02-064R)
                self._check_cost_tapped_by_skill(sel, p)
            if p.kind == "cc_cost" and selector_kind(sel) != "card":
                self.err(p.pos, "'with a class change cost' goes with cards (a card in an area); a unit that "
                                "was class changed is a 'class-changed' one")
            if p.kind in ("named", "not_named"):
                for n in ((p.value,) if isinstance(p.value, str) else p.value):
                    self.check_name(n, p.pos)
            if p.kind == "in_line" and p.value == "chosen":
                if not self.line_chosen:
                    self.err(p.pos, "'in the chosen line' is the line an earlier 'choose the front or back line' "
                                    "of this skill chose: choose it first")
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "'in the chosen line' goes with units")
            if p.kind in ("same_line", "other_line"):
                self.check_selector(p.value)
                what = "in the same line as" if p.kind == "same_line" else "in a different line than"
                if selector_kind(sel) != "unit":
                    self.err(p.pos, f"'{what} ...' goes with units")
                elif p.kind == "other_line" and not (isinstance(p.value, A.Ref)
                                                     and self.ref_kind(p.value) in ("unit", "name")):
                    self.err(p.value.pos, "'in a different line than ...' names one unit of yours, e.g. 'this unit'")
            if p.kind == "raised_attack":
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "'with attack raised by N or more by skills' goes with units (a card has its "
                                    "printed attack)")
                elif p.op != "ge":
                    self.err(p.pos, "'attack raised by N or less (exactly N) by skills' is not supported: say 'N or "
                                    "more'")
            if p.kind == "different_names" and self.counting and sel.quantifier is None:
                # "for each monster unit with different unit names": counted (units only)
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "counting things 'with different unit names' is supported for units "
                                    "('for each monster unit with different unit names'), not cards, bonds or "
                                    "orbs")
            elif p.kind == "different_names" and (sel.quantifier is None or (
                    sel.quantifier.kind in ("exactly", "up_to") and (sel.quantifier.n or 0) < 2)
                    or sel.quantifier.kind in ("one", "another")):
                self.err(p.pos, "'with different unit names' needs a choice of 2 or more, e.g. '2 cards with "
                                "different unit names from your retreat area'")
            if p.kind == "levelled_this_turn":
                kinds, here = p.value
                if selector_kind(sel) != "unit":
                    self.err(p.pos, f"'{' or '.join(kinds)} this turn' goes with units")
                if here is not None and here != "field":
                    self.err(p.pos, "'while this unit was on the field' is the only place: not supported")
                elif here is not None and self.s.kind not in ("act", "auto", "cont", "spec"):
                    self.err(p.pos, "'while this unit was on the field' needs a skill of a unit (ACT, AUTO, CONT "
                                    "or SPEC): not supported in this skill")
            if p.kind == "discarded_for" and p.value is None:
                self.err(p.pos, "'discarded for a critical hit of this unit' or '... for an evasion of this unit': "
                                "another discard is not supported")
            elif p.kind == "discarded_for" and (selector_kind(sel) != "card" or sel is not getattr(
                    self, "discard_replaced", None)):
                self.err(p.pos, "'discarded for a critical hit (an evasion) of this unit' names the card being "
                                "discarded in a replacement of its move ('you may put a \"Fir\" card discarded for "
                                "a critical hit of this unit on top of your deck instead of sending it to your "
                                "retreat area'): here it is not supported")
            if p.kind == "chosen_by_own_skill":
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "'chosen by this unit's \"X\" this turn' goes with units")
                elif not any(x.name == p.value and not x.granted for x in self.card.skills):
                    self.err(p.pos, f"\"{p.value}\" is not a skill of this card: 'chosen by this unit's \"X\" "
                                    f"this turn' names one")
            if p.kind == "different_stat":
                if sel.quantifier is None or (sel.quantifier.kind in ("exactly", "up_to") and (sel.quantifier.n or 0) < 2) \
                        or sel.quantifier.kind in ("one", "another", "all"):
                    self.err(p.pos, "'with different costs' needs a choice of 2 or more, e.g. '2 cards with different "
                                    "costs from your retreat area'")
                elif selector_kind(sel) not in ("unit", "card"):
                    self.err(p.pos, "'with different costs' goes with units or cards")
            if p.kind == "total_stat":
                self.check_total_stat(sel, p)
            if p.kind in ("attacked_this_turn", "destroyed_here") and selector_kind(sel) != "unit":
                self.err(p.pos, f"'{'that has attacked this turn' if p.kind == 'attacked_this_turn' else 'destroyed by this skill'}' goes with units")
            if p.kind == "destroyed_here":
                # What is counted is the unit as it was destroyed: its qualities, names, and
                # whether it was a Main Character (dsl/skillcompile.destroyed_quality).
                from fecipher.dsl.skillcompile import DESTROYED_QUALITIES
                for q in sel.qualifiers:
                    if q.kind not in DESTROYED_QUALITIES or q.kind == "any" and any(
                            x.kind not in DESTROYED_QUALITIES for x in q.values):
                        self.err(q.pos, "'... destroyed by this skill' is counted by a symbol, weapon, type, "
                                        "gender, unit name or Main Character; not by this quality")
                for other in sel.posts:
                    if other.kind != "destroyed_here":
                        self.err(other.pos, "'... destroyed by this skill' takes no other filter")
            if p.kind == "other_than":
                for r in p.value:
                    self.check_selector(r)
            if p.kind == "same_symbol":
                self.check_selector(p.value)
                if isinstance(p.value, A.Ref) and p.value.kind == "named":
                    self.err(p.value.pos, "'the same symbol as \"X\"' names no card: say which unit or card, "
                                          "e.g. 'that card', 'the revealed card'")
                elif self.ref_kind(p.value) not in ("unit", "card", "chosen"):
                    self.err(p.value.pos, "a symbol is taken from a unit or a card, e.g. 'the revealed card'")
            if p.kind == "same_weapon":
                self.check_selector(p.value)
                if isinstance(p.value, A.Ref) and self.ref_kind(p.value) not in ("unit", "card", "chosen"):
                    self.err(p.value.pos, "a weapon affinity is taken from a unit or a card, e.g. 'the destroyed "
                                          "enemy'")
            if p.kind in ("same_name", "different_name"):
                self.check_selector(p.value)
                if isinstance(p.value, A.Ref) and p.value.kind == "named":
                    self.err(p.value.pos, "'the same unit name as \"X\"' is the name itself: say '\"X\" card' "
                                          "or 'non-\"X\" card'")
                if isinstance(p.value, A.Ref) and self.ref_kind(p.value) not in ("unit", "card", "chosen", "name"):
                    self.err(p.value.pos, "a unit name is taken from a unit or a card, e.g. 'your main character'")
            if p.kind == "same_color":
                self.check_selector(p.value)
                if isinstance(p.value, A.Ref) and p.value.kind == "named":
                    self.err(p.value.pos, "'the same color as \"X\"' names no unit or card: say 'the same color "
                                          "as your main character' or name a quality, e.g. 'red card'")
                elif self.ref_kind(p.value) not in ("unit", "card", "chosen"):
                    self.err(p.value.pos, "a color is taken from a unit or a card, e.g. 'with the same color as "
                                          "your main character'")
            if p.kind == "no_shared_color":
                self.check_selector(p.value)
                if selector_kind(p.value) != "unit":
                    self.err(p.value.pos, "'that shares no color with any ...' compares with units on the field, "
                                          "e.g. 'that shares no color with any ally'")
            if p.kind == "with_stack" and skind != "unit":
                self.err(p.pos, "'with N cards in its stack' goes with units")
            if p.kind in ("in_stack", "stacked_under"):
                self.check_selector(p.value)
                if skind != "card":
                    self.err(p.pos, "a stack holds cards, e.g. 'for each card stacked under this unit'")
                elif not self.counting and not self.taking:
                    self.err(p.pos, "cards in a unit's stack can be counted ('for each card stacked under this "
                                    "unit') and, by an effect, chosen, sent, added or deployed ('choose up to 2 "
                                    "cards stacked under this unit'); here that is not supported")
            if p.kind == "among_chosen":
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'N of those ...' chooses among cards chosen before ('1 of those cards'); "
                                    "among units it is not supported")
                elif sel is not getattr(self, "narrow_choice", None):
                    self.err(p.pos, "'N of those cards' goes with an effect line's 'choose': 'choose 1 of those "
                                    "cards', then what to do with it")
            if p.kind == "among":
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'among them' chooses cards, e.g. '1 \"Hana\" card among them'")
                elif self.shown is None:
                    self.err(p.pos, "'among them' chooses among the cards an earlier 'reveal' or 'look at' line "
                                    "of this skill showed: reveal or look at them first, e.g. 'look at the top 2 "
                                    "cards of your deck'")
                elif p.value == "revealed" and self.shown != "reveal":
                    self.err(p.pos, "'among the revealed cards' after a 'look at' line: the cards looked at were "
                                    "not revealed; say 'among them'")
            if p.kind == "also_from_place":
                self.check_place(p.value)
            if p.kind == "also_from_place" and p is next(q for q in sel.posts if q.kind == "also_from_place"):
                # (the areas are checked once, at the first 'or')
                first = card_place(sel) if isinstance(sel, A.Filtered) else None
                alsos = [q.value for q in sel.posts if q.kind == "also_from_place"]
                areas = sorted(str(place_area(w)) for w in (first, *alsos) if w is not None)
                three = areas == ["bonds", "hand", "orbs"]
                if (selector_kind(sel) != "card" or first is None or not (areas == ["hand", "retreat"] or three)
                        or any(w.owner != first.owner for w in alsos)):
                    self.err(p.pos, "one choice from several areas is of cards from a player's hand or Retreat "
                                    "Area ('1 \"Mia\" card from your hand or your retreat area'), or from a "
                                    "player's hand, bond area or orbs ('1 card from their hand or their bond area "
                                    "or their orbs')")
                elif three and (sel.qualifiers or any(q.kind not in ("from_place", "also_from_place")
                                                      for q in sel.posts)):
                    self.err(p.pos, "a choice among a player's hand, bonds and orbs takes any card ('1 card from "
                                    "their hand or their bond area or their orbs'): a face-down bond or orb shows "
                                    "no qualities")
                elif sel is not getattr(self, "two_area_choice", None):
                    self.err(p.pos, "'from your hand or your retreat area' goes with an effect line's 'choose': "
                                    "'choose 1 \"Mia\" card from your hand or your retreat area', then what to do "
                                    "with it")
            if p.kind == "from_place":
                self.check_place(p.value)
                if selector_kind(sel) not in ("card", "orb", "bond"):
                    self.err(p.pos, "'from ...' goes with cards, bonds or orbs, e.g. '1 card from your hand'")
                elif selector_kind(sel) == "bond" and V.PLACES.get(tuple(p.value.words)) != "bonds":
                    self.err(p.pos, "bonds are in a bond area: e.g. 'face-down bonds in your opponent's bond area'")
        if where and selector_kind(sel) == "card" and sel.quantifier is not None and sel.quantifier.kind != "all":
            if not any(p.kind in ("from_place", "in_stack", "stacked_under", "among", "discarded_for", "among_chosen")
                       for p in sel.posts):
                self.err(sel.pos, "say where the cards are: e.g. '1 card from your retreat area'")

    def check_trigger(self, t: A.Trigger) -> None:
        if t.kind == "level_up_into" and t.card_name is not None:
            # 'from "Unit, Title"': a card's full name, resolved against this pack's cards
            # (the unit name alone would be any card of it: every level up is from one).
            unit, comma, title = t.card_name.partition(", ")
            if not comma or not title:
                self.err(t.card_name_pos or t.pos, f"'level up into this from \"...\"' names one card by its full "
                                                   f"name, \"Unit Name, Title\"; got \"{t.card_name}\"")
            elif self.cards and t.card_name not in self.cards:
                self.err(t.card_name_pos or t.pos, lambda: f"no card \"{t.card_name}\" in this pack: 'level up "
                                                           f"into this from \"...\"' names a card of the same pack"
                                                           f"{suggest(t.card_name, self.cards)}")
            elif unit != self.card.name.partition(", ")[0]:
                self.err(t.card_name_pos or t.pos, f"\"{t.card_name}\" has another unit name: a unit levels up "
                                                   f"from a card with its own unit name")
        if t.kind == "cards_sent_by_skill":
            # "when cards are sent to ... by this unit's "X"": X is an ACT skill of this card (its
            # uses are what the trigger follows), in an AUTO skill of the unit
            self.check_place(t.place)
            if self.s.kind != "auto":
                self.err(t.pos, "'when cards are sent to ... by this unit's \"X\"' is a trigger of an AUTO skill "
                                "of a unit: not supported here")
            elif not any(getattr(x, "name", None) == t.name and getattr(x, "kind", None) == "act"
                         for x in self.card.skills):
                self.err(t.pos, f"'by this unit's \"{t.name}\"' names an ACT skill of this card, and it has no "
                                f"such skill: not supported")
        if t.kind in _NEW_TRIGGERS:
            self.check_new_trigger(t)
        if t.kind == "destroyed" and isinstance(t.subject, A.Filtered) and t.subject.noun in ("orb", "orbs"):
            self.check_selector(t.subject, where=False)
            if t.cause is not None and (t.cause != "battle" or getattr(t, "or_cause", None) is not None):
                self.err(t.pos, "an orb's destruction takes no 'by ...' but 'by an attack (of X)': 'when an orb "
                                "from your opponent's orbs is destroyed by an attack of this unit'")
            elif t.by is not None:
                self.check_selector(t.by)
            place = next((p.value for p in t.subject.posts if p.kind == "from_place"), None)
            if place is not None and place_area(place) != "orbs":
                self.err(place.pos, "an orb is destroyed from the orbs: 'an orb from your opponent's orbs'")
            if t.subject.qualifiers or any(p.kind != "from_place" for p in t.subject.posts):
                self.err(t.subject.pos, "an orb is named by whose it is only: 'an orb from your opponent's orbs'")
        elif t.subject is not None and t.kind not in ("card_to", "revealed"):
            self.check_selector(t.subject)
            if selector_kind(t.subject) not in ("unit", "name"):
                self.err(t.subject.pos, "a trigger is about a unit: 'this unit', 'another ally', 'an enemy'")
        if t.obj is not None:
            self.check_selector(t.obj)
        if t.how_skill is not None:
            self.check_skill_name(t.how_skill, t.how_skill_pos or t.pos)
        if t.how == "own_skill" and t.kind not in _ACTING_TRIGGERS:
            self.err(t.pos, "'by this unit's \"X\"' is not supported here; say 'by \"X\"'")
        elif t.how == "own_skill" and self.s.kind != "auto":
            self.err(t.pos, "'by this unit's \"X\"' is said by a unit's own skill (an AUTO skill)")
        if t.how in ("your_skill", "opponent_skill", "support_skill", "ally_or_support_skill",
                     "enemy_or_support_skill", "skill_of") and t.kind not in _ACTING_TRIGGERS:
            self.err(t.pos, "'by your (opponent's) skill' / 'by a support skill' / 'by an ally's (enemy's) skill or "
                            "your (opponent's) support skill' / 'by a skill of <unit>' is not supported here; say "
                            "'by a skill' or 'by \"X\"'")
        if t.how_by is not None:
            self.check_selector(t.how_by)
            if selector_kind(t.how_by) not in ("unit", "name"):
                self.err(t.how_by.pos, "'by a skill of ...' names a unit whose skill it is: 'another ally', "
                                       "'this unit', 'an enemy' ...")
        if t.kind == "destroyed" and t.or_cause is not None and t.or_cause.get("cause_part") is not None:
            self.err(t.pos, "'by a skill's effect' is not supported as the second of two causes; write it as a "
                            "trigger line of its own")
        if t.kind == "deployed" and t.source is not None:
            # "when another ally is deployed from your bond area": a card leaves an area of its
            # owner's to be deployed (the hand, the bond area, the retreat area, the deck ...)
            self.check_place(t.source)
            area = place_area(t.source)
            if area not in _DEPLOY_SOURCES or t.source.owner not in ("your", "opponent"):
                self.err(t.source.pos, "'is deployed from ...' names an area of one player a card is deployed "
                                       "from: 'from your hand', 'from your bond area', 'from your retreat area', "
                                       "'from your deck', 'from your boundless area'")
            elif isinstance(t.subject, A.Filtered) and \
                    V.UNIT_NOUNS.get(t.subject.noun) == ("ally" if t.source.owner == "opponent" else "enemy"):
                self.err(t.source.pos, "a unit is deployed from its own player's areas: an ally from 'your ...', "
                                       "an enemy from 'your opponent's ...'")
        if t.kind == "skill_destroys" and t.name not in self.skill_names:
            self.err(t.pos, lambda: f"this card has no skill \"{t.name}\"{suggest(t.name or '', self.skill_names)}")

    # ---- triggers added for the wider pool
    def check_new_trigger(self, t: A.Trigger) -> None:
        k = t.kind
        if t.by is not None:
            self.check_selector(t.by)
            if selector_kind(t.by) not in ("unit", "name"):
                self.err(t.by.pos, "this names a unit: 'an enemy', 'this unit' ...")
        if t.owner is not None and t.owner not in ("your", "opponent", "each"):
            self.err(t.pos, "say whose: 'your', 'your opponent's' or 'each player's'")
        if k == "fails_to_destroy" and t.verb != "destroy":
            self.err(t.pos, f"'fails to {t.verb}': the trigger is 'fails to destroy <unit>'")
        if k == "draws" and t.verb != ("draw" if t.owner == "your" else "draws"):
            self.err(t.pos, "the trigger is 'you draw a card' or 'your opponent draws a card'")
        if k == "phase_end" and t.phase == "end":
            self.err(t.pos, "'at the end of ... End Phase' is not supported: the turn is over by then; "
                            "say 'at the end of your turn'")
        if k == "uses":
            for n in t.skills:
                self.check_skill_name(n, t.pos)
            if t.keyword is not None and t.keyword.name not in V.KEYWORDS:
                self.err(t.keyword.pos, f"unknown keyword [{t.keyword.name}]{suggest(t.keyword.name, V.KEYWORDS)}")
            if t.card_name is not None:
                self.check_name(t.card_name, t.card_name_pos or t.pos)
            if t.subject is not None and t.skill_kind in ("bond", "hand"):
                self.err(t.pos, f"a unit uses action skills only; a {t.skill_kind} skill is used by a player: "
                                f"'when you use a {t.skill_kind} skill'")
        if k == "revealed" and isinstance(t.subject, A.Ref) and t.subject.kind == "this_card" \
                and self.s.kind != "hand":
            self.err(t.subject.pos, "'when this card is revealed' is supported for a hand skill only: a card "
                                    "on the field or in the bond area is not revealed")
        if k == "destroyed" and t.name is not None:
            self.check_skill_name(t.name, t.pos)
        if k == "destroyed" and t.or_cause is not None:
            other = t.or_cause
            if other.get("name") is not None:
                self.check_skill_name(other["name"], t.pos)
            if other.get("by") is not None:
                self.check_selector(other["by"])
                if selector_kind(other["by"]) not in ("unit", "name"):
                    self.err(other["by"].pos, "this names a unit: 'an enemy', 'this unit' ...")
            def said(by):   # (positions differ: compared as written)
                from fecipher.dsl.render import selector as rendered
                return None if by is None else rendered(by)
            if other.get("cause") == t.cause and other.get("name") == t.name and said(other.get("by")) == said(t.by):
                self.err(t.pos, "the two causes are the same: write one")
        # A Boundless Area skill's "when this unit is sent to your boundless area": the card
        # that was the unit's top card arriving there (dsl/triggers.py, _card_to).
        boundless_unit = (k == "card_to" and self.s.kind == "boundless" and isinstance(t.subject, A.Ref)
                          and t.subject.kind == "this")
        if k in ("card_to", "revealed"):
            sel = t.subject
            self.check_selector(sel, where=False)
            if boundless_unit:
                pass
            elif selector_kind(sel) != "card":
                self.err(sel.pos, "this trigger is about a card: 'this card', 'a card from your hand', "
                                  "'a tome card' ...")
            elif isinstance(sel, A.Ref) and sel.kind != "this_card":
                self.err(sel.pos, "the card is 'this card' or a filtered card ('a card from your hand')")
        if k == "card_to":
            self.check_place(t.place)
            area = place_area(t.place)
            own = (isinstance(t.subject, A.Ref) and t.subject.kind in ("this_card", "this")
                   and self.s.kind == "boundless")
            if own:
                # A Boundless Area skill works while its card is there: the card that just went there.
                if area != "boundless" or t.place.owner != "your" or t.source is not None:
                    self.err(t.place.pos, "a Boundless Area skill's 'when this card (this unit) is sent ...' is about "
                                          "its card going to your boundless area, where the skill works from ('when "
                                          "this card is sent to your boundless area'; no 'from ...')")
            elif area not in _CARD_DESTINATIONS:
                self.err(t.place.pos, f"a card going to '{' '.join(t.place.words)}' is not supported; the areas "
                                      f"are the bond area, support area, retreat area, hand, orbs and deck")
            if t.face is not None and area != "bonds":
                self.err(t.place.pos, f"'placed {t.face}' is said of the bond area only "
                                      f"('when a card is placed {t.face} in your bond area')")
            if t.source is not None:
                self.check_place(t.source)
                if place_area(t.source) not in ("hand", "deck", "bonds", "support", "orbs") or \
                        t.source.owner not in ("your", "opponent"):
                    self.err(t.source.pos, "'sent from ...' names a hand, deck, bond area, support area or orbs of "
                                           "one player, e.g. 'from your hand'")
                if isinstance(t.subject, A.Filtered) and card_place(t.subject) is not None:
                    self.err(t.source.pos, "say where the card comes from once ('a card from your hand is sent to "
                                           "...' or 'this card is sent from your hand to ...')")
            this_card = isinstance(t.subject, A.Ref) and t.subject.kind == "this_card"
            if own:
                pass
            elif this_card and self.s.kind == "retreat":
                # A Retreat Area skill works while its card is there: the card that just went there.
                if area != "retreat" or t.place.owner != "your":
                    self.err(t.place.pos, "a Retreat Area skill's 'when this card is sent ...' is about the card "
                                          "going to your retreat area, where the skill works from")
            elif this_card and not (self.s.kind == "bond" and area == "bonds"):
                self.err(t.subject.pos, "'when this card is ...' is supported for a bond skill's 'when this card "
                                        "is placed in your bond area' and a Retreat Area skill's 'when this card "
                                        "is sent (from ...) to your retreat area' and a Boundless Area skill's "
                                        "'when this card (unit) is sent to your boundless area' only: elsewhere the "
                                        "card has left the area its skill acts from")
        if k == "revealed" and isinstance(t.subject, A.Filtered):
            place = next((p.value for p in t.subject.posts if p.kind == "from_place"), None)
            if place is not None and place_area(place) not in ("deck", "hand"):
                self.err(place.pos, "revealed cards come from a deck or a hand")

    def check_step(self, st: A.Step) -> None:
        """"until one fails, step N:": a step of an effect resolved in order until one fails.
        Its lines are lines of the skill (they see the choices made before them); its last
        line says whether it failed, so it cannot be an 'if you do' line (which keeps what
        the line before did)."""
        kind = self.s.kind
        if kind in ("cont", "spec"):
            self.err(st.pos, f"a {kind.upper()} skill states what holds; it resolves no steps")
            return
        if st.word != "one":
            self.err(st.pos, "say 'until one fails, step 1:'")
        if not st.statements:
            self.err(st.pos, "'until one fails, step N:' needs the effect lines of the step after it")
            return
        last = st.statements[-1]
        if isinstance(last, A.Guarded) and _mentions_did_check(last.condition):
            self.err(last.pos, "a step's last line says whether the step failed: an 'if you do' line keeps what "
                               "the line before did; not supported")
        # Each step is an effect of its own: its lines see the choices of the lines before the
        # steps and their own ("it" in step 2 is what step 2 chose), not another step's.
        if self.step_base is None:
            self.step_base = list(self.bindings)
        self.bindings, self.it_follows = list(self.step_base), False
        self.check_lines(st.statements)
        self.bindings, self.it_follows = list(self.step_base), False

    def check_steps(self, statements) -> None:
        """The steps of a skill: numbered 1, 2, ... in order, two or more, and the skill's last
        lines (a line after a step is a line of that step; anything else after them is refused)."""
        steps = [i for i, st in enumerate(statements) if isinstance(st, A.Step)]
        if not steps:
            return
        if [statements[i].n for i in steps] != list(range(1, len(steps) + 1)):
            self.err(statements[steps[0]].pos, "the steps are numbered 1, 2, 3 ... in order")
        elif len(steps) < 2:
            self.err(statements[steps[0]].pos, "'until one fails' needs two or more steps")
        if steps[-1] != len(statements) - 1 or steps != list(range(steps[0], len(statements))):
            bad = next(st for st in statements[steps[0]:] if not isinstance(st, A.Step))
            self.err(getattr(bad, "pos", statements[steps[0]].pos),
                     "the steps are the skill's last lines: nothing else after 'until one fails, step 1:'")

    def check_delayed(self, st: A.Delayed) -> None:
        kind = self.s.kind
        if kind in ("cont", "spec"):
            self.err(st.pos, f"a {kind.upper()} skill states what holds; it sets up no later effect")
            return
        if st.moment == "end_of_combat" and (kind == "act" or (kind in ("bond", "hand") and not self.s.triggers)):
            self.err(st.pos, f"'at the end of this combat:' in a{'n' if kind == 'act' else ''} {kind.upper()} "
                             f"skill that is used never comes: skills are not used during a battle")
        if st.owner is not None and st.owner not in ("your", "opponent"):
            self.err(st.pos, "say whose next turn: 'your next turn' or 'your opponent's next turn'")
        if not st.statements:
            self.err(st.pos, "'at ...:' needs the effect lines it runs after it")
        # (a second "at ...:" line starts a block of its own). Its lines' references are
        # checked like any line's: a choice inside the block and one before it are two choices.
        kept = list(self.bindings)
        self.check_lines(st.statements)
        # What the block chooses is chosen when it runs, in its own copy of the skill's
        # choices: the lines after it (another block) cannot name it.
        self.bindings = kept

    def check_happened(self, c: A.Condition) -> None:
        from fecipher.dsl.history import HISTORY_EVENTS, destroyed_selector_ok
        what = c.words[0]
        sel = c.subject
        self.check_selector(sel, where=False)
        k = selector_kind(sel)
        if k == "orb":
            if what != "destroyed":
                self.err(c.pos, f"an orb is not {what}: 'an orb from your opponent's orbs was destroyed this turn'")
            return
        if k not in ("unit", "name"):
            self.err(sel.pos, "'... was ... this turn' is about a unit or an orb")
            return
        if what not in HISTORY_EVENTS:   # (the grammar allows no other)
            self.err(c.pos, f"'was {what} this turn' is not supported")
        if what == "destroyed" and not destroyed_selector_ok(sel):
            self.err(sel.pos, "'... was destroyed this turn' can only say whose unit and whether it was the Main "
                              "Character ('an ally', 'a non-main character enemy'): the unit has left the field")

    def check_levelling_up(self, c: A.Condition) -> None:
        """"if you are levelling up an allied "Alfonse"": a condition of a SPEC skill that
        changes this card's deployment cost, for its level up from the hand onto a unit of
        its own unit name (a card levels up only such units)."""
        if c.words[0] not in ("levelling", "leveling"):
            self.err(c.pos, "say 'if you are levelling up a \"X\" ally'")
            return
        own = self.card.name.split(",", 1)[0].strip()
        sel = c.subject
        names = ()
        if isinstance(sel, A.Filtered) and V.UNIT_NOUNS.get(sel.noun) == "ally":
            names = tuple(v for q in sel.qualifiers if q.kind == "name" for v in q.values)
        if names != (own,):
            self.err(c.pos, f"a card levels up units of its own unit name: say 'if you are levelling up a "
                            f"\"{own}\" ally'")
        stmts = self.s.statements
        if self.s.kind != "spec" or self.guard or not stmts or not all(
                isinstance(st, A.CardChange) and st.stat == "cost" for st in stmts):
            self.err(c.pos, "'if you are levelling up ...' is the condition of a SPEC skill that changes the "
                            "deployment cost of this card (what its level up costs)")

    def check_condition(self, c: A.Condition) -> None:
        if c.kind in ("any_of", "all_of"):
            # "if you do, and <condition>" ("If it was deployed and if this unit is Leveled Up",
            # B10-087SR): both must hold. "you do" comes first and once; "if you do, or ..." is refused.
            for i, x in enumerate(c.parts):
                inner = x.inner if x.kind == "negation" else x
                if inner is not None and inner.kind == "did":
                    if c.kind == "any_of":
                        self.err(x.pos, "'if you do, or ...' is not supported: 'if you do' is joined only with "
                                        "'and' ('if you do, and this unit is levelled up: draw 1')")
                    elif i:
                        self.err(x.pos, "'if you do' / 'if you don't' comes first when joined with another "
                                        "condition: 'if you do, and this unit is levelled up: draw 1'")
                    elif not self.guard:
                        self.err(x.pos, "'if you do, and ...' guards one effect line: "
                                        "'if you do, and this unit is levelled up: draw 1'")
                else:
                    self.check_condition(x)
            return
        if c.kind == "guess":
            from fecipher.dsl import guess
            guess.check_condition(self, c)
            return
        if c.kind == "happened":
            self.check_happened(c)
            return
        if c.kind == "levelling_up":
            self.check_levelling_up(c)
            return
        if c.kind == "spec_in_effect":
            from fecipher.dsl import spec_in_effect
            spec_in_effect.check(self, c)
            return
        if c.kind == "support_failed":
            if c.owner not in ("your", "opponent"):
                self.err(c.pos, "say whose support: 'your support failed this combat' or 'your opponent's "
                                "support failed this combat'")
            elif not any(t.kind in ("attack_ends", "fails_to_destroy", "combat_ends") for t in self.s.triggers):
                self.err(c.pos, "'... support failed this combat' asks about the combat that just ended: say it "
                                "after 'when ... finishes attacking', '... fails to destroy ...' or '... finishes "
                                "a combat'")
            return
        if c.kind == "first_attack":
            if c.words[0] != "first":
                self.err(c.pos, f"'the attack is the {c.words[0]} this turn': the condition is 'the attack is the "
                                f"first this turn'")
            elif not any(t.kind in ("attacks", "attack_ends") for t in self.s.triggers):
                self.err(c.pos, "'the attack is the first this turn' asks about the attack that triggered the "
                                "skill: say it after 'when ... attacks' or 'when ... finishes attacking'")
            return
        if c.kind == "has_critical_hit":
            self.check_selector(c.subject)
            if c.words[0] != "hit":
                self.err(c.pos, f"'has critical {c.words[0]}': the condition is 'has critical hit this combat'")
            if selector_kind(c.subject) not in ("unit", "name"):
                self.err(c.subject.pos, "who critical hit is a unit: 'this unit has critical hit this combat'")
            return
        if c.kind == "has_destroyed":
            from fecipher.dsl.history import destroyed_selector_ok
            self.check_selector(c.subject)
            self.check_selector(c.counted, where=False)
            if selector_kind(c.subject) not in ("unit", "name"):
                self.err(c.subject.pos, "what destroyed is a unit: 'your attacking unit', 'this unit'")
            if not destroyed_selector_ok(c.counted):
                self.err(c.counted.pos, "'has destroyed ...' can only say whose unit and whether it was the Main "
                                        "Character ('an enemy', 'a non-main character enemy', 'a main character "
                                        "enemy'): the unit has left the field")
            return
        if c.kind == "negation":
            self.check_condition(c.inner)
        elif c.kind == "is_state":
            self.check_selector(c.subject)
            st = c.state
            while st.kind == "not":
                st = st.arg
            for one in (st.arg if st.kind == "any" else (st,)):
                if one.kind == "unit_name":
                    self.check_name(one.arg, one.pos)
                if one.kind == "quality" and one.arg[0] not in FILTER_WORDS:
                    self.err(one.arg[1], lambda w=one.arg[0]: f"unknown quality '{w}'{suggest(w, FILTER_WORDS)}")
            subject_kind = self.ref_kind(c.subject) if isinstance(c.subject, A.Ref) else selector_kind(c.subject)
            if subject_kind == "card" and not readable_on_cards(c.state):
                self.err(c.pos, "a card off the field has its printed qualities and unit name ('if it is tome', "
                                "'if it is \"Marth\"'), not a unit's state")
            if st.kind in ("attacking", "attacked", "in_combat") and st.arg is not None:
                self.check_selector(st.arg)
            if st.kind == "supported_by":   # "supported by a male card": the support card, no area
                self.check_selector(st.arg, where=False)
        elif c.kind == "have_count":
            if c.owner == "field" and c.words and c.words[0] != "field":
                self.err(c.pos, f"'on the {c.words[0]}': the units of both players together are counted 'on the "
                                f"field' ('there are 7 units on the field')")
            elif c.owner == "field" and getattr(c.counted, "noun", None) not in ("unit", "units"):
                self.err(c.counted.pos, "'there are N ... on the field' counts the units of both players: say "
                                        "'units' ('there are 7 units on the field', 'there are 2 male units on the "
                                        "field'); for your own say 'you have N allies', for your opponent's 'your "
                                        "opponent has N units'")
            actor, self.actor = self.actor, c.owner == "opponent"
            self.counting = True
            self.check_selector(c.counted)
            self.counting = False
            self.actor = actor
            if _sent_posts(c.counted) and (not self.guard or c.owner is not None):
                # "If 3 or more cards are added to your Deck by this skill, ..." (B20-016SR): asked
                # after the lines that move them, so on an effect line of the skill's controller
                self.err(c.counted.pos, "'you have N cards sent to ... by this skill' is asked after the lines that "
                                        "send them: write it on an effect line, 'if you have 3 or more cards sent "
                                        "to your deck by this skill: ...'")
        elif c.kind == "did":
            if not self.guard:
                self.err(c.pos, "'if you do' guards one effect line: 'if you do: draw 1'")
        elif c.kind == "has_raised_attack":
            self.check_selector(c.subject)
            if (self.ref_kind(c.subject) if isinstance(c.subject, A.Ref) else selector_kind(c.subject)) not in (
                    "unit", "name", "chosen"):
                self.err(c.pos, "'has attack raised by N or more by skills' is said of a unit (a card has its printed "
                                "attack)")
            elif c.quantity[0] != "ge":
                self.err(c.pos, "'attack raised by N or less (exactly N) by skills' is not supported: say 'N or more'")
        elif c.kind == "has_stat":
            self.check_selector(c.subject)
        elif c.kind == "has_stack":
            self.check_selector(c.subject)
            if (self.ref_kind(c.subject) if isinstance(c.subject, A.Ref) else selector_kind(c.subject)) not in (
                    "unit", "name", "chosen"):
                self.err(c.pos, "'has N cards in its stack' is said of a unit")
        elif c.kind == "has_weapons":
            self.check_selector(c.subject)
            if (self.ref_kind(c.subject) if isinstance(c.subject, A.Ref) else selector_kind(c.subject)) not in (
                    "unit", "name", "chosen"):
                self.err(c.pos, "'has N different weapons' is said of a unit (the weapons it has now, printed and "
                                "acquired); a card's printed weapon is 'it is sword'")
        elif c.kind == "same_name":
            self.check_selector(c.subject)
            self.check_selector(c.counted)
        elif c.kind in ("has_support_skill", "has_keyword_skill", "has_named_skill"):
            skill_control.check_condition(self, c)
        elif c.kind == "you_used":
            kw = c.state.get("keyword")
            if kw is not None and kw.name not in V.KEYWORDS:
                self.err(c.pos, f"unknown keyword [{kw.name}]{suggest(kw.name, V.KEYWORDS)}")
            for n in c.state.get("skills", ()):
                if n not in self.skill_names:
                    self.err(c.pos, lambda n=n: f"no skill \"{n}\" in this pack{suggest(n, self.skill_names)}")
        elif c.kind == "used_skill":
            self.check_selector(c.subject)
            if c.name not in self.skill_names:
                self.err(c.pos, lambda: f"this card has no skill \"{c.name}\"{suggest(c.name, self.skill_names)}")
        elif c.kind == "have_reference":
            self.check_selector(c.subject)
        elif c.kind == "compare_with_opponent":
            if c.words[1] not in COUNTABLE:
                self.err(c.pos, lambda: f"cannot compare '{c.words[1]}'{suggest(c.words[1], COUNTABLE)}")
            elif c.state is not None:
                self.check_place(c.state)
                if c.words[1] not in ("card", "cards"):
                    self.err(c.state.pos, f"'in ...' says where cards are counted: 'cards in your retreat area', "
                                          f"not '{c.words[1]} in ...'")
                elif c.state.owner != "your":
                    self.err(c.state.pos, "the count is compared area with area: say 'in your ...' (your "
                                          "opponent's same area is counted for them)")


def _side_of(sel) -> str | None:
    """"ally" / "enemy" when a unit selector names only one side, else None."""
    if isinstance(sel, A.Ref):
        if sel.kind == "picked":
            return sel.name if sel.name in ("ally", "enemy") else None
        return {"this": "ally", "main_character": "ally", "opponent_main_character": "enemy",
                "own_attacker": "ally", "own_defender": "ally", "own_battler": "ally",
                "cost_tapped": "ally"}.get(sel.kind)
    side = V.UNIT_NOUNS.get(getattr(sel, "noun", None))
    return side if side in ("ally", "enemy") else None


def level_onto_any(ref) -> bool:
    """'an ally' in 'this card can level up an ally': one unit of yours, of any unit name, with no
    other quality or filter (the card rule's only selector besides unit names)."""
    return (isinstance(ref, A.Filtered) and ref.quantifier.kind == "one" and not ref.qualifiers
            and ref.noun == "ally" and not ref.posts)


def _taps_units(skill: A.SkillNode) -> bool:
    """Does this skill's cost tap units ("[Tap 2 <Female> allies]", "tap this")?"""
    return any(isinstance(c, A.Action) and c.verb == "tap" for c in skill.costs)


LINE_COUNTS = ("sent_here", "drawn_here", "tapped_here", "cost_tapped_here", "cost_sent_here", "returned_here")
LINE_COUNTS_ALL = frozenset(LINE_COUNTS)


def _sent_posts(sel, kinds: tuple = LINE_COUNTS) -> list:
    """The "sent to <area> / drawn / tapped by this skill" filters of a counted selector
    (what the skill's own earlier lines did)."""
    return [p for p in sel.posts if p.kind in kinds] if isinstance(sel, A.Filtered) else []


def _conditions_in(c) -> list:
    """A condition and the conditions it joins ("A, or B"; "not A")."""
    if c is None:
        return []
    out = [c]
    for x in (c.parts or ()):
        out.extend(_conditions_in(x))
    if c.inner is not None:
        out.extend(_conditions_in(c.inner))
    return out


def _one_named_unit(sel: A.Filtered) -> bool:
    """'1 "Ross" ally', '1 ally with the same unit name as it': one ally at most, a unit
    name being on a player's field once (rule 14)."""
    q = sel.quantifier
    if q is None or q.kind not in ("exactly", "one") or (q.n or 1) != 1 or sel.noun not in ("ally", "allies"):
        return False
    named = any(x.kind == "name" and len(x.values) == 1 for x in sel.qualifiers)
    return named or any(p.kind == "same_name" and isinstance(p.value, A.Ref) for p in sel.posts)


def _mentions_did_check(c: A.Condition) -> bool:
    """Whether a guard asks "if you do (not)" (alone or first in "if you do, and B")."""
    if c.kind == "all_of":
        return _mentions_did_check(c.parts[0])
    return c.kind == "did" or (c.kind == "negation" and c.inner is not None and _mentions_did_check(c.inner))
