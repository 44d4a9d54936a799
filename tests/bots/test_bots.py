"""Bots (hearts.bots): the registry, legal moves only in every preset, the view as their only
input, and the rules of thumb of the basic player."""

from __future__ import annotations

import dataclasses

import pytest

from hearts import (
    CardSet,
    Deal,
    Game,
    IllegalMove,
    InvalidArgument,
    MoonChoice,
    Pass,
    Passing,
    Phase,
    Rules,
    SeatView,
    UnknownName,
    bots,
    variants,
)
from hearts.bots import BasicBot, Bot, ExpertBot, IsmctsBot, RandomBot, play_game
from hearts.cards import Card, cards_of
from hearts.events import HandSettled

PRESETS = variants.names()


def make(name: str, seed: int | None = None) -> Bot:
    """A bot by name; the searching bots with a small fixed budget, so they repeat exactly."""
    return bots.get(name, seed=seed, samples=2)


# --- registry -----------------------------------------------------------------------------------


def test_registry_names_the_random_and_basic_bots() -> None:
    assert bots.names()[:2] == ["random", "basic"]


@pytest.mark.parametrize("name", bots.names())
def test_registry_makes_a_new_bot_by_name_in_any_case(name: str) -> None:
    first, second = bots.get(name.upper(), seed=1), bots.get(name, seed=1, samples=2)
    assert isinstance(first, Bot) and first is not second


def test_registry_refuses_an_unknown_bot_with_a_suggestion() -> None:
    """An unknown bot name is an UnknownName (a LookupError), as an unknown variant is."""
    with pytest.raises(UnknownName, match=r"^there is no bot 'basik'; did you mean basic\?$") as e:
        bots.get("basik")
    assert e.value.suggestion == "basic" and isinstance(e.value, LookupError)
    with pytest.raises(
        UnknownName, match=r"^there is no bot 'zzz'; choose from: easy, medium, hard, random, basic"
    ):
        bots.get("zzz")
    with pytest.raises(
        UnknownName, match=r"^there is no bot 3; choose from: easy, medium, hard, random, basic"
    ):
        bots.get(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", bots.names())
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"think": -1}, r"^think must be a positive number of seconds, not -1$"),
        ({"think": float("nan")}, r"^think must be a positive number of seconds, not nan$"),
        ({"think": "1"}, r"^think must be a positive number of seconds, not '1'$"),
        ({"samples": 0}, r"^samples must be at least 1, not 0$"),
        ({"samples": 2.5}, r"^samples must be a whole number, not 2.5$"),
        ({"seed": "x"}, r"^a bot's seed must be a whole number \(or None\), not 'x'$"),
        ({"seed": 1.5}, r"^a bot's seed must be a whole number \(or None\), not 1.5$"),
        ({"seed": True}, r"^a bot's seed must be a whole number \(or None\), not True$"),
    ],
)
def test_registry_refuses_a_bad_option_for_every_bot(
    name: str, options: dict[str, object], words: str
) -> None:
    """A budget that is no budget, or a seed that is not a whole number, is a bad argument
    (not a move), refused for every bot, even one that would not use it."""
    with pytest.raises(InvalidArgument, match=words):
        bots.get(name, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("maker", [RandomBot, BasicBot, ExpertBot, IsmctsBot])
def test_every_bot_refuses_a_seed_that_is_not_a_whole_number(maker: type[Bot]) -> None:
    """The constructors check their seed as the registry does."""
    with pytest.raises(InvalidArgument, match=r"^a bot's seed must be a whole number"):
        maker("7")  # type: ignore[call-arg]
    assert maker(7) is not None  # type: ignore[call-arg]


def test_the_expert_refuses_a_search_pass_that_is_not_a_flag() -> None:
    with pytest.raises(InvalidArgument, match=r"^search_pass must be True or False, not 'yes'$"):
        ExpertBot(search_pass="yes")  # type: ignore[arg-type]


def test_play_game_needs_a_bot_for_every_seat() -> None:
    """A wrong number of bots, or something that is not a bot, is refused before any move: the
    game is as it was."""
    game = Game(variants.get("modern"), seed=1)
    before = list(game.events)
    with pytest.raises(InvalidArgument, match=r"^a game of 4 seats needs 4 bots, not 2$"):
        play_game(game, [RandomBot(), RandomBot()])
    with pytest.raises(
        InvalidArgument, match=r"^the bot for seat 2 has no choose\(view\): 'basic'$"
    ):
        play_game(game, [RandomBot(), RandomBot(), "basic", RandomBot()])  # type: ignore[list-item]
    with pytest.raises(InvalidArgument, match=r"^play_game needs a sequence of bots"):
        play_game(game, "basic")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match=r"^play_game plays a Game, not Deal$"):
        play_game(game.deal, [RandomBot()] * 4)  # type: ignore[arg-type]
    assert game.events == before


