"""Typed, immutable events: every step of the game is published as one.

Events carry plain values (player indices, unit and card ids, names) so that they
can be written as JSON lines and compared across replays. Skill handlers look the
live objects up by id through the game.

An event whose outcome a skill may change ("instead", "cannot", "becomes 2") is
*proposed* to before-handlers first; see :mod:`fecipher.engine.bus`.
"""
from __future__ import annotations

from typing import Any, ClassVar

import attrs

EVENT_TYPES: dict[str, type["Event"]] = {}


@attrs.frozen
class Event:
    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        name = cls.__name__
        cls.kind = "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
        EVENT_TYPES[cls.kind] = cls

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind}
        for f in attrs.fields(type(self)):
            v = getattr(self, f.name)
            if isinstance(v, (tuple, frozenset)):
                v = list(v)
            out[f.name] = v
        return out


def _e(cls):
    return attrs.frozen(cls)


# --- game and turn structure -------------------------------------------------
@_e
class GameStarted(Event):
    seed: int
    first_player: int


@_e
class Mulliganed(Event):
    player: int


@_e
class TurnStarted(Event):
    turn: int
    player: int


@_e
class PhaseStarted(Event):
    turn: int
    player: int
    phase: str


@_e
class PhaseEnded(Event):
    turn: int
    player: int
    phase: str


@_e
class TurnEnded(Event):
    turn: int
    player: int


@_e
class GameOver(Event):
    winner: int | None
    reason: str


@_e
class Conceded(Event):
    player: int


# --- cards moving ------------------------------------------------------------
@_e
class Drew(Event):
    player: int
    card: int
    name: str


@_e
class Reshuffled(Event):
    player: int
    count: int


@_e
class CardMoved(Event):
    """A card changed area (hand, deck, retreat, boundless, bond, orb, support)."""

    player: int
    card: int
    name: str
    source: str
    dest: str
    by_skill: bool = False


@_e
class BondPlaced(Event):
    player: int
    card: int
    name: str
    face_up: bool
    by_skill: bool = False


@_e
class BondFlipped(Event):
    player: int
    card: int
    name: str
    face_up: bool


@_e
class OrbFlipped(Event):
    player: int
    card: int
    face_up: bool


# --- units ------------------------------------------------------------------
@_e
class Deployed(Event):
    player: int
    unit: int
    card: int
    name: str
    area: str
    cost: int
    by_skill: bool = False
    skill: str = ""          # the skill that deployed it, if any


@_e
class LeveledUp(Event):
    player: int
    unit: int
    card: int
    name: str
    cost: int
    by_skill: bool = False
    growth: bool = False
    skill: str = ""


@_e
class ClassChanged(Event):
    player: int
    unit: int
    card: int
    name: str
    cost: int
    by_skill: bool = False
    skill: str = ""


@_e
class Moved(Event):
    player: int
    unit: int
    name: str
    source: str
    dest: str
    by_skill: bool = False


@_e
class Marched(Event):
    player: int
    units: tuple[int, ...]


@_e
class Tapped(Event):
    player: int
    unit: int
    name: str
    by_skill: bool = False


@_e
class Untapped(Event):
    player: int
    unit: int
    name: str
    by_skill: bool = False


@_e
class UnitDestroyed(Event):
    """A unit is destroyed: in battle, or by a skill. For the Main Character this
    is followed by an orb being broken instead of leaving the field."""

    player: int
    unit: int
    name: str
    is_main_character: bool
    in_battle: bool
    by_player: int
    by_unit: int | None = None
    by_skill: str | None = None   # the skill's name, when a skill destroyed it
    dest: str = "retreat"         # where a non-MC unit's stack goes (a replacement may change it;
                                  # "field": it stays on the field, destroyed all the same)


@_e
class Replaced(Event):
    """A skill's replacement put an effect in place of an event that then did not
    happen ("deploy this card instead of sending it to the Retreat Area", "destroy 1
    of your orbs instead of this unit being destroyed"). ``replaced`` is the kind of
    the event replaced; the effect's own events follow."""

    player: int
    skill: str
    card: int
    replaced: str


