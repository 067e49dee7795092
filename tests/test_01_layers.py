"""The direction of imports between the layers, enforced.

    play  ──►  conformance  ──►  dsl  ──►  engine

A layer may import the layers to its right, never one to its left: the rules
(engine/) know nothing of the language, the language (dsl/) knows nothing of
scenarios or of the command line, and the scenario format (conformance/) does not
depend on agents or on the command line. Maintainers' tools (tools/) are outside
the wheel: no runtime layer imports them.

The package itself (``import fecipher``, api/__init__.py: the integrator's names)
may load every layer, and no layer imports it (``from fecipher import Game`` in a
layer would load the layers above it).

Every import counts, at the top of a module or inside a function, and so does a
module named in a string (``importlib.import_module("fecipher.dsl...")``)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LAYERS = ("engine", "dsl", "conformance", "play")  # each may import those before it
RUNTIME = set(LAYERS)


def forbidden_for(layer: str) -> set[str]:
    """The top-level packages a module of ``layer`` must not import."""
    allowed = set(LAYERS[: LAYERS.index(layer) + 1])
    return (RUNTIME - allowed) | {"tools", "tests", "benchmarks", "fecipher"}


def imported_packages(source: str) -> list[tuple[int, str]]:
    """(line, layer) for every fecipher layer (or top-level tools/tests/benchmarks
    package) that the source imports or names in a string."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)

    def note(lineno: int, dotted: str) -> None:
        parts = dotted.split(".")
        if parts[0] == "fecipher" and len(parts) > 1 and parts[1] in RUNTIME | {"grammar", "cards"}:
            found.append((lineno, parts[1]))
        elif parts[0] == "fecipher":      # the package itself, or a name of it
            found.append((lineno, "fecipher"))
        elif parts[0] in ("tools", "tests", "benchmarks"):
            found.append((lineno, parts[0]))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                note(node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "fecipher":
                for alias in node.names:
                    note(node.lineno, f"fecipher.{alias.name}")
            else:
                note(node.lineno, node.module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip()
            if text.startswith("fecipher.") and " " not in text:
                note(node.lineno, text)
    return found


def violations(layer: str, folder: Path) -> list[str]:
    bad = forbidden_for(layer)
    out = []
    for path in sorted(folder.rglob("*.py")):
        for lineno, target in imported_packages(path.read_text(encoding="utf-8")):
            if target in bad:
                out.append(f"{path.relative_to(ROOT)}:{lineno}: {layer}/ imports {target}/")
    return out


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_only_the_layers_below_it(layer):
    assert violations(layer, ROOT / layer) == []


def test_every_layer_folder_is_a_package_of_the_wheel():
    text = (ROOT / "pyproject.toml").read_text()
    for layer in LAYERS:
        assert f'"fecipher.{layer}" = "{layer}"' in text
    assert '"fecipher" = "api"' in text
    assert '"fecipher.tools"' not in text


@pytest.mark.parametrize("layer, source, target", [
    ("engine", "from fecipher.dsl.decks import load_deck\n", "dsl"),
    ("engine", "def f():\n    import fecipher.play.agents\n", "play"),
    ("engine", "from fecipher import conformance\n", "conformance"),
    ("engine", "import importlib\nimportlib.import_module('fecipher.dsl.packs')\n", "dsl"),
    ("dsl", "from fecipher.play.cli import main\n", "play"),
    ("dsl", "from fecipher.conformance.scenario import load_scenarios\n", "conformance"),
    ("conformance", "from fecipher.play.agents import RandomAgent\n", "play"),
    ("play", "from tools.blankcheck import main\n", "tools"),
    ("play", "import fecipher\n", "fecipher"),
    ("engine", "from fecipher import Game\n", "fecipher"),
    ("dsl", "import importlib\nimportlib.import_module('fecipher.events')\n", "fecipher"),
])
def test_the_check_catches_a_wrong_import(layer, source, target):
    assert [t for _, t in imported_packages(source) if t in forbidden_for(layer)] == [target]


@pytest.mark.parametrize("layer, source", [
    ("play", "from fecipher.conformance.scenario import load_scenarios\nfrom fecipher.engine import game\n"),
    ("conformance", "from fecipher.dsl.packs import load_packs\n"),
    ("dsl", "from fecipher.engine.game import Game\n"),
    ("engine", "from fecipher.engine import events\n"),
])
def test_the_check_allows_imports_downwards(layer, source):
    assert [t for _, t in imported_packages(source) if t in forbidden_for(layer)] == []
