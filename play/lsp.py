"""`fecipher lsp`: a language server for card packs (`.fe0`), over stdio.

It publishes the checker's diagnostics as the author types (the same messages and
positions as ``fecipher check``), completes the language's keywords and verbs, and
inside double quotes the real pool's unit names and skill names plus the names of the
pack itself; on hover over a skill it shows the skill as the engine understood it (the
English rendering of ``fecipher describe``), over a card's facts the whole card.

The analysis is plain functions (:func:`diagnostics`, :func:`completions`, :func:`hover`)
that take the document's text; the server (pygls, the optional extra ``fecipher[lsp]``)
only wires them to the protocol. docs/editor.md says how to use it in an editor.
"""
from __future__ import annotations

import functools
import importlib.resources
import re
import sys
from typing import Any

import attrs

SERVER_NAME = "fecipher"

# Pack-level words that start a line (the grammar's keywords are read from the grammar).
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_CARD_LINE = re.compile(r'^\s*card\s+"')
_PACK_LINE = re.compile(r'^\s*pack\s+"')
_SKILL_NAME = re.compile(r'^\s*(?:act|auto|cont|spec|bond|hand|support|granted)\b[^"]*"((?:[^"\\]|\\.)*)"')
_CARD_NAME = re.compile(r'^\s*card\s+"((?:[^"\\]|\\.)*)"')


@attrs.frozen
class Problem:
    """A diagnostic in editor terms: 0-based line and columns, a severity and the message."""

    line: int
    start: int
    end: int
    message: str
    severity: str = "error"          # "error" or "warning"


# ---------------------------------------------------------------------------- diagnostics
def _filename(uri: str) -> str:
    name = uri.rsplit("/", 1)[-1] or "<pack>"
    return name


def diagnostics(text: str, uri: str = "file:///pack.fe0") -> list[Problem]:
    """The checker's findings for ``text``, as editor ranges (the word at each position)."""
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import compile_text
    lines = text.splitlines()
    try:
        compile_text(text, _filename(uri))
    except LanguageError as e:
        found = e.diagnostics
    except RecursionError:
        return [Problem(0, 0, 1, "the pack is nested too deeply to be read")]
    else:
        found = []
    out = []
    for d in found:
        line = max(d.line, 1) - 1
        col = max(d.column, 1) - 1
        src = lines[line] if line < len(lines) else ""
        m = _WORD.match(src, col) if col < len(src) else None
        end = m.end() if m else min(len(src), col + 1) if col < len(src) else col
        if end <= col:
            end = col + 1
        sev = getattr(d, "severity", "error")
        out.append(Problem(line, col, end, d.message, "warning" if sev == "warning" else "error"))
    return out


# ---------------------------------------------------------------------------- completion
@functools.lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """Every word of the language: the grammar's keywords and the vocabulary's words."""
    from fecipher.dsl import vocabulary
    from fecipher.dsl.registry import COSTS, EFFECTS
    import fecipher.dsl.compiler  # noqa: F401  (registers every verb)
    grammar = importlib.resources.files("fecipher.grammar").joinpath("pack.lark").read_text(encoding="utf-8")
    words = set(re.findall(r'"([a-z][a-z\'-]*)"', grammar))
    words.update(EFFECTS)
    words.update(COSTS)
    for name in dir(vocabulary):
        value = getattr(vocabulary, name)
        if name.isupper() and isinstance(value, (frozenset, set, tuple, dict)):
            words.update(w for w in value if isinstance(w, str) and _WORD.fullmatch(w))
    return tuple(sorted(words))


def _names_in(text: str) -> tuple[set[str], set[str]]:
    units, skills = set(), set()
    for line in text.splitlines():
        m = _CARD_NAME.match(line)
        if m:
            units.add(m.group(1).split(",", 1)[0])
            continue
        m = _SKILL_NAME.match(line)
        if m:
            skills.add(m.group(1))
    return units, skills


@attrs.frozen
class Completion:
    label: str
    kind: str            # "keyword", "unit name", "skill name"


def _open_quote(prefix: str) -> int | None:
    """The column after an unclosed double quote before the cursor, if any."""
    quote = None
    i = 0
    while i < len(prefix):
        ch = prefix[i]
        if ch == "\\" and quote is not None:
            i += 2
            continue
        if ch == '"':
            quote = None if quote is not None else i + 1
        i += 1
    return quote


def completions(text: str, line: int, character: int, limit: int = 200) -> list[Completion]:
    """What may be typed at (0-based) ``line``/``character``: inside quotes, names
    (the pool's and the pack's own unit and skill names); elsewhere, the words of the language."""
    from fecipher.dsl.checker import known_skill_names, known_unit_names
    lines = text.splitlines()
    src = lines[line] if 0 <= line < len(lines) else ""
    prefix = src[:character]
    start = _open_quote(prefix)
    if start is not None:
        typed = prefix[start:].lower()
        units, skills = _names_in(text)
        head = prefix[:start - 1].rstrip()
        if _CARD_LINE.match(src) or head.endswith(("pack", "class")):
            return []
        pool: list[Completion] = []
        # `loses "X"`, `cannot use "X"`, `deployed by "X"`, `has used "X"`, `this unit's "X"`
        # name skills; other quotes name units.
        if re.search(r"\b(loses|lose|use|deployed by|has used|unit's)\s*$", head):
            pool += [Completion(n, "skill name") for n in sorted(known_skill_names() | skills)]
        else:
            pool += [Completion(n, "unit name") for n in sorted(known_unit_names() | units)]
        return [c for c in pool if c.label.lower().startswith(typed)][:limit]
    m = re.search(r"[A-Za-z'-]*$", prefix)
    typed = m.group(0).lower() if m else ""
    return [Completion(w, "keyword") for w in keywords() if w.startswith(typed)][:limit]


