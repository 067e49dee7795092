"""Rendering compiled skills back into English close to the printed card.

The same renderer serves `fecipher describe`, the game log and prompts: it reads
the checked syntax tree a skill was compiled from."""
from __future__ import annotations

from fecipher.dsl import ast as A

KIND_LABEL = {"act": "ACT", "auto": "AUTO", "cont": "CONT", "spec": "SPEC", "bond": "BOND", "hand": "HAND",
              "retreat": "RETREAT", "boundless": "BOUNDLESS"}
ROLE_LABEL = {"attack": "ATK SUPP", "defence": "DEF SUPP", "both": "ATK/DEF SUPP"}

_REF = {
    "this": "this unit", "this_card": "this card", "chosen": "it", "event_unit": "that unit",
    "event_card": "that card", "main_character": "your Main Character",
    "opponent_main_character": "your opponent's Main Character", "several": "several things", "attacker": "the attacking unit",
    "defender": "the defending unit", "own_attacker": "your attacking unit", "own_defender": "your defending unit",
    "own_battler": "your battling unit", "cost_tapped": "the ally tapped for this skill's cost", "opponent_battler": "your opponent's unit in combat", "deck_top": "the top card of your deck",
    "opponent_main_character": "your opponent's Main Character", "trigger_cards": "either of those cards",
}
_PICKED = {"ally": "the chosen ally", "enemy": "the chosen enemy", "unit": "the chosen unit",
           "card": "the chosen card", "bond": "the chosen Bond", "orb": "the chosen Orb",
           "revealed": "the revealed card", "stacked": "the stacked card"}
_OWNER = {"your": "your", "opponent": "your opponent's", "each": "each player's", "owner": "its owner's", "the": "the",
          "their": "their"}
_PLACE_CAP = {"retreat": "Retreat", "area": "Area", "bond": "Bond", "orb": "Orb", "orbs": "Orbs",
              "boundless": "Boundless", "support": "Support", "deck": "Deck"}


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def place(p: A.Place) -> str:
    return f"{_OWNER.get(p.owner, p.owner)} " + " ".join(_PLACE_CAP.get(w, w) for w in p.words)


_QUANTIFIER = {"any_number": "any number of", "all": "all", "one": "a", "another": "another"}


def quantifier(q: A.Quantifier | None) -> str:
    if q is None:
        return ""
    if q.kind == "exactly":
        return str(q.n)
    if q.kind == "up_to":
        return f"up to {q.n}"
    return _QUANTIFIER[q.kind]


def qualifier(q: A.Qualifier) -> str:
    if q.kind == "words":
        return " or ".join(f"<{cap(w)}>" for w in q.values)
    if q.kind == "not_word":
        return f"non-<{cap(q.values[0])}>"
    if q.kind == "not_name":
        return " or ".join(f'non-"{v}"' for v in q.values)
    if q.kind == "name":
        return " or ".join(f'"{v}"' for v in q.values)
    if q.kind == "not_main_character":
        return "non-Main Character"
    if q.kind == "any":
        return " or ".join(qualifier(x) for x in q.values)
    return {"other": "other", "class_changed": "class-changed", "tapped": "tapped", "untapped": "untapped",
            "main_character": "Main Character", "levelled_up": "Levelled Up", "not_levelled_up": "non-Levelled Up",
            "not_class_changed": "non-Class Changed",
            "face_up": "face-up", "face_down": "face-down"}[q.kind]


def post(p: A.PostFilter) -> str:
    if p.kind == "stat_than":
        stat = {"cost": "Deployment Cost", "attack": "attack", "support": "support", "range": "range"}[p.stat]
        if p.op == "eq":
            return f"with the same {stat} as {selector(p.value)}"
        return f"with a {'lower' if p.op == 'lt' else 'higher'} {stat} than {selector(p.value)}"
    if p.kind == "stat_count":
        stat = {"cost": "Deployment Cost", "attack": "attack", "support": "support", "range": "range"}[p.stat]
        return f"whose {stat} is equal to the number of {selector(p.value)} you have"
    if p.kind == "raised_attack":
        return f"whose attack is +{p.value} or more due to the effect of skills"
    if p.kind == "with_stat":
        stat = {"cost": "a Deployment Cost", "attack": "an attack", "support": "a support", "range": "a range"}[p.stat]
        tail = {"le": " or lower", "ge": " or higher", "eq": ""}[p.op]
        return f"with {stat} of {p.value}{tail}"
    if p.kind == "in_line":
        return "in the chosen area" if p.value == "chosen" else f"in the {cap(p.value)} Line"
    if p.kind == "from_place":
        return f"from {place(p.value)}"
    if p.kind == "also_from_place":
        return f"or {place(p.value)}"
    if p.kind == "other_than":
        return "other than " + " or ".join(selector(r) for r in p.value)
    if p.kind in ("named", "not_named"):
        names = (p.value,) if isinstance(p.value, str) else tuple(p.value)
        return ("named " if p.kind == "named" else "not named ") + " or ".join(f'"{n}"' for n in names)
    if p.kind == "different_names":
        return "with different unit names"
    if p.kind == "different_stat":
        return "with different Deployment Costs"
    if p.kind == "total_stat":
        bound = {"le": " or lower", "ge": " or higher"}.get(p.op, "")
        return f"with a total {p.stat} of {p.value}{bound}"
    if p.kind == "attacked_this_turn":
        return "that has attacked this turn"
    if p.kind == "chosen_by_own_skill":
        return f"who was chosen by this unit's {quoted(p.value)} in this turn"
    if p.kind == "discarded_for":
        return ("discarded from your hand for this unit's Critical Hit" if p.value == "critical" else
                "discarded from your hand for this unit's God-Speed Evasion")
    if p.kind == "same_line":
        return f"in the same area as {selector(p.value)}"
    if p.kind == "other_line":
        return f"in a different area than {selector(p.value)}"
    if p.kind == "destroyed_here":
        return "destroyed by this skill"
    if p.kind == "sent_here":
        return f"sent to {place(p.value)} by this skill"
    if p.kind == "drawn_here":
        return "drawn by this skill"
    if p.kind == "tapped_here":
        return "tapped by this skill"
    if p.kind == "deployed_here":
        return "deployed by this skill"
    if p.kind == "levelled_this_turn":
        kinds, here = p.value
        return (" or ".join(kinds) + (f" while this unit was on the {here}" if here else "")
                + " this turn")
    if p.kind == "returned_here":
        return f"returned to {place(p.value)} by this skill"
    if p.kind == "cost_tapped_here":
        return "tapped as the cost of this skill"
    if p.kind == "cost_tapped_by_skill":
        return f'tapped as the cost of this unit\'s "{p.value}" this turn'
    if p.kind == "cost_sent_here":
        return f"sent to {place(p.value)} as the cost of this skill"
    if p.kind == "same_name":
        return f"with the same Unit Name as {selector(p.value)}"
    if p.kind == "same_color":
        return f"with the same Color as {selector(p.value)}"
    if p.kind == "no_shared_color":
        return f"which does not share a Color with any {selector(p.value)}"
    if p.kind == "same_symbol":
        return f"with the same Symbol as {selector(p.value)}"
    if p.kind == "same_weapon":
        return f"with the same weapon affinity as {selector(p.value)}"
    if p.kind == "different_name":
        return f"with a different Unit Name from {selector(p.value)}"
    if p.kind == "with_stack":
        tail = {"le": " or fewer", "ge": " or more", "eq": ""}[p.op]
        return f"with {p.value}{tail} card{'s' if p.value != 1 or tail else ''} in its stack"
    if p.kind == "in_stack":
        return f"in {possessive(p.value)} stack"
    if p.kind == "stacked_under":
        return f"stacked under {selector(p.value)}"
    if p.kind == "among":
        return f"among the {_SHOWN[0]} cards"
    if p.kind == "cc_cost":
        return "with a Class Change Cost"
    if p.kind in ("support_skill", "keyword_skill", "bond_skill", "support_x"):
        from fecipher.dsl import skill_control
        return skill_control.render_post(p)
    return p.kind


