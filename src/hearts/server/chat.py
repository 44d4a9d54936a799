"""The chat at a table: preset phrases and emoji for everyone, free text at private tables only,
and a nudge for a slow player (docs/protocol.md, "Chat").

Who may say what:

- a seat's person (a socket that said hello with the seat's token) says a preset phrase (by
  its key in :data:`PHRASES`), an emoji of :data:`EMOJI`, or, at a private table, free text of
  at most :data:`LONGEST` characters (control and invisible characters taken out, an empty line
  refused); a public table refuses free text with a sentence, since its people do not know each
  other;
- a watcher reads the chat but does not write (refused with a sentence): a table's chat is its
  players', and a public table may have many watchers;
- a seat says at most :data:`RATE` lines in :data:`WINDOW` seconds, across its sockets (a
  nudge counts as a line); beyond, each line is refused with a sentence saying when to try again;
- a nudge names the seat whose turn it is, once that turn has lasted :data:`NUDGE_AFTER`
  seconds (since the table's last move), a person's seat not one's own; a seat is nudged once a
  turn. It goes to the nudged seat's sockets and the nudger's, nobody else.

Each table keeps its last :data:`KEPT` lines in memory (not in the store: a restart forgets
them), sent to every socket that says hello, so that a reload shows them. A mute is the page's
own (kept in the browser): the server sends every line to everyone.

>>> clean("  hi\\tthere\\u202e!\\x00 ")
'hi there!'
>>> clean("\\x07\\n")
''
"""

from __future__ import annotations

import collections
import math
import time
import unicodedata
import weakref
from typing import Final

from hearts.server import protocol
from hearts.server.tables import Client, Table

__all__ = [
    "EMOJI",
    "KEPT",
    "LONGEST",
    "NUDGE_AFTER",
    "PHRASES",
    "RATE",
    "WINDOW",
    "clean",
    "nudge",
    "say",
    "welcome",
]

PHRASES: Final[dict[str, str]] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "nice": "Nice one",
    "well_played": "Well played",
    "oops": "Oops",
    "sorry": "Sorry",
    "thanks": "Thanks",
    "hurry": "Hurry up please",
    "good_game": "Good game",
    "bye": "Bye!",
}
"""The preset phrases, by key: what anyone seated may say at any table."""

EMOJI: Final[tuple[str, ...]] = ("👍", "👏", "😀", "😂", "😮", "😢", "😬", "🤔", "❤️", "🎉")
"""The emoji anyone seated may send at any table."""

LONGEST: Final = 200
"""The longest free text a line may hold, in characters (after cleaning)."""

RATE: Final = 5
"""Lines a seat may say ..."""
WINDOW: Final = 10.0
"""... in this many seconds (across its sockets); beyond, refused with a sentence."""

KEPT: Final = 50
"""Lines a table keeps, sent to a socket that says hello."""

NUDGE_AFTER: Final = 20.0
"""Seconds a turn must have lasted before its seat may be nudged."""

_KEEP_FORMAT: Final = frozenset({"\u200c", "\u200d"})
"""The invisible characters kept (the zero-width non-joiner and joiner: scripts and emoji)."""


class _Room:
    """A table's chat: its last lines, each seat's recent lines' times, the nudges made."""

    def __init__(self) -> None:
        self.lines: collections.deque[protocol.ChatLine] = collections.deque(maxlen=KEPT)
        self.said: dict[int, collections.deque[float]] = {}
        self.nudged: dict[int, int] = {}
        """The position (the table's stored events) at which each seat was last nudged."""


_rooms: weakref.WeakKeyDictionary[Table, _Room] = weakref.WeakKeyDictionary()


def _room(table: Table) -> _Room:
    room = _rooms.get(table)
    if room is None:
        room = _rooms[table] = _Room()
    return room


def clean(text: str) -> str:
    """Free text as a line shows it: tabs and line breaks made spaces, control and invisible
    characters (bidirectional overrides among them) taken out but the zero-width joiners, the
    spaces around it trimmed."""
    kept = []
    for character in text:
        kind = unicodedata.category(character)
        if character in "\t\n\r":
            kept.append(" ")
        elif kind in ("Cc", "Cs", "Zl", "Zp") or (kind == "Cf" and character not in _KEEP_FORMAT):
            continue
        else:
            kept.append(character)
    return "".join(kept).strip()


def welcome(table: Table, client: Client) -> None:
    """A socket has said hello: its chat log (the recent lines, what may be said)."""
    room = _room(table)
    client.put(
        protocol.ChatLog(
            lines=list(room.lines),
            phrases=dict(PHRASES),
            emoji=list(EMOJI),
            free_text=not table.options.public,
            nudge_after=NUDGE_AFTER,
        )
    )


