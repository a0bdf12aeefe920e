"""The Replacement phase (6.0 C, 14.0): spending RPs, Soviet segment then Axis.

RPs are kept in half points: an SCU step costs 1/2 RP, an LCU step 1 RP (14.1.3).
German non-panzer units take GE RPs, panzers PZ RPs, other Axis nations AX RPs
(14.1.7). A step marked non-replaceable can never be rebuilt (14.1.6); units out of
supply get no replacements (14.1.2); panzer steps need the USIR in Axis hands
(14.2.2). Eliminated units come back one step strong, placed like reinforcements
(14.1.4; `placement`), and may take further steps in the same phase. The Axis may also
rebuild units in the Other Fronts box (14.1.2). Unspent RPs are lost (14.1.5). Units on
the turn track (13.3.8) wait there until their turn comes.

Ruling: a unit in fortress supply (or Baku's limited supply) is supplied for defence and
attrition only (13.2.3, 13.2.4), so it takes no replacements.
"""
from __future__ import annotations

from ..core.errors import IllegalAction
from . import flow, placement
from .constants import AXIS, ELIMINATED, OTHER_FRONTS, RP_TYPES, SOVIET
from .context import Ctx
from .flow import Step, register

END_REPLACEMENTS = {"type": "end_replacements", "label": "Finish replacements"}


def step_cost(c: Ctx, uid: str) -> int:
    """Half points per step: 1 for an SCU, 2 for an LCU."""
    return 2 if c.udef(uid).lcu else 1


def rp_kind(c: Ctx, uid: str) -> str:
    return c.udef(uid).rp_type


def _tied(c: Ctx) -> dict:
    """AX RPs an event ties to one nation (Antonescu: RO, Margarethe: HU), in half points."""
    return c.s.get("rp_only") or {}


def rp_for(c: Ctx, uid: str) -> int:
    """Half points this unit's replacement may draw on: its RP kind, plus AX RPs tied to its nation."""
    kind = rp_kind(c, uid)
    extra = _tied(c).get(c.udef(uid).nationality, 0) if kind == "AX" else 0
    return c.s["rp"][kind] + extra


def _pay(c: Ctx, uid: str, cost: int) -> None:
    tied = _tied(c)
    nation = c.udef(uid).nationality
    if rp_kind(c, uid) == "AX" and tied.get(nation):
        used = min(tied[nation], cost)
        tied[nation] -= used
        cost -= used
    c.s["rp"][rp_kind(c, uid)] -= cost


def _any_rp(c: Ctx, side: str) -> bool:
    return any(c.s["rp"][k] for k in RP_TYPES[side]) or (side == AXIS and any(_tied(c).values()))


def begin_segment(c: Ctx, side: str) -> None:
    auto = c.s["auto_rp"][side].get(str(c.turn), 0)
    if auto:
        kind = "SU" if side == SOVIET else "GE"
        c.s["rp"][kind] += auto * 2
        c.say(f"{side.capitalize()} receives {auto} automatic RPs (4.5.2, 21.0).", kind="rp")
    if side == SOVIET and c.s["flags"].get("scorched_earth") == c.turn:
        cut = min(4, c.s["rp"]["SU"])  # card A46: 2 RPs, in half points
        c.s["rp"]["SU"] -= cut
        c.say(f"Scorched Earth: the Soviet RPs drop by {cut / 2:g} to {c.s['rp']['SU'] / 2:g}.", kind="rp")
    if _any_rp(c, side) and _has_option(c, side):
        flow.push(c, "replacements", side=side)
    else:
        _lose_rest(c, side)


def _lose_rest(c: Ctx, side: str) -> None:
    left = {k: c.s["rp"][k] for k in RP_TYPES[side] if c.s["rp"][k]}
    if side == AXIS:
        left.update({f"AX ({nation} only)": n for nation, n in _tied(c).items() if n})
        c.s.pop("rp_only", None)
    for k in RP_TYPES[side]:
        c.s["rp"][k] = 0
    if left:
        c.say(f"Unspent RPs are lost: {', '.join(f'{k} {v / 2:g}' for k, v in left.items())} (14.1.5).", kind="rp")


def usir_blocks_panzers(c: Ctx) -> bool:
    usir = c.map.places["USIR"]
    return c.s["control"].get(usir) == SOVIET


