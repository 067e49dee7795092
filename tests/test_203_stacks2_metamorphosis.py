"""A metamorphosis (engine decision 43): the SPEC line `this card is stacked onto "Ike" as a
metamorphosis when it is placed in your support area` (B12-002SR "Forbidden Medallion": "When this
card is placed in your support area, stack this support card on top of an allied "Ike" as a
metamorphosis. (Metamorphoses do not count as a Level Up or Class Change.)"). The card leaves the
Support Area as it is placed, before anything triggered resolves, and goes on top of an allied
unit of that name (its owner choosing among several); the unit is that card now, neither levelled
up nor class changed by it; the combat goes on without that support card."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Ike, Medallion"
  codes TST-231
  cost 4
  class change cost 3
  symbol green
  range 1
  attack 100
  support 30
  spec "Forbidden Medallion"
    this card is stacked onto "Ike" as a metamorphosis when it is placed in your support area
  auto "Raging"
    when this unit destroys an enemy
    draw 1

card "Watcher, Support Placed"
  codes TST-232
  cost 1
  symbol green
  range 1
  attack 10
  support 10
  auto "Seen"
    when a card is placed in your support area
    you may send that card to your retreat area
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
MEDALLION = CARDS["Ike, Medallion"]
WATCHER = CARDS["Watcher, Support Placed"]
IKE = card("Ike", "base", cost=1, symbols="green", attack=50)
OTHER = card("Soren", "other", cost=1, symbols="green", attack=40)


def _attack(attacker_stack, *, others=(), class_changed=False):
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, *attacker_stack, area="front", class_changed=class_changed)
    extra = [add_unit(game, 0, *s, area="back") for s in others]
    add_cards(game, 0, "deck", MEDALLION, top=True)
    begin(game, turn=3)
    pick(game, "attack", unit=unit.id)
    return game, unit, extra


def test_the_support_card_goes_on_top_of_the_battling_ike_and_the_combat_goes_on_without_it():
    game, unit, _ = _attack([IKE])
    assert [c.card for c in unit.cards] == [MEDALLION, IKE]
    assert game.attack(unit) == 100 and not unit.class_changed
    assert not game.players[0].support and MEDALLION not in [c.card for c in game.players[0].retreat]
    got = events(game, ev.Metamorphosed)
    assert len(got) == 1 and got[0].unit == unit.id
    assert not events(game, ev.LeveledUp) and not events(game, ev.ClassChanged)
    assert not events(game, ev.SupportSucceeded) or all(e.player != 0 for e in events(game, ev.SupportSucceeded))
    judged = events(game, ev.BattleJudged)[-1]
    assert judged.attacker_power == 100 and judged.attacker_support == 0
    # the unit is the Medallion now: its AUTO skill triggers on its attack's destruction
    assert any(e.skill == "Raging" for e in events(game, ev.SkillTriggered))


def test_an_ike_that_is_not_battling_is_the_one_it_goes_onto():
    game, unit, (ike,) = _attack([OTHER], others=[[IKE]])
    assert [c.card for c in ike.cards] == [MEDALLION, IKE]
    assert [c.card for c in unit.cards] == [OTHER]
    assert events(game, ev.BattleJudged)[-1].attacker_support == 0


def test_a_class_changed_unit_stays_class_changed_and_draws_nothing():
    game, unit, _ = _attack([IKE, IKE], class_changed=True)
    assert unit.class_changed and len(unit.cards) == 3
    assert not events(game, ev.Drew)      # (no class-change draw)


def test_with_no_ike_it_stays_a_support_card():
    game, unit, _ = _attack([OTHER])
    assert [c.card for c in unit.cards] == [OTHER]
    assert not events(game, ev.Metamorphosed)
    assert events(game, ev.BattleJudged)[-1].attacker_support == 30


def test_the_owner_chooses_among_several_ikes():
    sharing = compile_text(PACK + '''
card "Ike, Many"
  codes TST-233
  cost 1
  symbol green
  range 1
  attack 50
  support 10
  spec "Many"
    this card can share its unit name with allies
''', "t.fe0")[2]
    game, mc0, mc1 = duel()
    a = add_unit(game, 0, sharing, area="front")
    b = add_unit(game, 0, sharing, area="back")
    add_cards(game, 0, "deck", MEDALLION, top=True)
    begin(game, turn=3)
    pick(game, "attack", unit=a.id)
    assert game.decision.kind == "choose" and {o.unit for o in game.decision.options} == {a.id, b.id}
    pick(game, unit=b.id)
    assert [c.card for c in b.cards] == [MEDALLION, sharing] and len(a.cards) == 1


def test_a_trigger_on_the_placement_finds_the_card_gone():
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, IKE, area="front")
    add_unit(game, 0, WATCHER, area="back")
    add_cards(game, 0, "deck", MEDALLION, top=True)
    begin(game, turn=3)
    pick(game, "attack", unit=unit.id)
    assert [c.card for c in unit.cards] == [MEDALLION, IKE]
    assert MEDALLION not in [c.card for c in game.players[0].retreat]


@pytest.mark.parametrize("line", [
    'this card is stacked onto "Ike" as a metamorphosis when it is placed in your bond area',
    "this card is stacked onto your main character as a metamorphosis when it is placed in your support area",
])
def test_other_units_are_refused(line):
    with pytest.raises(LanguageError) as err:
        compile_text(PACK.replace('this card is stacked onto "Ike" as a metamorphosis when it is placed in your '
                                  'support area', line), "t.fe0")
    assert "not supported" in str(err.value)


def test_only_a_spec_skill():
    bad = PACK.replace('  spec "Forbidden Medallion"\n', '  cont "Forbidden Medallion"\n')
    with pytest.raises(LanguageError):
        compile_text(bad, "t.fe0")


def test_describe():
    assert "as a metamorphosis" in MEDALLION.skills[0].text
    assert "neither a Level Up nor a Class Change" in MEDALLION.skills[0].text
