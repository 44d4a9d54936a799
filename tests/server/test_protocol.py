"""The wire protocol (hearts.server.protocol): good messages parse, every malformed one is refused
with its code and one plain sentence, messages survive dump and parse, random input never
raises anything but ProtocolError, and the examples of docs/protocol.md are real messages."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Game, variants
from hearts.server import protocol, wire
from hearts.server.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Error,
    HandResult,
    Hello,
    Hint,
    HintRequest,
    Leave,
    MoveMessage,
    Over,
    Ping,
    Pong,
    ProtocolError,
    Reveal,
    SeatInfo,
    State,
    Sync,
    Welcome,
    dump,
    parse_client,
    parse_server,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _refusal(data: str | bytes) -> ProtocolError:
    """The error parse_client raises for ``data``, checked to be one plain sentence."""
    with pytest.raises(ProtocolError) as caught:
        parse_client(data)
    sentence = str(caught.value)
    assert sentence == caught.value.message and sentence
    for word in ("Traceback", "pydantic", "validation error", "errors.pydantic.dev"):
        assert word.lower() not in sentence.lower(), sentence
    assert "\n" not in sentence and len(sentence) < 200, sentence
    return caught.value


# ----------------------------------------------------------------------------- good messages


def test_each_client_message_parses_to_its_model() -> None:
    """hello, move, hint, sync, ping and leave, with and without their optional fields."""
    assert parse_client('{"type":"hello","version":1}') == Hello(version=1)
    assert parse_client('{"type":"hello","version":1,"token":"s3cret","watch":false}') == Hello(
        version=1, token="s3cret"
    )
    assert parse_client('{"type":"hello","version":1,"token":null,"watch":true}') == Hello(
        version=1, watch=True
    )
    assert parse_client('{"type":"move","move":"pass 2C 3C 4C"}') == MoveMessage(
        move="pass 2C 3C 4C"
    )
    assert parse_client('{"ref":41,"move":"QS","type":"move"}') == MoveMessage(move="QS", ref=41)
    assert parse_client('{"type":"hint","ref":3}') == HintRequest(ref=3)
    assert parse_client('{"type":"hint"}') == HintRequest()
    assert parse_client(b'{"type":"sync"}') == Sync()
    assert parse_client(bytearray(b'{"type":"ping","ref":2}')) == Ping(ref=2)  # type: ignore[arg-type]
    assert parse_client(' {"type": "leave"} \n') == Leave()
    assert parse_client('{"type":"move","move":"Q♠"}'.encode()) == MoveMessage(move="Q♠")


CLIENT_MESSAGES = [
    Hello(version=PROTOCOL_VERSION),
    Hello(version=PROTOCOL_VERSION, token="t" * 200, watch=True),
    MoveMessage(move="bid pass", ref=0),
    MoveMessage(move="10♥"),
    HintRequest(ref=12),
    Sync(),
    Ping(ref=2**31 - 1),
    Ping(),
    Leave(),
]


@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=lambda m: m.type)
def test_a_client_message_survives_dump_and_parse(message: protocol.ClientMessage) -> None:
    """dump then parse_client gives the message back; the JSON carries its type."""
    text = dump(message)
    assert json.loads(text)["type"] == message.type
    assert parse_client(text) == message
    assert parse_client(text.encode()) == message


def _server_messages() -> list[protocol.ServerMessage]:
    game = Game(variants.get("modern"), seed=4)
    seats = [
        SeatInfo(seat=0, name="ann", kind="human", status="connected"),
        SeatInfo(seat=1, name="basic", kind="bot", status="connected"),
        SeatInfo(seat=2, name="bo", kind="human", status="substitute"),
        SeatInfo(seat=3, name="", kind="open", status="disconnected"),
    ]
    events = wire.seen_events(game.events, 0, game.rules)
    return [
        Welcome(table_id="t1", seat=0, seats=seats),
        Welcome(table_id="t1", seat=None, seats=seats),
        State(
            view=protocol.SeatViewData.model_validate(wire.seat_view(game.view(0))),
            seats=seats,
            turn=None,
            deadline=1_800_000_000.5,
            server_time=1_799_999_990.0,
            scores=[0, 0, 0, 0],
            hands=[],
            seq=2,
            since=0,
            events=events,
        ),
        State(
            view=protocol.PublicViewData.model_validate(wire.public_view(game.public_view())),
            seats=seats,
            turn=None,
            deadline=None,
            server_time=1_799_999_990.0,
            scores=[13, 0, 13, 0],
            hands=[
                HandResult(
                    hand_number=0,
                    penalties=[1, 0, 12, 0],
                    points=[1, 0, 25, 0],
                    deltas=[1, 0, 25, 0],
                    totals=[1, 0, 25, 0],
                )
            ],
            seq=2,
            since=2,
            events=[],
        ),
        Reveal(
            hand_number=0,
            dealer=0,
            seed="ef" * 32,
            salt="ab" * 32,
            order=["2C", "3C"],
            cut=12,
            commitment="cd" * 32,
        ),
        Hint(move="pass 2C 3C 4C", reason="pass 2♣ 3♣ 4♣: by the rules of thumb", ref=8),
        Error(code="illegal", message="you must follow suit: play a club", ref=3),
        Error(code="throttled", message="too many messages: wait a second"),
        Pong(ref=1),
        Over(winners=[2], totals=[104, 61, 33, 58], record="/tables/t1/record"),
        protocol.Again(table="Xq3v9LmZp2aB", link="/t/Xq3v9LmZp2aB", by=0),
        protocol.ChatLine(
            seat=1, name="Bob", kind="phrase", phrase="good_game", text="Good game", at=1.5
        ),
        protocol.ChatLog(
            lines=[protocol.ChatLine(seat=0, name="Ann", kind="emoji", text="👍", at=1.0)],
            phrases={"thanks": "Thanks"},
            emoji=["👍"],
            free_text=False,
            nudge_after=20.0,
        ),
    ]


def test_a_server_message_survives_dump_and_parse_server() -> None:
    """Every server message, a seat's state and a watcher's among them, reads back equal; a
    watcher's view reads back as a watcher's, a seat's as a seat's."""
    messages = _server_messages()
    assert {m.type for m in messages} == set(protocol.SERVER_TYPES)
    for message in messages:
        back = parse_server(dump(message))
        assert back == message, message.type
        if isinstance(message, State):
            assert type(back.view) is type(message.view)  # type: ignore[union-attr]


def test_parse_server_refuses_what_the_server_never_sends() -> None:
    """A client's message or a broken one is no server message: a ProtocolError says where."""
    for text in ('{"type":"hello","version":1}', '{"type":"pong","ref":"x"}', "[]"):
        with pytest.raises(ProtocolError) as caught:
            parse_server(text)
        assert caught.value.code == "bad_message"


