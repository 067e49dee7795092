"""Computed values of cards that are not units: a card in the hand, the Bond Area,
the Support Area, the Retreat Area or the deck.

As for units (:mod:`.values`), nothing is stored on a card (design rule 4): a
card's deployment cost, class-change cost, support, unit names and symbols are its
printed values plus the active effects on it, computed when asked and remembered
in ``Game._cache`` until the state changes. The effects come from

- the continuous skills of the units on the field ("the deployment cost of all
  green cards in your hand is reduced by 1"): found with the units' other
  continuous effects (``Game._continuous_sources``, remembered in
  ``Game._field_cache`` while the field stays the same);
- the continuous bond skills of face-up bond cards ("this card acquires the unit
  name of your Main Character" while it is face-up in the Bond Area);
- the card's own SPEC skills, while the card is in its owner's hand ("this card's
  class-change cost becomes 2 if you have 5 or more bonds");
- timed modifiers aimed at one card (a support skill's "this card's support
  becomes 10 for each ally until the end of the combat"), which end when their
  duration does or when the card leaves the area it was in.

An effect's value is ``value(ctx, copy)`` or a constant; its test is
``applies(ctx, copy, area)``. Number stats add up as: the last "set" (or the
printed value), then each "add" in turn, where an add may carry a floor it does
not reduce below ((amount, floor) pairs, op "add_floor"); never below 0. Set
stats: "grant", "remove", "replace" as for units.

:class:`CardValues` is a base of :class:`fecipher.engine.game.Game`.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Iterator

from fecipher.engine import modifiers as M
from fecipher.engine.cards import Card, CardCopy, card_unit_names
from fecipher.engine.skills import SkillContext, SkillKind

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game

_NUMBER_STATS = (M.CARD_COST, M.CARD_CC_COST, M.CARD_SUPPORT)
# The card stats a card may print as "X" (Card.printed_x names the facts): the card's own
# SPEC "the ... of this card becomes ..." defines it in every area (engine decision 45).
_X_FACTS = {M.CARD_COST: "cost", M.CARD_CC_COST: "class_change_cost"}
_MISSING = object()


@functools.lru_cache(maxsize=4096)
def _own_spec_effects(card: Card) -> tuple:
    """(skill, effect) of the card's SPEC skills that change its own values
    (remembered per card: a card's printed skills never change)."""
    return tuple((s, ce) for s in card.skills if s.kind is SkillKind.SPECIAL for ce in s.continuous
                 if ce.stat in M.CARD_STATS)


@functools.lru_cache(maxsize=4096)
def own_spec_stats(card: Card) -> frozenset[str]:
    """The card stats the card's own SPEC skills change (remembered per card)."""
    return frozenset(ce.stat for s, ce in _own_spec_effects(card))


@functools.lru_cache(maxsize=4096)
def _bond_effects(card: Card) -> tuple:
    """(skill, effect) of the card's continuous bond skills (active while the card
    is face-up in its owner's Bond Area)."""
    return tuple((s, ce) for s in card.skills if s.kind is SkillKind.BOND and s.effect is None
                 for ce in s.continuous if ce.stat in M.CARD_STATS)


def printed(card: Card, stat: str) -> Any:
    """A card's printed value of a card stat (SPEC aliases count as printed names)."""
    if stat == M.CARD_COST:
        return card.cost
    if stat == M.CARD_CC_COST:
        return card.class_change_cost
    if stat == M.CARD_SUPPORT:
        return card.support
    if stat == M.CARD_UNIT_NAMES:
        return card_unit_names(card)
    if stat == M.CARD_SYMBOLS:
        return frozenset(card.symbols)
    raise ValueError(stat)


# The pseudo-area of a card in the hand asked as it levels up a unit: what the level up
# costs (engine/deployment.placement_cost); a SPEC "if you are levelling up an allied X"
# holds only then.
LEVELLING = "levelling"


class CardValues:
    """The computed values of cards that are not units (a base of Game)."""

    # ------------------------------------------------------------------ the values
    def deploy_cost(self: "Game", copy: CardCopy, area: str | None = None) -> int:
        """What deploying or levelling up with ``copy`` costs (its deployment cost)."""
        if M.CARD_COST not in self._live_stats and M.CARD_COST not in self._mods_by_stat:
            return copy.card.cost
        return self._card_value(copy, M.CARD_COST, area)

    def cc_cost(self: "Game", copy: CardCopy, area: str | None = None) -> int | None:
        """The class-change cost of ``copy`` (None: it has none and cannot class change)."""
        if M.CARD_CC_COST not in self._live_stats and M.CARD_CC_COST not in self._mods_by_stat:
            return copy.card.class_change_cost
        return self._card_value(copy, M.CARD_CC_COST, area)

    def card_support(self: "Game", copy: CardCopy, area: str | None = None) -> int:
        """The support value of ``copy`` (printed "X" is 0 unless an effect sets it)."""
        if M.CARD_SUPPORT not in self._live_stats and M.CARD_SUPPORT not in self._mods_by_stat:
            return copy.card.support
        return self._card_value(copy, M.CARD_SUPPORT, area)

    def card_names(self: "Game", copy: CardCopy, area: str | None = None) -> frozenset[str]:
        """The unit names of ``copy`` (its unit name, SPEC aliases, names acquired)."""
        if M.CARD_UNIT_NAMES not in self._live_stats and M.CARD_UNIT_NAMES not in self._mods_by_stat:
            return card_unit_names(copy.card)
        return self._card_value(copy, M.CARD_UNIT_NAMES, area)

    def card_symbols(self: "Game", copy: CardCopy, area: str | None = None) -> frozenset:
        """The symbols of ``copy`` (printed, and those it is treated as also having)."""
        if M.CARD_SYMBOLS not in self._live_stats and M.CARD_SYMBOLS not in self._mods_by_stat:
            return frozenset(copy.card.symbols)
        return self._card_value(copy, M.CARD_SYMBOLS, area)

    def card_values_idle(self: "Game", stat: str) -> bool:
        """No skill of this game's cards and no modifier changes ``stat`` of a card:
        every card has its printed value."""
        return stat not in self._live_stats and stat not in self._mods_by_stat

    def card_values_quiet(self: "Game", stat: str) -> bool:
        """Nothing changes ``stat`` of any card now but cards' own SPEC skills: no
        modifier, no active continuous effect, no face-up bond's skill (and no value is
        being computed). Then a card with no SPEC effect of its own on ``stat``
        (:func:`own_spec_stats`) has its printed value, wherever it is."""
        return self.card_values_idle(stat) or (M.idle(self, stat) and not self._bond_sources(stat))

    # ------------------------------------------------------------------ computing
    def _card_value(self: "Game", copy: CardCopy, stat: str, area: str | None) -> Any:
        """``area`` "levelling": the card in the hand, asked as it levels up a unit (its
        SPEC "if you are levelling up ..." conditions hold then)."""
        # Nothing can change ``stat`` of any card now (M.idle: no modifier on it, no
        # active continuous effect on it, and no value being computed, so that no
        # cycle is cut otherwise), no face-up bond has an effect on it and the card
        # has no SPEC effect of its own on it: _card_parts would find no part, in
        # any area. (In a game where some card can change a cost, most costs asked
        # are printed ones.)
        if M.idle(self, stat) and stat not in own_spec_stats(copy.card) and not self._bond_sources(stat):
            return _combine(stat, printed(copy.card, stat), [])
        if area is None:
            area = self.locate(copy)[0]
        key = ("card_value", stat, copy.id, area)
        cache = self._cache
        got = cache.get(key, _MISSING)
        if got is not _MISSING:
            return got
        ckey = (copy.id, stat)
        base = printed(copy.card, stat)
        if ckey in self._computing:   # a value that depends on itself counts as printed
            self._cycle_cut = True
            return base
        outer = self._cycle_cut
        self._cycle_cut = False
        self._computing.add(ckey)
        try:
            parts = list(self._card_parts(copy, stat, area))
            value = _combine(stat, base, parts)
        finally:
            self._computing.discard(ckey)
        if not self._cycle_cut:   # (a value cut short by a cycle is not remembered)
            cache[key] = value
        self._cycle_cut = self._cycle_cut or outer
        return value

    def _card_parts(self: "Game", copy: CardCopy, stat: str, area: str) -> Iterator[tuple[str, Any]]:
        """(op, value) of every effect on ``copy``'s ``stat`` now, in order: timed
        modifiers, the field's continuous skills, face-up bonds' continuous bond
        skills, the card's own SPEC skills (in the hand)."""
        for mod in self._mods_by_stat.get(stat, ()):
            if mod.reaches(self, copy):
                v = mod.value
                yield mod.op, (v(self, copy) if callable(v) else v)
        checked: dict[int, bool] = {}
        levelling = area == LEVELLING
        if levelling:
            area = "hand"
        for ce, ctx in self._continuous_sources(stat):
            if not ce.applies(ctx, copy, area):
                continue
            if not _holds(ctx, checked):
                continue
            v = ce.value
            yield ce.op, (v(ctx, copy) if callable(v) else v)
        for ce, ctx in self._bond_sources(stat):
            if not ce.applies(ctx, copy, area) or not _holds(ctx, checked):
                continue
            v = ce.value
            yield ce.op, (v(ctx, copy) if callable(v) else v)
        everywhere = _X_FACTS.get(stat) in copy.card.printed_x
        if area == "hand" or everywhere:
            for skill, ce in _own_spec_effects(copy.card):
                if ce.stat != stat:
                    continue
                if area != "hand" and ce.op != "set":
                    # A printed X is defined by the card's own "becomes" wherever the card
                    # is (engine decision 45); its other SPEC changes hold in the hand only.
                    continue
                ctx = SkillContext(self, skill, copy.owner, copy, None,
                                   data={"levelling": True} if levelling else {})
                if skill.condition is not None and not skill.condition(ctx):
                    continue
                v = ce.value
                yield ce.op, (v(ctx, copy) if callable(v) else v)

    def _bond_sources(self: "Game", stat: str) -> list:
        """(effect, context) of the continuous bond skills of every face-up bond on
        ``stat``, remembered until the state changes."""
        if not self._bond_skills:
            return []
        key = ("card_bond_sources", stat)
        got = self._cache.get(key)
        if got is None:
            got = []
            for i in (0, 1):
                for b in self.players[i].bonds:
                    if not b.face_up:
                        continue
                    for skill, ce in _bond_effects(b.copy.card):
                        if ce.stat == stat:
                            got.append((ce, SkillContext(self, skill, i, b.copy, None)))
            self._cache[key] = got
        return got


def _holds(ctx: SkillContext, checked: dict[int, bool]) -> bool:
    """The skill's condition holds (asked once per skill context)."""
    cond = ctx.skill.condition
    if cond is None:
        return True
    ok = checked.get(id(ctx))
    if ok is None:
        ok = checked[id(ctx)] = bool(cond(ctx))
    return ok


def _combine(stat: str, base: Any, parts: list[tuple[str, Any]]) -> Any:
    if stat in _NUMBER_STATS:
        sets = [v for op, v in parts if op == "set" and v is not None]
        value = sets[-1] if sets else base
        adds = [(op, v) for op, v in parts if op in ("add", "add_floor") and v is not None]
        if value is None:
            return None   # no class-change cost: nothing to reduce
        for op, v in adds:
            amount, floor = (v, None) if op == "add" else v
            new = value + int(amount)
            if floor is not None and amount < 0:
                new = max(new, min(value, floor))   # "not below N" (a lower value stays)
            value = new
        return max(0, int(value))
    return M.combine_set(base, parts)
