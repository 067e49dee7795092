"""Replacements that run effects, with costs, set up by effects, of other units'
destinations and of destructions (pool rows 6 and 23; docs/skill-language.md,
"Replacements, alternative costs, more orbs"), and the order of several replacements
of one event (docs/rules.md, engine decision "Several replacements for one event").
Each replacement is offered before its event (design rule 3): the event that would
have happened is never published. Test cards are inline; boards are built with
tests/vanilla.py."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, option, options, pick

PACK = '''
card "Rep, Recruiter"
  codes TST-851
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Battlefield Recruitment"
    during your turn
    you may deploy the card supporting this unit instead of sending it to your retreat area

card "Rep, Rallier"
  codes TST-852
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  cont "Rallying Flames"
    during your turn
    cost flip 2 bonds
    you may deploy the card supporting this unit instead of sending it to your retreat area

card "Rep, Twin"
  codes TST-853
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Two Heroes"
    you may destroy 1 orb instead of this unit being destroyed

card "Rep, Stalwart"
  codes TST-862
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Stalwart"
    flip 1 bond instead of this unit being destroyed by an attack

card "Rep, Ephraim"
  codes TST-860
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Twin Skill"
    you may destroy 1 orb instead of sending this unit to your retreat area when it is destroyed by an attack

card "Rep, Kana"
  codes TST-854
  cost 1
  symbol red
  range 1
  attack 60
  support 10
  cont "Excessive Power"
    put a non-main character enemy into your opponent's bond area instead of your opponent's retreat area when it is destroyed by an attack of this unit

card "Rep, Mirage"
  codes TST-856
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  support "Mirage Emblem" attack
    you may deploy this card instead of sending it to your retreat area

card "Rep, Ninja"
  codes TST-861
  cost 1
  symbol red
  range 1
  attack 40
  support 10
  support "Ninjutsu Emblem" attack
    you may send 1 card from your hand to your retreat area
    if you do: deploy this card as tapped instead of sending it to your retreat area

card "Rep, Carnage"
  codes TST-865
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Mirage Emblem" attack
    you may deploy this card to the same line as "Tsubasa Oribe" instead of sending it to your retreat area

card "Rep, Resistance"
  codes TST-863
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  support "Resistance Emblem" defence
    at the end of this combat:
    if the attacking unit has destroyed an ally this combat: you may deploy this card instead of sending it to your retreat area

card "Rep, Zihark"
  codes TST-857
  cost 1
  symbol red
  range 1
  attack 60
  support 10
  auto "Trueblade"
    cost flip 1 bond
    when this unit destroys an enemy
    you may
    add the card supporting this unit to your hand instead of sending it to your retreat area

card "Rep, Swapper"
  codes TST-864
  cost 1
  symbol red
  range 1
  attack 60
  support 10
  auto "Swap"
    cost send 1 card from your hand to your retreat area
    when this unit destroys an enemy
    if you have 1 or more cards in your hand
    you may
    add the card supporting this unit to your hand instead of sending it to your retreat area

card "Rep, Gregor"
  codes TST-858
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Little Dragon"
    put this unit into your bond area instead of your retreat area when it is destroyed

card "Rep, Merlinus"
  codes TST-859
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Time to Withdraw"
    put all allies into your hand instead of your retreat area when it is destroyed in battle
'''

CARDS = {c.title: c for c in compile_text(PACK, "replacements.fe0")}
HELPER = card("Helper", cost=1, attack=30, support=10)


def _battle_to(game, stop, *, no=False):
    """Answer the battle's questions (no critical hit, no evasion) until ``stop(game)``."""
    for _ in range(60):
        d = game.decision
        if d is None or stop(game):
            return
        if d.kind == "action":
            raise AssertionError("the battle ended before the expected question")
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])
    raise AssertionError("no end")


def _asked(text):
    return lambda g: g.decision is not None and g.decision.kind == "may" and text in g.decision.prompt


def _to_action(game):
    for _ in range(60):
        d = game.decision
        if d is None or d.kind == "action":
            return
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else d.options[0])


