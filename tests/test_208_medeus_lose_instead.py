"""A skill in place of losing the game (docs/skill-language.md, "Instead of losing the
game"; dsl/lose_instead.py): "instead of losing the game when your main character is
destroyed" makes a hand skill a replacement of rule 4's loss (engine event GameLosing,
engine decision 56); after its own card is deployed, "this unit" and "other" name that unit;
"you cannot transfer main character status until the end of the game" keeps the Main
Character where it is."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev
from fecipher.engine.skills import SkillKind

from vanilla import add_cards, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Medeus, Test Shadow"
  codes LSI-001
  cost 7
  symbol red
  range 1-2
  attack 100
  support 0
  hand "Revive"
    instead of losing the game when your main character is destroyed
    you may
    deploy this card
    if you do: send all other allies to your retreat area
    if you do: make this unit your main character
    if you do: you cannot transfer main character status until the end of the game

card "Sela, Test Crowner"
  codes LSI-002
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Crown"
    choose 1 other ally
    make it your main character
  act "Lock"
    you cannot transfer main character status until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "lose_instead.fe0")}
MEDEUS, SELA = CARDS["Medeus"], CARDS["Sela"]
GIANT = card("Giant", attack=90)


def _board(orbs=0, medeus_on_field=False):
    """Player 0's Giant attacks player 1's Main Character (``orbs`` orbs); Medeus in player 1's hand."""
    game, m0, m1 = duel(orbs=orbs)
    giant = add_unit(game, 0, GIANT)
    other = add_unit(game, 1, SELA)
    add_cards(game, 1, "hand", MEDEUS)
    if medeus_on_field:
        add_unit(game, 1, MEDEUS, area="back")
    begin(game)
    return game, giant, m1, other


def _types(evs):
    return [type(e).__name__ for e in evs]


def test_the_skill_compiles_to_a_replacement_of_the_loss():
    s = MEDEUS.skills[0]
    assert s.kind is SkillKind.HAND and s.triggers == () and s.effect is None
    assert [r.event_type for r in s.replacements] == [ev.GameLosing]
    assert s.replacements[0].optional and s.replacements[0].instead is not None
    assert s.text.startswith("Revive |HAND| Instead of losing the game when your Main Character is destroyed, "
                             "you may: Deploy this card.")
    assert "until the end of the game, you cannot transfer Main Character status." in s.text


def test_the_loss_is_offered_after_the_orbs_breaking_and_replaced_the_game_goes_on():
    game, giant, m1, other = _board()
    pick(game, "attack", unit=giant, target=m1)
    assert game.decision.player == 1 and game.decision.kind == "may"
    assert _types(game.events)[-2:] == ["UnitDestroyed", "OrbsBreaking"]
    pick(game, "yes", player=1)
    pick(game, "area", area="front", player=1)
    assert not game.over
    p = game.players[1]
    assert [u.card.unit_name for u in p.units] == ["Medeus"]
    assert p.main_character.card.unit_name == "Medeus"
    assert sorted(c.card.unit_name for c in p.retreat) == ["Filler", "Lord 1", "Sela"]   # (Filler: its support)
    after = _types(game.events[[type(e) for e in game.events].index(ev.OrbsBreaking):])
    assert after[:3] == ["OrbsBreaking", "Replaced", "Deployed"] and "OrbBroken" not in after
    assert after.index("MainCharacterChanged") > after.index("UnitLeftField")
    assert game.decision.player == 0   # (the attack ended, player 0's Action Phase goes on)


def test_declined_the_player_loses():
    game, giant, m1, _ = _board()
    pick(game, "attack", unit=giant, target=m1)
    pick(game, "no", player=1)
    assert game.over and game.winner == 0
    assert _types(game.events)[-3:] == ["UnitDestroyed", "OrbsBreaking", "GameOver"]


def test_with_an_orb_left_nothing_is_offered():
    game, giant, m1, _ = _board(orbs=1)
    pick(game, "attack", unit=giant, target=m1)
    assert not game.over and not game.players[1].orbs and not events(game, ev.Replaced)
    assert game.players[1].main_character is m1


def test_not_offered_when_its_card_cannot_be_deployed():
    game, giant, m1, _ = _board(medeus_on_field=True)
    pick(game, "attack", unit=giant, target=m1)
    assert game.over and game.winner == 0


def test_a_rule_that_the_main_character_status_cannot_be_transferred():
    game, m0, m1 = duel()
    sela = add_unit(game, 0, SELA)
    ally = add_unit(game, 0, card("Ally", attack=20))
    begin(game)
    pick(game, "use_skill", skill="Lock")
    pick(game, "use_skill", skill="Crown")
    assert game.players[0].main_character is m0 and not events(game, ev.MainCharacterChanged)
    assert game.mc_transfer_refusal(0) and game.mc_transfer_refusal(1) is None


@pytest.mark.parametrize("skill, message", [
    ('auto "Bad"\n    instead of losing the game when your main character is destroyed\n    draw 1',
     "supported in a HAND skill"),
    ('hand "Bad"\n    instead of losing the game when this unit is destroyed\n    draw 1',
     "rule 4's"),
    ('hand "Bad"\n    instead of losing the game when your main character is destroyed by an attack\n    draw 1',
     "rule 4's"),
    ('hand "Bad"\n    when your main character is attacked\n    this unit gains +10 attack until the end of the turn',
     "not a unit"),
    ('hand "Bad"\n    when your main character is attacked\n    all other allies gain +10 attack until the end of the turn',
     "not a unit"),
    ('cont "Bad"\n    you cannot transfer main character status',
     "not as a CONT skill's rule"),
    ('act "Bad"\n    you cannot transfer main character status',
     "needs a duration"),
    ('act "Bad"\n    your opponent cannot transfer main character status until the end of the game',
     "supported for 'you'"),
])
def test_near_misses_are_refused(skill, message):
    text = f'''
card "Bad, Rule"
  codes LSI-009
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  {skill}
'''
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    assert message in str(e.value)
