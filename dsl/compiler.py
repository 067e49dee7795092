"""The compiler: a checked pack's AST into engine :class:`~fecipher.engine.cards.Card`
objects whose skills are engine :class:`~fecipher.engine.skills.Skill` objects."""
from __future__ import annotations

import os

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.skillcompile import compile_skills
from fecipher.engine.cards import Card


def compile_pack(pack: A.PackNode) -> list[Card]:
    blank = blanked()
    return [compile_card(c, pack, blank) for c in pack.cards]


def compile_card(node: A.CardNode, pack: A.PackNode, blank: set[str] | None = None) -> Card:
    """The card of ``node``, without skills if one of its codes or its name is in
    ``blank`` (see :func:`blanked`)."""
    unit_name, _, title = node.name.partition(", ")
    f = {x.kind: x.value for x in node.facts}
    types = tuple(w for w, _ in f.get("types", ()))
    gender = f.get("gender", (None,))[0]
    weapon = f.get("weapon", (None,))[0]
    if weapon == "none":
        weapon = None
    skills, supports = (), ()
    if not (blank and blank & blank_keys(f["codes"], f"{unit_name}, {title}")):
        skills, supports = compile_skills(node)
    printed_x = frozenset(k for k in ("attack", "cost", "class_change_cost") if f.get(k) == "X")
    return Card(
        unit_name=unit_name, title=title, codes=tuple(f["codes"]), cost=0 if f["cost"] == "X" else f["cost"],
        class_change_cost=0 if f.get("class_change_cost") == "X" else f.get("class_change_cost"),
        symbols=tuple(V.SYMBOLS[w] for w, _ in f.get("symbols", ())),
        gender=gender, weapon=weapon, types=types, ranges=frozenset(f.get("range", ())),
        attack=0 if f["attack"] == "X" else f["attack"], support=0 if f["support"] == "X" else f["support"],
        support_x=f["support"] == "X", printed_x=printed_x,
        class_name=f.get("class", ""),
        skills=skills, support_skill=supports[0] if supports else None, more_support_skills=supports[1:],
        pack=pack.filename, source_line=node.pos.line,
    )


BLANK_ENV = "FECIPHER_BLANK_SKILLS"


def blank_keys(codes, name: str) -> set[str]:
    """The words that name a card in a blank list: its codes and its name, in upper case."""
    return {c.upper() for c in codes} | {name.upper()}


def is_blanked(card: Card, blank: set[str] | frozenset[str] | None) -> bool:
    """Whether ``blank`` (upper-case codes and names, see :func:`blanked`) names ``card``."""
    return bool(blank) and bool(blank & blank_keys(card.codes, card.name))


def blank_card(card: Card) -> Card:
    """``card`` with no skill and no support skill, its facts unchanged: what
    :func:`compile_card` makes of a card named in the blank list."""
    return attrs.evolve(card, skills=(), support_skill=None, more_support_skills=())


def without_skills(card: Card, names: set[str] | frozenset[str]) -> Card:
    """``card`` without its skills (and support skill) printed with one of ``names``: the
    blank check of one skill (``tools/blankcheck.py``)."""
    supports = tuple(s for s in card.support_skills if s.name not in names)
    return attrs.evolve(card, skills=tuple(s for s in card.skills if s.name not in names),
                        support_skill=supports[0] if supports else None, more_support_skills=supports[1:])


def blanked() -> set[str] | None:
    """Mutation testing: FECIPHER_BLANK_SKILLS="B01-003ST,..." (card codes or
    "Unit, Title" names) compiles those cards without any skill, so that a test
    suite can prove each card's tests fail when its skills do nothing. The codes and
    names it lists, in upper case; None when it is not set."""
    spec = os.environ.get(BLANK_ENV)
    if not spec:
        return None
    wanted = {x.strip().upper() for x in spec.split(";" if ";" in spec else ",") if x.strip()}
    wanted.add(spec.strip().upper())  # one "Unit, Title" name on its own (its comma is not a separator)
    return wanted
