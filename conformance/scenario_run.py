"""Running scenarios: build the board, play the steps, check the expectations.

Strict by default: every decision the game asks must be answered by the next
step (a decision the scenario did not answer fails it), and a step left when the
game is over fails it. A scenario marked ``lenient`` answers the decisions it
does not script with "pass" / "no" / the first option until the next step fits.

Each failure is reported with file:line, the expectation, what the engine did
instead, the pending decision and the recent events (:meth:`Failure.format`).
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Iterable, Iterator

import attrs

from fecipher.dsl.compiler import blank_card, blank_keys, is_blanked, without_skills
from fecipher.dsl.errors import Diagnostic, LanguageError, suggest
from fecipher.dsl.packs import PACK_SUFFIX, CardPool, compile_text, duplicate_codes, embedded_pool
from fecipher.conformance.scenario import (
    CardRef, EventPattern, Expect, Item, Scenario, Step, UnitRef, load_scenarios, read_source, scenario_files,
)
from fecipher.engine import decisions as D
from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.decisions import IllegalAnswer, Option
from fecipher.engine.game import Game
from fecipher.engine.state import Bond, Orb, Unit

RECENT_EVENTS = 15
PLAYER_FIELDS = frozenset({"player", "by_player", "winner", "first_player"})
UNIT_ID_FIELDS = frozenset({"unit", "attacker", "defender", "by_unit"})
CARD_ID_FIELDS = frozenset({"card", "discarded"})

# Which decisions a step answers (None: any decision with a fitting option).
STEP_DECISIONS: dict[str, frozenset[str] | None] = {
    "bond": frozenset({D.BOND}), "no_bond": frozenset({D.BOND}),
    "deploy": frozenset({D.DEPLOYMENT}), "level_up": frozenset({D.DEPLOYMENT}),
    "class_change": frozenset({D.DEPLOYMENT}),
    "move": frozenset({D.ACTION}), "attack": frozenset({D.ACTION}), "use": frozenset({D.ACTION}),
    "mulligan": frozenset({D.MULLIGAN}), "keep": frozenset({D.MULLIGAN}),
    "critical": frozenset({D.CRITICAL_HIT}), "no_critical": frozenset({D.CRITICAL_HIT}),
    "evade": frozenset({D.EVASION}), "no_evade": frozenset({D.EVASION}),
    "answer": frozenset({D.MAY}), "break_orb": frozenset({D.BREAK_ORB}), "order": frozenset({D.ORDER_SKILLS}),
    "choose": None, "choose_nothing": None, "choose_line": frozenset({D.AREA}), "pick_label": None, "pick_index": None, "pass": None,
    "end_phase": None, "concede": None,
}
PHASE_DECISIONS = {"bond": D.BOND, "deployment": D.DEPLOYMENT, "action": D.ACTION}


class StepError(Exception):
    """A step that cannot be made into an answer now (no such unit, no pass option ...)."""


class _Fail(Exception):
    def __init__(self, line: int, expected: str, actual: str, *, recent: bool = True):
        super().__init__(actual)
        self.recent = recent
        self.line = line
        self.expected = expected
        self.actual = actual


@attrs.define
class Failure:
    filename: str
    line: int
    scenario: str
    expected: str
    actual: str
    decision: str = ""
    events: list[str] = attrs.Factory(list)
    total_events: int = 0

    def format(self) -> str:
        out = [f"{self.filename}:{self.line}: scenario \"{self.scenario}\" failed",
               f"  expected: {self.expected}"]
        actual = self.actual.splitlines() or [""]
        out.append(f"  instead:  {actual[0]}")
        out.extend(f"            {a}" for a in actual[1:])
        if self.decision:
            out.append(f"  pending decision: {self.decision}")
        if self.events:
            out.append(f"  recent events (last {len(self.events)} of {self.total_events}):")
            out.extend(f"    {e}" for e in self.events)
        return "\n".join(out)

    def __str__(self) -> str:
        return self.format()


@attrs.define
class Result:
    scenario: Scenario
    status: str                      # passed, failed, pending (fails, as expected), fixed (pending, passes)
    failure: Failure | None = None
    game: Game | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "pending", "fixed")

    def format(self) -> str:
        sc = self.scenario
        where = f"{sc.filename}:{sc.line}"
        if self.status == "passed":
            return f"{where}: ok \"{sc.name}\""
        if self.status == "fixed":
            return (f"{where}: pending \"{sc.name}\" passes now: remove its 'pending' line "
                    f"(it was: {sc.pending})")
        if self.status == "pending":
            return f"{where}: pending \"{sc.name}\": {sc.pending}"
        assert self.failure is not None
        return self.failure.format()


# ---------------------------------------------------------------------------- cards
@functools.lru_cache(maxsize=256)
def _compile_block(text: str, filename: str) -> tuple[Card, ...]:
    return tuple(compile_text(text, filename))


MAX_PACK_BYTES = 4 << 20      # a pack file named by a scenario (the largest shipped pack has ~200 KB)
MAX_DECK_BYTES = 1 << 20


@functools.lru_cache(maxsize=64)
def _load_pack_file(path: str, mtime: float) -> tuple[Card, ...]:
    return tuple(compile_text(read_source(path, MAX_PACK_BYTES, "pack file"), path))


def resolve_in_tree(sc: Scenario, ref: str, suffix: str, what: str) -> tuple[Path | None, str]:
    """The file a scenario names (relative to its folder), or None and why not:
    it must end with ``suffix`` and lie inside the scenario's tree
    (:attr:`Scenario.tree`), symbolic links resolved, so that a scenario reads
    only the packs and decks it ships with and never echoes another file."""
    if not ref.endswith(suffix):
        return None, f"a {what} file name ends with {suffix}; '{ref}' does not"
    if "\0" in ref:
        return None, f"'{ref}' is not a file name"
    try:
        path = (sc.directory / ref).resolve()
    except (OSError, RuntimeError, ValueError) as e:
        return None, f"'{ref}' cannot be resolved: {e}"
    tree = sc.tree
    if path != tree and tree not in path.parents:
        return None, (f"'{ref}' is outside the scenario's folder {tree}: a scenario loads {what} files from "
                      f"its own folder and the folders below it (run 'fecipher test' on a parent folder, or "
                      f"give --root, to widen it)")
    if not path.is_file():
        return None, f"no {what} file '{ref}' (looked for {path})"
    return path, ""


def scenario_pool(sc: Scenario, blank: frozenset[str] = frozenset(),
                  blank_skills: frozenset[tuple[str, str]] = frozenset()) -> CardPool:
    """The cards a scenario may name: its packs (default: the embedded ones) and
    its inline cards; every problem is raised at once as LanguageError. The cards
    ``blank`` names (upper-case codes or "Unit, Title" names) have no skill and no
    support skill, and each (upper-case card code or name, skill name) of ``blank_skills``
    takes that one skill away (the blank check, ``tools/blankcheck.py``)."""
    cards: list[Card] = []
    diags: list[Diagnostic] = []
    packs = sc.packs if sc.packs is not None else sc.file_packs
    if packs is None:
        packs = [("embedded", sc.pos)]
    lines = _source_lines(sc.filename)
    for ref, pos in packs:
        if ref == "embedded":
            cards.extend(embedded_pool().cards)
            continue
        path, why = resolve_in_tree(sc, ref, PACK_SUFFIX, "pack")
        if path is None:
            diags.append(Diagnostic(sc.filename, pos.line, pos.column, why, _line(lines, pos.line)))
            continue
        try:
            cards.extend(_load_pack_file(str(path), path.stat().st_mtime))
        except LanguageError as e:
            diags.extend(e.diagnostics)
        except OSError as e:
            diags.append(Diagnostic(sc.filename, pos.line, pos.column,
                                    f"cannot read the pack file '{ref}': {e.strerror or e}", _line(lines, pos.line)))
    for block in sc.file_cards + sc.cards:
        try:
            cards.extend(_compile_block(block.text, sc.filename))
        except LanguageError as e:
            diags.extend(e.diagnostics)
    diags.extend(duplicate_codes(cards))
    if diags:
        raise LanguageError(diags)
    if blank:
        cards = [blank_card(c) if is_blanked(c, blank) else c for c in cards]
    if blank_skills:
        by_card: dict[str, set[str]] = {}
        for card_name, skill in blank_skills:
            by_card.setdefault(card_name, set()).add(skill)
        out = []
        for c in cards:
            # (a code names one card; a name, every card of that name)
            names = set().union(*(by_card.get(k, ()) for k in blank_keys(c.codes, c.name)))
            out.append(without_skills(c, names) if names else c)
        cards = out
    return CardPool(tuple(cards))


@functools.lru_cache(maxsize=64)
def _source_lines_cached(filename: str, mtime: float) -> tuple[str, ...]:
    try:
        return tuple(Path(filename).read_text(encoding="utf-8").splitlines())
    except (OSError, UnicodeDecodeError):
        return ()


def _source_lines(filename: str) -> tuple[str, ...]:
    try:
        return _source_lines_cached(filename, Path(filename).stat().st_mtime)
    except OSError:
        return ()


def _line(lines: tuple[str, ...] | list[str], n: int) -> str:
    return lines[n - 1] if 0 < n <= len(lines) else ""


class _Refs:
    """Resolves card and unit references against a pool, collecting diagnostics."""

    def __init__(self, sc: Scenario, pool: CardPool, lines: tuple[str, ...]):
        self.sc = sc
        self.pool = pool
        self.lines = lines
        self.diags: list[Diagnostic] = []
        self.unit_words = {c.unit_name for c in pool} | {c.name for c in pool} | {
            it.label for ps in sc.players for items in ps.areas.values() for it in items if it.label is not None}

    def error(self, pos, msg: str) -> None:
        self.diags.append(Diagnostic(self.sc.filename, pos.line, pos.column, msg, _line(self.lines, pos.line)))

    def card(self, ref: CardRef, *, unit_name_ok: bool = False) -> None:
        if self.pool.find(ref.text) is not None:
            return
        if unit_name_ok and not ref.is_code and ref.text in self.unit_words:
            return
        if ref.is_code:
            self.error(ref.pos, f"unknown card code {ref.text}{suggest(ref.text, self.pool.by_code)}")
        elif self.pool.ambiguity(ref.text):
            self.error(ref.pos, self.pool.ambiguity(ref.text))
        else:
            known = [c.name for c in self.pool] + ([c.unit_name for c in self.pool] if unit_name_ok else [])
            hint = _suggest_exact(ref.text, known)
            self.error(ref.pos, f'unknown card "{ref.text}"{hint} (a card is named by its code or by '
                                f'"Unit Name, Title")')

    def unit(self, ref: UnitRef | None) -> None:
        if ref is None or ref.mc:
            return
        if ref.is_code:
            if self.pool.find(ref.name or "") is None:
                self.error(ref.pos, f"unknown card code {ref.name}{suggest(ref.name or '', self.pool.by_code)}")
            return
        if ref.name in self.unit_words:
            return
        self.error(ref.pos, f'no card in the packs has the unit name or card name "{ref.name}"'
                            f'{_suggest_exact(ref.name or "", self.unit_words)}')

    def choice(self, ref: UnitRef) -> None:
        # A choice may also be a skill's name: nothing to check before the game asks.
        return None

    def items(self, items: Iterable[Item], *, unit_name_ok: bool = False) -> None:
        for it in items:
            for c in it.cards:
                self.card(c, unit_name_ok=unit_name_ok)

    def step(self, step: Step) -> None:
        a = step.args
        for k in ("card",):
            if a.get(k) is not None:
                self.card(a[k])
        for k in ("unit", "target"):
            if isinstance(a.get(k), UnitRef):
                self.unit(a[k])

    def expect(self, e: Expect) -> None:
        a = e.args
        if e.kind in ("area", "contains", "lacks"):
            v = a["value"]
            if isinstance(v, tuple) and (not v or isinstance(v[0], Item)):
                self.items(v, unit_name_ok=a["area"] in ("front", "back", "field"))
        elif e.kind == "unit":
            self.unit(a["unit"])
            for name, value, neg, pos in a["checks"]:
                if name == "is" and value[0] == "card":
                    self.card(value[1])
        elif e.kind in ("legal", "not_legal", "refused"):
            self.step(a["step"])


def _suggest_exact(word: str, known: Iterable[str]) -> str:
    import difflib
    known = sorted(set(known))
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    if not close:
        low = {k.lower(): k for k in known}
        close = [low[c] for c in difflib.get_close_matches(word.lower(), list(low), n=1, cutoff=0.6)]
    return f': did you mean "{close[0]}"?' if close else ""


def check_references(sc: Scenario, pool: CardPool) -> None:
    refs = _Refs(sc, pool, _source_lines(sc.filename))
    for ps in sc.players:
        for area, items in ps.areas.items():
            refs.items(items)
    for item in sc.body:
        if isinstance(item, Step):
            refs.step(item)
        else:
            refs.expect(item)
    if refs.diags:
        raise LanguageError(refs.diags)


# ---------------------------------------------------------------------------- building the game
def _first_player(sc: Scenario) -> int:
    if sc.first_player is not None:
        return sc.first_player
    if sc.start is None:
        return 0
    turn, tp, _ = sc.start
    return tp if turn % 2 == 1 else 1 - tp


def build_board(sc: Scenario, pool: CardPool, labels: dict[int, str] | None = None) -> Game:
    """A prepared board: every area of both players, then the game started at its phase.
    ``labels`` is given each labelled unit's label ('as "Left Jagen"'), by the unit's id."""
    g = Game(None, None, seed=sc.seed, start=False)
    for i, ps in enumerate(sc.players):
        p = g.players[i]

        def copies(items, _i=i):
            for it in items:
                for _ in range(it.count):
                    yield it, [g.new_copy(pool.find(c.text), _i) for c in it.cards]  # type: ignore[arg-type]

        for area in ("deck", "hand", "support", "retreat", "boundless"):
            for it, cs in copies(ps.areas.get(area, ())):
                getattr(p, area).extend(cs)
        for it, cs in copies(ps.areas.get("orbs", ())):
            p.orbs.append(Orb(cs[0], face_up="face-up" in it.attrs))
        for it, cs in copies(ps.areas.get("bonds", ())):
            p.bonds.append(Bond(cs[0], face_up="face-down" not in it.attrs))
        for area in ("front", "back"):
            for it, cs in copies(ps.areas.get(area, ())):
                u = g.new_unit(i, cs, area)
                u.tapped = "tapped" in it.attrs
                u.is_main_character = "MC" in it.attrs
                # A card with a class-change cost on top of a stack got there by class change.
                u.class_changed = ("class-changed" in it.attrs or
                                   (len(cs) > 1 and cs[0].card.is_promoted and "not-class-changed" not in it.attrs))
                p.line(area).append(u)
                if it.label is not None and labels is not None:
                    labels[u.id] = it.label
        p.cost_paid_this_turn = ps.paid
        p.bonded_this_turn = ps.bonded
    first = _first_player(sc)
    turn, tp, phase = sc.start if sc.start is not None else (1, first, "beginning")
    g.start_at(turn, tp, phase, first)
    return g


# ---------------------------------------------------------------------------- the run
class Run:
    """One scenario being played."""

    def __init__(self, sc: Scenario, blank: frozenset[str] = frozenset(),
                 blank_skills: frozenset[tuple[str, str]] = frozenset()):
        self.sc = sc
        self.blank = blank
        self.blank_skills = blank_skills
        self.pool: CardPool | None = None
        self.game: Game | None = None
        self.decks: list[Any] = []
        self.start_error = ""
        self.window = 0
        self._names: dict[int, str] = {}
        self._current: Step | Expect | None = None

    # ------------------------------------------------------------ entry
    def run(self) -> Result:
        sc = self.sc
        try:
            self.pool = scenario_pool(sc, self.blank, self.blank_skills)
            check_references(sc, self.pool)
            self._start()
            seen_decision = False
            for item in sc.body:
                self._current = item
                if isinstance(item, Step):
                    self.do_step(item)
                    seen_decision = False
                else:
                    self.check(item)
                    seen_decision = seen_decision or item.kind in ("decision", "no_decision")
            self._current = None
            if not seen_decision:
                self._check_end()
        except LanguageError as e:
            shown = [d.format() for d in e.diagnostics[:8]]
            if len(e.diagnostics) > 8:
                shown.append(f"... and {len(e.diagnostics) - 8} more errors")
            line = e.first.line if e.first.filename == sc.filename and e.first.line else sc.line
            failure = Failure(sc.filename, line, sc.name, "a scenario whose cards, packs and decks load",
                              "\n".join(shown))
            return self._result(failure)
        except _Fail as f:
            return self._result(self._failure(f))
        except Exception as e:  # an engine crash is a failure of the scenario, reported like one
            import traceback
            tb = traceback.extract_tb(e.__traceback__)[-1]
            line = self._current.pos.line if self._current is not None else sc.line
            text = self._current.text if self._current is not None else "the setup"
            where = f"{Path(tb.filename).name}:{tb.lineno}"
            return self._result(self._failure(_Fail(line, text, f"the engine raised {type(e).__name__}: {e} "
                                                                f"(at {where})")))
        return self._result(None)

    def _check_end(self) -> None:
        """Strict: a scenario may stop at a phase's own decision (bond, deployment,
        action, mulligan), not in the middle of something it started (an evasion,
        an orb to break, a choice, a "you may") unless it expects that decision."""
        g = self.game
        if g is None or g.over or g.decision is None or self.sc.lenient:
            return
        d = g.decision
        if d.kind in (D.BOND, D.DEPLOYMENT, D.ACTION, D.MULLIGAN):
            return
        last = self.sc.body[-1] if self.sc.body else None
        line = last.pos.line if last is not None else self.sc.line
        raise _Fail(line, "the end of the scenario",
                    f"the game asks player {d.player + 1} to decide {d.kind} ({d.prompt}), a decision the scenario "
                    f"did not answer; answer it, or expect it with 'expect player {d.player + 1} to decide {d.kind}'")

    def _result(self, failure: Failure | None) -> Result:
        if self.sc.pending is not None:
            return Result(self.sc, "pending" if failure else "fixed", failure, self.game)
        return Result(self.sc, "failed" if failure else "passed", failure, self.game)

    def _failure(self, f: _Fail) -> Failure:
        g = self.game
        decision = ""
        events: list[str] = []
        total = 0
        if g is not None:
            d = g.decision
            if d is not None and not g.over:
                decision = self.describe_decision(d)
            elif g.over:
                decision = f"none: the game is over ({self._winner_text()})"
            total = len(g.events)
            if f.recent:
                events = [self.describe_event(e) for e in g.events[-RECENT_EVENTS:]]
        return Failure(self.sc.filename, f.line, self.sc.name, f.expected, f.actual, decision, events, total)

    def _start(self) -> None:
        sc = self.sc
        assert self.pool is not None
        if sc.decks is not None:
            from fecipher.dsl.decks import DECK_SUFFIX, embedded_decks, load_deck, parse_deck
            from fecipher.engine.deckrules import IllegalDeck
            for ref in sc.decks:
                if ref[0] == "inline":
                    self.decks.append(parse_deck(ref[1].text, self.pool, sc.filename))
                    continue
                # A deck is an embedded deck's name ("marth") or a .deck file in the scenario's tree.
                name, pos = ref[1], ref[2]

                def refuse(why: str, _pos=pos) -> LanguageError:
                    return LanguageError([Diagnostic(sc.filename, _pos.line, _pos.column, why,
                                                     _line(_source_lines(sc.filename), _pos.line))])

                if name in embedded_decks():
                    self.decks.append(load_deck(name, self.pool))
                    continue
                if not name.endswith(DECK_SUFFIX):
                    raise refuse(f"no embedded deck '{name}' (embedded: {', '.join(embedded_decks())}); "
                                 f"a deck file is named with its {DECK_SUFFIX} suffix")
                path, why = resolve_in_tree(sc, name, DECK_SUFFIX, "deck")
                if path is None:
                    raise refuse(why)
                try:
                    text = read_source(path, MAX_DECK_BYTES, "deck file")
                except OSError as e:
                    raise refuse(f"cannot read the deck file '{name}': {e.strerror or e}") from None
                self.decks.append(parse_deck(text, self.pool, str(path)))
            try:
                self.game = Game(self.decks[0], self.decks[1], seed=sc.seed, first_player=sc.first_player)
            except IllegalDeck as e:
                self.start_error = str(e)
                self.game = None
            return
        self.labels: dict[int, str] = {}
        self.game = build_board(sc, self.pool, self.labels)

    # ------------------------------------------------------------ describing
    def player_text(self, i: int | None) -> str:
        return "nobody" if i is None else f"player {i + 1}"

    def _winner_text(self) -> str:
        g = self.game
        assert g is not None
        who = "a draw" if g.winner is None else f"player {g.winner + 1} won"
        return f"{who}: {g.reason}"

    def describe_decision(self, d: D.Decision) -> str:
        opts = "; ".join(o.label or o.kind for o in d.options)
        return f"player {d.player + 1} decides {d.kind}: {d.prompt}\n    options: {opts}"

    def unit_name_of(self, unit_id: int | None) -> str | None:
        if unit_id is None:
            return None
        g = self.game
        assert g is not None
        u = g.unit(unit_id)
        if u is not None:
            return u.card.name
        if unit_id not in self._names:
            for e in g.events:
                uid = getattr(e, "unit", None)
                name = getattr(e, "name", None)
                if isinstance(uid, int) and isinstance(name, str):
                    self._names.setdefault(uid, name)
        return self._names.get(unit_id)

    def describe_event(self, e) -> str:
        g = self.game
        assert g is not None
        parts = []
        for f in attrs.fields(type(e)):
            v = getattr(e, f.name)
            if f.name in PLAYER_FIELDS and isinstance(v, int):
                parts.append(f"{f.name}=player {v + 1}" if f.name != "player" else f"player {v + 1}")
            elif f.name in UNIT_ID_FIELDS and isinstance(v, int):
                n = self.unit_name_of(v)
                parts.append(f"{f.name}=#{v}" + (f' "{n}"' if n else ""))
            elif f.name in CARD_ID_FIELDS and isinstance(v, int):
                try:
                    parts.append(f'{f.name}=#{v} "{g.copy(v).card.name}"')
                except KeyError:
                    parts.append(f"{f.name}=#{v}")
            elif isinstance(v, str):
                parts.append(f'{f.name}="{v}"')
            elif isinstance(v, tuple):
                parts.append(f"{f.name}=({', '.join(map(str, v))})")
            else:
                parts.append(f"{f.name}={v}")
        return f"{e.kind}({', '.join(parts)})"

    def describe_card(self, c: CardCopy | Card) -> str:
        card = c.card if isinstance(c, CardCopy) else c
        return f'"{card.name}" ({card.code})'

    def ambiguous(self, ref: UnitRef, cands: list[Unit]) -> str:
        """Why ``ref`` names no one unit, and how to name one: by its owner when the units
        are of both players, else by a label given in the setup."""
        listed = "; ".join(self.describe_unit(u) + (f' as "{self.labels[u.id]}"' if u.id in self.labels else "")
                           for u in cands)
        if len({u.owner for u in cands}) > 1 and ref.player is None:
            return f"{ref} is ambiguous ({listed}): write player 1's or player 2's"
        first = cands[0]
        return (f"{ref} is ambiguous ({listed}): give each of these units a label where the setup places it, "
                f"e.g. '{first.area}: {first.card.code} as \"{first.name} 1\"', and name it by its label "
                f"(\"{first.name} 1\")")

    def describe_unit(self, u: Unit) -> str:
        if len(u.cards) > 1:
            body = "[" + ", ".join(self.describe_card(c) for c in u.cards) + "]"
        else:
            body = self.describe_card(u.top)
        flags = [f for f, on in (("MC", u.is_main_character), ("tapped", u.tapped),
                                 ("class-changed", u.class_changed)) if on]
        return body + "".join(" " + f for f in flags)

    # ------------------------------------------------------------ lookups
    def _need_game(self, line: int, text: str) -> Game:
        if self.game is None:
            raise _Fail(line, text, f"the game did not start: {self.start_error or 'no setup'}")
        return self.game

    def card(self, ref: CardRef) -> Card:
        assert self.pool is not None
        c = self.pool.find(ref.text)
        if c is None:  # checked before the run; unit names only reach here in unit lists
            raise StepError(f"unknown card {ref}")
        return c

    def copies_of(self, player: int) -> Iterator[CardCopy]:
        g = self.game
        assert g is not None
        p = g.players[player]
        yield from p.hand
        yield from p.deck
        yield from p.retreat
        yield from p.support
        yield from p.boundless
        yield from (b.copy for b in p.bonds)
        yield from (o.copy for o in p.orbs)
        for u in p.units:
            yield from u.cards

    def copy_id(self, player: int, ref: CardRef) -> int:
        card = self.card(ref)
        for c in self.copies_of(player):
            if c.card is card:
                return c.id
        raise StepError(f"player {player + 1} has no {ref} in any area")

    def unit_matches(self, u: Unit, ref: UnitRef) -> bool:
        g = self.game
        assert g is not None
        if ref.player is not None and u.owner != ref.player:
            return False
        if ref.mc:
            return u.is_main_character
        if ref.is_code:
            return any(code.upper() == (ref.name or "").upper() for code in u.card.codes)
        return ref.name in g.unit_names(u) or u.card.name == ref.name or self.labels.get(u.id) == ref.name

    def find_units(self, ref: UnitRef, prefer: int | None = None) -> list[Unit]:
        g = self.game
        assert g is not None
        cands = [u for u in g.all_units() if self.unit_matches(u, ref)]
        if len(cands) > 1 and prefer is not None and ref.player is None:
            cands = [u for u in cands if u.owner == prefer] or cands
        return cands

    def unit(self, ref: UnitRef, prefer: int | None = None) -> Unit:
        cands = self.find_units(ref, prefer)
        if not cands:
            raise StepError(f"there is no unit {ref} on the field")
        if len(cands) > 1:
            raise StepError(self.ambiguous(ref, cands))
        return cands[0]

    # ------------------------------------------------------------ steps
    def fits(self, step: Step, d: D.Decision) -> bool:
        if d.player != step.player:
            return False
        kinds = STEP_DECISIONS.get(step.verb)
        if step.verb == "end_phase":
            kinds = frozenset({PHASE_DECISIONS.get(step.args["phase"][0], "-")})
        if kinds is not None and d.kind not in kinds:
            return False
        if kinds is None and step.verb in ("choose", "pick_label", "pick_index", "pass", "choose_nothing"):
            try:
                self.option_for(step)
            except StepError:
                return False
        return True

    def default_option(self, d: D.Decision) -> Option:
        for kind in (D.PASS, D.NO):
            for o in d.options:
                if o.kind == kind:
                    return o
        return d.options[0]

    def pass_option(self, d: D.Decision) -> Option:
        for o in d.options:
            if o.kind == D.PASS:
                return o
        raise StepError(f"the {d.kind} decision cannot be passed: it has no such option")

    def option_for(self, step: Step) -> Option:
        g = self.game
        assert g is not None
        d = g.decision
        if d is None:
            raise StepError("the game asks nothing")
        v, a, me = step.verb, step.args, step.player
        if v == "bond":
            return Option(D.PLACE_BOND, card=self.copy_id(me, a["card"]))
        if v in ("no_bond", "pass", "choose_nothing", "no_critical", "no_evade"):
            return self.pass_option(d)
        if v == "end_phase":
            phase = a["phase"][0]
            if PHASE_DECISIONS.get(phase) != d.kind:
                raise StepError(f"the game is not in the {phase} phase's decision (it asks {d.kind})")
            return self.pass_option(d)
        if v == "deploy":
            return Option(D.DEPLOY, card=self.copy_id(me, a["card"]), area=a["area"])
        if v in ("level_up", "class_change"):
            kind = D.LEVEL_UP if v == "level_up" else D.CLASS_CHANGE
            return Option(kind, card=self.copy_id(me, a["card"]), unit=self.unit(a["unit"], me).id)
        if v == "move":
            return Option(D.MOVE, unit=self.unit(a["unit"], me).id)
        if v == "attack":
            return Option(D.ATTACK, unit=self.unit(a["unit"], me).id, target=self.unit(a["target"], 1 - me).id)
        if v == "use":
            return self.skill_option(me, a["skill"], a.get("unit"), d)
        if v in ("mulligan", "keep"):
            return Option(D.YES if v == "mulligan" else D.NO)
        if v in ("critical", "evade"):
            if a.get("card") is not None:
                return Option(D.DISCARD, card=self.copy_id(me, a["card"]))
            for o in d.options:
                if o.kind == D.DISCARD:
                    return o
            raise StepError(f"player {me + 1} has no card to discard for a "
                            f"{'critical hit' if v == 'critical' else 'god-speed evasion'}")
        if v == "answer":
            return Option(D.YES if a["yes"] else D.NO)
        if v == "choose":
            return self.choice_option(a["choice"], d)
        if v == "choose_line":
            return Option(D.AREA, area=a["area"])
        if v == "break_orb":
            orbs = g.players[me].orbs
            i = a["index"]
            if not 1 <= i <= len(orbs):
                raise StepError(f"player {me + 1} has {len(orbs)} orbs; there is no orb {i}")
            return Option(D.CARD, card=orbs[i - 1].copy.id)
        if v == "order":
            for o in d.options:
                if o.kind == D.SKILL and o.skill == a["skill"]:
                    return o
            raise StepError(f"no pending skill named \"{a['skill']}\" to resolve")
        if v == "pick_label":
            want = a["label"].lower()
            for o in d.options:
                if want in (o.label or o.kind).lower():
                    return o
            raise StepError(f"no option whose label contains \"{a['label']}\"")
        if v == "pick_index":
            i = a["index"]
            if not 1 <= i <= len(d.options):
                raise StepError(f"there are {len(d.options)} options; there is no option {i}")
            return d.options[i - 1]
        raise StepError(f"unknown step {v}")  # pragma: no cover

    def skill_option(self, me: int, name: str, unit_ref: UnitRef | None, d: D.Decision) -> Option:
        g = self.game
        assert g is not None
        unit_ids = None
        if unit_ref is not None:
            unit_ids = {u.id for u in self.find_units(unit_ref, me)}
            if not unit_ids:
                raise StepError(f"there is no unit {unit_ref} on the field")
        for o in d.options:
            if o.kind == D.USE_SKILL and o.skill == name and (unit_ids is None or o.unit in unit_ids):
                return o
        # Not offered now: build it anyway, so that the engine says why.
        from fecipher.engine.resolution import skill_option, skill_sources
        for skill, ctx in skill_sources(g, me):
            if skill.name == name and (unit_ids is None or ctx.unit_id in unit_ids):
                return skill_option(ctx)
        raise StepError(f"player {me + 1} has no skill named \"{name}\""
                        + (f" on {unit_ref}" if unit_ref is not None else ""))

    def choice_option(self, ref: UnitRef, d: D.Decision) -> Option:
        g = self.game
        assert g is not None
        unit_ids = {u.id for u in self.find_units(ref)}
        card = self.pool.find(ref.name or "") if self.pool is not None else None
        for o in d.options:
            if o.kind == D.PASS:
                continue
            if (o.unit in unit_ids) or (o.target in unit_ids and o.kind != D.SKILL):
                return o
            if o.card is not None:
                try:
                    c = g.copy(o.card)
                except KeyError:
                    c = None
                if c is not None and (ref.player is None or c.owner == ref.player) and (
                        c.card is card or c.card.unit_name == ref.name or c.card.name == ref.name):
                    return o
            if o.skill is not None and o.skill == ref.name:
                return o
        raise StepError(f"{ref} is not one of the options")

    def do_step(self, step: Step) -> None:
        g = self._need_game(step.pos.line, step.text)
        if g.over:
            raise _Fail(step.pos.line, step.text,
                        f"the game is over ({self._winner_text()}); this step is left unused")
        if step.verb == "concede":
            g.concede(step.player)
            return
        for _ in range(200):
            d = g.decision
            if d is None:
                raise _Fail(step.pos.line, step.text, "the game asks nothing more; this step is left unused")
            if self.fits(step, d):
                break
            if not self.sc.lenient:
                raise _Fail(step.pos.line, step.text,
                            f"the game asks player {d.player + 1} to decide {d.kind} ({d.prompt}), "
                            f"a decision the scenario did not answer")
            g.answer(self.default_option(d))
            if g.over:
                raise _Fail(step.pos.line, step.text,
                            f"the game is over ({self._winner_text()}); this step is left unused")
        else:  # pragma: no cover
            raise _Fail(step.pos.line, step.text, "no decision fits this step")
        try:
            opt = self.option_for(step)
        except StepError as e:
            raise _Fail(step.pos.line, step.text, str(e)) from None
        try:
            g.answer(opt, player=step.player)
        except IllegalAnswer as e:
            raise _Fail(step.pos.line, step.text, f"refused: {e.reason}") from None

    # ------------------------------------------------------------ expectations
    def check(self, e: Expect) -> None:
        line, text = e.pos.line, e.text
        a = e.args
        if e.kind in ("illegal_deck", "legal_deck"):
            return self._check_deck(e)
        g = self._need_game(line, text)

        def fail(actual: str):
            raise _Fail(line, text, actual)

        if e.kind == "turn":
            got = f"turn {g.turn}, player {g.turn_player + 1}, {g.phase} phase"
            if (a.get("turn") is not None and g.turn != a["turn"]) or \
               (a.get("player") is not None and g.turn_player != a["player"]) or \
               (a.get("phase") is not None and g.phase != a["phase"][0]):
                fail(f"it is {got}")
        elif e.kind in ("area", "contains", "lacks"):
            self._check_area(e, fail)
        elif e.kind == "unit":
            self._check_unit(e, fail)
        elif e.kind == "decision":
            d = g.decision
            if d is None or g.over:
                fail("nobody: " + (f"the game is over ({self._winner_text()})" if g.over else "no decision"))
            assert d is not None
            if d.player != a["player"] or (a["kind"] is not None and d.kind != a["kind"][0]) or \
               (a["options"] is not None and len(d.options) != a["options"]):
                fail(f"player {d.player + 1} decides {d.kind} with {len(d.options)} options")
        elif e.kind == "no_decision":
            if g.decision is not None and not g.over:
                fail(self.describe_decision(g.decision))
        elif e.kind in ("legal", "not_legal", "refused"):
            self._check_legality(e, fail)
        elif e.kind in ("events", "no_events"):
            self._check_events(e, fail)
        elif e.kind == "winner":
            if not g.over or g.winner != a["player"]:
                fail(self._winner_text() if g.over else "the game is not over")
            if a["because"] and a["because"].lower() not in g.reason.lower():
                fail(self._winner_text())
        elif e.kind == "no_winner":
            if g.over:
                fail(f"the game is over ({self._winner_text()})")
        elif e.kind == "game_over":
            if not g.over:
                fail("the game is not over")
            if a["because"] and a["because"].lower() not in g.reason.lower():
                fail(self._winner_text())
        else:  # pragma: no cover
            fail(f"unknown expectation {e.kind}")

    def _check_deck(self, e: Expect) -> None:
        from fecipher.engine.deckrules import deck_problems
        if not self.decks:
            raise _Fail(e.pos.line, e.text, "this scenario does not start from decks ('decks: ... vs ...')")
        problems = deck_problems(self.decks[e.args["player"]])
        if e.kind == "legal_deck":
            if problems:
                raise _Fail(e.pos.line, e.text, "the deck is illegal:\n" + "\n".join(problems))
            return
        if not problems:
            raise _Fail(e.pos.line, e.text, "the deck is legal")
        want = e.args["because"]
        if want and not any(want.lower() in p.lower() for p in problems):
            raise _Fail(e.pos.line, e.text, "the deck is illegal for other reasons:\n" + "\n".join(problems))

    # areas
    def _area_entries(self, player: int, area: str) -> list[tuple[Any, str | None]]:
        """(card copy or unit, face) for each entry of an area."""
        g = self.game
        assert g is not None
        p = g.players[player]
        if area == "orbs":
            return [(o.copy, "face-up" if o.face_up else "face-down") for o in p.orbs]
        if area == "bonds":
            return [(b.copy, "face-up" if b.face_up else "face-down") for b in p.bonds]
        if area in ("front", "back"):
            return [(u, None) for u in p.line(area)]
        if area == "field":
            return [(u, None) for u in p.units]
        return [(c, None) for c in getattr(p, area)]

    def _describe_entries(self, entries, area: str) -> str:
        if not entries:
            return "none"
        out = []
        for x, face in entries:
            if isinstance(x, Unit):
                out.append(self.describe_unit(x))
            else:
                out.append(self.describe_card(x) + (f" {face}" if face and area in ("orbs", "bonds") else ""))
        return ", ".join(out)

    def _entry_matches(self, x, face, it: Item) -> bool:
        g = self.game
        assert g is not None
        if isinstance(x, Unit):
            if it.stacked:
                cards = [self.pool.find(c.text) for c in it.cards]  # type: ignore[union-attr]
                if [c.card for c in x.cards] != cards:
                    return False
            else:
                ref = it.cards[0]
                card = self.pool.find(ref.text)  # type: ignore[union-attr]
                if card is not None:
                    if x.card is not card and not (not ref.is_code and ref.text in g.unit_names(x)):
                        return False
                elif ref.text not in g.unit_names(x):
                    return False
            for at in it.attrs:
                if at == "MC" and not x.is_main_character:
                    return False
                if at == "tapped" and not x.tapped:
                    return False
                if at == "untapped" and x.tapped:
                    return False
                if at == "class-changed" and not x.class_changed:
                    return False
                if at == "not-class-changed" and x.class_changed:
                    return False
            return True
        card = self.pool.find(it.cards[0].text)  # type: ignore[union-attr]
        if x.card is not card:
            return False
        for at in it.attrs:
            if at in ("face-up", "face-down") and face != at:
                return False
        return True

    def _check_area(self, e: Expect, fail) -> None:
        a = e.args
        player, area, value = a["player"], a["area"], a["value"]
        entries = self._area_entries(player, area)
        whose = f"player {player + 1}'s {area}"
        shown = f"{whose} has {len(entries)}: {self._describe_entries(entries, area)}"
        if isinstance(value, tuple) and value and value[0] == "count":
            if len(entries) != value[1]:
                fail(shown)
            return
        items: list[Item] = []
        for it in value:
            items.extend([attrs.evolve(it, count=1)] * it.count)
        if e.kind == "area" and area == "deck":
            if len(items) != len(entries) or not all(self._entry_matches(x, f, it)
                                                     for (x, f), it in zip(entries, items)):
                fail(shown + " (top first)")
            return
        remaining = list(entries)
        missing: list[Item] = []
        for it in sorted(items, key=lambda i: -len(i.attrs)):
            for k, (x, f) in enumerate(remaining):
                if self._entry_matches(x, f, it):
                    del remaining[k]
                    break
            else:
                missing.append(it)
        if e.kind == "area":
            if missing or remaining:
                fail(shown)
        elif e.kind == "contains":
            if missing:
                fail(f"{shown}; no {', '.join(map(str, missing))}")
        else:  # lacks
            found = [it for it in items if it not in missing]
            if found:
                fail(f"{shown}; it has {', '.join(map(str, found))}")

    # units
    def _check_unit(self, e: Expect, fail) -> None:
        g = self.game
        assert g is not None
        ref: UnitRef = e.args["unit"]
        checks = e.args["checks"]
        cands = self.find_units(ref)
        only_absence = all(c[0] == "is" and c[1] == ("on_field",) and c[2] for c in checks)
        if not cands:
            if only_absence:
                return
            fail(f"there is no unit {ref} on the field; the field: "
                 f"player 1: {self._describe_entries(self._area_entries(0, 'field'), 'field')}; "
                 f"player 2: {self._describe_entries(self._area_entries(1, 'field'), 'field')}")
        if len(cands) > 1:
            fail(self.ambiguous(ref, cands))
        u = cands[0]
        for name, value, neg, pos in checks:
            ok, got = self._unit_check(u, name, value)
            if ok == neg:
                fail(f"{self.describe_unit(u)} in player {u.owner + 1}'s {u.area} line: {got}")

    def _unit_check(self, u: Unit, name: str, value) -> tuple[bool, str]:
        g = self.game
        assert g is not None
        if name == "attack":
            v = g.attack(u)
            return v == value, f"attack {v}"
        if name == "range":
            r = g.ranges(u)
            return r == value, "range " + (", ".join(map(str, sorted(r))) or "none")
        if name == "stack":
            return u.stack_size == value, f"stack {u.stack_size}"
        if name == "flag":
            f = value[0]
            on = g.flag(u, f)
            return on, f"{f} is {'set' if on else 'not set'}"
        if name == "type":
            t = g.types(u)
            return value[0] in t, "types " + (", ".join(sorted(t)) or "none")
        if name == "name":
            n = g.unit_names(u)
            return value in n, "unit names " + ", ".join(sorted(n))
        if name == "is":
            s = value[0]
            if s == "tapped":
                return u.tapped, "tapped" if u.tapped else "untapped"
            if s == "untapped":
                return not u.tapped, "tapped" if u.tapped else "untapped"
            if s == "mc":
                return u.is_main_character, "the MC" if u.is_main_character else "not the MC"
            if s == "class_changed":
                return u.class_changed, "class changed" if u.class_changed else "not class changed"
            if s == "line":
                return u.area == value[1], f"in the {u.area} line"
            if s == "on_field":
                return True, "on the field"
            if s == "card":
                card = self.pool.find(value[1].text)  # type: ignore[union-attr]
                return u.card is card, f"its top card is {self.describe_card(u.top)}"
        raise AssertionError(name)  # pragma: no cover

    # legality
    def _check_legality(self, e: Expect, fail) -> None:
        g = self.game
        assert g is not None
        step: Step = e.args["step"]
        because = e.args.get("because")
        if g.over or g.decision is None:
            reason: str | None = "the game is over" if g.over else "the game asks nothing"
            opt = None
        else:
            try:
                opt = self.option_for(step)
                if g.decision.player != step.player:
                    reason = (f"it is player {g.decision.player + 1}'s decision ({g.decision.kind}), "
                              f"not player {step.player + 1}'s")
                else:
                    reason = g.why_illegal(opt)
            except StepError as se:
                opt, reason = None, str(se)
        if e.kind == "legal":
            if reason is not None:
                fail(f"not legal: {reason}")
            return
        if e.kind == "refused" and opt is not None:
            before = (len(g.events), g.decision)
            try:
                g.answer(opt, player=step.player)
            except IllegalAnswer as ie:
                reason = ie.reason
            else:
                fail("the engine accepted it")
            if (len(g.events), g.decision) != before:
                fail(f"refused ({reason}), but the game changed")
        if reason is None:
            fail("it is a legal option")
        if because and because.lower() not in reason.lower():
            fail(f"refused for another reason: {reason}")

    # events
    def _name_matches(self, actual: str, want: str) -> bool:
        if actual == want or actual.startswith(want + ", "):
            return True
        card = self.pool.find(want) if self.pool is not None else None
        return card is not None and card.name == actual

    def _field_matches(self, e, fname: str, value: tuple[str, Any]) -> bool:
        g = self.game
        assert g is not None
        vk, val = value
        actual = getattr(e, fname)
        if vk == "player":
            return actual == val
        if vk == "int":
            return actual == (val - 1 if fname in PLAYER_FIELDS else val)
        if vk == "bool":
            return actual is val
        if vk == "none":
            return actual is None
        # a string
        if isinstance(actual, str):
            return self._name_matches(actual, val)
        if isinstance(actual, tuple):
            return any(isinstance(x, str) and self._name_matches(x, val) for x in actual) or \
                any(isinstance(x, int) and self._id_name_matches(fname, x, val) for x in actual)
        if isinstance(actual, int) and not isinstance(actual, bool):
            return self._id_name_matches(fname, actual, val)
        return False

    def _id_name_matches(self, fname: str, ident: int, want: str) -> bool:
        g = self.game
        assert g is not None
        if fname in UNIT_ID_FIELDS or fname == "units":
            n = self.unit_name_of(ident)
            return n is not None and self._name_matches(n, want)
        if fname in CARD_ID_FIELDS or fname == "cards":
            try:
                return self._name_matches(g.copy(ident).card.name, want)
            except KeyError:
                return False
        return False

    def event_matches(self, e, p: EventPattern) -> bool:
        if e.kind != p.kind:
            return False
        for fname, value, _pos in p.args:
            if fname == "*name":
                if not any(self._field_matches(e, f.name, value) for f in attrs.fields(type(e))
                           if isinstance(getattr(e, f.name), (str, tuple)) or f.name in UNIT_ID_FIELDS
                           or f.name in CARD_ID_FIELDS):
                    return False
            elif not self._field_matches(e, fname, value):
                return False
        return True

    def _pattern_text(self, p: EventPattern) -> str:
        if not p.args:
            return p.kind
        parts = []
        for fname, (vk, val), _ in p.args:
            shown = (f"player {val + 1}" if vk == "player" else f'"{val}"' if vk == "str" else
                     str(val).lower() if vk in ("bool", "none") else str(val))
            parts.append(shown if fname in ("*name",) or (fname == "player" and vk == "player")
                         else f"{fname}={shown}")
        return f"{p.kind}({', '.join(parts)})"

    def _check_events(self, e: Expect, fail) -> None:
        g = self.game
        assert g is not None
        window = g.events[self.window:]
        pats: list[EventPattern] = e.args["patterns"]
        shown = "\n".join(self.describe_event(x) for x in window[-40:]) or "(no events)"
        if e.kind == "events":
            i = 0
            last = -1
            for k, x in enumerate(window):
                if i < len(pats) and self.event_matches(x, pats[i]):
                    i += 1
                    last = k
            if i < len(pats):
                done = ", ".join(self._pattern_text(p) for p in pats[:i]) or "nothing"
                raise _Fail(e.pos.line, e.text,
                            f"after {done}, no {self._pattern_text(pats[i])} among the {len(window)} events "
                            f"since the last event matched by 'expect events':\n{shown}", recent=False)
            self.window += last + 1
        else:
            for x in window:
                for p in pats:
                    if self.event_matches(x, p):
                        raise _Fail(e.pos.line, e.text,
                                    f"{self.describe_event(x)} happened (among the events since the last event "
                                    f"matched by 'expect events'):\n{shown}", recent=False)


def run_scenario(sc: Scenario, blank: frozenset[str] = frozenset(),
                 blank_skills: frozenset[tuple[str, str]] = frozenset()) -> Result:
    """Play ``sc``; the cards ``blank`` names (upper-case codes or names) are played
    without their skills, and the skills ``blank_skills`` names ((upper-case card code or name,
    skill name) pairs) are taken from their cards (see :func:`scenario_pool`)."""
    return Run(sc, blank, blank_skills).run()


def run_file(path: str | Path, root: str | Path | None = None) -> tuple[list[Result], LanguageError | None]:
    """Run every scenario of a file; a file that does not load (or cannot be
    read) is returned as its LanguageError."""
    try:
        f = load_scenarios(path, root)
    except LanguageError as e:
        return [], e
    except OSError as e:
        return [], LanguageError([Diagnostic(str(path), 1, 1, f"cannot read the scenario file: {e.strerror or e}")])
    return [run_scenario(sc) for sc in f.scenarios], None


def run_paths(paths: Iterable[str | Path], root: str | Path | None = None
              ) -> Iterator[tuple[Path, list[Result], LanguageError | None]]:
    """Run the scenario files among ``paths`` (folders searched). Each file's
    scenarios may load packs and decks from ``root`` if given, else from the
    folder that was named (for files found in it) or the file's own folder."""
    for path in paths:
        tree = root if root is not None else (path if Path(path).is_dir() else None)
        for p in scenario_files([path]):
            results, err = run_file(p, tree)
            yield p, results, err
