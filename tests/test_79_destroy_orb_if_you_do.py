"""'destroy 1 orb' as an effect records whether it destroyed an orb, so that "if you do" after
it reads that line ("You may destroy an Orb. If you do, ...", B04-065SR "Two Steps Ahead").
Before, the line left the previous line's result in place: an optional destroy followed by
"if you do" never went on, and a destroy with no orb left went on after an earlier draw."""
from __future__ import annotations

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario

CARDS = '''
card "Ansel, Orb Lord"
  codes X79-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  act "Offer"
    you may destroy 1 orb
    if you do: draw 1
  act "Draw Then Offer"
    draw 1
    destroy 1 orb
    if you do: draw 1

card "Nola, Orb Lady"
  codes X79-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "destroy an orb"\n' + body
    path = tmp_path / "orb.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    return run_scenario(sc)


def test_you_may_destroy_an_orb_then_if_you_do_goes_on(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X79-002, X79-002
    orbs: X79-001
    front: X79-001 MC
  player 2
    front: X79-002 MC
  player 1 uses "Offer"
  player 1 answers yes
  expect player 1 orbs: 0 cards
  expect player 1 hand: X79-001, X79-002
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_declining_the_destroy_does_not_go_on(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X79-002, X79-002
    orbs: X79-001
    front: X79-001 MC
  player 2
    front: X79-002 MC
  player 1 uses "Offer"
  player 1 answers no
  expect player 1 orbs: 1 cards
  expect player 1 hand: 0 cards
''')
    assert r.status == "passed", r.failure and r.failure.format()


def test_a_destroy_with_no_orb_is_not_done_whatever_came_before(tmp_path):
    r = _run(tmp_path, '''  start turn 3, player 1, action phase
  player 1
    deck: X79-002, X79-002, X79-002
    front: X79-001 MC
  player 2
    front: X79-002 MC
  player 1 uses "Draw Then Offer"
  expect player 1 hand: X79-002
''')
    assert r.status == "passed", r.failure and r.failure.format()
