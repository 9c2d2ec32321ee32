package pointsto

import "testing"

// Benchmarks of the set operations on the solver's hot paths: the word
// loops are written out (no closures, slices rather than word lookups)
// because the straightforward forms measured twice as slow.

func denseSet(lo, n int32, step uint32) *bitset {
	b := &bitset{}
	for i := int32(0); i < n; i++ {
		b.add(nil, uint32(lo)*64+uint32(i)*step)
	}
	return b
}

func BenchmarkSubsetDense(b *testing.B) {
	x, y := denseSet(10, 60000, 1), denseSet(5, 70000, 1)
	for b.Loop() {
		if !x.subsetOf(y) {
			b.Fatal()
		}
	}
}

func BenchmarkSum(b *testing.B) {
	x := denseSet(10, 60000, 1)
	for b.Loop() {
		x.sum()
	}
}
