"""The filter `with the same unit name as another ally`: a card sharing a unit name with any one
of the other allies on the field (this unit not counted): "Choose 1 card with the same Unit Name
as another ally from your Retreat Area, and add it to your hand" (B08-023R). Nothing matches with
no other ally; 'with a different unit name from another ally' is not a phrase of the language."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Maribelle, Probe"
  codes TST-976
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

SKILL = '''  act "Mend"
    choose 1 card with the same unit name as another ally from your retreat area
    add it to your hand
'''

CARDS = {c.unit_name: c for c in compile_text(HEAD + SKILL, "game.fe0")}


def test_reads():
    assert "with the same Unit Name as another ally from your Retreat Area" in CARDS["Maribelle"].skills[0].text


def test_refused_near_miss():
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + SKILL.replace("the same unit name as another ally",
                                          "a different unit name from another ally"), "bad.fe0")
    assert "different unit name from" in str(e.value)


def _board(*others):
    game, mc0, mc1 = duel(card("Lord 0", "main character"))
    add_unit(game, 0, CARDS["Maribelle"])
    for o in others:
        add_unit(game, 0, o)
    add_unit(game, 1, card("Enem"))
    retreat = add_cards(game, 0, "retreat", card("Lord 0", "cost 3", cost=3), card("Bram", "cost 3", cost=3),
                        card("Maribelle", "cost 3", cost=3), card("Enem", "cost 3", cost=3))
    begin(game)
    return game, retreat


def test_any_other_allys_unit_name_is_offered_not_this_units_nor_an_enemys():
    game, retreat = _board(card("Bram"))
    pick(game, "use_skill", skill="Mend")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[0].id, retreat[1].id}      # the MC's and Bram's; not Maribelle's, not Enem's
    pick(game, "card", card=retreat[1].card)
    assert retreat[1].id in [c.id for c in game.players[0].hand]


def test_only_the_main_character_as_other_ally():
    game, retreat = _board()
    pick(game, "use_skill", skill="Mend")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[0].id}


# "another ally in the same line as this unit": the line narrows the group (B05-027HN), the nearest
# noun, not the card chosen from the Retreat Area
NARROW = SKILL.replace("another ally", "another ally in the same line as this unit").replace('"Mend"', '"Line Mend"')
LINE = {c.unit_name: c for c in compile_text(HEAD.replace("TST-976", "TST-977") + NARROW, "line.fe0")}


def test_narrowed_group_reads():
    text = LINE["Maribelle"].skills[0].text
    assert "with the same Unit Name as another ally in the same area as this unit from your Retreat Area" in text


def test_narrowed_group_takes_only_the_allies_of_this_units_line():
    from fecipher.engine.state import BACK
    game, mc0, mc1 = duel(card("Lord 0", "main character"))
    add_unit(game, 0, LINE["Maribelle"])                   # front line, with the MC
    add_unit(game, 0, card("Bram"), area=BACK)
    add_unit(game, 1, card("Enem"))
    retreat = add_cards(game, 0, "retreat", card("Lord 0", "cost 3", cost=3), card("Bram", "cost 3", cost=3))
    begin(game)
    pick(game, "use_skill", skill="Line Mend")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[0].id}                       # the MC's name; Bram is in the back line


def test_narrowed_group_with_no_other_ally_in_the_line_offers_nothing():
    from fecipher.engine.state import BACK
    game, mc0, mc1 = duel(card("Lord 0", "main character"))
    add_unit(game, 0, LINE["Maribelle"], area=BACK)
    add_unit(game, 1, card("Enem"))
    add_cards(game, 0, "retreat", card("Lord 0", "cost 3", cost=3))
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Line Mend")
    assert not [o for o in game.legal_options() if o.kind == "card"]
    assert len(game.players[0].hand) == hand
