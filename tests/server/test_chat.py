"""The chat at a table (hearts.server.chat): phrases and emoji for everyone seated, free text at
private tables only, read by watchers, bounded in rate and length, kept for a reload; a nudge
only for the seat whose turn has lasted a while, shown to that seat."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

from hearts.server import chat

from .players import PERSON, Player, bot, hello, make


class _Table:
    """Two people (Ann at seat 0, Bob at seat 1), two bots and a watcher, each read after
    their chat log."""

    def __init__(self, http: TestClient, stack: ExitStack, public: bool) -> None:
        made = make(http, [PERSON, PERSON, bot(), bot()], name="Ann", public=public)
        self.id = made["table"]["id"]
        joined = http.post(f"/api/tables/{self.id}/join", json={"name": "Bob"}).json()
        self.tokens = (made["token"], joined["token"])
        self.http = http
        self.ann = self.player(stack, made["token"])
        self.bob = self.player(stack, joined["token"])
        self.watcher = self.player(stack, None)
        self.log = self.ann.seen[-1]

    def player(self, stack: ExitStack, token: str | None) -> Player:
        socket = stack.enter_context(self.http.websocket_connect(f"/ws/tables/{self.id}"))
        player = hello(socket, token, watch=token is None)
        player.until("chat_log")
        return player

    @property
    def table(self) -> Any:
        return self.http.app.state.hub.tables[self.id]  # type: ignore[attr-defined]


def _table(http: TestClient, public: bool) -> Iterator[_Table]:
    with ExitStack() as stack:
        yield _Table(http, stack, public)


def _refusal(player: Player, ref: int) -> dict[str, Any]:
    message = player.until("error")
    assert message["ref"] == ref, message
    return message


def _chats(player: Player) -> list[dict[str, Any]]:
    """The chat lines this player has been sent so far (read up to a barrier)."""
    player.current()
    return [m for m in player.seen if m["type"] == "chat"]


def test_a_preset_phrase_and_an_emoji_reach_every_seat_and_watcher(http: TestClient) -> None:
    """A phrase said at seat 0 is sent to both seats and the watcher, as its words and key;
    the chat log a socket is sent offers the phrases and emoji and says free text is off at a
    public table; a page that connects later is sent the line (a reload shows it)."""
    for at in _table(http, public=True):
        assert at.log["free_text"] is False and at.log["phrases"] == chat.PHRASES
        at.ann.send({"type": "chat", "phrase": "good_game"})
        at.ann.send({"type": "chat", "emoji": chat.EMOJI[0]})
        for player in (at.ann, at.bob, at.watcher):
            lines = _chats(player)
            assert [(m["seat"], m["name"], m["kind"], m["text"]) for m in lines] == [
                (0, "Ann", "phrase", "Good game"), (0, "Ann", "emoji", chat.EMOJI[0])
            ]  # fmt: skip
        with http.websocket_connect(f"/ws/tables/{at.id}") as socket:
            later = hello(socket, watch=True).until("chat_log")
            assert [line["text"] for line in later["lines"]] == ["Good game", chat.EMOJI[0]]


def test_free_text_is_refused_at_a_public_table_and_delivered_at_a_private_one(
    http: TestClient,
) -> None:
    """A public table refuses free text with a sentence, nobody sent anything; a private one
    delivers it cleaned (control and bidirectional characters out) and refuses an empty one."""
    for at in _table(http, public=True):
        at.ann.send({"type": "chat", "text": "hello there", "ref": 1})
        assert "free text is for private tables" in _refusal(at.ann, 1)["message"]
        assert _chats(at.bob) == []
    for at in _table(http, public=False):
        assert at.log["free_text"] is True
        at.ann.send({"type": "chat", "text": " <b>hi</b>\u202e\x00 bob ", "ref": 2})
        assert [m["text"] for m in _chats(at.bob)] == ["<b>hi</b> bob"]
        at.ann.send({"type": "chat", "text": "\x07 \n", "ref": 3})
        assert "needs something to say" in _refusal(at.ann, 3)["message"]


def test_chat_is_bounded_in_rate_and_length_and_takes_only_its_own_phrases(
    http: TestClient,
) -> None:
    """Beyond RATE lines in WINDOW seconds a seat is refused (throttled, a sentence); a text
    longer than LONGEST, an unknown phrase or emoji, two things at once: refused, nothing
    sent."""
    for at in _table(http, public=False):
        at.bob.send({"type": "chat", "text": "x" * (chat.LONGEST + 1), "ref": 1})
        assert f"at most {chat.LONGEST} characters" in _refusal(at.bob, 1)["message"]
        at.bob.send({"type": "chat", "phrase": "<script>", "ref": 2})
        assert "there is no phrase" in _refusal(at.bob, 2)["message"]
        at.bob.send({"type": "chat", "emoji": "💩", "ref": 3})
        assert "not one of the table's" in _refusal(at.bob, 3)["message"]
        at.bob.send({"type": "chat", "phrase": "oops", "emoji": "👍", "ref": 4})
        assert "one of a phrase" in _refusal(at.bob, 4)["message"]
        for number in range(chat.RATE):
            at.bob.send({"type": "chat", "phrase": "thanks", "ref": 10 + number})
        at.bob.send({"type": "chat", "phrase": "thanks", "ref": 99})
        refused = _refusal(at.bob, 99)
        assert refused["code"] == "throttled" and f"at most {chat.RATE}" in refused["message"]
        assert len(_chats(at.ann)) == chat.RATE


def test_a_watcher_reads_but_cannot_write(http: TestClient) -> None:
    """A watcher's chat or nudge is refused with a sentence, nobody sent anything."""
    for at in _table(http, public=False):
        at.watcher.send({"type": "chat", "phrase": "hello", "ref": 1})
        assert "watcher" in _refusal(at.watcher, 1)["message"]
        at.watcher.send({"type": "nudge", "seat": 0, "ref": 2})
        assert "watcher" in _refusal(at.watcher, 2)["message"]
        assert _chats(at.ann) == []


