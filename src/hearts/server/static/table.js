// A table: one WebSocket (docs/protocol.md). The page shows what the server sends and sends
// what the player chooses; whether a move is legal is only ever the server's to say (the page
// reads `legal_moves` and `choose`, and shows the refusal's sentence).
import { back, face, isCard, short, words } from "./cards.js";
import { totalsChart } from "./chart.js";
import { eventText, outWords, poolWords, receivedWords, stockWords, SUIT_WORDS, WIDOW_WORDS } from "./log.js";
import { $, api, copy, forget, h, keepChildren, kept, keep, say } from "./util.js";
import { between, playForced, push, ready, sawTrick, startPace, toggleLastTrick } from "./pace.js";
import { checkReveal } from "./verify.js";
import { sound, stateSound } from "./sound.js";
import { gameOver, gameOverError, handOver, handOverNeeded, handOverNote } from "./overlay.js";
import { briefPiles, layoutHand, placeTrick, setupLayout } from "./layout.js";
import { chatLine, chatLog, setupChat } from "./chat.js";
import { personLink } from "./people.js";
import { playNext } from "./events.js";

const PHASES = {
  bid: "bidding", name: "naming the suit", pass: "passing", play: "playing",
  discard: "discarding", moon: "the moon", gather: "gathering the cards", over: "over",
};

let id = "";
let mine = null; // { token, seat, code, link, invite } kept for this table
let socket = null;
let last = null; // the last state
let seats = []; // the seats, from welcome and state
let mySeat = null;
let chosen = new Set(); // the cards chosen to pass or discard
let choosingKey = ""; // which choice `chosen` belongs to
let ref = 0;
let sent = new Map(); // ref -> move text
let held = null; // a trick just taken, held while pace.js holds it: { cards, winner, cancelled, points }
let drawnReady = true; // the last render drew the hand as the caught-up page's (pace.js ready)
let clockEnd = null; // performance.now() at which the turn's time runs out
let clockTimer = 0;
let retry = 0;
let over = null;
let sawPlay = false; // a state of the game in play came (else a page come after its end)
let nextTable = null; // the game played again: { table, link, by } (the server's `again`)
let duplicate = null; // the duplicate event's deal this table plays: { key, name, deal, deals } (the state's `event`)
let asking = false; // Play again asked, not answered yet
const commitments = new Map(); // hand number -> the commitment this page was sent at its deal
const dealtCards = new Map(); // hand number -> the cards this seat was dealt
let gone = false; // no table here, or a server of another protocol: no use trying again
let hint = null; // the hint asked for: { ref, key, at, move, reason } (move null: not come yet)
let typed = ""; // keys typed towards a card's name
let typedAt = 0;
let focusCard = null; // the card to keep the focus on after a render
// The laws: a card the server refused (it does not follow suit) that the player may confirm as a
// revoke: { card, seq }, offered while the position it was refused at stands (a redraw keeps it).
let revokeOffer = null;
// The "this hand" log: the hand's events are the view's (view.events, as this seat sees them);
// lines the view alone tells (the stock's size, a seat left without cards) are kept as notes,
// each after the events the page had then; the hand before stays shown under its own heading.
let logHand = null; // the hand the log's events are of
let logEvents = []; // its events
let logNotes = []; // { at: events before it, text }
let logBefore = null; // the hand before: { hand, lines }
let logView = null; // the view of the last state, to tell what changed

function seatName(seat) {
  const s = seats.find((x) => x.seat === seat);
  if (seat === mySeat) return "you";
  if (!s) return `seat ${seat + 1}`;
  // Several seats of one name (bots are named by their kind): say which seat (numbered from 1,
  // as the server's sentences and the seats' labels are).
  return seats.filter((x) => x.name === s.name).length > 1 ? `${s.name} (seat ${seat + 1})` : s.name;
}

function Name(seat) {
  const text = seatName(seat);
  return text === "you" ? "You" : text;
}

function statusWords(s) {
  if (s.kind === "bot") return "bot";
  if (s.kind === "open") return s.status === "substitute" ? "open seat, a bot plays it" : "open seat";
  if (s.status === "substitute") return "away, a bot plays for them";
  if (s.status === "disconnected") return "disconnected";
  return "connected";
}

