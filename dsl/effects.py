"""Effect verbs: what an effect line such as "draw 1" or "move it" does.

Each builder takes the checked :class:`~fecipher.dsl.ast.Action` and returns a
generator function ``effect(ctx)`` that changes the game only through its
primitives and asks decisions through :mod:`fecipher.engine.decisions`."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.registry import effect
from fecipher.dsl.selectors import (
    COLORLESS, count_range, card_place, place_owner, is_search, offerable,
    card_candidates, pick_cards, pick_units, place_area, ref_units, selector_kind, unit_candidates,
)
from fecipher.engine.cards import CardCopy, can_be_flipped_face_down
from fecipher.engine.decisions import AREA, CARD, UNIT, Decision, Option, choose, yes_no
from fecipher.engine.state import BACK, BONDS, FRONT, HAND, ORBS, Unit
from fecipher.engine.visibility import card_label


def _rendered_prompt(a: A.Action) -> str:
    return render.cap(render.action(a))


_PROMPTS = A.NodeMemo()
# The action in words, for prompts. (An action node is immutable: rendered once, remembered
# while the node lives.)
_prompt = _PROMPTS.getter(_rendered_prompt)


def targets(ctx, a: A.Action, keep=None):
    """The units or cards an action's object names, asking for choices where it says N.
    A choice offers only what the line can act on (its verb's ``acts_on``), or, for a
    "choose" line, what ``keep`` says the lines using the choice can act on."""
    sel = a.target
    if sel is None:
        return []
    kind = selector_kind(sel)
    if kind == "chosen":
        return list(ctx.data.get("chosen", []))
    pred = both(acts_on(a), keep)
    if kind == "unit" or kind == "name":
        return (yield from pick_units(ctx, sel, f"{ctx.skill.name}: choose for \"{_prompt(a)}\"", keep=pred))
    if kind in ("card", "bond", "orb"):
        return (yield from pick_cards(ctx, sel, f"{ctx.skill.name}: choose for \"{_prompt(a)}\"", keep=pred))
    return []


def _alive(ctx, things):
    g = ctx.game
    return [t for t in things if not isinstance(t, Unit) or g.unit(t.id) is t]


# ------------------------------------------------------------ what a line can act on
# Engine decision 14, one rule for every verb: a choice offers only the units or cards
# its effect can act on; a "you may" line (or skill, or "either" option) is asked only
# when it can act on something. Each verb says once what it can act on (registry
# ``acts_on``, ``able``); everything here reads that.

def _made_tests(a: A.Action) -> tuple:
    """(acts_on, able) of a line."""
    from fecipher.dsl.registry import EFFECTS
    v = EFFECTS.get(a.verb)
    on = v.acts_on(a) if v is not None and v.acts_on is not None else None
    able = v.able(a) if v is not None and v.able is not None else None
    return on, able


_ACTS = A.NodeMemo()
_tests = _ACTS.getter(_made_tests)   # (built once per line, remembered while the node lives)


def acts_on(a: A.Action):
    """The verb's test ``(ctx, thing) -> bool`` for this line, or None when it acts on
    anything its object names."""
    return _tests(a)[0]


def both(p, q):
    """Two tests of what can be acted on, together (None: no test)."""
    if p is None:
        return q
    if q is None:
        return p
    return lambda ctx, t: p(ctx, t) and q(ctx, t)


def can_act(ctx, a: A.Action, keep=None) -> bool:
    """Whether the line has something to act on now: its verb is able (the bonds to
    flip, an orb to destroy) and its object names at least one thing the verb (and
    ``keep``) can act on. A card its controller may not see counts as one it can act
    on (:func:`~fecipher.dsl.selectors.offerable`): being asked or not tells nothing."""
    on, able = _tests(a)
    if able is not None and not able(ctx):
        return False
    sel = a.target
    if sel is None:
        return True
    kind = selector_kind(sel)
    if kind == "chosen":
        things = _alive(ctx, ctx.data.get("chosen", []))
    elif kind in ("unit", "name"):
        things = unit_candidates(ctx, sel)
        from fecipher.dsl.selectors import choosable, picks_all
        if not isinstance(sel, A.Ref) and not picks_all(sel):   # (a choice: as pick_units offers)
            things = [u for u in things if choosable(ctx, u)]
    elif kind in ("card", "bond", "orb"):
        things = card_candidates(ctx, sel)
    else:
        return True
    if not things:
        return False
    return bool(offerable(ctx, things, both(on, keep), search=is_search(sel)))


def optional_gate(ctx, a: A.Action, has_targets: bool):
    """"You may ...": asked only when there is something to do."""
    if not a.optional:
        return True
    if not has_targets:
        return False
    return (yield from yes_no(ctx.controller, f"{ctx.skill.name}: {_prompt(a)}?"))


def simple(fn_each):
    """An effect applied to each unit or card the object names.

    ``ctx.data["did"]`` records whether it did something ("if you do"): an
    ``fn_each`` that did nothing for a thing returns (or generator-returns) False."""
    def build(a: A.Action):
        def eff(ctx):
            if not (yield from optional_gate(ctx, a, a.optional and can_act(ctx, a))):
                return
            things = yield from targets(ctx, a)
            things = yield from _ordered(ctx, a, _alive(ctx, things))
            did = False
            g = ctx.game
            for t in things:
                r = fn_each(ctx, a, t)
                if r is not None and hasattr(r, "__next__"):
                    r = yield from r
                did = did or r is not False
                if g.tops_to_choose or g.metamorphoses:   # (engine decisions 41 and 43)
                    yield from g.settle_stack_tops()
            ctx.data["did"] = did
        return eff
    return build


def _ordered(ctx, a: A.Action, things: list):
    """Several cards put on top of (or at the bottom of) a deck go in the order the
    player putting them there (the skill's controller, or the player a "your opponent
    puts ..." line names) chooses: each is placed in turn, so the last one chosen is the
    top card (or the bottom card). Several units put there ("Your opponent places the
    chosen units on top of their Deck in any order they wish", B07-010SR) are ordered the
    same way, unit by unit; each unit's stack keeps its order (its top card on top)."""
    if len(things) < 2 or _to_area(a, None) != "deck":
        return things
    cards = all(isinstance(t, CardCopy) for t in things)
    if not cards and not all(isinstance(t, Unit) for t in things):
        return things
    bottom = _at_bottom(a)
    left, out = list(things), []
    while len(left) > 1:
        if cards:
            opts = [Option(CARD, card=c.id, label=card_label(ctx.game, ctx.controller, c)) for c in left]
        else:
            opts = [Option(UNIT, unit=u.id, label=f"{u.card.name} ({u.area} line)") for u in left]
        where = "at the bottom of the deck" if bottom else "onto the deck"
        last = "bottom" if bottom else "top"
        what = "card" if cards else "unit"
        got = yield from choose(ctx.controller, f"{ctx.skill.name}: which {what} goes {where} next? "
                                                f"(the last one placed is the {last} {what})", opts)
        c = next(x for x in left if x.id == (got[0].card if cards else got[0].unit))
        left.remove(c)
        out.append(c)
    return out + left


@effect("draw", "number", "until_hand for_each and_reveal",
        doc="Draw N cards (rule 7 reshuffles an empty deck); 'draw 1 for each ...' draws N per thing "
            "counted when it resolves; 'draw until you have 5 cards in your hand' draws one at a time "
            "until the hand holds that many (none if it already does); 'draw 1 and reveal it' shows "
            "the card drawn to both players, and later lines call it 'the revealed card'.",
        example="draw 1")
def _draw(a: A.Action):
    n = a.number if a.number is not None else 1
    if any(p.kind == "and_reveal" for p in a.preps):
        return _draw_and_reveal(a, n)
    until = next((p.number for p in a.preps if p.kind == "until_hand"), None)
    per = next((p.unit for p in a.preps if p.kind == "for_each"), None)
    counter = None
    if per is not None:
        from fecipher.dsl.skillcompile import count_of
        counter = count_of(per)

    def eff(ctx):
        if not (yield from optional_gate(ctx, a, True)):
            return
        g = ctx.game
        if until is not None:
            hand = g.players[ctx.controller].hand
            drawn = []
            while len(hand) < until:
                got = g.draw(ctx.controller, 1)
                if not got:      # no card left in the deck nor in the Retreat Area
                    break
                drawn.extend(got)
            ctx.data.setdefault("drawn", []).extend(drawn)   # "for each card drawn by this skill"
            ctx.data["did"] = bool(drawn)
            return
        count = n * counter(ctx) if counter is not None else n
        drawn = g.draw(ctx.controller, count) if count > 0 else []
        ctx.data.setdefault("drawn", []).extend(drawn)   # "for each card drawn by this skill"
        ctx.data["did"] = bool(drawn)
    return eff


def _draw_and_reveal(a: A.Action, n: int):
    """"Draw 1 card and reveal it": the cards drawn are revealed in the hand (both players
    see them until they move) and kept as 'it' and 'the revealed card', as a "reveal" line's."""
    def eff(ctx):
        if not (yield from optional_gate(ctx, a, True)):
            return
        g = ctx.game
        drawn = list(g.draw(ctx.controller, n))
        ctx.data["did"] = bool(drawn)
        ctx.data["chosen"] = drawn
        ctx.data.setdefault("picked", {})["revealed"] = list(drawn)
        ctx.data["revealed"] = [(c, g.locate(c)[0]) for c in drawn]
        ctx.data["moved"] = set()
        if drawn:
            g.reveal(drawn, g.locate(drawn[0])[0])
    return eff


@effect("choose", "unit card bond orb", doc="Choose units, cards, bonds or orbs; later lines call them 'it' or "
                                             "'them'.",
        example="choose 1 enemy in the back line")
def _choose(a: A.Action, keep=None):
    """``keep``: what the lines using the choice can act on (dsl/skillcompile.py
    choice_keep); only such things are offered."""
    line_choice = next((p for p in a.preps if p.kind == "line_choice"), None)
    if line_choice is not None:
        return _choose_line(a, line_choice.unit)

    def eff(ctx):
        # "you may choose ...": asked first (only when there is something to choose); a
        # player who declines chooses nothing, and "if you do" is false
        if not (yield from optional_gate(ctx, a, a.optional and can_act(ctx, a, keep))):
            ctx.data["chosen"] = []
            ctx.data["did"] = False
            return
        things = yield from targets(ctx, a, keep)
        ctx.data["chosen"] = list(things)
        ctx.data["did"] = bool(things)
        if things and ctx.unit_id is not None:
            ctx.game.note_chosen(ctx, things)
    return eff


def _choose_line(a: A.Action, cond: A.Condition | None):
    """"Choose the front or back line" / "choose a line in which you have 1 or more female
    allies": the controller picks a line (each player's line of that name: "the chosen
    line"), among those where the condition holds when the line resolves. With no such
    line nothing is chosen (and "in the chosen line" names no unit)."""
    tests = {}
    if cond is not None:
        from fecipher.dsl.conditions import compile_condition
        for line in (FRONT, BACK):
            counted = cond.counted
            in_line = A.PostFilter("in_line", value=line, pos=cond.pos)
            tests[line] = compile_condition(A.Condition(
                "have_count", quantity=cond.quantity, pos=cond.pos,
                counted=A.Filtered(counted.quantifier, counted.qualifiers, counted.noun,
                                   (*counted.posts, in_line), counted.pos)))

    def eff(ctx):
        lines = [x for x in (FRONT, BACK) if x not in tests or tests[x](ctx)]
        ctx.data["line"] = None
        ctx.data["did"] = False
        if not lines:
            return
        opts = tuple(Option(AREA, area=x, label=f"{x} line") for x in lines)
        ans = yield Decision(ctx.controller, AREA, f"{ctx.skill.name}: choose a line", opts)
        ctx.data["line"] = ans.area
        ctx.data["did"] = True
    return eff


def _line_of(ctx, a: A.Action, u: Unit) -> str | None:
    """The line a "move ... to the chosen line / to the same line as X" line names for ``u``."""
    prep = next((p for p in a.preps if p.kind == "line"), None)
    if prep is None:
        return None
    if prep.line == "chosen":
        return ctx.data.get("line") or ""
    if prep.line == "same":
        units = [x for x in ref_units(ctx, prep.unit) if x.owner == u.owner and x is not u]
        return units[0].area if units else ""
    return prep.line


def _move_each(ctx, a, u):
    """Move a unit to the other line; "to the chosen line" / "to the same line as X" moves
    it only when it is not there already (a unit already there is not moved: nothing
    happened, "if you do" is false)."""
    if isinstance(u, Unit):
        dest = _line_of(ctx, a, u)
        if dest is not None and (dest == "" or dest == u.area):
            return False
        return ctx.game.move_unit(u, by_skill=True)
    return False


def _movable(a: A.Action):
    return lambda ctx, t: isinstance(t, Unit) and ctx.game.can_be_moved(t, by_skill=True)


effect("move", "unit chosen", "line", doc="Move units to the other line (a move by a skill does not tap; rule 10); "
       "'to the chosen line' / 'to the same line as \"Alm\"' only a unit not there already.",
       example="move it", acts_on=_movable)(simple(_move_each))


def destroyed_snapshot(ctx, u: Unit) -> tuple:
    """A unit as it is just before a skill destroys it, for "for each <qualities> enemy destroyed
    by this skill": its owner, its quality words (types, weapon, gender, symbols, 'colorless'),
    its unit names and whether it is a Main Character (the last information about it)."""
    g = ctx.game
    symbols = {s.value for s in g.symbols(u)}
    words = frozenset(g.types(u)) | symbols | (COLORLESS if not symbols else frozenset())
    return (u.owner, words, frozenset(g.unit_names(u)), u.is_main_character)


def _destroy_each(ctx, a, u):
    if isinstance(u, CardCopy):
        # a chosen orb ("choose 1 of your opponent's orbs ... destroy that orb"): it goes to
        # its owner's hand, as any destroyed orb does (rule 4)
        area, where = ctx.game.locate(u)
        if area != ORBS:
            return False
        ctx.game.orb_to_hand(where)
        return True
    if not isinstance(u, Unit):
        return False
    owner = u.owner
    # "for each monster enemy destroyed by this skill": the unit's qualities as it was when it was
    # destroyed (the last information about it on the field), asked before it leaves.
    seen = destroyed_snapshot(ctx, u)
    done = yield from ctx.game.destroy(u, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit,
                                       skill=ctx.skill.name)
    if done:  # "for each enemy destroyed by this skill"
        ctx.data.setdefault("destroyed", []).append(seen)
    return bool(done)


def _destroy_orbs(a: A.Action):
    """"destroy 1 orb" (yours) or "destroy 1 orb from your opponent's orbs": the
    controller chooses which; each destroyed orb goes to its owner's hand, as a
    broken orb does (rule 4). Destroying the last orb does not by itself end the game."""
    sel = a.target
    lo, hi = count_range(sel)
    place = card_place(sel)
    n = int(hi) if hi != float("inf") else 99

    def eff(ctx):
        g = ctx.game
        owner = place_owner(ctx, place)[0] if place is not None else ctx.controller
        p = g.players[owner]
        ctx.data["did"] = False      # "if you do" ("If that happens"): was an orb destroyed?
        if not (yield from optional_gate(ctx, a, bool(p.orbs))):
            return
        before = len(p.orbs)
        yield from g.destroy_orbs(owner, n, ctx.controller, f"{ctx.skill.name}: choose an orb to destroy")
        # "you may destroy an Orb. If you do, ...": did it destroy one?
        ctx.data["did"] = len(p.orbs) < before
    return eff


def _orb_line(a: A.Action) -> bool:
    return isinstance(a.target, A.Filtered) and a.target.noun in ("orb", "orbs")


def _destroy_builder(a: A.Action):
    if _orb_line(a):
        return _destroy_orbs(a)
    return simple(_destroy_each)(a)


def _destroyable(a: A.Action):
    if _orb_line(a):
        return None
    def test(ctx, t):
        if isinstance(t, Unit):
            return ctx.game.can_be_destroyed(t, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit)
        return isinstance(t, CardCopy) and ctx.game.locate(t)[0] == ORBS   # a chosen orb
    return test


def _orbs_to_destroy(a: A.Action):
    if not _orb_line(a):
        return None
    place = card_place(a.target)
    return lambda ctx: bool(ctx.game.players[place_owner(ctx, place)[0] if place is not None
                                             else ctx.controller].orbs)


effect("destroy", "unit chosen orb", doc="Destroy units (an MC breaks an orb instead; rule 4), or N orbs "
       "(yours, or 'from your opponent's orbs'): each goes to its owner's hand.",
       example="destroy it", acts_on=_destroyable, able=_orbs_to_destroy)(_destroy_builder)


def _tap_each(ctx, a, u):
    # A unit already tapped is not tapped again: nothing happened ("if you do" is false).
    if isinstance(u, Unit) and not u.tapped:
        ctx.game.tap(u, by_skill=True)
        # "for each ally tapped by this skill" (dsl/skillcompile.count_of): its owner
        ctx.data.setdefault("tapped", []).append(u.owner)
        return True
    return False


def _untap_each(ctx, a, u):
    # Only a tapped unit that can untap is untapped: "Untap this unit. If you do, ..." on an
    # untapped unit (or one that "cannot untap") did nothing, so what follows "if you do" does not run.
    if isinstance(u, Unit) and ctx.game.can_untap(u):
        ctx.game.untap(u, by_skill=True)
        return True
    return False


effect("tap", "unit chosen", doc="Tap units (an untapped one: a tapped unit is not acted on).",
       example="tap 1 enemy",
       acts_on=lambda a: (lambda ctx, t: isinstance(t, Unit) and not t.tapped))(simple(_tap_each))
effect("untap", "unit chosen", doc="Untap units (a tapped one that can untap).", example="untap this",
       acts_on=lambda a: (lambda ctx, t: isinstance(t, Unit) and ctx.game.can_untap(t)))(simple(_untap_each))


def _to_area(a: A.Action, default: str | None) -> str | None:
    for p in a.preps:
        if p.kind in ("to", "bottom") and p.place is not None:
            return place_area(p.place)
    return default


def _at_bottom(a: A.Action) -> bool:
    return any(p.kind == "bottom" for p in a.preps)


def _moved(ctx, card: CardCopy) -> None:
    """A card a line of this skill moved is no longer among "the rest" of those revealed."""
    if "revealed" in ctx.data:
        ctx.data.setdefault("moved", set()).add(card.id)


def _sent(ctx, cards, dest: str | None) -> None:
    """What "for each card sent to <area> by this skill" counts (dsl/skillcompile.count_of):
    the cards this skill's lines moved, with the area each was sent to."""
    if dest is not None:
        ctx.data.setdefault("sent", []).extend((c, dest) for c in cards)


def _stack_target(ctx, a: A.Action):
    """The unit a card is put under (growth) or onto (level up by a skill), if any."""
    for p in a.preps:
        if p.kind in ("under", "onto") and p.unit is not None:
            if selector_kind(p.unit) == "chosen":
                units = [u for u in ctx.data.get("chosen", []) if isinstance(u, Unit)]
            else:
                units = unit_candidates(ctx, p.unit) if not isinstance(p.unit, A.Ref) else ref_units(ctx, p.unit)
            return p.kind, (units[0] if units else None)
    return None, None


def _onto_names(ctx, a: A.Action, card: CardCopy) -> frozenset[str]:
    """The unit names a skill puts its own card onto ("stack this card on top of an allied
    "Edelgard" to Level Up her", B21-047HN: `put this card onto 1 "Edelgard" ally`): the
    skill says which unit the card levels up, so rule 6's match of the card's own unit
    name is not asked for units of those names (engine decision). Empty for any other card
    or a target not named by unit name."""
    if card is not ctx.source:
        return frozenset()
    for p in a.preps:
        if p.kind == "onto" and isinstance(p.unit, A.Filtered):
            return frozenset(v for q in p.unit.qualifiers if q.kind == "name" for v in q.values)
    return frozenset()


def _stackable(ctx, how: str, card: CardCopy, unit: Unit | None, named: frozenset[str] = frozenset()) -> bool:
    """Whether ``card`` can be put under (growth) or onto (level up) ``unit``: the unit
    is on the field, the card has its unit name (or, put onto it, one the skill names for
    its own card: ``named``), and for a level up no "cannot level up / class change (by
    skills)" forbids it."""
    g = ctx.game
    if unit is None or g.unit(unit.id) is not unit:
        return False
    if how == "under" and card.card.unit_name not in g.unit_names(unit):
        return False
    if how == "onto":
        from fecipher.engine.deployment import can_level_onto
        if not can_level_onto(g, card, unit) and not (named & g.unit_names(unit)):
            return False   # (or a SPEC "this card can level up "X"")
        from fecipher.engine.deployment import onto_refusal, stack_refusal
        if stack_refusal(g, unit, class_change=card.card.is_promoted, by_skill=True):
            return False   # "cannot level up (by skills)": the card stays where it is
        if onto_refusal(g, card, unit, class_change=card.card.is_promoted, by_skill=True):
            return False   # "this card cannot be stacked onto "Tibarn" to level up by skills"
    return True


def _put_on_unit(ctx, how: str, card: CardCopy, unit: Unit | None, named: frozenset[str] = frozenset()) -> bool:
    """Rule 6: growth puts a same-name card under a unit (levelled up, no draw, no
    level-up skill); a card put onto a unit by a skill levels it up (class changes
    it, with the class-change draw, if the card has a class-change cost). Neither
    pays a cost nor needs a bond symbol (rule 5). False when the card could not go
    there (no such unit any more, another unit name, "cannot level up"): it stays
    where it is, and "if you do" after the line is false."""
    g = ctx.game
    if not _stackable(ctx, how, card, unit, named):
        return False
    if how == "under":
        g.grow(card, unit)
    else:
        g.place_on_unit(card, unit, class_change=card.card.is_promoted, by_skill=True, skill=ctx.skill.name)
    return True


def _send_builder(default):
    def each(ctx, a, t):
        how, unit = _stack_target(ctx, a)
        if how is not None:
            # (only a card goes under or onto a unit: nothing put is nothing done)
            return isinstance(t, CardCopy) and _put_on_unit(ctx, how, t, unit, _onto_names(ctx, a, t))
        dest = _to_area(a, default)
        g = ctx.game
        if isinstance(t, Unit):
            cards = list(t.cards)
            g.remove_unit(t, dest, by_skill=True, face_up=_face_of(a) != "down", bottom=_at_bottom(a))
            _sent(ctx, cards, dest)
            if dest is not None:   # "for each enemy returned to their hand by this skill": units, not cards
                ctx.data.setdefault("units_sent", []).append((t.owner, dest))
            return
        if isinstance(t, CardCopy):
            if dest in ("bonds", "orbs", "retreat"):
                from fecipher.engine.deployment import place_ban_refusal
                if place_ban_refusal(g, t, dest, by_skill=True, by_player=ctx.source.owner):
                    return False   # "your opponent cannot add cards to their orbs": it stays
            if dest == "bonds":
                from fecipher.engine.cards import can_be_placed_in_bonds
                if not can_be_placed_in_bonds(t.card):
                    return False   # SPEC "this card cannot be placed in the bond area": it stays
                g.move_card(t, "bonds", by_skill=True, face_up=_face_of(a) != "down")
            else:
                g.move_card(t, dest, by_skill=True, bottom=_at_bottom(a))
            _moved(ctx, t)
            _sent(ctx, [t], dest)
    return simple(each)


def _placeable(a: A.Action):
    """What "add/send/put ..." can act on: a card it puts under or onto a unit must be
    able to go there; a card put into the Bond Area must be allowed there (engine
    decision 15). Anything else moves wherever it is sent."""
    if any(p.kind in ("under", "onto") and p.unit is not None for p in a.preps):
        def stack(ctx, t):
            how, unit = _stack_target(ctx, a)
            return isinstance(t, CardCopy) and _stackable(ctx, how, t, unit, _onto_names(ctx, a, t))
        return stack
    if _to_area(a, None) == "bonds":
        from fecipher.engine.cards import can_be_placed_in_bonds
        from fecipher.engine.deployment import place_ban_refusal
        return lambda ctx, t: not isinstance(t, CardCopy) or (
            can_be_placed_in_bonds(t.card) and place_ban_refusal(ctx.game, t, "bonds", by_skill=True,
                                                                 by_player=ctx.source.owner) is None)
    if _to_area(a, None) in ("orbs", "retreat"):   # (rules about a player's areas: engine/deployment.place_ban_refusal)
        from fecipher.engine.deployment import place_ban_refusal
        area = _to_area(a, None)
        return lambda ctx, t: not isinstance(t, CardCopy) or place_ban_refusal(ctx.game, t, area, by_skill=True,
                                                                               by_player=ctx.source.owner) is None
    return None


effect("add", "card chosen unit", "to face", doc="Add cards to an area (the hand if none is named).",
       example="add it to your hand", acts_on=_placeable)(_send_builder(HAND))
effect("send", "card chosen unit", "to bottom face", doc="Send cards or units to an area ('... to your "
                                                               "opponent's bond area face-down': face-down bonds).",
       example="send it to your retreat area", needs_place=True, acts_on=_placeable)(_send_builder(None))
effect("put", "card chosen unit", "to under onto bottom face",
       doc="Put cards into an area (orbs, bonds, deck ...), on the bottom of a deck, under a unit (growth) "
           "or onto it (level up by a skill).",
       example="put the top card of your deck into your orbs", needs_place=True,
       acts_on=_placeable)(_send_builder(None))


def _stack_each(ctx, a, t):
    """"stack them under this unit": a card stacked under a unit as the card says, of any
    unit name, without a Growth (a Growth is written 'put ... under')."""
    if not isinstance(t, CardCopy):
        return False
    _, unit = _stack_target(ctx, a)
    g = ctx.game
    if unit is None or g.unit(unit.id) is not unit:
        return False
    area, where = g.locate(t)
    if area == "field" and where is unit:
        return False   # (already in that stack)
    g.stack_under(t, unit)
    _moved(ctx, t)
    ctx.data.setdefault("picked", {}).setdefault("stacked", []).append(t)   # "the stacked card"


effect("stack", "card chosen", "under",
       doc="Stack cards under a unit without a Growth ('reveal the top 4 cards of your deck', then 'stack them "
           "under this unit'): any unit name; the stack grows, nothing levels up.",
       example="stack them under this unit", needs_place=True)(simple(_stack_each))


@effect("shuffle", "none", doc="Shuffle your deck.", example="shuffle")
def _shuffle(a: A.Action):
    def eff(ctx):
        ctx.game.shuffle_deck(ctx.controller)
        return
        yield  # pragma: no cover
    return eff


def _named_line(a: A.Action) -> str | None:
    """The front or back line a line names ("to the back line"), else None ("to the
    chosen line" and "to the same line as ..." are worked out when the line resolves)."""
    return next((p.line for p in a.preps if p.kind == "line" and p.line in (FRONT, BACK)), None)


def deploy_lines(ctx, a: A.Action, t: CardCopy) -> tuple[str, ...]:
    """The lines ``t`` may be deployed to by this action now: those a skill may deploy
    it to (engine: rule 5, "can only be deployed if ...", "cannot deploy ... [into the
    back line]"; the line named, "to the back line"), and with "to the same line as
    <unit>" only the lines where such a unit of its owner's is (none without one)."""
    from fecipher.engine.deployment import skill_deploy_lines
    lines = skill_deploy_lines(ctx.game, t, _named_line(a), source=ctx.source)
    if any(p.kind == "line" and p.line == "chosen" for p in a.preps):
        return tuple(x for x in lines if x == ctx.data.get("line"))
    same = next((p.unit for p in a.preps if p.kind == "line" and p.line == "same"), None)
    if same is None or not lines:
        return lines
    units = ref_units(ctx, same) if isinstance(same, A.Ref) else unit_candidates(ctx, same)
    return tuple(x for x in lines if any(u.owner == t.owner and u.area == x for u in units))


def _deploy_each(ctx, a, t):
    if not isinstance(t, CardCopy):
        return
    tapped = any(p.kind == "tapped" for p in a.preps)
    g = ctx.game
    # rule 5 (no two units with one unit name), "can only be deployed if ...", "cannot
    # deploy ... [into the back line]", "to the same line as ...": only the lines left.
    lines = deploy_lines(ctx, a, t)
    if not lines:
        return False
    line = lines[0]
    if len(lines) > 1:   # the owner chooses the line
        ans = yield Decision(t.owner, AREA, f"{ctx.skill.name}: deploy {t.card.name} to which line?",
                             (Option(AREA, area=FRONT, label="front line"), Option(AREA, area=BACK, label="back line")))
        line = ans.area
    unit = g.deploy(t, line, by_skill=True, tapped=tapped, skill=ctx.skill.name)
    ctx.data.setdefault("deployed", []).append(unit.id)   # "units deployed by this skill"
    if t is ctx.source and ctx.unit_id is None:
        # A skill of a card off the field (its hand) that deploys that card: "this unit" and
        # "other" in its later lines name the unit it became (dsl/lose_instead.py)
        ctx.data["this_unit"] = unit.id
    _moved(ctx, t)


def _deployable(a: A.Action):
    return lambda ctx, t: isinstance(t, CardCopy) and bool(deploy_lines(ctx, a, t))


effect("deploy", "card chosen", "tapped line", doc="Deploy cards as units (ignores bond count and "
       "symbols; rule 5), to the line their owner chooses, the one named ('to the back line') or the line of a "
       "unit ('to the same line as \"Tsubasa Oribe\"').",
       example="deploy it as tapped", acts_on=_deployable)(simple(_deploy_each))


# ---------------------------------------------------------------- added for Series 1
@effect("reveal", "card chosen", doc="Reveal cards (both players see them); later lines call them 'it'.",
        example="reveal the top card of your opponent's deck")
def _reveal(a: A.Action):
    def eff(ctx):
        if not (yield from optional_gate(ctx, a, a.optional and can_act(ctx, a))):
            return
        cards = [c for c in (yield from targets(ctx, a)) if isinstance(c, CardCopy)]
        ctx.data["chosen"] = cards
        ctx.data["did"] = bool(cards)
        # The working set of "the rest", "among them" (revealed_rest): where each card is now.
        ctx.data["revealed"] = [(c, ctx.game.locate(c)[0]) for c in cards]
        ctx.data["moved"] = set()
        if cards:
            area, _ = ctx.game.locate(cards[0])
            ctx.game.reveal(cards, area)   # (both players know them until they move)
    return eff


def _flippable(a: A.Action):
    from fecipher.dsl.costs import _flip
    if _face_of(a) is not None:
        return None   # (turning chosen bonds or orbs: what is chosen says whether there is any)
    return _flip(a).can_pay


def _face_of(a: A.Action) -> str | None:
    """The face a line turns its cards to: "up", "down", "over" (each to the other), or None."""
    return next((p.face for p in a.preps if p.kind == "face"), None)


def _turn_each(ctx, a, c):
    """Turn one bond or orb to the face the line names ("flip it face-up", "flip it
    face-up or face-down"): a card already so, or no longer a bond or an orb, is left
    as it is (it did nothing). Either player's bonds and orbs may be turned by a skill."""
    if not isinstance(c, CardCopy):
        return False
    g = ctx.game
    area, where = g.locate(c)
    if area not in (BONDS, ORBS):
        return False
    face = _face_of(a)
    up = (not where.face_up) if face == "over" else face == "up"
    if where.face_up == up:
        return False
    if area == BONDS and not up and not can_be_flipped_face_down(c.card):
        return False   # ("this card cannot be flipped face-down by a skill's cost or effect": it stays)
    if area == BONDS:
        g.flip_bond(where, up)
    else:
        g.flip_orb(where, up)
    return True


@effect("flip", "bond orb", "face",
        doc="Flip N face-up bonds face-down (or N orbs face-up), all or nothing, as a cost "
            "paid inside an effect: 'you may flip 1 bond', then 'if you do: ...'. With the face it turns to "
            "('flip it face-up', 'flip all face-up orbs face-down', 'flip it face-up or face-down'), it turns the "
            "chosen bonds or orbs, of either player.",
        example="you may flip 1 bond", able=_flippable)
def _flip_effect(a: A.Action):
    if _face_of(a) is not None:
        return simple(_turn_each)(a)
    from fecipher.dsl.costs import _flip
    from fecipher.dsl.selectors import picks_all
    cost = _flip(a)
    every = picks_all(a.target)

    def eff(ctx):
        ctx.data["did"] = False
        if every:
            # "Flip all of your Bond cards face-down": each face-up one (none: nothing is done).
            cands = cost._cands(ctx)
            if not cands or (a.optional and not (yield from yes_no(
                    ctx.controller, f"{ctx.skill.name}: {render.cost_item(a)}?"))):
                return
            for b in cands:
                if cost.orbs:
                    ctx.game.flip_orb(b, True)
                else:
                    ctx.game.flip_bond(b, False)
            ctx.data["did"] = True
            return
        if not cost.can_pay(ctx):
            return
        if a.optional and not (yield from yes_no(ctx.controller, f"{ctx.skill.name}: {render.cost_item(a)}?")):
            return
        yield from cost.pay(ctx)
        ctx.data["did"] = True
    return eff


def _make_each(ctx, a, u):
    """HS: "make this unit your main character". The unit becomes its owner's Main
    Character (the old one stays on the field as an ordinary unit); from then on
    rule 4 applies to it."""
    if isinstance(u, Unit) and u.owner == ctx.controller and not u.is_main_character \
            and ctx.game.mc_transfer_refusal(ctx.controller) is None:
        ctx.game.set_main_character(u)
        return True
    return False            # already the Main Character (or not yours): nothing done, "if you do" is false


effect("make", "unit chosen", "main_character", doc="Make one of your units your Main Character (HS).",
       example="make this unit your main character", needs_place=True,
       acts_on=lambda a: (lambda ctx, u: isinstance(u, Unit) and u.owner == ctx.controller
                          and not u.is_main_character
                          and ctx.game.mc_transfer_refusal(ctx.controller) is None))(simple(_make_each))


# Hidden information: "look at ...", "choose ... at random", "cost reveal ..." (registered there).
from fecipher.dsl import effects_hidden  # noqa: E402,F401

# "choose 1 enemy, or up to 2 if this unit is levelled up": a count chosen by a condition.
from fecipher.dsl import choose_count  # noqa: E402
# "you may flip 1 bond for each point of deployment cost of the chosen enemy" (registered there).
from fecipher.dsl import flip_per_point  # noqa: E402,F401
from fecipher.dsl.registry import EFFECTS as _EFFECTS  # noqa: E402

choose_count.install(_EFFECTS)
