"""Checking skills: kinds and clauses that go together, every verb, word, place
and flag resolved against the vocabulary, and objects of the right kind."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.conditions import COUNTABLE
from fecipher.dsl.errors import Sink, suggest
from fecipher.dsl.registry import COSTS, EFFECTS
from fecipher.dsl.selectors import selector_kind
from fecipher.engine import modifiers as M

from fecipher.dsl import costs as _costs, effects as _effects  # noqa: F401  (fill the registries)

OBJECT_WORDS = {"number": "a number", "unit": "units", "card": "cards", "chosen": "what was chosen",
                "bond": "bonds", "orb": "orbs", "none": "nothing"}


def check_skills(card: A.CardNode, sink: Sink, units: frozenset[str] | set[str] = frozenset(),
                 skills: frozenset[str] | set[str] = frozenset()) -> None:
    granted = {s.name for s in card.skills if s.granted}
    has_cc = card.fact("class_change_cost") is not None
    skill_names = {s.name for s in card.skills}
    names: set[tuple[str, str]] = set()
    supports = 0
    for s in card.skills:
        if s.kind == "support":
            supports += 1
            if supports > 1:
                sink.error(s.pos, "a card has at most one support skill")
        elif not s.granted:
            # One printed name may cover parts of different kinds (a SPEC rule and a CONT skill).
            if (s.name, s.kind) in names:
                sink.error(s.pos, f"\"{card.name}\" has two skills named \"{s.name}\"")
            names.add((s.name, s.kind))
        SkillChecker(card, s, sink, granted, has_cc, skill_names, units, skills).check()


class SkillChecker:
    def __init__(self, card: A.CardNode, skill: A.SkillNode, sink: Sink, granted: set[str], has_cc: bool,
                 skill_names: set[str], units: frozenset[str] | set[str] = frozenset(),
                 skills: frozenset[str] | set[str] = frozenset()):
        self.card, self.s, self.sink, self.granted, self.has_cc = card, skill, sink, granted, has_cc
        self.units = units
        self.skills = skills
        self.skill_names = skill_names  # the names of the card's skills
        self.actor = False       # inside "your opponent ..." / "each player ...": areas are "their ..."
        self.guard = False       # checking the condition of "if ...: <effect>"
        self.revealed = False    # a "reveal" line came before: "the rest" / "among them" name its cards

    def check_name(self, name: str, pos) -> None:
        """A unit name in a skill must be a real unit name (or a card of this pack)."""
        if self.units and name not in self.units:
            self.err(pos, f"unknown unit name \"{name}\"{suggest(name, self.units)}")

    def check_skill_name(self, name: str, pos) -> None:
        """A skill another skill refers to ('loses "X"', 'deployed by "X"') must be a real
        skill name (or a skill of this pack)."""
        if self.skills and name not in self.skills:
            self.err(pos, f"unknown skill name \"{name}\"{suggest(name, self.skills)}")

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
        if any(self._counts_destroyed(st) for st in s.statements) and not any(
                self._destroys(st) for st in s.statements):
            self.err(s.pos, "'for each ... destroyed by this skill' counts what this skill's 'destroy' lines "
                            "destroy, and this skill has none")

    # ---- statements
    def check_statement(self, st) -> None:
        kind = self.s.kind
        if isinstance(st, A.DeployBan):
            self.check_deploy_ban(st)
            return
        if isinstance(st, (A.Guarded, A.Redirect, A.Copy, A.Replace, A.CardRule, A.ActorStatement)):
            self.check_series1_statement(st)
            return
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
        if st.while_state is not None:
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
                                                  and st.instead_of.kind in ("event_unit", "defender")):
                self.err(st.instead_of.pos, "'instead of ...' names the unit being attacked: 'that unit' "
                                            "or 'the defending unit'")
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
        elif isinstance(st, A.CardRule):
            if kind != "spec" or not (isinstance(st.subject, A.Ref) and st.subject.kind == "this_card"):
                self.err(st.pos, "a card rule ('this card can ...') is a SPEC skill's line about 'this card'")
            if st.condition is not None:
                self.check_condition(st.condition)
        elif isinstance(st, A.ActorStatement):
            if not acting:
                self.err(st.pos, f"a {kind.upper()} skill states what holds; it does not act")
                return
            self.actor = True
            self.check_action(st.action, EFFECTS, "effect")
            self.actor = False

    def check_deploy_ban(self, st: A.DeployBan) -> None:
        kind = self.s.kind
        if st.verb != "deploy":
            self.err(st.pos, f"'cannot {st.verb} ...': a rule about a player says what they cannot deploy, "
                             f"e.g. 'your opponent cannot deploy cards with cost 5 or more'")
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
        a = st.action
        if self.s.kind != "cont":
            self.err(st.pos, "'... instead of ...' changes where something goes for as long as it holds: "
                             "write it in a CONT skill")
        if a.verb not in ("put", "send", "add"):
            self.err(a.verb_pos, f"'{a.verb} ... instead of ...': a replacement says where a card goes, with "
                                 f"'put ... into <area> instead of <area>'")
            return
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
        elif k == "card":
            if st.cause is not None:
                self.err(st.pos, "'when it is destroyed' goes with a unit, not a card")
        else:
            self.err(a.target.pos, "what goes elsewhere is a unit or a card, e.g. 'this unit' or "
                                   "'the card supporting this unit'")

    def _counts_destroyed(self, st) -> bool:
        if isinstance(st, A.Guarded):
            return self._counts_destroyed(st.statement)
        if isinstance(st, A.Modification):
            return any(c.per_each is not None and isinstance(c.per_each, A.Filtered)
                       and any(p.kind == "destroyed_here" for p in c.per_each.posts) for c in st.changes)
        return False

    def _destroys(self, st) -> bool:
        if isinstance(st, A.Guarded):
            return self._destroys(st.statement)
        return isinstance(st, A.Action) and st.verb == "destroy"

    def check_change(self, c: A.Change) -> None:
        if c.kind == "cannot":
            words = tuple(c.words)
            if words in V.CARD_RULES:
                self.err(c.pos, "only a SPEC skill on 'this card' can say that")
            elif words[:2] == ("be", "deployed") or words[:1] == ("deploy",):
                self.err(c.pos, f"'cannot {' '.join(words)}' (a deployment restriction) is not supported yet: "
                                f"the engine's deployment options have no restriction of that kind")
            elif words not in V.FLAGS:
                self.err(c.pos, f"unknown restriction 'cannot {' '.join(words)}'"
                                f"{suggest(' '.join(words), V.FLAG_PHRASES)}")
            if c.by == "skills" and words not in (("be", "destroyed"), ("be", "moved")) and V.FLAGS.get(words) not in (
                    M.CANNOT_LEVEL_UP, M.CANNOT_CLASS_CHANGE):
                self.err(c.pos, "'by skills' goes with 'cannot be destroyed', 'cannot be moved', 'cannot level up' "
                                "or 'cannot class change'")
            elif c.by == "enemy_skills" and words != ("be", "destroyed"):
                self.err(c.pos, "'by enemy skills' goes with 'cannot be destroyed'")
            elif c.by is not None and c.by not in ("skills", "enemy_skills"):
                self.check_selector(c.by, where=False)
                if words not in (("be", "attacked"), ("attack",), ("be", "destroyed", "in", "battle")):
                    self.err(c.pos, "'by ...' names attackers: 'cannot be attacked by enemies in the back line', "
                                    "'cannot be destroyed by attacks from enemies with cost 2 or less'")
                elif selector_kind(c.by) not in ("unit", "name"):
                    self.err(c.by.pos, "'by ...' names attacking units, e.g. 'enemies with cost 2 or less'")
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
                hint = suggest(c.name, self.granted) if self.granted else ""
                self.err(c.pos, f"no granted skill \"{c.name}\" on this card{hint}; define it with "
                                f"'granted cont \"{c.name}\"'")
        elif c.kind == "acquire_name":
            self.check_name(c.name, c.pos)
        elif c.kind == "acquire_type":
            w = c.words[0]
            if w not in V.QUALITY_WORDS:   # a type, weapon, gender, or a symbol ("acquires black")
                self.err(c.pos, f"unknown type '{w}'{suggest(w, V.QUALITY_WORDS)}")
        elif c.kind in ("lose_skill", "cannot_use"):
            if not c.name:
                self.err(c.pos, "name the skill, e.g. 'loses \"Anti-Fliers\"'")
            else:
                self.check_skill_name(c.name, c.pos)
        elif c.kind == "acquire_range":
            for r in c.ranges:
                if not 1 <= r <= 3:
                    self.err(c.pos, f"range {r} is outside 1-3")
        elif c.kind == "gain" and c.per_each is not None:
            self.check_selector(c.per_each)
        elif c.kind == "orbs" and not 1 <= (c.amount or 0) <= 5:
            self.err(c.pos, f"an attack breaks 1 to 5 orbs, not {c.amount}")

    def check_action(self, a: A.Action, table: dict, what: str) -> None:
        if a.verb == "look":
            self.err(a.verb_pos, "'look at' (only you see the cards) is not supported yet: the engine has no "
                                 "model of who may see which card; 'reveal' shows them to both players")
            return
        verb = table.get(a.verb)
        if verb is None:
            self.err(a.verb_pos, f"unknown {what} '{a.verb}'{suggest(a.verb, table)}")
            return
        if a.number is not None or any(p.kind == "until_hand" for p in a.preps):
            okind = "number"   # ("draw until you have 5 cards in your hand": how many is told)
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
            if p.unit is not None and p.kind in ("under", "onto"):
                self.check_selector(p.unit)
                if selector_kind(p.unit) not in ("unit", "chosen", "name"):
                    self.err(p.pos, f"a card is put {p.kind} a unit, e.g. '{p.kind} this unit'")
        if verb.needs_place and not any(p.kind in ("to", "under", "onto", "main_character", "bottom")
                                        for p in a.preps):
            self.err(a.pos, f"'{a.verb}' needs a destination, e.g. '{verb.example}'")
        for p in a.preps:
            if p.kind == "bottom" and tuple(p.place.words) != ("deck",):
                self.err(p.pos, "'on the bottom of ...' names a deck: 'your deck' or 'your opponent's deck'")
            elif p.kind == "for_each":
                self.check_selector(p.unit, where=False)
                if selector_kind(p.unit) not in ("unit", "card", "bond"):
                    self.err(p.pos, "'for each ...' counts units or cards, e.g. 'for each card among them'")
            elif p.kind == "until_hand" and not 1 <= (p.number or 0) <= 60:
                self.err(p.pos, f"a hand of {p.number} cards: say 1 or more")
        if a.verb == "draw" and a.number is not None and any(p.kind == "until_hand" for p in a.preps):
            self.err(a.pos, "'draw N' or 'draw until ...', not both")
        if a.verb == "reveal":
            self.revealed = True

    def check_place(self, p: A.Place) -> None:
        if tuple(p.words) not in V.PLACES:
            w = " ".join(p.words)
            self.err(p.pos, f"unknown area '{w}'{suggest(w, V.PLACE_NAMES)}")
        if p.owner == "their" and not self.actor:
            self.err(p.pos, "'their ...' is the acting player's area in 'your opponent ...' or 'each player "
                            "...' lines; here say 'your ...' or 'your opponent's ...'")
        elif p.owner == "your" and self.actor:
            self.err(p.pos, "in a line about what your opponent (or each player) does, their areas are "
                            "'their ...', e.g. 'from their hand to their retreat area'")

    # ---- selectors
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
            elif sel.kind == "rest" and not self.revealed:
                self.err(sel.pos, "'the rest' / 'the revealed cards' are the cards an earlier 'reveal' line of "
                                  "this skill revealed: reveal them first, e.g. 'reveal the top 3 cards of your deck'")
            elif sel.kind == "several":
                self.err(sel.pos, "this line takes one subject, e.g. 'this card can ...'")
            elif sel.kind == "support_card":
                self.check_selector(sel.of)
                if selector_kind(sel.of) != "unit":
                    self.err(sel.of.pos, "'the card supporting ...' names a unit, e.g. 'this unit'")
            return
        for q in sel.qualifiers:
            if q.kind == "not_main_character" and selector_kind(sel) != "unit":
                self.err(q.pos, "'non-main character' goes with units, e.g. '1 non-main character enemy'")
            if q.kind in ("name", "not_name"):
                for n in q.values:
                    self.check_name(n, q.pos)
            if q.kind in ("words", "not_word"):
                for w in q.values:
                    if w not in V.QUALITY_WORDS:
                        self.err(q.pos, f"unknown quality '{w}' (a symbol, gender, weapon or type)"
                                        f"{suggest(w, V.QUALITY_WORDS)}")
        for p in sel.posts:
            if p.kind in ("named", "not_named"):
                for n in ((p.value,) if isinstance(p.value, str) else p.value):
                    self.check_name(n, p.pos)
            if p.kind == "same_line":
                self.check_selector(p.value)
                if selector_kind(sel) != "unit":
                    self.err(p.pos, "'in the same line as ...' goes with units")
            if p.kind == "different_names" and (sel.quantifier is None or (
                    sel.quantifier.kind in ("exactly", "up_to") and (sel.quantifier.n or 0) < 2)
                    or sel.quantifier.kind in ("one", "another")):
                self.err(p.pos, "'with different unit names' needs a choice of 2 or more, e.g. '2 cards with "
                                "different unit names from your retreat area'")
            if p.kind in ("attacked_this_turn", "destroyed_here") and selector_kind(sel) != "unit":
                self.err(p.pos, f"'{'that has attacked this turn' if p.kind == 'attacked_this_turn' else 'destroyed by this skill'}' goes with units")
            if p.kind == "other_than":
                for r in p.value:
                    self.check_selector(r)
            if p.kind == "among":
                if selector_kind(sel) != "card":
                    self.err(p.pos, "'among them' chooses cards, e.g. '1 \"Hana\" card among them'")
                elif not self.revealed:
                    self.err(p.pos, "'among them' chooses among the cards an earlier 'reveal' line of this skill "
                                    "revealed: reveal them first, e.g. 'reveal the top 3 cards of your deck'")
            if p.kind == "from_place":
                self.check_place(p.value)
                if selector_kind(sel) not in ("card", "orb"):
                    self.err(p.pos, "'from ...' goes with cards or orbs, e.g. '1 card from your hand'")
        if where and selector_kind(sel) == "card" and sel.quantifier is not None and sel.quantifier.kind != "all":
            if not any(p.kind in ("from_place", "among") for p in sel.posts):
                self.err(sel.pos, "say where the cards are: e.g. '1 card from your retreat area'")

    def check_trigger(self, t: A.Trigger) -> None:
        if t.subject is not None:
            self.check_selector(t.subject)
            if selector_kind(t.subject) not in ("unit", "name"):
                self.err(t.subject.pos, "a trigger is about a unit: 'this unit', 'another ally', 'an enemy'")
        if t.obj is not None:
            self.check_selector(t.obj)
        if t.how_skill is not None:
            self.check_skill_name(t.how_skill, t.how_skill_pos or t.pos)
        if t.kind == "skill_destroys" and t.name not in self.skill_names:
            self.err(t.pos, f"this card has no skill \"{t.name}\"{suggest(t.name or '', self.skill_names)}")

    def check_condition(self, c: A.Condition) -> None:
        if c.kind == "negation":
            self.check_condition(c.inner)
        elif c.kind == "is_state":
            self.check_selector(c.subject)
            st = c.state
            while st.kind == "not":
                st = st.arg
            if st.kind == "unit_name":
                self.check_name(st.arg, st.pos)
            if st.kind == "quality" and st.arg[0] not in V.QUALITY_WORDS:
                self.err(st.arg[1], f"unknown quality '{st.arg[0]}'{suggest(st.arg[0], V.QUALITY_WORDS)}")
            if st.kind in ("attacking", "attacked", "in_combat") and st.arg is not None:
                self.check_selector(st.arg)
            if st.kind == "supported_by":   # "supported by a male card": the support card, no area
                self.check_selector(st.arg, where=False)
        elif c.kind == "have_count":
            actor, self.actor = self.actor, c.owner == "opponent"
            self.check_selector(c.counted)
            self.actor = actor
        elif c.kind == "did":
            if not self.guard:
                self.err(c.pos, "'if you do' guards one effect line: 'if you do: draw 1'")
        elif c.kind == "has_stat":
            self.check_selector(c.subject)
        elif c.kind == "used_skill":
            self.check_selector(c.subject)
            if c.name not in self.skill_names:
                self.err(c.pos, f"this card has no skill \"{c.name}\"{suggest(c.name, self.skill_names)}")
        elif c.kind == "have_reference":
            self.check_selector(c.subject)
        elif c.kind == "compare_with_opponent":
            if c.words[1] not in COUNTABLE:
                self.err(c.pos, f"cannot compare '{c.words[1]}'{suggest(c.words[1], COUNTABLE)}")
