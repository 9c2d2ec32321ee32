/*
 * calltrace: a JVMTI agent recording the distinct call edges made by a
 * program's own code: for polymorphism_coverage_test (rules/, measured by
 * tools/coverage) and the soundness test in testing/oracle/soundness_test.go.
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
 *   java -agentpath:/path/libcalltrace.so=out=EDGES.txt,prefix=P,reflog=REFL.log ...
 *
 * With reflog=FILE it also writes a reflection log in TamiFlex's format (read
 * by Soot, Doop, OPAL and Tai-e): at VMDeath the distinct lines, sorted,
 *
 *   KIND;TARGET;CALLER;LINE;;
 *
 * KIND is Method.invoke, Constructor.newInstance, Class.newInstance,
 * Field.get*, Field.set* or Class.forName; TARGET the entered method as a Soot
 * signature "<pkg.C: int m(java.lang.String[])>" (for Class.newInstance the
 * class, "pkg.C"; for Field.get* and Field.set* the field,
 * "<pkg.C: int[] xs>"; for Class.forName the name it was given, "pkg.C$D");
 * CALLER "pkg.Cls.method", the method that called the API; LINE its source
 * line of the call, empty without a line table or in a native frame.
 * Beyond TamiFlex's kinds it logs the method handles a program makes of
 * members it found at run time: KIND Lookup.findVirtual, Lookup.findStatic,
 * ... (every find and unreflect method of MethodHandles.Lookup), TARGET the
 * member the call named, "<pkg.C: void <init>(int)>" for a constructor
 * (tools/reflog). Lookup.findClass is not logged: the Class.forName it
 * calls is, and the handles of the class found are.
 *
 * Field.get* (get, getInt, ..., getDouble: the value accessors only),
 * Field.set* (set, setInt, ...), Class.forName(String) and
 * forName(String, boolean, ClassLoader) and the Lookup methods are logged
 * on the entry of the API itself, called from frame 1: the field is read
 * from the Field receiver's fields clazz, type and name (GetLocalInstance),
 * the class name from the String argument, a Lookup's member from its
 * arguments (GetLocalObject; a MethodType's fields rtype and ptypes), one
 * VM operation per argument; forName's names with other characters than
 * letters, digits, '.', '$' and '_' (arrays) are not logged, nor a forName
 * called by Class.forName, nor a Lookup method called by java/lang/invoke/. The APIs are recognised by
 * their role, cached per method.
 *
 * Method.invoke and the constructor APIs are logged on the entry of their
 * target instead. A MethodEntry is reflective when its
 * caller frame is an accessor frame that calls targets, the frames below are
 * the JDK's accessor layer (jdk/internal/reflect/, java/lang/invoke/) down to
 * one of the APIs, and the entered method is what the API was asked to run
 * (read from its receiver, found with GetLocalInstance), so that what the
 * accessors themselves call (class initialisers, boxing, class loading) is
 * not logged. Class.newInstance wins over the
 * Constructor.newInstanceWithCaller it calls. Entries are logged whatever the
 * prefixes (JDK callers such as ServiceLoader too). Without reflog= the
 * agent does and adds nothing (same capabilities, same output).
 *
 *   java -agentpath:/path/libcalltrace.so=out=EDGES.txt,prefix=P,recv=RECV.txt ...
 *
 * With recv=FILE it also records the classes of the receivers of the calls
 * from client code into instance methods, and writes at VMDeath the
 * distinct lines, sorted,
 *
 *   callerClass.name(desc)@bci -> calleeClass.name(desc) on ReceiverClass
 *
 * for the soundness test's check of receiver classes (RC). Reading the
 * receiver is a VM operation (GetLocalInstance), so it samples: the first
 * 8 calls of each edge and then the 16th, 32nd, 64th, ... (a class seen only
 * in between is missed, never invented).
 *
 *   ...,recv=RECV.txt,types=TYPES.txt
 *
 * With types=FILE (and recv=) it also writes the direct supertypes of every
 * receiver class and, transitively, of theirs, sorted, a class a line:
 *
 *   Class < Superclass Interface...
 *
 * so that a class the analysis never saw (a test's own subclass of a
 * library type) can be matched to the library-fragment placeholder standing
 * for it (tools/coverage).
 *
 * Build: gcc -shared -fPIC -O2 -Wall -I$JDK/include -I$JDK/include/linux
 *        -o libcalltrace.so calltrace.c
 */
#include <jvmti.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a method is to the reflection log. */
enum {
    R_NONE,
    R_ACCESSOR,        /* the JDK's layer between an API and its target, */
    R_INVOKER,         /* the part of it that calls targets */
    R_METHOD_INVOKE,   /* the APIs; the values are the KINDs below */
    R_CTOR_NEWINSTANCE,
    R_CLASS_NEWINSTANCE,
    R_FIELD_GET,       /* the APIs logged on their own entry (from here on) */
    R_FIELD_SET,
    R_CLASS_FORNAME,
    R_FIND_VIRTUAL,    /* MethodHandles.Lookup's find and unreflect methods */
    R_FIND_STATIC,
    R_FIND_SPECIAL,
    R_FIND_CONSTRUCTOR,
    R_FIND_GETTER,     /* the find methods of fields (from here on) */
    R_FIND_SETTER,
    R_FIND_STATIC_GETTER,
    R_FIND_STATIC_SETTER,
    R_FIND_VAR_HANDLE,
    R_FIND_STATIC_VAR_HANDLE,
    R_UNREFLECT,       /* the unreflect methods (from here on) */
    R_UNREFLECT_SPECIAL,
    R_UNREFLECT_CONSTRUCTOR,
    R_UNREFLECT_GETTER, /* those of a Field (from here on) */
    R_UNREFLECT_SETTER,
    R_UNREFLECT_VAR_HANDLE,
    R_END
};

static int is_accessor(int role) {
    return role == R_ACCESSOR || role == R_INVOKER;
}

/* Whether role is an API whose target the accessor layer enters. */
static int calls_target(int role) {
    return role == R_METHOD_INVOKE || role == R_CTOR_NEWINSTANCE || role == R_CLASS_NEWINSTANCE;
}

static const char *const kinds[] = {
    [R_METHOD_INVOKE] = "Method.invoke",
    [R_CTOR_NEWINSTANCE] = "Constructor.newInstance",
    [R_CLASS_NEWINSTANCE] = "Class.newInstance",
    [R_FIELD_GET] = "Field.get*",
    [R_FIELD_SET] = "Field.set*",
    [R_CLASS_FORNAME] = "Class.forName",
    [R_FIND_VIRTUAL] = "Lookup.findVirtual",
    [R_FIND_STATIC] = "Lookup.findStatic",
    [R_FIND_SPECIAL] = "Lookup.findSpecial",
    [R_FIND_CONSTRUCTOR] = "Lookup.findConstructor",
    [R_FIND_GETTER] = "Lookup.findGetter",
    [R_FIND_SETTER] = "Lookup.findSetter",
    [R_FIND_STATIC_GETTER] = "Lookup.findStaticGetter",
    [R_FIND_STATIC_SETTER] = "Lookup.findStaticSetter",
    [R_FIND_VAR_HANDLE] = "Lookup.findVarHandle",
    [R_FIND_STATIC_VAR_HANDLE] = "Lookup.findStaticVarHandle",
    [R_UNREFLECT] = "Lookup.unreflect",
    [R_UNREFLECT_SPECIAL] = "Lookup.unreflectSpecial",
    [R_UNREFLECT_CONSTRUCTOR] = "Lookup.unreflectConstructor",
    [R_UNREFLECT_GETTER] = "Lookup.unreflectGetter",
    [R_UNREFLECT_SETTER] = "Lookup.unreflectSetter",
    [R_UNREFLECT_VAR_HANDLE] = "Lookup.unreflectVarHandle",
};

