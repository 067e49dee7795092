"""The checker: every word of a pack resolved against the vocabulary, every value
checked, every error of the file collected with its position before anything runs."""
from __future__ import annotations

import functools
import importlib.resources

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.dsl.errors import Sink, suggest
from fecipher.dsl.loopcheck import warn_loops
from fecipher.dsl.skillcheck import check_skills

REQUIRED_FACTS = ("codes", "cost", "attack", "support")
FACT_NAMES = ("codes", "cost", "class_change_cost", "symbols", "gender", "weapon", "types", "class", "range",
              "attack", "support")


def check_pack(pack: A.PackNode, text: str) -> None:
    """Raise LanguageError listing every problem in the pack, or return None."""
    sink = Sink(pack.filename, text)
    names: dict[str, list[A.CardNode]] = {}
    units = Names(known_unit_names(), {c.name.partition(", ")[0] for c in pack.cards})
    skills = Names(known_skill_names(), {s.name for c in pack.cards for s in c.skills})
    cards = frozenset(c.name for c in pack.cards)
    for card in pack.cards:
        # Several different cards may have one name (the card list prints the three B08-047
        # Risen, each of another class, as "Risen, Defiled Soldier"): they are told apart by
        # their codes. A card given twice has one of its codes again: that is an error.
        codes = _codes(card)
        for other in names.get(card.name, ()):
            if not codes or codes & _codes(other):
                sink.error(card.pos, f"card \"{card.name}\" is defined twice (first at line {other.pos.line}); "
                                     f"two different cards of one name each have their own codes")
                break
        names.setdefault(card.name, []).append(card)
        check_card(card, sink, units, skills, cards)
    sink.raise_if_any()
    warn_loops(pack, text)   # warnings: skills that may trigger themselves without end


class Names:
    """The names of the card pool's list and those a pack adds, as one collection (in, iteration),
    without copying the pool's thousands of names for every pack."""

    __slots__ = ("known", "added")

    def __init__(self, known: frozenset[str], added: set[str]):
        self.known, self.added = known, added

    def __contains__(self, name: object) -> bool:
        return name in self.known or name in self.added

    def __iter__(self):
        yield from self.known
        yield from (n for n in self.added if n not in self.known)

    def __bool__(self) -> bool:
        return bool(self.known or self.added)


def _codes(card: A.CardNode) -> set[str]:
    """The codes a card node gives (upper case)."""
    return {str(c).upper() for f in card.facts if f.kind == "codes" for c in (f.value or ())}


