"""What the terminal seat shows a player: card texts, why an action is not offered,
bonds by name, the Retreat and Support Areas, and the board, all from what that
player may know.

Every function here that shows the game takes the player's view
(:meth:`Game.view`, docs/view.md), so the opponent's hand, deck and face-down orbs
are never printed. The one exception is :func:`why_lines`: the reasons come from
the engine's own refusals (``game.why_illegal``), asked only about the player's own
visible cards and units and the opponent's units on the field (all public).
:class:`fecipher.play.agents.HumanAgent` puts these on its commands
(docs/play.md).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from fecipher.engine import decisions as D
from fecipher.engine.decisions import Option
from fecipher.engine.view import CardView, PlayerView, SideView, UnitView

AREA_TITLES = {"retreat": "Retreat Area", "support": "Support Area", "boundless": "Boundless Area"}


# ----------------------------------------------------------------------------- card text
def card_text(card: Any) -> str:
    """A card as ``fecipher describe`` prints it: name and codes, cost (and
    class-change cost), symbols, gender, weapon and types, class, attack, support,
    range, then each skill and the support skill as the skill renderer writes them."""
    from fecipher.play.cli_cards import describe
    return describe(card)


def _units(view: PlayerView, side: SideView) -> tuple[UnitView, ...]:
    """The units of ``side`` the viewer sees: all of them, except during the set-up
    the opponent's Main Character, still face-down (rule: placed face-down, turned
    face-up after the mulligans; the view names it all the same)."""
    units = side.front + side.back
    if view.phase == "setup" and side is view.opponent:
        return tuple(u for u in units if not u.main_character)
    return units


def visible_cards(view: PlayerView) -> list[CardView]:
    """Every card the view names: both fields' stacks, both players' bonds, Support,
    Retreat and Boundless Areas, the viewer's hand and the cards they know
    (looked at, revealed). Unknown cards are left out."""
    out: list[CardView] = []
    for side in (view.me, view.opponent):
        for u in _units(view, side):
            out.extend(u.cards)
        out.extend(side.bonds + side.support + side.retreat + side.boundless + side.hand + side.deck_known)
        out.extend(side.orbs)
    return [c for c in out if not c.unknown]


def find_card(view: PlayerView, pool: Any, ref: str) -> tuple[Any | None, str]:
    """The card ``ref`` names, for ``info``: a card code or a full name in the card
    pool (public: the card list), else a part of the name of a card the player can
    see now, else a part of one card name of the pool. Returns (card, "") or
    (None, why not)."""
    ref = ref.strip()
    if not ref:
        return None, "info takes a card name or code, e.g. info Marth or info B01-003ST"
    if pool is not None:
        card = pool.find(ref)
        if card is not None:
            return card, ""
        if pool.ambiguity(ref):
            return None, pool.ambiguity(ref)
    low = ref.lower()
    seen = {c.code: c.name for c in visible_cards(view)}
    hits = sorted({code for code, name in seen.items() if low in name.lower()})
    if pool is not None and hits:
        names = {seen[c] for c in hits}
        if len(names) == 1:
            card = pool.find(hits[0])
            if card is not None:
                return card, ""
        return None, f"{ref!r} is part of several names in play: {'; '.join(sorted(names))}"
    if pool is not None:
        names = sorted({c.name for c in pool if low in c.name.lower()})
        if len(names) == 1:
            card = pool.find(names[0])
            if card is not None:
                return card, ""
            return None, pool.ambiguity(names[0])
        if names:
            more = f" and {len(names) - 8} more" if len(names) > 8 else ""
            return None, f"{ref!r} is part of {len(names)} card names: {'; '.join(names[:8])}{more}"
    return None, f"no card {ref!r}: type a card's code (B01-003ST) or a part of its name"


def option_cards(view: PlayerView, index: int) -> list[str]:
    """The codes of the cards option ``index`` (0-based) of the pending decision is
    about: the card it names, the acting unit's top card and the target's, each once
    and only when the view names it."""
    d = view.decision
    assert d is not None
    o = d.options[index]
    by_id = {c.id: c for c in visible_cards(view)}
    units = {u.id: u for side in (view.me, view.opponent) for u in _units(view, side)}
    codes: list[str] = []
    if o.card is not None and o.card in by_id:
        codes.append(by_id[o.card].code or "")
    for uid in (o.unit, o.target):
        u = units.get(uid) if uid is not None else None
        if u is not None and u.cards and not u.cards[0].unknown:
            codes.append(u.cards[0].code or "")
    return list(dict.fromkeys(c for c in codes if c))


# ----------------------------------------------------------------------------- areas
def _symbols(codes: Iterable[str | None], pool: Any) -> str:
    """"Red x2, Blue x1": the symbols of these cards (a card of two symbols counts
    for each), in the order of the card list's symbols."""
    from fecipher.play.board import SYMBOL_ORDER
    syms: Counter = Counter()
    for code in codes:
        card = pool.find(code) if pool is not None and code else None
        if card is not None:
            syms.update(card.symbols)
    order = sorted(syms, key=lambda s: SYMBOL_ORDER.index(s.value) if s.value in SYMBOL_ORDER else 99)
    return ", ".join(f"{s.label} x{syms[s]}" for s in order)


