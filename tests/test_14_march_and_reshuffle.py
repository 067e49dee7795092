"""March (rule 2), moves (rule 10) and the empty deck (rule 7)."""
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.modifiers import Modifier
from vanilla import (
    FILLER, action, add_bonds, add_cards, add_unit, answer_until, auto, begin, card, duel, events, pick, relocate,
)

CAIN = card("Cain", attack=30)
ABEL = card("Abel", attack=40)
DRAUG = card("Draug", attack=20)


def _types(evs):
    return [type(e).__name__ for e in evs]


def _enemy_with_back_line(**kw):
    """Player 1: Cain alone in the Front Line; the MC (tapped) and Abel in the Back Line."""
    g, m0, m1 = duel(**kw)
    relocate(g, m1, "back")
    m1.tapped = True
    cain = add_unit(g, 1, CAIN)
    abel = add_unit(g, 1, ABEL, area="back")
    return g, m0, m1, cain, abel


# --------------------------------------------------------------------------- rule 2: march
def test_rule_02_non_turn_player_marches_at_once_when_their_front_line_is_destroyed():
    g, m0, m1, cain, abel = _enemy_with_back_line()
    begin(g)
    mark = len(g.events)
    pick(g, "attack", unit=m0, target=cain)
    kinds = _types(events(g, since=mark))
    i = kinds.index("UnitLeftField")
    assert kinds[i:i + 2] == ["UnitLeftField", "Marched"]
    assert kinds.index("Marched") < kinds.index("BattleEnded")
    assert events(g, ev.Marched) == [ev.Marched(1, (m1.id, abel.id))]
    assert g.players[1].front == [m1, abel] and g.players[1].back == []
    assert m1.area == abel.area == "front"
    # A march does not change tapped state.
    assert m1.tapped and not abel.tapped


def test_rule_02_march_is_not_a_move():
    moved = []
    watcher = card("Abel", skills=[auto("when moved", ev.Moved, lambda c, e: e.unit == c.unit_id,
                                        lambda ctx: iter(moved.append(1) or ()))])
    g, m0, m1 = duel()
    relocate(g, m1, "back")
    cain = add_unit(g, 1, CAIN)
    abel = add_unit(g, 1, watcher, area="back")
    begin(g)
    pick(g, "attack", unit=m0, target=cain)
    assert abel.area == "front" and not events(g, ev.Moved) and moved == []
    assert not events(g, ev.SkillTriggered)


def test_rule_02_non_turn_player_marches_after_a_move_by_a_skill():
    def push(ctx):
        game = ctx.game
        target = game.players[ctx.opponent].front[0]
        game.move_unit(target, by_skill=True)
        return
        yield

    g, m0, m1, cain, abel = _enemy_with_back_line()
    add_unit(g, 0, card("Caeda", skills=[action("push", push)]), area="back")
    relocate(g, cain, "front")
    begin(g)
    mark = len(g.events)
    pick(g, "use_skill", skill="push")
    evs = events(g, since=mark)
    assert _types(evs)[:3] == ["SkillUsed", "Moved", "Marched"]
    assert evs[1] == ev.Moved(1, cain.id, "Cain", "front", "back", True)
    # Every Back Line unit, the one just moved included, is in the Front Line.
    assert evs[2] == ev.Marched(1, (m1.id, abel.id, cain.id))
    assert g.players[1].back == []


def test_rule_02_turn_player_never_marches_on_their_own_turn_but_at_the_start_of_the_opponents():
    g, m0, m1 = duel()
    abel = add_unit(g, 0, ABEL, area="back")
    begin(g, turn=3, player=0, phase="action")
    pick(g, "move", unit=m0)
    assert g.players[0].front == [] and not events(g, ev.Marched)
    answer_until(g, lambda g: g.turn == 4 and g.phase == "bond")
    kinds = _types(events(g))
    i = kinds.index("TurnEnded")
    assert kinds[i:i + 5] == ["TurnEnded", "TurnStarted", "PhaseStarted", "Marched", "Drew"]
    assert events(g, ev.Marched) == [ev.Marched(0, (abel.id, m0.id))]
    # The march keeps the move's tap: it is player 2's turn, nothing untaps player 1's units.
    assert m0.tapped and m0.area == "front" and not abel.tapped


