"""``hearts variants`` (hearts.cli.presets): every preset, its rules in a line, its tables."""

from __future__ import annotations

from cli_helpers import WIDE, runner

from hearts import variants
from hearts.cli import app


def test_variants_lists_every_preset_with_its_rule_summary() -> None:
    result = runner.invoke(app, ["variants"], env=WIDE)
    assert result.exit_code == 0
    for preset in variants.VARIANTS.values():
        assert preset.name in result.stdout
        assert preset.summary in result.stdout


def test_variants_at_80_columns_cuts_no_summary() -> None:
    """At 80 columns the summaries wrap, and a word too long for its column folds: no
    summary loses its end to an ellipsis."""
    result = runner.invoke(app, ["variants"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "…" not in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_variants_lists_the_tables_each_form_allows_and_its_other_names() -> None:
    result = runner.invoke(app, ["variants"], env=WIDE)
    assert result.exit_code == 0
    assert "another name for modern" in result.stdout
    row = next(line for line in result.stdout.splitlines() if " black-maria " in line)
    assert "3 (3, 4)" in row
