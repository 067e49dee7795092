"""tools/pack_facts.py: pack skeletons from the card list, and packs' facts checked against it.
(Tested on a small card list made here: the real one is reference material, not in the project.)"""
from __future__ import annotations

from fecipher.dsl.packs import compile_text
from tools.pack_facts import check_pack, first_set, skeleton


def entry(character, title, codes_series, *, cost="2", cc="-", color=("Red",), types=("Male", "Sword"),
          rng=(1, 1), attack="50", support="10", skills="", support_skill="-", cls="Lord"):
    return {"Character": character, "Title": title, "Color": list(color), "Cost": cost, "ClassChangeCost": cc,
            "Class": cls, "Type": list(types), "MinRange": rng[0], "MaxRange": rng[1], "Attack": attack,
            "Support": support, "Skill": skills, "SupportSkill": support_skill,
            "AlternateArts": [{"CardCode": c, "SetCode": c.split("-")[0], "SeriesNo": n} for c, n in codes_series]}


CARDS = [
    entry("Marth", "Test Prince", [("B02-001SR", 2), ("P03-001PR", 3)], cc="3", types=("Male", "Sword "),
          skills="Falchion |CONT| If this unit is attacking ...\nAegis |AUTO| [CCS] When ...",
          support_skill="|ATK SUPP| Attack Emblem: ..."),
    entry("Caeda", "Test Pegasus", [("P02-002PR", 2), ("B02-050N", 2)], color=("None",),
          types=("Female", "Lance", "Flier"), rng=(1, 2), support="X"),
    entry("Abel", "Later", [("B03-001N", 3)]),
]


def test_a_card_belongs_to_the_set_of_its_first_printing_b_before_p():
    assert [first_set(c) for c in CARDS] == ["B02", "B02", "B03"]


def test_skeleton_has_the_facts_and_names_the_skills_to_write_without_their_text():
    text = skeleton(CARDS, "B02")
    assert 'pack "B02"' in text and '"Abel, Later"' not in text
    assert "  codes B02-001SR, P03-001PR" in text and "  class change cost 3" in text
    assert "  types flier" in text and "  range 1-2" in text and "  symbol none" in text
    assert '  # cont "Falchion": to write' in text and '  # auto "Aegis": to write' in text
    assert '  # support "Attack Emblem" attack: to write' in text
    assert "If this unit" not in text                       # never the English text
    assert "  # support X: printed X, needs the card's rule" in text
    cards = compile_text(text.replace("  # support X: printed X, needs the card's rule", "  support 10"), "b02.fe0")
    assert [c.name for c in cards] == ["Marth, Test Prince", "Caeda, Test Pegasus"]


def test_check_reports_each_fact_that_differs():
    text = skeleton(CARDS, "B02").replace("  # support X: printed X, needs the card's rule", "  support 10")
    text = text.replace("  attack 50\n  support 10\n  # cont", "  attack 60\n  support 10\n  # cont", 1)
    cards = compile_text(text, "b02.fe0")
    problems = check_pack(cards, CARDS)
    assert any("attack '60' (the list: '50')" in p for p in problems)
    assert any("skills [] (the list: ['Falchion', 'Aegis'])" in p for p in problems)
    assert any("support skill None (the list: 'Attack Emblem')" in p for p in problems)
    assert not any("Caeda" in p for p in problems)          # X support: the card's own rule decides


def test_a_cont_skill_printed_in_two_parts_is_one_skill_of_the_list():
    text = skeleton(CARDS, "B02").replace("  # support X: printed X, needs the card's rule", "  support 10")
    text = text.replace('  # cont "Falchion": to write',
                        '  cont "Falchion"\n    if this unit is in the front line\n    this unit gains +10 attack\n'
                        '  cont "Falchion"\n    if this unit is in the back line\n    this unit acquires range 1-2')
    text = text.replace('  # auto "Aegis": to write',
                        '  auto "Aegis" [CCS]\n    when this unit attacks\n    draw 1')
    text = text.replace('  # support "Attack Emblem" attack: to write',
                        '  support "Attack Emblem" attack\n    your attacking unit gains +20 attack until the end of the combat')
    problems = check_pack(compile_text(text, "b02.fe0"), CARDS)
    assert not any("Marth" in p for p in problems), problems


