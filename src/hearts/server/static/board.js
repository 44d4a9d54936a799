// A finished game's board at one step of its replay (the server's steps, GET
// /api/games/{id}/replay): the seats' plates, the trick on the felt, the piles, a row of cards
// face up. Drawn by the replay page (replay.js) and by the small boards of a duplicate deal
// (events.js), each into elements of its own. Nothing here knows the rules: each step holds
// its whole position as the engine made it.
import { face, short, words } from "./cards.js";
import { WIDOW_WORDS } from "./log.js";
import { h } from "./util.js";

const PHASES = {
  bid: "bidding", name: "naming the suit", pass: "passing", play: "playing",
  discard: "discarding", moon: "the moon", gather: "gathering the cards", over: "over",
};

/** A seat's name in a game's replay; its seat number too where two seats share the name. */
export function seatName(game, seat) {
  const s = game.seats[seat];
  const name = s ? s.name : `Seat ${seat + 1}`;
  return game.seats.filter((x) => x.name === name).length > 1 ? `${name} (seat ${seat + 1})` : name;
}

export function cardsOf(text) {
  return text ? text.split(" ").filter(Boolean) : [];
}

/** Where a seat sits on the felt: ``bottom`` at the bottom (seat 0 unless said), the next to
 * its left, and so on. */
function place(seat, n, radius, vertical = radius, bottom = 0) {
  const angle = Math.PI / 2 + (((seat - bottom + n) % n) / n) * 2 * Math.PI;
  return { x: 50 + radius * Math.cos(angle), y: 50 + vertical * Math.sin(angle) };
}

/** "Hand 3, trick 5, card 2 of 4", as the step's own counts say. */
export function where(step) {
  const hand = `Hand ${step.hand + 1}`;
  if (step.kind === "deal") return `${hand}, the deal`;
  if (step.at) return `${hand}, trick ${step.at.trick}, card ${step.at.card} of ${step.at.of}`;
  if (step.phase === "pass" || (step.move || "").startsWith("pass ")) return `${hand}, passing`;
  return `${hand}, ${PHASES[step.phase] || step.phase}`;
}

/**
 * Draw ``game``'s board at ``step`` into ``parts`` ({ seats, trick, piles }: elements inside
 * one felt). ``bottom``: the seat shown at the bottom of the felt (0 unless said); ``mark``: a
 * seat whose plate is marked (class ``mine``), or null; ``spread``: how far from the middle the
 * trick's cards lie, [across, down] in % of the felt (a small felt's, nearer), or null.
 */
export function drawBoard(parts, game, step, { bottom = 0, mark = null, spread = null } = {}) {
  const n = game.players;
  drawSeats(parts.seats, game, step, n, bottom, mark);
  drawTrick(parts.trick, game, step, n, bottom, spread);
  if (parts.piles) drawPiles(parts.piles, game, step);
}

function drawSeats(box, game, step, n, bottom, mark) {
  const hand = game.hands[step.hand] || {};
  const nodes = [];
  for (let seat = 0; seat < n; seat++) {
    const spot = place(seat, n, 41, 41, bottom);
    const acting = step.to_act === seat && step.phase !== "pass" && step.phase !== "over";
    const moved = step.seat === seat;
    const dealer = hand.dealer === seat;
    const tricks = (step.tricks_won || [])[seat] || 0;
    const points = (step.penalties || [])[seat] || 0;
    nodes.push(h("div", {
      class: `seat${acting ? " acting" : ""}${moved ? " moved" : ""}${mark === seat ? " mine" : ""}`,
      "data-seat": seat,
      role: "group",
      "aria-label": `${seatName(game, seat)}${dealer ? ", the dealer" : ""}: ${tricks} trick${tricks === 1 ? "" : "s"}, ${points} this hand${moved ? ", made this move" : ""}${acting ? ", to play next" : ""}`,
      style: spot.x < 30 ? `left:.4rem;top:${spot.y}%;transform:translate(0,-50%)`
        : spot.x > 70 ? `right:.4rem;top:${spot.y}%;transform:translate(0,-50%)`
        : spot.y < 25 ? `left:${spot.x}%;top:.3rem;transform:translate(-50%,0)`
        : spot.y > 75 ? `left:${spot.x}%;bottom:.3rem;transform:translate(-50%,0)` : `left:${spot.x}%;top:${spot.y}%`,
    },
      h("span", { class: "who" }, h("span", { class: "name" }, game.seats[seat] ? game.seats[seat].name : `Seat ${seat + 1}`)),
      h("span", { class: "state" }, `seat ${seat + 1}${dealer ? " · dealer" : ""}`),
      h("span", { class: "counts" },
        h("span", { title: "tricks taken" }, `${tricks} trick${tricks === 1 ? "" : "s"}`),
        h("span", { class: "points", title: "points this hand" }, ` \u2665 ${points}`))));
  }
  box.replaceChildren(...nodes);
}

