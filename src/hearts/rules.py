"""The rules of a form of Hearts, as data.

A :class:`Rules` value is a frozen set of orthogonal choices (players, pack, passing, opening lead,
breaking hearts, penalty values, moon, settlement, end of game). The engine reads only these
choices, so a new form is a new combination, not a new branch. Contradictory choices are refused
when the value is built, with a sentence that names the two options that clash.

>>> rules = Rules(players=4, settlement=SettlementMethod.HOWELL, end=GameEnd.BANKRUPT)
>>> rules.hand_size, rules.penalty_total
(13, 13)
>>> Rules(players=3, pass_cycle=(PassDirection.ACROSS,), pass_count=3)
Traceback (most recent call last):
...
hearts.errors.InvalidRules: pass_cycle=across clashes with players=3: only an even table has a seat across
>>> Rules(moon=Moon.OLD)
Traceback (most recent call last):
...
hearts.errors.InvalidRules: moon=old clashes with settlement=sweepstakes: the moon is scored only when settlement=points
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, Final

from hearts.cards import (
    FULL_PACK,
    HEARTS_MASK,
    JOKER,
    SUIT_MASKS,
    Card,
    Rank,
    Suit,
    cards_of,
    mask_of,
)
from hearts.errors import InvalidCard, InvalidRules

__all__ = [
    "PassDirection",
    "FirstLead",
    "Moon",
    "SettlementMethod",
    "GameEnd",
    "TieRule",
    "Strip",
    "JackRule",
    "HeartValue",
    "Widow",
    "LastTrick",
    "Rules",
    "stripped_cards",
]


class PassDirection(enum.Enum):
    """Where the cards passed after the deal go."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"

    def offset(self, players: int) -> int:
        """Seats clockwise from the passer to the receiver (0 for a hold hand).

        >>> PassDirection.RIGHT.offset(4), PassDirection.ACROSS.offset(6)
        (3, 3)
        """
        if self is PassDirection.LEFT:
            return 1
        if self is PassDirection.RIGHT:
            return players - 1
        if self is PassDirection.ACROSS:
            return players // 2
        return 0


class FirstLead(enum.Enum):
    """Who leads the first trick, and with what."""

    ELDEST = "eldest"
    """The eldest hand (dealer's left) leads any card (the laws; Hoyle 1913)."""
    LOWEST_CLUB = "lowest-club"
    """The holder of the 2♣ (the lowest club in play if it is stripped) must lead it (modern)."""


class Moon(enum.Enum):
    """Shooting the moon: one seat takes every card that counts against (RULES.md §6.4)."""

    OFF = "off"
    OLD = "old"
    """The shooter scores nothing for them; every other seat scores their total (26)."""
    NEW = "new"
    """The shooter subtracts their total (−26); the others score nothing for them."""
    CHOICE = "choice"
    """The shooter chooses old or new, as a move of theirs after the last trick."""


class SettlementMethod(enum.Enum):
    """How a hand's penalties turn into points or counters (RULES.md §3, §6.4)."""

    POINTS = "points"
    """Penalty points add to a running score; lowest total wins (the modern game)."""
    SWEEPSTAKES = "sweepstakes"
    """Pay one counter per heart into a pool; a sole clear player takes it; Jacks (law 29)."""
    HOWELL = "howell"
    """Pay (N−1) per heart, take out (T − hearts): net T − N·h (Howell's settling)."""
    SIMPLE = "simple"
    """Pay one per heart; the fewest hearts take the pool (Hoyle 1913)."""
    EXCESS = "excess"
    """Three-handed: the most hearts pays each other player the difference (Foster)."""
    TWO_HANDED = "two-handed"
    """Two-handed: more hearts pays the difference (option: first hearts free)."""


class GameEnd(enum.Enum):
    """When a game is over."""

    TARGET = "target"
    """Points: after the hand in which a seat reaches ``target``; lowest total wins."""
    DEALS = "deals"
    """After ``deals`` hands (one, by default: "each deal is a game in itself", Hoyle 1913)."""
    BANKRUPT = "bankrupt"
    """Counters: the first seat to lose all its ``start_counters`` loses; the richest wins."""
    GAIN = "gain"
    """Counters: the first seat to win ``target`` counters (net gain) wins."""


class TieRule(enum.Enum):
    """What happens when seats tie for the win at the end."""

    CONTINUE = "continue"
    """Play more hands until one seat stands alone (RULES.md §6.4 default)."""
    SHARE = "share"
    """The tied seats share the win."""


