"""A support made to fail after the judgement (engine decision 48): until the support step
ends, a support judged successful that a skill has since made fail ("Your opponent's
support card fails to support their Main Character", B13-043R's attacking support skill)
fails at once, as at the judgement: to the Retreat Area, no support skill, no power."""
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, duel, events, pick

PACK = '''
card "Lloyd, Probe Wolf"
  codes TST-481
  cost 4
  symbol purple
  range 1
  attack 70
  support 10
  auto "Stalking Fang"
    once per turn
    when this unit finishes attacking
    if your opponent's support failed this combat
    your opponent chooses 1 card from their hand
    your opponent sends it to their retreat area
  support "Vengeful White Wolf" attack
    all cards fail to support your opponent's main character until the end of the combat

card "Ward, Probe Ward"
  codes TST-482
  cost 1
  symbol red
  range 1
  attack 10
  support 20
  support "Probe Ward" defence
    your defending unit gains +20 attack until the end of the combat

card "Sol, Probe Soldier"
  codes TST-483
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "support_fails_after.fe0")}


def _attack(target_mc: bool):
    game, lord0, lord1 = duel()
    other = add_unit(game, 1, CARDS["Sol"])
    add_cards(game, 0, "deck", CARDS["Lloyd"], top=True)
    add_cards(game, 1, "deck", CARDS["Ward"], top=True)
    begin(game, player=0, turn=2, phase="action")
    mark = len(game.events)
    pick(game, "attack", unit=lord0, target=lord1 if target_mc else other)
    return game, mark


def test_the_defenders_support_fails_after_the_attackers_support_skill():
    game, mark = _attack(target_mc=True)
    seq = [type(e).__name__ for e in events(game, since=mark)
           if isinstance(e, (ev.SupportJudgedSuccessful, ev.SupportFailed, ev.SupportSucceeded, ev.SkillResolved))]
    # (it fails as soon as the skill that made it fail has resolved)
    assert seq == ["SupportJudgedSuccessful", "SupportJudgedSuccessful", "SkillResolved", "SupportFailed",
                   "SupportSucceeded"]
    failed = events(game, ev.SupportFailed)[-1]
    assert failed.player == 1 and failed.name == CARDS["Ward"].name
    assert not [e for e in events(game, ev.SkillResolved) if e.skill == "Probe Ward"]
    ward = next(c for c in game.players[1].retreat if c.card is CARDS["Ward"])
    assert ward is not None and not game.players[1].support
    judged = events(game, ev.BattleJudged)[-1]
    assert (judged.defender_power, judged.defender_support) == (50, 0)


def test_a_defender_that_is_not_the_main_character_is_supported():
    game, mark = _attack(target_mc=False)
    assert not events(game, ev.SupportFailed, since=mark)
    judged = events(game, ev.BattleJudged)[-1]
    assert (judged.defender_power, judged.defender_support) == (30 + 20 + 20, 20)


def _lloyd_attacks_mc(same_name_support: bool):
    game, lord0, lord1 = duel()
    lloyd = add_unit(game, 0, CARDS["Lloyd"])
    add_cards(game, 0, "deck", CARDS["Sol"], top=True)
    add_cards(game, 1, "deck", lord1.card if same_name_support else CARDS["Sol"], top=True)
    add_cards(game, 1, "hand", CARDS["Ward"])
    begin(game, player=0, turn=2, phase="action")
    pick(game, "attack", unit=lloyd, target=lord1)
    for _ in range(10):
        if game.decision.kind == "action":
            break
        game.answer(game.legal_options()[0])
    return game


def test_stalking_fang_after_the_opponents_support_failed():
    game = _lloyd_attacks_mc(True)
    # (the hand: Ward, then the orb the attack broke; the opponent chose the first card)
    assert CARDS["Ward"] not in [c.card for c in game.players[1].hand]
    assert CARDS["Ward"] in [c.card for c in game.players[1].retreat]


def test_stalking_fang_not_after_a_successful_support():
    game = _lloyd_attacks_mc(False)
    assert CARDS["Ward"] in [c.card for c in game.players[1].hand]
    assert CARDS["Ward"] not in [c.card for c in game.players[1].retreat]
