"""The constructs added for Series 1 (docs/skill-language.md, "Added for Series 1"):
each one parses, a typical mistake is reported with its position, and it does what it
says in a small game. Test cards are written inline; boards come from tests/vanilla.py.
"""
from __future__ import annotations

import textwrap

import pytest

from fecipher.dsl import ast as A
from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.dsl.parse import parse_pack
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.cards import Symbol
from fecipher.engine.decisions import Option
from fecipher.engine.deckrules import deck_problems
from fecipher.engine.game import Deck

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, events, option, options, pick

_N = [0]


def head(title: str = "Subject", *, name: str = "Tester", cost: int = 1, cc: int | None = None,
         symbol: str = "red", gender: str = "male", weapon: str = "sword", types: str = "", rng: str = "1",
         attack: int = 50, support: int = 10) -> str:
    _N[0] += 1
    out = [f'card "{name}, {title}"', f"  codes TST-{_N[0]:03d}", f"  cost {cost}"]
    if cc is not None:
        out.append(f"  class change cost {cc}")
    out += [f"  symbol {symbol}", f"  gender {gender}", f"  weapon {weapon}"]
    if types:
        out.append(f"  types {types}")
    out += [f"  range {rng}", f"  attack {attack}", f"  support {support}"]
    return "\n".join(out) + "\n"


def body(skills: str) -> str:
    return textwrap.indent(textwrap.dedent(skills).strip("\n"), "  ") + "\n"


def make(skills: str, title: str = "Subject", **kw):
    """A card compiled from the language: the facts from ``kw``, then ``skills``."""
    return compile_text(head(title, **kw) + body(skills), "test_45.fe0")[0]


def error(skills: str, marker: str, **kw):
    """The diagnostic at ``marker``'s position; asserts there is one."""
    text = head(**kw) + body(skills)
    with pytest.raises(LanguageError) as info:
        compile_text(text, "test_45.fe0")
    lines = text.splitlines()
    where = next((i + 1, ln.index(marker) + 1) for i, ln in enumerate(lines) if marker in ln)
    found = [d for d in info.value.diagnostics if (d.line, d.column) == where]
    assert found, f"no error at {where}: {[str(d) for d in info.value.diagnostics]}"
    return found[0].message


def skill_opt(unit, name: str) -> Option:
    return Option("use_skill", card=unit.top.id, unit=unit.id, skill=name)


def use(g, unit, name: str) -> None:
    g.answer(skill_opt(unit, name))


def finish_battle(g) -> None:
    while g.decision is not None and not g.over and g.battle is not None:
        k = g.decision.kind
        if k in ("critical_hit", "evasion"):
            pick(g, "pass")
        elif k == "break_orb":
            g.answer(g.legal_options()[0])
        else:
            return


def attack(g, attacker, defender) -> None:
    pick(g, "attack", unit=attacker, target=defender)


# =========================================================================== parsing
PARSES = [
    ("if it has cost 3 or more: you may flip 1 bond", A.Guarded),
    ("if you do: draw 1", A.Guarded),
    ("if you don't: draw 2", A.Guarded),
    ("reveal the top card of your opponent's deck", A.Action),
    ("your opponent sends 2 cards from their hand to their retreat area", A.ActorStatement),
    ("each player sends 1 card from their hand to their retreat area", A.ActorStatement),
    ("this unit is attacked instead of that unit", A.Redirect),
    ("this unit becomes a copy of it except its unit name and attack until the end of the turn", A.Copy),
    ("put 2 cards from your hand on top of your deck", A.Action),
    ("choose 1 \"Catria\" or \"Est\" card with cost 2 or less from your deck", A.Action),
    ("choose 2 non-\"Maria\" cards with different unit names from your retreat area", A.Action),
    ("choose 1 ally that has attacked this turn", A.Action),
    ("destroy 1 non-main character enemy with cost 2 or less", A.Action),
    ("this unit doubles its attack until the end of the turn", A.Modification),
    ("all allies cannot use \"Aum\" until the end of the game", A.Modification),
    ("this unit cannot be evaded while attacking a flier unit until the end of the turn", A.Modification),
    ("this unit gains +10 attack for each enemy destroyed by this skill until the end of the turn", A.Modification),
    ("all enemies lose \"Anti-Fliers\"", A.Modification),
    ("this unit acquires black", A.Modification),
    ("all cards not named \"Caeda\" or \"Navarre\" fail to support this unit", A.SupportFail),
    ("all \"Anna\" cards can support this unit", A.SupportFail),
    ("put this unit into your bond area instead of your retreat area when it is destroyed in battle", A.Replace),
    ("you may put the card supporting this unit into your bond area instead of your retreat area", A.Replace),
    ("this card can only be deployed if you have 5 or more cards in your retreat area", A.CardRule),
    ("this card can share its unit name with allies", A.CardRule),
    ("this card can have any number of copies in a deck", A.CardRule),
]


