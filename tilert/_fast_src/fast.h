/* What the files of tilert._fast share (internal: no other code includes it).
 *
 * The launch fast path: C versions of the four calls a launch loop makes,
 *
 *     add(z.partition((n,)), x, y).sync()      (or .submit(), then the Pending's .wait())
 *
 * (Tensor.partition, Kernel.__call__, Op.sync, Op.submit, Pending.wait and the __del__ of the op,
 * the partition and the Pending) for
 * the common, valid case only. Each checks the preconditions of that case first and, if any
 * fails, calls the Python method it replaces, before it has changed anything: that method is
 * the reference, and the only code that decides an error or formats a message. The objects made
 * here are the Python classes' own (their __slots__ filled as their __init__ fills them), so
 * everything else in tilert sees no difference. tilert/_accel.py installs these; setting
 * TILERT_PURE_PYTHON=1 leaves them out; tilert/_fast.pyi types what Python hands over.
 *
 * The files, one job each (the slot access they all use is inline, below):
 *   lock.c         the C re-entrant lock (the borrow and queue locks)
 *   common.c       the caller's site, the borrows made, the call of the Python method
 *   partition.c    Tensor.partition
 *   kernel_call.c  Kernel.__call__ (and Kernel's call slot): the op built from a launch
 *   signature.c    whether a launch's signature was checked (tilert/_core/launch_rules.py)
 *   launch.c       what sync and submit share: a fast launch's checks and arguments, its issue
 *                  on the stream, the stream sync, the release of an op's borrows
 *   sync.c         Op.sync: the launch, the stream sync and the release of the borrows
 *   submit.c       Op.submit and Pending.wait: the launch with its Ticket and Pending, and the
 *                  wait that synchronizes only a launch not known complete
 *   finalize.c     the __del__ of ops and partitions, their finalizers, Kernel's call slot
 *   module.c       install(): what Python hands over (defined there), and the module itself
 *   dlpack.c       the release of exported DLPack tensors, keeping a pending exception
 *
 * Every symbol shared between them starts with tf_; setup.py builds them with hidden
 * visibility so that PyInit__fast is the only one exported. */

#ifndef TILERT_FAST_H
#define TILERT_FAST_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* -- the borrow and queue locks (lock.c) ---------------------------------------------------- */
/* A re-entrant lock, as threading.RLock, that the fast path takes without a Python call. With
 * the extension installed, ownership.LOCK and the streams' queue lock are of this type. Its state
 * is only read and written with the GIL held, so an uncontended take or give is a few plain
 * stores; a thread that finds it held by another waits on ``wake`` (a binary semaphore, without
 * the GIL), which a give posts when someone waits. */
typedef struct {
    PyObject_HEAD
    PyThread_type_lock wake;
    unsigned long owner;
    unsigned long count;
    unsigned long waiters;
    int posted; /* a wake-up is pending: at most one at a time */
} FastLock;

extern PyTypeObject tf_FastLockType;
int tf_lock_take(FastLock *self);
int tf_lock_give(FastLock *self);
/* Release a lock on an error path, the pending exception kept. */
void tf_unlock_keeping_error(FastLock *lock);

/* -- what install() is given (defined in module.c, set once by install) ------------------- */
extern PyTypeObject *tf_TensorType, *tf_PartitionType, *tf_PartitionHolderType, *tf_OpHolderType,
    *tf_OpType, *tf_StreamType, *tf_PendingType, *tf_TicketType, *tf_KernelType;
extern PyObject *tf_py_partition, *tf_py_kernel_call, *tf_py_op_sync, *tf_py_op_del,
    *tf_py_partition_del, *tf_py_op_submit, *tf_py_pending_wait, *tf_py_pending_del;
extern FastLock *tf_borrow_lock, *tf_queue_lock;
extern PyObject *tf_handoff_var, *tf_capture_var, *tf_stream_var, *tf_streams_module,
    *tf_backends_module;
extern PyObject *tf_tilings, *tf_inside_files, *tf_formatted_sites, *tf_launchable_grids,
    *tf_in_flight;
/* ownership.INLINE: the head of the ring of the holders whose launches read tensors inline
 * (their ``reads``), through their ``older`` and ``newer`` slots */
extern PyObject *tf_inline;
extern PyObject *tf_checked_launches; /* launch_rules.checked_launches: (kernel, *items) */
/* backends.current as tilert defines it (its cache a functools.cache) and backends._chosen, the
 * one backend it returns while cached (its cache_clear empties the list): while the module's
 * ``current`` is still that function, a launch reads the backend there without a call */
extern PyObject *tf_backend_current, *tf_backend_chosen;

