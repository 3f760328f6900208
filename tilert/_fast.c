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

/* -- what install() is given ------------------------------------------------------------ */
static PyTypeObject *TensorType, *PartitionType, *PartitionHolderType, *OpHolderType, *OpType,
    *LaunchStepType;
static PyObject *py_partition, *py_kernel_call, *py_op_sync, *py_op_del, *py_partition_del,
    *py_launch_error;
static PyObject *lock_acquire, *lock_release, *queue_acquire, *queue_release;
static PyObject *handoff_var, *capture_var, *stream_var, *streams_module, *backends_module;
static PyObject *tilings, *inside_files, *formatted_sites, *launchable_grids;

/* slot offsets, read from the classes' member descriptors */
static Py_ssize_t P_tile_shape, P_grid, P_tensor, P_mapping, P_consumed_at, P_consumer, P_holder;
static Py_ssize_t H_label, H_where, H_group, H_held, H_tensor;
static Py_ssize_t O_label, O_holders, O_steps, O_outputs, O_origin, O_state, O_into;
static Py_ssize_t S_grid, S_kernel, S_values;

/* interned names and constants */
static PyObject *s_created, *s_submitted, *s_partitioned, *s_partition, *s_cutile;
static PyObject *a_shape, *a_borrows, *a_exclusive, *a_dtype, *a_fast_plan, *a_label,
    *a_reading, *a_writing, *a_writer, *a_launch_view, *a_handle, *a_sync, *a_launched,
    *a_completed, *a_cache, *a_launch, *a_name, *a_current, *a_default, *a_kernel;

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

/* -- small helpers -------------------------------------------------------------------------- */
static int call_void(PyObject *fn) {
    PyObject *r = PyObject_CallNoArgs(fn);
    if (r == NULL) return -1;
    Py_DECREF(r);
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
 * finds and caches it). Never sets an exception. */
static PyObject *callsite(void) {
    PyFrameObject *frame = PyEval_GetFrame();
    if (frame == NULL) return NULL;
    PyCodeObject *code = PyFrame_GetCode(frame);
    PyObject *inside = PyDict_GetItemWithError(inside_files, code->co_filename);
    PyObject *text = NULL;
    if (inside == Py_False) {
        PyObject *key = Py_BuildValue("(Oi)", code->co_filename, PyFrame_GetLineNumber(frame));
        if (key != NULL) {
            text = PyDict_GetItemWithError(formatted_sites, key);
            Py_XINCREF(text);
            Py_DECREF(key);
        }
    }
    Py_DECREF(code);
    PyErr_Clear();
    return text;
}

/* Release a lock on an error path, the pending exception kept. */
static void unlock_keeping_error(PyObject *release) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (call_void(release) < 0) PyErr_Clear();
    PyErr_Restore(type, value, tb);
}

