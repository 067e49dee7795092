"""'when you use a "Sylvain" [CP]' ("Each time you use a "Sylvain" [CP] from your hand", B19-025R):
the trigger on a used skill with a keyword, narrowed to the skills of cards with that unit name
(aliases count); a [CP] skill of a card of another unit name does not trigger it. The unit name
is checked against the pool's names like any other."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, pick

PACK = '''
card "Sylvain, Probe"
  codes TST-971
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  auto "Blade"
    each time you use a "Sylvain" [CP]
    this unit gains +10 attack until the end of the turn

card "Sylvain, Smiling Card"
  codes TST-972
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  hand "Smile" [CP]
    cost send this card to your retreat area
    draw 1

card "Felix, Frowning Card"
  codes TST-973
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  hand "Frown" [CP]
    cost send this card to your retreat area
    draw 1
'''


def _board():
    cards = {c.unit_name + c.title: c for c in compile_text(PACK, "t.fe0")}
    g, _, _ = duel()
    u = add_unit(g, 0, cards["SylvainProbe"])
    add_cards(g, 0, "hand", cards["SylvainSmiling Card"], cards["FelixFrowning Card"])
    begin(g)
    return g, u


def test_it_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert 'When you use a "Sylvain" [CP]' in text


def test_an_unknown_unit_name_is_refused():
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace('use a "Sylvain" [CP]', 'use a "Sylvian" [CP]'), "bad.fe0")
    assert 'unknown unit name "Sylvian"' in str(e.value)


def test_a_cp_of_that_unit_name_triggers_it():
    g, u = _board()
    pick(g, "use_skill", skill="Smile")
    assert g.attack(u) == 50


def test_a_cp_of_another_unit_name_does_not():
    g, u = _board()
    pick(g, "use_skill", skill="Frown")
    from fecipher.engine import events as ev
    assert not any(isinstance(e, ev.SkillTriggered) and e.skill == "Blade" for e in g.events)
    assert g.attack(u) == 40
