"""The verifier writes its acceptance mask; the host looks at it through another name before
the verification is waited."""

from llmweave.kernels import mul

import tilert as tr


class Verifier:
    def __init__(self, n: int) -> None:
        self.mask = tr.zeros((n,), name="accept_mask")
        self.pending: tr.Pending | None = None

    def verify(self, draft: tr.Tensor, target: tr.Tensor) -> tr.Tensor:
        self.pending = mul(self.mask.partition((16,)), draft, target).submit()
        return self.mask


v = Verifier(64)
accepted = v.verify(tr.ones((64,)), tr.ones((64,)))
n_ok = int(accepted.to_numpy().sum())  # expect: TC102
assert v.pending is not None
v.pending.wait()
print(n_ok)
