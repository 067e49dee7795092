"""The unit filter `levelled up this turn` / `growthed this turn` / `levelled up or growthed this
turn`, with `while this unit was on the field` before `this turn`: the units the game's events of the turn going on
say were levelled up (a class change is a level up) or growthed, counting only what happened
while the skill's own unit was on the field ("if you have 1 or more other allies who have
Leveled Up or Growth in that turn, all of your Front Line allies gain +10 attack per each of
those allies. However, do not count allies who were Leveled Up or Growth while this unit was
not on the Battlefield", B05-082SR)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

HEAD = '''
card "Geo, Probe"
  codes TST-231
  cost 1
  symbol green
  range 1
  attack 30
  support 10

'''
GLORY = '''  cont "Glory"
    all allies in the front line gain +10 attack for each other ally levelled up or growthed while this unit was on the field this turn
'''
PLAIN = '''
card "Pia, Probe"
  codes TST-232
  cost 1
  symbol green
  range 1
  attack 30
  support 10

  cont "Watch"
    this unit gains +10 attack for each ally levelled up this turn
  cont "Garden"
    this unit gains +100 attack for each ally growthed this turn
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + GLORY + PLAIN, "game.fe0")}


def test_reads():
    assert ("for each other ally levelled up or growthed while this unit was on the field this turn"
            in CARDS["Geo"].skills[0].text)
    assert "for each ally growthed this turn" in CARDS["Pia"].skills[1].text


@pytest.mark.parametrize("bad, says", [
    (GLORY.replace("on the field", "on the board"), "'while this unit was on the field' is the only place"),
    ('''  hand "Glory"
    if you have 1 or more allies levelled up while this unit was on the field this turn
    deploy this card
''', "needs a skill of a unit"),
])
def test_refused_near_misses(bad, says):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + bad, "bad.fe0")
    assert says in str(e.value)


def _board():
    game, mc0, _ = duel(card("Lord 0", "main character", attack=50, symbols="green"))
    ann = add_unit(game, 0, card("Ann", symbols="green"))
    bob = add_unit(game, 0, card("Bob", symbols="green"), area="back")
    add_bonds(game, 0, *[card("Bond", str(i), symbols="green") for i in range(6)])
    return game, mc0, ann, bob


def test_levelled_and_class_changed_allies_counted_once_each():
    game, mc0, ann, bob = _board()
    geo = add_unit(game, 0, CARDS["Geo"])
    up1, up2 = add_cards(game, 0, "hand", card("Ann", "lv2", symbols="green"), card("Ann", "lv3", symbols="green"))
    (cc,) = add_cards(game, 0, "hand", card("Bob", "cc", cost=2, cc=1, symbols="green"))
    begin(game, phase="deployment")
    assert game.attack(geo) == 30 and game.attack(mc0) == 50
    pick(game, "level_up", card=up1, unit=ann)
    assert game.attack(geo) == 40 and game.attack(mc0) == 60 and game.attack(ann) == 60
    pick(game, "level_up", card=up2, unit=ann)              # the same ally again: still one
    assert game.attack(geo) == 40
    pick(game, "class_change", card=cc, unit=bob)           # a class change is a level up
    assert game.attack(geo) == 50 and game.attack(mc0) == 70
    assert game.attack(bob) == 50                           # in the Back Line: not given


def test_growth_counts_and_this_unit_is_not_other():
    game, mc0, ann, bob = _board()
    geo = add_unit(game, 0, CARDS["Geo"])
    (g,) = add_cards(game, 0, "deck", card("Ann", "grown", symbols="green"), top=True)
    (g2,) = add_cards(game, 0, "deck", card("Geo", "grown", symbols="green"), top=True)
    begin(game)
    game.grow(g2, geo)                                      # this unit itself: not an other ally
    assert game.attack(geo) == 30
    game.grow(g, ann)
    assert game.attack(geo) == 40 and game.attack(ann) == 60


def test_only_while_this_unit_was_on_the_field_and_only_this_turn():
    game, mc0, ann, bob = _board()
    (up,) = add_cards(game, 0, "hand", card("Ann", "lv2", symbols="green"))
    (up_b,) = add_cards(game, 0, "hand", card("Bob", "lv2", symbols="green"))
    (geo_card,) = add_cards(game, 0, "hand", CARDS["Geo"])
    begin(game, phase="deployment")
    pick(game, "level_up", card=up, unit=ann)               # before "Geo" is on the field
    pick(game, "deploy", card=geo_card, area="front")
    geo = game.players[0].front[-1]
    assert geo.card is CARDS["Geo"] and game.attack(geo) == 30
    pick(game, "level_up", card=up_b, unit=bob)             # after: counted
    assert game.attack(geo) == 40 and game.attack(ann) == 60
    turn = game.turn
    while game.turn == turn:                                # the turn ends: nothing is counted
        pick(game, "pass")
    assert game.turn == turn + 1 and game.attack(geo) == 30


def test_the_plain_filters_read_this_turn_only():
    game, mc0, ann, bob = _board()
    pia = add_unit(game, 0, CARDS["Pia"])
    (up,) = add_cards(game, 0, "hand", card("Ann", "lv2", symbols="green"))
    (g,) = add_cards(game, 0, "deck", card("Bob", "grown", symbols="green"), top=True)
    begin(game, phase="deployment")
    pick(game, "level_up", card=up, unit=ann)
    assert game.attack(pia) == 40                           # a level up: not a growth
    game.grow(g, bob)
    assert game.attack(pia) == 140                          # a growth: not a level up


WATCH = compile_text(HEAD.replace("Geo, Probe", "Wes, Probe").replace("TST-231", "TST-233") + '''  cont "Rise"
    if another ally was levelled up this turn
    this unit gains +10 attack
''', "watch.fe0")[0]


@pytest.mark.parametrize("how", ["level_up", "class_change", "growth", "none"])
def test_the_condition_was_levelled_up_holds_after_a_class_change_too(how):
    """`if another ally was levelled up this turn` (dsl/history.py): a class change is a level
    up (001, p.23), as for the filter above and the trigger "when X levels up"; a Growth is not."""
    game, mc0, ann, bob = _board()
    wes = add_unit(game, 0, WATCH)
    (up,) = add_cards(game, 0, "hand", card("Ann", "lv2", symbols="green"))
    (cc,) = add_cards(game, 0, "hand", card("Bob", "cc", cost=2, cc=1, symbols="green"))
    (g,) = add_cards(game, 0, "deck", card("Ann", "grown", symbols="green"), top=True)
    begin(game, phase="deployment")
    assert game.attack(wes) == 30
    if how == "level_up":
        pick(game, "level_up", card=up, unit=ann)
    elif how == "class_change":
        pick(game, "class_change", card=cc, unit=bob)
    elif how == "growth":
        game.grow(g, ann)
    assert game.attack(wes) == (40 if how in ("level_up", "class_change") else 30)
