// The replay viewer: any followsuit/1 record stepped through action by action,
// every hand shown (the server replays it through the engine).
import { api, element } from "./api.js";
import { actionLabel, cardFace, sortHand, suitName } from "./cards.js";

const $ = (id) => document.getElementById(id);
let data = null;

async function load(readRecord) {
  $("replay-error").textContent = "";
  try {
    data = await api("/api/replay", { method: "POST", body: await readRecord() });
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

function show(k) {
  const step = data.steps[k];
  $("r-step").value = String(k);
  const who = step.seat === null ? "" : `seat ${step.seat} `;
  $("r-where").textContent = `${data.title} · hand ${step.hand + 1} · step ${k + 1} of ${data.steps.length}: ${who}${actionLabel(step.says || step.text)}`;
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