# ---------------------------------------------------------------------------- hover
def _blocks(lines: list[str]) -> tuple[list[str], list[tuple[int, int]]]:
    """The pack header lines and each card's (first, last+1) line range (0-based)."""
    starts = [i for i, ln in enumerate(lines) if _CARD_LINE.match(ln)]
    header = [ln for ln in lines[: starts[0] if starts else len(lines)] if _PACK_LINE.match(ln)]
    ranges = [(s, starts[k + 1] if k + 1 < len(starts) else len(lines)) for k, s in enumerate(starts)]
    return header, ranges


def _compiled_card(text: str, line: int, uri: str) -> tuple[Any, int] | None:
    """The compiled card around ``line`` and its first line: the whole pack when it
    compiles, else that card alone (so that hover works beside an error elsewhere)."""
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import compile_text
    lines = text.splitlines()
    header, ranges = _blocks(lines)
    block = next(((a, b) for a, b in ranges if a <= line < b), None)
    if block is None:
        return None
    a, b = block
    try:
        cards = compile_text(text, _filename(uri))
        card = next((c for c in cards if c.source_line == a + 1), None)
        if card is not None:
            return card, a
    except (LanguageError, RecursionError):
        pass
    pad = [""] * (a - len(header))     # keep the card's own line numbers
    try:
        cards = compile_text("\n".join(header + pad + lines[a:b]) + "\n", _filename(uri))
    except (LanguageError, RecursionError, ValueError):
        return None
    return (cards[0], a) if cards else None


def hover(text: str, line: int, character: int = 0, uri: str = "file:///pack.fe0") -> str | None:
    """The English rendering of the skill at (0-based) ``line``, or of the card on its facts."""
    got = _compiled_card(text, line, uri)
    if got is None:
        return None
    card, first = got
    skills = [s for s in (*card.skills, *card.support_skills) if s.source_line]
    here = [s for s in skills if s.source_line - 1 <= line]
    if here:
        skill = max(here, key=lambda s: s.source_line)
        return skill.text
    from fecipher.play.cli_cards import describe
    return describe(card)


# ---------------------------------------------------------------------------- the server
def make_server() -> Any:
    """The pygls language server with the three features wired to the functions above."""
    try:
        from lsprotocol import types as T
        from pygls.lsp.server import LanguageServer
    except ImportError as e:  # pragma: no cover - exercised by run_lsp
        raise ImportError("the language server needs pygls: pip install 'fecipher[lsp]'") from e
    from importlib.metadata import PackageNotFoundError, version
    try:
        v = version("fecipher")
    except PackageNotFoundError:  # pragma: no cover
        v = "0"
    server = LanguageServer(SERVER_NAME, v)

    def publish(uri: str) -> None:
        doc = server.workspace.get_text_document(uri)
        items = [T.Diagnostic(
            range=T.Range(start=T.Position(line=p.line, character=p.start),
                          end=T.Position(line=p.line, character=p.end)),
            message=p.message, source=SERVER_NAME,
            severity=T.DiagnosticSeverity.Warning if p.severity == "warning" else T.DiagnosticSeverity.Error)
            for p in diagnostics(doc.source, uri)]
        server.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, version=doc.version, diagnostics=items))

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Any, params: Any) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Any, params: Any) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Any, params: Any) -> None:
        publish(params.text_document.uri)

    kinds = {"keyword": T.CompletionItemKind.Keyword, "unit name": T.CompletionItemKind.Value,
             "skill name": T.CompletionItemKind.Reference}

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=['"', " "]))
    def complete(ls: Any, params: Any) -> Any:
        doc = server.workspace.get_text_document(params.text_document.uri)
        items = [T.CompletionItem(label=c.label, kind=kinds[c.kind], detail=c.kind)
                 for c in completions(doc.source, params.position.line, params.position.character)]
        return T.CompletionList(is_incomplete=len(items) >= 200, items=items)

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: Any, params: Any) -> Any:
        doc = server.workspace.get_text_document(params.text_document.uri)
        got = hover(doc.source, params.position.line, params.position.character, params.text_document.uri)
        if not got:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.PlainText, value=got))

    return server


def register(sub: Any) -> None:
    p = sub.add_parser("lsp", help="run the language server for card packs (stdio; needs fecipher[lsp])",
                       description="A Language Server Protocol server for .fe0 card packs on standard "
                                   "input and output: diagnostics as you type, completion, hover. "
                                   "See docs/editor.md for VS Code and other editors.")
    p.set_defaults(func=run_lsp)


def run_lsp(args: Any) -> int:
    try:
        server = make_server()
    except ImportError as e:
        sys.stderr.write(f"fecipher lsp: error: {e}\n")
        return 2
    server.start_io()
    return 0
