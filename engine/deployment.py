"""The Deployment Phase (rule 5): deploy, level up and class change from the hand.

Each check returns None when the move is legal and otherwise the reason, in the
rule's words; the same checks list the legal options and explain refusals.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Iterator

from fecipher.engine.cards import Card, CardCopy
from fecipher.engine.card_values import own_spec_stats
from fecipher.engine.cards import card_unit_names
from fecipher.engine.decisions import CLASS_CHANGE, DEPLOY, LEVEL_UP, MADE_OPTIONS, Option, made_option
from fecipher.engine import modifiers as M
from fecipher.engine.state import BACK, BONDS, FRONT, HAND, Unit

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game


def bond_symbols(game: "Game", player: int) -> frozenset:
    """The symbols of a player's face-up bonds (remembered until the state changes)."""
    key = ("bond_symbols", player)
    got = game._cache.get(key)
    if got is None:
        if game.card_values_idle(M.CARD_SYMBOLS):
            got = frozenset(s for b in game.players[player].bonds if b.face_up for s in b.copy.card.symbols)
        else:   # a bond treated as also having a symbol (engine/card_values.py)
            got = frozenset(s for b in game.players[player].bonds if b.face_up
                            for s in game.card_symbols(b.copy, BONDS))
        game._cache[key] = got
    return got


def symbols_waived(game: "Game", player: int) -> bool:
    """A CONT skill lets ``player`` deploy and level up without rule 5's symbols ("you can
    deploy and level up cards even if you do not have bonds of their symbols"); the bond
    count still holds."""
    if M.idle(game, M.SYMBOLS_WAIVED):
        return False
    for ce, ctx in game._continuous_sources(M.SYMBOLS_WAIVED):
        sk = ctx.skill
        if (sk.condition is None or sk.condition(ctx)) and ce.value(ctx, None, player=player):
            return True
    return False


def own_symbols_waived(game: "Game", player: int, copy: CardCopy) -> bool:
    """A SPEC rule of the card lets ``player`` deploy it from the hand without rule 5's
    symbols ("This card can be deployed from your hand even if you do not have a <White>
    Bond card", B07-098HN), its skill's condition holding ("[US] ... only active if you
    have 1 or more <Black> Bond cards"). Level ups and class changes still need them."""
    if "deploy_no_symbols" not in card_rules(copy.card):
        return False
    from fecipher.engine.skills import SkillContext
    return any("deploy_no_symbols" in s.rules
               and (s.condition is None or s.condition(SkillContext(game, s, player, copy, None)))
               for s in copy.card.skills)


def cost_refusal(game: "Game", player: int, card: Card, cost: int, *, waived: bool = False) -> str | None:
    """Rule 5: the bond count, and a face-up bond of each of the card's symbols unless a
    skill waives them (``waived``: the card's own rule, :func:`own_symbols_waived`)."""
    p = game.players[player]
    bonds = len(p.bonds)
    if p.cost_paid_this_turn + cost > bonds:
        already = f" ({p.cost_paid_this_turn} already paid this turn)" if p.cost_paid_this_turn else ""
        return (f"rule 5 (bond count): {card.name} costs {cost}, but you have {bonds} bonds{already}")
    if card.symbols and (waived or symbols_waived(game, player)):
        return None
    have = bond_symbols(game, player)
    missing = [s.label for s in card.symbols if s not in have]
    if missing:
        return (f"rule 5 (symbols): {card.name} needs a face-up {' and '.join(missing)} bond")
    return None


def stack_deployable(game: "Game", player: int) -> list[CardCopy]:
    """The cards of ``player``'s units' stacks their Deployment Phase offers as if they were
    in the hand ("During your Deployment Phase, you are able to deploy <Yellow> cards stacked
    beneath this unit as if they were in your hand", B19-068SR): cards under the top card of
    the unit whose active CONT skill says so, that its filter takes; in stack order."""
    if M.idle(game, M.DEPLOY_FROM_STACK):
        return []
    out: list[CardCopy] = []
    for ce, ctx in game._continuous_sources(M.DEPLOY_FROM_STACK):
        if ctx.controller != player or ctx.unit_id is None:
            continue
        sk = ctx.skill
        if sk.condition is not None and not sk.condition(ctx):
            continue
        unit = game.unit(ctx.unit_id)
        if unit is None or unit.owner != player:
            continue
        out.extend(c for c in unit.cards[1:] if c not in out and ce.value(ctx, None, card=c))
    return out


