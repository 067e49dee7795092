"""Typed, immutable events: every step of the game is published as one.

Events carry plain values (player indices, unit and card ids, names) so that they
can be written as JSON lines and compared across replays. Skill handlers look the
live objects up by id through the game.

An event whose outcome a skill may change ("instead", "cannot", "becomes 2") is
*proposed* to before-handlers first; see :mod:`fecipher.engine.bus`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from fecipher.engine.frozen import quick_frozen

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.jsontypes import JSONObject

EVENT_TYPES: dict[str, type["Event"]] = {}


@attrs.frozen
class Event:
    """An event: one step of the game, immutable. ``kind`` is its name in JSON
    (``Drew`` is ``"drew"``); every field is a plain value (player 0 or 1, unit and
    card ids, names, areas)."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        name = cls.__name__
        cls.kind = "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
        EVENT_TYPES[cls.kind] = cls

    def to_json(self) -> "JSONObject":
        """The event as JSON values: ``{"event": kind, field: value, ...}`` (tuples as lists)."""
        out: dict[str, Any] = {"event": self.kind}
        for f in attrs.fields(type(self)):
            v = getattr(self, f.name)
            if isinstance(v, (tuple, frozenset)):
                v = list(v)
            out[f.name] = v
        return out


def _e(cls):
    # Frozen (design rule 3), made quickly: about 6,000 events in 5 self-play games.
    return quick_frozen(attrs.frozen(cls))


# --- game and turn structure -------------------------------------------------
@_e
class GameStarted(Event):
    """The game began: its seed, and who goes first (drawn or given)."""

    seed: int
    first_player: int


@_e
class Mulliganed(Event):
    """A player shuffled their first hand back and drew a new one."""

    player: int


@_e
class TurnStarted(Event):
    """A turn began (``turn`` counts from 1; ``player`` is the turn player)."""

    turn: int
    player: int


@_e
class PhaseStarted(Event):
    """A phase of the turn began: beginning, bond, deployment, action or end."""

    turn: int
    player: int
    phase: str


@_e
class PhaseEnded(Event):
    """A phase of the turn ended."""

    turn: int
    player: int
    phase: str


@_e
class PhasesAdded(Event):
    """A skill added phases to the turn, played right after the phase being played
    ("you have a second bond phase": engine/phases.py add_phases)."""

    turn: int
    player: int
    phases: tuple[str, ...]


@_e
class TurnEnded(Event):
    """A turn ended."""

    turn: int
    player: int


@_e
class GameOver(Event):
    """The game ended: ``winner`` 0, 1 or None (no winner), and why. Always the last event."""

    winner: int | None
    reason: str


@_e
class Conceded(Event):
    """A player conceded (a :class:`GameOver` naming the other player follows)."""

    player: int


# --- cards moving ------------------------------------------------------------
@_e
class Drew(Event):
    """A player drew a card from their deck (the opponent's view hides ``card`` and ``name``)."""

    player: int
    card: int
    name: str


@_e
class Reshuffled(Event):
    """A player's empty deck was refilled from their Retreat Area, shuffled (``count`` cards)."""

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
    """A card was placed in its owner's Bond Area, face-up or face-down."""

    player: int
    card: int
    name: str
    face_up: bool
    by_skill: bool = False


@_e
class BondFlipped(Event):
    """A bond was turned face-down (to pay a cost) or face-up."""

    player: int
    card: int
    name: str
    face_up: bool


@_e
class OrbFlipped(Event):
    """An orb was turned face-up or face-down (the card is named only to who may see it)."""

    player: int
    card: int
    face_up: bool


# --- units ------------------------------------------------------------------
@_e
class Deployed(Event):
    """A unit was deployed from the hand (or by a skill) to the Front or Back Line."""

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
    """A card was placed on a unit with the same unit name (``growth``: from the deck by a skill)."""

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
    """A unit was levelled up by class change (its class-change cost paid)."""

    player: int
    unit: int
    card: int
    name: str
    cost: int
    by_skill: bool = False
    skill: str = ""


@_e
class Moved(Event):
    """A unit moved between the Front Line and the Back Line."""

    player: int
    unit: int
    name: str
    source: str
    dest: str
    by_skill: bool = False


@_e
class Marched(Event):
    """The non-turn player's Back Line moved to the empty Front Line (rule 2)."""

    player: int
    units: tuple[int, ...]


@_e
class Tapped(Event):
    """A unit was tapped (attacking, moving, a cost or an effect)."""

    player: int
    unit: int
    name: str
    by_skill: bool = False


@_e
class Untapped(Event):
    """A unit was untapped."""

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
    """A unit left the field (its whole stack, ``cards``) for ``dest``."""

    player: int
    unit: int
    name: str
    dest: str
    cards: tuple[int, ...]


