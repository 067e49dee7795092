"""The words of the skill language that are not grammar: symbols, genders,
weapons, unit types, areas, flags, keywords. The checker resolves every word a
pack uses against these tables; the compiler maps them to engine values."""
from __future__ import annotations

from fecipher.engine import modifiers as M
from fecipher.engine.cards import GENDERS, UNIT_TYPES, WEAPONS, Symbol

SYMBOLS = {s.value: s for s in Symbol}
GENDER_WORDS = set(GENDERS)
WEAPON_WORDS = set(WEAPONS) - {"none"}
TYPE_WORDS = set(UNIT_TYPES)
# Words that describe a unit or card in a filter ("flier enemy", "red ally", "female cards").
QUALITY_WORDS = set(SYMBOLS) | GENDER_WORDS | WEAPON_WORDS | TYPE_WORDS

KEYWORDS = {
    "CCS": "only while this unit is class changed",
    "LvS": "only while this unit's stack has N or more cards",
    "FS": "formation skill: tap the named allies as its cost",
    "US": "union skill: needs a bond of a given symbol",
    "CF": "camaraderie: with a named unit in the same area",
    "BS": "bond skill",
    "DV": "Dragon Vein: flip an orb face-up as its cost",
    "HS": "make this unit your Main Character",
    "TS": "TS skill",
    "IS": "may be used again within one combat",
    "AS": "awakening skill: on class change",
    "DB": "acquired by allies with Resonance of Dragon's Blood",
    "LIS": "LIS skill",
    "CP": "CP skill",
}

# Areas a card can be in, as "your hand", "your retreat area", "your bond area" ...
PLACES = {
    ("hand",): "hand",
    ("deck",): "deck",
    ("retreat", "area"): "retreat",
    ("retreat",): "retreat",
    ("bond", "area"): "bonds",
    ("bonds",): "bonds",
    ("orb", "area"): "orbs",
    ("orbs",): "orbs",
    ("boundless", "area"): "boundless",
    ("support", "area"): "support",
    ("field",): "field",
}
PLACE_NAMES = {" ".join(k) for k in PLACES}

# "cannot ..." phrases and the flag they set.
FLAGS = {
    ("attack",): M.CANNOT_ATTACK,
    ("be", "attacked"): M.CANNOT_BE_ATTACKED,
    ("be", "evaded"): M.CANNOT_BE_EVADED,
    ("critical", "hit"): M.CANNOT_CRITICAL,
    ("evade",): M.CANNOT_EVADE,
    ("move",): M.CANNOT_MOVE,
    ("be", "moved"): M.CANNOT_BE_MOVED_BY_SKILLS,
    ("be", "destroyed"): M.CANNOT_BE_DESTROYED,
    ("be", "destroyed", "in", "battle"): M.CANNOT_BE_DESTROYED_IN_BATTLE,   # also "by attacks"
    ("level", "up"): M.CANNOT_LEVEL_UP,
    ("be", "leveled", "up"): M.CANNOT_LEVEL_UP,
    ("be", "levelled", "up"): M.CANNOT_LEVEL_UP,
    ("class", "change"): M.CANNOT_CLASS_CHANGE,
    ("be", "class", "changed"): M.CANNOT_CLASS_CHANGE,
    ("untap",): M.CANNOT_UNTAP,
    ("be", "chosen"): M.CANNOT_BE_CHOSEN,
}
# SPEC rules on a card ("this card cannot be placed in the bond area").
CARD_RULES = {
    ("be", "placed", "in", "the", "bond", "area"): "cannot_bond",
    # "this card cannot be deployed by skills": a skill's effect never deploys it (the
    # words are "be deployed", with "by skills"; see dsl/skillcheck.py)
    ("be", "deployed", "by", "skills"): "no_skill_deploy",
}
FLAG_PHRASES = {" ".join(k) for k in FLAGS} | {" ".join(k) for k in CARD_RULES}


def card_rule_key(words, by) -> tuple[str, ...]:
    """The CARD_RULES key of a "cannot ..." change: its words, and "by skills" if it says so."""
    return tuple(words) + (("by", "skills") if by == "skills" else ())

DURATIONS = {
    "end_of_turn": M.END_OF_TURN,
    "end_of_combat": M.END_OF_COMBAT,
    "end_of_opponents_next_turn": M.END_OF_OPPONENTS_NEXT_TURN,
    # "until the end of your next turn": the end of the controller's first own turn after the one
    # it was made in (the opponent's turn between does not end it; made in the opponent's turn,
    # it is the turn that follows).
    "end_of_next_turn": M.END_OF_YOUR_NEXT_TURN,
    "end_of_game": M.PERMANENT,
    # "until it leaves the field" ("until this unit is removed from the Battlefield"): a change of
    # units aimed at each unit, which ends when that unit leaves the field, as every such change does.
    "while_on_field": M.WHILE_ON_FIELD,
    # "until this unit leaves the field": no turn or combat ends it, only the skill's own unit
    # leaving the field (the modifier's holder, dsl/skillcompile.py).
    "while_source_on_field": M.WHILE_ON_FIELD,
    # "during your opponent's next turn": it ends as "until the end of ..." does, and holds only
    # from the start of that turn (a condition on the modifier, dsl/skillcompile.py).
    "during_opponents_next_turn": M.END_OF_OPPONENTS_NEXT_TURN,
    # "during your opponent's next turn while this unit is on the field": the same turn, and the
    # skill's own unit leaving the field ends it too (the modifier's holder); the units are those
    # the selector names at any moment of that turn (dsl/skillcompile.py).
    "during_opponents_next_turn_while_source": M.END_OF_OPPONENTS_NEXT_TURN,
    # "during your next turn": it ends at the end of the controller's next turn, and holds only
    # during that turn (a condition on the modifier, dsl/skillcompile.py).
    "during_next_turn": M.END_OF_YOUR_NEXT_TURN,
    # "during your (opponent's) next beginning phase": ends as the turn's own 'during' does, and
    # holds only in that turn's Beginning Phase (a condition on the modifier, dsl/skillcompile.py).
    "during_opponents_next_beginning_phase": M.END_OF_OPPONENTS_NEXT_TURN,
    "during_next_beginning_phase": M.END_OF_YOUR_NEXT_TURN,
}

UNIT_NOUNS = {"ally": "ally", "allies": "ally", "enemy": "enemy", "enemies": "enemy",
              "unit": "unit", "units": "unit"}
CARD_NOUNS = {"card": "card", "cards": "card"}
BOND_NOUNS = {"bond": "bond", "bonds": "bond"}
ORB_NOUNS = {"orb": "orb", "orbs": "orb"}
