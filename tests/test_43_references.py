"""References, selectors and counts, compiled from text and played in a game.

Part 1: constructs the checker accepted and the engine got wrong (bond-flip costs
filtered by type or name, "for each" over bonds, a quality test on a revealed card,
adjacent qualities meaning "and"). Part 2: references to several chosen things,
the opponent's Main Character, unit names taken from another card, levelled-up
units and stacks, face-up / face-down bonds and orbs, colorless, "or" inside a
condition or filter, and "for each" over bonds, orbs, hand, stack and bare nouns.

Each construct has a behaviour test on small test cards: the effect happens when it
should and does not when it should not.
"""
import pytest

from fecipher.dsl import render
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, options, pick, relocate

HEAD = '''card "Tester, {title}"
  codes TST-{code:03d}
  cost 1
  class change cost 1
  symbol red
  range 1
  attack 30
  support 10
'''


def make(skills: str, title: str = "Probe", code: int = 900):
    """One test card with these skills (indented two spaces below the card head)."""
    body = "\n".join("  " + ln if ln.strip() else ln for ln in skills.strip("\n").splitlines())
    return compile_text(HEAD.format(title=title, code=code) + body + "\n", "refs.fe0")[0]


def check_errors(skills: str) -> str:
    """The checker's messages for a card with these skills (they must not compile)."""
    with pytest.raises(LanguageError) as e:
        make(skills)
    return str(e.value)


def skill_text(c) -> str:
    return " ".join(s.text for s in c.skills)


FILLER = card("Filler", "Blank", cost=1, attack=10, support=10)
TOME = card("Merric", "Tome", weapon="tome", symbols="blue")
SWORD = card("Ogma", "Sword", weapon="sword", symbols="red")
ALTENA = card("Altena", "Wyvern", weapon="lance", symbols="purple")
WHITE = card("Wight", "White", symbols="white")
BLACK = card("Blak", "Black", symbols="black")
WHITE_BLACK = card("Twain", "Both", symbols=("white", "black"))
COLORLESS = card("Nobody", "Plain", symbols=())


# =========================================================== Part 1
# ---- 1. a bond-flip cost filtered by type or name
def test_flip_cost_filtered_by_type_is_paid_by_a_bond_of_that_type_only():
    probe = make('''
act "Tome Rite"
  cost flip 1 tome bond
  this unit gains +20 attack until the end of the turn
''')
    game, mc0, _ = duel()
    u = add_unit(game, 0, probe)
    sword, tome = add_bonds(game, 0, SWORD, TOME)
    begin(game)
    pick(game, "use_skill", skill="Tome Rite")      # one tome bond: no question which
    assert game.attack(u) == 50
    assert not tome.face_up and sword.face_up
    assert not options(game, "use_skill", skill="Tome Rite")   # no face-up tome bond left


def test_flip_cost_filtered_by_type_cannot_be_paid_without_that_type():
    probe = make('''
act "Tome Rite"
  cost flip 1 tome bond
  this unit gains +20 attack until the end of the turn
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_bonds(game, 0, SWORD, SWORD)
    begin(game)
    assert not options(game, "use_skill", skill="Tome Rite")


def test_flip_cost_filtered_by_unit_name_flips_only_that_name():
    probe = make('''
act "Gae Bolg"
  cost flip 1 "Altena" bond
  this unit gains +40 attack until the end of the turn
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)
    other, altena = add_bonds(game, 0, SWORD, ALTENA)
    begin(game)
    pick(game, "use_skill", skill="Gae Bolg")
    assert not altena.face_up and other.face_up and game.attack(u) == 70
    game2, _, _ = duel()
    add_unit(game2, 0, probe)
    add_bonds(game2, 0, SWORD, TOME)
    begin(game2)
    assert not options(game2, "use_skill", skill="Gae Bolg")


