// Every legal action as a button: the accessible fallback to playing on the map.
// Big groups (movement lists one action per unit and destination) fold by type and then by
// unit/card/hex; a folded group's buttons are built only when it is opened; the filter
// searches all labels.
import { $, game } from "./store.js";
import { el } from "../api.js";
import { describeAction } from "./labels.js";

const FOLD_AT = 40;
const SHOW_MATCHES = 200;
const SUBGROUP_KEYS = ["unit", "card", "hex"];

// A new position clears the filter: its text was for the old list (a leftover would hide the new one).
let shownSeq = null;
game.on("view", () => {
  if (game.seq !== shownSeq) $("action-filter").value = "";
  shownSeq = game.seq;
  render();
});
game.on("pending", render);
$("action-filter").addEventListener("input", render);

// Folded unless the player opened it (the map is where the game is played); kept for the next visit.
const OPEN_KEY = "sw-all-actions-open";
const panel = $("actions-box");
try { panel.open = localStorage.getItem(OPEN_KEY) === "1"; } catch { /* private mode */ }
panel.addEventListener("toggle", () => {
  try { localStorage.setItem(OPEN_KEY, panel.open ? "1" : ""); } catch { /* private mode */ }
});

function render() {
  const box = $("actions");
  const filter = $("action-filter");
  box.replaceChildren();
  const actions = game.actions;
  $("actions-count").textContent = actions.length ? `(${actions.length})` : "";
  filter.hidden = actions.length <= 12;
  const needle = filter.hidden ? "" : filter.value.trim().toLowerCase();
  if (needle) {
    const matches = actions.filter((action) => describeAction(action).toLowerCase().includes(needle));
    box.append(...matches.slice(0, SHOW_MATCHES).map(actionButton));
    if (matches.length > SHOW_MATCHES) box.append(el("p", { class: "muted" }, `…and ${matches.length - SHOW_MATCHES} more: narrow the filter.`));
    return;
  }
  const groups = groupBy(actions, (action) => action.type);
  for (const [type, members] of groups) {
    const title = `${type.replaceAll("_", " ")} (${members.length})`;
    if (groups.size === 1 && members.length <= FOLD_AT) {
      box.append(...members.map(actionButton));
    } else if (members.length <= FOLD_AT) {
      box.append(el("details", { class: "action-group", open: true, dataset: { type } },
        el("summary", {}, title), ...members.map(actionButton)));
    } else {
      box.append(foldedGroup(type, title, members));
    }
  }
}

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}

function foldedGroup(type, title, members) {
  const key = SUBGROUP_KEYS.find((k) => members.every((a) => a[k] !== undefined));
  const group = el("details", { class: "action-group", dataset: { type } }, el("summary", {}, title));
  const sub = key ? groupBy(members, (a) => JSON.stringify(a[key])) : new Map([["", members]]);
  for (const [value, items] of sub) {
    const label = key ? `${key} ${JSON.parse(value)} (${items.length})` : `all (${items.length})`;
    const part = el("details", { class: "action-subgroup" }, el("summary", {}, label));
    part.addEventListener("toggle", () => {
      if (part.open && part.childElementCount === 1) part.append(...items.map(actionButton));
    });
    group.append(part);
  }
  return group;
}

function actionButton(action) {
  return el("button", {
    type: "button",
    class: "action",
    disabled: game.pending,
    dataset: { type: action.type },
    onclick: () => game.submit(action),
  }, describeAction(action));
}