def test_rule_02_turn_players_units_destroyed_on_their_own_turn_do_not_march_until_the_next_turn():
    def sacrifice(ctx):
        game = ctx.game
        yield from game.destroy(ctx.unit, by_player=ctx.controller, in_battle=False)

    g, m0, m1 = duel()
    relocate(g, m0, "back")
    martyr = add_unit(g, 0, card("Martyr", skills=[action("sacrifice", sacrifice)]))
    begin(g, turn=3, player=0)
    pick(g, "use_skill", skill="sacrifice")
    assert g.players[0].front == [] and g.players[0].back == [m0] and not events(g, ev.Marched)
    answer_until(g, lambda g: g.turn == 4 and g.phase == "bond")
    assert events(g, ev.Marched) == [ev.Marched(0, (m0.id,))]


def test_rule_02_an_empty_front_line_at_the_start_of_a_turn_marches_the_non_turn_player():
    g, m0, m1 = duel()
    relocate(g, m1, "back")
    begin(g, turn=3, player=0, phase="beginning")
    assert _types(events(g))[:3] == ["TurnStarted", "PhaseStarted", "Marched"]
    assert m1.area == "front"


def test_rule_02_no_march_without_a_back_line():
    g, m0, m1 = duel()
    relocate(g, m1, "back")
    g.players[1].back.remove(m1)  # player 2 keeps only Cain, in the Front Line
    cain = add_unit(g, 1, CAIN)
    begin(g)
    pick(g, "attack", unit=m0, target=cain)
    assert not events(g, ev.Marched) and g.players[1].units == []


# --------------------------------------------------------------------------- rule 10: moves
def test_rule_10_a_move_by_a_skill_does_not_tap_and_may_move_a_tapped_unit():
    def shift(ctx):
        game = ctx.game
        for u in list(game.players[ctx.controller].units):
            if u.card is ABEL:
                game.move_unit(u, by_skill=True)
        return
        yield

    g, m0, m1 = duel()
    abel = add_unit(g, 0, ABEL, area="back", tapped=True)
    fresh = add_unit(g, 0, card("Abel2"), area="back")
    add_unit(g, 0, card("Shifter", skills=[action("shift", shift)]))
    begin(g)
    pick(g, "use_skill", skill="shift")
    assert abel.area == "front" and abel.tapped
    assert events(g, ev.Moved) == [ev.Moved(0, abel.id, "Abel", "back", "front", True)]
    assert not any(e.unit == abel.id for e in events(g, ev.Tapped))
    assert not fresh.tapped


def test_rule_10_a_unit_that_cannot_move_is_not_offered_a_move():
    g, m0, m1 = duel()
    g.add_modifier(Modifier(M.CANNOT_MOVE, "flag", True, M.END_OF_TURN, 0, unit=m0.id))
    begin(g)
    assert not [o for o in g.legal_options() if o.kind == "move"]
    from fecipher.engine.decisions import Option
    from vanilla import refusal
    assert refusal(g, Option("move", unit=m0.id)) == "Lord 0, main character cannot move"


# --------------------------------------------------------------------------- rule 7: empty deck
def test_rule_07_draw_from_an_empty_deck_reshuffles_the_retreat_first():
    g, m0, m1 = duel(deck=0)
    r = add_cards(g, 0, "retreat", CAIN, ABEL)
    add_cards(g, 0, "boundless", DRAUG)
    begin(g, turn=3, player=0, phase="beginning")
    evs = events(g, ev.Reshuffled, ev.Drew)
    assert evs[0] == ev.Reshuffled(0, 2)
    assert type(evs[1]) is ev.Drew
    assert len(g.players[0].deck) == 1 and g.players[0].retreat == []
    assert [c.card for c in g.players[0].boundless] == [DRAUG]  # the Boundless Area is not shuffled in


