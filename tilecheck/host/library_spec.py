"""What library callables do to the analysis' objects, as one spec read by one interpreter
(issue 17, round 30L), in place of the name tables each round kept in its own module.

An entry names a qualified callable (``builtins.sorted``, ``operator.methodcaller``) or a
method of a library type (``contextlib.ExitStack.callback``: the type's canonical name, a dot,
the method) and says, in a small vocabulary (``Does``), what a call of it does: which of its
arguments it calls and when (now, on each item, at the exit of a ``with``), which it starts as
a task, what its value is. The interpreter (``tilecheck.host.library_runs`` lowers a call to
the calls it makes, ``tilecheck.host.exit_stacks`` runs what a stack holds at its exit,
``tilecheck.host.tasks`` starts tasks) reads the entry, never the name. What tilert's own
functions do is not written here: it is derived from tilert's source
(``tilecheck.host.library``: ``@writes`` launches, the functions whose body allocates).

A Python module of typed records rather than a data file: read once at import (no parser, no
file to find at run time), checked by mypy, and each entry's meaning is the ``Does`` member's
docstring-like comment, next to it."""

from __future__ import annotations

import enum
import functools

from tilecheck.host.library import library_allocates, library_methods


class Does(enum.Enum):
    # calls its ``key=`` on every item of positional argument ``at`` before it returns
    KEY_RUNS = enum.auto()
    # hashes every item of argument ``at`` (an item's ``__hash__`` runs)
    HASHES = enum.auto()
    # walks argument ``at`` whole before it returns (a ``map`` there calls its function)
    WALKS = enum.auto()
    # returns the items of argument ``at``, walked whole
    COLLECTS = enum.auto()
    # calls argument 0 on ``(start, item)`` for every item of argument 1 (``start`` argument 2)
    FOLDS = enum.auto()
    # returns ``f``: ``f(x)`` calls ``x.<argument 0>(*the other arguments)`` (any method name)
    CALLS_METHOD = enum.auto()
    # returns ``f``: ``f(x)`` reads the items or attributes its literal arguments name
    GETS = enum.auto()
    # returns argument 1 (a literal; 2 if not given) iterators, each giving the items of
    # argument ``at``: the same objects, in the same order
    COPIES = enum.auto()
    # starts argument ``at`` (a coroutine) as a task: it runs at the creator's next suspension
    STARTS_TASK = enum.auto()
    # a type: an instance holds one value, put by its ``STORES`` method, given by ``LOADS``
    CELL = enum.auto()
    # a method of a ``CELL``: argument ``at`` is the value it holds from now on
    STORES = enum.auto()
    # a method of a ``CELL`` (called with no argument): gives the value it holds
    LOADS = enum.auto()
    # a type: an instance entered by ``async with`` awaits, by its exit, every task its
    # ``STARTS_TASK`` method started in the block (each task's ``result()``: its return)
    TASK_GROUP = enum.auto()
    # a type: an instance entered by ``with`` runs what its ``AT_EXIT``/``ENTERS`` calls of the
    # block registered, last first, when the block is left
    EXIT_STACK = enum.auto()
    # a method of an ``EXIT_STACK``: calls argument ``at`` with the others at the stack's exit
    AT_EXIT = enum.auto()
    # a method of an ``EXIT_STACK``: enters the manager argument ``at`` now (its value is what
    # the ``with`` of it binds) and leaves it at the stack's exit
    ENTERS = enum.auto()
    # adds the items of argument ``at`` to its ``start`` (argument ``at + 1``, 0 if not given)
    # one by one: ``start + item`` runs the item's ``__radd__`` (or the running value's
    # ``__add__``) on each
    ADDS = enum.auto()
    # returns a lazy iterator: argument ``at`` called on one item of each later positional
    # argument per item (``map``); nothing runs until a ``WALKS`` call (or a ``PASSES`` one
    # inside it) walks it, which runs every call
    MAPS = enum.auto()
    # as ``MAPS``, argument ``at`` called with each item of argument ``at + 1`` spread
    # (``starmap``)
    STAR_MAPS = enum.auto()
    # a lazy iterator of running values: argument 1 called on (the running value, each item of
    # argument ``at``), the running value first ``initial=`` (``accumulate``), when walked
    RUNNING = enum.auto()
    # returns a lazy iterator over the items of its positional arguments from ``at`` on, each
    # walked whole when it is walked (``zip``, ``enumerate``, ``chain``, ``zip_longest`` with its
    # ``fillvalue=`` an item; ``filter`` calls its predicate on each: a lambda's body, as ``map``)
    PASSES = enum.auto()
    # a type whose instance runs argument ``target=`` on ``args=``/``kwargs=`` at its
    # ``STARTS_CALL`` method, done by its ``JOINS`` method (``threading.Thread``): needs the
    # instance's name bound once, as a ``CELL``'s (not followed yet)
    RUNS_TARGET = enum.auto()
    # a method of a ``RUNS_TARGET`` type: the target runs (another thread: any time until joined)
    STARTS_CALL = enum.auto()
    # a method of a ``RUNS_TARGET`` type: the target has returned
    JOINS = enum.auto()
    # a method (or function) that calls argument ``at`` on the later arguments now (or on
    # another thread, done by the future's ``result()``): ``executor.submit(f, *a)``,
    # ``asyncio.to_thread(f, *a)``, ``loop.run_in_executor(ex, f, *a)`` (``at`` = 1)
    CALLS_NOW = enum.auto()
    # a method that calls argument ``at`` on one item of each later argument, for every item,
    # now (on worker threads, all submitted at the call: ``executor.map(f, xs)``)
    MAPS_NOW = enum.auto()
    # a method of a queue type: stores argument ``at`` as the queue's last item
    PUTS = enum.auto()
    # a method of a queue type: takes the queue's first item (FIFO), or last (``LIFO``), or
    # least (``PRIORITY``) -- needs an ordering edge between a put and a get of two bodies that
    # run at once (gathered tasks, threads): not followed yet, written here for its meaning
    TAKES = enum.auto()
    LIFO = enum.auto()
    PRIORITY = enum.auto()
    # a method of an event type: wakes every body waiting on it (``asyncio.Event.set``) --
    # needs an ordering edge from it to the ``AWAITS_SIGNAL`` of a body run at once (gathered
    # coroutines, threads): not followed yet, written here for its meaning
    SIGNALS = enum.auto()
    # a method of an event type: returns once the event is set (``asyncio.Event.wait``)
    AWAITS_SIGNAL = enum.auto()
    # registers argument ``at`` to run with the later arguments at the interpreter's exit
    # (``atexit.register``) or at an object's death (``weakref.finalize``, ``at`` = 1): runs
    # after the module's last statement (not followed yet: needs a module-end element)
    AT_END = enum.auto()
    # calls argument ``at`` on the items of argument ``at + 1`` in order until the first
    # truthy (``any``: ``SHORT_CIRCUITS``) or falsy (``all``) result: the first call certainly,
    # the rest may (needs a may-run effect: lowered only as a walk where every call is certain)
    SHORT_CIRCUITS = enum.auto()
    # calls its ``default=`` on every value inside argument ``at`` it cannot encode itself
    # (anything but a str, a number, a bool, None, a dict, a list or a tuple: a tensor), in
    # the order it walks it, before it returns (``json.dumps``; ``hook_runs``)
    ENCODES = enum.auto()
    # calls argument ``at`` with one positional argument and nothing else, each time it calls
    # it (``run_ranks(n, fn)``: ``fn(comm)`` on each rank; ``called_values``)
    CALLS_ONE = enum.auto()
    # calls argument ``at`` (or ``fn=``) with no argument at least twice, and after each call
    # runs the ``Op`` it returns (submitted, then waited) or waits the ``Pending`` it returns
    # before the next; None goes on, anything else is a ``TypeError`` after the first call
    # (``tr.testing.do_bench``: five estimating runs, then at least one warm-up and one timed
    # run; ``callable_runs``)
    RUNS_RESULT = enum.auto()
    # the iterators the documentation defines by "roughly equivalent" code drawing items by
    # position, drawn where the positions are certain (``drawn_positions``): the items of
    # argument 0 whose selector in argument 1 is true (``compress``)
    SELECTS = enum.auto()
    # every tuple of one item of each positional argument (``repeat=`` times over), the last
    # varying fastest (``product``)
    CROSSES = enum.auto()
    # each item of argument 0 with the next (``pairwise``)
    PAIRS = enum.auto()
    # the items of argument 0 in tuples of argument 1 (``batched``)
    BATCHES = enum.auto()
    # the items of argument 0, last first (``reversed``)
    REVERSES = enum.auto()
    # the items of argument 0 at the positions of a slice of the later arguments (``islice``)
    SLICES = enum.auto()
    # puts argument ``at + 1`` into the list argument ``at``, running ``key=`` on it first
    # (``bisect.insort``'s search step; ``heapq.heappush``)
    INSERTS = enum.auto()
    # calls argument ``at`` (with no argument; a string of code is not followed) ``number=``
    # times before it returns (``timeit.timeit``: 1,000,000 if not given), ``repeat=`` times
    # over where it ``REPEATS`` (5 if not given): ``timeit.repeat(op.sync, number=1,
    # repeat=3)`` runs ``op.sync()`` three times (``timed_runs``, round 34A)
    TIMES = enum.auto()
    REPEATS = enum.auto()
    # a copy of argument ``at`` with the fields its keywords name given those values, the
    # others the same objects (``dataclasses.replace``, ``copy.replace``: ``replaced_fields``;
    # ``copy.copy`` is ``object_graphs``')
    REPLACES = enum.auto()
    # a new dict with every item of argument ``at`` a key, each key's value the one object
    # argument ``at + 1`` gives (evaluated once: ``dict.fromkeys(keys, tiles(t))`` puts one
    # partition under every key; ``None`` if not given: ``shared_values``, round 34A)
    ONE_VALUE_PER_KEY = enum.auto()
    # a class body's ``m = partialmethod(f, *a, **k)``: ``obj.m(*r)`` calls ``obj.f(*a, *r,
    # **k)`` (``bound_methods``, round 34A)
    BINDS_METHOD = enum.auto()


