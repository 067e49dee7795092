"""Delayed one-shot effects: "at the end of this combat, destroy that unit".

A skill's effect may set up another effect to run once, later, at a moment of the
game: the end of the combat going on, the end of this turn, the start or the end of a
player's next turn. The set-up is kept in the game's state (``Game.delayed``) with a
copy of what the setting-up skill had chosen, so that "it" and "that unit" still name
the same units and cards. When its moment comes it is queued like a triggered
automatic skill (rule 8: the turn player's first, each player ordering their own),
resolves once and is gone; one whose moment can no longer come (the end of a turn
already over) is dropped. Nothing here is kept outside the game's state, and all of
it follows from the game's inputs: a replayed record sets up and fires the same ones.

The flow calls :func:`due` at each moment: the battle end step (before the support
cards leave, while the battling units are still "the attacking unit" and "the
defending unit"), the Beginning Phase (with the "at the start of your turn" skills)
and the End Phase (with the "at the end of the turn" skills).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from fecipher.engine import events as ev
from fecipher.engine.skills import Skill, SkillContext

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game

END_OF_COMBAT = "end_of_combat"
END_OF_TURN = "end_of_turn"
START_OF_TURN = "start_of_turn"
MOMENTS = (END_OF_COMBAT, END_OF_TURN, START_OF_TURN)


@attrs.define(eq=False)
class DelayedEffect:
    """One set-up effect waiting for its moment."""

    moment: str            # END_OF_COMBAT, END_OF_TURN or START_OF_TURN
    player: int | None     # a turn moment: whose next turn (None: the turn it was set up in)
    turn: int              # the turn it was set up in
    ctx: SkillContext      # what runs: the delayed part as a skill, with the set-up's choices


def schedule(game: "Game", ctx: SkillContext, skill: Skill, moment: str, player: int | None = None) -> bool:
    """Set up ``skill`` (the delayed part of ``ctx.skill``) to run once at ``moment``.
    Returns False, setting up nothing, when that moment cannot come: the end of a
    combat when no combat is going on."""
    if moment not in MOMENTS:
        raise ValueError(f"unknown moment {moment!r}")
    if moment == END_OF_COMBAT and game.battle is None:
        return False
    # A copy of what the skill chose (its lists and tables of choices, not the units and
    # cards in them): what runs later does not change another set-up's choices.
    data = _copied(ctx.data)
    game.delayed.append(DelayedEffect(moment, player, game.turn,
                                      SkillContext(game, skill, ctx.controller, ctx.source, ctx.unit_id, None, data)))
    return True


def _copied(v):
    if isinstance(v, dict):
        return {k: _copied(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copied(x) for x in v]
    return v


def _is_due(game: "Game", d: DelayedEffect, moment: str) -> bool:
    if d.moment != moment:
        return False
    if moment == END_OF_COMBAT:
        return True
    if d.player is None:           # "at the end of this turn"
        return d.turn == game.turn
    return game.turn_player == d.player and game.turn > d.turn   # "... of your (opponent's) next turn"


def _is_stale(game: "Game", d: DelayedEffect) -> bool:
    """Its moment has passed without it: the end of an earlier turn."""
    return d.moment == END_OF_TURN and d.player is None and d.turn < game.turn


def due(game: "Game", moment: str) -> int:
    """Queue the delayed effects whose moment is ``moment`` now, removing them (each
    runs once), and drop those whose moment has passed. Returns how many were queued;
    the caller resolves them (``resolve_triggers``)."""
    if not game.delayed:
        return 0
    from fecipher.engine.resolution import PendingTrigger
    keep, fire = [], []
    for d in game.delayed:
        if _is_due(game, d, moment):
            fire.append(d)
        elif not _is_stale(game, d):
            keep.append(d)
    game.delayed = keep
    for d in fire:
        game._trigger_seq += 1
        game.pending_triggers.append(PendingTrigger(d.ctx, game._trigger_seq, delayed=True))
        game.emit(ev.SkillTriggered(d.ctx.controller, d.ctx.skill.name, d.ctx.source.id, d.ctx.unit_id))
    return len(fire)