# ---- 4. adjacent qualities mean "and"
def test_adjacent_qualities_in_a_flip_cost_mean_both():
    probe = make('''
act "Twilight"
  cost flip 1 white black bond
  this unit gains +20 attack until the end of the turn
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_bonds(game, 0, WHITE, BLACK)
    begin(game)
    assert not options(game, "use_skill", skill="Twilight")     # neither is both
    game2, _, _ = duel()
    u = add_unit(game2, 0, probe)
    w, both = add_bonds(game2, 0, WHITE, WHITE_BLACK)
    begin(game2)
    pick(game2, "use_skill", skill="Twilight")
    assert not both.face_up and w.face_up and game2.attack(u) == 50


def test_or_between_qualities_in_a_flip_cost_means_either():
    probe = make('''
act "Dusk"
  cost flip 1 white or black bond
  this unit gains +20 attack until the end of the turn
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_bonds(game, 0, BLACK)
    begin(game)
    assert options(game, "use_skill", skill="Dusk")


def test_adjacent_qualities_in_a_unit_filter_mean_both():
    probe = make('''
cont "Twin Guard"
  this unit gains +10 attack for each white black ally
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)
    add_unit(game, 0, WHITE)
    add_unit(game, 0, BLACK)
    add_unit(game, 0, WHITE_BLACK)
    begin(game)
    assert game.attack(u) == 40


# ---- 2. "for each" over bonds
def test_for_each_red_bond_counts_bonds_not_units():
    probe = make('''
cont "Bond Power"
  this unit gains +10 attack for each red bond
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)          # red units on the field: the probe and the MC
    add_unit(game, 0, SWORD)
    add_bonds(game, 0, SWORD, TOME)       # one red bond, one blue
    add_bonds(game, 0, SWORD, face_up=False)   # a face-down bond shows no symbol
    begin(game)
    assert game.attack(u) == 40


def test_for_each_bond_and_for_each_ally_parse_and_count():
    probe = make('''
cont "Bonds"
  this unit gains +10 attack for each bond
cont "Friends"
  this unit gains +10 attack for each ally
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)
    add_bonds(game, 0, SWORD, TOME)
    add_bonds(game, 0, SWORD, face_up=False)
    begin(game)
    assert game.attack(u) == 30 + 30 + 20     # 3 bonds (face-down too); 2 allies (this unit and the MC)


# ---- 3. a quality test on a revealed card
def test_quality_test_on_a_revealed_card_reads_the_card():
    probe = make('''
act "Divination"
  once per turn
  reveal the top card of your deck
  if it is tome: draw 2
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_cards(game, 0, "deck", TOME, top=True)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Divination")
    assert len(game.players[0].hand) == hand + 2
    game2, _, _ = duel()
    add_unit(game2, 0, probe)
    add_cards(game2, 0, "deck", SWORD, top=True)
    begin(game2)
    hand = len(game2.players[0].hand)
    pick(game2, "use_skill", skill="Divination")
    assert len(game2.players[0].hand) == hand


def test_unit_name_and_negated_quality_on_a_revealed_card():
    probe = make('''
act "Omen"
  once per turn
  reveal the top card of your deck
  if it is "Merric": draw 1
  if it is not red: draw 1
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_cards(game, 0, "deck", TOME, top=True)     # "Merric", blue
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Omen")
    assert len(game.players[0].hand) == hand + 2


def test_part1_constructs_describe_in_english():
    probe = make('''
act "Tome Rite"
  cost flip 1 tome bond, flip 1 white black bond
  reveal the top card of your deck
  if it is tome: draw 1
cont "Bond Power"
  this unit gains +10 attack for each red bond
''')
    text = skill_text(probe)
    assert "Flip 1 <Tome> Bond face-down" in text and "Flip 1 <White> <Black> Bond face-down" in text
    assert "If it is <Tome>" in text and "for each <Red> bond" in text


# =========================================================== Part 2
# ---- references to several chosen things
GROWTH = '''
act "Mend"
  cost tap this
  choose 1 other ally
  choose 1 card with the same unit name as the chosen ally from your retreat area
  put the chosen card under the chosen ally
'''


def test_two_choices_keep_their_own_references():
    probe = make(GROWTH)
    game, mc0, _ = duel()
    add_unit(game, 0, probe)
    ogma = add_unit(game, 0, SWORD)
    ogma_card, merric_card = add_cards(game, 0, "retreat", SWORD, TOME)
    begin(game)
    pick(game, "use_skill", skill="Mend")
    pick(game, "unit", unit=ogma)
    # Only the card with the chosen ally's unit name is offered.
    assert [o.card for o in options(game, "card")] == [ogma_card.id]
    pick(game, "card", card=ogma_card)
    assert ogma_card in ogma.cards and len(ogma.cards) == 2
    assert merric_card in game.players[0].retreat


def test_same_unit_name_as_a_chosen_ally_offers_only_that_name():
    probe = make(GROWTH)
    game, mc0, _ = duel()
    add_unit(game, 0, probe)
    ogma = add_unit(game, 0, SWORD)
    add_unit(game, 0, TOME)
    a, b, m = add_cards(game, 0, "retreat", SWORD, SWORD, TOME)
    begin(game)
    pick(game, "use_skill", skill="Mend")
    pick(game, "unit", unit=ogma)
    assert {o.card for o in options(game, "card")} == {a.id, b.id}
    pick(game, "card", card=b)
    assert b in ogma.cards and m in game.players[0].retreat


def test_that_ally_is_the_chosen_ally_and_describes():
    probe = make('''
act "Rally"
  choose 1 other ally
  choose 1 enemy
  that ally gains +20 attack until the end of the turn
  tap that enemy
''')
    game, mc0, mc1 = duel()
    add_unit(game, 0, probe)
    ogma = add_unit(game, 0, SWORD)
    foe = add_unit(game, 1, TOME)
    begin(game)
    pick(game, "use_skill", skill="Rally")
    pick(game, "unit", unit=ogma)
    pick(game, "unit", unit=foe)
    assert game.attack(ogma) == 70 and game.attack(mc0) == 50
    assert foe.tapped and not mc1.tapped
    text = skill_text(probe)
    assert "the chosen ally gains +20 attack" in text and "Tap the chosen enemy" in text


def test_it_after_two_choices_is_refused_with_the_choices_listed():
    msg = check_errors('''
act "Mend"
  choose 1 other ally
  choose 1 card with the same unit name as the chosen ally from your retreat area
  put it under the chosen ally
''')
    assert "ambiguous" in msg and "the chosen ally (line 10)" in msg and "the chosen card (line 11)" in msg


def test_that_unit_after_a_choice_is_refused():
    msg = check_errors('''
auto "Call"
  when another ally is deployed
  choose 1 enemy
  that unit gains +10 attack until the end of the turn
''')
    assert "'that unit' is the unit the trigger is about" in msg and "the chosen enemy (line 11)" in msg


def test_a_reference_to_a_choice_that_was_not_made_is_refused():
    msg = check_errors('''
act "Lost"
  choose 1 card from your hand
  the chosen ally gains +10 attack until the end of the turn
''')
    assert "'the chosen ally' needs an earlier line of this skill that chooses allies" in msg
    assert "the chosen card (line 10)" in msg
    msg = check_errors('''
act "Early"
  if that ally is red
  draw 1
''')
    assert "costs, triggers and conditions come before any choice" in msg


def test_two_choices_of_the_same_kind_are_refused_as_not_supported():
    msg = check_errors('''
act "Pair"
  choose 1 other ally
  choose 1 other ally
  the chosen ally gains +10 attack until the end of the turn
''')
    assert "ambiguous" in msg and "not supported" in msg


def test_the_revealed_card_after_a_choice():
    probe = make('''
act "Seek"
  once per turn
  choose 1 card from your hand
  reveal the top card of your deck
  if the revealed card has the same unit name as the chosen card: draw 1
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_cards(game, 0, "hand", SWORD)
    add_cards(game, 0, "deck", SWORD, top=True)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Seek")
    pick(game, "card", card=SWORD)
    assert len(game.players[0].hand) == hand + 1
    game2, _, _ = duel()
    add_unit(game2, 0, probe)
    add_cards(game2, 0, "hand", SWORD)
    add_cards(game2, 0, "deck", TOME, top=True)
    begin(game2)
    hand = len(game2.players[0].hand)
    pick(game2, "use_skill", skill="Seek")
    pick(game2, "card", card=SWORD)
    assert len(game2.players[0].hand) == hand
    assert "If the revealed card has the same Unit Name as the chosen card" in skill_text(probe)


# ---- the opponent's Main Character
def test_opponents_main_character_as_a_reference_and_a_state():
    probe = make('''
act "Curse"
  your opponent's main character loses 20 attack until the end of the turn
cont "Front Watch"
  if your opponent's main character is in the front line
  this unit gains +10 attack
''')
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, probe)
    begin(game)
    assert game.attack(u) == 40
    pick(game, "use_skill", skill="Curse")
    assert game.attack(mc1) == 30 and game.attack(mc0) == 50
    assert "your opponent's Main Character loses 20 attack" in skill_text(probe)
    game2, _, mc1b = duel()
    u2 = add_unit(game2, 0, probe)
    relocate(game2, mc1b, "back")
    begin(game2)
    assert game2.attack(u2) == 30          # their MC is in the back line


def test_main_character_filter_and_state():
    probe = make('''
act "Decapitate"
  choose 1 main character enemy
  tap it
auto "Regicide"
  when this unit attacks
  if the defending unit is your opponent's main character
  draw 1
''')
    game, mc0, mc1 = duel()
    add_unit(game, 0, probe)
    add_unit(game, 1, TOME)
    begin(game)
    pick(game, "use_skill", skill="Decapitate")
    assert [o.unit for o in options(game, "unit")] == [mc1.id]     # the MC only
    pick(game, "unit", unit=mc1)
    assert mc1.tapped
    assert "choose a Main Character enemy" in skill_text(probe).lower() or \
        "Main Character enemy" in skill_text(probe)


def test_is_a_main_character_state_on_both_sides():
    probe = make('''
cont "Duel"
  if the defending unit is a main character
  this unit gains +10 attack
''')
    assert "If the defending unit is a Main Character" in skill_text(probe)


# ---- a different unit name
def test_different_unit_name_from_your_main_character():
    probe = make('''
act "Recruit"
  choose 1 card with a different unit name from your main character from your retreat area
  add it to your hand
''')
    game, _, _ = duel(mc0=card("Ogma", "Lord"))
    add_unit(game, 0, probe)
    ogma, merric = add_cards(game, 0, "retreat", SWORD, TOME)
    begin(game)
    pick(game, "use_skill", skill="Recruit")
    assert [o.card for o in options(game, "card")] == [merric.id]
    pick(game, "card", card=merric)
    assert merric in game.players[0].hand and ogma in game.players[0].retreat
    assert "with a different Unit Name from your Main Character" in skill_text(probe)


# ---- levelled up, stacks
STACKS = '''
cont "Veterans"
  this unit gains +10 attack for each other levelled-up ally
cont "Deep Roots"
  if this unit has 3 or more cards in its stack
  this unit gains +20 attack
cont "Weight"
  this unit gains +1 attack for each card stacked under this unit
'''


def test_levelled_up_allies_and_stack_size():
    probe = make(STACKS)
    game, _, _ = duel()
    u = add_unit(game, 0, probe, probe, probe)          # a stack of 3: two cards under the top
    add_unit(game, 0, SWORD, SWORD)                       # levelled up
    add_unit(game, 0, TOME)                               # not levelled up
    begin(game)
    assert game.attack(u) == 30 + 10 + 20 + 2
    game2, _, _ = duel()
    u2 = add_unit(game2, 0, probe, probe)
    add_unit(game2, 0, TOME)
    begin(game2)
    assert game2.attack(u2) == 30 + 0 + 0 + 1
    text = skill_text(probe)
    assert "for each other Levelled Up ally" in text and "has 3 or more cards in its stack" in text
    assert "for each card stacked under this unit" in text


def test_stack_filter_and_levelled_up_state():
    probe = make('''
act "Elders"
  choose 1 ally with 2 or more cards in its stack
  it gains +10 attack until the end of the turn
cont "Green"
  if this unit is not levelled up
  this unit gains +5 attack
''')
    game, mc0, _ = duel()
    u = add_unit(game, 0, probe)
    big = add_unit(game, 0, SWORD, SWORD)
    begin(game)
    assert game.attack(u) == 35
    pick(game, "use_skill", skill="Elders")
    assert [o.unit for o in options(game, "unit")] == [big.id]
    pick(game, "unit", unit=big)
    assert game.attack(big) == 60 and game.attack(mc0) == 50
    assert "with 2 or more cards in its stack" in skill_text(probe)


def test_taking_cards_from_a_stack_as_a_cost_is_refused():
    # An effect may take them (docs/skill-language.md "Cards taken out of a stack",
    # tests/test_200_stacks2_cards_out_of_a_stack.py); a cost may not.
    msg = check_errors('''
act "Strip"
  cost send 1 card stacked under this unit to your retreat area
  draw 1
''')
    assert "not supported" in msg


# ---- face-up / face-down bonds and orbs
def test_face_down_bonds_and_face_up_orbs_counted():
    probe = make('''
cont "Shadow"
  if you have 2 or more face-down bonds
  this unit gains +10 attack
cont "Dragon Vein"
  this unit gains +10 attack for each face-up orb
cont "Their Shadows"
  if your opponent has 1 or more face-down bonds
  this unit gains +5 attack
cont "Mjolnir"
  this unit gains +100 attack for each face-down bond in your opponent's bond area
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)
    add_bonds(game, 0, SWORD, SWORD, face_up=False)
    add_bonds(game, 0, SWORD)
    game.players[0].orbs[0].face_up = True
    add_bonds(game, 1, SWORD, face_up=False)
    begin(game)
    assert game.attack(u) == 30 + 10 + 10 + 5 + 100
    game2, _, _ = duel()
    u2 = add_unit(game2, 0, probe)
    add_bonds(game2, 0, SWORD, face_up=False)
    add_bonds(game2, 0, SWORD, SWORD)
    add_bonds(game2, 1, SWORD)
    begin(game2)
    assert game2.attack(u2) == 30
    text = skill_text(probe)
    assert "2 or more face-down bonds" in text and "for each face-up orb" in text
    assert "for each face-down bond in your opponent's Bond Area" in text


def test_face_up_on_a_unit_is_refused():
    assert "goes with bonds or orbs" in check_errors('''
cont "Bad"
  this unit gains +10 attack for each face-up ally
''')


# ---- colorless
def test_colorless_is_a_quality():
    probe = make('''
cont "Plain Folk"
  this unit gains +10 attack for each colorless ally
cont "Humble Lord"
  if your main character is colorless
  this unit gains +5 attack
''')
    game, _, _ = duel(mc0=card("Lord", "Plain", symbols=()))
    u = add_unit(game, 0, probe)
    add_unit(game, 0, COLORLESS)
    add_unit(game, 0, SWORD)
    begin(game)
    assert game.attack(u) == 30 + 20 + 5
    game2, _, _ = duel()
    u2 = add_unit(game2, 0, probe)
    begin(game2)
    assert game2.attack(u2) == 30
    assert "<Colorless>" in skill_text(probe)


# ---- "or" inside a condition or a filter
def test_or_in_a_state_and_in_a_filter():
    probe = make('''
cont "Either"
  if your main character is red or blue
  this unit gains +10 attack
cont "Kent or a Lady"
  if you have a "Kent" or female ally
  this unit gains +5 attack
''')
    game, _, _ = duel(mc0=card("Lord", "Blue", symbols="blue"))
    u = add_unit(game, 0, probe)
    add_unit(game, 0, card("Kent", "Knight", gender="male"))
    begin(game)
    assert game.attack(u) == 45
    game2, _, _ = duel(mc0=card("Lord", "Green", symbols="green"))
    u2 = add_unit(game2, 0, probe)
    add_unit(game2, 0, card("Sain", "Knight", gender="male"))
    begin(game2)
    assert game2.attack(u2) == 30
    game3, _, _ = duel(mc0=card("Lord", "Green", symbols="green"))
    u3 = add_unit(game3, 0, probe)
    add_unit(game3, 0, card("Lyn", "Lady", gender="female"))
    begin(game3)
    assert game3.attack(u3) == 35
    text = skill_text(probe)
    assert "is <Red> or <Blue>" in text and '"Kent" or <Female> ally' in text


def test_bare_alternatives_need_a_noun():
    assert "needs a noun" in check_errors('''
act "Odd"
  choose red or blue
  tap it
''')


# ---- "for each" over orbs, hand, stack, bare nouns
def test_for_each_over_orbs_hand_stack_and_bare_nouns():
    probe = make('''
cont "Count"
  this unit gains +1 attack for each orb
  this unit gains +10 attack for each card in your hand
  this unit gains +100 attack for each enemy
  this unit gains +1000 attack for each card in this unit's stack
''')
    game, _, _ = duel(orbs=3)
    u = add_unit(game, 0, probe, probe)
    add_unit(game, 1, TOME)
    add_cards(game, 0, "hand", SWORD, SWORD)
    begin(game)
    hand = len(game.players[0].hand)
    assert game.attack(u) == 30 + 3 + 10 * hand + 200 + 2000
    text = skill_text(probe)
    assert "for each orb" in text and "for each enemy" in text and "in this unit's stack" in text


def _finish_battle(g) -> None:
    while g.decision is not None and not g.over and g.battle is not None:
        if g.decision.kind in ("critical_hit", "evasion"):
            pick(g, "pass")
        else:   # which orb breaks, which of two triggered skills resolves first
            g.answer(g.legal_options()[0])


def test_destroying_the_opponents_main_character_triggers_and_another_enemy_does_not():
    probe = make('''
cont "Might"
  this unit gains +50 attack
auto "Regicide"
  when this unit destroys your opponent's main character
  draw 1
auto "Headsman"
  when this unit destroys a main character enemy
  draw 1
''')
    game, _, mc1 = duel()
    u = add_unit(game, 0, probe)
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "attack", unit=u, target=mc1)
    _finish_battle(game)
    assert len(game.players[0].hand) == hand + 2
    game2, _, _ = duel()
    u2 = add_unit(game2, 0, probe)
    foe = add_unit(game2, 1, TOME)
    begin(game2)
    hand = len(game2.players[0].hand)
    pick(game2, "attack", unit=u2, target=foe)
    _finish_battle(game2)
    assert game2.unit(foe.id) is None and len(game2.players[0].hand) == hand


# =========================================================== compile and describe, one line each
COMPILES = [
    ('act "A"\n  cost flip 1 tome bond\n  draw 1', "Flip 1 <Tome> Bond face-down"),
    ('act "A"\n  cost flip 1 "Altena" bond\n  draw 1', 'Flip 1 "Altena" Bond face-down'),
    ('act "A"\n  cost flip 1 white black bond\n  draw 1', "Flip 1 <White> <Black> Bond face-down"),
    ('cont "A"\n  this unit gains +10 attack for each red bond', "for each <Red> bond"),
    ('cont "A"\n  this unit gains +10 attack for each ally', "for each ally"),
    ('cont "A"\n  this unit gains +10 attack for each enemy', "for each enemy"),
    ('cont "A"\n  this unit gains +10 attack for each orb', "for each orb"),
    ('cont "A"\n  this unit gains +10 attack for each card in your hand', "for each card in your hand"),
    ('cont "A"\n  this unit gains +10 attack for each card stacked under this unit',
     "for each card stacked under this unit"),
    ('cont "A"\n  this unit gains +10 attack for each card in this unit\'s stack',
     "for each card in this unit's stack"),
    ('act "A"\n  reveal the top card of your deck\n  if it is tome: draw 1', "If it is <Tome>, draw 1 card"),
    ('act "A"\n  choose 1 other ally\n  choose 1 card with the same unit name as that ally from your hand\n'
     '  put the chosen card under that ally', "Put the chosen card under the chosen ally"),
    ('act "A"\n  choose 1 enemy\n  tap that enemy', "Tap the chosen enemy"),
    ('act "A"\n  reveal the top card of your deck\n  choose 1 enemy with the same unit name as the revealed card\n'
     '  destroy the chosen enemy', "with the same Unit Name as the revealed card"),
    ('cont "A"\n  if this unit is attacking your opponent\'s main character\n  this unit gains +10 attack',
     "attacking your opponent's Main Character"),
    ('act "A"\n  choose 1 main character enemy\n  tap it', "Main Character enemy"),
    ('act "A"\n  choose 1 card with a different unit name from your main character from your hand\n'
     '  add it to your hand', "with a different Unit Name from your Main Character"),
    ('act "A"\n  reveal the top card of your deck\n  if it has a different unit name from your main character: '
     'draw 1', "it has a different Unit Name from your Main Character"),
    ('cont "A"\n  this unit gains +10 attack for each levelled-up ally', "for each Levelled Up ally"),
    ('cont "A"\n  if this unit is levelled up\n  this unit gains +10 attack', "this unit is Levelled Up"),
    ('cont "A"\n  this unit gains +10 attack for each class-changed ally', "for each class-changed ally"),
    ('cont "A"\n  if you have an ally with 3 or more cards in its stack\n  this unit gains +10 attack',
     "an ally with 3 or more cards in its stack"),
    ('cont "A"\n  if you have 2 or more face-down bonds\n  this unit gains +10 attack', "2 or more face-down bonds"),
    ('cont "A"\n  if you have no face-up orbs\n  this unit gains +10 attack', "no face-up orbs"),
    ('cont "A"\n  if your main character is colorless\n  this unit gains +10 attack', "is <Colorless>"),
    ('cont "A"\n  if your main character is red or blue\n  this unit gains +10 attack', "is <Red> or <Blue>"),
    ('cont "A"\n  if you have a "Kent" or female ally\n  this unit gains +10 attack', '"Kent" or <Female> ally'),
]


@pytest.mark.parametrize("skills,english", COMPILES, ids=[e for _, e in COMPILES])
def test_each_construct_compiles_and_describes(skills, english):
    assert english in skill_text(make(skills))


REFUSED = [
    ('act "A"\n  cost send 1 card stacked under this unit to your retreat area\n  draw 1', "not supported"),
    ('act "A"\n  cost flip 1 red orb\n  draw 1', "not supported"),
    ('cont "A"\n  this unit gains +10 attack for each face-up ally', "goes with bonds or orbs"),
    ('cont "A"\n  this unit gains +10 attack for each main character bond', "goes with units"),
    ('cont "A"\n  this unit gains +10 attack for each card', "say where the cards are counted"),
    ('act "A"\n  reveal the top card of your deck\n  if it is tapped: draw 1', "not a unit's state"),
    ('cont "A"\n  if your main character is red or purpel\n  this unit gains +10 attack', "unknown quality 'purpel'"),
    ('act "A"\n  choose 1 ally\n  tap that enemy', "needs an earlier line of this skill that chooses enemies"),
    ('cont "A"\n  if this card has 2 or more cards in its stack\n  this unit gains +10 attack', "said of a unit"),
    ('act "A"\n  cost flip 1 face-down bond\n  draw 1', "cannot pay it"),
    ('act "A"\n  cost tap your opponent\'s main character\n  draw 1', "a cost is paid with your own units"),
    ('act "A"\n  choose 1 card with the same unit name as "Marth" from your hand\n  add it to your hand',
     "is the name itself"),
]


@pytest.mark.parametrize("skills,message", REFUSED, ids=[m for _, m in REFUSED])
def test_unsupported_or_wrong_constructs_are_refused(skills, message):
    assert message in check_errors(skills)


def test_a_count_follows_the_game_as_it_changes():
    probe = make('''
cont "Shadows"
  this unit gains +10 attack for each face-down bond
cont "Hoard"
  this unit gains +1 attack for each card in your hand
act "Pay"
  cost flip 1 bond
  draw 1
''')
    game, _, _ = duel()
    u = add_unit(game, 0, probe)
    add_bonds(game, 0, SWORD, SWORD)
    begin(game)
    before = game.attack(u)
    pick(game, "use_skill", skill="Pay")
    game.answer(game.decision.options[0])          # which bond pays
    assert game.attack(u) == before + 10 + 1


# ---- conditions joined on one line: "A, or B" / "A, and B"
def test_conditions_joined_with_or_and_and():
    probe = make('''
cont "Either Way"
  if your main character is blue, or you have 2 or more bonds
  this unit gains +10 attack
act "Omen"
  once per turn
  reveal the top card of your deck
  if it is tome, or it has cost 3 or more: draw 1
  if it is red, and it is "Ogma": draw 2
''')
    game, _, _ = duel(mc0=card("Lord", "Blue", symbols="blue"))
    u = add_unit(game, 0, probe)
    add_cards(game, 0, "deck", TOME, top=True)
    begin(game)
    assert game.attack(u) == 40                      # the first holds
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Omen")
    assert len(game.players[0].hand) == hand + 1     # tome: 1; not red and "Ogma": no 2
    game2, _, _ = duel()
    u2 = add_unit(game2, 0, probe)
    add_bonds(game2, 0, SWORD, SWORD)
    add_cards(game2, 0, "deck", SWORD, top=True)
    begin(game2)
    assert game2.attack(u2) == 40                    # the second holds
    hand = len(game2.players[0].hand)
    pick(game2, "use_skill", skill="Omen")
    assert len(game2.players[0].hand) == hand + 2    # not tome, cost 1: no 1; red "Ogma": 2
    game3, _, _ = duel()
    u3 = add_unit(game3, 0, probe)
    add_bonds(game3, 0, SWORD)
    begin(game3)
    assert game3.attack(u3) == 30                    # neither
    text = skill_text(probe)
    assert "If your Main Character is <Blue>, or you have 2 or more bonds" in text
    assert 'If it is <Red>, and it is "Ogma", draw 2 cards' in text


def test_if_you_do_or_is_refused():
    # "if you do, and B" is joined (tests/test_99c_ifyoudo_if_you_do_and.py); "or" is not supported
    assert "is not supported" in check_errors('''
act "A"
  you may flip 1 bond
  if you do, or you have 2 or more bonds: draw 1
''')


# ---- "choose N ... for each ..."
def test_choose_one_for_each_card_stacked_under_this_unit():
    probe = make('''
act "I'll take you all on!"
  once per turn
  choose 1 enemy for each card stacked under this unit
  tap them
''')
    game, _, mc1 = duel()
    add_unit(game, 0, probe, probe, probe)          # two cards under the top: choose 2
    a, b = add_unit(game, 1, TOME), add_unit(game, 1, SWORD)
    begin(game)
    pick(game, "use_skill", skill="I'll take you all on!")
    pick(game, "unit", unit=a)
    pick(game, "unit", unit=b)                       # the second is required too
    assert a.tapped and b.tapped and not mc1.tapped
    assert game.decision.kind == "action"
    game2, _, mc1b = duel()
    add_unit(game2, 0, probe)                        # nothing under it: choose none
    add_unit(game2, 1, TOME)
    begin(game2)
    pick(game2, "use_skill", skill="I'll take you all on!")
    assert game2.decision.kind == "action" and not mc1b.tapped
    assert "Choose 1 enemy for each card stacked under this unit" in skill_text(probe)


def test_the_opponent_chooses_one_card_for_each_enemy_destroyed_by_this_skill():
    probe = make('''
act "Sigh"
  once per turn
  destroy all non-main character enemies
  your opponent chooses 1 card from their hand for each enemy destroyed by this skill
  your opponent sends them to their retreat area
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_unit(game, 1, TOME)
    add_unit(game, 1, SWORD)
    h1, h2, h3 = add_cards(game, 1, "hand", FILLER, FILLER, FILLER)
    begin(game)
    pick(game, "use_skill", skill="Sigh")
    assert game.decision.player == 1
    pick(game, "card", card=h1)
    pick(game, "card", card=h3)
    p1 = game.players[1]
    assert h1 in p1.retreat and h3 in p1.retreat and h2 in p1.hand


def test_for_each_after_an_object_is_refused_except_on_choose():
    assert "'destroy' does not take" in check_errors('''
act "A"
  destroy 1 enemy for each card in your hand
''')
    assert "needs a number to multiply" in check_errors('''
act "A"
  choose all enemies for each card in your hand
  tap them
''')


# ---- the new words in any order: only the language's own errors, never a crash
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NEW_WORDS = ["choose", "1", "up to", "ally", "enemy", "card", "cards", "bond", "bonds", "orb", "orbs", "the chosen",
             "that ally", "that enemy", "the revealed card", "it", "them", "that unit", "your opponent's main character",
             "main character", "a main character", "with the same unit name as", "with a different unit name from",
             "levelled-up", "levelled up", "face-up", "face-down", "colorless", "red or blue", '"Kent" or female',
             "with 2 or more cards in its stack", "stacked under this unit", "in this unit's stack", "for each",
             "from your retreat area", "in your hand", ", or", ", and", "if", "is", "has", "you have", ":",
             "draw 1", "tap", "put", "under", "gains +10 attack", "until the end of the turn", "reveal",
             "the top card of your deck", "this unit", "not"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(NEW_WORDS), min_size=1, max_size=14), min_size=1, max_size=5),
       st.sampled_from(["act", "auto", "cont"]))
def test_new_words_in_any_order_raise_only_language_errors(lines, kind):
    trigger = ["when this unit attacks"] if kind == "auto" else []
    body = "\n".join([f'{kind} "Salad"'] + ["  " + x for x in trigger] + ["  " + " ".join(ws) for ws in lines])
    try:
        make(body)
    except LanguageError as e:
        assert e.diagnostics and all(d.message for d in e.diagnostics)


REFS = ["it", "them", "that unit", "that ally", "that enemy", "the chosen ally", "the chosen card", "the chosen enemy",
        "the revealed card", "your opponent's main character", "your main character", "this unit", "this card"]
QUALS = ["", "red", "colorless", "face-up", "face-down", "levelled-up", "main character", "non-levelled-up",
         "red or blue", '"Kent" or female', "white black", "other"]
NOUNS = ["ally", "enemy", "card", "bond", "orb", "unit"]
POSTS = ["", "from your retreat area", "in your hand", "with the same unit name as {r}",
         "with a different unit name from {r}", "with 2 or more cards in its stack", "stacked under {r}",
         "in this unit's stack", "in your opponent's bond area"]
STATES = ["red", "tome or red", '"Kent"', "levelled up", "a main character", "your opponent's main character",
          "tapped", "not colorless"]
LINES = [
    "choose 1 {q} {n} {p}", "choose up to 1 {q} {n} {p} for each {q2} {n2} {p2}", "reveal the top card of your deck",
    "{r} gains +10 attack until the end of the turn", "if {r} is {s}: draw 1", "if {r} is {s}, or {r2} is {s}: draw 1",
    "tap {r}", "put {r} under {r2}", "this unit gains +10 attack for each {q} {n} {p} until the end of the turn",
    "if {r} has the same unit name as {r2}: draw 1", "if {r} has 2 or more cards in its stack: draw 1",
    "if you have 2 or more {q} {n} {p}: draw 1", "add {r} to your hand",
]


@st.composite
def skill_lines(draw):
    out = []
    for _ in range(draw(st.integers(1, 4))):
        t = draw(st.sampled_from(LINES))
        r, r2 = draw(st.sampled_from(REFS)), draw(st.sampled_from(REFS))
        post = draw(st.sampled_from(POSTS)).replace("{r}", draw(st.sampled_from(REFS)))
        post2 = draw(st.sampled_from(POSTS)).replace("{r}", draw(st.sampled_from(REFS)))
        out.append(" ".join(t.format(q=draw(st.sampled_from(QUALS)), n=draw(st.sampled_from(NOUNS)), p=post,
                                     q2=draw(st.sampled_from(QUALS)), n2=draw(st.sampled_from(NOUNS)), p2=post2,
                                     r=r, r2=r2, s=draw(st.sampled_from(STATES))).split()))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(skill_lines(), st.sampled_from(["act", "auto"]))
def test_new_constructs_check_or_compile_and_play(lines, kind):
    """Every combination is refused with positioned errors, or compiles, describes, and
    runs in a game without crashing (answering every decision with its first option)."""
    trigger = ["when this unit attacks"] if kind == "auto" else []
    body = "\n".join([f'{kind} "Mix"'] + ["  " + x for x in trigger] + ["  " + x for x in lines])
    try:
        probe = make(body)
    except LanguageError as e:
        assert e.diagnostics and all(d.message and d.line > 0 for d in e.diagnostics)
        return
    assert skill_text(probe)
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, probe, probe)
    add_unit(game, 0, card("Kent", "Knight"), card("Kent", "Knight"))
    add_unit(game, 1, TOME)
    add_bonds(game, 0, SWORD, WHITE_BLACK)
    add_bonds(game, 0, TOME, face_up=False)
    add_bonds(game, 1, SWORD, face_up=False)
    add_cards(game, 0, "retreat", card("Kent", "Knight"), TOME)
    add_cards(game, 0, "hand", SWORD)
    begin(game)
    if kind == "act":
        if not options(game, "use_skill", skill="Mix"):
            return
        pick(game, "use_skill", skill="Mix", unit=u)
    else:
        pick(game, "attack", unit=u, target=mc1)
    for _ in range(60):
        if game.over or game.decision is None or (game.decision.kind == "action" and game.battle is None):
            break
        game.answer(game.legal_options()[0])