class Strip(enum.Enum):
    """Which cards are taken out of the pack for three, five and six players."""

    FOSTER = "foster"
    """Law 3: three players 2♠; five both black deuces; six (and seven) all four deuces."""
    MODERN = "modern"
    """pagat for three (2♦) and five (2♦ 2♣); BLU for six (2♣ 3♣ 2♦ 2♠): all hearts stay."""


class JackRule(enum.Enum):
    """Who may win a Jack (a pool carried over unwon) in the sweepstakes."""

    SOLE_CLEAR = "sole-clear"
    """Only a single clear player, every other having taken a heart (law 29)."""
    ANY_CLEAR = "any-clear"
    """As an ordinary pool: one clear player takes it, two divide it (Hoyle 1913's reading)."""


class HeartValue(enum.Enum):
    """What each heart counts."""

    ONE = "one"
    """Every heart counts one."""
    PIPS = "pips"
    """Spot Hearts: a heart counts its pips, J 11, Q 12, K 13, A 14 (104 in all)."""


class Widow(enum.Enum):
    """Heartsette (RULES.md §5.5): cards left face down after the deal, and where they go."""

    NONE = "none"
    """No widow: the pack deals out (after any strip)."""
    DISCARD = "discard"
    """The winner of the first trick takes the widow into his hand and discards as many cards
    face down; the discards count against him (RULES.md §5.5 default)."""
    FIRST_TRICK = "first-trick"
    """The widow is added to the first trick, for its winner (the widely used alternative)."""
    LAST_TRICK = "last-trick"
    """The widow is laid aside and taken with the last trick (Parlett). With two packs
    (Cancellation Hearts, RULES.md §7.2) the cards left over go there instead of to the first
    trick, Bicycle's default."""


class LastTrick(enum.Enum):
    """Cancellation Hearts (RULES.md §7.6): who takes a last trick whose cards of the suit led
    all cancel."""

    LEADER = "leader"
    """Its leader (Wikipedia; the default)."""
    SECOND_OF_PAIR = "second-of-pair"
    """The seat that played the second of the two highest cards (Grace)."""


_DOMINO_HAND: Final = 6
"""Domino Hearts: cards dealt to each seat (RULES.md §5.6.1)."""
_WIDOW_HANDS: Final = {3: 16, 4: 12, 5: 10, 6: 8}
"""Heartsette: cards dealt to each seat, by players (the rest lie face down as the widow)."""
_WIDOW_STRIP: Final = {
    3: 1 << Card.of(Rank.TWO, Suit.SPADES),
    4: 1 << Card.of(Rank.TWO, Suit.SPADES),
}
"""Heartsette: three or four players lay aside the 2♠; five or six play the full pack."""


def _deuces(*suits: Suit) -> int:
    return sum(1 << Card.of(Rank.TWO, suit) for suit in suits)


_TWO_OF_HEARTS: Final = Card.of(Rank.TWO, Suit.HEARTS)
_MAX_BID: Final = 13
"""The highest bid unless told otherwise (Auction Hearts; our choice: no source bounds a bid)."""
_JOKER_PENALTY: Final = 5
"""The joker's value unless told otherwise (RULES.md §5.2: "often quoted as five", UNVERIFIED)."""

_OPTIONAL_FIELDS: Final = {
    "joker": "joker",
    "joker_wins_any_trick": "joker",
    "joker_penalty": "joker",
    "auction": "auction",
    "max_bid": "auction",
    "domino": "domino",
    "laws": "laws",
}
"""Options written to records only when their form is on (the switch that each one needs)."""

_FOSTER_STRIP: Final = {
    2: 0,
    3: _deuces(Suit.SPADES),
    4: 0,
    5: _deuces(Suit.SPADES, Suit.CLUBS),
    6: _deuces(*Suit),
    7: _deuces(*Suit),
}
_MODERN_STRIP: Final = {
    2: 0,
    3: _deuces(Suit.DIAMONDS),
    4: 0,
    5: _deuces(Suit.DIAMONDS, Suit.CLUBS),
    6: _deuces(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) | 1 << Card.of(Rank.THREE, Suit.CLUBS),
    7: _deuces(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) | 1 << Card.of(Rank.THREE, Suit.CLUBS),
}


def stripped_cards(players: int, strip: Strip) -> int:
    """The mask of the cards laid aside for a number of players (law 3; RULES.md §1.1, §6.1).

    >>> from hearts.cards import CardSet
    >>> str(CardSet(stripped_cards(5, Strip.FOSTER))), str(CardSet(stripped_cards(5, Strip.MODERN)))
    ('2C 2S', '2C 2D')
    """
    table = _FOSTER_STRIP if strip is Strip.FOSTER else _MODERN_STRIP
    return table.get(players, 0)


