"""Copies of a game at any decision, and games saved as JSON and loaded again.

A game's flow is a Python generator (the engine asks by yielding a decision), and a
generator cannot be copied or pickled: its place in a battle or in a skill's
resolution lives in its frames. Two facts make exact copies possible anyway:

* At a Bond, Deployment or Action decision with no battle, no skill being used and
  no triggered skill waiting (a *restart point*), everything the rest of the game
  depends on is in the game's state: the phase flows keep nothing of their own
  there. :func:`copy_at_restart_point` deep-copies the state (sharing what is
  immutable: printed cards, their skills, card copies, modifiers, events) and
  starts the flow afresh at the same phase, which reaches the same decision again
  without publishing anything (the phase's start was already published). That
  costs about a millisecond, whatever the length of the game.
* A game is a function of its seed, decks, first-player argument and answers
  (design rule 2): any decision is reached again by giving the same answers to a
  new game. :func:`clone` uses this for every other decision (in a battle, in a
  skill, during the set-up): it starts from a copy of the game at its last restart
  point (kept on the game once made, so that the next copies in the same stretch
  cost one copy and the few answers since) and gives the answers since.

Saving (:func:`to_json`) writes the game's record so far (``fecipher-record/1``,
docs/records.md: seed, decks, first-player argument, turn limit, answers with their
labels); loading (:func:`from_json`) replays it, checking every label, so that a
save from another version of the cards or of the engine is refused rather than
silently continued as another game. Replaying the answers is deterministic by
design rule 2, so the loaded game is exact; it costs the game so far (about 1.5 ms
a turn on the reference machine), which a save and load can afford.

A game whose areas were filled or changed by hand (a scenario, ``start_at``) has no
seed and answers that rebuild it: it is copied at restart points only, and cannot
be saved (:class:`~fecipher.engine.game.BadArgument` says why).
"""
from __future__ import annotations

import copy as _copy
import random
import weakref
from typing import TYPE_CHECKING

import attrs

from fecipher.engine import events as ev
from fecipher.engine.bus import EventBus
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import ACTION, BOND, DEPLOYMENT
from fecipher.engine.state import Bond, Orb, PlayerState, Unit

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import CardLookup, Game
    from fecipher.engine.jsontypes import JSONObject

RESTART_KINDS = (BOND, DEPLOYMENT, ACTION)
RESTART_PHASES = ("bond", "deployment", "action")
SAVE_FORMAT = "fecipher-record/1"


# Per game: the number of card copies, and the memo entries that share them, their
# cards and the cards' skills (immutable) with every copy of the game.
_SHARED: "weakref.WeakKeyDictionary[Game, tuple[int, dict[int, object]]]" = weakref.WeakKeyDictionary()


def _shared(game: "Game") -> dict[int, object]:
    """Memo entries for ``copy.deepcopy`` that share the immutable card copies, cards
    and skills of ``game``; made again when a copy was added."""
    got = _SHARED.get(game)
    if got is not None and got[0] == len(game._copies):
        return got[1]
    memo: dict[int, object] = {}
    for c in game._copies.values():
        memo[id(c)] = c
        if id(c.card) not in memo:
            memo[id(c.card)] = c.card
            for sk in c.card.skills:
                memo[id(sk)] = sk
            for sk in c.card.support_skills:
                memo[id(sk)] = sk
    _SHARED[game] = (len(game._copies), memo)
    return memo


def at_restart_point(game: "Game") -> bool:
    """Whether the pending decision is one a copy can resume by restarting the
    phase's flow: a Bond, Deployment or Action decision with no battle, no skill
    being used or resolved and no triggered skill waiting."""
    d = game.decision
    return (d is not None and not game.over and d.kind in RESTART_KINDS and game.phase in RESTART_PHASES
            and game.battle is None and not game.pending_triggers and not game.acting
            and game._resolving is None)


