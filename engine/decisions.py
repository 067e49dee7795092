"""Decisions: the engine stops and asks; a caller answers with one legal option.

The engine never calls a player. When the game needs a choice it exposes a
:class:`Decision` naming who decides, about what, and every legal :class:`Option`.
An answer that is not one of them is refused with :class:`IllegalAnswer` and
changes nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

import attrs

from fecipher.engine.frozen import quick_frozen

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.jsontypes import JSONObject

# Decision kinds (what is being decided).
MULLIGAN = "mulligan"
BOND = "bond"
DEPLOYMENT = "deployment"
ACTION = "action"
CHOOSE = "choose"          # choose a card, unit, orb or bond for an effect or cost
MAY = "may"                # "you may ..." yes/no
ORDER_SKILLS = "order_skills"
CRITICAL_HIT = "critical_hit"
EVASION = "evasion"
BREAK_ORB = "break_orb"

# Option kinds.
PASS = "pass"              # end the phase / skip / decline / done choosing
YES = "yes"
NO = "no"
PLACE_BOND = "place_bond"
DEPLOY = "deploy"
LEVEL_UP = "level_up"
CLASS_CHANGE = "class_change"
ATTACK = "attack"
MOVE = "move"
USE_SKILL = "use_skill"
CARD = "card"              # a card chosen (hand, retreat, deck, bond, orb, support ...)
UNIT = "unit"              # a unit chosen
AREA = "area"              # an area chosen (front / back)
SKILL = "skill"            # a pending skill chosen to resolve next
DISCARD = "discard"        # a card discarded for a critical hit or an evasion
ALTERNATIVE = "alternative"  # another way a skill gives to pay for a critical hit or an evasion
EFFECT = "effect"          # one effect of a choice ("either ... or ..."); target: its index

Generator_ = Generator["Decision", Any, Any]


class IllegalAnswer(Exception):
    """An answer that is not a legal option. The game is unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@quick_frozen      # (made often: see engine/frozen.py)
@attrs.frozen
class Option:
    """One legal answer. ``label`` is English for people and is not compared."""

    kind: str
    card: int | None = None
    unit: int | None = None
    target: int | None = None
    area: str | None = None
    skill: str | None = None
    label: str = attrs.field(default="", eq=False)

    def to_json(self) -> "JSONObject":
        """The option as JSON values (fields that are None left out)."""
        out: dict[str, Any] = {"kind": self.kind}
        for k in ("card", "unit", "target", "area", "skill"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        out["label"] = self.label
        return out

    def __str__(self) -> str:
        return self.label or self.kind


@quick_frozen      # (one per decision: see engine/frozen.py)
@attrs.frozen
class Decision:
    """A pending decision. ``options`` lists every legal answer, in a stable order."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    # For choices that pick several things one at a time: how many are still
    # required (a PASS option appears only once that many have been picked).
    context: dict = attrs.field(factory=dict, eq=False, hash=False)

    def to_json(self) -> "JSONObject":
        """The decision as JSON values: player, kind, prompt and options."""
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
        }


# Always the same (options are immutable values: made once).
_YES_NO = (Option(YES, label="yes"), Option(NO, label="no"))

# Options made before, by what makes them: an option is an immutable value, and the
# decisions of many turns and games offer the same ones again ("attack Caeda with
# Marth", "place Cain as a bond" ...): each is made once. A key holds the option's
# kind first, then everything its fields and label are made from. Written as
#     MADE_OPTIONS.get(key) or made_option(key, Option(...))
# so that a known option costs one lookup and no Option is built.
MADE_OPTIONS: dict[tuple, Option] = {}
_MADE_LIMIT = 20_000   # past it, every option is forgotten at once


def made_option(key: tuple, option: Option) -> Option:
    """Remember ``option`` as the one made for ``key``; returns it."""
    if len(MADE_OPTIONS) >= _MADE_LIMIT:
        MADE_OPTIONS.clear()
    MADE_OPTIONS[key] = option
    return option


def yes_no(player: int, prompt: str) -> Generator_:
    """Ask a yes/no question; returns True for yes."""
    ans = yield Decision(player, MAY, prompt, _YES_NO)
    return ans.kind == YES


def choose(player: int, prompt: str, options: list[Option], *, minimum: int = 1,
           maximum: int = 1, kind: str = CHOOSE, done_label: str = "done") -> Generator_:
    """Pick between ``minimum`` and ``maximum`` of ``options``, one at a time.

    Returns the list of chosen options. With fewer candidates than ``minimum``,
    every candidate is chosen as far as it goes (callers check affordability first).
    """
    chosen: list[Option] = []
    remaining = list(options)
    while remaining and len(chosen) < maximum:
        opts = list(remaining)
        if len(chosen) >= minimum:
            opts.append(Option(PASS, label=done_label))
        ans = yield Decision(player, kind, prompt, tuple(opts),
                             {"chosen": len(chosen), "min": minimum, "max": maximum})
        if ans.kind == PASS:
            break
        chosen.append(ans)
        remaining = [o for o in remaining if o != ans]
    return chosen