// ---------------------------------------------------------------- the socket

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(id)}`);
  socket.addEventListener("open", () => {
    retry = 0;
    socket.send(JSON.stringify(mine && mine.token
      ? { type: "hello", version: 1, token: mine.token, watch: false }
      : { type: "hello", version: 1, token: null, watch: true }));
  });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  });
  socket.addEventListener("close", () => {
    socket = null;
    if (over || gone) return;
    retry = Math.min(retry + 1, 6);
    const wait = Math.min(1000 * 2 ** (retry - 1), 15000);
    $("status").textContent = `The connection is lost: trying again in ${Math.round(wait / 1000)} s…`;
    setTimeout(connect, wait);
  });
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    say("not connected to the table just now: wait a moment and try again");
    return;
  }
  socket.send(JSON.stringify(message));
}

function move(text) {
  ref = (ref + 1) % 2147483647;
  sent.set(ref, text);
  if (sent.size > 50) sent.delete(sent.keys().next().value);
  send({ type: "move", move: text, ref });
}

function receive(m) {
  switch (m.type) {
    case "error":
      hintRefused(m);
      refused(m);
      break;
    case "hint":
      hinted(m);
      break;
    case "chat":
      chatLine(m);
      break;
    case "chat_log":
      chatLog(m);
      break;
    default: // (the rest is shown in order, at the table's pace: pace.js)
      m.receivedAt = performance.now();
      push(m);
      break;
  }
}

/** Show what the pace queue hands on, when its time comes: a message, or a part of a state's
 * events (a trick taken, held before the rest of the state: the hand over, the next deal). */
function present(step) {
  const m = step.m;
  switch (m.type) {
    case "welcome":
      mySeat = m.seat;
      seats = m.seats;
      if (m.event !== undefined) duplicate = m.event || null;
      seatInfo();
      break;
    case "state":
      if (step.part === 0) {
        say("");
        seats = m.seats;
        if (m.event !== undefined) duplicate = m.event || null;
        if (m.view.commitment) commitments.set(m.view.hand_number, m.view.commitment);
        if (m.view.dealt && m.view.dealt.length) dealtCards.set(m.view.hand_number, m.view.dealt);
        if (m.view.phase !== "over") sawPlay = true;
      }
      events(step.events, m);
      if (step.part < step.parts - 1) {
        last = between(last, step.events);
      } else {
        stateSound(m, mySeat);
        keepLog(m);
        last = m;
      }
      setClock(last);
      render();
      break;
    case "reveal":
      revealed(m);
      break;
    case "over":
      // (a finished game's link, for a watcher who never saw it played: its replay)
      if (!sawPlay && mySeat === null) { location.replace(`/r/${encodeURIComponent(id)}`); return; }
      over = m;
      showOver();
      break;
    case "again":
      nextTable = m;
      if (mine && mine.token && mySeat !== null) keep(m.table, { token: mine.token, seat: mySeat, link: m.link, invite: false });
      if (over) showOver();
      break;
    default:
      break;
  }
}

function refused(m) {
  say(m.message);
  if (m.code === "not_found" || m.code === "version") {
    gone = true;
    $("status").textContent = m.code === "not_found" ? "There is no such table here." : "This page and the server do not speak the same protocol: reload the page.";
  }
  if (m.code === "unauthorized" && mine && mine.token && !last) {
    // The token stands for no seat here (the seat was left): watch instead.
    forget(id);
    mine = null;
    $("seat-info").textContent = "Your seat at this table is gone; you are watching.";
  }
  const text = sent.get(m.ref);
  const v = last && last.view;
  // The laws let a seat revoke: the page asks the player to confirm it is meant. The offer
  // stands while the position does: a state of the same position (a seat's connection, the
  // trick just taken leaving the felt) redraws the moves and keeps it; a move ends it.
  revokeOffer = m.code === "illegal" && text && isCard(text) && v && v.laws && v.hand && v.hand.includes(text)
    ? { card: text, seq: last.seq } : null;
  if (last) drawMoves(last, v);
}

/** The button that plays the refused card as a revoke, while its offer stands (or null). */
function revokeButton(m, v) {
  const offer = revokeOffer;
  if (!offer || offer.seq !== m.seq || m.turn !== mySeat || !(v.hand || []).includes(offer.card)) return null;
  return h("button", { type: "button", class: "revoke", onclick: () => move(`revoke ${offer.card}`) },
    `Revoke: play ${short(offer.card)} anyway`);
}

// ---------------------------------------------------------------- events

function events(list, m) {
  // Who played each card of a trick just taken: the trick on the table as the last state showed
  // it, and the cards played since (a trick does not go round from its leader when the dealer
  // sits out, at seven, or a seat is out of Domino Hearts).
  const playedBy = new Map(((last && last.view && last.view.trick) || []).map((p) => [p.card, p.seat]));
  for (const e of list) {
    sound(e);
    if (e.kind === "card_played" || e.kind === "revoked") playedBy.set(e.card, e.seat);
    if (e.kind === "trick_won" || e.kind === "trick_carried") {
      const cards = Array.isArray(e.cards) ? e.cards : String(e.cards).split(" ").filter(Boolean);
      const n = (m.view && m.view.players) || seats.length;
      held = {
        cards: cards.map((card, i) => ({ card, seat: playedBy.has(card) ? playedBy.get(card) : (e.leader + i) % n })),
        winner: e.kind === "trick_won" ? e.seat : -1,
        // (the twins that cancelled, as the server says: Cancellation Hearts)
        cancelled: Array.isArray(e.cancelled) ? e.cancelled : [],
        points: e.points ?? null,
      };
      // (the server's words for this seat: who takes it, its cards, what it counts, twins cancelled)
      $("trick-note").textContent = e.text || (held.winner < 0
        ? "Nobody takes the trick: it stays for the next one."
        : `${Name(held.winner)} take${held.winner === mySeat ? "" : "s"} the trick.`);
    } else if (e.kind === "hand_over" && !list.some((x) => x.kind === "hand_settled")) {
      // Over, not settled yet: its hand is the view's (or the one before, when the view is
      // already the next hand's).
      const v = m.view || {};
      const hand = v.phase === "over" || v.phase === "gather" || v.phase === "moon" ? v.hand_number : v.hand_number - 1;
      handSummary({ hand, points: e.points, penalties: e.penalties }, list, m);
    } else if (e.kind === "hand_settled") {
      // The hand's result as the server's score sheet holds it (the game's own numbers).
      const row = (m.hands || []).find((r) => r.hand_number === e.hand_number) || { deltas: e.deltas };
      handSummary({ ...row, hand: e.hand_number }, list, m);
    } else if (e.kind === "game_over") {
      over = over || { winners: e.winners, totals: e.totals, record: `/api/games/${id}/record` };
    }
  }
}

/** A hand's end, on the felt (overlay.js): each seat's points, the moon, the totals; the
 * server's sentences for it where it sends them. Shown after the last trick's hold while the
 * view is still of that hand; once the next hand is dealt, at once, the trick off the felt. */
function handSummary(row, list, m) {
  // (with the moon chosen, the shot came in an earlier state: the log's events hold it)
  const earlier = logHand === row.hand ? logEvents : [];
  const moon = list.find((e) => e.kind === "moon_shot") || earlier.find((e) => e.kind === "moon_shot");
  const chosen = list.find((e) => e.kind === "moon_chosen") || earlier.find((e) => e.kind === "moon_chosen");
  const n = seats.length;
  const rows = Array.from({ length: n }, (_, seat) => ({
    name: Name(seat),
    took: row.points ? row.points[seat] : row.penalties ? row.penalties[seat] : null,
    change: row.deltas ? row.deltas[seat] : null,
    total: row.totals ? row.totals[seat] : null,
  }));
  // (the server's words for the hand's end; the moon shot, or chosen, in an earlier state too)
  const told = [moon, chosen].filter((e) => e && !list.includes(e)).concat(list);
  const texts = told.filter((e) => e.text && ["moon_shot", "moon_chosen", "hand_over", "hand_settled"].includes(e.kind)).map((e) => e.text);
  const nextHand = m.view && m.view.hand_number !== row.hand;
  if (nextHand && held) { held = null; $("trick-note").textContent = ""; }
  handOver({
    hand: row.hand, rows, texts,
    moon: moon ? `${Name(moon.seat)} shot the moon!${chosen && chosen.text ? ` ${chosen.text}` : ""}` : null,
    after: 0, // (pace.js shows it once the last trick's hold is over)
  });
}

function revealed(m) {
  // (the commitment and the cards dealt as this page was sent them during the hand)
  const shown = h("p", { class: "reveal hint", "data-verified": "checking", role: "status" }, "Checking the deal…");
  handOverNote(shown, ".reveal");
  checkReveal(m, commitments.get(m.hand_number), dealtCards.get(m.hand_number)).then((result) => {
    shown.dataset.verified = result.ok === true ? "yes" : result.ok === false ? "no" : "unknown";
    shown.dataset.hash = result.by || "";
    shown.classList.toggle("bad", result.ok === false);
    shown.textContent = `Hand ${m.hand_number + 1}: ${result.text}`;
  });
}

// ---------------------------------------------------------------- the log

function logNames() {
  return { me: mySeat, name: (seat) => (seat === mySeat ? "you" : seatName(seat)) };
}

/** Keep the state's events (the view's, this hand's) and what the view tells that they do not. */
function keepLog(m) {
  const v = m.view;
  const list = m.events || [];
  if (logHand !== null && v.hand_number !== logHand) {
    // The hand the log showed is over: its last events came with this state, before the next
    // hand's first (its shuffle committed to).
    let end = list.findIndex((e) => e.kind === "shuffle_committed" && e.hand_number === v.hand_number);
    if (end < 0) end = list.length;
    logBefore = { hand: logHand, events: logEvents.concat(list.slice(0, end)), notes: logNotes, view: logView };
    logNotes = [];
    logView = null;
  }
  if (logView && logView.hand_number === v.hand_number) {
    const at = (v.events || []).length;
    if (v.stock_size !== logView.stock_size) logNotes.push({ at, text: stockWords(v.stock_size) });
    if (v.rules && v.rules.domino && v.phase === "play") {
      v.hand_sizes.forEach((size, seat) => {
        if (size === 0 && logView.hand_sizes[seat] > 0) logNotes.push({ at, text: outWords(seat, logNames()) });
      });
    }
  }
  logHand = v.hand_number;
  logEvents = v.events || [];
  logView = v;
}

/** A hand's lines: its events in words, the notes among them, the cards received after the pass. */
function logLines(events, notes, view) {
  const lines = [];
  let lastPass = -1;
  events.forEach((e, i) => { if (e.kind === "passed") lastPass = i; });
  const notesAt = (at) => { for (const note of notes) if (note.at === at) lines.push(note.text); };
  notesAt(0);
  events.forEach((e, i) => {
    const text = eventText(e);
    if (text) lines.push(text);
    if (i === lastPass && view && view.received && view.received.length) lines.push(receivedWords(view.received));
    notesAt(i + 1);
  });
  for (const note of notes) if (note.at > events.length) lines.push(note.text);
  return lines;
}

function drawLog() {
  const box = $("log");
  const hands = [];
  if (logBefore) hands.push({ hand: logBefore.hand, lines: logLines(logBefore.events, logBefore.notes, logBefore.view) });
  if (logHand !== null) hands.push({ hand: logHand, lines: logLines(logEvents, logNotes, logView) });
  // Keep the lines shown and add the new ones: a screen reader reads out only what is added.
  for (const section of [...box.children]) {
    if (!hands.some((x) => String(x.hand) === section.dataset.hand)) section.remove();
  }
  let added = false;
  for (const { hand, lines } of hands) {
    let section = box.querySelector(`section[data-hand="${hand}"]`);
    if (!section) {
      section = h("section", { "data-hand": hand }, h("h3", {}, `Hand ${hand + 1}`), h("ol", { class: "lines" }));
      box.append(section);
    }
    const list = section.querySelector("ol");
    const shown = [...list.children].map((li) => li.textContent);
    let same = 0;
    while (same < shown.length && same < lines.length && shown[same] === lines[same]) same++;
    while (list.children.length > same) list.lastChild.remove();
    for (const text of lines.slice(same)) { list.append(h("li", {}, text)); added = true; }
  }
  if (added) box.scrollTop = box.scrollHeight;
}

function showOver() {
  const winners = over.winners || [];
  const names = winners.map(Name);
  const iWon = mySeat !== null && winners.includes(mySeat);
  const next = nextTable && nextTable.by !== mySeat ? {
    link: nextTable.link,
    join: mySeat === null ? "Watch the new game" : "Join the new game",
    words: `${nextTable.by === null || nextTable.by === undefined ? "Another game was made" : `${Name(nextTable.by)} asked for another game`}: ${mySeat === null ? "you may watch it" : "your seat is kept for you"}.`,
  } : null;
  gameOver({
    winners: iWon
      ? (winners.length > 1 ? `You share the win with ${names.filter((x) => x !== "You").join(", ")}.` : "You win!")
      : `${names.join(" and ")} win${winners.length > 1 ? "" : "s"}.`,
    totals: (over.totals || []).map((total, seat) => ({ name: Name(seat), total })),
    chart: overChart(),
    replay: `/r/${encodeURIComponent(id)}`,
    record: over.record,
    canAgain: Boolean(mySeat !== null && mine && mine.token),
    onAgain: playAgain,
    busy: asking,
    next,
    event: duplicate ? eventOver(duplicate) : null,
    after: 0, // (pace.js shows it once the last trick's hold is over)
  });
  $("status").textContent = duplicate ? `Deal ${duplicate.deal} of ${duplicate.deals} is over.` : "The game is over.";
  clockEnd = null;
  $("clock").textContent = "";
}

/** The end of a duplicate event's deal: back to the event, or on to its next deal. */
function eventOver(e) {
  const mine = mySeat !== null && over && over.totals ? over.totals[mySeat] : null;
  return {
    title: `Deal ${e.deal} of ${e.deals} is over`,
    words: `${mine === null || mine === undefined ? "" : `You took ${mine} point${mine === 1 ? "" : "s"}. `}Your matchpoints, against everyone who held these cards, are on the event's page.`,
    back: `/e/${encodeURIComponent(e.key)}`,
    onNext: e.deal < e.deals && mySeat !== null
      ? (button) => playNext(e.key, e.deal, button).catch((error) => gameOverError(error.message)) : null,
  };
}

