// The table's pace: what the server sends is shown one message after another, in the order it
// came, at a pace a person can follow (each other seat's card a moment after the one before, a
// finished trick held at least a second, then gathered toward its winner, the deal dealt). One
// queue, nothing dropped, nothing reordered; the server knows nothing of it (a person's own view:
// waiting for a tap holds nobody else). Speeds from settings.js; "test" has no pauses at all.
import { back, face, words } from "./cards.js";
import { onSetting, setting } from "./settings.js";
import { $, h } from "./util.js";

/** Milliseconds of each deliberate pause, by speed: before another seat's card (or bid), the
 * finished trick held still (at least a second, and a frame to spare, at every speed but the
 * tests'), its gathering toward the winner, the deal. The server's turn timer adds the slow ones
 * before a person's turn (src/hearts/server/pace.py: keep them equal). */
export const SPEEDS = Object.freeze({
  slow: Object.freeze({ card: 800, hold: 1800, gather: 400, deal: 1400 }),
  normal: Object.freeze({ card: 400, hold: 1050, gather: 250, deal: 900 }),
  fast: Object.freeze({ card: 200, hold: 1050, gather: 150, deal: 500 }),
  test: Object.freeze({ card: 0, hold: 0, gather: 0, deal: 0 }),
});

const PACED = new Set(["card_played", "revoked", "bid_made", "suit_named"]); // another seat's move
const TRICK_END = new Set(["trick_won", "trick_carried"]);

/** The speed's pauses (an unknown speed: normal). */
export function pauses() {
  return SPEEDS[setting("speed")] || SPEEDS.normal;
}

function still() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// What tests and benchmarks read: each deliberate pause ({ why, start, end }, performance.now()),
// each time the page had shown everything and waited for the server ({ start, end }), each card
// played by itself.
const record = { pauses: [], idle: [], auto: [] };
let idleSince = null;
window.__pace = record;

let hooks = null; // { show(step), cleared(), idle(), seat() }
const queue = []; // steps to show: { m, events, part, parts, at, fresh }
let busy = false; // the queue is being worked through
let pending = false; // something received is not shown yet, or the step shown holds a pause
let shownAt = -Infinity; // when the last step was shown
let waiting = null; // the tap waited for: its resolve
let fresh = true; // the next state is a page catching up (after hello): shown at once
let holds = []; // what the step being shown asked the queue to wait for (holdFor)

/** Start the pace: ``hooks.show(step)`` presents a step (a message, or part of a state's events),
 * ``hooks.cleared()`` ends a held trick, ``hooks.idle()`` says the queue has caught up,
 * ``hooks.seat()`` is this page's seat (null: a watcher). */
export function startPace(given) {
  hooks = given;
  document.addEventListener("keydown", onKey);
  $("felt").addEventListener("click", () => tapped());
  onSetting((name, value) => { if (name === "waitTap" && !value) tapped(); });
}

/** Hold the queue after the step being shown until ``promise`` settles: for what the person
 * reads before the table goes on (the end of a hand's summary, dismissed or timed out by its
 * module). Called while a step is shown (from table.js's events); its person's view only. */
export function holdFor(promise) {
  holds.push(Promise.resolve(promise).catch(() => {}));
  pending = true;
}

/** Whether everything received has been shown (a person's hand is playable only then). */
export function ready() {
  return !pending && queue.length === 0;
}

/** Queue a message from the server. A state whose events end a trick and go on (the hand over,
 * the next deal) is shown in parts: the trick first, held, then the hand's end, then the next
 * hand from its shuffle on. */
export function push(m) {
  const at = performance.now();
  if (idleSince !== null) { record.idle.push({ start: idleSince, end: at }); idleSince = null; }
  if (m.type === "welcome") fresh = true;
  if (m.type !== "state") {
    queue.push({ m, events: [], part: 0, parts: 1, at, fresh: false });
  } else {
    const list = m.events || [];
    const parts = [];
    let from = 0;
    list.forEach((e, i) => {
      if (e.kind === "shuffle_committed" && i > from) { parts.push(list.slice(from, i)); from = i; }
      if (TRICK_END.has(e.kind) && i < list.length - 1) { parts.push(list.slice(from, i + 1)); from = i + 1; }
    });
    parts.push(list.slice(from));
    parts.forEach((events, part) => queue.push({ m, events, part, parts: parts.length, at, fresh }));
    fresh = false;
  }
  pending = true;
  pump();
}

function pause(why, ms) {
  const start = performance.now();
  return new Promise((resolve) => setTimeout(() => {
    record.pauses.push({ why, start, end: performance.now() });
    resolve();
  }, Math.max(0, ms)));
}

// A task of its own between two steps, so that each is drawn however fast they come (a message
// channel's: a hidden tab's timers are slowed to one a second, its messages are not).
const channel = new MessageChannel();
const nextTask = [];
channel.port1.onmessage = () => nextTask.shift()?.();
function yieldTask() {
  return new Promise((resolve) => { nextTask.push(resolve); channel.port2.postMessage(0); });
}

