"""The expert player (hearts.bots.expert): sampled deals, roll-outs, an exact end, a budget."""

from __future__ import annotations

import random
import re
import warnings

import pytest

from hearts import Deal, Game, InvalidArgument, variants
from hearts.bots import BasicBot, ExpertBot, expert, get, hint
from hearts.bots.basic import pass_ranking
from hearts.bots.expert import (
    MOON_THREAT,
    RUN_HIGH,
    Hint,
    _finish,
    _settled,
    may_run,
    rollout_card,
    run_card,
    run_on,
    strong_run,
)
from hearts.bots.sampler import PassSampler
from hearts.cards import Card, Rank
from hearts.deal import Phase
from hearts.events import CardPlayed
from hearts.moves import Pass
from hearts.observation import SeatView
from hearts.rules import Moon, Points

CLASSIC = variants.get("classic")
HANDS = [
    "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH",
]


def play_to(deal: Deal, cards: str) -> Deal:
    for card in cards.split():
        deal.play(card)
    return deal


def test_the_expert_repeats_exactly_for_a_seed_and_a_number_of_samples() -> None:
    deal = Deal.from_hands(CLASSIC, HANDS, pass_direction="hold")
    view = deal.view(0)
    one = ExpertBot(seed=4, samples=12).analyse(view)
    two = ExpertBot(seed=4, samples=12).analyse(view)
    assert one == two and one.searched and one.samples == 12
    assert one.move == one.scores[0][0]
    assert {card for card, _ in one.scores} == set(view.legal_moves)
    other = ExpertBot(seed=5, samples=12).analyse(view)
    assert other.scores != one.scores  # another seed samples other deals


def test_the_expert_scores_every_legal_card_and_plays_the_best() -> None:
    deal = play_to(Deal.from_hands(CLASSIC, HANDS, pass_direction="hold"), "2C 3C")
    view = deal.view(2)
    analysis = ExpertBot(seed=1, samples=10).analyse(view)
    assert {card for card, _ in analysis.scores} == set(view.legal_moves)
    assert analysis.move == analysis.scores[0][0]


def test_the_expert_follows_the_basic_player_outside_the_play_and_in_forms_it_cannot_sample() -> (
    None
):
    modern = Game(variants.get("modern"), seed=5)
    view = modern.view(0)
    assert view.phase is Phase.PASS
    assert ExpertBot(samples=3).choose(view) == BasicBot().choose(view)
    lawful = Game(variants.get("domino").replace(laws=True), seed=5)  # not imagined
    seat = lawful.to_act
    assert seat is not None
    analysis = ExpertBot(samples=3).analyse(lawful.view(seat))
    assert not analysis.searched and analysis.move == BasicBot().choose(lawful.view(seat))
    domino = Game(variants.get("domino"), seed=5)  # its draws are imagined: searched
    assert ExpertBot(samples=3).analyse(domino.view(domino.to_act or 0)).searched
    two = Game(variants.get("two-handed"), seed=5)  # its stock is imagined: searched
    assert ExpertBot(samples=3).analyse(two.view(two.to_act or 0)).searched


def test_a_hint_gives_the_experts_move_and_a_reason() -> None:
    deal = Deal.from_hands(CLASSIC, HANDS, pass_direction="hold")
    view = deal.view(0)
    given = hint(view, samples=8, seed=3)
    assert given.move == ExpertBot(seed=3, samples=8).choose(view)
    assert "on average over 8 deals; next best" in given.reason
    assert given.reason.startswith(given.move.symbol)  # type: ignore[union-attr]
    forced = play_to(Deal.from_hands(CLASSIC, HANDS, pass_direction="hold"), "2C 3C 4C")
    assert forced.view(3).legal_moves == (Card.parse("8C"),)  # seat 3 holds one club
    assert hint(forced.view(3), samples=2) == Hint(
        Card.parse("8C"), "8♣: the only legal move", "8♣: the only card you may play."
    )
    # (in plain words: what the card saves against the next best, hearts.words.hint)
    assert re.fullmatch(
        rf"{re.escape(given.move.symbol)}(, to shoot the moon)?: "  # type: ignore[union-attr]
        r"(about \d+ (points?|counters?) better than|a little better than|as good as) \S+\.",
        given.text,
    ), given.text


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"think": 0}, "think must be a positive number of seconds, not 0"),
        ({"think": "1"}, "think must be a positive number of seconds"),
        ({"samples": 0}, "samples must be at least 1, not 0"),
    ],
)
def test_a_bad_budget_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        get("expert", **options)  # type: ignore[arg-type]


