"""Mechanical proof that the card tests and scenarios test the cards' skills.

    python -m tools.blankcheck [CODE ...] [--tests DIR] [--jobs N] [--fast]
    python -m tools.blankcheck --scenarios [CODE ...] [--dir DIR]

**Scenarios** (``--scenarios``; every card of the packs beyond Series 1 by default, see
:data:`SERIES1_PACKS`): a card's scenarios are the scenarios of ``tests/conformance/cards``
whose name starts with one of the card's codes (``scenario "B02-001SR Skill: ..."``;
several cards: ``"B02-001SR/B02-005N ..."``, see docs/scenarios.md). They are played in
this process (:func:`fecipher.conformance.scenario_run.run_scenario`), each

1. normally: each must pass (a ``pending`` scenario does not prove a card: it counts
   as failing);
2. with the card blanked (compiled with no skill and no support skill): at least one
   must fail;
3. for each skill and the support skill, the scenarios whose name goes on with that
   skill's printed name (``"B02-001SR Pure White Blade: ..."``, quotes ignored) with only
   that skill taken from the card: at least one must fail. So a card whose scenarios
   all exercise one of its two skills fails too.

A card with no scenario, a failing scenario, or a card or skill with no scenario that
fails blanked fails the check; so does a scenario whose name starts with a code its
packs do not have.
``tests/test_77_blank_check_scenarios.py`` runs it in CI for every such card.

**Card tests** (the default mode): for each card (default: every distinct card of the embedded starter decks), the card
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
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from fecipher.conformance.scenario import Scenario, load_scenarios, scenario_files
from fecipher.conformance.scenario_run import run_scenario, scenario_pool
from fecipher.dsl.compiler import BLANK_ENV, blank_keys
from fecipher.dsl.errors import LanguageError
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
    # (by card, not by name: different cards may share a name, B08-047aN/bN/cN)
    rows = {c.code: Row(c, display_code(c)) for c in cards}
    # 1. Every card test, once, normally.
    code, data, tail = run_pytest(tests, [], {})
    if code not in (0, 1) or not data:
        raise SystemExit(f"blankcheck: the card tests did not run (pytest exit {code}):\n{tail}")
    for t in data:
        for ref in t["cards"]:
            card = pool.find(ref)
            row = rows.get(card.code) if card is not None else None
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


# ------------------------------------------------------------------ scenario mode
# Pack files (by stem) of Series 1, whose cards are proven by the card tests of
# tests/cards (the default mode); every other pack's cards by their scenarios.
SERIES1_PACKS = frozenset({"b01", "p01", "s01", "s02"})
# A printing variant letter may follow the number ("B19-081aHN", "B19-081bHN": two arts of one card).
_CODE = r"[A-Z][0-9]{2}-[0-9]{3}[a-z]?[A-Z]*(?:\+[A-Z]*)?"   # (B11-101+X: a "+X" printing)
# The card codes a scenario's name starts with: "B02-001SR ..." or "B02-001SR/B02-005N ...".
SCENARIO_CODES = re.compile(rf"({_CODE}(?:/{_CODE})*)(?=[\s:]|$)")


def scenario_codes(name: str) -> list[str]:
    """The card codes at the start of a scenario's name (none: the scenario proves no card)."""
    m = SCENARIO_CODES.match(name)
    return m.group(1).split("/") if m else []


def series_cards(pool=None) -> list[Card]:
    """The cards of the embedded packs beyond Series 1 (not in :data:`SERIES1_PACKS`)."""
    pool = pool if pool is not None else embedded_pool()
    return [c for c in pool if Path(c.pack).stem.lower() not in SERIES1_PACKS]


def default_scenarios_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "tests" / "conformance" / "cards"


@attrs.define
class SkillRow:
    """One skill (or the support skill) of a card and its own scenarios."""
    name: str
    scenarios: list[str] = attrs.Factory(list)
    blank_failed: list[str] = attrs.Factory(list)

    @property
    def ok(self) -> bool:
        return bool(self.blank_failed)


