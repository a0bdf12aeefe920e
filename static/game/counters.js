// The counters on the map, drawn from each view and updated in place (an element per unit,
// moved, not rebuilt, when its unit moves). A hex with several units shows them stacked;
// clicking a stack spreads it out so that each counter can be clicked.
import { game } from "./store.js";
import { board, hexCenter, svgEl } from "./map.js";

export const SIZE = 44; // a counter's side, in map units (a hex is 80 wide, 69 high)
const STACK_STEP = 5;

// Face and ink of each nationality. Chosen so that the ink reads at 4.5:1 or better and the
// Soviet red stays apart from every Axis colour under red-green and blue-yellow colour
// blindness (tests/browser/test_phone_keyboard.py simulates them).
export const NATION = { // face, ink
  GE: ["#9aa3aa", "#111"], SU: ["#a8341f", "#fff"], RO: ["#d9c25a", "#111"],
  HU: ["#93b86a", "#111"], IT: ["#2f6ea5", "#fff"], FI: ["#e8eef3", "#123"],
};
const SIZE_MARK = { corps: "XXX", army: "XXXX", front: "XXXXX" };
const STACK_ORDER = { fortified_zone: 0, bunker: 1, partisan: 5, stalin: 6 };
const ARMOUR = new Set(["panzer", "tank", "guards_tank", "mech", "motorized"]);

const elements = new Map(); // unit id -> <g>
let stacks = new Map();     // hex -> [unit, ...] bottom first
let expanded = null;        // hex whose stack is spread out

export function counterEl(id) {
  return elements.get(id);
}

export function stackAt(hex) {
  return stacks.get(hex) || [];
}

export function strengthText(u) {
  const { attack: a, defense: d, ma } = u;
  const parts = a !== d ? [a, d] : [a];
  if (ma !== undefined && ma !== null) parts.push(ma);
  return parts.join("-");
}

function stackKey(u) {
  if (u.kind in STACK_ORDER) return STACK_ORDER[u.kind];
  if (u.lcu) return 2;
  return ARMOUR.has(u.kind) ? 4 : 3;
}

// ---- drawing one counter ------------------------------------------------------------------------

function nato(kind, x, y, w, h, ink) {
  const sw = 1.3;
  const line = (d, width = sw) => svgEl("path", { d, stroke: ink, "stroke-width": width, fill: "none" });
  const X = line(`M${x},${y}L${x + w},${y + h}M${x + w},${y}L${x},${y + h}`);
  const oval = svgEl("ellipse", { cx: x + w / 2, cy: y + h / 2, rx: w * 0.32, ry: h * 0.28, fill: "none", stroke: ink, "stroke-width": sw });
  const slash = line(`M${x},${y + h}L${x + w},${y}`);
  const letter = (t) => svgEl("text", { x: x + w / 2, y: y + h * 0.8, "font-size": h * 0.8, "font-weight": "bold", "text-anchor": "middle", fill: ink, text: t });
  const box = svgEl("rect", { x, y, width: w, height: h, fill: "none", stroke: ink, "stroke-width": sw });
  const body = {
    infantry: [X], mountain: [X, svgEl("path", { d: `M${x + w * 0.38},${y + h}L${x + w / 2},${y + h * 0.7}L${x + w * 0.62},${y + h}Z`, fill: ink })],
    cavalry: [slash], guards_cavalry: [slash, letter("G")], panzer: [oval], tank: [oval], guards_tank: [oval, letter("G")],
    mech: [X, oval], motorized: [X, svgEl("circle", { cx: x + w * 0.3, cy: y + h, r: 1.3, fill: ink }), svgEl("circle", { cx: x + w * 0.7, cy: y + h, r: 1.3, fill: ink })],
    shock: [X, line(`M${x},${y + h / 2}H${x + w}`, sw * 1.8)], maritime: [X, line(`M${x + w * 0.2},${y + h * 0.85}q${w * 0.15},${-h * 0.2} ${w * 0.3},0t${w * 0.3},0`)],
    guards: [X, letter("G")], partisan: [letter("P")],
    bunker: [line(`M${x + w * 0.2},${y + h * 0.8}V${y + h * 0.35}H${x + w * 0.8}V${y + h * 0.8}`, sw * 1.4)],
    fortified_zone: [line(`M${x + w * 0.1},${y + h * 0.7}l${w * 0.13},${-h * 0.35}l${w * 0.13},${h * 0.35}l${w * 0.13},${-h * 0.35}l${w * 0.13},${h * 0.35}l${w * 0.13},${-h * 0.35}l${w * 0.13},${h * 0.35}`)],
  }[kind] || [X];
  return [box, ...body];
}

function star(cx, cy, r, fill, stroke) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 ? r * 0.42 : r;
    const a = (Math.PI / 180) * (-90 + 36 * i);
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return svgEl("polygon", { points: pts.join(" "), fill, stroke, "stroke-width": 0.8 });
}

