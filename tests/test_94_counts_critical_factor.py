"""A critical hit that multiplies the attack by 3 instead of 2 ("When this unit Critical Hits,
this unit's attack is multiplied by 3 instead of 2", B03-033N): the change 'multiplies its attack
by 3 when it critical hits' sets what the judgement (rule 3, step 5) multiplies the critical
attacker's power by; a continuous skill or a timed effect, read when the battle is judged."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Nell, Wrathful"
  codes X94-401
  cost 1
  symbol green
  weapon lance
  range 1
  attack 40
  support 10

  cont "Wrath"
    this unit multiplies its attack by 3 when it critical hits

card "Tamsin, Teacher"
  codes X94-402
  cost 1
  symbol green
  weapon lance
  range 1
  attack 30
  support 10

  act "Fury"
    cost tap this
    choose 1 other ally
    it multiplies its attack by 4 when it critical hits until the end of the turn

card "Quill, Filler"
  codes X94-403
  cost 1
  symbol green
  weapon sword
  range 1
  attack 30
  support 10
'''


def _run(tmp_path, front: str, hand: str, body: str):
    text = (f'cards: """{CARDS}"""\n\nscenario "x94c"\n  start turn 3, player 1, action phase\n  player 1\n'
            f'    deck: 3 x X94-403\n    hand: {hand}\n    front: {front}\n  player 2\n    deck: 3 x X94-403\n'
            f'    orbs: X94-403, X94-403\n    front: X94-403 MC\n' + body)
    path = tmp_path / "x94c.scn"
    path.write_text(text, encoding="utf-8")
    r = run_scenario(load_scenarios(path).scenarios[0])
    assert r.status == "passed", r.failure and r.failure.format()


def test_a_continuous_skill_triples_a_critical_hit(tmp_path):
    _run(tmp_path, "X94-402 MC, X94-401", "X94-401",
         '  player 1 attacks "Quill" with "Nell"\n  player 1 critical hits discarding X94-401\n'
         '  expect events: battle_judged(attacker_power=150, critical=true)\n  player 2 breaks orb 1\n')


def test_without_a_critical_hit_nothing_is_multiplied(tmp_path):
    _run(tmp_path, "X94-402 MC, X94-401", "X94-401",
         '  player 1 attacks "Quill" with "Nell"\n  player 1 passes\n'
         '  expect events: battle_judged(attacker_power=50, critical=false)\n  player 2 breaks orb 1\n')


def test_a_timed_change_on_another_unit_until_the_end_of_the_turn(tmp_path):
    _run(tmp_path, "X94-402 MC, X94-403 as \"Q\"", "X94-403",
         '  player 1 uses "Fury"\n  player 1 chooses "Q"\n  player 1 attacks "Quill" with "Q"\n'
         '  player 1 critical hits discarding X94-403\n'  # (a same-name support fails: 30 x 4)
         '  expect events: battle_judged(attacker_power=120, critical=true)\n  player 2 breaks orb 1\n')


def _errors(skill_lines: str) -> str:
    src = ('card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  cont "X"\n'
           + "".join(f"    {line}\n" for line in skill_lines.strip().splitlines()))
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("lines, words", [
    ("this unit multiplies its attack by 2 when it critical hits", "doubles the attack already"),
    ("this unit multiplies its attack by 3 when it critical strikes", "say 'multiplies its attack by 3"),
])
def test_refused_where_it_means_nothing(lines, words):
    assert words in _errors(lines)


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    compile_text(CARDS, "x94c.fe0")
    text = render_skill(parse_pack(CARDS, "x94c.fe0").cards[0].skills[0])
    assert "attack multiplied by 3 instead of 2 when it Critical Hits" in text, text