def copy_at_restart_point(game: "Game") -> "Game | None":
    """An exact, independent copy of ``game`` waiting at the same decision, or None
    when the decision is not a restart point (:func:`at_restart_point`).

    The copy has a new, empty event bus (subscribers belong to the original)."""
    from fecipher.engine.phases import turns_flow
    if not at_restart_point(game):
        return None
    d = game.decision
    assert d is not None
    memo = dict(_shared(game))
    memo.update({id(game._flow): None, id(game.decks): game.decks, id(game.decision): d,
                 id(game.events): list(game.events), id(game.bus): EventBus(), id(game._checkpoint): None})
    # Indexes of immutable things (registered skills and cards, event types):
    # copied shallowly; card copies by id: shared copies.
    for name in ("_registered", "_trigger_types", "_replacement_types", "_live_stats", "_grantable"):
        v = getattr(game, name, None)
        if type(v) is set:
            memo[id(v)] = set(v)
    memo[id(game._copies)] = dict(game._copies)
    memo[id(game.answers)] = list(game.answers)
    memo[id(game.answered)] = list(game.answered)
    for m in game.modifiers:
        memo[id(m)] = m
    # Registered skills (and cards) are immutable and shared, also those no card prints (a skill
    # a modifier grants): a deep copy of one in the indexes of listening skills would not be the
    # skill the copy's modifiers grant, and it would never trigger there.
    for x in game._registered:
        memo[id(x)] = x
    for waiting in game.delayed:   # a delayed effect's skill is immutable (its context is copied)
        memo[id(waiting.ctx.skill)] = waiting.ctx.skill
    for name in ("_cache", "_field_cache", "_skills_cache", "_unit_ces", "_field_ces", "_listening_cards"):   # caches start empty
        cache = getattr(game, name, None)
        if isinstance(cache, dict):
            memo[id(cache)] = {}
    r = random.Random()                       # copying its state in C, not tuple by tuple
    r.setstate(game.rng.getstate())
    memo[id(game.rng)] = r
    try:
        for p in game.players:                # (the areas: most of the state, copied directly)
            _copy_areas(p, memo)
        for u in game._units.values():
            _copy_areas(u, memo)
        g = _copy.deepcopy(game, memo)
    except Exception:  # something in the state cannot be copied: the caller replays
        return None
    # Restart the flow at the current phase. Its PhaseStarted was already
    # published: the restarted flow's one is swallowed, so nothing triggers twice
    # (no skill is waiting, so the phase's first resolve_triggers does nothing).
    swallowed: list[ev.Event] = []
    real_emit = g.emit

    def emit_once(event: ev.Event) -> None:
        if not swallowed and type(event) is ev.PhaseStarted:
            swallowed.append(event)
            return
        real_emit(event)

    g.emit = emit_once  # type: ignore[method-assign]
    try:
        g._flow = turns_flow(g, game.phase)
        g._advance(None)
    finally:
        del g.emit
    # The restarted decision is not a new one: the loop guard's count is the original's.
    g._counted_turn, g._turn_decisions = game._counted_turn, game._turn_decisions
    if g.decision != d or len(g.events) != len(game.events) or g.over:
        return None
    return g


_AREA_TYPES = (PlayerState, Unit, Bond, Orb)


def _copy_areas(obj: object, memo: dict[int, object]) -> object:
    """A copy of a player's areas, a unit, a bond or an orb (attrs classes with slots),
    made field by field and remembered in ``memo`` for the deep copy of the game: a
    list of cards, units, bonds or orbs is copied with its units, bonds and orbs
    copied and its card copies (immutable) shared; a value of any other kind is
    deep-copied (so a field added later is copied too). The same as
    ``copy.deepcopy`` with card copies shared, several times faster."""
    done = memo.get(id(obj))
    if done is not None:
        return done
    cls = type(obj)
    new = object.__new__(cls)
    memo[id(obj)] = new
    for f in attrs.fields(cls):
        v = getattr(obj, f.name)
        if type(v) is list:
            v = [x if type(x) is CardCopy else _copy_areas(x, memo) if type(x) in _AREA_TYPES
                 else _copy.deepcopy(x, memo) for x in v]
        elif type(v) in _AREA_TYPES:
            v = _copy_areas(v, memo)
        elif not (v is None or type(v) in (int, bool, str, CardCopy)):
            v = _copy.deepcopy(v, memo)
        object.__setattr__(new, f.name, v)
    return new


