from llmrun.kernels import fill

import tilert as tr

buf = tr.zeros((64,))
part = buf.partition((16,))
first = fill(part, 1.0)
second = fill(part, 2.0)  # expect: TC109
tr.zip(first, second).sync()
