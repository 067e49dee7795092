"""Stage 2: the fast parse (dsl/lexer.py, dsl/lalr.py) is Lark's parse, token for token
and node for node.

Packs are parsed by driving Lark's LALR tables directly into the AST; Lark's own
lexer, tree builder and ToAst are used only to report syntax errors. These tests hold
the two ways to the same result: the same tokens with the same lines and columns, the
same AST with the same positions, and failure on exactly the same texts.
"""
import importlib.resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import UnexpectedInput

from fecipher.dsl.lalr import ParseFailure
from fecipher.dsl.lexer import LexFailure, PackLexer
from fecipher.dsl.parse import ToAst, fast_parser, parse_pack, parse_pack_recovering, parser
from test_40_reference_examples import HOST, examples

PACKS = {e.name: e.read_text(encoding="utf-8")
         for e in importlib.resources.files("fecipher.cards").iterdir() if e.name.endswith(".fe0")}
SAMPLE = PACKS["b01.fe0"][:6000]
WORDS = ["card", "cost", "act", "auto", "cont", "when", "if", "you may", "draw", "move", "choose", "it", "this",
         "unit", "ally", "enemy", "1", "+10", "attack", '"Marth"', "\n", "  ", ",", "[CCS]", "until", "the", "end",
         "#", '"', "-", "x", "\t", "non-", "1-2", "B01-001SR", "'s", "/", ":", "\u00e9", "\r", "\\"]


def example_packs() -> list[str]:
    out = []
    for _, block in examples():
        out.append(block if block.lstrip().startswith(("card", "pack")) else HOST + "\n" + "\n".join(
            "  " + ln if ln.strip() else ln for ln in block.splitlines()) + "\n")
    return out


def lark_tokens(text: str) -> tuple[list, bool]:
    """Lark's tokens as (type, value, line, column), and whether it read the whole text."""
    out = []
    try:
        for t in parser().lex(text):
            out.append((t.type, str(t), t.line, t.column))
    except UnexpectedInput:
        return out, False
    return out, True


def fast_tokens(text: str) -> tuple[list, bool]:
    out = []
    try:
        for t in PackLexer(parser()).tokens(text):
            out.append(t)
    except LexFailure:
        return out, False
    return out, True


def lark_ast(text: str):
    """Lark's tree through ToAst, or None when Lark finds a syntax error."""
    try:
        tree = parser().parse(text)
    except UnexpectedInput:
        return None
    return ToAst("<pack>").transform(tree)


def fast_ast(text: str):
    try:
        return fast_parser().parse(text)
    except ParseFailure:
        return None


def assert_same(text: str) -> None:
    assert fast_tokens(text) == lark_tokens(text)
    fast, lark = fast_ast(text), lark_ast(text)
    assert fast == lark  # attrs equality: every field and position
    assert_same_types(fast, lark)


def assert_same_types(a, b, path: str = "pack") -> None:
    """Equal values of the same types all the way down: the fast parser gives most
    methods a token's text where Lark gives a Token, which must not reach the AST."""
    import attrs
    assert type(a) is type(b), (path, a, b)
    if attrs.has(type(a)):
        for f in attrs.fields(type(a)):
            assert_same_types(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, (tuple, list)):
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same_types(x, y, f"{path}[{i}]")


@pytest.mark.parametrize("name", sorted(PACKS))
def test_every_pack_gives_the_same_tokens_and_ast(name):
    assert fast_parser() is not None  # the installed Lark is one the fast parse can read
    text = PACKS[name]
    tokens, whole = fast_tokens(text)
    assert whole and len(tokens) > 100   # (a small promo or starter pack has some 200)
    assert fast_ast(text) is not None
    assert_same(text)


def test_every_reference_example_gives_the_same_ast():
    blocks = example_packs()
    assert len(blocks) >= 10
    for text in blocks:
        assert fast_ast(text) is not None, text
        assert_same(text)


