"""What every body of one module shares while it is analysed."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.api import ARRAY_LIBRARIES, STREAM_MAKERS, TENSOR_FACTORIES
from tilecheck.host.classes import ClassInfo
from tilecheck.host.constant_fields import Constant
from tilecheck.host.global_reads import GlobalReads
from tilecheck.host.kernels import with_options_of
from tilecheck.host.known_keys import ScopeNames
from tilecheck.host.known_subjects import Known
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.managers import Managers
from tilecheck.host.summary import Summary
from tilecheck.names import NameResolver
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name


@frozen
class Callee:
    """What a called name is, as far as the module's imports and definitions tell."""

    kernel: LaunchSignature | None = None
    canonical: str | None = None


NO_CALLEE = Callee()


@dataclass
class Context:
    """Name resolution, the kernels the module can call, its integer constants, and a cache of
    callee lookups (a call in a loop body is evaluated once per iteration of the solver)."""

    resolver: NameResolver
    kernel_for: Callable[[str], LaunchSignature | None]  # dotted callee as written -> kernel
    constants: Mapping[str, int] = field(default_factory=dict)
    # Names some scope of the module declares ``global`` or ``nonlocal``: a call may rebind them.
    rebindable: frozenset[str] = frozenset()
    # The module's classes that keep tensors in attributes, by name.
    classes: Mapping[str, ClassInfo] = field(default_factory=dict)
    # The summary of a function of the module called by this name, if it has one.
    summary_for: Callable[[str], Summary | None] = lambda name: None
    # Adds a function built from one of the module's (``name``, the def, the one it is built
    # from), summarized by ``summary_for`` from then on (``tilecheck.host.phases``).
    add_def: Callable[[str, cst.FunctionDef, str], None] = lambda name, fn, like: None
    # The definition of a method of the module's own classes called by this name
    # (``Class.method``, inherited ones included), with the module statement it lies in, when
    # its body may run in place at a call (``tilecheck.host.inline``).
    definition_for: Callable[[str], tuple[cst.FunctionDef, int] | None] = lambda name: None
    # The same for a plain function of the module defined once at its top level, by name.
    function_for: Callable[[str], tuple[cst.FunctionDef, int] | None] = lambda name: None
    # The module's names that are False wherever read (``tilecheck.host.flags``).
    flags: frozenset[str] = frozenset()
    # The module's names bound once to a string or integer literal, with their values, worked
    # out the first time a test asks (``tilecheck.host.bound_once.Tests``).
    literals: Callable[[], Mapping[str, Known]] | None = None
    # The fields of ``self`` empty wherever a method runs, by the method's id, worked out the
    # first time a test asks (``tilecheck.host.empty_fields``).
    empty_fields: Callable[[], Mapping[int, frozenset[str]]] | None = None
    # The ``self.<field>`` reads of a field holding one constant wherever a method runs, by
    # the read's id, with that constant (``tilecheck.host.constant_fields``).
    field_values: Callable[[], Mapping[int, Constant]] | None = None
    # The module's names bound once to a stream (``tilecheck.host.bound_once``), worked out
    # the first time a body asks (``stream.record()`` on a name it does not bind).
    streams: Callable[[], frozenset[str]] = frozenset
    # The same for names bound once to another library's array (``host = np.zeros(n)``).
    arrays: Callable[[], frozenset[str]] = frozenset
    # The same for names bound once to a kernel's launch, an op (``op = k(out.partition(n))``):
    # a function's ``op.sync()`` of one is an effect on the module's op (round 27G).
    ops: Callable[[], frozenset[str]] = frozenset
    # The same for names bound once to a tilert tensor factory's call (``tr.empty(...)``): a
    # function's ``name.copy_from(...)`` of one writes the module's tensor (round 29G).
    tensors: Callable[[], frozenset[str]] = frozenset
    # The same for names bound once to a new partition (``plan = tiles(x)``): a function's
    # launch consuming one consumes the module's (``Summary.global_consumes``, round 29G).
    partitions: Callable[[], frozenset[str]] = frozenset
    # The same for names bound once to anything (a function's object of such a name is the
    # module's, its effects on it the call's effects: ``tilecheck.host.global_effects``).
    bound_once: Callable[[], frozenset[str]] = frozenset
    # Attributes that hold a non-empty list once made (``tilecheck.flow.filled``): a method's
    # loop over one runs at least once.
    filled: Container[str] = frozenset()
    # Names that hold a literal list of keys wherever read (``tilecheck.host.key_lists``),
    # worked out the first time an index is such a list's item (``bufs[keys[0]]``).
    key_lists: Callable[[], Mapping[str, tuple[int | str, ...]]] = dict
    # Names of dicts of literals by constant keys only walked or read (``host.dict_walks``),
    # worked out the first time a loop walks a name that is not such a list (round 37K).
    dict_keys: Callable[[], Mapping[str, tuple[int | str, ...]]] = dict
    # How many keys such a name (or a literal list of keys) walks, for a function's CFG.
    walked_length: Callable[[str], int | None] = lambda _: None
    # The names of the whole module (``tilecheck.host.known_keys``), walked the first time a
    # function's ops by known key read a display or dict of the module (``watched`` in ``if n
    # in watched``).
    known_names: Callable[[], ScopeNames | None] = lambda: None
    # The module's syntax, walked once for every analysis that asks (``tilecheck.syntax.index``).
    index: SyntaxIndex = field(default_factory=SyntaxIndex)
    module: cst.Module | None = None  # the module checked (``tilecheck.host.memo_calls``)
    # The module's plain ``@dataclass`` records (``tilecheck.host.cells.plain_records``),
    # worked out the first time a function's untaken items are asked for.
    records: Callable[[], frozenset[str]] = frozenset
    # The ids of the generator expressions a consumer draws where they are written
    # (``tilecheck.host.lazy_code.drawn_at_once``), worked out at the first one met.
    drawn: Callable[[], frozenset[int]] = frozenset
    # The module's code that reads its globals when a call runs it (``tilecheck.host
    # .global_reads``), worked out the first time a module-level call asks.
    global_reads: Callable[[], GlobalReads | None] = lambda: None
    # The module's ``@contextmanager`` functions built in place of the ``with`` that enters
    # them (``tilecheck.host.managers``).
    managers: Managers | None = None
    # The call nodes, no part of the module, that methods Python calls unwritten are applied
    # at (``tilecheck.host.dunders``), by the expression's id and the method.
    dunder_calls: dict[tuple[int, str], cst.Call] = field(default_factory=dict)
    # The expression a standard-library call of the module stands for, by the call's id (and
    # the classes of the tuples it spreads; ``tilecheck.host.transfers``; None: none), and the
    # module's names bound once to an ``operator.itemgetter``/``attrgetter`` (worked out the
    # first time one is called).
    lowered: dict[object, cst.BaseExpression | None] = field(default_factory=dict)
    getters: frozenset[str] | None = None
    # The methods Python runs unwritten (``__len__``, ``__add__``...) the module's top-level
    # classes define (``dunders.class_dunders``): a site on a receiver that is no name of an
    # instance is lowered only where one is defined (``implicit_sites``, round 28I).
    dunders: frozenset[str] = frozenset()
    # The calls a library call makes of user code (``tilecheck.host.library_runs``), by the
    # call's id: what kind, and the expression built for it (None: none).
    # (``setattr(...)`` statements: by the statement's key, the assignment it stands for)
    runs: dict[object, tuple[int, cst.CSTNode] | None] = field(default_factory=dict)
    # The module's ``@dataclass``es with fields a lambda's call makes (``dunders``), by class,
    # worked out the first time a call of a name of the module is met.
    dataclass_defaults: dict[str, tuple[tuple[str, cst.Call | None], ...]] | None = None
    # The parameters (by their ``def``'s id) the calls that run their function give a
    # ``Communicator`` (``tilecheck.host.given_types``), worked out the first time one is asked.
    communicators: frozenset[tuple[int, str]] | None = None
    # The module's source text, where the caller gave it (``check_module(source=...)``).
    text: str | None = None
    _callees: dict[int, Callee] = field(default_factory=dict)

    def mentions(self, needle: str) -> bool:
        """Whether the module's text may hold ``needle``: a mechanism whose construct must
        spell it (``Queue`` for a queue) walks nothing in a module without it. True where
        the text is not known."""
        return self.text is None or needle in self.text

    def callee(self, func: cst.BaseExpression) -> Callee:
        cached = self._callees.get(id(func))
        if cached is not None:
            return cached
        found = NO_CALLEE
        dotted = dotted_name(func)
        variant = with_options_of(func) if dotted is None else None
        if variant is not None:
            kernel = self.kernel_for(variant)
            found = Callee(kernel=kernel) if kernel else NO_CALLEE
        elif dotted is not None:
            kernel = self.kernel_for(dotted)
            found = (
                Callee(kernel=kernel) if kernel else Callee(canonical=self.resolver.resolve(dotted))
            )
        self._callees[id(func)] = found
        return found

    def stream_maker(self, expr: cst.BaseExpression) -> bool:
        """``tr.Stream(...)`` or ``tr.current_stream()``."""
        return isinstance(expr, cst.Call) and self.callee(expr.func).canonical in STREAM_MAKERS

    def array_library(self, expr: cst.BaseExpression) -> str | None:
        """The library whose array the call ``expr`` makes (``np.zeros(...)``), if it is one:
        no tilert tensor and no partition."""
        if not isinstance(expr, cst.Call):
            return None
        head = (self.callee(expr.func).canonical or "").split(".")[0]
        return head if head in ARRAY_LIBRARIES else None

    def tensor_maker(self, expr: cst.BaseExpression) -> bool:
        """``tr.zeros(...)``, ``tr.empty(...)``: a tilert factory's new tensor."""
        return type(expr) is cst.Call and self.callee(expr.func).canonical in TENSOR_FACTORIES

    def array_maker(self, expr: cst.BaseExpression) -> bool:
        return self.array_library(expr) is not None

    def launches(self, expr: cst.BaseExpression) -> bool:
        """``k(out.partition(n), x)``: a kernel's launch, an op."""
        return type(expr) is cst.Call and self.callee(expr.func).kernel is not None