/** Play again: the same seats and people at a new table (made once; asked again, the same). */
async function playAgain(button) {
  if (asking) return;
  asking = true;
  button.setAttribute("aria-disabled", "true");
  button.textContent = "Making the new table…";
  try {
    const made = await api("POST", `/api/tables/${encodeURIComponent(id)}/again`, { token: mine.token });
    keep(made.table.id, { token: made.token, seat: made.seat, code: made.code, link: made.link, invite: false });
    location.href = made.link;
  } catch (error) {
    asking = false;
    button.removeAttribute("aria-disabled");
    button.textContent = "Play again";
    gameOverError(error.message);
  }
}

/** The chart of the totals hand by hand, from the server's score sheet (the state's `hands`). */
function overChart() {
  const hands = (last && last.hands) || [];
  if (!hands.length) return null;
  const n = (last.view && last.view.players) || seats.length;
  const settlement = (last.view && last.view.rules && last.view.rules.settlement) || {};
  const chart = totalsChart({
    names: Array.from({ length: n }, (_, seat) => Name(seat)),
    hands,
    unit: settlement.method === "counters" ? "counters" : "points",
    title: "Each player's total after each hand",
  });
  return h("figure", { class: "chart-box" }, chart,
    h("figcaption", { class: "hint" }, "Totals after each hand; the numbers are in the score sheet."));
}

