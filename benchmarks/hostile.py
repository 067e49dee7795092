"""Hostile packs: what loading costs for inputs built to hurt, and that each gives cards
or the language's own positioned error.

    python -m benchmarks.hostile                  # every case (a few minutes on 2 cores)
    python -m benchmarks.hostile --mutants 10000  # and 10,000 mutated real packs
    python -m benchmarks.hostile --only blank_lines_10mb --only codes_100k

Each case is written to a file and loaded with ``load_packs`` (what ``fecipher check``
does) in a new Python process, which reports the time to load, the peak of the memory Python allocates while
loading (``tracemalloc``, in a second load: "traced"), the process's maximum resident
size (``resource.getrusage``: "maxrss", which includes about 135 MB that importing
fecipher and loading Lark's parser take first) and the first diagnostic. The process has an address-space limit
(``--memory-limit``, 4 GiB by default), so that a case that would take the machine's
memory fails instead. The exit status is 1 if any case ends in an exception other than
``LanguageError`` (or a LanguageError with a diagnostic without a position), or a crash.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAD = 'pack "HOSTILE"\n\ncard "Marth, Star and Savior"\n  codes S01-001ST\n  cost 4\n  attack 70\n  support 20\n'


def _card(i: int, body: str = "") -> str:
    return f'card "Marth, Copy {i}"\n  codes H{i // 1000 % 1000:03d}-{i % 1000:03d}\n  cost 1\n  attack 10\n  support 10\n{body}'


def _real() -> str:
    return (Path(__file__).resolve().parent.parent / "cards" / "b01.fe0").read_text(encoding="utf-8")


def cases() -> dict[str, bytes]:
    """Every case's file content, by name."""
    real = _real()
    out: dict[str, str | bytes] = {
        "number_100k_digits": HEAD.replace("cost 4", "cost " + "9" * 100_000),
        "number_4301_digits_in_tag": HEAD + '  cont "X" [LvS ' + "9" * 4301 + "]\n    this unit gains +10 attack\n",
        "range_1_to_million": HEAD + "  range 1-1000000\n",
        "range_1_to_10e100": HEAD + "  range 1-1" + "0" * 100 + "\n",
        "range_98_bytes": 'card "A, B"\n  codes S01-001\n  cost 1\n  attack 10\n  support 10\n  range 1-999999999\n',
        "codes_100k": HEAD.replace("codes S01-001ST", "codes " + ", ".join(
            f"S{i // 1000:03d}-{i % 1000:03d}" for i in range(100_000))),
        "tags_20k_one_line": HEAD + '  cont "X"' + " [X]" * 20_000 + "\n    this unit gains +10 attack\n",
        "unknown_qualities_20k_one_line": HEAD + '  act "X"\n    destroy 1 ' + " or ".join(
            f"zz{i}" for i in range(20_000)) + " enemy\n",
        "not_nested_5000": HEAD + '  act "Y"\n    if this unit is ' + "not " * 5000 + "tapped\n    draw 1\n",
        "support_nested_5000": HEAD + '  act "Y"\n    if ' + "the card supporting " * 5000 + "this unit is tapped\n"
                                                           "    draw 1\n",
        "guarded_nested_5000": HEAD + '  act "Y"\n    ' + "if you do: " * 5000 + "draw 1\n",
        "invalid_utf8": HEAD.encode() + b'  class "Lod\xffstar"\n',
        "truncated_utf8": HEAD.encode() + b'  class "\xe3\x81',
        "blank_lines_10mb": "\n" * 10_000_000 + HEAD,
        "crlf_blank_lines_10mb": "\r\n" * 5_000_000 + HEAD.replace("\n", "\r\n"),
        "comment_line_10mb": "#" + "x" * 10_000_000 + "\n" + HEAD,
        "quoted_name_10mb": HEAD + '  class "' + "x" * 10_000_000 + '"\n',
        "escapes_in_name_2mb": HEAD + '  class "' + '\\"' * 1_000_000 + '"\n',
        "line_separators_100k": HEAD + "  # \u2028\u2029\x0b\x0c\x85\r" * 100_000 + "\n",
        "zero_width_in_names_100k": "".join(_card(i).replace("Marth", "Ma\u200brth") for i in range(20_000)),
        "nul_bytes_1mb": HEAD + "\x00" * 1_000_000,
        "syntax_errors_25_in_1mb": "\n".join(["  cost ?"] + [real] * 25),
        "syntax_error_every_line_1mb": "".join(_card(i, "  cost ?\n" * 20) for i in range(3_000)),
        "checker_errors_20k_cards": "".join(_card(i, "  symbol mauve\n  types zz\n") for i in range(20_000)),
        "word_of_1mb": HEAD + "  symbol " + "a" * 1_000_000 + "\n" + '  act "X"\n    ' + "b" * 1_000_000 + " 1\n",
        "valid_cards_10k": "".join(_card(i, '  cont "X"\n    this unit gains +10 attack\n') for i in range(10_000)),
        "real_pack_x25": real.replace('pack "B01"', "", 1) * 25,
        "granted_chain_2000": HEAD + '  cont "G0"\n    this unit acquires "G1"\n' + "".join(
            f'  granted cont "G{i}"\n    this unit acquires "G{i + 1}"\n' for i in range(1, 2000))
            + '  granted cont "G2000"\n    this unit gains +10 attack\n',
        "granted_cycle": HEAD + '  cont "A"\n    this unit acquires "B"\n  granted cont "B"\n    this unit acquires "C"\n'
                                '  granted cont "C"\n    this unit acquires "B"\n',
        "random_bytes_1mb": random.Random(1).randbytes(1_000_000),
    }
    return {k: v if isinstance(v, bytes) else v.encode("utf-8") for k, v in out.items()}