/* slot offsets, read from the classes' member descriptors */
extern Py_ssize_t tf_T_shape, tf_T_borrows, tf_T_exclusive, tf_T_dtype, tf_T_writer,
    tf_T_launch_view;
/* Tensor._family: not None for a view or a tensor with views, whose borrows are checked by
 * region against each other (ownership.Family). The C takes no borrow of such a tensor: it
 * leaves them to the Python, reading this slot under the borrow lock (views are made under it). */
extern Py_ssize_t tf_T_family;
/* The inline borrows of the common launch (ownership.PartitionHolder, docs/decisions.md "Async",
 * round 7): a tensor's ``_owner``, the partition holder holding it exclusively outside its
 * table, and ``_readers``, how many reads holders in ownership.INLINE hold of it; a partition
 * holder's ``reads`` (the launch's values: the tensors among them it reads), ``reading`` and
 * ``writing`` (what its borrows say where a table is made of them). */
extern Py_ssize_t tf_T_owner, tf_T_readers, tf_H_reads, tf_H_reading, tf_H_writing, tf_H_newer,
    tf_H_older;
extern Py_ssize_t tf_P_tile_shape, tf_P_grid, tf_P_tensor, tf_P_mapping, tf_P_consumed_at,
    tf_P_consumer, tf_P_holder, tf_P_made_at;
extern Py_ssize_t tf_H_label, tf_H_where, tf_H_group, tf_H_held, tf_H_tensor;
/* an op of a kernel's launch has its kernel and grid (None and () for other ops) and no step
 * made (_made_steps None) until the Python asks for it */
extern Py_ssize_t tf_O_label, tf_O_holders, tf_O_made_steps, tf_O_kernel, tf_O_grid,
    tf_O_outputs, tf_O_origin, tf_O_state, tf_O_into, tf_O_ran_at;
extern Py_ssize_t tf_ST_handle, tf_ST_sync, tf_ST_launched, tf_ST_completed;
extern Py_ssize_t tf_PN_label, tf_PN_stream, tf_PN_where, tf_PN_ticket, tf_PN_holders,
    tf_PN_outputs, tf_PN_releases, tf_PN_waited;
extern Py_ssize_t tf_TK_done, tf_TK_error, tf_TK_launched, tf_TK_run, tf_TK_seq;

/* interned names and constants */
extern PyObject *tf_s_created, *tf_s_synced, *tf_s_submitted, *tf_s_partitioned, *tf_s_partition,
    *tf_s_empty, *tf_empty_tuple;
extern PyObject *tf_a_launch_error, *tf_a_fast_plan, *tf_a_fast_launch, *tf_a_current,
    *tf_a_default, *tf_a_kernel, *tf_a_keep_error, *tf_a_torch_stream, *tf_a_launch;

/* The compiled kernel launched last, with its plan (sync.c sets both, kernel_call.c reads them:
 * a kernel's plan, once set, never changes) */
extern PyObject *tf_memo_kernel, *tf_memo_plan;

/* forget(): drop every memo that holds a user's object (a kernel, whose function holds its
 * module's globals; a backend), so that nothing of tilert's keeps a script's module alive as the
 * interpreter exits (tilert/_accel.py calls it then): launch.c's and signature.c's parts */
void tf_forget_launch(void);
void tf_forget_signature(void);

/* -- what the fast methods share (slot access here, the rest in common.c) ----------------- */
#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* (inline: every launch calls these, from every file; forced, as the compiler kept a call to
 * tf_set_slot in the largest functions, a tenth of kernel_call's own time in the profile) */
#if defined(__GNUC__)
#define TF_INLINE static inline __attribute__((always_inline))
#else
#define TF_INLINE static inline
#endif

TF_INLINE void tf_set_slot(PyObject *obj, Py_ssize_t off, PyObject *value) {
    PyObject *old = SLOT(obj, off);
    Py_XINCREF(value);
    SLOT(obj, off) = value;
    Py_XDECREF(old);
}

static inline PyObject *tf_new_instance(PyTypeObject *type) {
    return type->tp_alloc(type, 0); /* slots NULL until filled; not __init__ */
}

/* Out of the cyclic garbage collector: the bookkeeping of a launch (its holders and their lists,
 * its values, its consumed partition, the written tensor's last-writer tuple, its Ticket and
 * Pending). Work in flight keeps a batch of these alive, and the collector's young generation
 * scanned them again and again: measured, most of what a submitted op cost more than a synced
 * one (docs/decisions.md, "Async": the collector). Untracked objects are still freed by their
 * reference counts; only a reference cycle through them would go unfound, and the only ones are
 * a tensor's borrow table and its holders, which the release of the borrows breaks: by sync,
 * wait, or the finalizer of whatever still holds them (an unconsumed partition, an unrun op, a
 * Pending never waited on, a chain, a graph), all left tracked but the Pending, whose references
 * (its stream, outputs and holders) lead to no object of the user's on this path. */
