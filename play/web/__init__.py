"""The board in the browser: ``fecipher serve`` (docs/web.md).

:mod:`fecipher.play.web.table` holds a game at the table as one seat sees it (play,
replay, the card workshop) and turns it into the page's JSON from the player view
only; :mod:`fecipher.play.web.server` serves it (Starlette, WebSocket updates) with
the page in ``static/``. The server needs the optional extra ``web``
(``pip install -e '.[web]'``); the table does not.
"""
