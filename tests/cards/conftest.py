"""Card tests: every skill of the starter decks' cards, played in a game.

Each test is marked with the card code(s) it proves: ``@pytest.mark.card("B01-003ST")``.
``python -m tools.blankcheck`` runs each card's tests with that card's skills
blanked (``FECIPHER_BLANK_SKILLS``) and requires at least one of them to fail.

Options and variables read here (used by the blank check):

- ``--card CODE`` (repeatable): run only the tests marked with that card (any code of
  the card's printings names it).
- ``FECIPHER_CARD_REPORT=PATH``: write a JSON list of {nodeid, cards, outcome} there.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

# tests/ (vanilla.py) and this folder (helpers.py) are importable from the card tests.
_HERE = Path(__file__).resolve().parent
for _p in (_HERE, _HERE.parent):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

REPORT_ENV = "FECIPHER_CARD_REPORT"


def pytest_addoption(parser):
    parser.addoption("--card", action="append", default=[], metavar="CODE",
                     help="run only the card tests marked with this card code")


def pytest_configure(config):
    config.addinivalue_line("markers", "card(*codes): the card(s) whose skills this test proves")
    config._card_outcomes = {}


def card_codes(item) -> list[str]:
    return [code for m in item.iter_markers("card") for code in m.args]


def _canonical(code: str) -> str:
    from fecipher.dsl.packs import embedded_pool
    card = embedded_pool().find(code)
    return card.name if card is not None else code.upper()


def pytest_collection_modifyitems(config, items):
    wanted = config.getoption("--card")
    if not wanted:
        return
    names = {_canonical(c) for c in wanted}
    keep, drop = [], []
    for item in items:
        (keep if {_canonical(c) for c in card_codes(item)} & names else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    store = item.config._card_outcomes
    entry = store.setdefault(item.nodeid, {"nodeid": item.nodeid, "cards": card_codes(item), "outcome": "passed"})
    if rep.failed:
        entry["outcome"] = "failed"
    elif rep.skipped and entry["outcome"] == "passed":
        entry["outcome"] = "skipped"


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get(REPORT_ENV)
    if path:
        Path(path).write_text(json.dumps(list(session.config._card_outcomes.values()), indent=1))
