"""Work for the bots' pool in tests that a worker process can import by name: an answer held
until the test lets it go (a file appears), so that a test knows what a worker is doing when
it kills it or asks for something else."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any


def held(path: str, answer: Any, most: float = 300.0) -> Any:
    """``answer`` once the file ``path`` exists (looked for every 10 ms; ``most`` seconds is
    only a failsafe, after which it raises)."""
    ends = time.monotonic() + most
    while not Path(path).exists():
        if time.monotonic() > ends:
            raise TimeoutError(f"{path} never appeared")
        time.sleep(0.01)
    return answer


def answer(value: Any) -> Any:
    """``value`` at once."""
    return value
