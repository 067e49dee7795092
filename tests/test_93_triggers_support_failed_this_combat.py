"""'<owner> support failed this combat' ("When this unit's attack ends, if your opponent's support
card failed to support the enemy during that attack", B13-045R): a SupportFailed event of that
player since the turn's last attack was declared, asked by a skill triggered when an attack or a
combat ends (the checker refuses it elsewhere)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, pick, answer_until

PACK = '''
card "Sona, Probe Schemer"
  codes TST-961
  cost 1
  symbol red
  range 1
  attack 60
  support 10
  auto "Puppetmaster"
    when this unit finishes attacking
    if your opponent's support failed this combat
    draw 1

card "Lord, Probe Defender"
  codes TST-962
  cost 1
  symbol blue
  range 1
  attack 30
  support 10

card "Filla, Probe Filler"
  codes TST-963
  cost 1
  symbol blue
  range 1
  attack 10
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "support_failed.fe0")}


def _battle(defender_support):
    game, _, mc1 = duel(mc1=CARDS["Lord"])
    sona = add_unit(game, 0, CARDS["Sona"])
    add_cards(game, 1, "deck", defender_support, top=True)
    begin(game, player=0, turn=2, phase="action")
    hand = len(game.players[0].hand)
    pick(game, "attack", unit=sona, target=mc1)
    for _ in range(10):
        if game.decision.kind == "action":
            break
        o = game.legal_options()
        declines = [x for x in o if x.kind in ("pass", "no")]
        game.answer(declines[0] if declines else o[0])      # (an orb to break: the first)
    return len(game.players[0].hand) - hand


def test_the_opponents_support_failed_during_the_attack():
    # the defending "Lord" is supported by a "Lord" card: its support fails
    assert _battle(CARDS["Lord"]) == 1


def test_the_opponents_support_succeeded():
    assert _battle(CARDS["Filla"]) == 0


@pytest.mark.parametrize("old, new, message", [
    ("when this unit finishes attacking", "when this unit attacks", "asks about the combat that just ended"),
    ("your opponent's support failed this combat", "each player's support failed this combat", "say whose support"),
])
def test_refused_near_misses(old, new, message):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace(old, new), "x.fe0")
    assert message in str(e.value)


def test_rendered():
    from fecipher.dsl.render import condition
    from fecipher.dsl.parse import parse_pack
    node = parse_pack(PACK, "x.fe0")
    skill = node.cards[0].skills[0]
    assert condition(skill.conditions[0]) == "your opponent's support card failed to support during that attack"
