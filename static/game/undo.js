// Undo (docs/server.md, "Undo"): take back your latest action, as long as nothing new has come
// to light since (a die, a card drawn, the opponent acting). The server says what may be
// taken back now (`game.meta.undo`); the button is enabled only then. Keys: U, Ctrl+Z.
import { $, game } from "./store.js";
import { bindKey } from "./keys.js";

const button = $("undo-button");

export function undoAvailable() {
  const u = game.meta?.undo;
  return Boolean(game.seat && game.meta?.status === "active" && game.replaying === null
    && u && u.side === game.seat && u.count > 0);
}

export function undo() {
  if (!undoAvailable() || game.pending) return false;
  if (!game.send({ type: "undo", seq: game.seq })) return false;
  game.setPending(true);
  return true;
}

function render() {
  if (!button) return;
  button.hidden = !game.seat || game.meta?.status !== "active";
  const ok = undoAvailable();
  const u = game.meta?.undo;
  button.disabled = !ok || game.pending;
  button.dataset.count = ok ? String(u.count) : "0";
  const why = u?.blocked ? `Nothing to take back: ${u.blocked}` : "Nothing to take back now";
  button.title = ok ? `Take back your last action (U or Ctrl+Z); ${u.count} may be taken back` : why;
  button.setAttribute("aria-label", ok ? "Undo your last action" : `Undo (unavailable: ${why.replace(/^Nothing to take back:? ?/, "") || "nothing to take back"})`);
}

button?.addEventListener("click", undo);
game.on("view", render);
game.on("pending", render);
bindKey("U", "Undo: take back your last action (also Ctrl+Z)", undo);

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "z") return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  event.preventDefault();
  undo();
});
