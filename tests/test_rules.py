"""Rules as data (docs/architecture.md principle 2): options, packs by player count, clashes refused; the
options of a mechanic in its own part (passing, auction, joker, two packs), the settlement a part
whose kind is its method and whose fields are that method's options, and the flat rules of
version-1 records (and the flat settlement of the first version-2 records) read into them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hearts import Card, CardSet, InvalidRules, Rules, UnknownName, variants
from hearts.cards import JOKER
from hearts.rules import (
    Auction,
    Cancellation,
    Excess,
    GameEnd,
    HeartValue,
    Howell,
    JackRule,
    Joker,
    LastTrick,
    Leftover,
    Moon,
    NoTrickBonus,
    PassDirection,
    Passing,
    Points,
    SettlementMethod,
    Simple,
    Strip,
    Sweepstakes,
    TwoHanded,
    Widow,
)

DATA = Path(__file__).resolve().parent / "data"
GAMES = DATA / "games"
V2_FIRST: dict[str, dict[str, Any]] = json.loads(
    (DATA / "rules-v2-first.json").read_text(encoding="utf-8")
)
"""Every preset's rules as version 2 was first written (commit 66079d9, before the settlement
parts): the mechanics in parts, the settlement's options flat beside its method."""


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
    """Law 3 (docs/rules.md §1.1): 3 — 2♠ out; 5 — black deuces; 6 — all deuces; T = 12 at six."""
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
    """docs/rules.md §6.1: pagat strips for 3 and 5, BLU's for 6 — all hearts and the Q♠ stay."""
    rules = variants.for_players(variants.get("modern"), players)
    assert rules.strip is Strip.MODERN
    full = CardSet.parse(" ".join(r + s for s in "CDSH" for r in "23456789TJQKA"))
    assert full - CardSet(rules.pack) == CardSet.parse(removed)
    assert rules.penalty_total == 26


def test_modern_lowest_club_leads_when_the_deuce_is_stripped() -> None:
    """docs/rules.md §6.1: if the 2♣ is stripped, the lowest remaining club takes its role."""
    assert str(variants.for_players(variants.get("modern"), 5).lowest_club) == "3C"
    assert str(variants.for_players(variants.get("modern"), 6).lowest_club) == "4C"


def test_modern_three_and_five_pass_left_right_hold() -> None:
    """docs/rules.md §6.2: three or five players have no across; left, right, hold."""
    rules = variants.for_players(variants.get("modern"), 5)
    assert rules.passing is not None and rules.passing.count == 3
    assert rules.passing.cycle == (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)


def test_spot_hearts_values_each_heart_by_its_pips() -> None:
    """docs/rules.md §5.3: hearts count their pips, J 11 … A 14: 104 in all."""
    assert Rules(heart_value=HeartValue.PIPS).penalty_total == 104


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 8}, "players=8 is not allowed"),
        ({"players": 2}, "players=2 needs stock=True"),
        ({"stock": True}, "stock=True clashes with players=4"),
        (
            {"players": 5, "passing": {"cycle": ("across",)}},
            "passing.cycle=across clashes with players=5",
        ),
        (
            {"players": 2, "stock": True, "settlement": "two-handed", "passing": {}},
            "passing clashes with stock=True",
        ),
        (
            {"queen_breaks_hearts": True},
            "queen_breaks_hearts=True clashes with hearts_must_be_broken=False",
        ),
        ({"settlement": "excess"}, "settlement=excess clashes with players=4"),
        ({"settlement": "two-handed"}, "settlement=two-handed clashes with players=4"),
        ({"end": "target"}, "end=target clashes with settlement=sweepstakes"),
        (
            {"settlement": "points", "end": "bankrupt"},
            "end=bankrupt clashes with settlement=points",
        ),
        ({"passing": {"count": 13}}, "passing.count=13 clashes with players=4"),
        (
            {"widow": "discard", "passing": {"count": 12}},
            "passing.count=12 clashes with players=4: each seat holds only 12 cards",
        ),
        ({"players": 7, "passing": {"cycle": ("left",)}}, "passing clashes with players=7"),
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
    """docs/architecture.md: contradictory choices are rejected at construction, naming the clashing options."""
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
    """docs/rules.md §6: the preset carries every default of the modern game."""
    rules = variants.get("modern")
    assert rules.players == 4 and rules.pass_count == 3
    assert rules.passing == Passing(
        count=3,
        cycle=(PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD),
    )
    assert rules.penalty_free_first_trick and rules.hearts_must_be_broken
    assert rules.queen_breaks_hearts and rules.lead_hearts_with_only_penalty
    assert rules.moon is Moon.OLD and rules.penalty_total == 26
    assert rules.settlement == Points(moon=Moon.OLD) and rules.method is SettlementMethod.POINTS
    assert rules.end is GameEnd.TARGET and rules.target == 100


