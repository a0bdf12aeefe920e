// Playing on the map. The legal actions are sorted by what the player clicks:
//   - a unit, then a hex: moves (move, rail, sea, exploit), retreats, placements;
//   - a unit alone: commit/withdraw, losses, no-retreat, advance, replacements ...;
//   - a hex alone: combat markers, attacks, entrenching, partisans and festungs ...;
//   - a button in the prompt bar: everything else (end of a stage, resolve, cards ...).
// Counters and hexes the player may act on now carry the class "legal".
import { $, cap, game } from "./store.js";
import { board, hexCenter, isLegalHex, setLegalHexes, svgEl } from "./map.js";
import { counterEl, expandStack, expandedStack, stackAt, SIZE } from "./counters.js";
import { prompt } from "./prompt.js";
import { bindKey } from "./keys.js";
import { describeAction, hexLabel, unitLabel } from "./labels.js";
import { panzoom } from "./panzoom.js";

// Actions that take a unit and then a destination, and the key naming the destination.
const DEST = { move: "to", rail: "to", sea: "to", exploit: "to", retreat: "path", place: "hex", recreate: "hex",
  kampfgruppe: "hex" };
const MODE_NAMES = { move: "Move", rail: "Rail", sea: "Sea", exploit: "Exploit", retreat: "Retreat", place: "Place",
  recreate: "Recreate", kampfgruppe: "Return", path: "Choose path" };
const MODE_KEYS = { move: "M", rail: "R", sea: "S", path: "P" };
// Hex actions of the movement stage that wait for their button (their hexes hold units that move too).
const MODAL_HEX = { entrench: "Entrench", place_partisans: "Partisans", build_festung: "Festung" };
// Buttons that end a step, on the E key; and the one "go" button, on Enter.
const ENDS = new Set(["end_movement", "end_marking", "end_combat", "end_exploitation", "end_advance", "done_combat_cards",
  "end_replacements", "done_discarding", "end_turn", "end_partisans", "end_sweep", "accept_retreat", "decline_pick",
  "decline_purchase"]);
const GO = new Set(["resolve"]);

// Other modules may take types of action off the prompt bar (the hand takes the card plays).
const claimed = new Set();
game.claim = (...types) => {
  types.forEach((t) => claimed.add(t));
  refresh();
};

const sel = { unit: null, mode: null, path: [], hexMode: null };
let keepStack = null;
let index = emptyIndex();

