/*
 * calltrace: a JVMTI agent recording the distinct call edges made by a
 * program's own code, for the soundness test in
 * testing/oracle/soundness_test.go.
 *
 *   java -agentpath:/path/libcalltrace.so=out=EDGES.txt,prefix=JLex/[,prefix=...] ...
 *
 * On every MethodEntry it takes the caller frame (depth 1: method and
 * bytecode index) and the entered method, and when the caller's or the
 * callee's class name starts with one of the prefixes it records the edge
 *
 *   callerClass.name(desc)@bci -> calleeClass.name(desc)
 *
 * with internal class names ('/'); a native caller frame has bci -1. Hidden
 * classes are written as JVMTI names them. At VMDeath the distinct edges are
 * written to the out file, sorted, one a line.
 *
 * Build: gcc -shared -fPIC -O2 -Wall -I$JDK/include -I$JDK/include/linux
 *        -o libcalltrace.so calltrace.c
 */
#include <jvmti.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A method seen on either side of an edge; names are made once. */
typedef struct {
    jmethodID id;
    char *name;  /* "pkg/C.name(desc)" */
    int client;  /* the class name starts with a prefix */
} Method;

/* An edge: caller, call-site bci, callee. */
typedef struct {
    Method *caller, *callee;
    jint bci;
} Edge;

static jvmtiEnv *jvmti;
static jrawMonitorID lock;   /* guards everything below */
static char *out_path;
static char *prefixes[64];
static int nprefixes;
static int dead;             /* set at VMDeath: record nothing more */

/* Open-addressing hash tables (capacity a power of two, at most half full). */
static Method **methods;
static size_t mcap, mlen;
static Edge *edges;
static size_t ecap, elen;

static size_t hash_ptr(const void *p) {
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static size_t hash_edge(const Edge *e) {
    return hash_ptr(e->caller) * 31 + hash_ptr(e->callee) * 7 + (size_t)e->bci;
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p == NULL) {
        fprintf(stderr, "calltrace: out of memory\n");
        exit(1);
    }
    return p;
}

static void methods_insert(Method *m) {
    size_t i = hash_ptr(m->id) & (mcap - 1);
    while (methods[i] != NULL)
        i = (i + 1) & (mcap - 1);
    methods[i] = m;
}

/* Returns the record of id, making it on first sight; NULL if JVMTI cannot
 * name the method. Called with lock held. */
static Method *method(jmethodID id) {
    size_t i = hash_ptr(id) & (mcap - 1);
    for (; methods[i] != NULL; i = (i + 1) & (mcap - 1))
        if (methods[i]->id == id)
            return methods[i];

    jclass cls;
    char *csig = NULL, *name = NULL, *desc = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, id, &cls) != JVMTI_ERROR_NONE)
        return NULL;
    if ((*jvmti)->GetClassSignature(jvmti, cls, &csig, NULL) != JVMTI_ERROR_NONE ||
        (*jvmti)->GetMethodName(jvmti, id, &name, &desc, NULL) != JVMTI_ERROR_NONE) {
        (*jvmti)->Deallocate(jvmti, (unsigned char *)csig);
        return NULL;
    }
    /* "Lpkg/C;" -> "pkg/C" (array classes keep their signature). */
    const char *cn = csig;
    size_t cl = strlen(csig);
    if (cl >= 2 && csig[0] == 'L' && csig[cl - 1] == ';') {
        cn++;
        cl -= 2;
    }
    Method *m = xcalloc(1, sizeof *m);
    m->id = id;
    m->name = xcalloc(cl + strlen(name) + strlen(desc) + 2, 1);
    sprintf(m->name, "%.*s.%s%s", (int)cl, cn, name, desc);
    for (int p = 0; p < nprefixes; p++)
        if (strncmp(cn, prefixes[p], strlen(prefixes[p])) == 0)
            m->client = 1;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)csig);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)desc);

    if (2 * (mlen + 1) > mcap) { /* grow and rehash */
        Method **old = methods;
        size_t oldcap = mcap;
        mcap *= 2;
        methods = xcalloc(mcap, sizeof *methods);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j] != NULL)
                methods_insert(old[j]);
        free(old);
    }
    methods_insert(m);
    mlen++;
    return m;
}