@_e
class UnitLeftField(Event):
    player: int
    unit: int
    name: str
    dest: str
    cards: tuple[int, ...]


@_e
class OrbsBreaking(Event):
    """The number of orbs an MC's destruction breaks (a skill may make it 2)."""

    player: int
    count: int
    by_unit: int | None = None


@_e
class OrbBroken(Event):
    player: int
    card: int
    orbs_left: int


@_e
class MainCharacterChanged(Event):
    player: int
    unit: int
    name: str


# --- battle -----------------------------------------------------------------
@_e
class AttackDeclared(Event):
    player: int
    attacker: int
    attacker_name: str
    defender: int
    defender_name: str


@_e
class DefenderChanged(Event):
    """The attack now targets another unit ("this unit is attacked instead")."""

    player: int
    attacker: int
    old_defender: int
    defender: int
    defender_name: str


@_e
class SupportPlaced(Event):
    player: int
    card: int
    name: str
    attacking: bool


@_e
class SupportFailed(Event):
    player: int
    card: int
    name: str
    attacking: bool
    reason: str


@_e
class SupportSucceeded(Event):
    player: int
    card: int
    name: str
    attacking: bool
    support: int


@_e
class CriticalHit(Event):
    """``discarded`` is the card discarded for it, or -1 when a skill's other way to
    pay was used ("you may flip 2 bonds instead of discarding ...")."""

    player: int
    unit: int
    name: str
    discarded: int


@_e
class Evaded(Event):
    """``discarded`` is the card discarded for it, or -1 when a skill's other way to
    pay was used ("you may flip 2 bonds instead of discarding ...")."""

    player: int
    unit: int
    name: str
    discarded: int


@_e
class BattleJudged(Event):
    attacker: int
    attacker_power: int
    attacker_support: int
    defender: int
    defender_power: int
    defender_support: int
    critical: bool
    evaded: bool
    attacker_wins: bool
    # What changed each unit's attack (continuous skills, timed effects), for logs.
    attacker_skills: tuple[str, ...] = ()
    defender_skills: tuple[str, ...] = ()


@_e
class BattleEnded(Event):
    player: int
    attacker: int
    defender: int
    destroyed: bool


# --- skills -----------------------------------------------------------------
@_e
class SkillUsed(Event):
    """An action, bond or hand skill was used (its cost paid)."""

    player: int
    skill: str
    card: int
    unit: int | None


@_e
class SkillTriggered(Event):
    player: int
    skill: str
    card: int
    unit: int | None


@_e
class SkillResolved(Event):
    player: int
    skill: str
    card: int
    unit: int | None


@_e
class ModifierAdded(Event):
    player: int
    unit: int | None
    text: str
    duration: str


@_e
class Revealed(Event):
    player: int
    cards: tuple[int, ...]
    names: tuple[str, ...]
    source: str


@_e
class LookedAt(Event):
    """A player looked at cards no one else saw ("look at the top 3 cards of your
    deck", "look at your opponent's hand"). The other player's view of it keeps the
    count and the area, not the cards (see :mod:`fecipher.engine.visibility`)."""

    player: int
    count: int
    cards: tuple[int, ...]
    names: tuple[str, ...]
    source: str
    owner: int = 0           # whose area the cards are in


@_e
class Shuffled(Event):
    player: int
    area: str


# --- the engine's limits ------------------------------------------------------
@_e
class LoopStopped(Event):
    """The engine stopped a game that would not end (engine decision 17): ``limit``
    names the cap that was reached (``trigger_depth``: a chain of automatic skills
    each triggered by the resolution of the one before; ``events_per_decision``;
    ``decisions_per_turn``; ``turn_limit``), ``count`` how far it went, ``skills``
    the skills of the chain (for a trigger chain, in the order they first appear).
    A :class:`GameOver` with no winner follows."""

    limit: str
    count: int
    skills: tuple[str, ...] = ()
