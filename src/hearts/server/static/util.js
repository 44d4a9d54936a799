// Small helpers shared by the lobby and the table.

export const $ = (id) => document.getElementById(id);

/** Show a sentence in #message (the last error or refusal); empty clears it. */
export function say(text) {
  $("message").textContent = text || "";
}

/** A lobby call: the answer's JSON, or an Error with the server's sentence. */
export async function api(method, url, body) {
  const reply = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await reply.json(); } catch { /* not JSON */ }
  if (!reply.ok) throw new Error((data && data.error) || `the server answered ${reply.status}`);
  return data;
}

/** An element with attributes and children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = value;  // (CSSOM: the page's CSP refuses style attributes)
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** Keep a seat's token (and the invitation) for a table: a reload rejoins. */
export function keep(tableId, data) {
  localStorage.setItem("hearts:" + tableId, JSON.stringify(data));
}

export function kept(tableId) {
  try { return JSON.parse(localStorage.getItem("hearts:" + tableId) || "null"); } catch { return null; }
}

export function forget(tableId) {
  localStorage.removeItem("hearts:" + tableId);
}

/** Copy a text; the button says whether it worked. */
export async function copy(text, button) {
  const before = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy it by hand";
  }
  setTimeout(() => { button.textContent = before; }, 1800);
}