def test_positions_are_larks_own():
    text = 'pack "P"\n\ncard "Marth, Prince"\n  codes TT-001\n  cost 1\n\tsymbol red  # a comment\n'
    node = fast_ast(text)
    card = node.cards[0]
    assert (card.pos.line, card.pos.column) == (3, 1)
    symbols = next(f for f in card.facts if f.kind == "symbols")
    assert (symbols.pos.line, symbols.pos.column) == (6, 2)
    assert symbols.value == (("red", symbols.value[0][1]),) and symbols.value[0][1].column == 9


REPEATED_FACTS = [
    # the same fact lines in two cards, then variants of them: other indentation, a comment,
    # blank and comment lines after, CRLF, trailing blanks, a list of words, no last line end
    'card "A"\n  codes TT-001\n  cost 1\n  symbol red\n  gender male\n  weapon none\n  range 1-2\n'
    'card "B"\n  codes TT-002\n  cost 1\n  symbol red\n  gender male\n  weapon none\n  range 1-2\n',
    'card "A"\n  codes TT-001\n  cost 1\n  cost 1\n    cost 1\n\tcost 1\n  cost 1 # c\n  cost 1 # c\n',
    'card "A"\n  codes TT-001\n  types beast, flier\n\n# x\n\n  types beast, flier\n  types beast, flier  \n'
    '  types beast, flier  \n  attack 40\n',
    'card "A"\r\n  codes TT-001\r\n  cost 2\r\n  cost 2\r\n  cost 2\n  cost 2\n',
    'card "A"\n  codes TT-001\n  support 10\n  support 10\n  support 10',
    'card "A"\n  codes TT-001\n  support 10\n  support 10\n  draw 1\n',
    'card "A"\n  codes TT-001\n  support 10\n  support 10\n\n  act "S"\n    draw 1\n  support 10\n',
    # clauses: the same lines in two skills (a skill's first line too), other indentation,
    # a comment, a line end missing, a line that is a syntax error
    'card "A"\n  codes TT-001\n  act "S"\n    once per turn\n    cost flip 1 bond\n    choose 1 enemy\n'
    '    destroy it\n  auto "T"\n    once per turn\n    when this unit attacks\n    cost flip 1 bond\n'
    '    choose 1 enemy\n      destroy it\n    destroy it # again\n    destroy it # again\n',
    'card "A"\n  codes TT-001\n  act "S"\n    this unit gains +10 attack\n  act "T"\n'
    '    this unit gains +10 attack\n    this unit gains +10 attack',
    'card "A"\n  codes TT-001\n  act "S"\n    draw 1\n  act "T"\n    draw 1\n    draw 1 1\n    draw 1\n',
    'card "A"\n  codes TT-001\n  act "S"\n    if you have 2 or more bonds: draw 1\n  act "T"\n'
    '    if you have 2 or more bonds: draw 1\n    all allies gain +10 attack until the end of the turn\n'
    '  act "U"\n    all allies gain +10 attack until the end of the turn\n',
]


@pytest.mark.parametrize("text", REPEATED_FACTS)
def test_a_repeated_line_is_the_same_fact_or_clause_on_its_own_line(text):
    """A fact or clause line whose text repeats an earlier one's is not read again
    (RepeatedLines): the same node, with its own line in every position, as Lark reads it
    (or the same failure)."""
    assert_same(text)


def test_repeated_lines_are_taken_without_being_read():
    import attrs
    fast = fast_parser()
    taken = []
    spy = attrs.evolve(fast.repeated, moved=lambda item, line: taken.append(line) or fast.repeated.moved(item, line))
    from fecipher.dsl.lalr import FastParser
    p = FastParser(parser(), ToAst("<pack>"), tokens_for=ToAst.TOKEN_RULES, repeated_lines=spy)
    node = p.parse(REPEATED_FACTS[0])
    assert taken == [10, 11, 12, 13, 14]   # card B's facts but its codes
    assert node == fast_ast(REPEATED_FACTS[0]) == lark_ast(REPEATED_FACTS[0])
    taken.clear()
    node = p.parse(REPEATED_FACTS[7])
    assert taken == [9, 11, 12, 15]   # (a skill's first line too; not "when ..." nor another indentation)
    assert node == fast_ast(REPEATED_FACTS[7]) == lark_ast(REPEATED_FACTS[7])


