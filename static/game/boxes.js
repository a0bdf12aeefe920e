// The boxes beside the map: eliminated units, the Other Fronts box, units waiting on the Turn
// Record Track (and removed ones). Off-map counters carry data-box-unit, not data-unit.
import { $, game } from "./store.js";
import { board } from "./map.js";
import { looseCounter } from "./counters.js";
import { el } from "../api.js";

const BOXES = [
  ["eliminated", "Eliminated", "Units destroyed in combat or by attrition; some may be recreated (14.1.4)."],
  ["other_fronts", "Other Fronts", "Units sent to other fronts by events."],
  ["track", "On the Turn Record Track", "Units that come back on a later turn."],
  ["removed", "Removed", "Units out of the game."],
];

function render() {
  if (!board.ready || !game.view) return;
  const boxes = game.view.boxes || {};
  const parts = [];
  for (const [key, title, help] of BOXES) {
    let entries = [];
    if (key === "track") {
      for (const [turn, ids] of Object.entries(boxes.track || {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
        entries.push(...ids.map((id) => [id, `turn ${turn}`]));
      }
    } else entries = (boxes[key] || []).map((id) => [id, ""]);
    if (!entries.length && key !== "eliminated") continue;
    parts.push(el("section", { class: `box box-${key}`, dataset: { box: key }, title: help },
      el("h3", {}, `${title} (${entries.length})`),
      el("div", { class: "box-units" }, entries.length ? entries.map(([id, note]) => el("figure", { class: "box-unit" },
        looseCounter(id, { dataset: { boxUnit: id } }), note ? el("figcaption", {}, note) : null)) : el("p", { class: "muted" }, "none"))));
  }
  $("boxes").replaceChildren(...parts);
}

game.on("view", render);
game.on("board-ready", render);
