// The table's chat (docs/protocol.md, "Chat"): preset phrases and emoji, free text at a private
// table, a nudge for a slow player, a mute per seat (this page's own, kept in localStorage).
// Every name and line is shown as text (h(), textContent), never as markup.
import { $, h, say } from "./util.js";

let tableId = "";
let hooks = { send: () => {}, state: () => null, seat: () => null, seats: () => [] };
let lines = []; // the chat lines told (the last 50 kept, as the server does)
let log = null; // the server's chat_log: phrases, emoji, free_text, nudge_after
let unread = 0;
let sayOpen = false; // the phrases and emoji shown (the person opened them)
const MOST = 50;

function muteKey() { return "hearts:mute:" + tableId; }

function muted() {
  try { return new Set(JSON.parse(localStorage.getItem(muteKey()) || "[]")); } catch { return new Set(); }
}

function setMuted(seat, on) {
  const set = muted();
  if (on) set.add(seat); else set.delete(seat);
  localStorage.setItem(muteKey(), JSON.stringify([...set]));
  drawLines();
}

function lineNode(m) {
  const mine = m.seat === hooks.seat();
  return h("p", { class: `chat-line ${m.kind}${mine ? " mine" : ""}`, "data-seat": String(m.seat) },
    h("span", { class: "who" }, mine ? "You" : m.name),
    h("span", { class: "what" }, m.text));
}

function drawLines() {
  const box = $("chat-lines");
  if (!box) return;
  const off = muted();
  box.replaceChildren(...lines.filter((m) => m.kind === "nudge" || !off.has(m.seat)).map(lineNode));
  box.scrollTop = box.scrollHeight;
}

/** The mute choices: one per other person's seat. */
function drawMutes() {
  const box = $("chat-mutes");
  if (!box) return;
  const off = muted();
  const mine = hooks.seat();
  const people = hooks.seats().filter((s) => s.kind === "human" && s.seat !== mine);
  const key = JSON.stringify([people.map((s) => [s.seat, s.name]), [...off]]);
  if (box.dataset.key === key) return; // (drawn again only when it changed: a tap is kept)
  box.dataset.key = key;
  box.replaceChildren(...people.map((s) => {
    const id = `chat-mute-${s.seat}`;
    return h("label", { for: id, class: "chat-mute" },
      h("input", { id, type: "checkbox", checked: off.has(s.seat), "data-seat": String(s.seat), onchange: (event) => setMuted(s.seat, event.currentTarget.checked) }),
      ` Mute ${s.name}`);
  }));
}

/** The nudge button: shown while another person's seat is to move. */
function drawNudge() {
  const button = $("chat-nudge");
  if (!button) return;
  const state = hooks.state();
  const mine = hooks.seat();
  const turn = state && state.turn;
  const seat = hooks.seats().find((s) => s.seat === turn);
  const can = mine !== null && seat && seat.kind === "human" && seat.status !== "substitute" && turn !== mine;
  button.hidden = !can;
  if (can) {
    button.textContent = `Nudge ${seat.name}`;
    button.dataset.seat = String(turn);
  }
}

function counted() {
  const tab = $("show-chat");
  if (!tab) return;
  tab.textContent = unread ? `Chat (${unread})` : "Chat";
}

function draw() {
  const panel = $("chat-panel");
  if (!panel || !log) return;
  const seated = hooks.seat() !== null;
  const text = log.free_text && seated
    ? h("form", { class: "chat-text", onsubmit: (event) => {
      event.preventDefault();
      const input = $("chat-input");
      if (!input.value.trim()) { say("a chat line needs something to say"); return; }
      hooks.send({ type: "chat", text: input.value });
      input.value = "";
    } },
    h("input", { id: "chat-input", maxlength: "200", autocomplete: "off", placeholder: "Your words", "aria-label": "Your words" }),
    h("button", { type: "submit" }, "Send"))
    : null;
  panel.replaceChildren(...[
    h("h2", { id: "chat-title" }, "Chat"),
    h("div", { id: "chat-lines", class: "chat-lines", role: "log", "aria-live": "polite", tabindex: "0", "aria-label": "The table's chat, newest last" }),
    // (the phrases, emoji and text folded under "Say something": the panel stays small beside
    // the felt; opened, it stays open while the page is)
    seated ? h("details", { id: "chat-say", class: "chat-say", open: sayOpen, ontoggle: (event) => { sayOpen = event.currentTarget.open; } },
      h("summary", {}, "Say something"),
      h("div", { class: "chat-phrases", role: "group", "aria-label": "Say a phrase" },
        ...Object.entries(log.phrases).map(([key, words]) =>
          h("button", { type: "button", class: "chat-phrase", "data-phrase": key, onclick: () => hooks.send({ type: "chat", phrase: key }) }, words))),
      h("div", { class: "chat-emoji", role: "group", "aria-label": "Send an emoji" },
        ...log.emoji.map((e) => h("button", { type: "button", class: "chat-emoji-button", onclick: () => hooks.send({ type: "chat", emoji: e }) }, e))),
      text) : null,
    seated ? h("button", { id: "chat-nudge", type: "button", hidden: true, onclick: (event) => hooks.send({ type: "nudge", seat: Number(event.currentTarget.dataset.seat) }) }, "Nudge") : null,
    seated ? null : h("p", { class: "hint" }, "Watchers read the chat; the seated players write it."),
    h("div", { id: "chat-mutes", class: "chat-mutes" }),
  ].filter(Boolean));
  drawLines();
  drawMutes();
  drawNudge();
}

/** The server's chat log (after the welcome): what may be said, and the recent lines. */
export function chatLog(m) {
  log = m;
  lines = m.lines.slice(-MOST);
  draw();
}

/** A chat line (or a nudge) from the server. */
export function chatLine(m) {
  lines.push(m);
  if (lines.length > MOST) lines.shift();
  if (m.kind === "nudge" && m.to === hooks.seat()) say(`${m.name} nudges you: it is your turn`);
  drawLines();
  const side = $("side");
  const seen = $("show-chat") && $("show-chat").getAttribute("aria-expanded") === "true";
  if (!seen && side && getComputedStyle($("side-tabs")).display !== "none" && !muted().has(m.seat)) {
    unread += 1;
    counted();
  }
}

/** Set up the chat of table ``id``: ``send`` a message on its socket; ``state``, ``seat`` and
 * ``seats`` give the table's last state, this page's seat (null: watching) and the seats. */
export function setupChat(id, given) {
  tableId = id;
  hooks = given;
  const tab = $("show-chat");
  if (tab) tab.addEventListener("click", () => { unread = 0; counted(); });
  setInterval(() => { drawNudge(); drawMutes(); }, 1000);
}