def refusal(c: Ctx, side: str, uid: str, *, recreate: bool = False) -> str | None:
    ud = c.udef(uid)
    u = c.s["units"][uid]
    if ud.side != side:
        return "That is not your unit."
    kind = rp_kind(c, uid)
    if rp_for(c, uid) < step_cost(c, uid):
        return f"14.1.3: not enough {kind} RPs ({rp_for(c, uid) / 2:g} left, {step_cost(c, uid) / 2:g} needed)"
    if kind == "PZ" and usir_blocks_panzers(c):
        return "14.2.2: no panzer replacements while the Soviets hold the USIR"
    if recreate:
        if u["loc"] != ELIMINATED:
            return "Only units in the Eliminated Units box can be recreated."
        if not ud.steps[-1].replaceable:
            return "14.1.6: this unit's last step cannot be rebuilt"
        return None
    if u["loc"] == OTHER_FRONTS and side != AXIS:
        return "14.1.2: only the Axis rebuilds units in the Other Fronts box"
    if u["loc"] != OTHER_FRONTS and not c.on_map(uid):
        return "Only units on the map (or, for the Axis, in the Other Fronts box) can take replacements."
    if u["lost"] == 0:
        return "The unit is at full strength."
    if not ud.steps[u["lost"] - 1].replaceable:
        return "14.1.6: that step is marked non-replaceable"
    if c.on_map(uid) and u["supply"] != "full":
        return "14.1.2: units out of supply cannot take replacements"
    return None


def _options(c: Ctx, side: str) -> list[dict]:
    out = []
    for uid, u in sorted(c.s["units"].items()):
        out += _unit_options(c, side, uid, u)
    return out


def _has_option(c: Ctx, side: str) -> bool:
    """`bool(_options(c, side))`, stopping at the first unit that has one."""
    return any(_unit_options(c, side, uid, u) for uid, u in sorted(c.s["units"].items()))


def _unit_options(c: Ctx, side: str, uid: str, u: dict) -> list[dict]:
    """The replacement actions of one unit (`_options` lists every unit's in turn)."""
    if c.udef(uid).side != side:
        return []
    loc = u["loc"]
    if (c.on_map(uid) or loc == OTHER_FRONTS) and u["lost"] and refusal(c, side, uid) is None:
        return [{"type": "replace", "unit": uid,
                 "label": f"Rebuild a step of {c.unit_label(uid)} ({step_cost(c, uid) / 2:g} {rp_kind(c, uid)})"}]
    if loc == ELIMINATED and refusal(c, side, uid, recreate=True) is None:
        return [{"type": "recreate", "unit": uid, "hex": hid,
                 "label": f"Recreate {c.unit_label(uid)} at {c.hex_label(hid)}"}
                for hid in placement.legal_hexes(c, uid)]
    return []


@register
class Replacements(Step):
    kind = "replacements"

    def prompt(self, c, f, side):
        rps = ", ".join(f"{k} {c.s['rp'][k] / 2:g}" for k in RP_TYPES[side])
        if side == AXIS:
            rps += "".join(f", AX {n / 2:g} for {nation} units only" for nation, n in _tied(c).items() if n)
        return f"Spend replacement points ({rps})"

    def actions(self, c, f, side):
        return _options(c, side) + [dict(END_REPLACEMENTS)]

    def matchable(self, c, f, side, action):
        # Each option names its unit: only the action's own unit's can match it.
        uid = action.get("unit")
        own = _unit_options(c, side, uid, c.s["units"][uid]) if isinstance(uid, str) and uid in c.s["units"] else []
        return own + [dict(END_REPLACEMENTS)]

    def refuse(self, c, f, side, action, legal):
        uid = action.get("unit")
        if action["type"] in ("replace", "recreate") and isinstance(uid, str) and uid in c.s["units"]:
            why = refusal(c, side, uid, recreate=action["type"] == "recreate")
            if why:
                return IllegalAction(why)
            if action["type"] == "recreate":
                return IllegalAction("14.1.4: recreated units are placed as reinforcements would be.")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        if a["type"] == "end_replacements":
            flow.pop(c, self.kind)
            _lose_rest(c, side)
            return
        uid = a["unit"]
        _pay(c, uid, step_cost(c, uid))
        u = c.s["units"][uid]
        if a["type"] == "replace":
            u["lost"] -= 1
            c.changed()
            c.say(f"{c.unit_label(uid)} rebuilds a step.", kind="replace", unit=uid)
        else:
            u["lost"] = len(c.udef(uid).steps) - 1
            u["supply"] = "full"
            c.set_loc(uid, a["hex"])
            c.say(f"{c.unit_label(uid)} is recreated at {c.hex_label(a['hex'])}.", kind="replace", unit=uid)
        if not _any_rp(c, side) or not _has_option(c, side):
            flow.pop(c, self.kind)
            _lose_rest(c, side)
