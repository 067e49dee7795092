"""Cost verbs: what a "cost" line asks to be paid before a skill resolves (rule 9).

A cost is an object with ``can_pay(ctx)`` (all of it, or the skill cannot start)
and ``pay(ctx)``, a generator that may ask which units, bonds or cards pay it."""
from __future__ import annotations

from typing import Iterator

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.registry import cost
from fecipher.dsl.selectors import (
    COST_SENT, bond_predicate, card_candidates, count_range, picks_all, place_area, ref_units, unit_predicate,
)
from fecipher.engine import events as ev
from fecipher.engine.cards import can_be_flipped_face_down
from fecipher.engine.decisions import CARD, UNIT, Option, choose
from fecipher.engine.state import Unit


def _n(sel: A.Selector) -> int:
    lo, hi = count_range(sel)
    return max(lo, 1) if isinstance(sel, A.Filtered) else 1


@attrs.frozen
class TapCost:
    sel: A.Selector
    text: str

    @property
    def every(self) -> bool:
        """'tap all other allies': every unit the filter takes, none of them tapped yet."""
        return picks_all(self.sel) and isinstance(self.sel, A.Filtered)

    def _cands(self, ctx) -> list[Unit]:
        if isinstance(self.sel, A.Ref):
            return [u for u in ref_units(ctx, self.sel) if not u.tapped]
        return list(self._matching(ctx))

    def _all_matching(self, ctx) -> list[Unit]:
        """The controller's units the filter takes, tapped or not ('tap all ...')."""
        pred = unit_predicate(self.sel)
        return [u for u in ctx.game.players[ctx.controller].units if pred(ctx, u)]

    def _matching(self, ctx) -> Iterator[Unit]:
        """The controller's untapped units the (filtered) selector takes, in field order."""
        pred = unit_predicate(self.sel)
        for u in ctx.game.players[ctx.controller].units:
            if not u.tapped and pred(ctx, u):
                yield u

    def can_pay(self, ctx) -> bool:
        sel = self.sel
        if self.every:
            # "[Tap all other allies]" is paid by tapping each of them: one already tapped cannot
            # be tapped for it (rule 9: a cost that cannot be paid in full cannot be started),
            # and with none at all there is nothing to pay it with (engine decision in
            # docs/rules.md, "tapping all allies as a cost", as the whole hand as a cost).
            units = self._all_matching(ctx)
            return bool(units) and not any(u.tapped for u in units)
        if isinstance(sel, A.Ref):
            if sel.kind == "this":
                # "tap this unit" (the usual action-skill cost): the unit is on the field, untapped.
                unit = ctx.unit
                return unit is not None and not unit.tapped
            return bool(self._cands(ctx))
        # len(self._cands(ctx)) >= _n(sel), counted up to n ("tap 1 other ally" is
        # asked for every action-skill option).
        n = _n(sel)
        found = 0
        for _ in self._matching(ctx):
            found += 1
            if found >= n:
                return True
        return False

    def pay(self, ctx):
        cands = self._cands(ctx)
        if self.every:
            chosen = cands   # all of them (can_pay: every one untapped)
        elif isinstance(self.sel, A.Ref) and self.sel.kind != "named":
            chosen = cands[:1]
        else:
            n = _n(self.sel)
            if len(cands) <= n:
                chosen = cands
            else:
                opts = [Option(UNIT, unit=u.id, label=f"tap {u.card.name} ({u.area} line)") for u in cands]
                picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts, minimum=n, maximum=n)
                ids = {o.unit for o in picked}
                chosen = [u for u in cands if u.id in ids]
        for u in chosen:
            tap_for_cost(ctx, u)


def tap_for_cost(ctx, u: Unit) -> None:
    """Tap a unit to pay a cost, kept with what it was then for "for each ally tapped as the
    cost of this skill" (dsl/skillcompile.count_of)."""
    from fecipher.dsl.effects import destroyed_snapshot
    seen = destroyed_snapshot(ctx, u)
    ctx.game.tap(u, by_skill=True)
    ctx.data.setdefault("cost_tapped", []).append(u)   # ("the ally tapped for the cost")
    ctx.data.setdefault("cost_tapped_seen", []).append((u.id, seen))