def test_a_cont_part_of_an_act_skill_of_the_same_name_is_one_skill_of_the_list():
    card = entry("Hinoka", "Test Flier", [("B02-008SR", 2)],
                 skills="Rallying Cry |ACT| [Once per Turn] ... this skill loses [Once per Turn].")
    text = skeleton([card], "B02").replace(
        '  # act "Rallying Cry": to write',
        '  act "Rallying Cry"\n    once per turn\n    draw 1\n'
        '  cont "Rallying Cry"\n    if this unit is class changed\n    this unit\'s "Rallying Cry" loses once per turn')
    assert not check_pack(compile_text(text, "b02.fe0"), [card])


def test_a_support_skills_name_leaves_out_a_keyword_tag_before_it_and_a_cost_run_into_it():
    tagged = entry("Ena", "Tagged", [("B02-060N", 2)], support_skill="|ATK SUPP| [IS] Undying Friendship: ...")
    costed = entry("Shanna", "Costed", [("B02-061N", 2)],
                   support_skill="|ATK SUPP| Pegasus Messenger [Flip 1 Bond face-down] You may pay the cost "
                                 "and if you do: Choose ...")
    text = skeleton([tagged, costed], "B02")
    assert '  # support "Undying Friendship" attack: to write' in text
    assert '  # support "Pegasus Messenger" attack: to write' in text


def test_a_keyword_printed_between_bars_before_a_skills_name_is_a_tag_not_the_name():
    """Some Series 13 entries print "|FS| Name |ACT| ..." (the keyword between bars, not brackets)."""
    from tools.pack_facts import skill_heads
    card = entry("Florina", "Bars", [("B13-006HN", 13)],
                 skills="|FS| Three-Winged Triangle Attack |ACT|  [Tap ...] Until ...\nJavelin |ACT| [Flip ...]\n"
                        "|CCS| Staunchflash Sol Katti |CONT| This unit ...")
    assert skill_heads(card) == [("act", "Three-Winged Triangle Attack"), ("act", "Javelin"),
                                 ("cont", "Staunchflash Sol Katti")]


def test_a_keyword_tag_printed_between_bars_before_a_skill_name_is_not_its_kind():
    # B14-010R's entry reads "|CCS| Skillful Lancework |CONT| ...": the skill is the CONT one.
    barred = entry("Cordelia", "Barred", [("B14-010R", 14)],
                   skills="|CCS| Skillful Lancework |CONT| During your turn, ...\nWings |AUTO| At the end ...")
    text = skeleton([barred], "B14")
    assert '  # cont "Skillful Lancework": to write' in text
    assert '  # auto "Wings": to write' in text


def test_a_card_the_list_has_twice_carries_both_entries_codes():
    """P21-001PR and B22-014N are two entries of one card (the same name, facts and texts): the pack's
    card lists both codes; an entry of the same name with other texts is another card."""
    first = entry("Marth", "Twice", [("P21-001PR", 21)], skills="Fate |CONT| ...")
    again = entry("Marth", "Twice", [("B22-014N", 22)], skills="Fate |CONT| ...")
    other = entry("Marth", "Twice", [("B22-099N", 22)], skills="Another |CONT| ...")
    text = skeleton([first], "P21").replace('  # cont "Fate": to write', '  cont "Fate"\n    this unit gains +10 attack')
    both = text.replace("  codes P21-001PR", "  codes P21-001PR, B22-014N")
    assert not check_pack(compile_text(both, "p21.fe0"), [first, again, other])
    assert any("(the list: ['B22-014N', 'P21-001PR'])" in p
               for p in check_pack(compile_text(text, "p21.fe0"), [first, again, other]))
    three = text.replace("  codes P21-001PR", "  codes P21-001PR, B22-014N, B22-099N")
    assert any("codes" in p for p in check_pack(compile_text(three, "p21.fe0"), [first, again, other]))


def test_a_bar_mistyped_as_a_brace_before_the_kind_is_read_as_the_bar():
    # B22-092R's entry reads "Vengeful Magic Lance }AUTO| [Send 1 card ...] When ...".
    from tools.pack_facts import skill_heads
    card = entry("Dimitri", "Brace", [("B22-092R", 22)],
                 skills="Wave Attack |ACT| [Once Per Turn] ...\nVengeful Magic Lance }AUTO| [Send 1 card ...] When ...")
    assert skill_heads(card) == [("act", "Wave Attack"), ("auto", "Vengeful Magic Lance")]
