"""Setting up a game (rule 13).

Each player sets their cost-1 Main Character aside face-down and shuffles the
rest; the first player is the explicit choice or a seeded random draw; each draws
6 and may mulligan once (first player first); each puts the top 5 cards face-down
as orbs; the Main Characters are turned face-up in the Front Line. Until then
each Main Character is face-down: its owner knows it, the opponent does not
(``game.mcs_face_down``, read by :mod:`.visibility`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from fecipher.engine import events as ev
from fecipher.engine.decisions import MULLIGAN, NO, YES, Decision, Option
from fecipher.engine.state import FRONT, Orb

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game

HAND_SIZE = 6
ORB_COUNT = 5


def setup_flow(game: "Game") -> Iterator[Decision]:
    from fecipher.engine.phases import turns_flow
    mcs = []
    for i, deck in enumerate(game.decks):
        assert deck is not None
        p = game.players[i]
        copies = [game.new_copy(c, i) for c in deck.cards]
        mc = next(c for c in copies if c.card is deck.main_character)
        copies.remove(mc)
        game.rng.shuffle(copies)
        p.deck = copies
        mcs.append(mc)
    if game.first_player is None:
        game.first_player = game.rng.randrange(2)
    first = game.first_player
    # The MC is set face-down in the Front Line before the draw, so every card of a
    # player is in some area throughout the set-up; face-down, only its owner sees
    # it (engine/visibility.py) until both are turned face-up as the game starts.
    game.mcs_face_down = True
    for i in (first, 1 - first):
        unit = game.new_unit(i, [mcs[i]], FRONT)
        unit.is_main_character = True
        game.players[i].front.append(unit)
        game.invalidate()   # (a unit put on the field by hand, not by a primitive)
    for i in (first, 1 - first):
        game.draw(i, HAND_SIZE)
    for i in (first, 1 - first):
        ans = yield Decision(i, MULLIGAN, "Mulligan? (put your 6 cards back, shuffle and draw 6 new ones)",
                             (Option(NO, label="keep this hand"), Option(YES, label="mulligan")))
        if ans.kind == YES:
            p = game.players[i]
            p.deck.extend(p.hand)
            p.hand.clear()
            game.rng.shuffle(p.deck)
            game.emit(ev.Mulliganed(i))
            game.draw(i, HAND_SIZE)
    for i in (first, 1 - first):
        p = game.players[i]
        for _ in range(ORB_COUNT):
            c = game.take_from_deck_top(i)
            if c is not None:
                p.orbs.append(Orb(c))
    # The MCs are turned face-up: the game starts.
    game.mcs_face_down = False
    game.emit(ev.GameStarted(game.seed, first))
    yield from turns_flow(game, "beginning", turn=1, player=first)
