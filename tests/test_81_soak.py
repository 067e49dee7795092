"""The soak (benchmarks/soak.py) in CI: 150 random games between random legal decks
of the whole card pool, every invariant checked after every answer and each game
replayed for its events digest (about 30 s on a free core; the 10,000-game run
is ``python -m benchmarks.soak 10000``). Also: the invariants do catch a broken
state, and a failing game is reported with its seed and exit status 1."""
from __future__ import annotations

import itertools

import pytest

from benchmarks import soak
from fecipher.engine.deckrules import deck_problems
from fecipher.engine.game import Game
from fecipher.play.agents import RandomAgent

CI_GAMES = 150


def test_soak_of_random_pool_decks_keeps_every_invariant_and_replays():
    r = soak.soak(range(CI_GAMES))
    assert r["failures"] == [] and r["failed"] == 0
    assert r["games"] == CI_GAMES
    # The games are real games: most end with a winner, and cards are played. Measured per game
    # (the share of the card names of a game's two decks deployed, levelled up or class changed in
    # it: 0.20 with 2,254 cards, and it does not move with the pool's size, while the share of the
    # pool 150 games play falls as the pool grows: 0.64 of the names dealt with 2,254 cards, 0.70
    # with 1,840). `python -m benchmarks.soak 10000` plays the whole pool.
    assert r["endings"].get("a winner", 0) >= CI_GAMES * 0.9
    assert r["cards_dealt"] >= min(r["cards_in_pool"], 1000)
    assert r["played_share_per_game"] >= 0.15
    assert r["cards_played"] >= r["cards_dealt"] * 0.5


def test_random_decks_are_legal_and_differ_by_seed():
    decks = [soak.decks_for(s) for s in range(20)]
    for d1, d2 in decks:
        assert deck_problems(d1) == [] and deck_problems(d2) == []
    assert len({tuple(c.code for c in d[0].cards) for d in decks}) == 20
    assert soak.decks_for(7) == soak.decks_for(7)


def _game_in_play(seed: int = 2, answers: int = 40) -> tuple[Game, tuple[int, int]]:
    d = soak.decks_for(seed)
    game = Game(d[0], d[1], seed)
    counts = (game.players[0].card_count(), game.players[1].card_count())
    agents = (RandomAgent(1), RandomAgent(2))
    for _ in range(answers):
        game.answer(agents[game.decision.player](game))
    assert not game.over
    assert soak.invariant_problems(game, counts) == []
    return game, counts


def test_invariants_catch_a_card_in_two_places_and_a_card_lost():
    game, counts = _game_in_play()
    p = game.players[0]
    p.hand.append(p.deck[0])
    assert any("in two places" in x for x in soak.invariant_problems(game, counts))
    assert any("player 1 has" in x and "cards, not" in x for x in soak.invariant_problems(game, counts))
    p.hand.pop()
    lost = p.deck.pop()
    problems = soak.invariant_problems(game, counts)
    assert any(f"[{lost.id}] are nowhere" in x for x in problems)


def test_invariants_catch_broken_units_and_decisions():
    game, counts = _game_in_play()
    unit = game.players[1].units[0]
    unit.tapped = 1
    assert any("tapped=1" in x for x in soak.invariant_problems(game, counts))
    unit.tapped = False
    unit.is_main_character = not unit.is_main_character
    assert any("Main Characters on the field" in x for x in soak.invariant_problems(game, counts))
    unit.is_main_character = not unit.is_main_character
    cards, unit.cards = unit.cards, []
    assert any("empty stack" in x for x in soak.invariant_problems(game, counts))
    unit.cards = cards
    game.decision = None
    assert any("pending decision is None" in x for x in soak.invariant_problems(game, counts))


def test_a_failing_game_is_reported_with_its_seed_and_exit_status_1(monkeypatch, capsys):
    real = soak.play_game

    def broken(seed, decks, **kw):
        if seed == 1 and kw.get("check", True):
            raise RuntimeError("boom")
        return real(seed, decks, **kw)
    monkeypatch.setattr(soak, "play_game", broken)
    assert soak.main(["3"]) == 1
    out = capsys.readouterr().out
    assert "FAILED seed 1: RuntimeError: boom" in out
    assert "failures: 1 (seeds 1)" in out


def test_a_game_that_does_not_replay_is_a_failure(monkeypatch, capsys):
    digests = itertools.count()
    monkeypatch.setattr(soak, "events_digest", lambda events: str(next(digests)))
    assert soak.main(["1"]) == 1
    assert "FAILED seed 0: the same game played twice gave different events" in capsys.readouterr().out
