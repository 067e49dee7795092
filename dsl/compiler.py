"""The compiler: a checked pack's AST into engine :class:`~fecipher.engine.cards.Card`
objects whose skills are engine :class:`~fecipher.engine.skills.Skill` objects."""
from __future__ import annotations

import os

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.engine.cards import Card


def compile_pack(pack: A.PackNode) -> list[Card]:
    return [compile_card(c, pack) for c in pack.cards]


def compile_card(node: A.CardNode, pack: A.PackNode) -> Card:
    unit_name, _, title = node.name.partition(", ")
    f = {x.kind: x.value for x in node.facts}
    types = tuple(w for w, _ in f.get("types", ()))
    gender = f.get("gender", (None,))[0]
    weapon = f.get("weapon", (None,))[0]
    if weapon == "none":
        weapon = None
    card = Card(
        unit_name=unit_name, title=title, codes=tuple(f["codes"]), cost=f["cost"],
        class_change_cost=f.get("class_change_cost"),
        symbols=tuple(V.SYMBOLS[w] for w, _ in f.get("symbols", ())),
        gender=gender, weapon=weapon, types=types, ranges=frozenset(f.get("range", ())),
        attack=f["attack"], support=f["support"], class_name=f.get("class", ""),
        pack=pack.filename, source_line=node.pos.line,
    )
    if blanked(card):
        return card
    from fecipher.dsl.skillcompile import compile_skills
    skills, support = compile_skills(node, card)
    import attrs
    return attrs.evolve(card, skills=skills, support_skill=support)


BLANK_ENV = "FECIPHER_BLANK_SKILLS"


def blanked(card: Card) -> bool:
    """Mutation testing: FECIPHER_BLANK_SKILLS="B01-003ST,..." (card codes or
    "Unit, Title" names) compiles those cards without any skill, so that a test
    suite can prove each card's tests fail when its skills do nothing."""
    spec = os.environ.get(BLANK_ENV)
    if not spec:
        return False
    wanted = {x.strip().upper() for x in spec.split(";" if ";" in spec else ",") if x.strip()}
    wanted.add(spec.strip().upper())  # one "Unit, Title" name on its own (its comma is not a separator)
    return bool(wanted & ({c.upper() for c in card.codes} | {card.name.upper()}))
