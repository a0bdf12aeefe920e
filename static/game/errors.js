// Refusals and connection trouble, shown for a while above the map.
import { $, game } from "./store.js";

let timer;
// The engine's refusals of a click on the map are told in the prompt bar (prompt.js), not here.
const IN_PROMPT = new Set(["illegal_action", "not_your_turn"]);

game.on("error", (error) => {
  if (IN_PROMPT.has(error.code)) return;
  const node = $("error");
  node.textContent = `${error.message}${error.rule && !String(error.message).includes(error.rule) ? ` (${error.rule})` : ""} [${error.code}]`;
  node.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => (node.hidden = true), 8000);
});
