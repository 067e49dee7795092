"""Every ```scenario block of docs/scenarios.md is run: the examples cannot drift."""
import pathlib
import re

import pytest

from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import run_scenario

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "scenarios.md"


def blocks():
    text = DOC.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"```scenario\n(.*?)```", text, re.S):
        line = text.count("\n", 0, m.start(1))  # lines before the block's first line
        out.append(pytest.param("\n" * line + m.group(1), id=f"scenarios.md:{line + 1}"))
    return out


def test_the_page_has_examples():
    assert len(blocks()) >= 5


@pytest.mark.parametrize("text", blocks())
def test_example(text):
    f = parse_scenarios(text, str(DOC))
    assert f.scenarios
    for sc in f.scenarios:
        r = run_scenario(sc)
        assert r.status == "passed", r.format()
