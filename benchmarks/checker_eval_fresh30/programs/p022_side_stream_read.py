"""Compute the router logits on a side stream while the host prepares the expert table."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, D, EXPERTS = 16, 64, 8
rng = np.random.default_rng(11)
h = tr.from_numpy(rng.standard_normal((TOKENS, D)).astype(np.float32))
w_router = tr.from_numpy(rng.standard_normal((D, EXPERTS)).astype(np.float32))
router_logits = tr.empty((TOKENS, EXPERTS))
choice = tr.empty((TOKENS,), dtype=tr.i32)

side = tr.Stream()
with side:
    router = tk.gemm(router_logits, h, w_router).then(lambda *_: tk.argmax(choice, router_logits))
    pending = router.submit()
host_top = router_logits.to_numpy().argmax(axis=-1)  # expect: TC102
pending.wait()
print(np.array_equal(host_top, choice.to_numpy()))
