// Duplicate events (docs/page.md, "Duplicate events"): the list at "/events" (open and recently
// closed events, a private event made for friends), an event at "/e/{key}" (its deals with
// their commitments, Play / Resume / Played, the live standings) and a deal at
// "/e/{key}/deal/{n}" (everyone's result at each seat and their replays side by side, stepped
// together trick by trick). The numbers are the server's (/api/events...); every name and
// anything a person typed is text (h() and textContent), never HTML. A deal is played at the
// ordinary table page (/t/{key}), the seat's token kept as the lobby keeps it.
import { cardRow, cardsOf, drawBoard } from "./board.js";
import { words } from "./cards.js";
import { onAccount } from "./account.js";
import { formWords, personLink, presetTitles } from "./people.js";
import { setting } from "./settings.js";
import { $, api, copy, h, keep, keepChildren, say } from "./util.js";

// ms between two readings of an open event's standings while it is in view (at the tests' speed,
// no pauses, a second: a test waits for the standings to change, not for a long interval)
const POLL = setting("speed") === "test" ? 1000 : 20000;
const BOARDS = 8; // the boards of a deal drawn at first (more on asking: each is a replay to fetch)
const LEVELS = ["easy", "medium", "hard"];

const enc = encodeURIComponent;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A span of time in round words: "3 h", "25 min", "2 days", "less than a minute". */
function span(ms) {
  const minutes = Math.round(Math.abs(ms) / 60000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** "closes in 3 h" or "closed 2 h ago", as the event's closing time and the clock say. */
export function closingWords(event, now = Date.now()) {
  const left = Date.parse(event.closes) - now;
  if (event.closed || left <= 0) return `closed ${span(left)} ago`;
  return `closes in ${span(left)}`;
}

/** Matchpoints as a percentage, "62.5%" (null: not scored yet, "–"). */
const percent = (value) => (value === null || value === undefined ? "–" : `${Number(value).toFixed(1)}%`);

/** Points taken ("6 points"); null (a deal not finished by the close, scored as its seat's
 * worst): "not finished". */
const pointsWords = (points) => (points === null || points === undefined ? "not finished" : plural(points, "point"));

/** The server's sentence (as its refusals, from a small letter, no stop) as a line of the page. */
const sentence = (text) => (text ? text[0].toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".") : "");

/** A difference with its sign, "+1.5", "−2.0", "0.0" (null: "–"). */
function signed(value) {
  if (value === null || value === undefined) return "–";
  const text = Math.abs(value).toFixed(1);
  return value > 0.05 ? `+${text}` : value < -0.05 ? `\u2212${text}` : "0.0";
}

const levelWords = (level) => `${level} bots`;

/** The event's facts in one line: the form, the bots, the deals, the closing, the entries. */
function factsLine(event) {
  return [formWords(event.form), levelWords(event.level), plural(event.deals, "deal"),
    closingWords(event), plural(event.entries, "entry").replace("entrys", "entries")].join(" · ");
}

/** The page's own <main>, after the message line (index.html keeps the others hidden). */
function mainBox(id, label) {
  const box = h("main", { id, class: "events", "aria-label": label });
  $("message").after(box);
  return box;
}

const links = (...extra) => h("p", { class: "people-links" }, ...extra.flatMap((a) => [a, " · "]),
  h("a", { href: "/leaders" }, "The leaderboards"), " · ", h("a", { href: "/" }, "Back to the lobby"));

/** Play deal ``n`` of event ``key``: the server seats this person (and three bots) at the deal's
 * table; the seat's token is kept as the lobby keeps it and the table's page opened. */
export async function playDeal(key, n, button) {
  if (button) button.disabled = true;
  try {
    const seat = await api("POST", `/api/events/${enc(key)}/deals/${n}/play`, {});
    sessionStorage.removeItem("hearts:watch:" + seat.table);
    keep(seat.table, { token: seat.token, seat: seat.seat, link: seat.url, invite: false });
    location.href = seat.url;
  } catch (error) {
    say(error.message);
    if (button) button.disabled = false;
    throw error;
  }
}

/** Play the event's next deal after deal ``after`` not yet finished by this person (the first
 * one before it when all after it are; none left: the event's page). */
export async function playNext(key, after, button) {
  if (button) button.disabled = true;
  let event;
  try {
    event = await api("GET", `/api/events/${enc(key)}`);
  } catch (error) {
    if (button) button.disabled = false;
    throw error;
  }
  const open = event.deal_list.filter((d) => !d.mine || d.mine.state !== "finished").map((d) => d.number);
  const next = open.find((n) => n > after) ?? open[0];
  if (next === undefined || event.closed) { location.href = `/e/${enc(key)}`; return; }
  await playDeal(key, next, button);
}

/** The link that seats a friend at a table of people of deal ``n`` (through the event: such a
 * table is joined only so), and where this browser keeps it for the table's maker. */
const inviteLink = (key, n, table) => new URL(`/e/${enc(key)}?deal=${n}&table=${enc(table)}`, location.href).href;
const INVITE = "hearts:event-invite:";

/** Take the free seat at a table of people of deal ``n`` (the link's invitation). */
async function takeSeat(key, n, table, button) {
  button.disabled = true;
  try {
    const seat = await api("POST", `/api/events/${enc(key)}/deals/${n}/tables/${enc(table)}/join`, {});
    keep(seat.table, { token: seat.token, seat: seat.seat, link: seat.url, invite: false });
    location.href = seat.url;
  } catch (error) {
    say(error.message);
    button.disabled = false;
  }
}

/** The panel of an invitation to a table of people (the page's ?deal=&table=), or null. */
function invitation(key, event, who) {
  const query = new URLSearchParams(location.search);
  const n = Number(query.get("deal"));
  const table = query.get("table");
  if (!table || !Number.isInteger(n) || n < 1 || n > event.deals) return null;
  const mine = (event.deal_list[n - 1] || {}).mine;
  let what;
  if (event.closed) what = h("p", {}, "This event has closed: its deals are played no more.");
  else if (!who) what = h("p", {}, "Sign in (the button above) to take the seat.");
  else if (mine && mine.table === table) what = h("p", {}, h("a", { href: `/t/${enc(table)}` }, "Back to your table"));
  else if (mine) what = h("p", {}, `You have a play of deal ${n} already: one a person.`);
  else {
    what = h("button", { type: "button", id: "take-seat", class: "primary",
      onclick: (e) => takeSeat(key, n, table, e.currentTarget) }, "Take the seat");
  }
  return h("section", { class: "panel invited", id: "event-invited", "aria-labelledby": "invited-title" },
    h("h2", { id: "invited-title" }, `You are asked to play deal ${n} at a table of people`),
    h("p", { class: "hint" }, "Each of you is compared with everyone who held the same cards at the same seat."),
    what);
}

/** Make a table of people for a deal: the friends' link shown to copy, then the table. */
function friendsForm(key, event, who) {
  if (!who || event.closed) return null;
  const open = event.deal_list.filter((d) => !d.mine);
  if (!open.length) return null;
  const players = Number(event.form.split("/")[1]) || 4;
  const deal = h("select", { id: "friends-deal" }, open.map((d) => h("option", { value: String(d.number) }, `Deal ${d.number}`)));
  const people = h("select", { id: "friends-people" },
    Array.from({ length: players - 1 }, (_, i) => h("option", { value: String(i + 2) }, `${i + 2} people`)));
  const made = h("div", { id: "friends-made", role: "status" });
  const button = h("button", { type: "button", id: "friends-make" }, "Make the table");
  button.addEventListener("click", async () => {
    button.disabled = true;
    const n = Number(deal.value);
    try {
      const seat = await api("POST", `/api/events/${enc(key)}/deals/${n}/tables`, { people: Number(people.value) });
      const link = inviteLink(key, n, seat.table);
      keep(seat.table, { token: seat.token, seat: seat.seat, link: seat.url, invite: false });
      localStorage.setItem(INVITE + seat.table, link);
      made.replaceChildren(
        h("p", {}, `Your table for deal ${n} is made. Send your friends its link: `, h("a", { id: "friends-link", href: link }, link)),
        h("button", { type: "button", onclick: (e) => copy(link, e.currentTarget) }, "Copy the link"),
        h("a", { class: "button", id: "friends-table", href: seat.url }, "Go to the table"));
    } catch (error) {
      say(error.message);
    } finally {
      button.disabled = false;
    }
  });
  return h("details", { id: "friends", class: "friends" },
    h("summary", {}, "Play a deal with friends"),
    h("p", { class: "hint" }, "A table of the deal with seats for people (the rest bots of the event's level): you sit at seat 1, and your friends take the others from the link you send them."),
    h("div", { class: "friends-row" }, h("label", { for: "friends-deal" }, "Deal "), deal,
      h("label", { for: "friends-people" }, " with "), people, button),
    made);
}

// ---------------------------------------------------------------- the list

function eventItem(event) {
  return h("li", { class: "event-item", "data-key": event.key, "data-closed": event.closed ? "true" : "false" },
    h("span", { class: "event-what" },
      h("a", { class: "event-name", href: `/e/${enc(event.key)}` }, event.name),
      event.daily ? h("span", { class: "tag daily" }, "daily") : null,
      event.private ? h("span", { class: "tag private" }, "private") : null,
      h("small", { class: "event-facts", title: `closing ${new Date(event.closes).toLocaleString()}` }, factsLine(event))));
}

/** Daily first, then the soonest to close (open) or the latest closed. */
function ordered(list, closed) {
  return [...list].sort((a, b) => (b.daily - a.daily)
    || (closed ? Date.parse(b.closes) - Date.parse(a.closes) : Date.parse(a.closes) - Date.parse(b.closes)));
}

/** Draw the events' list at "/events", and the form that makes a private one. */
export async function eventsList() {
  document.title = "Hearts: duplicate events";
  $("seat-info").textContent = "Duplicate events";
  const box = mainBox("events", "Duplicate events");
  const open = h("ul", { id: "open-events", class: "list" }, h("li", {}, "Loading…"));
  const closed = h("ul", { id: "closed-events", class: "list" });
  const enter = h("p", { id: "events-enter", class: "hint" });
  const make = h("section", { id: "make-event", class: "panel", "aria-labelledby": "make-event-title" },
    h("h2", { id: "make-event-title" }, "A private event for friends"));
  box.append(
    h("section", { class: "panel", "aria-labelledby": "events-title" },
      h("h2", { id: "events-title" }, "Duplicate events"),
      h("p", {}, "Everyone plays the same deals, each against three bots of the event's level; each result is compared with every other at the same seat of the same deal, so the luck of the cards is taken out."),
      enter,
      h("h3", {}, "Open now"), open,
      h("h3", {}, "Recently closed"), closed),
    make, links());
  await presetTitles();
  onAccount((who) => {
    enter.textContent = who ? "" : "Sign in (the button above) to enter an event; as a guest you may look at them.";
    makeForm(make, who);
  });
  let events;
  try {
    ({ events } = await api("GET", "/api/events"));
  } catch (error) {
    open.replaceChildren(h("li", {}, error.message));
    say(error.message);
    return;
  }
  const opened = ordered(events.filter((e) => !e.closed), false);
  const shut = ordered(events.filter((e) => e.closed), true);
  open.replaceChildren(...(opened.length ? opened.map(eventItem) : [h("li", {}, "No event is open just now.")]));
  closed.replaceChildren(...(shut.length ? shut.map(eventItem) : [h("li", {}, "None.")]));
}

/** The private event's form (signed in), or what a guest must do first. */
function makeForm(box, who) {
  const title = box.firstChild;
  if (!who) {
    box.replaceChildren(title, h("p", { id: "make-event-guest" }, "Sign in to make a private event: its link is for the friends you send it to."));
    return;
  }
  if (box.querySelector("#event-make")) return;
  const variant = h("select", { id: "event-variant" });
  const players = h("select", { id: "event-players" });
  const level = h("select", { id: "event-level" }, LEVELS.map((l) => h("option", { value: l }, levelWords(l))));
  level.value = "medium";
  const made = h("div", { id: "event-made", role: "status" });
  const button = h("button", { id: "event-make", type: "button", class: "primary" }, "Make the event");
  box.replaceChildren(title,
    h("div", { class: "grid" },
      h("label", { for: "event-name" }, "Name"),
      h("input", { id: "event-name", maxlength: "60", autocomplete: "off", value: `${who.name}'s event` }),
      h("label", { for: "event-variant" }, "Game"), variant,
      h("label", { for: "event-players" }, "Players"), players,
      h("label", { for: "event-level" }, "Bots"), level,
      h("label", { for: "event-deals" }, "Deals"),
      h("input", { id: "event-deals", type: "number", min: "1", max: "24", value: "4", inputmode: "numeric" }),
      h("label", { for: "event-hours" }, "Closes in (hours)"),
      h("input", { id: "event-hours", type: "number", min: "1", max: "168", value: "24", inputmode: "numeric" })),
    button, made);
  let presets = [];
  const counts = () => {
    const p = presets.find((x) => x.name === variant.value) || presets[0];
    if (!p) return;
    const list = p.counts && p.counts.length ? p.counts : [p.players];
    players.replaceChildren(...list.map((n) => h("option", { value: String(n) }, String(n))));
    players.value = String(p.players);
  };
  variant.addEventListener("change", counts);
  api("GET", "/api/variants").then((all) => {
    // (an event compares points: the forms scored in counters are not offered)
    const list = all.filter((p) => ((p.rules || {}).settlement || {}).method !== "counters");
    presets = list;
    variant.replaceChildren(...list.map((p) => h("option", { value: p.name }, p.title || p.name)));
    variant.value = list.some((p) => p.name === "modern") ? "modern" : list[0].name;
    counts();
  }).catch((error) => say(error.message));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const event = await api("POST", "/api/events", {
        name: $("event-name").value.trim(), variant: variant.value, players: Number(players.value),
        level: level.value, deals: Number($("event-deals").value), hours: Number($("event-hours").value),
      });
      say("");
      const link = new URL(`/e/${enc(event.key)}`, location.href).href;
      made.replaceChildren(
        h("p", {}, "Your event is made. Send your friends its link: ", h("a", { id: "event-link", href: link }, link)),
        h("button", { type: "button", id: "event-copy", onclick: (e) => copy(link, e.currentTarget) }, "Copy the link"));
      const list = $("open-events");
      if (list && !list.querySelector(`[data-key="${CSS.escape(event.key)}"]`)) {
        if (!list.querySelector(".event-item")) list.replaceChildren();
        list.append(eventItem(event));
      }
    } catch (error) {
      say(error.message);
    } finally {
      button.disabled = false;
    }
  });
}

