"""A tiny stand-in with the rules engine's public API, for testing the server's own
failure modes (an engine that crashes) without depending on the real rules."""
from __future__ import annotations

import copy
import random


class IllegalAction(ValueError):
    def __init__(self, message: str, *, rule: str | None = None, code: str = "illegal") -> None:
        super().__init__(message)
        self.rule = rule
        self.code = code


class Game:
    def __init__(self, state: dict) -> None:
        self._state = state

    def active_sides(self) -> list[str]:
        return [] if self._state["winner"] else [self._state["active"]]

    def legal_actions(self, side: str) -> list[dict]:
        if side not in self.active_sides():
            return []
        return [{"type": "play", "card": c, "label": f"Play card {c}"} for c in self._state["hands"][side]] + [
            {"type": "crash", "label": "Crash the engine"}
        ]

    def apply(self, side: str, action: dict) -> list[dict]:
        if side not in self.active_sides():
            raise IllegalAction(f"It is not {side}'s turn.", code="not_your_turn")
        if action.get("type") == "crash":
            raise RuntimeError("engine bug")
        work = copy.deepcopy(self._state)
        card = action.get("card")
        if action.get("type") != "play" or card not in work["hands"][side]:
            raise IllegalAction("You do not hold that card.", rule="4.1")
        work["hands"][side].remove(card)
        work["vp"] += 1 if side == "axis" else -1
        drawn = work["deck"].pop() if work["deck"] else None
        if drawn is not None:
            work["hands"][side].append(drawn)
        work["active"] = "soviet" if side == "axis" else "axis"
        work["turn"] += 1
        if work["turn"] > work["last_turn"]:
            work["winner"] = "axis" if work["vp"] > 0 else "soviet"
        self._state = work
        log = [{"text": f"{side} played card {card}", "to": None}]
        if drawn is not None:
            log.append({"text": f"You drew card {drawn}", "to": side})
        return log

    def view(self, side: str | None) -> dict:
        s = self._state
        view = {"game": "stalins_war", "turn": s["turn"], "vp": s["vp"], "active_side": s["active"],
                "hand_sizes": {k: len(v) for k, v in s["hands"].items()}}
        if side is not None:
            view["hand"] = list(s["hands"][side])
        return view

    def result(self) -> dict | None:
        w = self._state["winner"]
        return {"winner": w, "reason": "VP"} if w else None

    def to_json(self) -> dict:
        return copy.deepcopy(self._state)


def new_game(game: str, scenario: str = "campaign", seed: int = 0, options: dict | None = None) -> Game:
    known = {"bid", "buy_first_card", "shuffle_soviet_reinforcements", "extra_trench_ops", "phasing_supply_recheck"}
    if options and set(options) - known:
        raise ValueError(f"unknown option(s) {sorted(set(options) - known)}")
    rng = random.Random(seed)
    deck = list(range(1, 41))
    rng.shuffle(deck)
    hands = {"axis": [deck.pop() for _ in range(4)], "soviet": [deck.pop() for _ in range(4)]}
    return Game({"game": game, "turn": 1, "last_turn": 10, "vp": 0, "active": "axis", "hands": hands,
                 "deck": deck, "winner": None})


def load(data: dict) -> Game:
    return Game(copy.deepcopy(data))


def replay(game: str, scenario: str, seed: int, options: dict, actions) -> Game:
    g = new_game(game, scenario, seed, options)
    for side, action in actions:
        g.apply(side, action)
    return g


def render_svg(view: dict) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" data-turn="{view["turn"]}"><text>turn {view["turn"]}</text></svg>'