// ---------------------------------------------------------------- the clock

function setClock(m) {
  clearInterval(clockTimer);
  if (m.deadline === null || m.deadline === undefined || m.turn === null) {
    clockEnd = null;
    $("clock").textContent = "";
    return;
  }
  clockEnd = (m.receivedAt ?? performance.now()) + (m.deadline - m.server_time) * 1000;
  tick();
  clockTimer = setInterval(tick, 250);
}

function tick() {
  if (clockEnd === null) return;
  const left = Math.max(0, Math.ceil((clockEnd - performance.now()) / 1000));
  const clock = $("clock");
  clock.textContent = `Time left ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.classList.toggle("short", left <= 10);
  clock.setAttribute("aria-label", `${left} seconds left for this turn`);
  if (left === 0) clearInterval(clockTimer);
}

// ---------------------------------------------------------------- drawing

function seatInfo() {
  const info = $("seat-info");
  if (mySeat === null) {
    info.textContent = "You are watching this table.";
  } else {
    const s = seats.find((x) => x.seat === mySeat);
    info.textContent = `You are ${s ? s.name : "here"}, seat ${mySeat + 1}`;
  }
  if (duplicate) {
    // (a duplicate event's deal: which one, of which event, a link to it)
    info.prepend(h("a", { id: "event-deal", href: `/e/${encodeURIComponent(duplicate.key)}` },
      `Deal ${duplicate.deal} of ${duplicate.deals} — ${duplicate.name}`), " · ");
    document.title = `Hearts: deal ${duplicate.deal} of ${duplicate.deals}, ${duplicate.name}`;
  }
  $("leave").hidden = mySeat === null;
}

/** Where a seat sits on the felt: you at the bottom, the next seat to your left, and so on. */
function place(seat, n, radius, vertical = radius) {
  const base = mySeat === null ? 0 : mySeat;
  const turn = ((seat - base + n) % n) / n;
  const angle = Math.PI / 2 + turn * 2 * Math.PI;
  return { x: 50 + radius * Math.cos(angle), y: 50 + vertical * Math.sin(angle) };
}

function render() {
  if (!last) return;
  const m = last;
  const v = m.view;
  const n = v.players;
  seatInfo();
  invitation();
  drawSeats(m, v, n);
  drawTrick(m, v, n);
  drawStatus(m, v);
  drawHand(m, v);
  drawMoves(m, v);
  drawPiles(m, v);
  drawLog();
  drawScores(m, v, n);
  drawAbout(v);
  sawTrick(v, held, seatName);
  drawnReady = ready();
  if (mySeat !== null && (m.turn === mySeat || v.choose)) handOverNeeded();
  if (over) showOver();
  placeTrick($("felt"), [...$("trick").children]); // (again: the hand drawn may have resized the felt)
  // (the window size the table was last laid out for: between a change of size and the redraw
  // it schedules, which runs before the next frame is painted, the layout is the old size's)
  document.body.dataset.drawnFor = `${window.innerWidth}x${window.innerHeight}`;
}

function drawSeats(m, v, n) {
  const box = $("seats");
  const nodes = [];
  const passedSeats = new Set((v.events || []).filter((e) => e.kind === "passed").map((e) => e.seat));
  for (let seat = 0; seat < n; seat++) {
    const s = seats.find((x) => x.seat === seat) || { seat, name: `Seat ${seat + 1}`, kind: "open", status: "connected" };
    const at = place(seat, n, 41);
    const acting = m.turn === seat && v.phase !== "pass"; // (any seat may pass: no one turn)
    const size = v.hand_sizes ? v.hand_sizes[seat] : 0;
    const penalties = v.penalties ? v.penalties[seat] : 0;
    const exposed = v.laws && v.laws.exposed ? v.laws.exposed[seat] : null;
    // What the seat is doing, as the view says: choosing its move (the seat to act, or at the
    // pass a seat with cards whose pass is not in the log yet), or done passing.
    const passing = v.phase === "pass";
    const hasPassed = passing && passedSeats.has(seat);
    const thinking = seat !== mySeat && (acting || (passing && !hasPassed && size > 0));
    const doing = thinking ? "thinking\u2026" : hasPassed ? "passed" : "";
    const node = h("div", {
      class: `seat${acting ? " acting" : ""}${seat === mySeat ? " me" : ""} ${s.kind} ${s.status}`,
      "data-seat": seat,
      role: "group",
      style: at.x < 30 ? `left:.4rem;top:${at.y}%;transform:translate(0,-50%)`
        : at.x > 70 ? `right:.4rem;top:${at.y}%;transform:translate(0,-50%)`
        : at.y < 25 ? `left:${at.x}%;top:.3rem;transform:translate(-50%,0)` : `left:${at.x}%;top:${at.y}%`,
      "aria-label": `Seat ${seat + 1}: ${s.name}, ${statusWords(s)}, ${size} cards, ${penalties} this hand${acting ? ", to play" : ""}${doing ? `, ${doing}` : ""}`,
    },
      h("span", { class: "who" }, h("span", { class: "name" }, s.kind === "human" && !s.guest ? personLink(s.name, { target: "_blank", rel: "noopener" }) : s.name), s.guest ? h("span", { class: "guest-mark", title: "a guest: not signed in" }, " (guest)") : null, seat === mySeat ? h("span", { class: "you" }, " (you)") : null),
      h("span", { class: "state" }, `${statusWords(s)} · seat ${seat + 1}`),
      doing ? h("span", { class: `doing${thinking ? " thinking" : ""}` }, doing) : null,
      h("span", { class: "counts" },
        h("span", { class: "held", title: "cards in hand" }, seat === mySeat ? `${size} cards` : h("span", { class: "mini" }, back(), ` ${size}`)),
        h("span", { class: `points${/^(spades|clubs)$/.test(penaltySuit(v)) ? " black" : ""}`, title: "points this hand" },
          ` ${SUIT_SYMBOLS[penaltySuit(v)]} ${penalties}`)),
      v.auction && v.auction.bids && v.auction.bids[seat] !== null && v.auction.bids[seat] !== undefined
        ? h("span", { class: "bid" }, v.auction.bids[seat] === 0 ? "passed the bid" : `bid ${v.auction.bids[seat]}`) : null,
      exposed && exposed.length ? h("span", { class: "exposed" }, "exposed: " + (Array.isArray(exposed) ? exposed : String(exposed).split(" ")).map(short).join(" ")) : null,
      v.laws ? claimBadge(v.laws, seat) : null,
      v.rules && v.rules.domino && v.phase === "play" && size === 0 ? h("span", { class: "out" }, "no cards left: out of this hand") : null);
    nodes.push(node);
  }
  box.replaceChildren(...nodes);
}

const SUIT_SYMBOLS = { clubs: "\u2663", diamonds: "\u2666", spades: "\u2660", hearts: "\u2665" };

/** The suit whose cards count this hand, as the view says: the suit an auction named, else hearts. */
function penaltySuit(v) {
  return (v.auction && v.auction.named_suit) || "hearts";
}

function drawTrick(m, v, n) {
  const box = $("trick");
  const playedNow = new Set((m.events || []).filter((e) => e.kind === "card_played").map((e) => `${e.seat}:${e.card}`));
  const showHeld = held && (!v.trick || v.trick.length === 0);
  const cards = showHeld ? held.cards : (v.trick || []);
  // The cards the server says are cancelled (each with its twin in the trick): dimmed, struck
  // through and badged "cancelled", and said so to a screen reader.
  const cancelled = new Set(showHeld ? held.cancelled : (v.cancelled || []));
  if (!showHeld) $("trick-note").textContent = ""; // (a new trick under way: the last one's winner is old news)
  box.replaceChildren(...cards.map((p) => {
    const at = n > 4 ? place(p.seat, n, 24, 23) : place(p.seat, n, 17, 19);
    const fresh = playedNow.has(`${p.seat}:${p.card}`);
    const twin = cancelled.has(p.card);
    return h("div", {
      class: `played${fresh ? " enter" : ""}${showHeld && held.winner === p.seat ? " winner" : ""}${twin ? " cancelled" : ""}`,
      "data-card": p.card,
      "data-seat": p.seat,
      role: "img",
      "aria-label": `${words(p.card)}, played by ${seatName(p.seat)}${twin ? ", cancelled by its twin" : ""}`,
      style: `left:${at.x}%;top:${at.y}%;--from-x:${(at.x - 50) * 3}%;--from-y:${(at.y - 50) * 3}%`,
    }, face(p.card), twin ? h("span", { class: "badge cancel-badge", "aria-hidden": "true" }, "cancelled") : null);
  }));
  box.classList.toggle("taken", Boolean(showHeld));
  box.classList.toggle("many", n > 4);
  placeTrick($("felt"), [...box.children]);
}

/** The felt's piles: the stock and its size, the widow, the suit named in an auction. */
function drawPiles(m, v) {
  const rules = v.rules || {};
  const nodes = [];
  if (v.stock_size > 0 || rules.stock || rules.domino) {
    const size = v.stock_size;
    nodes.push(h("div", { class: "pile stock", "data-stock": size, role: "img",
      "aria-label": size ? `The stock: ${size} card${size === 1 ? "" : "s"} face down` : "The stock is empty" },
      size ? h("span", { class: "backs" }, back(), back()) : null,
      h("span", { class: "what" }, size ? `Stock: ${size}` : "Stock: empty")));
  }
  if (v.widow) {
    // The widow as the view gives it (its size, how it goes, its taker): nothing guessed.
    const w = v.widow;
    const discard = (v.events || []).find((e) => e.kind === "discarded");
    const size = `${w.size} card${w.size === 1 ? "" : "s"}`;
    const taken = w.taker !== null && w.taker !== undefined;
    let text;
    let state;
    if (!taken) {
      text = `Widow: ${size} face down; ${WIDOW_WORDS[w.goes] || w.goes}`;
      state = "down";
    } else if (discard) {
      const mine = discard.seat === mySeat && discard.cards;
      text = `Widow (${size}): taken by ${seatName(w.taker)}; ${mine ? `your discards ${String(discard.cards).split(" ").map(short).join(" ")}` : "the discards"} lie face down`;
      state = "taken";
    } else if (w.goes === "discard") {
      text = `Widow (${size}): taken by ${seatName(w.taker)}, who discards as many cards face down`;
      state = "taking";
    } else {
      text = `Widow (${size}): taken by ${seatName(w.taker)} with ${w.goes === "last-trick" ? "the last trick" : "the first trick won"}, face down`;
      state = "taken";
    }
    nodes.push(h("div", { class: "pile widow", "data-widow": state, "data-size": w.size,
      "data-taker": taken ? w.taker : "", role: "note" },
      taken ? null : h("span", { class: "backs" }, back(), back()), h("span", { class: "what" }, text)));
  }
  if (v.auction) {
    const a = v.auction;
    const text = a.named_suit ? `To avoid: ${SUIT_WORDS[a.named_suit] || a.named_suit}`
      : a.bidder !== null && a.bidder !== undefined ? `High bid: ${a.high_bid}, ${seatName(a.bidder)}` : "The auction: no bid yet";
    nodes.push(h("div", { class: "pile auction", "data-named": a.named_suit || "", role: "note" }, h("span", { class: "what" }, text)));
  }
  // (each pile's words after the first "; " are its details: hidden when the pile would lie
  // over a seat's plate, and kept whole in its name)
  for (const node of nodes) {
    const what = node.querySelector(".what");
    const [head, ...rest] = what.textContent.split("; ");
    node.setAttribute("aria-label", node.getAttribute("aria-label") || what.textContent);
    if (rest.length) what.replaceChildren(head, h("span", { class: "more" }, `; ${rest.join("; ")}`));
  }
  $("piles").replaceChildren(...nodes);
  briefPiles($("piles"), $("seats"));
}

function drawStatus(m, v) {
  const status = $("status");
  const hand = `Hand ${v.hand_number + 1}`;
  let text;
  if (m.between) {
    text = m.between; // (a trick taken, shown before the rest of its state: pace.js)
  } else if (m.turn === null || v.phase === "over") {
    text = "The game is over.";
  } else if (v.phase === "pass" || v.phase === "discard") {
    const direction = v.pass_direction === "hold" ? "" : ` ${v.pass_direction}`;
    if (v.choose && mySeat !== null) {
      text = v.choose.move === "pass"
        ? `Your turn: choose ${v.choose.count} cards to pass${direction}`
        : `Your turn: choose ${v.choose.count} cards to discard`;
    } else if (mySeat !== null && v.passed) {
      text = "Waiting for the others to pass";
    } else {
      text = `${hand}: passing${direction}`;
    }
  } else if (v.phase === "moon") {
    text = m.turn === mySeat ? "Your turn: you shot the moon! Choose how it is scored"
      : `${Name(m.turn)} shot the moon and chooses how it is scored`;
  } else if (v.phase === "gather") {
    text = m.turn === mySeat ? "Your turn: every trick is taken; let the cards be gathered (a revoke may still be claimed)"
      : `Every trick is taken: ${Name(m.turn)} to let the cards be gathered`;
  } else if (m.turn === mySeat) {
    text = "Your turn";
    if (v.laws && v.laws.called) text += `: ${calledBy(v)} your exposed ${short(v.laws.called)}: play it`;
  } else if (v.laws && v.laws.called) {
    text = `${Name(m.turn)}'s turn: ${calledBy(v)} ${m.turn === null ? "an" : "the"} exposed ${short(v.laws.called)}`;
  } else {
    text = `${Name(m.turn)}'s turn (${PHASES[v.phase] || v.phase})`;
  }
  status.textContent = text;
  status.classList.toggle("mine", m.turn === mySeat && mySeat !== null && v.phase !== "over");
}

