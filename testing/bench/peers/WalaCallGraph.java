import com.ibm.wala.classLoader.Language;
import com.ibm.wala.types.ClassLoaderReference;
import java.io.File;
import java.util.jar.JarFile;
import com.ibm.wala.core.util.config.AnalysisScopeReader;
import com.ibm.wala.ipa.callgraph.AnalysisCacheImpl;
import com.ibm.wala.ipa.callgraph.AnalysisOptions;
import com.ibm.wala.ipa.callgraph.AnalysisOptions.ReflectionOptions;
import com.ibm.wala.ipa.callgraph.AnalysisScope;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.callgraph.CallGraphBuilder;
import com.ibm.wala.ipa.callgraph.Entrypoint;
import com.ibm.wala.ipa.callgraph.impl.Util;
import com.ibm.wala.ipa.cha.ClassHierarchyFactory;
import com.ibm.wala.ipa.cha.IClassHierarchy;

/**
 * The peer side of run-peer-bench.sh for the points-to analyses: a
 * whole-program call graph built on the fly by WALA 1.6.10 (Maven Central)
 * from a program's main method, with the running JDK's jmods as the
 * primordial scope and no exclusions. 0cfa is WALA's 0-CFA (one abstract
 * object per class, like 0-CFA_f); andersen its vanilla 0-1-CFA (one per
 * allocation site, context-insensitive, like AND_f). Reflection is off, as
 * in the linker without -reflection.
 *
 * <p>usage: java -cp WALA_CLASSPATH:. WalaCallGraph 0cfa|andersen MAIN_CLASS JAR[:JAR...]
 */
public class WalaCallGraph {
  public static void main(String[] args) throws Exception {
    String kind = args[0], mainClass = args[1], classPath = args[2];
    long start = System.nanoTime();
    // The jars are added one by one: makeJavaBinaryAnalysisScope follows a
    // manifest's Class-Path, and resolves Debian's absolute entries under the
    // jar's directory (/usr/share/java/usr/share/java/cup.jar).
    AnalysisScope scope = AnalysisScopeReader.instance.makePrimordialScope(null);
    for (String jar : classPath.split(File.pathSeparator)) {
      scope.addToScope(ClassLoaderReference.Application, new JarFile(jar));
    }
    IClassHierarchy cha = ClassHierarchyFactory.make(scope);
    Iterable<Entrypoint> roots = Util.makeMainEntrypoints(cha, "L" + mainClass.replace('.', '/'));
    AnalysisOptions options = new AnalysisOptions(scope, roots);
    options.setReflectionOptions(ReflectionOptions.NONE);
    CallGraphBuilder<?> builder =
        kind.equals("0cfa")
            ? Util.makeZeroCFABuilder(Language.JAVA, options, new AnalysisCacheImpl(), cha)
            : Util.makeVanillaZeroOneCFABuilder(Language.JAVA, options, new AnalysisCacheImpl(), cha);
    CallGraph g = builder.makeCallGraph(options, null);
    System.out.printf(
        "wala %s %s: %d reachable methods (call-graph nodes), %d ms in the analysis%n",
        kind, mainClass, g.getNumberOfNodes(), (System.nanoTime() - start) / 1_000_000);
  }
}
