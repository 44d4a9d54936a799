// Checking a revealed deal in the browser (docs/protocol.md, "Reveal"), with the browser's own
// SHA-256 and HMAC (Web Crypto), or, where the browser gives none (crypto.subtle exists only on
// https or localhost: a page served over plain http to another machine has no Web Crypto), with
// the page's own (sha256.js). Three checks a page can make without Python:
//   1. the salt is HMAC-SHA256(key = the seed's 32 bytes, "hearts hand salt v1|<hand>");
//   2. SHA-256 of "hearts shuffle commitment v1|<hand>|<salt>|<the order's names>" is the
//      commitment this page was sent when the hand was dealt;
//   3. every card this seat was dealt is in the revealed order.
// That the order is the shuffle the seed draws takes Python's generator: `hearts verify` on
// the game's record checks that too.
import { hmacSha256, sha256 } from "./sha256.js";

const encoder = new TextEncoder();

/** The hashes used: Web Crypto's where the browser has it, else the page's own. */
function hashes() {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) {
    return {
      by: "web-crypto",
      async hmac(key, message) {
        const made = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
        return subtle.sign("HMAC", made, message);
      },
      digest: (message) => subtle.digest("SHA-256", message),
    };
  }
  return { by: "page", hmac: async (key, message) => hmacSha256(key, message), digest: async (message) => sha256(message) };
}

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
 * cards, if it had a seat). Resolves to { ok: true | false | null, text, by } — ok null when
 * the page cannot check (it was not sent the commitment at the deal); ``by`` names the hashes
 * used, "web-crypto" or "page" (sha256.js).
 */
export async function checkReveal(reveal, commitment, dealt) {
  const hash = hashes();
  if (!commitment) {
    return { by: hash.by, ok: null, text: "This page was not sent the hand's commitment when it was dealt (it came later), so it cannot check this deal: `hearts verify` on the game's record can." };
  }
  if (!/^[0-9a-f]{64}$/.test(reveal.seed)) return { by: hash.by, ok: false, text: "The revealed seed is not 64 hex digits." };
  const salt = hex(await hash.hmac(bytesOfHex(reveal.seed), encoder.encode(`hearts hand salt v1|${reveal.hand_number}`)));
  if (salt !== reveal.salt) return { by: hash.by, ok: false, text: "The revealed salt does not come from the revealed seed." };
  const message = `hearts shuffle commitment v1|${reveal.hand_number}|${reveal.salt}|${reveal.order.join(" ")}`;
  const digest = hex(await hash.digest(encoder.encode(message)));
  if (digest !== commitment) {
    return { by: hash.by, ok: false, text: "The revealed pack does not match the commitment this page was sent at the deal: this deal is not the one committed to." };
  }
  const order = new Set(reveal.order);
  const missing = (dealt || []).filter((card) => !order.has(card));
  if (missing.length) return { by: hash.by, ok: false, text: `Cards you were dealt are not in the revealed pack: ${missing.join(" ")}.` };
  return { by: hash.by, ok: true, text: "Deal checked: the revealed pack matches the commitment sent at the deal" + (dealt && dealt.length ? ", and holds the cards you were dealt." : ".") };
}
