"""Named presets: each form of Hearts as a :class:`~hearts.rules.Rules` value and a line of rules.

>>> get("modern").moon
<Moon.OLD: 'old'>
>>> get("Classic").settlement
Sweepstakes(jack_rule=<JackRule.SOLE_CLEAR: 'sole-clear'>)
>>> names()[:3]
['modern', 'classic', 'howell']
>>> get("black-lady") == get("modern")     # another name of the same form
True
>>> get("modren")
Traceback (most recent call last):
...
hearts.errors.UnknownName: there is no variant 'modren'; did you mean modern?
>>> for_players_named("black-maria", 5)
Traceback (most recent call last):
...
hearts.errors.InvalidRules: Black Maria is played by three or four players, not five
"""

from __future__ import annotations

import dataclasses
from typing import Final

from hearts.cards import (
    JACK_OF_DIAMONDS,
    JACK_OF_SPADES,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    Card,
    Rank,
    Suit,
)
from hearts.errors import InvalidArgument, InvalidRules, UnknownName
from hearts.rules import (
    Auction,
    Cancellation,
    Excess,
    FirstLead,
    GameEnd,
    HeartValue,
    Howell,
    Joker,
    Moon,
    NoTrickBonus,
    PassDirection,
    Passing,
    Points,
    Rules,
    SettlementMethod,
    Simple,
    Strip,
    Sweepstakes,
    TieRule,
    TwoHanded,
    Widow,
)

__all__ = [
    "Variant",
    "VARIANTS",
    "ALIASES",
    "get",
    "variant",
    "names",
    "summary",
    "name_of",
    "for_players",
    "for_players_named",
    "aliases_of",
]

_MODERN_CYCLE: Final = (
    PassDirection.LEFT,
    PassDirection.RIGHT,
    PassDirection.ACROSS,
    PassDirection.HOLD,
)
_ODD_CYCLE: Final = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
_ANY_TABLE: Final = (2, 3, 4, 5, 6, 7)
"""The classic forms adapt to every table of law 1 and Foster's seven (law 3 strips the pack)."""
_JOKER_TABLES: Final = (2, 3, 4, 5)
"""Joker Hearts needs the 2♥ it replaces: law 3 lays it aside at six (and so at seven)."""
_MODERN_TABLES: Final = (3, 4, 5, 6)
"""The modern passing game is played by three to six (docs/rules.md §6.1)."""
_AUCTION_TABLES: Final = (4, 5, 6)
"""Auction Hearts: usually four, five or six allowed (docs/rules.md §5.1.1, Foster)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """A named form: its rules, a one-line summary, and where the rules come from."""

    name: str
    rules: Rules
    summary: str
    source: str
    players: tuple[int, ...]
    """The numbers of players the form is played by (:func:`for_players_named` refuses others)."""
    title: str
    """The form's name in a sentence ("Black Maria")."""


def _classic(players: int, **changes: object) -> Rules:
    base = Rules(
        players=players,
        settlement=Sweepstakes(),
        end=GameEnd.BANKRUPT,
        start_counters=50,
    )
    return base.replace(**changes) if changes else base


MODERN: Final = Rules(
    players=4,
    strip=Strip.MODERN,
    passing=Passing(count=3, cycle=_MODERN_CYCLE),
    first_lead=FirstLead.LOWEST_CLUB,
    penalty_free_first_trick=True,
    hearts_must_be_broken=True,
    queen_breaks_hearts=True,
    card_values=((QUEEN_OF_SPADES, 13),),
    settlement=Points(moon=Moon.OLD),
    end=GameEnd.TARGET,
    target=100,
)

_SPOT_COUNTERS: Final = 800
"""Spot Hearts puts T = 104 in play, eight times the plain 13, so Howell's nets (104 − N·pips)
are eight times as large: 800 counters keep Foster's 100 at the plain game's scale (about as many
hands to a bankruptcy as `howell`; with 100 one bad hand can end the game)."""

_KING_OF_SPADES: Final = Card.of(Rank.KING, Suit.SPADES)
_ACE_OF_SPADES: Final = Card.of(Rank.ACE, Suit.SPADES)
_QUEEN_OF_HEARTS: Final = Card.of(Rank.QUEEN, Suit.HEARTS)