def bond_lines(view: PlayerView, pool: Any) -> list[str]:
    """Both players' Bond Areas: each face-up bond by name with its symbols, the
    face-down ones as such (named to the viewer when the view names them), and the
    symbol count that pays for deployments."""
    out = []
    for side in (view.opponent, view.me):
        who = "Your" if side is view.me else f"Player {side.player + 1}'s"
        up = [c for c in side.bonds if c.face_up]
        down = [c for c in side.bonds if not c.face_up]
        out.append(f"{who} bonds: {len(side.bonds)}"
                   + (f" (symbols: {_symbols([c.code for c in up], pool)})" if up else ""))
        for c in up:
            card = pool.find(c.code) if pool is not None and c.code else None
            sym = "/".join(s.label for s in card.symbols) if card is not None and card.symbols else "no symbol"
            out.append(f"  face-up: {c.name} ({sym})")
        for c in down:
            out.append("  face-down" + (f": {c.name}" if not c.unknown else ""))
    return out


def area_lines(view: PlayerView, area: str) -> list[str]:
    """Both players' cards in a public area (``retreat``, ``support``, ``boundless``),
    in order, each named."""
    title = AREA_TITLES[area]
    out = []
    for side in (view.opponent, view.me):
        who = "Your" if side is view.me else f"Player {side.player + 1}'s"
        cards = getattr(side, area)
        out.append(f"{who} {title}: " + (f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
                                          if cards else "empty"))
        for i, c in enumerate(cards, 1):
            out.append(f"  {i}. {c.name if not c.unknown else 'a card'}")
    return out


# ----------------------------------------------------------------------------- board
def _unit(u: UnitView) -> str:
    parts = [f"{u.name} {u.attack}"]
    if len(u.cards) > 1:
        parts.append(f"(stack {len(u.cards)})")
    if u.main_character:
        parts.append("MC")
    if u.tapped:
        parts.append("tapped")
    return " ".join(parts)


def _line(units: tuple[UnitView, ...], hidden_mc: bool) -> str:
    if not units:
        return "-"
    return " | ".join("a face-down Main Character" if hidden_mc and u.main_character else _unit(u)
                      for u in units)


def _bonds_short(side: SideView, pool: Any) -> str:
    up = [c.name for c in side.bonds if c.face_up and not c.unknown]
    down = sum(1 for c in side.bonds if not c.face_up)
    n = len(side.bonds)
    if not n:
        return "none"
    head = f"{n} bond" + ("" if n == 1 else "s")
    sym = _symbols([c.code for c in side.bonds if c.face_up], pool)
    parts = ([sym] if sym else []) + ([f"{down} face-down"] if down else [])
    text = head + (f" ({'; '.join(parts)})" if parts else "")
    return text + (f": {'; '.join(up)}" if up else "")


def _summary(view: PlayerView, side: SideView, deck_name: str, pool: Any) -> list[str]:
    tags = (["you"] if side is view.me else []) + ([deck_name] if deck_name else [])
    who = f"Player {side.player + 1}" + (f" ({', '.join(tags)})" if tags else "")
    out = [f"{who}: {len(side.orbs)} orb{'' if len(side.orbs) == 1 else 's'}, hand {side.hand_size}, deck {side.deck_size}, "
           f"retreat {len(side.retreat)}, support {len(side.support)}"
           + (f", boundless {len(side.boundless)}" if side.boundless else "")]
    out.append("  bonds: " + _bonds_short(side, pool))
    if side is view.me:
        def cost(c: CardView) -> str:
            card = pool.find(c.code) if pool is not None and c.code else None
            return f" ({card.cost})" if card is not None else ""
        out.append("  hand: " + ("; ".join(f"{c.name}{cost(c)}" for c in side.hand) if side.hand else "empty"))
    else:
        known = [c.name for c in side.hand if not c.unknown]
        out.append(f"  hand: {side.hand_size} card" + ("" if side.hand_size == 1 else "s")
                   + (f" (known: {'; '.join(known)})" if known else ""))
    return out


