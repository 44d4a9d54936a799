"""The wire protocol of ``hearts serve``: the typed messages of one WebSocket (docs/protocol.md).

Every message is a JSON object whose ``type`` names it. A client sends :class:`Hello` first,
then :class:`MoveMessage`, :class:`HintRequest`, :class:`Sync`, :class:`Ping`,
:class:`Leave`, :class:`ChatMessage` or :class:`Nudge`; the server answers with
:class:`Welcome`, :class:`State`, :class:`Reveal`, :class:`Hint`, :class:`Error`,
:class:`Pong`, :class:`Over`, :class:`Again`, :class:`ChatLine` and :class:`ChatLog`. :func:`parse_client` reads what
a client sent, refusing anything else with a :class:`ProtocolError` that carries one sentence
and a machine ``code``; :func:`dump` writes a message; :func:`schemas` gives the JSON Schemas of
both directions.

One module: the protocol is one concern, the messages of one socket in both directions, a
schema read as a whole beside docs/protocol.md: the messages are pydantic models that share
their base and their checks, and the reading and writing at its end (:func:`parse_client`,
:func:`dump`, :func:`state_text`) refuse and write exactly those models.

>>> parse_client('{"type": "move", "move": "QS", "ref": 7}')
MoveMessage(type='move', move='QS', ref=7)
>>> parse_client(b'{"type": "hello", "version": 1, "token": null}')
Hello(type='hello', version=1, token=None, watch=False)
>>> try:
...     parse_client('{"type": "move", "move": 12}')
... except ProtocolError as error:
...     print(error.code, "-", error)
bad_message - the field 'move' of a move message must be the move as text, as "QS" or "pass 2C 3C 4C", not 12
>>> dump(Pong(ref=3))
'{"type":"pong","ref":3}'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, Final, Literal, TypeAlias, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import to_json

__all__ = [
    "PROTOCOL_VERSION",
    "MAX_MESSAGE_BYTES",
    "MAX_FRAME_BYTES",
    "MAX_DEPTH",
    "ErrorCode",
    "ERROR_CODES",
    "ProtocolError",
    "Hello",
    "MoveMessage",
    "HintRequest",
    "Sync",
    "Ping",
    "Leave",
    "ChatMessage",
    "Nudge",
    "ClientMessage",
    "SeatInfo",
    "PlayedCard",
    "TrickData",
    "ChoiceData",
    "AuctionData",
    "RevokeData",
    "LawsData",
    "WidowData",
    "HandResult",
    "PublicViewData",
    "SeatViewData",
    "Welcome",
    "State",
    "Reveal",
    "Hint",
    "Error",
    "Pong",
    "Over",
    "Again",
    "ChatLine",
    "ChatLog",
    "ServerMessage",
    "CLIENT_TYPES",
    "SERVER_TYPES",
    "parse_client",
    "parse_server",
    "dump",
    "state_text",
    "schemas",
]

PROTOCOL_VERSION: Final = 1
"""The version of this protocol: a client of another version is refused (code ``version``)."""

MAX_MESSAGE_BYTES: Final = 8192
"""The largest message a client may send, in bytes of UTF-8 (code ``too_large`` above it)."""

MAX_FRAME_BYTES: Final = 65536
"""The largest message the transport reads (``hearts serve`` gives it to uvicorn as
``ws_max_size``). A message above :data:`MAX_MESSAGE_BYTES` up to this is read and refused
with ``too_large``, the socket kept open; one above this is not read at all: the socket is
closed with code 1009 (message too big), and no ``error`` is sent."""

MAX_DEPTH: Final = 3
"""How deeply arrays and objects may nest in a client's message (a message itself is depth 1)."""

MAX_TEXT: Final = 200
"""The longest move text or token a client may send, in characters."""

MAX_CHAT: Final = 1000
"""The longest chat text the protocol reads, in characters (the table takes at most
``hearts.server.chat.LONGEST`` of it, and says so)."""

MAX_REF: Final = 2**31 - 1
"""The largest ``ref`` a client may give a message."""

