"""The quality `non-class-changed` (a unit that was not class changed): "Choose 1 other
non-Class Changed ally" (B08-001SR Chrom "Future Changing Bonds"). It is the negation of
`class-changed`, as `non-levelled-up` is of `levelled-up`; it goes with units only (a card in
an area is neither)."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

from vanilla import add_unit, begin, card, duel, options, pick

PACK = '''
card "Chrom, Probe"
  codes TST-911
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  act "Pick"
    choose 1 other non-class-changed ally
    it gains +10 attack until the end of the turn
  act "Count"
    this unit gains +10 attack for each non-class-changed ally until the end of the turn
'''

CARDS = {c.unit_name: c for c in compile_text(PACK, "non_cc.fe0")}


def _board():
    game, _, _ = duel()
    chrom = add_unit(game, 0, CARDS["Chrom"])
    plain = add_unit(game, 0, card("Ansel", cost=1))
    changed = add_unit(game, 0, card("Bryn", cost=3, cc=2), class_changed=True)
    begin(game)
    return game, chrom, plain, changed


def test_only_allies_that_were_not_class_changed_are_offered():
    game, chrom, plain, changed = _board()
    pick(game, "use_skill", skill="Pick")
    offered = {o.unit for o in options(game, "unit")}
    assert plain.id in offered
    assert changed.id not in offered and chrom.id not in offered
    before = game.attack(plain)
    pick(game, "unit", unit=plain)
    assert game.attack(plain) == before + 10


def test_a_count_of_non_class_changed_allies():
    game, chrom, plain, changed = _board()
    before = game.attack(chrom)
    pick(game, "use_skill", skill="Count")
    # Chrom, Ansel and the duel's Main Character were not class changed; Bryn was.
    non_cc = sum(1 for u in game.players[0].units if not u.class_changed)
    assert non_cc == 3
    assert game.attack(chrom) == before + 10 * non_cc


def test_it_goes_with_units_only():
    text = ('card "Probe, Probe"\n  codes TST-912\n  cost 1\n  attack 10\n  support 10\n  act "X"\n'
            '    choose 1 non-class-changed card from your hand\n    send it to your retreat area\n')
    with pytest.raises(LanguageError) as e:
        compile_text(text, "x.fe0")
    assert "goes with units" in str(e.value)


def test_describe_says_non_class_changed():
    texts = {s.name: s.text for c in CARDS.values() for s in c.skills}
    assert "Choose 1 other non-Class Changed ally." in texts["Pick"]
