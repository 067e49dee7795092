"""The runtime form of a skill, as the skill language compiles it.

The engine knows skills only through these types: kinds, keywords, costs, a
condition, triggers, an effect and continuous effects. It never looks at a card's
name to decide what a skill does. Costs, conditions and effects are plain Python
callables built by the compiler from the card text's vocabulary (no eval).

An *effect* is a generator function ``effect(ctx)``: it may ``yield`` decisions
(through :mod:`fecipher.engine.decisions` helpers) and mutates the game only
through the game's primitives.
"""
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol

import attrs

from fecipher.engine.frozen import quick_frozen

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.cards import CardCopy
    from fecipher.engine.events import Event
    from fecipher.engine.game import Game
    from fecipher.engine.state import Unit


class SkillKind(enum.Enum):
    ACTION = "ACT"
    AUTOMATIC = "AUTO"
    CONTINUOUS = "CONT"
    SPECIAL = "SPEC"
    BOND = "BOND"
    HAND = "HAND"
    RETREAT = "RETREAT"     # works while its card is in the Retreat Area
    BOUNDLESS = "BOUNDLESS"  # works while its card is in the Boundless Area
    SUPPORT = "SUPP"


class SupportRole(enum.Enum):
    ATTACK = "attack"
    DEFENCE = "defence"
    BOTH = "both"

    def fits(self, attacking: bool) -> bool:
        if self is SupportRole.BOTH:
            return True
        return (self is SupportRole.ATTACK) == attacking


# The rule of a CONT skill "this unit acquires all [DB] skills possessed by other
# allies" (Resonance of Dragon's Blood): read by Game.skills_of (engine/values.py).
DRAGON_BLOOD_RESONANCE = "dragon_blood_resonance"


@attrs.frozen
class Keyword:
    """A keyword tag such as CCS, LvS 3, FS, US, CF, BS, DV, HS, TS, IS, AS, DB, LIS, CP."""

    name: str
    arg: int | str | None = None

    def __str__(self) -> str:
        if self.name == "LvS":
            return f"LvS{self.arg}"
        return self.name


@attrs.define(eq=False)
class SkillContext:
    """Everything an effect needs: whose skill, from which card or unit, on what event."""

    game: "Game"
    skill: "Skill"
    controller: int
    source: "CardCopy"
    unit_id: int | None = None
    event: "Event | None" = None
    data: dict[str, Any] = attrs.Factory(dict)

    @property
    def unit(self) -> "Unit | None":
        return self.game._units.get(self.unit_id) if self.unit_id is not None else None   # game.unit()

    @property
    def opponent(self) -> int:
        return 1 - self.controller

    def in_game(self, game: "Game") -> "SkillContext":
        """This context in ``game``: itself, or (in a copy of the game it was made in,
        ``Game.clone()``) the same context reading the copy. A timed modifier keeps the
        context its skill resolved in; its values are asked with the game they are for."""
        if self.game is game:
            return self
        return SkillContext(game, self.skill, self.controller, self.source, self.unit_id, self.event, self.data)

    def for_event(self, event: "Event") -> "SkillContext":
        """This context on ``event``, with fresh data (``attrs.evolve(self, event=event,
        data={})``, made directly: it is done for every skill an event triggers)."""
        return SkillContext(self.game, self.skill, self.controller, self.source, self.unit_id, event, {})


class Cost(Protocol):
    """A cost component. ``pay`` may ask decisions (which bonds to flip ...)."""

    text: str

    def can_pay(self, ctx: SkillContext) -> bool: ...

    def pay(self, ctx: SkillContext) -> Iterator[Any]: ...


Condition = Callable[[SkillContext], bool]
Effect = Callable[[SkillContext], Iterator[Any]]


@attrs.frozen
class Trigger:
    """An automatic skill's trigger: an event type and a test on the event."""

    event_type: type
    match: Callable[[SkillContext, Any], bool]
    # The English text, or a function that renders it when first asked (as Skill's)
    _text: str | Callable[[], str] = attrs.field(default="", eq=False)

    @property
    def text(self) -> str:
        return _rendered(self)


@attrs.frozen
class Replacement:
    """A before-handler from a skill: sees a proposed event and may change or
    prevent it ("instead", "cannot", "becomes 2"). ``apply`` returns the new
    event, :data:`fecipher.engine.bus.PREVENT`, or None for no change."""

    event_type: type
    apply: Callable[[SkillContext, Any], Any]
    text: str = ""
    # "you may ... instead": applied only where the engine can ask (Game.propose_asking),
    # after its controller says yes; Game.propose leaves it out.
    optional: bool = False
    # "deploy it instead", "destroy 1 of your orbs instead of this unit being destroyed":
    # when it applies, the event does not happen and this effect runs in its place
    # (``ctx.event`` is the event replaced). Only where the engine can ask.
    instead: "Effect | None" = None
    # "you may [flip 2 bonds] to ... instead": offered only when they can be paid, paid
    # when its controller says yes. Only where the engine can ask.
    costs: "tuple[Cost, ...]" = ()

    @property
    def asks(self) -> bool:
        """It needs the asking path (Game.propose_asking): a question, a cost or an effect."""
        return self.optional or self.instead is not None or bool(self.costs)