# --- legal moves, every preset ------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("bot_name", bots.names())
def test_every_bot_plays_only_legal_moves_in_every_preset_over_full_games(
    bot_name: str, name: str
) -> None:
    rules = variants.get(name)
    for seed in range(2):
        game = Game(rules, seed=seed)
        seats = [make(bot_name, seed=seed * 10 + seat) for seat in range(rules.players)]
        # (A searching bot plays one hand of each form here: its search is slow to a full game.)
        hands = 1 if bot_name in bots.SEARCHERS else 10**6
        while not game.is_over and game.hand_number < hands:
            seat = game.deal.to_act
            assert seat is not None
            view = game.view(seat)
            move = seats[seat].choose(view)
            assert move in view.legal_moves
            assert game.can_play(move, seat)
            game.play(move, seat)
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        if bot_name in bots.SEARCHERS:
            assert len(settled) == 1  # the one hand was played out and settled
        else:
            assert game.is_over and game.winners()


def test_every_bot_answers_the_shooters_moon_choice() -> None:
    """docs/rules.md §6.5 (moon=choice): every bot answers the shooter's choice; with nothing to end
    the game the rules of thumb (which the searching bots follow outside the play) take the
    lower total, the new moon; the random bot chooses either, by its seed."""
    rules = _moon_rules()
    for name in bots.names():
        deal = _moon_deal(rules, (0, 0, 0, 0))
        view = deal.view(0)
        assert view.phase is Phase.MOON
        choices = {make(name, seed=seed).choose(view) for seed in range(20)}
        if name == "random":
            assert choices == {MoonChoice.OLD, MoonChoice.NEW}
        else:
            assert choices == {MoonChoice.NEW}, name