@attrs.define
class ScenarioRow:
    card: Card
    scenarios: list[Scenario] = attrs.Factory(list)
    failing_normally: list[str] = attrs.Factory(list)   # "name: why"
    blank_failed: list[str] = attrs.Factory(list)
    blank_passed: list[str] = attrs.Factory(list)
    skills: list[SkillRow] = attrs.Factory(list)

    @property
    def code(self) -> str:
        return self.card.code

    @property
    def ok(self) -> bool:
        return (bool(self.scenarios) and not self.failing_normally and bool(self.blank_failed)
                and all(k.ok for k in self.skills))

    def problems(self) -> list[str]:
        why = []
        if not self.scenarios:
            why.append("no scenario name starts with this card's code")
        why += [f"fails normally: {x}" for x in self.failing_normally]
        if self.scenarios and not self.failing_normally and not self.blank_failed:
            why.append("every scenario still passes with the card blanked")
        if self.scenarios and not self.failing_normally:
            for k in self.skills:
                if not k.scenarios:
                    why.append(f"no scenario name starts with the code and the skill \"{k.name}\"")
                elif not k.ok:
                    why.append(f"every scenario of \"{k.name}\" still passes with that skill blanked")
        return why


def _plain(text: str) -> str:
    return text.replace('"', "").casefold()


def skill_of(card: Card, scenario_name: str) -> str | None:
    """The skill (or support skill) of ``card`` whose printed name follows the card codes at
    the start of ``scenario_name`` (quotes ignored; the longest name that fits), or None."""
    codes = scenario_codes(scenario_name)
    rest = _plain(scenario_name[len("/".join(codes)):].lstrip())
    best = None
    names = [sk.name for sk in card.skills] + [s.name for s in card.support_skills]
    for name in names:
        n = _plain(name)
        if rest.startswith(n) and (len(rest) == len(n) or not rest[len(n)].isalnum()):
            if best is None or len(n) > len(_plain(best)):
                best = name
    return best


def link_scenarios(folder: Path, root: Path) -> tuple[dict[str, list[Scenario]], list[str]]:
    """The scenarios of the ``.scn`` files under ``folder`` (loading packs from ``root``'s
    tree) by the first code of each card whose code starts their name (two cards may share a name), and the errors: a file
    that does not load, a code that the scenario's own packs do not have."""
    by_card: dict[str, list[Scenario]] = {}
    errors: list[str] = []
    for path in scenario_files([folder]):
        try:
            f = load_scenarios(path, root)
        except LanguageError as e:
            errors.append(str(e))
            continue
        for sc in f.scenarios:
            codes = scenario_codes(sc.name)
            if not codes:
                continue
            try:
                pool = scenario_pool(sc)
            except LanguageError as e:
                errors.append(f"{sc.filename}:{sc.line}: scenario \"{sc.name}\": its cards do not load: {e}")
                continue
            for code in codes:
                card = pool.find(code)
                if card is None:
                    errors.append(f"{sc.filename}:{sc.line}: scenario \"{sc.name}\" names card {code}, "
                                  f"which its packs do not have")
                elif sc not in by_card.setdefault(card.code, []):
                    by_card[card.code].append(sc)
    return by_card, errors


def _why(result) -> str:
    if result.status in ("pending", "fixed"):
        return f"\"{result.scenario.name}\" is pending ({result.scenario.pending})"
    first = result.failure.format().splitlines() if result.failure else []
    return f"\"{result.scenario.name}\": " + " / ".join(x.strip() for x in first[1:3])


