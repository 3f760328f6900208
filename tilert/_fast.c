/* The launch fast path: C versions of the four calls a launch loop makes,
 *
 *     add(z.partition((n,)), x, y).sync()
 *
 * (Tensor.partition, Kernel.__call__, Op.sync and the __del__ of the op and the partition) for
 * the common, valid case only. Each checks the preconditions of that case first and, if any
 * fails, calls the Python method it replaces, before it has changed anything: that method is
 * the reference, and the only code that decides an error or formats a message. The objects made
 * here are the Python classes' own (their __slots__ filled as their __init__ fills them), so
 * everything else in tilert sees no difference. tilert/_accel.py installs these; setting
 * TILERT_PURE_PYTHON=1 leaves them out. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#if defined(__linux__)
#include <dlfcn.h>
#endif

#if PY_VERSION_HEX >= 0x030B0000
#define FRAME_LASTI(frame) PyFrame_GetLasti(frame)
#else
#include <frameobject.h>
#define FRAME_LASTI(frame) ((frame)->f_lasti)
#endif

/* -- the borrow and queue locks ------------------------------------------------------------ */
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

static int lock_try(FastLock *self, unsigned long me) {
    if (self->count == 0) {
        self->owner = me;
        self->count = 1;
        return 1;
    }
    if (self->owner == me) {
        self->count++;
        return 1;
    }
    return 0;
}

static int lock_take(FastLock *self) {
    unsigned long me = PyThread_get_thread_ident();
    if (lock_try(self, me)) return 0;
    self->waiters++;
    do { /* (a post may come before the wait, or for a waiter another thread overtook) */
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->wake, WAIT_LOCK);
        Py_END_ALLOW_THREADS
        self->posted = 0;
    } while (!lock_try(self, me));
    self->waiters--;
    return 0;
}

static int lock_give(FastLock *self) {
    if (self->count == 0 || self->owner != PyThread_get_thread_ident()) {
        PyErr_SetString(PyExc_RuntimeError, "cannot release un-acquired lock");
        return -1;
    }
    if (--self->count == 0) {
        self->owner = 0;
        if (self->waiters > 0 && !self->posted) {
            self->posted = 1;
            PyThread_release_lock(self->wake);
        }
    }
    return 0;
}

static PyObject *FastLock_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "RLock() takes no arguments");
        return NULL;
    }
    FastLock *self = (FastLock *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    if ((self->wake = PyThread_allocate_lock()) == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    PyThread_acquire_lock(self->wake, NOWAIT_LOCK); /* no wake-up pending */
    return (PyObject *)self;
}

static void FastLock_dealloc(FastLock *self) {
    if (self->wake != NULL) PyThread_free_lock(self->wake);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *FastLock_acquire(FastLock *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "acquire([blocking])");
        return NULL;
    }
    int blocking = nargs == 0 ? 1 : PyObject_IsTrue(args[0]);
    if (blocking < 0) return NULL;
    if (!blocking) return PyBool_FromLong(lock_try(self, PyThread_get_thread_ident()));
    lock_take(self);
    Py_RETURN_TRUE;
}

