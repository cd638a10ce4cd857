// The page's entry: one HTML page, three views (new table, a table, the replay
// viewer), chosen by the address. No build step: plain ES modules.
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

const four = document.getElementById("four-colour");
four.checked = localStorage.getItem("fs:four-colour") === "1";
document.body.classList.toggle("four-colour", four.checked);
four.addEventListener("change", () => {
  localStorage.setItem("fs:four-colour", four.checked ? "1" : "0");
  document.body.classList.toggle("four-colour", four.checked);
});

const path = location.pathname;
const match = path.match(/^\/t\/([A-Za-z0-9_-]+)$/);
if (match) showTable(match[1]);
else if (path === "/replay") showReplay();
else showLobby();
