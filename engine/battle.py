"""The battle (rule 3) and who may attack whom (rules 1 and 11).

Six steps: declaration, support, critical hit, god-speed evasion, judgement and
battle end. Each step is published as events; automatic skills triggered in a
step resolve before the next one begins.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import attrs

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.cards import CardCopy
from fecipher.engine.decisions import ALTERNATIVE, CRITICAL_HIT, DISCARD, EVASION, PASS, Decision, MADE_OPTIONS, Option, made_option
from fecipher.engine.skills import SkillContext, keyword_allows
from fecipher.engine.state import BACK, FRONT, HAND, RETREAT, SUPPORT, Unit

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game


# Options that are always the same (options are immutable values: one is made once).
_NO_CRITICAL = Option(PASS, label="no critical hit")
_NO_EVASION = Option(PASS, label="no evasion")


@attrs.define(eq=False)
class Battle:
    """The combat in progress: whose units, their support cards and outcomes."""

    attacker: int          # unit id
    defender: int          # unit id
    attacking_player: int
    supports: dict = attrs.Factory(dict)          # player -> CardCopy | None
    support_ok: dict = attrs.Factory(dict)        # player -> bool
    critical: bool = False
    evaded: bool = False
    destroyed: bool = False
    # The cards being discarded now for a critical hit or a god-speed evasion, as their
    # move to the Retreat Area is offered to replacements: (unit id, "critical" or
    # "evasion", card ids), else None ("a "Fir" card discarded for a critical hit of this unit").
    discarding: tuple | None = None

    def battling_unit_of(self, player: int) -> int:
        return self.attacker if player == self.attacking_player else self.defender


def range_needed(attacker_area: str, defender_area: str) -> int:
    """Rule 11: 1 is front to front, 2 front to back or back to front, 3 back to back."""
    if attacker_area == FRONT and defender_area == FRONT:
        return 1
    if attacker_area == BACK and defender_area == BACK:
        return 3
    return 2


def attack_refusal(game: "Game", attacker: Unit | None, defender: Unit | None) -> str | None:
    """Why ``attacker`` may not attack ``defender`` now, or None."""
    player = game.turn_player
    if attacker is None or attacker.owner != player or attacker not in game.players[player].units:
        return "the attacker must be one of your units on the field"
    if defender is None or defender.owner == player or defender not in game.players[1 - player].units:
        return "the target must be an enemy unit on the field"
    return attacker_refusal(game, attacker) or target_refusal(game, attacker, defender)


def attacker_refusal(game: "Game", attacker: Unit) -> str | None:
    """Why ``attacker``, one of the turn player's units, may attack no unit now, or None."""
    if game.phase != "action":
        return "attacks are declared in your Action Phase"
    if game.turn == 1 and game.turn_player == game.first_player:
        return "rule 1 (first turn): the first player cannot attack on the first turn"
    if attacker.tapped:
        return f"{attacker.card.name} is tapped"
    if not game.ranges(attacker) and M.idle(game, M.ATTACKS_REGARDLESS_OF_RANGE):
        # (A skill that lets some unit attack regardless of range may reach a unit
        # with no range: then each target is asked, by target_refusal.)
        return f"rule 11 (range): {attacker.card.name} has no range and cannot attack"
    return None


def target_refusal(game: "Game", attacker: Unit, defender: Unit) -> str | None:
    """Why ``attacker``, which may attack (:func:`attacker_refusal`), may not attack
    the enemy ``defender``, or None."""
    ranges = game.ranges(attacker)
    need = range_needed(attacker.area, defender.area)
    if need not in ranges and not game.flag(attacker, M.ATTACKS_REGARDLESS_OF_RANGE, defender=defender):
        if not ranges:
            return f"rule 11 (range): {attacker.card.name} has no range and cannot attack {defender.card.name}"
        have = ", ".join(str(r) for r in sorted(ranges))
        return (f"rule 11 (range): from the {attacker.area} line to the {defender.area} line needs range "
                f"{need}; {attacker.card.name} has range {have}")
    if game.flag(attacker, M.CANNOT_ATTACK, defender=defender):
        return f"{attacker.card.name} cannot attack"
    if game.flag(defender, M.CANNOT_BE_ATTACKED, attacker=attacker):
        return f"{defender.card.name} cannot be attacked by {attacker.card.name}"
    return None


