"""Card definitions: the printed facts of a card, immutable.

A *card* here is the definition (what is printed); a physical copy in a game is a
:class:`CardCopy`. Two copies of "Marth, Altean Prince" share one :class:`Card`.
"""
from __future__ import annotations

import enum
import functools
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.skills import Skill


class Symbol(enum.Enum):
    """The faction symbols. A card has zero, one or two."""

    RED = "red"        # Blade of Light
    BLUE = "blue"      # Mark of Naga
    WHITE = "white"    # Hoshido
    BLACK = "black"    # Nohr
    GREEN = "green"    # Medallion
    PURPLE = "purple"  # Divine Weapons
    YELLOW = "yellow"  # Holy War Flag
    BROWN = "brown"    # Crest of Flames

    @property
    def label(self) -> str:
        return self.value.capitalize()

    # Members are singletons compared by identity: hashed by identity too, in C
    # (Enum's own hash is a Python call, and bond symbols are hashed at every
    # affordability check).
    __hash__ = object.__hash__


GENDERS = ("male", "female")
WEAPONS = (
    "sword", "lance", "axe", "bow", "tome", "staff", "dragonstone", "knife",
    "fang", "brawl", "none",
)
# Unit types other than gender and weapon, as printed on cards.
UNIT_TYPES = ("flier", "beast", "armored", "dragon", "mirage", "monster")


@attrs.frozen(eq=False, repr=False)
class Card:
    """A card definition: its printed facts and its compiled skills.

    ``name`` is the card name (rule 12 counts copies by it): the unit name and
    the title together.
    """

    unit_name: str
    title: str
    codes: tuple[str, ...]
    cost: int
    class_change_cost: int | None = None
    symbols: tuple[Symbol, ...] = ()
    gender: str | None = None
    weapon: str | None = None
    types: tuple[str, ...] = ()
    ranges: frozenset[int] = frozenset()
    attack: int = 0
    support: int = 0
    class_name: str = ""
    skills: tuple["Skill", ...] = ()
    support_skill: "Skill | None" = None
    pack: str = ""
    source_line: int = 0

    @functools.cached_property
    def name(self) -> str:
        return f"{self.unit_name}, {self.title}"

    @property
    def code(self) -> str:
        return self.codes[0]

    @property
    def is_promoted(self) -> bool:
        """A card with a class-change cost is always placed by class change."""
        return self.class_change_cost is not None

    @property
    def all_types(self) -> frozenset[str]:
        """Gender, weapon and unit types together, as skills filter on them."""
        out = set(self.types)
        if self.gender:
            out.add(self.gender)
        if self.weapon:
            out.add(self.weapon)
        return frozenset(out)

    def __repr__(self) -> str:
        return f"<Card {self.code} {self.name}>"


@attrs.frozen(repr=False)
class CardCopy:
    """One physical card in a game. ``id`` is unique within the game."""

    id: int
    card: Card
    owner: int

    def __repr__(self) -> str:
        return f"<#{self.id} {self.card.name}>"