def possessive(s: A.Selector) -> str:
    text = selector(s)
    return text + "'s"


def selector(s: A.Selector | str | None) -> str:
    if s is None:
        return ""
    if isinstance(s, str):
        return s
    if isinstance(s, A.Ref):
        if s.kind == "named":
            return " or ".join(f'"{n}"' for n in (s.names or (s.name,)))
        if s.kind == "deck_top":
            whose = _OWNER.get(s.name or 'your', 'your')
            if s.count is not None and s.count != 1:
                return f"the top {s.count} cards of {whose} Deck"
            return f"the top card of {whose} Deck"
        if s.kind == "stack_top":
            return f"the topmost card of {possessive(s.of)} stack"
        if s.kind == "deck_bottom":
            return f"the bottom card of {_OWNER.get(s.name or 'your', 'your')} Deck"
        if s.kind == "rest":
            return f"the remaining {_SHOWN[0]} cards"
        if s.kind == "other_chosen":
            return f"the other {s.names[0] if s.names else 'card'}"
        if s.kind == "support_card":
            return f"the card supporting {selector(s.of)}"
        if s.kind == "cost_card":
            return "the card sent as the cost of this skill"
        if s.kind == "destroyed_card":
            return "the destroyed enemy"
        if s.kind == "revealed_by":
            name = s.name or ""
            return f"the card revealed by {quoted(name)}"
        if s.kind == "chosen" and s.names == ("them",):
            return "them"
        if s.kind == "picked":
            if s.names and s.names[0].endswith("s"):    # "the chosen allies", "the revealed cards"
                return f"the {s.name if s.name in ('revealed', 'stacked') else 'chosen'} {s.names[0]}"
            return _PICKED.get(s.name or "", "the chosen card")
        if s.kind == "bare_alternatives":
            return " or ".join(s.names)
        return _REF[s.kind]
    of_area = _of_bonds_or_orbs(s)
    if of_area is not None:
        return of_area
    if any(p.kind == "among_chosen" for p in s.posts):   # "1 of those cards"
        return f"{quantifier(s.quantifier)} of those {s.noun}"
    words = [quantifier(s.quantifier)]
    words += map(qualifier, s.qualifiers)
    words.append(s.noun)
    words += map(post, s.posts)
    out = " ".join(filter(None, words))
    if out.startswith("a "):
        out = article(out[2:]) + " " + out[2:]
    return out


def article(text: str) -> str:
    """'an' before a word heard with a vowel first ("an ally", 'an "Anna" ally', "an
    <Armored> unit"), else 'a' ("a unit", "a <Flier> unit")."""
    letters = text.lstrip('"<')
    if letters[:4].lower() == "unit" or letters[:3].lower() in ("use", "one"):
        return "a"
    return "an" if letters[:1].lower() in ("a", "e", "i", "o", "u") else "a"


def _plural(noun: str | None) -> bool:
    return bool(noun) and noun.endswith("s")


_BOND_ORB_NOUNS = {"bond": "Bond card", "bonds": "Bond cards", "orb": "Orb", "orbs": "Orbs"}


def _of_bonds_or_orbs(s: A.Filtered) -> str | None:
    """"1 of your opponent's face-up Bond cards", "1 of your Orbs": N cards of one
    player's Bond or Orb Area (as the cards say it), or None for other selectors."""
    froms = [p for p in s.posts if p.kind == "from_place"]
    if len(froms) != 1 or len(s.posts) != 1 or s.quantifier is None or s.quantifier.kind == "all":
        return None
    area = {("bonds",): "Bond cards", ("bond", "area"): "Bond cards", ("orbs",): "Orbs",
            ("orb", "area"): "Orbs"}.get(tuple(froms[0].value.words))
    if area is None or (s.noun not in ("card", "cards") and _BOND_ORB_NOUNS.get(s.noun, "")[:3] != area[:3]):
        return None
    if area == "Orbs" and s.noun in ("card", "cards"):
        return None   # ("1 card from your orbs", as the hidden-information lines have always read)
    quals = " ".join(map(qualifier, s.qualifiers))
    whose = _OWNER.get(froms[0].value.owner, froms[0].value.owner)
    if froms[0].value.owner == "each":   # one choice among both players' ("1 of each player's" reads as one each)
        whose = "your own or your opponent's"
    count = quantifier(s.quantifier)
    if count in ("a", "an"):   # "an orb from your opponent's orbs": "one of your opponent's Orbs", not "a of"
        count = "one"
    return f"{count} of {whose} {quals + ' ' if quals else ''}{area}"


def duration(d: A.Duration | None) -> str:
    if d is None:
        return ""
    return {"end_of_turn": "until the end of the turn", "end_of_combat": "until the end of this combat",
            "end_of_opponents_next_turn": "until the end of your opponent's next turn",
            "end_of_next_turn": "until the end of your next turn",
            "end_of_game": "until the end of the game",
            "while_on_field": "until removed from the field",
            "while_source_on_field": "until this unit leaves the field",
            "leaves_what": "until it leaves the field",
            "during_opponents_next_turn": "during your opponent's next turn",
            "during_next_turn": "during your next turn",
            "during_opponents_next_beginning_phase": "at the start of your opponent's next turn (its Beginning Phase)",
            "during_next_beginning_phase": "at the start of your next turn (its Beginning Phase)",
            "during_opponents_next_turn_while_source": "during your opponent's next turn, if this unit is on the "
                                                       "field",
            "during_while_what": "during your opponent's next turn while this unit is on the field"}[d.kind]


