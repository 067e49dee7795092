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
of the chosen option in that decision's list, ``label`` its English label, kept
so that a replay which offers something else stops with a clear error instead of
silently playing another game. ``result`` is informative; when present, a full
replay checks that it ends the same way and produces the same events.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from fecipher.engine.decisions import Decision
from fecipher.engine.game import CardLookup, Deck, Game

FORMAT = "fecipher-record/1"


class RecordError(Exception):
    """A record that cannot be read: not JSON, wrong format, unknown cards."""


class ReplayMismatch(RecordError):
    """A record whose replay does not follow it: the game offered other options,
    or ended otherwise than the record says (the cards or the engine changed)."""


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


def make_record(game: Game, answers: Sequence[dict[str, Any]] | None = None, *,
                first_player: int | None | str = "same", conceded: dict[str, int] | None = None,
                result: bool = True) -> dict[str, Any]:
    """The record of ``game`` so far.

    ``answers`` are the entries collected while playing (:func:`answer_entry`);
    without them, the labels are recovered by replaying the game's answers.
    ``first_player`` is the argument the game was built with; by default the one
    the game was given (None means the seeded draw, and the draw is replayed).
    """
    decks = game.decks
    if decks[0] is None or decks[1] is None:
        raise RecordError("a game started from a scenario (no decks) cannot be recorded")
    if first_player == "same":
        first_player = getattr(game, "_record_first_player", "unknown")
        if first_player == "unknown":
            first_player = _guess_first_player_argument(game)
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
    if [a["option"] for a in answers] != list(game.answers):
        raise RecordError("the answer entries do not match the game's answers")
    rec["answers"] = [dict(a) for a in answers]
    if result and game.over:
        rec["result"] = {
            "winner": game.winner,
            "reason": game.reason,
            "first_player": game.first_player,
            "turns": game.turn,
            "decisions": len(game.answers),
            "events": len(game.events),
            "events_sha256": events_digest(game.events),
        }
    return rec


def _guess_first_player_argument(game: Game) -> int | None:
    """Whether the game drew its first player (None) or was told: the draw uses the
    seeded generator, so only one of the two replays gives the same events."""
    for fp in (None, game.first_player):
        g = Game(game.decks[0], game.decks[1], seed=game.seed, first_player=fp, max_turns=game.max_turns)
        for i in game.answers:
            g.answer(i)
        n = len(g.events)
        if n <= len(game.events) and events_digest(g.events) == events_digest(game.events[:n]):
            return fp
    return None


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


