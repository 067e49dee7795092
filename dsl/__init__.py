"""fecipher.dsl."""
