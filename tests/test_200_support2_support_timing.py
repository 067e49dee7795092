"""Support timing (engine decision 47): both supports are judged and published
(SupportSucceeded) first; the skills triggered by a successful support resolve next, the
turn player's first (rule 8); only then do the support skills activate, the attacker's
first, each asked at its activation whether it may. So a trigger on a support's success
can stop a support skill of the same combat ("until the end of this combat, your
opponent's support skill does not activate", B08-017N, B20-074R) and acts before the
support skill of its own side ("This skill activates before your Support Skill", P05-013PR)."""
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, duel, events, pick

PACK = '''
card "Miri, Probe Researcher"
  codes TST-471
  cost 1
  symbol blue
  range 1-2
  attack 30
  support 20
  auto "Theory Testing"
    cost tap this unit
    during your opponent's turn
    when an enemy is supported
    you may
    your opponent's support skills cannot activate until the end of the combat

card "Lea, Probe Heron"
  codes TST-472
  cost 2
  symbol green
  range 1
  attack 20
  support 20
  auto "Innocent Wing"
    when an ally is supported
    if that unit is supported by a green card
    your opponent's support skills cannot activate until the end of the combat

card "Roi, Probe Lord"
  codes TST-473
  cost 2
  symbol purple
  range 1
  attack 50
  support 20
  auto "Tactics of Unity"
    during your turn
    when this unit is supported
    if the card supporting this unit has a support skill
    choose 1 enemy in the back line
    you may move it

card "Emb, Probe Emblem"
  codes TST-474
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Emblem" attack
    your attacking unit gains +20 attack until the end of the combat

card "Def, Probe Defence"
  codes TST-477
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Ward" defence
    your defending unit gains +20 attack until the end of the combat

card "Gre, Probe Green"
  codes TST-475
  cost 1
  symbol green
  range 1
  attack 10
  support 10
  support "Green Emblem" defence
    your defending unit gains +20 attack until the end of the combat

card "Pla, Probe Plain"
  codes TST-476
  cost 1
  symbol red
  range 1
  attack 10
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "support_timing.fe0")}


def _decline_all(game, limit=20):
    """Answer every decision of the combat with its decline (or its first option)."""
    for _ in range(limit):
        if game.decision is None or game.decision.kind == "action" or game.over:
            return
        o = game.legal_options()
        declines = [x for x in o if x.kind in ("pass", "no")]
        game.answer(declines[0] if declines else o[0])


def test_a_trigger_on_the_opponents_support_stops_its_support_skill_in_the_same_combat():
    # player 0 attacks Miri's MC, supported by a card with a support skill; Miri (player 1)
    # pays her tap on the success, and the attacker's support skill does not activate.
    game, lord0, lord1 = duel()
    miri = add_unit(game, 1, CARDS["Miri"])
    add_cards(game, 0, "deck", CARDS["Emb"], top=True)
    add_cards(game, 1, "deck", CARDS["Pla"], top=True)
    begin(game, player=0, turn=2, phase="action")
    pick(game, "attack", unit=lord0, target=lord1)
    assert game.decision.player == 1    # Theory Testing: "you may pay the cost"
    yes = [o for o in game.legal_options() if o.kind not in ("pass", "no")]
    game.answer(yes[0])
    _decline_all(game)
    assert miri.tapped
    assert not [e for e in events(game, ev.SkillResolved) if e.skill == "Probe Emblem"]
    judged = events(game, ev.BattleJudged)[-1]
    assert judged.attacker_power == 50 + 10      # the support counts, its skill did not add +20


def test_declined_the_support_skill_activates():
    game, lord0, lord1 = duel()
    miri = add_unit(game, 1, CARDS["Miri"])
    add_cards(game, 0, "deck", CARDS["Emb"], top=True)
    add_cards(game, 1, "deck", CARDS["Pla"], top=True)
    begin(game, player=0, turn=2, phase="action")
    pick(game, "attack", unit=lord0, target=lord1)
    _decline_all(game)
    assert not miri.tapped
    assert events(game, ev.BattleJudged)[-1].attacker_power == 50 + 10 + 20


def test_the_defenders_trigger_resolves_before_the_attackers_support_skill():
    # Lea defends (player 1, not the turn player), supported by a green card: her trigger
    # still resolves before the attacker's support skill, which it stops; her own side's
    # support skill still activates.
    game, lord0, lord1 = duel()
    lea = add_unit(game, 1, CARDS["Lea"])
    add_cards(game, 0, "deck", CARDS["Emb"], top=True)
    add_cards(game, 1, "deck", CARDS["Gre"], top=True)
    begin(game, player=0, turn=2, phase="action")
    pick(game, "attack", unit=lord0, target=lea)
    _decline_all(game)
    resolved = [e.skill for e in events(game, ev.SkillResolved)]
    assert resolved == ["Innocent Wing", "Green Emblem"]
    judged = events(game, ev.BattleJudged)[-1]
    assert (judged.attacker_power, judged.defender_power) == (50 + 10, 20 + 10 + 20)


def test_order_of_the_support_step():
    # both successes judged, then the triggers (the turn player's first), then each side's
    # support skill and its power added (the attacker's first)
    game, lord0, lord1 = duel()
    roi = add_unit(game, 0, CARDS["Roi"])
    back = add_unit(game, 1, CARDS["Pla"], area="back")
    add_cards(game, 0, "deck", CARDS["Emb"], top=True)
    add_cards(game, 1, "deck", CARDS["Def"], top=True)
    begin(game, player=0, turn=2, phase="action")
    mark = len(game.events)
    pick(game, "attack", unit=roi, target=lord1)
    pick(game, "unit", unit=back)          # Tactics of Unity: the enemy in the back line
    yes = [o for o in game.legal_options() if o.kind not in ("pass", "no")]
    game.answer(yes[0])                    # "you may move it"
    _decline_all(game)
    assert back.area == "front"
    seq = [type(e).__name__ + (f":{e.skill}" if isinstance(e, ev.SkillResolved) else "")
           for e in events(game, since=mark)
           if isinstance(e, (ev.SupportJudgedSuccessful, ev.SupportSucceeded, ev.SkillResolved, ev.Moved))]
    assert seq == ["SupportJudgedSuccessful", "SupportJudgedSuccessful", "Moved", "SkillResolved:Tactics of Unity",
                   "SkillResolved:Probe Emblem", "SupportSucceeded", "SkillResolved:Probe Ward", "SupportSucceeded"]


def test_a_support_with_no_support_skill_does_not_trigger_the_filtered_skill():
    game, lord0, lord1 = duel()
    roi = add_unit(game, 0, CARDS["Roi"])
    add_unit(game, 1, CARDS["Pla"], area="back")
    add_cards(game, 0, "deck", CARDS["Pla"], top=True)
    begin(game, player=0, turn=2, phase="action")
    pick(game, "attack", unit=roi, target=lord1)
    _decline_all(game)
    assert not [e for e in events(game, ev.SkillResolved) if e.skill == "Tactics of Unity"]


def test_a_trigger_with_by_is_refused_as_not_supported():
    import pytest
    from fecipher.dsl.errors import LanguageError
    for old, new in (("when this unit is supported", "when this unit is supported by a card with a support skill"),
                     ("when an ally is supported", "when an ally is being supported by a green card")):
        with pytest.raises(LanguageError) as e:
            compile_text(PACK.replace(old, new), "x.fe0")
        assert "is not supported: write 'when this unit is supported'" in str(e.value)


def test_described():
    from fecipher.play.cli_cards import describe
    text = describe(CARDS["Miri"])
    assert ("[Tap this unit] During your opponent's turn, when an enemy is supported, you may pay the cost and "
            "if you do: Until the end of this combat, your opponent's Support skills cannot activate.") in text
