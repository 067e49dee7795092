"""All support cards (or one player's) losing one named support skill: 'all support cards lose
"Miracle Emblem"' (B07-017R Serra: "All Support cards lose "Miracle Emblem"."; docs/skill-language.md,
Skill control). The support still succeeds and its value counts; that skill does not activate, for
both players' support cards ('your opponent's support cards lose "X"': theirs only); another support
skill activates as usual."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text
from fecipher.engine import events as ev

from vanilla import add_cards, add_unit, begin, card, duel, events, pick

PACK = '''
card "Tester, Jammer"
  codes TST-941
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Hush"
    all support cards lose "Rally Emblem"

card "Tester, Picky Jammer"
  codes TST-942
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  cont "Picky Hush"
    your opponent's support cards lose "Rally Emblem"

card "Tester, Rallier"
  codes TST-943
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  support "Rally Emblem" attack
    your attacking unit gains +20 attack until the end of the combat

card "Tester, Other"
  codes TST-944
  cost 1
  symbol red
  range 1
  attack 30
  support 10
  support "Other Emblem" attack
    your attacking unit gains +10 attack until the end of the combat
'''
CARDS = {c.name: c for c in compile_text(PACK, "t.fe0")}


def c(name: str):
    return CARDS["Tester, " + name]


def _battle(jammer: str | None, jammer_side: int, support: str = "Rallier"):
    """Player 1's MC attacks player 0's plain ally, supported by ``support``; ``jammer`` (if any) is
    on ``jammer_side``'s field. Every other question of the battle is declined."""
    game, mc0, mc1 = duel()
    if jammer:
        add_unit(game, jammer_side, c(jammer))
    other = add_unit(game, 0, card("Bystander", "ally", attack=30))
    add_cards(game, 1, "deck", c(support), top=True)
    begin(game, player=1)
    start = len(game.events)
    pick(game, "attack", unit=mc1, target=other)
    for _ in range(100):
        if game.over or (game.decision.kind == "action" and game.decision.player == 1):
            break
        opts = game.legal_options()
        no = [o for o in opts if o.kind in ("pass", "no")]
        game.answer(no[0] if no else opts[0])
    judged = events(game, ev.BattleJudged, since=start)[0]
    resolved = [e.skill for e in events(game, ev.SkillResolved, since=start)]
    return judged, resolved


def test_the_named_support_skill_does_not_activate_for_either_player():
    judged, resolved = _battle(None, 0)
    assert "Rally Emblem" in resolved and judged.attacker_power == 50 + 10 + 20
    for side in (0, 1):   # the Jammer on the defender's side, or on the attacker's own side
        judged, resolved = _battle("Jammer", side)
        assert "Rally Emblem" not in resolved
        assert judged.attacker_power == 50 + 10                # the support's value still counts


def test_another_support_skill_still_activates():
    judged, resolved = _battle("Jammer", 0, support="Other")
    assert "Other Emblem" in resolved and judged.attacker_power == 50 + 10 + 10


def test_your_opponents_support_cards_only():
    judged, resolved = _battle("Picky Jammer", 0)              # the attacker is the Jammer's opponent
    assert "Rally Emblem" not in resolved
    judged, resolved = _battle("Picky Jammer", 1)              # the Jammer's own support card
    assert "Rally Emblem" in resolved


def test_renders_as_the_card_and_refuses_an_unknown_skill_name():
    from fecipher.dsl.parse import parse_pack
    from fecipher.dsl.render import skill as render_skill
    node = parse_pack(PACK, "t.fe0").cards[0].skills[0]
    assert render_skill(node).endswith('All Support cards lose "Rally Emblem".')
    bad = PACK.replace('lose "Rally Emblem"\n\ncard "Tester, Picky', 'lose "Rally Emblm"\n\ncard "Tester, Picky')
    with pytest.raises(LanguageError, match='unknown skill name "Rally Emblm"'):
        compile_text(bad, "bad.fe0")
