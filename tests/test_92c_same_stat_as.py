"""The filter `with the same cost as <reference>` (also attack, support): "Destroy all
non-Main Character enemies with the same Deployment Cost as that card" (B16-088R Ashera
"Light of Judgement"). It compares with the value of what the reference names when the
filter is asked, as `with a lower cost than ...` does; nothing matches when it names
nothing; a range is refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Ashera, Probe"
  codes TST-931
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Judge"
    reveal the top card of your deck
    destroy all non-main character enemies with the same cost as the revealed card
  act "Match"
    choose 1 enemy with the same attack as this unit
    move it
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "same.fe0")}


def _board():
    game, mc0, mc1 = duel()
    ashera = add_unit(game, 0, CARDS["Ashera"])
    two_a = add_unit(game, 1, card("Rook", cost=2, attack=30))
    two_b = add_unit(game, 1, card("Pell", cost=2, attack=60))
    one = add_unit(game, 1, card("Orin", cost=1, attack=30))
    return game, mc1, ashera, two_a, two_b, one


def test_the_enemies_with_the_revealed_cards_cost_are_destroyed():
    game, mc1, ashera, two_a, two_b, one = _board()
    add_cards(game, 0, "deck", card("Gus", cost=2), top=True)
    begin(game)
    pick(game, "use_skill", skill="Judge")
    on_field = {u.id for u in game.players[1].units}
    assert two_a.id not in on_field and two_b.id not in on_field
    assert one.id in on_field and mc1.id in on_field


def test_no_enemy_with_that_cost_nothing_destroyed():
    game, mc1, ashera, two_a, two_b, one = _board()
    add_cards(game, 0, "deck", card("Kade", cost=5), top=True)
    begin(game)
    before = {u.id for u in game.players[1].units}
    pick(game, "use_skill", skill="Judge")
    assert {u.id for u in game.players[1].units} == before


def test_the_same_attack_as_a_unit():
    game, mc1, ashera, two_a, two_b, one = _board()
    begin(game)
    pick(game, "use_skill", skill="Match")
    offered = {o.unit for o in game.legal_options() if o.kind == "unit"}
    assert offered == {two_a.id, one.id}        # attack 30, as Ashera's; not Pell (60) nor the MC (40)


def test_a_range_is_refused():
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace("with the same attack as this unit", "with the same range as this unit"), "r.fe0")
    assert "(or 'with the same ... as') compares cost, attack or support" in str(e.value)
