"""Selectors: which units or cards a phrase such as "1 other ally with cost 2 or
less" or "your attacking unit" picks, compiled into functions of a skill context."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import CARD, UNIT, Option, choose
from fecipher.engine.cards import card_unit_names
from fecipher.engine.skills import SkillContext
from fecipher.engine.state import Unit

UnitPred = Callable[[SkillContext, Unit], bool]
CardPred = Callable[[SkillContext, CardCopy], bool]

REF_UNIT_KINDS = {"this", "event_unit", "main_character", "attacker", "defender", "own_attacker",
                  "own_defender", "own_battler"}
REF_CARD_KINDS = {"this_card", "event_card", "deck_top", "support_card"}


def ref_names(ref: A.Ref) -> tuple[str, ...]:
    """The unit names a named reference stands for ("Catria" or "Est")."""
    return ref.names or ((ref.name,) if ref.name else ())


def post_names(p: A.PostFilter) -> tuple[str, ...]:
    """The names of a "named ..." / "not named ..." filter."""
    return (p.value,) if isinstance(p.value, str) else tuple(p.value)


def selector_kind(sel: A.Selector) -> str:
    """'unit', 'card', 'bond', 'orb', 'chosen' (whatever was chosen) or 'name'."""
    if isinstance(sel, A.Ref):
        if sel.kind in REF_UNIT_KINDS:
            return "unit"
        if sel.kind in REF_CARD_KINDS:
            return "card"
        return "chosen" if sel.kind == "chosen" else "name"
    if sel.noun in V.UNIT_NOUNS:
        return "unit"
    if sel.noun in V.CARD_NOUNS:
        return "card"
    if sel.noun in V.BOND_NOUNS:
        return "bond"
    return "orb"


def place_area(place: A.Place) -> str:
    return V.PLACES.get(tuple(w for w in place.words), "?")


def place_owner(ctx: SkillContext, place: A.Place) -> list[int]:
    if place.owner == "opponent":
        return [ctx.opponent]
    if place.owner == "each":
        return [ctx.controller, ctx.opponent]
    return [ctx.controller]   # "your", and "their" in "your opponent sends ... their hand" (the actor's)


def count_range(sel: A.Selector) -> tuple[int, float]:
    """(minimum, maximum) a selector picks; all-quantifiers pick everything."""
    q = sel.quantifier if isinstance(sel, A.Filtered) else None
    if q is None:
        return (0, math.inf)
    if q.kind == "exactly":
        return (q.n or 0, q.n or 0)
    if q.kind == "up_to":
        return (0, q.n or 0)
    if q.kind == "any_number":
        return (0, math.inf)
    if q.kind in ("one", "another"):
        return (1, 1)
    return (0, math.inf)  # all


def picks_all(sel: A.Selector) -> bool:
    return isinstance(sel, A.Filtered) and (sel.quantifier is None or sel.quantifier.kind == "all")


# ------------------------------------------------------------------ references
def ref_units(ctx: SkillContext, ref: A.Ref) -> list[Unit]:
    g = ctx.game
    k = ref.kind
    out: Any = None
    if k == "this":
        out = ctx.unit
    elif k == "event_unit":
        out = g.unit(ctx.data.get("that_unit"))
    elif k == "main_character":
        out = g.players[ctx.controller].main_character
    elif k in ("attacker", "defender", "own_attacker", "own_defender", "own_battler"):
        b = g.battle
        if b is None:
            return []
        if k == "attacker":
            out = g.unit(b.attacker)
        elif k == "defender":
            out = g.unit(b.defender)
        elif k == "own_attacker":
            out = g.unit(b.attacker) if b.attacking_player == ctx.controller else None
        elif k == "own_defender":
            out = g.unit(b.defender) if b.attacking_player != ctx.controller else None
        else:
            out = g.unit(b.battling_unit_of(ctx.controller))
    elif k == "chosen":
        return [x for x in ctx.data.get("chosen", []) if isinstance(x, Unit) and g.unit(x.id) is x]
    elif k == "named":
        names = set(ref_names(ref))
        return [u for u in g.players[ctx.controller].units if names & g.unit_names(u)]
    if out is None:
        return []
    return [out] if g.unit(out.id) is out else []


def ref_cards(ctx: SkillContext, ref: A.Ref) -> list[CardCopy]:
    g = ctx.game
    if ref.kind == "this_card":
        return [ctx.source]
    if ref.kind == "event_card":
        cid = ctx.data.get("that_card")
        return [g.copy(cid)] if cid is not None else []
    if ref.kind == "deck_top":
        player = ctx.opponent if ref.name == "opponent" else ctx.controller
        g.ensure_deck(player)
        return g.players[player].deck[:1]
    if ref.kind == "support_card":
        # The card that supported that unit successfully in the battle now going on.
        b = g.battle
        if b is None:
            return []
        out = []
        for u in (ref_units(ctx, ref.of) if ref.of is not None else []):
            if b.battling_unit_of(u.owner) == u.id and b.support_ok.get(u.owner):
                card = b.supports.get(u.owner)
                if card is not None:
                    out.append(card)
        return out
    if ref.kind == "chosen":
        return [x for x in ctx.data.get("chosen", []) if isinstance(x, CardCopy)]
    return []


# ------------------------------------------------------------------ predicates
def _cmp(op: str, a: int, b: int) -> bool:
    return a <= b if op == "le" else a >= b if op == "ge" else a == b


def _per_selector(build: Callable[[Any], Callable]) -> Callable[[Any], Callable]:
    """Build a selector's predicate once: a selector (an immutable AST node) always
    gives the same predicate, and candidates and costs ask for it at every use.
    Remembered by the node's identity (the node is kept, so its id stays its own)."""
    made: dict[int, tuple[Any, Callable]] = {}

    def get(sel):
        got = made.get(id(sel))
        if got is None or got[0] is not sel:
            got = made[id(sel)] = (sel, build(sel))
        return got[1]
    get.__name__ = build.__name__
    get.__doc__ = build.__doc__
    get.__wrapped__ = build  # type: ignore[attr-defined]
    return get


