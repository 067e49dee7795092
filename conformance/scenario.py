"""Rule-conformance scenarios: the file format (grammar/scenario.lark) and its model.

A scenario file holds one or more scenarios. Each names its setup (packs, inline
test cards, every area of both players, whose turn and which phase, who went
first, the seed), then steps and expectations in the order the game asks::

    scenario "Rule 1: the first player does not draw on turn 1"
      start turn 1, player 1, beginning phase
      player 1
        deck: B01-006ST
        front: B01-003ST MC
      expect player 1 hand: 0 cards

This module parses a file into :class:`ScenarioFile` (a syntax error or a line in
the wrong place raises :class:`~fecipher.dsl.errors.LanguageError` with
file:line:column, the source line and a caret). :mod:`fecipher.conformance.scenario_run`
prepares and runs a scenario; :mod:`fecipher.conformance.scenario_snapshot` writes a
running game back out as a scenario setup.
"""
from __future__ import annotations

import functools
import importlib.resources
from pathlib import Path
from typing import Any, Iterable

import attrs
from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, v_args

from fecipher.dsl.errors import Diagnostic, LanguageError, Sink, suggest

SCENARIO_SUFFIX = ".scn"

# Limits: far above any real scenario, low enough that no file can exhaust memory.
MAX_SCENARIO_BYTES = 4 << 20     # the largest scenario file of the suite has 15 KB
MAX_DIGITS = 19                  # every number is below 10**19 (seeds: below 2**63, as in records)
MAX_ITEM_COUNT = 100             # "N x CARD": a deck has 50 cards, 4 of a name
MAX_PLAYER_CARDS = 500           # every card of one player's areas, stacks counted
MAX_BOARD_CARDS = 1000           # both players
MAX_RANGE = 99                   # "range 1-2": ranges are 0 to 3
AREAS = ("deck", "hand", "orbs", "bonds", "front", "back", "support", "retreat", "boundless", "field")
PHASES = ("beginning", "bond", "deployment", "action", "end")


# ---------------------------------------------------------------------------- model
@attrs.frozen
class Pos:
    line: int
    column: int


@attrs.frozen
class CardRef:
    """A card named by code (B01-003ST) or by "Unit Name, Title"."""

    text: str
    pos: Pos
    is_code: bool = False

    def __str__(self) -> str:
        return self.text if self.is_code else f'"{self.text}"'


@attrs.frozen
class Item:
    """One entry of an area list: ``[count x] card-or-stack attrs...``."""

    cards: tuple[CardRef, ...]       # a stack, top first
    count: int = 1
    attrs: tuple[str, ...] = ()
    stacked: bool = False
    pos: Pos = Pos(0, 0)
    label: str | None = None         # 'as "Left Jagen"': a unit's own name in the scenario

    def __str__(self) -> str:
        body = ("[" + ", ".join(map(str, self.cards)) + "]") if self.stacked else str(self.cards[0])
        pre = f"{self.count} x " if self.count != 1 else ""
        label = f' as "{self.label}"' if self.label is not None else ""
        return pre + body + "".join(" " + a for a in self.attrs) + label


@attrs.frozen
class UnitRef:
    """A unit: its unit name, its top card, or MC; ``player`` (0-based) if written."""

    name: str | None
    pos: Pos
    player: int | None = None
    mc: bool = False
    is_code: bool = False

    def __str__(self) -> str:
        owner = f"player {self.player + 1}'s " if self.player is not None else ""
        if self.mc:
            return owner + "MC"
        return owner + (self.name if self.is_code else f'"{self.name}"')


@attrs.frozen
class Step:
    """An action or an answer by ``player`` (0-based). ``verb`` names the grammar rule."""

    player: int
    verb: str
    args: dict = attrs.field(factory=dict, hash=False)
    pos: Pos = Pos(0, 0)
    text: str = ""


@attrs.frozen
class Expect:
    kind: str
    args: dict = attrs.field(factory=dict, hash=False)
    pos: Pos = Pos(0, 0)
    text: str = ""


@attrs.frozen
class EventPattern:
    kind: str
    args: tuple[tuple[str, Any], ...]     # (field or "*name" / "player", value)
    pos: Pos
    text: str = ""


@attrs.frozen
class PackText:
    """Inline pack text, padded so that its lines keep the scenario file's line numbers."""

    text: str
    pos: Pos


@attrs.define
class PlayerSetup:
    areas: dict[str, tuple[Item, ...]] = attrs.Factory(dict)
    paid: int = 0
    bonded: bool = False


@attrs.define
class Scenario:
    name: str
    filename: str
    pos: Pos
    seed: int = 0
    first_player: int | None = None
    start: tuple[int, int, str] | None = None          # turn, turn player (0-based), phase
    packs: list[tuple[str, Pos]] | None = None          # "embedded" or a path
    cards: list[PackText] = attrs.Factory(list)
    decks: tuple[Any, Any] | None = None                # ("named", str, pos) / ("inline", PackText)
    players: list[PlayerSetup] = attrs.Factory(lambda: [PlayerSetup(), PlayerSetup()])
    pending: str | None = None
    lenient: bool = False
    body: list[Step | Expect] = attrs.Factory(list)
    file_packs: list[tuple[str, Pos]] | None = None
    file_cards: list[PackText] = attrs.Factory(list)
    root: Path | None = None    # pack and deck files must be inside (default: the directory)

    @property
    def line(self) -> int:
        return self.pos.line

    @property
    def directory(self) -> Path:
        return Path(self.filename).resolve().parent

    @property
    def tree(self) -> Path:
        """The folder whose files the scenario may load: ``root`` when given
        (``fecipher test DIR``, ``--root``), else the scenario file's folder."""
        return (self.root or self.directory).resolve()


