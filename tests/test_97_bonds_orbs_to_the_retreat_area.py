"""An orb an attack breaks sent to the Retreat Area instead of the hand (docs/skill-language.md,
"A broken orb sent to the Retreat Area"): "If this unit's attack destroys your opponent's Orbs,
your opponent sends that Orb to their Retreat Area instead of adding it to their hand"
(B18-018SR), "If this unit's Critical Hit destroys your opponent's Main Character, their Orb is
sent to the Retreat Area instead of being destroyed" (B13-073SR). Each orb the attack breaks is
proposed as OrbGoing before it goes to the hand; the replacement sends it to its owner's
Retreat Area (a CardMoved from the Orb Area, no OrbBroken). Compiled, refused where it means
something else, and played in games."""
from __future__ import annotations

import pytest

from fecipher.conformance.scenario import load_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

CARDS = '''
card "Ansel, Orb Burner"
  codes X97-001
  cost 1
  symbol red
  weapon sword
  range 1
  attack 60
  support 10
  cont "Offering"
    put an orb from your opponent's orbs into your opponent's retreat area instead of your opponent's hand when it is destroyed by an attack of this unit
  act "Smite"
    choose 1 enemy
    destroy it

card "Nola, Critical Burner"
  codes X97-002
  cost 1
  symbol blue
  weapon sword
  range 1
  attack 60
  support 10
  cont "Too Clumsy"
    put an orb from your opponent's orbs into your opponent's retreat area instead of your opponent's hand when it is destroyed by a critical hit of this unit

card "Jory, Filler"
  codes X97-003
  cost 1
  symbol red
  weapon axe
  range 1
  attack 60
  support 10

card "Wren, Striker"
  codes X97-004
  cost 1
  symbol red
  weapon axe
  range 1
  attack 60
  support 10
'''


def _run(tmp_path, body: str):
    text = f'cards: """{CARDS}"""\n\nscenario "x97"\n' + body
    path = tmp_path / "x97.scn"
    path.write_text(text, encoding="utf-8")
    sc = load_scenarios(path).scenarios[0]
    r = run_scenario(sc)
    assert r.status == "passed", r.failure and r.failure.format()


def _board(attacker: str, hand: str = "X97-003") -> str:
    return f'''  start turn 4, player 2, action phase
  player 1
    deck: 3 x X97-003
    orbs: X97-004, X97-001
    front: X97-003 MC
  player 2
    deck: 3 x X97-003
    hand: {hand}
    front: X97-004 MC, {attacker}
'''


def test_the_orb_an_attack_breaks_goes_to_the_retreat_area(tmp_path):
    _run(tmp_path, _board("X97-001") + '''  player 2 attacks "Jory" with "Ansel"
  player 1 breaks orb 1
  expect player 1 orbs: 1
  expect player 1 retreat: X97-003, X97-004
  expect player 1 hand: none
  expect no events: orb_broken
''')


def test_two_orbs_broken_both_go_to_the_retreat_area(tmp_path):
    _run(tmp_path, _board("X97-001") + '''  player 2 attacks "Jory" with "Ansel"
  player 1 breaks orb 2
  expect player 1 retreat: X97-003, X97-001
  player 2 attacks "Jory" with "Wren"
  expect player 1 hand: X97-004
  expect player 1 orbs: 0
''')


def test_another_units_attack_breaks_the_orb_into_the_hand(tmp_path):
    _run(tmp_path, _board("X97-001") + '''  player 2 attacks "Jory" with "Wren"
  player 1 breaks orb 1
  expect player 1 hand: X97-004
  expect player 1 retreat: X97-003
''')


def test_a_skill_destroying_the_main_character_breaks_the_orb_into_the_hand(tmp_path):
    _run(tmp_path, _board("X97-001") + '''  player 2 uses "Smite"
  player 2 chooses "Jory"
  player 1 breaks orb 1
  expect player 1 hand: X97-004
  expect player 1 retreat: none
''')