def test_packs_parsed_together_share_their_repeated_lines():
    """Within lines_shared() (load_packs), a line repeating one of a pack parsed before is
    not read again: every pack still parses to the AST it has alone (which is Lark's, see
    test_every_pack_gives_the_same_tokens_and_ast), and more lines are taken."""
    import attrs
    from fecipher.dsl.lalr import FastParser
    from fecipher.dsl.parse import lines_shared
    fast = fast_parser()
    taken = []
    spy = attrs.evolve(fast.repeated, moved=lambda item, line: taken.append(line) or fast.repeated.moved(item, line))
    p = FastParser(parser(), ToAst("<pack>"), tokens_for=ToAst.TOKEN_RULES, repeated_lines=spy)
    names = ["b01.fe0", "b02.fe0", "p03.fe0", "s05.fe0"]
    alone = []
    for name in names:
        alone.append(p.parse(PACKS[name]))
    n_alone = len(taken)
    taken.clear()
    shared = p.line_memory()
    for name, node in zip(names, alone):
        assert p.parse(PACKS[name], shared) == node, name
    assert len(taken) > n_alone
    with lines_shared():
        for name, node in zip(names, alone):
            assert parse_pack_recovering(PACKS[name], name)[0] == attrs.evolve(node, filename=name)


def test_text_that_does_not_parse_falls_back_to_larks_messages():
    text = PACKS["s01.fe0"].replace("codes S01-001ST", "codes S01-001ST,", 1)
    assert fast_ast(text) is None
    node, diags = parse_pack_recovering(text, "s01.fe0")
    assert node is not None and len(diags) == 1 and diags[0].filename == "s01.fe0"
    assert "can go on with a card code" in diags[0].message


def test_the_parsed_pack_carries_its_file_name():
    assert parse_pack(PACKS["p01.fe0"], "cards/p01.fe0").filename == "cards/p01.fe0"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=40))
def test_word_salad_is_read_the_same_way(words):
    assert_same(" ".join(words) + "\n")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("ab '\"#-+,:/[]\t\n\r019AB") + ["\u00e9"]), max_size=80))
def test_arbitrary_characters_are_read_the_same_way(text):
    assert_same(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_real_packs_parse_the_same_way(data):
    """Small edits of a real pack: most still parse (a line dropped or doubled), some not."""
    text = SAMPLE
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        k = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["drop", "double", "word"]))
        if op == "drop":
            del lines[k]
        elif op == "double":
            lines.insert(k, lines[k])
        else:
            words = lines[k].split(" ")
            j = data.draw(st.integers(0, len(words) - 1))
            words[j] = data.draw(st.sampled_from(WORDS))
            lines[k] = " ".join(words)
    assert_same("\n".join(lines) + "\n")


# ---- the driver on a small grammar with every shape of rule Lark's tree builder knows
TOY = r"""
start: _NL* item*
item: "(" inner ")" _NL           -> paren
    | "[" _words "]" _NL          -> bracket
    | "!" bang _NL
    | "e" empty "e" _NL           -> empty_between
    | "<" angle _NL
    | pair _NL
    | wrapped "." _NL             -> dotted
?inner: WORD | "<" WORD ">" | "(" inner ")" | inner "+" WORD -> plus
_words: WORD ("," WORD)*
!bang: "x" | "x" "y" | WORD
empty:
?angle: empty WORD | "k"
pair: "p" maybe WORD
?wrapped: "{" WORD "}"
maybe: "m"?
WORD: /[a-z]+/
_NL: /(#[^\n]*)?\n/
%ignore /[ \t]+/
"""


