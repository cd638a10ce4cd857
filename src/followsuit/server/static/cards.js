// Cards as the page shows them: names for screen readers, faces for the eye.
// A face-down card is only ever drawn as a back (its identity is never sent).

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANKS = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "10", 9: "9", 8: "8", 7: "7",
  6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
};
const JOKERS = { JK: "joker", BJ: "big joker", LJ: "little joker" };
const SUIT_ORDER = "SHCD";
const RANK_ORDER = "AKQJT98765432";

export function suitSymbol(s) { return s && SUITS[s] ? SUITS[s][0] : ""; }
export function suitName(s) { return s && SUITS[s] ? SUITS[s][1] : ""; }

export function cardName(code) {
  if (JOKERS[code]) return JOKERS[code];
  const rank = RANKS[code[0]] || code[0];
  return `${rank} of ${suitName(code[1])}`;
}

export function cardShort(code) {
  if (JOKERS[code]) return code === "LJ" ? "little joker" : code === "BJ" ? "big joker" : "joker";
  return `${code[0] === "T" ? "10" : code[0]}${suitSymbol(code[1])}`;
}

/** An action's text with its cards and suits written for people ("call ♥ alone"). */
export function actionLabel(text) {
  return text.split(" ").map((w) => {
    if (w.length === 2 && SUITS[w[1]] && RANKS[w[0]]) return cardShort(w);
    if (JOKERS[w]) return cardShort(w);
    if (w.length === 1 && SUITS[w]) return suitSymbol(w);
    return w;
  }).join(" ");
}

/** The same, in words, for screen readers ("call hearts alone"). */
export function actionWords(text) {
  return text.split(" ").map((w) => {
    if (w.length === 2 && SUITS[w[1]] && RANKS[w[0]]) return cardName(w);
    if (JOKERS[w]) return cardName(w);
    if (w.length === 1 && SUITS[w]) return suitName(w);
    return w;
  }).join(" ");
}

const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };

/** A hand in suit order, trump first; with ``bowers`` (the Euchre family) the two
 * jacks of trump's colour lead the trumps, the right bower first. */
export function sortHand(codes, trump, bowers = false) {
  const order = trump ? trump + SUIT_ORDER.replace(trump, "") : SUIT_ORDER;
  const key = (c) => {
    if (JOKERS[c]) return -3;
    if (bowers && trump && c[0] === "J" && c[1] === trump) return -2;
    if (bowers && trump && c[0] === "J" && c[1] === SAME_COLOUR[trump]) return -1;
    return order.indexOf(c[1]) * 20 + RANK_ORDER.indexOf(c[0]);
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}

/** A card face: an element (a button where ``asButton``) labelled by its name. */
export function cardFace(code, { asButton = false, small = false } = {}) {
  const el = document.createElement(asButton ? "button" : "span");
  el.className = "card face" + (small ? " small" : "");
  el.dataset.code = code;
  if (asButton) el.type = "button";
  else el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code));
  if (JOKERS[code]) {
    el.classList.add("joker");
    el.textContent = cardShort(code);
    return el;
  }
  const suit = code[1];
  el.classList.add("suit-" + suit);
  if (suit === "H" || suit === "D") el.classList.add("red");
  const rank = document.createElement("span");
  rank.textContent = code[0] === "T" ? "10" : code[0];
  rank.setAttribute("aria-hidden", "true");
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = suitSymbol(suit);
  pip.setAttribute("aria-hidden", "true");
  el.append(rank, pip);
  return el;
}

export function cardBacks(count) {
  const span = document.createElement("span");
  span.className = "backs";
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", `${count} card${count === 1 ? "" : "s"}`);
  for (let i = 0; i < Math.min(count, 13); i += 1) {
    const img = document.createElement("img");
    img.src = "/static/cards/back.svg";
    img.alt = "";
    span.append(img);
  }
  return span;
}
