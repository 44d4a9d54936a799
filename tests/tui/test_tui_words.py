"""What the terminal game says (hearts.tui.words): summaries, the chart, the rules page."""

from __future__ import annotations

import pytest

from hearts import Game, bots, variants
from hearts.deal import Phase
from hearts.events import Discarded, HandSettled, MoonShot, SuitNamed
from hearts.tui.keys import key_help, rules_page
from hearts.tui.words import (
    PAGE_WIDTH,
    chart,
    count,
    game_over_line,
    hand_summary,
    rules_text,
    totals_by_hand,
)
from hearts.words import SUIT_WORDS

NAMES = ["You", "West", "North", "East"]


def _played(variant: str, seed: int) -> Game:
    game = Game(variants.get(variant), seed=seed)
    bots.play_game(game, [bots.get("basic")] * game.players)
    return game


def test_a_summary_reports_the_settlement_the_core_made() -> None:
    """docs/rules.md §6.5 (points) and §3.1 (counters): the numbers are the core's HandSettled."""
    for variant in ("modern", "classic", "spot", "omnibus"):
        game = _played(variant, 3)
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        for index in range(min(3, len(settled))):
            summary = hand_summary(game, index, NAMES)
            assert summary.number == index + 1
            assert [row[3] for row in summary.rows] == list(settled[index].deltas)
            assert [row[4] for row in summary.rows] == list(settled[index].totals)


def test_a_summary_lists_the_counting_cards_each_seat_took() -> None:
    game = _played("modern", 5)
    summary = hand_summary(game, 0, NAMES)
    shown = " ".join(row[1] for row in summary.rows).split()
    hearts = [f"{rank}♥" for rank in (*"23456789", "10", *"JQKA")]
    assert sorted(shown) == sorted(["Q♠", *hearts])  # every counting card, once


def test_the_summary_says_what_anothers_discards_counted_once_the_hand_is_over() -> None:
    """docs/rules.md §7.2 (Heartsette): the discards lie face down while the hand is played,
    their points too; the hand's summary, made once it is over, says what they counted
    against the seat that laid them, to every seat alike (read from the hand's result)."""
    for seed in range(100):
        game = Game(variants.get("heartsette"), seed=seed)
        player = bots.get("basic")
        while game.hands_over() < 1:  # (basic play, but the discards are the most hearts)
            moves = game.legal_moves()
            if game.deal.phase is Phase.DISCARD:
                values = game.rules.values
                move = max(moves, key=lambda m: sum(values[card] for card in m.cards))
            else:
                move = player.choose(game.view(game.to_act))
            game.play(move)
        [discarded] = [e for e in game.hands[0].events if isinstance(e, Discarded)]
        if discarded.points and discarded.seat != 0:
            break
    else:
        raise AssertionError("no discards that counted against another seat in 100 games")
    said = f"The widow's discards count {count(discarded.points, 'point')} against"
    for me in range(game.players):
        summary = hand_summary(game, 0, NAMES, me=me)
        assert f"{said} {NAMES[discarded.seat]}." in summary.lines, (me, summary.lines)


def test_a_moon_is_announced() -> None:
    for seed in range(200):
        game = Game(variants.get("modern"), seed=seed)
        bots.play_game(game, [bots.get("basic")] * 4)
        moons = [e for e in game.events if isinstance(e, MoonShot)]
        if moons:
            break
    else:
        raise AssertionError("no moon in 200 games of basic play")
    index = next(
        i for i, deal in enumerate(game.hands) if any(isinstance(e, MoonShot) for e in deal.events)
    )
    summary = hand_summary(game, index, NAMES)
    # (the words are the core's, hearts.words: the events in the present)
    assert f"{NAMES[moons[0].seat]} shoots the moon: every card that counts!" in summary.lines
    shooter = summary.rows[moons[0].seat]
    assert shooter[2] == 26 and shooter[3] == 0  # took every point; the others are charged


def test_the_pool_is_reported_in_counters_games() -> None:
    game = _played("classic", 2)
    lines = [line for i in range(len(game.hands)) for line in hand_summary(game, i, NAMES).lines]
    assert any("pool" in line for line in lines)


def test_totals_by_hand_start_with_the_starting_totals() -> None:
    game = _played("classic", 2)
    totals = totals_by_hand(game)
    assert totals[0] == [50, 50, 50, 50]
    assert totals[-1] == list(game.scores)
    assert len(totals) == len(game.hands) + 1


