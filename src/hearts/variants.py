"""Named presets: each form of Hearts as a :class:`~hearts.rules.Rules` value and a line of rules.

>>> get("modern").moon
<Moon.OLD: 'old'>
>>> get("Classic").settlement
<SettlementMethod.SWEEPSTAKES: 'sweepstakes'>
>>> names()[:3]
['modern', 'classic', 'howell']
>>> get("modren")
Traceback (most recent call last):
...
hearts.errors.InvalidRules: there is no variant 'modren'; did you mean modern?
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Final

from hearts.cards import QUEEN_OF_SPADES
from hearts.errors import InvalidRules
from hearts.rules import (
    FirstLead,
    GameEnd,
    Moon,
    PassDirection,
    Rules,
    SettlementMethod,
    Strip,
)

__all__ = ["Variant", "VARIANTS", "get", "names", "summary", "name_of", "for_players"]

_MODERN_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
_ODD_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """A named form: its rules, a one-line summary, and where the rules come from."""

    name: str
    rules: Rules
    summary: str
    source: str


def _classic(players: int, **changes: object) -> Rules:
    base = Rules(
        players=players,
        settlement=SettlementMethod.SWEEPSTAKES,
        end=GameEnd.BANKRUPT,
        start_counters=50,
    )
    return base.replace(**changes) if changes else base


MODERN: Final = Rules(
    players=4,
    strip=Strip.MODERN,
    pass_count=3,
    pass_cycle=_MODERN_CYCLE,
    first_lead=FirstLead.LOWEST_CLUB,
    penalty_free_first_trick=True,
    hearts_must_be_broken=True,
    queen_breaks_hearts=True,
    card_values=((QUEEN_OF_SPADES, 13),),
    moon=Moon.OLD,
    settlement=SettlementMethod.POINTS,
    end=GameEnd.TARGET,
    target=100,
)

VARIANTS: Final[dict[str, Variant]] = {
    v.name: v
    for v in (
        Variant(
            "modern",
            MODERN,
            "4 players; pass 3 left/right/across/hold; 2♣ leads; no points on trick one; "
            "hearts break (Q♠ too); hearts 1, Q♠ 13; moon: others +26; game to 100, low wins",
            "RULES.md §6; seeds/003",
        ),
        Variant(
            "classic",
            _classic(4),
            "the laws: 4 players, no pass, eldest leads any card; hearts 1 each; sweepstakes "
            "pool with Jacks; 50 counters each, first to lose all loses",
            "RULES.md §2, §3.1, §3.4; laws 1–29",
        ),
        Variant(
            "howell",
            _classic(4, settlement=SettlementMethod.HOWELL, start_counters=100),
            "classic play, Howell's settling: pay 3 per heart, take out 13 less your hearts; "
            "100 counters each, first to lose all loses",
            "RULES.md §3.2; Foster's Complete Hoyle",
        ),
        Variant(
            "simple",
            _classic(4, settlement=SettlementMethod.SIMPLE, end=GameEnd.DEALS),
            "classic play; pay 1 per heart, fewest hearts take the pool; each deal a game",
            "RULES.md §3.3; Hoyle 1913",
        ),
        Variant(
            "hoyle-gain",
            _classic(4, end=GameEnd.GAIN, target=20),
            "classic sweepstakes as a game of points: the first to win 20 counters wins",
            "RULES.md §3.4 (b); Hoyle 1913",
        ),
        Variant(
            "two-handed",
            Rules(
                players=2,
                stock=True,
                settlement=SettlementMethod.TWO_HANDED,
                end=GameEnd.BANKRUPT,
                start_counters=50,
            ),
            "2 players: 13 each, the winner then the loser draw from the stock after each "
            "trick; more hearts pays the difference",
            "RULES.md §4.1, §3.6; law 8",
        ),
        Variant(
            "three-handed",
            _classic(3, settlement=SettlementMethod.EXCESS),
            "3 players, 2♠ out, 17 each; the most hearts pays each other the difference",
            "RULES.md §4.2, §3.5; law 3",
        ),
        Variant(
            "classic-3",
            _classic(3),
            "3 players, 2♠ out, 17 each; sweepstakes with Jacks",
            "RULES.md §4.2; law 3",
        ),
        Variant(
            "classic-5",
            _classic(5),
            "5 players, both black deuces out, 10 each; sweepstakes with Jacks",
            "RULES.md §4.3; law 3",
        ),
        Variant(
            "classic-6",
            _classic(6),
            "6 players, all deuces out (12 hearts), 8 each; sweepstakes with Jacks",
            "RULES.md §4.4; law 3",
        ),
        Variant(
            "classic-7",
            _classic(7),
            "7 at one table: the dealer takes no cards, six play with the six-handed pack",
            "RULES.md §4.5; Foster",
        ),
    )
}
"""Every preset, by name."""


def names() -> list[str]:
    """The preset names, in the order ``hearts variants`` lists them."""
    return list(VARIANTS)


def get(name: str) -> Rules:
    """The rules of a preset, by name (case and spaces do not matter)."""
    return variant(name).rules


def variant(name: str) -> Variant:
    """A preset with its summary and source."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in VARIANTS:
        return VARIANTS[key]
    close = difflib.get_close_matches(key, VARIANTS, n=1)
    hint = f"; did you mean {close[0]}?" if close else f"; choose from: {', '.join(VARIANTS)}"
    raise InvalidRules(f"there is no variant {name!r}{hint}")


def summary(name: str) -> str:
    """The one-line rule summary of a preset."""
    return variant(name).summary


def name_of(rules: Rules) -> str:
    """The preset name of some rules, or ``custom`` with its player count.

    >>> name_of(get("howell")), name_of(get("howell").replace(start_counters=40))
    ('howell', 'custom 4-player Hearts')
    """
    for v in VARIANTS.values():
        if v.rules == rules:
            return v.name
    return f"custom {rules.players}-player Hearts"


def for_players(rules: Rules, players: int) -> Rules:
    """The same form for another number of players, with the pack and passes that count needs.

    >>> r = for_players(get("modern"), 3)
    >>> r.hand_size, [d.value for d in r.pass_cycle]
    (17, ['left', 'right', 'hold'])
    """
    changes: dict[str, object] = {"players": players}
    if rules.pass_cycle and PassDirection.ACROSS in rules.pass_cycle and players % 2:
        changes["pass_cycle"] = _ODD_CYCLE
    if players == 2 and not rules.stock:
        changes.update(stock=True, pass_count=0, pass_cycle=())
        if rules.settlement in (SettlementMethod.SWEEPSTAKES, SettlementMethod.EXCESS):
            changes["settlement"] = SettlementMethod.TWO_HANDED
    if players != 2 and rules.stock:
        changes["stock"] = False
        if rules.settlement is SettlementMethod.TWO_HANDED:
            changes["settlement"] = SettlementMethod.SWEEPSTAKES
    if players != 3 and rules.settlement is SettlementMethod.EXCESS:
        changes["settlement"] = SettlementMethod.SWEEPSTAKES
    if players == 7 and rules.pass_count:
        changes.update(pass_count=0, pass_cycle=())
    return rules.replace(**changes)
