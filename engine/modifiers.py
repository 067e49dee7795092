"""Computed values: attack, support, ranges, types, names, skills and flags.

Nothing is stored on a unit and patched. Every value is the top card's printed
value changed by (1) timed modifiers the game holds, each with a duration, and
(2) the continuous effects of skills active right now. Both are consulted each
time a value is asked for, so a modifier whose condition stops holding, or whose
source leaves the field, stops counting at once.

Ops: ``add`` (numbers), ``set`` (numbers: the last set wins, then adds apply;
``orbs`` takes the largest so two "becomes 2" do not make 4), ``grant`` (adds to
a set: ranges, types, unit names, skills), ``remove`` (removes from a set),
``replace`` (a set replaced whole: "acquires range 1-2" replaces ranges),
``flag`` (a yes/no such as "cannot attack"; the value may be a predicate over a
context such as the attacker), ``mul`` (numbers: multiplies the total after
adds, "its attack is doubled"). A callable value that returns None does not
apply now (a change that holds "while" a state holds).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

import attrs

from fecipher.engine.frozen import quick_frozen
from fecipher.engine.skills import this_unit

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.game import Game
    from fecipher.engine.state import Unit

# Stats.
ATTACK = "attack"
SUPPORT = "support"            # support power of this unit's support card
RANGES = "ranges"
TYPES = "types"
UNIT_NAMES = "unit_names"
SYMBOLS = "symbols"
SKILLS = "skills"
ORBS = "orbs"                  # orbs this unit's attack breaks when it destroys an MC
CRITICAL_FACTOR = "critical_factor"   # what a critical hit multiplies this unit's attack by (2 printed)
EVASION_CARDS = "evasion_cards"       # how many cards with its unit name evading this unit's attack takes (1 printed)
# Flags. A predicate value gets keyword context (attacker=, defender=, card=).
CANNOT_ATTACK = "cannot_attack"
CANNOT_BE_ATTACKED = "cannot_be_attacked"       # context: attacker
CANNOT_BE_EVADED = "cannot_be_evaded"           # this unit's attacks; context: evader (the defender)
CANNOT_CRITICAL = "cannot_critical"
CANNOT_EVADE = "cannot_evade"
CANNOT_MOVE = "cannot_move"
CANNOT_BE_MOVED_BY_SKILLS = "cannot_be_moved_by_skills"
CANNOT_BE_DESTROYED = "cannot_be_destroyed"
CANNOT_BE_DESTROYED_BY_SKILLS = "cannot_be_destroyed_by_skills"
CANNOT_BE_CHOSEN = "cannot_be_chosen"           # by the opponent's skills
SUPPORT_FAILS = "support_fails"                 # context: card (the support card)
CANNOT_UNTAP = "cannot_untap"
CANNOT_USE_SKILL = "cannot_use_skill"           # context: skill (the skill's name), kind (SKILL_KINDS)
SUPPORT_ALLOWED = "support_allowed"             # context: card; a same-name support still succeeds
# Series 1 additions. LOST_SKILLS: names of skills the unit does not have (printed or
# acquired, so it cannot acquire them again while this holds). COPY: a timed "set" whose
# value is (Card, keeps): the unit's values come from that card except the kept ones
# ("name", "attack"); see Game.base_card.
LOST_SKILLS = "lost_skills"
# In LOST_SKILLS: every skill ("loses all skills"); no skill name holds a new line.
ALL_SKILLS = "\n"
# In LOST_SKILLS: ONE_OF + "X" is every skill named "X" the unit has but the first (printed
# before acquired): "each ally can only possess 1 instance of "Anti-Fliers"" (B22-094R).
ONE_OF = "\x01"
# In LOST_SKILLS: every skill but the SPEC skills ("loses all non-|SPEC| skills", B13-094N).
ALL_BUT_SPEC = "\x02"
COPY = "copy"
# Attack and destruction rules beyond Series 1. ATTACKS_REGARDLESS_OF_RANGE, context
# defender: this unit may attack that enemy whatever its range and the lines (rule 11
# is not asked for that pair; battle.legal_attacks and target_refusal both ask it).
# "can only attack X" is CANNOT_ATTACK with a predicate on the defender.
# CANNOT_BE_DESTROYED_IN_BATTLE, context attacker: the attacking unit whose attack
# would destroy it. CANNOT_BE_DESTROYED_BY_SKILLS gets context player: the
# controller of the skill that would destroy it ("by enemy skills"), and source: the
# unit whose skill it is, None when it is no unit's or its unit has left the field
# ("by skills of tome enemies"), and cost: True when a skill's cost destroys it, not its
# effect ("by the effect of skills").
ATTACKS_REGARDLESS_OF_RANGE = "attacks_regardless_of_range"
CANNOT_BE_DESTROYED_IN_BATTLE = "cannot_be_destroyed_in_battle"
# A rule about a player, not a unit: "your opponent cannot deploy cards with cost 5 or
# more". Its value is a predicate value(game_or_ctx, None, player=, card=, area=); a
# timed one reaches no unit (applies is always False) and a continuous one is found
# with the other continuous effects; deployment.deploy_ban_refusal asks them.
CANNOT_DEPLOY = "cannot_deploy"
# "you can deploy <Yellow> cards stacked beneath this unit as if they were in your hand" (a CONT
# skill: value(ctx, None, card=copy) says whether that card of the skill's unit's stack is offered)
DEPLOY_FROM_STACK = "deploy_from_stack"
# A rule about a player's areas, found like CANNOT_DEPLOY: value(game_or_ctx, None, card=, dest=,
# src=, by_skill=, by_player=) is whether that card cannot enter that area ("bonds", "orbs",
# "retreat") of its owner from ``src`` ("your opponent cannot add cards to their orbs"; by_player:
# the controller of the skill moving it, for "enemy skills cannot send ..."); deployment.place_ban_refusal asks them.
CANNOT_PLACE = "cannot_place"
# A rule about a player's draws, found like CANNOT_DEPLOY: value(game_or_ctx, None, player=) is
# whether that player cannot draw a card now ("your opponent cannot draw cards", under the skill's
# condition "if your opponent has 4 or more cards in their hand"); moves.draw asks it before each
# card drawn (deployment.draw_ban_refusal), so a condition on the hand caps a draw of several cards.
CANNOT_DRAW = "cannot_draw"
# A rule that a player cannot transfer Main Character status ("Until the end of the game, you
# cannot transfer Main Character status", B22-022R): value(game, None, player=) is whether that
# player's Main Character may not become another unit; Moves.mc_transfer_refusal asks it.
CANNOT_TRANSFER_MC = "cannot_transfer_mc"
# Bond skills given to bond cards by a unit's CONT skill ("All of your <Yellow> Bond cards possess
# this unit's [BS] skill"): value(ctx, None, card=, player=) is the skills that face-up bond card
# of that player has besides its printed ones; resolution.bond_skills asks it.
BOND_SKILLS = "bond_skills"
# A rule about a player, found like CANNOT_DEPLOY: value(ctx, None, player=) is whether that
# player deploys and levels up without the symbols of rule 5 ("even if you do not have Bond
# cards with compatible colors"); deployment.symbols_waived asks it.
SYMBOLS_WAIVED = "symbols_waived"
# A card's own SPEC rule on the line it is deployed to ("this card cannot be deployed in
# the same line as "Johalvier""): value(ctx, None, area=) is whether that line is refused;
# deployment.deploy_ban_refusal asks the card's skills for it.
DEPLOY_LINE_RULE = "deploy_line_rule"
# A card's own SPEC rule "this card cannot be deployed by skills of non-"Nemesis" cards"
# (B21-048HN): value(ctx, None, source=) is whether a skill of the card ``source`` (the card
# whose skill deploys it) is refused; deployment.deploy_ban_refusal asks the card's skills.
SKILL_DEPLOY_SOURCE_RULE = "skill_deploy_source_rule"
# CANNOT_LEVEL_UP (a class change is a level up too) and CANNOT_CLASS_CHANGE, context
# by_skill: whether a skill (not the Deployment Phase) would place the card on the unit.
CANNOT_LEVEL_UP = "cannot_level_up"
CANNOT_CLASS_CHANGE = "cannot_class_change"

# Values of cards that are not units (engine/card_values.py): a card in the hand, the
# Bond Area, the Support Area ... The value of a continuous effect on one of these is
# value(ctx, copy, **context) and its test applies(ctx, copy, area).
CARD_COST = "card_cost"                 # deployment cost (also what a level up costs)
CARD_CC_COST = "card_cc_cost"           # class-change cost (None printed: the card has none)
CARD_SUPPORT = "card_support"           # support value
CARD_UNIT_NAMES = "card_unit_names"     # unit names (and aliases)
CARD_SYMBOLS = "card_symbols"
CARD_STATS = frozenset({CARD_COST, CARD_CC_COST, CARD_SUPPORT, CARD_UNIT_NAMES, CARD_SYMBOLS})
# A unit's deployment cost ("until the end of the turn, that enemy's deployment cost becomes 1").
COST = "cost"
# A unit's skills' costs: SKILL_COST_CUT values are (bonds, floor) or None, asked with the
# context skill= (the skill's name): the bonds that skill flips are fewer by that many, not
# below the floor. FREE_SKILL (a flag, context skill=): the skill is used without paying its cost.
SKILL_COST_CUT = "skill_cost_cut"
FREE_SKILL = "free_skill"
# SKILL_ALT_COST values are value(game, unit, skill=name) -> (costs, text) or None: another way
# the unit's controller may pay the cost of that skill of the unit ("you may destroy 1 other
# ally instead of paying the cost of "X""), offered when the skill's cost is paid.
SKILL_ALT_COST = "skill_alt_cost"
# CHOICE_WIDEN (op "widen"), asked with the context skill= (the skill's name): what the choice
# that skill of the unit makes also offers, or None (dsl/choice_widen.py; the value is the
# language's, the engine only carries it).
CHOICE_WIDEN = "choice_widen"
# Skill control (docs/skill-language.md, "Skill control ..."). SKILL_BAN is a rule about
# players, as CANNOT_DEPLOY: its value is a predicate value(game_or_ctx, None, player=,
# kind=, also=, skill=, card=) telling whether a skill of that kind (SKILL_KINDS; also=
# "auto" / "act" for a bond or hand skill that triggers / is used), name and card,
# controlled by that player, cannot be used, trigger or activate now ("your opponent's
# support skills cannot activate", "all auto skills cannot trigger"); a timed one reaches
# no unit. NO_SUPPORT_SKILL (a flag): the unit's card has lost its support skill ("all
# enemies lose their support skills"). NO_TURN_LIMIT (a flag, context skill=): that skill
# of the unit loses [Once per Turn].
SKILL_BAN = "skill_ban"
# LVS_USABLE (a flag, context level=N): the unit's [LvS N] skills are active whatever the
# size of its stack ("All [LvS2] skills possessed by allies become usable"). Read, as
# SKILLS and LOST_SKILLS, from the printed CONT skills (engine/values.py), so that it
# cannot loop.
LVS_USABLE = "lvs_usable"
# SUPPORT_TWICE (a flag): the support skill of the card supporting this unit activates a
# second time ("The Support Skill of this unit's Support activates a 2nd time", B05-049HN).
SUPPORT_TWICE = "support_twice"
# SUPPORT_OPPONENTS_SKILLS (a flag): the card supporting this unit also has the support
# skills of the opponent's support card, one of each name ("The card supporting this unit
# acquires your opponent's Support Skills", B07-044SR; engine/battle.py, support_skills_of).
SUPPORT_OPPONENTS_SKILLS = "support_opponents_skills"
NO_SUPPORT_SKILL = "no_support_skill"
NO_TURN_LIMIT = "no_turn_limit"
# The kind words of skill control, by engine kind (a DB-shared skill keeps its kind).
SKILL_KINDS = {"ACT": "act", "AUTO": "auto", "CONT": "cont", "SPEC": "spec", "BOND": "bond", "HAND": "hand",
               "SUPP": "support", "RETREAT": "retreat",
               "BOUNDLESS": "boundless"}

FLAGS = frozenset({
    CANNOT_ATTACK, CANNOT_BE_ATTACKED, CANNOT_BE_EVADED, CANNOT_CRITICAL, CANNOT_EVADE,
    CANNOT_MOVE, CANNOT_BE_MOVED_BY_SKILLS, CANNOT_BE_DESTROYED, CANNOT_BE_DESTROYED_BY_SKILLS,
    CANNOT_BE_CHOSEN, SUPPORT_FAILS, CANNOT_UNTAP, CANNOT_USE_SKILL, SUPPORT_ALLOWED, FREE_SKILL,
    ATTACKS_REGARDLESS_OF_RANGE, CANNOT_BE_DESTROYED_IN_BATTLE, CANNOT_DEPLOY, CANNOT_LEVEL_UP,
    CANNOT_CLASS_CHANGE, SKILL_BAN, NO_SUPPORT_SKILL, NO_TURN_LIMIT, LVS_USABLE, SUPPORT_TWICE, CANNOT_PLACE,
    SUPPORT_OPPONENTS_SKILLS,
    CANNOT_DRAW, CANNOT_TRANSFER_MC,
})
# (not a flag: a list of skills, asked only about face-up bond cards)
BOND_SKILL_STATS = frozenset({BOND_SKILLS})
STATS = frozenset({ATTACK, SUPPORT, RANGES, TYPES, UNIT_NAMES, SYMBOLS, SKILLS, ORBS, LOST_SKILLS, COPY, COST, SKILL_COST_CUT, CHOICE_WIDEN,
                   SKILL_ALT_COST, EVASION_CARDS,
                   CRITICAL_FACTOR}) | FLAGS | CARD_STATS | BOND_SKILL_STATS

# Durations.
END_OF_TURN = "end_of_turn"
END_OF_COMBAT = "end_of_combat"
END_OF_OPPONENTS_NEXT_TURN = "end_of_opponents_next_turn"
END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"   # the controller's own next turn's end
WHILE_ON_FIELD = "while_on_field"     # until the unit leaves the field
PERMANENT = "permanent"               # for the rest of the game
DURATIONS = (END_OF_TURN, END_OF_COMBAT, END_OF_OPPONENTS_NEXT_TURN, END_OF_YOUR_NEXT_TURN, WHILE_ON_FIELD,
             PERMANENT)


@quick_frozen      # (see engine/frozen.py)
@attrs.frozen
class Modifier:
    """A timed modifier. ``unit`` targets one unit (it ends when that unit leaves
    the field); otherwise ``applies(game, unit)`` picks units, for effects such as
    "all allies gain +30" that also reach units deployed later."""

    stat: str
    op: str
    value: Any
    duration: str
    controller: int
    unit: int | None = None
    applies: Callable[["Game", "Unit"], bool] | None = None
    condition: Callable[["Game"], bool] | None = None
    turn: int = 0                 # the turn it was created in
    text: str = ""
    source: str = ""              # the skill it came from, for people
    # The unit whose leaving the field ends it ("until this unit leaves the Battlefield, your
    # opponent cannot deploy ..."): a rule about a player or a change of other units that lasts
    # while the skill's own unit stays on the field (with duration WHILE_ON_FIELD).
    holder: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.stat not in STATS:
            raise ValueError(f"unknown stat {self.stat!r}")
        if self.duration not in DURATIONS:
            raise ValueError(f"unknown duration {self.duration!r}")

    def reaches(self, game: "Game", unit: "Unit") -> bool:
        if self.unit is not None and self.unit != unit.id:
            return False
        if self.applies is not None and not self.applies(game, unit):
            return False
        if self.condition is not None and not self.condition(game):
            return False
        return True


def expired(mod: Modifier, game: "Game", moment: str) -> bool:
    """Whether ``mod`` ends at ``moment`` ("end_of_turn" or "end_of_combat")."""
    if moment == END_OF_COMBAT:
        return mod.duration == END_OF_COMBAT
    if moment == END_OF_TURN:
        if mod.duration in (END_OF_TURN, END_OF_COMBAT):
            return True
        if mod.duration == END_OF_OPPONENTS_NEXT_TURN:
            # Ends at the end of the first turn of the controller's opponent
            # after the one it was made in.
            return game.turn_player != mod.controller and game.turn > mod.turn
        if mod.duration == END_OF_YOUR_NEXT_TURN:
            # Ends at the end of the controller's first own turn after the one it was made
            # in (the opponent's turn between them does not end it).
            return game.turn_player == mod.controller and game.turn > mod.turn
    return False


def _resolve(value: Any, game: "Game", unit: "Unit", ctx: dict) -> Any:
    return value(game, unit, **ctx) if callable(value) else value


def contributions(game: "Game", unit: "Unit", stat: str) -> Iterator[tuple[str, Any]]:
    """Every (op, value) currently aimed at ``unit``'s ``stat``."""
    for mod in game.modifiers_for(stat):
        if mod.reaches(game, unit):
            yield mod.op, mod.value
    yield from game.continuous_contributions(unit, stat)


