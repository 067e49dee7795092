"""Helpers for the card tests: the starter cards by code, boards, skills and battles.

Boards come from ``tests/vanilla.py`` (:func:`duel`, :func:`add_unit` ...): each player
has a vanilla Main Character ("Lord 0" / "Lord 1", attack 50, red), 5 orbs and 10
filler cards (support 10) in the deck. The cards under test are the real compiled
starter cards, looked up with :func:`C`.
"""
from __future__ import annotations

from typing import Any

from fecipher.dsl.packs import embedded_pool
from fecipher.engine import events as ev
from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.game import Game
from fecipher.engine.state import Unit
from vanilla import (  # noqa: F401  (re-exported for the tests)
    FILLER, add_bonds, add_cards, add_orbs, add_unit, answer_until, begin, card, duel, events, option, options,
    pick, refusal, relocate,
)


def C(code: str):
    """A starter card by code or "Unit, Title" (compiled from cards/*.fe0)."""
    c = embedded_pool().find(code)
    assert c is not None, f"no card {code}"
    return c


def foe(name: str = "Foe", *, attack: int = 50, **kw: Any):
    """A vanilla card (for enemies and bystanders): cost 1, no symbol unless given."""
    kw.setdefault("symbols", ())
    return card(name, attack=attack, **kw)


def board(mc0=None, mc1=None, **kw: Any):
    """(game, mc0, mc1): see :func:`vanilla.duel`."""
    return duel(mc0, mc1, **kw)


def deck_top(game: Game, player: int, *cards) -> list:
    """Put cards on top of a player's deck (the first given is the top card)."""
    return add_cards(game, player, "deck", *cards, top=True)


# --------------------------------------------------------------------------- skills
def skill_opt(unit: Unit, name: str) -> Option:
    """The USE_SKILL option for ``unit``'s skill ``name`` (as the engine lists it)."""
    return Option("use_skill", card=unit.top.id, unit=unit.id, skill=name)


def can_use(game: Game, unit: Unit, name: str) -> bool:
    return skill_opt(unit, name) in game.legal_options()


def use(game: Game, unit: Unit, name: str) -> None:
    assert can_use(game, unit, name), f"{name} of {unit} is not offered: {game.legal_options()}"
    game.answer(skill_opt(unit, name))


def use_refused(game: Game, unit: Unit, name: str) -> str:
    """The reason using ``name`` is refused now (AssertionError if it is offered)."""
    assert not can_use(game, unit, name), f"{name} of {unit} is offered"
    return refusal(game, skill_opt(unit, name))


def choose_units(game: Game, *units: Unit, done: bool = False) -> None:
    """Answer a choice of units one at a time (then "done" if asked)."""
    for u in units:
        pick(game, "unit", unit=u)
    if done:
        pick(game, "pass")


def unit_choices(game: Game) -> set[int]:
    """The unit ids offered by the pending choice."""
    return {o.unit for o in game.legal_options() if o.kind == "unit"}


def card_choices(game: Game) -> set[int]:
    return {o.card for o in game.legal_options() if o.kind == "card"}


def yes(game: Game) -> None:
    assert game.decision.kind == "may", game.decision
    pick(game, "yes")


def no(game: Game) -> None:
    assert game.decision.kind == "may", game.decision
    pick(game, "no")


def skill_names(game: Game, unit: Unit) -> set[str]:
    return {s.name for s in game.skills_of(unit)}


# --------------------------------------------------------------------------- battles
def declare(game: Game, attacker: Unit, defender: Unit) -> None:
    pick(game, "attack", unit=attacker, target=defender)


def can_attack(game: Game, attacker: Unit, defender: Unit) -> bool:
    return Option("attack", unit=attacker.id, target=defender.id) in game.legal_options()


def attack_refused(game: Game, attacker: Unit, defender: Unit) -> str:
    assert not can_attack(game, attacker, defender)
    return refusal(game, Option("attack", unit=attacker.id, target=defender.id))


def finish(game: Game) -> None:
    """Decline critical hits and evasions, break the first orb, until the battle is over
    or another decision is pending."""
    while game.decision is not None and not game.over:
        k = game.decision.kind
        if k in ("critical_hit", "evasion"):
            pick(game, "pass")
        elif k == "break_orb":
            game.answer(game.legal_options()[0])
        else:
            return


def fight(game: Game, attacker: Unit, defender: Unit) -> ev.BattleJudged | None:
    """Declare an attack and play the battle to its end (no critical hit, no evasion).
    Returns the judgement (None when the battle stopped early)."""
    n = len(game.events)
    declare(game, attacker, defender)
    finish(game)
    assert game.battle is None, f"the battle waits on {game.decision}"
    got = events(game, ev.BattleJudged, since=n)
    return got[-1] if got else None


def judged(game: Game) -> ev.BattleJudged:
    return events(game, ev.BattleJudged)[-1]


def in_battle_power(game: Game, unit: Unit) -> int:
    """The battle power (attack + support) of a battling unit right now."""
    from fecipher.engine.battle import battle_power
    return battle_power(game, unit, unit.owner)[0]


# --------------------------------------------------------------------------- turns
def next_turn(game: Game, phase: str = "action") -> None:
    """Decline everything until the next turn's ``phase`` (its turn player decides)."""
    t = game.turn
    answer_until(game, lambda g: g.turn > t and g.phase == phase and g.decision is not None
                 and g.decision.player == g.turn_player)


def hand_ids(game: Game, player: int) -> list[int]:
    return [c.id for c in game.players[player].hand]


def retreat_ids(game: Game, player: int) -> list[int]:
    return [c.id for c in game.players[player].retreat]


def face_up_bonds(game: Game, player: int) -> int:
    return sum(b.face_up for b in game.players[player].bonds)


