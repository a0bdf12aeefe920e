// The board: one SVG with the static map (fetched once from its content-hashed URL) and
// layers for the pieces and markers, which other modules draw from each view.
//
//   #layer-map       the static map: terrain, rivers, rail, names; its hex polygons carry
//                    data-hex="CCRR" and get the class "legal" when the player may act on them
//   #layer-marks     control, trenches, combat/blitz markers, fortifications
//   #layer-paths     this round's moves (arrows from the log)
//   #layer-plan      the ways the selected unit may take (retreats, a chosen path)
//   #layer-counters  the counters, stacked (data-unit="<unit id>")
//   #layer-badges    costs and hints over the counters (never catch the pointer)
//   #layer-top       an expanded stack, lifted above everything
import { $, game } from "./store.js";
import { setHexNames } from "./labels.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// Colours of the arrows showing where units went (also in game.css, .move-path).
export const PATH_COLOURS = { move: "#1d5fa8", rail: "#333", sea: "#0b7a8a", exploit: "#7b2fbf", retreat: "#c0392b",
  advance: "#d9822b", plan: "#e0a800" };
const boardEl = $("board");

export const board = {
  ready: false,
  svg: null,          // the root <svg>
  data: null,         // the board data: hexes, owner_1941, units, turns, fire_tables
  hexEls: new Map(),  // hex id -> its polygon in the static map
  layers: {},
  viewBox: null,      // the whole board's [x, y, w, h]
};

export function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export function hexCenter(hex) {
  const h = board.data?.hexes[hex];
  return h ? [h.x, h.y] : [0, 0];
}

// Corners of a hex (flat-topped, corner radius = the board's scale) as an SVG points string.
export function hexPoints(hex, inset = 0) {
  const [x, y] = hexCenter(hex);
  const r = board.data.scale - inset;
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

export async function loadBoard() {
  const svgUrl = boardEl.dataset.mapSvg;
  const dataUrl = boardEl.dataset.mapData;
  if (!svgUrl || !dataUrl) return false;
  const [svgText, data] = await Promise.all([
    fetch(svgUrl).then((r) => r.text()),
    fetch(dataUrl).then((r) => r.json()),
  ]);
  board.data = data;
  const names = {};
  for (const [id, h] of Object.entries(data.hexes)) if (h.name) names[id] = h.name;
  setHexNames(names);

  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  const [x, y, w, h] = data.view_box;
  board.viewBox = [x, y, w, h];
  const svg = svgEl("svg", {
    id: "map-svg", class: "map-svg", viewBox: `${x} ${y} ${w} ${h}`,
    "font-family": parsed.getAttribute("font-family"), role: "img", "aria-label": "The map",
  });
  const defs = svgEl("defs");
  for (const [kind, colour] of Object.entries(PATH_COLOURS)) {
    defs.append(svgEl("marker", { id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 3.5,
      markerHeight: 3.5, orient: "auto-start-reverse" }, svgEl("path", { d: "M0,0L10,5L0,10z", fill: colour })));
  }
  svg.append(defs);
  const mapLayer = svgEl("g", { id: "layer-map" });
  for (const child of [...parsed.childNodes]) mapLayer.append(document.importNode(child, true));
  svg.append(mapLayer);
  for (const name of ["marks", "paths", "plan", "counters", "badges", "top"]) {
    board.layers[name] = svgEl("g", { id: `layer-${name}` });
    svg.append(board.layers[name]);
  }
  board.layers.map = mapLayer;
  for (const poly of mapLayer.querySelectorAll("[data-hex]")) board.hexEls.set(poly.dataset.hex, poly);
  board.svg = svg;
  const viewport = $("board-viewport");
  viewport.replaceChildren(svg);
  board.ready = true;
  game.emit("board-ready", board);
  return true;
}

// Mark exactly these hexes as ones the player may act on now.
let legalHexes = new Set();
export function setLegalHexes(hexes, titles = {}) {
  const next = new Set(hexes);
  for (const hex of legalHexes) {
    if (!next.has(hex)) {
      const el = board.hexEls.get(hex);
      el?.classList.remove("legal");
      el?.querySelector("title")?.remove();
    }
  }
  for (const hex of next) {
    const el = board.hexEls.get(hex);
    if (!el) continue;
    el.classList.add("legal");
    let title = el.querySelector("title");
    if (titles[hex]) {
      if (!title) el.append((title = svgEl("title")));
      title.textContent = titles[hex];
    } else title?.remove();
  }
  legalHexes = next;
  boardEl.classList.toggle("picking-hex", next.size > 0);
}

export function isLegalHex(hex) {
  return legalHexes.has(hex);
}
