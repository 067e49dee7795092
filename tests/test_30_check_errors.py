"""Stage 3: errors a card author meets, with their exact message and position."""
import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.dsl.packs import compile_text

BASE = '''card "Marth, Test Prince"
  codes T01-001
  cost 1
  class change cost 2
  symbol red
  attack 40
  support 20
'''


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(LanguageError) as exc:
        compile_text(text, "t.fe0")
    return [(d.line, d.column, d.message) for d in exc.value.diagnostics]


def skill(body: str) -> str:
    return BASE + '  act "Test Skill"\n' + "".join(f"    {line}\n" for line in body.strip().splitlines())


def test_misspelt_effect_suggests_the_nearest_word():
    assert errors(skill("drwa 1")) == [(9, 5, "unknown effect 'drwa': did you mean 'draw'?")]


def test_misspelt_clause_keyword_at_the_start_of_a_line():
    assert errors(skill("cots tap this\ndraw 1")) == [(9, 5, "unknown word 'cots': did you mean 'cost'?")]


def test_missing_cost_after_cost():
    assert errors(skill("cost\ndraw 1")) == [
        (9, 9, "a 'cost' line lists what is paid, e.g. 'cost tap this, flip 1 bond'")]


def test_wrong_type_a_number_where_a_unit_goes():
    assert errors(skill("draw it")) == [(9, 5, "'draw' takes a number, not what was chosen")]
    assert errors(skill("move 2")) == [(9, 5, "'move' takes units or what was chosen, not a number")]


def test_unclosed_quoted_name():
    assert errors('card "Marth, Test Prince\n  codes T01-001\n') == [
        (1, 6, "unclosed quoted name: a name in quotes must end on the same line")]


def test_unknown_unit_name_in_a_filter():
    assert errors(skill('cost tap 1 "Abell" ally\ndraw 1')) == [
        (9, 16, "unknown unit name \"Abell\": did you mean 'Abel'?")]


def test_unknown_skill_name_in_a_skill_that_names_another_skill():
    text = BASE + ('  cont "Test Skill"\n    all enemies lose "Anti-Flyers"\n'
                   '  auto "Test Trigger"\n    when an ally is deployed by "Aumm"\n    draw 1\n')
    assert errors(text) == [
        (9, 17, "unknown skill name \"Anti-Flyers\": did you mean 'Anti-Fliers'?"),
        (11, 33, "unknown skill name \"Aumm\": did you mean 'Aum'?"),
    ]


def test_a_skill_name_of_this_pack_is_known():
    text = BASE + ('  cont "Test Skill"\n    all enemies lose "Home-Made Skill"\n'
                   + BASE.replace("Test Prince", "Other Prince").replace("T01-001", "T01-002")
                   + '  cont "Home-Made Skill"\n    this unit gains +10 attack\n')
    assert compile_text(text, "t.fe0")


def test_unknown_symbol_and_quality_words():
    text = BASE.replace("symbol red", "symbol rde") + '  cont "X"\n    if this unit is attacking a fliar unit\n' \
                                                     '    this unit gains +10 attack\n'
    assert errors(text) == [
        (5, 10, "unknown symbol 'rde': did you mean 'red'?"),
        (9, 33, "unknown quality 'fliar' (a symbol, gender, weapon or type): did you mean 'flier'?"),
    ]


def test_impossible_values():
    text = BASE.replace("attack 40", "attack 45\n  range 4")
    assert errors(text) == [(6, 3, "attack 45 is not a multiple of 10"), (7, 3, "range 4 is outside 1-3")]
    assert errors(BASE.replace("cost 1", "cost -1")) == [
        (3, 8, "unexpected '-1': a negative number is not allowed here")]


def test_every_mistake_of_a_file_is_reported_in_one_run_sorted_by_position():
    text = skill("drwa 1\nmove 1 ally allyy\ndraw it") + '  cont "Y"\n    draw 1\n'
    got = errors(text)
    assert [(line, col) for line, col, _ in got] == [(9, 5), (10, 17), (11, 5), (13, 5)]
    assert got[3][2].startswith("a CONT skill states what holds")


def test_a_change_outside_a_cont_skill_needs_a_duration():
    assert errors(skill("this unit gains +10 attack")) == [(9, 5, (
        "this change needs a duration: 'until the end of the turn', 'until the end of the combat' or "
        "'until the end of your opponent's next turn'"))]


