"""`fecipher simulate`: many games, the same results whatever the number of processes."""
from __future__ import annotations

import json
import textwrap

import pytest

from fecipher.play.cli import main
from fecipher.play.simulate import (
    GameResult, Setup, SimulationError, agent_factory, load_decks, simulate, summary, wilson,
)

SETUP = Setup("marth", "chrom", "random", "first", seed=11, max_turns=60)


def test_results_are_the_same_with_one_or_two_processes():
    one = simulate(SETUP, 6, jobs=1)
    two = simulate(SETUP, 6, jobs=2)
    assert one == two
    assert [r.game for r in one] == list(range(6))
    assert [r.seed for r in one] == [11 + i for i in range(6)]


def test_a_game_of_a_run_is_the_same_game_played_alone():
    from fecipher.engine.game import Game
    from fecipher.play.agents import FirstOptionAgent, RandomAgent, play
    r = simulate(SETUP, 3)[2]
    d1, d2 = load_decks(SETUP)
    g = Game(d1, d2, seed=13, max_turns=60)
    play(g, [RandomAgent(2 * 13 + 1), FirstOptionAgent()])
    assert (r.winner, r.reason, r.turns, r.decisions, r.first_player) == (
        g.winner, g.reason, g.turn, len(g.answers), g.first_player)


def test_summary_counts_wins_and_reasons():
    results = [GameResult(i, i, w, f"player {w + 1 if w is not None else 1}'s MC fell" if w is not None
                          else "the turn limit (9) was reached", 0, 10 + i, 100, 0.1)
               for i, w in enumerate([0, 0, 1, None])]
    s = summary(SETUP, results)
    assert [p["wins"] for p in s["players"]] == [2, 1]
    assert s["no_winner"] == 1 and s["first_player_wins"] == 2
    assert s["mean_turns"] == 11.5
    assert s["reasons"] == {"player N's MC fell": 3, "the turn limit (9) was reached": 1}
    lo, hi = s["players"][0]["ci95"]
    assert 0 < lo < 0.5 < hi < 1


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_own_agent_by_importable_name(tmp_path, monkeypatch):
    (tmp_path / "myagents.py").write_text(textwrap.dedent("""
        calls = []
        def make(seed):
            def agent(game):
                calls.append(seed)
                return game.legal_options()[-1]
            return agent
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    setup = Setup("marth", "chrom", "myagents:make", "random", seed=3, max_turns=40)
    res = simulate(setup, 2)
    import myagents
    assert set(myagents.calls) == {2 * 3 + 1, 2 * 4 + 1}
    assert len(res) == 2


@pytest.mark.parametrize("name, message", [
    ("nosuch", "unknown agent 'nosuch'"),
    ("nosuch_module_xyz:make", "cannot import"),
    ("json:nosuch", "has no 'nosuch'"),
    ("json:__doc__", "is not callable"),
])
def test_unknown_agents_are_refused(name, message):
    with pytest.raises(SimulationError, match=message):
        agent_factory(name)


def test_cli_prints_win_rates(capsys):
    assert main(["simulate", "--games", "4", "--p1", "random", "--p2", "random", "--no-progress",
                 "--max-turns", "40"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 games\n") and "95% CI" in out and "how the games ended" in out


def test_cli_json_with_every_game(capsys):
    assert main(["simulate", "--games", "3", "--p1", "random", "--p2", "first", "--json", "--games-json",
                 "--seed", "5", "--max-turns", "40"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 3 and [r["seed"] for r in s["results"]] == [5, 6, 7]
    assert sum(p["wins"] for p in s["players"]) + s["no_winner"] == 3


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--deck1", "nosuch"], "no deck file 'nosuch'"),
    (["--p2", "bogus"], "unknown agent 'bogus'"),
    (["--packs", "nosuch_dir/x.fe0"], "cannot read the file"),
])
def test_cli_usage_errors_exit_2(capsys, argv, message):
    assert main(["simulate", "--no-progress", *argv]) == 2
    assert message in capsys.readouterr().err


def test_packs_add_an_authors_cards(tmp_path, capsys):
    from fecipher.dsl.packs import embedded_pool
    from fecipher.dsl.decks import load_deck
    marth = load_deck("marth")
    pack = tmp_path / "mine.fe0"
    pack.write_text(textwrap.dedent("""\
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
    """))
    codes = [c.code for c in marth.cards]
    codes.remove(marth.main_character.code)          # one Marth gives way to the author's
    text = 'deck "mine"\nmain character MINE-001\n1 MINE-001\n' + "".join(f"1 {c}\n" for c in codes)
    deck = tmp_path / "mine.deck"
    deck.write_text(text)
    setup = Setup(str(deck), "chrom", "random", "random", max_turns=30, packs=(str(pack),))
    d1, _ = load_decks(setup)
    assert d1.main_character.code == "MINE-001"
    assert embedded_pool().find("MINE-001") is None
    assert simulate(setup, 1)[0].turns >= 1


def test_the_ray_backend_without_ray_is_a_usage_error_naming_the_extra(monkeypatch, capsys):
    import builtins
    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(SimulationError, match=r"pip install 'fecipher\[cluster\]'"):
        simulate(SETUP, 2, backend="ray")
    assert main(["simulate", "--no-progress", "--games", "2", "--backend", "ray"]) == 2
    assert "fecipher[cluster]" in capsys.readouterr().err


def test_ray_backend_gives_the_local_results():
    pytest.importorskip("ray", reason="the ray backend is tested where fecipher[cluster] is installed")
    assert simulate(SETUP, 4, backend="ray", jobs=2) == simulate(SETUP, 4)


def test_an_agent_that_is_not_one_is_refused_before_any_game(capsys):
    assert main(["simulate", "--no-progress", "--games", "1", "--p1", "os:system"]) == 2
    assert "agent 'os:system': system(seed) failed: TypeError" in capsys.readouterr().err


def test_an_agent_that_answers_wrongly_is_named(tmp_path, monkeypatch, capsys):
    (tmp_path / "badagents.py").write_text("def make(seed):\n    return lambda game: 'nonsense'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["simulate", "--no-progress", "--games", "1", "--p2", "badagents:make", "--p1", "random"]) == 2
    err = capsys.readouterr().err
    assert "game 0 (seed 0): agent 'badagents:make' failed: IllegalAnswer" in err
