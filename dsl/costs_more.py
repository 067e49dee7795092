"""More cost verbs (rule 9), and paying a skill's costs as one whole.

- ``flip this card``: a bond skill's cost that flips its own bond card face-down;
- ``stack N "X" cards from <area> under this unit``: growth as a cost (the cards
  go under the unit, which counts as levelled up; rule 6's growth);
- ``send this unit to <area>`` / ``send N other allies to <area>``: units leave the
  field as a cost (a Main Character cannot pay it: it never leaves the field so);
- ``reveal N <cards> from your hand``: cards shown to both players as a cost.

A skill's costs are checked for payability together before the skill is offered:
two costs that would take the same thing (the same bond to flip, the same card
to move, the same unit to tap) must be paid by different things, and while they
are paid a choice that would leave a later cost unpayable is not offered
(:func:`joint`). Costs that take different kinds of thing are paid one after the
other, each as it is written, as before.

Registered with the cost verbs of :mod:`fecipher.dsl.costs` (one import there)."""
from __future__ import annotations

from typing import Any, Callable, Iterator

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import costs as C
from fecipher.dsl import vocabulary as V
from fecipher.dsl.registry import COSTS, cost
from fecipher.dsl.selectors import card_candidates, count_range, place_area, ref_units, unit_predicate
from fecipher.engine.cards import can_be_flipped_face_down, card_unit_names
from fecipher.engine.decisions import CARD, UNIT, Option, choose
from fecipher.engine.state import Unit


def _n(sel: A.Selector) -> int:
    lo, _ = count_range(sel)
    return max(lo, 1) if isinstance(sel, A.Filtered) else 1


# ---------------------------------------------------------------- flip this card
@attrs.frozen
class FlipThisCardCost:
    """"Flip this card": the skill's own bond card, face-up in its controller's
    Bond Area, is flipped face-down (a bond skill's cost)."""

    text: str
    kind = "flip_bond"

    def candidates(self, ctx) -> list:
        for b in ctx.game.players[ctx.controller].bonds:
            if b.copy is ctx.source:
                return [b] if b.face_up and can_be_flipped_face_down(b.copy.card) else []
        return []

    need = staticmethod(lambda ctx: 1)

    def can_pay(self, ctx) -> bool:
        return bool(self.candidates(ctx))

    def pay_one(self, ctx, b) -> Iterator:
        ctx.game.flip_bond(b, False)
        return
        yield  # pragma: no cover

    def pay(self, ctx):
        for b in self.candidates(ctx):
            yield from self.pay_one(ctx, b)


# ---------------------------------------------------------------- growth as a cost
@attrs.frozen
class GrowthCost:
    """Stack N cards with the unit's unit name from an area under this unit
    (growth, rule 6): no level-up cost, no draw, no level-up skill; the unit
    counts as levelled up."""

    sel: A.Selector
    text: str
    kind = "move_card"

    def candidates(self, ctx) -> list:
        unit = ctx.unit
        if unit is None:
            return []
        names = ctx.game.unit_names(unit)
        return [c for c in card_candidates(ctx, self.sel) if not names.isdisjoint(card_unit_names(c.card))]

    def need(self, ctx) -> int:
        return _n(self.sel)

    def can_pay(self, ctx) -> bool:
        return len(self.candidates(ctx)) >= self.need(ctx)

    def pay_one(self, ctx, c) -> Iterator:
        unit = ctx.unit
        if unit is not None:
            ctx.game.grow(c, unit)
        return
        yield  # pragma: no cover

    def pay(self, ctx):
        chosen = yield from _pick(ctx, self, self.candidates(ctx), self.need(ctx), CARD)
        for c in chosen:
            yield from self.pay_one(ctx, c)


# ---------------------------------------------------------------- units leave as a cost
@attrs.frozen
class SendUnitCost:
    """This unit, or N allies matching a filter, leave the field for an area
    (their whole stacks go). A Main Character cannot pay it."""

    sel: A.Selector
    dest: str
    text: str
    kind = "unit_leaves"

    def candidates(self, ctx) -> list:
        g = ctx.game
        if isinstance(self.sel, A.Ref):
            units = ref_units(ctx, self.sel)
        else:
            pred = unit_predicate(self.sel)
            units = [u for u in g.players[ctx.controller].units if pred(ctx, u)]
        return [u for u in units if u.owner == ctx.controller and not u.is_main_character]

    def need(self, ctx) -> int:
        return 1 if isinstance(self.sel, A.Ref) else _n(self.sel)

    def can_pay(self, ctx) -> bool:
        return len(self.candidates(ctx)) >= self.need(ctx)

    def pay_one(self, ctx, u) -> Iterator:
        if ctx.game.unit(u.id) is u:
            ctx.game.remove_unit(u, self.dest, by_skill=True)
        return
        yield  # pragma: no cover

    def pay(self, ctx):
        chosen = yield from _pick(ctx, self, self.candidates(ctx), self.need(ctx), UNIT)
        for u in chosen:
            yield from self.pay_one(ctx, u)


