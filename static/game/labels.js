// Words for actions the wire sends without a label (grouped moves), and for hexes and units.
import { game } from "./store.js";

let hexNames = {}; // hex id -> place name, from the map data (board modules set it)

export function setHexNames(names) {
  hexNames = names || {};
}

export function hexLabel(hex) {
  const name = hexNames[hex];
  return name ? `${name} (${hex})` : hex;
}

export function unitLabel(id) {
  const unit = game.view?.units?.find((u) => u.id === id);
  return unit ? unit.label : id;
}

const VERB = { move: "Move", rail: "Rail", sea: "Sea move", exploit: "Exploit" };

export function describeAction(action) {
  if (action.label) return action.label;
  if ((action.type === "place" || action.type === "recreate") && action.unit && action.hex) {
    const verb = action.type === "place" ? "Place" : "Recreate";
    return `${verb} ${unitLabel(action.unit)} in ${hexLabel(action.hex)}${action.replacing ? `, replacing ${unitLabel(action.replacing)}` : ""}`;
  }
  if (VERB[action.type] && action.unit && action.to) {
    const cost = [];
    if (action.mp !== undefined) cost.push(`${action.mp} MP`);
    if (action.hexes !== undefined) cost.push(`${action.hexes} hex${action.hexes === 1 ? "" : "es"}`);
    if (action.ops) cost.push(`${action.ops} OPS`);
    return `${VERB[action.type]} ${unitLabel(action.unit)} to ${hexLabel(action.to)}${cost.length ? ` (${cost.join(", ")})` : ""}`;
  }
  const rest = Object.entries(action)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`);
  return `${action.type.replaceAll("_", " ")}${rest.length ? ` (${rest.join(", ")})` : ""}`;
}
