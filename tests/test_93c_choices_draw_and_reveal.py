"""`draw 1 and reveal it`: the card drawn is revealed in the hand (both players see it) and later
lines call it `it` or `the revealed card`: "Draw 1 card and reveal it. If the revealed card is not
<White>, choose 1 card from your hand and send it to the Retreat Area" (B06-094HN). 'draw 1' alone
still keeps nothing to name; 'draw 2 and reveal it', 'draw 1 and tap it' and 'and reveal it' after
another verb are refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, pick

HEAD = '''
card "Arete, Probe"
  codes TST-975
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Memories"
    cost tap this
    draw 1 and reveal it
    if the revealed card is not white: send 1 card from your hand to your retreat area
'''


def errors(body: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + body, "draw_reveal.fe0")
    return str(e.value)


def test_compiles_and_reads():
    c = compile_text(HEAD + SKILL, "ok.fe0")[0]
    assert "[Tap this unit] Draw 1 card and reveal it. If the revealed card is not <White>, send" in c.skills[0].text


@pytest.mark.parametrize("body, message", [
    ('  act "A"\n    draw 2 and reveal it\n', "reveals the one card drawn"),
    ('  act "A"\n    draw 1 and tap it\n', "follows only 'draw 1'"),
    ('  act "A"\n    draw 1\n    reveal it\n', "no line before this one does"),
    ('  act "A"\n    choose 1 card from your hand\n    send 1 and reveal it\n', "follows only 'draw 1'"),
])
def test_refused(body, message):
    assert message in errors(body)


CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def _board(top):
    game, mc0, mc1 = duel()
    add_unit(game, 0, CARDS["Arete"])
    held = add_cards(game, 0, "hand", card("Kept"))
    drawn = add_cards(game, 0, "deck", top, top=True)
    begin(game)
    return game, held[0], drawn[0]


def test_a_card_drawn_that_is_not_white_is_revealed_and_a_card_of_the_hand_sent():
    game, held, drawn = _board(card("Redd", symbols="red"))
    since = len(game.events)
    pick(game, "use_skill", skill="Memories")
    shown = events(game, ev.Revealed, since=since)
    assert shown and drawn.id in shown[0].cards
    assert drawn.id in [c.id for c in game.players[0].hand]
    pick(game, "card", card=held.card)
    assert [c.id for c in game.players[0].retreat] == [held.id]


def test_a_white_card_drawn_sends_nothing():
    game, held, drawn = _board(card("Whit", symbols="white"))
    pick(game, "use_skill", skill="Memories")
    assert {c.id for c in game.players[0].hand} == {held.id, drawn.id}
    assert not game.players[0].retreat
