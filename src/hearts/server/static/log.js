// The "this hand" log: each event the server sent (docs/protocol.md, "Events") in words, as the
// seat that sees it may read it. Pure functions of the event and the page's seat names: they
// say what the event says and decide nothing (no rule is applied here; a card the event
// hides, as another seat's pass or discard, stays hidden).
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

function count(list) {
  return (Array.isArray(list) ? list : String(list || "").split(" ").filter(Boolean)).length;
}

function points(n) {
  return n === 1 ? "1 point" : `${n} points`;
}

/** The subject of a sentence: "You", "Ann". */
function who(names, seat) {
  if (seat === names.me) return "You";
  return names.name(seat);
}

/** The object of a sentence: "you", "Ann". */
function whom(names, seat) {
  return seat === names.me ? "you" : names.name(seat);
}

/** Whose: "your", "Ann's". */
function whose(names, seat) {
  return seat === names.me ? "your" : `${names.name(seat)}'s`;
}

/** "their" or "your". */
function their(names, seat) {
  return seat === names.me ? "your" : "their";
}

/** A verb for a seat: "you take", "Ann takes". */
function verb(names, seat, base) {
  if (seat === names.me) return base;
  if (/(s|sh|ch|x)$/.test(base)) return `${base}es`;
  return `${base}s`;
}

/** "You take", "Ann takes": the subject and its verb. */
function does(names, seat, base) {
  return `${who(names, seat)} ${verb(names, seat, base)}`;
}

/**
 * An event in words, or null for an event the log leaves to the felt (a card played: the
 * trick shows it) or to the hand's summary (the settlement).
 * @param {object} event an event's JSON data (Event.to_dict())
 * @param {Names} names
 * @returns {string | null}
 */
