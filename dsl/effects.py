"""Effect verbs: what an effect line such as "draw 1" or "move it" does.

Each builder takes the checked :class:`~fecipher.dsl.ast.Action` and returns a
generator function ``effect(ctx)`` that changes the game only through its
primitives and asks decisions through :mod:`fecipher.engine.decisions`."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.registry import effect
from fecipher.dsl.selectors import (
    card_candidates, pick_cards, pick_units, place_area, ref_cards, ref_units, selector_kind, unit_candidates,
)
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import AREA, Decision, Option, yes_no
from fecipher.engine.state import BACK, FRONT, HAND, Unit


def _prompt(a: A.Action) -> str:
    return render.cap(render.action(a))


def targets(ctx, a: A.Action):
    """The units or cards an action's object names, asking for choices where it says N."""
    sel = a.target
    if sel is None:
        return []
    kind = selector_kind(sel)
    if kind == "chosen":
        return list(ctx.data.get("chosen", []))
    if kind == "unit" or kind == "name":
        return (yield from pick_units(ctx, sel, f"{ctx.skill.name}: choose for \"{_prompt(a)}\""))
    if kind == "card":
        return (yield from pick_cards(ctx, sel, f"{ctx.skill.name}: choose for \"{_prompt(a)}\""))
    return []


def _alive(ctx, things):
    g = ctx.game
    return [t for t in things if not isinstance(t, Unit) or g.unit(t.id) is t]


def optional_gate(ctx, a: A.Action, has_targets: bool):
    """"You may ...": asked only when there is something to do."""
    if not a.optional:
        return True
    if not has_targets:
        return False
    return (yield from yes_no(ctx.controller, f"{ctx.skill.name}: {_prompt(a)}?"))


def _has_targets(ctx, a: A.Action) -> bool:
    sel = a.target
    if sel is None:
        return True
    kind = selector_kind(sel)
    if kind == "chosen":
        return bool(_alive(ctx, ctx.data.get("chosen", [])))
    if kind in ("unit", "name"):
        return bool(unit_candidates(ctx, sel))
    if kind == "card":
        return bool(card_candidates(ctx, sel))
    return True


def simple(fn_each):
    """An effect applied to each unit or card the object names."""
    def build(a: A.Action):
        def eff(ctx):
            if not (yield from optional_gate(ctx, a, _has_targets(ctx, a))):
                return
            things = yield from targets(ctx, a)
            for t in _alive(ctx, things):
                r = fn_each(ctx, a, t)
                if r is not None and hasattr(r, "__next__"):
                    yield from r
        return eff
    return build


@effect("draw", "number", doc="Draw N cards (rule 7 reshuffles an empty deck).", example="draw 1")
def _draw(a: A.Action):
    n = a.number if a.number is not None else 1

    def eff(ctx):
        if not (yield from optional_gate(ctx, a, True)):
            return
        ctx.game.draw(ctx.controller, n)
    return eff


@effect("choose", "unit card", doc="Choose units or cards; later lines call them 'it' or 'them'.",
        example="choose 1 enemy in the back line")
def _choose(a: A.Action):
    def eff(ctx):
        things = yield from targets(ctx, a)
        ctx.data["chosen"] = list(things)
    return eff


def _move_each(ctx, a, u):
    if isinstance(u, Unit):
        ctx.game.move_unit(u, by_skill=True)


effect("move", "unit chosen", doc="Move units to the other line (a move by a skill does not tap; rule 10).",
       example="move it")(simple(_move_each))


def _destroy_each(ctx, a, u):
    if isinstance(u, Unit):
        yield from ctx.game.destroy(u, by_player=ctx.controller, in_battle=False, by_unit=ctx.unit)


effect("destroy", "unit chosen", doc="Destroy units (an MC breaks an orb instead; rule 4).",
       example="destroy it")(simple(_destroy_each))


def _tap_each(ctx, a, u):
    if isinstance(u, Unit):
        ctx.game.tap(u, by_skill=True)


def _untap_each(ctx, a, u):
    if isinstance(u, Unit):
        ctx.game.untap(u, by_skill=True)


effect("tap", "unit chosen", doc="Tap units.", example="tap 1 enemy")(simple(_tap_each))
effect("untap", "unit chosen", doc="Untap units.", example="untap this")(simple(_untap_each))


def _to_area(a: A.Action, default: str | None) -> str | None:
    for p in a.preps:
        if p.kind == "to" and p.place is not None:
            return place_area(p.place)
    return default


def _send_builder(default):
    def each(ctx, a, t):
        dest = _to_area(a, default)
        g = ctx.game
        if isinstance(t, Unit):
            g.remove_unit(t, dest, by_skill=True)
            return
        if isinstance(t, CardCopy):
            if dest == "bonds":
                g.move_card(t, "bonds", by_skill=True, face_up=True)
            else:
                g.move_card(t, dest, by_skill=True)
    return simple(each)


effect("add", "card chosen unit", "to", doc="Add cards to an area (the hand if none is named).",
       example="add it to your hand")(_send_builder(HAND))
effect("send", "card chosen unit", "to", doc="Send cards or units to an area.",
       example="send it to your retreat area", needs_place=True)(_send_builder(None))
effect("put", "card chosen unit", "to", doc="Put cards into an area (orbs, bonds, deck ...).",
       example="put the top card of your deck into your orbs", needs_place=True)(_send_builder(None))


@effect("shuffle", "none", doc="Shuffle your deck.", example="shuffle")
def _shuffle(a: A.Action):
    def eff(ctx):
        ctx.game.shuffle_deck(ctx.controller)
        return
        yield  # pragma: no cover
    return eff


def _deploy_each(ctx, a, t):
    if not isinstance(t, CardCopy):
        return
    tapped = any(p.kind == "tapped" for p in a.preps)
    g = ctx.game
    from fecipher.engine.game import card_unit_names
    names = card_unit_names(t.card)
    if any(names & g.unit_names(u) for u in g.players[t.owner].units):
        return  # rule 5: no two units with one unit name
    ans = yield Decision(t.owner, AREA, f"{ctx.skill.name}: deploy {t.card.name} to which line?",
                         (Option(AREA, area=FRONT, label="front line"), Option(AREA, area=BACK, label="back line")))
    g.deploy(t, ans.area, by_skill=True, tapped=tapped)


effect("deploy", "card chosen", "tapped", doc="Deploy cards as units (ignores bond count and symbols; rule 5).",
       example="deploy it as tapped")(simple(_deploy_each))