static PyObject *FastLock_release(FastLock *self, PyObject *unused) {
    if (lock_give(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *FastLock_exit(FastLock *self, PyObject *const *args, Py_ssize_t nargs) {
    if (lock_give(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef FastLock_methods[] = {
    {"acquire", (PyCFunction)(void (*)(void))FastLock_acquire, METH_FASTCALL,
     "acquire(blocking=True, /)\n--\n\nTake the lock (again, if this thread holds it)."},
    {"release", (PyCFunction)FastLock_release, METH_NOARGS, "Give the lock back once."},
    {"__enter__", (PyCFunction)(void (*)(void))FastLock_acquire, METH_FASTCALL, NULL},
    {"__exit__", (PyCFunction)(void (*)(void))FastLock_exit, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FastLockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tilert._fast.RLock",
    .tp_basicsize = sizeof(FastLock),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A re-entrant lock the C launch path takes directly (threading.RLock's use).",
    .tp_new = FastLock_new,
    .tp_dealloc = (destructor)FastLock_dealloc,
    .tp_methods = FastLock_methods,
};


/* -- what install() is given ------------------------------------------------------------ */
static PyTypeObject *TensorType, *PartitionType, *PartitionHolderType, *OpHolderType, *OpType,
    *LaunchStepType, *StreamType;
static PyObject *py_partition, *py_kernel_call, *py_op_sync, *py_op_del, *py_partition_del;
static FastLock *borrow_lock, *queue_lock;
static PyObject *handoff_var, *capture_var, *stream_var, *streams_module, *backends_module;
static PyObject *tilings, *inside_files, *formatted_sites, *launchable_grids;

/* slot offsets, read from the classes' member descriptors */
static Py_ssize_t T_shape, T_borrows, T_exclusive, T_dtype, T_writer, T_launch_view;
static Py_ssize_t P_tile_shape, P_grid, P_tensor, P_mapping, P_consumed_at, P_consumer, P_holder;
static Py_ssize_t H_label, H_where, H_group, H_held, H_tensor;
static Py_ssize_t O_label, O_holders, O_steps, O_outputs, O_origin, O_state, O_into;
static Py_ssize_t S_grid, S_kernel, S_values;
static Py_ssize_t ST_handle, ST_sync, ST_launched, ST_completed;

/* interned names and constants */
static PyObject *s_created, *s_submitted, *s_partitioned, *s_partition, *s_cutile;
static PyObject *a_launch_error, *a_fast_plan, *a_cache, *a_launch, *a_name, *a_current, *a_default, *a_kernel;

/* the backend of the last fast sync, with what a launch needs of it (it never changes) */
static PyObject *last_backend, *last_cache, *last_launch;
/* and its compiled kernel launched last, with the rank of its partition */
static PyObject *memo_kernel, *memo_plan, *memo_compiled, *memo_ckernel;
static Py_ssize_t memo_rank;

#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

static void set_slot(PyObject *obj, Py_ssize_t off, PyObject *value) {
    PyObject *old = SLOT(obj, off);
    Py_XINCREF(value);
    SLOT(obj, off) = value;
    Py_XDECREF(old);
}

static int slot_offset(PyTypeObject *type, const char *name, Py_ssize_t *out) {
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL) return -1;
    if (!PyObject_TypeCheck(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a __slots__ member", type->tp_name, name);
        Py_DECREF(descr);
        return -1;
    }
    *out = ((PyMemberDescrObject *)descr)->d_member->offset;
    Py_DECREF(descr);
    return 0;
}

static PyObject *new_instance(PyTypeObject *type) {
    return type->tp_alloc(type, 0); /* slots NULL until filled; not __init__ */
}

/* An int slot (a tensor's exclusive count, a stream's launch numbers). */
static int get_long(PyObject *obj, Py_ssize_t off, long *out) {
    PyObject *v = SLOT(obj, off);
    if (v == NULL) {
        PyErr_SetString(PyExc_AttributeError, "tilert._fast: an int slot is unset");
        return -1;
    }
    *out = PyLong_AsLong(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int set_long(PyObject *obj, Py_ssize_t off, long value) {
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    set_slot(obj, off, v);
    Py_DECREF(v);
    return 0;
}

/* Whether the context variable holds a non-empty value: -1 on error. */
static int var_is_set(PyObject *var) {
    PyObject *value = NULL;
    if (PyContextVar_Get(var, NULL, &value) < 0) return -1;
    int set = value != NULL && value != Py_None && PyObject_IsTrue(value);
    Py_XDECREF(value);
    return set;
}

/* ``file:line`` of the Python code calling this C function, as tilert._where formats it, when
 * that code is the user's and its site was formatted before; else NULL (the slow path then
 * finds and caches it). Never sets an exception. Remembered per (code, instruction): a loop's
 * launches come from a few sites, and an instruction's line never changes. */
#define SITES 64
static struct {
    PyObject *code, *text;
    int lasti;
} sites[SITES];

static PyObject *callsite(void) {
    PyFrameObject *frame = PyEval_GetFrame();
    if (frame == NULL) return NULL;
    PyCodeObject *code = PyFrame_GetCode(frame);
    int lasti = FRAME_LASTI(frame);
    size_t slot = (((uintptr_t)code >> 4) ^ (uintptr_t)lasti) % SITES;
    PyObject *text = NULL;
    if (sites[slot].code == (PyObject *)code && sites[slot].lasti == lasti) {
        text = sites[slot].text;
        Py_INCREF(text);
    } else if (PyDict_GetItemWithError(inside_files, code->co_filename) == Py_False) {
        PyObject *line = PyLong_FromLong(PyFrame_GetLineNumber(frame));
        PyObject *key = line == NULL ? NULL : PyTuple_Pack(2, code->co_filename, line);
        if (key != NULL && (text = PyDict_GetItemWithError(formatted_sites, key)) != NULL) {
            Py_INCREF(text);
            Py_INCREF(code);
            Py_XSETREF(sites[slot].code, (PyObject *)code);
            Py_INCREF(text);
            Py_XSETREF(sites[slot].text, text);
            sites[slot].lasti = lasti;
        }
        Py_XDECREF(key);
        Py_XDECREF(line);
    }
    Py_DECREF(code);
    PyErr_Clear();
    return text;
}

/* The borrow (exclusive, what, where): a plain tuple, remembered per (what, where), as a loop
 * makes the same ones every time. */
static struct {
    PyObject *what, *where, *borrow;
} borrows_made[SITES];

static PyObject *make_borrow(int exclusive, PyObject *what, PyObject *where) {
    size_t slot = (((uintptr_t)what >> 4) ^ ((uintptr_t)where >> 4) ^ (size_t)exclusive) % SITES;
    PyObject *b = borrows_made[slot].borrow;
    if (b != NULL && borrows_made[slot].what == what && borrows_made[slot].where == where &&
        (PyTuple_GET_ITEM(b, 0) == Py_True) == (exclusive != 0)) {
        Py_INCREF(b);
        return b;
    }
    if ((b = PyTuple_Pack(3, exclusive ? Py_True : Py_False, what, where)) == NULL) return NULL;
    Py_INCREF(what);
    Py_XSETREF(borrows_made[slot].what, what);
    Py_INCREF(where);
    Py_XSETREF(borrows_made[slot].where, where);
    Py_INCREF(b);
    Py_XSETREF(borrows_made[slot].borrow, b);
    return b;
}

/* Release a lock on an error path, the pending exception kept. */
static void unlock_keeping_error(FastLock *lock) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (lock_give(lock) < 0) PyErr_Clear();
    PyErr_Restore(type, value, tb);
}

/* The Python method ``fn`` called as self.method(*args, **kwargs): the reference. */
static PyObject *slow(PyObject *fn, PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames) {
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *small[8];
    PyObject **stack = small;
    if (nargs + nkw + 1 > 8) {
        stack = PyMem_Malloc((nargs + nkw + 1) * sizeof(PyObject *));
        if (stack == NULL) return PyErr_NoMemory();
    }
    stack[0] = self;
    for (Py_ssize_t i = 0; i < nargs + nkw; i++) stack[i + 1] = args[i];
    PyObject *r = PyObject_Vectorcall(fn, stack, nargs + 1, kwnames);
    if (stack != small) PyMem_Free(stack);
    return r;
}

/* The last tiling looked up: (tensor shape, tile shape as given) -> (tile shape, grid) */
static PyObject *memo_shape, *memo_tile, *memo_tiling;

/* Whether two tuples hold the same exact ints (a tile shape given as before). */
static int tuple_of_ints_equal(PyObject *a, PyObject *b) {
    if (b == NULL || !PyTuple_CheckExact(b) || PyTuple_GET_SIZE(a) != PyTuple_GET_SIZE(b))
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a); i++) {
        PyObject *x = PyTuple_GET_ITEM(a, i), *y = PyTuple_GET_ITEM(b, i);
        if (!PyLong_CheckExact(x) || !PyLong_CheckExact(y)) return 0;
        if (x != y && PyObject_RichCompareBool(x, y, Py_EQ) != 1) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* An int, or a tuple of ints, of exactly type int: what tilert.tensor._tiling caches. */
static int plain_tile(PyObject *tile) {
    if (PyLong_CheckExact(tile)) return 1;
    if (!PyTuple_CheckExact(tile)) return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tile); i++)
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(tile, i))) return 0;
    return 1;
}

/* -- Tensor.partition ---------------------------------------------------------------------- */
/* A partition of a tensor nobody borrows, with a tile shape this tensor's shape was tiled by
 * before (the tiling cache), outside any chain or graph, from user code seen before. */
static PyObject *tensor_partition(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames) {
    PyObject *key = NULL, *found = NULL, *where = NULL, *holder = NULL, *held = NULL,
             *borrow = NULL, *part = NULL, *borrows, *shape;
    long exclusive;
    int handoff;
    if (nargs != 1 || kwnames != NULL || Py_TYPE(self) != TensorType) goto fallback;
    if ((handoff = var_is_set(handoff_var)) != 0) {
        if (handoff < 0) return NULL;
        goto fallback;
    }
    shape = SLOT(self, T_shape);
    borrows = SLOT(self, T_borrows);
    if (shape == NULL || borrows == NULL || !PyDict_CheckExact(borrows)) goto fallback;
    if (shape == memo_shape && (args[0] == memo_tile || (PyTuple_CheckExact(args[0]) &&
                                                         tuple_of_ints_equal(args[0], memo_tile)))) {
        found = memo_tiling; /* the same tiling as the last partition's */
    } else {
        if (!plain_tile(args[0])) goto fallback; /* only plain ints are cached (see _tiling) */
        if ((key = PyTuple_Pack(2, shape, args[0])) == NULL) return NULL;
        found = PyDict_GetItemWithError(tilings, key); /* borrowed */
        Py_CLEAR(key);
        if (found == NULL) {
            PyErr_Clear(); /* a miss, or an unhashable tile shape: the slow path checks it */
            goto fallback;
        }
        Py_INCREF(shape);
        Py_XSETREF(memo_shape, shape);
        Py_INCREF(args[0]);
        Py_XSETREF(memo_tile, args[0]);
        Py_INCREF(found);
        Py_XSETREF(memo_tiling, found);
    }
    Py_INCREF(found);
    if ((where = callsite()) == NULL) goto fallback;
    /* everything the partition is made of, before the borrow is taken */
    if ((holder = new_instance(PartitionHolderType)) == NULL) goto error;
    if ((held = PyList_New(1)) == NULL) goto error;
    Py_INCREF(self);
    PyList_SET_ITEM(held, 0, self);
    set_slot(holder, H_label, s_partition);
    set_slot(holder, H_where, where);
    set_slot(holder, H_group, Py_None);
    set_slot(holder, H_held, held);
    set_slot(holder, H_tensor, self);
    if ((borrow = make_borrow(1, s_partitioned, where)) == NULL) goto error;
    if ((part = new_instance(PartitionType)) == NULL) goto error;

    lock_take(borrow_lock);
    if (PyDict_GET_SIZE(borrows) != 0) {
        lock_give(borrow_lock);
        Py_CLEAR(part);
        goto fallback; /* borrowed: the slow path raises (or allows a chain's) */
    }
    if (get_long(self, T_exclusive, &exclusive) < 0 ||
        PyDict_SetItem(borrows, holder, borrow) < 0) {
        unlock_keeping_error(borrow_lock);
        goto error;
    }
    set_long(self, T_exclusive, exclusive + 1);
    lock_give(borrow_lock);

    set_slot(part, P_tile_shape, PyTuple_GET_ITEM(found, 0));
    set_slot(part, P_grid, PyTuple_GET_ITEM(found, 1));
    set_slot(part, P_tensor, self);
    set_slot(part, P_mapping, Py_None);
    set_slot(part, P_consumed_at, Py_None);
    set_slot(part, P_consumer, Py_None);
    set_slot(part, P_holder, holder);
    goto done;

error:
    Py_CLEAR(part);
done:
    Py_XDECREF(found);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(borrow);
    return part;

fallback:
    Py_XDECREF(found);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(borrow);
    return slow(py_partition, self, args, nargs, kwnames);
}

/* -- Kernel.__call__ ----------------------------------------------------------------------- */
/* A kernel's ``_fast_plan`` (set by its first call, once its names resolve) is its op's label,
 * its borrows' labels (reading, writing) and, per parameter, (0, dtype) for Mutable, (1, dtype)
 * for Shared, (2, accepted types) for a scalar. The fast path takes launches with exactly one
 * Mutable partition, unmapped, on a grid checked before, positional arguments only, outside any
 * chain or graph: a launch loop's launches. */
enum { MUTABLE = 0, SHARED = 1, SCALAR = 2, MAX_PARAMS = 64 };

static PyObject *kernel_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames) {
    PyObject *plan = NULL, *where = NULL, *part = NULL, *shared[MAX_PARAMS];
    PyObject *holder = NULL, *held = NULL, *holders = NULL, *step = NULL, *steps = NULL,
             *values = NULL, *op = NULL, *writing_borrow = NULL, *reading_borrow = NULL;
    Py_ssize_t nshared = 0;
    int handoff;
    if (kwnames != NULL || nargs > MAX_PARAMS) goto fallback;
    if (self == memo_kernel) { /* (a kernel's plan, once set, never changes) */
        plan = memo_plan;
        Py_INCREF(plan);
    } else if ((plan = PyObject_GetAttr(self, a_fast_plan)) == NULL) {
        PyErr_Clear(); /* first call: the slow path validates and sets the plan */
        goto fallback;
    }
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 4) goto fallback;
    PyObject *label = PyTuple_GET_ITEM(plan, 0), *reading = PyTuple_GET_ITEM(plan, 1),
             *writing = PyTuple_GET_ITEM(plan, 2), *params = PyTuple_GET_ITEM(plan, 3);
    if (PyTuple_GET_SIZE(params) != nargs) goto fallback;
    if ((handoff = var_is_set(handoff_var)) != 0) {
        if (handoff < 0) goto error;
        goto fallback;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *entry = PyTuple_GET_ITEM(params, i), *v = args[i];
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        PyObject *want = PyTuple_GET_ITEM(entry, 1);
        if (kind == MUTABLE) {
            if (part != NULL || Py_TYPE(v) != PartitionType) goto fallback;
            if (SLOT(v, P_consumed_at) != Py_None || SLOT(v, P_mapping) != Py_None) goto fallback;
            PyObject *t = SLOT(v, P_tensor);
            if (Py_TYPE(t) != TensorType || SLOT(t, T_dtype) != want) goto fallback;
            part = v;
        } else if (kind == SHARED) {
            if (Py_TYPE(v) != TensorType || SLOT(v, T_dtype) != want) goto fallback;
            PyObject *borrows = SLOT(v, T_borrows);
            if (borrows == NULL || !PyDict_CheckExact(borrows)) goto fallback;
            shared[nshared++] = v;
        } else {
            int ok = PyObject_IsInstance(v, want);
            if (ok < 0) goto error;
            if (!ok) goto fallback;
        }
    }
    if (part == NULL) goto fallback; /* the grid comes from grid=: the slow path checks it */
    PyObject *tensor = SLOT(part, P_tensor), *grid = SLOT(part, P_grid),
             *part_holder = SLOT(part, P_holder), *part_borrows = SLOT(tensor, T_borrows);
    if (part_borrows == NULL || !PyDict_CheckExact(part_borrows)) goto fallback;
    for (Py_ssize_t i = 0; i < nshared; i++)
        if (shared[i] == tensor) goto fallback; /* aliasing: the slow path raises */
    int known = PySet_Contains(launchable_grids, grid);
    if (known <= 0) {
        if (known < 0) goto error;
        goto fallback;
    }
    if ((where = callsite()) == NULL) goto fallback;

    /* everything the op is made of, before any borrow is taken */
    if ((holder = new_instance(OpHolderType)) == NULL) goto error;
    if ((held = PyList_New(nshared)) == NULL) goto error;
    for (Py_ssize_t i = 0; i < nshared; i++) {
        Py_INCREF(shared[i]);
        PyList_SET_ITEM(held, i, shared[i]);
    }
    set_slot(holder, H_label, label);
    set_slot(holder, H_where, where);
    set_slot(holder, H_group, Py_None);
    set_slot(holder, H_held, held);
    if ((values = PyTuple_New(nargs)) == NULL) goto error;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SET_ITEM(values, i, args[i]);
    }
    if ((reading_borrow = make_borrow(0, reading, where)) == NULL) goto error;
    if ((writing_borrow = make_borrow(1, writing, where)) == NULL) goto error;
    if ((holders = PyList_New(2)) == NULL) goto error;
    Py_INCREF(holder);
    PyList_SET_ITEM(holders, 0, holder);
    Py_INCREF(part_holder);
    PyList_SET_ITEM(holders, 1, part_holder);
    if ((step = new_instance(LaunchStepType)) == NULL) goto error;
    set_slot(step, S_kernel, self);
    set_slot(step, S_values, values);
    set_slot(step, S_grid, grid);
    if ((steps = PyTuple_Pack(1, step)) == NULL) goto error;
    if ((op = new_instance(OpType)) == NULL) goto error;

    lock_take(borrow_lock);
    for (Py_ssize_t i = 0; i < nshared; i++) {
        PyObject *exclusive = SLOT(shared[i], T_exclusive);
        if (exclusive == NULL || !PyLong_CheckExact(exclusive) || PyObject_IsTrue(exclusive)) {
            lock_give(borrow_lock); /* someone writes it: the slow path raises */
            Py_CLEAR(op);
            goto fallback;
        }
    }
    int present = PyDict_Contains(part_borrows, part_holder);
    if (present < 0) goto error_locked;
    for (Py_ssize_t i = 0; i < nshared; i++) {
        if (PyDict_SetItem(SLOT(shared[i], T_borrows), holder, reading_borrow) < 0) {
            for (Py_ssize_t j = 0; j < i; j++) /* (out of memory) give back the reads taken */
                if (PyDict_DelItem(SLOT(shared[j], T_borrows), holder) < 0) PyErr_Clear();
            goto error_locked;
        }
    }
    /* the partition is consumed: its exclusive borrow now reads as the op's */
    if (present) PyDict_SetItem(part_borrows, part_holder, writing_borrow); /* (a replace) */
    set_slot(part, P_consumed_at, where);
    set_slot(part, P_consumer, holder);
    lock_give(borrow_lock);

    set_slot(op, O_label, label);
    set_slot(op, O_holders, holders);
    set_slot(op, O_steps, steps);
    set_slot(op, O_outputs, values);
    set_slot(op, O_origin, Py_None);
    set_slot(op, O_state, s_created);
    set_slot(op, O_into, Py_None);
    goto done;

error_locked:
    unlock_keeping_error(borrow_lock);
error:
    Py_CLEAR(op);
done:
    Py_XDECREF(plan);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(values);
    Py_XDECREF(writing_borrow);
    Py_XDECREF(reading_borrow);
    Py_XDECREF(holders);
    Py_XDECREF(step);
    Py_XDECREF(steps);
    return op;

fallback:
    Py_XDECREF(plan);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(values);
    Py_XDECREF(writing_borrow);
    Py_XDECREF(reading_borrow);
    Py_XDECREF(holders);
    Py_XDECREF(step);
    Py_XDECREF(steps);
    return slow(py_kernel_call, self, args, nargs, kwnames);
}

/* -- releasing an op's borrows ------------------------------------------------------------- */
/* ownership.release_holders for an op of tensors: drop every borrow of each holder. */
static int release_holders(PyObject *holders) {
    int failed = 0;
    lock_take(borrow_lock);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(holders) && !failed; i++) {
        PyObject *holder = PyList_GET_ITEM(holders, i), *held = SLOT(holder, H_held);
        if (held == NULL || !PyList_CheckExact(held)) continue;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held) && !failed; j++) {
            PyObject *t = PyList_GET_ITEM(held, j), *borrows = SLOT(t, T_borrows);
            PyObject *borrow = PyDict_GetItemWithError(borrows, holder);
            if (borrow == NULL) { /* (absent if tr.unsafe.force_release dropped it) */
                failed = PyErr_Occurred() != NULL;
                continue;
            }
            long count;
            int exclusive = PyTuple_GET_ITEM(borrow, 0) == Py_True;
            failed = PyDict_DelItem(borrows, holder) < 0 ||
                     (exclusive && (get_long(t, T_exclusive, &count) < 0 ||
                                    set_long(t, T_exclusive, count - 1) < 0));
        }
        if (!failed) failed = PyList_SetSlice(held, 0, PY_SSIZE_T_MAX, NULL) < 0;
    }
    if (failed) {
        unlock_keeping_error(borrow_lock);
        return -1;
    }
    lock_give(borrow_lock);
    return 0;
}

