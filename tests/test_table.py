"""The table procedure (laws 1–2, 4–9; Foster's poker laws 7–9; docs/rules.md §1)."""

from __future__ import annotations

import hashlib
import hmac
import random
from typing import Any

import pytest

from hearts import (
    Game,
    IllegalMove,
    InvalidArgument,
    InvalidCard,
    InvalidRecord,
    Move,
    table,
    variants,
)
from hearts.cards import FULL_PACK, JOKER, Card, cards_of
from hearts.events import DealerCut, Dealt
from hearts.hand.core import SPEEDUPS
from hearts.table import (
    HandReveal,
    check_cuts,
    commit,
    cut,
    cut_for_deal,
    cut_for_deal_seed,
    cut_for_seats,
    deal_out,
    eldest,
    hand_salt,
    hand_seed,
    hand_seed_salt,
    is_hand_seed,
    next_dealer,
    pone,
    random_cut,
    seeded_rng,
    shuffle,
    shuffle_pack,
    use_shuffle,
)


def test_law_2_lowest_cut_deals_ace_low_ties_cut_again() -> None:
    """Laws 1–2: the lowest card deals; the ace is low; tied seats cut again, suits do not count."""
    tie_seen = False
    for seed in range(300):
        dealer, cuts = cut_for_deal(random.Random(seed), 4)
        first_round = cuts[:4]
        values = {seat: card.rank.cut_value for seat, card in first_round}
        low = min(values.values())
        tied = [seat for seat, value in values.items() if value == low]
        if len(tied) > 1:
            tie_seen = True
            assert {seat for seat, _ in cuts[4 : 4 + len(tied)]} == set(tied)
        else:
            assert len(cuts) == 4
        # Round after round only the tied seats cut again, until one cuts lowest alone: he deals.
        start, seats = 0, 4
        while True:
            round_ = cuts[start : start + seats]
            low = min(card.rank.cut_value for _, card in round_)
            lowest = [seat for seat, card in round_ if card.rank.cut_value == low]
            if len(lowest) == 1:
                break
            start, seats = start + seats, len(lowest)
        assert dealer == lowest[0] and start + seats == len(cuts)
    assert tie_seen


def test_law_1_when_too_many_assemble_the_lowest_cuts_play() -> None:
    """Law 1: more than the seats → all cut; those cutting lowest play."""
    chosen = cut_for_seats(random.Random(9), 9, 6)
    assert len(chosen) == 6 == len(set(chosen))
    assert cut_for_seats(random.Random(9), 4, 6) == [0, 1, 2, 3]


def test_shuffle_comes_from_the_injected_generator() -> None:
    """docs/architecture.md principle 1: randomness only through an injected random.Random."""
    assert shuffle(range(52), random.Random(4)) == shuffle(range(52), random.Random(4))
    assert shuffle(range(52), random.Random(4)) != shuffle(range(52), random.Random(5))


@pytest.mark.parametrize("at", [0, 3, 49, 52, -1])
def test_cut_must_leave_four_cards_in_each_packet(at: int) -> None:
    """Law 5 and dealing law 8: at least four cards in each packet. The cut is the pone's
    choice at the table, so a cut the law does not allow is an illegal move."""
    with pytest.raises(IllegalMove, match="at least four cards in each packet"):
        cut(list(range(52)), at)


@pytest.mark.parametrize("at", [True, 4.0, "4"])
def test_a_cut_that_is_not_a_number_of_cards_is_a_bad_argument(at: object) -> None:
    """A cut that is no number of cards is not a cut at all: a bad argument, not a move."""
    with pytest.raises(InvalidArgument, match=r"^the pone cuts a number of cards \(or None to"):
        cut(list(range(52)), at)  # type: ignore[arg-type]