def test_unknown_variant_suggests_a_name() -> None:
    """Bad input gets a clear sentence."""
    with pytest.raises(UnknownName, match="did you mean classic"):
        variants.get("clasic")


def test_removed_cards_replace_the_strip_tables_choice() -> None:
    """Black Maria (docs/rules.md §6.5): three players lay aside the 2♣, not law 3's 2♠."""
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
            {
                "players": 4,
                "removed": " ".join(r + "C" for r in "23456789TJQKA") + " 2D 3D 4D",
                "first_lead": "any-club",
            },
            "first_lead=any-club clashes with removed=.*: no club is left to lead",
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


# ------------------------------------------------------------------ the parts of a mechanic


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Passing(count=0), "passing.count=0 must be at least one card"),
        (lambda: Passing(count="3"), "passing.count='3' is not a whole number"),
        (lambda: Passing(count=True), "passing.count=True is not a whole number"),
        (lambda: Passing(cycle="left"), "passing.cycle='left' must list directions"),
        (lambda: Passing(cycle=("sideways",)), "passing.cycle=('sideways',) must list directions"),
        (lambda: Passing(cycle=()), "passing.cycle names no direction to pass to"),
        (lambda: Passing(cycle=("hold",)), "passing.cycle names no direction to pass to"),
        (lambda: Auction(max_bid=0), "auction.max_bid=0 must be at least one counter"),
        (lambda: Auction(max_bid=2.5), "auction.max_bid=2.5 is not a whole number"),
        (lambda: Joker(wins_any_trick=1), "joker.wins_any_trick=1 must be true or false"),
        (lambda: Joker(penalty="5"), "joker.penalty='5' is not a whole number"),
        (lambda: Cancellation(widow="discard"), "cancellation.widow='discard' is not one of"),
        (
            lambda: Cancellation(unwon_last_trick="dealer"),
            "cancellation.unwon_last_trick='dealer' is not one of: leader, second-of-pair",
        ),
        (lambda: Passing(counts=3), "unknown option 'passing.counts'"),
        (lambda: Auction(bid=3), "unknown option 'auction.bid'"),
        (lambda: Joker(value=3), "unknown option 'joker.value'"),
        (lambda: Cancellation(packs=2), "unknown option 'cancellation.packs'"),
        (lambda: Passing(3), "Passing takes its options by name"),
    ],
)
def test_each_part_checks_its_own_options(make: Any, message: str) -> None:
    """Bad input: a part refuses a bad or unknown option of its own with one sentence."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()


def test_a_part_reads_strings_and_lists_and_its_defaults_are_the_usual_ones() -> None:
    assert Passing(count=2, cycle=["right", "hold"]).cycle == (
        PassDirection.RIGHT,
        PassDirection.HOLD,
    )
    assert Passing().count == 3 and Passing().direction(2) is PassDirection.ACROSS
    assert Auction().max_bid == 13
    assert Joker() == Joker(wins_any_trick=True, penalty=5)
    assert Cancellation() == Cancellation(widow=Leftover.FIRST_TRICK, unwon_last_trick="leader")


@pytest.mark.parametrize(
    ("name", "given", "part"),
    [
        ("passing", {"count": 3, "cycle": ["left"]}, Passing(count=3, cycle=("left",))),
        ("passing", True, Passing()),
        ("auction", {"max_bid": 5}, Auction(max_bid=5)),
        ("auction", {}, Auction()),
        ("joker", {"penalty": 3}, Joker(penalty=3)),
        ("cancellation", {"widow": "last-trick"}, Cancellation(widow=Leftover.LAST_TRICK)),
    ],
)
def test_a_part_may_be_given_as_a_mapping_of_its_options_or_true(
    name: str, given: object, part: object
) -> None:
    """Records and the command line give plain data: a mapping (the rest defaults) or True."""
    players = 6 if name == "cancellation" else 4
    assert getattr(Rules(players=players, **{name: given}), name) == part
    assert Rules(players=players, **{name: part}) == Rules(players=players, **{name: given})


def test_a_mechanic_that_is_off_is_none_and_false_is_none_too() -> None:
    rules = Rules()
    assert (rules.passing, rules.auction, rules.joker, rules.cancellation) == (None,) * 4
    assert Rules(auction=False) == Rules() and Rules(passing=None) == Rules()
    assert not rules.auction and Rules(auction={}).auction  # `if rules.auction:` still asks
    with pytest.raises(InvalidRules, match=r"auction=3 must be Auction\(\.\.\.\), a mapping"):
        Rules(auction=3)
    with pytest.raises(InvalidRules, match="passing options must be named by strings"):
        Rules(passing={3: "count"})


def test_derived_values_pass_count_and_packs_follow_the_parts() -> None:
    """pass_count (0 without passing) and packs (2 with cancellation) are read-only results."""
    modern = variants.get("modern")
    assert (modern.pass_count, modern.packs, modern.passes) == (3, 1, True)
    assert (Rules().pass_count, Rules().packs, Rules().passes) == (0, 1, False)
    assert variants.get("cancellation").packs == 2
    assert modern.replace(passing={"count": 1}).pass_count == 1
    assert [modern.replace(passing=None).pass_direction(n) for n in range(2)] == [
        PassDirection.HOLD
    ] * 2
    for derived in ("pass_count", "packs", "pack", "hand_size"):
        with pytest.raises(InvalidRules, match=f"unknown option '{derived}'"):
            modern.replace(**{derived: 1})


@pytest.mark.parametrize(
    ("option", "value", "where"),
    [
        ("pass_count", 3, "passing.count"),
        ("pass_cycle", ("left",), "passing.cycle"),
        ("max_bid", 5, "auction.max_bid"),
        ("joker_wins_any_trick", False, "joker.wins_any_trick"),
        ("joker_penalty", 3, "joker.penalty"),
        ("packs", 2, "cancellation"),
        ("unwon_last_trick", "second-of-pair", "cancellation.unwon_last_trick"),
    ],
)
def test_an_option_of_a_mechanic_cannot_be_written_outside_its_part(
    option: str, value: object, where: str
) -> None:
    """The old clashes ("max_bid clashes with auction=False", "unwon_last_trick clashes with
    packs=1", ...) cannot be written: the option exists only in its part, and the sentence that
    refuses it says where it went."""
    for attempt in (
        lambda: Rules(**{option: value}),
        lambda: Rules().replace(**{option: value}),
        lambda: Rules.from_dict({option: value}),
    ):
        with pytest.raises(InvalidRules, match=f"unknown option '{option}' \\(.*{where}"):
            attempt()
    if option not in ("pass_count", "packs"):  # the two derived values stay readable
        assert not hasattr(variants.get("modern"), option)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"auction": {}, "passing": {}}, "auction clashes with passing: classic play has no pass"),
        ({"auction": {}, "joker": {}}, "auction clashes with joker: only the named suit counts"),
        (
            {"auction": {}, "settlement": "howell"},
            "auction clashes with settlement=howell: the bid is paid into a sweepstakes pool",
        ),
        (
            {"players": 6, "cancellation": {}, "joker": {}},
            "cancellation clashes with joker: there is no joker in Cancellation Hearts",
        ),
        (
            {"players": 6, "cancellation": {}, "auction": {}},
            "cancellation clashes with auction: Auction Hearts is played with one pack",
        ),
        (
            {"players": 12, "cancellation": {}},
            "players=12 is not allowed with cancellation: Cancellation Hearts seats three to eleven",
        ),
        (
            {"players": 6, "cancellation": {}, "widow": "first-trick"},
            "widow=first-trick clashes with cancellation: Heartsette's widow is for one pack",
        ),
        (
            {"players": 6, "joker": {}},
            "joker clashes with players=6 (strip=foster): the 2♥ the joker replaces is already out",
        ),
        ({"widow": "discard", "joker": {}}, "widow=discard clashes with joker: Heartsette has no"),
        ({"domino": True, "auction": {}}, "domino=True clashes with auction"),
        ({"card_values": {"JK": 5}, "joker": {}}, "card_values names the joker"),
    ],
)
def test_clashes_between_parts_are_still_refused_naming_both(
    changes: dict[str, object], message: str
) -> None:
    """Two parts (or a part and an option) that contradict each other are refused by name."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(**changes)  # type: ignore[arg-type]


def test_an_unknown_option_is_refused_alike_by_the_constructor_replace_and_from_dict() -> None:
    """Rules(bogus=1) is an InvalidRules naming the option, as replace() and from_dict say."""
    messages = set()
    for attempt in (
        lambda: Rules(bogus=1),
        lambda: Rules().replace(bogus=1),
        lambda: Rules.from_dict({"bogus": 1}),
    ):
        with pytest.raises(InvalidRules) as error:
            attempt()
        messages.add(str(error.value))
    assert messages == {"unknown option 'bogus'"}
    with pytest.raises(InvalidRules, match=r"unknown option 'auction\.max'"):
        Rules.from_dict({"auction": {"max": 3}})
    with pytest.raises(InvalidRules, match="Rules takes its options by name"):
        Rules(4)
    with pytest.raises(InvalidRules, match="rules name their options by strings"):
        Rules.from_dict({4: "players"})


def test_replace_changes_a_part_whole_or_some_of_its_options() -> None:
    """replace(part=Part(...)) replaces the part; a mapping changes only the options it names,
    of the part there is (or of a new one with its defaults); None turns the mechanic off."""
    auction = variants.get("auction")
    assert auction.replace(auction=Auction(max_bid=5)).auction == Auction(max_bid=5)
    assert auction.replace(auction={"max_bid": 5}) == auction.replace(auction=Auction(max_bid=5))
    grace = variants.get("cancellation").replace(
        cancellation={"unwon_last_trick": "second-of-pair"}
    )
    both = grace.replace(cancellation={"widow": "last-trick"})
    assert both.cancellation == Cancellation(
        widow=Leftover.LAST_TRICK, unwon_last_trick=LastTrick.SECOND_OF_PAIR
    )
    assert grace.replace(cancellation=Cancellation(widow="last-trick")).cancellation == (
        Cancellation(widow=Leftover.LAST_TRICK)
    )
    modern = variants.get("modern")
    assert modern.replace(passing={"count": 2}).passing == Passing(count=2)
    assert modern.replace(passing=None).passing is None and modern.passing == Passing()
    assert variants.get("classic").replace(joker={"penalty": 7}).joker == Joker(penalty=7)
    with pytest.raises(InvalidRules, match=r"unknown option 'passing\.count_'"):
        modern.replace(passing={"count_": 2})
    with pytest.raises(InvalidRules, match=r"passing\.cycle=across clashes with players=3"):
        Rules(players=3).replace(passing={"cycle": ["across"]})


def test_rules_write_each_part_as_a_mapping_and_leave_out_parts_that_are_off() -> None:
    data = variants.get("modern").to_dict()
    assert data["passing"] == {"count": 3, "cycle": ["left", "right", "across", "hold"]}
    assert not {"auction", "joker", "cancellation", "widow"} & set(data)
    assert {"pass_count", "packs", "pack"}.isdisjoint(data)  # derived values are not options
    assert variants.get("auction").to_dict()["auction"] == {"max_bid": 13}
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize(
    "rules",
    [
        Rules(passing=Passing(count=2, cycle=("right", "hold")), joker=Joker(wins_any_trick=False)),
        Rules(auction=Auction(max_bid=4)),
        Rules(
            players=8,
            cancellation=Cancellation(widow="last-trick", unwon_last_trick="second-of-pair"),
        ),
        Rules(players=5, widow=Widow.LAST_TRICK),
        variants.get("joker").replace(joker={"penalty": 7}),
    ],
)
def test_every_option_of_every_part_round_trips_through_json(rules: Rules) -> None:
    """Records keep the parts' options: to_dict, JSON and from_dict give the same rules."""
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


# ------------------------------------------------------------------ the settlement's parts


@pytest.mark.parametrize(
    ("given", "part"),
    [
        ("howell", Howell()),
        (SettlementMethod.SIMPLE, Simple()),
        ({"method": "sweepstakes"}, Sweepstakes(jack_rule=JackRule.SOLE_CLEAR)),
        ({"method": "sweepstakes", "jack_rule": "any-clear"}, Sweepstakes(jack_rule="any-clear")),
        ({"method": "points", "moon": "new"}, Points(moon=Moon.NEW)),
        (
            {"method": "points", "no_trick": {"points": 3, "with_moon": False}},
            Points(no_trick=NoTrickBonus(points=3, with_moon=False)),
        ),
        ({"method": "points", "no_trick": True}, Points(no_trick=NoTrickBonus())),
        (Points(moon="old"), Points(moon=Moon.OLD)),
    ],
)
def test_the_settlement_is_a_part_given_as_itself_its_method_or_a_mapping(
    given: object, part: object
) -> None:
    """Records and the command line give a method's name or a mapping of its method and
    options; every option not given keeps its default."""
    end = "target" if isinstance(part, Points) else "deals"
    assert Rules(settlement=given, end=end).settlement == part  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Howell(moon="old"),
            "settlement.moon=old clashes with settlement=howell: the moon is scored only when "
            "settlement=points",
        ),
        (
            lambda: Sweepstakes(no_trick=NoTrickBonus()),
            "settlement.no_trick clashes with settlement=sweepstakes: the bonus is scored only "
            "when settlement=points",
        ),
        (
            lambda: Simple(free_hearts=6),
            "settlement.free_hearts=6 clashes with settlement=simple: free hearts belong to the "
            "two-handed settlement",
        ),
        (
            lambda: Points(jack_rule="any-clear"),
            "settlement.jack_rule=any-clear clashes with settlement=points: a Jack is a "
            "sweepstakes pool",
        ),
        (lambda: Excess(moon=Moon.NEW), "settlement.moon=new clashes with settlement=excess"),
        (lambda: TwoHanded(jack_rule="sole-clear"), "clashes with settlement=two-handed"),
        (lambda: Points(bogus=1), "unknown option 'settlement.bogus'"),
        (lambda: Points(moon="sideways"), "settlement.moon='sideways' is not one of: off, old"),
        (lambda: Sweepstakes(jack_rule="none"), "settlement.jack_rule='none' is not one of"),
        (lambda: TwoHanded(free_hearts=-1), "settlement.free_hearts=-1 cannot be negative"),
        (lambda: TwoHanded(free_hearts="6"), "settlement.free_hearts='6' is not a whole number"),
        (lambda: NoTrickBonus(points=0), "settlement.no_trick.points=0 must be at least one"),
        (lambda: NoTrickBonus(points=-5), "settlement.no_trick.points=-5 must be at least one"),
        (lambda: NoTrickBonus(with_moon=1), "settlement.no_trick.with_moon=1 must be true or"),
        (lambda: NoTrickBonus(bonus=5), "unknown option 'settlement.no_trick.bonus'"),
        (lambda: Points(no_trick=5), "settlement.no_trick=5 must be NoTrickBonus(...), a mapping"),
        (lambda: Howell(4), "Howell takes its options by name"),
    ],
)
def test_each_settlement_part_holds_only_its_methods_options(make: Any, message: str) -> None:
    """The old clashes (moon, no_trick_bonus, free_hearts outside their method; jack_rule,
    which meant nothing outside the sweepstakes) cannot be written: an option of another method
    is refused by the part, naming the method it belongs to."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()


@pytest.mark.parametrize(
    ("settlement", "message"),
    [
        (None, "settlement=None must be a method (points, sweepstakes, howell"),
        (3, "settlement=3 must be a method"),
        ("sweeps", "settlement='sweeps' is not one of: points, sweepstakes"),
        (
            {"moon": "old"},
            "settlement={'moon': 'old'} must name its method, as {'method': 'points', "
            "'moon': 'old'}",
        ),
        (
            {"jack_rule": "any-clear"},
            "settlement={'jack_rule': 'any-clear'} must name its method, as "
            "{'method': 'sweepstakes', 'jack_rule': 'any-clear'}",
        ),
        (
            {"free_hearts": 6},
            "settlement={'free_hearts': 6} must name its method, as "
            "{'method': 'two-handed', 'free_hearts': 6}",
        ),
        ({"method": "pool"}, "settlement.method='pool' is not one of"),
        ({3: "points"}, "settlement options must be named by strings"),
        (
            {"method": "howell", "moon": "old"},
            "settlement.moon=old clashes with settlement=howell",
        ),
    ],
)
def test_a_settlement_that_is_no_settlement_is_refused(settlement: object, message: str) -> None:
    """Each refused in one sentence; a mapping without its method is shown with the method its
    options belong to (the points method only when they are its own or none)."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(settlement=settlement)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "value", "where"),
    [
        ("moon", "old", r"settlement.moon now, as settlement=Points\(moon='old'\)"),
        ("no_trick_bonus", 5, "settlement.no_trick now"),
        ("jack_rule", "any-clear", "settlement.jack_rule now"),
        ("free_hearts", 6, "settlement.free_hearts now"),
        ("method", "howell", "the method is the settlement's kind"),
        ("no_trick", {}, ""),
    ],
)
def test_a_settlement_option_cannot_be_written_outside_its_part(
    option: str, value: object, where: str
) -> None:
    """Rules(moon=...) and replace(moon=...) are unknown options, saying where they went;
    ``method``, ``moon`` and ``no_trick`` stay readable as derived values."""
    for attempt in (
        lambda: Rules(**{option: value}),
        lambda: variants.get("modern").replace(**{option: value}),
    ):
        with pytest.raises(InvalidRules, match=f"unknown option '{option}'( \\(.*{where})?"):
            attempt()
    assert hasattr(variants.get("modern"), option) == (option in ("moon", "method", "no_trick"))


