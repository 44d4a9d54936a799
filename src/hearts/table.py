"""The table procedure: cutting for seats and deal, the shuffle and its commitment, the pone's
cut, the deal.

These follow Foster's laws 1–9 and his poker laws 7–9 of shuffling, cutting and dealing (docs/rules.md §1): the lowest
cut deals, ace low, ties cut again; the pack is shuffled before every deal (randomness only from
an injected :class:`random.Random`); the dealer's right-hand neighbour (the pone) cuts, leaving at
least four cards in each packet, or declines; the cards go out one at a time from the eldest
hand, to the left, until the pack is exhausted (or thirteen each, two-handed); the deal passes
to the left.

At a digital table the shuffle is out of sight, so a seeded game publishes :func:`commit` of the
shuffled order before the pone cuts: a hash under a salt derived from the seed and the hand
number (:func:`hand_salt`). The seed, revealed in the record afterwards, lets anyone check every
deal (:mod:`hearts.verify`). A game with hand seeds (``Game(rules, seed, hand_seeds=True)``)
shuffles each hand from a seed of its own (:func:`hand_seed`), which can be revealed as soon as
that hand is over (a :class:`HandReveal`) without telling anything of the other hands.

One module: it is the table procedure from the cut for deal to the cards in each seat's hand,
each step feeding the next (the shuffle drawn, committed to, cut, dealt, as the laws order
them) and the commitment's and seeds' derivations that prove them; split, the fast paths of a
game's deal (:func:`shuffle_pack`, :func:`deal_masks`) would sit apart from the steps they
must deal exactly as.

>>> import random
>>> deck = shuffle(range(52), random.Random(1))
>>> cut(list(range(10)), 4)
[4, 5, 6, 7, 8, 9, 0, 1, 2, 3]
>>> hands, stock = deal_out(list(range(8)), players=4, dealer=3, hand_size=2)
>>> hands, stock     # the eldest hand (seat 0) gets the first card
([[0, 4], [1, 5], [2, 6], [3, 7]], [])
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

from hearts.cards import FULL_PACK, JOKER, Card, cards_of
from hearts.errors import HeartsError, IllegalMove, InvalidArgument, InvalidRecord

__all__ = [
    "MIN_PACKET",
    "eldest",
    "pone",
    "next_dealer",
    "shuffle",
    "shuffle_pack",
    "cut",
    "random_cut",
    "deal_out",
    "deal_masks",
    "cut_for_deal",
    "cut_for_seats",
    "check_cuts",
    "hand_salt",
    "commit",
    "hand_seed",
    "cut_for_deal_seed",
    "seeded_rng",
    "hand_seed_salt",
    "is_hand_seed",
    "HandReveal",
]

T = TypeVar("T")

MIN_PACKET = 4
"""A cut must leave at least four cards in each packet (law 5; dealing law 8)."""


def eldest(dealer: int, players: int) -> int:
    """The eldest hand: the seat on the dealer's left, who is dealt to and (classically) leads first.

    >>> eldest(3, 4)
    0
    """
    return (dealer + 1) % players


def pone(dealer: int, players: int) -> int:
    """The pone: the seat on the dealer's right, who cuts (law 5).

    >>> pone(0, 4)
    3
    """
    return (dealer - 1) % players


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the left (law 9).

    >>> next_dealer(3, 4)
    0
    """
    return (dealer + 1) % players


def shuffle(cards: Iterable[T], rng: random.Random) -> list[T]:
    """A shuffled copy of the pack, from the injected generator (law 4; dealing law 7).

    >>> shuffle([1, 2, 3], random.Random(0)) == shuffle([1, 2, 3], random.Random(0))
    True
    """
    deck = list(cards)
    rng.shuffle(deck)
    return deck


_FAST_DRAWS = False
"""Whether :func:`shuffle_pack` draws by itself what :class:`random.Random` would (see
:func:`_same_draws`)."""

_SHUFFLE_IN_PLACE: Callable[[list[Card], Callable[[int], int]], None] | None = None
"""The C accelerator's shuffle, when :func:`use_shuffle` has checked it (else the loop below)."""


