// Talking to the server over HTTP: JSON in, JSON out, errors as {error, field}.

export class ApiError extends Error {
  constructor(message, field, status) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["content-type"] = "application/json";
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(data && data.error ? data.error : `HTTP ${response.status}`,
      data && data.field, response.status);
  }
  return data;
}

export function element(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

const announcer = () => document.getElementById("announce");

/** Say something to screen readers (the aria-live region). */
export function announce(text) {
  const line = document.createElement("p");
  line.textContent = text;
  const box = announcer();
  box.append(line);
  while (box.childNodes.length > 6) box.firstChild.remove();
}

export function seatName(seat, n, you) {
  if (seat === null || seat === undefined) return "the table";
  if (seat === you) return "you";
  if (n === 4 && you !== null && you !== undefined) {
    const rel = (seat - you + 4) % 4;
    return ["you", "left", "partner", "right"][rel] + ` (seat ${seat})`;
  }
  return `seat ${seat}`;
}
