"""The web server of ``fecipher serve``: the board page, its JSON API and WebSocket updates.

One server holds one :class:`Board`: the table on show (a game or a replay) and the
card workshop's pack. The page (``static/``: HTML, CSS and JavaScript of the project's
own, no CDN, no build step) asks for the state, sends answers and commands as JSON
over HTTP, and every connected page is sent the new state over ``/ws`` after each
change (two tabs on one game stay in step). Every request is answered from the
seat's player view (:meth:`fecipher.play.web.table.Table.state`): nothing the seat
may not see is sent.

Requests are untrusted: a body is at most :data:`MAX_BODY` bytes, a pack or a record
is parsed by the project's own readers (errors with file:line:column), and a bad
request is answered 400 with ``{"error": reason}`` and changes nothing. A request sent
by another site's page (its ``Origin``) is refused, and a server on a loopback address
answers only to loopback host names (against DNS rebinding: ``fecipher serve``).
"""
from __future__ import annotations

import json
import random
import tempfile
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from fecipher.dsl.errors import LanguageError
from fecipher.engine.records import MAX_SEED, MAX_TURNS, RecordError, read_record_bytes
from fecipher.play.web.table import AGENT_KINDS, Refused, Table, card_text, open_record

MAX_BODY = 8 * 1024 * 1024      # a request body (a pack, a record, a deck): 8 MiB
STATIC = resources.files("fecipher.play.web").joinpath("static")


def diagnostics(e: LanguageError) -> list[dict[str, Any]]:
    """A language error's problems, each with its place, for the page."""
    return [{"line": d.line, "column": d.column, "message": d.message, "source": d.source_line,
             "text": d.format()} for d in e.diagnostics]


