"""'this card cannot be deployed by skills of non-"Nemesis" cards' (a SPEC card rule, B21-048HN
Nemesis "Millennium Seal": "This card cannot be deployed via the effects of non-"Nemesis" cards'
skills"; docs/skill-language.md, "More deployment rules"): a skill's effect deploys the card only
when the card whose skill it is (a unit's card, or the card in the hand for a hand skill) matches
no card the selector names; a "Nemesis" card's skill deploys it, its own hand skill included, and
it is deployed from the hand as usual."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Nemesis, Sealed King"
  codes TST-942
  cost 3
  symbol brown
  range 1
  attack 80
  support 0
  spec "Millennium Seal"
    this card cannot be deployed by skills of non-"Nemesis" cards
  hand "Mighty King"
    deploy this card

card "Nemesis, Herald"
  codes TST-943
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  hand "Call"
    cost send this card to your retreat area
    choose 1 card from your hand
    deploy it

card "Thales, Summoner"
  codes TST-944
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  act "Call"
    choose 1 card from your hand
    deploy it
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
FILLER = card("Filler", "x", symbols="brown")


def _call(summoner: str):
    """A "Call" of a unit ("Thales"), or from the hand ("Nemesis": a unit would share the unit name)."""
    game, _, _ = duel()
    if summoner.startswith("Nemesis"):
        add_cards(game, 0, "hand", CARDS[summoner])
    else:
        add_unit(game, 0, CARDS[summoner], area="back")
    (sealed,) = add_cards(game, 0, "hand", CARDS["Nemesis, Sealed King"])
    (other,) = add_cards(game, 0, "hand", FILLER)
    begin(game)
    pick(game, "use_skill", skill="Call")
    return game, sealed, other


def test_a_skill_of_a_non_nemesis_card_cannot_deploy_it():
    game, sealed, other = _call("Thales, Summoner")
    assert [o.card for o in options(game, "card")] == [other.id]      # not offered (engine decision 14)
    from fecipher.engine.deployment import skill_deploy_lines
    assert skill_deploy_lines(game, sealed, source=game.players[0].units[0].top) == ()


def test_a_skill_of_a_nemesis_card_deploys_it():
    game, sealed, other = _call("Nemesis, Herald")
    assert sorted(o.card for o in options(game, "card")) == sorted([sealed.id, other.id])
    pick(game, "card", card=sealed)
    if game.decision is not None and game.decision.kind == "area":
        pick(game, "area", area="front")
    assert any(u.top is sealed for u in game.players[0].units)


def test_its_own_hand_skill_deploys_it():
    game, _, _ = duel()
    (sealed,) = add_cards(game, 0, "hand", CARDS["Nemesis, Sealed King"])
    begin(game)
    pick(game, "use_skill", skill="Mighty King")
    if game.decision is not None and game.decision.kind == "area":
        pick(game, "area", area="back")
    assert any(u.top is sealed for u in game.players[0].units)


def test_deployed_from_the_hand_as_usual():
    game, _, _ = duel()
    (sealed,) = add_cards(game, 0, "hand", CARDS["Nemesis, Sealed King"])
    add_bonds(game, 0, FILLER, FILLER, FILLER)
    begin(game, phase="deployment")
    assert options(game, "deploy", card=sealed)


@pytest.mark.parametrize("line, message", [
    ('this card cannot be deployed by skills of non-"Nemesis" allies', "names the cards"),
    ('this card cannot be deployed by skills of 1 non-"Nemesis" card', "names the cards"),
])
def test_near_misses_are_refused(line, message):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace('this card cannot be deployed by skills of non-"Nemesis" cards', line), "x.fe0")
    assert message in str(e.value)


def test_it_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert 'cannot be deployed via the effects of skills of non-"Nemesis" cards' in text
