"""The blank check over conformance scenarios (``python -m tools.blankcheck --scenarios``).

Every card of the packs beyond Series 1 must have scenarios in
``tests/conformance/cards`` (named by the card's code at the start, docs/scenarios.md),
all of them passing, and at least one of them failing when the card is compiled with
no skill and no support skill; and each of its skills must have scenarios of its own
(the skill's name after the code) of which one fails with that skill alone taken away.
The scenarios are played in this process, so the check costs two or three plays of
each card's scenarios.

The first tests prove the check itself on a folder of invented cards: a card whose
scenario survives blanking, a card without scenarios, a failing or pending scenario, and
a scenario naming an unknown code are each reported.
"""
from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from tools.blankcheck import (
    check_scenarios, default_scenarios_dir, link_scenarios, main, scenario_codes, series_cards, skill_of,
)
from fecipher.dsl.packs import load_packs

PACK = '''\
pack "X77"

card "Ansel, Blank Lord"
  codes X77-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  cont "Lordly"
    this unit gains +10 attack

card "Nola, Blank Lady"
  codes X77-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20

  cont "Ladylike"
    this unit gains +10 attack

card "Bryn, Blank Knight"
  codes X77-003, X77-003+
  cost 1
  symbol red
  range 1
  attack 30
  support 30

  cont "Knightly"
    this unit gains +10 attack

card "Orin, Blank Rider"
  codes X77-004
  cost 1
  symbol blue
  range 1
  attack 30
  support 30

  cont "Riding"
    this unit gains +10 attack

card "Cole, Blank Twin"
  codes X77-005
  cost 1
  symbol red
  range 1
  attack 40
  support 20

  cont "\\"Alpha!\\""
    this unit gains +10 attack
  cont "Beta"
    this unit gains +10 attack
  cont "Gamma"
    this unit gains +10 attack
'''

SCENARIOS = '''\
packs: "x77.fe0"

scenario "X77-001 Lordly: +10"
  start turn 3, player 1, action phase
  player 1
    front: X77-001 MC
  player 2
    front: X77-002 MC
  expect "Ansel" attack 50

scenario "X77-001/X77-002 both on the field"
  start turn 3, player 1, action phase
  player 1
    front: X77-001 MC
  player 2
    front: X77-002 MC
  expect player 2's "Nola" is untapped

scenario "X77-003+ Knightly: a scenario that does not look at the skill"
  start turn 3, player 1, action phase
  player 1
    front: X77-003 MC
  player 2
    front: X77-002 MC
  expect "Bryn" is untapped

scenario "X77-004 Riding: wrong value"
  start turn 3, player 1, action phase
  player 1
    front: X77-004 MC
  player 2
    front: X77-002 MC
  expect "Orin" attack 30

scenario "X77-004 Riding: pending"
  pending "not yet"
  start turn 3, player 1, action phase
  player 1
    front: X77-004 MC
  player 2
    front: X77-002 MC
  expect "Orin" attack 99

scenario "X77-005 Alpha!: +10 (with Beta and Gamma, 70)"
  start turn 3, player 1, action phase
  player 1
    front: X77-005 MC
  player 2
    front: X77-002 MC
  expect "Cole" attack 70

scenario "X77-005 Beta: a scenario that does not look at the skill"
  start turn 3, player 1, action phase
  player 1
    front: X77-005 MC
  player 2
    front: X77-002 MC
  expect "Cole" is untapped

scenario "Rule 1: a scenario that names no card"
  start turn 3, player 1, action phase
  player 1
    front: X77-004 MC
  player 2
    front: X77-002 MC
  expect action phase
'''


def test_a_scenario_is_linked_to_the_skill_named_after_the_codes(tmp_path):
    folder = _folder(tmp_path)
    card = next(c for c in load_packs([folder / "x77.fe0"]) if c.code == "X77-005")
    assert skill_of(card, "X77-005 Alpha!: +10") == '"Alpha!"'
    assert skill_of(card, 'X77-005 "Alpha!": +10') == '"Alpha!"'
    assert skill_of(card, "X77-005 Beta: x") == "Beta"
    assert skill_of(card, "X77-005 Betamax: x") is None
    assert skill_of(card, "X77-005 Delta: x") is None


