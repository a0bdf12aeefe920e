// The game log: entries arrive with each view; private ones (to one side) are set apart.
import { $, game } from "./store.js";
import { el } from "../api.js";

game.on("view", ({ first, log }) => {
  if (first && log?.length && log[0].id) $("log").replaceChildren();
});

game.on("log", (entry) => {
  const list = $("log");
  if (list.querySelector(`[data-id="${entry.id}"]`)) return;
  list.append(el("li", { dataset: { id: String(entry.id), seq: String(entry.seq), kind: entry.entry?.kind ?? "" },
    class: entry.to ? "private" : "" },
  el("span", { class: "seq" }, `#${entry.seq}`), " ", entry.text));
  list.scrollTop = list.scrollHeight;
});