/* Whether every holder of an op holds only tensors (what release_holders reads by slot). */
static int holds_tensors(PyObject *holders) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(holders); i++) {
        PyObject *holder = PyList_GET_ITEM(holders, i);
        PyTypeObject *type = Py_TYPE(holder);
        if (type != OpHolderType && type != PartitionHolderType) return 0;
        PyObject *held = SLOT(holder, H_held);
        if (held == NULL || !PyList_CheckExact(held)) return 0;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held); j++) {
            PyObject *t = PyList_GET_ITEM(held, j);
            if (Py_TYPE(t) != TensorType || SLOT(t, T_borrows) == NULL ||
                !PyDict_CheckExact(SLOT(t, T_borrows)))
                return 0;
        }
    }
    return 1;
}

/* -- waiting for the GPU ------------------------------------------------------------------- */
/* The driver's cuStreamSynchronize, called directly when the CUDA driver is already loaded (by
 * cuda.bindings); if it fails (no context current on this thread, or a failure to report with
 * its message) the stream's Python synchronizer runs. */
typedef int (*stream_sync_fn)(void *);
static stream_sync_fn cu_stream_sync;
static int driver_state; /* 0: not looked up yet, 1: found, -1: not available */

static void find_driver(void) {
    driver_state = -1;
#if defined(__linux__)
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (lib == NULL) return;
    cu_stream_sync = (stream_sync_fn)dlsym(lib, "cuStreamSynchronize");
    if (cu_stream_sync != NULL) driver_state = 1;
#endif
}

static int synchronize(PyObject *handle, PyObject *python_sync) {
    if (driver_state == 0) find_driver();
    if (driver_state == 1) { /* (without a current context it fails: the Python then runs) */
        void *stream = PyLong_AsVoidPtr(handle);
        if (stream != NULL || !PyErr_Occurred()) {
            int err;
            Py_BEGIN_ALLOW_THREADS
            err = cu_stream_sync(stream);
            Py_END_ALLOW_THREADS
            if (err == 0) return 0;
        }
        PyErr_Clear();
    }
    PyObject *r = PyObject_CallNoArgs(python_sync);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

/* -- Op.sync ------------------------------------------------------------------------------- */
/* A kernel op synced on a GPU stream that launched and synchronized before, its compiled
 * specialization cached and no tensor last written on another stream: CutileBackend.launch
 * and Stream.run_now, without the Python around them. */
static PyObject *op_sync(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
    PyObject *backend = NULL, *current = NULL, *stack = NULL, *stream = NULL, *plan = NULL,
             *launch_args = NULL, *spec = NULL, *key = NULL, *id = NULL, *compiled = NULL,
             *ckernel = NULL, *result = NULL, *written = NULL, *number = NULL;
    PyObject *exc_type = NULL, *exc_value = NULL, *exc_tb = NULL;
    int capturing;
    if (nargs != 0 || kwnames != NULL) goto fallback;
    if ((capturing = var_is_set(capture_var)) != 0) {
        if (capturing < 0) return NULL;
        goto fallback;
    }
    if (SLOT(self, O_state) != s_created || SLOT(self, O_origin) != Py_None) goto fallback;
    PyObject *steps = SLOT(self, O_steps), *holders = SLOT(self, O_holders);
    if (steps == NULL || !PyTuple_CheckExact(steps) || PyTuple_GET_SIZE(steps) != 1) goto fallback;
    if (holders == NULL || !PyList_CheckExact(holders) || !holds_tensors(holders)) goto fallback;
    PyObject *step = PyTuple_GET_ITEM(steps, 0);
    if (Py_TYPE(step) != LaunchStepType) goto fallback;
    PyObject *kernel = SLOT(step, S_kernel), *values = SLOT(step, S_values),
             *grid = SLOT(step, S_grid);

    /* the backend: the GPU's, with its compiled-kernel cache. Where finding it or the stream
     * fails, nothing has changed yet: the Python fails the same way, with its own semantics */
    if ((current = PyObject_GetAttr(backends_module, a_current)) == NULL ||
        (backend = PyObject_CallNoArgs(current)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    if (backend != last_backend) {
        PyObject *name = PyObject_GetAttr(backend, a_name);
        if (name == NULL) {
            PyErr_Clear();
            goto fallback;
        }
        int cutile = PyUnicode_Check(name) && PyUnicode_Compare(name, s_cutile) == 0;
        Py_DECREF(name);
        if (!cutile) goto fallback;
        PyObject *cache = PyObject_GetAttr(backend, a_cache);
        PyObject *launch = cache == NULL ? NULL : PyObject_GetAttr(backend, a_launch);
        if (launch == NULL || !PyDict_CheckExact(cache)) {
            PyErr_Clear();
            Py_XDECREF(cache);
            Py_XDECREF(launch);
            goto fallback;
        }
        Py_XSETREF(last_cache, cache);
        Py_XSETREF(last_launch, launch);
        Py_INCREF(backend);
        Py_XSETREF(last_backend, backend);
        Py_CLEAR(memo_kernel); /* another backend: another cache */
    }
    /* the current stream, already launched on and synchronized once */
    if (PyContextVar_Get(stream_var, NULL, &stack) < 0) goto error;
    if (stack != NULL && PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) > 0) {
        stream = PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1);
        Py_INCREF(stream);
    } else if ((stream = PyObject_GetAttr(streams_module, a_default)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    if (Py_TYPE(stream) != StreamType) goto fallback;
    PyObject *handle = SLOT(stream, ST_handle), *sync = SLOT(stream, ST_sync);
    if (handle == NULL || handle == Py_None || sync == NULL || sync == Py_None) goto fallback;

    /* the launch arguments, as tilert.cutile.backend.launch_arguments makes them: checked and
     * counted first, then filled in */
    if (kernel == memo_kernel) {
        plan = memo_plan;
        Py_INCREF(plan);
    } else if ((plan = PyObject_GetAttr(kernel, a_fast_plan)) == NULL) {
        PyErr_Clear(); /* (a CUDA C++ kernel's op: the slow path) */
        goto fallback;
    }
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 4) goto fallback;
    PyObject *params = PyTuple_GET_ITEM(plan, 3), *part = NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(values), count = 0;
    if (PyTuple_GET_SIZE(params) != n) goto fallback;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i);
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(PyTuple_GET_ITEM(params, i), 0));
        count++;
        if (kind == SCALAR) {
            PyTypeObject *type = Py_TYPE(v);
            if (type != &PyLong_Type && type != &PyFloat_Type && type != &PyBool_Type)
                goto fallback; /* a numpy scalar: launch_arguments takes its item() */
            continue;
        }
        PyObject *t = v;
        if (kind == MUTABLE) {
            if (Py_TYPE(v) != PartitionType || SLOT(v, P_mapping) != Py_None || part != NULL)
                goto fallback;
            part = v;
            t = written = SLOT(v, P_tensor);
            count += PyTuple_GET_SIZE(SLOT(v, P_tile_shape));
        }
        if (Py_TYPE(t) != TensorType) goto fallback;
        PyObject *writer = SLOT(t, T_writer), *view = SLOT(t, T_launch_view);
        if (writer == NULL || (writer != Py_None && (!PyTuple_CheckExact(writer) ||
                                                     PyTuple_GET_ITEM(writer, 0) != stream)))
            goto fallback; /* last written on another stream: wait for that launch first */
        if (view == NULL || view == Py_None) goto fallback; /* (made by the first launch) */
    }
    if (part == NULL) goto fallback;
    Py_ssize_t rank = PyTuple_GET_SIZE(SLOT(part, P_tile_shape));
    if (kernel != memo_kernel || rank != memo_rank) { /* the compiled specialization */
        PyObject *rank_obj = PyLong_FromSsize_t(rank);
        PyObject *entry = rank_obj == NULL ? NULL : PyTuple_Pack(2, rank_obj, Py_False);
        Py_XDECREF(rank_obj);
        spec = entry == NULL ? NULL : PyTuple_Pack(1, entry);
        Py_XDECREF(entry);
        if (spec == NULL) goto error;
        if ((id = PyLong_FromVoidPtr(kernel)) == NULL) goto error;
        if ((key = PyTuple_Pack(2, id, spec)) == NULL) goto error;
        PyObject *found = PyDict_GetItemWithError(last_cache, key);
        if (found == NULL) {
            if (PyErr_Occurred()) goto error;
            goto fallback; /* first launch of this specialization: the slow path compiles it */
        }
        PyObject *found_kernel = PyObject_GetAttr(found, a_kernel);
        if (found_kernel == NULL) { /* not a compiled kernel: the Python reports it */
            PyErr_Clear();
            goto fallback;
        }
        Py_INCREF(found);
        Py_XSETREF(memo_compiled, found);
        Py_XSETREF(memo_ckernel, found_kernel);
        Py_INCREF(plan);
        Py_XSETREF(memo_plan, plan);
        Py_INCREF(kernel);
        Py_XSETREF(memo_kernel, kernel);
        memo_rank = rank;
    }
    compiled = memo_compiled;
    ckernel = memo_ckernel;
    Py_INCREF(compiled);
    Py_INCREF(ckernel);
    if ((launch_args = PyTuple_New(count)) == NULL) goto error;
    for (Py_ssize_t i = 0, at = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i), *item = v;
        if (Py_TYPE(v) == PartitionType) {
            PyObject *tile_shape = SLOT(v, P_tile_shape);
            item = SLOT(SLOT(v, P_tensor), T_launch_view);
            for (Py_ssize_t d = 0; d < PyTuple_GET_SIZE(tile_shape); d++) {
                PyObject *dim = PyTuple_GET_ITEM(tile_shape, d);
                Py_INCREF(dim);
                PyTuple_SET_ITEM(launch_args, at + 1 + d, dim);
            }
        } else if (Py_TYPE(v) == TensorType) {
            item = SLOT(v, T_launch_view);
        }
        Py_INCREF(item);
        PyTuple_SET_ITEM(launch_args, at, item);
        at += Py_TYPE(v) == PartitionType ? 1 + rank : 1;
    }

    /* run: launch on the stream (under the queue lock), synchronize, release the borrows */
    set_slot(self, O_state, s_submitted);
    long launched, completed;
    lock_take(queue_lock);
    if (get_long(stream, ST_launched, &launched) < 0 ||
        (number = PyLong_FromLong(++launched)) == NULL) {
        unlock_keeping_error(queue_lock);
        goto error_unreleased;
    }
    set_slot(stream, ST_launched, number); /* (one int for the number, the writer and the wait) */
    PyObject *call[4] = {handle, grid, ckernel, launch_args};
    PyObject *r = PyObject_Vectorcall(last_launch, call, 4, NULL);
    if (r == NULL) { /* cuTile's error, at the user's line (CutileBackend.launch_error) */
        PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        PyErr_NormalizeException(&exc_type, &exc_value, &exc_tb);
        if (exc_tb != NULL) PyException_SetTraceback(exc_value, exc_tb);
        PyObject *converted = PyObject_CallMethodObjArgs(last_backend, a_launch_error, kernel,
                                                         compiled, exc_value, NULL);
        Py_CLEAR(exc_type);
        Py_CLEAR(exc_value);
        Py_CLEAR(exc_tb);
        if (converted == NULL) {
            PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        } else {
            exc_value = converted;
            exc_type = (PyObject *)Py_TYPE(converted);
            Py_INCREF(exc_type);
        }
    } else {
        Py_DECREF(r);
        PyObject *writer = PyTuple_Pack(2, stream, number);
        if (writer == NULL) {
            PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        } else {
            set_slot(written, T_writer, writer);
            Py_DECREF(writer);
        }
    }
    lock_give(queue_lock);
    if (synchronize(handle, sync) < 0) { /* its error wins, as in Stream.run_now */
        Py_CLEAR(exc_type);
        Py_CLEAR(exc_value);
        Py_CLEAR(exc_tb);
        goto error_unreleased;
    }
    if (get_long(stream, ST_completed, &completed) < 0) goto error_unreleased;
    if (launched > completed) set_slot(stream, ST_completed, number);
    if (release_holders(holders) < 0) goto error;
    if (exc_value != NULL) {
        PyErr_Restore(exc_type, exc_value, exc_tb);
        exc_type = exc_value = exc_tb = NULL;
        goto error;
    }
    result = values;
    Py_INCREF(result);
    goto done;

