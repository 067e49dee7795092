"""Triggers on the events the engine publishes (tap, untap, growth, an attack that
fails, evasion, phases, skills used, cards going to an area, draws, reveals, support
failing, orbs destroyed, destroyed by / in, moved by / to, the end of a combat):
compiled from text, checked, rendered and played in games on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_orbs, add_unit, answer_until, begin, card, duel, events, option, \
    options, pick

HEAD = '''
card "Tester, {name}"
  codes TST-{code:03d}
  cost 1
  symbol red
  range 1
  attack {attack}
  support 10
'''

SKILLS = {
    "Bond Caller": '''
  bond "Call"
    when this card is placed in your bond area
    draw 1
''',
    "Bond Watcher": '''
  auto "Watch"
    each time a red card is placed in your bond area
    this unit gains +10 attack until the end of the turn
''',
    "Spring": '''
  auto "Spring"
    each time this unit is untapped
    this unit gains +20 attack until the end of the turn
  auto "Weary"
    when this unit is tapped
    draw 1
''',
    "Sprinter": '''
  act "Dash"
    cost tap this
    this unit gains +10 attack until the end of the turn
  auto "Second Breath"
    when this unit is tapped by a skill
    draw 1
  act "Whirlwind"
    choose 1 tapped ally
    untap it
  auto "Rebound"
    when this unit is untapped by "Whirlwind"
    this unit gains +10 attack until the end of the turn
  auto "Grudge"
    when a card from your hand is sent to your retreat area by your opponent's skill
    draw 2
  act "Purge"
    your opponent sends 1 card from their hand to their retreat area
  act "Toss"
    choose 1 card from your hand
    send it to your retreat area
''',
    "Persistent": '''
  auto "Persist"
    when this unit fails to destroy an enemy
    untap this unit
''',
    "Drillmaster": '''
  auto "Morning Drill"
    at the start of your action phase
    this unit gains +10 attack until the end of the turn
  auto "Bond Prayer"
    at the start of your bond phase
    draw 1
  auto "Muster"
    at the end of your opponent's deployment phase
    this unit gains +30 attack until the end of the turn
''',
    "Observer": '''
  act "Focus"
    this unit gains +10 attack until the end of the turn
  auto "Echo"
    when this unit uses "Focus"
    draw 1
  auto "Noticed"
    when you use a bond skill
    this unit gains +20 attack until the end of the turn
  act "Legend" [LIS]
    once per turn
    draw 1
  auto "Witness"
    when an ally uses a [LIS] skill
    draw 1
''',
    "Sapling": '''
  act "Graft"
    choose 1 "Tester" card from your hand
    put it under this unit
  auto "Sprout"
    when this unit is growthed
    draw 1
''',
    "Scavenger": '''
  act "Requisition"
    choose 1 card from your retreat area
    add it to your hand
  auto "Scavenge"
    when a card from your retreat area is added to your hand
    this unit gains +20 attack until the end of the turn
  auto "Watch Orbs"
    when an orb from your opponent's orbs is destroyed
    draw 1
''',
    "Scholar": '''
  auto "Studious"
    each time your opponent draws a card
    this unit gains +10 attack until the end of the turn
''',
    "Seer": '''
  act "Peek"
    reveal the top card of your opponent's deck
  auto "Omen"
    when a card with cost 3 or more from your opponent's deck is revealed
    draw 1
''',
    "Gloater": '''
  auto "Gloat"
    when your opponent's support fails
    this unit gains +10 attack until the end of the turn
''',
    "Chaser": '''
  auto "Chase"
    when an enemy evades this unit
    draw 1
''',
    "Avenger": '''
  auto "Avenge"
    when another ally is destroyed by an attack of an enemy
    this unit gains +30 attack until the end of the turn
  auto "Mourn"
    when another ally is destroyed by a skill
    draw 1
''',
    "Assassin": '''
  act "Execute"
    choose 1 non-main character enemy
    destroy it
  act "Shove"
    choose 1 ally
    move it
''',
    "Skirmisher": '''
  auto "Fallback"
    when this unit is moved by a skill to the back line
    draw 1
''',
    "Veteran": '''
  auto "Debrief"
    each time another ally finishes a combat
    draw 1
''',
    "Face Watcher": '''
  auto "Watch Face-up"
    each time a red card is placed face-up in your bond area
    this unit gains +10 attack until the end of the turn
  act "Raise"
    put the top card of your deck into your bond area
  act "Bury"
    put the top card of your deck into your bond area face-down
''',
}
CODES = {name: i + 101 for i, name in enumerate(SKILLS)}
PACK = "".join(HEAD.format(name=n, code=CODES[n], attack=30) + body for n, body in SKILLS.items()) + '''
card "Tester, Scholar of Old"
  codes TST-199
  cost 3
  symbol blue
  attack 40
  support 10
'''
CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "triggers.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)
BLUE = card("Filler", "Blue", cost=1, symbols="blue", attack=10, support=10)


def c(title: str):
    return CARDS[f"Tester, {title}"]


def hand(game, p=0):
    return len(game.players[p].hand)


def settle(game):
    """Decline everything (an orb to break: the first) until the battle is over and the
    turn player's Action Phase asks again."""
    for _ in range(100):
        d = game.decision
        if game.over or (game.battle is None and not game.pending_triggers and d.kind == "action"):
            return
        if d.kind == "break_orb":
            game.answer(0)
            continue
        decline = [o for o in d.options if o.kind in ("pass", "no")]
        assert decline, f"no option declines {d}"
        game.answer(decline[0])
    raise AssertionError("settle: too many decisions")


