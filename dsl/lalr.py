"""The fast parse: Lark's LALR tables driven here, building the AST while parsing.

Lark parses a pack into a tree (with every node's position propagated from its
children), and :class:`~fecipher.dsl.parse.ToAst` then walks that tree. Both steps
are generic and were ~80 % of the time to load a large pack. This module runs the
same LALR automaton (Lark's own tables for grammar/pack.lark, so it accepts exactly
the same texts) and calls ToAst's methods at each reduction, with the same children
and the same positions Lark would have given them:

- children: what Lark's tree builder keeps (anonymous keywords dropped unless the rule
  is ``!``, ``_rules`` and ``x*`` helper rules spliced into their parent, ``?rules``
  with one child replaced by that child);
- position: the first position among the rule's children, filtered or not (Lark's
  ``propagate_positions``), (0, 0) for a rule that matched nothing.

It only handles text that parses: on the first unexpected character or token it
raises :class:`ParseFailure`, and the caller asks Lark, whose exceptions carry what
the error messages need. tests/test_22_fast_parse.py checks that both ways give equal
ASTs, positions included, on every pack, every reference example and fuzzed packs.
"""
from __future__ import annotations

import itertools
from bisect import bisect_right
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.parsers.lalr_analysis import Shift

from fecipher.dsl import ast as A
from fecipher.dsl.lexer import PackLexer, line_starts


class ParseFailure(Exception):
    """The text does not parse; Lark is asked for the diagnostic."""


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
    methods are called as ``method(pos, children)``; :meth:`parse` is re-entrant."""

    def __init__(self, p: Lark, transformer: Any):
        self.lexer = PackLexer(p)
        table = p.parser.parser.parser.parse_table
        reductions: dict[Any, tuple] = {}
        # A state is its row of actions: row[terminal or rule name] is the next state's
        # row (a dict) for a shift or a goto, the reduction (a tuple, see _reduction) for
        # a reduce.
        states: dict[int, dict[str, Any]] = {}
        for state, actions in table.states.items():
            row: dict[str, Any] = {}
            for symbol, (action, arg) in actions.items():
                if action is Shift:
                    row[symbol] = arg
                else:
                    r = reductions.get(arg)
                    if r is None:
                        r = reductions[arg] = _reduction(arg, transformer)
                    row[symbol] = r
            states[state] = row
        for row in states.values():
            for symbol, action in row.items():
                if action.__class__ is int:
                    row[symbol] = states[action]
        self.start = states[table.start_states["start"]]
        self.end = states[table.end_states["start"]]

    def parse(self, text: str) -> Any:
        """The transformer's result for ``text``; ParseFailure if it does not parse."""
        lexer = self.lexer
        keywords = lexer.keywords
        lines = line_starts(text)  # line n starts at lines[n - 1] (position(), inlined below)
        pos_cls = A.Pos

        def position_of(carrier) -> A.Pos:
            """A value's position: a token's match, or an A.Pos already made."""
            if type(carrier) is pos_cls:
                return carrier
            start = carrier.start(carrier.lastgroup)
            line = bisect_right(lines, start)
            return pos_cls(line, start - lines[line - 1] + 1)

        def token(m) -> Token:
            """A shifted token as a Lark Token (what ToAst's methods were written for)."""
            group = m.lastgroup
            value = m.group(group)
            t = str.__new__(Token, value)
            words = keywords.get(group)
            t.type = group if words is None else words.get(value, group)
            t.value = value
            start = m.start(group)
            line = t.line = bisect_right(lines, start)
            t.column = start - lines[line - 1] + 1
            return t

        state_stack = [self.start]
        values: list[Any] = []
        # each value's position: its token's match, an A.Pos, or None (matched nothing)
        positions: list[Any] = []

        def reduce(rule) -> None:
            """The general reduction: Lark's child filter, splicing, ?rule and position."""
            _, origin, f, size, name, helper, expand1, plan, as_is, terms = rule
            if size:
                children = values[-size:]
                raw_pos = positions[-size:]
                del state_stack[-size:]
                del values[-size:]
                del positions[-size:]
            else:
                children, raw_pos = [], []
            pos = None
            for p in raw_pos:
                if p is not None:
                    pos = p
                    break
            if as_is:
                for i in terms:
                    children[i] = token(children[i])
                child_pos = raw_pos
            else:
                raw = children
                children = []
                child_pos = []
                for i, spliced, is_term in plan:
                    v = raw[i]
                    if spliced:
                        children.extend(v)
                        child_pos.extend(v.positions)
                    else:
                        children.append(token(v) if is_term else v)
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
            state_stack.append(state_stack[-1][origin])
            values.append(value)
            positions.append(pos)

        end = self.end
        at_end = False
        groups = lexer.groups
        for m in itertools.chain(lexer.scan.finditer(text), (None,)):
            if m is None:
                kind = "$END"
                at_end = True
            else:
                kind, words = groups[m.lastindex]
                if words is not None:
                    kind = words.get(m.group(m.lastindex), kind)
            while True:
                action = state_stack[-1].get(kind)
                if action is None:
                    raise ParseFailure(kind)
                if action.__class__ is dict:  # shift
                    state_stack.append(action)
                    values.append(m)
                    positions.append(m)
                    break
                how = action[0]
                if how is _UNIT:
                    # a ?rule of one rule: the value and its position stay, the state moves
                    state_stack[-1] = state_stack[-2][action[1]]
                elif how is _APPEND:
                    # x* / x+ helper, left-recursive: append to the list being built
                    child, child_pos = values.pop(), positions.pop()
                    state_stack.pop()
                    lst = values[-1]
                    lst.append(child if action[3] else token(child))
                    lst.positions.append(child_pos)  # (the list's own position is its first item's)
                    state_stack[-1] = state_stack[-2][action[1]]
                elif how is _ONE:
                    # a rule of one symbol with a method: noun, kind, subjects ...
                    carrier = positions[-1]
                    child = values[-1]
                    pos = None if carrier is None else position_of(carrier)
                    values[-1] = action[2](pos or _EMPTY_POS, [child if action[3] else token(child)])
                    positions[-1] = pos
                    state_stack[-1] = state_stack[-2][action[1]]
                elif how is _FIRST:
                    # x* / x+ helper, its first item: a list of one
                    lst = _Spliced([values[-1] if action[3] else token(values[-1])])
                    lst.positions = [positions[-1]]
                    values[-1] = lst
                    state_stack[-1] = state_stack[-2][action[1]]
                else:
                    reduce(action)
                if at_end and state_stack[-1] is end:
                    return values[-1]
        raise ParseFailure("$END")  # pragma: no cover  (the end is reached by a reduction)


