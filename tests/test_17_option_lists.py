"""The option lists are found by fast paths (``phases.action_options`` with
``battle.legal_attacks``, ``deployment.deployment_options``): they must be exactly
what the refusal functions let through, in the same order, with the same labels.
Checked at every Action and Deployment decision of seeded random games between
the starter decks."""
import random

import pytest

from fecipher.dsl.decks import load_deck
from fecipher.engine.battle import attacker_refusal, target_refusal
from fecipher.engine.decisions import (
    ACTION, ATTACK, CLASS_CHANGE, DEPLOY, DEPLOYMENT, LEVEL_UP, MOVE, PASS, Option,
)
from fecipher.engine.deployment import deploy_refusal, level_up_refusal
from fecipher.engine.game import Game
from fecipher.engine.phases import move_refusal
from fecipher.engine.resolution import action_skill_contexts, skill_option, usable
from fecipher.engine.state import BACK, FRONT


def _action_reference(game, player):
    me, them = game.players[player], game.players[1 - player]
    out = []
    for u in me.units:
        if attacker_refusal(game, u) is not None:
            continue
        for t in them.units:
            if target_refusal(game, u, t) is None:
                out.append(Option(ATTACK, unit=u.id, target=t.id,
                                  label=f"attack {t.card.name} ({t.area}) with {u.card.name}"))
    for u in me.units:
        if move_refusal(game, u) is None:
            dest = "back" if u.area == FRONT else "front"
            out.append(Option(MOVE, unit=u.id, label=f"move {u.card.name} to the {dest} line"))
    for ctx in action_skill_contexts(game, player):
        if usable(game, ctx) is None:
            out.append(skill_option(ctx))
    out.append(Option(PASS, label="end the Action Phase"))
    return out


def _deployment_reference(game, player):
    p = game.players[player]
    out, seen = [], set()
    for copy in p.hand:
        if copy.card in seen:
            continue
        seen.add(copy.card)
        for area in (FRONT, BACK):
            if deploy_refusal(game, player, copy, area) is None:
                out.append(Option(DEPLOY, card=copy.id, area=area,
                                  label=f"deploy {copy.card.name} (cost {copy.card.cost}) to the {area} line"))
        for unit in p.units:
            if level_up_refusal(game, player, copy, unit) is None:
                if copy.card.is_promoted:
                    out.append(Option(CLASS_CHANGE, card=copy.id, unit=unit.id,
                                      label=f"class change {unit.card.name} into {copy.card.name} "
                                            f"(cost {copy.card.class_change_cost})"))
                else:
                    out.append(Option(LEVEL_UP, card=copy.id, unit=unit.id,
                                      label=f"level up {unit.card.name} with {copy.card.name} "
                                            f"(cost {copy.card.cost})"))
    out.append(Option(PASS, label="end the Deployment Phase"))
    return out


def _same(options, reference):
    return list(options) == reference and [o.label for o in options] == [o.label for o in reference]


@pytest.mark.parametrize("seed", range(6))
def test_action_and_deployment_options_are_what_the_refusals_allow(seed):
    _check_options(Game(load_deck("marth"), load_deck("chrom"), seed), seed)


# Attack rules that change who may attack whom: regardless of range (under a condition,
# for a turn, for a unit with no range) and "can only attack" (for the fast path in
# battle.legal_attacks against attack_refusal); rules that forbid deploying to a line
# (deployment.deployment_options against deploy_refusal) and "cannot level up" (against
# level_up_refusal).
_ATTACK_RULES = '''
card "Opt, Longbow"
  codes OPT-001
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Long Reach"
    if this unit is in the front line
    this unit can attack enemies in the back line regardless of range
card "Opt, Hawkeye"
  codes OPT-002
  cost 2
  symbol red
  range 2
  attack 40
  support 10
  act "Take Aim"
    cost flip 1 bond
    all allies can attack enemies with cost 2 or less regardless of range until the end of the turn
card "Opt, Assassin"
  codes OPT-003
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Mark"
    this unit can only attack your opponent's main character
card "Opt, Staff Adept"
  codes OPT-004
  cost 1
  symbol red
  range none
  attack 20
  support 10
  cont "Any Range"
    if this unit is in the back line
    this unit can attack non-main character enemies regardless of range
card "Opt, Jailer"
  codes OPT-005
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Iron Gate"
    if this unit is in the front line
    your opponent cannot deploy cards with cost 2 or more into their back line
  act "Lockdown"
    cost flip 1 bond
    your opponent cannot deploy cards with cost 3 into their front line until the end of your opponent's next turn
  cont "Set in Stone"
    if this unit is untapped
    this unit cannot level up
'''


@pytest.mark.parametrize("seed", range(4))
def test_option_lists_with_attack_rules_are_what_the_refusals_allow(seed):
    from fecipher.dsl.packs import compile_text
    from vanilla import card, deck
    cards = compile_text(_ATTACK_RULES, "attack_rules.fe0")
    others = [c for c in cards for _ in range(4)]
    d0 = deck(card("Lord", attack=50), others, name="rules")
    d1 = deck(card("Lady", attack=50, ranges=(1, 2)), others, name="rules")
    _check_options(Game(d0, d1, seed), seed, minimum=10)


def _check_options(game, seed, minimum=20):
    rngs = [random.Random(2 * seed), random.Random(2 * seed + 1)]
    checked = 0
    while not game.over and game.decision is not None:
        d = game.decision
        if d.kind == ACTION:
            assert _same(d.options, _action_reference(game, d.player))
            checked += 1
        elif d.kind == DEPLOYMENT:
            assert _same(d.options, _deployment_reference(game, d.player))
            checked += 1
        game.answer(d.options[rngs[d.player].randrange(len(d.options))])
    assert checked > minimum
