"""The vocabulary registry: every effect verb and cost verb a card may name.

Adding an effect means writing one builder function and registering it here with
the kinds of object it takes, and, where the effect cannot act on every thing its
object names, what it can act on (``acts_on``: engine decision 14, choices offer
only those); the checker reads these entries to validate packs,
the compiler calls the builders, and docs/skill-language.md lists them."""
from __future__ import annotations

from typing import Any, Callable

import attrs


@attrs.frozen
class Verb:
    name: str
    objects: frozenset[str]          # number, unit, card, chosen, bond, orb, none
    preps: frozenset[str]            # to, tapped
    build: Callable[..., Any]
    doc: str
    example: str
    needs_place: bool = False
    # acts_on(action) -> (ctx, thing) -> bool: whether the line can act on that unit or
    # card now (None: on anything its object names). Choices, "you may" and "either"
    # offer only such things (dsl/effects.py can_act).
    acts_on: Callable[..., Any] | None = None
    # able(action) -> ctx -> bool, for a line whose object is not a unit or card ("flip
    # 1 bond", "destroy 1 orb"): whether it can act now (None: always).
    able: Callable[..., Any] | None = None


EFFECTS: dict[str, Verb] = {}
COSTS: dict[str, Verb] = {}


def effect(name: str, objects: str, preps: str = "", doc: str = "", example: str = "", needs_place: bool = False,
           acts_on: Callable[..., Any] | None = None, able: Callable[..., Any] | None = None):
    def deco(fn):
        EFFECTS[name] = Verb(name, frozenset(objects.split()), frozenset(preps.split()), fn, doc, example, needs_place,
                             acts_on, able)
        return fn
    return deco


def cost(name: str, objects: str, preps: str = "", doc: str = "", example: str = "", needs_place: bool = False):
    def deco(fn):
        COSTS[name] = Verb(name, frozenset(objects.split()), frozenset(preps.split()), fn, doc, example, needs_place)
        return fn
    return deco