@attrs.define
class ScenarioFile:
    filename: str
    scenarios: list[Scenario]
    text: str = ""


# ---------------------------------------------------------------------------- parser
@functools.lru_cache(maxsize=None)
def parser() -> Lark:
    """The scenario parser: LALR, basic lexer, strict; built once per process."""
    text = importlib.resources.files("fecipher.grammar").joinpath("scenario.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="basic", strict=True, propagate_positions=True,
                maybe_placeholders=False)


_TERMINAL_WORDS = {
    "_NL": "the end of the line", "STRING": 'a quoted name such as "Marth, Altean Prince"',
    "INT": "a number", "CODE": "a card code such as B01-003ST", "NAME": "a word",
    "RANGE": "a range such as 1-2", "$END": "the end of the file", "COMMA": "','", "COLON": "':'",
    "LSQB": "'['", "RSQB": "']'", "LPAR": "'('", "RPAR": "')'", "EQUAL": "'='",
    "BLOCK": 'a block of card text between """ and """', "FACE_UP": "'face-up'", "FACE_DOWN": "'face-down'",
    "CLASS_CHANGED": "'class-changed'", "NOT_CLASS_CHANGED": "'not-class-changed'",
}


def _expected_words(p: Lark, expected: Iterable[str]) -> tuple[list[str], list[str]]:
    from fecipher.dsl.parse import describe_expected
    return describe_expected(p, expected, _TERMINAL_WORDS)


def _translate(e: UnexpectedInput, text: str, filename: str) -> Diagnostic:
    """A Lark exception as one diagnostic in a scenario author's words."""
    p = parser()
    lines = text.splitlines()
    line = getattr(e, "line", 0) or 0
    col = getattr(e, "column", 0) or 0
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        msg = f"unexpected character {ch!r}"
        if ch == '"':
            msg = 'unclosed quoted name: a name in quotes must end on the same line (card text goes between """ and """)'
        elif ch.isupper():
            msg = (f"unexpected {ch!r}: card codes look like B01-003ST, card names are quoted "
                   f"(\"Marth, Altean Prince\") and words are lower case")
    elif isinstance(e, UnexpectedEOF):
        words, _ = _expected_words(p, e.expected)
        msg = "the file ends too early; expected " + ", ".join(words[:8])
        line = max(len(lines), 1)
        src = lines[-1] if lines else ""
        col = len(src) + 1
    elif isinstance(e, UnexpectedToken):
        tok = e.token
        col, msg = _explain_token(p, tok, _accepted(e), src, col)
        if tok.type == "$END":
            line = max(len(lines), 1)
    else:  # pragma: no cover
        msg = str(e)
    return Diagnostic(filename, line, col, msg, src)


# What a step line is, by its verb (the word after "player N").
_STEP_KINDS = {
    "attacks": "an attack", "bonds": "a bond placement", "places": "a bond placement", "deploys": "a deployment",
    "levels": "a level up", "class": "a class change", "moves": "a move", "uses": "a use of a skill",
    "passes": "a pass", "ends": "the end of a phase", "mulligans": "a mulligan", "keeps": "a kept hand",
    "critical": "a critical hit", "evades": "an evasion", "does": "a refused critical hit or evasion",
    "answers": "an answer", "chooses": "a choice", "breaks": "an orb break", "resolves": "an order of skills",
    "picks": "a pick", "concedes": "a concession",
}
# What an expectation is, by its first word after "expect" (after "expect player N", by that word).
_EXPECT_KINDS = {
    "turn": "an expectation of the turn", "no": "an expectation of nothing", "legal": "an expectation that a step "
    "is legal", "not": "an expectation that a step is not legal", "refused": "an expectation that a step is refused",
    "events": "an expectation of events", "game": "an expectation that the game is over",
}
_AREAS = ("deck", "hand", "orbs", "bonds", "front", "back", "support", "retreat", "boundless", "field")
# What a setup line is, by its first word.
_SETUP_KINDS = {
    "scenario": "a scenario's first line", "seed": "the seed", "first": "the first player",
    "start": "the turn the scenario starts at", "decks": "the decks", "pending": "a pending scenario",
    "packs": "the packs", "cards": "card text", "paid": "the cost paid", "bonded": "a bond placed this turn",
}


def _line_kind(shapes: list[str]) -> str:
    """What a scenario line is, in an author's words, by its first words."""
    if shapes[:1] == ["expect"]:
        rest = shapes[1:]
        if rest[:1] == ["player"] and len(rest) > 2:
            if rest[2] == "to":
                return "an expectation of a decision"
            if rest[2] == "wins":
                return "an expectation of the winner"
            if rest[2] in _AREAS:
                return f"an expectation of player {rest[1] if rest[1] != '0' else 'N'}'s {rest[2]}".replace(
                    "player N's", "a player's")
        if rest[:1] in (['"'], ["B01-001"], ["mc"]) or rest[:1] == ["player"] and "'" in rest[:4]:
            return "an expectation of a unit"
        if rest and rest[0] in _EXPECT_KINDS:
            return _EXPECT_KINDS[rest[0]]
        return "an expectation"
    if shapes[:1] == ["player"]:
        if len(shapes) > 2 and shapes[2] in _STEP_KINDS:
            return _STEP_KINDS[shapes[2]]
        return "a step or a player's setup"
    if shapes[:1] and shapes[0] in _AREAS:
        return f"the cards in the {shapes[0]}" if shapes[0] not in ("front", "back") else \
            f"the units in the {shapes[0]} line"
    if shapes[:1] and shapes[0] in _SETUP_KINDS:
        return _SETUP_KINDS[shapes[0]]
    return "a scenario line"