/** The laws: what became of the claims against a seat, as the view says (none: null). A claim
 * is judged when the hand has been played out; until then it says nothing of whether it is true. */
function claimBadge(laws, seat) {
  if ((laws.established || []).includes(seat)) return h("span", { class: "claimed" }, "revoke established");
  if ((laws.pending || []).includes(seat)) return h("span", { class: "claimed" }, "revoke claimed: to be judged at the end of the hand");
  if ((laws.claims || []).includes(seat)) return h("span", { class: "claimed void" }, "claim void");
  return null;
}

/** Who called the card now called: "Bob calls" (the last call among the hand's events). */
function calledBy(v) {
  const call = [...(v.events || [])].reverse().find((e) => e.kind === "card_called");
  if (!call) return "the laws call";
  return call.seat === mySeat ? "you call" : `${Name(call.seat)} calls`;
}

function cardButton(card, attrs, onclick) {
  return h("button", { type: "button", class: "card", "data-card": card, ...attrs, onclick }, face(card));
}

// Cards that came into the hand from the widow or the stock (not the deal, not the pass): marked
// new until the seat's next move (a card leaving its hand). myTurnBefore: focus comes to the
// hand when the turn does.
let handBefore = null; // { hand: the hand's number, cards: Set }
let picked = new Set();
let myTurnBefore = false;

