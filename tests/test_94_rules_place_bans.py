"""Rules about cards entering a player's Orb Area or Bond Area (docs/skill-language.md,
"Rules about a player's orbs and bonds"): "Your opponent is unable to add any cards to their
Orbs" (B16-094R, a CONT skill's line) and "Until the end of your opponent's next turn, your
opponent cannot place cards from their hand into the Bond Area by a skill's effect" (B12-100HN,
an effect with a duration). The player named owns the area; no skill's effect puts a card
there (the card stays where it is, "if you do" is false); `from their hand` only stops cards
from that area; `by skills` leaves the Bond Phase alone, and without it the Bond Phase is
stopped too.
"""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, answer_until, begin, duel, options, pick

PACK = '''
card "Ares, Sealer"
  codes TST-941
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Seal"
    your opponent cannot add cards to their orbs

card "Shade, Cruel"
  codes TST-942
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Cruel"
    your opponent cannot place cards from their hand into their bond area by skills until the end of your opponent's next turn
  act "Harsh"
    your opponent cannot place cards into their bond area until the end of your opponent's next turn

card "Foe, Hoarder"
  codes TST-943
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Hoard"
    put the top card of your deck into your orbs
    if you do: draw 1
  act "Bind"
    choose 1 card from your hand
    put it into your bond area
    if you do: draw 1
  act "Dig"
    put the top card of your deck into your bond area

card "Foe, Plain"
  codes TST-944
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
'''

CARDS = {c.unit_name + "/" + c.title: c for c in compile_text(PACK, "place_bans.fe0")}
ARES, SHADE, HOARDER, PLAIN = (CARDS["Ares/Sealer"], CARDS["Shade/Cruel"], CARDS["Foe/Hoarder"],
                               CARDS["Foe/Plain"])


def _turn(game, n):
    answer_until(game, lambda g: g.turn == n and g.decision is not None and g.decision.kind == "action")


def test_no_card_enters_the_opponents_orbs_while_the_cont_skill_is_active():
    game, _, _ = duel()
    ares = add_unit(game, 0, ARES)
    add_unit(game, 1, HOARDER)
    begin(game, turn=4, player=1)
    orbs, hand = len(game.players[1].orbs), len(game.players[1].hand)
    pick(game, "use_skill", skill="Hoard")
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(game.players[1].orbs) == orbs        # the top card stays on the deck
    assert len(game.players[1].hand) == hand        # and "if you do" is false: no draw
    game.remove_unit(ares, "retreat")               # the skill is no longer active
    _turn(game, 6)
    pick(game, "use_skill", skill="Hoard")
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(game.players[1].orbs) == orbs + 1


def test_the_rule_is_about_the_opponents_orbs_only():
    game, _, _ = duel()
    add_unit(game, 0, ARES)
    add_unit(game, 0, HOARDER)
    begin(game, turn=3, player=0)
    orbs = len(game.players[0].orbs)
    pick(game, "use_skill", skill="Hoard")
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(game.players[0].orbs) == orbs + 1


def test_cards_from_the_hand_by_skills_until_the_end_of_the_opponents_next_turn():
    game, _, _ = duel()
    add_unit(game, 0, SHADE)
    add_unit(game, 1, HOARDER)
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Cruel")
    _turn(game, 4)
    p = game.players[1]
    bonds, hand = len(p.bonds), list(p.hand)
    pick(game, "use_skill", skill="Bind")
    if game.decision.kind == "choose":
        pick(game, "card", card=p.hand[0])
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(p.bonds) == bonds and p.hand == hand            # the card stays; no draw ("if you do")
    pick(game, "use_skill", skill="Dig")                       # from the deck: not forbidden
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(p.bonds) == bonds + 1
    _turn(game, 6)                                             # ended with turn 4
    hand = len(p.hand)
    pick(game, "use_skill", skill="Bind")
    if game.decision.kind == "choose":
        pick(game, "card", card=p.hand[0])
    answer_until(game, lambda g: g.decision.kind == "action")
    assert len(p.bonds) == bonds + 2 and len(p.hand) == hand