// ---------------------------------------------------------------- an event

let pollTimer = 0;

/** A digest (or a seed) shown short, the whole of it in its title; a tap shows it whole and
 * copies it. */
const shownWhole = new Set(); // the digests and seeds shown whole (kept as the page is drawn again)

function longText(text, label, kind) {
  const shortText = text.length > 14 ? `${text.slice(0, 12)}…` : text;
  const whole = shownWhole.has(text);
  const button = h("button", { type: "button", class: `long ${kind}${whole ? " whole" : ""}`, title: text, "data-whole": text, "aria-label": `${label}: ${text} (copy it)` },
    h("code", {}, whole ? text : shortText));
  button.addEventListener("click", async () => {
    const shown = button.classList.toggle("whole");
    if (shown) shownWhole.add(text); else shownWhole.delete(text);
    button.firstChild.textContent = shown ? text : shortText;
    try { await navigator.clipboard.writeText(text); button.dataset.copied = "yes"; } catch { /* shown whole: select it */ }
  });
  return button;
}

/** A deal's line: its number, its commitment (and seed after the close), and what this person
 * may do with it: Play, Resume, or their result and the others' play. */
function dealItem(key, event, deal, who) {
  const mine = deal.mine;
  let action;
  if (mine && mine.state === "finished") {
    action = h("span", { class: "deal-result" },
      h("span", { class: "deal-played" }, `Played: ${pointsWords(mine.points)} · ${percent(mine.matchpoints)} · ${signed(mine.diff)}`),
      h("a", { class: "others", href: `/e/${enc(key)}/deal/${deal.number}` }, "How everyone played it"));
  } else if (event.closed) {
    action = h("span", { class: "deal-result" }, mine ? "Not finished by the close" : "",
      h("a", { class: "others", href: `/e/${enc(key)}/deal/${deal.number}` }, "How everyone played it"));
  } else if (!who) {
    action = h("span", { class: "hint" }, "Sign in to play");
  } else {
    const resume = mine && mine.state === "playing";
    const invite = resume ? localStorage.getItem(INVITE + mine.table) : null;
    action = h("button", {
      type: "button", class: `play${resume ? "" : " primary"}`, "data-deal": deal.number,
      "aria-label": `${resume ? "Resume" : "Play"} deal ${deal.number}`,
      onclick: (e) => playDeal(key, deal.number, e.currentTarget).catch(() => {}),
    }, resume ? "Resume" : "Play");
    if (invite) {
      action = h("span", { class: "deal-result" }, action,
        h("button", { type: "button", class: "friends-copy", onclick: (e) => copy(invite, e.currentTarget) }, "Copy the friends' link"));
    }
  }
  return h("li", { class: "deal", "data-deal": deal.number, "data-state": mine ? mine.state : "new" },
    h("span", { class: "deal-what" },
      h("strong", {}, `Deal ${deal.number}`),
      h("span", { class: "commit" }, "commitment ", longText(deal.digest, `Deal ${deal.number}'s commitment`, "digest")),
      deal.seed !== null && deal.seed !== undefined
        ? h("span", { class: "commit" }, "seed ", longText(String(deal.seed), `Deal ${deal.number}'s seed`, "seed")) : null,
      h("small", {}, `finished by ${deal.finished_by}`)),
    action);
}

