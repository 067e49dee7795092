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


def test_tests_import_only_the_fecipher_package():
    for f in (ROOT / "tests").rglob("*.py"):
        text = f.read_text()
        for bad in ("import engine", "from engine", "import dsl", "from dsl "):
            assert f"\n{bad}" not in text, f"{f} imports {bad.split()[-1]} directly; use fecipher.*"
