"""`fecipher fmt` (dsl/fmt.py): the canonical layout of a pack. Formatting keeps the
pack (the same AST, positions aside), formatting again changes nothing, every shipped
pack is already in the layout, and a pack laid out carelessly (hypothesis: indentation,
spaces, blank lines and comments moved about) comes back to its canonical text."""
from __future__ import annotations

import importlib.resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.fmt import _NO_SPACE_AFTER, _NO_SPACE_BEFORE, _split_comment, format_text, same_pack
from fecipher.dsl.parse import fast_parser
from fecipher.play.cli import main
from tests.fuzz_settings import fuzz_settings

PACKS = sorted(e.name for e in importlib.resources.files("fecipher.cards").iterdir() if e.name.endswith(".fe0"))


def pack_text(name: str) -> str:
    return importlib.resources.files("fecipher.cards").joinpath(name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PACKS)
def test_every_shipped_pack_is_in_the_canonical_layout(name):
    text = pack_text(name)
    formatted = format_text(text, name)
    assert formatted == text
    assert format_text(formatted, name) == formatted
    assert same_pack(text, formatted)


MESSY = '''# a pack laid out carelessly
pack   "Messy"
card "Marth, Messy Prince"
codes T01-001 ,T01-001+
    cost 4
	class change cost 3
  symbol red
  gender male
  weapon sword
  class "Lodestar"
  range 1
  attack 70
  support 20
  act "A"   [CCS]
  cost flip 1 bond,tap this
       # why this skill
        this unit gains +10 attack until the end of the turn   # a comment after a line


  support "Shield" attack/defence
      choose 1 non-"Caeda" ally
      move it
'''
CANONICAL = '''# a pack laid out carelessly
pack "Messy"

card "Marth, Messy Prince"
  codes T01-001, T01-001+
  cost 4
  class change cost 3
  symbol red
  gender male
  weapon sword
  class "Lodestar"
  range 1
  attack 70
  support 20

  act "A" [CCS]
    cost flip 1 bond, tap this
    # why this skill
    this unit gains +10 attack until the end of the turn  # a comment after a line
  support "Shield" attack/defence
    choose 1 non-"Caeda" ally
    move it
'''


def test_a_careless_layout_is_made_canonical():
    assert format_text(MESSY) == CANONICAL
    assert same_pack(MESSY, CANONICAL)


RETREAT_SKILL = """pack "T"

card "Robin (Female), Test"
  codes TST-001
  cost 4
  symbol blue
  gender female
  weapon tome
  range 1-2
  attack 60
  support 20

  retreat "Fell Heart"
    cost flip 2 blue bonds
    at the start of your bond phase
    you may
    deploy this card to the front line
  cont "Lost Power"
    put this unit into your boundless area instead of your retreat area when it is destroyed
"""


def test_a_skill_of_the_retreat_area_is_laid_out_as_a_skill():
    # 'retreat' heads a skill (B14-008SR), not a fact of the card: its lines stay under it
    assert format_text(RETREAT_SKILL) == RETREAT_SKILL


def test_a_pack_with_errors_is_not_formatted():
    with pytest.raises(LanguageError):
        format_text(CANONICAL.replace("move it", "mvoe it"))


def _messy(data, text: str) -> str:
    """The text with each line's indentation, the blanks between its tokens, blank lines
    and comments drawn by hypothesis (never a blank inside a token)."""
    lexer = fast_parser().lexer
    out = []
    for line in text.split("\n"):
        code, comment = _split_comment(lexer, line)
        if data.draw(st.booleans(), label="blank line") and data.draw(st.integers(0, 9)) == 0:
            out.append(data.draw(st.sampled_from(["", "  ", "\t"])))
        if not code:
            out.append(data.draw(st.sampled_from(["", " ", "\t"])) + (comment or ""))
            continue
        tokens = [v for kind, v, _, _ in lexer.tokens(code + "\n") if kind != "_NL"]
        pieces = [data.draw(st.sampled_from(["", " ", "  ", "\t", "      "]), label="indent")]
        for i, t in enumerate(tokens):
            if i:
                glued = t in _NO_SPACE_BEFORE or tokens[i - 1] in _NO_SPACE_AFTER
                pieces.append("" if glued else data.draw(st.sampled_from([" ", "  ", "\t", " \t "])))
            pieces.append(t)
        if comment is not None:
            pieces.append(data.draw(st.sampled_from([" ", "   "])) + comment)
        elif data.draw(st.integers(0, 19)) == 0:
            pieces.append(" # a comment added")
        out.append("".join(pieces) + data.draw(st.sampled_from(["", " ", "\t"])))
    return "\n".join(out)


@fuzz_settings(15)
@given(st.data())
def test_generated_layouts_format_back_to_the_same_pack(data):
    name = data.draw(st.sampled_from(PACKS))
    lines = pack_text(name).split("\n")
    # a slice of the pack from one card to a later one
    starts = [i for i, ln in enumerate(lines) if ln.startswith("card ")]
    a = data.draw(st.integers(0, len(starts) - 1))
    b = data.draw(st.integers(a + 1, min(a + 4, len(starts))))
    end = starts[b] if b < len(starts) else len(lines)
    original = 'pack "Slice"\n' + "\n".join(lines[starts[a]:end])
    messy = _messy(data, original)
    once = format_text(messy)
    assert same_pack(messy, once)
    assert format_text(once) == once
    # the comments added on lines of their own aside, the canonical text is the original's
    assert once == format_text(original) or "# a comment added" in once


def test_fmt_command(tmp_path, capsys):
    f = tmp_path / "messy.fe0"
    f.write_text(MESSY)
    assert main(["fmt", str(f)]) == 0
    assert capsys.readouterr().out == CANONICAL
    assert main(["fmt", "--check", str(f)]) == 1
    assert "not in the canonical layout" in capsys.readouterr().out
    assert main(["fmt", "--write", str(f)]) == 0
    assert f.read_text() == CANONICAL
    assert main(["fmt", "--check", str(f)]) == 0
    f.write_text(CANONICAL.replace("move it", "mvoe it"))
    assert main(["fmt", "--write", str(f)]) == 1
    assert "unknown effect 'mvoe'" in capsys.readouterr().err
    assert "mvoe" in f.read_text()