class Board:
    """What the server shows: the table (a game or a replay) and the workshop's pack."""

    def __init__(self, base_pool: Any, table: Table | None = None):
        from fecipher.dsl.packs import CardPool
        self.base_pool = base_pool
        self.pool = base_pool
        self.workshop: dict[str, Any] = {"filename": "", "cards": [], "errors": []}
        self.table = table
        self.sockets: set[WebSocket] = set()
        self._CardPool = CardPool

    # ------------------------------------------------------------------ games
    def deck(self, ref: str, text: str | None, which: str) -> Any:
        """A deck: an embedded name (marth, chrom) or a deck file's text (cards of the
        pool, the workshop's pack included)."""
        from fecipher.dsl.decks import embedded_decks, load_deck, parse_deck
        if text:
            return parse_deck(text, self.pool, f"<{which}>")
        if ref not in embedded_decks():
            raise Refused(f"no deck {ref!r} (embedded decks: {', '.join(embedded_decks())}; "
                          f"or paste a deck file)")
        return load_deck(ref, self.pool)

    def new_game(self, req: dict[str, Any]) -> None:
        from fecipher.engine.deckrules import IllegalDeck
        seat = _player(req.get("seat", 1))
        opponent = req.get("opponent", "ai")
        if opponent not in AGENT_KINDS:
            raise Refused(f"no agent {opponent!r} (agents: {', '.join(AGENT_KINDS)})")
        seed = req.get("seed")
        if seed in (None, ""):
            seed = random.SystemRandom().randrange(1 << 31)
        seed = _int(seed, "seed", -MAX_SEED, MAX_SEED - 1)
        max_turns = _int(req.get("max_turns", 300), "max_turns", 1, MAX_TURNS)
        first = req.get("first")
        first = None if first in (None, "", "draw") else _player(first)
        try:
            d1 = self.deck(str(req.get("deck1", "marth")), req.get("deck1_text"), "deck 1")
            d2 = self.deck(str(req.get("deck2", "chrom")), req.get("deck2_text"), "deck 2")
            table = Table.new_game(d1, d2, self.pool, seat=seat, opponent=opponent, seed=seed, first=first,
                                   max_turns=max_turns, title=f"{d1.name} vs {d2.name}, seed {seed}",
                                   me=str(req.get("me", "human")))
        except LanguageError as e:
            raise Refused("the deck does not load:\n" + "\n".join(d.format() for d in e.diagnostics)) from None
        except IllegalDeck as e:
            raise Refused(str(e)) from None
        self.table = table

    def scenario(self, req: dict[str, Any]) -> None:
        """A game from a scenario's set-up (its board, turn and phase; its steps are not
        played): the page plays ``seat`` from there against an agent."""
        from fecipher.conformance.scenario import parse_scenarios
        from fecipher.conformance.scenario_run import build_board, check_references, scenario_pool
        text = str(req.get("text", ""))
        seat = _player(req.get("seat", 1))
        opponent = req.get("opponent", "ai")
        with tempfile.TemporaryDirectory() as empty:
            # An uploaded scenario may load no file: its tree is an empty folder.
            try:
                sf = parse_scenarios(text, "<scenario>", root=empty)
                if not sf.scenarios:
                    raise Refused("the text has no scenario")
                name = req.get("name") or sf.scenarios[0].name
                sc = next((s for s in sf.scenarios if s.name == name), None)
                if sc is None:
                    raise Refused(f"no scenario {name!r} in the text")
                own = scenario_pool(sc)
                known = set(own.by_code)
                extra = [c for c in self.pool.cards if not any(k.upper() in known for k in c.codes)]
                pool = self._CardPool(own.cards + tuple(extra))
                check_references(sc, pool)
                game = build_board(sc, pool)
            except LanguageError as e:
                raise Refused("the scenario does not load:\n" + "\n".join(d.format() for d in e.diagnostics)) \
                    from None
        self.table = Table(game, pool, seat, Table._agents(seat, opponent, sc.seed, str(req.get("me", "human"))),
                           title=f"scenario: {sc.name}")

    def open_record(self, data: bytes, filename: str, viewer: int = 0) -> None:
        record = read_record_bytes(data, filename)
        self.table = open_record(record, self.pool, viewer=viewer, title=f"replay of {filename}")

    # ------------------------------------------------------------------ workshop
    def load_pack(self, text: str, filename: str) -> None:
        """The workshop's pack: parsed and checked by the language (errors with their
        places); its cards join the pool for new games and scenarios."""
        from fecipher.dsl.packs import compile_text, duplicate_codes
        filename = filename or "pack.fe0"
        try:
            cards = compile_text(text, filename)
            dup = duplicate_codes(list(self.base_pool.cards) + list(cards))
            if dup:
                raise LanguageError(dup)
        except LanguageError as e:
            self.workshop = {"filename": filename, "cards": [], "errors": diagnostics(e)}
            self.pool = self.base_pool
            return
        self.workshop = {"filename": filename, "cards": [card_text(c) for c in cards], "errors": []}
        self.pool = self._CardPool(tuple(self.base_pool.cards) + tuple(cards))

    # ------------------------------------------------------------------ the page
    def state(self) -> dict[str, Any]:
        from fecipher.dsl.decks import embedded_decks
        out: dict[str, Any] = {"table": self.table.state() if self.table is not None else None,
                               "decks": embedded_decks(), "agents": list(AGENT_KINDS),
                               "workshop": {"filename": self.workshop["filename"],
                                            "cards": len(self.workshop["cards"]),
                                            "errors": len(self.workshop["errors"])}}
        return out

    async def broadcast(self) -> None:
        if not self.sockets:
            return
        text = json.dumps({"state": self.state()})
        for ws in list(self.sockets):
            try:
                await ws.send_text(text)
            except Exception:   # (a page closed meanwhile)
                self.sockets.discard(ws)


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    try:
        n = int(v)
    except (TypeError, ValueError):
        raise Refused(f"{what} must be a whole number, not {v!r}") from None
    if isinstance(v, bool) or not lo <= n <= hi:
        raise Refused(f"{what} must be from {lo} to {hi}")
    return n


def _player(v: Any) -> int:
    """A player as the page names it (1 or 2) -> 0 or 1."""
    return _int(v, "player", 1, 2) - 1


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused(f"the request is larger than {MAX_BODY // (1024 * 1024)} MiB")
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused("the request is not JSON") from None
    if not isinstance(data, dict):
        raise Refused("the request is not a JSON object")
    return data