def _accepted(e: UnexpectedToken) -> set[str]:
    """The terminals that may really stand where the parser stopped. The LALR table's
    expected set merges the lookaheads of every context a rule is used in ('attack',
    'is', 'has' after the unit of an attack, from the expectations of a unit), so the
    parser is asked to take each of them in turn from the state it stopped in."""
    ip = getattr(e, "interactive_parser", None)
    if ip is None:  # pragma: no cover  (Lark's LALR parser always gives it)
        return set(e.expected)
    try:
        return set(ip.accepts()) or set(e.expected)
    except Exception:  # pragma: no cover  (an interactive parser that cannot be copied)
        return set(e.expected)


def _explain_token(p: Lark, tok: Token, expected: set[str], src: str, col: int) -> tuple[int, str]:
    """(column, message) of a token the parser could not take: a misspelt word (when it is
    close to one that may stand there), otherwise what the line was read as, what may
    follow (kinds of thing, :func:`fecipher.dsl.hints.expected_kinds`) and one or two
    lines of that shape from the scenario reference's examples and the shipped scenarios
    (conformance/scenario_lines.txt, written by tools/reference_lines.py)."""
    from fecipher.dsl import hints
    words, keywords = _expected_words(p, expected)
    value = str(tok)
    got = ("the end of the line" if tok.type == "_NL" else "the end of the file" if tok.type == "$END" else
           repr(value if len(value) <= 40 else value[:37] + "..."))
    if tok.type not in ("_NL", "$END") and value[:1].isalpha():
        hint = suggest(value, keywords)
        if hint:
            return col, f"unknown word {got}{hint}"
    if len(src) > hints.MAX_LINE:
        # (no author's line is that long: what may follow is enough, at a bounded cost)
        return col, f"unexpected {got}; it can be followed by " + ", ".join(words[:6])
    names = {}
    for name in expected:
        try:
            t = p.get_terminal(name)
        except KeyError:
            continue
        if t.pattern.type == "str":
            names[name] = t.pattern.value
    read = hints.where_read(src, col)
    last = hints.tokens(read)[-1][0].lower() if read else ""
    if "PHASE" in expected and len(expected) > 1 and last not in PHASES:
        # (any word may name a phase, 'expect refused phase' too: only a phase's name is shown going on so)
        expected = expected - {"PHASE"}
    follows = hints.expected_kinds(expected, names)
    if read:
        what = _line_kind([t for t in hints.shape_of(read)])
        msg = f"this line reads as {what}: '{read}', which can go on with {follows}, not {got}"
    else:
        msg = f"{got} cannot start a line here: a line here can start with {follows}"
    shown = hints.examples(src, col, reference=hints.read_reference("fecipher.conformance", "scenario_lines.txt"),
                           other_word=True)
    if shown:
        msg += "; e.g. " + " or ".join(f"'{text}'" for _, text in shown) + f" (see {shown[0][0]})"
    return col, msg


def _pos(x) -> Pos:
    return Pos(getattr(x, "line", 0) or 0, getattr(x, "column", 0) or 0)


def _s(tok) -> str:
    v = str(tok)
    if v.startswith('"') and v.endswith('"') and len(v) >= 2:
        v = v[1:-1]
        if "\\" in v:
            v = v.replace('\\"', '"').replace("\\\\", "\\")
    return v


def _pad_block(tok: Token, text_lines: list[str]) -> PackText:
    """The text between triple quotes, padded with blank lines and spaces so that
    each of its lines keeps its line and column in the scenario file."""
    raw = str(tok)[3:-3]
    line = tok.line or 1
    col = (tok.column or 1) + 3
    return PackText("\n" * (line - 1) + " " * (col - 1) + raw, Pos(line, col))


