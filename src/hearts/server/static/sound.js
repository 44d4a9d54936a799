// The table's sounds, made in the page with Web Audio (oscillators and a little noise; nothing
// is fetched): a card played, the Q♠ played, a trick taken, hearts broken, your turn. Off until
// the person turns them on (settings.js `sound`). Browsers let a page make sound only after a
// person's gesture: the AudioContext is made then, never before.
import { onSetting, setting } from "./settings.js";

let context = null;
let master = null;
let noise = null; // a second of white noise, made once
let gestured = false; // a click, a tap or a key seen in this page
let next = 0; // the context's time before which no new sound starts (a batch of events spaced out)
let wasMine = null; // whether the last state was this seat's turn (null: no state yet)
let broken = null; // the last state's hand and whether hearts were broken in it

for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, () => { gestured = true; }, { capture: true, passive: true });
}

/** The AudioContext, made at the first sound after a gesture; null while sound is off or no
 * gesture has been seen (or the browser has no Web Audio). */
function audio() {
  if (!setting("sound")) return null;
  if (!context) {
    const activated = navigator.userActivation ? navigator.userActivation.hasBeenActive : gestured;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!(activated || gestured) || !Context) return null;
    context = new Context();
    master = context.createGain();
    master.gain.value = 0.3;
    master.connect(context.destination);
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** A note: an oscillator of `type` from `from` Hz (gliding to `to`), at `at` for `length` s. */
function tone(ctx, at, { type = "sine", from, to = from, length = 0.15, volume = 0.5 }) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(master);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A burst of filtered noise (a card's snap, a trick swept up). */
function hiss(ctx, at, { length = 0.06, freq = 2500, q = 1, volume = 0.4 }) {
  if (!noise) {
    noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const gain = ctx.createGain();
  source.buffer = noise;
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(gain).connect(master);
  source.start(at);
  source.stop(at + length + 0.02);
}

const SOUNDS = {
  card: (ctx, at) => {
    hiss(ctx, at, { length: 0.05, freq: 3000, volume: 0.5 });
    tone(ctx, at, { type: "triangle", from: 180, to: 120, length: 0.06, volume: 0.25 });
  },
  queen: (ctx, at) => {
    hiss(ctx, at, { length: 0.05, freq: 3000, volume: 0.5 });
    tone(ctx, at + 0.03, { type: "sawtooth", from: 196, length: 0.28, volume: 0.16 });
    tone(ctx, at + 0.3, { type: "sawtooth", from: 147, to: 139, length: 0.5, volume: 0.16 });
  },
  trick: (ctx, at) => {
    hiss(ctx, at, { length: 0.22, freq: 900, q: 0.7, volume: 0.35 });
    tone(ctx, at + 0.05, { type: "sine", from: 330, to: 220, length: 0.18, volume: 0.18 });
  },
  broken: (ctx, at) => {
    for (const [i, f] of [659, 523, 440].entries()) tone(ctx, at + i * 0.11, { type: "sine", from: f, length: 0.2, volume: 0.3 });
  },
  turn: (ctx, at) => {
    tone(ctx, at, { from: 660, length: 0.14, volume: 0.3 });
    tone(ctx, at + 0.12, { from: 880, length: 0.22, volume: 0.3 });
  },
};

/** Play one of SOUNDS (if sound is on), after the one before it. */
export function play(name) {
  const ctx = audio();
  if (!ctx || !SOUNDS[name]) return;
  const at = Math.max(ctx.currentTime + 0.01, next);
  next = Math.min(at + 0.09, ctx.currentTime + 1);
  SOUNDS[name](ctx, at);
}

/** The sound of an event of a state (table.js calls it for each): a card played (the Q♠ its
 * own), a trick taken. */
export function sound(e) {
  if (e.kind === "card_played" || e.kind === "revoked") play(/^QS'?$/.test(e.card) ? "queen" : "card");
  else if (e.kind === "trick_won" || e.kind === "trick_carried") play("trick");
}

/** The sounds a state's view tells (table.js calls it for each state): this seat's turn come,
 * hearts broken in this hand since the state before (as the server's view says). */
export function stateSound(m, me) {
  const v = m.view || {};
  const mine = me !== null && m.turn === me && v.phase !== "over" && Boolean(v.choose || (v.legal_moves || []).length);
  if (broken && broken.hand === v.hand_number && !broken.was && v.hearts_broken) play("broken");
  if (mine && wasMine === false) play("turn");
  wasMine = mine;
  broken = { hand: v.hand_number, was: Boolean(v.hearts_broken) };
}

// Turned on (by a tap in the settings): the context is made now, in the gesture, and says so.
let on = setting("sound");
onSetting((name, value) => {
  if (name !== "sound" || value === on) return;
  on = value;
  if (on) play("turn");
});