def _aimed(game: "Game", unit: "Unit", stat: str, ctx: dict) -> list[tuple[str, Any, Any]]:
    """:func:`contributions` with every value resolved (None where it does not
    apply now), as a list of (op, value, source): what compute_number and
    compute_set add up; the source is the Modifier or the continuous skill's
    context. (One loop here, no generator layers and no wrapping of skill
    values: it is asked for every attack of every battle.)"""
    out = []
    for mod in game._mods_by_stat.get(stat, ()):
        if mod.reaches(game, unit):
            v = mod.value
            out.append((mod.op, v(game, unit, **ctx) if callable(v) else v, mod))
    # Which units an effect reaches first, its skill's condition only for the
    # effects that reach the unit (as Game.continuous_contributions).
    for ce, sctx in _reaching(game, unit, game._continuous_sources(stat)):
        v = ce.value
        out.append((ce.op, v(sctx, unit, **ctx) if callable(v) else v, sctx))
    return out


# Cache key of the parts of a unit's attack (Game.attack_sources reads them).
ATTACK_PARTS = "attack_parts"


def _cache_key(unit: "Unit", stat: str, ctx: dict) -> tuple:
    if not ctx:
        return (unit.id, stat)
    return (unit.id, stat) + tuple((k, getattr(v, "id", v)) for k, v in sorted(ctx.items()))