@_per_selector
def unit_predicate(sel: A.Filtered | A.Ref) -> UnitPred:
    """Does a unit match this selector (its side, qualities and filters)?"""
    if isinstance(sel, A.Ref):
        if sel.kind == "named":
            names = set(ref_names(sel))
            return lambda ctx, u: bool(names & ctx.game.unit_names(u))
        if sel.kind == "chosen":
            return lambda ctx, u: any(x is u for x in ctx.data.get("chosen", []))
        return lambda ctx, u: any(x is u for x in ref_units(ctx, sel))
    side = V.UNIT_NOUNS.get(sel.noun, "unit")
    tests: list[UnitPred] = []
    if side == "ally":
        tests.append(lambda ctx, u: u.owner == ctx.controller)
    elif side == "enemy":
        tests.append(lambda ctx, u: u.owner != ctx.controller)
    if sel.quantifier is not None and sel.quantifier.kind == "another":
        tests.append(lambda ctx, u: u.id != ctx.unit_id)
    for q in sel.qualifiers:
        tests.append(_unit_qualifier(q))
    for p in sel.posts:
        tests.append(_unit_post(p))

    if len(tests) == 1:  # (every test answers True or False)
        return tests[0]

    checks = tuple(tests)

    def pred(ctx: SkillContext, u: Unit) -> bool:
        for t in checks:   # all(...), without a generator: asked for every unit, often
            if not t(ctx, u):
                return False
        return True
    return pred


def _qualities(ctx: SkillContext, u: Unit) -> set[str]:
    g = ctx.game
    return set(g.types(u)) | {s.value for s in g.symbols(u)}


def _unit_qualifier(q: A.Qualifier) -> UnitPred:
    if q.kind == "words":
        words = set(q.values)
        return lambda ctx, u: bool(words & _qualities(ctx, u))
    if q.kind == "not_word":
        w = q.values[0]
        return lambda ctx, u: w not in _qualities(ctx, u)
    if q.kind == "name":
        names = set(q.values)
        return lambda ctx, u: bool(names & ctx.game.unit_names(u))
    if q.kind == "not_name":
        names = set(q.values)
        return lambda ctx, u: not names & ctx.game.unit_names(u)
    if q.kind == "not_main_character":
        return lambda ctx, u: not u.is_main_character
    if q.kind == "other":
        return lambda ctx, u: u.id != ctx.unit_id
    if q.kind == "class_changed":
        return lambda ctx, u: u.class_changed
    if q.kind == "tapped":
        return lambda ctx, u: u.tapped
    if q.kind == "untapped":
        return lambda ctx, u: not u.tapped
    raise ValueError(q.kind)