function emptyIndex() {
  return { unitDest: new Map(), unitOnly: new Map(), hex: new Map(), modalHex: new Map(), buttons: [] };
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

function destOf(action) {
  const key = DEST[action.type];
  const value = action[key];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function buildIndex() {
  const out = emptyIndex();
  for (const a of game.actions) {
    if (DEST[a.type] && a.unit && destOf(a)) {
      if (!out.unitDest.has(a.unit)) out.unitDest.set(a.unit, {});
      const byMode = out.unitDest.get(a.unit);
      (byMode[a.type] ||= []).push(a);
    } else if (a.unit && !a.hex && !a.to && !a.path && !a.target) {
      push(out.unitOnly, a.unit, a);
    } else if (!a.unit && typeof (a.hex ?? a.target) === "string" && /^\d{4}$/.test(a.hex ?? a.target)) {
      const hex = a.hex ?? a.target;
      if (MODAL_HEX[a.type]) {
        if (!out.modalHex.has(a.type)) out.modalHex.set(a.type, new Map());
        push(out.modalHex.get(a.type), hex, a);
      } else push(out.hex, hex, a);
    } else if (!claimed.has(a.type)) {
      out.buttons.push(a);
    }
  }
  return out;
}

// ---- what is legal now ----------------------------------------------------------------------------

function actionableUnits() {
  return new Set([...index.unitDest.keys(), ...index.unitOnly.keys()]);
}

function modesOf(unit) {
  const byMode = index.unitDest.get(unit) || {};
  return Object.keys(DEST).filter((m) => byMode[m]?.length);
}

function currentDestActions() {
  if (!sel.unit || !sel.mode || sel.mode === "path") return [];
  return index.unitDest.get(sel.unit)?.[sel.mode] || [];
}

let lastSeq = null;

function refresh() {
  if (!board.ready || !game.view) return;
  if (game.seq !== lastSeq) {
    // a new position: start afresh; an open stack stays open while its units have something to do
    lastSeq = game.seq;
    clearSelection(false);
    sel.hexMode = null;
    keepStack = expandedStack();
  }
  index = buildIndex();
  const units = actionableUnits();
  if (keepStack) {
    if (!stackAt(keepStack).some((u) => units.has(u.id))) expandStack(null);
    keepStack = null;
  }
  if (sel.unit && !units.has(sel.unit)) clearSelection(false);
  if (sel.hexMode && !index.modalHex.has(sel.hexMode)) sel.hexMode = null;
  if (!sel.unit) autoSelect(units);
  // every unit that may act stands in one stack: open it
  if (!sel.unit && !expandedStack() && units.size > 1) {
    const hexes = new Set(game.view.units.filter((u) => units.has(u.id)).map((u) => u.hex));
    if (hexes.size === 1) {
      const [hex] = hexes;
      if (stackAt(hex).length > 1) expandStack(hex);
    }
  }

  // counters (and the tray of units waiting to be placed)
  for (const el of document.querySelectorAll("#board .counter, #tray .counter")) {
    const id = el.dataset.unit;
    el.classList.toggle("legal", units.has(id) && !sel.hexMode);
    el.classList.toggle("selected", id === sel.unit);
  }
  // hexes
  const titles = {};
  let hexes = [];
  if (sel.unit && sel.mode === "path") {
    hexes = pathCandidates();
  } else if (sel.unit && sel.mode) {
    for (const a of currentDestActions()) {
      const hex = destOf(a);
      hexes.push(hex);
      titles[hex] = describeAction(a);
    }
  } else if (sel.hexMode) {
    for (const [hex, list] of index.modalHex.get(sel.hexMode)) {
      hexes.push(hex);
      titles[hex] = list.map(describeAction).join(" / ");
    }
  } else if (!sel.unit) {
    for (const [hex, list] of index.hex) {
      hexes.push(hex);
      titles[hex] = list.map(describeAction).join(" / ");
    }
  }
  setLegalHexes(hexes, titles);
  // a click anywhere in a highlighted hex acts on the hex, even over its counters
  const legal = new Set(hexes);
  for (const el of board.svg.querySelectorAll(".counter")) el.classList.toggle("in-legal-hex", legal.has(el.dataset.hex));
  game.emit("legal", { units, hexes: legal, selection: { ...sel } });
  drawBadges();
  drawPlan();
  renderButtons();
  renderHint();
}

// One unit to act with and nothing else to do: select it at once (a retreat, one loss to choose ...).
function autoSelect(units) {
  // (not when the step also offers hex actions: Entrench… and the like would be hidden behind it)
  if (units.size !== 1 || index.hex.size || index.modalHex.size) return;
  const [unit] = units;
  const modes = modesOf(unit);
  if (modes.length && !index.unitOnly.has(unit)) select(unit, modes[0], false);
}

// ---- costs on the destinations, the planned path ------------------------------------------------

function drawBadges() {
  const layer = board.layers.badges;
  layer.querySelectorAll(".cost-badge").forEach((n) => n.remove());
  for (const a of currentDestActions()) {
    // regular moves show their MP (and OPS, 7.3.3); exploitation its hexes; rail and sea cost the same everywhere
    if (a.mp === undefined && a.hexes === undefined) continue;
    const [cx, cy] = hexCenter(destOf(a));
    const text = a.mp !== undefined ? (a.ops ? `${a.mp}+${a.ops} OPS` : `${a.mp} MP`) : `${a.hexes} hex`;
    layer.append(svgEl("g", { class: `cost-badge${a.ops ? " ops" : ""}`, transform: `translate(${cx},${cy + 27})` },
      svgEl("rect", { x: -text.length * 3.2 - 3, y: -7.5, width: text.length * 6.4 + 6, height: 13, rx: 6.5 }),
      svgEl("text", { y: 3, "text-anchor": "middle", "font-size": 9.5, "font-weight": "bold", text })));
  }
}

function drawPlan() {
  const layer = board.layers.plan;
  layer.replaceChildren();
  if (sel.unit && sel.mode === "retreat") {
    for (const a of currentDestActions()) layer.append(pathEl([game.view.units.find((u) => u.id === sel.unit)?.hex, ...a.path], "retreat-option", "retreat"));
  }
  if (sel.unit && sel.mode === "path" && sel.path.length) {
    const start = game.view.units.find((u) => u.id === sel.unit)?.hex;
    layer.append(pathEl([start, ...sel.path], "plan", "plan"));
  }
}

function pathEl(hexes, cls, arrow) {
  const d = hexes.filter(Boolean).map((h, i) => {
    const [x, y] = hexCenter(h);
    return `${i ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`;
  }).join("");
  return svgEl("path", { class: `move-path ${cls}`, d, "marker-end": `url(#arrow-${arrow})` });
}

// Path mode: the next hex must touch the last one and be a hex the unit can reach at all.
function pathCandidates() {
  const start = game.view.units.find((u) => u.id === sel.unit)?.hex;
  const last = sel.path.length ? sel.path[sel.path.length - 1] : start;
  const reach = new Set((index.unitDest.get(sel.unit)?.move || []).map(destOf));
  const [lx, ly] = hexCenter(last);
  return [...reach].filter((h) => !sel.path.includes(h) && Math.hypot(hexCenter(h)[0] - lx, hexCenter(h)[1] - ly) < board.data.scale * 1.9);
}

// ---- the prompt bar ----------------------------------------------------------------------------------

function renderButtons() {
  const list = [];
  if (sel.unit) {
    const modes = modesOf(sel.unit);
    const withPath = modes.includes("move");
    for (const m of [...modes, ...(withPath ? ["path"] : [])]) {
      if (modes.length === 1 && m === modes[0] && !withPath) break;
      list.push({ label: MODE_NAMES[m], key: MODE_KEYS[m], kind: "mode", pressed: sel.mode === m,
        dataset: { mode: m }, onClick: () => setMode(m) });
    }
    if (sel.mode === "path" && sel.path.length) list.push({ label: "Send along this path", key: "Enter", kind: "primary", onClick: sendPath });
    list.push({ label: "Cancel", key: "Esc", onClick: () => clearSelection() });
  } else if (sel.hexMode) {
    list.push({ label: "Cancel", key: "Esc", onClick: () => setHexMode(null) });
  } else {
    for (const [type, label] of Object.entries(MODAL_HEX)) {
      if (index.modalHex.has(type)) {
        list.push({ label: `${label}…`, kind: "mode", title: `Then click a highlighted hex`, dataset: { mode: type },
          onClick: () => setHexMode(type) });
      }
    }
  }
  // the step's own buttons always; other choices (cards ...) up to a handful, the rest in the list
  const key = (a) => (GO.has(a.type) || ENDS.has(a.type) ? 1 : 0);
  const firm = index.buttons.filter((a) => key(a));
  const others = index.buttons.filter((a) => !key(a));
  const room = Math.max(0, 8 - firm.length);
  for (const a of [...others.slice(0, room), ...firm]) {
    const words = describeAction(a);
    // a long label (a card's whole text) shows its first part; the rest on hover
    const label = words.length > 48 && words.includes(":") ? words.slice(0, words.indexOf(":")) : words;
    list.push({ label, title: label === words ? undefined : words, kind: GO.has(a.type) ? "primary" : ENDS.has(a.type) ? "end" : "",
      key: GO.has(a.type) ? "Enter" : ENDS.has(a.type) ? "E" : undefined, dataset: { type: a.type },
      onClick: () => game.submit(a) });
  }
  if (others.length > room) {
    list.push({ label: `${others.length - room} more…`, onClick: openFallback, title: "Every legal action, as a list" });
  }
  prompt.setButtons(list);
}

function openFallback() {
  const box = $("actions-box");
  box.open = true;
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

function renderHint() {
  const view = game.view;
  let text = "";
  if (!game.myTurn()) {
    prompt.hint("");
    return;
  }
  if (sel.unit) {
    const name = unitName(sel.unit);
    if (sel.mode === "path") text = `${name}: click the hexes of its way one by one, then send it (Enter).`;
    else if (sel.mode === "retreat") text = `${name}: click where it retreats to (the arrows show the ways the rules allow).`;
    else if (sel.mode) {
      const ops = currentDestActions()[0]?.ops;
      const cost = sel.mode === "move" ? " (the number is its cost in MP; + OPS to leave an enemy ZOC, 7.3.3)"
        : sel.mode === "exploit" ? " (the number: hexes entered)" : ops ? ` (${ops} OPS)` : "";
      text = `${name}: click a highlighted hex to ${MODE_NAMES[sel.mode].toLowerCase()} there${cost}.`;
    }
  } else if (sel.hexMode) {
    text = `${MODAL_HEX[sel.hexMode]}: click a highlighted hex.`;
  } else {
    const parts = [];
    if (index.unitDest.size || index.unitOnly.size) parts.push("click an outlined unit");
    if (index.hex.size) parts.push("click a highlighted hex");
    if (parts.length) text = `${cap(parts.join(", or "))}.`;
    const problem = view.decision?.combat?.problem;
    if (problem) prompt.reason(problem);
  }
  prompt.hint(text);
}

function unitName(id) {
  const u = game.view.units.find((x) => x.id === id);
  const data = board.data.units[id];
  return u ? `${u.name || u.label}` : data?.name || unitLabel(id);
}

// ---- selecting, modes ----------------------------------------------------------------------------------

function select(unit, mode, doRefresh = true) {
  sel.unit = unit;
  sel.mode = mode || modesOf(unit)[0] || null;
  sel.path = [];
  sel.hexMode = null;
  prompt.reason("");
  game.emit("select", { unit, mode: sel.mode });
  if (doRefresh) refresh();
}

function clearSelection(doRefresh = true) {
  sel.unit = null;
  sel.mode = null;
  sel.path = [];
  game.emit("select", { unit: null });
  if (doRefresh) {
    expandStack(null);
    refresh();
  }
}

function setMode(mode) {
  if (!sel.unit) return;
  if (mode !== "path" && !modesOf(sel.unit).includes(mode)) {
    prompt.reason(`${unitName(sel.unit)} has no ${MODE_NAMES[mode].toLowerCase()} move now${mode === "rail" ? " (10.2: SCUs in full supply, 1 OPS, along clean rail)" : mode === "sea" ? " (10.2.5, 10.2.6: from a friendly port)" : ""}.`);
    return;
  }
  sel.mode = mode;
  sel.path = [];
  refresh();
}

function setHexMode(type) {
  clearSelection(false);
  sel.hexMode = type;
  refresh();
}

function sendPath() {
  if (!sel.unit || !sel.path.length) return;
  game.submit({ type: "move", unit: sel.unit, path: [...sel.path] });
}

// ---- clicks -----------------------------------------------------------------------------------------

function onBoardClick(event) {
  if (!board.ready || !game.view) return;
  const counter = event.target.closest?.(".counter");
  const hexEl = event.target.closest?.("[data-hex]");
  if (counter && !(isLegalHex(counter.dataset.hex) && (sel.unit || sel.hexMode) && counter.dataset.unit !== sel.unit)) {
    clickUnit(counter.dataset.unit, counter);
  } else if (hexEl) {
    clickHex(hexEl.dataset.hex);
  } else if (event.target.closest?.(".stack-backdrop")) {
    // a click between spread counters: nothing
  } else {
    clearSelection();
  }
}

function clickUnit(id, el) {
  const hex = el.dataset.hex;
  const stack = stackAt(hex);
  const actionable = stack.filter((u) => actionableUnits().has(u.id));
  if (stack.length > 1 && expandedStack() !== hex) {
    // a closed stack: open it; if only one of its units may move, select that one too
    expandStack(hex);
    if (actionable.length === 1 && modesOf(actionable[0].id).length) select(actionable[0].id);
    else refresh();
    return;
  }
  activate(id);
}

function activate(id) {
  if (id === sel.unit) {
    clearSelection();
    return;
  }
  const only = index.unitOnly.get(id) || [];
  const modes = modesOf(id);
  if (only.length === 1 && !modes.length) {
    game.submit(only[0]);
    return;
  }
  if (only.length > 1 && !modes.length) {
    chooser(`${unitName(id)}:`, only);
    return;
  }
  if (modes.length) {
    select(id);
    return;
  }
  prompt.reason(whyNot(id));
  refresh();
}

// Why this unit cannot act now, as the engine says (movement stage) or from the step.
function whyNot(id) {
  const u = game.view.units.find((x) => x.id === id);
  if (!game.seat) return "You are watching this game.";
  if (!game.myTurn()) return "It is not your turn.";
  if (u && u.side !== game.seat) return `${u.name} is an enemy unit.`;
  for (const group of game.view.decision?.immobile || []) {
    if (group.units.includes(id)) return `${unitName(id)} cannot move: ${group.why}.`;
  }
  const d = game.view.decision || {};
  if (d.kind === "operations" && d.stage === "move") {
    return `${unitName(id)} has no legal move now (10.1.4: movement points; 8.3: enemy ZOC; 9.1: stacking; 7.3.3: OPS).`;
  }
  return `${unitName(id)} has nothing to do in this step.`;
}

function clickHex(hex) {
  if (sel.unit && sel.mode === "path") {
    if (pathCandidates().includes(hex)) {
      sel.path.push(hex);
      refresh();
    } else if (sel.path[sel.path.length - 1] === hex) {
      sendPath();
    }
    return;
  }
  if (sel.unit && sel.mode) {
    const choices = currentDestActions().filter((a) => destOf(a) === hex);
    if (choices.length === 1) game.submit(choices[0]);
    else if (choices.length > 1) chooser(`${hexLabel(hex)}:`, choices);
    else if (sel.mode === "move" && board.data.hexes[hex] && !board.data.hexes[hex].water) {
      // not a destination: ask the engine, which answers why (10.1.4, 8.3, 10.1.6 ...)
      game.submit({ type: "move", unit: sel.unit, to: hex });
    } else clearSelection();
    return;
  }
  if (sel.hexMode) {
    const choices = index.modalHex.get(sel.hexMode)?.get(hex) || [];
    if (choices.length === 1) game.submit(choices[0]);
    else if (choices.length > 1) chooser(`${hexLabel(hex)}:`, choices);
    return;
  }
  const choices = index.hex.get(hex) || [];
  if (choices.length === 1) game.submit(choices[0]);
  else if (choices.length > 1) chooser(`${hexLabel(hex)}:`, choices);
  else {
    expandStack(null);
    refresh();
  }
}

// Several actions fit one click: offer them as buttons.
function chooser(title, actions) {
  prompt.hint(`${title} choose one.`);
  prompt.setButtons([
    ...actions.map((a) => ({ label: describeAction(a), kind: "primary", onClick: () => game.submit(a) })),
    { label: "Cancel", key: "Esc", onClick: () => refresh() },
  ]);
}

// ---- wiring -----------------------------------------------------------------------------------------------

game.on("board-ready", () => {
  board.svg.addEventListener("click", onBoardClick);
  refresh();
});
game.on("counters-drawn", () => refresh());

bindKey("Escape", "Cancel the selection (or close a spread-out stack)", () => {
  if (sel.unit || sel.hexMode) {
    clearSelection(false);
    sel.hexMode = null;
  }
  expandStack(null);
  refresh();
});
bindKey("M", "Selected unit: regular movement", () => setMode("move"));
bindKey("R", "Selected unit: rail movement (10.2)", () => setMode("rail"));
bindKey("S", "Selected unit: sea movement (10.2.5, 10.2.6)", () => setMode("sea"));
bindKey("P", "Selected unit: choose its path hex by hex", () => setMode("path"));
bindKey("E", "End this step (End movement, End combat, Done …)", () => {
  const end = index.buttons.find((a) => ENDS.has(a.type));
  if (end) game.submit(end);
});
bindKey("Enter", "Resolve the attack; send a unit along the chosen path", () => {
  if (sel.mode === "path" && sel.path.length) return sendPath();
  const go = index.buttons.find((a) => GO.has(a.type));
  if (go) game.submit(go);
});
bindKey("N", "Select the next unit that may act", () => {
  const units = [...actionableUnits()];
  if (!units.length) return;
  const next = units[(units.indexOf(sel.unit) + 1) % units.length];
  const u = game.view.units.find((x) => x.id === next);
  if (u?.hex) panzoom.centerOn(...hexCenter(u.hex));
  select(next);
});

export { sel as selection, refresh, activate };
