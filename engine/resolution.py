"""Resolving skills: automatic triggers (rule 8), costs (rule 9) and skill use.

Automatic skills triggered by an event wait in a queue and resolve at the next
check point of the flow. The turn player's skills resolve first; a player with
several pending skills chooses their order. A skill's cost must be payable in
full before it starts; "once per turn" counts per unit (or per card off the
field).
"""
from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING, Callable, Iterator

import attrs

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.bus import PREVENT
from fecipher.engine.cards import Card
from fecipher.engine.decisions import (
    CHOOSE, MADE_OPTIONS, ORDER_SKILLS, SKILL, USE_SKILL, Decision, Option, made_option, yes_no,
)
from fecipher.engine.events import Event
from fecipher.engine.skills import Replacement, Skill, SkillContext, SkillKind, keyword_allows

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.cards import CardCopy
    from fecipher.engine.game import Game


@attrs.define(eq=False)
class PendingTrigger:
    """A triggered skill waiting to resolve. ``parent`` is the triggered skill whose
    resolution triggered it (None when a player's action or a rule of the turn did),
    ``depth`` the length of that chain, this one included (engine decision 17)."""

    ctx: SkillContext
    seq: int
    parent: "PendingTrigger | None" = None
    depth: int = 1
    delayed: bool = False   # a delayed one-shot effect (engine/delayed.py): not a use of a skill


_FIELD_KINDS = (SkillKind.ACTION, SkillKind.AUTOMATIC, SkillKind.CONTINUOUS, SkillKind.SPECIAL)


@attrs.frozen(eq=False)
class CardSkills:
    """A card's printed skills sorted by where they act: on the field (action,
    automatic, continuous, special), from a face-up bond, from the hand."""

    field: tuple[Skill, ...]
    bond: tuple[Skill, ...]
    hand: tuple[Skill, ...]
    # Those of each that the player chooses to use (_is_used_by_player).
    used_field: tuple[Skill, ...]
    used_bond: tuple[Skill, ...]
    used_hand: tuple[Skill, ...]
    auto: tuple[Skill, ...]        # the automatic skills (field skills that trigger)
    retreat: tuple[Skill, ...] = ()        # those that work from the Retreat Area
    used_retreat: tuple[Skill, ...] = ()
    boundless: tuple[Skill, ...] = ()      # those that work from the Boundless Area
    used_boundless: tuple[Skill, ...] = ()


@functools.lru_cache(maxsize=4096)
def card_skills(card: Card) -> CardSkills:
    """(Remembered per card: a card's printed skills never change.)"""
    field = tuple(s for s in card.skills if s.kind in _FIELD_KINDS)
    bond = tuple(s for s in card.skills if s.kind is SkillKind.BOND)
    hand = tuple(s for s in card.skills if s.kind is SkillKind.HAND)
    retreat = tuple(s for s in card.skills if s.kind is SkillKind.RETREAT)
    boundless = tuple(s for s in card.skills if s.kind is SkillKind.BOUNDLESS)
    return CardSkills(field, bond, hand, *(tuple(s for s in group if _is_used_by_player(s))
                                           for group in (field, bond, hand)),
                      tuple(s for s in field if s.kind is SkillKind.AUTOMATIC),
                      retreat, tuple(s for s in retreat if _is_used_by_player(s)),
                      boundless, tuple(s for s in boundless if _is_used_by_player(s)))


def bond_skills(game: "Game", player: int, copy: "CardCopy", used: bool = False) -> tuple[Skill, ...]:
    """The bond skills of ``copy``, a face-up card of ``player``'s Bond Area: those printed
    on it and those a unit's CONT skill gives it now ("All of your <Yellow> Bond cards
    possess this unit's [BS] skill", M.BOND_SKILLS; its condition asked now), one skill of
    each name. With ``used``, only the skills a player uses (|BOND| |ACT|)."""
    cs = card_skills(copy.card)
    printed = cs.used_bond if used else cs.bond
    if M.idle(game, M.BOND_SKILLS):
        return printed
    names = {s.name for s in printed}
    extra = []
    for ce, ctx in game._continuous_sources(M.BOND_SKILLS):
        sk = ctx.skill
        if sk.condition is not None and not sk.condition(ctx):
            continue
        for s in ce.value(ctx, None, card=copy, player=player):
            if s.name not in names and (not used or _is_used_by_player(s)):
                names.add(s.name)
                extra.append(s)
    return printed + tuple(extra) if extra else printed


