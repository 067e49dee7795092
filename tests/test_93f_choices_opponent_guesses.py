"""The opponent guesses about a card the skill chose: `your opponent guesses whether its cost is
odd or even` / `... whether its unit name is "X"`, then `if the guess is wrong: ...` (B22-111HN,
B11-020SR). The guess is the opponent's decision (design rule 1); right or wrong is asked of the
card as it is when the condition is asked. dsl/guess.py."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Gerik, Probe"
  codes TST-980
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

PARITY = '''  act "Gamble"
    choose 1 card with cost 1 or more from your hand
    your opponent guesses whether its cost is odd or even
    reveal it
    if the guess is wrong: draw 3
'''

NAME = '''  act "Wager"
    choose 1 card from your hand
    put it on top of your deck
    your opponent guesses whether its unit name is "Gerik"
    reveal it
    if the guess is right: draw 1
'''

CARD = compile_text(HEAD + PARITY + NAME, "game.fe0")[0]


def test_reads():
    text = " ".join(s.text for s in CARD.skills)
    assert "Your opponent guesses whether its Deployment Cost is odd or even" in text, text
    assert "If your opponent's guess is wrong: Draw 3 cards" in text or "if your opponent's guess is wrong" \
        in text.lower(), text
    assert "whether its Unit Name is \"Gerik\"" in text


@pytest.mark.parametrize("skill, words", [
    ('''  act "X"
    your opponent guesses whether its cost is odd or even
''', "choose 1 card first"),
    ('''  act "X"
    choose 1 enemy
    your opponent guesses whether its cost is odd or even
''', "not a unit"),
    ('''  act "X"
    draw 1
    if the guess is wrong: draw 1
''', "asks about a guess made before it"),
    ('''  act "X"
    choose 1 card from your hand
    your opponent guesses whether its unit name is "Nobody At All"
''', "unknown unit name"),
])
def test_refused_near_misses(skill, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD.replace("TST-980", "TST-981") + skill, "bad.fe0")
    assert words in str(e.value)


def _board():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARD)
    add_unit(game, 1, card("Enem"))
    hand = add_cards(game, 0, "hand", card("Odd", cost=3), card("Even", cost=2), card("Gerik", "other", cost=2))
    begin(game)
    return game, hand


@pytest.mark.parametrize("answer, drew", [("odd", 0), ("even", 3)])
def test_parity_guess_asked_of_the_opponent_wrong_guess_draws(answer, drew):
    game, hand = _board()
    before = len(game.players[0].hand)
    pick(game, "use_skill", skill="Gamble")
    pick(game, "card", card=hand[0].card)                  # cost 3: odd
    assert game.decision.player == 1                        # the opponent guesses
    labels = sorted(o.label for o in game.legal_options())
    assert labels == ["even", "odd"]
    pick(game, player=1, kind="effect", target=0 if answer == "odd" else 1)
    assert len(game.players[0].hand) == before + drew


@pytest.mark.parametrize("guess_yes, drew", [(True, 1), (False, 0)])
def test_name_guess_about_the_card_put_on_the_deck(guess_yes, drew):
    game, hand = _board()
    pick(game, "use_skill", skill="Wager")
    pick(game, "card", card=hand[2].card)                  # a "Gerik"
    assert game.decision.player == 1
    pick(game, player=1, kind="effect", target=0 if guess_yes else 1)
    hand_now = len(game.players[0].hand)
    assert hand_now == 2 + drew
