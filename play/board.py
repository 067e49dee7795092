"""The spectator's board: both fields as stacks, hands, bonds, orbs, deck and Retreat Area.

:func:`board_lines` gives plain text (``fecipher play --board`` prints it at the end
of a game). ``viewer`` is the player looking at the board: the other player's hand
is only counted. With no viewer (a spectator of an AI game) both hands are listed.
A human player's seat draws its board from that player's view instead
(:func:`fecipher.play.seat.board_lines`).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from fecipher.play.render import PHASE_WORDS

SYMBOL_ORDER = ("red", "blue", "white", "black", "green", "purple", "yellow", "brown")


def unit_text(game: Any, u: Any) -> str:
    """"Marth, Star and Savior 70 (stack 2) MC tapped"."""
    parts = [f"{u.card.name} {game.attack(u)}"]
    if u.stack_size > 1:
        parts.append(f"(stack {u.stack_size})")
    if u.is_main_character:
        parts.append("MC")
    if u.tapped:
        parts.append("tapped")
    return " ".join(parts)


def bonds_text(p: Any) -> str:
    up = [b for b in p.bonds if b.face_up]
    down = len(p.bonds) - len(up)
    syms = Counter(s for b in up for s in b.copy.card.symbols)
    sym = ", ".join(f"{s.label} x{syms[s]}" for s in sorted(syms, key=lambda s: SYMBOL_ORDER.index(s.value)
                                                             if s.value in SYMBOL_ORDER else 99))
    out = f"{len(p.bonds)} bond" + ("" if len(p.bonds) == 1 else "s")
    details = [x for x in (sym, f"{down} face-down" if down else "") if x]
    return out + (f" ({'; '.join(details)})" if details else "")


def player_summary(game: Any, i: int) -> str:
    p = game.players[i]
    deck = game.decks[i].name if game.decks[i] is not None else ""
    who = f"Player {i + 1}" + (f" ({deck})" if deck else "")
    return (f"{who}: {len(p.orbs)} orbs, hand {len(p.hand)}, deck {len(p.deck)}, "
            f"retreat {len(p.retreat)}, {bonds_text(p)}")


def hand_text(game: Any, i: int, viewer: int | None) -> str:
    p = game.players[i]
    if viewer is not None and viewer != i:
        # The cards of it the viewer knows (looked at, revealed: engine/visibility.py).
        known = getattr(game, "known", None) or {}
        names = [c.card.name for c in p.hand if known.get(c.id, 0) & (1 << viewer)]
        return (f"hand: {len(p.hand)} card" + ("" if len(p.hand) == 1 else "s")
                + (f" (known: {'; '.join(names)})" if names else ""))
    if not p.hand:
        return "hand: empty"
    return "hand: " + "; ".join(f"{c.card.name} ({c.card.cost})" for c in p.hand)


def line_text(game: Any, units: list, hidden: bool = False) -> str:
    """A line of units; ``hidden``: the opponent's Main Character still face-down (set-up)."""
    if hidden:
        return " | ".join("a face-down Main Character" if u.is_main_character else unit_text(game, u)
                          for u in units) if units else "-"
    return " | ".join(unit_text(game, u) for u in units) if units else "-"


def status_line(game: Any) -> str:
    if game.over:
        return f"Game over after turn {game.turn}"
    if game.phase == "setup":
        return "Set-up: each player has drawn 6 cards"
    return f"Turn {game.turn}, Player {game.turn_player + 1}'s {PHASE_WORDS.get(game.phase, game.phase)}"


def board_lines(game: Any, viewer: int | None = None) -> list[str]:
    """Plain-text board. The opponent of ``viewer`` is drawn on top, back line first."""
    me = 0 if viewer is None else viewer
    top, bottom = 1 - me, me
    out = [status_line(game)]
    out.append(player_summary(game, top))
    out.append("  " + hand_text(game, top, viewer))
    hide = viewer is not None and game.phase == "setup"
    out.append("  Back : " + line_text(game, game.players[top].back, hide))
    out.append("  Front: " + line_text(game, game.players[top].front, hide))
    out.append("  " + "-" * 40)
    out.append("  Front: " + line_text(game, game.players[bottom].front))
    out.append("  Back : " + line_text(game, game.players[bottom].back))
    out.append(player_summary(game, bottom))
    out.append("  " + hand_text(game, bottom, viewer))
    return out
