"""Rules as data (DESIGN.md principle 2): options, packs by player count, clashes refused."""

from __future__ import annotations

import pytest

from hearts import Card, CardSet, InvalidRules, Rules, UnknownName, variants
from hearts.rules import (
    GameEnd,
    HeartValue,
    Moon,
    PassDirection,
    SettlementMethod,
    Strip,
)


@pytest.mark.parametrize(
    ("players", "removed", "hand_size", "hearts"),
    [
        (2, "", 13, 13),
        (3, "2S", 17, 13),
        (4, "", 13, 13),
        (5, "2C 2S", 10, 13),
        (6, "2C 2D 2S 2H", 8, 12),
        (7, "2C 2D 2S 2H", 8, 12),
    ],
)
def test_law_3_pack_adjusted_for_the_number_of_players(
    players: int, removed: str, hand_size: int, hearts: int
) -> None:
    """Law 3 (RULES.md §1.1): 3 — 2♠ out; 5 — black deuces; 6 — all deuces; T = 12 at six."""
    rules = Rules(
        players=players,
        stock=players == 2,
        settlement=SettlementMethod.TWO_HANDED if players == 2 else SettlementMethod.SWEEPSTAKES,
    )
    full = CardSet.parse(" ".join(r + s for s in "CDSH" for r in "23456789TJQKA"))
    assert full - CardSet(rules.pack) == CardSet.parse(removed)
    assert rules.hand_size == hand_size
    assert rules.penalty_total == hearts


@pytest.mark.parametrize(
    ("players", "removed"),
    [(3, "2D"), (5, "2C 2D"), (6, "2C 3C 2D 2S")],
)
def test_modern_strips_keep_every_heart(players: int, removed: str) -> None:
    """RULES.md §6.1: pagat strips for 3 and 5, BLU's for 6 — all hearts and the Q♠ stay."""
    rules = variants.for_players(variants.get("modern"), players)
    assert rules.strip is Strip.MODERN
    full = CardSet.parse(" ".join(r + s for s in "CDSH" for r in "23456789TJQKA"))
    assert full - CardSet(rules.pack) == CardSet.parse(removed)
    assert rules.penalty_total == 26


def test_modern_lowest_club_leads_when_the_deuce_is_stripped() -> None:
    """RULES.md §6.1: if the 2♣ is stripped, the lowest remaining club takes its role."""
    assert str(variants.for_players(variants.get("modern"), 5).lowest_club) == "3C"
    assert str(variants.for_players(variants.get("modern"), 6).lowest_club) == "4C"


def test_modern_three_and_five_pass_left_right_hold() -> None:
    """RULES.md §6.2: three or five players have no across; left, right, hold."""
    rules = variants.for_players(variants.get("modern"), 5)
    assert rules.pass_cycle == (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)