def test_scenario_codes_are_the_codes_at_the_start_of_the_name():
    assert scenario_codes("B02-001SR Skill: text") == ["B02-001SR"]
    assert scenario_codes("B02-093R+ Skill") == ["B02-093R+"]
    assert scenario_codes("B02-001SR/B02-005N: together") == ["B02-001SR", "B02-005N"]
    assert scenario_codes("Rule 3.5: B01-003ST supports") == []
    assert scenario_codes("B02-001SRX") == ["B02-001SRX"]
    assert scenario_codes("B02-001sr lower case is not a code") == []
    # a printing variant letter after the number (B19-081aHN / B19-081bHN, two arts of one card)
    assert scenario_codes("B19-081aHN Skill: text") == ["B19-081aHN"]


def _folder(tmp_path: Path, scenarios: str = SCENARIOS) -> Path:
    (tmp_path / "x77.fe0").write_text(PACK, encoding="utf-8")
    (tmp_path / "x77.scn").write_text(scenarios, encoding="utf-8")
    return tmp_path


def test_the_check_tells_a_proving_scenario_from_one_that_survives_blanking(tmp_path):
    folder = _folder(tmp_path)
    cards = list(load_packs([folder / "x77.fe0"]))
    rows, errors = check_scenarios(cards, folder, folder)
    assert errors == []
    by = {r.code: r for r in rows}
    # Proven: its own scenario fails blanked; the shared scenario survives (it is still linked).
    assert by["X77-001"].ok
    assert by["X77-001"].blank_failed == ["X77-001 Lordly: +10"]
    assert by["X77-001"].blank_passed == ["X77-001/X77-002 both on the field"]
    # Linked only by a scenario that does not depend on its skill.
    assert not by["X77-002"].ok
    assert by["X77-002"].problems() == ["every scenario still passes with the card blanked",
                                        'no scenario name starts with the code and the skill "Ladylike"']
    # Named by its other code (X77-003+), and its scenario survives blanking.
    assert [s.name for s in by["X77-003"].scenarios] == ["X77-003+ Knightly: a scenario that does not look at the skill"]
    assert not by["X77-003"].ok and by["X77-003"].blank_passed
    # A failing scenario and a pending one: not proven, and not blank-checked.
    r4 = by["X77-004"]
    assert not r4.ok and len(r4.failing_normally) == 2 and not r4.blank_failed
    assert any("pending" in x for x in r4.failing_normally)
    assert any("attack 30" in x for x in r4.failing_normally)
    # Each skill is proven on its own: Alpha's scenario fails without Alpha; Beta's survives
    # without Beta; Gamma has no scenario of its own (Alpha's fails without Gamma, but it is Alpha's).
    r5 = by["X77-005"]
    assert r5.blank_failed and not r5.ok
    assert [(k.name, k.ok) for k in r5.skills] == [('"Alpha!"', True), ("Beta", False), ("Gamma", False)]
    assert r5.problems() == ['every scenario of "Beta" still passes with that skill blanked',
                             'no scenario name starts with the code and the skill "Gamma"']


def test_a_card_without_scenarios_and_an_unknown_code_are_reported(tmp_path, capsys):
    folder = _folder(tmp_path, SCENARIOS.replace("X77-003+ Knightly", "X77-009 Knightly"))
    cards = list(load_packs([folder / "x77.fe0"]))
    rows, errors = check_scenarios(cards, folder, folder)
    by = {r.code: r for r in rows}
    assert by["X77-003"].problems() == ["no scenario name starts with this card's code"]
    assert len(errors) == 1 and "names card X77-009, which its packs do not have" in errors[0]
    # The command line: exit 1, with the reasons.
    assert main(["--scenarios", "--dir", str(folder), "B01-003ST"]) == 1
    out = capsys.readouterr().out
    assert "Marth, Altean Prince" in out and "no scenario name starts with this card's code" in out
    assert "X77-009" in out


# ------------------------------------------------------------ the series packs, in CI
@functools.lru_cache(maxsize=None)
def _linked():
    folder = default_scenarios_dir()
    return link_scenarios(folder, folder.parent)


def test_every_scenario_naming_a_card_names_a_known_card():
    assert _linked()[1] == []


@pytest.mark.parametrize("card", series_cards(), ids=lambda c: c.code)
def test_card_scenarios_pass_and_fail_when_the_card_is_blanked(card):
    from tools.blankcheck import check_card_scenarios
    row = check_card_scenarios(card, _linked()[0].get(card.code, []))
    assert row.ok, f"{card.code} {card.name}: " + "; ".join(row.problems())
