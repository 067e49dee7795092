"""Counts compared with the opponent's (docs/skill-language.md, "Comparing counts with the
opponent; 'the only units'"): "the same number of", "as many or fewer / more", "fewer
cards in your retreat area than your opponent", played in games on small test cards."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, options, pick

PACK = '''
card "Morgan, Even Odds"
  codes TST-851
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Even the Odds"
    once per turn
    if you have the same number of orbs as your opponent
    draw 1
  act "Replicate"
    once per turn
    this unit gains +30 attack until the end of the turn
    if you have as many or fewer orbs as your opponent: untap this unit
  act "Blow from the Shadows"
    if you have as many or more allies than your opponent
    this unit gains +10 attack until the end of the turn
  act "Grave Count"
    if you have fewer cards in your retreat area than your opponent
    this unit gains +10 attack until the end of the turn

card "Tiki, Latecomer"
  codes TST-852
  cost 5
  symbol green
  range 1
  attack 60
  support 10
  spec "With Everyone"
    if you have as many or fewer bonds than your opponent
    the deployment cost of this card is reduced by 3

card "Luthier, Loner"
  codes TST-853
  cost 1
  symbol green
  range 1
  attack 30
  support 10
  act "Solitary Mage"
    if you have a "Delthea" ally, and you have no allies other than this unit or "Delthea"
    this unit gains +20 attack until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "comparisons.fe0")}
F = card("Filler", "x", attack=10)


@pytest.mark.parametrize("mine, theirs, offered", [(3, 3, True), (2, 3, False), (4, 3, False)])
def test_the_same_number_of_orbs(mine, theirs, offered):
    game, _, _ = duel(orbs=0)
    add_orbs(game, 0, mine)
    add_orbs(game, 1, theirs)
    add_unit(game, 0, CARDS["Morgan"])
    begin(game)
    assert bool(options(game, "use_skill", skill="Even the Odds")) is offered


@pytest.mark.parametrize("mine, theirs, untapped", [(2, 3, True), (3, 3, True), (4, 3, False)])
def test_as_many_or_fewer_orbs_guards_one_line(mine, theirs, untapped):
    game, _, _ = duel(orbs=0)
    add_orbs(game, 0, mine)
    add_orbs(game, 1, theirs)
    morgan = add_unit(game, 0, CARDS["Morgan"], tapped=True)
    begin(game)
    pick(game, "use_skill", skill="Replicate")
    assert game.attack(morgan) == 60
    assert morgan.tapped is not untapped


@pytest.mark.parametrize("extra_mine, extra_theirs, offered", [(0, 1, True), (0, 0, True), (0, 2, False),
                                                                (1, 2, True)])
def test_as_many_or_more_allies_than_the_opponent_has_enemies(extra_mine, extra_theirs, offered):
    game, _, _ = duel()                          # (each side has its Main Character)
    add_unit(game, 0, CARDS["Morgan"])
    for i in range(extra_mine):
        add_unit(game, 0, card(f"Mine {i}", "x"), area="back")
    for i in range(extra_theirs):
        add_unit(game, 1, card(f"Theirs {i}", "x"), area="back")
    begin(game)
    assert bool(options(game, "use_skill", skill="Blow from the Shadows")) is offered


@pytest.mark.parametrize("mine, offered", [(1, True), (2, False), (3, False)])
def test_cards_in_the_retreat_area_are_counted_there_not_in_the_hand(mine, offered):
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Morgan"])
    add_cards(game, 0, "retreat", *[F] * mine)
    add_cards(game, 1, "retreat", F, F)
    add_cards(game, 0, "hand", *[F] * (4 - mine))   # the hand is not what is counted
    begin(game)
    assert bool(options(game, "use_skill", skill="Grave Count")) is offered


@pytest.mark.parametrize("mine, theirs, cost", [(3, 3, 2), (2, 4, 2), (4, 3, 5)])
def test_a_deployment_cost_reduced_while_you_have_as_many_or_fewer_bonds(mine, theirs, cost):
    game, _, _ = duel()
    (tiki,) = add_cards(game, 0, "hand", CARDS["Tiki"])
    add_bonds(game, 0, *[card("Green", "bond", symbols="green")] * mine)
    add_bonds(game, 1, *[F] * theirs)
    begin(game, phase="deployment")
    assert game.deploy_cost(tiki) == cost


@pytest.mark.parametrize("others, offered", [(("Delthea",), True), ((), False), (("Delthea", "Saber"), False)])
def test_the_only_units_you_have(others, offered):
    game, mc0, _ = duel(mc0=card("Delthea", "mc"))
    add_unit(game, 0, CARDS["Luthier"])
    for name in others[1:]:
        add_unit(game, 0, card(name, "x"), area="back")
    if not others:
        mc0.cards[0] = game.new_copy(card("Celica", "mc"), 0)
    begin(game)
    assert bool(options(game, "use_skill", skill="Solitary Mage")) is offered


@pytest.mark.parametrize("line, message", [
    ("if you have fewer orbs in your hand than your opponent", "says where cards are counted"),
    ("if you have the same number of cards in your opponent's hand as your opponent", "area with area"),
    ("if you have as many or fewer swords as your opponent", "cannot compare 'swords'"),
])
def test_comparisons_that_mean_nothing_are_refused(line, message):
    text = ('card "Probe, Probe"\n  codes TST-859\n  cost 1\n  attack 10\n  support 10\n  act "X"\n    '
            + line + "\n    draw 1\n")
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Even the Odds"].endswith("If you and your opponent have the same number of orbs: Draw 1 card.")
    assert "If you have equal to or fewer orbs than your opponent, untap this unit." in texts["Replicate"]
