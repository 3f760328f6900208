from llmrun.kernels import add, fill

import tilert as tr

hidden = tr.zeros((2, 64))
ones = tr.ones((64,))
lo = hidden[0].partition((16,))
hi = hidden[1].partition((16,))  # disjoint rows: both partitions may be alive
a = fill(lo, 3.0).submit()
b = add(hi, ones, ones).submit()
b.wait()
a.wait()
assert hidden.to_numpy().tolist() == [[3.0] * 64, [2.0] * 64]
