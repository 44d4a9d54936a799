"""The conventions research tools expect of both environments (issue 39, part 3): the
registered id passes Gymnasium's checker as made, illegal actions end the episode with the
documented penalty (or raise), ``action_masks()``, finite observation bounds that hold every
observation of every preset, ``state()`` for a centralised critic, renders that show the hand,
the trick and the scores, zero masks for agents not selected, reset options alike in both
environments, readable observations and action names, and the layout's version."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import re
import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test.state_test import test_state as pettingzoo_state_test

from hearts import Game, IllegalMove, InvalidArgument, variants
from hearts.cards import Card, CardSet
from hearts.envs import ENV_ID, aec, gym_env
from hearts.envs.aec import (
    ACTIONS,
    CARD_SLOTS,
    LAYOUT_VERSION,
    HeartsEnv,
    action_name,
    action_names,
    describe,
    encode,
    hand_loss_bound,
    layout,
    observation_bounds,
    raw_env,
)
from hearts.envs.single import SingleSeatEnv
from hearts.events import Dealt
from hearts.hand.core import Phase
from hearts.rules import SettlementMethod

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# ---------------------------------------------------------------- Gymnasium's checker, as made


def test_the_registered_id_as_gymnasium_makes_it_passes_check_env_with_no_warning() -> None:
    """Issue 39: the default used to raise on the unmasked actions check_env sends; now an
    illegal action ends the episode with a penalty, and the bounds are finite (check_env warns
    of an infinite Box). The one warning left is check_env's own about the wrappers make adds."""
    made = gymnasium.make(ENV_ID)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made)
        check_env(made.unwrapped)
    said = [str(w.message) for w in caught]
    assert all("is different from the unwrapped version" in text for text in said), said


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_check_env_passes_with_the_defaults_on_every_preset(name: str, players: int) -> None:
    with _quiet():
        check_env(gym_env(name, players=players, seat=players - 1))


# ---------------------------------------------------------------- illegal actions


def _first_illegal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("name", ["modern", "classic", "auction", "spot"])
def test_an_illegal_action_ends_the_gym_episode_with_minus_the_hands_worst_loss(name: str) -> None:
    """illegal="penalty" (the default): the step's reward is -hand_loss_bound (26 in modern),
    terminated, the sentence in info["illegal"], no legal action left; stepping again asks
    for a reset."""
    table = gym_env(name, opponents="random")
    obs, _ = table.reset(seed=5)
    events = len(table.game.events)
    action = _first_illegal(obs["action_mask"])
    after, reward, terminated, truncated, info = table.step(action)
    assert reward == -hand_loss_bound(table.rules) == table.illegal_reward
    assert (terminated, truncated) == (True, False)
    assert info["illegal"].startswith(f"action {action} ")
    assert not after["action_mask"].any() and not table.action_masks().any()
    assert len(table.game.events) == events  # nothing of the game moved
    with pytest.raises(IllegalMove, match="reset"):
        table.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_the_penalty_is_documented_and_can_be_given() -> None:
    assert "hand_loss_bound" in (aec.__doc__ or "") and "-26" in (aec.__doc__ or "")
    table = gym_env("modern", illegal_reward=-1)
    obs, _ = table.reset(seed=1)
    assert table.step(_first_illegal(obs["action_mask"]))[1] == -1.0


@pytest.mark.parametrize("name", ["modern", "auction", "heartsette"])
def test_an_illegal_action_ends_the_aec_episode_penalty_to_the_offender_zero_to_others(
    name: str,
) -> None:
    """PettingZoo's classic convention: the offender's reward is the penalty, every other
    agent's 0, every agent terminated (the sentence in the offender's info), and the game is
    as it was."""
    table = raw_env(name)
    table.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(7):  # into the hand a little (the pass or the auction)
        table.step(_legal(table.observe(table.agent_selection)["action_mask"], rng))
    offender = table.agent_selection
    assert table.game is not None
    events = len(table.game.events)
    action = _first_illegal(table.observe(offender)["action_mask"])
    table.step(action)
    assert table.rewards == {
        agent: (-float(hand_loss_bound(table.rules)) if agent == offender else 0.0)
        for agent in table.possible_agents
    }
    assert all(table.terminations.values())
    assert table.infos[offender]["illegal"].startswith(f"action {action} ")
    assert len(table.game.events) == events
    assert not any(table.observe(a)["action_mask"].any() for a in table.possible_agents)
    seen: dict[str, float] = {}
    for agent in table.agent_iter():  # every agent is told, then steps None out
        _, reward, term, _, _ = table.last()
        assert term
        seen[agent] = reward
        table.step(None)
    assert seen[offender] == -hand_loss_bound(table.rules) and table.agents == []


