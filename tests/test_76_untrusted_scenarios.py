"""Scenario files are untrusted input (conformance/scenario.py, docs/scenarios.md):
any bytes given to `fecipher test` give results or positioned errors; a scenario
loads packs and decks only from its own tree; decks and boards have limits."""
import re
from pathlib import Path

import pytest
from fuzz_settings import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from fecipher.conformance.scenario import (
    MAX_BOARD_CARDS, MAX_ITEM_COUNT, decode_source, load_scenarios, parse_scenarios,
)
from fecipher.conformance.scenario_run import run_file, run_paths, run_scenario
from fecipher.dsl.errors import LanguageError

SUITE = Path(__file__).parent / "conformance"
SECRET = "s3cr3t-line-that-must-not-leak"


def _diagnostics(text: str, tmp_path=None, name="x.scn", root=None):
    try:
        parse_scenarios(text, str((tmp_path or SUITE) / name), root)
    except LanguageError as e:
        return e.diagnostics
    return []


def _run_text(tmp_path, text: str, name="x.scn", root=None):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return run_file(path, root)


def _report(results, err) -> str:
    if err is not None:
        return str(err)
    return "\n".join(r.format() for r in results)


BOARD = """scenario "s"
  start turn 1, player 1, action phase
  player 1
    front: B01-003ST MC
  player 2
    front: B01-053ST MC
"""


# ---------------------------------------------------------------------------- players, numbers, sizes
@pytest.mark.parametrize("line", [
    "  player 3\n    hand: B01-006ST\n", "  player 0\n", "  expect player 3 hand: 0 cards\n",
    "  player 3 passes\n", "  expect player 9's MC is tapped\n",
    "  expect events: drew(player 3)\n", "  expect player 3 to decide action\n",
])
def test_a_player_other_than_1_or_2_is_a_positioned_error(line):
    diags = _diagnostics(BOARD + line)
    assert diags and all(d.line >= 7 and d.column >= 1 for d in diags)
    assert any("there are two players, 1 and 2" in d.message for d in diags)


@pytest.mark.parametrize("text, needle", [
    ("    deck: 1000000000 x B01-006ST\n", f"a count is at most {MAX_ITEM_COUNT}"),
    ("    deck: " + "9" * 5000 + " x B01-006ST\n", "digits"),
    ("  seed " + "9" * 5000 + "\n", "digits"),
    ("  expect player 1's MC range 1-1000000000\n", "a range is at most"),
    ("  expect player 1 hand: " + "7" * 100 + " cards\n", "digits"),
])
def test_numbers_have_limits(text, needle):
    if text.startswith("  seed"):
        src = BOARD.replace('scenario "s"\n', 'scenario "s"\n' + text)
    elif text.startswith("    deck"):
        src = BOARD.replace("  player 2\n", text + "  player 2\n")
    else:
        src = BOARD + text
    diags = _diagnostics(src)
    assert any(needle in d.message for d in diags), [d.format() for d in diags]


