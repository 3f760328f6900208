/* Kernel.__call__, for the common case: the op of a launch. */

#include "fast.h"

/* A kernel's ``_fast_plan`` (set by its first call, once its names resolve) is its op's label,
 * its borrows' labels (reading, writing) and, per parameter, (0, dtype) for Mutable, (1, dtype)
 * for Shared, (2, accepted types) for a scalar. The fast path takes launches with exactly one
 * Mutable partition, unmapped, on a grid checked before, positional arguments only, outside any
 * chain or graph: a launch loop's launches. */
/* The grid last found in tf_launchable_grids (a strong reference) */
static PyObject *known_grid;

static PyObject *kernel_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames, PyObject *given) {
    PyObject *plan = NULL, *where = NULL, *part = NULL, *shared[MAX_PARAMS];
    PyObject *holders = NULL, *values = NULL, *op = NULL;
    Py_ssize_t nshared = 0;
    int slow = 0;
    int handoff;
    if (kwnames != NULL || nargs > MAX_PARAMS) goto fallback;
    if (self == tf_memo_kernel) { /* (a kernel's plan, once set, never changes) */
        plan = tf_memo_plan;
        Py_INCREF(plan);
    } else if ((plan = PyObject_GetAttr(self, tf_a_fast_plan)) == NULL) {
        PyErr_Clear(); /* first call: the slow path validates and sets the plan */
        goto fallback;
    }
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 4) goto fallback;
    PyObject *label = PyTuple_GET_ITEM(plan, 0), *reading = PyTuple_GET_ITEM(plan, 1),
             *writing = PyTuple_GET_ITEM(plan, 2), *params = PyTuple_GET_ITEM(plan, 3);
    if (PyTuple_GET_SIZE(params) != nargs) goto fallback;
    if ((handoff = tf_var_is_set(tf_handoff_var)) != 0) {
        if (handoff < 0) goto error;
        goto fallback;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *entry = PyTuple_GET_ITEM(params, i), *v = args[i];
        long kind = tf_kind(entry);
        PyObject *want = PyTuple_GET_ITEM(entry, 1);
        if (kind == MUTABLE) {
            if (part != NULL || Py_TYPE(v) != tf_PartitionType) goto fallback;
            if (SLOT(v, tf_P_consumed_at) != Py_None || SLOT(v, tf_P_mapping) != Py_None)
                goto fallback;
            PyObject *t = SLOT(v, tf_P_tensor);
            if (Py_TYPE(t) != tf_TensorType || SLOT(t, tf_T_dtype) != want) goto fallback;
            part = v;
        } else if (kind == SHARED) {
            if (Py_TYPE(v) != tf_TensorType || SLOT(v, tf_T_dtype) != want) goto fallback;
            PyObject *borrows = SLOT(v, tf_T_borrows);
            if (borrows == NULL || !PyDict_CheckExact(borrows)) goto fallback;
            shared[nshared++] = v;
        } else {
            int ok = PyObject_IsInstance(v, want);
            if (ok < 0) goto error;
            if (!ok) goto fallback;
            if (PyLong_Check(v)) { /* past 32 bits: the slow path checks the parameter's range */
                int overflow = 0;
                long long n = PyLong_AsLongLongAndOverflow(v, &overflow);
                if (n == -1 && PyErr_Occurred()) goto error;
                if (overflow != 0 || n < -2147483648LL || n > 2147483647LL) goto fallback;
            }
        }
    }
    if (part == NULL) goto fallback; /* the grid comes from grid=: the slow path checks it */
    int checked = tf_launch_checked(self, args, nargs, params); /* else the Python checks it */
    if (checked <= 0) {
        if (checked < 0) goto error;
        goto fallback;
    }
    PyObject *tensor = SLOT(part, tf_P_tensor), *grid = SLOT(part, tf_P_grid),
             *part_holder = SLOT(part, tf_P_holder), *part_borrows = SLOT(tensor, tf_T_borrows);
    if (part_borrows == NULL || !PyDict_CheckExact(part_borrows)) goto fallback;
    /* a view, or a tensor with views: the Python checks what overlaps it (see tf_T_family) */
    if (SLOT(tensor, tf_T_family) != Py_None) goto fallback;
    for (Py_ssize_t i = 0; i < nshared; i++)
        if (shared[i] == tensor) goto fallback; /* aliasing: the slow path raises */
    if (grid != known_grid) { /* a grid found once stays launchable (the set is a cache) */
        int known = PySet_Contains(tf_launchable_grids, grid);
        if (known <= 0) {
            if (known < 0) goto error;
            goto fallback;
        }
        Py_INCREF(grid);
        Py_XSETREF(known_grid, grid);
    }
    if ((where = tf_callsite()) == NULL) goto fallback;

    /* everything the op is made of, before any borrow is taken: no holder of its own, as the
     * Python's launch_op, which takes its one partition's holder over (ownership.take_over:
     * the holder is of no group here, as the op) and reads inline (ownership.read_inline) */
    if (Py_TYPE(part_holder) != tf_PartitionHolderType || SLOT(part_holder, tf_H_group) != Py_None ||
        SLOT(part_holder, tf_H_reads) != tf_empty_tuple)
        goto fallback;
    if (given != NULL) { /* the call's own tuple of the arguments, which nothing else holds */
        values = given;
        Py_INCREF(values);
    } else if ((values = PyTuple_New(nargs)) == NULL) {
        goto error;
    } else {
        for (Py_ssize_t i = 0; i < nargs; i++) {
            Py_INCREF(args[i]);
            PyTuple_SET_ITEM(values, i, args[i]);
        }
    }
    if ((holders = PyTuple_New(1)) == NULL) goto error; /* (an op's holders never change) */
    Py_INCREF(part_holder);
    PyTuple_SET_ITEM(holders, 0, part_holder);
    if ((op = tf_new_instance(tf_OpType)) == NULL) goto error;

    tf_lock_take(tf_borrow_lock);
    for (Py_ssize_t i = 0; i < nshared; i++) {
        /* someone writes it: the slow path raises (or reads after an op in flight); or a view,
         * or a tensor with views: the Python checks the borrows of what overlaps it (read
         * here, under the lock) */
        if (SLOT(shared[i], tf_T_exclusive) != tf_kinds[0] ||
            SLOT(shared[i], tf_T_family) != Py_None) {
            tf_lock_give(tf_borrow_lock);
            Py_CLEAR(op);
            goto fallback;
        }
    }
    /* the reads, inline: each tensor's count (no table entry), the holder in INLINE */
    if (nshared != 0) {
        for (Py_ssize_t i = 0; i < nshared; i++) {
            long readers;
            if (tf_get_long(shared[i], tf_T_readers, &readers) < 0 ||
                tf_set_long(shared[i], tf_T_readers, readers + 1) < 0) {
                /* (out of memory) give back the reads taken: the partition keeps its own */
                PyObject *type, *value, *tb;
                PyErr_Fetch(&type, &value, &tb);
                for (Py_ssize_t j = 0; j < i; j++)
                    if (tf_get_long(shared[j], tf_T_readers, &readers) == 0)
                        tf_set_long(shared[j], tf_T_readers, readers - 1);
                PyErr_Clear();
                PyErr_Restore(type, value, tb);
                goto error_locked;
            }
        }
        tf_set_slot(part_holder, tf_H_reads, values);
        tf_set_slot(part_holder, tf_H_reading, reading);
        tf_join_inline(part_holder);
    }
    /* the partition is consumed: its holder is the op's, its exclusive borrow the op's write */
    if (SLOT(tensor, tf_T_owner) == part_holder) {
        tf_set_slot(part_holder, tf_H_writing, writing);
    } else if (PyDict_Contains(part_borrows, part_holder) == 1) { /* (in its table: replaced) */
        PyObject *borrow = tf_make_borrow(1, writing, where);
        if (borrow == NULL || PyDict_SetItem(part_borrows, part_holder, borrow) < 0) {
            Py_XDECREF(borrow);
            goto error_locked;
        }
        Py_DECREF(borrow);
    }
    PyErr_Clear();
    tf_set_slot(part_holder, tf_H_label, label);
    tf_set_slot(part_holder, tf_H_where, where);
    tf_set_slot(part, tf_P_consumed_at, where);
    tf_set_slot(part, tf_P_consumer, part_holder);
    /* the op's bookkeeping, and the partition, consumed: nothing left to finalize there, out
     * of the collector (see tf_untrack) */
    tf_untrack(holders);
    tf_untrack(values);
    tf_untrack(part);
    tf_untrack(part_holder);
    tf_lock_give(tf_borrow_lock);

    tf_set_slot(op, tf_O_label, label);
    tf_set_slot(op, tf_O_holders, holders);
    tf_set_slot(op, tf_O_made_steps, Py_None);
    tf_set_slot(op, tf_O_kernel, self);
    tf_set_slot(op, tf_O_grid, grid);
    tf_set_slot(op, tf_O_outputs, values);
    tf_set_slot(op, tf_O_origin, Py_None);
    tf_set_slot(op, tf_O_state, tf_s_created);
    tf_set_slot(op, tf_O_into, Py_None);
    goto done;

