"""Engine decision 17: every game ends, whatever skills a pack that checks clean holds.

Skills that trigger each other without end, a turn that never ends, and a flood of
events after one decision are stopped by the loop guard: a ``LoopStopped`` event
naming the limit, then the game is over with no winner. Every test here watches its
game through the event bus and fails (rather than hangs) if the guard does not act.
"""
from __future__ import annotations

import warnings

import pytest

from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.game import Game
from fecipher.play.render import render_game

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Looper, Ping"
  codes LOOP-001
  cost 1
  symbol red
  attack 30
  support 10
  auto "Ping"
    when this unit is moved
    move this unit

card "Looper, Chooser"
  codes LOOP-002
  cost 1
  symbol red
  attack 30
  support 10
  auto "Pong"
    when this unit is moved
    choose 1 ally
    move it

card "Mirror, Left"
  codes LOOP-003
  cost 1
  symbol red
  attack 30
  support 10
  auto "Left Echo"
    when another ally is moved
    move this unit

card "Mirror, Right"
  codes LOOP-004
  cost 1
  symbol red
  attack 30
  support 10
  auto "Right Echo"
    when another ally is moved
    move this unit

card "Crowd, Echo"
  codes LOOP-005
  cost 1
  symbol red
  attack 30
  support 10
  auto "Crowd Echo"
    when an ally is moved
    move this unit

card "Echo, Doubler"
  codes LOOP-008
  cost 1
  symbol red
  attack 30
  support 10
  auto "Double Echo"
    when this unit is moved
    move this unit
    move this unit

card "Fidget, Restless"
  codes LOOP-006
  cost 1
  symbol red
  attack 30
  support 10
  act "Fidget"
    move this unit

card "Calm, Mover"
  codes LOOP-007
  cost 1
  symbol red
  attack 30
  support 10
  auto "Step Aside"
    when this unit is moved
    once per turn
    move this unit
