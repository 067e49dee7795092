"""Computer players: a heuristic agent and a search agent, and a tournament.

:class:`HeuristicAgent` plays by rules of thumb a player would give a beginner:
bond the cards it will not deploy soon, class change the Main Character early,
attack when the numbers allow it (an attack that fails costs nothing but the
tap), keep cards with the Main Character's name for critical hits and god-speed
evasions and spend them when it matters, and use an action skill when playing
the rest of the turn with it ends better than without it.

:class:`SearchAgent` runs Monte Carlo rollouts: at each decision with a real
choice it tries the heuristic's best few options, plays each on copies of the
game to a horizon (by default the start of its own next turn, so the
opponent's answer is seen) with the heuristic agent for both players, scores
the positions with :func:`evaluate` (a fitted model of the chance to win), and
keeps the best average. Each copy is *determinised*: the cards its player
cannot know (their own deck and face-down orbs, the opponent's hand, deck and
face-down orbs) are shuffled, so the search does not read the real order of the
decks.

Copies are made by :func:`clone_game` (engine/snapshot.py: a deep copy of the state, the immutable
parts shared, the flow restarted at the pending Bond, Deployment or Action
decision); a decision inside a battle or a skill is reached from a copy of the
last such decision and the answers since. Replaying the record prefix
(:func:`replay_copy`) gives the same state but costs the whole game so far (see
docs/ai.md for the measurement).

``python -m fecipher.play.ai --games 200`` plays the tournament of docs/ai.md.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from fecipher.engine import decisions as D
from fecipher.engine.decisions import Option

if TYPE_CHECKING:  # pragma: no cover
    from fecipher.engine.cards import CardCopy
    from fecipher.engine.game import Game

SEARCH_KINDS = (D.BOND, D.DEPLOYMENT, D.ACTION)
# Decisions inside a battle or a skill: searched from a copy of the last Bond,
# Deployment or Action decision, given the answers since.
INNER_KINDS = (D.CRITICAL_HIT, D.EVASION, D.MAY, D.CHOOSE)


# ----------------------------------------------------------------------------- helpers
def _mc(game: Game, player: int) -> Any:
    return game.players[player].main_character


def _card_unit_names(card: Any) -> frozenset:
    from fecipher.engine.cards import card_unit_names
    return card_unit_names(card)


def _name_count(hand: Sequence[Any], names: frozenset) -> int:
    return sum(1 for c in hand if _card_unit_names(c.card) & names)


def _battle_totals(game: Game) -> tuple[int, int] | None:
    """(attacker total, defender total) of the battle in progress, support included."""
    from fecipher.engine.battle import battle_power
    b = game.battle
    if b is None:
        return None
    a, d = game.unit(b.attacker), game.unit(b.defender)
    if a is None or d is None:
        return None
    a_total, _ = battle_power(game, a, b.attacking_player)
    d_total, _ = battle_power(game, d, 1 - b.attacking_player)
    return a_total, d_total


def unit_value(game: Game, u: Any) -> float:
    """What a unit on the field is worth: its attack, its stack, a class change."""
    return game.attack(u) + 8 * (u.stack_size - 1) + (15 if u.class_changed else 0)


FEATURES = (
    "bias", "to_move", "orbs", "orbs_opp", "no_orb", "no_orb_opp", "attack", "attack_opp",
    "units", "units_opp", "mc_attack", "mc_attack_opp", "hand", "hand_opp", "bonds", "bonds_opp",
    "evasions", "evasions_opp", "class_change_ready", "class_change_ready_opp",
)


def _side(game: Game, p: int) -> tuple[float, ...]:
    ps = game.players[p]
    orbs = len(ps.orbs)
    mc = ps.main_character
    attack = sum(game.attack(u) for u in ps.units) / 10
    mc_attack = game.attack(mc) / 10 if mc is not None else 0.0
    evasions = ready = 0
    if mc is not None:
        names = game.unit_names(mc)
        evasions = min(2, _name_count(ps.hand, names))
        ready = int(not mc.class_changed and any(c.card.is_promoted and _card_unit_names(c.card) & names
                                                 for c in ps.hand))
    return (orbs, float(orbs == 0), attack, len(ps.units), mc_attack, len(ps.hand), min(len(ps.bonds), 8),
            evasions, ready)


def features(game: Game, player: int) -> list[float]:
    """The position from ``player``'s side, in the order of :data:`FEATURES`."""
    a, b = _side(game, player), _side(game, 1 - player)
    out = [1.0, float(game.turn_player == player)]
    for x, y in zip(a, b):
        out += [float(x), float(y)]
    return out