function drawTrick(box, game, step, n, bottom, spread) {
  const taken = step.taken;
  // (a trick just taken: who played which card of it, as the server says)
  const cards = step.table && step.table.length ? step.table : taken && taken.plays ? taken.plays : [];
  const playedNow = step.kind === "move" && step.move ? step.move.split(" ").pop() : null;
  const onTable = Boolean(step.table && step.table.length);
  // (the cards cancelled by their twins, as the server says: Cancellation Hearts)
  const cancelled = new Set(onTable ? step.cancelled || [] : (taken && taken.cancelled) || []);
  box.replaceChildren(...cards.map((p) => {
    const [across, down] = spread || (n > 4 ? [24, 21] : [16, 15]);
    const spot = place(p.seat, n, across, down, bottom);
    const fresh = step.seat === p.seat && playedNow === p.card;
    const winner = taken && taken.winner === p.seat && !onTable;
    const twin = cancelled.has(p.card);
    return h("div", {
      class: `played${fresh ? " fresh" : ""}${winner ? " winner" : ""}${twin ? " cancelled" : ""}`,
      "data-card": p.card,
      "data-seat": p.seat,
      role: "img",
      "aria-label": `${words(p.card)}, played by ${seatName(game, p.seat)}${twin ? ", cancelled by its twin" : ""}${winner ? ", who takes the trick" : ""}`,
      style: `left:${spot.x}%;top:${spot.y}%`,
    }, face(p.card), twin ? h("span", { class: "badge cancel-badge", "aria-hidden": "true" }, "cancelled") : null);
  }));
  box.classList.toggle("many", n > 4);
  box.classList.toggle("taken", Boolean(taken) && !(step.table && step.table.length));
}

/** The widow's taker and how it goes, in words (as the step's ``widow`` says). */
export function widowWords(game, w) {
  const size = cardsOf(w.cards).length;
  const count = `${size} card${size === 1 ? "" : "s"}`;
  if (w.taker === null || w.taker === undefined) return `Widow: ${count}; ${WIDOW_WORDS[w.goes] || w.goes}`;
  return `Widow: ${count}, taken by ${seatName(game, w.taker)}`;
}

/** The felt's piles: the stock's size and the widow, as the step gives them. */
function drawPiles(box, game, step) {
  const nodes = [];
  const hand = game.hands[step.hand] || {};
  if (!step.widow && (step.stock_size > 0 || (hand.stock || []).length)) {
    nodes.push(h("div", { class: "pile stock", "data-stock": step.stock_size, role: "note" },
      h("span", { class: "what" }, step.stock_size ? `Stock: ${step.stock_size}` : "Stock: empty")));
  }
  if (step.widow) {
    nodes.push(h("div", { class: "pile widow", "data-taker": step.widow.taker ?? "", role: "note" },
      h("span", { class: "what" }, widowWords(game, step.widow))));
  }
  box.replaceChildren(...nodes);
}

/** A row of cards face up: a seat's hand, the stock or the widow. */
export function cardRow(attrs, name, note, cards, label, marked = new Set(), extra = null) {
  return h("div", attrs,
    h("span", { class: "rname" }, h("span", {}, name), h("small", {}, note)),
    h("span", { class: "rcards", role: "img", "aria-label": label, title: cards.map(short).join(" ") },
      ...cards.map((card) => h("span", { class: `rcard${marked.has(card) ? " received" : ""}`, "data-card": card }, face(card)))),
    extra);
}