def test_the_method_moon_and_no_trick_bonus_are_derived_from_the_settlement() -> None:
    """``rules.moon`` is the points settlement's moon and off under every other method;
    ``rules.no_trick`` its bonus, None elsewhere; ``rules.method`` the part's method."""
    no_trick = variants.get("no-trick")
    assert (no_trick.method, no_trick.moon, no_trick.no_trick) == (
        SettlementMethod.POINTS,
        Moon.OLD,
        NoTrickBonus(points=5, with_moon=True),
    )
    for name in ("classic", "howell", "simple", "two-handed", "three-handed", "black-maria"):
        rules = variants.get(name)
        assert rules.method is rules.settlement.method
        assert (rules.moon, rules.no_trick) == (Moon.OFF, None)
    assert variants.get("howell").counters and not variants.get("modern").counters


def test_replace_changes_the_settlement_whole_or_some_of_its_options() -> None:
    """As for the mechanics' parts: a mapping changes the options it names of the settlement
    there is (a part within it, the no-trick bonus, likewise); a mapping naming another method,
    a method's name or a part makes a new settlement."""
    no_trick = variants.get("no-trick")
    assert no_trick.replace(settlement={"moon": "new"}).settlement == Points(
        moon=Moon.NEW, no_trick=NoTrickBonus(points=5)
    )
    assert no_trick.replace(settlement={"method": "points", "moon": "new"}) == no_trick.replace(
        settlement={"moon": "new"}
    )
    three = no_trick.replace(settlement={"no_trick": {"points": 3}})
    assert three.replace(settlement={"no_trick": {"with_moon": False}}).no_trick == NoTrickBonus(
        points=3, with_moon=False
    )
    assert no_trick.replace(settlement={"no_trick": None}) == variants.get("modern")
    assert no_trick.replace(settlement=Points()).settlement == Points()
    classic = variants.get("classic")
    assert classic.replace(settlement={"jack_rule": "any-clear"}).settlement == Sweepstakes(
        jack_rule=JackRule.ANY_CLEAR
    )
    howell = classic.replace(settlement={"method": "howell"})
    assert howell.settlement == Howell() and howell == classic.replace(settlement="howell")
    with pytest.raises(InvalidRules, match=r"settlement\.moon=old clashes with settlement=sweep"):
        classic.replace(settlement={"moon": "old"})
    with pytest.raises(InvalidRules, match="end=bankrupt clashes with settlement=points"):
        classic.replace(settlement={"method": "points"})


