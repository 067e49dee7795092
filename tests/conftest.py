"""Suite-wide: the record of which skill-language constructs are shown in a game
(tests/construct_coverage.py; checked by tests/test_99_every_construct_in_a_game.py, or,
under pytest-xdist, by the controller over the union of the workers' records)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import construct_coverage as CC  # noqa: E402
from fecipher.dsl import packs as _packs  # noqa: E402
from fecipher.engine.game import Game  # noqa: E402

_TESTS = Path(__file__).resolve().parent


def _caller_module() -> str | None:
    f = sys._getframe(2)
    while f is not None:
        name = f.f_code.co_filename
        if name.startswith(str(_TESTS)) and not name.endswith(("conftest.py", "construct_coverage.py")):
            return str(Path(name).relative_to(_TESTS))
        f = f.f_back
    return None


_compile = _packs._compile_text


def _recording_compile(text: str, filename: str):
    cards = _compile(text, filename)
    places = CC.RECORD["texts"].setdefault(text, set())
    if filename.startswith("cards/"):
        CC.RECORD["embedded"].add(text)
    cur = CC.RECORD["current"]
    places.add(cur if cur is not None else (_caller_module(), None))
    return cards


_packs._compile_text = _recording_compile
_answer = Game.answer


def _recording_answer(self, *args, **kwargs):
    cur = CC.RECORD["current"]
    if cur is not None:
        CC.RECORD["played"].add(cur[1])
        CC.RECORD["modules"].add(cur[0])
    return _answer(self, *args, **kwargs)


Game.answer = _recording_answer


def pytest_collection_modifyitems(session, config, items):
    CC.RECORD["files"] = {str(Path(str(i.fspath)).relative_to(_TESTS)) for i in items
                          if str(i.fspath).startswith(str(_TESTS))}


def pytest_deselected(items):
    # -k / -m: not the whole suite, whatever files were collected
    CC.RECORD["deselected"] = True


@pytest.fixture(autouse=True)
def _construct_record(request):
    path = Path(str(request.node.fspath))
    module = str(path.relative_to(_TESTS)) if str(path).startswith(str(_TESTS)) else None
    CC.RECORD["current"] = (module, request.node.nodeid)
    yield
    CC.RECORD["current"] = None


# --- pytest-xdist: each worker sends what its games showed; the controller checks the union.

def pytest_sessionfinish(session, exitstatus):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        if CC.whole_suite():
            workeroutput["constructs_shown"] = sorted(CC.shown_in_games())
        return
    shown = getattr(session.config, "_constructs_shown", None)
    if shown is None or exitstatus != 0:
        return      # not an xdist run of the whole suite, or already failed (the failures say it)
    import test_99_every_construct_in_a_game as T99
    problems = CC.problems(shown, T99.NOT_YET_IN_A_GAME, T99.STRUCTURE)
    if problems:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = "design rule 8 (tests/test_99, checked over every xdist worker):\n" + "\n".join(problems)
        if reporter is not None:
            reporter.write_sep("=", "every construct in a game", red=True)
            reporter.write_line(text)
        else:
            print(text)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_XdistConstructs(config), "fecipher-xdist-constructs")


class _XdistConstructs:
    """Controller side of the construct record under pytest-xdist."""

    def __init__(self, config):
        self.config = config

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        out = getattr(node, "workeroutput", None) or {}
        if "constructs_shown" not in out:
            return
        cfg = self.config
        cfg._constructs_shown = getattr(cfg, "_constructs_shown", set()) | set(out["constructs_shown"])
