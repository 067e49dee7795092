"""A card printed with two support skills ("|ATK SUPP| Magic Emblem ... |DEF SUPP| Miracle
Emblem", B05-006HN Lilina; "|ATK SUPP| Encouragement Emblem ... |ATK/DEF SUPP| Sibling
Emblem", B11-003HN Eirika): each activates when its role fits the battle, in printed order; a
card may not have two support skills of one name. Card.support_skills holds them all."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Lilina, Probe"
  codes TST-971
  cost 1
  symbol purple
  range 1
  attack 30
  support 20
  support "First" attack
    your attacking unit gains +10 attack until the end of the combat
  support "Second" attack/defence
    your battling unit gains +20 attack until the end of the combat
  support "Guard" defence
    your battling unit gains +40 attack until the end of the combat
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "two_supports.fe0")}


def _battle(attacking: bool):
    game, mc0, mc1 = duel()
    add_cards(game, 0, "deck", CARDS["Lilina"], top=True)
    begin(game, player=0 if attacking else 1, turn=2 if attacking else 3)
    mark = len(game.events)
    if attacking:
        pick(game, "attack", unit=mc0, target=mc1)
    else:
        pick(game, "attack", unit=mc1, target=mc0)
    return game, mark


def test_the_card_has_all_its_support_skills_in_printed_order():
    c = CARDS["Lilina"]
    assert [s.name for s in c.support_skills] == ["First", "Second", "Guard"]
    assert c.support_skill is c.support_skills[0]


def test_each_support_skill_whose_role_fits_activates_in_printed_order():
    game, mark = _battle(attacking=True)
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=mark)]
    assert resolved == ["First", "Second"]
    judged = events(game, ev.BattleJudged, since=mark)[0]
    assert judged.attacker_power == 50 + 20 + 10 + 20


def test_defending_only_the_defending_ones():
    game, mark = _battle(attacking=False)
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=mark)]
    assert resolved == ["Second", "Guard"]
    judged = events(game, ev.BattleJudged, since=mark)[0]
    assert judged.defender_power == 50 + 20 + 20 + 40


def test_describe_and_json_list_them_all():
    from fecipher.play.cli_cards import card_json, describe
    text = describe(CARDS["Lilina"])
    assert "First |ATK SUPP|" in text and "Second |ATK/DEF SUPP|" in text and "Guard |DEF SUPP|" in text
    assert [s["name"] for s in card_json(CARDS["Lilina"])["support_skills"]] == ["First", "Second", "Guard"]


def test_two_support_skills_of_one_name_are_refused():
    text = ('card "Probe, Probe"\n  codes TST-972\n  cost 1\n  attack 10\n  support 10\n'
            '  support "Twin" attack\n    draw 1\n  support "Twin" defence\n    draw 1\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert "has two support skills named \"Twin\"" in str(e.value)
