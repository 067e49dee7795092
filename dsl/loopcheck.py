"""Warnings for skills that may trigger themselves without end.

A pack can be correct and still hold an automatic skill whose effect fires its own
trigger ("when this unit is moved / move this unit"), or skills that fire each
other's ("when another ally is moved / move this unit" on two cards). The engine
stops such a chain when it happens (engine decision 17: the game ends with no
winner); the checker tells the card author first, with a *warning*: the pack is
not rejected (a loop may be the author's intent, or be broken by the board).

What is looked for: the graph whose nodes are the pack's triggered skills and whose
edges go from a skill to every skill its effect may trigger, and in it every cycle
(a skill reaching itself). An effect reaches a trigger when one of its actions (on
any line: under "if ...:", in an option of "either ... or ...", in a delayed
"at the end of this combat: ...") makes the trigger's event (only ``move`` is followed: it is the one action that
consumes nothing, where ``destroy``, ``deploy`` and the level ups by a skill use up
a unit or a card at each step, so their chains end by themselves) and the action's
target may be the trigger's subject (this unit of the same card, "another ally",
"an enemy" ... as far as the words tell). Skills limited to once per turn or once
per game, with a cost, or triggered only by moves that are not by a skill, cannot
repeat without end and are left out. Loops through cards of different packs are
not seen (each pack is checked alone).

The language had no warnings before this module: :class:`LoopWarning` is a
:class:`~fecipher.dsl.errors.Diagnostic` whose severity is "warning", and each is
issued through Python's :mod:`warnings` as a :class:`PackWarning` (printed once to
stderr by default; ``warnings.catch_warnings(record=True)`` collects them), so
that checking a pack still raises only for errors.
"""
from __future__ import annotations

import warnings
from typing import Iterator

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl.errors import Diagnostic

# The trigger kinds each followed action makes.
_MAKES = {"move": ("moves",)}
_RULE = "the engine ends such a game with no winner: docs/rules.md, engine decision 17"


@attrs.frozen
class LoopWarning(Diagnostic):
    """A warning about a pack: its position and message, like an error's."""

    severity: str = "warning"

    def format(self) -> str:
        return super().format().replace(": error: ", ": warning: ", 1)


class PackWarning(UserWarning):
    """The Python warning that carries a :class:`LoopWarning` (``.diagnostic``)."""

    def __init__(self, diagnostic: LoopWarning):
        super().__init__(diagnostic.format())
        self.diagnostic = diagnostic


@attrs.frozen
class _Node:
    card: A.CardNode
    skill: A.SkillNode


def _lines(statements) -> Iterator[object]:
    """The lines of an effect in order, with the lines inside them: under "if ...:",
    each option of "either: ... / or: ...", and the lines of "at the end of this
    combat: ..." (any of them may run)."""
    for st in statements:
        while isinstance(st, A.Guarded):
            st = st.statement
        if isinstance(st, A.Choice):
            yield from _lines(st.options)
        elif isinstance(st, (A.Delayed, A.Step)):
            yield from _lines(st.statements)
        else:
            yield st


def _actions(statements) -> Iterator[tuple[A.Action, object]]:
    """Each action of an effect with its target; "it" / "them" stand for the
    selector of the choice before them."""
    chosen: object = None
    for st in _lines(statements):
        if isinstance(st, A.ActorStatement):
            st = st.action
        if not isinstance(st, A.Action):
            continue
        if st.verb == "choose":
            chosen = st.target
            continue
        target = st.target
        if isinstance(target, A.Ref) and target.kind == "chosen":
            target = chosen
        yield st, target


def _excludes_this(sel: A.Filtered) -> bool:
    return ((sel.quantifier is not None and sel.quantifier.kind == "another")
            or any(q.kind == "other" for q in sel.qualifiers)
            or any(p.kind == "other_than" for p in sel.posts))


def _may_reach(target: object, subject: object, same_card: bool) -> bool:
    """May an action on ``target`` (by a skill of one card) be about the unit that
    ``subject`` (a trigger's subject on a skill of the same card or not) means?"""
    if isinstance(subject, A.Ref) and subject.kind == "this":
        if isinstance(target, A.Ref) and target.kind == "this":
            return same_card
        if isinstance(target, A.Filtered) and same_card:
            return target.noun != "enemy" and not _excludes_this(target)
        return True
    if isinstance(subject, A.Filtered) and same_card:
        if isinstance(target, A.Ref) and target.kind == "this":
            return subject.noun != "enemy" and not _excludes_this(subject)
        if isinstance(target, A.Filtered) and {target.noun, subject.noun} == {"ally", "enemy"}:
            return False
    return True


def _can_repeat(skill: A.SkillNode) -> bool:
    return bool(skill.triggers) and not skill.limits and not skill.costs


def _edges(nodes: list[_Node]) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {i: set() for i in range(len(nodes))}
    for i, a in enumerate(nodes):
        for action, target in _actions(a.skill.statements):
            kinds = _MAKES.get(action.verb, ())
            if not kinds:
                continue
            for j, b in enumerate(nodes):
                for t in b.skill.triggers:
                    if t.kind not in kinds or t.how == "hand":
                        continue
                    if t.how in ("skill", "own_skill") and t.how_skill is not None and t.how_skill != a.skill.name:
                        continue
                    if _may_reach(target, t.subject, a.card is b.card):
                        out[i].add(j)
    return out


def _cycles(edges: dict[int, set[int]]) -> list[list[int]]:
    """The strongly connected components that hold a cycle (Tarjan), each sorted."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    found: list[list[int]] = []
    counter = [0]

    def visit(v: int) -> None:   # (packs hold a few hundred skills: recursion is shallow enough)
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges[v]:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def loop_warnings(pack: A.PackNode, text: str = "") -> list[LoopWarning]:
    """A warning for each triggered skill of ``pack`` that may trigger itself, or
    skills of the pack that may trigger each other, without end; at the skill."""
    nodes = [_Node(c, s) for c in pack.cards for s in c.skills if _can_repeat(s)]
    lines = text.splitlines()
    out = []
    for comp in _cycles(_edges(nodes)):
        for i in comp:
            n = nodes[i]
            if len(comp) == 1:
                how = "its effect makes the event it is triggered by"
            else:
                how = "through " + " and ".join(f"\"{nodes[j].skill.name}\" of \"{nodes[j].card.name}\""
                                                for j in comp if j != i)
            msg = f"skill \"{n.skill.name}\" of \"{n.card.name}\" may trigger itself without end: {how} ({_RULE})"
            line, col = n.skill.pos.line, n.skill.pos.column
            src = lines[line - 1] if 0 < line <= len(lines) else ""
            out.append(LoopWarning(pack.filename, line, col, msg, src))
    return sorted(out, key=lambda d: (d.line, d.column))


def warn_loops(pack: A.PackNode, text: str) -> None:
    """Issue each of :func:`loop_warnings` as a :class:`PackWarning`."""
    for d in loop_warnings(pack, text):
        warnings.warn(PackWarning(d), stacklevel=3)
