// The felt: the seats round the table with each one's calls of this hand, the
// trick in front of whoever played each card, the hand's contract and the score.
// A finished trick is held on the felt with its winner marked (1.2 s, or until
// the player clicks where "pause after each trick" is set), then swept to the
// winner; cards slide in from their player's seat. No motion under
// prefers-reduced-motion: the same steps, drawn at once.
import { element } from "./api.js";
import { actionLabel, actionWords, cardBacks, cardFace, suitName, suitSymbol } from "./cards.js";
import { $, capital, name, table } from "./state.js";

const HOLD_MS = 1200;
const SWEEP_MS = 300;

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** How long a finished trick stays: the player's setting (tests set 0). */
function holdMs() {
  const kept = Number(localStorage.getItem("fs:trick-ms"));
  return localStorage.getItem("fs:trick-ms") === null || Number.isNaN(kept) ? HOLD_MS : kept;
}

export function pausesAfterTrick() { return localStorage.getItem("fs:trick-pause") === "1"; }

/** The direction of a seat from the middle (you at the bottom, play passes left). */
function direction(seat, n) {
  const you = table.you === null ? 0 : table.you;
  const angle = Math.PI / 2 + (2 * Math.PI * ((seat - you + n) % n)) / n;
  return { dx: Math.cos(angle), dy: Math.sin(angle) };
}

/** Where a seat sits, as a fraction of the felt. */
function around(seat, n, radiusX, radiusY) {
  const { dx, dy } = direction(seat, n);
  return { x: 50 + radiusX * dx, y: 50 + radiusY * dy };
}

const snap = (v) => (v > 0.3 ? 1 : v < -0.3 ? -1 : 0);

/** Where a seat's label sits on the felt: round a circle for up to five, at the
 * felt's sides and corners for six and eight (the trick's grid is between them). */
function seatAt(seat, n) {
  if (n < 6) return around(seat, n, 46, 46);
  const { dx, dy } = direction(seat, n);
  return { x: 50 + 46 * snap(dx), y: 50 + 46 * (n === 8 ? snap(dy) : dy) };
}

/** Where a seat's card lies in the middle: out to the middle's edge on its side
 * (anchored so it grows inwards, see playAt), leaving the centre to the others.
 * Six or eight cards go to three columns (and, for eight, three rows): on a
 * circle their neighbours would overlap. */
function inFront(seat, n) {
  if (n < 6) return around(seat, n, 50, 50);
  const { dx, dy } = direction(seat, n);
  return { x: 50 + 50 * snap(dx), y: 50 + 50 * (n === 8 ? snap(dy) : dy) };
}

/** A call worth drawing at its seat: anything but a card played, discarded or given. */
function isCall(text) { return !/^(play|discard|give)\b/.test(text); }

/** Each seat's calls this hand, in order ("pass", "order-up", "bid 4", "call ♥ alone"). */
export function callsBySeat(view, n) {
  const calls = Array.from({ length: n }, () => []);
  for (const a of view.actions) {
    if (a.seat !== null && a.seat !== undefined && a.seat < n && isCall(a.text)) calls[a.seat].push(a.text);
  }
  return calls;
}

/** The hand's calls in order, as list items ("Left: pass", "You: order up alone"). */
export function auctionItems(view) {
  return view.actions.filter((a) => a.seat !== null && a.seat !== undefined && isCall(a.text))
    .map((a) => element("li", {}, element("strong", { text: short(a.seat) }), ` ${actionWords(a.text)}`));
}

/** The side panel's list of this hand's calls, readable once the bubbles are gone. */
export function renderAuction(view) {
  const items = auctionItems(view);
  $("auction").replaceChildren(...items);
  $("auction-box").hidden = items.length === 0;
}