ErrorCode: TypeAlias = Literal[
    "bad_message",
    "not_your_turn",
    "illegal",
    "unauthorized",
    "throttled",
    "too_large",
    "version",
    "not_found",
    "unavailable",
    "full",
]
"""Why the server refused a message (docs/protocol.md, "Errors")."""

ERROR_CODES: Final[tuple[str, ...]] = get_args(ErrorCode)


class ProtocolError(Exception):
    """A message refused: ``code`` for machines, the sentence (``str(error)``) for people, and
    the client's ``ref`` when the message had a readable one."""

    def __init__(self, code: ErrorCode, message: str, ref: int | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"{code!r} is not an error code: {', '.join(ERROR_CODES)}")
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message
        self.ref = ref

    def to_message(self) -> Error:
        """The :class:`Error` message that tells the client."""
        return Error(code=self.code, message=self.message, ref=self.ref)


def _type_first_and_required(schema: dict[str, Any]) -> None:
    """JSON Schema: ``type`` has a default in Python, but every message on the wire carries it."""
    required = schema.setdefault("required", [])
    if "type" not in required:
        required.insert(0, "type")


class _Message(BaseModel):
    """A message of either direction (its ``type`` literal names it)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_extra=_type_first_and_required
    )


class _ClientMessage(_Message):
    """A message from a client: read strictly (no "1" for 1, no 1 for true)."""

    model_config = ConfigDict(strict=True)


_Ref = Annotated[
    int | None,
    Field(
        ge=0,
        le=MAX_REF,
        description="The client's number for this message, echoed in the answer (optional).",
    ),
]


# ----------------------------------------------------------------------------- client -> server


class Hello(_ClientMessage):
    """The first message on a socket: the client's protocol version and who it is.

    ``token`` is the secret seat token the lobby gave when the seat was taken (None: no seat);
    ``watch`` asks to watch the table (a watcher sees no card of any hand)."""

    type: Literal["hello"] = "hello"
    version: int = Field(description="The client's protocol version (this document: 1).")
    token: str | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_TEXT,
        description="The seat token from the lobby, or null to watch.",
    )
    watch: bool = Field(default=False, description="True to watch the table rather than play.")


class MoveMessage(_ClientMessage):
    """A move of the client's seat, as move text (``QS``, ``pass 2C 3C 4C``, ``bid 5``, ...)."""

    type: Literal["move"] = "move"
    move: str = Field(min_length=1, max_length=MAX_TEXT, description="The move as text.")
    ref: _Ref = None


class HintRequest(_ClientMessage):
    """Ask the expert for this seat's move now (advice only: it changes nothing in the game).
    Answered by :class:`Hint`, or an :class:`Error` when the seat has no move to make now, for
    a watcher, or while a hint of this client's is still being worked out."""

    type: Literal["hint"] = "hint"
    ref: _Ref = None


class Sync(_ClientMessage):
    """Send me the whole state again."""

    type: Literal["sync"] = "sync"


class Ping(_ClientMessage):
    """Are you there? (answered by :class:`Pong`, with the same ``ref``)."""

    type: Literal["ping"] = "ping"
    ref: _Ref = None


class Leave(_ClientMessage):
    """Give my seat to a bot for good (the socket is closed after the answer)."""

    type: Literal["leave"] = "leave"


class ChatMessage(_ClientMessage):
    """Say something at the table (a seat's person only; hearts.server.chat): one of a preset
    ``phrase`` (its key), an ``emoji`` of the table's set, or free ``text`` (at a private
    table only). Refused with a sentence beyond the seat's rate, or when too long."""

    type: Literal["chat"] = "chat"
    phrase: str | None = Field(default=None, min_length=1, max_length=40)
    emoji: str | None = Field(default=None, min_length=1, max_length=16)
    text: str | None = Field(default=None, max_length=MAX_CHAT)
    ref: _Ref = None


class Nudge(_ClientMessage):
    """Nudge a slow player: only the seat whose turn it is, once it has had it a while; shown
    to that seat (and the nudger) alone."""

    type: Literal["nudge"] = "nudge"
    seat: int = Field(ge=0, le=6, description="The seat nudged (numbered from 0).")
    ref: _Ref = None


ClientMessage: TypeAlias = Annotated[
    Hello | MoveMessage | HintRequest | Sync | Ping | Leave | ChatMessage | Nudge,
    Field(discriminator="type"),
]
"""Any message a client may send."""