# ---------------------------------------------------------------- a card's move replaced by an effect
def test_deploy_the_support_card_instead_of_sending_it_to_the_retreat_area():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, CARDS["Recruiter"])
    sup, = add_cards(game, 0, "deck", HELPER, top=True)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    _battle_to(game, _asked("Battlefield Recruitment"))
    since = len(game.events)
    pick(game, "yes", player=0)
    _to_action(game)
    assert any(x.cards[0] is sup for x in game.players[0].units)
    assert sup not in game.players[0].retreat
    new = events(game, since=since)
    assert [type(e) for e in new if isinstance(e, (ev.Replaced, ev.Deployed, ev.CardMoved))][:2] == \
        [ev.Replaced, ev.Deployed]
    # Rule 3 of the design: the move that did not happen is never published.
    assert not [e for e in new if isinstance(e, ev.CardMoved) and e.card == sup.id]


def test_declined_or_outside_its_condition_the_support_card_goes_to_the_retreat_area():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, CARDS["Recruiter"])
    sup, = add_cards(game, 0, "deck", HELPER, top=True)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    _battle_to(game, _asked("Battlefield Recruitment"))
    pick(game, "no")
    _to_action(game)
    assert sup in game.players[0].retreat
    # Defending (not "during your turn"): nothing is asked.
    game2, mc0b, mc1b = duel()
    d = add_unit(game2, 1, CARDS["Recruiter"])
    att = add_unit(game2, 0, card("Striker", attack=10))
    sup2, = add_cards(game2, 1, "deck", HELPER, top=True)
    begin(game2)
    pick(game2, "attack", unit=att, target=d)
    _to_action(game2)
    assert sup2 in game2.players[1].retreat
    assert not any(isinstance(e, ev.Replaced) for e in game2.events)


def test_a_replacement_with_a_cost_is_offered_only_when_it_can_be_paid_and_pays_it():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, CARDS["Rallier"])
    bonds = add_bonds(game, 0, card("B1"), card("B2"))
    sup, = add_cards(game, 0, "deck", HELPER, top=True)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    _battle_to(game, _asked("Rallying Flames"))
    pick(game, "yes")
    _to_action(game)
    assert all(not b.face_up for b in bonds)
    assert any(x.cards[0] is sup for x in game.players[0].units)
    # One face-up bond: it cannot be paid, nothing is asked.
    game2, _, mc1b = duel()
    u2 = add_unit(game2, 0, CARDS["Rallier"])
    add_bonds(game2, 0, card("B1"))
    sup2, = add_cards(game2, 0, "deck", HELPER, top=True)
    begin(game2)
    pick(game2, "attack", unit=u2, target=mc1b)
    _to_action(game2)
    assert sup2 in game2.players[0].retreat
    assert not any(d for d in game2.events if isinstance(d, ev.Replaced))


def test_a_support_skill_sets_up_the_replacement_for_the_end_of_the_combat():
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, card("Striker", attack=40))
    sup, = add_cards(game, 0, "deck", CARDS["Mirage"], top=True)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    _battle_to(game, _asked("Mirage Emblem"))
    assert game.battle is not None and not game.players[0].retreat
    pick(game, "yes")
    _to_action(game)
    assert any(x.cards[0] is sup for x in game.players[0].units)
    assert game.set_up_replacements == []          # gone with the combat
    # It lasts for that combat only: the next support card of the same player is not asked.


@pytest.mark.parametrize("pay", [True, False])
def test_if_you_do_a_support_skill_sets_up_a_deployment_as_tapped(pay):
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, card("Striker", attack=40))
    sup, = add_cards(game, 0, "deck", CARDS["Ninja"], top=True)
    junk, = add_cards(game, 0, "hand", card("Junk"))
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    _battle_to(game, lambda g: g.decision.kind == "may" and "Ninjutsu Emblem" in g.decision.prompt)
    pick(game, "yes" if pay else "no")
    if pay:
        pick(game, "card", card=junk)
        _battle_to(game, lambda g: g.decision.kind == "area")
        pick(game, "area", area="back")    # the line the deployed card goes to (its owner's choice)
    _to_action(game)
    deployed = [x for x in game.players[0].units if x.cards[0] is sup]
    if pay:
        assert junk in game.players[0].retreat
        assert len(deployed) == 1 and deployed[0].tapped and deployed[0].area == "back"
    else:
        assert not deployed and sup in game.players[0].retreat


