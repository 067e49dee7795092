"""The fast parse: Lark's LALR tables driven here, building the AST while parsing.

Lark parses a pack into a tree (with every node's position propagated from its
children), and :class:`~fecipher.dsl.parse.ToAst` then walks that tree. Both steps
are generic and were ~80 % of the time to load a large pack. This module runs the
same LALR automaton (Lark's own tables for grammar/pack.lark, so it accepts exactly
the same texts) and calls ToAst's methods at each reduction, with the same children
and the same positions Lark would have given them:

- children: what Lark's tree builder keeps (anonymous keywords dropped unless the rule
  is ``!``, ``_rules`` and ``x*`` helper rules spliced into their parent, ``?rules``
  with one child replaced by that child), a token as a Lark Token or, for the methods
  that only read their tokens' text, as that text;
- position: the first position among the rule's children, filtered or not (Lark's
  ``propagate_positions``), (0, 0) for a rule that matched nothing.

Most of a pack's lines repeat an earlier line word for word (three quarters of the fact
lines, "  range 1", "  support 20", and half the skills' lines, "    once per turn"):
a fact or clause line whose text an earlier one of the same text had is not read again
but made from that node (:class:`RepeatedLines`), with the same result.

:meth:`FastParser.parse` raises :class:`ParseFailure` on the first unexpected
character or token. :meth:`FastParser.parse_recovering` goes on after each one, in the
same pass: the language is line-based, so a syntax error is reported and its line left
out (as if it were a comment) by putting the parser back as it was at the start of the
line and skipping the line's tokens; a card header's error leaves out the whole card.
The work stays linear in the text however many errors it holds (one pass, and a copy
of the parser's stack, bounded by :data:`MAX_DEPTH`, at each line end).

Work and memory are linear in the text: lists (``x*``) grow in place, and the parser's
stack, which is as deep as the constructs nest ("not not not ..."), is limited to
:data:`MAX_DEPTH` entries (a deeper line is a syntax error of its own, a
:class:`SyntaxFault` with ``too_deep``), so that nothing built from the tree recurses
without bound.

tests/test_22_fast_parse.py checks that this parser and Lark's give equal ASTs,
positions included, on every pack, every reference example and fuzzed packs, and
fail on the same texts.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable

import attrs
from lark import Lark, Token, Tree
from lark.parsers.lalr_analysis import Shift

from fecipher.dsl import ast as A
from fecipher.dsl.hints import skill_head, starts_block
from fecipher.dsl.lexer import PackLexer


class ParseFailure(Exception):
    """The text does not parse."""


# The deepest the parser's stack may be: a few times what the real packs need (about
# 20), far below what would make recursion over the tree fail (Python's limit is 1,000).
MAX_DEPTH = 100


@attrs.frozen
class SyntaxFault:
    """One syntax error found by :meth:`FastParser.parse_recovering`: the token (its
    terminal's name, "$END" at the end of the text, lexer.STRAY for a character no
    terminal matches), its text and position, and the terminals the parser could take
    there (as Lark's UnexpectedToken.expected); or ``too_deep`` for a line that nests
    deeper than :data:`MAX_DEPTH`."""

    kind: str
    value: str
    line: int
    column: int
    expected: frozenset[str]
    too_deep: bool = False


@attrs.frozen
class RepeatedLines:
    """Lists of items that are one line each (a card's facts, ``fact*``, and a skill's
    clauses, ``clause*``, each ending in ``line_end``), many of them repeated word for word
    ("  range 1", "    once per turn", "    you may").

    A line whose text, from its first character to its line end, is that of an item of
    the same rule the parser has already built in the same text is the same item on
    another line: it is made with ``moved(item, line)`` (the item with every position's
    line changed; the columns are the same, as the texts are) without being read again.
    A line's reading depends only on its text here: an item is never more than its line,
    and the grammar is unambiguous (LALR), so the tokens of an item have one reading.
    ``moved`` returns None for an item it cannot move: that line is read."""

    rules: tuple[str, ...]
    line_end: str
    moved: Callable[[Any, int], Any]


class _Spliced(list):
    """The children of a ``_rule`` (and their positions), spliced into the parent's."""

    __slots__ = ("positions",)


_EMPTY_POS = A.Pos(0, 0)


def _method(transformer: Any, name: str) -> Callable | None:
    """The transformer's method for a rule, unwrapped from Lark's v_args."""
    f = getattr(transformer, name, None)
    if f is None:
        return None
    base = getattr(f, "base_func", None)  # v_args wrapper: call the function itself
    return base if base is not None else f


class FastParser:
    """One grammar's tables with its reductions bound to one transformer (ToAst), whose
    methods are called as ``method(pos, children)``; :meth:`parse` is re-entrant.

    A token among the children is a Lark Token for the rules named in ``tokens_for``
    (all rules when it is None), and for the others its text (a str), unless a ?rule or
    an x* list that passes it on serves a rule named too: a Token, with its type, line
    and column, costs more to make than anything else the parser does for a token, and
    most methods only read the text."""

    def __init__(self, p: Lark, transformer: Any, tokens_for: Iterable[str] | None = None,
                 repeated_lines: "RepeatedLines | None" = None):
        self.lexer = PackLexer(p)
        table = p.parser.parser.parser.parse_table
        rules = {arg for actions in table.states.values() for action, arg in actions.values() if action is not Shift}
        as_tokens = None if tokens_for is None else _given_tokens(rules, set(tokens_for))
        reductions = {rule: _reduction(rule, transformer, as_tokens is None or _name(rule) in as_tokens)
                      for rule in rules}
        # Repeated lines (RepeatedLines): the reductions of their lists learn their rule's
        # number; the line end's terminal.
        self.repeated = repeated_lines
        list_helpers: dict[str, int] = {}   # the list rule of each rule of lines, and its number
        if repeated_lines is not None:
            for k, item_rule in enumerate(repeated_lines.rules):
                helpers = {r.origin.name for r in rules
                           if r.origin.name.startswith("_") and [s.name for s in r.expansion] == [item_rule]}
                lists = [r for r in rules if r.origin.name in helpers]
                if len(helpers) != 1 or any(reductions[r][0] not in (_FIRST, _APPEND) for r in lists):
                    raise TypeError(f"{item_rule}* is not one list of the grammar")
                for r in lists:
                    reductions[r] = reductions[r][:3] + (k,)
                list_helpers[helpers.pop()] = k
            line_end = [t for t in p.terminals if t.name == repeated_lines.line_end]
            if len(line_end) != 1:
                raise TypeError(f"no terminal {repeated_lines.line_end}")
            self.line_end = re.compile(line_end[0].pattern.to_regexp(), p.parser.lexer.g_regex_flags)
        # A state is its row: row[terminal] is the action, (_SHIFT, next state's row, None
        # or, where a list of repeated lines starts in that state, (its rule's number, the
        # list's rule)) or a reduction (see _reduction), and row[rule name] the state to go
        # to after reducing to that rule (its row). Lark's tables name terminals in upper case.
        states: dict[int, dict[str, Any]] = {}
        for state, actions in table.states.items():
            row: dict[str, Any] = {}
            for symbol, (action, arg) in actions.items():
                if action is Shift:
                    row[symbol] = (_SHIFT, arg) if symbol.isupper() else arg
                else:
                    row[symbol] = reductions[arg]
            states[state] = row
        for row in states.values():
            for symbol, action in row.items():
                if action.__class__ is int:
                    row[symbol] = states[action]
                elif action[0] is _SHIFT:
                    # (a shift into a state where a list of lines starts: that rule's number and list)
                    target = states[action[1]]
                    starts = next(((k, h) for h, k in list_helpers.items() if h in target), None)
                    row[symbol] = (_SHIFT, target, starts)
        self.start = states[table.start_states["start"]]
        self.end = states[table.end_states["start"]]
        if self.end:  # pragma: no cover  (the text is accepted where the end state has no action)
            raise TypeError("the end state has actions")

    def parse(self, text: str, lines: list[dict] | None = None) -> Any:
        """The transformer's result for ``text``; ParseFailure if it does not parse (or
        nests deeper than :data:`MAX_DEPTH`). ``lines``: a :meth:`line_memory` that texts
        parsed together share (each repeated line read once for all of them; by default,
        once in this text)."""
        return self._parse(text, False, 0, lines)[0]

    def line_memory(self) -> list[dict]:
        """What a repeated line was read to (RepeatedLines), for :meth:`parse` to share
        between texts: for each rule, each line's text and (the item, its column)."""
        return [{} for _ in self.repeated.rules] if self.repeated is not None else []

    def parse_recovering(self, text: str, max_errors: int) -> tuple[Any, list[SyntaxFault], set[int], int]:
        """(the transformer's result or None, the first ``max_errors`` syntax errors, the
        lines left out, how many more errors there were) for ``text``, reading on after
        each error as if its line were a comment (or, for a card header, the whole card),
        in one pass. The result is None when the text ends in an error."""
        return self._parse(text, True, max_errors)

    def _parse(self, text: str, recover: bool, max_errors: int,
               lines: list[dict] | None = None) -> tuple[Any, list[SyntaxFault], set[int], int]:
        lexer = self.lexer
        groups = lexer.groups
        # The line last asked about: its number, where it starts and where the next one
        # starts. A position is found from there by counting the line ends between
        # (str.count, in C): the positions asked for are near one another (a token's, or
        # its rule's first token's), so this is linear in the text, and it needs no
        # table of every line's start (10 MB of blank lines would make one of 10
        # million entries).
        near = 1
        cur = 0
        nxt = text.find("\n") + 1 or len(text) + 1
        pos_cls = A.Pos
        match_cls = re.Match

        def move(start: int) -> None:
            """Make the line of a character offset the line last asked about (as
            lexer.position()): count the line ends from there to it."""
            nonlocal near, cur, nxt
            if start >= nxt:
                near += 1 + text.count("\n", nxt, start)
            else:
                near -= text.count("\n", start, cur)
            cur = text.rfind("\n", 0, start) + 1
            nxt = text.find("\n", start) + 1 or len(text) + 1

        def line_of(start: int) -> int:
            """The line of a character offset (as lexer.position()); most are on the line
            asked about before."""
            if not cur <= start < nxt:
                move(start)
            return near

        def position_of(carrier) -> A.Pos:
            """A value's position: a token's match, or an A.Pos already made."""
            if carrier.__class__ is pos_cls:
                return carrier
            start = carrier.start()
            if not cur <= start < nxt:
                move(start)
            return pos_cls(near, start - cur + 1)

        def token(m) -> Token:
            """A shifted token as a Lark Token."""
            start = m.start()
            group = m.lastindex
            value = text[start:m.end(group)]
            t = str.__new__(Token, value)
            kind, words = groups[group]
            t.type = kind if words is None else words.get(value, kind)
            t.value = value
            t.line = line_of(start)
            t.column = start - cur + 1
            return t

        def text_of(m) -> str:
            """A shifted token's text."""
            return text[m.start():m.end(m.lastindex)]

        take = (None, text_of, token)  # by a child's _TEXT or _TOKEN

        # Repeated lines (RepeatedLines; not while recovering, where every line is read):
        # for each rule, each item's line text and (the item read from it, its column).
        repeats = not recover and self.repeated is not None
        if repeats:
            moved, line_end, scan = self.repeated.moved, self.line_end, lexer.scan
            read_lines: list[dict[str, tuple[Any, int]]] = lines if lines is not None else self.line_memory()

        def repeated(lst: _Spliced, m, rule: int):
            """After the parser appended an item to ``lst``, a list of lines of the rule
            numbered ``rule`` (or where such a list starts, ``lst`` empty): remember the item
            by its line's text, then append the items of the lines that follow as long as
            each repeats the text of an item read before. The next token: ``m`` itself when
            no line was taken."""
            nonlocal tokens
            read = read_lines[rule]
            pos = lst.positions[-1] if lst else None
            if pos.__class__ is pos_cls and pos.line == near:   # (its line was the last asked about)
                read.setdefault(text[cur:nxt - 1], (lst[-1], pos.column))
            if m is None:
                return m
            start = m.start()
            line = line_of(start)
            begin = cur
            size = len(text)
            taken = False
            while True:
                end = text.find("\n", start)
                got = read.get(text[begin:end]) if end >= 0 else None   # (no line end: not an item)
                if got is None:
                    break
                item = moved(got[0], line)
                if item is None:
                    break
                lst.append(item)
                lst.positions.append(pos_cls(line, got[1]))
                taken = True
                start = line_end.match(text, end).end()   # (the rest of its line end: blank lines, comments)
                if start >= size:
                    break
                begin = text.rfind("\n", end, start) + 1
                line += 1 if begin == end + 1 else text.count("\n", end, start)
            if not taken:
                return m
            tokens = scan.finditer(text, start)
            return next(tokens, None)

        states = [self.start]
        values: list[Any] = []
        # each value's position: its token's match, an A.Pos, or None (matched nothing)
        positions: list[Any] = []
        max_depth = MAX_DEPTH

        # Recovery: the stack as it was after the last line end (with the length of each
        # list on it, which later reductions may append to), and the first token since.
        faults: list[SyntaxFault] = []
        dropped = 0
        left_out: set[int] = set()
        saved = ([self.start], [], [], [])
        line_start: Any = None
        at_start = True  # no line end read yet

        def save() -> None:
            nonlocal saved, line_start, at_start
            saved = (states[:], values[:], positions[:],
                     [(v, len(v), len(v.positions)) for v in values if v.__class__ is _Spliced])
            line_start = None
            at_start = False

        def fault(m, kind: str, too_deep: bool) -> None:
            """Record the error at token ``m`` (None: the end of the text); count it only
            once there are max_errors."""
            nonlocal dropped
            if len(faults) >= max_errors:
                dropped += 1
                return
            if m is None:
                last = text.rstrip("\n").rpartition("\n")[2]
                faults.append(SyntaxFault("$END", "", max(1, text.count("\n")), len(last) + 1,
                                          frozenset(k for k in top if k.isupper())))
                return
            start = m.start()
            line = line_of(start)
            faults.append(SyntaxFault(kind, text_of(m), line, start - cur + 1,
                                      frozenset(k for k in top if k.isupper()), too_deep))

        def line_text(start: int) -> str:
            """The whole line of a character offset."""
            begin = text.rfind("\n", 0, start) + 1
            stop = text.find("\n", start)
            return text[begin:stop if stop >= 0 else len(text)]

        def skip_line(m, kind: str):
            """Put the stack back as it was at the start of the line of token ``m`` and skip
            to the end of that line (a card header: to the next card); the next token."""
            first = line_start if line_start is not None else m
            header = first is not None and text_of(first) == "card"
            # a skill's first line: to the next card or skill (hints.skill_head)
            block = not header and first is not None and skill_head(line_text(first.start()))
            if m is not None:
                left_out.add(line_of(m.start()))
            line_end = None
            while m is not None:
                k = groups[m.lastindex][0]
                if k == "_NL":
                    line_end = m
                m = next(tokens, None)
                if k == "_NL":
                    if m is None or not (header or block) or (text_of(m) == "card" if header else
                                                               starts_block(line_text(m.start()))):
                        break
                    left_out.add(line_of(m.start()))
            old_states, old_values, old_positions, lengths = saved
            states[:] = old_states
            values[:] = old_values
            positions[:] = old_positions
            for lst, n, n_pos in lengths:
                del lst[n:]
                del lst.positions[n_pos:]
            if at_start and line_end is not None:
                # The first lines, left out, are a line end of their own (at the start of
                # the text, where one may stand), as a comment there would be.
                action = states[-1].get("_NL")
                if action is not None and action[0] is _SHIFT:
                    states.append(action[1])
                    values.append(line_end)
                    positions.append(line_end)
            save()
            return m

        def reduce(rule) -> None:
            """The general reduction: Lark's child filter, splicing, ?rule and position."""
            _, origin, f, size, name, helper, expand1, plan = rule
            if size:
                raw = values[-size:]
                raw_pos = positions[-size:]
                del states[-size:]
                del values[-size:]
                del positions[-size:]
            else:
                raw, raw_pos = [], []
            pos = None
            for p in raw_pos:
                if p is not None:
                    pos = p
                    break
            children = []
            child_pos = []
            for i, spliced, as_ in plan:
                v = raw[i]
                if spliced:
                    children.extend(v)
                    child_pos.extend(v.positions)
                else:
                    children.append(take[as_](v) if as_ else v)
                    child_pos.append(raw_pos[i])
            if expand1 and len(children) == 1:
                # Lark returns the child itself, which keeps its own position when it has one.
                value = children[0]
                if child_pos[0] is not None:
                    pos = child_pos[0]
            elif helper:
                value = _Spliced(children)
                value.positions = child_pos
            else:
                # a rule that matched nothing has no position: (0, 0) for its method, and
                # None on the stack so that its parent looks further (Lark's empty meta)
                if pos is not None:
                    pos = position_of(pos)
                value = f(pos or _EMPTY_POS, children) if f is not None else Tree(name, children)
            states.append(states[-1][origin])
            values.append(value)
            positions.append(pos)

        top = self.start
        end = self.end
        # (the kinds of action as local names, which are read faster than global ones)
        shift, unit, plain, append, one, first_item, splice, pass_child, append_n, first_n = (
            _SHIFT, _UNIT, _PLAIN, _APPEND, _ONE, _FIRST, _SPLICE, _PASS, _APPEND_N, _FIRST_N)
        tokens = lexer.matches(text)   # (then None: the end of the text)
        m = next(tokens, None)
        while True:
            if m is None:
                kind = "$END"
            else:
                group = m.lastindex
                kind, words = groups[group]
                if words is not None:
                    kind = words.get(m[group], kind)
            while True:
                try:
                    action = top[kind]
                except KeyError:
                    if top is end and m is None:
                        return values[-1], faults, left_out, dropped
                    if not recover:
                        raise ParseFailure(kind) from None
                    fault(m, kind, False)
                    if m is None:
                        return None, faults, left_out, dropped
                    m = skip_line(m, kind)
                    top = states[-1]
                    break
                how = action[0]
                if how is shift:
                    if len(states) > max_depth:
                        if not recover:
                            raise ParseFailure(kind)
                        fault(m, kind, True)
                        m = skip_line(m, kind)
                        top = states[-1]
                        break
                    top = action[1]
                    states.append(top)
                    values.append(m)
                    positions.append(m)
                    if recover:
                        if kind == "_NL":
                            save()
                        elif line_start is None:
                            line_start = m
                    m = next(tokens, None)
                    if action[2] is not None and repeats:
                        # where a list of lines starts: its first lines may repeat items read before
                        rule, helper = action[2]
                        lst = _Spliced()
                        lst.positions = []
                        after = repeated(lst, m, rule)
                        if lst:
                            values.append(lst)
                            positions.append(lst.positions[0])
                            top = top[helper]
                            states.append(top)
                            m = after
                    break
                if how is unit:
                    # a ?rule of one rule: the value and its position stay, the state moves
                    top = states[-1] = states[-2][action[1]]
                elif how is plain:
                    # a rule with a method and a fixed number of children (most rules)
                    _, origin, f, first, pick, texts_at, tokens_at = action
                    children = values[first:] if pick is None else list(map(values.__getitem__, pick))
                    pos = positions[first]
                    if pos is None:  # the first child matched nothing: look further
                        pos = next((p for p in positions[first:] if p is not None), None)
                    del states[first:]
                    del values[first:]
                    del positions[first:]
                    for i in texts_at:
                        t = children[i]
                        children[i] = text[t.start():t.end(t.lastindex)]
                    for i in tokens_at:
                        children[i] = token(children[i])
                    if type(pos) is match_cls:
                        start = pos.start()
                        if not cur <= start < nxt:  # (position_of(), inlined)
                            move(start)
                        pos = pos_cls(near, start - cur + 1)
                    values.append(f(pos or _EMPTY_POS, children))
                    positions.append(pos)
                    top = states[-1][origin]
                    states.append(top)
                elif how is append:
                    # x* / x+ helper, left-recursive: append to the list being built
                    child, child_pos = values.pop(), positions.pop()
                    states.pop()
                    lst = values[-1]
                    lst.append(take[action[2]](child) if action[2] else child)
                    lst.positions.append(child_pos)  # (the list's own position is its first item's)
                    top = states[-1] = states[-2][action[1]]
                    if action[3] is not None and repeats:
                        after = repeated(lst, m, action[3])
                        if after is not m:
                            m = after
                            break   # (the next token is another line's: read it afresh)
                elif how is append_n:
                    # x* / x+ helper, left-recursive, several symbols ("," CODE): append the
                    # kept ones to the list being built, in place (copying it would be quadratic)
                    _, origin, first, plan = action
                    lst = values[first]
                    for i, as_ in plan:
                        child = values[i]
                        lst.append(take[as_](child) if as_ else child)
                        lst.positions.append(positions[i])
                    del states[first + 1:]
                    del values[first + 1:]
                    del positions[first + 1:]
                    top = states[-1] = states[-2][origin]
                elif how is first_n:
                    # x* / x+ helper, its first item of several symbols: a list of the kept ones
                    _, origin, first, plan = action
                    lst = _Spliced([take[as_](values[i]) if as_ else values[i] for i, as_ in plan])
                    lst.positions = [positions[i] for i, _ in plan]
                    pos = next((p for p in positions[first:] if p is not None), None)
                    del states[first:]
                    del values[first:]
                    del positions[first:]
                    values.append(lst)
                    positions.append(pos)
                    top = states[-1][origin]
                    states.append(top)
                elif how is one:
                    # a rule of one symbol with a method: noun, kind, subjects ...
                    _, origin, f, as_ = action
                    child = values[-1]
                    if as_ == _TEXT:
                        child = text[child.start():child.end(child.lastindex)]
                    elif as_ == _TOKEN:
                        child = token(child)
                    pos = positions[-1]
                    if type(pos) is match_cls:
                        start = pos.start()
                        if not cur <= start < nxt:  # (position_of(), inlined)
                            move(start)
                        pos = pos_cls(near, start - cur + 1)
                    values[-1] = f(pos or _EMPTY_POS, [child])
                    positions[-1] = pos
                    top = states[-1] = states[-2][origin]
                elif how is first_item:
                    # x* / x+ helper, its first item: a list of one
                    child = values[-1]
                    lst = _Spliced([take[action[2]](child) if action[2] else child])
                    lst.positions = [positions[-1]]
                    values[-1] = lst
                    top = states[-1] = states[-2][action[1]]
                    if action[3] is not None and repeats:
                        after = repeated(lst, m, action[3])
                        if after is not m:
                            m = after
                            break   # (the next token is another line's: read it afresh)
                elif how is splice:
                    # a rule with a method and x* lists among its children
                    _, origin, f, first, plan = action
                    pos = positions[first]
                    if pos is None:
                        pos = next((p for p in positions[first:] if p is not None), None)
                    children = []
                    for i, spliced, as_ in plan:
                        child = values[i]
                        if spliced:
                            children.extend(child)
                        else:
                            children.append(take[as_](child) if as_ else child)
                    del states[first:]
                    del values[first:]
                    del positions[first:]
                    if pos is not None:
                        pos = position_of(pos)
                    values.append(f(pos or _EMPTY_POS, children))
                    positions.append(pos)
                    top = states[-1][origin]
                    states.append(top)
                elif how is pass_child:
                    # a ?rule whose one kept child is the value, with that child's position
                    _, origin, first, kept, as_ = action
                    child = values[kept]
                    pos = positions[kept]
                    if pos is None:
                        pos = next((p for p in positions[first:] if p is not None), None)
                    del states[first:]
                    del values[first:]
                    del positions[first:]
                    values.append(take[as_](child) if as_ else child)
                    positions.append(pos)
                    top = states[-1][origin]
                    states.append(top)
                else:
                    reduce(action)
                    top = states[-1]


_SHIFT, _UNIT, _APPEND, _ONE, _FIRST, _PLAIN, _SPLICE, _PASS, _GENERAL, _APPEND_N, _FIRST_N = (
    "shift", "unit", "append", "one", "first", "plain", "splice", "pass", "general", "append_n", "first_n")
# How a child is passed on: as it is (a rule's value), as its text, as a Lark Token.
_VALUE, _TEXT, _TOKEN = 0, 1, 2


def _name(rule) -> str:
    """The rule's callback: its alias or the rule it is an alternative of."""
    return rule.alias or rule.origin.name


def _given_tokens(rules, names: set[str]) -> set[str]:
    """``names`` and the rules that pass tokens on to those: ``_rules`` and ``x*``
    helpers (spliced in) and ?rules (replaced by their one child)."""
    passed_up = {r.origin.name for r in rules if r.options.expand1 or r.origin.name.startswith("_")}
    names = set(names)
    while True:
        more = {sym.name for r in rules if _name(r) in names
                for sym in r.expansion if not sym.is_term and sym.name in passed_up} - names
        if not more:
            return names
        names |= more


def _reduction(rule, transformer: Any, as_tokens: bool) -> tuple:
    """How to reduce by ``rule``, by how much of Lark's tree building it needs ("as"
    says how a child is passed on, _VALUE, _TEXT or _TOKEN):

    - (_UNIT, nonterminal): a ?rule of one symbol that is a rule's value;
    - (_FIRST, nonterminal, as, None) and (_APPEND, nonterminal, as, None): the first
      and the next items of an ``x*`` list (a _Spliced); for a list of lines
      (RepeatedLines), None is the number of the line's rule there;
    - (_FIRST_N, nonterminal, -size, ((index from the top of the stack, as), ...)) and
      (_APPEND_N, nonterminal, -size, (...)): the same for a list whose items are several
      symbols (``("," CODE)*``), the kept ones listed;
    - (_ONE, nonterminal, method, as): a rule of one symbol with a method;
    - (_PASS, nonterminal, -size, index of the kept child from the top of the stack,
      as): a ?rule that keeps one child of several, which is its value;
    - (_PLAIN, nonterminal, method, -size, indices from the top of the stack of the
      kept children (None: all), indices among those of the tokens passed as text,
      and as Tokens): a rule with a method whose children are not spliced;
    - (_SPLICE, nonterminal, method, -size, plan): a rule with a method and spliced
      children, the plan listing for each kept child its index from the top of the
      stack, whether it is spliced, and as;
    - (_GENERAL, nonterminal, method, size, callback name, is a helper rule, is a
      ?rule, plan): any other, the plan listing for each kept child its index, whether
      it is spliced, and as."""
    term = _TOKEN if as_tokens else _TEXT
    keep_all = rule.options.keep_all_tokens
    plan = tuple((i, not sym.is_term and sym.name.startswith("_"), term if sym.is_term else _VALUE)
                 for i, sym in enumerate(rule.expansion)
                 if keep_all or not (sym.is_term and sym.filter_out))
    size = len(rule.expansion)
    origin = rule.origin.name
    name = _name(rule)
    helper = name.startswith("_")
    f = None if helper else _method(transformer, name)
    expand1 = bool(rule.options.expand1 and not rule.alias)
    spliced = any(s for _, s, _ in plan)
    if size == 1 and len(plan) == 1 and not spliced:
        as_ = plan[0][2]
        if expand1 and as_ == _VALUE:
            return (_UNIT, origin)
        if helper:
            return (_FIRST, origin, as_, None)
        if f is not None and not expand1:
            return (_ONE, origin, f, as_)
    if (helper and size == 2 and len(plan) == 2 and plan[0][:2] == (0, True) and not plan[1][1]):
        return (_APPEND, origin, plan[1][2], None)
    if helper and not expand1 and size >= 2 and plan and plan[0][:2] == (0, True) and not any(
            s for _, s, _ in plan[1:]) and rule.expansion[0].name == origin:
        return (_APPEND_N, origin, -size, tuple((i - size, as_) for i, _, as_ in plan[1:]))
    if helper and not expand1 and size >= 2 and plan and not spliced:
        return (_FIRST_N, origin, -size, tuple((i - size, as_) for i, _, as_ in plan))
    if size and spliced and f is not None and not helper and not expand1:
        return (_SPLICE, origin, f, -size, tuple((i - size, s, as_) for i, s, as_ in plan))
    if size and not spliced:
        if expand1 and len(plan) == 1:
            return (_PASS, origin, -size, plan[0][0] - size, plan[0][2])
        if f is not None and not helper and not expand1:
            pick = None if len(plan) == size else tuple(i - size for i, _, _ in plan)
            texts_at = tuple(j for j, (_, _, as_) in enumerate(plan) if as_ == _TEXT)
            tokens_at = tuple(j for j, (_, _, as_) in enumerate(plan) if as_ == _TOKEN)
            return (_PLAIN, origin, f, -size, pick, texts_at, tokens_at)
    return (_GENERAL, origin, f, size, name, helper, expand1, plan)
