"""docs/phrasebook.md: every example compiles, and its generated lists (the index of the
shipped cards using each entry, every word of the language) are current."""
from __future__ import annotations

import pytest

from fecipher.dsl.packs import compile_text
from tools import phrasebook

TEXT = phrasebook.DOC.read_text(encoding="utf-8")
HOST = '''card "Marth, Phrasebook Host"
  codes PHR-001
  cost 3
  class change cost 2
  symbol red
  gender male
  weapon sword
  range 1
  attack 60
  support 10
'''


def test_the_phrasebook_has_entries():
    assert len(phrasebook.entries(TEXT)) >= 20


@pytest.mark.parametrize("heading,block", phrasebook.entries(TEXT), ids=lambda x: x[:40])
def test_phrasebook_example_compiles(heading, block):
    body = HOST + "\n".join("  " + ln if ln.strip() else ln for ln in block.splitlines()) + "\n"
    assert compile_text(body, f"phrasebook: {heading}")


def test_the_generated_lists_are_current():
    """Run ``python -m tools.phrasebook`` after changing the entries, the packs or the language."""
    assert TEXT == phrasebook.render(TEXT)


def test_the_index_names_shipped_cards():
    assert "Caeda, Love-Extolling Wings" in TEXT
