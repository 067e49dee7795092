"""Computed values: what a unit's attack, cost, range, types, symbols, names and
skills are now, and what continuous effects and timed modifiers make them.

Nothing here is stored on a card or a unit (design rule 4): every value is the
printed card plus the active effects, computed when asked and remembered in
``Game._cache`` (until the state changes) and ``Game._field_cache`` (until the
field, the modifiers or the registered skills change). :class:`Values` is a base
of :class:`fecipher.engine.game.Game`; the arithmetic of modifiers lives in
:mod:`.modifiers`.
"""
from __future__ import annotations

from typing import Any, Iterator

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.cards import Card, CardCopy, card_continuous_skills, card_continuous_stats, card_unit_names
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import DRAGON_BLOOD_RESONANCE, Skill, SkillContext, SkillKind, keyword_allows
from fecipher.engine.state import Unit

# Which skills a unit has is read from its printed skills (so that it cannot loop).
_PRINTED_SKILL_STATS = (M.SKILLS, M.LOST_SKILLS, M.LVS_USABLE)
# Key in Game._field_cache of the stats the field's printed CONT skills change
# (the other keys are stats).
_FIELD_STATS = ("field_stats",)
# Key in Game._skills_cache of (_printed_skills, _printed_field).
_PRINTED = ("printed",)
_OWN_SKILLS = "own_skills"   # (keys of Game._cache: Values._own_skills, Values.skills_of with DB)
_DB_SKILLS = "db_skills"
# Key in Game._field_cache of Values._db_sharing.
_DB_SHARING = ("db sharing",)
# Key in Game._field_cache of Values._field_tops.
_FIELD_TOPS = ("field tops",)
# Key in Game._field_cache of Values._printed_now.
_PRINTED_NOW = ("printed now",)
# The stats whose modifiers change which continuous skills the field's units have
# (the rest leave Game._field_cache as it was).
_SKILL_MOD_STATS = frozenset((M.SKILLS, M.LOST_SKILLS, M.COPY, M.LVS_USABLE))


def _resonance_with_db_ally(units: list[Unit]) -> bool:
    """One of a player's units prints Resonance of Dragon's Blood and another prints a
    [DB] skill (printed skills: what sharing could give)."""
    for u in units:
        if any(DRAGON_BLOOD_RESONANCE in s.rules for s in u.cards[0].card.skills):
            if any(v is not u and any(s.has_keyword("DB") for s in v.cards[0].card.skills) for v in units):
                return True
    return False


