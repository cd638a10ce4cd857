// The end of a hand: its summary (made, euchred, march, loner; Pitch's
// categories), the hand history, and the check of each revealed deal against the
// commitment published before it.
import { announce, api, element } from "./api.js";
import { actionLabel, cardFace, suitName, suitSymbol } from "./cards.js";
import { auctionItems } from "./felt.js";
import { $, capital, name, table } from "./state.js";

function resultLines(result, before) {
  const lines = [];
  if (result.redeal) return ["Thrown in: no one made trump."];
  const view = table.view;
  const makerSide = result.maker === null ? -1 : view.sides.findIndex((s) => s.includes(result.maker));
  if (result.maker !== null) {
    const tricks = makerSide < 0 ? 0 : view.sides[makerSide].reduce((t, s) => t + result.tricks_won[s], 0);
    const all = result.tricks_won.reduce((a, b) => a + b, 0);
    const alone = before && before.alone !== null && before.alone !== undefined;
    const bid = before && before.bid ? ` bid ${before.bid},` : "";
    let verdict = `${capital(name(result.maker))}${bid} made ${suitName(result.trump)} trump and took ${tricks} of ${all} tricks`;
    const failed = result.points[makerSide] <= 0 && result.points.some((p) => p > 0);
    const euchre = table.info && table.info.family === "euchre";
    if (failed) verdict += euchre ? ": euchred!" : ": set!";
    else if (euchre && tricks === all && all > 0) verdict += alone ? ": a loner's march!" : ": a march!";
    else if (alone) verdict += " alone";
    lines.push(verdict);
  }
  for (const [category, seats, value] of result.details) {
    lines.push(`${category}: ${seats.map((s) => capital(name(s))).join(" & ")} (${value})`);
  }
  lines.push("Points: " + result.points.map((p, k) => `${view.sides[k].map((s) => capital(name(s))).join(" & ")} ${p > 0 ? "+" : ""}${p}`).join(", "));
  return lines;
}

export function showSummary(handOver, before, onClosed) {
  const box = $("summary");
  const lines = resultLines(handOver.result, before);
  const ok = element("button", { type: "button", id: "summary-ok" }, "Continue");
  box.replaceChildren(element("h2", { text: "Hand over" }), ...lines.map((l) => element("p", { text: l })));
  if (handOver.last_trick) {
    const last = handOver.last_trick;
    const taker = `${capital(name(last.winner))} ${last.winner === table.you ? "take" : "takes"} it`;
    const trick = element("div", { class: "last-trick summary-trick", role: "group", "aria-label": `The last trick: ${taker}` },
      ...last.plays.map((p) => element("div", { class: "play" + (p.seat === last.winner ? " winner" : "") },
        cardFace(p.card, { small: true }), element("span", { text: capital(name(p.seat)) }))));
    box.append(element("p", { class: "last-taker", text: `Last trick: ${taker}.` }), trick);
  }
  const calls = before ? auctionItems(before) : [];
  if (calls.length) {
    box.append(element("details", { class: "summary-calls" }, element("summary", { text: `The calls (${calls.length})` }),
      element("ol", { class: "auction" }, ...calls)));
  }
  const review = element("button", { type: "button", id: "summary-review" }, "Review");
  const reviewBox = element("div", { id: "review", class: "review", "aria-live": "polite" });
  review.addEventListener("click", () => showReview(handOver.number, reviewBox, review));
  box.append(element("div", { class: "buttons" }, ok, review), reviewBox);
  box.hidden = false;
  announce(lines.join(". "));
  ok.addEventListener("click", () => {
    box.hidden = true;
    const first = $("hand").querySelector('[tabindex="0"]');
    if (first) first.focus();
    table.zone = "hand";
    onClosed(); // the updates that came while it was open
  });
  ok.focus();
}

/** Check a finished hand's revealed shuffle against the commitment published
 * before it was dealt (SHA-256 in the browser, where the page is a secure context). */
