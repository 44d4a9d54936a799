// The settings dialog (the header's Settings button, on the lobby and at a table) and the looks
// it chooses, applied to <html> as data attributes that looks.css reads: data-theme (the felt and
// the card backs), data-four-colour (♦ blue, ♣ green), data-contrast (high contrast). Every
// setting is kept by settings.js in this browser; the pace and sound modules read their own.
import { onSetting, set, setting, settings } from "./settings.js";
import "./sound.js"; // (turning sound on in the dialog makes its AudioContext in that gesture)
import { $, h } from "./util.js";

const SPEEDS = [
  ["slow", "Slow", "each card and each finished trick shown longest"],
  ["normal", "Normal", "a pace most people can follow"],
  ["fast", "Fast", "short pauses, for those who know the game"],
];
export const THEMES = [
  ["green", "Green", "green baize, red card backs"],
  ["blue", "Blue", "blue baize, navy card backs"],
  ["wood", "Wood", "a wooden table, green card backs"],
];
const CHECKS = [
  ["waitTap", "Wait for a tap after each trick", "a finished trick stays until you tap the table or press a key (only on your screen: the others play on)"],
  ["autoForced", "Play a forced card by itself", "when only one card may be played, it is played for you"],
  ["sound", "Sound", "a card played, your turn, a trick taken, hearts broken, the queen of spades"],
  ["fourColour", "Four-colour deck", "diamonds blue and clubs green, so no two suits share a colour"],
  ["contrast", "High contrast", "black lines and text, stronger colours, solid backgrounds"],
];

/** Show the looks chosen: data attributes on <html> for looks.css. */
export function applyLooks() {
  const root = document.documentElement;
  const theme = setting("theme");
  root.dataset.theme = THEMES.some(([name]) => name === theme) ? theme : "green";
  root.toggleAttribute("data-four-colour", setting("fourColour"));
  root.toggleAttribute("data-contrast", setting("contrast"));
}

function choice(name, legend, options) {
  return h("fieldset", { class: "choice" },
    h("legend", {}, legend),
    ...options.map(([value, label, help]) => {
      const id = `set-${name}-${value}`;
      return h("div", { class: "option" },
        h("input", { type: "radio", name, id, value, "aria-describedby": `${id}-help`, onchange: () => set(name, value) }),
        h("label", { for: id }, name === "theme" ? h("span", { class: `swatch swatch-${value}`, "aria-hidden": "true" }) : null, label),
        h("small", { id: `${id}-help` }, help));
    }));
}

function check([name, label, help]) {
  const id = `set-${name}`;
  return h("div", { class: "option" },
    h("input", { type: "checkbox", id, "aria-describedby": `${id}-help`, onchange: (event) => set(name, event.currentTarget.checked) }),
    h("label", { for: id }, label),
    h("small", { id: `${id}-help` }, help));
}

/** The dialog's controls show the settings as they are (here, or changed in another tab). */
function showSettings() {
  const now = settings();
  for (const input of document.querySelectorAll("#settings input")) {
    if (input.type === "radio") input.checked = now[input.name] === input.value;
    else input.checked = Boolean(now[input.id.slice(4)]);
  }
}

function dialog() {
  const box = h("dialog", { id: "settings", "aria-labelledby": "settings-title" },
    h("form", { method: "dialog" },
      h("div", { class: "settings-head" },
        h("h2", { id: "settings-title" }, "Settings"),
        h("button", { type: "submit", class: "settings-close", "aria-label": "Close the settings" }, "\u00d7")),
      h("p", { class: "hint" }, "Kept in this browser only; each takes effect at once."),
      choice("speed", "Speed of the table", SPEEDS),
      ...CHECKS.slice(0, 3).map(check),
      choice("theme", "Table and card backs", THEMES),
      ...CHECKS.slice(3).map(check),
      h("button", { type: "submit", class: "primary" }, "Done")));
  document.body.append(box);
  return box;
}

function start() {
  applyLooks();
  const box = dialog();
  const opener = $("settings-open");
  opener.addEventListener("click", () => {
    showSettings();
    box.showModal();
  });
  box.addEventListener("close", () => opener.focus());
  // (keys pressed in the dialog are its own: the table's and the replay's keys wait behind it)
  box.addEventListener("keydown", (event) => event.stopPropagation());
  // (a click on the backdrop, outside the dialog's box, closes it too)
  box.addEventListener("click", (event) => {
    if (event.target !== box) return;
    const r = box.getBoundingClientRect();
    if (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom) box.close();
  });
  onSetting(() => {
    applyLooks();
    if (box.open) showSettings();
  });
}

start();
