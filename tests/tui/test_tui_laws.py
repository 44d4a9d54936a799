"""The laws at the terminal table (``hearts play --laws``, hearts.tui.laws): a revoke offered
when the core refuses a card and played once confirmed (law 22), taken back while its trick is on
the table (law 22), an exposed card called (law 19), claims made by the person and by the bots
and judged when the hand is played out (laws 23-26), the cards gathered; all by keys, as a
person plays. The bots answer as at the server's tables, each at its turn."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from conftest import Driver

from hearts import bots, variants
from hearts.cards import Card
from hearts.deal import Phase
from hearts.events import CardCalled, CardPlayed, ClaimJudged, RevokeClaimed, RevokeCorrected
from hearts.game import Game
from hearts.moves import Correct, Revoke
from hearts.observation import SeatView
from hearts.tui.app import HeartsApp, card_keys
from hearts.tui.session import ME, Session

Play = Callable[..., HeartsApp]
LAWS = variants.get("modern").replace(laws=True)


def laws_session(seed: int = 5) -> Session:
    """A modern game by the laws against three basic bots."""
    return Session.new(LAWS, ["basic"] * 3, seed=seed, variant="modern by the laws")


class Held:
    """A basic bot that, while ``holding``, waits before its card in a trick the person has
    played to until let ``go``: the trick stays on the table as long as the test needs."""

    name = "basic"

    def __init__(self) -> None:
        self.bot = bots.get("basic")
        self.go = threading.Event()
        self.holding = False

    def choose(self, view: SeatView) -> Any:
        if self.holding and view.phase is Phase.PLAY and any(s == ME for s, _ in view.trick):
            assert self.go.wait(60), "the test never let the bot go"
        return self.bot.choose(view)


def revoke_card(view: SeatView) -> Card | None:
    """A card of the person's that would revoke now: off the suit led, the suit led held."""
    if not view.my_turn or view.phase is not Phase.PLAY or not view.trick:
        return None
    led = view.trick[0][1].suit
    if not any(card.suit is led for card in view.hand):
        return None
    return next((card for card in view.hand if card.suit is not led), None)


def key_line(d: Driver) -> str:
    return str(d.app.query_one("#keys").render())


def test_laws_a_revoke_is_offered_confirmed_played_then_claimed_by_a_bot_and_upheld(
    play: Play,
) -> None:
    """Law 22: a card that does not follow is refused with the reason and offered as a revoke
    (``r``, on the key line), nothing changed; ``r`` plays it. The bots see a card played; once
    the person plays the suit they showed out of, a bot claims (laws 25-26); when the hand is
    played out the claim is judged and stands, said on the line below; Enter gathers."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        for _ in range(300):
            await d.settle()
            if len(d.app.screen_stack) > 1:
                seen["summary"] = " ".join(d.text().split())
                break  # the hand's summary
            view = d.app.view
            card = revoke_card(view)
            if "revoked" not in seen and card is not None:
                await d.press(*card_keys(card), "enter")
                await d.until(lambda: "r revoke" in key_line(d), "the revoke offered")
                assert "r: revoke, law 22" in d.app.last_message
                assert "You must follow suit" in d.app.last_message
                assert card in d.app.view.hand and d.app.view.trick == view.trick  # nothing moved
                assert f"r: play the {card.symbol} anyway" in d.text()
                await d.press("r")
                await d.until(lambda: d.app.view.laws.revokes, "the revoke played")
                seen["revoked"] = card
                continue
            if view.phase is Phase.GATHER and view.my_turn:
                seen["gather"] = (key_line(d), d.text())
                await d.press("enter")
                continue
            await d.move()
        else:
            raise AssertionError("the hand did not end")
        seen["events"] = d.app.session.game.hands[0].events

    play(scenario, laws_session())
    assert "revoked" in seen
    events = seen["events"]
    claims = [e for e in events if isinstance(e, RevokeClaimed)]
    assert claims and claims[0].accused == ME and claims[0].seat != ME  # a bot claimed
    judged = [e for e in events if isinstance(e, ClaimJudged)]
    assert judged and judged[0].upheld and judged[0].revokes[0][1] == seen["revoked"]
    assert "claim against you stands" in seen["summary"]  # (the hand's summary says it)
    if "gather" in seen:  # the person let the cards be gathered by Enter, as the key line says
        keys, _ = seen["gather"]
        assert keys.startswith("Enter gather")


def test_laws_the_person_claims_by_keys_and_the_claim_is_judged_void(play: Play) -> None:
    """Laws 25-26: ``c`` asks which seat (the seats the view says may be claimed against, by
    number; the key line says them), a number claims; the seat's frame says "claimed"; when the
    hand is played out the claim is judged (the bots never revoke: void), and said."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        for _ in range(300):
            await d.settle()
            if len(d.app.screen_stack) > 1:
                break
            view = d.app.view
            if "claimed" not in seen and view.phase is Phase.PLAY and 2 in view.laws.claimable:
                await d.press("c")
                await d.until(lambda: "2: North" in key_line(d), "the seats to claim against")
                assert "Claim a revoke by which seat?" in d.text()
                await d.press("2")
                await d.until(lambda: d.app.view.laws.pending == (2,), "the claim made")
                assert "You claim that North revoked" in d.app.last_message
                assert d.app.query_one("#seat-2").border_subtitle == "claimed"
                seen["claimed"] = True
                continue
            if view.phase is Phase.GATHER:
                seen["judged"] = d.app.last_message
                seen["badge"] = d.app.query_one("#seat-2").border_subtitle
            await d.move()
        seen["events"] = d.app.session.game.hands[0].events

    play(scenario, laws_session(seed=8))
    assert seen.get("claimed")
    judged = [e for e in seen["events"] if isinstance(e, ClaimJudged)]
    assert [(e.seat, e.accused, e.upheld) for e in judged] == [(ME, 2, False)]
    assert "Your claim against North is void" in seen["judged"]
    assert seen["badge"] == "claim void"


