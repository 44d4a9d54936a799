"""Differential test: our ``modern`` game against OpenSpiel's ``hearts``, hand by hand.

Both engines get the same deal, the same pass direction and the same passes; then, at every play
step, they must offer exactly the same legal cards, agree on who is to act, on whether hearts are
broken and on the points taken so far, and at the end score every seat the same (the Old Moon).

OpenSpiel's conventions, checked by the first tests below:

- a card is ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits in the order C, D, H, S;
- the first chance action picks the pass direction (0 no pass, 1 left, 2 across, 3 right), then
  52 chance actions deal the cards, the i-th to player ``i % 4``;
- player ``p`` passes to ``(p + direction) % 4`` and play goes from ``p`` to ``p + 1``, so with
  our dealer on seat 3 (seat 0 the eldest hand) OpenSpiel's player ``p`` is our seat ``p`` and its
  "left" is our left;
- its returns are ``26 - points`` (higher is better); our :meth:`hearts.Deal.points` are the
  points taken (lower is better), so ours must equal ``26 - returns``.

Player 0 passes first in OpenSpiel, and seat 0 (the eldest hand) first in ours.

OpenSpiel's ``avoid_all_tricks_bonus`` (5 off for a seat that wins no trick) is dropped in a
hand where the moon is shot, as an experiment with it showed (a seat with no trick scores the
shooter's 26, not 21): it is our ``NoTrickBonus(points=5, with_moon=False)``, checked below;
our default, ``with_moon=True``, keeps the bonus in a moon hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pytest

# Only a guard for platforms without OpenSpiel wheels: CI installs it, so this runs there.
pyspiel = pytest.importorskip("pyspiel")

from hearts import Card, CardSet, Deal, Pass, PassDirection, Rules, variants  # noqa: E402
from hearts.cards import HEARTS_MASK, QUEEN_OF_SPADES  # noqa: E402

MODERN = variants.get("modern")

# OpenSpiel's options for our modern preset; only can_lead_hearts_instead_of_qs varies, and it
# must equal our lead_hearts_with_only_penalty.
OPENSPIEL_MODERN = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
}

HANDS_PER_BATCH = 3000
TOTAL_POINTS = 26

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"
OS_CARD_NAMES = [rank + suit for rank in _RANKS for suit in _SUITS]
"""OpenSpiel's name of each of its card actions 0..51."""
TO_OURS = [Card.parse(name) for name in OS_CARD_NAMES]
TO_OPENSPIEL = {card: action for action, card in enumerate(TO_OURS)}

