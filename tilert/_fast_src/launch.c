/* What Op.sync and Op.submit share: the checks and arguments of a fast GPU launch, its issue on
 * the stream, the stream synchronize, and the release of an op's borrows. */

#include "fast.h"

#if defined(__linux__)
#include <dlfcn.h>
#endif

/* the backend of the last fast launch, with what a launch needs of it (it never changes) */
static PyObject *last_backend, *last_cache, *last_launch;
/* and its compiled kernel launched last (tf_memo_kernel, tf_memo_plan: see fast.h), with the rank
 * of its partition */
static PyObject *memo_compiled, *memo_ckernel;
/* and its own launch function (Compiled.launch: a dependent launch's), or None */
static PyObject *memo_launch;
static Py_ssize_t memo_rank;
/* and its direct launch (direct.c), if it has one */
static TfDirect memo_direct;

/* Drop what this file remembers of the last launch (its kernel, backend and compiled kernel):
 * see tf_forget_memos. The next launch looks them up again. */
void tf_forget_launch(void) {
    Py_CLEAR(last_backend);
    Py_CLEAR(last_cache);
    Py_CLEAR(last_launch);
    Py_CLEAR(memo_compiled);
    Py_CLEAR(memo_ckernel);
    Py_CLEAR(memo_launch);
    tf_direct_clear(&memo_direct);
    Py_CLEAR(tf_memo_kernel);
    Py_CLEAR(tf_memo_plan);
    memo_rank = 0;
}

/* -- releasing an op's borrows ------------------------------------------------------------- */
/* ``dict.pop(key, None)`` in one lookup: 1 with the value (a new reference), 0 where absent, -1
 * on an error. */
static int pop_item(PyObject *dict, PyObject *key, PyObject **value) {
#if PY_VERSION_HEX >= 0x030D0000
    return PyDict_Pop(dict, key, value);
#else
    PyObject *found = _PyDict_Pop(dict, key, Py_None); /* (a borrow is a tuple, never None) */
    *value = NULL;
    if (found == NULL) return -1;
    if (found == Py_None) {
        Py_DECREF(found);
        return 0;
    }
    *value = found;
    return 1;
#endif
}

/* ``held.clear()``, keeping the list's room (list.clear frees it): the list is consistent at
 * each decref, which may run a finalizer. */
static void clear_keeping_room(PyObject *held) {
    PyListObject *list = (PyListObject *)held;
    for (Py_ssize_t i = PyList_GET_SIZE(held) - 1; i >= 0; i--) {
        PyObject *item = list->ob_item[i];
        list->ob_item[i] = NULL;
        Py_SET_SIZE(list, i);
        Py_DECREF(item);
    }
}

/* A count slot (``_exclusive``, ``_readers``) moved by ``delta``: -1 on an error. */
static int add_to_count(PyObject *t, Py_ssize_t off, long delta) {
    long count;
    return tf_get_long(t, off, &count) < 0 ? -1 : tf_set_long(t, off, count + delta);
}

/* A partition holder's inline borrows dropped (ownership._release_inline): its tensor's
 * ``_owner``, and the count of each tensor among its ``reads``. */
static int release_inline(PyObject *holder) {
    PyObject *t = SLOT(holder, tf_H_tensor), *reads = SLOT(holder, tf_H_reads);
    if (t != NULL && Py_TYPE(t) == tf_TensorType && SLOT(t, tf_T_owner) == holder) {
        tf_set_slot(t, tf_T_owner, Py_None);
        if (add_to_count(t, tf_T_exclusive, -1) < 0) return -1;
    }
    if (reads == NULL || !PyTuple_CheckExact(reads) || PyTuple_GET_SIZE(reads) == 0) return 0;
    Py_INCREF(reads);
    int failed = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(reads) && !failed; i++) {
        PyObject *v = PyTuple_GET_ITEM(reads, i);
        if (Py_TYPE(v) == tf_TensorType) failed = add_to_count(v, tf_T_readers, -1) < 0;
    }
    tf_set_slot(holder, tf_H_reads, tf_empty_tuple);
    Py_DECREF(reads);
    tf_leave_inline(holder);
    return failed ? -1 : 0;
}

