"""The game: state, primitives that change it, and the decision API.

A :class:`Game` is a function of its seed, its two decks and the answers given to
it. It runs until a player must decide, exposes :attr:`Game.decision` with every
legal option, and resumes in :meth:`Game.answer`. Rules live in the modules named
after them (:mod:`.setup`, :mod:`.phases`, :mod:`.deployment`, :mod:`.battle`,
:mod:`.resolution`); this module holds the state and the primitive changes that
every rule and every skill goes through, each published as an event.
"""
from __future__ import annotations

import functools
import random
from typing import Any, Iterator

import attrs

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.bus import EventBus
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.decisions import Decision, IllegalAnswer, Option
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import Skill, SkillContext, SkillKind, keyword_allows
from fecipher.engine.state import (
    BACK, BONDS, BOUNDLESS, DECK, FRONT, HAND, ORBS, RETREAT, SUPPORT, Bond, Orb,
    PlayerState, Unit,
)

PHASES = ("beginning", "bond", "deployment", "action", "end")
# Which skills a unit has is read from its printed skills (so that it cannot loop).
_PRINTED_SKILL_STATS = (M.SKILLS, M.LOST_SKILLS)
# Key in Game._field_cache of the stats the field's printed CONT skills change
# (the other keys are stats).
_FIELD_STATS = ("field_stats",)
# The stats whose modifiers change which continuous skills the field's units have
# (the rest leave Game._field_cache as it was).
_SKILL_MOD_STATS = frozenset((M.SKILLS, M.LOST_SKILLS, M.COPY))


class GameOverSignal(Exception):
    """Raised inside the flow when the game ends; caught by :meth:`Game._advance`."""


@attrs.frozen
class Deck:
    """A deck: its cards (the Main Character's card included) and which one is the MC."""

    name: str
    cards: tuple[Card, ...]
    main_character: Card

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "main_character": self.main_character.code,
                "cards": [c.code for c in self.cards]}


