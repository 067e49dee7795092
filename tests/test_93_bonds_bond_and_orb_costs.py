"""Bond sends as a cost by a printed quality, and with a bond flip in the same cost
(docs/skill-language.md, More costs): "[Send 1 <Yellow> Bond card to the Retreat Area]"
(B22-029N) sends one of your face-up yellow bonds (a face-down bond shows no symbol);
"[Flip 1 Bond face-down, Send 1 face-up Bond to the Retreat Area]" (B19-089R) takes two
different face-up bonds, one flipped and one sent: the costs are paid together, so the skill
is not offered with a single face-up bond, and the bond flipped cannot be sent."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Keeper, Yellow Bond Burner"
  codes TST-931
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Burn Yellow"
    cost send 1 yellow bond to your retreat area
    draw 1
card "Keeper, Flip and Burn"
  codes TST-932
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Flip and Burn"
    cost flip 1 bond, send 1 face-up bond to your retreat area
    draw 1
card "Keeper, Flip and Burn Yellow"
  codes TST-933
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Flip and Burn Yellow"
    cost flip 1 bond, send 1 yellow bond to your retreat area
    draw 1
'''


def _cards():
    return {c.name.split(",")[1].strip(): c for c in compile_text(PACK, "t.fe0")}


def _src(cost: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n    cost {cost}\n    draw 1\n'


def test_the_costs_compile_and_read_as_the_cards():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    texts = [render_skill(c.skills[0]) for c in parse_pack(PACK, "t.fe0").cards]
    assert "[Send 1 <Yellow> bond to your Retreat Area]" in texts[0]
    assert "[Flip 1 Bond face-down, Send 1 face-up bond to your Retreat Area]" in texts[1]


@pytest.mark.parametrize("cost, words", [
    ("send 1 yellow face-down bond to your retreat area", "a cost sends face-down bonds, face-up bonds or face-up"),
    ("send 1 non-yellow bond to your retreat area", "a cost sends face-down bonds, face-up bonds or face-up"),
    ('send 1 "Marth" bond to your retreat area', "a cost sends face-down bonds, face-up bonds or face-up"),
    ("send 1 yellow bond to your hand", "a cost sends bonds to your retreat area"),
    ("flip 1 bond, send 1 face-down bond to your retreat area", "one that sends face-down bonds in one skill"),
])
def test_near_misses_are_refused(cost, words):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(cost), "bad.fe0")
    assert words in str(e.value)


def _board(keeper, *bonds, down=0):
    g, _, _ = duel()
    u = add_unit(g, 0, keeper)
    ups = add_bonds(g, 0, *bonds)
    downs = add_bonds(g, 0, *[card(f"Down {i}", symbols="yellow") for i in range(down)], face_up=False)
    begin(g)
    return g, u, ups, downs


def test_a_yellow_bond_is_sent_only_face_up_and_only_yellow():
    keeper = _cards()["Yellow Bond Burner"]
    g, u, ups, downs = _board(keeper, card("Red"), card("Gold", symbols="yellow"), card("Sun", symbols="yellow"),
                              down=1)
    hand = len(g.players[0].hand)
    pick(g, "use_skill", skill="Burn Yellow")
    assert {o.card for o in g.legal_options()} == {ups[1].copy.id, ups[2].copy.id}
    pick(g, card=ups[2].copy.id)
    p = g.players[0]
    assert [c.id for c in p.retreat] == [ups[2].copy.id]
    assert [b.copy for b in p.bonds] == [ups[0].copy, ups[1].copy, downs[0].copy]
    assert len(p.hand) == hand + 1


def test_no_face_up_yellow_bond_no_skill():
    keeper = _cards()["Yellow Bond Burner"]
    g, *_ = _board(keeper, card("Red"), down=2)        # yellow face-down bonds do not pay it
    assert not options(g, "use_skill", skill="Burn Yellow")


def test_flip_and_send_need_two_face_up_bonds():
    keeper = _cards()["Flip and Burn"]
    g, *_ = _board(keeper, card("One"), down=3)
    assert not options(g, "use_skill", skill="Flip and Burn")
    g, u, ups, downs = _board(keeper, card("One"), card("Two"), down=1)
    assert options(g, "use_skill", skill="Flip and Burn")


def test_the_flipped_bond_is_not_the_one_sent():
    keeper = _cards()["Flip and Burn"]
    g, u, ups, downs = _board(keeper, card("One"), card("Two"), card("Three"))
    since = len(g.events)
    pick(g, "use_skill", skill="Flip and Burn")
    pick(g, card=ups[0].copy.id)                        # flipped
    assert {o.card for o in g.legal_options()} == {ups[1].copy.id, ups[2].copy.id}
    pick(g, card=ups[2].copy.id)                        # sent
    p = g.players[0]
    assert [(b.copy, b.face_up) for b in p.bonds] == [(ups[0].copy, False), (ups[1].copy, True)]
    assert [c.id for c in p.retreat] == [ups[2].copy.id]
    assert [type(e) for e in events(g, ev.BondFlipped, ev.CardMoved, since=since)][:2] == [ev.BondFlipped,
                                                                                           ev.CardMoved]


def test_with_one_yellow_bond_the_flip_takes_another():
    """Two face-up bonds, one yellow: the flip may not take the yellow one (the send would
    be left unpaid), so the other is flipped without asking and the yellow one is sent."""
    keeper = _cards()["Flip and Burn Yellow"]
    g, u, ups, downs = _board(keeper, card("Red"), card("Gold", symbols="yellow"))
    pick(g, "use_skill", skill="Flip and Burn Yellow")
    p = g.players[0]
    assert [(b.copy, b.face_up) for b in p.bonds] == [(ups[0].copy, False)]
    assert [c.id for c in p.retreat] == [ups[1].copy.id]
    g, *_ = _board(keeper, card("Gold", symbols="yellow"))
    assert not options(g, "use_skill", skill="Flip and Burn Yellow")
