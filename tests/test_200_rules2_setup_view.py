"""Rule 13 and hidden information: during the set-up each Main Character is face-down
in its owner's Front Line. Its owner knows it; the opponent sees a face-down unit and
no set-up event names it, until both are turned face-up as the game starts."""
from __future__ import annotations

import json

from fecipher.engine import events as ev
from fecipher.engine.decisions import NO, YES
from fecipher.engine.game import Game
from fecipher.engine.visibility import can_see, events_seen_by

from test_64_hidden_information import _ID_KEYS, _walk_json
from vanilla import card, deck

MC0 = card("Sigurd", "Holy Knight Secret", cost=1, attack=70, code="SEC-001")
MC1 = card("Seliph", "Scion Secret", cost=1, attack=60, code="SEC-002")


def _game(seed: int = 3) -> Game:
    return Game(deck(MC0), deck(MC1), seed=seed, first_player=0)


def _names(view_json) -> str:
    return json.dumps(view_json)


def _hides_mc(game: Game, viewer: int) -> None:
    """``viewer``'s view and the set-up events as they saw them hold no trace of the
    opponent's Main Character; their own is there, face-down."""
    opp_mc = game.players[1 - viewer].front[0]
    own_mc = game.players[viewer].front[0]
    v = game.view(viewer)
    text = _names(v.to_json())
    secret = (MC0, MC1)[1 - viewer]
    assert secret.name not in text and secret.code not in text and secret.unit_name not in text
    leaked = [x for k, x in _walk_json(v.to_json()) if k in _ID_KEYS and x == opp_mc.top.id]
    assert not leaked
    unit, = v.opponent.front
    assert unit.main_character and unit.name is None and unit.attack is None
    assert all(c.unknown and not c.face_up for c in unit.cards)
    mine, = v.me.front
    assert mine.name == own_mc.card.name and mine.attack == (70, 60)[viewer]
    assert [c.name for c in mine.cards] == [own_mc.card.name] and not mine.cards[0].face_up
    assert can_see(game, viewer, own_mc.top) and not can_see(game, viewer, opp_mc.top)


def test_rule_13_the_opponents_main_character_is_face_down_in_each_view_during_the_set_up():
    g = _game()
    assert g.decision.kind == "mulligan" and g.decision.player == 0
    _hides_mc(g, 0)
    _hides_mc(g, 1)
    g.answer(next(i for i, o in enumerate(g.decision.options) if o.kind == YES))   # player 0 mulligans
    assert g.decision.kind == "mulligan" and g.decision.player == 1
    _hides_mc(g, 0)
    _hides_mc(g, 1)
    # Every set-up event as each player saw it: no card of the opponent is named
    # (the draws are named to the drawer only, a mulligan names no card).
    for viewer in (0, 1):
        mine = {c.id for c in g._copies.values() if c.owner == viewer}
        for e in events_seen_by(g, viewer):
            assert type(e) in (ev.Drew, ev.Mulliganed), e
            ids = [x for k, x in _walk_json(e.to_json()) if k in _ID_KEYS and x is not None]
            assert all(i in mine for i in ids), (viewer, e)
            assert MC0.name not in json.dumps(e.to_json()) and MC1.name not in json.dumps(e.to_json())


def test_rule_13_the_main_characters_are_turned_face_up_together_as_the_game_starts():
    g = _game()
    g.answer(next(i for i, o in enumerate(g.decision.options) if o.kind == NO))
    g.answer(next(i for i, o in enumerate(g.decision.options) if o.kind == NO))
    assert any(type(e) is ev.GameStarted for e in g.events)
    for viewer in (0, 1):
        v = g.view(viewer)
        assert [u.name for u in v.me.front] == [g.players[viewer].front[0].card.name]
        assert [u.name for u in v.opponent.front] == [g.players[1 - viewer].front[0].card.name]
        assert v.opponent.front[0].attack == (70, 60)[1 - viewer]
        assert all(c.face_up and not c.unknown for u in v.opponent.front for c in u.cards)
        assert can_see(g, viewer, g.players[1 - viewer].front[0].top)
