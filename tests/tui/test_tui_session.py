"""A person's game without the screen (hearts.tui.session): moves, bots, undo, saving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import new_session, to_my_turn

from hearts import Card, IllegalMove, Pass, Phase, record, variants
from hearts.bots import ExpertBot
from hearts.bots.helper import Helper
from hearts.bots.search import DEFAULT_THINK
from hearts.errors import InvalidRecord
from hearts.tui import save_dir
from hearts.tui.session import (
    HELPED_THINK,
    ME,
    SAVE_FORMAT,
    SAVE_VERSION,
    Session,
    seat_names,
)


def test_seats_are_named_by_where_they_sit() -> None:
    """Play goes to the left (docs/rules.md §2.1): seat 1 sits on the person's left."""
    assert seat_names(4) == ("You", "West", "North", "East")
    assert seat_names(3) == ("You", "West", "East")
    assert seat_names(2) == ("You", "North")
    assert seat_names(7)[6] == "Seat 6"


def test_every_bot_passes_before_the_person_and_sees_only_its_view() -> None:
    session = new_session()
    assert session.view.phase is Phase.PASS
    assert session.bots_to_move() == [1, 2, 3]
    for seat in session.bots_to_move():
        session.bot_move(seat)
    assert session.bots_to_move() == [] and session.my_turn


def test_a_refused_move_changes_nothing_and_leaves_no_undo_point() -> None:
    session = new_session()
    to_my_turn(session)
    before = session.game.events
    with pytest.raises(IllegalMove, match="pass"):
        session.play(session.view.hand.cards()[0])
    with pytest.raises(IllegalMove):
        session.play(Pass(session.view.hand.cards()[:2]))
    assert session.game.events == before and not session.can_undo()


def test_the_person_cannot_move_out_of_turn() -> None:
    session = new_session("classic", seed=1)  # the eldest (seat 1) leads
    assert not session.my_turn
    with pytest.raises(IllegalMove, match="West's turn"):
        session.play(session.view.hand.cards()[0])


def test_undo_takes_back_the_bots_moves_since_the_persons_last() -> None:
    session = new_session(seed=5)
    to_my_turn(session)
    start = session.view
    session.play(Pass(session.view.hand.cards()[:3]))
    to_my_turn(session)
    session.play(session.view.legal_moves[0])
    to_my_turn(session)
    session.undo()
    assert session.my_turn and session.view.phase is Phase.PLAY
    session.undo()
    assert session.view == start
    with pytest.raises(IllegalMove, match="nothing to undo"):
        session.undo()


def test_undo_goes_back_across_the_end_of_a_hand() -> None:
    session = new_session("classic", seed=2)
    while session.game.hand_number == 0:
        to_my_turn(session)
        session.play(session.view.legal_moves[0])
    last_card = session.checkpoints[-1]
    session.undo()
    assert session.game.hand_number == 0
    assert (len(session.game.hands), session.game.deal.moves_made) == last_card


def test_moves_played_for_the_person_are_not_undo_points() -> None:
    session = new_session(seed=5)
    to_my_turn(session)
    session.play(Pass(session.view.hand.cards()[:3]))
    to_my_turn(session)
    session.play(session.view.legal_moves[0], checkpoint=False)
    assert len(session.checkpoints) == 1


def test_a_saved_session_loads_as_it_was(tmp_path: Path) -> None:
    session = new_session(seed=8)
    to_my_turn(session)
    session.play(Pass(session.view.hand.cards()[:3]))
    to_my_turn(session)
    path = tmp_path / "deep" / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.view == session.view
    assert loaded.checkpoints == session.checkpoints
    assert loaded.bot_names == session.bot_names and loaded.variant == "modern"
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temporary left


