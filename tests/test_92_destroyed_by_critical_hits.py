"""'cannot be destroyed by (enemy) critical hits' (P22-008PR Dimitri "My strength is yours.":
"your <Brown> Main Character cannot be destroyed by enemy Critical Hits"): a unit that an
attack would destroy stays when that attack is a critical hit (battle step 3); a plain attack
and skills still destroy it. Compiled, refused where it means nothing, and played in games."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Warded Lord"
  codes X92-001
  cost 1
  symbol red
  weapon sword
  range 1
  attack 40
  support 10
  cont "Ward"
    this unit cannot be destroyed by critical hits

card "Nola, Striker"
  codes X92-002
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 40
  support 10
  act "Smite"
    choose 1 enemy
    destroy it

card "Jory, Filler"
  codes X92-003
  cost 1
  symbol red
  weapon axe
  range 1
  attack 10
  support 10
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x92"\n' + body
    path = tmp_path / "x92.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    r = run_scenario(sc)
    assert r.status == "passed", r.failure and r.failure.format()


BOARD = '''  start turn 4, player 2, action phase
  player 1
    deck: 3 x X92-003
    orbs: X92-003, X92-003
    front: X92-003 MC, X92-001
  player 2
    deck: 3 x X92-003
    hand: X92-002
    front: X92-002 MC
'''


def test_a_critical_hit_does_not_destroy_it(tmp_path):
    _run(tmp_path, BOARD + '''  player 2 attacks "Ansel" with "Nola"
  player 2 critical hits discarding X92-002
  expect events: battle_judged(critical=true, attacker_wins=true)
  expect no events: unit_destroyed
  expect player 1 front: "Jory" MC, "Ansel"
''')


def test_a_plain_attack_still_destroys_it(tmp_path):
    _run(tmp_path, BOARD + '''  player 2 attacks "Ansel" with "Nola"
  player 2 does not critical hit
  expect events: unit_destroyed(player 1, "Ansel")
  expect player 1 retreat contains X92-001
''')


def test_a_skill_still_destroys_it(tmp_path):
    _run(tmp_path, BOARD + '''  player 2 uses "Smite"
  player 2 chooses "Ansel"
  expect player 1 retreat contains X92-001
''')


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-921\n  cost 1\n  attack 10\n  support 10\n  '
            + lines + "\n")
    return compile_text(text, "x.fe0")


def test_it_reads_as_the_card_says():
    (ansel,) = [c for c in compile_text(CARDS, "x92.fe0") if c.title == "Warded Lord"]
    assert ansel.skills[0].text.endswith("This unit cannot be destroyed by enemy Critical Hits.")
    (probe,) = _compile('act "X"\n    this unit cannot be destroyed by enemy critical hits until the end of the turn')
    assert "cannot be destroyed by enemy Critical Hits" in probe.skills[0].text


@pytest.mark.parametrize("line", ["this unit cannot be moved by critical hits",
                                  "this unit cannot attack by enemy critical hits"])
def test_it_goes_with_cannot_be_destroyed_only(line):
    with pytest.raises(LanguageError) as e:
        _compile('cont "X"\n    ' + line)
    assert "'by critical hits' goes with 'cannot be destroyed'" in str(e.value)
