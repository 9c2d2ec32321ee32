package pointsto_test

import (
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// TestMethodHandles checks the method handle model on
// testing/corpus/pointsto's Handles: the receivers a handle's method
// gives the call after invoking it, the methods listed at the call of
// invokeExact, and what RTA reaches.
func TestMethodHandles(t *testing.T) {
	p, roots := loadCorpus(t)
	sound := pkg + "Handles$Creature.sound()Ljava/lang/String;"
	cases := []struct {
		method string
		want   []string
	}{
		{"Handles.constructed()Ljava/lang/String;", []string{"Handles$Foal"}},
		{"Handles.statics()Ljava/lang/String;", []string{"Handles$Joey"}},
		{"Handles.virtual()Ljava/lang/String;", []string{"Handles$Kit"}},
		{"Handles.spread()Ljava/lang/String;", []string{"Handles$Chick", "Handles$Cub"}},
		{"Handles.named(Ljava/lang/String;)Ljava/lang/String;", []string{"Handles$Joey"}},
		{"Handles.bound()Ljava/lang/String;", []string{"Handles$Wombat"}},
		{"Handles.collected()Ljava/lang/String;", []string{"Handles$Pika"}},
		{"Handles.adapted()Ljava/lang/String;", []string{"Handles$Quokka"}},
		{"Handles.fields()Ljava/lang/String;", []string{"Handles$Lamb"}},
		{"Handles.statics2()Ljava/lang/String;", []string{"Handles$Gosling"}},
		{"Handles.boundFields()Ljava/lang/String;", []string{"Handles$Calf"}},
		{"Handles.initialised()Ljava/lang/String;", []string{"Handles$Kid"}},
		{"Handles.updated()Ljava/lang/String;", []string{"Handles$Hare"}},
		{"Handles.varNamed()Ljava/lang/String;", []string{"Handles$Mole"}},
		{"Handles.varStatic()Ljava/lang/String;", []string{"Handles$Otter", "Handles$Stoat"}},
	}
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		for _, c := range cases {
			var w []string
			for _, n := range c.want {
				w = append(w, pkg+n)
			}
			got := receivers(t, g, c.method, sound)
			switch {
			case perClass && c.method == "Handles.spread()Ljava/lang/String;",
				c.method == "Handles.adapted()Ljava/lang/String;":
				// 0-CFA_f: the argument array is every Object[], whose
				// elements hold other animals too. The JDK's asType
				// returns its receiver: every handle it adapts, so the
				// handle spread() adapts gives dig its Chick.
				if !isSubset(w, got) {
					t.Errorf("%s %s: receivers %q, want %q among them", g.Analysis, c.method, got, w)
				}
			case !slices.Equal(got, w):
				t.Errorf("%s %s: receivers %q, want %q", g.Analysis, c.method, got, w)
			}
		}
		for _, m := range []string{"boxed", "varBoxed"} {
			if got := receivers(t, g, "Handles."+m+"()Ljava/lang/String;", "java/lang/Object.toString()Ljava/lang/String;"); !slices.Equal(got, []string{"java/lang/Integer"}) {
				t.Errorf("%s %s: receivers %q, want java/lang/Integer", g.Analysis, m, got)
			}
		}
		if got := receivers(t, g, "Handles.unboxable()Ljava/lang/String;", "java/lang/Object.toString()Ljava/lang/String;"); len(got) > 0 {
			t.Errorf("%s unboxable: receivers %q, want none (the JVM's conversion throws)", g.Analysis, got)
		}
		invoke := "java/lang/invoke/MethodHandle.invokeExact(L" + pkg + "Handles$Keeper;L" + pkg + "Handles$Creature;)L" + pkg + "Handles$Creature;"
		got := targets(g, pkg+"Handles.virtual()Ljava/lang/String;", invoke)
		if want := pkg + "Handles$Keeper.feed(L" + pkg + "Handles$Creature;)L" + pkg + "Handles$Creature;"; !slices.Contains(got, want) {
			t.Errorf("%s: invokeExact's targets %q, want %s among them", g.Analysis, got, want)
		}
		if tamer := pkg + "Handles$Tamer.feed(L" + pkg + "Handles$Creature;)L" + pkg + "Handles$Creature;"; slices.Contains(got, tamer) {
			t.Errorf("%s: invokeExact's targets %q include %s, whose receiver never reaches the call", g.Analysis, got, tamer)
		}
	}
	// RTA and CHA list the methods of the handles made at the calls of
	// invoke that may call them: those taking as many arguments.
	creature := "L" + pkg + "Handles$Creature;"
	invokeCases := []struct{ caller, ref, want, not string }{
		{"Handles.statics()Ljava/lang/String;", "java/lang/invoke/MethodHandle.invokeExact()" + creature,
			pkg + "Handles.joey()" + creature, pkg + "Handles$Keeper.feed(" + creature + ")" + creature},
		{"Handles.virtual()Ljava/lang/String;", "java/lang/invoke/MethodHandle.invokeExact(L" + pkg + "Handles$Keeper;" + creature + ")" + creature,
			pkg + "Handles$Tamer.feed(" + creature + ")" + creature, pkg + "Handles.joey()" + creature},
		{"Handles.constructed()Ljava/lang/String;", "java/lang/invoke/MethodHandle.invoke()" + creature,
			pkg + "Handles$Foal.<init>()V", ""},
	}
	for _, a := range []func(*link.Program, []*hierarchy.Method, rta.Options) (*callgraph.Graph, error){rta.Analyze, cha.CallGraph} {
		g, err := a(p, roots, rta.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range invokeCases {
			got := targets(g, pkg+c.caller, c.ref)
			if !slices.Contains(got, c.want) || c.not != "" && slices.Contains(got, c.not) {
				t.Errorf("%s: the call of %s in %s: targets %q, want %s among them, not %s", g.Analysis, c.ref, c.caller, got, c.want, c.not)
			}
		}
	}
	g, err := rta.Analyze(p, roots, rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"Handles.joey()L" + pkg + "Handles$Creature;", "Handles$Foal.<init>()V", "Handles$Zoo.<clinit>()V", "Handles$Warren.<clinit>()V", "Handles$Tamer.feed(L" + pkg + "Handles$Creature;)L" + pkg + "Handles$Creature;"} {
		if !reachedKey(g, pkg+k) {
			t.Errorf("RTA does not reach %s", k)
		}
	}
}