def _names(cards: tuple[Card, ...]) -> str:
    return ",".join(str(card) for card in cards)


def _normalise_removed(raw: Any) -> tuple[Card, ...]:
    """The cards of ``removed`` in pack order, from cards, ids or names ("2C" or "2C 3C")."""
    try:
        if isinstance(raw, str):
            cards = [Card.parse(part) for part in raw.replace(",", " ").split()]
        else:
            cards = [Card.coerce(card) for card in raw]
    except (InvalidCard, TypeError, ValueError):
        raise InvalidRules(f"removed={raw!r} must list cards, as ('2C',)") from None
    if len(set(cards)) != len(cards):
        raise InvalidRules("removed names a card twice")
    return tuple(sorted(cards))


def _enum_value(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every choice that makes one form of Hearts. Build presets with :mod:`hearts.variants`.

    The defaults are the classic four-handed game of the laws: no passing, the eldest hand leads
    any card, hearts count one each, settled by sweepstakes, each deal a game in itself.

    >>> Rules().players, Rules().settlement
    (4, <SettlementMethod.SWEEPSTAKES: 'sweepstakes'>)
    >>> Rules().replace(players=6).penalty_total   # the 2♥ is stripped with six (law 3)
    12
    """

    players: int = 4
    """Seats at the table, 2 to 7. With seven, the dealer takes no cards each hand (Foster).
    With ``packs=2``, 3 to 11, and every seat takes cards."""
    packs: int = 1
    """Packs shuffled together: 1, or 2 for Cancellation Hearts (RULES.md §7). With two packs
    the pack is all 104 cards (``strip`` does not apply and ``removed`` is refused); each seat
    takes ``104 // players`` cards, the cards left over (the widow) go to the seat that takes
    the first trick (Bicycle); two identical cards played to one trick cancel each other, and a
    trick whose cards of the suit led all cancel goes with the next trick, its leader leading
    again (the last such trick goes to its leader). A card in ``card_values`` counts in both
    packs."""
    strip: Strip = Strip.FOSTER
    """Which cards leave the pack for three, five, six or seven players."""
    removed: tuple[Card, ...] = ()
    """Cards laid aside before every deal (Black Maria's 2♣ for three). When given, they replace
    what ``strip`` would lay aside for this number of players; empty: the strip decides."""
    stock: bool = False
    """Two-handed: deal thirteen each, the rest a stock drawn from after each trick (law 8)."""
    pass_count: int = 0
    """Cards each seat passes after the deal (0: no passing)."""
    pass_cycle: tuple[PassDirection, ...] = ()
    """Pass directions hand by hand, repeating (e.g. left, right, across, hold)."""
    first_lead: FirstLead = FirstLead.ELDEST
    """Who leads the first trick, and with what."""
    penalty_free_first_trick: bool = False
    """No card that counts against may be played to the first trick, unless the hand holds
    nothing else (modern)."""
    hearts_must_be_broken: bool = False
    """A heart may not be led until one has been played, unless the leader holds only hearts."""
    queen_breaks_hearts: bool = False
    """Playing the Q♠ also breaks hearts (the seed's "traditional" rule)."""
    lead_hearts_with_only_penalty: bool = True
    """A leader holding only hearts and the Q♠ may lead a heart before they are broken."""
    heart_value: HeartValue = HeartValue.ONE
    """What each heart counts."""
    card_values: tuple[tuple[Card, int], ...] = ()
    """Other cards that count: (card, value) pairs, e.g. Q♠ 13 (Black Lady), J♦ −10 (Omnibus)."""
    joker: bool = False
    """Joker Hearts (law 3): the joker takes the place of the 2♥, so the pack stays 52. It is a
    heart (it follows hearts, breaks them, and ranks above the A♥). Refused where the 2♥ is laid
    aside anyway (the six-handed strip, or ``removed``): there is no 2♥ for it to replace."""
    joker_wins_any_trick: bool = True
    """With the joker: it wins every trick it is played to, even discarded on another suit led.
    False: it wins only as the highest heart when hearts are led (RULES.md §5.2, UNVERIFIED)."""
    joker_penalty: int = _JOKER_PENALTY
    """With the joker: what it counts against the seat that takes it (RULES.md §5.2 reports five
    as the common figure, making T = 17: UNVERIFIED). The moon needs it when it counts."""
    auction: bool = False
    """Auction Hearts (laws 24, 30; RULES.md §5.1): after the deal each seat bids once, from the
    eldest hand to the dealer, each bid above the last or a pass; the highest bidder names the
    suit to avoid (one unit a card of it) and leads the first trick. Nobody bidding: hearts, and
    the eldest leads (RULES.md §5.1.8, UNVERIFIED). Classic play and sweepstakes only."""
    max_bid: int = _MAX_BID
    """Auction Hearts: the highest bid allowed, in counters (13 by default, a whole pool's worth
    of the plain game; no source gives a limit)."""
    widow: Widow = Widow.NONE
    """Heartsette (RULES.md §5.5), three to six players: without the 2♠ for three or four (the
    full pack for five or six), deal 16, 12, 10 or 8 each; the rest (3, 3, 2 or 4 cards) lie
    face down as a widow, which goes to the winner of the first trick (``discard``: into his
    hand, and he discards as many, which count against him; ``first-trick``: with the trick;
    ``last-trick``: with the last trick instead). With two packs only ``last-trick`` may be
    given: the cards left over then go with the last trick, not the first (Parlett)."""
    domino: bool = False
    """Domino Hearts (RULES.md §5.6): deal six to each seat from the whole pack (``strip`` does
    not apply), the rest a face-down stock. A seat that cannot follow suit draws from the stock,
    one card at a time, until it can (then plays); with the stock empty it may play anything. A
    seat out of cards drops out (a trick won with a seat's last card is led by the next seat
    still in), and the last seat holding cards keeps them and whatever is left in the stock as
    its taken cards. If every remaining seat plays its last card to the same trick, that trick's
    winner takes the stock (our reading: the sources do not say)."""
    laws: bool = False
    """Play by the laws at a real table (laws 22–27): a seat may revoke (``Revoke`` move), correct
    it before the trick is complete (law 22), and any other seat may claim a revoke until the
    next hand starts (laws 25–26, a ``Gather`` move ends the hand); a claimed revoke is settled
    by laws 23–24 in the settlement method of the form. Off: revokes are impossible."""
    unwon_last_trick: LastTrick = LastTrick.LEADER
    """Two packs: who takes a last trick that nobody wins (every card of the suit led cancelled):
    its leader, or the seat that played the second of the two highest cards."""
    moon: Moon = Moon.OFF
    """Shooting the moon (points settlement only)."""
    no_trick_bonus: int = 0
    """Points subtracted from a seat that wins no trick at all (e.g. 5); 0 for none."""
    settlement: SettlementMethod = SettlementMethod.SWEEPSTAKES
    """How each hand is settled."""
    jack_rule: JackRule = JackRule.SOLE_CLEAR
    """Who may win a Jack, in the sweepstakes."""
    free_hearts: int = 0
    """Two-handed settlement: hearts of the loser that cost nothing (Foster's option B: 6)."""
    end: GameEnd = GameEnd.DEALS
    """When the game is over."""
    target: int = 100
    """Points that end a points game, or counters to gain in a ``gain`` game."""
    deals: int = 1
    """Hands in a game that ends after a number of deals."""
    start_counters: int = 50
    """Counters each seat starts with, in a counters settlement."""
    ties: TieRule = TieRule.CONTINUE
    """Ties for the win at the end."""

    # Derived when the value is built; not options.
    pack: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Mask of the cards in play."""
    values: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False, default=())
    """Penalty value of each card id (0 for cards that do not count)."""
    penalty_mask: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Mask of the cards that count against (value above zero): the moon needs all of them."""
    penalty_total: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """T: the sum of the values above zero in the pack (13 plain, 26 Black Lady)."""
    hand_size: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Cards dealt to each seat that takes cards."""
    dealt_seats: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Seats that take cards each hand (six at a table of seven)."""
    _lowest_club: Card = dataclasses.field(init=False, repr=False, compare=False, default=Card(0))

    def __post_init__(self) -> None:
        self._normalise()
        self._check()
        pack = FULL_PACK & ~self._laid_aside()
        if self.packs == 2:  # Cancellation Hearts: both packs whole, no strip (RULES.md §7.1)
            pack = FULL_PACK | FULL_PACK << 64
        if self.joker:  # the joker replaces the 2♥ (law 3)
            pack = pack & ~(1 << _TWO_OF_HEARTS) | 1 << JOKER
        values = [0] * 128
        for card in cards_of(pack & HEARTS_MASK):
            values[card] = card.rank if self.heart_value is HeartValue.PIPS else 1
        if self.joker:
            values[JOKER] = self.joker_penalty
        for card, value in self.card_values:
            if card == JOKER:
                raise InvalidRules(
                    "card_values names the joker: give its value with joker_penalty (and joker=True)"
                )
            if not pack >> card & 1:
                raise InvalidRules(
                    f"card_values names {card}, which is not in the pack: "
                    + (
                        f"removed={_names(self.removed)} lays it aside"
                        if self.removed
                        else f"strip={self.strip.value} lays it aside with players={self.players}"
                    )
                )
            values[card] = value
            if self.packs == 2:  # the same card of the other pack counts the same
                values[card ^ 64] = value
        penalty_mask = sum(1 << card for card in cards_of(pack) if values[card] > 0)
        dealt = 6 if self.players == 7 and self.packs == 1 and not self.domino else self.players
        hand_size = 13 if self.stock else pack.bit_count() // dealt
        if self.domino:
            hand_size = _DOMINO_HAND
        if self.widow is not Widow.NONE and self.packs == 1:
            hand_size = _WIDOW_HANDS[self.players]
        set_ = object.__setattr__
        set_(self, "pack", pack)
        set_(self, "values", tuple(values))
        set_(self, "penalty_mask", penalty_mask)
        set_(self, "penalty_total", sum(values[card] for card in cards_of(penalty_mask)))
        set_(self, "hand_size", hand_size)
        set_(self, "dealt_seats", dealt)
        clubs = pack & SUIT_MASKS[Suit.CLUBS]
        set_(self, "_lowest_club", Card((clubs & -clubs).bit_length() - 1))
        if self.penalty_total <= 0:
            raise InvalidRules("card_values leave no card that counts against: nothing to avoid")
        if self.pass_count and self.pass_count >= hand_size:
            raise InvalidRules(
                f"pass_count={self.pass_count} clashes with players={self.players}: "
                f"each seat holds only {hand_size} cards"
            )

    def _normalise(self) -> None:
        """Accept plain strings and lists where enums and tuples are meant (for records, CLI)."""
        set_ = object.__setattr__
        enums = {
            "strip": Strip,
            "first_lead": FirstLead,
            "heart_value": HeartValue,
            "widow": Widow,
            "unwon_last_trick": LastTrick,
            "moon": Moon,
            "settlement": SettlementMethod,
            "jack_rule": JackRule,
            "end": GameEnd,
            "ties": TieRule,
        }
        for name, kind in enums.items():
            value = getattr(self, name)
            if not isinstance(value, kind):
                try:
                    set_(self, name, kind(value))
                except ValueError:
                    choices = ", ".join(member.value for member in kind)
                    raise InvalidRules(f"{name}={value!r} is not one of: {choices}") from None
        try:
            cycle = tuple(PassDirection(d) for d in self.pass_cycle)
        except (ValueError, TypeError):
            choices = ", ".join(d.value for d in PassDirection)
            raise InvalidRules(
                f"pass_cycle={self.pass_cycle!r} must list directions: {choices}"
            ) from None
        set_(self, "pass_cycle", cycle)
        raw_values: Any = self.card_values
        items = raw_values.items() if isinstance(raw_values, Mapping) else raw_values
        try:
            pairs = tuple((Card.coerce(card), value) for card, value in items)
        except (InvalidCard, TypeError, ValueError):
            raise InvalidRules(
                f"card_values={raw_values!r} must pair cards with values, as (('QS', 13),)"
            ) from None
        for card, value in pairs:
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidRules(
                    f"card_values gives {card} the value {value!r}: not a whole number"
                )
        if len({card for card, _ in pairs}) != len(pairs):
            raise InvalidRules("card_values names a card twice")
        set_(self, "card_values", pairs)
        set_(self, "removed", _normalise_removed(self.removed))
        for name in (
            "players",
            "packs",
            "pass_count",
            "no_trick_bonus",
            "free_hearts",
            "target",
            "deals",
            "start_counters",
            "joker_penalty",
            "max_bid",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidRules(f"{name}={value!r} is not a whole number")
        for name in (
            "stock",
            "penalty_free_first_trick",
            "hearts_must_be_broken",
            "queen_breaks_hearts",
            "lead_hearts_with_only_penalty",
            "joker",
            "joker_wins_any_trick",
            "auction",
            "domino",
            "laws",
        ):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRules(f"{name}={getattr(self, name)!r} must be true or false")

    def _check(self) -> None:
        """Refuse options out of range, and pairs of options that contradict each other."""
        players, method = self.players, self.settlement
        if self.packs not in (1, 2):
            raise InvalidRules(
                f"packs={self.packs} is not allowed: one pack, or two for Cancellation Hearts"
            )
        if self.packs == 2:
            self._check_two_packs()
        elif not 2 <= players <= 7:
            raise InvalidRules(
                f"players={players} is not allowed: two to six play at one table, seven with "
                "the dealer sitting out (law 1)"
            )
        self._check_widow()
        self._check_domino()
        if players == 2 and not self.stock and not self.domino:
            raise InvalidRules(
                "players=2 needs stock=True: two-handed deals thirteen each and leaves a stock (law 8)"
            )
        if self.stock and players != 2:
            raise InvalidRules(f"stock=True clashes with players={players}: only two-handed draws")
        if self.removed:
            self._check_removed()
        self._check_joker()
        self._check_auction()
        if self.pass_count < 0:
            raise InvalidRules(f"pass_count={self.pass_count} cannot be negative")
        passing = any(d is not PassDirection.HOLD for d in self.pass_cycle)
        if self.pass_count and not passing:
            raise InvalidRules(
                f"pass_count={self.pass_count} clashes with pass_cycle: name a direction to pass"
            )
        if passing and not self.pass_count:
            raise InvalidRules("pass_cycle clashes with pass_count=0: say how many cards to pass")
        if passing and self.stock:
            raise InvalidRules("pass_cycle clashes with stock=True: two-handed Hearts has no pass")
        if PassDirection.ACROSS in self.pass_cycle and players % 2:
            raise InvalidRules(
                f"pass_cycle=across clashes with players={players}: only an even table has a seat"
                " across"
            )
        if players == 7 and self.packs == 1 and passing:
            raise InvalidRules(
                "pass_cycle clashes with players=7: the table of seven does not pass"
            )
        if self.queen_breaks_hearts and not self.hearts_must_be_broken:
            raise InvalidRules(
                "queen_breaks_hearts=True clashes with hearts_must_be_broken=False: there is "
                "nothing to break"
            )
        if self.moon is not Moon.OFF and method is not SettlementMethod.POINTS:
            raise InvalidRules(
                f"moon={self.moon.value} clashes with settlement={method.value}: the moon is "
                "scored only when settlement=points"
            )
        if self.no_trick_bonus and method is not SettlementMethod.POINTS:
            raise InvalidRules(
                f"no_trick_bonus={self.no_trick_bonus} clashes with settlement={method.value}: "
                "the bonus is scored only when settlement=points"
            )
        if method is SettlementMethod.EXCESS and players != 3:
            raise InvalidRules(
                f"settlement=excess clashes with players={players}: it is the three-handed settlement"
            )
        if method is SettlementMethod.TWO_HANDED and players != 2:
            raise InvalidRules(
                f"settlement=two-handed clashes with players={players}: it is for two players"
            )
        if self.free_hearts and method is not SettlementMethod.TWO_HANDED:
            raise InvalidRules(
                f"free_hearts={self.free_hearts} clashes with settlement={method.value}: free "
                "hearts belong to the two-handed settlement"
            )
        if self.free_hearts < 0:
            raise InvalidRules(f"free_hearts={self.free_hearts} cannot be negative")
        counters = method is not SettlementMethod.POINTS
        if self.end is GameEnd.TARGET and counters:
            raise InvalidRules(
                f"end=target clashes with settlement={method.value}: a points target needs "
                "settlement=points (for counters use end=gain or end=bankrupt)"
            )
        if self.end in (GameEnd.BANKRUPT, GameEnd.GAIN) and not counters:
            raise InvalidRules(
                f"end={self.end.value} clashes with settlement=points: it counts counters"
            )
        if self.target <= 0:
            raise InvalidRules(f"target={self.target} must be above zero")
        if self.deals <= 0:
            raise InvalidRules(f"deals={self.deals} must be at least one")
        if self.start_counters < 0 or (self.end is GameEnd.BANKRUPT and not self.start_counters):
            raise InvalidRules(f"start_counters={self.start_counters} must be above zero")

    def _check_removed(self) -> None:
        """The cards laid aside must be cards of the pack, and leave a pack that deals out."""
        removed, players = _names(self.removed), self.players
        for card in self.removed:
            if not FULL_PACK >> card & 1:
                raise InvalidRules(f"removed names {card}, which is not a card of the pack")
        left = 52 - len(self.removed)
        if self.stock:
            if left < 26 or left % 2:
                raise InvalidRules(
                    f"removed={removed} clashes with players={players}: it leaves {left} cards, "
                    "and two-handed needs thirteen each and an even stock"
                )
        else:
            dealt = 6 if players == 7 else players  # at seven the dealer takes no cards
            if not left or left % dealt:
                raise InvalidRules(
                    f"removed={removed} clashes with players={players}: it leaves {left} cards, "
                    f"which do not deal out evenly to the {dealt} seats that take cards"
                )
        if self.first_lead is FirstLead.LOWEST_CLUB and not (
            FULL_PACK & ~mask_of(self.removed) & SUIT_MASKS[Suit.CLUBS]
        ):
            raise InvalidRules(
                f"first_lead=lowest-club clashes with removed={removed}: no club is left to lead"
            )

    def _check_two_packs(self) -> None:
        """Cancellation Hearts: three to eleven seats, the whole of both packs, one card each."""
        if not 3 <= self.players <= 11:
            raise InvalidRules(
                f"players={self.players} is not allowed with packs=2: Cancellation Hearts seats "
                "three to eleven"
            )
        clashes = (
            (bool(self.removed), "removed", "both packs are dealt whole"),
            (self.joker, "joker=True", "there is no joker in Cancellation Hearts"),
            (self.auction, "auction=True", "Auction Hearts is played with one pack"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"packs=2 clashes with {option}: {reason}")

    def _check_auction(self) -> None:
        """Auction Hearts is classic play settled by sweepstakes, the named suit one a card."""
        if not self.auction:
            if self.max_bid != _MAX_BID:
                raise InvalidRules(
                    f"max_bid={self.max_bid} clashes with auction=False: there is no bidding"
                )
            return
        if self.max_bid < 1:
            raise InvalidRules(f"max_bid={self.max_bid} must be at least one counter")
        clashes = (
            (
                self.settlement is not SettlementMethod.SWEEPSTAKES,
                f"settlement={self.settlement.value}",
                "the bid is paid into a sweepstakes pool",
            ),
            (self.pass_count > 0, f"pass_count={self.pass_count}", "classic play has no pass"),
            (
                self.first_lead is not FirstLead.ELDEST,
                f"first_lead={self.first_lead.value}",
                "the highest bidder leads",
            ),
            (
                self.hearts_must_be_broken,
                "hearts_must_be_broken=True",
                "any suit may be named, and classic play leads any card",
            ),
            (
                self.penalty_free_first_trick,
                "penalty_free_first_trick=True",
                "classic play has no such rule",
            ),
            (bool(self.card_values), "card_values", "only the named suit counts"),
            (
                self.heart_value is not HeartValue.ONE,
                f"heart_value={self.heart_value.value}",
                "each card of the named suit counts one",
            ),
            (self.joker, "joker=True", "only the named suit counts"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"auction=True clashes with {option}: {reason}")

    def _check_joker(self) -> None:
        """The joker options need the joker, and the joker needs a 2♥ to replace (law 3)."""
        if not self.joker:
            if not self.joker_wins_any_trick:
                raise InvalidRules(
                    "joker_wins_any_trick=False clashes with joker=False: there is no joker"
                )
            if self.joker_penalty != _JOKER_PENALTY:
                raise InvalidRules(
                    f"joker_penalty={self.joker_penalty} clashes with joker=False: there is no joker"
                )
            return
        if self._laid_aside() >> _TWO_OF_HEARTS & 1:
            raise InvalidRules(
                "joker=True clashes with "
                + (
                    f"removed={_names(self.removed)}"
                    if self.removed
                    else f"players={self.players} (strip={self.strip.value})"
                )
                + ": the 2♥ the joker replaces is already out"
            )

    def _check_widow(self) -> None:
        """Heartsette deals its own pack (RULES.md §5.5) to three to six players, with one pack."""
        if self.unwon_last_trick is not LastTrick.LEADER and self.packs == 1:
            raise InvalidRules(
                f"unwon_last_trick={self.unwon_last_trick.value} clashes with packs=1: with one "
                "pack nothing cancels, and every trick has a winner"
            )
        if self.widow is Widow.NONE:
            return
        option = f"widow={self.widow.value}"
        if self.packs == 2:
            if self.widow is not Widow.LAST_TRICK:
                raise InvalidRules(
                    f"{option} clashes with packs=2: the cards left over from two packs go to "
                    "the first trick's winner already (Bicycle), or to the last trick with "
                    "widow=last-trick (Parlett)"
                )
            return
        if self.players not in _WIDOW_HANDS:
            raise InvalidRules(
                f"{option} clashes with players={self.players}: Heartsette seats three to six"
            )
        clashes = (
            (self.packs != 1, f"packs={self.packs}", "Heartsette is played with one pack"),
            (bool(self.removed), "removed", "Heartsette lays aside its own cards"),
            (
                self.strip is not Strip.FOSTER,
                f"strip={self.strip.value}",
                "Heartsette lays aside its own cards",
            ),
            (self.joker, "joker=True", "Heartsette has no joker"),
            (self.auction, "auction=True", "Auction Hearts has no widow"),
            (self.domino, "domino=True", "Domino Hearts leaves a stock, not a widow"),
        )
        for clash, other, reason in clashes:
            if clash:
                raise InvalidRules(f"{option} clashes with {other}: {reason}")

    def _check_domino(self) -> None:
        """Domino Hearts deals six each from one whole pack and draws to follow (RULES.md §5.6)."""
        if not self.domino:
            return
        clashes = (
            (self.stock, "stock=True", "Domino Hearts has its own stock, drawn to follow suit"),
            (self.packs != 1, f"packs={self.packs}", "Domino Hearts is played with one pack"),
            (bool(self.removed), "removed", "Domino Hearts deals from the whole pack"),
            (self.auction, "auction=True", "Auction Hearts deals the whole pack out"),
            (
                self.moon is not Moon.OFF,
                f"moon={self.moon.value}",
                "the last seat keeps every card left without taking a trick, so nobody shoots",
            ),
            (
                self.no_trick_bonus != 0,
                f"no_trick_bonus={self.no_trick_bonus}",
                "a seat may take no trick and keep the cards that count",
            ),
        )
        for clash, other, reason in clashes:
            if clash:
                raise InvalidRules(f"domino=True clashes with {other}: {reason}")

    def _laid_aside(self) -> int:
        """The mask of the cards taken out of the pack: ``removed`` if given, else the strip's."""
        if self.domino:
            return 0
        if self.widow is not Widow.NONE and self.packs == 1:
            return _WIDOW_STRIP.get(self.players, 0)
        if self.removed:
            return mask_of(self.removed)
        return stripped_cards(self.players, self.strip)

    @property
    def passes(self) -> bool:
        """Whether any hand of this form has a pass."""
        return self.pass_count > 0

    @property
    def counters(self) -> bool:
        """Whether hands are settled in counters (the classic game) rather than points."""
        return self.settlement is not SettlementMethod.POINTS

    @property
    def lowest_club(self) -> Card:
        """The club that leads the first trick under ``first_lead=lowest-club`` (the 2♣ unless
        stripped)."""
        return self._lowest_club

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass of the hand with this number (0 for the first hand).

        >>> from hearts import variants
        >>> [variants.get("modern").pass_direction(n).value for n in range(5)]
        ['left', 'right', 'across', 'hold', 'left']
        """
        if not self.pass_cycle:
            return PassDirection.HOLD
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def value(self, card: Card) -> int:
        """What a card counts against the seat that takes it.

        >>> from hearts import variants
        >>> from hearts.cards import QUEEN_OF_SPADES
        >>> variants.get("modern").value(QUEEN_OF_SPADES)
        13
        """
        return self.values[card]

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked like a new value).

        >>> Rules().replace(players=3).hand_size
        17
        """
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as error:
            raise InvalidRules(f"unknown option: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data (enums by value, cards by name).

        >>> Rules().to_dict()["settlement"]
        'sweepstakes'
        """
        data: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            if not field.init:
                continue
            value = getattr(self, field.name)
            if field.name in _OPTIONAL_FIELDS and not getattr(self, _OPTIONAL_FIELDS[field.name]):
                continue  # records of the forms without a joker or an auction need no entry
            if field.name == "widow" and value is Widow.NONE:
                continue  # no widow: records of such forms need no entry
            if field.name == "unwon_last_trick" and value is LastTrick.LEADER:
                continue  # the default: records of such forms need no entry
            if field.name == "packs" and value == 1:
                continue  # one pack: records of such forms need no entry
            if field.name == "removed":
                if not value:  # the strip decides: records of such forms need no entry
                    continue
                value = [str(card) for card in value]
            elif field.name == "pass_cycle":
                value = [d.value for d in value]
            elif field.name == "card_values":
                value = {str(card): amount for card, amount in value}
            else:
                value = _enum_value(value)
            data[field.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or bad options are refused by name.

        >>> Rules.from_dict({"players": 3, "settlement": "excess"}).players
        3
        >>> Rules.from_dict({"player": 3})
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidRules: unknown option 'player'
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(f"rules must be a mapping of options, not {type(data).__name__}")
        known = {field.name for field in dataclasses.fields(cls) if field.init}
        for key in data:
            if key not in known:
                raise InvalidRules(f"unknown option {key!r}")
        return cls(**data)
