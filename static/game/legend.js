// The legend: what the counters, markers and highlights mean, and the map's key.
import { $, game } from "./store.js";
import { board, svgEl } from "./map.js";
import { looseCounter } from "./counters.js";
import { bindKey } from "./keys.js";
import { el } from "../api.js";

const legend = $("legend");
const button = $("legend-button");

function sample(draw, w = 40, h = 30) {
  return svgEl("svg", { class: "legend-sample", viewBox: `0 0 ${w} ${h}`, width: w, height: h }, ...draw);
}

function build() {
  if (legend.childElementCount || !board.ready) return;
  const counter = looseCounter("GE-4A");
  const rows = [
    [counter, "A counter: size (XXXX army, XXX corps), type, name, and its strength — attack-defence-movement, or attack-movement when attack and defence are equal. Dots: steps left."],
    [sample([svgEl("rect", { x: 4, y: 4, width: 32, height: 22, rx: 3, fill: "#9aa3aa" }), svgEl("rect", { x: 20, y: 1, width: 18, height: 9, rx: 2, fill: "#c92a2a" })]), "OOS: out of supply (13.3); LTD (orange): fortress or Baku supply, for defence only."],
    [sample([svgEl("rect", { x: 4, y: 4, width: 32, height: 22, rx: 3, fill: "#9aa3aa" }), svgEl("path", { d: "M4,13L13,4H17L4,17Z", fill: "#fff" })]), "Reduced: the unit has lost a step."],
    [sample([svgEl("rect", { x: 4, y: 4, width: 32, height: 22, rx: 3, fill: "#9aa3aa", stroke: "#ffd21f", "stroke-width": 3 })]), "Outlined in yellow: a unit you may act with now; bright: the one selected."],
    [sample([svgEl("polygon", { points: "8,15 14,4 26,4 32,15 26,26 14,26", fill: "#ffe066", "fill-opacity": 0.55, stroke: "#e0a800", "stroke-width": 2 })]), "Highlighted hex: you may act on it now (where the selected unit may go, with its cost)."],
    [sample([svgEl("rect", { x: 13, y: 10, width: 14, height: 10, rx: 1.5, fill: "#4b5259" })]), "Flag: a town, city or other tracked hex held by the side that did not hold it in June 1941 (3.0)."],
    [sample([svgEl("path", { d: "M4,22l4,-5l4,5l4,-5l4,5l4,-5l4,5l4,-5l4,5", fill: "none", stroke: "#a4472f", "stroke-width": 2 })]), "Trench (10.3); dashed: an entrenchment attempt, rolled after movement."],
    [sample([svgEl("circle", { cx: 20, cy: 15, r: 10, fill: "#c0392b" }), svgEl("text", { x: 20, y: 19, "text-anchor": "middle", "font-size": 11, fill: "#fff", text: "⚔" })]), "Combat marker (7.3.5)."],
    [sample([svgEl("circle", { cx: 20, cy: 15, r: 10, fill: "#1f6fbf" }), svgEl("text", { x: 20, y: 19, "text-anchor": "middle", "font-size": 11, fill: "#fff", text: "B" })]), "Blitz marker (11.5.2): exploitation (12.0)."],
    [sample([svgEl("rect", { x: 13, y: 8, width: 14, height: 14, rx: 3, fill: "#6b4f9c" })]), "1 OPS was paid to leave the enemy ZOC here (7.3.3)."],
    [sample([svgEl("rect", { x: 6, y: 3, width: 24, height: 24, rx: 3, fill: "#2f3b2a" }), svgEl("text", { x: 18, y: 20, "text-anchor": "middle", "font-size": 14, fill: "#d9e3c8", text: "?" })]), "Inactive partisans: strength unknown until they activate (16.1.3)."],
    [sample([svgEl("path", { d: "M4,15H34", stroke: "#1d5fa8", "stroke-width": 3 })]), "Arrows: this round's moves (blue), rail (black), sea (teal), exploitation (purple), retreats (red), advances (orange)."],
  ];
  legend.append(el("h2", {}, "Legend"),
    el("button", { type: "button", class: "close", onclick: () => toggle(false), "aria-label": "Close the legend" }, "×"),
    el("ul", { class: "legend-list" }, rows.map(([svg, text]) => el("li", {}, svg, el("span", {}, text)))));
  if (board.data.key_svg) {
    const key = new DOMParser().parseFromString(board.data.key_svg, "image/svg+xml").documentElement;
    legend.append(el("h3", {}, "The map"), el("div", { class: "map-key" }, document.importNode(key, true)));
  }
}

function toggle(show) {
  build();
  legend.hidden = show === undefined ? !legend.hidden : !show;
  button.setAttribute("aria-expanded", String(!legend.hidden));
}

button.addEventListener("click", () => toggle());
bindKey("L", "Show or hide the legend", () => toggle());
game.on("board-ready", () => {});