def skill_sources(game: "Game", player: int | None = None,
                  wanted: Callable[[Skill], bool] | None = None) -> Iterator[tuple[Skill, SkillContext]]:
    """Every skill that can act now, with its context: units' skills on the field,
    face-up bonds' bond skills, hand skills and skills of cards in the Retreat Area or the
    Boundless Area. With ``wanted``, only the skills
    it accepts (the others get no context made)."""
    players = (0, 1) if player is None else (player,)
    # With no skill given, taken, copied or shared by DB, a unit has its top card's.
    printed = game._printed_field()
    for i in players:
        p = game.players[i]
        for u in p.units:
            if printed:
                field = card_skills(u.cards[0].card).field
            else:
                field = [s for s in game.skills_of(u) if s.kind in _FIELD_KINDS]
            for s in field:
                if wanted is None or wanted(s):
                    yield s, SkillContext(game, s, i, u.cards[0], u.id)
        given = None
        for b in p.bonds if game._bond_skills else ():
            if b.face_up:
                if given is None:   # (no skill gives bonds skills now: their printed ones)
                    given = not M.idle(game, M.BOND_SKILLS)
                for s in bond_skills(game, i, b.copy) if given else card_skills(b.copy.card).bond:
                    if wanted is None or wanted(s):
                        yield s, SkillContext(game, s, i, b.copy, None)
        for c in p.hand if game._hand_skills else ():
            for s in card_skills(c.card).hand:
                if wanted is None or wanted(s):
                    yield s, SkillContext(game, s, i, c, None)
        for c in p.retreat if game._retreat_skills else ():
            for s in card_skills(c.card).retreat:
                if wanted is None or wanted(s):
                    yield s, SkillContext(game, s, i, c, None)
        for c in p.boundless if game._boundless_skills else ():
            for s in card_skills(c.card).boundless:
                if wanted is None or wanted(s):
                    yield s, SkillContext(game, s, i, c, None)


def _within_limits(game: "Game", ctx: SkillContext) -> bool:
    s = ctx.skill
    if s.once_per_turn and game.uses_this_turn(ctx) >= 1 and not turn_limit_lifted(game, ctx):
        return False
    if s.once_per_game and game.uses_this_game(ctx) >= 1:
        return False
    return True


def turn_limit_lifted(game: "Game", ctx: SkillContext) -> bool:
    """The skill of a unit has lost [Once per Turn] ("this unit's "X" loses [Once per
    Turn]"): it may be used again and again this turn (a NO_TURN_LIMIT flag)."""
    if M.printed_only(game, M.NO_TURN_LIMIT):
        return False
    unit = ctx.unit
    return unit is not None and game.flag(unit, M.NO_TURN_LIMIT, skill=ctx.skill.name)


def skill_banned(game: "Game", ctx: SkillContext) -> str | None:
    """Why a rule of skill control forbids this skill to be used, to trigger or to
    activate now, or None: "cannot use ACT skills" / "cannot use "X"" on its unit
    (CANNOT_USE_SKILL, context skill= and kind=), or a rule about players
    (SKILL_BAN: "your opponent's support skills cannot activate", "all auto skills
    cannot trigger"), timed or continuous."""
    s = ctx.skill
    kind = M.SKILL_KINDS[s.kind.value]
    # A bond, hand, Retreat Area or Boundless Area skill is also an |AUTO| skill when it
    # triggers, an |ACT| one when used.
    also = ("auto" if s.triggers else "act") if kind in ("bond", "hand", "retreat", "boundless") else None
    unit = ctx.unit if ctx.unit_id is not None else None
    if unit is not None and not M.printed_only(game, M.CANNOT_USE_SKILL):
        if game.flag(unit, M.CANNOT_USE_SKILL, skill=s.name, kind=kind):
            return f"{s.name} cannot be used (a skill forbids it)"
    if M.printed_only(game, M.SKILL_BAN):
        return None
    # A support skill: the unit its card supports ("the cards supporting it lose "X"").
    supported = (game.battle.battling_unit_of(ctx.controller)
                 if kind == "support" and game.battle is not None else None)
    for mod in game._mods_by_stat.get(M.SKILL_BAN, ()):
        if (mod.condition is None or mod.condition(game)) and mod.value(
                game, None, player=ctx.controller, kind=kind, also=also, skill=s.name, card=ctx.source,
                supported_unit=supported):
            return f"{s.name} cannot be used: {mod.text or mod.source}"
    for ce, sctx in game._continuous_sources(M.SKILL_BAN):
        sk = sctx.skill
        if sk.condition is not None and not sk.condition(sctx):
            continue
        if ce.value(sctx, None, player=ctx.controller, kind=kind, also=also, skill=s.name, card=ctx.source,
                    supported_unit=supported):
            return f"{s.name} cannot be used: {sk.name} ({ce.text})"
    return None