def deploy_refusal(game: "Game", player: int, copy: CardCopy, area: str) -> str | None:
    from fecipher.engine.cards import card_unit_names
    if copy not in game.players[player].hand and copy not in stack_deployable(game, player):
        return f"{copy.card.name} is not in your hand"
    if area not in (FRONT, BACK):
        return f"units are deployed to the front or back line, not {area!r}"
    refusal = (name_refusal(game, player, copy.card, copy) or card_rule_refusal(game, player, copy)
               or deploy_ban_refusal(game, player, copy, area))
    if refusal:
        return refusal
    return cost_refusal(game, player, copy.card, game.deploy_cost(copy, HAND),
                        waived=own_symbols_waived(game, player, copy))


def deploy_ban_refusal(game: "Game", player: int, copy: CardCopy, area: str, *,
                       by_skill: bool = False, source: CardCopy | None = None) -> str | None:
    """A rule of a skill that ``player`` may not deploy ``copy`` to ``area`` ("your
    opponent cannot deploy cards with cost 5 or more", "... into their back line", "...
    by skills" when ``by_skill``), from the hand or by a skill; timed (modifiers) or
    continuous (CONT skills active now, their conditions holding); and the card's own SPEC
    "this card cannot be deployed by skills [of non-"Nemesis" cards]" (``source``: the card
    whose skill deploys it). None when nothing forbids it."""
    rules = card_rules(copy.card)
    if by_skill and "no_skill_deploy" in rules:
        return f"{copy.card.name} cannot be deployed by skills"
    if by_skill and "no_skill_deploy_of" in rules:
        from fecipher.engine.skills import SkillContext
        for s in copy.card.skills:
            for ce in s.continuous:
                if ce.stat == M.SKILL_DEPLOY_SOURCE_RULE and ce.value(
                        SkillContext(game, s, copy.owner, copy, None), None, source=source):
                    whose = f"{source.card.name}'s skills" if source is not None else "this skill"
                    return f"{copy.card.name} cannot be deployed by {whose}: {s.name} ({ce.text})"
    if "deploy_line" in rules:   # the card's own SPEC rule on the line
        from fecipher.engine.skills import SkillContext
        for s in copy.card.skills:
            for ce in s.continuous:
                if ce.stat == M.DEPLOY_LINE_RULE and ce.value(SkillContext(game, s, player, copy, None), None,
                                                              area=area):
                    return f"{copy.card.name} cannot be deployed to the {area} line: {s.name} ({ce.text})"
    if M.idle(game, M.CANNOT_DEPLOY):
        return None
    for mod in game._mods_by_stat.get(M.CANNOT_DEPLOY, ()):
        if (mod.condition is None or mod.condition(game)) and mod.value(game, None, player=player, card=copy,
                                                                         area=area, by_skill=by_skill):
            return f"{copy.card.name} cannot be deployed to the {area} line: {mod.text or mod.source}"
    for ce, ctx in game._continuous_sources(M.CANNOT_DEPLOY):
        sk = ctx.skill
        if sk.condition is not None and not sk.condition(ctx):
            continue
        if ce.value(ctx, None, player=player, card=copy, area=area, by_skill=by_skill):
            return f"{copy.card.name} cannot be deployed to the {area} line: {sk.name} ({ce.text})"
    return None


def place_ban_refusal(game: "Game", copy: CardCopy, dest: str, *, by_skill: bool = False,
                      by_player: int | None = None) -> str | None:
    """A rule of a skill that ``copy`` may not go into ``dest`` ("bonds", "orbs", "retreat":
    its owner's area, as every card goes to its owner's areas) from where it is now ("your
    opponent cannot add cards to their orbs"; "... place cards from their hand into their bond
    area by skills" when ``by_skill``; "enemy skills cannot send cards from your hand to your
    retreat area" when ``by_player``, the controller of the skill moving it, is the card
    owner's opponent); timed (modifiers) or continuous (CONT skills active now, their
    conditions holding). None when nothing forbids it."""
    if M.idle(game, M.CANNOT_PLACE):
        return None
    src = game.locate(copy)[0]
    where = {"bonds": "Bond Area", "orbs": "Orb Area", "retreat": "Retreat Area"}.get(dest, dest)
    for mod in game._mods_by_stat.get(M.CANNOT_PLACE, ()):
        if (mod.condition is None or mod.condition(game)) and mod.value(game, None, card=copy, dest=dest, src=src,
                                                                         by_skill=by_skill, by_player=by_player):
            return f"{copy.card.name} cannot be put into the {where}: {mod.text or mod.source}"
    for ce, ctx in game._continuous_sources(M.CANNOT_PLACE):
        sk = ctx.skill
        if sk.condition is not None and not sk.condition(ctx):
            continue
        if ce.value(ctx, None, card=copy, dest=dest, src=src, by_skill=by_skill, by_player=by_player):
            return f"{copy.card.name} cannot be put into the {where}: {sk.name} ({ce.text})"
    return None


