"""The score sheet from the server: every state carries the game's finished hands (``hands``),
as the game's own hand_over and hand_settled events say them, to a seat and to a watcher who
comes late alike (docs/protocol.md, "The score sheet")."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from hearts import Game, variants
from hearts.events import HandOver, HandSettled
from hearts.server import wire

from .players import PERSON, Player, bot, hello, make, play_until


def test_hand_results_are_the_games_own_hand_over_and_settlement_in_order() -> None:
    """For a whole game of three hands: one result per settled hand, its numbers those of the
    events (nothing computed), the last totals the game's scores."""
    game = Game(variants.get("modern").replace(end="deals", deals=3), seed=8)
    rng = random.Random(2)
    seen = [0]
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())))
        results = wire.hand_results(game.events)
        assert len(results) == game.hands_over()
        seen.append(len(results))
    assert seen[-1] == 3 and sorted(seen) == seen  # (one more at each hand's end)
    overs = [e for e in game.events if isinstance(e, HandOver)]
    settled = [e for e in game.events if isinstance(e, HandSettled)]
    assert results == [
        {
            "hand_number": s.hand_number,
            "penalties": list(o.penalties),
            "points": list(o.points),
            "deltas": list(s.deltas),
            "totals": list(s.totals),
        }
        for o, s in zip(overs, settled, strict=True)
    ]
    assert [r["hand_number"] for r in results] == [0, 1, 2]
    assert results[-1]["totals"] == list(game.scores)


def _play_to_hand(player: Player, hands: int) -> dict[str, Any]:
    """Play this seat's moves until ``hands`` hands are over; the state then."""
    play_until([player], lambda: player.state is not None and len(player.state["hands"]) >= hands)
    assert player.state is not None
    return player.state


def test_every_state_carries_the_finished_hands_and_a_late_watcher_gets_them_at_once(
    http: TestClient,
) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")
    table = made["table"]["id"]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        ann = hello(socket, made["token"])
        assert ann.state is not None and ann.state["hands"] == []
        state = _play_to_hand(ann, 1)
        settled = [
            e for m in ann.seen if m["type"] == "state" for e in m["events"]
            if e["kind"] == "hand_settled"
        ]  # fmt: skip
        over = [
            e for m in ann.seen if m["type"] == "state" for e in m["events"]
            if e["kind"] == "hand_over"
        ]  # fmt: skip
        [row] = state["hands"]
        assert row["hand_number"] == 0
        assert row["deltas"] == settled[0]["deltas"] and row["totals"] == settled[0]["totals"]
        assert row["penalties"] == over[0]["penalties"] and row["points"] == over[0]["points"]
        assert row["totals"] == state["scores"]
        # Every state after the hand's end carries it, each client's alike.
        after = ann.seen.index(state)
        later = [m for m in ann.seen[after:] if m["type"] == "state"]
        assert later and all(m["hands"] == state["hands"] for m in later)
        with http.websocket_connect(f"/ws/tables/{table}") as other:
            watcher = hello(other, watch=True)
            assert watcher.state is not None
            assert watcher.state["hands"][: len(state["hands"])] == state["hands"]
            assert watcher.state["since"] == watcher.state["seq"]  # (no events: the sheet is there)
        # A new socket of the seat (a reload, another device) gets it in its first state too.
        with http.websocket_connect(f"/ws/tables/{table}") as again:
            back = hello(again, made["token"])
            assert back.state is not None and back.state["hands"] == ann.current()["hands"]
