// Refusals and connection trouble, shown for a while above the map.
import { $, game } from "./store.js";

let timer;
game.on("error", (error) => {
  const node = $("error");
  node.textContent = `${error.message}${error.rule && !String(error.message).includes(error.rule) ? ` (${error.rule})` : ""} [${error.code}]`;
  node.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => (node.hidden = true), 8000);
});
