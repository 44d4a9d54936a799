"""Named presets (DESIGN.md principle 2): each form is a Rules value with a summary and source."""

from __future__ import annotations

import pytest

from hearts import InvalidRules, Rules, variants
from hearts.rules import SettlementMethod


@pytest.mark.parametrize("name", variants.names())
def test_every_preset_has_a_summary_a_source_and_valid_rules(name: str) -> None:
    variant = variants.variant(name)
    assert isinstance(variant.rules, Rules)
    assert variant.summary and variant.source
    assert variants.name_of(variant.rules) == name


def test_presets_are_distinct() -> None:
    rules = [variants.get(name) for name in variants.names()]
    assert len(set(rules)) == len(rules)


@pytest.mark.parametrize("text", ["Modern", " modern ", "CLASSIC-3", "two handed", "two_handed"])
def test_names_are_read_loosely(text: str) -> None:
    assert variants.get(text) in {variants.get(n) for n in variants.names()}


def test_unknown_name_lists_the_choices_or_suggests_one() -> None:
    with pytest.raises(InvalidRules, match="choose from: modern, classic"):
        variants.get("zzzz")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("name", ["modern", "classic", "howell"])
def test_for_players_adapts_a_form_to_any_table(name: str, players: int) -> None:
    """Law 3 and RULES.md §6.1–6.2: the pack, passes and settlement follow the player count."""
    rules = variants.for_players(variants.get(name), players)
    assert rules.players == players
    assert rules.stock == (players == 2)
    if players == 2 and name == "classic":
        assert rules.settlement is SettlementMethod.TWO_HANDED
