"""Compiling skills (filled in by the skill-language work)."""
from __future__ import annotations


def compile_skills(node, card):
    return (), None
