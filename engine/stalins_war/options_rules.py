"""Optional rules that hook into the round (23.1.4); the others live where they act."""
from __future__ import annotations

from . import supply
from .context import Ctx


def end_of_round_supply_check(c: Ctx, side: str) -> None:
    """23.1.4: the phasing side re-checks its out-of-supply units at the end of its round."""
    if not c.s["options"]["phasing_supply_recheck"]:
        return
    oos = [u for u in c.units_on_map(side) if c.s["units"][u]["supply"] == "none"]
    if not oos:
        return
    supply.judge(c, oos)
    back = [u for u in oos if c.s["units"][u]["supply"] != "none"]
    if back:
        c.say(f"Back in supply (23.1.4): {', '.join(c.unit_label(u) for u in back)}.", kind="supply")
