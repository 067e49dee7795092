"""Constructs the checker accepted that did something else in a game (issue 14, "no
silent wrong meaning"), each with the test that failed before its fix."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

HEAD = '''
card "Tester, Silent"
  codes TST-991
  cost 1
  class change cost 1
  symbol red
  range 1
  attack 30
  support 10
'''


def errors(body: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + body, "silent.fe0")
    return str(e.value)


# ---- 1. a reference after a choice made inside "at the end of ...:"
@pytest.mark.parametrize("body, message", [
    # two card choices, one before the block and one in it: "the chosen card" is either
    ('  auto "A"\n    when this unit attacks\n    choose 1 card from your hand\n    at the end of this combat:\n'
     '    choose 1 card from your retreat area\n    add the chosen card to your hand\n',
     "'the chosen card' is ambiguous: lines"),
    # "it" after an enemy and a card were chosen
    ('  auto "A"\n    when this unit attacks\n    choose 1 enemy\n    at the end of this combat:\n'
     '    choose 1 card from your retreat area\n    add it to your hand\n',
     "'it' / 'them' is ambiguous here"),
    # "that unit" (the trigger's) after the block chose a unit
    ('  auto "A"\n    when an ally is deployed\n    at the end of this turn:\n    choose 1 enemy\n'
     '    tap that unit\n', "'that unit' is the unit the trigger is about"),
    # a choice made in one block is not seen by the next block (each runs on its own)
    ('  act "A"\n    at the end of this turn:\n    choose 1 enemy\n    at the start of your next turn:\n'
     '    tap the chosen enemy\n', "'the chosen enemy' needs an earlier line of this skill that chooses enemies"),
])
def test_references_inside_a_delayed_block_are_checked_like_any_line(body, message):
    assert message in errors(body)


def test_a_delayed_block_still_names_a_single_earlier_choice():
    compile_text(HEAD + '  auto "A"\n    when this unit attacks\n    choose 1 card from your hand\n'
                        '    at the end of this combat:\n    add the chosen card to your hand\n', "ok.fe0")


# ---- "it" that names nothing: a draw keeps no card to call "it" (the line did nothing)
@pytest.mark.parametrize("body", [
    '  act "A"\n    once per turn\n    draw 1\n    reveal it\n',
    '  auto "A"\n    when this unit attacks\n    draw 1\n    put it on top of your deck\n',
    '  act "A"\n    once per turn\n    tap it\n',
])
def test_it_that_names_nothing_is_refused(body):
    assert "no line before this one does" in errors(body)


@pytest.mark.parametrize("body", [
    # what a "look at" line looked at, a choice, a reveal; a replacement's "it" is its card
    '  act "A"\n    once per turn\n    look at the top card of your deck\n    you may send it to your retreat area\n',
    '  act "A"\n    once per turn\n    choose 1 enemy\n    tap it\n',
    '  act "A"\n    once per turn\n    reveal the top card of your deck\n    add it to your hand\n',
    '  support "A" attack\n    you may add this card to your hand instead of sending it to your retreat area\n',
])
def test_it_that_names_a_choice_a_look_or_a_replaced_card_is_accepted(body):
    compile_text(HEAD + body, "ok.fe0")


# ---- 5. "put ... under ..." then "if you do"
from vanilla import add_cards, add_unit, begin, card, duel, pick  # noqa: E402

GROW = compile_text(HEAD.replace("TST-991", "TST-992").replace("Silent", "Grower") + '''  act "Grow"
    put the top card of your deck under this unit
    if you do: draw 1
''', "grow.fe0")[0]


@pytest.mark.parametrize("top_name, grows", [("Tester", True), ("Stranger", False)])
def test_if_you_do_after_put_under_is_true_only_when_a_card_went_under(top_name, grows):
    game, _, _ = duel(deck=0)
    u = add_unit(game, 0, GROW)
    add_cards(game, 0, "deck", card("Filler", "bottom"), card("Filler", "next"))
    top = add_cards(game, 0, "deck", card(top_name, "top"), top=True)[0]
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Grow")
    stacked = [c.id for c in game.unit(u.id).cards]
    assert (top.id in stacked) is grows
    # the draw happens only when the card went under (a card of another name stays on the deck)
    assert len(game.players[0].hand) == hand + (1 if grows else 0)


# ---- 6. a cost is part of its skill: what it moves or taps is "by a skill"
from fecipher.engine import events as ev  # noqa: E402

SAGE = compile_text(HEAD.replace("TST-991", "TST-993").replace("Silent", "Sage") + '''  act "Burn"
    cost tap this, send 1 card from your hand to your retreat area
    this unit gains +10 attack until the end of the turn
  auto "Counted"
    when a card from your hand is sent to your retreat area by a skill
    draw 1
''', "sage.fe0")[0]


def test_engine_decision_28_a_cost_moves_and_taps_by_its_skill():
    game, _, _ = duel()
    u = add_unit(game, 0, SAGE)
    sent = add_cards(game, 0, "hand", card("Filler", "sent"))[0]
    begin(game)
    hand = len(game.players[0].hand)
    since = len(game.events)
    pick(game, "use_skill", skill="Burn")
    moved = [e for e in game.events[since:] if isinstance(e, ev.CardMoved) and e.card == sent.id]
    tapped = [e for e in game.events[since:] if isinstance(e, ev.Tapped) and e.unit == u.id]
    # the events say what the triggers and the log read: by a skill (they said "not" before)
    assert [(e.source, e.dest, e.by_skill) for e in moved] == [("hand", "retreat", True)]
    assert [e.by_skill for e in tapped] == [True]
    # "... sent to your retreat area by a skill" triggered on the cost: one card sent, one drawn
    assert len(game.players[0].hand) == hand
    assert game.attack(game.unit(u.id)) == 40


# ---- 7. a failed support is not "supported" (engine decision 29)
from vanilla import answer_until  # noqa: E402

NAH = compile_text('''
card "Nah, Tester"
  codes TST-994
  cost 1
  symbol blue
  weapon dragonstone
  range 1
  attack 50
  support 20
  auto "Voice of Naga"
    when this unit is supported
    if the card supporting this unit is dragonstone: draw 1
    if you do: put 1 card from your hand on top of your deck
''', "nah.fe0")[0]


def _battle_with_support(top) -> tuple[int, bool]:
    """Nah attacks with ``top`` on her deck: (cards drawn by a skill, support succeeded)."""
    game, mc0, mc1 = duel(deck=3)
    nah = add_unit(game, 0, NAH)
    add_cards(game, 0, "deck", top, top=True)
    begin(game)
    since = len(game.events)
    pick(game, "attack", unit=nah, target=mc1)

    def done(g):
        return g.over or (g.battle is None and not g.pending_triggers and g.decision.kind == "action")

    for _ in range(50):   # decline what may be declined; put back the first card asked for
        if done(game):
            break
        d = game.decision
        no = [o for o in d.options if o.kind in ("pass", "no")]
        game.answer(no[0] if no else 0)
    evs = game.events[since:]
    drew = sum(1 for e in evs if isinstance(e, ev.Drew) and e.player == 0)
    ok = any(isinstance(e, ev.SupportSucceeded) and e.player == 0 for e in evs)
    return drew, ok


@pytest.mark.parametrize("top, drew, succeeded", [
    (card("Tiki", "stone", weapon="dragonstone", symbols="blue"), 1, True),    # supported by a Dragonstone
    (card("Nah", "other", weapon="dragonstone", symbols="blue"), 0, False),    # same name: the support fails
    (card("Abel", "lance", weapon="lance", symbols="blue"), 0, True),          # supported, not a Dragonstone
])
def test_engine_decision_29_a_failed_support_is_not_supported(top, drew, succeeded):
    assert _battle_with_support(top) == (drew, succeeded)


# ---- 2. a used skill's condition is checked before its cost, not again after (engine decision 30)
from vanilla import add_bonds, options  # noqa: E402

UNION = compile_text(HEAD.replace("TST-991", "TST-995").replace("Silent", "Union") + '''  act "Union" [US]
    cost flip 1 bond
    if you have 1 or more white bonds
    this unit gains +20 attack until the end of the turn
  act "In The Effect"
    cost flip 1 bond
    if you have 1 or more white bonds: this unit gains +20 attack until the end of the turn
''', "union.fe0")[0]
WHITE = card("Wight", "white bond", symbols="white")


def test_engine_decision_30_a_cost_that_breaks_the_condition_of_use_does_not_undo_the_use():
    game, _, _ = duel()
    u = add_unit(game, 0, UNION)
    add_bonds(game, 0, WHITE)          # the only face-up bond: the cost flips it
    begin(game)
    pick(game, "use_skill", skill="Union")
    assert not game.players[0].bonds[0].face_up
    assert game.attack(game.unit(u.id)) == 50      # it did nothing before: re-checked after the cost


def test_engine_decision_30_the_condition_of_use_is_checked_when_the_skill_is_used():
    game, _, _ = duel()
    add_unit(game, 0, UNION)
    add_bonds(game, 0, card("Rouge", "red bond", symbols="red"))
    begin(game)
    assert not options(game, "use_skill", skill="Union")


def test_engine_decision_30_an_if_line_inside_the_effect_is_checked_after_the_cost():
    game, _, _ = duel()
    u = add_unit(game, 0, UNION)
    add_bonds(game, 0, WHITE)
    begin(game)
    pick(game, "use_skill", skill="In The Effect")
    assert game.attack(game.unit(u.id)) == 30      # the bond it needs was flipped by the cost
    game, _, _ = duel()
    u = add_unit(game, 0, UNION)
    add_bonds(game, 0, WHITE, WHITE)
    begin(game)
    pick(game, "use_skill", skill="In The Effect")
    if game.decision.kind == "choose":
        game.answer(game.decision.options[0])
    assert game.attack(game.unit(u.id)) == 50      # one white bond left face-up


# ---- 3. a "you may" skill is offered when one of its lines has something to act on (decision 14)
RESCUE = compile_text(HEAD.replace("TST-991", "TST-996").replace("Silent", "Rescuer") + '''  act "Rescue"
    once per turn
    you may
    choose 1 blue card from your retreat area
    add it to your hand
    draw 1
  act "Only Through The Choice"
    you may
    choose 1 blue card from your retreat area
    add it to your hand
    if you do: draw 1
''', "rescue.fe0")[0]


def test_engine_decision_14_a_you_may_skill_is_offered_for_a_later_line_that_can_act():
    game, _, _ = duel()
    add_unit(game, 0, RESCUE)
    add_cards(game, 0, "retreat", card("Rouge", "red", symbols="red"))   # no blue card to add
    begin(game)
    hand = len(game.players[0].hand)
    # the first line has nothing to act on; the draw has (it was not offered before)
    assert options(game, "use_skill", skill="Rescue")
    assert not options(game, "use_skill", skill="Only Through The Choice")   # its draw needs the choice
    pick(game, "use_skill", skill="Rescue")
    if game.decision.kind == "may":
        pick(game, "yes")
    assert len(game.players[0].hand) == hand + 1


TWO = compile_text(HEAD.replace("TST-991", "TST-997").replace("Silent", "Two Chances") + '''  act "Two Chances"
    you may
    choose 1 blue card from your retreat area
    add it to your hand
    destroy 1 non-main character enemy
''', "two.fe0")[0]


@pytest.mark.parametrize("enemy, offered", [(False, False), (True, True)])
def test_engine_decision_14_a_you_may_skill_with_nothing_on_any_line_is_not_offered(enemy, offered):
    game, _, _ = duel()
    add_unit(game, 0, TWO)
    if enemy:
        add_unit(game, 1, card("Foe", "plain"))
    begin(game)
    assert bool(options(game, "use_skill", skill="Two Chances")) is offered


SEARCH = compile_text(HEAD.replace("TST-991", "TST-998").replace("Silent", "Searcher") + '''  act "Search"
    you may
    choose 1 blue card from your deck
    add it to your hand
    shuffle
''', "search.fe0")[0]


@pytest.mark.parametrize("blue, offered", [(False, False), (True, True)])
def test_engine_decision_14_a_shuffle_after_a_search_is_the_search_s_end(blue, offered):
    """B01-004SR "Persuasion": "... from your Deck ... Afterwards, shuffle your Deck" with
    no such card in the deck is not offered for the shuffle alone."""
    game, _, _ = duel()
    add_unit(game, 0, SEARCH)
    if blue:
        add_cards(game, 0, "deck", card("Bleu", "blue", symbols="blue"))
    begin(game)
    assert bool(options(game, "use_skill", skill="Search")) is offered


# ---- a choice offers what the lines using it act on, not undone by a later choice's "the chosen card"
BLADE = compile_text(HEAD.replace("TST-991", "TST-998").replace("Silent", "Blade") + '''  act "Blade"
    choose 1 non-main character enemy
    destroy it
    choose 1 card from your retreat area
    add the chosen card to your hand
''' + '''
card "Guard, Unbreakable"
  codes TST-999
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
  cont "Unbreakable"
    this unit cannot be destroyed by skills
''', "blade.fe0")


@pytest.mark.parametrize("later_choice", [True, False])
def test_a_choice_to_destroy_does_not_offer_an_enemy_skills_cannot_destroy(later_choice):
    """Engine decision 14: "choose 1 enemy / destroy it" offers only enemies a skill can destroy.
    "the chosen card" of a later choice of cards does not use the enemy choice: it made the
    choice offer every enemy (B02-001SR "Pure White Blade" offered B13-055R Abel)."""
    blade, guard = BLADE
    game, _, _ = duel()
    add_unit(game, 0, blade)
    g = add_unit(game, 1, guard)
    other = add_unit(game, 1, card("Plain", "blue", symbols="blue"))
    if later_choice:
        add_cards(game, 0, "retreat", card("Rouge", "red", symbols="red"))
    begin(game)
    pick(game, "use_skill", skill="Blade")
    assert game.decision.kind == "choose"
    offered = {o.unit for o in game.decision.options}
    assert other.id in offered and g.id not in offered


# "put it onto 1 other ally" put the card on the first ally found, without asking: a card goes
# under or onto one unit the skill names (a unit name, once on a field, or a unit chosen first).
_PUT = '''card "Putter, Test"
  codes TX-091
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Put"
    choose 1 card from your hand
    LINE
'''


@pytest.mark.parametrize("line", ["put it onto 1 other ally", "put it under 1 ally", "put it under all allies",
                                  "put it onto 2 \"Ross\" allies"])
def test_a_card_put_on_a_unit_the_skill_does_not_name_is_refused(line):
    with pytest.raises(LanguageError, match="one unit the skill names"):
        compile_text(_PUT.replace("LINE", line), "put.fe0")


@pytest.mark.parametrize("line", ["put it under 1 \"Ross\" ally", "put it onto 1 ally with the same unit name as it",
                                  "put it onto this unit", "put it under your main character"])
def test_a_card_put_on_one_named_unit_is_accepted(line):
    compile_text(_PUT.replace("LINE", line), "put.fe0")