def draw_ban_refusal(game: "Game", player: int) -> str | None:
    """A rule of a skill that ``player`` cannot draw a card now ("your opponent cannot draw
    cards", timed or continuous, its skill's condition holding now), or None. Asked before
    each card of a draw (engine decision 55): "if your opponent has 4 or more cards in their
    hand, they cannot draw cards" lets a player with 2 cards draw 2 of a "draw 3". During the
    set-up no skill acts (rule 13: the Main Characters are face-down)."""
    if game.mcs_face_down or M.idle(game, M.CANNOT_DRAW):
        return None
    for mod in game._mods_by_stat.get(M.CANNOT_DRAW, ()):
        if (mod.condition is None or mod.condition(game)) and mod.value(game, None, player=player):
            return f"Player {player + 1} cannot draw cards: {mod.text or mod.source}"
    for ce, ctx in game._continuous_sources(M.CANNOT_DRAW):
        sk = ctx.skill
        if sk.condition is not None and not sk.condition(ctx):
            continue
        if ce.value(ctx, None, player=player):
            return f"Player {player + 1} cannot draw cards: {sk.name} ({ce.text})"
    return None


@functools.lru_cache(maxsize=4096)
def card_rules(card: Card) -> frozenset[str]:
    """The SPEC rules printed on a card ("share_name", "any_copies", "deploy_if" ...).
    (Remembered per card: a card's printed facts never change.)"""
    out: set[str] = set()
    for s in card.skills:
        out |= s.rules
    return frozenset(out)


def shares_name(game: "Game", player: int, card: Card, unit: Unit | None = None) -> bool:
    """Does a SPEC rule of ``card`` let it share its unit name now ("this card can share its
    unit name with allies"), its condition holding for ``player`` if it has one ("If you have
    6 or more Bond cards, you may deploy this card even if you already have an allied ...",
    B09-048HN)? A unit on the field also shares it through such a SPEC skill it acquired
    ("all allied "Anankos" acquire the following skill: |SPEC| ... you may have 2 or more
    allied "Anankos"", B07-097SR): its skills now, printed or acquired, not lost."""
    skills: tuple = card.skills if "share_name" in card_rules(card) else ()
    if unit is not None and not game._printed_skills():   # (a skill may have been given or lost)
        skills = tuple(s for s in game.skills_of(unit) if "share_name" in s.rules)
    if not skills:
        return False
    from fecipher.engine.skills import SkillContext
    for s in skills:
        if "share_name" in s.rules and (s.condition is None
                                        or s.condition(SkillContext(game, s, player, unit.cards[0] if unit else None,
                                                                           unit.id if unit else None))):
            return True
    return False


def name_refusal(game: "Game", player: int, card: Card, copy: CardCopy | None = None) -> str | None:
    """Rule 5: no two units with one unit name, unless a SPEC rule of the card deployed
    or of the unit already there allows it ("this card can share its unit name"). The
    unit names of ``copy`` are those it has where it is now (a name held only in the hand,
    B22-059HN, counts when it is deployed from the hand)."""
    from fecipher.engine.cards import card_unit_names
    names = game.card_names(copy) if copy is not None else card_unit_names(card)
    if shares_name(game, player, card):
        return None
    for u in game.players[player].units:
        clash = names & game.unit_names(u)
        if clash and not shares_name(game, player, u.card, u):
            return (f"rule 5 (unit names): you already have a unit named {sorted(clash)[0]} on the field; "
                    f"level it up instead")
    return None