/* ownership.release_holders for an op of tensors: drop every borrow of each holder (its
 * holders: a launch's tuple, or the list of a collective's op; tf_holds_tensors checked which):
 * those in tables (its ``held``), then a partition holder's inline ones. */
int tf_release_holders(PyObject *holders) {
    int failed = 0;
    tf_lock_take(tf_borrow_lock);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(holders) && !failed; i++) {
        PyObject *holder = PySequence_Fast_GET_ITEM(holders, i), *held = SLOT(holder, tf_H_held);
        if (held != NULL && PyList_CheckExact(held)) {
            for (Py_ssize_t j = 0; j < PyList_GET_SIZE(held) && !failed; j++) {
                PyObject *t = PyList_GET_ITEM(held, j), *borrow;
                int found = pop_item(SLOT(t, tf_T_borrows), holder, &borrow);
                if (found <= 0) { /* (absent if tr.unsafe.force_release dropped it) */
                    failed = found < 0;
                    continue;
                }
                int exclusive = PyTuple_GET_ITEM(borrow, 0) == Py_True;
                Py_DECREF(borrow);
                failed = exclusive && add_to_count(t, tf_T_exclusive, -1) < 0;
            }
            if (!failed) clear_keeping_room(held);
        }
        if (!failed && Py_TYPE(holder) == tf_PartitionHolderType)
            failed = release_inline(holder) < 0;
    }
    if (failed) {
        tf_unlock_keeping_error(tf_borrow_lock);
        return -1;
    }
    tf_lock_give(tf_borrow_lock);
    return 0;
}

