"""Game records: a game written down as its inputs, and replayed exactly.

A game is a function of its seed, its two decks, who goes first and the answers
given to its decisions, so a record stores exactly those (see docs/records.md)::

    {
      "format": "fecipher-record/1",
      "seed": 7,
      "first_player": null,            # the argument given: null = the seeded draw
      "max_turns": 300,
      "decks": [deck.to_json(), deck.to_json()],
      "answers": [{"option": 0, "label": "keep this hand", "player": 0}, ...],
      "conceded": null,                # or {"player": 1, "after": 42}
      "result": {"winner": 1, "reason": "...", "first_player": 0, "turns": 27,
                 "decisions": 212, "events": 1130, "events_sha256": "..."}
    }

``answers[n]`` answers decision ``n`` (counting from 0): ``option`` is the index
of the chosen option in that decision's list, ``label`` its English label and
``player`` the deciding player, kept so that a replay which offers something
else stops with a clear error instead of silently playing another game.

A record is untrusted input. :func:`load_record` reads any bytes into either a
record that has the shape of :data:`SCHEMA` (every field by type and range) or a
:class:`RecordError` with file:line:column. A full :func:`replay` then plays the
answers, checking each label and deciding player, and compares everything the
``result`` says (winner, reason, first player, turns, decisions, events and the
events' digest) with the game it played; a finished game must have a result and
an unfinished one must not. A record that does not replay raises
:class:`ReplayMismatch`, positioned at the field that does not hold.
"""
from __future__ import annotations

import hashlib
import json
import re
from json.decoder import scanstring
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from fecipher.engine.decisions import Decision, IllegalAnswer
from fecipher.engine.game import CardLookup, Deck, Game
from fecipher.engine.jsontypes import JSONObject

FORMAT = "fecipher-record/1"

# Limits of the schema: far above any real game, low enough that a record cannot
# make a replay run out of memory or time before it is refused.
MAX_RECORD_BYTES = 64 << 20          # a 300-turn game's record is about 100 KB
MAX_DEPTH = 16                       # a record nests 4 deep
MAX_NUMBER_DIGITS = 19               # every number is an int below 2**63
MAX_SEED = 1 << 63                   # seeds: -2**63 <= seed < 2**63
MAX_TURNS = 10_000                   # max_turns: 1 to 10,000
MAX_ANSWERS = 1_000_000
MAX_OPTION = 100_000                 # option numbers (a decision offers < 100)
MAX_DECK_CARDS = 1_000
MAX_TEXT = 4_000                     # a deck name, a card code, a label, a reason (labels: < 100)
_DIGEST = re.compile(r"[0-9a-f]{64}")


class RecordError(Exception):
    """A record that cannot be read: not UTF-8, not JSON, not of the schema,
    unknown cards, an illegal deck.

    ``filename``, ``line`` and ``column`` say where (counting from 1; for bytes
    that are not UTF-8 the message adds the byte offset); ``path`` names the
    field (``answers[3].player``). ``str()`` is ``file:line:column: error: ...``
    followed by the line and a caret when the record was read from a file.
    """

    def __init__(self, message: str, *, filename: str | None = None, line: int = 0, column: int = 0,
                 path: str = "", source_line: str = ""):
        self.message = message
        self.filename = filename
        self.line = line
        self.column = column
        self.path = path
        self.source_line = source_line
        super().__init__(self.format())

    def format(self) -> str:
        what = f"{self.path}: {self.message}" if self.path else self.message
        if self.filename is None:
            return f"record: {what}"
        if not self.line:
            return f"{self.filename}: error: {what}"
        out = f"{self.filename}:{self.line}:{self.column}: error: {what}"
        if self.source_line:
            shown = self.source_line.rstrip()
            if len(shown) > 160:  # a long line (a record written on one line): the part around the column
                lo = max(0, self.column - 80)
                shown, col = shown[lo:lo + 160], self.column - lo
            else:
                col = self.column
            out += f"\n    {shown}\n    {' ' * (max(col, 1) - 1)}^"
        return out


