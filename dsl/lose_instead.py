"""A skill in place of losing the game, and a rule that keeps the Main Character where it is
(docs/skill-language.md, "Instead of losing the game"):

    hand "Sacrifice the Light, Revive the Shadow"
      instead of losing the game when your main character is destroyed
      you may
      deploy this card
      if you do: send all other allies to your retreat area
      if you do: make this unit your main character
      if you do: you cannot transfer main character status until the end of the game

The first line makes the whole skill a replacement (engine/skills.Replacement, ``instead``) of
the loss rule 4 would bring (engine event ``GameLosing``, offered by Moves.break_orbs when a
Main Character is destroyed with no orb left; engine decision 56): its cost is paid, its
"you may" asked, and its lines run in place of the loss, the game going on. It is offered only
when its lines have something to act on (engine decision 14: "deploy this card" with the card
deployable). The skill is a HAND skill (its card in the hand: "reveal this card from your hand
and deploy it"); no other loss is offered. After a line of it deploys its own card, "this unit"
and "other" name the unit that card became (dsl/effects.py _deploy_each).

"<player> cannot transfer main character status <duration>": while it lasts, no skill makes
another unit that player's Main Character (``make ... your main character`` does nothing and
is not offered). Its duration is required; a CONT rule is not supported.
"""
from __future__ import annotations

import attrs

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl import vocabulary as V
from fecipher.engine import events as ev
from fecipher.engine import modifiers as M
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import Replacement, SkillContext


def replacement(node: A.SkillNode, costs: tuple, effect) -> Replacement:
    """The skill's replacement of its controller's loss: asked ("you may"), its costs paid,
    then ``effect`` (the skill's lines) runs instead of the loss."""
    def applies(ctx: SkillContext, e: ev.GameLosing):
        return e if e.player == ctx.controller and e.cause == "no_orb" else None

    def run(ctx: SkillContext):
        ctx.data["that_unit"] = ctx.event.unit   # ("that unit": the destroyed Main Character)
        if effect is not None:
            yield from effect(ctx)

    return Replacement(ev.GameLosing, applies, "use it instead of losing the game", node.optional,
                       instead=run, costs=costs)


def is_main_character_of_yours(sel) -> bool:
    return isinstance(sel, A.Ref) and sel.kind == "main_character"


def check_skill(chk, node: A.SkillNode) -> None:
    """What the checker asks of a skill with an 'instead of losing the game when ...' line."""
    t = next(t for t in node.triggers if t.instead_of_losing)
    if len(node.triggers) > 1:
        chk.err(t.pos, "'instead of losing the game when ...' is the skill's only trigger line")
    if node.kind != "hand":
        chk.err(t.pos, "'instead of losing the game when ...' is supported in a HAND skill (its card in the "
                       f"hand), not in a {node.kind.upper()} skill")
    if t.kind != "destroyed" or not is_main_character_of_yours(t.subject) or t.cause or t.or_cause:
        chk.err(t.pos, "the loss a skill may replace is rule 4's: 'instead of losing the game when your main "
                       "character is destroyed' (with no orb left); other losses or causes are not supported")
    if not node.statements:
        chk.err(t.pos, "say what happens instead of losing the game")


def check_ban(chk, st: A.McTransferBan) -> None:
    kind = chk.s.kind
    if kind in ("cont", "spec", "support"):
        chk.err(st.pos, "'... cannot transfer main character status' is supported as an effect with a duration "
                        f"('until the end of the game'), not as a {kind.upper()} skill's rule")
    elif st.duration is None:
        chk.err(st.pos, "this rule needs a duration, e.g. 'until the end of the game'")
    elif st.who != "you":
        chk.err(st.pos, "'... cannot transfer main character status' is supported for 'you' (the skill's "
                        "controller)")


def ban_effect(st: A.McTransferBan):
    """The rule for its duration: a modifier that reaches no unit (see M.CANNOT_TRANSFER_MC)."""
    duration = V.DURATIONS[st.duration.kind] if st.duration else M.PERMANENT
    text = render.statement(st)

    def eff(ctx: SkillContext):
        g = ctx.game
        player = ctx.controller
        g.add_modifier(Modifier(M.CANNOT_TRANSFER_MC, "flag", (lambda gm, un, player=None, _p=player, **kw: player == _p),
                                duration, ctx.controller, applies=lambda gm, u: False, turn=g.turn, text=text,
                                source=ctx.skill.name))
        ctx.data["did"] = True
        return
        yield  # pragma: no cover
    return eff


def render_ban(st: A.McTransferBan) -> str:
    who = {"opponent": "your opponent", "you": "you", "each": "each player"}[st.who]
    body = f"{who} cannot transfer Main Character status"
    d = render.duration(st.duration)
    return render.cap(f"{d}, {body}" if d else body) + "."


def _nodes(node):
    """Every syntax node in ``node`` (itself first)."""
    if isinstance(node, tuple):
        for x in node:
            yield from _nodes(x)
        return
    if attrs.has(type(node)) and not isinstance(node, A.Pos):
        yield node
        for f in attrs.fields(type(node)):
            yield from _nodes(getattr(node, f.name))


def _deploys_this_card(st) -> bool:
    while isinstance(st, A.Guarded):
        st = st.statement
    return isinstance(st, A.Action) and st.verb == "deploy" and isinstance(st.target, A.Ref) \
        and st.target.kind == "this_card"


def check_this_unit(chk, node: A.SkillNode) -> None:
    """A HAND skill's card is no unit: its 'this unit' and 'other' name the unit that card
    becomes, so only after a line deploying it ('deploy this card', B22-022R)."""
    deployed = False
    for st in node.statements:
        if not deployed:
            for n in _nodes(st):
                if (isinstance(n, A.Ref) and n.kind == "this") or (isinstance(n, A.Qualifier) and n.kind == "other"):
                    chk.err(n.pos, "a HAND skill's card is not a unit: 'this unit' and 'other' name the unit it "
                                   "becomes after a line deploying it ('deploy this card'); before that they are "
                                   "not supported (say 'this card', or 'all allies')")
                    return
        deployed = deployed or _deploys_this_card(st)
