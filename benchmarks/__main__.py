"""Run the benchmarks and print a table.

    python -m benchmarks                    # every benchmark (a few minutes on 2 cores)
    python -m benchmarks --quick            # each in its quickest mode (seconds; for smoke tests)
    python -m benchmarks --only selfplay    # one of: selfplay, compile, overhead, dispatch, replay
    python -m benchmarks --json out.json    # also write the rows as JSON

Run from the repository root. Times are wall-clock medians over repetitions in one
process; see docs/performance.md for the machine and the numbers recorded.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

from benchmarks import compilation, dispatch, overhead, replay, selfplay
from benchmarks.common import fmt

MODULES = {m.NAME: m for m in (selfplay, compilation, overhead, dispatch, replay)}


def table(rows: list[dict]) -> str:
    head = ("benchmark", "metric", "value", "unit", "target", "met", "note")
    cells = [head] + [(r["benchmark"], r["metric"], fmt(r["value"]), r["unit"], r["target"],
                       "" if r["met"] is None else ("met" if r["met"] else "NOT MET"), r["note"])
                      for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head) - 1)]
    lines = []
    for k, c in enumerate(cells):
        lines.append("  ".join(c[i].ljust(widths[i]) if i != 2 else c[i].rjust(widths[i])
                               for i in range(len(head) - 1)) + ("  " + c[-1] if c[-1] else ""))
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description="fecipher benchmarks")
    ap.add_argument("--quick", action="store_true", help="each benchmark in its quickest mode")
    ap.add_argument("--json", metavar="FILE", help="write the rows (and the machine) as JSON")
    ap.add_argument("--only", metavar="NAME", action="append", choices=sorted(MODULES),
                    help="run only this benchmark (repeatable): " + ", ".join(MODULES))
    a = ap.parse_args(argv)
    names = a.only or list(MODULES)
    rows: list[dict] = []
    started = time.time()
    for name in names:
        t = time.perf_counter()
        got = MODULES[name].run(quick=a.quick)
        rows.extend(got)
        print(f"[{name}: {time.perf_counter() - t:.1f} s]", file=sys.stderr, flush=True)
    print(table(rows))
    if a.json:
        info = {"python": platform.python_version(), "machine": platform.machine(),
                "cpus": os.cpu_count(), "quick": a.quick, "started": started,
                "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None}
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"machine": info, "rows": rows}, f, indent=1, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
