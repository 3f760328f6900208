/* Op.sync, for the common case: the GPU launch, the stream sync, the release of the borrows. */

#include "fast.h"

#if defined(__linux__)
#include <dlfcn.h>
#endif

/* the backend of the last fast sync, with what a launch needs of it (it never changes) */
static PyObject *last_backend, *last_cache, *last_launch;
/* and its compiled kernel launched last (tf_memo_kernel, tf_memo_plan: see fast.h), with the rank
 * of its partition */
static PyObject *memo_compiled, *memo_ckernel;
static Py_ssize_t memo_rank;

/* -- releasing an op's borrows ------------------------------------------------------------- */
/* ownership.release_holders for an op of tensors: drop every borrow of each holder. */
static int release_holders(PyObject *holders) {
    int failed = 0;
    tf_lock_take(tf_borrow_lock);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(holders) && !failed; i++) {
        PyObject *holder = PyList_GET_ITEM(holders, i), *held = SLOT(holder, tf_H_held);
        if (held == NULL || !PyList_CheckExact(held)) continue;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held) && !failed; j++) {
            PyObject *t = PyList_GET_ITEM(held, j), *borrows = SLOT(t, tf_T_borrows);
            PyObject *borrow = PyDict_GetItemWithError(borrows, holder);
            if (borrow == NULL) { /* (absent if tr.unsafe.force_release dropped it) */
                failed = PyErr_Occurred() != NULL;
                continue;
            }
            long count;
            int exclusive = PyTuple_GET_ITEM(borrow, 0) == Py_True;
            failed = PyDict_DelItem(borrows, holder) < 0 ||
                     (exclusive && (tf_get_long(t, tf_T_exclusive, &count) < 0 ||
                                    tf_set_long(t, tf_T_exclusive, count - 1) < 0));
        }
        if (!failed) failed = PyList_SetSlice(held, 0, PY_SSIZE_T_MAX, NULL) < 0;
    }
    if (failed) {
        tf_unlock_keeping_error(tf_borrow_lock);
        return -1;
    }
    tf_lock_give(tf_borrow_lock);
    return 0;
}