def shuffle_pack(pack: int, rng: random.Random) -> tuple[list[Card], int]:
    """What the generator draws for one hand: the pack (a bitmask) shuffled, then the cut it
    suggests to the pone (:func:`random_cut`), drawn whether or not the pone makes it.

    >>> deck, suggested = shuffle_pack(FULL_PACK, random.Random(5))
    >>> len(deck), 4 <= suggested <= 48
    (52, True)
    """
    if type(rng) is random.Random and _FAST_DRAWS:
        # The same draws as rng.shuffle and rng.randint, made without a method call per card.
        deck = list(_pack_cards(pack))
        getrandbits = rng.getrandbits
        if _SHUFFLE_IN_PLACE is not None:
            _SHUFFLE_IN_PLACE(deck, getrandbits)
        else:
            for i, n, k in _swaps(len(deck)):
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                deck[i], deck[j] = deck[j], deck[i]
        return deck, _fast_cut(len(deck), getrandbits)
    deck = shuffle(cards_of(pack), rng)
    return deck, random_cut(len(deck), rng)


@functools.cache
def _pack_cards(pack: int) -> tuple[Card, ...]:
    """The cards of a pack, in id order (kept: every hand shuffles the same pack)."""
    return tuple(cards_of(pack))


@functools.cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """What :meth:`random.Random.shuffle` does to a list of ``size``: for i from the last
    position down to 1, swap i with a position drawn below n = i + 1 (k = n's bit length: bits
    drawn at a time until one is below n)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def _fast_cut(size: int, getrandbits: Callable[[int], int]) -> int:
    """:func:`random_cut` drawn as ``randint`` draws it (one value below the number of cuts)."""
    n = size - 2 * MIN_PACKET + 1
    if n < 1:
        raise InvalidArgument(f"a pack of {size} cards is too small to cut")
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return MIN_PACKET + r


def _same_draws() -> bool:
    """Whether the fast draws of :func:`shuffle_pack` are what this Python's
    :class:`random.Random` draws (its shuffle and randint are pure Python and could change
    between versions): checked once, on import, else the generator's own methods are used."""
    global _FAST_DRAWS
    _FAST_DRAWS = True
    try:
        for seed, pack in ((0, FULL_PACK), (1, FULL_PACK), (2**40 + 7, (1 << 30) - 1)):
            fast, slow = random.Random(seed), random.Random(seed)
            got = shuffle_pack(pack, fast)
            deck = shuffle(cards_of(pack), slow)
            if got != (deck, random_cut(len(deck), slow)) or fast.getstate() != slow.getstate():
                return False
        return True
    finally:
        _FAST_DRAWS = False


def use_shuffle(shuffle: Callable[[list[Card], Callable[[int], int]], None] | None) -> bool:
    """Let :func:`shuffle_pack` shuffle with ``shuffle(deck, getrandbits)`` (the C
    accelerator's, which :mod:`hearts.deal` installs), if it draws and shuffles exactly as the
    generator's own shuffle does; None: the Python loop again. Returns whether it is in use.

    >>> use_shuffle(_SHUFFLE_IN_PLACE) == (_SHUFFLE_IN_PLACE is not None)
    True
    """
    global _SHUFFLE_IN_PLACE, _FAST_DRAWS
    _SHUFFLE_IN_PLACE = shuffle
    _FAST_DRAWS = _same_draws()
    if shuffle is not None and not _FAST_DRAWS:
        _SHUFFLE_IN_PLACE = None  # (it does not draw as this Python's generator does)
        _FAST_DRAWS = _same_draws()
    return _SHUFFLE_IN_PLACE is not None