def _unit_post(p: A.PostFilter) -> UnitPred:
    if p.kind == "with_stat":
        op, n = p.op, p.value
        if p.stat == "cost":
            return lambda ctx, u: _cmp(op, ctx.game.cost(u), n)
        if p.stat == "attack":
            return lambda ctx, u: _cmp(op, ctx.game.attack(u), n)
        if p.stat == "support":
            return lambda ctx, u: _cmp(op, u.card.support, n)
        return lambda ctx, u: any(_cmp(op, r, n) for r in ctx.game.ranges(u))
    if p.kind == "in_line":
        line = p.value
        return lambda ctx, u: u.area == line
    if p.kind in ("named", "not_named"):
        names = set(post_names(p))
        want = p.kind == "named"
        return lambda ctx, u: bool(names & ctx.game.unit_names(u)) == want
    if p.kind == "attacked_this_turn":
        return lambda ctx, u: u.id in attacked_this_turn(ctx.game)
    if p.kind == "same_line":
        ref = p.value

        def same_line(ctx, u, _r=ref):
            return any(x.owner == u.owner and x.area == u.area for x in ref_units(ctx, _r))
        return same_line
    if p.kind in ("different_names", "destroyed_here"):
        return lambda ctx, u: True   # a rule of the choice / of the count, not of one unit
    if p.kind == "other_than":
        refs = p.value
        return lambda ctx, u: not any(x is u for r in refs for x in ref_units(ctx, r))
    if p.kind == "from_place":
        return lambda ctx, u: True
    raise ValueError(p.kind)


@_per_selector
def card_predicate(sel: A.Filtered | A.Ref) -> CardPred:
    """Does a card match this selector's qualities and filters (not its place)?"""
    if isinstance(sel, A.Ref):
        if sel.kind == "named":
            names = set(ref_names(sel))
            return lambda ctx, c: bool(names & card_unit_names(c.card))
        return lambda ctx, c: any(x is c for x in ref_cards(ctx, sel))
    tests: list[CardPred] = []
    for q in sel.qualifiers:
        tests.append(_card_qualifier(q))
    for p in sel.posts:
        if p.kind == "with_stat":
            op, n, stat = p.op, p.value, p.stat
            if stat == "cost":   # (computed: engine/card_values.py)
                tests.append(lambda ctx, c, op=op, n=n: _cmp(op, ctx.game.deploy_cost(c), n))
            elif stat == "attack":
                tests.append(lambda ctx, c, op=op, n=n: _cmp(op, c.card.attack, n))
            elif stat == "support":
                tests.append(lambda ctx, c, op=op, n=n: _cmp(op, ctx.game.card_support(c), n))
            else:
                tests.append(lambda ctx, c, op=op, n=n: any(_cmp(op, r, n) for r in c.card.ranges))
        elif p.kind in ("named", "not_named"):
            tests.append(lambda ctx, c, n=frozenset(post_names(p)), w=p.kind == "named":
                         bool(n & card_unit_names(c.card)) == w)
    checks = tuple(tests)

    def pred(ctx: SkillContext, c: CardCopy) -> bool:
        for t in checks:   # all(...), without a generator
            if not t(ctx, c):
                return False
        return True
    return pred


def _card_qualities(c: CardCopy) -> set[str]:
    return set(c.card.all_types) | {s.value for s in c.card.symbols}


def _card_qualifier(q: A.Qualifier) -> CardPred:
    if q.kind == "words":
        words = set(q.values)
        return lambda ctx, c: bool(words & _card_qualities(c))
    if q.kind == "not_word":
        w = q.values[0]
        return lambda ctx, c: w not in _card_qualities(c)
    if q.kind == "name":
        names = set(q.values)
        return lambda ctx, c: bool(names & card_unit_names(c.card))
    if q.kind == "not_name":
        names = set(q.values)
        return lambda ctx, c: not names & card_unit_names(c.card)
    if q.kind == "other":
        return lambda ctx, c: c is not ctx.source
    return lambda ctx, c: True


def card_place(sel: A.Filtered) -> A.Place | None:
    for p in sel.posts:
        if p.kind == "from_place":
            return p.value
    return None


# ------------------------------------------------------------------ candidates
def unit_candidates(ctx: SkillContext, sel: A.Selector) -> list[Unit]:
    if isinstance(sel, A.Ref):
        if sel.kind == "chosen":
            return ref_units(ctx, sel)
        return ref_units(ctx, sel)
    pred = unit_predicate(sel)
    g = ctx.game
    units = g.all_units()
    out = [u for u in units if pred(ctx, u)]
    if V.UNIT_NOUNS.get(sel.noun) == "enemy":
        # Units that cannot be chosen by the opponent's skills are left out.
        from fecipher.engine import modifiers as M
        out = [u for u in out if not g.flag(u, M.CANNOT_BE_CHOSEN)]
    return out


