"""Soak: random games between random legal decks of the whole scripted card pool.

    python -m benchmarks.soak N                 # N games, seeds 0..N-1
    python -m benchmarks.soak N --start 5000    # seeds 5000..5000+N-1
    python -m benchmarks.soak N --json out.json

Game ``s`` builds two decks with ``random.Random(s)`` from every card of the packs
shipped in ``cards/`` (:func:`fecipher.dsl.packs.embedded_pool`), each legal by the
deck-building rules (:mod:`fecipher.engine.deckrules`: 50 cards with the Main
Character, a cost-1 MC, at most 4 of a card name), then plays ``Game(d1, d2, s)``
with ``RandomAgent(2s)`` and ``RandomAgent(2s + 1)``. After every answer it checks
the invariants (:func:`invariant_problems`): each player's card count is constant,
no card is in two places and every card is somewhere, every unit has a non-empty
stack in its owner's Front or Back Line, tapped and face-up states are booleans,
each player has one Main Character on the field, orbs and bonds counts are not
negative, a pending decision has options and names player 0 or 1. At the end the
same game is played again from scratch and must give the same events digest
(:func:`fecipher.engine.records.events_digest`).

It prints games per second, the counts (decisions, events, turns, how games
ended, how many different cards were played) and every failure with its seed;
the exit status is 1 if any game failed.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from typing import Any, Iterable

from fecipher.engine import events as ev
from fecipher.engine.deckrules import MAX_COPIES, MIN_DECK_SIZE, deck_problems
from fecipher.engine.game import Deck, Game
from fecipher.engine.records import events_digest
from fecipher.engine.state import FIELD_AREAS
from fecipher.play.agents import RandomAgent

MAX_TURNS = 100
# A game that takes more answers than this has a bug (the loop guard caps a turn
# at Game.max_decisions_per_turn): it is reported, not played on.
MAX_ANSWERS = 200_000


def _pool():
    from fecipher.dsl.packs import embedded_pool
    return embedded_pool().cards


def random_deck(rng: random.Random, cards: tuple, name: str) -> Deck:
    """A legal deck: a random cost-1 MC, then cards drawn from the pool (half the
    decks from the MC's symbols and symbol-less cards, so that more of them can be
    deployed; the others from the whole pool), at most 4 of a card name unless the
    card allows any number."""
    mcs = [c for c in cards if c.cost == 1]
    mc = rng.choice(mcs)
    candidates = list(cards)
    if rng.random() < 0.5:
        symbols = set(mc.symbols)
        focused = [c for c in cards if not c.symbols or symbols & set(c.symbols)]
        if len({c.name for c in focused}) * MAX_COPIES >= MIN_DECK_SIZE:
            candidates = focused
    counts: Counter = Counter({mc.name: 1})
    chosen = [mc]
    while len(chosen) < MIN_DECK_SIZE:
        c = rng.choice(candidates)
        unlimited = any("any_copies" in s.rules for s in c.skills)
        if counts[c.name] >= MAX_COPIES and not unlimited:
            continue
        counts[c.name] += 1
        chosen.append(c)
    rng.shuffle(chosen)
    deck = Deck(name, tuple(chosen), mc)
    problems = deck_problems(deck)
    assert not problems, problems
    return deck


def decks_for(seed: int, cards: tuple | None = None) -> tuple[Deck, Deck]:
    rng = random.Random(seed)
    cards = cards if cards is not None else _pool()
    return random_deck(rng, cards, f"soak-{seed}-a"), random_deck(rng, cards, f"soak-{seed}-b")


def card_places(game: Game) -> list[tuple[int, int, str]]:
    """(card id, owner, where) for every card of every area of both players."""
    out = []
    for p in game.players:
        i = p.index
        for area in ("deck", "hand", "support", "retreat", "boundless"):
            for c in getattr(p, area):
                out.append((c.id, c.owner, f"player {i + 1}'s {area}"))
        for o in p.orbs:
            out.append((o.copy.id, o.copy.owner, f"player {i + 1}'s orbs"))
        for b in p.bonds:
            out.append((b.copy.id, b.copy.owner, f"player {i + 1}'s bonds"))
        for u in p.units:
            for c in u.cards:
                out.append((c.id, c.owner, f"player {i + 1}'s unit {u.id}"))
    return out


def _card_ids(game: Game) -> list[int]:
    ids = []
    for p in game.players:
        for cs in (p.deck, p.hand, p.support, p.retreat, p.boundless):
            ids.extend(c.id for c in cs)
        ids.extend(o.copy.id for o in p.orbs)
        ids.extend(b.copy.id for b in p.bonds)
        for u in p.units:
            ids.extend(c.id for c in u.cards)
    return ids


def invariant_problems(game: Game, counts: tuple[int, int]) -> list[str]:
    """Everything wrong with the state of ``game`` (empty if nothing); ``counts``
    are the players' card counts at the start."""
    problems = []
    for p in game.players:
        if p.card_count() != counts[p.index]:
            problems.append(f"player {p.index + 1} has {p.card_count()} cards, not {counts[p.index]}")
    ids = _card_ids(game)
    if len(ids) != len(game._copies) or set(ids) != game._copies.keys():
        # (what is wrong, told only then: the places of every card cost more)
        seen: dict[int, str] = {}
        for cid, owner, where in card_places(game):
            if cid in seen:
                problems.append(f"card #{cid} is in two places: {seen[cid]} and {where}")
            seen[cid] = where
        missing = set(game._copies) - set(seen)
        if missing:
            problems.append(f"cards {sorted(missing)[:5]} are nowhere")
        if not problems:
            problems.append("the cards in the areas are not the game's cards")
    unit_ids = set()
    for p in game.players:
        mcs = 0
        for area in FIELD_AREAS:
            for u in p.line(area):
                if u.id in unit_ids:
                    problems.append(f"unit {u.id} is on the field twice")
                unit_ids.add(u.id)
                if not u.cards:
                    problems.append(f"unit {u.id} of player {p.index + 1} has an empty stack")
                if u.owner != p.index or u.area != area:
                    problems.append(f"unit {u.id} is in player {p.index + 1}'s {area} line but says "
                                    f"owner {u.owner + 1}, area {u.area}")
                if type(u.tapped) is not bool or type(u.class_changed) is not bool:
                    problems.append(f"unit {u.id} has tapped={u.tapped!r}, class_changed={u.class_changed!r}")
                if game.unit(u.id) is not u:
                    problems.append(f"unit {u.id} is on the field but not found by its id")
                mcs += u.is_main_character
        if mcs != 1 and not game.over:
            problems.append(f"player {p.index + 1} has {mcs} Main Characters on the field")
        if len(p.orbs) < 0 or len(p.bonds) < 0 or p.cost_paid_this_turn < 0:
            problems.append(f"player {p.index + 1} has a negative count")
        for x in (*p.orbs, *p.bonds):
            if type(x.face_up) is not bool:
                problems.append(f"player {p.index + 1} has an orb or bond with face_up={x.face_up!r}")
    d = game.decision
    if game.over:
        if d is not None:
            problems.append("the game is over but a decision is pending")
    elif d is None or not d.options or d.player not in (0, 1):
        problems.append(f"the game is not over but the pending decision is {d!r}")
    return problems


