"""Rules about cards entering a player's Orb Area or Bond Area (docs/skill-language.md,
"Rules about a player's orbs and bonds"):

    your opponent cannot add cards to their orbs                       (a CONT skill's line)
    your opponent cannot place cards from their hand into their bond area by skills
        until the end of your opponent's next turn                     (an effect with a duration)
    enemy skills cannot send cards from your hand to your retreat area (a CONT skill's line)

The player named is the owner of the area (every card goes into its owner's areas): no card
enters it, whoever's skill puts it there; `from their hand` limits it to cards coming from
that area; `by skills` to a skill's effect (not the Bond Phase). The engine asks the rule
(engine/deployment.place_ban_refusal) before a skill's effect puts a card there and in the
Bond Phase; a card refused stays where it is ("if you do" is false). `enemy skills cannot ...`
stops only the skills the opponent of the rule's controller controls (any kind: a unit's,
a bond, hand or support skill), whoever acts in them ("your opponent chooses 1 card from
their hand and sends it ..."), and is the form that may name the Retreat Area.
"""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.selectors import card_predicate, place_area, selector_kind
from fecipher.engine import modifiers as M
from fecipher.engine.skills import ContinuousEffect

_VERBS = ("add", "place", "put", "send")
_AREAS = {"orbs": "Orbs", "bonds": "Bond Area"}


def _from_area(st: A.PlaceBan) -> str | None:
    if isinstance(st.cards, A.Filtered):
        for p in st.cards.posts:
            if p.kind == "from_place":
                return place_area(p.value)
    return None


def value(st: A.PlaceBan):
    """value(ctx, _, card=, dest=, src=, by_skill=): whether the rule keeps that card out of
    that area of its owner; the players are counted from the skill's controller."""
    pred = card_predicate(st.cards)
    who, dest_area, src_area, by_skills = st.who, place_area(st.place), _from_area(st), st.by_skills
    by_enemy = st.by_enemy

    def forbids(ctx, _unit, card=None, dest=None, src=None, by_skill=False, by_player=None, **kw):
        if card is None or dest != dest_area or (src_area is not None and src != src_area) \
                or (by_skills and not by_skill):
            return False
        if by_enemy and by_player != ctx.opponent:
            return False
        owner = card.owner
        if who == "opponent" and owner != ctx.opponent or who == "you" and owner != ctx.controller:
            return False
        return pred(ctx, card)
    return forbids


def continuous(st: A.PlaceBan) -> list[ContinuousEffect]:
    """A CONT skill's line: the rule holds while the skill is active."""
    return [ContinuousEffect(M.CANNOT_PLACE, "flag", value(st), lambda ctx, u: False, render.statement(st))]


def effect(st: A.PlaceBan):
    """The rule for the duration: a modifier that reaches no unit (see M.CANNOT_PLACE)."""
    from fecipher.dsl.skillcompile import player_rule_effect
    return player_rule_effect(st, M.CANNOT_PLACE, value(st), render.statement(st))


def check(chk, st: A.PlaceBan) -> None:
    """What the checker asks of the line (dsl/skillcheck.py)."""
    kind = chk.s.kind
    if st.verb not in _VERBS:
        chk.err(st.pos, f"'cannot {st.verb} ... to/into ...': a rule about a player's area says which cards they "
                        "cannot add, place, put or send there, e.g. 'your opponent cannot add cards to their orbs'")
        return
    area = place_area(st.place)
    if area == "retreat" and not st.by_enemy:
        chk.err(st.place.pos, "a rule about cards sent to the retreat area is supported as 'enemy skills cannot send "
                              "cards from your hand to your retreat area' (the opponent's skills only)")
        return
    if area not in _AREAS and not (area == "retreat" and st.by_enemy):
        chk.err(st.place.pos, "a rule about cards entering an area is supported for the orbs and the bond area "
                              "('... cannot add cards to their orbs', '... cannot place cards into their bond "
                              f"area'), not {' '.join(st.place.words)!r}")
        return
    want = "your" if st.who == "you" else "their"
    if st.by_enemy and not _from_area(st):
        chk.err(st.cards.pos, "say which area the cards leave: 'enemy skills cannot send cards from your hand to "
                              "your retreat area'")
    if st.who == "each" or st.place.owner != want:
        chk.err(st.place.pos, "the area is the player's own: 'your opponent cannot add cards to their orbs', "
                              "'you cannot add cards to your orbs'")
        return
    actor, chk.actor = chk.actor, st.who != "you"   # (their areas are "their ...": the line is about them)
    chk.check_selector(st.cards, where=False)
    chk.actor = actor
    posts = st.cards.posts if isinstance(st.cards, A.Filtered) else ()
    src = [p for p in posts if p.kind == "from_place"]
    if selector_kind(st.cards) != "card" or any(p.kind == "among" for p in posts) or (
            src and (src[0].value.owner != want or place_area(src[0].value) not in ("hand", "deck", "retreat"))):
        chk.err(st.cards.pos, "what cannot be added is cards, from anywhere or from one of the player's own areas, "
                              "e.g. 'cards', 'cards from their hand'")
    elif isinstance(st.cards, A.Filtered) and st.cards.quantifier is not None \
            and st.cards.quantifier.kind != "all":
        chk.err(st.cards.quantifier.pos, "say which cards without a count, e.g. 'cards from their hand'")
    if kind == "cont":
        if st.duration is not None:
            chk.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    elif kind == "spec":
        chk.err(st.pos, "a rule about a player's area is a CONT skill's line, or an effect with a duration")
    elif st.duration is None:
        chk.err(st.pos, "this rule needs a duration, e.g. 'until the end of your opponent's next turn'")


def render_statement(st: A.PlaceBan) -> str:
    if st.by_enemy:
        src = {"hand": "hand", "deck": "Deck", "retreat": "Retreat Area"}[_from_area(st) or "hand"]
        dest = {"orbs": "your Orbs", "bonds": "your Bond Area", "retreat": "your Retreat Area"}[place_area(st.place)]
        d = render.duration(st.duration)
        body = f"enemy skills cannot {st.verb} cards from your {src} to {dest}"
        return render.cap(f"{d}, {body}" if d else body) + "."
    who = {"opponent": "your opponent", "you": "you", "each": "each player"}[st.who]
    their = "your" if st.who == "you" else "their"
    area = place_area(st.place)
    src = _from_area(st)
    cards = "cards" + (f" from {their} " + {"hand": "hand", "deck": "Deck", "retreat": "Retreat Area"}[src]
                       if src else "")
    into = f"to {their} Orbs" if area == "orbs" else f"into {their} Bond Area"
    verb = "add" if area == "orbs" else "place"
    body = f"{who} cannot {verb} {cards} {into}" + (" by a skill's effect" if st.by_skills else "")
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."
