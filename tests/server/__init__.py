"""Tests of hearts serve (a package, so that its conftest is not confused with tests/tui's)."""
