// Units the player may bring onto the map now (reinforcements, recreated units, a Kampfgruppe):
// shown in a tray above the map; click one, then a highlighted hex.
import { $, game } from "./store.js";
import { board } from "./map.js";
import { looseCounter } from "./counters.js";
import { el } from "../api.js";
import { activate } from "./play.js";

const tray = $("tray");
const OFF_MAP = new Set(["place", "recreate", "kampfgruppe"]);

function render() {
  if (!board.ready || !game.view) return;
  const onMap = new Set(game.view.units.filter((u) => u.hex).map((u) => u.id));
  const waiting = [];
  for (const a of game.actions) {
    if (OFF_MAP.has(a.type) && a.unit && !onMap.has(a.unit) && !waiting.includes(a.unit)) waiting.push(a.unit);
  }
  tray.hidden = !waiting.length;
  if (!waiting.length) {
    tray.replaceChildren();
    return;
  }
  const eliminated = new Set(game.view.boxes?.eliminated || []);
  tray.replaceChildren(
    el("span", { class: "tray-title" }, "To place:"),
    ...waiting.map((id) => {
      const svg = looseCounter(id, { dataset: { unit: id } }, eliminated.has(id) ? 0 : 0);
      const button = el("button", { type: "button", class: "tray-unit", title: board.data.units[id]?.name || id,
        onclick: () => activate(id) }, svg);
      return button;
    }));
}

game.on("view", render);
game.on("board-ready", render);
