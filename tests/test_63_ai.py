"""The computer players: always a legal option, sensible choices, a search within budget."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fecipher.dsl.decks import load_deck
from fecipher.engine import decisions as D
from fecipher.play.agents import RandomAgent, play
from fecipher.play.ai import HeuristicAgent, SearchAgent, clone_game, evaluate, main as ai_main
from fecipher.engine.game import Game
from vanilla import add_bonds, add_cards, add_unit, begin, card, duel

DECKS = {}


def _decks(swap=False):
    if not DECKS:
        DECKS["d"] = (load_deck("marth"), load_deck("chrom"))
    d = DECKS["d"]
    return (d[1], d[0]) if swap else d


class Checked:
    """Wraps an agent: every answer must be one of the pending decision's options."""

    def __init__(self, agent):
        self.agent = agent
        self.calls = 0

    def __call__(self, game):
        choice = self.agent(game)
        assert choice in game.decision.options, (choice, game.decision)
        assert game.why_illegal(choice) is None
        self.calls += 1
        return choice


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), swap=st.booleans(), lookahead=st.booleans(),
       opponent=st.sampled_from(["random", "heuristic"]))
def test_the_heuristic_agent_only_chooses_legal_options(seed, swap, lookahead, opponent):
    g = Game(*_decks(swap), seed=seed, max_turns=6)
    me = Checked(HeuristicAgent(seed, lookahead=lookahead))
    other = Checked(RandomAgent(seed) if opponent == "random" else HeuristicAgent(seed + 1))
    play(g, [me, other] if seed % 2 else [other, me])
    assert g.over and me.calls > 0


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), prefix=st.integers(0, 60))
def test_the_search_agent_only_chooses_legal_options_within_its_budget(seed, prefix):
    g = Game(*_decks(), seed=seed, max_turns=5)
    rnd = RandomAgent(seed)
    while not g.over and len(g.answers) < prefix:        # a random state to start from
        g.answer(rnd(g))
    search = SearchAgent(rollouts=3, candidates=3, horizon=0, seed=seed)
    checked = Checked(search)
    budgets = []

    def watch(game):
        choice = checked(game)
        budgets.append(search.last_rollouts)
        return choice

    play(g, [watch, Checked(HeuristicAgent(seed))])
    assert g.over
    assert max(budgets, default=0) <= 3
    assert search.rollouts_done == sum(budgets) <= 3 * len(budgets)


def test_search_spends_exactly_its_budget_on_a_real_choice():
    g = Game(*_decks(), seed=4, first_player=0)
    h = HeuristicAgent(0)
    while g.decision.kind != D.DEPLOYMENT or len(g.decision.options) < 3:
        g.answer(h(g))
    for budget in (1, 2, 5, 7):
        s = SearchAgent(rollouts=budget, candidates=3, horizon=0, seed=1, early_stop=False)
        choice = s(g)
        assert choice in g.decision.options
        assert s.rollouts_done == s.last_rollouts == budget
        s = SearchAgent(rollouts=budget, candidates=3, horizon=0, seed=1, prune=1.0)   # it may stop early
        assert s(g) in g.decision.options and 1 <= s.rollouts_done <= budget


def test_a_copy_resumes_the_same_game():
    g = Game(*_decks(), seed=6)
    h = HeuristicAgent(3, lookahead=False)
    copies = 0
    while not g.over and copies < 6:
        c = clone_game(g)
        if c is not None:
            copies += 1
            assert c.decision == g.decision and c is not g
            n = len(g.events)
            # The same answers give the same events in the copy and the original.
            for _ in range(15):
                if g.over:
                    break
                o = h(g)
                g.answer(o)
                c.answer(o)
            assert [e.to_json() for e in c.events[n:]] == [e.to_json() for e in g.events[n:]]
        else:
            g.answer(h(g))


