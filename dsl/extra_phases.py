"""Phases played again in the turn: "At the end of your Bond Phase, and before you begin your
Deployment Phase, you may have a second Bond Phase" (B12-075SR) and "At the end of your Deployment
Phase, ... You undergo a second Beginning Phase, Bond Phase and Deployment Phase in this turn"
(B16-066SR) are

    at the end of your bond phase
    you may
    you have a second bond phase

    at the end of your deployment phase
    you have a second beginning phase, bond phase and deployment phase

The phases named are played again right after the phase whose end triggered the skill, in rule
order (engine/phases.py add_phases; docs/rules.md "A second phase in the turn"): they must be a
run of the turn's phases that ends with that phase, and that phase is the Beginning, Bond or
Deployment Phase. So the line stands only in an AUTO skill triggered "at the end of your <phase>
phase"; anything else is refused at check time.

The checker's rules (:func:`check`), the compiled effect (:func:`effect`) and the English
(:func:`render`) are side by side here; dsl/skillcheck.py, dsl/skillcompile.py and dsl/render.py
hand over with one line each."""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.engine.phases import PHASES, add_phases

_FROM = ("beginning", "bond", "deployment")


def check(checker, st: A.ExtraPhases) -> None:
    """An AUTO skill triggered at the end of one of your Beginning, Bond or Deployment
    Phases, naming a run of phases in rule order that ends with that phase."""
    s = checker.s
    if st.word != "second":
        checker.err(st.pos, f"'you have a {st.word} ... phase' is not supported: a phase is played again once per "
                            f"line, 'you have a second <phase> phase'")
        return
    ends = [t for t in s.triggers if t.kind == "phase_end"]
    if s.kind != "auto" or not ends or len(ends) != len(s.triggers):
        checker.err(st.pos, "'you have a second ... phase' is supported only in an AUTO skill triggered 'at the end "
                            "of your <phase> phase' (the phases are played right after that one)")
        return
    phases = list(st.phases)
    i = PHASES.index(phases[0])
    if phases != list(PHASES[i:i + len(phases)]):
        checker.err(st.pos, f"the phases played again are named in rule order, with none left out "
                            f"({', '.join(PHASES)}), not {', '.join(phases)}")
        return
    for t in ends:
        if t.owner != "your":
            checker.err(t.pos, "phases are played again only in your own turn: 'at the end of your <phase> phase'")
        elif t.phase not in _FROM:
            checker.err(t.pos, f"no phase is played again after the {t.phase} phase: only after the beginning, "
                               f"bond or deployment phase")
        elif t.phase != phases[-1]:
            checker.err(st.pos, f"the phases played again end with the phase that just ended ({t.phase}), "
                                f"not {phases[-1]}: e.g. 'you have a second {t.phase} phase'")


def effect(st: A.ExtraPhases):
    phases = tuple(st.phases)

    def eff(ctx):
        g = ctx.game
        # The checker holds the line to a skill triggered at the end of one of the
        # controller's phases, so add_phases has nothing to refuse; a refusal would
        # be a bug, not something to skip.
        why = add_phases(g, phases)
        if why is not None:  # pragma: no cover
            raise AssertionError(why)
        ctx.data["did"] = True
        yield from ()
    return eff


def render(st: A.ExtraPhases) -> str:
    names = [f"{p.capitalize()} Phase" for p in st.phases]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"You have a second {listed} in this turn."
