"""'this card cannot be stacked onto "Tibarn" to level up by skills' and 'this card cannot be
stacked onto "Sigurd" to class change' (SPEC card rules of the card placed: B17-073SR Tibarn "Pride
in Independence": "This card cannot be stacked on top of a "Tibarn" to Level Up him as a result of a
skill's effect"; B19-056HN Sigurd "As Gallant a Figure as in Life": "This card cannot be stacked on
top of "Sigurd" to Class Change him"; docs/skill-language.md, "Deploying: ... units that cannot level
up"): the rule is the card's, whatever unit it would go on; 'by skills' spares the Deployment Phase,
'class change' spares a plain level up; other cards still level the unit up."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.deployment import level_up_refusal

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Tibarn, Proud"
  codes TST-947
  cost 2
  symbol green
  range 1
  attack 80
  support 20
  spec "Pride"
    this card cannot be stacked onto "Tibarn" to level up by skills

card "Sigurd, Soul"
  codes TST-948
  cost 1
  class change cost 1
  symbol green
  range 1
  attack 30
  support 20
  spec "Gallant"
    this card cannot be stacked onto "Sigurd" to class change

card "Naesala, Raven"
  codes TST-949
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Lift"
    choose 1 card from your hand
    put it onto 1 ally with the same unit name as it
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}
GREEN = card("Green", "bond", symbols="green")


def _board(top: str, hand: str, *, raven: bool = False, phase: str = "action"):
    game, _, _ = duel()
    unit = add_unit(game, 0, card(top, "lv1", symbols="green"), area="front")
    if raven:
        add_unit(game, 0, CARDS["Naesala, Raven"], area="back")
    (copy,) = add_cards(game, 0, "hand", CARDS[hand])
    add_bonds(game, 0, GREEN, GREEN, GREEN)
    begin(game, phase=phase)
    return game, unit, copy


def test_a_skill_cannot_stack_it_onto_tibarn():
    game, unit, tibarn = _board("Tibarn", "Tibarn, Proud", raven=True)
    pick(game, "use_skill", skill="Lift")
    pick(game, "card", card=tibarn)     # (the choice comes before the unit it goes on is known)
    assert tibarn in game.players[0].hand and len(game.unit(unit.id).cards) == 1


def test_it_levels_tibarn_up_from_the_hand():
    game, unit, tibarn = _board("Tibarn", "Tibarn, Proud", phase="deployment")
    assert level_up_refusal(game, 0, tibarn, unit) is None
    pick(game, "level_up", card=tibarn, unit=unit)
    assert game.unit(unit.id).top is tibarn


def test_sigurd_cannot_class_change_sigurd_from_the_hand():
    game, unit, sigurd = _board("Sigurd", "Sigurd, Soul", phase="deployment")
    assert not options(game, "class_change", card=sigurd, unit=unit)
    assert "cannot be stacked onto Sigurd" in level_up_refusal(game, 0, sigurd, unit)


def test_sigurd_cannot_class_change_sigurd_by_a_skill():
    game, unit, sigurd = _board("Sigurd", "Sigurd, Soul", raven=True)
    pick(game, "use_skill", skill="Lift")
    pick(game, "card", card=sigurd)
    assert sigurd in game.players[0].hand and len(game.unit(unit.id).cards) == 1


def test_other_cards_still_level_the_unit_up():
    game, _, _ = duel()
    unit = add_unit(game, 0, card("Sigurd", "lv1", symbols="green"), area="front")
    (other,) = add_cards(game, 0, "hand", card("Sigurd", "lv2", cost=2, cc=1, symbols="green"))
    add_bonds(game, 0, GREEN, GREEN)
    begin(game, phase="deployment")
    assert options(game, "class_change", card=other, unit=unit)


@pytest.mark.parametrize("line, message", [
    ('this card cannot be stacked onto 1 ally to level up by skills', "quoted"),
    ('this card cannot be stacked onto your main character to level up by skills', "names unit names"),
    ('this card cannot be stacked onto "Tibarn" to deploy', "error"),
])
def test_near_misses_are_refused(line, message):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace('this card cannot be stacked onto "Tibarn" to level up by skills', line), "x.fe0")
    assert message in str(e.value)


def test_refused_outside_a_spec_skill():
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace('spec "Pride"', 'cont "Pride"'), "x.fe0")
    assert "SPEC" in str(e.value)


def test_it_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    cards = parse_pack(PACK, "t.fe0").cards
    assert "cannot be stacked on top of \"Tibarn\" to Level Up them as a result of a skill's effect" in \
        render_skill(cards[0].skills[0])
    assert "cannot be stacked on top of \"Sigurd\" to Class Change them." in render_skill(cards[1].skills[0])
