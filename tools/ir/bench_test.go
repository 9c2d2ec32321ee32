package ir

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// javaBaseJmod is the benchmark input; JAVA_BASE_JMOD overrides it.
var javaBaseJmod = func() string {
	if p := os.Getenv("JAVA_BASE_JMOD"); p != "" {
		return p
	}
	return "/usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod"
}()

// loadJmodClasses reads every class of a jmod into memory (not timed).
func loadJmodClasses(tb testing.TB, path string) [][]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("%s not available: %v", path, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data[4:]), int64(len(data)-4))
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, "classes/") || !strings.HasSuffix(f.Name, ".class") || strings.HasSuffix(f.Name, "module-info.class") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// BenchmarkJavaBaseIR parses every class of JDK 17's java.base and builds
// the IR of every method body, single-threaded: the work ASM's ClassReader
// plus Analyzer does in testing/bench/run-asm-bench.sh.
func BenchmarkJavaBaseIR(b *testing.B) {
	classes := loadJmodClasses(b, javaBaseJmod)
	b.ResetTimer()
	b.ReportAllocs()
	methods := 0
	for i := 0; i < b.N; i++ {
		methods = 0
		for _, data := range classes {
			c, err := classfile.Parse(data)
			if err != nil {
				b.Fatal(err)
			}
			for j := range c.Methods {
				if c.Methods[j].Code == nil {
					continue
				}
				if _, _, err := BuildMethod(c, j, nil); err != nil {
					b.Fatal(err)
				}
				methods++
			}
		}
	}
	b.ReportMetric(float64(len(classes)), "classes")
	b.ReportMetric(float64(methods), "methods")
}

// BenchmarkJavaBaseParse is the parse-only part of BenchmarkJavaBaseIR.
func BenchmarkJavaBaseParse(b *testing.B) {
	classes := loadJmodClasses(b, javaBaseJmod)
	b.ResetTimer()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, data := range classes {
			if _, err := classfile.Parse(data); err != nil {
				b.Fatal(err)
			}
		}
	}
}
