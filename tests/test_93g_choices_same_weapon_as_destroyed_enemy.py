"""`the destroyed enemy` (the enemy a "when this unit destroys an enemy" skill's trigger is about,
as the top card it had when it left the field) and the filter `with the same weapon as <reference>`:
"When this unit's attack destroys an enemy, ... Choose 1 card with the same weapon affinity as the
destroyed enemy from your Retreat Area, and add it to your hand" (B07-074HN)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Dieck, Probe"
  codes TST-982
  cost 1
  symbol red
  range 1
  attack 90
  support 10
'''

SKILL = '''  auto "Salvage"
    when this unit destroys an enemy
    choose 1 card with the same weapon as the destroyed enemy from your retreat area
    add it to your hand
'''

CARD = compile_text(HEAD + SKILL, "game.fe0")[0]


def test_reads():
    assert "Choose 1 card with the same weapon affinity as the destroyed enemy from your Retreat Area" \
        in CARD.skills[0].text, CARD.skills[0].text


@pytest.mark.parametrize("skill, words", [
    ('''  act "X"
    choose 1 card with the same weapon as the destroyed enemy from your retreat area
    add it to your hand
''', "'the destroyed enemy' is the enemy"),
    ('''  auto "X"
    when this unit destroys an enemy
    if the destroyed enemy is sword
    draw 1
''', "'the destroyed enemy' is the enemy"),
])
def test_refused_near_misses(skill, words):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD.replace("TST-982", "TST-983") + skill, "bad.fe0")
    assert words in str(e.value)


def test_the_destroyed_enemys_weapon_picks_the_cards_offered():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    me = add_unit(game, 0, CARD)
    foe = add_unit(game, 1, card("Foe", weapon="lance", attack=10))
    retreat = add_cards(game, 0, "retreat", card("Spear", weapon="lance"), card("Blade", weapon="sword"))
    begin(game)
    pick(game, "attack", unit=me, target=foe)
    assert game.unit(foe.id) is None                  # destroyed; the skill asks at once
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {retreat[0].id}          # the lance, not the sword
    pick(game, "card", card=retreat[0].card)
    assert retreat[0].id in [c.id for c in game.players[0].hand]
