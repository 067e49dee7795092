"""'this unit is attacked instead of your main character' (B03-085SR Flora, "Was I...helpful?":
"When this unit is deployed as the effect of "That was close!", this unit is attacked instead of
your Main Character."): the unit becomes the defending unit of the attack in progress only when
that attack is on its controller's Main Character (the skill is triggered by a deployment, not by
the attack, so 'that unit' would be the deployed unit)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, answer_until, begin, card, duel, events, pick

PACK = '''
card "Tester, Guard"
  codes TST-985
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  hand "Rush In"
    when an ally is attacked
    you may
    deploy this card
  auto "Cover"
    when this unit is deployed by "Rush In"
    this unit is attacked instead of your main character
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _attack(on_main_character: bool):
    game, mc0, mc1 = duel()
    other = add_unit(game, 0, card("Bystander", "ally"))
    add_cards(game, 0, "hand", CARDS["Tester, Guard"])
    begin(game, player=1)
    start = len(game.events)
    pick(game, "attack", unit=mc1.id, target=(mc0 if on_main_character else other).id)
    pick(game, "yes")
    pick(game, "area", area="front")
    answer_until(game, lambda g: bool(events(g, ev.SkillResolved, since=start))
                 and any(e.skill == "Cover" for e in events(g, ev.SkillResolved, since=start)))
    return game, start


def test_the_attack_on_the_main_character_is_redirected():
    game, start = _attack(True)
    changed = events(game, ev.DefenderChanged, since=start)
    assert len(changed) == 1 and changed[0].defender_name == "Tester, Guard"


def test_an_attack_on_another_ally_is_not():
    game, start = _attack(False)
    assert events(game, ev.DefenderChanged, since=start) == []


def test_instead_of_another_unit_is_refused():
    with pytest.raises(LanguageError, match="'your main character'"):
        compile_text(PACK.replace("instead of your main character", "instead of all allies"), "bad.fe0")
