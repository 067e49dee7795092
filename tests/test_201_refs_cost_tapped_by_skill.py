"""The filter `tapped as the cost of this unit's "X" this turn`: the units the costs of this
unit's uses of its skill "X" tapped in the turn going on ("When this unit's attack destroys an
enemy, choose 1 ally who was tapped as the cost of this unit's "Perhaps you would join me for
tea?" in this turn, and untap them", B02-064R). The engine keeps them as each use is paid
(Game.cost_taps); they are units, not cards, and a unit that left the field since is not one."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, answer_until, begin, card, duel, pick

HEAD = '''
card "Dancer, Probe"
  codes TST-211
  cost 1
  symbol black
  range 1
  attack 80
  support 10

'''
TEA = '''  act "Tea"
    once per turn
    cost tap 2 female allies
    this unit gains +10 attack until the end of the turn
'''
GRACE = '''  auto "Grace"
    when this unit destroys an enemy
    choose 1 ally tapped as the cost of this unit's "Tea" this turn
    untap it
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + TEA + GRACE, "game.fe0")}


def test_reads():
    assert "Choose 1 ally tapped as the cost of this unit's \"Tea\" this turn. Untap it." in \
        CARDS["Dancer"].skills[1].text


@pytest.mark.parametrize("bad, says", [
    (GRACE.replace("choose 1 ally tapped", "choose 1 card tapped"), "is said of units"),
    (GRACE.replace('"Tea" this turn', '"Teatime" this turn'), 'no skill "Teatime"'),
    (GRACE.replace('"Tea" this turn', '"Grace" this turn'), "names another skill"),
    (TEA.replace("cost tap 2 female allies", "cost flip 1 bond") + GRACE, "taps no unit: not supported"),
])
def test_refused_near_misses(bad, says):
    text = HEAD + (bad if bad.startswith('  act') else TEA + bad)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert says in str(e.value)


def _board():
    game, mc0, mc1 = duel(card("Lord 0", gender="male"))
    dancer = add_unit(game, 0, CARDS["Dancer"])
    a, b, c = (add_unit(game, 0, card(n, gender="female")) for n in ("Ann", "Bea", "Cat"))
    foe = add_unit(game, 1, card("Foe", attack=30))
    begin(game)
    return game, dancer, (a, b, c), foe


def _attack_and_destroy(game, dancer, foe):
    pick(game, "attack", unit=dancer, target=foe)
    answer_until(game, lambda g: g.decision is not None and g.decision.kind == "choose")


def test_only_the_allies_this_units_tea_tapped_this_turn_are_offered():
    game, dancer, (a, b, c), foe = _board()
    pick(game, "use_skill", skill="Tea")
    pick(game, "unit", unit=a.id)
    pick(game, "unit", unit=b.id)
    c.tapped = True                               # tapped, but not by the cost
    _attack_and_destroy(game, dancer, foe)
    assert game.unit(foe.id) is None
    offered = {o.unit for o in game.legal_options() if o.kind == "unit"}
    assert offered == {a.id, b.id}
    pick(game, "unit", unit=b.id)
    assert not b.tapped and a.tapped and c.tapped


def test_without_a_use_of_tea_this_turn_no_ally_is_offered():
    game, dancer, (a, b, c), foe = _board()
    a.tapped = b.tapped = True
    game.cost_taps[(game.turn - 2, dancer.id, "Tea")] = (a.id, b.id)   # an earlier turn's use
    pick(game, "attack", unit=dancer, target=foe)
    answer_until(game, lambda g: g.decision is not None and g.decision.kind == "action")
    assert game.unit(foe.id) is None and a.tapped and b.tapped