@pytest.mark.parametrize(
    "settlement",
    [
        Points(),
        Points(moon="choice", no_trick=NoTrickBonus(points=3, with_moon=False)),
        Sweepstakes(jack_rule="any-clear"),
        Howell(),
        Simple(),
    ],
)
def test_the_settlement_round_trips_through_json_as_a_mapping_of_its_method_and_options(
    settlement: object,
) -> None:
    end = "target" if isinstance(settlement, Points) else "deals"
    rules = Rules(settlement=settlement, end=end)  # type: ignore[arg-type]
    data = rules.to_dict()["settlement"]
    assert data["method"] == rules.method.value and set(data) - {"method"} <= {
        "moon",
        "no_trick",
        "jack_rule",
    }
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_the_settlement_of_two_and_three_players_round_trips_too() -> None:
    for rules in (
        variants.get("two-handed").replace(settlement={"free_hearts": 6}),
        variants.get("three-handed"),
    ):
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert variants.get("two-handed").replace(settlement={"free_hearts": 6}).to_dict()[
        "settlement"
    ] == {"method": "two-handed", "free_hearts": 6}


# ------------------------------------------------------------------ version-1 rules (flat)


@pytest.mark.parametrize("name", variants.names())
def test_the_flat_rules_of_each_version_1_golden_record_read_as_its_preset(name: str) -> None:
    """Every golden record is of version 1: its flat rules are read into the parts."""
    data = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert Rules.from_dict(data["rules"], version=1) == variants.get(name)


