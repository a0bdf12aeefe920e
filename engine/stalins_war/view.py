"""What one side (or a spectator) may see of the game (the hidden-information boundary).

Never shown to anyone: the random generator's state, forced test results, the order
of any draw pile, the opponent's hand. Inactive partisans have no identity in the
state at all (a counter is drawn only when they activate, 16.1.3), so their
strengths cannot leak. Discards and removed cards are public (7.6.2).
"""
from __future__ import annotations

from . import flow, grants, situation
from .cards import hands
from .constants import ELIMINATED, OTHER_FRONTS, REMOVED, SIDES, SOVIET, TRACK, is_hex
from .context import Ctx
from .draw import hand_limit
from .hand import card_plays


_UNIT_ENTRIES: dict[int, tuple] = {}


def unit_entry(c: Ctx, uid: str) -> dict:
    """A unit as views show it: its printed facts at its current step (kept per data, unit and
    step, as every view lists every unit), then where it is and its supply."""
    u = c.s["units"][uid]
    cached = _UNIT_ENTRIES.get(id(c.d))
    if cached is None or cached[0] is not c.d:
        cached = _UNIT_ENTRIES[id(c.d)] = (c.d, {})
    key = (uid, u["lost"])
    printed = cached[1].get(key)
    if printed is None:
        printed = cached[1][key] = _printed_entry(c, uid)
    entry = dict(printed)
    entry["hex"] = u["loc"] if is_hex(u["loc"]) else None
    entry["lost"] = u["lost"]
    entry["reduced"] = u["lost"] > 0
    entry["supply"] = u["supply"]
    return entry


def _printed_entry(c: Ctx, uid: str) -> dict:
    """`unit_entry` with its state-dependent keys (hex, lost, reduced, supply) left None."""
    ud = c.udef(uid)
    u = c.s["units"][uid]
    step = ud.steps[min(u["lost"], len(ud.steps) - 1)]
    return {
        "id": uid,
        "hex": None,
        "side": ud.side,
        "nationality": ud.nationality,
        "label": ud.label,
        "name": ud.name,
        "kind": ud.kind,
        "size": ud.size,
        "lcu": ud.lcu,
        "attack": step.attack,
        "defense": step.defense,
        "ma": step.ma,
        "steps": len(ud.steps),
        "lost": None,
        "reduced": None,
        "supply": None,
    }


def card_entry(c: Ctx, cid: str) -> dict:
    cd = c.d.cards[cid]
    return {"id": cid, "number": cd.number, "name": cd.name, "ops": cd.ops, "rp": dict(cd.rp),
            "kind": cd.kind, "starred": cd.starred, "deck": cd.deck, "text": cd.text}


def build_view(c: Ctx, viewer: str | None) -> dict:
    """`viewer`'s view: the position's public part (built once per position and kept in the memo)
    plus what depends on the viewer. Every view of a position shares the public part's values, so a
    view is read-only (engine/README.md): copying it for each view cost more than building the rest."""
    key = ("public_view",)
    public = c.cache.get(key)
    if public is None:
        public = c.cache[key] = _public_view(c)
    view = dict(public)
    view["viewer"] = viewer
    frame = flow.top(c)
    if frame is not None and flow.STEPS[frame["kind"]].view_by_viewer:
        view["decision"] = _decision(c, view["to_act"], viewer)
    view["hand"] = hand_entries(c, viewer) if viewer else None
    view["intel"] = hands.intel(c, viewer)  # the enemy hand this viewer saw by Lucy / Fremde Heere Ost this turn
    return view


def _decision(c: Ctx, to_act: list[str], viewer: str | None) -> dict | None:
    frame = flow.top(c)
    if frame is None:
        return None
    step = flow.STEPS[frame["kind"]]
    return {"kind": frame["kind"], "sides": to_act,
            "prompt": {side: step.prompt(c, frame, side) for side in to_act},
            **step.view(c, frame, viewer)}