/* MethodHandles.Lookup's find and unreflect methods by descriptor: the
 * kinds are in role order from R_FIND_VIRTUAL. */
#define MH "Ljava/lang/invoke/MethodHandle;"
#define FIND_FIELD "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)"
static const char *const lookup_descs[R_END - R_FIND_VIRTUAL] = {
    "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)" MH,
    "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)" MH,
    "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/Class;)" MH,
    "(Ljava/lang/Class;Ljava/lang/invoke/MethodType;)" MH,
    FIND_FIELD MH,
    FIND_FIELD MH,
    FIND_FIELD MH,
    FIND_FIELD MH,
    FIND_FIELD "Ljava/lang/invoke/VarHandle;",
    FIND_FIELD "Ljava/lang/invoke/VarHandle;",
    "(Ljava/lang/reflect/Method;)" MH,
    "(Ljava/lang/reflect/Method;Ljava/lang/Class;)" MH,
    "(Ljava/lang/reflect/Constructor;)" MH,
    "(Ljava/lang/reflect/Field;)" MH,
    "(Ljava/lang/reflect/Field;)" MH,
    "(Ljava/lang/reflect/Field;)Ljava/lang/invoke/VarHandle;",
};
#undef MH
#undef FIND_FIELD

/* A method seen on either side of an edge; names are made once. */
typedef struct {
    jmethodID id;
    char *name;  /* "pkg/C.name(desc)" */
    int client;  /* the class name starts with a prefix */
    int role;    /* R_* */
    size_t clen; /* length of "pkg/C" in name */
    size_t nlen; /* length of "name" */
    int instance; /* not static: the callee of a call has a receiver */
} Method;

/* An edge: caller, call-site bci, callee. */
typedef struct {
    Method *caller, *callee;
    jint bci;
    unsigned calls; /* with recv=: calls made, for sampling receivers */
} Edge;

/* A receiver class seen on an edge (recv=); cls is interned. */
typedef struct {
    Method *caller, *callee;
    jint bci;
    const char *cls;
} Recv;

/* A reflective entry; the key is all but line, made once per new key. */
typedef struct {
    Method *target; /* the entered method, or NULL and: */
    char *text;     /* the field's signature, the class name (R_FIELD_GET...) */
    Method *caller; /* never NULL in an entry: NULL marks a free slot */
    jlocation loc;  /* in caller */
    int kind;       /* R_METHOD_INVOKE... */
    int line;       /* -1: none */
} Refl;

/* A method entered under a reflective API that is not its target (boxing,
 * the method-handle machinery), with the frames from 1 to the API's caller:
 * entered again from the same code, it is again not the target, and
 * finding out is slow (GetLocalInstance is a VM operation, ~0.1 ms). */
typedef struct {
    Method *target;
    jint n;
    jvmtiFrameInfo *frames;
} Miss;

/* Frames read to find the caller of a reflective API: JDK 17's
 * Class.newInstance is 8 frames deep, its Method.invoke 4 or 5. */
#define REFL_FRAMES 24

static jvmtiEnv *jvmti;
static jrawMonitorID lock;   /* guards everything below */
static char *out_path;
static char *reflog_path;    /* NULL: no reflection log */
static char *recv_path;      /* NULL: no receivers */
static char *types_path;     /* NULL: no supertypes */
#define MAX_PREFIXES 4096
static char *prefixes[MAX_PREFIXES];
static int nprefixes;
static int dead;             /* set at VMDeath: record nothing more */

/* Open-addressing hash tables (capacity a power of two, at most half full). */
static Method **methods;
static size_t mcap, mlen;
static Edge *edges;
static size_t ecap, elen;
static Refl *refls;
static size_t rcap, rlen;
static Miss *misses;
static size_t xcap, xlen;
static Recv *recvs;
static size_t vcap, vlen;
static char **names;         /* interned receiver class names */
static size_t ncap, ncount;
static const char **typed;   /* interned names whose supertypes are in types */
static size_t tcap, tcount;
static char **types;         /* "Class < Super..." lines */
static size_t tycap, tylen;

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

static size_t hash_str(const char *s) {
    size_t h = 5381;
    for (; *s != '\0'; s++)
        h = h * 33 + (unsigned char)*s;
    return h;
}

static size_t hash_refl(const Refl *r) {
    return hash_ptr(r->caller) * 31 + hash_ptr(r->target) * 7 + (size_t)r->loc * 3 + (size_t)r->kind +
           (r->text != NULL ? hash_str(r->text) * 17 : 0);
}

static size_t hash_miss(Method *target, const jvmtiFrameInfo *f, jint n) {
    size_t h = hash_ptr(target);
    for (jint i = 0; i < n; i++)
        h = h * 31 + hash_ptr(f[i].method) + (size_t)f[i].location;
    return h;
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p == NULL) {
        fprintf(stderr, "calltrace: out of memory\n");
        exit(1);
    }
    return p;
}

static int has_prefix(const char *s, size_t len, const char *p) {
    size_t pl = strlen(p);
    return len >= pl && strncmp(s, p, pl) == 0;
}

static int is_named(const char *s, size_t len, const char *n) {
    return len == strlen(n) && strncmp(s, n, len) == 0;
}

/* Field's value accessors: get, getBoolean, ..., set, setBoolean, .... */
static int is_field_accessor(const char *name) {
    static const char *const types[] = {"", "Boolean", "Byte", "Char", "Short", "Int", "Long", "Float", "Double"};
    if ((name[0] != 'g' && name[0] != 's') || strncmp(name + 1, "et", 2) != 0)
        return 0;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strcmp(name + 3, types[i]) == 0)
            return 1;
    return 0;
}

/* The role of method name (desc) of class cn (cl chars) in reflective calls. The
 * accessors are the native, generated (GeneratedMethodAccessor12) and
 * method-handle (DirectMethodHandleAccessor) ones and, for the latter, the
 * method-handle machinery and LambdaForm hidden classes; Class.newInstance
 * reaches Constructor.newInstanceWithCaller through ReflectionFactory and
 * ReflectAccess. Targets are called by the natives invoke0 and newInstance0
 * (of NativeMethodAccessorImpl, DirectMethodHandleAccessor$NativeAccessor,
 * ...), generated accessors and LambdaForms, not by the rest (the accessor
 * generator, the chain Delegating...Impl -> Native...Impl). */
