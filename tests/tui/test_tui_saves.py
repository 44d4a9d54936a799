"""The folder of saves (hearts.tui.saves): a file a game, locks, the list, old saves, bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import new_session, to_my_turn, version_1_save

from hearts.errors import InvalidArgument, InvalidRecord
from hearts.tui.saves import GameOpenElsewhere, Lock, Saves, describe, when
from hearts.tui.session import Session

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _holder(lock: Path) -> subprocess.Popen[str]:
    """Another process that holds ``lock`` until its stdin closes."""
    code = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from hearts.tui.saves import Lock
        Lock.take(Path({str(lock)!r}))
        print("locked", flush=True)
        sys.stdin.read()
        """
    )
    env = dict(os.environ, PYTHONPATH=SRC)
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "locked"
    return child


def test_each_new_game_gets_a_file_of_its_own(tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    first, second = saves.create(), saves.create()
    assert first != second and first.parent == second.parent == tmp_path / "games"
    new_session(seed=1).save(first)
    new_session(seed=2).save(second)
    assert {Session.load(first).seed, Session.load(second).seed} == {1, 2}
    saves.close()
    assert not list((tmp_path / "games").glob("*.lock"))  # let go: the lock files are gone


def test_a_game_open_in_another_process_is_refused_until_that_process_ends(
    tmp_path: Path,
) -> None:
    saves = Saves(tmp_path)
    path = saves.create()
    new_session().save(path)
    saves.close()
    (game,) = saves.scan()[0]
    child = _holder(path.with_suffix(".lock"))
    try:
        (seen,) = saves.scan()[0]
        assert seen.open_in == child.pid  # the list says where it is open
        with pytest.raises(GameOpenElsewhere, match=f"process {child.pid}"):
            saves.open(game)
    finally:
        child.kill()
        child.wait()
    # The process died without letting go: its lock file is left, with its pid, and taken over.
    assert path.with_suffix(".lock").read_text().strip() == str(child.pid)
    assert saves.scan()[0][0].open_in is None
    session, opened = saves.open(game)
    assert opened == path and session.seed == 3
    assert path.with_suffix(".lock").read_text().strip() == str(os.getpid())
    saves.close()


def test_a_lock_file_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    pid = int(dead.stdout)
    lock = tmp_path / "one.lock"
    lock.write_text(f"{pid}\n")
    assert Lock.holder(lock) is None
    taken = Lock.take(lock)
    assert lock.read_text().strip() == str(os.getpid())
    taken.release()
    assert not lock.exists()


def test_the_list_has_every_game_the_last_played_first(tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    older, newer = saves.create(), saves.create()
    one = new_session("classic", seed=1)
    one.save(older)
    time.sleep(0.01)
    two = new_session(seed=2)
    to_my_turn(two)
    two.save(newer)
    saves.close()
    kept, problems = saves.scan()
    assert problems == [] and [game.path for game in kept] == [newer, older]
    assert kept[1].variant == "classic" and kept[1].unit == "counters"
    assert kept[0].bots == ("basic",) * 3 and kept[0].hand == 1 and not kept[0].finished
    assert saves.find("2", kept) == kept[1] and saves.find(older.stem, kept) == kept[1]
    with pytest.raises(InvalidArgument, match="no kept game 'nope'"):
        saves.find("nope", kept)
    state, totals = describe(kept[0])
    assert state.startswith("modern, 4 players, hand 1, last played today at ")
    assert totals == "points: You 0, West 0, North 0, East 0; bots basic ×3"


def test_a_finished_game_is_listed_as_finished_and_not_continued(tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    path = saves.create()
    session = new_session("simple", seed=4)
    while not session.is_over:
        for seat in session.bots_to_move():
            session.bot_move(seat)
        if session.my_turn:
            session.play(session.view.legal_moves[0])
    session.finish(saves.finished)
    session.save(path)
    saves.close()
    kept, _ = saves.scan()
    assert len(kept) == 1 and kept[0].finished  # its record in finished/ is not listed twice
    assert saves.unfinished(kept) == []
    with pytest.raises(InvalidArgument, match="is finished: `hearts replay "):
        saves.open(kept[0])


def test_saves_of_the_version_before_are_listed_and_continued_where_they_are(
    tmp_path: Path,
) -> None:
    """Before, the game in progress was game.json; a new game moved it to saved/; a finished
    game's record went to finished/. All of them are still kept games."""
    session, old = version_1_save(seed=8)
    (tmp_path / "game.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "game-20240101-120000.json").write_text(
        json.dumps(dict(old, seed=8)), encoding="utf-8"
    )
    done = new_session("simple", seed=4)
    while not done.is_over:
        for seat in done.bots_to_move():
            done.bot_move(seat)
        if done.my_turn:
            done.play(done.view.legal_moves[0])
    done.finish(tmp_path / "finished")
    saves = Saves(tmp_path)
    kept, problems = saves.scan()
    assert problems == []
    assert {game.id for game in kept} == {"game", "game-20240101-120000", "game-4"}
    finished = next(game for game in kept if game.id == "game-4")
    assert finished.finished and not finished.resumable and finished.variant == "simple"
    legacy = next(game for game in kept if game.id == "game")
    resumed, path = saves.open(legacy)
    assert path == tmp_path / "game.json" and resumed.view == session.view
    saves.close()


def test_a_corrupt_save_is_named_in_a_sentence_and_left_as_it_is(tmp_path: Path) -> None:
    saves = Saves(tmp_path)
    good = saves.create()
    new_session().save(good)
    bad = tmp_path / "games" / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    half = tmp_path / "games" / "half.json"
    data = new_session().to_dict()
    data["record"]["moves"] = "nonsense"
    half.write_text(json.dumps(data), encoding="utf-8")
    kept, problems = saves.scan()
    assert {game.path for game in kept} == {good, half}
    assert len(problems) == 1 and str(bad) in problems[0]
    assert problems[0].endswith("it is left as it is.")
    target = next(game for game in kept if game.path == half)  # its summary reads well
    with pytest.raises(InvalidRecord):
        saves.open(target)
    assert half not in saves.held  # not left locked
    assert bad.read_text(encoding="utf-8") == "{not json"
    assert json.loads(half.read_text(encoding="utf-8")) == data
    saves.close()


def test_the_message_on_quitting_gives_the_whole_command_and_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HEARTS_SAVE_DIR", raising=False)
    deep = tmp_path / ("a-very-long-folder-name-" * 4) / "hearts"
    saves = Saves(deep)
    path = saves.create()
    message = saves.saved_message(new_session(), path)
    saves.close()
    lines = message.splitlines()
    command = f"hearts play --resume {path.stem} --save-dir {deep}"
    assert f"    {command}" in lines and f"    {path}" in lines  # never cut
    assert all(len(line) <= 80 for line in lines if line.strip() not in (command, str(path)))
    assert "Your game (modern, hand 1) is saved." in message


def test_the_time_of_day_reads_as_a_person_says_it() -> None:
    noon = time.mktime((2025, 5, 12, 12, 0, 0, 0, 0, -1))
    assert when(noon - 60, noon) == "today at 11:59"
    assert when(noon - 86400, noon) == "yesterday at 12:00"
