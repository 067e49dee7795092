"""Errors of the skill language: a position, a message in a card author's words,
and an excerpt of the source line with a caret under the column.

A file's text may be hostile (one line of megabytes, a million mistakes), so what
an error costs is bounded: the excerpt is a window of the line around the column
(:data:`EXCERPT_WIDTH` characters at most, "..." where the line goes on), and a file
reports at most :data:`MAX_ERRORS` errors, followed by one that says how many more
there were (:class:`Sink`)."""
from __future__ import annotations

import difflib
import unicodedata
from typing import Callable, Iterable

import attrs

# The most characters of a source line an error shows, and how many of them come
# before the column.
EXCERPT_WIDTH = 100
EXCERPT_BEFORE = 40
# The most errors reported for one file; the rest are counted in one more error.
MAX_ERRORS = 100
# The longest message shown: a longer one (which quotes a very long word) is cut in its
# middle, keeping its end, where a suggestion stands.
MAX_MESSAGE = 400


def excerpt(source_line: str, column: int) -> tuple[str, int]:
    """(what to show of a line, the column of the caret in it): the line itself when
    it is short, else a window of :data:`EXCERPT_WIDTH` characters around ``column``
    with "..." at a cut end. Characters that are not printable (a tab excepted) are
    shown as U+FFFD so that the shown line is one line and the caret stays under its
    column."""
    line = source_line.rstrip("\r\n")
    col = max(column, 1)
    if len(line) > EXCERPT_WIDTH:
        start = max(0, min(col - 1 - EXCERPT_BEFORE, len(line) - EXCERPT_WIDTH))
        shown = line[start:start + EXCERPT_WIDTH]
        col -= start
        if start > 0:
            shown = "..." + shown
            col += 3
        if start + EXCERPT_WIDTH < len(line):
            shown += "..."
    else:
        shown = line
    if not shown.isprintable():
        shown = "".join(c if c.isprintable() or c == "\t" else "\ufffd" for c in shown)
    return shown.rstrip(), col


