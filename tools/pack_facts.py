"""Card facts from the real card list, for writing packs and for checking them.

    python -m tools.pack_facts skeleton B02 [--out work/b02.fe0]   # a pack's facts, skills to write
    python -m tools.pack_facts check cards/b01.fe0 [...]           # a pack's facts against the list
    python -m tools.pack_facts sets                                # each set: cards first printed there

The card list (../shared/data/cardlist.json, or --cardlist) is reference material: facts
(names, titles, codes, costs, symbols, types, ranges, attack, support, class, skill names)
may go into packs; English skill texts never do. A card belongs to the pack of the set of
its first printing (lowest SeriesNo, then the set code's order: B before P before S) and
lists all of its card codes.

``skeleton`` writes every card of a set with its facts and, for each skill, its kind and
printed name as a comment, so that an author only writes the skills (reading the text in
the card list). Values the card list gives as X are left as comments: they need the card's
own rule. The skeleton does not compile until its skills are written, on purpose.

``check`` compares every card of the given packs with the card list by code and prints
each fact that differs (exit 1), so a pack written by hand is held to the printed card.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable
from fecipher.dsl import vocabulary as V

from fecipher.engine.skills import SkillKind

DEFAULT_CARDLIST = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cardlist.json"
GENDERS = {"male", "female"}
WEAPONS = {"sword", "lance", "axe", "bow", "tome", "staff", "dragonstone", "knife", "fang", "brawl"}
KINDS = {"ACT": "act", "AUTO": "auto", "CONT": "cont", "SPEC": "spec", "BOND": "bond", "HAND": "hand"}
SET_ORDER = {"B": 0, "P": 1, "S": 2}


def load_cardlist(path: str | Path | None = None) -> list[dict[str, Any]]:
    p = Path(path) if path else DEFAULT_CARDLIST
    return json.loads(p.read_text(encoding="utf-8"))


def first_set(card: dict[str, Any]) -> str:
    """The set of a card's first printing (lowest SeriesNo; -1 marks special printings)."""
    arts = [a for a in card["AlternateArts"] if a.get("SeriesNo", -1) >= 0] or card["AlternateArts"]
    return min(arts, key=lambda a: (a["SeriesNo"], SET_ORDER.get(a["SetCode"][:1], 9), a["SetCode"]))["SetCode"]


def codes(card: dict[str, Any]) -> list[str]:
    seen: list[str] = []
    for a in card["AlternateArts"]:
        if a["CardCode"] not in seen:
            seen.append(a["CardCode"])
    return seen


def facts(card: dict[str, Any]) -> dict[str, Any]:
    """The printed facts of a card-list entry, normalised (stray spaces and capitals)."""
    types = [t.strip().lower() for t in card["Type"]]
    lo, hi = card["MinRange"], card["MaxRange"]
    colors = [c.lower() for c in card["Color"] if c and c.lower() != "none"]
    return {
        "name": f"{card['Character']}, {card['Title']}",
        "codes": codes(card),
        "cost": card["Cost"],
        "class_change_cost": None if card["ClassChangeCost"] in ("-", "", None) else card["ClassChangeCost"],
        "symbols": colors,
        "gender": next((t for t in types if t in GENDERS), None),
        "weapon": next((t for t in types if t in WEAPONS), None),
        "types": [t for t in types if t not in GENDERS and t not in WEAPONS],
        "range": None if lo == 0 else (str(lo) if lo == hi else f"{lo}-{hi}"),
        "attack": card["Attack"],
        "support": card["Support"],
        "class": card["Class"],
        "skills": skill_heads(card),
        "support_skill": support_head(card),
        "support_skills": support_heads(card),
    }


_KEYWORD_PREFIX = re.compile(r"^((\[[^\]]*\]|(?:%s)(?= [A-Z\"]))\s*)+" % "|".join(sorted(V.KEYWORDS, key=len, reverse=True)))