def test_raise_mode_and_out_of_space_actions_raise_in_the_aec_env() -> None:
    table = raw_env("modern", illegal="raise")
    table.reset(seed=1)
    with pytest.raises(IllegalMove, match="action 13 is no card"):
        table.step(13)
    penalty = raw_env("modern")
    penalty.reset(seed=1)
    for action in (ACTIONS, -1):
        with pytest.raises(IllegalMove, match="not in the action space"):
            penalty.step(action)
    assert not any(penalty.terminations.values())
    with pytest.raises(InvalidArgument, match="illegal="):
        raw_env("modern", illegal="refuse")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="illegal_reward"):
        raw_env("modern", illegal_reward=float("inf"))


@pytest.mark.parametrize(("name", "players"), TABLES[::3])
def test_no_legal_hand_ends_worse_than_the_illegal_penalty(name: str, players: int) -> None:
    """hand_loss_bound is a bound: no seat's reward for a hand played is below minus it, so an
    illegal action (its default penalty) never ends a hand better than playing it out could."""
    rules = variants.for_players_named(name, players)
    bound = hand_loss_bound(rules)
    for seed in range(3):
        game = Game(rules, seed=seed)
        before = game.scores
        while game.hand_number == 0 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            moves = game.legal_moves(seat)
            game.play(moves[(seed * 7 + len(game.events)) % len(moves)], seat)
        points = rules.method is SettlementMethod.POINTS
        for start, end in zip(before, game.scores, strict=True):
            assert (start - end if points else end - start) >= -bound


# ---------------------------------------------------------------- action_masks


def test_action_masks_are_the_observations_mask_as_booleans_at_every_step() -> None:
    table = gym_env("auction", opponents="random")
    obs, _ = table.reset(seed=2)
    rng, done = np.random.default_rng(1), False
    while not done:
        masks = table.action_masks()
        assert masks.dtype == np.bool_ and np.array_equal(masks, obs["action_mask"] == 1)
        obs, _, done, _, _ = table.step(_legal(masks, rng))
    assert not table.action_masks().any()
    with pytest.raises(InvalidArgument, match="before reset"):
        gym_env("modern").action_masks()


# ---------------------------------------------------------------- bounds


def test_the_bounds_are_finite_with_low_below_high_and_binary_fields_zero_or_one() -> None:
    for name, players in TABLES:
        rules = variants.for_players_named(name, players)
        low, high = observation_bounds(rules)
        assert low.dtype == high.dtype == np.float32
        assert np.isfinite(low).all() and np.isfinite(high).all() and (low < high).all()
        fields = layout(players)
        for field in ("hand", "played", "trick", "phase", "voids", "to_act", "cancelled"):
            assert (low[fields[field]] == 0).all() and (high[fields[field]] == 1).all()
        space = raw_env(name, players=players).observation_space("player_0")
        assert isinstance(space, gymnasium.spaces.Dict)
        box = space["observation"]
        assert isinstance(box, gymnasium.spaces.Box)
        assert np.array_equal(box.low, low) and np.array_equal(box.high, high)


def test_the_bounds_of_a_player_count_hold_the_bounds_of_every_preset_played_by_it() -> None:
    for players in range(2, 11):
        low, high = observation_bounds(players)
        for name, count in TABLES:
            if count == players:
                own_low, own_high = observation_bounds(variants.for_players_named(name, count))
                assert (low <= own_low).all() and (own_high <= high).all(), name
    with pytest.raises(InvalidArgument, match="no form of the game is played by 11 players"):
        observation_bounds(11)
    with pytest.raises(InvalidArgument, match="Rules or a number of players"):
        observation_bounds("modern")  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_observation_and_state_of_random_play_lies_within_its_space(
    name: str, players: int
) -> None:
    """Random (masked) play of a whole game, up to 600 steps, every preset and player count:
    every agent's observation at every step is in its space (the bounds hold), and so is the
    state."""
    table = raw_env(name, players=players, episode="game")
    table.reset(seed=players)
    rng = np.random.default_rng(players)
    space = table.observation_space("player_0")
    steps = 0
    for _agent in table.agent_iter(600):
        obs, _, term, trunc, _ = table.last()
        if steps % 3 == 0 or term:
            for other in table.possible_agents:
                assert space.contains(table.observe(other)), (other, steps)
            assert table.state_space.contains(table.state())
        steps += 1
        table.step(None if term or trunc else _legal(obs["action_mask"], rng))
    assert steps > 40


