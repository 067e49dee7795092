"""`choose N <selector> for each <card> among them`: a choice multiplied by a count of the cards
a `reveal` (or `look at`) line of the skill showed. "Reveal 4 cards from the top of your Deck.
Choose up to 1 enemy in the Back Line per "Fir" among the revealed cards, and move them"
(B21-081R). The count is taken when the line runs (cards that a line of the skill moved since
are not counted, as `among them` reads everywhere); before, a `choose ... for each` count of
cards had to name an area or a stack, and `among them` was refused."""
import textwrap

from fecipher.conformance.scenario import parse_scenarios
from fecipher.conformance.scenario_run import run_scenario
from fecipher.dsl.packs import compile_text

PACK = '''
card "Fir, Probe"
  codes TST-951
  cost 1
  symbol purple
  range 1
  attack 40
  support 10
  act "Heiress"
    reveal the top 3 cards of your deck
    choose up to 1 enemy in the back line for each "Marth" card among them
    move the chosen enemies
    send the revealed cards to your retreat area

card "Marth, Probe"
  codes TST-952
  cost 1
  symbol red
  range 1
  attack 40
  support 10

card "Jory, Probe"
  codes TST-953
  cost 1
  symbol red
  range 1
  attack 10
  support 10

card "Nola, Probe"
  codes TST-954
  cost 1
  symbol blue
  range 1
  attack 40
  support 10

card "Orin, Probe"
  codes TST-955
  cost 1
  symbol blue
  range 1
  attack 30
  support 10
'''


def run(deck: str, steps: str):
    text = ('cards: """\n' + PACK + '"""\n\nscenario "s"\n  start turn 3, player 1, action phase\n  player 1\n'
            f'    deck: {deck}\n    front: TST-953 MC, TST-951\n  player 2\n    front: TST-954 MC\n'
            '    back: TST-955 as "O1", TST-955 as "O2", TST-955 as "O3"\n' + textwrap.dedent(steps))
    return run_scenario(parse_scenarios(text, "among.scn").scenarios[0])


def test_it_compiles():
    cards = compile_text(PACK, "among.fe0")
    assert any(c.unit_name == "Fir" for c in cards)


def test_one_choice_for_each_matching_revealed_card():
    r = run("TST-952, TST-952, TST-953, TST-953", '''
      player 1 uses "Heiress"
      player 1 chooses "O1"
      player 1 chooses "O2"
      expect "O1" is in the front line
      expect "O2" is in the front line
      expect "O3" is in the back line
      expect player 1 deck: TST-953
    ''')
    assert r.status == "passed", r.format()


def test_no_matching_card_no_choice():
    r = run("TST-953, TST-953, TST-953, TST-952", '''
      player 1 uses "Heiress"
      expect player 2 back: 3 cards
      expect player 1 deck: TST-952
    ''')
    assert r.status == "passed", r.format()