class ReplayMismatch(RecordError):
    """A record whose replay does not follow it: the game offered other options,
    another player decided, or it ended otherwise than the record says (the
    record was edited, or the cards or the engine changed)."""


# ---------------------------------------------------------------------------- the schema
class _Bad(Exception):
    """A schema violation at ``path`` (a tuple of keys and indexes)."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


def _path_text(path: Sequence[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(v: Any, path: tuple, lo: int, hi: int, what: str = "") -> int:
    if not _is_int(v):
        raise _Bad(path, f"{what or 'an integer'} is expected, not {_kind(v)}")
    if not lo <= v <= hi:
        raise _Bad(path, f"{v} is out of range: {what or 'it'} is {lo} to {hi}")
    return v


def _player(v: Any, path: tuple, *, null: bool = False) -> None:
    if v is None and null:
        return
    if not _is_int(v) or v not in (0, 1):
        shown = _kind(v) if not _is_int(v) else str(v)
        raise _Bad(path, f"a player is 0 or 1{' (or null)' if null else ''}, not {shown}")


def _text(v: Any, path: tuple, what: str = "a string") -> None:
    if not isinstance(v, str):
        raise _Bad(path, f"{what} is expected, not {_kind(v)}")
    if len(v) > MAX_TEXT:
        raise _Bad(path, f"a text of {len(v)} characters; at most {MAX_TEXT} are allowed")


def _object(v: Any, path: tuple, required: Sequence[str], optional: Sequence[str] = ()) -> dict:
    if not isinstance(v, dict):
        raise _Bad(path, f"an object is expected, not {_kind(v)}")
    for k in v:
        if k not in required and k not in optional:
            known = ", ".join(repr(x) for x in (*required, *optional))
            raise _Bad((*path, k), f"unknown field {k!r} (the fields are {known})")
    for k in required:
        if k not in v:
            raise _Bad(path, f"the field {k!r} is missing")
    return v


def _list(v: Any, path: tuple, most: int, what: str) -> list:
    if not isinstance(v, list):
        raise _Bad(path, f"a list of {what} is expected, not {_kind(v)}")
    if len(v) > most:
        raise _Bad(path, f"{len(v)} {what}; at most {most} are allowed")
    return v


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return f"the number {v!r}"
    if isinstance(v, str):
        return f"the string {v[:40]!r}" + ("..." if len(v) > 40 else "")
    return "a list" if isinstance(v, list) else "an object"


def _check_deck(d: Any, path: tuple) -> None:
    _object(d, path, ("name", "main_character", "cards"))
    _text(d["name"], (*path, "name"), "a deck name")
    _text(d["main_character"], (*path, "main_character"), "a card code")
    for j, code in enumerate(_list(d["cards"], (*path, "cards"), MAX_DECK_CARDS, "cards")):
        _text(code, (*path, "cards", j), "a card code")


def _check_schema(data: Any) -> None:
    """Raise :class:`_Bad` at the first field that breaks :data:`SCHEMA`."""
    _object(data, (), ("format", "seed", "first_player", "max_turns", "decks", "answers", "conceded"),
            ("result",))
    if data["format"] != FORMAT:
        raise _Bad(("format",), f"format {data['format']!r} is not {FORMAT!r}")
    _int(data["seed"], ("seed",), -MAX_SEED, MAX_SEED - 1, "a seed")
    _player(data["first_player"], ("first_player",), null=True)
    _int(data["max_turns"], ("max_turns",), 1, MAX_TURNS, "max_turns")
    decks = _list(data["decks"], ("decks",), 2, "decks")
    if len(decks) != 2:
        raise _Bad(("decks",), f"a record has two decks, not {len(decks)}")
    for i, d in enumerate(decks):
        _check_deck(d, ("decks", i))
    answers = _list(data["answers"], ("answers",), MAX_ANSWERS, "answers")
    for n, a in enumerate(answers):
        p = ("answers", n)
        _object(a, p, ("option", "label", "player"))
        _int(a["option"], (*p, "option"), 0, MAX_OPTION, "an option number")
        _text(a["label"], (*p, "label"), "a label")
        _player(a["player"], (*p, "player"))
    c = data["conceded"]
    if c is not None:
        _object(c, ("conceded",), ("player", "after"))
        _player(c["player"], ("conceded", "player"))
        _int(c["after"], ("conceded", "after"), 0, MAX_ANSWERS, "'after'")
        if c["after"] != len(answers):
            raise _Bad(("conceded", "after"), f"the concession comes after the last answer: 'after' is "
                                              f"{len(answers)} (the number of answers), not {c['after']}")
    if "result" in data:
        r = data["result"]
        p = ("result",)
        _object(r, p, ("winner", "reason", "first_player", "turns", "decisions", "events", "events_sha256"))
        _player(r["winner"], (*p, "winner"), null=True)
        _text(r["reason"], (*p, "reason"), "a reason")
        _player(r["first_player"], (*p, "first_player"))
        _int(r["turns"], (*p, "turns"), 0, MAX_TURNS + 1, "a number of turns")
        _int(r["decisions"], (*p, "decisions"), 0, MAX_ANSWERS, "a number of decisions")
        if r["decisions"] != len(answers):
            raise _Bad((*p, "decisions"), f"the record has {len(answers)} answers, not {r['decisions']}")
        _int(r["events"], (*p, "events"), 1, 1 << 62, "a number of events")
        if not isinstance(r["events_sha256"], str) or not _DIGEST.fullmatch(r["events_sha256"]):
            raise _Bad((*p, "events_sha256"), "a SHA-256 digest (64 lower-case hexadecimal digits) is expected")


SCHEMA = """\
format        "fecipher-record/1"
seed          integer, -2**63 <= seed < 2**63
first_player  0, 1 or null
max_turns     integer, 1 to 10,000
decks         a list of two objects {name: text, main_character: card code, cards: list of card codes (at most 1,000)}
answers       a list (at most 1,000,000) of objects {option: integer 0-100,000, label: text, player: 0 or 1}
conceded      null or {player: 0 or 1, after: the number of answers}
result        (when the game is over, and only then) {winner: 0, 1 or null, reason: text, first_player: 0 or 1,
              turns: integer, decisions: the number of answers, events: integer >= 1,
              events_sha256: 64 lower-case hexadecimal digits}