def printed_only(game: "Game", stat: str) -> bool:
    """No modifier and no continuous skill of this game's cards changes ``stat``:
    every unit has its printed value."""
    return stat not in game._live_stats and stat not in game._mods_by_stat


def idle(game: "Game", stat: str) -> bool:
    """Nothing changes ``stat`` of any unit right now: no modifier on it and no
    active continuous effect on it (outside a value being computed, where a
    cycle is cut instead). Every unit has the printed value."""
    if stat in game._mods_by_stat or game._computing:
        return False
    if stat not in game._live_stats:
        return True
    # (the continuous sources, when already found on this field; with continuous skills of the
    # Boundless Area, the field's are not all of them: Values._boundless_sources)
    known = game._field_cache.get(stat) if not game._boundless_ces else None
    if known is not None:
        return not known
    if game._no_printed_source(stat):
        # What _continuous_sources would find and remember for this field: none.
        game._field_cache[stat] = []
        return True
    return not game._continuous_sources(stat)




_MISSING = object()


def cached(fn):
    """Values are pure functions of the state: remember them until the state changes
    (the game clears the cache on every event and every other change). A stat that
    no skill of the game and no modifier can touch is its printed value at once."""
    idle_value = _IDLE[fn.__name__]

    def wrapper(game: "Game", unit: "Unit", stat: str, *args: Any, **ctx: Any):
        mods = game._mods_by_stat.get(stat)
        if mods is not None:
            uid = unit.id
            for mod in mods:
                if mod.unit is None or mod.unit == uid:
                    break
            else:
                mods = None   # every timed modifier on the stat is aimed at another unit
        if mods is None:
            # With no modifier on the stat that can reach the unit and no active
            # continuous effect changing it, the value is the printed one.
            if stat not in game._live_stats:   # printed_only(game, stat)
                return idle_value(*args)
            if (unit.id, stat) not in game._computing:
                # (the field's sources, when already found on this field: Values._unit_sources)
                known = game._field_cache.get(stat) if not game._boundless_ces else None
                if not (known if known is not None else game._continuous_sources(stat)):
                    return idle_value(*args)
        # The key: the unit, the stat, the unit's top card (a level up changes the
        # unit) and the context (ids of objects), built without sorting for the
        # usual one-item context.
        if not ctx:
            key: tuple = (unit.id, stat, unit.cards[0].id)
        elif len(ctx) == 1:
            for k, v in ctx.items():
                key = (unit.id, stat, unit.cards[0].id, k, getattr(v, "id", v))
        else:
            key = (unit.id, stat, unit.cards[0].id) + tuple(
                (k, getattr(v, "id", v)) for k, v in sorted(ctx.items()))
        cache = game._cache
        value = cache.get(key, _MISSING)   # (a miss is common: the cache is new after every event)
        if value is not _MISSING:
            return value
        outer = game._cycle_cut
        game._cycle_cut = False
        value = fn(game, unit, stat, *args, **ctx)
        if not game._cycle_cut:  # a value cut short by a cycle is not remembered
            cache[key] = value
        game._cycle_cut = game._cycle_cut or outer
        return value
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


