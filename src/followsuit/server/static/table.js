// The live table: the hand (legal cards highlighted, one tab stop, arrow keys),
// the calls on offer (each with a key of its own), the felt (felt.js), the facts
// of the hand, scores, the hand summary, history, chat, and announcements for
// screen readers. Focus stays where the player was (the hand or the calls)
// across redraws, and nothing can be sent while the connection is down.
import { api, announce, element } from "./api.js";
import { actionLabel, actionWords, cardBacks, cardFace, sortHand, suitName, suitSymbol } from "./cards.js";
import { muted, onChat, renderChat } from "./chat.js";
import { TableConnection } from "./connection.js";
import { finishedTrick, holdTrick, pausesAfterTrick, releaseTrick, renderAuction, renderContract, renderSeats, renderTrick } from "./felt.js";
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
    status: onConnection,
    snapshot: (m) => {
      clearPending();
      table.you = m.you; table.chat = m.chat; table.queue = [];
      noteCommitment(m.fair); onTable(m.table); renderChat(m.chat, m.phrases); showName();
      const first = table.view === null;
      setView(m.view);
      if (first && (!document.activeElement || document.activeElement === document.body)) placeFocus(true);
    },
    resume: (m) => { table.chat = m.chat; noteCommitment(m.fair); onTable(m.table); renderChat(m.chat, m.phrases); renderSeats(table.view); },
    update: onUpdate,
    seats: (m) => { table.seats = m.seats; if (m.time_limit_ms !== undefined) setClock(m); renderSeats(table.view); if (table.view) { renderScores(table.view); renderContract(table.view); } },
    error: (m) => { clearPending(); $("table-error").textContent = m.message; announce(m.message); },
    hint: onHint,
    chat: onChat,
  });
  setInterval(tickClock, 1000);
}

function onTable(info) {
  table.info = info;
  table.seats = info.seats;
  $("table-title").textContent = info.title;
  setClock(info);
}

/** A timed game's clock as of a message: it counts down on the page only while
 * the server's runs (which waits for every person to sit down). */
function setClock(clock) {
  table.clockBase = clock.time_limit_ms === null || clock.time_limit_ms === undefined ? null
    : { left: clock.time_limit_ms - clock.clock_used_ms, at: Date.now(), running: Boolean(clock.clock_running) };
  tickClock();
}

function tickClock() {
  const c = table.clockBase;
  if (!c) { $("clock").textContent = ""; return; }
  const over = (table.info && table.info.over) || (table.view && table.view.time_up);
  const left = over ? 0 : Math.max(0, c.left - (c.running ? Date.now() - c.at : 0));
  const s = Math.ceil(left / 1000);
  const shown = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  $("clock").textContent = c.running || over ? `time left ${shown}` : `time limit ${shown}: the clock starts when every player has sat down`;
  $("clock").dataset.running = c.running && !over ? "1" : "0";
}

function onConnection(text, up) {
  const was = table.online;
  table.online = up;
  if (!up) clearPending(); // a reconnect's snapshot says whether it was taken
  if (up && $("table-error").textContent.startsWith("Not connected")) $("table-error").textContent = "";
  $("conn").textContent = up || table.view === null ? text
    : `Disconnected (${text}): nothing can be played until the connection is back`;
  $("conn").classList.toggle("down", !up);
  document.body.classList.toggle("offline", !up);
  if (was !== up) {
    announce(up ? "Connected again" : "Connection lost: you cannot play until it is back");
    if (table.view) setView(table.view);
  }
}

/** An update, or, while a finished trick is held on the felt, kept for after it. */
function onUpdate(m) {
  if (waiting()) { table.queue.push(m); return; }
  applyUpdate(m);
}

/** A trick held on the felt, or (for a player) a hand's summary open: what comes
 * next waits. A spectator's page never waits on a summary nobody will close. */
function waiting() { return table.held !== null || (table.you !== null && !$("summary").hidden); }

export function drainQueue() {
  while (table.queue.length && !waiting()) applyUpdate(table.queue.shift());
}