def replayable(game: "Game") -> str | None:
    """Why ``game`` cannot be rebuilt from its seed, decks and answers, or None."""
    if game.decks[0] is None or game.decks[1] is None or game._started_by_hand:
        return "its areas were filled by hand (a scenario): it has no seed and answers that rebuild it"
    if not game._replayable:
        return "its state was changed outside its answers (a determinised copy)"
    return None


def _new_game(game: "Game") -> "Game":
    from fecipher.engine.game import Game
    g = Game(game.decks[0], game.decks[1], seed=game.seed, first_player=game._record_first_player,
             max_turns=game.max_turns, check_decks=False)
    g.max_trigger_depth = game.max_trigger_depth
    g.max_events_per_decision = game.max_events_per_decision
    g.max_decisions_per_turn = game.max_decisions_per_turn
    return g


def _answer_all(g: "Game", answers: list[int]) -> None:
    for a in answers:
        g.answer(a)


def _checkpoint(game: "Game", k: int) -> "Game":
    """A private copy of ``game`` as it was at its restart point ``k`` (the number of
    answers given then), made once and kept on the game."""
    cp = game._checkpoint
    if cp is not None and cp[0] == k:
        return cp[1]
    if cp is not None and cp[0] < k:
        base = copy_at_restart_point(cp[1])
        start = cp[0]
    else:
        base = None
        start = 0
    if base is None:
        base, start = _new_game(game), 0
    _answer_all(base, game.answers[start:k])
    if not at_restart_point(base):   # (cannot happen for a game that replays)
        raise AssertionError(f"answer {k} was given at a restart point, but the replay is not at one")
    game._checkpoint = (k, base)
    return base


def clone(game: "Game") -> "Game":
    """An independent copy of ``game`` at the same decision: given the same
    answers, it publishes the same events; playing one never changes the other.
    Subscribers of the event bus are not copied.

    Raises :class:`~fecipher.engine.game.BadArgument` for a game that is neither at
    a restart point nor replayable (its areas were filled by hand)."""
    from fecipher.engine.game import BadArgument
    g = copy_at_restart_point(game)
    if g is not None:
        return g
    why = replayable(game)
    if why is not None:
        raise BadArgument(f"this game can be copied only at a Bond, Deployment or Action decision outside a "
                          f"battle or a skill: {why}")
    k = game._restart_point
    if k is None:                     # the set-up: from the start
        g = _new_game(game)
        _answer_all(g, game.answers)
    else:
        g = copy_at_restart_point(_checkpoint(game, k))
        assert g is not None
        _answer_all(g, game.answers[k:])
    conceded = _conceded(game)
    if conceded is not None and not g.over:
        g.concede(conceded)
    return g


def _conceded(game: "Game") -> int | None:
    """The player whose concession ended ``game``, or None."""
    e = game.events
    if game.over and len(e) >= 2 and type(e[-1]) is ev.GameOver and type(e[-2]) is ev.Conceded:
        return e[-2].player
    return None


def to_json(game: "Game") -> "JSONObject":
    """The game so far as JSON values: its record (``fecipher-record/1``, docs/records.md)."""
    from fecipher.engine.game import BadArgument
    from fecipher.engine.records import make_record
    why = replayable(game)
    if why is not None:
        raise BadArgument(f"this game cannot be saved: {why}")
    p = _conceded(game)
    conceded = None if p is None else {"player": p, "after": len(game.answers)}
    entries = [{"option": i, "label": label, "player": player}
               for i, (player, label) in zip(game.answers, game.answered)]
    return make_record(game, entries, first_player=game._record_first_player, conceded=conceded)


def from_json(data: object, pool: "CardLookup") -> "Game":
    """The game that :func:`to_json` saved, its cards looked up in ``pool``, waiting
    at the same decision. A save that does not replay raises
    :class:`~fecipher.engine.records.RecordError` (or its
    :class:`~fecipher.engine.records.ReplayMismatch`) saying where."""
    from fecipher.engine.records import check_record, replay
    check_record(data)
    assert isinstance(data, dict)
    return replay(data, pool=pool)