error_unreleased: /* the borrows go anyway, as _run_and_wait's finally releases them */
    {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (release_holders(holders) < 0) PyErr_Clear();
        PyErr_Restore(type, value, tb);
    }
error:
    Py_CLEAR(result);
done:
    Py_XDECREF(exc_type);
    Py_XDECREF(exc_value);
    Py_XDECREF(exc_tb);
    Py_XDECREF(current);
    Py_XDECREF(backend);
    Py_XDECREF(stack);
    Py_XDECREF(stream);
    Py_XDECREF(plan);
    Py_XDECREF(launch_args);
    Py_XDECREF(spec);
    Py_XDECREF(id);
    Py_XDECREF(key);
    Py_XDECREF(compiled);
    Py_XDECREF(ckernel);
    Py_XDECREF(number);
    return result;

fallback:
    Py_XDECREF(current);
    Py_XDECREF(backend);
    Py_XDECREF(stack);
    Py_XDECREF(stream);
    Py_XDECREF(plan);
    Py_XDECREF(launch_args);
    Py_XDECREF(spec);
    Py_XDECREF(id);
    Py_XDECREF(key);
    return slow(py_op_sync, self, args, nargs, kwnames);
}

/* -- __del__ of an op and of a partition --------------------------------------------------- */
/* Most ops and partitions die run or consumed, with nothing to do: only the others call the
 * Python __del__ (which releases the borrows and, for an op, warns). The classes' __del__ are
 * these, and their finalizers call them directly (see set_finalizers). */