def _may_trigger(game: "Game") -> bool:
    """No rule of skill control can keep a skill from triggering now (the usual case)."""
    return M.printed_only(game, M.CANNOT_USE_SKILL) and M.printed_only(game, M.SKILL_BAN)


# Key in Game._field_cache: no unit on this field has one of these listeners (_listening).
_UNHEARD = "unheard"
_TRIGGERED_KINDS = (SkillKind.AUTOMATIC, SkillKind.BOND, SkillKind.HAND, SkillKind.RETREAT, SkillKind.BOUNDLESS)


def collect_triggers(game: "Game", event: Event) -> None:
    """Queue the automatic, bond and hand skills ``event`` triggers (rule 8)."""
    et = type(event)
    listeners = game._listeners.get(et)
    if not listeners or (_UNHEARD, id(listeners)) in game._field_cache:
        return
    free = None   # (asked once a skill matches: most events trigger nothing)
    for skill, ctx in _listening(game, listeners):
        for trig in skill.triggers:
            if trig.event_type is not et:
                continue
            if skill.keywords and not keyword_allows(skill, ctx.unit, game):
                continue
            tctx = ctx.for_event(event)
            if not trig.match(tctx, event):
                continue
            if not _within_limits(game, tctx):
                continue
            if free is None:
                free = _may_trigger(game)
            if not free and skill_banned(game, tctx) is not None:
                continue   # ("cannot use ...", "... skills cannot trigger": it does not trigger)
            parent = game._resolving
            depth = 1 if parent is None else parent.depth + 1
            if depth > game.max_trigger_depth:
                # Engine decision 17: a chain that long repeats without end.
                game.stop_endless("trigger_depth", depth - 1, tuple(dict.fromkeys(game.chain_skills() + (skill.name,))))
            game._trigger_seq += 1
            game.pending_triggers.append(PendingTrigger(tctx, game._trigger_seq, parent, depth))
            game.emit(ev.SkillTriggered(ctx.controller, skill.name, ctx.source.id, ctx.unit_id))
            break


