"""`fecipher test PATH...` runs scenario files; `fecipher snapshot` writes a game's
board out as a scenario setup."""
from __future__ import annotations

import argparse
import sys


def register(sub) -> None:
    import argparse as _ap
    p = sub.add_parser("test", help="run rule-conformance scenario files (*.scn; folders are searched)",
                       formatter_class=_ap.RawDescriptionHelpFormatter,
                       epilog="examples:\n"
                              "  fecipher test tests/conformance             every scenario in a folder\n"
                              "  fecipher test rules.scn -k \"Rule 7\"         only scenarios whose name has 'Rule 7'\n"
                              "  fecipher test tests/conformance -v          also list the passing ones\n"
                              "  fecipher test tests/conformance/cards/x.scn --root tests/conformance\n"
                              "                                              one file using packs of a parent folder\n\n"
                              "exit codes: 0 every scenario passed, 1 a scenario failed or a file does not load,\n"
                              "2 usage error (no such file, unreadable file), 130 interrupted (Ctrl-C).\n",
                       description="Run scenario files. Each failure is reported with file:line, the "
                                   "expectation, what the engine did instead and the recent events. "
                                   "Exit 1 on any failure.")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("-v", "--verbose", action="store_true", help="also list the scenarios that pass")
    p.add_argument("-k", dest="keyword", default=None, help="only scenarios whose name contains this text")
    p.add_argument("--root", default=None, metavar="DIR",
                   help="the folder scenarios may load pack and deck files from (default: the folder named "
                        "on the command line, or each file's own folder)")
    p.set_defaults(func=run_test)

    s = sub.add_parser("snapshot", help="print a game's board at a decision as a scenario setup",
                       formatter_class=_ap.RawDescriptionHelpFormatter,
                       epilog="examples:\n"
                              "  fecipher snapshot --record game.json --until 40 -o bug.scn\n"
                              "  fecipher snapshot --seed 3 --until 30                 a seeded random game\n"
                              "  fecipher snapshot --record g.json --packs mycards/    a game with an author's packs\n",
                       description="Replay a recorded game (--record, from 'fecipher play --record') to "
                                   "decision N, or play one between two decks with seeded random players "
                                   "for N answers, and print the board as a scenario (docs/scenarios.md).")
    s.add_argument("--record", default=None, metavar="FILE", help="a game record to replay")
    s.add_argument("--deck1", default="marth")
    s.add_argument("--deck2", default="chrom")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--first-player", type=int, choices=(1, 2), default=None)
    s.add_argument("--until", type=int, default=0, metavar="N", help="answers given before the snapshot")
    s.add_argument("--name", default=None, help="the scenario's name")
    s.add_argument("-o", "--output", default=None, help="write to this file instead of the standard output")
    from fecipher.play.cli import add_packs_option
    add_packs_option(s)
    s.set_defaults(func=run_snapshot)


def run_test(args: argparse.Namespace) -> int:
    from pathlib import Path

    from fecipher.conformance.scenario_run import run_paths
    counts = {"passed": 0, "failed": 0, "pending": 0, "fixed": 0, "broken": 0}
    out = sys.stdout
    from fecipher.conformance.scenario import scenario_files
    from fecipher.play.cli import readable_file
    missing = [p for p in args.paths if not Path(p).exists()]
    for p in missing:
        print(f"{p}: no such file or folder", file=sys.stderr)
    if missing:
        return 2
    # Every file is checked before the first scenario runs.
    unreadable = [why for why in (readable_file(f, "scenario file") for f in scenario_files(args.paths)) if why]
    for why in unreadable:
        print(f"fecipher: error: {why}", file=sys.stderr)
    if unreadable:
        return 2
    if args.root is not None and not Path(args.root).is_dir():
        print(f"fecipher: error: --root {args.root!r} is not a folder", file=sys.stderr)
        return 2
    for path, results, err in run_paths(args.paths, args.root):
        if err is not None:
            counts["broken"] += 1
            print(str(err), file=out)
            continue
        for r in results:
            if args.keyword and args.keyword.lower() not in r.scenario.name.lower():
                continue
            counts[r.status] += 1
            if r.status != "passed" or args.verbose:
                print(r.format(), file=out)
                if r.status == "failed":
                    print(file=out)
    summary = f"{counts['passed'] + counts['fixed']} passed, {counts['failed'] + counts['broken']} failed"
    extra = []
    if counts["pending"]:
        extra.append(f"{counts['pending']} pending")
    if counts["fixed"]:
        extra.append(f"{counts['fixed']} pending that pass now")
    if counts["broken"]:
        extra.append(f"{counts['broken']} file(s) that do not load")
    print(summary + (", " + ", ".join(extra) if extra else ""), file=out)
    return 1 if counts["failed"] or counts["broken"] else 0


def run_snapshot(args: argparse.Namespace) -> int:
    from fecipher.conformance.scenario_snapshot import scenario_from_game
    from fecipher.dsl.decks import load_deck
    from fecipher.dsl.errors import LanguageError
    from fecipher.engine.deckrules import IllegalDeck
    from fecipher.engine.game import Game
    from fecipher.play.agents import RandomAgent
    from fecipher.play.cli import PackError, pool_of, usage_error, writable_file
    if args.until < 0:
        return usage_error("--until cannot be negative")
    try:
        pool = pool_of(args.packs)
    except PackError as e:
        return usage_error(str(e))
    if args.output:
        bad = writable_file(args.output, "output file")
        if bad:
            return usage_error(bad)
    if args.record:
        from fecipher.engine.records import RecordError, ReplayMismatch, load_record, replay
        try:
            record = load_record(args.record)
            g = replay(record, until=args.until, pool=pool)
        except ReplayMismatch as e:
            print(f"{e}\nfecipher: {args.record}: the record does not replay", file=sys.stderr)
            return 1
        except RecordError as e:
            print(e, file=sys.stderr)
            return 2
        n = len(g.answers)
        name = args.name or f"snapshot of {args.record} at decision {n}"
    else:
        first = args.first_player - 1 if args.first_player else None
        try:
            g = Game(load_deck(args.deck1, pool), load_deck(args.deck2, pool), seed=args.seed, first_player=first)
        except FileNotFoundError as e:
            return usage_error(str(e))
        except (LanguageError, IllegalDeck) as e:
            return usage_error(f"the decks cannot be used:\n{e}")
        agents = [RandomAgent(args.seed), RandomAgent(args.seed + 1)]
        n = 0
        while n < args.until and not g.over and g.decision is not None:
            g.answer(agents[g.decision.player](g))
            n += 1
        name = args.name or f"snapshot of seed {args.seed} after {n} answers"
    text = scenario_from_game(g, name)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            return usage_error(f"cannot write {args.output!r}: {e.strerror or e}")
    else:
        sys.stdout.write(text)
    return 0