def card_rule_refusal(game: "Game", player: int, copy: CardCopy) -> str | None:
    """A SPEC "this card can only be deployed if ..." whose condition does not hold."""
    from fecipher.engine.skills import SkillContext
    for s in copy.card.skills:
        if "deploy_if" in s.rules and s.condition is not None:
            if not s.condition(SkillContext(game, s, player, copy, None)):
                return f"{copy.card.name} can only be deployed when {s.name} allows it ({s.text})"
    return None


def skill_deploy_lines(game: "Game", copy: CardCopy, named: str | None = None,
                       source: CardCopy | None = None) -> tuple[str, ...]:
    """The lines a skill may deploy ``copy`` to (its owner's): none when rule 5's unit
    names or the card's "can only be deployed if ..." forbid it; else the named line,
    or both, less those a "cannot deploy" rule forbids, those forbidding deployments by
    skills included ("this card cannot be deployed by skills", "your opponent cannot
    deploy cards by skills"; ``source``, the card whose skill deploys it, for "this card
    cannot be deployed by skills of ... cards"): a choice for 'deploy it' offers only what
    it can deploy (engine decision 14). (A skill's deployment pays no cost and needs no bond symbol:
    rule 5.)"""
    owner = copy.owner
    if name_refusal(game, owner, copy.card, copy) or card_rule_refusal(game, owner, copy):
        return ()
    return tuple(x for x in ((named,) if named else (FRONT, BACK))
                 if deploy_ban_refusal(game, owner, copy, x, by_skill=True, source=source) is None)


# The name a SPEC rule "this card can level up an ally" gives ("you may Level Up an ally into
# this card", B20-043HN): it stands for every unit name (no unit name has this form).
LEVEL_ONTO_ANY = "*any unit*"


@functools.lru_cache(maxsize=4096)
def _levels_onto(card: Card) -> bool:
    """The card prints a SPEC rule letting it level up units of other unit names."""
    return any(r.startswith("level_onto:") for r in card_rules(card))


def level_onto_names(game: "Game", copy: CardCopy) -> frozenset[str]:
    """The unit names other than its own that ``copy`` can level up now: those of its
    card's SPEC rules "this card can level up "Garon" or "Gunter"" whose conditions hold
    ("if you have no "Anankos" allies"), for its owner."""
    if not _levels_onto(copy.card):
        return frozenset()
    from fecipher.engine.skills import SkillContext
    out: set[str] = set()
    for s in copy.card.skills:
        names = [r.split(":", 1)[1] for r in s.rules if r.startswith("level_onto:")]
        if names and (s.condition is None or s.condition(SkillContext(game, s, copy.owner, copy, None))):
            out.update(names)
    return frozenset(out)


def can_level_onto(game: "Game", copy: CardCopy, unit: Unit) -> bool:
    """Rule 6: a card levels up a unit with one of its unit names (aliases count, rule 14),
    or one whose unit name a SPEC rule of the card names while its condition holds (any
    unit, for "this card can level up an ally": :data:`LEVEL_ONTO_ANY`)."""
    names = game.unit_names(unit)
    if game.card_names(copy) & names:   # (its names where it is: the hand, for a level up)
        return True
    onto = level_onto_names(game, copy)
    return LEVEL_ONTO_ANY in onto or bool(onto & names)


def onto_refusal(game: "Game", copy: CardCopy, unit: Unit, *, class_change: bool, by_skill: bool) -> str | None:
    """The card's own SPEC rule that it is not stacked onto units of a unit name: "This card
    cannot be stacked on top of a "Tibarn" to Level Up him as a result of a skill's effect"
    (B17-073SR: a skill's placing; a class change is a level up too), "... on top of
    "Sigurd" to Class Change him" (B19-056HN: a class change, from the hand or by a skill).
    The unit's names are its computed ones (aliases count)."""
    rules = [r for r in card_rules(copy.card) if r.startswith("no_onto:")]
    if not rules:
        return None
    names = game.unit_names(unit)
    for r in rules:
        _, purpose, by, name = r.split(":", 3)
        if name in names and (by != "skills" or by_skill) and (purpose == "level_up" or class_change):
            how = "by a skill" if by else ""
            what = "level up" if purpose == "level_up" else "class change"
            return f"{copy.card.name} cannot be stacked onto {name} to {what} them{(' ' + how) if how else ''}"
    return None


