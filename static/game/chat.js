// Chat between the players (spectators read it).
import { $, game } from "./store.js";
import { el } from "../api.js";

game.on("chat-reset", () => $("chat").replaceChildren());

game.on("chat", (message) => {
  const list = $("chat");
  if (list.querySelector(`[data-id="${message.id}"]`)) return;
  const time = new Date(message.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  list.append(el("li", { dataset: { id: String(message.id) } },
    el("span", { class: "time" }, time), " ", el("b", {}, message.user), ": ", message.text));
  list.scrollTop = list.scrollHeight;
});

$("chat-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (text && game.send({ type: "chat", text })) input.value = "";
});
