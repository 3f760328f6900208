/* install(): what Python hands over, read once into the globals every file uses (defined
 * here), the fast methods made from it, and the module itself. */

#include "fast.h"
#include <structmember.h>

PyTypeObject *tf_TensorType, *tf_PartitionType, *tf_PartitionHolderType, *tf_OpHolderType,
    *tf_OpType, *tf_StreamType, *tf_PendingType, *tf_TicketType, *tf_KernelType;
PyObject *tf_py_partition, *tf_py_kernel_call, *tf_py_op_sync, *tf_py_op_del,
    *tf_py_partition_del, *tf_py_op_submit, *tf_py_pending_wait, *tf_py_pending_del;
FastLock *tf_borrow_lock, *tf_queue_lock;
PyObject *tf_handoff_var, *tf_capture_var, *tf_stream_var, *tf_streams_module,
    *tf_backends_module;
PyObject *tf_tilings, *tf_inside_files, *tf_formatted_sites, *tf_launchable_grids,
    *tf_in_flight, *tf_inline;
PyObject *tf_checked_launches;
PyObject *tf_backend_current, *tf_backend_chosen;

Py_ssize_t tf_T_shape, tf_T_borrows, tf_T_exclusive, tf_T_dtype, tf_T_writer, tf_T_launch_view;
Py_ssize_t tf_T_family, tf_T_owner, tf_T_readers;
Py_ssize_t tf_P_tile_shape, tf_P_grid, tf_P_tensor, tf_P_mapping, tf_P_consumed_at,
    tf_P_consumer, tf_P_holder, tf_P_made_at;
Py_ssize_t tf_H_label, tf_H_where, tf_H_group, tf_H_held, tf_H_tensor, tf_H_reads, tf_H_reading,
    tf_H_writing, tf_H_newer, tf_H_older;
Py_ssize_t tf_O_label, tf_O_holders, tf_O_made_steps, tf_O_kernel, tf_O_grid, tf_O_outputs,
    tf_O_origin, tf_O_state, tf_O_into, tf_O_ran_at;
Py_ssize_t tf_ST_handle, tf_ST_sync, tf_ST_launched, tf_ST_completed;
Py_ssize_t tf_PN_label, tf_PN_stream, tf_PN_where, tf_PN_ticket, tf_PN_holders, tf_PN_outputs,
    tf_PN_releases, tf_PN_waited;
Py_ssize_t tf_TK_done, tf_TK_error, tf_TK_launched, tf_TK_run, tf_TK_seq;
static Py_ssize_t op_holder_held; /* must be tf_H_held: both holders are read at one offset */

PyObject *tf_s_created, *tf_s_synced, *tf_s_submitted, *tf_s_partitioned, *tf_s_partition,
    *tf_s_empty, *tf_empty_tuple;
PyObject *tf_a_launch_error, *tf_a_fast_plan, *tf_a_fast_launch, *tf_a_current, *tf_a_default,
    *tf_a_kernel, *tf_a_keep_error, *tf_a_torch_stream, *tf_a_launch;

PyObject *tf_memo_kernel, *tf_memo_plan;
PyObject *tf_kinds[TF_SMALL_INTS];
int tf_op_record;

/* -- the contract: what install() reads, listed once ---------------------------------------- */
/* Each list is expanded twice: by install(), to read the config, and by PyInit__fast, into the
 * module's KEYS and SLOTS, which tilert/_accel.py checks before it calls install(). */

/* The config's items, X(global, key), in the order install() reads them; and "Kernel" (the owner
 * of the fast __call__, kept in no global) */