# ----------------------------------------------------------------------------- the view's parts


class _Data(BaseModel):
    """A part of a message (no ``type`` of its own)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatInfo(_Data):
    """Who sits at a seat and whether they are there."""

    seat: int = Field(ge=0)
    name: str
    kind: Literal["human", "bot", "open"] = Field(
        description="human: a person's seat; bot: a bot's for good; open: nobody has taken it yet."
    )
    status: Literal["connected", "disconnected", "substitute"] = Field(
        description="connected: there (a bot seat always is); disconnected: the person's socket "
        "is gone, the seat waits for them; substitute: a bot plays the seat until they return."
    )
    guest: bool = Field(
        default=False,
        description="a person's seat taken by a guest, not signed in (the name is no account's)",
    )


class PlayedCard(_Data):
    """A card on the table: who played it."""

    seat: int
    card: str


class TrickData(_Data):
    """A completed trick: its leader, its cards from the leader's on, who won it (-1: nobody,
    Cancellation Hearts), the points it carried and its cancelled cards (Cancellation Hearts:
    each pair of twins in it; else empty)."""

    leader: int
    cards: list[str]
    winner: int
    points: int
    cancelled: list[str] = Field(
        description="The cards of the trick whose twin is in it too (Cancellation Hearts)."
    )


class ChoiceData(_Data):
    """A pass or a discard to choose: any ``count`` of ``cards`` (sent instead of listing every
    combination: 286 passes of 3 cards from 13)."""

    move: Literal["pass", "discard"]
    count: int
    cards: list[str]


class AuctionData(_Data):
    """Auction Hearts: the bidding, public to all (law 30)."""

    bids: list[int | None] = Field(description="Each seat's bid: 0 a pass, null not yet bid.")
    high_bid: int
    bidder: int | None
    named_suit: Literal["clubs", "diamonds", "spades", "hearts"] | None


class WidowData(_Data):
    """Heartsette's widow or Cancellation Hearts' cards left over: face down, so its size, how
    it goes and who took it, never its cards."""

    size: int = Field(ge=0, description="How many cards it has.")
    goes: Literal["discard", "first-trick", "last-trick"] = Field(
        description="discard: into the first trick's winner's hand, who discards as many; "
        "first-trick: with the first trick taken; last-trick: with the last trick."
    )
    taker: int | None = Field(description="The seat that took it; null until it is taken.")


class RevokeData(_Data):
    """One of this seat's own revokes not corrected: in which trick (from 0), with which card."""

    trick: int
    card: str


class LawsData(_Data):
    """The laws option: the exposed cards (public), the seats claimed against (those whose
    claims wait to be judged at the end of the hand, and those whose revoke a judgement
    established), the seats this seat may claim against now, the exposed card the seat to act
    is called on to play, and this seat's own revokes (a watcher's: none)."""

    exposed: list[list[str]]
    claims: list[int]
    pending: list[int]
    established: list[int]
    claimable: list[int]
    called: str | None
    revokes: list[RevokeData]


class HandResult(_Data):
    """A finished hand's result, as the game settled it (its ``hand_over`` and
    ``hand_settled`` events): nothing in it is computed by the server."""

    hand_number: int = Field(ge=0, description="The hand, from 0.")
    penalties: list[int] = Field(description="Penalty units each seat took in the hand.")
    points: list[int] = Field(
        description="Each seat's points for the hand (a counters game: its penalty units)."
    )
    deltas: list[int] = Field(description="Each seat's change of total at the settlement.")
    totals: list[int] = Field(description="Each seat's total after the hand.")


Phase: TypeAlias = Literal["bid", "name", "pass", "play", "discard", "moon", "gather", "over"]