@pytest.mark.parametrize("destroyed", [True, False])
def test_at_the_end_of_this_combat_if_the_defending_unit_was_destroyed_deploy_this_card(destroyed):
    game, mc0, mc1 = duel()
    d = add_unit(game, 1, card("Defender", attack=10 if destroyed else 90))
    att = add_unit(game, 0, card("Striker", attack=60))
    sup, = add_cards(game, 1, "deck", CARDS["Resistance"], top=True)
    begin(game)
    pick(game, "attack", unit=att, target=d)
    if destroyed:
        _battle_to(game, _asked("Resistance Emblem"))
        pick(game, "yes", player=1)
        pick(game, "area", area="front")
    _to_action(game)
    on_field = any(x.cards[0] is sup for x in game.players[1].units)
    assert on_field == destroyed and (sup in game.players[1].retreat) != destroyed


@pytest.mark.parametrize("where", ["back", "front", None])
def test_deploy_this_card_to_the_same_line_as_a_named_unit_instead(where):
    game, mc0, mc1 = duel()
    u = add_unit(game, 0, card("Striker", attack=40))
    if where is not None:
        add_unit(game, 0, card("Tsubasa Oribe", attack=10), area=where)
    sup, = add_cards(game, 0, "deck", CARDS["Carnage"], top=True)
    begin(game)
    pick(game, "attack", unit=u, target=mc1)
    if where is None:   # no "Tsubasa Oribe": it cannot be deployed there, nothing is asked
        _to_action(game)
        assert sup in game.players[0].retreat
        assert not any(isinstance(e, ev.Replaced) for e in game.events)
        return
    _battle_to(game, _asked("Mirage Emblem"))
    pick(game, "yes")
    _to_action(game)
    deployed = [x for x in game.players[0].units if x.cards[0] is sup]
    assert len(deployed) == 1 and deployed[0].area == where


def test_an_auto_skill_sets_up_a_replacement_after_paying_its_cost():
    game, mc0, mc1 = duel()
    z = add_unit(game, 0, CARDS["Zihark"])
    victim = add_unit(game, 1, card("Victim", attack=10))
    bond, = add_bonds(game, 0, card("B1"))
    sup, = add_cards(game, 0, "deck", HELPER, top=True)
    begin(game)
    pick(game, "attack", unit=z, target=victim)
    _battle_to(game, lambda g: g.decision.kind == "may" and "Trueblade" in g.decision.prompt)
    pick(game, "yes")
    _to_action(game)
    assert not bond.face_up
    assert sup in game.players[0].hand and sup not in game.players[0].retreat


def test_a_set_up_replacement_does_not_ask_its_skills_condition_again():
    """The condition was met when the skill resolved; paying its cost emptied the hand,
    and the replacement it set up still applies at the end of the combat."""
    game, mc0, mc1 = duel()
    z = add_unit(game, 0, CARDS["Swapper"])
    victim = add_unit(game, 1, card("Victim", attack=10))
    only, = add_cards(game, 0, "hand", card("Only"))
    sup, = add_cards(game, 0, "deck", HELPER, top=True)
    begin(game)
    pick(game, "attack", unit=z, target=victim)
    _battle_to(game, lambda g: g.decision.kind == "may" and "Swap" in g.decision.prompt)
    pick(game, "yes")
    _to_action(game)
    assert only in game.players[0].retreat
    assert game.players[0].hand == [sup]


