"""What a skill's own lines did, named in its later lines: `all cards sent to your retreat area
by this skill` as the object of an effect line (the cards still there), and `all units deployed
by this skill` (the units its 'deploy' lines deployed, still on the field; kept by an "at the
end of this turn:" block): "send the topmost card of your Deck to the Retreat Area. You may
[Flip 1 Bond face-down]. If you do, deploy the card sent to the Retreat Area by this skill in this
turn. Units deployed by this skill lose all of their skills, cannot Level Up, and are destroyed
at the end of the turn" (B03-072R)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, options, pick

HEAD = '''
card "Sel, Probe"
  codes TST-241
  cost 1
  symbol black
  range 1
  attack 30
  support 10

'''
PARTY = '''  auto "Party"
    at the start of your turn
    send the top card of your deck to your retreat area
    you may flip 1 bond
    if you do: deploy all cards sent to your retreat area by this skill
    all units deployed by this skill lose all skills until they leave the field
    all units deployed by this skill cannot level up until they leave the field
    at the end of this turn:
    destroy all units deployed by this skill
'''
GUEST = '''
card "Gil, Guest"
  codes TST-242
  cost 2
  symbol black
  range 1
  attack 40
  support 10

  cont "Proud"
    this unit gains +30 attack
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + PARTY + GUEST, "game.fe0")}


def test_reads():
    text = CARDS["Sel"].skills[0].text
    assert "deploy all cards sent to your Retreat Area by this skill" in text
    assert "destroy all units deployed by this skill" in text


@pytest.mark.parametrize("bad, says", [
    (PARTY.replace("deploy all cards sent", "deploy 1 card sent"), "a choice among them is not supported"),
    (PARTY.replace("all units deployed by this skill lose", "all cards deployed by this skill lose"),
     "goes with units"),
    (PARTY.replace("    if you do: deploy all cards sent to your retreat area by this skill\n", ""),
     "no such line before this one"),
    ('''  act "Party"
    deploy all cards sent to your retreat area by this skill
    send the top card of your deck to your retreat area
''', "no line before this one does"),
])
def test_refused_near_misses(bad, says):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + bad, "bad.fe0")
    assert says in str(e.value)


def _board(top, *, bonds=1):
    game, mc0, mc1 = duel(card("Lord 0", "main character", attack=50, symbols="black"))
    sel = add_unit(game, 0, CARDS["Sel"])
    add_cards(game, 0, "deck", top, top=True)
    add_bonds(game, 0, *[card("Bond", str(i), symbols="black") for i in range(bonds)])
    return game, sel


def test_the_sent_card_deployed_without_its_skills_and_levels_destroyed_at_the_end_of_the_turn():
    game, sel = _board(CARDS["Gil"], bonds=3)
    (up,) = add_cards(game, 0, "hand", card("Gil", "lv2", cost=1, symbols="black"))
    begin(game, phase="beginning")
    pick(game, "yes")                                       # flip 1 bond
    pick(game, "card", label="Bond, 0")
    pick(game, "area", area="front")
    gil = next(u for u in game.players[0].units if u.name == "Gil")
    assert not game.players[0].retreat
    assert game.attack(gil) == 40                           # "Proud" lost
    assert sum(1 for b in game.players[0].bonds if not b.face_up) == 1
    while game.decision.kind != "deployment":
        pick(game, "pass")
    assert not options(game, "level_up", card=up, unit=gil)  # cannot level up
    while game.turn == 2:
        pick(game, "pass")
    assert game.unit(gil.id) is None and gil.top in game.players[0].retreat


def test_without_the_bond_flip_nothing_is_deployed():
    game, sel = _board(CARDS["Gil"])
    begin(game, phase="beginning")
    pick(game, "no")
    assert [c.card for c in game.players[0].retreat] == [CARDS["Gil"]]
    assert all(u.name != "Gil" for u in game.players[0].units)


def test_only_units_this_skill_deployed_are_reached():
    game, sel = _board(card("Ned", symbols="black"))
    other = add_unit(game, 0, CARDS["Gil"])
    begin(game, phase="beginning")
    pick(game, "yes")
    pick(game, "area", area="back")
    assert game.attack(other) == 70                         # not deployed by it: keeps its skill
    while game.turn == 2:
        pick(game, "pass")
    assert game.unit(other.id) is other                     # and stays
    assert all(u.name != "Ned" for u in game.players[0].units)
