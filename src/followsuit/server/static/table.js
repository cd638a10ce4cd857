// The live table: the hand (legal cards highlighted, one tab stop, arrow keys),
// the calls on offer, the trick with who played what, the facts of the hand,
// scores, the hand summary, history, chat, and announcements for screen readers.
import { api, announce, element } from "./api.js";
import { actionLabel, actionWords, cardBacks, cardFace, sortHand, suitName, suitSymbol } from "./cards.js";
import { muted, onChat, renderChat } from "./chat.js";
import { TableConnection } from "./connection.js";
import { $, capital, name, table } from "./state.js";
import { checkDeal, noteCommitment, renderHistory, showSummary } from "./summary.js";

export async function showTable(tableId) {
  table.id = tableId;
  $("table").hidden = false;
  const params = new URLSearchParams(location.search);
  const invite = params.get("invite");
  let mine = JSON.parse(localStorage.getItem(`fs:token:${tableId}`) || "null");
  const hashToken = new URLSearchParams(location.hash.slice(1)).get("token");
  if (hashToken) mine = { seat: null, token: hashToken };
  if (!mine && invite) {
    try {
      mine = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { invite } });
      localStorage.setItem(`fs:token:${tableId}`, JSON.stringify(mine));
    } catch (err) {
      $("table-error").textContent = `${err.message}`;
    }
    history.replaceState(null, "", `/t/${tableId}`);
  }
  const inviteLink = localStorage.getItem(`fs:invite:${tableId}`);
  if (inviteLink) {
    $("invite-box").hidden = false;
    $("invite-link").value = inviteLink;
    $("copy-invite").onclick = () => navigator.clipboard && navigator.clipboard.writeText(inviteLink);
  }
  $("download").href = `/api/tables/${tableId}/record`;
  $("download").setAttribute("download", `followsuit-${tableId}.json`);
  $("open-replay").href = `/replay?table=${encodeURIComponent(tableId)}`;
  wireControls();
  table.conn = new TableConnection(tableId, mine && mine.token, {
    status: (text, up) => { $("conn").textContent = text; $("conn").classList.toggle("down", !up); },
    snapshot: (m) => { table.you = m.you; table.chat = m.chat; noteCommitment(m.fair); onTable(m.table); renderChat(m.chat, m.phrases); showName(); setView(m.view); },
    resume: (m) => { table.chat = m.chat; noteCommitment(m.fair); onTable(m.table); renderChat(m.chat, m.phrases); renderSeats(); },
    update: onUpdate,
    seats: (m) => { table.seats = m.seats; renderSeats(); if (table.view) renderScores(table.view); },
    error: (m) => { $("table-error").textContent = m.message; announce(m.message); },
    hint: onHint,
    chat: onChat,
  });
  setInterval(tickClock, 1000);
}

function onTable(info) {
  table.info = info;
  table.seats = info.seats;
  $("table-title").textContent = info.title;
  table.clockBase = info.time_limit_ms === null ? null
    : { left: info.time_limit_ms - info.clock_used_ms, at: Date.now(), over: info.over };
  tickClock();
}

