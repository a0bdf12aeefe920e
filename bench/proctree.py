"""CPU time and memory of a process and its descendants (Linux /proc), for the server benchmarks."""
from __future__ import annotations

import os

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> tuple[int, float, int] | None:
    """(parent pid, CPU seconds used, resident bytes) of a live process, or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/statm") as f:
            resident = int(f.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK, resident


def tree(root: int) -> dict[int, tuple[float, int]]:
    """pid -> (CPU seconds, resident bytes) for `root` and every process below it."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            got = _stat(int(name))
            if got:
                stats[int(name)] = got
    out, todo = {}, [root]
    while todo:
        pid = todo.pop()
        if pid in stats and pid not in out:
            out[pid] = stats[pid][1:]
            todo.extend(p for p, s in stats.items() if s[0] == pid)
    return out


def cpu_seconds(root: int) -> float:
    return sum(cpu for cpu, _ in tree(root).values())


def app_rss(root: int) -> list[int]:
    """Resident bytes of each app process: the workers under a supervisor, else the one server process."""
    procs = tree(root)
    if root not in procs:
        return []
    workers = [rss for pid, (_, rss) in procs.items() if pid != root]
    return workers or [procs[root][1]]


def machine_busy_seconds() -> float:
    """CPU seconds all CPUs of the machine spent on anything but idling, since boot (/proc/stat)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK
