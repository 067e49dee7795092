"""docs/coverage.md, generated: how many cards of each set are in the packs.

The set totals come from the pack files' own card codes plus, when the real card
list is at hand (../shared/data/cardlist.json, never committed), the cards it
lists; a card counts as implemented when it is in a pack and has every skill the
card list gives it a name for. Series 1 sets are counted as before; the sets of
Series 2 to 8 (a card belongs to the set of its first printing) are counted too,
and for each such set that has a pack, every card not in it is listed with what
the skill language is missing for it (:data:`MISSING`, kept by hand)."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

SERIES1_SETS = ("B01", "S01", "S02", "P01")
LATER_SERIES = range(2, 9)     # issue 15: the sets of Series 2 to 8
# The series groups after Series 1, each an issue of its own: (first, last series, issue, extra sets).
# S11 is printed without a series number (-1 in the card list); issue 20 takes it with Series 16-22.
SERIES_GROUPS = ((2, 8, 15, ()), (9, 15, 18, ()), (16, 22, 20, ("S11",)))

# Cards of a started set that are not in its pack, by code: what the language lacks
# for them (a card that does less or other than its text is not implemented).
MISSING = {
    # B08 (cards/b08.fe0)
    # Promo P02 (cards/p02.fe0)
    # Promo P05 (cards/p05.fe0)
    # B06
    # B07
    # Promo P10 (cards/p10.fe0): Eirika and Ephraim are P10-001PR and P10-002PR, listed by their first code
    # B14 (cards/b14.fe0)
    # B10 (cards/b10.fe0)
    # B09 (cards/b09.fe0)
    # B18 (cards/b18.fe0)
    # B18 (cards/b18.fe0)
    # B20, second half (cards/b20.fe0, B20-052..102)
    # B20 (cards/b20.fe0), B20-001 to B20-051
    # B21 (cards/b21.fe0)
}
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
    "B02": ["'flip all bonds' as an effect (it flipped one chosen bond before)"],
    "B03/P03/S03": ["'destroy 1 orb' tells a following 'if you do' whether an orb was destroyed (it did not before)",
                    "a support failure set by an effect for a duration ('all cards fail to support them until the "
                    "end of the turn')"],
    "B04/P04/S04": ["'destroy 1 orb' as an effect tells 'if you do' whether it destroyed an orb (it left the "
                    "previous line's answer before)", "the duration 'during your opponent's next turn' on a change of units",
                    "a CONT skill printed in several |CONT| parts (several cont skills of one name)"],
    "S11/S12/P16-P22": ["'cannot be destroyed by (enemy) critical hits' (P22-008PR)"],
}


def _series1_pack(card) -> bool:
    """A card of a Series 1 pack (cards/b01.fe0, p01.fe0, s01.fe0, s02.fe0)."""
    return card.pack.rsplit("/", 1)[-1].split(".")[0].upper() in SERIES1_SETS


class CardListError(Exception):
    """A card list (--cardlist) that cannot be read or is not a list of cards."""


def _cards(cardlist: str | None) -> list[dict] | None:
    """The cards of the card list, checked; None when no list was named and the
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
            min(int(a["SeriesNo"]) for a in arts)
            for a in arts:
                str(a["SetCode"]), str(a["CardCode"])
            str(c["Character"]), str(c["Title"]), c["Skill"].split("\n")
            out.append(c)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise CardListError(f"{path}: error: card {n} of the list is not a card "
                                f"(AlternateArts with SeriesNo, SetCode and CardCode; Character, Title, "
                                f"Skill): {type(e).__name__} {e}") from None
    return out


def _series1_cards(cardlist: str | None) -> list[dict] | None:
    """The Series 1 cards of the card list (see :func:`_cards`)."""
    cards = _cards(cardlist)
    return None if cards is None else [c for c in cards if min(a["SeriesNo"] for a in c["AlternateArts"]) == 1]


def _first_set(card: dict) -> str:
    """The set of a card's first printing (lowest SeriesNo, -1 marking special printings; then
    booster before promotion before starter), as tools/pack_facts.py places cards in packs."""
    arts = [a for a in card["AlternateArts"] if a["SeriesNo"] >= 0] or card["AlternateArts"]
    order = {"B": 0, "P": 1, "S": 2}
    return min(arts, key=lambda a: (a["SeriesNo"], order.get(str(a["SetCode"])[:1], 9), a["SetCode"]))["SetCode"]