def change(c: A.Change, plural: bool) -> str:
    s = "" if plural else "s"
    if c.kind == "gain":
        if c.amount >= 0:
            out = f"{'gain' if plural else 'gains'} +{c.amount} {c.stat}"
        else:
            out = f"{'lose' if plural else 'loses'} {-c.amount} {c.stat}"
        if c.per_each is not None:
            out += f" for each {selector(c.per_each).replace(' from ', ' in ')}"
        return out
    if c.kind == "cannot":
        words = tuple(c.words)
        if words == ("be", "destroyed", "in", "battle"):
            out = "cannot be destroyed by attacks"
            return out + (f" from {selector(c.by)}" if c.by is not None else "")
        # the areas' names as cards write them ("cannot be placed in the Bond Area")
        out = "cannot " + " ".join(_PLACE_CAP.get(w, w) if i and words[i - 1] in ("the", "bond", "retreat")
                                   else w for i, w in enumerate(words))
        if c.by == "enemy_skills":
            return out + " by the cost or effect of enemy skills"
        if c.by == "critical_hits":
            return out + " by enemy Critical Hits"
        if c.by == "enemy_or_support_skills":
            return out + " by enemy skills or your opponent's Support skills"
        if c.by == "opponents_skills":
            return out + " by your opponent's skills"
        if c.by == "skill_effects":
            return out + " by the effect of skills"
        if c.by == "skills" and words[-1] == "deployed" and c.of is not None:
            return out + f" via the effects of skills of {selector(c.of)}"
        if c.by == "skills" and words[-1] in ("up", "change", "changed", "deployed"):
            return out + " by a skill's effect"
        if c.by == "skills" and c.of is not None:
            return out + f" by the cost or effect of skills of {selector(c.of)}"
        if c.by == "skills":
            return out + " by the cost or effect of skills"
        if c.by is not None:
            out += " by " + selector(c.by)
        return out
    if c.kind == "range_free":
        return f"can attack {selector(c.by)} regardless of range"
    if c.kind == "only_attack":
        return f"can only attack {selector(c.by)}"
    if c.kind == "acquire_range":
        r = c.ranges
        return f"acquire{s} range {r[0]}" + (f"-{r[-1]}" if len(r) > 1 else "")
    if c.kind == "acquire_skill":
        return f'acquire{s} the skill "{c.name}"'
    if c.kind == "acquire_type":
        return f"acquire{s} <{cap(c.words[0])}>"
    if c.kind == "lose_type":
        return f"lose{s} <{cap(c.words[0])}>"
    if c.kind == "lose_range":
        r = c.ranges
        return f"lose{s} range {r[0]}" + (f"-{r[-1]}" if len(r) > 1 else "")
    if c.kind == "acquire_name":
        return f'acquire{s} the unit name "{c.name}"'
    if c.kind == "acquire_name_of":
        return f"acquire{s} the unit name of {selector(c.of)}"
    if c.kind == "lose_skill":
        return f'lose{s} "{c.name}" (and cannot acquire it again)'
    if c.kind == "single_skill":
        return f'can only possess 1 instance of "{c.name}"'
    if c.kind == "lose_all_symbols":
        return f"lose{s} all of {'their' if plural else 'its'} Colors"
    if c.kind == "lose_all_skills":
        if c.words and c.words[0] == "non-spec":
            return f"lose{s} all non-|SPEC| skills (and cannot acquire them again)"
        return f"lose{s} all of {'their' if plural else 'its'} skills"
    if c.kind == "cannot_use":
        return f'cannot use "{c.name}"'
    if c.kind == "free_use":
        return f'can use "{c.name}" without paying its cost'
    if c.kind == "double":
        return f"{'have their' if plural else 'has its'} {c.stat} doubled"
    if c.kind == "evasion_cards":
        return (f"{'need' if plural else 'needs'} {c.amount} cards with the same Unit Name sent to the Retreat Area "
                f"instead of 1 to be evaded")
    if c.kind == "critical_factor":
        return (f"{'have their' if plural else 'has its'} attack multiplied by {c.amount} instead of 2 when "
                f"{'they' if plural else 'it'} Critical Hit{s}")
    if c.kind == "orbs_more":
        per = f" for each {selector(c.per_each)}" if c.per_each is not None else ""
        return (f"{'break' if plural else 'breaks'} {c.amount} more Orb{'s' if c.amount != 1 else ''}{per} when "
                f"{'their' if plural else 'its'} attack destroys the Main Character")
    if c.kind == "orbs":
        return f"{'break' if plural else 'breaks'} {c.amount} Orbs when {'their' if plural else 'its'} attack destroys the Main Character"
    if c.kind == "acquire_own_keyword":   # (dsl/bond_grant.py)
        return f"possess{'' if plural else 'es'} this unit's [{c.words[0]}] skills"
    from fecipher.dsl import skill_control
    got = skill_control.render_change(c, plural)
    return got if got is not None else c.kind


