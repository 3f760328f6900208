"""Write the prompt's KV rows, then the first decode row, both in flight: the prompt's slice
is one row too long and overlaps the decode row."""

from llmdelta import copy

import tilert as tr

SEQ, D = 16, 64
prompt_len = 5
cache = tr.zeros((SEQ, D), name="cache")
prompt_kv = tr.ones((prompt_len + 1, D))
step_kv = tr.full((1, D), 2.0)

p1 = copy(cache[: prompt_len + 1].partition((1, D)), prompt_kv).submit()
p2 = copy(cache[prompt_len : prompt_len + 1].partition((1, D)), step_kv).submit()  # expect: TC102
p1.wait()
p2.wait()
