"""A SPEC "this card can share its unit name with allies" under a condition (B09-048HN
Necrodragon: "If you have 6 or more Bond cards, you may deploy this card even if you
already have an allied "Necrodragon" ..."): the condition was ignored, the card shared
its name always (a silent wrong meaning)."""
from fecipher.dsl.packs import compile_text
from fecipher.engine.deployment import deployment_options, name_refusal

from vanilla import add_bonds, add_cards, add_unit, begin, card, duel

PACK = '''
card "Wyrm, Risen"
  codes TST-871
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  spec "Army"
    if you have 6 or more bonds
    this card can share its unit name with allies
'''


def _board(bonds: int):
    wyrm = compile_text(PACK, "t.fe0")[0]
    g, _, _ = duel()
    add_unit(g, 0, wyrm)
    add_bonds(g, 0, *[card("Filler", "Bond", symbols="red")] * bonds)
    copy, = add_cards(g, 0, "hand", wyrm)
    begin(g, phase="deployment")
    return g, wyrm, copy


def _deploys(g, copy) -> bool:
    return any(getattr(o, "card", None) == copy.id and o.kind == "deploy" for o in deployment_options(g, 0))


def test_with_6_bonds_a_second_unit_of_the_name_may_be_deployed():
    g, wyrm, copy = _board(6)
    assert name_refusal(g, 0, wyrm) is None
    assert _deploys(g, copy)


def test_with_5_bonds_the_condition_fails_and_rule_5_holds():
    g, wyrm, copy = _board(5)
    assert "rule 5" in (name_refusal(g, 0, wyrm) or "")
    assert not _deploys(g, copy)
