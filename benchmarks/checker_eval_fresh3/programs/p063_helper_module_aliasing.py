from llmhost.ops import launch_add

import tilert as tr

state = tr.ones((64,))
delta = tr.ones((64,))
op = launch_add(state, state, delta)  # expect: TC101
op.sync()