static PyObject *slow(PyObject *fn, PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames) {
    /* the Python method, called as self.method(*args, **kwargs) */
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

static int get_long(PyObject *obj, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    *out = PyLong_AsLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int set_long(PyObject *obj, PyObject *name, long value) {
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    int r = PyObject_SetAttr(obj, name, v);
    Py_DECREF(v);
    return r;
}

/* -- Tensor.partition ---------------------------------------------------------------------- */
static PyObject *tensor_partition(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames) {
    PyObject *shape = NULL, *key = NULL, *where = NULL, *borrows = NULL, *holder = NULL,
             *held = NULL, *borrow = NULL, *part = NULL, *found;
    long exclusive;
    int handoff;
    if (nargs != 1 || kwnames != NULL || Py_TYPE(self) != TensorType) goto fallback;
    if ((handoff = var_is_set(handoff_var)) != 0) {
        if (handoff < 0) return NULL;
        goto fallback;
    }
    if ((shape = PyObject_GetAttr(self, a_shape)) == NULL) return NULL;
    if ((key = PyTuple_Pack(2, shape, args[0])) == NULL) goto error;
    found = PyDict_GetItemWithError(tilings, key); /* borrowed */
    if (found == NULL) {
        PyErr_Clear(); /* a miss, or an unhashable tile shape: the slow path checks it */
        goto fallback;
    }
    Py_INCREF(found);
    Py_CLEAR(key);
    if ((where = callsite()) == NULL) goto fallback_found;
    if (call_void(lock_acquire) < 0) goto error_found;
    if ((borrows = PyObject_GetAttr(self, a_borrows)) == NULL) goto error_locked;
    if (!PyDict_CheckExact(borrows) || PyDict_GET_SIZE(borrows) != 0) {
        if (call_void(lock_release) < 0) goto error_found;
        goto fallback_found; /* borrowed: the slow path raises (or allows a chain's) */
    }
    if (get_long(self, a_exclusive, &exclusive) < 0) goto error_locked;
    if ((holder = new_instance(PartitionHolderType)) == NULL) goto error_locked;
    if ((held = PyList_New(1)) == NULL) goto error_locked;
    Py_INCREF(self);
    PyList_SET_ITEM(held, 0, self);
    set_slot(holder, H_label, s_partition);
    set_slot(holder, H_where, where);
    set_slot(holder, H_group, Py_None);
    set_slot(holder, H_held, held);
    set_slot(holder, H_tensor, self);
    if ((borrow = PyTuple_Pack(3, Py_True, s_partitioned, where)) == NULL) goto error_locked;
    if (PyDict_SetItem(borrows, holder, borrow) < 0) goto error_locked;
    if (set_long(self, a_exclusive, exclusive + 1) < 0) goto error_locked;
    if (call_void(lock_release) < 0) goto error_found;
    if ((part = new_instance(PartitionType)) == NULL) goto error_found;
    set_slot(part, P_tile_shape, PyTuple_GET_ITEM(found, 0));
    set_slot(part, P_grid, PyTuple_GET_ITEM(found, 1));
    set_slot(part, P_tensor, self);
    set_slot(part, P_mapping, Py_None);
    set_slot(part, P_consumed_at, Py_None);
    set_slot(part, P_consumer, Py_None);
    set_slot(part, P_holder, holder);
    Py_DECREF(found);
    Py_DECREF(shape);
    Py_DECREF(where);
    Py_DECREF(borrows);
    Py_DECREF(holder);
    Py_DECREF(held);
    Py_DECREF(borrow);
    return part;

error_locked:
    unlock_keeping_error(lock_release);
error_found:
    Py_DECREF(found);
error:
    Py_XDECREF(shape);
    Py_XDECREF(key);
    Py_XDECREF(where);
    Py_XDECREF(borrows);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(borrow);
    return NULL;
fallback_found:
    Py_DECREF(found);
fallback:
    Py_XDECREF(shape);
    Py_XDECREF(key);
    Py_XDECREF(where);
    Py_XDECREF(borrows);
    return slow(py_partition, self, args, nargs, kwnames);
}

/* -- Kernel.__call__ ----------------------------------------------------------------------- */
/* A kernel's ``_fast_plan`` (set by its first call, once its names resolve): per parameter
 * (0, dtype) for Mutable, (1, dtype) for Shared, (2, accepted types) for a scalar. The fast
 * path takes launches with exactly one Mutable partition, unmapped, on a grid checked before,
 * positional arguments only, outside any chain or graph: a launch loop's launches. */
enum { MUTABLE = 0, SHARED = 1, SCALAR = 2, MAX_PARAMS = 64 };

static PyObject *kernel_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames) {
    PyObject *plan = NULL, *where = NULL, *part = NULL, *shared[MAX_PARAMS];
    PyObject *holder = NULL, *held = NULL, *reading = NULL, *writing = NULL, *label = NULL,
             *holders = NULL, *step = NULL, *steps = NULL, *values = NULL, *op = NULL,
             *part_borrows = NULL, *writing_borrow = NULL, *reading_borrow = NULL;
    PyObject *shared_borrows[MAX_PARAMS] = {NULL};
    Py_ssize_t nshared = 0;
    int handoff;
    if (kwnames != NULL || nargs > MAX_PARAMS) goto fallback;
    if ((plan = PyObject_GetAttr(self, a_fast_plan)) == NULL) {
        PyErr_Clear(); /* first call: the slow path validates and sets the plan */
        goto fallback;
    }
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != nargs) goto fallback;
    if ((handoff = var_is_set(handoff_var)) != 0) {
        if (handoff < 0) goto error;
        goto fallback;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *entry = PyTuple_GET_ITEM(plan, i), *v = args[i];
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        PyObject *want = PyTuple_GET_ITEM(entry, 1);
        if (kind == MUTABLE) {
            if (part != NULL || Py_TYPE(v) != PartitionType) goto fallback;
            if (SLOT(v, P_consumed_at) != Py_None || SLOT(v, P_mapping) != Py_None) goto fallback;
            PyObject *dtype = PyObject_GetAttr(SLOT(v, P_tensor), a_dtype);
            if (dtype == NULL) goto error;
            Py_DECREF(dtype);
            if (dtype != want) goto fallback;
            part = v;
        } else if (kind == SHARED) {
            if (Py_TYPE(v) != TensorType) goto fallback;
            PyObject *dtype = PyObject_GetAttr(v, a_dtype);
            if (dtype == NULL) goto error;
            Py_DECREF(dtype);
            if (dtype != want) goto fallback;
            shared[nshared++] = v;
        } else {
            int ok = PyObject_IsInstance(v, want);
            if (ok < 0) goto error;
            if (!ok) goto fallback;
        }
    }
    if (part == NULL) goto fallback; /* the grid comes from grid=: the slow path checks it */
    PyObject *tensor = SLOT(part, P_tensor), *grid = SLOT(part, P_grid);
    for (Py_ssize_t i = 0; i < nshared; i++)
        if (shared[i] == tensor) goto fallback; /* aliasing: the slow path raises */
    int known = PySet_Contains(launchable_grids, grid);
    if (known <= 0) {
        if (known < 0) goto error;
        goto fallback;
    }
    if ((where = callsite()) == NULL) goto fallback;
    if ((label = PyObject_GetAttr(self, a_label)) == NULL) goto error;
    if ((reading = PyObject_GetAttr(self, a_reading)) == NULL) goto error;
    if ((writing = PyObject_GetAttr(self, a_writing)) == NULL) goto error;

    /* everything the op is made of, before any borrow is taken */
    PyObject *part_holder = SLOT(part, P_holder);
    if ((holder = new_instance(OpHolderType)) == NULL) goto error;
    if ((held = PyList_New(0)) == NULL) goto error;
    set_slot(holder, H_label, label);
    set_slot(holder, H_where, where);
    set_slot(holder, H_group, Py_None);
    set_slot(holder, H_held, held);
    if ((values = PyTuple_New(nargs)) == NULL) goto error;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SET_ITEM(values, i, args[i]);
    }
    if ((reading_borrow = PyTuple_Pack(3, Py_False, reading, where)) == NULL) goto error;
    if ((writing_borrow = PyTuple_Pack(3, Py_True, writing, where)) == NULL) goto error;
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
    for (Py_ssize_t i = 0; i < nshared; i++)
        if ((shared_borrows[i] = PyObject_GetAttr(shared[i], a_borrows)) == NULL) goto error;
    if ((part_borrows = PyObject_GetAttr(tensor, a_borrows)) == NULL) goto error;

    if (call_void(lock_acquire) < 0) goto error;
    for (Py_ssize_t i = 0; i < nshared; i++) {
        long exclusive;
        if (get_long(shared[i], a_exclusive, &exclusive) < 0) goto error_locked;
        if (exclusive != 0 || !PyDict_CheckExact(shared_borrows[i])) {
            if (call_void(lock_release) < 0) goto error;
            goto fallback; /* someone writes it: the slow path raises (nothing taken yet) */
        }
    }
    int present = PyDict_Contains(part_borrows, part_holder);
    if (present < 0) goto error_locked;
    for (Py_ssize_t i = 0; i < nshared; i++) {
        if (PyList_Append(held, shared[i]) < 0 ||
            PyDict_SetItem(shared_borrows[i], holder, reading_borrow) < 0)
            goto error_taken;
    }
    /* the partition is consumed: its exclusive borrow now reads as the op's */
    if (present && PyDict_SetItem(part_borrows, part_holder, writing_borrow) < 0)
        goto error_taken;
    set_slot(part, P_consumed_at, where);
    set_slot(part, P_consumer, holder);
    if (call_void(lock_release) < 0) goto error;

    if ((op = new_instance(OpType)) == NULL) goto error;
    set_slot(op, O_label, label);
    set_slot(op, O_holders, holders);
    set_slot(op, O_steps, steps);
    set_slot(op, O_outputs, values);
    set_slot(op, O_origin, Py_None);
    set_slot(op, O_state, s_created);
    set_slot(op, O_into, Py_None);
    goto done;