error_locked:
    tf_unlock_keeping_error(tf_borrow_lock);
error:
    Py_CLEAR(op);
    goto done;
fallback: /* nothing taken yet: the Python makes the op */
    slow = 1;
done:
    Py_XDECREF(plan);
    Py_XDECREF(where);
    Py_XDECREF(values);
    Py_XDECREF(holders);
    return slow ? tf_slow(tf_py_kernel_call, self, args, nargs, kwnames) : op;
}

/* Kernel.__call__ as the method Python finds (``Kernel.__call__``, a method descriptor). */
PyObject *tf_kernel_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
    return kernel_call(self, args, nargs, kwnames, NULL);
}

/* Kernel's tp_call (set_finalizers sets it): what a call ``add(...)`` runs, without the lookup
 * of ``__call__`` the slot of a Python class makes on every call; the tuple of the arguments the
 * interpreter made for it, if nothing else holds it, becomes the op's values. A later
 * assignment of ``Kernel.__call__`` (a test's monkeypatch) resets the slot, as Python does. */
PyObject *tf_kernel_tp_call(PyObject *self, PyObject *args, PyObject *kwargs) {
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (kwargs == NULL || PyDict_GET_SIZE(kwargs) == 0) {
        PyObject *given = PyTuple_CheckExact(args) && Py_REFCNT(args) == 1 ? args : NULL;
        return kernel_call(self, &PyTuple_GET_ITEM(args, 0), nargs, NULL, given);
    }
    PyObject *small[8], **stack = small; /* keywords: the Python binds them */
    if (nargs + 1 > 8 && (stack = PyMem_Malloc((nargs + 1) * sizeof(PyObject *))) == NULL)
        return PyErr_NoMemory();
    stack[0] = self;
    for (Py_ssize_t i = 0; i < nargs; i++) stack[i + 1] = PyTuple_GET_ITEM(args, i);
    PyObject *r = PyObject_VectorcallDict(tf_py_kernel_call, stack, nargs + 1, kwargs);
    if (stack != small) PyMem_Free(stack);
    return r;
}
