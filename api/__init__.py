"""fecipher: a rules engine for Fire Emblem 0 (Cipher), for integrators.

Everything a program that plays, watches, saves or simulates games needs is here,
in one import (docs/api.md is the reference)::

    import fecipher

    pool = fecipher.embedded_pool()                       # the cards shipped with fecipher
    game = fecipher.Game(fecipher.load_deck("marth"), fecipher.load_deck("chrom"), seed=7)
    while not game.over:
        view = game.view(game.decision.player)            # what the deciding player may know
        game.answer(view.decision.options[0].index)       # an illegal answer raises IllegalAnswer
    print(game.winner, game.reason)

The game never calls a player: it exposes ``game.decision`` (who decides, what, and
every legal option) and waits for ``game.answer``. A game is a function of its
seed, its decks and its answers, so ``game.clone()`` and ``game.to_json()`` /
``Game.from_json`` work at any decision.

The layers below (``fecipher.engine``, ``fecipher.dsl``, ``fecipher.conformance``,
``fecipher.play``) hold the rules and the skill language; their other names are the
engine's and the language's own and may change. Names are loaded on first use, so
``import fecipher`` is cheap and importing a layer does not load the others.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover   (the same names as _EXPORTS, for type checkers)
    from fecipher import events, kinds
    from fecipher.dsl.decks import deck_to_text, embedded_decks, load_deck, parse_deck
    from fecipher.dsl.errors import Diagnostic, LanguageError
    from fecipher.dsl.packs import CardPool, embedded_pool, load_pack, load_packs
    from fecipher.engine.cards import Card
    from fecipher.engine.decisions import Decision, IllegalAnswer, Option
    from fecipher.engine.deckrules import IllegalDeck, check_deck, deck_problems
    from fecipher.engine.events import EVENT_TYPES, Event
    from fecipher.engine.game import BadArgument, CardLookup, Deck, Game
    from fecipher.engine.jsontypes import JSONObject, JSONValue
    from fecipher.engine.records import RecordError, ReplayMismatch, load_record, make_record, replay, save_record
    from fecipher.engine.view import (
        BattleView, CardView, DecisionView, OptionView, PlayerView, SideView, UnitView,
    )
    from fecipher.play.agents import (
        CONCEDE, Agent, FirstOptionAgent, FromView, RandomAgent, RandomViewAgent, ViewAgent,
    )
    from fecipher.play.agents import play as play_game
    from fecipher.play.ai import HeuristicAgent, SearchAgent
    from fecipher.play.rl import GameEnv, encode_observation
    from fecipher.play.simulate import GameResult, SimulationError, Setup as SimulationSetup, simulate

# name -> (module, attribute): what ``fecipher.<name>`` is.
_EXPORTS: dict[str, tuple[str, str]] = {
    # games, decks, decisions
    "Game": ("fecipher.engine.game", "Game"),
    "Deck": ("fecipher.engine.game", "Deck"),
    "BadArgument": ("fecipher.engine.game", "BadArgument"),
    "CardLookup": ("fecipher.engine.game", "CardLookup"),
    "Card": ("fecipher.engine.cards", "Card"),
    "Decision": ("fecipher.engine.decisions", "Decision"),
    "Option": ("fecipher.engine.decisions", "Option"),
    "IllegalAnswer": ("fecipher.engine.decisions", "IllegalAnswer"),
    "JSONValue": ("fecipher.engine.jsontypes", "JSONValue"),
    "JSONObject": ("fecipher.engine.jsontypes", "JSONObject"),
    # events
    "Event": ("fecipher.engine.events", "Event"),
    "EVENT_TYPES": ("fecipher.engine.events", "EVENT_TYPES"),
    # cards, packs and decks
    "CardPool": ("fecipher.dsl.packs", "CardPool"),
    "embedded_pool": ("fecipher.dsl.packs", "embedded_pool"),
    "load_pack": ("fecipher.dsl.packs", "load_pack"),
    "load_packs": ("fecipher.dsl.packs", "load_packs"),
    "LanguageError": ("fecipher.dsl.errors", "LanguageError"),
    "Diagnostic": ("fecipher.dsl.errors", "Diagnostic"),
    "load_deck": ("fecipher.dsl.decks", "load_deck"),
    "parse_deck": ("fecipher.dsl.decks", "parse_deck"),
    "embedded_decks": ("fecipher.dsl.decks", "embedded_decks"),
    "deck_to_text": ("fecipher.dsl.decks", "deck_to_text"),
    "check_deck": ("fecipher.engine.deckrules", "check_deck"),
    "deck_problems": ("fecipher.engine.deckrules", "deck_problems"),
    "IllegalDeck": ("fecipher.engine.deckrules", "IllegalDeck"),
    # records
    "make_record": ("fecipher.engine.records", "make_record"),
    "save_record": ("fecipher.engine.records", "save_record"),
    "load_record": ("fecipher.engine.records", "load_record"),
    "replay": ("fecipher.engine.records", "replay"),
    "RecordError": ("fecipher.engine.records", "RecordError"),
    "ReplayMismatch": ("fecipher.engine.records", "ReplayMismatch"),
    # a player's view
    "PlayerView": ("fecipher.engine.view", "PlayerView"),
    "SideView": ("fecipher.engine.view", "SideView"),
    "UnitView": ("fecipher.engine.view", "UnitView"),
    "CardView": ("fecipher.engine.view", "CardView"),
    "DecisionView": ("fecipher.engine.view", "DecisionView"),
    "OptionView": ("fecipher.engine.view", "OptionView"),
    "BattleView": ("fecipher.engine.view", "BattleView"),
    # agents and simulation
    "Agent": ("fecipher.play.agents", "Agent"),
    "ViewAgent": ("fecipher.play.agents", "ViewAgent"),
    "FromView": ("fecipher.play.agents", "FromView"),
    "RandomAgent": ("fecipher.play.agents", "RandomAgent"),
    "RandomViewAgent": ("fecipher.play.agents", "RandomViewAgent"),
    "FirstOptionAgent": ("fecipher.play.agents", "FirstOptionAgent"),
    "CONCEDE": ("fecipher.play.agents", "CONCEDE"),
    "play_game": ("fecipher.play.agents", "play"),
    "HeuristicAgent": ("fecipher.play.ai", "HeuristicAgent"),
    "SearchAgent": ("fecipher.play.ai", "SearchAgent"),
    "simulate": ("fecipher.play.simulate", "simulate"),
    "SimulationSetup": ("fecipher.play.simulate", "Setup"),
    "GameResult": ("fecipher.play.simulate", "GameResult"),
    "SimulationError": ("fecipher.play.simulate", "SimulationError"),
    # reinforcement learning
    "GameEnv": ("fecipher.play.rl", "GameEnv"),
    "encode_observation": ("fecipher.play.rl", "encode_observation"),
}

_SUBMODULES = ("events", "kinds")

__all__ = [*_EXPORTS, *_SUBMODULES, "__version__"]


def __getattr__(name: str) -> object:
    """Load an exported name on first use (PEP 562)."""
    if name in _EXPORTS:
        module, attr = _EXPORTS[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"fecipher.{name}")
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("fecipher")
        except PackageNotFoundError:  # pragma: no cover   (a source tree not installed)
            v = "0+unknown"
        globals()["__version__"] = v
        return v
    raise AttributeError(f"module 'fecipher' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
