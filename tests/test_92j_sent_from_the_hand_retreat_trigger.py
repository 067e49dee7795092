"""A Retreat Area skill triggered by its own card's arrival from the hand: 'when this card is sent
from your hand to your retreat area by an enemy's skill or your opponent's support skill'
(B12-048HN Sephiran "Saint of the Battlefield", B05-096HN, B05-099HN; 'by your opponent's skill',
B04-066HN; docs/skill-language.md, "Skills of the Retreat Area"). The card is in the Retreat Area
when the trigger is looked for, so the skill is one of the Retreat Area; the cause is the skill
carrying out its effect when the card moved (engine resolution.acting): the player's own skill,
or a move from elsewhere (the deck), does not trigger it."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Tester, Saint"
  codes TST-989
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  retreat "Saint"
    when this card is sent from your hand to your retreat area by an enemy's skill or your opponent's support skill
    draw 1

card "Tester, Pillager"
  codes TST-990
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Pillage"
    your opponent sends 1 card from their hand to their retreat area
  act "Toss"
    cost send 1 card from your hand to your retreat area
    draw 1
  act "Mill"
    send the top card of your opponent's deck to your opponent's retreat area
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _setup(owner_acts: bool):
    game, mc0, mc1 = duel()
    saint = add_cards(game, 0, "hand", CARDS["Tester, Saint"])[0]
    game.players[0].hand[:] = [saint]
    actor = 0 if owner_acts else 1
    u = add_unit(game, actor, CARDS["Tester, Pillager"])
    begin(game, player=actor)
    return game, saint, u


def test_sent_by_the_opponents_skill_it_triggers_from_the_retreat_area():
    game, saint, u = _setup(owner_acts=False)
    since = len(game.events)
    pick(game, "use_skill", skill="Pillage")
    if game.decision.kind != "action":
        pick(game, "card", card=saint.id)
    assert saint in game.players[0].retreat
    assert [e.skill for e in events(game, ev.SkillTriggered, since=since)] == ["Saint"]
    assert len(game.players[0].hand) == 1                   # drew 1


def test_not_by_the_owners_own_skill_nor_from_the_deck():
    game, saint, u = _setup(owner_acts=True)
    since = len(game.events)
    pick(game, "use_skill", skill="Toss")                   # its owner's own cost
    if game.decision.kind != "action":
        pick(game, "card", card=saint.id)
    assert saint in game.players[0].retreat
    assert not events(game, ev.SkillTriggered, since=since)
    game2, mc0, mc1 = duel()
    s2 = add_cards(game2, 0, "deck", CARDS["Tester, Saint"], top=True)[0]
    add_unit(game2, 1, CARDS["Tester, Pillager"])
    begin(game2, player=1)
    since = len(game2.events)
    pick(game2, "use_skill", skill="Mill")                  # the opponent's skill, from the deck: not "from your hand"
    assert s2 in game2.players[0].retreat
    assert not events(game2, ev.SkillTriggered, since=since)


def test_renders_and_refuses():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "When this card is sent from your hand to your Retreat Area as a result of an enemy's skill" in text
    with pytest.raises(LanguageError, match="bond skill's"):
        compile_text(PACK.replace('retreat "Saint"', 'hand "Saint"'), "bad.fe0")
    with pytest.raises(LanguageError, match="going to your retreat area"):
        compile_text(PACK.replace("from your hand to your retreat area by", "from your hand to your bond area by"),
                     "bad.fe0")
    with pytest.raises(LanguageError, match="sent from"):
        compile_text(PACK.replace("sent from your hand to", "sent from the field to"), "bad.fe0")
