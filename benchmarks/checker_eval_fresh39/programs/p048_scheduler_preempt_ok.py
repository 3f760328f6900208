"""A scheduler that decides preemption first, then builds and runs the decode ops of the
requests still scheduled."""

from servekit import axpy

import tilert as tr

DIM = 32

requests = {rid: tr.zeros((DIM,), name=f"state-{rid}") for rid in ("a", "b", "c", "d")}
update = tr.ones((DIM,), name="update")

preempted = {"c"}
step_ops: dict[str, tr.Op] = {}
for rid, state in requests.items():
    if rid not in preempted:
        step_ops[rid] = axpy(state.partition((DIM,)), update, 1.0)

for op in step_ops.values():
    op.sync()
step_ops.clear()
print({rid: float(t.to_numpy()[0]) for rid, t in requests.items()})