@v_args(meta=True)
class _ToModel(Transformer):
    """Lark tree to plain tuples: ("setup", name, value, pos) / Step / Expect."""

    def __init__(self, filename: str, text: str):
        super().__init__()
        self.filename = filename
        self.lines = text.splitlines()
        self.errors: list[tuple[Pos, str]] = []   # numbers and players out of range

    def _int(self, tok, most: int | None = None, what: str = "a number", fallback: int = 0) -> int:
        """An INT token's value; too long or above ``most`` is an error (reported
        with the file's other errors) and counts as ``fallback``."""
        t = str(tok)
        if len(t) > MAX_DIGITS or not t.isascii():
            self.errors.append((_pos(tok), f"{what} of at most {MAX_DIGITS} digits 0-9 is expected"))
            return fallback
        v = int(t)
        if most is not None and v > most:
            self.errors.append((_pos(tok), f"{v} is too large: {what} is at most {most}"))
            return fallback
        return v

    def _text(self, meta) -> str:
        line = getattr(meta, "line", 0) or 0
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""

    # ---- file
    def start(self, meta, items):
        return list(items)

    def scenario(self, meta, items):
        return ("scenario", _s(items[0]), _pos(items[0]), list(items[1:]))

    # ---- setup
    def seed(self, meta, items):
        return ("setup", "seed", self._int(items[0]), _pos(meta))

    def first_player(self, meta, items):
        return ("setup", "first_player", self._int(items[0]), _pos(meta))

    def start_at(self, meta, items):
        turn, player, phase = self._int(items[0]), items[1], items[2]
        return ("setup", "start", (turn, player, phase), _pos(meta))

    def packs_line(self, meta, items):
        return ("setup", "packs", list(items), _pos(meta))

    def pack_embedded(self, meta, items):
        return ("embedded", _pos(meta))

    def pack_path(self, meta, items):
        return (_s(items[0]), _pos(items[0]))

    def cards_line(self, meta, items):
        return ("setup", "cards", _pad_block(items[0], self.lines), _pos(meta))

    def decks(self, meta, items):
        return ("setup", "decks", (items[0], items[1]), _pos(meta))

    def deck_named(self, meta, items):
        return ("named", _s(items[0]), _pos(items[0]))

    def deck_inline(self, meta, items):
        return ("inline", _pad_block(items[0], self.lines), _pos(items[0]))

    def pending(self, meta, items):
        return ("setup", "pending", _s(items[0]), _pos(meta))

    def lenient(self, meta, items):
        return ("setup", "lenient", True, _pos(meta))

    def player_header(self, meta, items):
        return ("setup", "player", items[0], _pos(meta))

    def area_setup(self, meta, items):
        return ("setup", "area", (items[0], items[1]), _pos(meta))

    def paid(self, meta, items):
        return ("setup", "paid", self._int(items[0]), _pos(meta))

    def bonded(self, meta, items):
        return ("setup", "bonded", True, _pos(meta))

    def area(self, meta, items):
        return str(items[0])

    def items(self, meta, items):
        return tuple(items)

    def no_items(self, meta, items):
        return ()

    def item(self, meta, items):
        count = 1
        rest = list(items)
        if isinstance(rest[0], Token) and rest[0].type == "INT":
            count = self._int(rest.pop(0), MAX_ITEM_COUNT, "a count", fallback=1)
        stacked, cards = rest.pop(0)
        label = None
        if rest and isinstance(rest[-1], tuple) and rest[-1][0] == "label":
            label = rest.pop()[1]
        attrs_ = tuple(rest)
        return Item(tuple(cards), count, attrs_, stacked, _pos(meta), label)

    def label(self, meta, items):
        return ("label", _s(items[0]))

    def single(self, meta, items):
        return (False, [items[0]])

    def stacked(self, meta, items):
        return (True, list(items))

    def card(self, meta, items):
        t = items[0]
        return CardRef(_s(t), _pos(t), t.type == "CODE")

    def attr(self, meta, items):
        return str(items[0])

    def player(self, meta, items):
        n = self._int(items[0])
        if n not in (1, 2):
            self.errors.append((_pos(items[0]), f"there are two players, 1 and 2; not player {items[0]}"))
        return ("player", n, _pos(items[0]))

    def ident(self, meta, items):
        return (str(items[0]), _pos(items[0]))

    # ---- steps
    def step_line(self, meta, items):
        player, (verb, args) = items
        return Step(player[1] - 1, verb, args, _pos(meta), self._text(meta)), player

    def _verb(name, *fields):  # noqa: N805
        def f(self, meta, items):
            return (name, self._args(fields, items))
        return f

    def _args(self, fields, items):
        out: dict = {}
        vals = [i for i in items]
        for fname, v in zip(fields, vals):
            out[fname] = v
        return out

    v_bond = _verb("bond", "card")
    v_no_bond = _verb("no_bond")
    v_level_up = _verb("level_up", "unit", "card")
    v_class_change = _verb("class_change", "unit", "card")
    v_move = _verb("move", "unit")
    v_pass = _verb("pass")
    v_mulligan = _verb("mulligan")
    v_keep = _verb("keep")
    v_critical = _verb("critical", "card")
    v_no_critical = _verb("no_critical")
    v_evade = _verb("evade", "card")
    v_no_evade = _verb("no_evade")
    v_choose_nothing = _verb("choose_nothing")
    v_concede = _verb("concede")

    def v_deploy(self, meta, items):
        return ("deploy", {"card": items[0], "area": items[1]})

    def v_attack(self, meta, items):
        return ("attack", {"target": items[0], "unit": items[1]})

    def v_use(self, meta, items):
        return ("use", {"skill": _s(items[0]), "unit": items[1] if len(items) > 1 else None})

    def v_end_phase(self, meta, items):
        return ("end_phase", {"phase": items[0]})

    def v_answer(self, meta, items):
        return ("answer", {"yes": items[0] == "yes"})

    def v_choose(self, meta, items):
        return ("choose", {"choice": items[0]})

    def v_choose_line(self, meta, items):
        return ("choose_line", {"area": items[0]})

    def v_break_orb(self, meta, items):
        return ("break_orb", {"index": self._int(items[0])})

    def v_order(self, meta, items):
        return ("order", {"skill": _s(items[0])})

    def v_pick_label(self, meta, items):
        return ("pick_label", {"label": _s(items[0])})

    def v_pick_index(self, meta, items):
        return ("pick_index", {"index": self._int(items[0])})

    def yes_no(self, meta, items):
        return str(items[0])

    def line_word(self, meta, items):
        return str(items[0])

    def choice(self, meta, items):
        player = None
        if isinstance(items[0], tuple) and items[0][0] == "player":
            player = items[0][1] - 1
            items = items[1:]
        t = items[0]
        return UnitRef(_s(t), _pos(t), player, False, t.type == "CODE")

    def unit(self, meta, items):
        player = None
        if isinstance(items[0], tuple) and items[0][0] == "player":
            player = items[0][1] - 1
            items = items[1:]
        t = items[0]
        if isinstance(t, UnitRef):  # MC
            return attrs.evolve(t, player=player)
        return UnitRef(_s(t), _pos(t), player, False, t.type == "CODE")

    def mc_ref(self, meta, items):
        return UnitRef(None, _pos(meta), None, True)

    # ---- expectations
    def expect_line(self, meta, items):
        kind, args = items[0]
        return Expect(kind, args, _pos(meta), self._text(meta))

    def because(self, meta, items):
        return ("because", _s(items[0]))

    def _with_because(self, items):
        because = None
        rest = []
        for it in items:
            if isinstance(it, tuple) and it and it[0] == "because":
                because = it[1]
            else:
                rest.append(it)
        return rest, because

    def e_turn(self, meta, items):
        args: dict = {"turn": self._int(items[0])}
        for it in items[1:]:
            if it[0] == "player":
                args["player"] = it[1] - 1
            else:
                args["phase"] = it
        return ("turn", args)

    def e_phase(self, meta, items):
        return ("turn", {"phase": items[0]})

    def e_area(self, meta, items):
        player, area, value = items
        return ("area", {"player": player[1] - 1, "area": area, "value": value})

    def count_value(self, meta, items):
        return ("count", self._int(items[0]))

    def e_contains(self, meta, items):
        player, area, value = items
        return ("contains", {"player": player[1] - 1, "area": area, "value": value})

    def e_lacks(self, meta, items):
        player, area, value = items
        return ("lacks", {"player": player[1] - 1, "area": area, "value": value})

    def e_unit(self, meta, items):
        return ("unit", {"unit": items[0], "checks": list(items[1:])})

    def e_decision(self, meta, items):
        args: dict = {"player": items[0][1] - 1, "kind": None, "options": None}
        for it in items[1:]:
            if isinstance(it, Token):
                args["options"] = self._int(it)
            else:
                args["kind"] = it
        return ("decision", args)

    def e_no_decision(self, meta, items):
        return ("no_decision", {})

    def _step_in(self, items, meta):
        rest, because = self._with_because(items)
        player, (verb, args) = rest
        step = Step(player[1] - 1, verb, args, _pos(player[2]), self._text(meta))
        return step, because

    def e_legal(self, meta, items):
        step, _ = self._step_in(items, meta)
        return ("legal", {"step": step})

    def e_not_legal(self, meta, items):
        step, because = self._step_in(items, meta)
        return ("not_legal", {"step": step, "because": because})

    def e_refused(self, meta, items):
        step, because = self._step_in(items, meta)
        return ("refused", {"step": step, "because": because})

    def e_events(self, meta, items):
        return ("events", {"patterns": list(items)})

    def e_no_events(self, meta, items):
        return ("no_events", {"patterns": list(items)})

    def e_winner(self, meta, items):
        rest, because = self._with_because(items)
        return ("winner", {"player": rest[0][1] - 1, "because": because})

    def e_no_winner(self, meta, items):
        return ("no_winner", {})

    def e_game_over(self, meta, items):
        _, because = self._with_because(items)
        return ("game_over", {"because": because})

    def e_illegal_deck(self, meta, items):
        rest, because = self._with_because(items)
        return ("illegal_deck", {"player": rest[0][1] - 1, "because": because})

    def e_legal_deck(self, meta, items):
        return ("legal_deck", {"player": items[0][1] - 1})

    # unit checks: (name, value, negated)
    def c_attack(self, meta, items):
        return ("attack", self._int(items[0]), False, _pos(meta))

    def c_range(self, meta, items):
        return ("range", items[-1], False, _pos(meta))

    def range_value(self, meta, items):
        if not items:
            return frozenset()
        t = str(items[0])
        if "-" in t:
            lo, hi = t.split("-")
            a = self._int(Token("INT", lo, line=items[0].line, column=items[0].column), MAX_RANGE, "a range")
            b = self._int(Token("INT", hi, line=items[0].line, column=items[0].column), MAX_RANGE, "a range")
            return frozenset(range(a, b + 1))
        return frozenset({self._int(items[0], MAX_RANGE, "a range")})

    def c_stack(self, meta, items):
        return ("stack", self._int(items[0]), False, _pos(meta))

    def c_is(self, meta, items):
        return ("is", items[0], False, _pos(meta))

    def c_is_not(self, meta, items):
        return ("is", items[0], True, _pos(meta))

    def c_flag(self, meta, items):
        return ("flag", items[0], False, _pos(meta))

    def c_no_flag(self, meta, items):
        return ("flag", items[0], True, _pos(meta))

    def c_type(self, meta, items):
        return ("type", items[0], False, _pos(meta))

    def c_no_type(self, meta, items):
        return ("type", items[0], True, _pos(meta))

    def c_name(self, meta, items):
        return ("name", _s(items[0]), False, _pos(meta))

    def c_no_name(self, meta, items):
        return ("name", _s(items[0]), True, _pos(meta))

    def s_tapped(self, meta, items):
        return ("tapped",)

    def s_untapped(self, meta, items):
        return ("untapped",)

    def s_mc(self, meta, items):
        return ("mc",)

    def s_class_changed(self, meta, items):
        return ("class_changed",)

    def s_line(self, meta, items):
        return ("line", items[0])

    def s_on_field(self, meta, items):
        return ("on_field",)

    def s_card(self, meta, items):
        return ("card", items[0])

    # events
    def event_pat(self, meta, items):
        (kind, kpos) = items[0]
        return EventPattern(kind, tuple(items[1:]), kpos, "")

    def arg_named(self, meta, items):
        (name, npos), value = items
        return (name, value, npos)

    def arg_player(self, meta, items):
        return ("player", ("player", items[0][1] - 1), _pos(meta))

    def arg_name(self, meta, items):
        return ("*name", ("str", _s(items[0])), _pos(items[0]))

    def val_int(self, meta, items):
        return ("int", self._int(items[0]))

    def val_str(self, meta, items):
        return ("str", _s(items[0]))

    def val_true(self, meta, items):
        return ("bool", True)

    def val_false(self, meta, items):
        return ("bool", False)

    def val_none(self, meta, items):
        return ("none", None)

    def val_player(self, meta, items):
        return ("player", items[0][1] - 1)