static int op_needs_del(PyObject *self) {
    PyObject *state = SLOT(self, O_state);
    return state != NULL && state != s_submitted;
}

static int partition_needs_del(PyObject *self) { return SLOT(self, P_consumed_at) == Py_None; }

static PyObject *op_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames) {
    if (!op_needs_del(self)) Py_RETURN_NONE;
    return slow(py_op_del, self, args, nargs, kwnames);
}

static PyObject *partition_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames) {
    if (!partition_needs_del(self)) Py_RETURN_NONE;
    return slow(py_partition_del, self, args, nargs, kwnames);
}

/* What the interpreter's finalizer of a class with __del__ does, without looking it up. */
static void finalize_with(PyObject *self, PyObject *del) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyObject *r = PyObject_CallOneArg(del, self);
    if (r == NULL)
        PyErr_WriteUnraisable(del);
    else
        Py_DECREF(r);
    PyErr_Restore(type, value, tb);
}

static void op_finalize(PyObject *self) {
    if (op_needs_del(self)) finalize_with(self, py_op_del);
}

static void partition_finalize(PyObject *self) {
    if (partition_needs_del(self)) finalize_with(self, py_partition_del);
}

static PyObject *set_finalizers(PyObject *module, PyObject *unused) {
    if (OpType == NULL || PartitionType == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "tilert._fast.set_finalizers: install() first");
        return NULL;
    }
    OpType->tp_finalize = op_finalize;
    PartitionType->tp_finalize = partition_finalize;
    Py_RETURN_NONE;
}

