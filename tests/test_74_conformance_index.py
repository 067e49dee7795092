"""docs/conformance.md and tests/conformance/ agree: every numbered ruling and every FAQ
question of the official rulebook has a scenario, and every scenario named exists."""
import pathlib
import re

from fecipher.conformance.scenario import load_scenarios

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "conformance"
DOC = ROOT / "docs" / "conformance.md"
RULINGS = ROOT.parent / "shared" / "RULINGS.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "001_f57e2f1c53b6d454.txt"


def scenarios():
    out = {}
    for f in sorted(SUITE.rglob("*.scn")):
        for sc in load_scenarios(f).scenarios:
            out[sc.name] = (f.name, sc)
    return out


def test_every_ruling_has_scenarios():
    names = scenarios()
    count = 14
    if RULINGS.is_file():
        count = max(int(n) for n in re.findall(r"^(\d+)\. \*\*", RULINGS.read_text(), re.M))
    for rule in range(1, count + 1):
        pinned = [n for n, (_, sc) in names.items() if n.startswith(f"Rule {rule}.") and sc.pending is None]
        assert pinned, f"ruling {rule} has no (non-pending) scenario"


def test_every_faq_question_has_a_scenario():
    names = scenarios()
    count = 27
    if RULEBOOK.is_file():
        text = RULEBOOK.read_text(encoding="utf-8")
        faq = text[text.rindex("よくある質問"):]
        count = sum(1 for line in faq.splitlines() if line.startswith("■"))
    assert count == 27
    for q in range(1, count + 1):
        assert any(n.startswith(f"FAQ {q}: ") for n in names), f"FAQ {q} has no scenario"
        assert f"\n| {q} | " in DOC.read_text(encoding="utf-8"), f"FAQ {q} is not listed in docs/conformance.md"


def test_every_scenario_named_in_the_index_exists_and_every_scenario_is_indexed():
    names = scenarios()
    doc = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| [^|]+ \| `([^`]+\.scn)` \| ([^|]+?)(?: — \*\*pending\*\*[^|]*)? \|$", doc, re.M)
    rows += re.findall(r"^\| `([^`]+\.scn)` \| ([^|]+?) \|$", doc, re.M)
    rows += [(None, n) for n in re.findall(r"^\| \d+ \| [^|]+ \| ((?:FAQ) \d+: [^|]+?) \|$", doc, re.M)]
    indexed = {n for _, n in rows}
    for fname, name in rows:
        assert name in names, f"docs/conformance.md names a scenario that does not exist: {name}"
        if fname is not None:
            assert names[name][0] == fname, f"{name} is in {names[name][0]}, not {fname}"
    missing = sorted(set(names) - indexed)
    assert not missing, f"scenarios not listed in docs/conformance.md: {missing}"


def test_pending_scenarios_are_listed_as_pending():
    doc = DOC.read_text(encoding="utf-8")
    pending_section = doc[doc.index("## Pending"):]
    for name, (_, sc) in scenarios().items():
        if sc.pending is not None:
            assert name in pending_section, f"pending scenario {name} is not in the Pending section"
