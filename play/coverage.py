"""docs/coverage.md, generated: how many cards of each set are in the packs.

The set totals come from the pack files' own card codes plus, when the real card
list is at hand (../shared/data/cardlist.json, never committed), the cards it
lists; a card counts as implemented when it is in a pack and has every skill the
card list gives it a name for. Series 1 sets are counted as before; the sets of
Series 2 to 8 (a card belongs to the set of its first printing) are counted too,
and for each such set that has a pack, every card not in it is listed with what
the skill language is missing for it (:data:`MISSING`, kept by hand)."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

SERIES1_SETS = ("B01", "S01", "S02", "P01")
LATER_SERIES = range(2, 9)     # issue 15: the sets of Series 2 to 8
# The series groups after Series 1, each an issue of its own: (first, last series, issue, extra sets).
# S11 is printed without a series number (-1 in the card list); issue 20 takes it with Series 16-22.
SERIES_GROUPS = ((2, 8, 15, ()), (9, 15, 18, ()), (16, 22, 20, ("S11",)))

# Cards of a started set that are not in its pack, by code: what the language lacks
# for them (a card that does less or other than its text is not implemented).
MISSING = {
    "B02-060SR": "\"Corroding Darkness\": a trigger on the cards one use of a named skill sent from the "
                 "opponent's hand, and a choice of an enemy with the unit name of either of those cards ('when a "
                 "card from your opponent's hand is sent to their retreat area by \"X\" of this unit' triggers once "
                 "for each card, not once for the cards of one use, and no reference names all the cards it sent)",
    "B02-064R": "\"One must be gracious to the fairer sex.\": the allies tapped as the cost of another skill "
                "of this unit this turn",
    "B03-072R": "\"Revelry at a Bewitching Party\": deploying the card an earlier line of the skill sent to the "
                "retreat area (a reference to it), losing its skills and level ups, destroyed at the end of the turn",
    "B03-075N": "\"Guest Nohrian Commander\": an AUTO whose +10 attack is printed with no duration (the end of the combat or of the turn), its only printing and the only skill of that name; no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    # B05 (cards/b05.fe0)
    "B05-034SR": "\"Sword Princess's Imperial Wrath\": a replacement of where the card discarded "
                 "for a critical hit goes (on top of the deck instead of the Retreat Area)",
    "B05-082SR": "\"Glory to the Queen!\": a count of allies levelled up or growthed this turn "
                 "while this unit was on the field",
    "B04-044SR": "\"A Sacrifice\": destroying another ally instead of paying a named skill's cost (an alternative cost)",
    "B04-070R": "\"Gaius' High-Quality Sweets\": a trigger on the opponent revealing a card of their deck by an "
                "ally's skill or your support skill (the reveal trigger takes no cause; \"Door of the Treasury\" "
                "is writable with 'with a lower cost than the revealed card')",
    "P04-011PR": "\"Fatal Sword\": a replacement of where an ACT skill's cost sends its card (the discarded "
                 "card deployed instead of going to the Retreat Area when it has a [CF] skill): replacements "
                 "('... instead of ...') are refused in ACT skills and do not reach a cost's card",
    # B08 (cards/b08.fe0)
    "B08-017N": "\"Theory Testing\": 'until the end of this combat, your opponent's Support skill does not "
                "activate' set up by a trigger on the opponent's successful support (the support skills of the "
                "combat activate before such a trigger resolves: refused by the checker)",
    "B08-044N": "\"Blade of Slaughter\": an AUTO whose +10 attack is printed with no duration (the end of the combat or of the turn), its only printing (B12-041HN's \"Blade of Slaughter\" is another skill, a CONT); no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    "B08-079SR": "\"Work, work, work!\": three effects resolved in order until one fails, each of several lines "
                 "(a reveal or a choice, then an effect under a condition): 'if you do' gates one line, after the "
                 "last line not under it, so a step of several lines cannot be made to depend on the one before",
    # Promo P02 (cards/p02.fe0)
    # Promo P05 (cards/p05.fe0)
    "P05-013PR": "\"Tactics of Unity\": a skill triggered by this unit being supported that resolves before "
                 "the support skill (\"This skill activates before your Support Skill\"; the engine emits "
                 "SupportSucceeded, which 'when this unit is supported' listens to, after the support skill, and "
                 "resolves no trigger between the support's success and its skill), and a filter on that trigger's "
                 "support card ('when this unit is supported by a card with a support skill' is refused: the "
                 "trigger takes no 'by ...')",
    # B06
    # B07
    "B07-044SR": "\"Black Karma\": the card supporting this unit acquiring the opponent's support skills (at most "
                 "one of each name)",
    "B07-066SR": "\"Makeup Fix\" ([CCS] ACT): sending the top card of this unit's stack to the Retreat Area (no "
                 "effect takes a unit's top card out of its stack, and what the unit then is, its class-changed "
                 "state, is not settled); \"Glamorous Quick-Change Princess\" can now be written as a retreat skill "
                 "('retreat ...', 'when an \"Oboro\" ally is moved', 'put this card onto that unit')",
    "B07-097SR": "\"Endless Illusory Nightmare\": several units with the same unit name on the field (a SPEC skill "
                 "granted by a CONT skill lifting the unit-name rule), deploying any number of cards on a level up",
    # Promo P10 (cards/p10.fe0): Eirika and Ephraim are P10-001PR and P10-002PR, listed by their first code
    # B14 (cards/b14.fe0)
    "B14-001SR": "\"I swear, I will vanquish the darkness of despair...\": the printed class change cost X, equal to "
                 "the number of orbs the opponent has wherever the card is (a card's printed cost is a number in the "
                 "language; 'the class change cost of this card becomes 1 for each orb in your opponent's orbs' "
                 "changes it in the hand only, and a card can class change from the Retreat Area)",
    "B14-035SR": "\"A bouquet for you...\": attacks that cannot be evaded by some enemies only ('cannot be evaded by "
                 "non-main character enemies'; 'cannot be evaded' takes no evader filter), and \"...And a smile for "
                 "me!\" triggers on an enemy destroyed by an ally chosen by another skill this turn",
    "B14-089HN": "\"Bishop of the Mercenaries\": a second choice among the cards an earlier choice took from the "
                 "retreat area (\"choose 1 of those cards\"; 'among them' is for cards looked at or revealed) and "
                 "the other one stacked under the Main Character ('the rest' likewise)",
    # B10 (cards/b10.fe0)
    "B10-034N": "\"Od's Tome\": the cards supporting a chosen enemy losing one named support skill (\"Miracle "
                "Emblem\") until the end of the turn; the language removes only all support skills of a side's "
                "support cards",
    # B09 (cards/b09.fe0)
    "B09-073SR": "\"King's Whirlwind\": the opponent's evasion made dearer (2 cards with the unit name instead of 1)",
    "B11-045R": "\"Pulse of the Demon King\": '+10 attack per every <Monster> unit with a different Unit Name on the "
                "Battlefield': the language counts units, not the distinct unit names among them",
    "B11-075N": "\"Excellent! It's odds!\" / \"Too bad? It's evens.\": AUTO skills whose +20 attack is printed with no duration, the card's only printing and the only skills of those names; no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    "B12-001SR": "\"Legendary Swordplay\": \"this unit's attack is calculated as the total number of cards stacked "
                 "with this unit x 10\", an attack set to a count (a unit's attack is changed by adding or taking "
                 "away; 'becomes ... for each' is only a support card's support value)",
    "B12-002SR": "\"Forbidden Medallion\": a SPEC skill that stacks this support card on top of an allied \"Ike\" "
                 "as a metamorphosis (neither a level up nor a class change) when it is placed in the support area; "
                 "the language has no metamorphosis",
    "B12-006R": "\"Sinister Impulse\": \"destroy this unit and that ally\", one destruction of two units at once "
                "('destroy' takes one selector: 'destroy this unit and it' is refused; two 'destroy' lines destroy "
                "one unit after the other, with the first one's triggers between them)",
    "B12-010SR": "\"Blessings of Yune\": \"All <Green> allies may also be supported by support cards with the same "
                 "Unit Name as themselves\": the language's support permission names the supporting cards "
                 "('all \"Anna\" cards can support this unit'), not a card with the supported ally's own unit name",
    "B12-019R": "\"Lethality\": \"[Flip 1 Bond face-down] for each point of Deployment Cost that that enemy has\", "
                "a number of bonds flipped inside an effect counted from the chosen enemy's deployment cost (an "
                "effect's 'flip N bonds' takes a number, and 'for each' counts units, cards, bonds and orbs, not "
                "points of a chosen unit's cost); also undecided: whether that bracketed flip with no 'you may' "
                "may be declined",
    "B12-061R": "\"Life-and-Death Dual-Wielding\": \"if this unit's 'War-God's Stance' was in effect\" when the class "
                "change was made (no condition asks whether a SPEC skill set the class change cost paid, or how many "
                "bonds there were when the class change was made); \"Princess of the Twin Blades\" can be written "
                "(two trigger lines: 'critical hits', 'evades')",
    "B12-075SR": "\"Darkness-Cleaving Sacred Blade\": \"you may have a second Bond Phase\" (the language has no extra "
                 "phases or turns)",
    "B13-027R": "\"Men and Dragons' Hopes\": \"you may place this card face-down in your Bond Area instead of "
                "sending it to the Retreat Area\": a replacement puts a card into the bond area face-up only "
                "('put ... into your bond area face-down instead of ...' is not accepted)",
    "B13-043R": "\"Vengeful White Wolf\" (support skill): makes the opponent's support fail after the supports were "
                "judged (a failure set by a support skill does not reach the support already in place); \"Stalking "
                "Fang\" can be written ('when this unit finishes attacking' + 'if your opponent's support failed this "
                "combat')",
    "B15-033SR": "\"Breath of the Divine Dragon\": a choice of any number of enemies limited by the total of their "
                 "deployment costs (6 or lower), and 'during your next turn, this unit cannot be untapped'",
    "B15-076SR": "\"Blood of Njorun, Earthen Goddess\": \"All of your <Yellow> Bond cards possess this unit's [BS] "
                 "skill\": a bond skill given to other bond cards by a unit's CONT skill ('all white bonds acquire "
                 "black' gives bonds a symbol only; a bond skill works from its own card in the Bond Area)",
    "B16-027SR": "\"Teachings of the Paladin\": \"When paying the cost for 'Maltet, the Legendary Weapon', you may "
                 "instead tap this unit\", another skill's cost paid another way (a skill's cost can be reduced or "
                 "skipped, not replaced by a tap)",
    "B16-041SR": "\"Offer your soul!\": sending the top card of the opponent's levelled-up Main Character's stack to "
                 "the Retreat Area, the opponent choosing the new top card from the stack (no effect takes cards out "
                 "of a stack)",
    "B16-066SR": "\"A New World\": a second Beginning Phase, Bond Phase and Deployment Phase in the turn (extra "
                 "phases are not in the language)",
    # B18 (cards/b18.fe0)
    "B18-051SR": "\"Let hope die, and despair take root.\": 'choose 1 card that does not have the same Unit Name as the chosen ally from your Boundless Area' after that ally was sent there (a unit-name filter on a chosen unit that has left the field matches nothing; choosing the card before sending the ally would leave out the cards of the ally's own stack)",
    "B18-004SR": "\"Aymr, the Magic Axe\": a choice between destroying a chosen non-main character enemy and "
                 "destroying a chosen orb of the opponent's ('either:' takes one effect line per option and refuses "
                 "'choose' inside an option; each option here is a choice and its action). (\"The Solitary Imperial "
                 "Way\" is in the language: 'when you use a \"Edelgard\" [CP]'.)",
    "B17-003N": "\"The Three Talysian Warriors\": an ACT whose +10 attack is printed with no duration, its only printing (the skill is only on B17-003N, B17-004N and B17-006N, all without one); no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    "B17-004N": "\"The Three Talysian Warriors\": an ACT whose +10 attack is printed with no duration, as B17-003N; no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    "B17-006N": "\"The Three Talysian Warriors\": an ACT whose +10 attack is printed with no duration, as B17-003N; no rule gives an effect printed without a duration a default: the official rulebook (rules 001, End Phase) ends only effects written \"during the turn\" / \"until the end of the turn\", the community guides' \"(such as attack boosts)\" (000/002/003, End Phase) is an example of what ends, not a rule, and RULINGS.md and the FAQ say nothing",
    "B17-065SR": "\"Divisive Resourcefulness\": 'If your opponent has 4 or more cards in their hand, they are unable to draw cards (with 3 or fewer, they may only draw until they reach 4)' (no rule forbids or caps a player's draws)",
    "B17-115R": "\"A Lesson in Heaven or Hell\": 'Choose 2 cards with different Deployment Costs ... Your opponent chooses 1 of those cards. You can deploy the card that your opponent chose, and send the other to the Boundless Area' (no filter of different costs between chosen cards, and the opponent cannot choose among cards the controller chose)",
    "B19-004SR": "\"Mire B\": the opponent chooses one card among three areas together (their hand, their bond "
                 "area or their orbs) and sends it; \"A Sinister Smirk from the Dark\": a filter on enemies whose "
                 "attack is raised by +10 or more by skill effects",
    # B20, second half (cards/b20.fe0, B20-052..102)
    "B20-074R": "\"Innocent Wing\": \"When an ally is being supported by a <Green>\" stops \"any Support skills that "
                "your opponent's Support card possesses\" in that same combat: a trigger on a successful support "
                "resolves after the support skills of the combat (the engine's support step resolves each side's "
                "support skill, then the triggers; rules 004 has 'when supported' skills and support skills "
                "activate together in the turn player's order), so it could never stop the skill it names; a CONT "
                "skill in its place would change the printed kind and duration",
    "B20-098R": "\"Forbidden Divine Relic of Sealing\": \"If the stacked card has the same Unit Name as your Main "
                "Character\" after a choice between deploying and stacking the revealed card (a condition on the "
                "card an 'either:' option stacked is not in the language); \"Pulse of Release\": choosing cards "
                "stacked beneath this unit and adding them to the hand (no effect takes cards out of a stack)",
    "B19-068SR": "\"Bring that warm light to the world.\": deploying <Yellow> cards stacked beneath this unit as if they "
                 "were in your hand (no construct takes cards out of a stack)",
    # B20 (cards/b20.fe0), B20-001 to B20-051
    "B20-051SR": "\"Blessing upon thy name.\": 'you may choose 1 card with a Deployment Cost of 7 or lower, rather "
                 "than 2 or lower, for this unit's \"Queen of Dawn\"' (a change of the filter of another skill's "
                 "choice; two choices of a card under opposite conditions, then 'deploy it', are refused as "
                 "ambiguous)",
    # B21 (cards/b21.fe0)
    "B21-011SR": "\"Prayerful Holy Equestrianism\": one choice of two cards from the retreat area with different "
                 "filters (1 with cost 3 or less and 1 with cost 1 or less) deployed together: 'it' names only the "
                 "last of two card choices, and 'the chosen cards' after two card choices is refused as ambiguous",
    "B21-041SR": "\"Want me to sigh?\": 'your opponent chooses 1 card from their hand per enemy returned to their hand "
                 "by this skill' (no count of units an earlier line returned to the hand; 'for each card sent to ... by "
                 "this skill' counts the cards of their stacks); \"Keep your expectations in check.\": deploying this "
                 "card or class changing an allied \"Hapi\" with it, from the hand",
    "B22-008SR": "\"Moment of Fate\": a CONT skill that lets \"Aether, the Occult Skill\" choose the opponent's "
                 "Main Character when there is no non-Main Character enemy (no line widens another skill's "
                 "choice; written inside Aether it would leave Moment of Fate a skill with no line of its own)",
    "B22-012SR": "\"Gateway\": the printed deployment cost X, \"equal to the number of Orbs you have\" wherever "
                 "the card is, and of the unit on the field (\"This unit's Deployment Cost\"): a card's printed cost "
                 "is a number in the language ('cost X' is refused), and 'the deployment cost of this card becomes 1 "
                 "for each orb' (SPEC) changes it in the hand only, so the card would be X=0 in the deck, the "
                 "Retreat Area and on the field, which no ruling decides",
    "B22-013SR": "\"God's Heartbeat\": \"if a [CP] has been used 1 or more times in this turn\" (no condition counts "
                 "the uses of [CP] skills this turn; 'when you use a [CP]' is a trigger, not this condition)",
    "B22-022R": "\"Sacrifice the Light, Revive the Shadow\": deploying this card from the hand \"instead of losing "
                "the game\" (no replacement of losing the game; the checker refuses 'instead of losing the game'), then "
                "the Main Character status moved to it and never moved again until the end of the game (\"Revels\"'s "
                "cost 'send 1 card from your bond area to your boundless area' is in the language now)",
    "B22-059HN": "\"His True Face Revealed\": the unit name \"Zelgius\" \"while it is in your hand\" only: the "
                 "engine reads a card's unit names for a level up or class change from the hand, an evasion's discard "
                 "and the unit-name rule of deployment from its printed names and SPEC aliases (card_unit_names in "
                 "engine/deployment.py and engine/battle.py), which hold wherever the card is; a name held in one "
                 "area needs those to ask the card's computed names there",
    "B22-072SR": "\"Valla-Brightening Lance Dance\": \"Then, send all cards in your opponent's Retreat Area with the "
                 "same Unit Name as that enemy\" after the enemy has been sent away ('with the same unit name as' a "
                 "chosen unit that has left the field matches nothing; only a lasting deployment rule keeps its name)",
    "B22-081R": "\"Brynhildr's Sorcerous Light\": \"If that enemy's attack is +10 or more due to the effect of a "
                "skill\" (no condition reads how much skills have raised a unit's attack); \"Dark Bind\" with it",
    "B22-087R": "\"\\\"I'll celebrate - not you!\\\"\": the opponent's Main Character \"loses all of their Colors\" (a symbol "
                "cannot be lost: the checker refuses it), and a SPEC skill working from the Boundless Area (no skill "
                "kind works from there)",
}
DEFAULT_CARDLIST = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cardlist.json"

# Language features each set needed beyond what came before it (kept by hand).
FEATURES = {
    "S01/S02": ["card facts", "ACT/AUTO/CONT/SPEC/support skills", "CCS", "tap/flip/send costs",
                "deploy/attack/class-change/destroy triggers", "attack/range/type/skill grants",
                "cannot-be-attacked-by restrictions", "support failure", "orbs broken becomes 2",
                "per-each counts", "you may", "once per turn"],
    "B01/P01": ["if <condition>: <effect>, if you do / don't", "reveal, deck search, top card of the opponent's "
                "deck", "your opponent / each player acts (their areas)", "attack-value and card-cost "
                "conditions", "in combat with", "named alternatives, not named, non-main character",
                "different unit names", "attacked this turn", "same line", "odd/even counts",
                "symbol bonds", "doubled attack", "acquired symbols", "lost skills", "cannot use a skill "
                "until the end of the game", "changes while a state holds", "per unit destroyed by this "
                "skill", "attacked instead (defender changed)", "copies", "replacements (instead of the "
                "retreat area, optional)", "SPEC card rules (deploy if, share name, any copies)",
                "support succeeds despite the name", "destroy-this cost", "named-skill destroy trigger",
                "cards on top of the deck in order"],
    "B02": ["'flip all bonds' as an effect (it flipped one chosen bond before)"],
    "B03/P03/S03": ["'destroy 1 orb' tells a following 'if you do' whether an orb was destroyed (it did not before)",
                    "a support failure set by an effect for a duration ('all cards fail to support them until the "
                    "end of the turn')"],
    "B04/P04/S04": ["'destroy 1 orb' as an effect tells 'if you do' whether it destroyed an orb (it left the "
                    "previous line's answer before)", "the duration 'during your opponent's next turn' on a change of units",
                    "a CONT skill printed in several |CONT| parts (several cont skills of one name)"],
    "S11/S12/P16-P22": ["'cannot be destroyed by (enemy) critical hits' (P22-008PR)"],
}


def _series1_pack(card) -> bool:
    """A card of a Series 1 pack (cards/b01.fe0, p01.fe0, s01.fe0, s02.fe0)."""
    return card.pack.rsplit("/", 1)[-1].split(".")[0].upper() in SERIES1_SETS


class CardListError(Exception):
    """A card list (--cardlist) that cannot be read or is not a list of cards."""


def _cards(cardlist: str | None) -> list[dict] | None:
    """The cards of the card list, checked; None when no list was named and the
    default one is not there (a list named but missing is an error)."""
    path = Path(cardlist) if cardlist else DEFAULT_CARDLIST
    if not cardlist and not path.exists():
        return None
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as e:
        raise CardListError(f"cannot read the card list {str(path)!r}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise CardListError(f"{path}: error: the file is not UTF-8 text: byte 0x{e.object[e.start]:02X} at "
                            f"byte offset {e.start} cannot be read") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        where = f"{path}:{e.lineno}:{e.colno}" if isinstance(e, json.JSONDecodeError) else str(path)
        raise CardListError(f"{where}: error: the card list is not JSON ({getattr(e, 'msg', e)})") from None
    if not isinstance(data, list):
        raise CardListError(f"{path}: error: a card list is a JSON list of cards")
    out = []
    for n, c in enumerate(data):
        try:
            arts = c["AlternateArts"]
            min(int(a["SeriesNo"]) for a in arts)
            for a in arts:
                str(a["SetCode"]), str(a["CardCode"])
            str(c["Character"]), str(c["Title"]), c["Skill"].split("\n")
            out.append(c)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise CardListError(f"{path}: error: card {n} of the list is not a card "
                                f"(AlternateArts with SeriesNo, SetCode and CardCode; Character, Title, "
                                f"Skill): {type(e).__name__} {e}") from None
    return out


def _series1_cards(cardlist: str | None) -> list[dict] | None:
    """The Series 1 cards of the card list (see :func:`_cards`)."""
    cards = _cards(cardlist)
    return None if cards is None else [c for c in cards if min(a["SeriesNo"] for a in c["AlternateArts"]) == 1]


def _first_set(card: dict) -> str:
    """The set of a card's first printing (lowest SeriesNo, -1 marking special printings; then
    booster before promotion before starter), as tools/pack_facts.py places cards in packs."""
    arts = [a for a in card["AlternateArts"] if a["SeriesNo"] >= 0] or card["AlternateArts"]
    order = {"B": 0, "P": 1, "S": 2}
    return min(arts, key=lambda a: (a["SeriesNo"], order.get(str(a["SetCode"])[:1], 9), a["SetCode"]))["SetCode"]


def _implemented(pool, c: dict):
    """Our card for a card-list entry (by name, else by any of its codes: a title corrected in
    the pack, or one card the list has twice), and whether it has all of its skills."""
    name = f"{c['Character']}, {c['Title']}"
    expected = [line.split("|")[0].strip() for line in c["Skill"].split("\n") if "|" in line]
    ours = next((pool.find(a["CardCode"]) for a in c["AlternateArts"] if pool.find(a["CardCode"])), None)
    if ours is None:
        # By name only when it is the same card: a card with its codes is found above, and the card
        # list has cards that share a name and title with another but not its skills (B11-101+X
        # "Camilla, Bewitching Malig Knight" is colorless, with other skills than S04-003ST).
        ours = pool.find(name)
        if ours is not None and {s.name for s in ours.skills} != {e for e in expected if e}:
            ours = None
    support = str(c.get("SupportSkill") or "-").strip()
    # (a card may print two support skills, each with its own "|ATK SUPP|"-like tag: B05-006HN)
    supports = 0 if support in ("", "-") else max(1, len(re.findall(r"\|[A-Z/ ]*SUPP\|", support)))
    ok = ours is not None and len(ours.skills) >= len([e for e in expected if e]) and (
        len(ours.support_skills) >= supports)
    return ours, ok


def _group_of(card: dict) -> tuple[int, int, int, tuple] | None:
    """The series group (see :data:`SERIES_GROUPS`) of a card, by its first printing."""
    series = [a["SeriesNo"] for a in card["AlternateArts"] if a["SeriesNo"] >= 0]
    for g in SERIES_GROUPS:
        first, last, _, extra = g
        if (series and first <= min(series) <= last) or (not series and _first_set(card) in extra):
            return g
    return None


def _later_sets_markdown(pool, cards: list[dict], group) -> tuple[list[str], int, int]:
    """One series group's table (every set of those series) and the missing cards of each set that has
    a pack; with the group's implemented and total distinct cards."""
    first, last, issue, _ = group
    by_set: dict[str, list] = defaultdict(list)
    for c in cards:
        if _group_of(c) == group:
            by_set[_first_set(c)].append(c)
    packs = {c.pack.rsplit("/", 1)[-1].split(".")[0].upper() for c in pool}
    order = {"B": 0, "P": 1, "S": 2}
    sets = sorted(by_set, key=lambda s: (order.get(s[:1], 9), s))
    rows, missing, total, done = [], [], 0, 0
    for s in sets:
        oks = [(c, _implemented(pool, c)[1]) for c in by_set[s]]
        n_ok = sum(ok for _, ok in oks)
        total += len(oks)
        done += n_ok
        rows.append(f"| {s} | {n_ok} / {len(oks)}" + ("" if s in packs else " (no pack yet)") + " |")
        if s in packs:
            for c, ok in oks:
                if not ok:
                    code = c["AlternateArts"][0]["CardCode"]
                    why = MISSING.get(code, "not written yet")
                    missing.append(f"- {s}: {c['Character']}, {c['Title']} ({code}): {why}")
    extra = " and the " + ", ".join(group[3]) + " starter deck" if group[3] else ""
    out = [f"## Series {first} to {last}", "",
           f"Cards first printed in Series {first} to {last}{extra} (issue {issue}), by the set of their "
           f"first printing.", "",
           "| set | cards implemented / total |", "| --- | --- |", *rows, "",
           f"Series {first} to {last} distinct cards: {done} / {total} implemented.", ""]
    if missing:
        out += ["### Not implemented yet, in the sets that have a pack", "",
                "Each card with what the skill language is missing for it (a card that does less or other "
                "than its text is left out of its pack).", "", *missing, ""]
    return out, done, total