/* -- install ------------------------------------------------------------------------------- */
static PyMethodDef fast_methods[] = {
    {"partition", (PyCFunction)(void (*)(void))tensor_partition, METH_FASTCALL | METH_KEYWORDS,
     "partition($self, tile_shape)\n--\n\nBorrow this tensor exclusively, split into "
     "disjoint tiles of ``tile_shape`` (the C fast path of Tensor._partition_python)."},
    {"__call__", (PyCFunction)(void (*)(void))kernel_call, METH_FASTCALL | METH_KEYWORDS,
     "Launch lazily: the Op of this kernel over these arguments (the C fast path of "
     "Kernel._call_python)."},
    {"sync", (PyCFunction)(void (*)(void))op_sync, METH_FASTCALL | METH_KEYWORDS,
     "sync($self, /)\n--\n\nRun on the current stream and wait; returns the op's outputs (the "
     "C fast path of Op._sync_python)."},
    {"__del__", (PyCFunction)(void (*)(void))op_del, METH_FASTCALL | METH_KEYWORDS,
     "Release the borrows of an op that never ran, and warn (Op._del_python)."},
    {"__del__", (PyCFunction)(void (*)(void))partition_del, METH_FASTCALL | METH_KEYWORDS,
     "Dropping an unconsumed partition ends its borrow (Partition._del_python)."},
};

static PyObject *item(PyObject *config, const char *name) {
    PyObject *v = PyDict_GetItemString(config, name); /* borrowed */
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "tilert._fast.install: missing %s", name);
        return NULL;
    }
    Py_INCREF(v); /* kept for the life of the process */
    return v;
}

#define ITEM(var, name) \
    if ((var = (void *)item(config, name)) == NULL) return NULL
#define OFFSET(type, name, out) \
    if (slot_offset(type, name, &out) < 0) return NULL
#define INTERN(var, text) \
    if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL

