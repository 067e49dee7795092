"""The parse boundary: Lark's parser is built once, its exceptions are translated
here into :class:`~fecipher.dsl.errors.LanguageError`, and the tree becomes the
typed AST of :mod:`fecipher.dsl.ast`."""
from __future__ import annotations

import contextlib
import contextvars
import functools
import importlib.resources
import re
import unicodedata
from typing import Iterator

import attrs

from lark import Lark, Token, Transformer, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, v_args

from fecipher.dsl import ast as A
from fecipher.dsl.errors import (
    MAX_ERRORS, Diagnostic, LanguageError, cap, character_name, more_errors, refused_characters, source_lines, suggest,
)
from fecipher.dsl.lalr import FastParser, ParseFailure, RepeatedLines, SyntaxFault
from fecipher.dsl.lexer import STRAY


@functools.lru_cache(maxsize=None)
def grammar_text(name: str) -> str:
    return importlib.resources.files("fecipher.grammar").joinpath(name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def parser(name: str = "pack.lark", start: str = "start", strict: bool = False) -> Lark:
    """The LALR parser with the basic lexer, built once per process.

    The grammar is proven conflict-free and collision-free under Lark's strict mode by
    tests/test_20_parse.py; strict mode only adds those checks (about a second), so
    at run time the same tables are built without them and cached by Lark."""
    return Lark(grammar_text(name), parser="lalr", lexer="basic", strict=strict,
                propagate_positions=True, maybe_placeholders=False, start=start, cache=not strict)


# Card-author words for the grammar's terminals.
_TERMINAL_WORDS = {
    "_NL": "the end of the line", "STRING": 'a quoted name such as "Marth"', "INT": "a number",
    "SIGNED_INT": "a signed number such as +10", "WORD": "a word", "CODE": "a card code such as B01-001SR",
    "RANGE": "a range such as 1-2", "$END": "the end of the file", "COMMA": "','",
    "LSQB": "'['", "RSQB": "']'", "NON": "'non-'", "CLASS_CHANGED": "'class-changed'",
}


def describe_expected(p: Lark, expected, terminal_words: dict[str, str] | None = None
                      ) -> tuple[list[str], list[str]]:
    """(readable list, keyword strings) for a set of terminal names, in an author's
    words (``terminal_words`` names the grammar's regex terminals)."""
    table = _TERMINAL_WORDS if terminal_words is None else terminal_words
    words, keywords = [], []
    for name in sorted(set(expected)):
        if name in table:
            words.append(table[name])
            continue
        try:
            t = p.get_terminal(name)
        except KeyError:
            words.append(name.lower())
            continue
        if t.pattern.type == "str":
            keywords.append(t.pattern.value)
            words.append(f"'{t.pattern.value}'")
        else:
            words.append(name.lower())
    return words, keywords


def translate(e: UnexpectedInput, text: str, filename: str, p: Lark, line_offset: int = 0) -> Diagnostic:
    """The diagnostic of one of Lark's exceptions (the parse without the fast parser)."""
    lines = source_lines(text)
    line = getattr(e, "line", 0) or 0
    col = getattr(e, "column", 0) or 0
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        return syntax_diagnostic(SyntaxFault(STRAY, ch, line, col, frozenset()), lines, filename, p, line_offset)
    if isinstance(e, UnexpectedEOF):
        last = text.rstrip("\n").rpartition("\n")[2]
        return syntax_diagnostic(SyntaxFault("$END", "", max(1, text.count("\n")), len(last) + 1,
                                             frozenset(e.expected)), lines, filename, p, line_offset, eof=True)
    if isinstance(e, UnexpectedToken):
        return syntax_diagnostic(SyntaxFault(e.token.type, str(e.token), line, col, frozenset(e.expected)),
                                 lines, filename, p, line_offset)
    return Diagnostic(filename, line + line_offset, col, str(e))  # pragma: no cover


def syntax_diagnostic(f: SyntaxFault, lines: list[str], filename: str, p: Lark, line_offset: int = 0,
                      eof: bool = False) -> Diagnostic:
    """The diagnostic of a syntax error, in a card author's words (``lines``: the text's
    lines, :func:`~fecipher.dsl.errors.source_lines`)."""
    line, col = f.line, f.column
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if f.too_deep:
        msg = "this line nests too deeply (a 'not' or a reference inside another too many times)"
    elif f.kind == STRAY:
        ch = f.value or "?"
        msg = f"unexpected character {ch!r}"
        from fecipher.dsl.hints import MAX_LINE
        from fecipher.dsl.phrasings import explain
        said = explain(src) if ch in ".;" and len(src) <= MAX_LINE else None
        if said is not None:
            col, msg = said
        elif ch == '"':
            msg = "unclosed quoted name: a name in quotes must end on the same line"
        elif ch.isdigit() or unicodedata.numeric(ch, None) is not None:
            msg = f"unexpected character {ch!r} ({character_name(ch)}): numbers are written with the digits 0-9"
    elif eof:
        words, _ = describe_expected(p, set(f.expected))
        msg = "the file ends too early; expected " + ", ".join(words[:8])
        src = lines[line - 1] if 0 < line <= len(lines) else ""
    else:
        col, msg = _explain_syntax(f, src, p)
        foreign = next((c for c in src[max(col - 1, 0):col + 24] if c.isdigit() and not c.isascii()), None)
        if foreign is not None:
            msg += f" ({foreign!r} is not a digit 0-9: numbers and card codes are written with the digits 0-9)"
    return Diagnostic(filename, line + line_offset, col, msg, src)


def _explain_syntax(f: SyntaxFault, src: str, p: Lark) -> tuple[int, str]:
    """(column, message) of a syntax error inside a line, in this order (:mod:`fecipher.dsl.hints`):
    a phrasing of the cards the language spells otherwise or lacks (:mod:`fecipher.dsl.phrasings`);
    a word of the line, up to the error, that the language does not know; the word at the
    error misspelt for one that may stand there; a negative number; otherwise what the line
    was read as, what may follow and lines of the reference of that shape."""
    from fecipher.dsl import hints, phrasings
    col = f.column
    if len(src) > hints.MAX_LINE:
        # (a line longer than any card's is no author's phrasing: what may follow is enough,
        # and the cost of reading it again stays bounded)
        words, _ = describe_expected(p, set(f.expected))
        got = repr(_shortened(f.value)) if f.kind not in ("_NL", "$END") else "the end of the line"
        return col, f"unexpected {got}; it can be followed by " + ", ".join(words[:6])
    if _LOOK_AT_BONDS.match(src):   # "look at your face-down bonds": a look at what both see
        from fecipher.dsl.effects_hidden import LOOK_FOR, SEEN_BY_BOTH
        return col, f"looking at bonds is not supported: {SEEN_BY_BOTH}; {LOOK_FOR}"
    from fecipher.dsl.skill_control import unsupported
    refused = unsupported(src)
    if refused is not None:
        return col, refused
    said = phrasings.explain(src)
    if said is not None:
        return said
    if f.kind == "_NL" and src.strip() == "cost":
        return col, "a 'cost' line lists what is paid, e.g. 'cost tap this, flip 1 bond'"
    first = _first_word_hint(src, p)
    if first is not None:
        return first
    unknown = hints.unknown_word(src, col)
    if unknown is not None:
        return unknown
    words, keywords = describe_expected(p, set(f.expected))
    got = "the end of the line" if f.kind == "_NL" else ("the end of the file" if f.kind == "$END"
                                                        else repr(_shortened(f.value)))
    if f.kind not in ("_NL", "$END") and f.value[:1].isalpha() and f.value.lower() not in hints.known_words():
        # (a word the language has, in the wrong place, is not misspelt: what may follow says more)
        near = hints.close_word(f.value, keywords)
        if near is not None and near != f.value.lower():
            return col, f"unknown word {got} here: did you mean '{near}'?"
    if f.kind == "SIGNED_INT" and f.value.startswith("-") and "INT" in f.expected:
        return col, f"unexpected {got}: a negative number is not allowed here"
    shapes = [t.lower() for t, _ in hints.tokens(src)]
    what = hints.line_kind(shapes)
    read = hints.where_read(src, col)
    names = {}
    for name in f.expected:
        try:
            t = p.get_terminal(name)
        except KeyError:
            continue
        if t.pattern.type == "str":
            names[name] = t.pattern.value
    follows = hints.expected_kinds(f.expected, names)
    if read:
        msg = f"this line reads as {what}: '{read}', which can go on with {follows}, not {got}"
    else:
        msg = f"{got} cannot start a line here: the line can start with {follows}"
    shown = hints.examples(src, col)
    if shown:
        msg += "; e.g. " + " or ".join(f"'{text}'" for _, text in shown)
        section = shown[0][0].partition('#')[2]
        section = section if section.startswith('"') else f'"{section}"'
        msg += f" (see {section} in docs/{shown[0][0].partition('#')[0]})"
    return col, msg


def _shortened(value: str, width: int = 40) -> str:
    """A token's text as an error quotes it: at most ``width`` characters."""
    return value if len(value) <= width else value[:width - 3] + "..."


_LOOK_AT_BONDS = re.compile(r"\s*(you\s+may\s+)?look\s+at\b.*\bbond(s|\s+cards?)?\b", re.IGNORECASE)

_LINE_STARTERS = ("card", "codes", "cost", "class", "symbol", "symbols", "gender", "weapon", "types", "range",
                  "attack", "support", "act", "auto", "cont", "spec", "bond", "hand", "granted", "once", "when",
                  "each", "at", "if", "during", "you", "pack", "either", "or", "this", "that", "all", "your")


def _first_word_hint(src: str, p: Lark) -> tuple[int, str] | None:
    """A misspelt word at the start of a line ('cots tap this'): name it and suggest."""
    stripped = src.lstrip()
    m = re.match(r"[A-Za-z][A-Za-z']*", stripped)
    if not m:
        return None
    word = m.group(0).lower()
    from fecipher.dsl import costs as _c, effects as _e  # noqa: F401  (fill the registries)
    from fecipher.dsl.registry import COSTS, EFFECTS
    known = set(_LINE_STARTERS) | set(EFFECTS) | set(COSTS)
    from fecipher.dsl.hints import known_words
    if word in known or word in known_words():
        return None   # (a word of the language, out of place: what may follow says more)
    hint = suggest(word, known)
    if not hint:
        return None
    return len(src) - len(stripped) + 1, f"unknown word '{word}'{hint}"


def _with_pos(f, _data, children, meta):
    """How Lark calls ToAst's methods: with the rule's position as an A.Pos, as the fast
    parser does ((0, 0) for a rule that matched nothing)."""
    return f(A.Pos(getattr(meta, "line", 0) or 0, getattr(meta, "column", 0) or 0), children)


def _token_pos(tok: Token) -> A.Pos:
    """A token's position (the rule is in ToAst.TOKEN_RULES)."""
    return A.Pos(tok.line, tok.column)


# The largest number the language reads (every number of a card fits: costs 0-9, attack
# and support in tens, ranges 1-3, counts): a longer one is an error of its own
# (:func:`long_numbers`) and reads as TOO_LARGE so that nothing after it does
# arithmetic on a number of thousands of digits.
MAX_NUMBER = 9999
TOO_LARGE = MAX_NUMBER + 1
MIN_RANGE, MAX_RANGE = 1, 3


def _num_or_word(token) -> "int | str":
    """A fact's number, or its word as written ("X": a printed X the checker accepts
    only where a skill of the card defines it)."""
    v = str(token)
    return _int(v) if v.isascii() and v.lstrip("+-").isdigit() else v


def _int(text: str) -> int:
    """A number token's value ([+-]?[0-9]+), TOO_LARGE (signed) when it has more digits
    than MAX_NUMBER."""
    if len(text) <= 5:
        return int(text)
    value = int(text) if len(text.lstrip("+-")) <= len(str(MAX_NUMBER)) else TOO_LARGE
    return -value if text.startswith("-") else value


_LONG_DIGITS = re.compile(r"[0-9]{%d,}" % (len(str(MAX_NUMBER)) + 1))
_NUMBER_TERMINALS = frozenset({"INT", "SIGNED_INT", "RANGE"})


def long_numbers(text: str) -> list[tuple[int, int]]:
    """(line, column) of each number of the text longer than MAX_NUMBER allows (not the
    digits of a quoted name, a comment or a card code): the lines with a long run of
    digits are read again by the lexer, each once."""
    lines = None
    out: list[tuple[int, int]] = []
    line, at, last = 1, 0, 0
    for hit in _LONG_DIGITS.finditer(text):
        line += text.count("\n", at, hit.start())
        at = hit.start()
        if line == last:
            continue
        last = line
        if lines is None:
            lines = source_lines(text)
        lexer = fast_parser().lexer if fast_parser() is not None else None
        if lexer is None:  # pragma: no cover  (another Lark: every long digit run is reported)
            out.append((line, hit.start() - text.rfind("\n", 0, hit.start())))
            continue
        src = lines[line - 1] + "\n"  # (a comment is read up to its line end)
        for m in lexer.scan.finditer(src, lexer.blanks.match(src).end()):
            kind = lexer.groups[m.lastindex][0]
            if kind in _NUMBER_TERMINALS and _LONG_DIGITS.search(src, m.start(), m.end(m.lastindex)):
                out.append((line, m.start() + 1))
    return out


def _s(tok: Token) -> str:
    """A quoted name without its quotes; \\" stands for a quote inside it."""
    v = str(tok)
    if v.startswith('"'):
        return re.sub(r'\\(.)', r'\1', v[1:-1]) if "\\" in v else v[1:-1]
    return v


_DURATIONS = {
    "turn": "end_of_turn", "combat": "end_of_combat", "next": "end_of_opponents_next_turn",
}


def _one_subject(subjects: tuple, pos) -> A.Selector:
    """The subject of a line that takes one ("this card can ..."); several joined with
    "and" become a reference the checker refuses."""
    return subjects[0] if len(subjects) == 1 else A.Ref("several", None, pos)


@v_args(wrapper=_with_pos)
class ToAst(Transformer):
    """Lark tree to :mod:`fecipher.dsl.ast` nodes.

    The fast parser gives the methods a token as its text (a str) or as a Lark Token
    (a str too), and always as a Token to the rules of TOKEN_RULES, which read their
    tokens' positions; Lark gives Tokens. The nodes hold plain str either way."""

    TOKEN_RULES = frozenset({"stack_verb", "word_list", "gender_fact", "weapon_fact", "limit_clause", "action", "cost_item",
                             "how_by_named_skill", "how_by_named_skill_of", "how_by_own_named_skill", "has_quality", "action_until",
                             "alternatives", "face_place", "choose_line", "symbol_waiver"})

    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename

    # ---- pack and card
    def start(self, pos, items):
        name = None
        cards = []
        for it in items:
            if isinstance(it, tuple) and it[0] == "header":
                name = it[1]
            elif isinstance(it, A.CardNode):
                cards.append(it)
        return A.PackNode(name, tuple(cards), self.filename)

    def header(self, pos, items):
        return ("header", _s(items[0]))

    def card(self, pos, items):
        facts = []
        skills = []
        for i in items[1:]:
            if isinstance(i, A.Fact):
                facts.append(i)
            elif isinstance(i, A.SkillNode):
                skills.append(i)
        return A.CardNode(_s(items[0]), tuple(facts), tuple(skills), pos)

    def codes_fact(self, pos, items):
        return A.Fact("codes", tuple(map(str, items)), pos)

    def cost_fact(self, pos, items):
        return A.Fact("cost", _num_or_word(items[0]), pos)

    def cc_fact(self, pos, items):
        return A.Fact("class_change_cost", _num_or_word(items[0]), pos)

    def symbols_fact(self, pos, items):
        return A.Fact("symbols", items[0] if items else (), pos)

    def word_list(self, pos, items):
        return tuple((str(t).lower(), _token_pos(t)) for t in items)

    def gender_fact(self, pos, items):
        return A.Fact("gender", (str(items[0]).lower(), _token_pos(items[0])), pos)

    def weapon_fact(self, pos, items):
        return A.Fact("weapon", (str(items[0]).lower(), _token_pos(items[0])) if items else ("none", pos), pos)

    def types_fact(self, pos, items):
        return A.Fact("types", items[0], pos)

    def class_fact(self, pos, items):
        return A.Fact("class", _s(items[0]), pos)

    def range_fact(self, pos, items):
        return A.Fact("range", items[0] if items else (), pos)

    def range_spec(self, pos, items):
        """The ranges of "1" or "1-2": "a-b" stands for every range from a to b, listed
        only when that is a possible range (within 1-3); otherwise it stays (a, b) for
        the checker to refuse, never expanded (a range written 1-1000000 costs nothing)."""
        t = str(items[0])
        if "-" in t:
            a, b = (_int(x) for x in t.split("-"))
            return tuple(range(a, b + 1)) if MIN_RANGE <= a <= b <= MAX_RANGE else (a, b)
        return (_int(t),)

    def attack_fact(self, pos, items):
        return A.Fact("attack", _num_or_word(items[0]), pos)

    def support_fact(self, pos, items):
        v = str(items[0])
        number = v.isascii() and v.lstrip("+-").isdigit()
        return A.Fact("support", _int(v) if number else v, pos)   # a word: "X" (the checker allows no other)

    # ---- skills
    def skill(self, pos, items):
        head = items[0]
        limits, costs, triggers, conditions, statements = [], [], [], [], []
        optional = False
        for c in items[1:]:
            tag = c[0] if isinstance(c, tuple) else None
            if tag == "limit":
                limits.append((c[1], c[2]))
            elif tag == "cost":
                costs.extend(c[1])
            elif tag == "trigger":
                triggers.append(c[1])
            elif tag == "condition":
                conditions.append(c[1])
            elif tag == "may":
                optional = True
            elif tag in ("either", "or"):
                # A choice of effects: an "or:" line joins the "either:" choice just before it.
                host = statements[-1] if statements and isinstance(statements[-1], (A.Delayed, A.Step)) else None
                lines = list(host.statements) if host is not None else statements
                if tag == "or" and lines and isinstance(lines[-1], A.Choice):
                    lines[-1] = A.Choice(lines[-1].options + (c[1],), lines[-1].pos)
                else:
                    lines.append(A.Choice((c[1],), c[2], tag == "or"))
                if isinstance(host, A.Delayed):
                    statements[-1] = A.Delayed(host.moment, host.owner, tuple(lines), host.pos)
                elif host is not None:
                    statements[-1] = A.Step(host.n, host.word, tuple(lines), host.pos)
            elif tag == "delayed":
                # The effect lines after "at the end of this combat:" belong to it.
                statements.append(A.Delayed(c[1], c[2], (), c[3]))
            elif tag == "step":
                # The effect lines after "until one fails, step N:" belong to it.
                statements.append(A.Step(c[1], c[2], (), c[3]))
            elif statements and isinstance(statements[-1], A.Delayed):
                d = statements[-1]
                statements[-1] = A.Delayed(d.moment, d.owner, d.statements + (c,), d.pos)
            elif statements and isinstance(statements[-1], A.Step):
                d = statements[-1]
                statements[-1] = A.Step(d.n, d.word, d.statements + (c,), d.pos)
            else:
                statements.append(c)
        return A.SkillNode(head["kind"], head["name"], head.get("role"), head.get("granted", False),
                           head["keywords"], tuple(limits), tuple(costs), tuple(triggers), tuple(conditions),
                           optional, tuple(statements), head["pos"])

    def unit_skill_head(self, pos, items):
        granted = False
        if isinstance(items[0], str) and items[0] == "granted":
            granted = True
            items = items[1:]
        kind, name = items[0], _s(items[1])
        return {"kind": kind, "name": name, "granted": granted, "keywords": tuple(items[2:]), "pos": pos}

    def support_skill_head(self, pos, items):
        return {"kind": "support", "name": _s(items[0]), "role": items[1], "keywords": tuple(items[2:]),
                "pos": pos}

    def granted(self, pos, items):
        return "granted"

    def kind(self, pos, items):
        return str(items[0])

    def kind_bond(self, pos, items):
        return "bond"

    def role_both(self, pos, items):
        return "both"

    def role_attack(self, pos, items):
        return "attack"

    def role_defence(self, pos, items):
        return "defence"

    def keyword_tag(self, pos, items):
        return A.Keyword(str(items[0]), _int(items[1]) if len(items) > 1 else None, pos)

    def limit_clause(self, pos, items):
        return ("limit", str(items[0]).lower(), _token_pos(items[0]))

    def cost_clause(self, pos, items):
        return ("cost", tuple(items))

    def stack_verb(self, pos, items):
        return items[0]

    def cost_item(self, pos, items):
        # "flip 1 bond for each red ally": the "for each" argument is the cost's size counted
        # when it is asked (a cost's per_each)
        per = next((i.unit for i in items if isinstance(i, A.Prep) and i.kind == "for_each"), None)
        then = next((i[1:] for i in items if isinstance(i, tuple) and i[0] == "then"), None)
        a = self._action(pos, [i for i in items if not (isinstance(i, tuple) and i[0] == "then")
                               and not (isinstance(i, A.Prep) and i.kind == "for_each")], False)
        if per is not None or then is not None:
            a = attrs.evolve(a, per_each=per, then=then)
        return a

    def cost_then(self, pos, items):
        return ("then", str(items[0]).lower(), items[1])

    def trigger_clause(self, pos, items):
        return ("trigger", items[0])

    def lose_instead_clause(self, pos, items):
        # "instead of losing the game when your main character is destroyed": a trigger
        # line that makes the skill a replacement of that loss (dsl/lose_instead.py)
        return ("trigger", attrs.evolve(items[0], instead_of_losing=True))

    def condition_clause(self, pos, items):
        return ("condition", items[0])

    def during_clause(self, pos, items):
        return ("condition", A.Condition("during", owner=items[0], pos=pos))

    def during_phase(self, pos, items):
        return ("condition", A.Condition("during", owner=items[0], name=str(items[1]), pos=pos))

    def may_clause(self, pos, items):
        return ("may",)

    def either_line(self, pos, items):
        return ("either", items[0], pos)

    def or_line(self, pos, items):
        return ("or", items[0], pos)

    def delayed_end_of_combat(self, pos, items):
        return ("delayed", "end_of_combat", None, pos)

    def step_clause(self, pos, items):
        return ("step", _int(str(items[1])), str(items[0]).lower(), pos)

    def delayed_end_of_turn(self, pos, items):
        return ("delayed", "end_of_turn", None, pos)

    def delayed_start_of_next_turn(self, pos, items):
        return ("delayed", "start_of_next_turn", items[0], pos)

    def delayed_end_of_next_turn(self, pos, items):
        return ("delayed", "end_of_next_turn", items[0], pos)

    # ---- statements
    def _action(self, pos, items, optional):
        verb = items[0]
        number = None
        target = None
        preps = []
        for it in items[1:]:
            if isinstance(it, tuple) and it[0] == "number":
                number = it[1]
            elif isinstance(it, A.Prep):
                preps.append(it)
            elif isinstance(it, list) and it and all(isinstance(x, A.Prep) for x in it):
                preps.extend(it)   # ("into your bond area face-down": to_face_arg's two)
            else:
                target = it
        return A.Action(str(verb).lower(), number, target, tuple(preps), optional, pos,
                        _token_pos(verb) if isinstance(verb, Token) else pos)

    def action(self, pos, items):
        return self._action(pos, items, False)

    def action_until(self, pos, items):
        # "draw until you have 5 cards in your hand"
        verb = items[0]
        return A.Action(str(verb).lower(), None, None, (A.Prep("until_hand", None, pos, number=_int(items[1])),),
                        False, pos, _token_pos(verb))

    def may_statement(self, pos, items):
        a = items[0]
        return A.Action(a.verb, a.number, a.target, a.preps, True, pos, a.verb_pos)

    def number_arg(self, pos, items):
        return ("number", _int(items[0]))

    def to_arg(self, pos, items):
        return A.Prep("to", items[0], pos)

    def tapped_arg(self, pos, items):
        return A.Prep("tapped", None, pos)

    def main_character_arg(self, pos, items):
        return A.Prep("main_character", None, pos)

    def line_arg(self, pos, items):
        # "deploy it to the back line": the Prep's number-free value is the line.
        return A.Prep("line", None, pos, line=str(items[0]))

    def chosen_line_arg(self, pos, items):
        return A.Prep("line", None, pos, line="chosen")

    def same_line_arg(self, pos, items):
        # "move this unit to the same line as "Alm"": the line of the units the reference names
        return A.Prep("line", None, pos, unit=items[0], line="same")

    def choose_line(self, pos, items):
        # "choose the front or back line" / "choose a line in which you have 1 or more female
        # allies": a "choose" action whose only prep is the line choice (with its condition)
        verb = items[0]
        rest = [x for x in items[1:] if not isinstance(x, str)]
        lines = " ".join(x for x in items[1:] if isinstance(x, str))
        cond = A.Condition("have_count", quantity=rest[0], counted=rest[1], pos=pos) if rest else None
        return A.Action(str(verb).lower(), None, None, (A.Prep("line_choice", None, pos, unit=cond,
                                                               line=lines or None),), False,
                        pos, _token_pos(verb) if isinstance(verb, Token) else pos)

    def to_face_arg(self, pos, items):
        """"into your bond area face-down" mid-line: the place, then the face (two preps)."""
        word = str(items[1]).lower()
        return [A.Prep("to", items[0], pos), A.Prep("face", None, pos, face="up" if word == "face-up" else "down")]

    def face_arg(self, pos, items):
        # "face-up", "face-down", or "face-up or face-down" (turned over: each to the other face)
        word = str(items[0]).lower()
        face = "over" if " or " in word else ("up" if word == "face-up" else "down")
        return A.Prep("face", None, pos, face=face)

    def bottom_arg(self, pos, items):
        return A.Prep("bottom", items[0], pos)

    def for_each_arg(self, pos, items):
        return A.Prep("for_each", None, pos, items[0])

    def per_cost_point_arg(self, pos, items):
        # "for each point of deployment cost of the chosen enemy" (dsl/flip_per_point.py)
        return A.Prep("per_cost_point", None, pos, items[-1])

    def for_every_arg(self, pos, items):
        # "for every 4 bonds": the count divided by 4, rounded down
        return A.Prep("for_each", None, pos, items[1], number=int(items[0]))

    def under_arg(self, pos, items):
        return A.Prep("under", None, pos, items[0])

    def onto_arg(self, pos, items):
        return A.Prep("onto", None, pos, items[0])

    def modification(self, pos, items):
        changes = []
        dur = wh = None
        for i in items[1:]:
            if isinstance(i, A.Change):
                changes.append(i)
            elif isinstance(i, A.Duration):
                dur = i
            elif isinstance(i, tuple) and i[0] == "while":
                wh = i[1]
        subj = items[0]
        if (len(subj) == 1 and isinstance(subj[0], A.Ref) and subj[0].kind == "support_card"
                and [c.kind for c in changes] == ["acquire_opponent_support_skills"]):
            # "the card supporting this unit acquires your opponent's support skills": a change of
            # the supported unit (its support card has them), as "... activates a second time"
            return A.Modification((subj[0].of,), (A.Change("support_opponents_skills", pos=changes[0].pos),),
                                  dur, pos, wh)
        return A.Modification(subj, tuple(changes), dur, pos, wh)

    # ---- added for Series 1
    def while_clause(self, pos, items):
        return ("while", items[0])

    def while_in_hand(self, pos, items):
        return ("while", A.State("in_own_hand", None, pos))

    def guarded(self, pos, items):
        return A.Guarded(items[0], items[1], pos)

    def redirect(self, pos, items):
        return A.Redirect(items[0], items[1] if len(items) > 1 else None, pos)

    def copy_statement(self, pos, items):
        subjects, source = items[0], items[1]
        keeps: tuple = ()
        dur = None
        for it in items[2:]:
            if isinstance(it, A.Duration):
                dur = it
            elif isinstance(it, tuple):
                keeps = it
        return A.Copy(subjects, source, keeps, dur, pos)

    def copy_keep(self, pos, items):
        return tuple(items)

    def copy_kept(self, pos, items):
        return "name" if "name" in [str(t) for t in items] else "attack"

    def _replace(self, pos, items, optional):
        action, rest = items[0], list(items[1:])
        sent = None   # "instead of sending <it / this unit> to ..."
        if rest and not isinstance(rest[0], A.Place):
            sent = rest.pop(0)
        place = rest[0]
        cause, by = rest[1] if len(rest) > 1 else (None, None)
        return A.Replace(action, place, cause, optional, pos, subject=sent, cause_by=by)

    def replacement(self, pos, items):
        return self._replace(pos, items, False)

    def may_replacement(self, pos, items):
        return self._replace(pos, items, True)

    def replace_cause(self, pos, items):
        by = next((i for i in items if isinstance(i, dict)), None)
        if by is None:
            return ("destroyed", None)
        plain_battle = by.get("cause") == "battle" and by.get("by") is None
        return ("destroyed_in_battle" if plain_battle else "destroyed", by)

    def replace_cause_critical(self, pos, items):
        """"when it is destroyed by a critical hit of X": an attack of X that was a critical hit."""
        by = next(i for i in items if not isinstance(i, str))
        word = str(items[items.index(by) - 2]).lower()   # ("critical" WORD "of": "hit" is not a keyword)
        return ("destroyed", {"cause": "battle", "by": by, "critical": True, "critical_word": word})

    def _destruction(self, pos, items, optional):
        action, subject = items[0], items[1]
        by = items[2] if len(items) > 2 else None
        return A.Replace(action, None, "destroyed", optional, pos, replaced="destruction", subject=subject,
                         cause_by=by)

    def discard_use(self, pos, items):
        return tuple(str(w).lower() for w in items)

    def destruction_replacement(self, pos, items):
        return self._destruction(pos, items, False)

    def may_destruction_replacement(self, pos, items):
        return self._destruction(pos, items, True)

    def alternative_discard(self, pos, items):
        action, words, subject = items[0], items[1], items[2]
        use = {("critical", "hit"): "critical", ("evasion",): "evasion"}.get(words)
        return A.Replace(action, None, None, True, pos, replaced="discard", subject=subject, use=use,
                         use_words=words)

    def alternative_cost(self, pos, items):
        """"you may <cost> instead of paying the cost of "X" [or "Y" ...]"."""
        return A.Replace(items[0], None, None, True, pos, replaced="skill_cost",
                         skill_names=tuple(_s(i) for i in items[1:]))

    def card_rule(self, pos, items):
        kind, cond = items[1]
        if kind == "free_use":   # a change of the unit (see grammar): a Modification
            return A.Modification(tuple(items[0]), (A.Change("free_use", name=cond, pos=pos),), None, pos)
        if kind in ("deploy_with", "level_onto"):
            return A.CardRule(_one_subject(items[0], pos), kind, None, pos, ref=cond)
        return A.CardRule(_one_subject(items[0], pos), kind, cond, pos)

    def rule_deploy_with(self, pos, items):
        return ("deploy_with", items[0])

    def card_rule_metamorph(self, pos, items):
        # "this card is stacked onto "Ike" as a metamorphosis when it is placed in your support area"
        place = items[2]
        return A.CardRule(items[0], "metamorph", None, pos, ref=items[1], words=(place.owner, *place.words))

    def card_rule_onto(self, pos, items):
        # "this card cannot be stacked onto "Tibarn" to level up [by skills]": words = (purpose, by)
        purpose = "class_change" if "class" in items[2] else "level_up"
        by = "skills" if len(items) > 3 else ""
        return A.CardRule(_one_subject(items[0], pos), "no_onto", None, pos, ref=items[1], words=(purpose, by))

    def stack_purpose(self, pos, items):
        return tuple(map(str, items))

    def card_rule_not(self, pos, items):
        # "this card cannot be deployed in the same line as X"
        return A.CardRule(_one_subject(items[0], pos), "deploy_not_with", None, pos, ref=items[2],
                          words=tuple(items[1]))

    def bond_flip_ban(self, pos, items):
        # "this card cannot be flipped face-down" (a continuous bond skill)
        return A.CardRule(_one_subject(items[0], pos), "cannot_flip_down", None, pos, words=(str(items[1]).strip(),))

    def rule_free_use(self, pos, items):
        return ("free_use", _s(items[0]))

    def rule_deploy_if(self, pos, items):
        return ("deploy_if", items[0])

    def rule_share_name(self, pos, items):
        return ("share_name", None)

    def rule_level_onto(self, pos, items):
        return ("level_onto", items[0])

    def rule_any_copies(self, pos, items):
        return ("any_copies", None)

    def rule_deploy_no_symbols(self, pos, items):
        return ("deploy_no_symbols", None)

    def support_succeed(self, pos, items):
        return A.SupportFail(_one_subject(items[0], pos), items[1], pos, True)

    def support_succeed_own_name(self, pos, items):
        # "all green allies can be supported by cards with the same unit name as themselves":
        # the units are the subjects; the cards are those sharing each unit's name (no selector)
        return A.SupportFail(None, _one_subject(items[0], pos), pos, True, own_name=True)

    def actor_statement(self, pos, items):
        actor, a = items[0], items[1]
        verb = a.verb
        if verb.endswith("s") and len(verb) > 3:  # "your opponent sends ..." -> send
            verb = verb[:-1]
        return A.ActorStatement(actor, A.Action(verb, a.number, a.target, a.preps, a.optional, a.pos, a.verb_pos),
                                pos)

    def game_end(self, pos, items):
        return A.GameEnd("win" if "win" in [str(t) for t in items] else "lose", pos)

    def opponent_may(self, pos, items):
        a = items[0]
        return A.ActorStatement("opponent", A.Action(a.verb, a.number, a.target, a.preps, True, a.pos, a.verb_pos),
                                pos)

    def mc_transfer_ban(self, pos, items):
        # "you cannot transfer main character status until the end of the game"
        return A.McTransferBan(items[0], items[1] if len(items) > 1 else None, pos)

    def deploy_ban(self, pos, items):
        who, verb, cards = items[0], str(items[1]).lower(), items[2]
        line = dur = None
        by_skills = False
        for it in items[3:]:
            if isinstance(it, A.Duration):
                dur = it
            elif it == ("by", "skills"):
                by_skills = True
            else:
                line = it
        return A.DeployBan(who, cards, line, dur, pos, verb, by_skills)

    def place_ban(self, pos, items):
        who, verb, cards, place = items[0], str(items[1]).lower(), items[2], items[3]
        dur = None
        by_skills = False
        for it in items[4:]:
            if isinstance(it, A.Duration):
                dur = it
            elif it == ("by", "skills"):
                by_skills = True
        return A.PlaceBan(who, cards, place, dur, pos, verb, by_skills)

    def place_ban_enemy(self, pos, items):
        items = [t for t in items if not (isinstance(t, str) and t.lower() == "skills")]   # (the SKILLS word)
        verb, cards, place = str(items[0]).lower(), items[1], items[2]
        dur = next((it for it in items[3:] if isinstance(it, A.Duration)), None)
        return A.PlaceBan("you", cards, place, dur, pos, verb, True, True)

    def stack_deploy(self, pos, items):
        return A.StackDeploy(str(items[0]).lower(), items[1], pos)

    def symbol_waiver(self, pos, items):
        return A.SymbolWaiver(str(items[0]).lower(), pos)

    def ban_by(self, pos, items):
        return ("by", "skills")

    # ---- skill control (dsl/skill_control.py)
    def _ban(self, pos, who, items, cards=None):
        kinds: tuple[str, ...] = ()
        verb = "use"
        dur = None
        for it in items:
            if isinstance(it, A.Duration):
                dur = it
            elif isinstance(it, tuple) and it and it[0] == "kind":
                kinds = (it[1],)
            elif isinstance(it, tuple) and it and it[0] == "verb":
                verb = it[1]
        return A.SkillBan(who, kinds, verb, cards, dur, pos)

    def ban_use(self, pos, items):
        return self._ban(pos, items[0], items[1:])

    def keep_rest(self, pos, items):
        # "you keep 5 cards from your hand and send the rest to your retreat area" ("you" is not kept)
        rest = list(items)
        actor = rest.pop(0) if len(rest) == 5 else "you"
        return A.KeepRest(actor, str(rest[0]).lower(), rest[1], str(rest[2]).lower(), rest[3], pos)

    def ban_use_named(self, pos, items):
        # 'you cannot use "X" until the end of the turn': a rule about the player and one skill
        who, name = items[0], _s(items[1])
        return attrs.evolve(self._ban(pos, who, items[2:]), skill=name)

    def ban_all_kind(self, pos, items):
        return self._ban(pos, "each", items)

    def ban_owner_kind(self, pos, items):
        return self._ban(pos, items[0], items[1:])

    def ban_support_cards(self, pos, items):
        words = tuple(str(t).lower() for t in items[1:] if not isinstance(t, (A.Duration, tuple))
                      and str(t).lower() not in ("support", "card", "cards", "lose", "loses", "their", "skill",
                                                 "skills"))
        rest = [it for it in items[1:] if isinstance(it, A.Duration)]
        return self._ban(pos, items[0], [("kind", "support"), ("verb", "lose")] + rest, cards=words)

    def ban_support_cards_named(self, pos, items):
        # 'all support cards lose "Miracle Emblem"' (both players'), 'your opponent's support cards lose "X"'
        rest = list(items)
        who = rest.pop(0) if rest and isinstance(rest[0], str) and rest[0] in ("opponent", "you", "each") else "each"
        name = _s(rest[0])
        dur = [it for it in rest[1:] if isinstance(it, A.Duration)]
        ban = self._ban(pos, who, [("kind", "support"), ("verb", "lose")] + dur, cards=())
        return attrs.evolve(ban, skill=name)

    def ban_support_cards_of(self, pos, items):
        # 'the cards supporting it lose "Miracle Emblem" until the end of the turn' (both players' cards)
        ref, name = items[0], _s(items[1])
        dur = [it for it in items[2:] if isinstance(it, A.Duration)]
        ban = self._ban(pos, "each", [("kind", "support"), ("verb", "lose")] + dur, cards=())
        return attrs.evolve(ban, skill=name, supported=ref)

    def skills_owner(self, pos, items):
        words = [str(t) for t in items]
        return "opponent" if "opponent's" in words else "each" if "each" in words else "you"

    def skill_kind(self, pos, items):
        return ("kind", str(items[0]).lower())

    skill_kind_all = skill_kind

    def ban_not(self, pos, items):
        return ("not", " ".join(str(t) for t in items))

    def ban_verb(self, pos, items):
        return ("verb", str(items[0]).lower())

    def ban_verb_be_used(self, pos, items):
        return ("verb", "be used")

    def again_line(self, pos, items):
        costs = tuple(i for i in items if isinstance(i, A.Action))
        verb = next(str(i).lower() for i in items if not isinstance(i, A.Action))
        return A.Again(costs, verb, pos)

    def support_twice(self, pos, items):
        # "the support skill of the card supporting this unit activates a second time": a
        # change of the unit its support card supports (the checker reads the two words)
        # (only "this unit": a selector there would end in a place and make the grammar ambiguous)
        subj = A.Ref("this", None, pos)
        words = tuple(str(w).lower() for w in items)
        return A.Modification((subj,), (A.Change("support_twice", words=words, pos=pos),), None, pos)

    def lvs_usable(self, pos, items):
        tags = tuple(i for i in items if isinstance(i, A.Keyword))
        subj = next(i for i in items if isinstance(i, (A.Ref, A.Filtered)))
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        change = A.Change("lvs_usable", words=tuple(f"{k.name} {k.arg if k.arg is not None else ''}".strip()
                                                    for k in tags), pos=tags[0].pos)
        return A.Modification((subj,), (change,), dur, pos)

    def limit_lift(self, pos, items):
        name = next(_s(t) for t in items if str(t).startswith('"'))
        dur = next((it for it in items if isinstance(it, A.Duration)), None)
        return A.LimitLift(name, dur, pos)

    def cannot_use_kind_change(self, pos, items):
        kinds = tuple(it[1] for it in items if isinstance(it, tuple) and it and it[0] == "kind")
        return A.Change("cannot_use_kind", words=kinds, pos=pos)

    def lose_support_skill_change(self, pos, items):
        return A.Change("lose_support_skill", pos=pos)

    def acquire_skills_of(self, pos, items):
        return A.Change("acquire_skills_of", of=items[-1], pos=pos)

    def acquire_keyword_shared(self, pos, items):
        return A.Change("acquire_keyword_shared", words=(items[0].name,), pos=pos)

    def acquire_opponent_support_skills(self, pos, items):
        return A.Change("acquire_opponent_support_skills", pos=pos)

    def acquire_own_keyword(self, pos, items):
        kw = next(i for i in items if isinstance(i, A.Keyword))
        return A.Change("acquire_own_keyword", words=(kw.name,), pos=pos)

    def acquire_traits_of(self, pos, items):
        traits = []
        for t in items[:-1]:
            w = str(t).lower()
            w = {"weapons": "weapon", "types": "type", "ranges": "range", "symbols": "symbol"}.get(w, w)
            if w in ("weapon", "type", "range", "symbol") and w not in traits:
                traits.append(w)
        return A.Change("acquire_traits_of", words=tuple(traits), of=items[-1], pos=pos)

    def trait_word(self, pos, items):
        return str(items[0])

    def with_support_skill(self, pos, items):
        return A.PostFilter("support_skill", value=True, pos=pos)

    def with_named_support_skill(self, pos, items):
        return A.PostFilter("support_skill", stat=_s(items[-1]), value=True, pos=pos)

    def without_support_skill(self, pos, items):
        return A.PostFilter("support_skill", value=False, pos=pos)

    def with_bond_skill(self, pos, items):
        return A.PostFilter("bond_skill", value=True, pos=pos)

    def with_cc_cost(self, pos, items):
        return A.PostFilter("cc_cost", value=True, pos=pos)

    def with_keyword_skill(self, pos, items):
        return A.PostFilter("keyword_skill", stat=items[0].name, value=True, pos=pos)

    def without_keyword_skill(self, pos, items):
        return A.PostFilter("keyword_skill", stat=items[0].name, value=False, pos=pos)

    def has_support_skill(self, pos, items):
        return A.Condition("has_support_skill", subject=items[0], pos=pos)

    def has_no_support_skill(self, pos, items):
        return A.Condition("negation", inner=self.has_support_skill(pos, items), pos=pos)

    def has_keyword_skill(self, pos, items):
        return A.Condition("has_keyword_skill", subject=items[0], name=items[1].name, pos=pos)

    def has_no_keyword_skill(self, pos, items):
        return A.Condition("negation", inner=self.has_keyword_skill(pos, items), pos=pos)

    def has_named_skill(self, pos, items):
        return A.Condition("has_named_skill", subject=items[0], name=_s(items[-1]), pos=pos)

    def has_no_named_skill(self, pos, items):
        return A.Condition("negation", inner=self.has_named_skill(pos, items), pos=pos)

    def ban_who(self, pos, items):
        words = [str(t) for t in items]
        return "opponent" if "opponent" in words else "each" if "each" in words else "you"

    def ban_line(self, pos, items):
        return str(items[-1])

    def _chooses(self, actor, pos, items):
        """"your opponent chooses 1 card from their hand [for each ...]": that player's
        choose; "your opponent chooses ... without looking": the blind choice."""
        target = items[0]
        preps = tuple(i for i in items[1:] if isinstance(i, A.Prep))
        if actor == "opponent" and len(preps) == 1 and preps[0].kind == "without_looking":
            return self.blind_choice(pos, [target])
        return A.ActorStatement(actor, A.Action("choose", None, target, preps, False, pos, pos), pos)

    def opponent_chooses(self, pos, items):
        return self._chooses("opponent", pos, items)

    def actor(self, pos, items):
        return "opponent" if "opponent" in [str(t) for t in items] else "each"

    def single_skill_change(self, pos, items):
        return A.Change("single_skill", amount=int(items[0]), name=_s(items[1]), pos=pos)

    def lose_skill_change(self, pos, items):
        return A.Change("lose_skill", name=_s(items[0]), pos=pos)

    def lose_all_skills_change(self, pos, items):
        return A.Change("lose_all_skills", pos=pos)

    def lose_all_symbols_change(self, pos, items):
        return A.Change("lose_all_symbols", pos=pos)

    def lose_non_spec_skills_change(self, pos, items):
        return A.Change("lose_all_skills", words=("non-spec",), pos=pos)

    def cannot_use_change(self, pos, items):
        return A.Change("cannot_use", name=_s(items[0]), pos=pos)

    def double_change(self, pos, items):
        return A.Change("double", stat=items[0], pos=pos)

    def critical_factor_change(self, pos, items):
        # ("critical hit": 'hit' is a word of the language's, checked by the checker)
        return A.Change("critical_factor", amount=int(items[0]), words=tuple(str(x).lower() for x in items[1:]),
                        pos=pos)

    def evasion_cards_change(self, pos, items):
        # (the printed count, "instead of 1", is checked by the checker: words)
        return A.Change("evasion_cards", amount=int(items[0]), words=(str(items[1]),), pos=pos)

    def per_destroyed(self, pos, items):
        return A.Filtered(None, (), items[0], (A.PostFilter("destroyed_here", pos=pos),), pos)

    def cards_sent_by_skill(self, pos, items):
        return A.Trigger("cards_sent_by_skill", None, None, None, pos, place=items[0], name=_s(items[1]))

    def same_name_those_cards(self, pos, items):
        return A.PostFilter("same_name", value=A.Ref("trigger_cards", None, pos), pos=pos)

    def skill_destroys(self, pos, items):
        return A.Trigger("skill_destroys", A.Ref("this", None, pos), items[1], None, pos,
                         name=_s(items[0]))

    def has_raised_attack(self, pos, items):
        cmp = next(i for i in items if isinstance(i, tuple))
        return A.Condition("has_raised_attack", subject=items[0], quantity=cmp, pos=pos)

    def with_raised_attack(self, pos, items):
        op, value = next(i for i in items if isinstance(i, tuple))
        return A.PostFilter("raised_attack", op=op, value=value, pos=pos)

    def has_stat(self, pos, items):
        return A.Condition("has_stat", subject=items[0], words=(items[1],), quantity=items[2], pos=pos)

    def did(self, pos, items):
        return A.Condition("did", pos=pos)

    def did_not(self, pos, items):
        return A.Condition("negation", inner=A.Condition("did", pos=pos), pos=pos)

    def they_did(self, pos, items):
        # "if they do": whether the opponent did what "your opponent may ..." offered.
        return A.Condition("did", owner="opponent", pos=pos)

    def they_did_not(self, pos, items):
        return A.Condition("negation", inner=A.Condition("did", owner="opponent", pos=pos), pos=pos)

    def opponent_has_count(self, pos, items):
        return A.Condition("have_count", quantity=items[0], counted=items[1], owner="opponent", pos=pos)

    def field_has_count(self, pos, items):
        # ("on the field": the checker refuses another word there)
        return A.Condition("have_count", quantity=items[0], counted=items[1], owner="field",
                           words=(str(items[2]).lower(),), pos=pos)

    def in_combat(self, pos, items):
        return A.State("in_combat", items[0], pos)

    def ref_support_card(self, pos, items):
        return A.Ref("support_card", None, pos, of=items[0])

    def ref_cost_card(self, pos, items):
        return A.Ref("cost_card", None, pos)

    def ref_revealed_by(self, pos, items):
        return A.Ref("revealed_by", _s(items[-1]), pos)

    def q_not_main_character(self, pos, items):
        return A.Qualifier("not_main_character", (), pos)

    def not_named(self, pos, items):
        return A.PostFilter("not_named", value=tuple(map(_s, items)), pos=pos)

    def different_names(self, pos, items):
        return A.PostFilter("different_names", pos=pos)

    def different_costs(self, pos, items):
        return A.PostFilter("different_stat", stat="cost", pos=pos)

    def total_stat(self, pos, items):
        # "with a total cost of 6 or lower": items are the stat and the comparison
        op, value = items[-1]
        return A.PostFilter("total_stat", stat=str(items[0]), op=op, value=value, pos=pos)

    def attacked_this_turn(self, pos, items):
        return A.PostFilter("attacked_this_turn", pos=pos)

    def discarded_for(self, pos, items):
        # "discarded for a critical hit of this unit" / "... for an evasion of this unit"
        use = {("critical", "hit"): "critical", ("evasion",): "evasion"}.get(items[-1])
        return A.PostFilter("discarded_for", value=use, pos=pos)

    def chosen_by_own_skill(self, pos, items):
        return A.PostFilter("chosen_by_own_skill", value=_s(items[0]), pos=pos)

    def same_line(self, pos, items):
        return A.PostFilter("same_line", value=items[0], pos=pos)

    def other_line(self, pos, items):
        # "in a different line than this unit": the other line than that unit's
        return A.PostFilter("other_line", value=items[0], pos=pos)

    def choice_widen_also(self, pos, items):
        # 'this unit's "Aether, the Occult Skill" can choose your opponent's main character'
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.ChoiceWiden(_s(items[0]), items[2], None, dur, pos, (str(items[1]).lower(),))

    def choice_widen_instead(self, pos, items):
        # 'this unit's "Queen of Dawn" can choose 1 card with cost 7 or lower instead of 2 or lower'
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.ChoiceWiden(_s(items[0]), items[2], items[3], dur, pos, (str(items[1]).lower(),))

    def two_units(self, pos, items):
        # "move this unit and it"
        return A.TwoUnits(str(items[0]).lower(), (items[1], items[2]), pos)

    def destroyed_here(self, pos, items):
        return A.PostFilter("destroyed_here", pos=pos)

    def deployed_here(self, pos, items):
        return A.PostFilter("deployed_here", pos=pos)

    def sent_here(self, pos, items):
        return A.PostFilter("sent_here", value=items[0], pos=pos)

    def drawn_here(self, pos, items):
        return A.PostFilter("drawn_here", pos=pos)

    def tapped_here(self, pos, items):
        return A.PostFilter("tapped_here", pos=pos)

    def cost_tapped_here(self, pos, items):
        return A.PostFilter("cost_tapped_here", pos=pos)

    def _levelled(self, pos, items, kinds):
        here = next((i for i in items if isinstance(i, tuple) and i[0] == "while_here"), None)
        return A.PostFilter("levelled_this_turn", value=(kinds, here[1] if here else None), pos=pos)

    def levelled_this_turn(self, pos, items):
        return self._levelled(pos, items, ("levelled up",))

    def levelled_or_growthed_this_turn(self, pos, items):
        return self._levelled(pos, items, ("levelled up", "growthed"))

    def growthed_this_turn(self, pos, items):
        return self._levelled(pos, items, ("growthed",))

    def while_here(self, pos, items):
        return ("while_here", str(items[0]).lower())

    def returned_here(self, pos, items):
        return A.PostFilter("returned_here", value=items[0], pos=pos)

    def cost_tapped_by_skill(self, pos, items):
        return A.PostFilter("cost_tapped_by_skill", value=_s(items[0]), pos=pos)

    def cost_sent_here(self, pos, items):
        return A.PostFilter("cost_sent_here", value=items[0], pos=pos)

    def subjects(self, pos, items):
        return tuple(items)

    def gain_change(self, pos, items):
        per = items[2] if len(items) > 2 else None
        return A.Change("gain", stat=items[1], amount=_int(str(items[0])), per_each=per, pos=pos)

    def lose_change(self, pos, items):
        per = items[2] if len(items) > 2 else None
        return A.Change("gain", stat=items[1], amount=-_int(str(items[0])), per_each=per, pos=pos)

    def cannot_change(self, pos, items):
        words = items[0]
        by = items[1] if len(items) > 1 else None
        if isinstance(by, tuple) and by[0] == "skills_of":   # "by skills of X": whose skills
            return A.Change("cannot", words=words, by="skills", of=by[1], pos=pos)
        if isinstance(by, tuple):   # "cannot be destroyed by attacks [from X]" = "... in battle [by X]"
            words, by = words + ("in", "battle"), by[1]
        return A.Change("cannot", words=words, by=by, pos=pos)

    def acquire_change(self, pos, items):
        return items[0]

    def acquire_range(self, pos, items):
        return A.Change("acquire_range", ranges=items[0], pos=pos)

    def acquire_skill(self, pos, items):
        return A.Change("acquire_skill", name=_s(items[0]), pos=pos)

    def acquire_name(self, pos, items):
        return A.Change("acquire_name", name=_s(items[0]), pos=pos)

    def acquire_name_of(self, pos, items):
        return A.Change("acquire_name_of", of=items[0], pos=pos)

    # ---- values of cards that are not units
    def card_change(self, pos, items):
        stat, (op, amount, per, floor, *of) = items[0], items[2]
        dur = items[3] if len(items) > 3 else None
        return A.CardChange(stat, op, amount, items[1], per, floor, dur, pos, *(of[0] if of else ()))

    def card_set_of(self, pos, items):
        # items: (becomes), the stat word, the reference, (times N)
        rest = [i for i in items if not (isinstance(i, str) and i in ("becomes", "become"))]
        stat, ref = rest[0], rest[1]
        times = int(str(rest[2])) if len(rest) > 2 else 1
        return ("set", times, None, None, (ref, stat))

    def with_support_x(self, pos, items):
        return A.PostFilter("support_x", value=str(items[0]), pos=pos)

    def card_stat(self, pos, items):
        words = [str(t) for t in items]
        return {"deployment": "cost", "class": "cc_cost", "support": "support", "attack": "attack"}[words[0]]

    def _card_tail(op):  # noqa: N805
        def f(self, pos, items):
            rest = [i for i in items if not (isinstance(i, str) and i in ("is", "are", "becomes", "become"))]
            amount = int(str(rest[0]))
            per = next((i for i in rest[1:] if isinstance(i, (A.Ref, A.Filtered))), None)
            floor = next((i[1] for i in rest[1:] if isinstance(i, tuple) and i[0] == "floor"), None)
            return (op, amount, per, floor)
        return f

    def skill_cost_change(self, pos, items):
        name = next(_s(i) for i in items if isinstance(i, str) and i.startswith('"'))
        amount = next(int(str(i)) for i in items if isinstance(i, str) and str(i).isdigit())
        per = next((i for i in items if isinstance(i, (A.Ref, A.Filtered))), None)
        floor = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "floor"), None)
        dur = next((i for i in items if isinstance(i, A.Duration)), None)
        return A.SkillCostChange(name, amount, per, floor, dur, pos)

    card_reduce = _card_tail("reduce")
    card_increase = _card_tail("increase")
    card_set = _card_tail("set")

    def card_floor(self, pos, items):
        return ("floor", int(str(items[0])))

    def lose_range(self, pos, items):
        return A.Change("lose_range", ranges=items[0], pos=pos)

    def lose_type(self, pos, items):
        return A.Change("lose_type", words=(str(items[0]).lower(),), pos=pos)

    def acquire_type(self, pos, items):
        return A.Change("acquire_type", words=(str(items[0]).lower(),), pos=pos)

    def orbs_change(self, pos, items):
        return A.Change("orbs", amount=_int(items[0]), pos=pos)

    def orbs_more_change(self, pos, items):
        per = items[1] if len(items) > 1 else None
        return A.Change("orbs_more", amount=_int(items[0]), per_each=per, pos=pos)

    def stat(self, pos, items):
        return str(items[0])

    def per_each(self, pos, items):
        return items[0]

    def range_free_change(self, pos, items):
        # "can attack regardless of range": any enemy.
        by = items[0] if items else A.Filtered(None, (), "enemies", (), pos)
        return A.Change("range_free", by=by, pos=pos)

    def only_attack_change(self, pos, items):
        return A.Change("only_attack", by=items[0], pos=pos)

    def by_attacks(self, pos, items):
        # "by attacks [from X]" (also "by enemy attacks"): what "in battle [by X]" says.
        return ("attacks", items[-1] if items and isinstance(items[-1], (A.Ref, A.Filtered)) else None)

    def by_enemy_skills(self, pos, items):
        return "enemy_skills"

    def by_skills_of(self, pos, items):
        # "by skills of tome enemies": by="skills", of=whose skills
        return ("skills_of", items[-1])
    def by_critical_hits(self, pos, items):
        return "critical_hits"
    def by_enemy_or_support_skills(self, pos, items):
        return "enemy_or_support_skills"

    def by_opponents_skills(self, pos, items):
        return "opponents_skills"

    def by_skill_effects(self, pos, items):
        return "skill_effects"

    def flag_words(self, pos, items):
        return tuple(items)

    def flag_word(self, pos, items):
        return str(items[0]).lower()

    def by_phrase(self, pos, items):
        it = items[0]
        if isinstance(it, str):
            return "skills"
        return it

    def support_fail(self, pos, items):
        # "... fail to support them until the end of the turn": a timed support failure
        return A.SupportFail(items[0], items[1], pos, False, items[2] if len(items) > 2 else None)

    def duration(self, pos, items):
        words = list(map(str, items))
        if "next" in words and not ("opponent" in words or "your" in words):
            # "each player's next turn", "its owner's next turn", "their next turn": refused
            kind = "next_turn_whose"
        elif words and words[0] == "during" and "beginning" in words:
            # "during your opponent's next beginning phase": that turn's Beginning Phase only
            kind = ("during_opponents_next_beginning_phase" if "opponent" in words
                    else "during_next_beginning_phase")
        elif words and words[0] == "during" and "while" in words:
            # "during your opponent's next turn while this unit is on the field": that turn, while
            # the skill's own unit stays on the field
            kind = ("during_opponents_next_turn_while_source" if "opponent" in words and words[-1] == "field"
                    else "during_while_what")
        elif words and words[0] == "during":
            # "during your opponent's next turn": from that turn's start to its end
            kind = "during_opponents_next_turn" if "opponent" in words else "during_next_turn"
        elif "this" in words and "leaves" in words:
            # "until this unit leaves the field": the skill's own unit, whatever the line changes
            kind = "while_source_on_field" if words[-1] == "field" else "leaves_what"
        elif "leaves" in words or "leave" in words:
            # "until it leaves the field": the changed unit's own change, ended only by its leaving
            kind = "while_on_field" if words[-1] == "field" else "leaves_what"
        elif "game" in words:
            kind = "end_of_game"
        elif "next" in words:
            kind = "end_of_opponents_next_turn" if "opponent" in words else "end_of_next_turn"
        elif "combat" in words:
            kind = "end_of_combat"
        else:
            kind = "end_of_turn"
        return A.Duration(kind, pos)

    # ---- triggers
    def trigger(self, pos, items):
        subject, ev = items[0], items[1]
        how = ev[2] if len(ev) > 2 and ev[2] is not None else (None, None, None)
        extra = ev[3] if len(ev) > 3 else {}
        return A.Trigger(ev[0], subject, ev[1], None, pos, how=how[0], how_skill=how[1],
                         how_skill_pos=how[2], how_by=how[3] if len(how) > 3 else None, **extra)

    # ---- triggers added for the wider pool
    def _split(items):  # noqa: N805
        """(the "how" tuple or None, the other items)."""
        hows = [i for i in items if isinstance(i, tuple)]
        return (hows[0] if hows else None), [i for i in items if not isinstance(i, tuple)]

    def on_destroyed(self, pos, items):
        cause = next((i for i in items if isinstance(i, dict)), {})
        return ("destroyed", None, None, cause)

    def on_destroyed_either(self, pos, items):
        name = next(i for i in items if not isinstance(i, dict))
        second = next(i for i in items if isinstance(i, dict))
        return ("destroyed", None, None, {"cause": "skill", "name": _s(name), "or_cause": second})

    def cause_battle(self, pos, items):
        return {"cause": "battle", "by": items[0] if items else None}

    def cause_skill(self, pos, items):
        return {"cause": "skill", "by": items[0] if items else None}

    def cause_skill_effect(self, pos, items):
        return {"cause": "skill", "cause_part": "effect"}

    def cause_named_skill(self, pos, items):
        return {"cause": "skill", "name": _s(items[0])}

    def on_fails_to_destroy(self, pos, items):
        # (the verb is a plain word, as effect verbs are: "destroy" is checked by the checker)
        return ("fails_to_destroy", None, None, {"by": items[1], "verb": str(items[0])})

    def on_moves(self, pos, items):
        how, rest = ToAst._split(items)
        return ("moves", None, how, {"line": rest[0]} if rest else {})

    def move_dest(self, pos, items):
        return str(items[0])

    def on_deployed_line(self, pos, items):
        # "is deployed in the front line": the line the unit is deployed to
        how, rest = ToAst._split(items)
        return ("deployed", None, how, {"line": str(rest[0])})

    def on_deployed_from(self, pos, items):
        # "is deployed from your bond area": the area the card came from
        how, rest = ToAst._split(items)
        return ("deployed", None, how, {"source": rest[0]})

    def on_evades(self, pos, items):
        return ("evades", None, None, {"by": items[0]} if items else {})

    def on_tapped(self, pos, items):
        how, _ = ToAst._split(items)
        return ("tapped", None, how)

    def on_untapped(self, pos, items):
        how, _ = ToAst._split(items)
        return ("untapped", None, how)

    def on_growthed(self, pos, items):
        return ("growthed", None)

    def on_combat_ends(self, pos, items):
        return ("combat_ends", None)

    def on_uses(self, pos, items):
        return ("uses", None, None, items[0])

    def any_skill(self, pos, items):
        return {"skill_kind": "any"}

    def act_skill(self, pos, items):
        return {"skill_kind": "act"}

    def bond_skill(self, pos, items):
        return {"skill_kind": "bond"}

    def hand_skill(self, pos, items):
        return {"skill_kind": "hand"}

    def keyword_skill(self, pos, items):
        return {"skill_kind": "keyword", "skills": (), "keyword": items[0]}

    def named_keyword_skill(self, pos, items):
        # 'a "Sylvain" [CP]': the keyword skill of a card with that unit name
        return {"skill_kind": "keyword", "skills": (), "keyword": items[1], "card_name": _s(items[0]),
                "card_name_pos": pos}

    def named_skills(self, pos, items):
        return {"skills": tuple(_s(i) for i in items)}

    def on_placed(self, pos, items):
        # "is placed face-up in your bond area": the face it is placed with, if written
        # (a token or its text, whichever parser gave it: the only str among the children)
        face = next((str(i).lower() for i in items if isinstance(i, str)), None)
        how, rest = ToAst._split([i for i in items if not isinstance(i, str)])
        return ("card_to", None, how, {"place": rest[0], "verb": "placed", "face": face})

    def on_sent(self, pos, items):
        how, rest = ToAst._split(items)
        return ("card_to", None, how, {"place": rest[0], "verb": "sent"})

    def on_sent_from(self, pos, items):
        how, rest = ToAst._split(items)
        return ("card_to", None, how, {"place": rest[1], "verb": "sent", "source": rest[0]})

    def on_added(self, pos, items):
        how, rest = ToAst._split(items)
        return ("card_to", None, how, {"place": rest[0], "verb": "added"})

    def on_revealed(self, pos, items):
        how, _ = ToAst._split(items)
        return ("revealed", None, how)

    def phase_start(self, pos, items):
        return A.Trigger("phase_start", None, None, items[0], pos, phase=str(items[1]))

    def phase_end(self, pos, items):
        return A.Trigger("phase_end", None, None, items[0], pos, phase=str(items[1]))

    def phase_name(self, pos, items):
        return str(items[0])

    def you_draw(self, pos, items):
        how, rest = ToAst._split(items)
        return A.Trigger("draws", None, None, "your", pos, verb=str(rest[0]), **ToAst._how_fields(how))

    def opponent_draws(self, pos, items):
        how, rest = ToAst._split(items)
        return A.Trigger("draws", None, None, "opponent", pos, verb=str(rest[0]), **ToAst._how_fields(how))

    def _how_fields(how):  # noqa: N805
        if how is None:
            return {}
        return {"how": how[0], "how_skill": how[1], "how_skill_pos": how[2],
                "how_by": how[3] if len(how) > 3 else None}

    def you_use(self, pos, items):
        return A.Trigger("uses", None, None, "your", pos, **items[0])

    def support_fails(self, pos, items):
        return A.Trigger("support_fails", None, None, items[0], pos)

    def how_by_skill(self, pos, items):
        return ("skill", None, None)

    def how_by_named_skill(self, pos, items):
        return ("skill", _s(items[0]), _token_pos(items[0]))

    def how_by_own_named_skill(self, pos, items):
        return ("own_skill", _s(items[-1]), _token_pos(items[-1]))

    def how_not_by_skill(self, pos, items):
        return ("hand", None, None)

    def how_by_support_skill(self, pos, items):
        # "via the effect of a Support Skill"
        return ("support_skill", None, None)

    def how_by_ally_or_support_skill(self, pos, items):
        return ("ally_or_support_skill", None, None)

    def how_by_enemy_or_support_skill(self, pos, items):
        return ("enemy_or_support_skill", None, None)

    def how_by_skill_of(self, pos, items):
        # "by a skill of another ally": (how, skill name, its position, whose unit)
        return ("skill_of", None, None, items[0])

    def how_by_named_skill_of(self, pos, items):
        return ("skill_of", _s(items[0]), _token_pos(items[0]), items[1])

    def how_by_your_skill(self, pos, items):
        return ("your_skill", None, None)

    def how_by_opponents_skill(self, pos, items):
        return ("opponent_skill", None, None)

    def _ev(name):  # noqa: N805
        def f(self, pos, items):
            hows = [i for i in items if isinstance(i, tuple)]
            rest = [i for i in items if not isinstance(i, tuple)]
            out = (name, rest[0] if rest else None)
            return out + (hows[0],) if hows else out
        return f

    on_attacks = _ev("attacks")
    on_attacked = _ev("attacked")
    on_deployed = _ev("deployed")
    on_class_changes = _ev("class_changes")
    on_levels_up = _ev("levels_up")
    on_destroys = _ev("destroys")
    on_critical_hits = _ev("critical_hits")
    on_supported = _ev("supported")
    on_attack_ends = _ev("attack_ends")

    def turn_start(self, pos, items):
        return A.Trigger("turn_start", None, None, items[0], pos)

    def turn_end(self, pos, items):
        return A.Trigger("turn_end", None, None, items[0], pos)

    def class_change_into(self, pos, items):
        return A.Trigger("class_change_into", None, None, None, pos)

    def level_up_into(self, pos, items):
        return A.Trigger("level_up_into", None, None, None, pos)

    def level_up_into_from(self, pos, items):
        return A.Trigger("level_up_into", None, None, None, pos, card_name=_s(items[0]),
                         card_name_pos=pos)

    # ---- conditions
    def happened_this_turn(self, pos, items):
        return A.Condition("happened", subject=items[0], words=(items[1],), pos=pos)

    def spec_was_in_effect(self, pos, items):
        # "if this unit's "War-God's Stance" was in effect" (dsl/spec_in_effect.py)
        return A.Condition("spec_in_effect", name=_s(items[0]), pos=pos)

    def support_failed(self, pos, items):
        # "if your opponent's support failed this combat": whose support
        return A.Condition("support_failed", owner=items[0], pos=pos)

    def first_attack(self, pos, items):
        # "if the attack is the first this turn" (the word is read by the checker: "first")
        return A.Condition("first_attack", words=(str(items[0]).lower(),), pos=pos)

    def has_critical_hit(self, pos, items):
        return A.Condition("has_critical_hit", subject=items[0], words=(str(items[1]).lower(),), pos=pos)

    def has_destroyed(self, pos, items):
        return A.Condition("has_destroyed", subject=items[0], counted=items[1], words=(str(items[2]),), pos=pos)

    def history_event(self, pos, items):
        if len(items) == 2 and str(items[1]) == "up":
            return "levelled up"   # (LEVELLED: "levelled" or "leveled")
        return " ".join(map(str, items))

    def levelling_up(self, pos, items):
        return A.Condition("levelling_up", subject=items[1], words=(str(items[0]).lower(),), pos=pos)

    def negation(self, pos, items):
        return A.Condition("negation", inner=items[0], pos=pos)

    def is_state(self, pos, items):
        return A.Condition("is_state", subject=items[0], state=items[1], pos=pos)

    def have_count(self, pos, items):
        return A.Condition("have_count", quantity=items[0], counted=items[1], pos=pos)

    def have_reference(self, pos, items):
        return A.Condition("have_reference", subject=items[0], pos=pos)

    def compare_with_opponent(self, pos, items):
        comp = items[0]
        what = str(items[1]) if not isinstance(items[1], Tree) else items[1]
        place = items[2] if len(items) > 2 else None
        return A.Condition("compare_with_opponent", words=(comp, what if isinstance(what, str) else str(what)),
                           state=place, pos=pos)

    def compare_same(self, pos, items):
        # "you have the same number of orbs as your opponent"
        c = self.compare_with_opponent(pos, ["same", *items])
        return c

    def compare_as_many(self, pos, items):
        # "you have as many or fewer bonds as your opponent": fewer or the same number
        return self.compare_with_opponent(pos, ["as many or " + str(items[0]), *items[1:]])

    def comparative(self, pos, items):
        return str(items[0])

    def used_skill(self, pos, items):
        times = _int(items[2]) if len(items) > 2 else 1
        return A.Condition("used_skill", subject=items[0], name=_s(items[1]), quantity=("at_least", times),
                           pos=pos)

    def you_used(self, pos, items):
        # "you have used a [CP] this turn": what the used_skill_spec says (a kind, names, a keyword)
        return A.Condition("you_used", state=dict(items[0]), pos=pos)

    def you_not_used(self, pos, items):
        return A.Condition("negation", inner=self.you_used(pos, items), pos=pos)

    def has_unit_name(self, pos, items):
        return A.State("unit_name", _s(items[0]), pos)

    def attacking(self, pos, items):
        return A.State("attacking", items[0] if items else None, pos)

    def attacked(self, pos, items):
        return A.State("attacked", items[0] if items else None, pos)

    def supported_by(self, pos, items):
        return A.State("supported_by", items[0], pos)

    def in_line(self, pos, items):
        return A.State("in_line", items[0], pos)

    def class_changed(self, pos, items):
        return A.State("class_changed", None, pos)

    def is_tapped(self, pos, items):
        return A.State("tapped", None, pos)

    def is_untapped(self, pos, items):
        return A.State("untapped", None, pos)

    def is_main_character(self, pos, items):
        return A.State("main_character", None, pos)

    def has_quality(self, pos, items):
        return A.State("quality", (str(items[0]).lower(), _token_pos(items[0])), pos)

    def not_state(self, pos, items):
        return A.State("not", items[0], pos)

    def quantity(self, pos, items):
        words = list(map(str, items))
        if "odd" in words or "even" in words:
            return ("odd" if "odd" in words else "even", 0)
        if words[0] == "no":
            return ("at_most", 0)
        if words[0] in ("a", "an", "any"):
            return ("at_least", 1)
        n = _int(words[0])
        if len(words) == 1:
            return ("exactly", n)
        return ("at_least", n) if words[-1] == "more" else ("at_most", n)

    def counted(self, pos, items):
        return _filtered(None, items, pos)

    # ---- selectors
    def _ref(kind):  # noqa: N805
        def f(self, pos, items):
            name = _s(items[0]) if items and isinstance(items[0], str) and items[0].startswith('"') else None
            return A.Ref(kind, name, pos)
        return f

    ref_this = _ref("this")
    ref_this_card = _ref("this_card")
    ref_chosen = _ref("chosen")

    def ref_chosen_plural(self, pos, items):
        # "them", "those units": what was chosen, rendered "them" ("names" keeps the word only)
        return A.Ref("chosen", None, pos, names=("them",))
    ref_event_unit = _ref("event_unit")
    ref_event_card = _ref("event_card")
    ref_destroyed_card = _ref("destroyed_card")
    ref_main_character = _ref("main_character")
    ref_attacker = _ref("attacker")
    ref_defender = _ref("defender")
    ref_own_attacker = _ref("own_attacker")
    ref_own_defender = _ref("own_defender")
    ref_own_battler = _ref("own_battler")
    ref_cost_tapped = _ref("cost_tapped")
    ref_opponent_battler = _ref("opponent_battler")

    def ref_deck_top(self, pos, items):
        # "the top card of your deck" / "... of your opponent's deck": the owner is kept in
        # name and the area's words in names (the checker wants a deck).
        place = items[0]
        return A.Ref("deck_top", place.owner, pos, names=tuple(place.words))

    def ref_stack_top(self, pos, items):
        # "the top card of this unit's stack": the unit's top card (of: the unit reference)
        return A.Ref("stack_top", None, pos, of=items[-1])

    def ref_deck_top_n(self, pos, items):
        # "the top 3 cards of your deck": as "the top card of ...", with the count.
        place = items[-1]
        return A.Ref("deck_top", place.owner, pos, names=tuple(place.words), count=_int(items[0]))

    def ref_deck_bottom(self, pos, items):
        place = items[0]
        return A.Ref("deck_bottom", place.owner, pos, names=tuple(place.words))

    ref_rest = _ref("rest")

    def among_them(self, pos, items):
        return A.PostFilter("among", value="them", pos=pos)

    def among_revealed(self, pos, items):
        return A.PostFilter("among", value="revealed", pos=pos)

    def filtered_of(self, pos, items):
        # "1 of your orbs": that many cards from that area.
        quant, place = items
        noun = "card" if quant.kind == "one" or quant.n == 1 else "cards"
        return A.Filtered(quant, (), noun, (A.PostFilter("from_place", value=place, pos=place.pos),), pos)

    def filtered_of_those(self, pos, items):
        # "1 of those cards": a choice among what the last 'choose' line chose
        quant, noun = items
        return A.Filtered(quant, (), noun, (A.PostFilter("among_chosen", pos=pos),), pos)

    def ref_other_chosen(self, pos, items):
        # "the other card": the cards a "choose N of those cards" line chose among, less its choice
        return A.Ref("other_chosen", None, pos, names=("cards" if "cards" in map(str, items) else "card",))

    def face_place(self, pos, items):
        owner, face = items[0], items[1]
        return (A.Place(owner, tuple(map(str.lower, items[2:])), pos), self.q_face(_token_pos(face), [face]))

    def filtered_of_face(self, pos, items):
        # "1 of your opponent's face-up bonds": bonds (or orbs) of that face in that area.
        quant, (place, face) = items
        area = {("bond", "area"): "bond", ("bonds",): "bond", ("orb", "area"): "orb", ("orbs",): "orb"}.get(
            place.words, "card")
        noun = area if quant.kind == "one" or quant.n == 1 else area + "s"
        return A.Filtered(quant, (face,), noun, (A.PostFilter("from_place", value=place, pos=place.pos),), pos)

    # ---- hidden information
    def look(self, pos, items):
        target = items[0]
        if isinstance(target, A.Place):   # "look at your opponent's hand": every card there
            target = A.Filtered(None, (), "cards", (A.PostFilter("from_place", value=target, pos=target.pos),),
                                target.pos)
        return A.Action("look", None, target, (), False, pos, pos)

    def blind_choice(self, pos, items):
        sel, = items
        return A.Action("choose", None, sel, (A.Prep("opponent_chooses", None, pos),
                                              A.Prep("without_looking", None, pos)), False, pos, pos)

    def at_random_arg(self, pos, items):
        return A.Prep("at_random", None, pos)

    def without_looking_arg(self, pos, items):
        return A.Prep("without_looking", None, pos)

    def action_count_if(self, pos, items):
        # "choose 1 enemy in the back line, or up to 2 if this unit is levelled up": the last two
        # items are the other count and its condition (dsl/choose_count.py)
        *rest, count, cond = items
        a = self._action(pos, rest, False)
        prep = A.Prep("count_if", None, pos, count=count, condition=cond)
        return A.Action(a.verb, a.number, a.target, (*a.preps, prep), a.optional, a.pos, a.verb_pos,
                        a.per_each, a.then)

    def extra_phases(self, pos, items):
        # items: the word ("second"), then the phase names (phase_name gives plain strings)
        return A.ExtraPhases(tuple(str(x) for x in items[1:] if str(x) in ("beginning", "bond", "deployment",
                                                                            "action", "end")), pos,
                             word=str(items[0]).lower())

    def guess_parity(self, pos, items):
        return A.Guess("parity", None, A.Ref("chosen", None, pos), pos)

    def guess_name(self, pos, items):
        return A.Guess("name", _s(items[-1]), A.Ref("chosen", None, pos), pos)

    def guess_right(self, pos, items):
        # "if the guess is right" / "wrong" (dsl/guess.py)
        return A.Condition("guess", name="right", pos=pos)

    def guess_wrong(self, pos, items):
        return A.Condition("guess", name="wrong", pos=pos)

    def action_count_if_any(self, pos, items):
        # "choose 1 other ally, or any number if this unit is levelled up" (B05-072HN)
        return self.action_count_if(pos, [*items[:-1], A.Quantifier("any_number", None, pos), items[-1]])

    def action_and_reveal(self, pos, items):
        # "draw 1 and reveal it"; another verb before or after "and" is refused by the checker
        verb = items[0]
        kind = "and_reveal" if str(items[2]).lower() == "reveal" else "and_verb"
        return A.Action(str(verb).lower(), _int(items[1]), None, (A.Prep(kind, None, pos),), False, pos,
                        _token_pos(verb) if isinstance(verb, Token) else pos)

    def ref_named(self, pos, items):
        names = tuple(map(_s, items))
        return A.Ref("named", names[0], pos, names=names if len(names) > 1 else ())

    def filtered(self, pos, items):
        quant = items[0] if items and isinstance(items[0], A.Quantifier) else None
        return _filtered(quant, items, pos)

    def noun(self, pos, items):
        return str(items[0])

    def _q(kind):  # noqa: N805
        def f(self, pos, items):
            n = _int(items[0]) if items else None
            return A.Quantifier(kind, n, pos)
        return f

    q_exactly = _q("exactly")
    q_up_to = _q("up_to")
    q_any_number = _q("any_number")
    q_all = _q("all")
    q_one = _q("one")
    q_another = _q("another")

    def q_words(self, pos, items):
        return A.Qualifier("words", tuple(map(str.lower, items)), pos)

    # ---- references and selectors (docs/skill-language.md, "References and selectors")
    def alternatives(self, pos, items):
        """"red or blue", '"Kent" or female': one Qualifier per alternative."""
        out = []
        for t in items:
            p = _token_pos(t) if hasattr(t, "line") else pos
            v = str(t)
            out.append(A.Qualifier("name", (_s(v),), p) if v.startswith('"') else A.Qualifier("words", (v.lower(),), p))
        return tuple(out)

    def q_alternatives(self, pos, items):
        return _alternatives(items[0], pos)

    def ref_named_alternatives(self, pos, items):
        alts = items[0]
        if all(q.kind == "name" for q in alts):
            names = tuple(q.values[0] for q in alts)
            return A.Ref("named", names[0], pos, names=names)
        # "red or blue" with no noun: refused by the checker (it names no unit).
        return A.Ref("bare_alternatives", None, pos, names=tuple(q.values[0] for q in alts))

    def has_any_quality(self, pos, items):
        return A.State("any", tuple(A.State("unit_name", q.values[0], q.pos) if q.kind == "name"
                                    else A.State("quality", (q.values[0], q.pos), q.pos) for q in items[0]), pos)

    def q_main_character(self, pos, items):
        return A.Qualifier("main_character", (), pos)

    def q_levelled_up(self, pos, items):
        return A.Qualifier("levelled_up", (), pos)

    def q_not_levelled_up(self, pos, items):
        return A.Qualifier("not_levelled_up", (), pos)

    def q_face(self, pos, items):
        return A.Qualifier("face_up" if str(items[0]).endswith("up") else "face_down", (), pos)

    def is_opponent_main_character(self, pos, items):
        return A.State("main_character", "opponent", pos)

    def is_any_main_character(self, pos, items):
        return A.State("main_character", "any", pos)

    def is_levelled_up(self, pos, items):
        return A.State("levelled_up", None, pos)

    def ref_opponent_main_character(self, pos, items):
        return A.Ref("opponent_main_character", None, pos)

    def ref_that_ally(self, pos, items):
        return A.Ref("picked", "ally", pos)

    def ref_that_enemy(self, pos, items):
        return A.Ref("picked", "enemy", pos)

    def ref_picked(self, pos, items):
        # (the noun is kept for rendering: "the chosen allies")
        return A.Ref("picked", _NOUN_KEYS[str(items[0])], pos, names=(str(items[0]),))

    def picked_noun(self, pos, items):
        return str(items[0])

    def revealed_noun(self, pos, items):
        return str(items[0])

    def ref_revealed(self, pos, items):
        return A.Ref("picked", "revealed", pos, names=(str(items[0]),))

    def ref_stacked(self, pos, items):
        return A.Ref("picked", "stacked", pos, names=(str(items[0]),))

    def same_name(self, pos, items):
        return A.PostFilter("same_name", value=items[0], pos=pos)

    def same_color(self, pos, items):
        return A.PostFilter("same_color", value=items[0], pos=pos)

    def no_shared_color(self, pos, items):
        # "that shares no color with any ally": the units compared with, found when asked
        units = A.Filtered(None, tuple(items[:-1]), str(items[-1]), (), pos)
        return A.PostFilter("no_shared_color", value=units, pos=pos)

    def same_weapon(self, pos, items):
        return A.PostFilter("same_weapon", value=items[0], pos=pos)

    def same_name_another_ally(self, pos, items):
        # "with the same unit name as another ally": the unit names of every ally but this unit
        other = A.Filtered(A.Quantifier("another", None, pos), (), "ally", (), pos)
        return A.PostFilter("same_name", value=other, pos=pos)

    def different_name(self, pos, items):
        return A.PostFilter("different_name", value=items[0], pos=pos)

    def same_symbol(self, pos, items):
        return A.PostFilter("same_symbol", value=items[-1], pos=pos)

    def with_stack(self, pos, items):
        op, n = items[0]
        return A.PostFilter("with_stack", op=op, value=n, pos=pos)

    def in_stack(self, pos, items):
        return A.PostFilter("in_stack", value=items[0], pos=pos)

    def stacked_under(self, pos, items):
        return A.PostFilter("stacked_under", value=items[0], pos=pos)

    def any_of(self, pos, items):
        return A.Condition("any_of", parts=tuple(items), pos=pos)

    def all_of(self, pos, items):
        return A.Condition("all_of", parts=tuple(items), pos=pos)

    def has_stack(self, pos, items):
        return A.Condition("has_stack", subject=items[0], quantity=items[1], pos=pos)

    def has_weapons(self, pos, items):
        return A.Condition("has_weapons", subject=items[0], quantity=items[1], pos=pos)

    def has_same_name(self, pos, items):
        return A.Condition("same_name", subject=items[0], counted=items[1], pos=pos)

    def has_different_name(self, pos, items):
        return A.Condition("negation", inner=A.Condition("same_name", subject=items[0], counted=items[1], pos=pos),
                           pos=pos)

    def q_not_word(self, pos, items):
        return A.Qualifier("not_word", (str(items[1]).lower(),), pos)

    def q_not_name(self, pos, items):
        return A.Qualifier("not_name", (_s(items[1]),), pos)

    def q_name(self, pos, items):
        return A.Qualifier("name", tuple(map(_s, items)), pos)

    def q_other(self, pos, items):
        return A.Qualifier("other", (), pos)

    def q_class_changed(self, pos, items):
        return A.Qualifier("class_changed", (), pos)

    def q_not_class_changed(self, pos, items):
        return A.Qualifier("not_class_changed", (), pos)

    def q_tapped(self, pos, items):
        return A.Qualifier("tapped", (), pos)

    def q_untapped(self, pos, items):
        return A.Qualifier("untapped", (), pos)

    def with_stat(self, pos, items):
        stat = items[0]
        op, value = items[1]
        return A.PostFilter("with_stat", stat=stat, op=op, value=value, pos=pos)

    def with_stat_than(self, pos, items):
        # "with a lower cost than the revealed card": compared with what the reference names now
        return A.PostFilter("stat_than", stat=items[1], op="lt" if str(items[0]) == "lower" else "gt",
                            value=items[2], pos=pos)

    def with_stat_same(self, pos, items):
        # "with the same cost as the revealed card": equal to the value of what the reference names now
        return A.PostFilter("stat_than", stat=items[0], op="eq", value=items[1], pos=pos)

    def lower_higher(self, pos, items):
        return str(items[0])

    def with_stat_count(self, pos, items):
        # "with cost equal to the number of orbs": the value is a count, made when asked
        counted = A.Filtered(None, tuple(items[1:-1]), str(items[-1]), (), pos)
        return A.PostFilter("stat_count", stat=items[0], op="eq", value=counted, pos=pos)

    def number_stat(self, pos, items):
        return str(items[0])

    def comparison(self, pos, items):
        words = list(map(str, items))
        n = _int(words[0])
        if len(words) == 1:
            return ("eq", n)
        return ("le", n) if words[-1] in ("less", "lower") else ("ge", n)

    def in_chosen_line(self, pos, items):
        return A.PostFilter("in_line", value="chosen", pos=pos)

    def in_line_filter(self, pos, items):
        return A.PostFilter("in_line", value=items[0], pos=pos)

    def line(self, pos, items):
        return str(items[0])

    def from_place(self, pos, items):
        return A.PostFilter("from_place", value=items[0], pos=pos)

    def from_places(self, pos, items):
        # "from your hand or your retreat area": the first place as any "from", the others kept
        # beside it (dsl/selectors.py card_candidates offers the cards of all of them)
        return [A.PostFilter("from_place", value=items[0], pos=pos)] + [
            A.PostFilter("also_from_place", value=p, pos=p.pos) for p in items[1:]]

    def other_than(self, pos, items):
        return A.PostFilter("other_than", value=tuple(items), pos=pos)

    def named(self, pos, items):
        names = tuple(map(_s, items))
        return A.PostFilter("named", value=names[0] if len(names) == 1 else names, pos=pos)

    def place(self, pos, items):
        owner = str(items[0])  # the owner's word, or the token "the"
        words = tuple(map(str.lower, items[1:]))
        return A.Place(owner, words, pos)

    def owner(self, pos, items):
        return _OWNERS.get(" ".join(items), "your")


