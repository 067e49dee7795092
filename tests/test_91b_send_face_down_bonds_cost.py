"""A cost that sends face-down bonds to the Retreat Area ("[Send 2 face-down Bond cards to the
Retreat Area]"; docs/skill-language.md, More costs; face-up bonds of a quality and a flip with a
face-up send are in tests/test_93_bonds_bond_and_orb_costs.py): N of its controller's face-down bonds, chosen
when there are more; face-up bonds cannot pay it, and a skill whose cost cannot be paid in full
cannot be used (rule 9). "[Send 1 face-up Bond card to the Retreat Area]" (B19-055N) is the same
with face-up bonds. Other bond sends as a cost are refused with a message."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Keeper, Bond Burner"
  codes TST-921
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Burn"
    cost tap this, send 2 face-down bonds to your retreat area
    draw 1
'''


def _src(cost: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n    cost {cost}\n    draw 1\n'


def _errors(cost: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(_src(cost), "bad.fe0")
    return str(e.value)


def test_the_cost_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    assert compile_text(PACK, "t.fe0")[0].skills[0].name == "Burn"
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "[Tap this unit, Send 2 face-down bonds to your Retreat Area]" in text


@pytest.mark.parametrize("cost, words", [
    ("send 2 bonds to your retreat area", "a cost sends face-down bonds, face-up bonds or face-up bonds of a quality"),
    ("send 1 face-up face-down bond to your retreat area", "a cost sends face-down bonds, face-up bonds or face-up bonds of a quality"),
    ("send 1 red face-down bond to your retreat area", "a cost sends face-down bonds, face-up bonds or face-up bonds of a quality"),
    ("send up to 2 face-down bonds to your retreat area", "a cost sends a number of bonds"),
    ("send 1 face-down bond to your hand", "a cost sends bonds to your retreat area"),
    ("send 1 face-down bond to your opponent's retreat area", "a cost sends bonds to your retreat area"),
    ("send 1 face-up bond to your hand", "a cost sends bonds to your retreat area"),
    ("flip 1 bond, send 1 face-down bond to your retreat area", "a cost that flips bonds and one that sends face-down bonds"),
])
def test_other_bond_sends_as_a_cost_are_refused(cost, words):
    assert words in _errors(cost)


def _board(up: int, down: int):
    keeper = compile_text(PACK, "t.fe0")[0]
    g, _, _ = duel()
    u = add_unit(g, 0, keeper)
    ups = add_bonds(g, 0, *[card(f"Up {i}") for i in range(up)])
    downs = add_bonds(g, 0, *[card(f"Down {i}") for i in range(down)], face_up=False)
    begin(g)
    return g, u, ups, downs


def test_two_face_down_bonds_chosen_and_sent_to_the_retreat_area():
    g, u, ups, downs = _board(2, 3)
    hand = len(g.players[0].hand)
    since = len(g.events)
    pick(g, "use_skill", skill="Burn")
    offered = {o.card for o in g.legal_options()}
    assert offered == {b.copy.id for b in downs}           # face-up bonds do not pay it
    pick(g, card=downs[0].copy.id)
    pick(g, card=downs[2].copy.id)
    p = g.players[0]
    assert [b.copy for b in p.bonds] == [ups[0].copy, ups[1].copy, downs[1].copy]
    assert {c.id for c in p.retreat} == {downs[0].copy.id, downs[2].copy.id}
    assert len(p.hand) == hand + 1 and u.tapped
    moved = events(g, ev.CardMoved, since=since)
    assert [(e.source, e.dest) for e in moved[:2]] == [("bonds", "retreat"), ("bonds", "retreat")]


def test_with_fewer_face_down_bonds_than_asked_the_skill_is_not_offered():
    g, u, ups, downs = _board(4, 1)
    assert not options(g, "use_skill", skill="Burn")


UP_PACK = PACK.replace("TST-921", "TST-922").replace("Keeper, Bond Burner", "Keeper, Bright Bond Burner").replace(
    "send 2 face-down bonds", "send 1 face-up bond")


def test_a_face_up_bond_sent_as_a_cost():
    """B19-055N's "[Send 1 face-up Bond card to the Retreat Area]": only face-up bonds pay it."""
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    keeper = compile_text(UP_PACK, "t.fe0")[0]
    assert "[Tap this unit, Send 1 face-up bond to your Retreat Area]" in render_skill(
        parse_pack(UP_PACK, "t.fe0").cards[0].skills[0])
    g, _, _ = duel()
    u = add_unit(g, 0, keeper)
    ups = add_bonds(g, 0, *[card(f"Up {i}") for i in range(2)])
    downs = add_bonds(g, 0, card("Down 0"), face_up=False)
    begin(g)
    hand = len(g.players[0].hand)
    pick(g, "use_skill", skill="Burn")
    assert {o.card for o in g.legal_options()} == {b.copy.id for b in ups}   # a face-down bond does not pay it
    pick(g, card=ups[1].copy.id)
    p = g.players[0]
    assert [b.copy for b in p.bonds] == [ups[0].copy, downs[0].copy]
    assert [c.id for c in p.retreat] == [ups[1].copy.id]
    assert len(p.hand) == hand + 1 and u.tapped


def test_with_no_face_up_bond_the_face_up_send_is_not_offered():
    keeper = compile_text(UP_PACK, "t.fe0")[0]
    g, _, _ = duel()
    add_unit(g, 0, keeper)
    add_bonds(g, 0, card("Down 0"), card("Down 1"), face_up=False)
    begin(g)
    assert not options(g, "use_skill", skill="Burn")
