// Pan and zoom by changing the SVG's viewBox (the map stays vector-sharp at every zoom):
// wheel (around the pointer), drag, two-finger pinch, the +/− and fit buttons, keys + − 0.
import { $, game } from "./store.js";
import { board } from "./map.js";
import { bindKey } from "./keys.js";

const MIN_SCALE = 0.25;  // screen pixels per map unit
const MAX_SCALE = 4;
const DRAG_SLOP = 6;     // pixels a press may travel and still be a click

const viewport = $("board-viewport");
const view = { x: 0, y: 0, scale: 1 }; // map point at the top-left corner, and the zoom
const drawn = { x: 0, y: 0, scale: 1 }; // the same, as the SVG's viewBox last drew it
let frame = 0;
let settle = 0;
let live = false; // a gesture is under way: move the drawn picture (GPU), redraw when it ends

export const panzoom = { view, zoomBy, zoomTo, fit, centerOn, moved: false };

// While a drag, pinch or wheel burst goes on, the SVG drawn last is moved and scaled by a CSS
// transform (cheap); when it stops, the viewBox is set and the map is drawn sharp again.
function apply() {
  frame = 0;
  if (!board.svg) return;
  if (live) {
    const k = view.scale / drawn.scale;
    const tx = (drawn.x - view.x) * view.scale;
    const ty = (drawn.y - view.y) * view.scale;
    board.svg.style.transform = `translate(${tx.toFixed(1)}px, ${ty.toFixed(1)}px) scale(${k.toFixed(4)})`;
    return;
  }
  const w = viewport.clientWidth / view.scale;
  const h = viewport.clientHeight / view.scale;
  board.svg.setAttribute("viewBox", `${view.x.toFixed(1)} ${view.y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  board.svg.style.transform = "";
  Object.assign(drawn, view);
  viewport.dataset.zoom = view.scale.toFixed(2);
  game.emit("zoom", view.scale);
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(apply);
}

function beginLive() {
  live = true;
  clearTimeout(settle);
}

function endLive(delay = 0) {
  clearTimeout(settle);
  settle = setTimeout(() => {
    live = false;
    schedule();
  }, delay);
}

function clampScale(s) {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));
}

// Zoom by a factor, keeping the map point under (px, py) (viewport pixels) where it is.
export function zoomBy(factor, px = viewport.clientWidth / 2, py = viewport.clientHeight / 2) {
  const next = clampScale(view.scale * factor);
  const mx = view.x + px / view.scale;
  const my = view.y + py / view.scale;
  view.scale = next;
  view.x = mx - px / next;
  view.y = my - py / next;
  schedule();
}

export function zoomTo(scale) {
  zoomBy(scale / view.scale);
}

// Show the whole board.
export function fit() {
  const [x, y, w, h] = board.viewBox;
  view.scale = clampScale(Math.min(viewport.clientWidth / w, viewport.clientHeight / h));
  view.x = x + w / 2 - viewport.clientWidth / 2 / view.scale;
  view.y = y + h / 2 - viewport.clientHeight / 2 / view.scale;
  schedule();
}

// Put a map point at the centre, at a given zoom (or the current one).
export function centerOn(mx, my, scale = view.scale) {
  view.scale = clampScale(scale);
  view.x = mx - viewport.clientWidth / 2 / view.scale;
  view.y = my - viewport.clientHeight / 2 / view.scale;
  schedule();
}

// ---- pointer input ---------------------------------------------------------------------------

const pointers = new Map(); // id -> {x, y}
let gesture = null;         // {kind: "drag" | "pinch", ...}

viewport.addEventListener("wheel", (event) => {
  event.preventDefault();
  const rect = viewport.getBoundingClientRect();
  const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
  beginLive();
  zoomBy(factor, event.clientX - rect.left, event.clientY - rect.top);
  endLive(150);
}, { passive: false });

viewport.addEventListener("pointerdown", (event) => {
  if (event.button !== 0 && event.pointerType === "mouse") return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size === 1) {
    gesture = { kind: "drag", startX: event.clientX, startY: event.clientY, viewX: view.x, viewY: view.y, moved: false };
  } else if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    const rect = viewport.getBoundingClientRect();
    gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale,
      cx: (a.x + b.x) / 2 - rect.left, cy: (a.y + b.y) / 2 - rect.top, moved: true };
    panzoom.moved = true;
    beginLive();
  }
});

viewport.addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (!gesture) return;
  if (gesture.kind === "drag") {
    const dx = event.clientX - gesture.startX;
    const dy = event.clientY - gesture.startY;
    if (!gesture.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!gesture.moved) {
      viewport.setPointerCapture(event.pointerId);
      beginLive();
    }
    gesture.moved = true;
    panzoom.moved = true;
    viewport.classList.add("dragging");
    view.x = gesture.viewX - dx / view.scale;
    view.y = gesture.viewY - dy / view.scale;
    schedule();
  } else if (gesture.kind === "pinch" && pointers.size >= 2) {
    const [a, b] = [...pointers.values()];
    const rect = viewport.getBoundingClientRect();
    const cx = (a.x + b.x) / 2 - rect.left;
    const cy = (a.y + b.y) / 2 - rect.top;
    const factor = Math.hypot(a.x - b.x, a.y - b.y) / gesture.dist;
    // keep the map point first under the fingers' midpoint under the midpoint now
    const mx = view.x + gesture.cx / view.scale;
    const my = view.y + gesture.cy / view.scale;
    view.scale = clampScale(gesture.scale * factor);
    view.x = mx - cx / view.scale;
    view.y = my - cy / view.scale;
    gesture.cx = cx;
    gesture.cy = cy;
    schedule();
  }
});

function release(event) {
  pointers.delete(event.pointerId);
  if (pointers.size === 0) {
    viewport.classList.remove("dragging");
    if (gesture?.moved) endLive();
    gesture = null;
    // a drag is not a click: the click that follows it is swallowed (see below)
    setTimeout(() => (panzoom.moved = false), 0);
  } else if (pointers.size === 1 && gesture?.kind === "pinch") {
    const [p] = [...pointers.values()];
    gesture = { kind: "drag", startX: p.x, startY: p.y, viewX: view.x, viewY: view.y, moved: true };
  }
}
viewport.addEventListener("pointerup", release);
viewport.addEventListener("pointercancel", release);
viewport.addEventListener("click", (event) => {
  if (panzoom.moved) {
    event.stopPropagation();
    event.preventDefault();
  }
}, true);

// ---- buttons and keys --------------------------------------------------------------------------

$("zoom-in")?.addEventListener("click", () => zoomBy(1.25));
$("zoom-out")?.addEventListener("click", () => zoomBy(0.8));
$("zoom-fit")?.addEventListener("click", fit);
bindKey("+", "Zoom in (also the mouse wheel, or pinch)", () => zoomBy(1.25));
bindKey("=", "Zoom in", () => zoomBy(1.25));
bindKey("-", "Zoom out", () => zoomBy(0.8));
bindKey("0", "Show the whole map", fit);

new ResizeObserver(() => schedule()).observe(viewport);