@pytest.mark.parametrize("line,node", PARSES, ids=[p[0][:40] for p in PARSES])
def test_series1_statement_parses(line, node):
    pack = parse_pack(head() + body(f'act "X"\n  {line}'))
    (st,) = pack.cards[0].skills[0].statements
    assert isinstance(st, node)


CONDITIONS = [
    ("this unit has attack 100 or more", "has_stat"),
    ("this unit is in combat with a sword unit", "is_state"),
    ("this unit is supported by \"Catria\" or \"Est\"", "is_state"),
    ("this unit is supported by a male card", "is_state"),
    ("you have an odd number of bonds", "have_count"),
    ("you have 2 or more white bonds", "have_count"),
    ("your opponent has 5 or more cards in their hand", "have_count"),
    ("you have no other allies in the same line as this unit", "have_count"),
]


@pytest.mark.parametrize("cond,kind", CONDITIONS, ids=[c[0][:40] for c in CONDITIONS])
def test_series1_condition_parses(cond, kind):
    pack = parse_pack(head() + body(f'cont "X"\n  if {cond}\n  this unit gains +10 attack'))
    (c,) = pack.cards[0].skills[0].conditions
    assert c.kind == kind


def test_skill_destroys_trigger_parses():
    pack = parse_pack(head() + body('auto "X"\n  when this unit\'s "Assassination" destroys an enemy\n  draw 1'))
    t = pack.cards[0].skills[0].triggers[0]
    assert (t.kind, t.name) == ("skill_destroys", "Assassination")


def test_destroy_cost_parses():
    pack = parse_pack(head() + body('auto "X"\n  cost tap this, destroy this\n  when another ally is attacked\n'
                                    '  draw 1'))
    assert [c.verb for c in pack.cards[0].skills[0].costs] == ["tap", "destroy"]


