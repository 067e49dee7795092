"""Checking skills (filled in by the skill-language work)."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl.errors import Sink


def check_skills(card: A.CardNode, sink: Sink) -> None:
    return None
