// A finished game's replay: the server's steps (GET /api/games/{id}/replay) shown one at a
// time, forward and back, every hand face up. Each step holds its whole position as the
// engine made it; the page only shows it (nothing here knows the rules).
import { face, short, words } from "./cards.js";
import { WIDOW_WORDS } from "./log.js";
import { at as reviewAt, startReview } from "./review.js";
import { $, api, h, say } from "./util.js";

let game = null; // the server's answer
let at = 0; // the step shown
let id = "";

const PHASES = {
  bid: "bidding", name: "naming the suit", pass: "passing", play: "playing",
  discard: "discarding", moon: "the moon", gather: "gathering the cards", over: "over",
};

function seatName(seat) {
  const s = game.seats[seat];
  const name = s ? s.name : `Seat ${seat + 1}`;
  return game.seats.filter((x) => x.name === name).length > 1 ? `${name} (seat ${seat + 1})` : name;
}

function cardsOf(text) {
  return text ? text.split(" ").filter(Boolean) : [];
}

/** Where a seat sits on the felt: seat 0 at the bottom, the next to its left, and so on. */
function place(seat, n, radius, vertical = radius) {
  const angle = Math.PI / 2 + (seat / n) * 2 * Math.PI;
  return { x: 50 + radius * Math.cos(angle), y: 50 + vertical * Math.sin(angle) };
}

/** "Hand 3, trick 5, card 2 of 4", as the step's own counts say. */
function where(step) {
  const hand = `Hand ${step.hand + 1}`;
  if (step.kind === "deal") return `${hand}, the deal`;
  if (step.at) return `${hand}, trick ${step.at.trick}, card ${step.at.card} of ${step.at.of}`;
  if (step.phase === "pass" || (step.move || "").startsWith("pass ")) return `${hand}, passing`;
  return `${hand}, ${PHASES[step.phase] || step.phase}`;
}

function handStart(hand) {
  return game.hands[hand] ? game.hands[hand].step : 0;
}

// ---------------------------------------------------------------- moving

function go(step, focusId) {
  const last = game.steps.length - 1;
  at = Math.max(0, Math.min(last, step));
  history.replaceState(null, "", `#${at + 1}`);
  render();
  if (focusId) $(focusId).focus();
}

function previousHand() {
  const step = game.steps[at];
  const start = handStart(step.hand);
  // (from a hand's first step, the hand before's; else this hand's start)
  go(at > start ? start : handStart(Math.max(0, step.hand - 1)));
}

function nextHand() {
  const step = game.steps[at];
  const next = game.hands[step.hand + 1];
  go(next ? next.step : game.steps.length - 1);
}

const ACTIONS = {
  "replay-first": () => go(0),
  "replay-hand-back": previousHand,
  "replay-back": () => go(at - 1),
  "replay-forward": () => go(at + 1),
  "replay-hand-next": nextHand,
  "replay-last": () => go(game.steps.length - 1),
};

