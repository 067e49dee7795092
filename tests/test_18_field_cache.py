"""The continuous effects that follow from the field alone are remembered across
events (``Game._field_cache``) until a primitive changes the field, a modifier
or a registered skill. They must always be what a fresh look at the field finds:
checked after every event of seeded random games between the starter decks, and
after boards changed by hand (which call ``Game.invalidate``)."""
import random

import pytest

from fecipher.dsl.decks import load_deck
from fecipher.engine import modifiers as M
from fecipher.engine.agents import RandomAgent, play
from fecipher.engine.events import Event
from fecipher.engine.game import Game


def _fresh(game: Game, stat: str) -> list:
    """``game._continuous_sources(stat)`` found again with nothing remembered."""
    saved = game._cache, game._field_cache
    game._cache, game._field_cache = {}, {}
    try:
        return list(game._continuous_sources(stat))
    finally:
        game._cache, game._field_cache = saved


def _values(sources: list) -> list:
    return [(ce.stat, ce.op, ce.text, ctx.skill.name, ctx.unit_id, ctx.source.id) for ce, ctx in sources]


def _check(game: Game, event: Event | None = None) -> None:
    if game._computing:
        return
    for stat in sorted(game._live_stats):
        remembered = game._continuous_sources(stat)
        assert _values(remembered) == _values(_fresh(game, stat)), (stat, event)
        assert M.idle(game, stat) == (stat not in game._mods_by_stat and not _fresh(game, stat)), (stat, event)


@pytest.fixture(scope="module")
def decks():
    return load_deck("marth"), load_deck("chrom")


@pytest.mark.parametrize("seed", range(6))
def test_field_values_match_a_fresh_look_after_every_event(decks, seed):
    game = Game(*decks, seed=seed)
    game.bus.subscribe(Event, lambda g, e: _check(g, e))
    rng = random.Random(seed)
    play(game, [RandomAgent(rng.randrange(1000)), RandomAgent(rng.randrange(1000))])
    assert game.over


def test_a_board_changed_by_hand_is_seen_after_invalidate(decks):
    game = Game(*decks, seed=3)
    agent = RandomAgent(1)
    for _ in range(60):
        if game.over:
            break
        game.answer(agent(game))
    for stat in game._live_stats:
        game._continuous_sources(stat)
    p = game.players[0]
    moved = [u for u in p.front if not u.is_main_character] or p.front
    u = moved[0]
    p.front.remove(u)
    u.area = "back"
    p.back.append(u)
    game.invalidate()
    _check(game)
