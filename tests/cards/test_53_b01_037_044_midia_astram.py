"""Midia B01-037N and Astram B01-044N: "Twin Blades of Love", "Dragonpike", "Wyrmslayer"."""
import pytest

from fecipher.engine import events as ev
from helpers import C, add_unit, begin, board, declare, events, fight, finish, foe, no, yes
from helpers_more_a import triggered

MIDIA, ASTRAM = "B01-037N", "B01-044N"
#: (card, its partner's card, the partner's unit name)
LOVERS = [pytest.param(code, partner, marks=pytest.mark.card(code), id=code)
          for code, partner in ((MIDIA, ASTRAM), (ASTRAM, MIDIA))]


def _lovers_board(code, partner, *, partner_tapped=False, partner_enemy=False, partner_area="back"):
    g, m0, m1 = board(None, foe("Lord 1", attack=90))
    lover = add_unit(g, 0, C(code))
    mate = add_unit(g, 1 if partner_enemy else 0, C(partner), area=partner_area, tapped=partner_tapped)
    begin(g)
    return g, lover, mate, m1


@pytest.mark.parametrize("code,partner", LOVERS)
def test_twin_blades_of_love_taps_the_partner_for_plus_40_until_the_end_of_the_combat(code, partner):
    g, lover, mate, m1 = _lovers_board(code, partner)
    n = len(g.events)
    declare(g, lover, m1)
    assert g.decision.kind == "may"
    yes(g)
    assert mate.tapped
    finish(g)
    j = events(g, ev.BattleJudged, since=n)[-1]
    assert j.attacker_power == 60 + 40 + 10 and j.attacker_wins
    assert len(g.players[1].orbs) == 4
    assert g.attack(lover) == 60                        # until the end of the combat


@pytest.mark.parametrize("code,partner", LOVERS)
def test_twin_blades_of_love_is_optional(code, partner):
    g, lover, mate, m1 = _lovers_board(code, partner)
    n = len(g.events)
    declare(g, lover, m1)
    no(g)
    finish(g)
    assert not mate.tapped and events(g, ev.BattleJudged, since=n)[-1].attacker_power == 60 + 10


@pytest.mark.parametrize("code,partner", LOVERS)
def test_twin_blades_of_love_needs_an_untapped_allied_partner(code, partner):
    for kw in (dict(partner_tapped=True), dict(partner_enemy=True, partner_area="front")):
        g, lover, mate, m1 = _lovers_board(code, partner, **kw)
        j = fight(g, lover, m1)                         # nothing is asked
        assert j.attacker_power == 60 + 10 and not j.attacker_wins
    # Not when the unit is attacked.
    g, m0, m1 = board(None, foe("Lord 1", attack=90))
    lover = add_unit(g, 0, C(code))
    add_unit(g, 0, C(partner), area="back")
    begin(g, turn=3, player=1)
    n = len(g.events)
    fight(g, m1, lover)
    assert triggered(g, n) == []
    # With the partner untapped and allied, her/his attack asks.
    g, lover, mate, m1 = _lovers_board(code, partner)
    declare(g, lover, m1)
    assert g.decision.kind == "may"


@pytest.mark.parametrize("code,partner", LOVERS)
def test_dragonpike_and_wyrmslayer_plus_20_when_attacking_a_dragon(code, partner):
    g, m0, m1 = board()
    lover = add_unit(g, 0, C(code))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=80))
    begin(g)
    j = fight(g, lover, dragon)
    assert j.attacker_power == 60 + 20 + 10 and j.attacker_wins
    assert g.attack(lover) == 60
    g, m0, m1 = board()
    lover = add_unit(g, 0, C(code))
    begin(g)
    assert fight(g, lover, m1).attacker_power == 60 + 10
    g, m0, m1 = board()
    lover = add_unit(g, 0, C(code))
    dragon = add_unit(g, 1, foe("Wyrm", types=("dragon",), attack=80))
    begin(g, turn=3, player=1)
    assert fight(g, dragon, lover).defender_power == 60 + 10