@attrs.frozen
class Diagnostic:
    """One problem of a pack, a deck or a scenario, at file:line:column (line and column
    from 1; 0 when the problem has no place in the text), with the source line."""

    filename: str
    line: int
    column: int
    message: str
    source_line: str = ""

    def format(self) -> str:
        message = self.message
        if len(message) > MAX_MESSAGE:  # (a message that quotes a word a megabyte long)
            message = message[:MAX_MESSAGE // 2 - 3] + " ... " + message[-(MAX_MESSAGE // 2 - 2):]
        out = f"{self.filename}:{self.line}:{self.column}: error: {message}"
        if self.source_line:
            shown, col = excerpt(self.source_line, self.column)
            # the caret's indentation keeps the line's tabs so that it lines up under them
            lead = "".join(c if c == "\t" else " " for c in shown[:col - 1])
            out += f"\n    {shown}\n    {lead}^"
        return out

    def __str__(self) -> str:
        return self.format()


class LanguageError(Exception):
    """One or more errors in a pack or scenario file, sorted by position (a file's
    "and N more errors" last)."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.filename, isinstance(d, MoreErrors), d.line, d.column))
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]


def suggest(word: str, known: Iterable[str]) -> str:
    """' (did you mean 'draw'?)' for the nearest known word, or ''."""
    if len(word) > 60:  # (difflib's cost grows with the length: nothing that long is a typo)
        return ""
    by_lower = {k.lower(): k for k in sorted(set(known))}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return f": did you mean '{by_lower[close[0]]}'?" if close else ""


def source_lines(text: str) -> list[str]:
    """The lines of a file as the language counts them: a line ends at "\\n" (a "\\r"
    before it is part of the line end), and at nothing else (the other characters
    Unicode treats as line breaks are refused in a pack, see :func:`refused_characters`)."""
    return text.split("\n")


def character_name(c: str) -> str:
    """'U+2028 LINE SEPARATOR' for a character, its code and its Unicode name."""
    name = unicodedata.name(c, "") or {"\r": "CARRIAGE RETURN", "\x0b": "LINE TABULATION", "\x0c": "FORM FEED",
                                       "\x85": "NEXT LINE", "\x00": "NULL"}.get(c, "")
    return f"U+{ord(c):04X}" + (f" {name}" if name else "")


def refused_characters(text: str) -> Iterable[tuple[int, int, str]]:
    """(line, column, character) of each character a pack may not hold, in order: any
    that is not printable (control characters, format characters such as zero-width
    spaces and direction marks, line and paragraph separators, spaces other than the
    ordinary one, unassigned code points) except a tab, a new line and a carriage
    return that ends a line ("\\r\\n"). Linear in the text; nearly free when there
    is none (one pass of str.isprintable over the text)."""
    if text.replace("\r\n", "").replace("\n", "").replace("\t", "").isprintable():
        return
    for number, line in enumerate(source_lines(text), 1):
        body = line[:-1] if line.endswith("\r") else line
        if body.replace("\t", "").isprintable():
            continue
        for i, c in enumerate(body):
            if not (c.isprintable() or c == "\t"):
                yield number, i + 1, c


class Sink:
    """Collects the diagnostics of one file: at most :data:`MAX_ERRORS` of them, and
    how many more there were (:meth:`diagnostics` adds one that says so)."""

    def __init__(self, filename: str, text: str, limit: int = MAX_ERRORS):
        self.filename = filename
        self.text = text
        self._lines: list[str] | None = None
        self.items: list[Diagnostic] = []
        self.limit = limit
        self.dropped = 0
        self._first_dropped: tuple[int, int] | None = None

    @property
    def lines(self) -> list[str]:
        """The file's lines, split when the first error needs one."""
        if self._lines is None:
            self._lines = source_lines(self.text)
        return self._lines

    def error(self, pos, message: str | Callable[[], str]) -> None:
        """Report an error at ``pos`` (anything with a line and a column); ``message`` may
        be a function that makes it, called only if the error is kept."""
        line = getattr(pos, "line", 0) or 0
        col = getattr(pos, "column", 0) or 0
        if len(self.items) >= self.limit:
            self.dropped += 1
            if self._first_dropped is None:
                self._first_dropped = (line, col)
            return
        if callable(message):
            message = message()
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.items.append(Diagnostic(self.filename, line, col, message, src))

    @property
    def full(self) -> bool:
        """Whether further errors are only counted."""
        return len(self.items) >= self.limit

    def diagnostics(self) -> list[Diagnostic]:
        """The errors kept, and one more that counts those left out."""
        if not self.dropped:
            return list(self.items)
        line, col = self._first_dropped or (0, 0)
        return self.items + [more_errors(self.filename, self.dropped, line, col)]

    def raise_if_any(self) -> None:
        if self.items:
            raise LanguageError(self.diagnostics())


@attrs.frozen
class MoreErrors(Diagnostic):
    """Stands for ``count`` errors of a file that are not shown (placed at the first of them)."""

    count: int = 0


def more_errors(filename: str, n: int, line: int = 0, column: int = 0) -> MoreErrors:
    """The diagnostic that stands for ``n`` errors of a file left out (at the first of them)."""
    return MoreErrors(filename, line, column, f"and {n} more error{'s' if n != 1 else ''} in this file "
                                              f"(only the first {MAX_ERRORS} are shown)", "", n)


def cap(diagnostics: list[Diagnostic], limit: int = MAX_ERRORS) -> list[Diagnostic]:
    """A file's diagnostics sorted by position, at most ``limit`` of them plus one that
    counts the rest (an earlier "and N more" is counted in)."""
    more = 0
    kept = []
    for d in diagnostics:
        if isinstance(d, MoreErrors):
            more += d.count
        else:
            kept.append(d)
    kept.sort(key=lambda d: (d.line, d.column))
    if len(kept) > limit:
        more += len(kept) - limit
        first = kept[limit]
        kept = kept[:limit]
        return kept + [more_errors(first.filename, more, first.line, first.column)]
    if more and kept:
        last = kept[-1]
        return kept + [more_errors(last.filename, more, last.line, last.column)]
    return kept