# ---------------------------------------------------------------- reveal as a cost
@attrs.frozen
class RevealCost:
    """Reveal N cards matching a filter from the hand: both players see them
    (a Revealed event); they stay where they are."""

    sel: A.Selector
    text: str
    dest: str | None = None      # "... and put it on top of your deck": then moved there

    @property
    def kind(self) -> str:
        return "reveal" if self.dest is None else "move_card"

    def candidates(self, ctx) -> list:
        return card_candidates(ctx, self.sel)

    def need(self, ctx) -> int:
        return _n(self.sel)

    def can_pay(self, ctx) -> bool:
        return len(self.candidates(ctx)) >= self.need(ctx)

    def pay_one(self, ctx, c) -> Iterator:
        ctx.game.reveal([c], "hand")   # (known to both until it moves: engine/visibility.py)
        if self.dest is not None:
            ctx.game.move_card(c, self.dest, by_skill=True)
        return
        yield  # pragma: no cover

    def pay(self, ctx):
        chosen = yield from _pick(ctx, self, self.candidates(ctx), self.need(ctx), CARD)
        if chosen:
            ctx.game.reveal(chosen, "hand")   # (known to both until they move)
            for c in chosen if self.dest is not None else ():
                ctx.game.move_card(c, self.dest, by_skill=True)


def _pick(ctx, cost_, cands: list, n: int, kind: str):
    """N of ``cands`` (all of them when there are no more), the controller choosing."""
    if len(cands) <= n:
        return list(cands)
    opts = [_option(kind, c) for c in cands]
    picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {cost_.text}", opts, minimum=n, maximum=n)
    ids = {o.unit if kind == UNIT else o.card for o in picked}
    return [c for c in cands if c.id in ids]


def _option(kind: str, thing) -> Option:
    if kind == UNIT:
        return Option(UNIT, unit=thing.id, label=f"{thing.card.name} ({thing.area} line)")
    copy = getattr(thing, "copy", thing)   # a bond or an orb holds its card
    return Option(CARD, card=copy.id, label=copy.card.name)


# ---------------------------------------------------------------- registration
def _flip(a: A.Action):
    if isinstance(a.target, A.Ref) and a.target.kind == "this_card":
        return FlipThisCardCost(render.cost_item(a))
    if a.per_each is not None:
        from fecipher.dsl.skillcompile import count_of
        return CountedFlipCost(_FLIP(a), count_of(a.per_each), render.cost_item(a))
    return _FLIP(a)


@attrs.frozen(eq=False)
class CountedFlipCost:
    """"flip 1 bond for each red ally": N bonds per thing counted, the count taken
    when the cost is asked (offering the skill, and again when paying it, in the
    same state); a count of 0 costs nothing."""

    inner: Any          # the FlipCost of one "each"
    count: Callable
    text: str

    def sized(self, ctx):
        n = self.inner.n * self.count(ctx)
        return attrs.evolve(self.inner, n=n) if n > 0 else None

    def can_pay(self, ctx) -> bool:
        c = self.sized(ctx)
        return c is None or c.can_pay(ctx)

    def pay(self, ctx):
        c = self.sized(ctx)
        if c is not None:
            yield from c.pay(ctx)


def _send(a: A.Action):
    dest = next(place_area(p.place) for p in a.preps if p.kind == "to")
    from fecipher.dsl.selectors import selector_kind
    if selector_kind(a.target) in ("unit", "name") and not (isinstance(a.target, A.Ref)
                                                          and a.target.kind == "named"):
        return SendUnitCost(a.target, dest, render.cost_item(a))
    return _SEND(a)


