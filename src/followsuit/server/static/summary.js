// The end of a hand: its summary (made, euchred, march, loner; Pitch's
// categories), the hand history, and the check of each revealed deal against the
// commitment published before it.
import { announce, element } from "./api.js";
import { cardFace, suitName, suitSymbol } from "./cards.js";
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
    const trick = element("div", { class: "last-trick summary-trick", role: "group", "aria-label": "The last trick" },
      ...handOver.last_trick.plays.map((p) => element("div", { class: "play" }, cardFace(p.card, { small: true }), element("span", { text: capital(name(p.seat)) }))));
    box.append(element("p", { text: "Last trick:" }), trick);
  }
  box.append(ok);
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
