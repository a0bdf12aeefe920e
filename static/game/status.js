// The header: players, seat, connection, the one-line status, and the tab title.
import { $, cap, game } from "./store.js";

game.on("connection", (text) => {
  const node = $("connection");
  node.textContent = text;
  node.className = `connection ${text}`;
});

game.on("view", ({ game: meta, seat }) => {
  $("player-axis").textContent = meta.players.axis?.username ?? "free seat";
  $("player-soviet").textContent = meta.players.soviet?.username ?? "free seat";
  $("seat-label").textContent = seat ? `You play ${cap(seat)}` : "Spectating";
  // the page was drawn before the game started or ended: hide what no longer applies
  $("cancel-form")?.closest("section")?.toggleAttribute("hidden", meta.status !== "open");
  $("resign-form")?.closest("section")?.toggleAttribute("hidden", meta.status !== "active");
  $("join-button")?.closest("form")?.toggleAttribute("hidden", meta.status !== "open");
  $("invite-link")?.closest("p")?.toggleAttribute("hidden", meta.status !== "open");
  renderStatus();
});

function renderStatus() {
  const meta = game.meta;
  const view = game.view || {};
  const parts = [];
  if (meta.status === "open") parts.push("Waiting for an opponent");
  if (view.turn !== undefined) parts.push(`Turn ${view.turn}${view.turn_name ? ` (${view.turn_name})` : ""}`);
  if (view.round !== undefined && view.round !== null) parts.push(`Round ${view.round}`);
  if (view.phase) parts.push(cap(String(view.phase).replaceAll("_", " ")));
  if (view.rasputitsa) parts.push("Rasputitsa");
  if (meta.status === "active") {
    const who = meta.active_sides.map(cap).join(" & ") || "—";
    parts.push(game.myTurn() ? `Your move (${who})` : `${who} to move`);
  }
  if (view.vp !== undefined && view.vp !== null) parts.push(`VP ${view.vp}`);
  if (meta.result) parts.push(`Game over: ${meta.result.winner ? cap(meta.result.winner) + " wins" : "no winner"} — ${meta.result.reason}`);
  parts.push(`seq ${game.seq}`);
  $("status").textContent = parts.join(" · ");
  // A tab left open for a correspondence game shows when it is your move.
  document.title = `${game.myTurn() ? "● Your move · " : ""}Game ${meta.id} · Stalin's War Online`;
}