function drawHand(m, v) {
  const box = $("hand");
  const active = document.activeElement;
  const focused = focusCard || (active && active.classList && active.classList.contains("card") ? active.dataset.card : null);
  focusCard = null;
  if (!v.hand) {
    box.replaceChildren();
    box.hidden = true;
    $("hand-help").hidden = true;
    myTurnBefore = false;
    return;
  }
  box.hidden = false;
  $("hand-help").hidden = false;
  const legal = new Set(v.legal_moves || []);
  const choose = v.choose;
  const key = choose ? `${v.hand_number}:${choose.move}:${v.hand.join(" ")}` : "";
  if (key !== choosingKey) { chosen = new Set(); choosingKey = key; }
  const received = new Set(v.received || []);
  const fresh = v.phase === "play" && v.tricks && v.tricks.length === 0;
  if (!handBefore || handBefore.hand !== v.hand_number || v.phase === "pass") {
    picked = new Set();
  } else if (v.hand.some((c) => !handBefore.cards.has(c)) || [...handBefore.cards].some((c) => !v.hand.includes(c))) {
    if ([...handBefore.cards].some((c) => !v.hand.includes(c))) picked = new Set();
    for (const c of v.hand) if (!handBefore.cards.has(c) && !received.has(c)) picked.add(c);
  }
  handBefore = { hand: v.hand_number, cards: new Set(v.hand) };
  const myTurn = mySeat !== null && (Boolean(choose) || (m.turn === mySeat && legal.size > 0));
  box.classList.toggle("turn", myTurn);
  const buttons = v.hand.map((card, index) => {
    // (choosing a pass or a discard waits for nobody: the others' passes coming in, being shown,
    // change nothing of it; a card to play waits until the table shown has caught up)
    const may = choose ? choose.cards.includes(card) : ready() && legal.has(card);
    const got = received.has(card) && fresh;
    const took = picked.has(card);
    const label = words(card) + (got ? ", received" : took ? ", new: just taken" : "");
    const attrs = {
      "aria-label": label,
      "aria-disabled": may ? "false" : "true",
      tabindex: "-1",
      class: `card${got ? " received" : ""}`,
    };
    if (choose) attrs["aria-pressed"] = chosen.has(card) ? "true" : "false";
    const button = cardButton(card, attrs, () => pick(card));
    button.className = `card${got ? " received" : ""}${took ? " picked" : ""}`;
    button.style.setProperty("--i", index);
    return button;
  });
  // (the buttons already drawn are kept, each by its card: a tap made as a state comes in lands)
  const shown = keepChildren(box, buttons, (b) => b.dataset.card);
  box.style.setProperty("--n", shown.length);
  layoutHand(box, shown);
  const target = shown.find((b) => b.dataset.card === focused)
    || shown.find((b) => b.getAttribute("aria-disabled") === "false") || shown[0];
  // (the turn come: the focus to the hand, unless the person has it elsewhere on the page)
  const idle = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
  const arrive = myTurn && !myTurnBefore && idle;
  myTurnBefore = myTurn;
  if (target) {
    target.tabIndex = 0;
    if (focused || arrive) target.focus({ preventScroll: true });
  }
}

function pick(card) {
  const v = last && last.view;
  // A card to play acts on the hand as it was drawn (one tapped while a state that came in since
  // waits its turn in pace.js's queue is not lost); choosing cards to pass waits for nothing.
  if (!v || (!v.choose && !drawnReady)) return;
  focusCard = card;
  if (v.choose) {
    if (chosen.has(card)) chosen.delete(card); else chosen.add(card);
    drawHand(last, v);
    drawMoves(last, v);
    return;
  }
  move(card);
}

