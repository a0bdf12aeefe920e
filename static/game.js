// The game page: one websocket brings views, log and chat; the action panel sends actions.
import { api, el } from "./api.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);

const state = {
  seq: null,
  boardSeq: null,
  view: null,
  actions: [],
  seat: root.dataset.seat || null,
  pending: false,
  socket: null,
  retry: 0,
};

// ---- connection ---------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/games/${gameId}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.retry = 0;
    setConnection("live");
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    setConnection("offline");
    state.pending = false;
    if ([4401, 4403, 4404].includes(event.code)) return; // will not get better by retrying
    const delay = Math.min(500 * 2 ** state.retry++, 15000);
    setTimeout(connect, delay);
  });
}

function send(message) {
  if (state.socket?.readyState !== WebSocket.OPEN) {
    showError({ code: "offline", message: "Not connected; retrying…" });
    return false;
  }
  state.socket.send(JSON.stringify(message));
  return true;
}

function setConnection(text) {
  const node = $("connection");
  node.textContent = text;
  node.className = `connection ${text}`;
}

function handle(message) {
  switch (message.type) {
    case "view":
      onView(message);
      break;
    case "chat_history":
      $("chat").replaceChildren();
      message.messages.forEach(addChat);
      break;
    case "chat":
      addChat(message.message);
      break;
    case "ok":
      break; // the new view follows
    case "error":
      state.pending = false;
      renderActions();
      showError(message);
      if (message.code === "stale_seq") state.socket.close(); // reconnecting fetches the current view
      break;
  }
}

// ---- views --------------------------------------------------------------------------------

function onView(message) {
  const first = state.seq === null;
  if (message.log?.length && message.log[0].id && first) $("log").replaceChildren();
  state.seq = message.seq;
  state.view = message.view;
  state.actions = message.actions || [];
  state.seat = message.seat;
  state.game = message.game;
  state.pending = false;
  root.dataset.seq = String(message.seq);
  root.dataset.status = message.game.status;
  (message.log || []).forEach(addLog);
  renderPlayers(message.game, message.seat);
  renderStatus();
  renderActions();
  renderFacts();
  if (message.view && state.boardSeq !== message.seq) loadBoard(message.seq);
}

function renderPlayers(game, seat) {
  $("player-axis").textContent = game.players.axis?.username ?? "free seat";
  $("player-soviet").textContent = game.players.soviet?.username ?? "free seat";
  $("seat-label").textContent = seat ? `You play ${cap(seat)}` : "Spectating";
}

function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

function renderStatus() {
  const game = state.game;
  const view = state.view || {};
  const parts = [];
  if (game.status === "open") parts.push("Waiting for an opponent");
  if (view.turn !== undefined) parts.push(`Turn ${view.turn}${view.turn_name ? ` (${view.turn_name})` : ""}`);
  if (view.round !== undefined && view.round !== null) parts.push(`Round ${view.round}`);
  if (view.phase) parts.push(cap(String(view.phase).replaceAll("_", " ")));
  if (view.rasputitsa) parts.push("Rasputitsa");
  if (game.status === "active") {
    const who = game.active_sides.map(cap).join(" & ") || "—";
    const mine = state.seat && game.active_sides.includes(state.seat);
    parts.push(mine ? `Your move (${who})` : `${who} to move`);
  }
  if (view.vp !== undefined && view.vp !== null) parts.push(`VP ${typeof view.vp === "object" ? JSON.stringify(view.vp) : view.vp}`);
  if (game.result) parts.push(`Game over: ${game.result.winner ? cap(game.result.winner) + " wins" : "no winner"} — ${game.result.reason}`);
  parts.push(`seq ${state.seq}`);
  $("status").textContent = parts.join(" · ");
  // A tab left open for a correspondence game shows when it is your move.
  const yourMove = game.status === "active" && state.seat && game.active_sides.includes(state.seat);
  document.title = `${yourMove ? "● Your move · " : ""}Game ${game.id} · Stalin's War Online`;
}

// The engine's decision prompt: {"prompt": {side: text}}; spectators see every side's.
function promptText(view, seat) {
  const prompt = view?.decision?.prompt ?? view?.prompt;
  if (!prompt) return "";
  if (typeof prompt === "string") return prompt;
  if (seat && prompt[seat]) return prompt[seat];
  if (seat) return "";
  return Object.entries(prompt).map(([side, text]) => `${cap(side)}: ${text}`).join(" · ");
}

// ---- action panel -------------------------------------------------------------------------

export function describeAction(action) {
  if (action.label) return action.label;
  const rest = Object.entries(action)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  return `${action.type.replaceAll("_", " ")}${rest.length ? ` (${rest.join(", ")})` : ""}`;
}

// Every legal action is a button. Big groups (movement lists one action per unit and
// destination: thousands) fold by type and then by unit/card/hex, and a folded group's
// buttons are only built when it is opened; the filter searches all labels.
const FOLD_AT = 40;
const SHOW_MATCHES = 200;
const SUBGROUP_KEYS = ["unit", "card", "hex"];