V1_EVERY_OPTION: dict[str, Any] = {
    "players": 4,
    "packs": 1,
    "strip": "modern",
    "stock": False,
    "pass_count": 2,
    "pass_cycle": ["left", "across", "hold"],
    "first_lead": "lowest-club",
    "penalty_free_first_trick": True,
    "hearts_must_be_broken": True,
    "queen_breaks_hearts": True,
    "lead_hearts_with_only_penalty": True,
    "heart_value": "one",
    "card_values": {"QS": 13},
    "joker": True,
    "joker_wins_any_trick": False,
    "joker_penalty": 7,
    "auction": False,
    "max_bid": 13,
    "widow": "none",
    "unwon_last_trick": "leader",
    "domino": False,
    "laws": True,
    "moon": "choice",
    "no_trick_bonus": 5,
    "settlement": "points",
    "jack_rule": "any-clear",
    "free_hearts": 0,
    "end": "target",
    "target": 75,
    "deals": 1,
    "start_counters": 50,
    "ties": "share",
}
"""Every option version 1 had, written by hand (the auction and two packs off, as they must be
with the joker; they are on in the next test)."""


def test_a_version_1_dict_with_every_old_option_reads_into_the_parts() -> None:
    rules = Rules.from_dict(V1_EVERY_OPTION, version=1)
    assert rules.passing == Passing(count=2, cycle=("left", "across", "hold"))
    assert rules.joker == Joker(wins_any_trick=False, penalty=7)
    assert (rules.auction, rules.cancellation, rules.widow) == (None, None, Widow.NONE)
    assert rules.value(JOKER) == 7 and rules.pass_count == 2 and rules.packs == 1
    assert (rules.moon, rules.no_trick, rules.target, rules.laws) == (
        Moon.CHOICE,
        NoTrickBonus(points=5, with_moon=True),
        75,
        True,
    )
    assert rules.strip is Strip.MODERN and rules.method is SettlementMethod.POINTS
    assert rules.settlement == Points(moon="choice", no_trick=NoTrickBonus(points=5))
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ({"auction": True, "max_bid": 6}, Rules(auction=Auction(max_bid=6))),
        ({"auction": True}, Rules(auction=Auction())),
        ({"pass_count": 0, "pass_cycle": ["hold"]}, Rules()),
        (
            {"players": 6, "packs": 2, "widow": "last-trick", "unwon_last_trick": "second-of-pair"},
            Rules(
                players=6,
                cancellation=Cancellation(widow="last-trick", unwon_last_trick="second-of-pair"),
            ),
        ),
        ({"players": 6, "packs": 2}, Rules(players=6, cancellation=Cancellation())),
        ({"widow": "last-trick"}, Rules(widow=Widow.LAST_TRICK)),  # Heartsette's, one pack
        ({"joker": True}, Rules(joker=Joker())),
    ],
)
def test_version_1_forms_read_into_their_parts(old: dict[str, Any], new: Rules) -> None:
    """Version 1's switches and options (auction/max_bid, packs/widow/unwon_last_trick, ...)."""
    assert Rules.from_dict(old, version=1) == new