class Recorder:
    """For the fast driver: every rule becomes (name, position, children)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda pos, children: (name, (pos.line, pos.column), tuple(_plain(c) for c in children))


def _plain(c):
    from lark import Token
    return (c.type, str(c), c.line, c.column) if isinstance(c, Token) else c


def _lark_recorder():
    from lark import Transformer

    class LarkRecorder(Transformer):
        def __default__(self, data, children, meta):
            return (data, (getattr(meta, "line", 0), getattr(meta, "column", 0)), tuple(_plain(c) for c in children))
    return LarkRecorder()


def _toy():
    from lark import Lark
    from fecipher.dsl.lalr import FastParser
    p = Lark(TOY, parser="lalr", lexer="basic", propagate_positions=True, maybe_placeholders=False)
    return p, FastParser(p, Recorder())


TOY_LINES = ["(a)", "(<b>)", "((c))", "(a + b + c)", "[a]", "[a, b, c]", "!x", "!x y", "!zz", "e e", "<a",
             "< q", "<k", "p w", "p m w", "{a}.", "# note", "", "  (a)  # after", "(a", "x", "[", "e x e", "p p"]


def _toy_same(text):
    p, fast = _toy()
    try:
        want = _lark_recorder().transform(p.parse(text))
    except UnexpectedInput:
        want = None
    try:
        got = fast.parse(text)
    except ParseFailure:
        got = None
    assert got == want, text
    return got


def test_the_driver_builds_what_larks_tree_builder_builds():
    text = "\n".join(TOY_LINES[:16]) + "\n"
    result = _toy_same(text)
    assert result is not None and result[0] == "start" and len(result[2]) == 16


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOY_LINES), min_size=0, max_size=8))
def test_the_driver_agrees_with_lark_on_any_toy_text(lines):
    _toy_same("\n".join(lines) + "\n")


def _toy_tokens_for_same(text, tokens_for):
    """With tokens_for, the rules named get Tokens, as from Lark; the others may get a
    token's text instead (compared by text)."""
    from lark import Lark, Token, Transformer
    from fecipher.dsl.lalr import FastParser
    p = Lark(TOY, parser="lalr", lexer="basic", propagate_positions=True, maybe_placeholders=False)

    def record(name, pos, children):
        if name not in tokens_for:
            children = [str(c) if isinstance(c, str) else c for c in children]
        return (name, pos, tuple(_plain(c) for c in children))

    class LarkRecorder(Transformer):
        def __default__(self, data, children, meta):
            return record(data, (getattr(meta, "line", 0), getattr(meta, "column", 0)), children)

    class FastRecorder:
        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return lambda pos, children: record(name, (pos.line, pos.column), children)
    try:
        want = LarkRecorder().transform(p.parse(text))
    except UnexpectedInput:
        want = None
    try:
        got = FastParser(p, FastRecorder(), tokens_for=tokens_for).parse(text)
    except ParseFailure:
        got = None
    assert got == want, text
    return got


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TOY_LINES), min_size=0, max_size=8),
       st.sampled_from([frozenset(), frozenset({"bracket"}), frozenset({"paren", "bang", "pair"})]))
def test_the_driver_gives_tokens_to_the_rules_that_ask(lines, tokens_for):
    _toy_tokens_for_same("\n".join(lines) + "\n", tokens_for)


def test_the_other_rules_get_texts():
    from lark import Lark
    from fecipher.dsl.lalr import FastParser
    p = Lark(TOY, parser="lalr", lexer="basic", propagate_positions=True, maybe_placeholders=False)
    text = "\n".join(TOY_LINES[:16]) + "\n"
    items = FastParser(p, Recorder(), tokens_for={"bracket"}).parse(text)[2]
    assert ("bracket", (5, 1), (("WORD", "a", 5, 2),)) in items   # a Token, in a rule that asked
    assert ("paren", (1, 1), ("a",)) in items                       # a text, passed up by ?inner
    assert ("item", (8, 1), (("bang", (8, 2), ("x", "y")),)) in items  # ... and kept by a ! rule
    assert _toy_tokens_for_same(text, frozenset({"bracket"})) is not None


