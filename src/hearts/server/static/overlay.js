// The end of a hand and of the game, in view: `#hand-over` on the felt (each seat's points this
// hand, the moon, the totals, in plain words; gone when the player dismisses it or after a few
// seconds), and `#game-over` (a dialog: the winners, the chart, Play again, Replay, Back to the
// lobby). Nothing here computes a result: the numbers and the server's sentences are the
// table's (table.js passes them); this module only shows them and says them in words.
import { setting } from "./settings.js";
import { $, h } from "./util.js";

/** How long the hand's summary stays by itself, by the person's speed (ms). */
const STAYS = { slow: 12000, normal: 8000, fast: 5000, test: 5000 };
/** At most this long once the table waits for the person's own move (ms), by their speed. */
const NEEDED = { slow: 7000, normal: 5000, fast: 3000, test: 3000 };

let handBox = null;
let handTimer = 0;
let handUntil = 0;
let showTimer = 0;
let overBox = null;
let overOpened = false; // the game-over dialog was shown once (closing it keeps it closed)
let nextOffered = false; // the offer of the next game was shown (it opens the dialog again)
let reopen = null;
let lastHand = null; // the last hand's summary, shown in the game-over dialog too

function points(n) {
  return n === 0 ? "no points" : `${n} point${Math.abs(n) === 1 ? "" : "s"}`;
}

/** One seat's line of a hand in plain words: "You took no points (total 12)". */
export function seatLine(name, took, change, total) {
  let text = `${name} took ${took === null || took === undefined ? "their share" : points(took)}`;
  if (change !== null && change !== undefined && change !== took) {
    text += change === 0 ? "; the total stays" : `; the total goes ${change > 0 ? "up" : "down"} by ${Math.abs(change)}`;
  }
  if (total !== null && total !== undefined) text += ` (total ${total})`;
  return `${text}.`;
}

function ensureHandBox() {
  if (handBox && handBox.isConnected) return handBox;
  handBox = h("section", {
    id: "hand-over", class: "overlay hand-over", role: "dialog", "aria-modal": "false",
    "aria-labelledby": "hand-over-title", "aria-live": "polite", hidden: true,
  });
  handBox.addEventListener("click", (event) => event.stopPropagation());
  ($("felt") || document.body).append(handBox);
  return handBox;
}

/** Close the hand's summary (the button, Escape, a tap outside it, or its time). */
export function dismissHandOver() {
  clearTimeout(handTimer);
  clearTimeout(showTimer);
  handTimer = 0;
  if (handBox && !handBox.hidden) {
    const had = handBox.contains(document.activeElement);
    handBox.hidden = true;
    if (had) document.querySelector("#hand button.card[tabindex='0']")?.focus({ preventScroll: true });
  }
}

function stayFor(ms) {
  clearTimeout(handTimer);
  handUntil = performance.now() + ms;
  handTimer = setTimeout(dismissHandOver, ms);
}

/**
 * Show a hand's end on the felt. `data`: { hand (from 0), rows: [{ name, took, change, total }]
 * one per seat, moon: text or null, texts: the server's sentences for it (shown instead of the
 * page's own lines where there are any), after: ms to wait first (the last trick's hold) }.
 */
export function handOver(data) {
  const box = ensureHandBox();
  lastHand = data;
  const lines = data.texts && data.texts.length
    ? data.texts.map((text) => h("p", { class: "said" }, text))
    : [
      data.moon ? h("p", { class: "moon" }, data.moon) : null,
      h("ul", { class: "plain seats-points" }, data.rows.map((row) => h("li", {}, seatLine(row.name, row.took, row.change, row.total)))),
    ];
  box.replaceChildren(
    h("h2", { id: "hand-over-title" }, `Hand ${data.hand + 1} is over`),
    ...lines.filter(Boolean),
    h("div", { class: "actions" },
      h("button", { type: "button", id: "hand-over-close", class: "primary", onclick: dismissHandOver }, "Continue")));
  box.dataset.hand = String(data.hand);
  clearTimeout(showTimer);
  const show = () => {
    box.hidden = false;
    stayFor(STAYS[setting("speed")] || STAYS.normal);
  };
  if (data.after > 0) showTimer = setTimeout(show, data.after);
  else show();
}

/** The table waits for this person's move: the summary does not stay long in its way. */
export function handOverNeeded() {
  if (!handBox || handBox.hidden || !handTimer) return;
  const most = NEEDED[setting("speed")] || NEEDED.normal;
  if (handUntil - performance.now() > most) stayFor(most);
}

/** A node about the hand just over (its deal checked), put in the hand's summary. */
export function handOverNote(node, selector) {
  const box = ensureHandBox();
  if (selector) box.querySelector(selector)?.remove();
  const actions = box.querySelector(".actions");
  if (actions) actions.before(node); else box.append(node);
}

