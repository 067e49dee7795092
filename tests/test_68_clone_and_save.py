"""Copies and saves at any decision (engine/snapshot.py): ``game.clone()`` and
``Game.to_json`` / ``Game.from_json``.

At random decisions of random games (the starter decks and random decks of the
whole embedded pool, random answers), a clone and a JSON round trip are made; the
original, the clone and the loaded game are then given the same answers and must
publish identical events, decide identically and end identically. Playing the clone
(first, and further than the original) must leave the original unchanged. About
1,000 decisions are cloned in CI (``FECIPHER_FUZZ=1`` draws fresh games).
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.soak import decks_for
from fecipher.dsl.decks import load_deck
from fecipher.dsl.packs import embedded_pool
from fecipher.engine import decisions as D
from fecipher.engine.game import BadArgument, Game
from fecipher.engine.records import ReplayMismatch
from fecipher.engine.snapshot import at_restart_point
from fecipher.play.agents import RandomAgent
from fuzz_settings import fuzz_settings
from vanilla import FILLER, add_cards, begin, card, duel

KINDS_SEEN: set[str] = set()
CLONED = [0]


def _events(g: Game) -> list:
    return [e.to_json() for e in g.events]


def _state(g: Game, views: bool = True) -> tuple:
    """Everything a caller can observe: events, the decision, both players' views."""
    d = g.decision
    return (list(g.events), None if d is None else d.to_json(), g.over, g.winner, g.reason,
            *((g.view(0).to_json(), g.view(1).to_json()) if views else ()))


def _play_on(games: list[Game], rng: random.Random, steps: int) -> None:
    """Give every game the same random answers for ``steps`` decisions; they must agree."""
    for _ in range(steps):
        first = games[0]
        if first.over:
            break
        i = rng.randrange(len(first.legal_options()))
        decision = first.decision
        for g in games:
            assert g.decision == decision
            g.answer(i)
    ref = games[0].events
    for g in games[1:]:
        assert g.events == ref
    assert len({(g.over, g.winner, g.reason, len(g.events)) for g in games}) == 1


