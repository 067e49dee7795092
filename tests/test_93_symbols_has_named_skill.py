"""'if this unit has "X"' / 'if this unit lacks "X"' / '... does not have "X"' ("If this unit
lacks "True Power"", B22-107R; "If your <Brown> Main Character does not possess "Divine Pulse"",
B19-022SR): a unit has a skill of that name now (printed, acquired, not lost), asked when the
condition is asked. What a card prints (a card off the field) is refused."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl import render
from fecipher.dsl.parse import parse_pack

from vanilla import add_unit, begin, duel, pick

PACK = '''
card "Al, Probe"
  codes TSY-301
  cost 1
  symbol purple
  range 1
  attack 30
  support 10
  cont "Power"
    this unit gains +30 attack
  act "Drop"
    this unit loses "Power" until the end of the turn
  act "Ask"
    if this unit lacks "Power": this unit gains +5 attack until the end of the turn
    if this unit has "Power": this unit gains +1 attack until the end of the turn

card "Sothis, Probe"
  codes TSY-302
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  act "Give"
    if your main character does not have "Gift": your main character acquires "Gift" until the end of the turn
  cont "Watch"
    if your main character has "Gift"
    this unit gains +20 attack
  granted cont "Gift"
    this unit gains +10 attack
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "has_named_skill.fe0")}


def _board():
    game, mc, _ = duel()
    al = add_unit(game, 0, CARDS["Al"])
    sothis = add_unit(game, 0, CARDS["Sothis"])
    begin(game, player=0, turn=2, phase="action")
    return game, mc, al, sothis


def test_a_printed_skill_is_had_until_it_is_lost():
    game, _, al, _ = _board()
    assert game.attack(al) == 60
    pick(game, "use_skill", skill="Ask")
    assert game.attack(al) == 61            # it has "Power"
    pick(game, "use_skill", skill="Drop")
    assert game.attack(al) == 31            # "Power" lost: its +30 gone
    pick(game, "use_skill", skill="Ask")
    assert game.attack(al) == 36            # now it lacks "Power"


def test_an_acquired_skill_is_had_and_a_cont_condition_follows_it():
    game, mc, _, sothis = _board()
    mc_before = game.attack(mc)
    assert game.attack(sothis) == 30        # the Main Character has no "Gift"
    pick(game, "use_skill", skill="Give")
    assert game.attack(mc) == mc_before + 10
    assert game.attack(sothis) == 50        # now it has it
    pick(game, "use_skill", skill="Give")   # it has "Gift": not given a second time
    assert game.attack(mc) == mc_before + 10


def test_the_condition_reads_as_the_card_says():
    pack = parse_pack(PACK, "x.fe0")
    lines = [render.skill(s) for card in pack.cards for s in card.skills]
    assert any('If this unit does not have "Power"' in ln for ln in lines), lines
    assert any('If this unit has "Power"' in ln for ln in lines), lines
    assert any('If your Main Character does not have "Gift"' in ln for ln in lines), lines


@pytest.mark.parametrize("line, message", [
    ('if this unit lacks "Nothing Such Valor": draw 1', 'Nothing Such Valor'),
    ('reveal the top card of your deck\n    if it has "Valor": draw 1', "asks about a unit's skills"),
])
def test_near_misses_are_refused(line, message):
    src = ('card "Probe, Probe"\n  codes TSY-309\n  cost 1\n  attack 10\n  support 10\n  cont "Valor"\n'
           '    this unit gains +10 attack\n  act "X"\n    ' + line + "\n")
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)
