"""'if this unit's "X" was in effect' (dsl/spec_in_effect.py): whether a SPEC skill of the
card changed its class-change cost as it class changed the unit ("When you Class Change into
this card, if this unit's "War-God's Stance" was in effect, ...", B12-061R Say'ri). The
engine remembers it at the class change (Game.cc_cost_specs): a bond count changed before
the AUTO skill resolves does not change the answer. Test cards are inline."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Sari, Blade Princess"
  codes TST-261
  cost 1
  symbol red
  range 1
  attack 40
  support 10

card "Sari, Drawn Blade"
  codes TST-262
  cost 4
  class change cost 3
  symbol red
  range 1
  attack 70
  support 10
  spec "Stance"
    if you have 5 or more bonds
    the class change cost of this card becomes 5
  auto "Dual"
    when you class change into this
    if this unit's "Stance" was in effect
    draw 2
'''

CARDS = {c.title: c for c in compile_text(PACK, "specineffect.fe0")}


def _class_change(bonds):
    game, mc0, mc1 = duel()
    sari = add_unit(game, 0, CARDS["Blade Princess"], area="back")
    top, = add_cards(game, 0, "hand", CARDS["Drawn Blade"])
    add_bonds(game, 0, *(card(f"B{i}") for i in range(bonds)))
    begin(game, phase="deployment")
    hand = len(game.players[0].hand)
    pick(game, "class_change", card=top, unit=sari)   # (the AUTO skill resolves: nothing to answer)
    return game, hand, top


@pytest.mark.parametrize("bonds, paid, drawn", [(5, 5, 1 + 2), (6, 5, 1 + 2), (4, 3, 1)])
def test_the_skill_asks_whether_the_spec_changed_the_cost_paid(bonds, paid, drawn):
    game, hand, top = _class_change(bonds)
    assert game.players[0].cost_paid_this_turn == paid
    # (the class change draws 1, its bonus; the skill 2 more when the SPEC skill was in effect)
    assert len(game.players[0].hand) == hand - 1 + drawn
    assert game.cc_cost_specs[top.id] == (frozenset({"Stance"}) if bonds >= 5 else frozenset())


def test_remembered_at_the_class_change_not_asked_again_later():
    game, hand, top = _class_change(4)
    # 5 bonds now: the class change was made with 4, the SPEC skill was not in effect.
    add_bonds(game, 0, card("Late"))
    from fecipher.dsl.spec_in_effect import compile_condition
    from fecipher.dsl import ast as A
    from fecipher.engine.events import ClassChanged
    from fecipher.engine.skills import SkillContext
    ask = compile_condition(A.Condition("spec_in_effect", name="Stance"))
    unit = next(u for u in game.players[0].units if u.cards[0] is top)
    e = next(x for x in game.events if isinstance(x, ClassChanged))
    skill = next(s for s in top.card.skills if s.name == "Dual")
    assert not ask(SkillContext(game, skill, 0, top, unit.id, event=e))


def test_renders_as_card_text():
    text = next(s for s in CARDS["Drawn Blade"].skills if s.name == "Dual").text
    assert 'if this unit\'s "Stance" was in effect' in text


@pytest.mark.parametrize("skills", [
    # not after a class change trigger
    '  auto "Dual"\n    when this unit attacks\n    if this unit\'s "Stance" was in effect\n    draw 1\n',
    # a SPEC skill that does not change the class change cost, or another kind of skill
    '  spec "Other"\n    if you have 5 or more bonds\n    the deployment cost of this card becomes 2\n'
    '  auto "Dual"\n    when you class change into this\n    if this unit\'s "Other" was in effect\n    draw 1\n',
    '  auto "Dual"\n    when you class change into this\n    if this unit\'s "Dual" was in effect\n    draw 1\n',
])
def test_near_misses_are_refused(skills):
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  class change cost 1
  symbol red
  range 1
  attack 10
  support 10
  spec "Stance"
    if you have 5 or more bonds
    the class change cost of this card becomes 5
{skills}'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(text, "bad.fe0")
