"""docs/coverage.md, generated: how many cards of each Series 1 set are in the packs.

The set totals come from the pack files' own card codes plus, when the real card
list is at hand (../shared/data/cardlist.json, never committed), the cards it
lists; a card counts as implemented when it is in a pack and has every skill the
card list gives it a name for."""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

SERIES1_SETS = ("B01", "S01", "S02", "P01")
DEFAULT_CARDLIST = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cardlist.json"

# Language features each set needed beyond what came before it (kept by hand).
FEATURES = {
    "S01/S02": ["card facts", "ACT/AUTO/CONT/SPEC/support skills", "CCS", "tap/flip/send costs",
                "deploy/attack/class-change/destroy triggers", "attack/range/type/skill grants",
                "cannot-be-attacked-by restrictions", "support failure", "orbs broken becomes 2",
                "per-each counts", "you may", "once per turn"],
    "B01/P01": ["if <condition>: <effect>, if you do / don't", "reveal, deck search, top card of the opponent's "
                "deck", "your opponent / each player acts (their areas)", "attack-value and card-cost "
                "conditions", "in combat with", "named alternatives, not named, non-main character",
                "different unit names", "attacked this turn", "same line", "odd/even counts",
                "symbol bonds", "doubled attack", "acquired symbols", "lost skills", "cannot use a skill "
                "until the end of the game", "changes while a state holds", "per unit destroyed by this "
                "skill", "attacked instead (defender changed)", "copies", "replacements (instead of the "
                "retreat area, optional)", "SPEC card rules (deploy if, share name, any copies)",
                "support succeeds despite the name", "destroy-this cost", "named-skill destroy trigger",
                "cards on top of the deck in order"],
}


class CardListError(Exception):
    """A card list (--cardlist) that cannot be read or is not a list of cards."""


def _series1_cards(cardlist: str | None) -> list[dict] | None:
    """The Series 1 cards of the card list; None when no list was named and the
    default one is not there (a list named but missing is an error)."""
    path = Path(cardlist) if cardlist else DEFAULT_CARDLIST
    if not cardlist and not path.exists():
        return None
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as e:
        raise CardListError(f"cannot read the card list {str(path)!r}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise CardListError(f"{path}: error: the file is not UTF-8 text: byte 0x{e.object[e.start]:02X} at "
                            f"byte offset {e.start} cannot be read") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        where = f"{path}:{e.lineno}:{e.colno}" if isinstance(e, json.JSONDecodeError) else str(path)
        raise CardListError(f"{where}: error: the card list is not JSON ({getattr(e, 'msg', e)})") from None
    if not isinstance(data, list):
        raise CardListError(f"{path}: error: a card list is a JSON list of cards")
    out = []
    for n, c in enumerate(data):
        try:
            arts = c["AlternateArts"]
            if min(a["SeriesNo"] for a in arts) == 1:
                for a in arts:
                    str(a["SetCode"]), str(a["CardCode"])
                str(c["Character"]), str(c["Title"]), c["Skill"].split("\n")
                out.append(c)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise CardListError(f"{path}: error: card {n} of the list is not a card "
                                f"(AlternateArts with SeriesNo, SetCode and CardCode; Character, Title, "
                                f"Skill): {type(e).__name__} {e}") from None
    return out


def coverage_markdown(cardlist: str | None = None) -> str:
    from fecipher.dsl.packs import embedded_pool
    pool = embedded_pool()
    real = _series1_cards(cardlist)
    rows = []
    total_impl = total = 0
    sets_of: dict[str, list] = defaultdict(list)
    missing: list[str] = []
    if real is not None:
        for c in real:
            sets = {a["SetCode"] for a in c["AlternateArts"]}
            name = f"{c['Character']}, {c['Title']}"
            ours = pool.find(name)
            if ours is None:  # a title corrected in the pack (a data error): found by its codes
                ours = next((pool.find(a["CardCode"]) for a in c["AlternateArts"] if pool.find(a["CardCode"])), None)
            expected = [line.split("|")[0].strip() for line in c["Skill"].split("\n") if "|" in line]
            ok = ours is not None and len(ours.skills) >= len([e for e in expected if e]) and (
                (c.get("SupportSkill") in (None, "-")) or ours.support_skill is not None)
            for s in sets & set(SERIES1_SETS):
                sets_of[s].append(ok)
            total += 1
            total_impl += ok
            if not ok:
                missing.append(f"{name} ({c['AlternateArts'][0]['CardCode']})")
        for s in SERIES1_SETS:
            got = sets_of.get(s, [])
            rows.append(f"| {s} | {sum(got)} / {len(got)} |")
    else:
        for s in SERIES1_SETS:
            n = sum(1 for c in pool if any(code.startswith(s) for code in c.codes))
            rows.append(f"| {s} | {n} / ? |")
    out = ["# Coverage", "",
           "Generated by `fecipher coverage --write docs/coverage.md` (do not edit by hand).", "",
           "A card counts once per set it was printed in; a card is implemented when it is in a pack with all",
           "of its skills and its support skill.", "",
           "| set | cards implemented / total |", "| --- | --- |", *rows, ""]
    if real is not None:
        out += [f"Series 1 distinct cards: {total_impl} / {total} implemented.", ""]
        if missing:
            out += ["## Not implemented yet", ""] + [f"- {m}" for m in sorted(missing)] + [""]
    out += ["## Language features each set needed", ""]
    for k, feats in FEATURES.items():
        out.append(f"- **{k}**: " + ", ".join(feats))
    out.append("")
    return "\n".join(out)
