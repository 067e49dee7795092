"""The event bus: handlers subscribe by event type, before or after.

*Before* handlers see a proposed event ("this unit would be destroyed", "2 orbs
would break") and may return a changed copy of it (``attrs.evolve``) or
:data:`PREVENT`; the engine then carries out whatever survives and publishes it.
*After* handlers see what happened. Handlers are indexed by event type, so an
event costs nothing for handlers that do not listen to it.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

from fecipher.engine.events import Event


class _Prevent:
    def __repr__(self) -> str:
        return "PREVENT"


PREVENT: Any = _Prevent()

Handler = Callable[[Any, Event], Any]


class EventBus:
    def __init__(self) -> None:
        self._before: dict[type, list[Handler]] = defaultdict(list)
        self._after: dict[type, list[Handler]] = defaultdict(list)
        self._any: list[Handler] = []

    def subscribe(self, event_type: type, handler: Handler, *, before: bool = False) -> Callable[[], None]:
        """Subscribe ``handler(game, event)``; returns a function that unsubscribes.

        Subscribing to :class:`Event` itself (after only) receives every event.
        """
        if event_type is Event:
            if before:
                raise ValueError("before-handlers subscribe to one event type")
            lst = self._any
        else:
            lst = (self._before if before else self._after)[event_type]
        lst.append(handler)

        def unsubscribe() -> None:
            if handler in lst:
                lst.remove(handler)
        return unsubscribe

    def has_before(self, event_type: type) -> bool:
        return bool(self._before.get(event_type))

    def propose(self, game: Any, event: Event) -> Event | None:
        """Offer ``event`` to before-handlers; return it (maybe changed) or None if prevented."""
        handlers = self._before.get(type(event))
        if not handlers:
            return event
        for h in list(handlers):
            r = h(game, event)
            if r is PREVENT:
                return None
            if r is not None:
                if type(r) is not type(event):
                    raise TypeError(f"before-handler {h!r} returned {type(r).__name__} for {type(event).__name__}")
                event = r
        return event

    def publish(self, game: Any, event: Event) -> None:
        for h in self._any:
            h(game, event)
        handlers = self._after.get(type(event))
        if handlers:
            for h in list(handlers):
                h(game, event)
