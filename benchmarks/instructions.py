"""Instructions executed by N self-play games (or by compiling a pack of N cards),
counted by valgrind's cachegrind.

Wall-clock times on a shared 2-core machine move by 2x from run to run; the
number of instructions does not (same seeds, same code: same count, to about
0.1 %). This is the figure to compare an engine before and after a change:

    python -m benchmarks.instructions              # 5 games (seeds 0..4)
    python -m benchmarks.instructions --games 10
    python -m benchmarks.instructions --cards 300  # parse, check, compile 300 synthetic cards

It runs ``python`` under ``valgrind --tool=cachegrind --cache-sim=no`` twice (0
games, then N) and prints the difference in millions of instructions. Needs
valgrind (Debian: ``apt-get install valgrind``); about a minute for 5 games.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_GAMES = r"""
import sys
from benchmarks.common import play_one, starter_decks
d1, d2 = starter_decks()
for s in range(int(sys.argv[1])):
    play_one(d1, d2, s)
"""

_CARDS = r"""
import sys
from benchmarks.compilation import synthetic_pack
from fecipher.dsl.packs import compile_text
text = synthetic_pack(int(sys.argv[2]))
compile_text(synthetic_pack(3))   # the parser built, the modules imported: not counted
if sys.argv[1] == "1":
    compile_text(text, "synthetic.fe0")
"""


def _real_python() -> str:
    """The interpreter valgrind starts: this one, so that a virtual environment's
    packages (its own editable install of fecipher) are the ones measured. A pyenv
    shim is a shell script, which valgrind cannot start: then the interpreter it
    stands for."""
    exe = Path(sys.executable)
    with open(exe.resolve(), "rb") as f:
        script = f.read(2) == b"#!"
    if not script:
        return str(exe)   # (a venv's python, a symlink: kept as it is, so its venv is used)
    base = getattr(sys, "_base_executable", None)
    return str(Path(base).resolve()) if base and Path(base).exists() else str(exe.resolve())


def instructions(games: int, cards: int = 0) -> int:
    """Instructions of a whole run: ``games`` self-play games, or (``cards`` > 0) the
    set-up of a ``cards``-card pack, compiled when ``games`` is 1."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (env.get("PYTHONPATH"), root) if p)
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          _real_python(), "-c", _CARDS if cards else _GAMES, str(games), str(cards)],
                         capture_output=True, text=True, env=env,
                         check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError("no instruction count in valgrind's output:\n" + out.stderr[-2000:])
    return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--cards", type=int, default=0, help="count compiling a synthetic pack of this many cards")
    a = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    if a.cards:
        base, total = instructions(0, a.cards), instructions(1, a.cards)
        print(f"{(total - base) / 1e6:,.0f} M instructions to parse, check and compile a synthetic pack of "
              f"{a.cards:,} cards (start-up and the parser's construction subtracted)")
        return 0
    base = instructions(0)
    total = instructions(a.games)
    print(f"{(total - base) / 1e6:,.0f} M instructions for {a.games} self-play games "
          f"(seeds 0..{a.games - 1}; start-up and deck compilation subtracted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
