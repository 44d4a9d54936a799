"""The clashes of a form's rules: the checks of what crosses parts (the settlement and the size
of the table, a target and the settlement, Domino Hearts and the moon, the cards laid aside and
the pack, ...), refused when :class:`~hearts.rules.Rules` is built with a sentence that names the
two options that clash. Each part checks its own options (:mod:`hearts.rules.parts`); these
read several. :class:`_Clashes` is a base of :class:`~hearts.rules.Rules` and reads only its
options (declared here), so the value's class keeps its fields, its derived values, and its
reading and writing.

>>> from hearts.rules import Rules
>>> Rules(players=2)
Traceback (most recent call last):
...
hearts.errors.InvalidRules: players=2 needs stock=True: two-handed deals thirteen each and leaves a stock (law 8)
"""

from __future__ import annotations

from hearts.cards import FULL_PACK, SUIT_MASKS, Card, Suit, mask_of
from hearts.errors import InvalidRules
from hearts.rules.options import (
    _TWO_OF_HEARTS,
    _WIDOW_HANDS,
    _WIDOW_STRIP,
    FirstLead,
    GameEnd,
    HeartValue,
    Moon,
    PassDirection,
    SettlementMethod,
    Strip,
    Widow,
    _names,
    stripped_cards,
)
from hearts.rules.parts import _ONE_TABLE, Auction, Cancellation, Joker, NoTrickBonus, Passing

__all__: list[str] = []


class _Clashes:
    """The checks of :class:`~hearts.rules.Rules` that read several options (its base: the
    options below are its fields and derived values)."""

    __slots__ = ()

    players: int
    strip: Strip
    removed: tuple[Card, ...]
    stock: bool
    passing: Passing | None
    first_lead: FirstLead
    penalty_free_first_trick: bool
    hearts_must_be_broken: bool
    queen_breaks_hearts: bool
    heart_value: HeartValue
    card_values: tuple[tuple[Card, int], ...]
    joker: Joker | None
    auction: Auction | None
    widow: Widow
    cancellation: Cancellation | None
    domino: bool
    end: GameEnd
    target: int
    deals: int
    start_counters: int
    method: SettlementMethod
    moon: Moon
    no_trick: NoTrickBonus | None

    def _check(self) -> None:
        """Refuse options out of range, and pairs of options that contradict each other."""
        players, method = self.players, self.method
        if self.cancellation:
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
        if self.passing:
            if self.stock:
                raise InvalidRules("passing clashes with stock=True: two-handed Hearts has no pass")
            if PassDirection.ACROSS in self.passing.cycle and players % 2:
                raise InvalidRules(
                    f"passing.cycle=across clashes with players={players}: only an even table "
                    "has a seat across"
                )
            if players == 7 and not self.cancellation:
                raise InvalidRules(
                    "passing clashes with players=7: the table of seven does not pass"
                )
        if self.queen_breaks_hearts and not self.hearts_must_be_broken:
            raise InvalidRules(
                "queen_breaks_hearts=True clashes with hearts_must_be_broken=False: there is "
                "nothing to break"
            )
        seats, table = _ONE_TABLE.get(method, (players, ""))
        if players != seats:
            raise InvalidRules(f"settlement={method.value} clashes with players={players}: {table}")
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
        if self.first_lead is not FirstLead.ELDEST and not (
            FULL_PACK & ~mask_of(self.removed) & SUIT_MASKS[Suit.CLUBS]
        ):
            raise InvalidRules(
                f"first_lead={self.first_lead.value} clashes with removed={removed}: no club is "
                "left to lead"
            )

    def _check_two_packs(self) -> None:
        """Cancellation Hearts: three to eleven seats, the whole of both packs, one card each."""
        if not 3 <= self.players <= 11:
            raise InvalidRules(
                f"players={self.players} is not allowed with cancellation: Cancellation Hearts "
                "seats three to eleven"
            )
        clashes = (
            (bool(self.removed), "removed", "both packs are dealt whole"),
            (self.joker is not None, "joker", "there is no joker in Cancellation Hearts"),
            (self.auction is not None, "auction", "Auction Hearts is played with one pack"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"cancellation clashes with {option}: {reason}")

    def _check_auction(self) -> None:
        """Auction Hearts is classic play settled by sweepstakes, the named suit one a card."""
        if not self.auction:
            return
        clashes = (
            (
                self.method is not SettlementMethod.SWEEPSTAKES,
                f"settlement={self.method.value}",
                "the bid is paid into a sweepstakes pool",
            ),
            (self.passing is not None, "passing", "classic play has no pass"),
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
            (self.joker is not None, "joker", "only the named suit counts"),
        )
        for clash, option, reason in clashes:
            if clash:
                raise InvalidRules(f"auction clashes with {option}: {reason}")

    def _check_joker(self) -> None:
        """The joker needs a 2♥ to replace (law 3)."""
        if self.joker and self._laid_aside() >> _TWO_OF_HEARTS & 1:
            raise InvalidRules(
                "joker clashes with "
                + (
                    f"removed={_names(self.removed)}"
                    if self.removed
                    else f"players={self.players} (strip={self.strip.value})"
                )
                + ": the 2♥ the joker replaces is already out"
            )

    def _check_widow(self) -> None:
        """Heartsette deals its own pack (docs/rules.md §5.5) to three to six players, with one pack."""
        if self.widow is Widow.NONE:
            return
        option = f"widow={self.widow.value}"
        if self.cancellation:
            raise InvalidRules(
                f"{option} clashes with cancellation: Heartsette's widow is for one pack; the "
                "cards left over from two packs go to the first trick's winner (Bicycle), or "
                "with the last trick with cancellation.widow=last-trick (Parlett)"
            )
        if self.players not in _WIDOW_HANDS:
            raise InvalidRules(
                f"{option} clashes with players={self.players}: Heartsette seats three to six"
            )
        clashes = (
            (bool(self.removed), "removed", "Heartsette lays aside its own cards"),
            (
                self.strip is not Strip.FOSTER,
                f"strip={self.strip.value}",
                "Heartsette lays aside its own cards",
            ),
            (self.joker is not None, "joker", "Heartsette has no joker"),
            (self.auction is not None, "auction", "Auction Hearts has no widow"),
            (self.domino, "domino=True", "Domino Hearts leaves a stock, not a widow"),
        )
        for clash, other, reason in clashes:
            if clash:
                raise InvalidRules(f"{option} clashes with {other}: {reason}")

    def _check_domino(self) -> None:
        """Domino Hearts deals six each from one whole pack and draws to follow (docs/rules.md §5.6)."""
        if not self.domino:
            return
        clashes = (
            (self.stock, "stock=True", "Domino Hearts has its own stock, drawn to follow suit"),
            (
                self.cancellation is not None,
                "cancellation",
                "Domino Hearts is played with one pack",
            ),
            (bool(self.removed), "removed", "Domino Hearts deals from the whole pack"),
            (self.auction is not None, "auction", "Auction Hearts deals the whole pack out"),
            (
                self.moon is not Moon.OFF,
                f"settlement.moon={self.moon.value}",
                "the last seat keeps every card left without taking a trick, so nobody shoots",
            ),
            (
                self.no_trick is not None,
                "settlement.no_trick",
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
        if self.widow is not Widow.NONE:
            return _WIDOW_STRIP.get(self.players, 0)
        if self.removed:
            return mask_of(self.removed)
        return stripped_cards(self.players, self.strip)
