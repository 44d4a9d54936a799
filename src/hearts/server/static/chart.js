// The chart of the totals at a game's end: one line per seat, its total after each hand, drawn
// as SVG by the page itself (no library, no chart service). A pure function of its data: the
// numbers are the server's (the state's `hands`, as the game settled them), nothing is computed
// here but where to draw them. Each seat's line has its own colour, dash pattern and marker, so
// that colour is never the only way to tell them apart, and its name in the legend.

const SVG = "http://www.w3.org/2000/svg";

/** Colours readable on white (at least 4.5:1), then dashes and markers: seat i takes the i-th. */
export const COLOURS = ["#0b57d0", "#c0001a", "#1a7f37", "#8a4b00", "#6b3fa0", "#00727a", "#444444"];
export const DASHES = ["", "8 4", "2 3", "10 3 2 3", "5 5", "1 6", "12 2 2 2 2 2"];
export const MARKERS = ["circle", "square", "triangle", "diamond", "cross", "star", "bar"];

const WIDTH = 420;
const PLOT = { left: 46, right: 14, top: 14, bottom: 40 };
const PLOT_HEIGHT = 190;
const LEGEND_ROW = 20;

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== "") node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Round steps for an axis from `low` to `high`: about five ticks, at 1, 2 or 5 times 10^n. */
function ticks(low, high) {
  const span = Math.max(high - low, 1);
  const rough = span / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) || rough;
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const list = [];
  for (let value = first; value <= last + step / 2; value += step) list.push(Math.round(value * 1e6) / 1e6);
  return list;
}

