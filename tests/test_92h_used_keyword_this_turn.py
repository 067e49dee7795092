"""'if you have used a [CP] this turn' ("if you have used a [CP] from your hand 1 or more times in
this turn", B19-040SR): holds when a skill with that keyword was used by the skill's controller in
the turn going on (the published SkillUsed events of the turn); a skill without the keyword, or
one used in an earlier turn, does not count."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_cards, add_unit, begin, duel, options, pick

PACK = '''
card "Flayn, Probe"
  codes TST-981
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  act "Crest"
    if you have used a [CP] this turn
    draw 1

card "Sylvain, Smiling Card"
  codes TST-982
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  hand "Smile" [CP]
    cost send this card to your retreat area
    draw 1

card "Felix, Plain Hand Card"
  codes TST-983
  cost 1
  symbol brown
  range 1
  attack 40
  support 10
  hand "Frown"
    cost send this card to your retreat area
    draw 1
'''


def _board():
    cards = {c.unit_name: c for c in compile_text(PACK, "t.fe0")}
    g, _, _ = duel()
    add_unit(g, 0, cards["Flayn"])
    add_cards(g, 0, "hand", cards["Sylvain"], cards["Felix"])
    begin(g)
    return g


def test_it_reads_as_the_card_and_an_unknown_keyword_is_refused():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    assert "If you have used a [CP] this turn" in render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace("used a [CP]", "used a [XP]"), "bad.fe0")
    assert "unknown keyword [XP]" in str(e.value)


def test_not_before_a_cp_is_used_and_not_for_a_hand_skill_without_the_keyword():
    g = _board()
    assert not options(g, "use_skill", skill="Crest")
    pick(g, "use_skill", skill="Frown")
    assert not options(g, "use_skill", skill="Crest")


def test_after_a_cp_is_used_this_turn():
    g = _board()
    pick(g, "use_skill", skill="Smile")
    assert options(g, "use_skill", skill="Crest")
