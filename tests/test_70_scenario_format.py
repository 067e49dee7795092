"""The scenario file format: parsing, the model, and errors in a scenario author's words."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.conformance.scenario import Item, Step, parse_scenarios, parser
from fecipher.conformance.scenario_run import run_scenario
from scenario_cards import CARDS


def errors(text, filename="t.scn"):
    with pytest.raises(LanguageError) as e:
        parse_scenarios(text, filename)
    return e.value


def test_parser_is_built_once_strict_lalr():
    p = parser()
    assert p is parser()
    assert p.options.parser == "lalr" and p.options.lexer == "basic" and p.options.strict


def test_model_of_a_prepared_board():
    f = parse_scenarios(CARDS + '''
scenario "board"
  seed 7
  first player 2
  start turn 3, player 1, action phase
  player 1
    deck: T99-001, 3 x "Nola, Test Lady"
    orbs: T99-001 face-up, T99-002
    front: [T99-002, T99-001] MC tapped, T99-001
  player 2
    front: T99-002 MC
  player 1 attacks "Nola" with "Ansel"
  expect player 2 to decide evasion with 2 options
''', "board.scn")
    (sc,) = f.scenarios
    assert (sc.seed, sc.first_player, sc.start) == (7, 1, (3, 0, "action"))
    deck = sc.players[0].areas["deck"]
    assert [i.count for i in deck] == [1, 3] and deck[1].cards[0].text == "Nola, Test Lady"
    front = sc.players[0].areas["front"]
    assert isinstance(front[0], Item) and front[0].stacked and [c.text for c in front[0].cards] == ["T99-002", "T99-001"]
    assert front[0].attrs == ("MC", "tapped")
    step = sc.body[0]
    assert isinstance(step, Step) and step.verb == "attack" and step.player == 0
    assert step.args["unit"].name == "Ansel" and step.args["target"].name == "Nola"
    assert sc.body[1].kind == "decision" and sc.body[1].args["options"] == 2
    # The inline pack keeps the scenario file's line numbers.
    assert sc.file_cards[0].text.splitlines()[1].startswith('card "Ansel')


def test_a_misspelt_word_is_reported_with_position_caret_and_suggestion():
    e = errors('scenario "x"\n  player 1 attaks "Nola" with "Ansel"\n', "bad.scn")
    d = e.first
    assert (d.filename, d.line, d.column) == ("bad.scn", 2, 12)
    assert "did you mean 'attacks'" in d.message
    assert "^" in str(e) and 'player 1 attaks "Nola"' in str(e)


def test_unknown_phase_event_flag_and_field_suggest_the_nearest_word():
    e = errors('scenario "x"\n  start turn 1, player 1, deploymnet phase\n'
               '  expect events: atack_declared, drew(playr=1)\n'
               '  expect "Ansel" has flag cannot_atack\n')
    msgs = [d.message for d in e.diagnostics]
    assert any("unknown phase 'deploymnet': did you mean 'deployment'" in m for m in msgs)
    assert any("unknown event 'atack_declared': did you mean 'attack_declared'" in m for m in msgs)
    assert any("has no field 'playr': did you mean 'player'" in m for m in msgs)
    assert any("unknown flag 'cannot_atack': did you mean 'cannot_attack'" in m for m in msgs)
    assert [d.line for d in e.diagnostics] == [2, 3, 3, 4]


def test_lines_in_the_wrong_place():
    e = errors('scenario "x"\n  hand: T99-001\n  player 1\n  expect turn 1\n  deck: T99-001\n')
    msgs = "\n".join(d.message for d in e.diagnostics)
    assert "whose hand? Write 'player 1' or 'player 2'" in msgs
    assert "setup lines come before the first step or expectation (line 4)" in msgs
    assert "not player 3" in errors('scenario "x"\n  player 3\n').first.message


def test_unit_words_only_on_units_and_face_words_only_on_orbs_and_bonds():
    e = errors('scenario "x"\n  player 1\n    hand: T99-001 tapped\n    front: T99-001 face-up\n')
    assert [d.line for d in e.diagnostics] == [3, 4]


def test_an_unclosed_quote_and_an_unfinished_file():
    assert "unclosed quoted name" in errors('scenario "x\n').first.message
    assert errors('scenario "x"\n  expect player 1 hand:').first.message.startswith(
        "this line reads as an expectation of a player's hand: 'expect player 1 hand:', which can go on with "
        "a number, a quoted name such as \"Marth\", '[', 'none' or a card code such as B01-001SR, not the end of "
        "the line; e.g. 'expect player 1 hand: none'")


def test_unknown_cards_are_reported_when_the_scenario_runs_with_suggestions():
    f = parse_scenarios(CARDS + 'scenario "x"\n  player 1\n    front: T99-011 MC\n'
                                '  expect "Nolla" attack 40\n', "cards.scn")
    r = run_scenario(f.scenarios[0])
    assert r.status == "failed"
    text = r.failure.format()
    assert "cards.scn:28:12: error: unknown card code T99-011: did you mean 'T99-001'?" in text
    assert 'did you mean "Nola"' in text


def test_errors_in_inline_cards_keep_the_scenario_file_line():
    f = parse_scenarios('scenario "x"\n  cards: """\n  card "Bad, Card"\n    codes T99-050\n    cots 1\n'
                        '  """\n', "inline.scn")
    r = run_scenario(f.scenarios[0])
    assert r.status == "failed"
    assert "inline.scn:5:" in r.failure.actual


def test_two_scenarios_with_one_name():
    e = errors('scenario "x"\nscenario "x"\n')
    assert "defined twice" in e.first.message and e.first.line == 2


def test_a_file_reports_every_syntax_error_in_one_run():
    """A syntax error leaves out its line and reading goes on: both scenarios' errors
    are reported; the other errors of a scenario with a line left out are not (they may
    only follow from it), those of the other scenarios are."""
    e = errors('scenario "x"\n  player 1\n    hand T99-001\n  expect turn 1\n'
               'scenario "y"\n  player 1 atacks "Nola" with "Ansel"\n'
               'scenario "z"\n  start turn 1, player 1, deploymnet phase\n')
    assert [(d.line, d.column, d.message) for d in e.diagnostics] == [
        (3, 10, "this line reads as the cards in the hand: 'hand', which can go on with ':', not 'T99-001'; "
                "e.g. 'hand: T99-004' or 'hand: T01-011, T01-012' (see docs/scenarios.md, \"Setup\")"),
        (6, 12, "unknown word 'atacks': did you mean 'attacks'?"),
        (8, 27, "unknown phase 'deploymnet': did you mean 'deployment'?; phases are beginning, bond, deployment, "
                "action, end")]