def test_the_table_procedure_refuses_what_it_cannot_deal() -> None:
    """A pack too small to cut, too few cards for the hands, cuts for deal that are not (seat,
    card) pairs or do not follow law 2: bad arguments, each a sentence."""
    with pytest.raises(InvalidArgument, match=r"^a pack of 7 cards is too small to cut$"):
        random_cut(7, random.Random(1))
    with pytest.raises(InvalidArgument, match=r"^7 cards cannot give 2 to each of 4 seats$"):
        deal_out(list(range(7)), players=4, dealer=0, hand_size=2)
    with pytest.raises(InvalidArgument, match=r"^the cut for deal is \(seat, card\) pairs$"):
        check_cuts([(0, "KH"), (1, "AS")], 2)  # type: ignore[list-item]
    king, ace = Card.parse("KH"), Card.parse("AS")
    with pytest.raises(InvalidArgument, match=r"^the cut for deal must next be cut by seats"):
        check_cuts([(0, king), (0, ace)], 2)
    with pytest.raises(InvalidArgument, match=r"^each round of the cut for deal draws different"):
        check_cuts([(0, king), (1, king)], 2)
    with pytest.raises(InvalidArgument, match=r"^the cut for deal goes on after a seat has cut"):
        check_cuts([(0, king), (1, ace), (0, king)], 2)


def test_cut_puts_the_lower_packet_on_top_and_the_pone_may_decline() -> None:
    """Dealing law 8: the packet not lifted goes on top; the pone may decline to cut."""
    deck = list(range(52))
    assert cut(deck, 4)[:2] == [4, 5] and cut(deck, 4)[-4:] == [0, 1, 2, 3]
    assert cut(deck, None) == deck
    for seed in range(50):
        assert 4 <= random_cut(52, random.Random(seed)) <= 48


def test_law_8_deal_one_at_a_time_from_the_eldest_hand() -> None:
    """Law 8: one card at a time, in rotation, beginning at the dealer's left."""
    hands, stock = deal_out(list(range(52)), players=4, dealer=1, hand_size=13)
    assert hands[2][:3] == [0, 4, 8] and hands[1][:2] == [3, 7]
    assert stock == []


def test_seven_at_a_table_the_dealer_takes_no_cards() -> None:
    """docs/rules.md §4.5: at a table of seven the dealer receives no cards."""
    hands, _ = deal_out(list(range(48)), players=7, dealer=3, hand_size=8, sits_out=3)
    assert hands[3] == [] and all(len(hands[s]) == 8 for s in range(7) if s != 3)
    assert hands[4][0] == 0


def test_the_pone_is_on_the_dealers_right_and_the_deal_passes_left() -> None:
    """Law 5: the pone is the dealer's right-hand adversary; law 9: the deal passes left."""
    assert pone(0, 4) == 3 and eldest(0, 4) == 1 and next_dealer(3, 4) == 0


def test_a_game_deals_its_cut_pack_from_the_eldest_hand() -> None:
    """Laws 5–8 in a game: shuffle, the pone's cut (recorded), one at a time from the eldest."""
    rules = variants.get("modern")
    rng = random.Random(11)
    deck = shuffle(cards_of(rules.pack), rng)
    at = random_cut(52, rng)
    deck = cut(deck, at)
    game = Game(rules, seed=11)
    dealt = game.events[1]  # after the commitment to the shuffle
    assert isinstance(dealt, Dealt) and dealt.cut == at and dealt.dealer == 0
    assert deck[0] in dealt.hands[1] and deck[1] in dealt.hands[2] and deck[3] in dealt.hands[0]


def test_a_game_may_cut_for_the_first_deal() -> None:
    """Laws 1–2: with cut_for_deal the lowest cut deals the first hand."""
    game = Game(variants.get("classic"), seed=2, cut_for_deal=True)
    event = game.events[0]
    assert isinstance(event, DealerCut)
    assert game.deal.dealer == event.dealer == game.first_dealer


def test_the_pone_may_decline_to_cut_and_a_short_cut_is_refused() -> None:
    """Dealing law 8: the pone may decline (the pack is dealt as shuffled); a cut leaves 4+."""
    calls: list[tuple[int, int, int]] = []

    def decline(seat: int, size: int, hand: int, suggested: int) -> int | None:
        calls.append((seat, size, hand))
        return None

    game = Game(variants.get("classic"), seed=5, dealer=2, pone=decline)
    dealt = game.events[1]
    assert isinstance(dealt, Dealt) and dealt.cut is None
    assert calls == [(1, 52, 0)]  # the pone sits on the dealer's right
    rng = random.Random(5)
    deck = shuffle(cards_of(variants.get("classic").pack), rng)
    assert deck[0] in dealt.hands[3]  # uncut: the top card goes to the eldest hand
    with pytest.raises(IllegalMove, match="at least four cards"):
        Game(variants.get("classic"), seed=5, pone=lambda *_: 50)