def level_up_refusal(game: "Game", player: int, copy: CardCopy, unit: Unit | None) -> str | None:
    if copy not in game.players[player].hand:
        return f"{copy.card.name} is not in your hand"
    if unit is None or unit.owner != player or unit not in game.players[player].units:
        return "a card levels up one of your own units on the field"
    if not can_level_onto(game, copy, unit):  # aliases count (rule 14); a SPEC rule may name others
        return f"rule 6 (level up): {copy.card.name} does not have the unit name {unit.name}"
    refusal = (stack_refusal(game, unit, class_change=class_changes(game, copy), by_skill=False)
               or onto_refusal(game, copy, unit, class_change=class_changes(game, copy), by_skill=False))
    if refusal:
        return refusal
    return cost_refusal(game, player, copy.card, placement_cost(game, copy))


def placement_cost(game: "Game", copy: CardCopy) -> int:
    """What placing ``copy`` from the hand on a unit costs: a card with a
    class-change cost always class changes (both costs computed, as effects on
    the card in the hand make them)."""
    cc = game.cc_cost(copy, HAND)
    from fecipher.engine.card_values import LEVELLING
    return cc if cc is not None else game.deploy_cost(copy, LEVELLING)


def class_changes(game: "Game", copy: CardCopy) -> bool:
    """Placing ``copy`` from the hand on a unit is a class change: the card has a
    class-change cost (printed, or given by an effect)."""
    return game.cc_cost(copy, HAND) is not None


def stack_refusal(game: "Game", unit: Unit, *, class_change: bool, by_skill: bool) -> str | None:
    """A skill's "cannot level up" / "cannot class change" on ``unit`` forbids placing a
    card on it (``class_change``: the placing class changes it; a class change is a level
    up too). ``by_skill``: a skill places it, not the Deployment Phase."""
    if game.flag(unit, M.CANNOT_LEVEL_UP, by_skill=by_skill):
        return f"{unit.card.name} cannot level up"
    if class_change and game.flag(unit, M.CANNOT_CLASS_CHANGE, by_skill=by_skill):
        return f"{unit.card.name} cannot class change"
    return None


def _affordable(game: "Game", player: int, card: Card, cost: int, copy: CardCopy | None = None) -> bool:
    """:func:`cost_refusal` is None (without composing the reason); ``copy`` for a
    deployment from the hand (the card's own rule may waive the symbols)."""
    p = game.players[player]
    if p.cost_paid_this_turn + cost > len(p.bonds):
        return False
    if card.symbols:
        have = bond_symbols(game, player)
        return (all(s in have for s in card.symbols)
                or (copy is not None and own_symbols_waived(game, player, copy)) or symbols_waived(game, player))
    return True