error_taken: /* (out of memory) drop the reads taken so far, as the slow path would */
    for (Py_ssize_t i = 0; i < nshared; i++) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (PyDict_DelItem(shared_borrows[i], holder) < 0) PyErr_Clear();
        PyErr_Restore(type, value, tb);
    }
error_locked:
    unlock_keeping_error(lock_release);
error:
    Py_CLEAR(op);
done:
    Py_XDECREF(plan);
    Py_XDECREF(where);
    Py_XDECREF(label);
    Py_XDECREF(reading);
    Py_XDECREF(writing);
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(values);
    Py_XDECREF(part_borrows);
    Py_XDECREF(writing_borrow);
    Py_XDECREF(holders);
    Py_XDECREF(step);
    Py_XDECREF(steps);
    Py_XDECREF(reading_borrow);
    for (Py_ssize_t i = 0; i < nshared; i++) Py_XDECREF(shared_borrows[i]);
    return op;

fallback:
    Py_XDECREF(holder);
    Py_XDECREF(held);
    Py_XDECREF(values);
    Py_XDECREF(writing_borrow);
    Py_XDECREF(holders);
    Py_XDECREF(step);
    Py_XDECREF(steps);
    Py_XDECREF(reading_borrow);
    for (Py_ssize_t i = 0; i < nshared; i++) Py_XDECREF(shared_borrows[i]);
    Py_XDECREF(plan);
    Py_XDECREF(where);
    Py_XDECREF(label);
    Py_XDECREF(reading);
    Py_XDECREF(writing);
    Py_XDECREF(part_borrows);
    return slow(py_kernel_call, self, args, nargs, kwnames);
}

