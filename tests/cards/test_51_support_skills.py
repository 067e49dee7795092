"""Every support skill of the starter cards, exercised through a real attack with the
support card on top of its owner's deck.

The board: player 1's MC "Lord 0" (red, attack 50) and player 2's "Lord 1" (attack 50);
the other deck is filler (support 10)."""
import pytest

from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from helpers import (
    C, add_cards, add_unit, begin, board, card, card_choices, choose_units, declare, deck_top, events, finish,
    foe, no, pick, unit_choices, yes,
)


def card_params(*codes):
    return [pytest.param(code, marks=pytest.mark.card(code), id=code) for code in codes]


def _battle(code, *, attacking, attacker_card=None):
    """A battle where ``code`` is the top card of its side's deck.

    attacking=True: player 1 attacks with its MC (``attacker_card`` if given) and
    ``code`` supports it; otherwise player 2 attacks and ``code`` supports player 1's
    defending MC. Returns (game, player 1's MC, player 2's MC)."""
    g, m0, m1 = board(attacker_card if attacking else None)
    deck_top(g, 0, C(code))
    if attacking:
        begin(g, turn=2, player=0)
        declare(g, m0, m1)
    else:
        begin(g, turn=3, player=1)
        declare(g, m1, m0)
    return g, m0, m1


# --------------------------------------------------------------------------- Attack Emblem
ATTACK_EMBLEM = ("B01-008ST", "B01-010ST", "B01-014ST", "B01-018ST", "B01-019ST", "B01-020ST", "B01-024ST",
                 "B01-063ST", "B01-065ST", "B01-067ST", "B01-071ST", "S02-003ST")


@pytest.mark.parametrize("code", card_params(*ATTACK_EMBLEM))
def test_attack_emblem_gives_the_attacking_unit_20_until_the_end_of_the_combat(code):
    g, m0, m1 = _battle(code, attacking=True)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    s = C(code).support
    assert (j.attacker_power, j.attacker_support) == (50 + s + 20, s)
    assert j.defender_power == 50 + 10
    assert [e.skill for e in events(g, ev.SkillResolved)] == ["Attack Emblem"]
    # Until the end of the combat: after it, the MC is back to 50.
    assert g.attack(m0) == 50


@pytest.mark.parametrize("code", card_params(*ATTACK_EMBLEM))
def test_attack_emblem_is_an_attack_support_only(code):
    # Supporting the attacker: +20 ...
    g, m0, m1 = _battle(code, attacking=True)
    finish(g)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + C(code).support + 20
    # ... supporting the defender: no skill, its support power only.
    g, m0, m1 = _battle(code, attacking=False)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.defender_power == 50 + C(code).support
    assert not events(g, ev.SkillResolved)


# --------------------------------------------------------------------------- Defense Emblem
@pytest.mark.parametrize("code", card_params("B01-012ST", "S02-002ST"))
def test_defense_emblem_gives_the_defending_unit_20_and_only_in_defence(code):
    g, m0, m1 = _battle(code, attacking=False)
    finish(g)
    j = events(g, ev.BattleJudged)[-1]
    assert j.defender_power == 50 + 10 + 20            # Draug / Kellam support 10, +20
    assert j.attacker_power == 50 + 10
    assert not j.attacker_wins                          # 60 < 80: the MC is not destroyed
    assert len(g.players[0].orbs) == 5
    assert g.attack(m0) == 50                           # until the end of the combat
    # As an attack support it does nothing.
    g, m0, m1 = _battle(code, attacking=True)
    finish(g)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 10
    assert not events(g, ev.SkillResolved)


# --------------------------------------------------------------------------- Miracle Emblem
@pytest.mark.parametrize("code", card_params("B01-026ST", "B01-060ST", "B01-072ST"))
def test_miracle_emblem_the_attacking_unit_cannot_critical_hit(code):
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    add_cards(g, 1, "hand", m1.card)        # a "Lord 1" card: the attacker could critical hit
    add_cards(g, 0, "hand", m0.card)        # a "Lord 0" card: the battle stops at the evasion
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    # No critical-hit decision: the support step made the attacker unable to.
    assert g.decision.kind == "evasion"
    assert g.flag(m1, M.CANNOT_CRITICAL)
    finish(g)
    assert not events(g, ev.CriticalHit)
    j = events(g, ev.BattleJudged)[-1]
    assert not j.critical and j.attacker_power == 60
    # Until the end of the combat only.
    assert not g.flag(m1, M.CANNOT_CRITICAL)


