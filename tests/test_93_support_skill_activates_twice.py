"""'the support skill of the card supporting this unit activates a second time' (B05-049HN Randal
"There's still one more.": "The Support Skill of this unit's Support activates a 2nd time";
docs/skill-language.md, "A support skill that activates a second time"; docs/rules.md, engine
decision "A support skill that activates a second time"): a CONT line that flags the unit; when a
card supports it successfully, each of the card's fitting support skills activates once more after
the first time, in the same order. Nothing else changes: a failed support has no skill, a card
whose skill took it away stops, and other units' supports activate once."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import FILLER, add_bonds, add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Twice, Randal"
  codes TST-936
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "One More"
    the support skill of the card supporting this unit activates a second time

card "Boo, Booster"
  codes TST-937
  cost 1
  symbol green
  range 1
  attack 10
  support 20
  support "Boost" attack
    your battling unit gains +30 attack until the end of the combat

card "Boo, Drawer"
  codes TST-938
  cost 1
  symbol green
  range 1
  attack 10
  support 20
  support "Paid Draw" attack
    cost flip 1 bond
    you may
    draw 1
'''
C = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _fight(game, attacker, target, answers=()):
    since = len(game.events)
    pick(game, "attack", unit=attacker.id, target=target.id)
    answers = list(answers)
    for _ in range(50):
        d = game.decision
        if d.kind == "action" and d.player == 0:
            break
        opts = game.legal_options()
        if any(o.kind == "yes" for o in opts) and answers:
            want = answers.pop(0)
            game.answer(next(o for o in opts if o.kind == want))
        else:
            game.answer(next((o for o in opts if o.kind in ("pass", "no")), opts[0]))
    return events(game, since=since)


def _board(unit_card, support_card, bonds=0):
    game, mc0, mc1 = duel()
    unit = add_unit(game, 0, unit_card)
    add_bonds(game, 0, *[FILLER] * bonds)
    add_cards(game, 0, "deck", support_card, top=True)
    begin(game)
    return game, unit, mc1


def test_the_support_skill_activates_twice():
    game, randal, mc1 = _board(C["Twice, Randal"], C["Boo, Booster"])
    evs = _fight(game, randal, mc1)
    assert sum(isinstance(e, ev.SkillResolved) and e.skill == "Boost" for e in evs) == 2
    judged = next(e for e in evs if isinstance(e, ev.BattleJudged))
    assert judged.attacker_power == 40 + 20 + 30 + 30


def test_only_for_the_unit_with_the_skill():
    game, roy, mc1 = _board(card("Roy", attack=40), C["Boo, Booster"])
    add_unit(game, 0, C["Twice, Randal"])
    evs = _fight(game, roy, mc1)
    assert sum(isinstance(e, ev.SkillResolved) and e.skill == "Boost" for e in evs) == 1


def test_a_support_skill_with_a_cost_is_asked_each_time():
    game, randal, mc1 = _board(C["Twice, Randal"], C["Boo, Drawer"], bonds=2)
    hand = len(game.players[0].hand)
    _fight(game, randal, mc1, answers=["yes", "yes"])
    assert len(game.players[0].hand) == hand + 2
    assert not any(b.face_up for b in game.players[0].bonds)
    game2, randal2, mc1b = _board(C["Twice, Randal"], C["Boo, Drawer"], bonds=2)
    _fight(game2, randal2, mc1b, answers=["yes", "no"])
    assert len(game2.players[0].hand) == hand + 1


def test_refused_forms():
    bad = PACK.replace("activates a second time", "activates a third time", 1)
    with pytest.raises(LanguageError, match="a third time, or again for a cost, is not supported"):
        compile_text(bad, "bad.fe0")
    act = PACK.replace('cont "One More"', 'act "One More"', 1)
    with pytest.raises(LanguageError, match="is a CONT skill's line"):
        compile_text(act, "bad.fe0")