function standingsTable(rows) {
  if (!rows.length) return h("p", { id: "standings" }, "Nobody has finished a deal yet.");
  return h("div", { class: "scroll" }, h("table", { id: "standings", class: "standings" },
    h("thead", {}, h("tr", {}, ["Place", "Player", "Deals", "Matchpoints", "Diff"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows.map((row) => h("tr", {},
      h("td", {}, String(row.place)), h("td", { class: "board-name" }, personLink(row.name)),
      h("td", {}, String(row.played)), h("td", {}, percent(row.matchpoints)), h("td", {}, signed(row.diff)))))));
}

/** Draw the event at "/e/{key}", and keep its deals and standings fresh while it is open and the
 * page in view. */
export async function eventPage(key) {
  document.title = "Hearts: an event";
  $("seat-info").textContent = "A duplicate event";
  const box = mainBox("event", "The event");
  box.append(h("p", { class: "hint" }, "Loading…"));
  await presetTitles();
  let who = null;
  let event = null;
  const head = h("section", { class: "panel event-head", "aria-labelledby": "event-name" });
  const deals = h("ol", { id: "deal-list", class: "list deals" });
  const reveal = h("div", { id: "event-reveal" });
  const standings = h("div", { id: "standings-box" });
  const rule = h("p", { id: "unfinished-rule", class: "hint" });
  const fresh = h("p", { id: "standings-note", class: "hint" });
  const invited = h("div", { id: "invited-box" });
  const friends = h("div", { id: "friends-box" });
  const draw = () => {
    // (drawn again only when who is signed in changes: a poll keeps an open form and its answer)
    if (invited.dataset.who !== String(who && who.name)) {
      invited.dataset.who = friends.dataset.who = String(who && who.name);
      invited.replaceChildren(...[invitation(key, event, who)].filter(Boolean));
      friends.replaceChildren(...[friendsForm(key, event, who)].filter(Boolean));
    }
    head.replaceChildren(...[
      h("h2", { id: "event-name" }, event.name),
      h("p", { id: "event-facts" }, factsLine(event), event.daily ? " · daily" : "", event.private ? " · private" : "",
        event.entered ? " · you have entered" : ""),
      event.private && !event.closed ? h("p", { class: "hint" }, "A private event: whoever has its link may enter. ",
        h("button", { type: "button", id: "event-copy", onclick: (e) => copy(location.href, e.currentTarget) }, "Copy the link")) : null,
      who || event.closed ? null : h("p", { id: "event-enter" }, "Sign in (the button above) to enter this event and play its deals."),
    ].filter(Boolean));
    keepChildren(deals, event.deal_list.map((deal) => dealItem(key, event, deal, who)), (node) => node.dataset.deal || null);
    reveal.replaceChildren(...(event.closed ? [h("p", { id: "seeds-revealed" }, "Seeds revealed: check them with ",
      h("code", {}, "hearts verify"), " on ", h("a", { id: "event-export", href: `/api/events/${enc(key)}/export`, download: `event-${key}.json` }, "the event's export"), ".")] : []));
    standings.replaceChildren(standingsTable(event.standings || []));
    rule.textContent = sentence(event.unfinished_rule || "");
    fresh.textContent = event.closed ? "Final standings." : `Refreshed every ${POLL / 1000} s while this page is open; last at ${new Date().toLocaleTimeString()}.`;
  };
  const read = async () => {
    try {
      event = await api("GET", `/api/events/${enc(key)}`);
    } catch (error) {
      say(error.message);
      return false;
    }
    document.title = `Hearts: ${event.name}`;
    draw();
    return true;
  };
  if (!(await read())) {
    box.replaceChildren(h("section", { class: "panel" }, h("h2", {}, "No such event"), h("p", {}, $("message").textContent)), links(h("a", { href: "/events" }, "All events")));
    return;
  }
  box.replaceChildren(invited, head,
    h("section", { class: "panel", "aria-labelledby": "deals-title" }, h("h2", { id: "deals-title" }, "Deals"),
      h("p", { class: "hint" }, "Each deal's seed was fixed when the event was made; its commitment (a SHA-256 digest of it) is shown from the start and the seed after the close, so anyone can check that no deal was changed."),
      deals, friends, reveal),
    h("section", { class: "panel", "aria-labelledby": "standings-title" }, h("h2", { id: "standings-title" }, "Standings"),
      standings, fresh,
      h("p", { class: "hint" }, "Matchpoints: each result against every other at the same seat of the same deal (2 for a result beaten, 1 for a tie), as a share of the most it could get; diff: points against the average at that seat (below zero is better)."),
      rule),
    links(h("a", { href: "/events" }, "All events")));
  onAccount((now) => { who = now; if (event) draw(); });
  const poll = () => {
    clearInterval(pollTimer);
    pollTimer = 0;
    if (document.hidden || !event || event.closed) return;
    pollTimer = setInterval(() => { if (!document.hidden) read(); }, POLL);
  };
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && event && !event.closed) read();
    poll();
  });
  poll();
}