def test_a_nudge_is_only_for_a_seat_whose_turn_has_lasted_and_shown_to_that_seat(
    http: TestClient,
) -> None:
    """Bob (to pass) may not be nudged at once; once his turn has lasted NUDGE_AFTER seconds
    (the table's last move set back), Ann's nudge reaches Bob and Ann, not the watcher; a
    second nudge of that turn is refused; a seat with no move to make, a bot's, or one's own
    cannot be nudged."""
    for at in _table(http, public=False):
        at.ann.send({"type": "nudge", "seat": 1, "ref": 1})
        assert "give them time" in _refusal(at.ann, 1)["message"]
        at.table.moved_at -= chat.NUDGE_AFTER + 1
        at.ann.send({"type": "nudge", "seat": 1, "ref": 2})
        nudges = _chats(at.bob)
        assert [(m["kind"], m["to"], m["seat"]) for m in nudges] == [("nudge", 1, 0)]
        assert [m["kind"] for m in _chats(at.ann)] == ["nudge"]
        at.ann.send({"type": "nudge", "seat": 1, "ref": 3})
        assert "nudged already" in _refusal(at.ann, 3)["message"]
        at.ann.send({"type": "nudge", "seat": 2, "ref": 4})
        assert "only a person whose turn it is" in _refusal(at.ann, 4)["message"]
        at.ann.send({"type": "nudge", "seat": 0, "ref": 5})
        assert "yourself" in _refusal(at.ann, 5)["message"]
        at.bob.current()
        at.bob.play()  # (Bob passes: it is no longer his move)
        at.ann.current()
        at.table.moved_at -= chat.NUDGE_AFTER + 1
        at.ann.send({"type": "nudge", "seat": 1, "ref": 6})
        assert "only a person whose turn it is" in _refusal(at.ann, 6)["message"]
        assert _chats(at.watcher) == []