def test_a_determinised_copy_keeps_what_the_player_sees():
    g = Game(*_decks(), seed=6, first_player=0)
    h = HeuristicAgent(3, lookahead=False)
    while g.decision.kind != D.ACTION or g.turn < 4:
        g.answer(h(g))
    me = g.decision.player
    c = clone_game(g, random.Random(1))
    assert c is not None and c.decision == g.decision
    for p in (0, 1):
        a, b = g.players[p], c.players[p]
        assert len(a.hand) == len(b.hand) and len(a.deck) == len(b.deck) and len(a.orbs) == len(b.orbs)
        assert sorted(x.id for x in a.hand + a.deck + [o.copy for o in a.orbs]) == \
            sorted(x.id for x in b.hand + b.deck + [o.copy for o in b.orbs])
    assert [x.id for x in c.players[me].hand] == [x.id for x in g.players[me].hand]
    assert c.players[1 - me].hand != g.players[1 - me].hand or c.players[1 - me].deck != g.players[1 - me].deck


# ------------------------------------------------------------------------ sensible choices
MARTH1 = card("Marth", "Altean Prince", cost=1, attack=40)
MARTH4 = card("Marth", "Star and Savior", cost=4, cc=3, attack=70)
CAIN1 = card("Cain", "Red Knight", cost=1, attack=40)
OGMA3 = card("Ogma", "Mercenary", cost=3, attack=60)
RED = card("Red bond", symbols="red")


def test_it_class_changes_its_main_character_first():
    g, m0, m1 = duel(MARTH1)
    add_bonds(g, 0, *[RED] * 4)
    add_cards(g, 0, "hand", CAIN1, OGMA3, MARTH4)
    begin(g, phase="deployment")
    o = HeuristicAgent()(g)
    assert o.kind == D.CLASS_CHANGE and o.unit == m0.id


def test_it_attacks_the_main_character_when_the_numbers_allow_it_and_never_passes_then():
    g, m0, m1 = duel(card("Lord 0", attack=70), card("Lord 1", attack=40))
    begin(g)
    o = HeuristicAgent()(g)
    assert o.kind == D.ATTACK and o.target == m1.id


def test_it_bonds_a_card_it_will_not_deploy_soon_and_keeps_the_main_characters_name():
    g, m0, m1 = duel(MARTH1)
    hand = add_cards(g, 0, "hand", MARTH4, MARTH1, CAIN1, card("Cain", "Red Knight", cost=1, attack=40))
    begin(g, phase="bond")
    o = HeuristicAgent()(g)
    assert o.kind == D.PLACE_BOND and g.copy(o.card).card.unit_name == "Cain"


def test_it_evades_to_save_its_last_orb_and_keeps_the_card_otherwise():
    for orbs, expect in ((0, D.DISCARD), (5, D.PASS)):
        g, m0, m1 = duel(card("Lord 0", attack=60), MARTH1, orbs=orbs)
        add_cards(g, 1, "hand", MARTH1)
        begin(g)
        g.answer(next(o for o in g.decision.options if o.kind == D.ATTACK and o.target == m1.id))
        while g.decision.kind != D.EVASION:
            g.answer(HeuristicAgent()(g))
        assert HeuristicAgent()(g).kind == expect


def test_evaluate_prefers_more_orbs_and_a_won_game():
    g, m0, m1 = duel(orbs=3)
    begin(g)
    before = evaluate(g, 0), evaluate(g, 1)
    assert -1000 < before[1] < before[0] < 1000          # the player to move is ahead
    g.players[1].orbs.pop()
    assert evaluate(g, 0) > before[0] and evaluate(g, 1) < before[1]
    g.concede(1)
    assert evaluate(g, 0) == 1000 and evaluate(g, 1) == -1000


def test_the_tournament_command_prints_a_table(capsys):
    assert ai_main(["--games", "2", "--pairs", "heuristic-random", "--max-turns", "6"]) == 0
    out = capsys.readouterr().out
    assert "| heuristic vs random | 2 |" in out
