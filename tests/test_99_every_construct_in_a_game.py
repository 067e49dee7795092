"""Design rule 8: every construct the checker accepts is shown in a game.

Runs last, over what the whole suite recorded (tests/construct_coverage.py): each rule
and alternative of grammar/pack.lark must appear in a pack that a test played a game
with. ``NOT_YET_IN_A_GAME`` lists, with the reason, the constructs that have no such test
yet; it may only shrink: a construct that gains a game test must leave it, and a new
construct without one fails here."""
from __future__ import annotations

from pathlib import Path

import pytest

import construct_coverage as CC

# Constructs accepted today that no game test shows yet (to be given one, or refused).
NOT_YET_IN_A_GAME: dict[str, str] = {}

# Rules of the pack's structure and words, not constructs a skill uses.
STRUCTURE = frozenset({"start", "header", "card", "word_list"})


def _whole_suite() -> bool:
    here = Path(__file__).resolve().parent
    files = {str(p.relative_to(here)) for p in here.rglob("test_*.py")}
    return files <= CC.RECORD["files"]


def test_every_construct_of_the_grammar_is_shown_in_a_game():
    if not _whole_suite():
        pytest.skip("checks what every game test of the suite played: run with the whole suite "
                    "(python3 -m pytest), as CI does")
    universe = CC.universe() - STRUCTURE
    shown = CC.shown_in_games()
    missing = sorted(universe - shown - set(NOT_YET_IN_A_GAME))
    stale = sorted(set(NOT_YET_IN_A_GAME) & shown)
    unknown = sorted(set(NOT_YET_IN_A_GAME) - universe)
    problems = [f"constructs the checker accepts with no game test: {missing}" if missing else "",
                f"now shown in a game, take them out of NOT_YET_IN_A_GAME: {stale}" if stale else "",
                f"not constructs of the grammar any more: {unknown}" if unknown else ""]
    assert not any(problems), "\n".join(p for p in problems if p)


def test_the_universe_is_the_grammars_constructs():
    u = CC.universe()
    assert {"cost_clause", "trigger_clause"} <= u or len(u) > 50
    assert not any(name.startswith("_") for name in u)
