"""``hearts play`` (hearts.cli.terminal): what it refuses before the terminal app starts (the
app itself, the saves and the offer to continue are tested in tests/tui/test_tui_cli.py)."""

from __future__ import annotations

from cli_helpers import one_sentence, runner

from hearts.cli import app


def test_play_refuses_an_absurd_think_before_it_starts() -> None:
    result = runner.invoke(app, ["play", "--think", "1e308"])
    assert result.exit_code == 2
    assert one_sentence(result.stderr) == (
        "error: --think must be at most 600 seconds a move, not 1e+308"
    )