def _game(seed: int) -> Game:
    if seed % 3 == 0:
        d1, d2 = load_deck("marth"), load_deck("chrom")
    else:
        d1, d2 = decks_for(seed)
    return Game(d1, d2, seed=seed, first_player=None if seed % 2 else seed % 4 // 2, max_turns=40)


# One xdist worker runs both (``--dist loadgroup``): the second checks what the first saw.
@pytest.mark.xdist_group("clone-games")
@fuzz_settings(40)
@given(seed=st.integers(0, 10_000), script=st.integers(0, 2**32))
def test_clones_and_saves_continue_identically(seed, script):
    rng = random.Random(script)
    g = _game(seed)
    agent = RandomAgent(script)
    pool = embedded_pool()
    clones = 0
    while not g.over and clones < 60:
        if rng.random() < 0.5:
            KINDS_SEEN.add(g.decision.kind)
            views = rng.random() < 0.2
            before = _state(g, views)
            c = g.clone()
            clones += 1
            CLONED[0] += 1
            assert c is not g and c.players is not g.players and c.bus is not g.bus
            assert _state(c, views) == before
            saved = rng.random() < 0.1
            if saved:
                loaded = Game.from_json(json.loads(json.dumps(g.to_json())), pool)
                assert _state(loaded, views) == before
            # The clone goes first and further: the original must not notice.
            ahead = random.Random(rng.random())
            _play_on([c], random.Random(ahead.random()), 3)
            assert _state(g, views) == before
            # Now the same answers for the original, a fresh clone and the loaded game.
            again = g.clone()
            _play_on([g, again] + ([loaded] if saved else []), random.Random(rng.random()), rng.randrange(1, 12))
        else:
            g.answer(agent(g))
    if g.over:
        c = g.clone()
        assert _state(c) == _state(g)


@pytest.mark.xdist_group("clone-games")
def test_every_kind_of_decision_was_cloned():
    """The random games above clone 1,000 decisions, inside battles and skills too
    (this test runs after them)."""
    if not KINDS_SEEN:
        pytest.skip("run with test_clones_and_saves_continue_identically")
    assert CLONED[0] >= 1000
    assert {D.MULLIGAN, D.BOND, D.DEPLOYMENT, D.ACTION, D.CRITICAL_HIT, D.EVASION, D.CHOOSE,
            D.BREAK_ORB} <= KINDS_SEEN


def _inner_decision(seed: int = 1) -> Game:
    g = Game(load_deck("marth"), load_deck("chrom"), seed=seed)
    agent = RandomAgent(seed)
    while g.decision.kind not in (D.CRITICAL_HIT, D.EVASION) or at_restart_point(g):
        g.answer(agent(g))
    return g


def test_a_clone_in_a_battle_is_exact_and_independent():
    g = _inner_decision()
    assert g.battle is not None and not at_restart_point(g)
    c = g.clone()
    assert c.battle is not g.battle and c.battle.attacker == g.battle.attacker
    c2 = g.clone()   # from the kept copy of the last restart point this time
    assert g._checkpoint is not None and _state(c2) == _state(g)
    _play_on([g, c, c2], random.Random(5), 40)


def test_clones_of_clones_and_of_loaded_games():
    g = _inner_decision(2)
    loaded = Game.from_json(g.to_json(), embedded_pool())
    cc = g.clone().clone()
    lc = loaded.clone()
    _play_on([g, cc, loaded, lc], random.Random(9), 60)


def test_a_save_is_a_record_and_refuses_other_cards():
    g = _inner_decision(3)
    data = g.to_json()
    assert data["format"] == "fecipher-record/1" and "result" not in data
    assert len(data["answers"]) == len(g.answers)
    data["answers"][-1]["label"] = "something else"
    with pytest.raises(ReplayMismatch, match="label"):
        Game.from_json(data, embedded_pool())


def test_a_finished_game_saves_and_clones_with_its_result_and_concession():
    g = _inner_decision(4)
    g.concede(g.decision.player)
    data = g.to_json()
    assert data["conceded"] == {"player": g.events[-2].player, "after": len(g.answers)}
    loaded = Game.from_json(data, embedded_pool())
    assert _state(loaded) == _state(g) == _state(g.clone())


def test_a_board_filled_by_hand_clones_only_at_restart_points():
    g, mc0, mc1 = duel()
    add_cards(g, 0, "hand", card("Lord 0", "another title"))    # a critical hit to decide
    begin(g)
    assert at_restart_point(g)
    c = g.clone()
    assert _state(c) == _state(g)
    attack = next(o for o in g.legal_options() if o.kind == D.ATTACK)
    _play_on([g, c], random.Random(1), 0)
    g.answer(attack)
    c.answer(attack)
    assert g.decision.kind == D.CRITICAL_HIT and not at_restart_point(g)
    assert _state(c) == _state(g)
    with pytest.raises(BadArgument, match="filled by hand"):
        g.clone()
    with pytest.raises(BadArgument, match="cannot be saved"):
        g.to_json()


def test_a_determinised_copy_is_not_saved():
    from fecipher.play.ai import clone_game
    g = Game(load_deck("marth"), load_deck("chrom"), seed=6)
    while not at_restart_point(g):
        g.answer(0)
    d = clone_game(g, random.Random(1))
    with pytest.raises(BadArgument, match="determinised"):
        d.to_json()


def test_games_whose_filler_is_not_in_the_pool_are_refused_on_load():
    g, _, _ = duel()
    assert FILLER is not None
    with pytest.raises(BadArgument):
        g.to_json()


@pytest.mark.parametrize("seed", [1, 2, 6])
def test_a_save_at_every_decision_of_the_first_turns_continues_identically(seed):
    """Every decision of the first turns (set-up, battles, skills): saved, loaded, and
    the loaded game given the original's next answers."""
    g = _game(seed)
    pool = embedded_pool()
    rng = random.Random(seed)
    saves = 0
    while not g.over and g.turn <= 5:
        loaded = Game.from_json(json.loads(json.dumps(g.to_json())), pool)
        assert _state(loaded, views=False) == _state(g, views=False)
        i = rng.randrange(len(g.legal_options()))
        loaded.answer(i)
        g.answer(i)
        assert loaded.events == g.events
        saves += 1
    assert saves >= 10   # (random decks of the pool: some first turns are short)