def test_scores_and_pool_past_their_bounds_are_clipped_to_them() -> None:
    """The one place the bounds change a value: a total past what the game's end implies
    (126 in modern, 0 .. 200 counters in a four-seat counters game) is written clipped."""
    fields = layout(4)
    view = Game(variants.get("new-moon"), seed=1).view(0)
    far = dataclasses.replace(view, scores=(500, -400, 3, 125))
    assert encode(far)[fields["scores"]].tolist() == [126.0, -126.0, 3.0, 125.0]
    counters = Game(variants.get("classic"), seed=1).view(2)
    rich = dataclasses.replace(counters, scores=(250, 0, 60, -5), pool=999)
    vector = encode(rich)
    assert vector[fields["scores"]].tolist() == [60.0, 0.0, 200.0, 0.0]  # (relative to seat 2)
    assert vector[fields["pool"]].tolist() == [200.0]


# ---------------------------------------------------------------- state


def test_the_state_holds_every_hand_and_the_cards_face_down() -> None:
    table = raw_env("heartsette")
    table.reset(seed=2)
    assert table.game is not None
    n = table.rules.players
    size = layout(n)["cancelled"].stop
    state = table.state()
    assert state.shape == table.state_space.shape == (n * size + CARD_SLOTS,)
    deal = table.game.deal
    for seat in range(n):
        part = state[seat * size : (seat + 1) * size]
        assert np.array_equal(part, encode(table.game.view(seat)))
        assert np.flatnonzero(part[layout(n)["hand"]]).tolist() == [int(c) for c in deal.hand(seat)]
    widow = CardSet(variants.get("heartsette").pack) - CardSet(
        sum(deal.hand(seat).mask for seat in range(n))
    )
    assert len(widow) == table.rules.pack.bit_count() - n * table.rules.hand_size == 3
    assert np.flatnonzero(state[n * size :]).tolist() == [int(card) for card in widow]


def test_pettingzoos_state_test_passes() -> None:
    with _quiet():
        for name in ("modern", "two-handed", "auction"):
            pettingzoo_state_test(aec.env(name), 100)


def test_state_before_reset_is_refused_with_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="no state before reset"):
        raw_env("modern").state()


# ---------------------------------------------------------------- zero masks


@pytest.mark.parametrize("name", ["modern", "heartsette", "auction"])
def test_only_the_selected_agent_has_legal_actions(name: str) -> None:
    """At the pass every seat still to pass has moves, but one agent acts at a time: every
    other agent's mask is all zeros, at every step."""
    table = raw_env(name)
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    passes = 0
    for agent in table.agent_iter():
        obs, _, term, trunc, _ = table.last()
        if term or trunc:
            table.step(None)
            continue
        assert table.game is not None
        waiting = [
            other
            for seat, other in enumerate(table.possible_agents)
            if other != agent and table.game.legal_moves(seat)
        ]
        passes += bool(waiting)
        for other in table.possible_agents:
            mask = table.observe(other)["action_mask"]
            assert mask.any() == (other == agent), (other, agent)
        table.step(_legal(obs["action_mask"], rng))
    assert passes > 0 or name != "modern"  # (modern's pass: several seats with moves)


# ---------------------------------------------------------------- renders


def _render_checks(text: str, table: HeartsEnv) -> None:
    assert table.game is not None
    deal = table.game.deal
    for seat, agent in enumerate(table.possible_agents):
        line = next(line for line in text.splitlines() if line[2:].startswith(agent))
        assert " ".join(card.symbol for card in deal.hand(seat)) in line
    trick = deal.public_view().trick
    assert trick  # (the renders are checked with a card on the table)
    trick_line = next(line for line in text.splitlines() if line.startswith("trick: "))
    for seat, card in trick:
        assert f"{table.possible_agents[seat]} {card.symbol}" in trick_line
    scores = ", ".join(f"player_{s} {score}" for s, score in enumerate(table.game.scores))
    assert f"scores before this hand: {scores}" in text
    assert f"> {table.agent_selection}" in text