static int reflect_role(const char *cn, size_t cl, const char *name, const char *desc) {
    if (is_named(cn, cl, "java/lang/invoke/MethodHandles$Lookup"))
        for (int r = R_FIND_VIRTUAL; r < R_END; r++)
            if (strcmp(name, kinds[r] + strlen("Lookup.")) == 0 && strcmp(desc, lookup_descs[r - R_FIND_VIRTUAL]) == 0)
                return r;
    if (has_prefix(cn, cl, "java/lang/invoke/") || has_prefix(cn, cl, "jdk/internal/reflect/Generated") ||
        (has_prefix(cn, cl, "jdk/internal/reflect/") &&
         (strcmp(name, "invoke0") == 0 || strcmp(name, "newInstance0") == 0)))
        return R_INVOKER;
    if (has_prefix(cn, cl, "jdk/internal/reflect/") || is_named(cn, cl, "java/lang/reflect/ReflectAccess"))
        return R_ACCESSOR;
    if (is_named(cn, cl, "java/lang/reflect/Method") && strcmp(name, "invoke") == 0)
        return R_METHOD_INVOKE;
    if (is_named(cn, cl, "java/lang/reflect/Constructor") &&
        (strcmp(name, "newInstance") == 0 || strcmp(name, "newInstanceWithCaller") == 0))
        return R_CTOR_NEWINSTANCE;
    if (is_named(cn, cl, "java/lang/Class") && strcmp(name, "newInstance") == 0)
        return R_CLASS_NEWINSTANCE;
    if (is_named(cn, cl, "java/lang/reflect/Field") && is_field_accessor(name))
        return name[0] == 'g' ? R_FIELD_GET : R_FIELD_SET;
    if (is_named(cn, cl, "java/lang/Class") && strcmp(name, "forName") == 0 &&
        (strcmp(desc, "(Ljava/lang/String;)Ljava/lang/Class;") == 0 ||
         strcmp(desc, "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;") == 0))
        return R_CLASS_FORNAME;
    return R_NONE;
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
    m->role = reflect_role(cn, cl, name, desc);
    m->clen = cl;
    m->nlen = strlen(name);
    jint mods;
    m->instance = (*jvmti)->GetMethodModifiers(jvmti, id, &mods) == JVMTI_ERROR_NONE && (mods & 0x0008) == 0;
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

static Edge *edges_insert(Edge e) {
    size_t i = hash_edge(&e) & (ecap - 1);
    while (edges[i].caller != NULL)
        i = (i + 1) & (ecap - 1);
    edges[i] = e;
    return &edges[i];
}

/* Adds an edge unless present and returns it (valid until the next
 * addition). Called with lock held. */
static Edge *add_edge(Method *caller, jint bci, Method *callee) {
    Edge e = {caller, callee, bci, 0};
    for (size_t i = hash_edge(&e) & (ecap - 1); edges[i].caller != NULL; i = (i + 1) & (ecap - 1))
        if (edges[i].caller == caller && edges[i].callee == callee && edges[i].bci == bci)
            return &edges[i];
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
    elen++;
    return edges_insert(e);
}

/* Returns the interned copy of s. Called with lock held. */
static const char *intern(const char *s) {
    size_t i = hash_str(s) & (ncap - 1);
    for (; names[i] != NULL; i = (i + 1) & (ncap - 1))
        if (strcmp(names[i], s) == 0)
            return names[i];
    if (2 * (ncount + 1) > ncap) {
        char **old = names;
        size_t oldcap = ncap;
        ncap *= 2;
        names = xcalloc(ncap, sizeof *names);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j] != NULL) {
                size_t k = hash_str(old[j]) & (ncap - 1);
                while (names[k] != NULL)
                    k = (k + 1) & (ncap - 1);
                names[k] = old[j];
            }
        free(old);
        i = hash_str(s) & (ncap - 1);
        while (names[i] != NULL)
            i = (i + 1) & (ncap - 1);
    }
    names[i] = strdup(s);
    ncount++;
    return names[i];
}

static size_t hash_recv(const Recv *r) {
    return hash_ptr(r->caller) * 31 + hash_ptr(r->callee) * 7 + (size_t)r->bci + hash_ptr(r->cls) * 17;
}

static void recvs_insert(Recv r) {
    size_t i = hash_recv(&r) & (vcap - 1);
    while (recvs[i].caller != NULL)
        i = (i + 1) & (vcap - 1);
    recvs[i] = r;
}

/* Records receiver class cls (interned) on an edge unless recorded. Called
 * with lock held. */
static void add_recv(Method *caller, jint bci, Method *callee, const char *cls) {
    Recv r = {caller, callee, bci, cls};
    for (size_t i = hash_recv(&r) & (vcap - 1); recvs[i].caller != NULL; i = (i + 1) & (vcap - 1))
        if (recvs[i].caller == caller && recvs[i].callee == callee && recvs[i].bci == bci && recvs[i].cls == cls)
            return;
    if (2 * (vlen + 1) > vcap) {
        Recv *old = recvs;
        size_t oldcap = vcap;
        vcap *= 2;
        recvs = xcalloc(vcap, sizeof *recvs);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j].caller != NULL)
                recvs_insert(old[j]);
        free(old);
    }
    recvs_insert(r);
    vlen++;
}

/* Marks interned name as typed; returns 0 if it already was. Called with
 * lock held. */
static int mark_typed(const char *name) {
    if (2 * (tcount + 1) > tcap) {
        const char **old = typed;
        size_t oldcap = tcap;
        tcap *= 2;
        typed = xcalloc(tcap, sizeof *typed);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j] != NULL) {
                size_t k = hash_ptr(old[j]) & (tcap - 1);
                while (typed[k] != NULL)
                    k = (k + 1) & (tcap - 1);
                typed[k] = old[j];
            }
        free(old);
    }
    size_t i = hash_ptr(name) & (tcap - 1);
    for (; typed[i] != NULL; i = (i + 1) & (tcap - 1))
        if (typed[i] == name)
            return 0;
    typed[i] = name;
    tcount++;
    return 1;
}

/* Returns the internal name of class c ("pkg/C"), interned, or NULL (an
 * array or primitive class). Called without the lock. */
static const char *class_name(jvmtiEnv *env, jclass c) {
    char *sig = NULL;
    const char *name = NULL;
    if ((*env)->GetClassSignature(env, c, &sig, NULL) != JVMTI_ERROR_NONE)
        return NULL;
    size_t n = strlen(sig);
    if (n >= 2 && sig[0] == 'L' && sig[n - 1] == ';') {
        sig[n - 1] = '\0';
        (*env)->RawMonitorEnter(env, lock);
        name = intern(sig + 1);
        (*env)->RawMonitorExit(env, lock);
    }
    (*env)->Deallocate(env, (unsigned char *)sig);
    return name;
}

