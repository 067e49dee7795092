"""One AUTO skill with several trigger lines: "When this unit's attack or skill destroys an
enemy", "When another ally is Leveled Up or Growthed" (B05-054SR Sothe, B05-074R Elincia,
P05-015PR Micaiah, B09-056SR Tiena, B10-033R Mareeta). The skill triggers on an event any of
its lines matches, once for that event even when several lines match it; its use limit
([Once per Turn]) and its cost are the skill's, shared by every line. 'that unit' / 'that
card' after several lines needs every line to give one (docs/skill-language.md, "One skill,
several triggers")."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Wendy, Watcher"
  codes TST-921
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Either Draw"
    once per turn
    when another ally is moved by a skill
    when another ally is tapped by a skill
    draw 1
  auto "Each Time"
    when another ally is moved by a skill
    when another ally is tapped by a skill
    that unit gains +10 attack until the end of the turn
  auto "Twice Said"
    when another ally is moved by a skill
    when an ally is moved by a skill
    your opponent draws 1

card "Milo, Mover"
  codes TST-922
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Step"
    cost tap this unit
    move this unit
  act "Shift"
    move this unit
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "either.fe0")}


def _board():
    game, _, _ = duel()
    watcher = add_unit(game, 0, CARDS["Wendy"])
    mover = add_unit(game, 0, CARDS["Milo"])
    begin(game)
    return game, watcher, mover


def _settle(game):
    """Answer the order of simultaneous triggers (any order) until the action phase asks."""
    for _ in range(10):
        if game.decision is None or game.decision.kind != "order_skills":
            return
        game.answer(game.legal_options()[0])


def test_each_line_triggers_the_skill_and_the_limit_is_shared():
    game, watcher, mover = _board()
    hand = len(game.players[0].hand)
    before = game.attack(mover)
    mark = len(game.events)
    pick(game, "use_skill", skill="Step")     # tapped by the cost, then moved by the effect
    _settle(game)
    triggered = [e.skill for e in events(game, ev.SkillTriggered, since=mark)]
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=mark)]
    # "Each Time" for the tap and for the move; "Either Draw" woke on both lines too, but
    # resolves once: its [Once per Turn] is the skill's, whichever line woke it.
    assert triggered.count("Each Time") == 2 and resolved.count("Each Time") == 2
    assert triggered.count("Either Draw") == 2 and resolved.count("Either Draw") == 1
    assert game.attack(mover) == before + 20
    assert len(game.players[0].hand) == hand + 1


def test_an_event_matching_two_lines_triggers_the_skill_once():
    game, watcher, mover = _board()
    theirs = len(game.players[1].hand)
    mark = len(game.events)
    pick(game, "use_skill", skill="Shift")    # moved, not tapped: both lines of "Twice Said" match
    _settle(game)
    triggered = [e.skill for e in events(game, ev.SkillTriggered, since=mark)]
    assert triggered.count("Twice Said") == 1
    assert len(game.players[1].hand) == theirs + 1


def test_describe_joins_the_lines_with_or():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert "[Once per Turn] When another ally is moved by a skill's cost or effect or when another ally is " \
           "tapped by a skill's cost or effect: Draw 1 card." in texts["Either Draw"]


@pytest.mark.parametrize("lines, message", [
    ("    when this unit attacks\n    at the start of your turn\n    that unit gains +10 attack until the end "
     "of the turn\n", "each must be about a unit"),
    ("    when a card from your hand is sent to your retreat area\n    when this unit attacks\n"
     "    put that card on top of your deck\n", "each must be about a card"),
])
def test_that_unit_or_card_needs_every_line_to_give_one(lines, message):
    text = ('card "Probe, Probe"\n  codes TST-923\n  cost 1\n  attack 10\n  support 10\n  auto "X"\n' + lines)
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert message in str(e.value)
