// Table chat: short free text and preset phrases; a player may mute it.
import { announce, element } from "./api.js";
import { $, capital, name, table } from "./state.js";

export function muted() { return localStorage.getItem("fs:mute") === "1"; }

export function renderChat(lines, phrases) {
  $("chat-log").replaceChildren();
  if (!muted()) for (const line of lines) addChat(line);
  if (phrases) table.phrases = phrases; // muting redraws the log, not the phrases
  const box = $("phrases");
  box.replaceChildren(...(table.phrases || []).map((p, k) => {
    const b = element("button", { type: "button" }, p);
    b.addEventListener("click", () => table.conn.send({ type: "chat", phrase: k }));
    return b;
  }));
  $("chat-box").hidden = table.you === null && !lines.length;
}

function addChat(line) {
  const log = $("chat-log");
  log.append(element("li", {}, element("strong", { text: `${capital(name(line.seat))}: ` }), line.text));
  log.scrollTop = log.scrollHeight;
}

export function onChat(m) {
  if (muted() && m.seat !== table.you) return;
  addChat(m);
  if (m.seat !== table.you) announce(`${capital(name(m.seat))} says: ${m.text}`);
}
