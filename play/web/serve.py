"""`fecipher serve`: the board in the browser (play, replay, the card workshop).

Starts a local web server (Starlette on uvicorn, from the optional extra ``web``:
``pip install -e '.[web]'``) on 127.0.0.1 by default and prints its address.
``--replay FILE`` opens a record at its first decision; ``--packs PATH...`` loads an
author's packs beside the embedded ones (the workshop shows them too).

Exit codes: 0 the server was stopped (Ctrl-C), 2 a usage error (the extra is not
installed, a pack or record that does not load, a port that cannot be used).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fecipher.play.cli import PackError, add_packs_option, pool_of

EXAMPLES = """\
examples:
  fecipher serve                              open the printed address, start a game
  fecipher serve --port 8080
  fecipher serve --replay /tmp/g.json         step through a recorded game
  fecipher serve --packs mycards/             an author's cards in the workshop and in games

The server listens on 127.0.0.1 (this machine only) unless --host says otherwise.
It needs the extra 'web': pip install -e '.[web]'."""


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="the board in the browser: play, replay, card workshop",
                       description="Serve the board in the browser on a local address.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--replay", metavar="FILE", help="open this record (written by 'fecipher play --record')")
    add_packs_option(p)
    p.set_defaults(func=run_serve)


def build_board(args: argparse.Namespace) -> Any:
    """The server's board for these options, or a usage message (str)."""
    from fecipher.play.cli import readable_file
    try:
        from fecipher.play.web.server import Board
    except ModuleNotFoundError as e:
        return (f"'fecipher serve' needs the extra 'web' ({(e.name or '?').split('.')[0]} is not installed): "
                f"pip install -e '.[web]'")
    try:
        pool = pool_of(list(args.packs))   # (--pack is argparse's abbreviation of --packs)
    except PackError as e:
        return str(e)
    board = Board(pool)
    if args.replay:
        bad = readable_file(args.replay, "record")
        if bad:
            return bad
        from fecipher.engine.records import RecordError
        try:
            board.open_record(Path(args.replay).read_bytes(), args.replay)
        except RecordError as e:
            return f"the record does not load:\n{e}"
    return board


def allowed_hosts(host: str) -> list[str] | None:
    """The host names the page may be reached by: on a loopback address only the
    loopback names (a page of another site that renames itself to 127.0.0.1 by DNS is
    refused); on another address, any (the user chose to serve the network)."""
    import ipaddress
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    return ["127.0.0.1", "localhost", "::1", "[::1]", host] if loopback else None


def run_serve(args: argparse.Namespace) -> int:
    from fecipher.play.cli import usage_error
    if not 0 <= args.port <= 65535:
        return usage_error("--port must be 0 to 65535")
    board = build_board(args)
    if isinstance(board, str):
        return usage_error(board)
    import socket

    import uvicorn

    from fecipher.play.web.server import make_app
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
    except OSError as e:
        return usage_error(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}")
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"fecipher serve: the board is at http://{shown}:{port}/  (Ctrl-C stops the server)", flush=True)
    config = uvicorn.Config(make_app(board, allowed_hosts(args.host)), log_level="warning", ws="auto")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:   # pragma: no cover - uvicorn handles Ctrl-C itself
        pass
    sys.stdout.flush()
    return 0
