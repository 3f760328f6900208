"""A calibration pass resets the running max (fill) while the scale computation that reads it
is still in flight."""

from llmweave.kernels import fill, scale

import tilert as tr

running_max = tr.full((64,), 3.0, name="running_max")
scales = tr.zeros((64,))
compute = scale(scales.partition((16,)), running_max, 1 / 127).submit()
fill(running_max.partition((16,)), 0.0).sync()  # expect: TC103
compute.wait()
