"""Screenshots of the browser board for docs/ (docs/web.md): the start of a game, a
battle, a replay. Runs the server on 127.0.0.1 and Debian's Chromium (Playwright),
plays a fixed game by clicking as tests/test_62c_web_browser.py does, and writes small
PNGs. Re-run after changing the page:

    python -m tools.web_screenshots            # writes docs/web-start.png, docs/web-battle.png, docs/web-replay.png
    python -m tools.web_screenshots --out /tmp
"""
from __future__ import annotations

import argparse
from pathlib import Path

from fecipher.dsl.packs import embedded_pool
from fecipher.play.web.server import Board
from fecipher.play.web.testing import chromium_page, click_one_decision, running_server, settle

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 1000)


def shoot(page, path: Path) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), type="png")
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "docs"), help="the folder to write into (default docs/)")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    out = Path(args.out)
    board = Board(embedded_pool())
    with running_server(board) as url, chromium_page(*SIZE) as page:
        page.goto(url)
        page.select_option("#follow-mode", "instant")
        page.select_option("#form-new select[name=deck1]", "marth")
        page.select_option("#form-new select[name=deck2]", "chrom")
        page.select_option("#form-new select[name=first]", "1")
        page.fill("#seed", str(args.seed))
        page.click("#start")
        settle(page)
        t = board.table
        shots = {"start": False, "battle": False}
        while not t.game.over:
            state = t.state()
            if not shots["start"] and state["turn"] == 3 and state["decision"]["kind"] == "action":
                shoot(page, out / "web-start.png")
                shots["start"] = True
            if (not shots["battle"] and state["turn"] >= 5 and state["battle_lines"]
                    and len(state["me"]["front"]) + len(state["me"]["back"]) >= 3):
                page.hover(f'.unit[data-unit="{state["opponent"]["front"][0]["id"]}"]'
                           if state["opponent"]["front"] else "#log")
                shoot(page, out / "web-battle.png")
                shots["battle"] = True
            click_one_decision(page, state)
        page.click("#btn-replay")
        page.click("#replay-this")
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.select_option("#r-turn", "6")
        settle(page)
        page.click("#r-forward")
        settle(page)
        shoot(page, out / "web-replay.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