_FLIP = COSTS["flip"].build
_SEND = COSTS["send"].build
COSTS["flip"] = attrs.evolve(COSTS["flip"], objects=COSTS["flip"].objects | {"card"}, build=_flip,
                             doc=COSTS["flip"].doc + " A bond skill's 'flip this card' flips its own bond card.")
COSTS["send"] = attrs.evolve(COSTS["send"], objects=COSTS["send"].objects | {"unit"}, build=_send,
                             doc="Send N cards matching a filter from an area to another area, or this unit / "
                                 "N allies (not the Main Character) from the field to an area.")


@cost("stack", "card", "under", doc="Growth as a cost: stack N cards with this unit's unit name from an area "
                                    "under this unit (it counts as levelled up; no draw, no level-up skill).",
      example='cost stack 1 "Marth" card from your retreat area under this unit', needs_place=True)
def _stack(a: A.Action):
    return GrowthCost(a.target, render.cost_item(a))


@cost("reveal", "card", doc="Reveal N cards matching a filter from your hand (both players see them); "
                             "'... and put it on top of your deck' then moves them there.",
      example='cost reveal 1 "Marth" card from your hand')
def _reveal(a: A.Action):
    dest = place_area(a.then[1].place) if a.then is not None else None
    return RevealCost(a.target, render.cost_item(a), dest)


@cost("put", "card", "to", doc="Put N cards matching a filter from your hand on top of your deck, unrevealed "
                              "(\"[Place 1 card from your hand on top of your Deck]\", B22-005SR); the controller "
                              "orders several.", example="cost put 1 card from your hand on top of your deck",
      needs_place=True)
def _put(a: A.Action):
    dest = next(place_area(p.place) for p in a.preps if p.kind == "to")
    return C.SendCost(a.target, dest, render.cost_item(a))


# ---------------------------------------------------------------- checking
def whole_hand(t) -> bool:
    """'all cards from your hand' (no filter): the cost "[Send your entire hand to the Retreat
    Area]" (B16-065N, P10-003PR; B09-046R's way to pay for an evasion)."""
    from fecipher.dsl.selectors import place_area
    if not isinstance(t, A.Filtered) or t.quantifier is None or t.quantifier.kind != "all":
        return False
    places = [p.value for p in t.posts if p.kind == "from_place"]
    return (t.noun == "cards" and not t.qualifiers and len(t.posts) == 1 and len(places) == 1
            and place_area(places[0]) == "hand" and places[0].owner == "your")


