"""More helpers for the Series 1 card tests of tests/cards/test_53_* (cards B01-068 to
B01-100, B02-003/053 and the P01 promotional cards)."""
from __future__ import annotations

import pytest

from fecipher.engine.state import Unit
from helpers import C, add_cards, add_unit, foe


def card_params(*codes):
    """pytest parameters, one per card code, each marked with its card."""
    return [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in codes]


def promoted(game, player: int, *codes, area: str = "front", tapped: bool = False) -> Unit:
    """A class-changed unit: the first code is its top card, the others are under it."""
    return add_unit(game, player, *[C(c) if isinstance(c, str) else c for c in codes], area=area,
                    tapped=tapped, class_changed=True)


def fill_hand(game, player: int, n: int, name: str = "Card") -> list:
    """Add ``n`` vanilla cards (cost 1) to a player's hand."""
    return add_cards(game, player, "hand", *[foe(f"{name} {i}") for i in range(n)])


def flier(name: str = "Pegasus", **kw):
    """A vanilla flier card (support 10 unless given)."""
    return foe(name, types=("flier",), **kw)
