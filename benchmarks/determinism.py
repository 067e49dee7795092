"""Determinism check: the full event list of seeded random self-play, hashed.

An optimization must not change what the engine does. For seeds 0..N-1 this plays
the starter decks against each other with seeded random agents and hashes every
event (``[e.to_json() for e in game.events]``); two runs of the same engine, or an
engine before and after an optimization, must print the same hash.

    python -m benchmarks.determinism                 # seeds 0..199, prints the hash
    python -m benchmarks.determinism --save FILE     # also writes per-seed hashes
    python -m benchmarks.determinism --check FILE    # compares with a saved file
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys

from benchmarks.common import play_one, starter_decks


def game_digest(game) -> str:
    h = hashlib.sha256()
    for e in game.events:
        h.update(json.dumps(e.to_json(), sort_keys=True, default=str).encode())
        h.update(b"\n")
    return h.hexdigest()


def digests(seeds) -> dict[int, str]:
    d1, d2 = starter_decks()
    return {s: game_digest(play_one(d1, d2, s)) for s in seeds}


def overall(per_seed: dict[int, str]) -> str:
    h = hashlib.sha256()
    for s in sorted(per_seed):
        h.update(f"{s}:{per_seed[s]}\n".encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.determinism", description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200, help="seeds 0..N-1 (default 200)")
    ap.add_argument("--save", help="write the per-seed hashes to this JSON file")
    ap.add_argument("--check", help="compare with per-seed hashes saved by --save")
    a = ap.parse_args(argv)
    per_seed = digests(range(a.seeds))
    total = overall(per_seed)
    print(f"seeds 0..{a.seeds - 1}: {total}")
    if a.save:
        with open(a.save, "w") as f:
            json.dump({"overall": total, "seeds": {str(k): v for k, v in per_seed.items()}}, f, indent=0)
    if a.check:
        with open(a.check) as f:
            saved = json.load(f)["seeds"]
        bad = [s for s, v in per_seed.items() if saved.get(str(s)) not in (None, v)]
        if bad:
            print(f"DIFFERENT: {len(bad)} seeds differ, first {bad[:10]}")
            return 1
        print("identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
