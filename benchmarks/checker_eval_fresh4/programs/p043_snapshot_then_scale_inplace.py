from llmrun.kernels import copy, scale

import tilert as tr

x = tr.ones((64,))
snapshot = tr.zeros((64,))
keep = copy(snapshot.partition((16,)), x).submit()
scale(x.partition((16,)), 2.0).sync()  # expect: TC103
keep.wait()
