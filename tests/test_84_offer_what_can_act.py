"""Engine decision 14, for every verb: a choice offers only what its effect can act on,
and a "you may" (line, skill with or without a cost, "either" option, "your opponent
may") is asked only when there is something to act on.

Each verb declares once what it can act on (dsl/registry.py ``acts_on`` / ``able``);
a "choose ..." line offers what the lines using the choice can act on. A card its
chooser may not see is offered whatever it is (leaving it out would tell what it is).
"""
import pytest

from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, options, pick

PACK = '''
card "Tester, Summoner"
  codes TO-001
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Summon"
    choose 1 card from your hand
    deploy it
  act "Bind"
    choose 1 card from your hand
    put it into your bond area
  act "Graft"
    choose 1 card from your hand
    put it under this unit
  act "Shove"
    choose 1 enemy
    move it
  act "Smite"
    destroy 1 enemy
  act "Lull"
    choose 1 enemy
    tap it
  act "Rally"
    choose 1 ally
    untap it
  act "Crown"
    choose 1 ally
    make it your main character
  act "Shove or Mark"
    choose 1 enemy
    move it
    it gains +10 attack until the end of the turn
  act "Bury"
    choose 1 of your orbs
    put it into your bond area
  act "Toll"
    cost flip 1 bond
    destroy 1 enemy

card "Tester, Caller"
  codes TO-002
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Call"
    at the start of your turn
    you may
    choose 1 card from your retreat area
    deploy it
  auto "Tribute"
    at the start of your turn
    cost flip 1 bond
    you may
    destroy 1 enemy
  auto "Show"
    at the start of your turn
    you may
    reveal 1 blue card from your hand
  auto "Shift"
    at the start of your turn
    you may
    move this unit

card "Tester, Gambler"
  codes TO-007
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "Wager"
    at the start of your turn
    you may
    flip 2 bonds
    if you do: draw 2
  auto "Shatter"
    at the start of your turn
    you may
    destroy 1 orb from your opponent's orbs
  auto "Either Shove"
    at the start of your turn
    you may
    either: move 1 enemy
    or: tap 1 enemy

card "Tester, Asker"
  codes TO-003
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Maybe Shove"
    choose 1 enemy
    it gains +10 attack until the end of the turn
    you may move it
  act "Smite or Draw"
    either: destroy 1 enemy
    or: draw 1
  act "Deploy or Draw"
    either: deploy the top card of your deck
    or: draw 1
  act "Tax"
    your opponent may send 1 card from their hand to their bond area
    if they do not: draw 1

card "Tester, Anchor"
  codes TO-004
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Rooted"
    this unit cannot be moved
  cont "Unbreakable"
    this unit cannot be destroyed by skills
  cont "Frozen"
    this unit cannot untap

card "Tester, Recluse"
  codes TO-005
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  spec "Aloof"
    this card cannot be placed in the bond area

card "Other, Stranger"
  codes TO-006
  cost 1
  symbol red
  range 1
  attack 30
  support 10
'''

CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "offer.fe0")}


def c(title: str):
    return next(v for k, v in CARDS.items() if k.endswith(title))


def offered(game, kind):
    return {o.unit if kind == "unit" else o.card for o in options(game, kind)}


def _no_question(game, skill):
    d = game.decision
    return d is None or not (d.kind == "may" and skill in d.prompt)


# ------------------------------------------------------------------ choices
def test_choose_then_deploy_offers_only_cards_that_can_be_deployed():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Summoner"))
    same, other = add_cards(game, 0, "hand", c("Summoner"), c("Stranger"))
    begin(game)
    pick(game, "use_skill", skill="Summon")
    # a second "Tester" cannot be deployed (rule 5, unit names): not offered
    assert offered(game, "card") == {other.id}


def test_choose_then_put_into_bonds_leaves_out_a_card_that_cannot_be_placed_there():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Summoner"))
    recluse, other = add_cards(game, 0, "hand", c("Recluse"), c("Stranger"))
    begin(game)
    pick(game, "use_skill", skill="Bind")
    assert offered(game, "card") == {other.id}
    pick(game, "card", card=other)
    assert any(b.copy is other for b in game.players[0].bonds)


def test_choose_then_put_under_offers_only_cards_of_that_unit_name():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, c("Summoner"))
    same, other = add_cards(game, 0, "hand", c("Recluse"), c("Stranger"))
    begin(game)
    pick(game, "use_skill", skill="Graft")
    assert offered(game, "card") == {same.id}
    pick(game, "card", card=same)
    assert same in u.cards


