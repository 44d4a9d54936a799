"""The server through its ASGI app (hearts.server.app, hearts.server.tables): the lobby over
HTTP, the tables over WebSockets, seats and tokens, bots, grace periods, watchers."""

from __future__ import annotations

import asyncio
import inspect
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import bots, variants, verify
from hearts.cards import FULL_PACK, CardSet
from hearts.errors import HeartsError, IllegalMove
from hearts.server import ServerConfig, botpool, create_app
from hearts.server.store import Store
from hearts.server.tables import for_people

from .players import PERSON, bot, hello, make, play_until


def test_a_table_is_made_joined_by_code_and_a_hand_played_to_its_end_with_its_deal_revealed(
    http: TestClient,
) -> None:
    made = make(http, [PERSON, PERSON, bot(), bot()], name="Ann")
    code, table = made["code"], made["table"]["id"]
    assert made["seat"] == 0 and made["link"] == f"/t/{table}" and len(code) == 6
    joined = http.post(f"/api/tables/{code.lower()}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    info = http.get(f"/api/tables/{code}").json()
    assert [seat["name"] for seat in info["seats"]][:2] == ["Ann", "Bob"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as one,
        http.websocket_connect(f"/ws/tables/{table}") as two,
    ):
        ann, bob = hello(one, made["token"]), hello(two, joined["token"])
        assert ann.state is not None and ann.state["view"]["phase"] == "pass"
        commitment = ann.state["view"]["commitment"]
        play_until([ann, bob], lambda: any(m["type"] == "reveal" for m in ann.seen))
        reveals = [m for m in ann.seen if m["type"] == "reveal"]
        assert reveals[0]["hand_number"] == 0 and reveals[0]["commitment"] == commitment
        bob.current()  # (every message sent to Bob before now read)
        assert any(m["type"] == "reveal" for m in bob.seen)
        state = ann.current()
        assert state["view"]["hand_number"] == 1  # (dealt on at once)


def test_an_illegal_move_gets_its_sentence_and_changes_nothing(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")  # no pass: bots lead
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        before = ann.my_turn()
        # (a card this seat does not hold: refused whoever leads and whatever was dealt)
        held = set(before["view"]["hand"])
        card = next(str(c) for c in CardSet(FULL_PACK) if str(c) not in held)
        ann.send({"type": "move", "move": card, "ref": 7})
        error = ann.until("error")
        assert error["code"] == "illegal" and error["ref"] == 7
        assert error["message"] and "Traceback" not in error["message"]
        ann.send({"type": "sync"})
        again = ann.until("state")
        assert again["view"] == before["view"] and again["seq"] == before["seq"]


def test_a_wrong_or_missing_token_is_refused(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()])
    table = made["table"]["id"]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "version": 1, "token": "not-a-token"}))
        error = json.loads(socket.receive_text())
        assert error["type"] == "error" and error["code"] == "unauthorized"
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"type": "move", "move": "2C"}))
        error = json.loads(socket.receive_text())
        assert error["type"] == "error" and error["code"] == "unauthorized"
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"type": "hello", "version": 1}))
        assert json.loads(socket.receive_text())["code"] == "unauthorized"


def test_a_player_acts_only_for_their_own_seat(http: TestClient) -> None:
    made = make(http, [PERSON, PERSON, bot(), bot()], variant="classic")  # no pass: seat 1 leads
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    table = made["table"]["id"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as one,
        http.websocket_connect(f"/ws/tables/{table}") as two,
    ):
        ann, bob = hello(one, made["token"]), hello(two, joined["token"])
        state = bob.my_turn()
        assert state["turn"] == 1
        ann.send({"type": "move", "move": state["view"]["legal_moves"][0]})
        assert ann.until("error")["code"] == "not_your_turn"
        ann.send({"type": "move", "move": "2C", "seat": 1})  # no such field: a seat is its token's
        assert ann.until("error")["code"] == "bad_message"


def test_a_watcher_sees_the_table_and_no_hand(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], public=True)
    table = made["table"]["id"]
    listed = http.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        watcher = hello(socket, watch=True)
        assert watcher.seen[0]["seat"] is None
        view = watcher.state["view"] if watcher.state else {}
        assert "hand" not in view and "legal_moves" not in view and len(view["hand_sizes"]) == 4
        watcher.send({"type": "move", "move": "2C"})
        assert watcher.until("error")["code"] == "unauthorized"


