"""Lucina B01-054SR "Defiant of Destiny" and "Parallel Falchion"; B01-056HN "The Name of the
Hero-King", "Parallel Falchion" and its Hero Emblem."""
import pytest

from fecipher.engine import events as ev
from helpers import (
    C, add_bonds, add_cards, add_unit, begin, board, card, card_choices, declare, deck_top, events,
    fight, finish, foe, next_turn, no, options, pick, use, use_refused, yes,
)
from helpers_more_a import BLUE, RED, pick_bonds

FORESEER, CALLING = "B01-054SR", "B01-056HN"
DEFIANT = "Defiant of Destiny"
DRAGON = dict(types=("dragon",))


# --------------------------------------------------------------------------- Defiant of Destiny
def _defiant_board(*hand, class_changed=False, bonds=1):
    g, m0, m1 = board()
    stack = (C(FORESEER), C("B01-055ST")) if class_changed else (C(FORESEER),)
    lucina = add_unit(g, 0, *stack, class_changed=class_changed)
    copies = add_cards(g, 0, "hand", *hand)
    g.players[0].deck.clear()
    deck = add_cards(g, 0, "deck", *[foe(f"Deck {i}") for i in range(6)])
    add_bonds(g, 0, *[BLUE] * bonds)
    begin(g)
    return g, lucina, copies, deck


@pytest.mark.card(FORESEER)
def test_defiant_of_destiny_draws_2_and_puts_1_card_back_on_top():
    g, lucina, (other, keep), deck = _defiant_board(C(CALLING), foe("Keep"))
    use(g, lucina, DEFIANT)
    # Cost: the bond and the only "Lucina" card of the hand; no "may": not class changed.
    assert g.players[0].retreat == [other] and sum(b.face_up for b in g.players[0].bonds) == 0
    assert g.decision.kind == "choose"
    assert card_choices(g) == {keep.id, deck[0].id, deck[1].id}
    pick(g, "card", card=keep)
    assert g.players[0].deck[0] is keep and len(g.players[0].deck) == 5
    assert g.players[0].hand == [deck[0], deck[1]]
    assert g.decision.kind == "action"
    assert "once per turn" in use_refused(g, lucina, DEFIANT)


@pytest.mark.card(FORESEER)
def test_defiant_of_destiny_class_changed_may_draw_3_and_put_2_back_in_any_order():
    g, lucina, (other, keep), deck = _defiant_board(C("B01-055ST"), foe("Keep"), class_changed=True)
    use(g, lucina, DEFIANT)
    assert g.decision.kind == "may"
    yes(g)
    assert g.players[0].hand == [keep, deck[0], deck[1], deck[2]]
    pick(g, "card", card=deck[0])
    pick(g, "card", card=keep)
    pick(g, "card", card=keep)                    # keep goes onto the deck first, deck[0] on top of it
    assert g.players[0].deck[:2] == [deck[0], keep]
    assert g.players[0].hand == [deck[1], deck[2]]
    assert g.decision.kind == "action"


@pytest.mark.card(FORESEER)
def test_defiant_of_destiny_class_changed_may_still_draw_2_and_put_1_back():
    g, lucina, (other, keep), deck = _defiant_board(C("B01-055ST"), foe("Keep"), class_changed=True)
    use(g, lucina, DEFIANT)
    no(g)
    assert g.players[0].hand == [keep, deck[0], deck[1]]
    pick(g, "card", card=deck[1])
    assert g.players[0].deck[0] is deck[1] and g.players[0].hand == [keep, deck[0]]
    assert g.decision.kind == "action"


@pytest.mark.card(FORESEER)
def test_defiant_of_destiny_needs_a_lucina_card_and_a_bond_and_is_usable_next_turn():
    g, lucina, copies, deck = _defiant_board(foe("Keep"), C("B01-053ST"))
    assert "cost" in use_refused(g, lucina, DEFIANT)        # a Chrom card is not a Lucina card
    g, lucina, copies, deck = _defiant_board(C(CALLING), bonds=0)
    assert "cost" in use_refused(g, lucina, DEFIANT)
    g, lucina, (a, b), deck = _defiant_board(C(CALLING), C("B01-055ST"), bonds=2)
    use(g, lucina, DEFIANT)
    pick_bonds(g, 1)
    pick(g, "card", card=a)
    pick(g, "card", card=deck[0])
    next_turn(g)
    next_turn(g)
    use(g, lucina, DEFIANT)
    assert b in g.players[0].retreat


# --------------------------------------------------------------------------- Parallel Falchion
PARALLEL = [pytest.param(code, atk, marks=pytest.mark.card(code), id=code)
            for code, atk in ((FORESEER, 70), (CALLING, 40))]