static void edges_insert(Edge e) {
    size_t i = hash_edge(&e) & (ecap - 1);
    while (edges[i].caller != NULL)
        i = (i + 1) & (ecap - 1);
    edges[i] = e;
}

/* Adds an edge unless present. Called with lock held. */
static void add_edge(Method *caller, jint bci, Method *callee) {
    Edge e = {caller, callee, bci};
    for (size_t i = hash_edge(&e) & (ecap - 1); edges[i].caller != NULL; i = (i + 1) & (ecap - 1))
        if (edges[i].caller == caller && edges[i].callee == callee && edges[i].bci == bci)
            return;
    if (2 * (elen + 1) > ecap) {
        Edge *old = edges;
        size_t oldcap = ecap;
        ecap *= 2;
        edges = xcalloc(ecap, sizeof *edges);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j].caller != NULL)
                edges_insert(old[j]);
        free(old);
    }
    edges_insert(e);
    elen++;
}

static void JNICALL on_method_entry(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID callee) {
    jmethodID caller;
    jlocation loc;
    (void)jni;
    /* No caller frame: the thread's first method (main, run) entered from
     * the VM. The frame lookup, the costly part, runs without the lock. */
    if ((*env)->GetFrameLocation(env, thread, 1, &caller, &loc) != JVMTI_ERROR_NONE)
        return;
    (*env)->RawMonitorEnter(env, lock);
    Method *from = dead ? NULL : method(caller);
    Method *to = from != NULL ? method(callee) : NULL;
    if (to != NULL && (from->client || to->client))
        add_edge(from, (jint)loc, to);
    (*env)->RawMonitorExit(env, lock);
}

static int cmp_lines(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Writes the edges, sorted; stops recording. */
static void JNICALL on_vm_death(jvmtiEnv *env, JNIEnv *jni) {
    (void)jni;
    (*env)->RawMonitorEnter(env, lock);
    dead = 1;
    char **lines = xcalloc(elen + 1, sizeof *lines);
    size_t n = 0;
    for (size_t i = 0; i < ecap; i++) {
        Edge *e = &edges[i];
        if (e->caller == NULL)
            continue;
        size_t len = strlen(e->caller->name) + strlen(e->callee->name) + 32;
        lines[n] = xcalloc(len, 1);
        snprintf(lines[n], len, "%s@%d -> %s", e->caller->name, (int)e->bci, e->callee->name);
        n++;
    }
    qsort(lines, n, sizeof *lines, cmp_lines);
    FILE *f = fopen(out_path, "w");
    if (f == NULL) {
        perror(out_path);
    } else {
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s\n", lines[i]);
        fclose(f);
    }
    (*env)->RawMonitorExit(env, lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    /* Options: out=FILE,prefix=P[,prefix=P...] */
    (void)reserved;
    char *opts = strdup(options != NULL ? options : ""), *save = NULL;
    for (char *o = strtok_r(opts, ",", &save); o != NULL; o = strtok_r(NULL, ",", &save)) {
        if (strncmp(o, "out=", 4) == 0)
            out_path = o + 4;
        else if (strncmp(o, "prefix=", 7) == 0 && nprefixes < 64)
            prefixes[nprefixes++] = o + 7;
        else {
            fprintf(stderr, "calltrace: unknown option %s (want out=FILE,prefix=P,...)\n", o);
            return JNI_ERR;
        }
    }
    if (out_path == NULL || nprefixes == 0) {
        fprintf(stderr, "calltrace: need out=FILE and at least one prefix=P\n");
        return JNI_ERR;
    }
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK)
        return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_method_entry;
    cb.VMDeath = on_vm_death;
    mcap = 1 << 14;
    methods = xcalloc(mcap, sizeof *methods);
    ecap = 1 << 14;
    edges = xcalloc(ecap, sizeof *edges);
    if ((*jvmti)->CreateRawMonitor(jvmti, "calltrace", &lock) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    return JNI_OK;
}
