// Play with people (docs/protocol.md, "Play with people"): a waiting seat at a public table of
// the chosen form (the lobby's game and players), who waits and for how long, bots filling the
// empty seats after the wait chosen; then the table. Names are shown as text.
import { $, api, h, keep, say } from "./util.js";
import { onAccount, whoIsSignedIn } from "./account.js";

const KEPT = "hearts:match"; // the waiting seat's token, so that a reload of the lobby resumes it
const POLL = 2000; // ms between asking where the waiting seat stands (the server gives it up after 20 s unheard)
let form = () => ({ variant: "modern", players: 4 });
let nameOf = () => "Player";
let waiting = null; // { token } while waiting
let room = null; // the room as last told, and when (performance.now())
let toldAt = 0;
let poller = 0;
let ticker = 0;

/** This browser's own random id: one waiting seat per browser. */
function browserId() {
  let id = localStorage.getItem("hearts:browser");
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("hearts:browser", id);
  }
  return id;
}

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function formWords(r) {
  return `${r.variant}, ${r.players} players${r.rated ? ", rated" : ""}`;
}

/** The waiting view: who waits and for how long, when bots fill, fill now, leave. */
function drawWaiting() {
  const box = $("match-box");
  if (!room) return;
  const since = (performance.now() - toldAt) / 1000;
  const open = room.players - room.waiting.length;
  const fill = room.fill_at === null
    ? "Only people: no bots will fill the empty seats."
    : `Bots fill the empty seats in ${clock(room.fill_at - room.server_time - since)}.`;
  box.replaceChildren(
    h("h2", { id: "match-title" }, `Waiting for people: ${formWords(room)}`),
    h("ul", { id: "match-waiting", class: "list" }, ...room.waiting.map((w) =>
      h("li", {}, h("span", { class: "who" }, w.name), h("span", { class: "waited" }, ` waiting ${clock(w.waited + since)}`)))),
    h("p", { id: "match-open" }, `${open} seat${open === 1 ? "" : "s"} open. ${fill}`),
    h("button", { id: "match-fill", type: "button", onclick: fillNow }, "Fill with bots now"),
    " ",
    h("button", { id: "match-leave", type: "button", onclick: leave }, "Leave"));
}

function stop() {
  clearInterval(poller);
  clearInterval(ticker);
  poller = ticker = 0;
  waiting = null;
  room = null;
  localStorage.removeItem(KEPT);
}

/** Where the waiting seat stands: drawn while waiting; the table once made. */
function stands(answer) {
  if (answer.status === "playing") {
    keep(answer.table, { token: waiting.token, seat: answer.seat, link: answer.link, invite: false });
    stop();
    location.href = answer.link;
    return;
  }
  room = answer.room;
  toldAt = performance.now();
  drawWaiting();
}

async function poll() {
  if (!waiting) return;
  try {
    stands(await api("POST", "/api/match/status", { token: waiting.token }));
  } catch (error) {
    say(error.message);
    stop();
    drawButton();
  }
}

function wait(token) {
  waiting = { token };
  localStorage.setItem(KEPT, JSON.stringify(waiting));
  poller = setInterval(poll, POLL);
  ticker = setInterval(drawWaiting, 1000);
}

async function play(button) {
  button.disabled = true;
  try {
    const chosen = form();
    const body = {
      variant: chosen.variant,
      players: chosen.players,
      name: nameOf(),
      rated: Boolean(whoIsSignedIn()) && $("match-rated").checked,
      fill_after: $("match-wait").value ? Number($("match-wait").value) : null,
      browser: browserId(),
    };
    const answer = await api("POST", "/api/match", body);
    say("");
    wait(answer.token);
    stands(answer);
  } catch (error) {
    say(error.message);
    button.disabled = false;
  }
}

async function fillNow() {
  if (!waiting) return;
  try { stands(await api("POST", "/api/match/fill", { token: waiting.token })); } catch (error) { say(error.message); }
}

async function leave() {
  if (!waiting) return;
  const token = waiting.token;
  stop();
  try { await api("POST", "/api/match/leave", { token }); } catch (error) { say(error.message); }
  drawButton();
}

/** The rated choice: a signed-in person's; a guest's disabled, saying why (a guest's games are
 * not rated). */
function ratedBox() {
  const who = whoIsSignedIn();
  return h("label", { for: "match-rated", class: "match-rated" },
    h("input", { id: "match-rated", type: "checkbox", disabled: !who }),
    who ? " rated" : " rated (sign in to play rated games)");
}

/** The button, the wait and rated choices, and who waits at which form now. */
function drawButton() {
  const box = $("match-box");
  const chosen = form();
  box.replaceChildren(
    h("button", { id: "play-people", type: "button", onclick: (event) => play(event.currentTarget) },
      `Play with people \u2014 ${chosen.variant}, ${chosen.players} players`),
    h("div", { class: "match-choices" },
      h("label", { for: "match-wait" }, "Bots fill the empty seats after "),
      h("select", { id: "match-wait" },
        h("option", { value: "30" }, "30 seconds"),
        h("option", { value: "60", selected: true }, "1 minute"),
        h("option", { value: "120" }, "2 minutes"),
        h("option", { value: "" }, "never: people only")),
      ratedBox()),
    h("ul", { id: "match-rooms", class: "list" }));
  rooms();
}

/** Who waits at which form now (so that people meet). */
async function rooms() {
  const list = $("match-rooms");
  if (!list) return;
  let found = [];
  try { found = await api("GET", "/api/match"); } catch { return; }
  list.replaceChildren(...found.map((r) =>
    h("li", {}, `${formWords(r)}: `, ...r.waiting.map((w, i) =>
      h("span", { class: "who" }, `${i ? ", " : ""}${w.name} (${clock(w.waited)})`)))));
}

/** Set up the Play with people box in the lobby. ``chosenForm``: the variant and players the
 * lobby has chosen; ``name``: the person's name. A waiting seat kept from before is resumed. */
export function setupMatch(chosenForm, name) {
  form = chosenForm;
  nameOf = name;
  const box = $("match-box");
  if (!box) return;
  $("variant").addEventListener("change", () => { if (!waiting) drawButton(); });
  $("players").addEventListener("change", () => { if (!waiting) drawButton(); });
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEPT) || "null"); } catch { kept = null; }
  if (kept && kept.token) {
    wait(kept.token);
    poll();
  } else {
    drawButton();
  }
  setInterval(() => { if (!waiting) rooms(); }, 10000);
  onAccount(() => {
    const box = $("match-rated");
    if (!box || waiting) return;
    const checked = box.checked;
    box.parentElement.replaceWith(ratedBox());
    $("match-rated").checked = checked && !$("match-rated").disabled;
  });
}
