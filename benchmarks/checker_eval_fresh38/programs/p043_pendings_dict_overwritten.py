from trainkit import TILE, copy, sgd_step

import tilert as tr

params = {"w": tr.ones((1024,)), "b": tr.zeros((256,))}
grads = {"w": tr.full((1024,), 0.1), "b": tr.full((256,), 0.1)}
grad_log = tr.empty((1024,), name="grad_log")
inflight: dict[str, tr.Pending] = {}

for name, p in params.items():
    inflight[name] = sgd_step(p.partition((TILE,)), grads[name], 0.1).submit()  # expect: TC108
# keep a copy of the weight gradient for the logger
inflight["w"] = copy(grad_log.partition((TILE,)), grads["w"]).submit()
for pend in inflight.values():
    pend.wait()
print(params["w"].to_numpy()[0], grad_log.to_numpy()[0])