def test_by_skills_leaves_the_bond_phase_alone_and_without_it_the_bond_phase_stops_too():
    for skill, placed in (("Cruel", True), ("Harsh", False)):
        game, _, _ = duel()
        add_unit(game, 0, SHADE)
        begin(game, turn=3, player=0)
        pick(game, "use_skill", skill=skill)
        answer_until(game, lambda g: g.turn == 4 and g.decision.kind == "bond")
        assert bool([o for o in game.legal_options() if o.kind == "place_bond"]) is placed


@pytest.mark.parametrize("line, message", [
    ("your opponent cannot add cards to their hand", "supported for the orbs and the bond area"),
    ("your opponent cannot add cards to your orbs", "the area is the player's own"),
    ("your opponent cannot draw cards to their orbs", "which cards they cannot add, place, put or send there"),
    ("your opponent cannot add 2 cards to their orbs", "say which cards without a count"),
    ("your opponent cannot add cards to their orbs until the end of the turn", "takes no duration"),
])
def test_the_checker_refuses_near_misses(line, message):
    text = PACK.replace("your opponent cannot add cards to their orbs", line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)


def test_an_effect_needs_a_duration():
    text = PACK.replace(" until the end of your opponent's next turn\n  act \"Harsh\"", "\n  act \"Harsh\"")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "needs a duration" in str(e.value)


def test_it_renders_as_the_card_text():
    from fecipher.play.cli_cards import describe
    assert "Your opponent cannot add cards to their Orbs." in describe(ARES)
    text = describe(SHADE)
    assert ("Until the end of your opponent's next turn, your opponent cannot place cards from their hand into "
            "their Bond Area by a skill's effect." in text), text


# ---------------------------------------------------------------- "enemy skills cannot send ..."
ENEMY = '''
card "Mirabilis, Dust"
  codes TST-951
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Rainbow Dust"
    if you have 5 or fewer cards in your hand
    enemy skills cannot send cards from your hand to your retreat area
  act "Shed"
    choose 1 card from your hand
    send it to your retreat area

card "Pillager, Test"
  codes TST-952
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Pillage"
    your opponent sends 1 card from their hand to their retreat area
  act "Purge"
    your opponent keeps 1 card from their hand and sends the rest to their retreat area
  act "Snatch"
    choose 1 card from your opponent's hand without looking
    send it to your opponent's retreat area
'''
ECARDS = {c.unit_name: c for c in compile_text(ENEMY, "enemy_sends.fe0")}


def _enemy_board(hand: int):
    game, _, _ = duel()
    add_unit(game, 0, ECARDS["Mirabilis"])
    add_unit(game, 1, ECARDS["Pillager"])
    add_cards(game, 0, "hand", *[PLAIN] * hand)
    begin(game, turn=4, player=1)
    return game


@pytest.mark.parametrize("skill", ["Pillage", "Purge", "Snatch"])
def test_enemy_skills_cannot_send_cards_from_your_hand(skill):
    game = _enemy_board(3)
    pick(game, "use_skill", skill=skill)
    for _ in range(5):
        if game.decision.kind == "action":
            break
        game.answer(game.legal_options()[0])
    assert len(game.players[0].hand) == 3 and game.players[0].retreat == []


def test_only_while_the_condition_holds():
    game = _enemy_board(6)
    pick(game, "use_skill", skill="Pillage")
    pick(game, "card", card=game.players[0].hand[0])
    assert len(game.players[0].hand) == 5 and len(game.players[0].retreat) == 1


def test_your_own_skills_still_send_them():
    game, _, _ = duel()
    add_unit(game, 0, ECARDS["Mirabilis"])
    add_cards(game, 0, "hand", PLAIN, PLAIN)
    begin(game, turn=3, player=0)
    pick(game, "use_skill", skill="Shed")
    pick(game, "card", card=game.players[0].hand[0])
    assert len(game.players[0].hand) == 1 and len(game.players[0].retreat) == 1


@pytest.mark.parametrize("line, message", [
    ("enemy skills cannot send cards to your retreat area", "say which area the cards leave"),
    ("your opponent cannot send cards from their hand to their retreat area", "'enemy skills cannot send cards"),
])
def test_the_checker_refuses_near_misses_of_enemy_skills(line, message):
    text = ENEMY.replace("enemy skills cannot send cards from your hand to your retreat area", line)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)