/* Whether every holder of an op holds only tensors (what tf_release_holders reads by slot). */
int tf_holds_tensors(PyObject *holders) {
    if (holders == NULL || !(PyTuple_CheckExact(holders) || PyList_CheckExact(holders))) return 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(holders); i++) {
        PyObject *holder = PySequence_Fast_GET_ITEM(holders, i);
        PyTypeObject *type = Py_TYPE(holder);
        if (type != tf_OpHolderType && type != tf_PartitionHolderType) return 0;
        PyObject *held = SLOT(holder, tf_H_held);
        if (held == tf_empty_tuple) continue; /* (a partition holder's borrows all inline) */
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

void *tf_driver_symbol(const char *name) {
#if defined(__linux__)
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    return lib == NULL ? NULL : dlsym(lib, name);
#else
    return NULL;
#endif
}

static void find_driver(void) {
    cu_stream_sync = (stream_sync_fn)tf_driver_symbol("cuStreamSynchronize");
    driver_state = cu_stream_sync != NULL ? 1 : -1;
}

int tf_synchronize(PyObject *handle, PyObject *python_sync) {
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

/* -- the launch ---------------------------------------------------------------------------- */
void tf_direct_forget(TfLaunch *l) {
    if (memo_direct.direct == l->direct.direct) tf_direct_clear(&memo_direct);
    if (PyObject_SetAttrString(l->compiled, "direct", Py_None) < 0) PyErr_Clear();
    tf_direct_clear(&l->direct);
}

void tf_launch_clear(TfLaunch *l) {
    tf_direct_clear(&l->direct);
    Py_CLEAR(l->stream);
    Py_CLEAR(l->compiled);
    Py_CLEAR(l->ckernel);
    Py_CLEAR(l->launch);
    Py_CLEAR(l->launch_args);
}

/* ``module.name`` (a new reference, or NULL with an exception): its dict's item, without the
 * attribute lookup around it (a module's own names are all there) */
static PyObject *module_item(PyObject *module, PyObject *name) {
    PyObject *found = PyDict_GetItemWithError(PyModule_GetDict(module), name);
    if (found == NULL) {
        if (!PyErr_Occurred()) PyErr_SetObject(PyExc_AttributeError, name);
        return NULL;
    }
    Py_INCREF(found);
    return found;
}

/* The current stream, or NULL without an exception where the Python must find it. */
static PyObject *current_stream(void) {
    PyObject *stack = NULL, *stream = NULL;
    if (PyContextVar_Get(tf_stream_var, NULL, &stack) < 0) {
        PyErr_Clear();
        return NULL;
    }
    if (stack != NULL && PyTuple_Check(stack) && PyTuple_GET_SIZE(stack) > 0) {
        stream = PyTuple_GET_ITEM(stack, PyTuple_GET_SIZE(stack) - 1);
        Py_INCREF(stream);
    } else if ((stream = module_item(tf_streams_module, tf_a_default)) == NULL) {
        PyErr_Clear();
    } else if (stream == Py_None) {
        /* torch's current stream is followed (streams._follow_torch): streams._torch_stream
         * says which tilert Stream wraps it, a call of well under a microsecond, where leaving
         * the launch to the Python would cost the whole Python path */
        Py_DECREF(stream);
        PyObject *find = PyObject_GetAttr(tf_streams_module, tf_a_torch_stream);
        stream = find == NULL ? NULL : PyObject_CallNoArgs(find);
        Py_XDECREF(find);
        if (stream == NULL) PyErr_Clear();
    }
    Py_XDECREF(stack);
    return stream;
}

/* A kernel op on a GPU stream that launched and synchronized before, its compiled specialization
 * cached and no tensor last written on another stream: 1 with ``l`` filled, 0 where the Python
 * must run (nothing changed, no exception), -1 on an error. ``stream`` is the one asked for, or
 * NULL for the current one. */
int tf_launch_prepare(PyObject *self, PyObject *stream, TfLaunch *l) {
    PyObject *backend = NULL, *current = NULL, *plan = NULL, *spec = NULL, *key = NULL, *id = NULL;
    int result = 0, capturing;
    memset(l, 0, sizeof(*l));
    if ((capturing = tf_var_is_set(tf_capture_var)) != 0) return capturing < 0 ? -1 : 0;
    if (SLOT(self, tf_O_state) != tf_s_created || SLOT(self, tf_O_origin) != Py_None) return 0;
    /* a kernel's launch (its step, made or not, is of its kernel, values and grid) */
    PyObject *kernel = SLOT(self, tf_O_kernel), *values = SLOT(self, tf_O_outputs),
             *holders = SLOT(self, tf_O_holders), *grid = SLOT(self, tf_O_grid);
    if (kernel == NULL || kernel == Py_None || values == NULL || !PyTuple_CheckExact(values) ||
        grid == NULL || !PyTuple_CheckExact(grid))
        return 0;
    if (!tf_holds_tensors(holders)) return 0;
    l->holders = holders;
    l->kernel = kernel;
    l->values = values;
    l->grid = grid;

    /* the backend: the GPU's, with its compiled-kernel cache. Where finding it or the stream
     * fails, nothing has changed yet: the Python fails the same way, with its own semantics */
    if ((current = module_item(tf_backends_module, tf_a_current)) == NULL) {
        PyErr_Clear();
        goto out;
    }
    if (current == tf_backend_current && PyList_GET_SIZE(tf_backend_chosen) == 1) {
        backend = Py_NewRef(PyList_GET_ITEM(tf_backend_chosen, 0)); /* (cached: no call) */
    } else if ((backend = PyObject_CallNoArgs(current)) == NULL) {
        PyErr_Clear();
        goto out;
    }
    if (backend != last_backend) {
        /* the backend's capability (Backend.fast_launch): its compiled-kernel cache and its
         * launch function, or None where the C path cannot launch its kernels */
        PyObject *fast = PyObject_GetAttr(backend, tf_a_fast_launch);
        if (fast == NULL) {
            PyErr_Clear();
            goto out;
        }
        if (!PyTuple_CheckExact(fast) || PyTuple_GET_SIZE(fast) != 2 ||
            !PyDict_CheckExact(PyTuple_GET_ITEM(fast, 0))) {
            Py_DECREF(fast);
            goto out;
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
    l->backend = last_backend;
    /* the stream, already launched on and synchronized once */
    if (stream == NULL || stream == Py_None) {
        if ((stream = current_stream()) == NULL) goto out;
    } else {
        Py_INCREF(stream);
    }
    l->stream = stream;
    if (Py_TYPE(stream) != tf_StreamType) goto out;
    l->handle = SLOT(stream, tf_ST_handle);
    l->sync = SLOT(stream, tf_ST_sync);
    if (l->handle == NULL || l->handle == Py_None || l->sync == NULL || l->sync == Py_None)
        goto out;

    /* the launch arguments, as tilert.cutile.backend.launch_arguments makes them: checked and
     * counted first, then filled in */
    if (kernel == tf_memo_kernel) {
        plan = tf_memo_plan;
        Py_INCREF(plan);
    } else if ((plan = PyObject_GetAttr(kernel, tf_a_fast_plan)) == NULL) {
        PyErr_Clear(); /* (a CUDA C++ kernel's op: the slow path) */
        goto out;
    }
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 4) goto out;
    PyObject *params = PyTuple_GET_ITEM(plan, 3), *part = NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(values), count = 0;
    if (PyTuple_GET_SIZE(params) != n) goto out;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i);
        long kind = tf_kind(PyTuple_GET_ITEM(params, i));
        count++;
        if (kind == SCALAR) {
            PyTypeObject *type = Py_TYPE(v);
            if (type != &PyLong_Type && type != &PyFloat_Type && type != &PyBool_Type)
                goto out; /* a numpy scalar: launch_arguments takes its item() */
            continue;
        }
        PyObject *t = v;
        if (kind == MUTABLE) {
            if (Py_TYPE(v) != tf_PartitionType || SLOT(v, tf_P_mapping) != Py_None || part != NULL)
                goto out;
            part = v;
            t = l->written = SLOT(v, tf_P_tensor);
            count += PyTuple_GET_SIZE(SLOT(v, tf_P_tile_shape));
        }
        if (Py_TYPE(t) != tf_TensorType) goto out;
        /* a view, or a tensor with views: the Python waits for the writers of what overlaps it */
        if (SLOT(t, tf_T_family) != Py_None) goto out;
        PyObject *writer = SLOT(t, tf_T_writer), *view = SLOT(t, tf_T_launch_view);
        if (writer == NULL || (writer != Py_None && (!PyTuple_CheckExact(writer) ||
                                                     PyTuple_GET_ITEM(writer, 0) != stream)))
            goto out; /* last written on another stream: wait for that launch first */
        if (view == NULL || view == Py_None) goto out; /* (made by the first launch) */
    }
    if (part == NULL) goto out;
    Py_ssize_t rank = PyTuple_GET_SIZE(SLOT(part, tf_P_tile_shape));
    if (kernel != tf_memo_kernel || rank != memo_rank) { /* the compiled specialization */
        PyObject *rank_obj = PyLong_FromSsize_t(rank);
        PyObject *entry = rank_obj == NULL ? NULL : PyTuple_Pack(2, rank_obj, Py_False);
        Py_XDECREF(rank_obj);
        spec = entry == NULL ? NULL : PyTuple_Pack(1, entry);
        Py_XDECREF(entry);
        if (spec == NULL || (id = PyLong_FromVoidPtr(kernel)) == NULL ||
            (key = PyTuple_Pack(2, id, spec)) == NULL)
            goto error;
        PyObject *found = PyDict_GetItemWithError(last_cache, key);
        if (found == NULL) {
            if (PyErr_Occurred()) goto error;
            goto out; /* first launch of this specialization: the slow path compiles it */
        }
        PyObject *found_kernel = PyObject_GetAttr(found, tf_a_kernel);
        if (found_kernel == NULL) { /* not a compiled kernel: the Python reports it */
            PyErr_Clear();
            goto out;
        }
        PyObject *own_launch = PyObject_GetAttr(found, tf_a_launch);
        if (own_launch == NULL) { /* (a compiled kernel without one: the backend's) */
            PyErr_Clear();
            own_launch = Py_NewRef(Py_None);
        }
        Py_XSETREF(memo_launch, own_launch);
        tf_direct_clear(&memo_direct);
        PyObject *direct = PyObject_GetAttrString(found, "direct");
        if (direct == NULL) PyErr_Clear(); /* (another backend's compiled kernel: none) */
        tf_direct_read(direct, &memo_direct);
        Py_XDECREF(direct);
        Py_INCREF(found);
        Py_XSETREF(memo_compiled, found);
        Py_XSETREF(memo_ckernel, found_kernel);
        Py_INCREF(plan);
        Py_XSETREF(tf_memo_plan, plan);
        Py_INCREF(kernel);
        Py_XSETREF(tf_memo_kernel, kernel);
        memo_rank = rank;
    }
    l->compiled = memo_compiled;
    l->ckernel = memo_ckernel;
    l->launch = memo_launch != Py_None ? memo_launch : last_launch;
    Py_INCREF(l->compiled);
    Py_INCREF(l->ckernel);
    Py_INCREF(l->launch);
    if (memo_direct.direct != NULL) { /* (never a dependent launch's: direct.make) */
        l->direct = memo_direct;
        Py_INCREF(l->direct.direct);
        Py_INCREF(l->direct.layout);
    }
    PyObject *launch_args = l->launch_args = PyTuple_New(count);
    if (launch_args == NULL) goto error;
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
    result = 1;
    goto out;
error:
    result = -1;
out:
    if (result != 1) tf_launch_clear(l);
    Py_XDECREF(current);
    Py_XDECREF(backend);
    Py_XDECREF(plan);
    Py_XDECREF(spec);
    Py_XDECREF(id);
    Py_XDECREF(key);
    return result;
}

/* Issue the prepared launch on its stream, under the queue lock: the stream's next launch
 * number (returned, a new reference; NULL on an error before the launch), then the launch, which
 * marks the written tensor's last writer, or its error, converted as CutileBackend.launch
 * converts it, left in ``*failure`` (a new reference). */
PyObject *tf_launch_issue(TfLaunch *l, long *launched, PyObject **failure) {
    PyObject *number = NULL;
    *failure = NULL;
    tf_lock_take(tf_queue_lock);
    if (tf_get_long(l->stream, tf_ST_launched, launched) < 0 ||
        (number = PyLong_FromLong(++*launched)) == NULL) {
        tf_unlock_keeping_error(tf_queue_lock);
        return NULL;
    }
    /* (one int for the number, the writer and the wait) */
    tf_set_slot(l->stream, tf_ST_launched, number);
    PyObject *call[4] = {l->handle, l->grid, l->ckernel, l->launch_args};
    PyObject *r = l->direct.direct != NULL && tf_direct_launch(l)
                      ? Py_NewRef(Py_None)
                      : PyObject_Vectorcall(l->launch, call, 4, NULL);
    if (r == NULL) { /* cuTile's error, at the user's line (CutileBackend.launch_error) */
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        if (tb != NULL) PyException_SetTraceback(value, tb);
        Py_XDECREF(type);
        Py_XDECREF(tb);
        PyObject *converted = PyObject_CallMethodObjArgs(l->backend, tf_a_launch_error, l->kernel,
                                                         l->compiled, value, NULL);
        Py_DECREF(value);
        if (converted == NULL) {
            PyErr_Fetch(&type, &value, &tb);
            PyErr_NormalizeException(&type, &value, &tb);
            if (tb != NULL) PyException_SetTraceback(value, tb);
            Py_XDECREF(type);
            Py_XDECREF(tb);
            converted = value;
        }
        *failure = converted;
    } else {
        Py_DECREF(r);
        PyObject *writer = SLOT(l->written, tf_T_writer);
        if (writer != NULL && PyTuple_CheckExact(writer) && Py_REFCNT(writer) == 1 &&
            PyTuple_GET_SIZE(writer) == 2 && PyTuple_GET_ITEM(writer, 0) == l->stream) {
            /* the tensor's own (stream, number), seen by no one else: renumbered in place, as
             * CPython reuses a tuple only it holds (one object less per launch) */
            PyObject *before = PyTuple_GET_ITEM(writer, 1);
            Py_INCREF(number);
            PyTuple_SET_ITEM(writer, 1, number);
            Py_DECREF(before);
        } else if ((writer = PyTuple_Pack(2, l->stream, number)) == NULL) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyErr_NormalizeException(&type, &value, &tb);
            Py_XDECREF(type);
            Py_XDECREF(tb);
            *failure = value;
        } else {
            tf_untrack(writer); /* (see tf_untrack) */
            tf_set_slot(l->written, tf_T_writer, writer);
            Py_DECREF(writer);
        }
    }
    tf_lock_give(tf_queue_lock);
    return number;
}
