// The expert's review of one seat on a finished game's replay (POST/GET
// /api/games/{id}/reviews/{seat}): a "Review" button per seat (the viewer's own first), a
// progress bar while the server works it out (polled), then the marked decisions on the
// replay's timeline (a mistake "?", a blunder "??") and, at a marked step, the better move.
// Everything shown comes from the server's review; names are set as text.
import { $, api, h, kept } from "./util.js";

const POLL = 1000; // ms between looks while the review is worked out
const NAMES = { mistake: "a mistake", blunder: "a blunder" };

let ctx = null; // { id, game, go, seatName }
let shown = null; // { seat, review, steps: Map(step -> decision) }
let asking = 0; // the number of the latest ask (an older answer arriving late is dropped)
let chosen = null; // the seat whose review is asked or shown
let timer = null;

function number(value) {
  return (Math.round(value * 10) / 10).toFixed(1);
}

function unit(amount) {
  const counters = ctx.game.rules && ctx.game.rules.counters;
  const word = counters ? "counter" : "point";
  return `${word}${number(amount) === "1.0" ? "" : "s"}`;
}

/** "Better: K♣ — about 3.2 points (±0.9) better; an estimate from 200 sampled deals." */
export function betterWords(decision, deals) {
  const [low, high] = decision.cost_interval;
  const spread = Math.max(0, (high - low) / 2);
  return `Better: ${decision.best_words} \u2014 about ${number(decision.cost)} ${unit(decision.cost)} ` +
    `(\u00b1${number(spread)}) better; an estimate from ${deals} sampled deals.`;
}

/** The step of the replay that shows each move: the n-th move step is ply n. */
function moveSteps() {
  const steps = [];
  ctx.game.steps.forEach((step, index) => { if (step.kind === "move") steps.push(index); });
  return steps;
}

// ---------------------------------------------------------------- asking

function seatsInOrder() {
  const n = ctx.game.players;
  const mine = kept(ctx.game.id || ctx.id); // (the page keeps a seat under the table's id; the link may give its code)
  const own = mine && Number.isInteger(mine.seat) && mine.seat < n ? mine.seat : null;
  const order = Array.from({ length: n }, (_, seat) => seat);
  return own === null ? { order, own } : { order: [own, ...order.filter((s) => s !== own)], own };
}

function drawButtons() {
  const { order, own } = seatsInOrder();
  $("review-seats").replaceChildren(...order.map((seat) => h("button", {
    type: "button",
    class: `review-seat${chosen === seat ? " primary" : ""}`,
    "data-seat": seat,
    "aria-pressed": chosen === seat ? "true" : "false",
    onclick: () => ask(seat),
  }, seat === own ? `Review your play (${ctx.seatName(seat)})` : `Review ${ctx.seatName(seat)}`)));
}

function status(text) {
  $("review-status").textContent = text || "";
}

function progress(answer) {
  const bar = $("review-progress");
  bar.hidden = false;
  bar.max = Math.max(1, answer.total);
  bar.value = answer.done;
  const what = answer.state === "queued" ? "Waiting for the bots (the tables' play goes first)"
    : `Judging decision ${Math.min(answer.done + 1, answer.total)} of ${answer.total}`;
  bar.setAttribute("aria-valuetext", `${answer.done} of ${answer.total} decisions judged`);
  status(`${what}\u2026`);
}

async function ask(seat) {
  const mine = ++asking;
  chosen = seat;
  clearTimeout(timer);
  show(null);
  status(`Asking for the review of ${ctx.seatName(seat)}\u2026`);
  $("review").dataset.seat = String(seat);
  const path = `/api/games/${encodeURIComponent(ctx.id)}/reviews/${seat}`;
  let answer;
  try {
    answer = await api("POST", path);
  } catch (error) {
    if (mine === asking) status(error.message);
    return;
  }
  follow(mine, seat, path, answer);
}

function follow(mine, seat, path, answer) {
  if (mine !== asking) return;
  if (answer.state === "done") {
    $("review-progress").hidden = true;
    show({ seat, review: answer.review });
    return;
  }
  if (answer.state === "failed") {
    $("review-progress").hidden = true;
    status(`The review could not be worked out: ${answer.error || "the server failed"}. Ask again to try once more.`);
    return;
  }
  progress(answer);
  timer = setTimeout(async () => {
    let next;
    try {
      next = await api("GET", path);
    } catch (error) {
      if (mine === asking) status(`${error.message}; the page looks again in a few seconds.`);
      timer = setTimeout(() => follow(mine, seat, path, answer), POLL * 5);
      return;
    }
    follow(mine, seat, path, next);
  }, POLL);
}