export async function checkDeal(reveal) {
  const committed = table.commitments[reveal.hand];
  let verdict = "not checked (no commitment seen before the hand)";
  if (committed && window.crypto && crypto.subtle) {
    const text = `followsuit-deal/1\n${reveal.order.join(" ")}\n${reveal.salt}`;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    verdict = hex === committed && hex === reveal.commitment ? "dealt as committed" : "DOES NOT MATCH its commitment";
  }
  table.verdicts[reveal.hand] = verdict;
  renderHistory(table.view);
}

export function noteCommitment(fair) {
  if (fair) table.commitments[fair.hand] = fair.commitment;
}

export function renderHistory(view) {
  const rows = view.results.map((r, k) => element("tr", {},
    element("td", { text: String(k + 1) }),
    element("td", { text: r.redeal ? "thrown in" : `${suitSymbol(r.trump)} by ${r.maker === null ? "—" : name(r.maker)}` }),
    element("td", { text: r.points.join(" / ") }),
    element("td", { text: r.score.join(" – ") }),
    element("td", { class: "verdict", text: table.verdicts[k] || "" })));
  $("history").replaceChildren(element("table", {},
    element("thead", {}, element("tr", {}, ...["#", "Trump", "Points", "Score", "Deal"].map((t) => element("th", { text: t })))),
    element("tbody", {}, ...rows)));
}


/** The hand just played, double-dummy: for each trick, what best play by everyone
 * would have made from there, and each card (the player's own; every seat's for a
 * spectator) that gave tricks or points away, with the best cards instead. */
async function showReview(number, box, button) {
  button.disabled = true;
  box.replaceChildren(element("p", { text: "Solving the hand…" }));
  let review;
  try {
    review = await api(`/api/tables/${encodeURIComponent(table.id)}/review?hand=${number}`);
  } catch (err) {
    box.replaceChildren(element("p", { class: "error", text: err.message }));
    button.disabled = false;
    return;
  }
  box.replaceChildren(...reviewLines(review, table.you));
}

/** The review's lines, as the page shows them (the replay viewer's too). */
export function reviewLines(review, you, seatName = (s) => capital(name(s))) {
  const mine = (seat) => you === null || you === undefined || seat === you;
  const gifts = review.gifts.filter((g) => mine(g.seat));
  const items = review.tricks.map((t) => {
    const li = element("li", { "data-trick": String(t.trick) }, `Trick ${t.trick}: ${bestWords(t, seatName)}.`);
    for (const g of gifts.filter((x) => x.trick === t.trick)) {
      li.append(element("p", { class: "gift", "data-seat": String(g.seat) }, giftWords(g, seatName)));
    }
    return li;
  });
  const out = [element("h3", { text: "Review (every card known)" })];
  if (items.length) out.push(element("ol", { class: "review-tricks" }, ...items));
  if (review.unsupported) out.push(element("p", { text: `Not reviewed past here: ${review.unsupported}.` }));
  else if (items.length && !gifts.length) out.push(element("p", { class: "gift-none", text: you === null || you === undefined ? "Every card was a best play." : "Every card you played was a best play." }));
  if (!items.length && !review.unsupported) out.push(element("p", { text: "No trick was played." }));
  return out;
}

const counted = (n, unit) => `${n} ${n === 1 ? unit.replace(/s$/, "") : unit}`;

/** What best play by everyone from a trick on gives its side ("N tricks"; in
 * points, "N more" or "N fewer than the rest"). */
export function bestWords(trick, seatName) {
  const side = trick.side.map(seatName).join(" & ");
  if (trick.unit !== "points") return `best play from here gives ${side} ${counted(trick.value, trick.unit)}`;
  const more = trick.value >= 0 ? "more" : "fewer";
  return `best play from here gives ${side} ${counted(Math.abs(trick.value), "points")} ${more} than the rest`;
}

/** A card that gave something away, with the best cards instead. */
export function giftWords(gift, seatName) {
  return `${seatName(gift.seat)} played ${actionLabel(gift.played)}; best ${gift.best.map(actionLabel).join(" or ")}: gave away ${counted(gift.cost, gift.unit)}.`;
}