async function pump() {
  if (busy) return;
  busy = true;
  try {
    while (queue.length) {
      const step = queue[0];
      const speed = step.fresh || document.hidden ? SPEEDS.test : pauses();
      const me = hooks.seat();
      const paced = step.events.some((e) => PACED.has(e.kind) && e.seat !== me);
      if (paced && speed.card > 0) {
        const wait = shownAt + speed.card - performance.now();
        if (wait > 0) await pause("card", wait);
      }
      queue.shift();
      const ends = step.events.find((e) => TRICK_END.has(e.kind));
      const dealt = step.events.some((e) => e.kind === "dealt") && step.m.type === "state";
      const dealing = dealt && speed.deal > 0 && !still();
      pending = queue.length > 0 || Boolean(ends) || dealing;
      holds = [];
      // (a step that fails to draw must not stop the queue: the error is thrown again apart, where
      // the page reports it, and the next step is shown)
      try { hooks.show(step); } catch (error) { setTimeout(() => { throw error; }); }
      shownAt = performance.now();
      if (holds.length) {
        const start = performance.now();
        await Promise.all(holds);
        holds = [];
        record.pauses.push({ why: "read", start, end: performance.now() });
      }
      if (ends) await holdTrick(speed, ends);
      else if (dealing) await deal(speed.deal);
      else await yieldTask();
    }
  } finally {
    busy = false;
    pending = queue.length > 0;
  }
  idleSince = performance.now();
  hooks.idle();
}

async function holdTrick(speed, ends) {
  await pause("hold", speed.hold);
  if (setting("waitTap")) await tap();
  if (speed.gather > 0 && !still()) {
    gatherToward(ends.kind === "trick_won" ? ends.seat : null, speed.gather);
    await pause("gather", speed.gather);
  } else {
    await yieldTask();
  }
  pending = queue.length > 0;
  hooks.cleared();
  shownAt = -Infinity; // (the next trick's lead comes as the gathering ends: it was its pause)
}

/** The position as a trick's last card left it, shown while the trick is held before the rest of
 * its state (the hand over, the next deal): the state before, with the trick's cards played. */
export function between(prev, events) {
  if (!prev) return prev;
  const v = prev.view;
  const played = events.filter((e) => e.kind === "card_played" || e.kind === "revoked");
  const gone = new Set(played.map((e) => e.card));
  const sizes = (v.hand_sizes || []).slice();
  for (const e of played) if (sizes[e.seat] > 0) sizes[e.seat] -= 1;
  const over = events.some((e) => e.kind === "hand_over");
  return {
    ...prev, between: `Hand ${v.hand_number + 1}${over ? " is over" : ": the trick is taken"}`, turn: null, deadline: null, events,
    view: { ...v, trick: [], hand: v.hand ? v.hand.filter((c) => !gone.has(c)) : v.hand, hand_sizes: sizes, legal_moves: [], choose: null },
  };
}

// ---------------------------------------------------------------- a tap after each trick

function tap() {
  const note = h("button", { id: "tap-on", type: "button", class: "tap-on" }, "Tap the table (or press Space) to go on");
  note.addEventListener("click", (event) => { event.stopPropagation(); tapped(); });
  $("felt").append(note);
  const start = performance.now();
  return new Promise((resolve) => {
    waiting = () => {
      note.remove();
      record.pauses.push({ why: "tap", start, end: performance.now() });
      resolve();
    };
  });
}

function tapped() {
  if (!waiting) return;
  const done = waiting;
  waiting = null;
  done();
}

function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (waiting && (event.key === " " || event.key === "Enter")) {
    event.preventDefault(); // (not a click on the focused card or button too)
    tapped();
    return;
  }
  if (event.key === "l" || event.key === "L") {
    if (document.querySelector("dialog[open]:not(#last-trick-box)")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    toggleLastTrick();
  }
}

// ---------------------------------------------------------------- motion

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The trick's cards move to the winner's seat and fade (none: they fade where they are). */
function gatherToward(winner, ms) {
  const seat = winner === null ? null : document.querySelector(`#seats .seat[data-seat="${winner}"]`);
  const to = seat ? centre(seat) : null;
  for (const card of document.querySelectorAll("#trick .played")) {
    const from = centre(card);
    const dx = to ? to.x - from.x : 0;
    const dy = to ? to.y - from.y : 0;
    card.animate([
      { transform: "translate(-50%, -50%)", opacity: 1 },
      { transform: `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px)) scale(.45)`, opacity: 0.2 },
    ], { duration: ms, easing: "ease-in", fill: "forwards" });
  }
}