function face(u) {
  const [fill, ink] = NATION[u.nationality] || ["#bbb", "#111"];
  const S = SIZE;
  const parts = [svgEl("rect", { class: "face", width: S, height: S, rx: 4, fill, stroke: "#1b1b1b", "stroke-width": 1.2 })];
  if (u.kind === "stalin") {
    parts.push(star(S / 2, S * 0.4, S * 0.26, "#f5c518", "#5a3d00"));
    parts.push(svgEl("text", { class: "label", x: S / 2, y: S - 5, "font-size": 10, "font-weight": "bold", "text-anchor": "middle", fill: ink, text: "Stalin" }));
    return parts;
  }
  parts.push(svgEl("text", { class: "size", x: S / 2, y: 7.5, "font-size": 6.5, "text-anchor": "middle", fill: ink, "letter-spacing": -0.3, text: SIZE_MARK[u.size] || "" }));
  parts.push(...nato(u.kind, S * 0.27, 10, S * 0.46, S * 0.28, ink));
  const label = String(u.label || u.id);
  parts.push(svgEl("text", { class: "label", x: S / 2, y: 31.5, "font-size": label.length > 6 ? 8 : 10, "font-weight": 600, "text-anchor": "middle", fill: ink, text: label }));
  parts.push(svgEl("text", { class: "strength", x: S / 2, y: S - 2.5, "font-size": 12.5, "font-weight": "bold", "text-anchor": "middle", fill: ink, text: strengthText(u) }));
  // steps left, as pips down the right edge (a unit of one step shows none)
  if (u.steps > 1) {
    for (let i = 0; i < u.steps; i++) {
      parts.push(svgEl("circle", { class: i < u.steps - u.lost ? "pip" : "pip lost", cx: S - 3.5, cy: 4 + i * 4.2, r: 1.5,
        fill: i < u.steps - u.lost ? ink : "none", stroke: ink, "stroke-width": 0.6 }));
    }
  }
  if (u.reduced) parts.push(svgEl("path", { class: "reduced", d: `M0,${S * 0.28}L${S * 0.28},0H${S * 0.4}L0,${S * 0.4}Z`, fill: "#fff", "fill-opacity": 0.8 }));
  if (u.supply === "none") parts.push(tag("OOS", "#c92a2a"));
  else if (u.supply === "limited") parts.push(tag("LTD", "#d9822b"));
  return parts;
}

function tag(text, colour) {
  return svgEl("g", { class: `supply-tag ${text.toLowerCase()}` },
    svgEl("rect", { x: SIZE - 20, y: -7, width: 24, height: 11, rx: 2, fill: colour, stroke: "#fff", "stroke-width": 0.8 }),
    svgEl("text", { x: SIZE - 8, y: 1.5, "font-size": 8, "font-weight": "bold", "text-anchor": "middle", fill: "#fff", text }));
}

function signature(u) {
  return [u.label, u.attack, u.defense, u.ma, u.lost, u.supply, u.kind].join("|");
}

function title(u, hex) {
  const h = board.data.hexes[hex];
  const supply = { full: "in supply", limited: "limited (fortress) supply", none: "OUT OF SUPPLY" }[u.supply] || u.supply;
  return `${u.name} (${u.label}) — ${strengthText(u)}${u.steps > 1 ? `, ${u.steps - u.lost} of ${u.steps} steps` : ""}, ${supply}` +
    ` — ${h?.name ? `${h.name} ` : ""}${hex}`;
}

// A counter outside the map (the tray of units to place, the boxes): its own small <svg>.
// `attrs` go on the counter's <g> (the tray gives data-unit; the boxes data-box-unit).
export function looseCounter(id, attrs = {}, lost = 0) {
  const d = board.data.units[id];
  if (!d) return null;
  const step = d.steps[Math.min(lost, d.steps.length - 1)];
  const u = { id, ...d, attack: step[0], defense: step[1], ma: step[2], steps: d.steps.length, lost, reduced: lost > 0, supply: "full" };
  const g = svgEl("g", { class: "counter", ...attrs }, svgEl("title", { text: `${d.name} (${d.label}) — ${strengthText(u)}` }), ...face(u));
  return svgEl("svg", { class: "loose-counter", viewBox: `-3 -9 ${SIZE + 10} ${SIZE + 12}`, width: SIZE + 10, height: SIZE + 12 }, g);
}

// ---- the whole layer ----------------------------------------------------------------------------

game.on("view", ({ view }) => {
  if (view && board.ready) draw(view);
});
game.on("board-ready", () => game.view && draw(game.view));