def test_words_are_tried_before_the_terminals_they_cannot_be_taken_for():
    import re
    from fecipher.dsl.lexer import _first_characters, _may_start_alike
    order = re.findall(r"\(\?P<(\w+)>", fast_parser().lexer.scan.pattern)
    assert order.index("WORD") < order.index("RANGE") and order.index("WORD") < order.index("_NL")
    assert order.index("CODE") < order.index("WORD") and order.index("NON") < order.index("WORD")
    assert order.index("RANGE") < order.index("INT") and order[-1] == "stray_character"
    assert _first_characters(r"(?:#[^\n]*)?\r?\n", 0) == (frozenset("#\r\n"), False)
    assert _first_characters(r"\d+-\d+", 0) == (frozenset("0123456789"), True)   # and other digits
    assert _first_characters(r"[^a-y]", 0)[0] == frozenset(chr(i) for i in range(128)) - set("abcdefghijklmnopqrstuvwxy")
    for unknown in ("a?", "(?i:ab)", r"(?=a)b", r"(?<!a)b"):
        assert _first_characters(unknown, 0) is None, unknown
    assert not _may_start_alike(_first_characters("[a-z]+", 0), _first_characters(r"\d", 0))
    assert _may_start_alike(_first_characters("x", 0), None)


def test_groups_inside_terminals_are_made_non_capturing():
    from fecipher.dsl.lexer import _without_groups
    assert _without_groups(r"((#[^\n]*)?\r?\n)+") == r"(?:(?:#[^\n]*)?\r?\n)+"
    assert _without_groups(r"[(]\((a)[^]()](?:b)(?P<n>c)") == r"[(]\((?:a)[^]()](?:b)(?P<n>c)"


@pytest.mark.parametrize("ignore", ['%ignore /[ \t]+/', '%ignore " "', '%ignore /\t| /', ""])
def test_blanks_are_skipped_as_lark_skips_them(ignore):
    from lark import Lark
    from fecipher.dsl.lexer import PackLexer
    p = Lark(f'start: WORD*\nWORD: /[a-z]+/\n{ignore}\n', parser="lalr", lexer="basic")
    for text in ("ab cd", " ab\tcd  ", "ab  \t", "ab\t\tcd", "abcd", "\tab"):
        try:
            want = [(t.type, str(t), t.line, t.column) for t in p.lex(text)]
        except UnexpectedInput:
            want = None
        try:
            got = list(PackLexer(p).tokens(text))
        except LexFailure:
            got = None
        assert got == want, (ignore, text)


def test_the_driver_ends_on_any_kind_of_last_reduction():
    """The start rule reduced by a one-child rule (not only by a general one)."""
    from lark import Lark
    from fecipher.dsl.lalr import FastParser
    for grammar in ('start: WORD\nWORD: /[a-z]+/\n', 'start: word\nword: WORD\nWORD: /[a-z]+/\n',
                    '?start: word\nword: WORD WORD?\nWORD: /[a-z]+/\n%ignore " "\n'):
        p = Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True, maybe_placeholders=False)
        for text in ("ab", "ab cd"):
            try:
                want = _lark_recorder().transform(p.parse(text))
            except UnexpectedInput:
                want = None
            try:
                got = FastParser(p, Recorder()).parse(text)
            except ParseFailure:
                got = None
            assert got == _plain(want) if not isinstance(want, tuple) else got == want, (grammar, text)


def test_compiling_leaves_the_cyclic_collector_as_it_was(monkeypatch):
    import gc
    from fecipher.dsl.packs import compile_text
    text = PACKS["s01.fe0"]
    assert gc.isenabled()
    compile_text(text, "s01.fe0")
    assert gc.isenabled()
    gc.disable()
    try:
        compile_text(text, "s01.fe0")
        assert not gc.isenabled()
    finally:
        gc.enable()
    # A program that froze its objects (before forking) keeps them frozen: compiling must
    # neither freeze nor unfreeze then. (The freeze count itself is no witness: it also
    # falls when a frozen object is freed, which other tests' caches may cause.)
    calls = []
    real_freeze, real_unfreeze = gc.freeze, gc.unfreeze
    gc.freeze()
    try:
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        compile_text(text, "s01.fe0")
        assert calls == []
        assert gc.get_freeze_count() > 0
    finally:
        monkeypatch.undo()
        real_unfreeze()
    assert gc.get_freeze_count() == 0
    # With nothing frozen, the objects made are moved to the old generation at once.
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze") or real_freeze())
    monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze") or real_unfreeze())
    compile_text(text, "s01.fe0")
    assert calls == ["freeze", "unfreeze"]
    assert gc.get_freeze_count() == 0
