// The seat's WebSocket: reconnects with back-off (a phone that slept comes back to
// the same seat and state), and asks for a snapshot when it missed an event.
// While it is down it also asks /healthz a few times a second: the moment the
// server answers, it connects again (and the back-off starts afresh), so a
// restarted server has its pages back within a second.

const HEALTH_EVERY_MS = 300;

export class TableConnection {
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.n = -1;
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams();
    // coming back: the server sends just the events missed since this state
    // (or a whole snapshot when it no longer has them all)
    if (this.n >= 0) query.set("since", String(this.n));
    const text = query.toString();
    return `${scheme}://${location.host}/ws/tables/${this.tableId}${text ? "?" + text : ""}`;
  }

  open() {
    clearInterval(this.countdown);
    this.handlers.status("connecting…", false);
    // the seat token travels as a subprotocol, never in the address (logs keep addresses)
    const protocols = ["followsuit"];
    if (this.token) protocols.push(`token.${this.token}`);
    const ws = new WebSocket(this.url(), protocols);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      clearTimeout(this.retry);
      clearInterval(this.countdown);
      this.handlers.status("connected", true);
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.closed) return;
      if (event.code === 4403 || event.code === 4404) {
        this.handlers.status(event.code === 4404 ? "no such table" : "this seat link is not valid", false);
        return;
      }
      const wait = this.delay + Math.random() * 250;
      this.delay = Math.min(this.delay * 2, 15000);
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.open(), wait);
      this.countDown(Date.now() + wait);
      this.watchHealth();
    };
  }

  /** "retrying in N s", counted down each second until the next try. */
  countDown(at) {
    clearInterval(this.countdown);
    const tell = () => {
      if (this.ws.readyState === WebSocket.OPEN) { clearInterval(this.countdown); return; }
      const s = Math.ceil((at - Date.now()) / 1000);
      this.handlers.status(s > 0 ? `connection lost: retrying in ${s} s` : "connection lost: reconnecting…", false);
    };
    tell();
    this.countdown = setInterval(tell, 1000);
  }

  /** Poll /healthz while the socket is down; connect at once when it answers. */
  watchHealth() {
    if (this.polling) return;
    this.polling = true;
    const poll = async () => {
      if (this.closed || (this.ws && this.ws.readyState === WebSocket.OPEN)) { this.polling = false; return; }
      let up = false;
      try { up = (await fetch("/healthz", { cache: "no-store" })).ok; } catch { up = false; }
      if (up) {
        this.polling = false;
        this.delay = 500;
        if (this.ws.readyState === WebSocket.CLOSED) {
          clearTimeout(this.retry);
          this.open();
        }
        return;
      }
      setTimeout(poll, HEALTH_EVERY_MS);
    };
    setTimeout(poll, HEALTH_EVERY_MS);
  }

  receive(message) {
    if (message.type === "hello") {
      this.n = message.n;
      this.handlers.snapshot(message);
    } else if (message.type === "resume") {
      if (message.n !== this.n) { // not where this page is: start afresh
        this.send({ type: "sync" });
        return;
      }
      this.handlers.resume(message);
    } else if (message.type === "update") {
      if (message.n <= this.n) return; // already had it
      if (message.n > this.n + 1) { // missed one: reload the snapshot
        this.send({ type: "sync" });
        return;
      }
      this.n = message.n;
      this.handlers.update(message);
    } else {
      const handler = this.handlers[message.type];
      if (handler) handler(message);
    }
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  act(text) {
    return this.send({ type: "act", action: text, n: this.n });
  }
}
