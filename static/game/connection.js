// One websocket brings views, log and chat; it reconnects with backoff and, on reconnect,
// the server sends the current view again (so nothing is ever missed).
import { game } from "./store.js";
import { unpackActions } from "./wire.js";

let socket = null;
let retry = 0;

export function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/games/${game.id}`);
  socket.addEventListener("open", () => {
    retry = 0;
    game.emit("connection", "live");
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    game.emit("connection", "offline");
    if (game.pending) game.setPending(false);
    if ([4401, 4403, 4404].includes(event.code)) return; // will not get better by retrying
    const delay = Math.min(500 * 2 ** retry++, 15000);
    setTimeout(connect, delay);
  });
}

game.send = (message) => {
  if (socket?.readyState !== WebSocket.OPEN) {
    game.emit("error", { code: "offline", message: "Not connected; retrying…" });
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
};

function handle(message) {
  switch (message.type) {
    case "view":
      onView(message);
      break;
    case "chat_history":
      game.emit("chat-reset");
      message.messages.forEach((m) => game.emit("chat", m));
      break;
    case "chat":
      game.emit("chat", message.message);
      break;
    case "ok":
      break; // the new view follows
    case "error":
      if (game.pending) game.setPending(false);
      game.emit("error", message);
      if (message.code === "stale_seq") socket.close(); // reconnecting fetches the current view
      break;
  }
}

function onView(message) {
  game.live = message;
  if (game.replaying !== null) {
    // a past position is on the board: the log stays live, the board waits for "back to live"
    for (const entry of message.log || []) game.emit("log", entry);
    if (game.pending) game.setPending(false);
    game.emit("live", message);
    return;
  }
  applyView(message);
}

// Show a view message: the live one, or a past position (history.js) in the same form.
export function applyView(message, { past = false } = {}) {
  const first = game.seq === null;
  game.seq = message.seq;
  game.view = message.view;
  game.meta = message.game;
  game.seat = message.seat;
  game.actions = past ? [] : unpackActions(message);
  game.root.dataset.seq = String(message.seq);
  game.root.dataset.status = message.game.status;
  if (game.pending) game.setPending(false);
  game.emit("view", { ...message, first, past });
  if (!past) for (const entry of message.log || []) game.emit("log", entry);
}