def test_a_game_saved_with_a_version_1_record_still_loads(tmp_path: Path) -> None:
    """Saves made before the rules had parts hold a version-1 record (flat rules: pass_count,
    pass_cycle, ...); they load as the same game, and are saved again as version 2."""
    session = new_session(seed=8)
    to_my_turn(session)
    golden = Path(__file__).resolve().parents[1] / "data" / "games" / "modern.json"
    old_rules = json.loads(golden.read_text(encoding="utf-8"))["rules"]
    assert old_rules["pass_count"] == 3  # the flat form of version 1
    data = session.to_dict()
    data["record"] = dict(data["record"], version=1, rules=old_rules)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = Session.load(path)
    assert loaded.view == session.view and loaded.game.rules == variants.get("modern")
    assert loaded.to_dict()["record"]["version"] == record.VERSION == 2


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "other"}, "not a saved game"),
        ({"version": 9}, "version 9"),
        ({"bots": "basic"}, "'bots'"),
        ({"bots": ["basic"]}, "cannot be seated"),
        ({"bots": ["basic", "nobody", "basic"]}, "no bot 'nobody'"),
        ({"seed": "x"}, "'seed'"),
        ({"think": -1}, "'think'"),
        ({"checkpoints": [[1]]}, "'checkpoints'"),
        ({"checkpoints": [[1, 999]]}, "not moves of its game"),
        ({"checkpoints": [[0, 0]]}, "not moves of its game"),
        ({"record": {"format": "x"}}, "lacks the field"),
        ({"speed": 3}, "'speed'"),
        ({"no_color": "yes"}, "'no_color'"),
        ({"created": "yesterday"}, "'created'"),
        ({"record_file": 5}, "'record_file'"),
    ],
)
def test_a_malformed_save_is_refused_in_a_sentence(change: dict[str, object], words: str) -> None:
    data = new_session().to_dict()
    data.update(change)
    with pytest.raises(InvalidRecord, match=words):
        Session.from_dict(data)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidRecord):
        Session.load(path)
    assert path.read_text(encoding="utf-8") == "{not json"  # nothing changed


def test_by_the_laws_a_claim_is_made_off_turn_and_other_moves_wait_for_the_turn() -> None:
    """The laws at the terminal table (laws 25-26): the person may claim whoever's turn it is;
    a card off turn is still refused, and changes nothing; the game plays out, saved and loaded."""
    rules = variants.get("classic").replace(laws=True)
    session = Session.new(rules, ["basic"] * 3, seed=1, variant="classic by the laws")
    while session.game.deal.to_act == ME or not session.view.laws.claimable:
        for seat in session.bots_to_move():
            session.bot_move(seat)
        if session.my_turn:
            session.play(session.view.legal_moves[0])
    accused = session.view.laws.claimable[0]
    before = session.view
    with pytest.raises(IllegalMove, match="not yours"):
        session.play(session.view.hand.cards()[0])
    assert session.view == before
    session.play(f"claim {accused}")
    assert session.view.laws.pending == (accused,) and session.can_undo()
    _play_out(session)
    assert Session.from_dict(json.loads(json.dumps(session.to_dict()))).view == session.view


def _play_out(session: Session) -> None:
    while not session.is_over:
        for seat in session.bots_to_move():
            session.bot_move(seat)
        if session.my_turn:
            session.play(session.view.legal_moves[0])


def test_a_finished_game_keeps_its_record_and_its_save_says_finished(tmp_path: Path) -> None:
    session = new_session("simple", seed=4)  # each deal a game
    path = tmp_path / "games" / "one.json"
    _play_out(session)
    kept = session.finish(tmp_path / "finished")
    assert kept is not None and kept.parent == tmp_path / "finished"
    assert record.load(kept).winners() == session.game.winners()  # `hearts replay` reads it
    assert session.finish(tmp_path / "finished") == kept  # shown again: no second record
    session.save(path)
    loaded = Session.load(path)
    assert loaded.record_file == str(kept) and loaded.is_over
    assert json.loads(path.read_text(encoding="utf-8"))["summary"]["finished"] is True


def test_an_unfinished_game_has_no_record_to_keep(tmp_path: Path) -> None:
    session = new_session(seed=4)
    assert session.finish(tmp_path / "finished") is None
    assert not (tmp_path / "finished").exists() and session.record_file == ""


def test_every_setting_of_the_table_is_kept_in_the_save(tmp_path: Path) -> None:
    """The form, the players, the bots, the seed, the bots' thinking time, the speed and the
    choice of no colour all come back as they were."""
    rules = variants.for_players_named("black-maria", 4)
    session = Session.new(
        rules,
        ["expert", "basic", "random"],
        seed=77,
        think=0.25,
        variant="black-maria",
        speed="slow",
        no_color=True,
    )
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.game.rules == rules and loaded.players == 4
    assert loaded.bot_names == ("expert", "basic", "random") and loaded.seed == 77
    assert loaded.think == 0.25 and loaded.variant == "black-maria"
    assert loaded.speed == "slow" and loaded.no_color is True
    assert loaded.created == session.created > 0
    assert [bot.name for bot in loaded.bots.values()] == ["expert", "basic", "random"]


