"""A mixture-of-experts router planning every expert's tiles, then routing with `match`."""

from llmforge import kernels as k

import tilert as tr
from tilert import f32

experts = {name: tr.zeros((8,), dtype=f32, name=name) for name in ("math", "code", "chat")}
plans = {name: buf.partition((4,)) for name, buf in experts.items()}
token = tr.arange(8, dtype=f32)


def route(kind: str) -> None:
    match kind:
        case "math":
            k.scale(plans["math"], token, 2.0).sync()
        case "code":
            k.relu(plans["code"], token).sync()
        case _:
            k.copy(plans["chat"], token).sync()


route("code")
load = {name: float(buf.to_numpy().sum()) for name, buf in experts.items()}  # expect: TC104
print(load)
