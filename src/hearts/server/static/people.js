// A person's profile at "/p/{name}" and the leaderboards at "/leaders": the server's numbers
// (/api/people/{name}, /api/leaderboard/{variant}/{players}, /api/leaderboards) drawn as they
// come. Every name is text (h() and textContent), never HTML.
import { totalsChart } from "./chart.js";
import { $, api, h, say } from "./util.js";

const AGAINST = { people: "against people", bots: "against the computer" };
const DIRECTIONS = { left: "Passing left", right: "Passing right", across: "Passing across", hold: "No pass (hold)" };
let titles = null; // preset name -> its title, from /api/variants

/** A link to a person's profile, the name as text: for every place a signed-in person's name
 * is shown (the accounts part calls it for seat names whose account is known). */
export function personLink(name, attrs = {}) {
  return h("a", { href: `/p/${encodeURIComponent(name)}`, class: "person", ...attrs }, name);
}

/** The presets' titles by name (from /api/variants, asked once): formWords uses them. */
export async function presetTitles() {
  if (titles) return titles;
  titles = {};
  try {
    for (const preset of await api("GET", "/api/variants")) titles[preset.name] = preset.title;
  } catch { /* the forms are shown by their names */ }
  return titles;
}

/** "Modern Hearts, 4 players" for "modern/4" (after presetTitles: the preset's title). */
export function formWords(form) {
  const [variant, players] = form.split("/");
  return `${(titles && titles[variant]) || variant}, ${players} players`;
}

const number = (value, digits = 1) => Number(value).toFixed(digits);
const shortDay = (iso) => new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });
const day = (iso) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** The page's own <main>, after the message line (index.html keeps the others hidden). */
function mainBox(id, label) {
  const box = h("main", { id, class: "people", "aria-label": label });
  $("message").after(box);
  return box;
}

// ---------------------------------------------------------------- the profile

/** Draw the profile of `name`. */
export async function person(name) {
  document.title = `Hearts: ${name}`;
  $("seat-info").textContent = "A player's profile";
  const box = mainBox("profile", "Profile");
  box.append(h("p", { class: "hint" }, "Loading…"));
  await presetTitles();
  let found;
  try {
    found = await api("GET", `/api/people/${encodeURIComponent(name)}`);
  } catch (error) {
    box.replaceChildren(h("section", { class: "panel" }, h("h2", {}, "No such player"),
      h("p", {}, error.message), h("p", {}, h("a", { href: "/leaders" }, "The leaderboards"), " · ", h("a", { href: "/events" }, "Duplicate events"), " · ", h("a", { href: "/" }, "Back to the lobby"))));
    say(error.message);
    return;
  }
  document.title = `Hearts: ${found.name}`;
  box.replaceChildren(
    h("section", { class: "panel who-panel" },
      h("h2", { id: "profile-name" }, found.name),
      h("p", { class: "hint" }, `Playing here since ${day(found.since)}.`),
      ratingsList(found)),
    historyPanel(found),
    statisticsPanel(found),
    recentPanel(found),
    h("p", { class: "people-links" }, h("a", { href: "/leaders" }, "The leaderboards"), " · ", h("a", { href: "/events" }, "Duplicate events"), " · ", h("a", { href: "/" }, "Back to the lobby")));
}

function ratingsList(found) {
  if (!found.ratings.length) return h("p", { id: "ratings" }, "No rated game yet.");
  return h("ul", { id: "ratings", class: "ratings" }, found.ratings.map((r) => {
    const board = `/leaders?form=${encodeURIComponent(r.form)}&against=${r.against}`;
    return h("li", { class: "rating", "data-form": r.form, "data-against": r.against },
      h("span", { class: "rating-number" }, number(r.shown, 0),
        r.provisional ? h("abbr", { class: "provisional", title: `provisional: fewer than ${found.provisional_games} rated games` }, "?") : null),
      h("span", { class: "rating-what" }, h("a", { href: board }, formWords(r.form)), ` ${AGAINST[r.against]}`,
        h("small", {}, `${r.games} rated game${r.games === 1 ? "" : "s"}${r.provisional ? `; provisional until ${found.provisional_games}` : ""}`)));
  }));
}