def test_a_save_written_the_old_way_still_loads_with_the_usual_settings(tmp_path: Path) -> None:
    """A version 1 save (before the settings were kept: no speed, no colour choice, no
    summary) loads as the same game, at the normal speed and in colour."""
    session = new_session(seed=8)
    to_my_turn(session)
    session.play(Pass(session.view.hand.cards()[:3]))
    old = {  # what `hearts play` wrote before version 2, key for key
        "format": "hearts-play",
        "version": 1,
        "variant": "modern",
        "bots": ["basic", "basic", "basic"],
        "seed": 8,
        "think": None,
        "checkpoints": [list(mark) for mark in session.checkpoints],
        "record": record.to_dict(session.game),
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = Session.load(path)
    assert loaded.view == session.view and loaded.checkpoints == session.checkpoints
    assert loaded.speed == "normal" and loaded.no_color is False and loaded.created == 0.0
    assert loaded.to_dict()["version"] == SAVE_VERSION == 2


def test_the_summary_says_where_the_game_stands() -> None:
    session = new_session(seed=8)
    assert session.summary() == {
        "players": 4,
        "hand": 1,
        "totals": [0, 0, 0, 0],
        "unit": "points",
        "finished": False,
    }
    assert new_session("classic").summary()["unit"] == "counters"


def test_the_folder_of_saves_is_the_users_data_dir_unless_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("HEARTS_SAVE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "/tmp/somewhere")
    assert save_dir() == Path("/tmp/somewhere/hearts")
    monkeypatch.setenv("HEARTS_SAVE_DIR", "/tmp/elsewhere")
    assert save_dir() == Path("/tmp/elsewhere")
    assert save_dir(Path("/tmp/given")) == Path("/tmp/given")  # --save-dir wins


def test_the_save_format_is_json_with_the_game_record() -> None:
    data = json.loads(json.dumps(new_session().to_dict()))
    assert data["format"] == SAVE_FORMAT and data["bots"] == ["basic"] * 3
    assert record.from_dict(data["record"]).view(ME) == new_session().view


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    session = new_session(seed=6)
    to_my_turn(session)
    session.play(Pass(session.view.hand.cards()[:3]))
    to_my_turn(session)
    advice = session.hint(think=0.05)
    assert advice.move in session.view.legal_moves and advice.reason
    assert isinstance(advice.move, Card)


def test_an_undo_point_beyond_the_game_changes_nothing() -> None:
    session = new_session(seed=8)
    to_my_turn(session)
    session.checkpoints = [(1, 999)]
    before = session.game.events
    with pytest.raises(IllegalMove, match="not in this game"):
        session.undo()
    assert session.game.events == before


def test_the_same_seed_finished_twice_keeps_both_records(tmp_path: Path) -> None:
    kept = []
    for _ in range(2):
        session = new_session("simple", seed=4)
        _play_out(session)
        kept.append(session.finish(tmp_path / "finished"))
    assert kept[0] != kept[1] and all(path is not None and path.exists() for path in kept)


def test_with_a_helper_the_experts_think_less_on_their_own_clock_unless_told() -> None:
    """A table with a helper process: each expert samples beside it and, at the default
    budget, thinks HELPED_THINK seconds a move (about the deals of DEFAULT_THINK alone); a
    budget the person gave stays as given, and the helper kept with no helper changes
    nothing. The helper here is never started: a search then samples alone."""
    session = Session.new(variants.get("modern"), ["expert", "basic", "expert"], seed=2)
    helper = Helper()
    session.use_helper(helper)
    experts = [bot for bot in session.bots.values() if isinstance(bot, ExpertBot)]
    assert len(experts) == 2
    assert all(bot.helper is helper and bot.think == HELPED_THINK for bot in experts)
    assert HELPED_THINK < DEFAULT_THINK
    session.use_helper(None)
    assert all(bot.helper is None and bot.think == DEFAULT_THINK for bot in experts)
    told = Session.new(variants.get("modern"), ["expert"] * 3, seed=2, think=2.0)
    told.use_helper(helper)
    assert all(bot.think == 2.0 for bot in told.bots.values())  # type: ignore[attr-defined]
    saved = told.to_dict()
    assert saved["think"] == 2.0 and "helper" not in json.dumps(saved)  # (a process: not kept)


def test_with_a_helper_the_levels_that_search_keep_their_deals_in_less_time() -> None:
    """The levels medium and hard (hearts.bots.levels) think their own seconds, in the same
    proportion as the expert with a helper (HELPED_THINK of DEFAULT_THINK); easy does not search."""
    session = Session.new(variants.get("modern"), ["hard", "Medium", "easy"], seed=2)
    hard, medium = session.bots[1], session.bots[2]
    assert isinstance(hard, ExpertBot) and isinstance(medium, ExpertBot)
    assert (hard.think, medium.think) == (0.3, 0.05)
    session.use_helper(Helper())
    share = HELPED_THINK / DEFAULT_THINK
    assert hard.think == pytest.approx(0.3 * share) and medium.think == pytest.approx(0.05 * share)
    session.use_helper(None)
    assert (hard.think, medium.think) == (0.3, 0.05)