def check_cost(a: A.Action, err: Callable[[Any, str], None], skill_kind: str) -> None:
    """What the registry's object kinds cannot say about these costs."""
    from fecipher.dsl.selectors import selector_kind
    t = a.target
    if a.verb in ("tap", "send", "destroy", "stack", "reveal", "put") and isinstance(t, A.Filtered) and a.per_each is None:
        # These costs pay an exact number of things (rule 9: all of it, or the skill cannot start).
        # 'all', 'up to', 'any number of' or no count would be read as 1: refused, not paid otherwise;
        # the one 'all' cost is the whole hand ("[Send all cards in your hand to the Retreat Area]").
        q = t.quantifier
        if a.verb == "send" and whole_hand(t):
            pass
        elif a.verb == "send" and q is not None and q.kind == "any_number" and selector_kind(t) == "card":
            pass   # "[Send as many cards as you wish from your hand ...]" (B14-097SR): none or more
        elif a.verb == "tap" and q is not None and q.kind == "all" and t.noun in ("allies", "ally"):
            pass   # "[Tap all other allies]" (B18-085SR): every one of them (dsl/costs.TapCost)
        elif q is None or q.kind not in ("exactly", "one", "another"):
            err(t.pos, f"a '{a.verb}' cost pays a number of things ('cost {a.verb} 1 ...'); 'all', 'up to', "
                       f"'any number of' or no count is not supported in a cost (the whole hand, with no filter, is "
                       f"'send all cards from your hand to your retreat area'; every one of your allies a filter "
                       f"takes, 'tap all other allies')")
    if a.verb == "flip" and isinstance(t, A.Ref):
        if t.kind != "this_card":
            err(t.pos, "'flip' as a cost takes bonds ('flip 2 bonds'), orbs, or 'this card' (a bond skill)")
        elif skill_kind != "bond":
            err(a.pos, "'flip this card' flips a bond skill's own bond card: only a BOND skill can pay it")
    elif a.verb == "flip" and t is not None and selector_kind(t) == "card":   # (no object: reported as such)
        err(t.pos, "'flip' as a cost takes bonds ('flip 2 bonds'), orbs, or 'this card' (a bond skill)")
    if a.per_each is not None:
        if a.verb != "flip" or not (isinstance(t, A.Filtered) and t.noun in ("bond", "bonds", "orb", "orbs")):
            err(a.pos, "'for each ...' in a cost is supported for 'flip N bonds' (or orbs)")
        elif isinstance(a.per_each, A.Filtered) and any(p.kind == "destroyed_here" for p in a.per_each.posts):
            err(a.per_each.pos, "'for each ... destroyed by this skill' counts for attack changes only")
        elif isinstance(a.per_each, A.Filtered) and any(p.kind in ("sent_here", "drawn_here", "tapped_here", "cost_tapped_here", "cost_sent_here", "returned_here") for p in a.per_each.posts):
            err(a.per_each.pos, "'for each card sent to / drawn / tapped by this skill' counts for attack changes and "
                                "'choose ... for each' only")
    if a.verb == "stack":
        unders = [p for p in a.preps if p.kind == "under"]
        if not unders or not (isinstance(unders[0].unit, A.Ref) and unders[0].unit.kind == "this"):
            err(a.pos, "growth as a cost stacks cards 'under this unit'")
        if skill_kind not in ("act", "auto"):
            err(a.pos, "growth as a cost needs a unit: it is a cost of an ACT or AUTO skill")
        if isinstance(t, A.Ref):
            err(t.pos, "say which cards and from where, e.g. 'stack 1 \"Mia\" card from your retreat area'")
    if a.verb == "send" and t is not None and selector_kind(t) == "unit":
        if isinstance(t, A.Ref) and t.kind != "this":
            err(t.pos, "units sent as a cost are 'this unit' or allies, e.g. 'send 1 other ally to your "
                       "retreat area'")
        elif isinstance(t, A.Ref) and skill_kind not in ("act", "auto"):
            err(t.pos, "'send this unit' as a cost needs a unit: it is a cost of an ACT or AUTO skill")
        elif isinstance(t, A.Filtered) and t.noun not in ("ally", "allies"):
            err(t.pos, "units sent as a cost are your own: 'this unit' or allies")
        dest = [p for p in a.preps if p.kind == "to"]
        if dest and place_area(dest[0].place) not in ("retreat", "hand", "deck", "bonds", "boundless"):
            err(dest[0].pos, "a unit sent as a cost goes to the retreat area, hand, deck, bond area or "
                             "boundless area")
        if dest and dest[0].place.owner not in ("your", "its owner's", "owner"):
            err(dest[0].pos, "a unit sent as a cost goes to one of your own areas")
    if a.then is not None:
        verb, prep = a.then
        if a.verb != "reveal" or verb != "put" or prep.kind != "to" or prep.place is None:
            err(a.pos, "'... and put it ...' in a cost is supported after 'reveal': 'reveal 1 card from your "
                       "hand and put it on top of your deck'")
        elif place_area(prep.place) not in ("deck", "retreat") or prep.place.owner != "your":
            err(prep.pos, "a revealed card is put on top of your deck or into your retreat area")
    if a.verb == "put":
        # (what the card pool asks: a card of the hand, unrevealed, on top of its owner's deck)
        from fecipher.dsl.selectors import card_place
        src = card_place(t) if isinstance(t, A.Filtered) else None
        dest = [p for p in a.preps if p.kind == "to"]
        if src is None or place_area(src) != "hand" or src.owner != "your" or not dest \
                or place_area(dest[0].place) != "deck" or dest[0].place.owner != "your" \
                or any(p.kind == "bottom" for p in a.preps):
            err(a.pos, "a 'put' cost puts cards from your hand on top of your deck, e.g. 'cost put 1 card from "
                       "your hand on top of your deck'")
    if a.verb == "reveal":
        if isinstance(t, A.Ref):
            err(t.pos, "say which cards are revealed from your hand, e.g. 'reveal 1 \"Marth\" card from your hand'")
        elif isinstance(t, A.Filtered):
            from fecipher.dsl.selectors import card_place
            place = card_place(t)
            if place is None or place_area(place) != "hand" or place.owner != "your":
                err(t.pos, "a cost reveals cards from your hand, e.g. 'reveal 1 \"Marth\" card from your hand'")


