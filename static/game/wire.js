// The compact wire form of the legal actions (docs/server.md, "Legal actions on the wire"):
// `actions` lists single actions; `action_groups` folds unit moves and placements, one group
// standing for one action per unit in `units` and destination in `to` (or `hex`), less the
// destinations `skip` lists for a unit, with `mp` / `hexes` lists parallel to the destinations.
// Expanded here into the engine's flat form, so that every module sees one list.

const PER_DESTINATION = ["to", "hex", "mp", "hexes"];

export function unpackActions(message) {
  const out = [...(message.actions || [])];
  for (const group of message.action_groups || []) {
    const common = {};
    for (const [key, value] of Object.entries(group)) {
      if (key !== "units" && key !== "skip" && !PER_DESTINATION.includes(key)) common[key] = value;
    }
    const lists = PER_DESTINATION.filter((key) => key in group);
    const dests = group[lists[0]];
    for (const unit of group.units) {
      const lacking = new Set(group.skip?.[unit] || []);
      dests.forEach((hex, i) => {
        if (lacking.has(hex)) return;
        const action = { ...common, unit };
        for (const key of lists) action[key] = group[key][i];
        out.push(action);
      });
    }
  }
  return out;
}