def _allowed(room: _Room, seat: int, client: Client, ref: int | None) -> bool:
    """Whether the seat may say another line now (and if so, it is counted); else refused."""
    now = time.monotonic()
    said = room.said.setdefault(seat, collections.deque())
    while said and now - said[0] >= WINDOW:
        said.popleft()
    if len(said) >= RATE:
        wait = max(1, math.ceil(WINDOW - (now - said[0])))
        client.refuse(
            "throttled",
            f"at most {RATE} chat lines in {WINDOW:g} s: say it again in {wait} s",
            ref,
        )
        return False
    said.append(now)
    return True


def say(table: Table, client: Client, message: protocol.ChatMessage) -> None:
    """A line said at a seat: checked (see the module's docstring), kept and sent to every
    socket at the table; or refused to the client with a sentence, nothing changed."""
    ref = message.ref
    seat = client.seat
    if seat is None:
        client.refuse("unauthorized", "a watcher reads the chat but cannot write: take a seat", ref)
        return
    given = [
        kind
        for kind, value in (
            ("phrase", message.phrase),
            ("emoji", message.emoji),
            ("text", message.text),
        )
        if value is not None
    ]
    if len(given) != 1:
        client.refuse(
            "bad_message", "a chat message holds one of a phrase, an emoji or a text", ref
        )
        return
    kind = given[0]
    phrase = None
    if message.phrase is not None:
        phrase = message.phrase
        shown = PHRASES.get(phrase)
        if shown is None:
            client.refuse(
                "bad_message",
                f"there is no phrase {phrase!r}: the phrases are {', '.join(PHRASES)}",
                ref,
            )
            return
    elif message.emoji is not None:
        shown = message.emoji
        if shown not in EMOJI:
            client.refuse("bad_message", "that emoji is not one of the table's", ref)
            return
    else:
        if table.options.public:
            client.refuse(
                "bad_message",
                "a public table takes phrases and emoji only: free text is for private tables",
                ref,
            )
            return
        shown = clean(message.text or "")
        if not shown:
            client.refuse("bad_message", "a chat line needs something to say", ref)
            return
        if len(shown) > LONGEST:
            client.refuse(
                "bad_message",
                f"a chat line is at most {LONGEST} characters, not {len(shown)}",
                ref,
            )
            return
    room = _room(table)
    if not _allowed(room, seat, client, ref):
        return
    line = protocol.ChatLine(
        seat=seat,
        name=table.seats[seat].name,
        kind="phrase" if kind == "phrase" else "emoji" if kind == "emoji" else "text",
        phrase=phrase,
        text=shown,
        at=time.time(),
    )
    room.lines.append(line)
    text = protocol.dump(line)
    for other in table.clients():
        other.put(text)


def nudge(table: Table, client: Client, message: protocol.Nudge) -> None:
    """Nudge the seat whose turn it is (see the module's docstring): told to that seat's
    sockets and the nudger's; or refused to the client with a sentence."""
    ref = message.ref
    seat = client.seat
    target = message.seat
    if seat is None:
        client.refuse("unauthorized", "a watcher cannot nudge: take a seat", ref)
        return
    if target >= len(table.seats):
        client.refuse("bad_message", f"there is no seat {target + 1} at this table", ref)
        return
    if target == seat:
        client.refuse("bad_message", "you cannot nudge yourself", ref)
        return
    if target not in table.to_act() or table.player_for(table.seats[target]) is not None:
        client.refuse("bad_message", "only a person whose turn it is can be nudged", ref)
        return
    waited = time.monotonic() - table.moved_at
    if waited < NUDGE_AFTER:
        client.refuse(
            "bad_message",
            f"give them time: a turn may be nudged after {NUDGE_AFTER:g} s "
            f"(in {max(1, math.ceil(NUDGE_AFTER - waited))} s)",
            ref,
        )
        return
    room = _room(table)
    if room.nudged.get(target) == table.stored:
        client.refuse("bad_message", "this turn has been nudged already", ref)
        return
    if not _allowed(room, seat, client, ref):
        return
    room.nudged[target] = table.stored
    line = protocol.ChatLine(
        seat=seat,
        name=table.seats[seat].name,
        kind="nudge",
        text=f"{table.seats[seat].name} nudges {table.seats[target].name}: your turn",
        to=target,
        at=time.time(),
    )
    text = protocol.dump(line)
    for other in table.seats[target].clients | table.seats[seat].clients:
        other.put(text)
