"""Another way to pay the cost of a skill of the same card (dsl/alt_costs.py): "you may
<cost> instead of paying the cost of "X" [or "Y"]" (B04-044SR Hardin, B16-027SR Melady).
The named ACT skill is offered when its printed cost or the other way can be paid; when
both can, its controller chooses as the cost is paid. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_unit, begin, card, duel, options, pick, refusal, option

PACK = '''
card "Hardy, Dark Emperor"
  codes TST-201
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  act "Darksphere"
    once per turn
    cost flip 2 bonds
    this unit gains +30 attack until the end of the turn
  act "Lance"
    cost flip 2 bonds
    this unit gains +10 attack until the end of the turn
  act "Plain"
    cost flip 1 bond
    this unit gains +5 attack until the end of the turn
  cont "A Sacrifice"
    you may destroy 1 other ally instead of paying the cost of "Darksphere" or "Lance"

card "Mela, Skypiercer"
  codes TST-202
  cost 1
  symbol purple
  range 1
  attack 40
  support 10
  act "Maltet"
    cost flip 1 bond
    this unit gains +10 attack until the end of the turn
  cont "Teachings"
    if you have 2 or more bonds
    you may tap this unit instead of paying the cost of "Maltet"
'''

CARDS = {c.title: c for c in compile_text(PACK, "altcosts.fe0")}


def _flip_count(game, player):
    return sum(1 for b in game.players[player].bonds if not b.face_up)


def test_the_other_way_chosen_destroys_an_ally_and_flips_nothing():
    game, mc0, mc1 = duel()
    hardy = add_unit(game, 0, CARDS["Dark Emperor"])
    other = add_unit(game, 0, card("Fodder"))
    add_bonds(game, 0, card("B1"), card("B2"))
    begin(game)
    pick(game, "use_skill", skill="Darksphere")
    d = game.decision
    assert sorted(o.label for o in d.options) == ["instead: Destroy 1 other ally (A Sacrifice)",
                                                  "pay the cost: Flip 2 Bonds face-down"]
    since = len(game.events)
    pick(game, "alternative", target=1)
    assert game.decision.kind == "choose"          # which other ally: the MC or Fodder
    pick(game, unit=other)
    assert game.unit(other.id) is None
    assert _flip_count(game, 0) == 0
    assert game.attack(hardy) == 70
    assert any(isinstance(e, ev.UnitDestroyed) and e.unit == other.id for e in game.events[since:])
    # Still a use of the skill: once per turn holds.
    assert not options(game, "use_skill", skill="Darksphere")


def test_the_printed_cost_chosen():
    game, mc0, mc1 = duel()
    hardy = add_unit(game, 0, CARDS["Dark Emperor"])
    other = add_unit(game, 0, card("Fodder"))
    add_bonds(game, 0, card("B1"), card("B2"))
    begin(game)
    pick(game, "use_skill", skill="Lance")
    pick(game, "alternative", target=0)
    assert game.unit(other.id) is other
    assert _flip_count(game, 0) == 2
    assert game.attack(hardy) == 50


def test_only_the_other_way_payable_is_paid_without_a_question():
    game, mc0, mc1 = duel()
    hardy = add_unit(game, 0, CARDS["Dark Emperor"])
    other = add_unit(game, 0, card("Fodder"))
    begin(game)                                   # no bond: only the sacrifice can pay
    pick(game, "use_skill", skill="Lance")
    assert game.decision.kind == "choose"          # no "how to pay" question: which ally only
    pick(game, unit=other)
    assert game.decision.kind == "action"
    assert game.unit(other.id) is None
    assert game.attack(hardy) == 50


def test_not_offered_when_neither_way_can_be_paid_nor_for_other_skills():
    game, mc0, mc1 = duel()
    hardy = add_unit(game, 0, CARDS["Dark Emperor"])
    game.players[0].front.remove(mc0)               # no other ally, one bond
    game.invalidate()
    add_bonds(game, 0, card("B1"))
    begin(game)
    why = refusal(game, option(game, "use_skill", skill="Darksphere")) if options(
        game, "use_skill", skill="Darksphere") else "not offered"
    assert why == "not offered"
    # "Plain" is not named: only its printed cost (1 bond: payable, and no question).
    pick(game, "use_skill", skill="Plain")
    assert game.decision.kind == "action" and game.attack(hardy) == 45


def test_tap_this_unit_instead_under_a_condition():
    game, mc0, mc1 = duel()
    mela = add_unit(game, 0, CARDS["Skypiercer"])
    add_bonds(game, 0, card("B1"), card("B2"))
    begin(game)
    pick(game, "use_skill", skill="Maltet")
    pick(game, "alternative", target=1)
    assert mela.tapped and _flip_count(game, 0) == 0
    assert game.attack(mela) == 50
    # Tapped, it can only pay the printed cost again: no "how to pay" question.
    pick(game, "use_skill", skill="Maltet")
    assert not options(game, "alternative")
    game.answer(game.decision.options[0])          # (which bond to flip)
    assert game.decision.kind == "action"
    assert _flip_count(game, 0) == 1 and game.attack(mela) == 60


def test_the_condition_of_the_giving_skill_is_asked():
    game, mc0, mc1 = duel()
    mela = add_unit(game, 0, CARDS["Skypiercer"])
    add_bonds(game, 0, card("B1"))                # 1 bond: "Teachings" is not active
    begin(game)
    pick(game, "use_skill", skill="Maltet")
    assert game.decision.kind == "action"
    assert not mela.tapped and _flip_count(game, 0) == 1


@pytest.mark.parametrize("body, words", [
    ('  act "X"\n    cost flip 1 bond\n    draw 1\n  act "Y"\n    you may tap this unit instead of paying the cost of "X"\n',
     "not supported"),
    ('  auto "X"\n    cost flip 1 bond\n    when this unit attacks\n    draw 1\n'
     '  cont "Y"\n    you may tap this unit instead of paying the cost of "X"\n', "not supported"),
    ('  act "X"\n    cost flip 1 bond\n    draw 1\n  cont "Y"\n    you may tap this unit instead of paying the cost of "Z"\n',
     "not an ACT skill of this card"),
    ('  act "X"\n    draw 1\n  cont "Y"\n    you may tap this unit instead of paying the cost of "X"\n',
     "has no cost"),
    ('  act "X"\n    cost flip 1 bond\n    draw 1\n  cont "Y"\n    you may draw 1 instead of paying the cost of "X"\n',
     "not supported"),
])
def test_near_misses_are_refused(body, words):
    text = 'card "Bad, One"\n  codes TST-209\n  cost 1\n  symbol red\n  range 1\n  attack 40\n  support 10\n' + body
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert words in str(e.value)
