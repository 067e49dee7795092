"""The event types: every step of a game is published as one of these immutable
values (``game.events``, ``game.bus``, ``view.events``). docs/api.md has the
catalogue of their fields; ``EVENT_TYPES`` maps each ``kind`` (its JSON name) to
its class."""
from __future__ import annotations

from fecipher.engine.events import (
    Event, GameStarted, Mulliganed, TurnStarted, PhaseStarted, PhaseEnded, PhasesAdded, TurnEnded, GameOver, Conceded, Drew,
    Reshuffled, CardMoved, BondPlaced, BondFlipped, OrbFlipped, Deployed, LeveledUp, ClassChanged, Moved,
    Marched, Tapped, Untapped, UnitDestroyed, Replaced, UnitLeftField, OrbsBreaking, OrbGoing, GameLosing, OrbBroken,
    MainCharacterChanged, TopCardChanged, Metamorphosed,
    AttackDeclared, DefenderChanged, SupportPlaced, SupportFailed, SupportJudgedSuccessful, SupportSucceeded,
    CriticalHit, Evaded,
    BattleJudged, BattleEnded, SkillUsed, SkillTriggered, SkillResolved, ModifierAdded, Revealed, LookedAt,
    Shuffled, LoopStopped,
)
from fecipher.engine.events import EVENT_TYPES

__all__ = [
    "Event", "GameStarted", "Mulliganed", "TurnStarted", "PhaseStarted", "PhaseEnded", "PhasesAdded", "TurnEnded", "GameOver",
    "Conceded", "Drew", "Reshuffled", "CardMoved", "BondPlaced", "BondFlipped", "OrbFlipped", "Deployed",
    "LeveledUp", "ClassChanged", "Moved", "Marched", "Tapped", "Untapped", "UnitDestroyed", "Replaced", "UnitLeftField",
    "OrbsBreaking", "OrbGoing", "GameLosing", "OrbBroken", "MainCharacterChanged", "TopCardChanged", "Metamorphosed",
    "AttackDeclared", "DefenderChanged", "SupportPlaced",
    "SupportFailed", "SupportJudgedSuccessful", "SupportSucceeded", "CriticalHit", "Evaded", "BattleJudged", "BattleEnded", "SkillUsed",
    "SkillTriggered", "SkillResolved", "ModifierAdded", "Revealed", "LookedAt", "Shuffled", "LoopStopped",
    "EVENT_TYPES",
]