# ---------------------------------------------------------------------------- vocabularies
def decision_kinds() -> tuple[str, ...]:
    from fecipher.engine import decisions as D
    return (D.MULLIGAN, D.BOND, D.DEPLOYMENT, D.ACTION, D.CHOOSE, D.MAY, D.ORDER_SKILLS, D.CRITICAL_HIT,
            D.EVASION, D.BREAK_ORB, D.AREA)


def flag_names() -> frozenset[str]:
    from fecipher.engine import modifiers as M
    return M.FLAGS


def event_fields() -> dict[str, tuple[str, ...]]:
    from fecipher.engine.events import EVENT_TYPES
    return {k: tuple(f.name for f in attrs.fields(t)) for k, t in EVENT_TYPES.items()}


def type_words() -> frozenset[str]:
    from fecipher.engine.cards import GENDERS, UNIT_TYPES, WEAPONS
    return frozenset(GENDERS) | frozenset(WEAPONS) | frozenset(UNIT_TYPES)


# ---------------------------------------------------------------------------- building
_SETUP_ONCE = ("seed", "first_player", "start", "packs", "decks", "pending", "lenient")
_UNIT_ATTRS = {"MC", "tapped", "untapped", "class-changed", "not-class-changed"}
_CARD_ATTRS = {"face-up", "face-down"}


