"""The `fecipher` command line. Each command lives in its own module and
registers itself here; exit codes: 0 success, 1 findings, 2 usage error."""
from __future__ import annotations

import argparse
import importlib
import sys

# Modules that add commands: each has register(subparsers) and sets a `func`.
COMMAND_MODULES = (
    "fecipher.play.cli_play",
    "fecipher.play.cli_cards",
    "fecipher.play.cli_scenarios",
    "fecipher.play.simulate",
    "fecipher.play.lsp",
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:  # pragma: no cover
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