def board_lines(view: PlayerView, pool: Any = None, deck_names: tuple[str, str] = ("", "")) -> list[str]:
    """The board as ``view.viewer`` sees it, the opponent on top (back line first):
    where the game is, each side's orbs, hand, deck, Retreat and Support sizes, bonds
    with names and symbols, the units with attack, stacks, MC and tapped, the
    battle going on and who is to answer."""
    from fecipher.play.render import PHASE_WORDS
    if view.over:
        status = f"Game over after turn {view.turn}"
    elif view.phase == "setup":
        status = "Set-up: each player has drawn 6 cards"
    else:
        status = f"Turn {view.turn}, Player {view.turn_player + 1}'s {PHASE_WORDS.get(view.phase, view.phase)}"
    me, them = view.me, view.opponent
    hide = view.phase == "setup"
    out = [status]
    out += _summary(view, them, deck_names[them.player], pool)
    out.append("  Back : " + _line(them.back, hide))
    out.append("  Front: " + _line(them.front, hide))
    out.append("  " + "-" * 40)
    out.append("  Front: " + _line(me.front, False))
    out.append("  Back : " + _line(me.back, False))
    out += _summary(view, me, deck_names[me.player], pool)
    if view.battle is not None:
        units = {u.id: u for s in (me, them) for u in s.front + s.back}
        a, d = units.get(view.battle.attacker), units.get(view.battle.defender)
        if a is not None and d is not None:
            out.append(f"Battle: {a.name} attacks {d.name}")
    return out


# ----------------------------------------------------------------------------- why
def _name(game: Any, unit_id: int) -> str:
    return game.unit(unit_id).cards[0].card.name


def why_lines(game: Any, player: int) -> list[str]:
    """What ``player`` cannot do now and why, for the main kinds of action of the
    pending decision, each reason the engine's own (``game.why_illegal``):

    - Action Phase: attacking with each ally (each enemy, or one reason for all of
      them), moving each ally, using each action/bond/hand skill;
    - Deployment Phase: deploying each card in hand, and levelling up or class
      changing onto each ally of its unit name;
    - Bond Phase: placing each card in hand as a bond.

    Only the player's own cards and units and the units on the field are asked
    about, so nothing hidden is named. Other decisions (a target, a yes/no ...)
    offer every legal answer in their list."""
    d = game.decision
    if d is None or game.over:
        return ["The game is over." if game.over else "Nothing is pending."]
    if d.player != player:
        return [f"Player {d.player + 1} is deciding; you have nothing to do now."]
    legal = set(d.options)
    out: list[str] = []

    def refused(o: Option) -> str | None:
        return None if o in legal else game.why_illegal(o, player)

    me, them = game.players[player], game.players[1 - player]
    if d.kind == D.ACTION:
        for u in me.units:
            name = u.card.name
            reasons = {t.id: refused(Option(D.ATTACK, unit=u.id, target=t.id)) for t in them.units}
            bad = {t: r for t, r in reasons.items() if r is not None}
            moving = refused(Option(D.MOVE, unit=u.id))
            tapped = f"{name} is tapped"
            if (u.tapped and moving is not None and moving.startswith(tapped) and bad
                    and len(bad) == len(reasons) and all(r == tapped for r in bad.values())):
                out.append(f"attack or move with {name}: {tapped}")     # (one line, not two)
                continue
            if bad and len(set(bad.values())) == 1 and len(bad) == len(reasons):
                out.append(f"attack with {name}: {next(iter(bad.values()))}")
            else:
                for t, r in bad.items():
                    out.append(f"attack {_name(game, t)} with {name}: {r}")
            if moving is not None:
                out.append(f"move {name}: {moving}")
        from fecipher.engine.resolution import action_skill_contexts, skill_option
        for ctx in action_skill_contexts(game, player):
            r = refused(skill_option(ctx))
            if r is not None:
                where = ctx.unit.cards[0].card.name if ctx.unit is not None else ctx.source.card.name
                # (the engine says a condition is not met; the skill's text says which)
                text = f" (the skill: {ctx.skill.text})" if "condition is not met" in r and ctx.skill.text else ""
                out.append(f"use {ctx.skill.name} ({where}): {r}{text}")
    elif d.kind == D.DEPLOYMENT:
        from fecipher.engine.cards import card_unit_names
        for c in me.hand:
            mine = [o for o in d.options if o.card == c.id]
            if mine:
                continue
            reasons = [refused(Option(D.DEPLOY, card=c.id, area=a)) for a in ("front", "back")]
            r = next((x for x in reasons if x is not None), None)
            if r is not None:
                out.append(f"deploy {c.card.name}: {r}")
            names = card_unit_names(c.card)
            for u in me.units:
                if not names & card_unit_names(u.card):
                    continue
                kind = D.CLASS_CHANGE if c.card.class_change_cost is not None else D.LEVEL_UP
                r = refused(Option(kind, card=c.id, unit=u.id))
                if r is not None:
                    word = "class change" if kind == D.CLASS_CHANGE else "level up"
                    out.append(f"{word} {u.card.name} with {c.card.name}: {r}")
    elif d.kind == D.BOND:
        for c in me.hand:
            r = refused(Option(D.PLACE_BOND, card=c.id))
            if r is not None:
                out.append(f"place {c.card.name} as a bond: {r}")
    else:
        return [f"This decision ({d.prompt}) offers every answer it allows: the {len(d.options)} "
                "option" + ("" if len(d.options) == 1 else "s") + " listed."]
    if not out:
        return ["Everything of this kind can be done now: every option is listed."]
    return ["Not possible now:"] + [f"  - {line}" for line in out]
