"""The README's picture of a game in progress, taken by Textual's own screenshot machinery.

``python -m hearts.tui.screenshot docs/play.svg`` plays a seeded modern game by keys (the pass,
then cards as the basic bot would choose them) until the fourth trick waits for the person with
cards on the table, then saves the screen as SVG. The tests take the same picture.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from hearts import bots, variants
from hearts.tui.app import HeartsApp, move_keys
from hearts.tui.session import Session

__all__ = ["take"]


async def _shoot(path: Path, seed: int, size: tuple[int, int]) -> HeartsApp:
    session = Session.new(variants.get("modern"), ["expert", "basic", "basic"], seed=seed)
    # The expert on a counted budget (24 deals a move) rather than a clock: the same picture
    # every time, on any machine.
    session.bots[1] = bots.get("expert", seed=seed * 100 + 1, samples=24)
    app = HeartsApp(session, speed="fast")
    advisor = bots.get("basic")
    async with app.run_test(size=size) as pilot:
        for _ in range(4000):
            await pilot.pause(0.005)
            if not app.waiting_for_you:
                continue
            view = app.view
            if len(view.tricks) >= 3 and view.trick:
                break
            await pilot.press(*move_keys(advisor.choose(view)))
        await pilot.press("right")
        await pilot.pause()
        app.save_screenshot(filename=path.name, path=str(path.parent))
    return app


def take(path: Path, seed: int = 21, size: tuple[int, int] = (80, 24)) -> HeartsApp:
    """Play to the moment and save the screen to ``path`` (SVG); returns the app."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return asyncio.run(_shoot(path, seed, size))


if __name__ == "__main__":  # pragma: no cover - the README's picture is made by hand
    take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/play.svg"))