// ---------------------------------------------------------------- a deal, everyone's play

/** Where a deal's boards stop: after the pass (or at the deal), at each trick taken, at the end
 * (where the game goes on after its last trick); each { step, label }. */
function stopsOf(game) {
  const steps = game.steps;
  const first = steps.findIndex((s) => s.at);
  const start = first > 0 ? first - 1 : 0;
  const stops = [{ step: start, label: steps[start].kind === "deal" ? "The deal" : "After the pass" }];
  steps.forEach((s, i) => { if (s.at && s.at.card === s.at.of) stops.push({ step: i, label: `Trick ${s.at.trick} taken` }); });
  if (stops[stops.length - 1].step !== steps.length - 1) stops.push({ step: steps.length - 1, label: "The end" });
  return stops;
}

function resultWords(r) {
  return `${pointsWords(r.points)} · ${percent(r.matchpoints)} · ${signed(r.diff)}`;
}

/** One board: the result's name and numbers over a small felt and the seat's hand. */
function boardCard(r, index) {
  const parts = { seats: h("div", { class: "mini-seats" }), trick: h("div", { class: "trick" }), piles: h("div", { class: "piles" }) };
  const felt = h("div", { class: "felt mini-felt" }, parts.seats, parts.piles, parts.trick);
  const hand = h("div", { class: "mini-hand" });
  const note = h("p", { class: "mini-words" });
  const card = h("section", { class: `board-card${r.mine ? " mine" : ""}`, "data-game": r.game, "data-index": index, "aria-label": `${r.name}'s play${r.mine ? " (yours)" : ""}` },
    h("h3", {}, h("span", { class: "board-who" }, r.name), r.mine ? h("span", { class: "you" }, " (you)") : null,
      h("small", {}, `Seat ${r.seat + 1} · ${resultWords(r)}`)),
    felt, hand, note);
  return { r, card, parts, hand, note, game: null, stops: [] };
}

