"""Tests of hearts.envs (a package, so that its helper module imports as envs.encode_reference)."""
