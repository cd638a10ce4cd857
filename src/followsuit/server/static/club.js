// Club nights: the organiser's page, the projector's standings and the phones'
// score entry, one page routed by its address. Every view is drawn from the
// night's JSON, which comes over /ws/club/ID whenever it changes.
import { api, element, announce } from "/static/api.js";

const $ = (id) => document.getElementById(id);
const hashParams = () => new URLSearchParams(location.hash.slice(1));

function pairText(seats, side) {
  return `${seats[side]} & ${seats[side + 2]}`;
}

function currentRound(night) {
  const rounds = night.rounds;
  return rounds.length && !rounds[rounds.length - 1].ended ? rounds[rounds.length - 1] : null;
}

function roundLine(night) {
  const playing = currentRound(night);
  const total = night.night.rounds;
  if (playing) {
    const done = playing.tables.filter((t) => t.status === "confirmed" ||
      (t.kind === "online" && t.hands >= (night.night.hands || 0))).length;
    return `Round ${playing.number} of ${total} in play: ${done} of ${playing.tables.length} tables in`;
  }
  const ended = night.rounds.length;
  return ended === total ? `All ${total} rounds played: final standings`
    : `${ended} of ${total} rounds played`;
}

function standingsTable(night, caption) {
  const table = element("table", { class: "standings" });
  table.append(element("caption", { text: caption }));
  const head = element("tr");
  for (const h of ["Place", "Player", "Points", "Rounds", "Hands won", "Byes", "Rating"]) {
    head.append(element("th", { scope: "col", text: h }));
  }
  table.append(element("thead", {}, head));
  const body = element("tbody");
  for (const s of night.standings) {
    const row = element("tr", s.bot ? { class: "bot" } : {});
    row.append(
      element("td", { text: s.place === null ? "–" : String(s.place) }),
      element("th", { scope: "row", text: s.bot ? `${s.player} (bot, no prize)` : s.player }),
      element("td", { text: String(s.points) }),
      element("td", { text: String(s.played) }),
      element("td", { text: String(s.hands_won) }),
      element("td", { text: String(s.byes) }),
      element("td", { text: rating(night, s.player) }),
    );
    body.append(row);
  }
  table.append(body);
  return table;
}

// OpenSkill's conservative figure (mu - 3 sigma), after the rounds ended so far
function rating(night, player) {
  const r = night.ratings[player];
  return r ? r.ordinal.toFixed(1) : "–";
}

function listen(nightId, draw) {
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/club/${nightId}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "night") { delay = 500; draw(message); }
    };
    socket.onclose = () => { setTimeout(open, delay); delay = Math.min(delay * 2, 8000); };
  };
  open();
}

// ------------------------------------------------------------------ creating a night

