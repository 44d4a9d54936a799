"""The kinds of error: each says what was wrong, and every one is still a HeartsError."""

from __future__ import annotations

import pickle

import pytest

import hearts
from hearts import Game, bots, variants
from hearts.bots import BasicBot, RandomBot
from hearts.errors import (
    HeartsError,
    IllegalMove,
    InvalidArgument,
    InvalidCard,
    InvalidRecord,
    InvalidRules,
    UnknownName,
)
from hearts.scoring import points


def test_every_kind_is_a_hearts_error_and_so_a_value_error() -> None:
    """Code that caught HeartsError or ValueError before the kinds were told apart still does."""
    for kind in (
        IllegalMove,
        InvalidArgument,
        InvalidCard,
        UnknownName,
        InvalidRules,
        InvalidRecord,
    ):
        assert issubclass(kind, HeartsError)
        assert issubclass(kind, ValueError)


def test_the_hierarchy() -> None:
    """A card that is no card and a name of nothing are bad arguments; a move, rules and records
    are kinds of their own; a bad argument is not a TypeError (it may be a value out of range)."""
    assert issubclass(InvalidCard, InvalidArgument)
    assert issubclass(UnknownName, InvalidArgument)
    assert issubclass(UnknownName, LookupError)
    assert not issubclass(UnknownName, KeyError)
    assert not issubclass(InvalidArgument, TypeError)
    for kind in (IllegalMove, InvalidRules, InvalidRecord):
        assert not issubclass(kind, InvalidArgument)
        assert not issubclass(InvalidArgument, kind)
    assert not issubclass(IllegalMove, InvalidArgument)


def test_the_kinds_are_exported_from_the_package() -> None:
    """``hearts.InvalidArgument`` and ``hearts.UnknownName`` are the errors module's own."""
    assert hearts.InvalidArgument is InvalidArgument
    assert hearts.UnknownName is UnknownName
    assert {"InvalidArgument", "UnknownName"} <= set(hearts.__all__)


def test_an_unknown_name_suggests_the_closest_name() -> None:
    """The sentence names what was looked up and the closest name; the parts are attributes."""
    error = UnknownName.among("bot", "Expret", ["random", "basic", "expert"])
    assert str(error) == "there is no bot 'Expret'; did you mean expert?"
    assert (error.name, error.choices, error.suggestion) == (
        "Expret",
        ("random", "basic", "expert"),
        "expert",
    )


def test_an_unknown_name_far_from_any_lists_the_names() -> None:
    """With nothing close, the sentence lists the names there are (not the aliases)."""
    error = UnknownName.among("variant", "zzz", ["modern", "classic"], also=["black-lady"])
    assert str(error) == "there is no variant 'zzz'; choose from: modern, classic"
    assert error.suggestion is None


def test_an_unknown_name_may_be_suggested_from_the_aliases_and_a_key() -> None:
    """``also`` names are suggested too; ``key`` is the name as it was looked up."""
    error = UnknownName.among(
        "variant", "Black Lday", ["modern"], key="black-lday", also=["black-lady"]
    )
    assert str(error) == "there is no variant 'Black Lday'; did you mean black-lady?"


def test_a_name_that_is_not_text_is_unknown_without_a_suggestion() -> None:
    """A number looked up as a name names nothing; nothing is suggested for it."""
    error = UnknownName.among("bot", 3, ["random", "basic"])
    assert str(error) == "there is no bot 3; choose from: random, basic"
    assert error.suggestion is None


def test_an_unknown_name_survives_pickling() -> None:
    """An arena's workers send their errors back pickled: kind, sentence and parts arrive."""
    error = UnknownName.among("bot", "expret", ["expert"])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is UnknownName
    assert str(again) == str(error)
    assert again.suggestion == "expert"


def test_an_unknown_name_made_from_a_message_alone() -> None:
    """Raised with a sentence only, as every other kind is, it has no parts."""
    error = UnknownName("there is no such thing")
    assert str(error) == "there is no such thing"
    assert (error.name, error.choices, error.suggestion) == (None, (), None)
    with pytest.raises(LookupError, match="no such thing"):
        raise error


# ------------------------------------------------------ raise sites that name seats as fields


def test_a_bot_with_no_move_names_its_seat_as_a_field() -> None:
    """Issue 40, part 5: the bots' refusal ("seat N has no move to make now") carries the seat,
    so a face can say it its own way; its sentence is the one it always was."""
    game = Game(variants.get("classic"), seed=3)
    idle = next(seat for seat in range(4) if seat != game.deal.to_act)
    for bot in (RandomBot(seed=1), BasicBot(), bots.get("expert")):
        with pytest.raises(IllegalMove) as refused:
            bot.choose(game.view(idle))
        assert str(refused.value) == f"seat {idle} has no move to make now"
        assert refused.value.seat == idle and refused.value.seats == {"seat": idle}
        assert refused.value.said(lambda seat: f"player {seat + 1}", str) == (
            f"player {idle + 1} has no move to make now"
        )


def test_a_shooter_who_took_no_trick_is_named_as_a_field() -> None:
    """The scoring's refusal of a shooter that won no trick names the shooter as a field."""
    with pytest.raises(InvalidArgument) as refused:
        points([26, 0, 0, 0], shooter=1, no_trick=[False, True, False, False], moon="new")
    assert str(refused.value) == "seat 1 cannot both shoot the moon and win no trick"
    assert refused.value.seats == {"shooter": 1}
