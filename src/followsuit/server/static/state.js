// The live table's state, shared by the modules that draw it.
import { seatName } from "./api.js";

export const $ = (id) => document.getElementById(id);

export const table = {
  id: null, you: null, view: null, info: null, seats: [], conn: null, selected: new Set(),
  hint: null, focusCode: null, clockBase: null, commitments: {}, verdicts: {},
  online: false, // the WebSocket is open: nothing is offered while it is not
  held: null, // the finished trick kept on the felt: {plays, winner, done, timer}
  queue: [], // updates that came while a trick was held, applied after it
  zone: null, // where the player's focus last was: "hand", "controls" or "elsewhere"
  phrases: [], // the table's preset chat phrases
  lastAction: null, // the text of the player's last action (its button keeps the focus)
  pending: null, // an action sent and not yet answered: {text, timer}
};

/** How the page calls a seat: "you", "partner (seat 2)", or the name its player
 * chose with where they sit ("Alice, left (seat 1)"). */
export function name(seat) {
  const where = seatName(seat, table.info ? table.info.num_players : 0, table.you);
  const info = seat === null || seat === undefined ? null : table.seats[seat];
  return info && info.name && seat !== table.you ? `${info.name}, ${where}` : where;
}

export function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
