// The situation panel (placeholder until the full panel lands): the view's plain facts.
import { $, game } from "./store.js";
import { el } from "../api.js";

// Shown elsewhere; everything else in the view is listed, nested values folded.
const SKIP = new Set(["game", "viewer", "decision", "prompt", "hand", "units", "control"]);

game.on("view", () => {
  const view = game.view;
  const box = $("facts");
  if (!box) return;
  box.replaceChildren();
  if (!view) return;
  const dl = el("dl");
  const nested = [];
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key)) continue;
    if (value === null || typeof value !== "object") dl.append(el("dt", {}, key.replaceAll("_", " ")), el("dd", {}, String(value)));
    else nested.push([key, value]);
  }
  box.append(dl);
  for (const [key, value] of nested) {
    box.append(el("details", { class: "fact", dataset: { key } },
      el("summary", {}, key.replaceAll("_", " ")),
      el("pre", { class: "json" }, JSON.stringify(value, null, 1))));
  }
});