# "the chosen allies" is "the chosen ally": what a reference to a choice is keyed by.
_NOUN_KEYS = {"ally": "ally", "allies": "ally", "enemy": "enemy", "enemies": "enemy", "unit": "unit", "units": "unit",
              "card": "card", "cards": "card", "bond": "bond", "bonds": "bond", "orb": "orb", "orbs": "orb"}


def _alternatives(alts: tuple, pos: A.Pos) -> A.Qualifier:
    """Alternatives as one qualifier: all words ("red or blue"), all names, or mixed."""
    if all(q.kind == "words" for q in alts):
        return A.Qualifier("words", tuple(q.values[0] for q in alts), pos)
    if all(q.kind == "name" for q in alts):
        return A.Qualifier("name", tuple(q.values[0] for q in alts), pos)
    return A.Qualifier("any", tuple(alts), pos)


def _filtered(quantifier: A.Quantifier | None, items: list, pos: A.Pos) -> A.Filtered:
    """A selector of its qualifiers, its noun (its one str) and its post filters."""
    quals = []
    posts = []
    noun = None
    # ("from your hand or your retreat area" is two post filters)
    items = [x for i in items for x in (i if isinstance(i, list) else [i])]
    for i in items:
        if isinstance(i, A.Qualifier):
            quals.append(i)
        elif isinstance(i, A.PostFilter):
            if i.kind == "same_line" and posts and _another_ally_group(posts[-1]):
                # "with the same unit name as another ally in the same line as this unit": the line
                # narrows the group of allies, the nearest noun (B05-027HN), not the card chosen
                group = posts[-1].value
                posts[-1] = A.PostFilter("same_name", value=A.Filtered(group.quantifier, group.qualifiers,
                                                                        group.noun, group.posts + (i,), group.pos),
                                         pos=posts[-1].pos)
                continue
            posts.append(i)
        elif noun is None and isinstance(i, str):
            noun = i
    return A.Filtered(quantifier, tuple(quals), noun, tuple(posts), pos)