export function draw(view) {
  const layer = board.layers.counters;
  const seen = new Set();
  const next = new Map();
  for (const u of view.units) {
    if (!u.hex) continue;
    if (!next.has(u.hex)) next.set(u.hex, []);
    next.get(u.hex).push(u);
  }
  for (const list of next.values()) list.sort((a, b) => stackKey(a) - stackKey(b));
  stacks = next;
  for (const [hex, list] of next) {
    list.forEach((u, i) => {
      seen.add(u.id);
      let el = elements.get(u.id);
      if (!el) {
        el = svgEl("g", { class: "counter", dataset: { unit: u.id } });
        elements.set(u.id, el);
      }
      const sig = signature(u);
      if (el.dataset.sig !== sig) {
        el.replaceChildren(svgEl("title"), ...face(u));
        el.dataset.sig = sig;
      }
      el.firstChild.textContent = title(u, hex) +
        (list.length > 1 ? `\nIn this hex (${list.length}): ${list.map((o) => `${o.label} ${strengthText(o)}`).join(", ")} — click to spread the stack` : "");
      el.dataset.hex = hex;
      el.dataset.side = u.side;
      el.classList.toggle("oos", u.supply === "none");
      el.dataset.stackIndex = String(i);
      el.dataset.stackSize = String(list.length);
      layer.append(el); // keeps document order bottom → top
    });
  }
  for (const [id, el] of elements) {
    if (!seen.has(id)) {
      el.remove();
      elements.delete(id);
    }
  }
  drawPartisans(view);
  if (expanded && !stacks.has(expanded)) expanded = null;
  layout();
  game.emit("counters-drawn");
}

// Inactive partisans (16.1.3): markers whose strength nobody knows yet.
function drawPartisans(view) {
  const layer = board.layers.counters;
  layer.querySelectorAll(".partisan-marker").forEach((n) => n.remove());
  for (const hex of view.markers?.inactive_partisans || []) {
    const [cx, cy] = hexCenter(hex);
    const n = stackAt(hex).length;
    const x = cx - SIZE / 2 + (n ? SIZE * 0.35 : 0);
    const y = cy - SIZE / 2 - (n ? SIZE * 0.2 : 0);
    layer.append(svgEl("g", { class: "partisan-marker", dataset: { partisan: hex }, transform: `translate(${x},${y})` },
      svgEl("title", { text: `Inactive partisans at ${hex}: their strength is unknown until they activate (16.1.3)` }),
      svgEl("rect", { width: SIZE * 0.8, height: SIZE * 0.8, rx: 4, fill: "#2f3b2a", stroke: "#0d120b", "stroke-width": 1.2 }),
      svgEl("text", { x: SIZE * 0.4, y: SIZE * 0.5, "font-size": 16, "font-weight": "bold", "text-anchor": "middle", fill: "#d9e3c8", text: "?" }),
      svgEl("text", { x: SIZE * 0.4, y: SIZE * 0.72, "font-size": 6.5, "text-anchor": "middle", fill: "#d9e3c8", text: "PARTISANS" })));
  }
}

// Place every counter: stacked (fanned slightly, a count badge on top), or spread out.
function layout() {
  if (!board.ready) return;
  board.layers.badges.querySelectorAll(".stack-badge").forEach((n) => n.remove());
  // every counter back in its layer, bottom of each stack first; then spread the one opened
  for (const list of stacks.values()) for (const u of list) board.layers.counters.append(elements.get(u.id));
  board.layers.counters.querySelectorAll(".partisan-marker").forEach((n) => board.layers.counters.append(n));
  board.layers.top.replaceChildren();
  for (const [hex, list] of stacks) {
    const [cx, cy] = hexCenter(hex);
    const n = list.length;
    const spread = hex === expanded && n > 1;
    if (spread) {
      const gap = 4;
      const width = n * SIZE + (n - 1) * gap;
      board.layers.top.append(svgEl("rect", { class: "stack-backdrop", x: cx - width / 2 - 5, y: cy - SIZE / 2 - 5,
        width: width + 10, height: SIZE + 10, rx: 6 }));
    }
    list.forEach((u, i) => {
      const el = elements.get(u.id);
      let x, y;
      if (spread) {
        const gap = 4;
        const width = n * SIZE + (n - 1) * gap;
        x = cx - width / 2 + i * (SIZE + gap);
        y = cy - SIZE / 2;
        board.layers.top.append(el);
      } else {
        const off = (i - (n - 1) / 2) * STACK_STEP;
        x = cx - SIZE / 2 + off;
        y = cy - SIZE / 2 - off;
      }
      el.style.transform = `translate(${x}px, ${y}px)`;
      el.classList.toggle("spread", spread);
      el.classList.toggle("covered", !spread && i < n - 1);
    });
    if (n > 1 && !spread) {
      const off = ((n - 1) / 2) * STACK_STEP;
      board.layers.badges.append(svgEl("g", { class: "stack-badge", transform: `translate(${cx + SIZE / 2 + off - 2},${cy - SIZE / 2 - off + 2})` },
        svgEl("circle", { r: 7.5 }), svgEl("text", { y: 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", text: String(n) })));
    }
  }
}

export function expandStack(hex) {
  expanded = hex && stackAt(hex).length > 1 ? hex : null;
  layout();
  game.emit("stack", expanded);
}

export function expandedStack() {
  return expanded;
}
