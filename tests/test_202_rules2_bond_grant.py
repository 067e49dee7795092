"""Bond skills given to bond cards (docs/skill-language.md, "Bond skills given to other bond
cards"): 'all yellow bonds acquire this unit's [BS] skills' (B15-076SR "Blood of Njorun,
Earthen Goddess"). While the CONT skill is active, each face-up yellow card of its
controller's Bond Area has this unit's printed [BS] bond skills, used from that card (its
"this card" is that bond) with its own uses; other bonds, face-down bonds and the opponent's
bonds do not; nothing is given once the unit has left the field."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, answer_until, begin, card, duel, options, pick, refusal

PACK = '''
card "Leif, Granter"
  codes RLB-001
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  cont "Njorun"
    all yellow bonds acquire this unit's [BS] skills
  bond "Dream" [BS]
    cost flip this card
    choose 1 non-main character enemy
    move it
  bond "Ward" [BS]
    once per turn
    draw 1
  bond "Plain"
    draw 1

card "Seliph, Watcher"
  codes RLB-002
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  auto "Watch"
    when you use a bond skill
    this unit gains +10 attack until the end of the turn
  act "Count"
    this unit gains +10 attack for each bond with a bond skill until the end of the turn
  act "Keyed"
    this unit gains +10 attack for each bond with a [BS] skill until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "bond_grant.fe0")}
LEIF, WATCHER = CARDS["Leif"], CARDS["Seliph"]
YELLOW = card("Nanna", "yellow bond", symbols="yellow", code="RLB-Y")
YELLOW2 = card("Finn", "yellow bond", symbols="yellow", code="RLB-Y2")
RED = card("Ced", "red bond", symbols="red", code="RLB-R")
ENEMY = card("Enemy", "front", code="RLB-E")


def _board(*bonds, face_up=True, leif=True, watcher=False):
    game, _, _ = duel(deck=10)
    if leif:
        add_unit(game, 0, LEIF)
    if watcher:
        add_unit(game, 0, WATCHER)
    made = add_bonds(game, 0, *bonds, face_up=face_up)
    foe = add_unit(game, 1, ENEMY)
    begin(game, turn=3, player=0)
    return game, made, foe


def _uses(game, skill):
    return [o for o in options(game, "use_skill") if o.skill == skill]


def test_a_yellow_bond_uses_the_given_skill_and_its_cost_flips_that_bond():
    game, (bond,), foe = _board(YELLOW)
    opt, = _uses(game, "Dream")
    assert opt.card == bond.copy.id
    game.answer(opt)
    pick(game, "unit", unit=foe.id)
    assert not bond.face_up                    # "flip this card": the yellow bond that used it
    assert foe.area == "back"
    assert any(type(e) is ev.SkillUsed and e.skill == "Dream" and e.card == bond.copy.id for e in game.events)
    assert _uses(game, "Dream") == []          # face-down now: no bond skill at all


def test_only_face_up_yellow_bonds_of_the_controller_have_them_and_only_the_bs_skills():
    game, _, _ = _board(RED)
    assert _uses(game, "Dream") == [] and _uses(game, "Ward") == []
    game, _, _ = _board(YELLOW, face_up=False)
    assert _uses(game, "Dream") == []
    game, _, _ = _board(YELLOW)
    assert _uses(game, "Plain") == []          # not a [BS] skill: not given
    game, _, _ = duel(deck=10)
    add_unit(game, 0, LEIF)
    add_bonds(game, 1, YELLOW)
    begin(game, turn=4, player=1)              # the opponent's yellow bond
    assert _uses(game, "Dream") == []


def test_without_the_unit_on_the_field_nothing_is_given():
    game, _, _ = _board(YELLOW, leif=False)
    add_cards(game, 0, "hand", LEIF)
    assert _uses(game, "Dream") == []


def test_each_bond_counts_its_own_uses_of_a_once_per_turn_skill():
    game, (a, b), _ = _board(YELLOW, YELLOW2)
    hand = len(game.players[0].hand)
    first = next(o for o in _uses(game, "Ward") if o.card == a.copy.id)
    game.answer(first)
    second = next(o for o in _uses(game, "Ward") if o.card == b.copy.id)
    assert not [o for o in _uses(game, "Ward") if o.card == a.copy.id]
    game.answer(second)
    assert _uses(game, "Ward") == [] and len(game.players[0].hand) == hand + 2


def test_a_leif_bond_has_its_printed_skill_once():
    game, (bond,), _ = _board(LEIF)
    assert [o.card for o in _uses(game, "Dream")] == [bond.copy.id]
    assert [o.card for o in _uses(game, "Plain")] == [bond.copy.id]


def test_the_given_skill_is_a_bond_skill_used_from_the_bond():
    """A used given skill is a bond skill the player uses ("when you use a bond skill")."""
    game, (bond,), foe = _board(YELLOW, watcher=True)
    watcher = game.players[0].units[-1]
    game.answer(_uses(game, "Ward")[0])
    used = [e for e in game.events if type(e) is ev.SkillUsed and e.skill == "Ward"]
    assert used and used[0].card == bond.copy.id and used[0].unit is None
    answer_until(game, lambda g: g.decision.kind == "action")
    assert game.attack(watcher) == 40


def test_a_bond_with_a_given_skill_is_a_bond_with_a_bond_skill():
    game, _, _ = _board(YELLOW, RED, watcher=True)
    watcher = game.players[0].units[-1]
    pick(game, "use_skill", skill="Count")
    pick(game, "use_skill", skill="Keyed")
    assert game.attack(watcher) == 50          # the yellow bond, twice; not the red one
    game, _, _ = _board(YELLOW, RED, leif=False, watcher=True)
    watcher = game.players[0].units[-1]
    pick(game, "use_skill", skill="Count")
    assert game.attack(watcher) == 30


def _bad(body: str, extra: str = "") -> str:
    return f'''
card "Bad, Granter"
  codes RLB-009
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
{body}
{extra}'''


BS = '''  bond "Dream" [BS]
    cost flip this card
    draw 1'''


@pytest.mark.parametrize("body, extra, message", [
    ('  cont "X"\n    all allies acquire this unit\'s [BS] skills', BS, "giving them to units"),
    ('  act "X"\n    all yellow bonds acquire this unit\'s [BS] skills', BS, "CONT skill's line"),
    ('  cont "X"\n    all yellow bonds acquire this unit\'s [BS] skills', "", "prints no bond skill with [BS]"),
    ('  cont "X"\n    all yellow bonds acquire this unit\'s [BS] skills',
     '  bond "Dream" [BS]\n    when this card is placed in your bond area\n    draw 1', "only a bond skill that is used"),
    ('  cont "X"\n    2 yellow bonds acquire this unit\'s [BS] skills', BS, "about all of them"),
    ('  cont "X"\n    all yellow bonds acquire this unit\'s [BS] skills and +10 attack', BS, ""),
])
def test_near_misses_are_refused(body, extra, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_bad(body, extra), "bad.fe0")
    assert message in str(e.value)