# ---- the new states and counts decide a battle (a game whose decisions are answered)
BATTLE = '''
cont "A"
  if your main character is red or blue
  this unit gains +1 attack
cont "B"
  if the defending unit has a different unit name from your main character
  this unit gains +2 attack
cont "C"
  if this unit has 2 or more cards in its stack
  this unit gains +4 attack
cont "D"
  this unit gains +8 attack for each card in this unit's stack
cont "E"
  this unit gains +32 attack for each card stacked under this unit
cont "F"
  if the defending unit is a main character
  this unit gains +64 attack
cont "G"
  if this unit is not your main character
  this unit gains +128 attack
cont "H"
  this unit gains +256 attack for each levelled-up ally
cont "I"
  this unit gains +512 attack for each non-levelled-up ally
'''


def _attack_power(game, attacker, defender) -> int:
    from fecipher.engine import events as ev
    n = len(game.events)
    pick(game, "attack", unit=attacker, target=defender)
    _finish_battle(game)
    judged = [e for e in game.events[n:] if isinstance(e, ev.BattleJudged)][0]
    return judged.attacker_power - judged.attacker_support


def test_new_states_and_counts_decide_the_attack_in_a_battle():
    probe = make(BATTLE)
    game, _, mc1 = duel()                               # our MC "Lord 0" is red
    u = add_unit(game, 0, probe, probe)                 # levelled up: a stack of 2
    begin(game)
    assert _attack_power(game, u, mc1) == 30 + 1 + 2 + 4 + 16 + 32 + 64 + 128 + 256 + 512
    game2, _, _ = duel(mc0=card("Lord 0", "Green", symbols="green"))
    u2 = add_unit(game2, 0, probe)                      # a stack of 1
    twin = add_unit(game2, 1, card("Lord 0", "Twin"))   # not a main character, our MC's unit name
    begin(game2)
    assert _attack_power(game2, u2, twin) == 30 + 8 + 128 + 512 * 2


