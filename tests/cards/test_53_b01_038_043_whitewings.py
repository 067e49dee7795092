"""The pegasus sisters: Palla B01-038R, Catria B01-040R, Est B01-042R ("Triangle Attack",
"Bonds of the Three Sisters") and Palla B01-039N, Catria B01-041N, Est B01-043N ("The Three
Pegasus Sisters" and their Flying Emblems)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card_choices, declare, deck_top, events, fight, finish, foe,
    no, pick, use, use_refused, yes,
)
from helpers_more_a import RED, check_flying_emblem, pick_bonds, unit_of

PALLA_R, CATRIA_R, EST_R = "B01-038R", "B01-040R", "B01-042R"
PALLA_N, CATRIA_N, EST_N = "B01-039N", "B01-041N", "B01-043N"
SISTERS_R = {"Palla": PALLA_R, "Catria": CATRIA_R, "Est": EST_R}
SISTERS_N = {"Palla": PALLA_N, "Catria": CATRIA_N, "Est": EST_N}
#: (the R card, the unit names of the other two sisters)
TRIANGLE = [pytest.param(code, [n for n in SISTERS_R if SISTERS_R[n] != code], marks=pytest.mark.card(code),
                         id=code) for code in SISTERS_R.values()]


# --------------------------------------------------------------------------- Triangle Attack
def _triangle_board(code, others, *, tapped=(), missing=None):
    g, m0, m1 = board(None, foe("Lord 1", attack=100))
    leader = add_unit(g, 0, C(code))
    partners = {}
    for name in others:
        if name != missing:
            partners[name] = add_unit(g, 0, C(SISTERS_N[name]), area="back", tapped=name in tapped)
    add_cards(g, 1, "hand", m1.card)                   # the defender could evade
    deck_top(g, 0, foe("Helper"))                      # a plain support card
    begin(g)
    return g, leader, partners, m1


@pytest.mark.parametrize("code,others", TRIANGLE)
def test_triangle_attack_taps_the_two_sisters_for_plus_50_and_no_evasion(code, others):
    g, leader, partners, m1 = _triangle_board(code, others)
    n = len(g.events)
    declare(g, leader, m1)
    assert g.decision.kind == "may"
    yes(g)
    assert all(p.tapped for p in partners.values())
    # No evasion is offered although the defender holds a card of its name.
    assert g.decision is None or g.decision.kind != "evasion"
    finish(g)
    j = events(g, ev.BattleJudged, since=n)[-1]
    assert j.attacker_power == 50 + 50 + 10 and j.attacker_wins and not j.evaded
    assert len(g.players[1].orbs) == 4
    assert m1.card in [c.card for c in g.players[1].hand]   # the evasion card was never asked for
    # Until the end of the combat.
    assert g.attack(leader) == 50 and not g.flag(leader, M.CANNOT_BE_EVADED)


@pytest.mark.parametrize("code,others", TRIANGLE)
def test_triangle_attack_is_optional(code, others):
    g, leader, partners, m1 = _triangle_board(code, others)
    declare(g, leader, m1)
    no(g)
    assert g.decision.kind == "evasion"
    assert not any(p.tapped for p in partners.values())


@pytest.mark.parametrize("code,others", TRIANGLE)
def test_triangle_attack_needs_both_sisters_untapped(code, others):
    for kw in (dict(missing=others[0]), dict(missing=others[1]), dict(tapped=(others[1],))):
        g, leader, partners, m1 = _triangle_board(code, others, **kw)
        n = len(g.events)
        declare(g, leader, m1)
        assert g.decision.kind == "evasion"            # no "may": the cost cannot be paid
        assert not any(p.tapped for name, p in partners.items() if name not in kw.get("tapped", ()))
        pick(g, "pass")
        finish(g)
        assert events(g, ev.BattleJudged, since=n)[-1].attacker_power == 50 + 10
    # Both sisters there and untapped: asked.
    g, leader, partners, m1 = _triangle_board(code, others)
    declare(g, leader, m1)
    assert g.decision.kind == "may"


# --------------------------------------------------------------------------- Bonds of the Three Sisters
@pytest.mark.parametrize("code,others", TRIANGLE)
def test_bonds_of_the_three_sisters_plus_10_when_supported_by_a_sister(code, others):
    for name in others:
        g, m0, m1 = board()
        leader = add_unit(g, 0, C(code))
        deck_top(g, 0, C(SISTERS_R[name]))              # a sister without a support skill (support 30)
        begin(g)
        j = fight(g, leader, m1)
        assert j.attacker_power == 50 + 10 + 30 and j.attacker_support == 30
        assert g.attack(leader) == 50


@pytest.mark.parametrize("code,others", TRIANGLE)
def test_bonds_of_the_three_sisters_not_for_another_supporter_and_also_in_defence(code, others):
    g, m0, m1 = board()
    leader = add_unit(g, 0, C(code))
    deck_top(g, 0, foe("Helper", support=30))
    begin(g)
    assert fight(g, leader, m1).attacker_power == 50 + 30
    # A failed support (the leader's own name) gives nothing.
    g, m0, m1 = board()
    leader = add_unit(g, 0, C(code))
    deck_top(g, 0, C(code))
    begin(g)
    assert fight(g, leader, m1).attacker_power == 50
    # Defending, supported by a sister.
    g, m0, m1 = board(None, foe("Brute", attack=70))
    leader = add_unit(g, 0, C(code))
    deck_top(g, 0, C(SISTERS_R[others[0]]))
    begin(g, turn=3, player=1)
    j = fight(g, m1, leader)
    assert j.defender_power == 50 + 10 + 30 and not j.attacker_wins


# --------------------------------------------------------------------------- The Three Pegasus Sisters
THREE = [pytest.param(code, [n for n in SISTERS_N if SISTERS_N[n] != code], marks=pytest.mark.card(code),
                      id=code) for code in SISTERS_N.values()]


def _three_board(code, bonds=2, tapped=False):
    g, m0, m1 = board()
    knight = add_unit(g, 0, C(code), area="back", tapped=tapped)
    deck = g.players[0].deck
    deck.clear()
    cards = {}
    for name in SISTERS_N:
        cards[name + " N"] = add_cards(g, 0, "deck", C(SISTERS_N[name]))[0]
        cards[name + " R"] = add_cards(g, 0, "deck", C(SISTERS_R[name]))[0]
    add_cards(g, 0, "deck", foe("Filler A"), foe("Filler B"))
    add_bonds(g, 0, *[RED] * bonds)
    begin(g)
    return g, knight, cards


@pytest.mark.parametrize("code,others", THREE)
def test_the_three_pegasus_sisters_deploys_a_cost_2_or_less_sister_from_the_deck(code, others):
    g, knight, cards = _three_board(code)
    n = len(g.events)
    use(g, knight, "The Three Pegasus Sisters")
    assert knight.tapped and sum(b.face_up for b in g.players[0].bonds) == 0
    # The other two sisters' cost-1 cards; not her own name, not the cost-3 sisters.
    assert card_choices(g) == {cards[others[0] + " N"].id, cards[others[1] + " N"].id}
    chosen = cards[others[1] + " N"]
    pick(g, "card", card=chosen)
    pick(g, "area", area="front")
    unit = unit_of(g, 0, chosen)
    assert unit.area == "front" and not unit.tapped and chosen not in g.players[0].deck
    assert [e.card for e in events(g, ev.Deployed, since=n)] == [chosen.id]
    assert events(g, ev.Shuffled, since=n)
    assert len(g.players[0].deck) == 7
    assert g.decision.kind == "action"


@pytest.mark.parametrize("code,others", THREE)
def test_the_three_pegasus_sisters_needs_the_knight_untapped_and_2_face_up_bonds(code, others):
    g, knight, cards = _three_board(code, bonds=1)
    assert "cost" in use_refused(g, knight, "The Three Pegasus Sisters")
    g, knight, cards = _three_board(code, tapped=True)
    assert "cost" in use_refused(g, knight, "The Three Pegasus Sisters")
    g, knight, cards = _three_board(code, bonds=3)
    use(g, knight, "The Three Pegasus Sisters")
    pick_bonds(g, 2)
    assert sum(b.face_up for b in g.players[0].bonds) == 1
    pick(g, "card", card=cards[others[0] + " N"])
    pick(g, "area", area="back")
    assert unit_of(g, 0, cards[others[0] + " N"]).area == "back"


@pytest.mark.parametrize("code", [pytest.param(c, marks=pytest.mark.card(c), id=c) for c in SISTERS_N.values()])
def test_pegasus_knight_flying_emblem(code):
    check_flying_emblem(code)
