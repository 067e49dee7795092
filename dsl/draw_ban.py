"""Rules about a player's draws (docs/skill-language.md, "Rules about a player's draws"):

    if your opponent has 4 or more cards in their hand
    your opponent cannot draw cards                              (a CONT skill's line)
    your opponent cannot draw cards until the end of your opponent's next turn
                                                                 (an effect with a duration)

The line is parsed as the rule about deploying ('... cannot <verb> <cards>'), with the verb
"draw" and the plain noun "cards". The engine asks the rule before each card of every draw,
by rule (the Beginning Phase, a class change) or by a skill (engine/moves.draw, engine
decision 55): a CONT skill's condition is asked at that moment, so "if your opponent has 4 or
more cards in their hand, they are unable to draw cards" also caps a draw of several cards at
4 in the hand (B17-065SR's parenthesis). A card not drawn publishes nothing; "if you do" and
"for each card drawn by this skill" count only the cards drawn.
"""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.engine import modifiers as M
from fecipher.engine.skills import ContinuousEffect


def is_draw_ban(st: A.DeployBan) -> bool:
    return st.verb == "draw"


def value(st: A.DeployBan):
    """value(ctx, _, player=): whether the rule forbids that player drawing now; the players
    are counted from the skill's controller."""
    who = st.who

    def forbids(ctx, _unit, player=None, **kw):
        if player is None:
            return False
        return who == "each" or (who == "opponent" and player == ctx.opponent) \
            or (who == "you" and player == ctx.controller)
    return forbids


def continuous(st: A.DeployBan) -> list[ContinuousEffect]:
    """A CONT skill's line: the rule holds while the skill is active (its condition asked at each card)."""
    return [ContinuousEffect(M.CANNOT_DRAW, "flag", value(st), lambda ctx, u: False, render.statement(st))]


def effect(st: A.DeployBan):
    """The rule for the duration: a modifier that reaches no unit (see M.CANNOT_DRAW)."""
    from fecipher.dsl.skillcompile import player_rule_effect
    return player_rule_effect(st, M.CANNOT_DRAW, value(st), render.statement(st))


def check(chk, st: A.DeployBan) -> None:
    """What the checker asks of the line (dsl/skillcheck.py)."""
    kind = chk.s.kind
    cards = st.cards
    plain = isinstance(cards, A.Filtered) and cards.noun == "cards" and not cards.posts and not cards.qualifiers \
        and cards.quantifier is None
    if not plain or st.line is not None or st.by_skills:
        chk.err(st.pos, "a rule about a player's draws is supported as '<player> cannot draw cards' (all their "
                        "draws; a condition on the skill says when: 'if your opponent has 4 or more cards in "
                        "their hand'); which cards, a line or 'by skills' are not supported")
        return
    if kind == "cont":
        if st.duration is not None:
            chk.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    elif kind == "spec":
        chk.err(st.pos, "a rule about a player's draws is a CONT skill's line, or an effect with a duration")
    elif st.duration is None:
        chk.err(st.pos, "this rule needs a duration, e.g. 'until the end of your opponent's next turn'")


def render_statement(st: A.DeployBan) -> str:
    who = {"opponent": "your opponent", "you": "you", "each": "each player"}[st.who]
    body = f"{who} cannot draw cards"
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."
