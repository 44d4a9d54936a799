"""What the tests of the ``hearts`` command share: a runner, a wide terminal, and the one
sentence a refusal is."""

from __future__ import annotations

from typer.testing import CliRunner

runner = CliRunner()
WIDE = {"COLUMNS": "300"}
"""A terminal wide enough that no table wraps."""


def one_sentence(stderr: str) -> str:
    """The last line of stderr, checked to be the only error line and no traceback."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert "Traceback" not in stderr
    assert len(lines) == 1, stderr
    return lines[0]