# ---------------------------------------------------------------- paying costs as one whole
def _parts(c) -> tuple[str, Callable, Callable] | None:
    """(kind, candidates(ctx), need(ctx)) of a cost whose payment takes things one
    may also be asked for by another cost of the skill; None for the others.
    Things of one kind are one resource: a bond flipped face-down, a card moved
    out of its area, a unit tapped, a unit leaving the field."""
    if isinstance(c, (FlipThisCardCost, GrowthCost, SendUnitCost, RevealCost)):
        return c.kind, c.candidates, c.need
    if isinstance(c, C.FlipCost):
        return ("flip_orb" if c.orbs else "flip_bond"), c._cands, (lambda ctx, _n=c.n: _n)
    if isinstance(c, CountedFlipCost):
        return (("flip_orb" if c.inner.orbs else "flip_bond"), c.inner._cands,
                (lambda ctx, _c=c: _c.inner.n * _c.count(ctx)))
    if isinstance(c, C.TapCost) and c.every:
        return None   # every unit of its filter: not shared out (the checker refuses a second tap cost)
    if isinstance(c, C.TapCost):
        n = 1 if isinstance(c.sel, A.Ref) else C._n(c.sel)
        return "tap", c._cands, (lambda ctx, _n=n: _n)
    if isinstance(c, C.SendCost) and c.any_number:
        return None   # as many as one wishes: not shared out (the checker refuses another card cost)
    if isinstance(c, C.SendCost) and isinstance(c.sel, A.Filtered) and c.sel.noun in V.BOND_NOUNS:
        # a bond sent and a bond flipped are one resource: "[Flip 1 Bond face-down, Send 1
        # face-up Bond to the Retreat Area]" takes two different face-up bonds
        return "flip_bond", (lambda ctx, _c=c: _bonds_of(ctx, _c)), (lambda ctx, _n=C._n(c.sel): _n)
    if isinstance(c, C.SendCost):
        return "move_card", (lambda ctx, _c=c: card_candidates(ctx, _c.sel)), (lambda ctx, _n=C._n(c.sel): _n)
    if isinstance(c, C.DestroyCost):
        n = 1 if isinstance(c.sel, A.Ref) else C._n(c.sel)
        return "unit_leaves", c._cands, (lambda ctx, _n=n: _n)
    return None


def _bonds_of(ctx, c) -> list:
    """The bonds (not their cards) a bond-sending cost may take: a bond flipped by
    another cost is a bond, so that both are matched by the bond's card."""
    ids = {x.id for x in card_candidates(ctx, c.sel)}
    return [b for b in ctx.game.players[ctx.controller].bonds if b.copy.id in ids]


def _pay_one(c, ctx, thing) -> Iterator:
    """Pay one thing of a cost that :func:`_parts` knows."""
    g = ctx.game
    if hasattr(c, "pay_one"):
        yield from c.pay_one(ctx, thing)
    elif isinstance(c, (C.FlipCost, CountedFlipCost)):
        if getattr(c, "inner", c).orbs:
            g.flip_orb(thing, True)
        else:
            g.flip_bond(thing, False)
    elif isinstance(c, C.TapCost):
        C.tap_for_cost(ctx, thing)
    elif isinstance(c, C.SendCost):
        yield from C.send_for_cost(ctx, thing, c.dest)
    elif isinstance(c, C.DestroyCost):
        yield from g.destroy(thing, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit,
                             skill=ctx.skill.name)


def _key(thing) -> int:
    copy = getattr(thing, "copy", None)   # a bond or an orb: its card
    return copy.id if copy is not None else thing.id


