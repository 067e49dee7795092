"""The pack lexer: the terminals of Lark's basic lexer, matched the same way, faster.

Lark's basic lexer finds a token with one regular expression, then decides whether a
word is a keyword ("destroy", "turn") by matching it against a second expression that
lists every keyword: on the 180 keywords of the pack grammar that second match was
most of the lexing time. Here the same terminals are tried in an order that chooses
the same one at each position (see below) and keywords are looked up in a dictionary,
which gives the same answer: a word is a keyword exactly when it equals one (Lark's
full match of literal strings).

The expression is written for the cost of Python's regular-expression engine, which
tries the alternatives one by one:

- a terminal's group is an empty one at its end, ``\\d+(?P<INT>)``, not one around
  it: an alternative that starts with a character or a character set is skipped at
  once when the next character cannot start it, while one that starts with a group is
  entered and left. The token is then the match up to its group's end. Only the
  terminals that keywords are taken from (words) have their group around them: every
  one of their tokens is looked up by its text, which ``m[group]`` gives at the least
  cost;
- groups inside a terminal's own expression are made non-capturing (the engine
  records every capture it passes, as often as a repetition repeats);
- the blanks between tokens (the grammar's ``%ignore``) are matched after each token
  rather than before it, so that a match starts where its token starts;
- words, most of the tokens, are tried as early as they can be: before the terminals
  Lark puts first, but after those that may start with a character a word may start
  with (and those that may start like one of these). Two terminals that cannot start
  alike never both match at one place, so which of them is tried first changes nothing.

Lines and columns are Lark's (1-based; a line is counted at each new-line character,
all of which are in newline tokens) and are worked out only for the tokens whose
position is asked for (:func:`position`).
tests/test_22_fast_parse.py proves the two lexers give the same tokens on every pack
and on fuzzed text.
"""
from __future__ import annotations

import bisect
import itertools
import re
import sys
from typing import Iterator

from lark import Lark

if sys.version_info >= (3, 11):
    import re._constants as sre_constants
    import re._parser as sre_parse
else:  # pragma: no cover
    import sre_constants
    import sre_parse


STRAY = "stray_character"  # not a terminal name: Lark names terminals in upper case


class LexFailure(Exception):
    """Text the lexer cannot read; the caller asks Lark for the exact diagnostic."""