@pytest.mark.parametrize(
    ("old", "message"),
    [
        ({"max_bid": 9}, "max_bid=9 clashes with auction=False: there is no bidding"),
        ({"joker_penalty": 3}, "joker_penalty=3 clashes with joker=False: there is no joker"),
        (
            {"unwon_last_trick": "second-of-pair"},
            "unwon_last_trick=second-of-pair clashes with packs=1: with one pack nothing cancels",
        ),
        ({"packs": 3}, "packs=3 is not allowed: one pack, or two for Cancellation Hearts"),
        ({"pass_cycle": ["left"]}, "pass_cycle clashes with pass_count=0"),
        ({"pass_count": 3}, "passing.cycle names no direction to pass to"),
        ({"auction": "yes"}, "auction='yes' must be true or false"),
        ({"players": 6, "packs": 2, "widow": "discard"}, "widow=discard clashes with cancellation"),
        ({"pass_count": 3, "pass_cycle": ["left"], "bogus": 1}, "unknown option 'bogus'"),
    ],
)
def test_version_1_rules_it_refused_are_still_refused(old: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        Rules.from_dict(old, version=1)


def test_rules_of_an_unknown_version_are_refused() -> None:
    with pytest.raises(InvalidRules, match="rules of version 3 cannot be read"):
        Rules.from_dict({}, version=3)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            {"settlement": "points", "moon": "old", "no_trick_bonus": 5, "end": "target"},
            Points(moon=Moon.OLD, no_trick=NoTrickBonus(points=5, with_moon=True)),
        ),
        (
            {"settlement": "sweepstakes", "jack_rule": "any-clear"},
            Sweepstakes(jack_rule="any-clear"),
        ),
        (
            {"players": 2, "stock": True, "settlement": "two-handed", "free_hearts": 6},
            TwoHanded(free_hearts=6),
        ),
        ({"settlement": "howell", "jack_rule": "any-clear", "moon": "off"}, Howell()),
        ({"moon": "off", "no_trick_bonus": 0, "free_hearts": 0}, Sweepstakes()),
    ],
)
@pytest.mark.parametrize("version", [1, 2])
def test_the_flat_settlement_options_read_into_the_settlement_part(
    old: dict[str, Any], new: object, version: int
) -> None:
    """Version 1, and version 2 as first written, had the settlement's options flat beside its
    method: they are read into its part; a Jack rule outside the sweepstakes (it changed nothing
    and was never refused) is dropped; the bonus of those records applied in a moon hand."""
    assert Rules.from_dict(old, version=version).settlement == new


