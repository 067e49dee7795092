"""`fecipher describe` reads like the card: articles and plurals right, areas named as
cards name them, a unit's value read as cards say it (dsl/render.py)."""
from __future__ import annotations

import re

import pytest

from fecipher.dsl.packs import compile_text, embedded_pool
from tests.error_corpus import STANDARD_CARD


def text_of(skill: str) -> str:
    return compile_text(STANDARD_CARD + skill + "\n", "grammar.fe0")[0].skills[0].text.split("| ", 1)[1]


@pytest.mark.parametrize("skill,expected", [
    ('  cont "A"\n    if you have an "Anna" ally\n    this unit gains +10 attack',
     'If you have an "Anna" ally: This unit gains +10 attack.'),
    ('  cont "A"\n    if you have a "Marth" ally\n    this unit gains +10 attack',
     'If you have a "Marth" ally: This unit gains +10 attack.'),
    ('  cont "A"\n    if you have 1 or more bonds\n    this unit gains +10 attack',
     'If you have 1 or more bonds: This unit gains +10 attack.'),
    ('  cont "A"\n    if you have 1 or more other allies with cost 1 or less\n    this unit gains +10 attack',
     'If you have 1 or more other allies with a Deployment Cost of 1 or lower: This unit gains +10 attack.'),
    ('  cont "A"\n    if you have 1 or more cards in your hand\n    this unit gains +10 attack',
     'If you have 1 or more cards in your hand: This unit gains +10 attack.'),
    ('  cont "A"\n    if you have an armored ally\n    this unit gains +10 attack',
     'If you have an <Armored> ally: This unit gains +10 attack.'),
    ('  cont "A"\n    if this unit has attack 100 or more\n    this unit gains +10 attack',
     "If this unit's attack is 100 or higher: This unit gains +10 attack."),
    ('  act "A"\n    cost tap this\n    put the top 1 cards of your deck into your retreat area',
     '[Tap this unit] Put the top card of your Deck into your Retreat Area.'),
    ('  act "A"\n    cost tap this\n    put the top card of your deck into your orbs',
     '[Tap this unit] Put the top card of your Deck into your Orbs.'),
    ('  spec "A"\n    this card cannot be placed in the bond area',
     'This card cannot be placed in the Bond Area.'),
    ('  act "A"\n    cost flip 1 bond\n    this unit acquires range 1-3 until the end of the turn',
     '[Flip 1 Bond face-down] Until the end of the turn, this unit acquires range 1-3.'),
    # "while" holds for every change of its line: said in front, not after the last change only
    ('  cont "A"\n    this unit gains +10 attack and acquires range 1-2 while attacking',
     'While this unit is attacking, it gains +10 attack, and acquires range 1-2.'),
    ('  cont "A"\n    this unit gains +10 attack while attacking',
     'This unit gains +10 attack while it is attacking.'),
    ('  act "A"\n    if an orb from your opponent\'s orbs was destroyed this turn\n    draw 1',
     "If one of your opponent's Orbs was destroyed this turn: Draw 1 card."),
])
def test_describe_reads_like_the_card(skill, expected):
    assert text_of(skill) == expected


# "a" before a vowel sound, "an" before a consonant one, a count of one with a plural
# (A skill kind is rendered between bars: "an |ACT| skill", "a |BOND| skill".)
_WRONG = re.compile(r"\ba (?!unit|use|one)[\"<|]?[aeiouAEIOU]|\ban (?:unit|[\"<|]?[^aeiouAEIOU\"<|\s])|\b1 (?:cards|allies|"
                    r"enemies|units|bonds|orbs)\b(?! or)|\ban? (?:\S+ )?(?:allies|enemies|cards|bonds|orbs)\b")


def test_no_shipped_card_reads_wrongly():
    # (a skill's name is the card's: "Dream of a United Fatherland" is not the renderer's English)
    bad = [s.text for c in embedded_pool() for s in (*c.skills, c.support_skill) if s is not None
           and _WRONG.search(s.text.replace(s.name, ""))]
    assert bad == []


def test_the_check_finds_what_it_looks_for():
    for wrong in ('If you have a "Anna" ally', "If you have a bonds", "an other allies", "the top 1 cards",
                  "uses a |ACT| skill", "uses an |BOND| skill"):
        assert _WRONG.search(wrong), wrong
    for right in ("uses an |ACT| skill", "uses a |BOND| skill"):
        assert not _WRONG.search(right), right


def test_a_granted_skill_is_shown_with_the_skill_that_grants_it():
    card = compile_text(STANDARD_CARD + '  act "Excalibur"\n    cost flip 1 bond\n'
                        '    this unit acquires "Anti-Fliers" until the end of the turn\n'
                        '  granted cont "Anti-Fliers"\n    if this unit is attacking a flier unit\n'
                        '    this unit gains +30 attack\n', "grammar.fe0")[0]
    assert card.skills[0].text == (
        'Excalibur |ACT| [Flip 1 Bond face-down] Until the end of the turn, this unit acquires the skill '
        '"Anti-Fliers". (Anti-Fliers |CONT| If this unit is attacking a <Flier> unit: This unit gains +30 attack.)')