def _listening(game: "Game", listeners: set[Skill]) -> list[tuple[Skill, SkillContext]]:
    """The triggered skills (automatic, bond, hand) among ``listeners`` that can act
    now, with their contexts, in :func:`skill_sources` order; listed before any
    of them is queued."""
    taken = not game._printed_field()   # (skills may be given, taken, shared or copied)
    if taken and _may_come_from_elsewhere(game, listeners):
        return [(s, ctx) for s, ctx in skill_sources(game, wanted=listeners.__contains__)
                if s.kind in _TRIGGERED_KINDS]
    # The cards with a skill among the listeners (most have none) are known per
    # set of listeners: the others are passed over at once. When skills may be
    # taken away but no listener can come from anything but the unit's top card,
    # a unit whose top card has none has none, and the others are asked.
    got = _listening_cards(game).get(id(listeners))
    registered = got is not None
    if not registered:   # (not a set of Game._listeners)
        got = _cards_and_kinds(game, listeners)
    cards, on_units, on_bonds, in_hand, in_retreat, in_boundless = got
    # Only the areas where a listener can be are looked through: a unit's listeners
    # are automatic skills, a bond's bond skills, a card in hand's hand skills.
    on_bonds = on_bonds and game._bond_skills
    in_hand = in_hand and game._hand_skills
    in_retreat = in_retreat and game._retreat_skills
    in_boundless = in_boundless and game._boundless_skills
    # (most areas hold no listening card: told by a look at the area's cards in C first,
    # and for the field by the top cards on it, known while the field stays the same)
    disjoint = cards.isdisjoint
    on_units = on_units and not disjoint(game._field_tops())
    if not (on_units or on_bonds or in_hand or in_retreat or in_boundless):
        if registered and not (got[2] or got[3] or got[4] or got[5]):
            # Listeners on units only, and no top card on the field has one: that follows
            # from the field, the modifiers and the registered skills alone (each change
            # of them forgets ``_field_cache``), so the next events of this type skip the look.
            game._field_cache[(_UNHEARD, id(listeners))] = True
        return []
    out = []
    for i in (0, 1):
        p = game.players[i]
        for u in p.units if on_units else ():
            top = u.cards[0]
            if top.card in cards:
                if taken:
                    for s in game.skills_of(u):
                        if s in listeners and s.kind is SkillKind.AUTOMATIC:
                            out.append((s, SkillContext(game, s, i, top, u.id)))
                    continue
                for s in card_skills(top.card).auto:
                    if s in listeners:
                        out.append((s, SkillContext(game, s, i, top, u.id)))
        for b in p.bonds if on_bonds and not disjoint(map(_BOND_CARD, p.bonds)) else ():
            if b.face_up and b.copy.card in cards:
                for s in card_skills(b.copy.card).bond:
                    if s in listeners:
                        out.append((s, SkillContext(game, s, i, b.copy, None)))
        for c in p.hand if in_hand and not disjoint(map(_CARD, p.hand)) else ():
            if c.card in cards:
                for s in card_skills(c.card).hand:
                    if s in listeners:
                        out.append((s, SkillContext(game, s, i, c, None)))
        for c in p.retreat if in_retreat and not disjoint(map(_CARD, p.retreat)) else ():
            if c.card in cards:
                for s in card_skills(c.card).retreat:
                    if s in listeners:
                        out.append((s, SkillContext(game, s, i, c, None)))
        for c in p.boundless if in_boundless and not disjoint(map(_CARD, p.boundless)) else ():
            if c.card in cards:
                for s in card_skills(c.card).boundless:
                    if s in listeners:
                        out.append((s, SkillContext(game, s, i, c, None)))
    return out


_CARD = operator.attrgetter("card")
_BOND_CARD = operator.attrgetter("copy.card")


def _cards_and_kinds(game: "Game", listeners: set[Skill], cards: frozenset | None = None) -> tuple:
    """(the registered cards with a skill among ``listeners``, whether one is an
    automatic skill, a bond skill, a hand skill, a Retreat Area skill, a Boundless Area skill)."""
    if cards is None:
        cards = frozenset(c for c in game._registered if isinstance(c, Card) and any(s in listeners for s in c.skills))
    kinds = {s.kind for s in listeners}
    return (cards, SkillKind.AUTOMATIC in kinds, SkillKind.BOND in kinds, SkillKind.HAND in kinds,
            SkillKind.RETREAT in kinds, SkillKind.BOUNDLESS in kinds)


def _listening_cards(game: "Game") -> dict[int, tuple]:
    """For each set of listeners of ``Game._listeners`` (by id), :func:`_cards_and_kinds`:
    the registered cards with a skill in it, and the kinds of its skills, worked out
    for every event type in one pass over the registered cards, and remembered until
    something new is registered (the registered cards and skills, and so the
    listeners, only grow; a new copy of a card already registered changes nothing)."""
    key = len(game._registered)
    got = game._listening_cards.get(key)
    if got is None:
        sets_of: dict[Skill, list[set]] = {}
        found: dict[int, set] = {}
        for listeners in game._listeners.values():
            cards: set = set()
            found[id(listeners)] = cards
            for s in listeners:
                sets_of.setdefault(s, []).append(cards)
        for c in game._registered:
            if isinstance(c, Card):
                for s in c.skills:
                    for cards in sets_of.get(s, ()):
                        cards.add(c)
        got = {id(listeners): _cards_and_kinds(game, listeners, frozenset(found[id(listeners)]))
               for listeners in game._listeners.values()}
        game._listening_cards = {key: got}
    return got


