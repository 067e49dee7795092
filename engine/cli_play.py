"""`fecipher play`: a game between two decks (to be extended: human play, AI, records)."""
from __future__ import annotations

import argparse


def register(sub) -> None:
    p = sub.add_parser("play", help="play a game (AI against AI on the starter decks by default)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck1", default="marth")
    p.add_argument("--deck2", default="chrom")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import random
    from fecipher.dsl.decks import load_deck
    from fecipher.engine.agents import RandomAgent, play
    from fecipher.engine.game import Game
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    g = Game(load_deck(args.deck1), load_deck(args.deck2), seed=seed)
    play(g, [RandomAgent(seed), RandomAgent(seed + 1)])
    for e in g.events:
        print(e)
    print("winner:", g.winner, g.reason)
    return 0
