"""Hidden-information verbs: looking at cards, choosing without looking.

- ``look at <cards>`` ("look at the top 3 cards of your deck", "look at your
  opponent's hand", "look at 1 of your orbs"): the controller sees those cards,
  their opponent does not (a LookedAt event; see :mod:`fecipher.engine.visibility`);
  later lines call them "them" / "it".
- ``choose <cards> at random`` / ``... without looking`` and ``your opponent chooses
  <cards> without looking``: the cards are picked by the game's seeded random
  generator among the candidates, nobody choosing (a choice made without looking
  cannot prefer one card: it is a random one). Nobody sees the cards by being
  chosen; later lines say what happens to "it".
- revealing (the ``reveal`` effect in :mod:`fecipher.dsl.effects`, the ``reveal``
  cost in :mod:`fecipher.dsl.costs_more`) goes through ``game.reveal``: the cards
  stay known to both players until they move.

Registered in the vocabulary like every other verb (imported at the end of
:mod:`fecipher.dsl.effects`)."""
from __future__ import annotations

import math

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl.effects import can_act, optional_gate, targets
from fecipher.dsl.registry import EFFECTS, effect
from fecipher.dsl.selectors import (
    card_candidates, count_range, picks_all, selector_kind, unit_candidates,
)
from fecipher.engine.cards import CardCopy

RANDOM_PREPS = ("at_random", "without_looking")


def _cards_of(things) -> list[CardCopy]:
    return [t for t in things if isinstance(t, CardCopy)]


@effect("look", "card chosen",
        doc="Look at cards: the controller sees them, the opponent sees only how many and from where "
            "(they stay where they are; known until they move). Later lines call them 'them' or 'it', choose "
            "'among them' and move 'the rest', as after 'reveal'.",
        example="look at the top 3 cards of your deck")
def _look(a: A.Action):
    def eff(ctx):
        g = ctx.game
        if not (yield from optional_gate(ctx, a, a.optional and can_act(ctx, a))):
            return
        cards = _cards_of((yield from targets(ctx, a)))
        ctx.data["chosen"] = cards
        ctx.data["did"] = bool(cards)
        # The working set of "among them" / "the rest", as a "reveal" line keeps it (selectors.
        # revealed_rest): the cards looked at, where each is now; a line that moves one takes it out.
        ctx.data["revealed"] = [(c, g.locate(c)[0]) for c in cards]
        ctx.data["moved"] = set()
        if cards:
            area, _ = g.locate(cards[0])
            g.look_at(ctx.controller, cards, area)
    return eff


# Why "look at" a place both players (or the controller) see anyway is refused.
SEEN_BY_BOTH = ("both players see every bond, face-up or face-down, at any time (rulebook: \"Both "
                "players can look at either player's face-down Bonds at any time\"); no card asks to look at "
                "bonds")
LOOK_FOR = "'look at' is for cards hidden from the controller: a deck, the opponent's hand, orbs"


def look_refusal(a: A.Action) -> str | None:
    """Why a "look at ..." line is refused, or None: looking at cards the controller
    sees anyway would be an effect that does nothing. Bonds (face-down ones too) are
    seen by both players (docs/rules.md, Hidden information), as are the Retreat,
    Support and Boundless Areas and the field; your own hand is seen by you."""
    sel = a.target
    if not isinstance(sel, A.Filtered):
        return None
    from fecipher.dsl.selectors import card_place, place_area
    from fecipher.dsl.vocabulary import BOND_NOUNS
    place = card_place(sel)
    area = place_area(place) if place is not None else None
    if sel.noun in BOND_NOUNS or area == "bonds":
        return f"looking at bonds is not supported: {SEEN_BY_BOTH}; {LOOK_FOR}"
    if area in ("retreat", "support", "boundless", "field"):
        return f"looking at the {' '.join(place.words)} is not supported: both players see it at any time; {LOOK_FOR}"
    if area == "hand" and place.owner == "your":
        return f"looking at your own hand is not supported: you see it at any time; {LOOK_FOR}"
    return None


# "choose": the plain verb of dsl/effects.py, and the random one when the line says so.
_plain_choose = EFFECTS["choose"]


def _random_choice(a: A.Action):
    """Pick the selector's count among its candidates with the game's seeded random
    generator (an "up to N" picks N, as far as there are candidates; "all" picks all)."""
    sel = a.target
    kind = selector_kind(sel) if sel is not None else "none"

    def eff(ctx):
        g = ctx.game
        if kind == "card":
            cands: list = card_candidates(ctx, sel)
        elif kind in ("unit", "name"):
            cands = unit_candidates(ctx, sel)
            if isinstance(sel, A.Filtered) and not picks_all(sel):   # (a choice, at random: as pick_units)
                from fecipher.dsl.selectors import choosable
                cands = [u for u in cands if choosable(ctx, u)]
        else:
            cands = list(ctx.data.get("chosen", []))
        if isinstance(sel, A.Filtered) and not picks_all(sel):
            _lo, hi = count_range(sel)
            k = len(cands) if hi == math.inf else min(int(hi), len(cands))
            picked = g.rng.sample(cands, k) if k else []
        else:
            picked = list(cands)
        ctx.data["chosen"] = picked
        ctx.data["did"] = bool(picked)
        return
        yield  # pragma: no cover
    return eff


def _choose_builder(a: A.Action, keep=None):
    """``keep``: what the lines using the choice can act on (engine decision 14). A
    random choice offers nothing to anyone: it picks among all its candidates."""
    if any(p.kind in RANDOM_PREPS for p in a.preps):
        return _random_choice(a)
    return _plain_choose.build(a, keep)


EFFECTS["choose"] = attrs.evolve(
    _plain_choose, preps=_plain_choose.preps | {"at_random", "without_looking", "opponent_chooses"},
    build=_choose_builder,
    doc=_plain_choose.doc + " 'at random' / 'without looking' (or 'your opponent chooses ... without "
                            "looking'): picked by the game's seeded random generator, nobody choosing.")
