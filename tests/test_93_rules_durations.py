"""Two durations (docs/skill-language.md, "Durations"):

- `until the end of your next turn` ("Until the end of your next turn, this unit cannot be
  untapped", B19-017R Petra; B19-011HN Caspar): a change that lasts through the rest of this
  turn, the opponent's turn between and the controller's next own turn, and ends at the end of
  it; made in the opponent's turn (by an AUTO skill), it ends at the end of the controller's
  turn that follows.
- `until this unit leaves the field` ("until this unit is removed from the Battlefield, your
  opponent cannot deploy cards into their Back Line", B12-071SR Walhart; "Until this unit
  leaves the Battlefield, you cannot use ...", B18-012R Gatrie): no turn or combat ends it,
  only the skill's own unit leaving the field; on a rule about a player (deploying, using a
  skill) and on a change of units (other units too). If the unit has already left the field
  when the effect resolves, the duration is already over and nothing is made.
"""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.deployment import deploy_ban_refusal

from vanilla import add_cards, add_unit, answer_until, begin, duel, options, pick

PACK = '''
card "Petra, Sleeper"
  codes TST-931
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Nap"
    this unit cannot untap until the end of your next turn
    this unit gains +10 attack until the end of your next turn

card "Caspar, Grudge"
  codes TST-932
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Grudge"
    when this unit is attacked
    this unit gains +20 attack until the end of your next turn

card "Walhart, Regent"
  codes TST-933
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Regnant"
    your opponent cannot deploy cards into their back line until this unit leaves the field
  act "Siege"
    this unit gains +20 attack until the end of the turn
    you cannot use "Siege" until this unit leaves the field
  act "Rally"
    all other allies gain +10 attack until this unit leaves the field
  auto "Last Word"
    when this unit is destroyed
    your opponent cannot deploy cards into their back line until this unit leaves the field

card "Gatrie, Other Sieger"
  codes TST-934
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Siege"
    this unit gains +5 attack until the end of the turn

card "Foe, Plain"
  codes TST-935
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "durations.fe0")}


def _turn(game, n):
    answer_until(game, lambda g: g.turn == n and g.decision is not None and g.decision.kind == "action")


def test_until_the_end_of_your_next_turn_lasts_through_the_controllers_next_turn():
    game, _, _ = duel()
    petra = add_unit(game, 0, CARDS["Petra"], tapped=False)
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Nap")
    petra.tapped = True      # (tapped by an attack, say)
    game.invalidate()
    assert game.attack(petra) == 40
    _turn(game, 4)           # the opponent's turn: still there
    assert game.attack(petra) == 40
    _turn(game, 5)           # the controller's next turn: the untap step does not untap it
    assert petra.tapped and game.attack(petra) == 40
    _turn(game, 6)           # ended at the end of turn 5
    assert game.attack(petra) == 30
    _turn(game, 7)
    assert not petra.tapped


def test_made_in_the_opponents_turn_it_ends_with_the_controllers_next_turn():
    game, lord0, _ = duel()
    caspar = add_unit(game, 0, CARDS["Caspar"])
    foe = add_unit(game, 1, CARDS["Foe"])
    begin(game, turn=4, player=1)
    pick(game, "attack", unit=foe, target=caspar)
    answer_until(game, lambda g: g.decision.kind == "action" and g.turn_player == 1)
    assert game.attack(caspar) == 50
    _turn(game, 5)
    assert game.attack(caspar) == 50     # the controller's next turn
    _turn(game, 6)
    assert game.attack(caspar) == 30     # ended at the end of turn 5


def test_a_rule_about_a_player_lasts_until_the_skills_unit_leaves_the_field():
    game, _, _ = duel()
    walhart = add_unit(game, 0, CARDS["Walhart"])
    foe = add_cards(game, 1, "hand", CARDS["Foe"])[0]
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Regnant")
    assert deploy_ban_refusal(game, 1, foe, "back") is not None
    assert deploy_ban_refusal(game, 1, foe, "front") is None      # only the back line
    assert deploy_ban_refusal(game, 0, foe, "back") is None       # only the opponent
    _turn(game, 5)                                                 # no turn ends it
    assert deploy_ban_refusal(game, 1, foe, "back") is not None
    game.remove_unit(walhart, "retreat")
    assert deploy_ban_refusal(game, 1, foe, "back") is None        # it left: the rule ends


def test_a_ban_on_a_named_skill_until_this_unit_leaves_the_field():
    game, _, _ = duel()
    walhart = add_unit(game, 0, CARDS["Walhart"])
    gatrie = add_unit(game, 0, CARDS["Gatrie"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Siege", unit=walhart)
    assert game.attack(walhart) == 50
    assert not options(game, "use_skill", skill="Siege")           # no "Siege" of the player's
    _turn(game, 5)
    assert not options(game, "use_skill", skill="Siege")
    game.remove_unit(walhart, "hand")
    _turn(game, 7)   # (a new decision: the options of this one were made while Walhart was there)
    pick(game, "use_skill", skill="Siege", unit=gatrie)            # the rule left with Walhart
    assert game.attack(gatrie) == 35


def test_a_change_of_other_units_ends_when_the_skills_unit_leaves():
    game, lord0, _ = duel()
    walhart = add_unit(game, 0, CARDS["Walhart"])
    gatrie = add_unit(game, 0, CARDS["Gatrie"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Rally")
    assert game.attack(gatrie) == 40 and game.attack(lord0) == 60 and game.attack(walhart) == 30
    _turn(game, 5)
    assert game.attack(gatrie) == 40
    game.remove_unit(walhart, "retreat")
    assert game.attack(gatrie) == 30 and game.attack(lord0) == 50


def test_nothing_is_made_when_the_unit_has_already_left_the_field():
    game, _, _ = duel()
    walhart = add_unit(game, 0, CARDS["Walhart"])
    plain = add_cards(game, 1, "hand", CARDS["Foe"])[0]
    begin(game, turn=4, player=1)
    lord1 = game.players[1].front[0]      # attacks Walhart, 50 against 30: "Last Word" triggers
    pick(game, "attack", unit=lord1, target=walhart)
    answer_until(game, lambda g: g.decision.kind == "action" and g.turn_player == 1)
    assert game.unit(walhart.id) is None
    assert any(e.skill == "Last Word" for e in game.events if type(e).__name__ == "SkillResolved")
    assert deploy_ban_refusal(game, 1, plain, "back") is None


@pytest.mark.parametrize("line, message", [
    ("this unit gains +10 attack until the end of each player's next turn", "say whose next turn"),
    ("draw 1 until this unit leaves the field", "not 'until'"),
    ('the cost of "Nap" is reduced by 1 bond until this unit leaves the field',
     "'until this unit leaves the field' is supported on a change of units and on a rule about a player"),
    ("this unit gains +10 attack until this unit leaves the stage", "say 'until it leaves the field'"),
])
def test_the_checker_refuses_near_misses(line, message):
    text = PACK.replace("this unit gains +10 attack until the end of your next turn", line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)


def test_not_in_a_skill_without_a_unit_of_its_own():
    text = PACK.replace('''  act "Nap"
    this unit cannot untap until the end of your next turn
    this unit gains +10 attack until the end of your next turn''', '''  support "Nap" attack
    your attacking unit gains +10 attack until this unit leaves the field''')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "needs the skill's own unit" in str(e.value)
    with pytest.raises(LanguageError) as e:
        compile_text(text.replace('support "Nap" attack', 'cont "Nap"').replace(
            "your attacking unit", "this unit"), "bad.fe0")
    assert "takes no duration" in str(e.value)


def test_it_renders_as_the_card_text():
    from fecipher.play.cli_cards import describe
    petra, walhart = CARDS["Petra"], CARDS["Walhart"]
    assert "Until the end of your next turn, this unit cannot untap." in describe(petra)
    text = describe(walhart)
    assert ("Until this unit leaves the field, your opponent cannot deploy cards into their Back Line."
            in text), text


# ---------------------------------------------------------------- "by the effect of skills"
EFFECTS = '''
card "Mamori, Shield"
  codes TST-936
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  types armored
  cont "Wall"
    this unit cannot be destroyed by the effect of skills and cannot be moved by the effect of skills

