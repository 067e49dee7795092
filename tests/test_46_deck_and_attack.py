"""Attack rules (range, "can only attack", indestructibility) and the deck as a working
area (top N cards, the rest, the bottom, draw until / draw for each), compiled from text
and played in games. Test cards are written inline; boards are built with tests/vanilla.py.
"""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.battle import attack_refusal, legal_attacks

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, option, options, pick, refusal

PACK = '''
card "Tester, Longbow"
  codes TST-101
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Long Reach"
    if this unit is in the front line
    this unit can attack enemies in the back line regardless of range

card "Tester, Hawkeye"
  codes TST-102
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Take Aim"
    cost flip 1 bond
    this unit can attack flier enemies regardless of range until the end of the turn

card "Tester, Assassin"
  codes TST-103
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Mark"
    this unit can only attack your opponent's main character

card "Tester, Staff Adept"
  codes TST-104
  cost 1
  symbol red
  range none
  attack 20
  support 10
  cont "Any Range"
    this unit can attack regardless of range

card "Tester, Bulwark"
  codes TST-105
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Bulwark"
    this unit cannot be destroyed by attacks from enemies with cost 2 or less

card "Tester, Warded"
  codes TST-106
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Ward"
    this unit cannot be destroyed by enemy skills
  act "Hold Fast"
    this unit cannot be destroyed in battle until the end of your opponent's next turn

card "Tester, Executioner"
  codes TST-107
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  act "Execute"
    choose 1 enemy
    destroy it
'''

DECK_PACK = '''
card "Seer, Oracle"
  codes TST-201
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Scry"
    reveal the top 4 cards of your deck
    choose up to 1 "Seer" card among them
    add it to your hand
    put the rest on top of your deck in any order
  act "Sift"
    reveal the top 3 cards of your deck
    choose any number of flier cards among them
    deploy them
    send the rest to your retreat area
  act "Bank"
    reveal the top 2 cards of your opponent's deck
    choose 1 card among them
    put it into your opponent's bond area
    put the rest on the bottom of your opponent's deck
  act "Kin"
    reveal the top 3 cards of your deck
    this unit gains +20 attack for each "Seer" card among them until the end of the turn
    if you have a card with cost 4 or more among them: draw 1
    send the revealed cards to your retreat area
  act "Count"
    reveal the top 3 cards of your deck
    draw 1 for each card with cost 3 or more among them
    put the revealed cards on the bottom of your deck in any order

card "Seer, Miller"
  codes TST-202
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Mill"
    send the top 3 cards of your opponent's deck to your opponent's retreat area
  act "Refill"
    draw until you have 5 cards in your hand
  act "Bury"
    choose 1 card from your retreat area
    put it on the bottom of your deck
  act "Call"
    choose 1 flier card with cost 2 or less from your hand
    deploy it as tapped to the back line
'''

CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK + DECK_PACK, "deck_and_attack.fe0")}


def c(title: str, unit: str = "Tester"):
    return CARDS[f"{unit}, {title}"]


GEM = card("Seer", "gem", cost=1, attack=10)
BIRD = card("Bird", cost=1, attack=20, types=("flier",))
BIG = card("Big", cost=4, attack=70)


def _attacks(game, attacker):
    """The targets the action options offer to ``attacker``, checked against attack_refusal."""
    targets = {o.target for o in options(game, "attack", unit=attacker)}
    for u in game.players[1 - attacker.owner].units:
        assert (attack_refusal(game, attacker, u) is None) == (u.id in targets), u.card.name
    return targets


# ---------------------------------------------------------------- range and attack rules
def test_regardless_of_range_reaches_the_back_line_under_its_condition():
    game, mc0, mc1 = duel()
    bow = add_unit(game, 0, c("Longbow"))
    back = add_unit(game, 1, card("Rear", attack=10), area="back")
    begin(game)
    assert _attacks(game, bow) == {mc1.id, back.id}
    # In the back line the condition fails: range 1 from the back line reaches nothing.
    game2, _, mc1b = duel()
    bow2 = add_unit(game2, 0, c("Longbow"), area="back")
    add_unit(game2, 1, card("Rear", attack=10), area="back")
    begin(game2)
    assert _attacks(game2, bow2) == set()
    assert "range" in attack_refusal(game2, bow2, mc1b)