function drawMoves(m, v) {
  const box = $("moves");
  const nodes = [];
  if (!ready() && !v.choose) { box.replaceChildren(); return; } // (the table is still being shown: pace.js)
  if (v.choose) {
    const count = v.choose.count;
    const verb = v.choose.move === "pass" ? "Pass" : "Discard";
    const direction = v.choose.move === "pass" && v.pass_direction !== "hold" ? ` ${v.pass_direction}` : "";
    nodes.push(h("button", {
      id: "pass", type: "button", class: "primary", "data-count": count, "data-move-kind": v.choose.move,
      onclick: () => move(`${v.choose.move} ${[...chosen].join(" ")}`),
    }, `${verb}${direction} (${chosen.size} of ${count} chosen)`));
  }
  for (const text of v.legal_moves || []) {
    if (isCard(text) && v.hand && v.hand.includes(text)) continue;
    nodes.push(h("button", { type: "button", class: "move", "data-move": text, title: moveWords(text), onclick: () => move(text) }, moveLabel(text)));
  }
  if (v.laws && mySeat !== null && v.phase === "play") {
    // Law 22: the revoker may take the card back while its trick is on the table; law 19: any
    // other seat may call an exposed card of the seat to play. The page offers them when the
    // view shows the card; whether the move stands is the server's to say.
    const mine = (v.laws.revokes || []).find((r) => r.trick === (v.tricks || []).length
      && (v.trick || []).some((p) => p.seat === mySeat && p.card === r.card));
    if (mine) {
      nodes.push(h("button", { type: "button", class: "move correct", "data-move": "correct", title: moveWords("correct"),
        onclick: () => move("correct") }, `Take the revoked ${short(mine.card)} back`));
    }
    const exposed = m.turn !== null && m.turn !== mySeat && !v.laws.called ? (v.laws.exposed || [])[m.turn] || [] : [];
    for (const card of exposed) {
      nodes.push(h("button", { type: "button", class: "move call", "data-move": `call ${card}`, title: moveWords(`call ${card}`),
        onclick: () => move(`call ${card}`) }, `Call ${seatName(m.turn)}'s exposed ${short(card)}`));
    }
  }
  if (v.laws && mySeat !== null) {
    // The laws: any player may claim that another revoked, at any time until the cards are
    // gathered (laws 25-26), whoever's turn it is; the claim is judged when the hand has been
    // played out (law 25), and the view names the seats this one may claim against now.
    const claimable = v.laws.claimable || [];
    const others = seats.filter((s) => claimable.includes(s.seat));
    if (others.length) {
      nodes.push(h("span", { class: "claims", role: "group", "aria-label": "Claim a revoke" },
        h("span", { class: "hint" }, "Claim a revoke: "),
        ...others.map((s) => h("button", { type: "button", class: "move claim", "data-move": `claim ${s.seat}`,
          onclick: () => move(`claim ${s.seat}`) }, Name(s.seat)))));
    }
  }
  const hintFocused = document.activeElement && document.activeElement.id === "hint";
  // (no hints at a duplicate event's table: the server refuses them)
  if (mySeat !== null && !duplicate && (v.choose || (m.turn === mySeat && (v.legal_moves || []).length))) {
    // (aria-disabled, not disabled, while the hint is worked out: the focus stays on it)
    const waiting = Boolean(hint && hint.move === null && hint.key === positionKey(m));
    nodes.push(h("button", {
      id: "hint", type: "button", class: "move", "aria-keyshortcuts": "?", "aria-disabled": waiting ? "true" : null,
      title: "Ask the expert for a move and why (key ?)",
      onclick: (event) => { if (event.currentTarget.getAttribute("aria-disabled") !== "true") askHint(); },
    }, waiting ? "Hint: thinking…" : "Hint"));
  }
  const revoke = revokeButton(m, v);
  const revokeFocused = Boolean(revoke && document.activeElement && document.activeElement.classList.contains("revoke"));
  if (revoke) nodes.push(revoke);
  // (kept by what each button does: a tap on Pass or a move as a state comes in lands)
  keepChildren(box, nodes, (node) => (node.id ? `#${node.id}:${node.dataset.moveKind || ""}` : node.dataset.move || null));
  if (hintFocused) $("hint")?.focus();
  if (revokeFocused) revoke.focus();
  drawHint(m);
}

// ---------------------------------------------------------------- hints

/** Where the seat stands, for a hint: its choice of a pass (the same while others pass), or the
 * position (a state's place in the game's log). A hint holds only where it was asked. */
function positionKey(m) {
  const v = m.view;
  return v.choose ? `${v.hand_number}:${v.choose.move}:${(v.hand || []).join(" ")}` : `${v.hand_number}:${m.seq}`;
}

/** Ask the server for a hint (the expert's move for this seat, from its own view). Whether one
 * may be had now is the server's to say: a refusal's sentence is shown. */
function askHint() {
  if (!last) return;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    say("not connected to the table just now: wait a moment and try again");
    return;
  }
  ref = (ref + 1) % 2147483647;
  const pending = hint && hint.move === null && performance.now() - hint.at < 10000;
  if (!pending) {
    hint = { ref, key: positionKey(last), at: performance.now(), move: null, reason: "" };
    $("hint-note").textContent = "";
  }
  socket.send(JSON.stringify({ type: "hint", ref }));
  drawMoves(last, last.view);
}

function hinted(m) {
  if (!hint || m.ref !== hint.ref) return;
  if (!last || positionKey(last) !== hint.key) { hint = null; return; }
  hint.move = m.move;
  hint.reason = m.reason;
  $("hint-note").textContent = hintWords(m);
  drawMoves(last, last.view);
}

function hintRefused(m) {
  if (!hint || m.ref !== hint.ref) return;
  hint = null;
  if (last) drawMoves(last, last.view);
}

/** The cards a hint names: the card to play, or the cards to pass or discard. */
function hintCards(move) {
  const [verb, ...rest] = move.split(" ");
  if (verb === "pass" || verb === "discard") return rest;
  return isCard(move) ? [move] : [];
}

/** The hint in the server's plain words (``text``: what the move saves, or why it is the move). */
function hintWords(m) {
  return `Hint: ${m.text || m.reason}`;
}

/** Mark what the hint suggests: its cards in the hand (or its move's button), in words too. */
function drawHint(m) {
  if (hint && positionKey(m) !== hint.key) {
    hint = null;
    $("hint-note").textContent = "";
  }
  const shown = hint && hint.move !== null ? hint.move : null;
  const cards = shown ? hintCards(shown) : [];
  const mark = " (the hint's suggestion)";
  for (const button of $("hand").querySelectorAll("button.card")) {
    const on = cards.includes(button.dataset.card);
    const label = (button.getAttribute("aria-label") || "").replace(mark, "");
    button.classList.toggle("hinted", on);
    button.setAttribute("aria-label", on ? label + mark : label);
    if (on) button.setAttribute("aria-describedby", "hint-note");
    else button.removeAttribute("aria-describedby");
  }
  for (const button of $("moves").querySelectorAll("button[data-move]")) {
    const on = shown !== null && !cards.length && button.dataset.move === shown;
    button.classList.toggle("hinted", on);
    if (on) button.setAttribute("aria-describedby", "hint-note");
    else button.removeAttribute("aria-describedby");
  }
}

/** A move's button: short words (its full sentence is the button's title). */
function moveLabel(text) {
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  switch (verb) {
    case "bid": return arg === "pass" || arg === "0" ? "No bid" : `Bid ${arg}`;
    case "name": return `Name ${SUIT_WORDS[arg] || arg}`;
    default: return moveWords(text);
  }
}