@attrs.frozen
class AlternativeDiscard:
    """"You may <cost> instead of discarding for a critical hit (an evasion) of <unit>":
    another way to pay for a critical hit or a god-speed evasion (rule 3) than the card
    with the battling unit's unit name. ``use`` is "critical" or "evasion"; ``applies``
    picks the battling units it is offered for."""

    use: str
    applies: "Callable[[SkillContext, Unit], bool]"
    costs: "tuple[Cost, ...]"
    text: str = ""


@attrs.frozen
class ContinuousEffect:
    """A modifier that holds while its skill is active.

    ``applies(ctx, unit)`` picks the units it changes; ``value`` is a constant or
    ``value(ctx, unit)``. ``stat`` and ``op`` are those of
    :class:`fecipher.engine.modifiers.Modifier`.
    """

    stat: str
    op: str
    value: Any
    applies: Callable[[SkillContext, "Unit"], bool]
    # The English text, or a function that renders it (rendered when first asked, as a
    # skill's): not part of what makes two effects equal.
    _text: str | Callable[[], str] = attrs.field(default="", eq=False)

    @property
    def text(self) -> str:
        return _rendered(self)


def _rendered(value: Any) -> str:
    """A frozen value's ``_text``: the string, or what the function there renders, kept
    in its place once rendered."""
    text = value._text
    if not isinstance(text, str):
        text = text()
        object.__setattr__(value, "_text", text)
    return text


@quick_frozen      # (one per skill of every pack compiled: see engine/frozen.py)
@attrs.frozen(eq=False)
class Skill:
    name: str
    kind: SkillKind
    # The English text, or a function that renders it: compiled skills render theirs
    # only when first asked (rendering was a third of compiling a pack); see ``text``.
    _text: str | Callable[[], str] = ""
    keywords: tuple[Keyword, ...] = ()
    support_role: SupportRole | None = None
    once_per_turn: bool = False
    once_per_game: bool = False
    costs: tuple[Cost, ...] = ()
    condition: Condition | None = None
    triggers: tuple[Trigger, ...] = ()
    optional: bool = False
    effect: Effect | None = None
    continuous: tuple[ContinuousEffect, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    alternative_discards: tuple[AlternativeDiscard, ...] = ()
    # SPEC rules: "alias:Marth", "cannot_bond", ...; looked at by the engine's rules.
    rules: frozenset[str] = frozenset()
    source_line: int = 0

    @property
    def text(self) -> str:
        """The skill's text in English, as printed by ``fecipher describe`` and the log."""
        return _rendered(self)

    def has_keyword(self, name: str) -> bool:
        return any(k.name == name for k in self.keywords)

    def keyword(self, name: str) -> Keyword | None:
        for k in self.keywords:
            if k.name == name:
                return k
        return None

    @property
    def aliases(self) -> tuple[str, ...]:
        return tuple(sorted(r.split(":", 1)[1] for r in self.rules if r.startswith("alias:")))

    def __repr__(self) -> str:
        return f"<Skill {self.name!r} {self.kind.value}>"


def this_unit(ctx: SkillContext, unit: "Unit") -> bool:
    """A continuous effect's "this unit": it reaches its own unit only. (The
    engine knows this test and skips effects of other units without asking.)"""
    return unit.id == ctx.unit_id


def keyword_allows(skill: Skill, unit: "Unit | None", game: "Game | None" = None) -> bool:
    """CCS: only while the unit is class changed. LvS N: a stack of N or more, unless
    an effect makes the unit's [LvS N] skills usable ("All [LvS2] skills possessed by
    allies become usable": the LVS_USABLE flag, asked when ``game`` is given)."""
    if not skill.keywords:
        return True
    ccs = skill.has_keyword("CCS")
    lvs = skill.keyword("LvS")
    if unit is None:
        return not (ccs or lvs is not None)
    if ccs and not unit.class_changed:
        return False
    if lvs is not None and unit.stack_size < int(lvs.arg or 0):
        return game is not None and lvs_usable(game, unit, int(lvs.arg or 0))
    return True


def lvs_usable(game: "Game", unit: "Unit", level: int) -> bool:
    """The unit's [LvS ``level``] skills are usable whatever its stack (LVS_USABLE)."""
    from fecipher.engine import modifiers as M
    if M.printed_only(game, M.LVS_USABLE):
        return False
    return game.flag(unit, M.LVS_USABLE, level=level)
