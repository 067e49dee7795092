"""Selectors: which units or cards a phrase such as "1 other ally with cost 2 or
less" or "your attacking unit" picks, compiled into functions of a skill context."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from fecipher.dsl import ast as A
from fecipher.dsl import vocabulary as V
from fecipher.engine import modifiers as M
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import CARD, UNIT, Option, choose
from fecipher.engine.cards import card_unit_names
from fecipher.engine.events import BattleEnded
from fecipher.engine.skills import SkillContext, SkillKind
from fecipher.engine.state import LastKnown, Unit
from fecipher.engine.visibility import can_see, card_label, searched

UnitPred = Callable[[SkillContext, Unit], bool]
CardPred = Callable[[SkillContext, CardCopy], bool]

REF_UNIT_KINDS = {"this", "event_unit", "main_character", "attacker", "defender", "own_attacker",
                  "own_defender", "own_battler", "opponent_battler", "opponent_main_character", "cost_tapped"}
REF_CARD_KINDS = {"this_card", "event_card", "deck_top", "deck_bottom", "support_card", "rest", "cost_card",
                  "destroyed_card", "revealed_by", "stack_top",
                  "trigger_cards", "other_chosen"}

# ctx.data keys of a choice among an earlier choice ("choose 1 of those cards"): the cards it
# chose among, and those it chose ("the other card" is the first less the second).
NARROW_BASE = "narrow_base"
NARROW_TAKEN = "narrow_taken"


# ctx.data key: the cards a "send" cost of the skill being resolved moved ("the card sent as
# this skill's cost").
COST_SENT = "cost_sent"


def ref_names(ref: A.Ref) -> tuple[str, ...]:
    """The unit names a named reference stands for ("Catria" or "Est")."""
    return ref.names or ((ref.name,) if ref.name else ())


def post_names(p: A.PostFilter) -> tuple[str, ...]:
    """The names of a "named ..." / "not named ..." filter."""
    return (p.value,) if isinstance(p.value, str) else tuple(p.value)


# What a reference to an earlier choice ("the chosen ally", "the revealed card") holds.
PICKED_KINDS = {"ally": "unit", "enemy": "unit", "unit": "unit", "card": "card", "revealed": "card",
                "bond": "bond", "orb": "orb"}


def selector_kind(sel: A.Selector) -> str:
    """'unit', 'card', 'bond', 'orb', 'chosen' (whatever was chosen) or 'name'."""
    if isinstance(sel, A.Ref):
        if sel.kind in REF_UNIT_KINDS:
            return "unit"
        if sel.kind in REF_CARD_KINDS:
            return "card"
        if sel.kind == "picked":
            return PICKED_KINDS.get(sel.name or "", "chosen")
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
        # (a hand skill that deployed its own card: that unit, dsl/effects.py _deploy_each)
        out = ctx.unit if ctx.unit_id is not None else g.unit(ctx.data.get("this_unit"))
    elif k == "event_unit":
        out = g.unit(ctx.data.get("that_unit"))
    elif k == "main_character":
        out = g.players[ctx.controller].main_character
    elif k == "opponent_main_character":
        out = g.players[ctx.opponent].main_character
    elif k == "picked":
        return [x for x in picked(ctx, ref) if isinstance(x, Unit) and g.unit(x.id) is x]
    elif k in ("attacker", "defender", "own_attacker", "own_defender", "own_battler", "opponent_battler"):
        b = g.battle
        if b is None:
            return _ended_battle_seat(ctx, k)
        if k == "attacker":
            out = g.unit(b.attacker)
        elif k == "defender":
            out = g.unit(b.defender)
        elif k == "own_attacker":
            out = g.unit(b.attacker) if b.attacking_player == ctx.controller else None
        elif k == "own_defender":
            out = g.unit(b.defender) if b.attacking_player != ctx.controller else None
        elif k == "opponent_battler":
            out = g.unit(b.battling_unit_of(ctx.opponent))
        else:
            out = g.unit(b.battling_unit_of(ctx.controller))
    elif k == "chosen":
        return [x for x in ctx.data.get("chosen", []) if isinstance(x, Unit) and g.unit(x.id) is x]
    elif k == "cost_tapped":   # the units this skill's tap cost tapped, still on the field
        return [x for x in ctx.data.get("cost_tapped", ()) if g.unit(x.id) is x]
    elif k == "named":
        names = set(ref_names(ref))
        return [u for u in g.players[ctx.controller].units if names & g.unit_names(u)]
    if out is None:
        return []
    return [out] if g.unit(out.id) is out else []


def _ended_battle_seat(ctx: SkillContext, k: str) -> list[Unit]:
    """The attacking / defending unit of the battle whose end triggered this skill ("When this unit's
    attack ends, if the defending unit was your opponent's Main Character, ..."): after the battle
    end step there is no battle going on, and the units are those the BattleEnded event names, while
    they are still on the field. Outside such a trigger there is none."""
    e = ctx.event
    if not isinstance(e, BattleEnded):
        return []
    attacking_player = e.player
    if k == "attacker":
        uid = e.attacker
    elif k == "defender":
        uid = e.defender
    elif k == "own_attacker":
        uid = e.attacker if attacking_player == ctx.controller else None
    elif k == "own_defender":
        uid = e.defender if attacking_player != ctx.controller else None
    elif k == "opponent_battler":
        uid = e.defender if attacking_player == ctx.controller else e.attacker
    else:
        uid = e.attacker if attacking_player == ctx.controller else e.defender
    u = ctx.game.unit(uid) if uid is not None else None
    return [u] if u is not None else []


def ref_cards(ctx: SkillContext, ref: A.Ref) -> list[CardCopy]:
    g = ctx.game
    if ref.kind == "this_card":
        return [ctx.source]
    if ref.kind == "event_card":
        cid = ctx.data.get("that_card")
        return [g.copy(cid)] if cid is not None else []
    if ref.kind == "deck_top":
        # "the top 3 cards of your deck": as many as the deck has, up to 3 (rule 7 only
        # replaces an empty deck: a deck of 2 shows 2; an empty one is replaced first).
        player = ctx.opponent if ref.name == "opponent" else ctx.controller
        g.ensure_deck(player)
        return g.players[player].deck[:ref.count or 1]
    if ref.kind == "deck_bottom":
        player = ctx.opponent if ref.name == "opponent" else ctx.controller
        g.ensure_deck(player)
        return g.players[player].deck[-1:]
    if ref.kind == "rest":
        return revealed_rest(ctx)
    if ref.kind == "stack_top":
        # "the top card of this unit's stack": the unit's top card now (none off the field)
        return [u.cards[0] for u in ref_units(ctx, ref.of) if u.cards]
    if ref.kind == "destroyed_card":
        # "the destroyed enemy": the unit the trigger's attack or skill destroyed, as the top card
        # it had when it left the field (wherever that card is now; nothing while it is still there)
        uid = ctx.data.get("destroyed_unit")
        if uid is None or g.unit(uid) is not None:
            return []
        from fecipher.engine import events as ev
        for e in reversed(g.events):
            if isinstance(e, ev.UnitLeftField) and e.unit == uid and e.cards:
                return [g.copy(e.cards[0])]
        return []
    if ref.kind == "trigger_cards":
        # "those cards": the cards a 'when cards are sent to ... by this unit's "X"' trigger is
        # about (dsl/triggers.py), wherever they are now (their printed unit names)
        return [g.copy(cid) for cid in ctx.data.get("those_cards", ())]
    if ref.kind == "other_chosen":
        # "choose 1 of those cards, add it to your hand, and stack the other card under ...": the
        # cards that choice chose among, less those it chose (wherever they are now)
        taken = ctx.data.get(NARROW_TAKEN, [])
        return [c for c in ctx.data.get(NARROW_BASE, []) if isinstance(c, CardCopy)
                and not any(c is t for t in taken)]
    if ref.kind == "cost_card":
        # The cards this skill's "send" cost moved (dsl/costs.py SendCost), wherever they are now.
        return list(ctx.data.get(COST_SENT, []))
    if ref.kind == "revealed_by":
        # "the card revealed by "X"": what the use of "X" that triggered this skill had
        # revealed when it triggered it (dsl/triggers.acting_test keeps them)
        return [g.copy(cid) for cid in ctx.data.get("acting_revealed", ())]
    if ref.kind == "support_card":
        # The card that supported that unit successfully in the battle now going on.
        b = g.battle
        if b is None:
            return []
        out = []
        for u in (ref_units(ctx, ref.of) if ref.of is not None else []):
            # (before the supports are judged, the card in the Support Area supports its
            # battling unit: a skill triggered by its placement may act on it; one that
            # failed does not support, docs/rules.md engine decision 29)
            if b.battling_unit_of(u.owner) != u.id:
                continue
            card = b.supports.get(u.owner)
            judged = u.owner in b.support_ok
            if card is not None and (b.support_ok[u.owner] if judged else card in g.players[u.owner].support):
                out.append(card)
        return out
    if ref.kind == "chosen":
        return [x for x in ctx.data.get("chosen", []) if isinstance(x, CardCopy)]
    if ref.kind == "picked":
        return [x for x in picked(ctx, ref) if isinstance(x, CardCopy)]
    return []


def picked(ctx: SkillContext, ref: A.Ref) -> list:
    """What the skill's earlier "choose" (or "reveal") of that kind picked: "the chosen
    ally", "that enemy", "the revealed card". Each choice is kept under its own key, so a
    later "choose" of something else never changes what an earlier one picked.

    "The revealed cards" are those the reveal line revealed that no later line of the
    skill has moved away ("draw 1 ... among them, put the revealed cards on the bottom")."""
    got = ctx.data.get("picked", {}).get(ref.name, [])
    if ref.name == "revealed" and "revealed" in ctx.data:
        still = {c.id for c in revealed_rest(ctx)}
        return [c for c in got if c.id in still]
    return got


def pick_key(sel: A.Selector | None, verb: str) -> str | None:
    """The key a "choose"/"reveal" line keeps its result under (None: it picks nothing
    new, as "reveal it" reveals what was chosen)."""
    if verb == "reveal":
        return "revealed"
    if isinstance(sel, A.Filtered):
        return {"ally": "ally", "allies": "ally", "enemy": "enemy", "enemies": "enemy", "unit": "unit",
                "units": "unit", "card": "card", "cards": "card", "bond": "bond", "bonds": "bond", "orb": "orb",
                "orbs": "orb"}.get(sel.noun)
    return None


def ref_things(ctx: SkillContext, ref: A.Ref) -> list:
    """The units or cards a reference stands for."""
    if ref.kind == "chosen":
        g = ctx.game
        return [x for x in ctx.data.get("chosen", []) if not isinstance(x, Unit) or g.unit(x.id) is x]
    if ref.kind in REF_CARD_KINDS:
        return ref_cards(ctx, ref)
    if ref.kind == "picked":
        return ref_units(ctx, ref) + ref_cards(ctx, ref)
    if ref.kind == "event_unit" and "that_unit_gone" in ctx.data:
        # (a lasting rule's "that unit" after the unit left the field: its top card)
        return ref_units(ctx, ref) or [ctx.data["that_unit_gone"]]
    return ref_units(ctx, ref)


def ref_known(ctx: SkillContext, ref: A.Ref) -> list:
    """What a reference stands for, with last-known information for the units it named
    that have left the field since (engine LastKnown: the unit as it was when it left).
    For the filters and conditions that read a value of the reference ("with the same unit
    name as that enemy" after that enemy was sent away), not for the effects that act on
    it: "destroy the chosen enemy" still does nothing to a unit that is gone."""
    g = ctx.game
    k = ref.kind
    if k == "chosen":
        named = [x for x in ctx.data.get("chosen", []) if isinstance(x, Unit)]
    elif k == "picked":
        named = [x for x in picked(ctx, ref) if isinstance(x, Unit)]
    elif k == "event_unit":
        uid = ctx.data.get("that_unit")
        named = [] if uid is None or g.unit(uid) is not None else [uid]
    else:
        return ref_things(ctx, ref)
    out = ref_things(ctx, ref)
    for x in named:
        uid = x if isinstance(x, int) else x.id
        if isinstance(x, int) or g.unit(uid) is not x:
            lk = g.last_known.get(uid)
            if lk is not None and lk not in out:
                out.append(lk)
    if k == "event_unit" and named and any(isinstance(t, LastKnown) for t in out):
        # (a lasting rule's settled "that unit": its top card stands in; the unit as it left is exact)
        out = [t for t in out if not isinstance(t, CardCopy)]
    return out


def things_names(ctx: SkillContext, things: Iterable) -> frozenset[str]:
    """The unit names of units (with aliases and acquired names), cards (printed) or units
    that have left the field (as they were then)."""
    out: set[str] = set()
    for t in things:
        if isinstance(t, LastKnown):
            out |= t.names
        else:
            out |= ctx.game.unit_names(t) if isinstance(t, Unit) else ctx.game.card_names(t)
    return frozenset(out)


# ------------------------------------------------------------------ qualities
# "colorless": a unit or card with no symbol (a quality like a symbol, gender, weapon or type).
COLORLESS = frozenset({"colorless", "colourless"})


def unit_has(ctx: SkillContext, u: Unit, w: str) -> bool:
    """Does a unit have this quality now (types, weapon, gender, symbols as computed)?"""
    g = ctx.game
    if w in COLORLESS:
        return not g.symbols(u)
    return w in g.types(u) or any(s.value == w for s in g.symbols(u))


def card_has(card, w: str) -> bool:
    """Does a card (its printed facts) have this quality?"""
    if w in COLORLESS:
        return not card.symbols
    return w in card.all_types or any(s.value == w for s in card.symbols)


def card_has_now(ctx: SkillContext, copy: CardCopy, w: str) -> bool:
    """Does a card have this quality now: its printed facts, and for a symbol the symbols it
    is treated as also having (a white bond "also treated as black" counts as a black bond
    for "if you have 1 or more black bonds", not only for deploying)."""
    if w in V.SYMBOLS and not ctx.game.card_values_idle(M.CARD_SYMBOLS):
        return any(s.value == w for s in ctx.game.card_symbols(copy))
    return card_has(copy.card, w)


def is_levelled_up(u: Unit) -> bool:
    """Levelled up: a card was placed on the unit or under it (a stack of 2 or more; rule 6)."""
    return len(u.cards) >= 2


def revealed_rest(ctx: SkillContext) -> list[CardCopy]:
    """"the rest" / "the revealed cards" / "... among them": the cards this skill's
    last "reveal" line revealed that are still where they were revealed and that no
    line of this skill has moved since (a card put back on top of the deck has moved)."""
    got = ctx.data.get("revealed")
    if not got:
        return []
    moved = ctx.data.get("moved", ())
    g = ctx.game
    return [c for c, area in got if c.id not in moved and g.locate(c)[0] == area]


# ------------------------------------------------------------------ predicates
def _cmp(op: str, a: int, b: int) -> bool:
    return a <= b if op == "le" else a >= b if op == "ge" else a == b


def _per_selector(build: Callable[[Any], Callable]) -> Callable[[Any], Callable]:
    """Build a selector's predicate once: a selector (an immutable AST node) always
    gives the same predicate, and candidates and costs ask for it at every use.
    Remembered while the node lives (A.NodeMemo)."""
    made = A.NodeMemo()
    get = made.getter(build)
    get.made = made  # type: ignore[attr-defined]
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


def _unit_qualifier(q: A.Qualifier) -> UnitPred:
    if q.kind == "words":
        words = tuple(q.values)
        if len(words) == 1:
            w0 = words[0]
            return lambda ctx, u: unit_has(ctx, u, w0)
        return lambda ctx, u: any(unit_has(ctx, u, w) for w in words)
    if q.kind == "not_word":
        w = q.values[0]
        return lambda ctx, u: not unit_has(ctx, u, w)
    if q.kind == "any":   # '"Kent" or female': one of the alternatives
        alts = tuple(_unit_qualifier(x) for x in q.values)
        return lambda ctx, u: any(t(ctx, u) for t in alts)
    if q.kind == "main_character":
        return lambda ctx, u: u.is_main_character
    if q.kind == "levelled_up":
        return lambda ctx, u: is_levelled_up(u)
    if q.kind == "not_levelled_up":
        return lambda ctx, u: not is_levelled_up(u)
    if q.kind == "name":
        names = set(q.values)
        return lambda ctx, u: bool(names & ctx.game.unit_names(u))
    if q.kind == "not_name":
        names = set(q.values)
        return lambda ctx, u: not names & ctx.game.unit_names(u)
    if q.kind == "not_main_character":
        return lambda ctx, u: not u.is_main_character
    if q.kind == "other":
        return lambda ctx, u: u.id != (ctx.unit_id if ctx.unit_id is not None else ctx.data.get("this_unit"))
    if q.kind == "class_changed":
        return lambda ctx, u: u.class_changed
    if q.kind == "not_class_changed":
        return lambda ctx, u: not u.class_changed
    if q.kind == "tapped":
        return lambda ctx, u: u.tapped
    if q.kind == "untapped":
        return lambda ctx, u: not u.tapped
    raise ValueError(q.kind)


def _unit_post(p: A.PostFilter) -> UnitPred:
    if p.kind == "raised_attack":   # "with attack raised by 10 or more by skills"
        op, n = p.op, p.value
        return lambda ctx, u: _cmp(op, ctx.game.attack_raised_by_skills(u), n)
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
        if line == "chosen":   # "in the chosen line": the line an earlier "choose ... line" picked
            return lambda ctx, u: u.area == ctx.data.get("line")
        return lambda ctx, u: u.area == line
    if p.kind == "stat_than":
        return _stat_than(p, lambda ctx, u, s=p.stat: _unit_stat(ctx, u, s))
    if p.kind == "stat_count":   # "with cost equal to the number of orbs"
        count = count_things(p.value)
        stat = p.stat
        if stat == "cost":
            return lambda ctx, u: ctx.game.cost(u) == count(ctx)
        if stat == "attack":
            return lambda ctx, u: ctx.game.attack(u) == count(ctx)
        if stat == "support":
            return lambda ctx, u: u.card.support == count(ctx)
        return lambda ctx, u: count(ctx) in ctx.game.ranges(u)
    if p.kind in ("named", "not_named"):
        names = set(post_names(p))
        want = p.kind == "named"
        return lambda ctx, u: bool(names & ctx.game.unit_names(u)) == want
    if p.kind == "attacked_this_turn":
        return lambda ctx, u: u.id in attacked_this_turn(ctx.game)
    if p.kind == "deployed_here":
        # "units deployed by this skill": the units this skill's own 'deploy' lines deployed
        # (dsl/effects.py records them; kept by an "at the end of this turn:" block), still on
        # the field (a unit that left and came back is a new unit)
        return lambda ctx, u: u.id in ctx.data.get("deployed", ())
    if p.kind == "levelled_this_turn":
        kinds, here = p.value
        return lambda ctx, u: u.id in levelled_this_turn(ctx.game, kinds, ctx.unit_id if here else None)
    if p.kind == "chosen_by_own_skill":   # (Game.note_chosen: what the skill's choices chose)
        name = p.value
        return lambda ctx, u: ctx.unit_id is not None and u.id in ctx.game.chosen_this_turn(ctx.unit_id, name)
    if p.kind == "same_line":
        ref = p.value

        def same_line(ctx, u, _r=ref):
            return any(x.owner == u.owner and x.area == u.area for x in ref_units(ctx, _r))
        return same_line
    if p.kind == "other_line":
        ref = p.value

        def other_line(ctx, u, _r=ref):
            # the other line of the same player's field than the unit named (none on the field: no line)
            return any(x.owner == u.owner and x.area != u.area for x in ref_units(ctx, _r))
        return other_line
    if p.kind in ("same_name", "different_name"):
        return _same_name(p, lambda ctx, u: ctx.game.unit_names(u))
    if p.kind in ("same_color", "no_shared_color"):
        return _colors_compared(p)
    if p.kind == "same_symbol":
        return _same_symbol(p, lambda ctx, u: ctx.game.symbols(u))
    if p.kind == "same_weapon":
        return _same_weapon(p)
    if p.kind == "with_stack":
        op, n = p.op, p.value
        return lambda ctx, u: _cmp(op, len(u.cards), n)
    if p.kind == "cost_tapped_by_skill":
        # "tapped as the cost of this unit's "X" this turn": the engine's record of the units the
        # costs of this unit's uses of "X" tapped this turn (Game.cost_taps, engine/game.py)
        name = p.value
        return lambda ctx, u: u.id in ctx.game.cost_taps.get((ctx.game.turn, ctx.unit_id, name), ())
    if p.kind in ("different_names", "destroyed_here", "sent_here", "drawn_here", "tapped_here",
                  "cost_tapped_here", "cost_sent_here", "returned_here", "different_stat", "total_stat",
                  "among_chosen"):
        return lambda ctx, u: True   # a rule of the choice / of the count, not of one unit
    if p.kind == "other_than":
        refs = p.value
        return lambda ctx, u: not any(x is u for r in refs for x in ref_units(ctx, r))
    if p.kind in ("from_place", "also_from_place"):
        return lambda ctx, u: True
    if p.kind in ("support_skill", "keyword_skill", "bond_skill", "support_x"):   # "allies with a support skill"
        from fecipher.dsl.skill_control import post_predicate
        return post_predicate(p)
    raise ValueError(p.kind)


def _unit_stat(ctx: SkillContext, u: Unit, stat: str) -> int:
    g = ctx.game
    return g.cost(u) if stat == "cost" else g.attack(u) if stat == "attack" else u.card.support


def _card_stat(ctx: SkillContext, c: CardCopy, stat: str) -> int:
    g = ctx.game
    return g.deploy_cost(c) if stat == "cost" else c.card.attack if stat == "attack" else g.card_support(c)


def _stat_than(p: A.PostFilter, stat_of) -> Callable:
    """"with a lower cost than X" / "a higher attack than X" / "the same cost as X": compared
    with the value of what X stands for now (the lowest of them for "lower", the highest for
    "higher", any of them for "the same"); nothing matches when X stands for nothing."""
    ref, stat, op = p.value, p.stat, p.op

    def test(ctx, thing):
        values = [_unit_stat(ctx, x, stat) if isinstance(x, Unit) else _card_stat(ctx, x, stat)
                  for x in ref_things(ctx, ref)]
        if not values:
            return False
        mine = stat_of(ctx, thing)
        if op == "eq":
            return mine in values
        return mine < min(values) if op == "lt" else mine > max(values)
    return test


def weapons_of(ctx: SkillContext, thing) -> frozenset[str]:
    """The weapon affinities of a unit (as computed now) or of a card (printed)."""
    from fecipher.engine.cards import WEAPONS
    kinds = (thing.types if isinstance(thing, LastKnown) else
             ctx.game.types(thing) if isinstance(thing, Unit) else thing.card.all_types)
    return frozenset(t for t in kinds if t in WEAPONS)


def _same_weapon(p: A.PostFilter) -> Callable:
    """"with the same weapon affinity as X": shares a weapon affinity with what X stands for
    now; nothing matches when X is gone or has none."""
    ref = p.value

    def test(ctx, thing):
        theirs = frozenset().union(*(weapons_of(ctx, x) for x in ref_known(ctx, ref)))
        return bool(theirs) and bool(weapons_of(ctx, thing) & theirs)
    return test


def _same_name(p: A.PostFilter, names_of) -> Callable:
    """"with the same unit name as X" / "with a different unit name from X": shares (or
    shares no) unit name with what X stands for now; nothing matches when X is gone."""
    ref = p.value
    same = p.kind == "same_name"

    def test(ctx, thing):
        # (a group, "another ally": any one of its units' names)
        found = unit_candidates(ctx, ref) if isinstance(ref, A.Filtered) else ref_known(ctx, ref)
        theirs = things_names(ctx, found)
        if not theirs:
            return False
        return bool(names_of(ctx, thing) & theirs) == same
    return test


def colors_of(ctx: SkillContext, thing) -> frozenset[str]:
    """A unit's or a card's colours now: its symbols as computed (a card treated as also
    having a symbol has it), or "colorless" for one with none. Colorless is a colour in
    these comparisons, as the rules list it among the symbols (docs/rules.md, engine
    decision "Colorless is a colour when colours are compared")."""
    g = ctx.game
    syms = thing.symbols if isinstance(thing, LastKnown) else g.symbols(thing) if isinstance(thing, Unit) else (
        frozenset(thing.card.symbols) if g.card_values_idle(M.CARD_SYMBOLS) else g.card_symbols(thing))
    return frozenset(s.value for s in syms) if syms else frozenset({"colorless"})


def _colors_compared(p: A.PostFilter) -> Callable:
    """"with the same color as X": shares a colour with what X stands for now (nothing
    matches when X stands for nothing); "that shares no color with any ally": shares no
    colour with any unit the selector takes now (true when there is none)."""
    if p.kind == "same_color":
        ref = p.value

        def same(ctx, thing):
            theirs: set[str] = set()
            for x in ref_known(ctx, ref):
                theirs |= colors_of(ctx, x)
            return bool(theirs) and not colors_of(ctx, thing).isdisjoint(theirs)
        return same
    sel = p.value
    pred = unit_predicate(sel)
    side = V.UNIT_NOUNS.get(sel.noun, "unit")

    def none_shared(ctx, thing):
        pool = side_units(ctx, side)
        mine = colors_of(ctx, thing)
        return not any(x is not thing and pred(ctx, x) and not mine.isdisjoint(colors_of(ctx, x)) for x in pool)
    return none_shared
def _same_symbol(p: A.PostFilter, symbols_of) -> Callable:
    """"with the same symbol as X": has a symbol that what X stands for has now (of a card
    with two symbols, either; a colorless X shares none, so nothing matches, nor when X is
    gone)."""
    ref = p.value

    def test(ctx, thing):
        g = ctx.game
        theirs: set = set()
        for x in ref_known(ctx, ref):
            theirs |= x.symbols if isinstance(x, LastKnown) else g.symbols(x) if isinstance(x, Unit) else g.card_symbols(x)
        return bool(theirs) and bool(symbols_of(ctx, thing) & theirs)
    return test


@_per_selector
def card_predicate(sel: A.Filtered | A.Ref) -> CardPred:
    """Does a card match this selector's qualities and filters (not its place)? Unit names
    are the card's computed ones (engine/card_values.py: printed, aliases, names acquired)."""
    if isinstance(sel, A.Ref):
        if sel.kind == "named":
            names = set(ref_names(sel))
            return lambda ctx, c: bool(names & ctx.game.card_names(c))
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
        elif p.kind == "stat_than":   # "with a lower cost than the revealed card"
            tests.append(_stat_than(p, lambda ctx, c, s=p.stat: _card_stat(ctx, c, s)))
        elif p.kind == "stat_count":   # "with cost equal to the number of orbs"
            count, stat = count_things(p.value), p.stat
            if stat == "cost":
                tests.append(lambda ctx, c, k=count: ctx.game.deploy_cost(c) == k(ctx))
            elif stat == "attack":
                tests.append(lambda ctx, c, k=count: c.card.attack == k(ctx))
            elif stat == "support":
                tests.append(lambda ctx, c, k=count: ctx.game.card_support(c) == k(ctx))
            else:
                tests.append(lambda ctx, c, k=count: k(ctx) in c.card.ranges)
        elif p.kind in ("named", "not_named"):
            tests.append(lambda ctx, c, n=frozenset(post_names(p)), w=p.kind == "named":
                         bool(n & ctx.game.card_names(c)) == w)
        elif p.kind in ("same_name", "different_name"):
            tests.append(_same_name(p, lambda ctx, c: ctx.game.card_names(c)))
        elif p.kind in ("same_color", "no_shared_color"):
            tests.append(_colors_compared(p))
        elif p.kind == "same_symbol":
            tests.append(_same_symbol(p, lambda ctx, c: ctx.game.card_symbols(c)))
        elif p.kind == "same_weapon":
            tests.append(_same_weapon(p))
        elif p.kind in ("support_skill", "keyword_skill", "bond_skill", "support_x"):   # "a card with a [CF] skill"
            from fecipher.dsl.skill_control import post_predicate
            tests.append(post_predicate(p))
        elif p.kind == "discarded_for":   # "a "Fir" card discarded for a critical hit of this unit"
            tests.append(lambda ctx, c, use=p.value: c.id in ctx.game.discarding_for(use, ctx.unit_id))
        elif p.kind == "cc_cost":   # "a card with a Class Change Cost": its computed one (a card given one has one)
            tests.append(lambda ctx, c: ctx.game.cc_cost(c) is not None)
    checks = tuple(tests)

    def pred(ctx: SkillContext, c: CardCopy) -> bool:
        for t in checks:   # all(...), without a generator
            if not t(ctx, c):
                return False
        return True
    return pred


def _card_qualifier(q: A.Qualifier) -> CardPred:
    if q.kind == "words":
        words = tuple(q.values)
        return lambda ctx, c: any(card_has_now(ctx, c, w) for w in words)
    if q.kind == "not_word":
        w = q.values[0]
        return lambda ctx, c: not card_has_now(ctx, c, w)
    if q.kind == "any":   # '"Kent" or female': one of the alternatives
        alts = tuple(_card_qualifier(x) for x in q.values)
        return lambda ctx, c: any(t(ctx, c) for t in alts)
    if q.kind == "name":   # (computed names: a bond's "acquires the unit name ..." counts)
        names = set(q.values)
        return lambda ctx, c: bool(names & ctx.game.card_names(c))
    if q.kind == "not_name":
        names = set(q.values)
        return lambda ctx, c: not names & ctx.game.card_names(c)
    if q.kind == "other":
        return lambda ctx, c: c is not ctx.source
    return lambda ctx, c: True


def _stack_filter(sel: A.Filtered) -> A.PostFilter | None:
    for p in sel.posts:
        if p.kind in ("in_stack", "stacked_under"):
            return p
    return None


def face_test(sel: A.Filtered) -> Callable[[Any], bool]:
    """Which bonds or orbs a selector takes by their face: "face-up" / "face-down" as
    it says; otherwise any, except that a selector with qualities or names takes face-up
    ones only (a face-down bond or orb shows no symbol, type or name)."""
    kinds = {q.kind for q in sel.qualifiers}
    if "face_up" in kinds and "face_down" in kinds:
        return lambda x: False
    if "face_up" in kinds:
        return lambda x: x.face_up
    if "face_down" in kinds:
        return lambda x: not x.face_up
    if any(q.kind not in ("other",) for q in sel.qualifiers) or any(
            p.kind in ("named", "not_named", "same_name", "different_name", "same_color", "no_shared_color",
                       "same_symbol", "with_stat", "stat_count",
                       "support_skill", "keyword_skill", "bond_skill")
            for p in sel.posts):
        return lambda x: x.face_up
    return lambda x: True


@_per_selector
def bond_predicate(sel: A.Filtered) -> Callable[[SkillContext, Any], bool]:
    """Does a bond or an orb (its face, and its card's printed qualities) match?"""
    face = face_test(sel)
    cards = card_predicate(sel)
    return lambda ctx, b: face(b) and cards(ctx, b.copy)


def area_owners(ctx: SkillContext, sel: A.Filtered) -> list[int]:
    place = card_place(sel)
    return place_owner(ctx, place) if place is not None else [ctx.controller]


def count_things(sel: A.Selector) -> Callable[[SkillContext], int]:
    """How many things a selector stands for now: units on the field (whether or not they
    could be chosen), cards in an area or a stack, bonds, orbs, or what a reference names.
    What "for each ..." and "you have N ..." count."""
    if isinstance(sel, A.Ref):
        return lambda ctx: len(ref_things(ctx, sel))
    kind = selector_kind(sel)
    if kind == "unit" and different_names(sel):
        # "for each monster unit with different unit names": the most of the units matching
        # that can be taken with no two sharing a unit name (a unit's aliases count)
        pred = unit_predicate(sel)
        side = V.UNIT_NOUNS.get(sel.noun, "unit")

        def count_named(ctx):
            return most_with_different_names([ctx.game.unit_names(u) for u in side_units(ctx, side) if pred(ctx, u)])
        return count_named
    if kind == "unit":
        pred = unit_predicate(sel)
        side = V.UNIT_NOUNS.get(sel.noun, "unit")

        def count_units(ctx):
            n = 0
            for u in side_units(ctx, side):
                if pred(ctx, u):
                    n += 1
            return n
        return count_units
    if kind == "card":
        return lambda ctx: len(card_candidates(ctx, sel))
    pred = bond_predicate(sel)
    bonds = kind == "bond"

    def count_bonds(ctx):
        n = 0
        for p in area_owners(ctx, sel):
            pl = ctx.game.players[p]
            for b in (pl.bonds if bonds else pl.orbs):
                if pred(ctx, b):
                    n += 1
        return n
    return count_bonds


def card_place(sel: A.Filtered) -> A.Place | None:
    for p in sel.posts:
        if p.kind == "from_place":
            return p.value
    return None


# ------------------------------------------------------------------ candidates
def side_units(ctx: SkillContext, side: str) -> list[Unit]:
    """The units a unit noun's side names (``V.UNIT_NOUNS``): "unit" every unit on the
    field, "ally" the skill's controller's, "enemy" their opponent's."""
    g = ctx.game
    if side == "unit":
        return g.all_units()
    return g.players[ctx.controller if side == "ally" else ctx.opponent].units


def unit_candidates(ctx: SkillContext, sel: A.Selector) -> list[Unit]:
    if isinstance(sel, A.Ref):
        if sel.kind == "chosen":
            return ref_units(ctx, sel)
        return ref_units(ctx, sel)
    pred = unit_predicate(sel)
    g = ctx.game
    units = g.all_units()
    return [u for u in units if pred(ctx, u)]


def choosable(ctx: SkillContext, unit: Unit) -> bool:
    """Whether this skill may choose ``unit`` ("this unit cannot be chosen by enemy skills or
    your opponent's support skills"): a unit of another player than the skill's controller
    with CANNOT_BE_CHOSEN is not offered, the flag told whose skill chooses (player) and what
    it is (source: "unit" for a skill of a unit, "support" for a support skill, "other" for a
    bond, hand or Retreat Area skill, as Game.can_be_moved). Only a choice asks it: an effect
    on "all enemies" still reaches the unit."""
    from fecipher.engine import modifiers as M
    from fecipher.engine.skills import SkillKind
    if unit.owner == ctx.controller:
        return True
    kind = ctx.skill.kind
    source = ("support" if kind is SkillKind.SUPPORT else
              "unit" if kind in (SkillKind.ACTION, SkillKind.AUTOMATIC, SkillKind.CONTINUOUS)
              and ctx.unit_id is not None else "other")
    return not ctx.game.flag(unit, M.CANNOT_BE_CHOSEN, player=ctx.controller, source=source)


def card_candidates(ctx: SkillContext, sel: A.Selector) -> list[CardCopy]:
    if isinstance(sel, A.Ref):
        return ref_cards(ctx, sel)
    if sel.noun in V.BOND_NOUNS or sel.noun in V.ORB_NOUNS:
        # "1 face-down bond", "1 of your opponent's face-up bonds", "all face-up orbs":
        # the cards of the matching bonds or orbs (a face-down one shows no quality)
        pred = bond_predicate(sel)
        bonds = sel.noun in V.BOND_NOUNS
        out = []
        for p in area_owners(ctx, sel):
            pl = ctx.game.players[p]
            out.extend(b.copy for b in (pl.bonds if bonds else pl.orbs) if pred(ctx, b))
        return out
    stack = _stack_filter(sel)
    if stack is not None:
        # "cards in this unit's stack" (all of it) / "cards stacked under this unit" (below the top)
        pred = card_predicate(sel)
        out = []
        for u in ref_units(ctx, stack.value):
            cards = u.cards if stack.kind == "in_stack" else u.cards[1:]
            out.extend(c for c in cards if pred(ctx, c))
        return out
    sent = next((p for p in sel.posts if p.kind == "sent_here"), None)
    if sent is not None:
        # "deploy all cards sent to your retreat area by this skill" (B03-072R): the cards this
        # skill's own lines moved to that area (dsl/effects.py records them), of the area's
        # owner(s), that are still there
        pred = card_predicate(sel)
        area, owners = place_area(sent.value), place_owner(ctx, sent.value)
        out = []
        for c, dest in ctx.data.get("sent", ()):
            if (dest == area and c.owner in owners and c not in out and ctx.game.locate(c)[0] == area
                    and pred(ctx, c)):
                out.append(c)
        return out
    if any(p.kind == "among_chosen" for p in sel.posts):
        # "1 of those cards": among what the skill's last choice of cards chose (the checker makes
        # sure the line right before names that choice), wherever they are now
        pred = card_predicate(sel)
        return [c for c in ctx.data.get("picked", {}).get("card", []) if pred(ctx, c)]
    if any(p.kind == "among" for p in sel.posts):   # "1 "Hana" card among them"
        pred = card_predicate(sel)
        return [c for c in revealed_rest(ctx) if pred(ctx, c)]
    place = card_place(sel)
    if place is None:
        return []
    also = [p.value for p in sel.posts if p.kind == "also_from_place"]
    if also:
        # "from your hand or your retreat area", "from their hand or their bond area or their
        # orbs": the cards of every area named, in the order named (every bond and orb: the
        # checker allows no qualities with them, which a face-down card would not show)
        pred = card_predicate(sel)
        out = []
        for where in (place, *also):
            area = place_area(where)
            for p in place_owner(ctx, where):
                out.extend(c for c in ctx.game.players[p].area_cards(area) if pred(ctx, c))
        return out
    area = place_area(place)
    pred = card_predicate(sel)
    out = []
    for p in place_owner(ctx, place):
        pl = ctx.game.players[p]
        if area == "bonds":
            # a face-down bond shows no name, symbol or type: a selector with qualities or
            # names takes face-up bonds only, as counting bonds does (face_test)
            face = face_test(sel)
            out.extend(b.copy for b in pl.bonds if face(b) and pred(ctx, b.copy))
            continue
        out.extend(c for c in pl.area_cards(area) if pred(ctx, c))
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


def most_with_different_names(name_sets: list[frozenset[str]]) -> int:
    """The most of these things (each given by its unit names) that can be taken with no two
    sharing a unit name: the number of different unit names when each has one name; a thing
    with aliases ("also named ...") counts once, as a choice "with different unit names"
    (:func:`_pick_distinct`) would take it."""
    sets = sorted(set(name_sets), key=len)   # (things with the same names are interchangeable)
    if all(len(s) == 1 for s in sets):
        return len(sets)

    def best(i: int, used: frozenset[str]) -> int:
        if i == len(sets):
            return 0
        skip = best(i + 1, used)
        if sets[i] & used:
            return skip
        return max(skip, 1 + best(i + 1, used | sets[i]))
    return best(0, frozenset())


def levelled_this_turn(game, kinds: tuple, since_unit: int | None = None) -> set[int]:
    """Ids of the units levelled up ("levelled up": a level up or a class change, 001 p.23: a
    class change is a level up) or growthed ("growthed") in the turn going on, by the game's
    events. With ``since_unit`` only what happened while that unit was on the field: the
    events after its deployment when it was deployed this turn (a unit that leaves the field
    and comes back is a new unit, so its deployment is where its time on the field begins;
    none found: it was there all turn). A unit that left the field is not on it to be asked."""
    from fecipher.engine import events as ev
    out: set[int] = set()
    for e in reversed(game.events):
        if isinstance(e, ev.TurnStarted):
            break
        if since_unit is not None and isinstance(e, ev.Deployed) and e.unit == since_unit:
            break
        if isinstance(e, ev.LeveledUp):
            if ("growthed" if e.growth else "levelled up") in kinds:
                out.add(e.unit)
        elif isinstance(e, ev.ClassChanged) and "levelled up" in kinds:
            out.add(e.unit)
    return out


def different_names(sel: A.Selector) -> bool:
    return isinstance(sel, A.Filtered) and any(p.kind == "different_names" for p in sel.posts)


def _total_bound(sel: A.Selector) -> A.PostFilter | None:
    """The "with a total cost of N or lower" rule of a choice, if it has one."""
    if not isinstance(sel, A.Filtered):
        return None
    return next((p for p in sel.posts if p.kind == "total_stat"), None)


def choice_rule(ctx: SkillContext, sel: A.Selector, names_of, stat_of):
    """The rule a choice of several puts on the things picked together, as a test of one more
    thing against those already picked (None: no such rule): "with different unit names"
    (none sharing a unit name with one picked before), "with different costs" (none with the
    deployment cost of one picked before) and "with a total cost of 6 or lower"
    (the values of the picked things, computed when the choice is made, adding up to the
    bound at most). ``names_of`` / ``stat_of`` read a candidate's unit names and values."""
    tests = []
    if different_names(sel):
        tests.append(lambda picked, c: not any(names_of(c) & names_of(x) for x in picked))
    differ = next((p.stat for p in sel.posts if p.kind == "different_stat"), None) if isinstance(sel, A.Filtered) \
        else None
    if differ is not None:
        # "with different Deployment Costs": none with the value of one picked before (computed now)
        tests.append(lambda picked, c: all(stat_of(ctx, c, differ) != stat_of(ctx, x, differ) for x in picked))
    bound = _total_bound(sel)
    if bound is not None:
        stat, n = bound.stat, bound.value
        tests.append(lambda picked, c: sum(stat_of(ctx, x, stat) for x in (*picked, c)) <= n)
    if not tests:
        return None
    return lambda picked, c: all(t(picked, c) for t in tests)


def _pick_distinct(ctx, cands: list, fits, n: int, lo: int, prompt: str, chooser: int, option):
    """Choose up to n things one at a time, each fitting with those chosen before
    (:func:`choice_rule`): only the things that fit are offered at each step, and the
    chooser may stop once ``lo`` are chosen (or when none fits)."""
    picked: list = []
    while len(picked) < n:
        left = [c for c in cands if c not in picked and fits(picked, c)]
        if not left:
            break
        opts = [option(c) for c in left]
        got = yield from choose(chooser, prompt, opts, minimum=1 if len(picked) < lo else 0, maximum=1)
        if not got:
            break
        key = got[0].unit if got[0].unit is not None else got[0].card
        c = next(x for x in left if x.id == key)
        picked.append(c)
    return picked


def describe_unit(u: Unit) -> str:
    return f"{u.card.name} ({'your' if True else ''}{u.area} line)".replace("your", "")


def is_search(sel: A.Selector | None) -> bool:
    """A choice among the cards of a deck ("choose 1 red card from your deck"): its
    chooser looks through the whole deck (visibility.searched)."""
    if not isinstance(sel, A.Filtered):
        return False
    place = card_place(sel)
    return place is not None and place_area(place) == "deck"


def offerable(ctx: SkillContext, things: list, keep, chooser: int | None = None, search: bool = False) -> list:
    """The things a choice offers (engine decision 14): those ``keep(ctx, thing)`` says
    the effect can act on. A card its chooser may not see (a face-down orb, the
    opponent's hand, a deck not searched) is offered whatever it is: leaving it out
    would tell the chooser what it is. ``search``: the cards of a deck count as seen
    (the choice searches it)."""
    if keep is None:
        return things
    g = ctx.game
    who = ctx.controller if chooser is None else chooser
    return [t for t in things
            if keep(ctx, t) or (isinstance(t, CardCopy) and not search and not can_see(g, who, t))]


def _widened(ctx: SkillContext, sel: A.Selector, cands: list, units: bool) -> list:
    """``cands`` and what a widening of the resolving skill's choice adds (dsl/choice_widen.py)."""
    g = ctx.game
    if M.CHOICE_WIDEN not in g._live_stats and M.CHOICE_WIDEN not in g._mods_by_stat:
        return cands
    from fecipher.dsl.choice_widen import extra_candidates
    more = [t for t in extra_candidates(ctx, sel, units) if not any(t is x for x in cands)]
    return cands + more if more else cands


def pick_units(ctx: SkillContext, sel: A.Selector, prompt: str, chooser: int | None = None, times: int = 1,
               keep=None):
    """Resolve a unit selector to units, asking the controller to choose where it says N
    (``times`` N: "choose 1 enemy for each card stacked under this unit"). A choice
    offers only the units ``keep`` says its effect can act on (:func:`offerable`)."""
    cands = unit_candidates(ctx, sel)
    if isinstance(sel, A.Ref) or picks_all(sel):
        return cands
    cands = _widened(ctx, sel, cands, True)
    cands = [u for u in cands if choosable(ctx, u)]
    if keep is not None:
        cands = offerable(ctx, cands, keep, chooser)
    lo, hi = count_range(sel)
    lo, hi = lo * times, hi * times
    if not cands or hi == 0:
        return []
    hi_n = len(cands) if hi == math.inf else int(hi)
    lo_n = min(lo, len(cands))
    fits = choice_rule(ctx, sel, lambda u: set(ctx.game.unit_names(u)), _unit_stat)
    if fits is not None:
        return (yield from _pick_distinct(
            ctx, cands, fits, hi_n, lo_n, prompt,
            ctx.controller if chooser is None else chooser,
            lambda u: Option(UNIT, unit=u.id, label=f"{u.card.name} ({u.area} line)")))
    opts = [Option(UNIT, unit=u.id, label=f"{u.card.name} ({'ally' if u.owner == ctx.controller else 'enemy'}, "
                                              f"{u.area} line)") for u in cands]
    chosen = yield from choose(ctx.controller if chooser is None else chooser, prompt, opts,
                               minimum=lo_n, maximum=hi_n)
    ids = [o.unit for o in chosen]
    return [u for u in cands if u.id in ids]


def pick_cards(ctx: SkillContext, sel: A.Selector, prompt: str, chooser: int | None = None, times: int = 1,
               keep=None):
    """Resolve a card selector to cards, asking where it says N (``times`` N). Choosing
    from a deck is searching it (the chooser sees that deck); a card the chooser cannot
    see (a face-down orb, the opponent's hand) is offered as an unknown card. A choice
    offers only the cards ``keep`` says its effect can act on (:func:`offerable`)."""
    cands = card_candidates(ctx, sel)
    if isinstance(sel, A.Ref) or picks_all(sel):
        return cands
    cands = _widened(ctx, sel, cands, False)
    lo, hi = count_range(sel)
    lo, hi = lo * times, hi * times
    if not cands or hi == 0:
        return []
    g = ctx.game
    who = ctx.controller if chooser is None else chooser
    if is_search(sel):
        # Only a choice from a deck is a search of it; one among cards revealed or looked at on a
        # deck ("choose 1 card among them") shows the chooser those cards, not the rest of the deck.
        searched(g, who, cands)
    if keep is not None:
        cands = offerable(ctx, cands, keep, who)
        if not cands:
            return []
    hi_n = len(cands) if hi == math.inf else int(hi)
    lo_n = min(lo, len(cands))
    fits = choice_rule(ctx, sel, lambda c: set(card_unit_names(c.card)), _card_stat)
    if fits is not None:
        return (yield from _pick_distinct(
            ctx, cands, fits, hi_n, lo_n, prompt,
            who, lambda c: Option(CARD, card=c.id, label=card_label(g, who, c))))
    opts = [Option(CARD, card=c.id, label=card_label(g, who, c)) for c in cands]
    chosen = yield from choose(ctx.controller if chooser is None else chooser, prompt, opts,
                               minimum=lo_n, maximum=hi_n)
    ids = [o.card for o in chosen]
    return [c for c in cands if c.id in ids]
