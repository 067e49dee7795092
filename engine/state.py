"""The areas of the game and the units in them.

Per player: Deck (top first), Hand, Orb Area, Bond Area, Front Line, Back Line,
Support Area, Retreat Area and Boundless Area. A unit is a stack of cards on the
field; only its top card counts.
"""
from __future__ import annotations

import attrs

from fecipher.engine.cards import Card, CardCopy

FRONT = "front"
BACK = "back"
FIELD_AREAS = (FRONT, BACK)
# Area names as events and scenarios spell them.
DECK, HAND, ORBS, BONDS, SUPPORT, RETREAT, BOUNDLESS, FIELD = (
    "deck", "hand", "orbs", "bonds", "support", "retreat", "boundless", "field",
)
CARD_AREAS = (DECK, HAND, ORBS, BONDS, SUPPORT, RETREAT, BOUNDLESS)


@attrs.frozen
class LastKnown:
    """Last-known information: a unit as it was at the moment it left the field (its
    values computed with the effects on it then), for the skills that refer to it
    afterwards ("send all cards with the same unit name as that enemy" after the enemy
    was sent away). Units that left keep this until the end of the game (their ids are
    never reused); a later state of their cards (in the Retreat Area, in a hand ...) is
    not the unit any more (docs/rules.md, "Last-known information")."""

    unit: int
    owner: int
    top: int                    # the id of its top card when it left
    names: frozenset            # unit names, aliases and acquired names included
    symbols: frozenset          # Symbol values (a unit treated as also having a symbol has it)
    types: frozenset            # gender, weapons and types (computed)
    cost: int                   # deployment cost (computed)
    main_character: bool


@attrs.define(eq=False, repr=False)
class Unit:
    """A unit on the field: a stack of cards, top card first."""

    id: int
    owner: int
    cards: list[CardCopy]
    area: str = FRONT
    tapped: bool = False
    is_main_character: bool = False
    class_changed: bool = False
    deployed_turn: int = 0

    @property
    def top(self) -> CardCopy:
        return self.cards[0]

    @property
    def card(self) -> Card:
        return self.cards[0].card

    @property
    def stack_size(self) -> int:
        return len(self.cards)

    @property
    def name(self) -> str:
        return self.cards[0].card.unit_name

    def __repr__(self) -> str:
        flags = []
        if self.tapped:
            flags.append("tapped")
        if self.is_main_character:
            flags.append("MC")
        return f"<Unit {self.id} {self.card.name} x{len(self.cards)} {self.area} {' '.join(flags)}>"


@attrs.define(eq=False)
class Bond:
    copy: CardCopy
    face_up: bool = True


@attrs.define(eq=False)
class Orb:
    copy: CardCopy
    face_up: bool = False


@attrs.define(eq=False)
class PlayerState:
    index: int
    deck: list[CardCopy] = attrs.Factory(list)
    hand: list[CardCopy] = attrs.Factory(list)
    orbs: list[Orb] = attrs.Factory(list)
    bonds: list[Bond] = attrs.Factory(list)
    front: list[Unit] = attrs.Factory(list)
    back: list[Unit] = attrs.Factory(list)
    support: list[CardCopy] = attrs.Factory(list)
    retreat: list[CardCopy] = attrs.Factory(list)
    boundless: list[CardCopy] = attrs.Factory(list)
    # Per-turn bookkeeping.
    cost_paid_this_turn: int = 0
    bonded_this_turn: bool = False

    @property
    def units(self) -> list[Unit]:
        return self.front + self.back

    @property
    def main_character(self) -> Unit | None:
        for u in self.front:
            if u.is_main_character:
                return u
        for u in self.back:
            if u.is_main_character:
                return u
        return None

    def line(self, area: str) -> list[Unit]:
        return self.front if area == FRONT else self.back

    def area_cards(self, area: str) -> list[CardCopy]:
        if area == ORBS:
            return [o.copy for o in self.orbs]
        if area == BONDS:
            return [b.copy for b in self.bonds]
        if area == FIELD:
            return [c for u in self.units for c in u.cards]
        return getattr(self, area)

    def card_count(self) -> int:
        """Every card this player owns in every area (constant over a game)."""
        return (len(self.deck) + len(self.hand) + len(self.orbs) + len(self.bonds)
                + sum(len(u.cards) for u in self.units) + len(self.support)
                + len(self.retreat) + len(self.boundless))
