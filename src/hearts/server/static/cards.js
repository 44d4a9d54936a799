// Cards: their names in words and their faces as SVG, made from the protocol's card name
// ("QS", "TH", "QS'" of a second pack, "JK" the joker). Nothing here knows the rules.

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = {
  C: { symbol: "\u2663", word: "clubs", red: false },
  D: { symbol: "\u2666", word: "diamonds", red: true },
  S: { symbol: "\u2660", word: "spades", red: false },
  H: { symbol: "\u2665", word: "hearts", red: true },
};

const RANKS = {
  2: ["2", "two"], 3: ["3", "three"], 4: ["4", "four"], 5: ["5", "five"], 6: ["6", "six"],
  7: ["7", "seven"], 8: ["8", "eight"], 9: ["9", "nine"], T: ["10", "ten"], J: ["J", "jack"],
  Q: ["Q", "queen"], K: ["K", "king"], A: ["A", "ace"],
};

/** The parts of a card name: rank letter, suit letter, whether of the second pack, joker. */
export function parse(name) {
  const second = name.endsWith("'");
  const bare = second ? name.slice(0, -1) : name;
  if (bare === "JK") return { joker: true, second, rank: null, suit: null };
  return { joker: false, second, rank: bare.slice(0, -1), suit: bare.slice(-1) };
}

/** Whether a text is a card's name (a move that plays a card). */
export function isCard(text) {
  return /^(JK|[2-9TJQKA][CDSH])'?$/.test(text);
}

/** A card in words: "queen of spades", "ten of hearts", "joker", "queen of spades, second pack". */
export function words(name) {
  const card = parse(name);
  let text = card.joker ? "joker" : `${(RANKS[card.rank] || [card.rank, card.rank])[1]} of ${(SUITS[card.suit] || { word: card.suit }).word}`;
  if (card.second) text += ", second pack";
  return text;
}

/** A card's short label as people write it: "Q♠", "10♥", "Q♠′", "Joker". */
export function short(name) {
  const card = parse(name);
  if (card.joker) return "Joker" + (card.second ? "\u2032" : "");
  return (RANKS[card.rank] || [card.rank])[0] + (SUITS[card.suit] || { symbol: card.suit }).symbol + (card.second ? "\u2032" : "");
}

function el(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The card's face: an <svg> (aria-hidden: the element holding it carries the name). */
export function face(name) {
  const card = parse(name);
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "paper" }));
  if (card.joker) {
    svg.classList.add("joker");
    svg.append(el("text", { x: 30, y: 38, "text-anchor": "middle", class: "big" }, "\u2605"));
    svg.append(el("text", { x: 30, y: 60, "text-anchor": "middle", class: "word" }, "JOKER"));
    svg.append(el("text", { x: 6, y: 16, class: "rank" }, "JK"));
  } else {
    const suit = SUITS[card.suit] || { symbol: card.suit, red: false };
    const rank = (RANKS[card.rank] || [card.rank])[0];
    svg.classList.add(suit.red ? "red" : "black");
    svg.dataset.suit = card.suit; // (a four-colour deck: looks.css)
    svg.append(el("text", { x: 5, y: 19, class: "rank" + (rank.length > 1 ? " wide" : "") }, rank));
    svg.append(el("text", { x: 5, y: 35, class: "pip" }, suit.symbol));
    svg.append(el("text", { x: 36, y: 70, "text-anchor": "middle", class: "big" }, suit.symbol));
  }
  if (card.second) {
    // The second pack's cards: a marked corner and a prime, not colour alone.
    // (bottom left: the part of a card that the next one in a hand leaves showing)
    svg.append(el("path", { d: "M1 62 V78 Q1 83 6 83 H22 Z", class: "second" }));
    svg.append(el("text", { x: 4, y: 80, class: "mark" }, "2"));
  }
  return svg;
}

/** A face-down card (another seat's hand). */
export function back() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face back", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "backing" }));
  svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "pattern" }));
  return svg;
}