texts         at most 4,000 characters; no other field is allowed anywhere
"""
"""The record schema in words (docs/records.md); :func:`check_record` is its code."""


# ---------------------------------------------------------------------------- positions in the JSON text
class _Source:
    """A record's text, to point at the field an error is about."""

    _WS = re.compile(r"[ \t\n\r]*")
    _TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}]')
    _SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null")

    def __init__(self, filename: str, text: str):
        self.filename = filename
        self.text = text

    def error(self, cls: type, message: str, offset: int, path: str = "") -> RecordError:
        t = self.text
        line = t.count("\n", 0, offset) + 1
        start = t.rfind("\n", 0, offset) + 1
        end = t.find("\n", offset)
        return cls(message, filename=self.filename, line=line, column=offset - start + 1, path=path,
                   source_line=t[start:end if end >= 0 else len(t)])

    def at(self, cls: type, path: Sequence[str | int], message: str) -> RecordError:
        return self.error(cls, message, self.offset(path), _path_text(path))

    def _skip_ws(self, i: int) -> int:
        return self._WS.match(self.text, i).end()  # type: ignore[union-attr]

    def _skip_value(self, i: int) -> int:
        t = self.text
        if i >= len(t):
            return i
        if t[i] == '"':
            return scanstring(t, i + 1)[1]
        if t[i] in "[{":
            depth = 0
            for m in self._TOKEN.finditer(t, i):
                ch = m.group()
                if ch in "[{":
                    depth += 1
                elif ch in "]}":
                    depth -= 1
                    if depth == 0:
                        return m.end()
            return len(t)
        m = self._SCALAR.match(t, i)
        return m.end() if m else i + 1

    def offset(self, path: Sequence[str | int]) -> int:
        """Where the value at ``path`` starts (the deepest part of it found)."""
        t = self.text
        i = self._skip_ws(0)
        for key in path:
            if i >= len(t) or t[i] not in "[{":
                return i
            found = None
            j = self._skip_ws(i + 1)
            n = 0
            while j < len(t) and t[j] not in "]}":
                if t[i] == "{":
                    k, j = scanstring(t, j + 1) if t[j] == '"' else ("", j + 1)
                    j = self._skip_ws(j) + 1          # the ':'
                    j = self._skip_ws(j)
                    hit = k == key
                else:
                    hit = n == key
                if hit:
                    found = j
                    break
                j = self._skip_ws(self._skip_value(j))
                if j < len(t) and t[j] == ",":
                    j = self._skip_ws(j + 1)
                n += 1
            if found is None:
                return i
            i = found
        return i

    def duplicate_key(self) -> tuple[int, str] | None:
        """The offset and name of the first key that appears twice in one object."""
        t = self.text
        stack: list[set[str] | None] = []
        expect_key = False
        for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|[\[\]{},:]', t):
            g = m.group()
            if g == "{":
                stack.append(set())
                expect_key = True
            elif g == "[":
                stack.append(None)
            elif g in "]}":
                if stack:
                    stack.pop()
                expect_key = False
            elif g == ",":
                expect_key = bool(stack) and stack[-1] is not None
            elif g == ":":
                expect_key = False
            elif expect_key and stack and stack[-1] is not None:
                key = json.loads(g)
                if key in stack[-1]:
                    return m.start(), key
                stack[-1].add(key)
                expect_key = False
        return None


