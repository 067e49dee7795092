"""The benchmarks (``python -m benchmarks``) run: each in its quickest mode.

These prove the benchmark code works and that what it checks on the way holds
(hand-written skills publish the same events as the compiled ones, a replay gives
the recorded events, a mid-game Game cannot be deep-copied). They assert nothing
about time: the machine is shared.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:   # benchmarks/ is a top-level folder of the repository, not installed
    sys.path.insert(0, str(ROOT))

from benchmarks import compilation, determinism, dispatch, overhead, replay, selfplay  # noqa: E402
from benchmarks.__main__ import MODULES, main, table  # noqa: E402

KEYS = {"benchmark", "metric", "value", "unit", "target", "met", "note"}


def _check_rows(rows):
    assert rows
    for r in rows:
        assert set(r) == KEYS
        assert r["met"] in (True, False, None)
    assert table(rows).count("\n") == len(rows) + 1


def _by_metric(rows):
    return {r["metric"]: r for r in rows}


def test_selfplay_quick():
    rows = selfplay.run(quick=True)
    _check_rows(rows)
    m = _by_metric(rows)
    assert m["games per second"]["value"] > 0
    assert m["time per player turn"]["target"] == "<= 0.5"
    assert m["peak memory of one game"]["value"] > 0


def test_compilation_quick():
    rows = compilation.run(quick=True)
    _check_rows(rows)
    assert any("synthetic pack of 100 cards, warm" in r["metric"] for r in rows)


def test_synthetic_pack_compiles_with_new_codes_and_names():
    from fecipher.dsl.packs import compile_text, load_packs
    real = load_packs([str(compilation.cards_dir())])
    cards = compile_text(compilation.synthetic_pack(len(real) + 5), "synthetic.fe0")
    assert len(cards) == len(real) + 5
    assert len({c.code for c in cards}) == len(cards)
    assert len({c.name for c in cards}) == len(cards)
    assert {c.unit_name for c in cards} <= {c.unit_name for c in real}


def test_overhead_quick_hand_written_skills_publish_the_same_events():
    rows = overhead.run(quick=True)
    _check_rows(rows)
    games = _by_metric(rows)["whole games: compiled / hand-written"]
    assert "events identical: yes" in games["note"]
    assert games["value"] > 0


def test_hand_written_decks_swap_the_three_skills():
    h1, h2, changed = overhead.hand_decks()
    assert changed >= 3
    names = {s.name for d in (h1, h2) for c in d.cards
             for s in c.skills + ((c.support_skill,) if c.support_skill else ())}
    assert {"Attack Emblem", "Steel Bow"} <= names


def test_dispatch_quick():
    rows = dispatch.run(quick=True)
    _check_rows(rows)
    assert sum(1 for r in rows if r["metric"].startswith("Game.emit")) == len(dispatch.COUNTS)


def test_replay_quick_and_deepcopy_is_not_possible():
    rows = replay.run(quick=True)
    _check_rows(rows)
    m = _by_metric(rows)
    assert m["replay to the middle of a game"]["value"] > 0
    assert m["copy.deepcopy of a mid-game Game"]["value"] == "not possible"


def test_determinism_hash_is_stable():
    a = determinism.digests(range(2))
    b = determinism.digests(range(2))
    assert a == b and determinism.overall(a) == determinism.overall(b)


def test_main_only_and_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["--quick", "--only", "replay", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "state copy / replay" in printed
    data = json.loads(out.read_text())
    assert data["machine"]["quick"] is True
    assert {r["benchmark"] for r in data["rows"]} == {"state copy / replay"}


def test_main_refuses_an_unknown_benchmark():
    with pytest.raises(SystemExit):
        main(["--only", "nonesuch"])
    assert set(MODULES) == {"selfplay", "compile", "overhead", "dispatch", "replay"}


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs a git checkout (the other revision is a worktree)")
def test_sidebyside_times_both_trees_from_their_own_folders():
    """``python -m benchmarks.sidebyside REV`` (issue #14's comparison): against this very
    revision, both sides play the same games, each with its own tree's engine (checked in
    the child processes: an engine imported from elsewhere is refused)."""
    from benchmarks import sidebyside
    got = sidebyside.compare("HEAD", pairs=1, games=1, repeat=1)
    (pair,) = got["pairs"]
    assert pair["here"]["turns"] == pair["other"]["turns"] > 0
    assert pair["here"]["engine"] != pair["other"]["engine"]
    assert got["median_ratio"] == pair["ratio"] > 0