# ------------------------------------------------------------------ bond area
def test_bond_skill_triggers_when_its_card_is_placed_in_the_bond_area():
    game, mc0, mc1 = duel()
    caller = add_cards(game, 0, "hand", c("Bond Caller"))[0]
    begin(game, phase="bond")
    pick(game, "place_bond", card=caller)
    # Placed face-up: its bond skill acts from the Bond Area and draws.
    assert hand(game) == 1 and [e.skill for e in events(game, ev.SkillResolved)] == ["Call"]


def test_unit_triggers_on_a_card_of_a_quality_placed_in_the_bond_area():
    for bond, gain in ((BLUE, 0), (FILLER, 10)):          # (FILLER is red)
        game, mc0, mc1 = duel()
        w = add_unit(game, 0, c("Bond Watcher"))
        put = add_cards(game, 0, "hand", bond)[0]
        begin(game, phase="bond")
        before = game.attack(w)
        pick(game, "place_bond", card=put)
        assert game.attack(w) == before + gain


def test_placed_face_up_in_the_bond_area_is_not_placed_face_down():
    """"When a card is placed face-up in your Bond Area" (B13-085HN): a card placed
    face-down (by a skill) does not trigger it; the plain "placed in" line triggers on both."""
    for skill, gain, plain_gain in (("Raise", 10, 10), ("Bury", 0, 10)):
        game, mc0, mc1 = duel()
        w = add_unit(game, 0, c("Face Watcher"))
        plain = add_unit(game, 0, c("Bond Watcher"))
        add_cards(game, 0, "deck", FILLER, top=True)
        begin(game)
        before, plain_before = game.attack(w), game.attack(plain)
        pick(game, "use_skill", skill=skill)
        while game.decision.kind == "order_skills":     # both watchers triggered: either first
            game.answer(game.decision.options[0])
        assert game.players[0].bonds[-1].face_up == (skill == "Raise")
        assert game.attack(w) == before + gain
        assert game.attack(plain) == plain_before + plain_gain


def test_placed_face_up_is_said_of_the_bond_area_only_and_renders():
    from fecipher.play.cli_cards import describe
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD.format(name="Wrong", code=198, attack=30) + '''
  auto "Wrong"
    each time a red card is placed face-up in your retreat area
    draw 1
''', "x.fe0")
    assert "is said of the bond area only" in str(e.value)
    assert "When a <Red> card is placed face-up in your Bond Area" in describe(c("Face Watcher"))


# ------------------------------------------------------------------ tap / untap
def test_untapped_and_tapped_triggers():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Spring"), tapped=True)
    begin(game, turn=2, phase="beginning")          # the Beginning Phase untaps it
    answer_until(game, lambda g: g.phase == "action")
    assert game.attack(s) == 30 + 20
    n = hand(game)
    pick(game, "attack", unit=s, target=mc1)        # attacking taps it
    assert hand(game) == n + 1


def test_tapped_by_a_skills_cost_not_by_an_attack():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Sprinter"))
    begin(game)
    pick(game, "use_skill", skill="Dash")              # tapped as the cost
    assert s.tapped and hand(game) == 1
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Sprinter"))
    begin(game)
    pick(game, "attack", unit=s, target=mc1)           # tapped by attacking
    settle(game)
    assert hand(game) == 0


