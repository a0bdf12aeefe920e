"""An OPS round (7.3): movement, then combat markers, then combats, then exploitation.

The round's OPS (from the card, or none in a 0-OPS round) are spent before banked
OPS (18.1.1); OPS not spent by the end of the round are lost (18.1.4). The frame's
``stage`` walks move → mark → combat → exploit → done.
"""
from __future__ import annotations

from ..core import wire
from ..core.errors import IllegalAction
from . import flow, movement, stacking
from .cards import round_combat
from .context import Ctx
from .flow import Step, register
from .ops_pool import available, spend, start, total  # noqa: F401  (start: the frame's entry point)

STAGES = ("move", "mark", "combat", "exploit")
END_MOVEMENT = {"type": "end_movement", "label": "End movement"}


def extra_stage_actions(c: Ctx, side: str, stage: str) -> list[dict]:
    """Actions other modules add to a stage (strategic moves, trenches, partisans, festungs, combat)."""
    from . import combat, exploitation, special, strategic, trenches

    if stage == "move":
        return strategic.actions(c, side) + trenches.actions(c, side) + special.actions(c, side)
    if stage == "combat":
        return combat.declare_actions(c, side)
    if stage == "exploit":
        return exploitation.actions(c, side)
    return []


def move_lists(c: Ctx, side: str):
    """(unit, OPS its move costs, [(hex, MP), ...] sorted) for each unit that may move now, in order."""
    for uid in c.units_on_map(side):
        dests = movement.reachable_mp(c, uid)
        if not dests:
            continue
        ops = movement.ops_needed(c, uid)
        if ops > available(c, side, [uid]):
            continue
        yield uid, ops, sorted(dests.items())


def move_actions(c: Ctx, side: str) -> list[dict]:
    out = []
    for uid, ops, dests in move_lists(c, side):
        label = c.unit_label(uid)
        for hid, mp in dests:
            out.append({"type": "move", "unit": uid, "to": hid, "mp": mp, "ops": ops,
                        "label": f"{label} to {c.hex_label(hid)} ({mp} MP{f', {ops} OPS' if ops else ''})"})
    return out


def packed_move_stage(c: Ctx, side: str) -> dict[str, list[dict]]:
    """The movement stage's actions in their wire form (`pack_actions`), without making each move:
    the same destinations, collected per unit in the order the actions are listed."""
    from . import special, strategic, trenches

    per_unit: dict = {}
    for uid, ops, dests in move_lists(c, side):
        got = wire.unit_destinations(per_unit, {"type": "move", "ops": ops}, ("to", "mp"), uid)
        for hid, mp in dests:
            got[hid] = (mp,)
    for uid, price, rail, sea in strategic.destination_lists(c, side):
        for kind, hexes in (("rail", rail), ("sea", sea)):
            if hexes:
                wire.unit_destinations(per_unit, {"type": kind, "ops": price}, ("to",), uid).update(
                    dict.fromkeys(hexes, ()))
    single = trenches.actions(c, side) + special.actions(c, side)
    single.append(dict(END_MOVEMENT))
    return wire.fold(single, per_unit)


def markable_hexes(c: Ctx, side: str) -> list[str]:
    """Hexes worth a combat marker: friendly units next to an enemy they could attack."""
    from . import combat

    marked = set(c.s["markers"]["combat"])
    return sorted(h for h in c.occupied_hexes(side) if h not in marked and available(c, side, c.units_at(h, side)) > 0
                  and combat.could_attack_from(c, side, h))


