"""Deck files: plain text, one line per card with a count.

    # comments start with '#'
    deck "Marth starter"            (optional; the file name otherwise)
    main character B01-003ST        (a card code or "Unit Name, Title")
    4 B01-003ST                     (count, then a card code or "Unit Name, Title")

The Main Character is one of the copies counted in the list.
"""
from __future__ import annotations

import importlib.resources
import re
from pathlib import Path

from fecipher.dsl.errors import Diagnostic, LanguageError
from fecipher.dsl.packs import CardPool, embedded_pool
from fecipher.engine.game import Deck

DECK_SUFFIX = ".deck"
_LINE = re.compile(r"^(\d+)\s*x?\s+(.+)$")
# Limits for untrusted deck text: a legal deck has 50 cards or a few more.
MAX_LINE_COUNT = 100
MAX_DECK_CARDS = 1000


def parse_deck(text: str, pool: CardPool, filename: str = "<deck>") -> Deck:
    """The deck a deck file's text describes (the format is in the module docstring), its
    cards found in ``pool``; every problem of the text is raised at once as a
    :class:`LanguageError` with file:line:column. Deck-building rules are not checked
    here (:func:`~fecipher.engine.deckrules.deck_problems`)."""
    name = Path(filename).stem
    mc = None
    cards = []
    diags: list[Diagnostic] = []
    lines = text.splitlines()
    for i, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        col = len(raw) - len(raw.lstrip()) + 1
        low = line.lower()
        if low.startswith("deck "):
            name = line[5:].strip().strip('"')
            continue
        if low.startswith("main character"):
            ref = line[len("main character"):].strip().lstrip(":").strip().strip('"')
            mc = pool.find(ref)
            if mc is None:
                diags.append(Diagnostic(filename, i, col, pool.ambiguity(ref) or f"unknown card {ref!r} for the main character", raw))
            continue
        m = _LINE.match(line)
        if not m:
            diags.append(Diagnostic(filename, i, col,
                                    "expected 'COUNT CARD' (e.g. '4 B01-003ST'), 'main character CARD' or 'deck \"NAME\"'",
                                    raw))
            continue
        ref = m.group(2).strip().strip('"')
        card = pool.find(ref)
        if card is None:
            diags.append(Diagnostic(filename, i, col, pool.ambiguity(ref) or f"unknown card {ref!r}", raw))
            continue
        digits = m.group(1)
        count = int(digits) if len(digits) <= 9 and digits.isascii() else MAX_LINE_COUNT + 1
        if count > MAX_LINE_COUNT:
            diags.append(Diagnostic(filename, i, col, f"{digits[:12]} copies: a deck line has at most "
                                                      f"{MAX_LINE_COUNT}", raw))
            continue
        if len(cards) + count > MAX_DECK_CARDS:
            diags.append(Diagnostic(filename, i, col, f"the deck has more than {MAX_DECK_CARDS} cards", raw))
            break
        cards.extend([card] * count)
    if mc is None and not diags:
        diags.append(Diagnostic(filename, 1, 1, "the deck names no main character ('main character CODE')", ""))
    if diags:
        raise LanguageError(diags)
    assert mc is not None
    return Deck(name, tuple(cards), mc)


def load_deck(ref: str | Path, pool: CardPool | None = None) -> Deck:
    """A deck file path, or the name of an embedded deck ("marth", "chrom").

    Any existing file is read as a deck file; otherwise ``ref`` (with or without
    the ``.deck`` suffix) names an embedded deck.
    """
    pool = pool or embedded_pool()
    p = Path(ref)
    if p.is_file():
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise FileNotFoundError(f"cannot read the deck file {str(p)!r}: {e}") from None
        return parse_deck(text, pool, str(p))
    name = p.name[: -len(DECK_SUFFIX)] if p.name.endswith(DECK_SUFFIX) else p.name
    if p.parent == Path(".") and name:
        res = importlib.resources.files("fecipher.cards").joinpath(f"{name}{DECK_SUFFIX}")
        if res.is_file():
            return parse_deck(res.read_text(encoding="utf-8"), pool, f"cards/{name}{DECK_SUFFIX}")
    raise FileNotFoundError(f"no deck file {str(ref)!r} and no embedded deck of that name "
                            f"(embedded: {', '.join(embedded_decks())})")


def embedded_decks() -> list[str]:
    """The names of the decks shipped in fecipher.cards ("marth", "chrom" ...)."""
    root = importlib.resources.files("fecipher.cards")
    return sorted(e.name[: -len(DECK_SUFFIX)] for e in root.iterdir() if e.name.endswith(DECK_SUFFIX))


def deck_to_text(deck: Deck) -> str:
    """A deck file for ``deck`` (cards counted by code, in first-seen order)."""
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for c in deck.cards:
        counts[c.code] = counts.get(c.code, 0) + 1
        names[c.code] = c.name
    width = max((len(code) for code in counts), default=0)
    lines = [f'deck "{deck.name}"', f"main character {deck.main_character.code}", ""]
    lines += [f"{n} {code:<{width}}  # {names[code]}" for code, n in counts.items()]
    return "\n".join(lines) + "\n"


def deck_from_json(data: dict, pool: CardPool | None = None) -> Deck:
    """The deck that :meth:`Deck.to_json` wrote (card codes), looked up in ``pool``
    (the embedded packs by default)."""
    return Deck.from_json(data, pool or embedded_pool())


def deck_file_problems(text: str, pool: CardPool, filename: str = "<deck>") -> list[Diagnostic]:
    """Every problem of a deck file, positioned: the text's own (an unknown card, a
    line that is not a deck line ...) or, when it reads, every deck-building problem
    (rule 12, :func:`~fecipher.engine.deckrules.deck_problem_list`) at the line naming
    its card: too many copies at each line with a card of that name, the Main
    Character's problems at the ``main character`` line, the deck's size at the
    first line. An empty list for a legal deck."""
    from fecipher.engine.deckrules import deck_problem_list
    try:
        deck = parse_deck(text, pool, filename)
    except LanguageError as e:
        return list(e.diagnostics)
    lines = text.splitlines()
    by_name: dict[str, list[int]] = {}
    mc_line = 1
    for i, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if line.lower().startswith("main character"):
            mc_line = i
            continue
        m = _LINE.match(line)
        card = pool.find(m.group(2).strip().strip('"')) if m else None
        if card is not None:
            by_name.setdefault(card.name, []).append(i)

    def at(i: int, message: str) -> Diagnostic:
        raw = lines[i - 1] if 0 < i <= len(lines) else ""
        return Diagnostic(filename, i, len(raw) - len(raw.lstrip()) + 1, message, raw)
    out: list[Diagnostic] = []
    for p in deck_problem_list(deck):
        if p.rule == "Main Character":
            out.append(at(mc_line, p.message))
        elif p.card is not None and by_name.get(p.card.name):
            out.extend(at(i, p.message) for i in by_name[p.card.name])
        else:
            out.append(at(1, p.message))
    return sorted(out, key=lambda d: d.line)
