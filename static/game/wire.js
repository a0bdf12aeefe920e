// The compact wire form of the legal actions (docs/server.md, "Legal actions on the wire"):
// `actions` lists single actions; `action_groups` lists unit moves grouped by destination.
// Expanded here into the engine's flat form, each with a label, so that every module sees one list.

export function unpackActions(message) {
  const out = [...(message.actions || [])];
  for (const group of message.action_groups || []) {
    const { units, to, mp, hexes, ...common } = group;
    for (const unit of units) {
      to.forEach((hex, i) => {
        const action = { ...common, unit, to: hex };
        if (mp) action.mp = mp[i];
        if (hexes) action.hexes = hexes[i];
        out.push(action);
      });
    }
  }
  return out;
}
