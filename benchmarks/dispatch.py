"""4. Event dispatch: the cost of publishing one event with 0, 10 and 100 skills or
handlers on the board that do not listen to that event type.

- *bus*: an :class:`~fecipher.engine.bus.EventBus` with N handlers subscribed to
  another event type (``Deployed``); one ``Tapped`` event published. For contrast,
  N handlers subscribed to ``Tapped`` itself (each must be called: that grows).
- *game*: ``Game.emit`` (cache reset, event log, bus, automatic skills) with N units
  on the field, each with an automatic skill triggered by ``Deployed`` (a trigger
  that never matches); one ``Tapped`` event emitted. For contrast, a ``Deployed``
  event, whose trigger every one of the N skills must test.

The figure is the median over repetitions of the mean time per event.
"""
from __future__ import annotations

import time

from benchmarks.common import median, row
from fecipher.engine import events as ev
from fecipher.engine.bus import EventBus
from fecipher.engine.cards import Card
from fecipher.engine.game import Game
from fecipher.engine.skills import Skill, SkillKind, Trigger
from fecipher.engine.state import FRONT

NAME = "dispatch"
TITLE = "event dispatch"
COUNTS = (0, 10, 100)


def _per_event(publish, n: int, repeat: int) -> float:
    for _ in range(min(n, 1000)):   # warm-up
        publish()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(n):
            publish()
        times.append((time.perf_counter() - t) / n)
    return median(times)


def bus_cost(listeners: int, same_type: bool, n: int, repeat: int) -> float:
    bus = EventBus()
    calls = [0]

    def handler(game, event):
        calls[0] += 1
    for _ in range(listeners):
        bus.subscribe(ev.Tapped if same_type else ev.Deployed, handler)
    e = ev.Tapped(0, 1, "Marth", False)
    return _per_event(lambda: bus.publish(None, e), n, repeat)


def _never(ctx, event) -> bool:
    return False


def _nothing(ctx):
    return
    yield  # pragma: no cover


LISTENER = Skill("Listener", SkillKind.AUTOMATIC, "When an ally is deployed: nothing.",
                 triggers=(Trigger(ev.Deployed, _never, "when an ally is deployed"),), effect=_nothing)


def board(units: int) -> Game:
    """A game with no decks, not started, with ``units`` units split between the players'
    Front Lines, each with the automatic skill :data:`LISTENER`."""
    g = Game(None, None, 0, start=False)
    for i in range(units):
        card = Card(f"Listener {i}", "Benchmark", (f"Z01-{i:03d}",), 1, skills=(LISTENER,), attack=10,
                    ranges=frozenset({1}))
        owner = i % 2
        copy = g.new_copy(card, owner)
        u = g.new_unit(owner, [copy], FRONT)
        g.players[owner].front.append(u)
    g.phase = "action"
    return g


def game_cost(units: int, listened: bool, n: int, repeat: int) -> float:
    g = board(units)
    e = ev.Deployed(0, 1, 1, "Marth", FRONT, 0, False) if listened else ev.Tapped(0, 1, "Marth", False)

    def emit():
        g.emit(e)
        # (kept below the engine's events-per-decision guard, engine decision 17)
        if len(g.events) >= g.max_events_per_decision // 2:
            g.events.clear()
    return _per_event(emit, n, repeat)


def run(quick: bool = False) -> list[dict]:
    b = TITLE
    n = 20000 if quick else 100000
    repeat = 1 if quick else 5
    rows = []
    bus = {k: bus_cost(k, False, n, repeat) for k in COUNTS}
    bus_same = {k: bus_cost(k, True, n, repeat) for k in COUNTS}
    game = {k: game_cost(k, False, n, repeat) for k in COUNTS}
    game_same = {k: game_cost(k, True, n // 20, repeat) for k in COUNTS}
    flat_bus = bus[100] / bus[0]
    flat_game = game[100] / game[0]
    for k in COUNTS:
        rows.append(row(b, f"bus.publish, {k} handlers on another type", bus[k] * 1e6, "us/event"))
    rows.append(row(b, "bus: 100 / 0 handlers not listening", flat_bus, "x", target="flat (about 1)",
                    met=flat_bus < 1.5))
    for k in COUNTS:
        rows.append(row(b, f"Game.emit, {k} units whose skills listen to another type", game[k] * 1e6,
                        "us/event"))
    rows.append(row(b, "game: 100 / 0 skills not listening", flat_game, "x", target="flat (about 1)",
                    met=flat_game < 1.5))
    rows.append(row(b, "contrast: handlers on the same type (0/10/100)",
                    " / ".join(f"{bus_same[k] * 1e6:.2f}" for k in COUNTS), "us/event",
                    note="each listening handler is called"))
    rows.append(row(b, "contrast: skills triggered by the event (0/10/100)",
                    " / ".join(f"{game_same[k] * 1e6:.1f}" for k in COUNTS), "us/event",
                    note="each listening skill's trigger is tested"))
    return rows
