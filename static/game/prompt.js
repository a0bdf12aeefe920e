// The prompt bar above the map: whose turn and what to do, in words.
import { $, cap, game } from "./store.js";

// The engine's decision prompt: {"prompt": {side: text}}; spectators see every side's.
export function promptText(view, seat) {
  const prompt = view?.decision?.prompt ?? view?.prompt;
  if (!prompt) return "";
  if (typeof prompt === "string") return prompt;
  if (seat && prompt[seat]) return prompt[seat];
  if (seat) return "";
  return Object.entries(prompt).map(([side, text]) => `${cap(side)}: ${text}`).join(" · ");
}

game.on("view", render);

function render() {
  const meta = game.meta;
  const waiting = meta && meta.status === "active" && game.seat && !meta.active_sides.includes(game.seat);
  let text = promptText(game.view, game.seat);
  if (!text) {
    if (!meta) text = "…";
    else if (meta.status === "open") text = "Waiting for an opponent to join.";
    else if (meta.status !== "active") text = "The game is over.";
    else if (!game.seat) text = "You are watching.";
    else if (waiting) text = `Waiting for ${meta.active_sides.map(cap).join(" & ")}.`;
  }
  $("prompt").textContent = text;
  $("prompt-bar").classList.toggle("my-turn", game.myTurn());
}
