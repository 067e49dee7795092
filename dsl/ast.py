"""The typed syntax tree of a card pack. Every node carries its source position.

Nodes are values: equal when their fields are, hashable, and never changed once made
(attrs.evolve makes a changed copy). They are not attrs-frozen only because a frozen
instance is made by one object.__setattr__ call per field, which was an eighth of the
time to parse a pack; nothing assigns to a node's field."""
from __future__ import annotations

import operator
import weakref
from typing import Any, Callable

import attrs


def _node(cls):
    return attrs.define(cls, unsafe_hash=True)


@_node
class Pos:
    line: int
    column: int


@_node
class Fact:
    kind: str            # codes, cost, class_change_cost, symbols, gender, weapon, types, class, range, attack, support
    value: Any
    pos: Pos


@_node
class Keyword:
    name: str
    arg: int | None
    pos: Pos


@_node
class Place:
    owner: str           # "your", "opponent's", "each", "its owner's", "the"
    words: tuple[str, ...]
    pos: Pos


# ---- selectors
@_node
class Ref:
    kind: str            # this, this_card, chosen, event_unit, event_card, main_character, attacker, defender,
                         # own_attacker, own_defender, own_battler, deck_top, named, support_card
    name: str | None
    pos: Pos
    names: tuple[str, ...] = ()      # named: every alternative ("Catria" or "Est")
    of: "Ref | None" = None          # support_card: whose support card
    count: int | None = None         # deck_top: "the top 3 cards of ..." (None: the top card)


@_node
class Qualifier:
    kind: str            # words, not_word, not_name, name, other, class_changed, not_class_changed, tapped, untapped,
                         # any ("Kent" or a female ally: its values are the qualifiers, one of which must hold)
    values: tuple[str | Qualifier, ...]
    pos: Pos


@_node
class PostFilter:
    kind: str            # with_stat, in_line, from_place, other_than, named
    stat: str | None = None
    op: str | None = None
    value: Any = None
    pos: Pos = Pos(0, 0)


@_node
class Quantifier:
    kind: str            # exactly, up_to, any_number, all, one, another
    n: int | None
    pos: Pos


@_node
class Filtered:
    quantifier: Quantifier | None
    qualifiers: tuple[Qualifier, ...]
    noun: str
    posts: tuple[PostFilter, ...]
    pos: Pos


Selector = Ref | Filtered


# ---- costs and statements
@_node
class Prep:
    kind: str            # to, tapped, under (growth), onto (level up by a skill), main_character,
                         # bottom (of a deck), until_hand (draw until N in the hand), for_each
    place: Place | None
    pos: Pos
    unit: "Selector | None" = None   # under/onto: the unit; for_each: what is counted; same_line: whose line
    number: int | None = None        # until_hand: the hand size
    line: str | None = None          # line: "front" or "back" ("deploy it to the back line")
    face: str | None = None          # face: "up", "down" or "over" ("flip it face-up or face-down")
    count: "Quantifier | None" = None        # count_if: the count to choose instead when ...
    condition: "Condition | None" = None     # count_if: ... this holds as the line resolves


@_node
class Action:
    verb: str
    number: int | None
    target: Selector | None
    preps: tuple[Prep, ...]
    optional: bool
    pos: Pos
    verb_pos: Pos
    per_each: "Selector | None" = None   # a cost "flip 1 bond for each red ally"
    then: "tuple[str, Prep] | None" = None   # a cost "reveal ... and put it <prep>": (verb, prep)


@_node
class Change:
    kind: str            # gain, lose, cannot, acquire_range, acquire_skill, acquire_type, acquire_name, orbs
    stat: str | None = None
    amount: int | None = None
    per_each: Selector | None = None
    words: tuple[str, ...] = ()
    by: Selector | str | None = None
    ranges: tuple[int, ...] = ()
    name: str | None = None
    pos: Pos = Pos(0, 0)
    of: "Selector | None" = None     # acquire_name_of: whose unit name ("of your main character")


@_node
class Duration:
    kind: str            # end_of_turn, end_of_combat, end_of_opponents_next_turn
    pos: Pos


@_node
class Modification:
    subjects: tuple[Selector, ...]
    changes: tuple[Change, ...]
    duration: Duration | None
    pos: Pos
    while_state: "State | None" = None   # "... while attacking a flier unit"