function showCreate() {
  $("create").hidden = false;
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const lines = $("players").value.split("\n").map((l) => l.trim()).filter(Boolean);
    const fillers = [];
    const players = lines.map((line) => {
      const bot = /\(bot\)$/i.test(line);
      const name = line.replace(/\(bot\)$/i, "").trim();
      if (bot) fillers.push(name);
      return name;
    });
    const tables = Math.floor(players.length / 4);
    const physical = Math.min(Number($("physical").value) || 0, tables);
    const kinds = Array.from({ length: tables }, (_, k) => (k < physical ? "physical" : "online"));
    const body = {
      format: $("format").value,
      variant: $("variant").value.trim(),
      rounds: Number($("rounds").value),
      hands: Number($("hands").value),
      scoring: $("scoring").value.trim() || "points",
      players,
      fillers,
      table_kinds: kinds,
    };
    try {
      const made = await api("/api/club/nights", { method: "POST", body });
      localStorage.setItem(`fs:club:${made.id}`, JSON.stringify({ admin: made.admin, score: made.score }));
      history.replaceState(null, "", `/club#night=${made.id}&admin=${made.admin}`);
      $("create").hidden = true;
      showOrganiser(made.id, made.admin);
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
}

// ------------------------------------------------------------------ the organiser

function showOrganiser(nightId, admin) {
  $("organiser").hidden = false;
  const kept = JSON.parse(localStorage.getItem(`fs:club:${nightId}`) || "{}");
  const links = $("organiser-links");
  const link = (href, text) => element("a", { href, text });
  links.append(
    link(`/club/${nightId}`, "Standings for the projector"), " · ",
    kept.score ? link(`/club/${nightId}/score#key=${kept.score}`, "Score entry for the phones") : "",
    kept.score ? " · " : "",
    link(`/api/club/nights/${nightId}/chart.pdf`, "Rotation chart and score sheets (PDF)"), " · ",
    link(`/api/club/nights/${nightId}/results.csv`, "Results (CSV)"),
  );
  let night = null;
  const act = async (path, body = {}) => {
    $("organiser-error").textContent = "";
    try {
      return await api(path, { method: "POST", body: { admin, ...body } });
    } catch (error) {
      $("organiser-error").textContent = error.message;
      return null;
    }
  };
  $("start-round").addEventListener("click", async () => {
    const started = await act(`/api/club/nights/${nightId}/rounds`);
    if (started) {
      localStorage.setItem(`fs:club:${nightId}:seats:${started.round}`, JSON.stringify(started.seats));
      announce(`Round ${started.round} started`);
      drawSeatLinks(started.round);
    }
  });
  $("end-round").addEventListener("click", async () => {
    const playing = night && currentRound(night);
    if (playing && await act(`/api/club/nights/${nightId}/rounds/${playing.number}/end`)) {
      announce(`Round ${playing.number} ended`);
    }
  });
  const drawSeatLinks = (number) => {
    const box = $("seat-links");
    box.replaceChildren();
    const seats = JSON.parse(localStorage.getItem(`fs:club:${nightId}:seats:${number}`) || "[]");
    if (!seats.length) return;
    const list = element("ul", { class: "seat-links" });
    for (const s of seats) {
      list.append(element("li", {}, `Table ${s.table + 1}, ${s.player}: `, element("a", { href: s.link, text: "seat link" })));
    }
    box.append(element("h2", { text: `Online seats, round ${number}` }), list);
  };
  const draw = (shown) => {
    night = shown;
    const playing = currentRound(night);
    $("organiser-title").textContent = `Club night: ${night.night.format}, ${roundLine(night)}`;
    $("start-round").hidden = Boolean(playing) || night.rounds.length >= night.night.rounds;
    $("start-round").textContent = `Start round ${night.rounds.length + 1}`;
    $("end-round").hidden = !playing;
    if (playing) {
      $("end-round").textContent = playing.bell
        ? `End round ${playing.number} (the bell has rung)`
        : `End round ${playing.number} (ring the bell)`;
    }
    const box = $("organiser-tables");
    box.replaceChildren();
    const last = night.rounds[night.rounds.length - 1];
    if (last) {
      drawSeatLinks(last.number);
      box.append(roundTables(last, nightId, admin, act));
    } else {
      box.append(element("p", { text: "No round yet: start round 1." }));
    }
    $("organiser-standings").replaceChildren(standingsTable(night, "Standings"));
  };
  api(`/api/club/nights/${nightId}`).then(draw).catch((e) => { $("organiser-error").textContent = e.message; });
  listen(nightId, draw);
}

function roundTables(round, nightId, admin, act) {
  const list = element("ol", { class: "tables" });
  for (const t of round.tables) {
    const item = element("li", { class: `table ${t.status}` });
    const score = t.points ? ` ${t.points[0]}–${t.points[1]}` : "";
    item.append(element("p", {
      text: `Table ${t.number} (${t.kind}): ${pairText(t.seats, 0)} v ${pairText(t.seats, 1)} · ${t.status}${score}` +
        (t.kind === "online" ? ` · ${t.hands} hands` : ""),
    }));
    if (t.status === "disputed") {
      item.append(element("p", { class: "dispute", role: "alert", text: `Dispute at table ${t.number}: the sides entered different scores. Settle it:` }));
      const a = element("input", { type: "number", id: `settle-a-${t.number}`, min: "0" });
      const b = element("input", { type: "number", id: `settle-b-${t.number}`, min: "0" });
      const button = element("button", { type: "button", text: "Settle" });
      button.addEventListener("click", () => act(
        `/api/club/nights/${nightId}/rounds/${round.number}/tables/${t.number - 1}/score`,
        { side: "organiser", points: [Number(a.value), Number(b.value)] },
      ));
      item.append(element("div", { class: "field-row" },
        element("label", { for: a.id, text: pairText(t.seats, 0) }), a,
        element("label", { for: b.id, text: pairText(t.seats, 1) }), b, button));
    }
    list.append(item);
  }
  if (round.byes.length) list.append(element("li", { text: `Byes: ${round.byes.join(", ")}` }));
  return list;
}

// ------------------------------------------------------------------ the projector

function showStandings(nightId) {
  $("standings").hidden = false;
  document.body.classList.add("projector");
  const draw = (night) => {
    $("standings-round").textContent = roundLine(night);
    $("standings-table").replaceChildren(standingsTable(night, `Standings: ${night.night.format}, ${night.night.variant}`));
  };
  api(`/api/club/nights/${nightId}`).then(draw).catch((e) => { $("standings-round").textContent = e.message; });
  listen(nightId, draw);
}

// ------------------------------------------------------------------ the phones

function showScore(nightId, key) {
  $("score").hidden = false;
  let night = null;
  let side = null;
  const tableOf = () => {
    const playing = night && currentRound(night);
    return playing ? playing.tables.find((t) => String(t.number) === $("score-table").value) : null;
  };
  const send = async (points) => {
    const playing = currentRound(night);
    const t = tableOf();
    $("score-error").textContent = "";
    try {
      const answer = await api(
        `/api/club/nights/${nightId}/rounds/${playing.number}/tables/${t.number - 1}/score`,
        { method: "POST", body: { key, side: String(side), points } });
      const said = { awaiting: "Sent: waiting for the other side to confirm.",
        confirmed: "Confirmed by both sides.", disputed: "The sides disagree: the organiser has been told." };
      $("score-status").textContent = said[answer.status] || answer.status;
    } catch (error) {
      $("score-error").textContent = error.message;
    }
  };
  $("score-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const ours = Number($("ours").value);
    const theirs = Number($("theirs").value);
    if ($("ours").value === "" || $("theirs").value === "") {
      $("score-error").textContent = "Enter both sides' points.";
      return;
    }
    send(side === 0 ? [ours, theirs] : [theirs, ours]);
  });
  $("confirm-button").addEventListener("click", () => {
    const t = tableOf();
    if (t && t.entered) send(t.entered.points);
  });
  $("wrong-button").addEventListener("click", () => {
    $("score-confirm").hidden = true;
    $("score-form").hidden = false;
  });
  $("score-table").addEventListener("change", () => {
    side = null;
    $("score-status").textContent = "";
    drawTable();
  });
  const drawTable = () => {
    const t = tableOf();
    const sides = $("score-sides");
    sides.replaceChildren();
    $("score-form").hidden = true;
    $("score-confirm").hidden = true;
    if (!t) return;
    for (const s of [0, 1]) {
      const id = `side-${s}`;
      const radio = element("input", { type: "radio", name: "side", id, value: String(s) });
      if (side === s) radio.checked = true;
      radio.addEventListener("change", () => { side = s; $("score-status").textContent = ""; drawTable(); });
      sides.append(element("div", { class: "choice" }, radio, element("label", { for: id, text: `We are ${pairText(t.seats, s)}` })));
    }
    if (side === null) return;
    $("ours-label").textContent = `Our points (${pairText(t.seats, side)})`;
    $("theirs-label").textContent = `Their points (${pairText(t.seats, 1 - side)})`;
    if (t.status === "confirmed") {
      $("score-status").textContent = `Confirmed: ${t.points[0]}–${t.points[1]}.`;
    } else if (t.entered && t.entered.by !== String(side)) {
      const by = Number(t.entered.by);
      const [a, b] = t.entered.points;
      $("score-entered").textContent = `${pairText(t.seats, by)} entered: ${pairText(t.seats, 0)} ${a}, ${pairText(t.seats, 1)} ${b}. Is that right?`;
      $("score-confirm").hidden = false;
    } else {
      $("score-form").hidden = false;
      if (t.status === "disputed") $("score-status").textContent = "The sides disagree: the organiser has been told.";
    }
  };
  const draw = (shown) => {
    night = shown;
    const playing = currentRound(night);
    $("score-round").textContent = playing ? `Round ${playing.number}` : "No round in play: wait for the organiser.";
    const select = $("score-table");
    const chosen = select.value;
    select.replaceChildren();
    if (playing) {
      for (const t of playing.tables.filter((x) => x.kind === "physical")) {
        select.append(element("option", { value: String(t.number), text: `Table ${t.number}: ${pairText(t.seats, 0)} v ${pairText(t.seats, 1)}` }));
      }
      if (chosen) select.value = chosen;
    }
    drawTable();
  };
  api(`/api/club/nights/${nightId}`).then(draw).catch((e) => { $("score-error").textContent = e.message; });
  listen(nightId, draw);
}

// ------------------------------------------------------------------ routing

const parts = location.pathname.split("/").filter(Boolean);
if (parts.length === 1) {
  const params = hashParams();
  if (params.get("night") && params.get("admin")) showOrganiser(params.get("night"), params.get("admin"));
  else showCreate();
} else if (parts.length === 2) {
  showStandings(parts[1]);
} else {
  showScore(parts[1], hashParams().get("key") || "");
}
