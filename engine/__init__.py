"""fecipher.engine."""
