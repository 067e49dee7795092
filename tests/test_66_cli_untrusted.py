"""The command line never shows a traceback for a user's mistake or Ctrl-C:
files are checked before the work starts, and the exit codes are the README's
(0 ok, 1 findings, 2 usage error, 130 interrupted)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fecipher.engine.records import load_record, make_record
from fecipher.play.cli import main

SUITE = Path(__file__).parent / "conformance"


def _run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _cli(*argv, **kw):
    """The installed command in a fresh process: the exit code and both outputs."""
    p = subprocess.run([sys.executable, "-m", "fecipher.play.cli", *map(str, argv)], capture_output=True,
                       text=True, timeout=120, **kw)
    assert "Traceback" not in p.stdout + p.stderr, p.stderr
    return p.returncode, p.stdout, p.stderr


# ---------------------------------------------------------------------------- missing and unreadable files
@pytest.mark.parametrize("argv, needle", [
    (["cards", "--packs", "nosuch.fe0"], "no such file or folder: nosuch.fe0"),
    (["describe", "B01-003ST", "--packs", "nosuch.fe0"], "no such file or folder"),
    (["check", "nosuch.fe0"], "no such file or folder"),
    (["coverage", "--cardlist", "nosuch.json"], "no such card list"),
    (["test", "nosuch.scn"], "no such file or folder"),
    (["replay", "nosuch.json"], "cannot read the record"),
    (["snapshot", "--record", "nosuch.json"], "cannot read the record"),
    (["snapshot", "--deck1", "nosuch"], "no deck file"),
    (["play", "--deck1", "nosuch"], "no deck file"),
    (["test", SUITE / "rule_01_first_turn.scn", "--root", "nosuch"], "--root"),
])
def test_a_missing_file_is_a_usage_error(capsys, argv, needle):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and needle in err, err


def test_a_folder_given_as_a_pack_file_is_a_usage_error(capsys, tmp_path):
    code, _, err = _run(capsys, "cards", "--packs", tmp_path / "x.fe0")
    assert code == 2


def test_a_card_list_that_is_not_one_is_a_usage_error(capsys, tmp_path):
    for text, needle in (("{", "not JSON"), ('{"a": 1}', "a JSON list"), ('[{"x": 1}]', "card 0"),
                         ("[" * 100000, "not JSON")):
        p = tmp_path / "cl.json"
        p.write_text(text)
        code, _, err = _run(capsys, "coverage", "--cardlist", p)
        assert code == 2 and needle in err, err


# ---------------------------------------------------------------------------- outputs checked before the work
@pytest.mark.parametrize("target", ["no/such/folder/g.json", "folder"])
def test_an_unwritable_record_is_refused_before_the_game(capsys, tmp_path, monkeypatch, target):
    (tmp_path / "folder").mkdir()
    played = []
    import fecipher.play.agents as agents
    monkeypatch.setattr(agents, "play", lambda *a, **k: played.append(1))
    code, out, err = _run(capsys, "play", "--seed", "1", "--record", tmp_path / target)
    assert code == 2 and "cannot write the record" in err and played == [] and out == ""


def test_replay_and_snapshot_check_their_outputs_first(capsys, tmp_path):
    rec = tmp_path / "g.json"
    assert _run(capsys, "play", "--seed", "2", "--quiet", "--max-turns", "3", "--record", rec)[0] == 0
    code, out, err = _run(capsys, "replay", rec, "--record", tmp_path / "no" / "g2.json")
    assert code == 2 and "cannot write the record" in err and out == ""
    code, out, err = _run(capsys, "snapshot", "--record", rec, "--until", "5", "-o", tmp_path / "no" / "s.scn")
    assert code == 2 and "cannot write the output file" in err
    code, out, err = _run(capsys, "coverage", "--write", tmp_path / "no" / "c.md")
    assert code == 2 and "cannot write the output file" in err


# ---------------------------------------------------------------------------- Ctrl-C
def test_ctrl_c_during_fecipher_test_exits_130(capsys, monkeypatch):
    import fecipher.conformance.scenario_run as run

    def interrupted(sc):
        raise KeyboardInterrupt
    monkeypatch.setattr(run, "run_scenario", interrupted)
    code, out, err = _run(capsys, "test", SUITE / "rule_01_first_turn.scn")
    assert code == 130 and err.strip() == "fecipher: interrupted"


def test_ctrl_c_during_a_game_writes_the_record_so_far_and_exits_130(capsys, monkeypatch, tmp_path):
    from fecipher.play import ai
    calls = [0]
    real = ai.HeuristicAgent.__call__

    def agent(self, game):
        calls[0] += 1
        if calls[0] > 20:
            raise KeyboardInterrupt
        return real(self, game)
    monkeypatch.setattr(ai.HeuristicAgent, "__call__", agent)
    path = tmp_path / "g.json"
    code, out, err = _run(capsys, "play", "--seed", "4", "--record", path)
    assert code == 130 and "(interrupted)" in out and "fecipher: interrupted" in err
    rec = load_record(path)
    assert 0 < len(rec["answers"]) <= 20 and "result" not in rec
    monkeypatch.undo()
    assert _run(capsys, "replay", path, "--quiet")[0] == 0       # an unfinished game's record replays


@pytest.mark.parametrize("argv", [["cards"], ["check", "cards"], ["coverage"]])
def test_ctrl_c_in_any_command_exits_130(capsys, monkeypatch, argv):
    import fecipher.dsl.packs as packs

    def interrupted(*a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(packs, "embedded_pool", interrupted)
    monkeypatch.setattr(packs, "load_packs", interrupted)
    code, _, err = _run(capsys, *argv)
    assert code == 130 and "interrupted" in err


# ---------------------------------------------------------------------------- untrusted records and scenarios
def test_replay_exit_codes_for_bad_and_forged_records(capsys, tmp_path):
    rec = tmp_path / "g.json"
    assert _run(capsys, "play", "--seed", "3", "--quiet", "--record", rec)[0] == 0
    capsys.readouterr()
    data = json.loads(rec.read_text())
    bad = tmp_path / "bad.json"
    for raw, code_, needle in (
            (b"\xff", 2, "bad.json:1:1: error: the file is not UTF-8"),
            (b"[" * 100_000, 2, "nested"),
            (json.dumps(dict(data, conceded={"player": 5, "after": len(data["answers"])})).encode(), 2,
             "conceded.player: a player is 0 or 1, not 5"),
            (json.dumps(dict(data, result=dict(data["result"], turns=data["result"]["turns"] + 1))).encode(), 1,
             "result.turns: the record says turns"),
            (json.dumps({k: v for k, v in data.items() if k != "result"}).encode(), 1, "no 'result'")):
        bad.write_bytes(raw)
        code, out, err = _run(capsys, "replay", bad, "--quiet")
        assert code == code_ and needle in err, err
        assert err.startswith(f"{bad}:")
        # A replay to decision 3 checks the schema and the first 3 answers, not the end.
        code, out, err = _run(capsys, "snapshot", "--record", bad, "--until", "3")
        assert (code, needle in err) == ((code_, True) if code_ == 2 else (0, False)), err


def test_fecipher_test_exit_codes_and_positions(tmp_path):
    ok = tmp_path / "ok.scn"
    ok.write_text('scenario "fine"\n  start turn 1, player 1, action phase\n  player 1\n    front: B01-003ST MC\n'
                  '  player 2\n    front: B01-053ST MC\n  expect turn 1\n')
    assert _cli("test", ok)[0] == 0
    bad = tmp_path / "bad.scn"
    bad.write_bytes(b'scenario "x"\n  player 3\n    hand: "\xff"\n')
    code, out, err = _cli("test", bad)
    assert code == 1 and f"{bad}:3:12: error: the file is not UTF-8" in out and f"{bad}:2:10: error: there are two" not in out
    bad.write_bytes(b'scenario "x"\n  player 3\n')
    code, out, _ = _cli("test", bad)
    assert code == 1 and f"{bad}:2:10: error: there are two players" in out
    assert _cli("test", tmp_path / "missing.scn")[0] == 2


def test_replay_of_arbitrary_bytes_in_a_fresh_process(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = _cli("replay", p)
    assert code == 2 and f"{p}:1:17: error:" in err


def test_make_record_of_a_played_game_replays_through_the_cli(capsys, tmp_path):
    from fecipher.dsl.decks import load_deck
    from fecipher.engine.game import Game
    from fecipher.play.agents import RandomAgent, play
    g = Game(load_deck("marth"), load_deck("chrom"), seed=1, first_player=0, max_turns=4)
    play(g, [RandomAgent(1), RandomAgent(2)])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(make_record(g)))
    assert _run(capsys, "replay", path, "--quiet")[0] == 0


def test_replay_record_keeps_who_conceded(capsys, tmp_path):
    # A record may concede for the player who is not deciding; replaying it with
    # --record writes that player, so that the new record replays too.
    from fecipher.dsl.decks import load_deck
    from fecipher.engine.game import Game
    from fecipher.play.agents import RandomAgent
    g = Game(load_deck("marth"), load_deck("chrom"), seed=2)
    agent = RandomAgent(1)
    for _ in range(10):
        g.answer(agent(g))
    other = 1 - g.decision.player
    g.concede(other)
    src, out = tmp_path / "c.json", tmp_path / "c2.json"
    src.write_text(json.dumps(make_record(g, conceded={"player": other})))
    assert _run(capsys, "replay", src, "--quiet", "--record", out)[0] == 0
    assert load_record(out)["conceded"] == {"player": other, "after": 10}
    assert _run(capsys, "replay", out, "--quiet")[0] == 0


def test_a_real_ctrl_c_in_a_fresh_process_exits_130():
    import signal
    import time
    # A human seat waits for its first answer on a pipe that is never written: once its
    # prompt is out, the command is surely running (no race with start-up or the end).
    p = subprocess.Popen([sys.executable, "-m", "fecipher.play.cli", "play", "--p1", "human", "--seed", "1"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = b""
    deadline = time.monotonic() + 120
    while b"choose 1-" not in seen and time.monotonic() < deadline and p.poll() is None:
        seen += os.read(p.stdout.fileno(), 4096)
    assert b"choose 1-" in seen, seen[-500:]
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    err = err.decode("utf-8", "replace")
    assert p.returncode == 130, (p.returncode, err[-2000:])
    assert "Traceback" not in err and err.strip().endswith("fecipher: interrupted")
