// The lobby: make a table, join one by its code or link, public tables, finished games.
import { $, api, h, keep, say } from "./util.js";
import { setupMatch } from "./match.js";
import { personLink } from "./people.js";
import { onAccount } from "./account.js";

let presets = [];
let botNames = ["expert", "basic", "random"];
let levelRatings = {};

const DIRECTIONS = { left: "left", right: "right", across: "across", hold: "hold" };

function preset() {
  return presets.find((p) => p.name === $("variant").value) || presets[0];
}

/** Show the rule controls that matter for the chosen preset, with its values. */
function showPreset() {
  const p = preset();
  if (!p) return;
  const rules = p.rules || {};
  $("variant-summary").textContent = p.summary || "";
  const players = $("players");
  const was = Number(players.value) || p.players;
  players.replaceChildren(...(p.counts && p.counts.length ? p.counts : [p.players]).map((n) =>
    h("option", { value: n }, String(n))));
  players.value = String((p.counts || []).includes(was) ? was : p.players);
  players.disabled = players.options.length < 2;
  const settlement = rules.settlement || {};
  const shown = {
    target: rules.end === "target" || rules.end === "gain",
    deals: rules.end === "deals",
    moon: settlement.method === "points",
    passing: !rules.auction && !rules.domino,
  };
  for (const node of document.querySelectorAll("[data-for]")) node.hidden = !shown[node.dataset.for];
  $("target").value = rules.target ?? 100;
  $("deals").value = rules.deals ?? 1;
  $("moon").value = settlement.moon && settlement.moon !== "off" ? settlement.moon : "off";
  const passing = $("passing");
  const cycle = rules.passing ? rules.passing.cycle.map((d) => DIRECTIONS[d] || d).join(", ") : "left, right, across, hold";
  const options = [h("option", { value: "" }, rules.passing ? `as the game has it: ${rules.passing.count} cards, ${cycle}` : "as the game has it: none")];
  if (rules.passing) options.push(h("option", { value: "none" }, "no passing"));
  for (const n of [1, 2, 3, 4]) {
    if (!rules.passing || rules.passing.count !== n) options.push(h("option", { value: String(n) }, `${n} card${n > 1 ? "s" : ""}, ${cycle}`));
  }
  passing.replaceChildren(...options);
  $("laws").checked = Boolean(rules.laws);
  seatList();
}

/** One control per other seat: as "Other seats" says, or a bot of its own, or a friend. */
/** The measured levels' ratings beside their names in "Other seats", for the form chosen (a
 * form not measured shows none). */
function levelNumbers(count) {
  const numbers = levelRatings[`${$("variant").value}/${count}`] || {};
  for (const option of $("others").options) {
    if (option.value === "person") continue;
    const number = numbers[option.value];
    option.textContent = `${option.value} bots${typeof number === "number" ? ` (${Math.round(number)})` : ""}`;
  }
}

function seatList() {
  const count = Number($("players").value) || preset().players;
  levelNumbers(count);
  const list = $("seat-list");
  const before = [...list.querySelectorAll("select")].map((s) => s.value);
  const nodes = [];
  for (let seat = 1; seat < count; seat++) {
    const id = `seat-${seat}`;
    const select = h("select", { id },
      h("option", { value: "" }, "as Other seats says"),
      ...botNames.map((b) => h("option", { value: b }, `${b} bot`)),
      h("option", { value: "person" }, "a friend"));
    if (before[seat - 1]) select.value = before[seat - 1];
    nodes.push(h("label", { for: id }, `Seat ${seat + 1}`), select);
  }
  list.replaceChildren(...nodes);
}

function options() {
  const p = preset();
  const rules = p.rules || {};
  const changes = {};
  if (!$("target").hidden) {
    const target = Number($("target").value);
    if (target && target !== rules.target) changes.target = target;
  }
  if (!$("deals").hidden) {
    const deals = Number($("deals").value);
    if (deals && deals !== rules.deals) changes.deals = deals;
  }
  if (!$("moon").hidden) {
    const moon = $("moon").value;
    if (moon !== ((rules.settlement || {}).moon || "off")) changes.settlement = { moon };
  }
  if (!$("passing").hidden && $("passing").value) {
    const value = $("passing").value;
    changes.passing = value === "none" ? null : { count: Number(value) };
  }
  if ($("laws").checked !== Boolean(rules.laws)) changes.laws = $("laws").checked;
  return changes;
}

