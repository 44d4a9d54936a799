"""The vector environment (hearts.envs.vector): every row bit for bit the AEC environment's
observation and mask of the same table, the bots' tables the single-seat environment's episodes,
Gymnasium's same-step autoreset, a seed a table, illegal actions raised with no table moved (or
refused), batched masks, and every preset and player count in self-play."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode

from hearts import CardSet, IllegalMove, InvalidArgument, UnknownName, variants
from hearts.envs import aec
from hearts.envs.aec import ACTIONS, HeartsEnv, layout
from hearts.envs.single import SingleSeatEnv
from hearts.envs.vector import ACCELERATOR, LAYOUT_VERSION, VectorEnv
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
    with pytest.raises(InvalidArgument, match="options are a dict"):
        venv.reset(options=[1])  # type: ignore[arg-type]


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


# ---------------------------------------------------------------- the C stepping, differential


def _funnel(masks: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """Seat 0 plays its highest card, the others their lowest when they follow suit and their
    highest (hearts first) when they cannot: seat 0 takes most tricks, and now and then every
    penalty card (it shoots the moon)."""
    actions = []
    for row, seat in zip(masks, seats, strict=True):
        legal = np.flatnonzero(row)
        follow = len({int(card) >> 4 for card in legal}) == 1
        actions.append(int(legal.min() if seat != 0 and follow else legal.max()))
    return np.array(actions, dtype=np.int64)


def _run(venv: VectorEnv, seed: int, steps: int, funnel: bool = False) -> list[Any]:
    """Every observation, mask, reward, termination and info of random steps (copied)."""
    obs, info = venv.reset(seed=seed)
    record: list[Any] = [obs["observation"].copy(), obs["action_mask"].copy(), info["seat"]]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        masks = venv.action_masks()
        actions = _funnel(masks, info["seat"]) if funnel else _random_actions(rng, masks)
        obs, rewards, terminations, truncations, info = venv.step(actions)
        record += [actions, obs["observation"].copy(), obs["action_mask"].copy()]
        record += [rewards, terminations, truncations, info["seat"], info["seat_rewards"]]
        if "final_obs" in info:
            ended = np.flatnonzero(info["_final_obs"])
            record.append(ended)
            for i in ended:
                record += [info["final_obs"][i]["observation"], info["final_obs"][i]["action_mask"]]
                record += [info["final_info"][key][i] for key in ("seat", "seat_rewards", "scores")]
    return record


@pytest.mark.skipif(ACCELERATOR is None, reason="the C stepping is not built (or HEARTS_PURE)")
@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "modern", "reward": "trick"},
        {"variant": "modern", "episode": "game"},
        {"variant": "modern", "players": 3, "reward": "trick"},
        {"variant": "modern", "players": 6},
        {"variant": "omnibus", "players": 5, "reward": "trick"},
        {"variant": "black-maria", "players": 3},
        {"variant": "new-moon", "reward": "trick", "episode": "game"},
        {"variant": "classic", "players": 4, "reward": "trick"},
        {"variant": "spot", "players": 7, "episode": "game"},
        {"variant": "joker", "players": 5},
        {"variant": "auction"},
    ],
)
def test_the_c_stepping_and_pure_python_agree_on_every_value(kwargs: dict[str, Any]) -> None:
    # Contract: the C stepping is an accelerator only: the same seeds and actions give the same
    # observations, masks, rewards, terminations and infos as the pure-Python reference.
    fast = VectorEnv(num_envs=4, opponents=None, **kwargs)
    pure = VectorEnv(num_envs=4, opponents=None, accelerate=False, **kwargs)
    assert fast.accelerated and not pure.accelerated
    steps = 400 if kwargs.get("episode") == "game" else 250
    for got, want in zip(_run(fast, 7, steps), _run(pure, 7, steps), strict=True):
        assert np.array_equal(got, want)


def test_the_c_stepping_is_built_and_in_use() -> None:
    """A clean install builds the vector environment's C stepping, as the core's accelerator
    (gcc and Python's headers are all it needs); ``HEARTS_PURE=1`` is the only way to turn it
    off."""
    if os.environ.get("HEARTS_PURE", "") not in ("", "0"):
        assert ACCELERATOR is None
        return
    assert ACCELERATOR is not None, (
        "the C stepping hearts.envs._vector was not built: install a C compiler and Python's "
        "headers and reinstall (pip install -e ., or python setup.py build_ext --inplace), or "
        "set HEARTS_PURE=1 to test the pure Python environment alone"
    )


def test_without_the_accelerator_the_env_is_pure() -> None:
    # Contract: bots' tables, and accelerate=False, are stepped in Python (the reference).
    assert not VectorEnv(num_envs=2, opponents="random").accelerated
    assert not VectorEnv(num_envs=2, opponents=None, accelerate=False).accelerated
    assert VectorEnv(num_envs=2, opponents=None).accelerated == (ACCELERATOR is not None)


@pytest.mark.skipif(ACCELERATOR is None, reason="the C stepping is not built (or HEARTS_PURE)")
def test_the_c_stepping_agrees_through_moon_shots() -> None:
    # Contract: a hand shot (every penalty card to one seat) ends the same both ways: its
    # final observation, settlement and rewards.
    for reward in ("end", "trick"):
        fast = VectorEnv(num_envs=16, opponents=None, reward=reward)
        pure = VectorEnv(num_envs=16, opponents=None, reward=reward, accelerate=False)
        got, want = _run(fast, 0, 200, funnel=True), _run(pure, 0, 200, funnel=True)
        for one, other in zip(got, want, strict=True):
            assert np.array_equal(one, other)
    shots = VectorEnv(num_envs=16, opponents=None, seed=0)
    _obs, info = shots.reset()
    shot = 0
    for _ in range(200):
        _obs, _, terminations, _, info = shots.step(_funnel(shots.action_masks(), info["seat"]))
        for i in np.flatnonzero(terminations):
            shot += sorted(info["final_info"]["scores"][i].tolist()) == [0, 26, 26, 26]
    assert shot > 0


def test_refuse_in_self_play_keeps_the_table() -> None:
    for accelerate in (True, False):
        venv = VectorEnv(
            num_envs=2, opponents=None, illegal="refuse", seed=4, accelerate=accelerate
        )
        obs, info = venv.reset()
        before = obs["observation"].copy()
        actions = _random_actions(np.random.default_rng(0), venv.action_masks())
        actions[1] = int(np.flatnonzero(venv.action_masks()[1] == 0)[0])
        obs, rewards, _, _, info = venv.step(actions)
        assert info["illegal"].tolist() == [False, True]
        assert rewards[1] == -26.0 and info["seat_rewards"][1].tolist() == [0.0] * 4
        assert np.array_equal(obs["observation"][1], before[1])
        assert not np.array_equal(obs["observation"][0], before[0])


@pytest.mark.skipif(ACCELERATOR is None, reason="the C stepping is not built (or HEARTS_PURE)")
def test_the_c_stepping_keeps_no_reference_and_no_memory() -> None:
    # Contract: the objects the C stepping shares (cards, phases, the Pass and CardSet types, the
    # engine's events) get their reference counts back once the environment is gone, and steps
    # hand after hand do not grow the memory held.
    import gc
    import sys
    import tracemalloc

    from hearts.cards import Card, CardSet
    from hearts.hand.core import CARD_PLAYED, Phase
    from hearts.moves import Pass

    shared = [Card(0), Card(50), Phase.PASS, Phase.PLAY, Phase.OVER, Pass, CardSet]
    shared += CARD_PLAYED[: 4 << 7]  # (each seat's card events, shared by every hand)

    def run(steps: int) -> None:
        venv = VectorEnv(num_envs=8, opponents=None, reward="trick", seed=1)
        venv.reset()
        rng = np.random.default_rng(0)
        for _ in range(steps):
            venv.step(_random_actions(rng, venv.action_masks()))
        venv.close()

    run(100)  # (caches warmed)
    gc.collect()
    before = [sys.getrefcount(one) for one in shared]
    tracemalloc.start()
    run(100)
    gc.collect()
    first = tracemalloc.get_traced_memory()[0]
    run(400)
    gc.collect()
    second = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert [sys.getrefcount(one) for one in shared] == before
    assert second - first < 16 * 1024, (first, second)


def test_bad_illegal_modes_are_refused() -> None:
    with pytest.raises(
        InvalidArgument, match="illegal='ignore': it is 'penalty', 'raise' or 'refuse'"
    ):
        VectorEnv(illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="illegal_reward="):
        VectorEnv(illegal="refuse", illegal_reward=float("nan"))


def test_gymnasiums_vector_wrappers_read_the_episodes() -> None:
    # Contract: Gymnasium's own vector wrappers take the environment as it is (its autoreset
    # mode stated): RecordEpisodeStatistics sums each episode's rewards as we do.
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    venv = RecordEpisodeStatistics(VectorEnv(num_envs=4, opponents="random", seed=0))
    venv.reset()
    rng = np.random.default_rng(0)
    totals = np.zeros(4)
    seen = 0
    while seen < 4:
        masks = venv.unwrapped.action_masks()  # type: ignore[attr-defined]
        _, rewards, terminations, _, info = venv.step(_random_actions(rng, masks))
        totals += rewards
        for i in np.flatnonzero(terminations):
            assert info["_episode"][i]
            assert info["episode"]["r"][i] == pytest.approx(totals[i])
            totals[i] = 0.0
            seen += 1


def test_penalty_ends_that_tables_episode_unmoved() -> None:
    # Contract: illegal="penalty" (the other environments' default) ends the episode of a table
    # that sent an illegal action: minus the most a hand can lose for the seat that acted, 0 for
    # the others, its last observation the one it had (the game did not move), a new deal at
    # once; the other tables move as usual.
    for accelerate in (True, False):
        venv = VectorEnv(
            num_envs=3, opponents=None, illegal="penalty", seed=8, accelerate=accelerate
        )
        obs, info = venv.reset()
        before = obs["observation"].copy()
        seat = int(info["seat"][1])
        actions = _random_actions(np.random.default_rng(0), venv.action_masks())
        actions[1] = int(np.flatnonzero(venv.action_masks()[1] == 0)[0])
        obs, rewards, terminations, _, info = venv.step(actions)
        assert info["illegal"].tolist() == [False, True, False]
        assert terminations.tolist() == [False, True, False]
        assert rewards[1] == -26.0
        assert info["seat_rewards"][1].tolist() == [-26.0 if s == seat else 0.0 for s in range(4)]
        assert np.array_equal(info["final_obs"][1]["observation"], before[1])
        assert not info["final_obs"][1]["action_mask"].any()
        assert obs["action_mask"][1].sum() == 13  # (the next deal's pass)
        assert not np.array_equal(obs["observation"][1], before[1])


def test_a_tables_episodes_follow_the_single_seat_envs_deals_far_on() -> None:
    # Contract: episode after episode (past the seeds a table draws ahead), table i seeded s
    # deals what SingleSeatEnv(seed=s) deals reset after reset.
    venv = VectorEnv(num_envs=1, opponents="random", seed=21)
    single = SingleSeatEnv(opponents="random", seed=21)
    obs, _ = venv.reset()
    for _ in range(40):
        expected, _ = single.reset()
        assert np.array_equal(obs["observation"][0], expected["observation"])
        obs, _ = venv.reset(options={"reset_mask": np.array([True])})


def test_reset_takes_the_other_environments_options_for_the_tables_it_deals() -> None:
    """Reset options are the AEC and Gymnasium environments' (dealer, hands, stock), checked
    before any table moves; a key none knows is said in a warning and left aside."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    for accelerate in (True, False):
        venv = VectorEnv(3, opponents=None, seed=5, accelerate=accelerate)
        venv.reset(seed=5)
        obs, _ = venv.reset(options={"hands": hands, "reset_mask": np.array([True, False, True])})
        fields = layout(4)
        held = obs["observation"][:, fields["hand"]]
        for i in (0, 2):
            assert venv._tables[i].env.game.view(0).hand == CardSet.parse(hands[0])
        assert held[0].sum() == held[2].sum() == 13
        assert np.array_equal(held[0], held[2])
        before = obs["observation"].copy()
        with pytest.raises(InvalidArgument, match="dealer=9 is not a seat"):
            venv.reset(options={"dealer": 9, "hands": hands})
        assert np.array_equal(venv._observation, before)  # nothing moved
        with pytest.warns(UserWarning, match="zzz left aside"):
            venv.reset(options={"zzz": 1})


def test_a_closed_vector_environment_refuses_in_a_sentence() -> None:
    venv = VectorEnv(2, opponents="random", seed=1)
    venv.reset()
    venv.close()
    for use in (venv.reset, lambda: venv.step(np.zeros(2, dtype=np.int64)), venv.action_masks):
        with pytest.raises(InvalidArgument, match="closed"):
            use()


def test_a_seat_in_self_play_is_refused_and_make_vec_gives_the_vector_environment() -> None:
    import gymnasium

    with pytest.raises(InvalidArgument, match="means nothing in self-play"):
        VectorEnv(2, opponents=None, seat=1)
    venv = gymnasium.make_vec("hearts/Hearts-v0", num_envs=3, opponents="random")
    assert isinstance(venv, VectorEnv)
    assert venv.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, _ = venv.reset(seed=1)
    assert obs["observation"].shape == (3, layout(4)["cancelled"].stop)