_IDLE = {
    "compute_number": lambda base, *a: max(0, base),
    "compute_set": lambda base, *a: frozenset(base),
    "compute_flag": lambda *a: False,
}


@cached
def compute_number(game: "Game", unit: "Unit", stat: str, base: int, **ctx: Any) -> int:
    key = (unit.id, stat)
    if key in game._computing:  # a value that depends on itself counts as printed
        game._cycle_cut = True
        return base
    game._computing.add(key)
    try:
        value = base
        adds = 0
        sets: list[int] = []
        factor = 1
        parts = _aimed(game, unit, stat, ctx)
        if stat == ATTACK and not ctx and not game._cycle_cut:
            # Kept for the battle log (Game.attack_sources), in this state only.
            game._cache[(ATTACK_PARTS, unit.id, unit.cards[0].id)] = parts
        for op, v, _ in parts:
            if v is None:
                continue
            if op == "add":
                adds += int(v)
            elif op == "set":
                sets.append(int(v))
            elif op == "mul":
                factor *= int(v)
        if sets:
            value = max(sets) if stat == ORBS else sets[-1]
        return max(0, (value + adds) * factor)
    finally:
        game._computing.discard(key)


def combine_set(base, changes) -> frozenset:
    """A set value (types, symbols, names, skills ...) from its printed ``base`` and
    ``(op, value)`` changes in order: "replace" sets it, then every "grant" adds and
    every "remove" takes away, whatever their order."""
    value = set(base)
    grants: set = set()
    removes: set = set()
    for op, v in changes:
        if v is None:
            continue
        items = v if isinstance(v, (set, frozenset, tuple, list)) else (v,)
        if op == "replace":
            value = set(items)
        elif op == "grant":
            grants.update(items)
        elif op == "remove":
            removes.update(items)
    return frozenset((value | grants) - removes)