# Fitted by fit_value() on positions at the start of every turn of 600 games
# between heuristic agents (see docs/ai.md); the logit of the chance to win.
VALUE_WEIGHTS = dict(zip(FEATURES, (
    -0.803, 1.606, 0.66, -0.66, 0.032, -0.032, 0.03, -0.03, 0.159, -0.159, 0.398, -0.398, 0.084, -0.084,
    0.602, -0.602, 0.373, -0.373, 0.096, -0.096,
)))


def win_chance(game: Game, player: int, weights: dict[str, float] | None = None) -> float:
    """The chance that ``player`` wins from here, by the fitted logistic model."""
    if game.over:
        return 0.5 if game.winner is None else float(game.winner == player)
    w = weights or VALUE_WEIGHTS
    z = sum(w[f] * x for f, x in zip(FEATURES, features(game, player)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(game: Game, player: int) -> float:
    """A position from ``player``'s side: the chance to win, from -1000 (lost) to
    1000 (won); 0 is even."""
    return 2000.0 * win_chance(game, player) - 1000.0


def fit_value(games: int = 600, seed: int = 50_000, jobs: int = 1, iterations: int = 300) -> dict[str, float]:
    """Fit :data:`VALUE_WEIGHTS`: logistic regression of who won on the features
    of every turn's first position, in games between heuristic agents."""
    work = [(seed + i,) for i in range(games)]
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_positions, work, chunksize=4)
    else:
        parts = [_positions(w) for w in work]
    xs = [x for part in parts for x, _ in part]
    ys = [y for part in parts for _, y in part]
    import numpy as np  # only for fitting (not a dependency of the engine)
    X, Y = np.array(xs), np.array(ys)
    scale = np.maximum(np.abs(X).max(axis=0), 1.0)
    Xs = X / scale
    w = np.zeros(X.shape[1])
    for _ in range(iterations):                      # Newton steps with a little L2
        p = 1 / (1 + np.exp(-Xs @ w))
        g = Xs.T @ (p - Y) + 1e-3 * w
        H = (Xs * (p * (1 - p))[:, None]).T @ Xs + 1e-3 * np.eye(len(w))
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return dict(zip(FEATURES, (float(v) for v in w / scale)))


def _positions(args: tuple) -> list[tuple[list[float], int]]:
    from fecipher.dsl.decks import load_deck
    from fecipher.engine.game import Game
    (seed,) = args
    decks = [load_deck("marth"), load_deck("chrom")]
    if seed % 2:
        decks.reverse()
    g = Game(decks[0], decks[1], seed=seed, max_turns=60)
    agents = [HeuristicAgent(seed * 2), HeuristicAgent(seed * 2 + 1)]
    rows: list[tuple[list[float], int]] = []
    turn = -1
    while not g.over:
        if g.turn != turn and g.decision.kind == D.BOND:
            turn = g.turn
            for p in (0, 1):
                rows.append((features(g, p), p))
        g.answer(agents[g.decision.player](g))
    if g.winner is None:
        return []
    return [(x, int(p == g.winner)) for x, p in rows]


# ----------------------------------------------------------------------------- copies
def clone_game(game: Game, rng: random.Random | None = None) -> Game | None:
    """A copy of ``game`` waiting at the same decision, or None when the decision
    is not one a copy can resume at once (inside a battle, a skill or the set-up:
    :meth:`Game.clone` replays those; see engine/snapshot.py).

    With ``rng`` the copy is determinised for the deciding player: the cards they
    cannot see are shuffled (see the module docstring).
    """
    from fecipher.engine.snapshot import copy_at_restart_point
    g = copy_at_restart_point(game)
    if g is None:
        return None
    if rng is not None:
        determinise(g, game.decision.player, rng)
        g.rng = random.Random(rng.getrandbits(64))
    return g


def determinise(game: Game, me: int, rng: random.Random) -> None:
    """Shuffle what ``me`` cannot see: their deck and face-down orbs; the
    opponent's hand, deck and face-down orbs (the counts stay). The cards ``me``
    knows there (looked at, revealed, searched: ``game.known``) stay in place."""
    mine = 1 << me
    game._replayable = False          # (its seed and answers no longer rebuild it)
    game._checkpoint = None
    known = getattr(game, "known", None) or {}
    for p, with_hand in ((me, False), (1 - me, True)):
        ps = game.players[p]
        deck_at = [i for i, c in enumerate(ps.deck) if not known.get(c.id, 0) & mine]
        hidden_orbs = [o for o in ps.orbs if not o.face_up and not known.get(o.copy.id, 0) & mine]
        hand_at = [i for i, c in enumerate(ps.hand) if not known.get(c.id, 0) & mine] if with_hand else []
        pool = [ps.deck[i] for i in deck_at] + [o.copy for o in hidden_orbs] + [ps.hand[i] for i in hand_at]
        rng.shuffle(pool)
        k = 0
        for i in hand_at:
            ps.hand[i] = pool[k]
            k += 1
        for o in hidden_orbs:
            o.copy = pool[k]
            k += 1
        for i in deck_at:
            ps.deck[i] = pool[k]
            k += 1


def _names_hidden_cards(game: Game) -> bool:
    """Whether an option of the pending decision is a card its player cannot see
    (then the copy is not determinised: the option must stay where it is)."""
    from fecipher.engine.visibility import can_see
    d = game.decision
    return any(o.card is not None and not can_see(game, d.player, game.copy(o.card)) for o in d.options)


def replay_copy(game: Game) -> Game:
    """A copy made the slow way: a new game given the same answers."""
    from fecipher.engine.game import Game
    g = Game(game.decks[0], game.decks[1], seed=game.seed,
             first_player=getattr(game, "_record_first_player", game.first_player), max_turns=game.max_turns)
    for a in game.answers:
        g.answer(a)
    return g


# ----------------------------------------------------------------------------- heuristic
class HeuristicAgent:
    """Rules of thumb (see the module docstring). ``lookahead`` lets it try action
    skills on copies of the game; rollouts inside a search switch it off."""

    name = "heuristic"

    def __init__(self, seed: int = 0, lookahead: bool = True):
        self.rng = random.Random(seed)
        self.lookahead = lookahead

    # The agent protocol.
    def __call__(self, game: Game) -> Option:
        return self.ranked(game)[0]

    def ranked(self, game: Game) -> list[Option]:
        """The legal options, best first by this agent's rules."""
        d = game.decision
        opts = list(d.options)
        if len(opts) == 1:
            return opts
        f = getattr(self, "_" + d.kind, None)
        if f is None:
            return self._default(game, opts)
        return f(game, opts)

    # --- set-up ---------------------------------------------------------------
    def _mulligan(self, game: Game, opts: list[Option]) -> list[Option]:
        p = game.players[game.decision.player]
        cheap = sum(1 for c in p.hand if c.card.cost <= 2)
        keep = cheap >= 2
        return sorted(opts, key=lambda o: (o.kind == D.YES) == keep)

    # --- bond -----------------------------------------------------------------
    def keep_value(self, game: Game, player: int, copy: CardCopy, hand: Sequence[CardCopy]) -> float:
        """How much a card in hand is worth keeping (a low value is bonded)."""
        card = copy.card
        p = game.players[player]
        mc = p.main_character
        names = _card_unit_names(card)
        v = card.attack / 10 + card.support / 20
        field = [u for u in p.units if game.unit_names(u) & names]
        if mc is not None and names & game.unit_names(mc):
            v += 8
            if card.is_promoted and not mc.class_changed:
                v += 10
        if field:
            u = field[0]
            if card.is_promoted and not u.class_changed:
                v += 6
            elif card.attack > game.attack(u):
                v += 3
            else:
                v += 1
        else:
            v += 3 if card.cost <= len(p.bonds) + 1 else 1
        same = sum(1 for c in hand if c.card is card)
        if same > 1:
            v -= 3
        return v

    def _bond(self, game: Game, opts: list[Option]) -> list[Option]:
        player = game.decision.player
        p = game.players[player]
        place = [o for o in opts if o.kind == D.PLACE_BOND]
        passes = [o for o in opts if o.kind != D.PLACE_BOND]
        if not place:
            return opts
        hand = p.hand
        want = len(p.bonds) < 7 or len(hand) >= 6
        if len(hand) <= 1 and len(p.bonds) >= 4:
            want = False
        ranked = sorted(place, key=lambda o: self.keep_value(game, player, game.copy(o.card), hand))
        return ranked + passes if want else passes + ranked

    # --- deployment -------------------------------------------------------------
    def deployment_score(self, game: Game, player: int, o: Option) -> float:
        p = game.players[player]
        copy = game.copy(o.card)
        card = copy.card
        mc = p.main_character
        if o.kind == D.DEPLOY:
            rng = card.ranges
            good_area = (o.area == "front") == (1 in rng)
            return 10 + card.attack / 5 + (3 if good_area else -6)
        unit = game.unit(o.unit)
        gain = card.attack - game.attack(unit)
        if o.kind == D.CLASS_CHANGE:
            return 30 + gain + (25 if unit is mc else 0)
        # A level up: worth it for attack; the card is otherwise a critical hit or an evasion.
        score = gain + 2 - 8
        if unit is mc and _name_count(p.hand, game.unit_names(mc)) <= 1:
            score -= 15
        return score

    def _deployment(self, game: Game, opts: list[Option]) -> list[Option]:
        player = game.decision.player
        scored = [(self.deployment_score(game, player, o), i, o) for i, o in enumerate(opts) if o.kind != D.PASS]
        good = [o for s, i, o in sorted(scored, key=lambda t: (-t[0], t[1])) if s > 0]
        bad = [o for s, i, o in sorted(scored, key=lambda t: (-t[0], t[1])) if s <= 0]
        passes = [o for o in opts if o.kind == D.PASS]
        return good + passes + bad

    # --- action -----------------------------------------------------------------
    def attack_score(self, game: Game, o: Option, atk: dict | None = None) -> float:
        atk = {} if atk is None else atk
        a, t = game.unit(o.unit), game.unit(o.target)
        for u in (a, t):
            if u.id not in atk:
                atk[u.id] = game.attack(u)
        diff = atk[a.id] - atk[t.id]
        p = min(0.95, max(0.05, 0.5 + diff / 40))
        if t.is_main_character:
            value = 1000.0 if not game.players[t.owner].orbs else 100.0
        else:
            value = atk[t.id] + 8 * (t.stack_size - 1) + (15 if t.class_changed else 0)
        # Weak attackers first on the Main Character: they draw out evasions.
        return p * value - 0.01 * atk[a.id]

    def move_score(self, game: Game, o: Option) -> float:
        u = game.unit(o.unit)
        rng = game.ranges(u)
        if u.is_main_character:
            return -1
        if u.area == "back" and 1 in rng and 2 not in rng:
            return 1          # it cannot attack from the Back Line
        if u.area == "front" and rng and 1 not in rng:
            return 0.5        # a bow or a staff is safer in the Back Line
        return -1

    def _action(self, game: Game, opts: list[Option]) -> list[Option]:
        attacks = [o for o in opts if o.kind == D.ATTACK]
        moves = [o for o in opts if o.kind == D.MOVE]
        skills = [o for o in opts if o.kind == D.USE_SKILL]
        passes = [o for o in opts if o.kind == D.PASS]
        others = [o for o in opts if o.kind not in (D.ATTACK, D.MOVE, D.USE_SKILL, D.PASS)]
        atk: dict = {}
        ranked_attacks = sorted(attacks, key=lambda o: -self.attack_score(game, o, atk))
        good_moves = sorted((o for o in moves if self.move_score(game, o) > 0),
                            key=lambda o: -self.move_score(game, o))
        bad_moves = [o for o in moves if o not in good_moves]
        good_skills: list[Option] = []
        if skills and self.lookahead:
            good_skills = self._helpful_skills(game, skills)
        rest = [o for o in skills if o not in good_skills]
        # Skills that help first, then attacks, then moves (a move taps the unit).
        return good_skills + ranked_attacks + good_moves + others + passes + rest + bad_moves

    def _helpful_skills(self, game: Game, skills: list[Option]) -> list[Option]:
        """Skills after which the rest of the turn ends better than without them."""
        me = game.decision.player
        seed = self.rng.getrandbits(32)
        plain = HeuristicAgent(lookahead=False)
        base = _finish_turn(game, None, plain, seed, me)
        if base is None:
            return []
        scored = []
        for o in skills:
            v = _finish_turn(game, o, plain, seed, me)
            if v is not None and v > base + 1:
                scored.append((v, o))
        return [o for v, o in sorted(scored, key=lambda t: -t[0])]

    # --- battle -----------------------------------------------------------------
    def _cheapest_first(self, game: Game, discards: list[Option]) -> list[Option]:
        player = game.decision.player
        hand = game.players[player].hand
        return sorted(discards, key=lambda o: self.keep_value(game, player, game.copy(o.card), hand))

    def _critical_hit(self, game: Game, opts: list[Option]) -> list[Option]:
        discards = self._cheapest_first(game, [o for o in opts if o.kind == D.DISCARD])
        passes = [o for o in opts if o.kind != D.DISCARD]
        totals = _battle_totals(game)
        if not discards or totals is None:
            return passes + discards
        a_total, d_total = totals
        b = game.battle
        attacker, defender = game.unit(b.attacker), game.unit(b.defender)
        player = b.attacking_player
        p = game.players[player]
        if a_total >= d_total or 2 * a_total < d_total:
            return passes + discards            # it changes nothing
        if defender.is_main_character:
            worth = True
            if attacker.is_main_character and _name_count(p.hand, game.unit_names(attacker)) <= 1 \
                    and len(p.orbs) <= 1 and game.players[defender.owner].orbs:
                worth = False                   # the last evasion card of a Main Character in danger
        else:
            worth = unit_value(game, defender) >= 50 and not (
                attacker.is_main_character and _name_count(p.hand, game.unit_names(attacker)) <= 1)
        lethal = defender.is_main_character and not game.players[defender.owner].orbs
        if worth and not lethal and self._precious(game, player, game.copy(discards[0].card)):
            worth = False
        return discards + passes if worth else passes + discards

    def _precious(self, game: Game, player: int, copy: CardCopy) -> bool:
        """The card that would class change the Main Character: not thrown away lightly."""
        mc = game.players[player].main_character
        return (mc is not None and not mc.class_changed and copy.card.is_promoted
                and bool(_card_unit_names(copy.card) & game.unit_names(mc)))

    def _evasion(self, game: Game, opts: list[Option]) -> list[Option]:
        discards = self._cheapest_first(game, [o for o in opts if o.kind == D.DISCARD])
        passes = [o for o in opts if o.kind != D.DISCARD]
        totals = _battle_totals(game)
        if not discards or totals is None:
            return passes + discards
        a_total, d_total = totals
        b = game.battle
        if b.critical:                          # doubled at the judgement
            a_total *= 2
        if a_total < d_total:
            return passes + discards            # the attack fails anyway
        defender = game.unit(b.defender)
        player = defender.owner
        p = game.players[player]
        count = _name_count(p.hand, game.unit_names(defender))
        if defender.is_main_character:
            orbs = len(p.orbs)
            worth = orbs == 0 or (orbs <= 2 or count >= 2) and not self._precious(
                game, player, game.copy(discards[0].card))
        else:
            mc = p.main_character
            shares_mc_name = mc is not None and bool(game.unit_names(mc) & game.unit_names(defender))
            worth = unit_value(game, defender) >= 60 and not shares_mc_name
        return discards + passes if worth else passes + discards

    def _break_orb(self, game: Game, opts: list[Option]) -> list[Option]:
        return opts

    def _may(self, game: Game, opts: list[Option]) -> list[Option]:
        return sorted(opts, key=lambda o: o.kind != D.YES)

    def _default(self, game: Game, opts: list[Option]) -> list[Option]:
        # A choice for a skill or a cost: something rather than nothing.
        return sorted(opts, key=lambda o: o.kind == D.PASS)


def _finish_turn(game: Game, first: Option | None, policy: Callable, seed: int, me: int) -> float | None:
    """Play the rest of this turn on a copy (``first``, then ``policy``; without
    ``first``, the skills are left unused) and score it for ``me``."""
    g = clone_game(game, random.Random(seed))
    if g is None:
        return None
    turn = g.turn
    if first is not None:
        g.answer(first)
    n = 0
    while not g.over and g.decision is not None and g.turn == turn and n < 200:
        d = g.decision
        opt = policy(g)
        if first is None and d.player == me and opt.kind == D.USE_SKILL:
            opt = next((o for o in policy.ranked(g) if o.kind != D.USE_SKILL), opt)
        g.answer(opt)
        n += 1
    return evaluate(g, me)


# ----------------------------------------------------------------------------- search
class SearchAgent:
    """Monte Carlo rollouts over the heuristic's best options.

    ``rollouts``: the budget per decision (each rollout plays one copy to the
    horizon); ``candidates``: how many of the heuristic's best options are tried;
    ``horizon``: 1 plays to the start of the searching player's next turn, 2
    one round further, 0 only to the end of the current turn. Rollouts go in
    rounds, every candidate on the same hidden cards. With ``early_stop``,
    candidates that gave identical values for three rounds are taken as
    equivalent and the search stops; with ``prune``, after four rounds the
    candidates worse than the best by more than ``prune`` standard errors drop
    out (None, the default: never). ``confidence`` > 0 keeps the
    heuristic's favourite unless another is that many standard errors better.
    ``self.rollouts_done`` counts every rollout played, never more than
    ``rollouts`` per decision.
    """

    name = "search"

    def __init__(self, rollouts: int = 32, candidates: int = 3, horizon: int = 1, seed: int = 0,
                 confidence: float = 0.0, prune: float | None = None, early_stop: bool = True):
        self.confidence = confidence
        self.prune = prune
        self.early_stop = early_stop
        if rollouts < 1:
            raise ValueError("a search needs at least one rollout per decision")
        self.budget = rollouts
        self.candidates = candidates
        self.horizon = horizon
        self.rng = random.Random(seed)
        self.prior = HeuristicAgent(seed, lookahead=True)
        self.policy = HeuristicAgent(seed, lookahead=False)
        self.rollouts_done = 0
        self.searches = 0
        self.last_rollouts = 0
        self.last_values: dict[Option, float] = {}
        self._snapshot: Any = None

    def _remember(self, game: Game) -> None:
        """Keep a copy of the last Bond, Deployment or Action decision seen."""
        snap = clone_game(game)
        if snap is not None:
            self._snapshot = snap

    def copy_of(self, game: Game, rng: random.Random) -> Game | None:
        """A determinised copy of ``game`` at its pending decision, or None."""
        g = clone_game(game, rng)
        if g is not None:
            return g
        snap = self._snapshot
        if snap is None or snap.seed != game.seed:
            return None
        n0 = len(snap.answers)
        if game.answers[:n0] != snap.answers:
            return None
        g = clone_game(snap)
        if g is None:
            return None
        for a in game.answers[n0:]:
            g.answer(a)
        if g.decision != game.decision:
            return None
        if not _names_hidden_cards(g):
            determinise(g, game.decision.player, rng)
        g.rng = random.Random(rng.getrandbits(64))
        g._replayable = False
        return g

    def __call__(self, game: Game) -> Option:
        d = game.decision
        self.last_rollouts = 0
        if d.kind in SEARCH_KINDS:
            self._remember(game)
        if len(d.options) == 1:
            return d.options[0]
        ranked = self.prior.ranked(game)
        if d.kind not in SEARCH_KINDS and (d.kind not in INNER_KINDS or self._snapshot is None):
            return ranked[0]
        cands = ranked[: max(1, self.candidates)]
        if len(cands) == 1:
            return cands[0]
        cands = cands[: self.budget]
        me = d.player
        k = len(cands)
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(k))
        spent = 0
        while spent < self.budget:
            # One round: every candidate still in the race, on the same hidden cards.
            seed = self.rng.getrandbits(64)
            for i in alive:
                if spent >= self.budget:
                    break
                v = self._rollout(game, cands[i], seed, me)
                if v is None:
                    return ranked[0]
                values[i].append(v)
                spent += 1
            rounds = min(len(values[i]) for i in alive)
            if self.early_stop and rounds >= 3 and all(values[i][:rounds] == values[alive[0]][:rounds]
                                                       for i in alive):
                break                           # equivalent so far: keep the favourite
            if rounds >= 4 and self.prune is not None:
                alive = self._prune(alive, values, rounds)
                if len(alive) == 1:
                    break
        self.searches += 1
        means = [sum(v) / len(v) if v else -math.inf for v in values]
        self.last_values = {cands[i]: means[i] for i in range(k) if values[i]}
        best = max(alive, key=lambda i: (means[i], -i))
        if best != 0 and self.confidence > 0 and not self._confident(values[best], values[0]):
            return cands[0]
        return cands[best]

    def _prune(self, alive: list[int], values: list[list[float]], rounds: int) -> list[int]:
        """Drop the candidates clearly worse than the best so far (paired by round)."""
        mean = {i: sum(values[i][:rounds]) / rounds for i in alive}
        best = max(alive, key=lambda i: (mean[i], -i))
        keep = []
        for i in alive:
            if i == best:
                keep.append(i)
                continue
            diffs = [x - y for x, y in zip(values[i][:rounds], values[best][:rounds])]
            m = sum(diffs) / rounds
            var = sum((x - m) ** 2 for x in diffs) / (rounds - 1)
            se = math.sqrt(var / rounds)
            if m + self.prune * se >= 0:
                keep.append(i)
        return keep

    def _confident(self, a: list[float], b: list[float]) -> bool:
        """Whether ``a`` beats ``b`` by more than ``confidence`` standard errors,
        round by round (the rounds share their hidden cards)."""
        diffs = [x - y for x, y in zip(a, b)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
        if var == 0:
            return mean > 0
        return mean / math.sqrt(var / n) > self.confidence

    def _rollout(self, game: Game, option: Option, seed: int, me: int) -> float | None:
        g = self.copy_of(game, random.Random(seed))
        if g is None:
            return None
        self.rollouts_done += 1
        self.last_rollouts += 1
        # To the start of the searching player's next turn (horizon 1), or of
        # the turn after (2) ...; horizon 0: to the end of the current turn.
        if self.horizon == 0:
            stop = game.turn + 1
        else:
            stop = game.turn + 1 + (game.turn_player == me) + 2 * (self.horizon - 1)
        g.answer(option)
        n = 0
        while not g.over and g.decision is not None and g.turn < stop and n < 2000:
            g.answer(self.policy(g))
            n += 1
        return evaluate(g, me)


# ----------------------------------------------------------------------------- tournament
def make_agent(kind: str, seed: int, **kw: Any) -> Any:
    from fecipher.play.agents import RandomAgent
    if kind == "random":
        return RandomAgent(seed)
    if kind in ("ai", "heuristic"):
        return HeuristicAgent(seed)
    if kind == "search":
        return SearchAgent(seed=seed, **kw)
    raise ValueError(f"unknown agent {kind!r}: random, heuristic (ai) or search")


def play_one(args: tuple) -> tuple:
    """One game of a pairing; ``a`` sits in seat ``seat_a`` (0 or 1)."""
    from fecipher.dsl.decks import load_deck
    from fecipher.play.agents import play
    from fecipher.engine.game import Game
    a, b, game_no, base_seed, kw, max_turns = args
    seat_a = game_no % 2
    decks = ["marth", "chrom"] if (game_no // 2) % 2 == 0 else ["chrom", "marth"]
    seed = base_seed + game_no
    agents = [None, None]
    agents[seat_a] = make_agent(a, seed * 2 + 1, **kw)
    agents[1 - seat_a] = make_agent(b, seed * 2 + 2, **kw)
    g = Game(load_deck(decks[0]), load_deck(decks[1]), seed=seed, max_turns=max_turns)
    t = time.perf_counter()
    play(g, agents)
    dt = time.perf_counter() - t
    rollouts = sum(getattr(x, "rollouts_done", 0) for x in agents)
    winner = None if g.winner is None else ("a" if g.winner == seat_a else "b")
    return winner, g.turn, dt, rollouts


def run_pairing(a: str, b: str, games: int, seed: int = 1000, jobs: int = 1, max_turns: int = 100,
                **kw: Any) -> dict[str, Any]:
    work = [(a, b, i, seed, kw, max_turns) for i in range(games)]
    t = time.perf_counter()
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            results = pool.map(play_one, work, chunksize=1)
    else:
        results = [play_one(w) for w in work]
    wall = time.perf_counter() - t
    wins_a = sum(1 for r in results if r[0] == "a")
    wins_b = sum(1 for r in results if r[0] == "b")
    return {"a": a, "b": b, "games": games, "wins_a": wins_a, "wins_b": wins_b,
            "draws": games - wins_a - wins_b, "turns": sum(r[1] for r in results) / games,
            "seconds": wall, "cpu": sum(r[2] for r in results),
            "rollouts": sum(r[3] for r in results)}


def _interval(k: int, n: int) -> str:
    """A 95% Wilson interval for k wins in n games."""
    if n == 0:
        return "-"
    z = 1.96
    p = k / n
    den = 1 + z * z / n
    c = (p + z * z / (2 * n)) / den
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return f"{100 * (c - h):.0f}-{100 * (c + h):.0f}%"


def table(rows: list[dict[str, Any]]) -> str:
    out = ["| pairing (A vs B) | games | A wins | B wins | draws | A win rate (95% CI) | avg turns | wall s |",
           "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |"]
    for r in rows:
        decided = r["games"]
        rate = 100 * r["wins_a"] / decided if decided else 0
        out.append(f"| {r['a']} vs {r['b']} | {r['games']} | {r['wins_a']} | {r['wins_b']} | {r['draws']} | "
                   f"{rate:.1f}% ({_interval(r['wins_a'], decided)}) | {r['turns']:.1f} | {r['seconds']:.0f} |")
    return "\n".join(out)


def measure_copies(seed: int = 5, turns: Sequence[int] = (2, 4, 6, 8, 10), repeat: int = 20) -> str:
    """Milliseconds per copy, :func:`clone_game` against :func:`replay_copy`, at
    the first Action decision of several turns of one game between heuristic agents."""
    from fecipher.dsl.decks import load_deck
    from fecipher.engine.game import Game
    g = Game(load_deck("marth"), load_deck("chrom"), seed=seed, first_player=0)
    g._record_first_player = 0  # type: ignore[attr-defined]
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    rows = ["| turn | answers so far | events so far | copy (ms) | replay (ms) |",
            "| ---: | ---: | ---: | ---: | ---: |"]
    for t in turns:
        while not g.over and (g.turn < t or g.decision.kind != D.ACTION):
            g.answer(agents[g.decision.player](g))
        if g.over:
            break
        t0 = time.perf_counter()
        for _ in range(repeat):
            assert clone_game(g) is not None
        c = (time.perf_counter() - t0) / repeat * 1000
        t0 = time.perf_counter()
        for _ in range(max(1, repeat // 4)):
            assert replay_copy(g).decision == g.decision
        r = (time.perf_counter() - t0) / max(1, repeat // 4) * 1000
        rows.append(f"| {g.turn} | {len(g.answers)} | {len(g.events)} | {c:.1f} | {r:.1f} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m fecipher.play.ai",
        description="Win rates between the random, heuristic and search agents, each pairing "
                    "played in both seats and with both starter decks.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  python -m fecipher.play.ai --games 200 --jobs 2\n"
               "  python -m fecipher.play.ai --games 20 --pairs search-heuristic --rollouts 8\n"
               "  python -m fecipher.play.ai --measure-copies\n")
    p.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    p.add_argument("--pairs", default="heuristic-random,search-random,search-heuristic",
                   help="comma-separated A-B pairings (random, heuristic, search)")
    p.add_argument("--rollouts", type=int, default=None, help="search: rollouts per decision")
    p.add_argument("--candidates", type=int, default=None, help="search: options tried per decision")
    p.add_argument("--horizon", type=int, default=None, help="search: turns after the current one")
    p.add_argument("--prune", type=float, default=None,
                   help="search: drop candidates this many standard errors worse (default: never)")
    p.add_argument("--confidence", type=float, default=None,
                   help="search: leave the heuristic's choice only when this many standard errors better")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--max-turns", type=int, default=100)
    p.add_argument("--measure-copies", action="store_true",
                   help="measure copying a game against replaying it, and stop")
    args = p.parse_args(argv)
    if args.measure_copies:
        print(measure_copies())
        return 0
    if args.games < 1:
        p.error("--games must be at least 1")
    rows = []
    kw = {k: v for k, v in (("rollouts", args.rollouts), ("candidates", args.candidates),
                             ("horizon", args.horizon), ("confidence", args.confidence),
                             ("prune", args.prune)) if v is not None}
    for pair in args.pairs.split(","):
        a, _, b = pair.strip().partition("-")
        try:
            make_agent(a, 0)
            make_agent(b, 0)
        except ValueError as e:
            p.error(str(e))
        r = run_pairing(a, b, args.games, args.seed, args.jobs, args.max_turns, **kw)
        rows.append(r)
        print(f"{a} vs {b}: {r['wins_a']}-{r['wins_b']} ({r['draws']} draws) in {r['seconds']:.0f} s"
              + (f", {r['rollouts']} rollouts" if r["rollouts"] else ""), file=sys.stderr, flush=True)
    print(table(rows))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