def test_rule_07_the_deck_is_refilled_the_moment_it_empties_in_the_middle_of_an_effect():
    def draw_three(ctx):
        ctx.game.draw(ctx.controller, 3)
        return
        yield

    g, m0, m1 = duel(deck=0)
    [top] = add_cards(g, 0, "deck", CAIN)
    add_cards(g, 0, "retreat", ABEL, DRAUG)
    add_unit(g, 0, card("Scholar", skills=[action("study", draw_three)]))
    begin(g)
    mark = len(g.events)
    pick(g, "use_skill", skill="study")
    assert _types(events(g, since=mark)) == [
        "SkillUsed", "Drew", "Reshuffled", "Drew", "Drew", "SkillResolved"]
    assert events(g, ev.Drew, since=mark)[0].card == top.id
    assert {c.card for c in g.players[0].hand} == {CAIN, ABEL, DRAUG}
    assert g.players[0].deck == [] and g.players[0].retreat == []


def test_rule_07_the_last_deck_card_taken_as_support_refills_the_deck_at_once():
    g, m0, m1 = duel(deck=0)
    [last] = add_cards(g, 0, "deck", card("Support", support=20))
    add_cards(g, 0, "retreat", ABEL, DRAUG)
    begin(g)
    mark = len(g.events)
    pick(g, "attack", unit=m0, target=m1)
    evs = events(g, since=mark)
    assert evs[2:4] == [ev.Reshuffled(0, 2), ev.SupportPlaced(0, last.id, "Support, cost 1", True)]
    pick(g, "card", card=g.players[1].orbs[0].copy)  # the MC was destroyed: player 2 breaks an orb
    # At the battle end the support card goes to the (new, empty) Retreat Area.
    assert g.players[0].retreat == [last] and len(g.players[0].deck) == 2


def test_rule_07_with_deck_and_retreat_empty_a_draw_draws_nothing_and_there_is_no_deck_out():
    g, m0, m1 = duel(deck=0)
    begin(g, turn=3, player=0, phase="beginning")
    assert not events(g, ev.Drew) and not g.over
    assert (g.decision.player, g.decision.kind) == (0, "bond")
    assert g.draw(0, 2) == []


def test_rule_07_class_change_bonus_with_an_empty_deck_reshuffles_then_draws():
    lo, hi = card("Marth", cost=1), card("Marth", cost=3, cc=2)
    g, m0, m1 = duel(deck=0)
    marth = add_unit(g, 0, lo, area="back")
    add_bonds(g, 0, FILLER, card("Bond", symbols="red"))
    [h] = add_cards(g, 0, "hand", hi)
    add_cards(g, 0, "retreat", CAIN)
    begin(g, phase="deployment")
    mark = len(g.events)
    pick(g, "class_change", card=h, unit=marth)
    assert _types(events(g, since=mark)) == ["Reshuffled", "Drew", "ClassChanged"]


def test_rule_02_a_unit_whose_last_card_is_moved_away_leaves_the_field_and_the_opponent_marches():
    def bounce(ctx):
        game = ctx.game
        target = game.players[ctx.opponent].front[0]
        game.move_card(target.top, "hand", by_skill=True)  # its only card: the unit is gone
        return
        yield

    g, m0, m1, cain, abel = _enemy_with_back_line()
    add_unit(g, 0, card("Bouncer", skills=[action("bounce", bounce)]), area="back")
    begin(g)
    only = cain.top
    mark = len(g.events)
    pick(g, "use_skill", skill="bounce")
    evs = events(g, since=mark)
    assert _types(evs)[:4] == ["SkillUsed", "CardMoved", "UnitLeftField", "Marched"]
    assert evs[2] == ev.UnitLeftField(1, cain.id, CAIN.name, "hand", (only.id,))
    assert g.players[1].hand == [only]
    assert g.unit(cain.id) is None and [u.id for u in g.players[1].front] == [m1.id, abel.id]


def test_rule_07_a_card_reaching_the_retreat_while_the_deck_is_empty_becomes_the_deck():
    """Engine decision (docs/rules.md, rule 7): an empty deck is a state; the first card
    to reach the Retreat Area while the deck is empty is shuffled into a new deck."""
    from fecipher.engine import events as ev
    from vanilla import add_cards, begin, duel
    game, mc0, mc1 = duel(deck=0)
    discard = add_cards(game, 0, "hand", card("Spare", "Card"))[0]
    begin(game)
    assert game.players[0].deck == [] and game.players[0].retreat == []
    game.move_card(discard, "retreat")
    assert game.players[0].deck == [discard] and game.players[0].retreat == []
    assert isinstance(game.events[-1], ev.Reshuffled)