def _may_come_from_elsewhere(game: "Game", listeners: set[Skill]) -> bool:
    """Whether a unit may have one of ``listeners`` that its top card does not
    print: a DB skill acquired by Resonance of Dragon's Blood, a copy ("becomes a copy of
    ..."), or a skill given by a continuous skill of this game (``Game._grantable``,
    or any skill when one gives what it finds as it applies) or by a modifier
    (whose value is a set of skills, or found as it applies). Lost skills only take
    away. True when that is not known."""
    if game._db_sharing() or M.COPY in game._mods_by_stat:
        return True
    if M.SKILLS in game._live_stats and (game._grants_any or not game._grantable.isdisjoint(listeners)):
        return True
    for m in game._mods_by_stat.get(M.SKILLS, ()):
        v = m.value
        if callable(v) or not isinstance(v, (set, frozenset, tuple, list)):
            return True
        if not listeners.isdisjoint(v):
            return True
    return False


def apply_replacements(game: "Game", event: Event) -> Event | None:
    """Skills' before-handlers ("cannot", "instead", "becomes") on a proposed event,
    where no question can be asked: those that ask (:attr:`Replacement.asks`) are left
    out (they are applied by :func:`apply_replacements_asking`)."""
    et = type(event)
    for skill, ctx in list(skill_sources(game, wanted=_replacing(game, et))):
        for rep in skill.replacements:
            if rep.event_type is not et or rep.asks or not keyword_allows(skill, ctx.unit, game):
                continue
            if skill.condition is not None and not skill.condition(ctx):
                continue
            r = rep.apply(attrs.evolve(ctx, event=event, data={}), event)
            if r is PREVENT:
                return None
            if r is not None and replacement_allowed(game, r):
                event = r
    return event


def replacement_allowed(game: "Game", event: Event) -> bool:
    """A replacement may not send a card where a card rule forbids it: a card that
    "cannot be placed in the Bond Area" is not placed there by anything."""
    from fecipher.engine.cards import can_be_placed_in_bonds
    dest = getattr(event, "dest", None)
    if dest != "bonds":
        return True
    if isinstance(event, ev.CardMoved):
        return can_be_placed_in_bonds(game.copy(event.card).card)
    unit = game.unit(getattr(event, "unit", None))
    return unit is None or all(can_be_placed_in_bonds(c.card) for c in unit.cards)


_NONE: frozenset = frozenset()


def _replacing(game: "Game", et: type) -> Callable[[Skill], bool] | None:
    """The ``wanted`` of :func:`skill_sources` that finds every skill with a
    replacement of ``et`` and passes the others over without a context: the
    registered skills with one (``Game._replacers``; every card's skills, every skill
    a continuous skill or a modifier names as given, are registered), or None (every
    skill) while a unit may have a skill that is not registered: one a continuous
    skill or a modifier gives as it applies (its value is worked out, not a set of
    skills), or the skills of a copied card that is not registered."""
    if game._grants_any:
        return None
    mods = game._mods_by_stat
    for m in mods.get(M.SKILLS, ()):
        v = m.value
        if callable(v) or not isinstance(v, (set, frozenset, tuple, list)) or not all(
                isinstance(s, Skill) and s in game._registered for s in v):
            return None
    for m in mods.get(M.COPY, ()):
        if m.value[0] not in game._registered:
            return None
    return game._replacers.get(et, _NONE).__contains__


def _replacement_sources(game: "Game", et: type) -> Iterator[tuple[Skill, SkillContext, Replacement, bool]]:
    """Every replacement that may act now on an event of type ``et``, and others
    of the same skills: those of the skills that can act (:func:`skill_sources`,
    asked only for the skills with a replacement of ``et``, ``Game._replacers``;
    last: True, their keywords and conditions to be asked), then
    those set up by effects (``Game.set_up_replacements``, "at the end of this combat,
    deploy this card instead ..."; False: their skill's condition was asked when it
    resolved)."""
    for skill, ctx in list(skill_sources(game, wanted=_replacing(game, et))):
        for rep in skill.replacements:
            yield skill, ctx, rep, True
    for rep, ctx in list(game.set_up_replacements):
        yield ctx.skill, ctx, rep, False


