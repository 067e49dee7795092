"""The reinforcement-learning environments (play/rl.py, play/rl_pettingzoo.py):
OpenSpiel-style state, observations from the player's view only, action masks,
clones, and PettingZoo's own API test."""
from __future__ import annotations

import random

import pytest

import fecipher
from fecipher.engine.decisions import IllegalAnswer
from fecipher.play import rl


def _env(seed: int = 1, **kw) -> rl.GameEnv:
    return rl.GameEnv(fecipher.load_deck("marth"), fecipher.load_deck("chrom"), seed=seed,
                      pool=fecipher.embedded_pool(), **kw)


def _block(obs: list[int], name: str) -> list[int]:
    start = 0
    for n, size, _ in rl.LAYOUT:
        if n == name:
            return obs[start:start + size]
        start += size
    raise KeyError(name)


def test_a_random_game_through_the_state_interface():
    env = _env(3, max_turns=40)
    rng = random.Random(0)
    steps = 0
    while not env.is_terminal():
        p = env.current_player()
        legal = env.legal_actions()
        assert legal == list(range(len(env.game.decision.options))) and env.legal_actions(1 - p) == []
        mask = env.legal_actions_mask()
        assert len(mask) == rl.NUM_ACTIONS and sum(mask) == len(legal)
        for viewer in (0, 1):
            obs = env.observation(viewer)
            assert len(obs) == rl.OBSERVATION_SIZE
            view = env.game.view(viewer, len(env.game.events))
            # the opponent's hand: a 1 for every card the viewer does not know, nothing else
            hand = _block(obs, "opponent.hand")
            assert hand[:view.opponent.hand_size] == [env.index.number(c) for c in view.opponent.hand][:30]
            assert all(v == 1 for v, c in zip(hand, view.opponent.hand) if c.unknown)
            assert _block(obs, "global")[6] == int(viewer == p)
            rows = _block(obs, "options")
            assert any(rows) == (viewer == p)
        assert env.action_to_string(legal[0]) == env.game.view(p).decision.options[0].label
        env.apply(rng.choice(legal))
        steps += 1
    assert env.current_player() == -4 and env.legal_actions() == []
    r = env.returns()
    assert r in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
    assert (r != (0.0, 0.0)) == (env.game.winner is not None)
    assert _block(env.observation(0), "global")[4] == 1


def test_an_illegal_action_changes_nothing():
    env = _env()
    before = (list(env.game.events), env.game.decision)
    for bad in (99, -1, 1.0, True, "0", None):
        with pytest.raises(IllegalAnswer):
            env.apply(bad)  # type: ignore[arg-type]
    assert (list(env.game.events), env.game.decision) == before


def test_a_clone_is_independent_and_plays_the_same():
    env = _env(4)
    rng = random.Random(1)
    for _ in range(40):
        env.apply(rng.choice(env.legal_actions()))
    c = env.clone()
    assert c.observation(0) == env.observation(0) and c.game is not env.game
    for _ in range(30):
        if env.is_terminal():
            break
        a = rng.choice(env.legal_actions())
        env.apply(a)
        c.apply(a)
    assert c.game.events == env.game.events


def test_observations_do_not_depend_on_what_the_viewer_cannot_see():
    """Two games that differ only in a card of player 1's hand (swapped with another
    card of their deck): player 0's observations are identical, player 1's are not."""
    a, b = _env(8), _env(8)
    p1 = b.game.players[1]
    k = next(i for i, c in enumerate(p1.deck) if c.card is not p1.hand[0].card)
    p1.hand[0], p1.deck[k] = p1.deck[k], p1.hand[0]
    b.game.invalidate()
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
    rng = random.Random(3)
    while a.current_player() == 0 and not a.is_terminal():
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
        assert a.observation(0) == b.observation(0)


def test_pettingzoo_api_test_passes():
    # (pettingzoo is in the test extra: a missing one is a broken set-up, not a skip)
    from pettingzoo.test import api_test

    from fecipher.play.rl_pettingzoo import env
    api_test(env(seed=2, max_turns=10), num_cycles=200, verbose_progress=False)


def test_random_policies_for_a_few_episodes():
    from fecipher.play.rl_pettingzoo import main, run_random
    results = run_random(3, seed=5, max_turns=60)
    assert len(results) == 3
    for r in results:
        assert sorted(r.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert main(["--episodes", "1", "--max-turns", "5"]) == 0
