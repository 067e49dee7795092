"""The corpus of card authors' mistakes (tests/errors/): each snippet gives exactly the
errors written under it, at their positions (tests/error_corpus.py reads it).

Every message there was read and judged to let an author fix the line from the message
alone. When a change to the language changes a message, run
``python -m tests.error_corpus --write tests/errors/FILE.txt``, read the diff and keep
only messages that still say what to fix."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from fecipher.dsl import phrasings
from tests import error_corpus
from tools import reference_lines

ENTRIES = error_corpus.all_entries()
DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_corpus_has_at_least_100_mistakes():
    assert len(ENTRIES) >= 100
    assert len({(e.file, e.title) for e in ENTRIES}) == len(ENTRIES), "two entries with one title"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.file}:{e.line}")
def test_mistake_gives_its_message(entry):
    assert entry.expected, f"{entry.file}:{entry.line} has no expected error"
    assert entry.actual() == entry.expected


def test_every_phrasing_is_in_the_corpus():
    """Each row of dsl/phrasings.py is what some snippet's message says."""
    messages = {m.split(" ", 1)[1] for e in ENTRIES for m in e.expected}
    unused = [p.name for p in phrasings.PHRASINGS
              if not any(m.startswith(p.text().split("DIGITS")[0].split("NUMBER_WORD")[0]) for m in messages)]
    assert not unused


def test_every_phrasing_names_a_section_of_the_reference():
    headings = {m.group(1).strip() for m in re.finditer(r"^#+ (.*)$", (DOCS / "skill-language.md").read_text(
        encoding="utf-8"), re.M)}
    assert [p.name for p in phrasings.PHRASINGS if p.section not in headings] == []


def test_reference_lines_are_current():
    """dsl/reference_lines.txt is generated from the reference's examples: run
    ``python -m tools.reference_lines`` after changing them."""
    current = (Path(reference_lines.__file__).resolve().parent.parent / "dsl" / "reference_lines.txt").read_text(
        encoding="utf-8")
    assert current == reference_lines.render()


def test_no_follow_on_errors_for_a_broken_skill():
    """A skill with a syntax error reports that error only, not "has no effect line"."""
    for e in ENTRIES:
        if any("reads as" in m or "unknown word" in m for m in e.expected):
            assert not any("has no effect line" in m or "needs a trigger" in m for m in e.expected), e.title