class PublicViewData(_Data):
    """What anyone at the table may know, a watcher too (:func:`hearts.server.wire.public_view`)."""

    rules: dict[str, Any] = Field(description="hearts.Rules.to_dict() of the game's rules.")
    preset: str | None = Field(description="The rules' preset name, when they are a preset's.")
    players: int
    dealer: int
    hand_number: int = Field(description="The hand in progress, from 0.")
    phase: Phase
    to_act: int | None
    pass_direction: Literal["left", "right", "across", "hold"]
    leader: int
    trick: list[PlayedCard]
    tricks: list[TrickData]
    hearts_broken: bool
    hand_sizes: list[int]
    penalties: list[int]
    tricks_won: list[int]
    stock_size: int
    scores: list[int] = Field(description="Totals before this hand.")
    pool: int
    jack: bool
    events: list[dict[str, Any]] = Field(
        description="This hand's events as this client may see them (Event.to_dict())."
    )
    commitment: str | None = Field(description="The hash of this hand's shuffle, or null.")
    auction: AuctionData | None
    laws: LawsData | None
    cancelled: list[str] = Field(
        description="Cancellation Hearts: the cards of the trick on the table whose twin is in "
        "it too (neither can win it); else empty."
    )
    widow: WidowData | None = Field(description="The widow: size, how it goes, its taker; or null.")


class SeatViewData(PublicViewData):
    """What one seat may know (:func:`hearts.server.wire.seat_view`): the public part, and its
    own cards and moves."""

    seat: int
    hand: list[str]
    dealt: list[str]
    passed: list[str] | None
    received: list[str] | None
    legal_moves: list[str] = Field(description="This seat's moves now, as move text.")
    choose: ChoiceData | None = Field(
        description="A pass or discard to choose (legal_moves is then empty), or null."
    )
    outcome_fixed: bool = Field(
        description="Whether the rest of the hand can no longer change its result."
    )


# ----------------------------------------------------------------------------- server -> client


class Welcome(_Message):
    """The answer to :class:`Hello`: the table, the client's seat (None: a watcher), the seats."""

    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    table_id: str
    seat: int | None
    seats: list[SeatInfo]


class EventTag(BaseModel):
    """The duplicate event a table plays a deal of: the page shows "Deal n of N of <name>"."""

    key: str
    name: str
    deal: int = Field(ge=1, description="The deal played here, from 1.")
    deals: int = Field(ge=1, description="The event's deals.")


class State(_Message):
    """The whole state as this client may see it: after hello, on sync, after every change.

    ``events`` are the game's events ``since`` to ``seq`` (positions in the game's whole log,
    counting events this client does not see) as this client may see them: what happened since
    its previous state, the end of a hand included, which the view of the next hand no longer
    shows. After hello and sync, ``since == seq`` and ``events`` is empty: the view has it all.
    The state that answers a client's move carries that move's ``ref``."""

    type: Literal["state"] = "state"
    view: SeatViewData | PublicViewData
    seats: list[SeatInfo]
    turn: int | None = Field(description="The seat whose turn it is (null: none, or game over).")
    deadline: float | None = Field(
        description="When the turn's time runs out, in Unix seconds (null: no timer)."
    )
    server_time: float = Field(description="The server's clock when it sent this, Unix seconds.")
    scores: list[int] = Field(description="The table's scores.")
    hands: list[HandResult] = Field(
        description="Every finished hand's result, the first first: the game's score sheet."
    )
    seq: int = Field(ge=0)
    since: int = Field(ge=0)
    events: list[dict[str, Any]]
    ref: int | None = Field(
        default=None, description="The ref of this client's move that this state answers."
    )
    event: EventTag | None = Field(
        default=None,
        description="The duplicate event this table plays a deal of (null: none).",
    )


class Reveal(_Message):
    """A hand is over: its seed, and what a page needs to check its deal against the commitment
    it was shown at the deal (docs/rules.md §11)."""

    type: Literal["reveal"] = "reveal"
    hand_number: int = Field(ge=0)
    dealer: int = Field(ge=0, description="The seat that dealt the hand.")
    seed: str = Field(
        pattern=r"^[0-9a-f]{64}$",
        description="The hand's seed: 64 hex digits (hearts.table.hand_seed).",
    )
    salt: str = Field(description="The commitment's salt, in hex.")
    order: list[str] = Field(description="The shuffled pack, top first, by card name.")
    cut: int | None = Field(description="Cards the pone lifted (null: no cut).")
    commitment: str | None = Field(default=None, description="The commitment it opens.")


