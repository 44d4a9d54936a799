// A person's settings for the page, kept in this browser (localStorage "hearts:settings") and
// shared by every module that reads one: the pace of the table, sound, looks. Each is that
// person's own view of a table: none is sent to the server, none holds the others at a table.

/** Every setting and its value when the person has chosen none. */
export const DEFAULTS = Object.freeze({
  speed: "normal", // "slow" | "normal" | "fast" (and "test": no pauses, for the tests only)
  waitTap: false, // after each trick, wait for a tap (or a key) before the next is shown
  autoForced: false, // play a card by itself when it is the only one that may be played
  sound: false, // the table's sounds (made in the page); off until the person turns them on
  theme: "green", // the table and the card backs: "green" | "blue" | "wood"
  fourColour: false, // ♦ blue and ♣ green
  contrast: false, // high contrast
});

const KEY = "hearts:settings";
const listeners = new Set();

function stored() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** The value of one setting: the person's if it is of the right kind, else its default. */
export function setting(name) {
  if (!(name in DEFAULTS)) throw new Error(`no setting ${name}`);
  const value = stored()[name];
  return typeof value === typeof DEFAULTS[name] ? value : DEFAULTS[name];
}

/** Every setting's value. */
export function settings() {
  return Object.fromEntries(Object.keys(DEFAULTS).map((name) => [name, setting(name)]));
}

/** Keep a setting and tell every listener (in this page; other tabs hear it from storage). */
export function set(name, value) {
  if (!(name in DEFAULTS)) throw new Error(`no setting ${name}`);
  if (typeof value !== typeof DEFAULTS[name]) throw new Error(`${name} takes a ${typeof DEFAULTS[name]}`);
  localStorage.setItem(KEY, JSON.stringify({ ...stored(), [name]: value }));
  for (const listener of listeners) listener(name, value);
}

/** Call `listener(name, value)` whenever a setting changes (here or in another tab). */
export function onSetting(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

window.addEventListener("storage", (event) => {
  if (event.key !== KEY) return;
  const now = settings();
  for (const listener of listeners) for (const [name, value] of Object.entries(now)) listener(name, value);
});