def statement(st: A.Statement) -> str:
    if isinstance(st, A.Step):
        inner = " ".join(statement(x) for x in st.statements)
        head = ("Resolve the following effects in order, until one of them fails: " if st.n == 1 else "")
        return f"{head}{st.n}) {inner}"
    if isinstance(st, A.Delayed):
        when = {"end_of_combat": "at the end of this combat",
                "end_of_turn": "at the end of this turn",
                "start_of_next_turn": f"at the start of {_OWNER.get(st.owner or 'your', 'your')} next turn",
                "end_of_next_turn": f"at the end of {_OWNER.get(st.owner or 'your', 'your')} next turn"}[st.moment]
        inner = " ".join(statement(x) for x in st.statements)
        return cap(f"{when}, {inner[:1].lower() + inner[1:]}")
    if isinstance(st, A.Guarded):
        inner = statement(st.statement)
        return cap(f"if {condition(st.condition)}, {inner[:1].lower() + inner[1:]}")
    if isinstance(st, A.Redirect):
        return cap(f"{selector(st.unit)} is attacked instead" +
                   (f" of {selector(st.instead_of)}" if st.instead_of is not None else "")) + "."
    if isinstance(st, A.Copy):
        subj = " and ".join(selector(x) for x in st.subjects)
        keeps = " and ".join({"name": "Unit Name", "attack": "attack"}[k] for k in st.keeps)
        body = f"{subj} becomes a copy of {selector(st.source)}" + (f" in all but its {keeps}" if keeps else "")
        d = duration(st.duration)
        return cap(f"{d}, {body}" if d else body) + "."
    if isinstance(st, A.Replace):
        return _replacement(st)
    if isinstance(st, A.CardRule):
        if st.kind == "cannot_flip_down":
            return "This card cannot be flipped face-down by a skill's cost or effect."
        if st.kind == "deploy_with":
            return f"This card can only be deployed in the area that {selector(st.ref)} is in."
        if st.kind == "deploy_not_with":
            return f"This card cannot be deployed in the same area as {selector(st.ref)}."
        if st.kind == "deploy_if":
            return f"This card can only be deployed if {condition(st.condition)}."
        if st.kind == "level_onto":
            from fecipher.dsl.skillcheck import level_onto_any
            if level_onto_any(st.ref):
                return "You can Level Up any ally with this card."
            return f"You can Level Up your {selector(st.ref)} with this card."
        if st.kind == "metamorph":
            return (f"When this card is placed in your Support Area, stack it on top of an allied "
                    f"{selector(st.ref)} as a metamorphosis (neither a Level Up nor a Class Change).")
        if st.kind == "no_onto":
            purpose, by = st.words
            what = "Level Up" if purpose == "level_up" else "Class Change"
            tail = " as a result of a skill's effect" if by else ""
            return f"This card cannot be stacked on top of {selector(st.ref)} to {what} them{tail}."
        if st.kind == "deploy_no_symbols":
            return ("This card can be deployed from your hand even if you do not have a Bond card of its "
                    "color.")
        if st.kind == "share_name":
            return ("You may deploy this card even if you have an ally with its unit name, and have several "
                    "such allies at once.")
        return "A deck may have any number of cards with this card's name."
    if isinstance(st, (A.GameEnd, A.Choice)):
        from fecipher.dsl import effects_control
        return effects_control.render_statement(st)
    if isinstance(st, A.StackDeploy):
        return f"During your Deployment Phase, you can deploy {selector(st.cards)} as if they were in your hand."
    if isinstance(st, A.SymbolWaiver):
        return "You can deploy and Level Up your cards even if you do not have Bond cards with compatible colors."
    if isinstance(st, A.TwoUnits):
        if st.verb == "choose":   # one choice in two parts
            return cap(f"choose {selector(st.units[0])} and {selector(st.units[1])}") + "."
        return cap(f"{st.verb} both {selector(st.units[0])} and {selector(st.units[1])}") + "."
    if isinstance(st, A.KeepRest):
        from fecipher.dsl import keep_rest
        return keep_rest.render(st)
    if isinstance(st, A.Guess):
        from fecipher.dsl import guess
        return guess.render(st)
    if isinstance(st, A.ExtraPhases):
        from fecipher.dsl import extra_phases
        return extra_phases.render(st)
    if isinstance(st, A.SkillBan):
        from fecipher.dsl import skill_control
        return skill_control.render_ban(st)
    if isinstance(st, A.Again):
        from fecipher.dsl import skill_control
        return skill_control.render_again(st)
    if isinstance(st, A.LimitLift):
        from fecipher.dsl import skill_control
        return skill_control.render_lift(st)
    if isinstance(st, A.McTransferBan):
        from fecipher.dsl import lose_instead
        return lose_instead.render_ban(st)
    if isinstance(st, A.PlaceBan):
        from fecipher.dsl import place_ban
        return place_ban.render_statement(st)
    if isinstance(st, A.DeployBan) and st.verb == "draw":
        from fecipher.dsl import draw_ban
        return draw_ban.render_statement(st)
    if isinstance(st, A.DeployBan):
        who = {"opponent": "your opponent", "you": "you", "each": "each player"}[st.who]
        line = f" into {'their' if st.who != 'you' else 'your'} {cap(st.line)} Line" if st.line else ""
        body = f"{who} cannot deploy {selector(st.cards)}{line}" + (" by a skill's effect" if st.by_skills else "")
        d = duration(st.duration)
        return cap(f"{d}, {body}" if d else body) + "."
    if isinstance(st, A.ActorStatement):
        who = "your opponent" if st.actor == "opponent" else "each player"
        if st.action.optional:   # "your opponent may flip 1 bond"
            a = st.action
            return cap(f"{who} may " + action(A.Action(a.verb, a.number, a.target, a.preps, False, a.pos,
                                                       a.verb_pos))) + "."
        verb = st.action.verb + ("es" if st.action.verb.endswith(("s", "sh", "ch")) else "s")
        return cap(f"{who} " + action(attrs_evolve_verb(st.action, verb))) + "."
    if isinstance(st, A.CardChange):
        from fecipher.dsl.card_values import render_card_change
        return render_card_change(st)
    if isinstance(st, A.ChoiceWiden):
        from fecipher.dsl.choice_widen import render_line
        return render_line(st)
    if isinstance(st, A.SkillCostChange):
        from fecipher.dsl.card_values import render_skill_cost_change
        return render_skill_cost_change(st)
    if isinstance(st, A.Modification) and [c.kind for c in st.changes] == ["support_opponents_skills"]:
        # "the card supporting this unit acquires your opponent's support skills" (B07-044SR)
        return (f"The card supporting {' and '.join(selector(x) for x in st.subjects)} acquires your opponent's "
                f"Support Skills. However, it cannot have more than 1 Support Skill of the same name.")
    if isinstance(st, A.Modification):
        # (cards changed where they are: "all black cards in your Retreat Area acquire white")
        subj = " and ".join(selector(x).replace(" from your ", " in your ") if isinstance(x, A.Filtered)
                            and any(p.kind == "from_place" for p in x.posts) else selector(x) for x in st.subjects)
        plural = len(st.subjects) > 1 or any(
            isinstance(x, A.Filtered) and x.quantifier is not None and x.quantifier.kind == "all" for x in st.subjects)
        body = subj + " " + ", and ".join(change(c, plural) for c in st.changes)
        if st.while_state is not None:
            is_ = "is" if not plural else "are"
            if len(st.changes) > 1:
                # "while" holds for every change of the line: in front, so the English does not read
                # as if it held for the last change only.
                body = (f"while {subj} {is_} {state(st.while_state)}, {'it' if not plural else 'they'} "
                        + ", and ".join(change(c, plural) for c in st.changes))
            else:
                body += f" while {'it' if not plural else 'they'} {is_} {state(st.while_state)}"
        d = duration(st.duration)
        return cap(f"{d}, {body}" if d else body) + "."
    if isinstance(st, A.SupportFail) and st.own_name:
        plural = (isinstance(st.units, A.Filtered) and st.units.quantifier is not None
                  and st.units.quantifier.kind == "all")
        return cap(f"{selector(st.units)} can also be supported by support cards with the same unit name as "
                   f"{'themselves' if plural else 'itself'}") + "."
    if isinstance(st, A.SupportFail):
        verb = "successfully support" if st.succeeds else "fail to support"
        body = f"{selector(st.cards)} {verb} {selector(st.units)}"
        d = duration(st.duration)
        return cap(f"{d}, {body}" if d else body) + "."
    return cap(action(st)) + "."