def _another_ally_group(p: A.PostFilter) -> bool:
    """Is this post filter 'with the same unit name as another ally' (a group, not yet narrowed)?"""
    return (p.kind == "same_name" and isinstance(p.value, A.Filtered) and not p.value.posts
            and p.value.quantifier is not None and p.value.quantifier.kind == "another")


_OWNERS = {"your": "your", "your opponent's": "opponent", "the opponent's": "opponent",
           "each player's": "each", "its owner's": "owner", "their": "their"}


MAX_SYNTAX_ERRORS = 25  # (the parse with Lark alone, which parses again after each error)


@functools.lru_cache(maxsize=None)
def fast_parser() -> FastParser | None:
    """The same grammar's LALR tables, driven by :mod:`fecipher.dsl.lalr` straight into
    the AST (the filename is set afterwards: ToAst's methods do not depend on it).

    It reads Lark's tables and terminals, which are not Lark's public API: with a Lark
    whose insides differ, packs are parsed by Lark alone (slower, same result)."""
    try:
        return FastParser(parser(), ToAst("<pack>"), tokens_for=ToAst.TOKEN_RULES,
                          repeated_lines=RepeatedLines(("fact", "clause"), "_NL", A.on_line))
    except (AttributeError, KeyError, TypeError):  # pragma: no cover  (another Lark)
        return None