/* Records the direct supertypes of class c, named name, and then theirs,
 * unless recorded (types=). Called without the lock: JNI and JVMTI calls.
 * The depth is bounded by the hierarchy's. */
static void record_types(jvmtiEnv *env, JNIEnv *jni, jclass c, const char *name) {
    (*env)->RawMonitorEnter(env, lock);
    int fresh = !dead && mark_typed(name);
    (*env)->RawMonitorExit(env, lock);
    if (!fresh)
        return;
    jclass supers[256];
    int n = 0;
    jclass sc = (*jni)->GetSuperclass(jni, c);
    if (sc != NULL)
        supers[n++] = sc;
    jint ni = 0;
    jclass *ifs = NULL;
    if ((*env)->GetImplementedInterfaces(env, c, &ni, &ifs) == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < ni; i++) {
            if (n < 256)
                supers[n++] = ifs[i];
            else
                (*jni)->DeleteLocalRef(jni, ifs[i]);
        }
        (*env)->Deallocate(env, (unsigned char *)ifs);
    }
    const char *names_of[256];
    size_t len = strlen(name) + 4;
    for (int i = 0; i < n; i++) {
        names_of[i] = class_name(env, supers[i]);
        if (names_of[i] != NULL)
            len += strlen(names_of[i]) + 1;
    }
    char *line = xcalloc(len, 1);
    strcpy(line, name);
    strcat(line, " <");
    for (int i = 0; i < n; i++)
        if (names_of[i] != NULL) {
            strcat(line, " ");
            strcat(line, names_of[i]);
        }
    (*env)->RawMonitorEnter(env, lock);
    if (tylen == tycap) {
        tycap = tycap ? 2 * tycap : 256;
        types = realloc(types, tycap * sizeof *types);
        if (types == NULL) {
            fprintf(stderr, "calltrace: out of memory\n");
            abort();
        }
    }
    types[tylen++] = line;
    (*env)->RawMonitorExit(env, lock);
    for (int i = 0; i < n; i++) {
        if (names_of[i] != NULL)
            record_types(env, jni, supers[i], names_of[i]);
        (*jni)->DeleteLocalRef(jni, supers[i]);
    }
}

/* Samples the n-th call of an edge (n from 1): the first 8, then powers of two. */
static int sampled(unsigned n) {
    return n <= 8 || (n & (n - 1)) == 0;
}

/* Records the class of the receiver of the method just entered (depth 0,
 * its this) on the edge from caller at loc. Called without the lock: a VM
 * operation. */
static void record_receiver(jvmtiEnv *env, JNIEnv *jni, jthread thread, Method *from, jlocation loc, Method *to) {
    jobject self = NULL;
    if ((*env)->GetLocalInstance(env, thread, 0, &self) != JVMTI_ERROR_NONE || self == NULL)
        return;
    jclass cls = (*jni)->GetObjectClass(jni, self);
    const char *name = cls != NULL ? class_name(env, cls) : NULL;
    if (name != NULL) {
        (*env)->RawMonitorEnter(env, lock);
        if (!dead)
            add_recv(from, (jint)loc, to, name);
        (*env)->RawMonitorExit(env, lock);
        if (types_path != NULL)
            record_types(env, jni, cls, name);
    }
    if (cls != NULL)
        (*jni)->DeleteLocalRef(jni, cls);
    (*jni)->DeleteLocalRef(jni, self);
}

/* A string being built. */
typedef struct {
    char *s;
    size_t len, cap;
} Buf;

static void put_n(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        b->cap = 2 * (b->len + n + 1);
        b->s = realloc(b->s, b->cap);
        if (b->s == NULL) {
            fprintf(stderr, "calltrace: out of memory\n");
            exit(1);
        }
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put(Buf *b, const char *s) {
    put_n(b, s, strlen(s));
}

/* The source line of loc in m: the entry with the largest start_location
 * <= loc; -1 in a native frame or without a line table. */
static int line_of(jvmtiEnv *env, jmethodID m, jlocation loc) {
    jint n;
    jvmtiLineNumberEntry *t;
    if (loc < 0 || (*env)->GetLineNumberTable(env, m, &n, &t) != JVMTI_ERROR_NONE)
        return -1;
    int line = -1;
    jlocation best = -1;
    for (jint i = 0; i < n; i++) /* the table need not be sorted */
        if (t[i].start_location <= loc && t[i].start_location > best) {
            best = t[i].start_location;
            line = (int)t[i].line_number;
        }
    (*env)->Deallocate(env, (unsigned char *)t);
    return line;
}

static void refls_insert(Refl r) {
    size_t i = hash_refl(&r) & (rcap - 1);
    while (refls[i].caller != NULL)
        i = (i + 1) & (rcap - 1);
    refls[i] = r;
}

/* Whether the entry (target a method, or text) is logged already. Called
 * with lock held. */
static int refl_known(int kind, Method *target, const char *text, Method *caller, jlocation loc) {
    Refl r = {target, (char *)text, caller, loc, kind, -1};
    for (size_t i = hash_refl(&r) & (rcap - 1); refls[i].caller != NULL; i = (i + 1) & (rcap - 1))
        if (refls[i].target == target && refls[i].caller == caller && refls[i].loc == loc &&
            refls[i].kind == kind &&
            (text == NULL ? refls[i].text == NULL : refls[i].text != NULL && strcmp(refls[i].text, text) == 0))
            return 1;
    return 0;
}

/* Adds a reflective entry unless present, reading the line (and copying
 * text) only then. Called with lock held. */
static void add_refl(jvmtiEnv *env, int kind, Method *target, const char *text, Method *caller, jlocation loc) {
    if (refl_known(kind, target, text, caller, loc))
        return;
    Refl r = {target, text != NULL ? strdup(text) : NULL, caller, loc, kind, line_of(env, caller->id, loc)};
    if (text != NULL && r.text == NULL) {
        fprintf(stderr, "calltrace: out of memory\n");
        exit(1);
    }
    if (2 * (rlen + 1) > rcap) {
        Refl *old = refls;
        size_t oldcap = rcap;
        rcap *= 2;
        refls = xcalloc(rcap, sizeof *refls);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j].caller != NULL)
                refls_insert(old[j]);
        free(old);
    }
    refls_insert(r);
    rlen++;
}

static int same_frames(const jvmtiFrameInfo *a, const jvmtiFrameInfo *b, jint n) {
    for (jint i = 0; i < n; i++)
        if (a[i].method != b[i].method || a[i].location != b[i].location)
            return 0;
    return 1;
}

/* Whether target entered from f (frames 1 to the caller) is a known miss.
 * Called with lock held. */
static int is_miss(Method *target, const jvmtiFrameInfo *f, jint n) {
    for (size_t i = hash_miss(target, f, n) & (xcap - 1); misses[i].target != NULL; i = (i + 1) & (xcap - 1))
        if (misses[i].target == target && misses[i].n == n && same_frames(misses[i].frames, f, n))
            return 1;
    return 0;
}