# --- the shuffle commitment -------------------------------------------------------------------

EVERY_CARD = FULL_PACK | 1 << JOKER | FULL_PACK << 64
"""Both packs and the joker: every card a pack of some preset holds."""


def test_the_commitment_of_a_fixed_pack_is_the_digest_records_hold() -> None:
    """Every stored record holds commitments: commit() of a given order may never change. These
    digests were computed before the names became a lookup table (the 52 cards in id order,
    hand 4 of seed 7; every card of both packs and the joker, reversed, hand 1 of seed 2**63-1)."""
    assert commit(cards_of(FULL_PACK), hand_salt(7, 3), 3) == (
        "c9440acd6d5774c9d86bb2a396b587fa24a5c57ab4ae18e21f6b5772a532fbb8"
    )
    assert commit(cards_of(EVERY_CARD)[::-1], hand_salt(2**63 - 1, 0), 0) == (
        "e6615b4f2fb260f4bd84255f587b80ed192db6fa1957238a561056b1583a04b4"
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_commitment_hashes_the_hand_number_salt_and_card_names(seed: int) -> None:
    """The documented message: domain|hand number|salt in hex|the names in order, for any
    order of any pack, given as cards, ids or names."""
    order = cards_of(EVERY_CARD)
    random.Random(seed).shuffle(order)
    order = order[: 40 + seed * 30]
    salt = hand_salt(seed, seed + 5)
    names = " ".join(str(card) for card in order)
    message = f"hearts shuffle commitment v1|{seed + 5}|{salt.hex()}|{names}".encode("ascii")
    expected = hashlib.sha256(message).hexdigest()
    assert commit(order, salt, seed + 5) == expected
    assert commit(tuple(order), salt, seed + 5) == expected
    assert commit(iter(order), salt, seed + 5) == expected
    assert commit([int(card) for card in order], salt, seed + 5) == expected
    assert commit([str(card) for card in order], salt, seed + 5) == expected


@pytest.mark.parametrize("bad", [True, "ZZ", None, 1.5, 13])
def test_a_commitment_to_something_that_is_not_a_card_is_refused(bad: object) -> None:
    with pytest.raises(InvalidCard, match="is not a card"):
        commit([Card.parse("AS"), bad], b"salt", 0)  # type: ignore[list-item]


def test_the_hand_salt_is_an_hmac_of_the_hand_number_keyed_by_the_seed() -> None:
    expected = hmac.new(b"12", b"hearts shuffle salt 3", "sha256").digest()
    assert hand_salt(12, 3) == expected and hand_salt(12, 4) != expected


# --- the generator across hands ---------------------------------------------------------------


def _moves(game: Game, hands: int, seed: int) -> list[tuple[int, Move]]:
    """Random legal moves until ``hands`` hands have been dealt (or the game ends)."""
    rng = random.Random(seed)
    made: list[tuple[int, Move]] = []
    while not game.is_over and game.hand_number < hands - 1:
        seat = game.to_act
        assert seat is not None
        move = rng.choice(game.legal_moves())
        game.play(move, seat)
        made.append((seat, move))
    return made


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("modern", {"seed": 3}),
        ("classic", {"seed": 4, "cut_for_deal": True}),
        ("two-handed", {"seed": 5}),
        ("classic", {"rng": 6}),
        ("classic", {"rng": 7, "cut_for_deal": True}),
    ],
    ids=["seeded", "cut-for-deal", "two-handed", "injected", "injected-cut-for-deal"],
)
def test_undo_back_across_hands_deals_the_same_shuffles_again(
    name: str, options: dict[str, Any]
) -> None:
    """Law 4 with undo: a hand taken back and played again is dealt from the same shuffle, and
    the hands after it too (the generator is where it was before each shuffle)."""

    def fresh() -> Game:
        given = dict(options)
        if "rng" in given:
            given["rng"] = random.Random(given["rng"])
        return Game(variants.get(name), **given)

    game, again = fresh(), fresh()
    moves = _moves(game, 4, 1)
    events = game.events
    assert game.hand_number == 3
    while True:  # back to the first move of the game, across three deals
        try:
            game.undo()
        except IllegalMove:
            break
    assert game.hand_number == 0 and game.events == events[: len(game.events)]
    for seat, move in moves:
        game.play(move, seat)
        again.play(move, seat)
    assert game.events == again.events == events
    # The generator goes on as it would have: the next deals are those of a game never undone.
    for seat, move in _moves(again, 6, 2):
        game.play(move, seat)
    assert game.events == again.events and game.hand_number == 5