def test_the_roll_out_policy_plays_legal_cards_and_ducks() -> None:
    deal = play_to(Deal.from_hands(CLASSIC, HANDS, pass_direction="hold"), "5C 6C")
    assert rollout_card(deal) == Card.parse("4C")  # the highest club under the 6♣
    while deal.phase is Phase.PLAY:
        card = rollout_card(deal)
        assert card in deal.legal_moves()
        deal.play(card)


def test_the_roll_out_leads_low_from_its_shortest_suit_and_keeps_high_spades_while_the_queen_is_out() -> (
    None
):
    deal = Deal.from_hands(
        variants.get("modern"),
        [
            "2C 5D 6D 7D 8D 9D 2S 3S 4S 5S 6S 7S 2H",
            "3C 4C 5C 7C TD JD QD KD AD 8S 9S TS 3H",
            "8C 9C TC JC QC KC JS QS 4H 5H 6H 7H AH",
            "AC 6C KS AS 2D 3D 4D 8H 9H TH JH QH KH",
        ],
        pass_direction="hold",
    )
    play_to(deal, "2C 3C 8C AC")  # seat 3 leads: 6C KS AS 2D 3D 4D (hearts not broken)
    assert rollout_card(deal) == Card.parse("6C")  # its shortest suit; not the A♠/K♠


@pytest.mark.parametrize("name", ["inference", "flush", "weighted"])
def test_a_removed_switch_named_off_is_accepted_with_a_warning_and_on_is_refused(name: str) -> None:
    """Issue 40: the switches that measured no gain are gone. An old caller naming one off (as
    it was by default) gets the expert it always got, with a DeprecationWarning; one naming it on
    is refused in a sentence (the play it asked for is gone), and so is a pickled expert that had
    it on; one that had it off (every old pickle) reads back silently. A switch the expert never took is refused too."""
    with pytest.warns(
        DeprecationWarning, match=rf"^the expert's switch '{name}' was removed"
    ) as said:
        old = ExpertBot(seed=1, **{name: False})
    assert said[0].filename == __file__  # (the caller's line: Python shows it by default there)
    assert old.options() == ExpertBot(seed=1).options() and not hasattr(old, name)
    with pytest.raises(InvalidArgument, match=rf"^the expert's switch '{name}' was removed .*"
                       rf"so {name}=True cannot be kept: leave it out$"):  # fmt: skip
        ExpertBot(**{name: True})
    state = ExpertBot(seed=2).__getstate__()
    with warnings.catch_warnings():  # (every old pickle has it off: read back without a word)
        warnings.simplefilter("error")
        revived = ExpertBot.__new__(ExpertBot)
        revived.__setstate__({**state, name: False})
    assert revived.options() == ExpertBot(seed=2).options()
    with pytest.raises(InvalidArgument, match=rf"'{name}' was removed"):
        ExpertBot.__new__(ExpertBot).__setstate__({**state, name: True})
    with pytest.raises(InvalidArgument, match=r"^ExpertBot takes no switch 'flsh'$"):
        ExpertBot(flsh=False)


def test_the_roll_out_takes_a_moon_threats_tricks_and_does_not_feed_it() -> None:
    """Whenever one seat has taken every point so far (at least MOON_THREAT) and is winning the
    trick, the seat to act beats it with its lowest card that can; void, it throws no card that
    counts when it has another."""
    checked = 0
    for seed in range(60):
        game = Game(variants.get("modern").replace(passing=None), seed=seed)
        deal = game.deal.copy()
        while deal.phase is Phase.PLAY:
            card = rollout_card(deal)
            trick = deal.trick
            taken = [(s, p) for s, p in enumerate(deal.penalties()) if p]
            if trick and len(taken) == 1 and taken[0][1] >= MOON_THREAT:
                threat = taken[0][0]
                led = trick[0][1].suit
                winner, winning = max(
                    ((s, c) for s, c in trick if c.suit is led), key=lambda p: p[1].rank
                )
                moves = deal.legal_moves()
                if winner == threat != deal.to_act and len(moves) > 1:
                    beaters = [c for c in moves if c.suit is led and c.rank > winning.rank]
                    plain = [c for c in moves if deal.card_values[c] <= 0]
                    if beaters:
                        assert card == min(beaters, key=lambda c: c.rank)
                    elif moves[0].suit is not led and plain:
                        assert deal.card_values[card] <= 0
                    checked += 1
            deal.play(card)
    assert checked > 20