def legal_attacks(game: "Game", attackers: list[Unit], defenders: list[Unit]) -> list[tuple[Unit, Unit]]:
    """Every (attacker, defender) pair of the turn player's ``attackers`` and the
    enemy ``defenders`` such that the attack may be declared now, attacker by
    attacker: exactly the pairs :func:`attacker_refusal` and
    :func:`target_refusal` let through, found without composing reasons (the
    action options ask this for every pair of units)."""
    out: list[tuple[Unit, Unit]] = []
    # attacker_refusal, its checks of the game asked once, then unit by unit.
    if game.phase != "action" or (game.turn == 1 and game.turn_player == game.first_player):
        return out
    ask_attack = ask_attacked = ask_free = True
    first = True
    # Per defender: whether some effect can make it "cannot be attacked" now
    # (M.pair_flag_possible), found when first needed; then asked pair by pair.
    attackable_by_some: dict[int, bool] = {}
    for attacker in attackers:
        if attacker.tapped:
            continue
        ranges = game.ranges(attacker)
        if first:
            # A flag that nothing can set right now is False for every pair: not asked.
            ask_attack = not M.idle(game, M.CANNOT_ATTACK)
            ask_attacked = not M.idle(game, M.CANNOT_BE_ATTACKED)
            ask_free = not M.idle(game, M.ATTACKS_REGARDLESS_OF_RANGE)
            first = False
        if not ranges and not ask_free:
            continue
        # "cannot attack" of this attacker, asked pair by pair only if some effect reaches it.
        attack_flag = ask_attack and M.pair_flag_possible(game, attacker, M.CANNOT_ATTACK)
        area = attacker.area
        # range_needed(area, defender.area) in ranges, for the two lines:
        if area == FRONT:
            reaches_front, reaches_back = 1 in ranges, 2 in ranges
        elif area == BACK:
            reaches_front, reaches_back = 2 in ranges, 3 in ranges
        else:
            reaches_front = range_needed(area, FRONT) in ranges
            reaches_back = range_needed(area, BACK) in ranges
        for defender in defenders:
            d_area = defender.area
            if not (reaches_front if d_area == FRONT else reaches_back if d_area == BACK
                    else range_needed(area, d_area) in ranges):
                # "can attack ... regardless of range" (asked only when some skill or
                # modifier says it now): game.flag(attacker, ..., defender=defender).
                if not (ask_free and M.pair_flag(game, attacker, M.ATTACKS_REGARDLESS_OF_RANGE, "defender",
                                                 defender)):
                    continue
            # game.flag(attacker, M.CANNOT_ATTACK, defender=defender) and
            # game.flag(defender, M.CANNOT_BE_ATTACKED, attacker=attacker):
            if attack_flag and M.pair_flag(game, attacker, M.CANNOT_ATTACK, "defender", defender):
                continue
            if ask_attacked:
                possible = attackable_by_some.get(defender.id)
                if possible is None:
                    possible = attackable_by_some[defender.id] = M.pair_flag_possible(
                        game, defender, M.CANNOT_BE_ATTACKED)
                if possible and M.pair_flag(game, defender, M.CANNOT_BE_ATTACKED, "attacker", attacker):
                    continue
            out.append((attacker, defender))
    return out


def battle_power(game: "Game", unit: Unit, player: int) -> tuple[int, int]:
    """(total power, support power) of a battling unit right now."""
    b = game.battle
    support = 0
    if b is not None and b.support_ok.get(player):
        card = b.supports.get(player)
        if card is not None:
            support = game.support_power(unit, card)
    total = game.attack(unit) + support
    return total, support


def _discard_options(game: "Game", player: int, unit: Unit, kind: str) -> tuple[Option, ...]:
    names = game.unit_names(unit)
    opts = []
    seen = set()
    for c in game.players[player].hand:
        if c.card in seen:
            continue
        if game.card_names(c, HAND) & names:   # (its unit names in the hand: B22-059HN's "Zelgius")
            seen.add(c.card)
            key = (DISCARD, c.id, c.card, kind)
            opts.append(MADE_OPTIONS.get(key) or made_option(key, Option(
                DISCARD, card=c.id, label=f"discard {c.card.name} for a {kind}")))
    return tuple(opts)


def _has_alternative_discards(skill) -> bool:
    return bool(skill.alternative_discards)


