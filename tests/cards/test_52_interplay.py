"""Starter cards together: skills that trigger at the same time (rule 8) and "breaks 2
orbs" effects that do not add up (rule 4, 001's FAQ)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine.decisions import Option
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, choose_units, declare, deck_top, events, finish,
    foe, no, options, pick, refusal, yes,
)

BLUE = card("Blue Bond", symbols="blue")


@pytest.mark.card("S01-001ST", "S01-002ST", "B01-013ST", "S01-004ST")
def test_four_deployment_triggers_are_ordered_by_their_owner():
    g, m0, m1 = board()
    add_unit(g, 0, C("S01-001ST"), area="back")      # Prince of Light
    caeda = add_unit(g, 0, C("S01-002ST"), area="back")  # Wyvern's Wings
    add_unit(g, 0, C("B01-013ST"), area="back")      # Warning Shot
    ogma = add_unit(g, 0, C("S01-004ST"))            # Talysian Guard Captain
    flier = add_unit(g, 1, foe("Pegasus", types=("flier",)), area="back")
    x, = add_cards(g, 0, "hand", card("Recruit", cost=1, attack=30))
    add_bonds(g, 0, FILLER)
    begin(g, phase="deployment")
    pick(g, "deploy", card=x, area="front")
    assert g.decision.kind == "order_skills"
    assert {o.skill for o in g.legal_options()} == {"Prince of Light", "Wyvern's Wings", "Warning Shot",
                                                    "Talysian Guard Captain"}
    pick(g, "skill", skill="Talysian Guard Captain")
    assert g.attack(ogma) == 70
    pick(g, "skill", skill="Warning Shot")
    yes(g)
    choose_units(g, flier)                            # the flier comes to the front line
    assert flier.area == "front"
    pick(g, "skill", skill="Prince of Light")         # now no enemy is in the back line: nothing to ask
    yes(g)                                            # the last one, Wyvern's Wings, needs no ordering
    choose_units(g, caeda, done=True)
    assert caeda.area == "front" and g.decision.kind == "deployment"


@pytest.mark.card("S02-001ST", "B01-057ST")
def test_chroms_shepherds_and_grandmasters_command_on_one_class_change():
    g, m0, m1 = board()
    add_unit(g, 0, C("S02-001ST"))
    add_unit(g, 0, C("B01-057ST"), area="back")
    lissa = add_unit(g, 0, C("B01-060ST"))
    enemy = add_unit(g, 1, foe("Enemy"))
    promo, = add_cards(g, 0, "hand", C("B01-059ST"))
    add_bonds(g, 0, BLUE, BLUE)
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=lissa)
    assert {o.skill for o in g.legal_options()} == {"Chrom's Shepherds", "Grandmaster's Command"}
    pick(g, "skill", skill="Grandmaster's Command")
    yes(g)
    choose_units(g, enemy)
    assert enemy.area == "back"
    assert g.attack(lissa) == 80 and g.orbs_broken_by(lissa) == 2


@pytest.mark.card("B01-003ST", "B01-021ST")
def test_hero_emblem_and_bord_cord_and_barst_break_2_orbs_not_4():
    def barst_attack(support, pay):
        g, m0, m1 = board()
        barst = add_unit(g, 0, C("B01-021ST"))
        add_unit(g, 0, C("B01-019ST"), area="back")
        add_unit(g, 0, C("B01-020ST"), area="back")
        deck_top(g, 0, C(support))
        begin(g)
        declare(g, barst, m1)
        yes(g) if pay else no(g)
        finish(g)
        return len(g.players[1].orbs)
    assert barst_attack("B01-003ST", pay=True) == 3   # 2 + 2 is still 2
    assert barst_attack("B01-003ST", pay=False) == 3  # the Hero Emblem alone
    assert barst_attack("B01-019ST", pay=True) == 3   # Barst's skill alone (Bord's Attack Emblem)
    assert barst_attack("B01-013ST", pay=False) == 4  # neither


@pytest.mark.card("S02-001ST", "B01-053ST")
def test_chroms_shepherds_and_the_blue_hero_emblem_break_2_orbs_not_4():
    g, m0, m1 = board()
    add_unit(g, 0, C("S02-001ST"))
    lissa = add_unit(g, 0, C("B01-060ST"))
    promo, = add_cards(g, 0, "hand", C("B01-059ST"))
    add_bonds(g, 0, BLUE, BLUE)
    deck_top(g, 0, FILLER, C("B01-053ST"))            # the class-change draw takes the filler
    begin(g, phase="deployment")
    pick(g, "class_change", card=promo, unit=lissa)
    pick(g, "pass")
    declare(g, lissa, m1)
    finish(g)
    # (Lissa's own "Cleric in Combat" resolves too, with nothing to take back.)
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Chrom's Shepherds", "Hero Emblem",
                                                              "Cleric in Combat"]
    assert len(g.players[1].orbs) == 3


@pytest.mark.card("B01-064ST", "S01-004ST")
def test_aegis_stops_a_back_line_ogma_who_acquired_tome_with_levin_sword():
    g, m0, m1 = board()
    add_unit(g, 1, C("B01-064ST"), C("B01-065ST"), class_changed=True)
    ogma = add_unit(g, 0, C("S01-004ST"), area="back")
    add_bonds(g, 0, FILLER)
    begin(g)
    assert not options(g, "attack", unit=ogma)        # range 1 from the back line
    pick(g, "use_skill", unit=ogma, skill="Levin Sword")
    assert g.ranges(ogma) == {1, 2} and "tome" in g.types(ogma)
    # Range 2 now reaches the front line, but Aegis stops back-line tome units.
    assert "cannot attack" in refusal(g, Option("attack", unit=ogma.id, target=m1.id))
