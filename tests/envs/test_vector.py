"""The vector environment (hearts.envs.vector): every row bit for bit the AEC environment's
observation and mask of the same table, the bots' tables the single-seat environment's episodes,
Gymnasium's same-step autoreset, a seed a table, illegal actions raised with no table moved (or
refused), batched masks, and every preset and player count in self-play."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode

from hearts import IllegalMove, InvalidArgument, UnknownName, variants
from hearts.envs import aec
from hearts.envs.aec import ACTIONS, HeartsEnv, layout
from hearts.envs.single import SingleSeatEnv
from hearts.envs.vector import LAYOUT_VERSION, VectorEnv
from hearts.rules import SettlementMethod

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]


class Replay:
    """One table of a self-play vector environment, replayed through the AEC environment alone:
    seeded as the vector environment documents it (the table's generator draws one seed a seat,
    the game is dealt from ``seat``'s), every episode in turn."""

    def __init__(self, seed: int, seat: int = 0, **kwargs: Any) -> None:
        self.env = HeartsEnv(**kwargs)
        self.rng, _ = seeding.np_random(seed)
        self.seat = seat
        self.deal()

    def deal(self) -> None:
        draws = self.rng.integers(2**62, size=len(self.env.possible_agents))
        self.env.reset(seed=int(draws[self.seat]))

    def to_act(self) -> int:
        return self.env.possible_agents.index(self.env.agent_selection)

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return self.env.observe(self.env.possible_agents[seat])


def _random_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One random legal action a table, drawn from the masks at once (as a learner would)."""
    scores = rng.random(masks.shape) * masks
    return np.asarray(scores.argmax(axis=1), dtype=np.int64)


def _check_self_play(steps: int, num_envs: int = 3, seed: int = 5, **kwargs: Any) -> int:
    """Random steps of a self-play vector environment against the AEC replay of each table:
    every observation, mask, seat, reward, termination and final observation equal. The number
    of episodes ended."""
    venv = VectorEnv(num_envs=num_envs, opponents=None, **kwargs)
    obs, info = venv.reset(seed=seed)
    replays = [Replay(seed + i, **kwargs) for i in range(num_envs)]
    rng = np.random.default_rng(seed)
    ended = 0
    players = venv.players
    for _ in range(steps):
        for i, replay in enumerate(replays):
            seat = replay.to_act()
            assert info["seat"][i] == seat
            expected = replay.observe(seat)
            assert np.array_equal(obs["observation"][i], expected["observation"])
            assert np.array_equal(obs["action_mask"][i], expected["action_mask"])
        assert np.array_equal(venv.action_masks(), obs["action_mask"].astype(bool))
        actions = _random_actions(rng, venv.action_masks())
        obs, rewards, terminations, truncations, info = venv.step(actions)
        assert not truncations.any()
        for i, replay in enumerate(replays):
            acted = replay.to_act()
            replay.env.step(int(actions[i]))
            earned = [replay.env.rewards[agent] for agent in replay.env.possible_agents]
            assert info["seat_rewards"][i].tolist() == earned
            assert rewards[i] == earned[acted]
            over = all(replay.env.terminations.values())
            assert terminations[i] == over
            if over:
                ended += 1
                assert info["_final_obs"][i] and info["_final_info"][i]
                final = info["final_obs"][i]
                expected = replay.observe(acted)
                assert np.array_equal(final["observation"], expected["observation"])
                assert not final["action_mask"].any()
                assert info["final_info"]["seat"][i] == acted
                assert info["final_info"]["seat_rewards"][i].tolist() == earned
                assert replay.env.game is not None
                assert tuple(info["final_info"]["scores"][i]) == replay.env.game.scores
                replay.deal()
            elif "_final_obs" in info:
                assert not info["_final_obs"][i]
        assert info["seat_rewards"].shape == (num_envs, players)
    return ended


# ---------------------------------------------------------------- the layout, bit for bit


def test_self_play_rows_are_the_aec_observations_bit_for_bit_and_autoreset_same_step() -> None:
    # Contract: each row is the AEC environment's observe() of the seat to act (aec.encode and
    # aec.action_mask), rewards the AEC rewards, and an ended episode's next one dealt at once.
    assert _check_self_play(300, reward="trick") >= 6


def test_self_play_game_episodes_and_end_rewards() -> None:
    assert _check_self_play(200, num_envs=2, episode="game", variant="classic", reward="end") == 0


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_preset_and_player_count_in_self_play(name: str, players: int) -> None:
    # Contract: any form, bit for bit the AEC environment (one hand episode and a little more).
    steps = 150 if name in ("auction", "cancellation", "domino") else 80
    _check_self_play(steps, num_envs=2, seed=players, variant=name, players=players)


def test_rows_are_aec_encode_of_the_seats_view() -> None:
    # Contract: the layout of aec.encode / aec.action_mask of game.view(seat), version stated.
    venv = VectorEnv(num_envs=2, opponents=None, seed=3)
    obs, _info = venv.reset()
    assert venv.metadata["layout_version"] == LAYOUT_VERSION
    assert getattr(aec, "LAYOUT_VERSION", LAYOUT_VERSION) == LAYOUT_VERSION
    replay = Replay(3)
    rng = np.random.default_rng(0)
    for _ in range(40):
        game = replay.env.game
        assert game is not None
        seat = replay.to_act()
        choosing = replay.env._choosing[seat]
        assert np.array_equal(obs["observation"][0], aec.encode(game.view(seat), choosing))
        assert np.array_equal(obs["action_mask"][0], aec.action_mask(game.view(seat), choosing))
        actions = _random_actions(rng, venv.action_masks())
        obs, *_ = venv.step(actions)
        replay.env.step(int(actions[0]))


# ---------------------------------------------------------------- against bots


@pytest.mark.parametrize(
    ("kwargs"),
    [
        {"variant": "modern", "opponents": "basic", "reward": "trick"},
        {"variant": "auction", "opponents": ("random", "basic", "random"), "seat": 2},
        {"variant": "heartsette", "players": 3, "opponents": "random", "episode": "game"},
    ],
)
def test_bot_tables_play_the_single_seat_envs_episodes(kwargs: dict[str, Any]) -> None:
    # Contract: table i seeded s plays SingleSeatEnv(seed=s)'s episodes, one after another.
    num_envs, seed = 3, 11
    venv = VectorEnv(num_envs=num_envs, seed=seed, **kwargs)
    singles = [SingleSeatEnv(seed=seed + i, **kwargs) for i in range(num_envs)]
    obs, info = venv.reset()
    expected = [single.reset() for single in singles]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(120):
        for i, (one, _info) in enumerate(expected):
            assert info["seat"][i] == singles[i].seat
            assert np.array_equal(obs["observation"][i], one["observation"])
            assert np.array_equal(obs["action_mask"][i], one["action_mask"])
        actions = _random_actions(rng, venv.action_masks())
        obs, rewards, terminations, _, info = venv.step(actions)
        for i, single in enumerate(singles):
            one, reward, done, _, _ = single.step(int(actions[i]))
            assert rewards[i] == reward
            assert info["seat_rewards"][i][single.seat] == reward
            assert terminations[i] == done
            if done:
                ended += 1
                final = info["final_obs"][i]
                assert np.array_equal(final["observation"], one["observation"])
                assert tuple(info["final_info"]["scores"][i]) == single.game.scores
                expected[i] = single.reset()
            else:
                expected[i] = (one, {})
    assert ended > 0 or kwargs.get("episode") == "game"


def test_a_hands_rewards_add_up_to_its_points() -> None:
    # Contract: rewards are minus the points taken (bots' moves included), in both modes.
    for mode in ("end", "trick"):
        venv = VectorEnv(num_envs=4, opponents="random", reward=mode, seed=2)
        venv.reset()
        totals = np.zeros(4)
        rng = np.random.default_rng(0)
        done = np.zeros(4, dtype=bool)
        while not done.all():
            _, rewards, terminations, _, info = venv.step(_random_actions(rng, venv.action_masks()))
            totals += np.where(done, 0.0, rewards)
            for i in np.flatnonzero(terminations & ~done):
                points = info["final_info"]["scores"][i]
                assert venv.rules.method is SettlementMethod.POINTS
                assert totals[i] == -points[0]
            done |= terminations


# ---------------------------------------------------------------- autoreset, seeds


def test_autoreset_mode_is_same_step() -> None:
    venv = VectorEnv(num_envs=2, opponents="basic")
    assert venv.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    # (The same-step behaviour itself: test_self_play_rows_are_... and the bot tables' test.)
    venv.reset(seed=1)
    rng = np.random.default_rng(0)
    while True:
        obs, _, terminations, _, info = venv.step(_random_actions(rng, venv.action_masks()))
        if terminations.any():
            break
    i = int(np.flatnonzero(terminations)[0])
    # The returned row is the new episode's first: a full hand to pass from.
    assert obs["action_mask"][i].sum() == 13
    assert obs["observation"][i][layout(4)["hand"]].sum() == 13
    assert info["final_obs"][i]["observation"][layout(4)["hand"]].sum() == 0


def test_seeds_a_table_repeat_and_a_list_is_taken() -> None:
    def run(seed: Any, num_envs: int = 3) -> list[np.ndarray]:
        venv = VectorEnv(num_envs=num_envs, opponents="random")
        obs, _ = venv.reset(seed=seed)
        rows = [obs["observation"].copy()]
        rng = np.random.default_rng(0)
        for _ in range(30):
            obs, *_ = venv.step(_random_actions(rng, venv.action_masks()))
            rows.append(obs["observation"].copy())
        return rows

    first, again = run(4), run([4, 5, 6])
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not np.array_equal(first[0][0], first[0][1])  # (each table its own deal)
    bads: list[Any] = ["4", [1, 2], [1, 2, True], 1.5]
    for bad in bads:
        with pytest.raises(InvalidArgument, match="seed="):
            VectorEnv(num_envs=3).reset(seed=bad)


def test_constructor_seed_is_the_first_resets() -> None:
    one = VectorEnv(num_envs=2, opponents="random", seed=9)
    two = VectorEnv(num_envs=2, opponents="random")
    assert np.array_equal(one.reset()[0]["observation"], two.reset(seed=9)[0]["observation"])


def test_reset_mask_deals_only_those_tables() -> None:
    venv = VectorEnv(num_envs=3, opponents="random", seed=1)
    obs, _ = venv.reset()
    before = obs["observation"].copy()
    obs, _ = venv.reset(options={"reset_mask": np.array([False, True, False])})
    assert np.array_equal(obs["observation"][0], before[0])
    assert not np.array_equal(obs["observation"][1], before[1])
    with pytest.raises(InvalidArgument, match="reset_mask"):
        venv.reset(options={"reset_mask": [1, 0, 1]})
    with pytest.raises(InvalidArgument, match="one option"):
        venv.reset(options={"foo": 1})


# ---------------------------------------------------------------- illegal actions, arguments


def test_an_illegal_action_raises_and_no_table_moves() -> None:
    venv = VectorEnv(num_envs=3, opponents=None, seed=1)
    obs, _ = venv.reset()
    before = {key: value.copy() for key, value in obs.items()}
    actions = _random_actions(np.random.default_rng(0), venv.action_masks())
    actions[2] = int(np.flatnonzero(venv.action_masks()[2] == 0)[0])
    with pytest.raises(IllegalMove, match=r"table 2: action \d+ is not legal .*no table has moved"):
        venv.step(actions)
    for key, value in before.items():
        assert np.array_equal(obs[key], value)
    with pytest.raises(IllegalMove, match="not in the action space"):
        venv.step(np.array([0, 0, ACTIONS]))
    with pytest.raises(InvalidArgument, match="shape"):
        venv.step(np.array([0, 0]))
    with pytest.raises(InvalidArgument, match="int array"):
        venv.step(np.array([0.0, 1.0, 2.0]))
    # Nothing moved: the same legal actions step as they would have.
    replay = Replay(1 + 2)  # (table 2 of seed 1)
    actions[2] = int(np.flatnonzero(venv.action_masks()[2])[0])
    obs, *_ = venv.step(actions)
    replay.env.step(int(actions[2]))
    assert np.array_equal(obs["observation"][2], replay.observe(replay.to_act())["observation"])


def test_refuse_keeps_the_table_and_gives_the_penalty() -> None:
    venv = VectorEnv(num_envs=2, opponents="random", illegal="refuse", illegal_reward=-3, seed=1)
    obs, _ = venv.reset()
    before = obs["observation"].copy()
    actions = _random_actions(np.random.default_rng(0), venv.action_masks())
    actions[0] = int(np.flatnonzero(venv.action_masks()[0] == 0)[0])
    obs, rewards, terminations, _, info = venv.step(actions)
    assert info["illegal"].tolist() == [True, False]
    assert rewards[0] == -3.0 and not terminations[0]
    assert np.array_equal(obs["observation"][0], before[0])
    assert not np.array_equal(obs["observation"][1], before[1])


def test_bad_arguments_are_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="num_envs"):
        VectorEnv(num_envs=0)
    with pytest.raises(UnknownName):
        VectorEnv(opponents="nobody")
    with pytest.raises(InvalidArgument, match="seat=4"):
        VectorEnv(seat=4)
    with pytest.raises(InvalidArgument, match="sits it out"):
        VectorEnv(variant="classic", players=7, seat=0)
    VectorEnv(variant="classic", players=7, seat=0, opponents=None)  # self-play: every seat acts
    with pytest.raises(IllegalMove, match="reset"):
        VectorEnv(num_envs=1).step(np.array([0]))


def test_spaces_and_masks() -> None:
    venv = VectorEnv(num_envs=4, opponents=None, variant="spot")
    obs, _ = venv.reset(seed=0)
    assert obs in venv.observation_space
    assert venv.action_space.shape == (4,)
    masks = venv.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (4, ACTIONS)
    assert np.array_equal(masks, obs["action_mask"] != 0)
    assert obs["observation"].shape == (4, layout(4)["cancelled"].stop)