def deployment_options(game: "Game", player: int) -> Iterator[Option]:
    """Every legal deployment, level up and class change: exactly what
    :func:`deploy_refusal` and :func:`level_up_refusal` let through, in hand
    order, checked in their order without composing the reasons for refusals.
    (Each card comes from the hand and each unit from the player's field, so
    those two checks hold.)"""
    p = game.players[player]
    units = p.units
    # Per unit, the same for every card in hand: its unit names, and whether a
    # SPEC rule of its card lets another unit share its name.
    field = [(u, game.unit_names(u), shares_name(game, player, u.cards[0].card, u)) for u in units]
    banned = not M.idle(game, M.CANNOT_DEPLOY)   # (no rule forbids a deployment now: not asked)
    stacking = not (M.idle(game, M.CANNOT_LEVEL_UP) and M.idle(game, M.CANNOT_CLASS_CHANGE))
    seen: set = set()
    idle = game.card_values_idle(M.CARD_COST) and game.card_values_idle(M.CARD_CC_COST)
    # (some card of the game can change costs, but only a card's own SPEC skill does now)
    quiet = not idle and game.card_values_quiet(M.CARD_COST) and game.card_values_quiet(M.CARD_CC_COST)
    names_quiet = game.card_values_quiet(M.CARD_UNIT_NAMES)
    from_stack = stack_deployable(game, player)
    for copy in (p.hand + from_stack if from_stack else p.hand):
        card = copy.card
        stacked = bool(from_stack) and copy in from_stack
        own = own_spec_stats(card)   # (the stats the card's own SPEC skills change)
        if idle or (quiet and _COSTS.isdisjoint(own)):
            cost, place = card.cost, placement_cost_printed(card)
            label = (cost, card.class_change_cost)
        else:
            cost, cc = game.deploy_cost(copy, HAND), game.cc_cost(copy, HAND)
            place = cc if cc is not None else placement_cost(game, copy)
            label = (cost, cc)
        # Identical cards in hand (at the same costs) give identical choices; list one of them.
        # (a card of a stack is its own choice: it leaves that stack)
        if (card, label, stacked and copy.id) in seen:
            continue
        seen.add((card, label, stacked and copy.id))
        # (a name held in the hand only counts there, B22-059HN; a card of a stack has its names where it is)
        if names_quiet and _NAMES.isdisjoint(own):
            names = card_unit_names(card)   # (what card_names answers then, wherever the card is)
        else:
            names = game.card_names(copy) if stacked else game.card_names(copy, HAND)
        rules = card_rules(card)
        # Rule 5 does not look at the line (deploy_refusal only checks that it is
        # one): a card that may be deployed may go to either.
        if "share_name" in rules and shares_name(game, player, card):
            clash = False
        else:
            clash = False
            for u, un, shares in field:
                if not shares and not names.isdisjoint(un):
                    clash = True
                    break
        if (not clash and ("deploy_if" not in rules or card_rule_refusal(game, player, copy) is None)
                and _affordable(game, player, card, cost, copy)):
            for area in (FRONT, BACK):
                if (banned or "deploy_line" in rules) and deploy_ban_refusal(game, player, copy, area) is not None:
                    continue
                key = (DEPLOY, copy.id, card, area, cost, stacked)
                where = " from a unit's stack" if stacked else ""
                yield MADE_OPTIONS.get(key) or made_option(key, Option(
                    DEPLOY, card=copy.id, area=area,
                    label=f"deploy {card.name}{where} (cost {cost}) to the {area} line"))
        if stacked:
            continue   # (deployed as if from the hand: not levelled up onto a unit)
        onto = level_onto_names(game, copy) if _levels_onto(card) else frozenset()
        onto_rules = any(r.startswith("no_onto:") for r in rules)
        for unit, un, _ in field:
            if (unit.owner == player and not (names.isdisjoint(un) and onto.isdisjoint(un)
                                              and LEVEL_ONTO_ANY not in onto)
                    and (not stacking or stack_refusal(game, unit, class_change=label[1] is not None,
                                                       by_skill=False) is None)
                    and (not onto_rules or onto_refusal(game, copy, unit, class_change=label[1] is not None,
                                                        by_skill=False) is None)
                    and _affordable(game, player, card, place)):   # level_up_refusal is None
                key = (LEVEL_UP, copy.id, unit.id, card, unit.cards[0].card, label, place)
                yield MADE_OPTIONS.get(key) or made_option(key, _level_up_option(copy, unit, card, place, label[1]))


_COSTS = frozenset((M.CARD_COST, M.CARD_CC_COST))
_NAMES = frozenset((M.CARD_UNIT_NAMES,))


def placement_cost_printed(card: Card) -> int:
    """:func:`placement_cost` when no effect changes costs: the printed costs."""
    return card.class_change_cost if card.class_change_cost is not None else card.cost


def _level_up_option(copy: CardCopy, unit: Unit, card: Card, cost: int, cc: int | None) -> Option:
    """Placing ``card`` on ``unit``: a class change when the card has a
    class-change cost (``cost`` and ``cc`` are the card's costs now)."""
    u_card = unit.cards[0].card
    if cc is not None:
        return Option(CLASS_CHANGE, card=copy.id, unit=unit.id,
                      label=f"class change {u_card.name} into {card.name} (cost {cc})")
    return Option(LEVEL_UP, card=copy.id, unit=unit.id,
                  label=f"level up {u_card.name} with {card.name} (cost {cost})")


def perform(game: "Game", option: Option) -> None:
    """Carry out a legal deployment option, paying its cost."""
    copy = game.copy(option.card)  # type: ignore[arg-type]
    p = game.players[copy.owner]
    if option.kind == DEPLOY:
        cost = game.deploy_cost(copy, HAND)
        p.cost_paid_this_turn += cost
        game.deploy(copy, option.area or FRONT, cost=cost)
    else:
        unit = game.unit(option.unit)
        assert unit is not None
        cost = placement_cost(game, copy)
        p.cost_paid_this_turn += cost
        game.place_on_unit(copy, unit, class_change=option.kind == CLASS_CHANGE, cost=cost)