def test_shuffle_pack_draws_the_shuffle_then_the_suggested_cut() -> None:
    """What a game draws for each hand, in this order, whether the pone cuts or declines."""
    rng, same = random.Random(9), random.Random(9)
    deck, suggested = shuffle_pack(variants.get("cancellation").pack, rng)
    assert deck == shuffle(cards_of(variants.get("cancellation").pack), same)
    assert suggested == random_cut(104, same) and rng.random() == same.random()


def test_an_injected_generator_drawn_from_between_hands_is_put_back_exactly() -> None:
    """A generator given to the game may be drawn from elsewhere too: undo restores the state
    it had before the hand's shuffle, so the hand is dealt again as it was."""
    rng = random.Random(8)
    game = Game(variants.get("modern"), rng=rng)
    while game.hand_number == 0:
        last = game.legal_moves()[0]
        game.play(last)
        rng.random()  # someone else draws from the same generator
    dealt = game.events
    game.undo()
    game.play(last)
    assert game.events == dealt


# --- hand seeds --------------------------------------------------------------------------------


def test_a_hand_seed_is_the_documented_hmac_of_the_game_seed_and_differs_per_hand() -> None:
    for seed in (0, 7, -3, 2**70):
        for n in range(5):
            expected = hmac.new(
                str(seed).encode(), f"hearts hand seed v1|{n}".encode(), hashlib.sha256
            ).hexdigest()
            assert hand_seed(seed, n) == expected and is_hand_seed(expected)
    assert len({hand_seed(7, n) for n in range(100)}) == 100
    assert hand_seed(7, 0) != hand_seed(8, 0)
    cut_seed = hmac.new(b"7", b"hearts cut for deal seed v1", hashlib.sha256).hexdigest()
    assert cut_for_deal_seed(7) == cut_seed
    assert cut_seed not in {hand_seed(7, n) for n in range(100)}


def test_a_hand_seeds_salt_and_generator_come_from_it_alone() -> None:
    own = hand_seed(3, 2)
    expected = hmac.new(bytes.fromhex(own), b"hearts hand salt v1|2", hashlib.sha256).digest()
    assert hand_seed_salt(own, 2) == expected
    assert hand_seed_salt(own, 2) != hand_salt(3, 2)  # not the salt of one generator's game
    assert seeded_rng(own).random() == random.Random(int(own, 16)).random()
    with pytest.raises(InvalidArgument, match="64 lowercase hex digits"):
        seeded_rng("ABC")
    with pytest.raises(InvalidArgument, match="64 lowercase hex digits"):
        hand_seed_salt(own.upper(), 2)


def _reveal() -> HandReveal:
    game = Game(variants.get("classic"), seed=4, hand_seeds=True)
    rng = random.Random(0)
    while game.hand_number == 0:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game.reveal(0)


def test_a_reveals_commitment_message_is_what_commit_hashes() -> None:
    shown = _reveal()
    order = [Card.parse(name) for name in shown.order]
    digest = hashlib.sha256(shown.commitment_message().encode("utf-8")).hexdigest()
    assert digest == commit(order, bytes.fromhex(shown.salt), 0)
    assert shown.commitment_message().startswith(f"hearts shuffle commitment v1|0|{shown.salt}|")


def test_a_reveal_reads_back_from_json_and_bad_data_is_refused_by_its_field() -> None:
    shown = _reveal()
    data = shown.to_dict()
    assert HandReveal.from_dict(data) == shown
    assert set(data) == {"hand_number", "dealer", "seed", "salt", "order", "cut"}
    bad: list[tuple[dict[str, Any], str]] = [
        ({k: v for k, v in data.items() if k != "salt"}, "lacks salt"),
        (dict(data, extra=1), "unknown field"),
        (dict(data, seed=data["seed"].upper()), "'seed' must be 64 lowercase hex"),
        (dict(data, salt="xyz"), "'salt' must be hex"),
        (dict(data, cut="4"), "'cut' must be a number of cards or null"),
        (dict(data, hand_number=True), "'hand_number' must be a whole number"),
        (dict(data, order=["qs", *data["order"][1:]]), "not a card's name"),
        (dict(data, order="AS 2C"), "must be a list of card names"),
    ]
    for wrong, reason in bad:
        with pytest.raises(InvalidRecord, match=reason):
            HandReveal.from_dict(wrong)
    with pytest.raises(InvalidRecord, match="JSON object"):
        HandReveal.from_dict([])