def attrs_evolve_verb(a: A.Action, verb: str) -> A.Action:
    return A.Action(verb, a.number, a.target, a.preps, a.optional, a.pos, a.verb_pos)


def action(a: A.Action) -> str:
    hidden = _hidden_action(a)
    if hidden:
        return hidden
    parts = ["you may" if a.optional else "", a.verb]
    for p in a.preps:
        if p.kind == "until_hand":
            parts.append(f"cards until you have {p.number} card{'s' if p.number != 1 else ''} in your hand")
    if a.number is not None:
        parts.append(f"{a.number} card{'s' if a.number != 1 else ''}" if a.verb == "draw" else str(a.number))
    if a.target is not None:
        parts.append(selector(a.target))
    face = next((p.face for p in a.preps if p.kind == "face"), None)
    if a.verb == "flip" and isinstance(a.target, A.Filtered) and face is None:
        # "flip 1 bond" reads as the card does: "flip 1 Bond face-down" (orbs: face-up).
        bonds = a.target.noun in ("bond", "bonds")
        parts[-1] = parts[-1].replace(" bonds", " Bonds").replace(" bond", " Bond")
        parts.append("face-down" if bonds else "face-up")
    for p in a.preps:
        if p.kind == "to":
            if tuple(p.place.words) == ("deck",):
                parts.append(f"on top of {place(p.place)}")
                if _several(a.target):
                    parts.append("in any order")
            else:
                parts.append(f"{'into' if a.verb == 'put' else 'to'} {place(p.place)}")
        elif p.kind == "tapped":
            parts.append("tapped")
        elif p.kind == "main_character":
            parts.append("your Main Character")
        elif p.kind in ("under", "onto"):
            parts.append(f"{p.kind} {selector(p.unit)}")
        elif p.kind == "at_random":
            parts.append("at random")
        elif p.kind == "without_looking":
            parts.append("without looking")
        elif p.kind == "and_reveal":
            parts.append("and reveal it" if a.number in (None, 1) else "and reveal them")
        elif p.kind == "line" and a.verb == "move":
            parts.append("into the chosen area" if p.line == "chosen" else
                         f"to the area that {selector(p.unit)} is in" if p.line == "same" else
                         f"to the {cap(p.line)} Line")
        elif p.kind == "line":
            parts.append("in the chosen area" if p.line == "chosen" else
                         f"in the same area as {selector(p.unit)}" if p.line == "same" else
                         f"in the {cap(p.line)} Line")
        elif p.kind == "line_choice":
            if p.unit is None:
                parts.append("either the Front or Back Line")
            else:
                parts.append(f"an area in which {condition(p.unit)}")
        elif p.kind == "bottom":
            parts.append(f"on the bottom of {place(p.place)}")
            if _several(a.target):
                parts.append("in any order")
        elif p.kind == "for_each" and p.number is not None:
            parts.append(f"for every {p.number} {selector(p.unit)}")
        elif p.kind == "for_each":
            parts.append(f"for each {selector(p.unit)}")
        elif p.kind == "per_cost_point":
            parts.append(f"for each point of Deployment Cost that {selector(p.unit)} has")
        elif p.kind == "count_if":
            count = quantifier(p.count).removesuffix(" of")   # ("any number", with no noun after it)
            parts.append(f"(or {count} instead if {condition(p.condition)})")
        elif p.kind == "face":
            parts.append({"up": "face-up", "down": "face-down", "over": "face-up or face-down"}[p.face])
    if a.per_each is not None:
        parts.append(f"for each {selector(a.per_each)}")
    if a.then is not None:
        verb, prep = a.then
        where = f"on top of {place(prep.place)}" if prep.place is not None and tuple(prep.place.words) == ("deck",) \
            else (f"into {place(prep.place)}" if prep.place is not None else "")
        parts.append(f"and {'place' if verb == 'put' else verb} it {where}".rstrip())
    return " ".join(x for x in parts if x)


def _several(s: A.Selector | None) -> bool:
    """Whether a selector may name several cards (then they go on a deck in any order)."""
    if isinstance(s, A.Ref):
        return s.kind == "rest" or (s.kind == "deck_top" and (s.count or 1) > 1) or (
            s.kind == "picked" and bool(s.names) and s.names[0].endswith("s"))
    if isinstance(s, A.Filtered):
        q = s.quantifier
        return q is None or not (q.kind in ("one", "another") or (q.kind in ("exactly", "up_to") and q.n == 1))
    return False


def _hidden_action(a: A.Action) -> str:
    """"look at ..." and "your opponent chooses ... without looking" (hidden information)."""
    may = "you may " if a.optional else ""
    if a.verb == "look":
        t = a.target
        if (isinstance(t, A.Filtered) and t.quantifier is None and not t.qualifiers and t.noun == "cards"
                and len(t.posts) == 1 and t.posts[0].kind == "from_place"):
            return f"{may}look at {place(t.posts[0].value)}"
        return f"{may}look at {selector(t)}"
    if a.verb == "choose" and any(p.kind == "opponent_chooses" for p in a.preps):
        return f"{may}your opponent chooses {selector(a.target)} without looking"
    return ""


def trigger(t: A.Trigger) -> str:
    if t.instead_of_losing:   # (dsl/lose_instead.py)
        return "instead of losing the game " + _trigger(t)
    return _trigger(t)


def _trigger(t: A.Trigger) -> str:
    if t.kind == "turn_start":
        return f"at the start of {_OWNER.get(t.owner or 'your', 'your')} turn"
    if t.kind == "turn_end":
        return f"at the end of {_OWNER.get(t.owner or 'your', 'your')} turn"
    if t.kind == "class_change_into":
        return "when you class change into this unit"
    if t.kind == "level_up_into":
        return "when you level up into this unit" + (f' from "{t.card_name}"' if t.card_name else "")
    if t.kind == "skill_destroys":
        return f'when this unit\'s "{t.name}" destroys {selector(t.obj)}'
    if t.kind == "cards_sent_by_skill":
        return f'when cards are sent to {place(t.place)} by this unit\'s "{t.name}"'
    new = _new_trigger(t)
    if new is not None:
        return new
    subj = selector(t.subject)
    verb = {"attacks": "attacks", "attacked": "is attacked", "deployed": "is deployed",
            "class_changes": "class changes", "levels_up": "levels up", "destroyed": "is destroyed",
            "destroys": "'s attack destroys", "moves": "is moved", "critical_hits": "critical hits",
            "evades": "evades", "supported": "is supported", "attack_ends": "'s attack ends"}[t.kind]
    how = ""
    if getattr(t, "how", None) == "skill":
        how = f' by {quoted(t.how_skill)}' if t.how_skill else " by a skill"
    elif getattr(t, "how", None) == "hand":
        how = " not by a skill"
    out = f"when {subj}{'' if verb.startswith(chr(39)) else ' '}{verb}"
    if t.obj is not None:
        out += " " + selector(t.obj)
    return out + how


