"""The board in a real browser: Debian's Chromium driven by Playwright plays a whole game
by clicking on the board, checks that the opponent's hand never reaches the page, is
refused an illegal click with the engine's reason, and steps a replay.

Skipped only where Chromium or Playwright cannot be had (no /usr/bin/chromium); CI
installs both (.ci/run), so there it runs. The server runs on 127.0.0.1, in-process."""
from __future__ import annotations

import json
import os
import time

import pytest

pytest.importorskip("starlette", reason="the extra 'web' is not installed (pip install -e '.[web]')")
pytest.importorskip("playwright.sync_api", reason="playwright (a test extra) is not installed")

from fecipher.play.web.testing import chromium_path  # noqa: E402

if chromium_path() is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI must run the browser test: .ci/run installs chromium")
    pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)

from fecipher.dsl.packs import embedded_pool  # noqa: E402
from fecipher.play.web.server import Board  # noqa: E402
from fecipher.play.web.testing import chromium_page, click_one_decision, running_server, settle  # noqa: E402

pytestmark = pytest.mark.xdist_group("browser")    # one Chromium at a time on a small machine
DEADLINE = 150.0                                  # seconds for the whole game: a hang fails, not blocks


def hidden_names(board: Board) -> set[str]:
    """Names of the opponent's hand cards that the seat's view names nowhere (a card of
    the same name on the field or in the Retreat Area is public)."""
    t = board.table
    public = json.dumps(t.game.view(t.seat).to_json(), ensure_ascii=False)
    return {name for name in (c.card.name for c in t.game.players[1 - t.seat].hand) if name not in public}


def test_a_whole_game_by_clicking_then_its_replay():
    board = Board(embedded_pool())
    started = time.monotonic()
    with running_server(board) as url, chromium_page() as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.select_option("#follow-mode", "instant")
        page.select_option("#form-new select[name=deck1]", "marth")
        page.select_option("#form-new select[name=deck2]", "chrom")
        page.select_option("#form-new select[name=first]", "1")
        page.select_option("#opponent", "ai")
        page.fill("#seed", "11")
        page.click("#start")
        settle(page)
        t = board.table
        seat = t.seat
        assert seat == 0 and t.agents[1] is not None
        refused_checked = on_board = 0
        checks = 0
        while not t.game.over:
            assert time.monotonic() - started < DEADLINE, "the game by clicking took too long"
            state = t.state()
            d = state["decision"]
            assert d is not None, "the page is settled, so the seat decides"
            n = state["decisions"]
            if n % 7 == 0:       # the opponent's hand is not in the page
                checks += 1
                html = page.content()
                leaked = [name for name in hidden_names(board) if name in html]
                assert not leaked, f"the opponent's hand is in the page: {leaked}"
                assert page.locator("#side-opp .hand .card.back").count() == state["opponent"]["hand_size"]
            if d["kind"] == "action" and not refused_checked and state["turn"] == 1 and state["opponent"]["front"]:
                # An illegal click: the first player cannot attack on turn 1. Refused with the
                # engine's reason, nothing changed.
                mine, theirs = state["me"]["front"][0]["id"], state["opponent"]["front"][0]["id"]
                page.click(f'.unit[data-unit="{mine}"]')
                page.mouse.click(5, 5)  # (closes the menu the first click opened)
                page.click(f'.unit[data-unit="{mine}"]')
                page.click(f'.unit[data-unit="{theirs}"]')
                settle(page)
                page.wait_for_selector("#message.refused")
                reason = t.game.why_illegal(
                    type(t.game.decision.options[0])("attack", unit=mine, target=theirs), seat)
                assert reason and reason in page.inner_text("#message")
                assert t.state()["decisions"] == n
                refused_checked = 1
                continue
            on_board += click_one_decision(page, state) == "board"
            assert t.state()["decisions"] > n or t.game.over, f"the click did not answer {d['prompt']}"
        settle(page)
        assert "Game over" in page.inner_text("#status")
        assert refused_checked and on_board > 10 and checks > 3
        total = len(t.game.answers)

        # The replay of that game: step, jump to a turn, continue from a decision.
        page.click("#btn-replay")
        page.click("#replay-this")
        page.wait_for_selector("#replay-bar:not([hidden])")
        assert page.inner_text("#r-pos") == f"decision 0 / {total}"
        for _ in range(5):
            page.click("#r-forward")
            settle(page)
        assert page.inner_text("#r-pos") == f"decision 5 / {total}"
        page.click("#r-back")
        settle(page)
        assert page.inner_text("#r-pos") == f"decision 4 / {total}"
        page.select_option("#r-turn", "3")
        settle(page)
        assert board.table.game.turn == 3 and "Turn 3" in page.inner_text("#status")
        position = board.table.state()["replay"]["position"]
        assert 0 < position < total
        page.click("#r-last")
        settle(page)
        assert page.inner_text("#r-pos") == f"decision {total} / {total}"
        assert "Game over" in page.inner_text("#status")
        page.select_option("#r-turn", "3")
        settle(page)
        page.select_option("#c-opponent", "random")
        page.click("#r-continue")
        settle(page)
        assert board.table.state()["mode"] == "play" and not board.table.replaying_now
        assert len(board.table.game.answers) >= position
        assert errors == []