static void misses_insert(Miss x) {
    size_t i = hash_miss(x.target, x.frames, x.n) & (xcap - 1);
    while (misses[i].target != NULL)
        i = (i + 1) & (xcap - 1);
    misses[i] = x;
}

/* Records a miss unless known (two threads may find it). Called with lock
 * held. */
static void add_miss(Method *target, const jvmtiFrameInfo *f, jint n) {
    if (is_miss(target, f, n))
        return;
    if (2 * (xlen + 1) > xcap) {
        Miss *old = misses;
        size_t oldcap = xcap;
        xcap *= 2;
        misses = xcalloc(xcap, sizeof *misses);
        for (size_t j = 0; j < oldcap; j++)
            if (old[j].target != NULL)
                misses_insert(old[j]);
        free(old);
    }
    Miss x = {target, n, xcalloc((size_t)n, sizeof *f)};
    memcpy(x.frames, f, (size_t)n * sizeof *f);
    misses_insert(x);
    xlen++;
}

/* Where a reflective API sits on the stack of an entered method. */
typedef struct {
    jint api;        /* depth of the innermost API frame */
    int api_role;    /* its role */
    int kind;        /* what to log: api_role, or Class.newInstance around it */
    jint at;         /* depth of the caller */
    Method *caller;
} Walk;

/* Walks f[1..n) outwards: accessor frames up to an API frame; the caller is
 * the frame that called it, or the outermost of the Constructor.newInstance
 * or Class.newInstance (through ReflectionFactory and ReflectAccess) that
 * call Constructor.newInstanceWithCaller. An accessor frame can be the
 * caller: the JDK makes its generated accessors with Class.newInstance.
 * Returns 0 if the entry is not reflective or the caller is beyond the
 * frames read. Called with lock held. */
static int walk_frames(const jvmtiFrameInfo *f, jint n, Walk *w) {
    jint i = 1;
    Method *m = NULL;
    for (; i < n; i++)
        if ((m = method(f[i].method)) == NULL || !is_accessor(m->role))
            break;
    if (i >= n || m == NULL || !calls_target(m->role))
        return 0;
    w->api = i;
    w->api_role = w->kind = m->role;
    w->at = i + 1;
    for (i++; i < n && w->kind == R_CTOR_NEWINSTANCE; i++) {
        if ((m = method(f[i].method)) == NULL)
            return 0;
        if (m->role == R_CTOR_NEWINSTANCE || m->role == R_CLASS_NEWINSTANCE) {
            w->kind = m->role;
            w->at = i + 1;
        } else if (!is_accessor(m->role))
            break;
    }
    if (w->at >= n || (w->caller = method(f[w->at].method)) == NULL)
        return 0;
    return 1;
}

/* Field name (of type sig) of obj, a local reference; NULL if absent. */
static jobject get_field(JNIEnv *jni, jobject obj, const char *name, const char *sig) {
    jclass c = (*jni)->GetObjectClass(jni, obj);
    jfieldID f = (*jni)->GetFieldID(jni, c, name, sig);
    (*jni)->DeleteLocalRef(jni, c);
    if (f == NULL) { /* NoSuchFieldError: not ours to leave pending */
        (*jni)->ExceptionClear(jni);
        return NULL;
    }
    return (*jni)->GetObjectField(jni, obj, f);
}

static const char *put_type(Buf *b, const char *d);

/* Puts the class object c: its JVM signature ("I", "[Ljava/lang/String;"),
 * or with java its Java name ("int", "java.lang.String[]"). */
static int put_class(jvmtiEnv *env, Buf *b, jobject c, int java) {
    char *sig;
    if (c == NULL || (*env)->GetClassSignature(env, (jclass)c, &sig, NULL) != JVMTI_ERROR_NONE)
        return 0;
    if (java)
        put_type(b, sig);
    else
        put(b, sig);
    (*env)->Deallocate(env, (unsigned char *)sig);
    return 1;
}

/* Puts the descriptor "(params)ret" of the parameter types ps, a Class
 * array, and the result type ret (NULL: void). */
static int put_descriptor(jvmtiEnv *env, JNIEnv *jni, jobjectArray ps, jobject ret, Buf *b) {
    int ok = 1;
    put(b, "(");
    jsize n = (*jni)->GetArrayLength(jni, ps);
    for (jsize i = 0; ok && i < n; i++) {
        jobject p = (*jni)->GetObjectArrayElement(jni, ps, i);
        ok = put_class(env, b, p, 0);
        if (p != NULL)
            (*jni)->DeleteLocalRef(jni, p);
    }
    put(b, ")");
    if (ret == NULL)
        put(b, "V");
    else
        ok = ok && put_class(env, b, ret, 0);
    return ok;
}

/* Puts ".name(desc)" of the Method (or "<init>" Constructor) self, read
 * from its fields. */
static int put_member(jvmtiEnv *env, JNIEnv *jni, jobject self, int is_method, Buf *b) {
    jobject name = is_method ? get_field(jni, self, "name", "Ljava/lang/String;") : NULL;
    jobjectArray ps = get_field(jni, self, "parameterTypes", "[Ljava/lang/Class;");
    jobject ret = is_method ? get_field(jni, self, "returnType", "Ljava/lang/Class;") : NULL;
    int ok = ps != NULL && (!is_method || (name != NULL && ret != NULL));
    if (ok) {
        const char *s = is_method ? (*jni)->GetStringUTFChars(jni, name, NULL) : "<init>";
        put(b, ".");
        put(b, s != NULL ? s : "");
        if (is_method && s != NULL)
            (*jni)->ReleaseStringUTFChars(jni, name, s);
        ok = put_descriptor(env, jni, ps, is_method ? ret : NULL, b);
    }
    jobject refs[] = {name, ps, ret};
    for (int i = 0; i < 3; i++)
        if (refs[i] != NULL)
            (*jni)->DeleteLocalRef(jni, refs[i]);
    return ok;
}

/* Whether Method.invoke's receiver (its argument obj, local 1) is an
 * instance of c: the invoked method's implementation, an override or one
 * inherited from a class that is not a subtype of the Method's class. */
static int receiver_is(jvmtiEnv *env, JNIEnv *jni, jthread thread, jint depth, jclass c) {
    jobject obj;
    if ((*env)->GetLocalObject(env, thread, depth, 1, &obj) != JVMTI_ERROR_NONE || obj == NULL)
        return 0;
    int ok = (*jni)->IsInstanceOf(jni, obj, c);
    (*jni)->DeleteLocalRef(jni, obj);
    return ok;
}

/* Whether target is what the API frame of w was asked to run: the Method
 * (or the implementation the receiver dispatches to) or the Constructor it
 * was called on, or for Class.newInstance that class's nullary constructor.
 * The accessor layer enters other methods too (the target's <clinit>,
 * boxing and exceptions in generated accessors, the accessor generator, the
 * method-handle machinery), never the APIs' targets. Reads fields, not
 * FromReflectedMethod, which would initialise the class early. */
