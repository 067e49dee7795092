"""The checker warns about skills that may trigger themselves without end
(dsl/loopcheck.py), at the skill's position, and does not reject the pack."""
from __future__ import annotations

import warnings

import pytest

from fecipher.dsl.loopcheck import LoopWarning, PackWarning
from fecipher.dsl.packs import compile_text


def card(name: str, code: str, *skill_lines: str) -> str:
    body = "\n".join("  " + line for line in skill_lines)
    return (f'card "{name}"\n  codes {code}\n  cost 1\n  symbol red\n  attack 30\n  support 10\n{body}\n')


def checked(text: str) -> tuple[list, list[LoopWarning]]:
    """The cards (the pack is not rejected) and the warnings issued."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cards = compile_text(text, "loops.fe0")
    found = [w.message.diagnostic for w in caught if issubclass(w.category, PackWarning)]
    return cards, found


PING = card("Looper, Ping", "LWT-001", 'auto "Ping"', "  when this unit is moved", "  move this unit")


def test_a_skill_triggered_by_this_unit_moving_that_moves_this_unit_is_warned_at_its_position():
    cards, found = checked(PING)
    assert [c.name for c in cards] == ["Looper, Ping"]          # compiled all the same
    assert len(found) == 1
    w = found[0]
    assert (w.filename, w.line, w.column, w.severity) == ("loops.fe0", 7, 3, "warning")
    assert w.message.startswith('skill "Ping" of "Looper, Ping" may trigger itself without end: '
                                'its effect makes the event it is triggered by')
    assert "engine decision 17" in w.message
    text = w.format()
    assert text.startswith("loops.fe0:7:3: warning: skill \"Ping\"") and "error" not in text.splitlines()[0]
    assert text.splitlines()[1].strip() == 'auto "Ping"'


def test_warnings_go_through_pythons_warnings_and_do_not_raise():
    with pytest.warns(PackWarning, match="may trigger itself without end"):
        compile_text(PING, "loops.fe0")


def test_a_chosen_ally_moved_and_a_unit_moving_on_any_ally_move_are_warned():
    pack = (card("Looper, Chooser", "LWT-002", 'auto "Pong"', "  when this unit is moved", "  choose 1 ally",
                 "  move it")
            + card("Crowd, Echo", "LWT-003", 'auto "Crowd Echo"', "  when an ally is moved", "  move 1 enemy"))
    _, found = checked(pack)
    assert [(w.line, w.message.split(":")[0]) for w in found] == [
        (7, 'skill "Pong" of "Looper, Chooser" may trigger itself without end'),
        (17, 'skill "Crowd Echo" of "Crowd, Echo" may trigger itself without end'),
    ]


def test_two_cards_that_move_each_other_are_both_warned_naming_the_other():
    pack = (card("Mirror, Left", "LWT-004", 'auto "Left Echo"', "  when another ally is moved", "  move this unit")
            + card("Mirror, Right", "LWT-005", 'auto "Right Echo"', "  when another ally is moved",
                   "  move this unit"))
    _, found = checked(pack)
    assert [w.line for w in found] == [7, 16]
    assert found[0].message.startswith('skill "Left Echo" of "Mirror, Left" may trigger itself without end: '
                                       'through "Right Echo" of "Mirror, Right"')
    assert 'through "Left Echo" of "Mirror, Left"' in found[1].message


@pytest.mark.parametrize("lines", [
    # once per turn, or a cost: cannot repeat without end
    ('auto "Step Aside"', "  when this unit is moved", "  once per turn", "  move this unit"),
    ('auto "Paid Step"', "  cost tap this", "  when this unit is moved", "  move this unit"),
    # an effect that cannot be about the unit the trigger is about
    ('auto "Push Back"', "  when this unit is moved", "  move 1 enemy"),
    ('auto "Others Move"', "  when another ally is moved", "  move this unit"),   # alone: not its own ally
    ('auto "Draw On Move"', "  when this unit is moved", "  draw 1"),
])
def test_skills_that_cannot_repeat_without_end_are_not_warned(lines):
    cards, found = checked(card("Calm, Mover", "LWT-006", *lines))
    assert found == [] and len(cards) == 1


def test_the_shipped_card_packs_have_no_such_skill():
    import importlib.resources
    root = importlib.resources.files("fecipher.cards")
    packs = [e for e in root.iterdir() if e.name.endswith(".fe0")]
    assert packs
    for entry in packs:
        _, found = checked(entry.read_text(encoding="utf-8"))
        assert found == [], entry.name