class Hint(_Message):
    """The answer to :class:`HintRequest`: the expert's move for the asking seat, from that
    seat's view alone, as move text, and why, in one line."""

    type: Literal["hint"] = "hint"
    move: str = Field(description="The move suggested, as move text (a pass: its cards).")
    reason: str = Field(description="Why, in one line (the expert's own terms).")
    text: str = Field(
        default="",
        description="The hint in plain words for the player: the move and what it saves "
        'against the next best ("K♣: about 4 points better than 9♣."), or why it is the move.',
    )
    ref: int | None = None


class Error(_Message):
    """A message refused, and why: a sentence for people, a code for machines."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    ref: int | None = None


class Pong(_Message):
    """The answer to :class:`Ping`."""

    type: Literal["pong"] = "pong"
    ref: int | None = None


class Over(_Message):
    """The game is over: the winners, the final totals and where the record is."""

    type: Literal["over"] = "over"
    winners: list[int]
    totals: list[int]
    record: str = Field(description="The URL of the game's record.")


class Again(_Message):
    """The table's game is played again at a new table (hearts.server.again): every seat's
    person has their seat there, held by the same token; a watcher may follow."""

    type: Literal["again"] = "again"
    table: str = Field(description="The new table's id.")
    link: str = Field(description="The new table's page, /t/{id}.")
    by: int | None = Field(
        default=None, description="The seat whose person asked for it (null: told later)."
    )


class ChatLine(_Message):
    """A line of the table's chat: a phrase, an emoji or a text said at a seat, or a nudge (sent
    to the nudged seat and the nudger only). ``text`` is shown as text, never as markup."""

    type: Literal["chat"] = "chat"
    seat: int = Field(description="The seat that said it (numbered from 0).")
    name: str = Field(description="That seat's name.")
    kind: Literal["phrase", "emoji", "text", "nudge"]
    phrase: str | None = Field(default=None, description="The phrase's key (kind phrase).")
    text: str = Field(description="What is shown.")
    to: int | None = Field(default=None, description="The seat nudged (kind nudge).")
    at: float = Field(description="When it was said (seconds since the epoch).")


class ChatLog(_Message):
    """Sent after the welcome: the table's recent chat lines, what may be said there (the
    phrases by key, the emoji) and whether free text is taken (private tables only)."""

    type: Literal["chat_log"] = "chat_log"
    lines: list[ChatLine]
    phrases: dict[str, str]
    emoji: list[str]
    free_text: bool
    nudge_after: float = Field(description="Seconds a turn lasts before its seat may be nudged.")


ServerMessage: TypeAlias = Annotated[
    Welcome | State | Reveal | Hint | Error | Pong | Over | Again | ChatLine | ChatLog,
    Field(discriminator="type"),
]
"""Any message the server sends."""

_CLIENT: Final[TypeAdapter[ClientMessage]] = TypeAdapter(ClientMessage)
_SERVER: Final[TypeAdapter[ServerMessage]] = TypeAdapter(ServerMessage)

CLIENT_TYPES: Final[dict[str, type[_ClientMessage]]] = {
    "hello": Hello,
    "move": MoveMessage,
    "hint": HintRequest,
    "sync": Sync,
    "ping": Ping,
    "leave": Leave,
    "chat": ChatMessage,
    "nudge": Nudge,
}
SERVER_TYPES: Final[dict[str, type[_Message]]] = {
    "welcome": Welcome,
    "state": State,
    "reveal": Reveal,
    "hint": Hint,
    "error": Error,
    "pong": Pong,
    "over": Over,
    "again": Again,
    "chat": ChatLine,
    "chat_log": ChatLog,
}

_WHAT: Final[dict[str, str]] = {
    "version": "a whole number (the protocol version)",
    "token": f"the seat token as a string of 1 to {MAX_TEXT} characters, or null",
    "watch": "true or false",
    "move": 'the move as text, as "QS" or "pass 2C 3C 4C"',
    "ref": f"a whole number from 0 to {MAX_REF}, or null",
    "phrase": "a phrase's key as a string of 1 to 40 characters",
    "emoji": "an emoji as a string",
    "text": f"a text of at most {MAX_CHAT} characters",
    "seat": "a seat's number from 0 to 6",
}
"""What each field of a client's message must be, in words."""


