// The lobby: a game and "Play now" (you and bots, at the variant's own rules, in
// one tap); behind "More rules", who sits where, every house rule (defaults
// shown), listing the table for others, and presets; and the list of tables
// waiting for players, each joined in one tap. The server checks everything
// again and its message, the same as the command line's, is shown by the button.
import { api, element } from "./api.js";

const LISTING_EVERY_MS = 5000;

let levels = [];
let detail = null;

export async function showLobby() {
  document.getElementById("lobby").hidden = false;
  const [variants, bots] = await Promise.all([api("/api/variants"), api("/api/bots")]);
  levels = bots.levels;
  const level = document.getElementById("play-level");
  for (const l of levels) level.append(element("option", { value: l, text: l }));
  const kept = localStorage.getItem("fs:play-level");
  level.value = levels.includes(kept) ? kept : levels.includes("medium") ? "medium" : levels[0];
  level.addEventListener("change", () => localStorage.setItem("fs:play-level", level.value));
  const select = document.getElementById("variant");
  select.replaceChildren();
  const groups = {};
  for (const v of variants) {
    if (!groups[v.family]) {
      groups[v.family] = element("optgroup", { label: v.family.replace("_", " ") });
      select.append(groups[v.family]);
    }
    groups[v.family].append(element("option", { value: v.id, text: `${v.title} (${v.id})` }));
  }
  select.addEventListener("change", () => loadVariant(select.value, {}));
  const params = new URLSearchParams(location.search);
  let preset = null;
  if (params.get("preset")) {
    try {
      preset = await api(`/api/presets/${encodeURIComponent(params.get("preset"))}`);
    } catch (err) {
      document.getElementById("create-error").textContent = err.message;
    }
  }
  if (preset) {
    select.value = preset.variant;
    await loadVariant(preset.variant, preset.options);
    document.getElementById("preset-result").textContent = `Preset “${preset.name}” loaded.`;
  } else {
    await loadVariant(select.value, {});
  }
  if (preset) document.getElementById("more-rules").open = true;
  document.getElementById("create-form").addEventListener("submit", createTable);
  document.getElementById("play-now").addEventListener("click", playNow);
  document.getElementById("save-preset").addEventListener("click", savePreset);
  showOpenTables();
  setInterval(() => { if (!document.hidden) showOpenTables(); }, LISTING_EVERY_MS);
}

/** The tables listed for anyone to join: the game, its rules that differ from the
 * usual ones, the free seats, and a Join button (its invite link). */