export function renderSeats(view) {
  if (!view || !table.info) return;
  const n = table.info.num_players;
  const calls = callsBySeat(view, n);
  const showCalls = view.phase !== "play" || view.trick.length + view.tricks_won.reduce((a, b) => a + b, 0) === 0;
  const box = $("seat-labels");
  box.replaceChildren();
  for (let seat = 0; seat < n; seat += 1) {
    const pos = seatAt(seat, n);
    const info = table.seats[seat] || {};
    const who = info.kind === "bot" ? `bot (${info.level})` : info.bot_playing ? "away: a bot plays" : info.connected ? "here" : "not here";
    const badges = [];
    if (seat === view.dealer) badges.push("dealer");
    if (seat === view.maker && !(showCalls && view.bid)) badges.push(view.bid ? `bid ${view.bid}` : "maker");
    if (seat === view.alone) badges.push("alone");
    if (seat === view.defender_alone) badges.push("defends alone");
    if (view.sitting_out.includes(seat)) badges.push("sits out");
    if (seat === view.partner) badges.push("called partner");
    const label = element("div", { class: "seat-label" + (seat === view.to_move ? " to-move" : ""), "data-seat": String(seat), role: "group" },
      element("strong", { text: short(seat) }),
      element("span", { class: "badges" }, element("span", { class: "who-kind" + (info.kind === "bot" || info.connected ? " usual" : ""), text: who }),
        ...badges.map((b) => element("span", { class: "badge", text: b }))));
    // through the CSSOM: the Content-Security-Policy refuses style attributes.
    // Anchored at the same fraction of its own width as of the felt's, a label
    // never hangs over the felt's edge, whatever the screen.
    label.style.left = `${pos.x}%`;
    label.style.top = `${pos.y}%`;
    label.style.setProperty("--ax", `${-pos.x}%`);
    label.style.setProperty("--ay", `${-pos.y}%`);
    let spoken = "";
    if (showCalls && calls[seat].length) {
      label.append(element("span", { class: "calls", "data-calls": calls[seat].join("|") },
        ...calls[seat].map((c) => element("span", { class: "call-said", text: actionLabel(c) }))));
      spoken = `, said ${calls[seat].map(actionWords).join(", then ")}`;
    }
    label.setAttribute("aria-label", `${capital(name(seat))}: ${who}${badges.length ? ", " + badges.join(", ") : ""}${spoken}, ${view.hand_sizes[seat]} cards${seat === view.to_move ? ", to move" : ""}`);
    if (seat !== table.you) label.append(cardBacks(view.hand_sizes[seat]));
    box.append(label);
  }
}

/** The bar above the felt: the contract of the hand and the score, always in sight. */
export function renderContract(view) {
  const parts = [];
  if (view.trump) parts.push(element("span", { class: "trump" + (view.trump === "H" || view.trump === "D" ? " red" : "") }, `Trump ${suitSymbol(view.trump)}`));
  else if (!view.over) parts.push(element("span", { text: trumpToCome(view) }));
  if (view.maker !== null && view.maker !== undefined) {
    parts.push(element("span", { text: `${view.bid ? "Bid " + view.bid + " by" : "Made by"} ${name(view.maker)}` }));
  }
  if (view.alone !== null && view.alone !== undefined) parts.push(element("span", { text: "alone" }));
  if (view.called_card) parts.push(element("span", { text: `called ${actionLabel(view.called_card)}` }));
  const contract = element("div", { class: "contract", id: "contract", role: "group",
    "aria-label": contractWords(view) }, ...parts);
  const score = element("div", { class: "score-line", id: "score-line", role: "group", "aria-label": "Score: " + scoreWords(view) },
    ...view.sides.map((side, k) => element("span", { class: "side-score" + (table.you !== null && side.includes(table.you) ? " ours" : "") },
      element("span", { class: "who", text: sideName(view, side) }), element("b", { text: String(view.scores[k]) }))));
  $("felt-bar").replaceChildren(contract, score);
}

/** A side as the score line calls it: "Us", "Them", a player, or its seats. */
function sideName(view, side) {
  const seated = table.you !== null;
  if (seated && side.includes(table.you)) return side.length > 1 ? "Us" : "You";
  if (side.length === 1) return capital(name(side[0])).replace(/ \(seat \d+\)$/, "");
  if (seated && view.sides.length === 2) return "Them";
  return `Seats ${side.join(" & ")}`;
}

function scoreWords(view) {
  return view.sides.map((side, k) => `${sideName(view, side)} ${view.scores[k]}`).join(", ");
}

/** Where no trump is named yet: in play (Pitch), the maker's first card names it. */
function trumpToCome(view) { return view.phase === "play" ? "Trump: the first card led" : "Trump: not yet"; }

function contractWords(view) {
  if (!view.trump) return trumpToCome(view).replace(":", "") + (view.maker !== null && view.maker !== undefined ? `, ${view.bid ? "bid " + view.bid + " by" : "made by"} ${name(view.maker)}` : "");
  let text = `Trump ${suitName(view.trump)}`;
  if (view.maker !== null && view.maker !== undefined) text += `, ${view.bid ? "bid " + view.bid + " by" : "made by"} ${name(view.maker)}`;
  if (view.alone !== null && view.alone !== undefined) text += ", alone";
  return text;
}