#define TF_ITEMS(X)                                                                             \
    X(tf_TensorType, "Tensor")                                                                  \
    X(tf_PartitionType, "Partition")                                                            \
    X(tf_PartitionHolderType, "PartitionHolder")                                                \
    X(tf_OpHolderType, "OpHolder")                                                              \
    X(tf_OpType, "Op")                                                                          \
    X(tf_StreamType, "Stream")                                                                  \
    X(tf_PendingType, "Pending")                                                                \
    X(tf_TicketType, "Ticket")                                                                  \
    X(tf_py_partition, "partition")                                                             \
    X(tf_py_kernel_call, "kernel_call")                                                         \
    X(tf_py_op_sync, "op_sync")                                                                 \
    X(tf_py_op_del, "op_del")                                                                   \
    X(tf_py_partition_del, "partition_del")                                                     \
    X(tf_py_op_submit, "op_submit")                                                             \
    X(tf_py_pending_wait, "pending_wait")                                                       \
    X(tf_py_pending_del, "pending_del")                                                         \
    X(tf_borrow_lock, "borrow_lock")                                                            \
    X(tf_queue_lock, "queue_lock")                                                              \
    X(tf_handoff_var, "handoff_var")                                                            \
    X(tf_capture_var, "capture_var")                                                            \
    X(tf_stream_var, "stream_var")                                                              \
    X(tf_streams_module, "streams_module")                                                      \
    X(tf_backends_module, "backends_module")                                                    \
    X(tf_tilings, "tilings")                                                                    \
    X(tf_inside_files, "inside_files")                                                          \
    X(tf_formatted_sites, "formatted_sites")                                                    \
    X(tf_launchable_grids, "launchable_grids")                                                  \
    X(tf_checked_launches, "checked_launches")                                                  \
    X(tf_in_flight, "in_flight")                                                                \
    X(tf_inline, "inline")                                                                      \
    X(tf_backend_current, "backend_current")                                                    \
    X(tf_backend_chosen, "backend_chosen")
#define KERNEL_KEY "Kernel"

/* The __slots__ members read and written by offset, X(class global, class key, name, offset) */
#define TF_SLOTS(X)                                                                             \
    X(tf_TensorType, "Tensor", "_shape", tf_T_shape)                                            \
    X(tf_TensorType, "Tensor", "_borrows", tf_T_borrows)                                        \
    X(tf_TensorType, "Tensor", "_exclusive", tf_T_exclusive)                                    \
    X(tf_TensorType, "Tensor", "_dtype", tf_T_dtype)                                            \
    X(tf_TensorType, "Tensor", "_writer", tf_T_writer)                                          \
    X(tf_TensorType, "Tensor", "_launch_view", tf_T_launch_view)                                \
    X(tf_TensorType, "Tensor", "_family", tf_T_family)                                          \
    X(tf_TensorType, "Tensor", "_owner", tf_T_owner)                                            \
    X(tf_TensorType, "Tensor", "_readers", tf_T_readers)                                        \
    X(tf_StreamType, "Stream", "_handle", tf_ST_handle)                                         \
    X(tf_StreamType, "Stream", "_sync", tf_ST_sync)                                             \
    X(tf_StreamType, "Stream", "_launched", tf_ST_launched)                                     \
    X(tf_StreamType, "Stream", "_completed", tf_ST_completed)                                   \
    X(tf_PartitionType, "Partition", "tile_shape", tf_P_tile_shape)                             \
    X(tf_PartitionType, "Partition", "grid", tf_P_grid)                                         \
    X(tf_PartitionType, "Partition", "tensor", tf_P_tensor)                                     \
    X(tf_PartitionType, "Partition", "mapping", tf_P_mapping)                                   \
    X(tf_PartitionType, "Partition", "consumed_at", tf_P_consumed_at)                           \
    X(tf_PartitionType, "Partition", "_consumer", tf_P_consumer)                                \
    X(tf_PartitionType, "Partition", "_holder", tf_P_holder)                                    \
    X(tf_PartitionType, "Partition", "_made_at", tf_P_made_at)                                  \
    X(tf_PartitionHolderType, "PartitionHolder", "label", tf_H_label)                           \
    X(tf_PartitionHolderType, "PartitionHolder", "where", tf_H_where)                           \
    X(tf_PartitionHolderType, "PartitionHolder", "group", tf_H_group)                           \
    X(tf_PartitionHolderType, "PartitionHolder", "held", tf_H_held)                             \
    X(tf_PartitionHolderType, "PartitionHolder", "tensor", tf_H_tensor)                         \
    X(tf_PartitionHolderType, "PartitionHolder", "reads", tf_H_reads)                           \
    X(tf_PartitionHolderType, "PartitionHolder", "reading", tf_H_reading)                       \
    X(tf_PartitionHolderType, "PartitionHolder", "writing", tf_H_writing)                       \
    X(tf_PartitionHolderType, "PartitionHolder", "newer", tf_H_newer)                           \
    X(tf_PartitionHolderType, "PartitionHolder", "older", tf_H_older)                           \
    X(tf_OpHolderType, "OpHolder", "held", op_holder_held)                                      \
    X(tf_OpType, "Op", "label", tf_O_label)                                                     \
    X(tf_OpType, "Op", "_holders", tf_O_holders)                                                \
    X(tf_OpType, "Op", "_made_steps", tf_O_made_steps)                                          \
    X(tf_OpType, "Op", "_kernel", tf_O_kernel)                                                  \
    X(tf_OpType, "Op", "_grid", tf_O_grid)                                                      \
    X(tf_OpType, "Op", "_outputs", tf_O_outputs)                                                \
    X(tf_OpType, "Op", "_origin", tf_O_origin)                                                  \
    X(tf_OpType, "Op", "_state", tf_O_state)                                                    \
    X(tf_OpType, "Op", "_into", tf_O_into)                                                      \
    X(tf_OpType, "Op", "_ran_at", tf_O_ran_at)                                                  \
    X(tf_PendingType, "Pending", "label", tf_PN_label)                                          \
    X(tf_PendingType, "Pending", "stream", tf_PN_stream)                                        \
    X(tf_PendingType, "Pending", "where", tf_PN_where)                                          \
    X(tf_PendingType, "Pending", "_ticket", tf_PN_ticket)                                       \
    X(tf_PendingType, "Pending", "_holders", tf_PN_holders)                                     \
    X(tf_PendingType, "Pending", "_outputs", tf_PN_outputs)                                     \
    X(tf_PendingType, "Pending", "_releases", tf_PN_releases)                                   \
    X(tf_PendingType, "Pending", "_waited", tf_PN_waited)                                       \
    X(tf_TicketType, "Ticket", "done", tf_TK_done)                                              \
    X(tf_TicketType, "Ticket", "error", tf_TK_error)                                            \
    X(tf_TicketType, "Ticket", "launched", tf_TK_launched)                                      \
    X(tf_TicketType, "Ticket", "run", tf_TK_run)                                                \
    X(tf_TicketType, "Ticket", "seq", tf_TK_seq)