_UNIT, _APPEND, _ONE, _FIRST, _GENERAL = "unit", "append", "one", "first", "general"


def _reduction(rule, transformer: Any) -> tuple:
    """How to reduce by ``rule``: (how, nonterminal, method, ...). The general form is
    (how, nonterminal, method, size, callback name, is a helper rule, is a ?rule, plan,
    keeps every child, indices of kept tokens), the plan listing for each kept child its
    index, whether it is spliced, whether it is a token. The fast forms keep in [3]
    whether their one child is a rule's value (not a token)."""
    keep_all = rule.options.keep_all_tokens
    plan = tuple((i, not sym.is_term and sym.name.startswith("_"), sym.is_term)
                 for i, sym in enumerate(rule.expansion)
                 if keep_all or not (sym.is_term and sym.filter_out))
    size = len(rule.expansion)
    origin = rule.origin.name
    name = rule.alias or origin
    helper = name.startswith("_")
    f = None if helper else _method(transformer, name)
    expand1 = bool(rule.options.expand1 and not rule.alias)
    as_is = len(plan) == size and not any(spliced for _, spliced, _ in plan)
    if size == 1 and as_is:
        is_value = not plan[0][2]
        if expand1 and is_value:
            return (_UNIT, origin)
        if helper:
            return (_FIRST, origin, None, is_value)
        if f is not None and not expand1:
            return (_ONE, origin, f, is_value)
    if (helper and size == 2 and len(plan) == 2 and plan[0][:2] == (0, True) and not plan[1][1]):
        return (_APPEND, origin, None, not plan[1][2])
    terms = tuple(i for i, _, is_term in plan if is_term)
    return (_GENERAL, origin, f, size, name, helper, expand1, plan, as_is, terms)
