from llmrun.kernels import fill

import tilert as tr

buf = tr.zeros((64,))
p = fill(buf.partition((16,)), 7.0).submit()
polls = 0
while not p.done():
    polls += 1
p.wait()
assert buf.to_numpy()[0] == 7.0