def test_regardless_of_range_until_the_end_of_the_turn_only_for_the_named_enemies():
    game, mc0, mc1 = duel()
    hawk = add_unit(game, 0, c("Hawkeye"))
    add_bonds(game, 0, card("Bond"))
    flier = add_unit(game, 1, card("Pegasus", types=("flier",), attack=10), area="back")
    walker = add_unit(game, 1, card("Walker", attack=10), area="back")
    begin(game)
    assert _attacks(game, hawk) == {mc1.id}
    pick(game, "use_skill", skill="Take Aim")
    assert _attacks(game, hawk) == {mc1.id, flier.id}
    assert "range" in attack_refusal(game, hawk, walker)
    pick(game, "attack", unit=hawk, target=flier)
    assert game.battle is not None or any(isinstance(e, ev.AttackDeclared) for e in game.events)


def test_a_unit_with_no_range_attacks_regardless_of_range():
    game, mc0, mc1 = duel()
    adept = add_unit(game, 0, c("Staff Adept"), area="back")
    plain = add_unit(game, 0, card("Cleric", ranges=(), attack=10))
    begin(game)
    assert _attacks(game, adept) == {mc1.id}
    assert _attacks(game, plain) == set()
    assert "no range" in attack_refusal(game, plain, mc1)


def test_can_only_attack_the_main_character():
    game, mc0, mc1 = duel()
    sin = add_unit(game, 0, c("Assassin"))
    other = add_unit(game, 1, card("Guard", attack=10))
    begin(game)
    assert _attacks(game, sin) == {mc1.id}
    assert "cannot attack" in attack_refusal(game, sin, other)


def test_cannot_be_destroyed_by_attacks_from_cheap_enemies():
    game, mc0, mc1 = duel()
    cheap = add_unit(game, 0, card("Cheap", cost=2, attack=60))
    dear = add_unit(game, 0, card("Dear", cost=3, attack=60))
    wall = add_unit(game, 1, c("Bulwark"))
    begin(game)
    pick(game, "attack", unit=cheap, target=wall)
    _finish_battle(game)
    assert game.unit(wall.id) is wall
    pick(game, "attack", unit=dear, target=wall)
    _finish_battle(game)
    assert game.unit(wall.id) is None


def test_cannot_be_destroyed_by_enemy_skills_nor_in_battle_for_the_turn():
    game, mc0, mc1 = duel()
    ex = add_unit(game, 0, c("Executioner"))
    warded = add_unit(game, 1, c("Warded"))
    plain = add_unit(game, 1, card("Plain", attack=10))
    begin(game)
    pick(game, "use_skill", skill="Execute")
    # "choose 1 enemy; destroy it" does not offer it (engine decision 14)
    assert {o.unit for o in options(game, "unit")} == {mc1.id, plain.id}
    assert not game.can_be_destroyed(warded, by_player=0, in_battle=False)
    pick(game, "unit", unit=plain)
    assert game.unit(warded.id) is warded and game.unit(plain.id) is None
    # Its own controller's skills still can (only enemy skills are named).
    game2, m0, m1 = duel()
    warded2 = add_unit(game2, 0, c("Warded"))
    ex2 = add_unit(game2, 0, c("Executioner"))
    begin(game2)
    pick(game2, "use_skill", skill="Execute")
    assert not options(game2, "unit", unit=warded2)   # "choose 1 enemy": an ally is not offered
    # "cannot be destroyed in battle until the end of your opponent's next turn"
    game3, m0, m1 = duel()
    warded3 = add_unit(game3, 1, c("Warded"))
    att = add_unit(game3, 0, card("Striker", attack=60))
    begin(game3, turn=3, player=1)
    pick(game3, "use_skill", skill="Hold Fast")
    game3.answer(option(game3, "pass"))   # end player 1's action phase
    _to_next_action(game3)
    pick(game3, "attack", unit=att, target=warded3)
    _finish_battle(game3)
    assert game3.unit(warded3.id) is not None
    assert any(isinstance(e, ev.BattleJudged) and e.attacker_wins for e in game3.events)


