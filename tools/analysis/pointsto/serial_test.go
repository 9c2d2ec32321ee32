package pointsto_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const serialization = `package ser;
import java.io.*;
public class Main {
    static class Crate implements Serializable {
        private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException { in.defaultReadObject(); }
    }
    static final class Box extends Crate {
        Tag tag = new Tag("t");
        private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
    }
    static final class Tag implements Serializable {
        final String name;
        Tag(String name) { this.name = name; }
        private Object writeReplace() { return new TagForm(name); }
        String describe() { return name; }
    }
    static final class TagForm implements Serializable {
        final String name;
        TagForm(String name) { this.name = name; }
        private Object readResolve() { return new Tag(name); }
    }
    // Made, never serialized.
    static final class Kept implements Serializable {
        private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
    }

    public static void main(String[] args) throws Exception {
        System.out.println(new Kept());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) { o.writeObject(new Box()); }
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            Box b = (Box) i.readObject();
            System.out.println(b.tag.describe());
        }
    }
}
`

// TestSerialization checks the model of serialization's callbacks
// (serial.go, reach/serial.go): each serializable class's private
// writeObject and readObject run on the objects serialized, writeReplace
// and readResolve on the objects in their fields too, and the objects read
// back are those written, their fields holding what readResolve returned.
func TestSerialization(t *testing.T) {
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	out := compileSource(t, "javac", "17", serialization)
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	roots := p.MainMethods()
	const (
		crateWrite = "ser/Main$Crate.writeObject(Ljava/io/ObjectOutputStream;)V"
		crateRead  = "ser/Main$Crate.readObject(Ljava/io/ObjectInputStream;)V"
		boxWrite   = "ser/Main$Box.writeObject(Ljava/io/ObjectOutputStream;)V"
		replace    = "ser/Main$Tag.writeReplace()Ljava/lang/Object;"
		resolve    = "ser/Main$TagForm.readResolve()Ljava/lang/Object;"
		keptWrite  = "ser/Main$Kept.writeObject(Ljava/io/ObjectOutputStream;)V"
		describe   = "ser/Main$Tag.describe()Ljava/lang/String;"
		invokeW    = "java/io/ObjectStreamClass.invokeWriteObject(Ljava/lang/Object;Ljava/io/ObjectOutputStream;)V"
	)
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		for _, k := range []string{crateWrite, crateRead, boxWrite, replace, resolve} {
			if !reachedKey(g, k) {
				t.Errorf("%s: %s not reached", g.Analysis, k)
			}
		}
		if reachedKey(g, keptWrite) {
			t.Errorf("%s: %s reached, but no Kept is serialized", g.Analysis, keptWrite)
		}
		// The callbacks are the targets of invokeWriteObject's Method.invoke.
		got := targets(g, invokeW, "java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;")
		if !slices.Contains(got, boxWrite) || !slices.Contains(got, crateWrite) || slices.Contains(got, keptWrite) {
			t.Errorf("%s: invokeWriteObject's Method.invoke targets %q", g.Analysis, got)
		}
		// The Box read back holds the Tag readResolve made, not the TagForm.
		var recv []string
		for _, s := range g.Sites {
			if s.Caller.Key() == "ser/Main.main([Ljava/lang/String;)V" && s.Ref == describe {
				for _, c := range s.Receivers {
					recv = append(recv, c.Name)
				}
			}
		}
		if !slices.Equal(recv, []string{"ser/Main$Tag"}) {
			t.Errorf("%s: receivers of describe %q, want the Tag", g.Analysis, recv)
		}
		if !slices.ContainsFunc(g.Unmodelled, func(u callgraph.Unmodelled) bool { return strings.HasPrefix(u.Reason, "deserialization") }) {
			t.Errorf("%s: deserialization of unknown classes not reported unmodelled", g.Analysis)
		}
	}
	r, c := classGraphs(t, p, roots)
	// The class analyses call them on every instantiated (RTA) or
	// instantiable (CHA) serializable class: Kept's too.
	for _, g := range []*callgraph.Graph{r, c} {
		for _, k := range []string{crateWrite, crateRead, boxWrite, replace, resolve, keptWrite} {
			if !reachedKey(g, k) {
				t.Errorf("%s: %s not reached", g.Analysis, k)
			}
		}
	}
}