'''

with warnings.catch_warnings():
    warnings.simplefilter("ignore")      # (the checker warns about these loops: test_47)
    CARDS = {c.name: c for c in compile_text(PACK, "loops.fe0")}


def watched(game: Game, limit: int = 100_000) -> Game:
    """Fail the test, rather than hang it, if the game runs past ``limit`` events."""
    def count(g, e):
        if len(g.events) > limit:
            raise AssertionError(f"the loop guard did not stop the game ({len(g.events)} events)")
    game.bus.subscribe(ev.Event, count)
    return game


def stopped(game: Game) -> ev.LoopStopped:
    assert game.over and game.winner is None and game.decision is None
    over = game.events[-1]
    assert isinstance(over, ev.GameOver) and over.winner is None and over.reason == game.reason
    stop = game.events[-2]
    assert isinstance(stop, ev.LoopStopped)
    assert sum(isinstance(e, ev.LoopStopped) for e in game.events) == 1
    return stop


def test_engine_decision_17_a_skill_that_triggers_itself_ends_the_game_as_a_draw():
    game, mc0, mc1 = duel()
    ping = add_unit(game, 0, CARDS["Looper, Ping"])
    begin(game)
    watched(game)
    pick(game, "move", unit=ping)      # returns: before the guard, it never did
    stop = stopped(game)
    assert stop == ev.LoopStopped("trigger_depth", Game.max_trigger_depth, ("Ping",))
    assert game.reason == 'the skills "Ping" repeat without end (a chain of 100 triggered skills)'
    # 100 skills triggered, one after the other; the 100th's move would trigger a
    # 101st: the game stops there, inside the 100th's resolution.
    assert sum(isinstance(e, ev.SkillTriggered) for e in game.events) == Game.max_trigger_depth
    assert sum(isinstance(e, ev.SkillResolved) for e in game.events) == Game.max_trigger_depth - 1
    log = render_game(game)
    assert any('"Ping" would trigger each other without end (a chain of 100 triggered skills)' in line
               for line in log)
    assert log[-1].startswith("The game ends without a winner: the skills \"Ping\" repeat without end")


def test_engine_decision_17_two_cards_that_move_each_other_end_the_game_as_a_draw():
    game, mc0, mc1 = duel()
    left = add_unit(game, 0, CARDS["Mirror, Left"])
    add_unit(game, 0, CARDS["Mirror, Right"])
    begin(game)
    watched(game)
    pick(game, "move", unit=left)
    stop = stopped(game)
    assert stop.limit == "trigger_depth" and stop.count == 100
    assert stop.skills == ("Right Echo", "Left Echo")     # in the order the chain met them
    assert game.reason == ('the skills "Right Echo" and "Left Echo" repeat without end '
                           '(a chain of 100 triggered skills)')


def test_engine_decision_17_a_chain_that_asks_a_choice_at_each_step_still_ends():
    """"When this unit is moved / choose 1 ally / move it", the player choosing this
    unit every time: a turn that would never end (each step is a decision, so no
    single decision is followed by many events)."""
    game, mc0, mc1 = duel()
    chooser = add_unit(game, 0, CARDS["Looper, Chooser"])
    begin(game)
    watched(game)
    pick(game, "move", unit=chooser)
    steps = 0
    while not game.over:
        pick(game, "unit", unit=chooser)
        steps += 1
        assert steps <= Game.max_trigger_depth
    stop = stopped(game)
    assert stop.limit == "trigger_depth" and stop.skills == ("Pong",)
    assert steps == Game.max_trigger_depth


def test_engine_decision_17_a_chain_that_stops_below_the_cap_changes_nothing():
    """A skill that moves its own unit once per turn: the chain is 1 long, the game goes on."""
    game, mc0, mc1 = duel()
    calm = add_unit(game, 0, CARDS["Calm, Mover"])
    begin(game)
    area = calm.area
    pick(game, "move", unit=calm)
    assert not game.over and game.decision is not None
    assert calm.area == area            # moved by the player, then back by its skill
    assert not any(isinstance(e, ev.LoopStopped) for e in game.events)


def test_engine_decision_17_a_chain_that_branches_is_stopped_by_the_events_of_one_decision():
    """A skill that moves its own unit twice each time it is moved: every step
    triggers two more (of the same skill, so no order is asked), and the events of
    one decision reach their cap long before the chain reaches its depth."""
    game, mc0, mc1 = duel()
    doubler = add_unit(game, 0, CARDS["Echo, Doubler"])
    begin(game)
    watched(game, Game.max_events_per_decision + 1000)
    before = len(game.events)
    pick(game, "move", unit=doubler)
    stop = stopped(game)
    assert stop == ev.LoopStopped("events_per_decision", Game.max_events_per_decision, ("Double Echo",))
    # The first event past the cap stops it: the cap, then LoopStopped and GameOver.
    assert len(game.events) - before == Game.max_events_per_decision + 1 + 2
    assert game.reason == ('the skills "Double Echo" repeat without end '
                           f'(more than {Game.max_events_per_decision} events followed one decision)')
    assert max(t.depth for t in game.pending_triggers) < Game.max_trigger_depth


def test_engine_decision_17_a_chain_that_asks_an_order_at_every_step_is_stopped_by_the_turns_decisions():
    """Three units that each move themselves when another ally (or any ally) is
    moved: each step triggers several skills whose order their controller chooses,
    so every step is a decision and the chain grows wider, not deeper."""
    game, mc0, mc1 = duel()
    crowd = add_unit(game, 0, CARDS["Crowd, Echo"])
    add_unit(game, 0, CARDS["Mirror, Left"])
    add_unit(game, 0, CARDS["Mirror, Right"])
    begin(game)
    game.max_decisions_per_turn = 300
    watched(game)
    pick(game, "move", unit=crowd)
    answers = 0
    while not game.over:
        assert game.decision.kind == "order_skills"
        game.answer(answers % len(game.decision.options))
        answers += 1
    stop = stopped(game)
    assert stop == ev.LoopStopped("decisions_per_turn", 300, ())
    assert game.reason == "turn 2 took more than 300 decisions"


def test_engine_decision_17_the_decisions_of_one_turn_are_capped():
    """A player who uses a free, repeatable action skill forever: the turn would never end."""
    game, mc0, mc1 = duel()
    fidget = add_unit(game, 0, CARDS["Fidget, Restless"])
    begin(game)
    game.max_decisions_per_turn = 40
    uses = 0
    while not game.over:
        pick(game, "use_skill", unit=fidget)
        uses += 1
        assert uses <= 40
    stop = stopped(game)
    assert stop == ev.LoopStopped("decisions_per_turn", 40, ())
    assert game.reason == "turn 2 took more than 40 decisions"
    # begin() made the first decision of the turn; 39 more were allowed.
    assert uses == 40
    assert any("this turn has taken 40 decisions" in line for line in render_game(game))


def test_engine_decision_17_the_turn_limit_is_checked_at_every_decision():
    game, mc0, mc1 = duel()
    fidget = add_unit(game, 0, CARDS["Fidget, Restless"])
    begin(game)
    pick(game, "use_skill", unit=fidget)
    assert not game.over
    game.max_turns = 1                  # (turn 2 is under way: it is now past the limit)
    pick(game, "use_skill", unit=fidget)
    stop = stopped(game)
    assert stop == ev.LoopStopped("turn_limit", 2, ())
    assert game.reason == "the turn limit (1) was reached"


def test_engine_decision_17_the_caps_are_per_game_and_can_be_lowered():
    game, mc0, mc1 = duel()
    ping = add_unit(game, 0, CARDS["Looper, Ping"])
    begin(game)
    game.max_trigger_depth = 5
    pick(game, "move", unit=ping)
    assert stopped(game) == ev.LoopStopped("trigger_depth", 5, ("Ping",))
    assert sum(isinstance(e, ev.SkillTriggered) for e in game.events) == 5
    assert Game.max_trigger_depth == 100


@pytest.mark.parametrize("name", ["Looper, Ping", "Mirror, Left"])
def test_engine_decision_17_a_refused_answer_after_the_stop_says_the_game_is_over(name):
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, CARDS[name])
    if name == "Mirror, Left":
        add_unit(game, 0, CARDS["Mirror, Right"])
    begin(game)
    pick(game, "move", unit=unit)
    assert game.why_illegal(0) == "the game is over"


def test_engine_decision_17_events_emitted_outside_the_flow_are_not_counted():
    """The events cap counts what the game does after a decision; an integrator (or a
    benchmark) emitting events into a game by hand is not stopped."""
    game, mc0, mc1 = duel()
    begin(game)
    for _ in range(Game.max_events_per_decision + 10):
        game.emit(ev.Shuffled(0, "deck"))
    assert not game.over and game.decision is not None
    pick(game, "pass")
    assert not game.over and game.decision is not None
