// The game page's shared state and its events: every module reads `game` and listens with `on`.
//
// Events (payload):
//   "view"      a new view was applied (the message); game.view/actions/seq are already updated
//   "log"       one log entry arrived (entry), after the view it belongs to
//   "chat"      one chat message (message); "chat-reset" before a full history
//   "error"     the server refused something ({code, message, rule?})
//   "pending"   an action was sent or its answer came (boolean)
//   "connection" "live" | "offline"
//   "select"    the board's selection changed (see board modules)
//   "history"   show the position after this seq (history.js); "live" a live view arrived while
//               a past position is shown (the page keeps showing the past until asked back)
// Modules never call each other's internals: they share this object and these events.

const root = document.getElementById("game");

const listeners = new Map();

export const game = {
  root,
  id: root.dataset.gameId,
  seat: root.dataset.seat || null,
  signedIn: Boolean(root.dataset.signedIn),
  seq: null,
  view: null,        // the engine's redacted view
  meta: null,        // the game's metadata (players, status, active sides)
  actions: [],       // every legal action, flat (wire groups expanded), each with a "label"
  pending: false,    // an action is on its way
  live: null,        // the latest view message from the server (kept while a past position is shown)
  replaying: null,   // null, or the seq of the past position shown (history.js)
  send: () => false, // set by connection.js: send one message over the socket

  on(event, fn) {
    if (!listeners.has(event)) listeners.set(event, []);
    listeners.get(event).push(fn);
  },

  emit(event, payload) {
    for (const fn of listeners.get(event) || []) {
      try {
        fn(payload);
      } catch (error) {
        console.error(`listener of ${event}`, error);
      }
    }
  },

  // Whose decision it is now, as the page's viewer sees it.
  myTurn() {
    return Boolean(this.seat && this.meta?.status === "active" && this.meta.active_sides.includes(this.seat));
  },

  // Send one legal action (the label is not needed by the server but harmless).
  submit(action) {
    if (this.pending || this.replaying !== null) return false;
    const { label, ...bare } = action;
    if (!this.send({ type: "action", seq: this.seq, action: bare })) return false;
    this.setPending(true);
    return true;
  },

  setPending(value) {
    this.pending = value;
    root.classList.toggle("pending", value);
    this.emit("pending", value);
  },
};

export const $ = (id) => document.getElementById(id);

export function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
