"""Deployment triggers with a line or a source area: "When another ally is deployed in the Front
Line" (B18-093N), "When this unit is deployed in the Front Line" (B18-094R), "Each time another
ally is deployed from your Bond Area" (B19-070SR). The line is the Deployed event's; the area the
card came from is Game.deployed_from, set by the deployment before the event is published."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, duel, pick

PACK = '''
card "Gerik, Probe Front"
  codes TST-931
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Front Watch"
    when another ally is deployed in the front line
    this unit gains +10 attack until the end of the turn

card "Erin, Probe Bond"
  codes TST-932
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Bond Watch"
    each time another ally is deployed from your bond area
    draw 1
  act "Call"
    choose 1 card from your bond area
    deploy it
  act "Recall"
    choose 1 card from your retreat area
    deploy it

card "Rook, Probe Recruit"
  codes TST-933
  cost 1
  symbol red
  range 1
  attack 20
  support 10

card "Tam, Probe Recruit"
  codes TST-934
  cost 1
  symbol red
  range 1
  attack 20
  support 10

card "Ula, Probe Recruit"
  codes TST-935
  cost 1
  symbol red
  range 1
  attack 20
  support 10

card "Vik, Probe Recruit"
  codes TST-936
  cost 1
  symbol red
  range 1
  attack 20
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "deployed_where.fe0")}


def _board(with_gerik=True):
    game, _, _ = duel()
    gerik = add_unit(game, 0, CARDS["Gerik"], area="back") if with_gerik else None
    erin = add_unit(game, 0, CARDS["Erin"], area="back")
    add_cards(game, 0, "hand", CARDS["Rook"], CARDS["Tam"])
    add_bonds(game, 0, CARDS["Vik"], CARDS["Vik"])
    add_cards(game, 0, "retreat", CARDS["Ula"])
    begin(game, player=0, turn=2, phase="deployment")
    return game, gerik, erin


def test_deployed_in_the_front_line_triggers_and_the_back_line_does_not():
    game, gerik, _ = _board()
    hand = game.players[0].hand
    pick(game, "deploy", card=hand[0], area="back")
    assert game.attack(gerik) == 30
    pick(game, "deploy", card=hand[0], area="front")
    assert game.attack(gerik) == 40


def test_deployed_from_the_bond_area_triggers_and_from_the_hand_or_retreat_does_not():
    game, _, erin = _board(with_gerik=False)
    p = game.players[0]
    pick(game, "deploy", card=p.hand[0], area="front")
    assert len(p.hand) == 1                          # (the other Rook): no draw
    pick(game, "pass")
    pick(game, "use_skill", skill="Recall")
    pick(game, "card", card=p.retreat[0])
    if game.decision.kind == "area":
        pick(game, "area", area="front")
    assert len(p.hand) == 1                          # from the Retreat Area: no draw
    pick(game, "use_skill", skill="Call")
    pick(game, "card", card=p.bonds[0].copy)
    if game.decision.kind == "area":
        pick(game, "area", area="front")
    assert len(p.hand) == 2                          # from the Bond Area: draw 1
    assert game.deployed_from == "bonds"


@pytest.mark.parametrize("line, message", [
    ("each time another ally is deployed from your support area", "names an area of one player"),
    ("each time another ally is deployed from each player's bond area", "names an area of one player"),
    ("each time another ally is deployed from your opponent's bond area", "from its own player's areas"),
])
def test_refused_near_misses(line, message):
    src = PACK.replace("each time another ally is deployed from your bond area", line)
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)


def test_rendered_as_the_card_text_reads():
    assert CARDS["Gerik"].skills[0].triggers[0].text == "when another ally is deployed in the Front Line"
    assert CARDS["Erin"].skills[0].triggers[0].text == "when another ally is deployed from your Bond Area"
