"""The laws at a real table (laws 19, 22–27): revokes, corrections, calls, claims, gathering.

Without the laws option the engine makes every irregularity impossible. With it, a seat may
revoke (play off the suit led while holding it), correct the revoke before the trick is quitted
(law 22: its card is then exposed, and those after it take theirs back), any other seat may call
an exposed card the seat to play could lawfully play (law 19), and any seat may claim that
another revoked until every seat has let the cards be gathered for the next deal (laws 25–26).
A claim is recorded for all to see and judged when the hand has been played out (law 23: the
hand is played out; law 25: the claimant searches the tricks at the end of the hand), so it
tells nobody anything before then: whether it is refused depends on public facts only. The
search finds the accused's revokes made before the claim and not corrected in time; if there
is one, the claim is upheld and the revoke established, to be paid for in the settlement (laws
23–24); if not, the claim is void (our reading: the laws name no penalty for it).

>>> from hearts import variants
>>> Laws.applies(variants.get("classic").replace(laws=True))
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from hearts.cards import SUIT_MASKS, Card, CardSet
from hearts.errors import IllegalMove, InvalidArgument
from hearts.events import (
    CardCalled,
    CardPlayed,
    ClaimJudged,
    Event,
    Gathered,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
)
from hearts.hand.mechanic import Hand, Mechanic
from hearts.hand.phase import Phase
from hearts.moves import LAWS_MOVES, Call, Claim, Correct, Gather, Move, Revoke
from hearts.rules import Rules

__all__ = ["Laws", "LawsView"]

_PLAY, _GATHER, _OVER = Phase.PLAY, Phase.GATHER, Phase.OVER

_NOTHING_TO: dict[str, str] = {
    "revoke": "revoke: you must follow suit",
    "correct": "correct",
    "claim": "claim: nobody can revoke",
    "call": "call: no card is ever exposed",
    "gather": "gather: the next hand is dealt at once",
}


@dataclasses.dataclass(frozen=True, slots=True)
class LawsView:
    """The laws option, as one seat sees it (laws 19, 22–26)."""

    exposed: tuple[CardSet, ...]
    """Each seat's exposed cards still in its hand (law 22), face up for all."""
    claims: tuple[int, ...]
    """The seats claimed against this hand (laws 25–26), judged or not."""
    called: Card | None
    """The exposed card the seat to act is called on to play (law 19)."""
    revokes: tuple[tuple[int, Card], ...]
    """This seat's own revokes not corrected, as (trick number, card): a seat knows its own;
    the others' it must find out."""
    pending: tuple[int, ...] = ()
    """The seats claimed against whose claims wait for the end of the hand to be judged."""
    established: tuple[int, ...] = ()
    """The seats whose revoke a claim judged at the end of the hand has established (laws
    23–25); a seat in ``claims`` that is in neither this nor ``pending`` was claimed against in
    vain (every claim against it void)."""
    claimable: tuple[int, ...] = ()
    """The seats this seat may claim against now (public facts only: not itself, a seat that
    has played a card this hand and has not been claimed against since, before the cards are
    gathered); a watcher's: none."""


