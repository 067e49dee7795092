"""What a syntax error tells a card author: the word that is wrong, or what the line was
read as so far, what kind of thing may follow there, and correct lines of that shape
from the reference.

A parser that stops knows only the tokens it could have taken; a list of them cannot
tell "phrased wrongly" from "not in the language". So a syntax error is explained in
this order (:func:`explain`):

1. a word of the line, up to where the parser stopped, that the language does not know
   at all (no grammar keyword, no vocabulary word, no word of a line of the reference):
   "unknown word 'bakc': did you mean 'back'?" -- the suggestion only when it is close
   (a word the language knows, :data:`CLOSE` similar);
2. the stopping word is a misspelling of a word that may stand there;
3. otherwise: what the line was read as ("a 'choose' effect", "a condition"), the part
   read, what may follow (kinds of thing, not a list of tokens) and one or two lines of
   the reference that begin as this one does (dsl/reference_lines.txt, generated from
   the examples of docs/skill-language.md and docs/phrasebook.md).

Lines whose words name something the language has not got, or spells otherwise, are
explained before all this, by :mod:`fecipher.dsl.phrasings`.
"""
from __future__ import annotations

import difflib
import functools
import importlib.resources
import re
from typing import Iterable

# The longest line explained by its words (the longest line of a real card is about 150
# characters); a longer one gets the parser's own account, at a bounded cost.
MAX_LINE = 400
# How similar a word must be to a known word to be suggested for it (difflib's ratio).
CLOSE = 0.75

# A line's tokens as the hints read them: a quoted name, a range or number, a word
# (with its apostrophes and hyphens), or one character of punctuation.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|(?P<code>[A-Z][A-Z0-9]{1,3}-[0-9]{3}[A-Za-z+]*)|[+-]?[0-9]+(?:-[0-9]+)?'
                    r'|[A-Za-z][A-Za-z\'-]*|\S')
_CODE = re.compile(r"[A-Z][A-Z0-9]{1,3}-[0-9]{3}[A-Za-z+]*\Z")

# The grammar's nouns, shown as one kind of thing.
_NOUNS = ("ally", "allies", "enemy", "enemies", "unit", "units", "card", "cards", "bond", "bonds", "orb", "orbs")


def tokens(line: str) -> list[tuple[str, int]]:
    """(text, column) of each token of a line, up to a comment."""
    out = []
    for m in _TOKEN.finditer(line):
        if m.group(0) == "#":
            break
        out.append((m.group(0), m.start() + 1))
    return out


def _shape(token: str) -> str:
    """A token as lines are compared: a quoted name and a number stand for any other."""
    if token.startswith('"'):
        return '"'
    if _CODE.match(token):
        return "B01-001"
    if token[0] in "+-0123456789" and len(token) > 1 or token.isdigit():
        return "0"
    return token.lower()


def shape_of(line: str) -> tuple[str, ...]:
    """A line's shapes: its tokens, a quoted name, a number and a card code standing for any other."""
    return tuple(_shape(t) for t, _ in tokens(line))


