"""Errors of the skill language: a position, a message in a card author's words,
and the source line with a caret under the column."""
from __future__ import annotations

import difflib
from typing import Iterable

import attrs


@attrs.frozen
class Diagnostic:
    filename: str
    line: int
    column: int
    message: str
    source_line: str = ""

    def format(self) -> str:
        out = f"{self.filename}:{self.line}:{self.column}: error: {self.message}"
        if self.source_line:
            out += f"\n    {self.source_line.rstrip()}\n    {' ' * (max(self.column, 1) - 1)}^"
        return out

    def __str__(self) -> str:
        return self.format()


class LanguageError(Exception):
    """One or more errors in a pack or scenario file, sorted by position."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.filename, d.line, d.column))
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]


def suggest(word: str, known: Iterable[str]) -> str:
    """' (did you mean 'draw'?)' for the nearest known word, or ''."""
    by_lower = {k.lower(): k for k in sorted(set(known))}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return f": did you mean '{by_lower[close[0]]}'?" if close else ""


class Sink:
    """Collects diagnostics for one file."""

    def __init__(self, filename: str, text: str):
        self.filename = filename
        self.lines = text.splitlines()
        self.items: list[Diagnostic] = []

    def error(self, pos, message: str) -> None:
        line = getattr(pos, "line", 0) or 0
        col = getattr(pos, "column", 0) or 0
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.items.append(Diagnostic(self.filename, line, col, message, src))

    def raise_if_any(self) -> None:
        if self.items:
            raise LanguageError(self.items)
