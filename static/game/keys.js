// Keyboard shortcuts, listed in the help popover (the "?" button or key).
import { $ } from "./store.js";
import { el } from "../api.js";

const bindings = new Map(); // key -> {help, run}

export function bindKey(key, help, run) {
  bindings.set(key, { help, run });
  renderHelp();
}

function renderHelp() {
  const list = $("help-keys");
  if (!list) return;
  list.replaceChildren(...[...bindings].flatMap(([key, b]) => [el("dt", {}, el("kbd", {}, key)), el("dd", {}, b.help)]));
}

function toggleHelp(show) {
  const help = $("help");
  help.hidden = show === undefined ? !help.hidden : !show;
  $("help-button").setAttribute("aria-expanded", String(!help.hidden));
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  // Enter and Space on a focused button (a card's play, a hex on the map) belong to that button
  if ((event.key === "Enter" || event.key === " ") && target instanceof Element
      && target.closest("button, a[href], summary, [role=button]")) return;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  const b = bindings.get(key) || bindings.get(event.key);
  if (!b) return;
  event.preventDefault();
  b.run(event);
});

$("help-button")?.addEventListener("click", () => toggleHelp());
$("help-close")?.addEventListener("click", () => toggleHelp(false));
bindKey("?", "Show or hide this help", () => toggleHelp());
