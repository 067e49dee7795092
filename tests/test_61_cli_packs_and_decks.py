"""`--packs` for play, replay and snapshot (an author's packs beside the embedded
ones), and `fecipher deck check` (every problem of a deck file, positioned, with
the card and the rule)."""
from __future__ import annotations

import json
import textwrap

import pytest

from fecipher.dsl.decks import load_deck
from fecipher.play.cli import main

PACK = textwrap.dedent("""\
    pack "MINE"

    card "Marth, Test Prince"
      codes MINE-001
      cost 1
      symbol red
      gender male
      weapon sword
      class "Lord"
      range 1
      attack 50
      support 20
""")


def _run(capsys, *argv):
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def authored(tmp_path):
    """A pack with one card and a legal deck using it as its Main Character."""
    pack = tmp_path / "mine.fe0"
    pack.write_text(PACK)
    marth = load_deck("marth")
    codes = [c.code for c in marth.cards]
    codes.remove(marth.main_character.code)
    deck = tmp_path / "mine.deck"
    deck.write_text('deck "mine"\nmain character MINE-001\n1 MINE-001\n' + "".join(f"1 {c}\n" for c in codes))
    return pack, deck


def test_deck_check_a_legal_deck(capsys, authored):
    code, out, err = _run(capsys, "deck", "check", "marth")
    assert code == 0 and out.startswith("ok: cards/marth.deck") and "50 cards" in out
    pack, deck = authored
    code, out, _ = _run(capsys, "deck", "check", deck, "--packs", pack)
    assert code == 0 and "main character Marth, Test Prince (MINE-001)" in out


def test_deck_check_without_the_packs_names_the_unknown_card(capsys, authored):
    _, deck = authored
    code, out, err = _run(capsys, "deck", "check", deck)
    assert code == 1
    assert f"{deck}:2:1: error: unknown card 'MINE-001' for the main character" in err
    assert f"{deck}:3:1: error: unknown card 'MINE-001'" in err


def test_deck_check_lists_every_rule_problem_at_its_card(capsys, tmp_path):
    deck = tmp_path / "bad.deck"
    deck.write_text('deck "bad"\nmain character B01-004SR\n6 B01-003HN\n2 B01-005N  # Caeda\n3 B01-005N\n')
    code, _, err = _run(capsys, "deck", "check", deck)
    assert code == 1
    lines = [line for line in err.splitlines() if ": error: " in line]
    assert lines == [
        f"{deck}:1:1: error: rule 12 (deck size): the deck has 11 cards, at least 50 are required "
        f"(the Main Character included)",
        f"{deck}:2:1: error: rule 12 (Main Character): \"Caeda, Love-Extolling Wings\" (B01-004SR) costs 4; "
        f"the Main Character must be a cost-1 card",
        f"{deck}:2:1: error: rule 12 (Main Character): \"Caeda, Love-Extolling Wings\" (B01-004SR) is not in "
        f"the deck",
        f"{deck}:3:1: error: rule 12 (copies): 6 copies of \"Marth, Altean Prince\", at most 4 are allowed",
        f"{deck}:4:1: error: rule 12 (copies): 5 copies of \"Caeda, Soul-Soothing Wings\", at most 4 are allowed",
        f"{deck}:5:1: error: rule 12 (copies): 5 copies of \"Caeda, Soul-Soothing Wings\", at most 4 are allowed",
    ]
    assert err.splitlines()[-1] == f"{deck}: 6 problems"


@pytest.mark.parametrize("argv, needle", [
    (["deck", "check", "nosuch.deck"], "no such deck file"),
    (["deck", "check", "marth", "--packs", "nosuch_dir/"], "no such pack file or folder: nosuch_dir"),
    (["deck"], "check"),
])
def test_deck_usage_errors(capsys, argv, needle):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and needle in out + err


def test_play_replay_and_snapshot_with_packs(capsys, tmp_path, authored):
    pack, deck = authored
    record = tmp_path / "g.json"
    code, out, err = _run(capsys, "play", "--seed", "4", "--deck1", deck, "--quiet", "--p1", "random",
                          "--p2", "random", "--max-turns", "6", "--packs", pack, "--record", record)
    assert code == 0, err
    rec = json.loads(record.read_text())
    assert rec["decks"][0]["main_character"] == "MINE-001"
    code, _, err = _run(capsys, "replay", record, "--quiet", "--packs", pack)
    assert code == 0, err
    code, out, err = _run(capsys, "snapshot", "--record", record, "--until", "5", "--packs", pack)
    assert code == 0 and "Marth, Test Prince" in out, err
    code, out, err = _run(capsys, "snapshot", "--deck1", deck, "--until", "5", "--packs", pack)
    assert code == 0 and "Marth, Test Prince" in out, err


def test_without_the_packs_the_authors_cards_are_unknown(capsys, tmp_path, authored):
    pack, deck = authored
    record = tmp_path / "g.json"
    assert _run(capsys, "play", "--seed", "4", "--deck1", deck, "--quiet", "--max-turns", "2", "--p1", "random",
                "--p2", "random", "--packs", pack, "--record", record)[0] == 0
    code, _, err = _run(capsys, "play", "--deck1", deck, "--quiet")
    assert code == 2 and "MINE-001" in err
    code, _, err = _run(capsys, "replay", record)
    assert code == 2 and "MINE-001" in err
    code, _, err = _run(capsys, "snapshot", "--record", record)
    assert code == 2 and "MINE-001" in err
    code, _, err = _run(capsys, "play", "--quiet", "--packs", tmp_path / "none.fe0")
    assert code == 2 and "no such pack file or folder" in err
