"""Packaging: every package folder is mapped in pyproject.toml, resources load."""
import importlib
import importlib.resources
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(cfg["tool"]["setuptools"]["packages"])
    mapping = cfg["tool"]["setuptools"]["package-dir"]
    folders = {str(p.parent.relative_to(ROOT)) for p in ROOT.glob("*/__init__.py")}
    folders |= {str(p.parent.relative_to(ROOT)) for p in ROOT.glob("*/*/__init__.py")}
    folders = {f for f in folders if not f.startswith(("tests", "build", "benchmarks", "tools", ".venv"))}
    for folder in folders:
        top, _, rest = folder.partition("/")
        pkg = next(k for k, v in mapping.items() if v == top)
        name = pkg + ("." + rest.replace("/", ".") if rest else "")
        assert name in listed, f"{folder}/ is not listed as {name} in pyproject.toml"


def test_resources_load_from_the_installed_package():
    assert importlib.resources.files("fecipher.grammar").joinpath("pack.lark").is_file()
    names = [e.name for e in importlib.resources.files("fecipher.cards").iterdir()]
    assert "marth.deck" in names and "chrom.deck" in names
    # the browser board's page (fecipher serve): shipped as package data, no build step
    static = importlib.resources.files("fecipher.play.web").joinpath("static")
    for name in ("index.html", "board.js", "board.css", "favicon.svg"):
        assert static.joinpath(name).is_file(), f"fecipher.play.web has no static/{name}"


def test_tests_import_only_the_fecipher_package():
    for f in (ROOT / "tests").rglob("*.py"):
        text = f.read_text()
        for bad in ("import engine", "from engine", "import dsl", "from dsl "):
            assert f"\n{bad}" not in text, f"{f} imports {bad.split()[-1]} directly; use fecipher.*"


def test_version_is_the_installed_distributions(capsys):
    from importlib.metadata import version

    from fecipher.play.cli import main
    try:
        main(["--version"])
    except SystemExit as e:
        assert e.code == 0
    assert capsys.readouterr().out.strip() == f"fecipher {version('fecipher')}"


def test_license_and_metadata():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert cfg["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in cfg["classifiers"]
    lark = next(d for d in cfg["dependencies"] if d.startswith("lark"))
    assert "<" in lark, "lark is pinned to the versions the fast parser is tested against"


def test_the_readme_module_table_lists_every_module():
    readme = (ROOT / "README.md").read_text()
    for folder in ("api", "engine", "dsl", "conformance", "play", "tools"):
        for f in sorted((ROOT / folder).glob("*.py")):
            if f.name != "__init__.py":
                assert f"`{f.name}`" in readme, f"README.md does not name {folder}/{f.name}"


def test_the_wheel_holds_the_package_root_and_py_typed(tmp_path):
    """A wheel built from the sources has fecipher/__init__.py (api/), py.typed, every
    layer and the resources; no maintainers' tools or tests."""
    import shutil
    import subprocess
    import sys
    import zipfile
    src = tmp_path / "src"
    keep = {"api", "engine", "dsl", "conformance", "play", "grammar", "cards", "pyproject.toml", "README.md",
            "LICENSE"}
    src.mkdir()
    for name in keep:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(p, src / name)
    out = tmp_path / "dist"
    code = (f"from setuptools import build_meta; import os; os.chdir({str(src)!r}); "
            f"print(build_meta.build_wheel({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = out / done.stdout.strip().splitlines()[-1]
    names = set(zipfile.ZipFile(wheel).namelist())
    for must in ("fecipher/__init__.py", "fecipher/py.typed", "fecipher/events.py", "fecipher/kinds.py",
                 "fecipher/engine/game.py", "fecipher/play/rl.py", "fecipher/grammar/pack.lark",
                 "fecipher/cards/marth.deck", "fecipher/play/web/server.py", "fecipher/play/web/static/index.html",
                 "fecipher/play/web/static/board.js", "fecipher/play/web/static/board.css",
                 "fecipher/play/web/static/favicon.svg"):
        assert must in names, f"the wheel has no {must}"
    assert not any(n.startswith(("tools/", "tests/", "fecipher/tools", "fecipher/tests")) for n in names)
