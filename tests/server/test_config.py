"""The server's settings (``hearts.server.config``): each is checked when it is made, a wrong
one refused in a sentence that names it and what it must be."""

from __future__ import annotations

import pytest

from hearts.errors import InvalidArgument
from hearts.server import ServerConfig


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