@cached
def compute_set(game: "Game", unit: "Unit", stat: str, base: frozenset, **ctx: Any) -> frozenset:
    key = (unit.id, stat)
    if key in game._computing:
        game._cycle_cut = True
        return base
    game._computing.add(key)
    try:
        return combine_set(base, ((op, v) for op, v, _ in _aimed(game, unit, stat, ctx)))
    finally:
        game._computing.discard(key)


@cached
def compute_flag(game: "Game", unit: "Unit", flag: str, **ctx: Any) -> bool:
    return _flag(game, unit, flag, ctx)


def pair_flag(game: "Game", unit: "Unit", flag: str, role: str, other: "Unit") -> bool:
    """``compute_flag(game, unit, flag, **{role: other})``, a flag about a pair of
    units ("cannot be attacked by ..."), as the action options ask it for every
    pair: the same answer, made without keyword arguments and not remembered
    (each pair is asked once in a state)."""
    if flag not in game._mods_by_stat:
        if flag not in game._live_stats:
            return False
        if (unit.id, flag) not in game._computing and not game._continuous_sources(flag):
            return False
    outer = game._cycle_cut
    game._cycle_cut = False
    value = _flag(game, unit, flag, {role: other})
    game._cycle_cut = game._cycle_cut or outer
    return value


