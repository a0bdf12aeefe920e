// The board: for now the server's SVG of the seat's view, reloaded at each new seq.
import { $, game } from "./store.js";

game.on("view", ({ view, seq }) => {
  if (view && $("board").dataset.seq !== String(seq)) load(seq);
});

async function load(seq) {
  try {
    const response = await fetch(`/api/games/${game.id}/board.svg?seq=${seq}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const text = await response.text();
    if (seq !== game.seq) return; // a newer view arrived meanwhile
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.nodeName.toLowerCase() !== "svg") return;
    const board = $("board");
    board.replaceChildren(document.importNode(svg, true));
    board.dataset.seq = String(seq);
  } catch (error) {
    console.warn("board", error);
  }
}

$("fit-board")?.addEventListener("change", (event) => $("board").classList.toggle("fit", event.target.checked));