# =========================================================================== errors
ERRORS = [
    ('act "X"\n  if you do\n  draw 1', "you do", "'if you do' guards one effect line"),
    ('act "X"\n  send 1 card from their hand to your retreat area', "their hand", "'their ...' is the acting"),
    ('act "X"\n  your opponent sends 1 card from your hand to their retreat area', "your hand",
     "their areas are 'their ...'"),
    ('cont "X"\n  this unit is attacked instead', "this unit is attacked", "is an effect"),
    ('act "X"\n  choose 1 other ally\n  this unit becomes a copy of it', "this unit becomes",
     "a copy needs a duration"),
    ('act "X"\n  put this unit into your bond area instead of your retreat area when it is destroyed',
     "put this unit", "in an ACT skill it is not supported"),
    ('cont "X"\n  put this unit into your bond area instead of your retreat area', "this unit into",
     "when it is destroyed"),
    ('cont "X"\n  this card can share its unit name with allies', "this card can", "SPEC skill"),
    ('auto "X"\n  when this unit\'s "Assasination" destroys an enemy\n  draw 1', "this unit's",
     "no skill \"Assasination\""),
    ('act "X"\n  this unit gains +10 attack for each enemy destroyed by this skill until the end of the turn',
     'act "X"', "this skill has none"),
    ('act "X"\n  reveal the top card of your hand', "the top card", "names a deck"),
    ('cont "X"\n  if this unit is supported by "Catria" or "Estt"\n  this unit gains +10 attack', '"Catria" or',
     "unknown unit name \"Estt\": did you mean 'Est'?"),
    ('act "X"\n  this unit cannot be evaded while attacking a flyer unit until the end of the turn', "flyer",
     "unknown quality 'flyer'"),
    ('act "X"\n  choose 1 card that has attacked this turn from your hand', "that has", "goes with units"),
    ('cont "X"\n  all enemies lose "Anti-Fliers" until the end of the turn', "until", "takes no duration"),
    ('cont "X"\n  if your opponent has 5 or more cards in your hand\n  this unit gains +10 attack', "your hand",
     "their areas are 'their ...'"),
    ('cont "X"\n  if this unit is in combat with a swrod unit\n  this unit gains +10 attack', "swrod",
     "did you mean 'sword'?"),
    ('cont "X"\n  all cards not named "Caedaa" fail to support this unit', "not named",
     "did you mean 'Caeda'?"),
    ('act "X"\n  choose 1 non-main character card from your hand', "non-main", "goes with units"),
    ('act "X"\n  choose 1 card with different unit names from your hand', "with different",
     "a choice of 2 or more"),
    ('cont "X"\n  if you have 2 or more whit bonds\n  this unit gains +10 attack', "whit",
     "did you mean 'white'?"),
    ('act "X"\n  this unit doubles its attack', "this unit doubles", "needs a duration"),
    ('cont "X"\n  this unit acquires blak', "blak", "did you mean 'black'?"),
    ('act "X"\n  all allies cannot use "Aum"', "all allies", "needs a duration"),
    ('cont "X"\n  all "Annna" cards can support this unit', '"Annna"', "did you mean 'Anna'?"),
    ('act "X"\n  cost destroy 1 card from your hand\n  draw 1', "destroy 1", "'destroy' takes units"),
    ('act "X"\n  put 1 card from your hand on top of your dek', "your dek", "did you mean 'deck'?"),
    ('act "X"\n  you may flip 1 card from your hand', "you may flip", "'flip' takes bonds or orbs"),
    ('act "X"\n  if this unit has power 100 or more: draw 1', "power", "a unit's power is called 'attack'"),
    ('cont "X"\n  if you have an odd amount of bonds\n  this unit gains +10 attack', "amount",
     "a count is written 'number of'"),
    ('act "X"\n  choose 1 enemy\n  all cards fail to support it', "all cards", "needs a duration"),
    ('cont "X"\n  all cards fail to support this unit until the end of the turn', "until", "takes no duration"),
]