function applyUpdate(m) {
  if (m.event && m.event.seat === table.you) clearPending();
  onTable(m.table);
  noteCommitment(m.fair);
  const ev = m.event;
  if (ev && ev.says) announce(`${capital(name(ev.seat))} ${ev.seat === table.you ? youSays(ev.says) : ev.says}`.replace(/ [A-Z0-9]{2}\b/g, (w) => " " + actionWords(w.trim())));
  const before = table.view;
  table.hint = null;
  const trick = finishedTrick(before, m);
  let holding = false;
  const after = () => {
    if (holding) setView(m.view);
    if (m.hand_over) showSummary(m.hand_over, before, drainQueue);
    if (m.view.over) announce(gameOverText(m.view));
    else if (m.view.legal.length) announce("Your turn");
    drainQueue();
  };
  if (trick) {
    announce(`${capital(name(trick.winner))} ${trick.winner === table.you ? "win" : "wins"} the trick`);
    // a page a whole trick or more behind (it waited on a summary) catches up unheld
    const behind = table.queue.length > (table.info ? table.info.num_players : 4);
    holding = !behind && holdTrick(trick, after);
  }
  setView(holding && m.hand_over ? lastTrickView(before, m.view) : m.view);
  if (m.reveal) checkDeal(m.reveal);
  if (!holding) after();
}

/** While a hand's last trick is held, the felt still shows that hand (its
 * contract, its calls, no cards left) with the new score: the next hand's cards
 * and calls wait for the trick and the summary. */
function lastTrickView(before, next) {
  const hand = before || next;
  return { ...next, legal: [], hand: [], hand_sizes: next.hand_sizes.map(() => 0), upcard: null,
    phase: "play", dealer: hand.dealer, trump: hand.trump, maker: hand.maker, bid: hand.bid,
    alone: hand.alone, defender_alone: hand.defender_alone, called_card: hand.called_card,
    partner: hand.partner, sitting_out: hand.sitting_out, actions: hand.actions };
}

function youSays(says) { return says.replace(/^(\w+)s\b/, "$1").replace(/^passe\b/, "pass"); }

function setView(view) {
  table.view = view;
  document.body.dataset.n = String(table.conn.n);
  const legalCodes = new Set(view.legal.filter((a) => a.kind === "play").flatMap((a) => a.cards));
  for (const code of [...table.selected]) if (!view.hand.includes(code)) table.selected.delete(code);
  const refocus = focusWasOurs();
  renderHand(view, legalCodes);
  renderControls(view);
  renderSeats(view);
  renderTrick(view);
  renderContract(view);
  renderAuction(view);
  renderStatus(view);
  renderFacts(view);
  renderScores(view);
  renderHistory(view);
  $("hint").disabled = !view.legal.length || !table.online;
  $("show-last").disabled = !view.last_trick;
  if (!view.last_trick && !$("last-trick").hidden) { $("last-trick").hidden = true; $("show-last").setAttribute("aria-expanded", "false"); }
  if (refocus) placeFocus(false);
}

/** Where the player's focus was: the hand or the calls (or nowhere, after a redraw
 * took the element it was on). Focus elsewhere (chat, a dialog) is left alone. */
function focusWasOurs() {
  const a = document.activeElement;
  if (!a || a === document.body) return table.zone === "hand" || table.zone === "controls";
  return Boolean(a.closest("#hand, #controls"));
}

/** Put the focus where the next action is: the same call if it is still offered,
 * else the first call on offer, else the hand's one tab stop. */
function placeFocus(first) {
  const controls = [...$("controls").querySelectorAll("button:not([disabled])")];
  const calls = controls.filter((b) => b.classList.contains("call"));
  const same = controls.find((b) => b.dataset.action && b.dataset.action === table.lastAction);
  const card = $("hand").querySelector('.card[tabindex="0"]');
  const playing = table.view && table.view.legal.some((a) => a.kind === "play" || a.kind === "discard" || a.kind === "give");
  const target = same || (playing ? card : calls[0]) || card || controls[0];
  if (target && (first || document.activeElement !== target)) target.focus();
}

