// The combat panel over the map: who attacks what, and the fire preview both sides will roll
// on — strength, table and why, base column, every shift with its reason and rule, the net
// column, and what each die roll gives — before the attacker resolves; then the dice.
// The attacked hex, the attackers and the defenders are marked on the map.
import { $, cap, game } from "./store.js";
import { board, hexCenter } from "./map.js";
import { panzoom } from "./panzoom.js";
import { el } from "../api.js";
import { hexLabel } from "./labels.js";

const panel = $("combat-panel");
// Folded by the player, or (until the player says otherwise) in the steps played on the map.
let folded = null; // null: automatic
const MAP_STEPS = new Set(["retreat", "advance", "kampfgruppe", "no_retreat"]);

function ruleOf(shift) {
  if (shift.rule) return shift.rule;
  const m = /\((\d+(?:\.\d+)*[a-z]?(?: step \d+)?)\)/.exec(shift.why || "");
  return m ? m[1] : "11.2.1 step 4";
}

function fireBlock(side, p, combat) {
  const table = board.data.fire_tables[p.table];
  const attacker = side === combat.attacker;
  const rows = [];
  rows.push(el("p", { class: "fire-line" }, el("b", { dataset: { field: "strength" } }, String(p.strength)),
    ` strength on the `, el("b", { dataset: { field: "table" } }, p.table.toUpperCase()), ` table`,
    el("span", { class: "muted" }, ` — ${p.table_why}`)));
  if (!p.fires) {
    rows.push(el("p", { class: "muted" }, "No strength: this side does not fire."));
    return rows;
  }
  const shifts = p.shifts.length ? el("ul", { class: "shifts" }, p.shifts.map((s) => el("li", { dataset: { shift: String(s.n) } },
    el("b", {}, s.n > 0 ? `+${s.n}` : String(s.n)), ` ${s.why.replace(/\s*\([^)]*\)\s*$/, "")} `,
    el("span", { class: "rule" }, `[${ruleOf(s)}]`)))) : el("p", { class: "muted" }, "No column shifts.");
  rows.push(el("p", { class: "fire-line" }, "Column ", el("b", { dataset: { field: "base" } }, p.base_label), " by strength"), shifts,
    el("p", { class: "fire-line" }, "Net shift ", el("b", { dataset: { field: "net" } }, p.net > 0 ? `+${p.net}` : String(p.net)),
      " → column ", el("b", { dataset: { field: "column" } }, p.column_label)));
  const rolled = p.die;
  rows.push(el("table", { class: "rolls", title: `${table?.name || "Fire Table"} (${table?.rule || "11.2.1"}): the Loss Number each die roll inflicts; * only an SCU may take it (11.3.4)` },
    el("tr", {}, el("th", {}, "die"), ...[1, 2, 3, 4, 5, 6].map((d) => el("th", { class: rolled === d ? "rolled" : "" }, String(d)))),
    el("tr", {}, el("th", {}, "loss"), ...p.rolls.map(([loss, star], i) => el("td", {
      class: rolled === i + 1 ? "rolled" : "", dataset: { die: String(i + 1), loss: String(loss), star: star ? "1" : "" },
    }, `${loss}${star ? "*" : ""}`)))));
  if (rolled) {
    rows.push(el("p", { class: "fire-result", dataset: { field: "result" } },
      `${cap(side)} rolled ${rolled}: Loss Number ${p.result}${p.asterisk ? "*" : ""} on the ${attacker ? "defenders" : "attackers"}.`));
  }
  return rows;
}

function summary(combat) {
  const f = combat.fire || {};
  const parts = [`Step: ${String(combat.phase).replaceAll("_", " ")}`];
  if (combat.fired) parts.push(`Loss Numbers ${f[combat.attacker]?.result ?? 0} to ${f[combat.defender]?.result ?? 0}`);
  if (combat.retreat) parts.push(`retreat ${combat.retreat.hexes} hex${combat.retreat.hexes > 1 ? "es" : ""}`);
  return parts.join(" · ");
}

function unitsLine(list) {
  return list.map((u) => `${u.label} (${u.strength})${u.supply === "none" ? " OOS" : ""}${u.eliminated ? " ✝" : ""}`).join(", ") || "—";
}

let shownTarget = null;

