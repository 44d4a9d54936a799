"""The PettingZoo AEC environment (hearts.envs): PettingZoo's own API and seed tests on every
preset and player count, illegal actions refused with nothing changed, observations that show
only what the seat may know, the documented layout, and the rewards."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import re
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import face_down
from hearts import Deal, Game, IllegalMove, InvalidArgument, variants
from hearts.cards import Card, CardSet
from hearts.envs import aec
from hearts.envs.aec import ACTIONS, CARD_SLOTS, Encoder, HeartsEnv, encode, env, layout, raw_env
from hearts.events import CardPlayed, Dealt
from hearts.hand.core import Phase
from hearts.moves import Revoke

from .encode_reference import reference_encode

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]

# PettingZoo warns that a dict observation is no Box: that is its documented form for masks.
_DICT_WARNINGS = ("Observation space for each agent", "Observation is not a NumPy array")
# api_test resets with an option no environment knows ({"options": 1}): it is said, and left aside.
_OPTION_WARNING = "reset takes the options"


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        for text in (*_DICT_WARNINGS, _OPTION_WARNING):
            warnings.filterwarnings("ignore", message=text)
        yield


def _play(table: HeartsEnv, policy: str = "first") -> Iterator[str]:
    """Step ``table`` to its episode's end, choosing the first (or last) legal action; yields
    each agent before it acts."""
    for agent in table.agent_iter():
        obs, _, term, trunc, _ = table.last()
        if term or trunc:
            table.step(None)
            continue
        yield agent
        legal = np.flatnonzero(obs["action_mask"])
        table.step(int(legal[0] if policy == "first" else legal[-1]))


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_preset_and_table_passes_pettingzoo_api_and_seed_tests(
    name: str, players: int
) -> None:
    with _quiet():
        api_test(env(name, players=players), num_cycles=200)
        seed_test(functools.partial(env, name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", ["modern", "auction", "heartsette", "cancellation", "two-handed"])
def test_whole_game_episodes_with_trick_rewards_pass_the_api_test(name: str) -> None:
    with _quiet():
        api_test(env(name, episode="game", reward="trick"), num_cycles=60)


def test_a_whole_game_episode_plays_hands_until_the_game_is_over() -> None:
    table = raw_env("modern", episode="game", seed=5)
    table.reset(seed=5)
    for _ in _play(table):
        pass
    assert table.game is not None and table.game.is_over
    assert table.game.hand_number > 0
    assert table.agents == []


def test_one_hand_episode_ends_with_the_hand() -> None:
    table = raw_env("modern")
    table.reset(seed=2)
    for _ in _play(table):
        pass
    assert table.game is not None and not table.game.is_over
    assert table.game.hand_number == 1  # the next hand is due; the episode did not play it


@pytest.mark.parametrize("name", ["modern", "black-maria", "two-handed"])
def test_the_last_observation_of_a_hand_episode_is_the_hand_just_over(name: str) -> None:
    """The observation a seat gets at its episode's end is its view of the hand played (its
    cards all gone, every card played), not the next deal the game has due."""
    table = raw_env(name)
    table.reset(seed=3)
    for agent in table.agent_iter():
        obs, _, term, _, _ = table.last()
        if term:
            assert table.game is not None
            seat = table.possible_agents.index(agent)
            over = table.game.hands[0]
            assert over.is_over and table.game.hand_number == 1
            assert np.array_equal(obs["observation"], encode(over.view(seat)))
            assert not obs["observation"][layout(table.rules.players)["hand"]].any()
            assert not obs["action_mask"].any()
            table.step(None)
            continue
        table.step(int(np.flatnonzero(obs["action_mask"])[0]))


def _illegal_actions(table: HeartsEnv) -> list[int]:
    mask = table.observe(table.agent_selection)["action_mask"]
    return [int(a) for a in np.flatnonzero(mask == 0)]


def _snapshot(table: HeartsEnv) -> tuple[object, ...]:
    assert table.game is not None
    return (
        table.agent_selection,
        len(table.game.events),
        tuple(tuple(table.observe(a)["observation"]) for a in table.possible_agents),
        tuple(tuple(table.observe(a)["action_mask"]) for a in table.possible_agents),
        dict(table.rewards),
        dict(table._cumulative_rewards),
        tuple(table._choosing),
    )


@pytest.mark.parametrize("name", ["modern", "auction", "heartsette", "cancellation", "domino"])
def test_an_illegal_action_raises_a_sentence_and_changes_nothing(name: str) -> None:
    """illegal="raise": an illegal action raises IllegalMove and changes nothing."""
    table = raw_env(name, illegal="raise")
    table.reset(seed=3)
    phases: set[Phase] = set()
    for count, _agent in enumerate(_play(table)):
        if count % 3:
            continue
        assert table.game is not None
        phases.add(table.game.view(table.possible_agents.index(table.agent_selection)).phase)
        before = _snapshot(table)
        for action in [*_illegal_actions(table)[::17], ACTIONS, -1]:
            with pytest.raises(IllegalMove, match=rf"action {action}\b"):
                table.step(action)
            assert _snapshot(table) == before
    expected = {"modern": Phase.PASS, "auction": Phase.BID, "heartsette": Phase.PLAY}
    assert Phase.PLAY in phases
    assert expected.get(name, Phase.PLAY) in phases


def test_at_the_pass_a_card_chosen_twice_is_refused() -> None:
    table = raw_env("modern", illegal="raise")
    table.reset(seed=4)
    agent = table.agent_selection
    card = int(np.flatnonzero(table.observe(agent)["action_mask"])[0])
    table.step(card)
    assert table.agent_selection == agent  # still choosing: one card of three
    before = _snapshot(table)
    with pytest.raises(IllegalMove, match="already chosen"):
        table.step(card)
    assert _snapshot(table) == before


def test_the_pass_is_sequential_and_submits_the_cards_chosen() -> None:
    table = raw_env("modern")
    table.reset(seed=4)
    agent = table.agent_selection
    seat = table.possible_agents.index(agent)
    fields = layout(4)
    chosen = []
    for _ in range(3):
        assert table.agent_selection == agent
        obs = table.observe(agent)
        assert obs["observation"][fields["choosing"]].nonzero()[0].tolist() == chosen
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        assert action not in chosen
        chosen = sorted([*chosen, action])
        table.step(action)
    assert table.game is not None
    assert sorted(int(c) for c in table.game.view(seat).passed or ()) == chosen
    assert table.agent_selection != agent


def test_the_laws_option_is_refused_with_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="without the laws option"):
        raw_env("classic", laws=True)


@pytest.mark.parametrize(("name", "players"), TABLES[::3])
def test_every_observation_is_the_encoding_of_the_seats_view(name: str, players: int) -> None:
    table = raw_env(name, players=players)
    table.reset(seed=6)
    for _ in _play(table):
        assert table.game is not None
        for seat, agent in enumerate(table.possible_agents):
            view = table.game.view(seat)
            obs = table.observe(agent)["observation"]
            assert np.array_equal(obs, encode(view, table._choosing[seat]))
            held = np.flatnonzero(obs[layout(players)["hand"]]).tolist()
            assert held == [int(card) for card in view.hand]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_encoder_kept_from_step_to_step_agrees_with_a_plain_encoding_of_the_view(
    name: str, players: int
) -> None:
    """Every seat's observation at every step of a whole game, from the environment's encoders
    (which read only what each view adds), is the plain card-by-card encoding of its view."""
    table = raw_env(name, players=players, episode="game")
    table.reset(seed=players)
    steps = 0
    for _ in _play(table, "last"):
        assert table.game is not None
        steps += 1
        if steps > 400:
            break
        for seat, agent in enumerate(table.possible_agents):
            view = table._deal.view(seat) if table._deal.is_over else table.game.view(seat)
            expected = reference_encode(view, table._choosing[seat])
            assert np.array_equal(table.observe(agent)["observation"], expected), (agent, steps)
    assert steps >= 20  # a hand at least was checked, step by step


@pytest.mark.parametrize(
    ("name", "chooses"),
    [("modern", True), ("heartsette", True), ("auction", False), ("cancellation", False)],
)
def test_action_mask_of_a_view_is_the_environments_mask_at_every_step(
    name: str, chooses: bool
) -> None:
    """aec.action_mask (for a player outside the environment) offers exactly the actions the
    environment's mask does, the pass's and discard's card-by-card choices included, and every
    action it offers is the action of a legal move (or a card not chosen yet)."""
    table = raw_env(name)
    table.reset(seed=11)
    seen_choosing = False
    for agent in _play(table):
        assert table.game is not None
        seat = table.possible_agents.index(agent)
        view = table.game.view(seat)
        chosen = table._choosing[seat]
        seen_choosing |= bool(chosen)
        mask = aec.action_mask(view, chosen)
        assert np.array_equal(mask, table.observe(agent)["action_mask"])
        assert mask.any()
        for action in np.flatnonzero(mask):
            move = aec.move_of(int(action))
            if isinstance(move, Card) and move in view.hand:
                assert move not in chosen
            else:
                assert move in view.legal_moves
    assert seen_choosing == chooses  # the card-by-card pass (or discard) was reached


def _same_deal_other_hands(rules: variants.Rules, seed: int) -> tuple[Game, Game]:
    """A game, and one whose deal gives seat 0 the same cards but the other seats' hands (and
    the undealt cards) moved round."""
    game = Game(rules, seed=seed)
    dealt = next(event for event in game.events if isinstance(event, Dealt))
    others = dealt.hands[1:]
    hands = (dealt.hands[0], *others[1:], others[0])
    moved = dataclasses.replace(dealt, hands=hands, stock=tuple(reversed(dealt.stock)))
    assert moved != dealt or len(others) == 1
    return game, Game(rules, deals=[moved], dealer=dealt.dealer)


@pytest.mark.parametrize("name", variants.names())
def test_no_observation_reveals_the_other_seats_hidden_cards(name: str) -> None:
    """Two deals alike for seat 0, the other hands (and the undealt cards) moved round: seat 0's
    observation is the same in both, at the deal and through the pass and the auction, where
    the others choose by their own (different) hands."""
    first, second = _same_deal_other_hands(variants.get(name), seed=8)
    tables = (raw_env(name), raw_env(name))
    for table, game in zip(tables, (first, second), strict=True):
        table.reset(seed=0)
        table.game = game  # the environment observes these games

    def alike() -> bool:
        a, b = (table.observe("player_0") for table in tables)
        return all(np.array_equal(a[key], b[key]) for key in a) and np.array_equal(
            encode(first.view(0)), encode(second.view(0))
        )

    assert alike()
    hidden = (Phase.PASS, Phase.BID, Phase.NAME)
    while first.deal.phase in hidden:
        seat = first.to_act
        assert seat is not None and seat == second.to_act
        first.play(first.legal_moves(seat)[0], seat)
        second.play(second.legal_moves(seat)[0], seat)
        if first.deal.phase not in hidden:
            break  # the cards passed to seat 0 have come: they may differ now
        assert alike()


def test_the_deals_compared_differ_in_the_other_hands() -> None:
    first, second = _same_deal_other_hands(variants.get("modern"), seed=8)
    assert first.view(0).hand == second.view(0).hand
    assert all(first.deal.hand(s) != second.deal.hand(s) for s in (1, 2, 3))


_TABLE_ROW = re.compile(r"^(\w+)\s+(C|P\*C|P\*4|P|\d+)\s+\S")


def _documented_fields() -> list[tuple[str, str]]:
    doc = aec.__doc__ or ""
    table = doc.split("Observations", 1)[1].split("Actions", 1)[0]
    return [
        (m.group(1), m.group(2))
        for line in table.splitlines()
        if (m := _TABLE_ROW.match(line)) and m.group(1) not in ("field",)
    ]


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_the_documented_layout_is_the_one_the_code_uses(players: int) -> None:
    documented = _documented_fields()
    fields = layout(players)
    assert [name for name, _ in documented] == list(fields)
    start = 0
    for name, size in documented:
        width = eval(size, {}, {"C": CARD_SLOTS, "P": players})  # the table's own expressions
        assert fields[name] == slice(start, start + width), name
        start += width
    name = next(n for n in variants.names() if players in variants.variant(n).players)
    table = raw_env(name, players=players)
    assert table.observation_space("player_0")["observation"].shape == (start,)


def test_the_documented_action_ranges_are_the_ones_the_code_uses() -> None:
    doc = aec.__doc__ or ""
    rows = re.findall(r"^(\d+) \.\. (\d+)\s", doc.split("Actions", 1)[1], re.MULTILINE)
    ranges = [range(int(low), int(high) + 1) for low, high in rows]
    assert ranges == [range(CARD_SLOTS), aec.BID_ACTIONS, aec.SUIT_ACTIONS, aec.MOON_ACTIONS]
    assert ranges[-1].stop == ACTIONS
    top = max(int(card) for name in variants.names() for card in CardSet(variants.get(name).pack))
    assert top + 1 == CARD_SLOTS


def test_the_fields_hold_what_the_table_says() -> None:
    table = raw_env("modern")
    table.reset(seed=11)
    fields = layout(4)
    plays = 0
    for agent in _play(table):
        assert table.game is not None
        seat = table.possible_agents.index(agent)
        view = table.game.view(seat)
        obs = table.observe(agent)["observation"]
        assert obs[fields["phase"]].tolist().index(1.0) == list(Phase).index(view.phase)
        assert obs[fields["to_act"]][0] == 1.0  # the seat to act is this seat: first, relative
        scores = obs[fields["scores"]].tolist()
        assert scores == [view.scores[(seat + k) % 4] for k in range(4)]
        if view.phase is Phase.PLAY:
            plays += 1
            trick = obs[fields["trick"]].reshape(4, CARD_SLOTS)
            for who, card in view.trick:
                assert trick[(who - seat) % 4, int(card)] == 1.0
            assert trick.sum() == len(view.trick)
            played = obs[fields["played"]].reshape(4, CARD_SLOTS)
            assert played.sum() == sum(len(t.cards) for t in view.tricks) + len(view.trick)
            penalties = obs[fields["penalties"]].tolist()
            assert penalties == [view.penalties[(seat + k) % 4] for k in range(4)]
    assert plays > 40


def test_a_void_shown_is_marked_for_the_seat_that_showed_it() -> None:
    table = raw_env("classic")
    table.reset(seed=12)
    fields = layout(4)
    shown = 0
    for agent in _play(table):
        assert table.game is not None
        seat = table.possible_agents.index(agent)
        view = table.game.view(seat)
        voids = table.observe(agent)["observation"][fields["voids"]].reshape(4, 4)
        expected = np.zeros((4, 4), dtype=np.float32)
        for trick in view.tricks:
            led = trick.cards[0].suit
            for offset, card in enumerate(trick.cards):
                if card.suit != led:
                    expected[(trick.leader + offset - seat) % 4, int(led)] = 1.0
        for who, card in view.trick:
            if card.suit != view.trick[0][1].suit:
                expected[(who - seat) % 4, int(view.trick[0][1].suit)] = 1.0
        assert np.array_equal(voids, expected)
        shown = max(shown, int(expected.sum()))
    assert shown > 0


def _rewards(name: str, reward: str, seed: int) -> tuple[dict[str, float], list[float], HeartsEnv]:
    table = raw_env(name, reward=reward)  # type: ignore[arg-type]
    table.reset(seed=seed)
    midway: list[float] = []
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        _, rew, term, trunc, _ = table.last()
        totals[agent] += rew
        if not (term or trunc):
            midway.append(rew)
        table.step(
            None if term or trunc else int(np.flatnonzero(table.observe(agent)["action_mask"])[0])
        )
    return totals, midway, table


@pytest.mark.parametrize(("name", "points"), [("modern", True), ("classic", False)])
def test_rewards_are_minus_points_or_the_change_of_counters(name: str, points: bool) -> None:
    totals, midway, table = _rewards(name, "end", seed=13)
    assert table.game is not None
    game = table.game
    start = 0 if points else table.rules.start_counters
    finals = game.scores
    for seat, agent in enumerate(table.possible_agents):
        delta = finals[seat] - start
        assert totals[agent] == (-delta if points else delta)
    assert any(totals.values())
    assert not any(midway)  # reward="end": nothing before the hand is settled


@pytest.mark.parametrize("name", ["modern", "classic"])
def test_trick_rewards_add_up_to_the_hands_reward(name: str) -> None:
    at_end, _, _ = _rewards(name, "end", seed=14)
    by_trick, midway, _ = _rewards(name, "trick", seed=14)
    assert by_trick == pytest.approx(at_end)
    assert any(midway)  # some seat took penalty cards before the hand was settled


def test_heartsettes_discard_is_reached_and_made_card_by_card() -> None:
    """docs/rules.md (Heartsette): the taker of the widow discards as many cards face down; the
    environment takes them one card action at a time and submits the discard with the last."""
    table = raw_env("heartsette")
    table.reset(seed=3)
    with _quiet():
        for _agent in table.agent_iter():
            obs, _, term, trunc, _ = table.last()
            if term or trunc:
                raise AssertionError("the hand ended before the widow was taken")
            assert table.game is not None
            if table.game.deal.phase is Phase.DISCARD:
                break
            table.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert table.game is not None
    agent = table.agent_selection
    seat = table.possible_agents.index(agent)
    count = len(table.game.deal.widow)
    assert count > 0 and table.game.deal.to_act == seat
    fields = layout(table.game.players)
    chosen: list[int] = []
    for step in range(count):
        assert table.agent_selection == agent and table.game.deal.phase is Phase.DISCARD
        obs = table.observe(agent)
        assert obs["observation"][fields["choosing"]].nonzero()[0].tolist() == chosen
        action = int(np.flatnonzero(obs["action_mask"])[step % 2 - 1])  # (either end, in turn)
        assert action not in chosen
        chosen = sorted([*chosen, action])
        table.step(action)
    discarded = [e for e in table.game.deal.events if e.kind == "discarded"]
    assert len(discarded) == 1 and discarded[0].seat == seat
    assert sorted(int(card) for card in discarded[0].cards) == chosen
    assert table.game.deal.phase is not Phase.DISCARD


@pytest.mark.parametrize(("name", "players"), [("classic", 7), ("domino", 6), ("modern", 4)])
def test_each_card_played_is_marked_for_the_seat_that_played_it(name: str, players: int) -> None:
    """The played cards per seat are the log's, also where a trick does not go round from its
    leader (the dealer sits out at seven; a seat is out of Domino Hearts)."""
    rules = variants.for_players_named(name, players)
    fields = layout(players)
    checked = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        while not game.is_over and game.hand_number == 0:
            seat = game.deal.to_act
            assert seat is not None
            view = game.view(seat)
            out = encode(view)
            for other in range(players):
                start = fields["played"].start + (other - seat) % players * CARD_SLOTS
                marked = set(np.flatnonzero(out[start : start + CARD_SLOTS]).tolist())
                logged = {
                    int(e.card)
                    for e in view.events
                    if isinstance(e, CardPlayed) and e.seat == other
                }
                assert marked == logged
            checked += 1
            game.play(game.legal_moves(seat)[0], seat)
    assert checked > 100


@pytest.mark.parametrize("action", ["QS", 2.0, True, [3]])
def test_an_action_that_is_no_whole_number_is_refused_with_a_sentence(action: object) -> None:
    table = raw_env("modern")
    table.reset(seed=2)
    before = _snapshot(table)
    with pytest.raises(InvalidArgument, match="an action is a whole number"):
        table.step(action)  # type: ignore[arg-type]
    assert _snapshot(table) == before


def test_the_encoder_reads_a_view_again_when_a_card_under_the_same_last_card_was_taken_back() -> (
    None
):
    """An Encoder kept across an undo: a card played is one shared event per seat and card, so
    after a lead and its answer are taken back and another lead is answered with the same card,
    the log ends in the same event object over a different lead; the encoder still encodes the
    new lead (it compares all it read, not its last event)."""
    game = Game(variants.get("modern"), seed=5)
    deal = game.deal
    while deal.phase is Phase.PASS:
        seat = next(s for s in range(deal.players) if deal.legal_moves(s))
        deal.play(deal.legal_moves(seat)[0], seat)
    while len(deal.tricks) < 1 or deal.trick:
        deal.play(deal.legal_moves()[0])
    leader = deal.to_act
    assert leader is not None
    first, second = next(
        (a, b) for a in deal.legal_moves() for b in deal.hand(leader) if b.suit == a.suit and b != a
    )
    deal.play(first)
    answer = deal.legal_moves()[0]
    deal.play(answer)
    encoder = Encoder()
    encoder.encode(deal.view(0))
    deal.undo()
    deal.undo()
    deal.play(second)
    deal.play(answer)
    view = deal.view(0)
    assert np.array_equal(encoder.encode(view), reference_encode(view))


def test_a_watchers_view_is_refused_by_the_encoder_in_a_sentence() -> None:
    """An observation is a seat's: a watcher's view (no hand) is refused, not half-read."""
    with pytest.raises(TypeError, match=r"encodes a seat's view \(a SeatView\), not PublicView"):
        encode(Game(variants.get("modern"), seed=1).public_view())


def test_an_agent_not_at_the_table_is_refused_with_a_sentence() -> None:
    """observe() of a name that is no agent names the agents there are, and changes nothing."""
    table = env("modern")
    table.reset(seed=2)
    before = _snapshot(table.unwrapped)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="'player_4' is no agent of this table: they are"):
        table.observe("player_4")
    with pytest.raises(InvalidArgument, match=r"\['player_0'\] is no agent of this table"):
        table.observe(["player_0"])  # type: ignore[arg-type]
    assert _snapshot(table.unwrapped) == before  # type: ignore[arg-type]


def test_the_order_enforcing_wrapper_still_refuses_agents_before_reset() -> None:
    """The wrapper's own agents and agent_selection (read without __getattr__) keep its check."""
    table = env("modern")
    for name in ("agents", "agent_selection"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(table, name)
    table.reset(seed=2)
    assert table.agents == [f"player_{i}" for i in range(4)]
    assert table.agent_selection == table.unwrapped.agent_selection


def test_the_encoder_reads_a_revoke_in_the_revokers_own_view_as_the_card_it_played() -> None:
    """Foster's law 22 (a revoke is a card played): the revoker's view keeps its Revoked event
    (the others see a card played); encode and a kept Encoder mark the card played all the
    same (the environment itself refuses the laws option, the encoder does not)."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
    ]
    deal = Deal.from_hands(variants.get("classic").replace(laws=True), hands)
    deal.play("2C")
    encoder = Encoder()
    encoder.encode(deal.view(1))
    deal.play(Revoke("2D"))
    view = deal.view(1)
    assert any(
        type(event) is not CardPlayed and isinstance(event, CardPlayed) for event in view.events
    )
    fields = layout(4)
    for vector in (encode(view), encoder.encode(view)):
        played = vector[fields["played"]].reshape(4, CARD_SLOTS)
        assert played[0][int(Card.parse("2D"))] == 1  # (seat 1's own block, first)
        assert played[3][int(Card.parse("2C"))] == 1  # (seat 0, to seat 1's right)


def _twin_table(
    variant: str, players: int | None, changes: dict[str, str], game: Game
) -> HeartsEnv:
    """An environment, rewards by the trick, observing ``game`` from its deal."""
    table = raw_env(variant, players=players, reward="trick", **changes)
    table.reset(seed=0)
    table.game = game  # the environment observes this game from its start
    table._start_hand()
    table._select()
    return table


@pytest.mark.parametrize(
    ("variant", "players", "changes"),
    [
        ("cancellation", None, {}),
        ("cancellation", 9, {}),
        ("heartsette", None, {}),
        ("heartsette", None, {"widow": "first-trick"}),
    ],
)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_no_observation_or_reward_tells_cards_face_down_apart(
    variant: str, players: int | None, changes: dict[str, str], seed: int
) -> None:
    """docs/rules.md §5.5, §7.2: twin games alike but for a card face down that counts
    differently (a widow gone with a trick, which nobody sees; another seat's discards:
    ``face_down.twins``), stepped action by action: every other seat's observation (and
    its encoding of the view) and every agent's reward (rewards are public; by the trick here)
    are the same in both at every step of the play."""
    rules = raw_env(variant, players=players, **changes).rules
    twins = face_down.twins(rules, seed)
    tables = [_twin_table(variant, players, changes, game) for game in twins.games()]

    def alike() -> None:
        for seat in twins.blind:
            agent = f"player_{seat}"
            one, two = (table.observe(agent) for table in tables)
            assert all(np.array_equal(one[key], two[key]) for key in one), agent
            assert np.array_equal(*(encode(table.game.view(seat)) for table in tables))  # type: ignore[union-attr]
        assert tables[0].rewards == tables[1].rewards
        assert tables[0]._cumulative_rewards == tables[1]._cumulative_rewards

    alike()
    for (seat, move), (_, other) in zip(*twins.moves, strict=True):
        for actions in zip(aec.actions_of(move), aec.actions_of(other), strict=True):
            for table, action in zip(tables, actions, strict=True):
                assert table.agent_selection == f"player_{seat}"
                table.step(action)
            alike()