function historyPanel(found) {
  const lines = found.history.filter((line) => line.points.length);
  const panel = h("section", { class: "panel", "aria-labelledby": "history-title" }, h("h2", { id: "history-title" }, "Rating over time"));
  if (!lines.length) {
    panel.append(h("p", {}, "No rated game yet."));
    return panel;
  }
  const figure = h("figure", { class: "chart-box", id: "history-chart" });
  const draw = (line) => {
    const label = `${formWords(line.form)} ${AGAINST[line.against]}`;
    figure.replaceChildren(totalsChart({
      names: [label],
      hands: line.points.map((p, i) => ({ hand_number: i, totals: [p.shown] })),
      title: `${found.name}'s rating after each rated game: ${label}`,
      summary: `The rating after each of the last ${line.points.length} rated games, from ${day(line.points[0].at)} to ${day(line.points[line.points.length - 1].at)}.`,
      step: "game", yLabel: "Rating", fromZero: false, thin: true,
    }), h("figcaption", { class: "hint" }, `The last ${line.points.length} rated games, oldest first.`));
  };
  if (lines.length > 1) {
    const pick = h("select", { id: "history-form", "aria-label": "Which rating" },
      lines.map((line, i) => h("option", { value: String(i) }, `${formWords(line.form)} ${AGAINST[line.against]}`)));
    pick.addEventListener("change", () => draw(lines[Number(pick.value)]));
    panel.append(pick);
  }
  draw(lines[0]);
  panel.append(figure);
  return panel;
}

const MEASURES = [
  ["games", "Games"], ["wins", "Wins"], ["hands", "Hands"], ["points_a_hand", "Points a hand"],
  ["moons_shot", "Moons shot"], ["moons_against", "Moons against"], ["queen_taken", "Q♠ taken"],
  ["hands_without_trick", "Hands without a trick"],
];

function statisticsPanel(found) {
  const panel = h("section", { class: "panel", id: "statistics", "aria-labelledby": "statistics-title" },
    h("h2", { id: "statistics-title" }, "Statistics"));
  if (!found.statistics.length) panel.append(h("p", {}, "No finished game yet."));
  for (const against of ["people", "bots"]) {
    const lines = found.statistics.filter((s) => s.against === against);
    if (!lines.length) continue;
    const directions = Object.keys(DIRECTIONS).filter((d) => lines.some((s) => s.by_pass.some((p) => p.direction === d)));
    const passRow = (d) => h("tr", {}, h("th", { scope: "row" }, `${DIRECTIONS[d]}: points a hand`),
      lines.map((s) => {
        const line = s.by_pass.find((p) => p.direction === d);
        return h("td", {}, line ? `${number(line.points / line.hands, 2)} (${line.hands})` : "–");
      }));
    panel.append(h("h3", {}, `Against ${against === "people" ? "people" : "the computer"}`),
      h("div", { class: "scroll" }, h("table", { class: "stats", "data-against": against },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), lines.map((s) => h("th", { scope: "col" }, formWords(s.form))))),
        h("tbody", {},
          MEASURES.map(([key, words]) => h("tr", { "data-measure": key }, h("th", { scope: "row" }, words),
            lines.map((s) => h("td", {}, key === "points_a_hand" ? number(s[key], 2) : String(s[key]))))),
          directions.map(passRow)))));
  }
  return panel;
}