function drawCard(b, k) {
  if (!b.game) return;
  const index = b.stops[Math.min(k, b.stops.length - 1)].step;
  const step = b.game.steps[index];
  drawBoard(b.parts, b.game, step, { bottom: b.r.seat, mark: b.r.seat, spread: b.game.players > 4 ? [22, 19] : [12, 17] });
  const cards = cardsOf(step.hands[b.r.seat]);
  b.hand.replaceChildren(cardRow({ class: "rhand" }, b.r.name, plural(cards.length, "card"), cards,
    `${b.r.name}'s hand: ${cards.length ? cards.map(words).join(", ") : "no cards"}`));
  // (the step's first two sentences: the card and the trick taken, not the game's end)
  b.note.textContent = step.words.split(/(?<=\.) /).slice(0, 2).join(" ");
  b.card.dataset.step = String(index);
}

/** Draw deal ``n`` of event ``key`` at "/e/{key}/deal/{n}": refused (the server's sentence)
 * until this person has played it or the event is closed. */
export async function dealPage(key, n) {
  document.title = `Hearts: deal ${n}`;
  $("seat-info").textContent = "A duplicate deal: everyone's play";
  const box = mainBox("deal", "The deal");
  await presetTitles();
  const back = h("a", { id: "back-to-event", href: `/e/${enc(key)}` }, "Back to the event");
  let event = null;
  try { event = await api("GET", `/api/events/${enc(key)}`); } catch { /* said below, by the deal's answer */ }
  const title = h("h2", { id: "deal-title" }, event ? `Deal ${n} of ${event.deals} \u2014 ${event.name}` : `Deal ${n}`);
  let deal;
  try {
    deal = await api("GET", `/api/events/${enc(key)}/deals/${n}`);
  } catch (error) { // (the server's sentence, in the page: no play of it shown)
    box.append(h("section", { class: "panel", id: "deal-refused" }, title,
      h("p", { id: "deal-refusal" }, error.message), h("p", {}, back)));
    return;
  }
  if (event) document.title = `Hearts: deal ${n} of ${event.name}`;
  const results = [...deal.results].sort((a, b) => (b.mine - a.mine) || (a.seat - b.seat) || (b.matchpoints ?? 0) - (a.matchpoints ?? 0));
  const seatsOf = [...new Set(results.map((r) => r.seat))].sort((a, b) => a - b);
  const table = h("div", { class: "scroll" }, h("table", { id: "deal-results", class: "standings" },
    h("thead", {}, h("tr", {}, ["Seat", "Player", "Points", "Matchpoints", "Diff"].map((t) => h("th", { scope: "col" }, t)))),
    ...seatsOf.map((seat) => h("tbody", { "data-seat": seat }, results.filter((r) => r.seat === seat)
      .sort((a, b) => (b.matchpoints ?? 0) - (a.matchpoints ?? 0))
      .map((r) => h("tr", { class: r.mine ? "mine" : null },
        h("td", {}, String(r.seat + 1)), h("td", { class: "board-name" }, personLink(r.name), r.mine ? h("span", { class: "you" }, " (you)") : null),
        h("td", {}, r.points === null || r.points === undefined ? "–" : String(r.points)), h("td", {}, percent(r.matchpoints)), h("td", {}, signed(r.diff))))))));
  const range = h("input", { id: "deal-step", type: "range", min: "0", max: "0", value: "0" });
  const at = h("p", { id: "deal-at", "aria-live": "polite" });
  // (a region of its own, reached by Tab: on a phone it scrolls sideways, board by board)
  const grid = h("div", { id: "deal-boards", class: "boards", tabindex: "0", role: "region", "aria-label": "Everyone's boards, yours first" });
  const more = h("p", { class: "board-more" });
  const buttons = {
    first: h("button", { type: "button", id: "deal-first" }, "First"),
    back: h("button", { type: "button", id: "deal-back", class: "primary" }, "Previous trick"),
    next: h("button", { type: "button", id: "deal-next", class: "primary" }, "Next trick"),
    last: h("button", { type: "button", id: "deal-last" }, "Last"),
  };
  box.append(
    h("section", { class: "panel" }, title,
      event ? h("p", { class: "hint" }, factsLine(event)) : null,
      table, h("p", { class: "hint" }, "Each result is compared with the others at the same seat: they held the same cards."),
      h("p", {}, back)),
    h("section", { class: "panel", "aria-labelledby": "boards-title" },
      h("h2", { id: "boards-title" }, "Everyone's play, trick by trick"),
      h("div", { class: "deal-controls" },
        h("div", { class: "replay-controls", role: "group", "aria-label": "Step every board together" }, Object.values(buttons)),
        h("label", { class: "replay-range", for: "deal-step" }, "Trick ", range), at),
      h("p", { class: "hint deal-keys" }, "Keys: ", h("kbd", {}, "\u2190"), " ", h("kbd", {}, "\u2192"), " a trick back or on; ", h("kbd", {}, "Home"), " ", h("kbd", {}, "End"), " the first or the last."),
      grid, more),
    links(h("a", { href: "/events" }, "All events")));
  const boards = [];
  let k = 0;
  let top = 0;
  const show = (to) => {
    k = Math.max(0, Math.min(top, to));
    range.value = String(k);
    const lead = boards.find((b) => b.game);
    const text = lead ? lead.stops[Math.min(k, lead.stops.length - 1)].label : "";
    at.textContent = text;
    range.setAttribute("aria-valuetext", text);
    buttons.first.setAttribute("aria-disabled", k === 0 ? "true" : "false");
    buttons.back.setAttribute("aria-disabled", k === 0 ? "true" : "false");
    buttons.next.setAttribute("aria-disabled", k === top ? "true" : "false");
    buttons.last.setAttribute("aria-disabled", k === top ? "true" : "false");
    for (const b of boards) drawCard(b, k);
  };
  const act = (to) => (e) => { if (e.currentTarget.getAttribute("aria-disabled") !== "true") show(to()); };
  buttons.first.addEventListener("click", act(() => 0));
  buttons.back.addEventListener("click", act(() => k - 1));
  buttons.next.addEventListener("click", act(() => k + 1));
  buttons.last.addEventListener("click", act(() => top));
  range.addEventListener("input", () => show(Number(range.value)));
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: top }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  const load = async (from) => {
    const batch = results.slice(from, from + BOARDS).map((r, i) => boardCard(r, from + i));
    boards.push(...batch);
    grid.append(...batch.map((b) => b.card));
    await Promise.all(batch.map(async (b) => {
      try {
        b.game = await api("GET", `/api/games/${enc(b.r.game)}/replay`);
        b.stops = stopsOf(b.game);
      } catch (error) {
        b.note.textContent = `The replay is not to be had: ${error.message}`;
      }
    }));
    top = Math.max(0, ...boards.filter((b) => b.game).map((b) => b.stops.length - 1));
    range.max = String(top);
    const left = results.length - boards.length;
    more.replaceChildren(left > 0 ? h("button", { type: "button", id: "deal-more", onclick: () => load(boards.length) },
      `Show ${Math.min(left, BOARDS)} more of ${left}`) : "");
    show(k);
  };
  await load(0);
}
