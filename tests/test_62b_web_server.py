"""The server of `fecipher serve` without a browser (Starlette's TestClient): the page
is the project's own files, every state comes from the seat's player view (the
opponent's hand is never sent), illegal answers and clicks are refused with the
engine's reason and change nothing, the opponent's turn can be stepped, a record
replays to any decision and can be continued, the workshop loads a pack with its
errors' places and starts games and scenarios with it."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pytest.importorskip("starlette", reason="the extra 'web' is not installed (pip install -e '.[web]')")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (a test extra)")

import warnings  # noqa: E402

with warnings.catch_warnings():       # (Starlette on httpx: its TestClient asks for httpx2 in time)
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from fecipher.dsl.packs import embedded_pool  # noqa: E402
from fecipher.engine.records import make_record, replay  # noqa: E402
from fecipher.play.web.server import STATIC, Board, make_app  # noqa: E402


@pytest.fixture(scope="module")
def pool():
    return embedded_pool()


@pytest.fixture
def client(pool):
    board = Board(pool)
    with TestClient(make_app(board)) as c:
        c.board = board
        yield c


def new(client, **kw):
    body = {"seat": 1, "opponent": "random", "seed": 3, "first": 1, **kw}
    r = client.post("/api/new", json=body)
    assert r.status_code == 200, r.text
    return r.json()["state"]["table"]


def answer(client, index):
    """The seat answers; then the agent plays until the seat decides (the page's "skip")."""
    r = client.post("/api/answer", json={"index": index})
    assert r.status_code == 200, r.text
    table = r.json()["state"]["table"]
    if table["agent_to_move"]:
        table = client.post("/api/run").json()["state"]["table"]
    return table


def hidden_hand(board) -> list[str]:
    """The opponent's hand cards as the engine has them: names, codes and ids the seat's
    view does not give."""
    t = board.table
    g = t.game
    public = json.dumps(g.view(t.seat).to_json(), ensure_ascii=False)
    return [x for c in g.players[1 - t.seat].hand
            for x in (c.card.name, c.card.code) if json.dumps(x, ensure_ascii=False)[1:-1] not in public]


def test_the_page_is_the_projects_own_files(client):
    page = client.get("/")
    assert page.status_code == 200 and "<script src=\"/static/board.js\">" in page.text
    for name in ("board.js", "board.css", "favicon.svg"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and r.text
    for f in STATIC.iterdir():
        text = f.read_text(encoding="utf-8")
        # no CDN, no other host: every address is the page's own
        for bad in ('src="http', "href=\"http", "url(http", "@import", "fetch(\"http"):
            assert bad not in text, f"{f.name} loads something from elsewhere: {bad}"


def test_a_whole_game_never_sends_the_opponents_hand(client):
    """Every state of a game (both hands in play, battles, breaks) sent to the page names
    none of the opponent's hidden cards; the opponent's hand is only backs."""
    table = new(client)
    rng = random.Random(5)
    states = 0
    while not table["over"]:
        for secret in hidden_hand(client.board):
            assert secret not in json.dumps(table, ensure_ascii=False), f"{secret} reached the page"
        opp = table["opponent"]
        assert len(opp["hand"]) == opp["hand_size"]
        assert all(c["name"] is None and c["code"] is None and c["id"] is None for c in opp["hand"]
                   if not c["known"])
        assert all(o["name"] is None for o in opp["orbs"] if not o["face_up"] and not o["known"])
        d = table["decision"]
        assert d is not None and table["deciding"] == 0
        table = answer(client, rng.randrange(len(d["options"])))
        states += 1
    assert states > 30 and table["log"][-1].startswith("Player")


def test_an_illegal_answer_is_refused_with_the_engines_reason_and_changes_nothing(client):
    table = new(client)
    g = client.board.table.game
    events, answers = len(g.events), list(g.answers)
    n = len(table["decision"]["options"])
    for bad, reason in ((n, f"option number {n} is out of range 0-{n - 1}"),
                        (True, "an answer is an option number, not True"),
                        ("0", "an answer is an option number, not '0'")):
        r = client.post("/api/answer", json={"index": bad})
        assert r.status_code == 400 and r.json()["error"] == reason
    assert len(g.events) == events and g.answers == answers
    assert client.get("/api/state").json()["state"]["table"]["message"].startswith("refused: ")
    r = client.post("/api/answer", json={"index": 0})
    assert r.status_code == 200 and r.json()["state"]["table"]["message"] == ""


def test_a_click_on_the_board_is_answered_or_refused_by_the_engine(client):
    """A click names an action (attack this unit with that one); the engine takes it or
    refuses it with its reason (why_illegal), changing nothing."""
    new(client)
    t = client.board.table
    g = t.game
    while not (g.decision.kind == "action" and g.turn == 1):
        t.answer(next(i for i, o in enumerate(g.decision.options) if o.kind in ("no", "pass")))
        t.run()
    mine, theirs = g.players[0].front[0].id, g.players[1].front[0].id
    events = len(g.events)
    r = client.post("/api/intent", json={"kind": "attack", "unit": mine, "target": theirs})
    from fecipher.engine.decisions import Option
    reason = g.why_illegal(Option("attack", unit=mine, target=theirs), 0)
    assert reason and r.status_code == 400 and r.json()["error"] == reason
    assert len(g.events) == events
    for bad in ({"kind": 3}, {"kind": "move", "unit": "x"}, {"kind": "deploy", "area": 5}, []):
        assert client.post("/api/intent", json=bad).status_code == 400
    # a click may name only a card the seat sees (the reason about another could say what it is)
    hidden = g.players[1].hand[0].id
    r = client.post("/api/intent", json={"kind": "deploy", "card": hidden, "area": "front"})
    assert r.json()["error"] == f"you see no card {hidden}"
    assert client.post("/api/intent", json={"kind": "deploy", "card": 10 ** 6}).json()["error"] == "you see no card 1000000"
    r = client.post("/api/intent", json={"kind": "move", "unit": mine})
    assert r.status_code == 200 and len(g.answers) > 0 and g.players[0].back[0].id == mine


def test_the_opponents_turn_is_followed_step_by_step(client):
    """With the agent first, nothing moves until the page asks: each step is one decision,
    and the seat's answer is refused until it is the seat's turn to decide."""
    table = new(client, seat=2, first=1, run=False)
    assert table["agent_to_move"] and table["decision"] is None and table["deciding"] == 0
    r = client.post("/api/answer", json={"index": 0})
    assert r.status_code == 400 and r.json()["error"] == "it is Player 1's decision, not yours"
    with client.websocket_connect("/ws") as ws:
        assert json.loads(ws.receive_text())["state"]["table"]["decisions"] == 0
        r = client.post("/api/step")
        assert r.status_code == 200 and r.json()["state"]["table"]["decisions"] == 1
        pushed = json.loads(ws.receive_text())["state"]["table"]
        assert pushed["decisions"] == 1       # every page is sent the new state
    while client.board.table.state()["agent_to_move"]:
        client.post("/api/step")
    assert client.post("/api/step").json()["error"] == "no agent is to decide now"
    table = client.get("/api/state").json()["state"]["table"]
    assert table["deciding"] == 1 and table["decision"]["player"] == 1


def test_a_game_to_watch_the_agents_play_both_sides(client):
    """The seat's side played by an agent: the page watches (its answers refused), each
    step is one decision of either side, and the game is played to its end."""
    table = new(client, me="ai", opponent="random", run=False)
    assert table["watching"] and table["agent_to_move"] and table["players"] == ["Player 1: AI", "Player 2: random"]
    r = client.post("/api/answer", json={"index": 0})
    assert r.status_code == 400 and r.json()["error"] == "an agent plays this side: you are watching"
    assert client.post("/api/step").json()["state"]["table"]["decisions"] == 1
    table = client.post("/api/run").json()["state"]["table"]
    assert table["over"] and table["decisions"] > 20
    assert client.post("/api/new", json={"me": "nobody"}).json()["error"] == "no player 'nobody' (human, random, ai)"


def play_out(client, seed=1):
    """A whole game through the API: the seat answers at random, the AI plays."""
    table = new(client, opponent="ai", seed=seed, first=None)
    rng = random.Random(seed)
    while not table["over"]:
        table = answer(client, rng.randrange(len(table["decision"]["options"])))
    return table


def test_replay_steps_jumps_and_continues(client, pool):
    play_out(client)
    g = client.board.table.game
    record = client.get("/api/record").json()
    assert record == make_record(g, client.board.table.entries) and record["result"]["decisions"] == len(g.answers)
    total = len(record["answers"])
    r = client.post("/api/replay/open", json={"text": json.dumps(record), "filename": "g.json", "viewer": 2})
    table = r.json()["state"]["table"]
    assert table["mode"] == "replay" and table["replay"]["position"] == 0 and table["seat"] == 1
    # the next recorded answer is named only when it is the shown player's (player 2 here):
    # the other's label may name a card of their hand
    for k in range(total):
        shown = client.post("/api/replay/goto", json={"position": k}).json()["state"]["table"]
        for secret in hidden_hand(client.board):       # a replay too is the shown player's view
            assert secret not in json.dumps(shown, ensure_ascii=False), f"{secret} reached the page"
        nxt = shown["replay"]["next"]
        a = record["answers"][k]
        assert nxt == ({"player": 1, "label": a["label"], "option": a["option"]} if a["player"] == 1
                       else {"player": 0, "label": None, "option": None})
        if k > 40:
            break
    for k in (total // 2, 3, total, 0, total - 1):
        table = client.post("/api/replay/goto", json={"position": k}).json()["state"]["table"]
        expected = replay(record, until=k, pool=pool).view(1, since=10 ** 9).to_json()
        shown = {key: table[key] for key in expected if key not in ("events", "events_since")}
        assert shown == {key: v for key, v in expected.items() if key not in ("events", "events_since")}
    assert client.post("/api/replay/goto", json={"position": total + 1}).status_code == 400
    turns = table["replay"]["turns"]
    assert [t["turn"] for t in turns] == list(range(turns[-1]["turn"] + 1))
    table = client.post("/api/replay/goto", json={"turn": 4}).json()["state"]["table"]
    assert table["turn"] == 4 and table["replay"]["position"] == next(t["decision"] for t in turns if t["turn"] == 4)
    assert client.post("/api/answer", json={"index": 0}).json()["error"].startswith("this is a replay")
    # continue from here as player 2 against the random agent
    k = table["replay"]["position"]
    table = client.post("/api/replay/continue", json={"seat": 2, "opponent": "random"}).json()["state"]["table"]
    assert table["mode"] == "play" and table["seat"] == 1 and "replay" not in table
    g2 = client.board.table.game
    assert g2.answers[:k] == g.answers[:k]
    assert client.board.table.entries[:k] == record["answers"][:k]
    # ... or from the same decision, watched: the AI plays the seat's side to the end
    client.post("/api/replay/open", json={"text": json.dumps(record)})
    client.post("/api/replay/goto", json={"position": k})
    table = client.post("/api/replay/continue", json={"seat": 1, "me": "ai", "opponent": "ai"}).json()["state"]["table"]
    assert table["over"] and table["watching"] and client.board.table.game.answers[:k] == g.answers[:k]


def test_a_record_that_does_not_load_is_refused_with_its_place(client):
    assert client.post("/api/replay/goto", json={"position": 0}).status_code == 400   # no table yet
    r = client.post("/api/replay/open", json={"text": '{"format": "fecipher-record/1", "seed": true}',
                                              "filename": "bad.json"})
    assert r.status_code == 400 and r.json()["error"].startswith("bad.json:1:")
    assert client.post("/api/replay/open", json={"text": 5}).status_code == 400
    # a record whose result was edited does not replay: refused at the field
    play_out(client)
    record = client.get("/api/record").json()
    record["result"]["turns"] += 1
    text = json.dumps(record, indent=1)
    r = client.post("/api/replay/open", json={"text": text, "filename": "edited.json"})
    assert r.status_code == 400 and "result.turns" in r.json()["error"] and r.json()["error"].startswith("edited.json:")
    assert client.get("/api/state").json()["state"]["table"]["mode"] == "play"       # nothing changed


PACK = "".join(f'''
card "Tester{i}, Web Card"
  codes W99-{i:03d}
  cost 1
  symbol red
  range 1
  attack {30 + 10 * (i % 3)}
  support 20
''' for i in range(1, 14))
DECK = 'deck "Web test"\nmain character W99-001\n' + "".join(f"4 W99-{i:03d}\n" for i in range(1, 13)) + "2 W99-013\n"


def test_the_workshop_loads_a_pack_shows_its_errors_and_plays_it(client):
    bad = PACK.replace("  attack 40\n", "  atack 40\n", 1)
    r = client.post("/api/workshop/pack", json={"text": bad, "filename": "mine.fe0"})
    w = r.json()["workshop"]
    assert w["cards"] == [] and w["errors"] and w["errors"][0]["line"] == bad.splitlines().index("  atack 40") + 1
    assert w["errors"][0]["text"].startswith(f"mine.fe0:{w['errors'][0]['line']}:")
    r = client.post("/api/workshop/pack", json={"text": PACK, "filename": "mine.fe0"})
    w = r.json()["workshop"]
    assert w["errors"] == [] and [c["code"] for c in w["cards"]] == [f"W99-{i:03d}" for i in range(1, 14)]
    assert w["cards"][0]["attack"] == 40
    assert client.get("/api/card/W99-002").json()["name"] == "Tester2, Web Card"
    table = new(client, deck1_text=DECK)
    assert table["decks"][0] == "Web test"
    assert client.post("/api/new", json={"deck1_text": "deck \"x\"\nmain character NOPE\n"}).status_code == 400
    # a pack whose codes are the embedded cards' is refused at the code
    dup = client.post("/api/workshop/pack", json={"text": PACK.replace("W99-001", "B01-003ST")}).json()["workshop"]
    assert dup["cards"] == [] and "B01-003ST" in dup["errors"][0]["message"]


SCENARIO = '''scenario "Web: an attack on turn 2"
  start turn 2, player 1, action phase
  player 1
    deck: W99-003, W99-003
    front: W99-012 MC
  player 2
    deck: W99-003
    front: W99-001 MC
    orbs: W99-002
'''


def test_a_scenario_starts_from_its_board(client):
    client.post("/api/workshop/pack", json={"text": PACK, "filename": "mine.fe0"})
    r = client.post("/api/scenario", json={"text": SCENARIO, "seat": 1, "opponent": "random"})
    table = r.json()["state"]["table"]
    assert table["turn"] == 2 and table["phase"] == "action" and table["recordable"] is False
    assert [u["name"] for u in table["me"]["front"]] == ["Tester12, Web Card"]
    attack = next(o for o in table["decision"]["options"] if o["kind"] == "attack")
    table = answer(client, attack["index"])
    # the battle's totals and what made them (supports) are shown beside the board
    lines = table["battle_lines"]
    assert lines[0] == "Tester12 attacks Tester1" and any(line.startswith("Player 1's support: Tester3") for line in lines)
    assert any(line.startswith("Tester12 30 + 20 support = 50 vs Tester1 40 + 20 = 60") for line in lines), lines
    assert client.get("/api/record").status_code == 400
    r = client.post("/api/scenario", json={"text": "scenario \"x\"\n  packs: ../secret.fe0\n"})
    assert r.status_code == 400


def test_serve_prints_its_address_and_serves(tmp_path):
    import httpx
    proc = subprocess.Popen([sys.executable, "-m", "fecipher.play.cli", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("fecipher serve: the board is at http://127.0.0.1:"), line
        url = line.split(" at ")[1].split()[0]
        assert "fecipher" in httpx.get(url, timeout=10).text
        assert httpx.get(url + "api/state", timeout=10).json()["state"]["table"] is None
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_serve_refuses_a_record_that_does_not_load(tmp_path, capsys):
    from fecipher.play.cli import main
    bad = tmp_path / "g.json"
    bad.write_text("{")
    assert main(["serve", "--replay", str(bad)]) == 2
    assert f"{bad}:1:" in capsys.readouterr().err
    assert main(["serve", "--replay", str(tmp_path / "none.json")]) == 2
    assert main(["serve", "--port", "70000"]) == 2


def test_another_sites_page_is_refused(pool):
    """A page of another site cannot drive the local server (its Origin), nor reach it
    under another host name (DNS rebinding); the board's own page can."""
    from fecipher.play.web.serve import allowed_hosts
    board = Board(pool)
    with TestClient(make_app(board, allowed_hosts("127.0.0.1")), base_url="http://127.0.0.1:8000") as c:
        r = c.post("/api/new", json={"seed": 1}, headers={"Origin": "http://evil.example"})
        assert r.status_code == 403 and board.table is None
        assert c.post("/api/new", json={"seed": 1, "opponent": "random"},
                      headers={"Origin": "http://127.0.0.1:8000"}).status_code == 200
        assert c.get("/api/state", headers={"Host": "evil.example"}).status_code == 400
        from starlette.websockets import WebSocketDisconnect
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect("/ws", headers={"Origin": "http://evil.example"}) as ws:
                ws.receive_text()
    assert allowed_hosts("0.0.0.0") is None and "localhost" in allowed_hosts("localhost")


def test_serve_without_the_extra_says_how_to_install_it():
    code = ("import sys; sys.modules['starlette'] = None\n"
            "from fecipher.play.cli import main; raise SystemExit(main(['serve']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == ("fecipher: error: 'fecipher serve' needs the extra 'web' (starlette is not "
                                   "installed): pip install -e '.[web]'")