class Values:
    """The computed values of a game (a base of :class:`~fecipher.engine.game.Game`)."""

    # ------------------------------------------------------------------ computed values
    def base_card(self, unit: Unit, keep: str | None = None) -> Card:
        """The card whose printed values ``unit`` has: its top card, or the card it
        is a copy of (a COPY modifier, "becomes a copy of ..."). ``keep`` ("name",
        "attack") asks for a value the copy may have left as it was."""
        mods = self._mods_by_stat.get(M.COPY)
        if mods:
            for m in reversed(mods):
                if m.reaches(self, unit):
                    card, keeps = m.value
                    return unit.card if keep is not None and keep in keeps else card
        return unit.cards[0].card

    def cost(self, unit: Unit) -> int:
        """The deployment cost a unit has (its top card's, or the copied card's,
        and the effects on it: "that enemy's deployment cost becomes 1")."""
        mods = self._mods_by_stat
        top = unit.cards[0]
        if top.card.printed_x and "cost" in top.card.printed_x and (M.COPY not in mods or
                                                                   self.base_card(unit) is top.card):
            # A printed cost X ("This unit's Deployment Cost is equal to the number of Orbs
            # you have", B22-012SR): the card's own SPEC defines it on the field too (engine
            # decision 45); the unit's cost changes count on top of it.
            return M.compute_number(self, unit, M.COST, self.deploy_cost(top, "field"))
        if M.COST not in mods and M.COST not in self._live_stats:
            # (as base_card, inlined: asked for every unit by "with cost N or less")
            return top.card.cost if M.COPY not in mods else self.base_card(unit).cost
        return M.compute_number(self, unit, M.COST, self.base_card(unit).cost)

    def attack(self, unit: Unit) -> int:
        return M.compute_number(self, unit, M.ATTACK, self.base_card(unit, "attack").attack)

    def attack_raised_by_skills(self, unit: Unit) -> int:
        """How much the effects of skills raise ``unit``'s attack now ("an enemy whose attack
        is +10 or more due to the effect of skills", B19-004SR, B22-081R): its attack minus
        its printed attack (of the card whose values it has; a printed X is 0), so every
        continuous and timed change counts, net of the losses; the support is not part of a
        unit's attack (docs/rules.md, engine decision 46). Negative when skills lower it."""
        return self.attack(unit) - self.base_card(unit, "attack").attack

    def support_power(self, unit: Unit, card: CardCopy) -> int:
        """The support power ``card`` lends to its battling ``unit``."""
        return M.compute_number(self, unit, M.SUPPORT, self.card_support(card, "support"), card=card)

    def ranges(self, unit: Unit) -> frozenset[int]:
        mods = self._mods_by_stat
        if M.RANGES not in mods and M.RANGES not in self._live_stats and M.COPY not in mods:
            return unit.cards[0].card.all_ranges   # printed (as compute_set answers)
        return M.compute_set(self, unit, M.RANGES, self._base(unit).all_ranges)

    def types(self, unit: Unit) -> frozenset[str]:
        return M.compute_set(self, unit, M.TYPES, self._base(unit).all_types)

    def symbols(self, unit: Unit) -> frozenset:
        return M.compute_set(self, unit, M.SYMBOLS, frozenset(self._base(unit).symbols))

    def _base(self, unit: Unit) -> Card:
        """:meth:`base_card` (no value kept): the top card's while no copy modifier is on."""
        return unit.cards[0].card if M.COPY not in self._mods_by_stat else self.base_card(unit)

    def unit_names(self, unit: Unit) -> frozenset[str]:
        """The unit name and every alias (rule 14)."""
        mods = self._mods_by_stat
        if M.UNIT_NAMES not in mods and M.UNIT_NAMES not in self._live_stats and M.COPY not in mods:
            return card_unit_names(unit.cards[0].card)   # printed (as compute_set answers)
        return M.compute_set(self, unit, M.UNIT_NAMES, card_unit_names(self.base_card(unit, "name")))

    def skills_of(self, unit: Unit) -> tuple[Skill, ...]:
        if self._dragon_blood and self._db_sharing():
            return self._skills_with_dragon_blood(unit)
        return self._own_skills(unit)

    def _own_skills(self, unit: Unit) -> tuple[Skill, ...]:
        """The skills a unit has but those it acquires by Resonance of Dragon's Blood:
        printed on its card, given, not lost."""
        if self._printed_skills():   # nothing in this game gives or takes away skills
            # (base_card(unit).skills, with its usual case inlined)
            return (self.base_card(unit) if self._mods_by_stat.get(M.COPY) else unit.cards[0].card).skills
        # Remembered as the values it is made of are (in ``_cache``, forgotten at every
        # event and every other change, not when a cycle cut it short): asked for every
        # unit at every event when skills can be given or taken, and again for each
        # ally of a unit with Resonance of Dragon's Blood.
        key = (_OWN_SKILLS, unit.id, unit.cards[0].id)
        cache = self._cache
        out = cache.get(key)
        if out is not None:
            return out
        base = self.base_card(unit).skills
        outer = self._cycle_cut
        self._cycle_cut = False
        granted = M.compute_set(self, unit, M.SKILLS, frozenset())
        out = base
        if granted:
            out = base + tuple(sorted((s for s in granted if s not in base), key=lambda s: s.name))
        lost = M.compute_set(self, unit, M.LOST_SKILLS, frozenset())
        if lost:  # a lost skill is lost whether printed or acquired (it cannot be acquired again)
            out = () if M.ALL_SKILLS in lost else tuple(s for s in out if s.name not in lost)
            if M.ALL_BUT_SPEC in lost:
                out = tuple(s for s in out if s.kind is SkillKind.SPECIAL)
            if out and any(n[:1] == M.ONE_OF for n in lost):
                out = _one_of_each(out, lost)
        if not self._cycle_cut:
            cache[key] = out
        self._cycle_cut = self._cycle_cut or outer
        return out

    def _skills_with_dragon_blood(self, unit: Unit) -> tuple[Skill, ...]:
        """Resonance of Dragon's Blood ("this unit acquires all [DB] skills of other
        allies", a CONT skill): a unit that has it now also has the [DB] skills its
        owner's other units have (their own: printed or given, not lost; not those
        they acquire by this rule, which are a third unit's own), one skill of each
        name: its own of that name, else the first unit's in the order of the field
        (front line, then back line). A skill it has lost it does not acquire.
        A unit that has a [DB] skill but not this rule shares nothing."""
        key = (_DB_SKILLS, unit.id, unit.cards[0].id)   # (remembered as _own_skills is)
        cache = self._cache
        got = cache.get(key)
        if got is not None:
            return got
        outer = self._cycle_cut
        self._cycle_cut = False
        got = self._with_dragon_blood(unit)
        if not self._cycle_cut:
            cache[key] = got
        self._cycle_cut = self._cycle_cut or outer
        return got

    def _with_dragon_blood(self, unit: Unit) -> tuple[Skill, ...]:
        own = self._own_skills(unit)
        if not any(DRAGON_BLOOD_RESONANCE in s.rules and keyword_allows(s, unit) for s in own):
            return own
        names = {s.name for s in own}
        if not self._printed_skills():
            names |= M.compute_set(self, unit, M.LOST_SKILLS, frozenset())
        out: list[Skill] = []
        for ally in self.players[unit.owner].units:
            if ally is unit:
                continue
            for s in self._own_skills(ally):
                if s.name not in names and s.has_keyword("DB"):
                    out.append(s)
                    names.add(s.name)
        return own + tuple(out) if out else own

    def orbs_broken_by(self, unit: Unit) -> int:
        return M.compute_number(self, unit, M.ORBS, 1)

    def critical_factor(self, unit: Unit) -> int:
        """What a critical hit multiplies this unit's attack by: 2 (rule 3), or what a skill sets
        ("this unit's attack is multiplied by 3 instead of 2", B03-033N)."""
        if M.CRITICAL_FACTOR not in self._mods_by_stat and M.CRITICAL_FACTOR not in self._live_stats:
            return 2
        return M.compute_number(self, unit, M.CRITICAL_FACTOR, 2)

    def evasion_cards(self, unit: Unit) -> int:
        """How many cards with the defender's unit name a god-speed evasion of this unit's
        attack takes: 1 (rule 3), or what a skill sets ("your opponent sends 2 cards ...
        instead of 1 to evade this unit's attack", B09-073SR); several: the largest
        (engine decision 52)."""
        if M.EVASION_CARDS not in self._mods_by_stat and M.EVASION_CARDS not in self._live_stats:
            return 1
        return max([1] + [v for op, v in M.contributions(self, unit, M.EVASION_CARDS) if op == "set"])

    def flag(self, unit: Unit, flag: str, **ctx: Any) -> bool:
        if flag not in self._mods_by_stat and flag not in self._live_stats:
            return False   # nothing in this game can set it now (as compute_flag answers)
        return M.compute_flag(self, unit, flag, **ctx)

    def modifiers_for(self, stat: str) -> list[Modifier]:
        return self._mods_by_stat.get(stat, ())  # type: ignore[return-value]

    def _db_sharing(self) -> bool:
        """Whether a unit may acquire [DB] skills by Resonance of Dragon's Blood now
        (:meth:`_skills_with_dragon_blood`): some card of this game has that rule
        (``_dragon_blood``) and some unit on the field may have it with an ally to
        share from, i.e. a unit's top card prints it and another unit of its player
        prints a [DB] skill, or skills can be given or copied (then it is not known).
        Without such a pair every unit has its own skills (as DB sharing would
        give them): a game with a Resonance card in a deck plays as one without
        until that card is on the field beside a [DB] unit. Follows from the field,
        the modifiers and the registered skills: remembered in ``_field_cache``."""
        if not self._dragon_blood:
            return False
        got = self._field_cache.get(_DB_SHARING)
        if got is None:
            live, mods = self._live_stats, self._mods_by_stat
            got = ((M.SKILLS in live and not self._printed_now()) or M.SKILLS in mods or M.COPY in mods
                   or any(_resonance_with_db_ally(p.units) for p in self.players))
            self._field_cache[_DB_SHARING] = got
        return got

    def _printed_skills(self) -> bool:
        """No modifier and no continuous skill of this game gives or takes away
        skills: every unit has the skills printed on its card (and DB sharing)."""
        got = self._skills_cache.get(_PRINTED)
        return (got if got is not None else self._printed_state())[0] or self._printed_now()

    def _printed_field(self) -> bool:
        """:meth:`_printed_skills`, no DB skill in the game and no copy modifier:
        every unit has exactly its top card's printed skills, so what the field
        holds tells every skill on it."""
        got = self._skills_cache.get(_PRINTED)
        return ((got if got is not None else self._printed_state())[1] or self._printed_now()) and not (
            self._dragon_blood and self._db_sharing())

    def _printed_now(self) -> bool:
        """Some card of this game can give or take away skills, but nothing does now: no
        modifier on which skills units have (nor a copy), and no unit on the field whose
        top card prints a CONT skill that gives or takes skills (its condition holding or
        not). Then every unit has its top card's printed skills, as in a game where no
        card can change them: a pool deck holding one such card plays as the starter
        decks until that card is on the field. (Skills on other cards that change which
        skills units have, of the Bond or Boundless Area, are not looked for: with one
        of them in the game, this is False.) Follows from the field, the modifiers and
        the registered skills: remembered in ``_field_cache``."""
        fc = self._field_cache
        got = fc.get(_PRINTED_NOW)
        if got is None:
            mods = self._mods_by_stat
            got = not (self._skill_stats_off_field or M.COPY in mods or any(s in mods for s in _PRINTED_SKILL_STATS))
            if got:
                stats = self._field_stats()
                got = not any(s in stats for s in _PRINTED_SKILL_STATS)
            fc[_PRINTED_NOW] = got
        return got

    def _field_tops(self) -> frozenset:
        """The cards on top of the units on the field (remembered in ``_field_cache``)."""
        got = self._field_cache.get(_FIELD_TOPS)
        if got is None:
            got = self._field_cache[_FIELD_TOPS] = frozenset(
                u.cards[0].card for p in self.players for line in (p.front, p.back) for u in line)
        return got

    def _field_stats(self) -> set[str]:
        """The stats the printed CONT skills of the units' top cards change (remembered
        in ``_field_cache``)."""
        stats = self._field_cache.get(_FIELD_STATS)
        if stats is None:
            stats = set()
            for p in self.players:
                for line in (p.front, p.back):
                    for u in line:
                        stats |= card_continuous_stats(u.cards[0].card)
            self._field_cache[_FIELD_STATS] = stats
        return stats

    def _printed_state(self) -> tuple[bool, bool]:
        """(:meth:`_printed_skills`, :meth:`_printed_field` but for DB sharing, which
        follows from the field) worked out afresh, and
        remembered in ``_skills_cache``: they read only the registered skills' stats
        and the modifiers on SKILLS, LOST_SKILLS, LVS_USABLE and COPY, and each
        of those changes calls ``_skills_changed`` (register_skill, add_modifier,
        _set_modifiers), which forgets them (a unit moving or leaving does not)."""
        live, mods = self._live_stats, self._mods_by_stat
        printed = (M.SKILLS not in live and M.SKILLS not in mods
                   and M.LOST_SKILLS not in live and M.LOST_SKILLS not in mods
                   and M.LVS_USABLE not in live and M.LVS_USABLE not in mods)
        got = self._skills_cache[_PRINTED] = (printed, printed and M.COPY not in mods)
        return got

    def _continuous_sources(self, stat: str) -> list[tuple[Any, SkillContext]]:
        """The continuous effects on ``stat`` of every active CONT skill, with their
        contexts, remembered until the state changes. A skill granted by a CONT
        skill ("acquires ...") counts too; skills are read from the printed card
        when the question is which skills a unit has, so that it cannot loop. Then
        those of the continuous skills of cards in the Boundless Areas
        (:meth:`_boundless_sources`)."""
        if self._boundless_ces:
            return self._boundless_sources(stat)
        return self._unit_sources(stat)

    def _boundless_sources(self, stat: str) -> list[tuple[Any, SkillContext]]:
        """:meth:`_unit_sources`, then the effects on ``stat`` of the continuous skills of
        the cards in each player's Boundless Area ("If this unit is in your Boundless Area,
        your opponent's Main Character loses all of their Colors", B22-087R), each card's
        owner controlling them, in player and area order. Remembered until the state
        changes (``_cache``: a card entering or leaving that area publishes an event);
        never in ``_field_cache``, which a move between card areas leaves as it is."""
        key = ("boundless ces", stat)
        got = self._cache.get(key)
        if got is not None:
            return got
        got = self._unit_sources(stat)
        extra = []
        for owner, p in enumerate(self.players):
            for c in p.boundless:
                for skill in c.card.skills:
                    if skill.kind is SkillKind.BOUNDLESS and skill.continuous:
                        ces = [ce for ce in skill.continuous if ce.stat == stat]
                        if ces:
                            ctx = SkillContext(self, skill, owner, c, None)
                            extra.extend((ce, ctx) for ce in ces)
        if extra:
            got = list(got) + extra
        self._cache[key] = got
        return got

    def _unit_sources(self, stat: str) -> list[tuple[Any, SkillContext]]:
        """The continuous effects on ``stat`` of the CONT skills of the units on the
        field (see :meth:`_continuous_sources`)."""
        got = self._field_cache.get(stat)
        if got is not None:
            return got
        key = ("ces", stat)
        got = self._cache.get(key)
        if got is not None:
            return got
        printed = stat in _PRINTED_SKILL_STATS
        # With printed skills only (and no DB sharing, no copy), a unit's continuous
        # skills are its top card's: what the field holds tells them all, so they
        # are remembered until the field (or a modifier, or a registered skill) changes.
        if self._printed_field() if not printed else (not self._db_sharing() and M.COPY not in self._mods_by_stat):
            out = self._field_sources(stat if printed else None)
            field_cache = self._field_cache
            for s, found in out.items():
                field_cache.setdefault(s, found)
            got = field_cache[stat] = out.get(stat, [])
            return got
        # One look at the field finds the effects on every stat that skills change
        # (the others are asked for next, in the same state).
        out = {stat: []}
        if not printed:
            out.update((s, []) for s in self._live_stats if s not in _PRINTED_SKILL_STATS)
        mods = self._mods_by_stat
        live = self._live_stats
        if printed or self._db_sharing() or M.COPY in mods or M.LVS_USABLE in live or M.LVS_USABLE in mods:
            self._skill_sources_by_unit(out, printed)
        elif M.LOST_SKILLS not in live and M.LOST_SKILLS not in mods:
            self._given_skill_sources(out)
        elif M.SKILLS not in live and M.SKILLS not in mods:
            self._lost_skill_sources(out)
        else:
            self._skill_sources_by_unit(out, printed)
        for s, found in out.items():
            self._cache.setdefault(("ces", s), found)
        self._cache[key] = out[stat]
        return out[stat]

    def _given_skill_sources(self, out: dict[str, list]) -> None:
        """:meth:`_skill_sources_by_unit` when skills are given and none is taken
        (no DB sharing, no copy): a unit's skills are its printed ones (their
        effects as :meth:`_unit_continuous` lists them), then those given, sorted
        by name (:meth:`skills_of`). A unit that nothing can give a skill to now
        (every timed gift names another unit, no skill gives any) is not asked."""
        gifts = self._mods_by_stat.get(M.SKILLS, ())
        given_by_skills = self._continuous_sources(M.SKILLS)
        for src in self.players[0].units + self.players[1].units:
            top = src.cards[0]
            self._add_unit_sources(out, src, (src.id, src.owner, top.id, src.class_changed, len(src.cards)))
            if not (given_by_skills or (src.id, M.SKILLS) in self._computing
                    or any(m.unit is None or m.unit == src.id for m in gifts)):
                continue
            granted = M.compute_set(self, src, M.SKILLS, frozenset())
            if not granted:
                continue
            base = top.card.skills
            for skill in sorted((s for s in granted if s not in base), key=lambda s: s.name):
                if skill.kind is not SkillKind.CONTINUOUS or not skill.continuous:
                    continue
                ces = [ce for ce in skill.continuous if ce.stat in out]
                if not ces or not keyword_allows(skill, src):
                    continue
                ctx = SkillContext(self, skill, src.owner, top, src.id)
                for ce in ces:
                    out[ce.stat].append((ce, ctx))

    def _lost_skill_sources(self, out: dict[str, list]) -> None:
        """:meth:`_skill_sources_by_unit` when skills can be taken away and none
        given (no DB sharing, no copy, no [LvS] made usable): a unit's CONT skills
        are its top card's (:meth:`_unit_continuous`, remembered for the field)
        but those it has lost now; only a unit whose top card has an effect on a
        stat asked is asked what it has lost."""
        for p in self.players:
            for src in p.front + p.back:
                top = src.cards[0]
                if not card_continuous_skills(top.card):
                    continue
                pairs = self._unit_ces.get((src.id, src.owner, top.id, src.class_changed, len(src.cards)))
                if pairs is None:
                    pairs = self._unit_continuous(src)
                lost = None
                for ce, ctx in pairs:
                    found = out.get(ce.stat)
                    if found is None:
                        continue
                    if lost is None:
                        lost = M.compute_set(self, src, M.LOST_SKILLS, frozenset())
                    # (these are CONT skills: "all but the SPEC skills" takes them too)
                    if lost and (M.ALL_SKILLS in lost or M.ALL_BUT_SPEC in lost or ctx.skill.name in lost):
                        continue
                    found.append((ce, ctx))

    def _skill_sources_by_unit(self, out: dict[str, list], printed: bool, remembered: bool = True) -> None:
        """Add to ``out`` (lists by stat) the continuous effects of every unit's
        active CONT skills on its stats, unit by unit, skill by skill. With
        ``printed`` (the skills printed on the card whose values a unit has) and no
        copy, those of each unit are its top card's, as :meth:`_unit_continuous`
        remembers them (the same effects in the same order, with contexts made once
        per unit and top card instead of at every change of state), unless
        ``remembered`` is False (tests/test_18 compares the two)."""
        if printed and remembered and not self._mods_by_stat.get(M.COPY):
            for src in self.players[0].units + self.players[1].units:
                top = src.cards[0]
                if card_continuous_skills(top.card):
                    self._add_unit_sources(out, src, (src.id, src.owner, top.id, src.class_changed, len(src.cards)))
            return
        for src in self.players[0].units + self.players[1].units:
            skills = self.base_card(src).skills if printed else self.skills_of(src)
            for skill in skills:
                if skill.kind is not SkillKind.CONTINUOUS or not skill.continuous:
                    continue
                ces = [ce for ce in skill.continuous if ce.stat in out]
                # (which skills a unit has, and LvS made usable, read the printed rules: no loop)
                if not ces or not keyword_allows(skill, src, None if printed else self):
                    continue
                ctx = SkillContext(self, skill, src.owner, src.top, src.id)
                for ce in ces:
                    out[ce.stat].append((ce, ctx))

    def _no_printed_source(self, stat: str) -> bool:
        """True when no continuous skill can change ``stat`` now because, with
        printed skills only (no DB sharing, no copy), no unit's top card has a CONT
        skill on it: :meth:`_continuous_sources` would find none (told without
        looking at the field's skills one by one). False when that is not known (and
        when a continuous skill of the Boundless Area may change it)."""
        if self._boundless_ces or not self._printed_field():
            return False
        return stat not in self._field_stats()

    def _field_sources(self, printed_stat: str | None) -> dict[str, list[tuple[Any, SkillContext]]]:
        """The continuous effects of the units' printed CONT skills, by stat: on
        ``printed_stat`` only, or (None) on every stat skills change but SKILLS and
        LOST_SKILLS. They follow from which units are on the field, in what order,
        with what top card, class change and stack size: remembered for the game
        under those (a field seen before, as after a battle that destroyed
        nothing, makes nothing new). The lists are only read."""
        # Units whose top card has no CONT skill add nothing (and do not count).
        units = []
        keys = []
        for p in self.players:
            for line in (p.front, p.back):
                for u in line:
                    top = u.cards[0]
                    if card_continuous_skills(top.card):
                        units.append(u)
                        keys.append((u.id, u.owner, top.id, u.class_changed, len(u.cards)))
        sig = (printed_stat, len(self._live_stats), tuple(keys))
        out = self._field_ces.get(sig)
        if out is not None:
            return out
        if printed_stat is not None:
            out = {printed_stat: []}
        else:
            out = {s: [] for s in self._live_stats if s not in _PRINTED_SKILL_STATS}
        for src, k in zip(units, keys):
            self._add_unit_sources(out, src, k)
        if len(self._field_ces) >= 4096:   # (bounded: a long game sees many fields)
            self._field_ces.clear()
        self._field_ces[sig] = out
        return out

    def _add_unit_sources(self, out: dict[str, list], src: Unit, key: tuple) -> None:
        """Add to ``out`` (lists by stat) the effects of :meth:`_unit_continuous` on
        the stats it lists; ``key`` is that method's key for ``src``."""
        pairs = self._unit_ces.get(key)
        if pairs is None:
            pairs = self._unit_continuous(src)
        for ce, ctx in pairs:
            found = out.get(ce.stat)
            if found is not None:
                found.append((ce, ctx))

    def _unit_continuous(self, src: Unit) -> tuple[tuple[Any, SkillContext], ...]:
        """(effect, context) of every continuous effect of the active printed CONT
        skills of ``src``'s top card, in printed order. It depends only on the unit,
        its top card, whether it is class changed and its stack size (CCS, LvS):
        remembered for the game under those, so that each change of state does not
        make new contexts. (A context of a continuous effect is only read.)"""
        top = src.cards[0]
        key = (src.id, src.owner, top.id, src.class_changed, len(src.cards))
        got = self._unit_ces.get(key)
        if got is None:
            pairs = []
            for skill in card_continuous_skills(top.card):
                if keyword_allows(skill, src):
                    ctx = SkillContext(self, skill, src.owner, top, src.id)
                    pairs.extend((ce, ctx) for ce in skill.continuous)
            got = self._unit_ces[key] = tuple(pairs)
        return got

    def continuous_contributions(self, unit: Unit, stat: str) -> Iterator[tuple[str, Any]]:
        """(op, value) pairs from continuous skills active now that reach ``unit``."""
        checked: dict[int, bool] = {}
        for ce, ctx in self._continuous_sources(stat):
            # Which units an effect reaches is usually cheaper to tell than its
            # skill's condition: that is asked only for the effects that reach the unit.
            if not ce.applies(ctx, unit):
                continue
            sk = ctx.skill
            if sk.condition is not None:
                ok = checked.get(id(ctx))
                if ok is None:
                    ok = checked[id(ctx)] = bool(sk.condition(ctx))
                if not ok:
                    continue
            v = ce.value
            if callable(v):
                v = (lambda g, u, _v=v, _c=ctx, **kw: _v(_c, u, **kw))
            yield ce.op, v

    def attack_sources(self, unit: Unit) -> tuple[str, ...]:
        """What changes a unit's attack now, for people: "Fighter's Expertise +20" for a
        continuous skill, the modifier's own text for a timed one (logs and boards)."""
        out: list[str] = []
        parts = self._cache.get((M.ATTACK_PARTS, unit.id, unit.cards[0].id))
        if parts is not None:
            # What the attack was just computed from (the same state): read, not asked again.
            live = M.ATTACK in self._live_stats
            for op, v, src in parts:
                if op in ("add", "set") and (v or op == "set") and v is not None:
                    # ("Legendary Swordplay =60": an attack a skill sets, engine decision 44)
                    shown = f"{v:+d}" if op == "add" else f"={v}"
                    if isinstance(src, Modifier):
                        out.append(f"{src.source or src.text or 'effect'} {shown}")
                    elif live:
                        out.append(f"{src.skill.name} {shown}")
            return tuple(out)
        for mod in self.modifiers_for(M.ATTACK):
            if mod.op == "add" and mod.reaches(self, unit):
                v = mod.value(self, unit) if callable(mod.value) else mod.value
                if v:
                    out.append(f"{mod.source or mod.text or 'effect'} {v:+d}")
        checked: dict[int, bool] = {}
        for ce, ctx in self._continuous_sources(M.ATTACK) if M.ATTACK in self._live_stats else ():
            if ce.op not in ("add", "set") or not ce.applies(ctx, unit):
                continue
            sk = ctx.skill
            if sk.condition is not None:
                ok = checked.get(id(ctx))
                if ok is None:
                    ok = checked[id(ctx)] = bool(sk.condition(ctx))
                if not ok:
                    continue
            v = ce.value(ctx, unit) if callable(ce.value) else ce.value
            if ce.op == "set" and v is not None:
                out.append(f"{sk.name} ={v}")
            elif v:
                out.append(f"{sk.name} {v:+d}")
        return tuple(out)

    # ------------------------------------------------------------------ modifiers
    def add_modifier(self, mod: Modifier) -> None:
        if mod.stat in _SKILL_MOD_STATS:
            self._skills_changed()   # (whether units have their printed skills, a copy)
        self.modifiers.append(mod)
        self._mods_by_stat.setdefault(mod.stat, []).append(mod)
        if mod.stat == M.SKILLS:
            vals = mod.value if isinstance(mod.value, (tuple, list, frozenset, set)) else (mod.value,)
            for s in vals:
                if isinstance(s, Skill):
                    self.register_skill(s)
        self.emit(ev.ModifierAdded(mod.controller, mod.unit, mod.text or f"{mod.stat} {mod.op} {mod.value}",
                                   mod.duration))

    def expire_modifiers(self, moment: str) -> None:
        keep = [m for m in self.modifiers if not M.expired(m, self, moment)]
        if len(keep) != len(self.modifiers):
            self._set_modifiers(keep)

    def _set_modifiers(self, mods: list[Modifier]) -> None:
        if any(m.stat in _SKILL_MOD_STATS for m in self.modifiers) or any(m.stat in _SKILL_MOD_STATS for m in mods):
            self._skills_changed()   # (as add_modifier: one of them may be leaving or coming)
        self._values_changed()
        self.modifiers = mods
        self._mods_by_stat = {}
        for m in mods:
            self._mods_by_stat.setdefault(m.stat, []).append(m)

    def _drop_unit_modifiers(self, unit_id: int) -> None:
        """A unit left the field: the modifiers aimed at it end, and those that last only
        while it stays on the field (``holder``)."""
        if any(m.unit == unit_id or m.holder == unit_id for m in self.modifiers):
            self._set_modifiers([m for m in self.modifiers if m.unit != unit_id and m.holder != unit_id])


def _one_of_each(skills: tuple[Skill, ...], lost: frozenset[str]) -> tuple[Skill, ...]:
    """``skills`` without the second and later skills of each name that LOST_SKILLS
    keeps to one instance (M.ONE_OF + name): the first, in the order of the unit's
    skills (printed before acquired), is the one it possesses."""
    seen: set[str] = set()
    out = []
    for s in skills:
        if M.ONE_OF + s.name in lost:
            if s.name in seen:
                continue
            seen.add(s.name)
        out.append(s)
    return tuple(out)
