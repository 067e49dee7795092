"""The decision API: who decides, every legal option, refusals that change nothing,
and a game as a function of seed, decks and answers."""
import pytest

from fecipher.engine import events as ev
from fecipher.play.agents import FirstOptionAgent, RandomAgent, ScriptedAgent, play
from fecipher.engine.decisions import IllegalAnswer, Option, choose
from fecipher.engine.game import Game
from vanilla import (
    FILLER, FlipBondsCost, action, add_bonds, add_cards, add_unit, auto, begin, card, deck, duel, events,
    options, pick, refusal, snapshot,
)

CAIN = card("Cain", attack=30)


def _battle_ready():
    g, m0, m1 = duel(orbs=2)
    add_cards(g, 0, "hand", card("Lord 0", "spare"))
    add_cards(g, 1, "hand", card("Lord 1", "spare"))
    begin(g)
    return g, m0, m1


# --------------------------------------------------------------------------- who decides
def test_decisions_name_the_player_who_decides_in_a_battle():
    g, m0, m1 = _battle_ready()
    assert (g.decision.player, g.decision.kind) == (0, "action")
    pick(g, "attack", unit=m0, target=m1)
    assert (g.decision.player, g.decision.kind) == (0, "critical_hit")
    pick(g, "pass")
    assert (g.decision.player, g.decision.kind) == (1, "evasion")
    pick(g, "pass")
    assert (g.decision.player, g.decision.kind) == (1, "break_orb")  # 60 vs 60: the MC is destroyed
    pick(g, "card", card=g.players[1].orbs[0].copy)
    assert (g.decision.player, g.decision.kind) == (0, "action")


def test_answer_for_the_wrong_player_is_refused():
    g, m0, m1 = _battle_ready()
    with pytest.raises(IllegalAnswer) as e:
        g.answer(0, player=1)
    assert e.value.reason == "it is player 1's decision, not player 2's"


def test_an_optional_skill_asks_its_controller_yes_or_no():
    log = []

    def eff(ctx):
        log.append("used")
        return
        yield

    sk = auto("maybe", ev.TurnStarted, lambda c, e: True, eff, optional=True)
    g, m0, m1 = duel()
    add_unit(g, 1, card("Opt", skills=[sk]))
    begin(g, turn=3, player=0, phase="beginning")
    assert (g.decision.player, g.decision.kind) == (1, "may")
    assert [o.kind for o in g.decision.options] == ["yes", "no"]
    pick(g, "no")
    assert log == [] and not events(g, ev.SkillResolved)


def test_an_optional_cost_is_paid_only_on_yes():
    sk = auto("pay?", ev.TurnStarted, lambda c, e: True, costs=(FlipBondsCost(1),), optional=True)
    g, m0, m1 = duel()
    add_unit(g, 0, card("Opt", skills=[sk]))
    [b] = add_bonds(g, 0, FILLER)
    begin(g, turn=3, player=0, phase="beginning")
    assert g.decision.kind == "may" and b.face_up
    pick(g, "yes")
    assert not b.face_up and events(g, ev.SkillResolved)[-1].skill == "pay?"


def test_choose_offers_done_only_once_the_minimum_is_chosen():
    picked = []

    def eff(ctx):
        opts = [Option("card", card=c.id, label=c.card.name) for c in ctx.game.players[0].hand]
        chosen = yield from choose(0, "choose 1 or 2", opts, minimum=1, maximum=2)
        picked.extend(o.card for o in chosen)

    g, m0, m1 = duel()
    add_unit(g, 0, card("Chooser", skills=[action("choose", eff)]))
    hand = add_cards(g, 0, "hand", CAIN, FILLER, FILLER)
    begin(g, turn=3, player=0)
    pick(g, "use_skill")
    assert g.decision.kind == "choose" and [o.kind for o in g.decision.options] == ["card"] * 3
    pick(g, "card", card=hand[2])
    assert [o.kind for o in g.decision.options] == ["card", "card", "pass"]
    pick(g, "pass")
    assert picked == [hand[2].id]