function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${tail}`;
}

function recentPanel(found) {
  const panel = h("section", { class: "panel recent-panel", "aria-labelledby": "recent-title" }, h("h2", { id: "recent-title" }, "Recent games"));
  if (!found.recent.length) {
    panel.append(h("p", {}, "No finished game to show."));
    return panel;
  }
  panel.append(h("ul", { id: "recent", class: "list" }, found.recent.map((game) => h("li", { "data-table": game.table },
    h("span", {}, h("strong", {}, `${ordinal(game.place)} of ${game.players}`), `, ${game.points} points · ${formWords(game.form)} ${AGAINST[game.against]}${game.rated ? ", rated" : ""}${game.public ? "" : ", private"}`,
      h("br"), h("small", {}, day(game.finished), " · ",
        ...game.seats.flatMap((s, i) => [i ? ", " : "", s.person ? personLink(s.person) : s.name]))),
    h("a", { href: game.replay, class: "replay-link" }, "Replay")))));
  return panel;
}

// ---------------------------------------------------------------- the leaderboards

const PAGE = 50;

/** Draw the leaderboards: a form picker and its board (the URL's ?form=&against=&offset=). */
export async function leaders() {
  document.title = "Hearts: leaderboards";
  $("seat-info").textContent = "The leaderboards";
  const box = mainBox("leaders", "Leaderboards");
  const query = new URLSearchParams(location.search);
  await presetTitles();
  const { boards } = await api("GET", "/api/leaderboards");
  const pick = h("select", { id: "board-form", "aria-label": "Which leaderboard" });
  const rows = h("div", { id: "board", class: "scroll" });
  const more = h("div", { class: "board-pages" });
  const rule = h("p", { class: "hint", id: "board-rule" });
  box.append(h("section", { class: "panel" }, h("h2", {}, "Leaderboards"),
    h("label", { for: "board-form" }, "Game "), pick, rule, rows, more),
  h("p", { class: "people-links" }, h("a", { href: "/events" }, "Duplicate events"), " · ", h("a", { href: "/" }, "Back to the lobby")));
  if (!boards.length) {
    pick.disabled = true;
    rows.append(h("p", {}, "Nobody has played a rated game yet."));
    return;
  }
  pick.append(...boards.map((b) => h("option", { value: `${b.form}|${b.against}` }, `${formWords(b.form)}, ${AGAINST[b.against]}`)));
  const asked = `${query.get("form") || "modern/4"}|${query.get("against") || "people"}`; // (the commonest game first)
  if (boards.some((b) => `${b.form}|${b.against}` === asked)) pick.value = asked;
  let offset = Math.max(0, Number(query.get("offset")) || 0);
  const show = async () => {
    const [form, against] = pick.value.split("|");
    const url = new URL(location.href);
    url.search = new URLSearchParams({ form, against, ...(offset ? { offset } : {}) }).toString();
    history.replaceState(null, "", url);
    let board;
    try {
      board = await api("GET", `/api/leaderboard/${form.split("/").map(encodeURIComponent).join("/")}?against=${against}&offset=${offset}&limit=${PAGE}`);
    } catch (error) {
      say(error.message);
      return;
    }
    rule.textContent = `Rated players with at least ${board.min_games} games, who played one in the last ${board.days} days.`;
    rows.replaceChildren(board.rows.length ? h("table", { class: "board", "data-form": form, "data-against": against },
      h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Games", "Last played"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, board.rows.map((row) => h("tr", {},
        h("td", {}, String(row.rank)), h("td", { class: "board-name" }, personLink(row.name)),
        h("td", {}, number(row.shown, 0), row.provisional ? h("abbr", { class: "provisional", title: "provisional" }, "?") : null),
        h("td", {}, String(row.games)), h("td", {}, shortDay(row.updated)))))) : h("p", {}, "Nobody on this board yet."));
    more.replaceChildren(...[
      offset ? h("button", { type: "button", onclick: () => { offset = Math.max(0, offset - PAGE); show(); } }, "Better players") : null,
      board.more ? h("button", { type: "button", onclick: () => { offset += PAGE; show(); } }, "More players") : null].filter(Boolean));
  };
  pick.addEventListener("change", () => { offset = 0; show(); });
  await show();
}
