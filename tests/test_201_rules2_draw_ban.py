"""Rules about a player's draws (docs/skill-language.md, "Rules about a player's draws"):
"your opponent cannot draw cards", a CONT skill's line under a condition on the hand
("if your opponent has 4 or more cards in their hand", B17-065SR), or an effect with a
duration. The engine asks the rule before each card of every draw (engine decision 55), so
a condition on the hand caps a draw of several cards; the events, "if you do" and "for each
card drawn by this skill" follow the cards actually drawn."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import FILLER, add_cards, add_unit, answer_until, begin, duel, pick

PACK = '''
card "Soren, Capper"
  codes RLS-001
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  cont "Cap"
    if your opponent has 4 or more cards in their hand
    your opponent cannot draw cards

card "Ilyana, Drawer"
  codes RLS-002
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Three"
    draw 3
  act "Maybe"
    draw 1
    if you do: this unit gains +10 attack until the end of the turn
  act "Count"
    draw 2
    this unit gains +10 attack for each card drawn by this skill until the end of the turn
  act "Until"
    draw until you have 6 cards in your hand

card "Mordecai, Binder"
  codes RLS-003
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Bind"
    your opponent cannot draw cards until the end of your opponent's next turn
  act "Self"
    you cannot draw cards until the end of the turn
  act "Three"
    draw 3
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "draw_bans.fe0")}
CAPPER, DRAWER, BINDER = CARDS["Soren"], CARDS["Ilyana"], CARDS["Mordecai"]


def _board(hand: int, turn: int = 4):
    """Player 0 has the Capper; player 1 (the turn player) the Drawer and ``hand`` cards."""
    game, _, _ = duel(deck=20)
    add_unit(game, 0, CAPPER)
    drawer = add_unit(game, 1, DRAWER)
    add_cards(game, 1, "hand", *[FILLER] * hand)
    begin(game, turn=turn, player=1)
    return game, drawer


def _use(game, skill):
    pick(game, "use_skill", skill=skill)
    answer_until(game, lambda g: g.decision.kind == "action")


def _drew(game, since, player=1):
    return [e for e in game.events[since:] if type(e) is ev.Drew and e.player == player]


def test_a_draw_of_three_with_two_cards_in_the_hand_stops_at_four():
    game, _ = _board(2)
    since = len(game.events)
    _use(game, "Three")
    assert len(game.players[1].hand) == 4 and len(_drew(game, since)) == 2


def test_no_card_is_drawn_with_four_or_more_and_if_you_do_is_false():
    game, drawer = _board(4)
    deck, since, attack = len(game.players[1].deck), len(game.events), game.attack(drawer)
    _use(game, "Maybe")
    assert len(game.players[1].hand) == 4 and len(game.players[1].deck) == deck
    assert _drew(game, since) == [] and game.attack(drawer) == attack


def test_counts_of_what_was_drawn_follow_the_cap():
    game, drawer = _board(3)
    attack = game.attack(drawer)
    _use(game, "Count")            # 1 of 2 drawn
    assert len(game.players[1].hand) == 4 and game.attack(drawer) == attack + 10
    game2, _ = _board(1)
    _use(game2, "Until")           # "until 6": stops at 4
    assert len(game2.players[1].hand) == 4


def test_the_beginning_phase_draw_is_stopped_too_and_the_rule_is_about_the_opponent_only():
    game, _ = _board(4, turn=3)    # player 1's turn 3 ... then player 0's turn 4
    game.players[0].hand.clear()
    add_cards(game, 0, "hand", *[FILLER] * 5)
    answer_until(game, lambda g: g.turn == 5 and g.decision is not None and g.decision.kind == "bond")
    assert len(game.players[1].hand) == 4                 # turn 5's draw refused
    assert len(game.players[0].hand) == 6                 # turn 4: player 0 drew (5 cards, not capped)


def test_without_the_skill_on_the_field_the_draw_is_whole():
    game, _, _ = duel(deck=20)
    add_unit(game, 1, DRAWER)
    add_cards(game, 1, "hand", *[FILLER] * 4)
    begin(game, turn=4, player=1)
    _use(game, "Three")
    assert len(game.players[1].hand) == 7


def test_a_timed_rule_lasts_until_the_end_of_the_opponents_next_turn():
    game, _, _ = duel(deck=20)
    add_unit(game, 0, BINDER)
    add_unit(game, 1, DRAWER)
    begin(game, turn=3, player=0)
    _use(game, "Bind")
    _use(game, "Three")                                   # the rule is about the opponent: player 0 draws
    assert len(game.players[0].hand) == 3
    answer_until(game, lambda g: g.turn == 4 and g.decision is not None and g.decision.kind == "action")
    hand = len(game.players[1].hand)
    assert hand == 0                                      # no Beginning Phase draw
    _use(game, "Three")
    assert len(game.players[1].hand) == 0
    answer_until(game, lambda g: g.turn == 6 and g.decision is not None and g.decision.kind == "action")
    assert len(game.players[1].hand) == 1                 # the rule ended with turn 4


def test_you_cannot_draw_cards_until_the_end_of_the_turn():
    game, _, _ = duel(deck=20)
    add_unit(game, 0, BINDER)
    begin(game, turn=3, player=0)
    _use(game, "Self")
    _use(game, "Three")
    assert len(game.players[0].hand) == 0


@pytest.mark.parametrize("line, message", [
    ("your opponent cannot draw red cards", "supported as '<player> cannot draw cards'"),
    ("your opponent cannot draw cards from their deck", "supported as '<player> cannot draw cards'"),
    ("your opponent cannot draw cards by skills", "supported as '<player> cannot draw cards'"),
    ("your opponent cannot draw cards until the end of the turn", "takes no duration"),
    ("your opponent cannot take cards", "cannot deploy or that they cannot draw"),
])
def test_near_misses_are_refused(line, message):
    text = f'''
card "Bad, Rule"
  codes RLS-009
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  cont "Bad"
    {line}
'''
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)
    assert "expected" not in str(e.value).lower()


def test_an_act_rule_without_a_duration_is_refused():
    text = PACK.replace("your opponent cannot draw cards until the end of your opponent's next turn",
                        "your opponent cannot draw cards")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert "needs a duration" in str(e.value)


def test_no_skill_caps_the_set_up_draws_and_the_rule_holds_once_the_game_starts():
    """The Capper as player 0's Main Character: face-down during the set-up (rule 13),
    so player 1's first hand and redraw are 6 cards; once both are face-up, player 1
    (with 6 cards) draws nothing in their Beginning Phase."""
    from fecipher.engine.decisions import NO, YES
    from fecipher.engine.game import Game
    from vanilla import deck
    game = Game(deck(CAPPER), deck(DRAWER), seed=3, first_player=0)
    assert game.decision.kind == "mulligan"
    assert len(game.players[1].hand) == 6
    game.answer(next(i for i, o in enumerate(game.decision.options) if o.kind == NO))      # player 0 keeps
    game.answer(next(i for i, o in enumerate(game.decision.options) if o.kind == YES))     # player 1 redraws
    assert len(game.players[1].hand) == 6
    answer_until(game, lambda g: g.turn == 2 and g.decision is not None and g.decision.kind == "bond")
    assert len(game.players[1].hand) == 6


def test_a_class_change_draws_no_card_with_four_in_the_hand():
    """The class change's draw (rule 5) is a draw like any: refused, the class change is done."""
    from vanilla import add_bonds, card
    lord = card("Ike", "lord", cost=1, attack=40, symbols="green")
    hero = card("Ike", "hero", cost=4, cc=3, attack=70, symbols="green")
    green = card("Bond", "green", symbols="green")
    game, _, _ = duel(deck=20)
    add_unit(game, 0, CAPPER)
    ike = add_unit(game, 1, lord)
    add_bonds(game, 1, *[green] * 3)
    copies = add_cards(game, 1, "hand", hero, *[FILLER] * 4)
    begin(game, turn=4, player=1, phase="deployment")
    since = len(game.events)
    pick(game, "class_change", card=copies[0], unit=ike)
    assert ike.class_changed and game.attack(ike) == 70
    assert len(game.players[1].hand) == 4 and _drew(game, since) == []
    game2, _, _ = duel(deck=20)                       # with 3 cards left after it: the draw is made
    add_unit(game2, 0, CAPPER)
    ike2 = add_unit(game2, 1, lord)
    add_bonds(game2, 1, *[green] * 3)
    copies2 = add_cards(game2, 1, "hand", hero, *[FILLER] * 3)
    begin(game2, turn=4, player=1, phase="deployment")
    pick(game2, "class_change", card=copies2[0], unit=ike2)
    assert len(game2.players[1].hand) == 4