@_node
class SupportFail:
    cards: Selector
    units: Selector
    pos: Pos
    succeeds: bool = False           # "... can support X" (the unit-name rule does not apply)
    duration: "Duration | None" = None   # "... fail to support them until the end of the turn" (not CONT)
    own_name: bool = False           # "X can be supported by cards with the same unit name as themselves" (cards: None)


# ---- statements added for Series 1
@_node
class Guarded:
    """"if <condition>: <statement>"."""
    condition: "Condition"
    statement: Any
    pos: Pos


@_node
class Redirect:
    """"X is attacked instead (of Y)": X becomes the defending unit."""
    unit: Selector
    instead_of: Selector | None
    pos: Pos


@_node
class Copy:
    """"X becomes a copy of Y except its unit name and attack"."""
    subjects: tuple[Selector, ...]
    source: Selector
    keeps: tuple[str, ...]           # "name", "attack"
    duration: Duration | None
    pos: Pos


@_node
class Replace:
    """A replacement. ``replaced`` says of what:

    - "place": "[you may] put X into A instead of (sending it to) B [when it is destroyed
      [in battle | by an attack (of Y) | by a skill (of Y) | by "S"]]"; the action may also
      be one that runs in the move's place ("deploy this card instead of ...");
    - "destruction": "[you may] <action> instead of X being destroyed [<cause>]";
    - "discard": "you may <cost> instead of discarding for a critical hit (an evasion) of X"
      (``use`` "critical" or "evasion", ``subject`` X);
    - "skill_cost": "you may <cost> instead of paying the cost of "X" [or "Y"]" (``skill_names``:
      skills of this card, another way to pay their cost)."""
    action: Action
    instead_of: Place | None
    cause: str | None                # None, "destroyed", "destroyed_in_battle"
    optional: bool
    pos: Pos
    replaced: str = "place"
    subject: "Selector | None" = None
    cause_by: "dict | None" = None   # a destroy cause: {"cause": "battle"|"skill", "by": X, "name": S}
    use: str | None = None
    use_words: tuple[str, ...] = ()  # the words of "for a critical hit" / "for an evasion", as written
    skill_names: tuple[str, ...] = ()  # "skill_cost": the skills of this card whose cost may be paid so


@_node
class CardRule:
    """SPEC card rules: no_onto (not stacked onto units of the unit names ``ref`` names to level
    them up / class change them, by skills or not: ``words`` = (purpose, by)), deploy_if (with a
    condition), share_name, any_copies, deploy_no_symbols
    (deployed from the hand without bonds of its symbols), deploy_with /
    deploy_not_with (a line: the same line as the reference's unit, or not), level_onto (the
    unit names, ``ref``, of the units this card can level up besides its own)."""
    subject: Selector
    kind: str
    condition: "Condition | None"
    pos: Pos
    ref: "Selector | None" = None     # deploy_with / deploy_not_with: the unit whose line it is
    words: tuple[str, ...] = ()       # deploy_not_with: the words before "same" (checked)


@_node
class ActorStatement:
    """"your opponent <action>" / "each player <action>": that player acts and chooses."""
    actor: str                       # opponent, each
    action: Action
    pos: Pos


@_node
class SymbolWaiver:
    """"you can deploy and level up cards even if you do not have bonds of their symbols":
    the skill's controller deploys and levels up without rule 5's symbols."""
    verb: str                        # the word after "can" (the checker wants "deploy")
    pos: Pos


@_node
class StackDeploy:
    """"you can deploy yellow cards stacked under this unit as if they were in your hand"
    (B19-068SR): while the CONT skill is active, its controller's Deployment Phase offers
    those cards as it offers the cards of the hand (costs, bonds and symbols of rule 5)."""
    verb: str                        # the word after "can" (the checker wants "deploy")
    cards: Any
    pos: Pos


@_node
class DeployBan:
    """"your opponent / you / each player cannot deploy <cards> [into their <line> line]":
    a rule about deploying (from the hand or by a skill)."""
    who: str                         # opponent, you, each
    cards: Selector
    line: str | None                 # front, back, or None (either line)
    duration: "Duration | None"
    pos: Pos
    verb: str = "deploy"             # what the line says they cannot do (the checker wants "deploy")
    by_skills: bool = False          # "... by skills": only deployments by a skill's effect


