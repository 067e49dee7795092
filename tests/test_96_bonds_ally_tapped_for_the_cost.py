"""'the ally tapped for the cost' ("the Mikoto used for the cost of this skill", B07-093R;
docs/skill-language.md, "The ally tapped for the cost"): the unit this skill's tap cost
tapped, read when the effect runs (its cost then); refused in a skill whose cost taps no
ally, and in costs, triggers and conditions."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, card, duel, options, pick

PACK = '''
card "Keeper, Thunder"
  codes TST-961
  cost 1
  symbol white
  range 1
  attack 30
  support 10
  act "Empress"
    cost tap 1 "Mikoto" ally
    choose 1 non-main character enemy with the same cost as the ally tapped for the cost
    destroy it
'''


def _src(cost: str, line: str) -> str:
    return (f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n'
            f'    cost {cost}\n    {line}\n    destroy it\n')


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "the ally tapped for this skill's cost" in text


@pytest.mark.parametrize("cost, line", [
    ("tap this", "choose 1 enemy with the same cost as the ally tapped for the cost"),
    ("flip 1 bond", "choose 1 enemy with the same cost as the ally tapped for the cost"),
    ("tap 1 other ally, tap 1 enemy with the same cost as the ally tapped for the cost", "choose 1 enemy"),
])
def test_without_an_ally_tapped_by_the_cost_it_is_refused(cost, line):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(cost, line), "bad.fe0")
    assert "'the ally tapped for the cost' names the ally this skill's cost taps" in str(e.value)


def _board():
    g, _, _ = duel()
    add_unit(g, 0, compile_text(PACK, "t.fe0")[0])
    m3 = add_unit(g, 0, card("Mikoto", cost=3), area="back")
    m2 = add_unit(g, 0, card("Mikoto", cost=2), area="back")
    e3 = add_unit(g, 1, card("Three", cost=3))
    e2 = add_unit(g, 1, card("Two", cost=2))
    e2b = add_unit(g, 1, card("Also Two", cost=2))
    begin(g)
    return g, m3, m2, e3, e2, e2b


def test_the_enemies_offered_have_the_cost_of_the_mikoto_tapped():
    g, m3, m2, e3, e2, e2b = _board()
    pick(g, "use_skill", skill="Empress")
    pick(g, unit=m2.id)                                   # the cost-2 Mikoto pays
    assert m2.tapped and not m3.tapped
    assert {o.unit for o in g.legal_options()} == {e2.id, e2b.id}
    pick(g, unit=e2b.id)
    assert g.unit(e2b.id) is None and g.unit(e2.id) is not None and g.unit(e3.id) is not None


def test_the_other_mikoto_gives_the_other_cost():
    g, m3, m2, e3, e2, e2b = _board()
    pick(g, "use_skill", skill="Empress")
    pick(g, unit=m3.id)
    # one enemy of cost 3: chosen without another to choose, or offered alone
    if g.decision is not None and g.decision.kind != "action":
        assert {o.unit for o in g.legal_options()} == {e3.id}
        pick(g, unit=e3.id)
    assert g.unit(e3.id) is None and g.unit(e2.id) is not None


def test_no_untapped_mikoto_no_skill():
    g, _, _ = duel()
    add_unit(g, 0, compile_text(PACK, "t.fe0")[0])
    add_unit(g, 0, card("Mikoto", cost=3), area="back", tapped=True)
    begin(g)
    assert not options(g, "use_skill", skill="Empress")
