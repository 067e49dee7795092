"""Effects about the game and about choices between effects (dsl/effects_control.py):
"you win the game" / "you lose the game", "your opponent may ..." with "if they do not",
"either: ..." / "or: ..." (a choice of effects)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_orbs, add_unit, begin, card, duel, events, options, pick

PACK = '''
card "Tester, Seizer"
  codes TST-401
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Seize the Throne"
    cost tap this unit
    if your opponent has no orbs
    you win the game

card "Tester, Gambler"
  codes TST-402
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Last Gamble"
    draw 1
    if you have no cards in your hand: you lose the game
    draw 1

card "Tester, Holy King"
  codes TST-403
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  auto "History Dawns Anew"
    at the end of your opponent's turn
    if your opponent has no orbs
    you may
    cost tap this unit, flip 5 bonds
    you win the game

card "Tester, Ransomer"
  codes TST-404
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Ransom"
    once per turn
    your opponent may send 2 cards from their hand to their retreat area
    if they do not: draw 1
  act "Coward's Bargain"
    once per turn
    your opponent may flip 1 bond
    if they do: draw 2
    if they do not: this unit gains +20 attack and acquires tome until the end of the turn

card "Tester, Oasis Keeper"
  codes TST-405
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Portal"
    cost tap this unit
    choose 1 card with cost 3 or more from your retreat area
    either: add it to your hand
    or: put it on top of your deck
    draw 1
  act "Either Way"
    either: destroy 1 non-main character enemy
    or: draw 1
'''
CARDS = {c.unit_name + ", " + c.title: c for c in compile_text(PACK, "control.fe0")}


def c(title: str):
    return CARDS[f"Tester, {title}"]


def check_errors(text: str) -> str:
    with pytest.raises(LanguageError) as e:
        compile_text(text, "bad.fe0")
    return str(e.value)


def one_skill(kind: str, lines: str) -> str:
    body = "\n".join("    " + x for x in lines.strip().splitlines())
    return f'card "Bad, Card"\n  codes BAD-001\n  cost 1\n  symbol red\n  attack 30\n  support 10\n' \
           f'  {kind} "Bad Skill"\n{body}\n'


# ------------------------------------------------------------------ winning and losing
def test_win_the_game_ends_it_with_the_controller_the_winner_and_the_skill_named():
    game, mc0, mc1 = duel(orbs=0)
    add_orbs(game, 0, 3)
    seizer = add_unit(game, 0, c("Seizer"))
    begin(game)
    pick(game, "use_skill", skill="Seize the Throne")
    assert game.over and game.winner == 0
    assert "Seize the Throne" in game.reason and "Tester, Seizer" in game.reason
    over = events(game, ev.GameOver)
    assert len(over) == 1 and over[0].winner == 0 and over[0].reason == game.reason
    assert game.decision is None or not options(game)


def test_win_the_game_is_not_offered_while_its_condition_fails():
    game, mc0, mc1 = duel(orbs=1)
    add_unit(game, 0, c("Seizer"))
    begin(game)
    assert not options(game, "use_skill", skill="Seize the Throne")
    assert not game.over


def test_lose_the_game_makes_the_controller_lose_and_stops_the_skill():
    game, mc0, mc1 = duel(deck=0)
    add_unit(game, 0, c("Gambler"))
    begin(game)
    # An empty deck and an empty retreat area: "draw 1" draws nothing, the hand stays empty.
    pick(game, "use_skill", skill="Last Gamble")
    assert game.over and game.winner == 1 and "Last Gamble" in game.reason
    assert "player 1 loses" in game.reason


def test_lose_the_game_line_does_nothing_while_its_guard_fails():
    game, mc0, mc1 = duel(deck=5)
    add_unit(game, 0, c("Gambler"))
    begin(game)
    before = len(game.players[0].hand)
    pick(game, "use_skill", skill="Last Gamble")
    assert not game.over and len(game.players[0].hand) == before + 2


def test_automatic_win_is_offered_when_its_cost_can_be_paid_and_ends_the_game_when_paid():
    game, mc0, mc1 = duel(orbs=0)
    add_orbs(game, 0, 2)
    add_bonds(game, 0, *[card("Bondling")] * 5)
    add_unit(game, 0, c("Holy King"))
    begin(game, turn=3, player=1)
    for _ in range(50):               # player 1 passes until player 0 is asked "you may"
        d = game.decision
        if d.kind == "may":
            break
        game.answer(next(o for o in d.options if o.kind in ("pass", "no")))
    assert game.decision.player == 0 and "History Dawns Anew" in game.decision.prompt
    pick(game, "yes")
    assert game.over and game.winner == 0 and "History Dawns Anew" in game.reason
    assert sum(b.face_up for b in game.players[0].bonds) == 0


def test_game_end_is_rendered_as_the_card_says():
    assert c("Seizer").skills[0].text.endswith("If your opponent has no orbs: You win the game.")
    assert "If you have no cards in your hand, you lose the game." in c("Gambler").skills[0].text


def test_game_end_in_a_continuous_skill_is_refused():
    msg = check_errors(one_skill("cont", "you win the game"))
    assert "CONT skill" in msg and "cannot end the game" in msg


# ------------------------------------------------------------------ "your opponent may ..."
def test_opponent_who_accepts_pays_with_their_own_cards_and_the_else_line_does_not_run():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Ransomer"))
    theirs = add_cards(game, 1, "hand", *[card("Coin")] * 3)
    begin(game)
    mine = len(game.players[0].hand)
    pick(game, "use_skill", skill="Ransom")
    assert game.decision.player == 1 and "send 2 cards from their hand" in game.decision.prompt
    pick(game, "yes", player=1)
    for _ in range(2):                                      # they choose which two, one at a time
        assert game.decision.player == 1 and game.decision.kind == "choose"
        game.answer(0)
    assert len(game.players[1].hand) == 1 and len(game.players[1].retreat) == 2
    assert set(c.id for c in game.players[1].retreat) <= set(x.id for x in theirs)
    assert len(game.players[0].hand) == mine               # "if they do not" did not run


def test_opponent_who_declines_lets_the_else_line_run():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Ransomer"))
    add_cards(game, 1, "hand", *[card("Coin")] * 3)
    begin(game)
    mine = len(game.players[0].hand)
    pick(game, "use_skill", skill="Ransom")
    pick(game, "no", player=1)
    assert len(game.players[1].hand) == 3 and len(game.players[0].hand) == mine + 1


def test_opponent_who_cannot_do_all_of_it_is_not_asked_and_the_else_line_runs():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Ransomer"))
    add_cards(game, 1, "hand", card("Coin"))              # one card: "send 2" cannot be done
    begin(game)
    mine = len(game.players[0].hand)
    pick(game, "use_skill", skill="Ransom")
    assert game.decision.player == 0 and game.decision.kind == "action"
    assert len(game.players[1].hand) == 1 and len(game.players[0].hand) == mine + 1


def test_opponent_may_flip_their_bond_if_they_do_and_if_they_do_not():
    game, mc0, mc1 = duel()
    me = add_unit(game, 0, c("Ransomer"))
    bonds = add_bonds(game, 1, card("Bondling"))
    begin(game)
    mine = len(game.players[0].hand)
    pick(game, "use_skill", skill="Coward's Bargain")
    pick(game, "yes", player=1)
    assert not bonds[0].face_up and len(game.players[0].hand) == mine + 2
    assert game.attack(me) == 30 and "tome" not in game.types(me)

    game, mc0, mc1 = duel()
    me = add_unit(game, 0, c("Ransomer"))
    bonds = add_bonds(game, 1, card("Bondling"))
    begin(game)
    mine = len(game.players[0].hand)
    pick(game, "use_skill", skill="Coward's Bargain")
    pick(game, "no", player=1)
    assert bonds[0].face_up and len(game.players[0].hand) == mine
    assert game.attack(me) == 50 and "tome" in game.types(me)


def test_opponent_may_is_rendered_as_the_card_says():
    text = [s.text for s in c("Ransomer").skills]
    assert text[0].endswith("Your opponent may send 2 cards from their hand to their Retreat Area. "
                            "If they do not, draw 1 card.")
    assert "Your opponent may flip 1 Bond face-down. If they do, draw 2 cards. If they do not, " in text[1]


@pytest.mark.parametrize("lines,expected", [
    ("your opponent may draw 1", "'your opponent may draw ...' is not supported"),
    ("draw 1\nif they do not: draw 1", "follows a 'your opponent may ...' line"),
    ("your opponent may flip 1 bond\nif you do not: draw 1", "write 'if they do' / 'if they do not'"),
])
def test_opponent_may_checker_refusals(lines, expected):
    assert expected in check_errors(one_skill("act", lines))


# ------------------------------------------------------------------ "either: ..." / "or: ..."
def test_the_controller_picks_one_effect_and_only_that_one_resolves():
    for which, where in ((0, "hand"), (1, "deck")):
        game, mc0, mc1 = duel()
        add_unit(game, 0, c("Oasis Keeper"))
        big = add_cards(game, 0, "retreat", card("Big", cost=3))[0]
        begin(game)
        hand = len(game.players[0].hand)
        pick(game, "use_skill", skill="Portal")
        pick(game, "card", card=big)
        d = game.decision
        assert d.player == 0 and [o.kind for o in d.options] == ["effect", "effect"]
        assert [o.label for o in d.options] == ["Add it to your hand.", "Put it on top of your Deck."]
        game.answer(which)
        p = game.players[0]
        if where == "hand":   # added, then "draw 1" (the line after the choice) draws another card
            assert big in p.hand and len(p.hand) == hand + 2 and big not in p.retreat
        else:                 # put on top of the deck, then drawn by "draw 1"
            assert big in p.hand and len(p.hand) == hand + 1


def test_an_option_with_nothing_to_act_on_is_not_offered():
    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oasis Keeper"))
    begin(game)
    hand = len(game.players[0].hand)
    pick(game, "use_skill", skill="Either Way")        # no non-MC enemy: "draw 1" without asking
    assert game.decision.kind == "action" and len(game.players[0].hand) == hand + 1

    game, mc0, mc1 = duel()
    add_unit(game, 0, c("Oasis Keeper"))
    foe = add_unit(game, 1, card("Foe"))
    begin(game)
    pick(game, "use_skill", skill="Either Way")
    assert [o.kind for o in game.decision.options] == ["effect", "effect"]
    pick(game, "effect", target=0)
    pick(game, "unit", unit=foe)
    assert game.unit(foe.id) is None


def test_choice_is_rendered_as_the_card_says():
    assert "Either add it to your hand, or put it on top of your Deck. Draw 1 card." in c("Oasis Keeper").skills[0].text


@pytest.mark.parametrize("lines,expected", [
    ("draw 1\nor: draw 2", "an 'or: ...' line follows an 'either: ...' line"),
    ("either: draw 1\ndraw 2", "needs at least one 'or: ...' line"),
    ("either: choose 1 enemy\nor: draw 1", "'choose' inside 'either:' / 'or:' is not supported"),
    ("either: draw 1\nor: frobnicate 1", "frobnicate"),
])
def test_choice_checker_refusals(lines, expected):
    assert expected in check_errors(one_skill("act", lines))


def test_choice_in_a_continuous_skill_is_refused():
    assert "a CONT skill states what holds" in check_errors(one_skill("cont", "either: draw 1\nor: draw 2"))


# ------------------------------------------------------------------ "loses all skills"
SILENCE = '''
card "Tester, Silencer"
  codes TST-406
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Hush"
    choose 1 non-main character enemy
    it loses all skills until the end of the turn

card "Tester, Braggart"
  codes TST-407
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Bravado"
    this unit gains +20 attack
  auto "Sore Loser"
    when this unit is destroyed
    draw 1

card "Tester, Drug Lord"
  codes TST-408
  cost 2
  symbol blue
  range 1
  attack 30
  support 10
  cont "Feral Drug"
    all allies with cost 1 gain +20 attack
    all allies with cost 1 lose all of their skills
'''
SILENCE_CARDS = {x.unit_name + ", " + x.title: x for x in compile_text(SILENCE, "silence.fe0")}


def test_a_unit_that_loses_all_skills_loses_its_continuous_and_automatic_skills_until_the_end_of_the_turn():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SILENCE_CARDS["Tester, Silencer"])
    brag = add_unit(game, 1, SILENCE_CARDS["Tester, Braggart"])
    begin(game)
    assert game.attack(brag) == 50
    pick(game, "use_skill", skill="Hush")
    pick(game, "unit", unit=brag)
    assert game.attack(brag) == 30 and game.skills_of(brag) == ()
    hand1 = len(game.players[1].hand)
    pick(game, "attack", unit=mc0, target=brag)
    while game.decision.kind != "action":
        game.answer(next(o for o in game.decision.options if o.kind in ("pass", "no")))
    assert game.unit(brag.id) is None and len(game.players[1].hand) == hand1   # "Sore Loser" did not trigger


def test_lost_skills_come_back_at_the_end_of_the_turn():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SILENCE_CARDS["Tester, Silencer"])
    brag = add_unit(game, 1, SILENCE_CARDS["Tester, Braggart"])
    begin(game)
    pick(game, "use_skill", skill="Hush")
    pick(game, "unit", unit=brag)
    for _ in range(60):
        if game.turn == 3:
            break
        d = game.decision
        game.answer(next(o for o in d.options if o.kind in ("pass", "no")) if d.kind != "break_orb" else 0)
    assert game.turn == 3 and game.attack(brag) == 50
    assert [s.name for s in game.skills_of(brag)] == ["Bravado", "Sore Loser"]


def test_a_continuous_skill_takes_all_skills_from_the_units_it_names_only():
    game, mc0, mc1 = duel()
    add_unit(game, 0, SILENCE_CARDS["Tester, Drug Lord"])
    brag = add_unit(game, 0, SILENCE_CARDS["Tester, Braggart"])
    other = add_unit(game, 0, SILENCE_CARDS["Tester, Silencer"], area="back")
    begin(game)
    assert game.attack(brag) == 50           # +20 from the drug, its own +20 lost
    assert game.skills_of(brag) == () and game.skills_of(other) == ()
    assert not options(game, "use_skill", skill="Hush")
    assert [s.name for s in game.skills_of(mc0)] == []   # the MC (cost 1 vanilla) has none anyway


def test_an_automatic_skill_taken_by_a_continuous_skill_does_not_trigger():
    """"Sore Loser" is printed on the Braggart's card but the Drug Lord's CONT skill
    takes it away: destroyed, the Braggart draws nothing (the listening skills are
    asked of the unit, not read from its card, when skills can be taken away)."""
    game, mc0, mc1 = duel()
    add_unit(game, 1, SILENCE_CARDS["Tester, Drug Lord"], area="back")
    brag = add_unit(game, 1, SILENCE_CARDS["Tester, Braggart"])
    begin(game)
    assert game.skills_of(brag) == () and not game._printed_field()
    hand1 = len(game.players[1].hand)
    pick(game, "attack", unit=mc0, target=brag)
    while game.decision.kind != "action":
        game.answer(next(o for o in game.decision.options if o.kind in ("pass", "no")))
    assert game.unit(brag.id) is None and len(game.players[1].hand) == hand1
    assert not any(isinstance(e, ev.SkillTriggered) for e in game.events)


def test_loses_all_skills_is_rendered_as_the_card_says():
    assert "it loses all of its skills" in SILENCE_CARDS["Tester, Silencer"].skills[0].text
    assert "All allies with a Deployment Cost of 1 lose all of their skills" in \
        SILENCE_CARDS["Tester, Drug Lord"].skills[0].text
