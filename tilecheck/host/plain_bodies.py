"""The module's functions and classes whose code cannot concern tilert: not analysed alone.

Most of a real module is plain Python (a class that counts, a helper that formats). The host
analysis of such a body finds nothing, yet costs what any body costs. A finding needs a
tracked object in the body: one it makes (a tilert call, a kernel, an imported helper, a
function of the module that makes one), one it reaches (a module variable, a field a method
of a tracked class set), or a parameter it runs, waits, partitions or copies into (a method of
tilert's classes, by name). A top-level ``def`` or ``class`` none of whose names can be any
of these is plain; a call from analysed code still runs or summarizes it as before, so only
the analysis of the plain body on its own, which finds nothing, is skipped.

The test is on names alone, so it errs only one way: a local that shares a module name, or a
method that shares a name with one of tilert's, makes a body analysed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import libcst as cst

from tilecheck.syntax.walk import children, descendants

# The methods and attributes of tilert's classes (tensors, partitions, ops, Pendings, graphs,
# streams, events, communicators) and its public functions: a parameter's use by one of these
# names may be a use the analysis reports. Kept in step with tilert's stubs by a test.
TILERT_NAMES = frozenset(
    """
    Kernel Op OpHolder Partition PartitionHolder Pending Stream T Tensor Ticket
    abs accepts acquire all_gather all_reduce allocate allreduce arange argmax argmin
    arithmetic as_dict as_dtype as_stream astype atan2 atomic_add atomic_and atomic_cas
    atomic_max atomic_min atomic_or atomic_xchg atomic_xor autotune backend_chosen
    backend_current backends_module base best_config bid bitcast block blocks borrow_lock
    broadcast broadcast_to call capture capture_var cat cdiv ceil chained checked_launches
    close code_type cold comm_abort comm_destroy comm_init_rank communicator
    compute_capability configs consumed_at contiguous copy_ copy_from cos cosh created_at
    cuda_handle cuda_kernel cumprod cumsum current current_stream default defined_at describe
    device device_kind device_properties diagnostics direct_launches divmod dlpack_hooks done
    dtype elapsed_ms empty enqueue erf error exp exp2 expand_dims expm1 extract floor floordiv
    fn followed_torch_stream force_release forget formatted_sites from_dlpack from_json
    from_numpy from_numpy_dtype full function gather get_unique_id graph grid group group_end
    group_name group_start grouped handoff_var host_array in_flight index init inline insert
    inside_files install is_contiguous is_done is_dtype is_initialized isnan item itemsize
    kernel kernel_call key kind label last_tuning launch launch_cuda launch_raw
    launchable_grids launched launched_ticket launches_at_once lease limits load load_tile
    load_tile_like log log1p log2 lower make mapped mapping mark_writer matmul max maximum
    mem_alloc mem_free min minimum mma mod name names nbytes ndim needs_eager_first
    not_in_kernels np_dtype num_blocks num_tiles ones op_del op_submit op_sync options order
    order_after params partition partition_del path pending_del pending_wait permute pow
    preference printf prod py_type queue_lock rand randint randint4x randn rank rank_main
    record record_event recv reduce reduce_scatter register release rep reshape rsqrt run
    run_now run_ranks run_until scalar_name scan scatter send seq set_current set_default
    set_finalizers shape shutdown sigmoid sin sinh size sm_count softplus source sqrt
    static_assert store stream stream_var streams_module strides submit sum sync sync_on
    synchronize tan tanh tensor then tile_shape tiles tilings to_json to_numpy transpose
    unavailable unavailable_reason unsafe use_disk version view wait wait_event
    wait_for_launch warmup where window_deregister window_register with_options world_size
    zeros zip
    __abs__ __add__ __and__ __array__ __await__ __bool__ __call__ __cuda_array_interface__
    __cuda_stream__ __del__ __dlpack__ __dlpack_device__ __enter__ __eq__ __exit__
    __float__ __floordiv__ __ge__ __getattr__ __getitem__ __gt__ __hash__ __index__
    __init__ __int__ __invert__ __iter__ __le__ __len__ __lshift__ __lt__ __matmul__
    __mod__ __mul__ __ne__ __neg__ __or__ __pos__ __pow__ __radd__ __rand__ __repr__
    __rfloordiv__ __rlshift__ __rmod__ __rmul__ __ror__ __rpow__ __rrshift__ __rshift__
    __rsub__ __rtruediv__ __rxor__ __sub__ __truediv__ __xor__
    """.split()
)

# Code whose effect on objects depends on who runs it: always analysed.
_ALWAYS = frozenset({cst.Await, cst.Yield, cst.Global, cst.Nonlocal})
_MAYBE_ASYNC = frozenset({cst.FunctionDef, cst.For, cst.With})
# Values a module name may be bound to and stay plain.
_LITERALS = frozenset(
    {cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString}
)


@dataclass(frozen=True)
class _Mentions:
    names: frozenset[str]  # every name in it (an attribute's name too)
    attributes: frozenset[str]  # every attribute name after a dot


def _mentions(definition: cst.CSTNode, tracked: frozenset[str] | set[str]) -> _Mentions | None:
    """The names in ``definition``; None as soon as one shows it is not plain whatever the
    module's other definitions are (a ``tracked`` name, one of tilert's, an ``await``...)."""
    names: set[str] = set()
    attributes: set[str] = set()
    stack = [definition]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            name = node.value  # type: ignore[attr-defined]
            if name in tracked:
                return None
            names.add(name)
            continue
        if kind is cst.Attribute:
            attribute = node.attr.value  # type: ignore[attr-defined]
            if attribute in TILERT_NAMES:
                return None
            attributes.add(attribute)
        elif kind in _ALWAYS:
            return None
        elif kind in _MAYBE_ASYNC and node.asynchronous is not None:  # type: ignore[attr-defined]
            return None
        stack.extend(children(node))
    return _Mentions(frozenset(names), frozenset(attributes))


def _literal(value: cst.BaseExpression) -> bool:
    kind = type(value)  # (exact types: ``isinstance`` of libcst's classes is slow)
    if kind in _LITERALS:
        return True
    if kind is cst.Name:
        return value.value in ("True", "False", "None")  # type: ignore[attr-defined]
    if kind is cst.Tuple or kind is cst.List:
        elements = value.elements  # type: ignore[attr-defined]
        return all(type(e) is cst.Element and _literal(e.value) for e in elements)
    return kind is cst.UnaryOperation and _literal(value.expression)  # type: ignore[attr-defined]


def _bindings(statements: Sequence[cst.BaseStatement]) -> Iterator[tuple[str, bool]]:
    """The names module statements bind, each with whether to a literal (``TILE = 256``),
    read off the statements (a walrus inside an expression is not: ``walrus_bindings``).
    Generous: every name inside a target counts, a subscript's or attribute's too."""
    for statement in statements:
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                yield from _small_bindings(small)
            continue
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            yield statement.name.value, False
            continue
        if isinstance(statement, cst.For):
            yield from ((n, False) for n in _names_in(statement.target))
        elif isinstance(statement, cst.With):
            for item in statement.items:
                if item.asname is not None:
                    yield from ((n, False) for n in _names_in(item.asname.name))
        elif isinstance(statement, (cst.Try, cst.TryStar)):
            for handler in statement.handlers:
                if handler.name is not None:
                    yield from ((n, False) for n in _names_in(handler.name.name))
        elif isinstance(statement, cst.Match):
            for case in statement.cases:
                yield from ((n, False) for n in _names_in(case.pattern))
        for suite in _suites(statement):
            if isinstance(suite, cst.IndentedBlock):
                yield from _bindings(suite.body)
            elif isinstance(suite, cst.SimpleStatementSuite):  # ``if ready: x = make()``
                for line_part in suite.body:
                    yield from _small_bindings(line_part)


def _small_bindings(small: cst.BaseSmallStatement) -> Iterator[tuple[str, bool]]:
    if type(small) is cst.Expr or type(small) is cst.Pass:
        return
    if type(small) is cst.Assign:
        literal = _literal(small.value)
        for target in small.targets:
            if type(target.target) is cst.Name:
                yield target.target.value, literal
            else:
                yield from ((n, False) for n in _names_in(target.target))
    elif isinstance(small, cst.AnnAssign):
        literal = small.value is not None and _literal(small.value)
        yield from ((n, literal) for n in _names_in(small.target))
    elif isinstance(small, cst.AugAssign):
        yield from ((n, False) for n in _names_in(small.target))
    elif isinstance(small, (cst.Import, cst.ImportFrom)):
        names = small.names
        if isinstance(names, cst.ImportStar):
            yield "*", False
            return
        for alias in names:
            bound = alias.asname.name if alias.asname is not None else alias.name
            yield from ((n, False) for n in _names_in(bound))


def _suites(statement: cst.BaseStatement) -> Iterator[cst.BaseSuite]:
    """The bodies directly inside a compound statement (its clauses' too)."""
    for field in ("body", "orelse", "finalbody"):
        part = getattr(statement, field, None)
        while part is not None:
            if isinstance(part, cst.BaseSuite):
                yield part
                break
            yield part.body  # an ``else``, ``elif`` or ``finally`` clause
            part = part.orelse if isinstance(part, cst.If) else None
    for clause in (*getattr(statement, "handlers", ()), *getattr(statement, "cases", ())):
        yield clause.body


def _walrus_bindings(statements: Sequence[cst.BaseStatement]) -> Iterator[str]:
    """The names a walrus binds anywhere in the module's own code (a comprehension's walrus
    binds in the enclosing scope)."""
    for statement in statements:
        if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            for node in descendants(statement):
                if isinstance(node, cst.NamedExpr):
                    yield from _names_in(node.target)


def _names_in(node: cst.CSTNode) -> Iterator[str]:
    return (n.value for n in descendants(node) if type(n) is cst.Name)


def _module_names(module: cst.Module, walrus: bool) -> set[str]:
    """The names the module's own code binds, less those bound to literals only (its top-level
    definitions are judged one by one). ``walrus``: the code may hold a ``:=``."""
    top = [s for s in module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
    bound = {name for name, literal in _bindings(top) if not literal}
    if walrus:
        bound.update(_walrus_bindings(top))
    return bound


def plain_definitions(module: cst.Module, source: str | None) -> frozenset[cst.CSTNode]:
    """The top-level ``def`` and ``class`` statements of ``module`` whose code cannot
    concern tilert (see the module's docstring). ``source``: its text, where known (without
    a ``:=`` in it, no expression is walked for one)."""
    definitions = [s for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))]
    if not definitions:
        return frozenset()
    module_bound = _module_names(module, source is None or ":=" in source)
    if "*" in module_bound:  # ``from m import *``: any name may be the module's
        return frozenset()
    mentions = {d: m for d in definitions if (m := _mentions(d, module_bound)) is not None}
    plain = set(mentions)
    changed = True
    while changed:
        changed = False
        # the module's definitions that may make or run a tracked object, and the methods of
        # its classes that may
        tracked = {d.name.value for d in definitions if d not in plain}
        methods = {
            name
            for d in definitions
            if d not in plain and isinstance(d, cst.ClassDef)
            for name in _method_names(d)
        }
        for definition in list(plain):
            seen = mentions[definition]
            if not seen.names.isdisjoint(tracked) or not seen.attributes.isdisjoint(methods):
                plain.discard(definition)
                changed = True
    return frozenset(plain)


def _method_names(cls: cst.ClassDef) -> set[str]:
    return {s.name.value for s in cls.body.body if isinstance(s, cst.FunctionDef)}