function tickClock() {
  const c = table.clockBase;
  if (!c) { $("clock").textContent = ""; return; }
  const left = c.over || (table.view && table.view.time_up) ? 0 : Math.max(0, c.left - (Date.now() - c.at));
  const s = Math.ceil(left / 1000);
  $("clock").textContent = `time left ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function onUpdate(m) {
  onTable(m.table);
  noteCommitment(m.fair);
  const ev = m.event;
  if (ev && ev.says) announce(`${capital(name(ev.seat))} ${ev.seat === table.you ? youSays(ev.says) : ev.says}`.replace(/ [A-Z0-9]{2}\b/g, (w) => " " + actionWords(w.trim())));
  const before = table.view;
  table.hint = null;
  setView(m.view);
  if (before && m.view.trick.length === 0 && before.trick.length && !m.hand_over && m.view.last_trick) {
    announce(`${capital(name(m.view.last_trick.winner))} ${m.view.last_trick.winner === table.you ? "win" : "wins"} the trick`);
  }
  if (m.hand_over) showSummary(m.hand_over, before);
  if (m.reveal) checkDeal(m.reveal);
  if (m.view.over) announce(gameOverText(m.view));
  else if (m.view.legal.length) announce("Your turn");
}

function youSays(says) { return says.replace(/^(\w+)s\b/, "$1").replace(/^passe\b/, "pass"); }

function setView(view) {
  table.view = view;
  document.body.dataset.n = String(table.conn.n);
  const legalCodes = new Set(view.legal.filter((a) => a.kind !== "play" ? false : true).flatMap((a) => a.cards));
  for (const code of [...table.selected]) if (!view.hand.includes(code)) table.selected.delete(code);
  renderHand(view, legalCodes);
  renderControls(view);
  renderSeats();
  renderCentre(view);
  renderFacts(view);
  renderScores(view);
  renderHistory(view);
  $("hint").disabled = !view.legal.length;
}

function picking(view) {
  return view.legal.some((a) => a.kind === "discard" || a.kind === "give");
}

function renderHand(view, legalCodes) {
  const hand = $("hand");
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#hand");
  hand.replaceChildren();
  if (table.you === null) {
    hand.append(element("p", { text: "You are watching: the public view only." }));
    return;
  }
  if (view.hand_hidden) {
    hand.append(element("p", { text: "You may not look at your hand yet." }), cardBacks(view.hand_sizes[table.you]));
    return;
  }
  const pick = picking(view);
  const family = table.info ? table.info.family : "";
  const codes = sortHand(view.hand, view.trump, family === "euchre" || family === "bid_euchre");
  let focusIndex = Math.max(0, codes.indexOf(table.focusCode));
  if (!codes.includes(table.focusCode)) {
    const firstLegal = codes.findIndex((c) => legalCodes.has(c) || pick);
    focusIndex = firstLegal < 0 ? 0 : firstLegal;
  }
  codes.forEach((code, i) => {
    const card = cardFace(code, { asButton: true });
    const playable = legalCodes.has(code);
    const usable = playable || pick;
    card.classList.toggle("legal", usable);
    card.setAttribute("aria-disabled", usable ? "false" : "true");
    card.tabIndex = i === focusIndex ? 0 : -1;
    if (table.selected.has(code)) { card.classList.add("selected"); card.setAttribute("aria-pressed", "true"); }
    if (table.hint && table.hint.split(" ").includes(code)) card.classList.add("hinted");
    let label = actionWords(code);
    if (pick) label += table.selected.has(code) ? ", selected" : ", press to select";
    else if (view.legal.length) label += playable ? ", can be played" : ", cannot be played now";
    card.setAttribute("aria-label", label);
    card.addEventListener("click", () => onCard(code));
    card.addEventListener("keydown", (e) => onHandKey(e, i));
    card.addEventListener("focus", () => { table.focusCode = code; });
    hand.append(card);
  });
  if (focused) {
    const again = hand.querySelector('[tabindex="0"]');
    if (again) again.focus();
  }
}

function onHandKey(event, index) {
  const cards = [...$("hand").querySelectorAll(".card")];
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % cards.length;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + cards.length) % cards.length;
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = cards.length - 1;
  if (next === null) return;
  event.preventDefault();
  cards[index].tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
}

function onCard(code) {
  const view = table.view;
  if (picking(view)) {
    if (table.selected.has(code)) table.selected.delete(code); else table.selected.add(code);
    table.focusCode = code;
    setView(view);
    return;
  }
  const action = view.legal.find((a) => a.kind === "play" && a.cards.length === 1 && a.cards[0] === code);
  if (!action) {
    announce(`${actionWords(code)} cannot be played now`);
    return;
  }
  table.focusCode = code;
  send(action.text);
}

function send(text) {
  $("table-error").textContent = "";
  if (!table.conn.act(text)) $("table-error").textContent = "Not connected: wait for the connection to come back.";
}

function renderControls(view) {
  const box = $("controls");
  box.replaceChildren();
  for (const action of view.legal) {
    if (action.kind === "play") continue;
    if (action.kind === "discard" || action.kind === "give") continue;
    const button = element("button", { type: "button", class: "call", "data-action": action.text,
      "aria-label": actionWords(action.text) }, actionLabel(action.text));
    if (table.hint === action.text) button.classList.add("hinted");
    button.addEventListener("click", () => send(action.text));
    box.append(button);
  }
  const picks = view.legal.filter((a) => a.kind === "discard" || a.kind === "give");
  if (picks.length) {
    const chosen = [...table.selected].sort().join(" ");
    const match = picks.find((a) => [...a.cards].sort().join(" ") === chosen);
    const verb = picks[0].kind;
    const size = picks[0].cards.length;
    const sizes = new Set(picks.map((a) => a.cards.length));
    const what = sizes.size === 1 ? `${size} card${size === 1 ? "" : "s"}` : "cards";
    const button = element("button", { type: "button", class: "pick", "data-kind": verb, "data-size": String(Math.min(...sizes)) },
      match ? `${verb} ${match.cards.map((c) => actionLabel(c)).join(" ")}` : `choose ${what} to ${verb}`);
    button.disabled = !match;
    if (match) button.addEventListener("click", () => { table.selected.clear(); send(match.text); });
    box.append(button);
  }
}

function seatPosition(seat, n) {
  const you = table.you === null ? 0 : table.you;
  const rel = (seat - you + n) % n;
  const angle = Math.PI / 2 + (2 * Math.PI * rel) / n; // you at the bottom, play passes left
  return { left: 50 + 40 * Math.cos(angle), top: 50 + 40 * Math.sin(angle) };
}

function renderSeats() {
  const view = table.view;
  if (!view || !table.info) return;
  const n = table.info.num_players;
  const box = $("seat-labels");
  box.replaceChildren();
  for (let seat = 0; seat < n; seat += 1) {
    const pos = seatPosition(seat, n);
    const info = table.seats[seat] || {};
    const who = info.kind === "bot" ? `bot (${info.level})` : info.bot_playing ? "away: a bot plays" : info.connected ? "here" : "not here";
    const badges = [];
    if (seat === view.dealer) badges.push("dealer");
    if (seat === view.maker) badges.push(view.bid ? `bid ${view.bid}` : "maker");
    if (seat === view.alone) badges.push("alone");
    if (seat === view.defender_alone) badges.push("defends alone");
    if (view.sitting_out.includes(seat)) badges.push("sits out");
    if (seat === view.partner) badges.push("called partner");
    const label = element("div", { class: "seat-label" + (seat === view.to_move ? " to-move" : ""),
      "data-seat": String(seat) },
      element("strong", { text: capital(name(seat)) }), element("span", { class: "badges", text: `${who}${badges.length ? " · " + badges.join(" · ") : ""}` }));
    // through the CSSOM: the Content-Security-Policy refuses style attributes
    label.style.left = `${pos.left}%`;
    label.style.top = `${pos.top}%`;
    label.setAttribute("aria-label", `${capital(name(seat))}: ${who}${badges.length ? ", " + badges.join(", ") : ""}, ${view.hand_sizes[seat]} cards${seat === view.to_move ? ", to move" : ""}`);
    if (seat !== table.you) label.append(cardBacks(view.hand_sizes[seat]));
    box.append(label);
  }
}

function renderCentre(view) {
  const trick = $("trick");
  trick.replaceChildren();
  for (const play of view.trick) {
    trick.append(element("div", { class: "play", "data-seat": String(play.seat) },
      cardFace(play.card), element("span", { text: capital(name(play.seat)) })));
  }
  const up = $("upcard");
  up.replaceChildren();
  if (view.upcard && !view.upcard_taken && view.phase === "calling") {
    up.append(element("span", { text: "Up card: " }), cardFace(view.upcard, { small: true }));
  }
  let status = "";
  if (view.over) status = gameOverText(view);
  else if (view.to_move === table.you && view.legal.length) status = "Your turn";
  else if (view.to_move !== null && view.to_move !== undefined) status = `Waiting for ${name(view.to_move)}`;
  $("status").textContent = status;
}

function gameOverText(view) {
  if (view.winner === null || view.winner === undefined) return "Game over";
  const side = view.sides[view.winner];
  const ours = table.you !== null && side.includes(table.you);
  return `Game over: ${ours ? "you win" : `seat${side.length > 1 ? "s" : ""} ${side.join(" & ")} win${side.length > 1 ? "" : "s"}`} (${view.scores.join(" – ")})`;
}

function fact(dl, term, value) {
  if (value === null || value === undefined || value === "") return;
  dl.append(element("dt", { text: term }), element("dd", { text: String(value) }));
}

function renderFacts(view) {
  const dl = $("facts");
  dl.replaceChildren();
  fact(dl, "Hand", view.hand_no);
  fact(dl, "Dealer", capital(name(view.dealer)));
  fact(dl, "Trump", view.trump ? `${suitSymbol(view.trump)} ${suitName(view.trump)}` : "not yet");
  if (view.maker !== null) fact(dl, view.bid ? "High bid" : "Maker", `${capital(name(view.maker))}${view.bid ? ` (${view.bid})` : ""}`);
  if (view.alone !== null) fact(dl, "Alone", capital(name(view.alone)));
  if (view.called_card) fact(dl, "Called card", actionWords(view.called_card));
  if (view.stock_size) fact(dl, "Stock", `${view.stock_size} cards`);
  fact(dl, "Tricks", view.tricks_won.map((t, s) => `${capital(name(s))} ${t}`).join(", "));
  const committed = table.commitments[view.results.length];
  if (committed && !view.over) fact(dl, "Deal commitment", `${committed.slice(0, 16)}…`);
}

function renderScores(view) {
  const rows = view.sides.map((side, k) => element("tr", {},
    element("td", { text: side.map((s) => capital(name(s))).join(" & ") }),
    element("td", { text: String(view.scores[k]) })));
  $("scores").replaceChildren(element("table", { "aria-label": "Scores" },
    element("thead", {}, element("tr", {}, element("th", { text: "Side" }), element("th", { text: "Score" }))),
    element("tbody", {}, ...rows)));
}

function onHint(m) {
  table.hint = m.text;
  announce(`Hint: ${actionWords(m.text)}`);
  $("table-error").textContent = `Hint: ${actionLabel(m.text)}`;
  setView(table.view);
}

function showName() {
  const form = $("name-form");
  form.hidden = table.you === null;
  const mine = table.you === null ? null : table.seats[table.you];
  if (mine && document.activeElement !== $("my-name")) $("my-name").value = mine.name || "";
}

function wireControls() {
  $("name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    table.conn.send({ type: "name", name: $("my-name").value });
  });
  $("hint").addEventListener("click", () => table.conn.send({ type: "hint" }));
  $("show-last").addEventListener("click", () => {
    const box = $("last-trick");
    const last = table.view && table.view.last_trick;
    if (!box.hidden || !last) { box.hidden = true; return; }
    box.replaceChildren(...last.plays.map((p) => element("div", { class: "play" }, cardFace(p.card, { small: true }), element("span", { text: capital(name(p.seat)) }))));
    box.hidden = false;
    announce("Last trick: " + last.plays.map((p) => `${name(p.seat)} ${actionWords(p.card)}`).join(", ") + `; ${name(last.winner)} won it`);
  });
  $("mute").checked = muted();
  $("mute").addEventListener("change", (e) => {
    localStorage.setItem("fs:mute", e.target.checked ? "1" : "0");
    renderChat(e.target.checked ? [] : table.chat || [], null);
  });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value;
    if (text.trim() && table.conn.send({ type: "chat", text })) $("chat-text").value = "";
  });
}
