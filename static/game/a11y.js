// The map for the keyboard and for screen readers: counters and highlighted hexes the player
// may act on are in the tab order as buttons with names ("4th Army (GE-4A), 5-3, in Warsaw
// (1521)"; "Moscow (2722): move 22M here, 3 MP"); Enter or Space clicks them.
import { game } from "./store.js";
import { board, hexCenter } from "./map.js";
import { panzoom } from "./panzoom.js";
import { hexLabel } from "./labels.js";
import { bindKey } from "./keys.js";

function name(node) {
  return node.querySelector(":scope > title")?.textContent?.trim() || "";
}

function mark(node, legal, label) {
  if (legal) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  } else {
    node.removeAttribute("tabindex");
    node.setAttribute("role", "img");
  }
  if (label) node.setAttribute("aria-label", label);
}

game.on("legal", () => {
  if (!board.svg) return;
  for (const node of board.svg.querySelectorAll(".counter[data-unit]")) {
    const hex = node.dataset.hex;
    mark(node, node.classList.contains("legal"), `${name(node) || node.dataset.unit}${hex ? `, in ${hexLabel(hex)}` : ""}`);
  }
  for (const [hex, poly] of board.hexEls) {
    const legal = poly.classList.contains("legal");
    if (legal) mark(poly, true, `${hexLabel(hex)}${name(poly) ? `: ${name(poly)}` : ""}`);
    else if (poly.hasAttribute("tabindex")) {
      poly.removeAttribute("tabindex");
      poly.removeAttribute("role");
      poly.removeAttribute("aria-label");
    }
  }
});

game.on("board-ready", () => {
  // a hex or unit reached with Tab is brought into the middle of the map
  board.svg.addEventListener("focusin", (event) => {
    const target = event.target.closest?.("[data-unit][tabindex], [data-hex][tabindex]");
    // only for the keyboard: a click must not move the map under the pointer
    if (target?.dataset.hex && target.matches(":focus-visible")) panzoom.centerOn?.(...hexCenter(target.dataset.hex));
  });
  // the map is a group of things to act on, not one picture
  board.svg.setAttribute("role", "group");
  board.svg.setAttribute("aria-label", "The map: counters and hexes you may act on are buttons");
  board.svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest?.("[data-unit][tabindex], [data-hex][tabindex]");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  });
});

// Keys to reach the two places a player acts: the cards and the map.
bindKey("C", "Go to your cards (Tab between their buttons, Enter plays)", () => {
  document.querySelector('#tabs [data-show="hand"]')?.click();
  const first = document.querySelector("#hand-cards .card-play:enabled") || document.querySelector("#hand .card-play:enabled") || document.querySelector("#hand-cards > [data-card]");
  if (first) {
    if (!first.matches("button")) first.setAttribute("tabindex", "-1");
    first.focus();
  }
});
bindKey("G", "Go to the map: the first hex or unit you may act on (Tab to the next, Enter acts)", () => {
  document.querySelector('#tabs [data-show="map"]')?.click();
  const first = board.svg?.querySelector("polygon[data-hex][tabindex]") || board.svg?.querySelector(".counter[tabindex]");
  first?.focus({ preventScroll: true });
});
