"""Maintainers' tools, run from the repository root (python -m tools.X); not part of the wheel."""
