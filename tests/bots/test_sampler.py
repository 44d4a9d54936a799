"""The sampler (hearts.bots.sampler): imagined deals agree with everything a seat knows."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hearts import Game, InvalidArgument, variants
from hearts.bots import BasicBot
from hearts.bots._domino_deals import _fill, _Place
from hearts.bots.sampler import Sampler, _arrivals, supported
from hearts.cards import SUIT_MASKS, Card, Suit
from hearts.deal import Deal, Phase
from hearts.events import CardPlayed, Dealt, Discarded, StockDrawn
from hearts.observation import SeatView
from hearts.rules import Passing, Rules, Widow

WIDOW_FORMS = {
    "heartsette-widow-first": variants.get("heartsette").replace(widow=Widow.FIRST_TRICK),
    "heartsette-widow-last": variants.get("heartsette").replace(widow=Widow.LAST_TRICK),
    "cancellation-widow-last": variants.get("cancellation").replace(
        cancellation={"widow": "last-trick"}
    ),
}
SAMPLED: dict[str, Rules] = {
    name: variants.get(name) for name in variants.names() if supported(variants.get(name))
} | WIDOW_FORMS


def test_every_preset_is_sampled() -> None:
    """Two-handed's stock, Domino's draws to follow, a widow that goes with a trick
    (Cancellation) and one taken into a hand (Heartsette) are all imagined."""
    assert set(SAMPLED) >= set(variants.names())
    assert all(supported(rules) for rules in WIDOW_FORMS.values())
    passing = Game(variants.get("modern"), seed=1)
    with pytest.raises(InvalidArgument, match="once the cards have been passed"):
        Sampler(passing.view(0))


def test_domino_by_the_laws_or_with_a_pass_is_not_sampled() -> None:
    domino = variants.get("domino")
    assert not supported(domino.replace(laws=True))
    assert not supported(domino.replace(passing=Passing(count=3, cycle=("left",))))
    game = Game(domino.replace(laws=True), seed=1)
    with pytest.raises(InvalidArgument, match="Domino Hearts played by the laws"):
        Sampler(game.view(game.to_act or 0))


def voids(deal: Deal) -> list[int]:
    """Per seat, the suits it has shown out of (the true deal) since a card last reached its
    hand (Heartsette: the seat that took the widow, after the first trick)."""
    shown = [0] * deal.players
    taker = _taker(deal)
    tricks = [list(_seated(deal, t.leader, t.cards)) for t in deal.tricks]
    if deal.trick:
        tricks.append(deal.trick)
    for index, plays in enumerate(tricks):
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit is not led and not (seat == taker and index == 0):
                shown[seat] |= SUIT_MASKS[led]
    return shown


def _taker(deal: Deal) -> int | None:
    """Heartsette: the seat that took the widow into its hand, once it has."""
    return next((e.seat for e in deal.events if isinstance(e, Discarded)), None)


def _void_since_last_draw(deal: Deal, seat: int) -> set[Suit]:
    """Two-handed: the suits a seat showed out of after the last trick it drew after."""
    draws = min(len(deal.tricks), 13)
    suits = set()
    for index, trick in enumerate(deal.tricks):
        plays = _seated(deal, trick.leader, trick.cards)
        led = plays[0][1].suit
        if index >= draws and any(s == seat and c.suit is not led for s, c in plays):
            suits.add(led)
    return suits


def _seated(deal: Deal, leader: int, cards: tuple) -> list:  # type: ignore[type-arg]
    seats = deal.seats
    at = seats.index(leader)
    return [(seats[(at + i) % len(seats)], card) for i, card in enumerate(cards)]


@pytest.mark.parametrize("name", sorted(SAMPLED))
def test_every_sampled_deal_agrees_with_the_view(name: str) -> None:
    """Own hand, every card played and by whom, the seat to act and its legal cards, hand sizes,
    voids shown, the cards passed still held by their receiver, the points each seat has taken
    as this seat sees them: all as in the true deal; the widow, and another seat's discards,
    are cards this seat has not seen (what they count lies face down: it may differ)."""
    rules = SAMPLED[name]
    checked = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 0 and not game.is_over:
            deal = game.deal
            if deal.phase is Phase.PLAY:
                me = deal.to_act
                assert me is not None
                view = game.view(me)
                sampler = Sampler(view)
                for _ in range(2):
                    imagined = sampler.sample(rng)
                    assert imagined is not None
                    assert imagined.hand(me) == view.hand
                    assert [t[:3] for t in imagined.tricks] == [t[:3] for t in deal.tricks]
                    assert imagined.trick == deal.trick
                    assert imagined.view(me).tricks == view.tricks
                    assert imagined.to_act == me
                    assert imagined.legal_moves() == deal.legal_moves()
                    assert [len(imagined.hand(s)) for s in range(rules.players)] == list(
                        view.hand_sizes
                    )
                    if rules.stock:  # two-handed: the stock and the other's hand
                        assert len(imagined.stock) == len(deal.stock)
                        other = 1 - me
                        for suit in _void_since_last_draw(deal, other):
                            assert not imagined.hand(other).of_suit(suit)
                    else:
                        for seat, suits in enumerate(voids(deal)):
                            assert not imagined.hand(seat).mask & suits
                    assert imagined.view(me).penalties == view.penalties
                    taker = _taker(deal)
                    if taker == me:  # it took the widow: it knows it
                        assert imagined.widow == deal.widow
                    elif taker is not None:  # in the taker's hand (or played, or discarded)
                        held = imagined.hand(taker).mask
                        for event in imagined.events:
                            if isinstance(event, CardPlayed) and event.seat == taker:
                                held |= 1 << event.card
                            elif isinstance(event, Discarded):
                                held |= event.cards.mask
                                seen = view.hand.mask | view.played_cards().mask
                                assert not event.cards.mask & seen
                        assert imagined.widow.mask & ~held == 0
                    else:
                        seen = view.hand.mask | view.played_cards().mask
                        assert not imagined.widow.mask & seen
                        assert len(imagined.widow) == len(deal.widow)
                    if view.passed is not None and view.received is not None:
                        receiver = (me + view.pass_direction.offset(rules.players)) % rules.players
                        unplayed = view.passed.mask & ~view.played_cards().mask
                        assert imagined.hand(receiver).mask & unplayed == unplayed
                    checked += 1
            game.play(rng.choice(game.legal_moves()), game.to_act)
    assert checked > 20


def test_the_imagined_hands_vary_and_cover_the_unseen_cards() -> None:
    game = Game(variants.get("classic"), seed=4)
    view = game.view(game.to_act or 0)
    sampler = Sampler(view)
    rng = random.Random(0)
    seen: set[tuple[int, ...]] = set()
    for _ in range(20):
        deal = sampler.sample(rng)
        assert deal is not None
        seen.add(tuple(deal.hand(s).mask for s in range(4)))
    assert len(seen) == 20


def test_sampling_repeats_exactly_for_a_seeded_generator() -> None:
    game = Game(variants.get("modern"), seed=2)
    for seat in range(4):
        game.play(game.legal_moves(seat)[0], seat)
    view = game.view(game.to_act or 0)
    one = [Sampler(view).sample(random.Random(5)) for _ in range(2)]
    assert one[0] is not None and one[1] is not None
    assert [one[0].hand(s) for s in range(4)] == [one[1].hand(s) for s in range(4)]


def test_the_kept_queen_prior_draws_fewer_deals_where_the_receiver_kept_the_queen() -> None:
    """The expert's prior (most players pass the Q♠ on): at 0 the seat passed to never holds a
    Q♠ it did not receive; at 1 (no prior) it does in about a third of the deals."""
    queen = Card.parse("QS")
    game = next(
        game
        for game in (Game(variants.get("modern"), seed=seed) for seed in range(40))
        if queen not in game.deal.hand(0)
    )
    for seat in range(4):
        game.play(BasicBot().choose(game.view(seat)), seat)
    view = game.view(0)
    assert view.passed is not None and queen not in view.hand
    receiver = view.pass_direction.offset(4) % 4

    def holding(weight: float) -> int:
        sampler = Sampler(view, kept_queen=weight)
        rng = random.Random(5)
        deals = [sampler.sample(rng) for _ in range(300)]
        return sum(1 for deal in deals if deal is not None and queen in deal.hand(receiver))

    assert holding(0.0) == 0
    assert 60 < holding(1.0) < 140
    assert Sampler(view, kept_queen=0.5).keeper == receiver
    assert Sampler(view).keeper is None


def test_two_handed_arrivals_leave_room_for_the_cards_that_need_it() -> None:
    """The other seat's cards are fitted to its draws from the last back; a card that may come
    later is not given a draw another card needs (A may arrive at 1 or 2, C only at 1)."""
    a, c, d = Card.parse("AS"), Card.parse("2C"), Card.parse("3D")
    spans = {a: (1, 2), c: (1, 1), d: (0, 2)}
    for seed in range(20):
        arrivals = _arrivals(spans, 2, random.Random(seed))
        assert arrivals == {2: int(a), 1: int(c), 0: 1 << d}
    assert _arrivals({a: (2, 2), c: (2, 2)}, 2, random.Random(0)) is None


def test_two_handed_sampling_seldom_fails() -> None:
    rules = variants.get("two-handed")
    tried = failed = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 0 and not game.is_over:
            if game.deal.phase is Phase.PLAY:
                sampler = Sampler(game.view(game.to_act or 0))
                for _ in range(2):
                    tried += 1
                    failed += sampler.sample(rng) is None
            game.play(BasicBot().choose(game.view(game.to_act or 0)), game.to_act)
    assert tried > 200 and failed <= tried // 100


def test_heartsette_with_a_pass_and_the_widow_taken_into_a_hand_is_not_sampled() -> None:
    passing = variants.get("heartsette").replace(passing=Passing(count=3, cycle=("left",)))
    assert not supported(passing)
    assert supported(passing.replace(widow=Widow.FIRST_TRICK))


def _as_the_hand_shows(view: SeatView) -> SeatView:
    """A view less what an imagined deal (one hand, dealt from given hands) cannot share with
    the game's: the game's scores, the deal's commitment and the cut."""
    events = tuple(
        dataclasses.replace(event, cut=None) if isinstance(event, Dealt) else event
        for event in view.events
    )
    return dataclasses.replace(view, scores=(), commitment=None, events=events)


