// Accounts, optional (docs/accounts.md): the header's account area on every page (who is signed
// in, or a Sign in button) and its dialog: sign in, sign up (the recovery code shown once),
// reset a forgotten password with the code, and, signed in, sign out, change the password, a
// new recovery code, download your data, delete the account. Names are shown as text only.
// At a table this browser holds no seat of, a signed-in person's seat there is taken back
// (POST /api/tables/{id}/rejoin: another device's seat).
import { $, api, h, keep, kept } from "./util.js";

let account = null; // { name, created } when signed in
let dialog = null;
const watchers = []; // called with who is signed in, each time it changes

/** Who is signed in now ({ name, created }), or null: a guest (or not known yet). */
export function whoIsSignedIn() {
  return account;
}

/** Call ``then(who)`` now and each time who is signed in changes (``who`` null: a guest): for
 * what the page offers only to a signed-in person (rated play). */
export function onAccount(then) {
  watchers.push(then);
  then(account);
}

/** The seats this browser holds (their tokens, kept by the lobby and the table), to tie to the
 * account at sign-up or sign-in: a guest's games are kept. */
function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length && seats.length < 50; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("hearts:")) continue;
    const table = key.slice("hearts:".length);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(table)) continue;
    const data = kept(table);
    if (data && typeof data.token === "string") seats.push({ table, token: data.token });
  }
  return seats;
}

function field(id, label, type = "text", more = {}) {
  return [h("label", { for: id }, label), h("input", { id, type, required: true, ...more })];
}

function value(id) {
  return $(id).value;
}

/** The dialog's content: one view at a time, its refusals said in its own line. */
function show(view, ...nodes) {
  dialog.replaceChildren(
    h("div", { class: "account-head" },
      h("h2", { id: "account-title" }, view),
      h("button", { type: "button", class: "account-close", "aria-label": "Close", onclick: () => dialog.close() }, "×")),
    h("p", { id: "account-error", class: "account-error", role: "alert" }),
    ...nodes);
  if (!dialog.open) dialog.showModal();
  const first = dialog.querySelector("input");
  if (first) first.focus();
}

function form(submit, label, ...fields) {
  return h("form", {
    class: "account-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const button = event.target.querySelector("button[type=submit]");
      button.disabled = true;
      try { await submit(); } catch (error) { $("account-error").textContent = error.message; }
      finally { if (button.isConnected) button.disabled = false; }
    },
  }, ...fields, h("button", { type: "submit", class: "primary" }, label));
}

function link(label, action) {
  return h("button", { type: "button", class: "account-link", onclick: action }, label);
}

/** The recovery code, shown this once. */
function showCode(code, said) {
  show("Your recovery code",
    h("p", {}, said),
    h("p", { class: "account-code", id: "account-code" }, code),
    h("p", { class: "hint" }, "Keep it somewhere safe: it is shown only now. With it you can set a new password if you forget yours."),
    h("button", { type: "button", class: "primary", onclick: () => dialog.close() }, "I have kept it"));
}

function signInView() {
  show("Sign in",
    form(async () => {
      const made = await api("POST", "/api/account/signin", { name: value("account-name"), password: value("account-password"), seats: heldSeats() });
      signedIn(made.account);
      dialog.close();
    }, "Sign in",
    ...field("account-name", "Name", "text", { maxlength: 24, autocomplete: "username" }),
    ...field("account-password", "Password", "password", { autocomplete: "current-password" })),
    h("p", { class: "account-links" },
      link("Make an account", signUpView), " ", link("Forgot your password?", resetView)),
    h("p", { class: "hint" }, "No account is needed to play: guests are welcome."));
}

function signUpView() {
  show("Make an account",
    form(async () => {
      const made = await api("POST", "/api/account/signup", { name: value("account-name"), password: value("account-password"), seats: heldSeats() });
      signedIn(made.account);
      showCode(made.recovery, `Welcome, ${made.account.name}.${made.tied ? ` Your ${made.tied === 1 ? "game" : "games"} as a guest ${made.tied === 1 ? "is" : "are"} kept under your name.` : ""}`);
    }, "Make the account",
    ...field("account-name", "Name (up to 24 characters)", "text", { maxlength: 24, autocomplete: "username" }),
    ...field("account-password", "Password (at least 8 characters)", "password", { minlength: 8, maxlength: 128, autocomplete: "new-password" })),
    h("p", { class: "account-links" }, link("I have an account", signInView)));
}

