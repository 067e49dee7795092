"""Small helpers for engine tests: vanilla cards and decks, boards built by hand,
answering decisions by predicate, and skills built in Python.

Import them from a test module in ``tests/`` (pytest puts this folder on the path)::

    from vanilla import card, duel, add_unit, add_cards, begin, pick

    g, mc0, mc1 = duel()                      # two MCs, 5 orbs and 10 filler cards each
    cain = add_unit(g, 0, card("Cain", attack=40))
    begin(g)                                  # turn 2, player 0's Action Phase
    pick(g, "attack", unit=cain, target=mc1)  # answer with the one option that matches

Vanilla cards have no skills unless you pass hand-built
:class:`fecipher.engine.skills.Skill` objects (see :func:`auto`, :func:`action`,
:func:`continuous`, :class:`TapCost`, :class:`FlipBondsCost`). A board is a
``Game(None, None, start=False)`` whose areas are filled directly, then started
with :func:`begin` (which calls ``game.start_at``). :func:`pick` and
:func:`options` take units and card copies or their ids, and a Card definition
for ``card=``.

Stable API (others depend on it): :func:`card`, :func:`deck`,
:func:`random_deck`, :func:`empty_game`, :func:`add_unit`, :func:`relocate`,
:func:`add_cards`, :func:`add_bonds`, :func:`add_orbs`, :func:`duel`,
:func:`begin`, :func:`options`, :func:`option`, :func:`pick`, :func:`refusal`,
:func:`answer_until`, :func:`events`, :func:`snapshot`, :data:`FILLER`, and the
skill helpers :func:`auto`, :func:`action`, :func:`continuous`, :func:`noop`,
:class:`TapCost`, :class:`FlipBondsCost`.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from fecipher.engine.cards import Card, CardCopy, Symbol
from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.game import Deck, Game
from fecipher.engine.skills import ContinuousEffect, Skill, SkillContext, SkillKind, Trigger
from fecipher.engine.state import FRONT, Bond, Orb, Unit

__all__ = [
    "card", "deck", "random_deck", "empty_game", "add_unit", "relocate", "add_cards", "add_bonds", "add_orbs",
    "duel", "begin", "options", "option", "pick", "refusal", "answer_until", "events", "snapshot",
    "FILLER",
]


# --------------------------------------------------------------------------- cards
def _symbols(symbols: Any) -> tuple[Symbol, ...]:
    if symbols is None:
        return ()
    if isinstance(symbols, (str, Symbol)):
        symbols = (symbols,)
    return tuple(s if isinstance(s, Symbol) else Symbol(s) for s in symbols)


def card(unit_name: str, title: str | None = None, *, cost: int = 1, cc: int | None = None,
         symbols: Any = "red", attack: int = 50, support: int = 10, ranges: Iterable[int] = (1,),
         gender: str | None = "male", weapon: str | None = "sword", types: Iterable[str] = (),
         skills: Iterable[Any] = (), support_skill: Any = None, code: str | None = None) -> Card:
    """A vanilla card definition.

    ``symbols`` is a colour name ("red"), a tuple of them, or ``None``/``()`` for
    no symbol; ``cc`` is the class-change cost (None: a card without one);
    ``ranges=()`` is a unit with no range. The title defaults to one made from
    the costs, so a cost-1 and a cost-4 card of one unit have different card
    names. The code is derived from the name (no global counter).
    """
    if title is None:
        title = f"cost {cost}" + (f" cc {cc}" if cc is not None else "")
    return Card(unit_name=unit_name, title=title, codes=(code or f"VAN-{unit_name}-{title}",),
                cost=cost, class_change_cost=cc, symbols=_symbols(symbols), gender=gender,
                weapon=weapon, types=tuple(types), ranges=frozenset(ranges), attack=attack,
                support=support, skills=tuple(skills), support_skill=support_skill)


#: A plain card for filling decks: unit name "Filler", attack 10, support 10.
FILLER = card("Filler", "deck filler", cost=1, attack=10, support=10)


def deck(main_character: Card, others: Iterable[Card] = (), *, size: int = 50,
         fill: Iterable[Card] | None = None, name: str = "vanilla") -> Deck:
    """A deck of ``size`` cards: the MC, ``others``, then filler cards.

    Filler cycles through ``fill`` (default: 13 distinct "Filler N" cards, so no
    card name goes above 4 copies)."""
    cards = [main_character, *others]
    pool = list(fill) if fill is not None else [card(f"Filler {i}", cost=1 + i % 3, attack=10 * (1 + i % 5))
                                               for i in range(13)]
    i = 0
    while len(cards) < size:
        cards.append(pool[i % len(pool)])
        i += 1
    return Deck(name, tuple(cards), main_character)


_COLOURS = [s.value for s in Symbol]


def random_deck(rng: random.Random, size: int | None = None, name: str = "random") -> Deck:
    """A random legal vanilla deck (rule 12) drawn from ``rng``.

    Unit lines of 1-3 cards each (lower and promoted classes, with or without a
    class-change cost), 0-2 symbols among two deck colours or none, ranges
    1 / 2 / 1-2 / 3 / none, 50-56 cards, at most 4 of a card name."""
    size = size or rng.randint(50, 56)
    colours = rng.sample(_COLOURS, 2)
    cards_by_line: list[list[Card]] = []
    n_units = rng.randint(8, 14)
    for u in range(n_units):
        unit = f"Unit {u}" if u != 0 else "Lord"
        line = []
        syms = rng.choice([(colours[0],), (colours[1],), (colours[0],), tuple(colours), ()])
        costs = [1] if u == 0 else [rng.randint(1, 2)]
        for _ in range(rng.randint(0, 2) if u else 2):
            costs.append(min(6, costs[-1] + rng.randint(1, 2)))
        for j, c in enumerate(costs):
            cc = (c - 1 if j > 0 and rng.random() < 0.7 else None)
            rng_choice = rng.choice([(1,), (1,), (2,), (1, 2), (1, 2), (3,), ()])
            line.append(card(unit, cost=c, cc=cc, symbols=syms, attack=rng.choice(range(10, 100, 10)),
                             support=rng.choice((0, 10, 10, 20, 20, 30)), ranges=rng_choice,
                             gender=rng.choice(("male", "female")), weapon=rng.choice(("sword", "lance", "bow"))))
        cards_by_line.append(line)
    mc = cards_by_line[0][0]
    pool = [c for line in cards_by_line for c in line]
    counts = {mc.name: 1}
    cards = [mc]
    while len(cards) < size:
        c = rng.choice(pool)
        if counts.get(c.name, 0) < 4:
            counts[c.name] = counts.get(c.name, 0) + 1
            cards.append(c)
        elif all(counts.get(x.name, 0) >= 4 for x in pool):
            pool.append(card(f"Extra {len(pool)}", cost=1))
    return Deck(name, tuple(cards), mc)


# --------------------------------------------------------------------------- boards
def empty_game(seed: int = 0, *, max_turns: int = 300) -> Game:
    """A game with empty areas, not started (fill it, then :func:`begin`)."""
    return Game(None, None, seed=seed, start=False, max_turns=max_turns)


def _copies(game: Game, player: int, cards: Iterable[Card | CardCopy]) -> list[CardCopy]:
    return [c if isinstance(c, CardCopy) else game.new_copy(c, player) for c in cards]


def add_unit(game: Game, player: int, *stack: Card, area: str = FRONT, tapped: bool = False,
             mc: bool = False, class_changed: bool = False) -> Unit:
    """Put a unit on the field: ``stack`` is top card first (one card: a plain unit)."""
    assert stack, "a unit needs at least one card"
    unit = game.new_unit(player, _copies(game, player, stack), area)
    unit.tapped = tapped
    unit.is_main_character = mc
    unit.class_changed = class_changed
    game.players[player].line(area).append(unit)
    game.invalidate()   # (a board changed by hand: the game's remembered values go)
    return unit


def add_cards(game: Game, player: int, area: str, *cards: Card, top: bool = False) -> list[CardCopy]:
    """Add copies to a card area ("hand", "deck", "retreat", "boundless", "support").

    The deck lists its top card first: cards go below the current ones, or on
    top with ``top=True`` (the first listed becomes the top card)."""
    copies = _copies(game, player, cards)
    where = getattr(game.players[player], area)
    if top:
        where[0:0] = copies
    else:
        where.extend(copies)
    return copies


def relocate(game: Game, unit: Unit, area: str) -> Unit:
    """Put a unit in the other line while building a board (no event, no march)."""
    p = game.players[unit.owner]
    p.line(unit.area).remove(unit)
    unit.area = area
    p.line(area).append(unit)
    game.invalidate()
    return unit


def add_bonds(game: Game, player: int, *cards: Card, face_up: bool = True) -> list[Bond]:
    bonds = [Bond(c, face_up) for c in _copies(game, player, cards)]
    game.players[player].bonds.extend(bonds)
    return bonds


def add_orbs(game: Game, player: int, n: int | Iterable[Card] = 5) -> list[Orb]:
    """Add face-down orbs: ``n`` filler cards, or the given cards."""
    cards = [FILLER] * n if isinstance(n, int) else list(n)
    orbs = [Orb(c) for c in _copies(game, player, cards)]
    game.players[player].orbs.extend(orbs)
    return orbs


def duel(mc0: Card | None = None, mc1: Card | None = None, *, orbs: int = 5, deck: int = 10,
         seed: int = 0, max_turns: int = 300) -> tuple[Game, Unit, Unit]:
    """The usual test board, not started: each player has an MC in the Front Line
    (default "Lord 0" / "Lord 1", attack 50), ``orbs`` orbs and ``deck`` filler
    cards in the deck. Returns (game, mc of player 0, mc of player 1)."""
    game = empty_game(seed, max_turns=max_turns)
    mcs = []
    for p, mc in enumerate((mc0, mc1)):
        mcs.append(add_unit(game, p, mc or card(f"Lord {p}", "main character", attack=50), mc=True))
        add_orbs(game, p, orbs)
        add_cards(game, p, "deck", *[FILLER] * deck)
    return game, mcs[0], mcs[1]


def begin(game: Game, turn: int = 2, player: int = 0, phase: str = "action",
          first_player: int | None = None) -> Game:
    """Start a hand-built board at ``phase`` of ``turn`` (default: turn 2 of player 0,
    who went second, so attacks are allowed)."""
    if first_player is None:
        first_player = player if turn % 2 == 1 else 1 - player
    game.start_at(turn, player, phase, first_player)
    return game


# --------------------------------------------------------------------------- answering
def _id(x: Any) -> Any:
    if isinstance(x, (Unit, CardCopy)):
        return x.id
    return x


def _matches(game: Game, o: Option, kind: str | None, fields: dict[str, Any]) -> bool:
    if kind is not None and o.kind != kind:
        return False
    for k, want in fields.items():
        have = getattr(o, k)
        if k == "card" and isinstance(want, Card):
            if have is None or game.copy(have).card is not want:
                return False
        elif k == "label":
            if want not in o.label:
                return False
        elif have != _id(want):
            return False
    return True


def options(game: Game, kind: str | None = None, **fields: Any) -> list[Option]:
    """The pending decision's options matching ``kind`` and fields (card, unit,
    target, area, skill; ``card`` may be a Card definition; ``label`` is a substring)."""
    return [o for o in game.legal_options() if _matches(game, o, kind, fields)]


def option(game: Game, kind: str | None = None, **fields: Any) -> Option:
    """The one option matching; AssertionError when none or several match."""
    found = options(game, kind, **fields)
    if len(found) != 1:
        d = game.decision
        listing = "\n  ".join(f"{o!r}" for o in game.legal_options())
        raise AssertionError(f"{len(found)} options match kind={kind} {fields} in "
                             f"{d.kind if d else 'no decision'} of player {d.player if d else '-'}:\n  {listing}")
    return found[0]


def pick(game: Game, kind: str | None = None, *, player: int | None = None, **fields: Any) -> Option:
    """Answer the pending decision with the one option matching (see :func:`option`).

    ``player`` asserts who decides. Returns the option answered."""
    if player is not None:
        assert game.decision is not None and game.decision.player == player, (
            f"expected player {player} to decide, pending: {game.decision}")
    o = option(game, kind, **fields)
    game.answer(o)
    return o


def refusal(game: Game, answer: Option | int) -> str:
    """The reason ``answer`` is refused (AssertionError if it is accepted)."""
    try:
        game.answer(answer)
    except IllegalAnswer as e:
        return e.reason
    raise AssertionError(f"{answer!r} was accepted")


def answer_until(game: Game, stop: Callable[[Game], bool], *, limit: int = 200) -> Game:
    """Answer "pass" / "no" (the option that declines) until ``stop(game)``.

    Stops with AssertionError when a decision has no declining option."""
    for _ in range(limit):
        if game.over or stop(game):
            return game
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        assert decline, f"no option declines {game.decision}"
        game.answer(decline[0])
    raise AssertionError("answer_until: limit reached")


def events(game: Game, *types: type, since: int = 0) -> list:
    """Events (of the given types, or all) published since index ``since``."""
    evs = game.events[since:]
    return [e for e in evs if not types or isinstance(e, types)]


def snapshot(game: Game) -> tuple:
    """A comparable picture of the whole state: every area, unit, flag and counter."""
    def unit(u: Unit) -> tuple:
        return (u.id, u.owner, tuple(c.id for c in u.cards), u.area, u.tapped, u.is_main_character,
                u.class_changed)
    players = []
    for p in game.players:
        players.append((
            tuple(c.id for c in p.deck), tuple(c.id for c in p.hand),
            tuple((o.copy.id, o.face_up) for o in p.orbs), tuple((b.copy.id, b.face_up) for b in p.bonds),
            tuple(unit(u) for u in p.front), tuple(unit(u) for u in p.back),
            tuple(c.id for c in p.support), tuple(c.id for c in p.retreat), tuple(c.id for c in p.boundless),
            p.cost_paid_this_turn, p.bonded_this_turn,
        ))
    return (tuple(players), game.turn, game.turn_player, game.phase, game.over, game.winner,
            len(game.events), tuple(game.answers), game.decision, len(game.modifiers),
            len(game.pending_triggers), game.rng.getstate())


# --------------------------------------------------------------------------- hand-built skills
# Skill mechanics without the skill language: Skill objects built in Python.
__all__ += ["TapCost", "FlipBondsCost", "auto", "action", "continuous", "noop"]


class TapCost:
    """The action icon: tap this unit (it must be untapped)."""

    text = "tap this unit"

    def can_pay(self, ctx: SkillContext) -> bool:
        u = ctx.unit
        return u is not None and not u.tapped

    def pay(self, ctx: SkillContext):
        ctx.game.tap(ctx.unit, by_skill=True)
        return
        yield  # a generator: costs may ask decisions


class FlipBondsCost:
    """The reverse icon: turn ``n`` face-up bonds face-down (the first ones)."""

    def __init__(self, n: int):
        self.n = n
        self.text = f"flip {n} bonds"

    def can_pay(self, ctx: SkillContext) -> bool:
        return sum(b.face_up for b in ctx.game.players[ctx.controller].bonds) >= self.n

    def pay(self, ctx: SkillContext):
        up = [b for b in ctx.game.players[ctx.controller].bonds if b.face_up][: self.n]
        for b in up:
            ctx.game.flip_bond(b, False)
        return
        yield


def noop(ctx: SkillContext):
    """An effect that does nothing (the SkillResolved event still shows it ran)."""
    return
    yield


def auto(name: str, event_type: type, match: Callable[[SkillContext, Any], bool] = lambda ctx, e: True,
         effect: Callable[[SkillContext], Any] = noop, **kw: Any) -> Skill:
    """An automatic skill: triggers on ``event_type`` when ``match(ctx, event)``."""
    return Skill(name, SkillKind.AUTOMATIC, triggers=(Trigger(event_type, match),), effect=effect, **kw)


def action(name: str, effect: Callable[[SkillContext], Any] = noop, **kw: Any) -> Skill:
    """An action skill (used in one's own Action Phase); ``costs=``, ``once_per_turn=`` ..."""
    return Skill(name, SkillKind.ACTION, effect=effect, **kw)


def continuous(name: str, stat: str, op: str, value: Any,
               applies: Callable[[SkillContext, Unit], bool] = lambda ctx, u: u.id == ctx.unit_id,
               **kw: Any) -> Skill:
    """A continuous skill; by default it changes its own unit."""
    return Skill(name, SkillKind.CONTINUOUS, continuous=(ContinuousEffect(stat, op, value, applies),), **kw)
