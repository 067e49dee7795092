"""The parse boundary: Lark's parser is built once, its exceptions are translated
here into :class:`~fecipher.dsl.errors.LanguageError`, and the tree becomes the
typed AST of :mod:`fecipher.dsl.ast`."""
from __future__ import annotations

import functools
import importlib.resources
import re

import attrs

from lark import Lark, Token, Transformer, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, v_args

from fecipher.dsl import ast as A
from fecipher.dsl.errors import Diagnostic, LanguageError, suggest
from fecipher.dsl.lalr import FastParser, ParseFailure


@functools.lru_cache(maxsize=None)
def grammar_text(name: str) -> str:
    return importlib.resources.files("fecipher.grammar").joinpath(name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def parser(name: str = "pack.lark", start: str = "start", strict: bool = False) -> Lark:
    """The LALR parser with the basic lexer, built once per process.

    The grammar is proven conflict-free and collision-free under Lark's strict mode by
    tests/test_20_parse.py; strict mode only adds those checks (about a second), so
    at run time the same tables are built without them and cached by Lark."""
    return Lark(grammar_text(name), parser="lalr", lexer="basic", strict=strict,
                propagate_positions=True, maybe_placeholders=False, start=start, cache=not strict)


# Card-author words for the grammar's terminals.
_TERMINAL_WORDS = {
    "_NL": "the end of the line", "STRING": 'a quoted name such as "Marth"', "INT": "a number",
    "SIGNED_INT": "a signed number such as +10", "WORD": "a word", "CODE": "a card code such as B01-001SR",
    "RANGE": "a range such as 1-2", "$END": "the end of the file", "COMMA": "','",
    "LSQB": "'['", "RSQB": "']'", "NON": "'non-'", "CLASS_CHANGED": "'class-changed'",
}


def describe_expected(p: Lark, expected, terminal_words: dict[str, str] | None = None
                      ) -> tuple[list[str], list[str]]:
    """(readable list, keyword strings) for a set of terminal names, in an author's
    words (``terminal_words`` names the grammar's regex terminals)."""
    table = _TERMINAL_WORDS if terminal_words is None else terminal_words
    words, keywords = [], []
    for name in sorted(set(expected)):
        if name in table:
            words.append(table[name])
            continue
        try:
            t = p.get_terminal(name)
        except KeyError:
            words.append(name.lower())
            continue
        if t.pattern.type == "str":
            keywords.append(t.pattern.value)
            words.append(f"'{t.pattern.value}'")
        else:
            words.append(name.lower())
    return words, keywords


def translate(e: UnexpectedInput, text: str, filename: str, p: Lark, line_offset: int = 0) -> Diagnostic:
    lines = text.splitlines()
    line = getattr(e, "line", 0) or 0
    col = getattr(e, "column", 0) or 0
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        msg = f"unexpected character {ch!r}"
        if ch == '"':
            msg = "unclosed quoted name: a name in quotes must end on the same line"
    elif isinstance(e, UnexpectedEOF):
        words, _ = describe_expected(p, set(e.expected))
        msg = "the file ends too early; expected " + ", ".join(words[:8])
        line = len(lines)
        src = lines[-1] if lines else ""
        col = len(src) + 1
    elif isinstance(e, UnexpectedToken):
        tok = e.token
        words, keywords = describe_expected(p, set(e.expected))
        first = _first_word_hint(src, p)
        if first is not None:
            return Diagnostic(filename, line + line_offset, first[0], first[1], src)
        got = "the end of the line" if tok.type == "_NL" else ("the end of the file" if tok.type == "$END" else repr(str(tok)))
        hint = ""
        if tok.type not in ("_NL", "$END"):
            hint = suggest(str(tok), keywords)
        if hint:
            msg = f"unknown word {got}{hint}"
        elif tok.type == "SIGNED_INT" and str(tok).startswith("-") and "INT" in e.expected:
            msg = f"unexpected {got}: a negative number is not allowed here"
        elif tok.type == "_NL" and src.strip() == "cost":
            msg = "a 'cost' line lists what is paid, e.g. 'cost tap this, flip 1 bond'"
        else:
            shown = ", ".join(words[:10]) + (" ..." if len(words) > 10 else "")
            msg = f"unexpected {got}; expected {shown}"
        if tok.type == "$END":
            line = len(lines)
    else:  # pragma: no cover
        msg = str(e)
    return Diagnostic(filename, line + line_offset, col, msg, src)


_LINE_STARTERS = ("card", "codes", "cost", "class", "symbol", "symbols", "gender", "weapon", "types", "range",
                  "attack", "support", "act", "auto", "cont", "spec", "bond", "hand", "granted", "once", "when",
                  "each", "at", "if", "during", "you", "pack")


def _first_word_hint(src: str, p: Lark) -> tuple[int, str] | None:
    """A misspelt word at the start of a line ('cots tap this'): name it and suggest."""
    stripped = src.lstrip()
    m = re.match(r"[A-Za-z][A-Za-z']*", stripped)
    if not m:
        return None
    word = m.group(0).lower()
    from fecipher.dsl import costs as _c, effects as _e  # noqa: F401  (fill the registries)
    from fecipher.dsl.registry import COSTS, EFFECTS
    known = set(_LINE_STARTERS) | set(EFFECTS) | set(COSTS)
    if word in known:
        return None
    hint = suggest(word, known)
    if not hint:
        return None
    return len(src) - len(stripped) + 1, f"unknown word '{word}'{hint}"


def _pos(meta_or_tok) -> A.Pos:
    if type(meta_or_tok) is A.Pos:
        return meta_or_tok
    return A.Pos(getattr(meta_or_tok, "line", 0) or 0, getattr(meta_or_tok, "column", 0) or 0)


def _s(tok: Token) -> str:
    """A quoted name without its quotes; \\" stands for a quote inside it."""
    v = str(tok)
    if v.startswith('"'):
        return re.sub(r'\\(.)', r'\1', v[1:-1]) if "\\" in v else v[1:-1]
    return v


_DURATIONS = {
    "turn": "end_of_turn", "combat": "end_of_combat", "next": "end_of_opponents_next_turn",
}


@v_args(meta=True)
class ToAst(Transformer):
    """Lark tree to :mod:`fecipher.dsl.ast` nodes."""

    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename

    # ---- pack and card
    def start(self, meta, items):
        name = None
        cards = []
        for it in items:
            if isinstance(it, tuple) and it[0] == "header":
                name = it[1]
            elif isinstance(it, A.CardNode):
                cards.append(it)
        return A.PackNode(name, tuple(cards), self.filename)

    def header(self, meta, items):
        return ("header", _s(items[0]))

    def card(self, meta, items):
        name = _s(items[0])
        facts = tuple(i for i in items[1:] if isinstance(i, A.Fact))
        skills = tuple(i for i in items[1:] if isinstance(i, A.SkillNode))
        return A.CardNode(name, facts, skills, _pos(meta))

    def codes_fact(self, meta, items):
        return A.Fact("codes", tuple(str(t) for t in items), _pos(meta))

    def cost_fact(self, meta, items):
        return A.Fact("cost", int(items[0]), _pos(meta))

    def cc_fact(self, meta, items):
        return A.Fact("class_change_cost", int(items[0]), _pos(meta))

    def symbols_fact(self, meta, items):
        return A.Fact("symbols", items[0] if items else (), _pos(meta))

    def word_list(self, meta, items):
        return tuple((str(t).lower(), _pos(t)) for t in items)

    def gender_fact(self, meta, items):
        return A.Fact("gender", (str(items[0]).lower(), _pos(items[0])), _pos(meta))

    def weapon_fact(self, meta, items):
        return A.Fact("weapon", (str(items[0]).lower(), _pos(items[0])) if items else ("none", _pos(meta)), _pos(meta))

    def types_fact(self, meta, items):
        return A.Fact("types", items[0], _pos(meta))

    def class_fact(self, meta, items):
        return A.Fact("class", _s(items[0]), _pos(meta))

    def range_fact(self, meta, items):
        return A.Fact("range", items[0] if items else (), _pos(meta))

    def range_spec(self, meta, items):
        t = str(items[0])
        if "-" in t:
            a, b = (int(x) for x in t.split("-"))
            return tuple(range(a, b + 1)) if a <= b else (a, b)
        return (int(t),)

    def attack_fact(self, meta, items):
        return A.Fact("attack", int(items[0]), _pos(meta))

    def support_fact(self, meta, items):
        return A.Fact("support", int(items[0]), _pos(meta))

    # ---- skills
    def skill(self, meta, items):
        head = items[0]
        limits, costs, triggers, conditions, statements = [], [], [], [], []
        optional = False
        for c in items[1:]:
            tag = c[0] if isinstance(c, tuple) else None
            if tag == "limit":
                limits.append((c[1], c[2]))
            elif tag == "cost":
                costs.extend(c[1])
            elif tag == "trigger":
                triggers.append(c[1])
            elif tag == "condition":
                conditions.append(c[1])
            elif tag == "may":
                optional = True
            else:
                statements.append(c)
        return A.SkillNode(head["kind"], head["name"], head.get("role"), head.get("granted", False),
                           head["keywords"], tuple(limits), tuple(costs), tuple(triggers), tuple(conditions),
                           optional, tuple(statements), head["pos"])

    def unit_skill_head(self, meta, items):
        granted = False
        if isinstance(items[0], str) and items[0] == "granted":
            granted = True
            items = items[1:]
        kind, name = items[0], _s(items[1])
        return {"kind": kind, "name": name, "granted": granted, "keywords": tuple(items[2:]), "pos": _pos(meta)}

    def support_skill_head(self, meta, items):
        return {"kind": "support", "name": _s(items[0]), "role": items[1], "keywords": tuple(items[2:]),
                "pos": _pos(meta)}

    def granted(self, meta, items):
        return "granted"

    def kind(self, meta, items):
        return str(items[0])

    def kind_bond(self, meta, items):
        return "bond"

    def role_both(self, meta, items):
        return "both"

    def role_attack(self, meta, items):
        return "attack"

    def role_defence(self, meta, items):
        return "defence"

    def keyword_tag(self, meta, items):
        return A.Keyword(str(items[0]), int(items[1]) if len(items) > 1 else None, _pos(meta))

    def limit_clause(self, meta, items):
        return ("limit", str(items[0]).lower(), _pos(items[0]))

    def cost_clause(self, meta, items):
        return ("cost", tuple(items))

    def cost_item(self, meta, items):
        return self._action(meta, items, False)

    def trigger_clause(self, meta, items):
        return ("trigger", items[0])

    def condition_clause(self, meta, items):
        return ("condition", items[0])

    def during_clause(self, meta, items):
        return ("condition", A.Condition("during", owner=items[0], pos=_pos(meta)))

    def may_clause(self, meta, items):
        return ("may",)

    # ---- statements
    def _action(self, meta, items, optional):
        verb = items[0]
        number = None
        target = None
        preps = []
        for it in items[1:]:
            if isinstance(it, tuple) and it[0] == "number":
                number = it[1]
            elif isinstance(it, A.Prep):
                preps.append(it)
            else:
                target = it
        return A.Action(str(verb).lower(), number, target, tuple(preps), optional, _pos(meta), _pos(verb))

    def action(self, meta, items):
        return self._action(meta, items, False)

    def may_statement(self, meta, items):
        a = items[0]
        return A.Action(a.verb, a.number, a.target, a.preps, True, _pos(meta), a.verb_pos)

    def number_arg(self, meta, items):
        return ("number", int(items[0]))

    def to_arg(self, meta, items):
        return A.Prep("to", items[0], _pos(meta))

    def tapped_arg(self, meta, items):
        return A.Prep("tapped", None, _pos(meta))

    def main_character_arg(self, meta, items):
        return A.Prep("main_character", None, _pos(meta))

    def under_arg(self, meta, items):
        return A.Prep("under", None, _pos(meta), items[0])

    def onto_arg(self, meta, items):
        return A.Prep("onto", None, _pos(meta), items[0])

    def modification(self, meta, items):
        subjects = items[0]
        changes = tuple(i for i in items[1:] if isinstance(i, A.Change))
        dur = next((i for i in items[1:] if isinstance(i, A.Duration)), None)
        wh = next((i[1] for i in items[1:] if isinstance(i, tuple) and i[0] == "while"), None)
        return A.Modification(subjects, changes, dur, _pos(meta), wh)

    # ---- added for Series 1
    def while_clause(self, meta, items):
        return ("while", items[0])

    def guarded(self, meta, items):
        return A.Guarded(items[0], items[1], _pos(meta))

    def redirect(self, meta, items):
        return A.Redirect(items[0], items[1] if len(items) > 1 else None, _pos(meta))

    def copy_statement(self, meta, items):
        subjects, source = items[0], items[1]
        keeps: tuple = ()
        dur = None
        for it in items[2:]:
            if isinstance(it, A.Duration):
                dur = it
            elif isinstance(it, tuple):
                keeps = it
        return A.Copy(subjects, source, keeps, dur, _pos(meta))

    def copy_keep(self, meta, items):
        return tuple(items)

    def copy_kept(self, meta, items):
        return "name" if "name" in [str(t) for t in items] else "attack"

    def _replace(self, meta, items, optional):
        action, place = items[0], items[1]
        cause = items[2] if len(items) > 2 else None
        return A.Replace(action, place, cause, optional, _pos(meta))

    def replacement(self, meta, items):
        return self._replace(meta, items, False)

    def may_replacement(self, meta, items):
        return self._replace(meta, items, True)

    def replace_cause(self, meta, items):
        return "destroyed_in_battle" if "battle" in [str(t) for t in items] else "destroyed"

    def card_rule(self, meta, items):
        kind, cond = items[1]
        return A.CardRule(items[0], kind, cond, _pos(meta))

    def rule_deploy_if(self, meta, items):
        return ("deploy_if", items[0])

    def rule_share_name(self, meta, items):
        return ("share_name", None)

    def rule_any_copies(self, meta, items):
        return ("any_copies", None)

    def support_succeed(self, meta, items):
        return A.SupportFail(items[0], items[1], _pos(meta), True)

    def actor_statement(self, meta, items):
        actor, a = items[0], items[1]
        verb = a.verb
        if verb.endswith("s") and len(verb) > 3:  # "your opponent sends ..." -> send
            verb = verb[:-1]
        return A.ActorStatement(actor, A.Action(verb, a.number, a.target, a.preps, a.optional, a.pos, a.verb_pos),
                                _pos(meta))

    def actor(self, meta, items):
        return "opponent" if "opponent" in [str(t) for t in items] else "each"

    def lose_skill_change(self, meta, items):
        return A.Change("lose_skill", name=_s(items[0]), pos=_pos(meta))

    def cannot_use_change(self, meta, items):
        return A.Change("cannot_use", name=_s(items[0]), pos=_pos(meta))

    def double_change(self, meta, items):
        return A.Change("double", stat=items[0], pos=_pos(meta))

    def per_destroyed(self, meta, items):
        return A.Filtered(None, (), items[0], (A.PostFilter("destroyed_here", pos=_pos(meta)),), _pos(meta))

    def skill_destroys(self, meta, items):
        return A.Trigger("skill_destroys", A.Ref("this", None, _pos(meta)), items[1], None, _pos(meta),
                         name=_s(items[0]))

    def has_stat(self, meta, items):
        return A.Condition("has_stat", subject=items[0], words=(items[1],), quantity=items[2], pos=_pos(meta))

    def did(self, meta, items):
        return A.Condition("did", pos=_pos(meta))

    def did_not(self, meta, items):
        return A.Condition("negation", inner=A.Condition("did", pos=_pos(meta)), pos=_pos(meta))

    def opponent_has_count(self, meta, items):
        return A.Condition("have_count", quantity=items[0], counted=items[1], owner="opponent", pos=_pos(meta))

    def in_combat(self, meta, items):
        return A.State("in_combat", items[0], _pos(meta))

    def ref_support_card(self, meta, items):
        return A.Ref("support_card", None, _pos(meta), of=items[0])

    def q_not_main_character(self, meta, items):
        return A.Qualifier("not_main_character", (), _pos(meta))

    def not_named(self, meta, items):
        return A.PostFilter("not_named", value=tuple(_s(t) for t in items), pos=_pos(meta))

    def different_names(self, meta, items):
        return A.PostFilter("different_names", pos=_pos(meta))

    def attacked_this_turn(self, meta, items):
        return A.PostFilter("attacked_this_turn", pos=_pos(meta))

    def same_line(self, meta, items):
        return A.PostFilter("same_line", value=items[0], pos=_pos(meta))

    def destroyed_here(self, meta, items):
        return A.PostFilter("destroyed_here", pos=_pos(meta))

    def subjects(self, meta, items):
        return tuple(items)

    def gain_change(self, meta, items):
        per = items[2] if len(items) > 2 else None
        return A.Change("gain", stat=items[1], amount=int(str(items[0])), per_each=per, pos=_pos(meta))

    def lose_change(self, meta, items):
        per = items[2] if len(items) > 2 else None
        return A.Change("gain", stat=items[1], amount=-int(str(items[0])), per_each=per, pos=_pos(meta))

    def cannot_change(self, meta, items):
        words = items[0]
        by = items[1] if len(items) > 1 else None
        return A.Change("cannot", words=words, by=by, pos=_pos(meta))

    def acquire_change(self, meta, items):
        return items[0]

    def acquire_range(self, meta, items):
        return A.Change("acquire_range", ranges=items[0], pos=_pos(meta))

    def acquire_skill(self, meta, items):
        return A.Change("acquire_skill", name=_s(items[0]), pos=_pos(meta))

    def acquire_name(self, meta, items):
        return A.Change("acquire_name", name=_s(items[0]), pos=_pos(meta))

    def acquire_type(self, meta, items):
        return A.Change("acquire_type", words=(str(items[0]).lower(),), pos=_pos(meta))

    def orbs_change(self, meta, items):
        return A.Change("orbs", amount=int(items[0]), pos=_pos(meta))

    def stat(self, meta, items):
        return str(items[0])

    def per_each(self, meta, items):
        return items[0]

    def flag_words(self, meta, items):
        return tuple(items)

    def flag_word(self, meta, items):
        return str(items[0]).lower()

    def by_phrase(self, meta, items):
        it = items[0]
        if isinstance(it, Token):
            return "skills"
        return it

    def support_fail(self, meta, items):
        return A.SupportFail(items[0], items[1], _pos(meta))

    def duration(self, meta, items):
        words = [str(t) for t in items]
        if "game" in words:
            kind = "end_of_game"
        elif "next" in words:
            kind = "end_of_opponents_next_turn" if "opponent" in words else "end_of_next_turn"
        elif "combat" in words:
            kind = "end_of_combat"
        else:
            kind = "end_of_turn"
        return A.Duration(kind, _pos(meta))

    # ---- triggers
    def trigger(self, meta, items):
        subject, ev = items[0], items[1]
        how = ev[2] if len(ev) > 2 else (None, None, None)
        return A.Trigger(ev[0], subject, ev[1], None, _pos(meta), how=how[0], how_skill=how[1],
                         how_skill_pos=how[2])

    def how_by_skill(self, meta, items):
        return ("skill", None, None)

    def how_by_named_skill(self, meta, items):
        return ("skill", _s(items[0]), _pos(items[0]))

    def how_not_by_skill(self, meta, items):
        return ("hand", None, None)

    def _ev(name):  # noqa: N805
        def f(self, meta, items):
            hows = [i for i in items if isinstance(i, tuple)]
            rest = [i for i in items if not isinstance(i, tuple)]
            out = (name, rest[0] if rest else None)
            return out + (hows[0],) if hows else out
        return f

    on_attacks = _ev("attacks")
    on_attacked = _ev("attacked")
    on_deployed = _ev("deployed")
    on_class_changes = _ev("class_changes")
    on_levels_up = _ev("levels_up")
    on_destroyed = _ev("destroyed")
    on_destroys = _ev("destroys")
    on_moves = _ev("moves")
    on_critical_hits = _ev("critical_hits")
    on_evades = _ev("evades")
    on_supported = _ev("supported")
    on_attack_ends = _ev("attack_ends")

    def turn_start(self, meta, items):
        return A.Trigger("turn_start", None, None, items[0], _pos(meta))

    def turn_end(self, meta, items):
        return A.Trigger("turn_end", None, None, items[0], _pos(meta))

    def class_change_into(self, meta, items):
        return A.Trigger("class_change_into", None, None, None, _pos(meta))

    def level_up_into(self, meta, items):
        return A.Trigger("level_up_into", None, None, None, _pos(meta))

    # ---- conditions
    def negation(self, meta, items):
        return A.Condition("negation", inner=items[0], pos=_pos(meta))

    def is_state(self, meta, items):
        return A.Condition("is_state", subject=items[0], state=items[1], pos=_pos(meta))

    def have_count(self, meta, items):
        return A.Condition("have_count", quantity=items[0], counted=items[1], pos=_pos(meta))

    def have_reference(self, meta, items):
        return A.Condition("have_reference", subject=items[0], pos=_pos(meta))

    def compare_with_opponent(self, meta, items):
        comp = items[0]
        what = str(items[1]) if not isinstance(items[1], Tree) else items[1]
        place = items[2] if len(items) > 2 else None
        return A.Condition("compare_with_opponent", words=(comp, what if isinstance(what, str) else str(what)),
                           state=place, pos=_pos(meta))

    def comparative(self, meta, items):
        return str(items[0])

    def used_skill(self, meta, items):
        times = int(items[2]) if len(items) > 2 else 1
        return A.Condition("used_skill", subject=items[0], name=_s(items[1]), quantity=("at_least", times),
                           pos=_pos(meta))

    def has_unit_name(self, meta, items):
        return A.State("unit_name", _s(items[0]), _pos(meta))

    def attacking(self, meta, items):
        return A.State("attacking", items[0] if items else None, _pos(meta))

    def attacked(self, meta, items):
        return A.State("attacked", items[0] if items else None, _pos(meta))

    def supported_by(self, meta, items):
        return A.State("supported_by", items[0], _pos(meta))

    def in_line(self, meta, items):
        return A.State("in_line", items[0], _pos(meta))

    def class_changed(self, meta, items):
        return A.State("class_changed", None, _pos(meta))

    def is_tapped(self, meta, items):
        return A.State("tapped", None, _pos(meta))

    def is_untapped(self, meta, items):
        return A.State("untapped", None, _pos(meta))

    def is_main_character(self, meta, items):
        return A.State("main_character", None, _pos(meta))

    def has_quality(self, meta, items):
        return A.State("quality", (str(items[0]).lower(), _pos(items[0])), _pos(meta))

    def not_state(self, meta, items):
        return A.State("not", items[0], _pos(meta))

    def quantity(self, meta, items):
        words = [str(t) for t in items]
        if "odd" in words or "even" in words:
            return ("odd" if "odd" in words else "even", 0)
        if words[0] == "no":
            return ("at_most", 0)
        if words[0] in ("a", "an", "any"):
            return ("at_least", 1)
        n = int(words[0])
        if len(words) == 1:
            return ("exactly", n)
        return ("at_least", n) if words[-1] == "more" else ("at_most", n)

    def counted(self, meta, items):
        quals = tuple(i for i in items if isinstance(i, A.Qualifier))
        noun = next(i for i in items if isinstance(i, str))
        posts = tuple(i for i in items if isinstance(i, A.PostFilter))
        return A.Filtered(None, quals, noun, posts, _pos(meta))

    # ---- selectors
    def _ref(kind):  # noqa: N805
        def f(self, meta, items):
            name = _s(items[0]) if items and isinstance(items[0], Token) and str(items[0]).startswith('"') else None
            return A.Ref(kind, name, _pos(meta))
        return f

    ref_this = _ref("this")
    ref_this_card = _ref("this_card")
    ref_chosen = _ref("chosen")
    ref_event_unit = _ref("event_unit")
    ref_event_card = _ref("event_card")
    ref_main_character = _ref("main_character")
    ref_attacker = _ref("attacker")
    ref_defender = _ref("defender")
    ref_own_attacker = _ref("own_attacker")
    ref_own_defender = _ref("own_defender")
    ref_own_battler = _ref("own_battler")

    def ref_deck_top(self, meta, items):
        # "the top card of your deck" / "... of your opponent's deck": the owner is kept in
        # name and the area's words in names (the checker wants a deck).
        place = items[0]
        return A.Ref("deck_top", place.owner, _pos(meta), names=tuple(place.words))

    def ref_named(self, meta, items):
        names = tuple(_s(t) for t in items)
        return A.Ref("named", names[0], _pos(meta), names=names if len(names) > 1 else ())

    def filtered(self, meta, items):
        quant = items[0] if items and isinstance(items[0], A.Quantifier) else None
        quals = tuple(i for i in items if isinstance(i, A.Qualifier))
        noun = next(i for i in items if isinstance(i, str))
        posts = tuple(i for i in items if isinstance(i, A.PostFilter))
        return A.Filtered(quant, quals, noun, posts, _pos(meta))

    def noun(self, meta, items):
        return str(items[0])

    def _q(kind):  # noqa: N805
        def f(self, meta, items):
            n = int(items[0]) if items else None
            return A.Quantifier(kind, n, _pos(meta))
        return f

    q_exactly = _q("exactly")
    q_up_to = _q("up_to")
    q_any_number = _q("any_number")
    q_all = _q("all")
    q_one = _q("one")
    q_another = _q("another")

    def q_words(self, meta, items):
        return A.Qualifier("words", tuple(str(t).lower() for t in items), _pos(meta))

    def q_not_word(self, meta, items):
        return A.Qualifier("not_word", (str(items[1]).lower(),), _pos(meta))

    def q_not_name(self, meta, items):
        return A.Qualifier("not_name", (_s(items[1]),), _pos(meta))

    def q_name(self, meta, items):
        return A.Qualifier("name", tuple(_s(t) for t in items), _pos(meta))

    def q_other(self, meta, items):
        return A.Qualifier("other", (), _pos(meta))

    def q_class_changed(self, meta, items):
        return A.Qualifier("class_changed", (), _pos(meta))

    def q_tapped(self, meta, items):
        return A.Qualifier("tapped", (), _pos(meta))

    def q_untapped(self, meta, items):
        return A.Qualifier("untapped", (), _pos(meta))

    def with_stat(self, meta, items):
        stat = items[0]
        op, value = items[1]
        return A.PostFilter("with_stat", stat=stat, op=op, value=value, pos=_pos(meta))

    def number_stat(self, meta, items):
        return str(items[0])

    def comparison(self, meta, items):
        words = [str(t) for t in items]
        n = int(words[0])
        if len(words) == 1:
            return ("eq", n)
        return ("le", n) if words[-1] in ("less", "lower") else ("ge", n)

    def in_line_filter(self, meta, items):
        return A.PostFilter("in_line", value=items[0], pos=_pos(meta))

    def line(self, meta, items):
        return str(items[0])

    def from_place(self, meta, items):
        return A.PostFilter("from_place", value=items[0], pos=_pos(meta))

    def other_than(self, meta, items):
        return A.PostFilter("other_than", value=tuple(items), pos=_pos(meta))

    def named(self, meta, items):
        names = tuple(_s(t) for t in items)
        return A.PostFilter("named", value=names[0] if len(names) == 1 else names, pos=_pos(meta))

    def place(self, meta, items):
        owner = items[0] if not isinstance(items[0], Token) else "the"
        words = tuple(str(t).lower() for t in items[1:])
        return A.Place(owner, words, _pos(meta))

    def owner(self, meta, items):
        return _OWNERS.get(" ".join(str(t) for t in items), "your")


_OWNERS = {"your": "your", "your opponent's": "opponent", "the opponent's": "opponent",
           "each player's": "each", "its owner's": "owner", "their": "their"}


MAX_SYNTAX_ERRORS = 25


@functools.lru_cache(maxsize=None)
def fast_parser() -> FastParser | None:
    """The same grammar's LALR tables, driven by :mod:`fecipher.dsl.lalr` straight into
    the AST (the filename is set afterwards: ToAst's methods do not depend on it).

    It reads Lark's tables and terminals, which are not Lark's public API: with a Lark
    whose insides differ, packs are parsed by Lark alone (slower, same result)."""
    try:
        return FastParser(parser(), ToAst("<pack>"))
    except (AttributeError, KeyError, TypeError):  # pragma: no cover  (another Lark)
        return None


def parse_pack_recovering(text: str, filename: str = "<pack>", line_offset: int = 0, blanked: set | None = None
                          ) -> tuple[A.PackNode | None, list[Diagnostic]]:
    """Parse pack text; on a syntax error, report it, blank that line and parse again,
    so that one run reports the syntax errors of every line (up to a limit).

    Text that parses goes through the fast parser alone; text with a syntax error is
    parsed again by Lark, whose exceptions carry what the messages say."""
    if not text.endswith("\n"):
        text += "\n"
    fast = fast_parser()
    if fast is not None:
        try:
            node = fast.parse(text)
        except ParseFailure:
            pass
        else:
            return attrs.evolve(node, filename=filename), []
    p = parser()
    diags: list[Diagnostic] = []
    lines = text.split("\n")
    original = text.splitlines()
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = p.parse("\n".join(lines))
        except UnexpectedInput as e:
            d = translate(e, "\n".join(original) + "\n", filename, p, line_offset)
            diags.append(d)
            bad = (getattr(e, "line", 0) or len(lines)) - 1
            if not 0 <= bad < len(lines) or lines[bad].startswith("#") or isinstance(e, UnexpectedEOF):
                return None, diags
            header = lines[bad].lstrip().startswith("card")
            lines[bad] = "#"
            if blanked is not None:
                blanked.add(bad + 1)
            if header:  # the card's facts and skills cannot stand without it
                j = bad + 1
                while j < len(lines) and not lines[j].lstrip().startswith("card"):
                    if lines[j].strip():
                        lines[j] = "#"
                    j += 1
            continue
        return ToAst(filename).transform(tree), diags
    return None, diags


def parse_pack(text: str, filename: str = "<pack>", line_offset: int = 0) -> A.PackNode:
    """Parse pack text into its AST; syntax errors raise LanguageError with positions."""
    node, diags = parse_pack_recovering(text, filename, line_offset)
    if diags or node is None:
        raise LanguageError(diags)
    return node