function onKey(event) {
  if (!game) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const keys = {
    ArrowLeft: () => go(at - 1),
    ArrowRight: () => go(at + 1),
    PageUp: previousHand,
    "[": previousHand,
    PageDown: nextHand,
    "]": nextHand,
    Home: () => go(0),
    End: () => go(game.steps.length - 1),
  };
  const action = keys[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

// ---------------------------------------------------------------- drawing

function render() {
  const step = game.steps[at];
  const n = game.players;
  $("replay").dataset.step = String(at);
  $("replay").dataset.event = String(step.event);
  drawSeats(step, n);
  drawTrick(step, n);
  drawPiles(step);
  drawHands(step, n);
  $("replay-at").textContent = where(step);
  $("replay-count").textContent = `Step ${at + 1} of ${game.steps.length}`;
  $("replay-words").textContent = step.words;
  const range = $("replay-step");
  range.value = String(at);
  range.setAttribute("aria-valuetext", `Step ${at + 1} of ${game.steps.length}: ${where(step)}`);
  const first = at === 0;
  const last = at === game.steps.length - 1;
  for (const [key, off] of [["replay-first", first], ["replay-hand-back", first], ["replay-back", first],
    ["replay-forward", last], ["replay-hand-next", last], ["replay-last", last]]) {
    // (aria-disabled, not disabled: a button that holds the focus keeps it at either end)
    $(key).setAttribute("aria-disabled", off ? "true" : "false");
  }
  drawScores(step, n);
  reviewAt(at);
}

function drawSeats(step, n) {
  const hand = game.hands[step.hand] || {};
  const nodes = [];
  for (let seat = 0; seat < n; seat++) {
    const spot = place(seat, n, 41);
    const acting = step.to_act === seat && step.phase !== "pass" && step.phase !== "over";
    const moved = step.seat === seat;
    const dealer = hand.dealer === seat;
    const tricks = (step.tricks_won || [])[seat] || 0;
    const points = (step.penalties || [])[seat] || 0;
    nodes.push(h("div", {
      class: `seat${acting ? " acting" : ""}${moved ? " moved" : ""}`,
      "data-seat": seat,
      role: "group",
      "aria-label": `${seatName(seat)}${dealer ? ", the dealer" : ""}: ${tricks} trick${tricks === 1 ? "" : "s"}, ${points} this hand${moved ? ", made this move" : ""}${acting ? ", to play next" : ""}`,
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
  $("replay-seats").replaceChildren(...nodes);
}

function drawTrick(step, n) {
  const box = $("replay-trick");
  const taken = step.taken;
  // (a trick just taken: who played which card of it, as the server says)
  const cards = step.table && step.table.length ? step.table : taken && taken.plays ? taken.plays : [];
  const playedNow = step.kind === "move" && step.move ? step.move.split(" ").pop() : null;
  const onTable = Boolean(step.table && step.table.length);
  // (the cards cancelled by their twins, as the server says: Cancellation Hearts)
  const cancelled = new Set(onTable ? step.cancelled || [] : (taken && taken.cancelled) || []);
  box.replaceChildren(...cards.map((p) => {
    const spot = n > 4 ? place(p.seat, n, 24, 21) : place(p.seat, n, 16, 15);
    const fresh = step.seat === p.seat && playedNow === p.card;
    const winner = taken && taken.winner === p.seat && !onTable;
    const twin = cancelled.has(p.card);
    return h("div", {
      class: `played${fresh ? " fresh" : ""}${winner ? " winner" : ""}${twin ? " cancelled" : ""}`,
      "data-card": p.card,
      "data-seat": p.seat,
      role: "img",
      "aria-label": `${words(p.card)}, played by ${seatName(p.seat)}${twin ? ", cancelled by its twin" : ""}${winner ? ", who takes the trick" : ""}`,
      style: `left:${spot.x}%;top:${spot.y}%`,
    }, face(p.card), twin ? h("span", { class: "badge cancel-badge", "aria-hidden": "true" }, "cancelled") : null);
  }));
  box.classList.toggle("many", n > 4);
  box.classList.toggle("taken", Boolean(taken) && !(step.table && step.table.length));
}

/** The widow's taker and how it goes, in words (as the step's ``widow`` says). */
function widowWords(w) {
  const size = cardsOf(w.cards).length;
  const count = `${size} card${size === 1 ? "" : "s"}`;
  if (w.taker === null || w.taker === undefined) return `Widow: ${count}; ${WIDOW_WORDS[w.goes] || w.goes}`;
  return `Widow: ${count}, taken by ${seatName(w.taker)}`;
}

/** The felt's piles: the stock's size and the widow, as the step gives them. */
function drawPiles(step) {
  const nodes = [];
  const hand = game.hands[step.hand] || {};
  if (!step.widow && (step.stock_size > 0 || (hand.stock || []).length)) {
    nodes.push(h("div", { class: "pile stock", "data-stock": step.stock_size, role: "note" },
      h("span", { class: "what" }, step.stock_size ? `Stock: ${step.stock_size}` : "Stock: empty")));
  }
  if (step.widow) {
    nodes.push(h("div", { class: "pile widow", "data-taker": step.widow.taker ?? "", role: "note" },
      h("span", { class: "what" }, widowWords(step.widow))));
  }
  $("replay-piles").replaceChildren(...nodes);
}

/** A row of cards face up: a seat's hand, the stock or the widow. */
function cardRow(attrs, name, note, cards, label, marked = new Set(), extra = null) {
  return h("div", attrs,
    h("span", { class: "rname" }, h("span", {}, name), h("small", {}, note)),
    h("span", { class: "rcards", role: "img", "aria-label": label, title: cards.map(short).join(" ") },
      ...cards.map((card) => h("span", { class: `rcard${marked.has(card) ? " received" : ""}`, "data-card": card }, face(card)))),
    extra);
}

function drawHands(step, n) {
  const rows = [];
  // The cards received in the pass are marked in each hand until the first trick is taken.
  const beforeFirstTrick = !step.taken && (step.tricks_won || []).every((won) => !won);
  for (let seat = 0; seat < n; seat++) {
    const cards = cardsOf(step.hands[seat]);
    const passed = step.passed ? step.passed[seat] : null;
    const received = step.received ? step.received[seat] : null;
    const marked = new Set(beforeFirstTrick && received ? cardsOf(received).filter((card) => cards.includes(card)) : []);
    const says = marked.size ? `; received ${[...marked].map(words).join(", ")}` : "";
    const label = `${seatName(seat)}'s hand: ${cards.length ? cards.map(words).join(", ") : "no cards"}${says}`;
    const pass = [];
    if (passed !== null && passed !== undefined) pass.push(`Passed ${cardsOf(passed).map(short).join(" ") || "nothing"}`);
    if (received !== null && received !== undefined) pass.push(`received ${cardsOf(received).map(short).join(" ") || "nothing"}`);
    rows.push(cardRow({ class: `rhand${step.seat === seat ? " moved" : ""}`, "data-seat": seat },
      seatName(seat), `${cards.length} card${cards.length === 1 ? "" : "s"}`, cards, label, marked,
      pass.length ? h("p", { class: "rpass", "data-passed": passed || "", "data-received": received || "" }, pass.join("; ") + ".") : null));
  }
  if (step.widow) {
    // (the game is over: the widow is shown face up)
    const cards = cardsOf(step.widow.cards);
    rows.push(cardRow({ class: "rhand pile-row", "data-pile": "widow" }, "Widow",
      step.widow.taker === null || step.widow.taker === undefined ? "face down" : `taken by ${seatName(step.widow.taker)}`,
      cards, `${widowWords(step.widow)}: ${cards.map(words).join(", ")}`));
  } else if (step.stock_size > 0) {
    const cards = cardsOf(step.stock);
    rows.push(cardRow({ class: "rhand pile-row", "data-pile": "stock" }, "Stock", `${step.stock_size} left`,
      cards, `The stock, ${step.stock_size} card${step.stock_size === 1 ? "" : "s"}, top first: ${cards.map(words).join(", ")}`));
  }
  $("replay-hands").replaceChildren(...rows);
}

function drawScores(step, n) {
  const head = h("tr", {}, h("th", { scope: "col" }, "Hand"),
    ...Array.from({ length: n }, (_, seat) => {
      // (short headings: the name, and its seat where two share it)
      const name = game.seats[seat] ? game.seats[seat].name : `Seat ${seat + 1}`;
      const twin = game.seats.filter((x) => x.name === name).length > 1;
      return h("th", { scope: "col", title: seatName(seat) }, twin ? `${name} ${seat + 1}` : name);
    }));
  const rows = game.hands
    .filter((hand) => hand.settled !== null && hand.settled !== undefined && hand.settled <= at)
    .map((hand) => h("tr", {}, h("th", { scope: "row" }, String(hand.hand + 1)),
      ...Array.from({ length: n }, (_, seat) => h("td", {}, String((hand.deltas || hand.points || [])[seat] ?? "")))));
  const settled = game.hands[step.hand] && game.hands[step.hand].settled !== null && game.hands[step.hand].settled <= at;
  const now = settled ? null : h("tr", { class: "now" }, h("th", { scope: "row" }, "This hand"),
    ...Array.from({ length: n }, (_, seat) => h("td", {}, String((step.penalties || [])[seat] ?? ""))));
  const totals = h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
    ...Array.from({ length: n }, (_, seat) => h("td", {}, String((step.scores || [])[seat] ?? ""))));
  $("replay-scores").replaceChildren(
    h("caption", { class: "hint" }, step.pool ? `Pool: ${step.pool}` : ""),
    h("thead", {}, head), h("tbody", {}, ...rows, now, totals));
}

function drawAbout() {
  const rules = game.rules || {};
  const parts = [game.preset || (game.variant && game.variant !== "custom" ? game.variant : "custom rules"), `${game.players} players`];
  if (rules.end === "target") parts.push(`to ${rules.target}`);
  if (rules.end === "deals") parts.push(`${rules.deals} hand${rules.deals === 1 ? "" : "s"} to play`);
  parts.push(`${game.hands.length} hand${game.hands.length === 1 ? "" : "s"} played`);
  const winners = (game.winners || []).map(seatName);
  $("replay-about").replaceChildren(
    h("span", {}, parts.join(" \u00b7 ")),
    winners.length ? h("span", { class: "winners" }, `Won by ${winners.join(" and ")}.`) : null);
  $("replay-record").href = game.record;
}

// ---------------------------------------------------------------- start

export async function replay(key) {
  id = key;
  $("replay").hidden = false;
  $("seat-info").textContent = "A finished game, step by step";
  document.title = `Hearts: replay of ${id}`;
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(id)}/replay`);
  } catch (error) {
    say(error.message);
    $("replay-words").textContent = "There is no finished game to replay here.";
    return;
  }
  if (!game.steps || !game.steps.length) return;
  const range = $("replay-step");
  range.max = String(game.steps.length - 1);
  range.addEventListener("input", () => go(Number(range.value)));
  for (const [key, action] of Object.entries(ACTIONS)) {
    $(key).addEventListener("click", (event) => {
      if (event.currentTarget.getAttribute("aria-disabled") === "true") return;
      action();
    });
  }
  document.addEventListener("keydown", onKey);
  drawAbout();
  startReview({ id, game, go, seatName, at: () => at });
  const asked = Number((location.hash || "").slice(1));
  go(Number.isInteger(asked) && asked >= 1 ? asked - 1 : 0);
}
