"""The Gymnasium single-seat environment (hearts.envs.single): an episode on every preset and
player count, Gymnasium's own checker, seeded runs that repeat, bots that see only their seat's
view, illegal actions raised (or refused) with nothing changed, rewards, and registration."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hearts import Game, IllegalMove, InvalidArgument, UnknownName, bots, variants
from hearts.cards import Card
from hearts.envs import ENV_ID, SingleSeatEnv, encode, gym_env
from hearts.envs.aec import ACTIONS, action_of
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.rules import SettlementMethod

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    # check_env warns that an unwrapped environment has no spec for its render modes, and that
    # a made one is wrapped: neither is a fault of the environment.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _random_episode(table: SingleSeatEnv, seed: int, policy_seed: int = 0) -> list[tuple[Any, ...]]:
    """An episode with a random legal (masked) action each step; every step's data, checked
    against the space and the game as it goes."""
    rng = np.random.default_rng(policy_seed)
    obs, info = table.reset(seed=seed)
    steps: list[tuple[Any, ...]] = [(obs, info)]
    done = False
    while not done:
        assert obs in table.observation_space
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert table.game.to_act == table.seat  # the bots have played up to the seat's turn
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        obs, reward, done, truncated, info = table.step(int(rng.choice(legal)))
        assert truncated is False
        steps.append((obs, reward, done, info))
    return steps


def _earned(table: SingleSeatEnv, before: tuple[int, ...], after: tuple[int, ...]) -> float:
    """What the seat earned between two scores: minus its points, or its counters' change."""
    change = after[table.seat] - before[table.seat]
    return float(-change if table.rules.method is SettlementMethod.POINTS else change)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_preset_and_table_plays_an_episode_with_a_random_masked_policy(
    name: str, players: int
) -> None:
    """Against basic bots, at the last seat (seat 0 deals and sits out the first hand at seven):
    the seat acts only on its turn, and the episode's rewards are its hand's result."""
    table = gym_env(name, players=players, seat=players - 1, opponents="basic")
    steps = _random_episode(table, seed=players)
    start, end = steps[0][1]["scores"], steps[-1][3]["scores"]
    assert steps[-1][2] is True
    assert table.game.hand_number == 1 or table.game.is_over
    assert sum(step[1] for step in steps[1:]) == _earned(table, start, end)
    assert not steps[-1][0]["action_mask"].any()  # nothing to do once the episode is over


def test_the_seat_acts_for_each_card_it_passes_and_plays() -> None:
    """Modern, four players: 3 cards chosen one by one for the pass, then 13 played; between
    two choices of the pass no bot moves."""
    table = gym_env("modern", opponents="basic")
    table.reset(seed=2)
    events = len(table.game.events)
    table.step(int(np.flatnonzero(table._observe()[0]["action_mask"])[0]))
    assert len(table.game.events) == events  # a card chosen, nothing played yet
    rest = _random_episode(table, seed=2)
    assert len(rest) - 1 == 3 + 13


def test_an_expert_opponent_with_a_small_budget_plays_an_episode() -> None:
    table = gym_env("modern", opponents=("expert", "basic", "expert"), samples=2)
    steps = _random_episode(table, seed=4)
    assert steps[-1][2] is True
    assert isinstance(table._bots[1], bots.ExpertBot)
    assert isinstance(table._bots[2], bots.BasicBot)


def test_a_whole_game_episode_ends_when_the_game_is_over() -> None:
    table = gym_env("classic", players=7, seat=0, episode="game", opponents="random")
    steps = _random_episode(table, seed=2)
    assert table.game.is_over and table.game.hand_number > 1
    # Seat 0 deals the first hand at seven and sits it out: the bots play it during reset.
    assert steps[0][1]["hand_number"] == 1
    opening = Game(table.rules, seed=0).scores  # every seat's stake of counters
    assert steps[0][1]["scores"][0] == opening[0]  # nothing earned while sitting out
    assert sum(step[1] for step in steps[1:]) == _earned(table, opening, steps[-1][3]["scores"])


@pytest.mark.parametrize("name", ["modern", "classic", "auction", "heartsette", "domino"])
def test_trick_rewards_add_up_to_the_same_total_as_end_rewards(name: str) -> None:
    totals = []
    for reward in ("end", "trick"):
        table = gym_env(name, reward=reward, opponents="random")
        totals.append(sum(step[1] for step in _random_episode(table, seed=9)[1:]))
    assert totals[0] == totals[1]


def _same(first: list[tuple[Any, ...]], second: list[tuple[Any, ...]]) -> bool:
    return gymnasium.utils.env_checker.data_equivalence(first, second, exact=True)


