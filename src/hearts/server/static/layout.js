// The table's layout on one screen (app.css): where the hand's cards and the trick's cards go,
// and the drawer of the score sheet and the log on a narrow window. Drawing stays table.js's;
// this module measures what is drawn and places it.

const TAP = 44; // the least a finger taps: each card's showing strip and a row's step, in px

/** Lay the hand's buttons out in one row, or in two or three overlapping rows when one row would
 * leave less than a finger's width of each card showing; a hand too long even for three rows
 * scrolls sideways in its own row (never the page). Sets --cols, --strip and --step on the box. */
export function layoutHand(box, buttons) {
  const n = buttons.length;
  if (!n) return;
  const width = buttons[0].offsetWidth || 60;
  const height = buttons[0].offsetHeight || width * 1.4;
  const room = box.clientWidth - 12; // (the box's side padding, .3rem each, and a little)
  // (at least a finger's width, and more than half a card: a card's middle shows, where a
  // pointer that aims at the card as a whole lands)
  const least = Math.max(TAP, Math.ceil(width * 0.52));
  let rows = 1;
  while (rows < 3 && (Math.ceil(n / rows) - 1) * least + width > room) rows++;
  const ideal = Math.round(width * (rows > 1 ? 0.8 : 0.62));
  const cols = Math.ceil(n / rows);
  const fits = (cols - 1) * least + width <= room;
  const strip = cols > 1 ? Math.max(least, Math.min(ideal, Math.floor((room - width) / (cols - 1)))) : width;
  const step = Math.max(TAP + 4, Math.round(height * 0.58));
  box.style.setProperty("--cols", String(fits ? cols : n));
  box.style.setProperty("--strip", `${fits ? strip : least}px`);
  box.style.setProperty("--step", `${step}px`);
  box.classList.toggle("scrolls", !fits);
  // (a card below the first row lifts only a little: lifted as far as the first row's, it would
  // cover the middle of the card above it, where a finger or a pointer aims)
  const across = fits ? cols : n;
  buttons.forEach((button, index) => button.classList.toggle("below", index >= across));
}

/** Place each card of the trick between the felt's middle and the plate of the seat that played
 * it, as far out as it goes without covering any seat's plate (nor leaving the felt). */
export function placeTrick(felt, nodes) {
  const area = felt.getBoundingClientRect();
  if (!area.width || !area.height || !nodes.length) return;
  const plates = [...felt.querySelectorAll(".seat")].map((p) => p.getBoundingClientRect());
  const piles = [...felt.querySelectorAll(".pile")].map((p) => p.getBoundingClientRect());
  const blocks = plates.concat(piles);
  const cx = area.left + area.width / 2;
  const cy = area.top + area.height / 2;
  const gap = 6;
  for (const node of nodes) {
    node.style.removeProperty("width");
    const plate = felt.querySelector(`.seat[data-seat="${node.dataset.seat}"]`);
    const to = plate ? plate.getBoundingClientRect() : null;
    const px = to ? to.left + to.width / 2 : cx;
    const py = to ? to.top + to.height / 2 : cy;
    // (a felt too small for the cards at their size: smaller cards, down to half)
    let spot = null;
    let w = node.offsetWidth;
    let h = node.offsetHeight;
    for (let scale = 1; !spot && scale >= 0.5; scale -= 0.125) {
      const sw = w * scale;
      const sh = h * scale;
      for (let t = 0.7; t >= -0.001; t -= 0.05) {
        const x = cx + (px - cx) * t;
        const y = cy + (py - cy) * t;
        const box = { left: x - sw / 2 - gap, right: x + sw / 2 + gap, top: y - sh / 2 - gap, bottom: y + sh / 2 + gap };
        // (not on top of another seat's card: each card out from the middle by a quarter of itself)
        if (Math.abs(x - cx) < sw * 0.26 && Math.abs(y - cy) < sh * 0.26 && to) break;
        const inside = box.left >= area.left && box.right <= area.right && box.top >= area.top && box.bottom <= area.bottom;
        if (inside && !blocks.some((b) => box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom)) {
          spot = { x, y, scale };
          break;
        }
      }
    }
    if (!spot) spot = { x: cx, y: cy, scale: 0.5 };
    if (spot.scale < 1) {
      node.style.width = `${w * spot.scale}px`;
      w *= spot.scale;
      h *= spot.scale;
    }
    const left = ((spot.x - area.left) / area.width) * 100;
    const top = ((spot.y - area.top) / area.height) * 100;
    node.style.left = `${left.toFixed(2)}%`;
    node.style.top = `${top.toFixed(2)}%`;
    node.style.setProperty("--from-x", `${((px - spot.x) / w) * 100}%`);
    node.style.setProperty("--from-y", `${((py - spot.y) / h) * 100}%`);
  }
}

/** The felt's piles with their details (class "more") hidden when a pile would lie over a
 * seat's plate (class "brief" on the box). */
export function briefPiles(box, seats) {
  box.classList.remove("brief");
  const plates = [...seats.children].map((p) => p.getBoundingClientRect());
  const over = [...box.children].some((pile) => {
    const a = pile.getBoundingClientRect();
    return plates.some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  });
  box.classList.toggle("brief", over);
}

/** The score sheet and the log: beside the felt on a wide window; on a narrower one a drawer
 * over the table, opened by the tabs (Scores, Log) and closed by its button or Escape. The
 * table is drawn again when the window changes size (the hand's rows, the trick's places). */
export function setupLayout(redraw) {
  const side = document.getElementById("side");
  const tabs = [...document.querySelectorAll("#side-tabs button")];
  let opener = null;
  const close = () => {
    if (!side.classList.contains("open")) return;
    side.classList.remove("open");
    for (const tab of tabs) tab.setAttribute("aria-expanded", "false");
    if (opener) opener.focus();
    opener = null;
  };
  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      if (tab.getAttribute("aria-expanded") === "true") { close(); return; }
      side.classList.add("open");
      for (const other of tabs) other.setAttribute("aria-expanded", other === tab ? "true" : "false");
      opener = tab;
      const panel = document.getElementById(`${tab.dataset.panel}-panel`);
      side.scrollTop = panel ? panel.offsetTop - 48 : 0;
      document.getElementById("side-close").focus();
      if (tab.dataset.panel === "log") {
        const log = document.getElementById("log");
        log.scrollTop = log.scrollHeight;
      }
    });
  }
  document.getElementById("side-close").addEventListener("click", close);
  side.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.stopPropagation(); close(); }
  });
  let pending = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => redraw());
  });
}