def test_dump_writes_only_protocol_messages() -> None:
    """dump refuses anything that is not a message (a view's part is not one)."""
    with pytest.raises(TypeError):
        dump(SeatInfo(seat=0, name="ann", kind="human", status="connected"))


def test_an_error_carries_its_code_and_a_protocol_error_becomes_one() -> None:
    """ProtocolError has a code among the ten and turns into the Error message sent."""
    assert protocol.ERROR_CODES == (
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
    )
    error = ProtocolError("not_your_turn", "it is seat 2's turn", ref=9)
    assert error.to_message() == Error(code="not_your_turn", message="it is seat 2's turn", ref=9)
    with pytest.raises(ValueError):
        ProtocolError("oops", "no such code")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("data", "code", "words"),
    [
        ("not json", "bad_message", "must be JSON"),
        ('{"type": "sync"', "bad_message", "must be JSON"),
        ("", "bad_message", "must be JSON"),
        (b"\xff\xfe{}", "bad_message", "UTF-8"),
        ('{"type":"move","move":"\ud800"}', "bad_message", "UTF-8"),
        ('{"type":"ping","ref":NaN}', "bad_message", "NaN is not a JSON number"),
        ('{"type":"ping","ref":' + "9" * 5000 + "}", "bad_message", "at most 30 digits"),
        ('{"type":"ping","ref":1e999}', "bad_message", "not Infinity"),
        ('{"type":"sync","type":"sync"}', "bad_message", "twice"),
        ("[1, 2]", "bad_message", "JSON object"),
        ('"hello"', "bad_message", "JSON object"),
        ("null", "bad_message", "JSON object"),
        ("{}", "bad_message", 'needs a "type"'),
        ('{"version": 1}', "bad_message", 'needs a "type"'),
        ('{"type": "shout"}', "bad_message", '"shout" is not a message type'),
        ('{"type": 3}', "bad_message", "3 is not a message type"),
        ('{"type": null}', "bad_message", "null is not a message type"),
        ('{"type": "hello"}', "bad_message", "needs the field 'version'"),
        ('{"type": "move"}', "bad_message", "needs the field 'move'"),
        ('{"type": "sync", "x": 1}', "bad_message", 'has no field "x"'),
        ('{"type": "hello", "version": 1, "seat": 2}', "bad_message", 'has no field "seat"'),
        ('{"type": "hello", "version": "1"}', "bad_message", "'version' of a hello"),
        ('{"type": "hello", "version": true}', "bad_message", "must be a whole number"),
        ('{"type": "hello", "version": 1.0}', "bad_message", "'version'"),
        ('{"type": "hello", "version": 1, "token": 5}', "bad_message", "'token'"),
        ('{"type": "hello", "version": 1, "token": ""}', "bad_message", "'token'"),
        ('{"type": "hello", "version": 1, "watch": 1}', "bad_message", "true or false"),
        ('{"type": "move", "move": 12}', "bad_message", "the move as text"),
        ('{"type": "move", "move": ""}', "bad_message", "the move as text"),
        ('{"type": "move", "move": ["QS"]}', "bad_message", "the move as text"),
        ('{"type": "move", "move": "QS", "ref": -1}', "bad_message", "from 0 to"),
        ('{"type": "move", "move": "QS", "ref": 2147483648}', "bad_message", "from 0 to"),
        ('{"type": "move", "move": "QS", "ref": "7"}', "bad_message", "'ref'"),
        ('{"type": "ping", "ref": true}', "bad_message", "'ref'"),
        ('{"type": "move", "move": "' + "Q" * 201 + '"}', "bad_message", "the move as text"),
        ('{"type": "hello", "version": 2}', "version", "version 1 of the protocol, not version 2"),
        ('{"type": "hello", "version": 0, "x": 1}', "version", "not version 0"),
        ('{"type":"ping","ref":[[[1]]]}', "bad_message", "at most 3 deep"),
        ("[" * 4000 + "]" * 4000, "bad_message", "at most 3 deep"),
        ('{"a":{"b":{"c":{"d":1}}}}', "bad_message", "at most 3 deep"),
        ("x" * (MAX_MESSAGE_BYTES + 1), "too_large", f"at most {MAX_MESSAGE_BYTES} bytes"),
        (b" " * (MAX_MESSAGE_BYTES + 1), "too_large", f"at most {MAX_MESSAGE_BYTES} bytes"),
        ("♥" * (MAX_MESSAGE_BYTES // 3 + 1), "too_large", "bytes"),
    ],
)
def test_a_malformed_message_is_refused_with_its_code_and_one_sentence(
    data: str | bytes, code: str, words: str
) -> None:
    """Each kind of malformed message gets its code and a sentence saying what is wrong, naming
    the field, never pydantic's report nor a traceback."""
    error = _refusal(data)
    assert error.code == code
    assert words in str(error), str(error)


def test_a_message_of_exactly_the_limit_is_read() -> None:
    """8 KiB is allowed, one byte more is not (padding with spaces outside the JSON)."""
    body = '{"type":"sync"}'
    assert parse_client(body + " " * (MAX_MESSAGE_BYTES - len(body))) == Sync()
    assert _refusal(body + " " * (MAX_MESSAGE_BYTES - len(body) + 1)).code == "too_large"


def test_brackets_inside_strings_are_not_nesting() -> None:
    """The depth check reads JSON: brackets in a string (escaped quotes too) do not count."""
    text = json.dumps({"type": "move", "move": '[[[{{{ "\\ ]]]'})
    assert parse_client(text) == MoveMessage(move='[[[{{{ "\\ ]]]')


def test_a_bad_message_with_a_readable_ref_echoes_it() -> None:
    """The answer to a bad move message carries its ref, when the ref itself is good."""
    assert _refusal('{"type":"move","move":5,"ref":12}').ref == 12
    assert _refusal('{"type":"move","move":5,"ref":-3}').ref is None
    assert _refusal('{"type":"move","move":5}').ref is None


def test_parse_client_refuses_what_is_not_text() -> None:
    """A value that is neither text nor bytes is a bad message (no crash)."""
    assert _refusal(12).code == "bad_message"  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- fuzz


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
_FIELDS = st.sampled_from(["type", "version", "token", "watch", "move", "ref", "seat", ""])
_MESSAGES = st.dictionaries(
    _FIELDS,
    st.sampled_from(["hello", "move", "hint", "sync", "ping", "leave", "state", "QS", ""]) | _JSON,
    max_size=5,
)


def _parse_or_refuse(data: str | bytes) -> None:
    try:
        message = parse_client(data)
    except ProtocolError as error:
        assert error.code in protocol.ERROR_CODES
        assert str(error) and "\n" not in str(error)
        assert "pydantic" not in str(error).lower()
        return
    assert message.type in protocol.CLIENT_TYPES
    assert parse_client(dump(message)) == message


@settings(max_examples=400, deadline=None)
@given(_JSON)
def test_random_json_gives_a_message_or_a_protocol_error(value: Any) -> None:
    """Any JSON value at all: parse_client returns a message or raises ProtocolError."""
    _parse_or_refuse(json.dumps(value))


@settings(max_examples=400, deadline=None)
@given(_MESSAGES)
def test_random_objects_of_the_protocols_fields_give_a_message_or_a_protocol_error(
    value: dict[str, Any],
) -> None:
    """Objects made of the protocol's own field names and types, in any mix."""
    _parse_or_refuse(json.dumps(value))


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=600) | st.binary(min_size=8000, max_size=8400))
def test_random_bytes_give_a_message_or_a_protocol_error(data: bytes) -> None:
    """Any bytes, around the size limit too."""
    _parse_or_refuse(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(['{"', '"', ":", ",", "[", "]", "{", "}", "-", "9" * 700,
                                 "1e999", "type", "ping", "ref", "move", "hello", "version",
                                 "1", "\\u0000", "\\ud800", "NaN", "null", " "]), max_size=40))  # fmt: skip
