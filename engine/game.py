"""The game: its state, its flow and the decision API.

A :class:`Game` is a function of its seed, its two decks and the answers given to
it. It runs until a player must decide, exposes :attr:`Game.decision` with every
legal option, and resumes in :meth:`Game.answer`. Rules live in the modules named
after them (:mod:`.setup`, :mod:`.phases`, :mod:`.deployment`, :mod:`.battle`,
:mod:`.resolution`); the primitive changes of the areas that every rule and every
skill goes through are in :mod:`.moves`, and computed values with their caches in
:mod:`.values` (both bases of :class:`Game`). This module holds the state, the flow
(events, proposals, the end of the game) and the integrator's API.
"""
from __future__ import annotations

import random
import reprlib
from typing import TYPE_CHECKING, Any, Iterator, Protocol

import attrs

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.bus import EventBus
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.decisions import Decision, IllegalAnswer, Option
from fecipher.engine.modifiers import Modifier
from fecipher.engine.moves import Moves
from fecipher.engine.values import _PRINTED_SKILL_STATS, Values
from fecipher.engine.card_values import CardValues
from fecipher.engine.skills import DRAGON_BLOOD_RESONANCE, Skill, SkillContext, SkillKind
from fecipher.engine.snapshot import at_restart_point
from fecipher.engine.state import (
    BONDS, BOUNDLESS, DECK, HAND, ORBS, RETREAT, SUPPORT, PlayerState, Unit,
)

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.jsontypes import JSONObject
    from fecipher.engine.view import PlayerView

PHASES = ("beginning", "bond", "deployment", "action", "end")


class CardLookup(Protocol):
    """Where decks find their cards by code (a pack's card pool is one)."""

    def find(self, ref: str) -> Card | None: ...


class GameOverSignal(Exception):
    """Raised inside the flow when the game ends; caught by :meth:`Game._advance`."""


