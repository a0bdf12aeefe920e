// Phones: one panel at a time, chosen in the tab bar at the bottom (desktop shows them all).
// A panel is any element with data-tab="<name>"; a tab button has data-show="<name>".
import { game } from "./store.js";

const buttons = [...document.querySelectorAll("#tabs [data-show]")];

export function showTab(name) {
  game.root.dataset.tab = name;
  for (const panel of document.querySelectorAll("[data-tab]")) {
    panel.classList.toggle("tab-off", !panel.dataset.tab.split(" ").includes(name));
  }
  for (const button of buttons) button.setAttribute("aria-selected", String(button.dataset.show === name));
  game.emit("tab", name);
}

for (const button of buttons) button.addEventListener("click", () => showTab(button.dataset.show));
showTab("map");