@pytest.mark.parametrize("skills,marker,message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_series1_mistake_is_reported_at_its_position(skills, marker, message):
    assert message in error(skills, marker)


# =========================================================================== behaviour
def test_reveal_if_it_has_cost_you_may_flip_if_you_do_draw():
    julian = make('''
        act "Locktouch"
          cost tap this
          reveal the top card of your opponent's deck
          if it has cost 3 or more: you may flip 1 bond
          if you do: draw 1
    ''')
    g, m0, m1 = duel()
    u = add_unit(g, 0, julian)
    u2 = add_unit(g, 0, make('''
        act "Locktouch"
          reveal the top card of your opponent's deck
          if it has cost 3 or more: you may flip 1 bond
          if you do: draw 1
    ''', title="Second"))
    add_bonds(g, 0, card("Bond"), card("Bond"))
    big = add_cards(g, 1, "deck", card("Big", cost=3), top=True)[0]
    begin(g)
    hand = len(g.players[0].hand)
    use(g, u, "Locktouch")
    assert events(g, ev.Revealed)[-1].cards == (big.id,)
    pick(g, "yes")
    pick(g, "card", card=g.players[0].bonds[0].copy.id)     # which bond to flip
    assert sum(b.face_up for b in g.players[0].bonds) == 1 and len(g.players[0].hand) == hand + 1
    # Revealing leaves the card on top; with a cost-1 card there: no question, no flip, no draw.
    assert g.players[1].deck[0] is big
    g.players[1].deck.pop(0)
    use(g, u2, "Locktouch")
    assert g.decision.kind != "may" and len(g.players[0].hand) == hand + 1
    assert sum(b.face_up for b in g.players[0].bonds) == 1


def test_if_you_dont_branches_and_cards_go_on_top_of_the_deck_in_the_chosen_order():
    lucina = make('''
        act "Defiant of Destiny"
          if this unit is class changed: you may draw 3
          if you don't: draw 2
          if you don't: put 1 card from your hand on top of your deck
          if you do: put 2 cards from your hand on top of your deck
    ''', cc=2, cost=3)
    g, m0, m1 = duel()
    u = add_unit(g, 0, lucina, class_changed=True)
    begin(g)
    use(g, u, "Defiant of Destiny")
    pick(g, "yes")
    assert len(g.players[0].hand) == 3
    a, b = g.players[0].hand[:2]
    pick(g, "card", card=a.id)
    pick(g, "card", card=b.id)
    pick(g, "card", card=b.id)      # b goes onto the deck first, then a on top of it
    assert g.players[0].deck[:2] == [a, b] and len(g.players[0].hand) == 1


def test_your_opponent_sends_cards_they_choose_and_their_hand_is_counted():
    tharja = make('''
        act "Flux"
          your opponent sends 1 card from their hand to their retreat area
        cont "Forbidden Hex"
          if your opponent has no cards in their hand
          this unit gains +20 attack
    ''')
    g, m0, m1 = duel()
    u = add_unit(g, 0, tharja)
    x = add_cards(g, 1, "hand", card("Keep"))[0]
    begin(g)
    assert g.attack(u) == 50
    use(g, u, "Flux")
    assert g.decision.player == 1
    pick(g, "card", card=x.id)
    assert g.players[1].retreat == [x] and g.attack(u) == 70


def test_each_player_sends_a_card():
    henry = make('''
        act "Mire"
          each player sends 1 card from their hand to their retreat area
    ''')
    g, m0, m1 = duel()
    u = add_unit(g, 0, henry)
    mine = add_cards(g, 0, "hand", card("Mine"), card("Mine too"))
    theirs = add_cards(g, 1, "hand", card("Theirs"), card("Theirs too"))
    begin(g)
    use(g, u, "Mire")
    pick(g, "card", player=0, card=mine[1].id)
    pick(g, "card", player=1, card=theirs[0].id)
    assert g.players[0].retreat == [mine[1]] and g.players[1].retreat == [theirs[0]]


def test_has_attack_condition():
    ogma = make('''
        act "Ready"
          if this unit has attack 60 or more
          draw 1
        act "Pump"
          this unit gains +10 attack until the end of the turn
    ''', attack=50)
    g, m0, m1 = duel()
    u = add_unit(g, 0, ogma)
    begin(g)
    assert skill_opt(u, "Ready") not in g.legal_options()
    use(g, u, "Pump")
    assert skill_opt(u, "Ready") in g.legal_options()


def test_in_combat_with():
    gerome = make('''
        cont "Swordbreaker"
          if this unit is in combat with a sword unit
          this unit gains +20 attack
    ''', weapon="axe")
    g, m0, m1 = duel()
    d = add_unit(g, 1, gerome)
    a = add_unit(g, 0, card("Swordsman", weapon="sword", attack=80))
    begin(g)
    attack(g, a, d)
    finish_battle(g)
    assert events(g, ev.BattleJudged)[-1].defender_power == 50 + 20 + 10


def test_supported_by_one_of_several_names_and_by_a_card_quality():
    palla = make('''
        cont "Bonds of the Three Sisters"
          if this unit is supported by "Catria" or "Est"
          this unit gains +10 attack
        cont "Feminine Wiles"
          if this unit is supported by a male card
          this unit gains +5 attack
    ''', name="Palla", gender="female")
    g, m0, m1 = duel()
    u = add_unit(g, 0, palla)
    add_cards(g, 0, "deck", card("Est", gender="female", support=20), top=True)
    begin(g)
    attack(g, u, m1)
    finish_battle(g)
    assert events(g, ev.BattleJudged)[-1].attacker_power == 50 + 20 + 10


def test_cards_not_named_fail_to_support_and_named_cards_can_support_despite_the_name():
    ogma = make('''
        cont "Fateful Opponent"
          all cards not named "Caeda" or "Navarre" fail to support this unit
    ''', name="Ogma")
    anna = make('''
        cont "One Hundred Annas"
          all "Anna" cards can support this unit
    ''', name="Anna", title="Seller")
    barst = make('''
        cont "Fateful Opponent"
          all cards not named "Caeda" or "Navarre" fail to support this unit
    ''', name="Barst")
    g, m0, m1 = duel()
    o = add_unit(g, 0, ogma)
    b = add_unit(g, 0, barst)
    a = add_unit(g, 0, anna)
    add_cards(g, 0, "deck", card("Filler A"), card("Caeda"), card("Anna"), top=True)
    begin(g)
    for unit in (o, b, a):
        attack(g, unit, m1)
        finish_battle(g)
    assert [e.name for e in events(g, ev.SupportFailed) if e.player == 0] == ["Filler A, cost 1"]
    assert [e.name for e in events(g, ev.SupportSucceeded) if e.player == 0] == ["Caeda, cost 1", "Anna, cost 1"]


def test_non_main_character_and_different_unit_names_and_attacked_this_turn():
    skills = make('''
        act "Dual"
          destroy 1 non-main character enemy with cost 2 or less
        act "Fortify"
          choose 2 cards with different unit names from your retreat area
          add them to your hand
        act "Dance"
          choose 1 ally that has attacked this turn
          untap it
    ''')
    g, m0, m1 = duel()
    u = add_unit(g, 0, skills)
    other = add_unit(g, 0, card("Runner"))
    e1 = add_unit(g, 1, card("Grunt"))
    cain1, cain2, abel = add_cards(g, 0, "retreat", card("Cain"), card("Cain", "other"), card("Abel"))
    begin(g)
    use(g, u, "Dual")
    assert {o.unit for o in options(g, "unit")} == {e1.id}
    pick(g, "unit", unit=e1)
    use(g, u, "Fortify")
    pick(g, "card", card=cain1.id)
    assert {o.card for o in options(g, "card")} == {abel.id}
    pick(g, "card", card=abel.id)
    assert set(g.players[0].hand) == {cain1, abel}
    attack(g, other, m1)
    finish_battle(g)
    assert other.tapped
    use(g, u, "Dance")
    assert {o.unit for o in options(g, "unit")} == {other.id}


def test_same_line_odd_number_and_symbol_bonds():
    c = make('''
        cont "Relief"
          if you have no other allies in the same line as this unit
          this unit gains +10 attack
        cont "Odd Rhythm"
          if you have an odd number of bonds
          this unit gains +100 attack
        cont "Noble Yato"
          if you have 2 or more white bonds
          this unit gains +1000 attack
    ''', attack=0)
    g, m0, m1 = duel()
    u = add_unit(g, 0, c, area="back")
    add_bonds(g, 0, card("W1", symbols="white"), card("W2", symbols="white"))
    add_bonds(g, 0, card("W3", symbols="white"), face_up=False)
    begin(g)
    assert g.attack(u) == 10 + 100 + 1000
    g.players[0].bonds[0].face_up = False
    g.invalidate()
    assert g.attack(u) == 10 + 100
    add_unit(g, 0, card("Neighbour"), area="back")
    add_bonds(g, 0, card("W4", symbols="white"))
    g.invalidate()
    assert g.attack(u) == 1000


def test_doubles_acquires_a_symbol_and_lose_a_skill():
    owain = make('''
        act "Radiant Dawn"
          this unit gains +10 attack until the end of the turn
          this unit doubles its attack until the end of the turn
        cont "Nohrian Heart"
          this unit acquires black
        cont "Iote's Shield"
          all enemies lose "Anti-Fliers"
    ''', attack=50)
    gordin = make('''
        cont "Anti-Fliers"
          if this unit is attacking a flier unit
          this unit gains +30 attack
    ''', name="Gordin")
    g, m0, m1 = duel()
    u = add_unit(g, 0, owain)
    e = add_unit(g, 1, gordin)
    begin(g)
    assert "Anti-Fliers" not in {s.name for s in g.skills_of(e)}
    assert Symbol.BLACK in g.symbols(u) and Symbol.RED in g.symbols(u)
    use(g, u, "Radiant Dawn")
    assert g.attack(u) == 120


def test_cannot_use_until_the_end_of_the_game_reaches_later_units():
    elice = make('''
        act "Aum"
          choose 1 card with cost 2 or less from your retreat area
          deploy it
          if you do: all allies cannot use "Aum" until the end of the game
    ''', name="Elice")
    twin = make('''
        act "Aum"
          draw 1
    ''', name="Lena")
    g, m0, m1 = duel()
    u = add_unit(g, 0, elice)
    c = add_cards(g, 0, "retreat", twin)[0]
    begin(g)
    use(g, u, "Aum")
    pick(g, "card", card=c.id)
    pick(g, "area", area="front")
    lena = next(x for x in g.players[0].units if x.top is c)
    assert skill_opt(u, "Aum") not in g.legal_options()
    assert skill_opt(lena, "Aum") not in g.legal_options()


def test_a_change_while_a_state_holds():
    jeorge = make('''
        act "Peerless Archer"
          this unit cannot be evaded while attacking a flier unit until the end of the turn
    ''', weapon="bow", rng="1-2")
    g, m0, m1 = duel()
    u = add_unit(g, 0, jeorge)
    u2 = add_unit(g, 0, make('''
        act "Peerless Archer"
          this unit cannot be evaded while attacking a flier unit until the end of the turn
    ''', title="Second", name="Jeorge", weapon="bow", rng="1-2"))
    flier = add_unit(g, 1, card("Pegasus", types=("flier",), attack=90))
    walker = add_unit(g, 1, card("Walker", attack=90))
    add_cards(g, 1, "hand", card("Pegasus"), card("Walker"))
    begin(g)
    use(g, u, "Peerless Archer")
    use(g, u2, "Peerless Archer")
    attack(g, u, flier)
    assert g.decision.kind not in ("evasion", "critical_hit")
    finish_battle(g)
    attack(g, u2, walker)
    assert g.decision.kind == "evasion"


def test_for_each_enemy_destroyed_by_this_skill():
    camus = make('''
        act "Gradvius"
          destroy all enemies with cost 2 or less
          this unit gains +10 attack for each enemy destroyed by this skill and acquires range 1-2 until the end of the turn
    ''', attack=70)
    g, m0, m1 = duel(mc1=card("Lord 1", cost=3))
    u = add_unit(g, 0, camus)
    add_unit(g, 1, card("A", cost=1))
    add_unit(g, 1, card("B", cost=2))
    add_unit(g, 1, card("C", cost=3))
    begin(g)
    use(g, u, "Gradvius")
    assert g.attack(u) == 90 and 2 in g.ranges(u)
    assert len(g.players[1].units) == 2


def test_is_attacked_instead():
    draug = make('''
        auto "Impregnable Shield"
          when another ally is attacked
          if this unit is in the front line
          you may
          this unit is attacked instead of that unit
    ''', name="Draug", attack=50)
    g, m0, m1 = duel()
    d = add_unit(g, 1, draug)
    a = add_unit(g, 0, card("Attacker", attack=60))
    begin(g)
    attack(g, a, m1)
    pick(g, "yes", player=1)
    assert events(g, ev.DefenderChanged)[-1].defender == d.id
    finish_battle(g)
    assert events(g, ev.BattleJudged)[-1].defender == d.id
    assert g.unit(d.id) is None and len(g.players[1].orbs) == 5


def test_becomes_a_copy_except_its_unit_name_and_attack():
    xane = make('''
        act "Imitate"
          choose 1 other ally
          this unit becomes a copy of it except its unit name and attack until the end of the turn
    ''', name="Xane", attack=30)
    model = make('''
        cont "Model's Pride"
          this unit gains +10 attack
    ''', name="Marth", title="Model", weapon="lance", rng="1-2", attack=70, symbol="blue", cost=2)
    g, m0, m1 = duel()
    x = add_unit(g, 0, xane)
    add_unit(g, 0, model)
    begin(g)
    use(g, x, "Imitate")
    pick(g, "unit", unit=g.players[0].units[-1])
    assert g.attack(x) == 40                     # its own 30, with the copied +10 skill
    assert g.unit_names(x) == frozenset({"Xane"})
    assert "lance" in g.types(x) and g.ranges(x) == frozenset({1, 2}) and g.cost(x) == 2
    assert {s.name for s in g.skills_of(x)} == {"Model's Pride"}
    g.expire_modifiers(M.END_OF_TURN)
    assert g.attack(x) == 30 and {s.name for s in g.skills_of(x)} == {"Imitate"}


def test_a_destroyed_unit_goes_to_the_bond_area_instead():
    gregor = make('''
        cont "Gregor and the Little Dragon"
          put this unit into your bond area instead of your retreat area when it is destroyed in battle
        act "Fall"
          destroy this unit
    ''', name="Gregor", attack=40)
    g, m0, m1 = duel()
    u = add_unit(g, 1, gregor)
    v = add_unit(g, 1, gregor)
    a = add_unit(g, 0, card("Attacker", attack=60))
    begin(g)
    attack(g, a, u)
    finish_battle(g)
    assert [b.copy for b in g.players[1].bonds] == [u.top] and g.players[1].bonds[0].face_up
    g.turn_player = 1   # a destruction by a skill: the Retreat Area as usual
    g.phase = "action"
    from fecipher.engine.resolution import find_skill_context, use_skill
    ctx = find_skill_context(g, skill_opt(v, "Fall"))
    list(use_skill(g, ctx))
    assert v.top in g.players[1].retreat


def test_you_may_put_the_supporting_card_into_the_bond_area_instead():
    tiki = make('''
        cont "The Dragon Scion's Smile"
          during your turn
          you may put the card supporting this unit into your bond area instead of your retreat area
    ''', name="Tiki", gender="female", weapon="dragonstone", types="dragon")
    g, m0, m1 = duel()
    u = add_unit(g, 0, tiki)
    sup = add_cards(g, 0, "deck", card("Helper"), top=True)[0]
    begin(g)
    attack(g, u, m1)
    finish_battle(g)
    pick(g, "yes", player=0)
    assert [b.copy for b in g.players[0].bonds] == [sup]


def test_card_rules_deploy_if_share_name_any_copies():
    athena = make('''
        spec "Swordswoman's Repayment"
          this card can only be deployed if you have 5 or more cards in your retreat area
    ''', name="Athena")
    anna = make('''
        spec "One Hundred Annas"
          this card can share its unit name with allies
          this card can have any number of copies in a deck
    ''', name="Anna", cost=1)
    g, m0, m1 = duel()
    add_unit(g, 0, anna)
    ath = add_cards(g, 0, "hand", athena)[0]
    an = add_cards(g, 0, "hand", anna)[0]
    add_bonds(g, 0, card("B1"), card("B2"))
    begin(g, phase="deployment")
    assert options(g, "deploy", card=ath.id) == []
    assert options(g, "deploy", card=an.id)
    add_cards(g, 0, "retreat", *[card("R")] * 5)
    g.invalidate()
    from fecipher.engine.deployment import deploy_refusal
    assert deploy_refusal(g, 0, ath, "front") is None
    mc = card("Lord", "deck", cost=1)
    assert not any("copies" in p for p in deck_problems(Deck("d", (mc,) + (anna,) * 49, mc)))
    assert any("copies" in p for p in deck_problems(Deck("d", (mc,) + (athena,) * 49, mc)))


def test_destroy_this_as_a_cost():
    wrys = make('''
        auto "Vulnerary"
          cost tap this, destroy this
          when another ally is attacked
          you may
          that unit gains +20 attack until the end of the combat
    ''', name="Wrys", rng="none")
    g, m0, m1 = duel()
    w = add_unit(g, 1, wrys, area="back")
    a = add_unit(g, 0, card("Attacker", attack=60))
    begin(g)
    attack(g, a, m1)
    pick(g, "yes", player=1)
    assert g.unit(w.id) is None and w.top in g.players[1].retreat
    finish_battle(g)
    assert events(g, ev.BattleJudged)[-1].defender_power == 50 + 20 + 10


def test_when_this_units_named_skill_destroys_an_enemy():
    gaius = make('''
        act "Assassination"
          destroy 1 enemy
        act "Plain Hit"
          destroy 1 enemy
        auto "Candy"
          when this unit's "Assassination" destroys an enemy
          draw 1
    ''', name="Gaius")
    g, m0, m1 = duel()
    u = add_unit(g, 0, gaius)
    e1 = add_unit(g, 1, card("One"))
    e2 = add_unit(g, 1, card("Two"))
    begin(g)
    use(g, u, "Plain Hit")
    pick(g, "unit", unit=e1)
    assert len(g.players[0].hand) == 0
    use(g, u, "Assassination")
    pick(g, "unit", unit=e2)
    assert len(g.players[0].hand) == 1


def test_search_the_deck_for_one_of_two_names():
    palla = make('''
        act "The Three Pegasus Sisters"
          choose 1 "Catria" or "Est" card with cost 2 or less from your deck
          deploy it
          shuffle
    ''', name="Palla")
    g, m0, m1 = duel()
    u = add_unit(g, 0, palla)
    cat, est, big = add_cards(g, 0, "deck", card("Catria"), card("Est"), card("Est", "big", cost=3))
    begin(g)
    use(g, u, "The Three Pegasus Sisters")
    assert {o.card for o in options(g, "card")} == {cat.id, est.id}
    pick(g, "card", card=est.id)
    pick(g, "area", area="back")
    assert any(x.top is est for x in g.players[0].back)
    assert events(g, ev.Shuffled)
