"""A named skill of this card chooses more (dsl/choice_widen.py):

- `this unit's "Aether" can choose your opponent's main character` (CONT, under its condition:
  "If there are no non-Main Character enemies, your opponent's Main Character becomes the enemy
  who can be destroyed by this unit's "Aether, the Occult Skill"", B22-008SR);
- `this unit's "Dawn" can choose 1 card with cost 7 or lower instead of 2 or lower until the end
  of the turn` (ACT: "Until the end of the turn, you may choose 1 card with a Deployment Cost of 7
  or lower, rather than 2 or lower, for this unit's "Queen of Dawn"", B20-051SR).

The choice of the named skill of that unit offers what it offered and what the widening adds,
while the widening holds; other skills' choices and other units' are unchanged."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.state import RETREAT

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Ike, Probe"
  codes TST-310
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  act "Aether"
    cost tap this unit
    choose 1 non-main character enemy
    destroy it
  cont "Fate"
    if your opponent has no non-main character units
    this unit's "Aether" can choose your opponent's main character

card "Soren, Probe"
  codes TST-311
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  act "Aether"
    cost tap this unit
    choose 1 non-main character enemy
    destroy it

card "Mica, Probe"
  codes TST-312
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  act "Dawn"
    cost flip 1 bond
    choose 1 green card with cost 2 or lower from your retreat area
    add it to your hand
  act "Blessing"
    cost tap this unit
    this unit's "Dawn" can choose 1 card with cost 7 or lower instead of 2 or lower until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "game.fe0")}


def test_reads():
    fate = CARDS["Ike"].skills[1].text
    assert 'This unit\'s "Aether" can choose your opponent\'s Main Character.' in fate
    bless = CARDS["Mica"].skills[1].text
    assert ('Until the end of the turn, this unit\'s "Dawn" can choose 1 card with a Deployment Cost of 7 or lower, '
            'rather than 2 or lower.') in bless


@pytest.mark.parametrize("old, new, words", [
    ('this unit\'s "Aether" can choose', 'this unit\'s "Nothing" can choose', "is not another ACT or AUTO skill"),
    ('this unit\'s "Aether" can choose your opponent\'s main character',
     'this unit\'s "Aether" can choose 1 enemy', "without a count"),
    ('this unit\'s "Aether" can choose', 'this unit\'s "Aether" can destroy', "not supported"),
    ('this unit\'s "Aether" can choose your opponent\'s main character',
     'this unit\'s "Aether" can choose your opponent\'s main character until the end of the turn', "takes no duration"),
    ('instead of 2 or lower until the end of the turn', 'instead of 2 or lower', "needs a duration"),
    ('instead of 2 or lower', 'instead of 3 or lower', "has no filter 'with cost 3 or lower'"),
    ('1 card with cost 7 or lower instead of', '1 card with cost 7 or higher instead of', "the same 'or lower'"),
    ('1 card with cost 7 or lower instead of', '1 green card with cost 7 or lower instead of', "nothing else"),
    ('1 card with cost 7 or lower instead of', '2 cards with cost 7 or lower instead of', "the count differs"),
])
def test_refused_near_misses(old, new, words):
    assert old in PACK
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace(old, new), "bad.fe0")
    assert words in str(e.value)
    assert "expected" not in str(e.value).lower()


def test_refused_with_two_choices_in_the_named_skill():
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace('''    choose 1 non-main character enemy
    destroy it
  cont "Fate"''', '''    choose 1 non-main character enemy
    destroy it
    choose 1 enemy
    tap it
  cont "Fate"'''), "bad.fe0")
    assert "exactly one choice of units" in str(e.value)


def _enemy_units(game):
    return {o.unit for o in game.legal_options() if o.kind == "unit"}


def test_main_character_offered_while_the_condition_holds():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Ike"])
    begin(game)
    orbs = len(game.players[1].orbs)
    pick(game, "use_skill", skill="Aether")
    assert _enemy_units(game) == {mc1.id}
    pick(game, "unit", unit=mc1)
    # a Main Character destroyed by a skill: an orb is broken (rule 4)
    assert game.decision.kind == "break_orb" and game.decision.player == 1
    pick(game, "card", card=game.players[1].orbs[0].copy.id)
    assert len(game.players[1].orbs) == orbs - 1


def test_not_offered_with_a_non_main_character_enemy():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Ike"])
    other = add_unit(game, 1, card("Foe"))
    begin(game)
    pick(game, "use_skill", skill="Aether")
    assert _enemy_units(game) == {other.id}
    pick(game, "unit", unit=other)
    assert game.unit(other.id) is None
    assert len(game.players[1].orbs) == 5


def test_another_units_skill_of_that_name_is_not_widened():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Ike"])
    add_unit(game, 0, CARDS["Soren"])
    begin(game)
    soren = next(u for u in game.players[0].front if u.card.unit_name == "Soren")
    pick(game, "use_skill", skill="Aether", unit=soren)
    # Soren's "Aether" has nothing to choose: the Main Character is offered to Ike's only
    assert not _enemy_units(game)
    assert len(game.players[1].orbs) == 5
    assert game.unit(mc1.id) is mc1


def _dawn_board():
    game, mc0, mc1 = duel(card("Lord 0"), card("Lord 1"))
    add_unit(game, 0, CARDS["Mica"])
    add_bonds(game, 0, card("Bond", symbols="green"))
    cheap = card("Chea", cost=2, symbols="green")
    big = card("Bigg", cost=5, symbols="green")
    huge = card("Huge", cost=8, symbols="green")
    red = card("Redd", cost=5, symbols="red")
    add_cards(game, 0, RETREAT, cheap, big, huge, red)
    begin(game)
    ids = {c.card.unit_name: c.id for c in game.players[0].retreat}
    return game, ids


def test_the_bound_is_raised_for_the_turn_other_filters_kept():
    game, ids = _dawn_board()
    pick(game, "use_skill", skill="Blessing")
    pick(game, "use_skill", skill="Dawn")
    offered = {o.card for o in game.legal_options() if o.kind == "card"}
    assert offered == {ids["Chea"], ids["Bigg"]}
    pick(game, "card", card=ids["Bigg"])
    assert [c.card.unit_name for c in game.players[0].hand] == ["Bigg"]


def test_without_blessing_the_printed_bound():
    game, ids = _dawn_board()
    pick(game, "use_skill", skill="Dawn")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Chea"]}


def test_the_widening_ends_with_the_turn():
    game, ids = _dawn_board()
    pick(game, "use_skill", skill="Blessing")
    # to player 0's next turn: every decision passed (the opponent's turn too)
    while not (game.turn == 4 and game.decision.kind == "action"):
        pick(game, "pass")
    pick(game, "use_skill", skill="Dawn")
    assert {o.card for o in game.legal_options() if o.kind == "card"} == {ids["Chea"]}
