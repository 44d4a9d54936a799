"""The expert's helper process (hearts.bots.helper): half of each search's deals sampled on a
second core, from the seat's view alone; a helper that fails never stops a search."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts import Game, InvalidArgument, variants
from hearts.bots import ExpertBot, hint
from hearts.bots.helper import Helper
from hearts.observation import SeatView

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture(scope="module")
def helper() -> Iterator[Helper]:
    with Helper() as started:
        assert started.wait(60), started
        yield started


def _view(seed: int = 3, moves: int = 9) -> SeatView:
    """A position of the play where the expert searches (two or more cards to compare)."""
    game = Game(variants.get("modern"), seed=seed)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert ExpertBot(samples=1).searchable(view) is not None
    return view


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_search_by_samples_shares_its_deals_and_repeats_exactly(helper: Helper) -> None:
    """Half of each round of deals comes from the helper (its own stream of deals), and the
    search is as reproducible for a seed as one alone."""
    view = _view()
    before = helper.deals
    one = ExpertBot(seed=1, samples=30, helper=helper).analyse(view)
    assert one.samples == 30 and helper.deals - before == 15  # rounds of 12, 12, 6: half each
    two = ExpertBot(seed=1, samples=30, helper=helper).analyse(view)
    assert one == two
    with Helper() as other:  # a helper of its own process: the same
        assert other.wait(60)
        assert ExpertBot(seed=1, samples=30, helper=other).analyse(view) == one
    alone = ExpertBot(seed=1, samples=30).analyse(view)
    assert alone.samples == 30 and alone.scores != one.scores  # the helper's deals are others
    assert {move for move, _ in one.scores} == set(view.legal_moves)


def test_the_helper_works_from_the_view_alone_and_agrees_with_its_own_stream(
    helper: Helper,
) -> None:
    """The helper's rows are those the bot would find on the helper's stream of deals: a bot
    whose own generator is that stream, alone, finds the same results for those deals."""
    view = _view(seed=8, moves=13)
    helped = ExpertBot(seed=2, samples=2, helper=helper)  # one round: 1 here, 1 in the helper
    problem = helped.problem(view)
    assert problem is not None
    rng = helped.generator(view, stream=1)
    deal = problem.sampler.sample(rng)
    assert deal is not None
    theirs = problem.rows([deal], range(len(problem.candidates)))[0]
    mine_deal = problem.sampler.sample(helped.generator(view))
    assert mine_deal is not None
    mine = problem.rows([mine_deal], range(len(problem.candidates)))[0]
    analysis = helped.analyse(view)
    means = dict(analysis.scores)
    for index, candidate in enumerate(problem.candidates):
        assert means[candidate] == pytest.approx((mine[index] + theirs[index]) / 2)


def test_a_timed_search_takes_in_the_deals_the_helper_streams(helper: Helper) -> None:
    view = _view(seed=5, moves=17)
    before = helper.deals
    analysis = ExpertBot(seed=1, think=0.3, helper=helper).analyse(view)
    assert analysis.searched and helper.deals > before
    assert analysis.samples >= helper.deals - before  # (every deal it sent was taken in)


def test_a_busy_helper_leaves_the_search_to_sample_alone(helper: Helper) -> None:
    view = _view()
    bot = ExpertBot(seed=1, samples=24)
    assert helper.begin(bot, view, len(view.legal_moves))  # another search holds it
    try:
        before = helper.deals
        helped = ExpertBot(seed=1, samples=24, helper=helper).analyse(view)
        assert helper.deals == before
        assert helped == ExpertBot(seed=1, samples=24).analyse(view)
    finally:
        helper.end()


def test_an_answer_to_a_search_given_up_on_is_not_taken_into_the_next(helper: Helper) -> None:
    view = _view()
    bot = ExpertBot(seed=7, think=5.0)
    assert helper.begin(bot, view, len(view.legal_moves))
    assert helper.stream(range(len(view.legal_moves)), time.perf_counter() + 5.0)
    time.sleep(0.3)  # rows are sent, never taken
    helper.end()
    fresh = ExpertBot(seed=1, samples=24, helper=helper).analyse(view)
    with Helper() as other:
        assert other.wait(60)
        assert ExpertBot(seed=1, samples=24, helper=other).analyse(view) == fresh


def test_a_helper_whose_process_dies_is_dropped_and_the_search_goes_on_alone() -> None:
    view = _view()
    with Helper() as helper:
        assert helper.wait(60) and helper.pid is not None
        os.kill(helper.pid, signal.SIGKILL)
        analysis = ExpertBot(seed=1, samples=24, helper=helper).analyse(view)
        assert analysis.samples == 24  # all of them sampled here
        assert "went away" in helper.failure and "dropped" in repr(helper)
        timed = ExpertBot(seed=1, think=0.1, helper=helper).analyse(view)
        assert timed.searched
    assert repr(helper).startswith("Helper(dropped")


def test_the_helper_ignores_ctrl_c_and_closes_with_its_owner() -> None:
    """Ctrl+C reaches the whole process group; the owner decides what stops (the arena, the
    terminal game), so the helper carries on until closed."""
    view = _view()
    helper = Helper()
    helper.start()
    assert helper.wait(60)
    pid = helper.pid
    assert pid is not None
    os.kill(pid, signal.SIGINT)
    assert ExpertBot(seed=1, samples=24, helper=helper).analyse(view).samples == 24
    assert helper.deals == 12 and not helper.failure
    helper.close()
    assert helper.pid is None and not _running(pid)
    assert repr(helper) == "Helper(closed, 12 deals)"
    helper.close()  # (twice is harmless)


def test_the_helper_ends_by_itself_when_its_owner_is_killed() -> None:
    """An owner killed outright (no chance to close it): the helper's end of the pipe goes
    away and it stops, so no process is left behind."""
    script = (
        "import os, sys\n"
        "from hearts.bots.helper import Helper\n"
        "helper = Helper(); helper.start(); assert helper.wait(60)\n"
        "print(helper.pid, flush=True)\n"
        "sys.stdin.readline()\n"
    )
    owner = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=SRC),
        text=True,
    )
    try:
        assert owner.stdout is not None
        pid = int(owner.stdout.readline())
        assert _running(pid)
        owner.kill()
        owner.wait(timeout=10)
        end = time.monotonic() + 20
        while _running(pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _running(pid)
    finally:
        if owner.poll() is None:
            owner.kill()


def test_a_bot_pickled_leaves_its_helper_behind(helper: Helper) -> None:
    bot = ExpertBot(seed=3, think=0.4, helper=helper)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.helper is None and (copy.seed, copy.think, copy.samples) == (3, 0.4, None)
    assert copy.choose(_view()) in _view().legal_moves


def test_a_hint_may_use_the_helper(helper: Helper) -> None:
    view = _view()
    before = helper.deals
    advice = hint(view, samples=24, helper=helper)
    assert helper.deals - before == 12 and "over 24 deals" in advice.reason


def test_only_a_helper_is_taken_as_a_helper() -> None:
    with pytest.raises(InvalidArgument, match=r"helper must be a hearts\.bots\.helper\.Helper"):
        ExpertBot(helper="yes")  # type: ignore[arg-type]
