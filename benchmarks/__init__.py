"""fecipher's benchmarks: ``python -m benchmarks`` (see benchmarks/__main__.py and docs/performance.md)."""