def save_record(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------- reading
def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read the record {str(path)!r}: {e.strerror or e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path}: not a JSON record (line {e.lineno}, column {e.colno}: {e.msg})") from None
    check_record(data, str(path))
    return data


def check_record(data: Any, where: str = "record") -> None:
    """Raise :class:`RecordError` unless ``data`` has the shape of a record."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: format {data.get('format')!r} is not {FORMAT!r}")
    for key, types in (("seed", int), ("decks", list), ("answers", list)):
        if not isinstance(data.get(key), types):
            raise RecordError(f"{where}: {key!r} is missing or not a {types.__name__}")
    if len(data["decks"]) != 2:
        raise RecordError(f"{where}: 'decks' must list two decks")
    fp = data.get("first_player")
    if fp is not None and fp not in (0, 1):
        raise RecordError(f"{where}: 'first_player' must be 0, 1 or null")
    for n, a in enumerate(data["answers"]):
        idx = a.get("option") if isinstance(a, dict) else a
        if not isinstance(idx, int) or isinstance(idx, bool) or idx < 0:
            raise RecordError(f"{where}: answer {n} has no option number")


def deck_from_json(data: dict[str, Any], pool: CardLookup) -> Deck:
    """A deck of the record, its cards looked up in ``pool`` (e.g. the embedded packs)."""
    try:
        return Deck.from_json(data, pool)
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"a deck in the record cannot be rebuilt: {e}") from None


def start_game(record: dict[str, Any], pool: CardLookup) -> Game:
    """A new game with the record's seed, decks, first player and turn limit."""
    d1, d2 = (deck_from_json(d, pool) for d in record["decks"])
    fp = record.get("first_player")
    g = Game(d1, d2, seed=record["seed"], first_player=fp, max_turns=record.get("max_turns", 300))
    g._record_first_player = fp  # type: ignore[attr-defined]
    return g


def _answer_index(a: Any) -> tuple[int, str | None]:
    if isinstance(a, dict):
        return a["option"], a.get("label")
    return int(a), None


class RecordFeed:
    """Serves a record's answers one decision at a time and checks each one."""

    def __init__(self, record: dict[str, Any], until: int | None = None):
        self.answers = record["answers"]
        self.until = len(self.answers) if until is None else min(until, len(self.answers))
        self.n = 0

    @property
    def done(self) -> bool:
        return self.n >= self.until

    def next_index(self, game: Game) -> int:
        d = game.decision
        if d is None:
            raise ReplayMismatch(f"decision {self.n}: the record has an answer but the game is over "
                                 f"({game.reason})")
        idx, label = _answer_index(self.answers[self.n])
        if not 0 <= idx < len(d.options):
            raise ReplayMismatch(
                f"decision {self.n} (player {d.player + 1}, {d.kind}): the record answers option {idx}"
                f"{f' ({label!r})' if label else ''}, but this game offers only {len(d.options)} options")
        if label is not None and d.options[idx].label != label:
            raise ReplayMismatch(
                f"decision {self.n} (player {d.player + 1}, {d.kind}): the record answers option {idx} "
                f"{label!r}, but in this game option {idx} is {d.options[idx].label!r}; "
                f"the cards or the engine have changed since the record was made")
        self.n += 1
        return idx


def replay(record: dict[str, Any], until: int | None = None, *, pool: CardLookup,
           on_answer: Callable[[Game, Decision, int | None], None] | None = None,
           check: bool = True) -> Game:
    """Rebuild a recorded game.

    With ``until=N`` the first N answers are given and the game waits at decision
    N (counting from 0), ready to be continued by any agent. Without it every
    answer is given, the recorded concession (if any) is applied, and, when the
    record has a ``result``, the outcome and event digest are checked.
    """
    check_record(record)
    game = start_game(record, pool)
    feed = RecordFeed(record, until)
    while not feed.done:
        d = game.decision
        idx = feed.next_index(game)
        game.answer(idx)
        if on_answer is not None:
            on_answer(game, d, idx)
    if until is None or until >= len(record["answers"]):
        apply_concession(record, game, on_answer)
        if check:
            verify_result(record, game)
    return game


def apply_concession(record: dict[str, Any], game: Game,
                     on_answer: Callable[[Game, Decision, int | None], None] | None = None) -> None:
    c = record.get("conceded")
    if c and not game.over:
        d = game.decision
        game.concede(int(c["player"]))
        if on_answer is not None:
            on_answer(game, d, None)


def verify_result(record: dict[str, Any], game: Game) -> None:
    res = record.get("result")
    if not res:
        return
    if not game.over:
        raise ReplayMismatch(f"the record says the game ended ({res.get('reason')}), but after "
                             f"{len(game.answers)} answers it waits for a decision")
    if game.winner != res.get("winner") or game.reason != res.get("reason"):
        raise ReplayMismatch(f"the record says {res.get('reason')!r} (winner {res.get('winner')}), "
                             f"the replay ends with {game.reason!r} (winner {game.winner})")
    digest = res.get("events_sha256")
    if digest and events_digest(game.events) != digest:
        raise ReplayMismatch("the replay ends the same way but its events differ from the recorded ones")


__all__ = [
    "FORMAT", "RecordError", "ReplayMismatch", "RecordFeed", "answer_entry", "apply_concession",
    "check_record", "deck_from_json", "events_digest", "load_record", "make_record", "replay",
    "save_record", "start_game", "verify_result",
]
