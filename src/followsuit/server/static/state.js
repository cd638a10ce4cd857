// The live table's state, shared by the modules that draw it.
import { seatName } from "./api.js";

export const $ = (id) => document.getElementById(id);

export const table = {
  id: null, you: null, view: null, info: null, seats: [], conn: null, selected: new Set(),
  hint: null, focusCode: null, clockBase: null, commitments: {}, verdicts: {},
};

export function name(seat) { return seatName(seat, table.info ? table.info.num_players : 0, table.you); }

export function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
