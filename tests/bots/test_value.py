"""The expert's value model (hearts.bots.value): positions read, encoded and judged."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

from hearts import Deal, Game, InvalidArgument, variants
from hearts.bots import ExpertBot
from hearts.bots.value import (
    FEATURES,
    SNAPSHOT_FIELDS,
    ValueModel,
    encode,
    fits,
    shipped_model,
    snapshot,
)
from hearts.cards import QUEEN_OF_SPADES, Card

MODERN = variants.get("modern")
HANDS = [
    "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH",
]


def deal_after(cards: str) -> Deal:
    deal = Deal.from_hands(MODERN, HANDS, pass_direction="hold")
    for card in cards.split():
        deal.play(card)
    return deal


def mask(cards: str) -> int:
    return sum(1 << Card.parse(card) for card in cards.split())


def test_the_model_is_made_for_modern_play_and_the_moon_whichever_way_it_is_settled() -> None:
    assert fits(MODERN) and fits(variants.get("new-moon"))
    for name in ("classic", "spot", "omnibus", "black-maria", "two-handed", "cancellation"):
        assert not fits(variants.get(name)), name
    assert not fits(MODERN.replace(settlement={"method": "points", "moon": "off"}))


def test_a_snapshot_is_the_referees_position_seat_by_seat() -> None:
    # Trick one: 2C 3C 4C 8C (seat 3 takes it), then seat 3 leads 2S and seat 0 plays QS on it.
    deal = deal_after("2C 3C 4C 8C 2S 4S")
    state = dict(zip(SNAPSHOT_FIELDS, snapshot(deal), strict=True))
    assert state["hand0"] == mask("5C 9C QC 3D 7D KD 8S QS AS 6H JH")
    assert state["hand3"] == mask("6D TD JD QD 3S 7S JS 4H 5H 9H TH")
    assert [state[f"trick{s}"] for s in range(4)] == [mask("4S"), 0, 0, mask("2S")]
    assert state["taken3"] == mask("2C 3C 4C 8C") and state["taken0"] == 0
    assert (state["to_act"], state["leader"], state["broken"], state["tricks"]) == (1, 3, 0, 1)


def test_the_inputs_are_read_from_the_evaluating_seats_side() -> None:
    deal = deal_after("2C 3C 4C 8C 2S QS")  # seat 0 sheds nothing yet: the Q♠ follows suit
    state = snapshot(deal)
    rows = encode([state] * 4, [0, 1, 2, 3])
    assert rows.shape == (4, FEATURES) and rows.dtype == np.float32
    hands = rows[:, : 4 * 52].reshape(4, 4, 52)
    # Seen from seat 1, its own cards come first and seat 0's last.
    assert np.array_equal(hands[1][0], hands[0][1]) and np.array_equal(hands[1][3], hands[0][0])
    assert hands[0][0].sum() == 11 and hands[0][3].sum() == 11  # (one played to each trick)
    tail = rows[:, 4 * 52 * 2 :]
    hearts, queen, counted = tail[:, 0:4], tail[:, 4:8], tail[:, 8:12]
    assert not hearts.any() and not queen.any() and not counted.any()
    act, lead = tail[:, 12:16], tail[:, 16:20]
    assert act[0].tolist() == [0, 1, 0, 0] and act[1].tolist() == [1, 0, 0, 0]  # seat 1 to act
    assert lead[0].tolist() == [0, 0, 0, 1] and lead[3].tolist() == [1, 0, 0, 0]  # seat 3 led
    broken, first, tricks = tail[0, 20:23]
    assert broken == 1 and first == 0 and tricks == pytest.approx(1 / 13)  # the Q♠ breaks them


def test_the_points_taken_are_read_seat_by_seat() -> None:
    deal = deal_after("2C 3C 4C 8C 2S QS 5S 6S")  # seat 0 takes its own Q♠
    assert QUEEN_OF_SPADES in deal.taken(0)
    rows = encode([snapshot(deal)] * 2, [0, 2])
    tail = rows[:, 4 * 52 * 2 :]
    assert tail[0, 4:8].tolist() == [1, 0, 0, 0]  # from its own side, the first seat
    assert tail[1, 4:8].tolist() == [0, 0, 1, 0]  # from seat 2's side, the seat across
    assert tail[1, 8:12].tolist() == [0, 0, 1, 0] and not tail[:, 0:4].any()  # (no heart)


def test_bad_positions_and_bad_models_are_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="rows of 16 numbers"):
        encode([(1, 2, 3)], [0])
    with pytest.raises(InvalidArgument, match="not a value model"):
        ValueModel((np.zeros((3, 2), dtype=np.float32),))
    with pytest.raises(InvalidArgument, match="cannot read a value model"):
        ValueModel.load("/nonexistent/model.npz")


def test_model_files_that_are_not_a_value_model_are_refused_in_a_sentence(
    tmp_path: Path,
) -> None:
    """An .npy (one array), layers that do not fit one another, scalars, and another network
    (a model of play's shapes: 272 inputs, 52 outputs) are each refused when read, never left to fail in the middle of a game."""
    weights = [np.asarray(w) for w in shipped_model().weights]
    np.save(tmp_path / "one.npy", weights[0])
    with pytest.raises(InvalidArgument, match=r"not an \.npz of the layers w1 b1 w2 b2 w3 b3"):
        ValueModel.load(tmp_path / "one.npy")
    (tmp_path / "text.npz").write_text("not weights")  # (NumPy would call it a pickle)
    with pytest.raises(InvalidArgument, match=r"text\.npz: not an \.npz of the layers w1 b1"):
        ValueModel.load(tmp_path / "text.npz")
    np.savez(tmp_path / "short.npz", w1=weights[0])
    with pytest.raises(InvalidArgument, match=r"short\.npz: it has no layer b1, w2, b2, w3, b3$"):
        ValueModel.load(tmp_path / "short.npz")
    names = ("w1", "b1", "w2", "b2", "w3", "b3")
    bad = {**dict(zip(names, weights, strict=True)), "w2": np.zeros((100, 128))}
    np.savez(tmp_path / "misfit.npz", **bad)
    with pytest.raises(InvalidArgument, match="not a value model: layers of shapes"):
        ValueModel.load(tmp_path / "misfit.npz")
    np.savez(tmp_path / "scalars.npz", **{name: np.float32(1) for name in names})
    with pytest.raises(InvalidArgument, match="not a value model"):
        ValueModel.load(tmp_path / "scalars.npz")
    shapes = {"w1": (272, 16), "b1": (16,), "w2": (16, 8), "b2": (8,), "w3": (8, 52), "b3": (52,)}
    np.savez(tmp_path / "policy.npz", **{name: np.zeros(shape) for name, shape in shapes.items()})
    with pytest.raises(InvalidArgument, match="not a value model"):
        ValueModel.load(tmp_path / "policy.npz")


def test_a_model_saved_is_the_model_loaded(tmp_path: object) -> None:
    model = shipped_model()
    path = f"{tmp_path}/copy.npz"
    model.save(path)
    again = ValueModel.load(path)
    states = [snapshot(deal_after("2C 3C 4C 8C"))]
    assert np.array_equal(model.points(states, [0]), again.points(states, [0]))


def test_the_worth_of_a_position_is_the_others_mean_points_less_ones_own() -> None:
    model = shipped_model()
    states = [snapshot(deal_after("2C 3C 4C 8C 2S"))] * 2
    points = model.points(states, [0, 1])
    scores = model.scores(states, [0, 1])
    assert scores[0] == pytest.approx(points[0][1:].mean() - points[0][0], abs=1e-5)
    assert scores[1] == pytest.approx(points[1][1:].mean() - points[1][0], abs=1e-5)


def queen_hater() -> ValueModel:
    """A model that thinks a seat still holding the Q♠ takes 13 points, nobody else any."""
    w1 = np.zeros((FEATURES, 4), dtype=np.float32)
    for seat in range(4):
        w1[seat * 52 + 10 + 13 * 2 + 0, seat] = 1.0  # (spades: the third suit; the Q♠ is 10)
    w2 = np.eye(4, dtype=np.float32)
    w3 = np.eye(4, dtype=np.float32) * 0.5
    zero = np.zeros(4, dtype=np.float32)
    return ValueModel((w1, zero, w2, zero, w3, zero))


def test_the_expert_with_a_value_model_plays_the_card_the_model_judges_best() -> None:
    # Seat 0 may follow the 2♠ with the 4♠, 8♠, Q♠ or A♠: this model only minds who holds the
    # Q♠, so the expert sheds it (with the model shipped, or none, it need not).
    deal = deal_after("2C 3C 4C 8C 2S")
    assert Card.parse("QS") in deal.legal_moves()
    bot = ExpertBot(seed=1, samples=12, value=queen_hater())
    analysis = bot.analyse(deal.view(0))
    assert analysis.searched and analysis.move == Card.parse("QS")
    # Shed, nobody holds it (0 points each); kept, seat 0 takes 13 and the others none.
    assert dict(analysis.scores) == pytest.approx(
        {Card.parse("QS"): 0.0, **{Card.parse(c): -13.0 for c in ("4S", "8S", "AS")}}, abs=1e-4
    )


def test_the_expert_uses_the_model_only_when_asked_and_where_it_fits() -> None:
    deal = deal_after("2C 3C 4C 8C 2S")
    view = deal.view(0)
    with_model = ExpertBot(seed=1, samples=12, value=True)
    assert with_model.problem(view).model is shipped_model()  # type: ignore[union-attr]
    assert ExpertBot(seed=1, samples=12).problem(view).model is None  # type: ignore[union-attr]
    classic = Deal.from_hands(variants.get("classic"), HANDS, pass_direction="hold")
    classic.play("2C")
    assert with_model.problem(classic.view(1)).model is None  # type: ignore[union-attr]
    with pytest.raises(InvalidArgument, match="value must be True, False or a ValueModel"):
        ExpertBot(value="yes")  # type: ignore[arg-type]


def test_the_expert_with_the_model_is_pickled_with_it_and_plays_legally() -> None:
    bot = pickle.loads(pickle.dumps(ExpertBot(seed=2, samples=6, value=True)))
    assert bot.value is True and bot.options()["value"] is True
    game = Game(MODERN, seed=11)
    while not game.deal.is_over:
        seat = game.to_act
        assert seat is not None
        move = bot.choose(game.view(seat))
        assert move in game.legal_moves(seat)
        game.play(move, seat)