// ---------------------------------------------------------------- showing

function show(found) {
  $("review").dataset.state = found ? "done" : "working";
  if (!found) {
    shown = null;
    $("replay-marks").replaceChildren();
    $("review-summary").textContent = "";
    $("review-list").replaceChildren();
    $("review-note").hidden = true;
    drawButtons();
    return;
  }
  const steps = moveSteps();
  const marked = new Map();
  for (const decision of found.review.decisions) {
    const step = steps[decision.ply];
    if (decision.mark && step !== undefined) marked.set(step, decision);
  }
  shown = { seat: found.seat, review: found.review, steps: marked };
  drawButtons();
  status(`The review of ${ctx.seatName(found.seat)}: ${found.review.decisions.length} decisions judged` +
    `${found.review.forced ? `, ${found.review.forced} forced moves skipped` : ""}` +
    `${found.review.unweighed ? `, ${found.review.unweighed} not weighed` : ""}.`);
  $("review-summary").textContent = found.review.summary;
  const last = Math.max(1, ctx.game.steps.length - 1);
  $("replay-marks").replaceChildren(...[...marked].map(([step, decision]) => h("button", {
    type: "button",
    class: `mark ${decision.mark}`,
    "data-step": step,
    "data-mark": decision.mark,
    style: `left:${(step / last) * 100}%`,
    title: `${where(decision)}: ${NAMES[decision.mark]}`,
    "aria-label": `${where(decision)}: ${NAMES[decision.mark]}, ${decision.made_words}; go to it`,
    onclick: () => ctx.go(step),
  }, decision.mark === "blunder" ? "??" : "?")));
  $("review-list").replaceChildren(...[...marked].map(([step, decision]) => h("li", { class: decision.mark },
    h("button", { type: "button", class: "link", "data-step": step, onclick: () => ctx.go(step) },
      h("span", { class: `badge ${decision.mark}` }, decision.mark === "blunder" ? "??" : "?"),
      ` ${where(decision)}: ${decision.made_words}, ${NAMES[decision.mark]} (about ${number(decision.cost)} ${unit(decision.cost)})`))));
  if (!marked.size) $("review-list").append(h("li", {}, `No decision is marked: none cost clearly 1 ${unit(1)} or more.`));
  at(ctx.at());
}

const KINDS = { pass: "the pass", suit: "the suit named", discard: "the discard", moon: "the moon choice" };

function where(decision) {
  return decision.trick ? `Hand ${decision.hand}, trick ${decision.trick}` : `Hand ${decision.hand}, ${KINDS[decision.kind] || decision.kind}`;
}

/** The replay moved to ``step``: the better move there, if the review marked that step. */
export function at(step) {
  if (!shown) return;
  const decision = shown.steps.get(step);
  const note = $("review-note");
  for (const mark of $("replay-marks").children) mark.classList.toggle("here", Number(mark.dataset.step) === step);
  if (!decision) {
    note.hidden = true;
    return;
  }
  note.hidden = false;
  note.dataset.mark = decision.mark;
  note.replaceChildren(
    h("strong", { class: `badge ${decision.mark}` }, decision.mark === "blunder" ? "?? Blunder" : "? Mistake"),
    h("span", {}, ` ${ctx.seatName(shown.seat)} ${decision.made_words}. `),
    h("span", { class: "better" }, betterWords(decision, shown.review.deals)));
}

/** Your seat's review, if one was asked for already (by you, here or on another device): shown
 * (or followed while it is worked out) without a tap; one not asked yet is left to the buttons. */
async function lookFirst(seat) {
  const mine = ++asking;
  const path = `/api/games/${encodeURIComponent(ctx.id)}/reviews/${seat}`;
  let answer;
  try {
    answer = await api("GET", path);
  } catch {
    return; // (none asked yet, or the server refused a look: nothing to show)
  }
  if (mine !== asking) return;
  chosen = seat;
  drawButtons();
  $("review").dataset.seat = String(seat);
  follow(mine, seat, path, answer);
}

/** Start the review's part of the replay page (once the replay is drawn). */
export function startReview(options) {
  ctx = options;
  $("review").hidden = false;
  drawButtons();
  const { own } = seatsInOrder();
  if (own !== null) lookFirst(own);
}