@attrs.frozen
class FlipCost:
    """Flip N face-up bonds face-down, or N face-down orbs face-up (Dragon Vein).

    A filter ("flip 1 tome bond", 'flip 1 "Altena" bond', "flip 1 white black bond")
    is read on the bond card's printed qualities (unit name, symbols, gender, weapon,
    types) as in any selector: adjacent qualities must all hold, "or" takes either."""

    n: int
    orbs: bool
    sel: A.Filtered | None      # None: any face-up bond (face-down orb)
    text: str

    def _fits(self, ctx, b) -> bool:
        return self.sel is None or bond_predicate(self.sel)(ctx, b)

    def _cands(self, ctx):
        p = ctx.game.players[ctx.controller]
        if self.orbs:
            return [o for o in p.orbs if not o.face_up and self._fits(ctx, o)]
        return [b for b in p.bonds if b.face_up and self._fits(ctx, b) and can_be_flipped_face_down(b.copy.card)]

    def can_pay(self, ctx) -> bool:
        # len(self._cands(ctx)) >= self.n, counted up to n (asked for every action skill option).
        n = self.n
        p = ctx.game.players[ctx.controller]
        found = 0
        if self.orbs:
            for o in p.orbs:
                if not o.face_up and self._fits(ctx, o):
                    found += 1
                    if found >= n:
                        return True
        elif self.sel is None:
            for b in p.bonds:
                if b.face_up and can_be_flipped_face_down(b.copy.card):
                    found += 1
                    if found >= n:
                        return True
        else:
            fits = bond_predicate(self.sel)
            for b in p.bonds:
                if b.face_up and fits(ctx, b) and can_be_flipped_face_down(b.copy.card):
                    found += 1
                    if found >= n:
                        return True
        return found >= n

    def pay(self, ctx):
        cands = self._cands(ctx)
        if len(cands) > self.n:
            opts = [Option(CARD, card=b.copy.id, label=(b.copy.card.name if not self.orbs else f"orb {i + 1}"))
                    for i, b in enumerate(cands)]
            picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts,
                                       minimum=self.n, maximum=self.n)
            ids = {o.card for o in picked}
            chosen = [b for b in cands if b.copy.id in ids]
        else:
            chosen = cands
        for b in chosen:
            if self.orbs:
                ctx.game.flip_orb(b, True)
            else:
                ctx.game.flip_bond(b, False)


@attrs.frozen
class SendCost:
    sel: A.Selector
    dest: str
    text: str

    @property
    def any_number(self) -> bool:
        """'send any number of cards from your hand ...' ("[Send as many cards as you wish from
        your hand to the Retreat Area]", B14-097SR): the controller picks how many, none too."""
        q = self.sel.quantifier if isinstance(self.sel, A.Filtered) else None
        return q is not None and q.kind == "any_number"

    def can_pay(self, ctx) -> bool:
        # 'send all cards from your hand': the whole hand, at least one card (an empty hand pays
        # nothing: engine decision in docs/rules.md, "the whole hand as a cost").
        if self.any_number:
            return True   # none is as many as one wishes
        return len(card_candidates(ctx, self.sel)) >= _n(self.sel)

    def pay(self, ctx):
        cands = card_candidates(ctx, self.sel)
        whole = isinstance(self.sel, A.Filtered) and self.sel.quantifier is not None and self.sel.quantifier.kind == "all"
        n = len(cands) if whole else _n(self.sel)
        if self.any_number:
            chosen = []
            if cands:
                opts = [Option(CARD, card=c.id, label=c.card.name) for c in cands]
                picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts, minimum=0,
                                           maximum=len(cands))
                ids = {o.card for o in picked}
                chosen = [c for c in cands if c.id in ids]
        elif len(cands) > n:
            # (a bond's card, face-down too, is seen by both players: its name is no secret)
            opts = [Option(CARD, card=c.id, label=c.card.name) for c in cands]
            picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts, minimum=n, maximum=n)
            ids = {o.card for o in picked}
            chosen = [c for c in cands if c.id in ids]
        else:
            chosen = cands
        for c in chosen:
            yield from send_for_cost(ctx, c, self.dest)


def send_for_cost(ctx, c, dest: str):
    """Move a card to pay a cost, kept for "the card sent as this skill's cost" (COST_SENT, in
    the effect) and for "for each card sent to your retreat area as the cost of this skill"
    (with its destination, dsl/skillcompile.count_of). A move to the Retreat Area is offered
    to replacements first ("you may deploy that card instead of sending it to your Retreat
    Area", dsl/cost_replacement.py): a card a replacement took elsewhere is paid all the same
    but not counted as sent."""
    g = ctx.game
    if dest == "retreat" and ev.CardMoved in g._replacement_types:
        src = g.locate(c)[0]
        e = yield from g.propose_asking(ev.CardMoved(c.owner, c.id, c.card.name, src, dest, True))
        if g.locate(c)[0] != src:
            return   # (a replacement ran in its place: the card was deployed)
        dest = e.dest if e is not None else dest
    g.move_card(c, dest, by_skill=True)
    ctx.data.setdefault(COST_SENT, []).append(c)
    ctx.data.setdefault("cost_sent_to", []).append((c, dest))