_PHASE = {"beginning": "Beginning Phase", "bond": "Bond Phase", "deployment": "Deployment Phase",
          "action": "Action Phase", "end": "End Phase"}
_SKILL_KIND = {"any": "a skill", "act": "an |ACT| skill", "bond": "a |BOND| skill", "hand": "a |HAND| skill"}


def _possessive(sel: A.Selector | None) -> str:
    """"this unit's", "an ally's": whose attack."""
    s = selector(sel)
    return s + ("'" if s.endswith("s") else "'s")


def _used(t: A.Trigger) -> str:
    if t.keyword is not None:
        named = f'"{t.card_name}" ' if t.card_name is not None else ""
        # ('an "Edelgard" [CP]': the article of the name heard first)
        return (f"{article(named) if named else 'a'} {named}"
                f"[{t.keyword.name}{t.keyword.arg if t.keyword.arg is not None else ''}]")
    if t.skills:
        return " or ".join(f'"{n}"' for n in t.skills)
    return _SKILL_KIND[t.skill_kind or "any"]


def quoted(name: str) -> str:
    """A skill name in quotes, as the card prints it; a name that is itself a quotation
    ("\"I'll take down every last one of you!\"") keeps its own quotes, not two pairs."""
    return name if name.startswith('"') and name.endswith('"') and len(name) > 1 else f'"{name}"'


def _how(t: A.Trigger) -> str:
    """" by a skill's cost or effect", ' by "X"', " by your opponent's skill" ..."""
    if t.how == "skill":
        return f' by {quoted(t.how_skill)}' if t.how_skill else " by a skill's cost or effect"
    if t.how == "skill_of":
        whose = _possessive(t.how_by)
        return f' by {whose} {quoted(t.how_skill)}' if t.how_skill else f" by the cost or effect of {whose} skill"
    if t.how == "own_skill":   # (a name that is itself a quotation keeps its own quotes)
        return f" by this unit's {quoted(t.how_skill or '')}"
    return {"hand": " not by a skill", "your_skill": " by your skill",
            "opponent_skill": " by your opponent's skill",
            "support_skill": " via the effect of a Support Skill",
            "ally_or_support_skill": " by an ally's skill or your Support Skill",
            "enemy_or_support_skill": " as a result of an enemy's skill or your opponent's Support Skill"}.get(t.how or "", "")


def _new_trigger(t: A.Trigger) -> str | None:
    """The triggers added for the wider pool, as card text reads them (None: not one)."""
    k = t.kind
    who = _OWNER.get(t.owner or "your", "your")
    if k in ("phase_start", "phase_end"):
        return f"at the {'start' if k == 'phase_start' else 'end'} of {who} {_PHASE[t.phase or 'action']}"
    if k == "draws":
        return ("when you draw a card" if t.owner != "opponent" else "when your opponent draws a card") + _how(t)
    if k == "support_fails":
        return f"when {who} support fails"
    if k == "uses" and t.subject is None:
        return f"when you use {_used(t)}"
    if k == "uses":
        return f"when {selector(t.subject)} uses {_used(t)}"
    if k == "fails_to_destroy":
        return f"when {_possessive(t.subject)} attack fails to destroy {selector(t.by)}"
    if k == "combat_ends":
        return f"when a combat {selector(t.subject)} took part in ends"
    if k == "card_to":
        verb = {"placed": "placed in", "sent": "sent to", "added": "added to"}[t.verb or "placed"]
        if t.face is not None:
            verb = f"placed {t.face} in"
        if t.source is not None:
            verb = f"sent from {place(t.source)} to"
        return f"when {selector(t.subject)} is {verb} {place(t.place)}{_how(t)}"
    if k == "revealed":
        return f"when {selector(t.subject)} is revealed{_how(t)}"
    if k == "tapped" or k == "untapped" or k == "growthed":
        word = {"tapped": "tapped", "untapped": "untapped", "growthed": "growthed (a card is stacked under it)"}[k]
        return f"when {selector(t.subject)} is {word}{_how(t)}"
    if k == "evades" and t.by is not None:
        return f"when {_possessive(t.by)} attack is evaded by {selector(t.subject)}"
    if k == "destroyed" and isinstance(t.subject, A.Filtered) and t.subject.noun in ("orb", "orbs"):
        place_ = next((p.value for p in t.subject.posts if p.kind == "from_place"), None)
        whose = _OWNER.get(place_.owner, "your") if place_ is not None else "your"
        if t.cause == "battle":
            return (f"when one of {whose} Orbs is destroyed by "
                    + (f"{_possessive(t.by)} attack" if t.by is not None else "an attack"))
        return f"when one of {whose} Orbs is destroyed"
    if k == "destroyed" and t.cause is not None:
        def cause_of(kind, by, name):
            if kind == "battle":
                return f"by an attack of {selector(by)}" if by is not None else "by an attack"
            if name is not None:
                return f'by {quoted(name)}'
            if getattr(t, "cause_part", None) == "effect":
                return "by a skill's effect"
            return f"by a skill of {selector(by)}" if by is not None else "by a skill's cost or effect"
        cause = cause_of(t.cause, t.by, t.name)
        if t.or_cause is not None:
            o = t.or_cause
            cause = f"either {cause} or {cause_of(o.get('cause'), o.get('by'), o.get('name'))}"
        return f"when {selector(t.subject)} is destroyed {cause}"
    if k == "deployed" and (t.line is not None or t.source is not None):
        where = f" in the {cap(t.line)} Line" if t.line else f" from {place(t.source)}"
        return f"when {selector(t.subject)} is deployed{where}{_how(t)}"
    if k == "moves" and (t.how is not None or t.line is not None):
        line = f" to the {cap(t.line)} Line" if t.line else ""
        return f"when {selector(t.subject)} is moved{_how(t)}{line}"
    return None


