"""A record as JSON text and in files: :func:`dumps` and :func:`dump` write it, one event a line;
:func:`loads` and :func:`load` read it back and replay it (:func:`hearts.record.replay.from_dict`).
:func:`parse_json` reads the text alone, refusing anything that is not UTF-8 JSON in one sentence
that names the encoding it found.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> loads(dumps(game)).events == game.events
True
"""

from __future__ import annotations

import codecs
import json
import os
from typing import IO, Any, Final

from hearts.errors import InvalidRecord
from hearts.game import Game
from hearts.record.data import to_dict
from hearts.record.replay import from_dict

__all__ = ["dumps", "dump", "loads", "load", "parse_json", "PathOrFile", "Readable"]

PathOrFile = str | os.PathLike[str] | IO[str]
Readable = str | os.PathLike[str] | IO[str] | IO[bytes]


def dumps(game: Game) -> str:
    """The record of a game as JSON text, one event a line (easy to read and to diff).

    >>> from hearts import Game, variants
    >>> dumps(Game(variants.get("classic"), seed=3)).splitlines()[2][:30]
    '{"kind": "dealt", "hand_number'
    """
    data = to_dict(game)
    events = data.pop("events")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n".join(json.dumps(event, ensure_ascii=False) for event in events)
    return f'{head}, "events": [\n{lines}\n]}}\n'


def dump(game: Game, file: PathOrFile) -> None:
    """Write the record of a game to a path or an open text file."""
    text_ = dumps(game)
    if isinstance(file, str | os.PathLike):
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(text_)
    else:
        file.write(text_)


def loads(text_: str | bytes) -> Game:
    """Rebuild a game from the JSON text of its record; a bad record raises
    :class:`~hearts.errors.InvalidRecord` naming what is wrong.

    >>> loads('{"format": "hearts-record", "version": 1}')
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record lacks the field 'variant'
    >>> loads("{")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Expecting property name enclosed in double quotes at line 1, column 2
    """
    return from_dict(parse_json(text_))


def parse_json(text_: str | bytes) -> Any:
    """The JSON data of a record's text; anything that is not UTF-8 JSON raises
    :class:`~hearts.errors.InvalidRecord` in one sentence (never a parser's traceback), which
    names the encoding found when it is another (a UTF-8 byte order mark is let pass).

    >>> parse_json('{"format": "hearts-record"}')
    {'format': 'hearts-record'}
    >>> parse_json('{"a": "b'.encode("utf-16"))
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not UTF-8 JSON: it is UTF-16 (little-endian) text (it begins with that byte order mark); save it as UTF-8
    >>> parse_json('{"a": "b')
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: the record is not valid JSON: Unterminated string starting at line 1, column 7
    """
    if not isinstance(text_, str | bytes | bytearray):
        raise InvalidRecord(f"a record is JSON text, not {type(text_).__name__}")
    if isinstance(text_, bytes | bytearray):
        text_ = _utf8(bytes(text_))
    text_ = text_.removeprefix("\ufeff")
    try:
        return json.loads(text_)
    except json.JSONDecodeError as error:
        # The parser's words may end in "at" ("Unterminated string starting at"): one is enough.
        what = error.msg.removesuffix(" at")
        raise InvalidRecord(
            f"the record is not valid JSON: {what} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise InvalidRecord("the record is not a game record: it is nested too deeply") from None
    except ValueError as error:  # e.g. a number with more digits than Python will read
        raise InvalidRecord(f"the record is not valid JSON: {error}") from None


_BYTE_ORDER_MARKS: Final = (
    (codecs.BOM_UTF32_LE, "UTF-32 (little-endian)"),  # before UTF-16's, which it begins with
    (codecs.BOM_UTF32_BE, "UTF-32 (big-endian)"),
    (codecs.BOM_UTF16_LE, "UTF-16 (little-endian)"),
    (codecs.BOM_UTF16_BE, "UTF-16 (big-endian)"),
)


def _utf8(data: bytes) -> str:
    """The text of a record's bytes, which must be UTF-8; other text is named in the refusal."""
    found = _other_encoding(data)
    if found is not None:
        raise InvalidRecord(f"the record is not UTF-8 JSON: it is {found}; save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRecord(
            f"the record is not UTF-8 JSON: byte {error.start + 1} (0x{data[error.start]:02x}) "
            "is not UTF-8 text"
        ) from None


def _other_encoding(data: bytes) -> str | None:
    """The encoding other than UTF-8 that some bytes are plainly in: by their byte order mark,
    or by where the zero bytes of JSON's ASCII characters fall in UTF-16 or UTF-32 (JSON begins
    with an ASCII character); None when they look like UTF-8."""
    for mark, name in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return f"{name} text (it begins with that byte order mark)"
    head = data[:4]
    if len(head) < 2 or 0 not in head[:2]:
        return None
    if len(head) == 4 and head[:3] == b"\0\0\0":
        name = "UTF-32 (big-endian)"
    elif len(head) == 4 and head[1:] == b"\0\0\0":
        name = "UTF-32 (little-endian)"
    elif head[0] == 0:
        name = "UTF-16 (big-endian)"
    else:
        name = "UTF-16 (little-endian)"
    return f"{name} text, without a byte order mark"


def load(file: Readable) -> Game:
    """Rebuild a game from a record in a file (a path or an open file).

    A file that cannot be read raises :class:`OSError`; a bad record (text that is not UTF-8
    JSON among them) :class:`~hearts.errors.InvalidRecord`.
    """
    if isinstance(file, str | os.PathLike):
        with open(file, "rb") as handle:
            content: str | bytes = handle.read()
    else:
        content = file.read()
    return loads(content)