def alternative_discards(game: "Game", player: int, unit: Unit, use: str) -> tuple[tuple[Option, tuple], ...]:
    """The other ways ``player`` may pay for a critical hit (``use`` "critical") or a
    god-speed evasion ("evasion") of ``unit`` than a card with its unit name: each
    skill of theirs that can act now and says "you may <cost> instead of discarding for
    a critical hit of <unit>", whose cost can be paid in full. (option, (skill, ctx, alt))."""
    from fecipher.engine.resolution import skill_sources
    out = []
    for skill, ctx in skill_sources(game, player, wanted=_has_alternative_discards):
        for i, alt in enumerate(skill.alternative_discards):
            if alt.use != use or not keyword_allows(skill, ctx.unit, game):
                continue
            if skill.condition is not None and not skill.condition(ctx):
                continue
            if not alt.applies(ctx, unit) or not all(c.can_pay(ctx) for c in alt.costs):
                continue
            what = "critical hit" if use == "critical" else "god-speed evasion"
            opt = Option(ALTERNATIVE, card=ctx.source.id, unit=ctx.unit_id, skill=skill.name, target=i,
                         label=f"{what}: {alt.text} ({skill.name})")
            out.append((opt, (skill, ctx, alt)))
    return tuple(out)


def _pay_alternative(game: "Game", alts, ans: Option) -> Iterator[Decision]:
    """Pay the alternative the player answered (its skill's cost, as the skill's act)."""
    from fecipher.engine.resolution import acting
    skill, ctx, alt = next(x for o, x in alts if o == ans)
    for c in alt.costs:
        yield from acting(game, ctx, "cost", c.pay(ctx))


def support_refusal(game: "Game", unit: Unit, card: CardCopy) -> str | None:
    """Rule 3: a support card with its battling unit's unit name fails."""
    clash = game.card_names(card) & game.unit_names(unit)
    if clash and not game.flag(unit, M.SUPPORT_ALLOWED, card=card):
        return f"same unit name as the battling unit ({sorted(clash)[0]})"
    if game.flag(unit, M.SUPPORT_FAILS, card=card):
        return f"{card.card.name} cannot support {unit.card.name}"
    return None


def _fail_support(game: "Game", b: Battle, player: int, card: CardCopy, reason: str) -> None:
    """Rule 3: a support that fails goes straight to the Retreat Area: no power, no support skill."""
    b.support_ok[player] = False
    game.players[player].support.remove(card)
    game.players[player].retreat.append(card)
    game.ensure_deck(player)
    game.emit(ev.SupportFailed(player, card.id, card.card.name, player == b.attacking_player, reason))


def _judge_again(game: "Game", b: Battle) -> None:
    """Engine decision 48: until the support step ends, a support judged successful whose
    support a skill has since made fail ("... fails to support ...") fails at once, the
    attacker's side first (its power, if already added, no longer counts)."""
    if M.idle(game, M.SUPPORT_FAILS):
        return      # (nothing can make a support fail right now)
    for player in (b.attacking_player, 1 - b.attacking_player):
        card = b.supports.get(player)
        if card is None or not b.support_ok.get(player) or card not in game.players[player].support:
            continue
        unit = game.unit(b.battling_unit_of(player))
        if unit is None:
            continue
        if game.flag(unit, M.SUPPORT_FAILS, card=card):
            _fail_support(game, b, player, card, f"{card.card.name} cannot support {unit.card.name}")


def support_skills_of(game: "Game", card: CardCopy) -> tuple:
    """A card's support skills: those printed on it and, while it is the card in the Support
    Area supporting a battling unit that has SUPPORT_OPPONENTS_SKILLS ("The card supporting this
    unit acquires your opponent's Support Skills", B07-044SR), those of the card then in the
    opponent's Support Area, in its printed order, except a name the card already has ("it
    cannot have more than 1 Support skill of the same Name"): engine decision 49."""
    printed = card.card.support_skills
    b = game.battle
    if b is None or M.idle(game, M.SUPPORT_OPPONENTS_SKILLS):
        return printed
    player = next((p for p in (0, 1) if b.supports.get(p) is card and card in game.players[p].support), None)
    if player is None:
        return printed
    unit = game.unit(b.battling_unit_of(player))
    other = b.supports.get(1 - player)
    if unit is None or other is None or other not in game.players[1 - player].support \
            or not game.flag(unit, M.SUPPORT_OPPONENTS_SKILLS):
        return printed
    names = {s.name for s in printed}
    acquired = []
    for s in other.card.support_skills:
        if s.name not in names:
            names.add(s.name)
            acquired.append(s)
    return printed + tuple(acquired)


