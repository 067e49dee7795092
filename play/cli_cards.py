"""`fecipher check`, `describe`, `cards`, `coverage` and `deck check`: working with card packs and decks."""
from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from pathlib import Path

EXAMPLES_CHECK = """examples:
  fecipher check cards/            validate every pack in a folder
  fecipher check my_pack.fe0       one file; exit 1 and every error if anything is wrong
"""
EXAMPLES_FMT = """examples:
  fecipher fmt my_pack.fe0         print the pack in the canonical layout
  fecipher fmt --write cards/      rewrite every pack of a folder in place
  fecipher fmt --check cards/      exit 1 if a pack is not in the canonical layout (and name it)
"""
EXAMPLES_DESCRIBE = """examples:
  fecipher describe B01-003ST
  fecipher describe "Chrom, Prince of Ylisse"
"""
EXAMPLES_CARDS = """examples:
  fecipher cards                   every loaded card
  fecipher cards 'Marth*'          cards whose name or code matches a pattern
  fecipher cards --json            machine-readable
"""
EXAMPLES_DECK = """examples:
  fecipher deck check my.deck                      every problem, file:line:column, with the rule
  fecipher deck check my.deck --packs mycards/     decks with an author's cards (beside the embedded ones)

exit codes: 0 the deck is legal, 1 it is not (every problem listed), 2 usage error
(a deck or pack file that cannot be read, packs that do not load)."""
EXAMPLES_COVERAGE = """examples:
  fecipher coverage                print the coverage table
  fecipher coverage --write docs/coverage.md
"""