export function eventWords(event, names) {
  const e = event;
  switch (e.kind) {
    case "dealer_cut":
      return `Cut for the deal: ${(e.cuts || []).map(([seat, card]) => `${who(names, seat)} ${short(card)}`).join(", ")}; ${does(names, e.dealer, "deal")}.`;
    case "shuffle_committed":
      return null; // (the deal that follows says who dealt; the commitment is the view's)
    case "dealt": {
      const cut = e.cut === null || e.cut === undefined ? "the pack is not cut" : `the pack is cut at ${e.cut} cards`;
      const mine = names.me !== null && e.hands ? count(e.hands[names.me]) : 0;
      const held = mine ? `you are dealt ${mine} cards` : "the cards are dealt";
      const pass = e.pass_direction === "hold" ? "no passing this hand" : `pass ${e.pass_direction}`;
      return `${does(names, e.dealer, "deal")}: ${cut}; ${held}; ${pass}.`;
    }
    case "passed":
      return count(e.cards)
        ? `${does(names, e.seat, "pass")} ${cards(e.cards)} to ${whom(names, e.to)}.`
        : `${does(names, e.seat, "pass")} cards to ${whom(names, e.to)}.`;
    case "bid_made":
      return e.amount === 0 ? `${does(names, e.seat, "pass")}: no bid.` : `${does(names, e.seat, "bid")} ${e.amount}.`;
    case "suit_named":
      return e.seat === -1
        ? `Nobody bid: ${SUIT_WORDS[e.suit] || e.suit} is the suit to avoid.`
        : `${does(names, e.seat, "name")} ${SUIT_WORDS[e.suit] || e.suit} as the suit to avoid.`;
    case "card_played":
      return null;
    case "revoked":
      return `${does(names, e.seat, "play")} the ${short(e.card)} as a revoke.`;
    case "revoke_corrected": {
      const back = (e.withdrawn || []).map(([seat, card]) => `${who(names, seat)} ${short(card)}`);
      return `${does(names, e.seat, "take")} back the revoked ${short(e.card)}, now an exposed card` +
        (back.length ? `; the cards played after it go back too (${back.join(", ")}).` : ".");
    }
    case "revoke_claimed":
      return `${does(names, e.seat, "claim")} a revoke by ${whom(names, e.accused)}: claimed, to be judged at the end of the hand.`;
    case "claim_judged": {
      const claim = `The claim by ${whom(names, e.seat)} of a revoke by ${whom(names, e.accused)}`;
      if (!e.upheld) return `${claim} is void: the tricks show none made before it.`;
      const found = (e.revokes || []).map(([trick, card]) => `the ${short(card)} in trick ${trick + 1}`);
      return `${claim} stands: the tricks show it (${found.join(" and ")}); the revoke is established.`;
    }
    case "card_called":
      return `${does(names, e.seat, "call")} ${whose(names, e.owner)} exposed ${short(e.card)}: ${whom(names, e.owner)} must play it now, if ${e.owner === names.me ? "you" : "they"} can without revoking.`;
    case "gathered":
      return `${does(names, e.seat, "let")} the cards be gathered.`;
    case "trick_won":
      return `${does(names, e.seat, "take")} the trick (${cards(e.cards)}): ${e.points ? points(e.points) : "no points"}.${pairs(e)}`;
    case "trick_carried":
      return `Nobody takes the trick (${cards(e.cards)}): it is carried, ${points(e.points)} in it, to whoever takes the next.${pairs(e)}`;
    case "discarded":
      return count(e.cards)
        ? `${does(names, e.seat, "take")} the widow and ${verb(names, e.seat, "discard")} ${cards(e.cards)} face down: ${points(e.points)} against ${whom(names, e.seat)}.`
        : `${does(names, e.seat, "take")} the widow and ${verb(names, e.seat, "lay")} as many cards face down (what they count shows at the end of the hand).`;
    case "cards_kept":
      return `${does(names, e.seat, "keep")} ${their(names, e.seat)} last cards with what was left of the stock (${cards(e.cards)}): ${points(e.points)}.`;
    case "stock_drawn":
      return e.card
        ? `${does(names, e.seat, "draw")} the ${short(e.card)} from the stock.`
        : `${does(names, e.seat, "draw")} a card from the stock.`;
    case "moon_shot":
      return `${does(names, e.seat, "shoot")} the moon!`;
    case "moon_chosen":
      return e.choice === "old"
        ? `${does(names, e.seat, "choose")}: the others take the points.`
        : e.choice === "new"
          ? `${does(names, e.seat, "choose")} to take the points off ${their(names, e.seat)} score.`
          : `${does(names, e.seat, "choose")} ${e.choice}.`;
    case "hand_over":
      return "The last trick is taken: the hand is over.";
    case "hand_settled":
      return null;
    case "game_over":
      return "The game is over.";
    default:
      return null;
  }
}

/** How the widow goes (the view's ``widow.goes``), in words. */
export const WIDOW_WORDS = {
  discard: "the first trick's winner takes it and discards as many",
  "first-trick": "it goes with the first trick won",
  "last-trick": "it goes with the last trick",
};

/** The cards the server says cancelled in a trick (``cancelled``: twins, in pairs), in words. */
export function cancelledWords(list) {
  const names = Array.isArray(list) ? list : String(list || "").split(" ").filter(Boolean);
  const pairs = [];
  const seen = new Set();
  for (const name of names) {
    const bare = name.replace(/'$/, "");
    if (seen.has(bare)) continue;
    seen.add(bare);
    pairs.push(names.filter((x) => x.replace(/'$/, "") === bare).map(short).join(" and "));
  }
  if (!pairs.length) return "";
  return pairs.length === 1 ? `${pairs[0]} cancelled each other.` : `${pairs.join("; ")}: each pair cancelled.`;
}

/** " 8♣ and 8♣′ cancelled each other." after a trick's line, when its event says so. */
function pairs(e) {
  const said = cancelledWords(e.cancelled);
  return said ? ` ${said}` : "";
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
  return `${who(names, seat)} ${seat === names.me ? "have" : "has"} no cards left: out of this hand.`;
}
