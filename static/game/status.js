// The header: players, seat, connection, the one-line status, and the tab title.
import { $, cap, game } from "./store.js";

game.on("connection", (text) => {
  const node = $("connection");
  node.textContent = text;
  node.className = `connection ${text}`;
});

game.on("view", ({ game: meta, seat }) => {
  for (const side of ["axis", "soviet"]) {
    $(`player-${side}`).textContent = meta.players[side]?.username ?? "free seat";
    $(`bot-${side}`).hidden = !meta.players[side]?.is_bot;
  }
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
  if (game.replaying !== null) parts.push(`Looking back at #${game.seq} of ${game.live?.seq ?? game.seq}`);
  else if (meta.status === "active") {
    const who = meta.active_sides.map(cap).join(" & ") || "—";
    const thinking = meta.active_sides.filter((s) => meta.players[s]?.is_bot && s !== game.seat);
    if (game.myTurn()) parts.push(`Your move (${who})`);
    else if (thinking.length) parts.push(`${cap(thinking[0])} to move: the computer is thinking…`);
    else parts.push(`${who} to move`);
  }
  if (view.vp !== undefined && view.vp !== null) parts.push(`VP ${view.vp}`);
  if (meta.result) parts.push(`Game over: ${meta.result.winner ? cap(meta.result.winner) + " wins" : "no winner"} — ${meta.result.reason}`);
  parts.push(`seq ${game.seq}`);
  $("status").textContent = parts.join(" · ");
  // A tab left open for a correspondence game shows when it is your move.
  document.title = `${game.myTurn() ? "● Your move · " : ""}Game ${meta.id} · Stalin's War Online`;
}