class PackLexer:
    """The token expression and keyword table of one Lark grammar (basic lexer)."""

    def __init__(self, p: Lark):
        basic = p.parser.lexer
        scanner = basic.scanner  # Lark's terminals in Lark's order, keywords taken out
        ignored = [t.pattern.to_regexp() for t in scanner.terminals if t.name in basic.ignore_types]
        kept = [t for t in scanner.terminals if t.name not in basic.ignore_types]
        for t in kept:
            # A terminal that could begin with a blank would make skipping blanks wrong.
            if re.match(t.pattern.to_regexp(), " \t", basic.g_regex_flags):  # pragma: no cover
                raise TypeError(f"terminal {t.name} can start with a blank")
        self.keywords: dict[str, dict[str, str]] = {}
        for name, callback in basic.callback.items():
            words: dict[str, str] = {}
            for term in callback.scanner.terminals:
                if term.pattern.type != "str" or term.pattern.flags:  # pragma: no cover
                    raise TypeError(f"keyword terminal {term.name} is not a plain string")
                words[term.pattern.value] = term.name
            self.keywords[name] = words
        firsts = {t.name: _first_characters(t.pattern.to_regexp(), basic.g_regex_flags) for t in kept}
        for word in [t for t in kept if t.name in self.keywords]:
            # Those before it that may start like it, or like one of those, stay before it.
            i = kept.index(word)
            before = [word]
            for t in reversed(kept[:i]):
                if any(_may_start_alike(firsts[t.name], firsts[u.name]) for u in before):
                    before.append(t)
            kept = ([t for t in kept[:i] if t in before] + [word]
                    + [t for t in kept[:i] if t not in before] + kept[i + 1:])
        alternatives = [f"(?P<{t.name}>{_tail_possessive(_without_groups(t.pattern.to_regexp()))})"
                        if t.name in self.keywords
                        else f"(?:{_tail_possessive(_without_groups(t.pattern.to_regexp()))})(?P<{t.name}>)"
                        for t in kept]
        # After a token and its blanks comes a token or a stray character: one more
        # terminal, any single character, last. It leaves no gap between matches, so a
        # reader need not check for one (the parser has no action for it, which makes it
        # a syntax error like any stray token).
        alternatives.append(f"[\\s\\S](?P<{STRAY}>)")
        blanks = _blank_runs(ignored)
        self.scan = re.compile(f"(?:{'|'.join(alternatives)}){blanks}", basic.g_regex_flags)
        self.blanks = re.compile(blanks, basic.g_regex_flags)
        # By the number of a match's last group (never 0, the whole match): its terminal
        # and, for a terminal that keywords are taken from, the keywords (m.lastindex is
        # cheaper than lastgroup).
        if len(self.scan.groupindex) != self.scan.groups:  # pragma: no cover
            raise TypeError("a terminal has a group of its own")
        self.groups: list[tuple[str, dict[str, str] | None]] = [("", None)] * (self.scan.groups + 1)
        for name, index in self.scan.groupindex.items():
            self.groups[index] = (name, self.keywords.get(name))

    def matches(self, text: str) -> Iterator[re.Match]:
        """One match per token, in order: the token is ``text[m.start():m.end(m.lastindex)]``
        (:func:`value`; ``m[m.lastindex]`` for a word), and is a stray character where no
        terminal matches."""
        return self.scan.finditer(text, self.blanks.match(text).end())

    def tokens(self, text: str) -> Iterator[tuple[str, str, int, int]]:
        """``(type, value, line, column)`` for each token, as Lark's lexer gives them;
        LexFailure at the first character no terminal accepts."""
        lines = line_starts(text)
        for m in self.matches(text):
            kind, words = self.groups[m.lastindex]
            if kind == STRAY:
                raise LexFailure(m.start())
            v = value(m)
            line, column = position(lines, m.start())
            yield kind if words is None else words.get(v, kind), v, line, column


def value(m: re.Match) -> str:
    """The token of a match of :attr:`PackLexer.scan` (the fast parser does the same inline)."""
    return m.string[m.start():m.end(m.lastindex)]


def _tail_possessive(regex: str) -> str:
    """``regex`` with a repetition that ends it made possessive (``x+`` to ``x++``), where
    Python has possessive repetitions (3.11). It matches the same text in the token
    expression: what follows a terminal there (its empty group, then blanks) always
    matches, so the engine never backs into that repetition; and it keeps no backtracking
    point per repetition, which for a group repeated (the line ends and comments of
    ``_NL`` over 10 MB of blank lines) took hundreds of bytes each."""
    if sys.version_info < (3, 11) or not regex.endswith(("+", "*")) or regex.endswith(("++", "*+", "?+")):
        return regex
    backslashes = len(regex[:-1]) - len(regex[:-1].rstrip("\\"))
    return regex if backslashes % 2 else regex + "+"


def _blank_runs(ignored: list[str]) -> str:
    """An expression for any number of ignored tokens in a row: ``[\\t ]*`` for the
    usual ``%ignore /[\\t ]+/`` (the engine repeats a repetition slowly)."""
    if not ignored:
        return ""
    if len(ignored) == 1 and re.fullmatch(r"\[[^\]\[]*\]\+", ignored[0]):
        return ignored[0][:-1] + "*"
    return f"(?:{'|'.join(ignored)})*"


def _may_start_alike(a: tuple[frozenset[str], bool] | None, b: tuple[frozenset[str], bool] | None) -> bool:
    """Whether matches of two expressions, by their :func:`_first_characters`, may start
    with the same character."""
    return a is None or b is None or bool(a[0] & b[0]) or (a[1] and b[1])


_C = sre_constants
# The ASCII characters of a character class (\d, \s, \w and their negations); each
# also has others.
_CATEGORIES = {
    _C.CATEGORY_DIGIT: str.isdigit, _C.CATEGORY_NOT_DIGIT: lambda c: not c.isdigit(),
    _C.CATEGORY_SPACE: str.isspace, _C.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
    _C.CATEGORY_WORD: lambda c: c.isalnum() or c == "_", _C.CATEGORY_NOT_WORD: lambda c: not (c.isalnum() or c == "_"),
}
_ASCII = [chr(i) for i in range(128)]


