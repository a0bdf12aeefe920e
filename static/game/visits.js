// "Since your last visit": the server keeps the last seq each user has seen of a game
// (PUT /api/games/{id}/seen); the page, drawn with what the other side did since then
// (#since-visit), shows it in the situation panel until dismissed, and reports each live
// position the player has had in front of them.
import { $, game } from "./store.js";
import { api } from "../api.js";

const SEND_AFTER_MS = 1500;
let timer = null;
let sent = -1;

function report() {
  timer = null;
  const seq = game.live?.seq;
  if (!game.signedIn || seq === undefined || seq <= sent || document.visibilityState !== "visible") return;
  sent = seq;
  api("PUT", `/api/games/${game.id}/seen`, { seq }).catch(() => { sent = -1; });
}

function later() {
  if (!timer) timer = setTimeout(report, SEND_AFTER_MS);
}

game.on("view", ({ past }) => { if (!past && game.meta?.status !== "open") later(); });
game.on("live", later);
document.addEventListener("visibilitychange", later);

const box = $("since-visit");
$("since-visit-close")?.addEventListener("click", () => { box.hidden = true; });
for (const button of box?.querySelectorAll("[data-seq]") || []) {
  button.addEventListener("click", () => game.emit("history", Number(button.dataset.seq)));
}
