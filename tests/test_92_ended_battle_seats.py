"""`the attacking unit` / `the defending unit` (and `your attacking unit` ...) in a skill that
triggers when a battle ends ("When this unit's attack ends, if the defending unit was your
opponent's Main Character, you may move that Main Character", B16-053HN Atlas): the battle end
step is over and no battle is going on, so they name the units of the battle whose end triggered
the skill (its BattleEnded event), while those are on the field. Before, they named nothing there
and such a condition never held."""
from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import run_scenario

CARDS = '''cards: """
card "Ansel, Test Lord"
  codes T92-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

card "Nola, Test Lady"
  codes T92-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20

card "Jory, Test Filler"
  codes T92-003
  cost 1
  symbol red
  range 1
  attack 10
  support 10

card "Orin, Test Wall"
  codes T92-004
  cost 1
  symbol blue
  range 1
  attack 80
  support 10

card "Hale, Test Pusher"
  codes T92-005
  cost 2
  symbol red
  range 1
  attack 60
  support 10
  auto "Push"
    when this unit finishes attacking
    if the defending unit is your opponent's main character
    you may move your opponent's main character
"""
'''

BOARD = '''
  start turn 3, player 1, action phase
  player 1
    deck: 3 x T92-003
    front: T92-001 MC, T92-005
  player 2
    deck: 3 x T92-003
    orbs: 2 x T92-003
    front: T92-002 MC, T92-004
'''


def run(steps: str):
    f = parse_scenarios(CARDS + 'scenario "x"' + BOARD + steps, "ended.scn")
    return run_scenario(f.scenarios[0])


def test_the_defending_unit_after_the_attack_on_the_main_character():
    r = run('''  player 1 attacks "Nola" with "Hale"
  player 2 breaks orb 1
  player 1 answers yes
  expect "Nola" is in the back line
''')
    assert r.status == "passed", r.failure.format()


def test_the_defending_unit_after_the_attack_on_another_unit():
    r = run('''  player 1 attacks "Orin" with "Hale"
  expect "Orin" is in the front line
  expect action phase
  expect "Nola" is in the front line
''')
    assert r.status == "passed", r.failure.format()


def test_no_ended_battle_outside_a_battle_end_trigger():
    # An action skill used in the Action Phase names no battle: "the defending unit" is nothing.
    from fecipher.dsl.packs import compile_text
    from fecipher.dsl.selectors import _ended_battle_seat
    from vanilla import add_unit, begin, duel
    from fecipher.engine.skills import SkillContext
    game, _, _ = duel()
    card = compile_text(CARDS.split('"""')[1], "t.fe0")[4]
    u = add_unit(game, 0, card)
    begin(game)
    ctx = SkillContext(game, card.skills[0], 0, card, u.id, None, {})
    assert _ended_battle_seat(ctx, "defender") == []
