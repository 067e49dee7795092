"""A player's view: what one player may know of a game, as frozen, JSON-serialisable data.

``game.view(player)`` gives a :class:`PlayerView`: the player's own hand and the
cards they know, the opponent's hand as its size (with the cards of it they know),
deck sizes and the known cards of the decks, orbs face-down as unknown cards (with
what the viewer knows of them), bonds (both players see face-down bonds: rulebook),
the public areas (the field with its stacks, attack, tapped, Main Character; Support,
Retreat and Boundless Areas), the battle going on, the pending decision if it is
theirs (its options as they may see them), and the events as they saw them.

A card the viewer may not see is a :class:`CardView` with no id, no code and no name:
only its owner, its area and its index in that area (an opaque handle: an option
about that card names the same owner, area and index). Ids are withheld too, since
copies are numbered in deck-list order. Nothing in a view refers back to the game.
See docs/view.md; the rules of who sees what are in :mod:`fecipher.engine.visibility`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from fecipher.engine import events as ev
from fecipher.engine.cards import CardCopy
from fecipher.engine.state import BONDS, BOUNDLESS, DECK, HAND, ORBS, RETREAT, SUPPORT, Unit
from fecipher.engine.visibility import (
    audience_of, events_seen_by, face_down_unit, hidden_label, place_audience, unit_audience, where,
)

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game
    from fecipher.engine.jsontypes import JSONValue


def to_json(x: Any) -> "JSONValue":
    """Plain JSON values of a view (attrs classes as objects, tuples as lists)."""
    if isinstance(x, ev.Event):
        return x.to_json()
    if attrs.has(type(x)):
        return {f.name: to_json(getattr(x, f.name)) for f in attrs.fields(type(x))}
    if isinstance(x, (tuple, list, frozenset)):
        return [to_json(v) for v in x]
    if isinstance(x, dict):
        return {str(k): to_json(v) for k, v in x.items()}
    return x


class _Json:
    def to_json(self) -> "JSONValue":
        """Plain JSON values (objects, lists, strings, numbers, booleans, null)."""
        return to_json(self)


@attrs.frozen
class CardView(_Json):
    """One card as the viewer sees it. An unknown card has ``id``, ``code`` and ``name``
    None; ``owner``, ``area`` and ``index`` (its position in that area: from the top of
    a deck, in the order of the hand, orbs, bonds ...) say where it is."""

    owner: int
    area: str
    index: int
    id: int | None = None
    code: str | None = None
    name: str | None = None
    face_up: bool = True        # orbs and bonds
    known: bool = False         # seen because the viewer looked at it / it was revealed, not by its area's rule

    @property
    def unknown(self) -> bool:
        return self.id is None


@attrs.frozen
class UnitView(_Json):
    """A unit on the field (public): its stack top card first. A face-down Main
    Character during the set-up (rule 13) is seen by its owner only: for the
    opponent its ``name`` and ``attack`` are None and its cards are unknown."""

    id: int
    owner: int
    name: str | None
    line: str
    cards: tuple[CardView, ...]
    attack: int | None
    tapped: bool
    main_character: bool
    class_changed: bool


@attrs.frozen
class SideView(_Json):
    """One player's areas as the viewer sees them."""

    player: int
    hand_size: int
    hand: tuple[CardView, ...]          # every card; the unknown ones without id/name
    deck_size: int
    deck_known: tuple[CardView, ...]    # the deck cards the viewer knows (index: from the top)
    orbs: tuple[CardView, ...]
    bonds: tuple[CardView, ...]
    front: tuple[UnitView, ...]
    back: tuple[UnitView, ...]
    support: tuple[CardView, ...]
    retreat: tuple[CardView, ...]
    boundless: tuple[CardView, ...]


@attrs.frozen
class OptionView(_Json):
    """An option as its player may see it. ``place`` is (owner, area, index) of the
    card the option is about; for a card they cannot see ``card`` is None and the
    label says only where it is."""

    index: int
    kind: str
    label: str
    card: int | None = None
    unit: int | None = None
    target: int | None = None
    area: str | None = None
    skill: str | None = None
    place: tuple[int, str, int] | None = None
    unknown: bool = False


@attrs.frozen
class DecisionView(_Json):
    """The viewer's pending decision: its options as they may see them (``OptionView``),
    and for choices made one at a time how many were chosen so far and the bounds."""

    player: int
    kind: str
    prompt: str
    options: tuple[OptionView, ...]
    chosen: int | None = None     # for choices made one at a time: how many so far, and the bounds
    minimum: int | None = None
    maximum: int | None = None


@attrs.frozen
class BattleView(_Json):
    """The battle going on: who attacks, and the attacking and defending units' ids."""

    attacking_player: int
    attacker: int | None
    defender: int | None