@cost("tap", "unit", doc="Tap this unit, or N untapped allies matching a filter (rule 9); 'tap all other "
                           "allies' taps every one of them (none may be tapped already, and there must be one).",
      example="cost tap this, tap 1 other ally")
def _tap(a: A.Action):
    return TapCost(a.target, render.cost_item(a))


@cost("flip", "bond orb", doc="Flip N face-up bonds face-down (optionally filtered: a symbol, type or unit name), "
                              "or N orbs face-up.",
      example="cost flip 2 bonds")
def _flip(a: A.Action):
    sel = a.target
    assert isinstance(sel, A.Filtered)
    filtered = bool(sel.qualifiers) or any(p.kind != "from_place" for p in sel.posts)
    return FlipCost(_n(sel), sel.noun in ("orb", "orbs"), sel if filtered else None, render.cost_item(a))


@cost("send", "card bond", "to", doc="Send N cards matching a filter from an area to another area; "
      "'send 2 face-down bonds to your retreat area' sends N of your face-down bonds.",
      example='cost send 1 "Marth" card from your hand to your retreat area', needs_place=True)
def _send(a: A.Action):
    dest = next(place_area(p.place) for p in a.preps if p.kind == "to")
    return SendCost(a.target, dest, render.cost_item(a))


@attrs.frozen
class DestroyCost:
    """Destroy this unit, or N allies matching a filter, as a cost (an MC breaks an orb
    instead, rule 4). A unit that cannot be destroyed cannot pay it."""

    sel: A.Selector
    text: str

    def _cands(self, ctx) -> list[Unit]:
        from fecipher.engine import modifiers as M
        g = ctx.game
        if isinstance(self.sel, A.Ref):
            units = ref_units(ctx, self.sel)
        else:
            pred = unit_predicate(self.sel)
            units = [u for u in g.players[ctx.controller].units if pred(ctx, u)]
        return [u for u in units if not g.flag(u, M.CANNOT_BE_DESTROYED)
                and not g.flag(u, M.CANNOT_BE_DESTROYED_BY_SKILLS, player=ctx.controller, source=ctx.unit,
                               cost=True)]

    def can_pay(self, ctx) -> bool:
        need = 1 if isinstance(self.sel, A.Ref) else _n(self.sel)
        return len(self._cands(ctx)) >= need

    def pay(self, ctx):
        cands = self._cands(ctx)
        n = 1 if isinstance(self.sel, A.Ref) else _n(self.sel)
        chosen = cands[:n]
        if len(cands) > n:
            opts = [Option(UNIT, unit=u.id, label=f"destroy {u.card.name} ({u.area} line)") for u in cands]
            picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts, minimum=n, maximum=n)
            ids = {o.unit for o in picked}
            chosen = [u for u in cands if u.id in ids]
        for u in chosen:
            yield from ctx.game.destroy(u, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit,
                                        skill=ctx.skill.name, by_cost=True)


@attrs.frozen
class BreakOrbsCost:
    """Destroy N of your own orbs: each goes to your hand, as a broken orb does
    (rule 4); the last orb may be paid, which does not lose the game by itself."""

    n: int
    text: str

    def can_pay(self, ctx) -> bool:
        return len(ctx.game.players[ctx.controller].orbs) >= self.n

    def pay(self, ctx):
        yield from ctx.game.destroy_orbs(ctx.controller, self.n, ctx.controller, f"{ctx.skill.name}: {self.text}")


@cost("destroy", "unit orb", doc="Destroy this unit or N allies matching a filter (an MC breaks an orb instead), "
                               "or N of your own orbs (they go to your hand).",
      example="cost tap this, destroy this")
def _destroy(a: A.Action):
    if isinstance(a.target, A.Filtered) and a.target.noun in ("orb", "orbs"):
        return BreakOrbsCost(_n(a.target), render.cost_item(a))
    return DestroyCost(a.target, render.cost_item(a))


# More cost verbs ("flip this card", growth, units sent, reveal) and joint payment.
from fecipher.dsl import costs_more as _costs_more  # noqa: E402,F401
