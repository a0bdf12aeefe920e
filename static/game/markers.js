// Markers drawn from the view: hexes that changed hands (3.0), trenches and entrenchment
// attempts (10.3), combat markers (7.3.5), Blitz markers (11.5.2), festungs (16.3),
// destroyed fortresses (16.2.2), the Volga fortress, OPS paid to leave a ZOC (7.3.3) — and
// the paths the units of this round took (from the log).
import { game } from "./store.js";
import { board, hexCenter, hexPoints, svgEl } from "./map.js";

const SIDE_COLOUR = { axis: "#5a6168", soviet: "#a4472f" };

game.on("view", () => board.ready && drawMarks());
game.on("board-ready", () => game.view && drawMarks());

function drawMarks() {
  const view = game.view;
  const layer = board.layers.marks;
  layer.replaceChildren();
  const m = view.markers || {};
  const owner = board.data.owner_1941;
  // Control that differs from the printed (June 1941) owner: a flag in the hex's upper left.
  for (const [hex, side] of Object.entries(view.control || {})) {
    if (owner[hex] && owner[hex] !== side) layer.append(controlFlag(hex, side));
  }
  for (const [hex, side] of Object.entries(m.trench || {})) layer.append(trench(hex, side, false));
  for (const attempt of view.decision?.entrench || []) {
    const hex = attempt.hex ?? attempt;
    if (!m.trench?.[hex]) layer.append(trench(hex, view.active, true));
  }
  for (const hex of m.combat || []) layer.append(roundMarker(hex, "combat", "#c0392b", "⚔", "Combat marker: units here may attack this round (7.3.5)"));
  for (const hex of m.blitz || []) layer.append(roundMarker(hex, "blitz", "#1f6fbf", "B", "Blitz marker: exploitation from here and next to it (11.5.2, 12.0)"));
  for (const hex of m.move || []) layer.append(cornerTag(hex, "zoc-paid", "1", "#6b4f9c", "1 OPS paid to leave the enemy ZOC here (7.3.3)"));
  for (const hex of m.festung || []) layer.append(fort(hex, "festung", "#39414a", "Festung (16.3)"));
  if (m.volga_fortress) layer.append(fort(m.volga_fortress, "volga-fortress", "#a4472f", "Volga fortress (The Volga Has Only One Bank)"));
  for (const hex of m.fortress_destroyed || []) layer.append(destroyed(hex));
  drawPaths();
}

function controlFlag(hex, side) {
  const [cx, cy] = hexCenter(hex);
  const x = cx - 30;
  const y = cy - 24;
  const g = svgEl("g", { class: `control-flag ${side}`, dataset: { control: hex }, transform: `translate(${x},${y})` },
    svgEl("title", { text: `${side === "axis" ? "Axis" : "Soviet"}-held since 1941 (3.0)` }),
    svgEl("rect", { width: 14, height: 10, rx: 1.5, fill: side === "axis" ? "#4b5259" : "#c0392b", stroke: "#fff", "stroke-width": 1 }));
  if (side === "axis") {
    g.append(svgEl("path", { d: "M7,1.5V8.5M3,5H11", stroke: "#fff", "stroke-width": 2.2 }),
      svgEl("path", { d: "M7,2.3V7.7M3.8,5H10.2", stroke: "#111", "stroke-width": 1.1 }));
  } else {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 1.5 : 3.6;
      const a = (Math.PI / 180) * (-90 + 36 * i);
      pts.push(`${(7 + r * Math.cos(a)).toFixed(1)},${(5.2 + r * Math.sin(a)).toFixed(1)}`);
    }
    g.append(svgEl("polygon", { points: pts.join(" "), fill: "#f5c518" }));
  }
  return g;
}

function trench(hex, side, attempt) {
  const [cx, cy] = hexCenter(hex);
  const colour = SIDE_COLOUR[side] || "#555";
  return svgEl("g", { class: `trench ${attempt ? "attempt" : ""}`, dataset: { trench: hex } },
    svgEl("title", { text: attempt ? "Entrenchment attempt: rolled at the end of movement (10.3.1)" : `${side === "axis" ? "Axis" : "Soviet"} trench (10.3)` }),
    svgEl("polygon", { points: hexPoints(hex, 3), fill: "none", stroke: colour, "stroke-width": 5,
      "stroke-dasharray": attempt ? "4 5" : "9 3", "stroke-opacity": attempt ? 0.7 : 0.95 }),
    svgEl("path", { d: `M${cx - 16},${cy + 27}l4,-5l4,5l4,-5l4,5l4,-5l4,5l4,-5l4,5`, fill: "none", stroke: colour, "stroke-width": 2 }));
}

function roundMarker(hex, kind, colour, text, help) {
  const [cx, cy] = hexCenter(hex);
  const dy = kind === "blitz" ? -6 : 14; // lower left of the hex, clear of a stack (it fans up and right)
  return svgEl("g", { class: `round-marker ${kind}`, dataset: { [kind]: hex }, transform: `translate(${cx - 29},${cy + dy})` },
    svgEl("title", { text: help }),
    svgEl("circle", { r: 10, fill: colour, stroke: "#fff", "stroke-width": 1.5 }),
    svgEl("text", { y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff", text }));
}

function cornerTag(hex, kind, text, colour, help) {
  const [cx, cy] = hexCenter(hex);
  return svgEl("g", { class: kind, transform: `translate(${cx + 29},${cy + 14})` },
    svgEl("title", { text: help }),
    svgEl("rect", { x: -7, y: -7, width: 14, height: 14, rx: 3, fill: colour, stroke: "#fff" }),
    svgEl("text", { y: 4, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#fff", text }));
}

function fort(hex, kind, colour, help) {
  const [cx, cy] = hexCenter(hex);
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 26 * 0.75 : 26;
    const a = (Math.PI / 180) * (-90 + 36 * i);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return svgEl("g", { class: kind, dataset: { [kind === "festung" ? "festung" : "fortress"]: hex } },
    svgEl("title", { text: help }),
    svgEl("polygon", { points: pts.join(" "), fill: "none", stroke: colour, "stroke-width": 3.5 }));
}

function destroyed(hex) {
  const [cx, cy] = hexCenter(hex);
  return svgEl("g", { class: "fortress-destroyed", transform: `translate(${cx},${cy})` },
    svgEl("title", { text: "Fortress destroyed (16.2.2)" }),
    svgEl("path", { d: "M-14,-14L14,14M14,-14L-14,14", stroke: "#111", "stroke-width": 3, "stroke-opacity": 0.7 }));
}

// ---- paths of this round's moves ---------------------------------------------------------------

const MOVE_KINDS = new Set(["move", "rail", "sea", "exploit", "retreat", "advance"]);
let recent = []; // {kind, path, turn, round, seq}

game.on("log", (entry) => {
  const e = entry.entry;
  if (!e || !MOVE_KINDS.has(e.kind) || !Array.isArray(e.path) || e.path.length < 2) return;
  recent.push({ kind: e.kind, path: e.path, turn: e.turn, round: e.round, unit: e.unit, seq: entry.seq });
  if (board.ready) drawPaths();
});

function drawPaths() {
  const view = game.view;
  const layer = board.layers.paths;
  layer.replaceChildren();
  if (!view) return;
  // this action round's moves (both halves of a turn-1 round stay until the round changes)
  recent = recent.filter((r) => r.turn === view.turn && r.round === view.round);
  for (const r of recent) {
    const pts = r.path.map(hexCenter);
    const d = pts.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join("");
    layer.append(svgEl("path", { class: `move-path ${r.kind}`, d, "marker-end": `url(#arrow-${r.kind})` }));
  }
}
