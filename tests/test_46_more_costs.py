"""Costs added after Series 1 (dsl/costs_more.py), each compiled from text and paid
in a game: a bond skill's "flip this card", growth as a cost, units sent as a
cost, revealing from the hand, costs on support skills, and costs of one skill
checked and paid as one whole (two costs never take the same thing)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, option, options, pick

PACK = '''
card "Tester, Bond Spark"
  codes TST-101
  cost 1
  symbol red
  attack 30
  support 10
  bond "Spark" [BS]
    cost flip this card
    your main character gains +20 attack until the end of the turn
  bond "Double Spark" [BS]
    cost flip this card, flip 1 bond
    your main character gains +40 attack until the end of the turn

card "Tester, Grower"
  codes TST-102
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Grow"
    once per turn
    cost stack 1 "Tester" card from your retreat area under this unit
    this unit gains +10 attack until the end of the turn

card "Tester, Wanderer"
  codes TST-103
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Leave"
    cost tap this, send this unit to your boundless area
    draw 2
  act "Sacrifice"
    cost send 1 other ally to your retreat area
    draw 1

card "Tester, Show-off"
  codes TST-104
  cost 2
  symbol red
  range 1
  attack 40
  support 10
  act "Show"
    once per turn
    cost reveal 2 "Tester" cards from your hand
    this unit gains +20 attack until the end of the turn
  act "Discard and Grow"
    cost send 1 card from your hand to your retreat area, stack 1 "Tester" card from your hand under this unit
    draw 1

card "Tester, Messenger"
  codes TST-105
  cost 1
  symbol red
  attack 30
  support 20
  support "Provision" attack
    cost flip 1 bond
    you may
    draw 1
'''

PACK += '''
card "Ike, Hero"
  codes TST-111
  cost 4
  symbol green
  range 1
  attack 70
  support 10
  act "Aether"
    cost flip 3 bonds
    draw 1
  cont "Memories of War"
    the cost of "Aether" is reduced by 1 bond for each red ally but not below 1

card "Mist, Florete"
  codes TST-112
  cost 3
  symbol green
  range 1
  attack 40
  support 10
  act "Warm Singing"
    cost tap this, flip 2 bonds
    draw 1
  cont "Spring-Breeze Florete"
    if you have 3 or more allies
    this unit can use "Warm Singing" without paying its cost
  act "Balance"
    once per turn
    the cost of "Warm Singing" is reduced by 1 bond until the end of the turn

card "Eliwood, Noble"
  codes TST-114
  cost 3
  symbol purple
  range 1
  attack 50
  support 10
  act "Noble's Steed"
    once per turn
    cost reveal 1 card from your hand and put it on top of your deck
    this unit gains +10 attack until the end of the turn

card "Roy, Binding Flame"
  codes TST-114
  cost 2
  symbol purple
  range 1
  attack 50
  support 10
  act "Binding Blade"
    once per turn
    cost put 1 card from your hand on top of your deck
    this unit gains +10 attack until the end of the turn

card "Gunter, Old Knight"
  codes TST-113
  cost 3
  symbol black
  range 1
  attack 50
  support 10
  act "Rally the Ranks"
    cost flip 1 bond for each red ally
    draw 1
'''

CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "more_costs.fe0")}
FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)


def c(title: str):
    return CARDS[f"Tester, {title}"]


# ---------------------------------------------------------------- flip this card
def test_flip_this_card_flips_the_skills_own_bond():
    game, mc0, _ = duel()
    spark, other = add_bonds(game, 0, c("Bond Spark"), FILLER)
    begin(game)
    pick(game, "use_skill", skill="Spark")          # nothing to choose: its own card pays
    assert not spark.face_up and other.face_up
    assert game.attack(mc0) == 70
    assert not options(game, "use_skill", skill="Spark")   # face-down: no longer usable


def test_flip_this_card_and_flip_1_bond_take_two_different_bonds():
    game, mc0, _ = duel()
    (spark,) = add_bonds(game, 0, c("Bond Spark"))
    begin(game)
    # Only its own bond is face-up: "flip 1 bond" cannot be paid by that same card.
    assert not options(game, "use_skill", skill="Double Spark")
    assert options(game, "use_skill", skill="Spark")
    game2, mc, _ = duel()
    spark2, other = add_bonds(game2, 0, c("Bond Spark"), FILLER)
    begin(game2)
    pick(game2, "use_skill", skill="Double Spark")
    assert not spark2.face_up and not other.face_up
    assert game2.attack(mc) == 90


def test_flip_this_card_is_refused_outside_a_bond_skill():
    bad = PACK.replace('''  act "Grow"
    once per turn
    cost stack 1''', '''  act "Grow"
    once per turn
    cost flip this card, stack 1''')
    with pytest.raises(LanguageError, match="only a BOND skill"):
        compile_text(bad, "bad.fe0")


# ---------------------------------------------------------------- growth
def test_growth_cost_stacks_a_same_name_card_under_the_unit():
    game, _, _ = duel()
    grower = add_unit(game, 0, c("Grower"))
    same, = add_cards(game, 0, "retreat", c("Wanderer"))      # another "Tester" card
    add_cards(game, 0, "retreat", FILLER)
    begin(game)
    pick(game, "use_skill", skill="Grow")
    assert grower.cards[-1] is same and grower.stack_size == 2
    assert game.attack(grower) == 50
    grown = events(game, ev.LeveledUp)
    assert grown and grown[-1].growth


def test_growth_cost_cannot_be_paid_without_a_same_name_card():
    game, _, _ = duel()
    add_unit(game, 0, c("Grower"))
    add_cards(game, 0, "retreat", FILLER, FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Grow")


# ---------------------------------------------------------------- units sent
def test_send_this_unit_as_a_cost():
    game, _, _ = duel()
    w = add_unit(game, 0, c("Wanderer"))
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Leave")
    assert game.unit(w.id) is None
    assert game.players[0].boundless[0].card is c("Wanderer")
    assert len(game.players[0].hand) == hand + 2


def test_send_another_ally_as_a_cost_never_the_main_character():
    game, mc0, _ = duel()
    add_unit(game, 0, c("Wanderer"))
    begin(game)
    # The only other ally is the Main Character: it cannot pay.
    assert not options(game, "use_skill", skill="Sacrifice")
    game2, _, _ = duel()
    w = add_unit(game2, 0, c("Wanderer"))
    f = add_unit(game2, 0, FILLER)
    begin(game2)
    pick(game2, "use_skill", skill="Sacrifice")
    assert game2.unit(f.id) is None and game2.unit(w.id) is w
    assert game2.players[0].retreat[-1].card is FILLER


# ---------------------------------------------------------------- reveal
def test_reveal_cost_shows_cards_and_leaves_them_in_the_hand():
    game, _, _ = duel()
    s = add_unit(game, 0, c("Show-off"))
    a, b = add_cards(game, 0, "hand", c("Grower"), c("Wanderer"))
    begin(game)
    pick(game, "use_skill", skill="Show")
    shown = events(game, ev.Revealed)
    assert shown and set(shown[-1].cards) == {a.id, b.id}
    assert a in game.players[0].hand and b in game.players[0].hand
    assert game.attack(s) == 60


def test_reveal_cost_needs_enough_cards():
    game, _, _ = duel()
    add_unit(game, 0, c("Show-off"))
    add_cards(game, 0, "hand", c("Grower"), FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Show")


def test_two_costs_taking_cards_from_one_hand_are_paid_by_different_cards():
    game, _, _ = duel()
    s = add_unit(game, 0, c("Show-off"))
    (grower,) = add_cards(game, 0, "hand", c("Grower"))
    begin(game)
    # One card cannot pay both (each cost alone could be paid by it).
    assert not options(game, "use_skill", skill="Discard and Grow")
    game, _, _ = duel()
    s = add_unit(game, 0, c("Show-off"))
    grower, filler = add_cards(game, 0, "hand", c("Grower"), FILLER)
    begin(game)
    pick(game, "use_skill", skill="Discard and Grow")
    # The Tester is needed for the growth: the discard is not offered it, so
    # nothing is asked and the Filler goes.
    p = game.players[0]
    assert filler in p.retreat and s.cards[-1] is grower


def test_a_choice_that_would_leave_a_later_cost_unpayable_is_not_offered():
    game, _, _ = duel()
    s = add_unit(game, 0, c("Show-off"))
    a, b = add_cards(game, 0, "hand", c("Grower"), c("Wanderer"))
    add_cards(game, 0, "hand", FILLER)
    begin(game)
    pick(game, "use_skill", skill="Discard and Grow")
    # Any of the three may be discarded (a Tester stays for the growth).
    assert len(game.decision.options) == 3
    pick(game, "card", card=a)
    assert b in s.cards and a in game.players[0].retreat


# ---------------------------------------------------------------- support skills
def _to_support_question(game):
    """Answer 0 (decline critical hits, evasions ...) until the support skill asks."""
    for _ in range(20):
        d = game.decision
        if d is None or (d.kind == "may" and "Provision" in d.prompt):
            return d
        game.answer(0)
    return None


def test_support_skill_with_a_cost_asks_and_pays():
    game, mc0, mc1 = duel()
    add_cards(game, 0, "deck", c("Messenger"), top=True)
    bond, = add_bonds(game, 0, FILLER)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "attack", unit=mc0, target=mc1)
    assert _to_support_question(game) is not None
    pick(game, "yes")
    assert not bond.face_up
    assert len(game.players[0].hand) == hand + 1


def test_support_skill_cost_that_cannot_be_paid_is_not_asked():
    game, mc0, mc1 = duel()
    add_cards(game, 0, "deck", c("Messenger"), top=True)
    add_bonds(game, 0, FILLER, face_up=False)
    begin(game)
    pick(game, "attack", unit=mc0, target=mc1)
    assert _to_support_question(game) is None
    assert not any(e.skill == "Provision" for e in events(game, ev.SkillResolved))


# ---------------------------------------------------------------- costs changed by another skill
def test_cont_reduces_the_bonds_a_skill_flips_for_each_red_ally():
    game, mc0, _ = duel()            # the MC is red: one red ally
    ike = add_unit(game, 0, CARDS["Ike, Hero"])
    bonds = add_bonds(game, 0, FILLER, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Aether")        # 3 - 1 = 2 bonds: both flipped, nothing to choose
    assert not any(b.face_up for b in bonds)


def test_cont_reduction_not_below_its_floor():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Ike, Hero"])
    for _ in range(3):
        add_unit(game, 0, c("Grower") if _ == 0 else c("Wanderer") if _ == 1 else c("Show-off"))
    (bond,) = add_bonds(game, 0, FILLER)
    begin(game)
    assert len([u for u in game.players[0].units if "red" in {s.value for s in game.symbols(u)}]) >= 3
    pick(game, "use_skill", skill="Aether")        # 3 - 4 red allies, but at least 1
    assert not bond.face_up


def test_without_the_reduction_the_printed_cost_is_asked():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Mist, Florete"])
    add_bonds(game, 0, FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Warm Singing")   # 2 bonds, 1 face-up


def test_timed_reduction_of_a_skills_cost():
    game, _, _ = duel()
    mist = add_unit(game, 0, CARDS["Mist, Florete"])
    (bond,) = add_bonds(game, 0, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Balance")
    pick(game, "use_skill", skill="Warm Singing")  # now 1 bond
    assert mist.tapped and not bond.face_up


def test_a_skill_used_without_paying_its_cost_while_the_condition_holds():
    game, _, _ = duel()
    mist = add_unit(game, 0, CARDS["Mist, Florete"])
    add_unit(game, 0, c("Grower"))
    add_bonds(game, 0, FILLER, face_up=False)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Warm Singing")  # three allies: free (no tap, no bonds)
    assert not mist.tapped and len(game.players[0].hand) == hand + 1


def test_a_cost_counted_from_the_board():
    game, _, _ = duel()                    # the MC is red: 1 bond for now
    add_unit(game, 0, CARDS["Gunter, Old Knight"])
    add_unit(game, 0, c("Grower"))         # a second red ally: 2 bonds
    bonds = add_bonds(game, 0, FILLER)
    begin(game)
    assert not options(game, "use_skill", skill="Rally the Ranks")
    game2, _, _ = duel()
    add_unit(game2, 0, CARDS["Gunter, Old Knight"])
    add_unit(game2, 0, c("Grower"))
    bonds = add_bonds(game2, 0, FILLER, FILLER, FILLER)
    begin(game2)
    pick(game2, "use_skill", skill="Rally the Ranks")
    pick(game2, "card", card=bonds[0].copy)
    pick(game2, "card", card=bonds[2].copy)
    assert [b.face_up for b in bonds] == [False, True, False]


def test_reveal_and_put_on_top_of_the_deck_as_a_cost():
    game, _, _ = duel()
    eli = add_unit(game, 0, CARDS["Eliwood, Noble"])
    a, b = add_cards(game, 0, "hand", FILLER, c("Grower"))
    begin(game)
    pick(game, "use_skill", skill="Noble's Steed")
    pick(game, "card", card=b)
    p = game.players[0]
    assert p.deck[0] is b and b not in p.hand and a in p.hand
    shown = events(game, ev.Revealed)
    assert shown and shown[-1].cards == (b.id,)
    assert game.attack(eli) == 60


def test_put_on_top_of_the_deck_as_a_cost_is_not_a_reveal():
    """"[Place 1 card from your hand on top of your Deck]" (B22-005SR): the chosen card goes on
    top of the deck, unrevealed (no Revealed event: the opponent does not learn which)."""
    game, _, _ = duel()
    roy = add_unit(game, 0, CARDS["Roy, Binding Flame"])
    a, b = add_cards(game, 0, "hand", FILLER, c("Grower"))
    begin(game)
    pick(game, "use_skill", skill="Binding Blade")
    pick(game, "card", card=b)
    p = game.players[0]
    assert p.deck[0] is b and b not in p.hand and a in p.hand
    assert not events(game, ev.Revealed)
    assert game.attack(roy) == 60
    assert not options(game, "use_skill", skill="Binding Blade")     # once per turn


def test_put_on_top_of_the_deck_as_a_cost_needs_a_card_in_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Roy, Binding Flame"])
    begin(game)
    assert not options(game, "use_skill", skill="Binding Blade")


def test_reveal_and_put_needs_a_card_in_the_hand():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Eliwood, Noble"])
    begin(game)
    assert not options(game, "use_skill", skill="Noble's Steed")


@pytest.mark.parametrize("old,new,message", [
    ("    cost reveal 1 card from your hand and put it on top of your deck",
     "    cost reveal 1 card from your hand and put it into your orbs", "on top of your deck or into"),
    ("    cost reveal 1 card from your hand and put it on top of your deck",
     "    cost send 1 card from your hand to your retreat area and put it on top of your deck", "after 'reveal'"),
    ("    cost flip 1 bond for each red ally", "    cost tap 1 ally for each red ally", "supported for 'flip N bonds'"),
    ('the cost of "Aether" is reduced by 1 bond for each red ally but not below 1',
     'the cost of "Memories of War" is reduced by 1 bond', "not an ACT, AUTO, BOND or HAND skill"),
    ('the cost of "Warm Singing" is reduced by 1 bond until the end of the turn',
     'the cost of "Warm Singing" is reduced by 1 bond', "needs a duration"),
    ('    this unit can use "Warm Singing" without paying its cost',
     '    your main character can use "Warm Singing" without paying its cost', "this unit's"),
    # an ACT skill cannot give it (no duration carries it): one message, which says where it goes
    ('  cont "Spring-Breeze Florete"\n    if you have 3 or more allies\n',
     '  act "Spring-Breeze Florete"\n', "write it in a cont skill"),
])
def test_unsupported_skill_cost_changes_are_refused(old, new, message):
    assert old in PACK
    with pytest.raises(LanguageError, match=message):
        compile_text(PACK.replace(old, new), "bad.fe0")


def test_a_reduction_of_bonds_needs_a_skill_that_flips_bonds():
    bad = PACK.replace("    cost flip 3 bonds\n    draw 1", "    cost tap this\n    draw 1")
    with pytest.raises(LanguageError, match="flips no bonds"):
        compile_text(bad, "bad.fe0")


# ---------------------------------------------------------------- refused forms
@pytest.mark.parametrize("line,message", [
    ("cost flip 1 card from your hand", "'flip' as a cost takes"),
    ("cost stack 1 \"Tester\" card from your retreat area under your main character", "under this unit"),
    ("cost send 1 enemy to your retreat area", "your own"),
    ("cost reveal 1 card from your retreat area", "from your hand"),
    ("cost put 1 card from your retreat area on top of your deck", "from your hand on top of your deck"),
    ("cost put 1 card from your hand into your retreat area", "from your hand on top of your deck"),
    ("cost put 1 card from your hand at the bottom of your deck", "from your hand on top of your deck"),
    ("cost put all cards from your hand on top of your deck", "pays a number of things"),
])
def test_unsupported_cost_forms_are_refused(line, message):
    bad = PACK.replace("    cost tap this, send this unit to your boundless area", "    " + line)
    with pytest.raises(LanguageError, match=message):
        compile_text(bad, "bad.fe0")


def test_a_skill_cost_change_may_count_the_cards_stacked_under_this_unit():
    """"The cost of "Aether" is reduced by 1 Bond per card stacked under this unit" (B05-089SR
    Ike): "for each" counts, so the cards of a stack may be named there as in an attack
    change (the checker refused it as taking cards out of a stack). Played in a game by
    tests/conformance/cards/b_B05-089_ike.scn."""
    text = PACK.replace('the cost of "Aether" is reduced by 1 bond for each red ally but not below 1',
                        'the cost of "Aether" is reduced by 1 bond for each card stacked under this unit '
                        'but not below 1')
    assert text != PACK
    cards = {c.unit_name + ", " + c.title: c for c in compile_text(text, "stacked.fe0")}
    assert "Ike, Hero" in cards