def _into_the_play(table: HeartsEnv) -> None:
    rng = np.random.default_rng(0)
    assert table.game is not None
    while table.game.deal.phase is not Phase.PLAY or not table.game.deal.public_view().trick:
        table.step(_legal(table.observe(table.agent_selection)["action_mask"], rng))


def test_the_aec_renders_show_every_hand_the_trick_and_the_scores() -> None:
    table = raw_env("modern", episode="game", render_mode="ansi")
    table.reset(seed=6)
    _into_the_play(table)
    text = table.render()
    assert isinstance(text, str)
    _render_checks(text, table)
    human = raw_env("modern", episode="game", render_mode="human")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        human.reset(seed=6)
        _into_the_play(human)
        out.truncate(0)
        out.seek(0)
        assert human.render() is None
    printed = out.getvalue()
    assert printed.strip() == text.strip()


def test_the_gym_renders_show_the_same_table() -> None:
    ansi = gym_env("modern", render_mode="ansi", opponents="random")
    obs, _ = ansi.reset(seed=3)
    rng = np.random.default_rng(0)
    while ansi.game.deal.phase is not Phase.PLAY or not ansi.game.deal.public_view().trick:
        obs, *_ = ansi.step(_legal(obs["action_mask"], rng))
    text = ansi.render()
    assert isinstance(text, str)
    _render_checks(text, ansi._table)
    human = gym_env("modern", render_mode="human", opponents="random")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        obs, _ = human.reset(seed=3)
        assert "modern, 4 players: hand 1" in out.getvalue()  # human renders after reset
        rng = np.random.default_rng(0)
        while human.game.deal.phase is not Phase.PLAY or not human.game.deal.public_view().trick:
            obs, *_ = human.step(_legal(obs["action_mask"], rng))
        out.truncate(0)
        out.seek(0)
        assert human.render() is None
    assert out.getvalue().strip() == text.strip()
    with pytest.raises(InvalidArgument, match="render_mode"):
        gym_env("modern", render_mode="rgb_array")


# ---------------------------------------------------------------- reset options


@pytest.mark.parametrize("maker", ["aec", "gym"])
def test_reset_options_deal_the_hands_and_dealer_chosen_in_both_environments(maker: str) -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    options: dict[str, Any] = {"dealer": 2, "hands": hands}
    if maker == "aec":
        table = raw_env("modern")
        table.reset(seed=1, options=options)
        game = table.game
    else:
        single = gym_env("modern", seat=1, opponents="random")
        single.reset(seed=1, options=options)
        game = single.game
    assert game is not None
    deal = game.hands[0] if game.hands else game.deal
    dealt = next(e for e in deal.events if isinstance(e, Dealt))
    assert dealt.dealer == 2
    assert [str(hand) for hand in dealt.hands] == [str(CardSet.parse(h)) for h in hands]


def test_the_stock_option_orders_the_cards_left_over() -> None:
    rules = variants.get("two-handed")
    pack = sorted(CardSet(rules.pack))
    hands = [CardSet(pack[:13]), CardSet(pack[13:26])]
    stock = [str(card) for card in reversed(pack[26:])]
    table = raw_env("two-handed")
    table.reset(seed=1, options={"hands": hands, "stock": stock})
    assert table.game is not None
    dealt = next(e for e in table.game.deal.events if isinstance(e, Dealt))
    assert [str(card) for card in dealt.stock] == stock
    table.reset(seed=1, options={"hands": hands})  # the stock's order from the seed
    again = next(e for e in table.game.deal.events if isinstance(e, Dealt))
    assert sorted(again.stock) == sorted(Card.parse(c) for c in stock)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"dealer": 4}, "dealer=4 is not a seat"),
        ({"dealer": "0"}, "not a seat"),
        ({"hands": ["2C"] * 4}, "holds 1 cards"),
        ({"hands": "2C 3C"}, "list of 4 hands"),
        ({"stock": "2C"}, "give hands too"),
        (["dealer"], "options are a dict"),
    ],
)
def test_bad_reset_options_are_refused_with_a_sentence_and_change_nothing(
    options: Any, match: str
) -> None:
    """In both environments: refused, and the next reset deals as if it had not been tried."""
    table, twin = raw_env("modern", seed=9), raw_env("modern", seed=9)
    twin.reset()
    table.reset()
    with pytest.raises(InvalidArgument, match=match):
        table.reset(options=options)
    table.reset()
    twin.reset()
    assert table.game is not None and twin.game is not None
    assert table.game.deal.hand(0) == twin.game.deal.hand(0)
    single, other = gym_env("modern", seed=9), gym_env("modern", seed=9)
    single.reset()
    other.reset()
    with pytest.raises(InvalidArgument, match=match):
        single.reset(options=options)
    single.reset()
    other.reset()
    assert single.game.deal.hand(0) == other.game.deal.hand(0)


