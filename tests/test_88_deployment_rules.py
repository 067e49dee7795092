"""Deployment rules of the pool not covered before (docs/skill-language.md, "More
deployment rules"): "your opponent cannot deploy cards by skills", a card that "cannot be
deployed by skills", a ban on "cards with the same unit name as it" that outlives the
unit, and cards deploying themselves from the Bond Area and the hand, played in games."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick

PACK = '''
card "Lilith, Gatekeeper"
  codes TST-881
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  act "Protector of Valla"
    once per turn
    your opponent cannot deploy cards by skills until the end of your opponent's next turn
  act "Summon"
    choose 1 card from your hand
    deploy it

card "Ashunera, Goddess"
  codes TST-882
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  spec "Creator of the World"
    this card cannot be deployed by skills

card "Merric, Excalibur"
  codes TST-883
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  act "Rage Forth"
    cost tap this
    choose 1 non-main character enemy
    put it into your opponent's hand
    your opponent cannot deploy cards with the same unit name as it until the end of your opponent's next turn

card "Leo, Dark Bind"
  codes TST-886
  cost 1
  symbol black
  range 1
  attack 80
  support 10
  auto "Dark Bind"
    when an enemy is destroyed by an attack of this unit
    your opponent cannot deploy cards with the same unit name as that unit until the end of your opponent's next turn

card "Annand, Keep Defender"
  codes TST-884
  cost 1
  symbol green
  types flier
  range 1
  attack 30
  support 10
  bond "Defender of the Keep" [BS]
    if you have 1 or more flier allies
    deploy this card to the back line

card "Marianne, Survivor"
  codes TST-885
  cost 1
  symbol brown
  range 1
  attack 30
  support 10
  hand "Survivor of the Curse" [CP]
    cost tap 1 brown ally
    deploy this card as tapped to the back line
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "deployment_rules.fe0")}
F = card("Filler", "x", attack=10)


def test_your_opponent_cannot_deploy_by_skills_but_still_from_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lilith"])
    begin(game)
    pick(game, "use_skill", skill="Protector of Valla")
    assert game.decision.kind == "action"
    # the ban reaches the opponent's deployments by a skill, not from the hand
    from fecipher.engine.deployment import deploy_ban_refusal
    (theirs,) = add_cards(game, 1, "hand", F)
    (mine,) = add_cards(game, 0, "hand", F)
    assert deploy_ban_refusal(game, 1, theirs, "front", by_skill=True) is not None
    assert deploy_ban_refusal(game, 1, theirs, "front") is None
    assert deploy_ban_refusal(game, 0, mine, "front", by_skill=True) is None


def test_the_ban_stops_the_opponents_skill_from_deploying_in_their_next_turn():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lilith"])
    add_unit(game, 1, CARDS["Lilith"], area="back")
    (theirs,) = add_cards(game, 1, "hand", F)
    begin(game)
    pick(game, "use_skill", skill="Protector of Valla")
    for _ in range(40):   # to the opponent's Action Phase, passing every other decision
        d = game.decision
        if d.player == 1 and d.kind == "action":
            break
        passing = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(passing[0] if passing else game.legal_options()[0])
    assert game.turn_player == 1 and game.phase == "action"
    pick(game, "use_skill", skill="Summon", player=1)
    if options(game, "card"):
        pick(game, "card", card=theirs)
    assert theirs in game.players[1].hand                  # not deployed by their skill


def test_a_card_that_cannot_be_deployed_by_skills_stays_in_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lilith"])
    (goddess,) = add_cards(game, 0, "hand", CARDS["Ashunera"])
    (other,) = add_cards(game, 0, "hand", F)
    begin(game)
    pick(game, "use_skill", skill="Summon")
    # Only what the effect can act on is offered (engine decision 14): the skill cannot
    # deploy the goddess, so she is not among the cards to choose (she was offered, and
    # then stayed in the hand, before skill_deploy_lines asked the rules "by skills").
    assert [o.card for o in options(game, "card")] == [other.id]
    pick(game, "card", card=other)
    assert goddess in game.players[0].hand
    assert not any(u.top is goddess for u in game.players[0].units)


def test_a_ban_on_deploying_by_skills_leaves_the_card_out_of_the_choice():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Lilith"])
    add_unit(game, 1, CARDS["Lilith"], area="back")
    (theirs,) = add_cards(game, 1, "hand", F)
    begin(game)
    pick(game, "use_skill", skill="Protector of Valla")
    from fecipher.engine.deployment import skill_deploy_lines
    assert skill_deploy_lines(game, theirs) == ()      # the opponent's skills cannot deploy it


def test_a_card_that_cannot_be_deployed_by_skills_is_deployed_from_the_hand():
    game, _, _ = duel()
    (goddess,) = add_cards(game, 0, "hand", CARDS["Ashunera"])
    add_bonds(game, 0, card("Black", "bond", symbols="black"))
    begin(game, phase="deployment")
    assert options(game, "deploy", card=goddess)


def test_a_name_ban_outlives_the_unit_it_names():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Merric"])
    foe = add_unit(game, 1, card("Gharnef", "x", attack=20), area="back")
    top = foe.top
    begin(game)
    pick(game, "use_skill", skill="Rage Forth")
    pick(game, "unit", unit=foe)
    assert top in game.players[1].hand
    from fecipher.engine.deployment import deploy_ban_refusal
    (again,) = add_cards(game, 1, "hand", card("Gharnef", "other"))
    assert deploy_ban_refusal(game, 1, top, "front") is not None
    assert deploy_ban_refusal(game, 1, again, "back") is not None
    (other,) = add_cards(game, 1, "hand", F)
    assert deploy_ban_refusal(game, 1, other, "front") is None


def test_a_name_ban_on_the_unit_a_trigger_is_about_outlives_it():
    game, _, _ = duel()
    leo = add_unit(game, 0, CARDS["Leo"])
    foe = add_unit(game, 1, card("Gharnef", "x", attack=20))
    top = foe.top
    begin(game)
    pick(game, "attack", unit=leo, target=foe)
    for _ in range(10):   # (no critical hit, no evasion: pass whatever is asked)
        if game.unit(foe.id) is None:
            break
        passing = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(passing[0] if passing else game.legal_options()[0])
    assert game.unit(foe.id) is None and top in game.players[1].retreat
    from fecipher.engine.deployment import deploy_ban_refusal
    (again,) = add_cards(game, 1, "hand", card("Gharnef", "other"))
    (other,) = add_cards(game, 1, "hand", F)
    assert deploy_ban_refusal(game, 1, again, "front") is not None
    assert deploy_ban_refusal(game, 1, other, "front") is None


def test_a_bond_card_deploys_itself_to_the_back_line():
    game, _, _ = duel()
    add_unit(game, 0, card("Pegasus", "x", types=("flier",)))
    (bond,) = add_bonds(game, 0, CARDS["Annand"])
    begin(game)
    pick(game, "use_skill", skill="Defender of the Keep")
    unit = next(u for u in game.players[0].units if u.top is bond.copy)
    assert unit.area == "back" and not game.players[0].bonds


def test_a_hand_skill_deploys_its_card_tapped_to_the_back_line():
    game, _, _ = duel()
    add_unit(game, 0, card("Brown", "x", symbols="brown"))
    (marianne,) = add_cards(game, 0, "hand", CARDS["Marianne"])
    begin(game)
    pick(game, "use_skill", skill="Survivor of the Curse")
    unit = next(u for u in game.players[0].units if u.top is marianne)
    assert unit.area == "back" and unit.tapped


@pytest.mark.parametrize("text, message", [
    ('cont "X"\n    this unit cannot be deployed by skills', "only a SPEC skill"),
    ('spec "X"\n    this card cannot be deployed', "a SPEC skill sets a card rule"),
    # "cannot be deployed via the effects of non-"Nemesis" cards' skills" (B21-048HN) names cards
    # (tests/test_93_stacks_deployed_by_skills_of_cards.py); units are not what it spares.
    ('spec "X"\n    this card cannot be deployed by skills of non-"Nemesis" allies', "names the cards"),
])
def test_deployment_rules_that_mean_nothing_are_refused(text, message):
    src = 'card "Probe, Probe"\n  codes TST-889\n  cost 1\n  attack 10\n  support 10\n  ' + text + "\n"
    with pytest.raises(LanguageError) as e:
        compile_text(src, "x.fe0")
    assert message in str(e.value)


def test_describe_says_what_the_card_says():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert texts["Creator of the World"] == "Creator of the World |SPEC| This card cannot be deployed by a skill's effect."
    assert texts["Protector of Valla"].endswith("your opponent cannot deploy cards by a skill's effect.")
