"""The corpus of card authors' mistakes (tests/errors/*.txt): reading it, and running
each snippet through the checker.

A corpus file holds entries::

    === a title
      act "A"                         <- the snippet: skill lines placed after a standard
        cost tap this                    card (STANDARD_CARD), or a whole card when its
        drwa 1                           first line starts with "card"
    --- 3:5 unknown effect 'drwa': did you mean 'draw'?

Each "---" line is one expected error, its line counted from the snippet's first line.
Lines starting with "#" before the first entry are the file's comments.

The files of tests/errors/scenarios/ hold scenario authors' mistakes the same way: each
snippet is a whole scenario file (.scn), read by
:func:`fecipher.conformance.scenario.parse_scenarios`.

``python -m tests.error_corpus [FILE...]`` prints each snippet's errors as they are now,
in the corpus's form (``--write`` puts them in the files: read every one before committing).
"""
from __future__ import annotations

import sys
from pathlib import Path

import attrs

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CORPUS = Path(__file__).parent / "errors"
SCENARIO_CORPUS = CORPUS / "scenarios"

STANDARD_CARD = '''pack "Errors"
card "Marth, Test Prince"
  codes T01-001
  cost 4
  class change cost 3
  symbol red
  gender male
  weapon sword
  class "Lodestar"
  range 1
  attack 70
  support 20
'''
CARD_ONLY = 'pack "Errors"\n'


@attrs.frozen
class Entry:
    file: str
    title: str
    line: int            # where the entry's title is in its file
    snippet: tuple[str, ...]
    expected: tuple[str, ...]
    scenario: bool = False   # a scenario file's snippet (tests/errors/scenarios/)

    @property
    def whole_card(self) -> bool:
        return bool(self.snippet) and self.snippet[0].startswith("card")

    def text(self) -> tuple[str, int]:
        """(the pack's text, the line of the snippet's first line in it)."""
        head = CARD_ONLY if self.whole_card else STANDARD_CARD
        return head + "\n".join(self.snippet) + "\n", head.count("\n") + 1

    def actual(self) -> tuple[str, ...]:
        """The errors the checker gives now, as "line:column message"."""
        if self.scenario:
            from fecipher.conformance.scenario import parse_scenarios
            try:
                parse_scenarios("\n".join(self.snippet) + "\n", "snippet.scn")
            except LanguageError as e:
                return tuple(f"{d.line}:{d.column} {d.message}" for d in e.diagnostics)
            return ()
        text, first = self.text()
        try:
            compile_text(text, "snippet.fe0")
        except LanguageError as e:
            return tuple(f"{d.line - first + 1}:{d.column} {d.message}" for d in e.diagnostics)
        return ()


def read(path: Path) -> list[Entry]:
    entries: list[Entry] = []
    title = None
    start = 0
    snippet: list[str] = []
    expected: list[str] = []

    def close():
        if title is not None:
            while snippet and not snippet[-1].strip():
                snippet.pop()
            entries.append(Entry(path.name, title, start, tuple(snippet), tuple(expected),
                                 path.parent.name == SCENARIO_CORPUS.name))

    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.startswith("=== "):
            close()
            title, start, snippet, expected = line[4:].strip(), n, [], []
        elif title is None:
            continue
        elif line.startswith("--- "):
            expected.append(line[4:])
        elif not expected:
            snippet.append(line)
    close()
    return entries


def all_entries() -> list[Entry]:
    """The entries of the pack corpus (tests/errors/*.txt)."""
    return [e for f in sorted(CORPUS.glob("*.txt")) for e in read(f)]


def scenario_entries() -> list[Entry]:
    """The entries of the scenario corpus (tests/errors/scenarios/*.txt)."""
    return [e for f in sorted(SCENARIO_CORPUS.glob("*.txt")) for e in read(f)]


def write(path: Path) -> None:
    """Put each entry's actual errors in place of its expected ones."""
    out: list[str] = []
    entries = {e.line: e for e in read(path)}
    skipping = False
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if n in entries:
            skipping = False
        if line.startswith("--- "):
            if not skipping:
                e = max((e for k, e in entries.items() if k < n), key=lambda e: e.line)
                out.extend(f"--- {a}" for a in e.actual())
                skipping = True
            continue
        if line.startswith("=== ") and out and n in entries:
            pass
        out.append(line)
    # entries with no "---" line yet: add them after the snippet
    text = "\n".join(out)
    for e in read(path):
        if not e.expected:
            block = "\n".join(e.snippet)
            text = text.replace(f"=== {e.title}\n{block}\n", f"=== {e.title}\n{block}\n"
                                + "".join(f"--- {a}\n" for a in e.actual()), 1)
    path.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    do_write = "--write" in argv
    files = [Path(a) for a in argv if a != "--write"] or sorted(CORPUS.glob("*.txt"))
    for f in files:
        if do_write:
            write(f)
            continue
        for e in read(f):
            print(f"=== {e.title}")
            print("\n".join(e.snippet))
            for a in e.actual():
                print(f"--- {a}")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