def cut(deck: Sequence[T], at: int | None) -> list[T]:
    """The pone's cut: lift ``at`` cards off the top and put the rest on them (dealing law 8).

    ``None`` means the pone declines to cut, which no one else may insist on; the pack is dealt
    as it is. A cut must leave at least four cards in each packet: the cut is the pone's choice
    at the table, so one that does not is an :class:`~hearts.errors.IllegalMove` (a cut that is
    not a number of cards is an :class:`~hearts.errors.InvalidArgument`).

    >>> cut([1, 2, 3, 4, 5, 6, 7, 8, 9], None)
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    >>> cut([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMove: a cut must leave at least four cards in each packet: cut between 4 and 5 cards
    """
    if at is None:
        return list(deck)
    _check_cut(len(deck), at)
    return list(deck[at:]) + list(deck[:at])


def _check_cut(size: int, at: int) -> None:
    """Refuse a cut of a pack of ``size`` that :func:`cut` may not make."""
    if isinstance(at, bool) or not isinstance(at, int):
        raise InvalidArgument(f"the pone cuts a number of cards (or None to decline), not {at!r}")
    if not MIN_PACKET <= at <= size - MIN_PACKET:
        raise IllegalMove(
            f"a cut must leave at least four cards in each packet: cut between {MIN_PACKET} and "
            f"{size - MIN_PACKET} cards"
        )


def random_cut(size: int, rng: random.Random) -> int:
    """A cut the pone might choose: any legal packet size, uniformly.

    >>> 4 <= random_cut(52, random.Random(3)) <= 48
    True
    """
    if size < 2 * MIN_PACKET:
        raise InvalidArgument(f"a pack of {size} cards is too small to cut")
    return rng.randint(MIN_PACKET, size - MIN_PACKET)


def deal_out(
    deck: Sequence[T],
    *,
    players: int,
    dealer: int,
    hand_size: int,
    sits_out: int | None = None,
) -> tuple[list[list[T]], list[T]]:
    """Deal one card at a time from the eldest hand, to the left, ``hand_size`` to each seat.

    The seat ``sits_out`` (the dealer at a table of seven) takes no cards. What is left over is
    the stock, in order, top card first (two-handed). Returns (hands by seat, stock).

    >>> hands, stock = deal_out("abcdefg", players=2, dealer=0, hand_size=2)
    >>> hands, stock
    ([['b', 'd'], ['a', 'c']], ['e', 'f', 'g'])
    """
    order = [(eldest(dealer, players) + i) % players for i in range(players)]
    order = [seat for seat in order if seat != sits_out]
    if len(deck) < hand_size * len(order):
        raise InvalidArgument(
            f"{len(deck)} cards cannot give {hand_size} to each of {len(order)} seats"
        )
    hands: list[list[T]] = [[] for _ in range(players)]
    step = len(order)
    position = hand_size * step
    # Card by card around the table: the seat k-th in order gets every step-th card from k.
    for index, seat in enumerate(order):
        hands[seat] = list(deck[index:position:step])
    return hands, list(deck[position:])


@functools.cache
def _deal_order(players: int, dealer: int, sits_out: int | None) -> tuple[int, ...]:
    """The seats dealt to, in the order they get their cards: from the eldest hand, to the left."""
    order = ((eldest(dealer, players) + i) % players for i in range(players))
    return tuple(seat for seat in order if seat != sits_out)


_DEAL_MASKS: Callable[[list[Card], int, tuple[int, ...], int, int], list[int]] | None = None
"""The C accelerator's deal into masks, when :func:`use_deal_masks` has checked it."""


def deal_masks(
    deck: Sequence[Card],
    at: int | None,
    *,
    players: int,
    dealer: int,
    hand_size: int,
    sits_out: int | None = None,
) -> tuple[list[int], list[Card]]:
    """The pack cut at ``at`` (:func:`cut`, with its checks) and dealt (:func:`deal_out`), each
    hand as a bitmask of its cards: what a game deals. Returns (masks by seat, stock).

    >>> from hearts.cards import cards_of
    >>> pack = cards_of(FULL_PACK)
    >>> masks, stock = deal_masks(pack, 4, players=4, dealer=3, hand_size=13)
    >>> hands, _ = deal_out(cut(pack, 4), players=4, dealer=3, hand_size=13)
    >>> masks == [sum(1 << card for card in hand) for hand in hands], stock
    (True, [])
    """
    if at is not None:
        _check_cut(len(deck), at)
    order = _deal_order(players, dealer, sits_out)
    position = hand_size * len(order)
    fast = _DEAL_MASKS
    if fast is not None and type(deck) is list and position <= len(deck) and players <= 64:
        masks = fast(deck, at or 0, order, hand_size, players)
        return masks, ([] if position == len(deck) else cut(deck, at)[position:])
    hands, stock = deal_out(
        cut(deck, at), players=players, dealer=dealer, hand_size=hand_size, sits_out=sits_out
    )
    return [sum(map(_BIT, hand)) for hand in hands], stock


