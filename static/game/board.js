// The board's life: load the static map once, then let the layers draw each view. Without
// board assets (a stand-in engine) it falls back to the server's SVG of the seat's view.
import { $, game } from "./store.js";
import { board, hexCenter, loadBoard } from "./map.js";
import { panzoom } from "./panzoom.js";
import { SIZE } from "./counters.js";

const boardEl = $("board");
let loading = null;

game.on("view", ({ view, seq }) => {
  if (!view) return;
  if (!boardEl.dataset.mapSvg) {
    fallback(seq);
    return;
  }
  if (!loading) loading = loadBoard().then(() => firstLook()).catch((error) => console.error("board", error));
  loading.then(() => (boardEl.dataset.seq = String(seq)));
});

// The first look: the part of the map where the fighting is, counters readable.
function firstLook() {
  const units = game.view?.units || [];
  const front = units.filter((u) => u.hex && hasEnemyNear(u, units));
  const pick = front.length ? front : units;
  if (!pick.length) {
    panzoom.fit();
    return;
  }
  const pts = pick.map((u) => hexCenter(u.hex));
  const xs = pts.map((p) => p[0]).sort((a, b) => a - b);
  const ys = pts.map((p) => p[1]).sort((a, b) => a - b);
  const mid = (list) => list[Math.floor(list.length / 2)];
  // a counter about 56 screen pixels wide on a laptop, 46 on a phone
  const phone = window.matchMedia("(max-width: 700px)").matches;
  panzoom.centerOn(mid(xs), mid(ys), (phone ? 46 : 56) / SIZE);
}

function hasEnemyNear(u, units) {
  const [x, y] = hexCenter(u.hex);
  return units.some((o) => o.side !== u.side && o.hex && Math.hypot(hexCenter(o.hex)[0] - x, hexCenter(o.hex)[1] - y) < 150);
}

async function fallback(seq) {
  try {
    const response = await fetch(`/api/games/${game.id}/board.svg?seq=${seq}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const text = await response.text();
    if (seq !== game.seq) return;
    const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (svg.nodeName.toLowerCase() !== "svg") return;
    $("board-viewport").replaceChildren(document.importNode(svg, true));
    boardEl.dataset.seq = String(seq);
    boardEl.classList.add("fallback");
  } catch (error) {
    console.warn("board", error);
  }
}

export { board };
