"""Phrasings of the real cards that the language spells differently or does not have.

A new author writes what the card says: "discard 1 card", "whenever this unit attacks",
"gains 10 attack this turn". When such a line does not check, a list of the tokens the
parser could take, or "unknown effect 'discard'", cannot tell them whether they phrased
it wrongly or asked for something the language lacks. Each row of :data:`PHRASINGS`
names one such phrasing (a regular expression over the line, case-insensitive) and says
which of the two it is, with the language's spelling or the section of the reference
that comes nearest (docs/skill-language.md, or docs/phrasebook.md).

The table is used only for a line that already has an error (:func:`explain`): a line
that checks is never reread. The phrasings were collected from the English texts of the
card pool and from docs/phrasebook.md; none of those texts is copied here.

Constructs being added to the language (replacements, skill control, moving stack,
bond and orb cards) have no row here: a line of those kinds is explained by the
checker or by :mod:`fecipher.dsl.hints`.
"""
from __future__ import annotations

import re

import attrs

REFERENCE = "docs/skill-language.md"


@attrs.frozen
class Phrasing:
    """One phrasing: ``lacks`` when the language has no such thing (the message says
    so plainly), else the language spells it otherwise (the message shows how)."""

    name: str
    pattern: re.Pattern
    message: str
    section: str
    lacks: bool = False

    def text(self) -> str:
        return f"{self.message} (see \"{self.section}\" in {REFERENCE})"


def _p(name: str, pattern: str, message: str, section: str, lacks: bool = False) -> Phrasing:
    return Phrasing(name, re.compile(pattern, re.I), message, section, lacks)


# The word a number is spelt as, and its digit.
_NUMBER_WORDS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten)"
_DIGITS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}