@register
class Operations(Step):
    kind = "operations"

    def packed_actions(self, c, f, side):
        return packed_move_stage(c, side) if f["stage"] == "move" else None

    def prompt(self, c, f, side):
        left = total(c, side)
        return {
            "move": f"Move units ({left} OPS left: leaving an enemy ZOC, rail and sea moves cost OPS)",
            "mark": f"Place combat markers ({left} OPS left, 1 each)",
            "combat": "Declare combats from marked hexes, or end combat",
            "exploit": "Exploit with units in or next to blitz markers, or end exploitation",
        }[f["stage"]]

    def actions(self, c, f, side):
        stage = f["stage"]
        out = []
        if stage == "move":
            out += move_actions(c, side)
            out += extra_stage_actions(c, side, stage)
            out.append(dict(END_MOVEMENT))
        elif stage == "mark":
            duty = round_combat.duty_marks(c, side)  # Backhand Blow: a marker for its attack comes first
            out += [{"type": "mark_combat", "hex": h, "label": f"Combat marker on {c.hex_label(h)}"}
                    for h in (duty or markable_hexes(c, side))]
            if not duty:
                out.append({"type": "end_marking", "label": "Done placing combat markers"})
        elif stage == "combat":
            out += extra_stage_actions(c, side, stage)
            if not round_combat.obligation(c, side, "combat"):
                out.append({"type": "end_combat", "label": "End combat"})
        elif stage == "exploit":
            out += extra_stage_actions(c, side, stage)
            out.append({"type": "end_exploitation", "label": "End exploitation"})
        return out

    def check(self, c, f, side, action):
        kind = action["type"]
        if f["stage"] == "move" and kind == "move":
            uid = action.get("unit")
            if not isinstance(uid, str) or uid not in c.s["units"]:
                raise IllegalAction(f"There is no unit {uid!r}.", code="unknown_id")
            if c.side_of(uid) != side or not c.on_map(uid):
                raise IllegalAction(f"{c.unit_label(uid)} is not one of your units on the map.")
            _, ops = movement.check_path(c, uid, movement.chosen_path(c, uid, action))
            if ops > available(c, side, [uid]):
                raise IllegalAction("7.3.3: leaving this enemy ZOC costs 1 OPS and none are left.")
            return
        if f["stage"] == "move" and kind in ("rail", "sea"):
            from . import strategic

            strategic.check(c, side, action)
            return
        if f["stage"] == "move" and kind != "end_movement":
            # the stage's other actions are few: check them without listing every move
            from . import special, trenches

            super_list = trenches.actions(c, side) + special.actions(c, side)
            key = flow.canonical(action)
            if any(flow.canonical(a) == key for a in super_list):
                return
            raise self.refuse(c, f, side, action, super_list)
        if f["stage"] == "move":
            return  # end_movement is always possible
        if f["stage"] == "exploit" and kind == "exploit":
            from . import exploitation

            exploitation.check(c, side, action)  # any legal exploitation path, not only the listed ones
            return
        super().check(c, f, side, action)

    def refuse(self, c, f, side, action, legal):
        from . import combat, exploitation, special, strategic, trenches

        for module in (strategic, trenches, special, combat, exploitation):
            why = module.refusal(c, side, action) if hasattr(module, "refusal") else None
            if why:
                return IllegalAction(why)
        stage_end = {"end_marking": "mark", "mark_combat": "mark", "end_combat": "combat"}.get(action["type"])
        if stage_end == f["stage"] and round_combat.obligation(c, side, stage_end):
            return IllegalAction(round_combat.obligation(c, side, stage_end))
        stage_of = {"move": "move", "end_movement": "move", "mark_combat": "mark", "end_marking": "mark",
                    "end_combat": "combat", "end_exploitation": "exploit"}
        wanted = stage_of.get(action["type"])
        if wanted and wanted != f["stage"]:
            return IllegalAction(f"7.3.5: movement, combat markers, combat and exploitation come in that order; "
                                 f"this round is at its {f['stage']} stage.")
        return super().refuse(c, f, side, action, legal)

    def apply(self, c, f, side, a):
        from . import combat, exploitation, special, strategic, trenches

        kind = a["type"]
        if kind == "move":
            path = movement.chosen_path(c, a["unit"], a)
            mp, _ = movement.check_path(c, a["unit"], path)
            movement.move(c, a["unit"], path, mp)
        elif kind == "end_movement":
            trenches.resolve_attempts(c, side)
            f["stage"] = "mark"
            if total(c, side) == 0 or not markable_hexes(c, side):
                self._to_combat(c, f, side)
        elif kind == "mark_combat":
            spend(c, side, 1, why="for a combat marker", units=c.units_at(a["hex"], side))
            c.s["markers"]["combat"].append(a["hex"])
            c.say(f"{side.capitalize()} marks {c.hex_label(a['hex'])} for combat.", kind="mark", hex=a["hex"])
        elif kind == "end_marking":
            self._to_combat(c, f, side)
        elif kind == "end_combat":
            self._to_exploit(c, f, side)
        elif kind == "end_exploitation":
            self._finish(c, f, side)
        elif strategic.handles(a):
            strategic.apply(c, side, a)
        elif trenches.handles(a):
            trenches.apply(c, side, a)
        elif special.handles(a):
            special.apply(c, side, a)
        elif combat.handles(a):
            combat.apply(c, side, a)
        elif exploitation.handles(a):
            exploitation.apply(c, side, a)
        else:  # pragma: no cover - check() only lets listed actions through
            raise IllegalAction(f"Unknown action {kind!r}.", code="unknown_action")

    def _to_combat(self, c, f, side):
        from . import combat

        f["stage"] = "combat"
        if not combat.declare_actions(c, side):
            self._to_exploit(c, f, side)

    def _to_exploit(self, c, f, side):
        from . import exploitation

        f["stage"] = "exploit"
        if not exploitation.actions(c, side):
            self._finish(c, f, side)

    def _finish(self, c, f, side):
        flow.pop(c, self.kind)
        over = stacking.overstacked_hexes(c, side)
        if over:
            flow.push(c, "fix_stacking", side=side)  # 9.1.4: checked once exploitation is over
        lost = c.s["rs"]["ops"]
        if lost:
            c.s["rs"]["ops"] = 0
            c.say(f"{lost} unspent OPS are lost (18.1.4).", kind="ops")

    def view(self, c, f, side):
        rs = c.s["rs"]
        out = {"stage": f["stage"], "ops": rs["ops"], "banked": c.s["banked"][f["side"]],
               # what the round's units have done (public: both players watch the moves)
               "mp_spent": dict(rs["mp"]), "strategic": list(rs["strategic"]), "stopped": list(rs["stopped"]),
               "fought": list(rs["fought"]), "exploited": list(rs["exploited"]), "entrench": list(rs["entrench"])}
        if f["stage"] == "move":
            out["immobile"] = immobile(c, f["side"])
        return out


def immobile(c: Ctx, side: str) -> list[dict]:
    """Why the side's units that may not make a regular move now may not, grouped by reason."""
    by_reason: dict[str, list[str]] = {}
    for uid in c.units_on_map(side):
        why = movement.cannot_move(c, uid)
        if why:
            by_reason.setdefault(why, []).append(uid)
    return [{"why": why, "units": units} for why, units in by_reason.items()]


@register
class FixStacking(Step):
    """9.1.4: after exploitation, the owner removes units from over-stacked hexes (they are eliminated)."""

    kind = "fix_stacking"

    def prompt(self, c, f, side):
        return "Some hexes are over-stacked after exploitation: choose units to eliminate"

    def actions(self, c, f, side):
        out = []
        for hid in stacking.overstacked_hexes(c, side):
            for uid in c.units_at(hid, side):
                out.append({"type": "eliminate_overstack", "unit": uid,
                            "label": f"Eliminate {c.unit_label(uid)} in {c.hex_label(hid)}"})
        return out

    def apply(self, c, f, side, a):
        from . import losses

        losses.eliminate(c, a["unit"], why="over-stacked after exploitation (9.1.4)")
        if not stacking.overstacked_hexes(c, side):
            flow.pop(c, self.kind)