VARIANTS: Final[dict[str, Variant]] = {
    v.name: v
    for v in (
        Variant(
            "modern",
            MODERN,
            "4 players; pass 3 left/right/across/hold; 2♣ leads; no points on trick one; "
            "hearts break (Q♠ too); hearts 1, Q♠ 13; moon: others +26; game to 100, low wins",
            "pagat; Art of Manliness (docs/rules.md §6)",
            players=_MODERN_TABLES,
            title="Modern Hearts",
        ),
        Variant(
            "classic",
            _classic(4),
            "the laws: 4 players, no pass, eldest leads any card; hearts 1 each; sweepstakes "
            "pool with Jacks; 50 counters each, first to lose all loses",
            "Foster's laws 1–29; Hoyle (1913) (docs/rules.md §2, §3.1, §3.4)",
            players=_ANY_TABLE,
            title="Classic Hearts",
        ),
        Variant(
            "howell",
            _classic(4, settlement=Howell(), start_counters=100),
            "classic play, Howell's settling: pay 3 per heart, take out 13 less your hearts; "
            "100 counters each, first to lose all loses",
            "Foster's Complete Hoyle; Hoyle (1913) (docs/rules.md §3.2)",
            players=_ANY_TABLE,
            title="Hearts with Howell's settling",
        ),
        Variant(
            "simple",
            _classic(4, settlement=Simple(), end=GameEnd.DEALS, ties=TieRule.SHARE),
            "classic play; pay 1 per heart, fewest hearts take the pool (ties divide it); each "
            "deal a game",
            "Hoyle (1913) (docs/rules.md §3.3)",
            players=_ANY_TABLE,
            title="Hearts with the simple settlement",
        ),
        Variant(
            "hoyle-gain",
            _classic(4, end=GameEnd.GAIN, target=20),
            "classic sweepstakes as a game of points: the first to win 20 counters wins",
            "Hoyle (1913) (docs/rules.md §3.4 (b))",
            players=_ANY_TABLE,
            title="Hoyle's game of points",
        ),
        Variant(
            "two-handed",
            Rules(
                players=2,
                stock=True,
                settlement=TwoHanded(),
                end=GameEnd.BANKRUPT,
                start_counters=50,
            ),
            "2 players: 13 each, the winner then the loser draw from the stock after each "
            "trick; more hearts pays the difference",
            "law 8; Foster; Parlett (docs/rules.md §4.1, §3.6)",
            players=(2,),
            title="Two-handed Hearts",
        ),
        Variant(
            "three-handed",
            _classic(3, settlement=Excess()),
            "3 players, 2♠ out, 17 each; the most hearts pays each other the difference",
            "law 3; Foster (docs/rules.md §4.2, §3.5)",
            players=(3,),
            title="Three-handed Hearts",
        ),
        Variant(
            "classic-3",
            _classic(3),
            "3 players, 2♠ out, 17 each; sweepstakes with Jacks",
            "law 3; Foster (docs/rules.md §4.2)",
            players=_ANY_TABLE,
            title="Classic Hearts",
        ),
        Variant(
            "classic-5",
            _classic(5),
            "5 players, both black deuces out, 10 each; sweepstakes with Jacks",
            "law 3; Foster (docs/rules.md §4.3)",
            players=_ANY_TABLE,
            title="Classic Hearts",
        ),
        Variant(
            "classic-6",
            _classic(6),
            "6 players, all deuces out (12 hearts), 8 each; sweepstakes with Jacks",
            "law 3; Foster (docs/rules.md §4.4)",
            players=_ANY_TABLE,
            title="Classic Hearts",
        ),
        Variant(
            "classic-7",
            _classic(7),
            "7 at one table: the dealer takes no cards, six play with the six-handed pack",
            "Foster (docs/rules.md §4.5)",
            players=_ANY_TABLE,
            title="Classic Hearts",
        ),
        Variant(
            "black-jack",
            _classic(4, card_values=((JACK_OF_SPADES, 10),)),
            "classic play (no pass, eldest leads any card); the J♠ counts 10 hearts (23 a "
            "deal); sweepstakes pool with Jacks; 50 counters each, first to lose all loses",
            "Hoyle (1913) (docs/rules.md §5.4, §3.7)",
            players=_ANY_TABLE,
            title="Black Jack",
        ),
        Variant(
            "black-lady-hoyle",
            _classic(4, card_values=((QUEEN_OF_SPADES, 13),)),
            "classic play (no pass, eldest leads any card); the Q♠ counts 13 hearts (26 a "
            "deal); sweepstakes pool with Jacks; 50 counters each, first to lose all loses",
            "Hoyle (1913) (docs/rules.md §5.4, §3.7)",
            players=_ANY_TABLE,
            title="Black Lady (Hoyle 1913)",
        ),
        Variant(
            "joker",
            _classic(4, joker=Joker()),
            "classic play; the joker replaces the 2♥: a heart above the A♥, it wins any trick "
            "it is played to and counts 5 (17 a deal); sweepstakes pool with Jacks, 50 counters",
            "law 3; its power and value unverified (docs/rules.md §5.2)",
            players=_JOKER_TABLES,
            title="Joker Hearts",
        ),
        Variant(
            "spot",
            _classic(
                4,
                heart_value=HeartValue.PIPS,
                settlement=Howell(),
                start_counters=_SPOT_COUNTERS,
            ),
            "classic play; a heart costs its pips (2–10, J 11, Q 12, K 13, A 14: 104 a deal); "
            "Howell's settling, net 104 − 4·pips; 800 counters each (Howell's 100 times "
            "104/13), first to lose all loses",
            "Britannica (1911); the settlement our reading (docs/rules.md §5.3)",
            players=_ANY_TABLE,
            title="Spot Hearts",
        ),
        Variant(
            "omnibus",
            MODERN.replace(card_values=((QUEEN_OF_SPADES, 13), (JACK_OF_DIAMONDS, -10))),
            "modern, and the J♦ counts −10 to whoever takes it; the moon still needs only the "
            "hearts and the Q♠, the J♦ counting apart",
            "pagat (docs/rules.md §6.5)",
            players=_MODERN_TABLES,
            title="Omnibus Hearts",
        ),
        Variant(
            "pink-lady",
            MODERN.replace(card_values=((QUEEN_OF_SPADES, 13), (_QUEEN_OF_HEARTS, 13))),
            "modern, and the Q♥ counts 13 as well (38 a deal); the moon needs every heart and "
            "the Q♠ (others +38) — a reconstruction: no source was found",
            "no source found: a reconstruction (docs/rules.md §6.5, §10.5)",
            players=_MODERN_TABLES,
            title="Pink Lady",
        ),
        Variant(
            "black-maria",
            Rules(
                players=3,
                removed=(TWO_OF_CLUBS,),
                passing=Passing(count=3, cycle=(PassDirection.RIGHT,)),
                first_lead=FirstLead.ELDEST,
                card_values=((QUEEN_OF_SPADES, 13), (_KING_OF_SPADES, 10), (_ACE_OF_SPADES, 7)),
                settlement=Points(),
                end=GameEnd.TARGET,
                target=100,
            ),
            "3 players, 2♣ out, 17 each (4 players: 13 each, none out); pass 3 to the right "
            "every hand; eldest leads any card; hearts 1, Q♠ 13, K♠ 10, A♠ 7 (43 a deal); "
            "no moon; game to 100, low wins",
            "Parlett; gamerules.com (docs/rules.md §6.5)",
            players=(3, 4),
            title="Black Maria",
        ),
        Variant(
            "no-trick",
            MODERN.replace(settlement=Points(moon=Moon.OLD, no_trick=NoTrickBonus(points=5))),
            "modern, and a player who wins no trick in a hand subtracts 5",
            "Wikipedia (docs/rules.md §6.5)",
            players=_MODERN_TABLES,
            title="Hearts with the no-trick bonus",
        ),
        Variant(
            "new-moon",
            MODERN.replace(settlement=Points(moon=Moon.NEW)),
            "modern, but shooting the moon scores −26 to the shooter and nothing to the others",
            "Wikipedia (docs/rules.md §6.4)",
            players=_MODERN_TABLES,
            title="Hearts with the New Moon",
        ),
        Variant(
            "cancellation",
            Rules(
                players=6,
                cancellation=Cancellation(),
                card_values=((QUEEN_OF_SPADES, 13),),
                settlement=Points(),
                end=GameEnd.TARGET,
                target=100,
            ),
            "6 players, two packs, 17 each, widow to the first trick; no pass; eldest leads; "
            "twins cancel (all cancelled: trick carried); hearts 1, each Q♠ 13; game to 100",
            "Bicycle; Wikipedia; Parlett (docs/rules.md §7)",
            players=(6, 7, 8, 9, 10),
            title="Cancellation Hearts",
        ),
        Variant(
            "heartsette",
            _classic(4, widow=Widow.DISCARD),
            "4 players, no 2♠, 12 each, a widow of 3; eldest leads; the first trick's winner "
            "takes the widow, discards 3 (they count); hearts 1; sweepstakes",
            "pokerwiner (docs/rules.md §5.5)",
            players=(3, 4, 5, 6),
            title="Heartsette",
        ),
        Variant(
            "domino",
            Rules(
                players=4,
                domino=True,
                settlement=Points(),
                end=GameEnd.TARGET,
                target=31,
            ),
            "4 players, 6 each, the rest a stock; eldest leads; who cannot follow draws until "
            "he can; out of cards, out of play; the last keeps the rest; hearts 1 (no Q♠); to 31",
            "Bicycle; yourgametips (docs/rules.md §5.6)",
            players=_ANY_TABLE,
            title="Domino Hearts",
        ),
        Variant(
            "auction",
            _classic(4, auction=Auction()),
            "classic play; each bids once, eldest first; the highest bidder pays his bid into "
            "the pool, names the suit to avoid (1 counter a card) and leads; pool with Jacks; "
            "50 counters each",
            "Foster's laws 24, 29, 30; the Jack: Bicycle (docs/rules.md §5.1)",
            players=_AUCTION_TABLES,
            title="Auction Hearts",
        ),
    )
}
"""Every preset, by name."""

