"""The `fecipher` command line. Each command lives in its own module and
registers itself here; exit codes: 0 success, 1 findings, 2 usage error (a bad
option, a file that cannot be read or written), 130 interrupted (Ctrl-C).

A user's mistake never ends in a traceback: files are checked before the work
starts (:func:`readable_file`, :func:`writable_file`) and every command reports
its input's problems as ``file:line:column: error: ...``."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.dsl.packs import CardPool

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# Modules that add commands: each has register(subparsers) and sets a `func`.
COMMAND_MODULES = (
    "fecipher.play.cli_play",
    "fecipher.play.cli_cards",
    "fecipher.play.cli_scenarios",
    "fecipher.play.simulate",
    "fecipher.play.lsp",
    "fecipher.play.web.serve",
)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("fecipher")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        return "(not installed)"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors exit 2, as argparse does, with a hint
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="fecipher", description="Rules engine for Fire Emblem 0 (Cipher).",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        mod.register(sub)
    return parser


def usage_error(message: str) -> int:
    """Print ``fecipher: error: message`` and return the usage exit code (2)."""
    sys.stderr.write(f"fecipher: error: {message}\n")
    return EXIT_USAGE


def readable_file(path: str | Path, what: str = "file") -> str | None:
    """Why ``path`` cannot be read as a file, or None."""
    p = Path(path)
    if not p.exists():
        return f"no such {what}: {str(path)!r}"
    if p.is_dir():
        return f"{str(path)!r} is a folder, not a {what}"
    try:
        with open(p, "rb"):
            pass
    except OSError as e:
        return f"cannot read the {what} {str(path)!r}: {e.strerror or e}"
    return None


def add_packs_option(p: argparse.ArgumentParser) -> None:
    """``--packs PATH...``: an author's packs (files or folders) beside the embedded ones."""
    p.add_argument("--packs", nargs="+", default=(), metavar="PATH",
                   help="card packs (files or folders) loaded beside the embedded ones")


class PackError(Exception):
    """Packs named with ``--packs`` that are missing or do not load: the message (a usage error)."""


def pool_of(packs: "list[str] | tuple[str, ...]") -> "CardPool":
    """The embedded cards and the cards of ``packs``; :class:`PackError` with every
    problem (a missing path, a pack error at file:line:column, a code used twice)."""
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import pool_with
    missing = [str(p) for p in map(Path, packs) if not p.exists()]
    if missing:
        raise PackError(f"no such pack file or folder: {', '.join(missing)}")
    try:
        return pool_with(packs)
    except LanguageError as e:
        raise PackError(f"the packs do not load:\n{e}") from None


def writable_file(path: str | Path, what: str = "file") -> str | None:
    """Why ``path`` cannot be written (created or replaced), or None; checked
    before the work starts, so that no game is played for a record that cannot
    be saved. Nothing is created."""
    p = Path(path)
    if p.is_dir():
        return f"cannot write the {what} {str(path)!r}: it is a folder"
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        return f"cannot write the {what} {str(path)!r}: no folder {str(parent)!r}"
    if p.exists():
        if not os.access(p, os.W_OK):
            return f"cannot write the {what} {str(path)!r}: permission denied"
    elif not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write the {what} {str(path)!r}: the folder {str(parent)!r} is not writable"
    return None


def main(argv: list[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return EXIT_USAGE
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        # Ctrl-C (also while the commands load): a short line and 128 + SIGINT, as
        # shells expect, not a traceback.
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        sys.stderr.write("\nfecipher: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # pragma: no cover - `fecipher ... | head`
        try:
            sys.stdout = open(os.devnull, "w")  # no second error when Python flushes at exit
        except OSError:
            pass
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