def test_a_board_has_a_limit_of_cards():
    per = MAX_ITEM_COUNT
    items = ", ".join([f"{per} x B01-006ST"] * (MAX_BOARD_CARDS // per // 2 + 1))
    diags = _diagnostics(BOARD.replace("  player 2\n", f"    deck: {items}\n  player 2\n"))
    assert any("more than" in d.message and "cards on the board" in d.message for d in diags)
    assert not _diagnostics(BOARD.replace("  player 2\n", f"    deck: {per} x B01-006ST\n  player 2\n"))


def test_an_inline_deck_has_limits(tmp_path):
    text = ('scenario "d"\n  decks: """\nmain character B01-003ST\n999999999999 B01-003ST\n""" vs "marth"\n'
            '  expect player 1 to decide mulligan\n')
    report = _report(*_run_text(tmp_path, text))
    assert "x.scn:4:1: error: 999999999999 copies: a deck line has at most 100" in report


# ---------------------------------------------------------------------------- bytes
def test_bytes_that_are_not_utf8_are_a_positioned_error(tmp_path):
    path = tmp_path / "bad.scn"
    path.write_bytes(b'scenario "x"\n  player 1\n    hand: "\xff\xfe"\n')
    results, err = run_file(path)
    assert results == [] and err is not None
    d = err.first
    assert (d.line, d.column) == (3, 12) and "not UTF-8" in d.message and "byte offset 35" in d.message


def test_a_huge_file_is_refused(tmp_path):
    path = tmp_path / "big.scn"
    path.write_bytes(b"#" * (5 << 20))
    results, err = run_file(path)
    assert err is not None and "at most" in err.first.message


# ---------------------------------------------------------------------------- the scenario's tree
def _tree(tmp_path):
    """suite/sub/s.scn, suite/good.fe0, suite/sub/inner.fe0, outside/secret.fe0 and a non-pack file."""
    suite = tmp_path / "suite"
    (suite / "sub").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    pack = (SUITE / "vanilla.fe0").read_text()
    (suite / "good.fe0").write_text(pack)
    (suite / "sub" / "inner.fe0").write_text(pack)
    (tmp_path / "outside" / "secret.fe0").write_text(SECRET + "\n")
    (suite / "sub" / "notes.txt").write_text(SECRET + "\n")
    (tmp_path / "outside" / "x.deck").write_text(SECRET + "\n")
    return suite


SC = 'scenario "t"\n  start turn 1, player 1, action phase\n  player 1\n    front: T01-001 MC\n' \
     '  player 2\n    front: T01-101 MC\n  expect turn 1\n'


@pytest.mark.parametrize("ref, ok", [
    ('"inner.fe0"', True),
    ('"../good.fe0"', False),                      # the file's own folder by default
    ('"../../outside/secret.fe0"', False),
    ('"notes.txt"', False),
    ('"/etc/passwd"', False),
    ('"../../../../../../../../etc/passwd"', False),
    ('"/etc/hostname.fe0"', False),
])
def test_packs_resolve_only_inside_the_tree_and_never_echo_another_file(tmp_path, ref, ok):
    suite = _tree(tmp_path)
    results, err = _run_text(suite, f"packs: {ref}\n{SC}", "sub/s.scn")
    report = _report(results, err)
    assert err is None and [r.status for r in results] == ["passed" if ok else "failed"], report
    assert SECRET not in report and "root:" not in report
    if not ok:
        assert re.search(r"s\.scn:1:8: error: ", report), report


def test_the_tree_is_the_folder_given_to_fecipher_test(tmp_path):
    suite = _tree(tmp_path)
    (suite / "sub" / "s.scn").write_text(f'packs: "../good.fe0"\n{SC}')
    [(path, results, err)] = list(run_paths([suite]))
    assert err is None and [r.status for r in results] == ["passed"]
    [(path, results, err)] = list(run_paths([suite / "sub" / "s.scn"]))
    assert "outside the scenario's folder" in results[0].failure.actual
    [(path, results, err)] = list(run_paths([suite / "sub" / "s.scn"], root=suite))
    assert results[0].status == "passed"


def test_symlinks_out_of_the_tree_are_refused(tmp_path):
    suite = _tree(tmp_path)
    (suite / "sub" / "link.fe0").symlink_to(tmp_path / "outside" / "secret.fe0")
    report = _report(*_run_text(suite, f'packs: "link.fe0"\n{SC}', "sub/s.scn"))
    assert "outside the scenario's folder" in report and SECRET not in report


@pytest.mark.parametrize("ref, needle", [
    ('"../../outside/x.deck"', "outside the scenario's folder"),
    ('"/etc/passwd"', "no embedded deck"),
    ('"notes.txt"', "no embedded deck"),
    ('"nosuch.deck"', "no deck file"),
])
def test_deck_files_resolve_only_inside_the_tree(tmp_path, ref, needle):
    suite = _tree(tmp_path)
    text = f'scenario "d"\n  decks: {ref} vs "marth"\n  expect player 1 to decide mulligan\n'
    report = _report(*_run_text(suite, text, "sub/s.scn"))
    assert needle in report and SECRET not in report and "root:" not in report
    assert "s.scn:2:" in report


# ---------------------------------------------------------------------------- fuzzing
def _corpus():
    """(folder, header, one scenario) for every scenario of the suite."""
    out = []
    for f in sorted(SUITE.rglob("*.scn")):
        text = f.read_text()
        parts = re.split(r"(?m)^(?=scenario )", text)
        head = parts[0]
        for block in parts[1:]:
            out.append((f.parent, head, block))
    return out


CORPUS = _corpus()
LINES = sorted({ln for _, _, b in CORPUS for ln in b.splitlines()[1:] if ln.strip()})
NUMBERS = ["0", "1", "2", "3", "7", "99", "100", "101", "1000000000", "9" * 30]


@st.composite
def _mutated_scenario(draw):
    folder, head, block = draw(st.sampled_from(CORPUS))
    lines = (head + block).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["number", "player", "delete", "duplicate", "swap", "insert_line", "bytes",
                                   "path", "truncate"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            lines = [""]
        if op == "number":
            nums = list(re.finditer(r"\d+", lines[i]))
            if nums:
                m = draw(st.sampled_from(nums))
                lines[i] = lines[i][:m.start()] + draw(st.sampled_from(NUMBERS)) + lines[i][m.end():]
        elif op == "player":
            lines[i] = re.sub(r"player \d", f"player {draw(st.sampled_from('0123'))}", lines[i])
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert_line":
            lines.insert(i, draw(st.sampled_from(LINES)))
        elif op == "bytes":
            k = draw(st.integers(0, len(lines[i])))
            junk = draw(st.text(max_size=4) | st.sampled_from(['"', '"""', "[", ",", " x ", "\x00", "\u2028"]))
            lines[i] = lines[i][:k] + junk + lines[i][k:]
        elif op == "path":
            lines.insert(0, f'packs: {draw(st.sampled_from(["embedded", SECRET_REFS[0], SECRET_REFS[1]]))}')
        else:
            lines = lines[:i]
    return folder, "\n".join(lines) + "\n"


SECRET_REFS = ['"../../../../../../../../etc/passwd"', '"/etc/passwd"']


def _check_scenario_text(folder: Path, text: str):
    """Any text: a LanguageError whose every diagnostic has a position, or
    scenarios whose run gives a result (never an exception, never a crash
    reported as 'the engine raised')."""
    filename = str(folder / "fuzz.scn")
    try:
        f = parse_scenarios(text, filename, root=SUITE)
    except LanguageError as e:
        for d in e.diagnostics:
            assert d.line >= 1 and d.column >= 1, d.format()
        return
    for sc in f.scenarios:
        r = run_scenario(sc)
        assert r.status in ("passed", "failed", "pending", "fixed")
        if r.failure is not None:
            assert "the engine raised" not in r.failure.actual, r.failure.format()
            assert "root:x:" not in r.failure.actual


@fuzz_settings(400)
@given(_mutated_scenario())
def test_fuzz_mutated_scenarios(case):
    folder, text = case
    _check_scenario_text(folder, text)


@fuzz_settings(400)
@given(st.binary(max_size=400))
def test_fuzz_arbitrary_bytes_as_a_scenario_file(data):
    try:
        text = decode_source(data, "fuzz.scn", 1 << 20)
    except LanguageError as e:
        assert e.first.line >= 1 and e.first.column >= 1
        return
    _check_scenario_text(SUITE, text)


@fuzz_settings(300)
@given(st.lists(st.sampled_from(LINES + ['scenario "a"', 'scenario "b"', "packs: embedded", "player 3", ""]),
                max_size=12))
def test_fuzz_lines_of_the_suite_in_any_order(lines):
    _check_scenario_text(SUITE, "\n".join(lines) + "\n")


def test_load_scenarios_reads_bytes(tmp_path):
    p = tmp_path / "a.scn"
    p.write_bytes(b'\xef\xbb\xbfscenario "bom"\n  start turn 1, player 1, action phase\n')
    assert [s.name for s in load_scenarios(p).scenarios] == ["bom"]
