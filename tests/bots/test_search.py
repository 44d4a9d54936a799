"""What the searching bots share (hearts.bots.search): the budget and the stream of deals."""

from __future__ import annotations

import random

import pytest

from hearts import Game, InvalidArgument, variants
from hearts.bots.sampler import Sampler
from hearts.bots.search import Searcher
from hearts.deal import Deal
from hearts.observation import SeatView


class _Failing(Sampler):
    """A sampler whose every attempt fails (as when a view admits almost no deal)."""

    def sample(self, rng: random.Random) -> Deal | None:
        return None


def _view() -> SeatView:
    game = Game(variants.get("classic"), seed=5)
    return game.view(game.to_act or 0)


def test_a_fixed_number_of_samples_gives_exactly_that_many_deals() -> None:
    view = _view()
    bot = Searcher(seed=2, samples=7)
    deals = list(bot.deals(Sampler(view), bot.generator(view)))
    assert len(deals) == 7 and all(isinstance(d, Deal) for d in deals)


def test_a_time_budget_gives_at_least_one_deal() -> None:
    view = _view()
    bot = Searcher(seed=2, think=1e-9)
    assert len(list(bot.deals(Sampler(view), bot.generator(view)))) == 1


def test_the_stream_stops_when_the_sampler_keeps_failing() -> None:
    view = _view()
    bot = Searcher(seed=2, samples=50)
    assert list(bot.deals(_Failing(view), bot.generator(view))) == []


def test_the_generator_depends_on_the_seed_the_bot_and_the_position() -> None:
    view = _view()
    one, two = Searcher(seed=1), Searcher(seed=2)
    assert one.generator(view).random() == Searcher(seed=1).generator(view).random()
    assert one.generator(view).random() != two.generator(view).random()


@pytest.mark.parametrize(
    ("options", "words"),
    [({"think": -1}, "think must be"), ({"samples": True}, "samples must be")],
)
def test_a_budget_that_is_none_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        Searcher(**options)