def test_untapped_by_a_named_skill():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Sprinter"), tapped=True)
    begin(game, turn=2, phase="beginning")             # untapped by the turn: not by "Whirlwind"
    answer_until(game, lambda g: g.phase == "action")
    assert not s.tapped and game.attack(s) == 30
    pick(game, "use_skill", skill="Dash")
    pick(game, "use_skill", skill="Whirlwind")
    if game.decision.kind == "choose":
        pick(game, "unit", unit=s)
    assert not s.tapped and game.attack(s) == 30 + 10 + 10


def test_card_sent_from_the_hand_by_the_opponents_skill():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Sprinter"))
    add_unit(game, 1, c("Sprinter"))
    add_cards(game, 0, "hand", FILLER)
    add_cards(game, 1, "hand", FILLER, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Purge")             # player 0's skill: player 1's card goes
    if game.decision.kind == "choose":
        assert game.decision.player == 1               # they choose which
        game.answer(0)
    assert hand(game, 1) == 1 + 2                      # one sent, two drawn by "Grudge"
    # Its own skill sending its own card is not the opponent's skill.
    pick(game, "use_skill", skill="Toss")
    if game.decision.kind == "choose":
        game.answer(0)
    assert hand(game, 0) == 0 and game.players[0].retreat


# ------------------------------------------------------------------ an attack that fails
def test_attack_that_fails_to_destroy_untaps():
    game, mc0, mc1 = duel()                          # the enemy MC has 50 attack
    p = add_unit(game, 0, c("Persistent"))
    begin(game)
    pick(game, "attack", unit=p, target=mc1)
    settle(game)
    assert not p.tapped                              # 30 < 50: it failed, untapped again
    assert len(game.players[1].orbs) == 5


def test_attack_that_destroys_does_not_trigger_fails_to_destroy():
    game, mc0, mc1 = duel(mc1=card("Lord", "Weak", attack=10))
    p = add_unit(game, 0, c("Persistent"))
    begin(game)
    pick(game, "attack", unit=p, target=mc1)
    settle(game)
    assert p.tapped and len(game.players[1].orbs) == 4


# ------------------------------------------------------------------ phases
def test_phase_start_and_end_triggers():
    game, mc0, mc1 = duel()
    d = add_unit(game, 0, c("Drillmaster"))
    begin(game, turn=2, phase="beginning")
    answer_until(game, lambda g: g.phase == "bond")
    # "At the start of your Bond Phase" resolved before the bond decision.
    assert game.decision.kind == "bond" and hand(game) == 2      # the turn's draw and the prayer's
    answer_until(game, lambda g: g.phase == "action")
    assert game.attack(d) == 30 + 10
    # The opponent's Deployment Phase ends: +30 until the end of that turn.
    answer_until(game, lambda g: g.turn == 3 and g.phase == "action")
    assert game.attack(d) == 30 + 30
    answer_until(game, lambda g: g.turn == 4 and g.phase == "action")
    assert game.attack(d) == 30 + 10                             # not in its owner's turn


# ------------------------------------------------------------------ skills used
def test_skill_use_triggers_by_name_and_by_kind():
    sage = compile_text('''
card "Sage, Bond Giver"
  codes TST-301
  cost 1
  symbol red
  attack 30
  support 10
  bond "Blessing"
    cost flip 1 bond
    draw 1
''', "sage.fe0")[0]
    game, mc0, mc1 = duel()
    o = add_unit(game, 0, c("Observer"))
    add_bonds(game, 0, sage, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Focus")
    assert hand(game) == 1                            # Echo drew
    pick(game, "use_skill", skill="Blessing")
    if game.decision.kind == "choose":
        pick(game, "card", card=FILLER)
    assert game.attack(o) == 30 + 10 + 20             # Focus, then Noticed
    n = hand(game)
    pick(game, "use_skill", skill="Legend")
    assert hand(game) == n + 2                        # Legend's draw and Witness's ([LIS])


# ------------------------------------------------------------------ growth
def test_growthed_trigger_and_not_on_a_level_up():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Sapling"))
    spare = add_cards(game, 0, "hand", c("Sapling"))[0]
    begin(game)
    pick(game, "use_skill", skill="Graft")
    pick(game, "card", card=spare)
    assert spare in s.cards and hand(game) == 1       # grown, and Sprout drew


# ------------------------------------------------------------------ cards going somewhere, orbs
def test_card_added_to_the_hand_from_the_retreat_area():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Scavenger"))
    back = add_cards(game, 0, "retreat", FILLER)[0]
    begin(game)
    pick(game, "use_skill", skill="Requisition")
    pick(game, "card", card=back)
    assert game.attack(s) == 30 + 20


def test_an_opponents_orb_destroyed_triggers():
    game, mc0, mc1 = duel(mc1=card("Lord", "Weak", attack=10))
    add_unit(game, 0, c("Scavenger"))
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    settle(game)
    assert len(game.players[1].orbs) == 4 and hand(game) == 1


# ------------------------------------------------------------------ draws, reveals, support
def test_opponent_draw_triggers_each_card():
    game, mc0, mc1 = duel()
    s = add_unit(game, 0, c("Scholar"))
    begin(game, turn=3, player=1, phase="beginning")
    answer_until(game, lambda g: g.phase == "bond")
    assert game.attack(s) == 30 + 10                  # the opponent's draw of the turn
    game2, _, _ = duel()
    s2 = add_unit(game2, 0, c("Scholar"))
    begin(game2, turn=2, player=0, phase="beginning")
    answer_until(game2, lambda g: g.phase == "bond")
    assert game2.attack(s2) == 30                     # its owner's draw does not count


def test_reveal_of_a_card_with_a_filter():
    for top, drew in ((FILLER, 0), (c("Scholar of Old"), 1)):
        game, mc0, mc1 = duel()
        add_unit(game, 0, c("Seer"))
        add_cards(game, 1, "deck", top, top=True)
        begin(game)
        pick(game, "use_skill", skill="Peek")
        assert hand(game) == drew


def test_opponents_support_fails():
    game, mc0, mc1 = duel(mc1=card("Lord", "Big", attack=90))
    g = add_unit(game, 0, c("Gloater"))
    add_cards(game, 1, "deck", card("Lord", "Again", attack=10), top=True)   # same unit name: fails
    begin(game)
    pick(game, "attack", unit=g, target=mc1)
    settle(game)
    assert any(isinstance(e, ev.SupportFailed) for e in game.events)
    assert game.attack(g) == 30 + 10


# ------------------------------------------------------------------ evasion
def test_evaded_attack_triggers_the_attacker():
    game, mc0, mc1 = duel()
    ch = add_unit(game, 0, c("Chaser"))
    add_cards(game, 1, "hand", card("Lord 1", "spare", attack=10))
    begin(game)
    pick(game, "attack", unit=ch, target=mc1)
    n = hand(game)
    answer_until(game, lambda g: g.decision.kind == "evasion")
    pick(game, "discard")
    settle(game)
    assert hand(game) == n + 1


# ------------------------------------------------------------------ destroyed by / moved by
def test_destroyed_by_an_enemy_attack_or_by_a_skill():
    game, mc0, mc1 = duel()
    av = add_unit(game, 1, c("Avenger"))
    victim = add_unit(game, 1, FILLER)
    killer = add_unit(game, 0, card("Brute", attack=80))
    begin(game)
    pick(game, "attack", unit=killer, target=victim)
    settle(game)
    assert game.unit(victim.id) is None and game.attack(av) == 30 + 30
    assert hand(game, 1) == 0
    # Destroyed by a skill: the other trigger.
    game, mc0, mc1 = duel()
    av = add_unit(game, 1, c("Avenger"))
    victim = add_unit(game, 1, FILLER)
    add_unit(game, 0, c("Assassin"))
    begin(game)
    pick(game, "use_skill", skill="Execute")
    pick(game, "unit", unit=victim)
    assert hand(game, 1) == 1 and game.attack(av) == 30


def test_moved_by_a_skill_to_a_line():
    game, mc0, mc1 = duel()
    sk = add_unit(game, 0, c("Skirmisher"))
    add_unit(game, 0, c("Assassin"))
    begin(game)
    pick(game, "use_skill", skill="Shove")
    pick(game, "unit", unit=sk)
    assert sk.area == "back" and hand(game) == 1
    pick(game, "use_skill", skill="Shove")
    pick(game, "unit", unit=sk)                        # to the front line: no draw
    assert sk.area == "front" and hand(game) == 1
    pick(game, "move", unit=sk)                        # not by a skill: no draw
    assert sk.area == "back" and hand(game) == 1


# ------------------------------------------------------------------ the end of a combat
def test_combat_end_for_any_ally_attacking_or_attacked():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Veteran"))
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    settle(game)
    assert hand(game) == 1
    game, mc0, mc1 = duel()
    add_unit(game, 1, c("Veteran"))
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    settle(game)
    assert [e.skill for e in events(game, ev.SkillResolved)] == ["Debrief"]    # its ally was attacked


# ------------------------------------------------------------------ checking and rendering
@pytest.mark.parametrize("line, message", [
    ("when this unit is deployed by your skill", "not supported here"),
    ("at the end of your end phase", "not supported"),
    ("when this unit fails to beat an enemy", "fails to destroy"),
    ("when you drew a card", "you draw a card"),
    ("when this card is sent to your retreat area", "bond skill"),
    ("when a card is placed in your field", "not supported"),
    ("when an orb from your hand is destroyed", "from the orbs"),
    ("when this unit uses a bond skill", "a unit uses action skills only"),
    ("when this card is revealed", "hand skill only"),
])
def test_checker_refuses_what_is_not_supported(line, message):
    text = HEAD.format(name="Bad", code=900, attack=30) + f'''
  auto "Bad"
    {line}
    draw 1
'''
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)


def test_describe_reads_like_card_text():
    from fecipher.dsl import render
    from fecipher.dsl.parse import parse_pack
    node = parse_pack(PACK, "triggers.fe0")
    texts = {s.name: render.skill(s) for cd in node.cards for s in cd.skills}
    assert "When this card is placed in your Bond Area: Draw 1 card." in texts["Call"]
    assert "When this unit's attack fails to destroy an enemy" in texts["Persist"]
    assert "At the end of your opponent's Deployment Phase" in texts["Muster"]
    assert 'When this unit uses "Focus"' in texts["Echo"]
    assert "When an ally uses a [LIS]" in texts["Witness"]
    assert "When you use a |BOND| skill" in texts["Noticed"]
    assert "When a card from your Retreat Area is added to your hand" in texts["Scavenge"]
    assert "When one of your opponent's Orbs is destroyed" in texts["Watch Orbs"]
    assert "When this unit's attack is evaded by an enemy" in texts["Chase"]
    assert "When another ally is destroyed by an attack of an enemy" in texts["Avenge"]
    assert "When this unit is moved by a skill's cost or effect to the Back Line" in texts["Fallback"]
    assert "When a combat another ally took part in ends" in texts["Debrief"]


COMPLETIST = '''
card "Tester, Completist"
  codes TST-150
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Study"
    draw 1
  auto "Bookish"
    when you draw a card by your skill
    this unit gains +10 attack until the end of the turn
  auto "Busy"
    when this unit uses an act skill
    this unit gains +10 attack until the end of the turn
  auto "Any"
    when this unit uses a skill
    this unit gains +10 attack until the end of the turn
  hand "Palm"
    draw 1
  auto "Handy"
    when you use a hand skill
    this unit gains +10 attack until the end of the turn
  act "Strike"
    choose 1 non-main character enemy
    destroy it
  auto "Bounty"
    when an enemy is destroyed by "Strike"
    this unit gains +10 attack until the end of the turn
  auto "Brawl"
    when an enemy is destroyed in battle
    this unit gains +10 attack until the end of the turn
'''


def test_draws_by_your_skill_skill_kinds_and_a_named_destroying_skill():
    comp = compile_text(COMPLETIST, "completist.fe0")[0]
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, comp)
    palm = add_cards(game, 0, "hand", comp)[0]
    foe = add_unit(game, 1, FILLER)
    foe2 = add_unit(game, 1, FILLER)
    begin(game)

    def resolved(since):
        while game.decision.kind == "order_skills":     # several triggered: any order
            game.answer(0)
        return sorted(e.skill for e in events(game, ev.SkillResolved, since=since))
    n = len(game.events)
    pick(game, "use_skill", skill="Study")
    assert resolved(n) == ["Any", "Bookish", "Busy", "Study"]
    n = len(game.events)
    pick(game, "use_skill", card=palm)
    assert resolved(n) == ["Bookish", "Handy", "Palm"]     # a hand skill: not this unit's
    n = len(game.events)
    pick(game, "use_skill", skill="Strike")
    pick(game, "unit", unit=foe)
    assert game.unit(foe.id) is None
    assert resolved(n) == ["Any", "Bounty", "Busy", "Strike"]
    n = len(game.events)
    pick(game, "attack", unit=mc0, target=foe2)
    settle(game)
    assert game.unit(foe2.id) is None and resolved(n) == ["Brawl"]
    # The turn's own draw is not by a skill.
    n = len(game.events)
    answer_until(game, lambda g: g.turn == 4 and g.phase == "bond")
    assert "Bookish" not in resolved(n)