def test_random_json_like_text_gives_a_message_or_a_protocol_error(pieces: list[str]) -> None:
    """Text made of JSON's own pieces (long numbers, escapes, brackets), mostly almost JSON."""
    _parse_or_refuse("".join(pieces))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_random_text_gives_a_message_or_a_protocol_error(data: str) -> None:
    """Any text, lone surrogates included."""
    _parse_or_refuse(data)


# ----------------------------------------------------------------------------- schemas and doc


def test_the_schemas_name_every_message_and_require_its_type() -> None:
    """schemas() is JSON; every message of either direction is in it, with "type" required."""
    schemas = protocol.schemas()
    json.dumps(schemas)
    assert schemas["version"] == PROTOCOL_VERSION
    for side, types in (("client", protocol.CLIENT_TYPES), ("server", protocol.SERVER_TYPES)):
        definitions = schemas[side]["$defs"]
        for kind, model in types.items():
            schema = definitions[model.__name__]
            assert schema["properties"]["type"]["const"] == kind
            assert schema["required"][0] == "type"
        assert set(schemas[side]["discriminator"]["mapping"]) == set(types)


def test_the_schemas_give_the_score_sheet_and_the_hint() -> None:
    """A state must carry ``hands`` (each a HandResult of five required fields); a hint asks
    with nothing but its ref, and is answered with a move and a reason."""
    schemas = protocol.schemas()
    server = schemas["server"]["$defs"]
    assert "hands" in server["State"]["required"]
    assert server["State"]["properties"]["hands"]["items"] == {"$ref": "#/$defs/HandResult"}
    assert set(server["HandResult"]["required"]) == {
        "hand_number", "penalties", "points", "deltas", "totals"
    }  # fmt: skip
    assert server["Hint"]["required"] == ["type", "move", "reason"]
    assert set(schemas["client"]["$defs"]["HintRequest"]["properties"]) == {"type", "ref"}
    with pytest.raises(ProtocolError) as caught:
        parse_client('{"type": "hint", "move": "QS"}')
    assert caught.value.code == "bad_message" and "has no field" in str(caught.value)