function resetView() {
  show("Forgotten password",
    form(async () => {
      const made = await api("POST", "/api/account/reset", { name: value("account-name"), code: value("account-recovery"), password: value("account-password") });
      signedIn(made.account);
      showCode(made.recovery, "Your password is changed. The code you used is spent: here is a new one.");
    }, "Set the new password",
    ...field("account-name", "Name", "text", { maxlength: 24, autocomplete: "username" }),
    ...field("account-recovery", "Recovery code", "text", { autocomplete: "off" }),
    ...field("account-password", "New password", "password", { minlength: 8, maxlength: 128, autocomplete: "new-password" })),
    h("p", { class: "account-links" }, link("Sign in", signInView)));
}

function accountView() {
  show("Your account",
    h("p", {}, "Signed in as ", h("strong", { id: "account-shown" }, account.name), "."),
    h("p", { class: "account-links" },
      h("button", { type: "button", id: "account-signout", onclick: signOut }, "Sign out"), " ",
      h("a", { href: "/api/account/export", download: "hearts-account.json" }, "Download my data")),
    h("details", {}, h("summary", {}, "Change the password"),
      form(async () => {
        const done = await api("POST", "/api/account/password", { current: value("account-current"), password: value("account-new") });
        $("account-error").textContent = done.message;
      }, "Change it",
      ...field("account-current", "Current password", "password", { autocomplete: "current-password" }),
      ...field("account-new", "New password", "password", { minlength: 8, maxlength: 128, autocomplete: "new-password" }))),
    h("details", {}, h("summary", {}, "A new recovery code"),
      form(async () => {
        const made = await api("POST", "/api/account/recovery", { password: value("account-again") });
        showCode(made.recovery, "The code before this one no longer works.");
      }, "Make a new code",
      ...field("account-again", "Password", "password", { autocomplete: "current-password" }))),
    h("details", {}, h("summary", {}, "Delete the account"),
      h("p", { class: "hint" }, "Your account, sessions, ratings and statistics go. The games you played stay, your seats there shown as \u201cDeleted player\u201d."),
      form(async () => {
        if (!confirm("Delete your account for good?")) return;
        await api("DELETE", "/api/account", { password: value("account-delete") });
        signedIn(null);
        dialog.close();
      }, "Delete my account",
      ...field("account-delete", "Password", "password", { autocomplete: "current-password" }))));
}

async function signOut() {
  try { await api("POST", "/api/account/signout"); } catch (error) { $("account-error").textContent = error.message; return; }
  signedIn(null);
  dialog.close();
}

/** Who is signed in, shown in the header (and the lobby's name, which the account's replaces). */
function signedIn(who) {
  account = who;
  const area = $("account");
  if (who) {
    area.replaceChildren(
      h("span", { class: "account-who" }, h("span", { class: "account-lead" }, "Signed in as "), h("strong", { id: "account-name-shown" }, who.name)),
      h("button", { type: "button", id: "account-open", "aria-haspopup": "dialog", onclick: accountView }, "Account"));
  } else {
    area.replaceChildren(
      h("span", { class: "account-who account-lead" }, "Playing as a guest"),
      h("button", { type: "button", id: "account-open", "aria-haspopup": "dialog", onclick: signInView }, "Sign in"));
  }
  const name = $("name");
  if (name) {
    if (who) { name.value = who.name; name.disabled = true; name.title = "your account's name"; }
    else if (name.disabled) { name.disabled = false; name.removeAttribute("title"); name.value = localStorage.getItem("hearts:name") || ""; }
  }
  for (const then of watchers) then(who);
}

/** At a table this browser holds no seat of: the seat the account holds there, taken back. */
async function rejoin() {
  const path = location.pathname.match(/^\/t\/([^/]+)/);
  if (!account || !path) return;
  const id = decodeURIComponent(path[1]);
  if (kept(id) || sessionStorage.getItem("hearts:watch:" + id)) return;
  let seat = null;
  try { seat = await api("POST", `/api/tables/${encodeURIComponent(id)}/rejoin`); } catch { return; }
  keep(seat.table.id, { token: seat.token, seat: seat.seat, code: seat.code, link: seat.link, invite: false });
  location.reload();
}

async function start() {
  const header = document.querySelector("header.top");
  if (!header) return;
  const area = h("div", { id: "account", class: "account" });
  header.insertBefore(area, $("settings-open"));
  dialog = h("dialog", { id: "account-dialog", "aria-labelledby": "account-title" });
  document.body.append(dialog);
  signedIn(null);
  try {
    const me = await api("GET", "/api/account");
    signedIn(me.account);
  } catch { /* the server is down: the page says so elsewhere */ }
  await rejoin();
}

start();