@pytest.mark.parametrize(
    ("old", "message"),
    [
        (
            {"settlement": "howell", "moon": "old"},
            "moon=old clashes with settlement=howell: the moon is scored only when "
            "settlement=points",
        ),
        (
            {"no_trick_bonus": 5},
            "no_trick_bonus=5 clashes with settlement=sweepstakes: the bonus is scored only when "
            "settlement=points",
        ),
        (
            {"free_hearts": 6},
            "free_hearts=6 clashes with settlement=sweepstakes: free hearts belong to the "
            "two-handed settlement",
        ),
        ({"settlement": "points", "no_trick_bonus": -5, "end": "target"}, "must be at least one"),
        ({"moon": "sideways"}, "moon='sideways' is not one of"),
        ({"jack_rule": "bogus", "settlement": "howell"}, "jack_rule='bogus' is not one of"),
        (
            {"settlement": {"method": "points"}, "moon": "old", "end": "target"},
            r"unknown option 'moon' \(it is settlement.moon now",
        ),
    ],
)
@pytest.mark.parametrize("version", [1, 2])
def test_the_flat_settlement_options_refused_before_are_refused_in_their_words(
    old: dict[str, Any], message: str, version: int
) -> None:
    """What the flat rules refused (the moon, the bonus or free hearts under another method) is
    refused in the same sentence; a flat option beside a settlement part is an unknown option."""
    with pytest.raises(InvalidRules, match=message):
        Rules.from_dict(old, version=version)


