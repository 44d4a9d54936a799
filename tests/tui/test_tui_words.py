"""What the terminal game says (hearts.tui.words): summaries, the chart, the rules page."""

from __future__ import annotations

from hearts import Game, bots, variants
from hearts.events import HandSettled, MoonShot, SuitNamed
from hearts.tui.words import chart, game_over_line, hand_summary, rules_text, totals_by_hand

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
    assert f"{NAMES[moons[0].seat]} shot the moon!" in summary.lines
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


def test_the_rules_page_gives_the_summary_source_and_options() -> None:
    lines = rules_text("black-maria", variants.get("black-maria"))
    text = "\n".join(lines)
    assert "Black Maria" in text and "Source:" in text
    assert "passing count: 3" in text and "passing cycle: right" in text and "K♠ +10" in text
    three = rules_text("modern", variants.for_players_named("modern", 3))
    assert any("Played by 3" in line for line in three)


def test_the_rules_page_gives_each_option_of_the_settlement_and_of_its_no_trick_bonus() -> None:
    lines = rules_text("no-trick", variants.get("no-trick"))
    assert "  settlement method: points" in lines and "  settlement moon: old" in lines
    assert "  settlement no trick points: 5" in lines
    assert "  settlement no trick with moon: True" in lines


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
        if named[0].seat < 0:
            expected = "Nobody bid: hearts were the suit to avoid."
            assert expected in lines
        else:
            expected = f"{NAMES[named[0].seat]} named {named[0].suit}"
            assert [line for line in lines if line.startswith(expected)], (index, lines)
        kinds.add(named[0].seat < 0)
    assert kinds  # at least one hand was summed up
