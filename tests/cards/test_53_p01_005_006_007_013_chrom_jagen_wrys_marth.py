"""Promotional cards: Chrom P01-005PR ("Silver Sovereign"), Jagen P01-006PR ("Battlefield
Mentor"), Wrys P01-007PR ("Vulnerary"), Marth P01-013PR ("Heroic Prince", "Rapier")."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine.decisions import Option
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, choose_units,
    declare, deck_top, events, face_up_bonds, fight, finish, foe, hand_ids, no, options, pick, refusal,
    unit_choices, use, use_refused, yes,
)

CHROM, JAGEN, WRYS, MARTH = "P01-005PR", "P01-006PR", "P01-007PR", "P01-013PR"
BLUE = card("Blue Bond", symbols="blue")
RED = card("Red Bond", symbols="red")


# --------------------------------------------------------------------------- Silver Sovereign
def _sovereign_board():
    g, m0, m1 = board()
    chrom = add_unit(g, 0, C("B01-053ST"))
    promo, = add_cards(g, 0, "hand", C(CHROM))
    enemy = add_unit(g, 1, foe("Enemy"), area="back")
    add_bonds(g, 0, BLUE, BLUE, BLUE)
    begin(g, phase="deployment")
    return g, chrom, promo, enemy, m1


@pytest.mark.card(CHROM)
def test_silver_sovereign_when_you_class_change_into_chrom_you_may_move_an_enemy():
    g, chrom, promo, enemy, m1 = _sovereign_board()
    drawn = g.players[0].deck[0]
    pick(g, "class_change", card=promo, unit=chrom)
    assert hand_ids(g, 0) == [drawn.id]                   # the class-change draw came first
    yes(g)
    assert unit_choices(g) == {enemy.id, m1.id}            # enemies only
    choose_units(g, enemy)
    assert enemy.area == "front" and not enemy.tapped
    assert g.decision.kind == "deployment"


@pytest.mark.card(CHROM)
def test_silver_sovereign_is_optional():
    g, chrom, promo, enemy, m1 = _sovereign_board()
    pick(g, "class_change", card=promo, unit=chrom)
    no(g)
    assert enemy.area == "back" and g.decision.kind == "deployment"


@pytest.mark.card(CHROM)
def test_silver_sovereign_not_when_deployed_nor_for_another_class_change():
    g, m0, m1 = board()
    x, = add_cards(g, 0, "hand", C(CHROM))
    add_unit(g, 1, foe("Enemy"), area="back")
    add_bonds(g, 0, BLUE, FILLER, FILLER)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "deployment"
    # Chrom already on the field: another unit's class change does not trigger it.
    g, m0, m1 = board()
    add_unit(g, 0, C(CHROM), C("B01-053ST"), class_changed=True)
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, = add_cards(g, 0, "hand", C("B01-059ST"))
    add_unit(g, 1, foe("Enemy"), area="back")
    add_bonds(g, 0, BLUE, BLUE)
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=lissa)
    assert g.decision.kind == "deployment"
    assert not events(g, ev.SkillTriggered)


# --------------------------------------------------------------------------- Battlefield Mentor
@pytest.mark.card(JAGEN)
def test_battlefield_mentor_jagen_cannot_be_placed_in_the_bond_area_in_the_bond_phase():
    g, m0, m1 = board()
    jagen, other = add_cards(g, 0, "hand", C(JAGEN), foe("Other"))
    begin(g, phase="bond")
    assert not options(g, "place_bond", card=jagen)
    assert "cannot be placed in the Bond Area" in refusal(g, Option("place_bond", card=jagen.id))
    pick(g, "place_bond", card=other)
    assert [b.copy for b in g.players[0].bonds] == [other]


@pytest.mark.card(JAGEN)
def test_battlefield_mentor_jagen_cannot_be_placed_in_the_bond_area_by_a_skill():
    # Tiki's "Voice of the Divine Dragon" (B01-099HN): Jagen stays in the hand.
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C("B01-099HN"), area="back")
    jagen, other = add_cards(g, 0, "hand", C(JAGEN), foe("Other"))
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, tiki, "Voice of the Divine Dragon")
    # "choose 1 card from your hand; put it into your bond area" does not offer him (engine decision 14)
    assert not options(g, "card", card=jagen) and options(g, "card", card=other)
    pick(g, "card", card=other)
    assert jagen in g.players[0].hand
    assert [b.copy.card for b in g.players[0].bonds] == [FILLER, FILLER, other.card]
    # The same skill places another card.
    g, m0, m1 = board()
    tiki = add_unit(g, 0, C("B01-099HN"), area="back")
    jagen, other = add_cards(g, 0, "hand", C(JAGEN), foe("Other"))
    add_bonds(g, 0, FILLER, FILLER)
    begin(g)
    use(g, tiki, "Voice of the Divine Dragon")
    pick(g, "card", card=other)
    assert g.players[0].bonds[-1].copy is other


@pytest.mark.card(JAGEN)
def test_battlefield_mentor_jagen_stays_in_the_hand_with_a_dragonkin_emblem():
    lord = card("Lord 0", "main character", attack=50, symbols="blue")
    g, m0, m1 = board(lord)
    jagen, = add_cards(g, 0, "hand", C(JAGEN))
    deck_top(g, 0, C("B01-079N"))                         # Nowi's Dragonkin Emblem
    begin(g)
    declare(g, m0, m1)
    # Jagen, the only card in the hand, is not offered (engine decision 14): nothing is asked
    assert not options(g, "card", card=jagen)
    finish(g)
    assert jagen in g.players[0].hand and g.players[0].bonds == []


@pytest.mark.card(JAGEN)
def test_battlefield_mentor_jagen_can_be_deployed():
    g, m0, m1 = board()
    jagen, = add_cards(g, 0, "hand", C(JAGEN))
    add_bonds(g, 0, RED, FILLER, FILLER)
    begin(g, phase="deployment")
    pick(g, "deploy", card=jagen, area="front")
    assert g.players[0].front[-1].card is C(JAGEN)


# --------------------------------------------------------------------------- Vulnerary
def _vulnerary_board(tapped=False):
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=60))
    wrys = add_unit(g, 0, C(WRYS), area="back", tapped=tapped)
    ally = add_unit(g, 0, foe("Ally", attack=50))
    begin(g, turn=3, player=1)
    return g, wrys, ally, m0, m1


@pytest.mark.card(WRYS)
def test_vulnerary_taps_and_destroys_wrys_and_the_attacked_ally_gains_20_for_the_combat():
    g, wrys, ally, m0, m1 = _vulnerary_board()
    declare(g, m1, ally)
    assert g.decision.kind == "may" and g.decision.player == 0
    yes(g)
    assert g.unit(wrys.id) is None and wrys.top in g.players[0].retreat
    assert any(isinstance(e, ev.UnitDestroyed) and e.unit == wrys.id for e in g.events)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.defender_power == 70 + 10 and not j.attacker_wins   # 60+10 against 70+10
    assert g.unit(ally.id) is ally and g.attack(ally) == 50      # until the end of the combat


@pytest.mark.card(WRYS)
def test_vulnerary_is_optional():
    g, wrys, ally, m0, m1 = _vulnerary_board()
    declare(g, m1, ally)
    no(g)
    finish(g)
    assert g.unit(wrys.id) is wrys and not wrys.tapped
    assert g.unit(ally.id) is None                        # 70 against 60


@pytest.mark.card(WRYS)
def test_vulnerary_not_for_wrys_himself_nor_when_he_is_tapped():
    g, wrys, ally, m0, m1 = _vulnerary_board()
    declare(g, m1, m0)                                    # the MC is another ally: asked
    assert g.decision.kind == "may"
    g, m0, m1 = board(None, card("Lord 1", "main character", attack=60))
    wrys = add_unit(g, 0, C(WRYS))
    begin(g, turn=3, player=1)
    declare(g, m1, wrys)                                  # Wrys attacked: not asked
    assert g.decision.kind != "may"
    g, wrys, ally, m0, m1 = _vulnerary_board(tapped=True)
    declare(g, m1, ally)
    assert g.decision.kind != "may"
    finish(g)
    assert g.unit(wrys.id) is wrys and g.unit(ally.id) is None


@pytest.mark.card(WRYS)
def test_vulnerary_not_when_an_enemy_is_attacked():
    g, m0, m1 = board()
    add_unit(g, 1, C(WRYS), area="back")
    enemy = add_unit(g, 1, foe("Enemy"))
    wrys_mine = add_unit(g, 0, C(WRYS), area="back")
    begin(g)
    declare(g, m0, enemy)
    # Player 2's Wrys may help its ally; player 1's Wrys is not asked.
    assert g.decision.kind == "may" and g.decision.player == 1
    no(g)
    finish(g)
    assert g.unit(wrys_mine.id) is wrys_mine


# --------------------------------------------------------------------------- Heroic Prince
def _heroic_board(bonds=2):
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(MARTH), area="back")
    e = add_unit(g, 1, foe("Enemy"), area="back")
    add_bonds(g, 0, *[FILLER] * bonds)
    begin(g)
    return g, marth, e, m1


@pytest.mark.card(MARTH)
def test_heroic_prince_flips_2_bonds_and_moves_an_enemy_no_use_limit():
    g, marth, e, m1 = _heroic_board(bonds=4)
    use(g, marth, "Heroic Prince")
    g.answer(g.legal_options()[0])
    g.answer(g.legal_options()[0])
    assert face_up_bonds(g, 0) == 2 and not marth.tapped
    assert unit_choices(g) == {e.id, m1.id}
    choose_units(g, e)
    assert e.area == "front"
    use(g, marth, "Heroic Prince")
    choose_units(g, e)
    assert e.area == "back" and face_up_bonds(g, 0) == 0
    assert "cost" in use_refused(g, marth, "Heroic Prince")


@pytest.mark.card(MARTH)
def test_heroic_prince_needs_2_bonds():
    g, marth, e, m1 = _heroic_board(bonds=1)
    assert "cost" in use_refused(g, marth, "Heroic Prince")


# --------------------------------------------------------------------------- Rapier
@pytest.mark.card(MARTH)
def test_rapier_plus_10_attacking_a_beast_or_armored_unit():
    for types in (("beast",), ("armored",)):
        g, m0, m1 = board()
        marth = add_unit(g, 0, C(MARTH))
        target = add_unit(g, 1, foe("Target", attack=70, types=types))
        begin(g)
        j = fight(g, marth, target)
        assert j.attacker_power == 60 + 10 + 10 and j.attacker_wins, types
        assert g.attack(marth) == 60


@pytest.mark.card(MARTH)
def test_rapier_not_against_other_units_nor_in_defence():
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(MARTH))
    target = add_unit(g, 1, foe("Flier", attack=70, types=("flier",)))
    begin(g)
    assert fight(g, marth, target).attacker_power == 60 + 10
    g, m0, m1 = board()
    marth = add_unit(g, 0, C(MARTH))
    beast = add_unit(g, 1, foe("Beast", attack=70, types=("beast",)))
    begin(g, turn=3, player=1)
    assert fight(g, beast, marth).defender_power == 60 + 10


@pytest.mark.card(WRYS)
def test_vulnerary_by_a_main_character_wrys_breaks_an_orb_and_still_gives_20():
    g, m0, m1 = board(C(WRYS), card("Lord 1", "main character", attack=60))
    ally = add_unit(g, 0, foe("Ally", attack=50))
    begin(g, turn=3, player=1)
    declare(g, m1, ally)
    yes(g)
    assert g.decision.kind == "break_orb" and g.decision.player == 0
    g.answer(g.legal_options()[0])
    assert len(g.players[0].orbs) == 4 and g.unit(m0.id) is m0 and m0.tapped
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.defender_power == 50 + 20 + 10 and not j.attacker_wins