def condition(c: A.Condition) -> str:
    if c.kind == "negation":
        if c.inner is not None and c.inner.kind == "did":
            return "they do not" if c.inner.owner == "opponent" else "you do not"
        if c.inner is not None and c.inner.kind == "same_name":
            return f"{selector(c.inner.subject)} has a different Unit Name from {selector(c.inner.counted)}"
        if c.inner is not None and c.inner.kind == "has_named_skill":
            return condition(c.inner).replace(" has ", " does not have ", 1)
        if c.inner is not None and c.inner.kind in ("has_support_skill", "has_keyword_skill"):
            return condition(c.inner).replace(" has a ", " has no ", 1)
        if c.inner is not None and c.inner.kind == "you_used":
            return condition(c.inner).replace("you have used ", "you have not used ", 1)
        return "not " + condition(c.inner)
    if c.kind in ("any_of", "all_of"):
        return (", or " if c.kind == "any_of" else ", and ").join(condition(x) for x in c.parts)
    if c.kind == "guess":
        from fecipher.dsl import guess
        return guess.render_condition(c)
    if c.kind == "during":
        who = "either player's" if c.owner == "each" else _OWNER.get(c.owner or 'your', 'your')
        if c.name:
            return f"during {who} {c.name.capitalize()} Phase"
        return f"during {who} turn"
    if c.kind == "is_state":
        return f"{selector(c.subject)} is {state(c.state)}"
    if c.kind == "have_count":
        q = c.quantity
        plural = _plural(getattr(c.counted, "noun", None))
        n = {"at_least": f"{q[1]} or more" if q[1] != 1 or plural else "a",
             "at_most": "no" if q[1] == 0 else f"{q[1]} or fewer",
             "exactly": str(q[1]), "odd": "an odd number of", "even": "an even number of"}[q[0]]
        who = "your opponent has" if c.owner == "opponent" else "you have"
        what = selector(c.counted).replace(' from ', ' in ')
        if n == "a":
            n = article(what)
        if c.owner == "field":   # both players' units together
            n = "exactly " + n if q[0] == "exactly" else n
            return f"there {'is' if n in ('a', 'an', 'no') or n == 'exactly 1' else 'are'} {n} {what} on the Battlefield"
        return f"{who} {n} {what}"
    if c.kind == "did":
        return "they do" if c.owner == "opponent" else "you do"
    if c.kind == "levelling_up":
        return f"you are Leveling Up {selector(c.subject)}"
    if c.kind == "has_raised_attack":
        subj = selector(c.subject)
        whose = "its" if subj.lower() == "it" else f"{subj}'s"
        return f"{whose} attack is +{c.quantity[1]} or more due to the effect of skills"
    if c.kind == "has_stat":
        op, n = c.quantity
        tail = {"le": " or lower", "ge": " or higher", "eq": ""}[op]
        subject = selector(c.subject)
        if c.words[0] == "cost":
            return f"{subject} has a Deployment Cost of {n}{tail}"
        # "this unit's attack is 100 or higher", as cards say it
        whose = {"it": "its", "them": "their", "they": "their"}.get(subject, f"{subject}'s")
        return f"{whose} {c.words[0]} is {n}{tail}"
    if c.kind == "have_reference":
        return f"you have {selector(c.subject)}"
    if c.kind == "compare_with_opponent":
        where = f" in {place(c.state)}" if c.state is not None else ""
        if c.words[0] == "same":
            return f"you and your opponent have the same number of {c.words[1]}{where}"
        if c.words[0].startswith("as many or "):
            return f"you have equal to or {c.words[0][len('as many or '):]} {c.words[1]}{where} than your opponent"
        return f"you have {c.words[0]} {c.words[1]}{where} than your opponent"
    if c.kind == "spec_in_effect":
        return f'this unit\'s "{c.name}" was in effect'
    if c.kind == "support_failed":
        who = "your opponent's" if c.owner == "opponent" else "your"
        return f"{who} support card failed to support during that attack"
    if c.kind == "first_attack":
        return "it is the first attack this turn"
    if c.kind == "has_critical_hit":
        return f"{selector(c.subject)} has Critical Hit in this combat"
    if c.kind == "has_destroyed":
        return f"{selector(c.subject)}'s attack destroyed {selector(c.counted)} this {c.words[0]}"
    if c.kind == "has_stack":
        op, n = c.quantity
        tail = {"le": " or fewer", "ge": " or more", "eq": ""}[op]
        return f"{selector(c.subject)} has {n}{tail} card{'s' if n != 1 or tail else ''} in its stack"
    if c.kind == "same_name":
        return f"{selector(c.subject)} has the same Unit Name as {selector(c.counted)}"
    if c.kind == "has_weapons":
        op, n = c.quantity
        tail = {"le": " or fewer", "ge": " or more", "eq": ""}[op]
        return f"{selector(c.subject)} has {n}{tail} different Weapon{'s' if n != 1 or tail else ''}"
    if c.kind in ("has_support_skill", "has_keyword_skill", "has_named_skill"):
        from fecipher.dsl import skill_control
        return skill_control.render_condition(c)
    if c.kind == "happened":
        what = {"attacked": "attacked", "class changed": "class changed", "levelled up": "levelled up"}.get(
            c.words[0], c.words[0])
        return f"{selector(c.subject)} was {what} this turn"
    if c.kind == "you_used":
        spec = c.state
        if spec.get("skills"):
            what = " or ".join(f'"{n}"' for n in spec["skills"])
        elif spec.get("skill_kind") == "keyword":
            what = f"a [{spec['keyword'].name}]"
        else:
            what = {"act": "an |ACT| skill", "bond": "a |BOND| skill", "hand": "a |HAND| skill"}.get(
                spec.get("skill_kind"), "a skill")
        return f"you have used {what} this turn"
    if c.kind == "used_skill":
        times = c.quantity[1] if c.quantity else 1
        return f'{selector(c.subject)} has used "{c.name}"' + (f" {times} times" if times > 1 else "") + " this turn"
    return c.kind


def state(s: A.State) -> str:
    k = s.kind
    if k == "attacking":
        return "attacking" + (f" {selector(s.arg)}" if s.arg is not None else "")
    if k == "attacked":
        return "being attacked" + (f" by {selector(s.arg)}" if s.arg is not None else "")
    if k == "supported_by":
        return f"supported by {selector(s.arg)}"
    if k == "in_combat":
        return f"in combat with {selector(s.arg)}"
    if k == "in_line":
        return f"in the {cap(s.arg)} Line"
    if k == "in_own_hand":   # (a SPEC unit name held in the hand only)
        return "in your hand"
    if k == "unit_name":
        return f'"{s.arg}"'
    if k == "quality":
        return f"<{cap(s.arg[0])}>"
    if k == "not":
        return "not " + state(s.arg)
    if k == "any":
        return " or ".join(state(x) for x in s.arg)
    if k == "main_character":
        return {"opponent": "your opponent's Main Character", "any": "a Main Character"}.get(
            s.arg, "your Main Character")
    return {"class_changed": "class changed", "tapped": "tapped", "untapped": "untapped",
            "levelled_up": "Levelled Up"}[k]


