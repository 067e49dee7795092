"""2. Compilation: parse + check + compile card packs.

- every pack in cards/ (``load_packs([cards])``);
- a synthetic pack of 2,500 cards made by replicating the real cards of cards/
  under new codes (``S001-000SY`` ...) and names (the title gets `` #N``, N the
  card's number in the pack).

*Cold* is a new Python process (``subprocess``) that imports fecipher and compiles,
timed inside it from before ``import fecipher.dsl.packs`` (so the Lark parser is
built or loaded from Lark's on-disk cache, as on a first run of a command), and
also from outside (the interpreter's start included). *Warm* is again in this
process, once the parser is built (the compiled result is not cached: each run
parses, checks and compiles the text again).
"""
from __future__ import annotations

import importlib.resources
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import median, row

NAME = "compile"
TITLE = "compilation"

# a title may hold escaped quotes (B07-092HN Sophie, "I didn't mean to strip you!")
_CARD = re.compile(r'^card "(?P<name>(?:[^"\\]|\\.)*)"\s*$')
_CODES = re.compile(r"^(\s+)codes\s")
# a skill line naming a card of the pack by its full name ("level up into this from ...")
_FROM_CARD = re.compile(r'level up into this from "(?P<name>(?:[^"\\]|\\.)*)"')


def cards_dir() -> Path:
    return Path(str(importlib.resources.files("fecipher.cards")))


def pack_paths() -> list[Path]:
    return sorted(cards_dir().glob("*.fe0"))


def card_blocks(text: str) -> list[list[str]]:
    """The lines of each card of a pack (from its ``card "..."`` line to the next one;
    comments between cards go with the card before them)."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if _CARD.match(line):
            blocks.append([line])
        elif blocks:
            blocks[-1].append(line)
    return blocks


def synthetic_pack(n: int = 2500) -> str:
    """A pack of ``n`` cards: the real cards over and over, each copy with a new code
    and a new title (the unit name, and so every skill, is the original's)."""
    blocks = [b for p in pack_paths() for b in card_blocks(p.read_text(encoding="utf-8"))]
    out = ['# Synthetic pack for benchmarks: real cards replicated under new codes and names.',
           'pack "SYN"', ""]
    index = {_CARD.match(b[0]).group("name"): k for k, b in enumerate(blocks)}  # type: ignore[union-attr]
    for i in range(n):
        rep, k = divmod(i, len(blocks))
        block = blocks[k]
        name = _CARD.match(block[0]).group("name")  # type: ignore[union-attr]
        out.append(f'card "{name} #{i + 1}"')
        for line in block[1:]:
            m = _CODES.match(line)
            if m:
                # A card code's number has 3 digits: with more than 1000 real cards the
                # thousands of the card's index go into the set number (10 sets a copy).
                line = f"{m.group(1)}codes S{rep * 10 + k // 1000 + 1:03d}-{k % 1000:03d}SY"
            r = _FROM_CARD.search(line)
            if r and r.group("name") in index:
                # 'level up into this from "<card>"' names a card of the pack: its copy in
                # this replication, or in the one before when this one stops short of it
                j = rep * len(blocks) + index[r.group("name")]
                j = j if j < n else j - len(blocks)
                line = line[:r.start("name")] + f'{r.group("name")} #{j + 1}' + line[r.end("name"):]
            out.append(line)
    return "\n".join(out) + "\n"


_COLD = r"""
import json, sys, time
t0 = time.perf_counter()
from fecipher.dsl.packs import compile_text, load_packs
t1 = time.perf_counter()
paths = sys.argv[1:]
if len(paths) == 1 and paths[0].endswith(".synthetic.fe0"):
    text = open(paths[0], encoding="utf-8").read()
    n = len(compile_text(text, paths[0]))
else:
    n = len(load_packs(paths))
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "compile_s": t2 - t1, "total_s": t2 - t0, "cards": n}))
"""


def cold(paths: list[str], repeat: int) -> dict:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", _COLD, *paths], capture_output=True, text=True, check=True)
        wall = time.perf_counter() - t
        d = json.loads(out.stdout.strip().splitlines()[-1])
        d["process_s"] = wall
        runs.append(d)
    return {k: median(r[k] for r in runs) for k in ("import_s", "compile_s", "total_s", "process_s")} | {
        "cards": runs[0]["cards"]}


def warm_packs(repeat: int) -> tuple[float, int]:
    from fecipher.dsl.packs import load_packs
    paths = [str(cards_dir())]
    n = len(load_packs(paths))      # builds the parser
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        load_packs(paths)
        times.append(time.perf_counter() - t)
    return median(times), n


def warm_text(text: str, repeat: int) -> tuple[float, int]:
    from fecipher.dsl.packs import compile_text
    n = len(compile_text(text, "synthetic.fe0"))
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        compile_text(text, "synthetic.fe0")
        times.append(time.perf_counter() - t)
    return median(times), n


def run(quick: bool = False) -> list[dict]:
    b = TITLE
    n_syn = 100 if quick else 2500
    repeat_cold = 1 if quick else 3
    repeat_warm = 1 if quick else 5
    text = synthetic_pack(n_syn)
    rows = []
    c = cold([str(cards_dir())], repeat_cold)
    w, n = warm_packs(repeat_warm)
    packs = ", ".join(p.name for p in pack_paths())
    rows.append(row(b, f"all packs in cards/, cold ({n} cards)", c["total_s"], "s",
                    note=f"{packs}; import {c['import_s']:.2f} s + compile {c['compile_s']:.2f} s; "
                         f"whole process {c['process_s']:.2f} s"))
    rows.append(row(b, f"all packs in cards/, warm ({n} cards)", w, "s", target="< 1", met=w < 1,
                    note=f"{w / n * 1000:.2f} ms per card; the target of issues #15, #18, #20 for the whole pool"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.synthetic.fe0"
        path.write_text(text, encoding="utf-8")
        cs = cold([str(path)], 1)
    ws, ns = warm_text(text, 1 if quick else 3)
    full = n_syn == 2500
    rows.append(row(b, f"synthetic pack of {ns:,} cards, cold", cs["total_s"], "s",
                    note=f"import {cs['import_s']:.2f} s + compile {cs['compile_s']:.2f} s"))
    rows.append(row(b, f"synthetic pack of {ns:,} cards, warm", ws, "s",
                    target="<= 1 (2,500 cards)" if full else "", met=(ws <= 1.0) if full else None,
                    note=f"{ws / ns * 1000:.2f} ms per card"))
    return rows
