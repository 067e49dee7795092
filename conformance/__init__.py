"""fecipher.conformance: the scenario format, its runner, the snapshot tool and the pytest plugin."""