def test_rejoining_with_the_token_restores_the_seat_and_the_whole_state(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()])
    table = made["table"]["id"]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        ann = hello(socket, made["token"])
        ann.my_turn()
        ann.play()
        before = ann.my_turn()
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        again = hello(socket, made["token"])
        assert again.seen[0]["seat"] == 0
        assert again.state is not None and again.state["view"] == before["view"]


def test_a_dropped_player_is_played_for_after_the_grace_period_and_gets_the_seat_back(
    http: TestClient,
) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], grace=0.2)
    table = made["table"]["id"]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        watcher = hello(socket, watch=True)
        with http.websocket_connect(f"/ws/tables/{table}") as mine:
            ann = hello(mine, made["token"])
            ann.my_turn()
        # Ann has gone, in the pass: after 0.2 s a bot passes for her and plays on.
        for _ in range(3000):
            state = watcher.until("state")
            if state["seats"][0]["status"] == "substitute" and state["view"]["phase"] == "play":
                break
        else:
            raise AssertionError("no bot played for the player who dropped")
        with http.websocket_connect(f"/ws/tables/{table}") as mine:
            ann = hello(mine, made["token"])
            assert ann.state is not None and ann.state["seats"][0]["status"] == "connected"
            state = ann.my_turn()
            seq = state["seq"]
            time.sleep(0.5)  # her turn stays hers: no bot moves for her now
            ann.send({"type": "sync"})
            assert ann.until("state")["seq"] == seq


def test_bad_lobby_requests_get_one_sentence(http: TestClient) -> None:
    for body, words in (
        ({"variant": "modrn"}, "did you mean modern"),
        ({"seats": [bot(), bot(), bot(), bot()]}, "at least one seat for a person"),
        ({"seats": [PERSON, bot("nobody"), bot(), bot()]}, "there is no bot 'nobody'"),
        ({"options": {"bogus": 1}}, "bogus"),
        ({"timer": -3}, "timer"),
    ):
        reply = http.post("/api/tables", json=body)
        assert 400 <= reply.status_code < 500, (body, reply.text)
        message = reply.json()["error"]
        assert words in message and "Traceback" not in message and "\n" not in message
    broken = http.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422
    assert broken.json()["error"] == "the request's body is not JSON: send a JSON object"
    assert http.get("/api/tables/NOPE42").status_code == 404
    assert http.post("/api/tables/NOPE42/join", json={}).status_code == 404


