from llmhost.kernels import fill

import tilert as tr

h = tr.zeros((8, 32))
left = fill(h[:, :16].partition((8, 16)), 1.0).submit()
right = fill(h[:, 16:].partition((8, 16)), 2.0).submit()
right.wait()
border = h[:, 15:17].to_numpy()  # expect: TC102
left.wait()
print(border)
