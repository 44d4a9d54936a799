"""hearts.bots.levels: the levels the faces offer (easy, medium, hard), each a player and a budget."""

from __future__ import annotations

import pytest

from hearts import Game, bots, variants
from hearts.bots import LEVELS, BasicBot, ExpertBot
from hearts.bots.search import DEFAULT_THINK
from hearts.errors import InvalidArgument, UnknownName
from hearts.events import HandSettled


def test_the_levels_are_named_easiest_first_and_made_by_the_registry_in_any_case() -> None:
    assert bots.levels() == ["easy", "medium", "hard"]
    assert bots.known() == ["easy", "medium", "hard", "random", "basic", "expert", "ismcts"]
    easy, medium, hard = (bots.get(name.upper(), seed=1) for name in bots.levels())
    assert isinstance(easy, BasicBot)
    assert isinstance(medium, ExpertBot) and medium.think == LEVELS["medium"].think == 0.05
    assert isinstance(hard, ExpertBot) and hard.think == LEVELS["hard"].think == 0.3
    # The searching levels judge their cards and their pass by the value model, and in a game to
    # a points target (the modern game: 100) by the chance each hand leaves them to win it.
    assert hard.moons and hard.search_pass and hard.value and medium.value and medium.search_pass
    assert hard.score_aware and medium.score_aware
    assert LEVELS["medium"].think < LEVELS["hard"].think < DEFAULT_THINK


def test_a_level_thinks_at_most_its_own_seconds_whatever_it_is_asked() -> None:
    """A server's bound (a smaller think) lowers a level's seconds; a larger one does not raise
    them, so a table's CPU a move is the level's at most. ``samples`` fixes the deals instead,
    for reproducible runs; the level that does not search takes neither."""
    assert bots.get("hard", think=0.1).think == 0.1  # type: ignore[attr-defined]
    assert bots.get("hard", think=5.0).think == 0.3  # type: ignore[attr-defined]
    assert bots.get("medium", think=1.0).think == 0.05  # type: ignore[attr-defined]
    fixed = bots.get("hard", seed=2, samples=6)
    assert isinstance(fixed, ExpertBot) and fixed.samples == 6
    assert isinstance(bots.get("easy", think=1.0, samples=None), BasicBot)
    assert {"medium", "hard"} <= bots.SEARCHERS and "easy" not in bots.SEARCHERS


def test_a_level_refuses_a_bad_budget_and_a_misspelt_level_gets_a_suggestion() -> None:
    with pytest.raises(InvalidArgument, match=r"^think must be a positive number of seconds"):
        bots.get("hard", think=0)
    with pytest.raises(InvalidArgument, match=r"^samples must be at least 1, not 0$"):
        bots.get("easy", samples=0)
    with pytest.raises(UnknownName, match=r"^there is no bot 'hrad'; did you mean hard\?$"):
        bots.get("hrad")
    with pytest.raises(UnknownName, match=r"choose from: easy, medium, hard, random, basic"):
        bots.get("zzz")


@pytest.mark.parametrize("name", ["modern", "black-maria", "auction", "heartsette", "domino"])
def test_every_level_plays_a_hand_legally_at_its_own_budget(name: str) -> None:
    """Each level (medium and hard on their own clocks, capped at a twentieth of a second here
    to keep the test short) plays a whole hand of the form from its views alone."""
    rules = variants.get(name)
    game = Game(rules, seed=3)
    seats = [
        bots.get(bots.levels()[seat % 3], seed=seat, think=0.05) for seat in range(rules.players)
    ]
    while game.hand_number < 1 and not game.is_over:
        seat = game.deal.to_act
        assert seat is not None
        view = game.view(seat)
        move = seats[seat].choose(view)
        assert move in view.legal_moves
        game.play(move, seat)
    assert sum(isinstance(event, HandSettled) for event in game.events) == 1


def test_the_budget_is_checked_once_for_the_bots_the_levels_and_the_faces() -> None:
    """Issue 40 (each policy once): one check of a budget (hearts.bots.search.check_budget),
    called by get, by Level.make and by the command line (its options' names in the sentence),
    with the caps MAX_THINK and MAX_SAMPLES; two budgets at once refused where a face asks."""
    for make in (bots.get, LEVELS["hard"].make):
        with pytest.raises(InvalidArgument, match=r"^think must be at most 600 seconds a move"):
            make("hard", think=bots.MAX_THINK * 2) if make is bots.get else make(think=1e9)
        with pytest.raises(InvalidArgument, match=r"^samples must be at most 100000, not 100001$"):
            make("hard", samples=100_001) if make is bots.get else make(samples=100_001)
    with pytest.raises(InvalidArgument, match=r"^--samples must be at least 1, not 0$"):
        bots.check_budget(None, 0, names=("--think", "--samples"))
    with pytest.raises(InvalidArgument, match=r"^give --think or --samples, not both"):
        bots.check_budget(1.0, 4, names=("--think", "--samples"), alone=True)
    bots.check_budget(1.0, 4)  # (a bot given both: the deals count, as ever)


def test_the_level_cap_is_applied_in_one_place_for_a_face_that_changes_the_budget() -> None:
    """think_for is what get makes and what a face asks before changing a bot's seconds (the
    terminal game's helper): a level never thinks past its own seconds, a share scales the
    default, a budget asked stays as asked (capped), and a bot that does not search has none."""
    for name in ("medium", "hard", "expert", "ismcts"):
        for think in (None, 0.01, 0.2, 2.0):
            made = bots.get(name, seed=1, think=think)
            assert bots.think_for(name, think) == made.think  # type: ignore[attr-defined]
    assert bots.think_for("hard", share=0.7) == pytest.approx(0.21)
    assert bots.think_for("hard", 9.0, share=0.7) == 0.3
    assert bots.think_for("expert", share=0.7) == pytest.approx(0.7)
    assert bots.think_for("easy") is None and bots.think_for("basic", 1.0) is None
    with pytest.raises(InvalidArgument, match=r"^think must be at most 600 seconds"):
        bots.think_for("hard", 601.0)
    with pytest.raises(UnknownName, match=r"^there is no bot 'hrad'"):
        bots.think_for("hrad")


def test_which_bots_search_is_read_off_the_bots_and_the_levels() -> None:
    """SEARCHERS is stated once: the bots that are Searchers and the levels with a cap."""
    from hearts.bots.search import Searcher

    searching = {name for name in bots.names() if isinstance(bots.get(name), Searcher)}
    levels = {name for name, level in LEVELS.items() if level.think is not None}
    assert bots.SEARCHERS == searching | levels == {"expert", "ismcts", "medium", "hard"}
