"""``hearts play`` (hearts.cli): its options, the saves, the offer to continue, ``--list`` and
``--resume``, one sentence for bad input.

Most tests run the app headless (Textual's own headless driver, driven by its auto-pilot): the
same app a terminal runs, without the terminal. Where the terminal itself matters (what it says
once the app has closed, two games played at once) ``hearts play`` runs as a real process in a
pseudo-terminal of 80×24, and quits by Ctrl+Q as a person does.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import version_1_save
from textual.pilot import Pilot
from typer.testing import CliRunner

from hearts.cli import app
from hearts.tui import Session
from hearts.tui.app import ChoiceScreen, HeartsApp, card_keys

runner = CliRunner()


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data directory, in a temporary place."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("HEARTS_SAVE_DIR", raising=False)
    return tmp_path / "hearts"


def _kept(folder: Path) -> list[Path]:
    """The games kept in a folder: a save being written is a hidden ``.saving-*`` file until it
    is whole and renamed, and is not one of them (``hearts play --list`` skips it too)."""
    return sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))


def _saves(data_home: Path) -> list[Path]:
    return _kept(data_home / "games")


async def _until_started(p: Pilot[None]) -> None:
    """Wait until the app has left the offer and started a game (a failsafe of 60 s)."""
    game: HeartsApp = p.app  # type: ignore[assignment]
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while not (game.started and game.up_to_date):
        assert loop.time() < end, "the game never started after the offer"
        await p.pause(0.005)


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict[str, Any]]:
    """Run ``hearts play`` with the app headless; ``steps`` drive it, then it quits."""

    original = HeartsApp.run

    def use(steps: Callable[[Pilot[None]], Any] | None = None) -> dict[str, Any]:
        seen: dict[str, Any] = {}

        async def pilot(p: Pilot[None]) -> None:
            game: HeartsApp = p.app  # type: ignore[assignment]
            for _ in range(2000):
                await p.pause(0.005)
                if game.up_to_date and (
                    game.waiting_for_you
                    or isinstance(game.screen, ChoiceScreen)
                    or game.screen.name == "unreadable"  # (a saved game that cannot be read)
                ):
                    break  # (on the screen: a key pressed before it would act on nothing)
            seen["choice"] = (
                game.screen.query_one("#choices").render()
                if isinstance(game.screen, ChoiceScreen)
                else None
            )
            seen["page"] = (
                str(game.screen.query_one("#page").render())
                if game.screen.name == "unreadable"
                else None
            )
            if steps is not None:
                await steps(p)
            seen["app"] = game
            seen["view"] = game.view
            seen["no_color"] = game.no_color
            seen["message"] = game.last_message
            await p.press("ctrl+q")

        def run(self: HeartsApp, **_: Any) -> None:
            original(self, headless=True, size=(80, 24), auto_pilot=pilot)

        monkeypatch.setattr(HeartsApp, "run", run)
        return seen

    return use


def test_play_starts_a_game_against_bots_and_saves_it(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    seen = headless()
    result = runner.invoke(app, ["play", "--seed", "3", "--bots", "basic", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    game: HeartsApp = seen["app"]
    assert game.session.seed == 3 and game.session.bot_names == ("basic",) * 3
    (path,) = _saves(data_home)
    saved = Session.load(path)
    assert saved.view == seen["view"] and saved.speed == "fast"
    assert f"hearts play --resume {path.stem}\n" in result.output  # said once the app closed
    assert not path.with_suffix(".lock").exists()  # let go


def test_resume_continues_the_saved_game(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    async def pass_three(p: Pilot[None]) -> None:
        game: HeartsApp = p.app  # type: ignore[assignment]
        cards = game.view.hand.cards()[:3]
        for card in cards:
            await p.press(*card_keys(card))
        await p.press("enter")
        for _ in range(2000):
            await p.pause(0.005)
            if game.waiting_for_you:
                break

    first = headless(pass_three)
    assert (
        runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"]).exit_code
        == 0
    )
    second = headless()
    result = runner.invoke(app, ["play", "--resume"])
    assert result.exit_code == 0, result.output
    assert second["view"] == first["view"]
    assert second["view"].passed is not None
    assert second["app"].speed == "fast"  # the speed is the game's own, not the default


def test_resume_names_a_kept_game_by_id_or_number(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    for seed in ("4", "5"):
        headless()
        args = ["play", "--new", "--seed", seed, "--bots", "basic", "--speed", "fast"]
        assert runner.invoke(app, args).exit_code == 0
    by_seed = {Session.load(path).seed: path.stem for path in _saves(data_home)}
    seen = headless()
    assert runner.invoke(app, ["play", "--resume", by_seed[4]]).exit_code == 0
    assert seen["app"].session.seed == 4
    seen = headless()
    assert runner.invoke(app, ["play", "--resume", "1"]).exit_code == 0  # the last played
    assert seen["app"].session.seed == 4
    seen = headless()
    assert runner.invoke(app, ["play", by_seed[5]]).exit_code == 0  # GAME alone: the same
    assert seen["app"].session.seed == 5


def test_new_starts_a_game_beside_the_unfinished_one(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    headless()
    runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"])
    seen = headless()
    result = runner.invoke(app, ["play", "--new", "--seed", "5", "--bots", "basic"])
    assert result.exit_code == 0, result.output
    assert seen["choice"] is None  # --new asks nothing
    assert sorted(Session.load(path).seed for path in _saves(data_home)) == [4, 5]


def test_play_offers_the_unfinished_game_and_continues_it(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    first = headless()
    runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "slow"])

    async def take_it(p: Pilot[None]) -> None:
        await p.press("enter")
        await _until_started(p)

    second = headless(take_it)
    result = runner.invoke(app, ["play", "--bots", "random"])
    assert result.exit_code == 0, result.output
    offered = str(second["choice"])
    assert "You have an unfinished game:" in offered and "modern, 4 players, hand 1" in offered
    assert "last played today at" in offered and "You 0, West 0, North 0, East 0" in offered
    game: HeartsApp = second["app"]
    assert game.session.seed == 4 and game.session.bot_names == ("basic",) * 3
    assert game.view == first["view"] and game.speed == "slow"
    assert len(_saves(data_home)) == 1  # nothing new was started


def test_a_game_started_without_colour_continues_without_it(
    data_home: Path, headless: Callable[..., dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    headless()
    runner.invoke(app, ["play", "--no-color", "--bots", "basic", "--speed", "fast"])
    (path,) = _saves(data_home)
    assert Session.load(path).no_color is True
    monkeypatch.delenv("NO_COLOR", raising=False)  # a new shell: only the save remembers

    async def take_it(p: Pilot[None]) -> None:
        await p.press("enter")
        await _until_started(p)

    seen = headless(take_it)
    assert runner.invoke(app, ["play"]).exit_code == 0
    assert seen["app"].session.seed == Session.load(path).seed
    assert seen["app"].no_color is True


def test_play_offers_the_unfinished_game_and_n_starts_a_new_one_beside_it(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    headless()
    runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"])

    async def new_one(p: Pilot[None]) -> None:
        await p.press("n")
        await _until_started(p)

    seen = headless(new_one)
    result = runner.invoke(app, ["play", "--seed", "6", "--bots", "random", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    assert seen["app"].session.seed == 6
    assert sorted(Session.load(path).seed for path in _saves(data_home)) == [4, 6]


def test_quitting_at_the_offer_changes_nothing_and_says_how_to_go_on(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    headless()
    runner.invoke(app, ["play", "--seed", "4", "--bots", "basic", "--speed", "fast"])
    (path,) = _saves(data_home)
    before = path.read_bytes()
    headless()  # quits (Ctrl+Q) at the choice
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before and _saves(data_home) == [path]
    assert "Nothing was changed" in result.output
    assert f"hearts play --resume {path.stem}" in result.output


def test_list_shows_every_kept_game(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    assert "No game is kept" in runner.invoke(app, ["play", "--list"]).output
    for args in (["--variant", "classic"], ["--variant", "modern"]):
        headless()
        runner.invoke(app, ["play", "--new", "--bots", "basic", "--speed", "fast", *args])
    (data_home / "games" / "broken.json").write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["play", "--list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines if str(data_home) not in line)
    ids = [path.stem for path in _saves(data_home) if path.stem != "broken"]
    for stem in ids:
        assert any(line.endswith(f"{stem}  unfinished") for line in lines), result.output
    forms = ("modern, 4 players, hand 1", "classic, 4 players, hand 1")
    where = {form: next(i for i, line in enumerate(lines) if form in line) for form in forms}
    assert where["modern, 4 players, hand 1"] < where["classic, 4 players, hand 1"]  # last first
    assert "counters: You " in result.output and "bots basic ×3" in result.output
    assert "broken.json cannot be read" in " ".join(lines) and "left as it is" in result.output
    assert "hearts play --resume" in result.output


def test_no_color_flag(
    data_home: Path, headless: Callable[..., dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    seen = headless()
    assert (
        runner.invoke(app, ["play", "--no-color", "--bots", "basic", "--speed", "fast"]).exit_code
        == 0
    )
    assert seen["no_color"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "moderne"], "did you mean modern"),
        (["--bots", "basic,basic"], "2 bots for 3 seats"),
        (["--bots", "experts"], "no bot 'experts'"),
        (["--speed", "warp"], "--speed must be fast, normal or slow"),
        (["--think", "0"], "--think must be a positive number"),
        (["--variant", "two-handed", "--players", "4"], "played by two players"),
        (["--resume"], "no game in progress"),
        (["--resume", "nope"], "no kept game 'nope'"),
        (["--resume", "--new"], "give one of them"),
        (["--resume", "--variant", "classic"], "leave out --variant"),
        (["--resume", "--think", "2"], "leave out --think"),
        (["--list", "--new"], "--list only lists the kept games"),
        (["--bots", "basic", "--think", "2"], "--bots names none of them (basic)"),
    ],
)
def test_bad_options_get_one_sentence(data_home: Path, args: list[str], words: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code != 0
    assert words in result.output, result.output
    assert "Traceback" not in result.output


def test_a_corrupt_save_is_reported_and_left_alone(
    data_home: Path, headless: Callable[..., dict[str, Any]]
) -> None:
    data_home.mkdir(parents=True)
    save = data_home / "game.json"
    save.write_text('{"format": "hearts-play", "version": 1}', encoding="utf-8")
    result = runner.invoke(app, ["play", "--resume", "game"])
    assert result.exit_code == 1
    assert "cannot be read" in result.output and "left as it is" in result.output
    assert save.read_text(encoding="utf-8") == '{"format": "hearts-play", "version": 1}'
    seen = headless()  # a new game is dealt beside it; the bad file is named in the app, stays
    result = runner.invoke(app, ["play", "--bots", "basic", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    page = " ".join(seen["page"].split())
    assert f"{save} cannot be read" in page and "not deleted" in page
    assert "A new game is dealt for you" in page
    assert "cannot be read" not in result.output  # (said in the app, not behind it)
    assert save.read_text(encoding="utf-8") == '{"format": "hearts-play", "version": 1}'


# ---------------------------------------------------------------- a real process in a terminal

SRC = str(Path(__file__).resolve().parents[2] / "src")
_ANSI = re.compile(
    rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)


_RUNNING: list[subprocess.Popen[bytes]] = []
"""The processes the tests below started: any still running after a test is ended."""


@pytest.fixture(autouse=True)
def _no_process_left() -> Iterator[None]:
    yield
    while _RUNNING:
        process = _RUNNING.pop()
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


class Terminal:
    """``hearts ARGS`` running in a pseudo-terminal of 80×24, with keys sent as a person types."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from hearts.cli import main; main()", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=dict(env, PYTHONPATH=SRC, TERM="xterm-256color", COLUMNS="80", LINES="24"),
            start_new_session=True,
        )
        os.close(slave)
        _RUNNING.append(self.process)
        self.output = b""

    def read(self, until: Callable[[], bool], timeout: float = 60.0) -> None:
        """Read what it writes until ``until()`` holds, or it closes the terminal."""
        end = time.monotonic() + timeout
        while not until():
            if time.monotonic() > end:
                self.process.kill()
                raise AssertionError(f"timed out; the terminal showed:\n{self.text()}")
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the process closed the terminal
                    return
                if not chunk:
                    return
                self.output += chunk

    def quit(self) -> str:
        """Ctrl+Q, then what the terminal says once the app has closed."""
        os.write(self.master, b"\x11")
        self.read(lambda: False)  # to the end: the process closes the terminal
        assert self.process.wait(timeout=30) == 0, self.text()
        os.close(self.master)
        return self.after_app()

    def text(self) -> str:
        return _ANSI.sub(b"", self.output).decode("utf-8", "replace")

    def after_app(self) -> str:
        """What was written after the app left the screen (its alternate screen)."""
        tail = self.output.rsplit(b"\x1b[?1049l", 1)[-1]
        return _ANSI.sub(b"", tail).decode("utf-8", "replace").replace("\r\n", "\n").strip()