def _applicable(game: "Game", event: Event, used: set) -> list[tuple]:
    """(skill, ctx, replacement, result, key) of each replacement that would change
    ``event`` now and has not applied to it yet."""
    et = type(event)
    out = []
    for skill, ctx, rep, active in _replacement_sources(game, et):
        if rep.event_type is not et:
            continue
        key = (id(rep), ctx.source.id, ctx.unit_id)
        if key in used:
            continue
        if active and (not keyword_allows(skill, ctx.unit, game)
                       or (skill.condition is not None and not skill.condition(ctx))):
            continue
        rctx = attrs.evolve(ctx, event=event, data=dict(ctx.data))
        r = rep.apply(rctx, event)
        if r is None:
            continue
        if r is not PREVENT and rep.instead is None and not replacement_allowed(game, r):
            continue
        if rep.costs and not all(c.can_pay(rctx) for c in rep.costs):
            continue   # "you may [pay] to ... instead": offered only when it can be paid
        out.append((skill, rctx, rep, r, key))
    return out


def apply_replacements_asking(game: "Game", event: Event) -> Iterator[Decision]:
    """Every replacement of ``event`` (engine decision "Several replacements for one
    event"): while some replacement would change it, the player whose card or unit the
    event is about (its ``player``) chooses which applies first when there are several;
    one that says "you may" asks its controller, who pays its cost if it has one; each
    applies at most once, and the others are then looked at again on the changed event
    (one may no longer apply). A replacement that runs an effect ("deploy it instead")
    or prevents the event ends it: the event does not happen. Returns the event (maybe
    changed), or None when it does not happen."""
    used: set = set()
    while True:
        cands = _applicable(game, event, used)
        if not cands:
            return event
        pick = cands[0]
        if len(cands) > 1:
            chooser = getattr(event, "player", cands[0][1].controller)
            opts = tuple(Option(SKILL, card=c[1].source.id, unit=c[1].unit_id, skill=c[0].name, target=i,
                                label=f"{c[0].name} ({c[1].source.card.name}): {c[2].text}")
                         for i, c in enumerate(cands))
            ans = yield Decision(chooser, CHOOSE, f"Several skills would replace this ({_event_words(event)}): "
                                                  f"which applies first?", opts)
            pick = cands[ans.target]
        skill, ctx, rep, r, key = pick
        used.add(key)
        if rep.optional and not (yield from yes_no(ctx.controller, f"{skill.name}: {rep.text.rstrip('.')}?")):
            continue
        if rep.costs:   # (payable: _applicable offered it only then, and nothing was done since)
            yield from acting(game, ctx, "cost", _pay_costs(ctx, rep.costs))
        if rep.instead is not None:
            game.emit(ev.Replaced(ctx.controller, skill.name, ctx.source.id, event.kind))
            yield from acting(game, ctx, "effect", rep.instead(ctx))
            return None
        if r is PREVENT:
            return None
        event = r


def _pay_costs(ctx: SkillContext, costs: tuple) -> Iterator[Decision]:
    for c in costs:
        yield from c.pay(ctx)


def _event_words(event: Event) -> str:
    name = getattr(event, "name", None)
    return f"{event.kind.replace('_', ' ')}: {name}" if name else event.kind.replace("_", " ")


def resolve_triggers(game: "Game") -> Iterator[Decision]:
    """Resolve queued automatic skills: turn player's first, each in their chosen order."""
    if not game.pending_triggers:
        # Nothing queued (the usual case at each check point): no generator is made.
        return iter(())
    return _resolve_pending(game)


