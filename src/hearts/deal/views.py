"""What the seats' views of a deal share while it stands, made once (see
:meth:`hearts.deal.Deal.view` and :meth:`hearts.deal.Deal.viewer`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hearts.cards import CardSet
from hearts.hand.core import Fixed, Phase, Trick
from hearts.hand.widow import WidowCards
from hearts.moves import Move
from hearts.observation import RedactionCache, SeatView, make_seat_view, redacted_log

if TYPE_CHECKING:
    from hearts.deal.python import PythonDeal


def _public_fields(deal: PythonDeal) -> dict[str, Any]:
    """A view's fields every seat sees alike (not the events, nor the mechanics' fields)."""
    try:
        cache = deal._seen
    except AttributeError:
        widow = deal.mechanic(WidowCards)
        cache = deal._seen = _ViewCache(widow.face_down if isinstance(widow, WidowCards) else 0)
    fixed = deal._fixed
    return {
        **cache.fixed_fields(fixed),
        "phase": deal._phase,
        "to_act": deal.to_act,
        "leader": deal._leader,
        "trick": tuple(deal.trick),
        "tricks": cache.tricks_of(deal._history),
        "hearts_broken": deal._broken,
        "hand_sizes": tuple(map(int.bit_count, deal._hands[: fixed.players])),
        "penalties": tuple(deal._points),
        "tricks_won": tuple(deal._won),
        "stock_size": len(fixed.stock) - deal._stock_pos,
    }


def _view_of(deal: PythonDeal, public: dict[str, Any], seat: int) -> SeatView:
    """``seat``'s view of ``deal`` from the fields every seat sees alike (:meth:`hearts.deal.Deal.viewer`)."""
    seat = deal.seat_number(seat)
    return _seat_view(deal, seat, _with_seat(deal, public.copy(), seat), None)


def _with_seat(deal: PythonDeal, fields: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A view's public ``fields`` with the events and the mechanics' fields as ``seat`` sees
    them (None: a watcher)."""
    cache = deal._seen
    fields["events"] = redacted_log(cache.seats, deal._events, seat, cache.face_down)
    for mechanic in deal._mechanics:
        fields.update(mechanic.view(deal, seat))
    return fields


def _seat_view(
    deal: PythonDeal, seat: int, fields: dict[str, Any], commitment: str | None
) -> SeatView:
    """The view of ``seat`` from the fields :meth:`hearts.deal.Deal._seen_by` gives (and its own)."""
    moves: Sequence[Move] = ()  # (a seat's moves, when it has any: at the pass, or its turn)
    to_act = deal.to_act
    if to_act is not None and (to_act == seat or deal._phase is Phase.PASS):
        moves = deal.legal_moves(seat)
    if "passed" not in fields:  # (the pass's fields, passed and received, if any)
        fields["passed"] = fields["received"] = None
    fields["seat"] = seat
    fields["hand"] = CardSet(deal._hands[seat])
    fields["dealt"] = CardSet(deal._fixed.dealt[seat])
    fields["legal_moves"] = moves if not isinstance(moves, list) else tuple(moves)
    fields["commitment"] = commitment
    return make_seat_view(fields)


class _ViewCache:
    """What a deal's views share while it stands: each seat's redacted log, the completed
    tricks (rebuilt only when a trick is completed or taken back), and the fields the hand's
    fixed part gives; ``face_down``, what a widow that goes with the first trick taken counts
    (no seat sees it: that trick is shown without it)."""

    __slots__ = ("face_down", "fields", "fixed", "history", "seats", "tricks")

    def __init__(self, face_down: int = 0) -> None:
        self.face_down = face_down
        self.seats: RedactionCache = {}
        self.history: list[Any] = []
        self.tricks: tuple[Trick, ...] = ()
        self.fixed: Fixed | None = None
        self.fields: dict[str, Any] = {}

    def fixed_fields(self, fixed: Fixed) -> dict[str, Any]:
        """The view's fields that a hand's fixed part (``HandCore._fixed``) holds."""
        if fixed is not self.fixed:
            scores, pool, jack = fixed.standing
            self.fixed, self.fields = (
                fixed,
                {
                    "rules": fixed.rules,
                    "dealer": fixed.dealer,
                    "hand_number": fixed.hand_number,
                    "pass_direction": fixed.pass_direction,
                    "scores": scores,
                    "pool": pool,
                    "jack": jack,
                },
            )
        return self.fields

    def tricks_of(self, history: list[Any]) -> tuple[Trick, ...]:
        """The completed tricks of a deal's history (its TrickWon and TrickCarried events), as
        every seat sees them: the first trick taken without a widow that went with it face
        down (``face_down``)."""
        kept = self.history
        if kept != history:  # (in C: mostly the same objects; see redacted_log)
            same = len(kept) if history[: len(kept)] == kept else 0  # (a trick added: most calls)
            self.history = history.copy()
            hidden = self.face_down
            if hidden and any(t.winner >= 0 for t in self.tricks[:same]):
                hidden = 0  # (the widow's trick is among those kept)
            tricks = []
            for e in history[same:]:
                points = e.points
                if hidden and e.seat >= 0:  # the first trick taken: the widow went with it
                    points -= hidden
                    hidden = 0
                tricks.append(Trick((e.leader, e.cards, e.seat, points)))
            self.tricks = self.tricks[:same] + tuple(tricks)
        return self.tricks
