"""A SPEC rule letting a card level up units of another unit name: 'this card can level up
"Navarre"' (B04-033HN Samto: "If you have no allied "Samto", you can Level Up allied "Navarre"
with this card"; docs/skill-language.md, Card rules). While the skill's conditions hold, the
card is placed on such a unit as on one of its own name: from the hand in the Deployment Phase
(a level up, or a class change for a card with a class-change cost) and by a skill ('put it
onto ...'). Rule 6 is unchanged otherwise."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.decisions import CLASS_CHANGE, LEVEL_UP

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Impostor, Pretender"
  codes TST-931
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  spec "Disguise"
    if you have no "Impostor" allies
    this card can level up "Hero" or "Champion"

card "Caller, Raiser"
  codes TST-932
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Raise"
    cost tap this
    choose 1 "Impostor" card from your hand
    put it onto "Hero"
''' + "".join(f'''
card "{n}, Plain"
  codes TST-93{i}
  cost 1
  symbol red
  range 1
  attack 30
  support 10
''' for i, n in ((3, "Hero"), (4, "Champion"), (5, "Someone")))


def _cards():
    return compile_text(PACK, "t.fe0")


def _errors(line: str, kind: str = "spec") -> str:
    src = f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  {kind} "X"\n    {line}\n'
    with pytest.raises(LanguageError) as e:
        compile_text(src, "bad.fe0")
    return str(e.value)


def test_the_rule_compiles_with_its_names_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    impostor = _cards()[0]
    assert {"level_onto:Hero", "level_onto:Champion"} <= set(impostor.skills[0].rules)
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert 'You can Level Up your "Hero" or "Champion" with this card.' in text


@pytest.mark.parametrize("line, kind, words", [
    ("this card can level up all allies", "spec", "names the unit names it can level up"),
    ('this card can level up "Nobody Known"', "spec", "Nobody Known"),
    ('this card can level up "Hero"', "cont", "a card rule ('this card can ...') is a SPEC skill's line"),
])
def test_refused_with_a_message(line, kind, words):
    assert words in _errors(line, kind)


def _named(name):
    return next(c for c in _cards() if c.name.startswith(name + ","))


def _board(*units, bonds=3):
    impostor, caller = _cards()[:2]
    g, mc, _ = duel()
    placed = [add_unit(g, 0, u) for u in units]
    add_bonds(g, 0, *[card("Bond")] * bonds)
    copy = add_cards(g, 0, "hand", impostor)[0]
    return g, placed, copy, caller


def test_levels_up_a_unit_of_a_named_unit_name_in_the_deployment_phase():
    hero, other = _named("Hero"), _named("Someone")
    g, (h, o), copy, _ = _board(hero, other)
    begin(g, phase="deployment")
    ups = options(g, LEVEL_UP, card=copy.id)
    assert [x.unit for x in ups] == [h.id]                     # not "Someone"
    pick(g, LEVEL_UP, card=copy.id, unit=h.id)
    assert h.cards[0] is copy and len(h.cards) == 2


def test_a_card_with_a_class_change_cost_class_changes_the_named_unit():
    src = PACK.replace("  cost 1\n  symbol red\n  range 1\n  attack 40", "  cost 3\n  class change cost 2\n"
                                                                        "  symbol red\n  range 1\n  attack 40", 1)
    impostor = compile_text(src, "t2.fe0")[0]
    g, mc, _ = duel()
    h = add_unit(g, 0, compile_text(src, "t2.fe0")[3])
    add_bonds(g, 0, *[card("Bond")] * 2)
    copy = add_cards(g, 0, "hand", impostor)[0]
    begin(g, phase="deployment")
    pick(g, CLASS_CHANGE, card=copy.id, unit=h.id)
    assert h.cards[0] is copy and h.class_changed


def test_not_while_its_condition_fails():
    hero = _named("Hero")
    g, (h,), copy, _ = _board(hero)
    add_unit(g, 0, compile_text(PACK, "t3.fe0")[0])             # an "Impostor" ally already
    begin(g, phase="deployment")
    assert not options(g, LEVEL_UP, card=copy.id, unit=h.id)


def test_a_skill_puts_it_onto_the_named_unit():
    hero = _named("Hero")
    g, (h,), copy, caller = _board(hero)
    add_unit(g, 0, caller)
    begin(g)
    pick(g, "use_skill", skill="Raise")
    pick(g, card=copy.id)
    assert h.cards[0] is copy and len(h.cards) == 2


# 'this card can level up an ally' ("If you do not have an allied "Zola", you may Level Up an ally
# into this card", B20-043HN): a unit of any unit name, while the skill's conditions hold.
ANY_PACK = '''
card "Mimic, Shapeshifter"
  codes TST-941
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  spec "Anyone At All"
    if you have no "Mimic" allies
    this card can level up an ally

card "Caller, Raiser"
  codes TST-942
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Raise"
    cost tap this
    choose 1 other ally
    choose 1 "Mimic" card from your hand
    put the chosen card onto the chosen ally
''' + "".join(f'''
card "{n}, Plain"
  codes TST-94{i}
  cost 1
  symbol red
  range 1
  attack 30
  support 10
''' for i, n in ((3, "Hero"), (4, "Someone")))


def test_an_ally_compiles_to_any_unit_name_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    from fecipher.engine.deployment import LEVEL_ONTO_ANY
    mimic = compile_text(ANY_PACK, "any.fe0")[0]
    assert f"level_onto:{LEVEL_ONTO_ANY}" in mimic.skills[0].rules
    text = render_skill(parse_pack(ANY_PACK, "any.fe0").cards[0].skills[0])
    assert "You can Level Up any ally with this card." in text


@pytest.mark.parametrize("line", ["this card can level up a red ally", "this card can level up an enemy",
                                  "this card can level up an ally in the front line",
                                  "this card can level up 2 allies"])
def test_only_a_plain_ally_stands_for_any_unit_name(line):
    assert "names the unit names it can level up" in _errors(line)


def test_levels_up_units_of_any_unit_name_from_the_hand_and_by_a_skill():
    cards = compile_text(ANY_PACK, "any.fe0")
    mimic, caller, hero, someone = cards
    g, mc, _ = duel()
    h, s = add_unit(g, 0, hero), add_unit(g, 0, someone)
    add_bonds(g, 0, *[card("Bond")] * 3)
    copy = add_cards(g, 0, "hand", mimic)[0]
    begin(g, phase="deployment")
    assert {x.unit for x in options(g, LEVEL_UP, card=copy.id)} == {mc.id, h.id, s.id}
    pick(g, LEVEL_UP, card=copy.id, unit=s.id)
    assert s.cards[0] is copy and len(s.cards) == 2
    # a second Mimic now has a "Mimic" ally: only that unit (its own name) can take it
    copy2 = add_cards(g, 0, "hand", mimic)[0]
    assert {x.unit for x in options(g, LEVEL_UP, card=copy2.id)} <= {s.id}


def test_a_skill_puts_it_onto_an_ally_of_another_name():
    cards = compile_text(ANY_PACK, "any.fe0")
    mimic, caller, hero, _ = cards
    g, mc, _ = duel()
    h = add_unit(g, 0, hero)
    add_unit(g, 0, caller)
    copy = add_cards(g, 0, "hand", mimic)[0]
    begin(g)
    pick(g, "use_skill", skill="Raise")
    pick(g, unit=h.id)
    pick(g, card=copy.id)
    assert h.cards[0] is copy and len(h.cards) == 2
