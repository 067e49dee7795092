"""Loading card packs: files, folders and the packs embedded in fecipher.cards.

A pack is untrusted input: whatever bytes a file holds, loading it gives cards or a
:class:`~fecipher.dsl.errors.LanguageError` whose every diagnostic has a position
(file:line:column; for bytes that are not UTF-8, the byte offset too), never another
exception, in time and memory linear in the file's size; a file reports at most
MAX_ERRORS errors and counts the rest."""
from __future__ import annotations

import bisect
import contextlib
import functools
import gc
import importlib.resources
from pathlib import Path
from typing import Iterable

import attrs

from fecipher.dsl.errors import Diagnostic, LanguageError, MoreErrors, cap
from fecipher.engine.cards import Card

PACK_SUFFIX = ".fe0"


@attrs.frozen
class CardPool:
    """Cards by code, with lookups by card code or by "Unit Name, Title".

    A card is told apart by its codes. The card list prints a few different cards under one
    name and title (the B08-047aN/bN/cN Risen, "Risen, Defiled Soldier", each of another
    class; B11-101+X and S04-003ST, "Camilla, Bewitching Malig Knight"): a pool holds them
    all, and such a name finds none of them (:meth:`find`), a code names each one."""

    cards: tuple[Card, ...]

    @functools.cached_property
    def by_code(self) -> dict[str, Card]:
        return {code.upper(): c for c in self.cards for code in c.codes}

    @functools.cached_property
    def named(self) -> dict[str, tuple[Card, ...]]:
        """Every card of each name (lower case), in pool order."""
        out: dict[str, list[Card]] = {}
        for c in self.cards:
            out.setdefault(c.name.lower(), []).append(c)
        return {k: tuple(v) for k, v in out.items()}

    @functools.cached_property
    def by_name(self) -> dict[str, Card]:
        """The cards found by their name: a name that several cards share is not here."""
        return {k: v[0] for k, v in self.named.items() if len(v) == 1}

    def find(self, ref: str) -> Card | None:
        """The card with that code, or the one card with that name (None for a name that
        several cards share: :meth:`ambiguity` says so)."""
        ref = ref.strip()
        return self.by_code.get(ref.upper()) or self.by_name.get(ref.lower())

    def ambiguity(self, ref: str) -> str:
        """Why ``ref`` names no card although cards have that name ("" when it is not a name
        several cards share): the message names their codes."""
        cards = self.named.get(ref.strip().lower(), ())
        if len(cards) < 2:
            return ""
        codes = ", ".join(c.code for c in cards)
        return (f'{len(cards)} different cards are named "{cards[0].name}" ({codes}): name one by its code')

    def __iter__(self):
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


@contextlib.contextmanager
def _without_cyclic_gc():
    """Compiling a pack makes a great many small objects and frees almost none while it
    runs: Python's cyclic collector would walk them again and again for nothing (a third
    of the time of a large pack), then once more when it is turned back on (a seventh).
    Reference counting still frees everything as usual, and cycles left behind are
    collected by the next full collection."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                # What was made is long-lived (the cards) or already freed: put it with the
                # old objects at once rather than have the first collection walk all of it.
                # (Not when the program froze objects itself: unfreeze would undo that.)
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def compile_text(text: str | bytes, filename: str = "<pack>", *, extra_cards: Iterable[Card] = ()) -> list[Card]:
    """Parse, check and compile one pack's text (bytes are read as UTF-8,
    :func:`decode_pack`); every error of the file is raised at once."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = decode_pack(bytes(text), filename)
    with _without_cyclic_gc():
        return _compile_text(text, filename)