# ----------------------------------------------------------------------------- reading and writing


def parse_client(data: str | bytes) -> ClientMessage:
    """Read one message a client sent, or raise :class:`ProtocolError` with one sentence.

    Refused: more than :data:`MAX_MESSAGE_BYTES` (``too_large``); not UTF-8, not JSON, nested
    deeper than :data:`MAX_DEPTH`, not an object, no or an unknown ``type``, a field missing,
    unknown or of the wrong type (``bad_message``); a hello of another protocol version
    (``version``).

    >>> parse_client('{"type": "sync"}')
    Sync(type='sync')
    >>> parse_client('{"type": "hello", "version": 2}')
    Traceback (most recent call last):
    ...
    hearts.server.protocol.ProtocolError: this server speaks version 1 of the protocol, not version 2
    """
    text = _text_of(data)
    try:
        value = json.loads(
            text, object_pairs_hook=_object, parse_constant=_no_constant, parse_int=_whole
        )
    except json.JSONDecodeError as error:
        raise ProtocolError(
            "bad_message", f"a message must be JSON: {error.msg} at character {error.pos}"
        ) from None
    except RecursionError:  # nested thousands deep: too deep for json itself
        raise _too_deep() from None
    if isinstance(value, list | dict) and text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(value)
    if not isinstance(value, dict):
        raise ProtocolError(
            "bad_message",
            f'a message must be a JSON object with a "type", not {_json_kind(value)}',
        )
    kind = value.get("type")
    if "type" not in value:
        raise ProtocolError(
            "bad_message", f'a message needs a "type": one of {", ".join(CLIENT_TYPES)}'
        )
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        raise ProtocolError(
            "bad_message",
            f"{_show(kind)} is not a message type: the types are {', '.join(CLIENT_TYPES)}",
        )
    ref = value.get("ref")
    if isinstance(ref, bool) or not isinstance(ref, int) or not 0 <= ref <= MAX_REF:
        ref = None
    version = value.get("version")
    if (
        kind == "hello"
        and isinstance(version, int)
        and not isinstance(version, bool)
        and version != PROTOCOL_VERSION
    ):
        raise ProtocolError(
            "version",
            f"this server speaks version {PROTOCOL_VERSION} of the protocol, not version "
            f"{_show(version)}",
        )
    try:
        return _CLIENT.validate_python(value)
    except ValidationError as error:
        raise ProtocolError("bad_message", _sentence(kind, error), ref) from None


def parse_server(data: str | bytes) -> ServerMessage:
    """Read one message the server sent (for clients and tests), or raise
    :class:`ProtocolError` (code ``bad_message``) saying what is wrong with it."""
    try:
        return _SERVER.validate_json(data)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "the message"
        raise ProtocolError(
            "bad_message", f"not a server message: {where}: {problem['msg']}"
        ) from None


def dump(message: BaseModel) -> str:
    """The JSON text of a message (compact, every field written).

    >>> dump(Error(code="illegal", message="you must follow suit: play a club", ref=4))
    '{"type":"error","code":"illegal","message":"you must follow suit: play a club","ref":4}'
    """
    if not isinstance(message, _Message):
        raise TypeError(f"dump writes protocol messages, not {type(message).__name__}")
    return message.model_dump_json()


def state_text(
    *,
    view: dict[str, Any],
    seats: list[dict[str, Any]],
    turn: int | None,
    deadline: float | None,
    server_time: float,
    scores: list[int],
    seq: int,
    since: int,
    events: list[dict[str, Any]],
    ref: int | None = None,
    hands: Sequence[dict[str, Any]] = (),
    event: dict[str, Any] | None = None,
) -> str:
    """The JSON text of a :class:`State` message from data the server wrote itself from the
    core's views (:func:`hearts.server.wire.seat_view` or :func:`~hearts.server.wire.public_view`,
    seats as :class:`SeatInfo` fields, the finished ``hands`` as
    :func:`hearts.server.wire.hand_results` writes them): the message :func:`dump` would write,
    without building and checking again, at every state of every client, models of what the
    server just made. The tests hold it to the model (tests/server/test_protocol.py).

    >>> text = state_text(view={"phase": "play"}, seats=[], turn=None, deadline=None,
    ...                   server_time=0.0, scores=[0, 0], seq=3, since=3, events=[])
    >>> text[:46]
    '{"type":"state","view":{"phase":"play"},"seats'
    """
    return to_json(
        {
            "type": "state",
            "view": view,
            "seats": seats,
            "turn": turn,
            "deadline": deadline,
            "server_time": server_time,
            "scores": scores,
            "hands": list(hands),
            "seq": seq,
            "since": since,
            "events": events,
            "ref": ref,
            "event": event,
        }
    ).decode()


