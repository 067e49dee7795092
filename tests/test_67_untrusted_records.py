"""Records are untrusted input (engine/records.py, docs/records.md): any bytes
given to `load_record` / `fecipher replay` give a record that replays exactly,
or a RecordError with file:line:column; a forged record is refused."""
import copy
import json

import pytest
from fuzz_settings import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from fecipher.dsl.decks import load_deck
from fecipher.dsl.packs import embedded_pool
from fecipher.engine.game import Game
from fecipher.engine.records import (
    FORMAT, RecordError, ReplayMismatch, answer_entry, check_record, events_digest, load_record, make_record,
    read_record_bytes, replay,
)
from fecipher.play.agents import CONCEDE, RandomAgent, play

POOL = embedded_pool()


def _game(seed, first_player=None, max_turns=300, concede_at=None):
    g = Game(load_deck("marth"), load_deck("chrom"), seed=seed, first_player=first_player, max_turns=max_turns)
    entries = []
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    n = [0]

    def agent(game):
        n[0] += 1
        if concede_at is not None and n[0] > concede_at:
            return CONCEDE
        return agents[game.decision.player](game)

    def on_answer(game, d, i):
        if i is not None:
            entries.append(answer_entry(d, i))

    play(g, [agent, agent], on_answer=on_answer)
    return g, entries


_RECORDS: dict = {}


def _record(kind="finished"):
    """A few real records, made once: a finished game with a drawn first player,
    one with an explicit first player, a game stopped by the turn limit, a
    conceded game, and an unfinished one."""
    if kind not in _RECORDS:
        if kind == "finished":
            g, e = _game(5)
            rec = make_record(g, e, first_player=None)
        elif kind == "explicit":
            g, e = _game(3, first_player=1)
            rec = make_record(g, e, first_player=1)
        elif kind == "turn_limit":
            g, e = _game(8, max_turns=3)
            rec = make_record(g, e, first_player=None)
        elif kind == "conceded":
            g, e = _game(9, concede_at=30)
            rec = make_record(g, e, first_player=None, conceded={"player": g.events[-2].player})
        else:
            g = Game(load_deck("marth"), load_deck("chrom"), seed=4)
            agent = RandomAgent(4)
            for _ in range(25):
                g.answer(agent(g))
            rec = make_record(g, first_player=None)
        _RECORDS[kind] = (rec, events_digest(replay(rec, pool=POOL).events))
    rec, digest = _RECORDS[kind]
    return copy.deepcopy(rec), digest


def _bytes(rec):
    return (json.dumps(rec, indent=1) + "\n").encode()


def _refused(rec, cls=RecordError, match=None):
    """Refused both as a dict and as a file's bytes (then with a position)."""
    with pytest.raises(cls, match=match):
        replay(rec, pool=POOL)
    try:
        loaded = read_record_bytes(_bytes(rec), "forged.json")
    except RecordError as e:
        assert isinstance(e, cls) or cls is ReplayMismatch and type(e) is RecordError
        _positioned(e)
        return e
    with pytest.raises(cls, match=match) as e:
        replay(loaded, pool=POOL)
    _positioned(e.value)
    return e.value


def _positioned(e: RecordError):
    assert e.filename == "forged.json" and e.line >= 1 and e.column >= 1, str(e)
    assert str(e).startswith(f"forged.json:{e.line}:{e.column}: error: ")


# ---------------------------------------------------------------------------- real records replay
@pytest.mark.parametrize("kind", ["finished", "explicit", "turn_limit", "conceded", "unfinished"])
def test_real_records_pass_the_schema_and_replay(kind):
    rec, digest = _record(kind)
    loaded = read_record_bytes(_bytes(rec), "r.json")
    g = replay(loaded, pool=POOL)
    assert events_digest(g.events) == digest
    assert ("result" in rec) == g.over


def test_make_record_works_for_an_explicit_first_player_without_the_argument():
    # Documented use: make_record(game, entries) for a game built with first_player=1.
    g, entries = _game(3, first_player=1)
    rec = make_record(g, entries)
    assert rec["first_player"] in (1, None)
    assert events_digest(replay(rec, pool=POOL).events) == events_digest(g.events)
    for seed in range(6):   # whichever player the seed would have drawn
        for fp in (0, 1):
            g, entries = _game(seed, first_player=fp, max_turns=2)
            assert events_digest(replay(make_record(g, entries), pool=POOL).events) == events_digest(g.events)


# ---------------------------------------------------------------------------- forged records
def test_a_removed_digest_or_result_is_refused():
    rec, _ = _record()
    del rec["result"]["events_sha256"]
    _refused(rec, RecordError, "events_sha256")
    rec, _ = _record()
    del rec["result"]
    e = _refused(rec, ReplayMismatch, "no 'result'")
    assert "finished game" in str(e)


def test_a_result_on_an_unfinished_game_is_refused():
    rec, _ = _record("unfinished")
    fin, _ = _record()
    rec["result"] = dict(fin["result"], decisions=len(rec["answers"]))
    _refused(rec, ReplayMismatch, "waits for a decision")