PHRASINGS: tuple[Phrasing, ...] = (
    # ---- the first lines of cards and skills, lists
    _p("card name unquoted", r"^\s*card\s+(?P<at>[^\"\s])",
       "a card's name is written in quotes: 'card \"Marth, Altean Prince\"'", "Packs and card facts"),
    _p("skill name unquoted", r"^\s*(?:granted\s+)?(?:act|auto|cont|spec|bond|hand)\s+(?P<at>[^\"\s\[])",
       "a skill's name is written in quotes after its kind: 'act \"Javelin\"'", "Skills"),
    _p("skill without a name", r"^\s*(?:granted\s+)?(?P<at>act|auto|cont|spec|hand)\s*$",
       "a skill's first line is its kind and its name in quotes: 'act \"Javelin\"'", "Skills"),
    _p("list without commas", r"^\s*(?:types|symbols|codes)\s+[^,\s]+\s+(?P<at>[^,\s])",
       "the items of a list are separated by commas: 'types flier, dragon', 'codes S01-001ST, S01-001ST+'",
       "Packs and card facts"),
    # ---- spelt differently
    _p("whenever", r"^\s*whenever\b",
       "'whenever' is written 'each time' (or 'when'), e.g. 'each time an ally is deployed'", "Triggers (AUTO skills)"),
    _p("while as a condition", r"^\s*(?:while|as long as)\b",
       "a condition line starts with 'if': a CONT skill's effect holds while its 'if' lines hold, "
       "e.g. 'if this unit is in the front line'", "Conditions"),
    _p("discard", r"\bdiscards?\b",
       "'discard' is written 'send ... to your retreat area', e.g. 'send 1 card from your hand to your "
       "retreat area' (as a cost: 'cost send 1 card from your hand to your retreat area')", "Actions"),
    _p("graveyard", r"\b(?:graveyard|discard pile|trash)\b",
       "the area is called 'your retreat area', e.g. 'choose 1 card from your retreat area'", "Actions"),
    _p("draw N cards", r"\bdraws? (?:\d+|a|an|" + _NUMBER_WORDS + r") cards?\b(?! for each)",
       "'draw' takes a number alone: 'draw 2' draws two cards", "Actions"),
    _p("return to the hand", r"\breturns?\b[^.]*\b(?:hand|deck)\b",
       "'return' is written 'add it to your hand' (to the hand) or 'put it on top of your deck' (to the deck)",
       "Actions"),
    _p("search the deck", r"\bsearch(?:es)? (?:your|their) deck\b",
       "searching the deck is written 'choose 1 card from your deck', then 'add it to your hand' and 'shuffle'",
       "Decks, revealing, the opponent's cards"),
    _p("shuffle your deck", r"\bshuffles? (?:your|the) deck\b",
       "'shuffle' stands alone: it shuffles your deck", "Actions"),
    _p("shuffle into the deck", r"\bshuffles? (?:it|them|\S+ cards?)[^.]* into (?:your|the|their) deck\b",
       "a card goes into the deck with 'put it on top of your deck' (or 'on the bottom of'); then 'shuffle' "
       "on a line of its own", "Actions"),
    _p("play a card", r"^\s*play\b", "a card is put on the field with 'deploy', e.g. 'deploy it'", "Actions"),
    _p("unsigned change", r"\b(?:gains?|loses?) [0-9]+ (?:attack|support)\b",
       "a change to attack or support is written with its sign after 'gains': 'gains +10 attack' "
       "('loses 10 attack' has none)", "Changes"),
    _p("power", r"\b(?:power|atk|might|strength)\b", "a unit's power is called 'attack', e.g. 'gains +10 attack'",
       "Changes"),
    _p("defense", r"\bdefense\b", "the word is spelt 'defence', e.g. 'support \"Name\" defence'", "Kinds"),
    # (not "for each ally levelled up / growthed (while this unit was on the field) this turn": a filter)
    _p("this turn", r"^(?!\s*if\b)(?!.*\b(?:growthed|levell?ed up|on the \w+) this turn\s*$).*\b(?:gains?|loses?|acquires?|cannot|can)\b.*(?P<at>\b(?:this|for the) turn)\s*$",
       "a duration is written 'until the end of the turn'", "Durations"),
    _p("end of your turn", r"\buntil the end of (?:your|this|the current) turn\b",
       "a duration is written 'until the end of the turn' (also 'until the end of the combat', 'until the "
       "end of your opponent's next turn')", "Durations"),
    _p("end of the battle", r"\buntil the end of (?:the|this) battle\b",
       "a duration is written 'until the end of the combat'", "Durations"),
    _p("numbers in words", r"\b(?:choose|flip|draw|destroy|send|have|tap|reveal|up to) (?P<at>(?P<number>" + _NUMBER_WORDS[3:-1] + r"))\b",
       "numbers are written with digits: 'DIGITS', not 'NUMBER_WORD'", "Selectors"),
    _p("target", r"\bchoose (?:a )?target\b",
       "a choice is written 'choose 1 enemy' and what it chose is 'it' on the next lines", "Actions"),
    _p("two effects on a line", r"^\s*choose\b[^.]*\band (?:then )?(?:move|destroy|tap|untap|add|send|put|deploy)\b",
       "each effect stands on its own line: 'choose 1 enemy', then 'move it' on the next line", "Effects"),
    _p("there are", r"\bif there (?:are|is)\b",
       "a count is written with a player: 'if you have 2 or more allies' (or 'if your opponent has ...'); the "
       "units of both players together are 'if there are 7 units on the field'",
       "Conditions"),
    _p("more than N", r"\b(?P<at>(?:more|fewer|less) than (?P<count>[0-9]+))\b",
       "a count is written 'N or more' or 'N or less': 'more than 2' is '3 or more', 'fewer than 2' is "
       "'1 or less'", "Conditions"),
    _p("compared from the opponent's side", r"\bif your opponent has (?:more|fewer) \w+ than you\b",
       "a comparison is written from your side: 'if you have fewer orbs than your opponent'", "Conditions"),
    _p("amount of", r"\b(?P<at>amount) of\b",
       "a count is written 'number of', e.g. 'if you have an odd number of bonds'", "Conditions"),
    _p("front row", r"\b(?:front|back) row\b", "the lines are 'the front line' and 'the back line'", "Selectors"),
    _p("opponent's units", r"\b(?:your )?opponent'?s'? (?:units?|allies|ally)\b",
       "your opponent's units are 'enemies', e.g. 'choose 1 enemy'", "Selectors"),
    _p("cost colon", r"^\s*cost\s*:", "a cost line is 'cost' and what is paid, without a colon: 'cost flip 1 bond'",
       "Costs"),
    _p("bracketed cost", r"^\s*\[", "a cost is a line of its own, 'cost flip 1 bond', not in brackets "
       "(brackets hold a skill's keywords, after its name: 'act \"Name\" [LvS 3]')", "Costs"),
    _p("reverse a bond", r"\b(?:reverse|turn over|turn face-down)\b[^.]*\bbonds?\b",
       "a bond is paid with 'flip', e.g. 'cost flip 1 bond'", "Costs"),
    _p("tap this card", r"\bcost\b[^.]*\btap this card\b",
       "the unit is tapped: 'cost tap this' (or 'tap this unit')", "Costs"),
    _p("several costs", r"^\s*cost\b.*\band (?:tap|flip|send|destroy|reveal|stack)\b",
       "costs are separated by commas: 'cost flip 2 bonds, tap this'", "Costs"),
    _p("once each turn", r"^\s*once (?:each|a|every) turn\b|^\s*once per turn only\b",
       "a use limit is 'once per turn' (or 'once per game') alone on its line", "Limits"),
    _p("attacks a target", r"^\s*(?:when|each time) [^.]*\battacks (?:an?|the|1) ",
       "'... attacks' is the whole trigger; what is attacked is a condition of its own, e.g. "
       "'if this unit is attacking a flier unit'", "Triggers (AUTO skills)"),
    _p("full stop", r"(?P<at>[.;])\s*$", "a line has no full stop or semicolon at its end", "Lines, comments, names"),
    _p("trailing comma", r"(?P<at>,)\s*$", "a line does not end with a comma: each line says one thing", "Lines, comments, names"),
    # ---- not in the language
    _p("damage", r"\b(?:damage|hit points|hp|life points?|heal(?:s|ed)?)\b",
       "the language has no damage or healing: an attack that succeeds destroys a unit or breaks orbs "
       "('destroy it', 'destroy 1 orb')", "Actions", lacks=True),
    _p("attack becomes", r"\battack (?:becomes|is (?:doubled|tripled|halved|set to|equal to)|doubles|triples)\b",
       "the language has no 'attack becomes N' for a while, tripled or halved attack: a change adds or takes "
       "away, 'gains +10 attack', 'loses 10 attack'; a doubled attack is 'this unit doubles its attack'; a CONT "
       "skill sets it with 'the attack of this unit becomes N'", "Changes",
       lacks=True),
    _p("attack increased", r"\battack is (?:increased|reduced|decreased) by\b",
       "a unit's attack is changed with 'gains +10 attack' or 'loses 10 attack' (only the values of cards "
       "that are not units are 'increased by' / 'reduced by')", "Changes"),
    _p("turn structure", r"\b(?:skip|extra turn|another turn|additional turn|end (?:the|your) (?:turn|phase)|"
                         r"extra phase|additional phase)\b",
       "the language has no effects on the turn's structure (extra, skipped or ended turns and phases)",
       "Triggers of the wider pool, delayed effects, this turn's history", lacks=True),
    _p("coin", r"\b(?:flip a coin|coin|roll|dice|die roll)\b",
       "the language has no coins or dice; a random pick is 'choose 1 card from your opponent's hand at random'",
       "Hidden information: looking, choosing without looking, revealing", lacks=True),
    _p("attack evaded", r"^\s*(?:when|each time)\b[^.]*\bis evaded",
       "an attack being evaded is written from the evading side: 'when an enemy evades this unit' "
       "(this unit's attack was evaded; 'when this unit evades' is this unit's own evasion)", "More triggers"),
    _p("becomes untapped", r"^\s*(?:when|each time)\b[^.]*\bbecomes? (?:untapped|tapped)\b",
       "the trigger is written 'when this unit is untapped' (or 'is tapped')", "More triggers"),
    _p("level up as an effect", r"^\s*(?:this unit|it|that unit) (?:levels up|class changes)\s*$|^\s*class change\b(?! cost\b)",
       "the language has no effect that levels up or class changes a unit on its own: a card is put on top "
       "with 'put it onto this unit'", "Actions", lacks=True),
    _p("counters and tokens", r"\b(?:counters?|tokens?|mana|exile|banish(?:ed)?)\b",
       "the language has no counters, tokens, mana or exile zone: the areas are the hand, the deck, the "
       "retreat area, the bond area, the orbs, the support area and the boundless area", "Actions", lacks=True),
)


def explain(line: str) -> tuple[int, str] | None:
    """(column, message) of the first phrasing of :data:`PHRASINGS` that ``line`` holds
    (the column where it starts), or None."""
    for p in PHRASINGS:
        m = p.pattern.search(line)
        if m:
            if "at" in p.pattern.groupindex and m.group("at") is not None:
                at = m.start("at")
            else:
                at = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
            text = p.text()
            if "number" in p.pattern.groupindex:
                word = m.group("number").lower()
                text = text.replace("NUMBER_WORD", word).replace("DIGITS", str(_DIGITS[word]))
            return at + 1, text
    return None
