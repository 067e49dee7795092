"""Bond skills given to bond cards by a unit's CONT skill (docs/skill-language.md,
"Bond skills given to other bond cards"):

    cont "Blood of Njorun, Earthen Goddess"
      all yellow bonds acquire this unit's [BS] skills

"All of your <Yellow> Bond cards possess this unit's [BS] skill" (B15-076SR): while the CONT
skill is active, each face-up card of its controller's Bond Area that matches the filter
has the bond skills with that keyword printed on this unit's card (the unit's top card), as
if printed on it: used from that card (its cost's "this card" is that bond), each card's
uses of the skill its own. The engine asks the rule wherever a bond's skills are listed for
use (engine/resolution.bond_skills, the stat M.BOND_SKILLS). Only bond skills that are used
(|BOND| |ACT|) can be given: an automatic or continuous bond skill given this way is refused
by the checker (the engine finds those from the printed cards).
"""
from __future__ import annotations

from fecipher.dsl import ast as A
from fecipher.dsl import render
from fecipher.dsl.selectors import card_predicate, selector_kind
from fecipher.engine import modifiers as M
from fecipher.engine.skills import ContinuousEffect


def handles(st) -> bool:
    return isinstance(st, A.Modification) and any(c.kind == "acquire_own_keyword" for c in st.changes)


def check(ch, st: A.Modification) -> None:
    """What the checker asks of the line (dsl/skillcheck.py): a CONT skill's only change of
    'all <quality> bonds', naming a keyword of bond skills printed on this card, all used ones."""
    kind = ch.s.kind
    change = next(c for c in st.changes if c.kind == "acquire_own_keyword")
    if kind != "cont":
        ch.err(st.pos, "'acquire this unit's [..] skills' is a CONT skill's line (while this unit is on the field)")
        return
    if len(st.changes) != 1 or len(st.subjects) != 1:
        ch.err(st.pos, "'acquire this unit's [..] skills' stands alone in its line, with one subject "
                       "('all yellow bonds')")
        return
    subj = st.subjects[0]
    ch.check_selector(subj, where=False)
    if selector_kind(subj) != "bond" or not isinstance(subj, A.Filtered):
        ch.err(subj.pos, "bond skills are given to bond cards: 'all yellow bonds acquire this unit's [BS] skills'; "
                         "giving them to units or other cards is not supported")
        return
    if subj.quantifier is None or subj.quantifier.kind != "all":
        ch.err(subj.pos, "a change of bonds is about all of them: 'all yellow bonds'")
    elif subj.posts:
        ch.err(subj.posts[0].pos, "the bonds changed are your own: 'all yellow bonds'")
    if st.duration is not None:
        ch.err(st.duration.pos, "a CONT skill holds while it is active; it takes no duration")
    if st.while_state is not None:
        ch.err(st.pos, "'while ...' goes with units")
    tag = change.words[0]
    given = [s for s in ch.card.skills if s.kind == "bond" and any(k.name == tag for k in s.keywords)]
    if not given:
        ch.err(change.pos, f"this card prints no bond skill with [{tag}] to give")
    for s in given:
        if s.triggers or not s.statements or any(_continuous_line(x) for x in s.statements):
            ch.err(change.pos, f"giving a bond skill that triggers or holds by itself (\"{s.name}\") is not "
                               f"supported: only a bond skill that is used (|BOND| |ACT|) can be given")


def _continuous_line(st) -> bool:
    """A bond skill line that holds by itself ("this card acquires ...")."""
    from fecipher.dsl import card_values as CV
    return CV.is_card_modification(st, "bond")


def continuous(st: A.Modification) -> list[ContinuousEffect]:
    """value(ctx, None, card=, player=): the skills the bond card ``card`` of ``player``
    acquires from this skill now (its controller's face-up bonds of the filter)."""
    subj = st.subjects[0]
    tag = next(c for c in st.changes if c.kind == "acquire_own_keyword").words[0]
    pred = card_predicate(subj)

    def skills(ctx, _unit, card=None, player=None, **kw):
        if card is None or player != ctx.controller or card.owner != ctx.controller or not pred(ctx, card):
            return ()
        from fecipher.engine.skills import SkillKind
        return tuple(s for s in ctx.source.card.skills if s.kind is SkillKind.BOND and s.has_keyword(tag))
    return [ContinuousEffect(M.BOND_SKILLS, "grant", skills, lambda ctx, u: False, render.statement(st))]
