"""Jeorge B01-034HN "Peerless Archer" and "Anti-Fliers"; Linde B01-035R "Font of Wisdom" and
"Aura"."""
import pytest

from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, choose_units, declare, fight, finish, foe, next_turn, no,
    pick, unit_choices, use, use_refused, yes,
)
from helpers_more_a import RED, pick_bonds, triggered

JEORGE, LINDE = "B01-034HN", "B01-035R"
FLIER = dict(types=("flier",))


# --------------------------------------------------------------------------- Peerless Archer
def _archer_board(*, cheap_tapped=False, mc_tapped=False):
    g, m0, m1 = board()
    m0.tapped = mc_tapped
    jeorge = add_unit(g, 0, C(JEORGE), area="back")
    cheap = add_unit(g, 0, foe("Squire", cost=2), area="back", tapped=cheap_tapped)
    big = add_unit(g, 0, foe("Veteran", cost=3), area="back")
    flier = add_unit(g, 1, foe("Pegasus", attack=40, **FLIER))
    walker = add_unit(g, 1, foe("Walker", attack=40))
    add_cards(g, 1, "hand", flier.card, walker.card, flier.card)   # both could evade
    begin(g)
    return g, m0, jeorge, cheap, big, flier, walker


@pytest.mark.card(JEORGE)
def test_peerless_archer_his_attacks_on_a_flier_cannot_be_evaded_this_turn():
    g, m0, jeorge, cheap, big, flier, walker = _archer_board()
    use(g, jeorge, "Peerless Archer")
    # The cost: an untapped ally with cost 2 or less (not the cost-3 ones).
    assert unit_choices(g) == {m0.id, cheap.id}
    choose_units(g, cheap)
    assert cheap.tapped and not jeorge.tapped and not m0.tapped
    declare(g, jeorge, flier)
    assert g.decision is None or g.decision.kind != "evasion"
    finish(g)
    assert g.unit(flier.id) is None and len(g.players[1].hand) == 3


@pytest.mark.card(JEORGE)
def test_peerless_archer_not_against_a_non_flier_and_only_this_turn():
    g, m0, jeorge, cheap, big, flier, walker = _archer_board()
    use(g, jeorge, "Peerless Archer")
    choose_units(g, cheap)
    declare(g, jeorge, walker)
    assert g.decision.kind == "evasion"
    # Next turn of his: a flier can evade again.
    g, m0, jeorge, cheap, big, flier, walker = _archer_board()
    use(g, jeorge, "Peerless Archer")
    choose_units(g, cheap)
    next_turn(g)
    next_turn(g)
    declare(g, jeorge, flier)
    assert g.decision.kind == "evasion"
    # Without the skill, the flier can evade.
    g, m0, jeorge, cheap, big, flier, walker = _archer_board()
    declare(g, jeorge, flier)
    assert g.decision.kind == "evasion"


@pytest.mark.card(JEORGE)
def test_peerless_archer_needs_an_untapped_ally_with_cost_2_or_less():
    g, m0, jeorge, cheap, big, flier, walker = _archer_board(cheap_tapped=True, mc_tapped=True)
    assert "cost" in use_refused(g, jeorge, "Peerless Archer")
    g, m0, jeorge, cheap, big, flier, walker = _archer_board(cheap_tapped=True)
    use(g, jeorge, "Peerless Archer")                   # the Main Character is tapped without a choice
    assert m0.tapped and g.decision.kind == "action"


# --------------------------------------------------------------------------- Anti-Fliers
@pytest.mark.card(JEORGE)
def test_anti_fliers_plus_30_when_attacking_a_flier_only():
    g, m0, m1 = board()
    jeorge = add_unit(g, 0, C(JEORGE), area="back")
    flier = add_unit(g, 1, foe("Pegasus", attack=80, **FLIER))
    begin(g)
    j = fight(g, jeorge, flier)
    assert j.attacker_power == 50 + 30 + 10 and j.attacker_wins
    assert g.attack(jeorge) == 50
    g, m0, m1 = board()
    jeorge = add_unit(g, 0, C(JEORGE), area="back")
    begin(g)
    assert fight(g, jeorge, m1).attacker_power == 50 + 10
    # Attacked by a flier: no bonus.
    g, m0, m1 = board()
    jeorge = add_unit(g, 0, C(JEORGE))
    flier = add_unit(g, 1, foe("Pegasus", attack=80, **FLIER))
    begin(g, turn=3, player=1)
    assert fight(g, flier, jeorge).defender_power == 50 + 10


# --------------------------------------------------------------------------- Font of Wisdom
def _font_board(*hand, bonds=3, down=0):
    g, m0, m1 = board()
    linde = add_unit(g, 0, C(LINDE), area="back")
    copies = add_cards(g, 0, "hand", *hand)
    add_bonds(g, 0, *[RED] * bonds)
    add_bonds(g, 0, *[RED] * down, face_up=False)
    begin(g, phase="deployment")
    return g, linde, copies


@pytest.mark.card(LINDE)
def test_font_of_wisdom_draws_when_a_cost_2_or_less_ally_is_deployed_once_per_turn():
    g, linde, (a, b, c) = _font_board(foe("Recruit A", cost=2), foe("Recruit B", cost=1), foe("Recruit C", cost=1),
                                      bonds=4)
    deck = list(g.players[0].deck)
    pick(g, "deploy", card=a, area="front")
    assert g.decision.kind == "may"
    no(g)                                                    # declined: not used
    assert g.players[0].hand == [b, c]
    pick(g, "deploy", card=b, area="back")
    yes(g)
    pick_bonds(g, 1)
    assert g.players[0].hand == [c, deck[0]]
    assert sum(bd.face_up for bd in g.players[0].bonds) == 3
    n = len(g.events)
    pick(g, "deploy", card=c, area="back")
    assert triggered(g, n) == [] and g.decision.kind == "deployment"


@pytest.mark.card(LINDE)
def test_font_of_wisdom_not_for_a_cost_3_ally_nor_without_a_face_up_bond():
    g, linde, (big, small) = _font_board(foe("Veteran", cost=3), foe("Recruit", cost=1), bonds=4)
    n = len(g.events)
    pick(g, "deploy", card=big, area="front")
    assert g.decision.kind == "deployment" and triggered(g, n) == []
    pick(g, "deploy", card=small, area="front")          # a cost-1 ally after it: asked
    assert g.decision.kind == "may"
    g, linde, (x,) = _font_board(foe("Recruit", cost=1), bonds=0, down=1)
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "deployment" and g.players[0].hand == []


# --------------------------------------------------------------------------- Aura
@pytest.mark.card(LINDE)
def test_aura_plus_20_until_the_end_of_the_turn_once_per_turn():
    g, m0, m1 = board()
    linde = add_unit(g, 0, C(LINDE))
    add_bonds(g, 0, RED, RED)
    begin(g)
    use(g, linde, "Aura")
    pick_bonds(g, 1)
    assert g.attack(linde) == 70 and not linde.tapped
    assert "once per turn" in use_refused(g, linde, "Aura")
    assert fight(g, linde, m1).attacker_power == 70 + 10
    next_turn(g)
    assert g.attack(linde) == 50
    next_turn(g)
    use(g, linde, "Aura")
    assert g.attack(linde) == 70


@pytest.mark.card(LINDE)
def test_aura_needs_a_face_up_bond():
    g, m0, m1 = board()
    linde = add_unit(g, 0, C(LINDE))
    add_bonds(g, 0, RED, face_up=False)
    begin(g)
    assert "cost" in use_refused(g, linde, "Aura")
