"""Design rule 6 for every public entry point of a Game, whatever it is given.

A game between random legal decks of the whole card pool (benchmarks/soak.py's
decks) is played a random number of answers in; then hypothesis throws arguments
at it: any Python object as an answer (lists, dicts, floats, bools, strings, big
and negative numbers, Options whose fields hold lists or floats, Option
subclasses), options of earlier decisions, a ``player`` that is not the deciding
player, concessions by anything but the int 0 or 1, ``why_illegal`` of all of
these, and ``start_at`` with a turn, player or phase that is not one. Each call must be refused with
IllegalAnswer (BadArgument for start_at) and a reason, ``why_illegal`` must give
that same reason without raising, and a full snapshot of the state (both players'
areas with card ids, face-up and tapped states, the modifiers, skill uses, pending
triggers, turn and phase, the events, the answers, the random generator and the
decision) must be equal before and after.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.soak import decks_for
from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.game import BadArgument, Deck, Game
from fecipher.play.agents import RandomAgent

FUZZ = bool(os.environ.get("FECIPHER_FUZZ"))
SETTINGS = dict(deadline=None, database=None, derandomize=not FUZZ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def full_snapshot(game: Game) -> tuple:
    def unit(u):
        return (u.id, u.owner, tuple((c.id, c.card.code, c.owner) for c in u.cards), u.area, u.tapped,
                u.is_main_character, u.class_changed, u.deployed_turn)

    def cards(cs):
        return tuple((c.id, c.card.code, c.owner) for c in cs)

    players = tuple((
        cards(p.deck), cards(p.hand),
        tuple((o.copy.id, o.face_up) for o in p.orbs), tuple((b.copy.id, b.face_up) for b in p.bonds),
        tuple(unit(u) for u in p.front), tuple(unit(u) for u in p.back),
        cards(p.support), cards(p.retreat), cards(p.boundless),
        p.cost_paid_this_turn, p.bonded_this_turn,
    ) for p in game.players)
    return (
        players, tuple(game.modifiers), tuple(sorted(game.skill_uses.items(), key=repr)),
        tuple(id(t) for t in game.pending_triggers), game.turn, game.turn_player, game.first_player,
        game.phase, game.over, game.winner, game.reason, len(game.events), game.events[-1] if game.events else None,
        tuple(game.answers), id(game.decision), game.decision, game.rng.getstate(), game._next_id,
        id(game.battle), game.max_turns, id(game._flow),
    )


def _game(seed: int, steps: int) -> tuple[Game, list[Option]]:
    """Game ``seed`` of the soak, ``steps`` random answers in (or to its end);
    with the options its earlier decisions offered."""
    d1, d2 = decks_for(seed)
    game = Game(d1, d2, seed)
    seen: list[Option] = []
    _play_on(game, (RandomAgent(2 * seed), RandomAgent(2 * seed + 1)), steps, seen)
    return game, seen


def _play_on(game: Game, agents, steps: int, seen: list[Option]) -> None:
    for _ in range(steps):
        if game.over:
            break
        seen.extend(game.decision.options)
        game.answer(agents[game.decision.player](game))


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True), st.text(max_size=5),
    st.binary(max_size=3), st.just(...), st.just(object()), st.complex_numbers(max_magnitude=3),
)
ANYTHING = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(st.text(max_size=2), inner, max_size=2),
    st.frozensets(st.integers(0, 5), max_size=2)), max_leaves=6)
NOT_A_PLAYER = ANYTHING.filter(lambda x: not (type(x) is int and x in (0, 1)))


class OptionSubclass(Option):
    pass


class Seen:
    """Stands for an option an earlier decision of the game offered (its number among them)."""

    def __init__(self, index: int):
        self.index = index


def _bad_options():
    field = st.one_of(st.none(), ANYTHING)
    kinds = st.sampled_from(["attack", "move", "pass", "use_skill", "deploy", "card", "unit", "yes", "skill",
                             "place_bond", "level_up", "class_change", "order_skills", "xyzzy"])
    built = st.builds(Option, kind=st.one_of(kinds, ANYTHING), card=field, unit=field, target=field,
                      area=field, skill=field, label=st.one_of(st.text(max_size=3), ANYTHING))
    # Well-typed options with ids near the game's, which may or may not be legal.
    plausible = st.builds(Option, kind=kinds, card=st.one_of(st.none(), st.integers(-1, 150)),
                          unit=st.one_of(st.none(), st.integers(-1, 150)),
                          target=st.one_of(st.none(), st.integers(-1, 150)),
                          area=st.sampled_from([None, "front", "back", "moon"]),
                          skill=st.sampled_from([None, "Ping", ""]))
    # An Option holding a list (once a TypeError) and Option subclasses.
    listy = st.builds(Option, kind=kinds, card=st.lists(st.integers(0, 99), max_size=2))
    sub = st.builds(OptionSubclass, kind=kinds, card=st.one_of(st.none(), st.integers(0, 99)))
    seen = st.builds(Seen, st.integers(0, 100_000))
    return st.one_of(ANYTHING, built, plausible, listy, sub, seen, seen)


BAD_OPTIONS = _bad_options()


def _refused(game: Game, call) -> str:
    before = full_snapshot(game)
    with pytest.raises((IllegalAnswer, BadArgument)) as err:
        call()
    assert isinstance(err.value.reason, str) and err.value.reason
    assert full_snapshot(game) == before
    return err.value.reason


@settings(max_examples=50, **SETTINGS)
@given(seed=st.integers(0, 10_000), stops=st.lists(st.integers(0, 80), min_size=1, max_size=3), data=st.data())
def test_every_entry_point_refuses_any_bad_argument_and_changes_nothing(seed, stops, data):
    """The game is checked at up to three points (after the set-up and up to 240
    answers in), each after ``stops[i]`` more random answers."""
    d1, d2 = decks_for(seed)
    game = Game(d1, d2, seed)
    agents = (RandomAgent(2 * seed), RandomAgent(2 * seed + 1))
    seen: list[Option] = []
    for steps in stops:
        _play_on(game, agents, steps, seen)
        _throw_everything_at(game, seen, data)


def _throw_everything_at(game: Game, seen: list[Option], data) -> None:
    d = game.decision
    for _ in range(8):
        bad = data.draw(BAD_OPTIONS, label="answer")
        if isinstance(bad, Seen):
            if not seen:
                continue
            bad = seen[bad.index % len(seen)]
        before = full_snapshot(game)
        reason = game.why_illegal(bad)                     # never raises
        assert full_snapshot(game) == before
        if reason is None:
            # Only one of the options offered (or an equivalent copy) is legal.
            assert type(bad) in (int, Option) and not game.over
            assert bad in d.options or type(bad) is int or game._equivalent(bad) is not None
            continue
        assert _refused(game, lambda: game.answer(bad)) == reason
    # A player that is not the deciding one, or not a player at all.
    if not game.over:
        # (None is not given: any player)
        other = data.draw(st.one_of(st.just(1 - d.player), NOT_A_PLAYER.filter(lambda x: x is not None)),
                          label="player")
        reason = _refused(game, lambda: game.answer(d.options[0], player=other))
        assert game.why_illegal(d.options[0], player=other) == reason
        assert game.why_illegal(d.options[0], player=d.player) is None
    # Concessions by anything but the int 0 or 1.
    who = data.draw(NOT_A_PLAYER, label="concede")
    _refused(game, lambda: game.concede(who))
    # start_at with a turn, turn player or phase that is not one (at least one of them wrong).
    args = data.draw(st.tuples(st.one_of(st.integers(1, 3), ANYTHING), st.one_of(st.integers(0, 1), ANYTHING),
                               st.one_of(st.sampled_from(["action", "bond"]), ANYTHING)).filter(
        lambda a: not (type(a[0]) is int and a[0] >= 1 and type(a[1]) is int and a[1] in (0, 1)
                       and a[2] in ("action", "bond"))), label="start_at")
    _refused(game, lambda: game.start_at(*args))


def test_refusals_name_what_was_wrong():
    game, _ = _game(3, 20)
    d = game.decision
    assert game.why_illegal(Option("attack", card=[1, 2])) == \
        "an option's card is an id (an integer) or None, not [1, 2]"
    assert game.why_illegal(True) == "an answer is an option or its number, not True"
    assert game.why_illegal(1.0) == "an answer is an option or its number, not 1.0"
    assert game.why_illegal(len(d.options)) == f"option number {len(d.options)} is out of range 0-{len(d.options) - 1}"
    assert game.why_illegal(-1).startswith("option number -1 is out of range")
    assert game.why_illegal(OptionSubclass(d.options[0].kind)).startswith("an answer is an option or its number")
    assert game.why_illegal(0, player=1 - d.player) == \
        f"it is player {d.player + 1}'s decision, not player {2 - d.player}'s"
    assert game.why_illegal(0, player=True) == "a player is 0 or 1, not True"
    for who, word in ((5, "5"), (2, "2"), (-1, "-1"), (1.0, "1.0"), (True, "True"), ("0", "'0'")):
        with pytest.raises(IllegalAnswer, match=f"the player who concedes is 0 or 1, not {word}"):
            game.concede(who)
    assert not game.over
    game.concede(0)
    assert game.winner == 1


def test_set_up_arguments_are_refused_with_a_value_error_and_a_reason():
    d1, d2 = decks_for(1)
    for kwargs, words in (
            ({"seed": 1.5}, "a seed is an integer"), ({"seed": "7"}, "a seed is an integer"),
            ({"seed": True}, "a seed is an integer"), ({"first_player": 2}, "the first player is 0, 1"),
            ({"first_player": True}, "the first player is 0, 1"), ({"max_turns": -1}, "max_turns"),
            ({"max_turns": 2.5}, "max_turns")):
        with pytest.raises(BadArgument, match=words):
            Game(d1, d2, **{"seed": 1, **kwargs})
    with pytest.raises(BadArgument, match="a deck is a Deck"):
        Game(d1, ["not", "a", "deck"], 1)
    with pytest.raises(BadArgument, match="needs two decks"):
        Game(d1, None, 1)
    assert issubclass(BadArgument, ValueError)
    g = Game(None, None, start=False)
    for args, words in (((0, 0, "action"), "a turn is a whole number from 1"),
                        ((2, 2, "action"), "the turn player is 0 or 1"),
                        ((2, 0, "lunch"), "unknown phase 'lunch'"),
                        ((2, 0, "action", 3), "the first player is 0, 1 or None")):
        with pytest.raises(BadArgument, match=words):
            g.start_at(*args)
    assert g.phase == "setup" and g.events == [] and g.decision is None
    assert isinstance(d1, Deck)