/* -- install ------------------------------------------------------------------------------- */
static PyMethodDef fast_methods[] = {
    {"partition", (PyCFunction)(void (*)(void))tf_tensor_partition, METH_FASTCALL | METH_KEYWORDS,
     "partition($self, tile_shape)\n--\n\nBorrow this tensor exclusively, split into "
     "disjoint tiles of ``tile_shape`` (the C fast path of Tensor._partition_python)."},
    {"__call__", (PyCFunction)(void (*)(void))tf_kernel_call, METH_FASTCALL | METH_KEYWORDS,
     "Launch lazily: the Op of this kernel over these arguments (the C fast path of "
     "Kernel._call_python)."},
    {"sync", (PyCFunction)(void (*)(void))tf_op_sync, METH_FASTCALL | METH_KEYWORDS,
     "sync($self, /)\n--\n\nRun on the current stream and wait; returns the op's outputs (the "
     "C fast path of Op._sync_python)."},
    {"__del__", (PyCFunction)(void (*)(void))tf_op_del, METH_FASTCALL | METH_KEYWORDS,
     "Release the borrows of an op that never ran, and warn (Op._del_python)."},
    {"__del__", (PyCFunction)(void (*)(void))tf_partition_del, METH_FASTCALL | METH_KEYWORDS,
     "Dropping an unconsumed partition ends its borrow (Partition._del_python)."},
    {"submit", (PyCFunction)(void (*)(void))tf_op_submit, METH_FASTCALL | METH_KEYWORDS,
     "submit($self, stream=None)\n--\n\nQueue on ``stream`` (default: the current one); borrows "
     "stay until the Pending is waited on (the C fast path of Op._submit_python)."},
    {"wait", (PyCFunction)(void (*)(void))tf_pending_wait, METH_FASTCALL | METH_KEYWORDS,
     "wait($self, /)\n--\n\nBlock until the op completed; release its borrows; return its "
     "outputs (the C fast path of Pending._wait_python)."},
    {"__del__", (PyCFunction)(void (*)(void))tf_pending_del, METH_FASTCALL | METH_KEYWORDS,
     "Wait for a Pending never waited on, and warn (Pending._del_python)."},
};

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
    if ((var = (void *)item(config, name)) == NULL) return NULL;
