"""'all green allies can be supported by cards with the same unit name as themselves' (B12-010SR
"Blessings of Yune": "All <Green> allies may also be supported by support cards with the same
Unit Name as themselves"): rule 3 (a support card with the battling unit's unit name fails) is
lifted for those units while the CONT skill is active: such a support succeeds, its support
value counts and its support skill activates. Other units (not green, the opponent's), and every
unit once the skill's unit has left, keep rule 3."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, duel, events, pick

PACK = '''
card "Mica, Probe Priestess"
  codes TST-481
  cost 3
  symbol green
  range 1
  attack 60
  support 20
  cont "Blessings"
    all green allies can also be supported by cards with the same unit name as themselves

card "Gren, Probe Green"
  codes TST-482
  cost 1
  symbol green
  range 1
  attack 40
  support 10
  support "Green Emblem" attack/defence
    your battling unit gains +20 attack until the end of the combat

card "Redd, Probe Red"
  codes TST-483
  cost 1
  symbol red
  range 1
  attack 40
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "own_name.fe0")}


def _decline(game):
    for _ in range(20):
        if game.over or (game.decision.kind == "action" and game.decision.player == 0):
            return
        o = game.legal_options()
        no = [x for x in o if x.kind in ("pass", "no")]
        game.answer(no[0] if no else o[0])


def _combat(unit_name: str, *, mica: str | None = "own", attacker_side: bool = True):
    """A unit named ``unit_name`` of player 0 (attacking) or player 1 (attacked by player 0's
    Lord) is supported by a card of its own unit name; Mica is on the field of that unit's
    player ("own"), of the other player ("other"), or nowhere (None)."""
    game, lord0, lord1 = duel()
    side = 0 if attacker_side else 1
    if mica is not None:
        add_unit(game, side if mica == "own" else 1 - side, CARDS["Mica"], area="back")
    unit = add_unit(game, side, CARDS[unit_name])
    add_cards(game, side, "deck", CARDS[unit_name], CARDS[unit_name], top=True)
    begin(game, player=0, turn=2, phase="action")
    start = len(game.events)
    if attacker_side:
        pick(game, "attack", unit=unit, target=lord1)
    else:
        pick(game, "attack", unit=lord0, target=unit)
    _decline(game)
    return game, start, side


def _outcome(game, start, side):
    ok = [e for e in events(game, ev.SupportSucceeded, since=start) if e.player == side]
    failed = [e for e in events(game, ev.SupportFailed, since=start) if e.player == side]
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=start)]
    return ok, failed, resolved


@pytest.mark.parametrize("attacker_side", [True, False])
def test_a_green_ally_is_supported_by_a_card_of_its_own_name(attacker_side):
    game, start, side = _combat("Gren", attacker_side=attacker_side)
    ok, failed, resolved = _outcome(game, start, side)
    assert ok and not failed and "Green Emblem" in resolved
    judged = events(game, ev.BattleJudged, since=start)[0]
    assert (judged.attacker_support if attacker_side else judged.defender_support) == 10


def test_the_skill_s_own_unit_is_green_too():
    game, lord0, lord1 = duel()
    mica = add_unit(game, 0, CARDS["Mica"])
    add_cards(game, 0, "deck", CARDS["Mica"], CARDS["Mica"], top=True)
    begin(game, player=0, turn=2, phase="action")
    start = len(game.events)
    pick(game, "attack", unit=mica, target=lord1)
    _decline(game)
    ok, failed, _ = _outcome(game, start, 0)
    assert ok and not failed


def test_a_non_green_ally_keeps_rule_3():
    game, start, side = _combat("Redd")
    ok, failed, _ = _outcome(game, start, side)
    assert failed and not ok
    assert "same unit name" in failed[0].reason


@pytest.mark.parametrize("attacker_side", [True, False])
def test_a_green_enemy_keeps_rule_3(attacker_side):
    # Mica is the other player's: this green unit is not one of its allies
    game, start, side = _combat("Gren", attacker_side=attacker_side, mica="other")
    ok, failed, resolved = _outcome(game, start, side)
    assert failed and not ok and "Green Emblem" not in resolved


def test_without_the_skill_rule_3_holds():
    game, start, side = _combat("Gren", mica=None)
    ok, failed, resolved = _outcome(game, start, side)
    assert failed and not ok and "Green Emblem" not in resolved


def test_a_card_of_another_name_is_not_concerned():
    # (a support by another unit name succeeds anyway; the rule only lifts rule 3)
    game, lord0, lord1 = duel()
    add_unit(game, 0, CARDS["Mica"], area="back")
    gren = add_unit(game, 0, CARDS["Gren"])
    add_cards(game, 0, "deck", CARDS["Redd"], CARDS["Redd"], top=True)
    begin(game, player=0, turn=2, phase="action")
    start = len(game.events)
    pick(game, "attack", unit=gren, target=lord1)
    _decline(game)
    ok, failed, _ = _outcome(game, start, 0)
    assert ok and not failed


def test_rendered():
    from fecipher.play.cli_cards import describe
    assert ("All <Green> allies can also be supported by support cards with the same unit name as themselves."
            in describe(CARDS["Mica"]))


@pytest.mark.parametrize("line, message", [
    ('  act "Z"\n    all green allies can be supported by cards with the same unit name as themselves',
     "not supported outside a CONT skill"),
    ('  cont "Z"\n    all green cards can be supported by cards with the same unit name as themselves',
     "what can be supported is units"),
    ('  cont "Z"\n    all green allies can be supported by green cards with the same unit name as themselves',
     "is supported only as"),
    ('  cont "Z"\n    all green allies may also be supported by support cards with the same unit name as '
     'themselves', "is supported only as"),
])
def test_refused(line, message):
    bad = PACK.split('\ncard "Gren')[0].replace(
        '  cont "Blessings"\n    all green allies can also be supported by cards with the same unit name as themselves',
        line)
    with pytest.raises(LanguageError) as e:
        compile_text(bad, "x.fe0")
    assert message in str(e.value)