class Entry:
    """What a callable does, and the position of the argument it acts on (a plain class: a
    dataclass would compile its methods at every start of the checker)."""

    __slots__ = ("at", "does")

    def __init__(self, does: frozenset[Does], at: int = 0) -> None:
        self.does = does
        self.at = at


def _does(*does: Does, at: int = 0) -> Entry:
    return Entry(frozenset(does), at)


_KEYED = _does(Does.KEY_RUNS, Does.WALKS)


SPEC: dict[str, Entry] = {
    "builtins.max": _KEYED,
    "builtins.min": _KEYED,
    "builtins.sorted": _KEYED,
    "heapq.nlargest": _does(Does.KEY_RUNS, Does.WALKS, at=1),
    "heapq.nsmallest": _does(Does.KEY_RUNS, Does.WALKS, at=1),
    "builtins.set": _does(Does.HASHES, Does.WALKS),
    "builtins.frozenset": _does(Does.HASHES, Does.WALKS),
    "builtins.list": _does(Does.COLLECTS, Does.WALKS),
    "builtins.tuple": _does(Does.COLLECTS, Does.WALKS),
    "builtins.sum": _does(Does.WALKS, Does.ADDS),
    "builtins.dict": _does(Does.WALKS),
    "collections.deque": _does(Does.WALKS),
    "collections.Counter": _does(Does.WALKS),
    "collections.OrderedDict": _does(Does.WALKS),
    "heapq.merge": _does(Does.PASSES),
    "builtins.map": _does(Does.MAPS),
    "itertools.starmap": _does(Does.STAR_MAPS),
    "itertools.accumulate": _does(Does.RUNNING),
    "builtins.zip": _does(Does.PASSES),
    "builtins.enumerate": _does(Does.PASSES),
    "builtins.filter": _does(Does.PASSES, at=1),
    "itertools.chain": _does(Does.PASSES),
    "itertools.zip_longest": _does(Does.PASSES),
    "itertools.filterfalse": _does(Does.PASSES, at=1),
    "itertools.dropwhile": _does(Does.PASSES, at=1),
    "itertools.pairwise": _does(Does.PASSES, Does.PAIRS),
    "itertools.compress": _does(Does.PASSES, Does.SELECTS),
    "itertools.product": _does(Does.CROSSES),
    "itertools.batched": _does(Does.BATCHES),
    "builtins.reversed": _does(Does.REVERSES),
    "itertools.islice": _does(Does.SLICES),
    "bisect.insort": _does(Does.INSERTS),
    "bisect.insort_left": _does(Does.INSERTS),
    "bisect.insort_right": _does(Does.INSERTS),
    "timeit.timeit": _does(Does.TIMES),
    "timeit.repeat": _does(Does.TIMES, Does.REPEATS),
    "dataclasses.replace": _does(Does.REPLACES),
    "copy.replace": _does(Does.REPLACES),
    "builtins.dict.fromkeys": _does(Does.ONE_VALUE_PER_KEY),
    "collections.OrderedDict.fromkeys": _does(Does.ONE_VALUE_PER_KEY),
    "collections.defaultdict.fromkeys": _does(Does.ONE_VALUE_PER_KEY),
    "functools.partialmethod": _does(Does.BINDS_METHOD),
    "builtins.any": _does(Does.SHORT_CIRCUITS),
    "builtins.all": _does(Does.SHORT_CIRCUITS),
    "threading.Thread": _does(Does.RUNS_TARGET),
    "threading.Thread.start": _does(Does.STARTS_CALL),
    "threading.Thread.join": _does(Does.JOINS),
    "concurrent.futures.ThreadPoolExecutor.submit": _does(Does.CALLS_NOW),
    "concurrent.futures.ProcessPoolExecutor.submit": _does(Does.CALLS_NOW),
    "asyncio.to_thread": _does(Does.CALLS_NOW),
    "asyncio.AbstractEventLoop.run_in_executor": _does(Does.CALLS_NOW, at=1),
    "concurrent.futures.ThreadPoolExecutor.map": _does(Does.MAPS_NOW),
    "concurrent.futures.ProcessPoolExecutor.map": _does(Does.MAPS_NOW),
    "queue.Queue.put": _does(Does.PUTS),
    "queue.Queue.put_nowait": _does(Does.PUTS),
    "queue.Queue.get": _does(Does.TAKES),
    "queue.Queue.get_nowait": _does(Does.TAKES),
    "queue.SimpleQueue.put": _does(Does.PUTS),
    "queue.SimpleQueue.get": _does(Does.TAKES),
    "queue.LifoQueue.put": _does(Does.PUTS),
    "queue.LifoQueue.get": _does(Does.TAKES, Does.LIFO),
    "queue.PriorityQueue.put": _does(Does.PUTS),
    "queue.PriorityQueue.get": _does(Does.TAKES, Does.PRIORITY),
    "asyncio.Queue.put": _does(Does.PUTS),
    "asyncio.Queue.put_nowait": _does(Does.PUTS),
    "asyncio.Queue.get": _does(Does.TAKES),
    "asyncio.Queue.get_nowait": _does(Does.TAKES),
    "collections.deque.append": _does(Does.PUTS),
    "collections.deque.popleft": _does(Does.TAKES),
    "collections.deque.pop": _does(Does.TAKES, Does.LIFO),
    "heapq.heappush": _does(Does.PUTS, Does.INSERTS),
    "heapq.heappop": _does(Does.TAKES, Does.PRIORITY),
    "asyncio.Event.set": _does(Does.SIGNALS),
    "asyncio.Event.wait": _does(Does.AWAITS_SIGNAL),
    "threading.Event.set": _does(Does.SIGNALS),
    "threading.Event.wait": _does(Does.AWAITS_SIGNAL),
    "tilert.distributed.testing.run_ranks": _does(Does.CALLS_ONE, at=1),
    "tilert.testing.do_bench": _does(Does.RUNS_RESULT),
    "json.dumps": _does(Does.ENCODES),
    "json.dump": _does(Does.ENCODES),
    "atexit.register": _does(Does.AT_END),
    "weakref.finalize": _does(Does.AT_END, at=1),
    "functools.reduce": _does(Does.FOLDS),
    "itertools.tee": _does(Does.COPIES),
    "operator.methodcaller": _does(Does.CALLS_METHOD),
    "operator.attrgetter": _does(Does.GETS),
    "operator.itemgetter": _does(Does.GETS),
    "asyncio.create_task": _does(Does.STARTS_TASK),
    "asyncio.ensure_future": _does(Does.STARTS_TASK),
    "asyncio.TaskGroup": _does(Does.TASK_GROUP),
    "asyncio.TaskGroup.create_task": _does(Does.STARTS_TASK),
    "contextvars.ContextVar": _does(Does.CELL),
    "contextvars.ContextVar.set": _does(Does.STORES),
    "contextvars.ContextVar.get": _does(Does.LOADS),
    "contextlib.ExitStack": _does(Does.EXIT_STACK),
    "contextlib.ExitStack.callback": _does(Does.AT_EXIT),
    "contextlib.ExitStack.enter_context": _does(Does.ENTERS),
    "contextlib.AsyncExitStack": _does(Does.EXIT_STACK),
    "contextlib.AsyncExitStack.callback": _does(Does.AT_EXIT),
    "contextlib.AsyncExitStack.enter_context": _does(Does.ENTERS),
}