function renderActions() {
  const box = $("actions");
  const filter = $("action-filter");
  const game = state.game;
  const waiting = game && game.status === "active" && state.seat && !game.active_sides.includes(state.seat);
  let prompt = promptText(state.view, state.seat);
  if (!prompt) {
    if (!game) prompt = "…";
    else if (game.status === "open") prompt = "Waiting for an opponent to join.";
    else if (game.status !== "active") prompt = "The game is over.";
    else if (!state.seat) prompt = "You are watching.";
    else if (waiting) prompt = "Waiting for your opponent.";
  }
  $("prompt").textContent = prompt;
  box.replaceChildren();
  const actions = state.actions;
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
    disabled: state.pending,
    dataset: { type: action.type },
    onclick: () => submit(action),
  }, describeAction(action));
}

function submit(action) {
  if (state.pending) return;
  if (send({ type: "action", seq: state.seq, action })) {
    state.pending = true;
    renderActions();
  }
}

// ---- board and facts ----------------------------------------------------------------------

async function loadBoard(seq) {
  try {
    const response = await fetch(`/api/games/${gameId}/board.svg?seq=${seq}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const text = await response.text();
    if (seq !== state.seq) return; // a newer view arrived meanwhile
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg.nodeName.toLowerCase() !== "svg") return;
    const board = $("board");
    board.replaceChildren(document.importNode(svg, true));
    board.dataset.seq = String(seq);
    state.boardSeq = seq;
  } catch (error) {
    console.warn("board", error);
  }
}

// Shown as their own lines; everything else in the view is listed below them, folded.
const FACT_SKIP = new Set(["game", "viewer", "decision", "prompt", "hand"]);

function cardLabel(card) {
  if (typeof card !== "object" || card === null) return String(card);
  const name = card.label || card.name || card.title || card.id;
  const ops = card.ops !== undefined ? ` · ${card.ops} OPS` : "";
  return `${card.id && name !== card.id ? card.id + " " : ""}${name}${ops}`;
}

function renderFacts() {
  const view = state.view;
  const box = $("facts");
  box.replaceChildren();
  if (!view) return;
  if (Array.isArray(view.hand)) {
    box.append(el("h3", {}, `Your hand (${view.hand.length})`),
      el("ul", { class: "hand" }, view.hand.map((card) => el("li", { dataset: { card: card.id ?? "" } }, cardLabel(card)))));
  }
  const dl = el("dl");
  const nested = [];
  for (const [key, value] of Object.entries(view)) {
    if (FACT_SKIP.has(key)) continue;
    if (value === null || typeof value !== "object") {
      dl.append(el("dt", {}, key.replaceAll("_", " ")), el("dd", {}, String(value)));
    } else {
      nested.push([key, value]);
    }
  }
  box.append(dl);
  for (const [key, value] of nested) {
    const count = Array.isArray(value) ? ` (${value.length})` : "";
    box.append(el("details", { class: "fact", dataset: { key } },
      el("summary", {}, key.replaceAll("_", " ") + count),
      el("pre", { class: "json" }, JSON.stringify(value, null, 1))));
  }
}

// ---- log and chat -------------------------------------------------------------------------

function addLog(entry) {
  const list = $("log");
  if (list.querySelector(`[data-id="${entry.id}"]`)) return;
  list.append(el("li", { dataset: { id: String(entry.id) }, class: entry.to ? "private" : "" },
    el("span", { class: "seq" }, `#${entry.seq}`), " ", entry.text));
  list.scrollTop = list.scrollHeight;
}

function addChat(message) {
  const list = $("chat");
  if (list.querySelector(`[data-id="${message.id}"]`)) return;
  const time = new Date(message.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  list.append(el("li", { dataset: { id: String(message.id) } },
    el("span", { class: "time" }, time), " ", el("b", {}, message.user), ": ", message.text));
  list.scrollTop = list.scrollHeight;
}

let errorTimer;
function showError(error) {
  const node = $("error");
  node.textContent = `${error.message} [${error.code}]`;
  node.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => (node.hidden = true), 8000);
}

// ---- wiring -------------------------------------------------------------------------------

$("action-filter").addEventListener("input", renderActions);
$("fit-board").addEventListener("change", (event) => $("board").classList.toggle("fit", event.target.checked));

$("chat-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (text && send({ type: "chat", text })) input.value = "";
});

$("resign-form")?.addEventListener("submit", (event) => {
  if (!confirm("Resign this game? Your opponent wins.")) event.preventDefault();
});

const notes = $("notes");
if (notes) {
  api("GET", `/api/games/${gameId}/notes`).then((data) => (notes.value = data.text)).catch(() => {});
  $("notes-save").addEventListener("click", async () => {
    try {
      await api("PUT", `/api/games/${gameId}/notes`, { text: notes.value });
      $("notes-status").textContent = "Saved.";
    } catch (error) {
      showError(error);
    }
  });
}

connect();