@pytest.mark.parametrize("pack", [FULL_PACK, FULL_PACK | 1 << JOKER, FULL_PACK | FULL_PACK << 64])
def test_shuffle_pack_draws_what_the_generators_own_shuffle_and_randint_draw(pack: int) -> None:
    for seed in range(20):
        fast, slow = random.Random(seed), random.Random(seed)
        deck = cards_of(pack)
        slow.shuffle(deck)
        assert shuffle_pack(pack, fast) == (deck, slow.randint(4, len(deck) - 4))
        assert fast.getstate() == slow.getstate()


def test_shuffle_pack_leaves_a_generator_of_another_kind_to_its_own_methods() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: Any) -> None:
            Counting.calls += 1
            super().shuffle(x)

    assert shuffle_pack(FULL_PACK, Counting(3)) == shuffle_pack(FULL_PACK, random.Random(3))
    assert Counting.calls == 1


@pytest.mark.parametrize(
    ("players", "hand_size", "size", "sits_out"),
    [(4, 13, 52, None), (7, 7, 52, 2), (2, 13, 52, None), (3, 17, 52, None)],
)
def test_deal_out_gives_one_card_at_a_time_from_the_eldest_hand(
    players: int, hand_size: int, size: int, sits_out: int | None
) -> None:
    deck = list(range(size))
    for dealer in range(players):
        hands, stock = deal_out(
            deck, players=players, dealer=dealer, hand_size=hand_size, sits_out=sits_out
        )
        want: list[list[int]] = [[] for _ in range(players)]
        seats = [(dealer + 1 + i) % players for i in range(players)]
        cards = iter(deck)
        for _ in range(hand_size):
            for seat in seats:
                if seat != sits_out:
                    want[seat].append(next(cards))
        assert (hands, stock) == (want, list(cards))


@pytest.mark.parametrize("accelerated", [True, False], ids=["c-shuffle", "python-loop"])
def test_shuffle_pack_draws_the_same_with_or_without_the_c_shuffle(accelerated: bool) -> None:
    """docs/rules.md §11: a seed deals the same hands whichever way the shuffle is made."""
    installed = table._SHUFFLE_IN_PLACE
    if SPEEDUPS is not None:
        assert installed is SPEEDUPS.shuffle  # (the accelerator's shuffle is in use when built)
    try:
        assert use_shuffle(installed if accelerated else None) is (
            accelerated and installed is not None
        )
        for pack in (FULL_PACK, FULL_PACK | 1 << JOKER, (1 << 30) - 1):
            for seed in range(30):
                fast, slow = random.Random(seed), random.Random(seed)
                deck = cards_of(pack)
                slow.shuffle(deck)
                assert shuffle_pack(pack, fast) == (deck, slow.randint(4, len(deck) - 4))
                assert fast.getstate() == slow.getstate()
    finally:
        use_shuffle(installed)


def test_a_shuffle_that_draws_otherwise_is_not_used() -> None:
    installed = table._SHUFFLE_IN_PLACE
    try:
        assert use_shuffle(lambda deck, getrandbits: deck.reverse()) is False
        assert table._SHUFFLE_IN_PLACE is None
        deck = cards_of(FULL_PACK)
        random.Random(4).shuffle(deck)
        assert shuffle_pack(FULL_PACK, random.Random(4))[0] == deck
    finally:
        use_shuffle(installed)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_the_commitment_of_one_shuffled_deck_names_every_card(seed: int) -> None:
    """A game's own shuffle of one deck (named by a faster path) commits to the documented
    message, as an order of ids or names does."""
    order = cards_of(FULL_PACK)
    random.Random(seed).shuffle(order)
    salt = hand_salt(seed, 2)
    names = " ".join(str(card) for card in order)
    message = f"hearts shuffle commitment v1|2|{salt.hex()}|{names}".encode("ascii")
    assert commit(order, salt, 2) == hashlib.sha256(message).hexdigest()
    assert commit(order, salt, 2) == commit([int(card) for card in order], salt, 2)
    assert commit([], salt, 2) == commit((), salt, 2)


