"""fecipher.grammar."""
