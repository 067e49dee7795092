"""'it' / 'them' in the lines right after a choice name that choice when an earlier choice of
the skill took the same kind of thing (so that 'the chosen card' cannot say which): "Choose 1 card with the same Unit Name as your Main Character from your
Retreat Area, and add it to your hand. Choose 1 non-"Natasha" card from your Retreat Area, and
place it on top of your Deck" (B11-018HN). Each line between the last choice and the 'it' must
name it too; a choice under "if ...:" (which may not run) is not followed this way; an 'it'
further away, or after choices of different kinds (say 'the chosen card'), stays refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Natasha, Probe"
  codes TST-973
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Light"
    choose 1 card with the same unit name as your main character from your retreat area
    add it to your hand
    choose 1 non-"Natasha" card from your retreat area
    put it on top of your deck
'''


def errors(body: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + body, "it.fe0")
    return str(e.value)


def test_it_right_after_each_of_two_card_choices_is_accepted():
    compile_text(HEAD + SKILL, "ok.fe0")
    # several lines in a row naming the last choice
    compile_text(HEAD + '''  act "Two"
    choose 1 enemy
    tap it
    choose 1 other enemy
    move it
    it loses 10 attack until the end of the turn
''', "ok2.fe0")


@pytest.mark.parametrize("body", [
    # a line not naming the last choice comes between it and 'it'
    '  act "A"\n    choose 1 card from your retreat area\n    add it to your hand\n'
    '    choose 1 card from your retreat area\n    draw 1\n    put it on top of your deck\n',
    # the last choice is under "if ...:" and may not have run: 'it' could be the earlier card
    '  act "A"\n    choose 1 card from your retreat area\n    add it to your hand\n'
    '    if you have 3 or more cards in your hand: choose 1 card from your retreat area\n'
    '    put it on top of your deck\n',
    # choices of different kinds: 'the chosen card' says which
    '  act "A"\n    choose 1 other ally\n    choose 1 card from your retreat area\n    add it to your hand\n',
])
def test_it_not_right_after_the_last_choice_stays_ambiguous(body):
    assert "'it' / 'them' is ambiguous here" in errors(body)
    assert "in the lines right after it" in errors(body)


CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_in_a_game_each_it_is_the_card_its_choice_took():
    natasha = CARDS["Natasha"]
    lord = card("Lord 0", "main character", attack=50)
    game, mc0, mc1 = duel(lord)
    add_unit(game, 0, natasha)
    same = card("Lord 0", "cost 2", cost=2)
    other = card("Bram", cost=2)
    nat = card("Natasha", "cost 2", cost=2)
    added = add_cards(game, 0, "retreat", same, other, nat)
    begin(game)
    pick(game, "use_skill", skill="Light")
    # the first choice offers only the Main Character's unit name
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {added[0].id}
    pick(game, "card", card=same)
    assert added[0].id in [c.id for c in game.players[0].hand]
    # the second: no "Natasha", and what is left of the retreat area
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {added[1].id}
    pick(game, "card", card=other)
    assert game.players[0].deck[0].id == added[1].id
    assert [c.id for c in game.players[0].retreat] == [added[2].id]