function moveWords(text) {
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  switch (verb) {
    // (as hearts.words.move says each move)
    case "bid": return arg === "pass" || arg === "0" ? "Pass: no bid" : `Bid ${arg} counter${arg === "1" ? "" : "s"}`;
    case "name": return `Name ${SUIT_WORDS[arg] || arg} as the suit to avoid`;
    case "moon": return arg === "old" ? "The others take the points" : arg === "new" ? "Take the points off your score" : text;
    case "claim": return `Claim a revoke by ${seatName(Number(arg))}`;
    case "call": return `Call the exposed ${isCard(arg) ? short(arg) : arg}`;
    case "gather": return "Let the cards be gathered";
    case "correct": return "Take the revoked card back";
    default: return text;
  }
}

function drawScores(m, v, n) {
  const tableNode = $("scores");
  const head = h("tr", {}, h("th", { scope: "col" }, "Hand"),
    ...Array.from({ length: n }, (_, seat) => {
      const s = seats.find((x) => x.seat === seat);
      const name = seat === mySeat ? "You" : s ? s.name : `seat ${seat + 1}`;
      const twin = s && seat !== mySeat && seats.filter((x) => x.name === s.name).length > 1;
      return h("th", { scope: "col", title: seatName(seat) }, twin ? `${name} ${seat + 1}` : name);
    }));
  // The sheet is the server's (every finished hand, in every state): nothing is kept here.
  const rows = (m.hands || []).map((row) => h("tr", {}, h("th", { scope: "row" }, String(row.hand_number + 1)),
    ...Array.from({ length: n }, (_, seat) => h("td", {}, String(row.deltas[seat] ?? "")))));
  const totals = h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"),
    ...Array.from({ length: n }, (_, seat) => h("td", {}, String((m.scores || [])[seat] ?? ""))));
  const thisHand = v.phase === "over" ? null : h("tr", { class: "now" }, h("th", { scope: "row" }, "This hand"),
    ...Array.from({ length: n }, (_, seat) => h("td", {}, String((v.penalties || [])[seat] ?? ""))));
  tableNode.replaceChildren(h("caption", { class: "hint" }, poolWords(v)),
    h("thead", {}, head), h("tbody", {}, ...rows, thisHand, totals));
}

function drawAbout(v) {
  const rules = v.rules || {};
  const parts = [v.preset || "custom rules", `${v.players} players`];
  if (rules.end === "target") parts.push(`to ${rules.target}`);
  if (rules.end === "deals") parts.push(`${rules.deals} hand${rules.deals === 1 ? "" : "s"}`);
  if (rules.passing) parts.push(`pass ${rules.passing.count}`);
  if (v.hearts_broken) parts.push("hearts broken");
  if (v.stock_size) parts.push(`${v.stock_size} in the stock`);
  if (v.auction && v.auction.named_suit) parts.push(`avoid ${v.auction.named_suit}`);
  $("about").textContent = parts.join(" · ");
}

// ---------------------------------------------------------------- keys

function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const hand = [...$("hand").querySelectorAll("button.card")];
  if (event.key === "ArrowLeft" || event.key === "ArrowRight" || event.key === "Home" || event.key === "End") {
    if (!hand.length) return;
    const at = hand.indexOf(document.activeElement);
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = hand.length - 1;
    else if (at < 0) next = event.key === "ArrowLeft" ? hand.length - 1 : 0;
    else next = (at + (event.key === "ArrowLeft" ? -1 : 1) + hand.length) % hand.length;
    for (const b of hand) b.tabIndex = -1;
    hand[next].tabIndex = 0;
    hand[next].focus();
    event.preventDefault();
    return;
  }
  if (event.key === "Escape") { typed = ""; return; }
  if (event.key === "?" && !duplicate) { typed = ""; event.preventDefault(); askHint(); return; }
  const key = event.key.length === 1 ? event.key.toLowerCase() : "";
  if (!key) return;
  const now = performance.now();
  if (now - typedAt > 2000) typed = "";
  typedAt = now;
  if (key === "k" && typed === "j") { typed = ""; event.preventDefault(); typedCard("JK"); return; }
  if (/[2-9tjqka]/.test(key)) { typed = key; event.preventDefault(); return; }
  if (key === "1") { typed = "1"; event.preventDefault(); return; }
  if (key === "0" && typed === "1") { typed = "t"; event.preventDefault(); return; }
  if (/[cdsh]/.test(key) && typed) {
    const name = (typed + key).toUpperCase();
    typed = "";
    event.preventDefault();
    typedCard(name);
  }
}

/** A card typed by its name: played (or chosen, in a pass), as the terminal game reads keys. */
function typedCard(name) {
  const v = last && last.view;
  if (!v || !v.hand) return;
  const card = v.hand.find((c) => c === name) || v.hand.find((c) => c === name + "'");
  if (card) {
    pick(card);
  } else if (!v.choose) {
    move(name); // the server says why not (a card not held)
  } else {
    say(`you do not hold the ${short(name)}`);
  }
}

// ---------------------------------------------------------------- start

function invitation() {
  const box = $("invite");
  // (only while a seat waits for a person to take it)
  const waiting = !last || seats.some((s) => s.kind === "open" && s.status !== "substitute");
  if (!mine || !mine.invite || !mine.code || !waiting) { box.hidden = true; return; }
  const link = new URL(mine.link || `/t/${id}`, location.href).href;
  $("invite-link").href = link;
  $("invite-link").textContent = link;
  $("invite-code").textContent = mine.code;
  $("copy-link").onclick = (event) => copy(link, event.currentTarget);
  $("copy-code").onclick = (event) => copy(mine.code, event.currentTarget);
  $("invite-close").onclick = () => { box.hidden = true; keep(id, { ...mine, invite: false }); };
  box.hidden = false;
}

export function table(tableId) {
  id = tableId;
  setupLayout(render);
  setupChat(id, { send, state: () => last, seat: () => mySeat, seats: () => seats });
  // (the lobby's Watch asks to watch even where this browser holds a seat of the table)
  mine = sessionStorage.getItem("hearts:watch:" + id) ? null : kept(id);
  $("table").hidden = false;
  document.title = `Hearts: table ${id}`;
  invitation();
  $("leave").addEventListener("click", () => {
    if (!confirm("Leave the table for good? A bot takes your seat.")) return;
    send({ type: "leave" });
    forget(id);
    mine = null;
    setTimeout(() => { location.href = "/"; }, 300);
  });
  document.addEventListener("keydown", onKey);
  startPace({
    show: present,
    cleared: () => { held = null; render(); },
    idle: () => { if (!drawnReady) render(); playForced(last, mySeat, move, () => last); },
    seat: () => mySeat,
  });
  $("last-trick").addEventListener("click", () => toggleLastTrick());
  if (!mine) {
    // No seat kept here: the table's code may be in the lobby's answer; watch.
    api("GET", `/api/tables/${encodeURIComponent(id)}`).catch((error) => say(error.message));
  }
  connect();
}
