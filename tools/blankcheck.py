"""Mechanical proof that the card tests test the cards' skills.

    python -m tools.blankcheck [CODE ...] [--tests DIR] [--jobs N] [--fast]

For each card (default: every distinct card of the embedded starter decks), the card
tests marked ``@pytest.mark.card(CODE)`` (``tests/cards``) are run

1. normally: each of them must pass;
2. with ``FECIPHER_BLANK_SKILLS=CODE``, which compiles that card with no skill and no
   support skill (see :func:`fecipher.dsl.compiler.blanked`): at least one of them
   must fail. A card's test that still passes with the card blanked is listed as a
   survivor (``--fast`` stops each blanked run at its first failure and does not count
   survivors).

Prints one row per card (code, name, tests, passes normally, fails when blanked) and
exits 1 when a card has no test, a failing test, or no test that fails when blanked.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from fecipher.dsl.compiler import BLANK_ENV
from fecipher.dsl.packs import embedded_pool
from fecipher.engine.cards import Card

REPORT_ENV = "FECIPHER_CARD_REPORT"   # read by tests/cards/conftest.py
STARTER_DECKS = ("marth", "chrom")


@attrs.define
class Row:
    card: Card
    code: str
    tests: list[str] = attrs.Factory(list)
    failing_normally: list[str] = attrs.Factory(list)
    blank_failed: list[str] = attrs.Factory(list)
    blank_passed: list[str] = attrs.Factory(list)
    blank_error: str = ""

    @property
    def passes(self) -> bool:
        return bool(self.tests) and not self.failing_normally

    @property
    def fails_blanked(self) -> bool:
        return bool(self.blank_failed)

    @property
    def ok(self) -> bool:
        return self.passes and self.fails_blanked


def display_code(card: Card) -> str:
    """The starter-deck printing's code (…ST) when the card has one."""
    for c in card.codes:
        if c.upper().endswith("ST"):
            return c
    for c in card.codes:
        if "ST" in c.upper():
            return c
    return card.code


def starter_cards() -> list[Card]:
    from fecipher.dsl.decks import load_deck
    out: list[Card] = []
    for name in STARTER_DECKS:
        for c in load_deck(name).cards:
            if c not in out:
                out.append(c)
    return out


def default_tests_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "tests" / "cards"


def repo_root(tests: Path) -> Path:
    for p in [tests, *tests.parents]:
        if (p / "pyproject.toml").is_file():
            return p
    return tests.parent


def run_pytest(tests: Path, extra: list[str], env_extra: dict[str, str],
               targets: list[str] | None = None) -> tuple[int, list[dict], str]:
    """Run pytest on ``targets`` (node ids; default the whole ``tests`` folder); returns
    (exit code, per-test report, output tail)."""
    with tempfile.TemporaryDirectory(prefix="blankcheck-") as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ)
        env.pop(BLANK_ENV, None)
        env.update(env_extra)
        env[REPORT_ENV] = str(report)
        cmd = [sys.executable, "-m", "pytest", *(targets or [str(tests)]), "-q", "-p", "no:cacheprovider",
               "-p", "no:fecipher_scenarios", "--no-header", "-o", "addopts=", *extra]
        proc = subprocess.run(cmd, cwd=repo_root(tests), env=env, capture_output=True, text=True)
        data = json.loads(report.read_text()) if report.is_file() else []
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        return proc.returncode, data, tail


def check(cards: list[Card], tests: Path, jobs: int, fast: bool, echo=print) -> list[Row]:
    pool = embedded_pool()
    rows = {c.name: Row(c, display_code(c)) for c in cards}
    # 1. Every card test, once, normally.
    code, data, tail = run_pytest(tests, [], {})
    if code not in (0, 1) or not data:
        raise SystemExit(f"blankcheck: the card tests did not run (pytest exit {code}):\n{tail}")
    for t in data:
        for ref in t["cards"]:
            card = pool.find(ref)
            row = rows.get(card.name) if card is not None else None
            if row is None:
                continue
            if t["nodeid"] not in row.tests:
                row.tests.append(t["nodeid"])
                if t["outcome"] != "passed":
                    row.failing_normally.append(t["nodeid"])

    # 2. Each card's tests with that card blanked.
    def blank(row: Row) -> None:
        if not row.tests:
            return
        extra = ["--card", row.code, "--tb=no"] + (["-x"] if fast else [])
        code, data, tail = run_pytest(tests, extra, {BLANK_ENV: row.code}, targets=row.tests)
        if code not in (0, 1):
            row.blank_error = f"pytest exit {code}: {tail}"
        for t in data:
            (row.blank_failed if t["outcome"] == "failed" else row.blank_passed).append(t["nodeid"])

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        list(ex.map(blank, rows.values()))
    return list(rows.values())


def table(rows: list[Row], fast: bool) -> str:
    head = ("code", "name", "tests", "passes normally", "fails when blanked")
    lines = []
    for r in rows:
        n = len(r.tests)
        passes = "yes" if r.passes else ("no tests" if not n else f"NO ({len(r.failing_normally)} fail)")
        if not n:
            blank = "-"
        elif r.blank_error and not r.blank_failed:
            blank = "ERROR"
        elif fast:
            blank = "yes" if r.blank_failed else "NO"
        else:
            blank = f"yes ({len(r.blank_failed)}/{n})" if r.blank_failed else f"NO (0/{n})"
        lines.append((r.code, r.card.name, str(n), passes, blank))
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head))]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    out = [fmt.format(*head), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*x) for x in lines]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.blankcheck", description=__doc__.split("\n\n")[0])
    ap.add_argument("codes", nargs="*", help="card codes (default: every card of the starter decks)")
    ap.add_argument("--tests", type=Path, default=default_tests_dir(), help="the card tests folder")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, help="blanked runs in parallel")
    ap.add_argument("--fast", action="store_true", help="stop each blanked run at its first failure")
    ap.add_argument("--survivors", action="store_true",
                    help="list the tests that still pass with their card blanked")
    args = ap.parse_args(argv)
    if not args.tests.is_dir():
        ap.error(f"no card tests folder {args.tests} (give --tests)")
    pool = embedded_pool()
    if args.codes:
        cards = []
        for ref in args.codes:
            c = pool.find(ref)
            if c is None:
                ap.error(f"unknown card {ref!r}")
            if c not in cards:
                cards.append(c)
    else:
        cards = starter_cards()
    rows = check(cards, args.tests.resolve(), args.jobs, args.fast)
    print(table(rows, args.fast))
    bad = [r for r in rows if not r.ok]
    good = len(rows) - len(bad)
    print(f"\n{good} of {len(rows)} cards: tests pass, and fail when the card's skills are blanked.")
    for r in bad:
        why = []
        if not r.tests:
            why.append("no test is marked with this card")
        for t in r.failing_normally:
            why.append(f"fails normally: {t}")
        if r.tests and not r.blank_failed:
            why.append("every test still passes with the card blanked")
        if r.blank_error:
            why.append(r.blank_error)
        print(f"  {r.code} {r.card.name}: " + "; ".join(why))
    if args.survivors:
        for r in rows:
            for t in r.blank_passed:
                print(f"  survives blanking of {r.code}: {t}")
    return 0 if not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