class _DuplicateKey(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _DuplicateKey()
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class Record(dict):
    """A record read from a file: a plain dict that remembers its text, so that
    errors found later (in a replay) point at the field in the file."""

    source: "_Source | None" = None


def _where(record: Any, path: Sequence[str | int], message: str, cls: type = RecordError) -> RecordError:
    src = getattr(record, "source", None)
    if src is not None:
        return src.at(cls, path, message)
    return cls(message, path=_path_text(path))


# ---------------------------------------------------------------------------- writing
def answer_entry(decision: Decision, index: int) -> dict[str, Any]:
    return {"option": index, "label": decision.options[index].label, "player": decision.player}


def events_digest(events: Iterable[Any]) -> str:
    """SHA-256 of the events as JSON lines: equal digests, equal event streams."""
    h = hashlib.sha256()
    for e in events:
        h.update(json.dumps(e.to_json(), sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()


def make_record(game: Game, answers: Sequence[JSONObject] | None = None, *,
                first_player: int | None | str = "same",
                conceded: dict[str, int] | None = None) -> JSONObject:
    """The record of ``game`` so far, with its ``result`` when it is over.

    ``answers`` are the entries collected while playing (:func:`answer_entry`);
    without them, the labels are recovered by replaying the game's answers.
    ``first_player`` is the argument the game was built with; by default the one
    the game was given (None means the seeded draw, and the draw is replayed).
    ``conceded`` is ``{"player": p}`` (``"after"`` is the number of answers) when
    the game ended by that player's concession. The record is checked against
    the schema before it is returned.
    """
    decks = game.decks
    if decks[0] is None or decks[1] is None:
        raise RecordError("a game started from a scenario (no decks) cannot be recorded")
    if first_player == "same":
        first_player = getattr(game, "_record_first_player", "unknown")
        if first_player == "unknown":
            first_player = _guess_first_player_argument(game)
    if conceded is not None:
        conceded = {"player": conceded.get("player"), "after": conceded.get("after", len(game.answers))}
    rec: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "first_player": first_player,
        "max_turns": game.max_turns,
        "decks": [decks[0].to_json(), decks[1].to_json()],
        "answers": [],
        "conceded": conceded,
    }
    if answers is None:
        answers = _labels_by_replay(game, rec)
    if [a.get("option") if isinstance(a, dict) else None for a in answers] != list(game.answers):
        raise RecordError("the answer entries do not match the game's answers")
    rec["answers"] = [dict(a) for a in answers]
    if game.over:
        rec["result"] = {
            "winner": game.winner,
            "reason": game.reason,
            "first_player": game.first_player,
            "turns": game.turn,
            "decisions": len(game.answers),
            "events": len(game.events),
            "events_sha256": events_digest(game.events),
        }
    check_record(rec)
    return rec


def _replays(game: Game, fp: int | None) -> bool:
    """Whether a game built with first-player argument ``fp`` gives ``game``'s events."""
    try:
        g = Game(game.decks[0], game.decks[1], seed=game.seed, first_player=fp, max_turns=game.max_turns)
        for i in game.answers:
            g.answer(i)
    except IllegalAnswer:         # the other first player: the answers do not fit its options
        return False
    n = len(g.events)
    return n <= len(game.events) and events_digest(g.events) == events_digest(game.events[:n])


def _guess_first_player_argument(game: Game) -> int | None:
    """Whether the game drew its first player (None) or was told: the draw uses the
    seeded generator after the shuffles, so the two replays differ once a later
    shuffle or draw uses it (until then either gives the same game)."""
    for fp in (None, game.first_player):
        if _replays(game, fp):
            return fp
    raise RecordError("the game cannot be replayed from its seed, decks and answers "
                      "(was it changed by hand?); it cannot be recorded")


def _labels_by_replay(game: Game, rec: dict[str, Any]) -> list[dict[str, Any]]:
    fp = rec["first_player"]
    g = Game(game.decks[0], game.decks[1], seed=game.seed, first_player=fp, max_turns=game.max_turns)
    out = []
    for i in game.answers:
        d = g.decision
        assert d is not None
        out.append(answer_entry(d, i))
        g.answer(i)
    return out


def save_record(record: JSONObject, path: str | Path) -> None:
    """Write a record as a JSON file (UTF-8, indented)."""
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------- reading
def read_record_bytes(data: bytes, filename: str = "<record>") -> Record:
    """A record from the bytes of a file, checked against the schema; anything
    else raises :class:`RecordError` with the position of the problem."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"the file has {len(data)} bytes; a record has at most {MAX_RECORD_BYTES}",
                          filename=filename, line=1, column=1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        # As for packs and scenarios: line and column (in characters) of the first
        # byte that is not UTF-8, and its byte offset.
        start = data.rfind(b"\n", 0, e.start) + 1
        end = data.find(b"\n", e.start)
        raise RecordError(f"the file is not UTF-8 text: byte 0x{data[e.start]:02X} at byte offset {e.start} "
                          f"cannot be read ({e.reason})", filename=filename, line=data.count(b"\n", 0, e.start) + 1,
                          column=len(data[start:e.start].decode("utf-8", "replace")) + 1,
                          source_line=data[start:end if end >= 0 else len(data)].decode("utf-8", "replace")
                          ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    src = _Source(filename, text)
    # Nesting and number length first: the JSON decoder recurses, and converting
    # a number of 100,000 digits takes long; a record needs neither.
    depth = 0
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|[\[{]|[\]}]|\d{%d,}' % (MAX_NUMBER_DIGITS + 1), text):
        g = m.group()
        if g in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise src.error(RecordError, f"lists and objects nested more than {MAX_DEPTH} deep; "
                                             f"a record nests 4 deep", m.start())
        elif g in "]}":
            depth -= 1
        elif g[0].isdigit():
            raise src.error(RecordError, f"a number of {len(g)} digits; a record's numbers have at most "
                                         f"{MAX_NUMBER_DIGITS}", m.start())
    try:
        data_ = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise src.error(RecordError, f"not a JSON record ({e.msg})", e.pos) from None
    except _DuplicateKey:
        dup = src.duplicate_key()
        raise src.error(RecordError, f"the field {dup[1] if dup else '?'!r} is given twice in one object",
                        dup[0] if dup else 0) from None
    except ValueError as e:   # NaN / Infinity
        m = re.search(r"-?\b(?:NaN|Infinity)\b", text)
        raise src.error(RecordError, f"not a JSON record ({e})", m.start() if m else 0) from None
    try:
        _check_schema(data_)
    except _Bad as b:
        raise src.at(RecordError, b.path, b.message) from None
    rec = Record(data_)
    rec.source = src
    return rec


def load_record(path: str | Path) -> JSONObject:
    """Read and check a record file (see :func:`read_record_bytes`)."""
    p = Path(path)
    try:
        if p.is_file() and p.stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"the file has {p.stat().st_size} bytes; a record has at most "
                              f"{MAX_RECORD_BYTES}", filename=str(path), line=1, column=1)
        data = p.read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read the record: {e.strerror or e}", filename=str(path)) from None
    return read_record_bytes(data, str(path))


def check_record(data: Any, where: str | None = None) -> None:
    """Raise :class:`RecordError` unless ``data`` has the shape of a record
    (:data:`SCHEMA`: every field by type and range, no other field)."""
    try:
        _check_schema(data)
    except _Bad as b:
        src = getattr(data, "source", None)
        if src is not None:
            raise src.at(RecordError, b.path, b.message) from None
        raise RecordError(b.message, filename=where, path=_path_text(b.path)) from None


def deck_from_json(data: dict[str, Any], pool: CardLookup, record: Any = None, index: int = 0) -> Deck:
    """A deck of the record, its cards looked up in ``pool`` (e.g. the embedded packs)."""
    path: tuple = ("decks", index)
    for j, code in enumerate(data.get("cards", ()) if isinstance(data, dict) else ()):
        if isinstance(code, str) and pool.find(code) is None:
            raise _where(record, (*path, "cards", j), f"unknown card code {code!r} in deck {data.get('name')!r}")
    mc = data.get("main_character") if isinstance(data, dict) else None
    if isinstance(mc, str) and pool.find(mc) is None:
        raise _where(record, (*path, "main_character"), f"unknown card code {mc!r}")
    try:
        return Deck.from_json(data, pool)
    except (KeyError, TypeError, ValueError) as e:
        raise _where(record, path, f"the deck cannot be rebuilt: {e}") from None


def start_game(record: dict[str, Any], pool: CardLookup) -> Game:
    """A new game with the record's seed, decks, first player and turn limit.

    The record is checked first (:func:`check_record`); an illegal deck is a
    :class:`RecordError` too."""
    from fecipher.engine.deckrules import IllegalDeck, check_deck
    check_record(record)
    decks = [deck_from_json(d, pool, record, i) for i, d in enumerate(record["decks"])]
    for i, d in enumerate(decks):
        try:
            check_deck(d)
        except IllegalDeck as e:
            raise _where(record, ("decks", i), str(e)) from None
    fp = record["first_player"]
    g = Game(decks[0], decks[1], seed=record["seed"], first_player=fp, max_turns=record["max_turns"])
    g._record_first_player = fp  # type: ignore[attr-defined]
    return g


class RecordFeed:
    """Serves a record's answers one decision at a time and checks each one:
    the option exists, has the recorded label and is the recorded player's."""

    def __init__(self, record: dict[str, Any], until: int | None = None):
        self.record = record
        self.answers = record["answers"]
        self.until = len(self.answers) if until is None else max(0, min(until, len(self.answers)))
        self.n = 0

    @property
    def done(self) -> bool:
        return self.n >= self.until

    def _mismatch(self, field: str | None, message: str) -> ReplayMismatch:
        path: tuple = ("answers", self.n) + ((field,) if field else ())
        return _where(self.record, path, message, ReplayMismatch)  # type: ignore[return-value]

    def next_index(self, game: Game) -> int:
        d = game.decision
        if d is None or game.over:
            raise self._mismatch(None, f"decision {self.n}: the record has an answer but the game is over "
                                       f"({game.reason})")
        a = self.answers[self.n]
        idx, label, player = a["option"], a["label"], a["player"]
        if player != d.player:
            raise self._mismatch("player", f"decision {self.n} ({d.kind}) is player {d.player + 1}'s, but the "
                                           f"record has player {player + 1} answer it")
        if not 0 <= idx < len(d.options):
            raise self._mismatch("option",
                                 f"decision {self.n} (player {d.player + 1}, {d.kind}): the record answers option "
                                 f"{idx} ({label!r}), but this game offers only {len(d.options)} options")
        if d.options[idx].label != label:
            raise self._mismatch("label",
                                 f"decision {self.n} (player {d.player + 1}, {d.kind}): the record answers option "
                                 f"{idx} {label!r}, but in this game option {idx} is {d.options[idx].label!r}; "
                                 f"the record was edited, or the cards or the engine have changed since it was made")
        self.n += 1
        return idx


def replay(record: JSONObject, until: int | None = None, *, pool: CardLookup,
           on_answer: Callable[[Game, Decision, int | None], None] | None = None,
           check: bool = True) -> Game:
    """Rebuild a recorded game.

    With ``until=N`` the first N answers are given and the game waits at decision
    N (counting from 0), ready to be continued by any agent. Without it every
    answer is given, the recorded concession (if any) is applied, and the result
    is checked (:func:`verify_result`; ``check=False`` skips that).
    """
    game = start_game(record, pool)
    feed = RecordFeed(record, until)
    while not feed.done:
        d = game.decision
        idx = feed.next_index(game)
        game.answer(idx)
        if on_answer is not None:
            on_answer(game, d, idx)  # type: ignore[arg-type]
    if until is None or until >= len(record["answers"]):
        apply_concession(record, game, on_answer)
        if check:
            verify_result(record, game)
    return game


def apply_concession(record: dict[str, Any], game: Game,
                     on_answer: Callable[[Game, Decision, int | None], None] | None = None) -> None:
    """The recorded concession, after the last answer; a record that concedes a
    game already over raises :class:`ReplayMismatch`."""
    c = record.get("conceded")
    if not c:
        return
    if game.over:
        raise _where(record, ("conceded",), f"the record says player {c['player'] + 1} conceded after "
                                            f"{c['after']} answers, but the game was over ({game.reason})",
                     ReplayMismatch)
    d = game.decision
    game.concede(c["player"])
    if on_answer is not None:
        on_answer(game, d, None)  # type: ignore[arg-type]


def verify_result(record: dict[str, Any], game: Game) -> None:
    """Compare the record's ``result`` with the replayed ``game``: a finished game
    must have one and every field must agree (winner, reason, first player,
    turns, decisions, events, events' digest); an unfinished game has none."""
    res = record.get("result")
    if res is None:
        if game.over:
            raise _where(record, (), f"the replay ends ({game.reason}) after {len(game.answers)} answers, but "
                                     f"the record has no 'result': a finished game's record has its result "
                                     f"and events digest", ReplayMismatch)
        return
    if not game.over:
        raise _where(record, ("result",), f"the record says the game ended ({res['reason']}), but after "
                                          f"{len(game.answers)} answers it waits for a decision", ReplayMismatch)
    who = {None: "no winner", 0: "player 1", 1: "player 2"}
    actual = {
        "winner": (game.winner, lambda v: who.get(v, str(v))),
        "reason": (game.reason, repr),
        "first_player": (game.first_player, lambda v: who.get(v, str(v))),
        "turns": (game.turn, str),
        "decisions": (len(game.answers), str),
        "events": (len(game.events), str),
    }
    for field, (value, show) in actual.items():
        if res[field] != value:
            raise _where(record, ("result", field), f"the record says {field} {show(res[field])}, the replay "
                                                    f"gives {show(value)}", ReplayMismatch)
    if events_digest(game.events) != res["events_sha256"]:
        raise _where(record, ("result", "events_sha256"),
                     "the replay ends the same way but its events differ from the recorded ones", ReplayMismatch)


__all__ = [
    "FORMAT", "MAX_TURNS", "MAX_SEED", "Record", "RecordError", "ReplayMismatch", "RecordFeed", "SCHEMA",
    "answer_entry", "apply_concession", "check_record", "deck_from_json", "events_digest", "load_record",
    "make_record", "read_record_bytes", "replay", "save_record", "start_game", "verify_result",
]