# the type of what a library function returns, where its methods are in the spec
RETURNS: dict[str, str] = {
    "asyncio.get_running_loop": "asyncio.AbstractEventLoop",
    "asyncio.get_event_loop": "asyncio.AbstractEventLoop",
    "asyncio.new_event_loop": "asyncio.AbstractEventLoop",
}


def allocates(canonical: str) -> bool:
    """``canonical`` allocates device memory whatever it is given (refused in a graph
    capture, TC111): for tilert's functions derived from the library's own source
    (``library.library_allocates``), not written here."""
    return library_allocates(canonical)


def unbound_method(canonical: str) -> bool:
    """``canonical`` is an instance method of a library type read through the type
    (``tr.Tensor.copy_from``): a call ``T.m(obj, *args)`` is ``obj.m(*args)``. tilert's are
    derived from its stubs (``library.library_methods``)."""
    return canonical in library_methods()


# the members ``drawn_positions`` reads: a call of one is drawn by position where it can be
DRAWING = frozenset(
    {Does.SELECTS, Does.CROSSES, Does.PAIRS, Does.BATCHES, Does.REVERSES, Does.SLICES}
    | {Does.INSERTS}
)


def entry(canonical: str | None) -> Entry | None:
    """What ``canonical`` does, if the spec says."""
    return SPEC.get(canonical) if canonical is not None else None


