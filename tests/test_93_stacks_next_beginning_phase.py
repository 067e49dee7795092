"""'it cannot untap during your opponent's next beginning phase' (B11-048HN Gorgon "Stone": "At the
start of your opponent's next turn, the chosen enemy cannot be untapped"; docs/skill-language.md,
Durations): a change of units that holds only in the Beginning Phase of that player's first turn
after this one, so its untap leaves the unit tapped; a skill may untap it before that phase or
after it, and the turn after that untaps it as usual. `during your next beginning phase` is the
same for the controller's own next turn. The checker takes the duration with 'cannot untap' only."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, answer_until, begin, card, duel, pick

PACK = '''
card "Caster, Of Stone"
  codes TST-937
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Petrify"
    choose 1 non-main character enemy
    it cannot untap during your opponent's next beginning phase
  act "Rest"
    this unit cannot untap during your next beginning phase

card "Healer, Of Stone"
  codes TST-938
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Restore"
    choose 1 tapped ally
    untap it
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def _to_phase(game, player, phase):
    answer_until(game, lambda g: g.decision is not None and g.decision.player == player
                 and g.phase == phase and g.decision.kind in (phase, "action", "bond", "deployment"))


def test_the_chosen_enemy_stays_tapped_through_its_next_untap_only():
    game, _, _ = duel()
    caster = add_unit(game, 0, CARDS["Caster, Of Stone"])
    stone, other = add_unit(game, 1, card("Stoned", "enemy"), tapped=True), \
        add_unit(game, 1, card("Other", "enemy"), tapped=True)
    begin(game)
    pick(game, "use_skill", skill="Petrify")
    pick(game, unit=stone.id)
    _to_phase(game, 1, "bond")                       # the opponent's turn, after its Beginning Phase
    assert game.unit(stone.id).tapped and not game.unit(other.id).tapped
    _to_phase(game, 1, "action")
    _to_phase(game, 0, "action")
    _to_phase(game, 1, "bond")                       # the turn after: untapped as usual
    assert not game.unit(stone.id).tapped


def test_a_skill_may_untap_it_after_that_beginning_phase():
    game, _, _ = duel()
    caster = add_unit(game, 0, CARDS["Caster, Of Stone"])
    stone = add_unit(game, 1, card("Stoned", "enemy"), tapped=True)
    add_unit(game, 1, CARDS["Healer, Of Stone"])
    begin(game)
    pick(game, "use_skill", skill="Petrify")
    pick(game, unit=stone.id)
    _to_phase(game, 1, "action")
    assert game.unit(stone.id).tapped
    pick(game, "use_skill", skill="Restore")
    pick(game, unit=stone.id)
    assert not game.unit(stone.id).tapped             # "cannot untap" held in the Beginning Phase only


def test_your_next_beginning_phase_is_the_controllers_own():
    game, _, _ = duel()
    caster = add_unit(game, 0, CARDS["Caster, Of Stone"], tapped=True)
    begin(game)
    pick(game, "use_skill", skill="Rest")
    _to_phase(game, 1, "bond")
    _to_phase(game, 0, "bond")                       # its own next turn: still tapped
    assert game.unit(caster.id).tapped
    _to_phase(game, 1, "bond")
    _to_phase(game, 0, "bond")                       # the turn after: untapped
    assert not game.unit(caster.id).tapped


def _refused(line: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(PACK.replace("it cannot untap during your opponent's next beginning phase", line), "bad.fe0")
    return str(e.value)


@pytest.mark.parametrize("line", [
    "it gains +10 attack during your opponent's next beginning phase",
    "it cannot move during your opponent's next beginning phase",
    "tap it during your opponent's next beginning phase",
])
def test_refused_with_anything_but_cannot_untap(line):
    msg = _refused(line)
    assert "next beginning phase" in msg


def test_refused_for_other_phases():
    msg = _refused("it cannot untap during your opponent's next action phase")
    assert "error" in msg


def test_it_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "At the start of your opponent's next turn (its Beginning Phase), it cannot untap." in text