@_e
class Metamorphosed(Event):
    """A card was stacked on top of a unit as a metamorphosis (engine decision 43: "stack this
    support card on top of an allied "Ike" as a metamorphosis", B12-002SR): the unit is that
    card now, its stack one card larger; not a level up or a class change (nothing triggers
    as one, no class-change draw, its class-changed state as it was)."""

    player: int
    unit: int
    card: int
    name: str


@_e
class TopCardChanged(Event):
    """The top card of a unit's stack left it and ``card`` (``name``) is its top card now:
    the unit's values and skills are that card's (engine decision 41: its owner chose it
    among the cards left, and the unit is still class changed, ``class_changed``, only
    while a card with a class-change cost is left in a stack of 2 or more)."""

    player: int
    unit: int
    card: int
    name: str
    class_changed: bool


@_e
class OrbsBreaking(Event):
    """The number of orbs an MC's destruction breaks (a skill may make it 2)."""

    player: int
    count: int
    by_unit: int | None = None


@_e
class OrbGoing(Event):
    """Proposed, never published: one orb an MC's destruction breaks, about to go to
    its owner's hand (rule 4). A skill may send it elsewhere instead ("their Orb is sent
    to the Retreat Area instead of being destroyed", B13-073SR); ``dest`` is where it
    goes. The destruction's cause is copied (``in_battle``, ``by_player``, ``by_unit``,
    ``by_skill``; ``critical``: the attack that destroyed it was a critical hit) for the
    skill to ask. Proposed only while some skill has such a replacement; an orb sent
    elsewhere is published as a ``CardMoved`` from the Orb Area, not as ``OrbBroken``."""

    player: int
    card: int
    in_battle: bool
    by_player: int
    by_unit: int | None
    by_skill: str | None
    critical: bool
    dest: str = "hand"


@_e
class GameLosing(Event):
    """Proposed, never published: ``player`` is about to lose the game (``reason`` as
    ``GameOver`` would say it). Offered where the engine can ask, before the loss, so
    that a skill may put something in its place ("you may ... deploy it instead of
    losing the game", B22-022R): replaced, the player does not lose and the game goes
    on. ``cause`` says which rule: "no_orb" (rule 4: the Main Character ``unit`` was
    destroyed with no orb left; engine decision 56). The other losses (rule 7's empty
    deck, a concession, a skill's "you lose the game") are not offered."""

    player: int
    reason: str
    cause: str
    unit: int | None = None


@_e
class OrbBroken(Event):
    """An orb was broken: added to its owner's hand (``orbs_left`` remain)."""

    player: int
    card: int
    orbs_left: int


@_e
class MainCharacterChanged(Event):
    """A player's Main Character is now another unit."""

    player: int
    unit: int
    name: str


# --- battle -----------------------------------------------------------------
@_e
class AttackDeclared(Event):
    """An attack was declared (the battle's first step)."""

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
    """The top card of a player's deck was placed as the support of an attacking or defending unit."""

    player: int
    card: int
    name: str
    attacking: bool


@_e
class SupportFailed(Event):
    """A support card cannot support (same unit name as the unit it supports) and goes to the Retreat Area."""

    player: int
    card: int
    name: str
    attacking: bool
    reason: str


@_e
class SupportJudgedSuccessful(Event):
    """A support card was judged successful (rule 3: its unit name differs from its battling
    unit's). The skills this triggers ("when this unit is supported") resolve before any
    support skill of the combat activates (engine decision 47)."""

    player: int
    card: int
    name: str
    attacking: bool


@_e
class SupportSucceeded(Event):
    """A support card's support value was added to its unit's attack."""

    player: int
    card: int
    name: str
    attacking: bool
    support: int


@_e
class CriticalHit(Event):
    """The attacker performed a critical hit (its attack doubled), discarding ``discarded``
    (-1 when a skill's other way to pay was used: "you may flip 2 bonds instead of
    discarding ...")."""

    player: int
    unit: int
    name: str
    discarded: int


@_e
class Evaded(Event):
    """The defender performed a god-speed evasion, discarding ``discarded`` (-1 when a
    skill's other way to pay was used)."""

    player: int
    unit: int
    name: str
    discarded: int


@_e
class BattleJudged(Event):
    """The battle's totals were compared; ``attacker_wins`` says if the defender is destroyed."""

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
    """A battle ended (``destroyed``: whether the defender was)."""

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
    """An automatic skill was triggered and waits to be resolved."""

    player: int
    skill: str
    card: int
    unit: int | None


@_e
class SkillResolved(Event):
    """A skill's effect was carried out."""

    player: int
    skill: str
    card: int
    unit: int | None


@_e
class ModifierAdded(Event):
    """An effect changed a unit or a player for a while (``text`` in English, ``duration``)."""

    player: int
    unit: int | None
    text: str
    duration: str


@_e
class Revealed(Event):
    """Cards were shown to both players (``source`` says from where)."""

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
    """A player's deck was shuffled."""

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
