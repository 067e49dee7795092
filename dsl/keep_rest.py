"""A player keeps N cards of an area and sends the rest: "you keep 5 cards from your hand and
send the rest to your retreat area" (B02-084N: "choose 5 cards to stay in your hand, and send
the remainder to the Retreat Area"), "your opponent keeps 5 cards from their hand and sends the
rest to their retreat area" (B15-095R), "your opponent keeps 5 bonds and sends the rest to their
retreat area" (B06-047SR: "Your opponent chooses 5 of their Bond cards, and sends the remaining
to the Retreat Area").

The player named (you, or your opponent) chooses which N cards of their hand (or of their Bond
Area, face-up and face-down bonds alike) stay; every other card of that area goes to their
Retreat Area, by the skill's effect. With N or fewer cards there, nothing is chosen and nothing
moves ("if you do" is then false). The count is a number; the cards are all the area's cards
(no filter: "5 red cards" would leave which of the others go unsaid).

The checker's rules (:func:`check`), the compiled effect (:func:`effect`) and the English
(:func:`render`) are side by side here; dsl/skillcheck.py, dsl/skillcompile.py and
dsl/render.py hand the statement over with one line each."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl.selectors import place_area
from fecipher.engine.deployment import place_ban_refusal

# The areas a player keeps cards of: the selector's noun and place -> the area.
_HAND, _BONDS = "hand", "bonds"


def _area(st: A.KeepRest) -> str | None:
    sel = st.kept
    if not isinstance(sel, A.Filtered):
        return None
    if sel.noun in ("bond", "bonds") and not sel.posts:
        return _BONDS
    places = [p.value for p in sel.posts if p.kind == "from_place"]
    if sel.noun in ("card", "cards") and len(places) == 1 and len(sel.posts) == 1 \
            and place_area(places[0]) == "hand":
        return _HAND
    return None


def _own(owner: str, actor: str) -> bool:
    """Whether a place's owner word names the acting player's own area."""
    return owner == ("your" if actor == "you" else "their")


def check(checker, st: A.KeepRest) -> None:
    kind = checker.s.kind
    if kind in ("cont", "spec"):
        checker.err(st.pos, f"'... keep N cards ... and send the rest ...' is an effect; a {kind.upper()} skill "
                            f"states what holds")
        return
    if st.actor == "each":
        checker.err(st.pos, "say who keeps the cards: 'you keep ...' or 'your opponent keeps ...'")
        return
    keep, send = ("keep", "send") if st.actor == "you" else ("keeps", "sends")
    if st.verb != keep or st.verb2 != send:
        who = "you" if st.actor == "you" else "your opponent"
        checker.err(st.pos, f"write '{who} {keep} 5 cards from {'your' if st.actor == 'you' else 'their'} hand and "
                            f"{send} the rest to {'your' if st.actor == 'you' else 'their'} retreat area'")
        return
    sel = st.kept
    area = _area(st)
    q = sel.quantifier if isinstance(sel, A.Filtered) else None
    if area is None or sel.qualifiers or q is None or q.kind not in ("exactly", "one") or not q.n:
        checker.err(sel.pos, "what stays is a number of cards of a hand or of a bond area, with no filter: "
                             "'5 cards from your hand', '5 bonds'")
        return
    if area == _HAND and not _own(next(p.value for p in sel.posts).owner, st.actor):
        checker.err(sel.pos, "a player keeps cards of their own hand ('you keep ... from your hand', 'your "
                             "opponent keeps ... from their hand')")
    if place_area(st.dest) != "retreat" or not _own(st.dest.owner, st.actor):
        checker.err(st.dest.pos, "the rest goes to the keeping player's own retreat area ('your retreat area'; "
                                 "'their retreat area' after 'your opponent')")


def effect(st: A.KeepRest):
    """The keeping player chooses the N cards that stay; the others are sent, one by one, to
    their Retreat Area by the skill ("did": whether any card was sent)."""
    from fecipher.engine.decisions import CARD, Option, choose
    area, n, text = _area(st), st.kept.quantifier.n, render(st)

    def eff(ctx):
        g = ctx.game
        ctx.data["did"] = False
        player = ctx.controller if st.actor == "you" else ctx.opponent
        p = g.players[player]
        cards = list(p.hand) if area == _HAND else [b.copy for b in p.bonds]
        if len(cards) <= n:
            return
        opts = [Option(CARD, card=c.id, label=c.card.name) for c in cards]
        picked = yield from choose(player, f"{ctx.skill.name}: choose the {n} cards that stay ({text})", opts,
                                   minimum=n, maximum=n)
        kept = {o.card for o in picked}
        for c in cards:
            still = c in p.hand if area == _HAND else any(b.copy is c for b in p.bonds)
            if c.id not in kept and still:
                if place_ban_refusal(g, c, "retreat", by_skill=True, by_player=ctx.source.owner):
                    continue   # ("enemy skills cannot send cards from your hand to your retreat area": it stays)
                g.move_card(c, "retreat", by_skill=True)
                ctx.data["did"] = True
    return eff


def render(st: A.KeepRest) -> str:
    n = st.kept.quantifier.n if isinstance(st.kept, A.Filtered) and st.kept.quantifier else 0
    cards = "card" if n == 1 else "cards"
    if st.actor == "you":
        where = f"{n} {cards} in your hand" if _area(st) == _HAND else f"{n} of your Bond cards"
        return f"Choose {where} to keep, and send the rest to your Retreat Area."
    where = f"{n} {cards} in their hand" if _area(st) == _HAND else f"{n} of their Bond cards"
    return f"Your opponent chooses {where} to keep, and sends the rest to their Retreat Area."