OS_DIRECTION = {
    PassDirection.HOLD: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
DIRECTIONS = list(OS_DIRECTION)

Policy = Callable[[random.Random, int, list[Card]], Card]


def random_policy(rng: random.Random, seat: int, legal: list[Card]) -> Card:
    """Any legal card, uniformly."""
    return rng.choice(legal)


def openspiel_game(*, lead_hearts_with_only_penalty: bool) -> pyspiel.Game:
    return pyspiel.load_game(
        "hearts",
        {**OPENSPIEL_MODERN, "can_lead_hearts_instead_of_qs": lead_hearts_with_only_penalty},
    )


def openspiel_hands(state: pyspiel.State) -> list[CardSet]:
    """Each player's cards now, read from OpenSpiel's state struct."""
    return [CardSet.parse(" ".join(hand)) for hand in state.to_struct().hands]


@dataclass
class Outcome:
    """What one hand played through both engines came to."""

    points: tuple[int, ...]
    shooter: int | None
    tricks_won: tuple[int, ...] = ()
    queen_or_hearts_leads: int = 0
    """Leads where the leader held only the Q♠ and hearts, hearts unbroken (the option's case)."""
    moves: list[str] = field(default_factory=list)


class Disagreement(AssertionError):
    """The engines differ; the message is a reproduction: deal, passes and moves so far."""


def _fail(what: str, deal: Deal, state: pyspiel.State, moves: Sequence[str]) -> Disagreement:
    hands = [str(deal.dealt_hand(seat)) for seat in range(4)]
    return Disagreement(
        f"{what}\n"
        f"  pass direction: {deal.pass_direction.value}\n"
        f"  dealt hands (seat 0..3): {hands}\n"
        f"  moves so far: {' '.join(moves) or '(none)'}\n"
        f"  OpenSpiel history: {state.history()}"
    )


def play_both(
    rules: Rules,
    game: pyspiel.Game,
    rng: random.Random,
    *,
    direction: PassDirection | None = None,
    hands: Sequence[CardSet] | None = None,
    policy: Policy = random_policy,
) -> Outcome:
    """Deal one hand to both engines, pass and play it with the same moves; check every step."""
    if direction is None:
        direction = rng.choice(DIRECTIONS)
    if hands is None:
        deck = list(range(52))
        rng.shuffle(deck)
    else:
        # Interleave the given hands so that the i-th card dealt goes to player i % 4.
        deck = [TO_OPENSPIEL[hands[i % 4].cards()[i // 4]] for i in range(52)]
    state = game.new_initial_state()
    state.apply_action(OS_DIRECTION[direction])
    for action in deck:
        assert state.is_chance_node()
        state.apply_action(action)
    dealt = [CardSet(TO_OURS[a] for a in deck[seat::4]) for seat in range(4)]
    deal = Deal.from_hands(rules, dealt, dealer=3, pass_direction=direction)
    moves: list[str] = []

    def fail(what: str) -> Disagreement:
        return _fail(what, deal, state, moves)

    if openspiel_hands(state) != dealt:
        raise fail("the deal differs")

    if direction is not PassDirection.HOLD:
        for seat in range(4):
            if state.current_player() != seat:
                raise fail(f"OpenSpiel has player {state.current_player()} pass, not {seat}")
            cards = rng.sample(deal.hand(seat).cards(), 3)
            for card in cards:
                state.apply_action(TO_OPENSPIEL[card])
            deal.play(Pass(cards), seat)
            moves.append(f"{seat}:pass {CardSet(cards)}")
        ours_after = [deal.hand(seat) for seat in range(4)]
        if openspiel_hands(state) != ours_after:
            raise fail(
                f"hands after passing {direction.value} differ: ours {list(map(str, ours_after))}"
                f", OpenSpiel {list(map(str, openspiel_hands(state)))}"
            )

    queen_or_hearts_leads = 0
    while not state.is_terminal():
        if deal.is_over:
            raise fail("our hand is over before OpenSpiel's")
        seat = deal.to_act
        if state.current_player() != seat:
            raise fail(f"to act: ours seat {seat}, OpenSpiel player {state.current_player()}")
        ours = deal.legal_cards()
        theirs = CardSet(TO_OURS[a] for a in state.legal_actions())
        if ours != theirs:
            raise fail(f"legal cards of seat {seat}: ours {ours}, OpenSpiel {theirs}")
        hand = deal.hand(seat).mask
        if not deal.trick and not deal.hearts_broken and deal.tricks:
            non_hearts = hand & ~HEARTS_MASK
            if non_hearts == 1 << QUEEN_OF_SPADES and hand != non_hearts:
                queen_or_hearts_leads += 1
        card = policy(rng, seat, ours.cards())
        deal.play(card)
        state.apply_action(TO_OPENSPIEL[card])
        moves.append(f"{seat}:{card}")
        if deal.hearts_broken != state.hearts_broken():
            raise fail(
                f"hearts broken: ours {deal.hearts_broken}, OpenSpiel {state.hearts_broken()}"
            )
        if not deal.trick and not state.is_terminal():
            taken = tuple(state.points(p) for p in range(4))
            if deal.penalties() != taken:
                raise fail(f"points taken: ours {deal.penalties()}, OpenSpiel {taken}")
    if not deal.is_over:
        raise fail("OpenSpiel's hand is over before ours")
    ours_points = deal.points()
    theirs_points = tuple(TOTAL_POINTS - int(r) for r in state.returns())
    if ours_points != theirs_points:
        raise fail(f"points: ours {ours_points}, OpenSpiel 26 - returns {theirs_points}")
    tricks_won = tuple(deal.tricks_won(seat) for seat in range(4))
    return Outcome(ours_points, deal.moon_shooter(), tricks_won, queen_or_hearts_leads, moves)


# ---------------------------------------------------------------------------- conventions


def test_openspiel_card_numbering_is_rank_times_four_plus_suit_clubs_diamonds_hearts_spades():
    state = openspiel_game(lead_hearts_with_only_penalty=False).new_initial_state()
    state.apply_action(0)
    assert [state.action_to_string(0, a) for a in range(52)] == OS_CARD_NAMES


def test_openspiel_first_chance_action_is_the_pass_direction():
    state = openspiel_game(lead_hearts_with_only_penalty=False).new_initial_state()
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    assert [state.action_to_string(a) for a in range(4)] == ["No Pass", "Left", "Across", "Right"]


@pytest.mark.parametrize("direction", DIRECTIONS, ids=lambda d: d.value)
def test_pass_direction_sends_cards_to_the_same_seat_in_both_engines(direction):
    rng = random.Random(f"pass-{direction.value}")
    deck = list(range(52))
    rng.shuffle(deck)
    state = openspiel_game(lead_hearts_with_only_penalty=True).new_initial_state()
    state.apply_action(OS_DIRECTION[direction])
    for action in deck:
        state.apply_action(action)
    dealt = [CardSet(TO_OURS[a] for a in deck[seat::4]) for seat in range(4)]
    deal = Deal.from_hands(MODERN, dealt, dealer=3, pass_direction=direction)
    if direction is PassDirection.HOLD:
        assert deal.phase.value == "play"
        assert state.current_player() == deal.to_act
        return
    passes = [dealt[seat].cards()[:3] for seat in range(4)]
    for seat in range(4):
        assert state.current_player() == seat
        for card in passes[seat]:
            state.apply_action(TO_OPENSPIEL[card])
        deal.play(Pass(passes[seat]), seat)
    offset = direction.offset(4)
    for seat in range(4):
        receiver = (seat + offset) % 4
        assert deal.received(receiver) == CardSet(passes[seat])
        assert all(card in openspiel_hands(state)[receiver] for card in passes[seat])
    assert openspiel_hands(state) == [deal.hand(seat) for seat in range(4)]


# ---------------------------------------------------------------------------- random hands


@pytest.mark.parametrize(
    "lead_hearts_with_only_penalty",
    [True, False],
    ids=["lead-hearts-over-lone-queen", "lone-queen-must-lead"],
)
def test_legal_cards_and_points_match_openspiel_in_random_modern_hands(
    lead_hearts_with_only_penalty,
):
    """3,000 seeded random hands per setting of the only-Q♠-and-hearts lead option.

    Random play shoots the moon in about one hand in a hundred, and now and then leaves a leader
    with only the Q♠ and hearts before hearts are broken: both are checked here, and the counts
    below make sure these seeds do reach them.
    """
    rules = MODERN.replace(lead_hearts_with_only_penalty=lead_hearts_with_only_penalty)
    game = openspiel_game(lead_hearts_with_only_penalty=lead_hearts_with_only_penalty)
    directions = dict.fromkeys(DIRECTIONS, 0)
    moons = special_leads = 0
    for seed in range(HANDS_PER_BATCH):
        rng = random.Random(seed * 2 + lead_hearts_with_only_penalty)
        direction = DIRECTIONS[seed % 4]
        outcome = play_both(rules, game, rng, direction=direction)
        directions[direction] += 1
        moons += outcome.shooter is not None
        special_leads += outcome.queen_or_hearts_leads
        if outcome.shooter is None:
            assert sum(outcome.points) == 26
        else:
            assert outcome.points == tuple(0 if s == outcome.shooter else 26 for s in range(4))
    assert all(count == HANDS_PER_BATCH // 4 for count in directions.values())
    assert moons >= 10, f"only {moons} moons: the Old Moon went unchecked"
    assert special_leads >= 1, "no leader held only the Q♠ and hearts: the option went unchecked"


def test_any_club_may_lead_the_first_trick_as_in_openspiel():
    """first_lead=any-club is OpenSpiel's can_lead_any_club: the holder of the 2♣ leads, any
    club. 1,000 seeded random hands agree move for move; the counts make sure the first lead was
    often a club other than the 2♣."""
    rules = MODERN.replace(first_lead="any-club")
    game = pyspiel.load_game(
        "hearts",
        {**OPENSPIEL_MODERN, "can_lead_any_club": True, "can_lead_hearts_instead_of_qs": True},
    )
    other_clubs = 0
    for seed in range(1000):
        rng = random.Random(50_000 + seed)
        outcome = play_both(rules, game, rng, direction=DIRECTIONS[seed % 4])
        other_clubs += outcome.moves[4 if seed % 4 else 0].split(":")[1] != "2C"
    assert other_clubs >= 500, f"only {other_clubs} first leads were not the 2♣"


# ---------------------------------------------------------------------------- hand-built


MOON_HANDS = [
    CardSet.parse("AC AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),  # takes every trick from trick 2
    CardSet.parse("2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
    CardSet.parse("AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
    CardSet.parse("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
]


@pytest.mark.parametrize("seed", range(20))
def test_hand_built_moon_gives_the_shooter_0_and_the_others_26_in_both_engines(seed):
    """Seat 0 wins the first trick with the A♣ and then every spade lead: it takes all 26."""
    game = openspiel_game(lead_hearts_with_only_penalty=True)
    outcome = play_both(
        MODERN, game, random.Random(seed), direction=PassDirection.HOLD, hands=MOON_HANDS
    )
    assert outcome.shooter == 0
    assert outcome.points == (0, 26, 26, 26)


def test_the_no_trick_bonus_is_openspiels_avoid_all_tricks_bonus_without_the_moon():
    """OpenSpiel's ``avoid_all_tricks_bonus`` is our ``NoTrickBonus(points=5,
    with_moon=False)``: a seat that wins no trick subtracts 5, but not in a hand where the moon
    is shot (the moon alone is scored). 3,000 seeded random hands agree on every step and every
    seat's points; the counts make sure these seeds reach the bonus, and the moon with a seat
    that won no trick."""
    rules = variants.get("no-trick").replace(settlement={"no_trick": {"with_moon": False}})
    assert rules.no_trick is not None and rules.no_trick.points == 5
    game = pyspiel.load_game(
        "hearts",
        {**OPENSPIEL_MODERN, "avoid_all_tricks_bonus": True, "can_lead_hearts_instead_of_qs": True},
    )
    bonus_hands = moon_hands = 0
    for seed in range(HANDS_PER_BATCH):
        rng = random.Random(70_000 + seed)
        outcome = play_both(rules, game, rng, direction=DIRECTIONS[seed % 4])
        no_trick = [seat for seat, won in enumerate(outcome.tricks_won) if won == 0]
        if no_trick and outcome.shooter is None:
            bonus_hands += 1
            assert sum(outcome.points) == 26 - 5 * len(no_trick)
        elif no_trick:
            moon_hands += 1
            assert outcome.points == tuple(0 if s == outcome.shooter else 26 for s in range(4))
    assert bonus_hands >= 300, f"only {bonus_hands} hands had a seat that won no trick"
    assert moon_hands >= 10, f"only {moon_hands} moons with a seat that won no trick"


@pytest.mark.parametrize(
    ("with_moon", "agrees"), [(False, True), (True, False)], ids=["without-moon", "with-moon"]
)
def test_hand_built_moon_with_seats_that_won_no_trick_against_openspiels_bonus(with_moon, agrees):
    """Seat 0 takes every trick: with_moon=False scores the moon alone, as OpenSpiel does;
    our default, with_moon=True, also takes 5 from each other seat, and the harness says so."""
    rules = variants.get("no-trick").replace(settlement={"no_trick": {"with_moon": with_moon}})
    game = pyspiel.load_game(
        "hearts",
        {**OPENSPIEL_MODERN, "avoid_all_tricks_bonus": True, "can_lead_hearts_instead_of_qs": True},
    )

    def play() -> Outcome:
        return play_both(
            rules, game, random.Random(0), direction=PassDirection.HOLD, hands=MOON_HANDS
        )

    if agrees:
        outcome = play()
        assert outcome.tricks_won == (13, 0, 0, 0)
        assert outcome.points == (0, 26, 26, 26)
        return
    with pytest.raises(Disagreement, match=r"points: ours \(0, 21, 21, 21\), OpenSpiel 26 - "):
        play()


# Seat 0 wins trick one with the A♣ and must then lead from Q♠ and hearts, hearts unbroken.
LONE_QUEEN_HANDS = [
    CardSet.parse("AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"),
    CardSet.parse("2C 3C 4C 5C 6C 7C 8C 9C TC JC KH AH 2S"),
    CardSet.parse("QC KC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
    CardSet.parse("KD AD 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"),
]


@pytest.mark.parametrize(
    ("lead_hearts_with_only_penalty", "expected"),
    [(True, "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"), (False, "QS")],
    ids=["may-lead-a-heart", "must-lead-the-queen"],
)
def test_leader_with_only_queen_of_spades_and_hearts_leads_alike_in_both_engines(
    lead_hearts_with_only_penalty, expected
):
    rules = MODERN.replace(lead_hearts_with_only_penalty=lead_hearts_with_only_penalty)
    game = openspiel_game(lead_hearts_with_only_penalty=lead_hearts_with_only_penalty)
    # Trick one: 2C (seat 1), QC (seat 2), KD (seat 3: void in clubs), AC (seat 0) wins.
    opening = [Card.parse(name) for name in ("2C", "QC", "KD", "AC")]

    def opening_then_random(rng: random.Random, seat: int, legal: list[Card]) -> Card:
        card = opening.pop(0) if opening else rng.choice(legal)
        assert card in legal
        return card

    deal = Deal.from_hands(rules, LONE_QUEEN_HANDS, dealer=3, pass_direction="hold")
    for card in opening:
        deal.play(card)
    assert deal.to_act == 0 and not deal.hearts_broken
    assert deal.legal_cards() == CardSet.parse(expected)
    # The same position through both engines, checked step by step to the end of the hand.
    outcome = play_both(
        rules,
        game,
        random.Random(0),
        direction=PassDirection.HOLD,
        hands=LONE_QUEEN_HANDS,
        policy=opening_then_random,
    )
    assert outcome.queen_or_hearts_leads == 1


def test_a_rule_that_differs_is_reported_with_a_reproduction():
    """The harness has teeth: our option on against OpenSpiel's off must fail, saying where."""
    game = openspiel_game(lead_hearts_with_only_penalty=False)
    opening = [Card.parse(name) for name in ("2C", "QC", "KD", "AC")]

    def opening_then_first(rng: random.Random, seat: int, legal: list[Card]) -> Card:
        return opening.pop(0) if opening else legal[0]

    with pytest.raises(Disagreement) as caught:
        play_both(
            MODERN,
            game,
            random.Random(0),
            direction=PassDirection.HOLD,
            hands=LONE_QUEEN_HANDS,
            policy=opening_then_first,
        )
    message = str(caught.value)
    assert "legal cards of seat 0: ours QS 2H 3H" in message and "OpenSpiel QS\n" in message
    assert "moves so far: 1:2C 2:QC 3:KD 0:AC" in message
