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
        if deploy_refusal(game, player, copy, FRONT) is None:
            for area in (FRONT, BACK):
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
    game = Game(load_deck("marth"), load_deck("chrom"), seed)
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
    assert checked > 20
