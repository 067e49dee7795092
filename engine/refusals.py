"""Why an answer is refused: the same rule checks that list the legal options."""
from __future__ import annotations

from typing import TYPE_CHECKING

from fecipher.engine import decisions as D
from fecipher.engine.decisions import Option

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game


_KINDS_OF = {
    D.ACTION: (D.ATTACK, D.MOVE, D.USE_SKILL),
    D.DEPLOYMENT: (D.DEPLOY, D.LEVEL_UP, D.CLASS_CHANGE),
    D.BOND: (D.PLACE_BOND,),
}


def explain(game: "Game", option: Option) -> str:
    d = game.decision
    assert d is not None
    kinds = {o.kind for o in d.options}
    # A kind this decision can take, though no option of it is legal now (every
    # attack refused on the first turn ...), is explained by its rule below.
    if option.kind not in kinds and option.kind not in _KINDS_OF.get(d.kind, ()):
        wanted = ", ".join(sorted(kinds))
        return f"the pending decision ({d.kind}) takes one of: {wanted}; not {option.kind}"
    reason: str | None = None
    if d.kind == D.ACTION:
        from fecipher.engine.battle import attack_refusal
        from fecipher.engine.phases import move_refusal
        from fecipher.engine.resolution import find_skill_context, usable
        if option.kind == D.ATTACK:
            reason = attack_refusal(game, game.unit(option.unit), game.unit(option.target))
        elif option.kind == D.MOVE:
            reason = move_refusal(game, game.unit(option.unit))
        elif option.kind == D.USE_SKILL:
            ctx = find_skill_context(game, option)
            reason = "no such skill to use" if ctx is None else usable(game, ctx)
    elif d.kind == D.DEPLOYMENT:
        from fecipher.engine.deployment import class_changes, deploy_refusal, level_up_refusal
        try:
            copy = game.copy(option.card) if option.card is not None else None
        except KeyError:
            copy = None
        if copy is None:
            reason = "no such card"
        elif option.kind == D.DEPLOY:
            reason = deploy_refusal(game, d.player, copy, option.area or "front")
        else:
            reason = level_up_refusal(game, d.player, copy, game.unit(option.unit))
            promoted = reason is None and class_changes(game, copy)
            if reason is None and (option.kind == D.CLASS_CHANGE) != promoted:
                reason = ("rule 5: a card with a class-change cost placed on a unit is a class change"
                          if promoted else
                          f"{copy.card.name} has no class-change cost; placing it is a level up")
    elif d.kind == D.BOND:
        from fecipher.engine.phases import bond_refusal
        reason = bond_refusal(game, d.player, option.card)
    return reason or "not one of the legal options: " + "; ".join(o.label or o.kind for o in d.options)
