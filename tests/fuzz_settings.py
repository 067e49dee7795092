"""Shared hypothesis settings for the fuzz tests of untrusted input.

In CI each fuzz test runs its own small number of examples, derandomized so
that a run is repeatable. ``FECIPHER_FUZZ_EXAMPLES=N`` runs N examples in every
fuzz test instead, with fresh random inputs (e.g. ``FECIPHER_FUZZ_EXAMPLES=20000
pytest -q tests/test_67_untrusted_records.py``) — for a long search before a
release, or after changing a reader. ``FECIPHER_FUZZ=1`` (as for the random
games, tests/test_19) keeps the CI numbers but draws fresh inputs.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

ENV = "FECIPHER_FUZZ_EXAMPLES"


def fuzz_examples(default: int) -> int:
    """``default``, or the number of examples the environment asks for."""
    value = os.environ.get(ENV, "").strip()
    return int(value) if value else default


def fuzz_settings(default: int) -> settings:
    """Settings for a fuzz test that runs ``default`` examples in CI."""
    asked = bool(os.environ.get(ENV, "").strip() or os.environ.get("FECIPHER_FUZZ"))
    return settings(max_examples=fuzz_examples(default), deadline=None, database=None, derandomize=not asked,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