def test_laws_a_revoke_is_taken_back_while_its_trick_is_on_the_table(play: Play) -> None:
    """Law 22: after the person's revoke, while the next seat has not played (held), ``b`` takes
    it back: the card returns to the hand, exposed (the hand's frame says so), and the person
    plays again, following suit; the bots then go on."""
    session = laws_session(seed=5)
    held = Held()
    session.bots[1] = held  # type: ignore[assignment]
    seen: dict[str, Any] = {}

    async def take_back(d: Driver, card: Card) -> None:
        held.holding = True  # West, next after the person, waits
        await d.press(*card_keys(card), "enter", "r")
        await d.until(lambda: "b take it back" in key_line(d), "the revoke on the table")
        assert d.app.view.laws.revokes and card not in d.app.view.hand
        await d.press("b")
        await d.until(lambda: card in d.app.view.hand, "the revoke taken back")
        seen["exposed"] = d.app.view.laws.exposed[ME]
        seen["badge"] = d.app.query_one("#hand").border_subtitle
        seen["message"] = d.app.last_message
        held.holding = False
        held.go.set()
        await d.settle()
        follow = d.app.view
        seen["legal"] = list(follow.legal_moves)
        await d.move()
        await d.until(
            lambda: (
                any(s == ME for s, _ in d.app.view.trick)
                or len(d.app.view.tricks) > len(follow.tricks)
            ),
            "the person's card played, following suit",
        )
        seen["events"] = list(d.app.view.events)

    async def scenario(d: Driver) -> None:
        for _ in range(300):
            await d.settle()
            view = d.app.view
            card = revoke_card(view)
            if card is not None and len(view.trick) < 3 and view.to_act == ME:
                seen["card"] = card
                await take_back(d, card)
                return
            if len(d.app.screen_stack) > 1:
                await d.press("enter")
                continue
            await d.move()
        raise AssertionError("no revoke could be made with a seat after the person")

    play(scenario, session)
    card = seen["card"]
    assert card in seen["exposed"] and seen["badge"] == f"exposed {card.symbol}"
    assert "You take back the revoked" in seen["message"]
    # The person plays again and must follow: no card of the revoked card's suit is offered.
    assert all(isinstance(m, Card) and m.suit is not card.suit for m in seen["legal"])
    assert any(isinstance(e, RevokeCorrected) and e.seat == ME for e in seen["events"])


def _exposed_for_west(seed: int) -> Game | None:
    """A game by the laws in which West revoked and took it back (its card exposed, law 22),
    played on by the basic player until the person is to lead and holds that card's suit, with
    the card still in West's hand; None if this seed gives none."""
    game = Game(LAWS, seed=seed)
    basic = bots.get("basic")
    exposed: Card | None = None
    for _ in range(400):
        if game.is_over or len(game.hands) > 1:
            return None
        deal = game.deal
        view = game.view(game.to_act or 0)
        if deal.phase is Phase.PASS:
            for seat in range(4):
                if deal.passed(seat) is None:
                    game.play(basic.choose(game.view(seat)), seat=seat)
            continue
        seat = game.to_act
        if exposed is None and seat == 1 and view.trick and len(view.trick) < 3:
            led = view.trick[0][1].suit
            off = [c for c in view.hand if c.suit is not led and c.suit.letter != "H"]
            if off and any(c.suit is led for c in view.hand):
                game.play(Revoke(off[0]), seat=1)
                game.play(Correct(), seat=1)
                exposed = off[0]
                continue
        if (
            exposed is not None
            and seat == ME
            and not view.trick
            and exposed in game.view(1).hand
            and any(isinstance(m, Card) and m.suit is exposed.suit for m in view.legal_moves)
        ):
            return game
        assert seat is not None
        game.play(basic.choose(view), seat=seat)
    return None


def test_laws_an_exposed_card_is_called_by_key_and_must_be_played(play: Play) -> None:
    """Law 19: West's exposed card (a revoke it took back) is on its frame; the person leads its
    suit, and while West is to play, ``e`` calls it (the key line offers it); West plays it."""
    game = next(g for seed in range(40) if (g := _exposed_for_west(seed)) is not None)
    exposed = next(iter(game.view(ME).laws.exposed[1]))
    session = Session(game, ("basic",) * 3, seed=1, variant="modern by the laws")
    held = Held()
    held.holding = True  # (from the start: no answer of West's is worked out ahead)
    session.bots[1] = held  # type: ignore[assignment]
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert d.app.query_one("#seat-1").border_subtitle == f"exposed {exposed.symbol}"
        lead = next(
            m for m in d.app.view.legal_moves if isinstance(m, Card) and m.suit is exposed.suit
        )
        await d.press(*card_keys(lead), "enter")
        await d.until(lambda: f"e call {exposed.symbol}" in key_line(d), "the call offered")
        await d.press("e")
        await d.until(lambda: d.app.view.laws.called == exposed, "the card called")
        seen["message"] = d.app.last_message
        held.holding = False
        held.go.set()
        await d.until(
            lambda: any(
                isinstance(e, CardPlayed) and e.seat == 1 and e.card == exposed
                for e in d.app.view.events
            ),
            "West playing the card called",
        )
        seen["events"] = list(d.app.view.events)

    play(scenario, session)
    calls = [e for e in seen["events"] if isinstance(e, CardCalled)]
    assert [(c.seat, c.owner, c.card) for c in calls] == [(ME, 1, exposed)]
    assert f"You call West's exposed {exposed.symbol}" in seen["message"]
