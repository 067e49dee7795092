"""Random games (hypothesis): whole games between seeded random agents, with random
legal vanilla decks and the starter decks, checking after every answer that

- nothing raises;
- each player's card count stays the deck size;
- the game is over, or a decision with at least one option is pending;
- the non-turn player with units has a unit in the Front Line (rule 2), and each
  player has exactly one Main Character on the field;

and at the end that replaying the seed with the recorded answer numbers gives the
identical event list. Refused answers (random options and numbers) must raise
IllegalAnswer and leave every area and event unchanged.

About 2,000 games run by default, deterministically (``derandomize``); set
``FECIPHER_FUZZ=1`` to let hypothesis explore new seeds.
"""
from __future__ import annotations

import functools
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.game import Game
from vanilla import random_deck, snapshot

FUZZ = bool(os.environ.get("FECIPHER_FUZZ"))
SETTINGS = dict(deadline=None, database=None, derandomize=not FUZZ,
                suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=None)
def starter(name: str):
    from fecipher.dsl.decks import load_deck
    return load_deck(name)


class BiasedAgent:
    """Random legal answers; with probability ``eagerness`` it avoids passing and
    declining when it can, so games reach battles, orbs and wins."""

    def __init__(self, seed: int, eagerness: float):
        self.rng = random.Random(seed)
        self.eagerness = eagerness

    def __call__(self, game: Game) -> int:
        opts = game.legal_options()
        if self.rng.random() < self.eagerness:
            active = [i for i, o in enumerate(opts) if o.kind not in ("pass", "no")]
            if active:
                return self.rng.choice(active)
        return self.rng.randrange(len(opts))


def _decks(kind: str, rng: random.Random):
    if kind == "vanilla":
        return random_deck(rng), random_deck(rng)
    if kind == "starters":
        pair = [starter("marth"), starter("chrom")]
        rng.shuffle(pair)
        return tuple(pair)
    return random_deck(rng), starter(rng.choice(("marth", "chrom")))


def _check_invariants(game: Game, sizes: tuple[int, int]) -> None:
    for p in (0, 1):
        assert game.card_count(p) == sizes[p], f"player {p + 1} has {game.card_count(p)} cards, not {sizes[p]}"
    if game.over:
        assert game.decision is None
        return
    assert game.decision is not None and len(game.decision.options) >= 1
    assert game.decision.player in (0, 1)
    if game.phase != "setup":
        for p in (0, 1):
            ps = game.players[p]
            assert sum(u.is_main_character for u in ps.units) == 1
            assert all(u.area == "front" for u in ps.front) and all(u.area == "back" for u in ps.back)
        them = game.players[1 - game.turn_player]
        assert them.front or not them.back, "rule 2: the non-turn player must have marched"


def _random_wrong_answer(game: Game, rng: random.Random):
    """A random answer, mostly illegal: a number out of range or an option built
    from random kinds and ids of things in the game."""
    d = game.decision
    if rng.random() < 0.2:
        return rng.choice([len(d.options), -1 - rng.randrange(3), len(d.options) + rng.randrange(50)])
    ids = [u.id for u in game.all_units()] + [0, 10**6]
    for ps in game.players:
        for area in ("deck", "hand", "orbs", "bonds", "support", "retreat", "boundless", "field"):
            ids.extend(c.id for c in ps.area_cards(area))
    kinds = ["attack", "move", "use_skill", "deploy", "level_up", "class_change", "place_bond", "pass",
             "yes", "no", "card", "discard", "skill", "unit"]
    maybe = lambda: rng.choice(ids) if rng.random() < 0.6 else None  # noqa: E731
    return Option(rng.choice(kinds), card=maybe(), unit=maybe(), target=maybe(),
                  area=rng.choice([None, "front", "back", "hand"]), skill=rng.choice([None, "x"]))


def _play(seed: int, kind: str, eagerness: float, max_turns: int, wrong_rate: float = 0.0) -> Game:
    rng = random.Random(seed)
    d0, d1 = _decks(kind, rng)
    first = rng.choice([None, 0, 1])
    game = Game(d0, d1, seed=seed, first_player=first, max_turns=max_turns)
    sizes = (len(d0.cards), len(d1.cards))
    agents = [BiasedAgent(seed * 2 + 1, eagerness), BiasedAgent(seed * 2 + 2, eagerness)]
    _check_invariants(game, sizes)
    steps = 0
    while not game.over:
        if wrong_rate and rng.random() < wrong_rate:
            bad = _random_wrong_answer(game, rng)
            legal = (isinstance(bad, int) and 0 <= bad < len(game.decision.options)) or (
                isinstance(bad, Option) and game.why_illegal(bad) is None)
            if not legal:
                before, events_before = snapshot(game), list(game.events)
                try:
                    game.answer(bad)
                except IllegalAnswer as e:
                    assert e.reason
                else:
                    raise AssertionError(f"{bad!r} was accepted in {game.decision}")
                assert snapshot(game) == before and game.events == events_before
        game.answer(agents[game.decision.player](game))
        _check_invariants(game, sizes)
        steps += 1
        assert steps < 20_000
    # Replaying the seed and the recorded answer numbers gives the same game.
    replay = Game(d0, d1, seed=seed, first_player=first, max_turns=max_turns)
    for a in game.answers:
        replay.answer(a)
    assert replay.events == game.events
    assert (replay.over, replay.winner, replay.reason) == (game.over, game.winner, game.reason)
    return game


SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


@settings(max_examples=1200, **SETTINGS)
@given(seed=SEEDS, eagerness=st.sampled_from([0.0, 0.5, 0.8, 0.95]), max_turns=st.integers(2, 10))
def test_random_vanilla_games_keep_the_invariants_and_replay(seed, eagerness, max_turns):
    _play(seed, "vanilla", eagerness, max_turns)


@settings(max_examples=400, **SETTINGS)
@given(seed=SEEDS, eagerness=st.sampled_from([0.5, 0.9]), kind=st.sampled_from(["starters", "mixed"]))
def test_random_starter_deck_games_keep_the_invariants_and_replay(seed, eagerness, kind):
    _play(seed, kind, eagerness, max_turns=10)


@settings(max_examples=250, **SETTINGS)
@given(seed=SEEDS, eagerness=st.sampled_from([0.3, 0.9]))
def test_refused_answers_leave_the_game_unchanged(seed, eagerness):
    _play(seed, "mixed", eagerness, max_turns=6, wrong_rate=0.3)


@settings(max_examples=150, **SETTINGS)
@given(seed=SEEDS)
def test_long_eager_games_end_with_a_winner_or_the_turn_limit(seed):
    game = _play(seed, "vanilla", 0.97, max_turns=40)
    assert game.over
    if game.winner is None:
        assert game.reason == "the turn limit (40) was reached"
    else:
        loser = game.players[1 - game.winner]
        assert loser.orbs == [] and game.reason.endswith("was destroyed with no orb left")
