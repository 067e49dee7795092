"""'the card supporting this unit acquires your opponent's support skills' (B07-044SR "Black
Karma": "The card supporting this unit acquires your opponent's Support Skills. However, it cannot
have more than 1 Support skill of the same Name."): while the unit battles, the card supporting it
also has the support skills of the card in the opponent's Support Area (engine decision 49): they
activate as its own, after its printed ones, for its player, when their role fits its side; a name
it already has is not acquired twice; a failed opposing support (gone to the Retreat Area) gives
nothing; the opponent's card keeps its skills."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, duel, events, pick

PACK = '''
card "Lod, Probe Wolf"
  codes TST-471
  cost 3
  symbol black
  range 1
  attack 60
  support 10
  cont "Black Karma"
    the card supporting this unit acquires your opponent's support skills

card "Ata, Probe Attack"
  codes TST-472
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Attack Emblem" attack
    your attacking unit gains +20 attack until the end of the combat

card "Two, Probe Both"
  codes TST-473
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Both Emblem" attack/defence
    your battling unit gains +30 attack until the end of the combat

card "Dee, Probe Defence"
  codes TST-474
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Defence Emblem" defence
    your defending unit gains +40 attack until the end of the combat

card "Ben, Probe Both Too"
  codes TST-475
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Both Emblem" attack/defence
    your battling unit gains +30 attack until the end of the combat

card "Pla, Probe Plain"
  codes TST-476
  cost 1
  symbol red
  range 1
  attack 10
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "acquire_support.fe0")}


def _decline(game, player=0):
    for _ in range(20):
        if game.over or (game.decision.kind == "action" and game.decision.player == player):
            return
        o = game.legal_options()
        no = [x for x in o if x.kind in ("pass", "no")]
        game.answer(no[0] if no else o[0])


def _combat(own: str, theirs: str, *, lloyd_attacks: bool = True, lloyd: str = "Lod"):
    """Player 0's Lod (or a plain unit) battles player 1's Lord 1; Lod is supported by
    ``own``, the opponent by ``theirs``. Returns (game, events since the attack, resolved
    (player, skill) pairs, the judgement)."""
    game, lord0, lord1 = duel()
    unit = add_unit(game, 0, CARDS[lloyd])
    add_cards(game, 0, "deck", CARDS[own], CARDS[own], top=True)
    add_cards(game, 1, "deck", CARDS[theirs], CARDS[theirs], top=True)
    if lloyd_attacks:
        begin(game, player=0, turn=2, phase="action")
        start = len(game.events)
        pick(game, "attack", unit=unit, target=lord1)
        _decline(game, 0)
    else:
        begin(game, player=1, turn=3, phase="action")
        start = len(game.events)
        pick(game, "attack", unit=lord1, target=unit)
        _decline(game, 1)
    resolved = [(e.player, e.skill) for e in events(game, ev.SkillResolved, since=start)]
    judged = events(game, ev.BattleJudged, since=start)[0]
    return game, resolved, judged


def test_an_attack_support_skill_of_the_opponent_activates_for_the_card_supporting_it():
    # Lod is attacked: its support card (defending) acquires the attacker's "Probe Attack Emblem",
    # which does not fit the defending side; the opponent's own activates for them
    game, resolved, judged = _combat("Pla", "Ata", lloyd_attacks=False)
    assert resolved == [(1, "Probe Attack Emblem")]
    # Lod attacks: its support card acquires the defender's "Probe Defence Emblem": not for an attack
    game, resolved, judged = _combat("Pla", "Dee")
    assert resolved == [(1, "Probe Defence Emblem")]


@pytest.mark.parametrize("lloyd_attacks", [True, False])
def test_a_fitting_acquired_skill_activates_for_lloyds_player(lloyd_attacks):
    game, resolved, judged = _combat("Pla", "Two", lloyd_attacks=lloyd_attacks)
    # both sides' "Probe Both Emblem": Lod's side's (acquired) and the opponent's, attacker first
    assert sorted(resolved) == [(0, "Probe Both Emblem"), (1, "Probe Both Emblem")]
    assert resolved[0][0] == (0 if lloyd_attacks else 1)
    lod = 60 + 10 + 30
    assert (judged.attacker_power if lloyd_attacks else judged.defender_power) == lod


def test_its_printed_skills_first_then_the_acquired_ones():
    game, resolved, judged = _combat("Ata", "Two")
    assert resolved[:2] == [(0, "Probe Attack Emblem"), (0, "Probe Both Emblem")]
    assert judged.attacker_power == 60 + 10 + 20 + 30


def test_one_support_skill_of_each_name():
    # Lod's support card prints "Probe Both Emblem": the opponent's one of that name is not acquired
    game, resolved, judged = _combat("Ben", "Two")
    assert resolved.count((0, "Probe Both Emblem")) == 1
    assert judged.attacker_power == 60 + 10 + 30


def test_a_failed_opposing_support_gives_nothing():
    # the attacked unit is "Two": its support card of that name fails and goes to the Retreat Area
    game, lord0, lord1 = duel()
    lod = add_unit(game, 0, CARDS["Lod"])
    add_cards(game, 0, "deck", CARDS["Pla"], top=True)
    add_cards(game, 1, "deck", CARDS["Two"], top=True)
    tw = add_unit(game, 1, CARDS["Two"])
    begin(game, player=0, turn=2, phase="action")
    start = len(game.events)
    pick(game, "attack", unit=lod, target=tw)
    _decline(game)
    assert [e.player for e in events(game, ev.SupportFailed, since=start)] == [1]
    assert [e.skill for e in events(game, ev.SkillResolved, since=start)] == []


def test_without_the_skill_nothing_is_acquired():
    game, resolved, judged = _combat("Pla", "Two", lloyd="Pla")
    assert resolved == [(1, "Probe Both Emblem")]


def test_a_condition_on_the_supporting_card_sees_the_acquired_skill():
    # "if the card supporting this unit has a support skill": the plain card has one, acquired
    pack = PACK.replace('''  cont "Black Karma"
    the card supporting this unit acquires your opponent's support skills''', '''  cont "Black Karma"
    the card supporting this unit acquires your opponent's support skills
  auto "Probe Unity"
    when this unit is supported
    if the card supporting this unit has a support skill
    this unit gains +5 attack until the end of the combat''')
    lod = next(c for c in compile_text(pack, "unity.fe0") if c.unit_name == "Lod")
    for theirs, bonus in (("Two", 5), ("Pla", 0)):
        game, lord0, lord1 = duel()
        unit = add_unit(game, 0, lod)
        add_cards(game, 0, "deck", CARDS["Pla"], top=True)
        add_cards(game, 1, "deck", CARDS[theirs], top=True)
        begin(game, player=0, turn=2, phase="action")
        start = len(game.events)
        pick(game, "attack", unit=unit, target=lord1)
        _decline(game)
        judged = events(game, ev.BattleJudged, since=start)[0]
        assert judged.attacker_power == 60 + 10 + bonus + (30 if theirs == "Two" else 0)


def test_a_rule_on_a_support_skill_by_name_stops_the_acquired_one():
    ban = compile_text(PACK + '''
card "Ban, Probe Ban"
  codes TST-477
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Probe Ward"
    your opponent's support cards lose "Probe Both Emblem"
''', "ban.fe0")[-1]
    game, lord0, lord1 = duel()
    lod = add_unit(game, 0, CARDS["Lod"])
    add_unit(game, 1, ban, area="back")
    add_cards(game, 0, "deck", CARDS["Pla"], top=True)
    add_cards(game, 1, "deck", CARDS["Two"], top=True)
    begin(game, player=0, turn=2, phase="action")
    start = len(game.events)
    pick(game, "attack", unit=lod, target=lord1)
    _decline(game)
    assert [(e.player, e.skill) for e in events(game, ev.SkillResolved, since=start)] == [(1, "Probe Both Emblem")]


def test_rendered():
    from fecipher.play.cli_cards import describe
    assert ("The card supporting this unit acquires your opponent's Support Skills. However, it cannot have "
            "more than 1 Support Skill of the same name." in describe(CARDS["Lod"]))


LINE = "the card supporting this unit acquires your opponent's support skills"


@pytest.mark.parametrize("skill, message", [
    ('act "Z"\n    cost tap this unit\n    ' + LINE + ' until the end of the turn', "is a CONT skill's line"),
    ('cont "Z"\n    all allies acquire your opponent\'s support skills', "is supported only as"),
    ('cont "Z"\n    this card acquires your opponent\'s support skills', "is supported only as"),
    ('cont "Z"\n    ' + LINE + ' and "Pavise"', "is supported only as"),
    ('cont "Z"\n    the card supporting this unit acquires your opponent\'s skills', "is supported only as"),
])
def test_refused(skill, message):
    bad = PACK.replace('cont "Black Karma"\n    ' + LINE, skill)
    with pytest.raises(LanguageError) as e:
        compile_text(bad, "x.fe0")
    assert message in str(e.value)
