"""Events of the Other Fronts box (3.0): German units called away to other theatres, and back.

- S40 Operation Torch: the Axis sends one German Panzer Corps from the map to the Other
  Fronts box; with none on the map, one other German SCU.
- S51 D-Day (not before turn 14): the Axis sends one German army and one German Panzer
  Corps; a part with no such unit on the map has no effect.
- S39 Italy Capitulates (not before turn 10): every Italian unit leaves the game, wherever
  it is; then the Axis sends one German Panzer Corps, if it has one on the map.
- A41 Transfers from the West: up to two units come back from the Other Fronts box and
  are placed as reinforcements are (7.5.2c), at the strength they had in the box. It is
  not a Reinforcement card: it does not count against 7.5.2a.

The Axis player chooses the units sent (3.0) in a ``send_to_other_fronts`` frame, even
during the Soviet round; units keep their losses in the box (3.0) and the Axis may
rebuild them there (14.1.2). The returns are a ``transfers_from_the_west`` frame.

Rulings:
- "German" means German nationality (Vlassov included, 3.0 design note); a German army
  is a German army-size LCU (Kempf included); the Bunker is a fortification and is never
  sent away.
- A unit sent away leaves its hex's control as it was (3.0: control changes only when
  an enemy unit enters or by attrition).
- Italian units that have left the game by Italy Capitulates never return: the Italian
  Reinforcements cards may still be played for OPS or RP, and as events bring nothing.
"""
from __future__ import annotations

from .. import flow, placement
from ..constants import AXIS, OTHER_FRONTS, REMOVED, is_hex
from ..context import Ctx
from ..flow import Step, register
from .registry import event, say_text, set_flag

WHAT = {"panzer": "a German Panzer Corps", "army": "a German army", "scu": "a German SCU"}


def _matches(c: Ctx, uid: str, what: str) -> bool:
    ud = c.udef(uid)
    if ud.side != AXIS or ud.nationality != "GE" or ud.kind == "bunker" or not c.on_map(uid):
        return False
    if what == "panzer":
        return ud.kind == "panzer"
    if what == "army":
        return ud.lcu and ud.size == "army"
    return not ud.lcu  # "scu"


def _candidates(c: Ctx, what: str) -> list[str]:
    return [u for u in c.units_on_map(AXIS) if _matches(c, u, what)]


def call_away(c: Ctx, card: str, wanted: list[str]) -> None:
    """Open the Axis choice of the units `wanted` ("panzer", "army", "scu"); parts with no candidate lapse."""
    left = []
    for what in wanted:
        if _candidates(c, what):
            left.append(what)
        else:
            c.say(f"{c.d.cards[card].name}: the Axis has no {WHAT[what][2:]} on the map to send away (7.5.1b).",
                  kind="event")
    if left:
        flow.push(c, "send_to_other_fronts", side=AXIS, card=card, wanted=left)


@register
class SendToOtherFronts(Step):
    kind = "send_to_other_fronts"

    def prompt(self, c, f, side):
        need = " and ".join(WHAT[w] for w in f["wanted"])
        return f"{c.d.cards[f['card']].name}: send {need} from the map to the Other Fronts box"

    def actions(self, c, f, side):
        out = []
        for uid in c.units_on_map(AXIS):
            if any(_matches(c, uid, w) for w in f["wanted"]):
                out.append({"type": "send_to_other_fronts", "unit": uid,
                            "label": f"Send {c.unit_label(uid)} ({c.hex_label(c.loc(uid))}) to the Other Fronts"})
        return out

    def apply(self, c, f, side, a):
        uid = a["unit"]
        f["wanted"].remove(next(w for w in f["wanted"] if _matches(c, uid, w)))
        where = c.loc(uid)
        c.set_loc(uid, OTHER_FRONTS)
        c.say(f"{c.unit_label(uid)} leaves {c.hex_label(where)} for the Other Fronts box.", kind="other_fronts",
              unit=uid)
        f["wanted"] = [w for w in f["wanted"] if _candidates(c, w)]
        if not f["wanted"]:
            flow.pop(c, self.kind)

    def view(self, c, f, side):
        return {"card": f["card"], "wanted": list(f["wanted"])}


@event("S40")
def operation_torch(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    call_away(c, card, ["panzer"] if _candidates(c, "panzer") else ["scu"])


@event("S51")
def d_day(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    call_away(c, card, ["army", "panzer"])


@event("S39")
def italy_capitulates(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    set_flag(c, "italy_capitulates")
    gone = [uid for uid, ud in c.d.units.items()
            if ud.nationality == "IT" and c.s["units"][uid]["loc"] != REMOVED]
    for uid in gone:
        was = c.s["units"][uid]["loc"]
        c.set_loc(uid, REMOVED)
        c.s["units"][uid]["lost"] = 0
        c.say(f"{c.unit_label(uid)} leaves the game{' from ' + c.hex_label(was) if is_hex(was) else ''}.",
              kind="surrender", unit=uid)
    call_away(c, card, ["panzer"])


# ---- Transfers from the West --------------------------------------------------------------------------

TRANSFERS = 2


def _returning(c: Ctx) -> list[str]:
    return [uid for uid, u in sorted(c.s["units"].items()) if u["loc"] == OTHER_FRONTS and c.side_of(uid) == AXIS]


def _transfer_options(c: Ctx) -> list[dict]:
    out = []
    for uid in _returning(c):
        for hid in placement.legal_hexes(c, uid):
            out.append({"type": "transfer", "unit": uid, "hex": hid,
                        "label": f"{c.unit_label(uid)} returns at {c.hex_label(hid)}"})
    return out


@event("A41")
def transfers_from_the_west(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    if _transfer_options(c):
        flow.push(c, "transfers_from_the_west", side=AXIS, left=TRANSFERS)
    else:
        c.say("Transfers from the West: no unit in the Other Fronts box can be placed; the event has no effect "
              "(7.5.1b).", kind="event")


@register
class TransfersFromTheWest(Step):
    kind = "transfers_from_the_west"

    def prompt(self, c, f, side):
        return f"Transfers from the West: bring back up to {f['left']} units from the Other Fronts box"

    def actions(self, c, f, side):
        return _transfer_options(c) + [{"type": "end_transfers", "label": "Bring back no more"}]

    def apply(self, c, f, side, a):
        if a["type"] == "transfer":
            uid = a["unit"]
            c.set_loc(uid, a["hex"])
            c.s["units"][uid]["supply"] = "full"
            if c.s["rs"]["side"] == side:
                c.s["rs"]["started"][uid] = a["hex"]
            c.say(f"{c.unit_label(uid)} returns from the Other Fronts at {c.hex_label(a['hex'])}.",
                  kind="reinforce", unit=uid, hex=a["hex"])
            f["left"] -= 1
            if f["left"] > 0 and _transfer_options(c):
                return
        flow.pop(c, self.kind)