ALIASES: Final[dict[str, str]] = {"black-lady": "modern"}
"""Other names of presets: the modern game is the Black Lady as it is played today (docs/rules.md §6)."""


def names() -> list[str]:
    """The preset names, in the order ``hearts variants`` lists them."""
    return list(VARIANTS)


def get(name: str) -> Rules:
    """The rules of a preset, by name (case and spaces do not matter); a name of no preset
    raises :class:`~hearts.errors.UnknownName`, with the closest name."""
    return variant(name).rules


def variant(name: str) -> Variant:
    """A preset with its summary and source (an alias gives the preset it names)."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-") if isinstance(name, str) else ""
    key = ALIASES.get(key, key)
    if key in VARIANTS:
        return VARIANTS[key]
    raise UnknownName.among("variant", name, VARIANTS, key=key, also=ALIASES)


def aliases_of(name: str) -> list[str]:
    """The other names of a preset.

    >>> aliases_of("modern")
    ['black-lady']
    """
    return [alias for alias, preset in ALIASES.items() if preset == name]


def summary(name: str) -> str:
    """The one-line rule summary of a preset."""
    return variant(name).summary


def name_of(rules: Rules) -> str:
    """The preset name of some rules, or ``custom`` with its player count.

    >>> name_of(get("howell")), name_of(get("howell").replace(start_counters=40))
    ('howell', 'custom 4-player Hearts')
    >>> name_of(get("classic").replace(laws=True))
    'classic by the laws'
    """
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"name_of names Rules, not {type(rules).__name__}")
    for v in VARIANTS.values():
        if v.rules == rules:
            return v.name
    if rules.laws:
        lawless = name_of(rules.replace(laws=False))
        if not lawless.startswith("custom"):
            return f"{lawless} by the laws"
    return f"custom {rules.players}-player Hearts"


def for_players(rules: Rules, players: int) -> Rules:
    """The same form for another number of players, with the pack and passes that count needs.

    >>> r = for_players(get("modern"), 3)
    >>> r.hand_size, [d.value for d in r.passing.cycle]
    (17, ['left', 'right', 'hold'])
    """
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"for_players adapts Rules, not {type(rules).__name__}")
    _check_players(players)
    changes: dict[str, object] = {"players": players}
    if rules.passing and PassDirection.ACROSS in rules.passing.cycle and players % 2:
        changes["passing"] = dataclasses.replace(rules.passing, cycle=_ODD_CYCLE)
    if players == 2 and not rules.stock and not rules.domino:
        changes.update(stock=True, passing=None)
        if rules.method in (SettlementMethod.SWEEPSTAKES, SettlementMethod.EXCESS):
            changes["settlement"] = TwoHanded()
    if players != 2 and rules.stock:
        changes["stock"] = False
        if rules.method is SettlementMethod.TWO_HANDED:
            changes["settlement"] = Sweepstakes()
    if players != 3 and rules.method is SettlementMethod.EXCESS:
        changes["settlement"] = Sweepstakes()
    if players == 7 and rules.passing:
        changes["passing"] = None
    if rules.removed and players != rules.players:
        # Cards laid aside by name suit the form's own table; at another, the strip decides
        # (Black Maria's 2♣ goes for three; four take all 52).
        changes["removed"] = ()
    return rules.replace(**changes)


def for_players_named(name: str, players: int) -> Rules:
    """A preset for a number of players, refused with a sentence if the form is not played so.

    >>> for_players_named("black-maria", 4).hand_size
    13
    >>> for_players_named("two-handed", 4)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: Two-handed Hearts is played by two players, not four
    """
    preset = variant(name)
    _check_players(players)
    if players == preset.rules.players:
        return preset.rules
    if players not in preset.players and (players in _ANY_TABLE or preset.rules.packs > 1):
        raise InvalidRules(
            f"{preset.title} is played by {_counts_in_words(preset.players)} players, "
            f"not {_NUMBER_WORDS[players]}"
        )
    # A table that no form seats (law 1) is refused by the rules, which say why.
    return for_players(preset.rules, players)


def _check_players(players: object) -> None:
    """A number of players is a whole number (the rules say which numbers a table seats)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidRules(f"players={players!r} is not a whole number")


_NUMBER_WORDS: Final = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
}


def _counts_in_words(counts: tuple[int, ...]) -> str:
    """The numbers of players a form allows, in words: "three or four", "three to six"."""
    words = [_NUMBER_WORDS[count] for count in counts]
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{words[0]} to {words[-1]}"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} or {words[-1]}"