def _resolve_pending(game: "Game") -> Iterator[Decision]:
    while game.pending_triggers and not game.over:
        tp = game.turn_player
        mine = [t for t in game.pending_triggers if t.ctx.controller == tp]
        group = mine or [t for t in game.pending_triggers if t.ctx.controller != tp]
        player = group[0].ctx.controller
        pick = group[0]
        if len({(t.ctx.source.id, t.ctx.skill.name) for t in group}) > 1:
            opts = tuple(Option(SKILL, card=t.ctx.source.id, unit=t.ctx.unit_id, skill=t.ctx.skill.name,
                                target=t.seq, label=f"resolve {t.ctx.skill.name} ({t.ctx.source.card.name})")
                         for t in group)
            ans = yield Decision(player, ORDER_SKILLS, "Several of your skills triggered: which resolves next?",
                                 opts)
            pick = next(t for t in group if t.seq == ans.target)
        game.pending_triggers.remove(pick)
        ctx = pick.ctx
        if ctx.skill.kind is SkillKind.AUTOMATIC and ctx.unit_id is not None and game.unit(ctx.unit_id) is None:
            # The unit left the field: its skill still resolves (its source card is known).
            pass
        if not _within_limits(game, ctx):
            continue
        if ctx.skill.kind is SkillKind.RETREAT and game.locate(ctx.source)[0] != "retreat":
            continue   # (a skill of the Retreat Area works only while its card is there)
        if ctx.skill.kind is SkillKind.BOUNDLESS and game.locate(ctx.source)[0] != "boundless":
            continue   # (so does a skill of the Boundless Area)
        # What this skill's resolution triggers is one step further down its chain.
        outer = game._resolving
        game._resolving = pick
        yield from resolve_skill(game, ctx, kind="delayed" if pick.delayed else "trigger")
        game._resolving = outer


def _pay_all(ctx: SkillContext) -> Iterator[Decision]:
    for c in ctx.skill.costs:
        yield from c.pay(ctx)


def acting(game: "Game", ctx: SkillContext, part: str, steps: Iterator[Decision]) -> Iterator[Decision]:
    """Carry out ``steps``, a skill's cost or effect, with the skill on ``game.acting``
    meanwhile: an event published then was caused by that skill ("tapped by a skill's
    cost", "untapped by "X"", "sent to the retreat area by your opponent's skill")."""
    game.acting.append((ctx, part))
    try:
        out = yield from steps
        if game.tops_to_choose or game.metamorphoses:   # (a top card a cost or an effect took out of a
            # stack: decision 41; a card placed in a Support Area stacked onto a unit: decision 43)
            yield from game.settle_stack_tops()
        return out
    finally:
        if game.acting and game.acting[-1][0] is ctx:   # (a flow dropped half-way: already gone)
            game.acting.pop()


def can_pay(ctx: SkillContext) -> bool:
    return all(c.can_pay(ctx) for c in ctx.skill.costs)


def resolve_skill(game: "Game", ctx: SkillContext, *, kind: str) -> Iterator[Decision]:
    """Resolve one skill: condition, "you may", costs ("pay the cost and if you do"),
    then its effect. Costs of action skills are paid by :func:`use_skill`. A delayed
    effect (``kind="delayed"``) has no cost and is not a use of its skill.

    A skill's condition (its ``if`` lines) is checked before its cost is paid and not
    again after (engine decision 30): a used skill's condition is a condition of use,
    which :func:`usable` checked when it was offered, so a cost that changes it (a
    [US] skill flipping the bond it needs) does not undo the use it paid for."""
    s = ctx.skill
    if kind != "action" and s.condition is not None and not s.condition(ctx):
        return
    if kind not in ("action", "delayed"):
        if s.costs:
            if not can_pay(ctx):
                return
            if s.optional:
                if not (yield from yes_no(ctx.controller, f"Pay the cost of {s.name}? ({s.text})")):
                    return
            yield from acting(game, ctx, "cost", _pay_all(ctx))
        elif s.optional:
            if not (yield from yes_no(ctx.controller, f"Use {s.name}? ({s.text})")):
                return
        game.note_use(ctx)
    if s.effect is not None:
        yield from acting(game, ctx, "effect", s.effect(ctx))
    game.emit(ev.SkillResolved(ctx.controller, s.name, ctx.source.id, ctx.unit_id))