def play_game(seed: int, decks: tuple[Deck, Deck], *, check: bool = True,
              max_turns: int = MAX_TURNS) -> tuple[Game, list[str]]:
    """Play game ``seed``; with ``check``, the invariants after every answer.
    Returns the game and the problems found (the first answer that broke one)."""
    game = Game(decks[0], decks[1], seed, max_turns=max_turns)
    counts = (game.players[0].card_count(), game.players[1].card_count())
    agents = (RandomAgent(2 * seed), RandomAgent(2 * seed + 1))
    if check:
        problems = invariant_problems(game, counts)
        if problems:
            return game, ["after the set-up: " + p for p in problems]
    answers = 0
    while not game.over:
        d = game.decision
        game.answer(agents[d.player](game))
        answers += 1
        if check:
            problems = invariant_problems(game, counts)
            if problems:
                return game, [f"after answer {answers} (turn {game.turn}, {game.phase}): " + p for p in problems]
        if answers > MAX_ANSWERS:
            return game, [f"more than {MAX_ANSWERS} answers"]
    return game, []


def soak(seeds: Iterable[int], *, max_turns: int = MAX_TURNS, out=None, progress: int = 0) -> dict[str, Any]:
    """Play and check game ``s`` for every seed; returns the counts and failures."""
    cards = _pool()
    started = time.perf_counter()
    stats: Counter = Counter()
    endings: Counter = Counter()
    played_cards: set[str] = set()
    dealt_cards: set[str] = set()
    in_game = Counter()     # per game: the card names of its two decks, and those of them played
    failures: list[dict[str, Any]] = []
    for n, seed in enumerate(seeds, 1):
        try:
            decks = decks_for(seed, cards)
            dealt_cards.update(c.name for d in decks for c in d.cards)
            game, problems = play_game(seed, decks, max_turns=max_turns)
            if not problems:
                again, _ = play_game(seed, decks, check=False, max_turns=max_turns)
                if events_digest(again.events) != events_digest(game.events):
                    problems = ["the same game played twice gave different events"]
        except Exception as e:   # (a crash is a failure of that seed, reported with it)
            problems = [f"{type(e).__name__}: {e}", traceback.format_exc(limit=-3).strip()]
            game = None
        if problems:
            failures.append({"seed": seed, "problems": problems})
            if out is not None:
                print(f"FAILED seed {seed}: " + "\n    ".join(problems), file=out, flush=True)
            continue
        stats["games"] += 1
        stats["decisions"] += len(game.answers)
        stats["events"] += len(game.events)
        stats["turns"] += game.turn
        stop = next((e for e in game.events if isinstance(e, ev.LoopStopped)), None)
        if stop is not None:
            endings[f"loop guard: {stop.limit}"] += 1
        elif game.winner is None:
            endings["no winner: " + game.reason.split(" (")[0]] += 1
        else:
            endings["a winner"] += 1
        names = {c.name for d in decks for c in d.cards}
        here = {e.name for e in game.events if isinstance(e, (ev.Deployed, ev.LeveledUp, ev.ClassChanged))}
        played_cards.update(here)
        in_game["names"] += len(names)
        in_game["played"] += len(here & names)
        if progress and out is not None and n % progress == 0:
            dt = time.perf_counter() - started
            print(f"  {n} games, {n / dt:.1f} games/s, {len(failures)} failures", file=out, flush=True)
    seconds = time.perf_counter() - started
    games = stats["games"] + len(failures)
    return {
        "games": games, "failed": len(failures), "seconds": round(seconds, 2),
        "games_per_s": round(games / seconds, 2) if seconds else 0.0,
        "decisions": stats["decisions"], "events": stats["events"], "turns": stats["turns"],
        "endings": dict(sorted(endings.items())),
        "cards_in_pool": len({c.name for c in cards}), "cards_played": len(played_cards),
        "cards_dealt": len(dealt_cards),
        # the share of a game's deck names played in that game (the same whatever the pool's size)
        "played_share_per_game": round(in_game["played"] / in_game["names"], 3) if in_game["names"] else 0.0,
        "failures": failures,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=int, help="how many games")
    ap.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--max-turns", type=int, default=MAX_TURNS, help=f"turn limit (default {MAX_TURNS})")
    ap.add_argument("--progress", type=int, default=0, metavar="K", help="print a line every K games")
    ap.add_argument("--json", metavar="FILE", help="also write the summary as JSON")
    a = ap.parse_args(argv)
    r = soak(range(a.start, a.start + a.games), max_turns=a.max_turns, out=sys.stdout, progress=a.progress)
    print(f"soak: {r['games']} games (seeds {a.start}..{a.start + a.games - 1}) in {r['seconds']} s, "
          f"{r['games_per_s']} games/s")
    print(f"  {r['decisions']} decisions, {r['events']} events, {r['turns']} turns")
    print("  endings: " + ", ".join(f"{k}: {v}" for k, v in r["endings"].items()))
    print(f"  {r['cards_played']} of {r['cards_in_pool']} card names of the pool deployed, levelled up "
          f"or class changed ({r['cards_dealt']} were in some deck); in a game, "
          f"{r['played_share_per_game']:.0%} of its decks' card names")
    print(f"  failures: {r['failed']}" + ("" if not r["failures"] else " (seeds "
          + ", ".join(str(f["seed"]) for f in r["failures"][:50]) + ")"))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(r, f, indent=1)
    return 1 if r["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
