"""A rule about a player and one named skill: 'you cannot use "Fated Moment of Change" until the
end of the turn' (B15-001R Marth: "Until the end of the turn, you may not use "Fated Moment of
Change"."; B03-085SR Flora: "Until the end of the game, you cannot use "That was close!"."). The
rule is the player's, not a unit's: every skill of that name of the player's cards is kept from
being used or triggering (another card with the same skill, a card deployed later, a skill of the
hand), while another skill, and the opponent's skill of that name, are not; it ends with its
duration (docs/skill-language.md, "Skills that cannot be used, trigger or activate")."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_unit, answer_until, begin, duel, events, options, pick

PACK = '''
card "Tester, Vower"
  codes TST-981
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Vow"
    draw 1
    you cannot use "Vow" until the end of the turn
  act "Other"
    once per turn
    draw 1

card "Tester, Oath"
  codes TST-982
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Vow"
    draw 1
    you cannot use "Vow" until the end of the game

card "Tester, Warden"
  codes TST-983
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Hush"
    your opponent cannot use "Roar"

card "Tester, Roarer"
  codes TST-984
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Roar"
    when this unit attacks
    draw 1
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def c(name: str):
    return CARDS["Tester, " + name]


def _to_action_phase(game, player):
    """Play on (declining everything) to ``player``'s next Action Phase, through the turns' ends."""
    turn = game.turn
    answer_until(game, lambda g: g.turn > turn and g.decision is not None and g.decision.kind == "action"
                 and g.decision.player == player)


def _vow_options(game):
    return [o for o in options(game, "use_skill") if o.skill == "Vow"]


def test_one_use_bans_every_card_of_the_player_with_that_skill_until_the_end_of_the_turn():
    game, mc0, mc1 = duel()
    a = add_unit(game, 0, c("Vower"))
    add_unit(game, 0, c("Vower"))              # a second card with the same skill
    add_unit(game, 1, c("Vower"))              # the opponent's
    begin(game, player=0)
    assert len(_vow_options(game)) == 2
    pick(game, "use_skill", skill="Vow", unit=a.id)
    assert _vow_options(game) == []            # neither card's "Vow"
    assert [o for o in options(game, "use_skill") if o.skill == "Other"]   # another skill still is
    # a card deployed later this turn has no "Vow" to use either
    add_unit(game, 0, c("Vower"))
    assert _vow_options(game) == []
    # the opponent's own "Vow" is not theirs to be banned: on their turn it is offered, and ours is
    # again (the rule ended with our turn)
    _to_action_phase(game, 1)
    assert len(_vow_options(game)) == 1
    _to_action_phase(game, 0)
    assert len(_vow_options(game)) == 3


def test_until_the_end_of_the_game_outlasts_the_turn():
    game, mc0, mc1 = duel()
    a = add_unit(game, 0, c("Oath"))
    begin(game, player=0)
    pick(game, "use_skill", skill="Vow", unit=a.id)
    _to_action_phase(game, 1)
    _to_action_phase(game, 0)
    assert game.turn == 4 and _vow_options(game) == []


def test_a_named_auto_skill_does_not_trigger_under_the_rule():
    for warden in (False, True):
        game, mc0, mc1 = duel()
        roarer = add_unit(game, 0, c("Roarer"))
        target = add_unit(game, 1, c("Vower"))
        if warden:
            add_unit(game, 1, c("Warden"))     # "your opponent cannot use "Roar"": the Roarer's player
        begin(game, player=0)
        start = len(game.events)
        pick(game, "attack", unit=roarer.id, target=target.id)
        triggered = [e.skill for e in events(game, ev.SkillTriggered, since=start)]
        assert ("Roar" in triggered) is (not warden)


def test_renders_as_the_card_and_refuses_what_it_cannot_be():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    cards = parse_pack(PACK, "t.fe0").cards
    assert render_skill(cards[0].skills[0]).endswith('Until the end of the turn, you cannot use "Vow".')
    assert render_skill(cards[1].skills[0]).endswith('Until the end of the game, you cannot use "Vow".')
    assert render_skill(cards[2].skills[0]).endswith('Your opponent cannot use "Roar".')
    with pytest.raises(LanguageError, match='unknown skill name "Vw"'):
        compile_text(PACK.replace('you cannot use "Vow" until the end of the turn',
                                  'you cannot use "Vw" until the end of the turn'), "bad.fe0")
    with pytest.raises(LanguageError, match="needs a duration"):
        compile_text(PACK.replace('you cannot use "Vow" until the end of the turn',
                                  'you cannot use "Vow"'), "bad.fe0")
    with pytest.raises(LanguageError, match="takes no duration"):
        compile_text(PACK.replace('your opponent cannot use "Roar"',
                                  'your opponent cannot use "Roar" until the end of the turn'), "bad.fe0")
