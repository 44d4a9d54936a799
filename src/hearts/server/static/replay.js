// A finished game's replay: the server's steps (GET /api/games/{id}/replay) shown one at a
// time, forward and back, every hand face up. Each step holds its whole position as the
// engine made it; the page only shows it (nothing here knows the rules).
import { cardRow, cardsOf, drawBoard, seatName as nameIn, where, widowWords as widowIn } from "./board.js";
import { short, words } from "./cards.js";
import { at as reviewAt, startReview } from "./review.js";
import { $, api, h, say } from "./util.js";

let game = null; // the server's answer
let at = 0; // the step shown
let id = "";

const seatName = (seat) => nameIn(game, seat);
const widowWords = (w) => widowIn(game, w);

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
  drawBoard({ seats: $("replay-seats"), trick: $("replay-trick"), piles: $("replay-piles") }, game, step);
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
