"""Design rule 8: every construct the checker accepts is shown in a game.

Runs last, over what the whole suite recorded (tests/construct_coverage.py): each rule
and alternative of grammar/pack.lark must appear in a pack that a test played a game
with. ``NOT_YET_IN_A_GAME`` lists, with the reason, the constructs that have no such test
yet; it may only shrink: a construct that gains a game test must leave it, and a new
construct without one fails here.

With pytest-xdist (``-n``), each worker records only its own tests, so this test skips
and the controller makes the same check over the union of the workers' records at the
end of the run (tests/conftest.py, ``pytest_sessionfinish``), failing the run."""
from __future__ import annotations

import os

import pytest

import construct_coverage as CC

# Constructs accepted today that no game test shows yet (to be given one, or refused).
NOT_YET_IN_A_GAME: dict[str, str] = {}

# Rules of the pack's structure and words, not constructs a skill uses.
STRUCTURE = frozenset({"start", "header", "card", "word_list"})


def test_every_construct_of_the_grammar_is_shown_in_a_game():
    if os.environ.get("PYTEST_XDIST_WORKER"):
        pytest.skip("under pytest-xdist the controller makes this check over every worker's "
                    "record at the end of the run (tests/conftest.py)")
    if not CC.whole_suite():
        pytest.skip("checks what every game test of the suite played: run with the whole suite "
                    "(python3 -m pytest), as CI does")
    problems = CC.problems(CC.shown_in_games(), NOT_YET_IN_A_GAME, STRUCTURE)
    assert not problems, "\n".join(problems)


def test_the_universe_is_the_grammars_constructs():
    u = CC.universe()
    assert {"cost_clause", "trigger_clause"} <= u or len(u) > 50
    assert not any(name.startswith("_") for name in u)
