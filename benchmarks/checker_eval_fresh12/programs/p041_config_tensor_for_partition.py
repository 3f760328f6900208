"""A launch config dataclass carries the output tensor; the launch passes it without
partitioning."""

from dataclasses import dataclass

from llmserve import kernels as K

import tilert as tr


@dataclass(frozen=True)
class ScaleJob:
    out: tr.Tensor
    src: tr.Tensor
    gain: float

    def op(self) -> tr.Op:
        return K.scale(self.out, self.src, self.gain)  # expect: TC106


job = ScaleJob(tr.zeros((128,)), tr.ones((128,)), 4.0)
job.op().sync()  # expect-also
print(job.out.to_numpy()[0])