card "Draug, Sacrificer"
  codes TST-937
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Offering"
    cost destroy 1 armored ally
    draw 1
  act "Smite"
    choose 1 unit
    destroy it
  act "Shove"
    choose 1 unit
    move it

card "Foe, Plain"
  codes TST-938
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
'''

EF = {c.unit_name: c for c in compile_text(EFFECTS, "effects.fe0")}


def test_a_skills_effect_cannot_destroy_or_move_it():
    game, _, _ = duel()
    mamori = add_unit(game, 0, EF["Mamori"])
    add_unit(game, 0, EF["Draug"])
    foe = add_unit(game, 1, EF["Foe"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Smite")
    assert not options(game, unit=mamori)          # not offered to the effect's choice
    pick(game, unit=foe)
    assert game.unit(foe.id) is None
    pick(game, "use_skill", skill="Shove")
    assert not options(game, unit=mamori)
    assert game.can_be_destroyed(mamori, by_player=1, in_battle=False) is False
    assert game.can_be_destroyed(mamori, by_player=0, in_battle=True) is True    # an attack still can


def test_a_skills_cost_may_still_destroy_it():
    game, _, _ = duel()
    mamori = add_unit(game, 0, EF["Mamori"])
    add_unit(game, 0, EF["Draug"])
    begin(game, turn=3, player=0)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Offering")
    assert game.unit(mamori.id) is None             # paid as the cost
    assert len(game.players[0].hand) == hand + 1


def test_by_the_effect_of_skills_goes_with_destroyed_or_moved_only():
    text = EFFECTS.replace("this unit cannot be destroyed by the effect of skills and cannot be moved by the "
                           "effect of skills", "this unit cannot be attacked by the effect of skills")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "'by the effect of skills' goes with 'cannot be destroyed' or 'cannot be moved'" in str(e.value)


def test_by_the_effect_of_skills_renders():
    from fecipher.play.cli_cards import describe
    assert ("This unit cannot be destroyed by the effect of skills, and cannot be moved by the effect of skills."
            in describe(EF["Mamori"])), describe(EF["Mamori"])


# ---------------------------------------------------------------- "cannot be chosen by ..."
CHOSEN = '''
card "Kellam, Hidden"
  codes TST-939
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Blend"
    this unit cannot be chosen by enemy skills or your opponent's support skills

