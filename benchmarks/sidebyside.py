"""Self-play of the starter decks side by side with another revision (issue #14: "no slower
self-play on the starter decks than before, same machine, side by side").

    python -m benchmarks.sidebyside bcdef51              # 5 pairs of runs of 50 games
    python -m benchmarks.sidebyside bcdef51 --pairs 3 --games 20

Run from the repository root (a git checkout). The other revision is checked out into a
temporary git worktree; each tree is imported from its own folder (``fecipher`` names the
tree's root, as the installed package maps its folders), by the same interpreter. The two
trees run in turns, one process each time: in each, the fastest of ``--repeat`` runs of
``--games`` games (seeds 0..games-1, ``benchmarks.common.play_one`` of that tree, the starter
decks). Each pair's ratio is this tree's time per player turn over the other's; the median
of the pairs is printed. Turns are compared too: the same seeds make the same games only
when the rules did not change between the two.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_PLAY = r"""
import gc, json, sys, time
tree, shim, games, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path[:0] = [shim, tree]
from benchmarks.common import play_one, starter_decks
d = starter_decks()
play_one(*d, 0)
best = None
for _ in range(repeat):
    gc.collect()
    t = time.perf_counter()
    turns = sum(play_one(*d, s).turn for s in range(games))
    ms = (time.perf_counter() - t) / turns * 1000
    best = ms if best is None else min(best, ms)
import fecipher.engine.game
print(json.dumps({"ms_per_turn": best, "turns": turns, "engine": fecipher.engine.game.__file__}))
"""


def _shim(base: Path, tree: Path, name: str) -> Path:
    """A folder holding only ``fecipher``, a link to ``tree``: importing from it reads the
    tree's engine/, dsl/, cards/ ... as fecipher.engine, fecipher.dsl, fecipher.cards ..."""
    d = base / name
    d.mkdir()
    (d / "fecipher").symlink_to(tree, target_is_directory=True)
    return d


def _run(tree: Path, shim: Path, games: int, repeat: int) -> dict:
    out = subprocess.run([sys.executable, "-c", _PLAY, str(tree), str(shim), str(games), str(repeat)],
                         capture_output=True, text=True, check=True, cwd=tree)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    if not got["engine"].startswith(str(shim) + "/"):   # (an installed fecipher found first)
        raise RuntimeError(f"the games of {tree} ran the engine of {got['engine']}")
    return got


def compare(rev: str, pairs: int = 5, games: int = 50, repeat: int = 5) -> dict:
    """Time this tree and revision ``rev`` in turns (see the module's doc): each pair's
    figures and the median ratio (this tree over ``rev``)."""
    here = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                               check=True).stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        other = base / "tree"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", "--quiet", str(other), rev],
                       check=True)
        try:
            shims = {"here": _shim(base, here, "here"), "other": _shim(base, other, "other")}
            rows = []
            for _ in range(pairs):
                theirs = _run(other, shims["other"], games, repeat)
                ours = _run(here, shims["here"], games, repeat)
                rows.append({"other": theirs, "here": ours, "ratio": ours["ms_per_turn"] / theirs["ms_per_turn"]})
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(other)], check=False)
    return {"rev": rev, "pairs": rows, "median_ratio": statistics.median(r["ratio"] for r in rows)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.sidebyside", description=__doc__.split("\n")[0])
    ap.add_argument("rev", help="the other revision (a commit, a tag, a branch)")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=5, help="runs of the games in each process (the fastest counts)")
    a = ap.parse_args(argv)
    got = compare(a.rev, a.pairs, a.games, a.repeat)
    for i, r in enumerate(got["pairs"], 1):
        print(f"pair {i}: {a.rev} {r['other']['ms_per_turn']:.4f} ms, this tree {r['here']['ms_per_turn']:.4f} ms "
              f"per player turn ({r['ratio']:.3f}x; {r['other']['turns']} and {r['here']['turns']} turns)")
    verdict = "no slower" if got["median_ratio"] <= 1 else "slower"
    print(f"this tree against {a.rev}: {got['median_ratio']:.3f}x (median of {len(got['pairs'])} pairs): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