def test_move_destroy_tap_untap_and_make_offer_only_what_they_can_act_on():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Summoner"))
    anchor = add_unit(game, 1, c("Anchor"))
    tapped = add_unit(game, 1, c("Stranger"), tapped=True)
    mine = add_unit(game, 0, c("Anchor"), area="back", tapped=True)
    begin(game)
    pick(game, "use_skill", skill="Shove")       # cannot be moved by the opponent's skills
    assert offered(game, "unit") == {mc1.id, tapped.id}
    pick(game, "unit", unit=tapped)
    pick(game, "use_skill", skill="Smite")       # cannot be destroyed by them
    assert offered(game, "unit") == {mc1.id, tapped.id}
    pick(game, "unit", unit=tapped)
    assert game.unit(tapped.id) is None
    pick(game, "use_skill", skill="Lull")        # an untapped enemy only
    assert offered(game, "unit") == {mc1.id, anchor.id}
    pick(game, "unit", unit=anchor)
    pick(game, "use_skill", skill="Rally")       # a tapped ally that can untap: none ("Frozen")
    assert game.decision.kind == "action"
    pick(game, "use_skill", skill="Crown")       # not the main character already
    assert mc0.id not in offered(game, "unit") and mine.id in offered(game, "unit")


def test_an_action_skill_with_nothing_to_act_on_is_still_offered_and_its_cost_paid():
    # Not a "you may" skill: usable whenever its cost can be paid (decision 14's last part).
    game, mc0, mc1 = duel(mc1=c("Anchor"))          # no enemy can be destroyed by skills
    add_unit(game, 0, c("Summoner"))
    add_bonds(game, 0, card("Bond"))
    begin(game)
    n = len(game.events)
    pick(game, "use_skill", skill="Toll")
    assert game.decision.kind == "action"            # nothing to choose: the effect did nothing
    assert not any(b.face_up for b in game.players[0].bonds)      # the cost was paid
    assert game.unit(mc1.id) is not None
    assert [e.skill for e in game.events[n:] if isinstance(e, ev.SkillResolved)] == ["Toll"]
    assert not options(game, "use_skill", skill="Toll")            # no face-up bond left to flip


def test_a_choice_used_by_a_line_that_acts_on_anything_offers_every_candidate():
    # "move it; it gains +10 attack": the unit that cannot be moved still gains the attack
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Summoner"))
    anchor = add_unit(game, 1, c("Anchor"))
    begin(game)
    pick(game, "use_skill", skill="Shove or Mark")
    assert offered(game, "unit") == {mc1.id, anchor.id}
    pick(game, "unit", unit=anchor)
    assert anchor.area == "front" and game.attack(anchor) == 40


def test_a_card_the_chooser_cannot_see_is_offered_whatever_it_is():
    # Face-down orbs are seen by nobody: leaving the one that cannot go to the bonds out
    # would tell which it is. It is offered as an unknown card, then stays where it is.
    game, mc0, mc1 = duel(orbs=0)
    add_unit(game, 0, c("Summoner"))
    orbs = add_orbs(game, 0, [c("Recluse"), c("Stranger")])
    begin(game)
    pick(game, "use_skill", skill="Bury")
    opts = options(game, "card")
    assert {o.card for o in opts} == {o.copy.id for o in orbs}
    assert all("unknown card" in o.label for o in opts)
    pick(game, "card", card=orbs[0].copy)
    assert orbs[0] in game.players[0].orbs and not game.players[0].bonds


# ------------------------------------------------------------------ "you may" not asked
def _questions_at_start_of_turn(game):
    """The "you may" prompts of player 0's start of turn, all declined."""
    asked = []
    for _ in range(20):
        d = game.decision
        if d is None or d.kind != "may" and d.kind != "order_skills":
            return asked
        if d.kind == "order_skills":
            game.answer(d.options[0])
            continue
        asked.append(d.prompt.split("?")[0])
        pick(game, "no")
    return asked


def test_you_may_skill_with_nothing_it_can_deploy_is_not_asked_nor_used():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Caller"))
    add_cards(game, 0, "retreat", c("Caller"))     # the same unit name: cannot be deployed
    n = len(game.events)
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert asked and not any(q.startswith("Use Call") for q in asked)
    assert not [e for e in game.events[n:] if isinstance(e, ev.SkillResolved) and e.skill == "Call"]


def test_you_may_skill_is_asked_when_there_is_a_card_it_can_deploy():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Caller"))
    add_cards(game, 0, "retreat", c("Stranger"))
    begin(game, phase="beginning")
    assert any(q.startswith("Use Call") for q in _questions_at_start_of_turn(game))