#define OFFSET(type, key, name, out) \
    if (slot_offset(type, name, &out) < 0) return NULL;
#define INTERN(var, text) \
    if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL

/* install(config) -> {name: method descriptor}: the methods to set on the classes. */
static PyObject *install(PyObject *module, PyObject *config) {
    if (!PyDict_Check(config)) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install takes a dict");
        return NULL;
    }
    TF_ITEMS(ITEM)
    if (Py_TYPE(tf_borrow_lock) != &tf_FastLockType || Py_TYPE(tf_queue_lock) != &tf_FastLockType) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: the locks must be RLock()s");
        return NULL;
    }
    PyTypeObject *types[] = {tf_TensorType, tf_PartitionType, tf_PartitionHolderType,
                             tf_OpHolderType, tf_OpType, tf_StreamType, tf_PendingType,
                             tf_TicketType};
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        if (!PyType_Check(types[i])) {
            PyErr_SetString(PyExc_TypeError, "tilert._fast.install: a class expected");
            return NULL;
        }
    }
    if (!PyDict_CheckExact(tf_tilings) || !PyDict_CheckExact(tf_inside_files) ||
        !PyDict_CheckExact(tf_formatted_sites) || !PySet_Check(tf_launchable_grids) ||
        !PySet_Check(tf_checked_launches) || !PyList_CheckExact(tf_backend_chosen)) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: caches of the wrong type");
        return NULL;
    }
    TF_SLOTS(OFFSET)
    if (Py_TYPE(tf_inline) != tf_PartitionHolderType || SLOT(tf_inline, tf_H_older) == NULL ||
        SLOT(tf_inline, tf_H_newer) == NULL) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: inline is no ring's head");
        return NULL;
    }
    if (op_holder_held != tf_H_held) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.install: holder layouts differ");
        return NULL;
    }
    /* an op becomes its Pending (submit.c) only where both are one record (ops._Record): the
     * same base and size, no dict, the shared slots at the same offsets */
    PyTypeObject *op = tf_OpType, *pn = tf_PendingType;
    tf_op_record = op->tp_base == pn->tp_base && op->tp_basicsize == pn->tp_basicsize &&
                   op->tp_itemsize == 0 && pn->tp_itemsize == 0 && op->tp_dictoffset == 0 &&
                   pn->tp_dictoffset == 0 && op->tp_weaklistoffset == pn->tp_weaklistoffset &&
                   (op->tp_flags & Py_TPFLAGS_HEAPTYPE) && (pn->tp_flags & Py_TPFLAGS_HEAPTYPE) &&
                   tf_O_label == tf_PN_label && tf_O_holders == tf_PN_holders &&
                   tf_O_outputs == tf_PN_outputs;
    INTERN(tf_s_created, "created");
    INTERN(tf_s_synced, "synced");
    INTERN(tf_s_submitted, "submitted");
    INTERN(tf_s_partitioned, "partitioned");
    INTERN(tf_s_partition, "partition");
    INTERN(tf_s_empty, "");
    if (tf_empty_tuple == NULL && (tf_empty_tuple = PyTuple_New(0)) == NULL) return NULL;
    INTERN(tf_a_fast_plan, "_fast_plan");
    INTERN(tf_a_launch_error, "launch_error");
    INTERN(tf_a_fast_launch, "fast_launch");
    INTERN(tf_a_current, "current");
    INTERN(tf_a_default, "_default");
    INTERN(tf_a_torch_stream, "_torch_stream");
    INTERN(tf_a_kernel, "kernel");
    INTERN(tf_a_launch, "launch");
    INTERN(tf_a_keep_error, "_keep_error");
    for (long k = 0; k < TF_SMALL_INTS; k++)
        if (tf_kinds[k] == NULL && (tf_kinds[k] = PyLong_FromLong(k)) == NULL) return NULL;

    PyObject *kernel_type = PyDict_GetItemString(config, KERNEL_KEY);
    if (kernel_type == NULL || !PyType_Check(kernel_type)) {
        PyErr_SetString(PyExc_KeyError, "tilert._fast.install: missing Kernel");
        return NULL;
    }
    Py_INCREF(kernel_type); /* (its tp_call is set by set_finalizers) */
    tf_KernelType = (PyTypeObject *)kernel_type;
    PyTypeObject *owners[] = {tf_TensorType, (PyTypeObject *)kernel_type, tf_OpType, tf_OpType,
                              tf_PartitionType, tf_OpType, tf_PendingType, tf_PendingType};
    const char *keys[] = {"Tensor.partition", "Kernel.__call__", "Op.sync", "Op.__del__",
                          "Partition.__del__", "Op.submit", "Pending.wait", "Pending.__del__"};
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

