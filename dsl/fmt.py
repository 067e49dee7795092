"""`fecipher fmt`: a pack in the canonical layout.

The language is line-based and its indentation is for the reader only, so a pack's
layout can be made canonical line by line, without changing a word, from the pack
lexer's tokens (the same tokens the parser reads):

- a card's first line and the pack's header at column 0, a card's facts and its skills'
  first lines indented by 2, every other line of a skill by 4;
- one blank line after the pack's header, before each card and between a card's facts
  and its first skill, and no other blank line;
- words, numbers and names separated by one space; no space before ``,``, ``:`` and
  ``]``, none after ``[`` and ``non-``, none around the ``/`` of ``attack/defence``;
- a comment on a line of its own indented as the line after it (one before a card stays
  above it), a comment after a line two spaces after it; no blank at a line's end, one
  line end (``\\n``) at the end of the file.

Only a pack that checks is formatted (:func:`format_pack` raises its LanguageError
otherwise): the formatted text is then read as the same pack, the same cards in the
same order with the same facts and skills (:func:`same_pack` compares their ASTs without
positions; tests/test_33_fmt.py on every shipped pack and on generated ones), and
formatting it again changes nothing.
"""
from __future__ import annotations

from typing import Any

import attrs

from fecipher.dsl import ast as A

INDENT_FACT = "  "
INDENT_CLAUSE = "    "
_SKILL_KINDS = frozenset({"act", "auto", "cont", "spec", "bond", "hand", "retreat", "boundless", "granted"})
_NO_SPACE_BEFORE = frozenset({",", ":", "]", "/"})
_NO_SPACE_AFTER = frozenset({"[", "non-", "/"})


def _line_tokens(lexer, code: str) -> list[str]:
    """The tokens of one line's code (no comment, no line end)."""
    return [v for kind, v, _, _ in lexer.tokens(code + "\n") if kind != "_NL"]


def _join(tokens: list[str]) -> str:
    out = ""
    for i, t in enumerate(tokens):
        if i and t not in _NO_SPACE_BEFORE and tokens[i - 1] not in _NO_SPACE_AFTER:
            out += " "
        out += t
    return out


def _split_comment(lexer, line: str) -> tuple[str, str | None]:
    """(the code of a line, its comment or None): the comment starts at the first "#"
    outside a quoted name (the lexer reads a "#" only there)."""
    code, comment = line, None
    in_string = False
    escaped = False
    for i, c in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "#":
            code, comment = line[:i], line[i:].rstrip()
            break
    return code.strip(), comment


def format_text(text: str, filename: str = "<pack>") -> str:
    """The canonical layout of a pack's text; LanguageError if the pack does not check."""
    from fecipher.dsl.packs import compile_text
    compile_text(text, filename)   # only a pack that checks is formatted
    return _layout(text)


def _layout(text: str) -> str:
    from fecipher.dsl.parse import fast_parser
    lexer = fast_parser().lexer
    out: list[str] = []
    pending: list[str] = []     # comment lines waiting for the indentation of the next code line
    in_skill = False
    seen_skill_in_card = False
    started = False             # a pack header or card line was written

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    for raw in text.replace("\r\n", "\n").split("\n"):
        code, comment = _split_comment(lexer, raw)
        if not code:
            if comment is not None:
                pending.append(comment)
            continue
        tokens = _line_tokens(lexer, code)
        first = tokens[0]
        if first in ("pack", "card"):
            indent = ""
            if first == "card" or started:
                blank()
            in_skill = seen_skill_in_card = False
        elif first in _SKILL_KINDS or (first == "support" and len(tokens) > 1 and tokens[1].startswith('"')):
            indent = INDENT_FACT
            if not seen_skill_in_card:
                blank()
            in_skill = seen_skill_in_card = True
        else:
            indent = INDENT_CLAUSE if in_skill else INDENT_FACT
        out.extend(indent + c for c in pending)
        pending = []
        out.append(indent + _join(tokens) + (f"  {comment}" if comment is not None else ""))
        if first == "pack":
            out.append("")
        started = True
    out.extend(pending)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def _without_positions(value: Any) -> Any:
    """An AST value as nested tuples, its positions left out."""
    if isinstance(value, A.Pos):
        return None
    if attrs.has(type(value)):
        return (type(value).__name__,) + tuple(
            (f.name, _without_positions(getattr(value, f.name))) for f in attrs.fields(type(value))
            if f.name not in ("pos", "filename"))
    if isinstance(value, (tuple, list)):
        return tuple(_without_positions(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _without_positions(v)) for k, v in value.items()))
    return value


def same_pack(a: str, b: str) -> bool:
    """Whether two pack texts are read as the same pack (positions aside)."""
    from fecipher.dsl.parse import parse_pack
    return _without_positions(parse_pack(a)) == _without_positions(parse_pack(b))