class BadArgument(ValueError):
    """An argument that cannot set up or start a game (a seed that is not an integer,
    a player that is not 0 or 1, a phase that does not exist, a game started twice).
    ``reason`` says which; nothing was changed."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _describe(value: Any) -> str:
    """A short, safe description of any object an integrator passed (its own
    ``__repr__`` may be long or may fail)."""
    try:
        return reprlib.repr(value)
    except Exception:
        return f"a {type(value).__name__} object"


def _is_player(value: Any) -> bool:
    return type(value) is int and value in (0, 1)


_NO_LIMIT = 1 << 62   # the event limit outside the flow (a board filled by hand, a benchmark)

_OPTION_INT_FIELDS = ("card", "unit", "target")
_OPTION_STR_FIELDS = ("area", "skill")


def _malformed_option(option: Option) -> str | None:
    """Why ``option`` is not a well-formed Option (fields of the wrong types), or None."""
    if type(option.kind) is not str:
        return f"an option's kind is a string, not {_describe(option.kind)}"
    for name in _OPTION_INT_FIELDS:
        v = getattr(option, name)
        if v is not None and type(v) is not int:
            return f"an option's {name} is an id (an integer) or None, not {_describe(v)}"
    for name in _OPTION_STR_FIELDS:
        v = getattr(option, name)
        if v is not None and type(v) is not str:
            return f"an option's {name} is a string or None, not {_describe(v)}"
    if type(option.label) is not str:
        return f"an option's label is a string, not {_describe(option.label)}"
    return None


@attrs.frozen
class Deck:
    """A deck: its cards (the Main Character's card included) and which one is the MC."""

    name: str
    cards: tuple[Card, ...]
    main_character: Card

    def to_json(self) -> "JSONObject":
        """The deck as JSON values: its name, the Main Character's code and every card's code."""
        return {"name": self.name, "main_character": self.main_character.code,
                "cards": [c.code for c in self.cards]}

    @classmethod
    def from_json(cls, data: object, pool: CardLookup) -> "Deck":
        """The deck that :meth:`to_json` wrote (card codes), looked up in ``pool``.

        Raises ``ValueError`` naming what is wrong: not a deck object, or card codes
        the pool does not know."""
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise ValueError("a deck is an object with 'name', 'main_character' and 'cards'")
        codes = [*data["cards"], data.get("main_character")]
        missing = sorted({str(code) for code in codes if pool.find(str(code)) is None})
        if missing:
            raise ValueError(f"unknown card codes {', '.join(missing)} in deck {data.get('name')!r}")
        cards = tuple(pool.find(str(code)) for code in data["cards"])
        return cls(str(data.get("name", "deck")), cards, pool.find(str(data["main_character"])))  # type: ignore[arg-type]


class Game(Values, Moves, CardValues):
    """A game of Fire Emblem 0 between two decks.

    Every public method refuses an argument it cannot take with
    :class:`IllegalAnswer` (answers, concessions) or :class:`BadArgument` (setting
    up, starting) and a reason, and the game is then unchanged.

    Every game ends (engine decision 17): a chain of automatic skills each
    triggered by the one before stops at :attr:`max_trigger_depth` skills, one
    decision may be followed by at most :attr:`max_events_per_decision` events, one
    turn may take at most :attr:`max_decisions_per_turn` decisions, and the turn
    limit is checked at every decision. Past a limit the engine publishes
    :class:`~fecipher.engine.events.LoopStopped` and the game ends with no winner.

    >>> game = Game(deck1, deck2, seed=7)          # doctest: +SKIP
    >>> game.decision.options                       # doctest: +SKIP
    >>> game.answer(game.decision.options[0])       # doctest: +SKIP
    """

    # Engine decision 17. No chain of skills of a real game comes near these (the
    # longest in the card pool is a handful), so they change no game that ends.
    max_trigger_depth = 100
    max_events_per_decision = 10_000
    max_decisions_per_turn = 5_000

    def __init__(self, deck1: Deck | None, deck2: Deck | None, seed: int = 0,
                 first_player: int | None = None, *, max_turns: int = 300,
                 start: bool = True, check_decks: bool = True) -> None:
        if type(seed) is not int:
            raise BadArgument(f"a seed is an integer, not {_describe(seed)}")
        if first_player is not None and not _is_player(first_player):
            raise BadArgument(f"the first player is 0, 1 or None (drawn), not {_describe(first_player)}")
        if type(max_turns) is not int or max_turns < 0:
            raise BadArgument(f"max_turns is a whole number of turns, not {_describe(max_turns)}")
        for d in (deck1, deck2):
            if d is not None and not isinstance(d, Deck):
                raise BadArgument(f"a deck is a Deck (or None for a board filled by hand), not {_describe(d)}")
            if d is None and start:
                raise BadArgument("a game started at once needs two decks (start=False to fill the board by hand)")
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
        # The phases still to come in this turn, and those played so far (a skill may
        # add phases: engine/phases.py add_phases). None: no turn has begun.
        self.phases_left: list[str] | None = None
        self.phases_played: list[str] = []
        self.battle: Any = None
        self.modifiers: list[Modifier] = []
        self.pending_triggers: list[Any] = []
        # Delayed one-shot effects waiting for their moment (engine/delayed.py).
        self.delayed: list[Any] = []
        # Replacements set up by effects until the end of the combat (support and
        # automatic skills: "at the end of this combat, deploy this card instead ..."):
        # (Replacement, SkillContext with the set-up's choices), in the order set up.
        self.set_up_replacements: list[Any] = []
        # The skills being resolved now, innermost last, each with the part being carried
        # out ("cost" or "effect"): what a "tapped by a skill" trigger asks (resolution.acting).
        self.acting: list[tuple[SkillContext, str]] = []
        self.skill_uses: dict[tuple, int] = {}
        # Skills used from a card that does not print them (a bond skill given to bond cards,
        # resolution.bond_skills), by (card id, skill name): what "when you use a bond skill"
        # asks of a SkillUsed event (dsl/triggers.py). Empty in most games.
        self.skills_used_unprinted: dict[tuple[int, str], Any] = {}
        # The units each skill of a unit chose this turn: (turn, unit id, skill name) -> unit
        # ids ("an ally who was chosen by this unit's "X" in this turn", note_chosen).
        self.chosen_by: dict[tuple, frozenset] = {}
        # The SPEC skills of a card that changed its class-change cost as it was paid: card
        # id -> skill names, kept from its last class change ("if this unit's "X" was in
        # effect", Moves.place_on_unit).
        self.cc_cost_specs: dict[int, frozenset] = {}
        self.max_turns = max_turns
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.decision: Decision | None = None
        self.answers: list[int] = []
        # For each answer, the deciding player and the option's label (a save's record names them).
        self.answered: list[tuple[int, str]] = []
        # Hidden information (engine/visibility.py): card id -> players (bit mask) who
        # know that card in a hidden place; event index -> players who saw the cards
        # of an event not seen by both.
        self.known: dict[int, int] = {}
        self.audience: dict[int, int] = {}
        # Rule 13: during the set-up the Main Characters are face-down (their owners
        # set them aside and know them; they are turned face-up as the game starts).
        self.mcs_face_down = False
        self._next_id = 1
        self._units: dict[int, Unit] = {}
        # Units that left the field, as they were then (unit id -> LastKnown, engine/moves.py).
        self.last_known: dict = {}
        # The units the costs of skills tapped: (turn, unit id, skill name) -> unit ids (note_use).
        self.cost_taps: dict = {}
        self._copies: dict[int, CardCopy] = {}
        self._computing: set = set()
        # Computed values (attack, ranges, flags ...) until the state next changes.
        self._cache: dict = {}
        # Values that follow from the field alone (which units, in what order, with
        # what top card, class change and stack size), the modifiers and the skills
        # registered: kept across events until one of those changes (_field_changed).
        self._field_cache: dict = {}
        # Values that follow from the registered skills and the modifiers on which
        # skills units have alone (whether every unit has its printed skills): kept
        # until one of those changes (_skills_changed), whatever the field does.
        self._skills_cache: dict = {}
        self._cycle_cut = False
        # Stats some continuous skill of this game's cards can change.
        self._live_stats: set[str] = set()
        self._registered: set = set()
        self._dragon_blood = False     # some card of this game has Resonance of Dragon's Blood
        # The skills a registered continuous skill can give ("acquires X"), and
        # whether one gives skills found only as it applies (then any skill may be given).
        self._grantable: set[Skill] = set()
        self._grants_any = False
        # Some card of this game has a bond skill / a hand skill (else bonds and
        # hands hold no skill that can act, and are not looked through for one).
        self._bond_skills = False
        self._hand_skills = False
        self._retreat_skills = False   # (a registered skill works from the Retreat Area)
        self._boundless_skills = False   # (a registered skill works from the Boundless Area)
        self._boundless_ces = False   # (a registered skill changes units from the Boundless Area)
        # (a registered skill but a CONT skill changes which skills units have: Values._printed_now)
        self._skill_stats_off_field = False
        self._trigger_types: set[type] = set()
        # The skills with a trigger on each event type (automatic, bond, hand skills).
        self._listeners: dict[type, set[Skill]] = {}
        self._replacement_types: set[type] = set()
        # The skills with a replacement ("instead", "cannot", "becomes") of each event
        # type: only they are looked for when such an event is proposed.
        self._replacers: dict[type, set[Skill]] = {}
        # Some card of this game gives another way to pay for a critical hit or an evasion.
        self._alternative_discards = False
        self._mods_by_stat: dict[str, list[Modifier]] = {}
        # Contexts of units' continuous effects, for the game (see _unit_continuous
        # and _field_sources).
        self._unit_ces: dict[tuple, tuple] = {}
        self._field_ces: dict[tuple, dict] = {}
        # The cards with a skill listening to an event type (resolution._listening).
        self._listening_cards: dict[int, dict[int, tuple]] = {}
        self._trigger_seq = 0
        # The loop guard (engine decision 17): the trigger being resolved (its chain
        # is its parents), where the events of the present decision must stop, and
        # the decisions counted in the present turn.
        self._resolving: Any = None
        self._event_limit = _NO_LIMIT   # (events emitted outside the flow are not counted)
        self._counted_turn = -1
        self._turn_decisions = 0
        self._flow: Iterator[Decision] | None = None
        self._emptied_unit: Unit | None = None   # set by _remove_card when a unit's last card leaves
        self._seen_before = 3                     # set by _remove_card: who saw the card where it was
        # Units whose top card has left their stack, their owner yet to choose the new one
        # (engine decision 41, Moves.settle_stack_tops): empty at every restart point.
        self.tops_to_choose: list[Unit] = []
        # Cards placed in a Support Area whose SPEC rule stacks them onto a unit as a
        # metamorphosis (engine decision 43, Moves.settle_metamorphoses), settled with the tops.
        self.metamorphoses: list[CardCopy] = []
        # The area the card of the last Deployed event came from ("hand", "bonds", "retreat" ...),
        # set by deploy() before it publishes the event: what "is deployed from your bond area"
        # asks when the event is published (the event itself does not carry it, so that records
        # and event digests stay as they were).
        self.deployed_from = HAND
        # Copies and saves (engine/snapshot.py): the first-player argument (None: drawn), the
        # number of answers given before the last decision that was a restart point, a
        # private copy of the game at such a point, and whether seed, decks and answers
        # rebuild the game (not when its areas were filled by hand or changed by a copy's maker).
        self._record_first_player = first_player
        self._restart_point: int | None = None
        self._checkpoint: tuple[int, Game] | None = None
        self._started_by_hand = False
        self._replayable = True
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
        """Start a game whose areas the caller has filled (scenarios), at ``phase``.

        Called again, it starts the board as it is now afresh (tests rely on it).
        Raises :class:`BadArgument` (a ``ValueError``) for a turn that is not a whole
        number from 1, a player that is not 0 or 1, or an unknown phase."""
        from fecipher.engine.phases import turns_flow
        if type(turn) is not int or turn < 1:
            raise BadArgument(f"a turn is a whole number from 1, not {_describe(turn)}")
        if not _is_player(turn_player):
            raise BadArgument(f"the turn player is 0 or 1, not {_describe(turn_player)}")
        if first_player is not None and not _is_player(first_player):
            raise BadArgument(f"the first player is 0, 1 or None, not {_describe(first_player)}")
        if type(phase) is not str or phase not in PHASES:
            raise BadArgument(f"unknown phase {_describe(phase)}; phases are {', '.join(PHASES)}")
        self.turn = turn
        self.turn_player = turn_player
        self.first_player = turn_player if first_player is None else first_player
        self._started_by_hand = True
        self.phases_left, self.phases_played = None, []
        self._start(turns_flow(self, phase))

    def _advance(self, answer: Option | None) -> None:
        assert self._flow is not None
        # Values are asked afresh after an answer; what follows from the field alone
        # is kept (every primitive that changes the field forgets it; a board changed
        # by hand calls invalidate()).
        if self._cache:
            self._cache = {}
        self._event_limit = len(self.events) + self.max_events_per_decision
        try:
            if answer is None:
                self.decision = next(self._flow)
            else:
                self.decision = self._flow.send(answer)
        except (StopIteration, GameOverSignal):
            self.decision = None
            if not self.over:
                self._end(None, "the game stopped")
            return
        finally:
            self._event_limit = _NO_LIMIT
        # The turn limit and the decisions of one turn, checked at every decision.
        if self.turn != self._counted_turn:
            self._counted_turn = self.turn
            self._turn_decisions = 0
        self._turn_decisions += 1
        if self._turn_decisions > self.max_decisions_per_turn or self.turn > self.max_turns:
            if self.turn > self.max_turns:
                limit, count, reason = "turn_limit", self.turn, f"the turn limit ({self.max_turns}) was reached"
            else:
                limit, count = "decisions_per_turn", self.max_decisions_per_turn
                reason = f"turn {self.turn} took more than {count} decisions"
            self._stop(limit, count, (), reason)
            self.decision = None
            self._flow.close()

    # ------------------------------------------------------------------ API
    def legal_options(self) -> tuple[Option, ...]:
        """The options of the pending decision (none when the game is over)."""
        return self.decision.options if self.decision else ()

    def why_illegal(self, option: object, player: object = None) -> str | None:
        """The reason :meth:`answer` would refuse ``option`` (and ``player``) now, or
        None if it would take it. Never raises, whatever it is given."""
        try:
            self._answer_index(option, player)
        except IllegalAnswer as e:
            return e.reason
        return None

    def answer(self, option: Option | int, player: int | None = None) -> None:
        """Answer the pending decision with one of its options (or its index).

        ``player``, when given, must be the deciding player. Anything else (another
        decision's option, a number out of range, a bool, a float, an Option whose
        fields are not ids and strings, any other object) raises
        :class:`IllegalAnswer` with the reason, and the game is unchanged.
        """
        index = self._answer_index(option, player)
        d = self.decision
        assert d is not None
        if at_restart_point(self):
            self._restart_point = len(self.answers)
        self.answers.append(index)
        self.answered.append((d.player, d.options[index].label))
        self._advance(d.options[index])

    def _answer_index(self, option: Any, player: Any) -> int:
        """The number of the option ``option`` answers, or IllegalAnswer. Changes nothing."""
        d = self.decision
        if self.over or d is None:
            raise IllegalAnswer("the game is over")
        if player is not None:
            if not _is_player(player):
                raise IllegalAnswer(f"a player is 0 or 1, not {_describe(player)}")
            if player != d.player:
                raise IllegalAnswer(f"it is player {d.player + 1}'s decision, not player {player + 1}'s")
        if type(option) is int:
            if not 0 <= option < len(d.options):
                raise IllegalAnswer(f"option number {option} is out of range 0-{len(d.options) - 1}")
            return option
        if type(option) is not Option:
            # (bools, floats, lists, and subclasses of Option, whose comparisons are their own)
            raise IllegalAnswer(f"an answer is an option or its number, not {_describe(option)}")
        # Agents usually hand back one of the offered objects: found by identity
        # before comparing values (an equal option made elsewhere is as good).
        for index, o in enumerate(d.options):
            if o is option:
                return index
        malformed = _malformed_option(option)
        if malformed is not None:
            raise IllegalAnswer(malformed)
        try:
            return d.options.index(option)
        except ValueError:
            pass
        index = self._equivalent(option)
        if index is None:
            from fecipher.engine.refusals import explain
            raise IllegalAnswer(explain(self, option))
        return index

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
        """A player (0 or 1, an int) concedes; the opponent wins at once. Anything
        else raises :class:`IllegalAnswer` and the game goes on unchanged."""
        if self.over:
            raise IllegalAnswer("the game is over")
        if not _is_player(player):
            raise IllegalAnswer(f"the player who concedes is 0 or 1, not {_describe(player)}")
        self.emit(ev.Conceded(player))
        self._end(1 - player, f"player {player + 1} conceded")
        self.decision = None

    # ------------------------------------------------------------------ copies and saves
    def clone(self) -> "Game":
        """An independent copy of the game at the same decision, whatever the decision
        (in a battle, in a skill's resolution, the set-up): answered the same way, it
        publishes the same events, and playing it never changes this game. The copy
        has no bus subscribers. How it is made and what it costs: engine/snapshot.py.

        Raises :class:`BadArgument` for a game whose areas were filled by hand
        (``start_at``) outside a Bond, Deployment or Action decision."""
        from fecipher.engine.snapshot import clone
        return clone(self)

    def to_json(self) -> "JSONObject":
        """The game so far as JSON values (its record, docs/records.md), at any
        decision or finished; :meth:`from_json` continues it exactly."""
        from fecipher.engine.snapshot import to_json
        return to_json(self)

    @classmethod
    def from_json(cls, data: object, pool: CardLookup) -> "Game":
        """The game :meth:`to_json` saved, waiting at the same decision, its cards
        looked up in ``pool`` (the packs the game was played with). A save that does
        not replay raises :class:`~fecipher.engine.records.RecordError` saying where."""
        from fecipher.engine.snapshot import from_json
        return from_json(data, pool)

    # ------------------------------------------------------------------ events
    def invalidate(self) -> None:
        """Forget computed values: call after any change that publishes no event
        (a board set up or changed by hand included)."""
        if self._cache:
            self._cache = {}
        if self._field_cache:
            self._field_cache = {}
        if self._skills_cache:
            self._skills_cache = {}

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

    def _units_reordered(self) -> None:
        """A unit changed lines (a move, a march): the field holds the same units
        with the same top cards, stacks and class changes, in another order. What
        follows from the field is kept, in the new order: a list of continuous
        effects is in field order, each unit's effects together and in their own
        order (Values._field_sources), so a stable sort by the units' new places
        makes the list a fresh look would make; the rest (the stats the field's
        skills change, a stat none changes) does not depend on the order."""
        fc = self._field_cache
        lists = [k for k, v in fc.items() if type(v) is list and len(v) > 1]
        if not lists:
            return
        place: dict[int, int] = {}
        for p in self.players:
            for line in (p.front, p.back):
                for u in line:
                    place[u.id] = len(place)
        for k in lists:
            fc[k] = sorted(fc[k], key=lambda pair: place[pair[1].unit_id])

    def _skills_changed(self) -> None:
        """Forget what follows from the registered skills and the modifiers on
        which skills units have (``_skills_cache``), and so what follows from the
        field and the values of this state too: register_skill calls it, as do
        changes of those modifiers."""
        if self._skills_cache:
            self._skills_cache = {}
        if self._field_cache:
            self._field_cache = {}
        if self._cache:   # (the skills units have, remembered in this state: Values._own_skills)
            self._cache = {}

    def emit(self, event: ev.Event) -> None:
        if self._cache:
            self._cache = {}
        self.events.append(event)
        if len(self.events) > self._event_limit and not self.over:
            self.stop_endless("events_per_decision", self.max_events_per_decision, self.chain_skills())
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

    def set_up_replacement(self, rep: Any, ctx: Any) -> bool:
        """An effect sets up ``rep`` until the end of the combat going on (with a copy
        of what ``ctx`` chose). Returns False, setting up nothing, outside a combat."""
        if self.battle is None:
            return False
        from fecipher.engine.delayed import _copied
        self.set_up_replacements.append((rep, attrs.evolve(ctx, event=None, data=_copied(ctx.data))))
        self._replacement_types.add(rep.event_type)
        return True

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
        self._skills_cache = {}
        self._checkpoint = None
        self.events.append(ev.GameOver(winner, reason))
        self.bus.publish(self, self.events[-1])

    def lose(self, player: int, reason: str) -> None:
        self._end(1 - player, reason)
        raise GameOverSignal()

    # ------------------------------------------------------------------ the loop guard
    def chain_skills(self, trigger: Any = None) -> tuple[str, ...]:
        """The names of the skills of the chain of triggers that ``trigger`` (by
        default the one resolving) ends, from its first, each named once."""
        names: list[str] = []
        t = self._resolving if trigger is None else trigger
        while t is not None:
            names.append(t.ctx.skill.name)
            t = t.parent
        return tuple(dict.fromkeys(reversed(names)))

    def stop_endless(self, limit: str, count: int, skills: tuple[str, ...] = ()) -> None:
        """End a game that would not end (engine decision 17): publish LoopStopped,
        end the game with no winner, and leave the flow (GameOverSignal)."""
        named = " and ".join(f'"{s}"' for s in skills)
        if limit == "trigger_depth":
            reason = (f"the skills {named} repeat without end (a chain of {count} triggered skills)"
                      if skills else f"automatic skills repeat without end (a chain of {count})")
        elif limit == "events_per_decision":
            reason = (f"the skills {named} repeat without end" if skills else "the game would not reach "
                      "its next decision") + f" (more than {count} events followed one decision)"
        else:
            reason = f"the engine stopped an endless game ({limit}: {count})"
        self._stop(limit, count, skills, reason)
        raise GameOverSignal()

    def _stop(self, limit: str, count: int, skills: tuple[str, ...], reason: str) -> None:
        if self.over:
            return
        e = ev.LoopStopped(limit, count, skills)
        self.events.append(e)
        self.bus.publish(self, e)
        self._end(None, reason)

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
        for s in card.skills + card.support_skills:
            self.register_skill(s)

    def register_skill(self, s: Skill) -> None:
        if s in self._registered:
            return
        self._registered.add(s)
        self._skills_changed()   # (the stats skills change, DB: what field values depend on)
        if DRAGON_BLOOD_RESONANCE in s.rules:
            self._dragon_blood = True
        if s.kind is SkillKind.BOND:
            self._bond_skills = True
        elif s.kind is SkillKind.HAND:
            self._hand_skills = True
        elif s.kind is SkillKind.RETREAT:
            self._retreat_skills = True
        elif s.kind is SkillKind.BOUNDLESS:
            self._boundless_skills = True
            if s.continuous:
                self._boundless_ces = True
        for c in s.continuous:
            self._live_stats.add(c.stat)
            if c.stat in _PRINTED_SKILL_STATS and s.kind is not SkillKind.CONTINUOUS:
                self._skill_stats_off_field = True
        for t in s.triggers:
            self._trigger_types.add(t.event_type)
            self._listeners.setdefault(t.event_type, set()).add(s)
        for r in s.replacements:
            self._replacement_types.add(r.event_type)
            self._replacers.setdefault(r.event_type, set()).add(s)
        if s.alternative_discards:
            self._alternative_discards = True
        for c in s.continuous:
            if c.stat == M.SKILLS:
                if callable(c.value):
                    self._grants_any = True
                    continue
                vals = c.value if isinstance(c.value, (tuple, list, frozenset, set)) else (c.value,)
                for g in vals:
                    if isinstance(g, Skill):
                        self._grantable.add(g)
                        self.register_skill(g)
                    else:
                        self._grants_any = True   # (not a skill object: assume the worst)

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
        tapped = ctx.data.get("cost_tapped")
        if tapped and ctx.unit_id is not None:
            # The units this use's cost tapped ("an ally who was tapped as the cost of this
            # unit's "X" in this turn", B02-064R): (turn, unit, skill) -> unit ids, every use
            # of the turn. The costs keep them under "cost_tapped" (dsl/costs.py).
            t = (self.turn, ctx.unit_id, ctx.skill.name)
            self.cost_taps[t] = self.cost_taps.get(t, ()) + tuple(u.id for u in tapped)

    def note_chosen(self, ctx: SkillContext, things) -> None:
        """Remember the units a choice of a unit's skill chose (cards are not remembered)."""
        ids = frozenset(t.id for t in things if isinstance(t, Unit))
        if ids and ctx.unit_id is not None:
            k = (self.turn, ctx.unit_id, ctx.skill.name)
            self.chosen_by[k] = self.chosen_by.get(k, frozenset()) | ids

    def discarding_for(self, use: str, unit_id: int | None) -> tuple:
        """The cards being discarded now for a critical hit (``use`` "critical") or a
        god-speed evasion ("evasion") of that unit, as their move is offered to
        replacements (engine/battle.py _discard); () otherwise."""
        b = self.battle
        d = b.discarding if b is not None else None
        if d is None or d[1] != use or d[0] != unit_id:
            return ()
        return d[2]

    def chosen_this_turn(self, unit_id: int, skill: str) -> frozenset:
        """The units that skill of that unit chose this turn (units keep their id while on
        the field: one that left it and came back is another unit)."""
        return self.chosen_by.get((self.turn, unit_id, skill), frozenset())

    # ------------------------------------------------------------------ hidden information
    def view(self, player: int, since: int = 0) -> "PlayerView":
        """What ``player`` may know of the game (a frozen, JSON-serialisable
        :class:`~fecipher.engine.view.PlayerView`); events from index ``since`` on."""
        from fecipher.engine.view import player_view
        return player_view(self, player, since)

    def can_see(self, player: int, copy: CardCopy) -> bool:
        """May ``player`` see which card ``copy`` is (engine/visibility.py)?"""
        from fecipher.engine.visibility import can_see
        return can_see(self, player, copy)

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