_BIT = (1).__lshift__
"""A card's one-bit mask (``_BIT(card) == 1 << card``)."""


def use_deal_masks(
    deal: Callable[[list[Card], int, tuple[int, ...], int, int], list[int]] | None,
) -> bool:
    """Let :func:`deal_masks` deal with ``deal(deck, at, seats, hand_size, players)`` (the C
    accelerator's, which :mod:`hearts.deal` installs) if it deals what :func:`deal_out` deals
    on every table of a few checked; None: the Python path again. Returns whether it is in use.

    >>> use_deal_masks(_DEAL_MASKS) == (_DEAL_MASKS is not None)
    True
    """
    global _DEAL_MASKS
    _DEAL_MASKS = None
    if deal is not None:
        pack = cards_of(FULL_PACK | FULL_PACK << 64)
        random.Random(0).shuffle(pack)
        for players, dealer, size, sits_out, at in (
            (4, 3, 13, None, 20),
            (3, 0, 17, None, None),
            (7, 2, 14, 2, 9),
            (2, 1, 13, None, 48),
        ):
            deck = pack[: 52 if players < 7 else 104]
            expected = deal_masks(
                deck, at, players=players, dealer=dealer, hand_size=size, sits_out=sits_out
            )
            order = _deal_order(players, dealer, sits_out)
            if (deal(deck, at or 0, order, size, players), expected[1]) != expected:
                return False
        _DEAL_MASKS = deal
    return _DEAL_MASKS is not None


def _cut_rounds(
    rng: random.Random, seats: Sequence[int]
) -> tuple[list[tuple[int, Card]], dict[int, int]]:
    """One round of cutting: each seat draws a card from a freshly spread pack (law 2)."""
    drawn = rng.sample(cards_of(FULL_PACK), len(seats))
    cuts = list(zip(seats, drawn, strict=True))
    return cuts, {seat: card.rank.cut_value for seat, card in cuts}


def cut_for_deal(rng: random.Random, players: int) -> tuple[int, list[tuple[int, Card]]]:
    """Every seat cuts; the lowest card deals, ace low; seats tied for lowest cut again (laws 1–2).

    Returns the dealer and every (seat, card) cut, in order; suits never break a tie.

    >>> dealer, cuts = cut_for_deal(random.Random(6), 4)
    >>> [(seat, str(card)) for seat, card in cuts]   # seats 2 and 3 tie with sevens: they cut again
    [(0, 'KH'), (1, 'QS'), (2, '7C'), (3, '7S'), (2, 'JH'), (3, '5D')]
    >>> dealer
    3
    """
    log: list[tuple[int, Card]] = []
    dealer = _lowest_of(rng, list(range(players)), 1, log)[0]
    return dealer, log


def _lowest_of(
    rng: random.Random, seats: list[int], wanted: int, log: list[tuple[int, Card]] | None = None
) -> list[int]:
    """The ``wanted`` seats cutting lowest, ties at the boundary cut again (law 2)."""
    chosen: list[int] = []
    pending = seats
    while len(chosen) < wanted:
        cuts, values = _cut_rounds(rng, pending)
        if log is not None:
            log.extend(cuts)
        ordered = sorted(pending, key=lambda seat: values[seat])
        need = wanted - len(chosen)
        boundary = values[ordered[need - 1]]
        below = [seat for seat in ordered if values[seat] < boundary]
        tied = [seat for seat in ordered if values[seat] == boundary]
        if len(below) + len(tied) == need or len(tied) == 1:
            chosen.extend(ordered[:need])
            break
        chosen.extend(below)
        pending = tied
    return chosen