def test_heartsette_is_sampled_while_the_widow_taker_discards() -> None:
    """Heartsette (docs/rules.md §5.5): the winner of the first trick holds the widow and chooses
    his discards. For him the widow is known; for the others it is imagined among the unseen
    cards in his hand, which holds every card of a suit he showed out of in the first trick.
    Every seat's imagined deal shows it exactly the view it has."""
    rules = variants.get("heartsette")
    checked = 0
    for seed in range(12):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.deal.phase is not Phase.DISCARD:
            game.play(rng.choice(game.legal_moves()), game.to_act)
        deal = game.deal
        taker = deal.to_act
        assert taker is not None
        first_voids = SUIT_MASKS[deal.tricks[0].cards[0].suit]
        showed_out = any(
            s == taker and c.suit is not deal.tricks[0].cards[0].suit
            for s, c in _seated(deal, deal.tricks[0].leader, deal.tricks[0].cards)
        )
        for me in range(rules.players):
            view = game.view(me)
            sampler = Sampler(view)
            for _ in range(3):
                imagined = sampler.sample(rng)
                assert imagined is not None
                assert imagined.phase is Phase.DISCARD and imagined.to_act == taker
                assert _as_the_hand_shows(imagined.view(me)) == _as_the_hand_shows(view)
                if me == taker:
                    assert imagined.widow == deal.widow
                    assert imagined.legal_moves() == deal.legal_moves()
                else:
                    held = imagined.hand(taker).mask
                    assert imagined.widow.mask & ~held == 0
                    assert not imagined.widow.mask & (view.hand.mask | view.played_cards().mask)
                    if showed_out:  # those cards came with the widow
                        assert held & first_voids & ~imagined.widow.mask == 0
                checked += 1
    assert checked == 12 * 4 * 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_domino_deals_show_each_seat_its_view_with_every_draw_where_it_was(players: int) -> None:
    """Domino Hearts (docs/rules.md §5.6): the hands dealt and the stock are imagined so that,
    played again, every seat draws as often and when the view shows (the seat's own draws the
    very cards), every card is played where it was, and the seat sees exactly its view; odd
    tables with hearts to be broken before they are led. No sample fails."""
    rules = variants.get("domino").replace(players=players, hearts_must_be_broken=players % 2 == 1)
    checked = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 0 and not game.is_over:
            me = game.to_act
            assert me is not None
            view = game.view(me)
            sampler = Sampler(view)
            for _ in range(2):
                imagined = sampler.sample(rng)
                assert imagined is not None
                assert _as_the_hand_shows(imagined.view(me)) == _as_the_hand_shows(view)
                assert imagined.legal_moves() == game.deal.legal_moves()
                checked += 1
            game.play(rng.choice(game.legal_moves()), me)
    assert checked > 60


