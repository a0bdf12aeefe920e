// The hand (placeholder until the card display lands): the viewer's cards as a list.
import { $, game } from "./store.js";
import { el } from "../api.js";

game.on("view", () => {
  const box = $("hand-cards");
  if (!box) return;
  const hand = game.view?.hand;
  $("hand").hidden = !Array.isArray(hand);
  if (!Array.isArray(hand)) return;
  $("hand-count").textContent = `(${hand.length})`;
  box.replaceChildren(...hand.map((card) => el("li", { class: "card-item", dataset: { card: card.id } },
    el("b", {}, card.name), ` · ${card.ops} OPS`)));
});
