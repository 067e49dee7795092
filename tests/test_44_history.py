"""Conditions on what happened this turn, read from the game's events: "if this unit
was deployed this turn", "if an ally was destroyed this turn", "if this unit was moved
this turn", "if an orb from your opponent's orbs was destroyed this turn"."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, answer_until, begin, card, duel, options, pick

PACK = '''
card "Tester, Rookie"
  codes TST-401
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Fresh Legs"
    once per turn
    if this unit was deployed this turn
    draw 1
  cont "Momentum"
    if this unit was moved this turn
    this unit gains +10 attack

card "Cadet, Old Hand"
  codes TST-404
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Fresh Legs"
    once per turn
    if this unit was deployed this turn
    draw 1

card "Tester, Mourner"
  codes TST-402
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Vengeance"
    once per turn
    if a non-main character ally was destroyed this turn
    this unit gains +20 attack until the end of the turn
  act "Sacrifice"
    choose 1 other non-main character ally
    destroy it
  act "Trophy"
    once per turn
    if this unit has destroyed an enemy this turn
    draw 1
  act "Loot"
    once per turn
    if an orb from your opponent's orbs was destroyed this turn
    draw 1

card "Tester, Target"
  codes TST-403
  cost 1
  symbol red
  range 1
  attack 10
  support 10
'''
CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "history.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)


def c(title: str):
    return CARDS[f"Tester, {title}"]


def test_deployed_this_turn():
    game, mc0, mc1 = duel()
    rookie = add_cards(game, 0, "hand", c("Rookie"))[0]
    add_bonds(game, 0, FILLER)
    old = add_unit(game, 0, CARDS["Cadet, Old Hand"])     # on the field since an earlier turn
    begin(game, phase="deployment")
    assert not options(game, "use_skill")                 # (the Deployment Phase)
    pick(game, "deploy", card=rookie, area="back")
    answer_until(game, lambda g: g.phase == "action")
    usable = [o.unit for o in options(game, "use_skill", skill="Fresh Legs")]
    new = next(u for u in game.players[0].units if u.cards[0] is rookie)
    assert usable == [new.id] and old.id not in usable


def test_moved_this_turn_holds_for_the_rest_of_the_turn():
    game, mc0, mc1 = duel()
    r = add_unit(game, 0, c("Rookie"))
    begin(game)
    assert game.attack(r) == 30
    pick(game, "move", unit=r)
    assert game.attack(r) == 40
    answer_until(game, lambda g: g.turn == 3 and g.phase == "action")
    assert game.attack(r) == 30                           # a new turn


def test_an_ally_destroyed_this_turn():
    game, mc0, mc1 = duel()
    m = add_unit(game, 0, c("Mourner"))
    t = add_unit(game, 0, c("Target"))
    begin(game)
    assert not options(game, "use_skill", skill="Vengeance")
    pick(game, "use_skill", skill="Sacrifice")
    if game.decision.kind == "choose":
        pick(game, "unit", unit=t)
    assert game.unit(t.id) is None
    pick(game, "use_skill", skill="Vengeance")
    assert game.attack(m) == 30 + 20
    # The next turns: it happened in an earlier turn.
    answer_until(game, lambda g: g.turn == 4 and g.phase == "action")
    assert not options(game, "use_skill", skill="Vengeance")


def test_an_enemy_destroyed_is_not_an_ally_destroyed():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Mourner"))
    enemy = add_unit(game, 1, c("Target"))
    begin(game)
    pick(game, "attack", unit=mc0, target=enemy)
    answer_until(game, lambda g: g.battle is None and g.decision.kind == "action")
    assert game.unit(enemy.id) is None
    assert not options(game, "use_skill", skill="Vengeance")
    assert not options(game, "use_skill", skill="Loot")   # no orb either


def test_this_unit_has_destroyed_an_enemy_this_turn():
    game, mc0, mc1 = duel()
    m = add_unit(game, 0, c("Mourner"))
    enemy = add_unit(game, 1, c("Target"))
    begin(game)
    assert not options(game, "use_skill", skill="Trophy")
    pick(game, "attack", unit=mc0, target=enemy)          # another unit's attack: not this unit's
    answer_until(game, lambda g: g.battle is None and g.decision.kind == "action")
    assert game.unit(enemy.id) is None and not options(game, "use_skill", skill="Trophy")
    game, mc0, mc1 = duel()
    m = add_unit(game, 0, c("Mourner"))
    enemy = add_unit(game, 1, c("Target"))
    begin(game)
    pick(game, "attack", unit=m, target=enemy)
    answer_until(game, lambda g: g.battle is None and g.decision.kind == "action")
    assert options(game, "use_skill", skill="Trophy")


def test_an_opponents_orb_destroyed_this_turn():
    game, mc0, mc1 = duel(mc1=card("Lord", "Weak", attack=10))
    add_unit(game, 0, c("Mourner"))
    begin(game)
    assert not options(game, "use_skill", skill="Loot")
    pick(game, "attack", unit=mc0, target=mc1)
    for _ in range(10):
        if game.battle is None and game.decision.kind == "action":
            break
        d = game.decision
        game.answer(0 if d.kind == "break_orb" else next(o for o in d.options if o.kind in ("pass", "no")))
    assert options(game, "use_skill", skill="Loot")


@pytest.mark.parametrize("line, message", [
    ("if an ally with cost 2 or less was destroyed this turn", "can only say whose unit"),
    ("if this unit was destroyed this turn", "can only say whose unit"),
    ("if an orb from your orbs was moved this turn", "an orb is not moved"),
])
def test_checker_refuses_what_the_events_cannot_tell(line, message):
    text = '''
card "Tester, Bad"
  codes TST-499
  cost 1
  symbol red
  attack 30
  support 10
  act "Bad"
    ''' + line + '''
    draw 1
'''
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)


def test_describe():
    from fecipher.dsl import render
    from fecipher.dsl.parse import parse_pack
    texts = {s.name: render.skill(s) for cd in parse_pack(PACK, "h.fe0").cards for s in cd.skills}
    assert "If this unit was deployed this turn: Draw 1 card." in texts["Fresh Legs"]
    assert "If a non-Main Character ally was destroyed this turn" in texts["Vengeance"]
