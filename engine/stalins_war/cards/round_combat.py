"""Events whose effect is OPS for the round plus a change to that round's combats or exploitation.

Their combat effects are read by the combat modules from the round's plays
(``rs["played"]``, see `combat_cards.ROUND_EVENT_SHIFTS`, `fire`, `exploitation`); playing
one only has to grant its OPS (none in Rasputitsa, `registry.grant_ops`).

- A1 Brandenburgers, A4 Kesselschlacht, A30 Zitadelle, A47 Frühlingserwachen,
  A49 Wintergewitter, S28 Operation Little Saturn, S33 Operation Kutuzov,
  S46 Deep Operations, S53 Jassy-Kishinev, S54 Vistula-Oder: OPS, and the round's
  combats or exploitation change as the card says.
- S9 Zhukov: for the rest of the turn one Soviet attack a round may combine two hexes
  without armour (`declare.zhukov_available`); 2 OPS. In a Rasputitsa round it does nothing.
- A33 Backhand Blow: playable only right after a Soviet round in which Soviet units
  advanced after combat or exploited (`stats.after_combat_moves`); 3 OPS; Axis attacks
  with a German Panzer Corps get +1 column; and the Axis must attack at least one of those
  Soviet units (card clarification: one is enough), which `obligation` enforces: while
  such an attack is still possible, the OPS round may not leave its combat-marker stage
  without a marker from which one can be made, nor its combat stage without one made.

Rulings (Backhand Blow):
- The attack counts once resolved (a declaration cancelled does not); the unit must be a
  defender of it, wherever it stands by then.
- "Possible" is judged as the round goes: if the Axis has no OPS left for a marker, or no
  unit able to attack such a hex (moved away, out of supply, …), the duty lapses
  (7.5.1b). In a Rasputitsa round the event gives no OPS, so there is no attack to make.
"""
from __future__ import annotations

from .. import declare, ops_pool
from ..consecutive import rasputitsa
from ..constants import AXIS, SOVIET
from ..context import Ctx
from .registry import event, grant_ops, say_text, set_flag

ROUND_EVENTS = ("A1", "A4", "A30", "A47", "A49", "S28", "S33", "S46", "S53", "S54")


@event(*ROUND_EVENTS)
def ops_for_the_round(c: Ctx, side: str, card: str) -> None:
    say_text(c, card)
    grant_ops(c, side, c.d.cards[card].grants_ops)


@event("S9")
def zhukov(c: Ctx, side: str, card: str) -> None:
    if rasputitsa(c):
        c.say("Zhukov has no effect in a Rasputitsa round (15.1.1).", kind="event", card=card)
        return
    set_flag(c, "zhukov")
    ops_for_the_round(c, side, card)


def previous_soviet_round(c: Ctx) -> tuple[int, int]:
    """The Soviet action round just before this Axis one."""
    if c.round > 1:
        return c.turn, c.round - 1
    last = 1 if c.turn - 1 == 1 else 5
    return c.turn - 1, last


def _backhand_refusal(c: Ctx, side: str, card: str) -> str | None:
    rec = c.s["stats"].get("after_combat_moves", {}).get(SOVIET)
    if not rec or (rec.get("turn"), rec.get("round")) != previous_soviet_round(c) or not rec.get("units"):
        return "Backhand Blow: no Soviet unit advanced after combat or exploited in the Soviet round just before"
    return None


@event("A33", refusal=_backhand_refusal)
def backhand_blow(c: Ctx, side: str, card: str) -> None:
    c.s["rs"]["backhand_units"] = list(c.s["stats"]["after_combat_moves"][SOVIET]["units"])
    ops_for_the_round(c, side, card)


def _backhand_hexes(c: Ctx, side: str) -> set[str]:
    """Hexes holding a Soviet unit Backhand Blow obliges the Axis to attack, while the duty is open."""
    rs = c.s["rs"]
    units = rs.get("backhand_units")
    if side != AXIS or rs["side"] != AXIS or not units:
        return set()
    if any(u in units for u in rs.get("defenders_attacked", ())):
        return set()  # done
    return {c.loc(u) for u in units if c.on_map(u)}


def _can_attack_from(c: Ctx, side: str, hid: str, targets: set[str]) -> bool:
    units = [u for u in c.units_at(hid, side) if declare.unit_refusal(c, side, u, need_marker=False) is None]
    return any(t in targets and declare.target_refusal(c, side, t) is None
               and any(declare.pair_refusal(c, side, u, t) is None for u in units)
               for t in c.map.neighbours(hid))


def duty_marks(c: Ctx, side: str) -> list[str]:
    """Hexes whose combat marker would let the Axis make Backhand Blow's attack, while none marked yet does."""
    hexes = _backhand_hexes(c, side)
    if not hexes or any(t in hexes for t in declare.targets(c, side)):
        return []
    marked = set(c.s["markers"]["combat"])
    return [h for h in sorted(c.occupied_hexes(side) - marked)
            if ops_pool.available(c, side, c.units_at(h, side)) > 0 and _can_attack_from(c, side, h, hexes)]


def obligation(c: Ctx, side: str, stage: str) -> str | None:
    """Why the OPS round may not leave this stage yet (Backhand Blow's compulsory attack), or None."""
    hexes = _backhand_hexes(c, side)
    if not hexes:
        return None
    why = "Backhand Blow (A33): the Axis must attack at least one Soviet unit that advanced or exploited " \
          "in the Soviet round before"
    if stage == "combat":
        open_now = sorted(t for t in declare.targets(c, side) if t in hexes)
        if open_now:
            return f"{why}: attack {c.place_names(open_now)} first"
    if stage == "mark" and duty_marks(c, side):
        return f"{why}: first place a combat marker from which {c.place_names(sorted(hexes))} can be attacked"
    return None
