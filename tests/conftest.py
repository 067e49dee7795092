"""Suite-wide: the record of which skill-language constructs are shown in a game
(tests/construct_coverage.py; checked by tests/test_99_every_construct_in_a_game.py)."""
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


@pytest.fixture(autouse=True)
def _construct_record(request):
    path = Path(str(request.node.fspath))
    module = str(path.relative_to(_TESTS)) if str(path).startswith(str(_TESTS)) else None
    CC.RECORD["current"] = (module, request.node.nodeid)
    yield
    CC.RECORD["current"] = None