def decode_pack(data: bytes, filename: str = "<pack>") -> str:
    """A pack file's text: UTF-8 (a byte order mark at the start is dropped). Bytes
    that are not UTF-8 raise LanguageError at the first of them, by line, column (in
    characters, as for any error) and byte offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        line_end = data.find(b"\n", e.start)
        src = data[line_start:line_end if line_end >= 0 else len(data)].decode("utf-8", "replace")
        column = len(data[line_start:e.start].decode("utf-8", "replace")) + 1
        raise LanguageError([Diagnostic(
            filename, data.count(b"\n", 0, e.start) + 1, column,
            f"the file is not UTF-8 text: byte 0x{data[e.start]:02X} at byte offset {e.start} cannot be read "
            f"({e.reason})", src)]) from None
    return text[1:] if text.startswith("\ufeff") else text


def _compile_text(text: str, filename: str) -> list[Card]:
    from fecipher.dsl.checker import check_pack
    from fecipher.dsl.compiler import compile_pack
    from fecipher.dsl.parse import parse_pack_recovering
    blanked: set[int] = set()
    lexical: set[int] = set()
    node, syntax = parse_pack_recovering(text, filename, blanked=blanked, lexical=lexical)
    if node is None:
        raise LanguageError(cap(syntax))
    try:
        check_pack(node, text)
    except LanguageError as e:
        # A card with a line left out by the syntax recovery would show it again as a
        # missing fact on its header line: only the syntax error is reported for it.
        # A line with a refused character or a number too large reports only that.
        headers = _headers_of_cards_with(node, blanked)
        checked = [d for d in e.diagnostics if isinstance(d, MoreErrors) or (
            d.line not in headers and d.line not in lexical)]
        phrased = []
        told: set[tuple[int, int, str]] = set()
        for d in without_follow_ons(node, checked, blanked):
            d = _phrased(d)
            if isinstance(d, MoreErrors) or (d.line, d.column, d.message) not in told:
                told.add((d.line, d.column, d.message))
                phrased.append(d)   # (two errors of a line that one phrasing explains are told once)
        raise LanguageError(cap(syntax + phrased)) from None
    if syntax:
        raise LanguageError(cap(syntax))
    return compile_pack(node)


def _phrased(d: Diagnostic) -> Diagnostic:
    """The diagnostic, or when its line holds a phrasing of the cards that the language
    spells otherwise or lacks (:mod:`fecipher.dsl.phrasings`), one that says so there."""
    from fecipher.dsl.hints import MAX_LINE
    if isinstance(d, MoreErrors) or not d.source_line or len(d.source_line) > MAX_LINE:
        return d
    from fecipher.dsl.phrasings import explain
    said = explain(d.source_line)
    if said is None:
        return d
    return attrs.evolve(d, column=said[0], message=said[1])


def skill_spans(node) -> list[tuple[int, int]]:
    """(first line, last line) of each skill of the pack: from its first line to the
    line before the next skill or card (the last skill of the pack: to the end)."""
    starts: list[tuple[int, bool]] = []
    for card in node.cards:
        starts.append((card.pos.line, False))
        starts.extend((s.pos.line, True) for s in card.skills)
    starts.sort()
    out = []
    for i, (line, is_skill) in enumerate(starts):
        if is_skill:
            end = starts[i + 1][0] - 1 if i + 1 < len(starts) else 1 << 62
            out.append((line, end))
    return out


def without_follow_ons(node, diags: list[Diagnostic], blanked: set[int]) -> list[Diagnostic]:
    """The checker's diagnostics without those that follow from another error: for a
    skill with a line the syntax recovery left out (its syntax error is reported), none
    about the skill as a whole ("has no effect line", "needs a trigger" would only repeat
    it) and none about references on later lines (the choice the line made is missing).
    (Within a line, the checker itself does not check further what it has refused: an
    object of the wrong kind is not checked as a selector.)"""
    spans = skill_spans(node)
    if not spans:
        return diags
    firsts = [a for a, _ in spans]

    def span_of(line: int) -> tuple[int, int] | None:
        i = bisect.bisect_right(firsts, line) - 1
        return spans[i] if i >= 0 and spans[i][0] <= line <= spans[i][1] else None

    broken: dict[tuple[int, int], int] = {}   # a skill with a line left out -> its first such line
    for b in blanked:
        span = span_of(b)
        if span is not None:
            broken[span] = min(b, broken.get(span, b))
    out: list[Diagnostic] = []
    for d in diags:
        span = None if isinstance(d, MoreErrors) else span_of(d.line)
        if span is not None:
            if span in broken and (d.line == span[0] or (
                    d.line > broken[span] and any(w in d.message for w in _REFERENCE_WORDS))):
                continue
        out.append(d)
    return out


# What the messages about earlier lines say (references to a choice, an "or:" after its
# "either:"): after a line left out, they would only repeat its error.
_REFERENCE_WORDS = ("needs an earlier line", "is ambiguous", "before this line", "no line before this one does",
                    "an 'or: ...' line follows")


def _headers_of_cards_with(node, lines: set[int]) -> set[int]:
    """The header lines of the cards that hold one of ``lines`` (linear: cards in order)."""
    if not lines:
        return set()
    starts = sorted(c.pos.line for c in node.cards)
    out = set()
    for b in lines:
        i = bisect.bisect_right(starts, b) - 1
        if i >= 0:
            out.add(starts[i])
    return out


def load_pack(path: str | Path) -> list[Card]:
    """The cards of one pack file; LanguageError for any problem, a file that cannot be
    read included."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise LanguageError([Diagnostic(str(p), 0, 0, f"cannot read the file: {e.strerror or e}")]) from None
    return compile_text(decode_pack(data, str(p)), str(p))


