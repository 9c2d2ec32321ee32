import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * ASM baseline for the IR-builder benchmark.
 *
 * <p>Loads every {@code classes/**.class} entry of a jmod (4-byte "JM\1\0" header followed by
 * a zip) into memory (timed separately, not part of the per-iteration figures), then per
 * iteration and single-threaded:
 * <ul>
 *   <li><b>full</b>: {@code ClassReader} -> {@code ClassNode} (flags 0: full parse including
 *       code and stack map frames) and, for every method with code, an
 *       {@code Analyzer<BasicValue>} run with a {@code BasicInterpreter} (operand stack /
 *       locals simulation computing the frame at every instruction);</li>
 *   <li><b>parse</b>: the same parse without the Analyzer.</li>
 * </ul>
 * module-info.class is parsed (it has no methods, so there is nothing to analyze) and counted
 * as module_info, not in classes.
 *
 * <p>Counters: methods = all methods; analyzed = methods with code; opcodes = real bytecode
 * instructions (untimed census); insn_nodes = ASM InsnList sizes (includes label, line number
 * and frame pseudo-nodes); frames = non-null Analyzer frames (reachable insn nodes).
 * peak_heap_mb is the sum of the heap pools' peak usage over the measured iterations (mostly
 * young-generation sizing chosen by the GC); live_retained_mb is the live heap of one complete
 * result (all ClassNodes + all Frame[] arrays) measured after a full GC.
 *
 * <p>usage: {@code java AsmBench <path/to/java.base.jmod> [warmup=5] [iterations=10]}
 *
 * <p>Output: one {@code asm-iter ...} line per iteration and phase, then
 * {@code asm-bench ...} summary and {@code asm-memory ...} lines (key=value, machine readable).
 */
public final class AsmBench {

    /** Per-pass counters; also defeats dead-code elimination. */
    static final class Stats {
        long classes;
        long modules;
        long methods;
        long analyzed;
        long insns;
        long frames;
        long analyzerExceptions;
        long parseErrors;
        String firstError;

        boolean sameShape(Stats o) {
            return classes == o.classes && modules == o.modules && methods == o.methods && analyzed == o.analyzed
                    && insns == o.insns && frames == o.frames;
        }
    }

    private AsmBench() {
    }

    static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        byte[] buf = new byte[64 * 1024];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** Returns the class file bytes of all classes/*.class entries, sorted by entry name. */
    static List<byte[]> loadJmod(Path jmod, List<String> namesOut) throws IOException {
        byte[] all = Files.readAllBytes(jmod);
        int offset = 0;
        if (all.length >= 4 && all[0] == 'J' && all[1] == 'M') {
            offset = 4; // "JM" major=1 minor=0 header, then a plain zip
        } else if (!(all.length >= 2 && all[0] == 'P' && all[1] == 'K')) {
            throw new IOException(jmod + ": neither a jmod (JM header) nor a zip/jar");
        }
        List<String> names = new ArrayList<>();
        List<byte[]> bytes = new ArrayList<>();
        try (ZipInputStream zin = new ZipInputStream(new ByteArrayInputStream(all, offset, all.length - offset))) {
            ZipEntry e;
            while ((e = zin.getNextEntry()) != null) {
                String name = e.getName();
                boolean inClasses = offset == 0 || name.startsWith("classes/");
                if (!e.isDirectory() && inClasses && name.endsWith(".class")) {
                    names.add(name);
                    bytes.add(readAll(zin));
                }
            }
        }
        // deterministic order independent of the zip layout
        Integer[] idx = new Integer[names.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> names.get(a).compareTo(names.get(b)));
        List<byte[]> sorted = new ArrayList<>(bytes.size());
        for (Integer i : idx) {
            namesOut.add(names.get(i));
            sorted.add(bytes.get(i));
        }
        return sorted;
    }

    /**
     * One pass over all classes. If {@code retain} is non-null, every ClassNode and every
     * method's Frame[] is kept reachable (to measure the live set of a full result).
     */
    static Stats pass(List<byte[]> classes, boolean analyze, List<Object> retain) {
        Stats s = new Stats();
        for (byte[] b : classes) {
            ClassNode cn = new ClassNode(Opcodes.ASM9);
            try {
                new ClassReader(b).accept(cn, 0);
            } catch (RuntimeException ex) { // e.g. unsupported class file version
                s.parseErrors++;
                if (s.firstError == null) {
                    s.firstError = ex.toString();
                }
                continue;
            }
            if ((cn.access & Opcodes.ACC_MODULE) != 0) {
                s.modules++; // module-info: parsed, has no methods
            } else {
                s.classes++;
            }
            if (retain != null) {
                retain.add(cn);
            }
            for (MethodNode mn : cn.methods) {
                s.methods++;
                int n = mn.instructions.size();
                if (n == 0) {
                    continue; // abstract or native
                }
                s.insns += n;
                if (!analyze) {
                    continue;
                }
                s.analyzed++;
                Analyzer<BasicValue> analyzer = new Analyzer<>(new BasicInterpreter());
                try {
                    Frame<BasicValue>[] frames = analyzer.analyze(cn.name, mn);
                    for (Frame<BasicValue> f : frames) {
                        if (f != null) {
                            s.frames++; // reachable instructions
                        }
                    }
                    if (retain != null) {
                        retain.add(frames);
                    }
                } catch (AnalyzerException ex) {
                    s.analyzerExceptions++;
                    if (s.firstError == null) {
                        s.firstError = cn.name + "." + mn.name + mn.desc + ": " + ex.getMessage();
                    }
                }
            }
        }
        return s;
    }

    /** Untimed census: number of real bytecode instructions (excluding ASM's label/line/frame nodes). */
    static long countOpcodes(List<byte[]> classes) {
        long n = 0;
        for (byte[] b : classes) {
            ClassNode cn = new ClassNode(Opcodes.ASM9);
            try {
                new ClassReader(b).accept(cn, ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
            } catch (RuntimeException ex) {
                continue;
            }
            for (MethodNode mn : cn.methods) {
                for (AbstractInsnNode insn : mn.instructions) {
                    if (insn.getOpcode() >= 0) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    static List<MemoryPoolMXBean> heapPools() {
        List<MemoryPoolMXBean> pools = new ArrayList<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                pools.add(p);
            }
        }
        return pools;
    }

    static void resetPeaks() {
        for (MemoryPoolMXBean p : heapPools()) {
            p.resetPeakUsage();
        }
    }

    /** Sum over heap pools of each pool's peak used bytes since the last reset. */
    static long peakHeapUsed() {
        long sum = 0;
        for (MemoryPoolMXBean p : heapPools()) {
            sum += p.getPeakUsage().getUsed();
        }
        return sum;
    }

    static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static void fullGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
    }

    static double mb(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    static double median(double[] xs) {
        double[] c = xs.clone();
        Arrays.sort(c);
        int n = c.length;
        return n == 0 ? Double.NaN : (n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2);
    }

    static double min(double[] xs) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : xs) {
            m = Math.min(m, x);
        }
        return m;
    }

    static double timeMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: java AsmBench <java.base.jmod> [warmup=5] [iterations=10]");
            System.exit(2);
        }
        Path jmod = Paths.get(args[0]);
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        if (warmup < 0 || iterations < 1) {
            throw new IllegalArgumentException("need warmup >= 0 and iterations >= 1");
        }

        long t0 = System.nanoTime();
        List<String> names = new ArrayList<>();
        List<byte[]> classes = loadJmod(jmod, names);
        double loadMs = timeMs(t0);
        long totalBytes = 0;
        int moduleInfos = 0;
        for (int i = 0; i < classes.size(); i++) {
            totalBytes += classes.get(i).length;
            if (names.get(i).endsWith("module-info.class")) {
                moduleInfos++;
            }
        }
        System.out.println("asm-load jmod=" + jmod + " entries=" + classes.size() + " module_info=" + moduleInfos
                + " bytes=" + totalBytes + " load_ms=" + f1(loadMs) + " java=" + System.getProperty("java.version")
                + " asm=" + ClassReader.class.getPackage().getImplementationVersion());

        long opcodes = countOpcodes(classes);

        Stats ref = null;
        for (int i = 1; i <= warmup; i++) {
            long t = System.nanoTime();
            Stats s = pass(classes, true, null);
            double full = timeMs(t);
            t = System.nanoTime();
            pass(classes, false, null);
            double parse = timeMs(t);
            System.out.println("asm-iter phase=warmup iter=" + i + " full_ms=" + f1(full) + " parse_ms=" + f1(parse));
            ref = s;
        }

        fullGc();
        long heapBefore = heapUsed();
        resetPeaks();
        double[] full = new double[iterations];
        double[] parse = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            long t = System.nanoTime();
            Stats s = pass(classes, true, null);
            full[i] = timeMs(t);
            t = System.nanoTime();
            Stats p = pass(classes, false, null);
            parse[i] = timeMs(t);
            if (ref != null && !s.sameShape(ref)) {
                throw new IllegalStateException("non-deterministic pass results");
            }
            ref = s;
            if (p.insns != s.insns) {
                throw new IllegalStateException("parse-only and full passes disagree");
            }
            System.out.println("asm-iter phase=measure iter=" + (i + 1) + " full_ms=" + f1(full[i])
                    + " parse_ms=" + f1(parse[i]) + " classes=" + s.classes + " analyzed=" + s.analyzed
                    + " frames=" + s.frames + " analyzer_exceptions=" + s.analyzerExceptions);
        }
        long peak = peakHeapUsed();
        fullGc();
        long heapAfter = heapUsed();

        // live set of one complete result: all ClassNodes + all Frame[] arrays reachable at once
        List<Object> retained = new ArrayList<>(200_000);
        pass(classes, true, retained);
        fullGc();
        long liveRetained = heapUsed() - heapAfter;
        int retainedObjects = retained.size();
        retained = null;

        Stats s = ref;
        System.out.println("asm-bench classes=" + s.classes + " module_info=" + s.modules
                + " methods=" + s.methods + " analyzed=" + s.analyzed + " opcodes=" + opcodes
                + " insn_nodes=" + s.insns + " frames=" + s.frames + " analyzer_exceptions=" + s.analyzerExceptions
                + " parse_errors=" + s.parseErrors
                + " iterations=" + iterations + " warmup=" + warmup
                + " best_ms=" + f1(min(full)) + " median_ms=" + f1(median(full))
                + " parse_only_best_ms=" + f1(min(parse)) + " parse_only_median_ms=" + f1(median(parse))
                + " analyze_only_median_ms=" + f1(median(full) - median(parse))
                + " load_ms=" + f1(loadMs)
                + " peak_heap_mb=" + f1(mb(peak))
                + " heap_used_mb_before=" + f1(mb(heapBefore))
                + " heap_used_mb_after=" + f1(mb(heapAfter))
                + " live_retained_mb=" + f1(mb(liveRetained)));
        System.out.println("asm-memory peak_heap_mb=" + f1(mb(peak))
                + " note=sum_of_per-pool_peaks_during_measured_iterations"
                + " live_retained_mb=" + f1(mb(liveRetained)) + " retained_objects=" + retainedObjects
                + " max_heap_mb=" + f1(mb(Runtime.getRuntime().maxMemory())));
        if (s.firstError != null) {
            System.out.println("asm-first-error " + s.firstError);
        }
    }
}
