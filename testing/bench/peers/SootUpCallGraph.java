import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import sootup.callgraph.CallGraph;
import sootup.callgraph.CallGraphAlgorithm;
import sootup.callgraph.ClassHierarchyAnalysisAlgorithm;
import sootup.callgraph.RapidTypeAnalysisAlgorithm;
import sootup.core.inputlocation.AnalysisInputLocation;
import sootup.core.model.SourceType;
import sootup.core.signatures.MethodSignature;
import sootup.java.bytecode.frontend.inputlocation.JavaClassPathAnalysisInputLocation;
import sootup.java.bytecode.frontend.inputlocation.JrtFileSystemAnalysisInputLocation;
import sootup.java.core.views.JavaView;

/**
 * The peer side of run-peer-bench.sh: a whole-program CHA or RTA call
 * graph of a program by SootUp 2.0.0 (Maven Central), from its main method,
 * with the running JDK's runtime image. The JDK is an application input:
 * as a library input SootUp does not look into its method bodies, and the
 * graph would stop at the program's calls into the JDK.
 *
 * <p>usage: java -cp SOOTUP_CLASSPATH:. SootUpCallGraph cha|rta MAIN_CLASS JAR[:JAR...]
 *
 * <p>Prints the reachable methods, the call edges and the time from the
 * view's creation to the graph (the view reads classes lazily, so this
 * includes reading those the analysis visits).
 */
public class SootUpCallGraph {
  public static void main(String[] args) {
    String algorithm = args[0], mainClass = args[1], classPath = args[2];
    long start = System.nanoTime();
    List<AnalysisInputLocation> inputs = new ArrayList<>();
    inputs.add(new JavaClassPathAnalysisInputLocation(classPath, SourceType.Application));
    inputs.add(new JrtFileSystemAnalysisInputLocation(SourceType.Application));
    JavaView view = new JavaView(inputs);
    MethodSignature main =
        view.getIdentifierFactory()
            .getMethodSignature(mainClass, "main", "void", List.of("java.lang.String[]"));
    CallGraphAlgorithm cg =
        algorithm.equals("cha")
            ? new ClassHierarchyAnalysisAlgorithm(view)
            : new RapidTypeAnalysisAlgorithm(view);
    CallGraph g = cg.initialize(List.of(main));
    long ms = (System.nanoTime() - start) / 1_000_000;
    System.out.printf(
        "sootup %s %s: %d reachable methods, %d call edges, %d ms in the analysis%n",
        algorithm, mainClass, g.getMethodSignatures().size(), g.callCount(), ms);
  }
}