def parse_scenarios(text: str, filename: str = "<scenario>", root: str | Path | None = None) -> ScenarioFile:
    """Parse a scenario file; every problem in it is raised at once as LanguageError.

    ``root`` is the folder its pack and deck files must be in (default: the
    file's own folder; see :attr:`Scenario.tree`)."""
    if not text.endswith("\n"):
        text += "\n"
    tree, syntax, blanked = _parse_recovering(text, filename)
    if tree is None:
        raise LanguageError(syntax)
    sink = Sink(filename, text)
    model = _ToModel(filename, text)
    entries = model.transform(tree)
    for pos, msg in model.errors:
        sink.error(pos, msg)
    file_packs: list | None = None
    file_cards: list[PackText] = []
    scenarios: list[Scenario] = []
    names: dict[str, int] = {}
    for entry in entries:
        if entry[0] == "setup":
            _, what, value, pos = entry
            if what == "packs":
                file_packs = (file_packs or []) + list(value)
            else:
                file_cards.append(value)
            continue
        _, name, pos, lines = entry
        if name in names:
            sink.error(pos, f'scenario "{name}" is defined twice in this file (first at line {names[name]})')
        names[name] = pos.line
        sc = Scenario(name, filename, pos, file_packs=file_packs, file_cards=list(file_cards),
                      root=Path(root) if root is not None else None)
        _build(sc, lines, sink)
        scenarios.append(sc)
    if syntax:
        # The other errors of a scenario with a line left out may only follow from it
        # (a "player 1" line left out makes its areas nobody's): only the syntax errors
        # are reported for it, and every error of the other scenarios.
        starts = sorted(sc.pos.line for sc in scenarios)
        broken = {max((st for st in starts if st <= b), default=0) for b in blanked}

        def owner(line: int) -> int:
            return max((st for st in starts if st <= line), default=0)
        raise LanguageError(syntax + [d for d in sink.diagnostics() if owner(d.line) not in broken])
    sink.raise_if_any()
    return ScenarioFile(filename, scenarios, text)


# The most syntax errors a scenario file reports (it is parsed again after each).
MAX_SCENARIO_SYNTAX_ERRORS = 25