# --------------------------------------------------------------------------- refusals change nothing
@pytest.mark.parametrize("bad, reason", [
    (7, "option number 7 is out of range 0-2"),
    (-1, "option number -1 is out of range 0-2"),
    (True, "an answer is an option or its number, not True"),
    ("attack", "an answer is an option or its number, not 'attack'"),
    (Option("place_bond", card=1), "the pending decision (action) takes one of: attack, move, pass; not place_bond"),
    (Option("attack", unit=999, target=1), "the attacker must be one of your units on the field"),
    (Option("move", unit=999), "you can only move your own units"),
    (Option("use_skill", card=1, skill="nothing"), "no such skill to use"),
])
def test_refused_answers_raise_with_the_reason_and_change_nothing(bad, reason):
    g, m0, m1 = duel()
    begin(g)
    before = snapshot(g)
    assert refusal(g, bad) == reason
    assert snapshot(g) == before


def test_refusal_in_a_deployment_changes_nothing():
    g, m0, m1 = duel()
    add_bonds(g, 0, FILLER)
    [big] = add_cards(g, 0, "hand", card("Big", cost=3))
    begin(g, phase="deployment")
    before = snapshot(g)
    assert refusal(g, Option("deploy", card=big.id, area="front")).startswith("rule 5 (bond count)")
    assert refusal(g, Option("deploy", card=big.id, area="middle")) == (
        "units are deployed to the front or back line, not 'middle'")
    assert refusal(g, Option("deploy", card=99999, area="front")) == "no such card"
    assert snapshot(g) == before


def test_why_illegal_is_none_for_legal_options():
    g, m0, m1 = duel()
    begin(g)
    assert all(g.why_illegal(o) is None for o in g.legal_options())


def test_answer_by_option_number_is_recorded():
    g, m0, m1 = duel()
    begin(g, turn=3, player=0, phase="bond")
    g.answer(0)  # place no bond (the only option with an empty hand)
    assert g.answers == [0] and g.phase == "deployment"


def test_decisions_and_options_serialise_to_json():
    g, m0, m1 = duel()
    begin(g)
    j = g.decision.to_json()
    assert j["player"] == 0 and j["kind"] == "action"
    assert j["options"][0] == {"kind": "attack", "unit": m0.id, "target": m1.id,
                               "label": g.decision.options[0].label}
    assert all(isinstance(e.to_json()["event"], str) for e in g.events)


# --------------------------------------------------------------------------- a function of seed and answers
def _full_game(seed, agent_seed):
    from vanilla import random_deck
    import random
    r = random.Random(seed)
    g = Game(random_deck(r), random_deck(r), seed=seed, max_turns=8)
    play(g, [RandomAgent(agent_seed), RandomAgent(agent_seed + 1)])
    return g


def test_same_seed_and_answers_give_the_same_game():
    from vanilla import random_deck
    import random
    g = _full_game(5, 9)
    r = random.Random(5)
    replay = Game(random_deck(r), random_deck(r), seed=5, max_turns=8)
    for a in g.answers:
        replay.answer(a)
    assert replay.events == g.events and replay.over == g.over and replay.winner == g.winner


def test_scripted_and_first_option_agents_play_a_whole_game():
    g = Game(deck(card("Lord", cost=1)), deck(card("Hero", cost=1)), seed=1, max_turns=6)
    play(g, [ScriptedAgent([1], FirstOptionAgent()), FirstOptionAgent()])
    assert g.over and events(g, ev.Mulliganed) == [ev.Mulliganed(g.first_player)]
    assert g.card_count(0) == g.card_count(1) == 50


_REPLAY_SCRIPT = r"""
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1])
from vanilla import random_deck
from fecipher.dsl.decks import load_deck
from fecipher.play.agents import RandomAgent, play
from fecipher.engine.game import Game
out = []
for seed in range(4):
    r = random.Random(seed)
    decks = (random_deck(r), load_deck("marth")) if seed % 2 else (load_deck("chrom"), random_deck(r))
    g = Game(*decks, seed=seed, max_turns=12)
    play(g, [RandomAgent(seed), RandomAgent(seed + 100)])
    out.append([e.to_json() for e in g.events])
print(hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest())
"""


def test_a_game_does_not_depend_on_the_processes_hash_seed():
    import os
    import pathlib
    import subprocess
    import sys
    here = str(pathlib.Path(__file__).parent)
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        res = subprocess.run([sys.executable, "-c", _REPLAY_SCRIPT, here], env=env, capture_output=True,
                             text=True, check=True)
        digests.add(res.stdout.strip())
    assert len(digests) == 1


def test_docs_rules_md_names_only_existing_tests():
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    refs = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", doc)
    assert len(refs) > 100
    missing = [f"{f}::{t}" for f, t in refs if f"def {t}(" not in (root / f).read_text(encoding="utf-8")]
    assert missing == []
