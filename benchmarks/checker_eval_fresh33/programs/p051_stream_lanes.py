"""Spread independent elementwise jobs over named stream lanes, then collect them."""

from servekit import TILE, add, mul, scale

import tilert as tr


def run_lanes(n: int = 1024) -> dict[str, float]:
    x, y = tr.arange(n), tr.full((n,), 2.0)
    outs = {name: tr.empty((n,), name=name) for name in ("sum", "prod", "half")}
    lanes = {name: tr.Stream() for name in outs}
    jobs = {
        "sum": lambda: add(outs["sum"].partition((TILE,)), x, y),
        "prod": lambda: mul(outs["prod"].partition((TILE,)), x, y),
        "half": lambda: scale(outs["half"].partition((TILE,)), x, 0.5),
    }
    pending = {}
    for name, make in jobs.items():
        pending[name] = make().submit(lanes[name])  # expect: TC108
    for name in ("sum", "prod"):
        pending[name].wait()
    return {name: float(outs[name].to_numpy().sum()) for name in ("sum", "prod")}


print(run_lanes())  # expect-also: TC108
