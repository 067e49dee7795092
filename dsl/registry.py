"""The vocabulary registry: every effect verb and cost verb a card may name.

Adding an effect means writing one builder function and registering it here with
the kinds of object it takes; the checker reads these entries to validate packs,
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


EFFECTS: dict[str, Verb] = {}
COSTS: dict[str, Verb] = {}


def effect(name: str, objects: str, preps: str = "", doc: str = "", example: str = "", needs_place: bool = False):
    def deco(fn):
        EFFECTS[name] = Verb(name, frozenset(objects.split()), frozenset(preps.split()), fn, doc, example, needs_place)
        return fn
    return deco


def cost(name: str, objects: str, preps: str = "", doc: str = "", example: str = "", needs_place: bool = False):
    def deco(fn):
        COSTS[name] = Verb(name, frozenset(objects.split()), frozenset(preps.split()), fn, doc, example, needs_place)
        return fn
    return deco