@pytest.mark.parametrize("opponents", ["random", "expert"])
def test_a_seeded_run_repeats_exactly_and_another_seed_differs(opponents: str) -> None:
    """The deal and the bots' seeds come from the environment's seed: random bots (and the
    expert's sampling) repeat only if their seeds do."""
    made = [gym_env("modern", opponents=opponents, samples=2) for _ in range(2)]
    first, second = (_random_episode(table, seed=11) for table in made)
    assert _same(first, second)
    again = _random_episode(made[0], seed=11)
    assert _same(first, again)
    other = _random_episode(made[0], seed=12)
    assert not _same(first, other)


def test_each_bot_is_seeded_from_the_environments_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every bot gets a seed of its own, drawn from the environment's seed: the same seed
    again, the same bot seeds; another seed, others."""
    made: list[tuple[str, int | None]] = []
    real = bots.get

    def get(name: str, seed: int | None = None, **options: Any) -> bots.Bot:
        made.append((name, seed))
        return real(name, seed, **options)

    monkeypatch.setattr(bots, "get", get)
    table = gym_env("modern", opponents=("random", "basic", "expert"), samples=1)
    rounds = []
    for seed in (1, 1, 2):
        made.clear()
        table.reset(seed=seed)
        rounds.append(list(made))
    assert [name for name, _ in rounds[0]] == ["random", "basic", "expert"]
    seeds = [seed for _, seed in rounds[0]]
    assert all(isinstance(seed, int) for seed in seeds) and len(set(seeds)) == 3
    assert rounds[0] == rounds[1] and rounds[0] != rounds[2]


def test_the_seed_given_when_made_seeds_the_first_reset() -> None:
    made = gym_env("modern", opponents="random", seed=21)
    given = gym_env("modern", opponents="random")
    assert _same(_random_episode_unseeded(made), _random_episode(given, seed=21))


def _random_episode_unseeded(table: SingleSeatEnv) -> list[tuple[Any, ...]]:
    obs, info = table.reset()
    steps: list[tuple[Any, ...]] = [(obs, info)]
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, reward, done, _, info = table.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        steps.append((obs, reward, done, info))
    return steps


class _Spy:
    """A bot that records each view it is shown, then plays as the basic bot would."""

    def __init__(self, seat: int, seen: list[tuple[int, object]]) -> None:
        self.seat, self.seen, self.inner = seat, seen, bots.BasicBot(0)

    def choose(self, view: SeatView) -> Move:
        self.seen.append((self.seat, view))
        return self.inner.choose(view)


@pytest.mark.parametrize("name", ["modern", "heartsette", "auction"])
def test_each_bot_sees_only_its_own_seats_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a bot is shown is the object game.view(its seat) made for it, nothing else."""
    table = gym_env(name, opponents="basic")
    _, info = table.reset(seed=1)
    seen: list[tuple[int, object]] = []
    for other in list(table._bots):
        table._bots[other] = _Spy(other, seen)
    game = table.game
    made: list[tuple[int, SeatView]] = []
    real = game.view

    def view(seat: int) -> SeatView:
        made.append((seat, real(seat)))
        return made[-1][1]

    monkeypatch.setattr(game, "view", view)
    rng, done = np.random.default_rng(0), False
    while not done:
        _, _, done, _, info = table.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert len(seen) > 10
    for seat, shown in seen:
        assert any(shown is view_made and seat == whose for whose, view_made in made)


def _snapshot(table: SingleSeatEnv) -> tuple[Any, ...]:
    obs, _ = table._observe()
    return (len(table.game.events), obs["observation"].tobytes(), obs["action_mask"].tobytes())


def _illegal(table: SingleSeatEnv) -> list[int]:
    mask = table._observe()[0]["action_mask"]
    return [action for action in range(ACTIONS) if not mask[action]]


@pytest.mark.parametrize("name", ["modern", "auction", "heartsette", "two-handed"])
def test_an_illegal_action_raises_a_sentence_and_changes_nothing(name: str) -> None:
    """illegal="raise": IllegalMove with a sentence, nothing changed."""
    table = gym_env(name, opponents="random", illegal="raise")
    _, info = table.reset(seed=3)
    before = _snapshot(table)
    for action in _illegal(table)[::7]:
        with pytest.raises(IllegalMove, match=rf"^action {action} .+"):
            table.step(action)
        assert _snapshot(table) == before
    table.step(int(np.flatnonzero(info["action_mask"])[0]))  # and a legal one still plays
    assert _snapshot(table) != before


def test_an_illegal_card_in_play_is_refused_too() -> None:
    table = gym_env("modern", opponents="basic", passing=None, illegal="raise")
    table.reset(seed=6)
    assert table.game.deal.phase.value == "play"
    held = table.game.view(table.seat).hand
    foreign = next(card for card in map(Card, range(52)) if card not in held)
    before = _snapshot(table)
    with pytest.raises(IllegalMove, match="not legal"):
        table.step(action_of(foreign))
    assert _snapshot(table) == before


