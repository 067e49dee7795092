"""fecipher.cards."""
