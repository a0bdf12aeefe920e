"""Events that move units outside the usual movement rules.

- S48 Maskirovka: before anything else this round, up to three Soviet combat units in full
  supply (not Stalin, partisans or the Fortified Zone) relocate, each as a regular move up
  to its MA; leaving an enemy ZOC costs no OPS (card clarification) but entering one still
  stops the unit (8.3), and no unit may end over-stacked. Then 2 OPS; the relocated units
  may attack this round but not move again. A ``maskirovka`` frame, then the OPS round.
- A44 Büffel: 3 OPS for movement, entrenchment and festungs only: no Axis attack this
  round (`declare.unit_refusal`), and Axis units leave enemy ZOCs free of OPS this round
  (`movement`), still stopping when they enter one.

Rulings:
- The relocation is a regular move in every other respect (terrain, borders, 8.3's ban on
  stepping from one enemy ZOC straight into another, 10.1.4's one hex minimum) and takes
  control of the hexes entered (3.0).
- In a Rasputitsa round the relocation still happens (it spends no OPS); the OPS do not
  come (15.1.1).
"""
from __future__ import annotations

from .. import control, flow, movement
from ..constants import SOVIET
from ..context import Ctx
from ..flow import Step, register
from .registry import event, grant_ops, say_text

RELOCATIONS = 3
NOT_RELOCATED = ("stalin", "partisan", "fortified_zone")


def _relocatable(c: Ctx, f: dict) -> list[str]:
    if len(f["moved"]) >= RELOCATIONS:
        return []
    return [u for u in c.units_on_map(SOVIET)
            if u not in f["moved"] and c.udef(u).kind not in NOT_RELOCATED and c.s["units"][u]["supply"] == "full"]


def _options(c: Ctx, f: dict) -> list[dict]:
    out = []
    for uid in _relocatable(c, f):
        label = c.unit_label(uid)
        for hid, mp in sorted(movement.reachable_mp(c, uid).items()):
            out.append({"type": "relocate", "unit": uid, "to": hid, "label": f"Relocate {label} to {c.hex_label(hid)}"})
    return out


@event("S48")
def maskirovka(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grant_ops(c, side, c.d.cards[card].grants_ops)  # pushed first: the relocation comes before anything else
    f = {"moved": []}
    if _options(c, f):
        flow.push(c, "maskirovka", side=SOVIET, moved=[])


@register
class Maskirovka(Step):
    kind = "maskirovka"

    def prompt(self, c, f, side):
        return f"Maskirovka: relocate up to {RELOCATIONS - len(f['moved'])} more Soviet units in full supply"

    def actions(self, c, f, side):
        return _options(c, f) + [{"type": "end_relocation", "label": "Relocate no more units"}]

    def apply(self, c, f, side, a):
        if a["type"] == "relocate":
            uid = a["unit"]
            _, path = movement.reachable(c, uid)[a["to"]]
            start = c.loc(uid)
            for hid in path:
                c.set_loc(uid, hid)
                control.entered(c, uid, hid, passing=hid != path[-1])
            rs = c.s["rs"]
            rs["mp"][uid] = movement.movement_allowance(c, uid)  # may attack, but not move again this round
            rs["moved"] = True
            f["moved"].append(uid)
            c.say(f"Maskirovka: {c.unit_label(uid)} relocates {start} → {path[-1]}.", kind="move", unit=uid,
                  path=[start, *path])
            if _options(c, f):
                return
        flow.pop(c, self.kind)

    def view(self, c, f, side):
        return {"moved": list(f["moved"])}


@event("A44")
def buffel(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grant_ops(c, side, c.d.cards[card].grants_ops)