def test_steps_the_workshop_and_a_record_file_from_the_page(tmp_path):
    """The opponent's turn followed step by step; an author's pack typed into the
    workshop: its error shown at its line, then its cards rendered and a game started
    with a deck of them; a record file opened from the page replays."""
    from tests.test_62b_web_server import DECK, PACK
    board = Board(embedded_pool())
    with running_server(board) as url, chromium_page() as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        # The opponent's turn step by step: the AI goes first and moves only on "Next step".
        page.select_option("#follow-mode", "step")
        page.select_option("#form-new select[name=seat]", "2")
        page.select_option("#form-new select[name=first]", "1")
        page.click("#start")
        page.wait_for_selector("#step:not([disabled])")
        assert board.table.state()["decisions"] == 0 and board.table.seat == 1
        page.click("#step")                                    # the AI's mulligan
        page.wait_for_selector("#opt-0")                       # then yours: keep
        keep = next(o["index"] for o in board.table.state()["decision"]["options"] if o["kind"] == "no")
        page.click(f"#opt-{keep}")
        page.wait_for_function("document.body.dataset.decisions === '2'")
        for n in (3, 4, 5):                                    # the AI's first turn, a decision a click
            page.click("#step")
            page.wait_for_function(f"document.body.dataset.decisions === '{n}'")
            page.wait_for_timeout(200)
            assert board.table.state()["decisions"] == n and board.table.game.decision.player == 0
        page.click("#btn-workshop")
        bad = PACK.replace("  attack 40\n", "  atack 40\n", 1)
        page.fill("#pack-text", bad)
        page.click("#pack-load")
        page.wait_for_selector("#pack-errors li")
        line = bad.splitlines().index("  atack 40") + 1
        assert f"pack.fe0:{line}:3" in page.inner_text("#pack-errors")
        page.fill("#pack-text", PACK)
        page.click("#pack-load")
        page.wait_for_selector("#pack-cards .card-text")
        assert page.locator("#pack-cards .card-text").count() == 13
        assert "Tester7, Web Card" in page.inner_text("#pack-cards")
        page.fill("#deck-text", DECK)
        page.select_option("#follow-mode", "instant")
        page.click("#deck-start")
        settle(page)
        assert board.table.game.decks[board.table.seat].name == "Web test"      # (your deck: the seat is still 2)
        assert "Tester" in page.inner_text("#side-me")
        page.hover("#side-me .hand .card")
        assert "Web Card" in page.inner_text("#card-info")
        # a record file, chosen in the page
        from fecipher.play.agents import RandomAgent
        t = board.table
        rng = RandomAgent(3)
        while not t.game.over:
            if not t.step():
                t.answer(t.game.decision.options.index(rng(t.game)))
        path = tmp_path / "g.json"
        path.write_text(json.dumps(t.to_record()))
        page.reload()
        page.click("#btn-replay")
        page.set_input_files("#record-file", str(path))
        page.wait_for_selector("#replay-bar:not([hidden])")
        assert page.inner_text("#r-pos") == f"decision 0 / {len(t.game.answers)}"
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.querySelector('#r-pos').textContent.startsWith('decision 1 ')")
        assert errors == []