def schemas() -> dict[str, Any]:
    """The JSON Schemas of the protocol: ``client`` (what a client may send) and ``server``
    (what it receives), with the ``version``.

    >>> sorted(schemas()), schemas()["version"]
    (['client', 'server', 'version'], 1)
    """
    return {
        "version": PROTOCOL_VERSION,
        "client": _CLIENT.json_schema(),
        "server": _SERVER.json_schema(),
    }


# ----------------------------------------------------------------------------- helpers


def _text_of(data: object) -> str:
    """The text of a message, refused if too large or not UTF-8."""
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        if len(raw) > MAX_MESSAGE_BYTES:
            raise _too_large(len(raw))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_message", "a message must be UTF-8 text") from None
    if isinstance(data, str):
        if len(data) > MAX_MESSAGE_BYTES:
            raise _too_large(len(data))
        try:
            size = len(data.encode("utf-8"))
        except UnicodeEncodeError:
            raise ProtocolError("bad_message", "a message must be UTF-8 text") from None
        if size > MAX_MESSAGE_BYTES:
            raise _too_large(size)
        return data
    raise ProtocolError("bad_message", f"a message is text, not {type(data).__name__}")


def _too_large(size: int) -> ProtocolError:
    return ProtocolError(
        "too_large",
        f"a message may be at most {MAX_MESSAGE_BYTES} bytes; this one is at least {size}",
    )


def _check_depth(value: object) -> None:
    """Refuse arrays and objects nested deeper than :data:`MAX_DEPTH` (the message is depth 1)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep()
        children = item.values() if isinstance(item, dict) else item
        assert isinstance(children, Iterable)
        stack.extend((child, depth + 1) for child in children if isinstance(child, list | dict))


def _too_deep() -> ProtocolError:
    return ProtocolError(
        "bad_message", f"a message may nest arrays and objects at most {MAX_DEPTH} deep"
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if it names a field twice."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ProtocolError("bad_message", f"a message gives the field {_show(key)} twice")
        result[key] = value
    return result


def _whole(digits: str) -> int:
    """A JSON integer, refused if it is absurdly long (Python would refuse 4300 digits)."""
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise ProtocolError(
            "bad_message", f"a number in a message may have at most {_MAX_DIGITS} digits"
        )
    return int(digits)


_MAX_DIGITS: Final = 30


def _no_constant(name: str) -> None:
    raise ProtocolError("bad_message", f"{name} is not a JSON number")


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    return "a number"


def _show(value: object, limit: int = 40) -> str:
    """A value as JSON, cut short: what a sentence quotes of a client's message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):  # pragma: no cover (values come from json.loads)
        text = "that"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _sentence(kind: str, error: ValidationError) -> str:
    """One sentence for the first problem pydantic found in a ``kind`` message."""
    problem = error.errors()[0]
    loc = list(problem["loc"])[1:]  # (the first is the union's tag, the type)
    fields = list(CLIENT_TYPES[kind].model_fields)
    if not loc:
        return f"a {kind} message must be a JSON object"
    field = str(loc[0])
    if problem["type"] == "missing":
        return f"a {kind} message needs the field {field!r}: {_WHAT.get(field, 'a value')}"
    if problem["type"] == "extra_forbidden":
        known = ", ".join(repr(name) for name in fields)
        return f"a {kind} message has no field {_show(field)}: its fields are {known}"
    return (
        f"the field {field!r} of a {kind} message must be {_WHAT.get(field, 'something else')}, "
        f"not {_show(problem.get('input'))}"
    )