def pair_flag_possible(game: "Game", unit: "Unit", flag: str) -> bool:
    """False when :func:`pair_flag` is False for ``unit`` and ``flag`` whatever the
    other unit: no modifier is on the flag and no continuous effect on it reaches
    ``unit`` now (the effects that reach it are found as :func:`_flag` finds them,
    and remembered under the same key). True when that is not known: then each
    pair is asked. (The action options ask "cannot be attacked" of a defender
    once, not once per attacker.)"""
    if flag in game._mods_by_stat:
        return True
    if flag not in game._live_stats:
        return False
    key = (unit.id, flag)
    if key in game._computing:
        return True   # (a cycle: pair_flag cuts it, pair by pair)
    game._computing.add(key)
    try:
        sources = game._continuous_sources(flag)
        if not sources:
            return False
        for ce, _ in _reaching_cached(game, unit, flag, sources):
            if ce.op == "flag":
                return True
        return False
    finally:
        game._computing.discard(key)


def _reaching_cached(game: "Game", unit: "Unit", flag: str, sources) -> list:
    """The continuous effects on ``flag`` that reach ``unit``, remembered until the state changes
    (a flag about a pair, "cannot be attacked by ...": which effects reach the unit does not
    depend on the other unit). One cut short by a cycle is not remembered, as values."""
    rkey = (REACHING, flag, unit.id, unit.cards[0].id)
    reaching = game._cache.get(rkey)
    if reaching is None:
        outer = game._cycle_cut
        game._cycle_cut = False
        reaching = _reaching(game, unit, sources)
        if not game._cycle_cut:
            game._cache[rkey] = reaching
        game._cycle_cut = game._cycle_cut or outer
    return reaching


