"""Row 56 of the pool's gaps: "the number of orbs destroyed by this unit's attack
increases by N" is additive (``breaks N more orbs [for each ...]``), unlike "breaks N
orbs" (the largest of those counts; engine decision 8). Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Orber, Plus One"
  codes TST-841
  cost 1
  symbol red
  range 1
  attack 80
  support 10
  cont "Extra Orb"
    this unit breaks 1 more orb

card "Orber, Two And More"
  codes TST-842
  cost 1
  symbol red
  range 1
  attack 80
  support 10
  cont "Two Orbs"
    this unit breaks 2 orbs
  cont "Extra Orb"
    this unit breaks 1 more orb

card "Orber, Stacked"
  codes TST-843
  cost 1
  symbol red
  range 1
  attack 80
  support 10
  act "Heavy Blow"
    this unit breaks 1 more orb for each card stacked under this unit until the end of the turn
'''

CARDS = {c.title: c for c in compile_text(PACK, "more_orbs.fe0")}


def _attack_mc(game, unit, mc1):
    since = len(game.events)
    pick(game, "attack", unit=unit, target=mc1)
    for _ in range(40):
        d = game.decision
        if d is None or d.kind == "action":
            break
        if d.kind == "break_orb":
            game.answer(d.options[0])
            continue
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    return events(game, ev.OrbBroken, since=since)


@pytest.mark.parametrize("title, broken", [("Plus One", 2), ("Two And More", 3)])
def test_more_orbs_adds_to_the_count(title, broken):
    game, mc0, mc1 = duel(orbs=5)
    u = add_unit(game, 0, CARDS[title])
    begin(game)
    assert len(_attack_mc(game, u, mc1)) == broken
    assert len(game.players[1].orbs) == 5 - broken


def test_more_orbs_for_each_card_stacked_under_the_unit():
    game, mc0, mc1 = duel(orbs=5)
    filler = card("Orber", "lower", cost=1, attack=10)
    u = add_unit(game, 0, CARDS["Stacked"], filler, filler)   # two cards under the top card
    begin(game)
    pick(game, "use_skill", skill="Heavy Blow")
    assert game.orbs_broken_by(u) == 3
    assert len(_attack_mc(game, u, mc1)) == 3


def test_more_orbs_renders_and_is_bounded():
    text = CARDS["Stacked"].skills[0].text
    assert "1 more Orb for each" in text and "stacked under" in text
    with pytest.raises(LanguageError, match="1 to 5 more orbs"):
        compile_text(PACK.replace("breaks 1 more orb\n", "breaks 9 more orbs\n"), "bad.fe0")
