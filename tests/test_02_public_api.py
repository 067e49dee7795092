"""The one import (api/__init__.py, docs/api.md): ``import fecipher`` gives the
integrator's names, each with a docstring and no ``Any`` in its signature; the
package is typed; docs/api.md's examples run and its event catalogue is complete."""
from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import fecipher

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "api.md"

# Game's public members (docs/api.md lists them); its other methods are the engine's primitives.
GAME_API = ("__init__", "answer", "legal_options", "why_illegal", "concede", "view", "clone", "to_json",
            "from_json", "invalidate", "start_at", "can_see")


def test_every_exported_name_loads_and_has_a_docstring():
    for name in fecipher.__all__:
        obj = getattr(fecipher, name)
        if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismodule(obj):   # (not type aliases)
            assert (obj.__doc__ or "").strip(), f"fecipher.{name} has no docstring"
    assert sorted(dir(fecipher)) == sorted(set(dir(fecipher)))
    with pytest.raises(AttributeError):
        fecipher.no_such_name  # noqa: B018


def test_the_type_checking_imports_name_exactly_the_exports():
    """Type checkers read the TYPE_CHECKING block; the lazy table is what runs."""
    tree = ast.parse((ROOT / "api" / "__init__.py").read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    names = {a.asname or a.name for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert names == set(fecipher.__all__) - {"__version__"}
    for n in block.body:
        for a in n.names:
            if n.module != "fecipher":
                assert fecipher._EXPORTS[a.asname or a.name] == (n.module, a.name)


def _annotations(fn) -> list[str]:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return []
    out = [str(p.annotation) for p in sig.parameters.values() if p.annotation is not inspect.Parameter.empty]
    if sig.return_annotation is not inspect.Signature.empty:
        out.append(str(sig.return_annotation))
    return out


def _public_members(cls: type) -> list[str]:
    if cls is fecipher.Game:
        return list(GAME_API)
    names = []
    for base in cls.__mro__:
        if not base.__module__.startswith("fecipher"):
            continue
        names += [k for k in vars(base) if not k.startswith("_") or k in ("__init__", "__call__")]
    return names


def test_no_public_signature_says_any():
    bad = []
    for name in fecipher.__all__:
        obj = getattr(fecipher, name)
        if inspect.isclass(obj):
            for m in _public_members(obj):
                f = getattr(obj, m, None)
                if callable(f):
                    bad += [f"{name}.{m}: {a}" for a in _annotations(f) if re.search(r"\bAny\b", a)]
            if attrs.has(obj):
                bad += [f"{name}.{f.name}: {f.type}" for f in attrs.fields(obj) if re.search(r"\bAny\b", str(f.type))]
        elif callable(obj):
            bad += [f"{name}: {a}" for a in _annotations(obj) if re.search(r"\bAny\b", a)]
    assert bad == []


def test_the_check_finds_any():
    def f(x: "Any", y: "dict[str, Any] | None") -> int: ...  # noqa: F821
    assert [a for a in _annotations(f) if re.search(r"\bAny\b", a)] == ["'Any'", "'dict[str, Any] | None'"]


def test_the_package_is_typed():
    assert (ROOT / "api" / "py.typed").is_file()
    assert Path(fecipher.__file__).with_name("py.typed").is_file()


def test_fecipher_events_has_every_event_type():
    from fecipher.engine.events import EVENT_TYPES
    assert {c.__name__ for c in EVENT_TYPES.values()} | {"Event", "EVENT_TYPES"} == set(fecipher.events.__all__), \
        "add the new event type to api/events.py"
    for name in fecipher.events.__all__:
        assert getattr(fecipher.events, name) is not None


def test_importing_a_layer_loads_no_layer_above_it():
    code = ("import sys, fecipher.engine.game, fecipher.engine.records\n"
            "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('fecipher.')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['engine']"


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_documented_examples_run(capsys):
    blocks = _python_blocks(DOC.read_text())
    assert len(blocks) >= 4
    namespace: dict = {"__name__": "api_md"}
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/api.md block {i + 1}", "exec"), namespace)  # noqa: S102  (our own doc)
    assert "option number 99 is out of range" in capsys.readouterr().out


def test_the_event_catalogue_is_generated_and_complete():
    from tools.api_catalogue import BEGIN, END, section
    text = DOC.read_text()
    assert section() in text, "docs/api.md's event catalogue is stale: python -m tools.api_catalogue"
    table = text.split(BEGIN)[1].split(END)[0]
    for kind in fecipher.EVENT_TYPES:
        assert f"| `{kind}` |" in table


def test_the_documented_observation_layout_is_the_encoders():
    from fecipher.play import rl
    text = DOC.read_text()
    assert f"`OBSERVATION_SIZE` = {rl.OBSERVATION_SIZE:,} integers" in text
    for name, _, _ in rl.LAYOUT:
        assert f"`{name}`" in text, f"docs/api.md does not describe the observation block {name}"
    for member in GAME_API[1:]:
        assert re.search(rf"`(Game\.)?{member}\b", text), f"docs/api.md does not list Game.{member}"
