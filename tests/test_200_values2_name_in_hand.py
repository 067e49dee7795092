"""'this card acquires the unit name "X" while it is in your hand' (a SPEC skill: "Treat this
card, while it is in your hand, as if its Unit Name is also "Zelgius"", B22-059HN;
docs/skill-language.md, "A unit name held in the hand"): the card has the name in its
owner's hand only, and the engine asks a card's computed names where it reads them from the
hand (rule 5's unit names on deployment, a level up or class change, the card discarded for a
critical hit or an evasion)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine.deployment import can_level_onto, name_refusal

from vanilla import add_cards, add_unit, begin, card, duel

PACK = '''
card "Knight, Masked"
  codes TST-204
  cost 3
  symbol green
  range 1
  attack 60
  support 10
  spec "True Face"
    this card acquires the unit name "General" while it is in your hand
'''


def _knight():
    return compile_text(PACK, "t.fe0")[0]


def test_reads_as_the_card_and_is_no_alias():
    k = _knight()
    assert k.skills[0].text == 'True Face |SPEC| This card acquires the unit name "General" while it is in your hand.'
    from fecipher.engine.cards import card_unit_names
    assert card_unit_names(k) == frozenset({"Knight"})   # (not a name it has everywhere)


def test_the_name_holds_in_the_hand_only():
    k = _knight()
    g, _, _ = duel()
    hand, = add_cards(g, 0, "hand", k)
    retreat, = add_cards(g, 0, "retreat", k)
    unit = add_unit(g, 0, k)
    begin(g)
    assert g.card_names(hand) == frozenset({"Knight", "General"})
    assert g.card_names(retreat) == frozenset({"Knight"})
    assert g.unit_names(unit) == frozenset({"Knight"})


def test_from_the_hand_it_levels_up_a_general_and_is_not_deployed_beside_one():
    k = _knight()
    g, _, _ = duel()
    hand, = add_cards(g, 0, "hand", k)
    general = add_unit(g, 0, card("General"))
    begin(g)
    assert can_level_onto(g, hand, general)
    assert "unit name" in name_refusal(g, 0, k, hand)


def test_a_general_evades_by_discarding_it():
    from fecipher.engine.battle import _discard_options
    k = _knight()
    g, _, _ = duel()
    hand, = add_cards(g, 0, "hand", k)
    general = add_unit(g, 0, card("General"))
    begin(g)
    assert [o.card for o in _discard_options(g, 0, general, "evasion")] == [hand.id]


def _src(kind: str, line: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  {kind} "S"\n    {line}\n'


@pytest.mark.parametrize("kind, line, message", [
    ("cont", 'this unit acquires the unit name "Marth" while it is in your hand',
     "'while it is in your hand' is supported for a SPEC skill's"),
    ("spec", "this card acquires knife while it is in your hand",
     "'while it is in your hand' is supported for a SPEC skill's"),
    ("spec", 'this card acquires the unit name "Marth" while attacking', "'while ...' is not supported there"),
])
def test_near_misses_are_refused(kind, line, message):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(kind, line), "bad.fe0")
    assert message in str(e.value)
