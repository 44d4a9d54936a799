// The "this hand" log: each event the server sent (docs/protocol.md, "Events") as the server
// worded it for this seat (the event's `text`, from the events as this seat receives them: a
// card the seat may not see is never in it). The page words no event itself; the few lines
// here say what the view alone tells (the cards received, the stock's size, a seat out).
import { short } from "./cards.js";

export const SUIT_WORDS = {
  clubs: "\u2663 clubs", diamonds: "\u2666 diamonds", spades: "\u2660 spades", hearts: "\u2665 hearts",
};

/**
 * How the log names seats: ``me`` is the page's seat (null: a watcher) and ``name(seat)`` a
 * seat's name as the page shows it (the page's own seat is "you").
 * @typedef {{ me: number | null, name: (seat: number) => string }} Names
 */

function cards(list) {
  const names = Array.isArray(list) ? list : String(list || "").split(" ").filter(Boolean);
  return names.map(short).join(" ");
}

/** Events the log leaves to the felt (a card played: the trick shows it) or does not show. */
const UNSAID = new Set(["card_played", "shuffle_committed"]);

/**
 * An event's line in the log: the server's words for this seat (``text``), or null for an
 * event the log leaves to the felt, or one that came without words.
 * @param {object} event an event's JSON data (Event.to_dict() and its ``text``)
 * @returns {string | null}
 */
export function eventText(event) {
  if (!event || UNSAID.has(event.kind)) return null;
  return typeof event.text === "string" && event.text ? event.text : null;
}

/** How the widow goes (the view's ``widow.goes``), in words. */
export const WIDOW_WORDS = {
  discard: "the first trick's winner takes it and discards as many",
  "first-trick": "it goes with the first trick won",
  "last-trick": "it goes with the last trick",
};

/** What a Jack is, in a phrase: hearts.words.JACK (docs/rules.md §3.1; tests/test_words.py
 * holds the two the same). */
export const JACK = "a Jack: nobody took the pool, so it goes on to the next hand and grows";

/** The pool on the table (the view's ``pool`` and ``jack``), as hearts.words.pool says it. */
export function poolWords(v) {
  if (!v || !v.pool) return "";
  return `Pool: ${v.pool} counter${v.pool === 1 ? "" : "s"}${v.jack ? ` (${JACK})` : ""}`;
}

/** The cards passed to this seat, once every seat has passed (the view's ``received``). */
export function receivedWords(received) {
  return `You receive ${cards(received)}.`;
}

/** The stock's size, when it changes between two states the page was sent. */
export function stockWords(size) {
  return size === 0 ? "The stock is empty." : `The stock: ${size} card${size === 1 ? "" : "s"} left.`;
}

/** A seat left with no cards while the others play on (Domino Hearts). */
export function outWords(seat, names) {
  const who = seat === names.me ? "You have" : `${names.name(seat)} has`;
  return `${who} no cards left: out of this hand.`;
}