@pytest.fixture
def terminal_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HEARTS_SAVE_DIR", "NO_COLOR")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    return env


def _wait_for_save(folder: Path, count: int, timeout: float = 60.0) -> list[Path]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = _kept(folder) if folder.is_dir() else []
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no save appeared in {folder}")


def test_a_game_whose_terminal_goes_away_is_saved_and_stops(
    tmp_path: Path, terminal_env: dict[str, str]
) -> None:
    """A terminal closed with no hangup signal (the game has no controlling terminal, as
    here): the game sees the terminal gone, keeps the game and stops, rather than running on
    with no one to see it."""
    games = tmp_path / "hearts" / "games"
    terminal = Terminal(["play", "--new", "--bots", "basic", "--seed", "4"], terminal_env)
    (path,) = _wait_for_save(games, 1)
    terminal.read(lambda: b"Pass left" in terminal.output)
    os.close(terminal.master)  # the window closes
    terminal.process.wait(timeout=20)
    assert Session.load(path).seed == 4
    assert not path.with_suffix(".lock").exists()  # let go: it may be continued


def test_two_games_played_at_once_keep_separate_saves_and_ctrl_q_says_how_to_go_on(
    tmp_path: Path, terminal_env: dict[str, str]
) -> None:
    games = tmp_path / "hearts" / "games"
    args = ["play", "--new", "--bots", "basic", "--speed", "fast"]
    one = Terminal([*args, "--seed", "1"], terminal_env)
    _wait_for_save(games, 1)
    two = Terminal([*args, "--seed", "2"], terminal_env)
    saves = _wait_for_save(games, 2)
    by_seed = {Session.load(path).seed: path for path in saves}
    assert sorted(by_seed) == [1, 2]
    # A third `hearts play` is told the first game is open elsewhere, and plays nothing.
    third = subprocess.run(
        [sys.executable, "-c", "from hearts.cli import main; main()", "play", "--resume",
         by_seed[1].stem],
        env=dict(terminal_env, PYTHONPATH=SRC),
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert third.returncode == 1
    assert f"is open in another `hearts play` (process {one.process.pid})" in third.stderr
    for terminal, seed in ((one, 1), (two, 2)):
        said = terminal.quit()
        path = by_seed[seed]
        assert f"hearts play --resume {path.stem}" in said.splitlines()[2], said
        assert f"    {path}" in said.splitlines() and "is saved" in said
        assert all(len(line) <= 80 for line in said.splitlines() if str(path) not in line)
        assert Session.load(path).seed == seed
        assert not path.with_suffix(".lock").exists()


def test_a_save_of_the_version_before_resumes_in_a_real_terminal(
    tmp_path: Path, terminal_env: dict[str, str]
) -> None:
    """game.json where the version before kept it, in its format (version 1, no settings)."""
    session, old = version_1_save(seed=9)
    legacy = tmp_path / "hearts" / "game.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(old), encoding="utf-8")
    terminal = Terminal(["play", "--resume", "--speed", "fast"], terminal_env)
    terminal.read(lambda: json.loads(legacy.read_text(encoding="utf-8"))["version"] == 2)
    said = terminal.quit()
    resumed = Session.load(legacy)
    assert resumed.seed == 9 and resumed.checkpoints == session.checkpoints
    assert resumed.game.hands[0].view(0).passed == session.view.passed
    assert resumed.speed == "fast"
    assert "hearts play --resume game" in said, said


def _group(leader: int) -> dict[int, str]:
    """The processes still running in the process group ``leader`` leads (zombies aside), each
    with its command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == leader:
            found[int(entry.name)] = command
    return found


def _helpers(leader: int, count: int, timeout: float = 30.0) -> list[int]:
    """The helper processes in the group (multiprocessing's spawned children, not its resource
    tracker), once there are ``count`` of them or the time is up."""
    end = time.monotonic() + timeout
    while True:
        found = [pid for pid, command in _group(leader).items() if "spawn_main" in command]
        if len(found) == count or time.monotonic() > end:
            return found
        time.sleep(0.05)


def _gone(leader: int, timeout: float = 30.0) -> dict[int, str]:
    """What is left of the group once it has emptied, or when the time is up."""
    end = time.monotonic() + timeout
    while (left := _group(leader)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


def test_the_helper_process_of_hearts_play_goes_when_the_game_does(
    tmp_path: Path, terminal_env: dict[str, str]
) -> None:
    """On a machine of two cores or more ``hearts play`` starts one helper process for the
    experts (on one core, none); quitting closes it, and a game killed outright leaves none
    behind either (nor any other process of its own)."""
    count = 1 if (os.cpu_count() or 1) >= 2 else 0
    games = tmp_path / "hearts" / "games"
    terminal = Terminal(["play", "--new", "--seed", "4"], terminal_env)
    _wait_for_save(games, 1)
    pid = terminal.process.pid
    assert len(_helpers(pid, count)) == count
    terminal.quit()
    assert _gone(pid) == {}
    killed = Terminal(["play", "--new", "--seed", "5"], terminal_env)
    _wait_for_save(games, 2)
    assert len(_helpers(killed.process.pid, count)) == count
    killed.process.kill()  # no chance to close anything
    killed.process.wait(timeout=10)
    os.close(killed.master)
    assert _gone(killed.process.pid) == {}
