"""A scheduler that builds each request's decode op, then runs those still scheduled; a request
preempted after its op was made leaves that op unrun."""

from servekit import axpy

import tilert as tr

DIM = 32

requests = {rid: tr.zeros((DIM,), name=f"state-{rid}") for rid in ("a", "b", "c", "d")}
update = tr.ones((DIM,), name="update")

step_ops: dict[str, tr.Op] = {}
for rid, state in requests.items():
    step_ops[rid] = axpy(state.partition((DIM,)), update, 1.0)  # expect: TC105

preempted = {"c"}
for rid, op in step_ops.items():
    if rid not in preempted:
        op.sync()
step_ops.clear()
print({rid: float(t.to_numpy()[0]) for rid, t in requests.items()})