/** A seat's name on the felt, where room is short: "Partner", "Alice", "Seat 3"
 * (the seat number is in its label's spoken name). */
function short(seat) {
  const info = table.seats[seat];
  if (seat !== table.you && info && info.name) return info.name;
  return capital(name(seat)).replace(/ \(seat \d+\)$/, "");
}

function playAt(play, n, { winner = false, fresh = false } = {}) {
  const pos = inFront(play.seat, n);
  const el = element("div", { class: "play" + (winner ? " winner" : ""), "data-seat": String(play.seat) },
    cardFace(play.card), element("span", { class: "who", text: short(play.seat) + (winner ? (play.seat === table.you ? " win" : " wins") : "") }));
  el.style.left = `${pos.x}%`;
  el.style.top = `${pos.y}%`;
  // anchored like the seats' labels: a card near an edge of the middle grows inwards,
  // so however tall a label's calls make it, the card stays clear of it
  el.style.setProperty("--px", `${-pos.x}%`);
  el.style.setProperty("--py", `${-pos.y}%`);
  if (fresh && !still()) {
    // start at the player's seat, then slide to the card's place in front of them
    const from = around(play.seat, n, 60, 60);
    el.style.setProperty("--fx", `${(from.x - pos.x) * 2}%`);
    el.style.setProperty("--fy", `${(from.y - pos.y) * 2}%`);
    el.classList.add("arriving");
    requestAnimationFrame(() => requestAnimationFrame(() => el.classList.remove("arriving")));
  }
  return el;
}

/** The trick on the felt: the held one while a finished trick is shown, else the current one. */
export function renderTrick(view) {
  const box = $("trick");
  const n = table.info ? table.info.num_players : 4;
  const held = table.held;
  const shown = held ? held.plays : view.trick;
  const before = new Set([...box.querySelectorAll(".play")].map((p) => p.dataset.seat + ":" + p.querySelector(".card").dataset.code));
  box.replaceChildren(...shown.map((p) => playAt(p, n, {
    winner: held !== null && p.seat === held.winner,
    fresh: !before.has(`${p.seat}:${p.card}`),
  })));
  box.classList.toggle("held", held !== null);
  box.classList.toggle("crowded", n >= 6);
  $("felt").classList.toggle("crowded", n >= 6);
  $("felt").dataset.phase = view.phase;
  box.setAttribute("aria-label", held ? `The trick: ${capital(name(held.winner))} won it` : "The trick on the table");
  const up = $("upcard");
  up.replaceChildren();
  if (!held && view.upcard && !view.upcard_taken && view.phase === "calling") {
    up.append(element("span", { text: "Up card" }), cardFace(view.upcard, { small: true }));
  }
}

/** A finished trick (its plays and winner) seen in this update, or null. */
export function finishedTrick(before, message) {
  if (message.hand_over && message.hand_over.last_trick) return message.hand_over.last_trick;
  const view = message.view;
  if (before && before.trick.length && view.trick.length === 0 && view.last_trick) return view.last_trick;
  return null;
}

/** Hold a finished trick on the felt; ``done`` runs once it is swept away. False
 * (and ``done`` is not called) where the player holds tricks for no time. */
export function holdTrick(trick, done) {
  const ms = holdMs();
  const pause = pausesAfterTrick();
  if (ms <= 0 && !pause) return false;
  table.held = { plays: trick.plays, winner: trick.winner, done, timer: null };
  $("felt").classList.add("holding");
  if (!pause) table.held.timer = setTimeout(releaseTrick, ms);
  return true;
}

/** Sweep the held trick to its winner and go on (a click, a key, the timer, or an action). */
export function releaseTrick() {
  const held = table.held;
  if (!held || held.leaving) return;
  held.leaving = true;
  clearTimeout(held.timer);
  const finish = () => {
    table.held = null;
    $("felt").classList.remove("holding");
    held.done();
  };
  if (still()) { finish(); return; }
  const n = table.info ? table.info.num_players : 4;
  const to = around(held.winner, n, 60, 60);
  for (const el of $("trick").querySelectorAll(".play")) {
    const at = inFront(Number(el.dataset.seat), n);
    el.style.setProperty("--tx", `${(to.x - at.x) * 2}%`);
    el.style.setProperty("--ty", `${(to.y - at.y) * 2}%`);
    el.classList.add("taken");
  }
  setTimeout(finish, SWEEP_MS);
}
