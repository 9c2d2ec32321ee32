package instrument

import (
	"archive/zip"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

// Sites returns the virtual and interface call sites of a linker result
// (only the polymorphic ones if polymorphic), by class, each once whatever
// the analyses that list it.
func Sites(res *report.Result, polymorphic bool) map[string][]Site {
	by := map[string][]Site{}
	for _, a := range res.Analyses {
		for _, m := range a.Methods {
			class, sel, ok := report.SplitKey(m.Method)
			if !ok {
				continue
			}
			paren := strings.IndexByte(sel, '(')
			for _, s := range m.Sites {
				if (polymorphic && !s.Polymorphic()) || (s.Kind != "virtual" && s.Kind != "interface") {
					continue
				}
				site := Site{Method: sel[:paren], Desc: sel[paren:], BCI: s.Site, Ref: s.Ref}
				if !slices.Contains(by[class], site) {
					by[class] = append(by[class], site)
				}
			}
		}
	}
	return by
}

// Release is the Java release whose classes Jars takes from multi-release
// jars (the linker's default -release).
const Release = 17

// LambdaClass is why a site of the IR's lambda classes (Host$$Lambda$I$S,
// the method a lambda or method reference becomes) is not instrumented:
// the JVM generates those classes while the program runs.
const LambdaClass = "a lambda class, which the JVM generates at run time"

// Stats counts what Jars did.
type Stats struct {
	Classes, Sites int
	Skipped        []string // sites not instrumented, with the reason
}

// Jars reads the class files of jars (in order: the first holding a class
// wins, as on a class path), instruments those with sites, and writes them
// to out as a jar to put before the originals on the class path, the
// sites numbered from 0 in the order of their classes' names. The jar is
// byte-deterministic: entries sorted, with a fixed time. A site's class
// found in no jar is skipped.
func Jars(jars []string, sites map[string][]Site, out io.Writer) (Stats, error) {
	var st Stats
	found := map[string][]byte{}
	for _, path := range jars {
		r, err := zip.OpenReader(path)
		if err != nil {
			return st, fmt.Errorf("%s: %v", path, err)
		}
		// A multi-release jar's class is the newest version up to Release,
		// as the linker reads it.
		version := map[string]int{}
		here := map[string]bool{}
		for _, f := range r.File {
			name, v := f.Name, 0
			if rest, ok := strings.CutPrefix(name, "META-INF/versions/"); ok {
				n, after, _ := strings.Cut(rest, "/")
				if v, err = strconv.Atoi(n); err != nil || v > Release || v < 9 {
					continue
				}
				name = after
			}
			class, ok := strings.CutSuffix(name, ".class")
			if !ok || sites[class] == nil || found[class] != nil && !here[class] || here[class] && version[class] >= v {
				continue
			}
			rc, err := f.Open()
			if err == nil {
				found[class], err = io.ReadAll(rc)
				rc.Close()
			}
			if err != nil {
				r.Close()
				return st, fmt.Errorf("%s: %s: %v", path, f.Name, err)
			}
			here[class], version[class] = true, v
		}
		r.Close()
	}
	var classes []string
	for c := range sites {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	zw := zip.NewWriter(out)
	for _, c := range classes {
		data := found[c]
		if data == nil {
			why := "class not in the jars"
			if strings.Contains(c, "$$Lambda$") {
				why = LambdaClass
			}
			for _, s := range sites[c] {
				st.Skipped = append(st.Skipped, fmt.Sprintf("%s.%s%s@%d: %s", c, s.Method, s.Desc, s.BCI, why))
			}
			continue
		}
		b, n, skipped, err := Class(c+".class", data, sites[c], st.Sites)
		if err != nil {
			return st, err
		}
		st.Skipped = append(st.Skipped, skipped...)
		if n == 0 {
			continue
		}
		st.Classes++
		st.Sites += n
		w, err := zw.CreateHeader(&zip.FileHeader{Name: c + ".class", Method: zip.Deflate, Modified: time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err == nil {
			_, err = w.Write(b)
		}
		if err != nil {
			return st, err
		}
	}
	return st, zw.Close()
}
