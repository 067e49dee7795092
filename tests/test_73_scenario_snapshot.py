"""scenario_from_game: a running game's board written as a scenario setup, read back
into the same board; and `fecipher snapshot`."""
import pytest

from fecipher.dsl.decks import load_deck
from fecipher.dsl.packs import embedded_pool
from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import build_board
from fecipher.conformance.scenario_snapshot import scenario_from_game
from fecipher.play.agents import RandomAgent
from fecipher.play.cli import main
from fecipher.engine.game import Game
from fecipher.dsl.packs import embedded_pool

POOL = embedded_pool()


def board(g: Game):
    def cards(cs):
        return [c.card.name for c in cs]
    out = [g.turn, g.turn_player, g.first_player]
    for p in g.players:
        out.append((cards(p.deck), cards(p.hand), cards(p.retreat), cards(p.boundless),
                    [(o.copy.card.name, o.face_up) for o in p.orbs],
                    [(b.copy.card.name, b.face_up) for b in p.bonds],
                    [(u.area, cards(u.cards), u.tapped, u.is_main_character, u.class_changed) for u in p.units],
                    p.cost_paid_this_turn, p.bonded_this_turn))
    return out


def play(seed: int, answers: int) -> Game:
    """Random play for ``answers`` answers, then on to the next decision outside a
    battle in the Bond, Deployment or Action Phase (where a snapshot can stand)."""
    g = Game(load_deck("marth"), load_deck("chrom"), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    n = 0
    while not g.over and g.decision is not None and (
            n < answers or g.battle is not None or g.phase not in ("bond", "deployment", "action")):
        g.answer(agents[g.decision.player](g))
        n += 1
    assert not g.over, "the game ended before a snapshot point"
    return g


@pytest.mark.parametrize("seed,answers", [(1, 8), (2, 25), (3, 40), (4, 70)])
def test_a_snapshot_reads_back_into_the_same_board(seed, answers):
    g = play(seed, answers)
    text = scenario_from_game(g, "round trip")
    (sc,) = parse_scenarios(text, "snap.scn").scenarios
    g2 = build_board(sc, embedded_pool())
    assert g2.phase == g.phase
    assert board(g2) == board(g)


def test_the_snapshot_command(tmp_path, capsys):
    out = tmp_path / "snap.scn"
    assert main(["snapshot", "--seed", "3", "--until", "30", "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith('scenario "snapshot of seed 3 after 30 answers"')
    assert "  seed 3\n" in text and "  player 1\n" in text and "    deck: " in text
    assert main(["test", str(out)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_the_snapshot_of_a_recorded_game(tmp_path, capsys):
    rec = tmp_path / "g.json"
    assert main(["play", "--seed", "4", "--record", str(rec), "--quiet"]) == 0 and rec.is_file()
    capsys.readouterr()
    out = tmp_path / "snap.scn"
    assert main(["snapshot", "--record", str(rec), "--until", "12", "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith(f'scenario "snapshot of {rec} at decision 12"')
    (sc,) = parse_scenarios(text, str(out)).scenarios
    from fecipher.engine.records import load_record, replay
    g = replay(load_record(rec), until=12, pool=POOL)
    if g.battle is None and g.phase in ("bond", "deployment", "action"):
        assert board(build_board(sc, embedded_pool())) == board(g)
