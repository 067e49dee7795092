"""The turn (rule 1): Beginning, Bond, Deployment, Action and End phases."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.battle import battle_flow, legal_attacks
from fecipher.engine.decisions import (
    ACTION, ATTACK, BOND, DEPLOYMENT, MOVE, PASS, PLACE_BOND, USE_SKILL, Decision, MADE_OPTIONS, Option, made_option,
)
from fecipher.engine.delayed import END_OF_TURN, START_OF_TURN, due
from fecipher.engine.deployment import deployment_options, perform
from fecipher.engine.resolution import (
    action_skill_contexts, find_skill_context, resolve_triggers, skill_option, usable, use_skill,
)
from fecipher.engine.state import BONDS, FRONT

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game
    from fecipher.engine.state import Unit

PHASES = ("beginning", "bond", "deployment", "action", "end")
# Options that are always the same (options are immutable values: one is made once).
_NO_BOND = Option(PASS, label="place no bond")
_END_DEPLOYMENT = Option(PASS, label="end the Deployment Phase")
_END_ACTION = Option(PASS, label="end the Action Phase")


def turns_flow(game: "Game", phase: str = "beginning", *, turn: int | None = None,
               player: int | None = None) -> Iterator[Decision]:
    """Play turns forever (until the game ends), starting at ``phase``.

    The phases still to come in the turn are ``game.phases_left``: the rest of
    :data:`PHASES` after ``phase``, unless the game already holds them (a copy
    resuming a turn in which a skill added phases: :func:`add_phases`)."""
    if turn is not None:
        game.turn = turn
    if player is not None:
        game.turn_player = player
    ph = phase
    if game.phases_left is None:
        game.phases_left = list(PHASES[PHASES.index(phase) + 1:])
    while not game.over:
        if game.turn > game.max_turns:
            game._end(None, f"the turn limit ({game.max_turns}) was reached")
            return
        while True:
            game.phase = ph
            if ph == "beginning" and not game.phases_played:
                game.emit(ev.TurnStarted(game.turn, game.turn_player))
            game.emit(ev.PhaseStarted(game.turn, game.turn_player, ph))
            if ph != "beginning":
                # "At the start of your Bond Phase" resolves before the phase's first
                # decision. (The Beginning Phase resolves its own, after the untap.)
                yield from resolve_triggers(game)
            yield from PHASE_FLOWS[ph](game)
            yield from resolve_triggers(game)
            game.phases_played.append(ph)
            game.emit(ev.PhaseEnded(game.turn, game.turn_player, ph))
            # "At the end of your Bond Phase" resolves before the next phase begins: such a
            # skill may add phases to come (B12-075SR "... and before you begin your
            # Deployment Phase, you may have a second Bond Phase").
            yield from resolve_triggers(game)
            if game.over or not game.phases_left:
                break
            ph = game.phases_left.pop(0)
        if game.over:
            return
        game.emit(ev.TurnEnded(game.turn, game.turn_player))
        game.turn += 1
        game.turn_player = 1 - game.turn_player
        for p in game.players:
            p.cost_paid_this_turn = 0
            p.bonded_this_turn = False
        ph = "beginning"
        game.phases_left = list(PHASES[1:])
        game.phases_played = []


def add_phases(game: "Game", phases: tuple[str, ...]) -> str | None:
    """Play ``phases`` again in this turn, right after the phase now ending or being
    played, in the order given (B12-075SR "you may have a second Bond Phase",
    B16-066SR "You undergo a second Beginning Phase, Bond Phase and Deployment Phase
    in this turn"; docs/rules.md "A second phase in the turn"). Each is a whole
    phase: a Beginning Phase untaps and draws, a Bond Phase lets one more card be
    placed, a Deployment Phase has its own bond-count limit (rule 5). None of them
    starts a turn. Returns why not, or None: the phases must be the turn's phases up
    to the one now being played or just ended, in rule order, and the turn must be
    the turn player's own, at or before its Deployment Phase."""
    if not phases or list(phases) != list(PHASES[PHASES.index(phases[0]):PHASES.index(phases[0]) + len(phases)]):
        return f"phases are played in rule order: {', '.join(phases) or 'none'} is not a run of {', '.join(PHASES)}"
    if phases[-1] != game.phase:
        return f"the phases played again end with the phase being played ({game.phase}), not {phases[-1]}"
    if game.phase not in ("beginning", "bond", "deployment"):
        return f"no phase is played again from the {game.phase} phase"
    assert game.phases_left is not None
    game.phases_left[:0] = list(phases)
    game.emit(ev.PhasesAdded(game.turn, game.turn_player, tuple(phases)))
    return None


def beginning_phase(game: "Game") -> Iterator[Decision]:
    """Untap every unit of the turn player; draw (not the first player's first
    turn); the non-turn player marches if their Front Line is empty."""
    game.check_march()
    for u in list(game.players[game.turn_player].units):
        game.untap(u)
    if game.delayed and not game.phases_played:   # "at the start of your next turn": with the "at the start of your turn" skills
        due(game, START_OF_TURN)
    yield from resolve_triggers(game)
    if not (game.turn == 1 and game.turn_player == game.first_player):
        game.draw(game.turn_player, 1)
    yield from resolve_triggers(game)


def bond_options(game: "Game", player: int) -> list[Option]:
    p = game.players[player]
    opts = []
    if not p.bonded_this_turn:
        from fecipher.engine.cards import can_be_placed_in_bonds
        seen = set()
        for c in p.hand:
            # bond_refusal(game, player, c.id) is None: c is in the hand, no bond placed yet.
            if c.card in seen or not can_be_placed_in_bonds(c.card):
                continue
            if not M.idle(game, M.CANNOT_PLACE):
                from fecipher.engine.deployment import place_ban_refusal
                if place_ban_refusal(game, c, "bonds") is not None:   # (a rule about the player's Bond Area)
                    continue
            seen.add(c.card)
            key = (PLACE_BOND, c.id, c.card)
            opts.append(MADE_OPTIONS.get(key) or made_option(key, Option(
                PLACE_BOND, card=c.id, label=f"place {c.card.name} as a bond")))
    opts.append(_NO_BOND)
    return opts


def bond_refusal(game: "Game", player: int, card_id: int | None) -> str | None:
    p = game.players[player]
    if p.bonded_this_turn:
        return "only one card may be placed in the Bond Area each Bond Phase"
    copy = next((c for c in p.hand if c.id == card_id), None)
    if copy is None:
        return "that card is not in your hand"
    from fecipher.engine.cards import can_be_placed_in_bonds
    if not can_be_placed_in_bonds(copy.card):
        return f"{copy.card.name} cannot be placed in the Bond Area"
    from fecipher.engine.deployment import place_ban_refusal
    return place_ban_refusal(game, copy, "bonds")   # (a rule about the player's Bond Area, not "by skills")


def bond_phase(game: "Game") -> Iterator[Decision]:
    """Rule (001, Bond Phase): one card from the hand may be placed face-up in the Bond
    Area. A second Bond Phase in the turn (:func:`add_phases`) lets one more."""
    player = game.turn_player
    if game.phases_played.count("bond"):
        game.players[player].bonded_this_turn = False
    ans = yield Decision(player, BOND, "Bond Phase: place a card from your hand face-up in the Bond Area?",
                         tuple(bond_options(game, player)))
    if ans.kind == PLACE_BOND:
        game.players[player].bonded_this_turn = True
        game.move_card(game.copy(ans.card), BONDS, face_up=True)
        yield from resolve_triggers(game)


def deployment_phase(game: "Game") -> Iterator[Decision]:
    """Rule 5: the costs of the cards deployed and levelled up in the phase total at most
    the number of bonds (001: "出撃させるカードの出撃コスト...の合計が、自分の絆カードの枚数以下"),
    so a second Deployment Phase in the turn (:func:`add_phases`) has its own total."""
    player = game.turn_player
    if game.phases_played.count("deployment"):
        game.players[player].cost_paid_this_turn = 0
    while not game.over:
        opts = list(deployment_options(game, player))
        opts.append(_END_DEPLOYMENT)
        p = game.players[player]
        ans = yield Decision(player, DEPLOYMENT,
                             f"Deployment Phase: {len(p.bonds) - p.cost_paid_this_turn} of {len(p.bonds)} "
                             f"bond cost left", tuple(opts))
        if ans.kind == PASS:
            return
        perform(game, ans)
        yield from resolve_triggers(game)


def move_refusal(game: "Game", unit: "Unit | None") -> str | None:
    player = game.turn_player
    if unit is None or unit.owner != player:
        return "you can only move your own units"
    if unit.tapped:
        return f"{unit.card.name} is tapped; moving taps an untapped unit"
    if game.flag(unit, M.CANNOT_MOVE):
        return f"{unit.card.name} cannot move"
    return None


def action_options(game: "Game", player: int) -> list[Option]:
    opts: list[Option] = []
    me = game.players[player]
    them = game.players[1 - player]
    targets = them.units
    mine = me.units
    for u, t in legal_attacks(game, mine, targets):
        u_card, t_card = u.cards[0].card, t.cards[0].card
        key = (ATTACK, u.id, t.id, u_card, t_card, t.area)
        opts.append(MADE_OPTIONS.get(key) or made_option(key, Option(
            ATTACK, unit=u.id, target=t.id, label=f"attack {t_card.name} ({t.area}) with {u_card.name}")))
    cannot_move = not M.printed_only(game, M.CANNOT_MOVE)   # (else no unit is refused by the flag)
    for u in mine:
        # move_refusal(game, u) is None:
        if u.owner == game.turn_player and not u.tapped and not (cannot_move and game.flag(u, M.CANNOT_MOVE)):
            u_card = u.cards[0].card
            key = (MOVE, u.id, u_card, u.area)
            opts.append(MADE_OPTIONS.get(key) or made_option(key, Option(
                MOVE, unit=u.id, label=f"move {u_card.name} to the {'back' if u.area == FRONT else 'front'} line")))
    for ctx in action_skill_contexts(game, player):
        if usable(game, ctx) is None:
            opts.append(skill_option(ctx))
    opts.append(_END_ACTION)
    return opts


def action_phase(game: "Game") -> Iterator[Decision]:
    player = game.turn_player
    while not game.over:
        ans = yield Decision(player, ACTION, "Action Phase: attack, move, use a skill, or end the turn",
                             tuple(action_options(game, player)))
        if ans.kind == PASS:
            return
        if ans.kind == ATTACK:
            yield from battle_flow(game, game.unit(ans.unit), game.unit(ans.target))
        elif ans.kind == MOVE:
            u = game.unit(ans.unit)
            game.tap(u)
            game.move_unit(u)
        elif ans.kind == USE_SKILL:
            ctx = find_skill_context(game, ans)
            assert ctx is not None
            yield from use_skill(game, ctx)
        yield from resolve_triggers(game)


def end_phase(game: "Game") -> Iterator[Decision]:
    """"At the end of the turn" skills and the effects set up "at the end of this
    turn" resolve (those the resolving ones set up too), then this turn's effects end."""
    while True:
        fired = due(game, END_OF_TURN) if game.delayed else 0
        yield from resolve_triggers(game)
        if not fired:
            break
    game.expire_modifiers(M.END_OF_TURN)


PHASE_FLOWS = {
    "beginning": beginning_phase,
    "bond": bond_phase,
    "deployment": deployment_phase,
    "action": action_phase,
    "end": end_phase,
}