static inline void tf_untrack(PyObject *obj) {
    if (obj != NULL && PyObject_IS_GC(obj)) PyObject_GC_UnTrack(obj);
}

static inline void tf_untrack_bookkeeping(PyObject *holder, PyObject *held) {
    tf_untrack(holder);
    tf_untrack(held);
}

/* Join and leave the ring of ownership.INLINE (its _join_inline, _leave_inline), under the
 * borrow lock: slot stores, no lookup. The ring's references move with its links: joining,
 * the old last's link to the head and the head's to the old last become ``h``'s own (and the two
 * links to ``h`` its two new references); leaving, the reverse. So only ``h``'s count and the
 * Nones it held or holds change, with no pair of count changes per store (tf_set_slot). The
 * slots of a holder out of the ring are None. */
static inline void tf_join_inline(PyObject *h) {
    PyObject *last = SLOT(tf_inline, tf_H_older);
    PyObject *was_older = SLOT(h, tf_H_older), *was_newer = SLOT(h, tf_H_newer);
    SLOT(h, tf_H_older) = last;                   /* the head's reference to it, moved */
    SLOT(h, tf_H_newer) = SLOT(last, tf_H_newer); /* the head: last's reference, moved */
    Py_INCREF(h);
    SLOT(last, tf_H_newer) = h;
    Py_INCREF(h);
    SLOT(tf_inline, tf_H_older) = h;
    Py_XDECREF(was_older);
    Py_XDECREF(was_newer);
}

static inline void tf_leave_inline(PyObject *h) {
    PyObject *older = SLOT(h, tf_H_older), *newer = SLOT(h, tf_H_newer);
    if (older != NULL && older != Py_None && newer != NULL && newer != Py_None) {
        /* h's references to its neighbours move to their links to each other, and theirs to
         * h go (h is still held by whoever releases it) */
        SLOT(older, tf_H_newer) = newer;
        SLOT(newer, tf_H_older) = older;
        Py_INCREF(Py_None);
        SLOT(h, tf_H_older) = Py_None;
        Py_INCREF(Py_None);
        SLOT(h, tf_H_newer) = Py_None;
        Py_DECREF(h);
        Py_DECREF(h);
        return;
    }
    tf_set_slot(h, tf_H_older, Py_None);
    tf_set_slot(h, tf_H_newer, Py_None);
}

/* The ints 0 to TF_SMALL_INTS - 1 (module.c: CPython's shared small ints, kept by install): a
 * plan's kinds (0, 1, 2) and the counts tf_set_long stores, without a call to make them */
#define TF_SMALL_INTS 64
extern PyObject *tf_kinds[TF_SMALL_INTS];

/* An int slot (a tensor's exclusive and reader counts, a stream's launch numbers): read in
 * place where it is an exact int of one digit (every count, and a launch number below 2**30),
 * else by PyLong_AsLong (PyLong_AsLongAndOverflow was a measured 2% of a submitted launch). */
static inline int tf_get_long(PyObject *obj, Py_ssize_t off, long *out) {
    PyObject *v = SLOT(obj, off);
    if (v == NULL) {
        PyErr_SetString(PyExc_AttributeError, "tilert._fast: an int slot is unset");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(v) && PyUnstable_Long_IsCompact((PyLongObject *)v)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)v);
        return 0;
    }
#else
    if (PyLong_CheckExact(v)) {
        Py_ssize_t size = Py_SIZE(v);
        if (size == 0 || size == 1 || size == -1) {
            *out = (long)size * (long)((PyLongObject *)v)->ob_digit[0];
            return 0;
        }
    }
