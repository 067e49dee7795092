"""Skill control (dsl/skill_control.py; docs/skill-language.md, "Skill control, the
opponent's choices, the end of the game"): skills that cannot be used, trigger or
activate ("your opponent cannot use act skills", "all auto skills cannot trigger",
"your opponent's support skills cannot activate"), units with or without a support
skill or a keyword skill, a skill that loses [Once per Turn], skills and
characteristics acquired from another card. Every construct is compiled, played on
small test cards and refused where it does not belong."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Tester, Jammer"
  codes TST-801
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Jam"
    if your main character is attacked
    your opponent's support skills cannot activate

card "Tester, Hunter"
  codes TST-802
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Vigil"
    your opponent's bow support cards lose their support skills

card "Tester, Canas"
  codes TST-803
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Forbidden Magic"
    during each player's beginning phase
    all auto skills cannot trigger

card "Tester, Gagger"
  codes TST-804
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Gag"
    cost tap this unit
    your opponent cannot use act skills until the end of your opponent's next turn
  act "Mute"
    choose 1 enemy
    it cannot use skills until the end of the turn

card "Tester, Hush"
  codes TST-816
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Hush All"
    cost tap this unit
    all act skills cannot be used until the end of the turn

card "Tester, Sorter"
  codes TST-817
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Sort"
    if you have 3 or more allies with no support skill
    this unit gains +10 attack
  act "Check"
    choose 1 ally with no [US] skill
    if it has no support skill: it gains +10 attack until the end of the turn
    if it has a [CF] skill: draw 1
    if it has no [CF] skill: it gains +20 attack until the end of the turn

card "Tester, Rebecca"
  codes TST-818
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  support "Village Girl's Gratitude" attack/defence
    the support of this card becomes 10 for each card in your main character's stack until the end of the combat

card "Tester, Matthew"
  codes TST-819
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  support "Spy's Sleight" attack/defence
    reveal the top card of your opponent's deck
    the support of this card becomes the support of it until the end of the combat

card "Tester, Roy"
  codes TST-820
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  support "Bravely Charging Lion" attack/defence
    the support of this card becomes the cost of your opponent's battling unit times 10 until the end of the combat

card "Tester, Guy"
  codes TST-821
  cost 1
  symbol green
  range 1
  attack 30
  support X
  cont "Incentified Returns"
    if you have an ally with support X
    this unit gains +10 attack

card "Tester, Mist"
  codes TST-822
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  cont "Song of Waking"
    the [LvS 2] skills of all allies become usable

card "Tester, Shinon"
  codes TST-823
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  act "Gratitude"
    cost tap this unit
    choose 1 bow ally
    it gains +10 attack until the end of the turn
    the [LvS 2], [LvS 3] and [LvS 4] skills of it become usable until the end of the turn

card "Tester, Tibarn"
  codes TST-824
  cost 1
  symbol white
  weapon bow
  range 1
  attack 30
  support 10
  cont "Rage" [LvS 2]
    this unit gains +20 attack
  act "Swoop" [LvS 3]
    cost tap this unit
    draw 1
  auto "Roar" [LvS 2]
    when this unit attacks
    draw 1

card "Tester, Dorcas"
  codes TST-825
  cost 1
  symbol purple
  range 1
  attack 30
  support 10
  support "Guardian Grand Axe" attack/defence [IS]
    your battling unit gains +10 attack until the end of the combat
    you may pay flip 1 bond: activate this skill again

card "Oboro, Quick-Change Princess"
  codes TST-826
  cost 4
  class change cost 3
  symbol white
  weapon lance
  range 1
  attack 60
  support 10
  retreat "Glamorous Quick-Change Princess"
    cost flip 1 white bond
    when an "Oboro" ally is moved
    you may
    put this card onto that unit

card "Oboro, Seamstress"
  codes TST-827
  cost 1
  symbol white
  weapon lance
  range 1
  attack 30
  support 10
  act "Step"
    move this unit

card "Tester, Lugh"
  codes TST-805
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Growing Heart"
    when an ally with a support skill is deployed
    draw 1
  act "Door"
    cost tap this unit
    choose 1 card with a [CF] skill from your retreat area
    deploy it

card "Tester, Raven"
  codes TST-806
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Sworn Blade"
    if you have 2 or more other allies with a support skill
    this unit gains +20 attack
  cont "Serious"
    if the card supporting this unit has a support skill
    this unit gains +10 attack
  cont "Unchanging"
    all allies with a [US] skill gain +10 attack

card "Tester, Sigurd"
  codes TST-807
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Tyrfing"
    once per turn
    this unit gains +10 attack until the end of the turn
  cont "Transcend"
    if you have 2 or more bonds
    this unit's "Tyrfing" loses once per turn

card "Tester, Corrin"
  codes TST-808
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Future"
    once per turn
    choose 1 white or black card from your boundless area
    send it to your retreat area
    this unit acquires all skills of it until the end of the turn
  act "Mimic"
    once per turn
    choose 1 other ally
    this unit acquires all skills of it until the end of the turn

card "Morgan (Female), Tester"
  codes TST-809
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Infinite Potential"
    during your turn
    this unit acquires the weapon, type and range of all non-"Morgan (Female)" allies

card "Tester, Narcian"
  codes TST-810
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  cont "Howling Laughter"
    all enemies lose their support skills
    your opponent's support cards lose their support skills

card "Tester, Emblem"
  codes TST-811
  cost 1
  symbol green
  weapon bow
  range 1
  attack 30
  support 10
  support "Attack Emblem" attack/defence
    your battling unit gains +20 attack until the end of the combat

card "Tester, Helper"
  codes TST-812
  cost 1
  symbol white
  weapon sword
  range 1
  attack 30
  support 10
  cont "Helping Hand" [US]
    this unit gains +0 attack
  act "Boost"
    once per turn
    this unit gains +10 attack until the end of the turn
  auto "Watchful"
    when this unit is attacked
    draw 1
  support "Sword Emblem" attack/defence
    your battling unit gains +10 attack until the end of the combat

card "Tester, Flier"
  codes TST-813
  cost 1
  symbol white
  weapon lance
  types flier
  range 2
  attack 30
  support 10
  act "Rally"
    cost tap this unit
    this unit gains +10 attack until the end of the turn
  auto "Early Bird"
    at the start of your turn
    draw 1
  cont "Mighty"
    this unit gains +20 attack

card "Tester, Bondsman"
  codes TST-815
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  bond "Bond Dawn"
    at the start of your turn
    draw 1

card "Kiria Kurono, Idol"
  codes TST-814
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  act "Encore" [CF]
    cost tap this unit
    draw 1
  support "Idol Emblem" attack/defence
    draw 1
'''
CARDS = {x.unit_name + ", " + x.title: x for x in compile_text(PACK, "skill_control.fe0")}


def c(name: str):
    return CARDS[("Tester, " + name) if "," not in name else name]


def settle(game, stop):
    """Answer "pass" / "no" (the first orb when one breaks) until ``stop(game)``."""
    for _ in range(300):
        if game.over or stop(game):
            return
        opts = game.legal_options()
        no = [o for o in opts if o.kind in ("pass", "no")]
        game.answer(no[0] if no else opts[0])
    raise AssertionError("settle: limit reached")


def fight(game, attacker, defender):
    """Attack and decline every question of the battle (back to the Action Phase)."""
    pick(game, "attack", unit=attacker, target=defender)
    settle(game, lambda g: g.decision.kind == "action" and g.decision.player == attacker.owner)


def resolved(game, name: str, since: int = 0) -> int:
    return sum(1 for e in events(game, ev.SkillResolved, since=since) if e.skill == name)


def check_errors(text: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    return str(e.value)


def one_skill(kind: str, lines: str) -> str:
    body = "\n".join("    " + x for x in lines.strip().splitlines())
    return f'card "Bad, Card"\n  codes BAD-001\n  cost 1\n  symbol red\n  attack 30\n  support 10\n' \
           f'  {kind} "Bad Skill"\n{body}\n'


# ------------------------------------------------------------------ support skills that do not activate
def _support_battle(jammer: str, attack_mc: bool, support_card=None):
    """Player 1 attacks (player 0's MC, or a plain ally of player 0) supported by
    "Tester, Emblem" (its support skill: +20); player 0 has ``jammer`` on the field."""
    game, mc0, mc1 = duel()
    add_unit(game, 0, c(jammer))
    other = add_unit(game, 0, card("Bystander", "ally", attack=30))
    add_cards(game, 1, "deck", support_card or c("Emblem"), top=True)
    begin(game, player=1)
    start = len(game.events)
    fight(game, mc1, mc0 if attack_mc else other)
    return game, start


def test_support_skills_cannot_activate_while_the_condition_holds_and_the_support_still_counts():
    game, start = _support_battle("Jammer", attack_mc=True)
    assert resolved(game, "Attack Emblem", start) == 0
    ok = [e for e in events(game, ev.SupportSucceeded, since=start) if e.player == 1]
    assert ok and ok[0].support == 10           # the support succeeded: its value counts
    game, start = _support_battle("Jammer", attack_mc=False)   # another unit attacked: the skill activates
    assert resolved(game, "Attack Emblem", start) == 1


def test_support_cards_of_a_quality_lose_their_support_skills():
    game, start = _support_battle("Hunter", attack_mc=False)   # a bow support card: no skill
    assert resolved(game, "Attack Emblem", start) == 0
    game, start = _support_battle("Hunter", attack_mc=False, support_card=c("Helper"))   # a sword card
    assert resolved(game, "Sword Emblem", start) == 1


def test_enemies_and_support_cards_lose_their_support_skills():
    game, start = _support_battle("Narcian", attack_mc=False)
    assert resolved(game, "Attack Emblem", start) == 0
    # "all enemies lose their support skills": an enemy no longer counts as one with a support skill.
    game, mc0, mc1 = duel()
    raven = add_unit(game, 1, c("Raven"))
    add_unit(game, 1, c("Helper"))
    add_unit(game, 1, c("Emblem"))
    begin(game)
    assert game.attack(raven) == 30 + 20 + 0   # (Helper's [US] skill gives +10 to Helper only)
    add_unit(game, 0, c("Narcian"))
    assert game.attack(raven) == 30


# ------------------------------------------------------------------ skills that cannot be used or trigger
def test_auto_skills_cannot_trigger_during_the_beginning_phase_only():
    for canas, times in ((True, 0), (False, 1)):
        game, mc0, mc1 = duel()
        add_unit(game, 0, c("Flier"))          # "Early Bird": at the start of your turn, draw 1
        add_bonds(game, 0, c("Bondsman"))      # "Bond Dawn": the same, an automatic bond skill
        if canas:
            add_unit(game, 1, c("Canas"))
        begin(game, turn=3, player=0, phase="beginning")
        settle(game, lambda g: g.phase == "action")
        assert resolved(game, "Early Bird") == resolved(game, "Bond Dawn") == times
    # Outside the Beginning Phase an AUTO skill triggers: "Watchful" when attacked.
    game, mc0, mc1 = duel()
    helper = add_unit(game, 1, c("Helper"))
    add_unit(game, 1, c("Canas"))
    begin(game)
    fight(game, mc0, helper)
    assert resolved(game, "Watchful") == 1


def test_your_opponent_cannot_use_act_skills_until_the_end_of_their_next_turn():
    game, mc0, mc1 = duel()
    gagger = add_unit(game, 0, c("Gagger"))
    add_unit(game, 1, c("Sigurd"))
    begin(game)
    pick(game, "use_skill", skill="Gag")
    settle(game, lambda g: g.turn == 3 and g.phase == "action")
    assert not options(game, "use_skill", skill="Tyrfing")   # (their turn 3: forbidden)
    assert any(m.stat == M.SKILL_BAN for m in game.modifiers)
    settle(game, lambda g: g.turn == 5 and g.phase == "action")
    assert options(game, "use_skill", skill="Tyrfing")       # the next one: allowed again
    assert gagger  # (player 0's own skills were never forbidden)


def test_a_unit_that_cannot_use_skills_is_offered_no_act_skill_and_its_auto_skills_do_not_trigger():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Gagger"))
    helper = add_unit(game, 1, c("Helper"))
    begin(game)
    pick(game, "use_skill", skill="Mute")
    pick(game, "unit", unit=helper)
    fight(game, mc0, helper)
    assert resolved(game, "Watchful") == 0
    assert game.attack(helper) == 30    # (its CONT skill still holds: CONT skills are not used)


def test_all_act_skills_cannot_be_used_stops_both_players_skills():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Hush"))
    add_unit(game, 0, c("Gagger"))
    begin(game)
    assert options(game, "use_skill", skill="Mute")
    pick(game, "use_skill", skill="Hush All")
    assert not options(game, "use_skill")


# ------------------------------------------------------------------ units and cards with a support skill or a keyword skill
def test_allies_with_no_support_skill_or_keyword_skill_and_conditions_on_the_chosen_ally():
    game, mc0, mc1 = duel()
    sorter = add_unit(game, 0, c("Sorter"))
    add_unit(game, 0, c("Helper"))              # a support skill and a [US] skill
    idol = add_unit(game, 0, c("Kiria Kurono, Idol"))   # a support skill and a [CF] skill
    begin(game)
    assert game.attack(sorter) == 30            # the MC and Sorter: 2 allies with no support skill
    add_unit(game, 0, card("Plain", "no support skill"))
    assert game.attack(sorter) == 40
    pick(game, "use_skill", skill="Check")
    assert {o.unit for o in game.legal_options()} == {mc0.id, sorter.id, idol.id, game.players[0].units[-1].id}
    hand = len(game.players[0].hand)
    pick(game, "unit", unit=idol)
    assert game.attack(idol) == 30 and len(game.players[0].hand) == hand + 1
    pick(game, "use_skill", skill="Check")
    pick(game, "unit", unit=mc0)
    assert game.attack(mc0) == 50 + 10 + 20
def test_a_card_with_a_keyword_skill_is_chosen_and_an_ally_with_a_support_skill_triggers():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Lugh"))
    add_cards(game, 0, "retreat", c("Kiria Kurono, Idol"), c("Flier"))   # only Idol has a [CF] skill
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Door")
    assert [o.card for o in game.legal_options()] == [game.players[0].retreat[0].id]
    pick(game, "card", card=c("Kiria Kurono, Idol"))
    settle(game, lambda g: g.decision.kind == "action")
    assert any(u.card is c("Kiria Kurono, Idol") for u in game.players[0].units)
    assert resolved(game, "Growing Heart") == 1 and len(game.players[0].hand) == hand + 1


def test_no_trigger_for_an_ally_without_a_support_skill():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Lugh"))
    plain = card("Plain", "no support skill")
    add_cards(game, 0, "hand", plain)
    add_bonds(game, 0, card("Bond", "b"), card("Bond", "c"))
    begin(game, phase="deployment")
    pick(game, "deploy", card=plain, area="front")
    settle(game, lambda g: g.phase == "action")
    assert resolved(game, "Growing Heart") == 0


def test_counting_allies_with_a_support_skill_and_the_card_supporting_this_unit():
    game, mc0, mc1 = duel()
    raven = add_unit(game, 0, c("Raven"))
    add_unit(game, 0, c("Helper"))
    begin(game)
    assert game.attack(raven) == 30          # one other ally with a support skill (not the MC)
    emblem = add_unit(game, 0, c("Emblem"))
    assert game.attack(raven) == 50
    helper = game.players[0].units[2]
    assert game.attack(helper) == 40 and game.attack(emblem) == 30   # [US]: Helper's "Helping Hand"
    # "the card supporting this unit has a support skill": +10 in the battle.
    add_cards(game, 0, "deck", c("Kiria Kurono, Idol"), top=True)
    pick(game, "attack", unit=raven, target=mc1)
    settle(game, lambda g: any(e.player == 0 for e in events(g, ev.SupportSucceeded)))
    assert game.battle is not None and game.attack(raven) == 60
    settle(game, lambda g: g.battle is None)
    assert game.attack(raven) == 50


# ------------------------------------------------------------------ a skill that loses [Once per Turn]
def test_a_skill_that_loses_once_per_turn_may_be_used_again_while_the_condition_holds():
    game, mc0, mc1 = duel()
    sigurd = add_unit(game, 0, c("Sigurd"))
    begin(game)
    pick(game, "use_skill", skill="Tyrfing")
    assert not options(game, "use_skill", skill="Tyrfing")      # once per turn
    game, mc0, mc1 = duel()
    sigurd = add_unit(game, 0, c("Sigurd"))
    add_bonds(game, 0, card("Bond", "b"), card("Bond", "c"))
    begin(game)
    for _ in range(3):
        pick(game, "use_skill", skill="Tyrfing")
    assert game.attack(sigurd) == 60


# ------------------------------------------------------------------ skills and characteristics of another card
def test_a_unit_acquires_the_skills_printed_on_a_card_until_the_end_of_the_turn():
    game, mc0, mc1 = duel()
    corrin = add_unit(game, 0, c("Corrin"))
    add_cards(game, 0, "boundless", c("Flier"))
    begin(game)
    pick(game, "use_skill", skill="Future")
    pick(game, "card", card=c("Flier"))
    assert game.players[0].retreat[-1].card is c("Flier")
    assert game.attack(corrin) == 50                          # its CONT "Mighty"
    pick(game, "use_skill", skill="Rally")                    # its ACT skill, with its cost
    assert corrin.tapped and game.attack(corrin) == 60
    assert [s.name for s in game.skills_of(corrin)] == ["Future", "Mimic", "Early Bird", "Mighty", "Rally"]
    settle(game, lambda g: g.turn == 3)
    assert [s.name for s in game.skills_of(corrin)] == ["Future", "Mimic"] and game.attack(corrin) == 30


def test_acquired_skills_are_the_printed_ones_and_a_once_per_turn_skill_counts_on_each_unit():
    """Engine decision: "What 'acquires all skills of ...' takes" (docs/rules.md)."""
    game, mc0, mc1 = duel()
    corrin = add_unit(game, 0, c("Corrin"))
    helper = add_unit(game, 0, c("Helper"))
    add_unit(game, 0, c("Gagger"))
    begin(game)
    pick(game, "use_skill", skill="Boost", unit=helper)       # Helper's once-per-turn skill, used
    helper_skills = game.skills_of(helper)
    game.add_modifier(M.Modifier(M.LOST_SKILLS, "grant", frozenset({"Watchful"}), M.END_OF_TURN, 0, unit=helper.id))
    pick(game, "use_skill", skill="Mimic")
    pick(game, "unit", unit=helper)
    names = [s.name for s in game.skills_of(corrin)]
    assert "Watchful" in names and "Sword Emblem" not in names   # printed (not as Helper has them now)
    assert [o.unit for o in options(game, "use_skill", skill="Boost")] == [corrin.id]   # Corrin's own count
    pick(game, "use_skill", skill="Boost", unit=corrin)
    assert not options(game, "use_skill", skill="Boost") and game.attack(corrin) == 40
    assert helper_skills


def test_a_unit_acquires_the_weapon_type_and_range_of_other_allies_during_its_turn():
    game, mc0, mc1 = duel()
    morgan = add_unit(game, 0, c("Morgan (Female), Tester"))
    add_unit(game, 0, c("Flier"))
    begin(game)
    assert {"lance", "flier"} <= game.types(morgan) and "sword" in game.types(morgan)   # (the MC: a sword)
    assert game.ranges(morgan) == frozenset({1, 2})
    settle(game, lambda g: g.turn == 3 and g.phase == "action")
    assert "flier" not in game.types(morgan) and game.ranges(morgan) == frozenset({1})


# ------------------------------------------------------------------ English and refusals
def test_skill_control_lines_read_as_the_cards_say():
    text = {s.name: s.text for x in CARDS.values() for s in x.skills}
    assert "If your Main Character is being attacked: Your opponent's Support skills cannot activate." in text["Jam"]
    assert "Your opponent's <Bow> Support cards lose their Support Skills." in text["Vigil"]
    assert "During either player's Beginning Phase: All |AUTO| skills cannot trigger." in text["Forbidden Magic"]
    assert "your opponent cannot use |ACT| skills" in text["Gag"]
    assert "it cannot use skills" in text["Mute"]
    assert "When an ally with a Support Skill is deployed" in text["Growing Heart"]
    assert "Choose 1 card with a [CF] skill from your Retreat Area" in text["Door"]
    assert "If the card supporting this unit has a Support Skill" in text["Serious"]
    assert 'This unit\'s "Tyrfing" loses [Once per Turn].' in text["Transcend"]
    assert "this unit acquires all skills possessed by it" in text["Future"]
    assert 'acquires the weapon, type and range of all non-"Morgan (Female)" allies' in text["Infinite Potential"]
    assert "All enemies lose their Support Skills." in text["Howling Laughter"]


@pytest.mark.parametrize("kind, lines, message", [
    ("act", "your opponent cannot use act skills", "needs a duration"),
    ("cont", "your opponent cannot use act skills until the end of the turn", "takes no duration"),
    ("spec", "all auto skills cannot trigger", "is a CONT skill's line"),
    ("cont", "all auto skills cannot sleep", "'cannot sleep'"),
    ("cont", "your opponent's blu support cards lose their support skills", "unknown quality 'blu'"),
    ("act", "choose 1 enemy\nit cannot use bond skills until the end of the turn", "your opponent cannot use bond"),
    ("cont", "this unit acquires all skills of your main character", "is not supported"),
    ("act", "choose 1 card from your hand\nthis unit acquires the weapon of it until the end of the turn",
     "names units"),
    ("cont", "this unit's \"Nope\" loses once per turn", "names a skill of this card"),
    ("cont", "all allies with a [XX] skill gain +10 attack", "unknown keyword [XX]"),
    ("cont", "if this unit has a [XX] skill\nthis unit gains +10 attack", "unknown keyword [XX]"),
    ("cont", "the [CCS] skills of all allies become usable", "only [LvS N] skills"),
    ("act", "you may pay flip 1 bond: activate this skill again\ndraw 1", "is the skill's last line"),
    ("act", "draw 1\nyou may pay flip 1 bond: repeat this skill again", "'repeat this skill again'"),
    ("cont", "this unit gains +10 attack\nyou may pay flip 1 bond: activate this skill again", "not activated again"),
    ("cont", "if you have an ally with support Y\nthis unit gains +10 attack", "'with support Y'"),
    ("act", "choose 1 enemy\nthe support of this card becomes the support of it until the end of the turn",
     "sets a support skill's card's support"),
])
def test_skill_control_refusals(kind, lines, message):
    assert message in check_errors(one_skill(kind, lines))


@pytest.mark.parametrize("kind, lines, message", [
    ("cont", "all allies' [LvS 2] skills become usable", "'become usable'"),
    ("act", "this skill can be used twice per turn\ndraw 1", "a skill used twice per turn, or again, is not supported"),
    ("act", "draw 1\nyou may flip 1 bond and activate this skill again", "'you may pay flip 1 bond: activate this"),
    ("cont", "while this card is in your retreat area\nthis unit gains +10 attack", "is a 'retreat \"Name\"' skill"),
])
def test_skill_control_phrasings_the_language_does_not_have_are_refused_as_not_supported(kind, lines, message):
    assert message in check_errors(one_skill(kind, lines))


# ------------------------------------------------------------------ support values taken from other things
def _support_of(supporter, setup=None) -> int:
    """Player 0's MC attacks player 1's plain cost-3 ally, supported by ``supporter``:
    the support value its card gave."""
    game, mc0, mc1 = duel()
    target = add_unit(game, 1, card("Target", "cost 3", cost=3, attack=10))
    add_cards(game, 0, "deck", supporter, top=True)
    if setup:
        setup(game, mc0)
    begin(game)
    fight(game, mc0, target)
    return next(e.support for e in events(game, ev.SupportSucceeded) if e.player == 0)


def test_support_equal_to_the_cards_in_the_main_characters_stack_times_10():
    assert _support_of(c("Rebecca")) == 10

    def stack(game, mc0):
        mc0.cards.extend(game.new_copy(card("Lord 0", "under"), 0) for _ in range(2))
        game.invalidate()
    assert _support_of(c("Rebecca"), stack) == 30


def test_support_equal_to_the_support_of_the_revealed_card_an_x_is_0():
    def reveal(support):
        def setup(game, mc0):
            add_cards(game, 1, "deck", card("Filler", "support card"), card("Shown", "s", support=support), top=True)
        return setup
    assert _support_of(c("Matthew"), reveal(30)) == 30
    def reveal_x(game, mc0):
        add_cards(game, 1, "deck", card("Filler", "support card"), c("Guy"), top=True)
    assert _support_of(c("Matthew"), reveal_x) == 0


def test_support_equal_to_the_cost_of_the_opponents_unit_in_combat_times_10():
    assert _support_of(c("Roy")) == 30


def test_an_ally_with_a_support_value_of_x():
    game, mc0, mc1 = duel()
    guy = add_unit(game, 0, c("Guy"))
    begin(game)
    assert game.attack(guy) == 40            # Guy himself: printed support "X"
    game, mc0, mc1 = duel()
    guy = add_unit(game, 1, c("Guy"))
    add_unit(game, 0, c("Guy"))
    begin(game)
    assert game.attack(guy) == 40


# ------------------------------------------------------------------ [LvS N] skills made usable
def test_lvs_skills_of_allies_become_usable_while_the_continuous_skill_is_active():
    import test_18_field_cache as FC
    game, mc0, mc1 = duel()
    tibarn = add_unit(game, 0, c("Tibarn"))
    game.bus.subscribe(ev.Event, FC._check)   # (the remembered field values follow LVS_USABLE)
    begin(game)
    assert game.attack(tibarn) == 30 and not options(game, "use_skill", skill="Swoop")
    mist = add_unit(game, 0, c("Mist"))
    assert game.attack(tibarn) == 50 and not options(game, "use_skill", skill="Swoop")   # ([LvS 3]: not named)
    start = len(game.events)
    fight(game, tibarn, mc1)
    assert resolved(game, "Roar", start) == 1
    assert mist


def test_lvs_skills_of_a_chosen_ally_become_usable_until_the_end_of_the_turn():
    game, mc0, mc1 = duel()
    tibarn = add_unit(game, 0, c("Tibarn"))
    add_unit(game, 0, c("Shinon"))
    begin(game)
    pick(game, "use_skill", skill="Gratitude")
    pick(game, "unit", unit=tibarn)            # (the only bow ally)
    assert game.attack(tibarn) == 60 and options(game, "use_skill", skill="Swoop")
    settle(game, lambda g: g.turn == 3)
    assert game.attack(tibarn) == 30


# ------------------------------------------------------------------ a skill activated again for a cost
def test_a_support_skill_is_activated_again_each_time_its_controller_pays():
    for answers, attack in (((True, True), 80), ((True, False), 70), ((False,), 60)):
        game, mc0, mc1 = duel()
        add_bonds(game, 0, card("Bond", "b"), card("Bond", "c"))
        add_cards(game, 0, "deck", c("Dorcas"), top=True)
        begin(game)
        pick(game, "attack", unit=mc0, target=mc1)
        for yes in answers:
            assert game.decision.kind == "may" and "activated again" in game.decision.prompt
            pick(game, "yes" if yes else "no")
            while game.decision.kind == "choose":   # (which bond to flip)
                game.answer(game.legal_options()[0])
        # Two bonds: asked at most twice (no face-up bond left, no question).
        assert game.decision.kind != "may"
        assert game.attack(mc0) == attack and sum(not b.face_up for b in game.players[0].bonds) == \
            sum(answers)
        settle(game, lambda g: g.battle is None)
        assert resolved(game, "Guardian Grand Axe") == 1   # (one resolution: its lines ran again inside it)


# ------------------------------------------------------------------ skills of the Retreat Area
def _oboro_game(bond_symbol="white"):
    game, mc0, mc1 = duel()
    oboro = add_unit(game, 0, c("Oboro, Seamstress"))
    add_cards(game, 0, "retreat", c("Oboro, Quick-Change Princess"))
    add_bonds(game, 0, card("Bond", "b", symbols=bond_symbol))
    begin(game)
    return game, oboro


def test_a_skill_of_the_retreat_area_triggers_there_and_class_changes_with_its_card():
    game, oboro = _oboro_game()
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Step")
    assert game.decision.kind == "may" and "Glamorous" in game.decision.prompt
    pick(game, "yes")
    top = game.unit(oboro.id)
    assert top.card is c("Oboro, Quick-Change Princess") and top.class_changed and len(top.cards) == 2
    assert not game.players[0].retreat and not game.players[0].bonds[0].face_up
    assert len(game.players[0].hand) == hand + 1      # (the class-change draw)


def test_a_skill_of_the_retreat_area_needs_its_cost_and_its_card_there():
    game, oboro = _oboro_game(bond_symbol="red")     # no white bond: the cost cannot be paid
    pick(game, "use_skill", skill="Step")
    assert game.decision.kind == "action" and game.unit(oboro.id).card is c("Oboro, Seamstress")
    game, oboro = _oboro_game()
    game.players[0].hand.append(game.players[0].retreat.pop())   # the card is in the hand now
    game.invalidate()
    pick(game, "use_skill", skill="Step")
    assert game.decision.kind == "action" and game.unit(oboro.id).card is c("Oboro, Seamstress")

