"""Building a fresh state dict: options, tracks, piles, units, control, flags.

The layout of the state is documented in engine/README.md ("State").
"""
from __future__ import annotations

from ..core.rng import seed_state
from .constants import AXIS, POOL, SIDES, SOVIET
from .data import GameData

SCHEMA = 1

OPTIONS = {
    # 21.0: the outcome of the bid for sides: {"side": side the winner plays, "rp": the bid}
    "bid": None,
    # 23.1.1: each side may give up 1 VP to choose one card of its first hand
    "buy_first_card": False,
    # 23.1.2: Soviet cards 1-6 are shuffled into the Blitzkrieg deck (no free pick)
    "shuffle_soviet_reinforcements": False,
    # 23.1.3: an extra OPS subtracts 3 from a trench roll
    "extra_trench_ops": False,
    # 23.1.4: OOS units of the phasing side are re-checked at the end of its round
    "phasing_supply_recheck": False,
}

# Event flags (3.0 "underlined" events and long-term effects). False, or the turn it was set.
FLAGS = (
    "nordlicht", "taifun", "blau",                       # 11.1.9
    "lend_lease",                                        # 18.3.2 (turn played)
    "hitler_takes_command",                              # 18.2.2, 24.0
    "hedgehogs", "peoples_militia",                      # 10.3.1
    "partisan_formation",                                # 16.1.1
    "winter_uniforms",                                   # 15.1.2
    "industrial_evacuation",                             # 22.0
    "convoy_pq17",                                       # 18.3.3 (turn whose Archangel OPS it cancels)
    "festung",                                           # 16.3.1
    "operation_uranus",                                  # 12.1.1 (turn:round it applies)
    "zhukov",                                            # card #9 (turn)
    "total_war",                                         # 7.6.4
    "steppe_fox",                                        # 4.4.1
    "studebakers",                                       # card S43 (12.2.2)
    "combined_bomber_offensive",                         # card S52 (7.6.1)
    "italy_capitulates",                                 # card S39
    "rail_war",                                          # card S36 (turn it applies)
    "scorched_earth",                                    # card A46 (turn whose Soviet RPs it cuts)
)

RP_KINDS = ("GE", "PZ", "AX", "SU")


def fresh_round_state(side: str) -> dict:
    """Per-round bookkeeping (``state["rs"]``), reset when an action round begins."""
    return {
        "side": side,
        "type": None,          # ops | rp | event | zero_operate | zero_pass
        "played": [],          # [card, use] pairs, in order (Steppe Fox allows two)
        "ops": 0,              # OPS from this round's card or event, not yet spent
        "started": {},         # unit -> hex where it began the round (7.3.3)
        "mp": {},              # unit -> movement points spent this round
        "stopped": [],         # units that entered an enemy ZOC and must stop (8.3)
        "zoc_paid": [],        # hexes whose stack paid 1 OPS to leave an enemy ZOC (7.3.3)
        "strategic": [],       # units that moved by rail or sea this round (10.2.1)
        "fought": [],          # units that took part in a combat (11.1.6)
        "attacked": [],        # hexes attacked this round (11.1.4)
        "retreated": {},       # unit -> hex it retreated into this round (11.4.5)
        "exploited": [],       # units that exploited this round (12.1.4)
        "blitz": 0,            # blitz markers placed this round (11.2.1 step 9)
        "blitz_east": 0,       # of those, east of the Paulus line (11.5.2)
        "entrench": [],        # hexes with an entrenchment attempt (10.3.1)
        "no_attack": [],       # units that may move but not attack (4.5.1)
        "moved": False,        # any unit moved or fought (7.2.6 second option)
    }


def fresh_turn_counters() -> dict:
    """Per-turn counters (``state["tc"]``), reset when a turn begins."""
    return {
        "rp_plays": {AXIS: 0, SOVIET: 0},      # 7.4.2, 7.4.3
        "rp_rounds": {AXIS: [], SOVIET: []},   # 7.4.4
        "rp_event": 0,                         # 7.4.3: one Axis RP-giving event per turn
        "reinforcements": {AXIS: [], SOVIET: []},  # rounds of reinforcement plays (7.5.2a, 4.5.1)
        "sea_moves": {"baltic": 0, "black": 0},    # Axis sea moves this turn (10.2.5)
        "partisans_placed": False,             # 16.1.2
        "lend_lease_banked": False,            # 11.2.1 step 9 exception 1, 12.1.3
    }


def enter_phase(s: dict, phase: str) -> None:
    """Move the program counter to the first segment of a phase of the turn (6.0)."""
    s["phase"] = phase
    s["segment"] = 0


class OptionsError(ValueError):
    pass


def normalise_options(options: dict | None) -> dict:
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise OptionsError(f"unknown option(s) {unknown}; known: {sorted(OPTIONS)}")
    out = dict(OPTIONS)
    out.update(options)
    bid = out["bid"]
    if bid is not None:
        if not (isinstance(bid, dict) and bid.get("side") in SIDES and isinstance(bid.get("rp"), int) and bid["rp"] >= 0):
            raise OptionsError('bid must be {"side": "axis"|"soviet", "rp": n >= 0}')
    for key in OPTIONS:
        if key != "bid" and not isinstance(out[key], bool):
            raise OptionsError(f"option {key} must be true or false")
    return out


def default_control(data: GameData) -> dict[str, str]:
    """Who holds each hex whose control is tracked (3.0): towns, cities, ports, fortresses, oil, VP."""
    control = {}
    for hid, h in data.map.hexes.items():
        if not h.playable or not tracked(h):
            continue
        control[hid] = SOVIET if h.country in ("soviet_union", "baltic") else AXIS
    return control


def tracked(h) -> bool:
    return bool(h.settlement or h.port or h.fortress or h.oil or h.vp or h.capital or h.supply_source)


def blank_state(data: GameData, scenario: str, seed: int, options: dict) -> dict:
    sc = data.scenarios[scenario]
    return {
        "game": "stalins_war",
        "schema": SCHEMA,
        "scenario": scenario,
        "options": normalise_options(options),
        "rng": seed_state(seed),
        "forced": {"dice": [], "draws": {AXIS: [], SOVIET: []}},
        "turn": 1,
        "round": 1,
        "active": AXIS,
        "phase": "action",
        "segment": 0,
        "round_open": False,
        "vp": sc.vp,
        "hand_size": {AXIS: sc.hand_size, SOVIET: sc.hand_size},
        "rp": {k: 0 for k in RP_KINDS},          # half points: 3 means 1.5 RP
        "auto_rp": {AXIS: {}, SOVIET: {}},       # turn (str) -> automatic RPs (4.5.2, 21.0)
        "banked": {AXIS: 0, SOVIET: 0},
        "consec": {AXIS: 0, SOVIET: 0},
        "cards": {AXIS: {}, SOVIET: {}},
        "units": {uid: {"loc": POOL, "lost": 0, "supply": "full"} for uid in sorted(data.units)},
        "control": default_control(data),
        "markers": {"trench": {}, "festung": [], "fortress_destroyed": [], "volga_fortress": None,
                    "blitz": [], "combat": [], "move": [], "partisans": []},
        "flags": {f: False for f in FLAGS},
        "stats": {"starred_events": {AXIS: 0, SOVIET: 0}, "oil_streak": 0, "axis_east_of_paulus": False,
                  "restrictions_lifted": {"leningrad": False, "moscow": False, "stalingrad": False}},
        "tc": fresh_turn_counters(),
        "rs": fresh_round_state(AXIS),
        "stack": [],
        "result": None,
    }
