"""Test cards shared by the scenario tests (a scenario file's `cards:` block)."""

CARDS = '''cards: """
card "Ansel, Test Lord"
  codes T99-001
  cost 1
  symbol red
  range 1
  attack 40
  support 20

card "Nola, Test Lady"
  codes T99-002
  cost 1
  symbol blue
  range 1
  attack 40
  support 20

card "Nola, Test Duchess"
  codes T99-003
  cost 1
  symbol blue
  range 1
  attack 40
  support 20
"""
'''