@_node
class McTransferBan:
    """"you cannot transfer main character status until the end of the game" (B22-022R): no
    unit becomes that player's Main Character while it lasts (dsl/lose_instead.py)."""
    who: str                         # you, opponent, each
    duration: "Duration | None"
    pos: Pos


@_node
class PlaceBan:
    """"your opponent cannot add cards to their orbs", "your opponent cannot place cards from
    their hand into their bond area by skills": a rule about cards entering one of a player's
    areas (the Orb Area or the Bond Area), from anywhere or from one area."""
    who: str                         # opponent, you, each: whose area the cards cannot enter
    cards: Selector                  # the cards ("cards", "cards from their hand")
    place: "Place"                   # the area ("their orbs", "their bond area")
    duration: "Duration | None"
    pos: Pos
    verb: str = "add"                # add, place, put, send (what the line says they cannot do)
    by_skills: bool = False          # "... by skills": only a skill's effect is stopped
    by_enemy: bool = False           # "enemy skills cannot ...": only the opponent's skills are stopped


@_node
class SkillBan:
    """A rule of skill control about players (dsl/skill_control.py): "your opponent
    cannot use act skills", "all auto skills cannot trigger", "your opponent's support
    skills cannot activate", "your opponent's bow support cards lose their support
    skills"."""
    who: str                         # opponent, you, each (every player)
    kinds: tuple[str, ...]           # act, auto, bond, hand, support; () for every kind
    verb: str                        # use, trigger, activate, be used ... (the checker reads it)
    cards: tuple[str, ...] | None    # "bow support cards": the quality words; None when not said
    duration: "Duration | None"
    pos: Pos
    skill: str | None = None         # 'all support cards lose "Miracle Emblem"': only that support skill
    supported: "Ref | None" = None   # 'the cards supporting it lose "X"': only cards supporting that unit


@_node
class TwoUnits:
    """"move this unit and it": two units moved by one effect (dsl/effects_more... see
    dsl/skillcompile.two_units_effect)."""
    verb: str                        # move (the checker reads it)
    units: tuple                     # two references
    pos: Pos


@_node
class KeepRest:
    """"you keep 5 cards from your hand and send the rest to your retreat area", "your
    opponent keeps 5 bonds and sends the rest to their retreat area" (dsl/keep_rest.py)."""
    actor: str                       # you, opponent, each (the checker wants you or opponent)
    verb: str                        # keep / keeps (the checker reads it)
    kept: "Selector"
    verb2: str                       # send / sends
    dest: Place
    pos: Pos


@_node
class Again:
    """"you may pay <cost>: activate this skill again": after the skill's other lines,
    its controller may pay the cost; each time they do, the skill's effect runs again
    ([IS] support skills; dsl/skill_control.py)."""
    costs: tuple                     # cost items (Action), as a cost clause's
    verb: str                        # the word after ":" (the checker wants "activate")
    pos: Pos


@_node
class LimitLift:
    """'this unit's "X" loses once per turn': that skill of this unit may be used
    again and again (dsl/skill_control.py)."""
    name: str
    duration: "Duration | None"
    pos: Pos


@_node
class Step:
    """"until one fails, step N:" and the effect lines after it (up to the next step): the
    steps of a skill run in order, each only if none before it failed; a step fails when its
    last line does nothing (dsl/skillcompile.step_effect)."""
    n: int
    word: str                        # "one" (the checker allows no other)
    statements: tuple
    pos: Pos


@_node
class Delayed:
    """"at the end of this combat:" and the effect lines after it: set up once when the
    skill resolves, run once at that moment (a delayed one-shot effect)."""
    moment: str                      # end_of_combat, end_of_turn, start_of_next_turn, end_of_next_turn
    owner: str | None                # next turn: "your" or "opponent"
    statements: tuple                # the effect lines it runs
    pos: Pos



@_node
class CardChange:
    """A value of cards that are not units: "the deployment cost of <cards> is
    reduced by N [for each ...] [but not below M]", "... becomes N", "... is
    increased by N" (engine/card_values.py)."""
    stat: str                        # cost, cc_cost, support
    op: str                          # reduce, increase, set
    amount: int
    subject: Selector
    per_each: Selector | None
    floor: int | None
    duration: Duration | None
    pos: Pos
    of: "Selector | None" = None     # "becomes the support of it": the value is that thing's
    of_stat: str | None = None       # (cost, attack, support, range), times ``amount``