static int is_target(jvmtiEnv *env, JNIEnv *jni, jthread thread, const Walk *w, Method *target) {
    jobject self, holder;
    jclass tc;
    Buf member = {NULL, 0, 0};
    if ((*env)->GetLocalInstance(env, thread, w->api, &self) != JVMTI_ERROR_NONE)
        return 0;
    int ok;
    if (w->api_role == R_CLASS_NEWINSTANCE) {
        put(&member, ".<init>()V");
        holder = (*jni)->NewLocalRef(jni, self);
        ok = 1;
    } else {
        ok = put_member(env, jni, self, w->api_role == R_METHOD_INVOKE, &member);
        holder = get_field(jni, self, "clazz", "Ljava/lang/Class;");
    }
    ok = ok && holder != NULL && strcmp(member.s, target->name + target->clen) == 0 &&
         (*env)->GetMethodDeclaringClass(env, target->id, &tc) == JVMTI_ERROR_NONE;
    if (ok) {
        ok = (*jni)->IsSameObject(jni, tc, holder) ||
             (w->api_role == R_METHOD_INVOKE && receiver_is(env, jni, thread, w->api, tc));
        (*jni)->DeleteLocalRef(jni, tc);
    }
    if (holder != NULL)
        (*jni)->DeleteLocalRef(jni, holder);
    (*jni)->DeleteLocalRef(jni, self);
    free(member.s);
    return ok;
}

/* Logs target's entry if a reflective API called it. The stack and the
 * receiver are read without the lock; the receiver only for an entry not
 * logged yet (a loop calling Method.invoke) nor a known miss. */
static void log_reflection(jvmtiEnv *env, JNIEnv *jni, jthread thread, Method *target) {
    jvmtiFrameInfo f[REFL_FRAMES];
    jint n;
    Walk w;
    if ((*env)->GetStackTrace(env, thread, 0, REFL_FRAMES, f, &n) != JVMTI_ERROR_NONE)
        return;
    (*env)->RawMonitorEnter(env, lock);
    int found = !dead && walk_frames(f, n, &w) &&
                !refl_known(w.kind, target, NULL, w.caller, f[w.at].location) && !is_miss(target, f + 1, w.at);
    (*env)->RawMonitorExit(env, lock);
    if (!found)
        return;
    int yes = is_target(env, jni, thread, &w, target);
    (*env)->RawMonitorEnter(env, lock);
    if (!dead && yes)
        add_refl(env, w.kind, target, NULL, w.caller, f[w.at].location);
    else if (!dead)
        add_miss(target, f + 1, w.at);
    (*env)->RawMonitorExit(env, lock);
}

/* Puts the Soot signature of field name (a String) of class holder and
 * type type (Class objects): "<pkg.C: int[] xs>". */
static int put_field_of(jvmtiEnv *env, JNIEnv *jni, jobject holder, jobject type, jobject name, Buf *b) {
    if (holder == NULL || type == NULL || name == NULL)
        return 0;
    put(b, "<");
    int ok = put_class(env, b, holder, 1);
    put(b, ": ");
    ok = ok && put_class(env, b, type, 1);
    put(b, " ");
    const char *s = ok ? (*jni)->GetStringUTFChars(jni, name, NULL) : NULL;
    if (s != NULL) {
        put(b, s);
        (*jni)->ReleaseStringUTFChars(jni, name, s);
    } else if (ok) { /* OutOfMemoryError */
        (*jni)->ExceptionClear(jni);
        ok = 0;
    }
    put(b, ">");
    return ok;
}

/* Puts the Soot signature of the Field self, read from its fields clazz,
 * type and name. */
static int put_field(jvmtiEnv *env, JNIEnv *jni, jobject self, Buf *b) {
    jobject holder = get_field(jni, self, "clazz", "Ljava/lang/Class;");
    jobject type = get_field(jni, self, "type", "Ljava/lang/Class;");
    jobject name = get_field(jni, self, "name", "Ljava/lang/String;");
    int ok = put_field_of(env, jni, holder, type, name, b);
    jobject refs[] = {holder, type, name};
    for (int i = 0; i < 3; i++)
        if (refs[i] != NULL)
            (*jni)->DeleteLocalRef(jni, refs[i]);
    return ok;
}

/* Puts the internal name of the class object c ("pkg/C"); 0 for an array
 * or a primitive type. */
static int put_internal(jvmtiEnv *env, Buf *b, jobject c) {
    char *sig;
    if (c == NULL || (*env)->GetClassSignature(env, (jclass)c, &sig, NULL) != JVMTI_ERROR_NONE)
        return 0;
    size_t n = strlen(sig);
    int ok = n > 2 && sig[0] == 'L' && sig[n - 1] == ';';
    if (ok)
        put_n(b, sig + 1, n - 2);
    (*env)->Deallocate(env, (unsigned char *)sig);
    return ok;
}

/* Puts ".name(desc)" of method name (a String; NULL: "<init>") of
 * MethodType mt, read from its fields ptypes and rtype. */
static int put_method_type(jvmtiEnv *env, JNIEnv *jni, jobject name, jobject mt, Buf *b) {
    jobjectArray ps = get_field(jni, mt, "ptypes", "[Ljava/lang/Class;");
    jobject ret = get_field(jni, mt, "rtype", "Ljava/lang/Class;");
    int ok = ps != NULL && ret != NULL;
    const char *s = ok && name != NULL ? (*jni)->GetStringUTFChars(jni, name, NULL) : NULL;
    if (ok && name != NULL && s == NULL) { /* OutOfMemoryError */
        (*jni)->ExceptionClear(jni);
        ok = 0;
    }
    if (ok) {
        put(b, ".");
        put(b, s != NULL ? s : "<init>");
        ok = put_descriptor(env, jni, ps, ret, b);
    }
    if (s != NULL)
        (*jni)->ReleaseStringUTFChars(jni, name, s);
    if (ps != NULL)
        (*jni)->DeleteLocalRef(jni, ps);
    if (ret != NULL)
        (*jni)->DeleteLocalRef(jni, ret);
    return ok;
}

static void put_signature_of(Buf *b, const char *s, size_t clen, size_t nlen);

/* Puts the Soot signature of the member for which api, a Lookup's find or
 * unreflect method (frame 0), was called, read from its arguments (locals
 * 1 to 3): a find method's class, name and MethodType or field type; the
 * Method or Constructor (read as Method.invoke's are) or Field (as
 * Field.get*'s) of an unreflect method. */