def test_keyword_checks():
    text = BASE.replace("  class change cost 2\n", "") + '  act "X" [CCS]\n    draw 1\n  act "Y" [LvS 1]\n    draw 1\n' \
                                                            '  act "Z" [XYZ]\n    draw 1\n'
    assert errors(text) == [
        (7, 11, "[CCS] is only active while class changed, but this card has no class-change cost"),
        (9, 11, "[LvS N] needs a stack size N of 2 or more, e.g. [LvS 3]"),
        (11, 11, "unknown keyword [XYZ]: the keywords are [AS], [BS], [CCS], [CF], [CP], [DB], [DV], [FS], [HS], "
                 "[IS], [LIS], [LvS], [TS], [US]"),
    ]


def test_granted_skill_must_exist_and_used_skill_must_be_on_the_card():
    text = skill('this unit acquires "Anti-Flier" until the end of the turn') + \
        '  granted cont "Anti-Fliers"\n    if this unit is attacking a flier unit\n    this unit gains +30 attack\n' \
        '  auto "W"\n    when this unit attacks\n    if this unit has used "Excalibr" this turn\n    draw 1\n'
    got = errors(text)
    assert got[0][2].startswith('no granted skill "Anti-Flier" on this card: did you mean \'Anti-Fliers\'?')
    assert got[1][2] == 'this card has no skill "Excalibr"'



def test_duplicate_card_codes_across_packs(tmp_path):
    from fecipher.dsl.packs import load_packs
    (tmp_path / "a.fe0").write_text(BASE)
    (tmp_path / "b.fe0").write_text(BASE.replace("Test Prince", "Other Title"))
    with pytest.raises(LanguageError) as exc:
        load_packs([tmp_path])
    assert "card code T01-001 is already used by \"Marth, Test Prince\"" in str(exc.value)


def test_cli_check_exit_codes(tmp_path, capsys):
    from fecipher.play.cli import main
    good = tmp_path / "good.fe0"
    good.write_text(BASE)
    bad = tmp_path / "bad.fe0"
    bad.write_text(skill("drwa 1"))
    assert main(["check", str(good)]) == 0
    assert main(["check", str(bad)]) == 1
    assert "bad.fe0:9:5: error: unknown effect 'drwa'" in capsys.readouterr().err
    assert main(["check", str(tmp_path / "missing.fe0")]) == 2


def test_a_verb_missing_its_destination_says_what_it_needs():
    assert errors(skill("make this unit")) == [
        (9, 5, "'make' needs a destination, e.g. 'make this unit your main character'")]


@pytest.mark.parametrize("kind, body, message", [
    ("cont", "this unit acquires all [CF] skills of other allies",
     "'acquires all [CF] skills of other allies': only [DB] skills are shared so (Resonance of Dragon's Blood)"),
    ("act", "this unit acquires all [DB] skills of other allies until the end of the turn",
     "'acquires all [DB] skills of other allies' is a CONT skill's line"),
    ("cont", "during your turn\n    this unit acquires all [DB] skills of other allies",
     "'this unit acquires all [DB] skills of other allies' is the whole of its CONT skill: no condition, "
     "no other line, no other subject"),
    ("cont", "all allies acquire all [DB] skills of other allies",
     "'this unit acquires all [DB] skills of other allies' is the whole of its CONT skill: no condition, "
     "no other line, no other subject"),
])
def test_resonance_of_dragon_blood_is_a_whole_cont_skill(kind, body, message):
    text = BASE + f'  {kind} "Resonance"\n' + "".join(f"    {line.strip()}\n" for line in body.splitlines())
    assert message in [m for _, _, m in errors(text)]


def test_by_skills_of_goes_with_cannot_be_destroyed():
    text = BASE + '  cont "Ward"\n    this unit cannot be moved by skills of tome enemies\n'
    assert "'by skills of ...' goes with 'cannot be destroyed'" in [m for _, _, m in errors(text)]


def test_by_an_enemys_skill_or_support_skill_only_on_triggers_that_know_the_acting_skill():
    """"By an enemy's skill or your opponent's support skill" (B14-067N) is accepted where the
    acting skill is known (a card sent to an area, tapped, moved ...) and refused elsewhere."""
    ok = BASE + ('  auto "Pity"\n    when a card from your hand is sent to your retreat area by an enemy\'s skill or '
                 'your opponent\'s support skill\n    draw 1\n')
    assert [c.title for c in compile_text(ok, "t.fe0")] == ["Test Prince"]
    bad = BASE + ('  auto "Pity"\n    when an ally is deployed by an enemy\'s skill or your opponent\'s support skill\n'
                  '    draw 1\n')
    assert ["'by an ally's (enemy's) skill or your (opponent's) support skill'" in m and "is not supported here" in m
            for _, _, m in errors(bad)] == [True]
