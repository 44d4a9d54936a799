// Checking a revealed deal in the browser (docs/protocol.md, "Reveal"), with the browser's own
// SHA-256 and HMAC (Web Crypto). Three checks a page can make without Python:
//   1. the salt is HMAC-SHA256(key = the seed's 32 bytes, "hearts hand salt v1|<hand>");
//   2. SHA-256 of "hearts shuffle commitment v1|<hand>|<salt>|<the order's names>" is the
//      commitment this page was sent when the hand was dealt;
//   3. every card this seat was dealt is in the revealed order.
// That the order is the shuffle the seed draws takes Python's generator: `hearts verify` on
// the game's record checks that too.

const encoder = new TextEncoder();

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function bytesOfHex(text) {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/**
 * Check a reveal message against the commitment received at the deal (and this seat's dealt
 * cards, if it had a seat). Resolves to { ok: true | false | null, text } — null when this
 * browser cannot check (no Web Crypto: a page served over plain http to another machine).
 */
export async function checkReveal(reveal, commitment, dealt) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) {
    return { ok: null, text: "This browser cannot check the deal here (no Web Crypto on a page that is not https or localhost): `hearts verify` on the game's record checks it." };
  }
  if (!commitment) {
    return { ok: null, text: "This page was not sent the hand's commitment when it was dealt (it came later), so it cannot check this deal: `hearts verify` on the game's record can." };
  }
  if (!/^[0-9a-f]{64}$/.test(reveal.seed)) return { ok: false, text: "The revealed seed is not 64 hex digits." };
  const key = await subtle.importKey("raw", bytesOfHex(reveal.seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const salt = hex(await subtle.sign("HMAC", key, encoder.encode(`hearts hand salt v1|${reveal.hand_number}`)));
  if (salt !== reveal.salt) return { ok: false, text: "The revealed salt does not come from the revealed seed." };
  const message = `hearts shuffle commitment v1|${reveal.hand_number}|${reveal.salt}|${reveal.order.join(" ")}`;
  const digest = hex(await subtle.digest("SHA-256", encoder.encode(message)));
  if (digest !== commitment) {
    return { ok: false, text: "The revealed pack does not match the commitment this page was sent at the deal: this deal is not the one committed to." };
  }
  const order = new Set(reveal.order);
  const missing = (dealt || []).filter((card) => !order.has(card));
  if (missing.length) return { ok: false, text: `Cards you were dealt are not in the revealed pack: ${missing.join(" ")}.` };
  return { ok: true, text: "Deal checked: the revealed pack matches the commitment sent at the deal" + (dealt && dealt.length ? ", and holds the cards you were dealt." : ".") };
}
