"""Stage 2: parsing packs into the typed AST."""
from fecipher.dsl import ast as A
from fecipher.dsl.parse import parse_pack, parser

CARD = '''pack "T01"

# a comment line
card "Marth, Test Prince"   # and a comment after a line
  codes T01-001, T01-001+
  cost 1
  class change cost 2
  symbols red, blue
  gender male
  weapon sword
  types flier, beast
  class "Lord"
  range 1-2
  attack 40
  support 20

  act "Young Hero" [CCS]
    once per turn
    cost tap this, tap 1 other ally
    if this unit is in the front line
    choose 1 enemy
    move it
'''


def test_parser_is_built_once_per_process():
    assert parser() is parser()


def test_grammar_is_strict_lalr_with_the_basic_lexer():
    # Strict mode raises on any shift/reduce or reduce/reduce conflict and on
    # terminal collisions; the run-time parser uses the same tables.
    p = parser(strict=True)
    assert p.options.parser == "lalr" and p.options.lexer == "basic" and p.options.strict


def test_facts_parse_to_typed_nodes_with_positions():
    pack = parse_pack(CARD, "t.fe0")
    assert pack.name == "T01" and pack.filename == "t.fe0"
    (card,) = pack.cards
    assert card.name == "Marth, Test Prince"
    assert card.pos == A.Pos(4, 1)
    assert card.fact("codes").value == ("T01-001", "T01-001+")
    assert card.fact("class_change_cost").value == 2
    assert [w for w, _ in card.fact("symbols").value] == ["red", "blue"]
    assert card.fact("range").value == (1, 2)
    assert card.fact("range").pos.line == 13


def test_skill_clauses_land_in_their_fields():
    (card,) = parse_pack(CARD, "t.fe0").cards
    (skill,) = card.skills
    assert (skill.kind, skill.name, [k.name for k in skill.keywords]) == ("act", "Young Hero", ["CCS"])
    assert [lim for lim, _ in skill.limits] == ["turn"]
    assert [c.verb for c in skill.costs] == ["tap", "tap"]
    assert skill.costs[1].target.quantifier.n == 1
    assert skill.conditions[0].state.kind == "in_line"
    assert [s.verb for s in skill.statements] == ["choose", "move"]
    assert skill.statements[1].pos == A.Pos(22, 5)


def test_basic_lexer_does_not_split_words_into_keywords():
    # A contextual lexer would read "destroyfoo" as "destroy foo"; ours reads one word.
    pack = parse_pack(CARD.replace("    move it", "    destroyfoo it"), "t.fe0")
    assert pack.cards[0].skills[0].statements[1].verb == "destroyfoo"


def test_quoted_names_may_contain_escaped_quotes():
    text = CARD.replace('act "Young Hero"', 'act "\\"This is all part of the plan.\\""')
    assert parse_pack(text).cards[0].skills[0].name == '"This is all part of the plan."'


def test_modification_with_several_changes_and_a_duration():
    text = CARD.replace("    move it", "    this unit loses 10 attack and acquires tome and acquires range 1-2 "
                                      "until the end of your opponent's next turn")
    st = parse_pack(text).cards[0].skills[0].statements[1]
    assert isinstance(st, A.Modification)
    assert [c.kind for c in st.changes] == ["gain", "acquire_type", "acquire_range"]
    assert st.changes[0].amount == -10 and st.changes[2].ranges == (1, 2)
    assert st.duration.kind == "end_of_opponents_next_turn"


def test_fields_annotated_as_plain_values_hold_no_node():
    """The walk for references and post filters (ast.refs_and_posts) does not read the fields
    annotated as plain values (ast.PLAIN_FIELD_TYPES): in every pack of cards/ and every
    reference example, none holds a node."""
    import importlib.resources

    import attrs

    from fecipher.dsl import ast as A
    from fecipher.dsl.parse import parse_pack
    from test_22_fast_parse import example_packs

    def plain(v) -> bool:
        return all(plain(x) for x in v) if type(v) is tuple else type(v) in (str, int, bool, type(None), A.Pos)

    texts = [e.read_text(encoding="utf-8") for e in importlib.resources.files("fecipher.cards").iterdir()
             if e.name.endswith(".fe0")] + example_packs()
    checked = 0
    for text in texts:
        stack = [parse_pack(text)]
        while stack:
            x = stack.pop()
            if type(x) is tuple:
                stack.extend(x)
            elif attrs.has(type(x)) and type(x) is not A.Pos:
                for f in attrs.fields(type(x)):
                    if f.type in A.PLAIN_FIELD_TYPES:
                        assert plain(getattr(x, f.name)), (type(x).__name__, f.name, getattr(x, f.name))
                        checked += 1
                    else:
                        stack.append(getattr(x, f.name))
    assert checked > 100_000
