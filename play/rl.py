"""A reinforcement-learning environment: a thin wrapper over :class:`Game` with
integer actions, legal-action masks and fixed-size observations.

:class:`GameEnv` follows OpenSpiel's state interface: ``current_player()``,
``legal_actions()``, ``apply(action)``, ``clone()``, ``is_terminal()``,
``returns()``, ``observation(player)``. An action is the number of an option of the
pending decision (the *variable-action pattern*: the options change from decision
to decision, the action space is fixed at :data:`NUM_ACTIONS` and a mask says which
numbers are legal now); what each number does is in the observation's option rows.

Observations are built from the player's view (:meth:`Game.view`) only, so they
never hold what that player may not know. :func:`encode_observation` writes a view
as :data:`OBSERVATION_SIZE` integers; :data:`LAYOUT` names each block (docs/api.md
has the table). Cards are numbered by a :class:`CardIndex` (0: no card, 1: a card
the player cannot see, 2 and up: the cards of the pool and of the decks, in a fixed
order), so that a network can embed them.

The PettingZoo AEC environment (``fecipher[rl]``) is :mod:`fecipher.play.rl_pettingzoo`.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from fecipher.engine import decisions as D
from fecipher.engine.cards import Card
from fecipher.engine.decisions import IllegalAnswer
from fecipher.engine.game import Deck, Game
from fecipher.engine.view import CardView, OptionView, PlayerView, SideView, UnitView

NUM_ACTIONS = 256
"""The size of the action space. A decision offers one option per distinct choice (two
copies of a card in the hand are one option), far fewer than this in any legal game
(the most seen in random games is about 50); a decision offering more raises."""

DECISION_KINDS = (D.MULLIGAN, D.BOND, D.DEPLOYMENT, D.ACTION, D.CHOOSE, D.MAY, D.ORDER_SKILLS, D.CRITICAL_HIT,
                  D.EVASION, D.BREAK_ORB)
OPTION_KINDS = (D.PASS, D.YES, D.NO, D.PLACE_BOND, D.DEPLOY, D.LEVEL_UP, D.CLASS_CHANGE, D.ATTACK, D.MOVE,
                D.USE_SKILL, D.CARD, D.UNIT, D.AREA, D.SKILL, D.DISCARD, D.EFFECT, D.ALTERNATIVE)
PHASES = ("setup", "beginning", "bond", "deployment", "action", "end")
AREAS = ("hand", "deck", "orbs", "bonds", "front", "back", "field", "support", "retreat", "boundless")

HAND_SLOTS = 30
UNIT_SLOTS = 12
BOND_SLOTS = 24
ORB_SLOTS = 10
SUPPORT_SLOTS = 2
UNIT_FIELDS = 8
OPTION_FIELDS = 8
GLOBAL_FIELDS = 10
SIDE_COUNTS = 8

LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("global", GLOBAL_FIELDS,
     "turn, phase (PHASES index), the viewer is the turn player (0/1), the viewer went first (0/1), over (0/1), "
     "the viewer won (1) / lost (-1) / neither (0), the viewer decides now (0/1), the decision's kind "
     "(DECISION_KINDS index + 1, 0: none), its number of options, a battle is going on (0/1)"),
    ("me.counts", SIDE_COUNTS,
     "hand size, deck size, orbs, face-down orbs, bonds, face-up bonds, retreat size, boundless size"),
    ("opponent.counts", SIDE_COUNTS, "the same for the opponent"),
    ("me.hand", HAND_SLOTS, "card numbers of the hand in order (0: empty slot)"),
    ("opponent.hand", HAND_SLOTS, "the opponent's hand: 1 for each card the viewer does not know"),
    ("me.units", UNIT_SLOTS * UNIT_FIELDS,
     "per unit, Front Line then Back Line: present (1), top card number, line (1 front, 2 back), attack, "
     "tapped, Main Character, class changed, stack size"),
    ("opponent.units", UNIT_SLOTS * UNIT_FIELDS, "the same for the opponent's units"),
    ("me.bonds", BOND_SLOTS * 2, "per bond: card number, face-up (0/1)"),
    ("opponent.bonds", BOND_SLOTS * 2, "the same for the opponent's bonds"),
    ("me.orbs", ORB_SLOTS * 2, "per orb: card number (1 while face-down and not looked at), face-up (0/1)"),
    ("opponent.orbs", ORB_SLOTS * 2, "the same for the opponent's orbs"),
    ("me.support", SUPPORT_SLOTS, "card numbers in the Support Area"),
    ("opponent.support", SUPPORT_SLOTS, "the same for the opponent"),
    ("options", NUM_ACTIONS * OPTION_FIELDS,
     "per action (the viewer's pending decision; zeros elsewhere): kind (OPTION_KINDS index + 1), card number, "
     "unit (1-12: the viewer's unit slot, 13-24: the opponent's), target unit (same), another target's number "
     "+ 1, area named by the option (AREAS index + 1), the card's area (AREAS index + 1), the card's index "
     "there + 1"),
)
OBSERVATION_SIZE = sum(size for _, size, _ in LAYOUT)
"""The length of every observation."""


class CardIndex:
    """Numbers for cards in observations: 0 is no card, 1 a card the viewer cannot
    see, and each card of ``cards`` (then of the decks, if not among them) gets the
    next number, by code order. Two environments built on the same pool and decks
    number cards alike."""

    def __init__(self, cards: Iterable[Card] = (), decks: Sequence[Deck | None] = ()) -> None:
        self.numbers: dict[str, int] = {}
        every = list(cards)
        for d in decks:
            if d is not None:
                every.extend(d.cards)
                every.append(d.main_character)
        for code in sorted({c.code for c in every}):
            self.numbers[code] = len(self.numbers) + 2

    def __len__(self) -> int:
        """The number of distinct card numbers (0 and 1 included)."""
        return len(self.numbers) + 2

    def number(self, card: CardView) -> int:
        """The number of a card as the viewer sees it."""
        if card.code is None:
            return 1
        return self.numbers.get(card.code, 1)


def _unit_slots(view: PlayerView) -> dict[int, int]:
    """Unit id -> its reference in option rows (1-12 the viewer's, 13-24 the opponent's)."""
    refs: dict[int, int] = {}
    for base, side in ((0, view.me), (UNIT_SLOTS, view.opponent)):
        for i, u in enumerate((side.front + side.back)[:UNIT_SLOTS]):
            refs[u.id] = base + i + 1
    return refs


def _counts(side: SideView) -> list[int]:
    return [side.hand_size, side.deck_size, len(side.orbs), sum(1 for o in side.orbs if not o.face_up),
            len(side.bonds), sum(1 for b in side.bonds if b.face_up), len(side.retreat), len(side.boundless)]


def _cards(cards: Sequence[CardView], slots: int, index: CardIndex, face: bool = False) -> list[int]:
    out: list[int] = []
    for c in cards[:slots]:
        out.append(index.number(c))
        if face:
            out.append(int(c.face_up))
    width = 2 if face else 1
    return out + [0] * (slots * width - len(out))


def _units(units: Sequence[UnitView], index: CardIndex) -> list[int]:
    out: list[int] = []
    for u in units[:UNIT_SLOTS]:
        out += [1, index.number(u.cards[0]) if u.cards else 1, 1 if u.line == "front" else 2,
                0 if u.attack is None else u.attack,   # (a face-down Main Character in the set-up)
                int(u.tapped), int(u.main_character), int(u.class_changed), len(u.cards)]
    return out + [0] * (UNIT_SLOTS * UNIT_FIELDS - len(out))


def _option(o: OptionView, view: PlayerView, refs: dict[int, int], index: CardIndex) -> list[int]:
    card = 0
    area = place_area = place_index = 0
    if o.place is not None:
        owner, where, at = o.place
        place_area = AREAS.index(where) + 1 if where in AREAS else 0
        place_index = at + 1
        card = 1
        if not o.unknown and o.card is not None:
            card = _card_number_of_option(o, view, index)
    elif o.card is not None:
        card = 1
    if o.area is not None and o.area in AREAS:
        area = AREAS.index(o.area) + 1
    unit = refs.get(o.unit, 0) if o.unit is not None else 0
    target_unit = refs.get(o.target, 0) if o.target is not None else 0
    target_number = o.target + 1 if o.target is not None and not target_unit else 0
    return [OPTION_KINDS.index(o.kind) + 1 if o.kind in OPTION_KINDS else 0, card, unit, target_unit,
            target_number, area, place_area, place_index]


def _card_number_of_option(o: OptionView, view: PlayerView, index: CardIndex) -> int:
    """The number of the card an option names: found where the view shows it."""
    assert o.place is not None
    owner, where, at = o.place
    side = view.sides[owner]
    found = {"hand": side.hand, "orbs": side.orbs, "bonds": side.bonds, "support": side.support,
             "retreat": side.retreat, "boundless": side.boundless}.get(where)
    if found is not None and 0 <= at < len(found):
        return index.number(found[at])
    if where == "deck":
        for c in side.deck_known:
            if c.index == at:
                return index.number(c)
    if where == "field":
        for u in side.front + side.back:
            for c in u.cards:
                if c.id == o.card:
                    return index.number(c)
    return 1


def encode_observation(view: PlayerView, index: CardIndex) -> list[int]:
    """A player's view as :data:`OBSERVATION_SIZE` integers, block by block as
    :data:`LAYOUT` says. Built from the view alone: it holds nothing the viewer may
    not know."""
    d = view.decision
    won = 0 if not view.over or view.winner is None else (1 if view.winner == view.viewer else -1)
    out = [view.turn, PHASES.index(view.phase) if view.phase in PHASES else 0,
           int(view.turn_player == view.viewer), int(view.first_player == view.viewer), int(view.over), won,
           int(view.deciding == view.viewer), DECISION_KINDS.index(d.kind) + 1 if d and d.kind in DECISION_KINDS
           else 0, len(d.options) if d else 0, int(view.battle is not None)]
    out += _counts(view.me) + _counts(view.opponent)
    out += _cards(view.me.hand, HAND_SLOTS, index) + _cards(view.opponent.hand, HAND_SLOTS, index)
    out += _units(view.me.front + view.me.back, index) + _units(view.opponent.front + view.opponent.back, index)
    out += _cards(view.me.bonds, BOND_SLOTS, index, True) + _cards(view.opponent.bonds, BOND_SLOTS, index, True)
    out += _cards(view.me.orbs, ORB_SLOTS, index, True) + _cards(view.opponent.orbs, ORB_SLOTS, index, True)
    out += _cards(view.me.support, SUPPORT_SLOTS, index) + _cards(view.opponent.support, SUPPORT_SLOTS, index)
    rows: list[int] = []
    if d is not None:
        refs = _unit_slots(view)
        for o in d.options[:NUM_ACTIONS]:
            rows += _option(o, view, refs, index)
    out += rows + [0] * (NUM_ACTIONS * OPTION_FIELDS - len(rows))
    assert len(out) == OBSERVATION_SIZE
    return out


class GameEnv:
    """One game as an RL state (OpenSpiel's interface): players 0 and 1 take turns
    answering decisions by number; +1 / -1 at the end for the winner / loser, 0 for
    both when the game ends with no winner.

    ``GameEnv(deck1, deck2, seed)`` starts a new game; ``GameEnv.of(game)`` wraps a
    game in progress. ``pool`` (the cards to number in observations: by default
    the decks' cards) fixes the :class:`CardIndex`.
    """

    def __init__(self, deck1: Deck, deck2: Deck, seed: int = 0, *, first_player: int | None = None,
                 max_turns: int = 100, pool: Iterable[Card] = ()) -> None:
        self.game = Game(deck1, deck2, seed=seed, first_player=first_player, max_turns=max_turns)
        self.index = CardIndex(pool, (deck1, deck2))

    @classmethod
    def of(cls, game: Game, index: CardIndex | None = None) -> "GameEnv":
        """An environment over ``game`` as it is (not copied)."""
        env = cls.__new__(cls)
        env.game = game
        env.index = index if index is not None else CardIndex((), game.decks)
        return env

    # --------------------------------------------------------------- OpenSpiel's interface
    def current_player(self) -> int:
        """The player who must act: 0 or 1; -4 (OpenSpiel's TERMINAL) when the game is over."""
        d = self.game.decision
        return -4 if self.game.over or d is None else d.player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game.over or self.game.decision is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The numbers of the pending decision's options (none when the game is over,
        or when ``player`` is given and is not the deciding player)."""
        d = self.game.decision
        if d is None or self.game.over or (player is not None and player != d.player):
            return []
        if len(d.options) > NUM_ACTIONS:
            raise RuntimeError(f"a decision offers {len(d.options)} options, more than NUM_ACTIONS "
                               f"({NUM_ACTIONS}): the action space cannot name them all")
        return list(range(len(d.options)))

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """:data:`NUM_ACTIONS` zeros and ones: 1 for each legal action."""
        mask = [0] * NUM_ACTIONS
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply(self, action: int) -> None:
        """Answer the pending decision with option number ``action``. An illegal
        action raises :class:`IllegalAnswer` and changes nothing."""
        if type(action) is not int:
            # (numpy integers are numbers too; bools and floats are not)
            if hasattr(action, "__index__") and not isinstance(action, (bool, float)):
                action = int(action.__index__())
            else:
                raise IllegalAnswer(f"an action is an option number, not {action!r}")
        self.game.answer(action)

    def clone(self) -> "GameEnv":
        """An independent copy at the same decision (:meth:`Game.clone`)."""
        return GameEnv.of(self.game.clone(), self.index)

    def returns(self) -> tuple[float, float]:
        """Each player's reward: +1 / -1 for the winner / loser of a finished game, else 0."""
        g = self.game
        if not g.over or g.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if g.winner == 0 else (-1.0, 1.0)

    def observation(self, player: int) -> list[int]:
        """``player``'s observation (:func:`encode_observation` of their view)."""
        return encode_observation(self.game.view(player, len(self.game.events)), self.index)

    def action_to_string(self, action: int) -> str:
        """The English label of option number ``action`` as the deciding player sees it."""
        d = self.game.decision
        if d is None or not 0 <= action < len(d.options):
            return f"action {action} (not legal now)"
        view = self.game.view(d.player, len(self.game.events))
        assert view.decision is not None
        return view.decision.options[action].label

    def __str__(self) -> str:
        g = self.game
        return f"turn {g.turn}, {g.phase}" + (f", over: {g.reason}" if g.over else "")


__all__ = [
    "AREAS", "CardIndex", "DECISION_KINDS", "GameEnv", "LAYOUT", "NUM_ACTIONS", "OBSERVATION_SIZE", "OPTION_KINDS",
    "PHASES", "encode_observation",
]
