"""Card definitions: the printed facts of a card, immutable.

A *card* here is the definition (what is printed); a physical copy in a game is a
:class:`CardCopy`. Two copies of "Marth, Altean Prince" share one :class:`Card`.
"""
from __future__ import annotations

import enum
import functools

import attrs

from fecipher.engine.frozen import quick_frozen
from fecipher.engine.skills import Skill, SkillKind


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


@quick_frozen      # (one per card of every pack compiled: see engine/frozen.py)
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
    # Printed support "X": 0, unless an effect sets it (engine/card_values.py).
    support_x: bool = False
    # The other values printed "X" ("attack", "cost", "class_change_cost"): stored as 0,
    # each computed by a skill of the card wherever the card is (engine/card_values.py,
    # docs/rules.md engine decision 45).
    printed_x: frozenset[str] = frozenset()
    # A card printed with two support skills ("|ATK SUPP| Magic Emblem ... |DEF SUPP| Miracle
    # Emblem", B05-006HN): the ones after the first (``support_skill``); see support_skills.
    more_support_skills: tuple["Skill", ...] = ()

    @property
    def support_skills(self) -> tuple["Skill", ...]:
        """Every support skill of the card, in printed order (most cards have one or none)."""
        if self.support_skill is None:
            return ()
        return (self.support_skill, *self.more_support_skills)

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

    @functools.cached_property
    def all_types(self) -> frozenset[str]:
        """Gender, weapon and unit types together, as skills filter on them, with
        those a SPEC skill says the card has wherever it is ("this card acquires
        <Knife>": rule "type:knife")."""
        return card_all_types(self)

    @functools.cached_property
    def all_ranges(self) -> frozenset[int]:
        """The printed ranges and those a SPEC skill gives the card wherever it is."""
        return card_all_ranges(self)

    def __repr__(self) -> str:
        return f"<Card {self.code} {self.name}>"


@quick_frozen      # (made for every card of a game and every token: see engine/frozen.py)
@attrs.frozen(repr=False)
class CardCopy:
    """One physical card in a game. ``id`` is unique within the game."""

    id: int
    card: Card
    owner: int

    def __repr__(self) -> str:
        return f"<#{self.id} {self.card.name}>"


@functools.lru_cache(maxsize=4096)
def card_all_types(card: Card) -> frozenset[str]:
    """(Card.all_types, remembered per card: a card's printed facts never change.)"""
    out = set(card.types)
    if card.gender:
        out.add(card.gender)
    if card.weapon:
        out.add(card.weapon)
    for s in card.skills:
        for r in s.rules:
            if r.startswith("type:"):
                out.add(r[5:])
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def card_all_ranges(card: Card) -> frozenset[int]:
    """(Card.all_ranges, remembered per card.)"""
    out = set(card.ranges)
    for s in card.skills:
        for r in s.rules:
            if r.startswith("range:"):
                out.add(int(r[6:]))
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def can_be_placed_in_bonds(card: Card) -> bool:
    """A SPEC rule ("this card cannot be placed in the Bond Area") forbids it.
    (Remembered per card: a card's printed facts never change.)"""
    return not any("cannot_bond" in s.rules for s in card.skills)


@functools.lru_cache(maxsize=4096)
def can_be_flipped_face_down(card: Card) -> bool:
    """Whether a face-up bond of this card may be flipped face-down: a continuous bond
    skill "This card cannot be flipped face-down by a skill's cost or effect" (B13-098HN;
    active while the card is face-up in the Bond Area, which it is whenever it could be
    flipped face-down) forbids it. Every face-down flip of a bond is a skill's cost or
    effect. (Remembered per card: a card's printed facts never change.)"""
    return not any("cannot_flip_down" in s.rules and s.kind is SkillKind.BOND for s in card.skills)


@functools.lru_cache(maxsize=4096)
def card_continuous_skills(card: Card) -> tuple[Skill, ...]:
    """The card's printed continuous skills that change some value (remembered per
    card: a card's printed facts never change)."""
    return tuple(s for s in card.skills if s.kind is SkillKind.CONTINUOUS and s.continuous)


@functools.lru_cache(maxsize=4096)
def card_continuous_stats(card: Card) -> frozenset[str]:
    """The stats the card's printed continuous skills change (remembered per card)."""
    return frozenset(ce.stat for s in card_continuous_skills(card) for ce in s.continuous)


@functools.lru_cache(maxsize=4096)
def card_unit_names(card: Card) -> frozenset[str]:
    """A card's unit name plus the aliases its SPEC skills give it (rule 14).
    (A card's printed facts never change: remembered per card.)"""
    names = {card.unit_name}
    for s in card.skills:
        if s.rules:
            names.update(s.aliases)
    return frozenset(names)
