"""Corrin (Male) B02-003HN ("Nohrian Heart", "Noble Yato", white Hero Emblem) and Corrin
(Female) B02-053HN ("Hoshidan Heart", "Grim Yato", black Hero Emblem)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine.cards import Symbol
from helpers import (
    C, FILLER, add_bonds, add_cards, add_unit, begin, board, card, declare, deck_top, events, fight, finish,
    next_turn, options,
)

MALE, FEMALE = "B02-003HN", "B02-053HN"
WHITE = card("White Bond", symbols="white")
BLACK = card("Black Bond", symbols="black")
HEART = {MALE: (Symbol("white"), Symbol("black")), FEMALE: (Symbol("black"), Symbol("white"))}


# --------------------------------------------------------------------------- Nohrian / Hoshidan Heart
@pytest.mark.parametrize("code", [pytest.param(c, marks=pytest.mark.card(c), id=c) for c in (MALE, FEMALE)])
def test_heart_the_unit_also_has_the_other_symbol_on_the_field(code):
    printed, acquired = HEART[code]
    g, m0, m1 = board()
    corrin = add_unit(g, 0, C(code), area="back")
    begin(g)
    assert g.symbols(corrin) == {printed, acquired}


@pytest.mark.card(MALE)
def test_nohrian_heart_a_black_hero_emblem_breaks_2_orbs_for_corrin_male():
    g, m0, m1 = board()
    corrin = add_unit(g, 0, C(MALE))
    deck_top(g, 0, C(FEMALE))                              # Hero Emblem: "if your attacking unit is black"
    begin(g)
    declare(g, corrin, m1)
    finish(g)
    assert len(g.players[1].orbs) == 3


@pytest.mark.card(FEMALE)
def test_hoshidan_heart_a_white_hero_emblem_breaks_2_orbs_for_corrin_female():
    g, m0, m1 = board()
    corrin = add_unit(g, 0, C(FEMALE))
    deck_top(g, 0, C(MALE))
    begin(g)
    declare(g, corrin, m1)
    finish(g)
    assert len(g.players[1].orbs) == 3


@pytest.mark.parametrize("code", [pytest.param(c, marks=pytest.mark.card(c), id=c) for c in (MALE, FEMALE)])
def test_heart_does_not_help_to_deploy_her_or_him(code):
    printed, acquired = HEART[code]
    g, m0, m1 = board()
    x, = add_cards(g, 0, "hand", C(code))
    add_bonds(g, 0, card("Other Bond", symbols=acquired.value))
    begin(g, phase="deployment")
    assert not options(g, "deploy", card=x)               # the printed symbol's bond is needed
    g, m0, m1 = board()
    x, = add_cards(g, 0, "hand", C(code))
    add_bonds(g, 0, card("Own Bond", symbols=printed.value))
    begin(g, phase="deployment")
    assert options(g, "deploy", card=x)


# --------------------------------------------------------------------------- Noble Yato / Grim Yato
YATO = [pytest.param(MALE, WHITE, BLACK, marks=pytest.mark.card(MALE), id=MALE),
        pytest.param(FEMALE, BLACK, WHITE, marks=pytest.mark.card(FEMALE), id=FEMALE)]


@pytest.mark.parametrize("code,same,other", YATO)
def test_yato_plus_10_in_your_turn_with_2_face_up_bonds_of_the_symbol(code, same, other):
    g, m0, m1 = board()
    corrin = add_unit(g, 0, C(code))
    add_bonds(g, 0, same, same)
    begin(g)
    assert g.attack(corrin) == 50
    assert fight(g, corrin, m1).attacker_power == 50 + 10
    next_turn(g)
    assert g.attack(corrin) == 40                          # not in the opponent's turn


@pytest.mark.parametrize("code,same,other", YATO)
def test_yato_not_with_1_bond_of_the_symbol_a_face_down_one_or_the_other_symbol(code, same, other):
    g, m0, m1 = board()
    corrin = add_unit(g, 0, C(code))
    add_bonds(g, 0, same, other, other, FILLER)
    add_bonds(g, 0, same, face_up=False)
    begin(g)
    assert g.attack(corrin) == 40


# --------------------------------------------------------------------------- Hero Emblem
EMBLEM = [pytest.param(MALE, "white", "black", marks=pytest.mark.card(MALE), id=MALE),
          pytest.param(FEMALE, "black", "white", marks=pytest.mark.card(FEMALE), id=FEMALE)]


def _hero(code, symbol, attacking=True):
    lord = card("Lord 0", "main character", attack=50, symbols=symbol)
    g, m0, m1 = board(lord)
    deck_top(g, 0, C(code))
    if attacking:
        begin(g)
        declare(g, m0, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, m0)
    finish(g)
    return g


@pytest.mark.parametrize("code,colour,other", EMBLEM)
def test_hero_emblem_attacker_of_its_symbol_breaks_2_orbs_until_the_end_of_the_combat(code, colour, other):
    g = _hero(code, colour)
    assert len(g.players[1].orbs) == 3
    assert [e.count for e in events(g, ev.OrbsBreaking)] == [2]
    assert g.orbs_broken_by(g.players[0].main_character) == 1
    g = _hero(code, (other, colour))                      # a dual-symbol unit qualifies
    assert len(g.players[1].orbs) == 3


@pytest.mark.parametrize("code,colour,other", EMBLEM)
def test_hero_emblem_not_for_another_symbol_nor_in_defence(code, colour, other):
    g = _hero(code, other)
    assert len(g.players[1].orbs) == 4
    g = _hero(code, colour, attacking=False)
    assert not events(g, ev.SkillResolved)
