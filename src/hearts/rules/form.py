"""The rules of a form as one value: :class:`Rules`, every choice of a form, its parts built from
plain data and checked together when it is built (what crosses parts: the settlement and the table,
the target and the settlement, Domino Hearts and the moon, ...: its base,
:class:`~hearts.rules.clashes._Clashes`), and the values the hot paths read derived once (``pack``,
``values``, ``pass_count``, ``method``, ...). It writes itself as plain data (:meth:`Rules.to_dict`)
and reads itself back (:meth:`Rules.from_dict`, with the older shapes read by
:mod:`hearts.rules.migration`).

>>> Rules(players=3).hand_size, Rules.from_dict(Rules(players=3).to_dict()) == Rules(players=3)
(17, True)
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
    Suit,
    cards_of,
)
from hearts.errors import InvalidRules
from hearts.rules.clashes import _Clashes
from hearts.rules.migration import _from_version_1, _settlement_from_flat
from hearts.rules.options import (
    _DOMINO_HAND,
    _TWO_OF_HEARTS,
    _WIDOW_HANDS,
    FirstLead,
    GameEnd,
    HeartValue,
    Leftover,
    Moon,
    PassDirection,
    SettlementMethod,
    Strip,
    TieRule,
    Widow,
    _enum_value,
    _flag,
    _member,
    _names,
    _normalise_card_values,
    _normalise_removed,
    _whole,
)
from hearts.rules.parts import (
    _PARTS,
    Auction,
    Cancellation,
    Joker,
    NoTrickBonus,
    Passing,
    Points,
    Settling,
    Sweepstakes,
    _by_name,
    _changed,
    _part,
    _settling,
    _unknown,
)

__all__ = ["Rules"]


@_by_name("")
@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rules(_Clashes):
    """Every choice that makes one form of Hearts. Build presets with :mod:`hearts.variants`.

    The defaults are the classic four-handed game of the laws: no passing, the eldest hand leads
    any card, hearts count one each, settled by sweepstakes, each deal a game in itself.

    A mechanic with options of its own is a part, or None when it is off: ``passing``
    (:class:`Passing`), ``auction`` (:class:`Auction`), ``joker`` (:class:`Joker`) and
    ``cancellation`` (:class:`Cancellation`, two packs). A part may be given as itself, as a
    mapping of its options (the others keep their defaults), or as True for all its defaults;
    ``if rules.auction:`` asks whether the mechanic is on.

    The ``settlement`` is always there (a :class:`Settling` part); it may be given as itself,
    as its method's name (``"howell"``, every option at its default) or as a mapping of its
    method and options (``{"method": "points", "moon": "old", "no_trick": {"points": 5}}``,
    the form records write). Derived from it: ``method`` (the method), ``moon`` (the moon
    rule, off outside a points settlement) and ``no_trick`` (the no-trick bonus, None outside).

    >>> Rules().players, Rules().settlement
    (4, Sweepstakes(jack_rule=<JackRule.SOLE_CLEAR: 'sole-clear'>))
    >>> rules = Rules(settlement={"method": "points", "moon": "choice"}, end="target")
    >>> rules.method, rules.moon, rules.no_trick
    (<SettlementMethod.POINTS: 'points'>, <Moon.CHOICE: 'choice'>, None)
    >>> Rules().replace(players=6).penalty_total   # the 2♥ is stripped with six (law 3)
    12
    >>> Rules(auction={"max_bid": 5}).auction
    Auction(max_bid=5)
    >>> Rules(bogus=1)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRules: unknown option 'bogus'
    """

    players: int = 4
    """Seats at the table, 2 to 7. With seven, the dealer takes no cards each hand (Foster).
    With ``cancellation`` (two packs), 3 to 11, and every seat takes cards."""
    strip: Strip = Strip.FOSTER
    """Which cards leave the pack for three, five, six or seven players."""
    removed: tuple[Card, ...] = ()
    """Cards laid aside before every deal (Black Maria's 2♣ for three). When given, they replace
    what ``strip`` would lay aside for this number of players; empty: the strip decides."""
    stock: bool = False
    """Two-handed: deal thirteen each, the rest a stock drawn from after each trick (law 8)."""
    passing: Passing | None = None
    """Passing after the deal: how many cards, and the directions hand by hand (None: none)."""
    first_lead: FirstLead = FirstLead.ELDEST
    """Who leads the first trick, and with what."""
    penalty_free_first_trick: bool = False
    """No card that counts against may be played to the first trick, unless the hand holds
    nothing else (modern)."""
    hearts_must_be_broken: bool = False
    """A heart may not be led until one has been played, unless the leader holds only hearts."""
    queen_breaks_hearts: bool = False
    """Playing the Q♠ also breaks hearts (docs/rules.md §6.3.5: the "traditional" rule of Art of Manliness)."""
    lead_hearts_with_only_penalty: bool = True
    """A leader holding only hearts and the Q♠ may lead a heart before they are broken."""
    heart_value: HeartValue = HeartValue.ONE
    """What each heart counts."""
    card_values: tuple[tuple[Card, int], ...] = ()
    """Other cards that count: (card, value) pairs, e.g. Q♠ 13 (Black Lady), J♦ −10 (Omnibus)."""
    joker: Joker | None = None
    """Joker Hearts (law 3): the joker replaces the 2♥ (None: no joker). See :class:`Joker`."""
    auction: Auction | None = None
    """Auction Hearts (laws 24, 30; docs/rules.md §5.1): each seat bids once, the highest names the
    suit to avoid (None: no auction). See :class:`Auction`."""
    widow: Widow = Widow.NONE
    """Heartsette (docs/rules.md §5.5), three to six players and one pack: without the 2♠ for three or
    four (the full pack for five or six), deal 16, 12, 10 or 8 each; the rest (3, 3, 2 or 4
    cards) lie face down as a widow, which goes to the winner of the first trick (``discard``:
    into his hand, and he discards as many, which count against him; ``first-trick``: with the
    trick; ``last-trick``: with the last trick instead). Two packs leave a widow of their own:
    see :attr:`Cancellation.widow`."""
    cancellation: Cancellation | None = None
    """Cancellation Hearts (docs/rules.md §7): two packs, twins cancel (None: one pack). See
    :class:`Cancellation`."""
    domino: bool = False
    """Domino Hearts (docs/rules.md §5.6): deal six to each seat from the whole pack (``strip`` does
    not apply), the rest a face-down stock. A seat that cannot follow suit draws from the stock,
    one card at a time, until it can (then plays); with the stock empty it may play anything. A
    seat out of cards drops out (a trick won with a seat's last card is led by the next seat
    still in), and the last seat holding cards keeps them and whatever is left in the stock as
    its taken cards. If every remaining seat plays its last card to the same trick, that trick's
    winner takes the stock (our reading: the sources do not say)."""
    laws: bool = False
    """Play by the laws at a real table (laws 22–27): a seat may revoke (``Revoke`` move), correct
    it before the trick is complete (law 22), and any other seat may claim a revoke until the
    next hand starts (laws 25–26, a ``Gather`` move ends the hand); a claim is judged when the
    hand has been played out (laws 23, 25), and a revoke it establishes is settled by laws
    23–24 in the settlement method of the form. Off: revokes are impossible."""
    settlement: Settling = Sweepstakes()  # noqa: RUF009 - a frozen part, shared safely
    """How each hand is settled: a part whose kind is the method, with that method's options —
    :class:`Points` (the moon, the no-trick bonus), :class:`Sweepstakes` (who wins a Jack),
    :class:`Howell`, :class:`Simple`, :class:`Excess`, :class:`TwoHanded` (free hearts)."""
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
    method: SettlementMethod = dataclasses.field(
        init=False, repr=False, compare=False, default=SettlementMethod.SWEEPSTAKES
    )
    """The settlement's method (``settlement.method``): the cheap way to ask it."""
    moon: Moon = dataclasses.field(init=False, repr=False, compare=False, default=Moon.OFF)
    """The moon rule: ``settlement.moon`` in a points settlement, else off (derived)."""
    no_trick: NoTrickBonus | None = dataclasses.field(
        init=False, repr=False, compare=False, default=None
    )
    """The no-trick bonus: ``settlement.no_trick`` in a points settlement, else None (derived)."""
    packs: int = dataclasses.field(init=False, repr=False, compare=False, default=1)
    """Packs shuffled together: 2 with ``cancellation``, else 1."""
    pass_count: int = dataclasses.field(init=False, repr=False, compare=False, default=0)
    """Cards each seat passes: ``passing.count``, or 0 without passing."""
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
        set_ = object.__setattr__
        set_(self, "packs", 1 if self.cancellation is None else 2)
        set_(self, "pass_count", 0 if self.passing is None else self.passing.count)
        settlement = self.settlement
        set_(self, "method", settlement.method)
        if isinstance(settlement, Points):
            set_(self, "moon", settlement.moon)
            set_(self, "no_trick", settlement.no_trick)
        self._check()
        pack = FULL_PACK & ~self._laid_aside()
        if self.cancellation:  # both packs whole, no strip (docs/rules.md §7.1)
            pack = FULL_PACK | FULL_PACK << 64
        if self.joker:  # the joker replaces the 2♥ (law 3)
            pack = pack & ~(1 << _TWO_OF_HEARTS) | 1 << JOKER
        values = [0] * 128
        for card in cards_of(pack & HEARTS_MASK):
            values[card] = card.rank if self.heart_value is HeartValue.PIPS else 1
        if self.joker:
            values[JOKER] = self.joker.penalty
        for card, value in self.card_values:
            if card == JOKER:
                raise InvalidRules(
                    "card_values names the joker: give its value as joker=Joker(penalty=...)"
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
            if self.cancellation:  # the same card of the other pack counts the same
                values[card ^ 64] = value
        penalty_mask = sum(1 << card for card in cards_of(pack) if values[card] > 0)
        dealt = 6 if self.players == 7 and self.packs == 1 and not self.domino else self.players
        hand_size = 13 if self.stock else pack.bit_count() // dealt
        if self.domino:
            hand_size = _DOMINO_HAND
        if self.widow is not Widow.NONE:
            hand_size = _WIDOW_HANDS[self.players]
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
        below = [card for card in cards_of(pack) if values[card] < 0]
        if below and self.method is not SettlementMethod.POINTS:
            raise InvalidRules(
                f"{below[0]} counts {values[below[0]]}, which clashes with "
                f"settlement={self.method.value}: counters are paid for penalty units, so no "
                "card may count below zero (a bonus card needs settlement=points)"
            )
        if self.pass_count >= hand_size:
            raise InvalidRules(
                f"passing.count={self.pass_count} clashes with players={self.players}: "
                f"each seat holds only {hand_size} cards"
            )

    def _normalise(self) -> None:
        """Accept plain strings, lists and mappings where enums, tuples and parts are meant (for
        records, the command line)."""
        set_ = object.__setattr__
        for name, part in _PARTS.items():
            set_(self, name, _part(name, part, getattr(self, name)))
        set_(self, "settlement", _settling(self.settlement))
        enums: dict[str, type[enum.Enum]] = {
            "strip": Strip,
            "first_lead": FirstLead,
            "heart_value": HeartValue,
            "widow": Widow,
            "end": GameEnd,
            "ties": TieRule,
        }
        for name, kind in enums.items():
            set_(self, name, _member(name, kind, getattr(self, name)))
        set_(self, "card_values", _normalise_card_values(self.card_values))
        set_(self, "removed", _normalise_removed(self.removed))
        for name in ("players", "target", "deals", "start_counters"):
            _whole(name, getattr(self, name))
        for name in (
            "stock",
            "penalty_free_first_trick",
            "hearts_must_be_broken",
            "queen_breaks_hearts",
            "lead_hearts_with_only_penalty",
            "domino",
            "laws",
        ):
            _flag(name, getattr(self, name))

    @property
    def passes(self) -> bool:
        """Whether any hand of this form has a pass."""
        return self.passing is not None

    @property
    def widow_with_last_trick(self) -> bool:
        """Whether the widow goes with the last trick: Heartsette's (``widow=last-trick``), or the
        cards left over from two packs (``cancellation.widow=last-trick``).

        >>> Rules(players=6, cancellation={"widow": "last-trick"}).widow_with_last_trick
        True
        """
        two = self.cancellation
        return self.widow is Widow.LAST_TRICK or (
            two is not None and two.widow is Leftover.LAST_TRICK
        )

    @property
    def counters(self) -> bool:
        """Whether hands are settled in counters (the classic game) rather than points."""
        return self.method is not SettlementMethod.POINTS

    @property
    def lowest_club(self) -> Card:
        """The club that leads the first trick under ``first_lead=lowest-club`` (the 2♣ unless
        stripped)."""
        return self._lowest_club

    def pass_direction(self, hand_number: int) -> PassDirection:
        """The pass of the hand with this number (0 for the first hand; hold without passing).

        >>> from hearts import variants
        >>> [variants.get("modern").pass_direction(n).value for n in range(5)]
        ['left', 'right', 'across', 'hold', 'left']
        """
        if self.passing is None:
            return PassDirection.HOLD
        return self.passing.direction(hand_number)

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

        A part is replaced by a part, or None to turn its mechanic off; a mapping changes only
        the options it names, of the part there is (or of a new one, when it is off). The
        settlement likewise: a mapping without a ``method`` (or naming the method there is)
        changes some options of the settlement there is, one naming another method makes a new
        one; a part or a method's name replaces it whole:

        >>> Rules().replace(players=3).hand_size
        17
        >>> from hearts import variants
        >>> variants.get("auction").replace(auction=Auction(max_bid=5)).auction
        Auction(max_bid=5)
        >>> variants.get("modern").replace(passing={"count": 2}).passing.count
        2
        >>> variants.get("modern").replace(passing=None).pass_count
        0
        >>> variants.get("modern").replace(settlement={"moon": "new"}).moon
        <Moon.NEW: 'new'>
        >>> variants.get("no-trick").replace(settlement={"no_trick": {"with_moon": False}}).no_trick
        NoTrickBonus(points=5, with_moon=False)
        >>> variants.get("classic").replace(settlement="howell").method
        <SettlementMethod.HOWELL: 'howell'>
        """
        for name, value in changes.items():
            if name not in _OPTIONS:
                raise InvalidRules(_unknown("", name))
            current = getattr(self, name) if name in _PARTS or name == "settlement" else None
            if current is not None and isinstance(value, Mapping):
                changes[name] = _changed(current, value)
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data (enums by value, cards by name, each part as a
        mapping of its options); a part that is off, and options that are off by default in
        every form (no widow, no cards removed, no domino, no laws), are left out.

        >>> Rules().to_dict()["settlement"]
        {'method': 'sweepstakes', 'jack_rule': 'sole-clear'}
        >>> Rules(passing={"count": 3, "cycle": ["left"]}).to_dict()["passing"]
        {'count': 3, 'cycle': ['left']}
        """
        data: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            if not field.init:
                continue
            name = field.name
            value = getattr(self, name)
            if name in _PARTS or name == "settlement":
                if value is None:
                    continue  # the mechanic is off: records of such forms need no entry
                value = value.to_dict()
            elif name in _LEFT_OUT and value == _LEFT_OUT[name]:
                continue
            elif name == "removed":
                value = [str(card) for card in value]
            elif name == "card_values":
                value = {str(card): amount for card, amount in value}
            else:
                value = _enum_value(value)
            data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, version: int = 2) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or bad options are refused by name.

        ``version`` is the record format the data comes from: 2, what :meth:`to_dict` writes,
        or 1, the flat options of records written before the parts (``pass_count``,
        ``pass_cycle``, ``auction``, ``max_bid``, ``joker``, ``joker_wins_any_trick``,
        ``joker_penalty``, ``packs``, ``unwon_last_trick``), which are read into their parts.
        Both versions as first written had flat settlement options (``moon``,
        ``no_trick_bonus``, ``jack_rule``, ``free_hearts`` beside ``"settlement": "points"``):
        they are read into the settlement part (:func:`_settlement_from_flat`).

        >>> Rules.from_dict({"players": 3, "settlement": "excess"}).players
        3
        >>> Rules.from_dict({"pass_count": 3, "pass_cycle": ["left"]}, version=1).passing
        Passing(count=3, cycle=(<PassDirection.LEFT: 'left'>,))
        >>> Rules.from_dict({"settlement": "points", "moon": "new", "no_trick_bonus": 5}).settlement
        Points(moon=<Moon.NEW: 'new'>, no_trick=NoTrickBonus(points=5, with_moon=True))
        >>> Rules.from_dict({"player": 3})
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidRules: unknown option 'player'
        """
        if not isinstance(data, Mapping):
            raise InvalidRules(f"rules must be a mapping of options, not {type(data).__name__}")
        for key in data:
            if not isinstance(key, str):
                raise InvalidRules(f"rules name their options by strings, not {key!r}")
        if isinstance(version, bool) or version not in (1, 2):
            raise InvalidRules(f"rules of version {version!r} cannot be read: only 1 and 2")
        if version == 1:
            data = _from_version_1(data)
        return cls(**_settlement_from_flat(data))


_OPTIONS: Final = frozenset(field.name for field in dataclasses.fields(Rules) if field.init)
"""The options of :class:`Rules` (its derived values are not options)."""
_LEFT_OUT: Final[dict[str, object]] = {
    "widow": Widow.NONE,
    "removed": (),
    "domino": False,
    "laws": False,
}
"""Options written to records only when they are not these values (as before the parts)."""