// A new combat: bring its hex into view beside the panel.
function reveal(combat) {
  if (!combat || combat.target === shownTarget || !board.ready) return;
  shownTarget = combat.target;
  const [x, y] = hexCenter(combat.target);
  const viewport = $("board-viewport");
  const narrow = viewport.clientWidth < 700;
  const dx = narrow ? 0 : (panel.offsetWidth || 360) / 2 / panzoom.view.scale;
  const dy = narrow ? (viewport.clientHeight * 0.22) / panzoom.view.scale : 0;
  panzoom.centerOn(x + dx, y + dy);
}

function render() {
  const combat = game.view?.decision?.combat;
  markMap(combat);
  if (!combat || combat.target !== shownTarget) folded = null;
  if (!combat) shownTarget = null;
  if (!combat || !board.ready) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const collapsed = folded ?? MAP_STEPS.has(combat.phase);
  const att = combat.attacker;
  const dfd = combat.defender;
  const head = el("header", {},
    el("h2", {}, `${cap(att)} attack${combat.cancelled ? " (cancelled)" : ""} on ${hexLabel(combat.target)}`),
    el("button", { type: "button", class: "collapse", "aria-expanded": String(!collapsed), title: "Fold or unfold",
      onclick: () => { folded = !collapsed; render(); } }, collapsed ? "▸" : "▾"));
  const body = [];
  if (collapsed) body.push(el("p", { class: "combat-summary" }, summary(combat)));
  else {
    body.push(el("p", { class: "combat-phase" }, `Step: ${String(combat.phase).replaceAll("_", " ")}`));
    body.push(el("dl", { class: "combat-forces" },
      el("dt", {}, `${cap(att)}`), el("dd", {}, unitsLine(combat.attackers)),
      el("dt", {}, `${cap(dfd)}`), el("dd", {}, unitsLine(combat.defenders))));
    if (combat.problem) body.push(el("p", { class: "combat-problem" }, combat.problem));
    const cards = [...(combat.cards?.[att] || []), ...(combat.cards?.[dfd] || [])];
    if (cards.length) body.push(el("p", {}, `Combat cards: ${cards.map((c) => c.name || c.id || c).join(", ")}`));
    for (const side of [att, dfd]) {
      const p = combat.fire?.[side];
      if (!p) continue;
      body.push(el("section", { class: `fire fire-${side}`, dataset: { fireSide: side } },
        el("h3", {}, `${cap(side)} fire${combat.fired ? "" : " (preview)"}`), ...fireBlock(side, p, combat)));
    }
    if (combat.winner !== null && combat.winner !== undefined && combat.fired) {
      body.push(el("p", { class: "combat-outcome" }, combat.outcome || `${cap(combat.winner)} wins.`));
    }
    if (combat.pending_losses?.length) {
      body.push(el("p", { class: "combat-losses" }, `Losses to take: ${combat.pending_losses.map((l) =>
        `${cap(l.side)} ${l.n} step${l.n === 1 ? "" : "s"}${l.asterisk ? "*" : ""}${l.why ? ` (${l.why})` : ""}`).join("; ")}`));
    }
    if (combat.retreat) body.push(el("p", {}, `Retreat: ${combat.retreat.hexes} hex${combat.retreat.hexes > 1 ? "es" : ""}`));
  }
  panel.replaceChildren(head, ...body);
  panel.classList.toggle("collapsed", collapsed);
  reveal(combat);
}

// The attacked hex, attacking and defending counters, on the map.
function markMap(combat) {
  if (!board.ready) return;
  board.svg.querySelectorAll(".attacking, .defending").forEach((n) => n.classList.remove("attacking", "defending"));
  board.svg.querySelectorAll(".combat-target").forEach((n) => n.remove());
  if (!combat) return;
  for (const u of combat.attackers) board.svg.querySelector(`.counter[data-unit="${CSS.escape(u.id)}"]`)?.classList.add("attacking");
  for (const u of combat.defenders) board.svg.querySelector(`.counter[data-unit="${CSS.escape(u.id)}"]`)?.classList.add("defending");
  const hexEl = board.hexEls.get(combat.target);
  if (hexEl) {
    const ring = hexEl.cloneNode(false);
    ring.removeAttribute("id");
    ring.removeAttribute("data-hex");
    ring.setAttribute("class", "combat-target");
    board.layers.badges.append(ring);
  }
}

game.on("view", render);
game.on("counters-drawn", render);
game.on("board-ready", render);
