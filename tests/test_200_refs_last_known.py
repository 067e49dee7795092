"""Last-known information (docs/rules.md, "Last-known information"; engine LastKnown): a unit
that leaves the field is remembered as it was at that moment (its unit names with acquired
ones, symbols, types, cost), and the filters and conditions that read a value of a reference
to it afterwards read that: "Choose 1 non-Main Character enemy, and send them to the
Boundless Area. Then, send all cards in your opponent's Retreat Area with the same Unit Name
as that enemy to the Boundless Area" (B22-072SR). Effects that act on the reference still
find nothing: the unit is gone."""
from fecipher.dsl.packs import compile_text
from fecipher.engine.snapshot import copy_at_restart_point

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Vex, Probe"
  codes TST-201
  cost 1
  symbol black
  range 1
  attack 30
  support 10

  act "Banish"
    choose 1 non-main character enemy
    send it to your opponent's boundless area
    send all cards with the same unit name as the chosen enemy from your opponent's retreat area to your opponent's boundless area
  act "Pull"
    choose 1 non-main character enemy
    put it into your opponent's hand
    choose 1 card with the same color as the chosen enemy from your opponent's retreat area
    send the chosen card to your opponent's boundless area
    destroy the chosen enemy

card "Mask, Probe"
  codes TST-202
  cost 2
  symbol blue
  range 1
  attack 40
  support 10

  cont "Borrowed Face"
    this unit acquires the unit name "Marth"
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "lki.fe0")}


def _board():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Vex"])
    mask = add_unit(game, 1, CARDS["Mask"])
    retreat = add_cards(game, 1, "retreat", card("Mask", cost=3, symbols="green"), card("Marth", symbols="green"),
                        card("Other", symbols="blue"))
    begin(game)
    return game, mask, retreat


def test_the_unit_as_it_left_is_remembered_with_its_acquired_name():
    game, mask, _ = _board()
    assert game.unit_names(mask) == {"Mask", "Marth"}
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=mask.id)
    lk = game.last_known[mask.id]
    assert (lk.names, lk.cost, lk.owner, lk.main_character) == (frozenset({"Mask", "Marth"}), 2, 1, False)
    assert {s.value for s in lk.symbols} == {"blue"}


def test_same_unit_name_as_a_unit_sent_away_reads_its_names_as_it_left():
    game, mask, retreat = _board()
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=mask.id)
    boundless = {c.id for c in game.players[1].boundless}
    # the unit's own card, the "Mask" card and the "Marth" card (its acquired name then); not "Other"
    assert boundless == {mask.cards[0].id, retreat[0].id, retreat[1].id}
    assert [c.id for c in game.players[1].retreat] == [retreat[2].id]


def test_same_color_as_a_unit_returned_to_the_hand_and_effects_on_it_find_nothing():
    game, mask, retreat = _board()
    pick(game, "use_skill", skill="Pull")
    pick(game, "unit", unit=mask.id)
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[2].id}             # blue, as the unit was; not the green cards
    pick(game, "card", card=retreat[2].card)
    # "destroy the chosen enemy": the unit is in the hand now, nothing is destroyed
    assert mask.cards[0].id in {c.id for c in game.players[1].hand}
    assert retreat[2].id in {c.id for c in game.players[1].boundless}


def test_last_known_information_is_kept_by_copies():
    game, mask, _ = _board()
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=mask.id)
    copy = copy_at_restart_point(game)
    assert copy is not None and copy.last_known[mask.id] == game.last_known[mask.id]
    assert copy.last_known is not game.last_known