@functools.lru_cache(maxsize=None)
def read_reference(package: str, name: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(where, line, its shapes) of each line of a generated file of reference lines
    (``<where>\\t<line>`` a row, "#" comments): dsl/reference_lines.txt for the packs,
    conformance/scenario_lines.txt for the scenarios (tools/reference_lines.py)."""
    text = importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")
    out = []
    for row in text.splitlines():
        if not row or row.startswith("#"):
            continue
        where, _, line = row.partition("\t")
        out.append((where, line, shape_of(line)))
    return tuple(out)


def reference_lines() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(section, line, its shapes) of each line of the reference's examples."""
    return read_reference("fecipher.dsl", "reference_lines.txt")


@functools.lru_cache(maxsize=None)
def known_words() -> frozenset[str]:
    """Every word the language has: the grammar's keywords, the vocabulary's words, the
    effects and costs, and every word of a line of the reference."""
    from fecipher.dsl import costs as _c, costs_more as _cm, effects as _e, effects_control as _ec  # noqa: F401
    from fecipher.dsl import effects_hidden as _eh  # noqa: F401  (they fill the registries)
    from fecipher.dsl import vocabulary as V
    from fecipher.dsl.parse import grammar_text
    from fecipher.dsl.registry import COSTS, EFFECTS
    words: set[str] = set(EFFECTS) | set(COSTS)
    for name in ("pack.lark",):
        words.update(w.lower() for w in re.findall(r'"([A-Za-z][A-Za-z\'-]*)"', grammar_text(name)))
    for name in dir(V):
        value = getattr(V, name)
        if name.isupper() and isinstance(value, (set, frozenset, dict, tuple, list)):
            for w in value:
                if isinstance(w, str):
                    words.update(x.lower() for x in re.findall(r"[A-Za-z][A-Za-z'-]*", w))
    for _, _, shapes in reference_lines():
        words.update(s for s in shapes if s[0].isalpha())
    return frozenset(words)


def close_word(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest ``word`` when it is close (:data:`CLOSE`), else None."""
    if len(word) > 40:
        return None
    found = difflib.get_close_matches(word.lower(), sorted(set(candidates)), n=1, cutoff=CLOSE)
    return found[0] if found else None


def unknown_word(line: str, upto: int) -> tuple[int, str] | None:
    """(column, message) for the first word of ``line`` before column ``upto`` (the error's,
    included) that the language does not know at all; None when there is none."""
    known = known_words()
    if line.lstrip().startswith("codes"):
        return None   # (a card code that is not one is explained by what may follow)
    for text, col in tokens(line):
        if col > upto:
            break
        if not text[0].isalpha() or text.lower() in known or _CODE.match(text):
            continue
        near = close_word(text, known)
        # (a word with an apostrophe: "opponent's" is known, "opponents'" is not)
        return col, f"unknown word '{text}'" + (f": did you mean '{near}'?" if near else
                                                ": the language has no such word (see the list of words in "
                                                "docs/phrasebook.md)")
    return None


# What a line is, by its first words (the longest match first).
_LINE_KINDS = (
    (("cost",), "a cost line"), (("once", "per"), "a use limit"), (("when",), "a trigger"),
    (("each", "time"), "a trigger"), (("at", "the", "end", "of", "this"), "a delayed effect"),
    (("at",), "a trigger"), (("if",), "a condition"), (("during",), "a condition"),
    (("you", "may"), "an optional effect"), (("either",), "a choice of effects"), (("or",), "a choice of effects"),
    (("codes",), "the card's codes"), (("class", "change", "cost"), "the card's class-change cost"),
    (("symbol",), "the card's symbol"), (("symbols",), "the card's symbols"), (("gender",), "the card's gender"),
    (("weapon",), "the card's weapon"), (("types",), "the card's types"), (("class",), "the card's class"),
    (("range",), "the card's range"), (("attack",), "the card's attack"), (("support",), "a support line"),
    (("card",), "a card header"), (("pack",), "the pack header"),
)
_SKILL_KINDS = ("act", "auto", "cont", "spec", "bond", "hand", "granted")


def line_kind(shapes: list[str]) -> str:
    """What a line is, in an author's words, by its first words."""
    if shapes and shapes[0] in _SKILL_KINDS:
        return "a skill's first line"
    if shapes and shapes[0] == "support" and len(shapes) > 1 and shapes[1] == '"':
        return "a support skill's first line"
    best = None
    for words, what in _LINE_KINDS:
        if tuple(shapes[:len(words)]) == words and (best is None or len(words) > len(best[0])):
            best = (words, what)
    if best is not None:
        return best[1]
    from fecipher.dsl.registry import EFFECTS
    if shapes and shapes[0] in EFFECTS:
        return f"{'an' if shapes[0][0] in 'aeiou' else 'a'} '{shapes[0]}' effect"
    if any(w in shapes for w in ("gains", "gain", "loses", "lose", "acquires", "acquire", "cannot", "can")):
        return "a change"
    if shapes[:2] in (["your", "opponent"], ["each", "player"]):
        return "an effect of a player"
    return "an effect line"


def examples(line: str, upto: int, n: int = 2, reference=None, other_word: bool = False
             ) -> list[tuple[str, str]]:
    """(section, line) of up to ``n`` lines of the reference (``reference``, by default the
    pack language's, :func:`reference_lines`) that begin as ``line`` does before column
    ``upto`` (the longest such beginning, at least its first word), the shortest first,
    each going on past that beginning. With ``other_word``, one word of the beginning
    after the first may be another word (a scenario's phase, decision or event names
    stand for any other: 'expect player 1 to decide target with 2' is shown the lines
    'expect player 1 to decide attack with 2 options'); the lines that need no other
    word come first."""
    shapes = [_shape(t) for t, c in tokens(line) if c < upto]
    if not shapes:
        return []
    best: list[tuple[int, int, str, str]] = []
    best_score: tuple[int, int] = (0, 0)
    for where, text, ref in (reference_lines() if reference is None else reference):
        k = 0
        while k < len(shapes) and k < len(ref) and ref[k] == shapes[k]:
            k += 1
        if k == 0:
            continue
        reach = k
        if other_word and 0 < k < len(shapes) and k < len(ref) and shapes[k][0].isalpha() and ref[k][0].isalpha():
            reach = k + 1
            while reach < len(shapes) and reach < len(ref) and ref[reach] == shapes[reach]:
                reach += 1
        if len(ref) <= reach:
            continue
        score = (reach, k)
        if score > best_score:
            best, best_score = [], score
        if score == best_score:
            best.append((len(text), len(best), where, text))
    best.sort()
    out = []
    for _, _, where, text in best:
        if text not in (t for _, t in out):
            out.append((where, text))
        if len(out) == n:
            break
    return out


def expected_kinds(expected: Iterable[str], keywords: dict[str, str]) -> str:
    """What may follow, as kinds of thing: 'the end of the line', 'a number', 'a noun
    (ally, enemy, card ...)', and at most five of the words (``keywords``: terminal name
    to its word)."""
    names = set(expected)
    parts: list[str] = []
    words = sorted({keywords[n] for n in names if n in keywords})
    nouns = [w for w in words if w in _NOUNS]
    if not ("ally" in nouns or "enemy" in nouns):
        nouns = []
    others = [w for w in words if w not in nouns]
    if "INT" in names or "SIGNED_INT" in names:
        parts.append("a number" if "SIGNED_INT" not in names else "a number such as +10")
    if "RANGE" in names:
        parts.append("a range such as 1-2")
    if "STRING" in names:
        parts.append('a quoted name such as "Marth"')
    if nouns and ("ally" in nouns or "enemy" in nouns):
        parts.append("a noun (" + ", ".join(n for n in ("ally", "enemy", "unit", "card", "bond", "orb")
                                             if n in nouns or n + "s" in nouns or n[:-1] + "ies" in nouns) + ")")
    if others:
        shown = others if len(others) <= 5 else others[:5]
        parts.append("'" + "', '".join(shown) + "'" + (f" or {len(others) - 5} other words" if len(others) > 5
                                                          else ""))
    elif "WORD" in names or "NAME" in names:
        parts.append("a word")
    if "CODE" in names:
        parts.append("a card code such as B01-001SR")
    if "_NL" in names:
        parts.append("the end of the line")
    if not parts:
        return "nothing more"
    return ", ".join(parts[:-1]) + (" or " if len(parts) > 1 else "") + parts[-1]


def where_read(line: str, upto: int) -> str:
    """The part of ``line`` read before column ``upto``, as a quoted excerpt."""
    read = line[:max(upto - 1, 0)].strip()
    if len(read) > 60:
        read = "..." + read[-57:]
    return read


# ---- the syntax recovery's skills (dsl/lalr.py, and dsl/parse.py's parse with Lark alone)
_SKILL_HEAD = re.compile(r"\s*(?:granted\s+)?([A-Za-z]+)(?:\s+\"|\s*$|\s+[A-Za-z])")
_BLOCK_START = re.compile(r"\s*(?:card\s|granted\s|(?:act|auto|cont|spec|bond|hand|support)\s+\")")
_SKILL_KIND_WORDS = ("act", "auto", "cont", "spec", "bond", "hand", "support")


def skill_head(line: str) -> bool:
    """Whether a line that does not parse is a skill's first line: a kind word (or a
    misspelling of one, before a quoted name) first. The syntax recovery then leaves out
    the whole skill, whose other lines would otherwise be read as lines of the skill
    before it (or as card facts) and report errors that only follow from this one."""
    if len(line) > MAX_LINE:
        return False
    m = _SKILL_HEAD.match(line)
    if not m:
        return False
    word = m.group(1).lower()
    if word in _SKILL_KIND_WORDS:
        return True
    if '"' not in line:
        return False
    return word not in known_words() and close_word(word, _SKILL_KIND_WORDS) is not None


def starts_block(line: str) -> bool:
    """Whether a line starts a card or a skill (where leaving out a skill stops)."""
    return _BLOCK_START.match(line) is not None
