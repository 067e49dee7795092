"""Stage 4: each construct of the language, compiled from text and played in a game.

Test cards are written inline in the language; boards are built with tests/vanilla.py.
"""
import pytest

from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.decisions import IllegalAnswer

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, option, options, pick

PACK = '''
card "Tester, Bond Sage"
  codes TST-001
  cost 1
  symbol red
  attack 30
  support 10
  bond "Bond Blessing"
    once per turn
    cost flip 1 bond
    your main character gains +20 attack until the end of the turn

card "Tester, Hand Trickster"
  codes TST-002
  cost 2
  symbol red
  attack 30
  support 10
  hand "Sleight"
    cost send 1 "Tester" card from your hand to your retreat area
    draw 2

card "Tester, Veteran"
  codes TST-003
  cost 2
  class change cost 1
  symbol red
  range 1
  attack 50
  support 10
  act "Veteran's Edge" [LvS 3]
    this unit gains +30 attack until the end of the turn
  act "Last Stand"
    once per game
    cost flip 1 orb
    draw 1
  auto "Promotion Gift"
    when you class change into this
    draw 1

card "Tester, Headhunter"
  codes TST-004
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Execute"
    cost tap this
    choose 1 enemy with cost 2 or less
    destroy it
  auto "Return Fire"
    when this unit is destroyed
    draw 1
  auto "Dawn Watch"
    at the start of your turn
    draw 1
  auto "Dusk Watch"
    at the end of your opponent's turn
    this unit gains +10 attack until the end of the turn

card "Tester, Quartermaster"
  codes TST-005
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Requisition"
    cost tap this
    choose 1 card with cost 1 from your retreat area
    add it to your hand
  act "Stockpile"
    cost flip 2 bonds
    put the top card of your deck into your orbs
  act "Recall"
    choose 1 other ally
    deploy it as tapped

card "Tester, Iron Wall"
  codes TST-006
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Unbreakable"
    this unit cannot be destroyed by skills
  cont "Rooted"
    this unit cannot move
  auto "Evasive Instinct"
    when this unit evades
    draw 1

card "Tester, Heir"
  codes TST-008
  cost 2
  symbol red
  range 1
  attack 50
  support 10
  act "Heir Apparent" [HS]
    once per game
    cost tap this
    make this unit your main character

card "Tester, Pretender"
  codes TST-034
  cost 2
  symbol red
  range 1
  attack 50
  support 10
  act "Usurp" [HS]
    make this unit your main character
    if you do: draw 1

card "Tester, Wyrm Knight"
  codes TST-009
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Wyrm Rite" [DB]
    cost flip 1 bond
    this unit gains +10 attack until the end of the turn
  act "Legend Strike" [LIS]
    if this unit has used "Wyrm Rite" 2 times this turn
    this unit gains +50 attack until the end of the turn

card "Tester, Wyrm Squire"
  codes TST-010
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Scales" [DB]
    this unit gains +0 attack
  cont "Twin Bond" [TS]
    if your main character is "Chrom"
    this unit gains +20 attack
  cont "Wyrm Resonance"
    this unit acquires all [DB] skills of other allies

card "Tester, Tome Headhunter"
  codes TST-041
  cost 1
  symbol red
  weapon tome
  range 1-2
  attack 30
  support 10
  act "Hex"
    choose 1 non-main character enemy
    destroy it

card "Tester, Tome Ward"
  codes TST-042
  cost 1
  symbol red
  weapon sword
  range 1
  attack 30
  support 10
  cont "Tome Ward"
    this unit cannot be destroyed by skills of tome enemies

card "Tester, Wyrm Elder"
  codes TST-039
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Scales" [DB]
    this unit gains +20 attack
  act "Hush"
    choose 1 other ally
    it loses all skills until the end of the turn

card "Tester, Wyrm Whelp"
  codes TST-040
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Whelp Resonance"
    this unit acquires all [DB] skills of other allies

card "Tester, Martyr"
  codes TST-011
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Sacrifice"
    cost destroy 1 orb
    draw 2

card "Tester, Summoner"
  codes TST-012
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Summon"
    cost tap this
    choose 1 card with cost 1 from your hand
    deploy it

card "Tester, Herald"
  codes TST-013
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Fanfare"
    when another ally is deployed by "Summon"
    draw 1
  auto "Parade"
    when another ally is deployed not by a skill
    this unit gains +10 attack until the end of the turn

card "Tester, Orb Breaker"
  codes TST-014
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Shatter"
    cost tap this
    destroy 1 orb from your opponent's orbs
  act "Offering"
    destroy 1 orb
    draw 1

card "Tester, Saboteur"
  codes TST-016
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Blackout"
    choose 1 enemy
    all cards fail to support it until the end of the turn
  act "Long Blackout"
    choose 1 enemy
    all cards fail to support it until the end of your opponent's next turn

card "Tester, Orb Gambler"
  codes TST-015
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Wager"
    destroy 1 orb
    if you do: draw 1

card "Tester, Duelist"
  codes TST-007
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  auto "Sure Strike"
    when this unit critical hits
    draw 1
  auto "Afterglow"
    when this unit finishes attacking
    draw 1
  auto "Backed Up"
    when this unit is supported
    this unit gains +10 attack until the end of the combat
'''

CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "constructs.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)


def c(title: str):
    return CARDS[f"Tester, {title}"]


def test_bond_skill_is_used_from_a_face_up_bond_once_per_turn():
    game, mc0, mc1 = duel()
    add_bonds(game, 0, c("Bond Sage"), FILLER)
    begin(game)
    before = game.attack(mc0)
    pick(game, "use_skill", skill="Bond Blessing")
    pick(game, "card", card=FILLER)          # which bond pays: the other one
    assert game.attack(mc0) == before + 20
    assert not options(game, "use_skill", skill="Bond Blessing")   # once per turn


def test_bond_skill_needs_its_bond_face_up():
    game, mc0, mc1 = duel()
    add_bonds(game, 0, c("Bond Sage"), face_up=False)
    add_bonds(game, 0, FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Bond Blessing")


def test_hand_skill_is_used_from_the_hand_and_pays_its_cost():
    game, mc0, mc1 = duel()
    trick = add_cards(game, 0, "hand", c("Hand Trickster"), c("Hand Trickster"))
    begin(game)
    pick(game, "use_skill", card=trick[0])
    pick(game, "card", card=trick[1])          # send the other Tester to the retreat
    p = game.players[0]
    assert trick[1] in p.retreat and trick[0] in p.hand and len(p.hand) == 3


def test_lvs_needs_a_stack_of_n():
    game, mc0, mc1 = duel()
    vet = add_unit(game, 0, c("Veteran"), c("Veteran"))
    begin(game)
    assert not options(game, "use_skill", skill="Veteran's Edge")
    game2, _, _ = duel()
    vet2 = add_unit(game2, 0, c("Veteran"), c("Veteran"), c("Veteran"))
    begin(game2)
    pick(game2, "use_skill", skill="Veteran's Edge")
    assert game2.attack(vet2) == 80


def test_once_per_game_and_flip_orb_cost():
    game, mc0, mc1 = duel()
    vet = add_unit(game, 0, c("Veteran"))
    begin(game)
    pick(game, "use_skill", skill="Last Stand")
    pick(game, "card", card=game.players[0].orbs[0].copy)
    assert game.players[0].orbs[0].face_up
    assert not options(game, "use_skill", skill="Last Stand")
    # Still unusable next turn: once per game.
    pick(game, "pass")
    while game.turn_player != 0 or game.phase != "action":
        game.answer([o for o in game.legal_options() if o.kind in ("pass", "no")][0])
    assert not options(game, "use_skill", skill="Last Stand")


def test_class_change_into_this_triggers_after_the_class_change_draw():
    game, mc0, mc1 = duel()
    base = card("Tester", "Recruit", cost=1)
    unit = add_unit(game, 0, base)
    add_bonds(game, 0, FILLER)
    vet = add_cards(game, 0, "hand", c("Veteran"))[0]
    begin(game, phase="deployment")
    start = len(game.events)
    pick(game, "class_change", card=vet)
    kinds = [e.kind for e in game.events[start:] if e.kind in ("drew", "class_changed", "skill_resolved")]
    assert kinds == ["drew", "class_changed", "drew", "skill_resolved"]


def test_destroy_effect_on_a_filtered_enemy_and_when_destroyed_trigger():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Headhunter"))
    target = add_unit(game, 1, c("Headhunter"))
    big = add_unit(game, 1, card("Big", "Three", cost=3))
    begin(game)
    pick(game, "use_skill", skill="Execute")
    assert {o.unit for o in options(game, "unit")} == {target.id, mc1.id}   # cost 3 is not a candidate
    hand1 = len(game.players[1].hand)
    pick(game, "unit", unit=target)
    assert game.unit(target.id) is None and target.top in game.players[1].retreat
    assert len(game.players[1].hand) == hand1 + 1                        # "Return Fire" drew


def test_cannot_be_destroyed_by_skills_and_cannot_move():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Headhunter"))
    wall = add_unit(game, 1, c("Iron Wall"))
    begin(game)
    pick(game, "use_skill", skill="Execute")
    # "choose 1 enemy ...; destroy it" offers only what it can destroy (engine decision 14)
    assert {o.unit for o in options(game, "unit")} == {mc1.id}
    assert game.can_be_destroyed(wall, by_player=0, in_battle=False) is False
    steps = game.destroy(wall, by_player=0, in_battle=False)
    with pytest.raises(StopIteration) as stop:
        next(steps)
    assert stop.value.value is False and game.unit(wall.id) is wall
    game2, _, _ = duel()
    wall2 = add_unit(game2, 0, c("Iron Wall"))
    begin(game2)
    assert not options(game2, "move", unit=wall2)
    with pytest.raises(IllegalAnswer, match="cannot move"):
        from fecipher.engine.decisions import Option
        game2.answer(Option("move", unit=wall2.id))


def test_turn_start_and_opponents_turn_end_triggers():
    game, mc0, mc1 = duel()
    hh = add_unit(game, 1, c("Headhunter"))
    begin(game, phase="end")
    # End of player 0's turn: player 1's "Dusk Watch" (+10 until end of that turn).
    assert any(isinstance(e, ev.SkillResolved) and e.skill == "Dusk Watch" for e in game.events)
    # Start of player 1's turn: "Dawn Watch" draws.
    assert any(isinstance(e, ev.SkillResolved) and e.skill == "Dawn Watch" for e in game.events)
    assert game.attack(hh) == 40        # the +10 ended with the turn it was made in


def test_add_from_retreat_put_into_orbs_and_deploy_by_skill():
    game, mc0, mc1 = duel()
    qm = add_unit(game, 0, c("Quartermaster"))
    add_bonds(game, 0, FILLER, FILLER)
    r1, r3 = add_cards(game, 0, "retreat", c("Quartermaster"), card("Heavy", "Three", cost=3))
    begin(game)
    pick(game, "use_skill", skill="Requisition")
    assert [o.card for o in options(game, "card")] == [r1.id]
    pick(game, "card", card=r1)
    assert r1 in game.players[0].hand
    orbs = len(game.players[0].orbs)
    top = game.players[0].deck[0]
    pick(game, "use_skill", skill="Stockpile")
    assert len(game.players[0].orbs) == orbs + 1 and game.players[0].orbs[-1].copy is top


def test_evades_critical_hits_supported_and_attack_ends_triggers():
    game, mc0, mc1 = duel()
    duelist = add_unit(game, 0, c("Duelist"))
    wall = add_unit(game, 1, c("Iron Wall"))
    add_cards(game, 0, "hand", c("Duelist"))
    add_cards(game, 1, "hand", c("Iron Wall"))
    add_cards(game, 0, "deck", FILLER, top=True)       # attacker's support succeeds
    add_cards(game, 1, "deck", FILLER, top=True)
    begin(game)
    start = len(game.events)
    pick(game, "attack", unit=duelist, target=wall)
    pick(game, "discard")                                # critical hit
    pick(game, "discard")                                # god-speed evasion
    names = [e.skill for e in game.events[start:] if isinstance(e, ev.SkillResolved)]
    assert names == ["Backed Up", "Sure Strike", "Evasive Instinct", "Afterglow"]
    assert game.unit(wall.id) is wall


def test_hs_makes_this_unit_the_main_character_and_rule_4_follows_it():
    game, mc0, mc1 = duel()
    heir = add_unit(game, 0, c("Heir"))
    begin(game)
    pick(game, "use_skill", skill="Heir Apparent")
    assert heir.is_main_character and not mc0.is_main_character
    assert game.players[0].main_character is heir
    assert any(isinstance(e, ev.MainCharacterChanged) and e.unit == heir.id for e in game.events)
    assert not options(game, "use_skill", skill="Heir Apparent")          # once per game
    # The old MC is now an ordinary unit: destroyed, it leaves the field (no orb).
    orbs = len(game.players[0].orbs)
    list(game.destroy(mc0, by_player=1, in_battle=False))
    assert game.unit(mc0.id) is None and len(game.players[0].orbs) == orbs


def test_hs_on_the_main_character_itself_does_nothing_and_if_you_do_is_false():
    """"make this unit your main character" on the unit that already is the Main Character
    does nothing, so a following "if you do" does not run (B11's [HS] skills add the old Main
    Character to the hand only "if you do": it was the only Main Character)."""
    game, mc0, mc1 = duel()
    pretender = add_unit(game, 0, c("Pretender"))
    add_cards(game, 0, "deck", FILLER, FILLER, FILLER, top=True)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Usurp")
    assert pretender.is_main_character and len(game.players[0].hand) == hand + 1
    pick(game, "use_skill", skill="Usurp")                  # now it is the Main Character
    assert pretender.is_main_character and len(game.players[0].hand) == hand + 1
    assert sum(1 for e in game.events if isinstance(e, ev.MainCharacterChanged)) == 1


def test_resonance_of_dragon_blood_acquires_the_db_skills_of_other_allies():
    """Only a unit with the Resonance line acquires [DB] skills; a unit with a [DB]
    skill and no Resonance (the Knight) acquires nothing."""
    game, mc0, mc1 = duel()
    knight = add_unit(game, 0, c("Wyrm Knight"))
    squire = add_unit(game, 0, c("Wyrm Squire"))
    plain = add_unit(game, 0, c("Duelist"))
    add_bonds(game, 0, FILLER, FILLER, FILLER)
    begin(game)
    users = {o.unit for o in options(game, "use_skill", skill="Wyrm Rite")}
    assert users == {knight.id, squire.id}                 # the Duelist has no Resonance
    assert "Scales" not in {s.name for s in game.skills_of(knight)}
    pick(game, "use_skill", skill="Wyrm Rite", unit=squire)
    game.answer(game.decision.options[0])                   # which bond pays
    assert game.attack(squire) == 40 and game.attack(knight) == 30


def test_resonance_takes_one_skill_of_each_name_and_not_a_lost_one():
    """One skill of a name: the unit's own (the Squire's "Scales" +0), else the first
    ally's (the Whelp takes the Elder's +20, not the Squire's +0, the Elder being in
    front of it); a [DB] skill its ally has lost is not acquired."""
    game, mc0, mc1 = duel()
    elder = add_unit(game, 0, c("Wyrm Elder"))
    squire = add_unit(game, 0, c("Wyrm Squire"))
    whelp = add_unit(game, 0, c("Wyrm Whelp"))
    begin(game)
    assert game.attack(squire) == 30                        # its own "Scales" (+0)
    assert game.attack(whelp) == 50                         # the Elder's "Scales" (+20)
    assert [s.name for s in game.skills_of(whelp)].count("Scales") == 1
    pick(game, "use_skill", skill="Hush", unit=elder)
    pick(game, "unit", unit=squire)                       # the Squire loses all its skills
    assert game.attack(whelp) == 50                         # the Elder still has its "Scales"
    game2, _, _ = duel()
    elder2 = add_unit(game2, 0, c("Wyrm Elder"))
    whelp2 = add_unit(game2, 0, c("Wyrm Whelp"))
    knight2 = add_unit(game2, 0, c("Wyrm Knight"))
    begin(game2)
    assert game2.attack(whelp2) == 50
    pick(game2, "use_skill", skill="Hush", unit=elder2)
    pick(game2, "unit", unit=whelp2)                      # the Whelp loses its Resonance
    assert game2.attack(whelp2) == 30
    assert not any(o.unit == whelp2.id for o in options(game2, "use_skill", skill="Wyrm Rite"))
    game3, _, _ = duel()
    elder3 = add_unit(game3, 0, c("Wyrm Elder"))
    whelp3 = add_unit(game3, 0, c("Wyrm Whelp"))
    knight3 = add_unit(game3, 0, c("Wyrm Knight"))
    begin(game3)
    pick(game3, "use_skill", skill="Hush", unit=elder3)
    pick(game3, "unit", unit=knight3)                     # the Knight loses its "Wyrm Rite"
    assert not options(game3, "use_skill", skill="Wyrm Rite")
    assert game3.attack(whelp3) == 50


def test_cannot_be_destroyed_by_skills_of_some_enemies_asks_whose_skill_it_is():
    """'by skills of tome enemies': the unit whose skill destroys (engine: source)."""
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Tome Headhunter"))
    add_unit(game, 0, c("Headhunter"))
    ward = add_unit(game, 1, c("Tome Ward"))
    begin(game)
    pick(game, "use_skill", skill="Hex")
    assert ward.id not in {o.unit for o in options(game, "unit")}   # not a target of a tome's skill
    assert game.can_be_destroyed(ward, by_player=0, in_battle=False) is True   # no skill's unit named
    game2, _, _ = duel()
    add_unit(game2, 0, c("Headhunter"))
    ward2 = add_unit(game2, 1, c("Tome Ward"))
    begin(game2)
    pick(game2, "use_skill", skill="Execute")
    pick(game2, "unit", unit=ward2)                             # a skill of a unit that is no tome
    assert game2.unit(ward2.id) is None


def test_lis_needs_a_named_skill_used_that_many_times_this_turn():
    game, mc0, mc1 = duel()
    knight = add_unit(game, 0, c("Wyrm Knight"))
    add_bonds(game, 0, FILLER, FILLER, FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Legend Strike")
    pick(game, "use_skill", skill="Wyrm Rite")
    game.answer(game.decision.options[0])                   # which bond pays
    assert not options(game, "use_skill", skill="Legend Strike")   # used once: not yet
    pick(game, "use_skill", skill="Wyrm Rite")
    game.answer(game.decision.options[0])
    pick(game, "use_skill", skill="Legend Strike")
    assert game.attack(knight) == 30 + 20 + 50


def test_ts_holds_only_while_your_main_character_has_the_named_unit_name():
    chrom = card("Chrom", "Exalt", cost=1, attack=50)
    game, mc0, mc1 = duel(mc0=chrom)
    squire = add_unit(game, 0, c("Wyrm Squire"))
    begin(game)
    assert game.attack(squire) == 50
    game2, _, _ = duel()
    squire2 = add_unit(game2, 0, c("Wyrm Squire"))
    begin(game2)
    assert game2.attack(squire2) == 30


def test_destroy_an_orb_as_a_cost_puts_it_in_the_hand_and_needs_an_orb():
    game, mc0, mc1 = duel(orbs=2)
    add_unit(game, 0, c("Martyr"))
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Sacrifice")
    orb = game.decision.options[0].card
    game.answer(game.decision.options[0])                    # which orb
    p = game.players[0]
    assert len(p.orbs) == 1 and orb in [x.id for x in p.hand] and len(p.hand) == hand + 3
    pick(game, "use_skill", skill="Sacrifice")               # the last orb can pay too
    assert len(p.orbs) == 0 and not game.over
    assert not options(game, "use_skill", skill="Sacrifice")  # no orb left: cannot be paid


def test_deployed_by_a_named_skill_and_not_by_a_skill_triggers():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Summoner"))
    herald = add_unit(game, 0, c("Herald"))
    recruit, walker = add_cards(game, 0, "hand", card("Recruit", "One", cost=1), card("Walker", "Two", cost=1))
    add_bonds(game, 0, FILLER)
    begin(game, phase="deployment")
    pick(game, "deploy", card=walker, area="front")          # by hand: Parade, not Fanfare
    assert game.attack(herald) == 40
    hand = len(game.players[0].hand)
    pick(game, "pass")
    pick(game, "use_skill", skill="Summon")
    pick(game, "card", card=recruit)
    pick(game, "area", area="back")                          # by "Summon": Fanfare draws, no Parade
    assert len(game.players[0].hand) == hand - 1 + 1
    assert game.attack(herald) == 40
    assert [e.skill for e in game.events if isinstance(e, ev.Deployed)][-2:] == ["", "Summon"]


def test_destroy_orbs_effect_sends_the_chosen_orb_to_its_owners_hand():
    game, mc0, mc1 = duel(orbs=2)
    add_unit(game, 0, c("Orb Breaker"))
    begin(game)
    theirs = len(game.players[1].hand)
    pick(game, "use_skill", skill="Shatter")
    assert game.decision.player == 0 and game.decision.kind == "choose"   # the controller chooses
    orb = game.decision.options[1].card
    game.answer(game.decision.options[1])
    assert len(game.players[1].orbs) == 1 and orb in [x.id for x in game.players[1].hand]
    assert len(game.players[1].hand) == theirs + 1 and not game.over
    mine = len(game.players[0].orbs)
    pick(game, "use_skill", skill="Offering")
    game.answer(game.decision.options[0])
    assert len(game.players[0].orbs) == mine - 1
    assert any(isinstance(e, ev.OrbBroken) and e.player == 0 for e in game.events)


def test_if_you_do_after_destroying_an_orb_asks_whether_an_orb_was_destroyed():
    """"Destroy 1 of your Orbs. If that happens, ...": the line after 'if you do' runs
    when an orb was destroyed, and not when there was none to destroy."""
    game, mc0, mc1 = duel(orbs=1)
    add_unit(game, 0, c("Orb Gambler"))
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Wager")
    assert len(game.players[0].orbs) == 0
    assert len(game.players[0].hand) == hand + 2              # the orb, and the card drawn
    pick(game, "use_skill", skill="Wager")                   # no orb left: nothing destroyed, no draw
    assert len(game.players[0].hand) == hand + 2


def test_support_failure_set_by_an_effect_lasts_for_its_duration():
    """"Until the end of the turn, cards fail to support the chosen enemy": its support fails
    in that turn's battles, and succeeds again in the next turn."""
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Saboteur"))
    add_cards(game, 0, "deck", FILLER, FILLER, top=True)
    add_cards(game, 1, "deck", FILLER, FILLER, top=True)
    begin(game)
    pick(game, "use_skill", skill="Blackout")
    pick(game, "unit", unit=mc1)
    start = len(game.events)
    pick(game, "attack", unit=mc0, target=mc1)
    failed = [e for e in game.events[start:] if isinstance(e, ev.SupportFailed)]
    assert [e.player for e in failed] == [1]                  # the chosen enemy's support, not ours
    while game.decision.player != 1 or game.decision.kind != "bond":
        game.answer(game.decision.options[-1] if game.decision.kind != "break_orb" else game.decision.options[0])
    pick(game, "pass")                                      # player 1's turn: no bond
    pick(game, "pass")                                      # nor deployment
    start = len(game.events)
    pick(game, "attack", unit=mc1, target=mc0)
    assert not [e for e in game.events[start:] if isinstance(e, ev.SupportFailed)]


def test_support_failure_until_the_opponents_next_turn_holds_in_that_turn():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Saboteur"))
    add_cards(game, 0, "deck", FILLER, FILLER, top=True)
    add_cards(game, 1, "deck", FILLER, FILLER, top=True)
    begin(game)
    pick(game, "use_skill", skill="Long Blackout")
    pick(game, "unit", unit=mc1)
    pick(game, "pass")                                      # end player 0's action phase
    while game.decision.player != 1 or game.decision.kind != "bond":
        game.answer(game.decision.options[-1])
    pick(game, "pass")
    pick(game, "pass")
    start = len(game.events)
    pick(game, "attack", unit=mc1, target=mc0)
    assert [e.player for e in game.events[start:] if isinstance(e, ev.SupportFailed)] == [1]



PITY_PACK = '''
card "Tester, Ascetic"
  codes TST-090
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Pity"
    when a card from your hand is sent to your retreat area by an enemy's skill or your opponent's support skill
    draw 1
  act "Penance"
    cost send 1 card from your hand to your retreat area
    this unit gains +10 attack until the end of the turn

card "Tester, Taxman"
  codes TST-091
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Levy"
    your opponent sends 1 card from their hand to their retreat area

card "Tester, Pickpocket"
  codes TST-092
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  hand "Filch"
    your opponent sends 1 card from their hand to their retreat area
'''


def test_sent_by_an_enemys_skill_or_the_opponents_support_skill_not_a_hand_skill_nor_your_own():
    """"As a result of an enemy's skill or your opponent's support skill" (B14-067N): a
    skill of one of the opponent's units counts; the opponent's hand skill (no unit's) and
    your own skill's cost do not."""
    pity = {c.unit_name + ", " + c.title: c for c in compile_text(PITY_PACK, "pity.fe0")}
    game, mc0, mc1 = duel()
    ascetic = add_unit(game, 0, pity["Tester, Ascetic"])
    add_unit(game, 1, pity["Tester, Taxman"])
    filch = add_cards(game, 1, "hand", pity["Tester, Pickpocket"])[0]
    add_cards(game, 0, "hand", FILLER, FILLER, FILLER, FILLER)
    begin(game, turn=3, player=1)
    p0 = game.players[0]
    before = len(p0.hand)
    pick(game, "use_skill", card=filch)                  # the opponent's hand skill
    pick(game, "card", player=0, card=p0.hand[0])
    assert len(p0.hand) == before - 1                    # sent, and no draw
    pick(game, "use_skill", skill="Levy")                # an enemy's skill
    pick(game, "card", player=0, card=p0.hand[0])
    assert len(p0.hand) == before - 1                    # sent, then 1 drawn
    assert any(isinstance(e, ev.SkillTriggered) and e.skill == "Pity" for e in game.events)
    game2, _, _ = duel()
    ascetic2 = add_unit(game2, 0, pity["Tester, Ascetic"])
    add_cards(game2, 0, "hand", FILLER, FILLER)
    begin(game2)
    q0 = game2.players[0]
    pick(game2, "use_skill", skill="Penance", unit=ascetic2)   # your own skill's cost
    pick(game2, "card", card=q0.hand[0])
    assert len(q0.hand) == 1
    assert not any(isinstance(e, ev.SkillTriggered) and e.skill == "Pity" for e in game2.events)
    assert ascetic is not None