def test_spot_hearts_values_each_heart_by_its_pips() -> None:
    """RULES.md §5.3: hearts count their pips, J 11 … A 14: 104 in all."""
    assert Rules(heart_value=HeartValue.PIPS).penalty_total == 104


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 8}, "players=8 is not allowed"),
        ({"players": 2}, "players=2 needs stock=True"),
        ({"stock": True}, "stock=True clashes with players=4"),
        ({"pass_count": 3}, "pass_count=3 clashes with pass_cycle"),
        ({"pass_cycle": ("left",)}, "pass_cycle clashes with pass_count=0"),
        (
            {"players": 5, "pass_count": 3, "pass_cycle": ("across",)},
            "pass_cycle=across clashes with players=5",
        ),
        (
            {"queen_breaks_hearts": True},
            "queen_breaks_hearts=True clashes with hearts_must_be_broken=False",
        ),
        ({"moon": "old"}, "moon=old clashes with settlement=sweepstakes"),
        ({"no_trick_bonus": 5}, "no_trick_bonus=5 clashes with settlement=sweepstakes"),
        ({"settlement": "excess"}, "settlement=excess clashes with players=4"),
        ({"settlement": "two-handed"}, "settlement=two-handed clashes with players=4"),
        ({"end": "target"}, "end=target clashes with settlement=sweepstakes"),
        (
            {"settlement": "points", "end": "bankrupt"},
            "end=bankrupt clashes with settlement=points",
        ),
        ({"free_hearts": 6}, "free_hearts=6 clashes with settlement=sweepstakes"),
        ({"pass_count": 13, "pass_cycle": ("left",)}, "pass_count=13 clashes with players=4"),
        (
            {"players": 7, "pass_count": 3, "pass_cycle": ("left",)},
            "pass_cycle clashes with players=7",
        ),
        (
            {"card_values": (("2H", 0),), "heart_value": "one", "players": 6},
            "card_values names 2H, which is not in the pack",
        ),
        ({"settlement": "sweeps"}, "settlement='sweeps' is not one of"),
        ({"players": "four"}, "players='four' is not a whole number"),
        ({"target": 0, "settlement": "points", "end": "target"}, "target=0 must be above zero"),
    ],
)
def test_contradictory_rules_are_refused_naming_the_clash(
    changes: dict[str, object], message: str
) -> None:
    """DESIGN.md: contradictory choices are rejected at construction, naming the clashing options."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(")):
        Rules(**changes)  # type: ignore[arg-type]


def test_unknown_option_is_refused() -> None:
    """A misspelt option is named, not ignored."""
    with pytest.raises(InvalidRules, match="unknown option 'player'"):
        Rules.from_dict({"player": 3})
    with pytest.raises(InvalidRules, match="unknown option"):
        Rules().replace(colour="red")


@pytest.mark.parametrize("name", variants.names())
def test_every_preset_round_trips_through_plain_data(name: str) -> None:
    """Records store rules as plain JSON data; reading them back gives the same rules."""
    rules = variants.get(name)
    assert Rules.from_dict(rules.to_dict()) == rules


def test_modern_preset_is_the_modern_game() -> None:
    """RULES.md §6: the preset carries every default of the modern game."""
    rules = variants.get("modern")
    assert rules.players == 4 and rules.pass_count == 3
    assert rules.pass_cycle == (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.HOLD,
    )
    assert rules.penalty_free_first_trick and rules.hearts_must_be_broken
    assert rules.queen_breaks_hearts and rules.lead_hearts_with_only_penalty
    assert rules.moon is Moon.OLD and rules.penalty_total == 26
    assert rules.settlement is SettlementMethod.POINTS
    assert rules.end is GameEnd.TARGET and rules.target == 100


def test_unknown_variant_suggests_a_name() -> None:
    """Bad input gets a clear sentence."""
    with pytest.raises(UnknownName, match="did you mean classic"):
        variants.get("clasic")


def test_removed_cards_replace_the_strip_tables_choice() -> None:
    """Black Maria (RULES.md §6.5): three players lay aside the 2♣, not law 3's 2♠."""
    rules = Rules(players=3, removed=("2C",))
    full = CardSet.parse(" ".join(r + s for s in "CDSH" for r in "23456789TJQKA"))
    assert full - CardSet(rules.pack) == CardSet.parse("2C")
    assert rules.hand_size == 17 and rules.penalty_total == 13


def test_removed_cards_are_read_from_names_in_any_order() -> None:
    assert Rules(players=3, removed="2C") == Rules(players=3, removed=(Card.parse("2C"),))
    assert Rules(players=6, removed=("3C", "2C", "2D", "2S")) == Rules(
        players=6, removed="2C 3C 2D 2S"
    )


def test_removed_cards_round_trip_through_plain_data() -> None:
    rules = Rules(players=3, removed=("2C",))
    assert rules.to_dict()["removed"] == ["2C"]
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_without_removed_cards_write_no_removed_entry() -> None:
    """Records written before the option existed stay as they were, and read the same."""
    data = Rules().to_dict()
    assert "removed" not in data
    assert Rules.from_dict(data) == Rules()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"removed": ("2C",)},
            "removed=2C clashes with players=4: it leaves 51 cards, which do not deal out "
            "evenly to the 4 seats that take cards",
        ),
        (
            {"players": 5, "removed": ("2C",)},
            "removed=2C clashes with players=5: it leaves 51 cards",
        ),
        (
            {"players": 7, "removed": ("2C", "2D")},
            "removed=2C,2D clashes with players=7: it leaves 50 cards, which do not deal out "
            "evenly to the 6 seats that take cards",
        ),
        (
            {"players": 2, "stock": True, "settlement": "two-handed", "removed": ("2C",)},
            "removed=2C clashes with players=2: it leaves 51 cards, and two-handed needs "
            "thirteen each and an even stock",
        ),
        ({"removed": ("JK",)}, "removed names JK, which is not a card of the pack"),
        ({"removed": ("2C", "2C")}, "removed names a card twice"),
        ({"removed": ("2X",)}, "removed=('2X',) must list cards"),
        ({"removed": 7}, "removed=7 must list cards"),
        (
            {
                "players": 4,
                "removed": " ".join(r + "C" for r in "23456789TJQKA") + " 2D 3D 4D",
                "first_lead": "lowest-club",
            },
            "first_lead=lowest-club clashes with removed=.*: no club is left to lead",
        ),
        (
            {"players": 3, "removed": ("QS",), "card_values": (("QS", 13),)},
            "card_values names QS, which is not in the pack: removed=QS lays it aside",
        ),
    ],
)
def test_removed_cards_that_cannot_be_laid_aside_are_refused(
    changes: dict[str, object], message: str
) -> None:
    """The cards laid aside must be cards of the pack and leave a pack that deals out evenly."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(**changes)  # type: ignore[arg-type]