/** A marker's shape at (x, y): each seat's its own, so that the lines differ by shape too. */
function marker(kind, x, y, colour) {
  const r = 4;
  const common = { fill: kind === "cross" || kind === "bar" ? "none" : colour, stroke: colour, "stroke-width": 1.5 };
  switch (kind) {
    case "square":
      return el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...common });
    case "triangle":
      return el("polygon", { points: `${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`, ...common });
    case "diamond":
      return el("polygon", { points: `${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`, ...common });
    case "cross":
      return el("path", { d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`, ...common, "stroke-width": 2.2 });
    case "star": {
      const points = [];
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = i % 2 ? r * 0.45 : r + 1.5;
        points.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
      }
      return el("polygon", { points: points.join(" "), ...common });
    }
    case "bar":
      return el("path", { d: `M${x - r - 1},${y}L${x + r + 1},${y}M${x},${y - r - 1}L${x},${y + r + 1}`, ...common, "stroke-width": 2.2 });
    default:
      return el("circle", { cx: x, cy: y, r, ...common });
  }
}

/**
 * The chart of every seat's total after each hand, as an <svg> element.
 *
 * `data`: { names: [seat's name, ...], hands: [{ hand_number, totals: [per seat] }, ...],
 * title?: text, unit?: "points" | "counters" }; another series (a rating after each game, profile.js)
 * also names `step` (the x axis's word, "hand" by default), `yLabel`, `summary` (the description's
 * first sentence), `fromZero: false` (the y axis from the lowest value, not from 0) and `thin:
 * true` (markers on about 30 points only, for long series). Returns an <svg role="img"> with a <title> and a
 * <desc> that says every line in words; each line is a <g class="line" data-seat data-name>
 * whose markers carry `data-hand` and `data-total`.
 */
export function totalsChart(data) {
  const names = data.names || [];
  const hands = (data.hands || []).filter((row) => Array.isArray(row.totals));
  const unit = data.unit || "points";
  const step = data.step || "hand";
  const title = data.title || `Each player's total after each hand`;
  const seats = names.length;
  const legendRows = Math.ceil(seats / 2);
  const height = PLOT.top + PLOT_HEIGHT + PLOT.bottom + legendRows * LEGEND_ROW + 6;
  const uid = `chart-${Math.random().toString(36).slice(2, 9)}`;
  const values = hands.flatMap((row) => row.totals);
  const low = data.fromZero === false ? Math.min(...values, Math.max(...values, 1) - 1) : Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const yTicks = ticks(low, high);
  const yLow = yTicks[0];
  const yHigh = yTicks[yTicks.length - 1];
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const count = Math.max(hands.length, 1);
  const x = (i) => PLOT.left + (count === 1 ? plotWidth / 2 : (i * plotWidth) / (count - 1));
  const y = (value) => PLOT.top + PLOT_HEIGHT - ((value - yLow) / (yHigh - yLow || 1)) * PLOT_HEIGHT;

  const described = names.map((name, seat) =>
    `${name}: ${hands.map((row) => `${row.totals[seat]} after ${step} ${row.hand_number + 1}`).join(", ") || `no ${step} yet`}`);
  const svg = el("svg", {
    xmlns: SVG, class: "chart", viewBox: `0 0 ${WIDTH} ${height}`, role: "img",
    "aria-labelledby": `${uid}-title ${uid}-desc`, "font-size": 12,
  },
  el("title", { id: `${uid}-title` }, title),
  el("desc", { id: `${uid}-desc` }, `${data.summary || `Total ${unit} after each hand.`} ${described.join(". ")}.`));

  // Axes, grid and their labels.
  const axes = el("g", { class: "axes", "aria-hidden": "true", fill: "#1b1b1f" });
  for (const value of yTicks) {
    axes.append(
      el("line", { x1: PLOT.left, x2: WIDTH - PLOT.right, y1: y(value), y2: y(value), stroke: value === 0 ? "#888" : "#e2e2e8" }),
      el("text", { x: PLOT.left - 6, y: y(value) + 4, "text-anchor": "end" }, String(value)));
  }
  const every = Math.max(1, Math.ceil(count / 12)); // (at most a dozen labels along the bottom)
  hands.forEach((row, i) => {
    if (i % every && i !== hands.length - 1) return;
    if (i !== hands.length - 1 && hands.length - 1 - i < every / 2) return; // (not on top of the last)
    axes.append(el("text", { x: x(i), y: PLOT.top + PLOT_HEIGHT + 15, "text-anchor": "middle" }, String(row.hand_number + 1)));
  });
  axes.append(
    el("line", { x1: PLOT.left, x2: PLOT.left, y1: PLOT.top, y2: PLOT.top + PLOT_HEIGHT, stroke: "#555" }),
    el("line", { x1: PLOT.left, x2: WIDTH - PLOT.right, y1: PLOT.top + PLOT_HEIGHT, y2: PLOT.top + PLOT_HEIGHT, stroke: "#555" }),
    el("text", { class: "axis-label", x: PLOT.left + plotWidth / 2, y: PLOT.top + PLOT_HEIGHT + 31, "text-anchor": "middle", "font-weight": 600 }, step[0].toUpperCase() + step.slice(1)),
    el("text", {
      class: "axis-label", x: 12, y: PLOT.top + PLOT_HEIGHT / 2, "text-anchor": "middle", "font-weight": 600,
      transform: `rotate(-90 12 ${PLOT.top + PLOT_HEIGHT / 2})`,
    }, data.yLabel || (unit === "counters" ? "Counters" : "Total points")));
  svg.append(axes);

  // One line per seat: colour, dash pattern and marker of its own.
  const legendTop = PLOT.top + PLOT_HEIGHT + PLOT.bottom + 4;
  names.forEach((name, seat) => {
    const colour = COLOURS[seat % COLOURS.length];
    const dash = DASHES[seat % DASHES.length];
    const shape = MARKERS[seat % MARKERS.length];
    const points = hands.map((row, i) => [x(i), y(row.totals[seat])]);
    const line = el("g", { class: "line", "data-seat": seat, "data-name": name, "data-marker": shape, "data-dash": dash || "solid" },
      el("title", {}, described[seat]));
    if (points.length > 1) {
      line.append(el("polyline", {
        points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "),
        fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": dash, "stroke-linejoin": "round",
      }));
    }
    const markEvery = data.thin ? Math.max(1, Math.ceil(hands.length / 30)) : 1;
    hands.forEach((row, i) => {
      if (i % markEvery && i !== hands.length - 1) return;
      const mark = marker(shape, points[i][0], points[i][1], colour);
      mark.setAttribute("class", "point");
      mark.setAttribute("data-hand", String(row.hand_number));
      mark.setAttribute("data-total", String(row.totals[seat]));
      line.append(mark);
    });
    svg.append(line);
    // The legend: the same line, marker and colour, and the seat's name.
    const lx = PLOT.left + (seat % 2) * (plotWidth / 2);
    const ly = legendTop + Math.floor(seat / 2) * LEGEND_ROW + 8;
    const last = hands.length ? hands[hands.length - 1].totals[seat] : "";
    svg.append(el("g", { class: "legend", "data-seat": seat, "aria-hidden": "true" },
      el("line", { x1: lx, x2: lx + 30, y1: ly, y2: ly, stroke: colour, "stroke-width": 2, "stroke-dasharray": dash }),
      marker(shape, lx + 15, ly, colour),
      el("text", { x: lx + 38, y: ly + 4, fill: "#1b1b1f" }, `${name}${last === "" ? "" : ` (${last})`}`)));
  });
  return svg;
}