@attrs.frozen
class PlayerView(_Json):
    """What ``viewer`` may know of the game (see the module docstring)."""

    viewer: int
    turn: int
    turn_player: int
    first_player: int | None
    phase: str
    over: bool
    winner: int | None
    reason: str
    me: SideView
    opponent: SideView
    battle: BattleView | None
    deciding: int | None                 # who must answer now (public)
    decision: DecisionView | None        # the pending decision if it is the viewer's
    events_since: int
    events: tuple[ev.Event, ...]         # events[since:] as the viewer saw them

    @property
    def sides(self) -> tuple[SideView, SideView]:
        """Both sides by player number."""
        return (self.me, self.opponent) if self.viewer == 0 else (self.opponent, self.me)


# ----------------------------------------------------------------------------- building
def _card(game: "Game", viewer: int, c: CardCopy, area: str, index: int, face_up: bool = True) -> CardView:
    by_rule = place_audience(area, c.owner, face_up) & (1 << viewer)
    known = not by_rule and bool(game.known.get(c.id, 0) & (1 << viewer))
    if by_rule or known:
        return CardView(c.owner, area, index, c.id, c.card.code, c.card.name, face_up, known)
    return CardView(c.owner, area, index, face_up=face_up)


def _unit(game: "Game", viewer: int, u: Unit) -> UnitView:
    if face_down_unit(game, u):
        seen = bool(unit_audience(game, u) & (1 << viewer))
        cards = tuple(CardView(c.owner, "field", i, c.id, c.card.code, c.card.name, False) if seen
                      else CardView(c.owner, "field", i, face_up=False) for i, c in enumerate(u.cards))
        return UnitView(u.id, u.owner, u.card.name if seen else None, u.area, cards,
                        game.attack(u) if seen else None, u.tapped, u.is_main_character, u.class_changed)
    return UnitView(u.id, u.owner, u.card.name, u.area,
                    tuple(_card(game, viewer, c, "field", i) for i, c in enumerate(u.cards)),
                    game.attack(u), u.tapped, u.is_main_character, u.class_changed)


def _side(game: "Game", viewer: int, player: int) -> SideView:
    p = game.players[player]
    deck_known = tuple(cv for i, c in enumerate(p.deck)
                       if game.known.get(c.id, 0) & (1 << viewer)
                       for cv in (_card(game, viewer, c, DECK, i),))
    return SideView(
        player=player,
        hand_size=len(p.hand),
        hand=tuple(_card(game, viewer, c, HAND, i) for i, c in enumerate(p.hand)),
        deck_size=len(p.deck),
        deck_known=deck_known,
        orbs=tuple(_card(game, viewer, o.copy, ORBS, i, o.face_up) for i, o in enumerate(p.orbs)),
        bonds=tuple(_card(game, viewer, b.copy, BONDS, i, b.face_up) for i, b in enumerate(p.bonds)),
        front=tuple(_unit(game, viewer, u) for u in p.front),
        back=tuple(_unit(game, viewer, u) for u in p.back),
        support=tuple(_card(game, viewer, c, SUPPORT, i) for i, c in enumerate(p.support)),
        retreat=tuple(_card(game, viewer, c, RETREAT, i) for i, c in enumerate(p.retreat)),
        boundless=tuple(_card(game, viewer, c, BOUNDLESS, i) for i, c in enumerate(p.boundless)),
    )


def option_view(game: "Game", viewer: int, index: int, o: Any) -> OptionView:
    """An option of the pending decision as ``viewer`` may see it."""
    place = None
    if o.card is not None and o.card in game._copies:
        c = game.copy(o.card)
        area, face_up, at = where(game, c)
        place = (c.owner, area, at)
        seen = audience_of(game, c)
        if not seen & (1 << viewer):
            return OptionView(index, o.kind, hidden_label(game, viewer, c), None, o.unit, o.target, o.area,
                              o.skill, place, True)
    return OptionView(index, o.kind, o.label, o.card, o.unit, o.target, o.area, o.skill, place)


def decision_view(game: "Game", viewer: int) -> DecisionView | None:
    d = game.decision
    if d is None or game.over or d.player != viewer:
        return None
    ctx = d.context or {}

    def num(k: str) -> int | None:
        v = ctx.get(k)
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    return DecisionView(d.player, d.kind, d.prompt,
                        tuple(option_view(game, viewer, i, o) for i, o in enumerate(d.options)),
                        num("chosen"), num("min"), num("max"))


def player_view(game: "Game", viewer: int, since: int = 0) -> PlayerView:
    """What ``viewer`` may know of ``game`` now; events from index ``since`` on."""
    if viewer not in (0, 1):
        raise ValueError(f"a player is 0 or 1, not {viewer!r}")
    b = game.battle
    battle = None if b is None else BattleView(b.attacking_player, b.attacker, b.defender)
    d = game.decision
    return PlayerView(
        viewer=viewer, turn=game.turn, turn_player=game.turn_player, first_player=game.first_player,
        phase=game.phase, over=game.over, winner=game.winner, reason=game.reason,
        me=_side(game, viewer, viewer), opponent=_side(game, viewer, 1 - viewer),
        battle=battle,
        deciding=None if d is None or game.over else d.player,
        decision=decision_view(game, viewer),
        events_since=since,
        events=tuple(events_seen_by(game, viewer, since)),
    )