@functools.cache
def named(does: Does) -> frozenset[str]:
    """The callables that do ``does``."""
    return frozenset(name for name, e in SPEC.items() if does in e.does)


@functools.cache
def positions(does: Does) -> dict[str, int]:
    """The callables that do ``does``, each with the position of the argument it acts on."""
    return {name: e.at for name, e in SPEC.items() if does in e.does}


@functools.cache
def methods(does: Does) -> dict[str, frozenset[str]]:
    """By method name, the library types whose method of that name does ``does``."""
    found: dict[str, set[str]] = {}
    for name, e in SPEC.items():
        if does in e.does:
            owner, _, method = name.rpartition(".")
            found.setdefault(method, set()).add(owner)
    return {method: frozenset(owners) for method, owners in found.items()}


# the method names the interpreter's gates test first, at every call (``exit_stacks`` and
# ``context_cells`` are imported only where one is met: their code is not compiled otherwise)
RESULT = "result"  # a task's ``result()``: what its coroutine returned
STACK_METHODS = frozenset(methods(Does.AT_EXIT)) | frozenset(methods(Does.ENTERS))
STARTS = frozenset(methods(Does.STARTS_TASK))
CELL_METHODS = frozenset(methods(Does.STORES)) | frozenset(methods(Does.LOADS))


@functools.cache
def method_roots(method: str) -> frozenset[str]:
    """The top-level packages of the library types with a method ``method`` the spec names
    (``get``: ``contextvars``): a module importing none of them calls none of those."""
    return frozenset(
        name.partition(".")[0]
        for name, e in SPEC.items()
        if name.rpartition(".")[2] == method and e.does & _GATED
    ) | (frozenset({"asyncio"}) if method == RESULT else frozenset())


# the members whose methods or functions the interpreter's gates look for (``method_roots``;
# ``itertools.tee`` too): a queue's ``get`` or an event's ``set`` (read by nothing yet) opens
# no gate
_GATED = frozenset(
    {Does.STORES, Does.LOADS, Does.AT_EXIT, Does.ENTERS, Does.STARTS_TASK}
    | {Does.STARTS_CALL, Does.CALLS_NOW, Does.MAPS_NOW, Does.COPIES}
)
