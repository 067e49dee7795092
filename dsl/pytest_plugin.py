"""pytest plugin: collects scenario files (*.scn) as test items (see fecipher.dsl.scenario)."""
