"""The kinds of decisions and of options, as strings (``game.decision.kind``,
``option.kind``): ``from fecipher import kinds; if d.kind == kinds.ACTION: ...``."""
from __future__ import annotations

from fecipher.engine.decisions import (
    ACTION, ALTERNATIVE, AREA, ATTACK, BOND, BREAK_ORB, CARD, CHOOSE, CLASS_CHANGE, CRITICAL_HIT, DEPLOY, DEPLOYMENT,
    DISCARD, EFFECT, EVASION, LEVEL_UP, MAY, MOVE, MULLIGAN, NO, ORDER_SKILLS, PASS, PLACE_BOND, SKILL, UNIT,
    USE_SKILL, YES,
)

DECISION_KINDS: tuple[str, ...] = (MULLIGAN, BOND, DEPLOYMENT, ACTION, CHOOSE, MAY, ORDER_SKILLS, CRITICAL_HIT,
                                   EVASION, BREAK_ORB)
"""Every kind of decision: what is being decided."""

OPTION_KINDS: tuple[str, ...] = (PASS, YES, NO, PLACE_BOND, DEPLOY, LEVEL_UP, CLASS_CHANGE, ATTACK, MOVE, USE_SKILL,
                                 CARD, UNIT, AREA, SKILL, DISCARD, EFFECT, ALTERNATIVE)
"""Every kind of option: what an answer does."""

__all__ = [
    "DECISION_KINDS", "OPTION_KINDS",
    "MULLIGAN", "BOND", "DEPLOYMENT", "ACTION", "CHOOSE", "MAY", "ORDER_SKILLS", "CRITICAL_HIT", "EVASION",
    "BREAK_ORB",
    "PASS", "YES", "NO", "PLACE_BOND", "DEPLOY", "LEVEL_UP", "CLASS_CHANGE", "ATTACK", "MOVE", "USE_SKILL", "CARD",
    "UNIT", "AREA", "SKILL", "DISCARD", "EFFECT", "ALTERNATIVE",
]