def test_a_settled_choice_is_one_clearly_ahead_on_the_same_deals_or_as_good_in_every_one() -> None:
    noisy = [float(i % 7) for i in range(48)]
    ahead = [[v + 1.0 for v in noisy], noisy]  # the first 1 better in every deal
    assert _settled([0, 1], ahead)
    close = [[v + (1.0 if i % 2 else -0.9) for i, v in enumerate(noisy)], noisy]
    assert not _settled([0, 1], close)
    same = [noisy, list(noisy), [v - 5.0 for v in noisy]]
    assert _settled([0, 1, 2], same)


def _clubs_led(seat_0: str, seat_1: str, first_trick: str) -> SeatView:
    """Seat 0's view when seat 3, having taken the first trick, leads the K♣."""
    deal = Deal.from_hands(
        variants.get("modern"),
        [
            seat_0 + " 7D 8D 9D TD JD 2S 3S 4S 5S 6S",
            seat_1 + " QD KD AD 7S 8S 9S TS JS 2H",
            "9C TC JC QC 2D 3D 4D 5D 6D QS KS AS 3H",
            "KC AC 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ],
        pass_direction="hold",
    )
    play_to(deal, first_trick + " KC")
    return deal.view(0)


def test_cards_as_good_as_each_other_are_not_searched_at_all() -> None:
    """Seat 0 holds 3♣ 4♣ and nobody else a club between: either card does the same, so
    neither a timed search nor a counted one samples a deal."""
    view = _clubs_led("2C 3C 4C", "5C 6C 7C 8C", "2C 5C 9C AC")
    assert view.legal_moves == (Card.parse("3C"), Card.parse("4C"))
    for bot in (ExpertBot(seed=1, think=120), ExpertBot(seed=1, samples=60)):
        analysis = bot.analyse(view)
        assert not analysis.searched and analysis.samples == 0
        assert analysis.move in view.legal_moves


def test_the_expert_drops_clearly_worse_cards_and_spends_its_samples_on_the_rest() -> None:
    """A candidate whose mean is two standard errors below the best one's is dropped; one within
    reach stays in contention; two are always kept."""
    ten = [[0.0] * 10 for _ in range(3)]  # (only their number is read)
    # Candidates 0, 1, 2 after ten samples each: means 1.0, 0.8 and -5.0; standard errors 0.3,
    # 0.3 and 0.03.
    kept = expert._prune([0, 1, 2], [10.0, 8.0, -50.0], [19.0, 15.4, 250.1], ten)
    assert kept == [0, 1]  # the second is within reach of the first; the third is not
    # Both others clearly worse: the best and the next best are kept all the same.
    kept = expert._prune([0, 1, 2], [10.0, -20.0, -50.0], [10.0, 40.1, 250.1], ten)
    assert kept == [0, 1]
    # The default candidate (the basic pass, in the searched pass) is never dropped: it stands
    # unless another is ahead of it on the same deals, so it must be played on every deal.
    kept = expert._prune([0, 1, 2], [10.0, 8.0, -50.0], [19.0, 15.4, 250.1], ten, 2)
    assert kept == [0, 1, 2]


def test_the_searched_pass_keeps_the_basic_pass_without_evidence_against_it() -> None:
    """With ``search_pass`` the expert tries every way to pass three of the basic player's
    first six cards on the same imagined deals; on too few deals (fewer than 12) to show one
    ahead, it passes as the basic player does."""
    game = Game(variants.get("modern"), seed=3)
    view = game.view(0)
    basic = BasicBot().choose(view)
    assert ExpertBot(seed=1, samples=40).choose(view) == basic  # off by default
    short = ExpertBot(seed=1, samples=3, search_pass=True).analyse(view)
    assert short.searched and short.move == basic and len(short.scores) == 20
    assert (
        {card for move, _ in short.scores for card in move.cards}
        == set(  # type: ignore[attr-defined]
            pass_ranking(view)[:6]
        )
    )
    longer = ExpertBot(seed=1, samples=36, search_pass=True).analyse(view)
    assert isinstance(longer.move, Pass) and longer.move in view.legal_moves
    assert longer.samples == 36


def test_the_searched_pass_plays_the_basic_pass_on_every_deal_however_far_behind() -> None:
    """The candidates clearly behind are dropped as the search goes, but never the basic pass,
    which is compared with the best on the same deals at the end. In one of these hands it falls
    behind far enough to be dropped: the search used to fail there (a ValueError, the basic
    pass's results shorter than the best one's)."""
    for seed in range(4):
        view = Game(variants.get("modern"), seed=seed).view(0)
        analysis = ExpertBot(seed=1, samples=48, search_pass=True).analyse(view)
        assert analysis.samples == 48 and analysis.move in view.legal_moves


def test_a_hand_that_may_run_also_tries_the_runners_passes_at_the_pass() -> None:
    """The searched pass of a hand that may run for the moon (seed 20, seat 1: A♣ Q♦ K♦ Q♠ K♥
    A♥, six of 13 queen or higher) also tries passing three of its five lowest cards, running;
    here that does best on the same deals, and the analysis says it runs. With moons=False it
    tries only the basic player's passes."""
    view = Game(variants.get("modern"), seed=20).view(1)
    assert may_run(view)
    searching = ExpertBot(seed=1, samples=24, search_pass=True)
    problem = searching.problem(view)
    assert problem is not None and problem.plans and len(problem.candidates) == 30
    low = set(sorted(view.hand, key=lambda card: card.rank)[:5])
    runs = [move for move, run in problem.candidates if run]
    assert len(runs) == 10 and all(set(move.cards) <= low for move in runs)
    analysis = searching.analyse(view)
    assert analysis.running and analysis.move in runs and analysis.move in view.legal_moves
    old = ExpertBot(seed=1, samples=24, search_pass=True, moons=False).problem(view)
    assert old is not None and not old.plans and len(old.candidates) == 20


def test_the_pass_sampler_deals_the_rest_of_the_pack_to_the_other_seats() -> None:
    view = Game(variants.get("modern"), seed=3).view(2)
    sampler = PassSampler(view)
    seen = set()
    for seed in range(5):
        deal = sampler.sample(random.Random(seed))
        assert deal is not None and deal.phase is Phase.PASS and deal.hand(2) == view.hand
        assert sum(len(deal.hand(s)) for s in range(4)) == 52
        seen.add(deal.hand(0))
    assert len(seen) == 5
    with pytest.raises(InvalidArgument, match="at the pass"):
        PassSampler(Game(variants.get("auction"), seed=1).view(0))


# The moon: the expert weighs running for it (hearts.bots.expert.may_run, run_card, run_on).

MODERN = variants.get("modern")
# A hand of the modern game after the pass (seed 93): seat 0 holds every high spade and the
# diamonds' ace and queen, no heart; 2C JS 4C 5C have been played and seat 0 leads.
RUNNER = [
    "5C 2D 4D 8D QD AD 2S 3S 5S 7S QS KS AS",
    "2C 3C 6C 8C 9C JC QC KC 5D 6D 9D JD AH",
    "4S 8S 9S TS JS 2H 3H 4H 7H 9H TH JH KH",
    "4C 7C TC AC 3D 7D TD KD 6S 5H 6H 8H QH",
]


def _runner() -> Deal:
    return play_to(Deal.from_hands(MODERN, RUNNER, pass_direction="hold"), "2C JS 4C 5C")


def test_the_expert_runs_for_the_moon_where_its_search_says_it_pays() -> None:
    """Shooting the moon (docs/rules.md, the moon): from a hand that can run, the expert tries
    every card both ways, played as the rules of thumb go on and running for the moon, and here
    running does best; the expert before it weighed runs does not run."""
    view = _runner().view(0)
    assert may_run(view)
    ran = ExpertBot(seed=1, samples=24).analyse(view)
    plain = ExpertBot(seed=1, samples=24, moons=False).analyse(view)
    assert ran.running and not plain.running
    assert ran.scores[0][1] > plain.scores[0][1] + 5  # (running is worth far more here)
    moves = [move for move, _ in ran.scores]
    assert len(moves) == len(set(moves)) == len(view.legal_moves)  # (each card once, its best)
    assert ran.move in view.legal_moves
    said = hint(view, samples=24, seed=1)
    assert said.move == ran.move and ", running for the moon: +" in said.reason


def test_the_expert_weighs_a_run_only_where_one_is_open() -> None:
    """No run is weighed with the moon off, with two packs, once another seat has taken a card
    that counts, or from a hand with few high cards; and never by the expert made with
    moons=False."""
    deal = _runner()
    view = deal.view(0)
    problem = ExpertBot(seed=1, samples=4).problem(view)
    assert problem is not None
    assert {plan for _, plan in problem.candidates} == {False, True}
    old = ExpertBot(seed=1, samples=4, moons=False).problem(view)
    assert old is not None and all(isinstance(card, Card) for card in old.candidates)
    no_moon = MODERN.replace(settlement=Points(moon=Moon.OFF))
    off = Deal.from_hands(no_moon, RUNNER, pass_direction="hold")
    assert not may_run(play_to(off, "2C JS 4C 5C").view(0))
    two_packs = variants.get("cancellation").replace(settlement=Points(moon="old"))
    strong = Game(two_packs, seed=2).view(4)  # (7 of its 17 cards queen or higher)
    assert sum(card.rank >= Rank.QUEEN for card in strong.hand) >= RUN_HIGH * len(strong.hand)
    assert not may_run(strong)  # (twins cancel: no run is weighed in Cancellation Hearts)
    weak = Deal.from_hands(MODERN, RUNNER, pass_direction="hold")
    assert not may_run(play_to(weak, "2C JS 4C").view(3))  # (seat 3: 3 of 12 cards Q or up)
    # Seat 0 leads its 2D; seat 2, void, throws the K♥ on it and seat 3 takes the trick.
    taken = play_to(deal, "2D 5D KH KD")
    assert taken.penalties()[3] == 1 and not may_run(taken.view(0))
    assert not run_on(taken, 0) and run_on(taken, 3)


def test_running_the_roll_out_wins_every_trick_it_can() -> None:
    """run_card: lead a card nobody can beat, win with the highest card (the lowest when last to
    play), and throw the lowest card that does not count when void or beaten."""
    deal = _runner()
    assert run_card(deal) in (Card.parse("AS"), Card.parse("KS"), Card.parse("QS"))
    play_to(deal, "AS 6C")  # (seat 1, void in spades, throws a club)
    assert run_card(deal) == Card.parse("4S")  # (seat 2 cannot win it: its lowest spade)
    play_to(deal, "4S 6S KS")
    assert run_card(deal) == Card.parse("3C")  # (seat 1, void and beaten: its lowest plain card)
    clubs = Deal.from_hands(CLASSIC, HANDS, pass_direction="hold")
    play_to(clubs, "2C 3C")
    assert run_card(clubs) == Card.parse("AC")  # (seat 2 wins it with its highest club)


# Seat 1 holds the A♥ and twelve cards queen or higher: a hand that runs for the moon.
STRONG = [
    "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
    "AH KH QH AS KS QS AC KC QC AD KD QD 6C",
    "6D 7D 8D 9D TD JD 6S 7S 8S 9S TS JS 3H",
    "7C 8C 9C TC JC 4H 5H 6H 7H 8H 9H TH JH",
]


def test_in_the_roll_outs_another_seat_with_a_strong_hand_runs_as_the_basic_player_does() -> None:
    """strong_run: the A♥ and most cards queen or higher, nobody else having taken a card that
    counts. The expert weighing the moon plays its roll-outs so (the seat wins the first trick
    with its A♣); the expert before ducks there with the 6♣ (expert._finish)."""
    deal = Deal.from_hands(MODERN, STRONG, pass_direction="hold")
    assert strong_run(deal, 1) and not strong_run(deal, 0) and not strong_run(deal, 3)
    view = deal.view(0)
    first: dict[bool, Card] = {}
    for others in (True, False):
        trial = deal.copy(stack=False)
        _finish(trial, view, 52, others=others)
        first[others] = next(
            e.card for e in trial.events if isinstance(e, CardPlayed) and e.seat == 1
        )
    assert first == {True: Card.parse("AC"), False: Card.parse("6C")}