@pytest.mark.parametrize("code,atk", PARALLEL)
def test_parallel_falchion_plus_20_when_attacking_a_dragon_only(code, atk):
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(code))
    dragon = add_unit(g, 1, foe("Wyrm", attack=atk + 20, **DRAGON))
    begin(g)
    j = fight(g, lucina, dragon)
    assert j.attacker_power == atk + 20 + 10 and j.attacker_wins
    assert g.attack(lucina) == atk
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(code))
    begin(g)
    assert fight(g, lucina, m1).attacker_power == atk + 10
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(code))
    dragon = add_unit(g, 1, foe("Wyrm", attack=atk, **DRAGON))
    begin(g, turn=3, player=1)
    assert fight(g, dragon, lucina).defender_power == atk + 10


# --------------------------------------------------------------------------- The Name of the Hero-King
@pytest.mark.card(CALLING)
def test_name_of_the_hero_king_she_is_also_named_marth():
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(CALLING))
    begin(g)
    assert g.unit_names(lucina) == frozenset({"Lucina", "Marth"})


@pytest.mark.card(CALLING)
def test_name_of_the_hero_king_a_marth_card_fails_to_support_her_and_she_fails_to_support_a_marth():
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(CALLING))
    deck_top(g, 0, C("B01-003ST"))
    begin(g)
    n = len(g.events)
    j = fight(g, lucina, m1)
    assert j.attacker_support == 0 and [e.name for e in events(g, ev.SupportFailed, since=n)] == [
        "Marth, Altean Prince"]
    g, m0, m1 = board()
    marth = add_unit(g, 0, C("B01-002N"))
    sup, = deck_top(g, 0, C(CALLING))
    begin(g)
    n = len(g.events)
    j = fight(g, marth, m1)
    assert j.attacker_support == 0 and [e.card for e in events(g, ev.SupportFailed, since=n)] == [sup.id]


@pytest.mark.card(CALLING)
def test_name_of_the_hero_king_she_is_a_marth_for_deployment_and_level_up():
    g, m0, m1 = board()
    marth = add_unit(g, 0, C("B01-003ST"), area="back")
    lucina, = add_cards(g, 0, "hand", C(CALLING))
    add_bonds(g, 0, BLUE, BLUE)
    begin(g, phase="deployment")
    assert options(g, "deploy", card=lucina) == []
    pick(g, "level_up", card=lucina, unit=marth)
    assert marth.top is lucina


@pytest.mark.card(CALLING, "B01-001SR")
def test_name_of_the_hero_king_she_is_a_marth_card_in_the_hand():
    g, m0, m1 = board()
    savior = add_unit(g, 0, C("B01-001SR"))
    lucina, = add_cards(g, 0, "hand", C(CALLING))
    add_bonds(g, 0, RED, RED, RED)
    begin(g)
    use(g, savior, "Hero's Paean")                  # "send 1 Marth card from your hand"
    assert g.players[0].retreat == [lucina] and g.attack(savior) == 100


@pytest.mark.card(CALLING)
def test_name_of_the_hero_king_a_marth_card_lets_her_evade():
    g, m0, m1 = board()
    lucina = add_unit(g, 0, C(CALLING))
    marth_card, = add_cards(g, 0, "hand", C("B01-002N"))
    begin(g, turn=3, player=1)
    declare(g, m1, lucina)
    assert g.decision.kind == "evasion"
    pick(g, "discard", card=marth_card)
    finish(g)
    assert g.unit(lucina.id) is lucina and events(g, ev.Evaded)


# --------------------------------------------------------------------------- Hero Emblem
def _hero(symbol, *, attacking=True, attack=50):
    lord = card("Lord 0", "main character", attack=attack, symbols=symbol)
    g, m0, m1 = board(lord)
    deck_top(g, 0, C(CALLING))
    if attacking:
        begin(g)
        declare(g, m0, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, m0)
    finish(g)
    return g, m0, m1


@pytest.mark.card(CALLING)
def test_hero_emblem_a_blue_attacking_unit_breaks_2_orbs_until_the_end_of_the_combat():
    g, m0, m1 = _hero("blue")
    assert len(g.players[1].orbs) == 3
    assert [e.count for e in events(g, ev.OrbsBreaking)] == [2]
    assert g.orbs_broken_by(m0) == 1
    g, m0, m1 = _hero(("red", "blue"))
    assert len(g.players[1].orbs) == 3


@pytest.mark.card(CALLING)
def test_hero_emblem_needs_a_blue_attacker_and_is_an_attack_support_only():
    g, m0, m1 = _hero("red")
    assert len(g.players[1].orbs) == 4
    g, m0, m1 = _hero("blue", attacking=False)
    assert len(g.players[0].orbs) == 5 and not events(g, ev.SkillResolved)
    g, m0, m1 = _hero("blue")
    assert len(g.players[1].orbs) == 3
