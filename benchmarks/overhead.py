"""3. Skill overhead: skills compiled from the card language against the same skills
written by hand as Python :class:`~fecipher.engine.skills.Skill` objects.

Three skills that fire often in starter-deck games:

- "Attack Emblem" (support skill of 12 cards): *your attacking unit gains +20 attack
  until the end of the combat*;
- "Fighter's Expertise" / "Teach's Tenure" (CONT): *during your turn, this unit
  gains +20 attack*;
- "Steel Bow" (ACT, once per turn, flip 1 bond): *this unit gains +10 attack until
  the end of the turn*.

The hand-written versions are plain functions calling the same engine primitives
(``add_modifier``, ``flip_bond``, ``decisions.choose``) on the same event bus.
They are swapped into copies of the Card objects with ``attrs.evolve``; the decks
are otherwise the same. Both sets of games must publish identical events (checked),
so the ratio compares the same work.

Two ratios: whole games (what a user sees), and the skills' own functions called
directly (the CONT skill's condition/reach/value as the engine asks them while
computing attack, and the ACT skill's "can it be used" check made at every
Action Phase decision), where the language's share is not diluted by the rest of
the engine.
"""
from __future__ import annotations

import gc
import hashlib
import json
import time

import attrs

from benchmarks.common import median, play_one, row, starter_decks
from fecipher.engine import modifiers as M
from fecipher.engine.decisions import CARD, Option, choose
from fecipher.engine.game import Deck
from fecipher.engine.modifiers import Modifier
from fecipher.engine.skills import ContinuousEffect, Skill, SkillContext, SkillKind, SupportRole

NAME = "overhead"
TITLE = "skill overhead"


# ----------------------------------------------------------------------------- by hand
def _attack_emblem_effect(ctx: SkillContext):
    """Your attacking unit gains +20 attack until the end of the combat."""
    g = ctx.game
    b = g.battle
    unit = g.unit(b.attacker) if b is not None and b.attacking_player == ctx.controller else None
    if unit is not None:
        g.add_modifier(Modifier(M.ATTACK, "add", 20, M.END_OF_COMBAT, ctx.controller, unit=unit.id, turn=g.turn,
                                text=f"{unit.card.name}: Until the end of this combat, your attacking unit "
                                     f"gains +20 attack.", source=ctx.skill.name))
    ctx.data["did"] = unit is not None
    return
    yield  # pragma: no cover


def _during_your_turn(ctx: SkillContext) -> bool:
    return ctx.game.turn_player == ctx.controller


def _this_unit(ctx: SkillContext, unit) -> bool:
    return unit.id == ctx.unit_id


class FlipBonds:
    """Cost: flip N face-up bonds face-down (the player picks which when there are more)."""

    def __init__(self, n: int):
        self.n = n
        self.text = f"Flip {n} Bond face-down" if n == 1 else f"Flip {n} Bonds face-down"

    def can_pay(self, ctx: SkillContext) -> bool:
        return sum(1 for b in ctx.game.players[ctx.controller].bonds if b.face_up) >= self.n

    def pay(self, ctx: SkillContext):
        cands = [b for b in ctx.game.players[ctx.controller].bonds if b.face_up]
        chosen = cands
        if len(cands) > self.n:
            opts = [Option(CARD, card=b.copy.id, label=b.copy.card.name) for b in cands]
            picked = yield from choose(ctx.controller, f"{ctx.skill.name}: {self.text}", opts,
                                       minimum=self.n, maximum=self.n)
            ids = {o.card for o in picked}
            chosen = [b for b in cands if b.copy.id in ids]
        for b in chosen:
            ctx.game.flip_bond(b, False)


def _steel_bow_effect(ctx: SkillContext):
    """This unit gains +10 attack until the end of the turn."""
    g = ctx.game
    unit = ctx.unit
    if unit is not None and not g.over:
        g.add_modifier(Modifier(M.ATTACK, "add", 10, M.END_OF_TURN, ctx.controller, unit=unit.id, turn=g.turn,
                                text=f"{unit.card.name}: Until the end of the turn, this unit gains +10 attack.",
                                source=ctx.skill.name))
    ctx.data["did"] = unit is not None
    return
    yield  # pragma: no cover


def hand_written(compiled: Skill) -> Skill:
    """The hand-written twin of one of the three compiled skills (same name, text, kind)."""
    if compiled.name == "Attack Emblem":
        return Skill(compiled.name, SkillKind.SUPPORT, compiled.text, support_role=SupportRole.ATTACK,
                     effect=_attack_emblem_effect)
    if compiled.name in ("Fighter's Expertise", "Teach's Tenure"):
        return Skill(compiled.name, SkillKind.CONTINUOUS, compiled.text, condition=_during_your_turn,
                     continuous=(ContinuousEffect(M.ATTACK, "add", 20, _this_unit, "This unit gains +20 attack."),))
    if compiled.name == "Steel Bow":
        return Skill(compiled.name, SkillKind.ACTION, compiled.text, once_per_turn=True, costs=(FlipBonds(1),),
                     effect=_steel_bow_effect)
    raise KeyError(compiled.name)


SWAPPED = ("Attack Emblem", "Fighter's Expertise", "Teach's Tenure", "Steel Bow")


def swap_card(card):
    skills = tuple(hand_written(s) if s.name in SWAPPED else s for s in card.skills)
    sup = card.support_skill
    if sup is not None and sup.name in SWAPPED:
        sup = hand_written(sup)
    if skills == card.skills and sup is card.support_skill:
        return card
    return attrs.evolve(card, skills=skills, support_skill=sup)