class Laws(Mechanic):
    """Revokes as (seat, trick number, card, place in the hand's log) until corrected; the
    claims, as (claimant, accused, place in the log, judgement: None until judged); the exposed
    cards of each seat; a call waiting on the seat to act; who let the cards be gathered."""

    __slots__ = ("called", "claims_made", "exposed", "gathered", "revokes")

    phases: ClassVar = (_GATHER,)
    moves: ClassVar = LAWS_MOVES
    hooks: ClassVar = frozenset({"laws", "at_finish"})

    def __init__(self, hand: Hand) -> None:
        players = hand.rules.players
        self.revokes: list[tuple[int, int, Card, int]] = []
        self.claims_made: list[tuple[int, int, int, bool | None]] = []
        self.exposed = [0] * players
        self.called: tuple[int, Card] | None = None
        self.gathered = [False] * players

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.laws

    @classmethod
    def absent(cls, move: Move) -> str:
        what = type(move).__name__.lower()
        return (
            f"there is no {what} without the laws option (Rules(laws=True)): the engine "
            f"makes every irregularity impossible, so there is nothing to {_NOTHING_TO[what]}"
        )

    # ------------------------------------------------------------------ state

    def copy(self) -> Laws:
        other = object.__new__(Laws)
        other.revokes = self.revokes.copy()
        other.claims_made = self.claims_made.copy()
        other.exposed = self.exposed.copy()
        other.called = self.called
        other.gathered = self.gathered.copy()
        return other

    def save(self) -> Any:
        return (
            tuple(self.revokes),
            tuple(self.claims_made),
            tuple(self.exposed),
            self.called,
            tuple(self.gathered),
        )

    def load(self, state: Any) -> None:
        revokes, claims_made, exposed, self.called, gathered = state
        self.revokes = list(revokes)
        self.claims_made = list(claims_made)
        self.exposed = list(exposed)
        self.gathered = list(gathered)

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        # Exposed cards, claims, judgements and a call are public; a seat knows its own revokes.
        players = len(self.exposed)
        return {
            "laws": LawsView(
                exposed=tuple(CardSet(self.exposed[s] & hand.held(s)) for s in range(players)),
                claims=self.claims(),
                called=self.pending_call(hand),
                revokes=tuple((at, card) for s, at, card, _ in self.revokes if s == seat),
                pending=self.pending(),
                established=self.revokers(),
                claimable=() if seat is None else self.claimable(hand, seat),
            )
        }

    def claims(self) -> tuple[int, ...]:
        """The seats claimed against this hand, judged or not (public)."""
        return tuple(sorted({accused for _, accused, _, _ in self.claims_made}))

    def pending(self) -> tuple[int, ...]:
        """The seats claimed against whose claims are still to be judged (public)."""
        return tuple(sorted({a for _, a, _, judged in self.claims_made if judged is None}))

    def revokers(self) -> tuple[int, ...]:
        """The seats with an established revoke: a claim against them upheld when judged."""
        return tuple(sorted({a for _, a, _, judged in self.claims_made if judged}))

    def claimable(self, hand: Hand, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` may claim against now: what :meth:`verify` lets pass, from public
        facts only."""
        if hand.phase is _OVER or hand.closed:
            return ()
        played, claimed = self._last_plays_and_claims(hand)
        return tuple(
            s
            for s in range(len(self.exposed))
            if s != seat and played[s] >= 0 and claimed[s] < played[s]
        )

    def _last_plays_and_claims(self, hand: Hand) -> tuple[list[int], list[int]]:
        """Per seat, where in the hand's log it last played a card and was last claimed
        against (-1: never). The others see a revoke as a card played, so this is public."""
        players = len(self.exposed)
        played, claimed = [-1] * players, [-1] * players
        for at, event in enumerate(hand.event_log):
            if isinstance(event, CardPlayed):
                played[event.seat] = at
        for _, accused, at, _ in self.claims_made:
            claimed[accused] = at
        return played, claimed

    # ------------------------------------------------------------------ hooks

    def pending_call(self, hand: Hand) -> Card | None:
        """The card called that the seat to act must play now (law 19), if any."""
        called = self.called
        if called is None:
            return None
        owner, card = called
        if hand.phase is _PLAY and hand.acting == owner and hand.held(owner) >> card & 1:
            return card
        return None

    def refresh(self, hand: Hand) -> None:
        """Keep a pending call in the hand's cache of legal cards: the called card is the only one."""
        card = self.pending_call(hand)
        if card is not None:
            hand.only_legal(1 << card)

    def check_call(self, hand: Hand, card: Card) -> None:
        """Refuse any card but the one called, when a call binds the seat to play."""
        called = self.pending_call(hand)
        if called is not None and card != called:
            raise IllegalMove(
                f"your exposed {called.symbol} is called: play it (law 19), or revoke "
                f"('revoke {card}', law 27)"
            )

    def at_finish(self, hand: Hand) -> bool:
        """The hand has been played out: the claims made are judged (laws 23, 25); claims stay
        open until every seat lets the cards be gathered."""
        if hand.phase is _GATHER:
            return False
        self._judge(hand)
        self.gathered = [False] * len(self.gathered)
        hand.turn_to(hand.eldest(), _GATHER)
        return True

    # ------------------------------------------------------------------ moves

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        if seat is not None and hand.seat_number(seat) != hand.acting:
            return []
        return [Gather()]

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        if not isinstance(move, LAWS_MOVES):
            # (asked in the gathering phase for a move of another kind)
            raise IllegalMove(
                "every trick is taken: let the cards be gathered ('gather'), or claim a revoke "
                "('claim SEAT') before they are (laws 25–26)"
            )
        if seat is not None:
            hand.seat_number(seat)
        phase = hand.phase
        if isinstance(move, Claim):
            self._check_claim(hand, move.seat, seat)
            return
        if isinstance(move, Gather):
            if phase is Phase.MOON:
                raise IllegalMove(
                    "the shooter chooses how the moon is scored first; then the cards are gathered"
                )
            if phase is not _GATHER:
                raise IllegalMove("the cards are gathered when every trick has been taken")
            if seat is not None and seat != hand.acting:
                raise IllegalMove(
                    "it is {to_act}'s turn to let the cards be gathered",
                    seat=seat,
                    move=move,
                    to_act=hand.acting,
                )
            return
        if phase is not _PLAY:
            raise IllegalMove(f"a {type(move).__name__.lower()} belongs to the play of the cards")
        if isinstance(move, Correct):
            if seat is None:
                raise IllegalMove(
                    "say which seat corrects its revoke: correct(seat=...) (only the revoker "
                    "knows it revoked)"
                )
            self._correction_of(hand, seat)
            return
        if isinstance(move, Call):
            self._check_call(hand, move.card, seat)
            return
        assert isinstance(move, Revoke)
        self._check_revoke(hand, move.card, seat)

    def _check_claim(self, hand: Hand, accused: int, seat: int | None) -> None:
        """Refuse a claim on public facts only: whether the accused revoked is not one of them
        until the claim is judged, at the end of the hand (laws 23, 25)."""
        if hand.phase is _OVER or hand.closed:
            raise IllegalMove(
                "the cards have been gathered for the next deal: too late to claim (law 26)"
            )
        claimant = hand.acting if seat is None else seat
        players = len(self.exposed)
        if accused >= players:
            raise InvalidArgument(f"{accused} is not a seat: seats are 0 to {players - 1}")
        if accused == claimant:
            raise IllegalMove("{seat} cannot claim a revoke of its own", seat=claimant)
        played, claimed = self._last_plays_and_claims(hand)
        if played[accused] < 0:
            raise IllegalMove(
                "{accused} has played no card this hand: there is no revoke to claim",
                seat=claimant,
                accused=accused,
            )
        if claimed[accused] > played[accused]:
            raise IllegalMove(
                "{accused} has been claimed against since it last played a card: that "
                "claim covers every card it has played, and is judged when the hand has been "
                "played out (law 25)",
                seat=claimant,
                accused=accused,
            )

    def _check_call(self, hand: Hand, card: Card, seat: int | None) -> None:
        owner = hand.acting
        if seat is None:
            raise IllegalMove("say which seat calls the card: call(seat=...)")
        if seat == owner:
            raise IllegalMove("a seat cannot call its own exposed card: it may simply play it")
        if not (self.exposed[owner] & hand.held(owner)) >> card & 1:
            raise IllegalMove(
                f"the {card.symbol} is not an exposed card of {{owner}}, the seat to play",
                seat=seat,
                owner=owner,
            )
        if self.pending_call(hand) is not None:
            assert self.called is not None
            raise IllegalMove(
                f"the {self.called[1].symbol} is called already: the first call binds (law 19)"
            )
        if not hand.legal_mask(owner) >> card & 1:
            raise IllegalMove(
                f"{{owner}} cannot play the {card.symbol} now without revoking, so it cannot "
                "be called (law 19)",
                seat=seat,
                owner=owner,
            )

    def _check_revoke(self, hand: Hand, card: Card, seat: int | None) -> None:
        to_act = hand.acting
        if seat is not None and seat != to_act:
            raise IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=seat, to_act=to_act)
        if not hand.held(to_act) >> card & 1:
            raise IllegalMove(
                f"{{to_act}} does not hold the {card.symbol}", seat=seat, to_act=to_act
            )
        called = self.pending_call(hand)
        if called is not None:
            if card == called:
                raise IllegalMove(f"the {card.symbol} is the card called: play it, it is no revoke")
            return  # failing to play a card lawfully called is a revoke (law 27)
        trick = hand.trick_cards
        if trick:
            led = trick[0] >> 4 & 3
            if card >> 4 & 3 != led and hand.held(to_act) & SUIT_MASKS[led]:
                return  # off the suit led while holding it: a revoke (law 22)
        if hand.legal_mask(to_act) >> card & 1:
            raise IllegalMove(
                f"the {card.symbol} is a lawful play, not a revoke: play it as a card"
            )
        raise IllegalMove(
            f"the {card.symbol} breaks a rule of this form's play, not the law of following suit: "
            "a revoke is a card off the suit led while holding it (law 22)"
        )

    def _correction_of(self, hand: Hand, seat: int) -> int:
        """The position in the trick on the table of ``seat``'s revoke, which it may correct."""
        number = len(hand.history)
        trick = hand.trick_cards
        for s, at, card, _ in self.revokes:
            if s == seat and at == number and card in trick:
                return trick.index(card)
        if any(s == seat for s, _, _, _ in self.revokes):
            raise IllegalMove(
                "{seat}'s revoke is in a trick already quitted: it stands, to be claimed "
                "and paid for (law 23)",
                seat=seat,
            )
        raise IllegalMove("{seat} has no revoke in the trick on the table to correct", seat=seat)

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        """Apply a checked move of the laws (a full snapshot undoes it)."""
        hand.remember_all()
        if isinstance(move, Revoke):
            return self._revoke(hand, move.card)
        if isinstance(move, Claim):
            claimant = hand.acting if seat is None else seat
            self.claims_made.append((claimant, move.seat, hand.event_count, None))
            event = hand.log(RevokeClaimed(seat=claimant, accused=move.seat))
            if hand.phase is _GATHER:
                self._judge(hand)  # the hand is played out: the tricks are searched at once
        elif isinstance(move, Call):
            assert seat is not None
            owner = hand.acting
            self.called = (owner, move.card)
            event = hand.log(CardCalled(seat=seat, owner=owner, card=move.card))
        elif isinstance(move, Correct):
            assert seat is not None
            event = self._correct(hand, seat)
        else:
            assert isinstance(move, Gather)
            event = self._gather(hand)
        self.refresh(hand)
        return event

    def _revoke(self, hand: Hand, card: Card) -> Event:
        """Play a card the laws forbid, as any card is played, and note the revoke."""
        seat = hand.acting
        self.revokes.append((seat, len(hand.history), card, hand.event_count))
        self.called = None
        event = Revoked(seat=seat, card=card)
        hand.play_as(seat, card, event)  # (under the snapshot that undoes the whole revoke)
        self.refresh(hand)
        return event

    def _correct(self, hand: Hand, seat: int) -> Event:
        """Law 22: the revoker takes back his card (now exposed); those after him take back
        theirs; he plays again."""
        position = self._correction_of(hand, seat)
        number = len(hand.history)
        back = hand.take_back(position)
        card = back[0][1]
        gone = {other for _, other in back}
        # A revoke corrected in time is no revoke (law 22): a claim of it, still to be judged,
        # finds nothing there when the tricks are searched.
        self.revokes = [r for r in self.revokes if not (r[1] == number and r[2] in gone)]
        self.exposed[seat] |= 1 << card
        self.called = None
        hand.turn_to(seat)
        return hand.log(RevokeCorrected(seat=seat, card=card, withdrawn=back[1:]))

    def _judge(self, hand: Hand) -> None:
        """Judge every claim not yet judged, in the order made (laws 23–25): the search of the
        tricks finds the accused's revokes made before the claim and not corrected; one is
        enough to uphold the claim and establish the revoke; none, and the claim is void."""
        for index, (claimant, accused, at, judged) in enumerate(self.claims_made):
            if judged is not None:
                continue
            found = tuple(
                (trick, card) for s, trick, card, made in self.revokes if s == accused and made < at
            )
            self.claims_made[index] = (claimant, accused, at, bool(found))
            hand.log(ClaimJudged(seat=claimant, accused=accused, upheld=bool(found), revokes=found))

    def _gather(self, hand: Hand) -> Event:
        """A seat lets the cards be gathered; the last to do so ends the phase."""
        seat = hand.acting
        self.gathered[seat] = True
        event = hand.log(Gathered(seat=seat))
        players = len(self.gathered)
        for _ in range(players):
            seat = (seat + 1) % players
            if not self.gathered[seat] and seat in hand.seats:
                hand.turn_to(seat)
                return event
        self.end(hand)
        return event

    def end(self, hand: Hand) -> None:
        """Every seat has let the cards be gathered: claims are closed, and the hand is over."""
        hand.close_hand()