def same_origin(request: Request) -> bool:
    """Whether a request comes from the board's own page: a browser names the page that
    sends a request in ``Origin``; another site's page (a form or script aimed at this
    local server) is refused. Programs that send no ``Origin`` (curl, tests) are let in."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    from urllib.parse import urlsplit
    return urlsplit(origin).netloc == request.headers.get("host", "")


def make_app(board: Board, allowed_hosts: list[str] | None = None) -> Starlette:
    """The ASGI application serving ``board``. ``allowed_hosts``: the names the page may
    be reached by (the ``Host`` header; None: any), against DNS rebinding."""

    def table() -> Table:
        if board.table is None:
            raise Refused("no game on the table: start one")
        return board.table

    def endpoint(work):
        """An API call: run ``work(data)``, then send every page the new state; a
        refusal is a 400 with the reason, and nothing changed."""
        async def call(request: Request) -> Response:
            if not same_origin(request):
                return JSONResponse({"error": "a request from another site's page"}, status_code=403)
            try:
                data = await _body(request) if request.method == "POST" else dict(request.query_params)
                extra = work(data)
            except Refused as e:
                return JSONResponse({"error": str(e)}, status_code=400)
            except RecordError as e:
                return JSONResponse({"error": str(e)}, status_code=400)
            await board.broadcast()
            return JSONResponse({"state": board.state(), **(extra or {})})
        return call

    def answer(d):
        t = table()
        try:
            t.answer(d.get("index"))
        except Refused as e:
            t.message = f"refused: {e}"
            raise

    def intent(d):
        t = table()
        try:
            t.intent(d)
        except Refused as e:
            t.message = f"refused: {e}"
            raise

    def step(d):
        if not table().step():
            raise Refused("no agent is to decide now")

    def run(d):
        table().run()

    def concede(d):
        table().concede()

    def new(d):
        board.new_game(d)
        if d.get("run", True):
            board.table.run()

    def scenario(d):
        board.scenario(d)

    def replay_open(d):
        text = d.get("text")
        if not isinstance(text, str):
            raise Refused("send the record's text")
        board.open_record(text.encode("utf-8"), str(d.get("filename") or "record.json"),
                          _player(d.get("viewer", 1)))

    def replay_this(d):
        """Replay the game on the table (its record so far)."""
        t = table()
        rec = t.to_record()
        board.table = open_record(json.loads(json.dumps(rec)), t.pool, viewer=t.seat, title="replay")

    def goto(d):
        t = table()
        if "turn" in d:
            t.goto_turn(_int(d["turn"], "turn", 0, MAX_TURNS + 1))
        else:
            t.goto(_int(d.get("position"), "position", 0, 1_000_000))

    def viewer(d):
        table().set_viewer(_player(d.get("viewer")))

    def cont(d):
        t = table()
        t.continue_from(_player(d.get("seat", t.seat + 1)), str(d.get("opponent", "ai")), str(d.get("me", "human")))
        t.run()

    def pack(d):
        text = d.get("text")
        if not isinstance(text, str):
            raise Refused("send the pack's text")
        board.load_pack(text, str(d.get("filename") or "pack.fe0"))
        return {"workshop": board.workshop}

    def workshop(d):
        return {"workshop": board.workshop}

    def state(d):
        return None

    async def record(request: Request) -> Response:
        try:
            rec = table().to_record()
        except Refused as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return Response(json.dumps(rec, indent=1), media_type="application/json",
                        headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def card(request: Request) -> Response:
        c = board.pool.by_code.get(request.path_params["code"].upper())
        if c is None:
            return JSONResponse({"error": f"no card {request.path_params['code']!r}"}, status_code=404)
        return JSONResponse(card_text(c))

    async def index(request: Request) -> Response:
        return FileResponse(str(STATIC.joinpath("index.html")))

    async def ws(socket: WebSocket) -> None:
        if not same_origin(socket):     # (a WebSocket is not bound by the same-origin rule)
            await socket.close(code=1008)
            return
        await socket.accept()
        board.sockets.add(socket)
        try:
            await socket.send_text(json.dumps({"state": board.state()}))
            while True:
                await socket.receive_text()      # (the page sends nothing it needs answered)
        except WebSocketDisconnect:
            pass
        finally:
            board.sockets.discard(socket)

    routes = [
        Route("/", index),
        Route("/api/state", endpoint(state)),
        Route("/api/answer", endpoint(answer), methods=["POST"]),
        Route("/api/intent", endpoint(intent), methods=["POST"]),
        Route("/api/step", endpoint(step), methods=["POST"]),
        Route("/api/run", endpoint(run), methods=["POST"]),
        Route("/api/concede", endpoint(concede), methods=["POST"]),
        Route("/api/new", endpoint(new), methods=["POST"]),
        Route("/api/scenario", endpoint(scenario), methods=["POST"]),
        Route("/api/replay/open", endpoint(replay_open), methods=["POST"]),
        Route("/api/replay/this", endpoint(replay_this), methods=["POST"]),
        Route("/api/replay/goto", endpoint(goto), methods=["POST"]),
        Route("/api/replay/viewer", endpoint(viewer), methods=["POST"]),
        Route("/api/replay/continue", endpoint(cont), methods=["POST"]),
        Route("/api/workshop/pack", endpoint(pack), methods=["POST"]),
        Route("/api/workshop", endpoint(workshop)),
        Route("/api/record", record),
        Route("/api/card/{code}", card),
        WebSocketRoute("/ws", ws),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    middleware = []
    if allowed_hosts is not None:
        from starlette.middleware import Middleware
        from starlette.middleware.trustedhost import TrustedHostMiddleware
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.board = board
    return app


__all__ = ["Board", "MAX_BODY", "make_app"]