function renderStatus(view) {
  let status = "";
  if (view.over) status = gameOverText(view);
  else if (table.held) status = `${capital(name(table.held.winner))} ${table.held.winner === table.you ? "win" : "wins"} the trick` + (pausesAfterTrick() ? " (click the felt or press Enter to go on)" : "");
  else if (!table.online) status = "Not connected: reconnecting…";
  else if (view.to_move === table.you && view.legal.length) status = "Your turn";
  else if (view.to_move !== null && view.to_move !== undefined) status = `Waiting for ${name(view.to_move)}`;
  $("status").textContent = status;
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
  // the unplayable cards are dimmed only when a card is to be played: during the
  // calling the whole hand stays readable
  hand.classList.toggle("playing", legalCodes.size > 0 || pick);
  const family = table.info ? table.info.family : "";
  const codes = sortHand(view.hand, view.trump, family === "euchre" || family === "bid_euchre");
  let focusIndex = Math.max(0, codes.indexOf(table.focusCode));
  // the tab stop is on a card that can be used, when one is to be played: Enter plays it
  const stale = !codes.includes(table.focusCode) || (legalCodes.size > 0 && !legalCodes.has(table.focusCode));
  if (stale) {
    const firstLegal = codes.findIndex((c) => legalCodes.has(c) || pick);
    focusIndex = firstLegal < 0 ? 0 : firstLegal;
  }
  codes.forEach((code, i) => {
    const card = cardFace(code, { asButton: true });
    const playable = legalCodes.has(code) && table.online;
    const usable = playable || (pick && table.online);
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

const RANK_KEYS = "AKQJT98765432";

/** Type-ahead in the hand: a rank (A K Q J T 9…2, or 1 for the 10) or a suit
 * letter (S H D C) moves to the next card that has it. */
function typeAhead(key, index, cards) {
  const k = key.toUpperCase() === "1" ? "T" : key.toUpperCase();
  const matches = (card) => {
    const code = card.dataset.code;
    if (RANK_KEYS.includes(k) && code[0] === k) return true;
    return "SHDC".includes(k) && code[1] === k;
  };
  for (let step = 1; step <= cards.length; step += 1) {
    const at = (index + step) % cards.length;
    if (matches(cards[at])) return at;
  }
  return null;
}

function onHandKey(event, index) {
  const cards = [...$("hand").querySelectorAll(".card")];
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % cards.length;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + cards.length) % cards.length;
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = cards.length - 1;
  // a letter that is a key of a call on offer makes that call (onTableKey), else it seeks a card
  const calls = [...$("controls").querySelectorAll("button[data-key]")].map((b) => b.dataset.key);
  if (next === null && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
      && !$("controls").querySelector("button.call") && !calls.includes(event.key)) next = typeAhead(event.key, index, cards);
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
  if (!table.online || !table.conn.act(text)) {
    $("table-error").textContent = "Not connected: wait for the connection to come back.";
    return;
  }
  table.lastAction = text;
  setPending(text);
  releaseTrick(); // the player has seen it: acting goes on at once
}

const PENDING_SHOWN_MS = 400;

/** An action sent and not yet answered: nothing more can be sent, and past a
 * moment (a server taking a table over, a slow link) the page says it waits. */
function setPending(text) {
  clearPending();
  document.body.classList.add("pending");
  table.pending = { text, timer: setTimeout(() => {
    $("pending").textContent = `Sending “${actionWords(text)}”: waiting for the server…`;
    $("pending").hidden = false;
  }, PENDING_SHOWN_MS) };
}

function clearPending() {
  if (!table.pending) return;
  clearTimeout(table.pending.timer);
  table.pending = null;
  document.body.classList.remove("pending");
  $("pending").hidden = true;
  $("pending").textContent = "";
}

/** A call's key: p pass, o order up (O alone), s h d c a suit (capital: alone),
 * a digit a bid of that many (0 for 10), m the moon. (The discard or give of the
 * chosen cards is d or g.) */
export function callKey(text) {
  const words = text.split(" ");
  const alone = words[words.length - 1] === "alone";
  if (text === "pass") return "p";
  if (words[0] === "order-up") return alone ? "O" : "o";
  if ((words[0] === "call" || words[0] === "trump") && words[1] && words[1].length === 1) {
    return alone ? words[1].toUpperCase() : words[1].toLowerCase();
  }
  if (words[0] === "bid" && /^\d+$/.test(words[1] || "")) {
    const n = Number(words[1]);
    return n >= 1 && n <= 9 ? String(n) : n === 10 ? "0" : null;
  }
  if (text === "bid moon") return "m";
  return null;
}

function onTableKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  if (target.closest && target.closest("input, textarea, select, #summary, #chat-box, details, a")) return;
  if (table.held && (event.key === "Enter" || event.key === " " || event.key === "Escape")
      && !(target.closest && target.closest("#hand, #controls"))) {
    event.preventDefault();
    releaseTrick();
    return;
  }
  const button = [...$("controls").querySelectorAll("button[data-key]:not([disabled])")].find((b) => b.dataset.key === event.key);
  if (button) {
    event.preventDefault();
    button.click();
  }
}

function renderControls(view) {
  const box = $("controls");
  box.replaceChildren();
  if (view.over && table.you !== null && table.info) {
    const again = element("button", { type: "button", id: "play-again", class: "primary" }, "Play again, same rules");
    again.addEventListener("click", playAgain);
    box.append(again);
    return;
  }
  for (const action of view.legal) {
    if (action.kind === "play") continue;
    if (action.kind === "discard" || action.kind === "give") continue;
    const key = callKey(action.text);
    const button = element("button", { type: "button", class: "call", "data-action": action.text,
      "aria-label": actionWords(action.text) }, actionLabel(action.text));
    if (key) {
      button.dataset.key = key;
      button.setAttribute("aria-keyshortcuts", key === key.toUpperCase() && /[A-Z]/.test(key) ? `Shift+${key}` : key);
      button.append(element("kbd", { "aria-hidden": "true", text: key }));
    }
    button.disabled = !table.online;
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
    button.dataset.key = verb === "give" ? "g" : "d";
    button.setAttribute("aria-keyshortcuts", button.dataset.key);
    button.append(element("kbd", { "aria-hidden": "true", text: button.dataset.key }));
    button.disabled = !match || !table.online;
    if (match) button.addEventListener("click", () => { table.selected.clear(); send(match.text); });
    box.append(button);
  }
}

/** A new table like this one: the same variant, rules, bots and table settings,
 * you in its first seat and the other people's seats offered by a new invite link. */
async function playAgain() {
  const info = table.info;
  const seats = info.seats.map((s) => (s.kind === "bot" ? `bot:${s.level}` : "human"));
  [seats[0], seats[table.you]] = [seats[table.you], seats[0]];
  try {
    const made = await api("/api/tables", { method: "POST", body: {
      variant: info.variant, options: info.options, seats,
      bot_delay_ms: info.bot_delay_ms, grace_seconds: info.grace_seconds } });
    localStorage.setItem(`fs:token:${made.id}`, JSON.stringify(made.seats[0]));
    if (made.seats.length > 1) localStorage.setItem(`fs:invite:${made.id}`, new URL(made.invite, location.href).href);
    location.assign(`/t/${made.id}`);
  } catch (err) {
    $("table-error").textContent = err.message;
  }
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

function zoneOf(el) {
  if (el.closest("#hand")) return "hand";
  if (el.closest("#controls")) return "controls";
  return "elsewhere";
}

function wireControls() {
  document.addEventListener("keydown", onTableKey);
  document.addEventListener("focusin", (e) => { table.zone = zoneOf(e.target); });
  $("felt").addEventListener("click", () => releaseTrick());
  $("trick-pause").checked = pausesAfterTrick();
  $("trick-pause").addEventListener("change", (e) => {
    localStorage.setItem("fs:trick-pause", e.target.checked ? "1" : "0");
    if (!e.target.checked) releaseTrick();
  });
  $("name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    table.conn.send({ type: "name", name: $("my-name").value });
  });
  $("hint").addEventListener("click", () => table.conn.send({ type: "hint" }));
  $("show-last").addEventListener("click", () => {
    const box = $("last-trick");
    const last = table.view && table.view.last_trick;
    if (!box.hidden || !last) { box.hidden = true; $("show-last").setAttribute("aria-expanded", "false"); return; }
    box.replaceChildren(...last.plays.map((p) => element("div", { class: "play" + (p.seat === last.winner ? " winner" : "") },
      cardFace(p.card, { small: true }), element("span", { text: capital(name(p.seat)) }))));
    box.hidden = false;
    $("show-last").setAttribute("aria-expanded", "true");
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