function seats() {
  const count = Number($("players").value) || preset().players;
  const all = $("others").value;
  const list = [{ kind: "person" }];
  for (let seat = 1; seat < count; seat++) {
    const own = ($(`seat-${seat}`) || {}).value || all;
    list.push(own === "person" ? { kind: "person" } : { kind: "bot", bot: own });
  }
  return list;
}

function name() {
  const text = $("name").value.trim() || "Player";
  localStorage.setItem("hearts:name", text);
  return text;
}

/** A seat taken: keep its token (and the invitation for a private table), go to the table. */
function seated(data, invite) {
  sessionStorage.removeItem("hearts:watch:" + data.table.id);
  keep(data.table.id, { token: data.token, seat: data.seat, code: data.code, link: data.link, invite: Boolean(invite) });
  location.href = data.link;
}

/** The table a text names: a code, an id, or a link with /t/{id} in it. */
function tableKey(text) {
  const trimmed = text.trim();
  const link = trimmed.match(/\/t\/([^/?#\s]+)/);
  return link ? decodeURIComponent(link[1]) : trimmed;
}

async function make(button) {
  button.disabled = true;
  try {
    const players = Number($("players").value);
    const body = {
      variant: preset().name,
      seats: seats(),
      name: name(),
      public: $("public").checked,
      timer: $("timer").value ? Number($("timer").value) : null,
      options: options(),
    };
    if (players && players !== preset().players) body.players = players;
    if ($("rated").checked) {
      if (body.seats.some((s) => s.kind !== "person")) { say("a rated table is of people only: choose \u201ca friend\u201d for every seat"); return; }
      body.rated = true;
    }
    const data = await api("POST", "/api/tables", body);
    seated(data, !body.public || body.seats.slice(1).some((s) => s.kind === "person"));
  } catch (error) {
    say(error.message);
  } finally {
    button.disabled = false;
  }
}

/** The make-table form's Rated box: a signed-in person's choice; a guest's disabled, saying why. */
function ratedChoice(who) {
  const rated = $("rated");
  rated.disabled = !who;
  if (!who) rated.checked = false;
  $("rated-label").textContent = who ? "Rated (every seat a signed-in person)" : "Rated (sign in to play rated games)";
}

/** The lobby's default level for the other seats: the bots "Other seats" offers first. */
function defaultLevel() {
  const others = $("others");
  const chosen = [...others.options].find((o) => o.defaultSelected) || others.options[0];
  return chosen && chosen.value !== "person" ? chosen.value : "expert";
}

/** Play now: a modern table of this person and three bots of the default level, at once. */
async function playNow(button) {
  button.disabled = true;
  try {
    const level = defaultLevel();
    const bots = Array.from({ length: 3 }, () => ({ kind: "bot", bot: level }));
    const body = { variant: "modern", seats: [{ kind: "person" }, ...bots], name: name(), public: false, timer: null };
    seated(await api("POST", "/api/tables", body), false);
  } catch (error) {
    say(error.message);
    button.disabled = false;
  }
}

async function join(key) {
  if (!key) { say("type the table's code, or paste its link"); return; }
  try {
    seated(await api("POST", `/api/tables/${encodeURIComponent(key)}/join`, { name: name() }), false);
  } catch (error) { say(error.message); }
}

async function watch(key) {
  if (!key) { say("type the table's code, or paste its link"); return; }
  try {
    const info = await api("GET", `/api/tables/${encodeURIComponent(key)}`);
    sessionStorage.setItem("hearts:watch:" + info.id, "1");
    location.href = "/t/" + encodeURIComponent(info.id);
  } catch (error) { say(error.message); }
}

function seatWords(seat) {
  if (seat.status === "open") return "open seat";
  return seat.bot ? `${seat.name} (bot)` : seat.guest ? `${seat.name} (guest)` : personLink(seat.name);
}

/** A list's seats, comma-separated: a signed-in person's name a link to their profile. */
const seatNodes = (seats, words) => seats.flatMap((s, i) => [i ? ", " : "", words(s)]);

async function publicTables() {
  const list = $("public-tables");
  let tables = [];
  try { tables = await api("GET", "/api/tables"); } catch (error) { say(error.message); return; }
  if (!tables.length) { list.replaceChildren(h("li", {}, "None yet.")); return; }
  list.replaceChildren(...tables.map((t) => {
    const open = t.seats.some((s) => s.status === "open" || s.status === "away" || s.status === "stand_in");
    return h("li", {},
      h("span", {}, `${t.variant}, ${t.players} players, hand ${t.hand}: `, ...seatNodes(t.seats, seatWords)),
      h("span", { class: "actions" },
        // (named apart from the Join and Watch buttons of the code box)
        open ? h("button", { type: "button", class: "sit", "data-table": t.id, "aria-label": `Take a seat at table ${t.code}`, onclick: () => join(t.id) }, "Take a seat") : null,
        h("button", { type: "button", class: "look", "data-table": t.id, "aria-label": `Spectate table ${t.code}`, onclick: () => watch(t.id) }, "Spectate")));
  }));
}

async function games() {
  const list = $("games");
  let kept = [];
  try { kept = await api("GET", "/api/games"); } catch { return; }
  if (!kept.length) { list.replaceChildren(h("li", {}, "None yet.")); return; }
  list.replaceChildren(...kept.slice(0, 20).map((g) => {
    const when = new Date(g.finished).toLocaleString();
    return h("li", {},
      h("span", {}, `${g.variant}: `, ...seatNodes(g.seats, (s) => (s.guest ? `${s.name} (guest)` : s.bot ? s.name : personLink(s.name))),
        h("small", {}, ` ${when}`)),
      h("span", { class: "actions" },
        h("a", { class: "replay", href: `/r/${encodeURIComponent(g.id)}`, "aria-label": `Replay the ${g.variant} game of ${when}` }, "Replay"),
        " ",
        h("a", { href: g.record, "aria-label": `The record of the ${g.variant} game of ${when}` }, "Record")));
  }));
}

export async function lobby() {
  $("lobby").hidden = false;
  $("seat-info").textContent = "";
  $("name").value = localStorage.getItem("hearts:name") || "Player";
  $("name").addEventListener("change", name);
  $("play-now").textContent = `Play now \u2014 you against three ${defaultLevel()} bots`;
  $("play-now").addEventListener("click", (event) => playNow(event.currentTarget));
  $("create").addEventListener("click", (event) => make(event.currentTarget));
  $("join").addEventListener("click", () => join(tableKey($("code").value)));
  $("watch").addEventListener("click", () => watch(tableKey($("code").value)));
  $("code").addEventListener("keydown", (event) => { if (event.key === "Enter") join(tableKey($("code").value)); });
  $("variant").addEventListener("change", showPreset);
  $("players").addEventListener("change", seatList);
  const [variants, bots, levels] = await Promise.all([api("GET", "/api/variants"), api("GET", "/api/bots").catch(() => null), api("GET", "/api/levels").catch(() => null)]);
  levelRatings = levels && typeof levels === "object" ? levels : {};
  presets = variants;
  if (Array.isArray(bots) && bots.length) {
    botNames = bots;
    const others = $("others");
    for (const bot of bots) {
      if (![...others.options].some((o) => o.value === bot)) others.insertBefore(h("option", { value: bot }, `${bot} bots`), others.querySelector('option[value="person"]'));
    }
  }
  $("variant").replaceChildren(...presets.map((p) => h("option", { value: p.name }, `${p.title || p.name} (${(p.counts && p.counts.length > 1) ? p.counts[0] + "\u2013" + p.counts[p.counts.length - 1] : p.players})`)));
  $("variant").value = presets.some((p) => p.name === "modern") ? "modern" : presets[0].name;
  showPreset();
  onAccount(ratedChoice);
  setupMatch(() => ({ variant: preset().name, players: Number($("players").value) || preset().players }), name);
  await Promise.all([publicTables(), games()]);
  setInterval(publicTables, 15000);
}