def coverage_markdown(cardlist: str | None = None) -> str:
    from fecipher.dsl.packs import embedded_pool
    pool = embedded_pool()
    every = _cards(cardlist)
    real = None if every is None else [c for c in every if min(a["SeriesNo"] for a in c["AlternateArts"]) == 1]
    rows = []
    total_impl = total = 0
    sets_of: dict[str, list] = defaultdict(list)
    missing: list[str] = []
    if real is not None:
        for c in real:
            sets = {a["SetCode"] for a in c["AlternateArts"]}
            name = f"{c['Character']}, {c['Title']}"
            ours, ok = _implemented(pool, c)
            for s in sets & set(SERIES1_SETS):
                sets_of[s].append(ok)
            total += 1
            total_impl += ok
            if not ok:
                missing.append(f"{name} ({c['AlternateArts'][0]['CardCode']})")
        for s in SERIES1_SETS:
            got = sets_of.get(s, [])
            rows.append(f"| {s} | {sum(got)} / {len(got)} |")
    else:
        for s in SERIES1_SETS:
            n = sum(1 for c in pool if any(code.startswith(s) for code in c.codes) and _series1_pack(c))
            rows.append(f"| {s} | {n} / ? |")
    out = ["# Coverage", "",
           "Generated by `fecipher coverage --write docs/coverage.md` (do not edit by hand).", "",
           "A card counts once per set it was printed in; a card is implemented when it is in a pack with all",
           "of its skills and its support skill.", "",
           "| set | cards implemented / total |", "| --- | --- |", *rows, ""]
    if real is not None:
        out += [f"Series 1 distinct cards: {total_impl} / {total} implemented.", ""]
        if missing:
            out += ["## Not implemented yet", ""] + [f"- {m}" for m in sorted(missing)] + [""]
        all_done, all_total = total_impl, total
        for group in SERIES_GROUPS:
            lines, done, n = _later_sets_markdown(pool, every, group)
            out += lines
            all_done += done
            all_total += n
        out += ["## The whole pool", "",
                f"Distinct cards of the card list: {all_done} / {all_total} implemented.", ""]
    else:
        out += [f"Series 1 distinct cards: {sum(1 for c in pool if _series1_pack(c))} / ? implemented.", ""]
    out += ["## Language features each set needed", ""]
    for k, feats in FEATURES.items():
        out.append(f"- **{k}**: " + ", ".join(feats))
    out.append("")
    return "\n".join(out)