HOSTILE_TOKENS = ["\x00", "\xff", "\u2028", "\u200b", "\r", "\x0c", "\uff11", "\u0664", "9" * 5000, "1-99999999",
                  '"', "\\", "not " * 200, "[", "]", "card", "granted cont \"X\"\n", ",", "-", "#", "\n", "\t"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A real pack with a few random edits: byte flips, hostile insertions, a line
    doubled, truncation."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.choice(["flip", "insert", "dupline", "truncate", "delete"])
        i = rng.randrange(len(b) + 1)
        if op == "flip" and b:
            j = min(i, len(b) - 1)
            b[j] ^= 1 << rng.randrange(8)
        elif op == "insert":
            b[i:i] = rng.choice(HOSTILE_TOKENS).encode("utf-8", "surrogatepass")
        elif op == "dupline":
            start = b.rfind(b"\n", 0, i) + 1
            end = b.find(b"\n", i)
            end = len(b) if end < 0 else end + 1
            b[start:start] = b[start:end] * rng.randint(1, 50)
        elif op == "truncate":
            del b[i:]
        else:
            del b[i:i + rng.randint(1, 40)]
    return bytes(b)


_CHILD = r"""
import json, resource, sys, time, tracemalloc
from pathlib import Path
trace = sys.argv[1] == "trace"
limit = int(sys.argv[2])
if limit:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import load_packs
from fecipher.dsl.parse import fast_parser
fast_parser()
paths = sys.argv[3:]
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
results = []
total = 0.0
for path in paths:
    t = time.perf_counter()
    try:
        pool = load_packs([path])
        out = {"outcome": "cards", "first": f"{len(pool)} cards"}
    except LanguageError as e:
        bad = [d for d in e.diagnostics if not d.filename or d.line < 0 or d.column < 0 or not d.message]
        out = {"outcome": "unpositioned" if bad or not e.diagnostics else "error", "n": len(e.diagnostics),
               "first": e.diagnostics[0].format().splitlines()[0] if e.diagnostics else "",
               "chars": len(str(e))}
    except BaseException as e:
        out = {"outcome": "exception", "first": f"{type(e).__name__}: {str(e)[:200]}", "path": path}
    dt = time.perf_counter() - t
    total += dt
    out["time_s"] = dt
    if trace:  # again, for the peak of what Python allocates while loading
        tracemalloc.start()
        try:
            load_packs([path])
        except BaseException:
            pass
        out["traced_mb"] = tracemalloc.get_traced_memory()[1] / (1 << 20)
        tracemalloc.stop()
    results.append(out)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"results": results, "total_s": total, "peak_mb": peak / 1024, "base_mb": before / 1024}))
"""


def run_child(paths: list[str], memory_limit: int, timeout: float, trace: bool = False) -> dict:
    """Load ``paths`` in a new process; its report (or a crash described as one)."""
    try:
        proc = subprocess.run([sys.executable, "-c", _CHILD, "trace" if trace else "-", str(memory_limit), *paths],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"crash": f"did not finish in {timeout:.0f} s"}
    if proc.returncode != 0 or not proc.stdout.strip():
        return {"crash": f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.hostile", description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", metavar="CASE", help="run only this case (repeatable)")
    ap.add_argument("--mutants", type=int, default=200, metavar="N", help="mutated real packs to load (200)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the mutations")
    ap.add_argument("--memory-limit", type=int, default=4 << 30, metavar="BYTES",
                    help="address-space limit of each loading process (4 GiB; 0: none)")
    ap.add_argument("--timeout", type=float, default=300, metavar="S", help="time limit of each process")
    ap.add_argument("--list", action="store_true", help="list the cases")
    a = ap.parse_args(argv)
    all_cases = cases()
    if a.list:
        print("\n".join(all_cases))
        return 0
    names = a.only or list(all_cases)
    failed = False
    width = max(map(len, names + ["mutants"]))
    print(f"{'case':<{width}}  {'size':>10}  {'time':>8}  {'traced':>9}  {'maxrss':>9}  first diagnostic")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            data = all_cases[name]
            path = Path(tmp) / f"{name}.fe0"
            path.write_bytes(data)
            rep = run_child([str(path)], a.memory_limit, a.timeout, trace=True)
            path.unlink()
            if "crash" in rep:
                failed = True
                print(f"{name:<{width}}  {len(data):>10,}  {'-':>8}  {'-':>9}  {'-':>9}  CRASH {rep['crash']}")
                continue
            r = rep["results"][0]
            if r["outcome"] in ("exception", "unpositioned"):
                failed = True
            shown = r["first"] if r["outcome"] != "exception" else "NOT A LANGUAGE ERROR: " + r["first"]
            more = f" [{r['n']} shown]" if r.get("n", 0) > 1 else ""
            shown = shown.replace(str(path), path.name)
            print(f"{name:<{width}}  {len(data):>10,}  {r['time_s']:>7.2f}s  {r['traced_mb']:>7.1f}MB  "
                  f"{rep['peak_mb']:>7.0f}MB  {shown[:100]}{more}", flush=True)
        if a.mutants and not a.only:
            rng = random.Random(a.seed)
            sources = [p.read_bytes() for p in sorted((Path(__file__).resolve().parent.parent / "cards").glob("*.fe0"))]
            paths = []
            for i in range(a.mutants):
                p = Path(tmp) / f"mutant{i}.fe0"
                p.write_bytes(mutate(rng.choice(sources), rng))
                paths.append(str(p))
            t = time.perf_counter()
            rep = {"results": [], "total_s": 0.0, "peak_mb": 0.0, "base_mb": 0.0}
            for k in range(0, len(paths), 500):  # a process per 500 (its memory measured alike)
                part = run_child(paths[k:k + 500], a.memory_limit, a.timeout * 10)
                if "crash" in part:
                    failed = True
                    print(f"mutants {k}..{k + 499}: CRASH {part['crash']}")
                    continue
                rep["results"] += part["results"]
                rep["peak_mb"] = max(rep["peak_mb"], part["peak_mb"])
                rep["base_mb"] = max(rep["base_mb"], part["base_mb"])
                rep["total_s"] += part["total_s"]
            bad = [r for r in rep["results"] if r["outcome"] in ("exception", "unpositioned")]
            outcomes = {o: sum(1 for r in rep["results"] if r["outcome"] == o) for o in ("cards", "error")}
            slowest = max((r["time_s"] for r in rep["results"]), default=0)
            print(f"{'mutants':<{width}}  {a.mutants:>10,}  {rep['total_s']:>7.2f}s  {'-':>9}  "
                  f"{rep['peak_mb']:>7.0f}MB  "
                  f"{outcomes['cards']} loaded, {outcomes['error']} language errors, {len(bad)} other; "
                  f"slowest {slowest:.2f} s ({time.perf_counter() - t:.0f} s in all)")
            for r in bad[:10]:
                print(f"  {r['first']}")
            failed = failed or bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