@_node
class SkillCostChange:
    """"the cost of "X" is reduced by N bonds [for each ...] [but not below M]
    [until ...]": the bonds skill X of this card flips as its cost."""
    name: str
    amount: int
    per_each: Selector | None
    floor: int | None
    duration: Duration | None
    pos: Pos


@_node
class GameEnd:
    """"you win the game" / "you lose the game": the game ends at once, the skill's
    controller the winner (win) or the loser (lose)."""
    result: str                      # win, lose
    pos: Pos

@_node
class Choice:
    """"either: <effect>" and the "or: <effect>" lines right after it: the controller
    picks one effect, which resolves. ``orphan``: an "or:" line with no "either:" before
    it (refused by the checker)."""
    options: tuple
    pos: Pos
    orphan: bool = False


@_node
class ChoiceWiden:
    """'this unit's "X" can choose <selector>' / 'this unit's "X" can choose <1 card with
    cost 7 or lower> instead of <2 or lower>' [duration]: the choice made by skill X of this card offers
    more (dsl/choice_widen.py). ``instead``: the (op, value) of the bound replaced."""
    name: str
    selector: Selector
    instead: tuple | None
    duration: Duration | None
    pos: Pos
    words: tuple = ("choose",)   # the verb of the line (a word: the checker reads it)


Statement = (Action | Modification | SupportFail | Guarded | Redirect | Copy | Replace | CardRule | ActorStatement
             | Delayed | CardChange | SkillCostChange | DeployBan | StackDeploy | GameEnd | Choice | SkillBan | LimitLift | Again
             | PlaceBan | ChoiceWiden | McTransferBan)


# ---- triggers and conditions
@_node
class Trigger:
    kind: str            # attacks, attacked, deployed, class_changes, levels_up, destroyed, destroys, moves,
                         # critical_hits, evades, supported, attack_ends, turn_start, turn_end,
                         # class_change_into, level_up_into
    subject: Selector | None
    obj: Selector | None
    owner: str | None
    pos: Pos
    name: str | None = None          # skill_destroys: the skill's name
    how: str | None = None           # "skill", "hand" (not by a skill), or None (either way)
    how_skill: str | None = None     # "by "Aum"": that skill
    how_skill_pos: Pos | None = None  # where that skill's name stands
    # ---- added for the wider pool (docs/skill-language.md, "Triggers of the wider pool")
    cause: str | None = None         # destroyed: "battle" (by an attack) or "skill"
    by: "Selector | None" = None     # destroyed: whose attack / whose skill; fails_to_destroy, evades: the other unit
    place: Place | None = None       # card_to: the area a card goes to
    verb: str | None = None          # card_to: placed, sent, added; draws: the word written ("draw")
    phase: str | None = None         # phase_start, phase_end: beginning, bond, deployment, action, end
    skills: tuple[str, ...] = ()     # uses: the skills' names ("uses "Aum" or "Valflame"")
    skill_kind: str | None = None    # uses: any, act, bond, hand (when no name is given)
    line: str | None = None          # moves: "to the front line"
    keyword: Keyword | None = None   # uses: "a [LIS] skill"
    card_name: str | None = None     # uses: 'a "Sylvain" [CP]': the skill's card has that unit name;
                                     # level_up_into: 'from "Unit, Title"': the card levelled up from
    card_name_pos: Pos | None = None
    face: str | None = None          # card_to: "face-up" / "face-down" (placed in the bond area so)
    # destroyed: a second cause, either of the two ("by an attack of this unit or by "X"")
    or_cause: "dict | None" = None
    source: Place | None = None      # card_to: "sent from your hand to ...": the area it came from
                                     # (deployed: "is deployed from your bond area")
    cause_part: str | None = None    # destroyed "by a skill's effect": "effect" (not while a cost is paid)
    how_by: "Selector | None" = None  # how "skill_of": "by a skill of another ally": whose unit's skill
    # "instead of losing the game when ...": the skill replaces that loss (dsl/lose_instead.py)
    instead_of_losing: bool = False