TABLES = [(4, 13, None, 52), (3, 17, None, 52), (7, 14, "dealer", 104), (2, 13, None, 52)]


@pytest.mark.parametrize("accelerated", [True, False], ids=["c-deal", "python-deal"])
@pytest.mark.parametrize(("players", "hand_size", "sits_out", "size"), TABLES)
def test_deal_masks_deals_what_the_cut_and_the_deal_out_deal(
    accelerated: bool, players: int, hand_size: int, sits_out: str | None, size: int
) -> None:
    """Law 8: a game deals its hands as masks; they hold exactly the cards the pone's cut and
    the deal one at a time from the eldest hand give each seat, with the C deal or without."""
    installed = table._DEAL_MASKS
    if SPEEDUPS is not None:
        assert installed is SPEEDUPS.deal_masks
    try:
        assert table.use_deal_masks(installed if accelerated else None) is (
            accelerated and installed is not None
        )
        for seed in range(12):
            pack = cards_of(FULL_PACK | FULL_PACK << 64 if size > 52 else FULL_PACK)
            random.Random(seed).shuffle(pack)
            dealer = seed % players
            out = dealer if sits_out else None
            for at in (None, 4, seed + 4, size - 4):
                hands, stock = deal_out(
                    cut(pack, at), players=players, dealer=dealer, hand_size=hand_size, sits_out=out
                )
                masks = [sum(1 << card for card in hand) for hand in hands]
                assert table.deal_masks(
                    pack, at, players=players, dealer=dealer, hand_size=hand_size, sits_out=out
                ) == (masks, stock)
    finally:
        table.use_deal_masks(installed)


def test_deal_masks_refuses_a_cut_the_laws_do_not_allow() -> None:
    pack = cards_of(FULL_PACK)
    with pytest.raises(IllegalMove, match="at least four cards in each packet"):
        table.deal_masks(pack, 3, players=4, dealer=0, hand_size=13)
    with pytest.raises(InvalidArgument, match="a number of cards"):
        table.deal_masks(pack, "4", players=4, dealer=0, hand_size=13)  # type: ignore[arg-type]
    assert pack == cards_of(FULL_PACK)  # (nothing changed)


def test_a_deal_into_masks_that_deals_otherwise_is_not_used() -> None:
    installed = table._DEAL_MASKS
    try:
        assert table.use_deal_masks(lambda deck, at, seats, size, players: [0] * players) is False
        assert table._DEAL_MASKS is None
    finally:
        table.use_deal_masks(installed)


def test_the_salts_and_hand_seeds_are_hmac_sha256() -> None:
    """docs/rules.md §11: the salt of a commitment and a hand's seed are HMAC-SHA256 of the
    game's seed, as published; the two-hash HMAC gives what the standard library's does, for
    keys of every length (a key longer than SHA-256's block of 64 bytes is hashed first)."""
    rng = random.Random(11)
    for length in [0, 1, 19, 63, 64, 65, 100, 200]:
        for _ in range(5):
            key = rng.randbytes(length)
            message = rng.randbytes(rng.randrange(0, 120))
            assert table._hmac_sha256(key, message) == hmac.digest(key, message, "sha256")
    for seed in (0, 7, 2**63 - 1, 10**80):
        for number in (0, 3):
            key = str(seed).encode("ascii")
            assert table.hand_salt(seed, number) == hmac.digest(
                key, f"hearts shuffle salt {number}".encode("ascii"), "sha256"
            )
            assert (
                table.hand_seed(seed, number)
                == hmac.digest(key, f"hearts hand seed v1|{number}".encode("ascii"), "sha256").hex()
            )
            hand_seed = table.hand_seed(seed, number)
            assert table.hand_seed_salt(hand_seed, number) == hmac.digest(
                bytes.fromhex(hand_seed), f"hearts hand salt v1|{number}".encode("ascii"), "sha256"
            )