def skill_heads(card: dict[str, Any]) -> list[tuple[str, str]]:
    """(kind, printed name) of each skill; the text after them is not read."""
    out = []
    for line in str(card.get("Skill") or "").split("\n"):
        if "|" not in line:
            continue
        # some entries (Series 13) print the keyword between bars before the name:
        # "|FS| Three-Winged Triangle Attack |ACT| ..."; it is a tag, as "[FS]" is
        line = re.sub(r"^\s*\|\s*([A-Za-z]+)\s*\|\s*(?=[^|]*\|)", lambda m: f"[{m.group(1)}] ", line)
        # a bar mistyped as a brace before the kind ("Vengeful Magic Lance }AUTO| ...", B22-092R)
        line = re.sub(r"\s*\}\s*(ACT|AUTO|CONT|SPEC|BOND|HAND)\s*\|", r" |\1|", line, count=1)
        name, _, rest = line.partition("|")
        kind = rest.split("|", 1)[0].strip().upper()
        # a keyword tag printed before the name ("[CCS] Aegis", or without its brackets in
        # some entries: "US Coffee Break") is not part of it
        out.append((KINDS.get(kind, kind.lower()), re.sub(_KEYWORD_PREFIX, "", name.strip())))
    return out


def support_heads(card: dict[str, Any]) -> list[tuple[str, str]]:
    """(role, name) of each support skill the card list prints: a card may print two, each with
    its own tag ("|ATK SUPP| Magic Emblem: ... |DEF SUPP| Miracle Emblem: ...", B05-006HN)."""
    text = str(card.get("SupportSkill") or "-").strip()
    if text in ("-", ""):
        return []
    parts = re.split(r"\*{0,3}\s*(?=\|[A-Z/ ]*SUPP\|)", text)
    out = []
    for part in parts:
        part = part.strip()
        if part:
            got = support_head({"SupportSkill": part})
            if got is not None:
                out.append(got)
    return out


def support_head(card: dict[str, Any]) -> tuple[str, str] | None:
    text = str(card.get("SupportSkill") or "-").strip()
    if text in ("-", ""):
        return None
    text = re.split(r"\*{0,3}\s*(?=\|[A-Z/ ]*SUPP\|)", text.strip())
    text = next((t.strip() for t in text if t.strip()), "-")
    role = "attack"
    if "|" in text:
        tag = text.split("|")[1].upper()
        role = "attack" if "ATK" in tag and "DEF" not in tag else "defence" if "DEF" in tag and "ATK" not in tag else "both"
        text = text.split("|", 2)[2]
    head = text.split(":", 1)[0].strip()
    # a keyword tag printed before the name ("[IS] Undying Friendship") is not part of it, nor is
    # a cost printed after it when the list runs it into the head ("Pegasus Messenger [Flip 1
    # Bond face-down] You may pay the cost and if you do: ...")
    head = re.sub(r"^(\[[^\]]*\]\s*)+", "", head)
    return role, head.split(" [", 1)[0].strip()


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def card_block(card: dict[str, Any]) -> str:
    f = facts(card)
    out = [f"card {_q(f['name'])}", f"  codes {', '.join(f['codes'])}"]
    for key, word in (("cost", "cost"), ("class_change_cost", "class change cost")):
        v = f[key]
        if v is None:
            continue
        out.append(f"  {word} {v}" if str(v).isdigit() else f"  # {word} {v}: printed X, needs the card's rule")
    out.append(f"  symbol {' '.join(f['symbols'])}" if len(f["symbols"]) == 1 else
               f"  symbols {', '.join(f['symbols'])}" if f["symbols"] else "  symbol none")
    if f["gender"]:
        out.append(f"  gender {f['gender']}")
    out.append(f"  weapon {f['weapon'] or 'none'}")
    if f["types"]:
        out.append(f"  types {', '.join(f['types'])}")
    out.append(f"  class {_q(f['class'])}")
    out.append(f"  range {f['range'] or 'none'}")
    for key in ("attack", "support"):
        v = f[key]
        out.append(f"  {key} {v}" if str(v).isdigit() else f"  # {key} {v}: printed X, needs the card's rule")
    for kind, name in f["skills"]:
        out.append(f"  # {kind} {_q(name)}: to write")
    for role, name in f["support_skills"]:
        out.append(f"  # support {_q(name)} {role}: to write")
    return "\n".join(out)


def skeleton(cards: Iterable[dict[str, Any]], set_code: str) -> str:
    mine = sorted((c for c in cards if first_set(c) == set_code), key=lambda c: codes(c)[0])
    head = [f"# {set_code}: {len(mine)} cards first printed in this set (facts from the card list;",
            "# every skill still to be written in the skill language).", f'pack "{set_code}"', "", ""]
    return "\n".join(head) + "\n\n".join(card_block(c) for c in mine) + "\n"