/* -- releasing an op's borrows ------------------------------------------------------------- */
/* ownership.release_holders: drop every borrow of each holder, under the borrow lock. */
static int release_holders(PyObject *holders) {
    if (call_void(lock_acquire) < 0) return -1;
    int failed = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(holders); i++) {
        PyObject *holder = PyList_GET_ITEM(holders, i), *held = SLOT(holder, H_held);
        if (held == NULL || !PyList_CheckExact(held)) continue;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held); j++) {
            PyObject *t = PyList_GET_ITEM(held, j);
            PyObject *borrows = PyObject_GetAttr(t, a_borrows);
            if (borrows == NULL) {
                failed = 1;
                break;
            }
            PyObject *borrow = PyDict_GetItemWithError(borrows, holder);
            if (borrow != NULL) { /* (absent if tr.unsafe.force_release dropped it) */
                int exclusive = PyTuple_GET_ITEM(borrow, 0) == Py_True;
                long count;
                if (PyDict_DelItem(borrows, holder) < 0 ||
                    (exclusive && (get_long(t, a_exclusive, &count) < 0 ||
                                   set_long(t, a_exclusive, count - 1) < 0)))
                    failed = 1;
            } else if (PyErr_Occurred()) {
                failed = 1;
            }
            Py_DECREF(borrows);
            if (failed) break;
        }
        if (failed) break;
        if (PyList_SetSlice(held, 0, PY_SSIZE_T_MAX, NULL) < 0) {
            failed = 1;
            break;
        }
    }
    if (failed) {
        unlock_keeping_error(lock_release);
        return -1;
    }
    return call_void(lock_release);
}

