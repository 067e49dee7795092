"""The pack lexer: the terminals of Lark's basic lexer, matched the same way, faster.

Lark's basic lexer finds a token with one regular expression, then decides whether a
word is a keyword ("destroy", "turn") by matching it against a second expression that
lists every keyword: on the 180 keywords of the pack grammar that second match was
most of the lexing time. Here the same token expression is used (same terminals, same
order, so the same choice among them) and keywords are looked up in a dictionary,
which gives the same answer: a word is a keyword exactly when it equals one (Lark's
full match of literal strings). Blanks between tokens (the grammar's ``%ignore``) are
skipped by the same match instead of being tokens of their own.

Lines and columns are Lark's (1-based; a line is counted at each new-line character,
all of which are in newline tokens) and are worked out only for the tokens whose
position is asked for (:func:`position`).
tests/test_22_fast_parse.py proves the two lexers give the same tokens on every pack
and on fuzzed text.
"""
from __future__ import annotations

import bisect
import re
from typing import Iterator

from lark import Lark


STRAY = "stray_character"  # not a terminal name: Lark names terminals in upper case


class LexFailure(Exception):
    """Text the lexer cannot read; the caller asks Lark for the exact diagnostic."""


class PackLexer:
    """The token expression and keyword table of one Lark grammar (basic lexer)."""

    def __init__(self, p: Lark):
        basic = p.parser.lexer
        scanner = basic.scanner  # Lark's terminals in Lark's order, keywords taken out
        ignored = [t for t in scanner.terminals if t.name in basic.ignore_types]
        kept = [t for t in scanner.terminals if t.name not in basic.ignore_types]
        blanks = "|".join(t.pattern.to_regexp() for t in ignored)
        tokens = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in kept)
        # A terminal that could begin with a blank would make skipping blanks first wrong.
        for t in kept:
            if re.match(t.pattern.to_regexp(), " \t", basic.g_regex_flags):  # pragma: no cover
                raise TypeError(f"terminal {t.name} can start with a blank")
        self.regex = re.compile(f"(?:{blanks})*(?:{tokens})" if blanks else tokens, basic.g_regex_flags)
        # The same with one more terminal, any single character that is not a blank: it
        # leaves no gap between matches, so a reader need not check for one (the parser
        # has no action for it, which makes it a syntax error like any stray token).
        self.scan = re.compile(f"(?:{blanks})*(?:{tokens}|(?P<{STRAY}>[^\\t ]))" if blanks
                               else f"{tokens}|(?P<{STRAY}>[\\s\\S])", basic.g_regex_flags)
        # By the number of a match's last group: its terminal and, for a terminal that
        # keywords are taken from, the keywords (m.lastindex is cheaper than lastgroup).
        self.groups: dict[int, tuple[str, dict[str, str] | None]] = {}
        self.blanks = re.compile(f"(?:{blanks})*\\Z" if blanks else "\\Z", basic.g_regex_flags)
        self.keywords: dict[str, dict[str, str]] = {}
        for name, callback in basic.callback.items():
            words: dict[str, str] = {}
            for term in callback.scanner.terminals:
                if term.pattern.type != "str" or term.pattern.flags:  # pragma: no cover
                    raise TypeError(f"keyword terminal {term.name} is not a plain string")
                words[term.pattern.value] = term.name
            self.keywords[name] = words
        for name, index in self.scan.groupindex.items():
            self.groups[index] = (name, self.keywords.get(name))

    def kind(self, m: re.Match) -> str:
        """The terminal of a match: its group, or the keyword it spells."""
        group = m.lastgroup
        words = self.keywords.get(group)
        return group if words is None else words.get(m.group(group), group)

    def matches(self, text: str) -> Iterator[re.Match]:
        """One match per token (the token is the match's last group); raises LexFailure
        at the first character no terminal accepts."""
        end = 0
        for m in self.regex.finditer(text):
            if m.start() != end:
                raise LexFailure(end)
            end = m.end()
            yield m
        if end != len(text) and not self.blanks.match(text, end):
            raise LexFailure(end)

    def tokens(self, text: str) -> Iterator[tuple[str, str, int, int]]:
        """``(type, value, line, column)`` for each token, as Lark's lexer gives them."""
        lines = line_starts(text)
        for m in self.matches(text):
            line, column = position(lines, m.start(m.lastgroup))
            yield self.kind(m), m.group(m.lastgroup), line, column


def line_starts(text: str) -> list[int]:
    """The offset of each line's first character: line n starts at ``[n - 1]``."""
    return [0] + [m.end() for m in re.finditer("\n", text)]


def position(lines: list[int], offset: int) -> tuple[int, int]:
    """Lark's (line, column) of a character offset, both 1-based (``lines`` from
    :func:`line_starts`). The fast parser does the same inline."""
    line = bisect.bisect_right(lines, offset)
    return line, offset - lines[line - 1] + 1
