// The live table's state, shared by the modules that draw it.
import { seatName } from "./api.js";

export const $ = (id) => document.getElementById(id);

export const table = {
  id: null, you: null, view: null, info: null, seats: [], conn: null, selected: new Set(),
  hint: null, focusCode: null, clockBase: null, commitments: {}, verdicts: {},
};

/** How the page calls a seat: "you", "partner (seat 2)", or the name its player
 * chose with where they sit ("Alice, left (seat 1)"). */
export function name(seat) {
  const where = seatName(seat, table.info ? table.info.num_players : 0, table.you);
  const info = seat === null || seat === undefined ? null : table.seats[seat];
  return info && info.name && seat !== table.you ? `${info.name}, ${where}` : where;
}

export function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