def _doc_examples() -> list[tuple[str, str]]:
    """The doc's examples: ```json client and ```json server blocks, with their direction."""
    text = DOC.read_text(encoding="utf-8")
    return re.findall(r"```json (client|server)\n(.*?)```", text, flags=re.DOTALL)


def test_the_docs_examples_are_messages_of_the_protocol() -> None:
    """Every example in docs/protocol.md parses with the models (a client's with parse_client,
    a server's with parse_server and back to the same JSON); together they show every message
    type, and a seat's state and a watcher's."""
    examples = _doc_examples()
    shown: set[str] = set()
    views: set[str] = set()
    for side, text in examples:
        if side == "client":
            message: Any = parse_client(text)
        else:
            message = parse_server(text)
            assert json.loads(dump(message)) == json.loads(text)
            if isinstance(message, State):
                views.add(type(message.view).__name__)
        shown.add(f"{side}:{message.type}")
    expected = {f"client:{t}" for t in protocol.CLIENT_TYPES}
    expected |= {f"server:{t}" for t in protocol.SERVER_TYPES}
    assert shown == expected
    assert views == {"SeatViewData", "PublicViewData"}


def test_the_doc_names_every_error_code_and_move_form() -> None:
    """docs/protocol.md lists each error code and each kind of move text."""
    text = DOC.read_text(encoding="utf-8")
    for code in protocol.ERROR_CODES:
        assert f"`{code}`" in text, code
    for form in ("`QS`", "`pass ", "`discard ", "`bid ", "`name ", "`moon old`", "`revoke ",
                 "`correct`", "`claim ", "`call ", "`gather`"):  # fmt: skip
        assert form in text, form


