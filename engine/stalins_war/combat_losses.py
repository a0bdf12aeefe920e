"""Taking losses in a combat (11.3, 16.4.2).

Losses come in *batches*: the Loss Number a side's fire inflicts, or one step a card
inflicts after the winner is known (11.3.5). A batch is a dict::

    {"side": whose units lose, "n": steps, "asterisk": bool, "only": [unit ids] | None,
     "chooser": who picks the unit, "why": text}

Each step goes to one unit, under these limits, in this order:
- an asterisked result hits SCUs only (11.3.4);
- Stalin takes a step only when every other unit of his side in his hex is
  eliminated (11.3.2, 16.4.2);
- steps are spread: a unit takes another step only when every other unit that could
  take this batch has taken as many in this combat (11.3.2; eliminated units count
  as having taken theirs);
- the attacker's first step of the combat goes to a panzer, tank or mechanized unit
  when one can take it (11.3.3).

When every way of placing the remaining steps ends in the same losses, they are
applied at once; otherwise the chooser picks unit by unit (``take_loss``).

Rulings where the rules are silent:
- An asterisked result is spread over the SCUs only: LCUs that cannot take it do
  not hold back a second step on an SCU.
- A card loss limited to some units (Panzerfaust, Katukov's Tanks) is spread among
  those units only ("following 11.3.2 where possible").
"""
from __future__ import annotations

from functools import lru_cache

from . import battle, grants, losses
from .context import Ctx


def _model(c: Ctx, f: dict, batch: dict) -> tuple:
    """A small immutable picture of the side's units: (uid, steps left, taken, lcu, stalin, mech, hex)."""
    side = batch["side"]
    taken = f["taken"]
    rows = []
    for u in battle.units_of(f, side):
        ud = c.udef(u)
        left = c.steps_left(u) if c.on_map(u) else 0
        rows.append((u, left, taken.get(u, 0), ud.lcu, ud.kind == "stalin", ud.mechanized,
                     c.loc(u) if c.on_map(u) else ""))
    return tuple(rows)


def _attacker_first(f: dict, batch: dict) -> bool:
    return batch["side"] == f["side"] and not any(f["taken"].get(u, 0) for u in f["attackers"])


def _candidates(rows: tuple, asterisk: bool, only: tuple | None, first_mech: bool) -> list[int]:
    alive = [i for i, r in enumerate(rows) if r[1] > 0]
    pool = [i for i in alive if not (asterisk and rows[i][3])]
    if only is not None:
        pool = [i for i in pool if rows[i][0] in only]
    stalin_ok = []
    for i in pool:
        if rows[i][4]:
            others = [j for j in alive if j != i and rows[j][6] == rows[i][6]]
            if others:
                continue
        stalin_ok.append(i)
    pool = stalin_ok
    if not pool:
        return []
    least = min(rows[i][2] for i in pool)
    pool = [i for i in pool if rows[i][2] == least]
    if first_mech:
        mech = [i for i in pool if rows[i][5]]
        if mech:
            pool = mech
    return pool


def _hit(rows: tuple, i: int) -> tuple:
    r = rows[i]
    return rows[:i] + ((r[0], r[1] - 1, r[2] + 1, *r[3:]),) + rows[i + 1:]


@lru_cache(maxsize=4096)
def _outcomes(rows: tuple, n: int, asterisk: bool, only: tuple | None, first_mech: bool) -> frozenset:
    if n <= 0:
        return frozenset([tuple(r[2] for r in rows)])
    cands = _candidates(rows, asterisk, only, first_mech)
    if not cands:
        return frozenset([tuple(r[2] for r in rows)])
    out: set = set()
    for i in cands:
        out |= _outcomes(_hit(rows, i), n - 1, asterisk, only, False)
    return frozenset(out)


def candidates(c: Ctx, f: dict, batch: dict) -> list[str]:
    rows = _model(c, f, batch)
    only = tuple(batch["only"]) if batch.get("only") is not None else None
    return [rows[i][0] for i in _candidates(rows, batch["asterisk"], only, _attacker_first(f, batch))]


def forced(c: Ctx, f: dict, batch: dict) -> bool:
    """True when every way of taking the rest of this batch ends the same."""
    rows = _model(c, f, batch)
    only = tuple(batch["only"]) if batch.get("only") is not None else None
    return len(_outcomes(rows, batch["n"], batch["asterisk"], only, _attacker_first(f, batch))) <= 1


def take(c: Ctx, f: dict, batch: dict, uid: str) -> None:
    """One step of the batch goes to `uid` (already checked to be a candidate)."""
    side = batch["side"]
    f["taken"][uid] = f["taken"].get(uid, 0) + 1
    batch["n"] -= 1
    where = c.loc(uid)
    oos = c.s["units"][uid]["supply"] == "none" and not grants.combat_supply(c, uid)
    gone = losses.take_step(c, uid, oos=oos, why=f"{batch['why']}, 11.3")
    if gone:
        f.setdefault("eliminated", []).append(uid)
    else:
        c.say(f"{c.unit_label(uid)} loses a step at {c.hex_label(where)} ({batch['why']}).",
              kind="loss", unit=uid, side=side)


def run(c: Ctx, f: dict) -> bool:
    """Work through the queued batches; return True when a choice is needed (the head batch waits)."""
    queue = f["queue"]
    while queue:
        batch = queue[0]
        cands = candidates(c, f, batch) if batch["n"] > 0 else []
        if not cands:
            if batch["n"] > 0 and batch.get("asterisk"):
                c.say(f"{batch['side'].capitalize()} has no SCU to take the asterisked loss (11.3.4).", kind="loss")
            queue.pop(0)
            continue
        if len(cands) > 1 and not forced(c, f, batch):
            return True
        take(c, f, batch, cands[0])
    return False


def options(c: Ctx, f: dict) -> list[dict]:
    batch = f["queue"][0]
    left = batch["n"]
    return [{"type": "take_loss", "unit": u,
             "label": f"{c.unit_label(u)} at {c.hex_label(c.loc(u))} takes a step ({batch['why']}; {left} to take)"}
            for u in candidates(c, f, batch)]
