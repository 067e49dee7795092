"""The opponent guesses something about a card the skill chose: "Choose 1 card that does not have
a Deployment Cost of 0 from your hand. Your opponent declares a guess as to whether that card's
Deployment Cost is an odd or even number. Reveal that card, and if your opponent's guess was
incorrect, you draw 3 cards" (B22-111HN) is

    choose 1 card with cost 1 or more from your hand
    your opponent guesses whether its cost is odd or even
    reveal it
    if the guess is wrong: draw 3

and "... Your opponent guesses as to whether or not that card's Unit Name is "Joshua". Reveal that
card, and if the opponent's guess is wrong, destroy your opponent's Main Character" (B11-020SR)
says `your opponent guesses whether its unit name is "Joshua"`.

The guess is a decision of the opponent's (design rule 1): two options ("odd" / "even", "it is
"Joshua"" / "it is not"), asked while the card is hidden from them. `the guess is right` /
`wrong` compares the answer with the card as it is when the condition is asked (its printed cost
or unit names); with no card chosen, no guess is asked and both conditions are false.

The checker's rules (:func:`check`, :func:`check_condition`), the compiled effect and condition
(:func:`effect`, :func:`condition`) and the English (:func:`render`) are side by side here;
dsl/skillcheck.py, dsl/skillcompile.py, dsl/conditions.py and dsl/render.py hand over with one
line each."""
from __future__ import annotations

from fecipher.dsl import ast as A

_KEY = "guess"


def check(checker, st: A.Guess) -> None:
    """An effect line after a choice of one card, which `its` names."""
    if checker.s.kind in ("cont", "spec"):
        checker.err(st.pos, f"a guess is asked by an effect; a {checker.s.kind.upper()} skill states what holds")
        return
    found = list(checker.bindings)
    if not found:
        checker.err(st.pos, "'its' names the card chosen just before: choose 1 card first, e.g. 'choose 1 card "
                            "from your hand'")
        return
    if found[-1].kind != "card":
        checker.err(st.pos, "the opponent guesses about a card (its cost, its unit name): choose 1 card first, "
                            "not a unit")
        return
    if st.what == "name":
        checker.check_name(st.name, st.pos)
    checker.guessed = True


def check_condition(checker, c: A.Condition) -> None:
    if not getattr(checker, "guessed", False):
        checker.err(c.pos, "'the guess is right / wrong' asks about a guess made before it in the skill: "
                           "'your opponent guesses whether its cost is odd or even' first")


def _truth(ctx, thing, what: str, name: str | None) -> str:
    """The right answer about ``thing`` now: "odd"/"even" (its printed cost), or "yes"/"no" (it
    has the unit name, aliases included)."""
    from fecipher.dsl.selectors import things_names
    if what == "parity":
        card = getattr(thing, "card", thing)
        return "odd" if (card.cost or 0) % 2 else "even"
    return "yes" if name in things_names(ctx, [thing]) else "no"


def effect(st: A.Guess):
    from fecipher.dsl.conditions import subject_things
    from fecipher.engine.decisions import EFFECT, Option, choose
    if st.what == "parity":
        answers = (("odd", "odd"), ("even", "even"))
    else:
        answers = (("yes", f"its Unit Name is \"{st.name}\""), ("no", f"its Unit Name is not \"{st.name}\""))
    options = [Option(EFFECT, target=i, label=label) for i, (_a, label) in enumerate(answers)]

    def eff(ctx):
        ctx.data.pop(_KEY, None)
        ctx.data["did"] = False
        things = subject_things(ctx, st.subject)
        if len(things) != 1:
            return
        got = yield from choose(ctx.opponent, f"{ctx.skill.name}: guess ({render(st).rstrip('.')})", options)
        ctx.data[_KEY] = (things[0], answers[got[0].target][0], st.what, st.name)
        ctx.data["did"] = True
    return eff


def condition(c: A.Condition):
    """`the guess is right` / `wrong` (c.name): both False when no guess was made."""
    right = c.name == "right"

    def test(ctx) -> bool:
        made = ctx.data.get(_KEY)
        if made is None:
            return False
        thing, answer, what, name = made
        return (answer == _truth(ctx, thing, what, name)) == right
    return test


def render(st: A.Guess) -> str:
    if st.what == "parity":
        return "Your opponent guesses whether its Deployment Cost is odd or even."
    return f"Your opponent guesses whether its Unit Name is \"{st.name}\"."


def render_condition(c: A.Condition) -> str:
    return f"your opponent's guess is {c.name}"
