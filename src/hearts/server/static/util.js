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
  if (!reply.ok) throw new Error((data && (data.error || (typeof data.detail === "string" && data.detail))) || `the server answered ${reply.status}`);
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

/** Put ``nodes`` in ``box`` as its children, keeping each child already there that shares a new
 * node's key (``keyOf``; null: never kept): the kept child takes the new node's attributes (and
 * its content, where that differs) and keeps its own listeners, so a key must name everything
 * its listener acts on. A tap is a press and a release on one element: a button drawn again
 * between the two (a state come in mid-tap) would lose the tap. Returns the box's children. */
export function keepChildren(box, nodes, keyOf) {
  const old = new Map();
  for (const child of box.children) {
    const key = keyOf(child);
    if (key) old.set(key, child);
  }
  const kept = nodes.map((node) => {
    const key = keyOf(node);
    const was = key ? old.get(key) : null;
    if (!was || was.tagName !== node.tagName) return node;
    old.delete(key);
    for (const { name } of [...was.attributes]) if (!node.hasAttribute(name)) was.removeAttribute(name);
    // (style by the CSSOM: the page's CSP refuses style attributes)
    for (const { name, value } of [...node.attributes]) {
      if (name === "style") { if (was.style.cssText !== node.style.cssText) was.style.cssText = node.style.cssText; }
      else if (was.getAttribute(name) !== value) was.setAttribute(name, value);
    }
    if (was.innerHTML !== node.innerHTML) was.replaceChildren(...node.childNodes);
    return was;
  });
  const children = [...box.children];
  if (kept.length !== children.length || kept.some((node, i) => children[i] !== node)) box.replaceChildren(...kept);
  return kept;
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