def test_a_critical_hit_sends_the_orb_to_the_retreat_area(tmp_path):
    _run(tmp_path, _board("X97-002", hand="X97-002") + '''  player 2 attacks "Jory" with "Nola"
  player 2 critical hits discarding X97-002
  player 1 breaks orb 1
  expect player 1 retreat: X97-003, X97-004
  expect player 1 hand: none
''')


def test_a_plain_attack_of_the_critical_unit_breaks_the_orb_into_the_hand(tmp_path):
    _run(tmp_path, _board("X97-002", hand="X97-002") + '''  player 2 attacks "Jory" with "Nola"
  player 2 does not critical hit
  player 1 breaks orb 1
  expect player 1 hand: X97-004
  expect player 1 retreat: X97-003
''')


def _compile(lines: str):
    text = ('card "Probe, Probe"\n  codes TST-971\n  cost 1\n  attack 10\n  support 10\n  '
            + lines + "\n")
    return compile_text(text, "x.fe0")


def test_it_reads_as_the_cards_say():
    ansel, nola = [c for c in compile_text(CARDS, "x97.fe0") if c.title in ("Orb Burner", "Critical Burner")]
    assert ansel.skills[0].text.endswith(
        "If this unit's attack destroys one of your opponent's Orbs, that Orb is sent to your opponent's "
        "Retreat Area instead of your opponent's hand.")
    assert "If this unit's Critical Hit destroys one of your opponent's Orbs" in nola.skills[0].text


_ORB = "put an orb from your opponent's orbs into your opponent's retreat area instead of your opponent's hand"


@pytest.mark.parametrize("skill, words", [
    ('act "X"\n    ' + _ORB + " when it is destroyed by an attack of this unit", "is a CONT skill's line"),
    ('cont "X"\n    you may ' + _ORB + " when it is destroyed by an attack of this unit", "'you may put an orb"),
    ('cont "X"\n    ' + _ORB + " when it is destroyed by a skill of this unit", "say which attack breaks the orb"),
    ('cont "X"\n    ' + _ORB, "say which attack breaks the orb"),
    ('cont "X"\n    put 2 orbs from your opponent\'s orbs into your opponent\'s retreat area instead of your '
     "opponent's hand when it is destroyed by an attack of this unit", "the orb is 'an orb from your orbs'"),
    ('cont "X"\n    put an orb from your opponent\'s orbs into your opponent\'s bond area instead of your '
     "opponent's hand when it is destroyed by an attack of this unit", "a broken orb goes to its owner's retreat"),
    ('cont "X"\n    put an orb from your opponent\'s orbs into your retreat area instead of your '
     "opponent's hand when it is destroyed by an attack of this unit", "an orb goes to its owner's areas"),
    ('cont "X"\n    put this unit into your bond area instead of your retreat area when it is destroyed by a '
     "critical hit of this unit", "is supported for an orb an attack breaks"),
])
def test_near_misses_are_refused(skill, words):
    with pytest.raises(LanguageError) as e:
        _compile(skill)
    assert words in str(e.value)


def test_only_a_critical_hit():
    with pytest.raises(LanguageError) as e:
        _compile('cont "X"\n    ' + _ORB + " when it is destroyed by a critical evade of this unit")
    assert "'by a critical evade of ...' is not supported" in str(e.value)


@pytest.mark.parametrize("with_replacement", [False, True])
def test_the_orb_prompt_promises_the_hand_only_where_no_skill_can_send_it_elsewhere(with_replacement):
    """Choosing which orb an attack breaks: "(it goes to your hand)" is said only in a game where
    no skill can send a broken orb elsewhere (here: "Ansel"'s "Offering", whose attack does)."""
    from vanilla import answer_until, begin, duel, pick
    from fecipher.engine.decisions import BREAK_ORB
    ansel = next(c for c in compile_text(CARDS, "x97.fe0") if c.unit_name == "Ansel")
    game, mc0, mc1 = duel(ansel if with_replacement else None, orbs=2)
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    answer_until(game, lambda g: g.decision is not None and g.decision.kind == BREAK_ORB)
    assert game.decision.kind == BREAK_ORB
    assert ("it goes to your hand" in game.decision.prompt) is not with_replacement
