"""Steps resolved in order until one fails: `until one fails, step N:` and the effect lines after
it, up to the next step ("Resolve the following effects in descending order, until one of the
effects fails: 1) Reveal the top card of your opponent's Deck. If that card has a Deployment
Cost of 3 or higher, draw 1 card. 2) ...", B08-079SR). A step fails when its last line does
nothing; the steps after it are not resolved."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_orbs, add_unit, begin, card, duel, events, options, pick

HEAD = '''
card "Pat, Probe"
  codes TST-261
  cost 1
  symbol black
  range 1
  attack 30
  support 10

'''
WORK = '''  act "Work"
    until one fails, step 1:
    reveal the top card of your opponent's deck
    if it has cost 3 or more: draw 1
    until one fails, step 2:
    choose 1 of your opponent's face-down orbs
    reveal it
    if it has cost 3 or more: destroy it
    until one fails, step 3:
    choose 1 card from your opponent's hand without looking
    send it to your opponent's retreat area
    if it has the same unit name as your opponent's main character: destroy your opponent's main character
'''
CARDS = {c.unit_name: c for c in compile_text(HEAD + WORK, "game.fe0")}


def test_reads():
    text = CARDS["Pat"].skills[0].text
    assert text.startswith("Work |ACT| Resolve the following effects in order, until one of them fails: 1) Reveal")
    assert " 2) Choose 1 of your opponent's face-down Orbs." in text and " 3) Choose 1 card" in text


@pytest.mark.parametrize("bad, says", [
    (WORK.replace("step 2:", "step 4:"), "numbered 1, 2, 3"),
    (WORK.split("    until one fails, step 2:")[0], "two or more steps"),
    (WORK.replace("until one fails, step 3", "until two fails, step 3"), "say 'until one fails, step 1:'"),
    (WORK.replace("    if it has cost 3 or more: draw 1\n", "    if you do: draw 1\n"), "an 'if you do' line"),
    (WORK + "    at the end of this turn:\n    draw 1\n", "the steps are the skill's last lines"),
    ('''  cont "Work"
    until one fails, step 1:
    this unit gains +10 attack
    until one fails, step 2:
    this unit gains +10 attack
''', "resolves no steps"),
])
def test_refused_near_misses(bad, says):
    with pytest.raises(LanguageError) as e:
        compile_text(HEAD + bad, "bad.fe0")
    assert says in str(e.value)


def _board(top_cost, orb_cost, hand_name):
    game, mc0, mc1 = duel(card("Lord 0", "main character", attack=50, symbols="black"),
                          card("Nola", "main character", attack=50), orbs=0)
    add_unit(game, 0, CARDS["Pat"])
    add_cards(game, 1, "deck", card("Top", cost=top_cost), top=True)
    # (the destroyed orb goes to the hand, where step 3 picks 1 card at random: it bears the same name)
    add_orbs(game, 1, [card(hand_name, "orb", cost=orb_cost)])
    add_orbs(game, 1, 1)
    (h,) = add_cards(game, 1, "hand", card(hand_name, "in hand"))
    begin(game)
    return game, mc1, h


def _orb(game):
    """The id of the opponent's orb made for the test (face-down: the labels do not tell it)."""
    return next(o.copy.id for o in game.players[1].orbs if o.copy.card.title == "orb")


def _use(game):
    pick(game, "use_skill", skill="Work")


def test_all_three_steps_resolve_when_none_fails():
    game, mc1, h = _board(3, 3, "Nola")
    hand0 = len(game.players[0].hand)
    _use(game)
    assert len(game.players[0].hand) == hand0 + 1               # 1) a cost-3 card revealed: draw
    orb = _orb(game)
    pick(game, "card", card=orb)
    # 2) the cost-3 orb destroyed; 3) the MC destroyed takes the other (rule 4)
    assert len(game.players[1].orbs) == 0
    assert [e.card for e in game.events if isinstance(e, ev.OrbBroken)][0] == orb
    assert len(game.players[1].retreat) == 1                    # 3) 1 card of the hand sent,
    assert game.players[1].retreat[0].card.unit_name == "Nola"  # named as the MC:
    assert any(isinstance(e, ev.UnitDestroyed) and e.unit == mc1.id for e in game.events)


def test_a_failed_step_stops_the_rest():
    game, mc1, h = _board(2, 3, "Nola")
    hand0 = len(game.players[0].hand)
    _use(game)
    assert len(game.players[0].hand) == hand0                   # 1) fails: no draw
    assert game.decision.kind == "action"                       # and no orb is chosen
    assert len(game.players[1].orbs) == 2 and h in game.players[1].hand


def test_the_second_step_failing_stops_the_third():
    game, mc1, h = _board(3, 2, "Nola")
    _use(game)
    pick(game, "card", card=_orb(game))
    assert len(game.players[1].orbs) == 2                       # 2) cost 2: not destroyed, fails
    assert h in game.players[1].hand                            # 3) not resolved


def test_the_last_step_resolves_and_fails_on_its_own():
    game, mc1, h = _board(3, 3, "Other")
    _use(game)
    pick(game, "card", card=_orb(game))
    assert len(game.players[1].retreat) == 1                    # 3) 1 card sent, another name:
    assert not any(isinstance(e, ev.UnitDestroyed) and e.unit == mc1.id for e in game.events)