@pytest.mark.parametrize("name", variants.names())
def test_the_rules_of_each_preset_as_version_2_first_wrote_them_read_as_the_preset(
    name: str,
) -> None:
    """No record of version 2 as first written (flat settlement options) was released, but
    such rules still read: each preset's, written by that code, gives the preset."""
    assert {"moon", "no_trick_bonus", "jack_rule", "free_hearts"} <= set(V2_FIRST[name])
    assert Rules.from_dict(V2_FIRST[name], version=2) == variants.get(name)


@pytest.mark.parametrize(
    "changes",
    [
        {"card_values": {"JD": -10}},
        {"joker": {"penalty": -5}},
    ],
)
@pytest.mark.parametrize("preset", ["classic", "howell", "joker"])
def test_a_card_below_zero_is_refused_with_a_counters_settlement(
    preset: str, changes: dict[str, Any]
) -> None:
    """Counters are paid for penalty units of 0 or more: a bonus card belongs to points games,
    refused at once in a sentence (it used to fail at the first hand's end)."""
    rules = variants.get(preset)
    if rules.method.value == "points":
        pytest.fail(f"{preset} was meant to settle in counters")
    with pytest.raises(InvalidRules, match="no card may count below zero"):
        rules.replace(**changes)
    assert (
        variants.get("modern").replace(card_values={"QS": 13, "JD": -10}).values[Card.parse("JD")]
        == -10
    )


# --- the package's rooms ------------------------------------------------------------------------

OLD_NAMES = [
    "PassDirection",
    "FirstLead",
    "Moon",
    "SettlementMethod",
    "GameEnd",
    "TieRule",
    "Strip",
    "JackRule",
    "HeartValue",
    "Widow",
    "Leftover",
    "LastTrick",
    "Passing",
    "Auction",
    "Joker",
    "Cancellation",
    "Settling",
    "Points",
    "NoTrickBonus",
    "Sweepstakes",
    "Howell",
    "Simple",
    "Excess",
    "TwoHanded",
    "Rules",
    "stripped_cards",
]
"""The public names of hearts.rules when it was one module."""


def test_every_name_of_the_one_module_is_still_imported_from_hearts_rules() -> None:
    """Old import paths keep working (issue 40): each public name of ``hearts.rules`` as one
    module is the same object from the package, and the package says where each lives."""
    import hearts.rules
    from hearts.rules import form, options, parts

    for name in OLD_NAMES:
        found = getattr(hearts.rules, name)
        room = next(module for module in (options, parts, form) if hasattr(module, name))
        assert found is getattr(room, name), name
    assert set(hearts.rules.__all__) == set(OLD_NAMES)


def test_old_rules_are_read_by_the_migration_module_for_from_dict() -> None:
    """The migration of older records' rules lives in ``hearts.rules.migration``: version 1's
    flat options and the first version 2's flat settlement are read into the parts there, and
    ``Rules.from_dict`` gives the rules they make."""
    from hearts.rules import migration

    old = {"players": 4, "pass_count": 3, "pass_cycle": ["left"], "settlement": "points"}
    old |= {"moon": "old", "no_trick_bonus": 5}
    parted = migration._settlement_from_flat(migration._from_version_1(old))
    assert parted == {
        "players": 4,
        "passing": {"count": 3, "cycle": ["left"]},
        "settlement": {
            "method": "points",
            "moon": "old",
            "no_trick": {"points": 5, "with_moon": True},
        },
    }
    assert Rules.from_dict(old, version=1) == Rules(**parted)
    assert Rules.from_dict(old, version=1).no_trick == NoTrickBonus(points=5, with_moon=True)