/* -- Op.sync ------------------------------------------------------------------------------- */
/* A kernel op made by the fast path (or like it), synced on a GPU stream that launched and
 * synchronized before, its compiled specialization cached and no tensor last written on
 * another stream: CutileBackend.launch and Stream.run_now, without the Python around them. */
static PyObject *op_sync(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
    PyObject *backend = NULL, *name = NULL, *cache = NULL, *launch = NULL, *stack = NULL,
             *stream = NULL, *handle = NULL, *sync = NULL, *plan = NULL, *launch_args = NULL,
             *spec = NULL, *key = NULL, *compiled = NULL, *ckernel = NULL, *written = NULL,
             *result = NULL, *current = NULL;
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
    if (holders == NULL || !PyList_CheckExact(holders)) goto fallback;
    PyObject *step = PyTuple_GET_ITEM(steps, 0);
    if (Py_TYPE(step) != LaunchStepType) goto fallback;
    PyObject *kernel = SLOT(step, S_kernel), *values = SLOT(step, S_values),
             *grid = SLOT(step, S_grid);

    /* the backend: the GPU's, with its compiled-kernel cache */
    if ((current = PyObject_GetAttr(backends_module, a_current)) == NULL) goto error;
    if ((backend = PyObject_CallNoArgs(current)) == NULL) goto error;
    if ((name = PyObject_GetAttr(backend, a_name)) == NULL) goto error;
    if (PyUnicode_Compare(name, s_cutile) != 0) goto fallback;
    if ((cache = PyObject_GetAttr(backend, a_cache)) == NULL ||
        (launch = PyObject_GetAttr(backend, a_launch)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    /* the current stream, already launched on and synchronized once */
    if (PyContextVar_Get(stream_var, NULL, &stack) < 0) goto error;
    if (stack != NULL && PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) > 0) {
        stream = PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1);
        Py_INCREF(stream);
    } else if ((stream = PyObject_GetAttr(streams_module, a_default)) == NULL) {
        goto error;
    }
    if ((handle = PyObject_GetAttr(stream, a_handle)) == NULL) goto error;
    if ((sync = PyObject_GetAttr(stream, a_sync)) == NULL) goto error;
    if (handle == Py_None || sync == Py_None) goto fallback;

    /* the launch arguments, as tilert.cutile.backend.launch_arguments makes them */
    if ((plan = PyObject_GetAttr(kernel, a_fast_plan)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(values);
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != n) goto fallback;
    if ((launch_args = PyList_New(0)) == NULL) goto error;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i);
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(PyTuple_GET_ITEM(plan, i), 0));
        if (kind == SCALAR) {
            PyTypeObject *type = Py_TYPE(v);
            if (type != &PyLong_Type && type != &PyFloat_Type && type != &PyBool_Type)
                goto fallback; /* a numpy scalar: launch_arguments takes its item() */
            if (PyList_Append(launch_args, v) < 0) goto error;
            continue;
        }
        PyObject *t = v;
        if (kind == MUTABLE) {
            if (Py_TYPE(v) != PartitionType || SLOT(v, P_mapping) != Py_None || written != NULL)
                goto fallback;
            t = written = SLOT(v, P_tensor);
        }
        PyObject *writer = PyObject_GetAttr(t, a_writer);
        if (writer == NULL) goto error;
        int elsewhere = writer != Py_None &&
                        (!PyTuple_Check(writer) || PyTuple_GET_ITEM(writer, 0) != stream);
        Py_DECREF(writer);
        if (elsewhere) goto fallback; /* the stream must wait for that launch first */
        PyObject *view = PyObject_GetAttr(t, a_launch_view);
        if (view == NULL) goto error;
        int missing = view == Py_None || PyList_Append(launch_args, view) < 0;
        Py_DECREF(view);
        if (missing) {
            if (PyErr_Occurred()) goto error;
            goto fallback;
        }
        if (kind == MUTABLE) {
            PyObject *tile_shape = SLOT(v, P_tile_shape);
            for (Py_ssize_t d = 0; d < PyTuple_GET_SIZE(tile_shape); d++)
                if (PyList_Append(launch_args, PyTuple_GET_ITEM(tile_shape, d)) < 0) goto error;
            spec = Py_BuildValue("((nO))", PyTuple_GET_SIZE(tile_shape), Py_False);
            if (spec == NULL) goto error;
        }
    }
    if (spec == NULL) goto fallback;
    if ((key = Py_BuildValue("(NO)", PyLong_FromVoidPtr(kernel), spec)) == NULL) goto error;
    compiled = PyDict_GetItemWithError(cache, key);
    if (compiled == NULL) {
        if (PyErr_Occurred()) goto error;
        goto fallback; /* first launch of this specialization: the slow path compiles it */
    }
    Py_INCREF(compiled);
    if ((ckernel = PyObject_GetAttr(compiled, a_kernel)) == NULL) goto error;
    PyObject *arg_tuple = PyList_AsTuple(launch_args);
    if (arg_tuple == NULL) goto error;
    Py_SETREF(launch_args, arg_tuple);

    /* run: launch on the stream (under the queue lock), synchronize, release the borrows */
    set_slot(self, O_state, s_submitted);
    long launched;
    if (call_void(queue_acquire) < 0) goto error_unreleased;
    if (get_long(stream, a_launched, &launched) < 0 ||
        set_long(stream, a_launched, ++launched) < 0) {
        unlock_keeping_error(queue_release);
        goto error_unreleased;
    }
    PyObject *r = PyObject_CallFunctionObjArgs(launch, handle, grid, ckernel, launch_args, NULL);
    if (r == NULL) { /* cuTile's error, at the user's line (tilert.cutile.backend.user_error) */
        PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        PyErr_NormalizeException(&exc_type, &exc_value, &exc_tb);
        if (exc_tb != NULL) PyException_SetTraceback(exc_value, exc_tb);
        PyObject *converted =
            PyObject_CallFunctionObjArgs(py_launch_error, kernel, compiled, exc_value, NULL);
        if (converted == NULL) {
            Py_CLEAR(exc_type);
            Py_CLEAR(exc_value);
            Py_CLEAR(exc_tb);
            PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        } else {
            Py_CLEAR(exc_type);
            Py_CLEAR(exc_tb);
            Py_SETREF(exc_value, converted);
            exc_type = (PyObject *)Py_TYPE(exc_value);
            Py_INCREF(exc_type);
        }
    } else {
        Py_DECREF(r);
        PyObject *writer = Py_BuildValue("(Ol)", stream, launched);
        int failed = writer == NULL || PyObject_SetAttr(written, a_writer, writer) < 0;
        Py_XDECREF(writer);
        if (failed) PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    }
    if (call_void(queue_release) < 0) goto error_unreleased;
    if (call_void(sync) < 0) { /* its error wins, as in Stream.run_now */
        Py_CLEAR(exc_type);
        Py_CLEAR(exc_value);
        Py_CLEAR(exc_tb);
        goto error_unreleased;
    }
    long completed;
    if (get_long(stream, a_completed, &completed) < 0) goto error_unreleased;
    if (launched > completed && set_long(stream, a_completed, launched) < 0)
        goto error_unreleased;
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
    Py_XDECREF(name);
    Py_XDECREF(cache);
    Py_XDECREF(launch);
    Py_XDECREF(stack);
    Py_XDECREF(stream);
    Py_XDECREF(handle);
    Py_XDECREF(sync);
    Py_XDECREF(plan);
    Py_XDECREF(launch_args);
    Py_XDECREF(spec);
    Py_XDECREF(key);
    Py_XDECREF(compiled);
    Py_XDECREF(ckernel);
    return result;