static int put_lookup(jvmtiEnv *env, JNIEnv *jni, jthread thread, int role, Buf *b) {
    jobject a[3] = {NULL, NULL, NULL};
    int n = role >= R_UNREFLECT ? 1 : role == R_FIND_CONSTRUCTOR ? 2 : 3;
    int ok = 1;
    for (int i = 0; ok && i < n; i++)
        ok = (*env)->GetLocalObject(env, thread, 0, i + 1, &a[i]) == JVMTI_ERROR_NONE && a[i] != NULL;
    if (ok && role >= R_UNREFLECT_GETTER) {
        ok = put_field(env, jni, a[0], b);
    } else if (ok && role >= R_FIND_GETTER && role < R_UNREFLECT) {
        ok = put_field_of(env, jni, a[0], a[2], a[1], b);
    } else if (ok) {
        Buf m = {NULL, 0, 0};
        size_t clen = 0;
        if (role >= R_UNREFLECT) {
            jobject cls = get_field(jni, a[0], "clazz", "Ljava/lang/Class;");
            ok = put_internal(env, &m, cls);
            clen = m.len;
            ok = ok && put_member(env, jni, a[0], role != R_UNREFLECT_CONSTRUCTOR, &m);
            if (cls != NULL)
                (*jni)->DeleteLocalRef(jni, cls);
        } else {
            ok = put_internal(env, &m, a[0]);
            clen = m.len;
            ok = ok && (role == R_FIND_CONSTRUCTOR ? put_method_type(env, jni, NULL, a[1], &m)
                                                   : put_method_type(env, jni, a[1], a[2], &m));
        }
        if (ok)
            put_signature_of(b, m.s, clen, strcspn(m.s + clen + 1, "("));
        free(m.s);
    }
    for (int i = 0; i < 3; i++)
        if (a[i] != NULL)
            (*jni)->DeleteLocalRef(jni, a[i]);
    return ok;
}

/* Whether s is a class name Class.forName may load: letters, digits, '.',
 * '$', '_' (not an array "[Ljava.lang.String;", not empty). */
static int is_class_name(const char *s) {
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '.' ||
              *s == '$' || *s == '_'))
            return 0;
    return 1;
}

/* Puts the class name Class.forName was called with, its argument (local 0
 * of the static method entered, frame 0), as given ("pkg.C$D"). */
static int put_forname_arg(jvmtiEnv *env, JNIEnv *jni, jthread thread, Buf *b) {
    jobject arg;
    if ((*env)->GetLocalObject(env, thread, 0, 0, &arg) != JVMTI_ERROR_NONE || arg == NULL)
        return 0;
    const char *s = (*jni)->GetStringUTFChars(jni, arg, NULL);
    int ok = s != NULL && is_class_name(s);
    if (ok)
        put(b, s);
    if (s != NULL)
        (*jni)->ReleaseStringUTFChars(jni, arg, s);
    else
        (*jni)->ExceptionClear(jni);
    (*jni)->DeleteLocalRef(jni, arg);
    return ok;
}

/* Logs the entry of api, a Field.get*, Field.set*, Class.forName or a
 * Lookup's find or unreflect method (frame 0), called from caller at loc
 * (frame 1): its target, the field, class name or member, is read from
 * frame 0's locals (the Field receiver, the arguments), without the lock.
 * A Class.forName called by another is not logged again, nor a Lookup's
 * method called by the JDK's method-handle machinery (java/lang/invoke/:
 * lambdas' hidden classes, the find methods calling each other). */
static void log_api(jvmtiEnv *env, JNIEnv *jni, jthread thread, Method *api, Method *caller, jlocation loc) {
    Buf b = {NULL, 0, 0};
    int ok;
    if (api->role == R_CLASS_FORNAME) {
        if (is_named(caller->name, caller->clen, "java/lang/Class") && caller->nlen == 7 &&
            strncmp(caller->name + caller->clen + 1, "forName", 7) == 0)
            return;
        ok = put_forname_arg(env, jni, thread, &b);
    } else if (api->role >= R_FIND_VIRTUAL) {
        if (has_prefix(caller->name, caller->clen, "java/lang/invoke/"))
            return;
        ok = put_lookup(env, jni, thread, api->role, &b);
    } else {
        jobject self;
        ok = (*env)->GetLocalInstance(env, thread, 0, &self) == JVMTI_ERROR_NONE && self != NULL;
        if (ok) {
            ok = put_field(env, jni, self, &b);
            (*jni)->DeleteLocalRef(jni, self);
        }
    }
    if (ok && b.s != NULL) {
        (*env)->RawMonitorEnter(env, lock);
        if (!dead)
            add_refl(env, api->role, NULL, b.s, caller, loc);
        (*env)->RawMonitorExit(env, lock);
    }
    free(b.s);
}

static void JNICALL on_method_entry(jvmtiEnv *env, JNIEnv *jni, jthread thread, jmethodID callee) {
    jmethodID caller;
    jlocation loc;
    /* No caller frame: the thread's first method (main, run) entered from
     * the VM. The frame lookup, the costly part, runs without the lock. */
    if ((*env)->GetFrameLocation(env, thread, 1, &caller, &loc) != JVMTI_ERROR_NONE)
        return;
    (*env)->RawMonitorEnter(env, lock);
    Method *from = dead ? NULL : method(caller);
    Method *to = from != NULL ? method(callee) : NULL;
    int sample = 0;
    if (to != NULL && (from->client || to->client)) {
        Edge *e = add_edge(from, (jint)loc, to);
        sample = recv_path != NULL && from->client && to->instance && sampled(++e->calls);
    }
    (*env)->RawMonitorExit(env, lock);
    if (sample)
        record_receiver(env, jni, thread, from, loc, to);
    /* Cheap test first: a target is entered from an accessor frame that
     * calls targets. Records are never freed, so to stays valid without
     * the lock. */
    if (reflog_path != NULL && to != NULL && from->role == R_INVOKER)
        log_reflection(env, jni, thread, to);
    /* An API logged on its own entry: Field.get*, Field.set*, Class.forName. */
    if (reflog_path != NULL && to != NULL && to->role >= R_FIELD_GET)
        log_api(env, jni, thread, to, from, loc);
}