def check_card_scenarios(card: Card, scenarios: list[Scenario]) -> ScenarioRow:
    """Play ``card``'s scenarios normally, then with the card blanked, then each skill's own
    scenarios (named "CODE Skill Name: ...") with only that skill taken away."""
    row = ScenarioRow(card, list(scenarios))
    for sc in scenarios:
        r = run_scenario(sc)
        if r.status != "passed":
            row.failing_normally.append(_why(r))
    if row.failing_normally:
        return row
    # By its codes only: another card of the same name (B08-047aN/bN/cN) keeps its skills.
    blank = frozenset(blank_keys(card.codes, card.name)) - {card.name.upper()}
    for sc in scenarios:
        r = run_scenario(sc, blank)
        (row.blank_failed if r.status == "failed" else row.blank_passed).append(sc.name)
    names = list(dict.fromkeys([sk.name for sk in card.skills]
                               + [s.name for s in card.support_skills]))
    for name in names:
        k = SkillRow(name)
        for sc in scenarios:
            if skill_of(card, sc.name) != name:
                continue
            k.scenarios.append(sc.name)
            if sc.name in row.blank_passed:
                continue   # it passes with every skill of the card gone: it cannot fail with one gone
            r = run_scenario(sc, blank_skills=frozenset({(card.code.upper(), name)}))
            if r.status == "failed":
                k.blank_failed.append(sc.name)
                break
        row.skills.append(k)
    return row


def check_scenarios(cards: list[Card], folder: Path | None = None, root: Path | None = None
                    ) -> tuple[list[ScenarioRow], list[str]]:
    """The blank check over scenarios for ``cards``; returns one row per card and the
    linking errors (:func:`link_scenarios`)."""
    folder = folder if folder is not None else default_scenarios_dir()
    root = root if root is not None else folder.parent
    by_card, errors = link_scenarios(folder, root)
    return [check_card_scenarios(c, by_card.get(c.code, [])) for c in cards], errors


def scenario_table(rows: list[ScenarioRow]) -> str:
    head = ("code", "name", "scenarios", "pass normally", "fail when blanked", "skills proven")
    lines = []
    for r in rows:
        n = len(r.scenarios)
        passes = "yes" if n and not r.failing_normally else ("no scenario" if not n else
                                                             f"NO ({len(r.failing_normally)} fail)")
        blank = "-" if not n or r.failing_normally else (
            f"yes ({len(r.blank_failed)}/{n})" if r.blank_failed else f"NO (0/{n})")
        proven = sum(k.ok for k in r.skills)
        skills = "-" if not r.skills else (f"{proven}/{len(r.skills)}" + ("" if proven == len(r.skills) else " NO"))
        lines.append((r.code, r.card.name, str(n), passes, blank, skills))
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head))]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    return "\n".join([fmt.format(*head), fmt.format(*("-" * w for w in widths))] + [fmt.format(*x) for x in lines])


def main_scenarios(args, ap) -> int:
    folder = (args.dir or default_scenarios_dir()).resolve()
    if not folder.is_dir():
        ap.error(f"no scenarios folder {folder} (give --dir)")
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
        cards = series_cards(pool)
    rows, errors = check_scenarios(cards, folder, (args.root or folder.parent).resolve())
    print(scenario_table(rows))
    bad = [r for r in rows if not r.ok]
    print(f"\n{len(rows) - len(bad)} of {len(rows)} cards: scenarios pass, and fail when the card or any one of its skills is blanked.")
    for r in bad:
        print(f"  {r.code} {r.card.name}: " + "; ".join(r.problems()))
    for e in errors:
        print(f"  error: {e}")
    if args.survivors:
        for r in rows:
            for name in r.blank_passed:
                print(f"  survives blanking of {r.code}: {name}")
    return 0 if not bad and not errors else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.blankcheck", description=__doc__.split("\n\n")[0])
    ap.add_argument("codes", nargs="*", help="card codes (default: every card of the starter decks; "
                                             "with --scenarios, every card beyond Series 1)")
    ap.add_argument("--scenarios", action="store_true",
                    help="check cards by their conformance scenarios, in this process")
    ap.add_argument("--dir", type=Path, default=None,
                    help="with --scenarios: the scenarios folder (default tests/conformance/cards)")
    ap.add_argument("--root", type=Path, default=None,
                    help="with --scenarios: the tree the scenarios load packs from (default: the folder's parent)")
    ap.add_argument("--tests", type=Path, default=default_tests_dir(), help="the card tests folder")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, help="blanked runs in parallel")
    ap.add_argument("--fast", action="store_true", help="stop each blanked run at its first failure")
    ap.add_argument("--survivors", action="store_true",
                    help="list the tests that still pass with their card blanked")
    args = ap.parse_args(argv)
    if args.scenarios:
        return main_scenarios(args, ap)
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