def test_the_lobby_documents_itself_and_says_it_is_healthy(http: TestClient) -> None:
    schema = http.get("/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/tables/{key}/join" in schema["paths"]
    assert http.get("/healthz").json()["ok"] is True
    assert "<title>Hearts</title>" in http.get("/").text
    assert {v["name"] for v in http.get("/api/variants").json()} == set(variants.VARIANTS)


def test_the_lobby_offers_the_levels_first_then_the_bots_and_seats_a_level(
    http: TestClient,
) -> None:
    """/api/bots lists the levels (easy, medium, hard: hearts.bots.levels), easiest first, then
    the bots by name; a level fills a seat like any bot, and a misspelt one is refused."""
    assert http.get("/api/bots").json() == bots.known()
    assert http.get("/api/bots").json()[:3] == ["easy", "medium", "hard"]
    made = make(http, [PERSON, bot("hard"), bot("medium"), bot("easy")], variant="modern")
    assert [seat["bot"] for seat in made["table"]["seats"]][1:] == ["hard", "medium", "easy"]
    seats = [PERSON, bot("hrad"), bot(), bot()]
    refused = http.post("/api/tables", json={"variant": "modern", "seats": seats})
    assert refused.status_code == 400 and "did you mean hard?" in refused.text


def test_the_presets_say_how_many_may_play_them_and_the_page_is_served(http: TestClient) -> None:
    """/api/variants gives the numbers of players a table of each preset may have (those a
    table is made with), its title and rules; the page's files are served under /static."""
    listed = {v["name"]: v for v in http.get("/api/variants").json()}
    assert listed["modern"]["counts"] == [3, 4, 5, 6] and listed["two-handed"]["counts"] == [2]
    assert listed["modern"]["rules"] == variants.get("modern").to_dict()
    assert listed["black-maria"]["title"] == variants.variant("black-maria").title
    for name, preset in listed.items():
        assert preset["players"] in preset["counts"], name
    made = make(http, [PERSON, PERSON, PERSON], variant="modern", players=3)
    assert made["table"]["players"] == 3
    for path in ("/static/app.js", "/static/table.js", "/static/cards.js", "/static/app.css"):
        assert http.get(path).status_code == 200, path
    assert http.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert http.get("/static/nothing.js").status_code == 404
    assert http.get("/static/app.py").status_code == 404  # (only the page's kinds of file)
    assert http.get("/static/%2e%2e%2fapp.js").status_code == 404
    assert (
        '<script type="module" src="/static/app.js">' in http.get(f"/t/{made['table']['id']}").text
    )


def test_a_finished_game_is_listed_and_its_record_verifies_every_deal(http: TestClient) -> None:
    """The game's end: `over` says where the record is; the record (its seed now revealed)
    passes `hearts verify`; once nobody is at the table it leaves memory, and the record is
    still served from the store."""
    made = make(
        http, [PERSON, bot(), bot(), bot()], options={"end": "deals", "deals": 1}, public=True
    )
    table = made["table"]["id"]
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        ann = hello(socket, made["token"])
        play_until([ann], lambda: any(m["type"] == "over" for m in ann.seen))
        over = next(m for m in ann.seen if m["type"] == "over")
        assert over["record"] == f"/api/games/{table}/record"
        assert http.get(f"/api/tables/{table}").json()["over"] is True
    assert table not in http.app.state.hub.tables  # type: ignore[attr-defined]
    listed = http.get("/api/games").json()
    assert [game["id"] for game in listed] == [table]
    kept = http.get(over["record"]).json()
    report = verify.verify_record(kept)
    hands = sum(1 for event in kept["events"] if event["kind"] == "dealt")
    assert report.ok and report.lines() == [  # (one hand, or more while a tie goes on)
        f"hand {n}: commitment ✓, deal ✓, play ✓" for n in range(1, hands + 1)
    ]
    assert http.get(f"/api/games/{made['code']}/record").json() == kept


def test_a_game_still_being_played_gives_no_record(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()])
    reply = http.get(f"/api/games/{made['table']['id']}/record")
    assert reply.status_code == 409 and "still being played" in reply.json()["error"]
    assert http.get("/api/games/nothing-here/record").status_code == 404


def test_a_turn_timer_run_out_has_the_stand_in_make_that_one_move(http: TestClient) -> None:
    """With a timer, the person to move is told when it runs out (``deadline``); once it has,
    the stand-in bot makes that move for them, and the seat stays theirs."""
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic", timer=0.3)
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        state = ann.my_turn()
        assert state["deadline"] is not None and state["deadline"] > state["server_time"]
        cards = len(state["view"]["hand"])
        for _ in range(50):  # Ann does nothing
            message = ann.next()
            if message["type"] == "state" and len(message["view"]["hand"]) < cards:
                break
        else:
            raise AssertionError("the timer ran out and nothing was played")
        played = [e for e in message["events"] if e["kind"] == "card_played" and e["seat"] == 0]
        assert played and message["seats"][0]["status"] == "connected"


