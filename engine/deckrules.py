"""Deck building (rule 12): at least 50 cards with the MC, at most 4 of a card
name, and a cost-1 Main Character that is in the deck."""
from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.cards import Card
    from fecipher.engine.game import Deck

MIN_DECK_SIZE = 50
MAX_COPIES = 4


class IllegalDeck(Exception):
    """A deck that breaks the deck-building rules; ``problems`` lists every one."""

    def __init__(self, deck_name: str, problems: list[str]):
        self.deck_name = deck_name
        self.problems = problems
        super().__init__(f"deck {deck_name!r} is illegal:\n" + "\n".join(f"  - {p}" for p in problems))


@attrs.frozen
class DeckProblem:
    """One way a deck breaks rule 12: ``rule`` names the part of the rule ("deck size",
    "copies", "Main Character"), ``message`` says it in English with the rule, and
    ``card`` is the card it is about (None for the deck's size)."""

    rule: str
    message: str
    card: "Card | None" = None


def deck_problem_list(deck: "Deck") -> list[DeckProblem]:
    """Every way ``deck`` breaks the deck-building rules (rule 12), each with its rule
    and its card; an empty list for a legal deck."""
    problems: list[DeckProblem] = []
    n = len(deck.cards)
    if n < MIN_DECK_SIZE:
        problems.append(DeckProblem("deck size", f"rule 12 (deck size): the deck has {n} cards, at least "
                                    f"{MIN_DECK_SIZE} are required (the Main Character included)"))
    counts = Counter(c.name for c in deck.cards)
    first = {}
    for c in deck.cards:
        first.setdefault(c.name, c)
    unlimited = {c.name for c in deck.cards if any("any_copies" in s.rules for s in c.skills)}
    for name, k in sorted(counts.items()):
        if k > MAX_COPIES and name not in unlimited:
            problems.append(DeckProblem("copies", f"rule 12 (copies): {k} copies of \"{name}\", at most "
                                        f"{MAX_COPIES} are allowed", first[name]))
    mc = deck.main_character
    if mc.cost != 1:
        problems.append(DeckProblem("Main Character", f"rule 12 (Main Character): \"{mc.name}\" ({mc.code}) costs "
                                    f"{mc.cost}; the Main Character must be a cost-1 card", mc))
    if not any(c is mc for c in deck.cards):
        problems.append(DeckProblem("Main Character", f"rule 12 (Main Character): \"{mc.name}\" ({mc.code}) is not "
                                    f"in the deck", mc))
    return problems


def deck_problems(deck: "Deck") -> list[str]:
    """Every way ``deck`` breaks the deck-building rules (rule 12), each naming the rule
    and the card; an empty list for a legal deck (:func:`deck_problem_list` has them
    with their cards)."""
    return [p.message for p in deck_problem_list(deck)]


def check_deck(deck: "Deck") -> None:
    """Raise :class:`IllegalDeck` listing every problem (:func:`deck_problems`) of an illegal deck."""
    try:
        problems = _known_problems(deck)
    except TypeError:   # a deck made with a list of cards cannot be remembered
        problems = tuple(deck_problems(deck))
    if problems:
        raise IllegalDeck(deck.name, list(problems))


@functools.lru_cache(maxsize=1024)
def _known_problems(deck: "Deck") -> tuple[str, ...]:
    # A deck is immutable (cards are printed facts): checked once, not at every game.
    return tuple(deck_problems(deck))
