package classpath

import (
	"sync/atomic"
	"testing"
)

// benchReadAll opens path and reads every class with ForEach per iteration.
func benchReadAll(b *testing.B, path string, workers int) {
	requirePath(b, path)
	var n, total int64
	for b.Loop() {
		c, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		var bytes atomic.Int64
		err = ForEach(c, workers, func(e Entry, data []byte) error {
			bytes.Add(int64(len(data)))
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		n = int64(len(c.Entries()))
		total = bytes.Load()
		c.Close()
	}
	b.SetBytes(total)
	b.ReportMetric(float64(n), "classes")
}

// BenchmarkReadJDK17Image opens JDK 17's lib/modules and reads all classes.
func BenchmarkReadJDK17Image(b *testing.B) {
	b.Run("workers=1", func(b *testing.B) { benchReadAll(b, jdk17+"/lib/modules", 1) })
	b.Run("workers=GOMAXPROCS", func(b *testing.B) { benchReadAll(b, jdk17+"/lib/modules", 0) })
}

// BenchmarkReadJavaBaseJmod opens java.base.jmod and reads all classes.
func BenchmarkReadJavaBaseJmod(b *testing.B) {
	b.Run("workers=1", func(b *testing.B) { benchReadAll(b, jdk17Jmods+"/java.base.jmod", 1) })
	b.Run("workers=GOMAXPROCS", func(b *testing.B) { benchReadAll(b, jdk17Jmods+"/java.base.jmod", 0) })
}

// BenchmarkLookup measures Classpath.Lookup over the JDK image.
func BenchmarkLookup(b *testing.B) {
	requirePath(b, jdk17+"/lib/modules")
	cp, err := OpenAll([]string{jdk17}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer cp.Close()
	cp.Lookup("java/lang/Object")
	for b.Loop() {
		if _, _, ok := cp.Lookup("java/util/HashMap"); !ok {
			b.Fatal("not found")
		}
	}
}