def test_searching_bots_think_in_a_worker_process_within_the_servers_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Experts choose in the pool's process, each move asked with the server's bot_think as its
    bound (here 0.05 s, though the table asks for 5 s) and made in far less than the table asked
    (each once the worker is up: on a busy machine its start alone may take seconds); the loop
    serves the lobby meanwhile."""
    asked: list[tuple[float | None, float]] = []  # (the bound each move is asked with, seconds)
    real = botpool.BotPool.choose
    signature = inspect.signature(real)

    async def timed(self: botpool.BotPool, *args: Any, **kwargs: Any) -> Any:
        think = signature.bind(self, *args, **kwargs).arguments["think"]
        start = time.monotonic()
        move = await real(self, *args, **kwargs)
        asked.append((think, time.monotonic() - start))
        return move

    monkeypatch.setattr(botpool.BotPool, "choose", timed)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=1, bot_think=0.05), store=store)
    with TestClient(app) as client:
        made = make(
            client,
            [PERSON, bot("expert"), bot("expert"), bot("expert")],
            variant="classic",
            think=5,
        )
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            ann = hello(socket, made["token"])
            assert client.get("/healthz").json()["ok"] is True  # (while the bots think)
            state = ann.my_turn()
            moves = [e for e in state["view"]["events"] if e["kind"] == "card_played"]
            assert [e["seat"] for e in moves] == [1, 2, 3]
        assert app.state.hub.pool.workers == 1
    store.close()
    assert [think for think, _ in asked] == [0.05, 0.05, 0.05]
    assert all(seconds < 5 for _, seconds in asked[1:]), asked  # (5 s: what the table asked)


def _revoke_chance(view: dict[str, Any]) -> str | None:
    """A card this seat could revoke with now (off the suit led while holding it), if any."""
    if view["phase"] != "play" or not view["trick"] or not view["legal_moves"]:
        return None
    led = view["trick"][0]["card"][-1]
    off = [card for card in view["hand"] if card[-1] != led]
    follows = any(card[-1] == led for card in view["hand"])
    return off[0] if off and follows else None


def test_by_the_laws_a_revoke_is_made_and_claimed_by_a_seat_whose_turn_it_is_not(
    http: TestClient,
) -> None:
    """Laws 22-26 online: Ann revokes (sent as 'revoke CARD'); the others see a card played;
    Bob, whose turn it is not, claims it at once; a claim of one's own revoke or of a seat
    that has played no card gets the core's sentence; the claim, to be judged at the end of
    the hand (law 25), is every client's news."""
    made = make(http, [PERSON, PERSON, bot(), bot()], variant="classic", options={"laws": True})
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    table = made["table"]["id"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as one,
        http.websocket_connect(f"/ws/tables/{table}") as two,
    ):
        ann, bob = hello(one, made["token"]), hello(two, joined["token"])
        bob.send({"type": "move", "move": "claim 0", "ref": 1})
        refused = bob.until("error")
        assert refused["code"] == "illegal" and "has played no card" in refused["message"]
        chance: list[str] = []

        def ann_may_revoke() -> bool:  # (read at a barrier: the position as it is now)
            assert ann.state is not None
            found = _revoke_chance(ann.state["view"])
            chance[:] = [found] if found else []
            return bool(found)

        play_until([ann, bob], ann_may_revoke)
        [revoked] = chance
        ann.send({"type": "move", "move": f"revoke {revoked}"})
        seen = bob.until("state")
        while not any(event.get("card") == revoked for event in seen["events"]):
            seen = bob.until("state")
        shown = next(event for event in seen["events"] if event.get("card") == revoked)
        assert shown["kind"] == "card_played" and shown["seat"] == 0  # (Bob cannot tell)
        play_until([bob], lambda: bob.state is not None and bob.state["turn"] == 0)
        assert bob.current()["turn"] == 0  # (until Ann, a person who will wait, is to play)
        ann.send({"type": "move", "move": "claim 0"})
        own = ann.until("error")
        assert own["code"] == "illegal" and "of its own" in own["message"]
        bob.send({"type": "move", "move": "claim 0"})
        claimed = bob.until("state")
        assert [e["kind"] for e in claimed["events"]] == ["revoke_claimed"]
        assert claimed["events"][0]["seat"] == 1 and claimed["events"][0]["accused"] == 0
        assert claimed["view"]["laws"]["claims"] == [0] and claimed["turn"] == 0
        assert claimed["view"]["laws"]["pending"] == [0]  # judged when the hand is played out
        assert claimed["view"]["laws"]["established"] == []
        news = ann.until("state")
        assert news["view"]["laws"]["claims"] == [0]
        assert [e["kind"] for e in news["events"]] == ["revoke_claimed"]


def test_a_turn_timer_runs_from_the_start_when_people_move_first(http: TestClient) -> None:
    """A table of people only, with a timer: nobody has moved yet, and still the first person
    to move has a deadline from the start, and the stand-in passes for them when it runs out."""
    made = make(http, [PERSON] * 4, timer=0.3)  # (modern: every seat passes; no bot moves first)
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        assert ann.state is not None and ann.state["deadline"] is not None
        for _ in range(50):
            message = ann.next()
            if message["type"] == "state" and message["events"]:
                break
        else:
            raise AssertionError("the timer ran out and nobody passed")
        assert [event["kind"] for event in message["events"]] == ["passed"]