def test_the_game_over_line_names_the_winner() -> None:
    game = _played("modern", 1)
    line = game_over_line(game, NAMES)
    winner = NAMES[game.winners()[0]]
    assert winner in line and str(game.scores[game.winners()[0]]) in line
    assert game_over_line(Game(variants.get("modern"), seed=1), NAMES) == ""


def test_the_chart_puts_every_seat_on_its_line() -> None:
    totals = [[0, 0, 0, 0], [10, 3, 0, 13], [26, 3, 13, 13]]
    lines = chart(totals, NAMES, height=8, width=30)
    assert lines[0].strip().startswith("26") and "Y" in lines[0]
    assert lines[-3].strip().startswith("0 ┤")
    assert lines[-1].split() == ["0", "1", "2"]
    assert len(lines) == 10


FIELD_WORDS = ("strip:", "stock:", "True", "False", "_", "passing count", "settlement method")
"""What the rules page said before it spoke to players: the raw fields of Rules."""


def _prose(lines: list[str]) -> str:
    """The page's sentences as one text, lines wrapped back together."""
    return " ".join(line.strip().removeprefix("- ") for line in lines)


@pytest.mark.parametrize("name", variants.names())
def test_the_rules_page_has_the_keys_first_then_the_rules_in_plain_words(name: str) -> None:
    """Every preset: the keys open the page, then the form's rules in sentences (no raw field of
    Rules), each line within an 80-column page, and it ends saying where to read more."""
    lines = rules_page(name, variants.get(name))
    title = next(i for i, line in enumerate(lines) if line.startswith("The rules: "))
    assert lines[0] == "Keys" and lines[1].startswith(key_help()[0][:20])
    assert all(any(line.startswith(key[:20]) for line in lines[:title]) for key in key_help())
    assert lines[title] == f"The rules: {variants.variant(name).title} ({name})"
    assert all(len(line) <= PAGE_WIDTH for line in lines)
    text = "\n".join(lines)
    assert not [word for word in FIELD_WORDS if word in text]
    assert lines[-3] == "Read more" and "docs/rules.md in the project" in _prose(lines[-2:])
    assert "Source:" not in text


def test_the_modern_rules_read_as_a_player_says_them() -> None:
    text = _prose(rules_text("modern", variants.get("modern")))
    for sentence in (
        "Each player gets 13 cards.",
        "You pass 3 cards: left, right, across, then hold (no pass), in turn.",
        "The 2♣ leads the first trick.",
        "On the first trick nobody may play a heart or the Q♠ unless they hold nothing else.",
        "Nobody may lead a heart until a heart or the Q♠ has been played",
        "Hearts count 1 each and the Q♠ 13; taking all of them (shooting the moon) gives each "
        "other player 26 instead.",
        "anyone reaches 100 points; the lowest total wins.",
        "The full rules: docs/rules.md in the project, §6.",
    ):
        assert sentence in text, sentence


@pytest.mark.parametrize(
    ("name", "sentences"),
    [
        (
            "classic",
            [
                "leads the first trick, with any card.",
                "(13 a deal)",
                "as a Jack",
                "Everyone starts with 50 counters.",
            ],
        ),
        ("classic-6", ["8 cards (2♣, 2♦, 2♠ and 2♥ taken out)", "(12 a deal)"]),
        ("classic-7", ["The dealer sits out each hand; the other 6 get 8 cards each"]),
        (
            "black-maria",
            [
                "You pass 3 cards to the right every hand.",
                "(2♣ taken out)",
                "the Q♠ 13, the K♠ 10 and the A♠ 7 (43 a deal)",
            ],
        ),
        ("auction", ["Each player bids once", "(at most 13)", "If nobody bids, hearts"]),
        (
            "heartsette",
            [
                "12 cards (2♠ taken out); the 3 left lie face down as a widow.",
                "they count against him.",
            ],
        ),
        (
            "domino",
            [
                "6 cards; the other 28 lie face down as a stock.",
                "draw from the stock",
                "reaches 31 points",
            ],
        ),
        ("cancellation", ["Two packs are shuffled together (104 cards).", "cancel each other"]),
        ("two-handed", ["The non-dealer leads", "draws the top card of the stock"]),
        ("three-handed", ["pays each other player the difference"]),
        ("howell", ["pays 3 counters for each heart taken, then takes back 13 less his own"]),
        ("simple", ["whoever took the fewest takes the pool", "Each deal is a game in itself."]),
        ("hoyle-gain", ["the first to win 20 more wins."]),
        ("spot", ["Hearts count their pips", "takes back 104 less his own"]),
        (
            "joker",
            [
                "The joker takes the place of the 2♥.",
                "it wins any trick it is played to",
                "the joker 5 (17 a deal)",
            ],
        ),
        ("omnibus", ["The J♦ counts −10: it takes 10 off the score of whoever takes it."]),
        ("pink-lady", ["Hearts count 1 each (the Q♥ 13) and the Q♠ 13", "player 38 instead"]),
        ("no-trick", ["wins no trick in a hand takes 5 off"]),
        ("new-moon", ["scores −26 for you instead, and nothing for the others"]),
    ],
)
def test_each_form_reads_right_from_its_rules(name: str, sentences: list[str]) -> None:
    text = _prose(rules_text(name, variants.get(name)))
    for sentence in sentences:
        assert sentence in text, sentence