def test_an_edited_answer_with_a_recomputed_digest_is_refused():
    rec, _ = _record()
    g = replay(rec, until=10, pool=POOL)
    d = g.decision
    other = next(i for i in range(len(d.options)) if i != rec["answers"][10]["option"])
    rec["answers"][10] = answer_entry(d, other)          # a legal answer, with its true label
    # The digest recomputed over the events the forger shows (the original game's):
    # the replay plays the edited answer, so its game, and its events, differ.
    rec["result"]["events_sha256"] = events_digest(replay(_record()[0], pool=POOL).events)
    _refused(rec, ReplayMismatch)


@pytest.mark.parametrize("field, value, match", [
    ("turns", 999, "turns"),
    ("turns", 0, "turns"),
    ("winner", "other", "winner"),
    ("reason", "player 9 gave up", "reason"),
    ("first_player", "other", "first_player"),
    ("events", 1, "events"),
])
def test_an_edited_result_is_refused(field, value, match):
    rec, _ = _record()
    res = rec["result"]
    if value == "other":
        value = 1 - res[field] if res[field] is not None else 0
    res[field] = value
    _refused(rec, ReplayMismatch, match)


def test_an_edited_decisions_count_is_refused_by_the_schema():
    rec, _ = _record()
    rec["result"]["decisions"] += 1
    _refused(rec, RecordError, "decisions")


def test_an_answer_by_the_wrong_player_is_refused():
    rec, _ = _record()
    rec["answers"][3]["player"] = 1 - rec["answers"][3]["player"]
    e = _refused(rec, ReplayMismatch, "decision 3")
    assert e.path == "answers[3].player"


def test_a_conceded_player_5_is_refused():
    rec, _ = _record("conceded")
    rec["conceded"]["player"] = 5
    e = _refused(rec, RecordError, "a player is 0 or 1")
    assert "Player -3" not in str(e) and e.path == "conceded.player"


def test_a_concession_of_a_finished_game_is_refused():
    rec, _ = _record()
    rec["conceded"] = {"player": 0, "after": len(rec["answers"])}
    _refused(rec, ReplayMismatch, "conceded")


def test_a_concession_must_come_after_the_last_answer():
    rec, _ = _record("conceded")
    rec["conceded"]["after"] -= 1
    _refused(rec, RecordError, "after")


# Every field, given a value of the wrong type or out of range.
_BAD_VALUES = [
    ("format", 1), ("format", "fecipher-record/2"), ("seed", "7"), ("seed", 1.5), ("seed", True),
    ("seed", 2 ** 63), ("first_player", 2), ("first_player", "0"), ("first_player", False),
    ("max_turns", 0), ("max_turns", 10 ** 6), ("max_turns", None), ("decks", {}), ("decks", [1, 2]),
    ("decks", [[], []]), ("decks.0.name", 5), ("decks.0.cards", "B01-003ST"), ("decks.0.cards.0", 3),
    ("decks.1.main_character", None), ("decks.0.extra", 1), ("answers", None), ("answers", {}),
    ("answers.0", 0), ("answers.0.option", "0"), ("answers.0.option", -1), ("answers.0.option", 1.0),
    ("answers.0.label", None), ("answers.0.player", 2), ("answers.0.player", None), ("answers.0.extra", 1),
    ("conceded", 1), ("conceded", []), ("result", None), ("result", []), ("result.winner", 2),
    ("result.winner", "1"), ("result.reason", 0), ("result.first_player", None), ("result.turns", -1),
    ("result.turns", "27"), ("result.events", 0), ("result.events_sha256", "abc"),
    ("result.events_sha256", "0" * 63 + "G"), ("result.extra", 1), ("extra", 1),
]


def _set(rec, path, value):
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    obj = rec
    for k in keys[:-1]:
        obj = obj[k]
    obj[keys[-1]] = value


@pytest.mark.parametrize("path, value", _BAD_VALUES, ids=[f"{p}={v!r}"[:40] for p, v in _BAD_VALUES])
def test_wrong_types_and_ranges_in_each_field_are_refused_with_a_position(path, value):
    rec, _ = _record()
    _set(rec, path, value)
    with pytest.raises(RecordError) as e:
        check_record(rec)
    assert not isinstance(e.value, ReplayMismatch)
    e = _refused(rec, RecordError)
    assert e.path.split("[")[0].split(".")[0] == path.split(".")[0]


@pytest.mark.parametrize("key", ["format", "seed", "first_player", "max_turns", "decks", "answers", "conceded"])
def test_each_required_field_is_required(key):
    rec, _ = _record()
    del rec[key]
    _refused(rec, RecordError, f"'{key}' is missing")


def test_unknown_cards_and_illegal_decks_are_positioned():
    rec, _ = _record()
    rec["decks"][1]["cards"][7] = "NOPE-001"
    e = _refused(rec, RecordError, "NOPE-001")
    assert e.path == "decks[1].cards[7]"
    rec, _ = _record()
    rec["decks"][0]["cards"] = rec["decks"][0]["cards"][:10]
    e = _refused(rec, RecordError, "rule 12")
    assert e.path == "decks[0]"


