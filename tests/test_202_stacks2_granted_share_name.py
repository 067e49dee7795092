"""A SPEC skill a unit acquires that lifts rule 5's unit names: `granted spec "Name"` with
`this card can share its unit name with allies`, given by a CONT `all "Anankos" allies acquire
"Name"` (B07-097SR Anankos "Endless Illusory Nightmare": "If this unit is Leveled Up, all allied
"Anankos" acquire the following skill: |SPEC| You may deploy this unit even if you already have an
allied "Anankos", and you may have 2 or more allied "Anankos"."). While the units of a name on
the field have the skill, another card of that name is deployed (from the hand, or by a skill);
when they lose it, rule 5 holds again. Other card rules in a granted SPEC skill are refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.decisions import Option

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick, refusal

PACK = '''
card "Anankos, Dreamer"
  codes TST-221
  cost 3
  symbol white
  range 1
  attack 30
  support 10
  auto "Nightmare"
    when you level up into this
    choose any number of "Anankos" cards from your retreat area
    deploy them
  cont "Nightmare"
    if this unit is levelled up
    all "Anankos" allies acquire "Nightmare"
  granted spec "Nightmare"
    this card can share its unit name with allies
'''
DREAMER = compile_text(PACK, "t.fe0")[0]
LOW = card("Anankos", "low", cost=1, symbols="white")
WBOND = card("W", "bond", symbols="white")


def _board(*stack, hand=(), retreat=(), bonds=6):
    game, _, _ = duel()
    unit = add_unit(game, 0, *stack, area="back")
    add_bonds(game, 0, *[WBOND] * bonds)
    add_cards(game, 0, "hand", *hand)
    add_cards(game, 0, "retreat", *retreat)
    begin(game, phase="deployment")
    return game, unit


def test_a_levelled_up_unit_with_the_skill_lets_another_of_its_name_be_deployed():
    game, unit = _board(DREAMER, LOW, hand=[LOW])
    low = game.players[0].hand[0]
    assert options(game, "deploy", card=low.id)
    pick(game, "deploy", card=low.id, area="front")
    assert [u.name for u in game.players[0].units].count("Anankos") == 2
    new = next(u for u in game.players[0].units if u.top is low)
    assert any(s.name == "Nightmare" and s.kind.name == "SPECIAL" and "share_name" in s.rules
               for s in game.skills_of(new))          # the new "Anankos" acquired it too


def test_not_levelled_up_rule_5_holds():
    game, unit = _board(DREAMER, hand=[LOW])
    low = game.players[0].hand[0]
    assert not options(game, "deploy", card=low.id)
    assert "rule 5" in refusal(game, Option("deploy", card=low.id, area="front"))


def test_the_level_up_deploys_any_number_from_the_retreat_area():
    game, unit = _board(LOW, hand=[DREAMER], retreat=[LOW, LOW])
    pick(game, "level_up", unit=unit.id, card=game.players[0].hand[0].id)
    for _ in range(2):
        pick(game, "card", card=next(o.card for o in options(game, "card")))
    while game.decision.kind != "deployment":
        game.answer(game.decision.options[0])
    assert [u.name for u in game.players[0].units].count("Anankos") == 3
    assert not game.players[0].retreat


def test_a_plain_unit_of_the_name_shares_nothing():
    # (the SPEC is acquired from a levelled-up Dreamer: with none on the field, rule 5 holds)
    game, unit = _board(LOW, hand=[LOW])
    assert not options(game, "deploy", card=game.players[0].hand[0].id)


@pytest.mark.parametrize("line", [
    "this card can have any number of copies in a deck",
    "this card can only be deployed if you have 5 or more cards in your retreat area",
])
def test_other_card_rules_in_a_granted_spec_are_refused(line):
    with pytest.raises(LanguageError) as err:
        compile_text(PACK.replace("this card can share its unit name with allies", line), "t.fe0")
    assert "not supported" in str(err.value)


def test_describe():
    game, unit = _board(DREAMER, LOW)
    text = next(s.text for s in game.skills_of(unit) if s.kind.name == "SPECIAL")
    assert "even if you have an ally with its unit name" in text