def test_you_may_skill_with_a_cost_and_nothing_to_destroy_is_not_asked():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Caller"), area="back")
    add_unit(game, 1, c("Anchor"))              # cannot be destroyed by the opponent's skills
    add_bonds(game, 0, card("Bond"))
    # the Main Character can be destroyed: "Tribute" is asked (its cost)
    begin(game, phase="beginning")
    assert any("Tribute" in q for q in _questions_at_start_of_turn(game))
    game, mc0, mc1 = duel(mc1=c("Anchor"))
    add_unit(game, 0, c("Caller"), area="back")
    add_bonds(game, 0, card("Bond"))
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert not any("Tribute" in q for q in asked)
    assert any(b.face_up for b in game.players[0].bonds)          # the cost was not paid


def test_you_may_reveal_and_move_are_asked_only_with_something_to_act_on():
    game, mc0, mc1 = duel()
    caller = add_unit(game, 0, c("Caller"))
    add_cards(game, 0, "hand", c("Stranger"))          # no blue card in the hand
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert not any("Show" in q for q in asked) and any("Shift" in q for q in asked)
    game, mc0, mc1 = duel()
    caller = add_unit(game, 0, c("Caller"))
    add_cards(game, 0, "hand", c("Recluse"))
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert any("Show" in q for q in asked)


def test_you_may_line_is_not_asked_when_it_cannot_act_on_the_chosen_unit():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Asker"))
    anchor = add_unit(game, 1, c("Anchor"))
    begin(game)
    pick(game, "use_skill", skill="Maybe Shove")
    # "it gains +10 attack" acts on any enemy: every enemy is offered
    assert offered(game, "unit") == {mc1.id, anchor.id}
    pick(game, "unit", unit=anchor)
    assert game.decision.kind == "action"      # "you may move it": not asked, it cannot be moved
    assert game.attack(anchor) == 40
    pick(game, "use_skill", skill="Maybe Shove")
    pick(game, "unit", unit=mc1)
    assert game.decision.kind == "may"


def test_either_option_with_nothing_it_can_destroy_is_not_offered():
    game, mc0, mc1 = duel(mc1=c("Anchor"))             # the only enemy cannot be destroyed by skills
    add_unit(game, 0, c("Asker"))
    hand = len(game.players[0].hand)
    begin(game)
    pick(game, "use_skill", skill="Smite or Draw")
    assert game.decision.kind == "action" and len(game.players[0].hand) == hand + 1
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Asker"))
    begin(game)
    pick(game, "use_skill", skill="Smite or Draw")
    assert [o.kind for o in game.decision.options] == ["effect", "effect"]


def test_an_unseen_card_counts_as_one_the_option_can_act_on():
    # The top card of the deck is seen by nobody: "deploy the top card of your deck" is
    # offered whatever it is (not offering it would tell that it cannot be deployed), and
    # then does nothing when it is a second "Tester".
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Asker"))
    top, = add_cards(game, 0, "deck", c("Asker"), top=True)
    begin(game)
    pick(game, "use_skill", skill="Deploy or Draw")
    assert [o.kind for o in game.decision.options] == ["effect", "effect"]
    pick(game, "effect", target=0)
    assert game.players[0].deck[0] is top and game.decision.kind == "action"


def test_your_opponent_may_is_not_asked_when_the_only_card_cannot_go_there():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Asker"))
    add_cards(game, 1, "hand", c("Recluse"))
    hand = len(game.players[0].hand)
    begin(game)
    pick(game, "use_skill", skill="Tax")
    assert game.decision.kind == "action" and len(game.players[0].hand) == hand + 1
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Asker"))
    add_cards(game, 1, "hand", c("Stranger"))
    begin(game)
    pick(game, "use_skill", skill="Tax")
    assert game.decision.kind == "may" and game.decision.player == 1


def test_you_may_skills_opening_with_a_flip_an_orb_or_a_choice_of_effects_are_asked_only_when_able():
    # one bond (two needed), no orb, the only enemy tapped and unmovable: none is asked
    game, mc0, mc1 = duel(orbs=0, mc1=c("Anchor"))
    add_unit(game, 0, c("Gambler"))
    mc1.tapped = True
    add_bonds(game, 0, card("Bond"))
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert not any(name in q for q in asked for name in ("Wager", "Shatter", "Either Shove"))
    # two bonds, an orb, an untapped enemy: all three are asked
    game, mc0, mc1 = duel(orbs=1)
    add_unit(game, 0, c("Gambler"))
    add_bonds(game, 0, card("Bond"), card("Bond"))
    begin(game, phase="beginning")
    asked = _questions_at_start_of_turn(game)
    assert all(any(name in q for q in asked) for name in ("Wager", "Shatter", "Either Shove"))
