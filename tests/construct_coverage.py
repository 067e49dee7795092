"""Which constructs of the skill language the suite shows in a game.

The root conftest records, while the suite runs, every pack text that compiles and
where it was compiled (the test running then, or the test module being imported), and
which tests answered at least one decision of a game. A construct is *shown in a game*
when a pack that uses it was compiled by a test that played a game, or at the import of
a module one of whose tests did; the embedded packs (the real cards) count when any test
played a game with them, their cards being proven one by one by ``python -m
tools.blankcheck``.

A construct is a rule or an alternative (``-> name``) of grammar/pack.lark that a parse
tree can show; Lark's own parser (the reference the fast parser is held to) names them.
"""
from __future__ import annotations

import functools

RECORD: dict = {
    "texts": {},          # text -> set of (module, test nodeid or None)
    "played": set(),      # nodeids of tests that answered a decision
    "modules": set(),     # test modules with such a test
    "embedded": set(),    # texts of the embedded packs
    "current": None,      # (module, nodeid) of the test running
    "files": set(),       # test files collected
    "deselected": False,  # some collected test was deselected (-k, -m)
}


def whole_suite() -> bool:
    """The run collected every test file and deselected nothing (no -k, -m, file or folder)."""
    from pathlib import Path
    here = Path(__file__).resolve().parent
    files = {str(p.relative_to(here)) for p in here.rglob("test_*.py")}
    return not RECORD["deselected"] and files <= RECORD["files"]


@functools.lru_cache(maxsize=1)
def universe() -> frozenset[str]:
    """Every construct name of the pack grammar that can appear in a parse tree."""
    from fecipher.dsl.parse import parser
    names = set()
    for rule in parser().rules:
        if rule.alias:
            names.add(str(rule.alias))
        elif not rule.origin.name.startswith("_") and not rule.options.expand1:
            names.add(str(rule.origin.name))
    return frozenset(names)


def used_in(text: str) -> set[str]:
    """The construct names a pack text uses (its Lark parse tree's rule names)."""
    from fecipher.dsl.parse import parser
    try:
        tree = parser().parse(text)
    except Exception:      # a text with errors: its constructs are not counted
        return set()
    return {str(t.data) for t in tree.iter_subtrees()}


def shown_in_games() -> set[str]:
    shown: set[str] = set()
    for text, places in RECORD["texts"].items():
        played = text in RECORD["embedded"] and RECORD["played"]
        for module, nodeid in places:
            helper = module is not None and not module.rsplit("/", 1)[-1].startswith("test_")
            if (nodeid is not None and nodeid in RECORD["played"]) or (
                    nodeid is None and (module in RECORD["modules"] or (helper and RECORD["played"]))):
                played = True
                break
        if played:
            shown |= used_in(text)
    if RECORD["played"]:
        # The embedded packs may have been compiled before recording began (the pool is
        # compiled once per process); their cards are proven in games card by card.
        import importlib.resources
        for entry in importlib.resources.files("fecipher.cards").iterdir():
            if entry.name.endswith(".fe0"):
                shown |= used_in(entry.read_text(encoding="utf-8"))
    return shown


def problems(shown: set[str], not_yet: dict[str, str], structure: frozenset[str]) -> list[str]:
    """What design rule 8's check finds wrong, given the constructs the suite showed in a
    game: constructs with no game test, entries of ``not_yet`` that are shown now, and
    entries that are not constructs of the grammar any more."""
    u = universe() - structure
    missing = sorted(u - shown - set(not_yet))
    stale = sorted(set(not_yet) & shown)
    unknown = sorted(set(not_yet) - universe())
    return [p for p in (
        f"constructs the checker accepts with no game test: {missing}" if missing else "",
        f"now shown in a game, take them out of NOT_YET_IN_A_GAME: {stale}" if stale else "",
        f"not constructs of the grammar any more: {unknown}" if unknown else "") if p]
