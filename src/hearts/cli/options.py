"""What the commands' options share: the bounds of a run, the preset and the bots named, the
search budget, the seed, and the words for counts. Each check ends the command in one sentence
when the value cannot be used (:func:`hearts.tui.commandline.fail`), before anything is played.

>>> _count(1, "game"), _count(3, "game"), _first_of(3, "deal")
('1 game', '3 games', 'the first of 3 deals')
>>> _bot_names("basic", 4)
['basic', 'basic', 'basic', 'basic']
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

from hearts import bots as bot_registry
from hearts import variants
from hearts.errors import InvalidArgument, InvalidRules, UnknownName
from hearts.rules import Rules
from hearts.tui.commandline import fail as _fail

__all__ = ["MAX_RUN", "MAX_SAMPLES", "MAX_THINK", "SEEDS"]

MAX_THINK: Final = bot_registry.MAX_THINK
"""The most seconds a move a bot may be given (ten minutes): the bots' cap."""
MAX_SAMPLES: Final = bot_registry.MAX_SAMPLES
"""The most deals a move a searching bot may sample (minutes a move): the bots' cap."""
MAX_RUN: Final = 1_000_000
"""The most games (simulate) or deals (arena) a run may ask for."""
SEEDS: Final = (-(2**63), 2**63 - 1)
"""The seeds a command takes: 64-bit whole numbers (a record's seed stays exact in any JSON)."""


def _rules_for(variant: str, players: int | None) -> Rules:
    """The preset named (its closest name suggested), at the table asked for."""
    try:
        if players is None:
            return variants.get(variant)
        return variants.for_players_named(variant, players)
    except (UnknownName, InvalidRules) as error:
        _fail(str(error))


def _bot_names(text: str, players: int) -> list[str]:
    """The bots named, one for every seat or one per seat (an unknown name: the closest one)."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in bot_registry.known():
            try:
                bot_registry.get(name)
            except UnknownName as error:
                _fail(str(error))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        _fail(
            f"--bots names {len(names)} bots for {players} seats: give one name for every "
            "seat, or one per seat"
        )
    return names


def _check_search(think: float | None, samples: int | None) -> None:
    """Refuse a search budget that is no budget, or an absurd one, or two budgets at once (the
    bots' one check: :func:`hearts.bots.search.check_budget`)."""
    try:
        bot_registry.check_budget(think, samples, names=("--think", "--samples"), alone=True)
    except InvalidArgument as error:
        _fail(str(error))


def _check_search_applies(names: Sequence[str], think: float | None, samples: int | None) -> None:
    """Refuse a search budget when no bot given searches (it would change nothing)."""
    given = [option for option, value in (("--think", think), ("--samples", samples)) if value]
    if given and not any(name in bot_registry.SEARCHERS for name in names):
        players = [name for name in bot_registry.names() if name in bot_registry.SEARCHERS]
        levels = [name for name in bot_registry.levels() if name in bot_registry.SEARCHERS]
        searchers = f"{' and '.join(players)}; the levels {' and '.join(levels)}"
        _fail(
            f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} for the bots that search "
            f"({searchers}), and --bots names none of them ({', '.join(dict.fromkeys(names))})"
        )


def _check_count(option: str, value: int, most: int = MAX_RUN) -> None:
    """Refuse a count below 1 or beyond reason."""
    if value < 1:
        _fail(f"{option} must be at least 1, not {value}")
    if value > most:
        _fail(f"{option} must be at most {most}, not {value}")


def _check_seed(seed: int, count: int = 1) -> None:
    """Refuse a seed (and the ``count - 1`` seeds after it) outside 64-bit whole numbers."""
    low, high = SEEDS
    if not low <= seed <= high:
        _fail(f"--seed must be a whole number from {low} to {high}, not {seed}")
    if seed + count - 1 > high:
        _fail(
            f"--seed {seed} with {count} games runs past the largest seed, {high}: "
            f"give a seed of at most {high - count + 1}"
        )


_THINK_HELP = (
    "Seconds a move at most for the bots that search (expert, ismcts; 1 by default; the expert"
    " stops sooner once its choice is settled)."
)
_SAMPLES_HELP = "Deals sampled a move by the bots that search, instead (reproducible runs)."


def _seed(seed: int | None) -> int:
    """The given seed (checked), or a fresh one (every game has a seed, so that it can be dealt
    again)."""
    if seed is None:
        return secrets.randbelow(2**31)
    _check_seed(seed)
    return seed


def _first_of(number: int, noun: str) -> str:
    """``the game`` (of one), ``the first of 3 games``."""
    return f"the {noun}" if number == 1 else f"the first of {number} {noun}s"


def _count(number: int, noun: str) -> str:
    """A number and its noun, singular or plural: ``1 game``, ``3 games``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
