// The replay viewer: any followsuit/1 record stepped through action by action,
// every hand shown (the server replays it through the engine), and each finished
// hand reviewed double-dummy as it is stepped into: a card that gave tricks or
// points away is marked at its step, with the best cards instead.
import { api, element } from "./api.js";
import { actionLabel, cardFace, sortHand, suitName } from "./cards.js";
import { bestWords, giftWords } from "./summary.js";

const $ = (id) => document.getElementById(id);
let data = null;
let record = null;
let reviews = {}; // hand number (from 1) -> its review, or a promise of it, or an error

async function load(readRecord) {
  $("replay-error").textContent = "";
  try {
    record = await readRecord();
    reviews = {};
    data = await api("/api/replay", { method: "POST", body: record });
  } catch (err) {
    $("replay-error").textContent = err.message;
    return;
  }
  if (!data.steps.length) {
    $("replay-view").hidden = true;
    $("replay-error").textContent = "This record has no hand yet (a game's record holds its finished hands).";
    return;
  }
  $("replay-view").hidden = false;
  const range = $("r-step");
  range.max = String(data.steps.length - 1);
  range.value = "0";
  show(0);
}

export function showReplay() {
  $("replay").hidden = false;
  $("replay-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) load(async () => JSON.parse(await file.text()));
  });
  const tableId = new URLSearchParams(location.search).get("table");
  if (tableId) load(() => api(`/api/tables/${encodeURIComponent(tableId)}/record`));
  const go = (k) => { const max = data ? data.steps.length - 1 : 0; show(Math.max(0, Math.min(max, k))); };
  $("r-first").addEventListener("click", () => go(0));
  $("r-prev").addEventListener("click", () => go(Number($("r-step").value) - 1));
  $("r-next").addEventListener("click", () => go(Number($("r-step").value) + 1));
  $("r-last").addEventListener("click", () => go(Infinity));
  $("r-step").addEventListener("input", (e) => go(Number(e.target.value)));
}

/** The review of hand ``number`` (from 1), fetched once; null for a hand not
 * finished in the record (its deal is not all there to solve). */
function reviewOf(number) {
  if (!(number in reviews)) {
    reviews[number] = number > data.finished_hands ? Promise.resolve(null)
      : api("/api/review", { method: "POST", body: { record, hand: number } })
        .then((r) => { reviews[number] = r; return r; }, (err) => { reviews[number] = { error: err.message }; return reviews[number]; });
  }
  return reviews[number];
}

/** Which trick of its hand a step's card went to (1 for the first). */
function trickOf(k) {
  const before = data.steps[k - 1];
  return before && before.hand === data.steps[k].hand ? before.tricks_won.reduce((a, b) => a + b, 0) + 1 : 1;
}

async function showReview(k) {
  const step = data.steps[k];
  const box = $("r-review");
  box.replaceChildren(); // nothing of another step's review while this one's comes
  const review = await reviewOf(step.hand + 1);
  if (Number($("r-step").value) !== k) return; // stepped on meanwhile
  box.replaceChildren();
  if (!review) return;
  if (review.error) { box.append(element("p", { class: "error", text: review.error })); return; }
  const trick = trickOf(k);
  const card = step.text.split(" ").pop();
  const gift = step.seat === null ? null : review.gifts.find((g) => g.trick === trick && g.seat === step.seat && g.played === card);
  const best = review.tricks.find((t) => t.trick === trick);
  const seatName = (seat) => `Seat ${seat}`;
  if (gift) {
    box.append(element("p", { class: "gift" }, giftWords(gift, seatName)));
  } else if (best && data.steps[k].trick.length === 1 && step.seat !== null) {
    box.append(element("p", {}, `Trick ${trick}: ${bestWords(best, seatName)}.`));
  }
  const gifts = review.gifts.length;
  box.append(element("p", { class: "summary", text: review.unsupported ? `Hand ${step.hand + 1} not reviewed past trick ${review.tricks.length}: ${review.unsupported}.`
    : `Hand ${step.hand + 1}: ${gifts ? `${gifts} card${gifts === 1 ? "" : "s"} gave something away` : "every card was a best play"}.` }));
}

function show(k) {
  const step = data.steps[k];
  $("r-step").value = String(k);
  const who = step.seat === null ? "" : `seat ${step.seat} `;
  $("r-where").textContent = `${data.title} · hand ${step.hand + 1} · step ${k + 1} of ${data.steps.length}: ${who}${actionLabel(step.says || step.text)}`;
  showReview(k);
  const board = $("r-board");
  board.replaceChildren();
  board.append(element("p", { text: `Dealer seat ${step.dealer} · trump ${step.trump ? suitName(step.trump) : "not yet"}${step.maker !== null ? ` · maker seat ${step.maker}` : ""} · score ${step.scores.join(" – ")}` }));
  step.hands.forEach((hand, seat) => {
    board.append(element("div", { class: "seat-row" }, element("strong", { text: `Seat ${seat} (${step.tricks_won[seat]})` }),
      ...sortHand(hand, step.trump).map((c) => cardFace(c, { small: true }))));
  });
  if (step.upcard) board.append(element("div", { class: "seat-row" }, element("strong", { text: "Up card" }), cardFace(step.upcard, { small: true })));
  board.append(element("div", { class: "seat-row" }, element("strong", { text: "Trick" }),
    ...step.trick.map(([seat, c]) => element("span", {}, `seat ${seat}: `, cardFace(c, { small: true })))));
}
