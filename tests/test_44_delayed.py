"""Delayed one-shot effects ("at the end of this combat:", "at the end of this turn:",
"at the start of your next turn:"): set up by a support, action or automatic skill,
kept in the game's state, run once at their moment with what the setting-up skill
chose, and gone afterwards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, answer_until, begin, card, duel, events, pick

PACK = '''
card "Tester, Parting Gift"
  codes TST-201
  cost 1
  symbol red
  attack 30
  support 10
  support "Parting Gift" attack
    at the end of this combat:
    draw 1

card "Tester, Executioner"
  codes TST-202
  cost 1
  symbol red
  attack 30
  support 10
  support "Marked for Death" attack
    choose 1 non-main character enemy
    at the end of this combat:
    destroy it

card "Tester, Cover"
  codes TST-203
  cost 1
  symbol red
  attack 30
  support 10
  support "Cover" attack
    at the end of this combat:
    you may move your attacking unit

card "Tester, Reaper"
  codes TST-206
  cost 1
  symbol red
  attack 30
  support 10
  support "Reaper's Due" attack
    at the end of this combat:
    if your attacking unit has destroyed a non-main character enemy this combat: draw 1

card "Tester, Schemer"
  codes TST-204
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Slow Burn"
    once per turn
    this unit gains +10 attack until the end of the turn
    at the end of this turn:
    draw 1
  act "Ambush"
    choose 1 non-main character enemy
    at the start of your next turn:
    destroy it
  act "Long Watch"
    at the end of your opponent's next turn:
    draw 2

card "Tester, Herald"
  codes TST-205
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Too Early"
    when this unit is deployed
    at the end of this combat:
    draw 1
'''
CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "delayed.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)


def c(title: str):
    return CARDS[f"Tester, {title}"]


def hand(game, p=0):
    return len(game.players[p].hand)


def advance(game, stop):
    """Decline everything (an orb to break: the first) until ``stop(game)``."""
    for _ in range(300):
        if game.over or stop(game):
            return game
        d = game.decision
        if d.kind == "break_orb":
            game.answer(0)
            continue
        game.answer(next(o for o in d.options if o.kind in ("pass", "no")))
    raise AssertionError("advance: too many decisions")


def settle(game):
    """Decline everything (an orb to break: the first) until the Action Phase asks again."""
    for _ in range(100):
        d = game.decision
        if game.over or (game.battle is None and not game.pending_triggers and d.kind == "action"):
            return
        if d.kind == "break_orb":
            game.answer(0)
            continue
        game.answer(next(o for o in d.options if o.kind in ("pass", "no")))
    raise AssertionError("settle: too many decisions")


def test_support_skill_sets_up_an_effect_at_the_end_of_the_combat():
    game, mc0, mc1 = duel()
    gift = add_cards(game, 0, "deck", c("Parting Gift"), top=True)[0]
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    assert len(game.delayed) == 1 and hand(game) == 0     # set up by the support skill, not run yet
    settle(game)
    assert hand(game) == 1 and game.delayed == []
    # It ran in the battle end step, before the support card went to the Retreat Area.
    i_draw = next(i for i, e in enumerate(game.events) if isinstance(e, ev.Drew))
    i_gone = next(i for i, e in enumerate(game.events) if isinstance(e, ev.CardMoved) and e.card == gift.id)
    i_end = next(i for i, e in enumerate(game.events) if isinstance(e, ev.BattleEnded))
    assert i_draw < i_gone < i_end
    # Once: nothing is left to run at the end of the turn or later.
    advance(game, lambda g: g.turn == 3 and g.phase == "action")
    assert game.delayed == [] and sum(e.skill == "Parting Gift" for e in events(game, ev.SkillTriggered)) == 1


def test_delayed_effect_keeps_what_the_skill_chose():
    game, mc0, mc1 = duel()
    doomed = add_unit(game, 1, FILLER, area="back")
    add_cards(game, 0, "deck", c("Executioner"), top=True)
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    pick(game, "unit", unit=doomed)                        # chosen now
    assert game.unit(doomed.id) is doomed
    settle(game)
    assert game.unit(doomed.id) is None                    # destroyed at the end of the combat
    d = [e for e in events(game, ev.UnitDestroyed) if e.unit == doomed.id][0]
    assert d.by_skill == "Marked for Death" and not d.in_battle


def test_delayed_effect_reads_the_battle_it_ends():
    game, mc0, mc1 = duel()
    add_cards(game, 0, "deck", c("Cover"), top=True)
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    advance(game, lambda g: g.decision.kind == "may")
    assert "move your attacking unit" in game.decision.prompt.lower()
    pick(game, "yes")
    settle(game)
    assert mc0.area == "back"


@pytest.mark.parametrize("defender_attack, mc, drew", [(10, False, 1), (90, False, 0), (10, True, 0)])
def test_a_condition_on_what_the_combat_destroyed_is_checked_at_its_end(defender_attack, mc, drew):
    game, mc0, mc1 = duel()
    target = mc1 if mc else add_unit(game, 1, card("Target", attack=defender_attack))
    if mc:
        mc1.cards[0] = game.new_copy(card("Lord", "Weak", attack=defender_attack), 1)
        game.invalidate()
    add_cards(game, 0, "deck", c("Reaper"), top=True)
    begin(game)
    pick(game, "attack", unit=mc0, target=target)
    settle(game)
    # (an MC destroyed breaks an orb into its owner's hand: player 1's)
    assert hand(game) == drew


def test_end_of_this_turn_runs_once_at_the_end_phase():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Schemer"))
    begin(game)
    pick(game, "use_skill", skill="Slow Burn")
    assert hand(game) == 0 and len(game.delayed) == 1
    advance(game, lambda g: g.turn == 3)
    assert hand(game) == 1 and game.delayed == []
    # The setting-up skill was used once; the delayed part is not a use.
    assert game.skill_uses.get((2, s.id, "Slow Burn")) == 1
    advance(game, lambda g: g.turn == 5 and g.phase == "action")
    assert hand(game) == 2                                 # turn 4's draw only


def test_start_of_your_next_turn():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Schemer"))
    doomed = add_unit(game, 1, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Ambush")
    pick(game, "unit", unit=doomed)
    advance(game, lambda g: g.turn == 3 and g.phase == "action")
    assert game.unit(doomed.id) is doomed                  # not in the opponent's turn
    advance(game, lambda g: g.turn == 4 and g.phase == "bond")
    assert game.unit(doomed.id) is None and game.delayed == []


def test_end_of_your_opponents_next_turn():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Schemer"))
    begin(game)
    pick(game, "use_skill", skill="Long Watch")
    advance(game, lambda g: g.turn == 3 and g.phase == "action")
    assert hand(game) == 0 and len(game.delayed) == 1     # not at the end of its own turn
    advance(game, lambda g: g.turn == 4)
    assert hand(game) == 2 + 1 and game.delayed == []     # and turn 4's draw


def test_end_of_a_combat_set_up_outside_a_combat_is_not_kept():
    game, mc0, mc1 = duel()
    herald = add_cards(game, 0, "hand", c("Herald"))[0]
    add_bonds(game, 0, FILLER)
    begin(game, phase="deployment")
    pick(game, "deploy", card=herald, area="front")
    answer_until(game, lambda g: g.phase == "action")
    assert game.delayed == []


def test_replaying_the_same_answers_sets_up_and_runs_the_same_effects():
    def play(answers=None):
        game, mc0, mc1 = duel(seed=3)
        add_unit(game, 0, c("Schemer"))
        add_unit(game, 1, FILLER)
        add_cards(game, 0, "deck", c("Executioner"), top=True)
        begin(game)
        if answers is None:
            pick(game, "use_skill", skill="Ambush")
            game.answer(0)
            pick(game, "attack", unit=mc0, target=mc1)
            game.answer(0)
            advance(game, lambda g: g.turn == 4 and g.phase == "action")
        else:
            for a in answers:
                game.answer(a)
        return game
    first = play()
    again = play(first.answers)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in first.events]
    assert any(isinstance(e, ev.SkillTriggered) and e.skill == "Ambush" for e in again.events)


def test_an_ai_copy_of_the_game_keeps_the_delayed_effects():
    from fecipher.play.ai import clone_game
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Schemer"))
    begin(game)
    pick(game, "use_skill", skill="Slow Burn")
    copy = clone_game(game)
    assert copy is not None and len(copy.delayed) == 1
    d = copy.delayed[0]
    assert d.ctx.game is copy and d.ctx.skill is game.delayed[0].ctx.skill
    advance(copy, lambda g: g.turn == 3)
    assert len(copy.players[0].hand) == 1 and game.delayed and hand(game) == 0


def test_describe_renders_the_delayed_part():
    from fecipher.dsl import render
    from fecipher.dsl.parse import parse_pack
    texts = {s.name: render.skill(s) for cd in parse_pack(PACK, "d.fe0").cards for s in cd.skills}
    assert texts["Marked for Death"].endswith("Choose 1 non-Main Character enemy. "
                                              "At the end of this combat, destroy it.")
    assert "At the start of your next turn, destroy it." in texts["Ambush"]
    assert "At the end of your opponent's next turn, draw 2 cards." in texts["Long Watch"]
    assert ("At the end of this combat, if your attacking unit's attack destroyed a non-Main Character enemy "
            "this combat, draw 1 card.") in texts["Reaper's Due"]


HEAD = '''
card "Tester, Bad"
  codes TST-299
  cost 1
  symbol red
  attack 30
  support 10
'''


@pytest.mark.parametrize("body, message", [
    ('  act "A"\n    at the end of this combat:\n    draw 1\n', "never comes"),
    ('  bond "A"\n    cost flip 1 bond\n    at the end of this combat:\n    draw 1\n', "never comes"),
    ('  cont "A"\n    at the end of this turn:\n    this unit gains +10 attack\n', "sets up no later effect"),
    ('  act "A"\n    at the end of this turn:\n', "needs the effect lines"),
    ('  act "A"\n    at the end of this turn:\n    at the end of this combat:\n    draw 1\n', "needs the effect lines"),
    ('  act "A"\n    at the end of this turn:\n    dance 1\n', "unknown effect"),
    ('  act "A"\n    if this unit has destroyed an enemy with cost 2 or less this turn\n    draw 1\n',
     "can only say whose unit"),
])
def test_checker_refuses_delayed_effects_it_cannot_run(body, message):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + body, "bad.fe0")
    assert message in str(e.value)


def test_delayed_effect_keeps_a_named_choice_of_the_skill():
    pack = '''
card "Tester, Hunter"
  codes TST-501
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Mark"
    choose 1 non-main character enemy
    choose 1 ally
    at the end of this turn:
    destroy the chosen enemy
'''
    hunter = compile_text(pack, "hunter.fe0")[0]
    game, mc0, mc1 = duel()
    add_unit(game, 0, hunter)
    doomed = add_unit(game, 1, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Mark")
    if game.decision.kind == "choose":
        pick(game, "unit", unit=doomed)
    if game.decision.kind == "choose":
        pick(game, "unit", unit=mc0)
    assert game.unit(doomed.id) is doomed
    advance(game, lambda g: g.turn == 3)
    assert game.unit(doomed.id) is None