def test_a_refusal_numbers_the_seats_from_one_as_the_page_and_the_lobby_do(
    http: TestClient,
) -> None:
    """The engine numbers seats from 0; a refusal the table sends names them from 1, read from
    the error's fields (part 5 of issue 40): the core's own refusal of a pass of a card not
    held is sent as for_people says it, and a refusal naming two seats as fields (another's
    turn) is numbered from 1, both of them."""
    made = make(http, [PERSON, bot(), bot(), bot()])  # modern: every seat passes first
    table = http.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        state = ann.current()
        held = state["view"]["hand"]
        other = next(card for card in ("2C", "3C", "4C", "5C") if card not in held)
        real, refused = table.game.play, []

        def spy(move: object, seat: int | None = None) -> object:
            try:
                return real(move, seat)
            except HeartsError as error:
                refused.append(error)
                raise

        table.game.play = spy
        ann.send({"type": "move", "move": f"pass {other} {held[0]} {held[1]}", "ref": 3})
        error = ann.until("error")
        assert error["code"] == "illegal" and error["ref"] == 3
        assert len(refused) == 1 and error["message"] == for_people(refused[0])
        assert "does not hold" in error["message"]

        def refuse(move: object, seat: int | None = None) -> None:
            raise IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=seat, to_act=2)

        table.game.play = refuse  # (as the core refuses once its raise sites name the fields)
        ann.send({"type": "move", "move": f"pass {held[0]} {held[1]} {held[2]}", "ref": 4})
        error = ann.until("error")
        assert error["ref"] == 4
        assert error["message"] == "it is seat 3's turn, not seat 1's", error["message"]


def test_no_client_is_sent_a_move_still_being_stored(http: TestClient) -> None:
    """A move is shown only once it is stored: a socket that says hello, or asks for the state
    again, while a move is being written is sent the state the store holds (here every write
    takes 0.3 s); so a person's turn always comes with its deadline. (CI once saw Ann's turn
    with no deadline: her hello came while the move before hers was being written.)"""
    hub: Any = http.app.state.hub  # type: ignore[attr-defined]
    real = hub.append
    committed: set[int] = set()

    async def slow(table_id: str, first: int, events: Any, status: str | None) -> None:
        await asyncio.sleep(0.3)
        await real(table_id, first, events, status)
        committed.add(first + len(events))

    hub.append = slow
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic", timer=60)
    committed.add(hub.tables[made["table"]["id"]].stored)
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        assert ann.state is not None and ann.state["seq"] in committed
        states = [ann.state]
        while not (states[-1]["view"]["legal_moves"] or states[-1]["view"]["choose"]):
            ann.send({"type": "sync"})
            message = ann.next()
            if message["type"] == "state":
                assert message["seq"] in committed, (message["seq"], sorted(committed))
                states.append(message)
        assert states[-1]["deadline"] is not None
        assert [e["seat"] for e in states[-1]["view"]["events"] if e["kind"] == "card_played"] == [
            1,
            2,
            3,
        ]


def test_a_client_too_slow_for_its_messages_is_let_go_without_an_error() -> None:
    """A client whose messages pile up beyond its queue is dropped (its sender cancelled); the
    socket's handler then ends it quietly: the cancellation does not escape as an error of the
    server's (uvicorn logged "Exception in ASGI application" for each such client)."""
    from hearts.server.app import _finish
    from hearts.server.tables import _QUEUE, Client

    async def scenario() -> None:
        stuck = asyncio.Event()

        async def send(text: str) -> None:
            await stuck.wait()  # (a client that never takes what it is sent)

        client = Client(send, ServerConfig(), address="192.0.2.1")
        for _ in range(_QUEUE + 2):
            client.put('{"type": "pong"}')
        assert client.closed.is_set()  # (dropped: its queue was full)
        await _finish(client)  # (raised CancelledError before)
        assert client.task.done()

    asyncio.run(scenario())