static int cmp_lines(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Puts an internal class name with dots: "pkg.Outer$Inner". */
static void put_dots(Buf *b, const char *s, size_t n) {
    size_t start = b->len;
    put_n(b, s, n);
    for (size_t i = start; i < b->len; i++)
        if (b->s[i] == '/')
            b->s[i] = '.';
}

/* Puts the Java name of the type descriptor at d ("[Ljava/lang/String;" ->
 * "java.lang.String[]"); returns the end of the descriptor. */
static const char *put_type(Buf *b, const char *d) {
    static const char *const prims[128] = {
        ['B'] = "byte", ['C'] = "char", ['D'] = "double", ['F'] = "float", ['I'] = "int",
        ['J'] = "long", ['S'] = "short", ['Z'] = "boolean", ['V'] = "void",
    };
    int dims = 0;
    for (; *d == '['; d++)
        dims++;
    if (*d == 'L') {
        const char *e = strchr(d, ';');
        if (e == NULL) { /* not a descriptor JVMTI gives */
            put(b, "?");
            return d + strlen(d);
        }
        put_dots(b, d + 1, (size_t)(e - d - 1));
        d = e + 1;
    } else if (*d != '\0') {
        const char *p = (unsigned char)*d < 128 ? prims[(unsigned char)*d] : NULL;
        put(b, p != NULL ? p : "?");
        d++;
    }
    while (dims-- > 0)
        put(b, "[]");
    return d;
}

/* Puts m's Soot signature: "<pkg.C: void <init>(int,java.lang.Object)>". */
static void put_signature(Buf *b, const Method *m) {
    put_signature_of(b, m->name, m->clen, m->nlen);
}

/* Puts the Soot signature of s, a member in the JVM's form
 * "pkg/C.name(desc)" whose class has clen chars and name nlen. */
static void put_signature_of(Buf *b, const char *s, size_t clen, size_t nlen) {
    const char *name = s + clen + 1, *desc = name + nlen;
    const char *ret = strchr(desc, ')');
    if (ret == NULL)
        return;
    put(b, "<");
    put_dots(b, s, clen);
    put(b, ": ");
    put_type(b, ret + 1);
    put(b, " ");
    put_n(b, name, nlen);
    put(b, "(");
    for (const char *d = desc + 1; d < ret;) {
        if (d != desc + 1)
            put(b, ",");
        d = put_type(b, d);
    }
    put(b, ")>");
}

/* Formats r: "KIND;TARGET;CALLER;LINE;;". */
static char *refl_line(const Refl *r) {
    Buf b = {NULL, 0, 0};
    char line[16] = "";
    put(&b, kinds[r->kind]);
    put(&b, ";");
    if (r->text != NULL)
        put(&b, r->text);
    else if (r->kind == R_CLASS_NEWINSTANCE)
        put_dots(&b, r->target->name, r->target->clen);
    else
        put_signature(&b, r->target);
    put(&b, ";");
    put_dots(&b, r->caller->name, r->caller->clen);
    put(&b, ".");
    put_n(&b, r->caller->name + r->caller->clen + 1, r->caller->nlen);
    if (r->line >= 0)
        snprintf(line, sizeof line, "%d", r->line);
    put(&b, ";");
    put(&b, line);
    put(&b, ";;");
    return b.s;
}

/* Writes the reflective entries: distinct lines (two call sites on one line
 * make one), sorted. Called with lock held. */
static void write_reflog(void) {
    char **lines = xcalloc(rlen + 1, sizeof *lines);
    size_t n = 0;
    for (size_t i = 0; i < rcap; i++)
        if (refls[i].caller != NULL)
            lines[n++] = refl_line(&refls[i]);
    qsort(lines, n, sizeof *lines, cmp_lines);
    FILE *f = fopen(reflog_path, "w");
    if (f == NULL)
        perror(reflog_path);
    for (size_t i = 0; f != NULL && i < n; i++)
        if (i == 0 || strcmp(lines[i], lines[i - 1]) != 0)
            fprintf(f, "%s\n", lines[i]);
    if (f != NULL)
        fclose(f);
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

/* Writes the receivers: "caller@bci -> callee on Class", sorted. Called
 * with lock held. */
static void write_recvs(void) {
    char **lines = xcalloc(vlen + 1, sizeof *lines);
    size_t n = 0;
    for (size_t i = 0; i < vcap; i++) {
        Recv *r = &recvs[i];
        if (r->caller == NULL)
            continue;
        size_t len = strlen(r->caller->name) + strlen(r->callee->name) + strlen(r->cls) + 40;
        lines[n] = xcalloc(len, 1);
        snprintf(lines[n], len, "%s@%d -> %s on %s", r->caller->name, (int)r->bci, r->callee->name, r->cls);
        n++;
    }
    qsort(lines, n, sizeof *lines, cmp_lines);
    FILE *f = fopen(recv_path, "w");
    if (f == NULL)
        perror(recv_path);
    for (size_t i = 0; f != NULL && i < n; i++)
        fprintf(f, "%s\n", lines[i]);
    if (f != NULL)
        fclose(f);
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

/* Writes the supertypes' lines, sorted. Called with lock held. */
static void write_types(void) {
    qsort(types, tylen, sizeof *types, cmp_lines);
    FILE *f = fopen(types_path, "w");
    if (f == NULL)
        perror(types_path);
    for (size_t i = 0; f != NULL && i < tylen; i++)
        fprintf(f, "%s\n", types[i]);
    if (f != NULL)
        fclose(f);
}

/* Writes the edges, sorted, the reflection log, the receivers and their
 * supertypes; stops recording. */
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
    if (reflog_path != NULL)
        write_reflog();
    if (recv_path != NULL)
        write_recvs();
    if (types_path != NULL)
        write_types();
    (*env)->RawMonitorExit(env, lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    /* Options: out=FILE,prefix=P[,prefix=P...][,reflog=FILE][,recv=FILE[,types=FILE]] */
    (void)reserved;
    char *opts = strdup(options != NULL ? options : ""), *save = NULL;
    for (char *o = strtok_r(opts, ",", &save); o != NULL; o = strtok_r(NULL, ",", &save)) {
        if (strncmp(o, "out=", 4) == 0)
            out_path = o + 4;
        else if (strncmp(o, "prefix=", 7) == 0) {
            if (nprefixes == MAX_PREFIXES) {
                fprintf(stderr, "calltrace: more than %d prefixes\n", MAX_PREFIXES);
                return JNI_ERR;
            }
            prefixes[nprefixes++] = o + 7;
        }
        else if (strncmp(o, "reflog=", 7) == 0)
            reflog_path = o + 7;
        else if (strncmp(o, "recv=", 5) == 0)
            recv_path = o + 5;
        else if (strncmp(o, "types=", 6) == 0)
            types_path = o + 6;
        else {
            fprintf(stderr, "calltrace: unknown option %s (want out=FILE,prefix=P,...,reflog=FILE,recv=FILE,types=FILE)\n", o);
            return JNI_ERR;
        }
    }
    if (out_path == NULL || nprefixes == 0) {
        fprintf(stderr, "calltrace: need out=FILE and at least one prefix=P\n");
        return JNI_ERR;
    }
    if (types_path != NULL && recv_path == NULL) {
        fprintf(stderr, "calltrace: types=FILE needs recv=FILE (the types are the receivers')\n");
        return JNI_ERR;
    }
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK)
        return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    if (reflog_path != NULL || recv_path != NULL) /* only then: without them nothing changes */
        caps.can_access_local_variables = 1;      /* GetLocalInstance */
    if (reflog_path != NULL)
        caps.can_get_line_numbers = 1;
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
    rcap = 1 << 8;
    refls = xcalloc(rcap, sizeof *refls);
    xcap = 1 << 8;
    misses = xcalloc(xcap, sizeof *misses);
    vcap = 1 << 12;
    recvs = xcalloc(vcap, sizeof *recvs);
    ncap = 1 << 10;
    names = xcalloc(ncap, sizeof *names);
    tcap = 1 << 10;
    typed = xcalloc(tcap, sizeof *typed);
    if ((*jvmti)->CreateRawMonitor(jvmti, "calltrace", &lock) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL) != JVMTI_ERROR_NONE ||
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    return JNI_OK;
}