def _flag(game: "Game", unit: "Unit", flag: str, ctx: dict) -> bool:
    key = (unit.id, flag)
    if key in game._computing:
        game._cycle_cut = True
        return False
    game._computing.add(key)
    try:
        # contributions(), one at a time: the first "yes" answers (the rest is not asked).
        for mod in game._mods_by_stat.get(flag, ()):
            if mod.reaches(game, unit) and mod.op == "flag" and _resolve(mod.value, game, unit, ctx):
                return True
        sources = game._continuous_sources(flag)
        if ctx and sources:
            # A flag about a pair ("cannot be attacked by ..."): which effects reach
            # the unit does not depend on the other unit, found once for all of them.
            for ce, sctx in _reaching_cached(game, unit, flag, sources):
                if ce.op == "flag":
                    v = ce.value
                    if v(sctx, unit, **ctx) if callable(v) else v:
                        return True
            return False
        for ce, sctx in _reaching(game, unit, sources):
            if ce.op == "flag":
                v = ce.value
                if v(sctx, unit, **ctx) if callable(v) else v:
                    return True
        return False
    finally:
        game._computing.discard(key)


# Cache key of the continuous effects that reach a unit (compute_flag).
REACHING = "reaching"


def _reaching(game: "Game", unit: "Unit", sources: list) -> list:
    """The (effect, context) of ``sources`` that reach ``unit`` now: the effect
    applies to it and its skill's condition holds (asked once per skill)."""
    out = []
    checked: dict[int, bool] = {}
    uid = unit.id
    for ce, sctx in sources:
        applies = ce.applies
        if applies is this_unit:
            if sctx.unit_id != uid:
                continue
        elif not applies(sctx, unit):
            continue
        cond = sctx.skill.condition
        if cond is not None:
            ok = checked.get(id(sctx))
            if ok is None:
                ok = checked[id(sctx)] = bool(cond(sctx))
            if not ok:
                continue
        out.append((ce, sctx))
    return out