def support_skill_activates(game: "Game", ctx: SkillContext) -> bool:
    """No rule of skill control keeps this support skill from activating (a SKILL_BAN
    on support skills: "your opponent's support skills cannot activate")."""
    if M.printed_only(game, M.SKILL_BAN):
        return True
    from fecipher.engine.resolution import skill_banned
    return skill_banned(game, attrs.evolve(ctx, unit_id=None)) is None


def battle_flow(game: "Game", attacker: Unit, defender: Unit) -> Iterator[Decision]:
    from fecipher.engine.resolution import resolve_skill, resolve_triggers
    atk_player = attacker.owner
    def_player = defender.owner
    b = Battle(attacker.id, defender.id, atk_player)
    # 1. Declaration: tap the attacker; "when attacks" / "when attacked" skills.
    e = game.propose(ev.AttackDeclared(atk_player, attacker.id, attacker.card.name, defender.id,
                                       defender.card.name))
    game.tap(attacker)
    if e is None:
        return
    game.battle = b
    game._values_changed()
    game.emit(e)
    yield from resolve_triggers(game)
    yield from _battle_steps(game, b)
    if game.battle is b and not game.over:
        yield from _end_battle(game, b)
        yield from resolve_triggers(game)


def _discard_step(game: "Game", player: int, unit: Unit, use: str, kind: str, prompt: str,
                  decline: Option, event_of, cards: int = 1) -> Iterator[Decision]:
    """Steps 3 and 4 (critical hit, god-speed evasion): ``player`` may discard a card with
    ``unit``'s unit name (``cards`` of them when a skill makes the evasion dearer: then
    the first is answered here and the others chosen after, all sent to the Retreat Area
    together), or pay another way a skill of theirs offers, which pays for the whole
    discard (engine decision 52); asked only when they can. Returns (paid, the proposed
    event or None when a skill prevented it; its ``discarded`` is the first card); the
    discarded cards are in the Retreat Area."""
    opts = _discard_options(game, player, unit, "critical hit" if use == "critical" else "god-speed evasion")
    if cards > 1 and _matching_in_hand(game, player, unit) < cards:
        opts = ()
    alts = alternative_discards(game, player, unit, use) if game._alternative_discards else ()
    if not (opts or alts):
        return False, None
    ans = yield Decision(player, kind, prompt, opts + (decline,) + (tuple(o for o, _ in alts) if alts else ()))
    if ans.kind not in (DISCARD, ALTERNATIVE):
        return False, None
    card = game.copy(ans.card) if ans.kind == DISCARD else None
    if card is None:
        yield from _pay_alternative(game, alts, ans)
    more: list = []
    if card is not None and cards > 1:
        from fecipher.engine.cards import card_unit_names
        from fecipher.engine.decisions import CARD, choose
        names = game.unit_names(unit)
        rest = [c for c in game.players[player].hand if c is not card and card_unit_names(c.card) & names]
        got = yield from choose(player, f"{prompt}: {cards - 1} more card(s) with its unit name",
                                [Option(CARD, card=c.id, label=c.card.name) for c in rest],
                                minimum=cards - 1, maximum=cards - 1)
        more = [game.copy(o.card) for o in got]
    event = game.propose(event_of(card.id if card is not None else -1))
    if card is not None:
        yield from _discard(game, player, unit, use, [card] + more)
    return True, event


def _discard(game: "Game", player: int, unit: Unit, use: str, cards: list) -> Iterator[Decision]:
    """The discarded cards go to the Retreat Area; each move is offered to replacements
    first ("you may place "Fir" on top of your Deck from your hand instead of sending her
    to the Retreat Area", B05-034SR), which may ask their controller. The discard is paid
    all the same."""
    from fecipher.engine.state import HAND
    b = game.battle
    if b is not None:
        b.discarding = (unit.id, use, tuple(c.id for c in cards))
    try:
        for c in cards:
            e = yield from game.propose_asking(ev.CardMoved(player, c.id, c.card.name, HAND, RETREAT))
            if c in game.players[player].hand:   # (a replacement that ran has moved it)
                game.move_card(c, e.dest if e is not None else RETREAT)
    finally:
        if b is not None:
            b.discarding = None