@pytest.mark.parametrize("action", [ACTIONS, -1, 10**9])
def test_an_action_outside_the_space_raises_in_either_mode(action: int) -> None:
    for illegal in ("penalty", "raise", "refuse"):
        table = gym_env("modern", illegal=illegal)
        table.reset(seed=1)
        with pytest.raises(IllegalMove, match="not in the action space"):
            table.step(action)


@pytest.mark.parametrize("action", ["3", 2.0, None, True])
def test_an_action_that_is_no_whole_number_is_refused_with_a_sentence(action: object) -> None:
    table = gym_env("modern")
    table.reset(seed=1)
    before = _snapshot(table)
    with pytest.raises(InvalidArgument, match="whole number"):
        table.step(action)  # type: ignore[arg-type]
    assert _snapshot(table) == before


def test_refuse_mode_returns_the_same_position_a_penalty_and_the_sentence() -> None:
    table = gym_env("modern", illegal="refuse", illegal_reward=-2.5)
    obs, _ = table.reset(seed=3)
    before = _snapshot(table)
    action = _illegal(table)[0]
    again, reward, terminated, truncated, info = table.step(action)
    assert (reward, terminated, truncated) == (-2.5, False, False)
    assert info["illegal"].startswith(f"action {action} ")
    assert _snapshot(table) == before
    assert np.array_equal(again["observation"], obs["observation"])
    assert again["observation"] is not obs["observation"]


def test_stepping_after_the_episode_is_over_raises() -> None:
    table = gym_env("modern")
    with pytest.raises(IllegalMove, match="reset"):
        table.step(0)
    _random_episode(table, seed=1)
    with pytest.raises(IllegalMove, match="reset"):
        table.step(0)


def test_the_observation_is_the_encoding_of_the_seats_view() -> None:
    table = gym_env("auction", seat=2, opponents="random")
    obs, _ = table.reset(seed=8)
    assert np.array_equal(obs["observation"], encode(table.game.view(2)))


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"seat": 4}, "not a seat"),
        ({"seat": True}, "not a seat"),
        ({"opponents": ("basic", "basic")}, "names 2 bots"),
        ({"opponents": 3}, "bot's name or a sequence"),
        ({"episode": "trick"}, "episode"),
        ({"reward": "now"}, "reward"),
        ({"illegal": "ignore"}, "illegal="),
        ({"illegal_reward": float("nan")}, "finite"),
        ({"seed": "1"}, "seed"),
        ({"samples": 0}, "samples"),
        ({"laws": True}, "laws"),
    ],
)
def test_bad_arguments_are_refused_with_a_sentence(changes: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgument, match=match):
        gym_env("modern", **changes)


def test_an_unknown_bot_or_variant_is_named() -> None:
    with pytest.raises(UnknownName, match="expert"):
        gym_env("modern", opponents="expret")
    with pytest.raises(UnknownName):
        gym_env("modren")


def test_a_seat_that_sits_out_its_only_hand_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="sits it out"):
        gym_env("black-jack", players=7, seat=0)
    gym_env("black-jack", players=7, seat=0, episode="game").reset(seed=1)  # a game: it plays


def test_reset_says_an_option_it_does_not_know_and_leaves_it_aside() -> None:
    """As the AEC environment (PettingZoo's api_test resets with an unknown option): a warning
    names the options taken; options that are no dict are refused."""
    table = gym_env("modern")
    with pytest.warns(UserWarning, match="reset takes the options dealer, hands, stock: deal"):
        table.reset(options={"deal": 3})
    with pytest.raises(InvalidArgument, match="options are a dict"):
        table.reset(options=[1])  # type: ignore[arg-type]
    table.reset(options={})


@pytest.mark.parametrize(
    ("name", "players"), [("modern", 4), ("auction", 5), ("heartsette", 3), ("domino", 2)]
)
def test_gymnasiums_env_checker_passes(name: str, players: int) -> None:
    """check_env steps sampled (unmasked) actions: with illegal='refuse' every action of the
    space is a valid argument, as Gymnasium's contract asks."""
    with _quiet():
        check_env(gym_env(name, players=players, illegal="refuse"), skip_render_check=False)


def test_the_registered_environment_is_made_by_gymnasium_and_passes_its_checker() -> None:
    made = gymnasium.make(ENV_ID, variant="cancellation", opponents="random", illegal="refuse")
    assert isinstance(made.unwrapped, SingleSeatEnv) and made.unwrapped.rules.players == 6
    obs, info = made.reset(seed=1)
    assert obs in made.observation_space
    made.step(int(np.flatnonzero(info["action_mask"])[0]))
    with _quiet():
        check_env(made)
    with _quiet():  # Gymnasium warns that text has no frames a second
        ansi = gymnasium.make(ENV_ID, render_mode="ansi")
        ansi.reset(seed=1)
        assert "trick:" in str(ansi.render())