static PyObject *forget(PyObject *module, PyObject *unused) {
    tf_forget_launch();
    tf_forget_signature();
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"set_finalizers", tf_set_finalizers, METH_NOARGS,
     "set_finalizers()\n--\n\nOnce the classes' __del__ and Kernel.__call__ are the fast ones: "
     "their finalizers, and a kernel's call, run them without a lookup."},
    {"dlpack_hooks", tf_dlpack_hooks, METH_O,
     "dlpack_hooks(release, /)\n--\n\nThe (capsule destructor, deleter) addresses for the DLPack "
     "capsules tilert exports: each calls release(address of the DLManagedTensor) and keeps "
     "an exception pending in its caller."},
    {"forget", forget, METH_NOARGS,
     "forget()\n--\n\nDrop the launches remembered (their kernels, backend, compiled kernels): "
     "at exit, so that no kernel keeps its module's globals alive (tilert._accel calls it)."},
    {"direct_launches", tf_direct_launches, METH_NOARGS,
     "direct_launches()\n--\n\nHow many launches went to the driver directly, without "
     "ct.launch (tilert/cutile/direct.py)."},
    {"install", install, METH_O,
     "install(config, /)\n--\n\nTake tilert's classes, locks, caches and reference methods; "
     "return the fast methods to set on the classes (tilert._accel does both)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT,
    "tilert._fast",
    "The launch fast path in C (see tilert/_fast_src/, tilert/_fast.pyi and tilert/_accel.py).",
    -1,
    module_methods,
};

/* The contract as data: KEYS, the config's keys install() reads, and SLOTS, the (class key,
 * slot name) pairs it reads offsets of (see TF_ITEMS and TF_SLOTS). */
#define KEY_TEXT(var, key) key,
#define SLOT_TEXT(type, key, name, out) {key, name},
static const char *const item_keys[] = {TF_ITEMS(KEY_TEXT) KERNEL_KEY};
static const char *const slot_names[][2] = {TF_SLOTS(SLOT_TEXT)};

static int add_contract(PyObject *module) {
    const Py_ssize_t nkeys = sizeof(item_keys) / sizeof(item_keys[0]);
    const Py_ssize_t nslots = sizeof(slot_names) / sizeof(slot_names[0]);
    PyObject *keys = PyTuple_New(nkeys), *slots = PyTuple_New(nslots);
    if (keys == NULL || slots == NULL) goto error;
    for (Py_ssize_t i = 0; i < nkeys; i++) {
        PyObject *key = PyUnicode_FromString(item_keys[i]);
        if (key == NULL) goto error;
        PyTuple_SET_ITEM(keys, i, key);
    }
    for (Py_ssize_t i = 0; i < nslots; i++) {
        PyObject *pair = Py_BuildValue("(ss)", slot_names[i][0], slot_names[i][1]);
        if (pair == NULL) goto error;
        PyTuple_SET_ITEM(slots, i, pair);
    }
    if (PyModule_AddObject(module, "KEYS", keys) < 0) goto error;
    keys = NULL; /* (the module holds it now) */
    if (PyModule_AddObject(module, "SLOTS", slots) < 0) goto error;
    return 0;
error:
    Py_XDECREF(keys);
    Py_XDECREF(slots);
    return -1;
}

PyMODINIT_FUNC PyInit__fast(void) {
    if (PyType_Ready(&tf_FastLockType) < 0) return NULL;
    PyObject *module = PyModule_Create(&fast_module);
    if (module == NULL) return NULL;
    Py_INCREF(&tf_FastLockType);
    if (PyModule_AddObject(module, "RLock", (PyObject *)&tf_FastLockType) < 0) {
        Py_DECREF(&tf_FastLockType);
        Py_DECREF(module);
        return NULL;
    }
    if (add_contract(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
