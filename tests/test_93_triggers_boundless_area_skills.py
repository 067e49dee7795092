"""Skills of the Boundless Area: 'boundless "Name"' (SkillKind.BOUNDLESS) triggers or is used
while its card is in its owner's Boundless Area, as a 'retreat' skill does from the Retreat Area
(B20-040HN "Memory of a Flower", B20-044HN "Mad Fate", B20-048HN "Entrusted Fate", B22-100R
"I'll take down every last one of you!", all printed |SPEC|). Its trigger on its own card's
arrival: 'when this card is sent to your boundless area' (from anywhere), 'when this unit is sent
to your boundless area' (the card was the top card of a unit whose stack left the field for it).
A triggered one resolves only if its card is still there."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, duel, options, pick

PACK = '''
card "Vela, Probe Wyvern"
  codes TST-961
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  cont "Canyon"
    put this unit into your boundless area instead of your retreat area when it is destroyed
  boundless "Memory"
    cost flip 1 bond
    when this unit is sent to your boundless area
    you may
    draw 1

card "Wena, Probe Fate"
  codes TST-962
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  boundless "Entrusted"
    when this card is sent to your boundless area
    draw 1

card "Xan, Probe Agent"
  codes TST-963
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  boundless "Return"
    at the start of your action phase
    if you have 1 or fewer cards in your hand
    you may
    deploy this card

card "Yor, Probe Hunter"
  codes TST-964
  cost 1
  symbol black
  range 1
  attack 30
  support 10
  act "Smite"
    choose 1 non-main character enemy
    destroy it
  act "Exile"
    send the top card of your deck to your boundless area
  act "Banish"
    choose 1 non-main character ally
    send it to your boundless area

card "Ulla, Probe Oracle"
  codes TST-967
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  boundless "Whisper"
    once per turn
    cost flip 1 bond
    draw 1

card "Vela, Probe Rider"
  codes TST-966
  cost 1
  symbol white
  range 1
  attack 40
  support 10
'''
CARDS = {c.name: c for c in compile_text(PACK, "boundless.fe0")}
CARDS.update({c.unit_name: c for c in CARDS.values() if c.name != "Vela, Probe Rider"})


def test_this_unit_sent_to_the_boundless_area_triggers_from_there():
    game, _, _ = duel()
    vela = add_unit(game, 0, CARDS["Vela"], area="back")
    add_bonds(game, 0, CARDS["Yor"])
    add_unit(game, 1, CARDS["Yor"], area="back")
    begin(game, player=1, turn=3)
    p = game.players[0]
    hand = len(p.hand)
    pick(game, "use_skill", skill="Smite")
    pick(game, "unit", unit=vela)
    assert [c.id for c in p.boundless] == [vela.cards[0].id]
    # Vela's owner is asked whether to pay the cost of its skill of the Boundless Area.
    assert game.decision.player == 0
    pick(game, "yes")
    assert len(p.hand) == hand + 1
    assert not p.bonds[0].face_up


def test_this_unit_is_the_units_card_not_a_card_sent_from_the_deck():
    game, _, _ = duel()
    add_bonds(game, 0, CARDS["Yor"])
    add_unit(game, 0, CARDS["Yor"], area="back")
    p = game.players[0]
    add_cards(game, 0, "deck", CARDS["Vela"], top=True)
    begin(game, player=0)
    hand = len(p.hand)
    pick(game, "use_skill", skill="Exile")
    assert p.boundless[0].card is CARDS["Vela"]
    assert game.decision.kind == "action" and len(p.hand) == hand


def test_a_card_lower_in_the_stack_was_not_the_unit():
    game, _, _ = duel()
    add_bonds(game, 0, CARDS["Yor"])
    add_unit(game, 0, CARDS["Yor"], area="back")
    stack = add_unit(game, 0, CARDS["Vela, Probe Rider"], CARDS["Vela"], area="back")
    p = game.players[0]
    begin(game, player=0)
    hand = len(p.hand)
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=stack)
    assert {c.card for c in p.boundless} == {CARDS["Vela"], CARDS["Vela, Probe Rider"]}
    assert game.decision.kind == "action" and len(p.hand) == hand
    # On top, it triggers.
    top = add_unit(game, 0, CARDS["Vela"], CARDS["Vela, Probe Rider"], area="back")
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=top)
    pick(game, "yes")
    assert len(p.hand) == hand + 1


def test_this_card_sent_from_the_deck_triggers():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Yor"], area="back")
    p = game.players[0]
    add_cards(game, 0, "deck", CARDS["Wena"], top=True)
    begin(game, player=0)
    hand = len(p.hand)
    pick(game, "use_skill", skill="Exile")
    assert p.boundless[0].card is CARDS["Wena"]
    assert len(p.hand) == hand + 1
    # Already there, it does not trigger on another card's arrival.
    add_cards(game, 0, "deck", CARDS["Yor"], top=True)
    pick(game, "use_skill", skill="Exile")
    assert len(p.hand) == hand + 1


def test_this_card_sent_from_the_field_triggers_too():
    game, _, _ = duel()
    add_unit(game, 0, CARDS["Yor"], area="back")
    wena = add_unit(game, 0, CARDS["Wena"], area="back")
    p = game.players[0]
    begin(game, player=0)
    hand = len(p.hand)
    pick(game, "use_skill", skill="Banish")
    pick(game, "unit", unit=wena)
    assert len(p.hand) == hand + 1


def _start(hand_size):
    game, _, _ = duel()
    p = game.players[0]
    xan = add_cards(game, 0, "boundless", CARDS["Xan"])[0]
    begin(game, player=0, phase="beginning")   # (its draw: 1 card more)
    add_cards(game, 0, "hand", *[CARDS["Yor"]] * (hand_size - 1))
    # (no bond placed, nothing deployed: the hand keeps its size until the Action Phase)
    while game.phase != "action":
        pick(game, "pass")
    assert len(p.hand) == hand_size
    return game, p, xan


def test_a_skill_of_the_boundless_area_deploys_its_card_from_there():
    game, p, xan = _start(1)
    assert game.decision.kind == "may" and "Return" in game.decision.prompt
    pick(game, "yes")
    if game.decision.kind == "area":
        pick(game, "area", area="front")
    assert xan not in p.boundless
    assert any(u.cards[0].id == xan.id for u in p.units)


def test_its_condition_is_asked_at_the_start_of_the_action_phase():
    game, p, xan = _start(2)
    assert game.decision.kind == "action"
    assert xan in p.boundless


def _ulla(area):
    game, _, _ = duel()
    add_bonds(game, 0, CARDS["Yor"])
    add_cards(game, 0, area, CARDS["Ulla"])
    begin(game, player=0)
    return game, game.players[0]


def test_a_skill_of_the_boundless_area_is_used_from_there_only():
    game, p = _ulla("hand")
    assert not [o for o in options(game, "use_skill") if o.skill == "Whisper"]
    game, p = _ulla("boundless")
    hand = len(p.hand)
    pick(game, "use_skill", skill="Whisper")
    assert len(p.hand) == hand + 1 and not p.bonds[0].face_up
    assert not [o for o in options(game, "use_skill") if o.skill == "Whisper"]   # (no face-up bond left)


LINE = '''
card "Zed, Probe"
  codes TST-965
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  {kind} "Try"
    {trigger}
    draw 1
'''


@pytest.mark.parametrize("kind, trigger, message", [
    ("boundless", "when this card is sent to your retreat area", "Boundless Area skill"),
    ("boundless", "when this card is sent from your hand to your boundless area", "no 'from ...'"),
    ("boundless", "when this unit is sent to your opponent's boundless area", "Boundless Area skill"),
    ("auto", "when this unit is sent to your boundless area", "about a card"),
    ("auto", "when this card is sent to your boundless area", "'when this card is ...' is supported"),
    ("retreat", "when this card is sent to your boundless area", "Retreat Area skill"),
])
def test_refused(kind, trigger, message):
    with pytest.raises(LanguageError) as e:
        compile_text(LINE.format(kind=kind, trigger=trigger), "x.fe0")
    assert message in str(e.value)


def test_by_your_opponents_skill_narrows_this_unit_sent():
    src = PACK.replace("when this unit is sent to your boundless area",
                       "when this unit is sent to your boundless area by your opponent's skill")
    cards = {c.name: c for c in compile_text(src, "by.fe0")}
    vela, yor = cards["Vela, Probe Wyvern"], cards["Yor, Probe Hunter"]
    for player, hand_after in ((1, 1), (0, 0)):
        game, _, _ = duel()
        add_bonds(game, 0, yor)
        unit = add_unit(game, 0, vela, area="back")
        add_unit(game, player, yor, area="back")
        begin(game, player=player, turn=3 if player == 1 else 2)
        p = game.players[0]
        pick(game, "use_skill", skill="Smite" if player == 1 else "Banish")
        pick(game, "unit", unit=unit)
        assert p.boundless[0].card is vela
        if hand_after:
            pick(game, "yes")
        else:   # (its own skill: not asked)
            assert game.decision.kind == "action"
        assert len(p.hand) == hand_after