class Game:
    """A game of Fire Emblem 0 between two decks.

    >>> game = Game(deck1, deck2, seed=7)          # doctest: +SKIP
    >>> game.decision.options                       # doctest: +SKIP
    >>> game.answer(game.decision.options[0])       # doctest: +SKIP
    """

    def __init__(self, deck1: Deck | None, deck2: Deck | None, seed: int = 0,
                 first_player: int | None = None, *, max_turns: int = 300,
                 start: bool = True, check_decks: bool = True) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.decks = (deck1, deck2)
        self.players = [PlayerState(0), PlayerState(1)]
        self.bus = EventBus()
        self.events: list[ev.Event] = []
        self.turn = 0
        self.turn_player = 0
        self.first_player = first_player
        self.phase = "setup"
        self.battle: Any = None
        self.modifiers: list[Modifier] = []
        self.pending_triggers: list[Any] = []
        self.skill_uses: dict[tuple, int] = {}
        self.max_turns = max_turns
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.decision: Decision | None = None
        self.answers: list[int] = []
        self._next_id = 1
        self._units: dict[int, Unit] = {}
        self._copies: dict[int, CardCopy] = {}
        self._computing: set = set()
        # Computed values (attack, ranges, flags ...) until the state next changes.
        self._cache: dict = {}
        # Values that follow from the field alone (which units, in what order, with
        # what top card, class change and stack size), the modifiers and the skills
        # registered: kept across events until one of those changes (_field_changed).
        self._field_cache: dict = {}
        self._cycle_cut = False
        # Stats some continuous skill of this game's cards can change.
        self._live_stats: set[str] = set()
        self._registered: set = set()
        self._dragon_blood = False     # some card of this game has a DB skill
        # Some card of this game has a bond skill / a hand skill (else bonds and
        # hands hold no skill that can act, and are not looked through for one).
        self._bond_skills = False
        self._hand_skills = False
        self._trigger_types: set[type] = set()
        # The skills with a trigger on each event type (automatic, bond, hand skills).
        self._listeners: dict[type, set[Skill]] = {}
        self._replacement_types: set[type] = set()
        self._mods_by_stat: dict[str, list[Modifier]] = {}
        # Contexts of units' continuous effects, for the game (see _unit_continuous
        # and _field_sources).
        self._unit_ces: dict[tuple, tuple] = {}
        self._field_ces: dict[tuple, dict] = {}
        # The cards with a skill listening to an event type (resolution._listening).
        self._listening_cards: dict[tuple, frozenset] = {}
        self._trigger_seq = 0
        self._flow: Iterator[Decision] | None = None
        self._emptied_unit: Unit | None = None   # set by _remove_card when a unit's last card leaves
        if start:
            from fecipher.engine.deckrules import check_deck
            from fecipher.engine.setup import setup_flow
            if check_decks:
                for d in (deck1, deck2):
                    assert d is not None
                    check_deck(d)
            self._start(setup_flow(self))

    # ------------------------------------------------------------------ flow
    def _start(self, flow: Iterator[Decision]) -> None:
        self._flow = flow
        self.invalidate()   # (a board the caller filled)
        self._advance(None)

    def start_at(self, turn: int, turn_player: int, phase: str, first_player: int | None = None) -> None:
        """Start a game whose areas the caller has filled (scenarios), at ``phase``."""
        from fecipher.engine.phases import turns_flow
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}; phases are {', '.join(PHASES)}")
        self.turn = turn
        self.turn_player = turn_player
        self.first_player = turn_player if first_player is None else first_player
        self._start(turns_flow(self, phase))

    def _advance(self, answer: Option | None) -> None:
        assert self._flow is not None
        # Values are asked afresh after an answer; what follows from the field alone
        # is kept (every primitive that changes the field forgets it; a board changed
        # by hand calls invalidate()).
        if self._cache:
            self._cache = {}
        try:
            if answer is None:
                self.decision = next(self._flow)
            else:
                self.decision = self._flow.send(answer)
        except (StopIteration, GameOverSignal):
            self.decision = None
            if not self.over:
                self._end(None, "the game stopped")

    # ------------------------------------------------------------------ API
    def legal_options(self) -> tuple[Option, ...]:
        return self.decision.options if self.decision else ()

    def why_illegal(self, option: Option) -> str | None:
        """The reason ``option`` would be refused now, or None if it is legal."""
        if self.over or self.decision is None:
            return "the game is over"
        if option in self.decision.options:
            return None
        from fecipher.engine.refusals import explain
        return explain(self, option)

    def answer(self, option: Option | int, player: int | None = None) -> None:
        """Answer the pending decision with one of its options (or its index).

        Anything else raises :class:`IllegalAnswer` with the reason, and the game is
        unchanged.
        """
        d = self.decision
        if self.over or d is None:
            raise IllegalAnswer("the game is over")
        if player is not None and player != d.player:
            raise IllegalAnswer(f"it is player {d.player + 1}'s decision, not player {player + 1}'s")
        if isinstance(option, bool) or not isinstance(option, (int, Option)):
            raise IllegalAnswer(f"an answer is an option or its number, not {option!r}")
        if isinstance(option, int):
            if not 0 <= option < len(d.options):
                raise IllegalAnswer(f"option number {option} is out of range 0-{len(d.options) - 1}")
            index = option
        else:
            # Agents usually hand back one of the offered objects: found by identity
            # before comparing values (an equal option made elsewhere is as good).
            for index, o in enumerate(d.options):
                if o is option:
                    break
            else:
                try:
                    index = d.options.index(option)
                except ValueError:
                    index = self._equivalent(option)
                    if index is None:
                        raise IllegalAnswer(self.why_illegal(option) or "not a legal option") from None
        self.answers.append(index)
        self._advance(d.options[index])

    def _equivalent(self, option: Option) -> int | None:
        """Identical copies in the hand are offered once; another copy of the same
        card stands for the one offered."""
        if option.card is None or option.card not in self._copies or self.decision is None:
            return None
        copy = self._copies[option.card]
        if copy not in self.players[copy.owner].hand:
            return None
        for i, o in enumerate(self.decision.options):
            if (o.card is not None and o.card in self._copies and self._copies[o.card].card is copy.card
                    and self._copies[o.card].owner == copy.owner
                    and attrs.evolve(o, card=option.card) == option):
                return i
        return None

    def concede(self, player: int) -> None:
        """A player concedes; the opponent wins at once."""
        if self.over:
            raise IllegalAnswer("the game is over")
        self.emit(ev.Conceded(player))
        self._end(1 - player, f"player {player + 1} conceded")
        self.decision = None

    # ------------------------------------------------------------------ events
    def invalidate(self) -> None:
        """Forget computed values: call after any change that publishes no event
        (a board set up or changed by hand included)."""
        if self._cache:
            self._cache = {}
        if self._field_cache:
            self._field_cache = {}

    def _values_changed(self) -> None:
        """Forget values but not what follows from the field alone (see
        ``_field_cache``): a battle beginning or ending, or a skill being used,
        changes values ("during a battle", "once per turn") but not which units,
        top cards and stacks are on the field."""
        if self._cache:
            self._cache = {}

    def _field_changed(self) -> None:
        """Forget the values that follow from the field (see ``_field_cache``):
        every primitive that changes a line, a unit's stack or its class change
        calls it, as do changes of the modifiers and of the registered skills."""
        if self._field_cache:
            self._field_cache = {}

    def emit(self, event: ev.Event) -> None:
        if self._cache:
            self._cache = {}
        self.events.append(event)
        bus = self.bus
        if bus._any or bus._after:   # (a game without subscribers publishes to no one)
            bus.publish(self, event)
        if type(event) in self._trigger_types:
            _collect_triggers(self, event)

    def propose_asking(self, event: ev.Event) -> Iterator[Decision]:
        """Like :meth:`propose`, where a decision may be asked: an optional
        replacement ("you may ... instead") asks its controller first. Returns the
        event (maybe changed) or None if prevented."""
        if type(event) in self._replacement_types:
            from fecipher.engine.resolution import apply_replacements_asking
            event = yield from apply_replacements_asking(self, event)
            if event is None:
                return None
        return self.bus.propose(self, event)

    def propose(self, event: ev.Event) -> ev.Event | None:
        """Offer a change to before-handlers and skills' replacements."""
        if type(event) in self._replacement_types:
            from fecipher.engine.resolution import apply_replacements
            event = apply_replacements(self, event)
            if event is None:
                return None
        return self.bus.propose(self, event)

    def _end(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.reason = reason
        # What the game remembered to go faster is not kept with a finished game.
        self._unit_ces = {}
        self._field_ces = {}
        self._field_cache = {}
        self.events.append(ev.GameOver(winner, reason))
        self.bus.publish(self, self.events[-1])

    def lose(self, player: int, reason: str) -> None:
        self._end(1 - player, reason)
        raise GameOverSignal()

    # ------------------------------------------------------------------ lookups
    def new_copy(self, card: Card, owner: int) -> CardCopy:
        c = CardCopy(self._next_id, card, owner)
        self._next_id += 1
        self._copies[c.id] = c
        self.register_card(card)
        return c

    def register_card(self, card: Card) -> None:
        """Index the event types this card's skills listen to (triggers, replacements)
        and the stats its continuous skills change."""
        if card in self._registered:
            return
        self._registered.add(card)
        for s in card.skills + ((card.support_skill,) if card.support_skill else ()):
            self.register_skill(s)

    def register_skill(self, s: Skill) -> None:
        if s in self._registered:
            return
        self._registered.add(s)
        self._field_changed()   # (the stats skills change, DB: what field values depend on)
        if s.has_keyword("DB"):
            self._dragon_blood = True
        if s.kind is SkillKind.BOND:
            self._bond_skills = True
        elif s.kind is SkillKind.HAND:
            self._hand_skills = True
        for c in s.continuous:
            self._live_stats.add(c.stat)
        for t in s.triggers:
            self._trigger_types.add(t.event_type)
            self._listeners.setdefault(t.event_type, set()).add(s)
        for r in s.replacements:
            self._replacement_types.add(r.event_type)
        for c in s.continuous:
            if c.stat == M.SKILLS and not callable(c.value):
                vals = c.value if isinstance(c.value, (tuple, list, frozenset, set)) else (c.value,)
                for g in vals:
                    if isinstance(g, Skill):
                        self.register_skill(g)

    def new_unit(self, owner: int, cards: list[CardCopy], area: str) -> Unit:
        u = Unit(self._next_id, owner, cards, area, deployed_turn=self.turn)
        self._next_id += 1
        self._units[u.id] = u
        return u

    def unit(self, unit_id: int | None) -> Unit | None:
        if unit_id is None:
            return None
        u = self._units.get(unit_id)
        return u

    def copy(self, card_id: int) -> CardCopy:
        return self._copies[card_id]

    def all_units(self) -> list[Unit]:
        return self.players[0].units + self.players[1].units

    def opponent(self, player: int) -> int:
        return 1 - player

    def locate(self, copy: CardCopy) -> tuple[str, Any]:
        """Where a card is: (area, container); for the field, the unit. (A card is
        in one place: the long deck is looked through last.)"""
        p = self.players[copy.owner]
        cid = copy.id
        for area in (HAND, RETREAT, SUPPORT, BOUNDLESS):
            cards = getattr(p, area)
            # ``copy in cards``, comparing ids before whole copies.
            for c in cards:
                if c is copy or (c.id == cid and c == copy):
                    return area, cards
        for b in p.bonds:
            if b.copy is copy:
                return BONDS, b
        for o in p.orbs:
            if o.copy is copy:
                return ORBS, o
        for pl in self.players:
            for u in pl.units:
                if copy in u.cards:
                    return "field", u
        deck = p.deck
        for c in deck:
            if c is copy or (c.id == cid and c == copy):
                return DECK, deck
        raise KeyError(f"card #{copy.id} is nowhere")

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
        """The deployment cost a unit has (its top card's, or the copied card's)."""
        return self.base_card(unit).cost

    def attack(self, unit: Unit) -> int:
        return M.compute_number(self, unit, M.ATTACK, self.base_card(unit, "attack").attack)

    def support_power(self, unit: Unit, card: CardCopy) -> int:
        """The support power ``card`` lends to its battling ``unit``."""
        return M.compute_number(self, unit, M.SUPPORT, card.card.support, card=card)

    def ranges(self, unit: Unit) -> frozenset[int]:
        mods = self._mods_by_stat
        if M.RANGES not in mods and M.RANGES not in self._live_stats and M.COPY not in mods:
            return frozenset(unit.cards[0].card.ranges)   # printed (as compute_set answers)
        return M.compute_set(self, unit, M.RANGES, self.base_card(unit).ranges)

    def types(self, unit: Unit) -> frozenset[str]:
        return M.compute_set(self, unit, M.TYPES, self.base_card(unit).all_types)

    def symbols(self, unit: Unit) -> frozenset:
        return M.compute_set(self, unit, M.SYMBOLS, frozenset(self.base_card(unit).symbols))

    def unit_names(self, unit: Unit) -> frozenset[str]:
        """The unit name and every alias (rule 14)."""
        mods = self._mods_by_stat
        if M.UNIT_NAMES not in mods and M.UNIT_NAMES not in self._live_stats and M.COPY not in mods:
            return card_unit_names(unit.cards[0].card)   # printed (as compute_set answers)
        return M.compute_set(self, unit, M.UNIT_NAMES, card_unit_names(self.base_card(unit, "name")))

    def skills_of(self, unit: Unit) -> tuple[Skill, ...]:
        base = self.base_card(unit).skills
        if self._dragon_blood and any(s.has_keyword("DB") for s in base):
            base = base + self._shared_dragon_blood(unit, base)
        if self._printed_skills():
            return base   # nothing in this game gives or takes away skills
        granted = M.compute_set(self, unit, M.SKILLS, frozenset())
        out = base
        if granted:
            out = base + tuple(sorted((s for s in granted if s not in base), key=lambda s: s.name))
        lost = M.compute_set(self, unit, M.LOST_SKILLS, frozenset())
        if lost:  # a lost skill is lost whether printed or acquired (it cannot be acquired again)
            out = tuple(s for s in out if s.name not in lost)
        return out

    def _shared_dragon_blood(self, unit: Unit, own: tuple[Skill, ...]) -> tuple[Skill, ...]:
        """DB (Dragon Blood): a DB skill is shared among allies that have a DB skill:
        each such unit also has the DB skills printed on the others."""
        out: list[Skill] = []
        names = {s.name for s in own}
        for ally in self.players[unit.owner].units:
            if ally is unit:
                continue
            printed = self.base_card(ally).skills
            if not any(s.has_keyword("DB") for s in printed):
                continue
            for s in printed:
                if s.has_keyword("DB") and s.name not in names:
                    out.append(s)
                    names.add(s.name)
        return tuple(out)

    def orbs_broken_by(self, unit: Unit) -> int:
        return M.compute_number(self, unit, M.ORBS, 1)

    def flag(self, unit: Unit, flag: str, **ctx: Any) -> bool:
        if flag not in self._mods_by_stat and flag not in self._live_stats:
            return False   # nothing in this game can set it now (as compute_flag answers)
        return M.compute_flag(self, unit, flag, **ctx)

    def modifiers_for(self, stat: str) -> list[Modifier]:
        return self._mods_by_stat.get(stat, ())  # type: ignore[return-value]

    def _printed_skills(self) -> bool:
        """No modifier and no continuous skill of this game gives or takes away
        skills: every unit has the skills printed on its card (and DB sharing)."""
        live, mods = self._live_stats, self._mods_by_stat
        return (M.SKILLS not in live and M.SKILLS not in mods
                and M.LOST_SKILLS not in live and M.LOST_SKILLS not in mods)

    def _continuous_sources(self, stat: str) -> list[tuple[Any, SkillContext]]:
        """The continuous effects on ``stat`` of every active CONT skill, with their
        contexts, remembered until the state changes. A skill granted by a CONT
        skill ("acquires ...") counts too; skills are read from the printed card
        when the question is which skills a unit has, so that it cannot loop."""
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
        if (printed or self._printed_skills()) and not self._dragon_blood and M.COPY not in self._mods_by_stat:
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
        if (not printed and not self._dragon_blood and M.COPY not in mods
                and M.LOST_SKILLS not in self._live_stats and M.LOST_SKILLS not in mods):
            self._given_skill_sources(out)
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

    def _skill_sources_by_unit(self, out: dict[str, list], printed: bool) -> None:
        """Add to ``out`` (lists by stat) the continuous effects of every unit's
        active CONT skills on its stats, unit by unit, skill by skill."""
        for src in self.players[0].units + self.players[1].units:
            skills = self.base_card(src).skills if printed else self.skills_of(src)
            for skill in skills:
                if skill.kind is not SkillKind.CONTINUOUS or not skill.continuous:
                    continue
                ces = [ce for ce in skill.continuous if ce.stat in out]
                if not ces or not keyword_allows(skill, src):
                    continue
                ctx = SkillContext(self, skill, src.owner, src.top, src.id)
                for ce in ces:
                    out[ce.stat].append((ce, ctx))

    def _no_printed_source(self, stat: str) -> bool:
        """True when no continuous skill can change ``stat`` now because, with
        printed skills only (no DB sharing, no copy), no unit's top card has a CONT
        skill on it: :meth:`_continuous_sources` would find none (told without
        looking at the field's skills one by one). False when that is not known."""
        if not self._printed_skills() or self._dragon_blood or M.COPY in self._mods_by_stat:
            return False
        stats = self._field_cache.get(_FIELD_STATS)
        if stats is None:
            stats = set()
            for p in self.players:
                for line in (p.front, p.back):
                    for u in line:
                        stats |= card_continuous_stats(u.cards[0].card)
            self._field_cache[_FIELD_STATS] = stats
        return stat not in stats

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
                if op == "add" and v:
                    if isinstance(src, Modifier):
                        out.append(f"{src.source or src.text or 'effect'} {v:+d}")
                    elif live:
                        out.append(f"{src.skill.name} {v:+d}")
            return tuple(out)
        for mod in self.modifiers_for(M.ATTACK):
            if mod.op == "add" and mod.reaches(self, unit):
                v = mod.value(self, unit) if callable(mod.value) else mod.value
                if v:
                    out.append(f"{mod.source or mod.text or 'effect'} {v:+d}")
        checked: dict[int, bool] = {}
        for ce, ctx in self._continuous_sources(M.ATTACK) if M.ATTACK in self._live_stats else ():
            if ce.op != "add" or not ce.applies(ctx, unit):
                continue
            sk = ctx.skill
            if sk.condition is not None:
                ok = checked.get(id(ctx))
                if ok is None:
                    ok = checked[id(ctx)] = bool(sk.condition(ctx))
                if not ok:
                    continue
            v = ce.value(ctx, unit) if callable(ce.value) else ce.value
            if v:
                out.append(f"{sk.name} {v:+d}")
        return tuple(out)

    # ------------------------------------------------------------------ modifiers
    def add_modifier(self, mod: Modifier) -> None:
        if mod.stat in _SKILL_MOD_STATS:
            self._field_changed()   # (whether units have their printed skills, a copy)
        self.modifiers.append(mod)
        self._mods_by_stat.setdefault(mod.stat, []).append(mod)
        if mod.stat == M.SKILLS:
            vals = mod.value if isinstance(mod.value, (tuple, list, frozenset, set)) else (mod.value,)
            for s in vals:
                if isinstance(s, Skill):
                    self.register_skill(s)
        u = self.unit(mod.unit)
        self.emit(ev.ModifierAdded(mod.controller, mod.unit, mod.text or f"{mod.stat} {mod.op} {mod.value}",
                                   mod.duration))

    def expire_modifiers(self, moment: str) -> None:
        keep = [m for m in self.modifiers if not M.expired(m, self, moment)]
        if len(keep) != len(self.modifiers):
            self._set_modifiers(keep)

    def _set_modifiers(self, mods: list[Modifier]) -> None:
        if any(m.stat in _SKILL_MOD_STATS for m in self.modifiers):
            self._field_changed()   # (as add_modifier: one of them may be leaving)
        self._values_changed()
        self.modifiers = mods
        self._mods_by_stat = {}
        for m in mods:
            self._mods_by_stat.setdefault(m.stat, []).append(m)

    def _drop_unit_modifiers(self, unit_id: int) -> None:
        if any(m.unit == unit_id for m in self.modifiers):
            self._set_modifiers([m for m in self.modifiers if m.unit != unit_id])

    # ------------------------------------------------------------------ primitives: cards
    def ensure_deck(self, player: int) -> None:
        """Rule 7: an empty deck is at once replaced by the shuffled Retreat Area."""
        p = self.players[player]
        if not p.deck and p.retreat:
            p.deck = list(p.retreat)
            p.retreat.clear()
            self.rng.shuffle(p.deck)
            self.emit(ev.Reshuffled(player, len(p.deck)))

    def draw(self, player: int, n: int = 1) -> list[CardCopy]:
        drawn = []
        p = self.players[player]
        for _ in range(n):
            self.ensure_deck(player)
            if not p.deck:
                break
            c = p.deck.pop(0)
            p.hand.append(c)
            drawn.append(c)
            self.emit(ev.Drew(player, c.id, c.card.name))
            self.ensure_deck(player)
        return drawn

    def take_from_deck_top(self, player: int) -> CardCopy | None:
        """Remove and return the top card of a deck (for support, orbs ...), reshuffling first."""
        self.ensure_deck(player)
        p = self.players[player]
        if not p.deck:
            return None
        c = p.deck.pop(0)
        self.ensure_deck(player)
        return c

    def _remove_card(self, copy: CardCopy) -> str:
        area, where = self.locate(copy)
        p = self.players[copy.owner]
        if area == BONDS:
            p.bonds.remove(where)
        elif area == ORBS:
            p.orbs.remove(where)
        elif area == "field":
            unit = where
            unit.cards.remove(copy)
            self._field_changed()
            if not unit.cards:
                self._remove_unit_object(unit)
                self._emptied_unit = unit
        else:
            where.remove(copy)
        return area

    def move_card(self, copy: CardCopy, dest: str, *, by_skill: bool = False,
                  face_up: bool = True, bottom: bool = False) -> None:
        """Move one card between areas (not onto the field: see :meth:`deploy`).

        Moving a unit's only card takes the unit off the field (UnitLeftField,
        then a march if due), as :meth:`remove_unit` does."""
        self._emptied_unit = None
        src = self._remove_card(copy)
        emptied, self._emptied_unit = self._emptied_unit, None
        p = self.players[copy.owner]
        if dest == BONDS:
            p.bonds.append(Bond(copy, face_up))
        elif dest == ORBS:
            p.orbs.append(Orb(copy, face_up=False))
        elif dest == DECK:
            if bottom:
                p.deck.append(copy)
            else:
                p.deck.insert(0, copy)
        else:
            getattr(p, dest).append(copy)
        self.emit(ev.CardMoved(copy.owner, copy.id, copy.card.name, src, dest, by_skill))
        if dest == BONDS:
            self.emit(ev.BondPlaced(copy.owner, copy.id, copy.card.name, face_up, by_skill))
        if src == DECK or dest == RETREAT:
            self.ensure_deck(copy.owner)
        if emptied is not None:
            self.emit(ev.UnitLeftField(emptied.owner, emptied.id, copy.card.name, dest, (copy.id,)))
            self.check_march()

    def flip_bond(self, bond: Bond, face_up: bool) -> None:
        bond.face_up = face_up
        self.emit(ev.BondFlipped(bond.copy.owner, bond.copy.id, bond.copy.card.name, face_up))

    def flip_orb(self, orb: Orb, face_up: bool) -> None:
        orb.face_up = face_up
        self.emit(ev.OrbFlipped(orb.copy.owner, orb.copy.id, face_up))

    def shuffle_deck(self, player: int) -> None:
        self.rng.shuffle(self.players[player].deck)
        self.emit(ev.Shuffled(player, DECK))

    # ------------------------------------------------------------------ primitives: units
    def deploy(self, copy: CardCopy, area: str, *, by_skill: bool = False, tapped: bool = False,
               cost: int = 0, skill: str = "") -> Unit:
        """Put a card onto the field as a new unit."""
        self._remove_card(copy)
        unit = self.new_unit(copy.owner, [copy], area)
        unit.tapped = tapped
        self.players[copy.owner].line(area).append(unit)
        self._field_changed()
        self.emit(ev.Deployed(copy.owner, unit.id, copy.id, copy.card.name, area, cost, by_skill or bool(skill),
                              skill))
        return unit

    def place_on_unit(self, copy: CardCopy, unit: Unit, *, class_change: bool, by_skill: bool = False,
                      cost: int = 0, skill: str = "") -> None:
        """Level up (or class change) ``unit`` with ``copy`` on top of its stack.

        A class change draws one card (the class-change bonus) before the
        ClassChanged event, so "when class changed" skills come after the draw.
        """
        self._remove_card(copy)
        unit.cards.insert(0, copy)
        self._field_changed()
        if class_change:
            # (A level up keeps a class-changed unit class changed: 004, "counted as promoted".)
            unit.class_changed = True
            self.draw(unit.owner, 1)
            self.emit(ev.ClassChanged(unit.owner, unit.id, copy.id, copy.card.name, cost, by_skill or bool(skill),
                                      skill))
        else:
            self.emit(ev.LeveledUp(unit.owner, unit.id, copy.id, copy.card.name, cost, by_skill or bool(skill),
                                   skill=skill))

    def grow(self, copy: CardCopy, unit: Unit) -> None:
        """Growth: a card put under a unit. The unit is levelled up, nothing triggers as a level up."""
        self._remove_card(copy)
        unit.cards.append(copy)
        self._field_changed()
        if unit.card.is_promoted:
            # 001 (成長): a grown unit counts as levelled up (class changed): with a
            # class-change card on top it is class changed, with no draw.
            unit.class_changed = True
        self.emit(ev.LeveledUp(unit.owner, unit.id, copy.id, copy.card.name, 0, True, growth=True))

    def tap(self, unit: Unit, *, by_skill: bool = False) -> None:
        if not unit.tapped:
            unit.tapped = True
            self.emit(ev.Tapped(unit.owner, unit.id, unit.name, by_skill))

    def untap(self, unit: Unit, *, by_skill: bool = False) -> None:
        if unit.tapped and not self.flag(unit, M.CANNOT_UNTAP):
            unit.tapped = False
            self.emit(ev.Untapped(unit.owner, unit.id, unit.name, by_skill))

    def move_unit(self, unit: Unit, *, by_skill: bool = False) -> bool:
        """Move a unit to the other line. Returns False if something prevented it."""
        if by_skill and self.flag(unit, M.CANNOT_BE_MOVED_BY_SKILLS):
            return False
        if self.flag(unit, M.CANNOT_MOVE):
            return False
        dest = BACK if unit.area == FRONT else FRONT
        e = self.propose(ev.Moved(unit.owner, unit.id, unit.name, unit.area, dest, by_skill))
        if e is None:
            return False
        p = self.players[unit.owner]
        p.line(unit.area).remove(unit)
        unit.area = dest
        p.line(dest).append(unit)
        self._field_changed()
        self.emit(e)
        self.check_march()
        return True

    def check_march(self) -> None:
        """Rule 2: the non-turn player with an empty Front Line marches at once."""
        if self.phase == "setup":
            return
        player = 1 - self.turn_player
        p = self.players[player]
        if p.front or not p.back:
            return
        moved = list(p.back)
        p.back.clear()
        for u in moved:
            u.area = FRONT
            p.front.append(u)
        self._field_changed()
        self.emit(ev.Marched(player, tuple(u.id for u in moved)))

    def _remove_unit_object(self, unit: Unit) -> None:
        p = self.players[unit.owner]
        if unit in p.front:
            p.front.remove(unit)
        elif unit in p.back:
            p.back.remove(unit)
        self._units.pop(unit.id, None)
        self._field_changed()
        self._drop_unit_modifiers(unit.id)

    def remove_unit(self, unit: Unit, dest: str = RETREAT, *, by_skill: bool = False) -> None:
        """A unit leaves the field: its whole stack goes to ``dest``."""
        p = self.players[unit.owner]
        cards = list(unit.cards)
        self._remove_unit_object(unit)
        if dest == HAND:
            p.hand.extend(cards)
        elif dest == DECK:
            p.deck[0:0] = cards
        elif dest == BONDS:
            p.bonds.extend(Bond(c, True) for c in cards)
        else:
            getattr(p, dest).extend(cards)
        self.emit(ev.UnitLeftField(unit.owner, unit.id, unit.card.name, dest, tuple(c.id for c in cards)))
        if dest == RETREAT:
            self.ensure_deck(unit.owner)
        self.check_march()

    def destroy(self, unit: Unit, *, by_player: int, in_battle: bool,
                by_unit: Unit | None = None, skill: str | None = None) -> Iterator[Decision]:
        """Destroy a unit (rule 4 and 6). An MC stays on the field and breaks orbs.

        Returns True when the unit was destroyed (not prevented).
        """
        if self.flag(unit, M.CANNOT_BE_DESTROYED):
            return False
        if not in_battle and self.flag(unit, M.CANNOT_BE_DESTROYED_BY_SKILLS):
            return False
        e = self.propose(ev.UnitDestroyed(unit.owner, unit.id, unit.card.name, unit.is_main_character,
                                          in_battle, by_player, by_unit.id if by_unit else None, skill))
        if e is None:
            return False
        self.emit(e)
        if unit.is_main_character:
            count = self.orbs_broken_by(by_unit) if (by_unit is not None and in_battle) else 1
            yield from self.break_orbs(unit.owner, count, by_unit.id if by_unit else None)
        elif self.unit(unit.id) is unit:
            self.remove_unit(unit, e.dest)   # a replacement may send it elsewhere ("instead")
        return True

    def change_defender(self, unit: Unit) -> bool:
        """The attack in progress now targets ``unit`` ("this unit is attacked
        instead"): an ally of the defender that is on the field. Range is not
        checked again; "when attacked" skills do not trigger again. Returns False
        when there is no battle or nothing changed (or a replacement prevented it)."""
        b = self.battle
        if b is None or self.unit(unit.id) is not unit or unit.id == b.defender:
            return False
        old = self.unit(b.defender)
        attacker = self.unit(b.attacker)
        if old is None or attacker is None or unit.owner != old.owner:
            return False
        if self.flag(unit, M.CANNOT_BE_ATTACKED, attacker=attacker):
            return False
        e = self.propose(ev.DefenderChanged(b.attacking_player, b.attacker, old.id, unit.id, unit.card.name))
        if e is None:
            return False
        b.defender = unit.id
        self.emit(e)
        return True

    def break_orbs(self, player: int, count: int, by_unit: int | None = None) -> Iterator[Decision]:
        """Rule 4: the owner puts ``count`` orbs into the hand, one chosen at a time.
        With no orb left when the MC is destroyed, that player loses."""
        e = self.propose(ev.OrbsBreaking(player, count, by_unit))
        if e is None:
            return
        assert isinstance(e, ev.OrbsBreaking)
        p = self.players[player]
        if not p.orbs:
            self.emit(e)
            self.lose(player, f"player {player + 1}'s Main Character was destroyed with no orb left")
        self.emit(e)
        for _ in range(max(0, e.count)):
            if not p.orbs:
                break
            from fecipher.engine.decisions import BREAK_ORB, CARD
            if len(p.orbs) == 1:
                orb = p.orbs[0]
            else:
                opts = tuple(
                    Option(CARD, card=o.copy.id,
                           label=(f"orb {i + 1} ({o.copy.card.name}, face-up)" if o.face_up else f"orb {i + 1} (face-down)"))
                    for i, o in enumerate(p.orbs))
                ans = yield Decision(player, BREAK_ORB, "Choose an orb to break (it goes to your hand)", opts)
                orb = next(o for o in p.orbs if o.copy.id == ans.card)
            self.orb_to_hand(orb)

    def destroy_orbs(self, owner: int, count: int, chooser: int, prompt: str) -> Iterator[Decision]:
        """A skill destroys ``count`` of ``owner``'s orbs (as a cost or as an effect),
        ``chooser`` choosing each: it goes to its owner's hand as a broken orb does
        (rule 4). Destroying the last orb does not by itself end the game."""
        from fecipher.engine.decisions import CARD, choose
        p = self.players[owner]
        for _ in range(count):
            if not p.orbs:
                break
            if len(p.orbs) > 1:
                opts = [Option(CARD, card=o.copy.id, label=(o.copy.card.name if o.face_up else f"orb {i + 1} (face-down)"))
                        for i, o in enumerate(p.orbs)]
                picked = yield from choose(chooser, prompt, opts)
                orb = next(o for o in p.orbs if o.copy.id == picked[0].card)
            else:
                orb = p.orbs[0]
            self.orb_to_hand(orb)

    def orb_to_hand(self, orb: Orb) -> None:
        """An orb, broken or destroyed, goes to its owner's hand (rule 4)."""
        owner = orb.copy.owner
        p = self.players[owner]
        p.orbs.remove(orb)
        p.hand.append(orb.copy)
        self.emit(ev.OrbBroken(owner, orb.copy.id, len(p.orbs)))

    def set_main_character(self, unit: Unit) -> None:
        for u in self.players[unit.owner].units:
            u.is_main_character = False
        unit.is_main_character = True
        self._field_changed()
        self.emit(ev.MainCharacterChanged(unit.owner, unit.id, unit.card.name))

    # ------------------------------------------------------------------ skill use bookkeeping
    def use_key(self, ctx: SkillContext) -> tuple:
        return (ctx.unit_id if ctx.unit_id is not None else ("card", ctx.source.id), ctx.skill.name)

    def uses_this_turn(self, ctx: SkillContext) -> int:
        return self.skill_uses.get((self.turn,) + self.use_key(ctx), 0)

    def uses_this_game(self, ctx: SkillContext) -> int:
        return self.skill_uses.get(("game", ctx.controller, ctx.source.card.name, ctx.skill.name), 0)

    def note_use(self, ctx: SkillContext) -> None:
        self._values_changed()
        k = (self.turn,) + self.use_key(ctx)
        self.skill_uses[k] = self.skill_uses.get(k, 0) + 1
        g = ("game", ctx.controller, ctx.source.card.name, ctx.skill.name)
        self.skill_uses[g] = self.skill_uses.get(g, 0) + 1

    # ------------------------------------------------------------------ misc
    def card_count(self, player: int) -> int:
        return self.players[player].card_count()

    def phase_label(self) -> str:
        return self.phase


def _collect_triggers(game: Game, event: ev.Event) -> None:
    # resolution imports this module: bound on first use, then called directly.
    global _collect_triggers
    from fecipher.engine.resolution import collect_triggers
    _collect_triggers = collect_triggers
    collect_triggers(game, event)


@functools.lru_cache(maxsize=4096)
def can_be_placed_in_bonds(card: Card) -> bool:
    """A SPEC rule ("this card cannot be placed in the Bond Area") forbids it.
    (Remembered per card: a card's printed facts never change.)"""
    return not any("cannot_bond" in s.rules for s in card.skills)


@functools.lru_cache(maxsize=4096)
def card_continuous_skills(card: Card) -> tuple[Skill, ...]:
    """The card's printed continuous skills that change some value (remembered per
    card: a card's printed facts never change)."""
    return tuple(s for s in card.skills if s.kind is SkillKind.CONTINUOUS and s.continuous)


@functools.lru_cache(maxsize=4096)
def card_continuous_stats(card: Card) -> frozenset[str]:
    """The stats the card's printed continuous skills change (remembered per card)."""
    return frozenset(ce.stat for s in card_continuous_skills(card) for ce in s.continuous)


@functools.lru_cache(maxsize=4096)
def card_unit_names(card: Card) -> frozenset[str]:
    """A card's unit name plus the aliases its SPEC skills give it (rule 14).
    (A card's printed facts never change: remembered per card.)"""
    names = {card.unit_name}
    for s in card.skills:
        if s.rules:
            names.update(s.aliases)
    return frozenset(names)
