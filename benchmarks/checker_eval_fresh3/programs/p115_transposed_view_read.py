from llmhost.kernels import fill

import tilert as tr

scores = tr.zeros((8, 16))
pend = fill(scores.partition((8, 16)), 1.0).submit()
scores_t = scores.T
col_sums = scores_t.to_numpy().sum(axis=1)  # expect: TC102
pend.wait()
print(col_sums)