def test_random_bot_repeats_exactly_with_its_seed() -> None:
    def run(seed: int) -> list[object]:
        game = Game(variants.get("modern"), seed=5)
        play_game(game, [RandomBot(seed=seed + seat) for seat in range(4)])
        return list(game.events)

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_basic_bot_beats_random_bots_over_a_few_modern_games() -> None:
    wins = 0
    for seed in range(10):
        seats: list[Bot] = [BasicBot(), RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        game = play_game(Game(variants.get("modern"), seed=seed), seats)
        wins += 0 in game.winners()
    assert wins >= 7


# --- the view is all a bot needs ----------------------------------------------------------------


def _swap_hidden(hands: list[str]) -> list[str]:
    """The same deal for seat 0, with the other seats' cards shuffled among them."""
    others = sorted(
        (card for hand in hands[1:] for card in CardSet.parse(hand)), key=lambda c: (c.rank, c)
    )
    return [hands[0]] + [" ".join(str(c) for c in others[i::3]) for i in range(3)]


HANDS = [
    "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH",
]


@pytest.mark.parametrize("name", ["modern", "classic"])
@pytest.mark.parametrize("bot_name", bots.names())
def test_bots_choose_the_same_move_whatever_the_hidden_hands(bot_name: str, name: str) -> None:
    """Bots see only the view: two deals that look the same to seat 0 get the same moves."""
    rules = variants.get(name)
    direction = "left" if rules.passes else "hold"
    one = Deal.from_hands(rules, HANDS, pass_direction=direction)
    two = Deal.from_hands(rules, _swap_hidden(HANDS), pass_direction=direction)
    assert one.hand(1) != two.hand(1)
    first, second = make(bot_name, seed=3), make(bot_name, seed=3)
    view_one, view_two = one.view(0), two.view(0)
    assert _comparable(view_one) == _comparable(view_two)
    assert first.choose(view_one) == second.choose(view_two)


def _comparable(view: SeatView) -> SeatView:
    """The view with its legal moves as a tuple (the lazy pass choices do not compare)."""
    return dataclasses.replace(view, legal_moves=tuple(view.legal_moves))


def test_bots_accept_a_view_built_by_hand() -> None:
    """A SeatView is plain data: a bot needs nothing behind it (no deal, no game)."""
    deal = Deal.from_hands(variants.get("classic"), HANDS, pass_direction="hold")
    view = deal.view(0)
    rebuilt = SeatView(**{name: getattr(view, name) for name in SeatView.__slots__})
    for name in bots.names():
        assert make(name, seed=1).choose(rebuilt) in view.legal_moves


# --- the basic player's rules of thumb ----------------------------------------------------------


MODERN = variants.get("modern")
CLASSIC = variants.get("classic")


def _view(rules: Rules, hands: list[str], plays: list[str], seat: int | None = None) -> SeatView:
    """The view of the seat to act after ``plays`` in a hold hand dealt ``hands``."""
    deal = Deal.from_hands(rules, hands, pass_direction="hold")
    for card in plays:
        deal.play(card)
    return deal.view(deal.to_act if seat is None else seat)


def test_basic_passes_the_queen_of_spades_and_the_high_spades_that_catch_it() -> None:
    deal = Deal.from_hands(MODERN, HANDS, pass_direction="left")
    chosen = BasicBot().choose(deal.view(0))
    assert isinstance(chosen, Pass)
    assert CardSet.parse("QS AS") <= chosen.cards


def test_basic_keeps_high_spades_guarded_by_four_low_ones() -> None:
    hands = [
        "2S 3S 4S 5S KS AS 2C 3C 4C 5C 6C 2D 3D",
        "6S 7S 8S 9S TS JS QS 7C 8C 9C TC JC QC",
        "KC AC 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(MODERN, hands, pass_direction="left")
    chosen = BasicBot().choose(deal.view(0))
    assert isinstance(chosen, Pass)
    assert Card.parse("KS") not in chosen.cards and Card.parse("AS") not in chosen.cards


def test_basic_passes_the_highest_cards_of_its_shortest_suit() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC 4D QD KD",
        "QC KC AC 2D 3D 5D 6D 7D 8D 9D TD JD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    classic_passing = CLASSIC.replace(passing=Passing(count=3, cycle=("left",)))
    deal = Deal.from_hands(classic_passing, hands, pass_direction="left")
    assert BasicBot().choose(deal.view(0)) == Pass("QD KD 4D")


def test_basic_ducks_under_the_card_winning_the_trick() -> None:
    hands = [
        "2C 5D 9D KD 3C 4C 5C 6C 7C 8C 9C TC JC",
        "QD 2D 3D 4D 6D 7D 8D TD JD AD QC KC AC",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    # Seat 1 leads (dealer 0): the Q♦ wins so far; seat 2 and 3 are void. Seat 0 holds 5♦ 9♦ K♦.
    deal = Deal.from_hands(CLASSIC, hands, dealer=0, pass_direction="hold")
    for card in ("QD", "2S", "2H"):
        deal.play(card)
    assert deal.to_act == 0
    assert BasicBot().choose(deal.view(0)) == Card.parse("9D")


def test_basic_plays_low_when_it_cannot_avoid_winning() -> None:
    hands = [
        "2D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "KD AD 3D 4D 5D 6D 7D 8D 9D TD JD QD 2C",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    # Seat 0 leads the 2♦; seat 1 can only follow above it, with two seats still to play.
    deal = Deal.from_hands(CLASSIC, hands, pass_direction="hold")
    deal.play("2D")
    assert deal.to_act == 1
    assert BasicBot().choose(deal.view(1)) == Card.parse("3D")


def test_basic_last_to_play_takes_the_trick_with_its_highest_card() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "KD AD 3D 4D 5D 6D 7D 8D 9D TD JD QD 2S",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2D",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(CLASSIC, hands, dealer=1, pass_direction="hold")
    for card in ("2D", "2H", "2C"):
        deal.play(card)
    view = deal.view(1)
    assert len(view.trick) == 3  # seat 1 plays last
    assert BasicBot().choose(view) == Card.parse("AD")


@pytest.mark.parametrize(
    ("rules", "dumped"),
    [
        (MODERN, "QS"),  # the Q♠ counts 13 in the modern game
        (CLASSIC, "AH"),  # the laws: only hearts count, so the highest heart goes
        (MODERN.replace(heart_value="pips"), "AH"),  # Spot Hearts: the A♥ counts 14, the Q♠ 13
    ],
    ids=["modern", "classic", "spot"],
)
def test_basic_discards_the_card_that_counts_most_by_the_rules_values(
    rules: Rules, dumped: str
) -> None:
    hands = [
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "QS AH 2H 3H 4H 5H 6H 7H 8H 9H TH 2S 3S",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "4S 5S 6S 7S 8S 9S TS JS KS AS JH QH KH",
    ]
    deal = Deal.from_hands(
        rules.replace(first_lead="eldest", penalty_free_first_trick=False),
        hands,
        pass_direction="hold",
    )
    deal.play("2D")
    assert BasicBot().choose(deal.view(1)) == Card.parse(dumped)


def test_basic_discards_its_highest_card_when_it_holds_none_that_counts() -> None:
    hands = [
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2S",
        "AC 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(CLASSIC, hands, pass_direction="hold")
    deal.play("2D")
    assert BasicBot().choose(deal.view(1)) == Card.parse("KC")


def test_basic_never_discards_a_card_that_counts_in_its_favour() -> None:
    omnibus = MODERN.replace(
        card_values=(("QS", 13), ("JD", -10)), first_lead="eldest", penalty_free_first_trick=False
    )
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "JD 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(omnibus, hands, pass_direction="hold")
    deal.play("2C")
    assert BasicBot().choose(deal.view(1)) == Card.parse("AD")


def test_basic_leads_low_from_its_shortest_suit() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC 9D TD 2S 3S",
        "JC QC KC AC 2D 3D 4D 5D 6D 7D 8D JD QD",
        "KD AD 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(CLASSIC, hands, pass_direction="hold")
    assert deal.to_act == 0
    assert BasicBot().choose(deal.view(0)) == Card.parse("2S")


def test_basic_does_not_lead_a_card_that_counts_or_a_spade_that_catches_the_queen() -> None:
    hands = [
        "KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH 9C TC",
        "JC QC KC AC 2D 3D 4D 5D 6D 7D 8D JD QD",
        "KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
        "2C 3C 4C 5C 6C 7C 8C 9D TD JH QH KH AH",
    ]
    deal = Deal.from_hands(MODERN.replace(first_lead="eldest"), hands, pass_direction="hold")
    assert BasicBot().choose(deal.view(0)) == Card.parse("9C")


def _moon_rules() -> Rules:
    return Rules(
        settlement={"method": "points", "moon": "choice"},
        end="target",
        target=100,
        card_values=(("QS", 13),),
    )


def _moon_deal(rules: Rules, scores: tuple[int, ...]) -> Deal:
    """Seat 0 holds every heart and takes every trick; seat 3 must drop the Q♠ on one."""
    hands = [
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    masks = [CardSet.parse(hand).mask for hand in hands]
    deal = Deal(rules, masks, dealer=3, scores=scores)
    while deal.phase is Phase.PLAY:
        deal.play(deal.legal_moves()[0])
    return deal


@pytest.mark.parametrize(
    ("scores", "choice"),
    [
        ((90, 80, 70, 60), MoonChoice.NEW),  # old would end the game with seat 3 ahead
        ((10, 80, 70, 76), MoonChoice.OLD),  # old ends the game with the shooter ahead
        ((0, 0, 0, 0), MoonChoice.NEW),  # nothing ends: the lower total
    ],
)
def test_basic_chooses_the_moon_that_leaves_it_better_placed(
    scores: tuple[int, ...], choice: MoonChoice
) -> None:
    deal = _moon_deal(_moon_rules(), scores)
    assert deal.phase is Phase.MOON and deal.to_act == 0
    assert BasicBot().choose(deal.view(0)) is choice


def test_bots_refuse_to_move_when_it_is_not_their_turn() -> None:
    """Asking a seat for a move out of turn is a move the rules do not allow now."""
    deal = Deal.from_hands(CLASSIC, HANDS, pass_direction="hold")
    for name in bots.names():
        with pytest.raises(IllegalMove, match=r"^seat 2 has no move to make now$"):
            make(name).choose(deal.view(2))


def test_cards_in_the_fixture_hands_make_whole_packs() -> None:
    assert sorted(c for hand in HANDS for c in CardSet.parse(hand)) == cards_of(MODERN.pack)
    assert sorted(c for hand in _swap_hidden(HANDS) for c in CardSet.parse(hand)) == cards_of(
        MODERN.pack
    )


# --- the moon ------------------------------------------------------------------------------------

MOON_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "AH KH QH JH AS KS QS AC KC QC AD KD QD",
    "9C TC JC 8D 9D TD JD 2S 3S 4S 5S 6S 7S",
    "2H 3H 4H 5H 6H 7H 8H 9H TH 8S 9S TS JS",
]
"""Seat 1 holds twelve cards ranked queen or higher and the A♥: a hand to run for the moon."""


@pytest.mark.parametrize(("moon", "card"), [("old", "AC"), ("off", "QC")])
def test_basic_runs_for_the_moon_with_a_hand_of_high_cards(moon: str, card: str) -> None:
    """Second to the 2♣, it wins with the A♣ while nobody else has taken a card that counts;
    where the moon is not played it keeps to its lowest club."""
    view = _view(MODERN.replace(settlement={"moon": moon}), MOON_HANDS, ["2C"])
    assert view.seat == 1
    assert BasicBot().choose(view) == Card.parse(card)


def _threat_view(moon: str) -> SeatView:
    """Seat 2 to play to seat 1's 5♣ lead, holding the 3♣ and the 9♣; seat 1 has taken eight
    hearts and nobody else a card that counts (a view built by hand)."""
    from hearts.deal import Trick

    view = _view(MODERN.replace(settlement={"moon": moon}), HANDS, [], seat=0)
    won = (
        Trick((1, tuple(CardSet.parse("2H 3H 4H 5H")), 1, 4)),
        Trick((1, tuple(CardSet.parse("6H 7H 8H 9H")), 1, 4)),
    )
    return dataclasses.replace(
        view,
        seat=2,
        to_act=2,
        hand=CardSet.parse("3C 9C 4D"),
        trick=((1, Card.parse("5C")),),
        tricks=won,
        legal_moves=(Card.parse("3C"), Card.parse("9C")),
    )


@pytest.mark.parametrize(("moon", "card"), [("old", "9C"), ("off", "3C")])
def test_basic_takes_the_trick_of_a_seat_running_for_the_moon(moon: str, card: str) -> None:
    assert BasicBot().choose(_threat_view(moon)) == Card.parse(card)
