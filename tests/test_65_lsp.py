"""`fecipher lsp`: the checker's diagnostics as you type, completion and hover.

The analysis functions are tested directly; the server is then driven over stdio by
pygls's own client, as an editor would."""
from __future__ import annotations

import asyncio
import sys

import pytest

from fecipher.play import lsp

PACK = '''pack "T"

card "Marth, Test Prince"
  codes TST-001
  cost 1
  symbol red
  gender male
  weapon sword
  class "Lord"
  range 1
  attack 50
  support 20
  act "Steel Bow"
    once per turn
    cost flip 1 bond
    this unit gains +10 attack until the end of the turn
  support "Attack Emblem" attack
    your attacking unit gains +20 attack until the end of the combat
'''
BROKEN = PACK.replace("once per turn", "once per trun").replace("unit gains +20", "unit gain +20")


def test_a_clean_pack_has_no_diagnostics():
    assert lsp.diagnostics(PACK) == []


def test_diagnostics_are_the_checkers_with_the_word_as_range():
    from fecipher.dsl.errors import LanguageError
    from fecipher.dsl.packs import compile_text
    with pytest.raises(LanguageError) as info:
        compile_text(BROKEN, "pack.fe0")
    got = lsp.diagnostics(BROKEN)
    assert [(p.line + 1, p.start + 1, p.message) for p in got] == [
        (d.line, d.column, d.message) for d in info.value.diagnostics]
    first = got[0]
    line = BROKEN.splitlines()[first.line]
    assert line[first.start:first.end] in line and first.end > first.start
    assert all(p.severity == "error" for p in got)


def test_hover_renders_the_skill_under_the_cursor_and_the_card_on_its_facts():
    lines = PACK.splitlines()
    cost_line = lines.index("    cost flip 1 bond")
    text = lsp.hover(PACK, cost_line)
    assert text.startswith("Steel Bow |ACT|") and "+10 attack" in text
    support = lsp.hover(PACK, lines.index("    your attacking unit gains +20 attack until the end of the combat"))
    assert support.startswith("Attack Emblem") and "Steel Bow" not in support
    card = lsp.hover(PACK, lines.index("  attack 50"))
    assert card.startswith("Marth, Test Prince  [TST-001]")
    assert lsp.hover(PACK, 0) is None


def test_hover_works_on_a_card_beside_an_error_in_another():
    other = PACK.replace("Marth, Test Prince", "Caeda, Test").replace("TST-001", "TST-002")
    text = BROKEN + "\n" + other
    lines = text.splitlines()
    at = len(BROKEN.splitlines()) + 1 + other.splitlines().index("    cost flip 1 bond")
    assert lines[at] == "    cost flip 1 bond"
    assert lsp.hover(text, at).startswith("Steel Bow |ACT|")


def test_completion_offers_words_then_names_in_quotes():
    words = [c.label for c in lsp.completions("    dr", 0, 6)]
    assert "draw" in words and all(w.startswith("dr") for w in words)
    units = lsp.completions('    if you have an ally named "Cai', 0, 34)
    assert [c.label for c in units][:1] == ["Cain"] and units[0].kind == "unit name"
    skills = lsp.completions('    loses "Anti-F', 0, 17)
    assert [c.label for c in skills] == ["Anti-Fliers"] and skills[0].kind == "skill name"
    own = lsp.completions(PACK + '    cannot use "Steel', len(PACK.splitlines()), 23)
    assert "Steel Bow" in [c.label for c in own]


def test_the_server_over_stdio_with_pygls_client():
    # (pygls is in the test extra: the server is always tested)
    from lsprotocol import types as T
    from pygls.lsp.client import LanguageClient

    async def session():
        client = LanguageClient("test-client", "1")
        published: list = []
        got = asyncio.Event()

        @client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params):
            published.append(params)
            got.set()

        await client.start_io(sys.executable, "-c", "from fecipher.play.cli import main; main(['lsp'])")
        await client.initialize_async(T.InitializeParams(capabilities=T.ClientCapabilities(), process_id=None,
                                                         root_uri=None))
        client.initialized(T.InitializedParams())
        uri = "file:///tmp/test.fe0"
        client.text_document_did_open(T.DidOpenTextDocumentParams(
            text_document=T.TextDocumentItem(uri=uri, language_id="fe0", version=1, text=BROKEN)))
        await asyncio.wait_for(got.wait(), 60)
        got.clear()
        first = published[-1]
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=PACK)]))
        await asyncio.wait_for(got.wait(), 60)
        second = published[-1]
        lines = PACK.splitlines()
        hov = await client.text_document_hover_async(T.HoverParams(
            text_document=T.TextDocumentIdentifier(uri=uri),
            position=T.Position(line=lines.index("    cost flip 1 bond"), character=6)))
        comp = await client.text_document_completion_async(T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=14, character=6)))
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return first, second, hov, comp

    first, second, hov, comp = asyncio.run(session())
    assert [d.message for d in first.diagnostics] == [p.message for p in lsp.diagnostics(BROKEN)]
    assert first.diagnostics and first.diagnostics[0].severity == T.DiagnosticSeverity.Error
    assert list(second.diagnostics) == []
    assert hov.contents.value.startswith("Steel Bow |ACT|")
    items = comp.items if hasattr(comp, "items") else comp
    assert "cost" in [i.label for i in items]


def test_the_textmate_grammar_is_valid_and_highlights_the_packs():
    import json
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "editors" / "vscode"
    grammar = json.loads((root / "syntaxes" / "fe0.tmLanguage.json").read_text())
    package = json.loads((root / "package.json").read_text())
    assert grammar["scopeName"] == package["contributes"]["grammars"][0]["scopeName"] == "source.fe0"
    rules = grammar["repository"]
    patterns = {k: re.compile(v["match"]) for k, v in rules.items() if "match" in v}
    assert patterns["skill"].match('  act "Steel Bow"').group(2) == '"Steel Bow"'
    assert patterns["heading"].match('card "Marth, Test Prince"')
    assert patterns["code"].search("  codes B01-003ST, P01-003PR+")
    assert patterns["comment"].search("  cost 1   # a comment")


def test_diagnostics_say_what_the_language_spells_otherwise_or_lacks():
    """The editor shows the checker's messages for authors (dsl/phrasings.py, dsl/hints.py)."""
    text = PACK.replace("    cost flip 1 bond\n", "    cost discard 1 card\n").replace(
        "this unit gains +10 attack until the end of the turn", "this unit gains +10 attack until the trun")
    messages = [p.message for p in lsp.diagnostics(text)]
    assert messages[0].startswith("'discard' is written 'send ... to your retreat area'")
    assert messages[1] == "unknown word 'trun': did you mean 'turn'?"
