"""Stage 4: every example in docs/skill-language.md compiles (the reference cannot drift)."""
import pathlib
import re

import pytest

from fecipher.dsl.packs import compile_text

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "skill-language.md"
HOST = '''card "Marth, Reference Host"
  codes REF-001
  cost 3
  class change cost 2
  symbol red
  gender male
  weapon sword
  range 1
  attack 60
  support 10
'''


def examples() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"```fe0\n(.*?)```", text, re.S):
        out.append((text[: m.start()].count("\n") + 2, m.group(1)))
    return out


def test_the_reference_has_examples():
    assert len(examples()) >= 10


@pytest.mark.parametrize("line,block", examples(), ids=lambda x: f"line{x}" if isinstance(x, int) else "")
def test_reference_example_compiles(line, block):
    body = block if block.lstrip().startswith(("card", "pack")) else HOST + "\n" + \
        "\n".join("  " + ln if ln.strip() else ln for ln in block.splitlines()) + "\n"
    cards = compile_text(body, f"{DOC.name}:{line}")
    assert cards
