"""The corpus of scenario authors' syntax mistakes (tests/errors/scenarios/): each
snippet, a whole .scn file, gives exactly the errors written under it, at their
positions (tests/error_corpus.py reads it).

Every message there was read and judged to let an author fix the line from the message
alone. When a change to the scenario grammar changes a message, run
``python -m tests.error_corpus --write tests/errors/scenarios/syntax.txt``, read the diff
and keep only messages that still say what to fix."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests import error_corpus
from tools import reference_lines

ENTRIES = error_corpus.scenario_entries()


def test_the_corpus_has_at_least_20_mistakes():
    assert len(ENTRIES) >= 20
    assert len({e.title for e in ENTRIES}) == len(ENTRIES), "two entries with one title"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.file}:{e.line}")
def test_mistake_gives_its_message(entry):
    assert entry.expected, f"{entry.file}:{entry.line} has no expected error"
    assert entry.actual() == entry.expected


def test_no_message_is_a_bare_token_list():
    """A syntax error says what the line was read as (or names a misspelt word), never
    only "unexpected X; expected a, b, c"."""
    for e in ENTRIES:
        for m in e.expected:
            assert "; expected " not in m and "ends too early" not in m, e.title


def test_scenario_lines_are_current():
    """conformance/scenario_lines.txt is generated from docs/scenarios.md and
    tests/conformance/*.scn: run ``python -m tools.reference_lines`` after changing them."""
    current = (Path(reference_lines.__file__).resolve().parent.parent / "conformance" / "scenario_lines.txt"
               ).read_text(encoding="utf-8")
    assert current == reference_lines.render_scenarios()