# ---------------------------------------------------------------------------- bytes that are not a record
@pytest.mark.parametrize("data, line, column, match", [
    (b'{"format": "x\xff"}', 1, 14, "not UTF-8"),
    (b'{\n  "seed": \xc3(\n}', 2, 11, "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, 1, 17, "nested"),
    (b'{"seed": ' + b"9" * 100_000 + b"}", 1, 10, "digits"),
    (b'{"a": NaN}', 1, 7, "not a JSON record"),
    (b'{"seed": 1, "seed": 2}', 1, 13, "twice"),
    (b"", 1, 1, "not a JSON record"),
    (b"\n\n  [1, 2", 3, 8, "not a JSON record"),
    (b"[]", 1, 1, "an object is expected"),
])
def test_bytes_that_are_not_a_record_give_a_positioned_error(data, line, column, match):
    with pytest.raises(RecordError, match=match) as e:
        read_record_bytes(data, "x.json")
    assert (e.value.filename, e.value.line, e.value.column) == ("x.json", line, column), str(e.value)


def test_a_schema_error_points_at_the_field_in_the_file(tmp_path):
    rec, _ = _record()
    rec["answers"][5]["player"] = 7
    path = tmp_path / "r.json"
    path.write_bytes(_bytes(rec))
    with pytest.raises(RecordError) as e:
        load_record(path)
    text = path.read_text().splitlines()
    err = e.value
    assert text[err.line - 1][err.column - 1:].startswith("7")
    assert f"{path}:{err.line}:{err.column}: error: answers[5].player: a player is 0 or 1, not 7" in str(err)


# ---------------------------------------------------------------------------- fuzzing
def _check_outcome(data: bytes, digest_of_source: str | None):
    """Any bytes: a RecordError with a position, or a record that replays the game exactly."""
    try:
        rec = read_record_bytes(data, "fuzz.json")
    except RecordError as e:
        _positioned_fuzz(e)
        return
    try:
        g = replay(rec, pool=POOL)
    except RecordError as e:
        _positioned_fuzz(e)
        return
    # Accepted: then it is a true record of the game it replays.
    if g.over:
        assert rec["result"]["events_sha256"] == events_digest(g.events)
    if digest_of_source is not None and "result" in rec:
        assert rec["result"]["events_sha256"] == digest_of_source


def _positioned_fuzz(e: RecordError):
    assert e.filename == "fuzz.json" and e.line >= 1 and e.column >= 1, str(e)


_KINDS = ["finished", "explicit", "turn_limit", "conceded", "unfinished"]
_JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.integers(), st.sampled_from([2 ** 63, -(2 ** 63) - 1]),
    st.text(max_size=5), st.sampled_from(["keep this hand", "0" * 64, FORMAT]), st.just([]), st.just({}),
    st.lists(st.integers(0, 2), max_size=2),
)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        n = len(obj)
        for idx in sorted(set(range(min(3, n))) | set(range(max(0, n - 2), n))):
            yield from _paths(obj[idx], (*prefix, idx))


@st.composite
def _mutated_record(draw):
    kind = draw(st.sampled_from(_KINDS))
    rec, digest = _record(kind)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(rec) if p]
        path = draw(st.sampled_from(paths))
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        op = draw(st.sampled_from(["set", "delete", "bump", "add"]))
        key = path[-1]
        if op == "delete":
            del parent[key]
        elif op == "bump" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-1, 1]))
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "result", "conceded", "seed"]))] = draw(_JSON_VALUES)
        else:
            parent[key] = draw(_JSON_VALUES)
        if not isinstance(rec, dict):
            break
    return _bytes(rec), digest


@fuzz_settings(300)
@given(_mutated_record())
def test_fuzz_mutated_records(case):
    data, digest = case
    _check_outcome(data, digest)


@st.composite
def _mutated_bytes(draw):
    rec, digest = _record(draw(st.sampled_from(_KINDS)))
    data = bytearray(json.dumps(rec, separators=(",", ":")).encode()
                     if draw(st.booleans()) else _bytes(rec))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        chunk = draw(st.binary(min_size=1, max_size=4) | st.sampled_from(
            [b"[", b"]", b"{", b"}", b'"', b",", b":", b"\\", b"0", b"9" * 30, b"-", b"\xff", b"\xc3", b"null"]))
        if op == "insert":
            data[i:i] = chunk
        elif op == "delete":
            del data[i:i + len(chunk)]
        else:
            data[i:i + len(chunk)] = chunk
    return bytes(data), digest


@fuzz_settings(300)
@given(_mutated_bytes())
def test_fuzz_mutated_record_bytes(case):
    data, digest = case
    _check_outcome(data, None)


@fuzz_settings(400)
@given(st.binary(max_size=300) | st.text(alphabet='[]{}",:0123456789-. \nabtrufnlsex\\', max_size=200).map(str.encode))
def test_fuzz_arbitrary_bytes_as_a_record(data):
    _check_outcome(data, None)
