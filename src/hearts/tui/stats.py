"""``hearts stats``: the person's statistics from the finished games the terminal kept.

Every finished game ``hearts play`` kept its record of (the saves' ``finished/`` folder,
:mod:`hearts.tui.saves`) is read again, and the person's seat (seat 0: the terminal seats the
person there) summed up per form (a preset at a number of players, ``modern/4``): games, wins,
hands, average points a hand, moons shot and shot against, the hands the Q♠ was taken, the hands
without a trick, and by pass direction. Each game's summary is :func:`hearts.stats.summary`,
added up by :func:`hearts.stats.add_up` (the server sums the same summaries in its database); a game whose rules
are no preset's (changed options) is counted apart, under no form. Nothing is kept besides the
records: the statistics are made from them each time, so they never drift from the games.

>>> import tempfile, random
>>> from hearts import Game, record, variants
>>> folder = Path(tempfile.mkdtemp())
>>> game = Game(variants.get("simple"), seed=4)
>>> moves = random.Random(4)
>>> while not game.is_over:
...     _ = game.play(moves.choice(list(game.legal_moves())))
>>> (folder / "finished").mkdir()
>>> record.dump(game, folder / "finished" / "game-4.json")
>>> found = collect(folder)
>>> sorted(found.by_form), found.by_form["simple/4"].games, found.problems
(['simple/4'], 1, [])
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from hearts import record, variants
from hearts.errors import HeartsError
from hearts.rules import Rules
from hearts.stats import DIRECTIONS, GameSummary, Totals, add_up, summary

__all__ = ["NO_FORM", "PERSON_SEAT", "Collected", "as_json", "collect", "form_of_rules", "text"]

PERSON_SEAT = 0
"""The person's seat in every game the terminal plays."""
NO_FORM = "changed rules"
"""The heading of the games whose rules are no preset's."""


def form_of_rules(rules: Rules) -> str | None:
    """The form of some rules, ``"{preset}/{players}"``, or None when no preset at that number of
    players has them (options changed).

    >>> form_of_rules(variants.get("modern")), form_of_rules(variants.get("classic-5"))
    ('modern/4', 'classic/5')
    >>> form_of_rules(variants.get("modern").replace(target=50)) is None
    True
    """
    for name in variants.names():
        try:
            if variants.for_players_named(name, rules.players) == rules:
                return f"{name}/{rules.players}"
        except HeartsError:
            continue
    return None


@dataclasses.dataclass(frozen=True, slots=True)
class Collected:
    """The finished games found, added up by form, and the files that could not be read."""

    by_form: dict[str, Totals]
    problems: list[str]


def collect(save_dir: Path) -> Collected:
    """Read every finished game's record under ``save_dir/finished`` and add the person's
    games up by form (games of changed rules under :data:`NO_FORM`)."""
    games: dict[str, list[GameSummary]] = {}
    problems: list[str] = []
    folder = save_dir / "finished"
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            game = record.load(path)
        except (HeartsError, OSError) as error:
            problems.append(f"{path.name} cannot be read: {error}")
            continue
        if not game.is_over:
            problems.append(f"{path.name} is not a finished game")
            continue
        form = form_of_rules(game.rules) or NO_FORM
        games.setdefault(form, []).append(summary(game.rules, game.events, PERSON_SEAT))
    by_form = {form: add_up(games[form]) for form in sorted(games, key=lambda f: f == NO_FORM)}
    return Collected(by_form, problems)


def _share(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.0f}%)" if whole else str(part)


def text(found: Collected) -> str:
    """The statistics as the terminal prints them: a block per form.

    >>> print(text(Collected({}, [])))
    No finished games yet: play one with `hearts play`.
    """
    if not found.by_form:
        lines = ["No finished games yet: play one with `hearts play`."]
    else:
        lines = []
        for form, totals in found.by_form.items():
            if lines:
                lines.append("")
            lines.extend(_block(form, totals))
    return "\n".join([*lines, *found.problems])


def _block(form: str, t: Totals) -> list[str]:
    a_hand = "-" if t.points_a_hand is None else f"{t.points_a_hand:.2f}"
    lines = [
        f"{form}",
        f"  games {t.games}, won {_share(t.wins, t.games)}, places "
        + " ".join(f"{n + 1}:{count}" for n, count in enumerate(t.places)),
        f"  hands {t.hands}, points a hand {a_hand}",
        f"  moons shot {t.moons_shot}, against you {t.moons_against}",
        f"  Q♠ taken in {_share(t.queen_taken, t.hands)} hands",
        f"  hands without a trick {_share(t.hands_without_trick, t.hands)}",
    ]
    if t.by_pass:
        parts = []
        for name in [d for d in DIRECTIONS if d in t.by_pass] + [
            d for d in t.by_pass if d not in DIRECTIONS
        ]:
            part = t.by_pass[name]
            mean = part["points"] / part["hands"] if part["hands"] else 0.0
            parts.append(f"{name} {part['hands']} hands, {mean:.2f} a hand")
        lines.append("  by pass: " + "; ".join(parts))
    return lines


def as_json(found: Collected) -> str:
    """The statistics as JSON: ``{"forms": {form: totals}, "problems": [...]}``.

    >>> json.loads(as_json(Collected({}, [])))
    {'forms': {}, 'problems': []}
    """
    data: dict[str, Any] = {
        "forms": {form: totals.to_dict() for form, totals in found.by_form.items()},
        "problems": found.problems,
    }
    return json.dumps(data, indent=2, ensure_ascii=False)