def test_a_preset_at_another_table_and_a_custom_form_read_from_their_rules() -> None:
    three = _prose(rules_text("modern", variants.for_players_named("modern", 3)))
    assert "(modern, for 3 players)" in three and "17 cards (2♦ taken out)" in three
    assert "left, right, then hold (no pass), in turn." in three
    laws = variants.get("classic").replace(laws=True)
    lawful = _prose(rules_text(variants.name_of(laws), laws))
    assert lawful.startswith("The rules: Classic Hearts (classic by the laws)")
    assert "you may revoke" in lawful and "§2, §3.1, §3.4" in lawful
    custom = variants.get("modern").replace(settlement={"moon": "choice"}, ties="share")
    text = _prose(rules_text("modern", custom))
    assert "lets you choose: each other player scores 26, or you score −26" in text
    assert "(modern, with options changed)" in text and "Players tied for the win share it." in text
    assert "(§12 lists every option)" in text
    unnamed = _prose(rules_text(variants.name_of(custom), custom))
    assert unnamed.startswith("The rules: Custom Hearts (custom 4-player Hearts)")
    assert "§12 lists every option" in unnamed


def test_the_auction_summary_says_who_named_what() -> None:
    """docs/rules.md §5.1: each hand's summary names the seat that named the suit, and the suit, or
    says that nobody bid (hearts then)."""
    game = _played("auction", 3)
    settled = {e.hand_number for e in game.events if isinstance(e, HandSettled)}
    kinds = set()
    for index, deal in enumerate(game.hands):
        if index not in settled:
            continue
        lines = hand_summary(game, index, NAMES).lines
        named = [e for e in deal.events if isinstance(e, SuitNamed)]
        assert len(named) == 1
        # (the words are the core's, hearts.words)
        if named[0].seat < 0:
            expected = "Nobody bid: ♥ hearts are the suit to avoid"
            assert [line for line in lines if line.startswith(expected)], (index, lines)
        else:
            who = f"{NAMES[named[0].seat]} name"  # ("You name", "West names")
            suit = f" {SUIT_WORDS[named[0].suit]} "
            assert [line for line in lines if who.lower() in line.lower() and suit in line], lines
        kinds.add(named[0].seat < 0)
    assert kinds  # at least one hand was summed up


def test_the_charts_marks_tell_every_seat_apart_and_the_legend_names_the_star() -> None:
    """Eight seats called "Seat 1" to "Seat 7" do not all become "S"; "*" (seats level) is
    explained under the chart."""
    from hearts.tui.session import seat_names
    from hearts.tui.words import chart_legend, chart_marks

    for players in range(2, 11):
        names = list(seat_names(players))
        marks = chart_marks(names)
        assert len(set(marks)) == players and "*" not in marks, marks
        legend = chart_legend(names)
        assert all(f"{mark} {name}" in legend for mark, name in zip(marks, names, strict=True))
        assert legend.endswith("* two or more seats")
    lines = chart([[0] * 8, list(range(8))], list(seat_names(8)), height=8, width=20)
    assert lines[0].rstrip().endswith("7")  # Seat 7 on top, marked by its number


def test_counts_are_singular_for_one() -> None:
    from hearts.tui.words import count

    assert [count(n, "card") for n in (0, 1, 2, -1)] == ["0 cards", "1 card", "2 cards", "-1 card"]