def register(sub) -> None:
    p = sub.add_parser("check", help="validate card packs", epilog=EXAMPLES_CHECK,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.set_defaults(func=run_check)
    p = sub.add_parser("fmt", help="rewrite card packs in the canonical layout", epilog=EXAMPLES_FMT,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--write", action="store_true", help="rewrite the files in place")
    how.add_argument("--check", action="store_true", help="only say which files would change (exit 1 if any)")
    p.set_defaults(func=run_fmt)
    p = sub.add_parser("describe", help="render a card's compiled skills in English", epilog=EXAMPLES_DESCRIBE,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("card", metavar="CODE_OR_NAME")
    p.add_argument("--packs", nargs="*", metavar="PATH", help="load these packs instead of the embedded ones")
    p.set_defaults(func=run_describe)
    p = sub.add_parser("cards", help="list the loaded cards", epilog=EXAMPLES_CARDS,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pattern", nargs="?", default="*")
    p.add_argument("--json", action="store_true")
    p.add_argument("--packs", nargs="*", metavar="PATH", help="load these packs instead of the embedded ones")
    p.set_defaults(func=run_cards)
    p = sub.add_parser("coverage", help="Series 1 coverage table (cards implemented per set)",
                       epilog=EXAMPLES_COVERAGE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", metavar="FILE")
    p.add_argument("--cardlist", metavar="JSON", help="the real card list, to count the cards of each set")
    p.set_defaults(func=run_coverage)
    p = sub.add_parser("deck", help="deck files: 'fecipher deck check FILE' checks one against the deck-building rules",
                       epilog=EXAMPLES_DECK, formatter_class=argparse.RawDescriptionHelpFormatter)
    decks = p.add_subparsers(dest="deck_command", metavar="SUBCOMMAND")
    c = decks.add_parser("check", help="check a deck file: its text and the deck-building rules (rule 12)",
                         description="Check a deck file: every line reads, every card is known, and the deck "
                                     "follows the deck-building rules (rule 12). Every problem is listed with "
                                     "its file:line:column, the card and the rule.",
                         epilog=EXAMPLES_DECK, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("deck", metavar="DECK", help="a deck file (or the name of an embedded deck)")
    from fecipher.play.cli import add_packs_option
    add_packs_option(c)
    c.set_defaults(func=run_deck_check)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _pool(packs):
    """The cards of ``packs`` (the embedded ones when none are given). Raises
    :class:`_Usage` for a path that is not there or cannot be read."""
    from fecipher.dsl.packs import embedded_pool, load_packs
    if not packs:
        return embedded_pool()
    bad = _unreadable(packs)
    if bad:
        raise _Usage(bad)
    return load_packs(packs)


class _Usage(Exception):
    """A usage error: the message, exit code 2."""


def _unreadable(paths) -> str | None:
    from fecipher.dsl.packs import pack_files
    from fecipher.play.cli import readable_file
    missing = [str(p) for p in map(Path, paths) if not p.exists()]
    if missing:
        return f"no such file or folder: {', '.join(missing)}"
    for f in pack_files(paths):
        why = readable_file(f, "pack file")
        if why:
            return why
    return None


def _load_pool(packs):
    """(pool, None) or (None, exit code) with the problem printed."""
    from fecipher.dsl.errors import LanguageError
    try:
        return _pool(packs), None
    except _Usage as e:
        print(f"fecipher: error: {e}", file=sys.stderr)
        return None, 2
    except LanguageError as e:
        print(e, file=sys.stderr)
        return None, 1


def run_check(args: argparse.Namespace) -> int:
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import load_packs, pack_files
    files = pack_files(args.paths)
    bad = _unreadable(args.paths)
    if bad:
        print(f"fecipher check: {bad}", file=sys.stderr)
        return 2
    try:
        pool = load_packs(args.paths)
    except LanguageError as e:
        print(e, file=sys.stderr)
        n = len(e.diagnostics)
        print(f"{n} error{'s' if n != 1 else ''} in {len({d.filename for d in e.diagnostics})} file(s)",
              file=sys.stderr)
        return 1
    skills = sum(len(c.skills) + len(c.support_skills) for c in pool)
    print(f"ok: {len(files)} pack(s), {len(pool)} cards, {skills} skills")
    return 0


def run_deck_check(args: argparse.Namespace) -> int:
    """``fecipher deck check DECK [--packs ...]``: exit 0 legal, 1 problems, 2 usage."""
    import importlib.resources

    from fecipher.dsl.decks import DECK_SUFFIX, deck_file_problems
    from fecipher.play.cli import PackError, pool_of, readable_file, usage_error
    try:
        pool = pool_of(args.packs)
    except PackError as e:
        return usage_error(str(e))
    path = Path(args.deck)
    if path.exists():
        bad = readable_file(path, "deck file")
        if bad:
            return usage_error(bad)
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as e:
            return usage_error(f"{args.deck}: the deck file is not UTF-8 text ({e.reason} at byte {e.start})")
        filename = str(path)
    else:
        name = path.name[: -len(DECK_SUFFIX)] if path.name.endswith(DECK_SUFFIX) else path.name
        res = importlib.resources.files("fecipher.cards").joinpath(f"{name}{DECK_SUFFIX}")
        if path.parent != Path(".") or not name or not res.is_file():
            return usage_error(f"no such deck file {args.deck!r} (and no embedded deck of that name)")
        text, filename = res.read_text(encoding="utf-8"), f"cards/{name}{DECK_SUFFIX}"
    problems = deck_file_problems(text, pool, filename)
    for d in problems:
        print(d.format(), file=sys.stderr)
    if problems:
        print(f"{filename}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        return 1
    from fecipher.dsl.decks import parse_deck
    deck = parse_deck(text, pool, filename)
    print(f"ok: {filename}: deck {deck.name!r}, {len(deck.cards)} cards, main character "
          f"{deck.main_character.name} ({deck.main_character.code})")
    return 0


def run_fmt(args: argparse.Namespace) -> int:
    """Print (or rewrite, or check) each pack in the canonical layout (dsl/fmt.py). A pack
    with errors is not formatted: its errors are printed and the exit code is 1."""
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.fmt import format_text
    from fecipher.dsl.packs import decode_pack, pack_files
    bad = _unreadable(args.paths)
    if bad:
        print(f"fecipher fmt: {bad}", file=sys.stderr)
        return 2
    status = 0
    for f in pack_files(args.paths):
        try:
            text = decode_pack(f.read_bytes(), str(f))
            formatted = format_text(text, str(f))
        except LanguageError as e:
            print(e, file=sys.stderr)
            status = 1
            continue
        if args.check:
            if formatted != text:
                print(f"{f}: not in the canonical layout (fecipher fmt --write {f})")
                status = 1
        elif args.write:
            if formatted != text:
                f.write_text(formatted, encoding="utf-8")
                print(f"formatted {f}")
        else:
            sys.stdout.write(formatted)
    return status


def describe(card) -> str:
    sym = "/".join(s.label for s in card.symbols) or "no symbol"
    x = card.printed_x   # (printed "X": computed by a skill of the card)
    cc = (f", class change {'X' if 'class_change_cost' in x else card.class_change_cost}"
          if card.class_change_cost is not None else "")
    rng = "-".join(str(r) for r in sorted(card.ranges)) if card.ranges else "none"
    types = ", ".join(t.capitalize() for t in ([card.gender] if card.gender else []) +
                      ([card.weapon] if card.weapon else []) + list(card.types))
    lines = [f"{card.name}  [{', '.join(card.codes)}]",
             f"  cost {'X' if 'cost' in x else card.cost}{cc} | {sym} | {types} | {card.class_name}",
             f"  attack {'X' if 'attack' in x else card.attack} | support {'X' if card.support_x else card.support} | range {rng}"]
    for s in card.skills:
        lines.append(f"  {s.text}")
    for s in card.support_skills:
        lines.append(f"  {s.text}")
    return "\n".join(lines)


def run_describe(args: argparse.Namespace) -> int:
    pool, code = _load_pool(args.packs)
    if pool is None:
        return code
    card = pool.find(args.card)
    if card is None and pool.ambiguity(args.card):
        print(f"fecipher describe: {pool.ambiguity(args.card)}", file=sys.stderr)
        return 1
    if card is None:
        import difflib
        names = [c.name for c in pool] + [code for c in pool for code in c.codes]
        close = difflib.get_close_matches(args.card, names, n=3)
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        print(f"fecipher describe: no card {args.card!r}{hint}", file=sys.stderr)
        return 1
    print(describe(card))
    return 0


def card_json(card) -> dict:
    return {
        "code": card.code, "codes": list(card.codes), "unit_name": card.unit_name, "title": card.title,
        "cost": card.cost, "class_change_cost": card.class_change_cost,
        "symbols": [s.value for s in card.symbols], "gender": card.gender, "weapon": card.weapon,
        "types": list(card.types), "ranges": sorted(card.ranges), "attack": card.attack, "support": card.support,
        "class": card.class_name, "pack": card.pack,
        "skills": [{"name": s.name, "kind": s.kind.value, "text": s.text} for s in card.skills],
        "support_skill": ({"name": card.support_skill.name, "text": card.support_skill.text}
                          if card.support_skill else None),
        # (a card printed with two support skills: both, in printed order)
        "support_skills": [{"name": s.name, "text": s.text} for s in card.support_skills],
    }


def run_cards(args: argparse.Namespace) -> int:
    pool, code = _load_pool(args.packs)
    if pool is None:
        return code
    pat = args.pattern.lower()
    chosen = [c for c in pool if fnmatch.fnmatch(c.name.lower(), pat)
              or any(fnmatch.fnmatch(code.lower(), pat) for code in c.codes) or pat in c.name.lower()]
    if args.json:
        print(json.dumps([card_json(c) for c in chosen], indent=1, ensure_ascii=False))
        return 0
    for c in chosen:
        sym = "/".join(s.value for s in c.symbols) or "-"
        skills = ", ".join(s.name for s in c.skills) + "".join(f" | {s.name}" for s in c.support_skills)
        print(f"{c.code:<11} {c.name:<48} cost {c.cost}{'/' + str(c.class_change_cost) if c.class_change_cost is not None else '':<3} {sym:<6} {skills}")
    print(f"{len(chosen)} card(s)")
    return 0


def run_coverage(args: argparse.Namespace) -> int:
    from fecipher.play.cli import readable_file, usage_error, writable_file
    from fecipher.play.coverage import CardListError, coverage_markdown
    if args.write:
        bad = writable_file(args.write, "output file")
        if bad:
            return usage_error(bad)
    if args.cardlist:
        bad = readable_file(args.cardlist, "card list")
        if bad:
            return usage_error(bad)
    try:
        text = coverage_markdown(args.cardlist)
    except CardListError as e:
        return usage_error(str(e))
    if args.write:
        try:
            Path(args.write).write_text(text, encoding="utf-8")
        except OSError as e:
            return usage_error(f"cannot write {args.write!r}: {e.strerror or e}")
        print(f"wrote {args.write}")
    else:
        print(text)
    return 0
