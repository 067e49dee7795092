"""Two constructs asked for by B08-076SR Shannan, compiled, refused where they mean nothing,
and played in games:

- "for each card sent to <area> by this skill": the cards this skill's own 'send' / 'add' /
  'put' lines moved to that area ("Send your entire hand to your Retreat Area. For each card
  sent to the Retreat Area by this skill's effect, choose 1 "Shannan" ..."), in a
  'choose ... for each' or an attack change;
- "<unit> has critical hit this combat": the unit performed a critical hit in the combat
  going on ("When this unit's Critical Hit is evaded" is the evasion trigger under it)."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Blade Sovereign"
  codes X91-001
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10

  act "Hand to Blades"
    send all cards from your hand to your retreat area
    choose 1 "Ansel" card from your retreat area for each card sent to your retreat area by this skill
    add them to your hand
  act "Sword Fervour"
    send all cards from your hand to your retreat area
    this unit gains +10 attack for each sword card sent to your retreat area by this skill until the end of the turn
  act "Into the Bonds"
    choose up to 2 cards from your hand
    put them into your bond area
    send the top card of your deck to your retreat area
    draw 1 for each card sent to your retreat area by this skill
  auto "Second Wind"
    when an enemy evades this unit
    if this unit has critical hit this combat
    untap this unit

card "Ansel, Spare Blade"
  codes X91-002
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10

card "Bryn, Lancer"
  codes X91-003
  cost 1
  symbol red
  weapon lance
  range 1
  attack 30
  support 10

card "Nola, Dodger"
  codes X91-004
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 40
  support 10
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x91"\n' + body
    path = tmp_path / "x91.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    r = run_scenario(sc)
    assert r.status == "passed", r.failure and r.failure.format()


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-911\n  cost 1\n  attack 10\n  support 10\n  '
            + lines + "\n")
    return compile_text(text, "x.fe0")


def test_the_lines_compile_and_read_as_the_card_says():
    (ansel,) = [c for c in compile_text(CARDS, "x91.fe0") if c.title == "Blade Sovereign"]
    texts = {s.name: s.text for s in ansel.skills}
    assert ("for each card sent to your Retreat Area by this skill" in texts["Hand to Blades"])
    assert "if this unit has Critical Hit in this combat" in texts["Second Wind"]


def test_a_choice_for_each_card_the_skill_sent(tmp_path):
    # 3 cards sent (one an "Ansel"): 3 "Ansel" cards to choose, of the 2 in the Retreat Area then
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X91-003
    hand: X91-002, X91-003, X91-004
    retreat: X91-002, X91-003
    front: X91-001 MC
  player 2
    front: X91-004 MC
  player 1 uses "Hand to Blades"
  expect not legal: player 1 chooses X91-003
  player 1 chooses X91-002
  player 1 chooses X91-002
  expect player 1 hand: X91-002, X91-002
  expect player 1 retreat: X91-003, X91-003, X91-004
  expect player 1 to decide action
''')


def test_no_card_sent_nothing_to_choose(tmp_path):
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X91-003
    retreat: X91-002
    front: X91-001 MC
  player 2
    front: X91-004 MC
  player 1 uses "Hand to Blades"
  expect player 1 hand: 0 cards
  expect player 1 to decide action
''')


def test_an_attack_change_counts_the_sent_cards_of_its_quality(tmp_path):
    # two sword cards and a lance card sent: +20
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X91-003
    hand: X91-002, X91-004, X91-003
    front: X91-001 MC
  player 2
    front: X91-004 MC
  player 1 uses "Sword Fervour"
  expect player 1's MC attack 60
''')


def test_cards_put_elsewhere_are_not_counted(tmp_path):
    # two cards went to the Bond Area, one to the Retreat Area: 1 drawn
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X91-004, X91-002, X91-003
    hand: X91-002, X91-003
    front: X91-001 MC
  player 2
    front: X91-004 MC
  player 1 uses "Into the Bonds"
  player 1 chooses X91-002
  player 1 chooses X91-003
  expect player 1 bonds: X91-002 face-up, X91-003 face-up
  expect player 1 retreat: X91-004
  expect player 1 hand: X91-002
''')


@pytest.mark.parametrize("critical, untapped", [(True, True), (False, False)])
def test_a_critical_hit_evaded(tmp_path, critical, untapped):
    step = "player 1 critical hits discarding X91-002" if critical else "player 1 does not critical hit"
    _run(tmp_path, f'''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X91-003
    hand: X91-002
    front: X91-001 MC
  player 2
    deck: 3 x X91-003
    hand: X91-004
    front: X91-004 MC
  player 1 attacks "Nola" with "Ansel"
  {step}
  player 2 evades discarding X91-004
  expect events: battle_judged(critical={"true" if critical else "false"}, evaded=true)
  expect player 1's MC is {"untapped" if untapped else "tapped"}
''')


def test_a_critical_hit_not_evaded_does_not_trigger(tmp_path):
    _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: 3 x X91-003
    hand: X91-002
    front: X91-001 MC
  player 2
    deck: 3 x X91-003
    orbs: X91-003
    hand: X91-004
    front: X91-004 MC
  player 1 attacks "Nola" with "Ansel"
  player 1 critical hits discarding X91-002
  player 2 does not evade
  expect events: battle_judged(critical=true, evaded=false)
  expect player 1's MC is tapped
''')


@pytest.mark.parametrize("lines, message", [
    ('act "X"\n    choose 1 card sent to your retreat area by this skill\n    add it to your hand',
     "is a count"),
    ('act "X"\n    draw 1 for each ally sent to your retreat area by this skill', "goes with cards"),
    ('act "X"\n    draw 1\n    this unit gains +10 attack for each card sent to your retreat area by this skill '
     'until the end of the turn', "has no such line"),
    ('act "X"\n    send all cards from your hand to your bond area\n    draw 1 for each card sent to your '
     'retreat area by this skill', "has no such line"),
    # a cost is not the skill's effect ("by this skill's effect"): it is not counted
    ('act "X"\n    cost send 1 card from your hand to your retreat area\n    draw 1 for each card sent to your '
     'retreat area by this skill', "has no such line"),
    ('act "X"\n    send all cards from your hand to your retreat area\n    the deployment cost of all red cards '
     'in your hand is reduced by 1 for each card sent to your retreat area by this skill until the end of the '
     'turn', "attack changes and 'choose ... for each' only"),
    ('cont "X"\n    if this unit has critical strike this combat\n    this unit gains +10 attack',
     "'has critical hit this combat'"),
])
def test_phrasings_that_mean_nothing_are_refused(lines, message):
    with pytest.raises(LanguageError) as e:
        _compile(lines)
    assert message in str(e.value)