async function showOpenTables() {
  let listed = [];
  try { listed = await api("/api/open-tables"); } catch { return; }
  const list = document.getElementById("open-tables");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.table : null;
  list.replaceChildren(...listed.map((t) => {
    const rules = t.changed.length ? t.changed.map((c) => `${c.name.replaceAll("_", " ")}: ${c.value}`).join(", ") : "the usual rules";
    const seats = `${t.free} of ${t.seats} seats free`;
    const join = element("a", { class: "button", href: t.join, "data-table": t.id,
      "aria-label": `Join ${t.title}, ${rules}, ${seats}` }, "Join");
    return element("li", { class: "open-table", "data-table": t.id },
      element("div", { class: "what" }, element("strong", { text: t.title }),
        element("span", { class: "rules", text: rules }), element("span", { class: "free", text: seats })),
      join);
  }));
  document.getElementById("open-none").hidden = listed.length > 0;
  if (focused) {
    const again = list.querySelector(`a[data-table="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

/** Start a table: you in seat 0, bots elsewhere, at the rules given. */
async function start(body, showsError) {
  try {
    const made = await api("/api/tables", { method: "POST", body });
    const mine = made.seats[0];
    if (mine) localStorage.setItem(`fs:token:${made.id}`, JSON.stringify(mine));
    // the server gives the link relative unless it knows its public address
    if (made.seats.length > 1) localStorage.setItem(`fs:invite:${made.id}`, new URL(made.invite, location.href).href);
    location.assign(`/t/${made.id}`);
  } catch (err) {
    showsError(err);
  }
}

function playNow() {
  const level = document.getElementById("play-level").value;
  const seats = Array.from({ length: detail.players }, (_, k) => (k === 0 ? "human" : `bot:${level}`));
  start({ variant: detail.id, options: {}, seats }, (err) => {
    document.getElementById("play-error").textContent = err.message;
  });
}

async function loadVariant(id, values) {
  detail = await api(`/api/variants/${id}`);
  // the first sentence up front; the whole text a click away
  const first = detail.summary.match(/^.*?[.!?](\s|$)/);
  document.getElementById("variant-summary").textContent = first ? first[0].trim() : detail.summary;
  document.getElementById("variant-rules").textContent = detail.summary;
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  for (let k = 0; k < detail.players; k += 1) {
    const sel = element("select", { id: `seat-${k}`, "aria-label": `Seat ${k}` });
    sel.append(element("option", { value: "human", text: "A person (invite link)" }));
    for (const level of levels) sel.append(element("option", { value: `bot:${level}`, text: `Bot: ${level}` }));
    sel.value = k === 0 ? "human" : `bot:${levels.includes("rules") ? "rules" : levels[0]}`;
    const partner = detail.sides.find((s) => s.includes(k));
    const note = partner && partner.length === 2 ? ` (partners: seats ${partner.join(" & ")})` : "";
    seats.append(element("div", { class: "row" },
      element("label", { for: `seat-${k}`, text: `Seat ${k}${k === 0 ? " — you" : ""}${note}` }), sel));
  }
  const box = document.getElementById("options");
  box.replaceChildren();
  for (const opt of detail.options) box.append(optionInput(opt, values[opt.name]));
  box.dataset.variant = detail.id;
}

function optionInput(opt, given) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.kind === "bool") {
    input = element("select", { id });
    input.append(element("option", { value: "true", text: "true" }),
      element("option", { value: "false", text: "false" }));
  } else if (opt.choices.length) {
    input = element("select", { id });
    for (const c of opt.choices) input.append(element("option", { value: c, text: c }));
    if (opt.nullable && !opt.choices.includes("null")) input.append(element("option", { value: "null", text: "null" }));
  } else if (opt.kind === "int") {
    input = element("input", { id, type: "text", inputmode: "numeric" });
  } else {
    input = element("input", { id, type: "text", size: "40" });
  }
  input.dataset.option = opt.name;
  input.dataset.default = opt.default;
  const value = given === undefined ? opt.default : typeof given === "string" ? given : JSON.stringify(given);
  if (input.tagName === "SELECT" && ![...input.options].some((o) => o.value === value)) {
    input.append(element("option", { value, text: value }));
  }
  input.value = value;
  const only = opt.applies ? "" : " Only matters once another house rule is changed.";
  const hint = (opt.allowed ? `${opt.doc} Allowed: ${opt.allowed}. Default: ${opt.default}.` : `${opt.doc} Default: ${opt.default}.`) + only;
  return element("div", { class: opt.applies ? "opt" : "opt inapplicable", id: `row-${opt.name}` },
    element("label", { for: id, text: opt.name }), input, element("small", { text: hint }));
}

function chosenOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    if (input.value !== input.dataset.default) out[input.dataset.option] = input.value;
  }
  return out;
}

function showError(err) {
  document.getElementById("create-error").textContent = err.message;
  for (const row of document.querySelectorAll("#options .opt.invalid")) row.classList.remove("invalid");
  if (err.field && err.field.startsWith("options.")) {
    const row = document.getElementById(`row-${err.field.slice(8)}`);
    if (row) {
      row.classList.add("invalid");
      document.getElementById("options-box").open = true;
    }
  }
}

function createTable(event) {
  event.preventDefault();
  const seats = [];
  for (let k = 0; k < detail.players; k += 1) seats.push(document.getElementById(`seat-${k}`).value);
  start({
    variant: detail.id,
    options: chosenOptions(),
    seats,
    bot_delay_ms: Number(document.getElementById("bot-delay").value),
    grace_seconds: Number(document.getElementById("grace").value),
    listed: document.getElementById("listed").checked,
  }, showError);
}

async function savePreset() {
  const name = document.getElementById("preset-name").value;
  const out = document.getElementById("preset-result");
  try {
    const made = await api("/api/presets", {
      method: "POST", body: { name, variant: detail.id, options: chosenOptions() },
    });
    out.replaceChildren("Saved. Share it: ", element("a", { href: made.link, text: made.link }));
  } catch (err) {
    out.textContent = err.message;
  }
}
