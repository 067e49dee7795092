"""Running the board for tests and screenshots: a server on 127.0.0.1 in a thread, and
the distribution's Chromium driven by Playwright (never a browser Playwright downloads).

Used by tests/test_62c_web_browser.py and tools/web_screenshots.py."""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
import time
from typing import Any, Iterator

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """The distribution's Chromium (``/usr/bin/chromium``, Debian's package ``chromium``),
    or ``$FECIPHER_CHROMIUM``; None when there is none."""
    for p in (os.environ.get("FECIPHER_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


@contextlib.contextmanager
def running_server(board: Any, timeout: float = 20.0) -> Iterator[str]:
    """Serve ``board`` on 127.0.0.1 (a free port) in a thread; yields the address."""
    import uvicorn

    from fecipher.play.web.server import make_app
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(make_app(board, ["127.0.0.1"]), log_level="warning", ws="auto"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()


@contextlib.contextmanager
def chromium_page(width: int = 1400, height: int = 900) -> Iterator[Any]:
    """A Playwright page in the distribution's headless Chromium."""
    from playwright.sync_api import sync_playwright
    path = chromium_path()
    if path is None:
        raise RuntimeError("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(15_000)
            yield page
        finally:
            browser.close()


def settle(page: Any) -> None:
    """Wait until the page is idle: no request under way, no agent to move (the page's
    ``data-*`` attributes on ``body``, set by board.js)."""
    page.wait_for_function(
        "document.body.dataset.busy === '0' && (document.body.dataset.over === '1' || "
        "document.body.dataset.mode === 'replay' || document.body.dataset.waiting === '0')")


def click_one_decision(page: Any, state: dict) -> str:
    """Answer the seat's pending decision by clicking as a player would, from the state
    the page shows: attack (your unit, then the enemy), deploy, level up, class change or
    bond by clicking the card in hand, keep the first hand, else pass or the first option
    of the list. Returns what was clicked ("board" or "list")."""
    d = state["decision"]
    opts = d["options"]
    kinds = {o["kind"] for o in opts}
    if "attack" in kinds:
        o = next(o for o in opts if o["kind"] == "attack")
        page.click(f'.unit[data-unit="{o["unit"]}"]')      # (opens the unit's menu: closed by the next click)
        page.mouse.click(5, 5)
        page.click(f'.unit[data-unit="{o["unit"]}"]')
        page.click(f'.unit[data-unit="{o["target"]}"]')
        settle(page)
        return "board"
    if kinds & {"deploy", "level_up", "class_change", "place_bond"}:
        o = next(o for o in opts if o["kind"] in ("class_change", "level_up", "deploy", "place_bond"))
        page.click(f'#board .card[data-place="{":".join(str(x) for x in o["place"])}"]')
        if page.is_visible("#menu"):
            page.click(f'#menu button[data-index="{o["index"]}"]')
        settle(page)
        return "board"
    if d["kind"] == "mulligan":
        o = next(o for o in opts if o["kind"] == "no")
    else:
        o = next((o for o in opts if o["kind"] in ("pass", "no")), opts[0])
    page.click(f"#opt-{o['index']}")
    settle(page)
    return "list"