/* install(config) -> {name: method descriptor}: the methods to set on the classes. */
static PyObject *install(PyObject *module, PyObject *config) {
    if (!PyDict_Check(config)) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install takes a dict");
        return NULL;
    }
    ITEM(TensorType, "Tensor");
    ITEM(PartitionType, "Partition");
    ITEM(PartitionHolderType, "PartitionHolder");
    ITEM(OpHolderType, "OpHolder");
    ITEM(OpType, "Op");
    ITEM(LaunchStepType, "LaunchStep");
    ITEM(StreamType, "Stream");
    ITEM(py_partition, "partition");
    ITEM(py_kernel_call, "kernel_call");
    ITEM(py_op_sync, "op_sync");
    ITEM(py_op_del, "op_del");
    ITEM(py_partition_del, "partition_del");
    ITEM(borrow_lock, "borrow_lock");
    ITEM(queue_lock, "queue_lock");
    if (Py_TYPE(borrow_lock) != &FastLockType || Py_TYPE(queue_lock) != &FastLockType) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: the locks must be RLock()s");
        return NULL;
    }
    ITEM(handoff_var, "handoff_var");
    ITEM(capture_var, "capture_var");
    ITEM(stream_var, "stream_var");
    ITEM(streams_module, "streams_module");
    ITEM(backends_module, "backends_module");
    ITEM(tilings, "tilings");
    ITEM(inside_files, "inside_files");
    ITEM(formatted_sites, "formatted_sites");
    ITEM(launchable_grids, "launchable_grids");
    PyTypeObject *types[] = {TensorType, PartitionType,  PartitionHolderType, OpHolderType,
                             OpType,     LaunchStepType, StreamType};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        if (!PyType_Check(types[i])) {
            PyErr_SetString(PyExc_TypeError, "tilert._fast.install: a class expected");
            return NULL;
        }
    }
    if (!PyDict_CheckExact(tilings) || !PyDict_CheckExact(inside_files) ||
        !PyDict_CheckExact(formatted_sites) || !PySet_Check(launchable_grids)) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: caches of the wrong type");
        return NULL;
    }
    OFFSET(TensorType, "_shape", T_shape);
    OFFSET(TensorType, "_borrows", T_borrows);
    OFFSET(TensorType, "_exclusive", T_exclusive);
    OFFSET(TensorType, "_dtype", T_dtype);
    OFFSET(TensorType, "_writer", T_writer);
    OFFSET(TensorType, "_launch_view", T_launch_view);
    OFFSET(StreamType, "_handle", ST_handle);
    OFFSET(StreamType, "_sync", ST_sync);
    OFFSET(StreamType, "_launched", ST_launched);
    OFFSET(StreamType, "_completed", ST_completed);
    OFFSET(PartitionType, "tile_shape", P_tile_shape);
    OFFSET(PartitionType, "grid", P_grid);
    OFFSET(PartitionType, "tensor", P_tensor);
    OFFSET(PartitionType, "mapping", P_mapping);
    OFFSET(PartitionType, "consumed_at", P_consumed_at);
    OFFSET(PartitionType, "_consumer", P_consumer);
    OFFSET(PartitionType, "_holder", P_holder);
    OFFSET(PartitionHolderType, "label", H_label);
    OFFSET(PartitionHolderType, "where", H_where);
    OFFSET(PartitionHolderType, "group", H_group);
    OFFSET(PartitionHolderType, "held", H_held);
    OFFSET(PartitionHolderType, "tensor", H_tensor);
    Py_ssize_t check;
    OFFSET(OpHolderType, "held", check);
    if (check != H_held) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: holder layouts differ");
        return NULL;
    }
    OFFSET(OpType, "label", O_label);
    OFFSET(OpType, "_holders", O_holders);
    OFFSET(OpType, "_steps", O_steps);
    OFFSET(OpType, "_outputs", O_outputs);
    OFFSET(OpType, "_origin", O_origin);
    OFFSET(OpType, "_state", O_state);
    OFFSET(OpType, "_into", O_into);
    OFFSET(LaunchStepType, "grid", S_grid);
    OFFSET(LaunchStepType, "kernel", S_kernel);
    OFFSET(LaunchStepType, "values", S_values);
    INTERN(s_created, "created");
    INTERN(s_submitted, "submitted");
    INTERN(s_partitioned, "partitioned");
    INTERN(s_partition, "partition");
    INTERN(s_cutile, "cutile");
    INTERN(a_fast_plan, "_fast_plan");
    INTERN(a_launch_error, "launch_error");
    INTERN(a_cache, "_cache");
    INTERN(a_launch, "_launch");
    INTERN(a_name, "name");
    INTERN(a_current, "current");
    INTERN(a_default, "_default");
    INTERN(a_kernel, "kernel");

    PyObject *kernel_type = PyDict_GetItemString(config, "Kernel");
    if (kernel_type == NULL || !PyType_Check(kernel_type)) {
        PyErr_SetString(PyExc_KeyError, "tilert._fast.install: missing Kernel");
        return NULL;
    }
    PyTypeObject *owners[] = {TensorType, (PyTypeObject *)kernel_type, OpType, OpType,
                              PartitionType};
    const char *keys[] = {"Tensor.partition", "Kernel.__call__", "Op.sync", "Op.__del__",
                          "Partition.__del__"};
    PyObject *methods = PyDict_New();
    if (methods == NULL) return NULL;
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        PyObject *descr = PyDescr_NewMethod(owners[i], &fast_methods[i]);
        if (descr == NULL || PyDict_SetItemString(methods, keys[i], descr) < 0) {
            Py_XDECREF(descr);
            Py_DECREF(methods);
            return NULL;
        }
        Py_DECREF(descr);
    }
    return methods;
}

static PyMethodDef module_methods[] = {
    {"set_finalizers", set_finalizers, METH_NOARGS,
     "set_finalizers()\n--\n\nOnce the classes' __del__ are the fast ones: their finalizers "
     "call them without a lookup."},
    {"install", install, METH_O,
     "install(config, /)\n--\n\nTake tilert's classes, locks, caches and reference methods; "
     "return the fast methods to set on the classes (tilert._accel does both)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "tilert._fast",
    "The launch fast path in C (see tilert/_fast.c and tilert/_accel.py).", -1, module_methods,
};

PyMODINIT_FUNC PyInit__fast(void) {
    if (PyType_Ready(&FastLockType) < 0) return NULL;
    PyObject *module = PyModule_Create(&fast_module);
    if (module == NULL) return NULL;
    Py_INCREF(&FastLockType);
    if (PyModule_AddObject(module, "RLock", (PyObject *)&FastLockType) < 0) {
        Py_DECREF(&FastLockType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