def _assignable(slots: list[list[int]]) -> bool:
    """Whether each slot (a list of acceptable things) gets a thing of its own
    (a matching that covers every slot: augmenting paths; the lists are short)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set) -> bool:
        for k in slots[i]:
            if k in seen:
                continue
            seen.add(k)
            if k not in owner or place(owner[k], seen):
                owner[k] = i
                return True
        return False
    return all(place(i, set()) for i in range(len(slots)))


@attrs.frozen(eq=False)
class JointCosts:
    """Several costs of one skill that take things of one kind (two bond flips,
    two cards moved out of the hand ...), paid as one whole: payable when each
    thing asked for can be a different one, and paid so that no choice leaves a
    later part unpayable. Costs of other kinds in the skill stay as they are."""

    parts: tuple[Any, ...]
    text: str
    # (kind, candidates, need) of each part, worked out once: can_pay runs at every
    # Action Phase decision for each usable skill.
    _kinds: tuple = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_kinds", tuple(_parts(c) for c in self.parts))

    def can_pay(self, ctx) -> bool:
        for c in self.parts:   # each on its own first (cheap, and the usual answer)
            if not c.can_pay(ctx):
                return False
        # Each part can be paid alone. Parts of one kind need distinct things only
        # where their candidates overlap: without an overlap there is nothing to match.
        seen: dict[str, set] = {}
        for kind, cands, _ in self._kinds:
            keys = {_key(x) for x in cands(ctx)}
            before = seen.get(kind)
            if before is None:
                seen[kind] = keys
            elif before.isdisjoint(keys):
                before |= keys
            else:
                return self._feasible_after(ctx, 0, 0, {})
        return True

    def _feasible_after(self, ctx, index: int, taken: int, used: dict[str, set]) -> bool:
        """The parts from ``index`` on (``taken`` things of part ``index`` paid
        already) can still be paid, each thing once, without the things in
        ``used`` (by kind: paid already, or about to be)."""
        by_kind: dict[str, list[list[int]]] = {}
        for i, (kind, cands, need) in enumerate(self._kinds):
            if i < index:
                continue
            n = need(ctx) - (taken if i == index else 0)
            gone = used.get(kind, ())
            keys = [k for k in map(_key, cands(ctx)) if k not in gone]
            if len(keys) < n:
                return False
            by_kind.setdefault(kind, []).extend([keys] * n)
        return all(_assignable(s) for s in by_kind.values())

    def pay(self, ctx):
        paid: dict[str, set] = {}   # by kind (a revealed card stays where it was)
        for i, c in enumerate(self.parts):
            kind, cands, need = self._kinds[i]
            later = [set(map(_key, d_cands(ctx))) for d_kind, d_cands, _ in self._kinds[i + 1:] if d_kind == kind]
            mine = cands(ctx)
            if not any(_key(x) in s for x in mine for s in later):
                yield from c.pay(ctx)   # nothing this part may take is wanted later: paid as written
                continue
            n = need(ctx)
            done = paid.setdefault(kind, set())
            for k in range(n):
                mine = [x for x in cands(ctx) if _key(x) not in done]
                ok = [x for x in mine if self._feasible_after(ctx, i, k + 1, {**paid, kind: done | {_key(x)}})]
                if not ok:
                    return   # (cannot happen after can_pay: the state only changes by paying)
                thing = ok[0]
                if len(ok) > 1:
                    unit_kind = isinstance(thing, Unit)
                    opts = [_option(UNIT if unit_kind else CARD, x) for x in ok]
                    got = yield from choose(ctx.controller, f"{ctx.skill.name}: {c.text}", opts)
                    pick = got[0].unit if unit_kind else got[0].card
                    thing = next(x for x in ok if _key(x) == pick)
                done.add(_key(thing))
                yield from _pay_one(c, ctx, thing)


def joint(costs: tuple) -> tuple:
    """A skill's compiled costs, where those that take things of one kind are
    grouped into one :class:`JointCosts` (at the place of the first of them);
    unchanged when no two costs take the same kind of thing."""
    kinds: dict[str, list[int]] = {}
    for i, c in enumerate(costs):
        p = _parts(c)
        if p is not None:
            kinds.setdefault(p[0], []).append(i)
    shared = sorted(i for idx in kinds.values() if len(idx) > 1 for i in idx)
    if not shared:
        return costs
    group = tuple(costs[i] for i in shared)
    out = []
    for i, c in enumerate(costs):
        if i == shared[0]:
            out.append(JointCosts(group, ", ".join(g.text for g in group)))
        elif i not in shared:
            out.append(c)
    return tuple(out)


# ---------------------------------------------------------------- costs another skill changes
def _cut(c, cuts: list[tuple[int, int | None]]):
    """The cost ``c`` with the bonds it flips made fewer by ``cuts`` ((bonds, floor)
    each, in turn; a floor is the fewest it can come to, a smaller count stays);
    None when it comes to nothing."""
    if isinstance(c, JointCosts):
        parts = tuple(p for p in (_cut(x, cuts) for x in c.parts) if p is not None)
        return JointCosts(parts, c.text) if len(parts) > 1 else (parts[0] if parts else None)
    if not (isinstance(c, C.FlipCost) and not c.orbs):
        return c
    n = c.n
    for amount, floor in cuts:
        new = n - int(amount)
        if floor is not None:
            new = max(new, min(n, floor))
        n = max(0, new)
    return attrs.evolve(c, n=n) if n > 0 else None


def _sized(c, ctx):
    """``c`` with its counted flips ("flip 1 bond for each ...") counted now."""
    if isinstance(c, CountedFlipCost):
        return c.sized(ctx)
    if isinstance(c, JointCosts):
        parts = tuple(p for p in (_sized(x, ctx) for x in c.parts) if p is not None)
        return JointCosts(parts, c.text) if len(parts) > 1 else (parts[0] if parts else None)
    return c


@attrs.frozen(eq=False)
class ChangeableCosts:
    """The costs of a skill that another skill of its card changes: "this unit can
    use "X" without paying its cost" (nothing to pay), "the cost of "X" is reduced
    by 1 bond [for each ...]" (fewer bonds flipped). What is paid is asked when the
    skill is offered and again when it is paid (the same state)."""

    parts: tuple
    skill: str
    text: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", ", ".join(p.text for p in self.parts))

    def now(self, ctx) -> tuple | None:
        """The costs to pay now; None when the skill is used without paying its cost."""
        from fecipher.engine import modifiers as M
        g = ctx.game
        unit = ctx.unit
        if unit is None:
            return self.parts
        live, mods = g._live_stats, g._mods_by_stat
        if (M.FREE_SKILL in live or M.FREE_SKILL in mods) and g.flag(unit, M.FREE_SKILL, skill=self.skill):
            return None
        if M.SKILL_COST_CUT not in live and M.SKILL_COST_CUT not in mods:
            return self.parts
        cuts = []
        for op, v in M.contributions(g, unit, M.SKILL_COST_CUT):
            v = v(g, unit, skill=self.skill) if callable(v) else v
            if op == "cut" and v is not None:
                cuts.append(v)
        if not cuts:
            return self.parts
        sized = (_sized(c, ctx) for c in self.parts)   # a counted flip, counted now, can be cut
        return tuple(p for p in (_cut(c, cuts) for c in sized if c is not None) if p is not None)

    def alternatives(self, ctx) -> list[tuple[tuple, str, str]]:
        """Other ways to pay this skill's cost that skills of the unit give now ("you may
        tap this unit instead of paying the cost of "X"", dsl/alt_costs.py): (costs, text,
        the giving skill's name), whether they can be paid or not."""
        from fecipher.engine import modifiers as M
        g = ctx.game
        unit = ctx.unit
        if unit is None or (M.SKILL_ALT_COST not in g._live_stats and M.SKILL_ALT_COST not in g._mods_by_stat):
            return []
        out = []
        for op, v, src in M._aimed(g, unit, M.SKILL_ALT_COST, {"skill": self.skill}):
            if op == "alt" and v is not None:
                skill = getattr(src, "skill", None)
                out.append((v[0], v[1], getattr(skill, "name", None) or getattr(src, "source", "") or ""))
        return out

    def can_pay(self, ctx) -> bool:
        parts = self.now(ctx)
        if parts is None or all(p.can_pay(ctx) for p in parts):
            return True
        return any(all(c.can_pay(ctx) for c in costs) for costs, _t, _n in self.alternatives(ctx))

    def pay(self, ctx):
        """Pay the cost as it is now; when another way to pay it can be paid too, its
        controller chooses which (the printed cost first, option target 0)."""
        parts = self.now(ctx)
        if parts is None:
            return
        ways = [(parts, ", ".join(p.text for p in parts), "")] if all(p.can_pay(ctx) for p in parts) else []
        for costs, text, giver in self.alternatives(ctx):
            if all(c.can_pay(ctx) for c in costs):
                ways.append((costs, text, giver))
        if not ways:      # (none can be paid: what is paid is refused by the parts)
            ways = [(parts, "", "")]
        pick = ways[0]
        if len(ways) > 1:
            from fecipher.engine.decisions import ALTERNATIVE, Option, choose
            printed = bool(ways[0][2] == "")
            options = [Option(ALTERNATIVE, target=i,
                              label=(f"pay the cost: {t}" if i == 0 and printed else f"instead: {t} ({n})"))
                       for i, (_c, t, n) in enumerate(ways)]
            got = yield from choose(ctx.controller, f"{self.skill}: how to pay its cost", options)
            pick = ways[got[0].target]
        for p in pick[0]:
            yield from p.pay(ctx)
