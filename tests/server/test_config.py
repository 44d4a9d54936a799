"""The server's settings (``hearts.server.config``): each is checked when it is made, a wrong
one refused in a sentence that names it and what it must be."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from hearts.errors import InvalidArgument
from hearts.server import ServerConfig
from hearts.server.config import RETIRED
from hearts.server.protocol import MAX_MESSAGE_BYTES


def test_the_hint_limits_have_their_documented_defaults() -> None:
    config = ServerConfig()
    assert (config.hint_rate, config.hint_rate_address) == (12.0, 30.0)


@pytest.mark.parametrize("name", ["hint_rate", "hint_rate_address"])
@pytest.mark.parametrize("value", [0, -1.5, True, "12", None])
def test_a_hint_limit_that_is_no_rate_above_0_is_refused_in_a_sentence(
    name: str, value: object
) -> None:
    with pytest.raises(InvalidArgument) as refused:
        ServerConfig(**{name: value})  # type: ignore[arg-type]
    assert str(refused.value) == f"{name} must be a number of hints a minute above 0, not {value!r}"


def test_the_daily_event_settings_have_their_documented_defaults() -> None:
    """On by default: modern/4 against medium bots, 8 deals; hard bots sample 200 deals."""
    config = ServerConfig()
    assert (config.daily_event, config.daily_form, config.daily_level, config.daily_deals) == (
        True,
        "modern/4",
        "medium",
        8,
    )
    assert (config.event_samples, config.events_per_day) == (200, 5)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("daily_level", "godlike", "daily_level must be easy, medium or hard"),
        ("daily_form", "modern", "daily_form must be a preset and its players"),
        ("daily_deals", 0, "daily_deals must be a whole number of at least 1"),
        ("event_samples", True, "event_samples must be a whole number of at least 1"),
        ("events_per_day", -3, "events_per_day must be a whole number of at least 1"),
    ],
)
def test_a_wrong_event_setting_is_refused_in_a_sentence(
    field: str, value: object, words: str
) -> None:
    with pytest.raises(InvalidArgument, match=words):
        ServerConfig(**{field: value})  # type: ignore[arg-type]


def test_the_retired_max_message_is_ignored_with_a_warning_and_a_misspelt_key_refused(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 40, part 6: ``max_message`` was checked and never read, so it is gone: a config
    that still names it starts as before (the key never did anything, and a server being
    upgraded should not fail for it), with a warning in the log that it is ignored; the
    config neither keeps nor checks it. A key the config never took is still refused."""
    with caplog.at_level(logging.WARNING, logger="hearts.server"):
        config = ServerConfig(grace=5, max_message=-3)  # (once refused: now not even checked)
    assert config.grace == 5.0
    assert "max_message" not in {field.name for field in dataclasses.fields(ServerConfig)}
    assert config == ServerConfig(grace=5)
    assert [record.getMessage() for record in caplog.records] == [RETIRED["max_message"]]
    assert "does nothing and is ignored" in RETIRED["max_message"]
    assert f"({MAX_MESSAGE_BYTES} bytes)" in RETIRED["max_message"]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="hearts.server"):
        assert dataclasses.replace(config, grace=7).grace == 7.0
        ServerConfig()
    assert caplog.records == []  # (no warning unless it is named)
    with pytest.raises(TypeError, match="max_mesage"):
        ServerConfig(max_mesage=8192)  # type: ignore[call-arg]