_SHARED_LINES: contextvars.ContextVar[list | None] = contextvars.ContextVar("shared_lines", default=None)


@contextlib.contextmanager
def lines_shared() -> Iterator[None]:
    """Within it, the packs parsed share their repeated lines (dsl/lalr.py RepeatedLines): a
    line of one pack that repeats a line of another one parsed before is not read again.
    For packs loaded together; what was read is forgotten when it ends."""
    fast = fast_parser()
    token = _SHARED_LINES.set(fast.line_memory() if fast is not None else None)
    try:
        yield
    finally:
        _SHARED_LINES.reset(token)


def parse_pack_recovering(text: str, filename: str = "<pack>", line_offset: int = 0, blanked: set | None = None,
                          lexical: set | None = None) -> tuple[A.PackNode | None, list[Diagnostic]]:
    """Parse pack text; on a syntax error, report it and read on as if its line were a
    comment, so that one run reports the syntax errors of every line (the first
    MAX_ERRORS of them, and how many more), in one pass over the text.

    Before that, characters a pack may not hold (:func:`~fecipher.dsl.errors.refused_characters`)
    and numbers larger than MAX_NUMBER are reported; such a character reads as a blank.
    The lines of these are added to ``lexical``, the lines the syntax recovery left out
    to ``blanked`` (their other errors would only repeat the first)."""
    if not text.endswith("\n"):
        text += "\n"
    diags: list[Diagnostic] = []
    lexical_lines: set[int] = set()
    dropped = 0
    lines: list[str] | None = None
    for line, col, ch in refused_characters(text):
        lexical_lines.add(line)
        if len(diags) >= MAX_ERRORS:
            dropped += 1
            continue
        lines = lines or source_lines(text)
        diags.append(Diagnostic(filename, line + line_offset, col,
                                f"character {character_name(ch)} is not allowed: a pack holds printable "
                                f"characters, tabs and line ends (\\n or \\r\\n) only", lines[line - 1]))
    if lexical_lines:
        text = _blank_refused(text)
    for line, col in long_numbers(text):
        lexical_lines.add(line)
        if len(diags) >= MAX_ERRORS:
            dropped += 1
            continue
        lines = lines or source_lines(text)
        diags.append(Diagnostic(filename, line + line_offset, col, f"number too large: at most {MAX_NUMBER}",
                                lines[line - 1]))
    if dropped:
        diags.append(more_errors(filename, dropped, line_offset, 0))
    if lexical is not None:
        lexical.update(n + line_offset for n in lexical_lines)
    fast = fast_parser()
    if fast is None:  # pragma: no cover  (another Lark)
        node, more = _lark_recovering(text, filename, line_offset, blanked)
        return node, diags + [d for d in more if d.line - line_offset not in lexical_lines]
    try:
        node = fast.parse(text, _SHARED_LINES.get())
    except ParseFailure:
        pass
    else:
        return attrs.evolve(node, filename=filename), diags
    node, faults, left_out, dropped = fast.parse_recovering(text, MAX_ERRORS)
    p = parser()
    lines = source_lines(text)
    for f in faults:
        if f.line not in lexical_lines:
            diags.append(syntax_diagnostic(f, lines, filename, p, line_offset))
    if dropped:
        diags.append(more_errors(filename, dropped, line_offset, 0))
    if blanked is not None:
        blanked.update(left_out)
    if node is not None:
        node = attrs.evolve(node, filename=filename)
    return node, diags