# ---------------------------------------------------------------- a destruction replaced
def test_destroy_an_orb_instead_of_being_destroyed():
    game, mc0, mc1 = duel(orbs=2)
    twin = add_unit(game, 1, CARDS["Twin"])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=twin)
    _battle_to(game, _asked("Two Heroes"))
    since = len(game.events)
    pick(game, "yes", player=1)
    pick(game, "card", player=1, card=game.players[1].orbs[0].copy.id)   # which orb
    _to_action(game)
    assert game.unit(twin.id) is twin
    assert len(game.players[1].orbs) == 1
    new = events(game, since=since)
    assert not [e for e in new if isinstance(e, ev.UnitDestroyed)]
    assert [e.replaced for e in new if isinstance(e, ev.Replaced)] == ["unit_destroyed"]
    end = next(e for e in new if isinstance(e, ev.BattleEnded))
    assert not end.destroyed


@pytest.mark.parametrize("bonds", [1, 0])
def test_a_replacement_without_you_may_is_paid_when_it_can_be_without_a_question(bonds):
    game, mc0, mc1 = duel()
    wall = add_unit(game, 1, CARDS["Stalwart"])
    placed = add_bonds(game, 1, *[card(f"B{i}") for i in range(bonds)])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=wall)
    asked = []
    while game.decision is not None and game.decision.kind != "action":
        asked.append(game.decision.prompt)
        decline = [o for o in game.legal_options() if o.kind in ("pass", "no")]
        game.answer(decline[0] if decline else game.decision.options[0])
    assert not [p for p in asked if "Stalwart" in p]          # no question: it is not "you may"
    assert (game.unit(wall.id) is wall) == bool(bonds)
    assert any(isinstance(e, ev.UnitDestroyed) for e in game.events) != bool(bonds)
    assert all(not b.face_up for b in placed)
    assert any(isinstance(e, ev.Replaced) for e in game.events) == bool(bonds)


def test_with_no_orb_the_destruction_is_not_replaced():
    game, mc0, mc1 = duel(orbs=0)
    twin = add_unit(game, 1, CARDS["Twin"])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=twin)
    _to_action(game)
    assert game.unit(twin.id) is None
    assert not any(isinstance(e, ev.Replaced) for e in game.events)


def test_destroyed_but_staying_on_the_field_for_an_orb():
    """The Twin Skill ruling (rules 003): the unit is destroyed ("when it destroys" skills
    trigger), an orb is taken instead of its going to the Retreat Area, and it stays."""
    game, mc0, mc1 = duel(orbs=1)
    eph = add_unit(game, 1, CARDS["Ephraim"])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=eph)
    _battle_to(game, _asked("Twin Skill"))
    since = len(game.events)
    pick(game, "yes", player=1)
    _to_action(game)
    assert game.unit(eph.id) is eph and not game.players[1].orbs
    new = events(game, since=since)
    destroyed = [e for e in new if isinstance(e, ev.UnitDestroyed)]
    assert len(destroyed) == 1 and destroyed[0].dest == "field"
    assert not [e for e in new if isinstance(e, ev.UnitLeftField)]
    assert next(e for e in new if isinstance(e, ev.BattleEnded)).destroyed
    # Declined: it leaves the field as usual.
    game2, _, _ = duel(orbs=1)
    eph2 = add_unit(game2, 1, CARDS["Ephraim"])
    att2 = add_unit(game2, 0, card("Striker", attack=60))
    begin(game2)
    pick(game2, "attack", unit=att2, target=eph2)
    _battle_to(game2, _asked("Twin Skill"))
    pick(game2, "no")
    _to_action(game2)
    assert game2.unit(eph2.id) is None and len(game2.players[1].orbs) == 1


# ---------------------------------------------------------------- other units' destinations
def test_an_enemy_destroyed_by_this_units_attack_goes_to_its_owners_bond_area():
    game, mc0, mc1 = duel()
    kana = add_unit(game, 0, CARDS["Kana"])
    other = add_unit(game, 0, card("Other", attack=60))
    v1 = add_unit(game, 1, card("Victim", attack=10))
    v2 = add_unit(game, 1, card("Victim Two", attack=10))
    begin(game)
    pick(game, "attack", unit=kana, target=v1)
    _to_action(game)
    assert [b.copy for b in game.players[1].bonds] == v1.cards
    pick(game, "attack", unit=other, target=v2)   # not this unit's attack
    _to_action(game)
    assert v2.cards[0] in game.players[1].retreat