@pytest.mark.parametrize("variant", sorted(variants.VARIANTS))
def test_state_text_writes_the_state_the_model_would(variant: str) -> None:
    """The server writes its states without building the model (state_text, for speed): at
    every position of a hand of each preset and the first of the next, for each seat and a
    watcher, the text parses as a State and the model writes back the same JSON; the finished
    hands' results are there once the hand is over."""
    rules = variants.get(variant)
    game = Game(rules.replace(laws=True) if variant == "modern" else rules, seed=11)
    rng = random.Random(3)
    seats = [
        {"seat": s, "name": f"p{s}", "kind": "human", "status": "connected", "guest": True}
        for s in range(game.players)
    ]
    while True:
        for seat in [*range(game.players), None]:
            view = (
                wire.public_view(game.public_view())
                if seat is None
                else wire.seat_view(game.view(seat))
            )
            text = protocol.state_text(
                view=view,
                seats=seats,
                turn=game.to_act,
                deadline=None,
                server_time=1.5,
                scores=list(game.scores),
                seq=len(game.events),
                since=0,
                events=wire.seen_events(game.events, seat, game.rules),
                ref=4,
                hands=wire.hand_results(game.events),
            )
            message = parse_server(text)
            assert isinstance(message, State)
            assert isinstance(
                message.view, protocol.PublicViewData if seat is None else protocol.SeatViewData
            )
            assert json.loads(dump(message)) == json.loads(text)
            assert len(message.hands) == game.hands_over()
        if game.is_over or game.hands_over() == 1:
            assert message.hands[0].totals == list(game.scores)
            break
        moves = game.legal_moves()
        game.play(rng.choice(list(moves)))
