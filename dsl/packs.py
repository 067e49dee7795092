"""Loading card packs: files, folders and the packs embedded in fecipher.cards."""
from __future__ import annotations

import contextlib
import functools
import gc
import importlib.resources
from pathlib import Path
from typing import Iterable

import attrs

from fecipher.dsl.errors import Diagnostic, LanguageError
from fecipher.engine.cards import Card

PACK_SUFFIX = ".fe0"


@attrs.frozen
class CardPool:
    """Cards by code, with lookups by card code or by "Unit Name, Title"."""

    cards: tuple[Card, ...]

    @functools.cached_property
    def by_code(self) -> dict[str, Card]:
        return {code.upper(): c for c in self.cards for code in c.codes}

    @functools.cached_property
    def by_name(self) -> dict[str, Card]:
        return {c.name.lower(): c for c in self.cards}

    def find(self, ref: str) -> Card | None:
        ref = ref.strip()
        return self.by_code.get(ref.upper()) or self.by_name.get(ref.lower())

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


def compile_text(text: str, filename: str = "<pack>", *, extra_cards: Iterable[Card] = ()) -> list[Card]:
    """Parse, check and compile one pack's text; every error of the file is raised at once."""
    with _without_cyclic_gc():
        return _compile_text(text, filename)


def _compile_text(text: str, filename: str) -> list[Card]:
    from fecipher.dsl.checker import check_pack
    from fecipher.dsl.compiler import compile_pack
    from fecipher.dsl.parse import parse_pack_recovering
    blanked: set[int] = set()
    node, syntax = parse_pack_recovering(text, filename, blanked=blanked)
    if node is None:
        raise LanguageError(syntax)
    try:
        check_pack(node, text)
    except LanguageError as e:
        # A card with a line left out by the syntax recovery would show it again as a
        # missing fact on its header line: only the syntax error is reported for it.
        headers = {c.pos.line for c in node.cards
                   if any(c.pos.line <= b < _card_end(node, c) for b in blanked)}
        raise LanguageError(syntax + [d for d in e.diagnostics if d.line not in headers]) from None
    if syntax:
        raise LanguageError(syntax)
    return compile_pack(node)


def _card_end(node, card) -> int:
    later = [c.pos.line for c in node.cards if c.pos.line > card.pos.line]
    return min(later) if later else 1 << 30


def load_pack(path: str | Path) -> list[Card]:
    p = Path(path)
    return compile_text(p.read_text(encoding="utf-8"), str(p))


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
    cards: list[Card] = []
    diags: list[Diagnostic] = []
    for f in pack_files(paths):
        try:
            cards.extend(load_pack(f))
        except LanguageError as e:
            diags.extend(e.diagnostics)
    diags.extend(duplicate_codes(cards))
    if diags:
        raise LanguageError(diags)
    return CardPool(tuple(cards))


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


@functools.lru_cache(maxsize=None)
def embedded_pool() -> CardPool:
    """Every pack shipped in fecipher.cards."""
    root = importlib.resources.files("fecipher.cards")
    cards: list[Card] = []
    diags: list[Diagnostic] = []
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
