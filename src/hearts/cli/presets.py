"""``hearts variants``: the presets, each with a one-line summary of its rules and the tables
it may be played at.

>>> _players(variants.VARIANTS["modern"])
'4 (3–6)'
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from hearts import variants

__all__ = ["variants_command"]


def variants_command() -> None:
    """List the presets, each with a one-line summary of its rules."""
    table = Table(title="Hearts presets", show_lines=False)
    table.add_column("Variant", style="bold", no_wrap=True)
    table.add_column("Players", justify="right")
    table.add_column("Rules", overflow="fold")  # (a long word folds, never cut)
    table.add_column("Source", style="dim")
    for preset in variants.VARIANTS.values():
        table.add_row(preset.name, _players(preset), preset.summary, preset.source)
        for alias in variants.aliases_of(preset.name):
            table.add_row(alias, _players(preset), f"another name for {preset.name}", "")
    Console().print(table)


def _players(preset: variants.Variant) -> str:
    """The seats a preset deals, and the other counts it may be played by (``--players``)."""
    counts = preset.players
    if counts == (preset.rules.players,):
        return str(preset.rules.players)
    if counts == tuple(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        others = f"{counts[0]}–{counts[-1]}"
    else:
        others = ", ".join(map(str, counts))
    return f"{preset.rules.players} ({others})"