def card_candidates(ctx: SkillContext, sel: A.Selector) -> list[CardCopy]:
    if isinstance(sel, A.Ref):
        return ref_cards(ctx, sel)
    place = card_place(sel)
    if place is None:
        return []
    area = place_area(place)
    pred = card_predicate(sel)
    out = []
    for p in place_owner(ctx, place):
        out.extend(c for c in ctx.game.players[p].area_cards(area) if pred(ctx, c))
    return out


def attacked_this_turn(game) -> set[int]:
    """Ids of the units that declared an attack in the turn going on."""
    from fecipher.engine import events as ev
    out: set[int] = set()
    for e in reversed(game.events):
        if isinstance(e, ev.TurnStarted):
            break
        if isinstance(e, ev.AttackDeclared):
            out.add(e.attacker)
    return out


def different_names(sel: A.Selector) -> bool:
    return isinstance(sel, A.Filtered) and any(p.kind == "different_names" for p in sel.posts)


def _pick_distinct(ctx, cands: list, names_of, n: int, lo: int, prompt: str, chooser: int, option):
    """Choose up to n things one at a time, none sharing a unit name with one chosen before."""
    picked: list = []
    taken: set = set()
    while len(picked) < n:
        left = [c for c in cands if c not in picked and not (names_of(c) & taken)]
        if not left:
            break
        opts = [option(c) for c in left]
        got = yield from choose(chooser, prompt, opts, minimum=1 if len(picked) < lo else 0, maximum=1)
        if not got:
            break
        key = got[0].unit if got[0].unit is not None else got[0].card
        c = next(x for x in left if x.id == key)
        picked.append(c)
        taken |= names_of(c)
    return picked


def describe_unit(u: Unit) -> str:
    return f"{u.card.name} ({'your' if True else ''}{u.area} line)".replace("your", "")


def pick_units(ctx: SkillContext, sel: A.Selector, prompt: str, chooser: int | None = None):
    """Resolve a unit selector to units, asking the controller to choose where it says N."""
    cands = unit_candidates(ctx, sel)
    if isinstance(sel, A.Ref) or picks_all(sel):
        return cands
    lo, hi = count_range(sel)
    if not cands:
        return []
    hi_n = len(cands) if hi == math.inf else int(hi)
    lo_n = min(lo, len(cands))
    if different_names(sel):
        return (yield from _pick_distinct(
            ctx, cands, lambda u: set(ctx.game.unit_names(u)), hi_n, lo_n, prompt,
            ctx.controller if chooser is None else chooser,
            lambda u: Option(UNIT, unit=u.id, label=f"{u.card.name} ({u.area} line)")))
    opts = [Option(UNIT, unit=u.id, label=f"{u.card.name} ({'ally' if u.owner == ctx.controller else 'enemy'}, "
                                              f"{u.area} line)") for u in cands]
    chosen = yield from choose(ctx.controller if chooser is None else chooser, prompt, opts,
                               minimum=lo_n, maximum=hi_n)
    ids = [o.unit for o in chosen]
    return [u for u in cands if u.id in ids]


def pick_cards(ctx: SkillContext, sel: A.Selector, prompt: str, chooser: int | None = None):
    cands = card_candidates(ctx, sel)
    if isinstance(sel, A.Ref) or picks_all(sel):
        return cands
    lo, hi = count_range(sel)
    if not cands:
        return []
    hi_n = len(cands) if hi == math.inf else int(hi)
    lo_n = min(lo, len(cands))
    if different_names(sel):
        return (yield from _pick_distinct(
            ctx, cands, lambda c: set(card_unit_names(c.card)), hi_n, lo_n, prompt,
            ctx.controller if chooser is None else chooser, lambda c: Option(CARD, card=c.id, label=c.card.name)))
    opts = [Option(CARD, card=c.id, label=c.card.name) for c in cands]
    chosen = yield from choose(ctx.controller if chooser is None else chooser, prompt, opts,
                               minimum=lo_n, maximum=hi_n)
    ids = [o.card for o in chosen]
    return [c for c in cands if c.id in ids]
