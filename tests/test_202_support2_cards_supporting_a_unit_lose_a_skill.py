"""'the cards supporting it lose "Miracle Emblem" until the end of the turn' (B10-034N "Od's
Tome": "Choose 1 enemy. Until the end of the turn, cards supporting the chosen enemy lose
"Miracle Emblem" and cannot re-acquire it."): a rule of skill control on one support skill,
by its name, of the support cards supporting that unit (either player's cards: the unit's
own player's support cards are the ones that support it). The support still succeeds and
counts; that skill does not activate for the chosen unit; the same support skill of a card
supporting another unit, and another support skill of a card supporting the chosen unit,
activate."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, duel, events, pick

PACK = '''
card "Mare, Probe Swordmaster"
  codes TST-491
  cost 3
  symbol yellow
  range 1
  attack 60
  support 10
  bond "Od's Tome" [BS]
    cost flip this card
    choose 1 enemy
    the cards supporting it lose "Miracle Emblem" until the end of the turn

card "Mira, Probe Miracle"
  codes TST-492
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Miracle Emblem" defence
    your defending unit gains +20 attack until the end of the combat

card "Ward, Probe Ward"
  codes TST-493
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Probe Ward" defence
    your defending unit gains +20 attack until the end of the combat

card "Sol, Probe Soldier"
  codes TST-494
  cost 1
  symbol red
  range 1
  attack 30
  support 10

card "Tia, Probe Target"
  codes TST-495
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "supporting_lose.fe0")}


def _decline(game):
    for _ in range(20):
        if game.over or (game.decision.kind == "action" and game.decision.player == 0):
            return
        o = game.legal_options()
        no = [x for x in o if x.kind in ("pass", "no")]
        game.answer(no[0] if no else o[0])


def _board(support: str, *, use: bool = True, attack_chosen: bool = True):
    """Player 0 uses Od's Tome (a face-up bond) on player 1's Sol, then attacks Sol (or Tia),
    supported by a plain card; player 1's support card is ``support``."""
    game, lord0, lord1 = duel()
    sol = add_unit(game, 1, CARDS["Sol"])
    tia = add_unit(game, 1, CARDS["Tia"])
    add_bonds(game, 0, CARDS["Mare"])
    add_cards(game, 0, "deck", CARDS["Sol"], CARDS["Sol"], top=True)
    add_cards(game, 1, "deck", CARDS[support], CARDS[support], top=True)
    begin(game, player=0, turn=2, phase="action")
    if use:
        opt = next(o for o in game.legal_options() if o.skill == "Od's Tome")
        game.answer(opt)
        pick(game, "unit", unit=sol)
    start = len(game.events)
    pick(game, "attack", unit=lord0, target=sol if attack_chosen else tia)
    _decline(game)
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=start)]
    judged = events(game, ev.BattleJudged, since=start)[0]
    return game, resolved, judged


def test_the_named_support_skill_of_the_card_supporting_the_chosen_enemy_does_not_activate():
    game, resolved, judged = _board("Mira")
    assert "Miracle Emblem" not in resolved
    assert (judged.defender_power, judged.defender_support) == (30 + 10, 10)   # the support counts
    assert not game.players[0].bonds[0].face_up


def test_without_the_skill_it_activates():
    game, resolved, judged = _board("Mira", use=False)
    assert "Miracle Emblem" in resolved and judged.defender_power == 30 + 10 + 20


def test_a_card_supporting_another_unit_keeps_it():
    game, resolved, judged = _board("Mira", attack_chosen=False)
    assert "Miracle Emblem" in resolved and judged.defender_power == 30 + 10 + 20


def test_another_support_skill_of_a_card_supporting_the_chosen_enemy_activates():
    game, resolved, judged = _board("Ward")
    assert "Probe Ward" in resolved and judged.defender_power == 30 + 10 + 20


def test_rendered():
    from fecipher.play.cli_cards import describe
    assert ("Choose 1 enemy. Until the end of the turn, the cards supporting it lose \"Miracle Emblem\"."
            in describe(CARDS["Mare"]))


@pytest.mark.parametrize("old, new, message", [
    ('the cards supporting it lose "Miracle Emblem"', 'the cards supporting this card lose "Miracle Emblem"',
     "'the cards supporting ...' names a unit"),
    ('the cards supporting it lose "Miracle Emblem"', 'the cards supporting it lose "Nonexistent Emblem X"',
     "Nonexistent Emblem X"),
])
def test_refused(old, new, message):
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace(old, new), "x.fe0")
    assert message in str(e.value)


def test_a_cont_skill_on_this_unit():
    # 'the cards supporting this unit lose "X"' as a CONT line: the unit's own support card loses it
    cont = compile_text(PACK.replace('''  bond "Od's Tome" [BS]
    cost flip this card
    choose 1 enemy
    the cards supporting it lose "Miracle Emblem" until the end of the turn''', '''  cont "Od's Ward"
    the cards supporting this unit lose "Miracle Emblem"'''), "cont.fe0")
    mare = next(c for c in cont if c.unit_name == "Mare")
    for defender_card, lost in ((mare, True), (CARDS["Sol"], False)):
        game, lord0, lord1 = duel()
        target = add_unit(game, 1, defender_card)
        add_cards(game, 0, "deck", CARDS["Sol"], CARDS["Sol"], top=True)
        add_cards(game, 1, "deck", CARDS["Mira"], CARDS["Mira"], top=True)
        begin(game, player=0, turn=2, phase="action")
        start = len(game.events)
        pick(game, "attack", unit=lord0, target=target)
        _decline(game)
        resolved = [e.skill for e in events(game, ev.SkillResolved, since=start)]
        assert ("Miracle Emblem" not in resolved) is lost