#endif
    *out = PyLong_AsLong(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static inline int tf_set_long(PyObject *obj, Py_ssize_t off, long value) {
    if (value >= 0 && value < TF_SMALL_INTS) { /* (a count: one of the kept ints) */
        tf_set_slot(obj, off, tf_kinds[value]);
        return 0;
    }
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    tf_set_slot(obj, off, v);
    Py_DECREF(v);
    return 0;
}

/* Whether the context variable holds a non-empty value: -1 on error. (The hand-off and the
 * capture default to the empty tuple: answered without a truth test.) */
static inline int tf_var_is_set(PyObject *var) {
    PyObject *value = NULL;
    if (PyContextVar_Get(var, NULL, &value) < 0) return -1;
    int set = value != NULL && value != Py_None &&
              !(PyTuple_CheckExact(value) && PyTuple_GET_SIZE(value) == 0) &&
              PyObject_IsTrue(value);
    Py_XDECREF(value);
    return set;
}

/* ``file:line`` of the user's code calling this C function, if formatted before; else NULL. */
PyObject *tf_callsite(void);
/* The borrow (exclusive, what, where): a plain tuple. */
PyObject *tf_make_borrow(int exclusive, PyObject *what, PyObject *where);
/* The Python method ``fn`` called as self.method(*args, **kwargs): the reference. */
PyObject *tf_slow(PyObject *fn, PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                  PyObject *kwnames);

/* What each parameter of a kernel's ``_fast_plan`` is (kernel_call.c, sync.c) */
enum { MUTABLE = 0, SHARED = 1, SCALAR = 2, MAX_PARAMS = 64 };

/* Whether Op and Pending are one record (ops._Record; install checks their layouts): then the
 * submit of an op nothing else holds turns the op itself into its Pending (submit.c) */
extern int tf_op_record;

/* The kind of a plan's entry (its first item): the small int compared by identity, else read. */
static inline long tf_kind(PyObject *entry) {
    PyObject *kind = PyTuple_GET_ITEM(entry, 0);
    for (long k = 0; k < 3; k++)
        if (kind == tf_kinds[k]) return k;
    return PyLong_AsLong(kind);
}

/* Whether a launch's signature is in tf_checked_launches (signature.c): 1 yes, 0 no (the Python
 * checks it first), -1 on an error. ``params``: the plan's per-parameter entries. */
int tf_launch_checked(PyObject *kernel, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *params);

/* -- a fast launch (launch.c), what Op.sync and Op.submit share ------------------------- */
/* A compiled specialization's direct launch (direct.c, tilert/cutile/direct.py's Direct): its
 * function, block, shared memory and layout (one (kind, value) per launch argument) */
typedef struct {
    PyObject *direct, *layout; /* owned; direct NULL: none */
    void *function;
    unsigned block[3], smem;
} TfDirect;

typedef struct {
    PyObject *stream, *compiled, *ckernel, *launch, *launch_args; /* owned */
    PyObject *backend, *holders, *kernel, *values, *grid,  /* borrowed */
        *written, *handle, *sync;
    TfDirect direct; /* owned */
} TfLaunch;

/* direct.c: a Direct's fields read into ``d`` (1; 0 where it has none this file launches), their
 * release, the launch (1 launched, 0 not: ct.launch then runs, nothing changed), and the count
 * of direct launches (the module's direct_launches()) */
int tf_direct_read(PyObject *direct, TfDirect *d);
void tf_direct_clear(TfDirect *d);
int tf_direct_launch(TfLaunch *l);
PyObject *tf_direct_launches(PyObject *module, PyObject *unused);
/* launch.c: a direct launch the driver refused: its kernel launches through ct.launch from now on */
void tf_direct_forget(TfLaunch *l);

/* Check an op for the fast launch and make its arguments: 1 with ``l`` filled (release it with
 * tf_launch_clear), 0 where the Python must run (nothing changed), -1 on an error. ``stream``:
 * the one asked for, or NULL for the current one. */
int tf_launch_prepare(PyObject *self, PyObject *stream, TfLaunch *l);
void tf_launch_clear(TfLaunch *l);
/* Issue it under the queue lock: the launch number (a new reference; NULL on an error before the
 * launch), the launch's converted error left in ``*failure`` (a new reference or NULL). */
PyObject *tf_launch_issue(TfLaunch *l, long *launched, PyObject **failure);
/* A function of the CUDA driver library, if a library of this process loaded it already (never
 * loads it), else NULL */
void *tf_driver_symbol(const char *name);
/* cuStreamSynchronize, or the stream's Python synchronizer: -1 with an exception on failure */
int tf_synchronize(PyObject *handle, PyObject *python_sync);
/* ownership.release_holders of holders that hold only tensors (tf_holds_tensors) */
int tf_release_holders(PyObject *holders);
int tf_holds_tensors(PyObject *holders);
/* Raise ``error`` (a reference stolen) with its own traceback. */
void tf_raise(PyObject *error);

/* -- the fast methods, as the classes get them (module.c makes their descriptors) ---------- */
PyObject *tf_tensor_partition(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames);
PyObject *tf_kernel_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames);
PyObject *tf_kernel_tp_call(PyObject *self, PyObject *args, PyObject *kwargs);
PyObject *tf_op_sync(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *tf_op_submit(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames);
PyObject *tf_pending_wait(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames);
PyObject *tf_pending_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames);
PyObject *tf_op_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames);
PyObject *tf_partition_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames);
/* set_finalizers(): the module function (finalize.c) */
PyObject *tf_set_finalizers(PyObject *module, PyObject *unused);
/* dlpack_hooks(release): the module function (dlpack.c) */
PyObject *tf_dlpack_hooks(PyObject *module, PyObject *release);

#endif /* TILERT_FAST_H */