def _finish_battle(game):
    for _ in range(50):
        d = game.decision
        if d is None or d.kind == "action":
            return
        decline = [o for o in d.options if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("battle did not end")


def _to_next_action(game):
    for _ in range(100):
        d = game.decision
        if d.kind == "action" and d.player == game.turn_player and game.turn_player == 0:
            return
        decline = [o for o in d.options if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("no action phase")


# ---------------------------------------------------------------- the top of the deck
def test_reveal_the_top_n_choose_among_them_and_put_the_rest_back_in_a_chosen_order():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oracle", "Seer"))
    gem, f1, f2, f3 = add_cards(game, 0, "deck", GEM, card("A"), card("B"), card("C"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Scry")
    revealed = [e for e in game.events if isinstance(e, ev.Revealed)][-1]
    assert revealed.cards == (gem.id, f1.id, f2.id, f3.id)
    assert {o.card for o in options(game, "card")} == {gem.id}   # the filter: a "Seer" card
    pick(game, "card", card=gem)
    # The rest go back on top: the controller orders them (the last placed is the top card).
    pick(game, "card", card=f2)
    pick(game, "card", card=f1)
    p = game.players[0]
    assert gem in p.hand
    assert p.deck[:3] == [f3, f1, f2] and len(p.deck) == 13


def test_up_to_may_choose_none_and_the_rest_is_every_revealed_card():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oracle", "Seer"))
    tops = add_cards(game, 0, "deck", GEM, card("A"), card("B"), card("C"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Scry")
    pick(game, "pass")                       # choose none
    for x in (tops[0], tops[1], tops[2]):
        pick(game, "card", card=x)
    assert game.players[0].deck[:4] == [tops[3], tops[2], tops[1], tops[0]]


def test_any_number_among_them_deployed_and_the_rest_to_the_retreat_area():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oracle", "Seer"))
    b1, plain, b2 = add_cards(game, 0, "deck", BIRD, card("A"), card("Bird", "two", types=("flier",)), top=True)
    begin(game)
    pick(game, "use_skill", skill="Sift")
    assert {o.card for o in options(game, "card")} == {b1.id, b2.id}
    pick(game, "card", card=b1)
    pick(game, "pass")                       # "any number": one is enough
    pick(game, "area", area="back")
    p = game.players[0]
    assert any(u.cards[0] is b1 for u in p.back)
    assert plain in p.retreat and b2 in p.retreat and b1 not in p.retreat


def test_top_n_of_a_short_deck_takes_what_there_is_then_rule_7_refills_it():
    game, mc0, mc1 = duel(deck=0)
    add_unit(game, 0, c("Oracle", "Seer"))
    a, b = add_cards(game, 0, "deck", card("A"), card("B"))
    old = add_cards(game, 0, "retreat", card("Old"))
    begin(game)
    pick(game, "use_skill", skill="Sift")
    revealed = [e for e in game.events if isinstance(e, ev.Revealed)][-1]
    assert revealed.cards == (a.id, b.id)    # 2 of "the top 3": the Retreat Area is not shuffled in
    # no flier among them: nothing to choose; the rest go to the Retreat Area, the deck
    # empties and rule 7 shuffles the Retreat Area into it at once.
    p = game.players[0]
    assert sorted(x.id for x in p.deck) == sorted([a.id, b.id, old[0].id]) and not p.retreat
    assert any(isinstance(e, ev.Reshuffled) for e in game.events)


def test_send_the_top_n_of_the_opponents_deck_to_its_retreat_area():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Miller", "Seer"))
    tops = list(game.players[1].deck[:3])
    begin(game)
    pick(game, "use_skill", skill="Mill")
    assert game.players[1].retreat == tops and len(game.players[1].deck) == 7
    assert len(game.players[0].deck) == 10


def test_draw_until_you_have_n_cards_in_your_hand():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Miller", "Seer"))
    add_cards(game, 0, "hand", card("A"), card("B"))
    begin(game)
    pick(game, "use_skill", skill="Refill")
    assert len(game.players[0].hand) == 5 and len(game.players[0].deck) == 7
    pick(game, "use_skill", skill="Refill")   # already 5: draws nothing
    assert len(game.players[0].hand) == 5 and len(game.players[0].deck) == 7


def test_draw_for_each_revealed_card_then_the_revealed_go_to_the_bottom_in_a_chosen_order():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oracle", "Seer"))
    big, small, big2 = add_cards(game, 0, "deck", BIG, card("A"), card("Big", "two", cost=3), top=True)
    begin(game)
    pick(game, "use_skill", skill="Count")
    p = game.players[0]
    # two of the three have cost 3 or more: 2 cards drawn -- the top two, which were
    # revealed; the one left goes to the bottom.
    assert p.hand == [big, small] and big2 is p.deck[-1]


def test_among_the_opponents_revealed_cards_one_to_their_bond_area_the_other_to_the_bottom():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oracle", "Seer"))
    a, b = add_cards(game, 1, "deck", card("A"), card("B"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Bank")
    pick(game, "card", card=b)
    p1 = game.players[1]
    assert [x.copy for x in p1.bonds] == [b] and p1.bonds[0].face_up
    assert p1.deck[-1] is a and len(p1.deck) == 11


def test_counts_and_conditions_on_the_revealed_cards():
    game, mc0, mc1 = duel()
    oracle = add_unit(game, 0, c("Oracle", "Seer"))
    tops = add_cards(game, 0, "deck", GEM, card("Seer", "other"), card("A"), top=True)
    begin(game)
    before = game.attack(oracle)
    pick(game, "use_skill", skill="Kin")
    p = game.players[0]
    assert game.attack(oracle) == before + 40       # two "Seer" cards among the three
    assert len(p.hand) == 0                          # none has cost 4 or more: no draw
    assert p.retreat == tops
    game2, _, _ = duel()
    add_unit(game2, 0, c("Oracle", "Seer"))
    add_cards(game2, 0, "deck", BIG, card("A"), card("B"), top=True)
    begin(game2)
    pick(game2, "use_skill", skill="Kin")
    assert len(game2.players[0].hand) == 1


def test_a_card_put_on_the_bottom_of_the_deck():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Miller", "Seer"))
    old = add_cards(game, 0, "retreat", card("Old"))
    begin(game)
    pick(game, "use_skill", skill="Bury")
    pick(game, "card", card=old[0])
    assert game.players[0].deck[-1] is old[0] and not game.players[0].retreat


@pytest.mark.parametrize("line, message", [
    ("send the rest to your retreat area", "reveal or look at them first"),
    ("choose 1 card among them", "reveal or look at them first"),
    ("draw", "takes a number"),
    ("put the top 2 cards of your deck on the bottom of your hand", "names a deck"),
])
def test_deck_constructs_refused_by_the_checker(line, message):
    text = DECK_PACK.split("  act \"Scry\"")[0] + '  act "Bad"\n    ' + line + "\n"
    with pytest.raises(LanguageError, match=message):
        compile_text(text)


# ---------------------------------------------------------------- deployment
def test_deploy_to_a_named_line_asks_no_line():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Miller", "Seer"))
    bird = add_cards(game, 0, "hand", BIRD)[0]
    begin(game)
    pick(game, "use_skill", skill="Call")
    pick(game, "card", card=bird)
    assert game.decision.kind == "action"          # no "which line?" question
    u = next(u for u in game.players[0].back if u.cards[0] is bird)
    assert u.tapped
    d = [e for e in game.events if isinstance(e, ev.Deployed)][-1]
    assert d.area == "back" and d.by_skill


@pytest.mark.parametrize("line", ["this unit cannot be deployed"])
def test_deployment_restrictions_are_refused_as_not_supported_yet(line):
    text = DECK_PACK.split("  act \"Scry\"")[0] + '  cont "Bad"\n    ' + line + "\n"
    with pytest.raises(LanguageError, match="not supported yet"):
        compile_text(text)


# ---------------------------------------------------------------- describe
@pytest.mark.parametrize("unit, title, skill, text", [
    ("Tester", "Longbow", "Long Reach", "If this unit is in the Front Line: This unit can attack enemies in the "
                                        "Back Line regardless of range."),
    ("Tester", "Hawkeye", "Take Aim", "Until the end of the turn, this unit can attack <Flier> enemies "
                                      "regardless of range."),
    ("Tester", "Staff Adept", "Any Range", "This unit can attack enemies regardless of range."),
    ("Tester", "Assassin", "Mark", "This unit can only attack your opponent's Main Character."),
    ("Tester", "Bulwark", "Bulwark", "This unit cannot be destroyed by attacks from enemies with a Deployment "
                                     "Cost of 2 or lower."),
    ("Tester", "Warded", "Ward", "This unit cannot be destroyed by the cost or effect of enemy skills."),
    ("Seer", "Oracle", "Scry", "Reveal the top 4 cards of your Deck. Choose up to 1 \"Seer\" card among the "
                               "revealed cards. Add it to your hand. Put the remaining revealed cards on top of "
                               "your Deck in any order."),
    ("Seer", "Oracle", "Count", "Reveal the top 3 cards of your Deck. Draw 1 card for each card with a Deployment "
                                "Cost of 3 or higher among the revealed cards. Put the revealed cards on "
                                "the bottom of your Deck in any order."),
    ("Seer", "Miller", "Refill", "Draw cards until you have 5 cards in your hand."),
    ("Seer", "Miller", "Mill", "Send the top 3 cards of your opponent's Deck to your opponent's Retreat Area."),
    ("Seer", "Miller", "Call", "Choose 1 <Flier> card with a Deployment Cost of 2 or lower from your hand. "
                               "Deploy it tapped in the Back Line."),
])
def test_describe_renders_the_new_constructs(unit, title, skill, text):
    sk = next(s for s in c(title, unit).skills if s.name == skill)
    assert sk.text.endswith(text), sk.text


# ---------------------------------------------------------------- the AI
def test_the_ai_plays_games_with_these_cards():
    from fecipher.engine.game import Game
    from fecipher.play.agents import play
    from fecipher.play.ai import make_agent
    from vanilla import deck
    others = [x for name, x in CARDS.items() if "Executioner" not in name for _ in range(3)]
    revealed = 0
    for seed in range(2):
        g = Game(deck(card("Lord", attack=50), others, name="rules"),
                 deck(card("Lady", attack=50, ranges=(1, 2)), others, name="rules"), seed=seed, max_turns=30)
        play(g, [make_agent("heuristic", 2 * seed), make_agent("heuristic", 2 * seed + 1)])
        assert g.over
        revealed += sum(isinstance(e, ev.Revealed) for e in g.events)
    assert revealed > 0


BAN_PACK = '''
card "Warden, Jailer"
  codes TST-301
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Iron Gate"
    if this unit is in the front line
    your opponent cannot deploy cards with cost 3 or more
  act "Lockdown"
    cost flip 1 bond
    your opponent cannot deploy flier cards into their back line until the end of your opponent's next turn
  act "Summon"
    choose 1 card from your hand
    deploy it
'''
BAN = {c.title: c for c in compile_text(BAN_PACK, "bans.fe0")}


def _deploy_targets(game, copy):
    return {o.area for o in options(game, "deploy", card=copy)}


def test_a_cont_rule_forbids_the_opponent_deploying_matching_cards_while_it_holds():
    from fecipher.engine.deployment import deploy_refusal
    game, mc0, mc1 = duel()
    jailer = add_unit(game, 0, BAN["Jailer"])
    add_bonds(game, 1, *[card("Bond")] * 5)
    big, small = add_cards(game, 1, "hand", card("Big", cost=3), card("Small", cost=2))
    begin(game, turn=3, player=1, phase="deployment")
    assert _deploy_targets(game, big) == set()
    assert _deploy_targets(game, small) == {"front", "back"}
    assert "Iron Gate" in deploy_refusal(game, 1, big, "front")
    # The condition fails: the rule does not hold.
    game2, m0, m1 = duel()
    add_unit(game2, 0, BAN["Jailer"], area="back")
    add_bonds(game2, 1, *[card("Bond")] * 5)
    big2 = add_cards(game2, 1, "hand", card("Big", cost=3))[0]
    begin(game2, turn=3, player=1, phase="deployment")
    assert _deploy_targets(game2, big2) == {"front", "back"}
    # The skill's own controller is not bound by it.
    game3, m0, m1 = duel()
    add_unit(game3, 0, BAN["Jailer"])
    add_bonds(game3, 0, *[card("Bond")] * 5)
    big3 = add_cards(game3, 0, "hand", card("Big", cost=3))[0]
    begin(game3, turn=3, player=0, phase="deployment")
    assert _deploy_targets(game3, big3) == {"front", "back"}


def test_a_timed_rule_forbids_a_line_until_it_ends_and_binds_skills_too():
    game, mc0, mc1 = duel()
    add_unit(game, 0, BAN["Jailer"], area="back")
    add_bonds(game, 0, card("Bond"))
    summoner = add_unit(game, 1, BAN["Jailer"], area="back")
    add_bonds(game, 1, *[card("Bond")] * 5)
    bird, bird2 = add_cards(game, 1, "hand", BIRD, card("Kite", types=("flier",)))
    begin(game, turn=2, player=0)
    pick(game, "use_skill", skill="Lockdown")
    pick(game, "pass")                                   # end player 0's turn
    while not (game.decision.player == 1 and game.decision.kind == "deployment"):
        game.answer([o for o in game.legal_options() if o.kind in ("pass", "no")][0])
    assert _deploy_targets(game, bird) == {"front"}
    pick(game, "pass")                                   # to player 1's action phase
    pick(game, "use_skill", skill="Summon")
    pick(game, "card", card=bird2)
    # only the front line is allowed: no line is asked
    assert any(u.cards[0] is bird2 for u in game.players[1].front)


@pytest.mark.parametrize("title, skill, text", [
    ("Jailer", "Iron Gate", "Your opponent cannot deploy cards with a Deployment Cost of 3 or higher."),
    ("Jailer", "Lockdown", "Until the end of your opponent's next turn, your opponent cannot deploy <Flier> cards "
                           "into their Back Line."),
])
def test_describe_renders_deploy_rules(title, skill, text):
    sk = next(s for s in BAN[title].skills if s.name == skill)
    assert sk.text.endswith(text), sk.text


@pytest.mark.parametrize("line, message", [
    ("your opponent cannot deploy 1 card", "without a count"),
    ("your opponent cannot deploy cards from your hand", "what cannot be deployed is cards"),
    ("your opponent cannot summon cards", "cannot summon"),
])
def test_deploy_rules_refused_by_the_checker(line, message):
    text = BAN_PACK.split("  cont \"Iron Gate\"")[0] + '  cont "Bad"\n    ' + line + "\n"
    with pytest.raises(LanguageError, match=message):
        compile_text(text)



STACK_PACK = '''
card "Rook, Stubborn"
  codes TST-401
  cost 1
  class change cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Set in Stone"
    if this unit is tapped
    this unit cannot level up
card "Rook, Grounded"
  codes TST-402
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "No Shortcuts"
    this unit cannot level up by skills and cannot class change
card "Rook, Lifter"
  codes TST-403
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Lift"
    choose 1 "Rook" card from your hand
    put it onto 1 "Rook" ally
'''
STACK = {c.title: c for c in compile_text(STACK_PACK, "stack.fe0")}


def test_cannot_level_up_while_its_condition_holds():
    game, mc0, mc1 = duel()
    rook = add_unit(game, 0, STACK["Stubborn"], tapped=True)
    add_bonds(game, 0, *[card("Bond")] * 4)
    copy = add_cards(game, 0, "hand", card("Rook", "plain", cost=1))[0]
    begin(game, phase="deployment")
    assert not options(game, "level_up", card=copy)
    from fecipher.engine.deployment import level_up_refusal
    assert "cannot level up" in level_up_refusal(game, 0, copy, rook)
    game2, _, _ = duel()
    add_unit(game2, 0, STACK["Stubborn"])          # untapped: the condition fails
    add_bonds(game2, 0, *[card("Bond")] * 4)
    copy2 = add_cards(game2, 0, "hand", card("Rook", "plain", cost=1))[0]
    begin(game2, phase="deployment")
    assert options(game2, "level_up", card=copy2)


def test_cannot_level_up_by_skills_and_cannot_class_change():
    game, mc0, mc1 = duel()
    rook = add_unit(game, 0, STACK["Grounded"])
    add_bonds(game, 0, *[card("Bond")] * 4)
    plain, promoted = add_cards(game, 0, "hand", card("Rook", "plain", cost=1), card("Rook", "hero", cost=3, cc=2))
    begin(game, phase="deployment")
    assert options(game, "level_up", card=plain)           # from the hand: allowed
    assert not options(game, "class_change", card=promoted)
    # By a skill: the card stays in the hand.
    game2, _, _ = duel()
    rook2 = add_unit(game2, 0, STACK["Grounded"])
    add_unit(game2, 0, STACK["Lifter"])
    plain2 = add_cards(game2, 0, "hand", card("Rook", "plain", cost=1))[0]
    begin(game2)
    pick(game2, "use_skill", skill="Lift")
    # The only "Rook" ally cannot level up by a skill: the card is not offered (engine decision 14).
    assert not options(game2, "card", card=plain2) and game2.decision.kind == "action"
    assert plain2 in game2.players[0].hand and len(rook2.cards) == 1


@pytest.mark.parametrize("title, skill, text", [
    ("Stubborn", "Set in Stone", "If this unit is tapped: This unit cannot level up."),
    ("Grounded", "No Shortcuts", "This unit cannot level up by a skill's effect, and cannot class change."),
])
def test_describe_renders_level_up_rules(title, skill, text):
    sk = next(s for s in STACK[title].skills if s.name == skill)
    assert sk.text.endswith(text), sk.text