def sets(cards: Iterable[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for c in cards:
        out[first_set(c)] += 1
    return dict(sorted(out.items()))


def same_card(card: dict[str, Any], cardlist: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries of the list that are ``card`` printed again under another entry: the same
    name, printed facts and texts (``card`` itself included)."""
    def key(c: dict[str, Any]) -> tuple:
        f = facts(c)
        return (tuple(sorted((k, str(v)) for k, v in f.items() if k != "codes")), c["Skill"], c["SupportSkill"])
    k = key(card)
    return [c for c in cardlist if c is card or (c["Character"] == card["Character"]
                                                 and c["Title"] == card["Title"] and key(c) == k)]


def check_pack(pack_cards: Iterable[Any], cardlist: list[dict[str, Any]]) -> list[str]:
    """Every printed fact of the compiled ``pack_cards`` that differs from the card list."""
    by_code = {code.upper(): c for c in cardlist for code in codes(c)}
    problems = []
    for card in pack_cards:
        where = f"{card.pack}:{card.source_line}: {card.name}"
        real = next((by_code[c.upper()] for c in card.codes if c.upper() in by_code), None)
        if real is None:
            problems.append(f"{where}: no card of the list has the codes {', '.join(card.codes)}")
            continue
        f = facts(real)
        # The list has some cards twice (P21-001PR and B22-014N): one card of a pack lists the codes
        # of every entry that is the same card, its name, facts and texts all equal.
        want_codes = {c.upper() for e in same_card(real, cardlist) for c in codes(e)}
        have = {c.upper() for c in card.codes}
        if have != want_codes:
            problems.append(f"{where}: codes {sorted(have)} (the list: {sorted(want_codes)})")
        ours = {
            "name": card.name, "cost": str(card.cost),
            "class_change_cost": None if card.class_change_cost is None else str(card.class_change_cost),
            "symbols": sorted(s.value for s in card.symbols), "gender": card.gender, "weapon": card.weapon,
            "types": sorted(card.types), "attack": str(card.attack), "support": str(card.support),
            "class": card.class_name,
            "range": None if not card.ranges else (str(min(card.ranges)) if len(card.ranges) == 1
                                                   else f"{min(card.ranges)}-{max(card.ranges)}"),
        }
        theirs = dict(f, symbols=sorted(f["symbols"]), types=sorted(f["types"]))
        for key, value in ours.items():
            if value != theirs[key] and not (str(theirs[key]) == "X"):
                problems.append(f"{where}: {key} {value!r} (the list: {theirs[key]!r})")
        want = [n for _, n in f["skills"]]
        # A CONT skill printed in several |CONT| parts is several cont skills of one name in a
        # pack, and a skill with a continuous part ("If this unit has Class Changed, this skill
        # loses [Once per Turn]") is that skill plus a cont skill of its name
        # (docs/skill-language.md): one printed skill either way.
        others = {s.name for s in card.skills if s.kind != SkillKind.CONTINUOUS}
        got, parts = [], set()
        for s in card.skills:
            if s.kind == SkillKind.CONTINUOUS:
                if s.name in parts or s.name in others:
                    continue
                parts.add(s.name)
            got.append(s.name)
        if sorted(got) != sorted(want):
            problems.append(f"{where}: skills {got} (the list: {want})")
        ours = [s.name for s in card.support_skills]
        listed = [name for _, name in f["support_skills"]]
        if ours != listed:
            problems.append(f"{where}: support skill{'s' if len(ours) > 1 or len(listed) > 1 else ''} "
                            f"{', '.join(map(repr, ours)) or None} (the list: {', '.join(map(repr, listed)) or None})")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.pack_facts", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cardlist", default=None, help="the card list (default ../shared/data/cardlist.json)")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("skeleton", help="a set's cards with their facts, skills to write")
    s.add_argument("set_code")
    s.add_argument("--out", default=None)
    c = sub.add_parser("check", help="compare packs' facts with the card list")
    c.add_argument("packs", nargs="+")
    sub.add_parser("sets", help="each set and the number of cards first printed in it")
    args = p.parse_args(argv)
    try:
        cardlist = load_cardlist(args.cardlist)
    except (OSError, ValueError) as e:
        print(f"cannot read the card list: {e}", file=sys.stderr)
        return 2
    if args.cmd == "sets":
        for code, n in sets(cardlist).items():
            print(f"{code}\t{n}")
        return 0
    if args.cmd == "skeleton":
        text = skeleton(cardlist, args.set_code.upper())
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        return 0
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import load_packs
    try:
        pool = load_packs(args.packs)
    except LanguageError as e:
        print(e, file=sys.stderr)
        return 2
    problems = check_pack(pool, cardlist)
    for line in problems:
        print(line)
    print(f"{len(pool)} cards checked, {len(problems)} differences", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