fallback:
    Py_XDECREF(current);
    Py_XDECREF(backend);
    Py_XDECREF(name);
    Py_XDECREF(cache);
    Py_XDECREF(launch);
    Py_XDECREF(stack);
    Py_XDECREF(stream);
    Py_XDECREF(handle);
    Py_XDECREF(sync);
    Py_XDECREF(plan);
    Py_XDECREF(launch_args);
    Py_XDECREF(spec);
    Py_XDECREF(key);
    return slow(py_op_sync, self, args, nargs, kwnames);
}

/* -- __del__ of an op and of a partition --------------------------------------------------- */
/* Most ops and partitions die run or consumed, with nothing to do: only the others call the
 * Python __del__ (which releases the borrows and, for an op, warns). */
static PyObject *op_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames) {
    PyObject *state = SLOT(self, O_state);
    if (state == NULL || state == s_submitted) Py_RETURN_NONE;
    return slow(py_op_del, self, args, nargs, kwnames);
}

static PyObject *partition_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames) {
    PyObject *consumed_at = SLOT(self, P_consumed_at);
    if (consumed_at == NULL || consumed_at != Py_None) Py_RETURN_NONE;
    return slow(py_partition_del, self, args, nargs, kwnames);
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
    ITEM(py_partition, "partition");
    ITEM(py_kernel_call, "kernel_call");
    ITEM(py_op_sync, "op_sync");
    ITEM(py_op_del, "op_del");
    ITEM(py_partition_del, "partition_del");
    ITEM(py_launch_error, "launch_error");
    ITEM(lock_acquire, "lock_acquire");
    ITEM(lock_release, "lock_release");
    ITEM(queue_acquire, "queue_acquire");
    ITEM(queue_release, "queue_release");
    ITEM(handoff_var, "handoff_var");
    ITEM(capture_var, "capture_var");
    ITEM(stream_var, "stream_var");
    ITEM(streams_module, "streams_module");
    ITEM(backends_module, "backends_module");
    ITEM(tilings, "tilings");
    ITEM(inside_files, "inside_files");
    ITEM(formatted_sites, "formatted_sites");
    ITEM(launchable_grids, "launchable_grids");
    PyTypeObject *types[] = {TensorType, PartitionType, PartitionHolderType,
                             OpHolderType, OpType,        LaunchStepType};
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
    INTERN(a_shape, "_shape");
    INTERN(a_borrows, "_borrows");
    INTERN(a_exclusive, "_exclusive");
    INTERN(a_dtype, "_dtype");
    INTERN(a_fast_plan, "_fast_plan");
    INTERN(a_label, "_label");
    INTERN(a_reading, "_reading");
    INTERN(a_writing, "_writing");
    INTERN(a_writer, "_writer");
    INTERN(a_launch_view, "_launch_view");
    INTERN(a_handle, "_handle");
    INTERN(a_sync, "_sync");
    INTERN(a_launched, "_launched");
    INTERN(a_completed, "_completed");
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
    {"install", install, METH_O,
     "install(config, /)\n--\n\nTake tilert's classes, locks, caches and reference methods; "
     "return the fast methods to set on the classes (tilert._accel does both)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "tilert._fast",
    "The launch fast path in C (see tilert/_fast.c and tilert/_accel.py).", -1, module_methods,
};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&fast_module); }