@pytest.mark.parametrize("code", card_params("B01-026ST", "B01-060ST", "B01-072ST"))
def test_miracle_emblem_does_nothing_as_an_attack_support(code):
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    add_cards(g, 0, "hand", m0.card)
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    # The attacker's own Miracle Emblem does not stop its critical hit.
    assert g.decision.kind == "critical_hit"
    # And the defender's Miracle Emblem does stop it (same board, roles swapped).
    g, m0, m1 = board()
    deck_top(g, 1, C(code))
    add_cards(g, 0, "hand", m0.card)
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind != "critical_hit"


# --------------------------------------------------------------------------- Magic Emblem
@pytest.mark.parametrize("code", card_params("B01-029ST", "B01-036ST", "S02-004ST", "S02-005ST"))
def test_magic_emblem_draws_1_then_sends_1_card_of_the_hand_to_the_retreat_area(code):
    g, m0, m1 = board()
    kept, = add_cards(g, 0, "hand", foe("Kept"))
    dropped, = add_cards(g, 0, "hand", foe("Dropped"))
    sup, nxt = deck_top(g, 0, C(code), foe("Next"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    # Drew the next card of the deck, then chooses a card of the hand.
    assert g.decision.kind == "choose" and g.decision.player == 0
    assert card_choices(g) == {kept.id, dropped.id, nxt.id}
    pick(g, "card", card=dropped)
    finish(g)
    p = g.players[0]
    assert [c.id for c in p.hand] == [kept.id, nxt.id]
    assert dropped.id in [c.id for c in p.retreat]
    assert [e.name for e in events(g, ev.Drew)] == [nxt.card.name]
    # No attack bonus: support power only.
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20


@pytest.mark.parametrize("code", card_params("B01-029ST", "B01-036ST", "S02-004ST", "S02-005ST"))
def test_magic_emblem_is_an_attack_support_only(code):
    g, m0, m1 = board()
    kept, = add_cards(g, 0, "hand", foe("Kept"))
    deck_top(g, 0, C(code))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and [c.id for c in g.players[0].hand] == [kept.id]
    # The same card on the attacking side draws.
    g, m0, m1 = board()
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert len(events(g, ev.Drew)) == 1


@pytest.mark.card("S02-004ST")
def test_magic_emblem_with_an_empty_hand_sends_the_card_just_drawn():
    g, m0, m1 = board()
    sup, nxt = deck_top(g, 0, C("S02-004ST"), foe("Next"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    pick(g, "card", card=nxt)
    finish(g)
    assert g.players[0].hand == [] and nxt in g.players[0].retreat


# --------------------------------------------------------------------------- Flying Emblem
FLYING = ("B01-006ST", "B01-069ST", "B01-076ST")


@pytest.mark.parametrize("code", card_params(*FLYING))
def test_flying_emblem_moves_an_ally_other_than_the_attacker(code):
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    b = add_unit(g, 0, foe("Back Ally"), area="back", tapped=True)
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "choose"
    assert unit_choices(g) == {a.id, b.id}            # not the attacking unit, no enemy
    choose_units(g, b)
    yes(g)
    finish(g)
    assert b.area == "front" and b.tapped              # moved by a skill: no tap change (rule 10)
    assert a.area == "front" and m0.area == "front"


@pytest.mark.parametrize("code", card_params(*FLYING))
def test_flying_emblem_move_is_optional(code):
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    choose_units(g, a)
    no(g)
    finish(g)
    assert a.area == "front"
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 30


@pytest.mark.parametrize("code", card_params(*FLYING))
def test_flying_emblem_is_an_attack_support_only(code):
    g, m0, m1 = board()
    a = add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(code))
    begin(g, turn=3, player=1)
    declare(g, m1, m0)
    finish(g)
    assert g.battle is None and a.area == "front"     # no choice was offered
    # On the attacking side the same card asks.
    g, m0, m1 = board()
    add_unit(g, 0, foe("Front Ally"))
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "choose"


# --------------------------------------------------------------------------- Hero Emblem
def _hero(code, symbol):
    lord = card("Lord 0", "main character", attack=50, symbols=symbol)
    g, m0, m1 = board(lord)
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    finish(g)
    return g, m0, m1


@pytest.mark.card("B01-003ST")
def test_hero_emblem_red_attacker_breaks_2_orbs():
    g, m0, m1 = _hero("B01-003ST", "red")
    assert events(g, ev.BattleJudged)[-1].attacker_wins
    assert len(g.players[1].orbs) == 3
    assert [e.count for e in events(g, ev.OrbsBreaking)] == [2]
    assert g.orbs_broken_by(m0) == 1                  # until the end of the combat


@pytest.mark.card("B01-003ST")
def test_hero_emblem_red_needs_a_red_attacker():
    g, m0, m1 = _hero("B01-003ST", "blue")
    assert len(g.players[1].orbs) == 4
    g, m0, m1 = _hero("B01-003ST", ("blue", "red"))   # a dual-symbol red unit is red
    assert len(g.players[1].orbs) == 3


@pytest.mark.card("B01-053ST")
def test_hero_emblem_blue_attacker_breaks_2_orbs():
    g, m0, m1 = _hero("B01-053ST", "blue")
    assert len(g.players[1].orbs) == 3
    assert g.orbs_broken_by(m0) == 1


@pytest.mark.card("B01-053ST")
def test_hero_emblem_blue_needs_a_blue_attacker():
    g, m0, m1 = _hero("B01-053ST", "red")
    assert len(g.players[1].orbs) == 4
    g, m0, m1 = _hero("B01-053ST", "blue")
    assert len(g.players[1].orbs) == 3


@pytest.mark.parametrize("code", card_params("B01-003ST", "B01-053ST"))
def test_hero_emblem_is_an_attack_support_only(code):
    # The defending side's Hero Emblem does not change the attack (nor the defender).
    lord = card("Lord 1", "main character", attack=50, symbols=("red", "blue"))
    g, m0, m1 = board(None, lord)
    deck_top(g, 1, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    finish(g)
    assert not events(g, ev.SkillResolved)
    assert len(g.players[1].orbs) == 5               # 50+10 against 50+20: not destroyed
    # A Hero Emblem on the attacker's side, the same board, breaks 2.
    lord = card("Lord 0", "main character", attack=70, symbols=("red", "blue"))
    g, m0, m1 = board(lord)
    deck_top(g, 0, C(code))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    finish(g)
    assert len(g.players[1].orbs) == 3


# --------------------------------------------------------------------------- Tactical Emblem
@pytest.mark.card("B01-058ST")
def test_tactical_emblem_blue_attacker_moves_an_enemy_other_than_the_defender():
    lord = card("Lord 0", "main character", attack=50, symbols="blue")
    g, m0, m1 = board(lord)
    e_front = add_unit(g, 1, foe("Enemy Front"))
    e_back = add_unit(g, 1, foe("Enemy Back"), area="back")
    deck_top(g, 0, C("B01-058ST"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "choose" and g.decision.player == 0
    assert unit_choices(g) == {e_front.id, e_back.id}  # not the defending unit, no ally
    choose_units(g, e_back)
    yes(g)
    finish(g)
    assert e_back.area == "front" and e_front.area == "front"


@pytest.mark.card("B01-058ST")
def test_tactical_emblem_move_is_optional_and_needs_a_blue_attacker():
    lord = card("Lord 0", "main character", attack=50, symbols="blue")
    g, m0, m1 = board(lord)
    e = add_unit(g, 1, foe("Enemy"))
    deck_top(g, 0, C("B01-058ST"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    choose_units(g, e)
    no(g)
    finish(g)
    assert e.area == "front"
    # A red attacker: no choice at all.
    g, m0, m1 = board()
    e = add_unit(g, 1, foe("Enemy"))
    deck_top(g, 0, C("B01-058ST"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    finish(g)
    assert g.battle is None and e.area == "front"
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20


@pytest.mark.card("B01-058ST")
def test_tactical_emblem_is_an_attack_support_only():
    lord = card("Lord 1", "main character", attack=50, symbols="blue")
    g, m0, m1 = board(None, lord)
    e = add_unit(g, 0, foe("Ally of player 1"))
    deck_top(g, 1, C("B01-058ST"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    finish(g)
    assert g.battle is None and e.area == "front"
    # The blue attacker's own Tactical Emblem asks.
    lord = card("Lord 0", "main character", attack=50, symbols="blue")
    g, m0, m1 = board(lord)
    add_unit(g, 1, foe("Enemy"))
    deck_top(g, 0, C("B01-058ST"))
    begin(g, turn=2, player=0)
    declare(g, m0, m1)
    assert g.decision.kind == "choose"