def test_domino_deals_imagine_the_hidden_cards_afresh() -> None:
    """Once seats have drawn, the imagined hands and stock differ from one sample to the next
    and from the true deal."""
    game = Game(variants.get("domino"), seed=4)
    rng = random.Random(4)
    while sum(isinstance(e, StockDrawn) for e in game.deal.events) < 5:
        game.play(rng.choice(game.legal_moves()))
    me = game.to_act
    assert me is not None
    sampler = Sampler(game.view(me))
    seen = set()
    for _ in range(20):
        imagined = sampler.sample(rng)
        assert imagined is not None
        seen.add((tuple(imagined.hand(s).mask for s in range(4)), tuple(imagined.stock)))
    assert len(seen) == 20


def test_domino_places_are_filled_whenever_they_can_be() -> None:
    """The cards not seen go to the places still open: a card only one place admits is not
    left without one by the others' choices (the hearts here fit only the last place)."""
    hearts = [int(Card.parse(name)) for name in ("3H", "6H")]
    clubs = [int(Card.parse(name)) for name in ("2C", "3C", "4C")]
    for seed in range(30):
        places = [_Place(SUIT_MASKS[Suit.HEARTS]) for _ in range(3)] + [_Place(), _Place()]
        assert _fill(places, clubs + hearts, random.Random(seed))
        assert sorted(place.card for place in places[3:]) == sorted(hearts)
    cramped = [_Place(SUIT_MASKS[Suit.HEARTS]) for _ in range(4)] + [_Place()]
    assert not _fill(cramped, clubs + hearts, random.Random(0))