function ensureOverBox() {
  if (overBox && overBox.isConnected) return overBox;
  overBox = h("dialog", { id: "game-over", class: "overlay game-over", "aria-labelledby": "game-over-title" });
  overBox.addEventListener("click", (event) => { if (event.target === overBox) overBox.close(); });
  overBox.addEventListener("close", () => { if (reopen) reopen.hidden = false; });
  reopen = h("button", { type: "button", id: "game-over-open", class: "overlay-open primary", hidden: true,
    onclick: () => { reopen.hidden = true; overBox.showModal(); } }, "The game's result");
  document.body.append(overBox);
  ($("felt") || document.body).append(reopen);
  return overBox;
}

/**
 * Show the game's end. `data`: { winners: the sentence, totals: [{ name, total }], chart: an
 * element or null, replay, record: links, canAgain: a seated person may ask, onAgain(button):
 * ask for another game (busy: asked, not answered yet), next: { link, words, join } once
 * another game is made (or null), event: a duplicate event's deal ({ title, words, back: the
 * event's page, onNext(button): play its next deal, or null at the last }: offered instead of
 * another game and the lobby), after: ms to wait before it opens (the last trick's hold) }.
 * Drawn again with each state (names may change); opened once: closed, it stays closed.
 */
export function gameOver(data) {
  dismissHandOver();
  const box = ensureOverBox();
  const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
  const event = data.event; // (a duplicate event's deal: its next deal and the event, not another game)
  const again = event
    ? h("button", { type: "button", id: "next-deal", class: "primary", onclick: (e) => event.onNext(e.currentTarget) }, "Next deal")
    : h("button", { type: "button", id: "play-again", class: "primary", "aria-disabled": data.busy ? "true" : null },
      data.next ? data.next.join : data.busy ? "Making the new table…" : "Play again");
  if (event) again.hidden = !event.onNext;
  else if (data.next) again.addEventListener("click", () => { location.href = data.next.link; });
  else again.addEventListener("click", () => data.onAgain(again));
  if (!event) again.hidden = !data.canAgain && !data.next;
  const last = lastHand && lastHand.texts && lastHand.texts.length ? lastHand.texts
    : lastHand && lastHand.moon ? [lastHand.moon] : [];
  box.replaceChildren(...[
    h("form", { method: "dialog", class: "close-form" },
      h("button", { type: "submit", class: "close", "aria-label": "Close: look at the table" }, "×")),
    h("h2", { id: "game-over-title" }, event ? event.title : "The game is over"),
    event ? h("p", { class: "event-said" }, event.words) : h("p", { class: "winners" }, data.winners),
    data.next && !event ? h("p", { class: "next", role: "status" }, data.next.words) : null,
    h("div", { class: "actions" },
      again,
      event ? h("a", { id: "back-to-event", class: "button", href: event.back }, "Back to the event") : null,
      h("a", { id: "over-replay", class: "button", href: data.replay }, "Replay"),
      event ? null : h("a", { id: "over-lobby", class: "button", href: "/" }, "Back to the lobby")),
    h("p", { class: "over-error", role: "alert" }),
    h("ul", { class: "plain totals" }, data.totals.map((row) => h("li", {}, `${row.name}: ${row.total}`))),
    last.length ? h("div", { class: "last-hand" }, ...last.map((text) => h("p", { class: "hint" }, text))) : null,
    data.chart,
    h("p", { class: "hint" }, h("a", { href: data.record }, "The game's record")),
  ].filter(Boolean));
  if (!overOpened) {
    overOpened = true;
    const open = () => {
      if (!box.open) box.showModal();
      const first = $("play-again") || $("next-deal");
      (first && !first.hidden ? first : $("back-to-event") || $("over-replay")).focus();
    };
    if (data.after > 0) setTimeout(open, data.after); else open();
  } else if (data.next && !nextOffered && !box.open) {
    box.showModal(); // (another game was made: its offer in view)
    reopen.hidden = true;
    again.focus();
  } else if (focused) {
    $(focused)?.focus();
  }
  if (data.next) nextOffered = true;
}

/** A refusal of Play again, said inside the dialog. */
export function gameOverError(text) {
  const box = overBox && overBox.querySelector(".over-error");
  if (box) box.textContent = text;
}

// Escape or a tap outside closes the hand's summary (the dialog closes itself on Escape).
document.addEventListener("keydown", (event) => { if (event.key === "Escape") dismissHandOver(); });
document.addEventListener("click", (event) => {
  if (handBox && !handBox.hidden && !handBox.contains(event.target)) dismissHandOver();
});
