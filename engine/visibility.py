"""Hidden information: which player may see each card, and each event as a player saw it.

The rules (see docs/rules.md, "Hidden information"):

- a card in a **hand** is seen by its owner only;
- a card in a **deck** is seen by nobody; a **face-down orb** by nobody, its owner
  included (rulebook: "you cannot look at any of your Orbs unless you activate a
  skill that allows you to do so");
- **bonds**, face-up or face-down, are seen by both players (rulebook: "both players
  can look at either player's face-down Bonds at any time");
- the **field** (every card of every stack), the **Support**, **Retreat** and
  **Boundless** Areas and **face-up orbs** are seen by both; except that during the
  **set-up** each Main Character is face-down in its owner's Front Line and seen by
  its owner only (rule 13: set aside face-down, turned face-up together as the game
  starts; ``game.mcs_face_down``);
- on top of that, a player *knows* a card in a hidden place that they looked at
  ("look at the top 3 cards of your deck"), that was revealed to them ("reveal 1 card
  from your hand": both players), or that they searched for in a deck, **until the
  card moves** (or its deck is shuffled, or an orb is turned face-down): a card that
  moves is forgotten; where it lands, the area's rule says who sees it.

The game keeps this as data (deterministic, cheap, updated by the primitive moves of
:mod:`fecipher.engine.moves`):

- ``game.known``: card id -> bit mask of the players who know that card although it
  is in a hidden place (bit ``1 << player``); empty in most games;
- ``game.audience``: event index -> bit mask of the players who saw the card(s) that
  event names, for the events not seen by both (a draw, a card put from the hand on
  top of the deck, a look at ...). Every other event was seen by both.

Events are kept whole (their JSON form is the game's record); :func:`seen_by` gives an
event as one player saw it: the card ids and names they did not see are blanked out
(ids too: copies are numbered in deck-list order, so an id would name the card).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import attrs

from fecipher.engine import events as ev
from fecipher.engine.cards import CardCopy
from fecipher.engine.state import BONDS, DECK, HAND, ORBS

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game
    from fecipher.engine.state import Unit

NOBODY = 0
BOTH = 3

# Places, as the player views and option labels name them.
PLACE_WORDS = {HAND: "hand", DECK: "deck", ORBS: "orbs", BONDS: "bonds"}


def bit(player: int) -> int:
    return 1 << player


def place_audience(area: str, owner: int, face_up: bool = True) -> int:
    """Who sees a card in ``area`` by the rules alone (a bit mask; knowledge aside).
    ``face_up`` matters for orbs only (bonds are seen by both either way)."""
    if area == HAND:
        return 1 << owner
    if area == DECK:
        return NOBODY
    if area == ORBS:
        return BOTH if face_up else NOBODY
    return BOTH


def where(game: "Game", copy: CardCopy) -> tuple[str, bool, int]:
    """(area, face_up, index in that area) of a card; on the field, the index is the
    card's place in its unit's stack (0: the top card)."""
    area, obj = game.locate(copy)
    p = game.players[copy.owner]
    if area == ORBS:
        return area, obj.face_up, p.orbs.index(obj)
    if area == BONDS:
        return area, obj.face_up, p.bonds.index(obj)
    if area == "field":
        return area, True, next(i for i, c in enumerate(obj.cards) if c is copy)
    return area, True, next(i for i, c in enumerate(obj) if c is copy)


def face_down_unit(game: "Game", unit: "Unit") -> bool:
    """Is this unit's card face-down on the field? Only a Main Character during the
    set-up (rule 13: set aside face-down, both turned face-up as the game starts)."""
    return game.mcs_face_down and unit.is_main_character


def unit_audience(game: "Game", unit: "Unit") -> int:
    """Who sees the cards of a unit on the field (a bit mask): both, or its owner
    alone while it is face-down (:func:`face_down_unit`)."""
    return (1 << unit.owner) if face_down_unit(game, unit) else BOTH


def audience_of(game: "Game", copy: CardCopy) -> int:
    """The players who may see ``copy`` where it is now (a bit mask)."""
    area, obj = game.locate(copy)
    if area == "field":
        return unit_audience(game, obj) | game.known.get(copy.id, NOBODY)
    face_up = obj.face_up if area == ORBS else True
    return place_audience(area, copy.owner, face_up) | game.known.get(copy.id, NOBODY)


def can_see(game: "Game", viewer: int, copy: CardCopy) -> bool:
    """May ``viewer`` see which card ``copy`` is, where it is now?"""
    return bool(audience_of(game, copy) & (1 << viewer))


def learn(game: "Game", players: int, cards: Iterable[CardCopy]) -> None:
    """The players of the mask ``players`` now know these cards (until they move).
    Cards in places those players see anyway need no note."""
    known = game.known
    for c in cards:
        known[c.id] = known.get(c.id, NOBODY) | players


def forget(game: "Game", cards: Iterable[CardCopy]) -> None:
    """Nobody knows these cards any more beyond what their area shows (a shuffle)."""
    known = game.known
    if known:
        for c in cards:
            known.pop(c.id, None)


def searched(game: "Game", chooser: int, cards: Iterable[CardCopy]) -> None:
    """A choice among cards in a deck ("choose 1 red card from your deck") is a
    search: the chooser looks through that whole deck and knows its cards until
    they move or the deck is shuffled. (No event: a search was always part of the
    choice; only what the chooser may know is noted.)"""
    cards = list(cards)
    decks = []
    for owner in (0, 1):
        ids = {c.id for c in game.players[owner].deck}
        if ids and any(c.owner == owner and c.id in ids for c in cards):
            decks.append(owner)
    me = 1 << chooser
    known = game.known
    for owner in decks:
        for c in game.players[owner].deck:
            known[c.id] = known.get(c.id, NOBODY) | me


def card_label(game: "Game", chooser: int, copy: CardCopy) -> str:
    """An option's words for a card: its name if ``chooser`` may see it, else only
    where it is ("an unknown card in your opponent's hand, 3rd")."""
    if can_see(game, chooser, copy):
        return copy.card.name
    return hidden_label(game, chooser, copy)


def hidden_label(game: "Game", chooser: int, copy: CardCopy) -> str:
    area, _face_up, index = where(game, copy)
    whose = "your" if copy.owner == chooser else "your opponent's"
    return f"unknown card ({whose} {PLACE_WORDS.get(area, area)}, {index + 1})"


# ----------------------------------------------------------------------------- events
_CARD_FIELDS = ("card", "name", "cards", "names")


def event_audience(game: "Game", index: int) -> int:
    """Who saw the card(s) that event ``index`` names (a bit mask)."""
    return game.audience.get(index, BOTH)


def seen_by(game: "Game", index: int, viewer: int) -> ev.Event:
    """Event ``index`` as ``viewer`` saw it: the same event when they saw its cards,
    else a copy whose card ids and names are blanked out (``None``, or ``()`` for
    lists; counts and areas stay: the opponent sees that a card was drawn)."""
    e = game.events[index]
    if game.audience.get(index, BOTH) & (1 << viewer):
        return e
    return redact(e)


def redact(e: ev.Event) -> ev.Event:
    """``e`` with the ids and names of the cards it names blanked out."""
    names = {f.name for f in attrs.fields(type(e))}
    changes: dict = {}
    for f in _CARD_FIELDS:
        if f in names:
            changes[f] = () if f.endswith("s") else None
    return attrs.evolve(e, **changes) if changes else e


def events_seen_by(game: "Game", viewer: int, since: int = 0) -> list[ev.Event]:
    """Every event from index ``since`` on, as ``viewer`` saw it."""
    audience = game.audience
    events = game.events
    if not audience:
        return events[since:]
    me = 1 << viewer
    return [e if audience.get(i, BOTH) & me else redact(e) for i, e in enumerate(events[since:], since)]