def pack_files(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            out.extend(sorted(p.rglob(f"*{PACK_SUFFIX}")))
        else:
            out.append(p)
    return out


def load_packs(paths: Iterable[str | Path]) -> CardPool:
    """Load every pack file (folders are searched); all errors of all files are raised together,
    including card codes defined twice."""
    from fecipher.dsl.parse import lines_shared
    cards: list[Card] = []
    diags: list[Diagnostic] = []
    with lines_shared():   # (a line of one pack repeated in another is read once)
        for f in pack_files(paths):
            try:
                cards.extend(load_pack(f))
            except LanguageError as e:
                diags.extend(e.diagnostics)
    diags.extend(duplicate_codes(cards))
    if diags:
        raise LanguageError(cap_per_file(diags))
    return CardPool(tuple(cards))


def cap_per_file(diags: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of several files, at most MAX_ERRORS a file (:func:`~fecipher.dsl.errors.cap`)."""
    by_file: dict[str, list[Diagnostic]] = {}
    for d in diags:
        by_file.setdefault(d.filename, []).append(d)
    return [d for group in by_file.values() for d in cap(group)]


def duplicate_codes(cards: Iterable[Card]) -> list[Diagnostic]:
    seen: dict[str, Card] = {}
    out = []
    for c in cards:
        for code in c.codes:
            other = seen.get(code.upper())
            if other is not None and other is not c:
                out.append(Diagnostic(c.pack, c.source_line, 1,
                                      f"card code {code} is already used by \"{other.name}\" ({other.pack}:{other.source_line})"))
            seen[code.upper()] = c
    return out


def pool_with(paths: Iterable[str | Path]) -> CardPool:
    """The embedded cards and the cards of the packs at ``paths`` (files or folders)
    together: an author's packs beside the embedded ones. Raises
    :class:`LanguageError` for every error of the packs, and for a card code that a
    pack and the embedded packs both define."""
    pool = embedded_pool()
    paths = list(paths)
    if not paths:
        return pool
    extra = load_packs(paths)
    dup = duplicate_codes([*pool.cards, *extra.cards])
    if dup:
        raise LanguageError(cap_per_file(dup))
    return CardPool(pool.cards + extra.cards)


@functools.lru_cache(maxsize=None)
def embedded_pool() -> CardPool:
    """Every pack shipped in fecipher.cards."""
    from fecipher.dsl.parse import lines_shared
    root = importlib.resources.files("fecipher.cards")
    cards: list[Card] = []
    diags: list[Diagnostic] = []
    with lines_shared():   # (a line of one pack repeated in another is read once)
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(PACK_SUFFIX):
                try:
                    cards.extend(compile_text(entry.read_text(encoding="utf-8"), f"cards/{entry.name}"))
                except LanguageError as e:
                    diags.extend(e.diagnostics)
    diags.extend(duplicate_codes(cards))
    if diags:
        raise LanguageError(diags)
    return CardPool(tuple(cards))