def _implemented(pool, c: dict):
    """Our card for a card-list entry (by name, else by any of its codes: a title corrected in
    the pack, or one card the list has twice), and whether it has all of its skills."""
    name = f"{c['Character']}, {c['Title']}"
    expected = [line.split("|")[0].strip() for line in c["Skill"].split("\n") if "|" in line]
    ours = next((pool.find(a["CardCode"]) for a in c["AlternateArts"] if pool.find(a["CardCode"])), None)
    if ours is None:
        # By name only when it is the same card: a card with its codes is found above, and the card
        # list has cards that share a name and title with another but not its skills (B11-101+X
        # "Camilla, Bewitching Malig Knight" is colorless, with other skills than S04-003ST).
        ours = pool.find(name)
        if ours is not None and {s.name for s in ours.skills} != {e for e in expected if e}:
            ours = None
    support = str(c.get("SupportSkill") or "-").strip()
    # (a card may print two support skills, each with its own "|ATK SUPP|"-like tag: B05-006HN)
    supports = 0 if support in ("", "-") else max(1, len(re.findall(r"\|[A-Z/ ]*SUPP\|", support)))
    ok = ours is not None and len(ours.skills) >= len([e for e in expected if e]) and (
        len(ours.support_skills) >= supports)
    return ours, ok


def _group_of(card: dict) -> tuple[int, int, int, tuple] | None:
    """The series group (see :data:`SERIES_GROUPS`) of a card, by its first printing."""
    series = [a["SeriesNo"] for a in card["AlternateArts"] if a["SeriesNo"] >= 0]
    for g in SERIES_GROUPS:
        first, last, _, extra = g
        if (series and first <= min(series) <= last) or (not series and _first_set(card) in extra):
            return g
    return None


def _later_sets_markdown(pool, cards: list[dict], group) -> tuple[list[str], int, int]:
    """One series group's table (every set of those series) and the missing cards of each set that has
    a pack; with the group's implemented and total distinct cards."""
    first, last, issue, _ = group
    by_set: dict[str, list] = defaultdict(list)
    for c in cards:
        if _group_of(c) == group:
            by_set[_first_set(c)].append(c)
    packs = {c.pack.rsplit("/", 1)[-1].split(".")[0].upper() for c in pool}
    order = {"B": 0, "P": 1, "S": 2}
    sets = sorted(by_set, key=lambda s: (order.get(s[:1], 9), s))
    rows, missing, total, done = [], [], 0, 0
    for s in sets:
        oks = [(c, _implemented(pool, c)[1]) for c in by_set[s]]
        n_ok = sum(ok for _, ok in oks)
        total += len(oks)
        done += n_ok
        rows.append(f"| {s} | {n_ok} / {len(oks)}" + ("" if s in packs else " (no pack yet)") + " |")
        if s in packs:
            for c, ok in oks:
                if not ok:
                    code = c["AlternateArts"][0]["CardCode"]
                    why = MISSING.get(code, "not written yet")
                    missing.append(f"- {s}: {c['Character']}, {c['Title']} ({code}): {why}")
    extra = " and the " + ", ".join(group[3]) + " starter deck" if group[3] else ""
    out = [f"## Series {first} to {last}", "",
           f"Cards first printed in Series {first} to {last}{extra} (issue {issue}), by the set of their "
           f"first printing.", "",
           "| set | cards implemented / total |", "| --- | --- |", *rows, "",
           f"Series {first} to {last} distinct cards: {done} / {total} implemented.", ""]
    if missing:
        out += ["### Not implemented yet, in the sets that have a pack", "",
                "Each card with what the skill language is missing for it (a card that does less or other "
                "than its text is left out of its pack).", "", *missing, ""]
    return out, done, total


def coverage_markdown(cardlist: str | None = None) -> str:
    from fecipher.dsl.packs import embedded_pool
    pool = embedded_pool()
    every = _cards(cardlist)
    real = None if every is None else [c for c in every if min(a["SeriesNo"] for a in c["AlternateArts"]) == 1]
    rows = []
    total_impl = total = 0
    sets_of: dict[str, list] = defaultdict(list)
    missing: list[str] = []
    if real is not None:
        for c in real:
            sets = {a["SetCode"] for a in c["AlternateArts"]}
            name = f"{c['Character']}, {c['Title']}"
            ours, ok = _implemented(pool, c)
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
            n = sum(1 for c in pool if any(code.startswith(s) for code in c.codes) and _series1_pack(c))
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
        all_done, all_total = total_impl, total
        for group in SERIES_GROUPS:
            lines, done, n = _later_sets_markdown(pool, every, group)
            out += lines
            all_done += done
            all_total += n
        out += ["## The whole pool", "",
                f"Distinct cards of the card list: {all_done} / {all_total} implemented.", ""]
    else:
        out += [f"Series 1 distinct cards: {sum(1 for c in pool if _series1_pack(c))} / ? implemented.", ""]
    out += ["## Language features each set needed", ""]
    for k, feats in FEATURES.items():
        out.append(f"- **{k}**: " + ", ".join(feats))
    out.append("")
    return "\n".join(out)