class _Unknown(Exception):
    """An expression this module does not work out the first characters of."""


def _first_characters(regex: str, flags: int) -> tuple[frozenset[str], bool] | None:
    """The characters a match of ``regex`` starts with: (the ASCII ones, whether any
    other); None when not known (or when it may match nothing)."""
    try:
        parsed = sre_parse.parse(regex, flags)
        if parsed.state.flags & _C.SRE_FLAG_IGNORECASE:
            raise _Unknown
        chars, others, empty = _starts(list(parsed))
    except (_Unknown, re.error):
        return None
    return None if empty else (frozenset(chars), others)


def _starts(items: list) -> tuple[set[str], bool, bool]:
    """(ASCII first characters, whether others, whether it may match nothing) of a
    sequence of parsed items."""
    chars: set[str] = set()
    others = False
    for op, av in items:
        if op is _C.LITERAL:
            return (chars | {chr(av)}, others, False) if av < 128 else (chars, True, False)
        if op is _C.NOT_LITERAL or op is _C.ANY:
            return chars | set(_ASCII), True, False
        if op is _C.IN:
            c, o = _class_characters(av)
            return chars | c, others or o, False
        if op is _C.AT:   # a zero-width assertion (^, \b): the next item starts the match
            continue
        if op is _C.BRANCH:
            empty = False
            for branch in av[1]:
                c, o, e = _starts(list(branch))
                chars |= c
                others = others or o
                empty = empty or e
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, getattr(_C, "POSSESSIVE_REPEAT", None)):
            c, o, e = _starts(list(av[2]))
            chars |= c
            others = others or o
            empty = e or av[0] == 0
        elif op is _C.SUBPATTERN and not av[1] & _C.SRE_FLAG_IGNORECASE:
            c, o, empty = _starts(list(av[3]))
            chars |= c
            others = others or o
        else:
            raise _Unknown
        if not empty:
            return chars, others, False
    return chars, others, True


def _class_characters(items: list) -> tuple[set[str], bool]:
    """(the ASCII characters, whether others) of a character class ``[...]``."""
    test: list = []
    negate = others = False
    for op, av in items:
        if op is _C.NEGATE:
            negate = others = True
        elif op is _C.LITERAL:
            test.append(lambda c, av=av: ord(c) == av)
            others = others or av > 127
        elif op is _C.RANGE:
            test.append(lambda c, av=av: av[0] <= ord(c) <= av[1])
            others = others or av[1] > 127
        elif op is _C.CATEGORY and av in _CATEGORIES:
            test.append(_CATEGORIES[av])
            others = True
        else:
            raise _Unknown
    return {c for c in _ASCII if any(t(c) for t in test) != negate}, others


def _without_groups(regex: str) -> str:
    """``regex`` with each capturing group made non-capturing: a ``(`` that is not
    escaped, not in a character set and not followed by ``?`` becomes ``(?:``."""
    out = []
    i = 0
    in_set = False
    while i < len(regex):
        c = regex[i]
        i += 1
        if c == "\\":
            c += regex[i:i + 1]
            i += 1
        elif in_set:
            in_set = c != "]"
        elif c == "[":
            in_set = True
            # "^", then "]", at the start of a set stand for themselves
            for literal in "^]":
                if regex.startswith(literal, i):
                    c += literal
                    i += 1
        elif c == "(" and not regex.startswith("?", i):
            c = "(?:"
        out.append(c)
    return "".join(out)


def line_starts(text: str) -> list[int]:
    """The offset of each line's first character: line n starts at ``[n - 1]``."""
    starts = list(itertools.accumulate(map((1).__add__, map(len, text.split("\n"))), initial=0))
    starts.pop()  # (where a line after the last one would start)
    return starts


def position(lines: list[int], offset: int) -> tuple[int, int]:
    """Lark's (line, column) of a character offset, both 1-based (``lines`` from
    :func:`line_starts`). The fast parser does the same inline."""
    line = bisect.bisect_right(lines, offset)
    return line, offset - lines[line - 1] + 1