def cost_item(a: A.Action) -> str:
    return cap(action(a))


# What "the rest" and "among them" stand for in the statement being rendered: the cards the
# skill's last "reveal" line revealed, or those its last "look at" line looked at (set by skill()).
_SHOWN = ["revealed"]


def _shown_by(st) -> str | None:
    """"revealed" / "looked-at" for a statement that shows cards ("reveal ...", "look at ..."), else None."""
    while isinstance(st, (A.Guarded, A.ActorStatement)):
        st = st.statement if isinstance(st, A.Guarded) else st.action
    if isinstance(st, A.Action) and st.verb in ("reveal", "look"):
        return "revealed" if st.verb == "reveal" else "looked-at"
    return None


def _statements(stmts) -> str:
    """The effect lines in order, "the rest" / "among them" read after the line that showed them."""
    out = []
    try:
        for x in stmts:
            out.append(statement(x))
            _SHOWN[0] = _shown_by(x) or _SHOWN[0]
    finally:
        _SHOWN[0] = "revealed"
    return " ".join(out)


def skill(s: A.SkillNode) -> str:
    """One skill as a line of card text: name, kind, keywords, costs, then effect."""
    head = s.name
    tags = "".join(f"[{k.name}{k.arg if k.arg is not None else ''}]" for k in s.keywords)
    if s.kind == "support":
        label = f"|{ROLE_LABEL[s.role or 'attack']}|"
    else:
        label = f"|{KIND_LABEL[s.kind]}|"
    parts = [f"{tags + ' ' if tags else ''}{head} {label}"]
    if any(lim == "turn" for lim, _ in s.limits):
        parts.append("[Once per Turn]")
    if any(lim == "game" for lim, _ in s.limits):
        parts.append("[Once per Game]")
    if s.costs:
        parts.append("[" + ", ".join(cost_item(c) for c in s.costs) + "]")
    body = []
    lead = []
    if s.triggers:
        lead.append(" or ".join(trigger(t) for t in s.triggers))
    conds = [condition(c) for c in s.conditions]
    if conds:
        lead.append("if " + " and ".join(conds))
    if s.optional:
        lead.append("you may" + (" pay the cost and if you do" if s.costs and s.kind == "auto" else ""))
    during = [condition(c) for c in s.conditions if c.kind == "during"]
    others = [condition(c) for c in s.conditions if c.kind != "during"]
    lead = [x for x in lead if not x.startswith("if ")]
    if others:
        lead.insert(len(lead) - (1 if s.optional else 0), "if " + " and ".join(others))
    lead = during + lead
    sentence = ", ".join(lead)
    stmts = _statements(s.statements)
    if sentence:
        body.append(cap(sentence) + ": " + stmts)
    else:
        body.append(stmts)
    if s.granted:
        parts.insert(0, "(granted)")
    return " ".join(parts + body).strip()


def _destroy_cause(cause: dict | None, default: str) -> str:
    if not cause:
        return default
    by = cause.get("by")
    if cause.get("cause") == "battle":
        return f"is destroyed by {selector(by)}'s attack" if by is not None else "is destroyed by an enemy's attack"
    if cause.get("name"):
        return f'is destroyed by {quoted(cause["name"])}'
    return f"is destroyed by {selector(by)}'s skill" if by is not None else "is destroyed by a skill"


def _low(text: str) -> str:
    return text[:1].lower() + text[1:]


def _replacement(st: A.Replace) -> str:
    """A replacement in card English: what would happen, then what happens instead."""
    a = st.action
    may = "you may " if st.optional else ""
    if st.replaced == "skill_cost":
        names = " or ".join(f'"{n}"' for n in st.skill_names)
        return cap(f"when paying the cost of this unit's {names}, you may {_low(cost_item(a))} instead") + "."
    if st.replaced == "discard":
        use = "Critical Hits" if st.use == "critical" else "evades"
        return cap(f"if {selector(st.subject)} {use}, you may {_low(cost_item(a))} instead of sending a card with "
                   f"the same Unit Name as it from your hand to the Retreat Area") + "."
    if a.target is not None and getattr(a.target, "noun", None) in ("orb", "orbs") and st.subject is None:
        by = (st.cause_by or {}).get("by")
        hit = "Critical Hit" if (st.cause_by or {}).get("critical") else "attack"
        whose = "your opponent's" if st.instead_of.owner == "opponent" else "your"
        return cap(f"if {selector(by)}'s {hit} destroys one of {whose} Orbs, that Orb is sent to {place(a.preps[0].place)} "
                   f"instead of {place(st.instead_of)}") + "."
    if st.replaced == "destruction":
        why = _destroy_cause(st.cause_by, "is destroyed")
        return cap(f"if {selector(st.subject)} would be destroyed{why[len('is destroyed'):]}, {may}"
                   f"{_low(cost_item(a))} instead; if you do, it is not destroyed") + "."
    if st.subject is not None and not (isinstance(st.subject, A.Ref) and st.subject.kind == "chosen"):
        why = _destroy_cause(st.cause_by, "is destroyed")
        return cap(f"if {selector(st.subject)} {why} and would be sent to {place(st.instead_of)}, {may}"
                   f"{_low(cost_item(a))} instead; if you do, it stays on the field") + "."
    if a.verb == "deploy":
        return cap(f"{may}{action(a)} instead of sending it to {place(st.instead_of)}") + "."
    under = next((p.unit for p in a.preps if p.kind == "under"), None)
    if under is not None:
        # (growth instead of a move: "stack it under an ally ... to Growth them")
        return cap(f"if {selector(a.target)} would be sent to {place(st.instead_of)}, {may}stack it under "
                   f"{selector(under)} instead (a Growth)") + "."
    dest = next((place(p.place) for p in a.preps if p.kind == "to"), "")
    why = {"destroyed": "is destroyed", "destroyed_in_battle": "is destroyed by an enemy's attack"}.get(st.cause or "")
    if why and st.cause_by and st.cause != "destroyed_in_battle":
        why = _destroy_cause(st.cause_by, why)
    lead = f"if {selector(a.target)} {why}, " if why else \
        f"if {selector(a.target)} would be sent to {place(st.instead_of)}, "
    face = next((p.face for p in a.preps if p.kind == "face"), None)
    face = f" face-{face}" if face in ("up", "down") else ""
    if any(p.kind == "to" and tuple(p.place.words) == ("deck",) for p in a.preps):
        return cap(lead + may + f"place it on top of {dest} instead of {place(st.instead_of)}") + "."
    return cap(lead + may + f"place it{face} in {dest} instead of {place(st.instead_of)}") + "."
