"""The resume policy of ``hearts play`` (hearts.tui.resume): which kept game it goes on with,
when it asks first, and which flags contradict each other."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import new_session

from hearts.errors import InvalidArgument, InvalidRecord
from hearts.tui.resume import Resume, Start, check_flags, choose
from hearts.tui.saves import KeptGame, Saves


def _kept(id: str, played: float, finished: bool = False) -> KeptGame:
    """A kept game as the list shows it (no file behind it: the policy reads none)."""
    return KeptGame(
        id=id,
        path=Path("/nowhere") / f"{id}.json",
        variant="modern",
        players=4,
        bots=("expert",) * 3,
        hand=3,
        totals=(10, 4, 0, 12),
        unit="points",
        played=played,
        finished=finished,
    )


SAVES = Saves(Path("/nowhere"))
KEPT = [_kept("late", 300.0), _kept("done", 200.0, finished=True), _kept("early", 100.0)]
"""Kept games as ``Saves.scan`` lists them: the last played first."""


def test_resume_goes_on_with_the_last_played_unfinished_game() -> None:
    plan = choose(SAVES, KEPT, game=None, resume=True, new=False)
    assert plan == Resume(KEPT[0], named=False)
    later_finished = [_kept("done", 400.0, finished=True), *KEPT]
    assert choose(SAVES, later_finished, game=None, resume=True, new=False) == Resume(KEPT[0])


def test_resume_with_no_unfinished_game_kept_is_refused_naming_the_folder() -> None:
    finished = [_kept("done", 200.0, finished=True)]
    for kept in ([], finished):
        with pytest.raises(InvalidArgument, match=r"no game in progress to resume .*/nowhere"):
            choose(SAVES, kept, game=None, resume=True, new=False)


@pytest.mark.parametrize(("ref", "chosen"), [("early", 2), ("1", 0), ("2", 1), ("3", 2)])
def test_a_game_named_by_id_or_number_in_the_list_is_resumed(ref: str, chosen: int) -> None:
    """``hearts play GAME`` and ``--resume GAME``: the id, or the number ``--list`` shows (1
    the last played; a finished game is chosen too, and opening it says it is finished)."""
    for resume in (False, True):
        plan = choose(SAVES, KEPT, game=ref, resume=resume, new=False)
        assert plan == Resume(KEPT[chosen], named=True)


@pytest.mark.parametrize("ref", ["nosuch", "0", "4"])
def test_a_game_named_that_is_not_kept_is_refused_in_a_sentence(ref: str) -> None:
    with pytest.raises(InvalidArgument, match=rf"there is no kept game '{ref}' in /nowhere"):
        choose(SAVES, KEPT, game=ref, resume=True, new=False)


def test_a_game_named_whose_file_cannot_be_read_says_why(tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    good = saves.create()
    new_session().save(good)
    saves.close()
    (tmp_path / "games" / "broken.json").write_text("{not json", encoding="utf-8")
    kept, problems = saves.scan()
    assert len(problems) == 1
    with pytest.raises(InvalidRecord, match=r"broken\.json cannot be read"):
        choose(saves, kept, game="broken", resume=False, new=False)
    assert choose(saves, kept, game=good.stem, resume=False, new=False) == Resume(
        kept[0], named=True
    )


def test_without_flags_a_new_game_is_started_after_offering_every_unfinished_one() -> None:
    plan = choose(SAVES, KEPT, game=None, resume=False, new=False)
    assert isinstance(plan, Start) and plan.asks
    assert plan.offer_ids == ("late", "early")  # the last played first, the finished left out


def test_without_an_unfinished_game_a_new_game_is_started_without_asking() -> None:
    for kept in ([], [_kept("done", 200.0, finished=True)]):
        plan = choose(SAVES, kept, game=None, resume=False, new=False)
        assert plan == Start(()) and not plan.asks


def test_new_starts_a_game_without_asking_even_with_unfinished_games_kept() -> None:
    plan = choose(SAVES, KEPT, game=None, resume=False, new=True)
    assert plan == Start(()) and not plan.asks


def test_the_flags_that_agree_pass() -> None:
    for flags in (
        {"game": None, "resume": False, "new": False, "listing": True},
        {"game": None, "resume": True, "new": False, "listing": False},
        {"game": "2", "resume": False, "new": False, "listing": False},
        {"game": None, "resume": False, "new": True, "listing": False, "given": ["--seed"]},
        {"game": None, "resume": False, "new": False, "listing": False, "given": ["--bots"]},
    ):
        check_flags(**flags)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "flags",
    [
        {"game": "1", "resume": False, "new": False},
        {"game": None, "resume": True, "new": False},
        {"game": None, "resume": False, "new": True},
    ],
)
def test_list_is_given_alone(flags: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument, match="--list only lists the kept games: give it alone"):
        check_flags(listing=True, **flags)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "resume"), [(None, True), ("1", False), ("1", True)])
def test_resume_and_new_are_not_given_together(game: str | None, resume: bool) -> None:
    with pytest.raises(InvalidArgument, match="--resume continues a kept game and --new starts"):
        check_flags(game=game, resume=resume, new=True, listing=False)


@pytest.mark.parametrize(("game", "resume"), [(None, True), ("1", False)])
def test_a_game_resumed_is_played_as_it_was_saved(game: str | None, resume: bool) -> None:
    """The options that make a new game are refused beside a resumed one, each named."""
    with pytest.raises(InvalidArgument) as refused:
        check_flags(
            game=game, resume=resume, new=False, listing=False, given=["--variant", "--laws"]
        )
    assert str(refused.value) == (
        "--resume continues the saved game as it was: leave out --variant, --laws"
    )
