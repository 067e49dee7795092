"""Game records (engine/records.py): the format, exact replay, --until and resume."""
import copy
import json

import pytest

from fecipher.dsl.decks import load_deck
from fecipher.play.agents import CONCEDE, FirstOptionAgent, RandomAgent, play
from fecipher.play.ai import HeuristicAgent
from fecipher.play.cli import main
from fecipher.engine.game import Game
from fecipher.engine.records import (
    FORMAT, RecordError, ReplayMismatch, answer_entry, events_digest, load_record, make_record, replay,
    save_record,
)
from fecipher.play.render import render_game
from fecipher.dsl.packs import embedded_pool

POOL = embedded_pool()


def _decks():
    return load_deck("marth"), load_deck("chrom")


def _played(seed=5, first_player=None, max_turns=300):
    d1, d2 = _decks()
    g = Game(d1, d2, seed=seed, first_player=first_player, max_turns=max_turns)
    entries = []
    play(g, [HeuristicAgent(seed), RandomAgent(seed)],
         on_answer=lambda game, d, i: entries.append(answer_entry(d, i)))
    return g, entries


def _events(g):
    return [e.to_json() for e in g.events]


def test_a_record_has_the_documented_fields_and_is_json():
    g, entries = _played()
    rec = make_record(g, entries, first_player=None)
    assert rec["format"] == FORMAT
    assert set(rec) >= {"format", "seed", "first_player", "decks", "answers", "max_turns", "result"}
    assert rec["first_player"] is None and rec["seed"] == 5 and rec["max_turns"] == 300
    assert rec["decks"] == [d.to_json() for d in _decks()]
    assert [a["option"] for a in rec["answers"]] == g.answers
    assert all(isinstance(a["label"], str) and a["label"] for a in rec["answers"])
    assert rec["result"]["winner"] == g.winner and rec["result"]["events"] == len(g.events)
    assert json.loads(json.dumps(rec)) == rec


def test_replay_reproduces_the_same_event_stream(tmp_path):
    g, entries = _played(seed=11)
    path = tmp_path / "g.json"
    save_record(make_record(g, entries, first_player=None), path)
    r = replay(load_record(path), pool=POOL)
    assert r.over and r.winner == g.winner and r.reason == g.reason
    assert _events(r) == _events(g)
    assert render_game(r) == render_game(g)


def test_an_explicit_first_player_is_replayed_as_given():
    g, entries = _played(seed=3, first_player=1)
    rec = make_record(g, entries, first_player=1)
    assert rec["first_player"] == 1
    assert events_digest(replay(rec, pool=POOL).events) == events_digest(g.events)


def test_labels_and_the_first_player_argument_are_recovered_without_entries():
    g, entries = _played(seed=8)
    rec = make_record(g)                      # no entries, first player unknown: both recovered
    assert rec["answers"] == entries and rec["first_player"] is None
    assert events_digest(replay(rec, pool=POOL).events) == events_digest(g.events)


def test_until_stops_at_decision_n_and_any_agent_can_resume():
    g, entries = _played(seed=21)
    rec = make_record(g, entries, first_player=None)
    n = len(g.answers) // 2
    r = replay(rec, until=n, pool=POOL)
    assert not r.over and r.answers == g.answers[:n]
    assert r.decision == Game(*_decks(), seed=21).decision or r.decision is not None
    # Resumed with the recorded answers, it is the same game ...
    for i in g.answers[n:]:
        r.answer(i)
    assert _events(r) == _events(g)
    # ... and resumed by another agent, it is played to an end.
    r2 = replay(rec, until=n, pool=POOL)
    play(r2, [FirstOptionAgent(), HeuristicAgent(1)])
    assert r2.over and r2.answers[:n] == g.answers[:n]


def test_until_zero_is_the_fresh_game():
    g, entries = _played(seed=2)
    r = replay(make_record(g, entries, first_player=None), until=0, pool=POOL)
    assert r.answers == [] and r.decision == Game(*_decks(), seed=2).decision


def test_a_label_mismatch_stops_with_a_clear_error():
    g, entries = _played(seed=4)
    rec = make_record(g, entries, first_player=None)
    bad = copy.deepcopy(rec)
    bad["answers"][7]["label"] = "something else"
    with pytest.raises(ReplayMismatch) as e:
        replay(bad, pool=POOL)
    msg = str(e.value)
    assert "decision 7" in msg and "something else" in msg and rec["answers"][7]["label"] in msg


def test_an_out_of_range_answer_is_a_mismatch():
    g, entries = _played(seed=4)
    bad = make_record(g, entries, first_player=None)
    bad["answers"][0] = {"option": 99, "label": "keep this hand", "player": bad["answers"][0]["player"]}
    with pytest.raises(ReplayMismatch, match="decision 0 .* only 2 options"):
        replay(bad, pool=POOL)


def test_a_changed_result_is_detected():
    g, entries = _played(seed=6)
    bad = make_record(g, entries, first_player=None)
    bad["result"]["events_sha256"] = "0" * 64
    with pytest.raises(ReplayMismatch, match="events differ"):
        replay(bad, pool=POOL)
    replay(bad, check=False, pool=POOL)


def test_a_concession_is_recorded_and_replayed():
    d1, d2 = _decks()
    g = Game(d1, d2, seed=9)
    entries = []
    script = iter(range(30))

    def conceder(game):
        return CONCEDE if next(script) == 29 else FirstOptionAgent()(game)

    def on_answer(game, d, i):
        if i is not None:
            entries.append(answer_entry(d, i))

    play(g, [conceder, conceder], on_answer=on_answer)
    assert g.over and "conceded" in g.reason
    rec = make_record(g, entries, first_player=None, conceded={"player": g.events[-2].player, "after": 29})
    r = replay(rec, pool=POOL)
    assert r.over and r.reason == g.reason and _events(r) == _events(g)


def test_malformed_records_are_refused(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    with pytest.raises(RecordError, match="not a JSON record"):
        load_record(p)
    p.write_text(json.dumps({"format": "other"}))
    with pytest.raises(RecordError, match="format"):
        load_record(p)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    g, entries = _played(seed=1)
    rec = make_record(g, entries, first_player=None)
    rec["decks"][0]["cards"][0] = "NOPE-001"
    with pytest.raises(RecordError, match="NOPE-001"):
        replay(rec, pool=POOL)


def test_cli_replay_prints_the_play_log_byte_for_byte(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--seed", "7", "--record", str(path)]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert played == replayed
    assert played.splitlines()[-1].startswith("Player ") and " wins: " in played.splitlines()[-1]
    assert main(["replay", str(path), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(x) for x in lines] == [e.to_json() for e in replay(load_record(path), pool=POOL).events]


def test_cli_replay_until_continues_with_the_given_players(tmp_path, capsys):
    path, path2 = tmp_path / "g.json", tmp_path / "g2.json"
    assert main(["play", "--seed", "12", "--p2", "random", "--record", str(path), "--quiet"]) == 0
    capsys.readouterr()
    rec = load_record(path)
    n = 40
    assert main(["replay", str(path), "--until", str(n), "--p1", "random", "--p2", "random",
                 "--record", str(path2)]) == 0
    out = capsys.readouterr().out
    assert " wins: " in out or "without a winner" in out
    rec2 = load_record(path2)
    assert rec2["answers"][:n] == rec["answers"][:n]
    assert rec2["seed"] == rec["seed"] and rec2["decks"] == rec["decks"]
    assert main(["replay", str(path2), "--quiet"]) == 0        # the continued game replays too