def _parse_recovering(text: str, filename: str):
    """(the tree or None, the syntax errors, the lines left out): after a syntax error
    its line is left out (as a blank line) and the text parsed again, so that one run
    reports every line's syntax error (up to MAX_SCENARIO_SYNTAX_ERRORS); None when the
    error cannot be left out (the end of the file, or inside a quoted block)."""
    lines = text.split("\n")
    errors: list[Diagnostic] = []
    blanked: set[int] = set()
    original = text.splitlines()
    for _ in range(MAX_SCENARIO_SYNTAX_ERRORS):
        try:
            tree = parser().parse("\n".join(lines))
        except UnexpectedInput as e:
            d = _translate(e, "\n".join(lines), filename)
            n = d.line
            errors.append(attrs.evolve(d, source_line=original[n - 1] if 0 < n <= len(original) else d.source_line))
            bad = (getattr(e, "line", 0) or 0) - 1
            if isinstance(e, UnexpectedEOF) or not 0 <= bad < len(lines) or not lines[bad].strip() or \
                    '"""' in "\n".join(lines[:bad + 1]) and "\n".join(lines[:bad + 1]).count('"""') % 2:
                return None, errors, blanked
            lines[bad] = ""
            blanked.add(bad + 1)
            continue
        return tree, errors, blanked
    return None, errors, blanked


def _build(sc: Scenario, lines: list, sink: Sink) -> None:
    current: int | None = None
    labels: dict[str, Pos] = {}
    seen: dict[str, Pos] = {}
    stepped: Pos | None = None
    from_decks_pos: Pos | None = None
    board_pos: Pos | None = None
    for entry in lines:
        if isinstance(entry, tuple) and entry[0] == "setup":
            _, what, value, pos = entry
            if stepped is not None:
                sink.error(pos, f"setup lines come before the first step or expectation (line {stepped.line}); "
                                f"move this line up")
                continue
            if what in _SETUP_ONCE:
                if what in seen:
                    sink.error(pos, f"'{what.replace('_', ' ')}' is given twice (first at line {seen[what].line})")
                    continue
                seen[what] = pos
            if what == "seed":
                sc.seed = value
            elif what == "first_player":
                if value not in (1, 2):
                    sink.error(pos, f"there are two players, 1 and 2; not player {value}")
                sc.first_player = value - 1
            elif what == "start":
                turn, player, (phase, ppos) = value
                if turn < 1:
                    sink.error(pos, "turns are numbered from 1")
                if phase not in PHASES:
                    sink.error(ppos, f"unknown phase '{phase}'{suggest(phase, PHASES)}; phases are "
                                     f"{', '.join(PHASES)}")
                sc.start = (turn, player[1] - 1, phase)
                board_pos = board_pos or pos
            elif what == "packs":
                sc.packs = list(value)
            elif what == "cards":
                sc.cards.append(value)
            elif what == "decks":
                sc.decks = value
                from_decks_pos = pos
            elif what == "pending":
                sc.pending = value
            elif what == "lenient":
                sc.lenient = True
            elif what == "player":
                # (a player other than 1 and 2 is reported by the parser; its lines are skipped)
                current = value[1] - 1 if value[1] in (1, 2) else -1
            elif what == "area":
                area, items = value
                board_pos = board_pos or pos
                if current is None:
                    sink.error(pos, f"whose {area}? Write 'player 1' or 'player 2' on a line before the areas")
                    continue
                if current == -1:
                    continue
                ps = sc.players[current]
                if area == "field":
                    sink.error(pos, "set up units in 'front:' and 'back:'")
                    continue
                if area in ps.areas:
                    sink.error(pos, f"player {current + 1}'s {area} is given twice")
                    continue
                _check_items(area, items, sink)
                for it in items:
                    if it.label is not None:
                        if it.label in labels:
                            sink.error(it.pos, f'the label "{it.label}" is given twice (first at line '
                                               f'{labels[it.label].line}): each unit has its own')
                        labels.setdefault(it.label, it.pos)
                ps.areas[area] = items
            elif what == "paid":
                if current == -1:
                    continue
                if current is None:
                    sink.error(pos, "whose cost? Write 'player 1' or 'player 2' on a line before it")
                else:
                    sc.players[current].paid = value
            elif what == "bonded":
                if current == -1:
                    continue
                if current is None:
                    sink.error(pos, "who bonded? Write 'player 1' or 'player 2' on a line before it")
                else:
                    sc.players[current].bonded = True
            continue
        if isinstance(entry, tuple):  # a step with its player token
            step, player = entry
            _check_step(step, sink)
            stepped = stepped or step.pos
            sc.body.append(step)
            continue
        assert isinstance(entry, Expect)
        stepped = stepped or entry.pos
        _check_expect(entry, sink)
        sc.body.append(entry)
    _check_board_size(sc, sink)
    if from_decks_pos is not None and board_pos is not None:
        sink.error(from_decks_pos, "a scenario starts either from two decks (set-up and mulligans) or from a "
                                   "prepared board ('start turn ...' and areas), not both")


def _check_board_size(sc: Scenario, sink: Sink) -> None:
    """A board holds at most MAX_PLAYER_CARDS cards a player, MAX_BOARD_CARDS in all."""
    total = 0
    for i, ps in enumerate(sc.players):
        n = 0
        for area, items in ps.areas.items():
            for it in items:
                n += it.count * len(it.cards)
                if n > MAX_PLAYER_CARDS:
                    sink.error(it.pos, f"player {i + 1} has more than {MAX_PLAYER_CARDS} cards on the board "
                                       f"(areas and stacks counted)")
                    return
        total += n
        if total > MAX_BOARD_CARDS:
            first = next(it for items in ps.areas.values() for it in items)
            sink.error(first.pos, f"the board has more than {MAX_BOARD_CARDS} cards")
            return