def test_a_dealer_option_that_makes_the_learning_seat_sit_out_is_refused() -> None:
    table = gym_env("classic", players=7, seat=3)
    with pytest.raises(InvalidArgument, match="sits it out"):
        table.reset(seed=1, options={"dealer": 3})
    table.reset(seed=1, options={"dealer": 4})
    assert table.game.deal.dealer == 4


def test_unknown_options_are_said_and_left_aside_in_both_environments() -> None:
    for table in (raw_env("modern"), gym_env("modern")):
        with pytest.warns(UserWarning, match=r"dealer, hands, stock: colour left aside"):
            table.reset(seed=1, options={"colour": "red"})


def test_the_reset_options_are_documented_alike() -> None:
    doc = aec.__doc__ or ""
    for key in aec.RESET_OPTIONS:
        assert f"``{key}``" in doc
    assert "RESET_OPTIONS" in (SingleSeatEnv.reset.__doc__ or "")


# ---------------------------------------------------------------- readable observations


def test_action_names_are_unique_and_read_as_the_moves() -> None:
    assert len(action_names) == ACTIONS == len(set(action_names))
    for action in range(ACTIONS):
        move = None
        with contextlib.suppress(IllegalMove):
            move = aec.move_of(action)
        name = action_name(action)
        if isinstance(move, Card):
            assert name == str(move) and action_name(action, symbols=True) == move.symbol
        elif move is None:
            assert name == f"slot {action} (no card)"
    assert action_name(125) == "bid 0 (pass)" and action_name(138) == "bid 13"
    assert action_name(139) == "name clubs" and action_name(143).startswith("moon old")
    with pytest.raises(InvalidArgument, match="whole number"):
        action_name("QS")  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), [("modern", 4), ("auction", 5), ("domino", 3)])
def test_describe_reads_back_the_seats_view(name: str, players: int) -> None:
    table = raw_env(name, players=players)
    table.reset(seed=2)
    rng = np.random.default_rng(2)
    checked = 0
    for agent in table.agent_iter():
        obs, _, term, trunc, _ = table.last()
        if term or trunc:
            table.step(None)
            continue
        assert table.game is not None
        seat = table.possible_agents.index(agent)
        view = table.game.view(seat)
        raw = table.raw_observation(agent)
        assert raw["seat"] == seat
        assert raw["hand"] == [str(card) for card in view.hand]
        assert raw["trick"] == [((who - seat) % players, str(card)) for who, card in view.trick]
        assert raw["scores"] == [view.scores[(seat + k) % players] for k in range(players)]
        assert raw["penalties"] == [view.penalties[(seat + k) % players] for k in range(players)]
        assert raw["phase"] == view.phase.value and raw["to_act"] == 0
        assert raw["legal"] == [action_names[a] for a in np.flatnonzero(obs["action_mask"])]
        if view.auction is not None:
            assert raw["high_bid"] == view.auction.high_bid
        checked += 1
        table.step(_legal(obs["action_mask"], rng))
    assert checked > 10
    single = gym_env(name, players=players, seat=1)
    single.reset(seed=2)
    assert single.raw_observation()["seat"] == 1
    assert single.raw_observation()["hand"] == [str(c) for c in single.game.view(1).hand]


def test_describe_refuses_a_vector_of_another_size() -> None:
    with pytest.raises(InvalidArgument, match="a vector of the layout's size"):
        describe(np.zeros(10, dtype=np.float32), 4)


# ---------------------------------------------------------------- layout version


def test_the_layout_version_is_an_int_stated_in_the_docs_and_both_metadata() -> None:
    assert isinstance(LAYOUT_VERSION, int) and LAYOUT_VERSION >= 1
    assert re.search(rf"layout version\D+{LAYOUT_VERSION}\b", aec.__doc__ or "", re.IGNORECASE)
    assert HeartsEnv.metadata["layout_version"] == LAYOUT_VERSION
    assert SingleSeatEnv.metadata["layout_version"] == LAYOUT_VERSION
    assert gymnasium.make(ENV_ID).metadata["layout_version"] == LAYOUT_VERSION