# ---------------------------------------------------------------- engine decision: several replacements
@pytest.mark.parametrize("first, where", [("Little Dragon", "bonds"), ("Time to Withdraw", "hand")])
def test_engine_decision_several_replacements_the_owner_chooses_which_applies_first(first, where):
    game, mc0, mc1 = duel()
    gregor = add_unit(game, 1, CARDS["Gregor"])
    add_unit(game, 1, CARDS["Merlinus"])
    att = add_unit(game, 0, card("Striker", attack=60))
    begin(game)
    pick(game, "attack", unit=att, target=gregor)
    _battle_to(game, lambda g: g.decision.kind == "choose" and "which applies first" in g.decision.prompt)
    d = game.decision
    assert d.player == 1                             # the destroyed unit's owner
    assert sorted(o.skill for o in d.options) == ["Little Dragon", "Time to Withdraw"]
    pick(game, "skill", skill=first)
    _to_action(game)
    card0 = gregor.cards[0]
    in_bonds = any(b.copy is card0 for b in game.players[1].bonds)
    assert (in_bonds, card0 in game.players[1].hand) == (where == "bonds", where == "hand")
    # The other one no longer applied (its card is not going to the retreat area any more).
    assert card0 not in game.players[1].retreat


# ---------------------------------------------------------------- compile, render, refusals
def test_replacements_render_as_card_text():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills + ((c.support_skill,) if c.support_skill else ())}
    assert "You may deploy the card supporting this unit instead of sending it to your Retreat Area" in \
        texts["Battlefield Recruitment"]
    assert "[Flip 2 Bonds face-down]" in texts["Rallying Flames"]
    assert "would be destroyed, you may destroy 1 orb instead; if you do, it is not destroyed" in texts["Two Heroes"]
    assert "destroyed by this unit's attack, place it in your opponent's Bond Area" in texts["Excessive Power"]
    assert "you may destroy 1 orb instead; if you do, it stays on the field" in texts["Twin Skill"]
    assert 'deploy this card in the same area as "Tsubasa Oribe" instead' in texts["Mirage Emblem"]


@pytest.mark.parametrize("line, message", [
    ("draw 1 instead of this unit being destroyed", "not supported"),
    ("draw 1 instead of sending this unit to your retreat area when it is destroyed", "not supported"),
    ("destroy 1 orb instead of sending this unit to your retreat area", "say when"),
    ("tap this unit instead of your retreat area when it is destroyed", "not supported"),
    ("put a non-main character enemy into your bond area instead of your retreat area when it is destroyed",
     "owner's areas"),
    ("deploy this unit instead of sending it to your retreat area", "deploys a card"),
    ('you may deploy the card supporting this unit to the back line to the same line as "Tsubasa Oribe" '
     'instead of sending it to your retreat area', "one line"),
])
def test_replacements_the_engine_cannot_honour_are_refused(line, message):
    text = f'''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
  cont "Bad"
    {line}
'''
    with pytest.raises(LanguageError, match=message):
        compile_text(text, "bad.fe0")


def test_a_replacement_in_an_action_skill_and_instead_of_losing_are_refused():
    base = '''card "Bad, Card"
  codes TST-899
  cost 1
  symbol red
  range 1
  attack 10
  support 10
'''
    with pytest.raises(LanguageError, match="not supported"):
        compile_text(base + "  act \"Bad\"\n    you may deploy this card instead of sending it to your retreat area\n",
                     "bad.fe0")
    with pytest.raises(LanguageError):
        compile_text(base + "  spec \"Bad\"\n    you may deploy this card instead of losing the game\n", "bad.fe0")
    # A CONT skill's cost goes only with "you may ... instead" lines.
    with pytest.raises(LanguageError, match="has no cost"):
        compile_text(base + "  cont \"Bad\"\n    cost flip 1 bond\n    this unit gains +10 attack\n", "bad.fe0")