def _matching_in_hand(game: "Game", player: int, unit: Unit) -> int:
    from fecipher.engine.cards import card_unit_names
    names = game.unit_names(unit)
    return sum(1 for c in game.players[player].hand if card_unit_names(c.card) & names)


def _battle_steps(game: "Game", b: Battle) -> Iterator[Decision]:
    """Steps 2 to 5; returns early when a battling unit has left the field."""
    from fecipher.engine.resolution import resolve_skill, resolve_triggers
    atk_player = b.attacking_player
    def_player = 1 - atk_player
    attacker_alive = game.unit(b.attacker)
    defender_alive = game.unit(b.defender)
    if attacker_alive is None or defender_alive is None or game.over:
        return
    # 2. Support: both top cards face-up at once, attacker's first in the log.
    for player in (atk_player, def_player):
        b.supports[player] = game.take_from_deck_top(player)
    for player in (atk_player, def_player):
        card = b.supports[player]
        if card is None:
            b.support_ok[player] = False
            continue
        game.players[player].support.append(card)
        game.emit(ev.SupportPlaced(player, card.id, card.card.name, player == atk_player))
        game.metamorphoses_on_support(card)
    # A support card stacked onto a unit as a metamorphosis as it is placed (a SPEC rule,
    # engine decision 43) leaves the Support Area before anything triggered resolves.
    if game.metamorphoses:
        yield from game.settle_metamorphoses()
    # Skills triggered by the cards placed ("when a card is placed in your Support Area")
    # resolve before the supports are judged: one may send the card away and place another
    # in its place (engine/moves.py sets it as the player's support card), and the card
    # then in the Support Area is the one judged and whose support skill activates.
    yield from resolve_triggers(game)
    if game.over:
        return
    # Judgement of both supports, attacker's first: a failure goes to the Retreat Area at
    # once; a success is published (SupportJudgedSuccessful) before any support skill activates.
    for player in (atk_player, def_player):
        card = b.supports[player]
        if card is not None and card not in game.players[player].support:
            b.supports[player] = card = None    # (sent away, nothing placed in its place)
        if card is None:
            b.support_ok[player] = False
            continue
        unit = game.unit(b.battling_unit_of(player))
        reason = support_refusal(game, unit, card) if unit is not None else "no battling unit"
        if reason is not None:
            _fail_support(game, b, player, card, reason)
        else:
            b.support_ok[player] = True
            game.emit(ev.SupportJudgedSuccessful(player, card.id, card.card.name, player == atk_player))
    # Engine decision 47 (docs/rules.md): the skills triggered by the supports' success
    # ("when this unit is supported", "when an enemy's support is successful") resolve
    # first, the turn player's first (rule 8); then, side by side, the attacker's first,
    # the support skills activate, each asked at its activation whether it may (a skill
    # above may have stopped it, or made that support fail), and the support power is
    # added (SupportSucceeded, with the support counted: 001, "the skill, then the power").
    yield from resolve_triggers(game)
    if game.over:
        return
    for player in (atk_player, def_player):
        # Engine decision 48: a skill above may have made this support fail ("your
        # opponent's support card fails to support their Main Character", B13-043R): it is
        # judged again before its support skill, and fails then as at the judgement.
        _judge_again(game, b)
        card = b.supports[player]
        if card is None or not b.support_ok.get(player) or card not in game.players[player].support:
            continue
        attacking = player == atk_player
        # "The Support Skill of this unit's Support activates a 2nd time" (SUPPORT_TWICE on the
        # battling unit, asked once, before the first): every fitting support skill activates
        # again, in the same order, after the first time (docs/rules.md, "A support skill that
        # activates a second time").
        supported = game.unit(b.battling_unit_of(player))
        times = 2 if supported is not None and game.flag(supported, M.SUPPORT_TWICE) else 1
        for _ in range(times):
            # (a card printed with two support skills: each whose role fits, in printed order;
            # then those it acquired, engine decision 49; the list is read before the first
            # activates: a skill acquired or lost meanwhile changes the next combat)
            for skill in support_skills_of(game, card):
                if skill.support_role is None or not skill.support_role.fits(attacking):
                    continue
                if b.supports.get(player) is not card or card not in game.players[player].support \
                        or not b.support_ok.get(player):
                    break   # (an earlier support skill took the card away, or made it fail)
                ctx = SkillContext(game, skill, player, card, b.battling_unit_of(player))
                # "your opponent's support skills cannot activate": the support still succeeds.
                if keyword_allows(skill, None) and support_skill_activates(game, ctx):
                    yield from resolve_skill(game, ctx, kind="support")
                    yield from resolve_triggers(game)
        _judge_again(game, b)
        if not b.support_ok.get(player) or card not in game.players[player].support:
            continue    # (made to fail by a support skill: no power is added)
        unit = game.unit(b.battling_unit_of(player))
        power = game.support_power(unit, card) if unit is not None else 0
        game.emit(ev.SupportSucceeded(player, card.id, card.card.name, attacking, power))
    yield from resolve_triggers(game)
    attacker = game.unit(b.attacker)  # type: ignore[assignment]
    defender = game.unit(b.defender)  # type: ignore[assignment]
    if attacker is None or defender is None or game.over:
        return
    # 3. Critical hit.
    if not game.flag(attacker, M.CANNOT_CRITICAL):
        paid, e2 = yield from _discard_step(
            game, atk_player, attacker, "critical", CRITICAL_HIT,
            f"Critical hit with {attacker.card.name}? (discard a card with its unit name to double its attack)",
            _NO_CRITICAL, lambda card_id: ev.CriticalHit(atk_player, attacker.id, attacker.card.name, card_id))
        if paid:
            if e2 is not None:
                b.critical = True
                game.emit(e2)
            yield from resolve_triggers(game)
    attacker = game.unit(b.attacker)  # type: ignore[assignment]
    defender = game.unit(b.defender)  # type: ignore[assignment]
    if attacker is None or defender is None or game.over:
        return
    # 4. God-speed evasion.
    # ("cannot be evaded by non-main character enemies": the flag asks who would evade)
    if not game.flag(attacker, M.CANNOT_BE_EVADED, evader=defender) and not game.flag(defender, M.CANNOT_EVADE):
        paid, e3 = yield from _discard_step(
            game, def_player, defender, "evasion", EVASION,
            f"Evade {attacker.card.name}'s attack on {defender.card.name}? (discard a card "
            f"with {defender.name}'s unit name)",
            _NO_EVASION, lambda card_id: ev.Evaded(def_player, defender.id, defender.card.name, card_id),
            game.evasion_cards(attacker))
        if paid:
            if e3 is not None:
                b.evaded = True
                game.emit(e3)
            yield from resolve_triggers(game)
    attacker = game.unit(b.attacker)  # type: ignore[assignment]
    defender = game.unit(b.defender)  # type: ignore[assignment]
    if attacker is None or defender is None or game.over:
        return
    # 5. Judgement.
    a_total, a_sup = battle_power(game, attacker, atk_player)
    if b.critical:
        a_total *= game.critical_factor(attacker)
    d_total, d_sup = battle_power(game, defender, def_player)
    wins = a_total >= d_total
    game.emit(ev.BattleJudged(attacker.id, a_total, a_sup, defender.id, d_total, d_sup, b.critical,
                              b.evaded, wins,
                              game.attack_sources(attacker), game.attack_sources(defender)))
    if wins and not b.evaded:
        destroyed = yield from game.destroy(defender, by_player=atk_player, in_battle=True, by_unit=attacker)
        b.destroyed = bool(destroyed)
    yield from resolve_triggers(game)


def _end_battle(game: "Game", b: Battle) -> Iterator[Decision]:
    """6. Battle end: support cards to the Retreat Area (a skill may send one
    elsewhere instead, asking first when it says "you may"); combat effects end.
    First, while the battle is still going on, the effects set up "at the end of this
    combat" resolve (engine/delayed.py)."""
    if game.delayed:
        from fecipher.engine.delayed import END_OF_COMBAT, due
        from fecipher.engine.resolution import resolve_triggers
        if due(game, END_OF_COMBAT):
            yield from resolve_triggers(game)
    for player in (b.attacking_player, 1 - b.attacking_player):
        p = game.players[player]
        for card in list(p.support):
            e = yield from game.propose_asking(ev.CardMoved(player, card.id, card.card.name, SUPPORT, RETREAT))
            dest = e.dest if e is not None else RETREAT
            if card in p.support:
                game.move_card(card, dest)
    game.expire_modifiers(M.END_OF_COMBAT)
    if game.set_up_replacements:
        game.set_up_replacements = []   # (all of them last until the end of the combat)
    game.battle = None
    game._values_changed()
    game.emit(ev.BattleEnded(b.attacking_player, b.attacker, b.defender, b.destroyed))