def check_cuts(cuts: Sequence[tuple[int, Card]], players: int) -> int:
    """The dealer that recorded cuts for deal choose, checking they follow law 2; else raise.

    The first round has one cut from every seat; each later round has one cut from each seat
    tied for lowest in the round before; a round's cards are distinct. Cuts that do not are an
    :class:`~hearts.errors.InvalidArgument`: a cut for deal draws a card at random, so a record
    of it is no seat's move.

    >>> from hearts.cards import Card
    >>> check_cuts([(0, Card.parse("KH")), (1, Card.parse("AS"))], 2)
    1
    >>> check_cuts([(0, Card.parse("KH")), (1, Card.parse("KS"))], 2)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: seats 0 and 1 tie in the cut for deal, but no one cuts again
    """
    if isinstance(cuts, str) or not all(
        isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], Card)
        for entry in cuts
    ):
        raise InvalidArgument("the cut for deal is (seat, card) pairs")
    pending = list(range(players))
    position = 0
    while True:
        round_ = list(cuts[position : position + len(pending)])
        position += len(pending)
        if sorted(seat for seat, _ in round_) != pending:
            raise InvalidArgument(f"the cut for deal must next be cut by seats {pending}")
        cards = [card for _, card in round_]
        if len(set(cards)) != len(cards) or not all(FULL_PACK >> card & 1 for card in cards):
            raise InvalidArgument(
                "each round of the cut for deal draws different cards of one pack"
            )
        low = min(card.rank.cut_value for card in cards)
        tied = sorted(seat for seat, card in round_ if card.rank.cut_value == low)
        if len(tied) == 1:
            if position != len(cuts):
                raise InvalidArgument("the cut for deal goes on after a seat has cut lowest")
            return tied[0]
        if position >= len(cuts):
            seats = " and ".join(str(seat) for seat in tied)
            raise InvalidArgument(f"seats {seats} tie in the cut for deal, but no one cuts again")
        pending = tied


def cut_for_seats(rng: random.Random, people: int, seats: int) -> list[int]:
    """Law 1: when more assemble than there are seats, all cut and the lowest cards play.

    Returns the indexes of those who play, in the order they cut (lowest first); when there
    are enough seats everyone plays.

    >>> sorted(cut_for_seats(random.Random(2), 5, 5))
    [0, 1, 2, 3, 4]
    >>> len(cut_for_seats(random.Random(2), 8, 6))
    6
    """
    if people <= seats:
        return list(range(people))
    return _lowest_of(rng, list(range(people)), seats)


# ---------------------------------------------------------------------- shuffle commitments

_DOMAIN = b"hearts shuffle commitment v1"
_NAMES: Final[dict[Card, bytes]] = {
    card: str(card).encode("ascii") for card in cards_of(FULL_PACK | 1 << JOKER | FULL_PACK << 64)
}
"""Every card's name as bytes, by card (both packs and the joker): the commitment hashes names."""


def _letters(which: int) -> bytes:
    """For each id below 256, letter ``which`` of the card's name when it has two (one deck's
    cards), else 0: a table for :meth:`bytes.translate`."""
    table = bytearray(256)
    for card, name in _NAMES.items():
        if card < 256 and len(name) == 2:
            table[card] = name[which]
    return bytes(table)


_FIRST: Final = _letters(0)
_SECOND: Final = _letters(1)


_INNER: Final = bytes(byte ^ 0x36 for byte in range(256))
_OUTER: Final = bytes(byte ^ 0x5C for byte in range(256))