def usable(game: "Game", ctx: SkillContext) -> str | None:
    """Why this action, bond or hand skill cannot be used now, or None."""
    s = ctx.skill
    if game.battle is not None:
        return "rule 9: action skills are not used during a battle"
    if s.keywords and not keyword_allows(s, ctx.unit, game):
        k = "CCS: only while class changed" if s.has_keyword("CCS") else "LvS: the stack is too small"
        return f"{s.name} is not active ({k})"
    if s.once_per_turn and game.uses_this_turn(ctx) >= 1 and not turn_limit_lifted(game, ctx):
        return f"{s.name} is once per turn and was used this turn"
    if s.once_per_game and game.uses_this_game(ctx) >= 1:
        return f"{s.name} is once per game and was used"
    if s.condition is not None and not s.condition(ctx):
        return f"{s.name}'s condition is not met"
    if not _may_trigger(game):
        why = skill_banned(game, ctx)
        if why is not None:
            return why
    for c in s.costs:
        if not c.can_pay(ctx):
            return f"rule 9: the cost of {s.name} cannot be paid in full ({c.text})"
    return None


def _is_used_by_player(skill: Skill) -> bool:
    """An action, bond or hand skill the player uses (not one that triggers)."""
    return (not skill.triggers and skill.kind in (SkillKind.ACTION, SkillKind.BOND, SkillKind.HAND, SkillKind.RETREAT,
                                                  SkillKind.BOUNDLESS)
            and skill.effect is not None)


def action_skill_contexts(game: "Game", player: int) -> Iterator[SkillContext]:
    """The contexts of the skills ``player`` may choose to use (action skills of
    units, bond skills of face-up bonds, hand skills): ``skill_sources(game,
    player, wanted=_is_used_by_player)``, with each card's such skills listed once."""
    if not game._printed_field():
        for skill, ctx in skill_sources(game, player, wanted=_is_used_by_player):
            yield ctx
        return
    p = game.players[player]
    for u in p.units:
        for s in card_skills(u.cards[0].card).used_field:
            yield SkillContext(game, s, player, u.cards[0], u.id)
    given = game._bond_skills and not M.idle(game, M.BOND_SKILLS)   # (else bonds have their printed skills)
    for b in p.bonds if game._bond_skills else ():
        if b.face_up:
            for s in bond_skills(game, player, b.copy, used=True) if given else card_skills(b.copy.card).used_bond:
                yield SkillContext(game, s, player, b.copy, None)
    for c in p.hand if game._hand_skills else ():
        for s in card_skills(c.card).used_hand:
            yield SkillContext(game, s, player, c, None)
    for c in p.retreat if game._retreat_skills else ():
        for s in card_skills(c.card).used_retreat:
            yield SkillContext(game, s, player, c, None)
    for c in p.boundless if game._boundless_skills else ():
        for s in card_skills(c.card).used_boundless:
            yield SkillContext(game, s, player, c, None)


def skill_option(ctx: SkillContext) -> Option:
    unit = ctx.unit
    where = unit.cards[0].card.name if unit is not None else ctx.source.card.name
    key = (USE_SKILL, ctx.source.id, ctx.unit_id, ctx.skill, where)
    return MADE_OPTIONS.get(key) or made_option(key, Option(
        USE_SKILL, card=ctx.source.id, unit=ctx.unit_id, skill=ctx.skill.name, label=f"use {ctx.skill.name} ({where})"))


def find_skill_context(game: "Game", option: Option) -> SkillContext | None:
    for ctx in action_skill_contexts(game, game.turn_player):
        if ctx.source.id == option.card and ctx.unit_id == option.unit and ctx.skill.name == option.skill:
            return ctx
    return None


def use_skill(game: "Game", ctx: SkillContext) -> Iterator[Decision]:
    """Use an action (or bond, or hand) skill: pay every cost, then resolve it."""
    if ctx.skill.costs:
        yield from acting(game, ctx, "cost", _pay_all(ctx))
    game.note_use(ctx)
    if ctx.unit_id is None and ctx.skill not in ctx.source.card.skills:   # (a given bond skill)
        game.skills_used_unprinted[(ctx.source.id, ctx.skill.name)] = ctx.skill
    game.emit(ev.SkillUsed(ctx.controller, ctx.skill.name, ctx.source.id, ctx.unit_id))
    yield from resolve_skill(game, ctx, kind="action")
    yield from resolve_triggers(game)
