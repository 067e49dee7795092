"""'choose N ... for every M <counted>' ("For every 4 Bonds you have, choose 1 <Yellow> card
from your Retreat Area, and deploy it", B10-001SR; docs/skill-language.md, "What "for each"
counts"): N choices for each whole M counted when the line runs (the count divided by M,
rounded down: 3 bonds choose nothing, 7 choose 1, 8 choose 2). Only a choice takes it."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel, pick

PACK = '''
card "Keeper, Caller"
  codes TST-951
  cost 1
  symbol yellow
  range 1
  attack 30
  support 10
  act "Call"
    choose 1 yellow card from your retreat area for every 4 bonds
    deploy them
'''


def _src(line: str) -> str:
    return f'card "Bad, One"\n  codes BAD-001\n  cost 1\n  attack 30\n  support 10\n  act "X"\n    {line}\n'


def test_compiles_and_reads_as_the_card():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    text = render_skill(parse_pack(PACK, "t.fe0").cards[0].skills[0])
    assert "for every 4 Bonds" in text or "for every 4 bonds" in text


@pytest.mark.parametrize("line", ["draw 1 for every 4 bonds",
                                  "choose 1 yellow card from your retreat area for every 0 bonds"])
def test_for_every_outside_a_choice_or_by_zero_is_refused(line):
    with pytest.raises(LanguageError) as e:
        compile_text(_src(line), "bad.fe0")
    assert "'for every N ...' is supported in a choice" in str(e.value)


def _run(bonds: int):
    g, _, _ = duel()
    add_unit(g, 0, compile_text(PACK, "t.fe0")[0])
    add_bonds(g, 0, *[card(f"B{i}") for i in range(bonds)])
    yellows = add_cards(g, 0, "retreat", *[card(f"Y{i}", symbols="yellow") for i in range(3)])
    begin(g)
    pick(g, "use_skill", skill="Call")
    chosen = 0
    while g.decision is not None and g.decision.kind != "action":
        opts = g.legal_options()
        ids = {y.id for y in yellows}
        take = next((o for o in opts if o.card in ids), None)
        if take is not None:
            chosen += 1
            g.answer(take)
        else:
            g.answer(opts[0])               # the line it goes to, or done
    deployed = [u for u in g.players[0].units if u.cards[0].id in {y.id for y in yellows}]
    return chosen, len(deployed)


@pytest.mark.parametrize("bonds, want", [(3, 0), (4, 1), (7, 1), (8, 2)])
def test_one_choice_per_whole_four_bonds(bonds, want):
    chosen, deployed = _run(bonds)
    assert deployed == want and chosen == want