def test_for_each_enemy_destroyed_by_this_skill_with_a_quality_counts_only_those():
    """"Draw 1 for each tome enemy destroyed by this skill" (B09-025SR "If the destroyed unit was
    a <Monster>, draw 1 card"): the qualities were ignored, every destroyed enemy counted (a
    silent wrong meaning). They are the unit's as it was destroyed."""
    probe = make('''
act "Purge"
  once per turn
  destroy all non-main character enemies
  draw 1 for each tome enemy destroyed by this skill
''')
    game, _, _ = duel()
    add_unit(game, 0, probe)
    add_unit(game, 1, TOME)
    add_unit(game, 1, SWORD)
    add_unit(game, 1, SWORD)
    begin(game)
    before = len(game.players[0].hand)
    pick(game, "use_skill", skill="Purge")
    assert len(game.players[0].hand) == before + 1


def test_for_each_destroyed_by_this_skill_takes_only_qualities_it_can_remember():
    assert "takes no other filter" in check_errors('''
act "A"
  destroy all non-main character enemies
  draw 1 for each enemy in the front line destroyed by this skill
''')
    assert "not by this quality" in check_errors('''
act "A"
  destroy all non-main character enemies
  draw 1 for each tapped enemy destroyed by this skill
''')


def test_a_card_with_a_named_support_skill():
    """'choose 1 card with an "Attack Emblem" support skill from your retreat area' (B09-061HN):
    only cards whose printed support skill has that name are offered."""
    from fecipher.dsl import render as R
    probe = make('''
act "Recall"
  once per turn
  choose 1 card with an "Attack Emblem" support skill from your retreat area
  add it to your hand
''')
    emblem = compile_text('''
card "Cain, Emblem"
  codes TST-431
  cost 1
  symbol red
  range 1
  attack 40
  support 20
  support "Attack Emblem" attack
    your attacking unit gains +20 attack until the end of the combat
card "Abel, Other Emblem"
  codes TST-432
  cost 1
  symbol red
  range 1
  attack 40
  support 20
  support "Defense Emblem" defence
    your defending unit gains +20 attack until the end of the combat
''', "t.fe0")
    game, _, _ = duel()
    add_unit(game, 0, probe)
    a, d, f = add_cards(game, 0, "retreat", emblem[0], emblem[1], FILLER)
    begin(game)
    pick(game, "use_skill", skill="Recall")
    assert not options(game, "card", card=d) and not options(game, "card", card=f)
    pick(game, "card", card=a)
    assert a in game.players[0].hand and d in game.players[0].retreat and f in game.players[0].retreat
    assert 'with an "Attack Emblem" Support Skill' in skill_text(probe)
