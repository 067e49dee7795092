"""A card put into the Support Area by a skill (B07-007SR Lyn "send that card to the Retreat
Area, and place the topmost card of your Deck in the Support Area", B08-008HN, B12-005N,
B13-012SR, B22-007SR; docs/skill-language.md, "A card placed in the Support Area by a skill";
docs/rules.md, "A card placed in the Support Area by a skill"). Skills triggered by a card
placed in the Support Area resolve before the supports are judged; a card a skill puts there
then is its player's support card in the combat: it is the one judged (a card with the battling
unit's unit name fails), whose support skill activates and whose support counts. Before the
supports are judged, `the card supporting your battling unit` is the card in your Support Area. Putting a card into the Support Area is refused in any skill
not triggered by a card placed there."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import FILLER, add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Sup, Spirit"
  codes TST-931
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  auto "Spirits"
    cost flip 1 bond
    when a card is placed in your support area
    you may
    send that card to your retreat area
    put the top card of your deck into your support area

card "Sup, Mist"
  codes TST-932
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  auto "Defeat-Rejecting"
    cost tap this unit
    when a green card is placed in your support area
    you may
    send that card to your retreat area
    if you do: put the top card of your deck into your support area

card "Sup, Lissa"
  codes TST-933
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  hand "Bonds"
    when a card is placed in your support area
    you may reveal this card
    if you do: send the card supporting your battling unit to your retreat area
    if you do: put this card into your support area

card "Sup, Serra"
  codes TST-934
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  auto "Freewheeling"
    once per turn
    during your turn
    when a card is placed in your support area
    you may add that card to your hand
    if you do: choose 1 card from your hand
    put it into your support area

card "Boo, Booster"
  codes TST-935
  cost 1
  symbol green
  range 1
  attack 10
  support 20
  support "Boost" attack
    your battling unit gains +30 attack until the end of the combat
'''
C = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _fight(game, attacker, target, say_yes=True, choose=None):
    """Attack; answer every "may" with yes (or no) and the first option otherwise (``choose``:
    a card to pick when asked to choose), until the Action Phase is back."""
    since = len(game.events)
    pick(game, "attack", unit=attacker.id, target=target.id)
    for _ in range(50):
        d = game.decision
        if d.kind == "action" and d.player == 0:
            break
        opts = game.legal_options()
        if d.kind == "may" or any(o.kind == "yes" for o in opts):
            game.answer(next(o for o in opts if o.kind == ("yes" if say_yes else "no")))
        elif choose is not None and any(o.card == choose.id for o in opts):
            game.answer(next(o for o in opts if o.card == choose.id))
        else:
            game.answer(next((o for o in opts if o.kind in ("pass", "no")), opts[0]))
    return events(game, since=since)


def _board(top_cards, attacker="Sup, Spirit", bonds=2):
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, C[attacker])
    add_bonds(game, 0, *[FILLER] * bonds)
    copies = add_cards(game, 0, "deck", *top_cards, top=True)
    begin(game)
    return game, unit, mc1, copies


def _judged(evs):
    return next(e for e in evs if isinstance(e, ev.BattleJudged))


def test_the_card_placed_by_a_skill_is_the_support_card_judged_and_counted():
    first, second = card("Xan", support=10), card("Yor", support=30)
    game, lyn, mc1, (x, y) = _board([first, second], bonds=1)
    evs = _fight(game, lyn, mc1)
    moved = [(e.card, e.source, e.dest) for e in evs if isinstance(e, ev.CardMoved)]
    assert (x.id, "support", "retreat") in moved and (y.id, "deck", "support") in moved
    ok = [e for e in evs if isinstance(e, ev.SupportSucceeded) and e.player == 0]
    assert [e.card for e in ok] == [y.id]
    assert _judged(evs).attacker_support == 30 and _judged(evs).attacker_power == 70
    # (declined: the first card supports)
    game2, lyn2, mc1b, (x2, _) = _board([first, second], bonds=1)
    evs2 = _fight(game2, lyn2, mc1b, say_yes=False)
    assert [e.card for e in evs2 if isinstance(e, ev.SupportSucceeded) and e.player == 0] == [x2.id]
    assert _judged(evs2).attacker_support == 10


def test_a_card_placed_triggers_again_and_each_is_paid_for():
    cards = [card("Xan", support=10), card("Yor", support=20), card("Zed", support=30)]
    game, lyn, mc1, (x, y, z) = _board(cards, bonds=2)
    evs = _fight(game, lyn, mc1)
    assert sum(isinstance(e, ev.BondFlipped) for e in evs) == 2
    assert _judged(evs).attacker_support == 30       # two replacements, then no bond left
    assert [c.id for c in game.players[0].retreat[:2]] == [x.id, y.id]


def test_the_placed_card_with_the_units_name_fails():
    game, lyn, mc1, (x, y) = _board([card("Xan", support=10), card("Sup", "other", support=30)], bonds=1)
    evs = _fight(game, lyn, mc1)
    failed = [e for e in evs if isinstance(e, ev.SupportFailed) and e.player == 0]
    assert [e.card for e in failed] == [y.id]
    assert _judged(evs).attacker_support == 0


def test_the_placed_cards_support_skill_activates_not_the_first_ones():
    game, lyn, mc1, (b, x) = _board([C["Boo, Booster"], card("Xan", support=10)], bonds=1)
    evs = _fight(game, lyn, mc1)
    assert not any(isinstance(e, ev.SkillResolved) and e.skill == "Boost" for e in evs)
    assert _judged(evs).attacker_power == 50
    game2, lyn2, mc1b, (x2, b2) = _board([card("Xan", support=10), C["Boo, Booster"]], bonds=1)
    evs2 = _fight(game2, lyn2, mc1b)
    assert any(isinstance(e, ev.SkillResolved) and e.skill == "Boost" for e in evs2)
    assert _judged(evs2).attacker_power == 40 + 30 + 20


def test_if_you_do_after_sending_and_a_filtered_trigger():
    # A green card placed: sent away, the next put in its place (tapping the unit).
    game, mist, mc1, (b, x) = _board([C["Boo, Booster"], card("Xan", support=10)], attacker="Sup, Mist")
    lord = next(u for u in game.players[0].units if u.is_main_character)   # (attack 50)
    evs = _fight(game, lord, mc1)
    assert mist.tapped and _judged(evs).attacker_support == 10 and _judged(evs).attacker_power == 60
    assert b.id in [c.id for c in game.players[0].retreat]
    # The cost cannot be paid (the unit is tapped): not offered, the green card supports.
    game1, mist1, mc1a, (b1, x1) = _board([C["Boo, Booster"], card("Xan", support=10)], attacker="Sup, Mist")
    evs1 = _fight(game1, mist1, mc1a)
    assert _judged(evs1).attacker_support == 20
    # A red card placed: not triggered.
    game2, mist2, mc1b, (x2, b2) = _board([card("Xan", support=10), C["Boo, Booster"]], attacker="Sup, Mist")
    lord2 = next(u for u in game2.players[0].units if u.is_main_character)
    evs2 = _fight(game2, lord2, mc1b)
    assert not any(isinstance(e, ev.SkillTriggered) and e.skill == "Defeat-Rejecting" for e in evs2)
    assert not mist2.tapped


def test_a_hand_skill_replaces_your_support_card_with_itself():
    game, mc0, mc1 = duel()
    attacker = add_unit(game, 0, card("Roy", attack=40))
    lissa = add_cards(game, 0, "hand", C["Sup, Lissa"])[0]
    x = add_cards(game, 0, "deck", card("Xan", support=30), top=True)[0]
    begin(game)
    evs = _fight(game, attacker, mc1)
    assert any(isinstance(e, ev.Revealed) and e.cards == (lissa.id,) for e in evs)
    assert [e.card for e in evs if isinstance(e, ev.SupportSucceeded) and e.player == 0] == [lissa.id]
    assert _judged(evs).attacker_support == 10
    assert x.id in [c.id for c in game.players[0].retreat]
    # Before the supports are judged, the card supporting your battling unit is the card in your
    # Support Area: a same-name card that
    # is about to fail is replaced all the same.
    game2, mc0b, mc1b = duel()
    roy = add_unit(game2, 0, card("Roy", attack=40))
    lissa2 = add_cards(game2, 0, "hand", C["Sup, Lissa"])[0]
    add_cards(game2, 0, "deck", card("Roy", "other", support=30), top=True)
    begin(game2)
    evs2 = _fight(game2, roy, mc1b)
    assert not any(isinstance(e, ev.SupportFailed) and e.player == 0 for e in evs2)
    assert _judged(evs2).attacker_support == 10


def test_a_card_from_the_hand_put_into_the_support_area():
    game, mc0, mc1 = duel()
    serra = add_unit(game, 0, C["Sup, Serra"])
    chosen = add_cards(game, 0, "hand", card("Hana", support=20))[0]
    x = add_cards(game, 0, "deck", card("Xan", support=0), top=True)[0]
    begin(game)
    evs = _fight(game, serra, mc1, choose=chosen)
    assert x.id in [c.id for c in game.players[0].hand]
    assert [e.card for e in evs if isinstance(e, ev.SupportSucceeded) and e.player == 0] == [chosen.id]
    assert _judged(evs).attacker_support == 20
    # once per turn: the hand card placed does not trigger it again; "during your turn": not when attacked
    assert sum(isinstance(e, ev.SkillResolved) and e.skill == "Freewheeling" for e in evs) == 1


@pytest.mark.parametrize("line, message", [
    ("put the top card of your deck into your opponent's support area", "your own support area"),
    ("put this unit into your support area", "a card, not a unit"),
])
def test_refused_forms(line, message):
    bad = PACK.replace("    put the top card of your deck into your support area\n\ncard \"Sup, Mist\"",
                       f"    {line}\n\ncard \"Sup, Mist\"")
    assert bad != PACK
    with pytest.raises(LanguageError, match=message):
        compile_text(bad, "bad.fe0")


def test_refused_outside_a_skill_triggered_by_a_card_placed_there():
    bad = PACK.replace("    when a card is placed in your support area\n    you may\n    send that card",
                       "    when this unit attacks\n    you may\n    send that card")
    assert bad != PACK
    with pytest.raises(LanguageError, match="only by a skill triggered by 'when a card is placed in your support area'"):
        compile_text(bad, "bad.fe0")
    act = PACK.replace('''  auto "Spirits"
    cost flip 1 bond
    when a card is placed in your support area
    you may
    send that card to your retreat area
''', '''  act "Spirits"
    cost flip 1 bond
''')
    with pytest.raises(LanguageError, match="only by a skill triggered by"):
        compile_text(act, "bad.fe0")