def _public_view(c: Ctx) -> dict:
    """Everything in a view that is the same for every viewer: `viewer`, `hand` and `intel` hold None in
    their places, and `decision` is built for no viewer (rebuilt per viewer if its step asks, `view_by_viewer`)."""
    s = c.s
    td = c.turn_def()
    units = [unit_entry(c, uid) for uid in c.units_on_map()]
    boxes = {"eliminated": [], "other_fronts": [], "removed": [], "track": {}}
    for uid, u in sorted(s["units"].items()):
        loc = u["loc"]
        if loc == ELIMINATED:
            boxes["eliminated"].append(uid)
        elif loc == OTHER_FRONTS:
            boxes["other_fronts"].append(uid)
        elif loc == REMOVED:
            boxes["removed"].append(uid)
        elif loc == TRACK:
            boxes["track"].setdefault(str(u.get("returns")), []).append(uid)
    to_act = flow.active_sides(c)
    cards = {}
    for side in SIDES:
        p = s["cards"][side]
        cards[side] = {
            "hand_count": len(p["hand"]),
            "draw_count": len(p["draw"]),
            "discard": list(p["discard"]),
            "removed": list(p["removed"]),
            "played": list(p["played"]),
            "face_up": list(p["face_up"]),
            "total_war_count": len(p["total_war"]),
            "set_aside": list(p["set_aside"]),
            "hand_limit": hand_limit(c, side),
        }
    return {
        "game": "stalins_war",
        "viewer": None,
        "scenario": s["scenario"],
        "options": s["options"],
        "turn": s["turn"],
        "turn_name": td.name,
        "season": td.season,
        "year": td.year,
        "round": s["round"],
        "last_turn": c.scenario.last_turn,
        "phase": s["phase"],
        "active": s["active"],
        "to_act": to_act,
        "decision": _decision(c, to_act, None),  # unless the step's view depends on the viewer
        "rasputitsa": s["phase"] == "action" and s["round"] in td.rasputitsa_rounds,
        "vp": s["vp"],
        "hand_size": dict(s["hand_size"]),
        "rp": {k: v / 2 for k, v in s["rp"].items()},
        "rp_only": {k: v / 2 for k, v in (s.get("rp_only") or {}).items() if v},  # AX RPs tied to one nation
        "grants": [dict(g) for g in grants.active(c)],  # event supply in force (A23, A40, A45)
        "banked": dict(s["banked"]),
        "consec": dict(s["consec"]),
        "round_ops": s["rs"]["ops"],
        "units": units,
        "boxes": boxes,
        "control": dict(s["control"]),
        "markers": {
            "trench": dict(s["markers"]["trench"]),
            "festung": list(s["markers"]["festung"]),
            "fortress_destroyed": list(s["markers"]["fortress_destroyed"]),
            "volga_fortress": s["markers"].get("volga_fortress"),
            "blitz": list(s["markers"]["blitz"]),
            "combat": list(s["markers"]["combat"]),
            "move": list(s["markers"]["move"]),
            "inactive_partisans": list(s["markers"]["partisans"]),
        },
        "flags": {k: v for k, v in s["flags"].items()},
        "restrictions_lifted": dict(s["stats"]["restrictions_lifted"]),
        "starred_events": dict(s["stats"]["starred_events"]),
        "cards": cards,
        "hand": None,
        "intel": None,
        "situation": situation.build(c),
        "result": s.get("result"),
    }


def hand_entries(c: Ctx, side: str) -> list[dict]:
    """The side's hand as card dicts, each with `plays`: what it would do if played now (see `hand`)."""
    plays = card_plays(c, side)
    return [{**card_entry(c, cid), "plays": plays[cid]} for cid in s_hand(c, side)]


def s_hand(c: Ctx, side: str) -> list[str]:
    return list(c.s["cards"][side]["hand"])


def build_full_view(c: Ctx) -> dict:
    """The spectators' view plus both hands (for replays once the game is over)."""
    view = build_view(c, None)
    view["hands"] = {side: [card_entry(c, cid) for cid in s_hand(c, side)] for side in SIDES}
    return view


def counters_for_render(view: dict) -> list[dict]:
    """The counters a view shows, in the shape `render.render_svg` draws."""
    out = []
    for u in view["units"]:
        out.append({"hex": u["hex"], "id": u["id"], "label": u["label"], "side": u["side"],
                    "nationality": u["nationality"], "kind": u["kind"], "size": u["size"], "lcu": u["lcu"],
                    "attack": u["attack"], "defense": u["defense"], "ma": u["ma"], "reduced": u["reduced"],
                    "hidden": False, "oos": u["supply"] == "none"})
    for i, hid in enumerate(view["markers"]["inactive_partisans"]):
        out.append({"hex": hid, "id": f"partisans-{hid}", "label": "Partisans", "side": SOVIET,
                    "nationality": "SU", "kind": "partisan", "size": "corps", "lcu": False,
                    "attack": None, "defense": None, "ma": None, "reduced": False, "hidden": True})
    return out