@functools.lru_cache(maxsize=None)
def known_unit_names() -> frozenset[str]:
    """Every unit name of the real card pool (dsl/unit_names.txt)."""
    text = importlib.resources.files("fecipher.dsl").joinpath("unit_names.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@functools.lru_cache(maxsize=None)
def known_skill_names() -> frozenset[str]:
    """Every skill name of the real card pool (dsl/skill_names.txt)."""
    text = importlib.resources.files("fecipher.dsl").joinpath("skill_names.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def check_card(card: A.CardNode, sink: Sink, units: frozenset[str] | set[str] | Names = frozenset(),
               skills: frozenset[str] | set[str] | Names = frozenset(), cards: frozenset[str] | set[str] = frozenset()) -> None:
    if ", " not in card.name:
        sink.error(card.pos, f"a card's name is \"Unit Name, Title\", e.g. \"Marth, Altean Prince\"; "
                             f"got \"{card.name}\"")
    seen: dict[str, A.Fact] = {}
    for f in card.facts:
        if f.kind in seen:
            sink.error(f.pos, f"'{f.kind.replace('_', ' ')}' is given twice for \"{card.name}\"")
        seen[f.kind] = f
    for req in REQUIRED_FACTS:
        if req not in seen:
            sink.error(card.pos, f"\"{card.name}\" has no '{req}' line")
    for f in card.facts:
        check = _FACT_CHECKS.get(f.kind)
        if check is not None:
            check(f, sink)
    _check_printed_x(card, seen, sink)
    check_skills(card, sink, units or known_unit_names(),
                 skills or known_skill_names() | {s.name for s in card.skills}, cards or {card.name})


def _check_cost(f: A.Fact, sink: Sink) -> None:
    if isinstance(f.value, str):
        if f.value != "X":
            sink.error(f.pos, f"{f.kind.replace('_', ' ')} is a number or X (defined by a SPEC skill of the card), "
                              f"not {f.value!r}")
        return
    if f.value > 9:
        sink.error(f.pos, f"{f.kind.replace('_', ' ')} {f.value} is not a possible cost (0 to 9)")


def _check_symbols(f: A.Fact, sink: Sink) -> None:
    if len(f.value) > 2:
        sink.error(f.pos, "a card has at most two symbols")
    for word, pos in f.value:
        if word not in V.SYMBOLS:
            sink.error(pos, lambda: f"unknown symbol '{word}'{suggest(word, V.SYMBOLS)}")


def _check_gender(f: A.Fact, sink: Sink) -> None:
    word, pos = f.value
    if word not in V.GENDER_WORDS:
        sink.error(pos, lambda: f"unknown gender '{word}'{suggest(word, V.GENDER_WORDS)}")


def _check_weapon(f: A.Fact, sink: Sink) -> None:
    word, pos = f.value
    if word != "none" and word not in V.WEAPON_WORDS:
        sink.error(pos, lambda: f"unknown weapon '{word}'{suggest(word, V.WEAPON_WORDS)}")


def _check_types(f: A.Fact, sink: Sink) -> None:
    for word, pos in f.value:
        if word not in V.TYPE_WORDS:
            sink.error(pos, lambda: f"unknown unit type '{word}'{suggest(word, V.TYPE_WORDS)}")


def _check_range(f: A.Fact, sink: Sink) -> None:
    for r in f.value:
        if not 1 <= r <= 3:
            sink.error(f.pos, f"range {r} is outside 1-3")
    if len(f.value) == 2 and f.value[0] > f.value[1]:
        sink.error(f.pos, "a range is written low-high, e.g. 1-2")


def _check_stat(f: A.Fact, sink: Sink) -> None:
    if isinstance(f.value, str):
        if f.value != "X":
            sink.error(f.pos, f"{f.kind} is a number" + (" or X (a support set by a skill)" if f.kind == "support"
                                                         else " or X (set by a CONT skill of the card)")
                       + f", not {f.value!r}")
        return
    if f.value % 10 and f.value != 0:
        sink.error(f.pos, f"{f.kind} {f.value} is not a multiple of 10")


# A printed X (other than support's) and the kind of skill of the card that defines it:
# fact -> (skill kind, CardChange stat, the words of the line).
_X_DEFINED_BY = {"attack": ("cont", "attack", "a CONT skill 'the attack of this unit becomes ...'"),
                 "cost": ("spec", "cost", "a SPEC skill 'the deployment cost of this card becomes ...'"),
                 "class_change_cost": ("spec", "cc_cost", "a SPEC skill 'the class change cost of this card "
                                                          "becomes ...'")}


def _check_printed_x(card: A.CardNode, facts: dict[str, A.Fact], sink: Sink) -> None:
    """A printed attack, cost or class-change cost X is a value computed from the card's
    own skill ("This unit's attack is calculated as ...", "This card's Class Change Cost
    is calculated as ..."): the card must have that skill."""
    for kind, (skill_kind, stat, words) in _X_DEFINED_BY.items():
        f = facts.get(kind)
        if f is None or f.value != "X":
            continue
        this = "this" if skill_kind == "cont" else "this_card"
        if not any(s.kind == skill_kind and any(
                isinstance(st, A.CardChange) and st.stat == stat and st.op == "set" and st.of is None
                and isinstance(st.subject, A.Ref) and st.subject.kind == this for st in s.statements)
                for s in card.skills):
            sink.error(f.pos, f"{kind.replace('_', ' ')} X is defined by {words} of the card; \"{card.name}\" has "
                              f"none")


# The check of each kind of fact that has one (codes and class have none).
_FACT_CHECKS = {"cost": _check_cost, "class_change_cost": _check_cost, "symbols": _check_symbols,
                "gender": _check_gender, "weapon": _check_weapon, "types": _check_types, "range": _check_range,
                "attack": _check_stat, "support": _check_stat}