/** The deal: card backs fly from the middle of the felt to each seat and to the hand. */
function deal(ms) {
  const felt = $("felt");
  const hand = $("hand");
  const layer = h("div", { class: "deal-layer", "aria-hidden": "true" });
  felt.append(layer);
  const origin = centre(felt);
  const box = felt.getBoundingClientRect();
  const targets = [...document.querySelectorAll("#seats .seat:not(.me)")].map(centre);
  if (!hand.hidden) targets.push(centre(hand));
  const rounds = 4;
  const each = Math.max(120, ms * 0.45);
  const step = (ms - each) / Math.max(1, rounds * targets.length - 1);
  let k = 0;
  for (let round = 0; round < rounds; round++) {
    for (const to of targets) {
      const card = h("span", { class: "deal-card" }, back());
      card.style.left = `${origin.x - box.left}px`;
      card.style.top = `${origin.y - box.top}px`;
      layer.append(card);
      card.animate([
        { transform: "translate(-50%, -50%) scale(.8)", opacity: 1 },
        { transform: `translate(calc(-50% + ${to.x - origin.x}px), calc(-50% + ${to.y - origin.y}px)) scale(.6)`, opacity: 0 },
      ], { duration: each, delay: k * step, easing: "ease-out", fill: "both" });
      k++;
    }
  }
  hand.classList.add("dealing");
  hand.style.setProperty("--deal-step", `${Math.round((ms - each) / Math.max(1, hand.children.length))}ms`);
  hand.style.setProperty("--deal-card", `${Math.round(each)}ms`);
  return pause("deal", ms).then(() => {
    layer.remove();
    hand.classList.remove("dealing");
  });
}

// ---------------------------------------------------------------- your forced card

let forcedAt = null; // the position whose forced card was played

/** With the autoForced setting, the only card this seat may play is played by itself, a card's
 * pace after the table caught up (``play(card)`` sends it; ``now()`` is the state shown then). */
export function playForced(m, seat, play, now) {
  if (!setting("autoForced") || !m || seat === null || m.turn !== seat || !ready()) return;
  const v = m.view || {};
  const legal = v.legal_moves || [];
  if (v.phase !== "play" || v.choose || legal.length !== 1 || !(v.hand || []).includes(legal[0])) return;
  if (forcedAt === m.seq) return;
  forcedAt = m.seq;
  setTimeout(() => {
    const current = now();
    if (!current || current.seq !== m.seq || !ready()) { forcedAt = null; return; }
    record.auto.push(legal[0]);
    play(legal[0]);
  }, pauses().card);
}

// ---------------------------------------------------------------- the last trick

let lastShown = null; // { cards: [{ card, seat }], winner, points, hand } of the last trick seen
let names = (seat) => `seat ${seat + 1}`;

/** The last finished trick the page has shown: from a view's tricks (who played each card from
 * the hand's events), or a trick just taken (``held``, as table.js keeps it). */
export function sawTrick(view, held, nameOf) {
  if (nameOf) names = nameOf;
  if (held) {
    lastShown = { cards: held.cards, winner: held.winner, points: held.points ?? null, hand: view ? view.hand_number : null };
  } else if (view && (view.tricks || []).length) {
    const trick = view.tricks[view.tricks.length - 1];
    const by = new Map();
    for (const e of view.events || []) if (e.kind === "card_played" || e.kind === "revoked") by.set(e.card, e.seat);
    const n = view.players || 4;
    lastShown = {
      cards: trick.cards.map((card, i) => ({ card, seat: by.has(card) ? by.get(card) : (trick.leader + i) % n })),
      winner: trick.winner === null || trick.winner === undefined ? -1 : trick.winner,
      points: trick.points ?? null,
      hand: view.hand_number,
    };
  }
  const button = $("last-trick");
  if (button) button.disabled = !lastShown;
}

function lastTrickBox() {
  let box = $("last-trick-box");
  if (!box) {
    box = h("dialog", { id: "last-trick-box", class: "last-trick", "aria-labelledby": "last-trick-title" });
    document.body.append(box);
  }
  return box;
}

/** Show (or close) the last trick: who played which card, and who took it. */
export function toggleLastTrick() {
  const box = lastTrickBox();
  if (box.open) { box.close(); return; }
  const t = lastShown;
  const close = h("button", { type: "button", class: "primary", onclick: () => box.close() }, "Close");
  const Name = (seat) => { const text = names(seat); return text === "you" ? "You" : text; };
  box.replaceChildren(
    h("h2", { id: "last-trick-title" }, t && t.hand !== null ? `The last trick (hand ${t.hand + 1})` : "The last trick"),
    t ? h("ul", { class: "plain last-cards" }, ...t.cards.map((p) => h("li", {
      class: `last-card${p.seat === t.winner ? " winner" : ""}`, "data-card": p.card, "data-seat": p.seat,
    }, h("span", { class: "last-face", "aria-hidden": "true" }, face(p.card)), ` ${Name(p.seat)}: ${words(p.card)}`)))
      : h("p", {}, "No trick has been played yet."),
    t ? h("p", { class: "last-winner" }, t.winner < 0 ? "Nobody took it: it stayed for the next trick."
      : `${Name(t.winner)} took it${t.points ? ` (${t.points} point${t.points === 1 ? "" : "s"})` : ""}.`) : null,
    h("p", { class: "hint" }, "Key L shows or hides it."),
    close);
  box.showModal();
  close.focus();
}