@_node
class Condition:
    kind: str            # is_state, have_count, have_reference, compare_with_opponent, used_skill, during, negation
    subject: Selector | None = None
    state: Any = None    # State for is_state
    quantity: tuple | None = None
    counted: Selector | None = None
    words: tuple[str, ...] = ()
    name: str | None = None
    owner: str | None = None
    inner: "Condition | None" = None
    pos: Pos = Pos(0, 0)
    parts: tuple["Condition", ...] = ()   # any_of, all_of: "A, or B" / "A, and B"


@_node
class State:
    kind: str            # attacking, attacked, supported_by, in_line, class_changed, tapped, untapped,
                         # main_character, quality, not
    arg: Any
    pos: Pos


# ---- skills, cards, packs
@_node
class SkillNode:
    kind: str            # act, auto, cont, spec, bond, hand, support
    name: str
    role: str | None     # attack, defence, both (support skills)
    granted: bool
    keywords: tuple[Keyword, ...]
    limits: tuple[tuple[str, Pos], ...]
    costs: tuple[Action, ...]
    triggers: tuple[Trigger, ...]
    conditions: tuple[Condition, ...]
    optional: bool
    statements: tuple[Statement, ...]
    pos: Pos


@_node
class CardNode:
    name: str
    facts: tuple[Fact, ...]
    skills: tuple[SkillNode, ...]
    pos: Pos

    def fact(self, kind: str) -> Fact | None:
        for f in self.facts:
            if f.kind == kind:
                return f
        return None


@_node
class PackNode:
    name: str | None
    cards: tuple[CardNode, ...]
    filename: str


@_node
class ExtraPhases:
    """"you have a second bond phase", "you have a second beginning phase, bond phase and
    deployment phase": phases played again in the turn (dsl/extra_phases.py)."""
    phases: tuple[str, ...]
    pos: Pos
    word: str = "second"             # the word before the phases, which the checker reads


@_node
class Guess:
    """"your opponent guesses whether its cost is odd or even" / "... whether its unit name is
    "Joshua"": the opponent declares a guess about the card the skill last chose (dsl/guess.py);
    `if the guess is wrong:` / `right:` asks it later."""
    what: str            # parity, name
    name: str | None
    subject: "Selector"
    pos: Pos