def hand_decks() -> tuple[Deck, Deck, int]:
    """Copies of the starter decks with the three skills written by hand; and how many
    distinct cards were changed."""
    out = []
    changed: dict = {}
    for d in starter_decks():
        def new(c):
            if c not in changed:
                changed[c] = swap_card(c)
            return changed[c]
        out.append(Deck(d.name, tuple(new(c) for c in d.cards), new(d.main_character)))
    return out[0], out[1], sum(1 for a, b in changed.items() if a is not b)


# ----------------------------------------------------------------------------- measuring
def _digest(game) -> str:
    h = hashlib.sha256()
    for e in game.events:
        h.update(json.dumps(e.to_json(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def games(decks, seeds) -> tuple[float, list[str]]:
    """Seconds for the games of ``seeds``, and each game's event digest (made after)."""
    d1, d2 = decks
    gc.collect()
    t = time.perf_counter()
    played = [play_one(d1, d2, s) for s in seeds]
    dt = time.perf_counter() - t
    return dt, [_digest(g) for g in played]


def _mid_game_with(decks, names: tuple[str, ...], seeds=range(200)):
    """A game stopped at an Action Phase decision where a unit with one of ``names`` is
    on the turn player's side (and the skill is active if CONT)."""
    from fecipher.play.agents import RandomAgent
    from fecipher.engine.game import Game
    d1, d2 = decks
    for s in seeds:
        g = Game(d1, d2, s)
        agents = [RandomAgent(2 * s), RandomAgent(2 * s + 1)]
        while not g.over:
            if g.decision.kind == "action":
                for u in g.players[g.turn_player].units:
                    for sk in g.skills_of(u):
                        if sk.name in names:
                            return g, u, sk
            g.answer(agents[g.decision.player](g))
    raise RuntimeError(f"no game reached a unit with {names}")


def _per_call(fn, n: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        times.append((time.perf_counter() - t) / n)
    return median(times)


def skill_calls(decks, n: int, repeat: int) -> dict[str, float]:
    """Seconds per call of the skills' own functions, as the engine calls them."""
    out = {}
    g, u, sk = _mid_game_with(decks, ("Fighter's Expertise", "Teach's Tenure"))
    ctx = SkillContext(g, sk, u.owner, u.top, u.id)
    ce = sk.continuous[0]

    def cont():
        # What Game.continuous_contributions asks of a CONT source for one unit.
        if ce.applies(ctx, u) and sk.condition(ctx):
            v = ce.value
            return v(ctx, u) if callable(v) else v
    out["cont"] = _per_call(cont, n, repeat)
    g, u, sk = _mid_game_with(decks, ("Steel Bow",))
    ctx = SkillContext(g, sk, u.owner, u.top, u.id)
    from fecipher.engine.resolution import usable

    def act():
        g._cache.clear()
        return usable(g, ctx)
    out["act"] = _per_call(act, n, repeat)

    def cost():
        return all(c.can_pay(ctx) for c in sk.costs)
    out["cost"] = _per_call(cost, n, repeat)
    return out


def run(quick: bool = False) -> list[dict]:
    b = TITLE
    seeds = range(3) if quick else range(40)
    repeat = 1 if quick else 5
    compiled = starter_decks()
    h1, h2, changed = hand_decks()
    hand = (h1, h2)
    games(compiled, seeds[:1])                     # warm-up
    games(hand, seeds[:1])
    # Paired and interleaved: each repetition plays the compiled games, then the same
    # games with the hand-written skills; the ratio of each pair is taken, so that the
    # machine's changing load falls on both alike; the median ratio is reported.
    ratios, tcs, ths = [], [], []
    same = True
    for _ in range(repeat):
        tc, dc = games(compiled, seeds)
        th, dh = games(hand, seeds)
        same = same and dc == dh
        ratios.append(tc / th)
        tcs.append(tc)
        ths.append(th)
    ratio = median(ratios)
    tc, th = median(tcs), median(ths)
    n = 2000 if quick else 50000
    sc = skill_calls(compiled, n, repeat)
    sh = skill_calls(hand, n, repeat)
    return [
        row(b, "whole games: compiled / hand-written", ratio, "x", target="<= 1.25", met=ratio <= 1.25,
            note=f"{len(seeds)} games; {changed} cards swapped; events identical: {'yes' if same else 'NO'}"),
        row(b, "games with compiled skills", tc / len(seeds) * 1000, "ms/game"),
        row(b, "games with hand-written skills", th / len(seeds) * 1000, "ms/game"),
        row(b, "CONT +20 check: compiled / hand-written", sc["cont"] / sh["cont"], "x",
            note=f"{sc['cont'] * 1e6:.2f} us vs {sh['cont'] * 1e6:.2f} us per unit asked"),
        row(b, "ACT Steel Bow usable(): compiled / hand-written", sc["act"] / sh["act"], "x",
            note=f"{sc['act'] * 1e6:.2f} us vs {sh['act'] * 1e6:.2f} us per check (engine's whole check)"),
        row(b, "ACT Steel Bow cost can_pay: compiled / hand-written", sc["cost"] / sh["cost"], "x",
            note=f"{sc['cost'] * 1e6:.2f} us vs {sh['cost'] * 1e6:.2f} us per check"),
    ]