def _check_items(area: str, items: tuple[Item, ...], sink: Sink) -> None:
    for it in items:
        for a in it.attrs:
            if a in _UNIT_ATTRS and area not in ("front", "back"):
                sink.error(it.pos, f"'{a}' describes a unit; it goes in 'front:' or 'back:', not '{area}:'")
            if a in _CARD_ATTRS and area not in ("orbs", "bonds"):
                sink.error(it.pos, f"'{a}' describes an orb or a bond; not a card in '{area}:'")
        if it.stacked and area not in ("front", "back"):
            sink.error(it.pos, f"a stack [top, ...] is a unit; it goes in 'front:' or 'back:', not '{area}:'")
        if it.count < 1:
            sink.error(it.pos, "a count is 1 or more")
        if "face-up" in it.attrs and "face-down" in it.attrs:
            sink.error(it.pos, "a card is face-up or face-down, not both")
        if "tapped" in it.attrs and "untapped" in it.attrs:
            sink.error(it.pos, "a unit is tapped or untapped, not both")
        if it.label is not None:
            if area not in ("front", "back"):
                sink.error(it.pos, f"a label ('as \"{it.label}\"') names a unit; it goes in 'front:' or 'back:', "
                                   f"not '{area}:'")
            elif it.count != 1:
                sink.error(it.pos, f"a label ('as \"{it.label}\"') names one unit, not {it.count}: write each unit "
                                   f"with its own label")


def _check_ident(word: tuple[str, Pos], known: Iterable[str], what: str, sink: Sink) -> None:
    w, pos = word
    known = tuple(known)
    if w not in known:
        sink.error(pos, f"unknown {what} '{w}'{suggest(w, known)}")


def _check_step(step: Step, sink: Sink) -> None:
    if step.verb == "end_phase":
        _check_ident(step.args["phase"], PHASES, "phase", sink)
    if step.verb in ("break_orb", "pick_index") and step.args["index"] < 1:
        sink.error(step.pos, "options and orbs are counted from 1")


def _check_expect(e: Expect, sink: Sink) -> None:
    a = e.args
    if e.kind == "turn":
        if "phase" in a:
            _check_ident(a["phase"], PHASES, "phase", sink)
    elif e.kind == "decision":
        if a["kind"] is not None:
            _check_ident(a["kind"], decision_kinds(), "decision", sink)
    elif e.kind in ("area", "contains", "lacks"):
        value = a["value"]
        if isinstance(value, tuple) and value and isinstance(value[0], Item):
            for it in value:
                if it.stacked and a["area"] not in ("front", "back", "field"):
                    sink.error(it.pos, "a stack [top, ...] is a unit; it is looked for in 'front', 'back' or 'field'")
    elif e.kind == "unit":
        for name, value, neg, pos in a["checks"]:
            if name == "flag":
                _check_ident(value, sorted(flag_names()), "flag", sink)
            elif name == "type":
                _check_ident(value, sorted(type_words()), "unit type", sink)
    elif e.kind in ("legal", "not_legal", "refused"):
        _check_step(a["step"], sink)
    elif e.kind in ("events", "no_events"):
        fields = event_fields()
        for p in a["patterns"]:
            if p.kind not in fields:
                sink.error(p.pos, f"unknown event '{p.kind}'{suggest(p.kind, fields)}")
                continue
            for fname, value, pos in p.args:
                if fname in ("*name",):
                    continue
                if fname not in fields[p.kind]:
                    sink.error(pos, f"event '{p.kind}' has no field '{fname}'{suggest(fname, fields[p.kind])}; "
                                    f"its fields are {', '.join(fields[p.kind])}")


def decode_source(data: bytes, filename: str, limit: int, what: str = "file") -> str:
    """The text of an untrusted file's bytes; too large or not UTF-8 raises
    LanguageError at the position (as for a pack: line, column and the byte offset,
    :func:`fecipher.dsl.packs.decode_pack`)."""
    from fecipher.dsl.packs import decode_pack
    if len(data) > limit:
        raise LanguageError([Diagnostic(filename, 1, 1, f"the {what} has {len(data)} bytes; at most {limit} "
                                                        f"are allowed")])
    return decode_pack(data, filename)


def read_source(path: str | Path, limit: int, what: str = "file") -> str:
    """:func:`decode_source` of a file (OSError when it cannot be read)."""
    p = Path(path)
    if p.is_file() and p.stat().st_size > limit:
        raise LanguageError([Diagnostic(str(p), 1, 1, f"the {what} has {p.stat().st_size} bytes; at most "
                                                      f"{limit} are allowed")])
    return decode_source(p.read_bytes(), str(p), limit, what)


def load_scenarios(path: str | Path, root: str | Path | None = None) -> ScenarioFile:
    """Read and parse a scenario file (see :func:`parse_scenarios`); any bytes give
    a ScenarioFile or a LanguageError (OSError when the file cannot be read)."""
    p = Path(path)
    return parse_scenarios(read_source(p, MAX_SCENARIO_BYTES, "scenario file"), str(p), root)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files among ``paths`` (folders are searched for *.scn)."""
    out: list[Path] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            out.extend(sorted(f for f in p.rglob(f"*{SCENARIO_SUFFIX}") if f.is_file()))
        else:
            out.append(p)
    return out