card "Kellam, Vanished"
  codes TST-940
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Vanish"
    this unit cannot be chosen

card "Smiter, Foe"
  codes TST-941
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Smite"
    choose 1 enemy
    destroy it
  act "Weaken"
    all enemies gain -10 attack until the end of the turn
  hand "Ambush"
    cost send this card to your retreat area
    choose 1 unit
    destroy it
'''

CH = {c.name: c for c in compile_text(CHOSEN, "chosen.fe0")}


def test_not_chosen_by_the_skill_of_an_enemy_unit_but_by_a_hand_skill():
    game, _, _ = duel()
    kellam = add_unit(game, 1, CH["Kellam, Hidden"])
    other = add_unit(game, 1, CH["Smiter, Foe"])
    add_unit(game, 0, CH["Smiter, Foe"])
    add_cards(game, 0, "hand", CH["Smiter, Foe"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Smite")
    assert not options(game, unit=kellam)                 # a skill of an enemy unit: not offered
    pick(game, unit=other)
    pick(game, "use_skill", skill="Weaken", player=0)               # "all enemies" chooses nobody: it is reached
    assert game.attack(kellam) == 20
    pick(game, "use_skill", skill="Ambush")               # a hand skill is neither: it may choose it
    pick(game, unit=kellam)
    assert game.unit(kellam.id) is None


def test_cannot_be_chosen_by_any_skill_of_the_opponent():
    game, _, _ = duel()
    kellam = add_unit(game, 1, CH["Kellam, Vanished"])
    add_cards(game, 0, "hand", CH["Smiter, Foe"])
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Ambush")
    assert not options(game, unit=kellam)


def test_by_enemy_or_support_skills_goes_with_moved_or_chosen():
    text = CHOSEN.replace("this unit cannot be chosen by enemy skills", "this unit cannot be attacked by enemy skills")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "goes with 'cannot be moved' or 'cannot be chosen'" in str(e.value)
