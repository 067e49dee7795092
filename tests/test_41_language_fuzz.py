"""Stage 4: arbitrary text and mutated real packs raise only the language's own
error type, always with a position."""
import importlib.resources

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

REAL = importlib.resources.files("fecipher.cards").joinpath("b01.fe0").read_text(encoding="utf-8")
SAMPLE = REAL[:6000]
WORDS = ["card", "cost", "act", "auto", "cont", "when", "if", "you may", "draw", "move", "choose", "it", "this",
         "unit", "ally", "enemy", "1", "+10", "attack", '"Marth"', "\n", "  ", ",", "[CCS]", "until", "the", "end"]


def assert_clean(text: str) -> None:
    try:
        compile_text(text, "fuzz.fe0")
    except LanguageError as e:
        assert e.diagnostics
        for d in e.diagnostics:
            assert d.filename == "fuzz.fe0" and d.line >= 0 and d.column >= 0 and d.message


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_arbitrary_text_raises_only_language_errors(text):
    assert_clean(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=60))
def test_word_salad_raises_only_language_errors(words):
    assert_clean(" ".join(words))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_real_pack_raises_only_language_errors(data):
    text = SAMPLE
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["delete", "insert", "replace", "dupline"]))
        if op == "delete":
            text = text[:i] + text[i + data.draw(st.integers(1, 12)):]
        elif op == "insert":
            text = text[:i] + data.draw(st.sampled_from(WORDS + ["#", '"', "-", "x"])) + text[i:]
        elif op == "replace":
            text = text[:i] + data.draw(st.text(max_size=3)) + text[i + 1:]
        else:
            lines = text.splitlines()
            k = data.draw(st.integers(0, max(0, len(lines) - 1)))
            lines.insert(k, lines[k] if lines else "")
            text = "\n".join(lines)
    assert_clean(text)