/* Whether every holder of an op holds only tensors (what release_holders reads by slot). */
static int holds_tensors(PyObject *holders) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(holders); i++) {
        PyObject *holder = PyList_GET_ITEM(holders, i);
        PyTypeObject *type = Py_TYPE(holder);
        if (type != tf_OpHolderType && type != tf_PartitionHolderType) return 0;
        PyObject *held = SLOT(holder, tf_H_held);
        if (held == NULL || !PyList_CheckExact(held)) return 0;
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held); j++) {
            PyObject *t = PyList_GET_ITEM(held, j);
            if (Py_TYPE(t) != tf_TensorType || SLOT(t, tf_T_borrows) == NULL ||
                !PyDict_CheckExact(SLOT(t, tf_T_borrows)))
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
PyObject *tf_op_sync(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *backend = NULL, *current = NULL, *stack = NULL, *stream = NULL, *plan = NULL,
             *launch_args = NULL, *spec = NULL, *key = NULL, *id = NULL, *compiled = NULL,
             *ckernel = NULL, *result = NULL, *written = NULL, *number = NULL;
    PyObject *exc_type = NULL, *exc_value = NULL, *exc_tb = NULL;
    int slow = 0;
    int capturing;
    if (nargs != 0 || kwnames != NULL) goto fallback;
    if ((capturing = tf_var_is_set(tf_capture_var)) != 0) {
        if (capturing < 0) return NULL;
        goto fallback;
    }
    if (SLOT(self, tf_O_state) != tf_s_created || SLOT(self, tf_O_origin) != Py_None) goto fallback;
    PyObject *steps = SLOT(self, tf_O_steps), *holders = SLOT(self, tf_O_holders);
    if (steps == NULL || !PyTuple_CheckExact(steps) || PyTuple_GET_SIZE(steps) != 1) goto fallback;
    if (holders == NULL || !PyList_CheckExact(holders) || !holds_tensors(holders)) goto fallback;
    PyObject *step = PyTuple_GET_ITEM(steps, 0);
    if (Py_TYPE(step) != tf_LaunchStepType) goto fallback;
    PyObject *kernel = SLOT(step, tf_S_kernel), *values = SLOT(step, tf_S_values),
             *grid = SLOT(step, tf_S_grid);

    /* the backend: the GPU's, with its compiled-kernel cache. Where finding it or the stream
     * fails, nothing has changed yet: the Python fails the same way, with its own semantics */
    if ((current = PyObject_GetAttr(tf_backends_module, tf_a_current)) == NULL ||
        (backend = PyObject_CallNoArgs(current)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    if (backend != last_backend) {
        /* the backend's capability (Backend.fast_launch): its compiled-kernel cache and its
         * launch function, or None where the C path cannot launch its kernels */
        PyObject *fast = PyObject_GetAttr(backend, tf_a_fast_launch);
        if (fast == NULL) {
            PyErr_Clear();
            goto fallback;
        }
        if (!PyTuple_CheckExact(fast) || PyTuple_GET_SIZE(fast) != 2 ||
            !PyDict_CheckExact(PyTuple_GET_ITEM(fast, 0))) {
            Py_DECREF(fast);
            goto fallback;
        }
        PyObject *cache = PyTuple_GET_ITEM(fast, 0), *launch = PyTuple_GET_ITEM(fast, 1);
        Py_INCREF(cache);
        Py_INCREF(launch);
        Py_DECREF(fast);
        Py_XSETREF(last_cache, cache);
        Py_XSETREF(last_launch, launch);
        Py_INCREF(backend);
        Py_XSETREF(last_backend, backend);
        Py_CLEAR(tf_memo_kernel); /* another backend: another cache */
    }
    /* the current stream, already launched on and synchronized once */
    if (PyContextVar_Get(tf_stream_var, NULL, &stack) < 0) goto error;
    if (stack != NULL && PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) > 0) {
        stream = PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1);
        Py_INCREF(stream);
    } else if ((stream = PyObject_GetAttr(tf_streams_module, tf_a_default)) == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    if (Py_TYPE(stream) != tf_StreamType) goto fallback;
    PyObject *handle = SLOT(stream, tf_ST_handle), *sync = SLOT(stream, tf_ST_sync);
    if (handle == NULL || handle == Py_None || sync == NULL || sync == Py_None) goto fallback;

    /* the launch arguments, as tilert.cutile.backend.launch_arguments makes them: checked and
     * counted first, then filled in */
    if (kernel == tf_memo_kernel) {
        plan = tf_memo_plan;
        Py_INCREF(plan);
    } else if ((plan = PyObject_GetAttr(kernel, tf_a_fast_plan)) == NULL) {
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
            if (Py_TYPE(v) != tf_PartitionType || SLOT(v, tf_P_mapping) != Py_None || part != NULL)
                goto fallback;
            part = v;
            t = written = SLOT(v, tf_P_tensor);
            count += PyTuple_GET_SIZE(SLOT(v, tf_P_tile_shape));
        }
        if (Py_TYPE(t) != tf_TensorType) goto fallback;
        PyObject *writer = SLOT(t, tf_T_writer), *view = SLOT(t, tf_T_launch_view);
        if (writer == NULL || (writer != Py_None && (!PyTuple_CheckExact(writer) ||
                                                     PyTuple_GET_ITEM(writer, 0) != stream)))
            goto fallback; /* last written on another stream: wait for that launch first */
        if (view == NULL || view == Py_None) goto fallback; /* (made by the first launch) */
    }
    if (part == NULL) goto fallback;
    Py_ssize_t rank = PyTuple_GET_SIZE(SLOT(part, tf_P_tile_shape));
    if (kernel != tf_memo_kernel || rank != memo_rank) { /* the compiled specialization */
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
        PyObject *found_kernel = PyObject_GetAttr(found, tf_a_kernel);
        if (found_kernel == NULL) { /* not a compiled kernel: the Python reports it */
            PyErr_Clear();
            goto fallback;
        }
        Py_INCREF(found);
        Py_XSETREF(memo_compiled, found);
        Py_XSETREF(memo_ckernel, found_kernel);
        Py_INCREF(plan);
        Py_XSETREF(tf_memo_plan, plan);
        Py_INCREF(kernel);
        Py_XSETREF(tf_memo_kernel, kernel);
        memo_rank = rank;
    }
    compiled = memo_compiled;
    ckernel = memo_ckernel;
    Py_INCREF(compiled);
    Py_INCREF(ckernel);
    if ((launch_args = PyTuple_New(count)) == NULL) goto error;
    for (Py_ssize_t i = 0, at = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i), *item = v;
        if (Py_TYPE(v) == tf_PartitionType) {
            PyObject *tile_shape = SLOT(v, tf_P_tile_shape);
            item = SLOT(SLOT(v, tf_P_tensor), tf_T_launch_view);
            for (Py_ssize_t d = 0; d < PyTuple_GET_SIZE(tile_shape); d++) {
                PyObject *dim = PyTuple_GET_ITEM(tile_shape, d);
                Py_INCREF(dim);
                PyTuple_SET_ITEM(launch_args, at + 1 + d, dim);
            }
        } else if (Py_TYPE(v) == tf_TensorType) {
            item = SLOT(v, tf_T_launch_view);
        }
        Py_INCREF(item);
        PyTuple_SET_ITEM(launch_args, at, item);
        at += Py_TYPE(v) == tf_PartitionType ? 1 + rank : 1;
    }

    /* run: launch on the stream (under the queue lock), synchronize, release the borrows */
    tf_set_slot(self, tf_O_state, tf_s_submitted);
    long launched, completed;
    tf_lock_take(tf_queue_lock);
    if (tf_get_long(stream, tf_ST_launched, &launched) < 0 ||
        (number = PyLong_FromLong(++launched)) == NULL) {
        tf_unlock_keeping_error(tf_queue_lock);
        goto error_unreleased;
    }
    /* (one int for the number, the writer and the wait) */
    tf_set_slot(stream, tf_ST_launched, number);
    PyObject *call[4] = {handle, grid, ckernel, launch_args};
    PyObject *r = PyObject_Vectorcall(last_launch, call, 4, NULL);
    if (r == NULL) { /* cuTile's error, at the user's line (CutileBackend.launch_error) */
        PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        PyErr_NormalizeException(&exc_type, &exc_value, &exc_tb);
        if (exc_tb != NULL) PyException_SetTraceback(exc_value, exc_tb);
        PyObject *converted = PyObject_CallMethodObjArgs(last_backend, tf_a_launch_error,
                                                         kernel, compiled, exc_value, NULL);
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
            tf_set_slot(written, tf_T_writer, writer);
            Py_DECREF(writer);
        }
    }
    tf_lock_give(tf_queue_lock);
    if (synchronize(handle, sync) < 0) { /* its error wins, as in Stream.run_now */
        Py_CLEAR(exc_type);
        Py_CLEAR(exc_value);
        Py_CLEAR(exc_tb);
        goto error_unreleased;
    }
    if (tf_get_long(stream, tf_ST_completed, &completed) < 0) goto error_unreleased;
    if (launched > completed) tf_set_slot(stream, tf_ST_completed, number);
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
    goto done;
fallback: /* nothing taken yet: the Python runs the whole sync */
    slow = 1;
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
    return slow ? tf_slow(tf_py_op_sync, self, args, nargs, kwnames) : result;
}