def _failed_skill_head(lines: list[str], n: int) -> bool:
    """Whether line ``n`` (with a syntax error) is a skill's first line (:func:`~fecipher.dsl.hints.skill_head`)."""
    from fecipher.dsl.hints import skill_head
    return 0 < n <= len(lines) and skill_head(lines[n - 1])


def _skill_lines(lines: list[str], heads: set[int]) -> set[int]:
    """The lines of the skills that start at ``heads``: each head and the lines after it
    up to the next card or skill (:func:`~fecipher.dsl.hints.starts_block`)."""
    from fecipher.dsl.hints import starts_block
    out: set[int] = set()
    for h in sorted(heads):
        out.add(h)
        n = h + 1
        while n <= len(lines) and not starts_block(lines[n - 1]) and n not in heads:
            if lines[n - 1].strip():
                out.add(n)
            n += 1
    return out


def _blank_refused(text: str) -> str:
    """The text with each character refused_characters() finds made a blank."""
    out = []
    for line in source_lines(text):
        body, cr = (line[:-1], "\r") if line.endswith("\r") else (line, "")
        if not body.replace("\t", "").isprintable():
            body = "".join(c if c.isprintable() or c == "\t" else " " for c in body)
        out.append(body + cr)
    return "\n".join(out)


def _lark_recovering(text: str, filename: str, line_offset: int = 0, blanked: set | None = None
                     ) -> tuple[A.PackNode | None, list[Diagnostic]]:
    """The syntax recovery with Lark alone, for a Lark whose tables the fast parser
    cannot read: blank the line of each error and parse again (up to MAX_SYNTAX_ERRORS
    times). tests/test_23_hostile_packs.py holds the fast parser's recovery to it."""
    p = parser()
    diags: list[Diagnostic] = []
    lines = text.split("\n")
    original = source_lines(text)
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = p.parse("\n".join(lines))
        except UnexpectedInput as e:
            d = translate(e, "\n".join(lines), filename, p, line_offset)
            n = d.line - line_offset
            diags.append(attrs.evolve(d, source_line=original[n - 1] if 0 < n <= len(original) else ""))
            bad = (getattr(e, "line", 0) or len(lines)) - 1
            if not 0 <= bad < len(lines) or lines[bad].startswith("#") or isinstance(e, UnexpectedEOF):
                return None, diags
            header = lines[bad].lstrip().startswith("card")
            if not header and _failed_skill_head(lines, bad + 1):
                # (as the fast parser's recovery: a skill's first line leaves out its skill)
                for n in _skill_lines(lines, {bad + 1}):
                    lines[n - 1] = "#"
                    if blanked is not None:
                        blanked.add(n)
            lines[bad] = "#"
            if blanked is not None:
                blanked.add(bad + 1)
            if header:
                j = bad + 1
                while j < len(lines) and not lines[j].lstrip().startswith("card"):
                    if lines[j].strip():
                        lines[j] = "#"
                    j += 1
            continue
        return ToAst(filename).transform(tree), diags
    return None, diags


def parse_pack(text: str, filename: str = "<pack>", line_offset: int = 0) -> A.PackNode:
    """Parse pack text into its AST; syntax errors raise LanguageError with positions."""
    node, diags = parse_pack_recovering(text, filename, line_offset)
    if diags or node is None:
        raise LanguageError(cap(diags))
    return node