def _hmac_sha256(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256 (RFC 2104) of ``message`` under ``key``: what ``hmac.digest(key, message,
    "sha256")`` gives, made with two SHA-256 hashes (about half the time: a game derives a salt
    for every hand, and OpenSSL's one-shot HMAC looks its algorithm up on every call).

    >>> import hmac
    >>> _hmac_sha256(b"7", b"hearts") == hmac.digest(b"7", b"hearts", "sha256")
    True
    """
    if len(key) > 64:  # (a key longer than SHA-256's block is hashed first)
        key = hashlib.sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = hashlib.sha256(key.translate(_INNER) + message).digest()
    return hashlib.sha256(key.translate(_OUTER) + inner).digest()


def hand_salt(seed: int, hand_number: int) -> bytes:
    """The 32-byte salt of a hand's commitment: derived from the game's seed and the hand number.

    It is ``HMAC-SHA256(key=the seed, "hearts shuffle salt n")``: anyone holding the seed can
    derive it, and no one without the seed can. It does not touch the generator.

    >>> len(hand_salt(7, 0)), hand_salt(7, 0) == hand_salt(7, 1)
    (32, False)
    """
    return _hmac_sha256(
        str(seed).encode("ascii"), f"hearts shuffle salt {hand_number}".encode("ascii")
    )


def commit(pack_order: Sequence[Card], salt: bytes, hand_number: int) -> str:
    """The commitment to a shuffled pack: sha256 of the hand number, the salt and the order (hex).

    The message hashed is ``hearts shuffle commitment v1|<hand number>|<salt in hex>|<names>``,
    the names (``AS 2C QH``, a second pack's cards marked ``'``) in the order given. Cards may
    be given as :class:`~hearts.cards.Card` values, ids or names.

    >>> order = [Card.parse(name) for name in ("AS", "2C", "QH")]
    >>> digest = commit(order, b"salt", 0)
    >>> len(digest), digest == commit(order[::-1], b"salt", 0), digest == commit(order, b"salt", 1)
    (64, False, False)
    >>> commit(["AS", "2C", "QH"], b"salt", 0) == digest
    True
    """
    cards = pack_order if isinstance(pack_order, list | tuple) else list(pack_order)
    if {Card}.issuperset(map(type, cards)):
        return _commit_cards(cards, salt, hand_number)
    # Ids, names, or something that is not a card (refused by name).
    names = " ".join(str(Card.coerce(card)) for card in cards).encode("ascii")
    return _digest(names, salt, hand_number)


def _commit_cards(cards: Sequence[Card], salt: bytes, hand_number: int) -> str:
    """:func:`commit` of :class:`~hearts.cards.Card` values (a game's own shuffle, every hand):
    the names looked up, none built; a pack of one deck's cards named in three steps in C
    (:data:`_FIRST`, :data:`_SECOND`), else card by card."""
    try:
        ids = bytes(cards)
        first = ids.translate(_FIRST)
    except ValueError:  # a card of an id above 255 (none is): named card by card
        first = b"\0"
    names: bytes | bytearray
    if 0 in first:  # a card whose name is not two letters (a second pack's, the joker)
        try:
            names = b" ".join(map(_NAMES.__getitem__, cards))
        except KeyError:  # a card whose name is not kept: named as commit names it
            names = " ".join(str(Card.coerce(card)) for card in cards).encode("ascii")
    else:
        names = bytearray(b" ") * (3 * len(ids) - 1) if ids else bytearray()
        names[0::3] = first
        names[1::3] = ids.translate(_SECOND)
    return _digest(names, salt, hand_number)


def _digest(names: bytes | bytearray, salt: bytes, hand_number: int) -> str:
    message = b"|".join((_DOMAIN, str(hand_number).encode("ascii"), salt.hex().encode(), names))
    return hashlib.sha256(message).hexdigest()


# ---------------------------------------------------------------------- hand seeds

_HEX_SEED: Final = re.compile(r"[0-9a-f]{64}")


def _derive(seed: int, message: str) -> str:
    return _hmac_sha256(str(seed).encode("ascii"), message.encode("ascii")).hex()


def hand_seed(seed: int, hand_number: int) -> str:
    """The secret seed of one hand of a game with hand seeds: 64 hex digits derived from the
    game's seed and the hand number.

    It is ``HMAC-SHA256(key=the game's seed, "hearts hand seed v1|n")`` in lowercase hex (the
    key is the seed written in decimal, as for :func:`hand_salt`). Every draw for hand ``n``
    (its shuffle and the cut suggested to the pone) comes from :func:`seeded_rng` of it, and
    its commitment's salt is :func:`hand_seed_salt` of it. HMAC is a keyed pseudo-random
    function: one hand's seed tells nothing of the game's seed or of any other hand's.

    >>> len(hand_seed(7, 0)), hand_seed(7, 0) == hand_seed(7, 1), hand_seed(7, 0) == hand_seed(8, 0)
    (64, False, False)
    """
    return _derive(seed, f"hearts hand seed v1|{hand_number}")


def cut_for_deal_seed(seed: int) -> str:
    """The seed of the cut for deal (laws 1-2) of a game with hand seeds:
    ``HMAC-SHA256(key=the game's seed, "hearts cut for deal seed v1")`` in hex, apart from
    every hand's seed.

    >>> cut_for_deal_seed(7) in {hand_seed(7, n) for n in range(10)}
    False
    """
    return _derive(seed, "hearts cut for deal seed v1")


def is_hand_seed(value: object) -> bool:
    """Whether a value is written as a hand seed is: 64 lowercase hex digits.

    >>> is_hand_seed(hand_seed(1, 0)), is_hand_seed("AB"), is_hand_seed(5)
    (True, False, False)
    """
    return isinstance(value, str) and _HEX_SEED.fullmatch(value) is not None


def _check_seed(seed: str) -> str:
    if not is_hand_seed(seed):
        raise InvalidArgument(f"a hand seed is 64 lowercase hex digits, not {seed!r}")
    return seed


def seeded_rng(seed: str) -> random.Random:
    """The generator a hand (or the cut for deal) draws from: :class:`random.Random` seeded
    with the hand seed read as a 256-bit whole number.

    >>> seeded_rng(hand_seed(7, 0)).random() == seeded_rng(hand_seed(7, 0)).random()
    True
    """
    return random.Random(int(_check_seed(seed), 16))


def hand_seed_salt(seed: str, hand_number: int) -> bytes:
    """The 32-byte salt of the commitment of a hand with a seed of its own:
    ``HMAC-SHA256(key=the hand seed's 32 bytes, "hearts hand salt v1|n")``, so that anyone
    holding that hand's seed can derive it.

    >>> len(hand_seed_salt(hand_seed(7, 0), 0))
    32
    """
    key = bytes.fromhex(_check_seed(seed))
    return _hmac_sha256(key, f"hearts hand salt v1|{hand_number}".encode("ascii"))


@dataclasses.dataclass(frozen=True, slots=True)
class HandReveal:
    """What a table reveals of one hand once it is over, so that anyone can check its deal
    (:meth:`hearts.game.Game.reveal`; :func:`hearts.verify.check_reveal` checks one).

    A client that cannot run Python's generator checks a reveal in three steps:

    1. ``sha256`` of :meth:`commitment_message` (UTF-8 text), in lowercase hex, is the
       commitment it received when the hand was dealt (the ``ShuffleCommitted`` event);
    2. the pack order, cut as ``cut`` says (lift ``cut`` cards off the top and put the rest on
       them; None: not cut), then dealt one card at a time from the eldest hand (the seat on
       the dealer's left) to the left, gives the hand it was dealt (the dealer sits out at a
       table of seven; what is left over is the stock, top card first);
    3. ``cut`` is the cut the ``Dealt`` event announced.

    The salt is ``HMAC-SHA256(key=bytes of seed, "hearts hand salt v1|<hand number>")``
    (:func:`hand_seed_salt`): a client with HMAC can check it as well. That the order is the
    shuffle the seed draws is checked where Python runs (:func:`hearts.verify.check_reveal`).

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=4, hand_seeds=True)
    >>> while game.hand_number == 0:
    ...     _ = game.play(game.legal_moves()[0])
    >>> shown = game.reveal(0)
    >>> import hashlib
    >>> hashlib.sha256(shown.commitment_message().encode()).hexdigest() == game.events[0].commitment
    True
    >>> HandReveal.from_dict(shown.to_dict()) == shown
    True
    """

    hand_number: int
    """The hand, counted from 0 (as in the events)."""
    dealer: int
    """The seat that dealt it."""
    seed: str
    """The hand's seed, 64 hex digits (:func:`hand_seed`)."""
    salt: str
    """The commitment's salt in hex (64 digits), derived from the seed."""
    order: tuple[str, ...]
    """The shuffled pack before the cut, top card first, by name (``AS``, ``TH``, ``QS'``)."""
    cut: int | None
    """Cards the pone lifted (None: the pone declined)."""

    def commitment_message(self) -> str:
        """The text whose ``sha256`` is the hand's commitment (what :func:`commit` hashes):
        ``hearts shuffle commitment v1|<hand number>|<salt in hex>|<names, one space apart>``.

        >>> HandReveal(0, 0, "0" * 64, "ab", ("AS", "2C"), None).commitment_message()
        'hearts shuffle commitment v1|0|ab|AS 2C'
        """
        names = " ".join(self.order)
        return f"{_DOMAIN.decode()}|{self.hand_number}|{self.salt}|{names}"

    def to_dict(self) -> dict[str, Any]:
        """The reveal as JSON data: ``{"hand_number", "dealer", "seed", "salt", "order", "cut"}``
        (``order`` a list of names)."""
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "seed": self.seed,
            "salt": self.salt,
            "order": list(self.order),
            "cut": self.cut,
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandReveal:
        """A reveal from JSON data (what :meth:`to_dict` writes); data of another shape raises
        :class:`~hearts.errors.InvalidRecord` naming the field.

        >>> HandReveal.from_dict({"hand_number": 0})
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidRecord: a hand reveal has the fields cut, dealer, hand_number, order, salt and seed; this one lacks cut, dealer, order, salt and seed
        """
        fields = ("cut", "dealer", "hand_number", "order", "salt", "seed")
        if not isinstance(data, Mapping):
            raise InvalidRecord("a hand reveal must be a JSON object")
        missing = [name for name in fields if name not in data]
        extra = sorted(str(name) for name in data if name not in fields)
        if missing or extra:
            what = (
                f"lacks {_and(missing)}" if missing else f"has the unknown field(s) {_and(extra)}"
            )
            raise InvalidRecord(
                f"a hand reveal has the fields {_and(list(fields))}; this one {what}"
            )
        for name in ("hand_number", "dealer"):
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidRecord(
                    f"a hand reveal's {name!r} must be a whole number, not {value!r}"
                )
        cut_ = data["cut"]
        if cut_ is not None and (isinstance(cut_, bool) or not isinstance(cut_, int)):
            raise InvalidRecord(
                f"a hand reveal's 'cut' must be a number of cards or null, not {cut_!r}"
            )
        if not is_hand_seed(data["seed"]):
            raise InvalidRecord(
                f"a hand reveal's 'seed' must be 64 lowercase hex digits, not {data['seed']!r}"
            )
        salt = data["salt"]
        if not isinstance(salt, str) or re.fullmatch(r"(?:[0-9a-f]{2})*", salt) is None:
            raise InvalidRecord(f"a hand reveal's 'salt' must be hex digits, not {salt!r}")
        order = data["order"]
        if not isinstance(order, list) or not all(isinstance(name, str) for name in order):
            raise InvalidRecord("a hand reveal's 'order' must be a list of card names")
        for name in order:
            try:
                canonical = str(Card.parse(name))
            except HeartsError:
                canonical = None
            if canonical != name:
                raise InvalidRecord(
                    f"a hand reveal's 'order' holds {name!r}, not a card's name as the "
                    "commitment writes it (AS, TH, QS')"
                )
        return cls(data["hand_number"], data["dealer"], data["seed"], salt, tuple(order), cut_)


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


_FAST_DRAWS = _same_draws()
