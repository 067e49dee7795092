"""`fecipher play` and `fecipher replay`: output modes, help, exit codes."""
import json
import subprocess
import sys

import pytest

from fecipher.play.cli import main


def _run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as e:              # argparse: --help (0) and usage errors (2)
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["play", "replay"])
def test_help_shows_examples(capsys, command):
    code, out, _ = _run(capsys, command, "--help")
    assert code == 0
    assert "examples:" in out and f"fecipher {command}" in out and "exit codes" in out


def test_play_prints_a_readable_game(capsys):
    code, out, _ = _run(capsys, "play", "--seed", "7", "--max-turns", "6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Fire Emblem 0 (Cipher): Player 1: Marth starter") and "seed 7" in lines[0]
    assert "Turn 1: Player" in out and " Bond Phase" in out and " Deployment Phase" in out
    assert " deploys " in out
    assert lines[-1].startswith(("Player 1 wins", "Player 2 wins", "The game ends without a winner"))


def test_quiet_prints_only_the_result(capsys):
    code, out, _ = _run(capsys, "play", "--seed", "3", "--quiet", "--p1", "random", "--p2", "random",
                        "--max-turns", "8")
    assert code == 0
    assert len(out.splitlines()) == 1 and "turn" in out


def test_json_prints_events_as_json_lines(capsys):
    code, out, _ = _run(capsys, "play", "--seed", "3", "--json", "--max-turns", "4")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[-1]["event"] == "game_over" and any(r["event"] == "game_started" for r in rows)


def test_board_at_the_end(capsys):
    code, out, _ = _run(capsys, "play", "--seed", "3", "--quiet", "--board", "--max-turns", "4")
    assert code == 0
    assert "Front:" in out and "orbs" in out and "hand" in out


@pytest.mark.parametrize("argv, needle", [
    (["play", "--deck1", "no-such-deck"], "no deck file"),
    (["play", "--p1", "wizard"], "invalid choice"),
    (["play", "--rollouts", "0", "--p1", "search"], "--rollouts"),
    (["play", "--max-turns", "0"], "--max-turns"),
    (["play", "--quiet", "--json"], "not allowed"),
    (["replay"], "required"),
])
def test_usage_errors_exit_2(capsys, argv, needle):
    code, out, err = _run(capsys, *argv)
    assert code == 2
    assert needle in err


def test_replay_exit_codes(capsys, tmp_path):
    missing = tmp_path / "missing.json"
    code, _, err = _run(capsys, "replay", str(missing))
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    code, _, err = _run(capsys, "replay", str(bad))
    assert code == 2 and "not a JSON record" in err
    rec = tmp_path / "g.json"
    assert _run(capsys, "play", "--seed", "5", "--quiet", "--max-turns", "6", "--record", str(rec))[0] == 0
    data = json.loads(rec.read_text())
    code, _, err = _run(capsys, "replay", str(rec), "--until", str(len(data["answers"]) + 1))
    assert code == 2 and "--until" in err
    data["answers"][3]["label"] = "a label the game never offered"
    rec.write_text(json.dumps(data))
    code, out, err = _run(capsys, "replay", str(rec))
    assert code == 1 and "decision 3" in err and "does not replay" in err


def test_replay_of_an_unfinished_record_says_where_it_stops(capsys, tmp_path):
    rec = tmp_path / "g.json"
    assert _run(capsys, "play", "--seed", "5", "--quiet", "--max-turns", "6", "--record", str(rec))[0] == 0
    data = json.loads(rec.read_text())
    del data["result"]
    data["answers"] = data["answers"][:10]
    rec.write_text(json.dumps(data))
    code, out, _ = _run(capsys, "replay", str(rec))
    assert code == 0 and "(the record stops at decision 10; the game is not over)" in out


def test_the_installed_command_runs():
    r = subprocess.run([sys.executable, "-m", "fecipher.play.cli", "play", "--seed", "7", "--quiet",
                        "--max-turns", "4"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()