# ---- values computed from a node
class NodeMemo:
    """Values computed once from syntax nodes (a predicate, a prompt), remembered by the
    node's identity for as long as the node lives: the entry holds a weak reference to the
    node and goes with it, so that packs compiled again and again (a long-running program,
    an editor checking a pack as it is typed) do not keep every copy. A value that refers
    to its node (a closure over it) keeps it alive: at ``limit`` entries all are dropped,
    to be made again when asked (the same node always gives the same value)."""

    __slots__ = ("_entries", "limit")

    def __init__(self, limit: int = 4096) -> None:
        self._entries: dict[int, tuple[weakref.ref, Any]] = {}
        self.limit = limit

    def get(self, node: Any, make: Callable[[Any], Any]) -> Any:
        """``make(node)``, made on the node's first use."""
        got = self._entries.get(id(node))
        if got is not None and got[0]() is node:
            return got[1]
        value = make(node)
        key, entries = id(node), self._entries
        if len(entries) >= self.limit:
            entries.clear()

        def gone(ref: weakref.ref) -> None:
            if entries.get(key, (None,))[0] is ref:
                del entries[key]
        entries[key] = (weakref.ref(node, gone), value)
        return value

    def getter(self, make: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """``lambda node: self.get(node, make)``, with a remembered value found without
        a call (compiled skills ask for theirs at every use)."""
        entries, slow = self._entries, self.get

        def get(node: Any) -> Any:
            got = entries.get(id(node))
            if got is not None and got[0]() is node:
                return got[1]
            return slow(node, make)
        return get

    def __len__(self) -> int:
        return len(self._entries)


# ---- walking the tree
_FIELDS: dict[type, tuple[str, ...]] = {}
# (what no node is inside: not looked into, and not even put on the walk's stack)
_LEAVES = frozenset({str, int, bool, float, type(None), Pos})


def node_fields(cls: type) -> tuple[str, ...]:
    """The field names of a syntax node class, last first (a walk stacks them so), () for a
    leaf (a string, a number, a position). Kept per class: looking them up through attrs for
    every node was a good part of checking a pack."""
    try:
        return _FIELDS[cls]
    except KeyError:
        names = tuple(f.name for f in reversed(attrs.fields(cls))) if attrs.has(cls) and cls is not Pos else ()
        _FIELDS[cls] = names
        return names


class _NotMoved(Exception):
    pass


_PLAIN = frozenset({str, int, bool, float, type(None)})
_FIELD_VALUES: dict[type, Callable[[Any], tuple]] = {}   # a node class's field values, in order


def on_line(node, line: int):
    """What ToAst makes of the same text on ``line`` as ``node`` (a node of one line, or a
    tuple ... of them; the fast parser's repeated lines, dsl/lalr.py RepeatedLines): a copy
    with every position on ``line``, at the same column (Pos(0, 0), a rule that matched
    nothing, stays). None when it holds something else than nodes, positions and plain
    values (it is then read again)."""
    if node.__class__ in _PLAIN:
        return node
    try:
        return _on_line(node, line)
    except _NotMoved:
        return None


def _on_line(x, line: int):
    cls = x.__class__
    if cls is Pos:
        return Pos(line, x.column) if x.line else x
    plain = _PLAIN
    if cls is tuple:
        return tuple([y if y.__class__ in plain else _on_line(y, line) for y in x])
    values = _FIELD_VALUES.get(cls)
    if values is None:
        if not attrs.has(cls) or any(not f.init or f.kw_only for f in attrs.fields(cls)):
            raise _NotMoved()
        values = _FIELD_VALUES[cls] = _values_of(tuple(f.name for f in attrs.fields(cls)))
    return cls(*[y if y.__class__ in plain else _on_line(y, line) for y in values(x)])


def refs_in(node) -> list[Ref]:
    """Every reference in a syntax node (a node, a tuple of nodes), in source order, a
    reference's own "of" too. Places hold no references and are not looked into."""
    return refs_and_posts(node)[0]


def refs_and_posts(node) -> tuple[list[Ref], list[PostFilter]]:
    """refs_in, and every post filter in the node (a post filter's own value is looked
    into for references only), in one walk."""
    refs: list[Ref] = []
    posts: list[PostFilter] = []
    stack = [node]
    pop, push, leaves, reversed_values = stack.pop, stack.append, _LEAVES, _REVERSED_VALUES
    while stack:
        x = pop()
        cls = type(x)
        if cls is Ref:
            refs.append(x)
            if x.of is not None:
                push(x.of)
        elif cls is tuple or cls is list:
            for y in reversed(x):
                if type(y) not in leaves:
                    push(y)
        elif cls is PostFilter:
            posts.append(x)
            if type(x.value) not in leaves:
                refs.extend(refs_and_posts(x.value)[0])   # (in place: what is stacked comes after it)
        elif cls is not Place:
            values = reversed_values.get(cls) or _reversed_values(cls)
            for y in values(x):
                if type(y) not in leaves:
                    push(y)
    return refs, posts


# (a node class's field values, last first, in one call: the walk stacks them so)
_REVERSED_VALUES: dict[type, Callable[[Any], tuple]] = {}


# Field annotations of values that hold no node (so no reference and no post filter): the
# walk does not read those fields (tests/test_20_parse.py checks every pack's nodes against them).
PLAIN_FIELD_TYPES = frozenset({"str", "str | None", "bool", "int", "int | None", "Pos", "Pos | None",
                               "tuple[str, ...]", "tuple[str, ...] | None", "tuple[int, ...]",
                               "tuple[tuple[str, Pos], ...]"})


def _reversed_values(cls: type) -> Callable[[Any], tuple]:
    types = {f.name: f.type for f in attrs.fields(cls)} if attrs.has(cls) else {}
    got = _REVERSED_VALUES[cls] = _values_of(tuple(n for n in node_fields(cls)
                                                   if types.get(n) not in PLAIN_FIELD_TYPES))
    return got


def _values_of(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """A function giving a node's values of the fields ``names``, in that order, as a
    tuple, in one call (operator.attrgetter, which gives a bare value for one name)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda v: (one(v),)
    return lambda v: ()
